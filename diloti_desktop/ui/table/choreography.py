"""Turning the controller's events into timed steps for the table (see :mod:`animation`).

A played card travels from its hand to where it lands; a capture pauses on its target,
then every taken card flies to the side's capture pile; a xeri gets a banner; a new deal
flies from the stock to the hands. Durations are multiplied by the animation factor of
the settings: with animations off each step lasts no time at all, but the sounds and
the order of events stay the same.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from diloti_desktop.controller import MovePlayed
from diloti_desktop.i18n import _
from diloti_desktop.rules.cards import iter_cards
from diloti_desktop.rules.events import DealDealt, LeftoversTaken, Xeri, Xeristaki
from diloti_desktop.rules.moves import MoveKind
from diloti_desktop.rules.position import Position
from diloti_desktop.ui.board.table_grid import assign_slots
from diloti_desktop.ui.board.table_view import TableGeometry, table_items
from diloti_desktop.ui.kit.animation import Flight, Step
from diloti_desktop.ui.kit.audio import Sound
from diloti_desktop.ui.kit.layout import Box, TableLayout, card_height

TRAVEL: Final = 0.34
HOLD: Final = 0.22
SWEEP: Final = 0.42
CELEBRATE: Final = 1.3
LEFTOVERS: Final = 0.5
DEAL_CARD: Final = 0.28
DEAL_STAGGER: Final = 0.035
AI_PAUSE: Final = 0.25


def portrait(box: Box, width: int) -> Box:
    """An upright card ``width`` wide centred on ``box`` (sideways hands are landscape)."""
    return Box.centred(box.centerx, box.centery, width, card_height(width))


def slide_flights(origin: TableGeometry, target: TableGeometry, cards: int,
                  duration: float) -> tuple[list[Flight], int]:
    """Table cards that move because the row re-centred: their flights and their mask."""
    flights = []
    moving = 0
    for card in iter_cards(cards):
        start, end = origin.table_card_box(card), target.table_card_box(card)
        if start is not None and end is not None and start != end:
            flights.append(Flight(card, start, end, 0.0, duration))
            moving |= 1 << card
    return flights, moving


def move_steps(played: MovePlayed, layout: TableLayout, slots: Mapping[int, int],
               viewer: int, factor: float, launch: Box | None = None) -> list[Step]:
    """The steps showing one move, ending on ``played.after`` with its slots."""
    before, after, move = played.before, played.after, played.move
    bit = 1 << move.card
    geo_before = TableGeometry(layout, before, slots, viewer)
    hand_box = geo_before.hand_card_box(played.seat, move.card)
    if launch is not None:
        start = launch
    else:
        start = hand_box if played.seat == viewer else portrait(hand_box, layout.opp_w)
    flip = played.seat != viewer
    table_w = geo_before.grid.card_w
    steps: list[Step] = []

    dealt = 0
    if any(isinstance(e, DealDealt) for e in played.events):
        for seat, hand in enumerate(after.hands):
            dealt |= hand & ~before.hands[seat]

    if move.kind == MoveKind.CAPTURE:
        used = [m for m in slots if m & move.table_cards]
        target = max(used, key=lambda m: (m.bit_count(), -slots[m])) if used else 0
        top = geo_before.item_top_box(target) or Box.centred(*layout.table.center, table_w,
                                                               card_height(table_w))
        dest = Box(top.x + top.w // 4, top.y - top.h // 8, top.w, top.h)
        geo_table = geo_before
        after_slots = move_slots(slots, played)[1]
    else:
        mid_slots, after_slots = move_slots(slots, played)
        geo_table = TableGeometry(layout, before, mid_slots, viewer)
        dest = dict(geo_table.card_boxes(bit | move.table_cards)).get(move.card) or Box.centred(
            *layout.table.center, table_w, card_height(table_w))

    travel = [Flight(move.card, start, dest, 0.0, TRAVEL * factor, flip)]
    sliding = 0
    if move.kind != MoveKind.CAPTURE:
        slides, sliding = slide_flights(geo_before, geo_table, before.table_cards,
                                        TRAVEL * factor)
        travel = slides + travel  # the played card flies over the cards making room
    steps.append(Step(TRAVEL * factor, before, dict(slots), hidden=bit | sliding,
                      flights=tuple(travel), sound=Sound.CARD_FLICK))
    captured_before = (before.captured[0].bit_count(), before.captured[1].bit_count())
    side = played.seat & 1
    pile = geo_before.capture_card_box(side)
    if move.kind == MoveKind.CAPTURE:
        steps.append(Step(HOLD * factor, before, dict(slots), hidden=bit,
                          flights=(Flight(move.card, dest, dest),)))
        flights = [Flight(move.card, dest, pile, 0.0, SWEEP * factor * 0.8)]
        for index, card in enumerate(iter_cards(move.table_cards)):
            origin = geo_before.table_card_box(card) or dest
            flights.append(Flight(card, origin, pile, DEAL_STAGGER * factor * (index + 1) * 0.5,
                                  SWEEP * factor * 0.8))
        geo_after = TableGeometry(layout, after, after_slots, viewer)
        slides, sliding = slide_flights(geo_before, geo_after, after.table_cards,
                                        SWEEP * factor)
        flights += slides
        steps.append(Step(SWEEP * factor, after, after_slots, hidden=dealt | sliding,
                          flights=tuple(flights), captured=captured_before,
                          sound=Sound.CAPTURE, account=played.account))
    else:
        steps.append(Step(0.0, after, after_slots, hidden=dealt, account=played.account))

    for event in played.events:
        if isinstance(event, Xeri):
            steps.append(Step(max(CELEBRATE * factor, 0.0), after, after_slots, hidden=dealt,
                              banner=_("XERI!"), sound=Sound.XERI))
        elif isinstance(event, Xeristaki):
            steps.append(Step(CELEBRATE * 0.8 * factor, after, after_slots, hidden=dealt,
                              banner=_("Xeristaki!"), sound=Sound.XERI))
        elif isinstance(event, LeftoversTaken):
            target_pile = geo_before.capture_card_box(event.side)
            flights = []
            for index, card in enumerate(iter_cards(event.cards)):
                origin = geo_table.table_card_box(card) or dest
                flights.append(Flight(card, origin, target_pile, index * DEAL_STAGGER * factor,
                                      LEFTOVERS * factor * 0.7))
            counts = [after.captured[0].bit_count(), after.captured[1].bit_count()]
            counts[event.side] -= event.cards.bit_count()
            steps.append(Step(LEFTOVERS * factor + len(flights) * DEAL_STAGGER * factor, after,
                              after_slots, flights=tuple(flights),
                              captured=(counts[0], counts[1]), sound=Sound.CAPTURE))
    if dealt:
        steps.extend(deal_steps(after, layout, after_slots, viewer, factor, dealt))
    if played.seat != viewer:
        steps.append(Step(AI_PAUSE * factor, after, after_slots))
    return steps


def move_slots(slots: Mapping[int, int], played: MovePlayed,
               ) -> tuple[dict[int, int], dict[int, int]]:
    """Where the table items sit while ``played`` lands (a new item in its place, the cards
    it takes in still beside it) and once it is played: one rule for live play, undo and a
    restored game."""
    move = played.move
    if move.kind == MoveKind.CAPTURE:
        return dict(slots), assign_slots(slots, table_items(played.after))
    remaining = [m for m in table_items(played.before) if not m & move.table_cards]
    mid = assign_slots(slots, [*remaining, 1 << move.card | move.table_cards])
    return mid, assign_slots(mid, table_items(played.after))


def replayed_slots(position: Position, history: Sequence[MovePlayed]) -> dict[int, int]:
    """The slots the table reaches by showing the round's ``history`` from its first deal,
    as the table showed it live: a continued game lays the cards in the order they had.
    Without a history that leads to ``position`` (an older save), the cards' own order."""
    if not history or history[-1].after != position:
        return assign_slots({}, table_items(position))
    slots = assign_slots({}, table_items(history[0].before))
    for played in history:
        slots = move_slots(slots, played)[1]
    return slots


