"""docs/rules.md §9 (four players) and every variant toggle of §10."""

from diloti_desktop.rules import Ruleset, parse_cards

from .helpers import is_legal, play, pos, reason

FOUR = "rules=4p hands="


def test_partners_share_one_capture_pile():
    p = pos(FOUR + "KC/KD/5C2D/KH turn=2 loose=5S")
    after = play(p, "5C x 5S")
    assert after.captured == (parse_cards("5C5S"), 0)
    assert after.xeris == (1, 0)
    assert after.turn == 3


def test_a_partner_may_capture_the_partners_pile_but_not_raise_it():
    p = pos(FOUR + "KC/KD/8C9CAH/KH turn=2 piles=P8@0:3D5S")
    assert is_legal(p, "8C x [3D5S]")
    assert not is_legal(p, "AH ^9 [3D5S]")
    assert reason(p, "AH ^9 [3D5S]") == "you cannot raise your partner's pile"
    toggled = pos("rules=4p,partnerraise hands=KC/KD/8C9CAH/KH turn=2 piles=P8@0:3D5S")
    assert is_legal(toggled, "AH ^9 [3D5S]")


def test_obligations_are_personal():
    p = pos(FOUR + "8CKC/KD/7H2D/KH turn=2 piles=P8@0:3D5S")
    assert is_legal(p, "7H")  # the partner of the owner may lay
    assert is_legal(p, "2D")


def test_an_opponent_in_four_players_may_raise():
    p = pos(FOUR + "KC/AH9D/2C/KH turn=1 piles=P8@0:3D5S")
    assert is_legal(p, "AH ^9 [3D5S]")


def test_capture_scope_take_all_of_the_rank():
    base = "hands=6C/KC loose=6S6H2D4D"
    assert is_legal(pos(base), "6C x 6S")
    p = pos("rules=2p,takeall " + base)
    assert not is_legal(p, "6C x 6S")
    assert "every loose 6" in reason(p, "6C x 6S")
    assert is_legal(p, "6C x 6S 6H") and is_legal(p, "6C x 6S 6H 2D 4D")
    assert not is_legal(p, "6C x 2D 4D")
    assert is_legal(p, "6C")  # laying stays allowed


def test_one_sum_group_per_capture():
    base = "hands=8C/KC loose=8D3C5H2S6H"
    assert is_legal(pos(base), "8C x 3C 5H 2S 6H")
    p = pos("rules=2p,onegroup " + base)
    assert not is_legal(p, "8C x 3C 5H 2S 6H")
    assert is_legal(p, "8C x 8D 3C 5H")
    assert reason(p, "8C x 3C 5H 2S 6H") == "house rule: a capture may take only one sum group"


def test_locked_declarations_forbid_raises_and_taking_over_piles():
    base = "hands=AH9D8C8H/KC piles=P8@1:3D5S"
    assert is_legal(pos(base), "AH ^9 [3D5S]")
    assert is_legal(pos(base), "8C *8 [3D5S]")
    p = pos("rules=2p,locked " + base)
    assert not is_legal(p, "AH ^9 [3D5S]")
    assert reason(p, "AH ^9 [3D5S]") == "declarations are locked: piles cannot be raised"
    assert not is_legal(p, "8C *8 [3D5S]")
    own = pos("rules=2p,locked hands=8C8H/KC piles=P8@0:3D5S")
    assert is_legal(own, "8C *8 [3D5S]")  # a family on one's own pile is still allowed


def test_self_raise():
    base = "hands=AH9D8C/KC piles=P8@0:3D5S"
    assert not is_legal(pos(base), "AH ^9 [3D5S]")
    p = pos("rules=2p,selfraise " + base)
    assert is_legal(p, "AH ^9 [3D5S]")
    assert play(p, "AH ^9 [3D5S]").piles[0].notation() == "P9@0:AH3D5S"
    last = pos("rules=2p,selfraise hands=AH9D/KC piles=P1@0:AS")
    assert not is_legal(last, "AH ^2 [AS]")  # the last card of the value keeps its duty
    # the refusal to lay names the moves the owner has, raising included only here
    assert reason(p, "AH") == ("you own the plain 8, so you cannot lay A♥; you may capture, "
                               "raise your pile, or declare a family that includes it")
    assert "raise" not in reason(pos(base), "AH")


def test_raise_may_add_loose_cards():
    base = "hands=AH9D/KC loose=2C5D piles=P6@1:2S4S"
    assert not is_legal(pos(base), "AH ^9 2C [2S4S]")
    p = pos("rules=2p,raiseloose " + base)
    assert is_legal(p, "AH ^9 2C [2S4S]")
    assert play(p, "AH ^9 2C [2S4S]").piles[0].notation() == "P9@0:AH2S2C4S"


def test_target_and_ruleset_notation():
    rules = Ruleset.parse("4p,t101,x5,xeristaki,locked,firstxeri,takeall,onegroup,"
                          "redeal=jacks,selfraise,raiseloose,partnerraise")
    assert rules.players == 4 and rules.target == 101 and rules.xeri_points == 5
    assert rules.layout_redeal == "jacks"
    assert Ruleset.parse(rules.notation()) == rules
    assert Ruleset().notation() == "2p"
    p = pos("rules=2p,t101 hands=5C/- loose=5S played=47 score=90/0")
    after = play(p, "5C x 5S")
    assert after.winner == -1 and after.scores == (100, 0)
