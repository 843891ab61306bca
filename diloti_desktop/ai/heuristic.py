"""The view-based heuristic: how the non-searching levels judge a move.

A :class:`Habits` record describes a plausible human: what they look at, what they
overlook and how often, and how well they remember the cards already played. The score
of a move is its immediate worth (cards toward the majority, points, a xeri), the chance
that a pile comes home, minus the sweep it may leave to the next player; the chances are
computed from the cards the player believes unseen (hypergeometric odds). Mistakes are
drawn from the decision's own seeded generator, so they are reproducible.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import NamedTuple

from diloti_desktop.ai.features import CARD_POINTS, chance_holds, outcome, points, sweepers
from diloti_desktop.ai.playout import CARD_WORTH, LOST_PILE_SHARE, SAFE_PILE_SHARE
from diloti_desktop.rules.cards import RANK_MASK
from diloti_desktop.rules.movegen import candidate_moves
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.view import SeatView


class Habits(NamedTuple):
    """What a heuristic player notices, and its mistake rates (0 = never, 1 = always)."""

    #: Chance, per decision, of not seeing captures that need a sum of two or more cards.
    miss_sums: float
    #: Chance, per decision, of ignoring the sweep a move leaves to the next player.
    ignore_sweeps: float
    #: Share of the played cards the player remembers (the rest seem still unseen).
    memory: float
    #: Which declarations the player makes: 0 none, 1 plain builds, 2 all (families, raises).
    declarations: int
    #: Softmax temperature over move scores (points): higher means sloppier choices.
    temperature: float


def believed_unseen(view: SeatView, memory: float, salt: int) -> int:
    """The cards a player with imperfect ``memory`` believes are still out of sight.

    Captured cards are forgotten at random but consistently for one player (``salt``)
    and round: the same card stays forgotten for the whole round, as it would for a person.
    """
    if memory >= 1.0:
        return view.unseen
    position = view.position
    captured = position.captured[0] | position.captured[1]
    return view.unseen | (captured & _forgettable(salt, position.round_no, memory))


@lru_cache(maxsize=256)
def _forgettable(salt: int, round_no: int, memory: float) -> int:
    """The cards this player will not remember once played, this round."""
    rng = random.Random(f"memory:{salt}:{round_no}")
    return sum(1 << card for card in range(52) if rng.random() >= memory)


class _Odds:
    """Chances about the next player and the opponents, from believed unseen cards."""

    def __init__(self, view: SeatView, unseen: int) -> None:
        position = view.position
        players = position.rules.players
        self.seat = view.seat
        self.unseen = unseen
        self.pool = unseen.bit_count()
        self.next_seat = (view.seat + 1) % players
        self.next_hand = view.hand_sizes[self.next_seat]
        self.opponent_seats = [s for s in range(players) if s & 1 != view.seat & 1]
        #: A pile's owner holds a card of its value (docs/rules.md §4).
        self.known_values = {p.owner: p.value for p in position.piles if p.owner != view.seat}

    def next_holds(self, cards: int) -> float:
        """Chance the next player holds one of ``cards``."""
        known = self.known_values.get(self.next_seat)
        if known is not None and cards & RANK_MASK[known]:
            return 1.0
        return chance_holds(self.pool, (cards & self.unseen).bit_count(), self.next_hand)

    def opponent_holds(self, value: int, hand_sizes: tuple[int, ...]) -> float:
        """Chance some opponent holds a card of ``value``."""
        cards = RANK_MASK[value]
        if any(self.known_values.get(s) == value for s in self.opponent_seats):
            return 1.0
        hand = sum(hand_sizes[s] for s in self.opponent_seats)
        return chance_holds(self.pool, (cards & self.unseen).bit_count(), hand)


def is_sum_capture(move: Move) -> bool:
    """A capture that takes loose cards other than single matching cards."""
    if move.kind != MoveKind.CAPTURE or not move.loose:
        return False
    value = move.value
    mask = move.loose
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        if card >= 40 or (card >> 2) + 1 != value:
            return True
        mask ^= low
    return False


def score_moves(view: SeatView, moves: list[Move], unseen: int,
                see_sweeps: bool = True) -> list[float]:
    """The heuristic worth of each move, in points for the mover's side."""
    position = view.position
    odds = _Odds(view, unseen)
    xeri = position.rules.xeri_points
    scores = []
    for move in moves:
        effect = outcome(position, move)
        kind = move.kind
        if kind == MoveKind.CAPTURE:
            taken = effect.taken
            score = CARD_WORTH * taken.bit_count() + points(taken)
            if effect.xeri:
                score += xeri
        elif kind == MoveKind.LAY:
            score = -0.5 * CARD_POINTS[move.card]
        else:
            pile_cards = effect.pile_cards
            worth = CARD_WORTH * (pile_cards.bit_count() + 1) + points(pile_cards)
            lost = odds.opponent_holds(move.value, view.hand_sizes)
            score = worth * (SAFE_PILE_SHARE * (1 - lost) - LOST_PILE_SHARE * lost)
        threat = sweepers(effect.loose_after, effect.piles_after)  # 0 on a bare table
        if threat and see_sweeps:
            score -= xeri * odds.next_holds(threat)
        scores.append(score)
    return scores


def choose_heuristic(view: SeatView, habits: Habits, rng: random.Random, salt: int) -> Move:
    """A move as a player with these habits would choose it."""
    moves = candidate_moves(view.position)
    if len(moves) == 1:
        return moves[0]
    considered = [m for m in moves if _declares(m) <= habits.declarations]
    if rng.random() < habits.miss_sums:
        considered = [m for m in considered if not is_sum_capture(m)]
    if not considered:
        considered = list(moves)
    see_sweeps = rng.random() >= habits.ignore_sweeps
    unseen = believed_unseen(view, habits.memory, salt)
    scores = score_moves(view, considered, unseen, see_sweeps)
    return _softmax_pick(considered, scores, habits.temperature, rng)


def _declares(move: Move) -> int:
    if move.kind == MoveKind.BUILD:
        return 1
    if move.kind in (MoveKind.FAMILY, MoveKind.RAISE):
        return 2
    return 0


def _softmax_pick(moves: list[Move], scores: list[float], temperature: float,
                  rng: random.Random) -> Move:
    best = max(scores)
    if temperature <= 0:
        return moves[scores.index(best)]
    weights = [math.exp((s - best) / temperature) for s in scores]
    pick = rng.random() * sum(weights)
    for move, weight in zip(moves, weights, strict=True):
        pick -= weight
        if pick <= 0:
            return move
    return moves[-1]
