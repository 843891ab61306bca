"""Small line and dot charts drawn with pygame (the progress page's plots).

A :class:`Chart` maps values into a box with a value range and labelled horizontal grid
lines; the caller draws its series through :meth:`Chart.point`. Labels go through the
theme's text drawing, so they shrink rather than spill out of their column.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.layout import Box


@dataclass(frozen=True)
class Chart:
    """A plot area: ``count`` positions along x, values ``low`` to ``high`` along y."""

    box: Box
    count: int
    low: float
    high: float

    def x(self, index: float) -> int:
        """The x pixel of position ``index`` (0 to count - 1)."""
        if self.count <= 1:
            return self.box.centerx
        return self.box.x + round(index * (self.box.w - 1) / (self.count - 1))

    def y(self, value: float) -> int:
        """The y pixel of ``value`` (clamped to the range)."""
        span = self.high - self.low or 1.0
        share = min(1.0, max(0.0, (value - self.low) / span))
        return self.box.bottom - 1 - round(share * (self.box.h - 1))

    def point(self, index: float, value: float) -> tuple[int, int]:
        """The pixel of a value at a position."""
        return self.x(index), self.y(value)


def draw_frame(surface: pygame.Surface, chart: Chart, ticks: Sequence[float],
               label: Callable[[float], str], size: int, label_w: int) -> None:
    """The plot's background, its horizontal grid lines and their labels on the left."""
    theme.rounded(surface, chart.box.inflate(8, 8), theme.FELT_DARK, 6, alpha=150)
    for tick in ticks:
        if not chart.low <= tick <= chart.high:
            continue
        y = chart.y(tick)
        pygame.draw.line(surface, theme.BUTTON, (chart.box.x, y), (chart.box.right - 1, y))
        theme.blit_text(surface, label(tick), size, (chart.box.x - 8, y), theme.INK_DIM,
                        anchor="midright", max_width=label_w)


def draw_line(surface: pygame.Surface, points: Sequence[tuple[int, int]],
              colour: theme.Colour, width: int = 2) -> None:
    """A polyline (a single point as a dot)."""
    if len(points) == 1:
        pygame.draw.circle(surface, colour, points[0], width + 1)
    elif points:
        pygame.draw.lines(surface, colour, False, list(points), width)


def draw_band(surface: pygame.Surface, upper: Sequence[tuple[int, int]],
              lower: Sequence[tuple[int, int]], colour: theme.Colour, alpha: int) -> None:
    """A translucent band between two polylines of the same x positions."""
    if len(upper) < 2:
        return
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(layer, (*colour, alpha), [*upper, *reversed(lower)])
    surface.blit(layer, (0, 0))


def nice_ticks(low: float, high: float, count: int = 4) -> list[float]:
    """About ``count`` round values from ``low`` to ``high`` (steps of 1, 2 or 5 x 10^k)."""
    span = max(high - low, 1e-9)
    raw = span / max(1, count)
    magnitude = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 1.0
    step = next((m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw), raw)
    first = -(-low // step) * step
    ticks = []
    value = first
    while value <= high + 1e-9:
        ticks.append(value)
        value += step
    return ticks


__all__ = ["Chart", "draw_band", "draw_frame", "draw_line", "nice_ticks"]
