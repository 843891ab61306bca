"""The coach's analysis as data: nudges, reasons and the tutor's verdict."""

from __future__ import annotations

from diloti_desktop.ai.coach import (
    Nudge,
    NudgeKind,
    Why,
    advise,
    check,
    holds_chance,
    teach,
)
from diloti_desktop.ai.hints import analyse, move_facts
from diloti_desktop.ai.search import MoveValue
from diloti_desktop.rules import Move, Position, seat_view
from diloti_desktop.rules.cards import parse_cards
from tests.ai.helpers import complete

# Laying 4♥ lets the opponent's 7♦ sweep 3♣+4♥; laying 7♠ is safe.
SWEEP_TRAP = "rules=2p dealer=1 turn=0 hands=4H7S/7DKH loose=3C played=40"


def test_the_nudge_names_the_danger_and_the_best_move_leaves_no_sweep() -> None:
    view = seat_view(complete(SWEEP_TRAP), 0)
    advice = advise(view, analyse(view))
    assert advice is not None and advice.best.move == Move.parse("7S")
    assert advice.nudge.kind == NudgeKind.DANGER
    assert advice.nudge.value == 4 and advice.nudge.seat == 1 and advice.nudge.chance == 1.0
    assert Why.NO_SWEEP in {r.why for r in advice.best.reasons}
    assert [o.loss for o in advice.alternatives] == sorted(o.loss for o in advice.alternatives)


def test_when_a_lay_is_best_the_nudge_says_whether_a_capture_is_good_too() -> None:
    # 10♠ can take 10♥; laying 5♣ is best by some margin. No lay leaves a sweep.
    view = seat_view(complete("rules=2p dealer=1 turn=0 hands=TS5C/KSKD loose=TH9D played=40"),
                     0)
    lay, take, other = Move.parse("5C"), Move.parse("TS x TH"), Move.parse("TS")

    def ranking(loss: float) -> list[MoveValue]:
        return [MoveValue(lay, 2.0, 0.0, 20, False), MoveValue(take, 2.0 - loss, 0.0, 20, False),
                MoveValue(other, -4.0, 0.0, 20, False)]

    close = advise(view, ranking(0.1))
    assert close is not None and close.best.move == lay
    assert close.nudge == Nudge(NudgeKind.CLOSE_TAKE, cards=parse_cards("TH"))
    # A capture the tutor would warn about (a loss of 3 points) is not "a good move too".
    far = advise(view, ranking(3.0))
    assert far is not None and far.nudge.kind == NudgeKind.SAFE_LAY


def test_a_close_capture_of_a_pile_names_the_piles_value() -> None:
    # Seat 1 declared 6 (3♠ 3♥); seat 0's 6♦ could take it, but laying 6♦ ranks first.
    view = seat_view(complete("rules=2p dealer=0 turn=0 hands=6D7DJH/4D5H loose=TC "
                              "piles=P6@1:3S3H played=20"), 0)
    ranking = [MoveValue(Move.parse("6D"), 1.0, 0.0, 20, False),
               MoveValue(Move.parse("6D x [3S3H]"), 0.88, 0.0, 20, False),
               MoveValue(Move.parse("JH"), 0.78, 0.0, 20, False)]
    advice = advise(view, ranking)
    assert advice is not None
    assert advice.nudge == Nudge(NudgeKind.CLOSE_TAKE, cards=parse_cards("3S"), value=6)


def test_the_tutor_warns_about_the_sweep_and_names_the_card() -> None:
    view = seat_view(complete(SWEEP_TRAP), 0)
    ranking = analyse(view)
    bad = check(view, Move.parse("4H"), ranking)
    assert bad.warn and bad.grade.verdict.value == "blunder"
    assert bad.reason.why == Why.SWEEP_RISK and bad.reason.cards == parse_cards("7D")
    fine = check(view, Move.parse("7S"), ranking)
    assert not fine.warn and fine.grade.loss == 0.0


