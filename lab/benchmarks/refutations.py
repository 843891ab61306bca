"""How often the coach can say what happens next: the refutations of tutor warnings and
review mistakes.

Usage: ``python -m lab.benchmarks.refutations [--positions 120] [--rounds 6]``.

- Tutor: seeded positions (half two-player, half four-player, Intermediate games); every
  move of each that the tutor would stop (:func:`diloti_desktop.ai.coach.check` against the
  hint's ranking) is counted, with or without a refutation.
- Review: seeded rounds of Novice players graded by the review
  (:func:`diloti_desktop.ai.review.grade_decision`, at ``--budget`` of the review's search);
  every inaccuracy, mistake or blunder is counted, with or without a refutation.

For each: the share with a refutation, the kinds (the opponents' capture, ours given up,
the leftovers), and the time :func:`~diloti_desktop.ai.refutation.refute` takes.
"""

from __future__ import annotations

import argparse
import collections
import random
import time

from diloti_desktop.ai.coach import check
from diloti_desktop.ai.hints import analyse
from diloti_desktop.ai.players import make_player
from diloti_desktop.ai.refutation import Refutation, refute
from diloti_desktop.ai.review import MISTAKE_VERDICTS, REVIEW_SEARCH, grade_decision
from diloti_desktop.rules import (
    PLAY,
    Move,
    Position,
    Ruleset,
    new_match,
    play_unchecked,
    seat_view,
)
from lab.benchmarks.positions import game_positions


def _kind(found: Refutation | None) -> str:
    if found is None:
        return "none"
    if found.leftovers:
        return "leftovers"
    return "their capture" if found.by_reply else "our capture given up"


def _report(title: str, kinds: collections.Counter[str], seconds: list[float]) -> None:
    total = sum(kinds.values())
    said = total - kinds["none"]
    print(f"\n{title}: {said} of {total} with a refutation "
          f"({100 * said / max(1, total):.1f}%)")
    for kind, count in kinds.most_common():
        print(f"  {kind:22} {count}")
    if seconds:
        ordered = sorted(seconds)
        print(f"  refute(): mean {1000 * sum(ordered) / len(ordered):.0f} ms, "
              f"95th percentile {1000 * ordered[int(0.95 * (len(ordered) - 1))]:.0f} ms")


def main() -> None:
    """Print the shares."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--budget", type=float, default=0.25,
                        help="share of the review search's budget (1 = the game's)")
    args = parser.parse_args()
    half = args.positions // 2
    positions = game_positions(2, half, seed=81) + game_positions(4, args.positions - half,
                                                                   seed=82)
    kinds: collections.Counter[str] = collections.Counter()
    seconds: list[float] = []
    for position in positions:
        view = seat_view(position, position.turn)
        ranking = analyse(view)
        for result in ranking[1:]:
            warning = check(view, result.move, ranking)
            if warning.warn:
                start = time.perf_counter()
                refute(view, result.move, warning.grade.best, ranking[0].samples,
                       ranking[0].exact)
                seconds.append(time.perf_counter() - start)
                kinds[_kind(warning.refutation)] += 1
    _report("tutor warnings", kinds, seconds)

    config = REVIEW_SEARCH._replace(
        ply_budget=round(REVIEW_SEARCH.ply_budget * args.budget),
        max_samples=max(REVIEW_SEARCH.min_samples,
                        round(REVIEW_SEARCH.max_samples * args.budget)))
    mistakes: collections.Counter[str] = collections.Counter()
    for index in range(args.rounds):
        players = 2 if index % 2 == 0 else 4
        seats = [make_player("Novice", 100 + index * 10 + s) for s in range(players)]
        position, _events = new_match(Ruleset(players=players), random.Random(7000 + index))
        history: list[tuple[Position, Move]] = []
        while position.phase == PLAY:
            view = seat_view(position, position.turn, history)
            move = seats[position.turn].choose(view)
            decision = grade_decision(view, move, config=config)
            if decision.verdict in MISTAKE_VERDICTS and not decision.forced:
                mistakes[_kind(decision.refutation)] += 1
            history.append((position, move))
            position = play_unchecked(position, move)
    _report("review mistakes (Novice rounds)", mistakes, [])


if __name__ == "__main__":
    main()
