"""Playing cards drawn in code, crisp at any size.

A card is named by two small ints, so that this module needs nothing from the rules
package: ``rank`` 1..13 (1 = ace, 11 = jack, 12 = queen, 13 = king) and ``suit``
0..3 (♠ ♥ ♦ ♣, named in :mod:`diloti_desktop.ui.suits`). Sizes are given as the
card's width in pixels; the height follows the standard 5:7 ratio.

Shapes are drawn at :data:`SUPERSAMPLE` times the size and smoothly scaled down, which
antialiases every edge; the corner ranks are then rendered at the final size so the
text stays hinted and sharp. Every surface is cached per (card, size, options) and
shared between callers: blit it, never draw on it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final

import pygame

from diloti_desktop import resources
from diloti_desktop.ui.suits import (
    SPADES,
    SUIT_SYMBOLS,
    SUITS,
    Colour,
    check_suit,
    draw_suit,
    suit_colour,
)

RANKS: Final = range(1, 14)

MIN_WIDTH: Final = 24
MAX_WIDTH: Final = 400
SUPERSAMPLE: Final = 4
# Below this width the pips would be specks: numerals show one large suit instead.
PIP_MIN_WIDTH: Final = 72

FACE_WHITE: Final[Colour] = (253, 253, 250)
FACE_EDGE: Final[Colour] = (150, 150, 158)
COURT_FILL: Final[Colour] = (250, 243, 226)
BACK_PANEL: Final[Colour] = (28, 58, 122)
BACK_LATTICE: Final[Colour] = (58, 96, 168)
BACK_GOLD: Final[Colour] = (224, 190, 110)
SELECTION_COLOUR: Final[Colour] = (255, 196, 40)

# Proportions, as fractions of the card width.
_CORNER_RADIUS: Final = 0.065
_INDEX_TOP: Final = 0.06
_INDEX_GAP: Final = 0.035


@dataclass(frozen=True)
class _IndexLayout:
    """The corner index (rank over a small suit), as fractions of the card width."""

    centre_x: float
    font: float
    max_text_width: float
    suit: float


# Small cards show no pips, so their corner index can be larger and easier to read.
_INDEX_WITH_PIPS: Final = _IndexLayout(centre_x=0.105, font=0.19, max_text_width=0.18, suit=0.12)
_INDEX_COMPACT: Final = _IndexLayout(centre_x=0.13, font=0.25, max_text_width=0.23, suit=0.16)

_CACHE_SIZE: Final = 320  # about six sizes of the whole deck plus backs


def card_size(width: int) -> tuple[int, int]:
    """The (width, height) in pixels of a card ``width`` pixels wide (ratio 5:7)."""
    _check_width(width)
    return width, round(width * 7 / 5)


def rank_label(rank: int) -> str:
    """The corner text of ``rank``: ``"A"``, ``"2"`` … ``"10"``, ``"J"``, ``"Q"``, ``"K"``."""
    _check_rank(rank)
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))


def card_label(rank: int, suit: int) -> str:
    """A short name such as ``"9♥"``, for tooltips and logs."""
    check_suit(suit)
    return rank_label(rank) + SUIT_SYMBOLS[suit]


def face(rank: int, suit: int, width: int, *, four_colour: bool = False) -> pygame.Surface:
    """The face of a card, ``card_size(width)`` pixels, transparent outside its corners.

    Cached: the same arguments return the same (shared, read-only) surface.
    """
    _check_rank(rank)
    check_suit(suit)
    _check_width(width)
    return _render_face(rank, suit, width, four_colour)


def back(width: int) -> pygame.Surface:
    """The back of a card, ``card_size(width)`` pixels. Cached like :func:`face`."""
    _check_width(width)
    return _render_back(width)


def outline_margin(width: int) -> int:
    """How far :func:`outline` reaches beyond each edge of a card ``width`` wide."""
    _check_width(width)
    return max(3, round(width * 0.05))


def outline(width: int, colour: Colour = SELECTION_COLOUR) -> pygame.Surface:
    """A rounded ring that hugs a card, for selection and highlight.

    Its size is the card's plus :func:`outline_margin` on every side; the inside is
    transparent, so it can be blitted under or over the card. See :func:`draw_outline`.
    """
    _check_width(width)
    return _render_outline(width, colour)


def draw_outline(
    target: pygame.Surface, card_rect: pygame.Rect, colour: Colour = SELECTION_COLOUR
) -> None:
    """Blit :func:`outline` around the card occupying ``card_rect`` on ``target``."""
    margin = outline_margin(card_rect.width)
    target.blit(outline(card_rect.width, colour), (card_rect.x - margin, card_rect.y - margin))


def clear_cache() -> None:
    """Forget every cached surface (for example after the display format changed)."""
    _render_face.cache_clear()
    _render_back.cache_clear()
    _render_outline.cache_clear()


def _check_rank(rank: int) -> None:
    if rank not in RANKS:
        raise ValueError(f"rank must be 1..13 (1 = ace, 13 = king), got {rank!r}")


def _check_width(width: int) -> None:
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        raise ValueError(f"card width must be {MIN_WIDTH}..{MAX_WIDTH} pixels, got {width!r}")


# --- layout ------------------------------------------------------------------------------
# Pip positions as (column, row) in [0, 1]; rows below the middle are drawn upside down.
_PIPS: Final[dict[int, tuple[tuple[float, float], ...]]] = {
    2: ((0.5, 0), (0.5, 1)),
    3: ((0.5, 0), (0.5, 0.5), (0.5, 1)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    6: ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    7: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    8: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    9: (
        (0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5),
        (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1),
    ),
    10: (
        (0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3),
        (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6), (0, 1), (1, 1),
    ),
}  # fmt: skip
_PIP_LEFT: Final = 0.335
_PIP_RIGHT: Final = 0.665
_PIP_TOP: Final = 0.2  # fraction of the height
_PIP_BOTTOM: Final = 0.8
_PIP_SIZE: Final = 0.155


def _new_canvas(width: int, scale: int) -> pygame.Surface:
    w, h = card_size(width)
    return pygame.Surface((w * scale, h * scale), pygame.SRCALPHA)


def _card_shape(canvas: pygame.Surface, fill: Colour, edge: Colour, width: int) -> None:
    """A rounded card with a hairline edge, filling ``canvas`` (drawn at supersample)."""
    rect = canvas.get_rect()
    radius = round(width * _CORNER_RADIUS * SUPERSAMPLE)
    edge_px = max(SUPERSAMPLE, round(width / 90 * SUPERSAMPLE))
    pygame.draw.rect(canvas, edge, rect, border_radius=radius)
    pygame.draw.rect(canvas, fill, rect.inflate(-2 * edge_px, -2 * edge_px), border_radius=radius)


def _finish(canvas: pygame.Surface, width: int) -> pygame.Surface:
    """Scale the supersampled canvas down to the card's size."""
    return pygame.transform.smoothscale(canvas, card_size(width))


