"""The Beginner's habits: the biggest capture it sees, never a sum of three cards, plain
declarations only and only when it keeps the card, lays rather than gives points away."""

from __future__ import annotations

import random

from diloti_desktop.ai.beginner import BEGINNER, BeginnerHabits, choose_beginner, sum_cards
from diloti_desktop.rules import Position, candidate_moves, seat_view
from diloti_desktop.rules.moves import Move, MoveKind
from tests.ai.helpers import game_positions

#: Sees every sum of two, never declares, lays only non-point cards: no slip left to chance.
STEADY = BeginnerHabits(miss_pairs=0.0, declares=0.0, lays_points=0.0, lays_courts=1.0)


def choices(position: Position, habits: BeginnerHabits, count: int = 40) -> set[Move]:
    view = seat_view(position, position.turn)
    return {choose_beginner(view, habits, random.Random(seed)) for seed in range(count)}


def test_takes_the_biggest_capture_it_sees() -> None:
    # 9H takes 9C, or 4S 5D (a sum of two), or both: it takes all three.
    position = Position.parse("rules=2p round=1 phase=play dealer=1 turn=0 hands=9H2S/KC "
                              "loose=9C4S5D stock=3C")
    assert choices(position, STEADY) == {Move.parse("9H x 9C 4S 5D")}


def test_never_sees_a_sum_of_three_cards() -> None:
    # 9H x 2S 3D 4C needs three cards added up: the Beginner lays instead.
    position = Position.parse("rules=2p round=1 phase=play dealer=1 turn=0 hands=9HKS/KC "
                              "loose=2S3D4C stock=3C")
    chosen = choices(position, STEADY)
    assert all(m.kind == MoveKind.LAY for m in chosen)
    assert sum_cards(Move.parse("9H x 2S 3D 4C")) == 3


def test_lays_court_cards_before_numerals_and_keeps_points() -> None:
    position = Position.parse("rules=2p round=1 phase=play dealer=1 turn=0 hands=KSAD5H/KC "
                              "loose=9C stock=3C")
    view = seat_view(position, 0)
    laid = [choose_beginner(view, BEGINNER, random.Random(seed)).card for seed in range(200)]
    king, ace, five = (Move.parse(c).card for c in ("KS", "AD", "5H"))
    assert laid.count(king) > laid.count(five) > laid.count(ace)


def test_plays_legal_moves_in_real_games() -> None:
    for position in game_positions(2, 30, seed=12, level="Random") + game_positions(
            4, 10, seed=13, level="Random"):
        view = seat_view(position, position.turn)
        move = choose_beginner(view, BEGINNER, random.Random(1))
        assert move in candidate_moves(position)
        if move.kind in (MoveKind.FAMILY, MoveKind.RAISE):
            # never by choice: only a pile's owner, who may not lay, gets there
            assert not any(m.kind == MoveKind.LAY for m in candidate_moves(position))
