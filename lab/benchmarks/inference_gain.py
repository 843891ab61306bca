"""How much the inference model knows about real hands (issue 14).

    python -m lab.benchmarks.inference_gain --player Master-i3 --games 6 [--rules 2p]
        [--settings 0.25:0.2,0.5:0.2,1:0.2,2:0.2]

Copies of ``--player`` play the first round of seeded games. At every decision with
some of the others' moves in the deal (and a stock left, so the hidden cards are not
known), the model (:func:`diloti_desktop.ai.inference.likelihood`) weighs the true
hidden cards and 60 samples of the seat's view. The figure per setting (temperature :
noise) is the mean of log w(truth) − mean log w(sample), in nats: 0 means the model
cannot tell the real deal from a random one; above 0 it leans towards the truth, and the
search's samples get closer to the real hands. With its standard error over decisions.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics

from diloti_desktop.ai.inference import likelihood
from diloti_desktop.rules import Ruleset
from lab.benchmarks.positions import round_views
from lab.specs import build_player

SAMPLES = 60


def gains(player: str, games: int, rules: Ruleset,
          settings: list[tuple[float, float]]) -> dict[tuple[float, float], list[float]]:
    """Per setting, the truth's log-likelihood gain over the samples, per decision."""
    found: dict[tuple[float, float], list[float]] = {s: [] for s in settings}
    for game in range(games):
        seats = [build_player(player, game * 8 + s) for s in range(rules.players)]
        for position, view in round_views(seats, rules, random.Random(game)):
            if view.stock_size and any(p.turn != view.seat for p, _ in view.deal):
                rng = random.Random(game * 1000 + position.played)
                samples = [view.sample(rng) for _ in range(SAMPLES)]
                for temperature, noise in settings:
                    logs = [math.log(likelihood(view, s, temperature, noise)) for s in samples]
                    truth = math.log(likelihood(view, position, temperature, noise))
                    found[temperature, noise].append(truth - statistics.fmean(logs))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", default="Master-i3")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--rules", default="2p")
    parser.add_argument("--settings", default="0.25:0.2,0.5:0.2,1:0.2,2:0.2,0.5:0.1,0.5:0.35")
    args = parser.parse_args()
    settings = [(float(t), float(n)) for t, n in
                (item.split(":") for item in args.settings.split(","))]
    found = gains(args.player, args.games, Ruleset.parse(args.rules), settings)
    print(f"{args.player}, {args.games} games, rules {args.rules}: "
          f"log-likelihood of the true hands over {SAMPLES} samples (nats)")
    for (temperature, noise), values in found.items():
        error = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
        print(f"  temperature {temperature:<5} noise {noise:<5} "
              f"{statistics.fmean(values):+.3f} ± {error:.3f}  ({len(values)} decisions)")


if __name__ == "__main__":
    main()
