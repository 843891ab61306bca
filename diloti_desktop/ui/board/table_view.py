"""Drawing the table: where each card of a position lies, and painting it.

:class:`TableGeometry` places every card of a position (hands, table items, stock,
capture piles) using :mod:`layout`; :func:`draw_table` paints a position with the
decorations the table scene asks for (selection, highlights, hint, focus, cards in the
air). Sprites here only display cards: they hold no rules, and drawing changes nothing.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from diloti_desktop.controller import seat_name, side_name
from diloti_desktop.i18n import _
from diloti_desktop.rules.cards import CARDS, iter_cards
from diloti_desktop.rules.explain import pile_label
from diloti_desktop.rules.position import Position
from diloti_desktop.ui.board.header import draw_header
from diloti_desktop.ui.board.table_grid import TableGrid, slots_needed, table_grid
from diloti_desktop.ui.board.table_marks import Arrow, Ghost, draw_arrow, draw_ghost
from diloti_desktop.ui.kit import card_art, theme
from diloti_desktop.ui.kit.animation import Flight
from diloti_desktop.ui.kit.layout import (
    CAPTURE_TEXT_W,
    Box,
    SeatPlace,
    TableLayout,
    hand_boxes,
    raised,
)
from diloti_desktop.ui.kit.widgets import Button, draw_button
from diloti_desktop.ui.words.wording import (
    captured_count,
    cards_count,
    pile_caption,
    stock_caption,
    xeri_count_text,
)

PICK_LIFT = 0.16
HOVER_LIFT = 0.05


def table_items(position: Position) -> list[int]:
    """The table's items as card masks: loose cards (lowest first), then the piles."""
    return [1 << card for card in iter_cards(position.loose)] + [p.cards for p in position.piles]


class TableGeometry:
    """Where every card of ``position`` lies for a layout and a slot assignment."""

    def __init__(self, layout: TableLayout, position: Position,
                 slots: Mapping[int, int], viewer: int = 0, spare: int = 0) -> None:
        self.layout = layout
        self.position = position
        self.slots = dict(slots)
        self.viewer = viewer
        #: Free cells kept after the items (where a card about to be laid would go).
        self.spare = spare
        self.grid: TableGrid = table_grid(layout.table, layout.table_w,
                                          slots_needed(self.slots) + spare, layout.font_px)

    def spare_card_box(self, index: int = 0) -> Box | None:
        """The card box of the ``index``-th spare cell (None if there is no such cell)."""
        slot = slots_needed(self.slots) + index
        return self.grid.card_box(slot) if index < self.spare and slot < len(
            self.grid.cells) else None

    def item_boxes(self) -> dict[int, Box]:
        """Each table item (by card mask) and the area it covers."""
        return {mask: self.grid.item_box(slot, mask.bit_count())
                for mask, slot in self.slots.items() if slot < len(self.grid.cells)}

    def item_at(self, pos: tuple[int, int]) -> int | None:
        """The table item under ``pos``."""
        return next((mask for mask, box in self.item_boxes().items() if box.contains(pos)),
                    None)

    def card_boxes(self, mask: int) -> list[tuple[int, Box]]:
        """The cards of one table item with their boxes, bottom card first."""
        slot = self.slots.get(mask)
        if slot is None or slot >= len(self.grid.cells):
            return []
        cards = list(iter_cards(mask))
        return list(zip(cards, self.grid.pile_boxes(slot, len(cards)), strict=True))

    def table_card_box(self, card: int) -> Box | None:
        """Where a table card (loose or in a pile) is drawn."""
        for mask in self.slots:
            if mask >> card & 1:
                return dict(self.card_boxes(mask))[card]
        return None

    def item_top_box(self, mask: int) -> Box | None:
        """The top card of an item (where a capturing card lands)."""
        boxes = self.card_boxes(mask)
        return boxes[-1][1] if boxes else None

    def place(self, seat: int) -> SeatPlace:
        """The place of a seat, the viewer at the bottom."""
        players = self.layout.players
        return self.layout.place((seat - self.viewer) % players)

    def hand(self, seat: int) -> list[tuple[int, Box]]:
        """A seat's cards with their boxes (cards in order, lowest first)."""
        cards = list(iter_cards(self.position.hands[seat]))
        return list(zip(cards, hand_boxes(self.place(seat), len(cards)), strict=True))

    def hand_card_box(self, seat: int, card: int) -> Box:
        """Where a card of a hand lies; for a hidden hand, the last card of the fan."""
        hand = self.hand(seat)
        if seat == self.viewer:
            for hand_card, box in hand:
                if hand_card == card:
                    return box
        if hand:
            return hand[-1][1]
        place = self.place(seat)
        return hand_boxes(place, 1)[0]

    def capture_box(self, side: int) -> Box:
        """The capture pile of a side (the viewer's side at the bottom right)."""
        return self.layout.captures[0 if side == self.viewer & 1 else 1]

    def capture_card_box(self, side: int) -> Box:
        """The top card of a side's capture pile (where captured cards fly)."""
        box = self.capture_box(side)
        return Box(box.right - self.layout.opp_w, box.y, self.layout.opp_w, box.h)


