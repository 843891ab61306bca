"""The tutor's panel: a move about to be played loses points; say why in a sentence or two
and offer Play anyway / Take it back / Show me the better move. It never blocks a legal move:
Play anyway plays it as it was. The table underneath stays visible (the held card too).
When the warning has a refutation, Show the line (W) plays it on the table and comes back
to the panel, its choices unchanged (the table's ``line_show``).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from diloti_desktop.ai.coach import TutorCheck
from diloti_desktop.i18n import _
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.audio import Sound
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.input import Action, InputEvent, KeyAction
from diloti_desktop.ui.kit.layout import Box, columns, screen_unit
from diloti_desktop.ui.kit.scene import Scene
from diloti_desktop.ui.kit.widgets import Button, ButtonList, draw_button
from diloti_desktop.ui.words.coach_words import tutor_paragraphs, tutor_title
from diloti_desktop.ui.words.line_words import show_line_label
from diloti_desktop.ui.words.wording import describe_move

#: What the panel's buttons do, in the order shown.
CHOICES = ("play", "back", "better")
#: The button that shows the refutation's line (the panel stays; not a choice).
LINE = "line"


class TutorScene(Scene):
    """The tutor's warning over the table."""

    opaque = False

    def __init__(self, ctx: AppContext, position: Position, move: Move, check: TutorCheck,
                 on_choice: Callable[[str], None]) -> None:
        super().__init__(ctx)
        self.position = position
        self.move = move
        self.check = check
        self.on_choice = on_choice
        self.list = ButtonList(vertical=False)
        self.list.focus = 1  # Take it back: the default a newcomer most likely wants

    def _frame(self) -> tuple[Box, int]:
        width, height = self.ctx.window.size()
        unit = screen_unit(width, height)
        size = max(13, round(unit * 0.025))
        w = min(width - 40, round(unit * 1.3))
        h = round(size * 13)
        if self.has_line():
            h += round(size * 2.3) + size // 2
        return Box((width - w) // 2, round(height * 0.3), w, h), size

    def has_line(self) -> bool:
        """Whether the warning comes with a line to show."""
        return self.check.refutation is not None

    @staticmethod
    def _line_row(box: Box, size: int) -> Box:
        """Where Show the line goes: a row above the choices."""
        row = TutorScene._button_row(box, size)
        return row.move(0, -row.h - size // 2)

    @staticmethod
    def _button_row(box: Box, size: int) -> Box:
        """Where the buttons go: a row along the panel's bottom."""
        row_h = round(size * 2.3)
        return Box(box.x + size, box.bottom - row_h - size, box.w - 2 * size, row_h)

    def buttons(self) -> list[Button]:
        """Play anyway / Take it back / Show me the better move."""
        box, size = self._frame()
        area = self._button_row(box, size)
        labels = (_("Play anyway"), _("Take it back"), _("Show me the better move"))
        buttons = [Button(key, label, cell, primary=key == "back")
                   for key, label, cell in zip(CHOICES, labels, columns(area, 3, size),
                                               strict=True)]
        if self.has_line():
            cell = columns(self._line_row(box, size), 3, size)[0]
            buttons.append(Button(LINE, show_line_label(), cell, hotkey="W"))
        return buttons

    def choose(self, key: str) -> None:
        """Close the panel and act."""
        self.ctx.play_sound(Sound.CLICK)
        self.ctx.scenes.pop(self)
        self.on_choice(key)

    def show_line(self) -> None:
        """Play the line on the table; the panel comes back after it."""
        if self.has_line():
            self.ctx.play_sound(Sound.CLICK)
            self.on_choice(LINE)

    def handle(self, event: InputEvent) -> None:
        """Buttons; Esc takes the move back; W shows the line."""
        self.list.set_buttons(self.buttons())
        if isinstance(event, KeyAction) and event.action == Action.CANCEL:
            self.choose("back")
            return
        if isinstance(event, KeyAction) and event.action == Action.SHOW_LINE:
            self.show_line()
            return
        key = self.list.handle(event)
        if key == LINE:
            self.show_line()
        elif key is not None:
            self.choose(key)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel."""
        box, size = self._frame()
        theme.panel(surface, box, 16, theme.ALERT, alpha=245, shadow=True)
        x = box.x + size
        y = box.y + size
        theme.blit_text(surface, tutor_title(self.check), round(size * 1.1), (x, y),
                        theme.ALERT, bold=True, anchor="topleft", max_width=box.w - 2 * size)
        y += round(size * 1.9)
        played = _("You are about to: {move}.").format(
            move=describe_move(self.move, self.position))
        paragraphs = [(text, False) for text in (played, *tutor_paragraphs(self.check,
                                                                           self.position))]
        buttons_top = (self._line_row(box, size) if self.has_line()
                       else self._button_row(box, size)).y
        lines, text_size = theme.fit_paragraphs(paragraphs, size, box.w - 2 * size,
                                                buttons_top - size // 2 - y)
        for _index, line in lines:
            theme.blit_text(surface, line, text_size, (x, y), theme.INK, anchor="topleft")
            y += theme.line_height(text_size)
        for index, button in enumerate(self.buttons()):
            draw_button(surface, button, max(12, size - 1), hovered=button.key == self.list.hover,
                        focused=index == self.list.focus)
