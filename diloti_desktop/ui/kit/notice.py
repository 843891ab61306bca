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
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.confirm import QuestionScene
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.layout import Box, screen_unit


def save_warning_text(problem: str) -> str:
    """The banner's words for a failed save (``problem`` already names the folder)."""
    return _("{problem} Your game goes on, but it will be lost if you quit before a save "
             "works again.").format(problem=problem)


def draw_save_warning(surface: pygame.Surface, ctx: AppContext, area: Box) -> Box | None:
    """Draw the banner at the top of ``area`` if the last save failed; return its box."""
    problem = ctx.save_problem
    if problem is None:
        return None
    size = max(12, round(screen_unit(area.w, area.h) * 0.045))
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


class UnsavedGameScene(QuestionScene):
    """The match could not be saved: try again, leave anyway, or go back to it."""

    edge = theme.ALERT
    title_colour = theme.ALERT
    vertical = True

    def __init__(self, ctx: AppContext, leave: Callable[[], None], quitting: bool) -> None:
        leave_label = _("Quit without saving") if quitting else _("Leave without saving")
        super().__init__(ctx, _("Your game is not saved"), "",
                         [("retry", _("Try to save again")), ("back", _("Back to the game")),
                          ("leave", leave_label)])
        self.leave = leave
        self.quitting = quitting

    def text(self) -> str:
        """The reason, which names the folder (it may change while the question shows)."""
        return _("{problem} If you leave now, everything played since the last successful "
                 "save is lost.").format(problem=self.ctx.save_problem or "")

    def answer(self, key: str) -> None:
        """Back closes; leave, or a retry that saves, closes and leaves."""
        if key == "back":
            self.ctx.scenes.pop(self)
        elif key == "leave" or (key == "retry" and self.ctx.save_session()):
            self.ctx.scenes.pop(self)
            self.leave()
