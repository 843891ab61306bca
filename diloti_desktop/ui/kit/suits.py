"""The four suits as vector shapes, and the colours they are printed in.

Suits are small ints: :data:`SPADES` 0, :data:`HEARTS` 1, :data:`DIAMONDS` 2,
:data:`CLUBS` 3. Each shape is a few polygons in a unit box, so it can be drawn at any
size: :func:`draw_suit` fills it with hard edges (for canvases that are scaled down
afterwards), and :func:`suit_icon` returns a cached, antialiased icon for the HUD.
"""

from __future__ import annotations

import functools
import math
from typing import Final

import pygame

SPADES: Final = 0
HEARTS: Final = 1
DIAMONDS: Final = 2
CLUBS: Final = 3
SUITS: Final = range(4)
SUIT_SYMBOLS: Final = "♠♥♦♣"

Colour = tuple[int, int, int]

INK_BLACK: Final[Colour] = (24, 24, 32)
INK_RED: Final[Colour] = (200, 28, 40)
INK_BLUE: Final[Colour] = (20, 88, 196)
INK_GREEN: Final[Colour] = (18, 124, 58)

_CLASSIC_INKS: Final = (INK_BLACK, INK_RED, INK_RED, INK_BLACK)
_FOUR_COLOUR_INKS: Final = (INK_BLACK, INK_RED, INK_BLUE, INK_GREEN)
_ICON_SUPERSAMPLE: Final = 4


def check_suit(suit: int) -> None:
    """Raise ``ValueError`` unless ``suit`` is 0..3."""
    if suit not in SUITS:
        raise ValueError(f"suit must be 0..3 (♠ ♥ ♦ ♣), got {suit!r}")


def suit_colour(suit: int, four_colour: bool = False) -> Colour:
    """The ink of ``suit``: red and black, or ♠ black ♥ red ♦ blue ♣ green."""
    check_suit(suit)
    return (_FOUR_COLOUR_INKS if four_colour else _CLASSIC_INKS)[suit]


def draw_suit(
    surface: pygame.Surface,
    suit: int,
    centre: tuple[float, float],
    size: float,
    colour: Colour,
    upside_down: bool = False,
) -> None:
    """Fill the suit shape, ``size`` pixels tall, centred on ``centre``.

    The edges are hard: draw on a larger canvas and scale it down to antialias them,
    or use :func:`suit_icon`.
    """
    check_suit(suit)
    flip = -1.0 if upside_down else 1.0
    cx, cy = centre
    for polygon in _SUIT_SHAPES[suit]:
        points = [(cx + flip * x * size, cy + flip * y * size) for x, y in polygon]
        pygame.draw.polygon(surface, colour, points)


def suit_icon(suit: int, size: int, colour: Colour) -> pygame.Surface:
    """An antialiased ``size`` x ``size`` icon of ``suit``; cached and shared (read-only)."""
    check_suit(suit)
    if size < 4:
        raise ValueError(f"icon size must be at least 4 pixels, got {size!r}")
    return _render_icon(suit, size, colour)


@functools.lru_cache(maxsize=64)
def _render_icon(suit: int, size: int, colour: Colour) -> pygame.Surface:
    big = size * _ICON_SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    draw_suit(canvas, suit, (big / 2, big / 2), big * 0.98, colour)
    return pygame.transform.smoothscale(canvas, (size, size))


# --- the shapes: polygons in a unit box, x and y in [-0.5, 0.5], y pointing down ---------

Polygon = list[tuple[float, float]]


def _heart_curve(samples: int = 96) -> Polygon:
    """The classic parametric heart, normalised to the unit box (point down)."""
    points = []
    for i in range(samples):
        t = 2 * math.pi * i / samples
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        points.append((x, y))
    return _fit_unit_box(points)


def _fit_unit_box(points: Polygon) -> Polygon:
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    scale = max(max(xs) - min(xs), max(ys) - min(ys))
    cx = (max(xs) + min(xs)) / 2
    cy = (max(ys) + min(ys)) / 2
    return [((x - cx) / scale, (y - cy) / scale) for x, y in points]


def _circle(cx: float, cy: float, r: float, samples: int = 64) -> Polygon:
    return [
        (cx + r * math.cos(2 * math.pi * i / samples), cy + r * math.sin(2 * math.pi * i / samples))
        for i in range(samples)
    ]


def _stem(top: float, half_width: float) -> Polygon:
    """A flared stem from the body's centre down to the bottom of the box."""
    points: Polygon = [(-0.035, top), (0.035, top)]
    # Concave sides: a quarter ellipse from the neck out to the foot.
    for i in range(1, 13):
        a = (math.pi / 2) * i / 12
        points.append(
            (0.035 + (half_width - 0.035) * (1 - math.cos(a)), top + (0.5 - top) * math.sin(a))
        )
    points += [(-x, y) for x, y in reversed(points[2:])]
    return points


def _diamond() -> Polygon:
    """A rhombus with gently concave sides."""
    corners = [(0.0, -0.5), (0.39, 0.0), (0.0, 0.5), (-0.39, 0.0)]
    points: Polygon = []
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        # Quadratic curve whose control point is pulled towards the centre.
        mx, my = (x0 + x1) / 2 * 0.82, (y0 + y1) / 2 * 0.82
        for i in range(16):
            t = i / 16
            points.append(
                (
                    (1 - t) ** 2 * x0 + 2 * (1 - t) * t * mx + t**2 * x1,
                    (1 - t) ** 2 * y0 + 2 * (1 - t) * t * my + t**2 * y1,
                )
            )
    return points


def _build_suit_shapes() -> tuple[list[Polygon], ...]:
    heart = [(x * 0.98, y * 0.98) for x, y in _heart_curve()]
    # The spade is an upside-down heart over a stem; the body fills the top 80 %.
    spade_body = [(-x * 0.86, -y * 0.86 - 0.07) for x, y in _heart_curve()]
    spade = [spade_body, _stem(0.05, 0.2)]
    club = [
        _circle(0.0, -0.25, 0.215),
        _circle(-0.245, 0.06, 0.215),
        _circle(0.245, 0.06, 0.215),
        _circle(0.0, -0.02, 0.12),
        _stem(0.0, 0.2),
    ]
    return spade, [heart], [_diamond()], club


_SUIT_SHAPES: Final = _build_suit_shapes()
