"""The coach's sentences name the cards they speak of (no "them" for a single card), and
every reason the hints, the tutor, the review or a puzzle give has one."""

from __future__ import annotations

from diloti_desktop.ai.coach import Nudge, NudgeKind, TutorCheck
from diloti_desktop.ai.hints import Grade, Verdict, suggest
from diloti_desktop.ai.reasons import Reason, Why, fact_reasons
from diloti_desktop.i18n import set_language
from diloti_desktop.rules import Position
from diloti_desktop.rules.cards import parse_cards
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.view import seat_view
from diloti_desktop.ui.words.coach_words import (
    nudge_text,
    reason_text,
    tutor_paragraphs,
    tutor_text,
)
from tests.ai.helpers import complete

POSITION = Position.parse("rules=2p hands=5H8H/KC2S loose=3C5S played=1")


def test_every_kind_of_reason_has_its_own_sentence_in_every_language() -> None:
    reasons = [Reason(why, cards=parse_cards("5S"), value=2, chance=0.3, seat=1, total=9)
               for why in Why]
    try:
        for language in ("en", "el", "fr", "it", "es", "de"):
            set_language(language)
            texts = [reason_text(reason, 2) for reason in reasons]
            assert all(text and "{" not in text for text in texts)
            assert len(set(texts)) == len(texts)  # no two kinds share a sentence
    finally:
        set_language("en")


def test_the_reasons_from_a_move_s_facts_are_the_coach_s_sentences() -> None:
    view = seat_view(complete("rules=2p dealer=1 turn=0 hands=4H7S/7DKH loose=3C "
                              "played=40"), 0)
    said = {h.move.notation(): [reason_text(r, 2) for r in fact_reasons(h.facts, 1)]
            for h in suggest(view)}
    # (every card is known: the sweep is a fact, not odds)
    assert "North can then sweep the table with 7♦." in said["4H"]
    assert "It leaves North no sweep." in said["7S"]
    # The facts know the points a capture takes, not which cards: no empty card list.
    points = reason_text(Reason(Why.POINTS, value=3), 2)
    assert points == "It takes 3 points (aces, 10♦ and 2♣ score)."


def test_the_hints_deny_reason_names_the_card() -> None:
    reason = Reason(Why.DENY, cards=parse_cards("5S"), value=5, chance=0.23, seat=1)
    text = reason_text(reason, 2)
    assert "5♠" in text and "them" not in text
    # Without cards to name (a pile only), the general sentence stays.
    assert "them" in reason_text(reason._replace(cards=0), 2)


def test_the_tutors_deny_reason_names_the_card() -> None:
    lay = Move.parse("8H")
    best = Move.parse("5H x 5S")
    grade = Grade(lay, Verdict.BLUNDER, 8.1, best, -3.0, 5.1)
    reason = Reason(Why.DENY, cards=parse_cards("5S"), chance=0.23, seat=1)
    text = tutor_text(TutorCheck(grade, True, reason), POSITION)
    assert "5♠" in text and "those cards" not in text


def test_the_close_capture_nudge_names_the_card_or_pile_in_every_language() -> None:
    card = Nudge(NudgeKind.CLOSE_TAKE, cards=parse_cards("TH"))
    pile = Nudge(NudgeKind.CLOSE_TAKE, cards=parse_cards("3S"), value=6)
    safe = Nudge(NudgeKind.SAFE_LAY)
    texts: dict[str, tuple[str, str]] = {}
    try:
        for language in ("en", "el", "fr", "it", "es", "de"):
            set_language(language)
            texts[language] = (nudge_text(card, 2), nudge_text(pile, 2))
            assert "10♥" in texts[language][0]
            assert "6" in texts[language][1] and "3♠" not in texts[language][1]
            assert nudge_text(safe, 2) not in texts[language]
    finally:
        set_language("en")
    assert texts["en"][0].startswith("Taking the 10♥ is a good move too.")
    assert texts["en"][1].startswith("Taking the pile of 6 is a good move too.")
    assert len(set(texts.values())) == 6  # translated, not the English fallback


