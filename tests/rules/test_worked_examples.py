"""The worked examples of the rules (docs/rules.md), legal and illegal side by side."""

from diloti_desktop.rules import parse_cards

from .helpers import canon, is_legal, legal_with, play, pos, reason


def test_example_1_six_takes_a_six_and_two_plus_four():
    p = pos("hands=6S/7C loose=6D2C4H9S")
    assert is_legal(p, "6S x 6D 2C 4H")
    after = play(p, "6S x 6D 2C 4H")
    assert after.loose == parse_cards("9S")
    assert after.captured[0] == parse_cards("6S6D2C4H")
    assert after.xeris == (0, 0)
    assert reason(p, "6S x 6D 2C 4H 9S") == (
        "2♣ 4♥ 6♦ 9♠ add up to 21: 6♠ only takes cards adding up to 6 (or groups of 6)")
    assert is_legal(pos("hands=6S/7C loose=6D2C4H3S3H"), "6S x 6D 2C 4H 3S 3H")  # three sixes
    assert reason(pos("hands=6S/7C loose=5D2C5H"), "6S x 5D 2C 5H") == (
        "2♣ 5♥ 5♦ cannot be split into groups adding up to 6")


def test_example_2_raise_passes_the_obligation_and_the_nine_sweeps():
    p = pos("hands=3D8C9H/AH9DKC loose=5S")
    p = play(p, "3D =8 5S")
    assert p.piles[0].notation() == "P8@0:3D5S"
    p = play(p, "AH ^9 [3D5S]")
    assert p.piles[0].notation() == "P9@1:AH3D5S"
    # A is freed: may now lay, and may take the 9 with 9H
    assert is_legal(p, "8C")
    p = play(p, "9H x [AH3D5S]")
    assert p.captured[0] == parse_cards("9HAH3D5S")
    assert p.xeris == (1, 0)


def test_example_3_a_king_must_take_exactly_one_king():
    p = pos("hands=KD/2C loose=KSKH5D")
    assert legal_with(p, "KD") == canon("KD x KS", "KD x KH")
    assert "must take one of the Kings" in reason(p, "KD")
    assert "exactly one" in reason(p, "KD x KS KH")


def test_example_4_two_sixes_make_a_family_of_sixes():
    p = pos("hands=6S6H/2C6C loose=6D")
    assert is_legal(p, "6S *6 6D")
    p = play(p, "6S *6 6D")
    assert p.piles[0].notation() == "F6@0:6S.6D"
    # any 6 takes the whole family, and only a 6
    assert is_legal(p, "6C x [6S6D]")
    assert "family" in reason(p, "2C ^8 [6S6D]")


def test_example_5_the_owner_of_a_plain_eight():
    p = pos("hands=8C7H/KC loose=6D2S piles=P8@0:3D5S")
    assert is_legal(p, "8C x 2S 6D [3D5S]")
    assert not is_legal(p, "8C x 2S 6D")
    assert "last 8" in reason(p, "8C x 2S 6D")
    assert reason(p, "7H") == ("you own the plain 8, so you cannot lay 7♥; you may capture "
                               "anywhere, or take your pile")
