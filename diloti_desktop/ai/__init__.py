"""AI players and hints. Imports only the rules core (the tournament tool is in lab/).

    from diloti_desktop.ai import LEVELS, make_player, suggest, grade

    bot = make_player("Expert", seed=7)        # one of LEVELS, or "Random"
    move = bot.choose(seat_view(position, seat))
    hints = suggest(seat_view(position, human_seat))   # best moves, with facts
"""

from diloti_desktop.ai.base import Player, RandomPlayer
from diloti_desktop.ai.hints import Grade, Hint, MoveFacts, Verdict, grade, suggest
from diloti_desktop.ai.players import LEVELS, make_player
from diloti_desktop.ai.reasons import Reason, Why

__all__ = ["LEVELS", "Grade", "Hint", "MoveFacts", "Player", "RandomPlayer", "Reason",
           "Verdict", "Why", "grade", "make_player", "suggest"]
