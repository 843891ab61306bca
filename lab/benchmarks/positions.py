"""Seeded positions from real games, shared by the coach's benchmarks."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from diloti_desktop.ai.base import Player
from diloti_desktop.ai.players import make_player
from diloti_desktop.rules import (
    PLAY,
    Move,
    Position,
    Ruleset,
    SeatView,
    new_match,
    play_unchecked,
    seat_view,
)


def game_positions(players: int, count: int, seed: int, level: str = "Intermediate",
                   per_game: int = 8) -> list[Position]:
    """``count`` positions from seeded games between copies of ``level``: ``per_game``
    plies drawn at random from each game's first round (every seat to move in turn)."""
    rng = random.Random(seed)
    bots = [make_player(level, seed * 10 + s) for s in range(players)]
    found: list[Position] = []
    game = 0
    while len(found) < count:
        position, _ = new_match(Ruleset(players=players), random.Random(seed * 1000 + game))
        game += 1
        wanted = set(rng.sample(range(48), per_game))
        ply = 0
        while position.phase == PLAY and len(found) < count:
            if ply in wanted:
                found.append(position)
            move = bots[position.turn].choose(seat_view(position, position.turn))
            position = play_unchecked(position, move)
            ply += 1
    return found


def round_views(seats: Sequence[Player], rules: Ruleset, rng: random.Random,
                ) -> Iterator[tuple[Position, SeatView]]:
    """Every decision of one round dealt from ``rng`` and played by ``seats``: the whole
    position and the mover's view, with the deal's moves as the game gives them."""
    position, _ = new_match(rules, rng)
    history: list[tuple[Position, Move]] = []
    while position.phase == PLAY:
        view = seat_view(position, position.turn, history)
        yield position, view
        move = seats[position.turn].choose(view)
        history.append((position, move))
        position = play_unchecked(position, move)
