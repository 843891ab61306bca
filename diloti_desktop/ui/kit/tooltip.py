"""Short explanations of the game's words where they appear (from :mod:`glossary`): over a
pile on the table, over a row of the round summary. Drawing only; the texts are chosen by
the pure functions here from the position or the row."""

from __future__ import annotations

from collections.abc import Sequence

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


#: How much worse covering a box that must stay visible is than covering one pixel of
#: something the player merely sees.
_MUST = 1000
#: The panel's widths to try, in font sizes: the usual one first, then a lower and wider
#: panel (to fit between the table cards and the hand), then a narrow one for a side.
_WIDTHS = (30, 42, 54, 20)


def tip_shape(text: str, size: int, width: int) -> tuple[list[str], int, int]:
    """The lines of ``text`` in a panel at most ``width`` wide, and its width and height."""
    lines = theme.wrap(text, size, width - 2 * size)
    h = len(lines) * theme.line_height(size) + size
    w = max(theme.text(line, size).get_width() for line in lines) + 2 * size
    return lines, w, h


def place_tip(bounds: Box, shapes: Sequence[tuple[int, int]], near: Box, gap: int,
              keep_clear: Sequence[Box] = (), spare: Sequence[Box] = ()) -> tuple[int, Box]:
    """Which of the panel ``shapes`` (width, height; in order of preference) goes where,
    inside ``bounds``, to explain ``near``: below it, above it or beside it, whichever
    covers least. ``near`` itself and ``keep_clear`` (the cards the player is asked to use)
    count a thousand times more than ``spare`` (what is merely seen); among equals the
    first shape and place win, so the usual panel goes below when nothing is there."""
    def clamp(w: int, h: int, x: int, y: int) -> Box:
        x = min(max(bounds.x, x), bounds.right - w)
        y = min(max(bounds.y, y), bounds.bottom - h)
        return Box(x, y, w, h)

    must = [near, *keep_clear]

    def cost(box: Box) -> int:
        return (_MUST * sum(box.overlap_area(b) for b in must)
                + sum(box.overlap_area(b) for b in spare))

    places: list[tuple[int, Box]] = []
    for index, (w, h) in enumerate(shapes):
        xs = (near.centerx - w // 2, near.x, near.right - w)
        ys = (near.centery - h // 2, near.y, near.bottom - h)
        places += [(index, clamp(w, h, x, near.bottom + gap)) for x in xs]
        places += [(index, clamp(w, h, x, near.y - h - gap)) for x in xs]
        places += [(index, clamp(w, h, near.right + gap, y)) for y in ys]
        places += [(index, clamp(w, h, near.x - w - gap, y)) for y in ys]
    return min(places, key=lambda place: cost(place[1]))  # min keeps the first of equals


def draw_tip(surface: pygame.Surface, text: str, near: Box, size: int,
             keep_clear: Sequence[Box] = (), spare: Sequence[Box] = ()) -> Box:
    """A small panel with ``text`` beside ``near`` (below it when there is room), clear of
    ``keep_clear`` where it can be; returns where it went."""
    room = surface.get_width() - 2 * size
    shapes = [tip_shape(text, size, min(room, size * width)) for width in _WIDTHS]
    bounds = Box(size, size, surface.get_width() - 2 * size, surface.get_height() - 2 * size)
    index, box = place_tip(bounds, [(w, h) for _lines, w, h in shapes], near, size // 2,
                           keep_clear, spare)
    lines = shapes[index][0]
    theme.drop_shadow(surface, box, 8, offset=3, alpha=90)
    theme.rounded(surface, box, theme.BAR, 8, alpha=245)
    pygame.draw.rect(surface, theme.GOLD_DARK, pygame.Rect(box), width=1, border_radius=8)
    line_h = theme.line_height(size)
    for index, line in enumerate(lines):
        theme.blit_text(surface, line, size, (box.x + size, box.y + size // 2 + index * line_h),
                        theme.INK)
    return box
