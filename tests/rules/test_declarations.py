"""docs/rules.md §3.4-3.6: plain declarations, families and raises."""

from diloti_desktop.rules import parse_cards

from .helpers import canon, is_legal, legal_with, play, pos, reason


def test_a_plain_declaration_needs_another_card_of_its_value():
    assert is_legal(pos("hands=3D8C/KC loose=5S"), "3D =8 5S")
    p = pos("hands=3D9C/KC loose=5S")
    assert not is_legal(p, "3D =8 5S")
    assert reason(p, "3D =8 5S") == "to declare 8 you must keep another card of value 8 in hand"


def test_a_declaration_may_combine_several_loose_numerals():
    p = play(pos("hands=2C9C/KC loose=3D4H"), "2C =9 3D 4H")
    assert p.piles[0].notation() == "P9@0:2C3D4H"
    assert p.loose == 0


def test_a_declaration_cannot_exceed_ten_nor_use_faces_or_piles():
    p = pos("hands=5C9CTC/KC loose=6DQH piles=P3@1:AS2S")
    assert "add up to 11" in reason(p, "5C =10 6D")
    assert "face cards never" in reason(p, "5C =10 QH")
    assert reason(p, "5C =8 [AS2S]") == "a pile never becomes part of a larger sum"


def test_the_declarer_owns_the_pile_and_anyone_may_take_it():
    p = play(pos("hands=3D8C/8H loose=5S"), "3D =8 5S")
    assert p.piles[0].owner == 0
    assert is_legal(p, "8H x [3D5S]")


def test_a_family_of_sixes_is_not_twelve():
    p = pos("hands=6S6H/KC loose=6D")
    assert is_legal(p, "6S *6 6D")
    assert not any(m.startswith("6S =12") for m in legal_with(p, "6S"))


def test_a_family_may_join_the_played_card_with_loose_numerals():
    p = pos("hands=3D8C/KC loose=5S8S")
    assert is_legal(p, "3D *8 5S 8S")
    after = play(p, "3D *8 5S 8S")
    assert after.piles[0].notation() == "F8@0:3D5S.8S"


def test_a_family_needs_two_components():
    p = pos("hands=3D8C/KC loose=5S")
    assert "3D =8 5S" in legal_with(p, "3D")
    assert not is_legal(p, "3D *8 5S")


def test_a_family_absorbs_another_players_plain_pile_and_frees_its_owner():
    p = pos("hands=8C8H/2D loose=4H piles=P8@1:3D5S")
    assert is_legal(p, "8C *8 [3D5S]")
    after = play(p, "8C *8 [3D5S]")
    assert after.piles[0].notation() == "F8@0:3D5S.8C"
    assert after.pile_owned_by(1) is None
    assert is_legal(after, "2D")  # the former owner may lay again


def test_a_family_cannot_absorb_another_players_family():
    p = pos("hands=8C8H/2D piles=F8@1:8D.3D5S")
    assert not is_legal(p, "8C *8 [8D3D5S]")
    assert "cannot be taken over" in reason(p, "8C *8 [8D3D5S]")


def test_the_owner_extends_the_own_pile_into_a_family():
    p = pos("hands=8C8H/2D piles=P8@0:3D5S")
    assert is_legal(p, "8C *8 [3D5S]")
    p = pos("hands=6C6H/2D loose=2S4S piles=F6@0:6D.6S")
    assert is_legal(p, "6C *6 2S 4S [6D6S]")
    assert is_legal(p, "6C *6 [6D6S]")


def test_raise_an_opponents_plain_pile():
    p = pos("hands=KC/AH9D loose=2C piles=P8@0:3D5S turn=1")
    assert is_legal(p, "AH ^9 [3D5S]")
    after = play(p, "AH ^9 [3D5S]")
    assert after.piles[0].notation() == "P9@1:AH3D5S"


def test_raise_rules_keep_new_value_no_family_not_own_not_over_ten():
    p = pos("hands=AH8D/KC piles=P8@1:3D5S")
    assert reason(p, "AH ^9 [3D5S]") == (
        "to raise to 9 you must keep another card of value 9 in hand")
    p = pos("hands=AH9D/KC piles=F8@1:8S.3D5S")
    assert reason(p, "AH ^9 [8S3D5S]") == (
        "a family can never be raised; only a card of value 8 takes it")
    p = pos("hands=AH9D8D/KC piles=P8@0:3D5S")
    assert reason(p, "AH ^9 [3D5S]") == "you cannot raise your own pile"
    p = pos("hands=3H9D/KC piles=P8@1:3D5S")
    assert "cannot go above 10" in reason(p, "3H ^10 [3D5S]")


def test_a_player_who_owns_a_pile_cannot_raise_another():
    p = pos("hands=AH9D8C/KC loose=2C piles=P8@0:3D5S,P8@1:4D4S")
    assert not is_legal(p, "AH ^9 [4D4S]")
    assert "you cannot raise another pile" in reason(p, "AH ^9 [4D4S]")


def test_the_former_owner_may_raise_it_back():
    p = pos("hands=3D8C9HTC/AH9DKC loose=5S")
    p = play(p, "3D =8 5S", "AH ^9 [3D5S]")
    p = pos("hands=AC8CTC/9DKC piles=P9@1:AH3D5S")
    assert is_legal(p, "AC ^10 [AH3D5S]")
    assert play(p, "AC ^10 [AH3D5S]").piles[0].owner == 0


def test_declared_piles_are_whole_for_captures():
    p = play(pos("hands=2C9C/9H loose=3D4H5S"), "2C =9 3D 4H")
    assert legal_with(p, "9H") >= canon("9H x [2C3D4H]")
    assert p.loose == parse_cards("5S")
