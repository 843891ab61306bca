"""Fast playouts inside one sampled (complete) position, and the evaluation where they stop.

The search samples the hidden cards from a seat's view, so inside a sample every hand is
known. :func:`greedy_move` is the playout policy for every seat of such a sample: the
immediate worth of each legal move (cards and points taken, a xeri made, a pile likely to
come home) minus the sweep it leaves to the next player, who in a sample is known to hold
or not to hold a sweeping card. :func:`play_deal` runs that policy to the end of the
current deal (no pile survives a deal, so that is a calm place to stop) and
:func:`deal_value` estimates the round from there: the points already taken, the expected
majority bonus from the card counts, and the sweep the next deal's leader may make of the
cards left on the table. At the end of a round the value is exact.
"""

from __future__ import annotations

import math
import random
from typing import Final

from diloti_desktop.ai.features import CARD_POINTS, chance_holds, outcome, points, sweepers
from diloti_desktop.rules.cards import NUMERALS, RANK, RANK_MASK, VALUE
from diloti_desktop.rules.engine import play_unchecked
from diloti_desktop.rules.movegen import candidate_moves
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.rules.view import seen_by

LAY, CAPTURE = MoveKind.LAY, MoveKind.CAPTURE

#: Worth of one captured card, in points, through the 27-card majority (4 points).
CARD_WORTH: Final = 0.3
#: Share of a pile's worth a declaration is credited with when no opponent can take it.
SAFE_PILE_SHARE: Final = 0.8
#: Share of a pile's worth lost when an opponent holds its value.
LOST_PILE_SHARE: Final = 0.7
#: Share of a xeri counted when the next deal's leader holds a card sweeping the table.
LEADER_SWEEP_SHARE: Final = 0.8
#: Share of what the next player would take (the laid card and one of its own) that
#: laying a card it can take costs (:data:`TAKERS`).
LAY_TAKEN_SHARE: Final = 1.0
#: How much wider than a coin-flip binomial the final card split spreads (cards come in lumps).
_SPREAD: Final = 1.6


def _majority_table() -> tuple[tuple[float, ...], ...]:
    """``table[c0][c1]``: side 0's expected majority points minus side 1's."""
    rows = []
    for c0 in range(53):
        row = []
        for c1 in range(53):
            rest = 52 - c0 - c1
            if rest < 0:
                row.append(0.0)
                continue
            if rest == 0:
                row.append(4.0 if c0 >= 27 else -4.0 if c1 >= 27 else 0.0)
                continue
            mean = c0 + rest / 2
            spread = 0.5 * math.sqrt(rest) * _SPREAD
            win = 0.5 * math.erfc((26.5 - mean) / (spread * math.sqrt(2)))
            lose = 0.5 * math.erfc((mean - 25.5) / (spread * math.sqrt(2)))
            row.append(4.0 * (win - lose))
        rows.append(tuple(row))
    return tuple(rows)


MAJORITY: Final = _majority_table()

# Playout policy styles, bit flags (``SearchConfig.playout``).
#: Issue 3's policy: judge moves by the sample's hands; a laid card costs half its points.
PLAIN: Final = 0
#: Judge the others' hands by the odds from the mover's view (its hand, the table, the
#: captured cards), not by the sample's hands.
BLIND: Final = 1
#: A laid card the next player can take (:func:`lay_takers`) costs what it would take.
TAKERS: Final = 2
#: The deal-end evaluation also credits the next deal's leader with part of the table
#: left over (:data:`LEFTOVER_POINT_SHARE`, :data:`LEFTOVER_CARD_WORTH`) and with the
#: whole xeri its sampled hand can make at once.
LEFTOVER: Final = 4
#: The search plays the samples out to the end of the round (exact values under the
#: policy, more plies, more noise) instead of to the end of the deal.
ROUND: Final = 8
#: From least squares on 24,000 deal ends of greedy self-play (the round's outcome minus
#: the plain evaluation): each point left on the table was worth about +0.6 to the next
#: leader, each card +0.26, and a sweep in its hand 2 to 3 points more than
#: :data:`LEADER_SWEEP_SHARE` of a xeri (``python -m lab.benchmarks.playout_styles leaf
#: --rounds 8000``: +0.55 ± 0.14, +0.27 ± 0.06, +3.0 ± 0.6; a first fit with other
#: playout seeds gave +0.69, +0.26, +2.3, hence these rounded constants).
LEFTOVER_POINT_SHARE: Final = 0.65
LEFTOVER_CARD_WORTH: Final = 0.25


def lay_takers(card: int, loose: int) -> int:
    """The cards that could take ``card`` once it is laid on a table of ``loose`` cards:
    its rank, and for a numeral every value it makes with one loose numeral."""
    takers = RANK_MASK[RANK[card]]
    value = VALUE[card]
    if value:
        rest = loose & NUMERALS
        while rest:
            low = rest & -rest
            rest ^= low
            total = value + VALUE[low.bit_length() - 1]
            if total <= 10:
                takers |= RANK_MASK[total]
    return takers


def greedy_move(position: Position, moves: list[Move], rng: random.Random | None = None,
                style: int = PLAIN) -> Move:
    """The playout policy: the best immediate move, knowing every hand (a sample's view);
    ``style`` adds the flags :data:`BLIND` and :data:`TAKERS`.

    ``rng`` breaks near-ties at random (playouts) or, when None, the first move wins.
    """
    if len(moves) == 1:
        return moves[0]
    return _greedy(position, moves, rng, None, style)


