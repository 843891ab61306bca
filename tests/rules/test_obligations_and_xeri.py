"""docs/rules.md §4 (obligations of a pile's owner) and §5 (xeri)."""

from diloti_desktop.rules import Move, Ruleset, apply, legal_moves, parse_cards
from diloti_desktop.rules.events import LeftoversTaken, Xeri, Xeristaki

from .helpers import is_legal, legal_with, play, pos, reason


def test_the_owner_may_capture_elsewhere_or_make_a_family_but_not_lay_or_declare():
    p = pos("hands=8C8H5D2D/KC loose=5H4C piles=P8@0:3D5S")
    assert is_legal(p, "5D x 5H")
    assert is_legal(p, "8C x [3D5S]")
    assert is_legal(p, "8C *8 [3D5S]")
    assert not is_legal(p, "2D")
    assert "cannot declare another pile" in reason(p, "2D =6 4C")
    assert "a family you declare must include it" in reason(p, "5D *5 5H")


def test_the_owner_may_not_spend_the_last_card_of_the_value_elsewhere():
    p = pos("hands=8C5D/KC loose=6D2S piles=P8@0:3D5S")
    assert legal_with(p, "8C") == {"8C x 2S 6D [3D5S]", "8C x [3D5S]"}
    # with a second 8 the first may take elsewhere
    p = pos("hands=8C8H/KC loose=6D2S piles=P8@0:3D5S")
    assert is_legal(p, "8C x 2S 6D")


def test_obligations_end_when_the_pile_is_taken_by_anyone():
    p = pos("hands=8C7H/8D loose=4S piles=P8@0:3D5S turn=1")
    p = play(p, "8D x [3D5S]")
    assert is_legal(p, "7H")


def test_the_owner_always_has_a_legal_move():
    p = pos("hands=8CKD/KC piles=P8@0:3D5S")
    assert [m.notation() for m in legal_moves(p)] == ["8C x [3D5S]"]


def test_a_sweep_scores_a_xeri():
    p = pos("hands=5C2D/KC loose=5S")
    after, events = apply(p, Move.parse("5C x 5S"))
    assert after.xeris == (1, 0)
    assert Xeri(0, 0, 10) in events
    after, events = apply(p, Move.parse("2D"))
    assert after.xeris == (0, 0) and not any(isinstance(e, Xeri) for e in events)


def test_the_first_card_of_the_round_never_sweeps():
    p = play(pos("hands=5C2D/KC loose=5S played=0"), "5C x 5S")
    assert p.xeris == (0, 0)
    p = play(pos("rules=2p,firstxeri hands=5C2D/KC loose=5S played=0"), "5C x 5S")
    assert p.xeris == (1, 0)


def test_a_declaration_is_never_a_sweep():
    p = play(pos("hands=3C8D/KC loose=5S"), "3C =8 5S")
    assert p.xeris == (0, 0)


def test_the_last_card_sweeps_when_it_really_takes_everything():
    p = pos("hands=5C/- loose=5S played=47 last=1")
    after, events = apply(p, next(legal_moves(p)))
    assert next(legal_moves(p)).notation() == "5C x 5S"
    assert after.xeris == (1, 0)
    assert any(isinstance(e, Xeri) for e in events)


def test_the_leftover_pickup_is_never_a_sweep():
    p = pos("hands=7S/- loose=5D played=47 last=1")
    after, events = apply(p, next(legal_moves(p)))
    assert after.xeris == (0, 0)
    assert LeftoversTaken(1, parse_cards("5D7S")) in events
    assert after.captured[1] == parse_cards("5D7S")


def test_leftovers_with_no_capture_in_the_round_belong_to_nobody():
    p = pos("hands=7S/- loose=5D played=47")
    after = apply(p, next(legal_moves(p)))[0]
    assert after.captured == (0, 0)
    assert after.loose == parse_cards("5D7S")


def test_xeri_worth_five_in_crete_and_xeristaki():
    p = play(pos("rules=2p,x5 hands=5C2D/KC loose=5S"), "5C x 5S")
    assert p.xeris == (1, 0)
    p = pos("rules=2p,xeristaki hands=5C2D/9C loose=5S piles=P9@1:4S5D")
    after, events = apply(p, next(m for m in legal_moves(p) if m.notation() == "5C x 5S"))
    assert after.xeristakia == (1, 0) and Xeristaki(0, 0, 5) in events
    default = pos("hands=5C2D/9C loose=5S piles=P9@1:4S5D")
    assert play(default, "5C x 5S").xeristakia == (0, 0)


def test_xeri_value_reaches_the_score():
    p = pos("rules=2p,x5 hands=5C/- loose=5S played=47 xeri=1/0")
    after = play(p, "5C x 5S")
    assert after.xeris == (2, 0)
    assert after.scores[0] == 10 + 0  # two xeris of 5, no point cards, 2 cards only
    assert Ruleset.parse("2p,x5").xeri_points == 5
