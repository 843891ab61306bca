"""Dialogs over the table: the move chooser (also the list of legal moves), the pause menu."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

import pygame

from diloti_desktop.i18n import _
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.audio import Sound
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.input import Action, Click, InputEvent, KeyAction, PointerMove, Scroll
from diloti_desktop.ui.kit.layout import Box, panel, screen_unit, stack
from diloti_desktop.ui.kit.scene import Scene
from diloti_desktop.ui.kit.widgets import Button, ButtonList, draw_button

T = TypeVar("T")


class ChooserScene(Scene, Generic[T]):
    """A list of options in plain words; the player picks one or cancels. Never guesses.

    Scrolls when the options do not fit (the list of every legal move can be long); each
    option keeps its number while the list scrolls. ``tags`` (one short word per option)
    are shown at the right of the rows; the ``marked`` option is outlined and tagged with
    ``marked_tag``. Keys: Up/Down (or Tab) and Enter, 1-9 for options 1 to 9, Esc to cancel.
    """

    opaque = False

    def __init__(self, ctx: AppContext, title: str, options: Sequence[tuple[str, T]],
                 on_choose: Callable[[T], None],
                 on_cancel: Callable[[], None] | None = None, *,
                 tags: Sequence[str] = (), marked: int | None = None,
                 marked_tag: str = "", below: Callable[[], int] | None = None) -> None:
        super().__init__(ctx)
        #: Where the panel may start (the y under the opponents' hands and names, from
        #: the table's layout for the window's size), or anywhere when None.
        self.below = below
        self.title = title
        self.options = list(options)
        self.tags = list(tags)
        self.marked = marked
        self.marked_tag = marked_tag
        self.on_choose = on_choose
        self.on_cancel = on_cancel
        self.focus = 0
        self.hover: int | None = None
        self.first = 0  # the first option shown (scrolling)

    # geometry
    def _frame(self) -> tuple[Box, int, int, int]:
        width, height = self.ctx.window.size()
        unit = screen_unit(width, height)
        size = max(13, round(unit * 0.024))
        row_h = round(size * 2.3)
        box = panel(width, height, 0.62, 0.0, max_w=round(unit * 1.2))
        top = 0 if self.below is None else self.below()
        room = height - top
        visible = max(1, min(len(self.options),
                             (room - (8 if self.below is None else 5) * row_h) // (row_h + 6)))
        h = row_h * 3 + visible * (row_h + 6) + row_h
        box = Box(box.x, top + max(0, (room - h) // 2), box.w, h)
        return box, size, row_h, visible

    def option_boxes(self) -> list[tuple[int, Box]]:
        """The visible options' indices and boxes."""
        box, _size, row_h, visible = self._frame()
        area = Box(box.x + row_h // 2, box.y + round(row_h * 1.6), box.w - row_h,
                   visible * (row_h + 6))
        rows = stack(area, visible, row_h, 6)
        return [(self.first + i, rows[i]) for i in range(visible)
                if self.first + i < len(self.options)]

    def cancel_box(self) -> Box:
        """The Cancel button."""
        box, _size, row_h, _visible = self._frame()
        w = round(row_h * 4)
        return Box(box.centerx - w // 2, box.bottom - round(row_h * 1.25), w, row_h)

    def _visible_count(self) -> int:
        return self._frame()[3]

    def _scroll_to_focus(self) -> None:
        visible = self._visible_count()
        if self.focus < self.first:
            self.first = self.focus
        elif self.focus >= self.first + visible:
            self.first = self.focus - visible + 1

    # input
    def choose(self, index: int) -> None:
        """Pick option ``index`` (closes the dialog first)."""
        if 0 <= index < len(self.options):
            self.ctx.play_sound(Sound.CLICK)
            self.ctx.scenes.pop(self)
            self.on_choose(self.options[index][1])

    def cancel(self) -> None:
        """Close without choosing."""
        self.ctx.scenes.pop(self)
        if self.on_cancel is not None:
            self.on_cancel()

    def handle(self, event: InputEvent) -> None:
        """Pointer and keys."""
        if isinstance(event, PointerMove):
            self.hover = next((i for i, b in self.option_boxes() if b.contains(event.pos)), None)
        elif isinstance(event, Click):
            for index, box in self.option_boxes():
                if box.contains(event.pos):
                    self.choose(index)
                    return
            if self.cancel_box().contains(event.pos):
                self.cancel()
        elif isinstance(event, Scroll):
            limit = max(0, len(self.options) - self._visible_count())
            self.first = min(limit, max(0, self.first - event.dy))
        elif isinstance(event, KeyAction):
            self._key(event)

    def _key(self, event: KeyAction) -> None:
        action = event.action
        count = len(self.options)
        if action == Action.CANCEL:
            self.cancel()
        elif action in (Action.DOWN, Action.NEXT, Action.RIGHT):
            self.focus = (self.focus + 1) % count
        elif action in (Action.UP, Action.PREVIOUS, Action.LEFT):
            self.focus = (self.focus - 1) % count
        elif action == Action.PAGE_DOWN:
            self.focus = min(count - 1, self.focus + self._visible_count())
        elif action == Action.PAGE_UP:
            self.focus = max(0, self.focus - self._visible_count())
        elif action == Action.HOME:
            self.focus = 0
        elif action == Action.END:
            self.focus = count - 1
        elif action in (Action.CONFIRM, Action.TOGGLE):
            self.choose(self.focus)
            return
        elif action == Action.DIGIT:
            self.choose(event.digit - 1)
            return
        self._scroll_to_focus()

    def range_note(self) -> str:
        """Which options are shown when they do not all fit ("" when they do)."""
        count = len(self.options)
        shown = self.option_boxes()
        if not shown or count <= len(shown):
            return ""
        first, last = shown[0][0] + 1, shown[-1][0] + 1
        if last < count:
            return _("{first}–{last} of {count} · scroll for more").format(
                first=first, last=last, count=count)
        return _("{first}–{last} of {count}").format(first=first, last=last, count=count)

    # drawing
    def _draw_option(self, surface: pygame.Surface, index: int, option_box: Box, size: int,
                     row_h: int) -> None:
        label, _value = self.options[index]
        focused = index == self.focus
        hovered = index == self.hover
        marked = index == self.marked
        fill = theme.BUTTON_HOVER if hovered or focused else theme.BUTTON
        pygame.draw.rect(surface, fill, pygame.Rect(option_box), border_radius=8)
        edge = theme.FOCUS if focused else theme.HINT if marked else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, pygame.Rect(option_box),
                         width=2 if focused or marked else 1, border_radius=8)
        if index < 9:  # the digit keys reach the first nine; the rest show their number
            theme.badge(surface, (option_box.x + row_h // 2, option_box.centery),
                        round(row_h * 0.3), theme.GOLD, str(index + 1))
        else:
            theme.blit_text(surface, str(index + 1), theme.smaller(size, 4),
                            (option_box.x + row_h // 2, option_box.centery), theme.INK_DIM,
                            bold=True, anchor="center")
        tag = self.marked_tag if marked else self.tags[index] if index < len(self.tags) else ""
        tag_w = 0
        if tag:
            tag_size = theme.smaller(size, 3)
            tag_w = theme.text(tag, tag_size, bold=marked).get_width() + row_h // 2
            theme.blit_text(surface, tag, tag_size,
                            (option_box.right - row_h // 3, option_box.centery),
                            theme.HINT if marked else theme.INK_DIM, bold=marked,
                            anchor="midright")
        theme.blit_text(surface, label, size, (option_box.x + row_h, option_box.centery),
                        theme.INK, anchor="midleft",
                        max_width=option_box.w - row_h - 8 - tag_w)

    def draw(self, surface: pygame.Surface) -> None:
        """The dialog over a shaded table."""
        theme.shade(surface, 120)
        box, size, row_h, _visible = self._frame()
        theme.panel(surface, box, 16, theme.PANEL_EDGE, shadow=True)
        theme.blit_text(surface, self.title, round(size * 1.1), (box.centerx, box.y + row_h // 2),
                        theme.INK, bold=True, anchor="midtop", max_width=box.w - row_h)
        for index, option_box in self.option_boxes():
            self._draw_option(surface, index, option_box, size, row_h)
        note = self.range_note()
        if note:
            theme.blit_text(surface, note, theme.smaller(size, 3),
                            (box.right - row_h // 2, box.bottom - round(row_h * 0.75)),
                            theme.INK_DIM, anchor="midright")
        cancel = Button("cancel", _("Cancel"), self.cancel_box(), hotkey="Esc")
        draw_button(surface, cancel, size, hovered=False)


class PauseScene(Scene):
    """The menu over a game: resume, rules, settings, back to the main menu, quit."""

    opaque = False

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.list = ButtonList()

    def _buttons(self) -> list[Button]:
        width, height = self.ctx.window.size()
        unit = screen_unit(width, height)
        row_h = round(unit * 0.065)
        area = panel(width, height, 0.4, 0.6, max_w=round(unit * 0.6))
        labels = [("resume", _("Resume"), True), ("scores", _("Score sheet"), False),
                  ("rules", _("How to play"), False),
                  ("settings", _("Settings"), False),
                  ("menu", _("Main menu (the game is not saved)") if self.ctx.game_at_risk()
                   else _("Main menu (the game is saved)"), False),
                  ("quit", _("Quit"), False)]
        boxes = stack(area.inflate(-row_h, -row_h * 2).move(0, row_h // 2), len(labels), row_h,
                      row_h // 4)
        return [Button(key, label, box, primary=primary)
                for (key, label, primary), box in zip(labels, boxes, strict=True)]

    def handle(self, event: InputEvent) -> None:
        """Buttons and Esc (resume)."""
        key = self.pressed(event, self.list, self._buttons())
        if key is None:
            return
        if key == "resume":
            self.ctx.scenes.pop(self)
        elif key == "scores" and self.ctx.session is not None:
            self.ctx.nav.table.open_score_sheet(self.ctx.session)
        elif key == "rules":
            self.ctx.nav.learn.open_rules()
        elif key == "settings":
            self.ctx.nav.menus.open_settings()
        elif key == "menu":
            self.ctx.nav.match.main_menu()
        elif key == "quit":
            self.ctx.window.request_quit()

    def draw(self, surface: pygame.Surface) -> None:
        """The menu over a shaded table."""
        theme.shade(surface, 140)
        width, height = surface.get_size()
        unit = screen_unit(width, height)
        area = panel(width, height, 0.4, 0.6, max_w=round(unit * 0.6))
        theme.rounded(surface, area, theme.PANEL, 16)
        pygame.draw.rect(surface, theme.PANEL_EDGE, pygame.Rect(area), width=2, border_radius=16)
        size = max(13, round(unit * 0.026))
        theme.blit_text(surface, _("Paused"), round(size * 1.3), (area.centerx, area.y + size),
                        theme.INK, bold=True, anchor="midtop")
        for index, button in enumerate(self._buttons()):
            draw_button(surface, button, size, hovered=button.key == self.list.hover,
                        focused=index == self.list.focus)
