"""Playing cards drawn in code, crisp at any size.

A card is named by two small ints, so that this module needs nothing from the rules
package: ``rank`` 1..13 (1 = ace, 11 = jack, 12 = queen, 13 = king) and ``suit``
0..3 (♠ ♥ ♦ ♣, named in :mod:`diloti_desktop.ui.kit.suits`). Sizes are given as the
card's width in pixels; the height follows the standard 5:7 ratio.

Shapes are drawn at :data:`SUPERSAMPLE` times the size and smoothly scaled down, which
antialiases every edge; the corner ranks are then rendered at the final size so the
text stays hinted and sharp. Every surface is cached per (card, size, options) and
shared between callers: blit it, never draw on it.

Numerals show their real pip layout at every size (:func:`pip_centres`), so a 6 always
shows six pips. Jacks, queens and kings show Adrian Kennard's public-domain figures
(``sprites/cards/``, made by ``build_scripts/make_card_art.py``) when the deck style is
"illustrated" (:func:`set_face_style`); the "drawn" style, and any missing or unreadable
picture, falls back to a framed letter drawn here.
"""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from typing import Final, Literal

import pygame

from diloti_desktop import resources
from diloti_desktop.ui.kit.suits import (
    CLUBS,
    DIAMONDS,
    SPADES,
    SUITS,
    Colour,
    check_suit,
    draw_suit,
    suit_colour,
)

log = logging.getLogger(__name__)

RANKS: Final = range(1, 14)
FaceStyle = Literal["illustrated", "drawn"]
FACE_STYLES: Final[tuple[FaceStyle, ...]] = ("illustrated", "drawn")

MIN_WIDTH: Final = 24
MAX_WIDTH: Final = 400
SUPERSAMPLE: Final = 4
# Below this width cards use a larger corner index and a narrower, bolder pip layout.
COMPACT_WIDTH: Final = 72

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
    #: How much a court figure (drawn for the whole card) is shrunk to clear the index.
    figure_scale: float


# Small cards show no pips, so their corner index can be larger and easier to read.
_INDEX_WITH_PIPS: Final = _IndexLayout(centre_x=0.105, font=0.19, max_text_width=0.18, suit=0.12,
                                       figure_scale=0.845)
_INDEX_COMPACT: Final = _IndexLayout(centre_x=0.13, font=0.25, max_text_width=0.23, suit=0.16,
                                     figure_scale=0.74)

_CACHE_SIZE: Final = 320  # about six sizes of the whole deck plus backs


def card_size(width: int) -> tuple[int, int]:
    """The (width, height) in pixels of a card ``width`` pixels wide (ratio 5:7)."""
    _check_width(width)
    return width, round(width * 7 / 5)


def rank_label(rank: int) -> str:
    """The corner text of ``rank``: ``"A"``, ``"2"`` … ``"10"``, ``"J"``, ``"Q"``, ``"K"``."""
    _check_rank(rank)
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))


def face(rank: int, suit: int, width: int, *, four_colour: bool = False) -> pygame.Surface:
    """The face of a card, ``card_size(width)`` pixels, transparent outside its corners.

    Court cards follow the deck style set by :func:`set_face_style`. Cached: the same
    arguments (and style) return the same (shared, read-only) surface.
    """
    _check_rank(rank)
    check_suit(suit)
    _check_width(width)
    return _render_face(rank, suit, width, four_colour, _face_style)


_face_style: FaceStyle = "illustrated"


def set_face_style(style: str) -> None:
    """Choose how court cards look: ``"illustrated"`` (figures) or ``"drawn"`` (a letter).

    A process-wide preference, like a theme: the app applies the player's setting.
    """
    global _face_style
    if style not in FACE_STYLES:
        raise ValueError(f"face style must be one of {FACE_STYLES}, got {style!r}")
    _face_style = style


def face_style() -> FaceStyle:
    """The deck style in use (see :func:`set_face_style`)."""
    return _face_style


def court_art_name(rank: int, suit: int, four_colour: bool = False) -> str:
    """The picture of a jack, queen or king in ``sprites/``, e.g. ``"cards/king-spades.png"``.

    The four-colour deck has its own pictures of ♦ and ♣ (blue and green suit symbols).
    """
    check_suit(suit)
    if rank not in (11, 12, 13):
        raise ValueError(f"only jacks, queens and kings have figures, not rank {rank!r}")
    names = {11: "jack", 12: "queen", 13: "king"}
    suit_name = ("spades", "hearts", "diamonds", "clubs")[suit]
    colour = "-4c" if four_colour and suit in (DIAMONDS, CLUBS) else ""
    return f"cards/{names[rank]}-{suit_name}{colour}.png"


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
    _court_art.cache_clear()
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


@dataclass(frozen=True)
class _PipLayout:
    """Where the pip grid lies, as fractions of the card width (x, size) and height (y)."""

    left: float
    right: float
    top: float
    bottom: float
    size: float


