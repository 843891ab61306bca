"""Calibrate the grade limits (points lost per round) from measured loss distributions.

Usage: ``python -m lab.benchmarks.grade_calibration [--count 240]``.

Positions come from seeded games (half two-player, half four-player, Intermediate
players). At each, the hint engine ranks every move (:func:`diloti_desktop.ai.hints.analyse`)
and we measure:

1. the engine's own noise: the same view ranked again with another random stream; the
   difference between the two estimates of each move's loss. A limit below this noise
   would call a fine move a mistake by chance;
2. the loss of the move each AI level would choose there (Novice, Casual, Intermediate,
   Expert), i.e. how far from the best real players of each strength land.

The limits it suggests (see :mod:`diloti_desktop.ai.hints` for the values in use):

- GOOD up to the larger of the 95th percentile of the Expert's losses and the 95th
  percentile of the noise among near-best moves (both estimates of the loss under 0.5
  points): the tutor starts warning there, so it interrupts a strong player on about one
  move in twenty at most, and never for a difference the engine cannot measure;
- INACCURACY up to the 90th percentile of the Novice's losses (beyond it: the costliest
  tenth of a beginner's moves);
- MISTAKE up to the 97.5th percentile of the Novice's losses; BLUNDER beyond (the
  costliest fortieth: given-away sweeps, lost point cards).

Each limit is at least 0.3 points above the one before.
"""

from __future__ import annotations

import argparse
import random
import statistics

from diloti_desktop.ai.features import move_class
from diloti_desktop.ai.hints import HINT_SEARCH, analyse
from diloti_desktop.ai.players import make_player
from diloti_desktop.ai.search import MoveValue, evaluate
from diloti_desktop.rules import seat_view
from lab.benchmarks.positions import game_positions

LEVELS = ("Novice", "Casual", "Intermediate", "Expert")


def losses(results: list[MoveValue]) -> dict[object, float]:
    """Each move class's loss against the best."""
    best = results[0].value
    return {move_class(r.move): best - r.value for r in results}


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile (0..1) of ``values``."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def main() -> None:
    """Print the distributions and the suggested limits."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=240)
    args = parser.parse_args()
    half = args.count // 2
    positions = game_positions(2, half, seed=91) + game_positions(4, args.count - half, seed=92)
    noise: list[float] = []
    near: list[float] = []
    chosen: dict[str, list[float]] = {level: [] for level in LEVELS}
    for index, position in enumerate(positions):
        view = seat_view(position, position.turn)
        first = analyse(view)
        if len(first) < 2:
            continue
        second = evaluate(view, HINT_SEARCH, random.Random(f"calibration:{index}"))
        one, two = losses(first), losses(second)
        noise += [abs(one[key] - two[key]) for key in one if key in two]
        near += [abs(one[key] - two[key]) for key in one
                 if key in two and max(one[key], two[key]) < 0.5]
        for level in LEVELS:
            move = make_player(level, 1000 + index).choose(view)
            chosen[level].append(max(0.0, one[move_class(move)]))
    print(f"positions: {len(positions)} ({half} two-player, {len(positions) - half} "
          "four-player), moves with more than one choice only")
    print(f"engine noise (|loss estimate 1 - estimate 2|): median {statistics.median(noise):.3f}"
          f", p90 {percentile(noise, 0.9):.3f}, p95 {percentile(noise, 0.95):.3f}, "
          f"max {max(noise):.3f} over {len(noise)} moves")
    print("loss of the chosen move, points per round:")
    print("  level          mean   share>0.05  p50    p75    p90    p95")
    for level in LEVELS:
        values = chosen[level]
        share = sum(v >= 0.05 for v in values) / len(values)
        print(f"  {level:13} {statistics.mean(values):5.2f}  {100 * share:9.1f}%  "
              f"{percentile(values, 0.5):5.2f}  {percentile(values, 0.75):5.2f}  "
              f"{percentile(values, 0.9):5.2f}  {percentile(values, 0.95):5.2f}")
    print(f"noise among near-best moves (both estimates < 0.5): median "
          f"{statistics.median(near):.3f}, p90 {percentile(near, 0.9):.3f}, "
          f"p95 {percentile(near, 0.95):.3f} over {len(near)} moves")
    novice = chosen["Novice"]
    print(f"Novice p97.5: {percentile(novice, 0.975):.2f}, p99: {percentile(novice, 0.99):.2f}")
    good = max(percentile(near, 0.95), percentile(chosen["Expert"], 0.95))
    inaccuracy = max(good + 0.3, percentile(novice, 0.9))
    mistake = max(inaccuracy + 0.3, percentile(novice, 0.975))
    print("suggested limits (rounded to 0.1 in hints.GRADE_LIMITS):")
    print(f"  BEST < 0.05 <= GOOD < {good:.2f} <= INACCURACY < {inaccuracy:.2f} "
          f"<= MISTAKE < {mistake:.2f} <= BLUNDER")
    for level in LEVELS:
        values = chosen[level]
        warned = sum(v >= good for v in values) / len(values)
        print(f"  the tutor would warn on {100 * warned:4.1f}% of the {level}'s moves")


if __name__ == "__main__":
    main()
