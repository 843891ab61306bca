"""One verdict in words: near-ties are "as good as" the best everywhere, and the coach
says nothing empty (issue 27): no "0.0 points", no "0 J still unseen", no odds where every
card is known, no reason that is as true of the other move, no alternative priced without
a reason, the only move labelled, the own pile named as such, a xeri's points named."""

from __future__ import annotations

import re

from diloti_desktop.ai.coach import NudgeKind, advise, check, teach
from diloti_desktop.ai.hints import Verdict, analyse, move_facts
from diloti_desktop.ai.reasons import Reason, Why
from diloti_desktop.ai.review import decision_from_ranking
from diloti_desktop.ai.search import MoveValue
from diloti_desktop.i18n import set_language
from diloti_desktop.rules import Move, seat_view
from diloti_desktop.rules.cards import parse_cards
from diloti_desktop.ui.words.coach_words import (
    alternative_text,
    full_hint_lines,
    loss_reason_text,
    nudge_text,
    reason_text,
    tutor_paragraphs,
    tutor_text,
)
from diloti_desktop.ui.words.review_words import decision_advice
from tests.ai.helpers import complete

LANGUAGES = ("en", "el", "fr", "it", "es", "de")
SWEEP_TRAP = "rules=2p dealer=1 turn=0 hands=4H7S/7DKH loose=3C played=40"
# Seat 0 declared 9 (4♦ 5♣) and holds 9♦ 9♥: it takes its pile or adds to it.
OWN_PILE = ("rules=2p dealer=1 turn=0 hands=9D9H3S8C/KH2S6H5S loose=TC piles=P9@0:4D5C "
            "stock=QSQHQD played=20")
# 10♠ can take 10♥, or lay 5♣ or 10♠: after any of them North (K♠ K♦) has no sweep.
SAFE_BOTH = "rules=2p dealer=1 turn=0 hands=TS5C/KSKD loose=TH9D played=40"
FORCED = "rules=2p dealer=1 turn=0 hands=5H/7DKH loose=3CKS played=45"
ZERO = re.compile(r"(?<![\d.,])[−-]?0[.,]0(?!\d)")


def ranking(*moves: tuple[str, float]) -> list[MoveValue]:
    return [MoveValue(Move.parse(m), v, 0.0, 20, False) for m, v in moves]


def test_a_near_tie_is_as_good_as_the_best_in_the_hint_and_the_review() -> None:
    view = seat_view(complete(SWEEP_TRAP), 0)
    tie = ranking(("4H =7 3C", 1.0), ("7S", 0.97), ("4H", -9.0))
    advice = advise(view, tie)
    assert advice is not None
    assert all(r.why != Why.BETTER_VALUE for r in advice.best.reasons)  # no "0.0 more"
    lines = full_hint_lines(advice, view.position)
    assert any(line.endswith("instead: about as good.") and "7♠" in line for line in lines)
    assert not any(ZERO.search(line) for line in lines)
    decision = decision_from_ranking(view, Move.parse("7S"), tie)
    assert decision.verdict == Verdict.BEST and decision.best == Move.parse("4H =7 3C")
    said = decision_advice(decision, view.position)
    assert said.startswith("As good as the best move, ") and "4♥" in said
    assert decision_advice(decision_from_ranking(view, Move.parse("4H =7 3C"), tie),
                           view.position).startswith("The best move.")


def test_a_small_margin_is_not_priced_in_tenths() -> None:
    small = reason_text(Reason(Why.BETTER_VALUE, value=3), 2)
    assert not re.search(r"\d", small) and "nearly as good" in small
    big = reason_text(Reason(Why.BETTER_VALUE, value=25), 2)
    assert "2.5 points per round more" in big


def test_every_card_counted_is_said_without_a_zero() -> None:
    queen = parse_cards("QS")
    for language in LANGUAGES:
        set_language(language)
        try:
            gone = reason_text(Reason(Why.FACE_LAY, cards=queen, value=0), 2)
            left = reason_text(Reason(Why.FACE_LAY, cards=queen, value=1), 2)
        finally:
            set_language("en")
        assert "0" not in gone and "1" in left and gone != left