_PIPS_FULL: Final = _PipLayout(left=0.335, right=0.665, top=0.2, bottom=0.8, size=0.155)
# Small cards: the larger corner index needs the columns a little closer together, and
# slightly larger pips stay readable.
_PIPS_COMPACT: Final = _PipLayout(left=0.36, right=0.64, top=0.19, bottom=0.81, size=0.17)


def pip_centres(rank: int, width: int) -> list[tuple[float, float, bool]]:
    """The centre of every pip of a numeral 2..10 on a card ``width`` wide, in pixels.

    Each entry is ``(x, y, upside_down)``; pips below the middle are printed upside
    down, as on real cards. Aces and court cards have no pip grid (an empty list).
    """
    _check_rank(rank)
    _check_width(width)
    if rank not in _PIPS:
        return []
    w, h = card_size(width)
    grid = _pip_layout(width)
    return [(w * (grid.left + (grid.right - grid.left) * column),
             h * (grid.top + (grid.bottom - grid.top) * row), row > 0.5)
            for column, row in _PIPS[rank]]


def pip_size(width: int) -> float:
    """The height in pixels of one pip on a card ``width`` wide."""
    _check_width(width)
    return width * _pip_layout(width).size


def _pip_layout(width: int) -> _PipLayout:
    return _PIPS_FULL if width >= COMPACT_WIDTH else _PIPS_COMPACT


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
def _render_face(rank: int, suit: int, width: int, four_colour: bool,
                 style: FaceStyle) -> pygame.Surface:
    ink = suit_colour(suit, four_colour)
    w, h = card_size(width)
    s = SUPERSAMPLE
    canvas = _new_canvas(width, s)
    _card_shape(canvas, FACE_WHITE, FACE_EDGE, width)

    index = _INDEX_WITH_PIPS if w >= COMPACT_WIDTH else _INDEX_COMPACT
    rank_text = _index_text(rank_label(rank), index, ink, w)
    index_suit = w * index.suit
    suit_top = w * _INDEX_TOP + rank_text.get_height() + w * _INDEX_GAP
    index_suit_centre = (w * index.centre_x, suit_top + index_suit / 2)
    for upside_down in (False, True):
        x, y = index_suit_centre
        if upside_down:
            x, y = w - x, h - y
        draw_suit(canvas, suit, (x * s, y * s), index_suit * s, ink, upside_down)

    figure = _court_art(rank, suit, four_colour) if rank >= 11 and style == "illustrated" \
        else None
    if rank >= 11 and figure is None:
        _draw_court(canvas, rank, suit, ink, w, h)
    elif rank == 1:
        size = w * (0.58 if suit == SPADES else 0.5)  # the ace of spades is the boldest
        draw_suit(canvas, suit, (w / 2 * s, h / 2 * s), size * s, ink)
    elif rank <= 10:
        size = pip_size(width) * s
        for x, y, upside_down in pip_centres(rank, width):
            draw_suit(canvas, suit, (x * s, y * s), size, ink, upside_down=upside_down)

    card = _finish(canvas, width)
    if figure is not None:
        # The figure's frame spans 0.69 of the card's width: shrunk, it clears the index.
        fw, fh = round(w * index.figure_scale), round(h * index.figure_scale)
        card.blit(pygame.transform.smoothscale(figure, (fw, fh)), ((w - fw) // 2, (h - fh) // 2))
    top_left = (round(w * index.centre_x - rank_text.get_width() / 2), round(w * _INDEX_TOP))
    card.blit(rank_text, top_left)
    flipped = pygame.transform.rotate(rank_text, 180)
    card.blit(
        flipped,
        (w - top_left[0] - flipped.get_width(), h - top_left[1] - flipped.get_height()),
    )
    return _to_display_format(card)


@functools.lru_cache(maxsize=24)
def _court_art(rank: int, suit: int, four_colour: bool) -> pygame.Surface | None:
    """The figure of a court card at full resolution, or None when it cannot be loaded."""
    name = court_art_name(rank, suit, four_colour)
    try:
        image = pygame.image.load(str(resources.sprite_path(name)))
    except (resources.AssetNotFoundError, pygame.error, OSError) as error:
        log.warning("court card picture %s unavailable, drawing the letter: %s", name, error)
        return None
    return image.convert_alpha() if pygame.display.get_surface() is not None else image


def _index_text(label: str, index: _IndexLayout, ink: Colour, card_width: int) -> pygame.Surface:
    """The corner rank, cropped to its ink and narrowed if too wide (as "10" is)."""
    font_px = max(8, round(card_width * index.font))
    rendered = resources.font(font_px, bold=True).render(label, True, ink)
    text = rendered.subsurface(rendered.get_bounding_rect()).copy()
    max_width = max(1, round(card_width * index.max_text_width))
    if text.get_width() > max_width:
        text = pygame.transform.smoothscale(text, (max_width, text.get_height()))
    return text


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
