"""The one player interface for bots (and, through the controller, humans).

A player sees only a :class:`~diloti_desktop.rules.view.SeatView` and returns one of the
legal moves of that view's position. Randomness is injected: a player is seeded at
construction, and each decision draws from a generator seeded by that seed and the view
(:func:`decision_rng`), so the same seed gives the same move in the same situation,
whatever happened before (replays, undo and tests stay exact).
"""

from __future__ import annotations

import random
from typing import Protocol

from diloti_desktop.rules.movegen import candidate_moves
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.view import SeatView


class Player(Protocol):
    """Anything that picks a legal move from a seat's view."""

    name: str

    def choose(self, view: SeatView) -> Move:
        """Return one of ``candidate_moves(view.position)``."""
        ...


def decision_rng(seed: int, name: str, view: SeatView) -> random.Random:
    """The generator for one decision: a function of the player's seed and the view only.

    String seeds are hashed with SHA-512 by :mod:`random`, so this is stable across runs
    and processes (unlike ``hash()``).
    """
    return random.Random(f"{name}:{seed}:{view.seat}:{view.position.notation()}")


class RandomPlayer:
    """Uniformly random legal moves: the floor of the strength ladder."""

    name = "Random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Move:
        """A uniformly random legal move."""
        moves = candidate_moves(view.position)
        return moves[decision_rng(self.seed, self.name, view).randrange(len(moves))]
