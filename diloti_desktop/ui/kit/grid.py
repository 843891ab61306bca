"""A table of text (a header row, striped rows, optional column groups) for the score
sheet and the statistics screen. Geometry is computed apart from drawing so tests can
check where every cell goes without a display.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import pygame

from diloti_desktop import resources
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.layout import Box

Align = Literal["left", "center"]


@dataclass(frozen=True)
class Column:
    """A column: its header (may wrap to three lines), relative width and alignment."""

    header: str
    weight: float = 1.0
    align: Align = "center"


@dataclass(frozen=True)
class Row:
    """A row of cells; ``strong`` rows are highlighted, ``dim`` rows drawn faint."""

    cells: Sequence[str]
    strong: bool = False
    dim: bool = False


def column_boxes(area: Box, columns: Sequence[Column]) -> list[Box]:
    """Each column's horizontal extent within ``area`` (widths follow the weights)."""
    total = sum(c.weight for c in columns) or 1.0
    boxes = []
    x = float(area.x)
    for column in columns:
        w = area.w * column.weight / total
        boxes.append(Box(round(x), area.y, round(x + w) - round(x), area.h))
        x += w
    return boxes


def header_size(columns: Sequence[Column], area: Box, size: int) -> int:
    """The headers' text size: ``size``, or smaller (as far as text may shrink) until no
    header has a word wider than its column, since a word broken between its letters
    ("Gewonne / n") reads worse than smaller text."""
    rooms = tuple((column.header, max(8, box.w - 6))
                  for column, box in zip(columns, column_boxes(area, columns), strict=True))
    return _header_size(rooms, size)


@functools.lru_cache(maxsize=64)
def _header_size(rooms: tuple[tuple[str, int], ...], size: int) -> int:
    """Measuring is slow and the header is sized twice per frame: asked once per layout."""
    floor = max(theme.MIN_TEXT_PX, round(size * theme.MIN_SHRINK))
    current = size
    while current > floor and any(resources.font(current, True).size(word)[0] > room
                                  for header, room in rooms for word in header.split()):
        current -= 1
    return current


def header_height(columns: Sequence[Column], area: Box, size: int) -> int:
    """Room for the header: one to three lines, as the longest header needs."""
    size = header_size(columns, area, size)
    lines = max((len(theme.wrap(c.header, size, max(8, b.w - 6), bold=True))
                 for c, b in zip(columns, column_boxes(area, columns), strict=True)), default=1)
    return theme.line_height(size) * min(3, lines) + size // 2


def draw_grid(surface: pygame.Surface, area: Box, columns: Sequence[Column],
              rows: Sequence[Row], size: int, row_h: int,
              groups: Sequence[tuple[str, int, int]] = ()) -> int:
    """Draw the header and ``rows`` from the top of ``area``; returns the y below them.

    ``groups`` are (label, first column, last column) spans drawn above the header.
    """
    boxes = column_boxes(area, columns)
    y = area.y
    if groups:
        line = theme.line_height(size)
        for label, first, last in groups:
            span = Box(boxes[first].x, y, boxes[last].right - boxes[first].x, line)
            theme.blit_text(surface, label, size, (span.centerx, span.centery), theme.GOLD,
                            bold=True, anchor="center", max_width=span.w - 4)
            pygame.draw.line(surface, theme.GOLD_DARK, (span.x + 6, span.bottom),
                             (span.right - 6, span.bottom))
        y += line + size // 3
    head_h = header_height(columns, area, size)
    head_size = header_size(columns, area, size)
    for column, box in zip(columns, boxes, strict=True):
        lines = theme.wrap(column.header, head_size, max(8, box.w - 6), bold=True)[:3]
        line_y = y + head_h - len(lines) * theme.line_height(head_size) - size // 4
        for text in lines:
            anchor_x = box.x + 6 if column.align == "left" else box.centerx
            theme.blit_text(surface, text, head_size, (anchor_x, line_y), theme.INK_DIM,
                            bold=True,
                            anchor="topleft" if column.align == "left" else "midtop",
                            max_width=box.w - 4)
            line_y += theme.line_height(head_size)
    y += head_h
    for index, row in enumerate(rows):
        band = Box(area.x, y, area.w, row_h)
        if row.strong:
            theme.rounded(surface, band, theme.GOLD_DARK, 6, alpha=110)
        elif index % 2 == 0:
            theme.rounded(surface, band, theme.FELT_DARK, 6, alpha=120)
        ink = theme.GOLD if row.strong else theme.INK_DIM if row.dim else theme.INK
        for column, box, cell in zip(columns, boxes, row.cells, strict=False):
            if column.align == "left":
                theme.blit_text(surface, cell, size, (box.x + 6, band.centery), ink,
                                bold=row.strong, anchor="midleft", max_width=box.w - 8)
            else:
                theme.blit_text(surface, cell, size, (box.centerx, band.centery), ink,
                                bold=row.strong, anchor="center", max_width=box.w - 4)
        y += row_h
    return y