@dataclass
class Decorations:
    """Everything the scene wants drawn over the bare position."""

    hidden: int = 0
    captured: tuple[int, int] | None = None
    picked: int | None = None
    hover_card: int | None = None
    selected: frozenset[int] = frozenset()
    targets: frozenset[int] = frozenset()
    drop_target: int | None = None
    lay_target: bool = False
    focus_item: int | None = None
    focus_card: int | None = None
    hint_card: int | None = None
    hint_items: frozenset[int] = frozenset()
    dragged: tuple[int, Box] | None = None
    flights: Sequence[tuple[Flight, float]] = ()
    status: str = ""
    toast: str = ""
    toast_is_hint: bool = False
    banner: str = ""
    banner_age: float = 0.0
    turn_seat: int | None = None
    thinking: bool = False
    clock: float = 0.0
    human_turn: bool = False
    face_up_hands: frozenset[int] = frozenset({0})
    buttons: Sequence[Button] = ()
    hovered_button: str | None = None
    focused_button: str | None = None
    four_colour: bool = False
    labels: Mapping[int, str] = field(default_factory=dict)
    #: Rings of a chosen colour around hand cards and table items (by card / item mask).
    card_rings: Mapping[int, theme.Colour] = field(default_factory=dict)
    item_rings: Mapping[int, theme.Colour] = field(default_factory=dict)
    ghosts: Sequence[Ghost] = ()
    arrows: Sequence[Arrow] = ()
    #: The top bar's "Round 2 · deal 2 of 4 · first to 61" (not in a lesson or a puzzle).
    round_title: bool = True
    #: The stock and its caption; a lesson's position that leaves the stock out hides it
    #: rather than call it empty.
    stock_shown: bool = True
    #: Where the toast goes instead of its usual place (the review moves it out of the
    #: way of its arrows); its bottom edge, as for the usual place.
    toast_box: Box | None = None
    #: Table items (by mask) the current task names, and areas drawn over the table
    #: afterwards (a lesson's panel): a pile's explanation keeps clear of both.
    asked_items: frozenset[int] = frozenset()
    covered: tuple[Box, ...] = ()


def card_surface(card: int, width: int, four_colour: bool) -> pygame.Surface:
    """The face of a rules card at ``width``."""
    c = CARDS[card]
    return card_art.face(c.rank, c.suit, width, four_colour=four_colour)


@functools.lru_cache(maxsize=8)
def _sideways_back(width: int) -> pygame.Surface:
    return pygame.transform.rotate(card_art.back(width), 90)


@functools.lru_cache(maxsize=64)
def _sideways_face(card: int, width: int, four_colour: bool, edge: str) -> pygame.Surface:
    """A face turned to its player on the left or right edge (hands shown after a round)."""
    return pygame.transform.rotate(card_surface(card, width, four_colour),
                                   -90 if edge == "left" else 90)


