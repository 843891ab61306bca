"""AI players, hints and the tournament tool. Imports only the rules core."""

from diloti_desktop.ai.base import Player, RandomPlayer

__all__ = ["Player", "RandomPlayer"]
