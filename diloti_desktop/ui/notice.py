"""When the game cannot be saved: a warning that stays on the table, and a question on leaving.

Every move is saved (:meth:`AppContext.save_session`). When a save fails, the context keeps
the reason (:attr:`AppContext.save_problem`, which names the folder), and:

- :func:`draw_save_warning` paints a banner along the top of the table for as long as
  saves fail. It takes no input: the game goes on under it, and it disappears as soon as a
  save works again (the player freed some space or fixed the folder's permissions).
- :func:`leave_safely` stands in front of every way out of a game (closing the window,
  Quit, Main menu): it saves, and if the match would be lost it asks first
  (:class:`UnsavedGameScene`: try again, leave anyway, or go back to the game).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from diloti_desktop.i18n import _
from diloti_desktop.ui import theme
from diloti_desktop.ui.context import AppContext
from diloti_desktop.ui.input import Action, InputEvent, KeyAction
from diloti_desktop.ui.layout import Box, panel
from diloti_desktop.ui.scene import Scene
from diloti_desktop.ui.widgets import Button, ButtonList, draw_button


def save_warning_text(problem: str) -> str:
    """The banner's words for a failed save (``problem`` already names the folder)."""
    return _("{problem} Your game goes on, but it will be lost if you quit before a save "
             "works again.").format(problem=problem)


def draw_save_warning(surface: pygame.Surface, ctx: AppContext, area: Box) -> Box | None:
    """Draw the banner at the top of ``area`` if the last save failed; return its box."""
    problem = ctx.save_problem
    if problem is None:
        return None
    size = max(12, round(min(area.h, area.w * 9 / 16) * 0.045))
    pad = size // 2
    width = min(area.w - 2 * pad, size * 60)
    lines = theme.wrap(save_warning_text(problem), size, width - 3 * size)
    line_h = theme.line_height(size)
    box = Box(area.centerx - width // 2, area.y + pad, width, len(lines) * line_h + 2 * pad)
    theme.rounded(surface, box, theme.ALERT_BG, 10, alpha=235)
    pygame.draw.rect(surface, theme.ALERT, pygame.Rect(box), width=2, border_radius=10)
    theme.badge(surface, (box.x + round(size * 1.1), box.y + pad + line_h // 2),
                round(size * 0.6), theme.ALERT, "!")
    y = box.y + pad
    for line in lines:
        theme.blit_text(surface, line, size, (box.x + 2 * size, y), theme.INK)
        y += line_h
    return box


def leave_safely(ctx: AppContext, leave: Callable[[], None], quitting: bool) -> None:
    """Save the match and ``leave``; if the save fails, ask before the match is lost.

    Asked again while the question is showing (the window's close button pressed twice),
    the player insists: leave.
    """
    if isinstance(ctx.scenes.top, UnsavedGameScene) or ctx.save_session() or (
            not ctx.game_at_risk()):
        leave()
        return
    ctx.scenes.push(UnsavedGameScene(ctx, leave, quitting))


class UnsavedGameScene(Scene):
    """The match could not be saved: try again, leave anyway, or go back to it."""

    opaque = False

    def __init__(self, ctx: AppContext, leave: Callable[[], None], quitting: bool) -> None:
        super().__init__(ctx)
        self.leave = leave
        self.quitting = quitting
        self.list = ButtonList()
        self.list.focus = 0

    def _frame(self) -> tuple[Box, int, list[str]]:
        width, height = self.ctx.window.size()
        unit = round(min(height, width * 9 / 16))
        size = max(13, round(unit * 0.026))
        box = panel(width, height, 0.62, 0.0, max_w=round(unit * 1.2))
        body = _("{problem} If you leave now, everything played since the last successful "
                 "save is lost.").format(problem=self.ctx.save_problem or "")
        lines = theme.wrap(body, size, box.w - 3 * size)
        row_h = round(size * 2.3)
        h = round(size * 4.5) + len(lines) * theme.line_height(size) + 3 * (row_h + 8) + size
        return Box(box.x, (height - h) // 2, box.w, h), size, lines

    def _buttons(self) -> list[Button]:
        box, size, _lines = self._frame()
        row_h = round(size * 2.3)
        leave = _("Quit without saving") if self.quitting else _("Leave without saving")
        labels = [("retry", _("Try to save again"), True), ("back", _("Back to the game"), False),
                  ("leave", leave, False)]
        y = box.bottom - size - 3 * (row_h + 8)
        width = round(box.w * 0.6)
        return [Button(key, label, Box(box.centerx - width // 2, y + i * (row_h + 8), width,
                                       row_h), primary=primary)
                for i, (key, label, primary) in enumerate(labels)]

    def handle(self, event: InputEvent) -> None:
        """Buttons; Esc goes back to the game."""
        self.list.set_buttons(self._buttons())
        if isinstance(event, KeyAction) and event.action == Action.CANCEL:
            self.ctx.scenes.pop(self)
            return
        key = self.list.handle(event)
        if key == "back":
            self.ctx.scenes.pop(self)
        elif key == "leave" or (key == "retry" and self.ctx.save_session()):
            self.ctx.scenes.pop(self)
            self.leave()

    def draw(self, surface: pygame.Surface) -> None:
        """The question over the shaded game."""
        theme.shade(surface, 140)
        box, size, lines = self._frame()
        theme.panel(surface, box, 16, theme.ALERT, shadow=True)
        theme.blit_text(surface, _("Your game is not saved"), round(size * 1.3),
                        (box.centerx, box.y + size), theme.ALERT, bold=True, anchor="midtop")
        y = box.y + round(size * 3.2)
        for line in lines:
            theme.blit_text(surface, line, size, (box.centerx, y), theme.INK, anchor="midtop")
            y += theme.line_height(size)
        for index, button in enumerate(self._buttons()):
            draw_button(surface, button, size, hovered=button.key == self.list.hover,
                        focused=index == self.list.focus)