def _to_display_format(surface: pygame.Surface) -> pygame.Surface:
    """Match the window's pixel format when there is a window: blits get faster."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _render_face(rank: int, suit: int, width: int, four_colour: bool) -> pygame.Surface:
    ink = suit_colour(suit, four_colour)
    w, h = card_size(width)
    s = SUPERSAMPLE
    canvas = _new_canvas(width, s)
    _card_shape(canvas, FACE_WHITE, FACE_EDGE, width)

    with_pips = w >= PIP_MIN_WIDTH
    index = _INDEX_WITH_PIPS if with_pips else _INDEX_COMPACT
    rank_text = _index_text(rank_label(rank), index, ink, w)
    index_suit = w * index.suit
    suit_top = w * _INDEX_TOP + rank_text.get_height() + w * _INDEX_GAP
    index_suit_centre = (w * index.centre_x, suit_top + index_suit / 2)
    for upside_down in (False, True):
        x, y = index_suit_centre
        if upside_down:
            x, y = w - x, h - y
        draw_suit(canvas, suit, (x * s, y * s), index_suit * s, ink, upside_down)

    if rank >= 11:
        _draw_court(canvas, rank, suit, ink, w, h)
    elif rank == 1 or not with_pips:
        size = w * (0.5 if rank == 1 else 0.42)
        if rank == 1 and suit == SPADES:
            size = w * 0.58  # the ace of spades is traditionally the boldest
        draw_suit(canvas, suit, (w / 2 * s, h / 2 * s), size * s, ink)
    else:
        _draw_pips(canvas, rank, suit, ink, w, h)

    card = _finish(canvas, width)
    top_left = (round(w * index.centre_x - rank_text.get_width() / 2), round(w * _INDEX_TOP))
    card.blit(rank_text, top_left)
    flipped = pygame.transform.rotate(rank_text, 180)
    card.blit(
        flipped,
        (w - top_left[0] - flipped.get_width(), h - top_left[1] - flipped.get_height()),
    )
    return _to_display_format(card)


def _index_text(label: str, index: _IndexLayout, ink: Colour, card_width: int) -> pygame.Surface:
    """The corner rank, cropped to its ink and narrowed if too wide (as "10" is)."""
    font_px = max(8, round(card_width * index.font))
    rendered = resources.font(font_px, bold=True).render(label, True, ink)
    text = rendered.subsurface(rendered.get_bounding_rect()).copy()
    max_width = max(1, round(card_width * index.max_text_width))
    if text.get_width() > max_width:
        text = pygame.transform.smoothscale(text, (max_width, text.get_height()))
    return text


def _draw_pips(canvas: pygame.Surface, rank: int, suit: int, ink: Colour, w: int, h: int) -> None:
    s = SUPERSAMPLE
    for column, row in _PIPS[rank]:
        x = w * (_PIP_LEFT + (_PIP_RIGHT - _PIP_LEFT) * column)
        y = h * (_PIP_TOP + (_PIP_BOTTOM - _PIP_TOP) * row)
        draw_suit(canvas, suit, (x * s, y * s), w * _PIP_SIZE * s, ink, upside_down=row > 0.5)


def _draw_court(canvas: pygame.Surface, rank: int, suit: int, ink: Colour, w: int, h: int) -> None:
    """Jack, queen, king: a framed panel with a large letter between two suits."""
    s = SUPERSAMPLE
    frame = pygame.Rect(round(w * 0.24 * s), round(h * 0.1 * s), 0, 0)
    frame.width = canvas.get_width() - 2 * frame.x
    frame.height = canvas.get_height() - 2 * frame.y
    line = max(s, round(w * 0.012 * s))
    radius = round(w * 0.03 * s)
    pygame.draw.rect(canvas, COURT_FILL, frame, border_radius=radius)
    pygame.draw.rect(canvas, ink, frame, width=line, border_radius=radius)
    inner = frame.inflate(-4 * line, -4 * line)
    pygame.draw.rect(canvas, _blend(ink, COURT_FILL, 0.55), inner, width=max(1, line // 2),
                     border_radius=max(1, radius - 2 * line))  # fmt: skip

    letter = resources.font(round(w * 0.44 * s), bold=True).render(rank_label(rank), True, ink)
    letter = letter.subsurface(letter.get_bounding_rect()).copy()
    canvas.blit(letter, letter.get_rect(center=frame.center))
    ornament = w * 0.16 * s
    gap = letter.get_height() / 2 + ornament * 0.85
    cx, cy = frame.center
    draw_suit(canvas, suit, (cx, cy - gap), ornament, ink)
    draw_suit(canvas, suit, (cx, cy + gap), ornament, ink, upside_down=True)


def _blend(a: Colour, b: Colour, t: float) -> Colour:
    """``a`` mixed with ``b``; ``t`` = 0 gives ``a``, 1 gives ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


