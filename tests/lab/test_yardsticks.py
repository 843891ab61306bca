"""The cheating yardsticks of the measurements: the oracle sees everything, the seer every
hand but not the stock's order. Both must play legal moves, and the seer must not use
what it is not meant to see."""

from __future__ import annotations

import random

import pytest

from diloti_desktop.rules import Position, is_legal
from lab.benchmarks.positions import game_positions as sample_positions
from lab.oracle import OraclePlayer, SeerPlayer
from lab.specs import build_player
from tests.ai.helpers import complete, game_positions


def with_stock_reordered(position: Position, seed: int) -> Position:
    stock = list(position.stock)
    random.Random(seed).shuffle(stock)
    return position._replace(stock=tuple(stock))


@pytest.mark.slow
def test_the_yardsticks_play_legal_moves() -> None:
    for position in game_positions(2, 4, seed=31):
        for player in (OraclePlayer(3), SeerPlayer(3)):
            assert is_legal(position, player.choose_full(position))


@pytest.mark.slow
def test_the_seer_does_not_see_the_stock_order() -> None:
    # Two positions (from seeded games) where the oracle's choice changes with the order.
    games = sample_positions(2, 40, 32, "Intermediate", per_game=12)
    positions = [p for p in games if len(p.stock) > 1][30:32]
    assert len(positions) == 2
    oracle, seer = OraclePlayer(5), SeerPlayer(5)
    for position in positions:
        reordered = [with_stock_reordered(position, seed) for seed in (1, 2, 3)]
        assert len({oracle.choose_full(p) for p in (position, *reordered)}) > 1
        assert len({seer.choose_full(p) for p in (position, *reordered)}) == 1


def test_with_the_stock_empty_the_seer_is_the_oracle() -> None:
    # Both solve the rest of the round exactly: 5♥ 8♣ 9♦ K♠ against 2♥ 4♣ 7♠ J♥.
    position = complete("rules=2p dealer=1 turn=0 hands=5H8C9DKS/2H4C7SJH loose=3C5D "
                        "played=44 last=1", 22)
    choice = SeerPlayer(4).choose_full(position)
    assert choice == OraclePlayer(4).choose_full(position)
    assert str(choice) == "8C x 3C 5D"  # the sweep


def test_the_tournament_builds_the_seer_by_name() -> None:
    assert isinstance(build_player("Seer", 1), SeerPlayer)
