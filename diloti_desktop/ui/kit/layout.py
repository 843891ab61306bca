"""Where everything goes on the screen, as plain numbers: no pygame here.

Every function takes the window size (and what has to fit) and returns :class:`Box`
values, so the geometry is unit-tested without a display and the scenes simply draw
into the boxes they are given. Seats are placed relative to the person watching, who
always sits at the bottom: with two players the opponent is at the top; with four,
play goes bottom, right, top, left (East, North, West).
The table's items (loose cards and piles) are placed by :mod:`diloti_desktop.ui.board.table_grid`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final, Literal, NamedTuple

#: The smallest frame the screens are laid out for; a smaller window shows the frame
#: scaled down (see ``ui.input.Viewport`` and ``ui.shell``).
MIN_WINDOW: Final = (960, 600)
#: The width of the words beside a capture pile (side name, cards taken), in table units.
CAPTURE_TEXT_W: Final = 0.3
#: Width multipliers of the "card size" setting.
CARD_SCALES: Final = {"small": 0.88, "medium": 1.0, "large": 1.12}

Edge = Literal["bottom", "top", "left", "right"]
Point = tuple[float, float]


class Box(NamedTuple):
    """An axis-aligned rectangle in pixels (``pygame.Rect(box)`` accepts it as is)."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        """One past the last column."""
        return self.x + self.w

    @property
    def bottom(self) -> int:
        """One past the last row."""
        return self.y + self.h

    @property
    def centerx(self) -> int:
        """The middle column."""
        return self.x + self.w // 2

    @property
    def centery(self) -> int:
        """The middle row."""
        return self.y + self.h // 2

    @property
    def center(self) -> tuple[int, int]:
        """The middle point."""
        return self.centerx, self.centery

    def contains(self, point: Point) -> bool:
        """Whether ``point`` lies inside (right and bottom edges excluded)."""
        px, py = point
        return self.x <= px < self.right and self.y <= py < self.bottom

    def inside(self, outer: Box) -> bool:
        """Whether this box lies entirely within ``outer``."""
        return (outer.x <= self.x and outer.y <= self.y and self.right <= outer.right
                and self.bottom <= outer.bottom)

    def intersects(self, other: Box) -> bool:
        """Whether the two boxes share at least one pixel."""
        return (self.x < other.right and other.x < self.right and self.y < other.bottom
                and other.y < self.bottom)

    def overlap_area(self, other: Box) -> int:
        """How many pixels the two boxes share."""
        w = min(self.right, other.right) - max(self.x, other.x)
        h = min(self.bottom, other.bottom) - max(self.y, other.y)
        return w * h if w > 0 and h > 0 else 0

    def inflate(self, dx: int, dy: int) -> Box:
        """Grown by ``dx`` in width and ``dy`` in height, around the same centre."""
        return Box(self.x - dx // 2, self.y - dy // 2, self.w + dx, self.h + dy)

    def move(self, dx: int, dy: int) -> Box:
        """Shifted by ``(dx, dy)``."""
        return Box(self.x + dx, self.y + dy, self.w, self.h)

    @staticmethod
    def centred(cx: float, cy: float, w: int, h: int) -> Box:
        """A ``w`` x ``h`` box centred on ``(cx, cy)``."""
        return Box(round(cx - w / 2), round(cy - h / 2), w, h)


def screen_unit(width: int, height: int) -> int:
    """The height of the largest 16:9 area that fits the window: what every screen sizes
    its type and panels by, so they read the same at 1280x720 and 1920x1080."""
    return round(min(height, width * 9 / 16))


def card_height(width: int) -> int:
    """Cards are 5:7, as :func:`diloti_desktop.ui.kit.card_art.card_size` draws them."""
    return round(width * 7 / 5)


def lerp_box(a: Box, b: Box, t: float) -> Box:
    """The box ``t`` of the way from ``a`` to ``b`` (position and size)."""
    return Box(round(a.x + (b.x - a.x) * t), round(a.y + (b.y - a.y) * t),
               round(a.w + (b.w - a.w) * t), round(a.h + (b.h - a.h) * t))


# -- the table ---------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatPlace:
    """Where one seat's hand and name go."""

    seat: int
    edge: Edge
    area: Box
    label: Box
    card_w: int


