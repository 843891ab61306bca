"""What a puzzle teaches: the exact lines of the answer and of the best other move, only
their differences, and the themes named from them; equivalent moves; the shipped set's
minimum of distinct moves, themes and recorded values."""

from __future__ import annotations

import pytest

from diloti_desktop.ai.features import distinct_moves
from diloti_desktop.ai.puzzle_ideas import Theme, contrast, themes
from diloti_desktop.ai.puzzles import (
    MIN_MOVES,
    equivalent,
    load_puzzles,
    make_puzzle,
    puzzle_from_dict,
    puzzle_to_dict,
)
from diloti_desktop.rules.cards import Card
from diloti_desktop.rules.movegen import candidate_moves, legal_moves
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.view import seat_view

PUZZLES = load_puzzles()

#: Two cards each: you hold 10♠ J♠, North only J♦, with 5♣ 6♣ 8♣ on the table. Keeping
#: J♠ takes North's last J and so makes the last capture: the leftovers are yours.
KEEP_THE_JACK = Position.parse(
    "rules=2p round=1 phase=play dealer=0 turn=0 hands=TSJS/JD stock=- loose=5C6C8C "
    "piles=- captured=AS2S2D2C4S4H4D5S5H6S6H7H7D8S8D9HTHTDTCQSQCKSKHKDKC/"
    "AHADAC2H3S3H3D3C4C5D6D7S7C8H9S9D9CJHJCQHQD xeri=1/0 xeristaki=0/0 last=1 "
    "played=45 score=0/0 winner=-")
#: The solver holds 4♠ and 4♥; either takes the 4♣ on the table, to the same end.
TWO_FOURS = Position.parse(
    "rules=2p round=1 phase=play dealer=1 turn=0 hands=4S4H6H9SJS/9DTCJDQSQD stock=- "
    "loose=4C piles=P9@0:AC8C captured=AHAD2H2C3S3H3D3C4D5H6S6D7S7H7D7CTSTHTDKHKD/"
    "AS2S2D5S5D5C6C8S8H8D9H9CJHJCQHQCKSKC xeri=0/0 xeristaki=0/0 last=1 played=38 "
    "score=0/0 winner=-")


def card(text: str) -> int:
    return int(Card.parse(text))


def test_keeping_the_jack_is_told_as_the_card_that_answers_and_the_leftovers() -> None:
    found = contrast(seat_view(KEEP_THE_JACK, 0), Move.parse("TS"))
    assert found is not None
    assert found.other.card == card("JS")           # the best other move spends J♠
    assert (found.kept, found.answered) == (card("JS"), card("JD"))
    assert found.leftovers.bit_count() >= 3         # 5♣ 6♣ 8♣ (and 10♠) at the end
    assert found.points > 0
    assert themes(found) == (Theme.ANSWER_CARD, Theme.LEFTOVERS)


def test_a_move_against_itself_differs_in_nothing() -> None:
    answer = Move.parse("9S x [AC8C]")
    same = contrast(seat_view(TWO_FOURS, 0), answer, answer)
    assert same is not None
    assert same.points == same.card_points == same.majority == 0
    assert same.leftovers == same.leftovers_lost == same.point_cards == 0
    assert same.xeris_denied == same.xeris_won == 0 and same.kept == -1
    assert themes(same) == ()


def test_no_contrast_where_the_cards_are_not_all_known() -> None:
    hidden = Position.parse("hands=8S2D/KC5H loose=3H5C played=10")
    assert contrast(seat_view(hidden, 0), Move.parse("8S x 3H 5C")) is None


def test_equal_moves_are_equivalent_and_different_ones_are_not() -> None:
    four_spades, four_hearts = Move.parse("4S x 4C"), Move.parse("4H x 4C")
    assert equivalent(TWO_FOURS, four_spades, four_hearts)
    assert not equivalent(TWO_FOURS, four_spades, Move.parse("9S x [AC8C]"))


def test_every_shipped_puzzle_offers_at_least_four_distinct_moves() -> None:
    assert PUZZLES
    for puzzle in PUZZLES:
        count = len(distinct_moves(candidate_moves(puzzle.position)))
        assert count >= MIN_MOVES, (puzzle.ident, count)
        assert puzzle.moves == count == len(puzzle.values)


def test_every_shipped_puzzle_has_its_themes_and_the_set_has_six_or_more() -> None:
    for puzzle in PUZZLES:
        assert 1 <= len(puzzle.themes) <= 2, puzzle.ident
    assert len({t for p in PUZZLES for t in p.themes}) >= 6


def test_recorded_values_give_each_wrong_move_its_loss() -> None:
    for puzzle in PUZZLES:
        assert puzzle.loss(puzzle.answer) == 0
        for move in legal_moves(puzzle.position):
            loss = puzzle.loss(move)
            assert loss is not None, (puzzle.ident, move)
            assert puzzle.accepts(move) or loss >= puzzle.margin - 1e-9


def test_the_validator_refuses_few_moves_and_unknown_or_missing_themes() -> None:
    record = puzzle_to_dict(PUZZLES[0])
    assert puzzle_from_dict(record) == PUZZLES[0]
    for change in ({"moves": MIN_MOVES - 1}, {"themes": ["luck"]}, {"themes": []},
                   {"themes": None}, {"values": record["values"][:-1]},
                   {"values": record["values"][::-1]},
                   {"values": [["KS x KH", 1.0], *record["values"][1:]]}):
        with pytest.raises(ValueError):
            puzzle_from_dict({**record, **change})


def test_a_position_with_three_moves_makes_no_puzzle() -> None:
    assert len(distinct_moves(candidate_moves(KEEP_THE_JACK))) < MIN_MOVES
    assert make_puzzle(KEEP_THE_JACK, "x", "test") is None