def test_when_no_difference_explains_the_loss_the_tutor_says_what_the_better_move_does(
) -> None:
    # Seat 1 can raise seat 0's plain 7 (A♥ 6♦) to 8 with A♦ and holds 8♦ to take it;
    # laying 6♣ differs in nothing a newcomer can check (no sweep, no points, no pile).
    position = Position.parse(
        "rules=2p round=1 phase=play dealer=1 turn=1 hands=2H4C5H7HQC/AD4D6C8D9CTH "
        "stock=QD7C6SKSJHKCAC9S9D6H2S4S5DJDTCASJSQS5STD8HJCKH3H loose=4H9HTSQHKD "
        "piles=P7@0:AH6D captured=3D3C/2D2C3S5C7S7D8S8C xeri=0/0 xeristaki=0/0 last=1 "
        "played=13 score=0/0 winner=-")
    view = seat_view(position, 1)
    raise_, lay = Move.parse("AD ^8 [AH6D]"), Move.parse("6C")
    ranking = [MoveValue(raise_, 1.0, 0.0, 20, False), MoveValue(lay, -2.0, 0.0, 20, False)]
    tutor = check(view, lay, ranking)
    assert tutor.warn and tutor.about_better and tutor.grade.best == raise_
    assert (tutor.reason.why, tutor.reason.value) == (Why.PREPARE, 8)
    # The hint's own reason for the raise follows: the odds that North holds an 8.
    assert tutor.detail is not None and tutor.detail.why == Why.PILE_ODDS
    assert tutor.detail.value == 8 and 0.0 < tutor.detail.chance < 0.5
    # A difference that explains the loss stays the tutor's reason (the sweep left open).
    sweep = check(seat_view(complete(SWEEP_TRAP), 0), Move.parse("4H"),
                  analyse(seat_view(complete(SWEEP_TRAP), 0)))
    assert not sweep.about_better and sweep.detail is None


def test_a_capture_with_points_and_the_card_race() -> None:
    # 10♣ takes A♥ 9♠ and 10♦: three points, four cards, the table cleared.
    position = complete("rules=2p dealer=1 turn=0 hands=TC5S/KSKD loose=AH9STD played=30",
                        side0_extra=10)
    view = seat_view(position, 0)
    move = Move.parse("TC x AH 9S TD")
    (facts,) = move_facts(view, [move])
    found = {r.why: r for r in teach(view, move, facts)}
    assert found[Why.XERI] and found[Why.POINTS].value == 3
    assert found[Why.POINTS].cards == parse_cards("AHTD")
    assert found[Why.RACE].value == 4


def test_keeping_the_last_card_of_ones_own_pile_is_an_obligation() -> None:
    # Seat 0 owns a plain 8 and holds one 8: laying the 5 keeps it.
    position = complete("rules=2p dealer=1 turn=0 hands=8H5C/KSKD2D loose=AS "
                        "piles=P8@0:3D5S played=30")
    view = seat_view(position, 0)
    move = Move.parse("5C")
    (facts,) = move_facts(view, [move])
    reasons = {r.why: r for r in teach(view, move, facts)}
    assert reasons[Why.OBLIGATION].cards == parse_cards("8H")
    assert reasons[Why.OBLIGATION].value == 8


def test_counting_says_when_every_other_card_of_a_rank_is_gone() -> None:
    # Every other queen has been captured: a laid Q♣ can be taken by nobody.
    position = complete("rules=2p dealer=1 turn=0 hands=QC4D/KSKD loose=2H played=40",
                        side0_extra=30)
    view = seat_view(position, 0)
    assert view.unseen & parse_cards("QSQHQD") == 0
    move = Move.parse("QC")
    (facts,) = move_facts(view, [move])
    assert Why.FACE_LAY in {r.why for r in teach(view, move, facts)}
    assert holds_chance(view, 1, parse_cards("QSQHQD")) == 0.0
    assert holds_chance(view, 1, parse_cards("KHKC")) == 0.0  # both already captured
    assert holds_chance(view, 1, view.unseen) == 1.0  # the unseen cards are its hand


def test_taking_your_own_pile_is_nudged_as_your_pile_not_as_its_cards() -> None:
    # Seat 0 declared 10 (2♠ 8♣) and keeps the 10♣: taking it is best.
    view = seat_view(complete("rules=2p dealer=1 turn=0 hands=TCJD/4D5H loose=7S "
                              "piles=P10@0:2S8C played=20"), 0)
    take = Move.parse("TC x [2S8C]")
    ranking = [MoveValue(take, 2.0, 0.0, 20, False),
               MoveValue(Move.parse("JD"), -1.0, 0.0, 20, False)]
    advice = advise(view, ranking)
    assert advice is not None and advice.best.move == take
    # Its own kind: "your pile of 10", never an opponent's pile nor its cards one by one.
    assert advice.nudge == Nudge(NudgeKind.OWN_PILE, cards=parse_cards("2S8C"), value=10,
                                 seat=-1)
