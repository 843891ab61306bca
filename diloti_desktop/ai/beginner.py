"""The Beginner: the weakest level, for first games, with a newcomer's habits.

It plays as someone who has just learnt the rules: it takes the biggest capture it sees
(most cards, then most points), sees matches and a sum of two cards but never a sum of
three cards and overlooks a sum of two now and then, rarely declares (a plain
declaration only, when it already holds the card that takes it), remembers no played
card and never asks what its move leaves to the next player. With nothing to take it
lays a card it does not value, chosen at random: rarely one worth points, and court
cards before numerals (a newcomer keeps the numerals, which add up, and lets go of the
Jacks, Queens and Kings, which only ever take their own rank). Every move is legal and
looks natural; its slips come from the decision's own seeded generator
(:func:`~diloti_desktop.ai.base.decision_rng`), so games replay exactly.
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple

from diloti_desktop.ai.base import decision_rng
from diloti_desktop.ai.features import CARD_POINTS, points
from diloti_desktop.rules.cards import RANK_MASK, VALUE
from diloti_desktop.rules.movegen import candidate_moves
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.view import SeatView


class BeginnerHabits(NamedTuple):
    """How often the Beginner slips (chances per decision)."""

    #: Chance of overlooking every capture that needs a sum of two cards.
    miss_pairs: float
    #: Chance of making a plain declaration when one is possible and nothing is taken.
    declares: float
    #: Weight of a point card (an Ace, 10♦, 2♣) among the lays, against 1 for a numeral.
    lays_points: float
    #: Weight of a court card among the lays, against 1 for a numeral.
    lays_courts: float


#: Measured with the tournament tool (docs/ai-strength.md, "The Beginner").
BEGINNER: Final = BeginnerHabits(miss_pairs=0.3, declares=0.15, lays_points=0.3, lays_courts=4.0)


def sum_cards(move: Move) -> int:
    """How many loose cards of a capture are taken by adding up (not by matching)."""
    if move.kind != MoveKind.CAPTURE:
        return 0
    count = 0
    mask = move.loose
    while mask:
        low = mask & -mask
        mask ^= low
        if VALUE[low.bit_length() - 1] != move.value:
            count += 1
    return count


def _taken(move: Move) -> tuple[int, int]:
    cards = (1 << move.card) | move.table_cards
    return cards.bit_count(), points(cards)


def choose_beginner(view: SeatView, habits: BeginnerHabits, rng: random.Random) -> Move:
    """A move as a newcomer would choose it (see the module's notes)."""
    moves = candidate_moves(view.position)
    if len(moves) == 1:
        return moves[0]
    pairs_seen = rng.random() >= habits.miss_pairs
    captures = [m for m in moves if m.kind == MoveKind.CAPTURE
                and sum_cards(m) <= (2 if pairs_seen else 0)]
    if captures:
        best = max(_taken(m) for m in captures)
        return rng.choice([m for m in captures if _taken(m) == best])
    hand = view.position.hands[view.seat]
    builds = [m for m in moves if m.kind == MoveKind.BUILD
              and hand & ~(1 << m.card) & RANK_MASK[m.value]]
    if builds and rng.random() < habits.declares:
        return rng.choice(builds)
    lays = [m for m in moves if m.kind == MoveKind.LAY]
    if not lays:
        # A pile's owner may not lay: the move that takes or gathers the most cards.
        return max(moves, key=_taken)
    weights = [habits.lays_points if CARD_POINTS[m.card] else
               1.0 if VALUE[m.card] else habits.lays_courts for m in lays]
    if not any(weights):
        return rng.choice(lays)
    return rng.choices(lays, weights)[0]


class BeginnerPlayer:
    """The Beginner level: :func:`choose_beginner` with :data:`BEGINNER`'s habits."""

    def __init__(self, seed: int = 0, habits: BeginnerHabits = BEGINNER,
                 name: str = "Beginner") -> None:
        self.name = name
        self.habits = habits
        self.seed = seed

    def choose(self, view: SeatView) -> Move:
        """A move from the view, with the Beginner's habits."""
        return choose_beginner(view, self.habits, decision_rng(self.seed, self.name, view))


__all__ = ["BEGINNER", "BeginnerHabits", "BeginnerPlayer", "choose_beginner", "sum_cards"]