def test_the_tutor_names_the_better_move_first_when_it_explains_that_move() -> None:
    lay = Move.parse("8H")
    best = Move.parse("5H =8 3C")
    grade = Grade(lay, Verdict.MISTAKE, 2.8, best, -1.0, 1.8)
    odds = Reason(Why.PILE_ODDS, value=8, chance=0.34)
    about = TutorCheck(grade, True, Reason(Why.PREPARE, value=8), about_better=True,
                       detail=odds)
    better, said = tutor_paragraphs(about, POSITION)
    assert better.startswith("Better: ") and "5♥" in better
    assert said == ("It makes a pile of 8 that you can take on your next turn. "
                    + reason_text(odds, 2))
    # A reason about the difference comes first, the better move after it.
    deny = TutorCheck(grade, True, Reason(Why.DENY, cards=parse_cards("5S"), chance=0.2,
                                          seat=1))
    first, then = tutor_paragraphs(deny, POSITION)
    assert "5♠" in first and then.startswith("Better: ")


def test_the_tutor_says_the_refutation_first_in_every_language() -> None:
    from diloti_desktop.ai.coach import check
    from diloti_desktop.ai.hints import analyse
    from diloti_desktop.ui.words.coach_words import refutation_text

    trap = complete("rules=2p dealer=1 turn=0 hands=4H7S/7DKH loose=3C played=40")
    view = seat_view(trap, 0)
    warning = check(view, Move.parse("4H"), analyse(view))
    assert warning.warn and warning.refutation is not None
    try:
        seen = set()
        for language in ("en", "el", "fr", "it", "es", "de"):
            set_language(language)
            first = tutor_paragraphs(warning, trap)[0]
            assert first.startswith(refutation_text(warning.refutation, 2))
            assert "{" not in first and "10" in first  # the xeri's points, said as a number
            seen.add(first)
        set_language("en")
        assert refutation_text(warning.refutation, 2) == (
            "Then North can take 3♣ 4♥ with a 7: the whole table, a xeri (sweep). "
            "That is 10 points for them.")
        set_language("el")
        assert refutation_text(warning.refutation, 2).startswith(
            "Μετά ο Βορράς μπορεί να πάρει τα 3♣ 4♥ με ένα 7")
        assert len(seen) == 6
    finally:
        set_language("en")


def test_a_pile_nudge_names_whose_pile_it_is() -> None:
    own = Nudge(NudgeKind.TAKE_PILE, cards=parse_cards("2S8C"), value=10, seat=0)
    assert nudge_text(own, 2) == "You can take your pile of 10."
    partner = own._replace(seat=2)
    assert nudge_text(partner, 4) == "You can take your partner's pile of 10."
    theirs = own._replace(seat=1)
    assert nudge_text(theirs, 2) == "You can take North's pile of 10 before they do."


def test_english_says_an_before_an_eight_or_an_ace() -> None:
    from diloti_desktop.ai.refutation import Ply, Refutation
    from diloti_desktop.ui.words.coach_words import refutation_text

    position = complete("rules=2p dealer=1 turn=0 hands=4H7S/7DKH loose=3C played=40")
    for card, spoken in (("8D", "an 8"), ("AD", "an A"), ("7D", "a 7")):
        reply = Ply(1, Move.parse(f"{card} x 3C"))
        found = Refutation(position, (Ply(0, Move.parse("4H")), reply), True, reply, 1,
                           parse_cards("3C"), 0, False, 0, 1.0, True, 1.0)
        assert refutation_text(found, 2) == f"Then North can take 3♣ with {spoken}."


def test_the_better_move_s_own_sweep_is_named_with_its_points() -> None:
    from diloti_desktop.ai.refutation import Ply, Refutation
    from diloti_desktop.ui.words.coach_words import refutation_text

    position = complete("rules=2p dealer=1 turn=0 hands=4H7S/7DKH loose=3C played=40")
    ours = Ply(0, Move.parse("7S x 3C 4H"))
    found = Refutation(position, (Ply(0, Move.parse("4H")),), False, ours, 2,
                       parse_cards("3C4H"), 0, True, 12, 0.81, False, 5.4, side=0)
    said = refutation_text(found, 2)
    assert "with 7♠ later in this deal. That sweeps the table, a xeri: 12 points" in said
    assert said.endswith("It happens in about 81% of the possible deals.")
