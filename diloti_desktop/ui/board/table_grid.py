"""Where the table's items lie, as plain numbers: no pygame here.

Table items (loose cards and piles) keep their order while the game goes on: each item
gets a *slot* (:func:`assign_slots`), a new pile takes the place of a card it absorbed,
new cards go at the end, and the items sit in centred rows (:func:`table_grid`), their
cards shrinking only when the rows would not fit.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from diloti_desktop.ui.kit.layout import Box, card_height


@dataclass(frozen=True)
class TableGrid:
    """The cells that table items occupy, in slot order, and the size of table cards."""

    card_w: int
    card_h: int
    label_h: int
    cells: tuple[Box, ...]

    def card_box(self, slot: int) -> Box:
        """Where a loose card in ``slot`` lies."""
        cell = self.cells[slot]
        return Box(cell.centerx - self.card_w // 2, cell.y, self.card_w, self.card_h)

    def pile_boxes(self, slot: int, count: int) -> list[Box]:
        """The fanned cards of a pile of ``count`` cards in ``slot``, bottom card first."""
        cell = self.cells[slot]
        if count <= 1:
            return [self.card_box(slot)]
        step = min(round(self.card_w * 0.3), (cell.w - self.card_w) // (count - 1))
        total = self.card_w + (count - 1) * step
        x0 = cell.centerx - total // 2
        return [Box(x0 + i * step, cell.y, self.card_w, self.card_h) for i in range(count)]

    def item_box(self, slot: int, count: int) -> Box:
        """The whole area an item of ``count`` cards covers (for hit tests and outlines)."""
        boxes = self.pile_boxes(slot, count)
        first, last = boxes[0], boxes[-1]
        return Box(first.x, first.y, last.right - first.x, self.card_h)

    def label_box(self, slot: int) -> Box:
        """The line under an item, for a pile's name (as wide as the cell and its gaps)."""
        cell = self.cells[slot]
        spare = max(4, round(self.card_w * 0.14)) - 2
        return Box(cell.x - spare // 2, cell.y + self.card_h + 2, cell.w + spare, self.label_h)


def table_grid(area: Box, card_w: int, slots: int, font_px: int = 14) -> TableGrid:
    """Cells for ``slots`` table items inside ``area``, shrinking cards only if needed.

    Items sit in rows, left to right, each row centred like cards pushed together on a
    real table; the rows in use are centred vertically.
    """
    slots = max(1, slots)
    width = card_w
    while True:
        grid = _grid(area, width, slots, font_px)
        if grid is not None or width <= 24:
            break
        width = max(24, math.floor(width * 0.92))
    if grid is None:  # pragma: no cover - 24 px cards fit hundreds of items
        grid = _grid(area, 24, slots, font_px, force=True)
        assert grid is not None
    return grid


def _grid(area: Box, card_w: int, slots: int, font_px: int,
          force: bool = False) -> TableGrid | None:
    card_h = card_height(card_w)
    label_h = max(font_px + 4, round(card_w * 0.24))
    cell_w = round(card_w * 1.6)
    cell_h = card_h + label_h + 2
    gap_x = max(4, round(card_w * 0.14))
    gap_y = max(4, round(card_w * 0.12))
    cols = max(1, (area.w + gap_x) // (cell_w + gap_x))
    rows = max(1, (area.h + gap_y) // (cell_h + gap_y))
    if cols * rows < slots and not force:
        return None
    rows_used = math.ceil(slots / cols)
    block_h = rows_used * cell_h + (rows_used - 1) * gap_y
    y0 = area.y + max(0, (area.h - block_h) // 2)
    cells = []
    for slot in range(slots):
        row, col = divmod(slot, cols)
        in_row = min(cols, slots - row * cols)
        row_w = in_row * cell_w + (in_row - 1) * gap_x
        x0 = area.x + (area.w - row_w) // 2
        cells.append(Box(x0 + col * (cell_w + gap_x), y0 + row * (cell_h + gap_y),
                         cell_w, cell_h))
    return TableGrid(card_w, card_h, label_h, tuple(cells))


def assign_slots(previous: Mapping[int, int], items: Iterable[int]) -> dict[int, int]:
    """Order the table items (each named by its card mask) and number them 0, 1, 2 ...

    Items already on the table keep their order; a new item that absorbed earlier items
    (a pile declared on loose cards, a raised pile) takes the place of the first of them;
    any other new item goes at the end, in the order given.
    """
    keys: dict[int, tuple[float, int]] = {}
    for arrival, mask in enumerate(items):
        if mask in previous:
            keys[mask] = (previous[mask], arrival)
            continue
        absorbed = [slot for old, slot in previous.items() if old & mask]
        keys[mask] = (min(absorbed) - 0.5 if absorbed else math.inf, arrival)
    ordered = sorted(keys, key=lambda mask: keys[mask])
    return {mask: slot for slot, mask in enumerate(ordered)}


def slots_needed(slots: Mapping[int, int]) -> int:
    """How many cells a slot assignment needs (the highest slot plus one)."""
    return max(slots.values(), default=-1) + 1


__all__ = ["TableGrid", "assign_slots", "slots_needed", "table_grid"]
