"""Hints: the best moves with their values and the facts that explain them; grading."""

from __future__ import annotations

import pytest

from diloti_desktop.ai import Reason, Verdict, grade, suggest
from diloti_desktop.ai.features import distinct_moves
from diloti_desktop.ai.hints import move_facts, reason_text, reasons
from diloti_desktop.rules import Move, MoveKind, legal_moves, seat_view
from diloti_desktop.rules.cards import parse_cards
from tests.ai.helpers import complete, game_positions

# Seat 0 holds 4♥ and 7♠, the table 3♣; the opponent (known: the stock is empty) holds
# 7♦ and K♥. Laying 4♥ (or building 7 with it) lets 7♦ sweep 3+4; laying 7♠ is safe.
SWEEP_TRAP = "rules=2p dealer=1 turn=0 hands=4H7S/7DKH loose=3C played=40"


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
    assert Reason.SWEEP_RISK in reasons(facts["4H"])
    assert facts["7S"].sweep_chance == 0.0
    assert Reason.SAFE_TABLE in reasons(facts["7S"])
    build = facts["4H =7 3C"]
    assert build.kind == MoveKind.BUILD and build.pile_value == 7
    assert build.pile_cards == parse_cards("3C4H")
    assert build.pile_take_chance == 1.0  # the opponent holds 7♦
    assert build.pile_value_unseen == parse_cards("7D")
    assert Reason.PILE_AT_RISK in reasons(build)


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
    assert reasons(facts)[:3] == [Reason.XERI, Reason.POINTS, Reason.MAJORITY]
    assert "3" in reason_text(Reason.POINTS, facts)
    assert suggest(view)[0].move == move


def test_every_reason_has_a_sentence() -> None:
    view = seat_view(complete(SWEEP_TRAP), 0)
    for hint in suggest(view):
        for reason in reasons(hint.facts):
            text = reason_text(reason, hint.facts)
            assert text and "{" not in text


def test_a_safe_pile_says_how_many_cards_of_its_value_are_unseen_in_plain_words() -> None:
    view = seat_view(complete(SWEEP_TRAP), 0)
    build = next(h.facts for h in suggest(view) if h.move.notation() == "4H =7 3C")
    one = build._replace(pile_value_unseen=parse_cards("7D"))
    assert reason_text(Reason.PILE_SAFE, one) == (
        "the 7 is likely safe: 1 card of that value is still unseen")
    two = build._replace(pile_value_unseen=parse_cards("7D7C"))
    assert reason_text(Reason.PILE_SAFE, two) == (
        "the 7 is likely safe: 2 cards of that value are still unseen")
    none = build._replace(pile_value_unseen=0)  # not "0 cards of that value unseen"
    assert reason_text(Reason.PILE_SAFE, none) == (
        "the 7 is likely safe: no card of that value is left unseen")


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
