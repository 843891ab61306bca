"""How varied the coach's reasons are: the reason kinds of 300 seeded hint positions.

Usage: ``python -m lab.benchmarks.coach_reasons [--count 300]``. Half the positions come from
two-player games, half from four-player games (Intermediate players, seeded). For each,
the full hint (:func:`diloti_desktop.ai.coach.advise`) is computed as the game does, and
the kinds of the reasons shown with the best move are counted: the main (first) reason,
and every reason shown. The bar (issue 8): at least 8 distinct kinds, none shown in more
than 35% of the hints.

Then the tutor: every other move of the same positions that the tutor would stop
(:func:`diloti_desktop.ai.coach.check`), by the kind of its reason. ``better_value``
("the better move scores more on average") is the sentence that explains nothing; a
reason marked ``better move:`` says what the better move achieves, given when no
difference between the two moves explains the loss.
"""

from __future__ import annotations

import argparse
import collections

from diloti_desktop.ai.coach import advise, check
from diloti_desktop.ai.hints import analyse
from diloti_desktop.rules import seat_view
from lab.benchmarks.positions import game_positions


def main() -> None:
    """Print the distribution."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300)
    args = parser.parse_args()
    half = args.count // 2
    positions = (game_positions(2, half, seed=81)
                 + game_positions(4, args.count - half, seed=82))
    main_kind: collections.Counter[str] = collections.Counter()
    shown: collections.Counter[str] = collections.Counter()
    nudges: collections.Counter[str] = collections.Counter()
    tutor: collections.Counter[str] = collections.Counter()
    for position in positions:
        view = seat_view(position, position.turn)
        ranking = analyse(view)
        advice = advise(view, ranking)
        assert advice is not None
        reasons = advice.best.reasons
        main_kind[reasons[0].why.value if reasons else "(none)"] += 1
        for reason in reasons:
            shown[reason.why.value] += 1
        nudges[advice.nudge.kind.value] += 1
        for result in ranking[1:]:
            warning = check(view, result.move, ranking)
            if warning.warn:
                about = "better move: " if warning.about_better else ""
                tutor[about + warning.reason.why.value] += 1
    total = len(positions)
    print(f"hint positions: {total} (2 players: {half}, 4 players: {total - half})")
    for title, counter in (("main reason", main_kind), ("any reason shown", shown),
                           ("nudge", nudges)):
        print(f"\n{title}: {len([k for k in counter if k != '(none)'])} kinds")
        for kind, count in counter.most_common():
            print(f"  {kind:14} {count:4}  {100 * count / total:5.1f}% of hints")
    warned = sum(tutor.values())
    print(f"\ntutor warnings (the other moves of these positions): {warned}")
    for kind, count in tutor.most_common():
        print(f"  {kind:26} {count:4}  {100 * count / warned:5.1f}% of warnings")
    worst = max(shown.values()) / total
    kinds = len(shown)
    ok = kinds >= 8 and worst <= 0.35
    print(f"\nbar: >= 8 kinds shown ({kinds}), none in > 35% of hints "
          f"(max {100 * worst:.1f}%): {'met' if ok else 'NOT met'}")


if __name__ == "__main__":
    main()
