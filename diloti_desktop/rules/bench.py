"""Benchmark: random legal 2-player rounds per second (``python -m diloti_desktop.rules bench``).

Each turn chooses uniformly from the full list of legal moves (``legal_moves``, listed
whole: random play rarely crowds the table); the mean number of legal moves per turn is
printed so that two versions can be checked to play the very same games. Two paths are
timed in one run: the checked path (``apply``: validation and events, what the GUI uses)
and the unchecked playout path (``play_unchecked``, what AI rollouts use).
"""

from __future__ import annotations

import random
import time
from typing import NamedTuple

from diloti_desktop.rules.engine import apply, new_match, play_unchecked
from diloti_desktop.rules.movegen import clear_caches, legal_moves
from diloti_desktop.rules.position import PLAY
from diloti_desktop.rules.ruleset import Ruleset


class BenchResult(NamedTuple):
    """Figures of one benchmark path."""

    path: str
    rounds: int
    moves: int
    seconds: float
    mean_legal_moves: float

    def line(self) -> str:
        """One printable line."""
        return (f"{self.path:>9}: {self.rounds / self.seconds:8.0f} rounds/s  "
                f"{self.moves / self.seconds:9.0f} moves/s  "
                f"mean legal moves per turn {self.mean_legal_moves:.2f}  "
                f"({self.rounds} rounds in {self.seconds:.2f} s)")


def run(rounds: int, seed: int, checked: bool, rules: Ruleset | None = None) -> BenchResult:
    """Play ``rounds`` random rounds; returns the figures."""
    rules = rules or Ruleset()
    clear_caches()  # each path starts cold, so the order of the runs does not flatter one
    chooser = random.Random(seed)
    moves = 0
    options = 0
    start = time.perf_counter()
    for index in range(rounds):
        position, _events = new_match(rules, random.Random(seed * 1_000_003 + index))
        while position.phase == PLAY:
            legal = list(legal_moves(position))
            options += len(legal)
            move = legal[chooser.randrange(len(legal))]
            position = apply(position, move)[0] if checked else play_unchecked(position, move)
            moves += 1
    seconds = time.perf_counter() - start
    return BenchResult("checked" if checked else "unchecked", rounds, moves, seconds,
                       options / moves)
