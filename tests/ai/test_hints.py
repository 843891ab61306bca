"""Hints: the best moves with their values and the facts that explain them; grading."""

from __future__ import annotations

import pytest

from diloti_desktop.ai import Verdict, Why, grade, suggest
from diloti_desktop.ai.features import distinct_moves
from diloti_desktop.ai.hints import MoveFacts, move_facts
from diloti_desktop.ai.reasons import Reason, fact_reasons
from diloti_desktop.rules import Move, MoveKind, legal_moves, seat_view
from diloti_desktop.rules.cards import parse_cards
from tests.ai.helpers import complete, game_positions

# Seat 0 holds 4♥ and 7♠, the table 3♣; the opponent (known: the stock is empty) holds
# 7♦ and K♥. Laying 4♥ (or building 7 with it) lets 7♦ sweep 3+4; laying 7♠ is safe.
SWEEP_TRAP = "rules=2p dealer=1 turn=0 hands=4H7S/7DKH loose=3C played=40"


def kinds(facts: MoveFacts) -> list[Why]:
    """The kinds of reason the facts give, most important first (seat 1 moves next)."""
    return [reason.why for reason in fact_reasons(facts, 1)]


def test_best_moves_first_with_losses_relative_to_the_best() -> None:
    view = seat_view(complete(SWEEP_TRAP), 0)
    hints = suggest(view)
    assert hints[0].move.notation() == "7S"
    assert len(hints) == 3  # three distinct legal moves
    assert hints[0].loss == 0.0
    assert [h.loss for h in hints] == sorted(h.loss for h in hints)
    assert hints[1].loss == pytest.approx(10.0)  # the opponent's xeri
    assert all(h.exact for h in hints)  # the hidden hand is known: solved exactly


def test_sweep_chance_and_the_unseen_cards_that_sweep() -> None:
    view = seat_view(complete(SWEEP_TRAP), 0)
    facts = {h.move.notation(): h.facts for h in suggest(view)}
    assert facts["4H"].sweep_chance == 1.0
    assert facts["4H"].sweeping_unseen == parse_cards("7D")
    assert Reason(Why.SWEEP_RISK, cards=parse_cards("7D"), chance=1.0, seat=1) in (
        fact_reasons(facts["4H"], 1))
    assert facts["7S"].sweep_chance == 0.0
    assert Reason(Why.SAFE_TABLE, seat=1) in fact_reasons(facts["7S"], 1)
    build = facts["4H =7 3C"]
    assert build.kind == MoveKind.BUILD and build.pile_value == 7
    assert build.pile_cards == parse_cards("3C4H")
    assert build.pile_take_chance == 1.0  # the opponent holds 7♦
    assert build.pile_value_unseen == parse_cards("7D")
    assert Reason(Why.PILE_ODDS, value=7, chance=1.0, cards=parse_cards("7D")) in (
        fact_reasons(build, 1))


def test_points_majority_and_xeri_facts() -> None:
    # 10♣ takes A♥ + 9♠ and 10♦: 3 points (an ace and 10♦), 4 cards, the table cleared.
    position = complete("rules=2p dealer=1 turn=0 hands=TC5S/KSKD loose=AH9STD played=30",
                        side0_extra=24)
    view = seat_view(position, 0)
    move = Move.parse("TC x AH 9S TD")
    assert move in legal_moves(position)
    (facts,) = move_facts(view, [move])
    assert (facts.cards_taken, facts.points_taken, facts.aces_taken) == (4, 3, 1)
    assert facts.ten_of_diamonds and not facts.two_of_clubs
    assert facts.xeri and facts.sweep_chance == 0.0
    assert facts.side_cards == 28 and facts.cards_to_majority == 0
    assert kinds(facts)[:3] == [Why.XERI, Why.POINTS, Why.MAJORITY]
    assert fact_reasons(facts, 1)[1].value == 3  # points
    assert fact_reasons(facts, 1)[2].value == 28  # the side's cards
    assert suggest(view)[0].move == move


def test_a_pile_whose_value_is_all_seen_is_counted_else_its_odds_are_given() -> None:
    view = seat_view(complete(SWEEP_TRAP), 0)
    build = next(h.facts for h in suggest(view) if h.move.notation() == "4H =7 3C")
    assert Why.PILE_ODDS in kinds(build._replace(pile_take_chance=0.02, pile_raise_chance=0.0))
    counted = build._replace(pile_value_unseen=0, pile_take_chance=0.0, pile_raise_chance=0.0)
    assert Reason(Why.COUNTED, value=7) in fact_reasons(counted, 1)
    assert Why.PILE_ODDS not in kinds(counted)


def test_grades_by_points_lost() -> None:
    view = seat_view(complete(SWEEP_TRAP), 0)
    good = grade(view, Move.parse("7S"))
    assert good.verdict == Verdict.BEST and good.loss == 0.0
    blunder = grade(view, Move.parse("4H"))
    assert blunder.verdict == Verdict.BLUNDER and blunder.loss == pytest.approx(10.0)
    assert blunder.best == Move.parse("7S")
    with pytest.raises(ValueError):
        grade(view, Move.parse("KH"))


@pytest.mark.slow
def test_hints_on_game_positions_are_legal_and_ranked() -> None:
    # Timings are the benchmarks' business (lab/benchmarks/tutor_latency.py), not a test's.
    for position in game_positions(2, 6, seed=41) + game_positions(4, 3, seed=42):
        view = seat_view(position, position.turn)
        hints = suggest(view, count=3)
        legal = list(legal_moves(position))
        assert len(hints) == min(3, len(distinct_moves(legal)))
        assert len({h.move for h in hints}) == len(hints)
        assert all(h.move in legal for h in hints)
        assert hints[0].loss == 0.0 and all(h.loss >= 0 for h in hints)
        assert grade(view, hints[0].move).verdict == Verdict.BEST
