"""Move hints and post-deal grading, from the same evaluator as the AI.

:func:`suggest` ranks the moves of the human's seat with the searching levels' evaluator
(determinized search on the seat's view, exact once the hidden hand is known) and
explains each of the best few with :class:`MoveFacts`: numbers and enums only
(:func:`diloti_desktop.ai.reasons.fact_reasons` picks the notable ones, which the UI
phrases). :func:`grade` rates a played move by the points it lost against the best one.

Everything is computed from the view alone and seeded by it, so the same situation gives
the same hints; the budget keeps a call well under a second.

The grade limits (:data:`GRADE_LIMITS`, points lost per round against the best move) are
calibrated by ``python -m lab.benchmarks.grade_calibration`` on 240 seeded positions (120
two-player, 120 four-player); each limit is a percentile of the levels' measured
losses (docs/coach.md, "Grade limits").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import Enum
from typing import Final, NamedTuple

from diloti_desktop.ai.features import (
    ACES,
    TEN_D_BIT,
    TWO_C_BIT,
    move_class,
    outcome,
    points,
    sweepers,
)
from diloti_desktop.ai.search import MoveValue, SearchConfig, evaluate, view_rng
from diloti_desktop.rules.cards import RANK_MASK
from diloti_desktop.rules.movegen import candidate_moves, is_legal
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.scoring import MAJORITY_CARDS
from diloti_desktop.rules.view import SeatView

#: The hint budget: the Expert's search with exact end-of-round solving.
HINT_SEARCH: Final = SearchConfig(ply_budget=8_000, min_samples=12, max_samples=80,
                                  solve_nodes=30_000)
#: Samples used to estimate the facts' chances (cheap: no playouts).
FACT_SAMPLES: Final = 200


class MoveFacts(NamedTuple):
    """What a move does and risks, as numbers the UI can phrase."""

    kind: MoveKind
    cards_taken: int            #: cards going to the side now (played card included)
    points_taken: int           #: card points among them (aces, 10♦, 2♣)
    aces_taken: int
    ten_of_diamonds: bool       #: takes 10♦ (2 points)
    two_of_clubs: bool          #: takes 2♣ (1 point)
    xeri: bool                  #: clears the table: a sweep
    side_cards: int             #: the side's captured cards after the move
    cards_to_majority: int      #: cards still needed for 27 (0 once reached)
    sweep_chance: float         #: chance the next player (an opponent) can sweep after it
    sweeping_unseen: int        #: mask of unseen cards that would sweep the table after it
    points_left_loose: int      #: card points the move leaves loose on the table
    pile_value: int             #: the declared value for a build/family/raise, else 0
    pile_cards: int             #: mask of that pile's cards, else 0
    pile_take_chance: float     #: chance an opponent holds a card of the pile's value
    pile_raise_chance: float    #: chance an opponent can raise the (plain) pile
    pile_value_unseen: int      #: mask of unseen cards of the pile's value
    points_unseen: int          #: mask of point cards nobody has seen yet


class Hint(NamedTuple):
    """One suggested move."""

    move: Move
    value: float                #: estimated round points for the side (relative scale)
    loss: float                 #: points behind the best move (0 for the best)
    exact: bool                 #: solved exactly rather than estimated by sampling
    facts: MoveFacts


class Verdict(Enum):
    """How a played move compares with the best."""

    BEST = "best"               #: the best move, or one worth the same
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


#: Upper bounds (points lost per round) of each verdict but the last: the search's tie
#: margin, the Expert's 95th-percentile loss (so the tutor rarely stops a strong player),
#: the Novice's 90th and 97.5th percentiles (docs/coach.md, "Grade limits").
GRADE_LIMITS: Final = ((0.05, Verdict.BEST), (1.1, Verdict.GOOD), (2.3, Verdict.INACCURACY),
                       (4.1, Verdict.MISTAKE))


class Grade(NamedTuple):
    """A played move rated against the best move of the same view."""

    move: Move
    verdict: Verdict
    loss: float                 #: estimated points lost against the best move
    best: Move
    value: float
    best_value: float


def _rng(view: SeatView, purpose: str) -> random.Random:
    return random.Random(f"hint:{purpose}:{view.seat}:{view.position.notation()}")


def analyse(view: SeatView, config: SearchConfig = HINT_SEARCH) -> list[MoveValue]:
    """Every distinct legal move with its value, best first (the hint evaluator; tests
    pass a smaller budget)."""
    return evaluate(view, config, view_rng(view))


def suggest(view: SeatView, count: int = 3) -> list[Hint]:
    """The best ``count`` moves (fewer only when fewer distinct moves exist), best first."""
    if not candidate_moves(view.position):
        return []
    results = analyse(view)
    best = results[0].value
    chosen = results[:count]
    facts = move_facts(view, [r.move for r in chosen])
    return [Hint(r.move, r.value, best - r.value, r.exact, f)
            for r, f in zip(chosen, facts, strict=True)]


def grade(view: SeatView, move: Move) -> Grade:
    """Rate ``move`` (legal in the view) against the best move, by points lost."""
    moves = candidate_moves(view.position)  # crowded table: the move may not be a candidate
    extra = [*moves, move] if move not in moves and is_legal(view.position, move) else None
    return grade_results(evaluate(view, HINT_SEARCH, view_rng(view), extra), move)


def verdict_for(loss: float) -> Verdict:
    """The verdict of a loss in points per round (:data:`GRADE_LIMITS`)."""
    for limit, name in GRADE_LIMITS:
        if loss < limit:
            return name
    return Verdict.BLUNDER


def grade_results(results: list[MoveValue], move: Move) -> Grade:
    """Rate ``move`` against the best of ``results`` (:func:`analyse`'s ranking)."""
    best = results[0]
    value = value_of(results, move)
    loss = max(0.0, best.value - value)
    return Grade(move, verdict_for(loss), loss, best.move, value, best.value)


def value_of(results: Sequence[MoveValue], move: Move) -> float:
    """The value the search gave ``move``'s class of moves (those worth the same)."""
    key = move_class(move)
    for result in results:
        if move_class(result.move) == key:
            return result.value
    raise ValueError(f"{move} is not a legal move of this position")


def move_facts(view: SeatView, moves: list[Move]) -> list[MoveFacts]:
    """The facts of some legal moves of the view's seat."""
    position = view.position
    side = view.seat & 1
    players = position.rules.players
    next_seat = (view.seat + 1) % players
    opponents = [s for s in range(players) if s & 1 != side]
    rng = _rng(view, "facts")
    samples = [view.sample(rng) for _ in range(FACT_SAMPLES)]
    points_unseen = view.unseen & (ACES | TEN_D_BIT | TWO_C_BIT)
    result = []
    for move in moves:
        effect = outcome(position, move)
        sweeping = sweepers(effect.loose_after, effect.piles_after)
        sweep_hits = sum(1 for s in samples if s.hands[next_seat] & sweeping)
        side_cards = position.captured[side].bit_count() + effect.taken.bit_count()
        pile_value = move.value if move.kind in (MoveKind.BUILD, MoveKind.FAMILY,
                                                 MoveKind.RAISE) else 0
        take = raise_ = 0
        if pile_value:
            wanted = RANK_MASK[pile_value]
            for sample in samples:
                if any(sample.hands[s] & wanted for s in opponents):
                    take += 1
                if move.kind != MoveKind.FAMILY and any(
                        _can_raise(sample.hands[s], pile_value) for s in opponents):
                    raise_ += 1
        result.append(MoveFacts(
            kind=move.kind,
            cards_taken=effect.taken.bit_count(),
            points_taken=points(effect.taken),
            aces_taken=(effect.taken & ACES).bit_count(),
            ten_of_diamonds=bool(effect.taken & TEN_D_BIT),
            two_of_clubs=bool(effect.taken & TWO_C_BIT),
            xeri=effect.xeri,
            side_cards=side_cards,
            cards_to_majority=max(0, MAJORITY_CARDS - side_cards),
            sweep_chance=sweep_hits / len(samples) if samples else 0.0,
            sweeping_unseen=sweeping & view.unseen,
            points_left_loose=points(effect.loose_after),
            pile_value=pile_value,
            pile_cards=effect.pile_cards,
            pile_take_chance=take / len(samples) if pile_value and samples else 0.0,
            pile_raise_chance=raise_ / len(samples) if pile_value and samples else 0.0,
            pile_value_unseen=view.unseen & RANK_MASK[pile_value] if pile_value else 0,
            points_unseen=points_unseen,
        ))
    return result


def _can_raise(hand: int, value: int) -> bool:
    """Whether a hand can raise a plain pile of ``value``: it holds a card of some value w
    with value + w <= 10 and a card of value + w to keep (a different rank, as w < v + w)."""
    return any(hand & RANK_MASK[added] and hand & RANK_MASK[value + added]
               for added in range(1, 11 - value))


#: A chance at or above this is worth a warning; at or below SAFE it counts as safe.
RISKY: Final = 0.25
SAFE: Final = 0.05