@functools.lru_cache(maxsize=_CACHE_SIZE)
def _render_back(width: int) -> pygame.Surface:
    w, _h = card_size(width)
    s = SUPERSAMPLE
    canvas = _new_canvas(width, s)
    _card_shape(canvas, FACE_WHITE, FACE_EDGE, width)

    border = round(w * 0.06 * s)
    panel = canvas.get_rect().inflate(-2 * border, -2 * border)
    radius = round(w * 0.035 * s)
    pygame.draw.rect(canvas, BACK_PANEL, panel, border_radius=radius)

    # A diagonal lattice, clipped to the panel.
    lattice = pygame.Surface(panel.size, pygame.SRCALPHA)
    step = w * 0.11 * s
    line = max(s, round(w * 0.012 * s))
    span = panel.width + panel.height
    for i in range(-int(span / step) - 1, int(span / step) + 2):
        offset = i * step
        pygame.draw.line(
            lattice, BACK_LATTICE, (offset, 0), (offset + panel.height, panel.height), line
        )
        pygame.draw.line(
            lattice, BACK_LATTICE, (offset, panel.height), (offset + panel.height, 0), line
        )
    mask = pygame.Surface(panel.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    lattice.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    canvas.blit(lattice, panel.topleft)

    inset = panel.inflate(-2 * round(w * 0.045 * s), -2 * round(w * 0.045 * s))
    pygame.draw.rect(canvas, BACK_GOLD, inset, width=line, border_radius=radius)

    # The medallion: the four suits around a small diamond, in gold on the panel colour.
    medallion = pygame.Rect(0, 0, round(w * 0.56 * s), round(w * 0.7 * s))
    medallion.center = panel.center
    pygame.draw.ellipse(canvas, BACK_PANEL, medallion)
    pygame.draw.ellipse(canvas, BACK_GOLD, medallion, width=line * 2)
    cx, cy = medallion.center
    reach = w * 0.13 * s
    suit_px = w * 0.13 * s
    for suit, (dx, dy) in zip(SUITS, ((0, -1.15), (1, 0), (0, 1.15), (-1, 0)), strict=True):
        draw_suit(canvas, suit, (cx + dx * reach, cy + dy * reach), suit_px, BACK_GOLD)
    return _to_display_format(_finish(canvas, width))


@functools.lru_cache(maxsize=64)
def _render_outline(width: int, colour: Colour) -> pygame.Surface:
    w, h = card_size(width)
    margin = outline_margin(width)
    solid = max(2.0, margin * 0.6)  # the opaque band next to the card, in pixels
    s = SUPERSAMPLE
    canvas = pygame.Surface(((w + 2 * margin) * s, (h + 2 * margin) * s), pygame.SRCALPHA)
    card_radius = width * _CORNER_RADIUS
    # A faint halo fills the whole margin; the solid band lies against the card's edge.
    outer = canvas.get_rect()
    pygame.draw.rect(canvas, (*colour, 80), outer, width=margin * s,
                     border_radius=round((card_radius + margin) * s))  # fmt: skip
    band = outer.inflate(-2 * round((margin - solid) * s), -2 * round((margin - solid) * s))
    pygame.draw.rect(canvas, colour, band, width=round(solid * s),
                     border_radius=round((card_radius + solid) * s))  # fmt: skip
    scaled = pygame.transform.smoothscale(canvas, (w + 2 * margin, h + 2 * margin))
    return _to_display_format(scaled)
