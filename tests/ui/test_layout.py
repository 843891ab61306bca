"""The table's geometry, without a display: everything fits, nothing overlaps, slots are stable."""

from __future__ import annotations

import itertools
import subprocess
import sys

import pytest

from diloti_desktop.ui.board.table_grid import assign_slots, slots_needed, table_grid
from diloti_desktop.ui.kit.layout import (
    MIN_WINDOW,
    Box,
    card_height,
    hand_boxes,
    lerp_box,
    most_overlapped,
    stack,
    table_layout,
    topmost,
)

SIZES = [MIN_WINDOW, (1024, 640), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440),
         (1280, 1024), (3440, 1440), (800, 500)]


def test_the_layout_module_does_not_need_pygame() -> None:
    code = ("import sys; sys.modules['pygame'] = None; "
            "import diloti_desktop.ui.kit.layout as layout; "
            "print(layout.table_layout(1280, 720, 4).table)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Box(")


def test_box_basics() -> None:
    box = Box(10, 20, 30, 40)
    assert (box.right, box.bottom, box.center) == (40, 60, (25, 40))
    assert box.contains((10, 20)) and not box.contains((40, 20)) and not box.contains((9, 30))
    assert box.inside(Box(0, 0, 100, 100)) and not box.inside(Box(15, 0, 100, 100))
    assert box.overlap_area(Box(30, 50, 100, 100)) == 100
    assert not box.intersects(Box(40, 20, 5, 5))
    assert box.inflate(10, 4) == Box(5, 18, 40, 44)
    assert Box.centred(50, 50, 20, 10) == Box(40, 45, 20, 10)
    assert lerp_box(Box(0, 0, 10, 10), Box(100, 50, 20, 30), 0.5) == Box(50, 25, 15, 20)
    assert card_height(100) == 140


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("scale", ["small", "medium", "large"])
def test_every_region_fits_in_the_window(size: tuple[int, int], players: int,
                                         scale: str) -> None:
    from diloti_desktop.ui.kit.layout import CARD_SCALES

    layout = table_layout(*size, players, CARD_SCALES[scale])
    window = Box(0, 0, layout.width, layout.height)
    assert layout.width >= MIN_WINDOW[0] and layout.height >= MIN_WINDOW[1]
    regions = [layout.top_bar, layout.table, layout.stock, *layout.captures, layout.status,
               layout.play_button, *(box for _name, box in layout.buttons)]
    for region in regions:
        assert region.inside(window), region
    # The table does not run into the hands, the status line or the top row.
    assert layout.table.bottom <= layout.status.y
    assert layout.table.y >= layout.stock.bottom
    for place in layout.seats:
        hand = hand_boxes(place, 6)
        for box in hand:
            assert box.inside(window), (place.edge, box)
            if place.edge in ("left", "right"):
                assert not box.intersects(layout.table)
        if place.edge == "bottom":
            assert hand[0].x > layout.play_button.right
            assert hand[-1].right < layout.captures[0].x
            assert hand[0].y > layout.status.bottom
            assert all(not a.intersects(b) for a, b in itertools.pairwise(hand))
        if place.edge == "top":
            assert hand[0].x > layout.stock.right and hand[-1].right < layout.captures[1].x
    # West's and East's names sit above the felt, not on it (no table card goes under them).
    for place in layout.seats:
        if place.edge in ("left", "right"):
            assert not place.label.intersects(layout.table), place.edge
    # The history panel has its own place: clear of the stock and its count, every name
    # and hand, the capture piles and the status line; while it is open the felt and the
    # toast move beside it.
    history = layout.history
    assert history.inside(window) and history.h > 6 * layout.font_px
    stock_count = Box(layout.stock.right, layout.stock.y, layout.unit // 4, layout.stock.h)
    others = [layout.top_bar, layout.stock, stock_count, *layout.captures, layout.status,
              layout.play_button]
    for place in layout.seats:
        others += [place.label, *hand_boxes(place, 6)]
    for box in others:
        assert not history.intersects(box), box
    beside = layout.beside_history()
    assert not beside.table.intersects(history) and not beside.toast.intersects(history)
    assert beside.table.right == layout.table.right and beside.table.w >= layout.table.w // 2
    assert beside.history == history
    boxes = [box for _name, box in layout.buttons]
    assert all(not a.intersects(b) for a, b in itertools.pairwise(boxes))


def test_cards_grow_with_the_window() -> None:
    small = table_layout(1280, 720, 2)
    large = table_layout(1920, 1080, 2)
    assert large.hand_w > small.hand_w and large.table_w > small.table_w
    assert large.font_px > small.font_px
    assert small.hand_w >= 90  # readable at 1280x720
    assert table_layout(1280, 720, 2, 1.12).hand_w > small.hand_w


def test_a_window_below_the_minimum_is_laid_out_at_the_minimum() -> None:
    assert table_layout(300, 200, 2) == table_layout(*MIN_WINDOW, 2)


@pytest.mark.parametrize("count", [1, 4, 8, 12, 20, 40])
def test_the_table_grid_fits_any_number_of_items(count: int) -> None:
    area = Box(100, 120, 1000, 380)
    grid = table_grid(area, 90, count)
    assert len(grid.cells) == count
    for cell in grid.cells:
        assert cell.inside(area)
    for a, b in itertools.combinations(grid.cells, 2):
        assert not a.intersects(b)
    for slot in range(count):
        assert grid.card_box(slot).inside(area)
        boxes = grid.pile_boxes(slot, 5)
        assert all(box.inside(grid.cells[slot].inflate(8, 0)) for box in boxes)
    if count > 12:
        assert grid.card_w < 90  # shrunk to fit
    else:
        assert grid.card_w == 90


def test_a_few_items_sit_in_the_middle_of_the_table() -> None:
    area = Box(0, 0, 1000, 400)
    grid = table_grid(area, 90, 4)
    left = grid.cells[0].x
    right = grid.cells[-1].right
    assert abs((left + right) / 2 - area.centerx) <= 2
    assert abs(grid.cells[0].centery - area.centery) <= 2
    assert [c.x for c in grid.cells] == sorted(c.x for c in grid.cells)


def test_slots_keep_order_and_close_gaps() -> None:
    a, b, c, d = 1 << 0, 1 << 5, 1 << 9, 1 << 20
    first = assign_slots({}, [a, b, c])
    assert first == {a: 0, b: 1, c: 2}
    # b is captured, a new card d arrives: order kept, gap closed, d at the end.
    second = assign_slots(first, [d, a, c])
    assert second == {a: 0, c: 1, d: 2}
    # A pile built on c (c plus a played card) takes c's place.
    pile = c | (1 << 30)
    third = assign_slots(second, [a, d, pile])
    assert third == {a: 0, pile: 1, d: 2}
    # A raised pile (more cards) keeps the place too.
    raised = pile | (1 << 31)
    assert assign_slots(third, [a, d, raised])[raised] == 1
    assert slots_needed(third) == 3 and slots_needed({}) == 0


def test_hit_testing_helpers() -> None:
    boxes = [Box(0, 0, 50, 50), Box(25, 25, 50, 50)]
    assert topmost(boxes, (30, 30)) == 1
    assert topmost(boxes, (5, 5)) == 0
    assert topmost(boxes, (90, 90)) is None
    assert most_overlapped(boxes, Box(30, 30, 50, 50)) == 1
    assert most_overlapped(boxes, Box(200, 200, 10, 10)) is None


def test_hand_fans() -> None:
    layout = table_layout(1280, 720, 4)
    bottom, right, top, left = layout.seats
    assert [p.edge for p in layout.seats] == ["bottom", "right", "top", "left"]
    mine = hand_boxes(bottom, 6)
    assert abs((mine[0].x + mine[-1].right) / 2 - 640) <= 2
    sideways = hand_boxes(left, 6)
    assert all(box.w > box.h for box in sideways)  # turned on their side
    assert hand_boxes(top, 0) == []
    assert all(b.y > a.y for a, b in itertools.pairwise(hand_boxes(right, 6)))


def test_menu_stack() -> None:
    rows = stack(Box(0, 0, 400, 400), 4, 50, 10, width=200)
    assert [r.y for r in rows] == [85, 145, 205, 265]
    assert all(r.x == 100 and r.w == 200 for r in rows)
