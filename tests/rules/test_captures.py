"""docs/rules.md §3.1-3.3: laying and capturing."""

from diloti_desktop.rules import legal_moves, parse_cards

from .helpers import canon, is_legal, legal_with, play, pos, reason


def test_laying_is_allowed_even_when_a_capture_exists():
    p = pos("hands=5S/KC loose=5D")
    assert legal_with(p, "5S") == canon("5S", "5S x 5D")


def test_a_face_card_may_be_laid_when_no_face_of_its_rank_is_loose():
    p = pos("hands=KD/2C loose=QS5H")
    assert legal_with(p, "KD") == canon("KD")
    assert "exactly one" in reason(p, "KD x QS")


def test_a_face_card_never_takes_a_sum_or_a_pile():
    p = pos("hands=JD/2C loose=5S6S")
    assert "exactly one" in reason(p, "JD x 5S 6S")
    p = pos("hands=JD9C/2C loose=JS piles=P9@0:5S4S")
    assert reason(p, "JD x JS [4S5S]") == "a face card never takes a pile"


def test_every_union_of_disjoint_groups_is_one_capture_each():
    p = pos("hands=8C/KC loose=8D3C5H2S6H")
    captures = {m for m in legal_with(p, "8C") if " x " in m}
    assert captures == canon(
        "8C x 8D", "8C x 3C 5H", "8C x 2S 6H", "8C x 8D 3C 5H", "8C x 8D 2S 6H",
        "8C x 3C 5H 2S 6H", "8C x 8D 3C 5H 2S 6H")


def test_groupings_of_the_same_cards_are_one_move():
    # 6 with A+5, 2+4, A+2+... : {A,5,2,4} can be grouped (A5)(24) only; {A,2,3} etc.
    p = pos("hands=6C/KC loose=AS5S2H4H3D")
    moves = [m for m in legal_moves(p) if m.card == parse_cards("6C").bit_length() - 1]
    assert len(moves) == len(set(moves))
    assert is_legal(p, "6C x AS 5S 2H 4H")
    assert is_legal(p, "6C x AS 2H 3D")
    assert not is_legal(p, "6C x AS 5S 2H 4H 3D")  # 15 cannot split into sixes


def test_a_pile_is_never_part_of_a_sum():
    p = pos("hands=TC/KC loose=3D piles=P7@1:4S3S")
    assert not is_legal(p, "TC x 3D [3S4S]")
    assert reason(p, "TC x 3D [3S4S]") == "the plain 7 can only be taken by a card of value 7"
    p = pos("hands=TC/KC loose=AD piles=F9@1:9S.4S5S")
    assert reason(p, "TC x AD [9S4S5S]") == (
        "the family of 9s can only be taken by a card of value 9")


def test_anyone_takes_a_pile_whole_with_its_exact_value():
    p = pos("hands=8C2D/8H loose=8D piles=P8@1:3D5S")
    assert is_legal(p, "8C x [3D5S]")
    assert is_legal(p, "8C x 8D [3D5S]")
    after = play(p, "8C x 8D [3D5S]")
    assert after.piles == () and after.captured[0] == parse_cards("8C8D3D5S")
    assert after.last_capturer == 0


def test_several_piles_of_the_same_value_go_together():
    p = pos("hands=7C9D/2H9H loose=4C piles=P9@1:4S5S,P9@0:7S2S")
    assert is_legal(p, "9D x [4S5S] [7S2S]")


def test_the_cards_of_a_pile_cannot_be_taken_separately():
    p = pos("hands=5C/KC piles=P8@1:3D5S")
    assert "is not a loose card" in reason(p, "5C x 5S")


def test_face_cards_take_no_part_in_sums():
    p = pos("hands=TC/KC loose=JS")
    assert legal_with(p, "TC") == canon("TC")
