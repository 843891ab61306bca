"""Short explanations of the game's words where they appear (from :mod:`glossary`): over a
pile on the table, over a row of the round summary. Drawing only; the texts are chosen by
the pure functions here from the position or the row."""

from __future__ import annotations

import pygame

from diloti_desktop import glossary
from diloti_desktop.controller import seat_name
from diloti_desktop.i18n import _
from diloti_desktop.rules.position import Position
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.layout import Box

#: The glossary term behind each round-summary row (by row index of ``summary_rows``).
SUMMARY_TERMS = ("majority", "majority", "point cards", "point cards", "point cards", "xeri")


def pile_tip(position: Position, mask: int, viewer: int) -> str:
    """What a pile on the table is, and whose duty it is ("" for a loose card)."""
    pile = next((p for p in position.piles if p.cards == mask), None)
    if pile is None:
        return ""
    kind = glossary.definition("family" if pile.family else "plain pile")
    if pile.owner == viewer:
        duty = _("It is yours: keep a card of value {value} to take it, and until then you "
                 "may not lay a card or declare another pile.").format(value=pile.value)
    else:
        duty = _("Its owner, {owner}, must keep a card of value {value} to take it; anyone "
                 "holding a card of value {value} may take it first.").format(
                     owner=seat_name(pile.owner, position.players), value=pile.value)
    return _("{kind} {duty}").format(kind=kind, duty=duty)


def summary_tip(row: int, xeristaki_row: bool) -> str:
    """The explanation of a round-summary row ("" for the totals)."""
    if xeristaki_row:
        return glossary.definition("xeristaki")
    if row < len(SUMMARY_TERMS):
        return glossary.definition(SUMMARY_TERMS[row])
    return ""


def draw_tip(surface: pygame.Surface, text: str, near: Box, size: int) -> None:
    """A small panel with ``text``, below ``near`` (above it when there is no room)."""
    width = min(surface.get_width() - 2 * size, size * 30)
    lines = theme.wrap(text, size, width - 2 * size)
    line_h = theme.line_height(size)
    h = len(lines) * line_h + size
    w = max(theme.text(line, size).get_width() for line in lines) + 2 * size
    x = min(max(size, near.centerx - w // 2), surface.get_width() - w - size)
    y = near.bottom + size // 2
    if y + h > surface.get_height() - size:
        y = max(size, near.y - h - size // 2)
    box = Box(x, y, w, h)
    theme.drop_shadow(surface, box, 8, offset=3, alpha=90)
    theme.rounded(surface, box, theme.BAR, 8, alpha=245)
    pygame.draw.rect(surface, theme.GOLD_DARK, pygame.Rect(box), width=1, border_radius=8)
    for index, line in enumerate(lines):
        theme.blit_text(surface, line, size, (x + size, y + size // 2 + index * line_h),
                        theme.INK)
