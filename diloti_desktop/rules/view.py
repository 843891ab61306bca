"""What one seat may know, and sampling the hidden cards consistently with it.

A :class:`SeatView` keeps the seat's own hand and everything public (the table, the piles
with their owners, every captured card: a player has watched every card played), and
hides the other hands and the stock order, keeping only their sizes. AI players and hints
work from a view; search players :func:`sample` complete positions from it.

Deductions used when sampling: cards seen are gone, and the owner of a pile holds at
least one card of its value (docs/rules.md §4), so every sample respects both.

A view may also carry the current deal's moves (:attr:`SeatView.deal`): every card played
is public, and so is the table each was played on. What the others chose to play says
something about what they hold; a search can weigh its samples by it (an option of the
searching levels, :mod:`diloti_desktop.ai.inference`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from diloti_desktop.rules.cards import FULL_DECK, RANK_MASK
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position

_REJECTION_TRIES = 64


class SeatView(NamedTuple):
    """One seat's knowledge: ``position`` with other hands emptied and the stock removed."""

    seat: int
    position: Position
    hand_sizes: tuple[int, ...]
    stock_size: int
    unseen: int
    #: The moves of the current deal so far, oldest first, each with the position it was
    #: played in, every hand and the stock hidden (public knowledge only).
    deal: tuple[tuple[Position, Move], ...] = ()

    @property
    def hand(self) -> int:
        """The seat's own hand."""
        return self.position.hands[self.seat]

    def sample(self, rng: random.Random) -> Position:
        """A complete position consistent with this view (see :func:`sample`)."""
        return sample(self, rng)


def seat_view(position: Position, seat: int,
              history: Sequence[tuple[Position, Move]] = ()) -> SeatView:
    """The view of ``seat``: other hands and the stock hidden.

    ``history`` is the round's moves so far, each with the position before it (any
    earlier part may be left out); the view keeps those of the current deal, hidden.
    """
    seen = seen_by(position, seat)
    hands = tuple(h if s == seat else 0 for s, h in enumerate(position.hands))
    blank = position._replace(hands=hands, stock=())
    return SeatView(seat, blank, tuple(h.bit_count() for h in position.hands),
                    len(position.stock), FULL_DECK & ~seen, _this_deal(position, history))


def seen_by(position: Position, seat: int) -> int:
    """The cards ``seat`` can see or has seen taken: its hand, the table and every captured
    card. The others are in the other hands and the stock."""
    seen = position.hands[seat] | position.loose | position.captured[0] | position.captured[1]
    for pile in position.piles:
        seen |= pile.cards
    return seen


def _this_deal(position: Position, history: Sequence[tuple[Position, Move]],
               ) -> tuple[tuple[Position, Move], ...]:
    """The last moves of ``history`` played in the deal ``position`` is in, hands hidden;
    none unless the history reaches ``position`` (its last move leads there)."""
    if not history or history[-1][0].played != position.played - 1:
        return ()
    kept: list[tuple[Position, Move]] = []
    stock = len(position.stock)
    hidden = (0,) * len(position.hands)
    for before, move in reversed(history):
        if before.round_no != position.round_no or len(before.stock) != stock:
            break
        kept.append((before._replace(hands=hidden, stock=()), move))
    kept.reverse()
    return tuple(kept)


def _constraints(view: SeatView) -> list[tuple[int, int]]:
    """(seat, rank mask) pairs: each other owner holds a card of its pile's value."""
    return [(pile.owner, RANK_MASK[pile.value]) for pile in view.position.piles
            if pile.owner != view.seat and view.hand_sizes[pile.owner] > 0]


def sample(view: SeatView, rng: random.Random) -> Position:
    """Deal the unseen cards to the hidden hands and the stock, respecting what is known.

    Rejection sampling keeps the draw uniform over consistent deals; after many misses
    (very unlikely) each constrained owner is given a card of the value first.
    """
    unseen = [card for card in range(52) if view.unseen >> card & 1]
    constraints = _constraints(view)
    others = [s for s in range(len(view.hand_sizes)) if s != view.seat]
    for _ in range(_REJECTION_TRIES):
        rng.shuffle(unseen)
        hands = _deal(view, others, unseen)
        if all(hands[s] & need for s, need in constraints):
            return _complete(view, hands, unseen)
    forced: dict[int, int] = {}
    pool = list(unseen)
    for seat, need in constraints:
        candidates = [c for c in pool if need >> c & 1]
        if candidates:
            card = rng.choice(candidates)
            pool.remove(card)
            forced[seat] = forced.get(seat, 0) | 1 << card
    rng.shuffle(pool)
    ordered: list[int] = []
    for seat in others:
        hand_cards = [c for c in range(52) if forced.get(seat, 0) >> c & 1]
        take = view.hand_sizes[seat] - len(hand_cards)
        ordered += hand_cards + pool[:take]
        pool = pool[take:]
    ordered += pool
    return _complete(view, _deal(view, others, ordered), ordered)


def _deal(view: SeatView, others: list[int], cards: list[int]) -> list[int]:
    hands = list(view.position.hands)
    index = 0
    for seat in others:
        hand = 0
        for card in cards[index : index + view.hand_sizes[seat]]:
            hand |= 1 << card
        hands[seat] = hand
        index += view.hand_sizes[seat]
    return hands


def _complete(view: SeatView, hands: list[int], cards: list[int]) -> Position:
    dealt = sum(view.hand_sizes[s] for s in range(len(hands)) if s != view.seat)
    stock = tuple(cards[dealt : dealt + view.stock_size])
    return view.position._replace(hands=tuple(hands), stock=stock)