def greedy_scores(position: Position, moves: list[Move], style: int = PLAIN) -> list[float]:
    """The playout policy's score of each move, in points: what it takes now (cards,
    points, a xeri), a pile's likely worth, minus a xeri left to the next player
    (``style``: the flags :data:`BLIND` and :data:`TAKERS`, see :func:`greedy_move`)."""
    scores: list[float] = []
    _greedy(position, moves, None, scores, style)
    return scores


def _greedy(position: Position, moves: list[Move], rng: random.Random | None,
            scores: list[float] | None, style: int) -> Move:
    """The policy's best move; each move's score is appended to ``scores`` when given.
    One loop serves both: the playouts call it for every move, so it stays fused.

    With :data:`BLIND`, a sweep left to the next player, a pile an opponent may take and
    (with :data:`TAKERS`) a laid card the next player may take count by the odds that
    their hands hold the card, from what the mover can see, instead of by the sample's
    actual hands."""
    seat = position.turn
    players = position.rules.players
    hands = position.hands
    nxt = hands[seat + 1 if seat + 1 < players else 0]
    opponents = nxt if players == 2 else nxt | hands[(seat + 3) % 4]
    xeri = position.rules.xeri_points
    loose = position.loose
    blind = bool(style & BLIND)
    takers = bool(style & TAKERS)
    seen = 0
    unseen = nxt_size = opponents_size = 0
    if blind:
        seen = seen_by(position, seat)
        unseen = 52 - seen.bit_count()
        nxt_size = nxt.bit_count()
        opponents_size = opponents.bit_count()
    best_score = -1e9
    best = moves[0]
    for move in moves:
        effect = outcome(position, move)
        kind = move.kind
        if kind == CAPTURE:
            taken = effect.taken
            score = CARD_WORTH * taken.bit_count() + points(taken)
            if effect.xeri:
                score += xeri
        elif kind == LAY:
            score = -0.5 * CARD_POINTS[move.card]
            if takers:
                cost = LAY_TAKEN_SHARE * (2 * CARD_WORTH + CARD_POINTS[move.card])
                taking = lay_takers(move.card, loose)
                if blind:
                    score -= cost * chance_holds(unseen, (taking & ~seen).bit_count(), nxt_size)
                elif taking & nxt:
                    score -= cost
        else:
            pile_cards = effect.pile_cards
            worth = CARD_WORTH * (pile_cards.bit_count() + 1) + points(pile_cards)
            if blind:
                lost = chance_holds(unseen, (RANK_MASK[move.value] & ~seen).bit_count(),
                                    opponents_size)
                score = (SAFE_PILE_SHARE - lost * (SAFE_PILE_SHARE + LOST_PILE_SHARE)) * worth
            elif opponents & RANK_MASK[move.value]:
                score = -LOST_PILE_SHARE * worth
            else:
                score = SAFE_PILE_SHARE * worth
        threat = sweepers(effect.loose_after, effect.piles_after)  # 0 on a bare table
        if blind:
            if threat:
                score -= xeri * chance_holds(unseen, (threat & ~seen).bit_count(), nxt_size)
        elif threat & nxt:
            score -= xeri
        if scores is not None:
            scores.append(score)
        if rng is not None:
            score += rng.random() * 0.05
        if score > best_score:
            best_score = score
            best = move
    return best


def play_deal(position: Position, rng: random.Random | None = None,
              style: int = PLAIN, plies: list[Move] | None = None) -> Position:
    """Play the greedy policy (in ``style``: see :func:`greedy_move`) until the current
    deal (or the round) ends; the moves played are appended to ``plies`` when given."""
    stock = len(position.stock)
    while position.phase == PLAY:
        move = greedy_move(position, candidate_moves(position), rng, style)
        if plies is not None:
            plies.append(move)
        position = play_unchecked(position, move)
        if len(position.stock) != stock:
            break
    return position


def deal_value(position: Position, start: Position, side: int, style: int = PLAIN) -> float:
    """``side``'s estimated round points minus the other side's, at a deal or round end.

    ``start`` is any position of the same round (it gives the match scores before the
    round). After the round the value is exact; between deals it adds the expected
    majority and the next leader's chance to sweep the leftover table (with
    :data:`LEFTOVER` in ``style``, the leftover table's worth to that leader too).
    """
    if position.phase != PLAY:
        ours = position.scores[side] - start.scores[side]
        theirs = position.scores[1 - side] - start.scores[1 - side]
        return float(ours - theirs)
    captured = position.captured
    xeri = position.rules.xeri_points
    diff = (points(captured[0]) - points(captured[1])
            + xeri * (position.xeris[0] - position.xeris[1])
            + MAJORITY[captured[0].bit_count()][captured[1].bit_count()])
    diff += lead_value(position, style)
    return diff if side == 0 else -diff


def lead_value(position: Position, style: int = PLAIN) -> float:
    """At a deal's end, what the table left over is worth to the next deal's leader
    (positive for side 0): the chance to sweep it, and (with :data:`LEFTOVER`) its cards."""
    if not position.loose or position.piles or position.phase != PLAY:
        return 0.0
    leader = position.turn
    lead = 0.0
    if sweepers(position.loose, ()) & position.hands[leader]:
        lead = (1.0 if style & LEFTOVER else LEADER_SWEEP_SHARE) * position.rules.xeri_points
    if style & LEFTOVER:
        lead += (LEFTOVER_POINT_SHARE * points(position.loose)
                 + LEFTOVER_CARD_WORTH * position.loose.bit_count())
    return lead if leader & 1 == 0 else -lead
