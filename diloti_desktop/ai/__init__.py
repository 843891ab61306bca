"""AI players, hints and the tournament tool. Imports only the rules core.

    from diloti_desktop.ai import LEVELS, make_player

    bot = make_player("Expert", seed=7)        # one of LEVELS, or "Random"
    move = bot.choose(seat_view(position, seat))
"""

from diloti_desktop.ai.base import Player, RandomPlayer
from diloti_desktop.ai.players import LEVELS, make_player

__all__ = ["LEVELS", "Player", "RandomPlayer", "make_player"]