@dataclass(frozen=True)
class TableLayout:
    """The fixed regions of the table screen for one window size."""

    width: int
    height: int
    players: int
    unit: int
    pad: int
    top_bar: Box
    buttons: tuple[tuple[str, Box], ...]
    seats: tuple[SeatPlace, ...]
    table: Box
    stock: Box
    captures: tuple[Box, Box]
    status: Box
    toast: Box
    #: Where the round's move history goes when open: the left of the felt, below the
    #: stock's corner and (four players) beside West's hand, below West's name.
    history: Box
    play_button: Box
    hand_w: int
    table_w: int
    opp_w: int
    font_px: int

    def button(self, name: str) -> Box:
        """The box of a top-bar button (``"hint"``, ``"moves"``, ``"menu"``)."""
        return dict(self.buttons)[name]

    def place(self, seat: int) -> SeatPlace:
        """Where ``seat`` sits."""
        return self.seats[seat]

    def beside_history(self) -> TableLayout:
        """This layout while the history panel is open: the felt, and the toast above the
        status line, move to the right of the panel, so nothing lies under it."""
        left = self.history.right + self.pad
        table = Box(left, self.table.y, self.table.right - left, self.table.h)
        toast_w = min(self.toast.w, table.w)
        toast = Box(table.centerx - toast_w // 2, self.toast.y, toast_w, self.toast.h)
        return replace(self, table=table, toast=toast)


TOP_BUTTONS: Final = ("hint", "moves", "menu")
#: Each top button's width in screen units: the hint's word is the longest in some
#: languages («Suggerimento», «Υπόδειξη») and must stay whole at 12 px at 960x600.
TOP_BUTTON_W: Final = {"hint": 0.18, "moves": 0.135, "menu": 0.135}


def seat_edges(players: int) -> tuple[Edge, ...]:
    """The edge of each seat, seat 0 (the watcher) at the bottom, play going round."""
    if players == 2:
        return ("bottom", "top")
    if players == 4:
        return ("bottom", "right", "top", "left")
    raise ValueError(f"players must be 2 or 4, not {players}")


def table_layout(width: int, height: int, players: int, card_scale: float = 1.0,
                 smallest: tuple[int, int] = MIN_WINDOW) -> TableLayout:
    """Lay out the table screen for a ``width`` x ``height`` window.

    Sizes follow the window (``unit`` is the height of a 16:9 area that fits), so the
    table reads the same at 1280x720 and 1920x1080. Windows below :data:`MIN_WINDOW` are
    laid out as if they had the minimum size (the shell never asks for less: it scales
    a frame of at least the minimum down to a smaller window). A picture of the table
    inside a screen (the review's) gives its own ``smallest``: drawn at its true size,
    its text keeps the size it has on the table instead of being scaled down.
    """
    edges = seat_edges(players)
    width, height = max(width, smallest[0]), max(height, smallest[1])
    unit = max(screen_unit(width, height), screen_unit(*MIN_WINDOW))
    pad = max(6, round(unit * 0.014))
    font_px = max(13, round(unit * 0.024))
    bar_h = max(30, round(unit * 0.052))

    hand_w = round(unit * 0.138 * card_scale)
    hand_w = max(40, min(hand_w, int(width * 0.54 / 6.5)))
    hand_h = card_height(hand_w)
    opp_w = max(30, round(hand_w * 0.52))
    opp_h = card_height(opp_w)
    table_w = max(36, round(hand_w * 0.9))

    top_bar = Box(0, 0, width, bar_h)
    button_h = bar_h - 2 * max(3, pad // 2)
    buttons: list[tuple[str, Box]] = []
    x = width - pad
    for name in reversed(TOP_BUTTONS):
        button_w = round(unit * TOP_BUTTON_W[name])
        x -= button_w
        buttons.append((name, Box(x, (bar_h - button_h) // 2, button_w, button_h)))
        x -= pad
    buttons.reverse()

    north_y = bar_h + pad
    north_band = Box(0, north_y, width, opp_h)
    raise_h = round(hand_h * 0.16)
    hand_y = height - pad - hand_h
    status_h = round(font_px * 1.9)
    status = Box(pad * 2, hand_y - raise_h - pad // 2 - status_h, width - pad * 4, status_h)
    label_h = round(font_px * 1.6)
    middle_top = north_band.bottom + pad
    middle_bottom = status.y - pad // 2

    # With four players West's and East's names have a row of their own above the felt
    # (they are wider than their hands' columns): no table card or panel lies under them.
    side_strip = opp_h + 2 * pad if players == 4 else 0
    felt_top = middle_top + (label_h + pad // 2 if players == 4 else 0)
    table = Box(pad * 2 + side_strip, felt_top,
                width - 2 * (pad * 2 + side_strip), middle_bottom - felt_top)

    # Corners: the stock at the top left, the capture piles at the right (opponents top,
    # the watcher's side bottom), the play button at the bottom left.
    corner_w = opp_w + round(opp_w * 0.25)
    stock = Box(pad * 2, north_y, corner_w, opp_h)
    captures = (
        Box(width - pad * 2 - corner_w, hand_y + (hand_h - opp_h), corner_w, opp_h),
        Box(width - pad * 2 - corner_w, north_y, corner_w, opp_h),
    )
    play_w = round(unit * 0.2)
    play_button = Box(pad * 2, hand_y + hand_h // 2 - bar_h // 2, play_w, bar_h)
    toast_w = min(width - 8 * pad, round(unit * 1.25))
    toast = Box((width - toast_w) // 2, status.y - pad - round(font_px * 2.4), toast_w,
                round(font_px * 2.4))

    seats: list[SeatPlace] = []
    for seat, edge in enumerate(edges):
        if edge == "bottom":
            area = Box(0, hand_y, width, hand_h)
            label = Box(status.x, status.y, round(unit * 0.3), status.h)
            card_w = hand_w
        elif edge == "top":
            area = north_band
            label_x = width // 2 + round(opp_w * 1.6)
            # Up to the capture pile's words (a column of CAPTURE_TEXT_W units on its left).
            room = captures[1].x - pad * 2 - round(unit * CAPTURE_TEXT_W) - label_x
            label = Box(label_x, north_y + (opp_h - label_h) // 2,
                        max(round(unit * 0.2), min(round(unit * 0.42), room)), label_h)
            card_w = opp_w
        else:
            column_x = pad * 2 if edge == "left" else width - pad * 2 - opp_h
            area = Box(column_x, table.y, opp_h, table.h)
            # The row above the felt is free between the side columns: room for a name,
            # "partner" and a level at 12 px.
            label_w = round(unit * 0.36)
            label_x = column_x if edge == "left" else column_x + opp_h - label_w
            label = Box(label_x, middle_top, label_w, label_h)
            card_w = opp_w
        seats.append(SeatPlace(seat, edge, area, label, card_w))

    history_w = min(table.w // 2, max(300, min(round(width * 0.34), round(unit * 0.7))))
    history = Box(table.x, table.y, history_w, status.y - pad - table.y)

    return TableLayout(
        width=width, height=height, players=players, unit=unit, pad=pad, top_bar=top_bar,
        buttons=tuple(buttons), seats=tuple(seats), table=table, stock=stock,
        captures=captures, status=status, toast=toast, history=history,
        play_button=play_button,
        hand_w=hand_w, table_w=table_w, opp_w=opp_w, font_px=font_px,
    )


def hand_boxes(place: SeatPlace, count: int) -> list[Box]:
    """The box of each card of a hand of ``count`` cards, in drawing order.

    The watcher's cards lie side by side; other hands are fanned backs that overlap
    (turned sideways on the left and right edges).
    """
    if count <= 0:
        return []
    w = place.card_w
    h = card_height(w)
    area = place.area
    if place.edge == "bottom":
        gap = round(w * 0.1)
        total = count * w + (count - 1) * gap
        x0 = area.centerx - total // 2
        return [Box(x0 + i * (w + gap), area.y, w, h) for i in range(count)]
    step = round(w * 0.42)
    if place.edge == "top":
        total = w + (count - 1) * step
        x0 = area.centerx - total // 2
        return [Box(x0 + i * step, area.y, w, h) for i in range(count)]
    # Sideways: the card is h wide and w tall.
    step = min(step, (area.h - w) // max(1, count - 1)) if count > 1 else step
    total = w + (count - 1) * step
    y0 = area.centery - total // 2
    return [Box(area.x, y0 + i * step, h, w) for i in range(count)]


def raised(box: Box, amount: float) -> Box:
    """A hand card lifted by ``amount`` of its height (picked or hovered)."""
    return box.move(0, -round(box.h * amount))


def topmost(boxes: Sequence[Box], point: Point) -> int | None:
    """The index of the last (topmost) box containing ``point``, or None."""
    for index in range(len(boxes) - 1, -1, -1):
        if boxes[index].contains(point):
            return index
    return None


def most_overlapped(boxes: Sequence[Box], probe: Box, minimum: float = 0.2) -> int | None:
    """The index of the box ``probe`` covers most, if it covers at least ``minimum`` of it."""
    best, best_share = None, minimum
    for index, box in enumerate(boxes):
        share = probe.overlap_area(box) / max(1, box.w * box.h)
        if share >= best_share:
            best, best_share = index, share
    return best


# -- menus and panels --------------------------------------------------------------------
def panel(width: int, height: int, w_frac: float, h_frac: float,
          max_w: int | None = None) -> Box:
    """A centred panel taking a fraction of the window."""
    w = round(width * w_frac)
    if max_w is not None:
        w = min(w, max_w)
    h = round(height * h_frac)
    return Box((width - w) // 2, (height - h) // 2, w, h)


def stack(area: Box, count: int, row_h: int, gap: int, width: int | None = None) -> list[Box]:
    """``count`` rows of height ``row_h`` centred in ``area`` (buttons of a menu)."""
    w = area.w if width is None else min(width, area.w)
    total = count * row_h + max(0, count - 1) * gap
    y0 = area.y + max(0, (area.h - total) // 2)
    x0 = area.x + (area.w - w) // 2
    return [Box(x0, y0 + i * (row_h + gap), w, row_h) for i in range(count)]


def columns(area: Box, count: int, gap: int) -> list[Box]:
    """``count`` equal columns side by side across ``area``."""
    w = (area.w - (count - 1) * gap) // max(1, count)
    return [Box(area.x + i * (w + gap), area.y, w, area.h) for i in range(count)]
