"""Notations: cards, moves, rulesets and positions round-trip; bad input raises typed errors."""

import contextlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from diloti_desktop.rules import (
    CARDS,
    Card,
    DilotiError,
    InvalidNotationError,
    Move,
    Pile,
    Position,
    Ruleset,
    legal_moves,
    new_match,
    parse_cards,
    play_unchecked,
)
from diloti_desktop.rules.position import PLAY


def test_card_notation_round_trips_and_accepts_variants():
    for card in CARDS:
        assert Card.parse(card.notation()) == card
        assert eval(repr(card)) == card
    assert Card.parse("10D") == Card.parse("td") == Card.parse("10♦") == Card.parse("TD")
    assert Card.parse("TD").pretty() == "10♦"
    assert Card.parse("KS").is_face and Card.parse("KS").value == 0
    assert Card.parse("7H").value == 7


@pytest.mark.parametrize("text", ["", "1S", "11H", "ZS", "6X", "66", "6SS"])
def test_bad_cards_name_the_input(text):
    with pytest.raises(InvalidNotationError, match="not a card"):
        Card.parse(text)


def test_parse_cards_rejects_duplicates():
    with pytest.raises(InvalidNotationError, match="twice"):
        parse_cards("6S6S")


def test_moves_from_many_games_round_trip():
    chooser = random.Random(0)
    for seed in range(30):
        p = new_match(Ruleset.parse("2p,selfraise,raiseloose"), random.Random(seed))[0]
        while p.phase == PLAY:
            moves = list(legal_moves(p))
            for move in moves:
                assert Move.parse(move.notation()) == move
                assert eval(repr(move)) == move
            p = play_unchecked(p, chooser.choice(moves))


@pytest.mark.parametrize("text", [
    "", "6S y 6D", "6S =11 5S", "6S =x 5S", "6S x", "6S x 6D 6D", "6S x 6S",
    "6S x [6D] 6D", "6S x []", "6S ^0 [2C4C]",
])
def test_bad_moves_raise_invalid_notation(text):
    with pytest.raises(InvalidNotationError):
        Move.parse(text)


def test_position_round_trips_through_notation_all_game_long():
    chooser = random.Random(1)
    for players in (2, 4):
        p = new_match(Ruleset(players=players, xeristaki=True), random.Random(players))[0]
        while p.phase == PLAY:
            assert Position.parse(p.notation()) == p
            assert eval(repr(p)) == p
            p = play_unchecked(p, chooser.choice(list(legal_moves(p))))
        assert Position.parse(p.notation()) == p


@pytest.mark.parametrize("text", [
    "hands=6S", "hands=6S/7S/8S", "turn=5", "phase=nap", "colour=red", "hands=6S/6S",
    "piles=P11@0:5S6S", "piles=P8@0:5S", "piles=F8@0:5S3S.4H", "piles=P8@0:5S3S,P9@0:9S",
    "score=1", "played=-1", "rules=3p", "rules=2p,fast", "loose=6S stock=6S", "piles=P8@7:5S3S",
    "hands=KS/- piles=P8@0:KSQS", "turn",
])
def test_bad_positions_raise_invalid_notation(text):
    with pytest.raises(InvalidNotationError):
        Position.parse(text)


def test_pile_notation():
    pile = Pile.parse("F6@0:6D.2C4H.6S")
    assert pile.family and pile.value == 6 and pile.owner == 0 and len(pile.components) == 3
    assert Pile.parse(pile.notation()) == pile


def test_ruleset_rejects_unknown_tokens():
    with pytest.raises(InvalidNotationError, match="unknown rule token"):
        Ruleset.parse("2p,turbo")


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_only_typed_errors_escape_the_parsers(text):
    for parser in (Card.parse, Move.parse, Position.parse, Ruleset.parse, parse_cards):
        with contextlib.suppress(DilotiError):
            parser(text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["rules=4p", "hands=6S/7H", "loose=5D", "piles=P8@1:3D5S",
                                 "turn=1", "played=3", "stock=2C", "score=1/2", "x", "=",
                                 "piles=F6@0:6D.6S", "captured=AS/-", "last=1", "winner=0"]),
                max_size=6))
def test_position_fields_fuzz(tokens):
    try:
        p = Position.parse(" ".join(tokens))
    except DilotiError:
        return
    assert Position.parse(p.notation()) == p
