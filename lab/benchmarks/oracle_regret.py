"""Screening search variants without matches: how much each loses against the oracle.

    python -m lab.benchmarks.oracle_regret --positions 150 --players Master,Master:infer

Positions come from seeded 2-player games between copies of ``--source`` (kept with
their deal history, as the game and the tournament give it): decisions with a stock left
(the hidden cards not known) and at least two distinct moves. The oracle's search on the
true position (every hand and the stock order, the next player's reply searched) values
every move; a player's *regret* at a position is the best move's value minus the value
of the move it chose, in points. Lower is better; the report gives each player's mean
with its standard error and, for each player after the first, the paired difference.

This is a cheap screen (minutes, where a tournament takes hours), not a measure of
strength: the oracle's values are one search of the truth, not exact, and that search
(the next player's reply searched) favours players built like it. It pointed the wrong
way once: the reply search lost less here and lost in matches (docs/ai-strength.md).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics

from diloti_desktop.ai.features import move_class
from diloti_desktop.ai.search import evaluate
from diloti_desktop.rules import Position, Ruleset, SeatView
from lab.benchmarks.positions import round_views
from lab.oracle import OraclePlayer
from lab.specs import build_player


def positions(count: int, source: str, seed: int) -> list[tuple[Position, SeatView]]:
    """Hidden-card decisions from seeded games, each with its view (deal included)."""
    rng = random.Random(seed)
    found: list[tuple[Position, SeatView]] = []
    game = 0
    while len(found) < count:
        seats = [build_player(source, seed * 100 + game * 2 + s) for s in range(2)]
        deal = random.Random(seed * 1000 + game)
        game += 1
        for position, view in round_views(seats, Ruleset.parse("2p"), deal):
            if len(found) == count:
                break
            if view.stock_size and rng.random() < 0.35:
                found.append((position, view))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--players", default="Master,Master:infer")
    parser.add_argument("--source", default="Master-i3")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    players = [build_player(name, 7) for name in names]
    oracle = OraclePlayer(7).config
    regrets: list[list[float]] = [[] for _ in names]
    used = 0
    for position, view in positions(args.positions, args.source, args.seed):
        truth = evaluate(view, oracle, random.Random(position.notation()), truth=position)
        if len(truth) < 2:
            continue
        used += 1
        worth = {move_class(r.move): r.value for r in truth}
        best = truth[0].value
        for index, player in enumerate(players):
            choice = player.choose(view)
            regrets[index].append(best - worth[move_class(choice)])
    print(f"{used} positions from {args.source} games (seed {args.seed}), "
          "regret against the oracle in points per decision:")
    for name, losses in zip(names, regrets, strict=True):
        error = statistics.stdev(losses) / math.sqrt(len(losses))
        print(f"  {name:<24} {statistics.fmean(losses):.3f} ± {error:.3f}")
    for name, losses in zip(names[1:], regrets[1:], strict=True):
        paired = [x - y for x, y in zip(losses, regrets[0], strict=True)]
        error = statistics.stdev(paired) / math.sqrt(len(paired))
        print(f"  {name} - {names[0]}: {statistics.fmean(paired):+.3f} ± {error:.3f}")


if __name__ == "__main__":
    main()
