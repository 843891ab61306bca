"""The playout policy's styles on their own, without search (issue 14).

    python -m lab.benchmarks.playout_styles duel --rounds 3000 --styles takers,blind --base plain
    python -m lab.benchmarks.playout_styles leaf --rounds 8000 [--style plain]

``duel``: the greedy playout policy in one style against another, both seeing every hand
(as inside a search sample), over seeded duplicate rounds of 2 players (each deal played
twice, seats swapped); the mean round points of the style minus the base, with a 95%
interval. It says which policy plays better *when it knows everything*; whether it makes
a better search is for the tournament to say (docs/ai-strength.md: it did not).

``leaf``: the deal-end evaluation against the rounds' real outcomes. The policy plays
seeded rounds against itself; at every deal end but the last, the round's final points
difference minus the plain :func:`~diloti_desktop.ai.playout.deal_value` is regressed by
least squares on features of the deal end (the next leader's side times the table left
over, its points, a sweep in its hand, ...). Coefficients clear of 0 are what the
evaluation misses; the LEFTOVER style's constants come from this fit.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Callable

from diloti_desktop.ai.features import points, sweepers
from diloti_desktop.ai.playout import (
    BLIND,
    MAJORITY,
    PLAIN,
    TAKERS,
    deal_value,
    greedy_move,
)
from diloti_desktop.rules import Position, Ruleset, candidate_moves, new_match, play_unchecked
from diloti_desktop.rules.position import PLAY
from lab.ratings import inverse

RULES = Ruleset.parse("2p")
STYLES = {"plain": PLAIN, "blind": BLIND, "takers": TAKERS, "blind+takers": BLIND | TAKERS}
FEATURES = ("constant", "leader", "last capturer", "leader x table points",
            "leader x table cards", "expected majority", "leader x deals left",
            "cards captured 0 - 1", "leader x sweep in hand")


def play_round(styles: tuple[int, int], seed: int,
               at_deal_end: Callable[[Position], None] | None = None,
               ) -> tuple[Position, Position]:
    """One seeded round of 2 players, side ``s`` playing the policy in ``styles[s]``;
    its first and last positions."""
    start, _ = new_match(RULES, random.Random(seed))
    position = start
    rng = random.Random(seed * 7 + 1)
    stock = len(position.stock)
    while position.phase == PLAY:
        move = greedy_move(position, candidate_moves(position), rng, styles[position.turn & 1])
        position = play_unchecked(position, move)
        if position.phase == PLAY and len(position.stock) != stock:
            stock = len(position.stock)
            if at_deal_end is not None:
                at_deal_end(position)
    return start, position


def _difference(start: Position, end: Position) -> int:
    """Side 0's round points minus side 1's."""
    return (end.scores[0] - start.scores[0]) - (end.scores[1] - start.scores[1])


def duel(style: int, base: int, rounds: int) -> list[float]:
    """Per seeded deal: round points of ``style`` minus ``base``, mean of both seatings."""
    results = []
    for seed in range(rounds):
        first = _difference(*play_round((style, base), seed))
        second = _difference(*play_round((base, style), seed))
        results.append((first - second) / 2)
    return results


def features(position: Position) -> list[float]:
    """The deal end's features, signed for side 0 (see :data:`FEATURES`)."""
    lead = 1.0 if position.turn & 1 == 0 else -1.0
    last = 1.0 if position.last_capturer >= 0 and position.last_capturer & 1 == 0 else -1.0
    table = position.loose
    captured = position.captured
    sweep = bool(table and sweepers(table, ()) & position.hands[position.turn])
    deals_left = len(position.stock) // 12 + 1
    return [1.0, lead, last, lead * points(table), lead * table.bit_count(),
            MAJORITY[captured[0].bit_count()][captured[1].bit_count()],
            lead * deals_left, float(captured[0].bit_count() - captured[1].bit_count()),
            lead * sweep]


def leaf_data(style: int, rounds: int) -> tuple[list[list[float]], list[float]]:
    """Features of every deal end but the last and the evaluation's miss there."""
    rows: list[list[float]] = []
    misses: list[float] = []
    for seed in range(rounds):
        ends: list[Position] = []
        start, end = play_round((style, style), seed, ends.append)
        final = _difference(start, end)
        for position in ends:
            rows.append(features(position))
            misses.append(final - deal_value(position, start, 0))
    return rows, misses


def least_squares(rows: list[list[float]], ys: list[float],
                  ) -> tuple[list[float], list[float]]:
    """Coefficients and their standard errors (ordinary least squares)."""
    k = len(rows[0])
    gram = [[sum(r[i] * r[j] for r in rows) for j in range(k)] for i in range(k)]
    inverted = inverse(gram)
    xty = [sum(r[i] * y for r, y in zip(rows, ys, strict=True)) for i in range(k)]
    beta = [sum(inverted[i][j] * xty[j] for j in range(k)) for i in range(k)]
    residuals = [y - sum(b * x for b, x in zip(beta, r, strict=True))
                 for r, y in zip(rows, ys, strict=True)]
    variance = sum(e * e for e in residuals) / (len(rows) - k)
    return beta, [math.sqrt(variance * inverted[i][i]) for i in range(k)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("duel", "leaf"))
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--styles", default="takers,blind")
    parser.add_argument("--base", default="plain", choices=sorted(STYLES))
    parser.add_argument("--style", default="plain", choices=sorted(STYLES))
    args = parser.parse_args()
    if args.command == "duel":
        for name in args.styles.split(","):
            results = duel(STYLES[name], STYLES[args.base], args.rounds)
            half = 1.96 * statistics.stdev(results) / math.sqrt(len(results))
            print(f"{name} - {args.base}: {statistics.fmean(results):+.3f} +- {half:.3f} "
                  f"points per round ({args.rounds} duplicate rounds)")
        return
    rows, misses = leaf_data(STYLES[args.style], args.rounds)
    beta, errors = least_squares(rows, misses)
    print(f"{len(rows)} deal ends of {args.rounds} rounds ({args.style} self-play): "
          f"round outcome minus the plain evaluation, mean {statistics.fmean(misses):+.2f}, "
          f"sd {statistics.stdev(misses):.2f}")
    for name, b, e in zip(FEATURES, beta, errors, strict=True):
        print(f"  {name:<26} {b:+.3f} +- {1.96 * e:.3f}")


if __name__ == "__main__":
    main()
