"""Generate the "Find the best move" puzzles shipped in diloti_desktop/data/puzzles.json.

    python3 build_scripts/make_puzzles.py --rounds 120 --minutes 40 [--first-seed N] [--out PATH]
    python3 build_scripts/make_puzzles.py --merge A.json B.json     # join runs, verified again

Plays seeded rounds between the two strongest levels (Master against Expert, the seats
alternating), and offers every position of each round's last deal (the stock empty, so
the mover knows the other hand by counting the cards seen) to
:func:`diloti_desktop.ai.puzzles.make_puzzle`: the exact end-of-round solver values every
distinct move, and the position is kept when it offers at least 4 distinct moves, the best
move is at least 2 points ahead of every other, and the exact lines show the idea it
teaches (its themes, :mod:`diloti_desktop.ai.puzzle_ideas`). At most two puzzles are
kept per round (the ones with the widest margin) so the set is varied. Every kept puzzle
is then verified again from scratch (:func:`verify`). Prints the statistics and writes
the data file.

CPU heavy: run it with ``nice``; ``--minutes`` bounds the time spent playing and solving.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from diloti_desktop.ai.players import make_player  # noqa: E402
from diloti_desktop.ai.puzzles import (  # noqa: E402
    MIN_MOVES,
    PUZZLE_MARGIN,
    Puzzle,
    dump_puzzles,
    make_puzzle,
    verify,
)
from diloti_desktop.rules.engine import new_match, play_unchecked  # noqa: E402
from diloti_desktop.rules.position import PLAY, Position  # noqa: E402
from diloti_desktop.rules.ruleset import Ruleset  # noqa: E402
from diloti_desktop.rules.view import seat_view  # noqa: E402

OUT = ROOT / "diloti_desktop" / "data" / "puzzles.json"
LEVELS = ("Master", "Expert")


def play_round(seed: int) -> list[Position]:
    """Every position of one seeded round, Master and Expert alternating seats by seed."""
    position, _events = new_match(Ruleset(), random.Random(seed))
    levels = LEVELS if seed % 2 == 0 else LEVELS[::-1]
    players = [make_player(level, seed * 7 + seat) for seat, level in enumerate(levels)]
    positions = []
    while position.phase == PLAY:
        positions.append(position)
        move = players[position.turn].choose(seat_view(position, position.turn))
        position = play_unchecked(position, move)
    return positions


def puzzles_of_round(seed: int, per_round: int) -> tuple[list[Puzzle], int]:
    """The best puzzles of one round and how many positions were examined."""
    found = []
    examined = 0
    for index, position in enumerate(play_round(seed)):
        if position.stock or position.hands[position.turn].bit_count() < 2:
            continue
        examined += 1
        puzzle = make_puzzle(position, f"s{seed}m{index}",
                             f"seed {seed}, move {index + 1} of the round")
        if puzzle is not None:
            found.append(puzzle)
    found.sort(key=lambda p: -p.margin)
    return found[:per_round], examined


def main(argv: list[str] | None = None) -> int:
    """Generate, verify, report, write."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=120, help="seeded rounds to play")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=40.0, help="time bound")
    parser.add_argument("--per-round", type=int, default=2)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--merge", type=Path, nargs="+", metavar="JSON",
                        help="instead of playing, merge earlier outputs (verified again)")
    args = parser.parse_args(argv)
    start = time.monotonic()
    puzzles: list[Puzzle] = []
    examined = rounds = dropped = 0
    seeds = range(args.first_seed, args.first_seed + args.rounds)
    runs: list[dict[str, object]] = []
    if args.merge:
        seeds = range(0)
        seen_ids: set[str] = set()
        for path in args.merge:
            text = path.read_text(encoding="utf-8")
            meta_in = json.loads(text)["meta"]
            runs.extend(meta_in.get("runs", [meta_in]))
            rounds += meta_in["rounds"]
            examined += meta_in["positions_examined"]
            # Made again from each position (older files' records are read by their
            # position only): the grading, the themes and the minimum of distinct moves
            # may have changed since that run; a position that is no puzzle now is dropped.
            for record in json.loads(text)["puzzles"]:
                if record["id"] in seen_ids:
                    continue
                seen_ids.add(record["id"])
                remade = make_puzzle(Position.parse(record["position"]), record["id"],
                                     record["source"])
                if remade is not None:
                    puzzles.append(remade)
                else:
                    dropped += 1
    for seed in seeds:
        if time.monotonic() - start > args.minutes * 60:
            print(f"time bound reached after {rounds} rounds", file=sys.stderr)
            break
        found, seen = puzzles_of_round(seed, args.per_round)
        puzzles.extend(found)
        examined += seen
        rounds += 1
        print(f"\rround {rounds}: {len(puzzles)} puzzles", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    problems = [p for p in (verify(puzzle) for puzzle in puzzles) if p]
    for problem in problems:
        print("NOT VERIFIED:", problem, file=sys.stderr)
    elapsed = time.monotonic() - start
    by_level = collections.Counter(p.difficulty.value for p in puzzles)
    by_cards = collections.Counter(p.position.hands[p.seat].bit_count() for p in puzzles)
    margins = sorted(p.margin for p in puzzles)
    meta = {
        "generator": "build_scripts/make_puzzles.py",
        "command": " ".join(["python3 build_scripts/make_puzzles.py", *(argv or sys.argv[1:])]),
        "players": "Master vs Expert, seats alternating",
        "rounds": rounds,
        "positions_examined": examined,
        "margin": PUZZLE_MARGIN,
        "min_moves": MIN_MOVES,
        "seconds": round(elapsed),
    }
    if runs:
        meta["runs"] = runs
    print(f"rounds played: {rounds}")
    print(f"last-deal positions examined: {examined}")
    print(f"puzzles kept: {len(puzzles)} (at most {args.per_round} per round), "
          f"verified again: {len(puzzles) - len(problems)}")
    if args.merge:
        print(f"merged records that make no puzzle now (dropped): {dropped}")
    themes = collections.Counter(t.value for p in puzzles for t in p.themes)
    print("themes: " + ", ".join(f"{k} {v}" for k, v in themes.most_common()))
    print("difficulty: " + ", ".join(f"{k} {by_level[k]}" for k in ("easy", "medium", "hard")))
    print("cards in the solver's hand: "
          + ", ".join(f"{k}: {by_cards[k]}" for k in sorted(by_cards)))
    if margins:
        print(f"margin (points ahead of the next best move): min {margins[0]:.2f}, "
              f"median {margins[len(margins) // 2]:.2f}, max {margins[-1]:.2f}")
    print(f"time: {elapsed:.0f} s")
    if problems:
        return 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(dump_puzzles(puzzles, meta), encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