def deal_steps(position: Position, layout: TableLayout, slots: Mapping[int, int],
               viewer: int, factor: float, cards: int) -> list[Step]:
    """``cards`` (in hands or on the table) flying from the stock to where they lie."""
    geometry = TableGeometry(layout, position, slots, viewer)
    stock = Box(layout.stock.x, layout.stock.y, layout.opp_w, card_height(layout.opp_w))
    flights = []
    order = 0
    for seat in range(position.players):
        for card, box in geometry.hand(seat):
            if not cards >> card & 1:
                continue
            own = seat == viewer
            end = box if own or geometry.place(seat).edge == "top" else portrait(
                box, layout.opp_w)
            flights.append(Flight(card, stock, end, order * DEAL_STAGGER * factor,
                                  DEAL_CARD * factor, flip=own, face_down=not own))
            order += 1
    for card in iter_cards(cards & position.table_cards):
        table_box = geometry.table_card_box(card)
        if table_box is not None:
            flights.append(Flight(card, stock, table_box, order * DEAL_STAGGER * factor,
                                  DEAL_CARD * factor, flip=True))
            order += 1
    duration = (DEAL_CARD + order * DEAL_STAGGER) * factor
    return [Step(duration, position, dict(slots), hidden=cards, flights=tuple(flights),
                 sound=Sound.CARD_FLICK),
            Step(0.0, position, dict(slots))]


def round_start_steps(position: Position, layout: TableLayout, viewer: int,
                      factor: float) -> list[Step]:
    """The first deal of a round: every hand and the four table cards from the stock."""
    slots = assign_slots({}, table_items(position))
    cards = position.table_cards
    for hand in position.hands:
        cards |= hand
    return deal_steps(position, layout, slots, viewer, factor, cards)
