"""Four players: the AI plays for its partnership."""

from __future__ import annotations

import random

import pytest

from diloti_desktop.ai import make_player
from diloti_desktop.ai.players import SEARCH
from diloti_desktop.ai.playout import deal_value
from diloti_desktop.ai.search import evaluate
from diloti_desktop.rules import PLAY, Move, play_unchecked, seat_view
from tests.ai.helpers import complete

# Seat 0 to move with 2♥ and 9♦; the table holds 4♣; each other seat holds one 6 (the
# only unseen cards are 6s, so every sample agrees). Laying 2♥ lets the next opponent
# sweep 4♣+2♥ with its 6, and the last opponent sweeps again; laying 9♦ leaves no sum of
# 6, so the opponent must lay its 6 and the partner takes it, winning the leftovers.
SETUP = "rules=4p dealer=0 turn=0 hands=2H9D/6S/6H/6D loose=4C played=40"


@pytest.mark.parametrize("level", ["Intermediate", "Expert", "Master"])
def test_no_sweep_is_set_up_for_the_next_opponent(level: str) -> None:
    position = complete(SETUP)
    assert make_player(level, seed=3).choose(seat_view(position, 0)) == Move.parse("9D")


def test_the_partners_capture_counts_for_us_and_the_opponents_sweeps_against_us() -> None:
    position = complete(SETUP)
    values = {r.move.notation(): r
              for r in evaluate(seat_view(position, 0), SEARCH["Expert"], random.Random(1))}
    # 9♦ gives the partnership the partner's capture and the leftovers; 2♥ hands the
    # opponents two xeris (20 points). Majority and points are otherwise unchanged.
    assert values["9D"].value - values["2H"].value == pytest.approx(20.0)
    assert values["2H"].sweep_risk == 1.0 and values["9D"].sweep_risk == 0.0


def test_values_are_per_partnership() -> None:
    start = complete(SETUP)
    position = start
    for move in ("9D", "6S", "6H x 6S", "6D", "2H"):
        position = play_unchecked(position, Move.parse(move))
    assert position.phase != PLAY  # the round is over; seat 2, the partner, took last
    ours, theirs = position.scores
    assert ours > theirs
    for seat in range(4):
        expected = ours - theirs if seat in (0, 2) else theirs - ours
        assert deal_value(position, start, seat & 1) == expected
