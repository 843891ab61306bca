"""A sample review: a seeded Novice-vs-Casual round, every decision graded.

Usage: ``python -m lab.benchmarks.review_sample [--seed 7] [--all-seats] [--export FILE]``.

Seat 0 (South, "You") is played by the Novice, seat 1 (North) by the Casual player; the
round is graded exactly as the game's review grades it (the Master's search from each
mover's view). Prints one line per move (grade, points lost, the better move and the
hints' reason for it), then each graded seat's accuracy and grade counts. ``--export``
writes the round as the game's Export does (a transcript the rules CLI replays).
"""

from __future__ import annotations

import argparse
import random

from diloti_desktop.ai.players import make_player
from diloti_desktop.ai.reasons import fact_reasons
from diloti_desktop.ai.review import Decision, review_round, summarise
from diloti_desktop.controller import HUMAN, GameConfig
from diloti_desktop.controller.record import PlayedRound, export_text
from diloti_desktop.rules import Ruleset, new_match, play_unchecked, seat_view
from diloti_desktop.rules.position import PLAY
from diloti_desktop.ui.words.coach_words import reason_text


def line(decision: Decision) -> str:
    """One move of the sample, in the notation."""
    who = "S" if decision.seat == 0 else "N"
    grade = "forced" if decision.forced else decision.verdict.value
    text = f"{decision.ply + 1:>2} {who} {decision.move.notation():<22} {grade:<10}"
    if not decision.forced and decision.loss >= 0.05:
        text += f" -{decision.loss:4.1f}"
    if not decision.was_best:
        why = fact_reasons(decision.best_facts, 1 - decision.seat)  # two players
        reason = f" ({reason_text(why[0], 2)})" if why else ""
        text += f"  better {decision.best.notation()}{reason}"
    return text


def main() -> None:
    """Play, grade and print the sample round."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--all-seats", action="store_true", help="grade North's moves too")
    parser.add_argument("--export", help="write the round's transcript to this file")
    args = parser.parse_args()
    start, _events = new_match(Ruleset(), random.Random(args.seed))
    bots = [make_player("Novice", args.seed), make_player("Casual", args.seed + 1)]
    play = PlayedRound(start)
    position = start
    while position.phase == PLAY:
        move = bots[position.turn].choose(seat_view(position, position.turn))
        play = play.played(position.turn, move)
        position = play_unchecked(position, move)
    seats = {0, 1} if args.all_seats else {0}
    positions = play.positions()
    items = [(ply, seat_view(positions[ply], seat), move)
             for ply, (seat, move) in enumerate(play.moves) if seat in seats]
    grades = {d.ply: d for d in review_round(items)}
    print(f"Seed {args.seed}: Novice (S, seat 0) against Casual (N, seat 1), round 1, "
          f"final score {position.scores[0]}-{position.scores[1]}")
    for ply, (seat, move) in enumerate(play.moves):
        decision = grades.get(ply)
        print(line(decision) if decision else f"{ply + 1:>2} {'SN'[seat]} {move.notation()}")
    for seat in sorted(seats):
        summary = summarise(d for d in grades.values() if d.seat == seat)
        counts = ", ".join(f"{v.value} {n}" for v, n in summary.counts.items())
        print(f"{'South (Novice)' if seat == 0 else 'North (Casual)'}: accuracy "
              f"{summary.accuracy:.0f}% ({summary.average_loss:.2f} points lost per decision "
              f"over {summary.unforced} unforced decisions); {counts}")
    if args.export:
        config = GameConfig(Ruleset(), (HUMAN, "Casual"), args.seed)
        with open(args.export, "w", encoding="utf-8") as file:
            file.write(export_text(play, config, grades))


if __name__ == "__main__":
    main()
