"""Questions before something that cannot be undone.

:class:`QuestionScene` is the one dialog: a title, a message and its answers over the
shaded screen. The first answer is the safe one: it has the keyboard focus, so Enter (or
Esc) never destroys anything by accident; a destructive answer needs a click or a
deliberate move of the focus. :class:`ConfirmScene` asks yes or no; the unsaved-game
question (:mod:`diloti_desktop.ui.kit.notice`) offers three answers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.input import InputEvent
from diloti_desktop.ui.kit.layout import Box, panel, screen_unit
from diloti_desktop.ui.kit.scene import Scene
from diloti_desktop.ui.kit.widgets import Button, ButtonList, draw_button

#: An answer: its key and its label.
Answer = tuple[str, str]


class QuestionScene(Scene):
    """A title, a message and answer buttons (the first one safe and focused); Esc
    closes the question, as the safe answer does."""

    opaque = False
    #: The panel's edge and the title's colour (an alarm is red, a question gold).
    edge: theme.Colour = theme.GOLD_DARK
    title_colour: theme.Colour = theme.GOLD
    #: Answers side by side (two short ones) or stacked (longer ones).
    vertical = False

    def __init__(self, ctx: AppContext, title: str, message: str,
                 answers: Sequence[Answer]) -> None:
        super().__init__(ctx)
        self.title = title
        self.message = message
        self.answers = list(answers)
        self.list = ButtonList(vertical=self.vertical)
        self.list.focus = 0  # the safe answer

    def text(self) -> str:
        """The message (a subclass may word it from the current state)."""
        return self.message

    def _metrics(self) -> tuple[Box, int, list[str]]:
        width, height = self.ctx.window.size()
        unit = screen_unit(width, height)
        size = max(13, round(unit * 0.026))
        box = panel(width, height, 0.6, 0.0, max_w=round(unit * 1.1))
        lines = theme.wrap(self.text(), size, box.w - 4 * size)
        # Margin and title, the message, a gap, the answers, a margin.
        h = (round(size * 3.2) + len(lines) * theme.line_height(size) + size
             + self._answers_height(size) + size)
        return Box(box.x, (height - h) // 2, box.w, h), size, lines

    def _answers_height(self, size: int) -> int:
        row_h = round(size * 2.4)
        if not self.vertical:
            return row_h
        return len(self.answers) * row_h + (len(self.answers) - 1) * (size // 2)

    def buttons(self) -> list[Button]:
        """The answers, the safe one first."""
        box, size, _lines = self._metrics()
        row_h = round(size * 2.4)
        top = box.bottom - size - self._answers_height(size)
        buttons = []
        if self.vertical:
            w = round(box.w * 0.6)
            for index, (key, label) in enumerate(self.answers):
                buttons.append(Button(key, label, Box(box.centerx - w // 2,
                                                      top + index * (row_h + size // 2), w,
                                                      row_h), primary=index == 0))
        else:
            count = len(self.answers)
            w = min(round(box.w * 0.84 / count), round(size * 16))
            x = box.centerx - (count * w + (count - 1) * size) // 2
            for index, (key, label) in enumerate(self.answers):
                buttons.append(Button(key, label, Box(x + index * (w + size), top, w, row_h),
                                      primary=index == 0, hotkey="Esc" if index == 0 else ""))
        return buttons

    def answer(self, key: str) -> None:
        """What an answer does: close the question (a subclass acts on it too)."""
        self.ctx.scenes.pop(self)

    def handle(self, event: InputEvent) -> None:
        """Esc closes; the buttons answer."""
        key = self.pressed(event, self.list, self.buttons())
        if key is not None:
            self.answer(key)

    def draw(self, surface: pygame.Surface) -> None:
        """The question over a shaded screen."""
        theme.shade(surface, 150)
        box, size, lines = self._metrics()
        theme.panel(surface, box, 16, self.edge, shadow=True)
        theme.blit_text(surface, self.title, round(size * 1.3), (box.centerx, box.y + size),
                        self.title_colour, bold=True, anchor="midtop",
                        max_width=box.w - 2 * size)
        y = box.y + round(size * 3.2)
        for line in lines:
            theme.blit_text(surface, line, size, (box.centerx, y), theme.INK, anchor="midtop")
            y += theme.line_height(size)
        for index, button in enumerate(self.buttons()):
            draw_button(surface, button, size, hovered=button.key == self.list.hover,
                        focused=index == self.list.focus)


class ConfirmScene(QuestionScene):
    """``message`` with a safe button (focused) and a button that goes ahead."""

    def __init__(self, ctx: AppContext, title: str, message: str, proceed_label: str,
                 keep_label: str, on_proceed: Callable[[], None]) -> None:
        super().__init__(ctx, title, message, [("keep", keep_label),
                                               ("proceed", proceed_label)])
        self.on_proceed = on_proceed

    def answer(self, key: str) -> None:
        """Keep closes; proceed closes and goes ahead."""
        super().answer(key)
        if key == "proceed":
            self.on_proceed()