def test_certain_chances_are_said_as_facts_in_every_language() -> None:
    five = parse_cards("5S")
    reasons = [Reason(Why.DENY, cards=five, value=5, chance=1.0, seat=1),
               Reason(Why.DENY, value=5, chance=1.0, seat=1),
               Reason(Why.SWEEP_RISK, cards=five, chance=1.0, seat=1, value=10),
               Reason(Why.NO_SWEEP, chance=1.0, seat=1),
               Reason(Why.PILE_ODDS, value=5, chance=1.0),
               Reason(Why.PILE_ODDS, value=5, chance=0.0, cards=five),
               Reason(Why.LAY_ODDS, cards=five, chance=0.0, seat=1, value=5)]
    losses = [Reason(Why.SWEEP_RISK, cards=five, chance=1.0, seat=1, value=10),
              Reason(Why.PILE_ODDS, value=5, chance=1.0),
              Reason(Why.LAY_ODDS, cards=five, chance=1.0, seat=1, value=0),
              Reason(Why.DENY, cards=five, chance=1.0, seat=1),
              Reason(Why.DENY, chance=1.0, seat=1)]
    for language in LANGUAGES:
        set_language(language)
        try:
            texts = ([reason_text(r, 2) for r in reasons]
                     + [loss_reason_text(r, 2) for r in losses])
        finally:
            set_language("en")
        assert all("%" not in t and "{" not in t for t in texts), (language, texts)
        assert len(set(texts)) == len(texts)
    set_language("en")
    said = " ".join([reason_text(r, 2) for r in reasons]
                    + [loss_reason_text(r, 2) for r in losses])
    assert not re.search(r"\b(likely|probably|chance)\b", said)


def test_a_sweep_is_worth_its_points_not_extra_points() -> None:
    view = seat_view(complete(SWEEP_TRAP), 0)
    bad = check(view, Move.parse("4H"), analyse(view))
    assert bad.warn and bad.reason.value == view.position.rules.xeri_points
    assert "worth 10 points" in tutor_text(bad, view.position)
    first, _better = tutor_paragraphs(bad, view.position)  # the refutation, then the move
    assert "10 points" in first and "extra" not in first and "%" not in first
    sweep = seat_view(complete("rules=2p dealer=1 turn=0 hands=9S2H/6HKC loose=4C5D "
                               "played=40"), 0)
    move = Move.parse("9S x 4C 5D")
    said = [reason_text(r, 2) for r in teach(sweep, move, move_facts(sweep, [move])[0])]
    assert "It clears the table: a xeri (sweep), worth 10 points." in said
    advice = advise(sweep, analyse(sweep))
    assert advice is not None and nudge_text(advice.nudge, 2).endswith("worth 10 points.")
    assert reason_text(Reason(Why.XERI, value=10), 2) == (
        "It clears the table: a xeri (sweep), worth 10 points.")


def test_an_alternative_says_why_it_is_worse() -> None:
    view = seat_view(complete(SWEEP_TRAP), 0)
    advice = advise(view, analyse(view))
    assert advice is not None
    lay = next(o for o in advice.alternatives if o.move == Move.parse("4H"))
    assert lay.worse is not None and lay.worse.why == Why.SWEEP_RISK
    text = alternative_text(lay, view.position)
    assert "points worse per round." in text and "7♦" in text and "10 points" in text


def test_the_only_move_is_labelled() -> None:
    view = seat_view(complete(FORCED), 0)
    advice = advise(view, ranking(("5H", 0.0)))
    assert advice is not None and advice.only and advice.nudge.kind == NudgeKind.ONLY
    assert nudge_text(advice.nudge, 2) == "You have only one possible move: nothing to choose."
    assert full_hint_lines(advice, view.position)[0].startswith("Your only move: ")


def test_the_own_pile_is_named_as_a_pile() -> None:
    view = seat_view(complete(OWN_PILE), 0)
    advice = advise(view, ranking(("9H x [4D5C]", 3.0), ("9H *9 [4D5C]", 1.0)))
    assert advice is not None and advice.nudge.kind == NudgeKind.OWN_PILE
    assert nudge_text(advice.nudge, 2) == "You can collect your pile of 9."


def test_a_reason_for_a_loss_is_a_difference_between_the_moves() -> None:
    view = seat_view(complete(SAFE_BOTH), 0)
    lay, take = Move.parse("5C"), Move.parse("TS x TH")
    results = ranking(("5C", 2.0), ("TS x TH", 0.0), ("TS", -4.0))
    decision = decision_from_ranking(view, take, results)
    assert decision.verdict == Verdict.INACCURACY and decision.best == lay
    said = decision_advice(decision, view.position)
    # Both moves leave North no sweep: that is no reason to prefer the lay.
    assert said.startswith("Better: ") and "no sweep" not in said
    tutor = check(view, take, results)
    assert tutor.warn
    played = {reason_text(r, 2) for r in teach(view, take, decision.played_facts)}
    if tutor.about_better:  # what the better move does, never what both do
        assert tutor.reason.why not in {Why.SWEEP_RISK, Why.POINTS_LOOSE}
        assert reason_text(tutor.reason, 2) not in played
    assert tutor.grade.loss == decision.loss




def test_the_review_says_what_goes_wrong_with_the_played_move_first() -> None:
    view = seat_view(complete(SWEEP_TRAP), 0)
    results = ranking(("7S", 0.0), ("4H =7 3C", -1.0), ("4H", -10.0))
    said = decision_advice(decision_from_ranking(view, Move.parse("4H"), results),
                           view.position)
    # What happens next, then the better move (the refutation is the difference).
    assert said.startswith("Then North can take 3♣ 4♥ with a 7: the whole table, a xeri "
                           "(sweep). That is 10 points for them. Better: ")
