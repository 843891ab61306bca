"""The round review's analysis: grades of known positions, accuracy, the cache's form."""

from __future__ import annotations

import json
import random

import pytest

from diloti_desktop.ai.hints import GRADE_LIMITS, Verdict, verdict_for
from diloti_desktop.ai.players import SEARCH, make_player
from diloti_desktop.ai.review import (
    REVIEW_SEARCH,
    Decision,
    accuracy_of,
    decision_from_dict,
    decision_to_dict,
    grade_decision,
    review_round,
    summarise,
)
from diloti_desktop.ai.search import evaluate
from diloti_desktop.rules import Move, Ruleset, SeatView, new_match, play_unchecked, seat_view
from diloti_desktop.rules.position import PLAY, Position
from tests.ai.helpers import complete

# 9♠ takes 4♣ + 5♦: the table is cleared, a xeri (10 points). Laying 2♥ instead leaves the
# opponent (holding 6♥ and K♣, known: the stock is empty) nothing, but forgoes the xeri.
XERI = "rules=2p dealer=1 turn=0 hands=9S2H/6HKC loose=4C5D played=40"
# Laying 4♥ lets the opponent's 7♦ sweep 3♣ + 4♥; laying 7♠ is safe (from the hint tests).
SWEEP_TRAP = "rules=2p dealer=1 turn=0 hands=4H7S/7DKH loose=3C played=40"
# One card, nothing to take or declare: laying it is the only move.
FORCED = "rules=2p dealer=1 turn=0 hands=5H/7DKH loose=3CKS played=45"


def view_of(text: str) -> SeatView:
    """Seat 0's view of a hand-written position completed with captured cards."""
    return seat_view(complete(text), 0)


def test_the_obvious_xeri_is_best_and_missing_it_is_a_blunder() -> None:
    position = view_of(XERI)
    best = grade_decision(position, Move.parse("9S x 4C 5D"))
    assert best.verdict == Verdict.BEST and best.loss == 0.0 and best.was_best
    assert best.played_facts.xeri and best.exact
    missed = grade_decision(position, Move.parse("2H"), ply=7)
    assert missed.verdict == Verdict.BLUNDER and missed.loss >= 10.0
    assert missed.best == Move.parse("9S x 4C 5D") and not missed.was_best
    assert missed.best_facts.xeri and not missed.played_facts.xeri
    assert (missed.ply, missed.seat, missed.choices) == (7, 0, 3)


def test_a_move_that_gives_a_sweep_is_a_blunder() -> None:
    position = view_of(SWEEP_TRAP)
    blunder = grade_decision(position, Move.parse("4H"))
    assert blunder.verdict == Verdict.BLUNDER and blunder.loss == pytest.approx(10.0)
    assert blunder.best == Move.parse("7S")
    assert blunder.played_facts.sweep_chance == 1.0  # the reason the hints would give
    assert blunder.refutation is not None and blunder.refutation.xeri  # North's 7♦ sweeps
    assert blunder.refutation.event.move == Move.parse("7D x 3C 4H")
    best = grade_decision(position, Move.parse("7S"))
    assert best.verdict == Verdict.BEST and best.refutation is None


def test_a_forced_move_is_best_and_does_not_count_for_accuracy() -> None:
    position = view_of(FORCED)
    forced = grade_decision(position, Move.parse("5H"))
    assert forced.forced and forced.verdict == Verdict.BEST and forced.loss == 0.0
    summary = summarise([forced])
    assert summary.decisions == 1 and summary.unforced == 0 and summary.accuracy is None


def test_the_review_values_every_move_on_the_same_samples() -> None:
    # The Master grows a tree, which spends little on the moves it dislikes; the review
    # keeps its budget but searches flat, so every move it grades has a full value.
    assert SEARCH["Master"].tree > 0 and REVIEW_SEARCH.tree == 0.0
    view = view_of("rules=2p dealer=1 turn=0 hands=4H7S9C/7DKH5S loose=3C stock=QSQH "
                   "played=36")
    config = REVIEW_SEARCH._replace(ply_budget=2_000, max_samples=20)
    results = evaluate(view, config, random.Random(3))
    assert len(results) > 2 and {r.samples for r in results} == {results[0].samples}
    assert [r.value for r in results] == sorted((r.value for r in results), reverse=True)


