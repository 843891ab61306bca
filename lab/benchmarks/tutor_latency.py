"""How long the tutor takes to answer, from the player's move to the decision.

Usage: ``python -m lab.benchmarks.tutor_latency [--count 120]``.

For seeded positions (half two-player, half four-player, from Intermediate games) a
session with the tutor on gets a human move (a random legal one, so that warnings and
fine moves both occur) and we time :meth:`GameSession.submit` until the session has
either played the move or emitted its ``TutorWarning``, polling ``update()`` every
millisecond as the frame loop would (it polls once a frame). Two cases:

- *warm*: the move comes after the turn's ranking was computed in the background (the
  session starts it as soon as a human turn begins; a person takes longer than that to
  choose a card);
- *cold*: the move comes at the very instant the turn begins (the worst case).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from diloti_desktop.ai.base import RandomPlayer
from diloti_desktop.controller import HUMAN, GameConfig, GameSession, MovePlayed, TutorWarning
from diloti_desktop.rules import Position, legal_moves
from lab.benchmarks.positions import game_positions


def _session(position: Position) -> GameSession:
    players = position.rules.players
    seats = tuple(HUMAN if s == position.turn else "Random" for s in range(players))
    session = GameSession(GameConfig(position.rules, seats, 1), position,
                          player_factory=lambda level, seed: RandomPlayer(seed), ai_pace=0)
    session.tutor = True
    return session


def answer_time(position: Position, warm: bool, rng: random.Random) -> tuple[float, bool]:
    """Seconds from submit to the decision, and whether it was a warning."""
    session = _session(position)
    session.update()  # the turn begins: the warm-up job starts
    if warm:
        while session.coaching.warming():
            session.update()
            time.sleep(0.001)
    move = rng.choice(list(legal_moves(position)))
    start = time.perf_counter()
    session.submit(move)
    while True:
        session.update()
        for event in session.poll():
            if isinstance(event, TutorWarning | MovePlayed):
                session.close()
                return time.perf_counter() - start, isinstance(event, TutorWarning)
        time.sleep(0.001)


def main() -> None:
    """Print p50/p95/max per case."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=120)
    args = parser.parse_args()
    half = args.count // 2
    positions = game_positions(2, half, seed=71) + game_positions(4, args.count - half, seed=72)
    for warm in (True, False):
        rng = random.Random(5)
        times, warnings = [], 0
        for position in positions:
            seconds, warned = answer_time(position, warm, rng)
            times.append(seconds)
            warnings += warned
        times.sort()
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        print(f"{'warm' if warm else 'cold'}: {len(times)} moves ({warnings} warned): "
              f"p50 {1000 * statistics.median(times):.0f} ms, p95 {1000 * p95:.0f} ms, "
              f"max {1000 * times[-1]:.0f} ms")


if __name__ == "__main__":
    main()
