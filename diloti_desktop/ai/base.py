"""The one player interface for bots (and, through the controller, humans).

A player sees only a :class:`~diloti_desktop.rules.view.SeatView` and returns one of the
legal moves of that view's position. Randomness is injected: a player owns a
``random.Random`` seeded at construction, so the same seed gives the same decisions.
"""

from __future__ import annotations

import random
from typing import Protocol

from diloti_desktop.rules.movegen import legal_moves
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.view import SeatView


class Player(Protocol):
    """Anything that picks a legal move from a seat's view."""

    name: str

    def choose(self, view: SeatView) -> Move:
        """Return one of ``legal_moves(view.position)``."""
        ...


class RandomPlayer:
    """Uniformly random legal moves: the floor of the strength ladder."""

    name = "Random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Move:
        """A uniformly random legal move."""
        moves = legal_moves(view.position)
        return moves[self.rng.randrange(len(moves))]