def test_an_illegal_move_is_refused() -> None:
    with pytest.raises(ValueError):
        grade_decision(view_of(SWEEP_TRAP), Move.parse("KH"))


def test_the_verdicts_are_the_tutors() -> None:
    for limit, verdict in GRADE_LIMITS:
        assert verdict_for(limit - 0.001) == verdict
    assert verdict_for(100.0) == Verdict.BLUNDER


def test_accuracy_halves_with_each_point_lost_per_decision() -> None:
    assert accuracy_of(0.0) == 100.0
    assert accuracy_of(1.0) == pytest.approx(50.0)
    assert accuracy_of(2.0) == pytest.approx(25.0)
    assert accuracy_of(0.5) == pytest.approx(70.71, abs=0.01)


def _decision(ply: int, loss: float, choices: int = 4) -> Decision:
    move = Move.parse("7S")
    facts = grade_decision(view_of(SWEEP_TRAP), move).played_facts
    return Decision(ply, 0, move, Move.parse("4H") if loss else move, verdict_for(loss), loss,
                    -loss, 0.0, choices, False, facts, facts)


def test_summary_counts_averages_and_the_three_biggest_mistakes() -> None:
    losses = [0.0, 0.2, 1.0, 2.0, 5.0, 7.0, 0.0]
    decisions = [_decision(i, loss) for i, loss in enumerate(losses)]
    decisions.append(_decision(7, 0.0, choices=1))  # forced: counted, not averaged
    summary = summarise(decisions)
    assert summary.decisions == 8 and summary.unforced == 7
    assert summary.average_loss == pytest.approx(sum(losses) / 7)
    assert summary.accuracy == pytest.approx(accuracy_of(sum(losses) / 7))
    assert summary.counts[Verdict.BEST] == 3 and summary.counts[Verdict.BLUNDER] == 2
    assert [d.ply for d in summary.mistakes] == [5, 4, 3]
    assert summarise([]).accuracy is None


def test_a_round_of_novice_and_casual_is_graded_the_same_twice() -> None:
    position, _events = new_match(Ruleset(), random.Random(3))
    bots = [make_player("Novice", 1), make_player("Casual", 2)]
    positions: list[Position] = []
    moves: list[Move] = []
    while position.phase == PLAY:
        move = bots[position.turn].choose(seat_view(position, position.turn))
        positions.append(position)
        moves.append(move)
        position = play_unchecked(position, move)
    plies = [i for i, p in enumerate(positions) if p.turn == 0][-6:]  # the last deal
    items = [(ply, seat_view(positions[ply], 0), moves[ply]) for ply in plies]
    seen: list[Decision] = []
    first = review_round(items, on_decision=seen.append)
    assert first == seen and [d.ply for d in first] == plies
    assert all(d.seat == 0 and d.move == moves[d.ply] and d.loss >= 0 for d in first)
    assert all(d.exact for d in first)  # the stock is empty: the other hand is known
    assert review_round(reversed(items)) == list(reversed(first))
    assert review_round(items, should_stop=lambda: True) == []


def test_decisions_round_trip_through_their_saved_form() -> None:
    decision = grade_decision(view_of(SWEEP_TRAP), Move.parse("4H"), ply=3)
    data = decision_to_dict(decision)
    assert decision.refutation is not None and data["refutation"] is not None
    assert decision_from_dict(json.loads(json.dumps(data))) == decision
    assert decision_from_dict({**data, "refutation": None}).refutation is None
    refuted = data["refutation"]
    for bad in ({**refuted, "line": "7D"}, {**refuted, "event": [9, "7D"]},
                {**refuted, "xeri": 1}, {**refuted, "start": "nonsense"}, [1]):
        with pytest.raises(ValueError):
            decision_from_dict({**data, "refutation": bad})
    # The verdict is derived again from the loss (the limits may have been calibrated since).
    assert decision_from_dict({**data, "verdict": "best"}).verdict == Verdict.BLUNDER
    for broken in ({**data, "move": "ZZ"}, {**data, "verdict": "superb"},
                   {**data, "loss": "a lot"}, {**data, "played_facts": [1, 2]},
                   {k: v for k, v in data.items() if k != "best"}, [], None):
        with pytest.raises(ValueError):
            decision_from_dict(broken)