def _blit_card(surface: pygame.Surface, image: pygame.Surface, box: Box,
               shadow: bool = True) -> None:
    if image.get_size() != (box.w, box.h):
        image = pygame.transform.smoothscale(image, (max(1, box.w), max(1, box.h)))
    if shadow:
        theme.drop_shadow(surface, box, max(3, box.w // 14), offset=max(2, box.w // 40),
                          alpha=60)
    surface.blit(image, (box.x, box.y))


def draw_table(surface: pygame.Surface, geometry: TableGeometry, deco: Decorations) -> None:
    """Paint the whole table screen for ``geometry.position`` with ``deco``."""
    layout = geometry.layout
    position = geometry.position
    surface.blit(theme.felt((surface.get_width(), surface.get_height())), (0, 0))
    _draw_top_bar(surface, layout, position, deco)
    _draw_table_area(surface, layout, deco)
    _draw_stock(surface, layout, position, deco)
    for side in (0, 1):
        _draw_capture_pile(surface, geometry, side, deco)
    for seat in range(position.players):
        _draw_hand(surface, geometry, seat, deco)
    _draw_items(surface, geometry, deco)
    for ghost in deco.ghosts:
        draw_ghost(surface, ghost, card_surface(ghost.card, ghost.box.w, deco.four_colour))
    for arrow in deco.arrows:
        draw_arrow(surface, arrow, max(3, layout.unit // 160))
    _draw_status(surface, layout, deco)
    for flight, elapsed in deco.flights:
        _draw_flight(surface, flight, elapsed, deco.four_colour)
    if deco.dragged is not None:
        card, box = deco.dragged
        theme.drop_shadow(surface, box, max(3, box.w // 12), offset=max(4, box.w // 14),
                          alpha=90)
        _blit_card(surface, card_surface(card, box.w, deco.four_colour), box, shadow=False)
        _draw_drop_target(surface, geometry, deco)
    if deco.toast:
        _draw_toast(surface, layout, deco)
    if deco.banner:
        _draw_banner(surface, layout, deco)


def _draw_table_area(surface: pygame.Surface, layout: TableLayout, deco: Decorations) -> None:
    """A faint rim marking the table: drop a card on its empty felt to lay it."""
    area = layout.table.inflate(layout.pad * 2, layout.pad)
    radius = layout.unit // 30
    theme.rounded(surface, area, theme.FELT_DARK, radius, alpha=45)
    edge = theme.TARGET if deco.lay_target else theme.FELT_LIGHT
    theme.rounded(surface, area, edge, radius, alpha=160 if deco.lay_target else 70, width=2)


def _draw_top_bar(surface: pygame.Surface, layout: TableLayout, position: Position,
                  deco: Decorations) -> None:
    bar = layout.top_bar
    theme.rounded(surface, bar, theme.BAR, 0, alpha=200)
    size = layout.font_px
    buttons_left = min((b.box.x for b in deco.buttons if b.box.intersects(bar)),
                       default=bar.right)
    draw_header(surface, bar, layout.pad, size, position, buttons_left, deco.round_title)
    for button in deco.buttons:
        draw_button(surface, button, theme.smaller(size, 2),
                    hovered=button.key == deco.hovered_button,
                    focused=button.key == deco.focused_button)


def _draw_stack(surface: pygame.Surface, box: Box, card_w: int, count: int) -> None:
    layers = min(5, math.ceil(count / 6))
    step = max(1, card_w // 30)
    for i in range(layers):
        card_box = Box(box.x + i * step, box.y - i * step, card_w, box.h)
        _blit_card(surface, card_art.back(card_w), card_box, shadow=i == 0)


def _draw_placeholder(surface: pygame.Surface, box: Box) -> None:
    theme.rounded(surface, box, theme.FELT_DARK, max(3, box.w // 12), alpha=90)
    pygame.draw.rect(surface, theme.PANEL_EDGE, pygame.Rect(box), width=1,
                     border_radius=max(3, box.w // 12))


def _draw_stock(surface: pygame.Surface, layout: TableLayout, position: Position,
                deco: Decorations) -> None:
    if not deco.stock_shown:
        return
    box = layout.stock
    card_box = Box(box.x, box.y, layout.opp_w, box.h)
    count = len(position.stock)
    if count:
        _draw_stack(surface, card_box, layout.opp_w, count)
    else:
        _draw_placeholder(surface, card_box)
    theme.blit_text(surface, stock_caption(count), layout.font_px,
                    (box.right + layout.pad, box.centery), theme.INK_DIM, anchor="midleft")


def _draw_capture_pile(surface: pygame.Surface, geometry: TableGeometry, side: int,
                       deco: Decorations) -> None:
    layout = geometry.layout
    position = geometry.position
    box = geometry.capture_box(side)
    card_box = geometry.capture_card_box(side)
    count = (deco.captured[side] if deco.captured is not None
             else position.captured[side].bit_count())
    if count:
        _draw_stack(surface, card_box, layout.opp_w, count)
    else:
        _draw_placeholder(surface, card_box)
    size = layout.font_px
    right = box.x - layout.pad
    name = side_name(side, position.players)
    line = theme.line_height(size)
    top = box.y + max(0, (box.h - 3 * line) // 2)
    column = round(layout.unit * CAPTURE_TEXT_W)
    theme.blit_text(surface, name, size, (right, top), theme.INK, bold=True,
                    anchor="topright", max_width=column)
    theme.blit_text(surface, captured_count(count), size, (right, top + line), theme.INK_DIM,
                    anchor="topright", max_width=column)
    xeris = position.xeris[side]
    if xeris:
        radius = max(7, round(size * 0.62))
        shown = min(xeris, 5)
        y = top + 2 * line + radius
        for i in range(shown):
            cx = right - radius - i * (radius * 2 + 3)
            theme.badge(surface, (cx, y), radius, theme.GOLD, "X")
        if xeris > shown:
            theme.blit_text(surface, f"+{xeris - shown}", size,
                            (right - shown * (radius * 2 + 3) - 2, y), theme.GOLD,
                            anchor="midright")
        theme.blit_text(surface, xeri_count_text(xeris), theme.smaller(size, 3),
                        (right - shown * (radius * 2 + 3) - (28 if xeris > shown else 4), y),
                        theme.GOLD, anchor="midright")


def _draw_hand(surface: pygame.Surface, geometry: TableGeometry, seat: int,
               deco: Decorations) -> None:
    layout = geometry.layout
    place = geometry.place(seat)
    hand = geometry.hand(seat)
    face_up = seat in deco.face_up_hands
    for card, box in hand:
        if deco.hidden >> card & 1:
            continue
        if place.edge == "bottom" and face_up:
            lifted = box
            if card == deco.picked:
                lifted = raised(box, PICK_LIFT)
            elif card == deco.hover_card:
                lifted = raised(box, HOVER_LIFT)
            if card == deco.hint_card:
                theme.glow_ring(surface, lifted, theme.HINT, max(4, box.w // 12))
            elif card in deco.card_rings:
                theme.glow_ring(surface, lifted, deco.card_rings[card], max(4, box.w // 12))
            _blit_card(surface, card_surface(card, box.w, deco.four_colour), lifted)
            if card == deco.picked:
                card_art.draw_outline(surface, pygame.Rect(lifted))
            if card == deco.focus_card and card != deco.picked:
                card_art.draw_outline(surface, pygame.Rect(lifted), theme.FOCUS)
        elif place.edge in ("left", "right"):
            if face_up:
                _blit_card(surface, _sideways_face(card, place.card_w, deco.four_colour,
                                                   place.edge), box)
            else:
                _blit_card(surface, _sideways_back(place.card_w), box)
        elif face_up:
            if card in deco.card_rings:
                theme.glow_ring(surface, box, deco.card_rings[card], max(4, box.w // 12))
            _blit_card(surface, card_surface(card, box.w, deco.four_colour), box)
        else:
            _blit_card(surface, card_art.back(box.w), box)
    if place.edge != "bottom":
        _draw_seat_label(surface, layout, place, seat, len(hand), deco)
    elif deco.human_turn and deco.turn_seat == seat:
        chip = place.label
        label = _("Your turn")
        w = theme.text(label, layout.font_px, bold=True).get_width() + 2 * layout.pad
        chip_box = Box(chip.x, chip.y + 3, w, chip.h - 6)
        pygame.draw.rect(surface, theme.TURN, pygame.Rect(chip_box),
                         border_radius=chip_box.h // 2)
        theme.blit_text(surface, label, layout.font_px, chip_box.center, theme.INK_DARK,
                        bold=True, anchor="center")


def _draw_seat_label(surface: pygame.Surface, layout: TableLayout, place: SeatPlace, seat: int,
                     count: int, deco: Decorations) -> None:
    players = layout.players
    name = seat_name(seat, players)
    extra = deco.labels.get(seat, "")
    size = layout.font_px
    is_turn = deco.turn_seat == seat
    box = place.label  # its own place: West's and East's above the felt, not on it
    if deco.thinking and is_turn:
        dots = "." * (1 + int(deco.clock * 3) % 3)
        detail = _("thinking{dots}").format(dots=dots)
    else:
        detail = cards_count(count)
    title = _("{name} · {level}").format(name=name, level=extra) if extra else name
    anchor_x = box.x if place.edge != "right" else box.right
    anchor: theme.Anchor = "midleft" if place.edge != "right" else "midright"
    detail_surface = theme.text(detail, theme.smaller(size, 2), theme.INK_DARK if is_turn
                                else theme.INK_DIM)
    # The chip (name, level and card count) stays inside the seat's label box. When a long
    # name and level need the room, the count goes (the fan of card backs shows it too).
    room = box.w - detail_surface.get_width() - 3 * layout.pad
    if (extra and place.edge == "top" and not theme.fits(title, size, room, bold=True)
            and not theme.fits(title, size, box.w - 2 * layout.pad, bold=True)):
        # North's band is as tall as a card: the level goes on a line of its own.
        _draw_two_line_label(surface, layout, place, (name, extra, detail), is_turn)
        return
    if not (deco.thinking and is_turn) and not theme.fits(title, size, room, bold=True):
        detail_surface = theme.text("", theme.smaller(size, 2))
        room = box.w - 2 * layout.pad
    title_size = theme.fit_size(title, size, room, bold=True)
    title_surface = theme.text(theme.fit(title, title_size, room, bold=True), title_size,
                               theme.INK_DARK if is_turn else theme.INK, bold=True)
    w = title_surface.get_width() + detail_surface.get_width() + 3 * layout.pad
    h = max(title_surface.get_height(), box.h)
    chip = Box(anchor_x if anchor == "midleft" else anchor_x - w, box.centery - h // 2, w, h)
    if is_turn:
        pygame.draw.rect(surface, theme.TURN, pygame.Rect(chip), border_radius=h // 2)
    else:
        theme.rounded(surface, chip, theme.BAR, h // 2, alpha=150)
    surface.blit(title_surface, title_surface.get_rect(midleft=(chip.x + layout.pad,
                                                                chip.centery)))
    surface.blit(detail_surface, detail_surface.get_rect(
        midright=(chip.right - layout.pad, chip.centery)))


def _draw_two_line_label(surface: pygame.Surface, layout: TableLayout, place: SeatPlace,
                         words: tuple[str, str, str], is_turn: bool) -> None:
    """North's chip on two lines: the name (and the card count), then the level."""
    name, level, detail = words
    size, pad = layout.font_px, layout.pad
    small = theme.smaller(size, 1)
    box = place.label
    room = box.w - 2 * pad
    detail_w = theme.text(detail, small).get_width()
    top = theme.fit(name, size, room - detail_w - pad, bold=True)
    bottom_size = theme.fit_size(level, small, room)
    lines_h = theme.line_height(size) + theme.line_height(bottom_size)
    h = min(place.area.h, lines_h + pad // 2)
    chip = Box(box.x, place.area.y + (place.area.h - h) // 2, box.w, h)
    ink = theme.INK_DARK if is_turn else theme.INK
    if is_turn:
        pygame.draw.rect(surface, theme.TURN, pygame.Rect(chip), border_radius=pad)
    else:
        theme.rounded(surface, chip, theme.BAR, pad, alpha=150)
    y = chip.y + (h - lines_h) // 2
    theme.blit_text(surface, top, size, (chip.x + pad, y), ink, bold=True)
    theme.blit_text(surface, detail, small, (chip.right - pad, y + 1),
                    theme.INK_DARK if is_turn else theme.INK_DIM, anchor="topright")
    theme.blit_text(surface, level, bottom_size, (chip.x + pad, y + theme.line_height(size)),
                    ink, max_width=room)


def _draw_items(surface: pygame.Surface, geometry: TableGeometry, deco: Decorations) -> None:
    layout = geometry.layout
    position = geometry.position
    piles = {p.cards: p for p in position.piles}
    radius = max(4, geometry.grid.card_w // 12)
    for mask, box in sorted(geometry.item_boxes().items(), key=lambda kv: kv[1].y):
        shown = [(c, b) for c, b in geometry.card_boxes(mask) if not deco.hidden >> c & 1]
        if not shown:
            continue
        area = box
        if mask in deco.hint_items:
            theme.glow_ring(surface, area, theme.HINT, radius)
        elif mask in deco.item_rings:
            theme.glow_ring(surface, area, deco.item_rings[mask], radius, thickness=4)
        elif mask in deco.targets:
            theme.glow_ring(surface, area, theme.TARGET, radius, thickness=4)
        for card, card_box in shown:
            _blit_card(surface, card_surface(card, card_box.w, deco.four_colour), card_box)
        if mask in deco.selected:
            card_art.draw_outline(surface, pygame.Rect(area))
        if mask == deco.focus_item:
            focus = area.inflate(8, 8)
            pygame.draw.rect(surface, theme.FOCUS, pygame.Rect(focus), width=2,
                             border_radius=radius + 4)
        pile = piles.get(mask)
        if pile is not None:
            slot = geometry.slots[mask]
            label_box = geometry.grid.label_box(slot)
            caption = pile_caption(pile, position.players)
            size = max(theme.MIN_TEXT_PX, min(layout.font_px - 1,
                                              round(geometry.grid.card_w * 0.15)))
            if not theme.fits(caption, size, label_box.w - 8, bold=True):
                # A narrow cell (a long translation, a crowded table): the pile's value
                # alone; whose it is shows in the chip's colour when it is the player's,
                # and in the pile's tooltip.
                caption = pile_label(pile)
            size = theme.fit_size(caption, size, label_box.w - 8, bold=True)
            text = theme.text(theme.fit(caption, size, label_box.w - 8, bold=True), size,
                              theme.INK_DARK, bold=True)
            chip = Box.centred(label_box.centerx, label_box.centery, text.get_width() + 12,
                               text.get_height() + 2)
            fill = theme.TURN if pile.owner == geometry.viewer else theme.INK
            pygame.draw.rect(surface, fill, pygame.Rect(chip), border_radius=chip.h // 2)
            surface.blit(text, text.get_rect(center=chip.center))


def _draw_drop_target(surface: pygame.Surface, geometry: TableGeometry,
                      deco: Decorations) -> None:
    """Over the dragged card, so that it stays visible: where a drop would land."""
    target = deco.drop_target
    if target is None:
        return
    box = geometry.item_boxes().get(target)
    if box is None:
        return
    radius = max(4, geometry.grid.card_w // 12)
    if target in deco.targets:
        theme.glow_ring(surface, box, theme.DROP_TARGET, radius, thickness=4)
    else:  # nothing legal uses this item with the dragged card
        pygame.draw.rect(surface, theme.ALERT, pygame.Rect(box.inflate(8, 8)), width=3,
                         border_radius=radius + 4)


def _draw_status(surface: pygame.Surface, layout: TableLayout, deco: Decorations) -> None:
    if deco.status:
        box = layout.status
        # Clear of the "Your turn" chip at the left (and as far from the right, centred);
        # without the chip (a review) the line may take the whole row.
        room = box.w - round(layout.unit * 0.6) if deco.human_turn else box.w
        theme.blit_text(surface, deco.status, layout.font_px, box.center, theme.INK,
                        anchor="center", max_width=room)


def _draw_flight(surface: pygame.Surface, flight: Flight, elapsed: float,
                 four_colour: bool) -> None:
    box = flight.box_at(elapsed)
    face_up, squash = flight.face_shown(elapsed)
    width = max(card_art.MIN_WIDTH, min(card_art.MAX_WIDTH, box.w))
    image = card_surface(flight.card, width, four_colour) if face_up else card_art.back(width)
    w = max(1, round(box.w * squash))
    _blit_card(surface, image, Box(box.centerx - w // 2, box.y, w, box.h))


#: Lines a toast may take before its text shrinks: the review's explanation (what happens
#: next, then the better move) needs five in German at the smallest window.
TOAST_LINES = 5


def toast_panel(layout: TableLayout, text: str, box: Box | None = None
                ) -> tuple[Box, list[str], int]:
    """Where the toast ``text`` is drawn when placed at ``box`` (the layout's toast
    place by default; a long text grows it upwards), its lines and their font size."""
    box = box or layout.toast
    lines, size = theme.wrap_fit(text, layout.font_px, box.w - 4 * layout.pad, TOAST_LINES)
    h = max(box.h, len(lines) * theme.line_height(size) + layout.pad * 2)
    return Box(box.x, box.bottom - h, box.w, h), lines, size


def _draw_toast(surface: pygame.Surface, layout: TableLayout, deco: Decorations) -> None:
    panel, lines, size = toast_panel(layout, deco.toast, deco.toast_box)
    line = theme.line_height(size)
    fill, ink = (theme.PANEL, theme.HINT) if deco.toast_is_hint else (theme.ALERT_BG, theme.ALERT)
    theme.rounded(surface, panel, fill, panel.h // 3, alpha=235)
    pygame.draw.rect(surface, ink, pygame.Rect(panel), width=2, border_radius=panel.h // 3)
    y = panel.centery - len(lines) * line // 2
    for text_line in lines:
        theme.blit_text(surface, text_line, size, (panel.centerx, y), ink, anchor="midtop")
        y += line


def _draw_sparks(surface: pygame.Surface, centre: tuple[int, int], unit: int,
                 age: float) -> None:
    """Gold sparks bursting out of the banner for its first second."""
    if age >= 1.0:
        return
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    alpha = round(255 * (1 - age) ** 1.5)
    reach = unit * (0.08 + 0.42 * (1 - (1 - age) ** 2))
    for index in range(24):
        angle = index * math.tau / 24 + (index % 3) * 0.09
        distance = reach * (0.7 + 0.3 * ((index * 7) % 5) / 4)
        x = centre[0] + math.cos(angle) * distance * 1.6
        y = centre[1] + math.sin(angle) * distance * 0.8
        radius = max(2, round(unit * 0.007 * (1.4 - age)))
        colour = theme.GOLD if index % 2 else theme.INK
        pygame.draw.circle(layer, (*colour, alpha), (round(x), round(y)), radius)
    surface.blit(layer, (0, 0))


def _draw_banner(surface: pygame.Surface, layout: TableLayout, deco: Decorations) -> None:
    table = layout.table
    pulse = 1.0 + 0.08 * math.sin(min(deco.banner_age, 2.0) * 9) * max(
        0.0, 1 - deco.banner_age)
    size = max(24, round(layout.unit * 0.12 * pulse))
    shadow = theme.text(deco.banner, size, theme.GOLD_DARK, bold=True)
    front = theme.text(deco.banner, size, theme.GOLD, bold=True)
    cx, cy = table.centerx, table.centery
    _draw_sparks(surface, (cx, cy), layout.unit, deco.banner_age)
    glow = Box.centred(cx, cy, front.get_width() + size, front.get_height() + size // 3)
    theme.rounded(surface, glow, theme.BAR, glow.h // 2, alpha=170)
    for dx, dy in ((-3, 3), (3, 3), (0, 4)):
        surface.blit(shadow, shadow.get_rect(center=(cx + dx, cy + dy)))
    surface.blit(front, front.get_rect(center=(cx, cy)))

