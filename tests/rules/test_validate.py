"""Position validation: every position legal play reaches passes; what passes can be played."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from diloti_desktop.rules import (
    DilotiError,
    Position,
    Ruleset,
    legal_moves,
    new_match,
    next_round,
    play_unchecked,
)
from diloti_desktop.rules.position import MATCH_OVER, PLAY, ROUND_OVER
from diloti_desktop.rules.validate import InvalidPositionError, validate_position

RULESETS = [
    "2p", "4p", "2p,takeall,onegroup", "2p,locked,xeristaki,x5", "2p,selfraise,raiseloose",
    "4p,partnerraise,firstxeri,redeal=off", "4p,raiseloose,xeristaki,t21", "2p,t21,firstxeri",
]


def _random_match(rules: Ruleset, rng: random.Random, limit: int = 2000) -> list[Position]:
    """Every position of a random match (or its first ``limit`` positions)."""
    position, _events = new_match(rules, rng)
    positions = [position]
    while position.phase != MATCH_OVER and len(positions) < limit:
        if position.phase == PLAY:
            position = play_unchecked(position, rng.choice(list(legal_moves(position))))
        else:
            position, _events = next_round(position, rng)
        positions.append(position)
    return positions


@pytest.mark.parametrize("notation", RULESETS)
def test_every_position_legal_play_reaches_is_valid(notation: str) -> None:
    rules = Ruleset.parse(notation)
    seen_phases: set[int] = set()
    for seed in range(3):
        for position in _random_match(rules, random.Random(f"{notation}:{seed}")):
            validate_position(position)
            seen_phases.add(position.phase)
            if position.phase == PLAY:
                assert next(legal_moves(position), None)
    assert seen_phases == {PLAY, ROUND_OVER, MATCH_OVER}


def test_the_error_is_a_typed_rules_error_with_a_reason() -> None:
    position = Position.parse("rules=2p phase=play")
    with pytest.raises(InvalidPositionError) as refused:
        validate_position(position)
    assert isinstance(refused.value, DilotiError) and isinstance(refused.value, ValueError)
    assert refused.value.reason == "52 of the 52 cards are missing"


def _mutate(position: Position, rng: random.Random) -> Position:
    """Move one card elsewhere, or change one number: often impossible, sometimes not."""
    kind = rng.randrange(8)
    players = position.players
    hands = list(position.hands)
    if kind == 0:  # a card from one hand to another
        source, target = rng.randrange(players), rng.randrange(players)
        cards = [c for c in range(52) if hands[source] >> c & 1]
        if cards:
            card = rng.choice(cards)
            hands[source] &= ~(1 << card)
            hands[target] |= 1 << card
        return position._replace(hands=tuple(hands))
    if kind == 1:  # a hand card onto the table
        seat = rng.randrange(players)
        cards = [c for c in range(52) if hands[seat] >> c & 1]
        if cards:
            card = rng.choice(cards)
            hands[seat] &= ~(1 << card)
            return position._replace(hands=tuple(hands), loose=position.loose | 1 << card)
        return position
    if kind == 2:  # a table card into a hand
        loose = [c for c in range(52) if position.loose >> c & 1]
        if loose:
            card, seat = rng.choice(loose), rng.randrange(players)
            hands[seat] |= 1 << card
            return position._replace(hands=tuple(hands), loose=position.loose & ~(1 << card))
        return position
    if kind == 3:
        return position._replace(turn=rng.randrange(players))
    if kind == 4:
        return position._replace(played=max(0, position.played + rng.choice((-1, 1))))
    if kind == 5:
        return position._replace(last_capturer=rng.randrange(-1, players))
    # Swaps keep every count right, so only the deeper checks (a pile's owner must keep a
    # card of its value) can refuse them: the likeliest to slip through.
    seat = rng.randrange(players)
    mine = [c for c in range(52) if hands[seat] >> c & 1]
    if not mine:
        return position
    card = rng.choice(mine)
    if kind == 6:  # one card each between two hands
        other = rng.randrange(players)
        theirs = [c for c in range(52) if hands[other] >> c & 1]
        if theirs and other != seat:
            swap = rng.choice(theirs)
            hands[seat] ^= 1 << card | 1 << swap
            hands[other] ^= 1 << card | 1 << swap
        return position._replace(hands=tuple(hands))
    loose = [c for c in range(52) if position.loose >> c & 1]
    if not loose:
        return position
    swap = rng.choice(loose)
    hands[seat] ^= 1 << card | 1 << swap
    return position._replace(hands=tuple(hands), loose=position.loose ^ (1 << card | 1 << swap))


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 120), mutations=st.integers(1, 3))
def test_a_position_that_passes_always_has_a_legal_move(seed: int, moves: int,
                                                        mutations: int) -> None:
    rng = random.Random(seed)
    rules = Ruleset.parse(rng.choice(RULESETS))
    positions = [p for p in _random_match(rules, rng, limit=moves + 1) if p.phase == PLAY]
    position = positions[-1]
    for _round in range(mutations):
        position = _mutate(position, rng)
    try:
        validate_position(position)
    except InvalidPositionError as refused:
        assert refused.reason
        return
    assert position.hands[position.turn]
    assert next(legal_moves(position), None), position.notation()
