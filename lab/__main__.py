"""Command line for measuring AI strength (see docs/ai-strength.md).

    python -m lab tournament Expert Casual --pairs 100 [--rules 4p]
    python -m lab ladder --pairs 20 [--players Random,Novice,...]
        [--earlier docs/ladder-issue14-games.json]
        [--ratings-out diloti_desktop/data/level_ratings.json]
    python -m lab rounds Expert --rounds 1000
    python -m lab audit Expert --rounds 100 [--rules 4p]
    python -m lab compare RESULTS_A RESULTS_B

``tournament`` plays duplicate pairs (each seeded deal sequence twice, seats swapped) and
prints points per round with a 95% interval, match wins with a Wilson interval, xeris
and decision times. ``ladder`` plays a round robin and prints Bradley-Terry ratings.
``rounds`` prints the round outcomes of self-play, the data behind the Master's match
win probabilities (:mod:`diloti_desktop.ai.winprob`). ``audit`` scans self-play for
blind spots (:mod:`lab.audit`). ``compare`` sets two tournaments' results
files (``--results``) against the same opponent side by side, pair by pair.
Players: the levels Beginner, Novice, Casual, Intermediate, Expert, Master, plus Random and the
Oracle and Seer yardsticks (which see every card, or every hand; never offered as levels)
and the Greedy one-move yardstick.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from datetime import UTC, datetime
from pathlib import Path

from diloti_desktop.ai.player_rating import ratings_document
from diloti_desktop.rules.errors import InvalidNotationError
from diloti_desktop.rules.ruleset import Ruleset
from lab import pair_log
from lab.audit import audit_report, run_audit
from lab.ratings import bradley_terry, ladder_report
from lab.tournament import (
    PLAYER_NAMES,
    PairResult,
    check_player_name,
    compare_runs,
    report,
    round_outcomes,
    run_pairs,
    summarise,
)


def _progress(total: int, quiet: bool) -> object:
    def show(done: int) -> None:
        if not quiet:
            print(f"\r  {done}/{total}", end="", file=sys.stderr, flush=True)
            if done == total:
                print(file=sys.stderr)
    return show


def _compare(first: Path, second: Path) -> int:
    """Print how the first results file's player did against the second's."""
    try:
        (head_a, pairs_a), (head_b, pairs_b) = pair_log.read(first), pair_log.read(second)
    except (OSError, ValueError) as error:
        print(f"invalid results file: {error}", file=sys.stderr)
        return 2
    differs = [k for k in ("b", "rules", "seed") if head_a.get(k) != head_b.get(k)]
    if differs:
        print(f"invalid: the runs differ in {', '.join(differs)} (they must share the "
              "opponent, the rules and the seed)", file=sys.stderr)
        return 2
    result = compare_runs(pairs_a, pairs_b)
    if result.pairs < 2:
        print("invalid: the runs share fewer than 2 finished pairs", file=sys.stderr)
        return 2
    a, b, diff = head_a["a"], head_b["a"], result.difference
    print(f"{a} and {b}, each against {head_a['b']}: {result.pairs} deal sequences both "
          f"played (rules {head_a['rules']}, seed {head_a['seed']})")
    print(f"points per round against {head_a['b']}: {a} {result.first:+.2f}, "
          f"{b} {result.second:+.2f}")
    print(f"{a} - {b}: {diff.estimate:+.2f}  95% CI [{diff.low:+.2f}, {diff.high:+.2f}]  "
          "(paired by deal sequence; the games diverge, so the pairing removes only part "
          "of the noise)")
    return 0


def _earlier_games(path: Path) -> dict[frozenset[str], tuple[str, int, int]]:
    """An earlier run's match wins by pairing: {a, b} -> (a, a's wins, b's wins)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    games: dict[frozenset[str], tuple[str, int, int]] = {}
    for entry in data["pairings"]:
        a, b, a_wins, b_wins = entry["a"], entry["b"], entry["a_wins"], entry["b_wins"]
        check_player_name(a)
        check_player_name(b)
        if not (isinstance(a_wins, int) and isinstance(b_wins, int) and a_wins >= 0
                and b_wins >= 0 and a != b):
            raise ValueError(f"a pairing is not two players and their wins: {entry!r}")
        games[frozenset((a, b))] = (a, a_wins, b_wins)
    return games


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m lab",
                                     description="Measure Diloti AI players.")
    commands = parser.add_subparsers(dest="command", required=True)
    duel = commands.add_parser("tournament", help="duplicate matches of A against B")
    duel.add_argument("a", help=f"one of {', '.join(PLAYER_NAMES)}, a searching one "
                      "optionally with options: Master:x2 (budget x2), Master:reply, "
                      "Expert:noguard, Master:plies=N,samples=N,nodes=N,depth=N")
    duel.add_argument("b", help="the same as A")
    duel.add_argument("--report-every", type=int, default=0, metavar="N",
                      help="also print the report of the pairs done so far every N pairs "
                      "(a partial result if the run is stopped)")
    duel.add_argument("--results", type=Path, metavar="FILE",
                      help="keep each finished pair in FILE; run again to resume: pairs "
                      "already there are not played again")
    ladder = commands.add_parser("ladder", help="round robin with Bradley-Terry ratings")
    ladder.add_argument("--players",
                        default="Random,Beginner,Novice,Casual,Intermediate,Expert,Master",
                        help="comma-separated; the first is the rating anchor (Elo 0)")
    ladder.add_argument("--earlier", type=Path, metavar="FILE",
                        help="add the match wins of an earlier run (JSON: pairings of a, b, "
                        "a_wins, b_wins) to the fit; its pairings are not played again and "
                        "its other players are rated too")
    ladder.add_argument("--ratings-out", type=Path, metavar="FILE",
                        help="also write the levels' ratings, with today's date and this "
                        "command, as the game reads them (the shipped file is "
                        "diloti_desktop/data/level_ratings.json)")
    rounds = commands.add_parser("rounds", help="round outcomes of a player's self-play "
                                 "(the data of the win-probability model)")
    rounds.add_argument("player")
    rounds.add_argument("--rounds", type=int, default=1000)
    audit = commands.add_parser("audit", help="blind spots in a player's self-play: "
                                "xeris, 10 of diamonds, aces passed, piles exposed")
    audit.add_argument("player")
    audit.add_argument("--rounds", type=int, default=100)
    audit.add_argument("--examples", type=int, default=5)
    compare = commands.add_parser(
        "compare", help="two tournaments' results files against the same opponent, pair "
        "by pair on the deal sequences both played: how much better the first did")
    compare.add_argument("first", type=Path)
    compare.add_argument("second", type=Path)
    for command in (duel, ladder, rounds, audit):
        command.add_argument("--pairs", type=int, default=100,
                             help="duplicate pairs per pairing (2 matches each)")
        command.add_argument("--rules", default="2p", help="ruleset notation, e.g. 4p")
        command.add_argument("--seed", type=int, default=1)
        command.add_argument("--processes", type=int, default=2)
        command.add_argument("--quiet", action="store_true", help="no progress counter")
    args = parser.parse_args(argv)
    if args.command == "compare":
        return _compare(args.first, args.second)
    try:
        rules = Ruleset.parse(args.rules)
    except InvalidNotationError as error:
        print(f"invalid: {error}", file=sys.stderr)
        return 2

    names = ([args.player] if args.command in ("rounds", "audit") else [args.a, args.b]
             if args.command == "tournament" else
             [n.strip() for n in args.players.split(",") if n.strip()])
    try:
        for name in names:
            check_player_name(name)
    except ValueError as error:
        print(f"invalid player: {error}", file=sys.stderr)
        return 2

    if args.command == "audit":
        audits = run_audit(args.player, args.rounds, rules, args.seed, args.processes,
                           _progress(args.rounds, args.quiet))  # type: ignore[arg-type]
        print(audit_report(args.player, rules, audits, args.examples))
        return 0

    if args.command == "rounds":
        table = round_outcomes(args.player, args.rounds, rules, args.seed, args.processes)
        print(f"# {args.rounds} rounds of {args.player} self-play, rules {rules.notation()}, "
              f"seed {args.seed}: (base A, xeris A, base B, xeris B, rounds)")
        for start in range(0, len(table), 4):
            print("    " + " ".join(f"{row}," for row in table[start : start + 4]))
        return 0

    if args.command == "tournament":
        every = args.report_every
        earlier: list[PairResult] = []
        if args.results is not None:
            expected = pair_log.header(args.a, args.b, rules.notation(), args.seed)
            try:
                earlier = pair_log.load(args.results, expected)
                pair_log.start(args.results, expected)
            except (OSError, ValueError) as error:
                print(f"invalid results file: {error}", file=sys.stderr)
                return 2
            if earlier:
                print(f"-- resuming: {len(earlier)} pairs already in {args.results} --",
                      flush=True)

        def interim(done: list[PairResult]) -> None:
            if args.results is not None:
                pair_log.append(args.results, done[-1])
            if every > 0 and len(done) % every == 0 and len(done) < args.pairs:
                print(f"-- partial: the first {len(done)} pairs to finish --")
                print(report(summarise(args.a, args.b, done), rules), flush=True)

        results = run_pairs(args.a, args.b, args.pairs, rules, args.seed, args.processes,
                            _progress(args.pairs, args.quiet),  # type: ignore[arg-type]
                            interim, earlier)
        print(report(summarise(args.a, args.b, results), rules))
        return 0

    if len(names) < 2:
        print(f"invalid: players must be two or more of {', '.join(PLAYER_NAMES)}",
              file=sys.stderr)
        return 2
    games = []
    played = len(names)  # the players named on the command line meet in a round robin
    known: dict[frozenset[str], tuple[str, int, int]] = {}
    if args.earlier is not None:
        try:
            known = _earlier_games(args.earlier)
        except (OSError, ValueError, KeyError, TypeError) as error:
            print(f"invalid earlier games: {error}", file=sys.stderr)
            return 2
        names += sorted({n for pair in known for n in pair} - set(names))
        for pair, (first, a_wins, b_wins) in known.items():
            other = next(iter(pair - {first}))
            games.append((names.index(first), names.index(other), a_wins, b_wins))
    for i, j in itertools.combinations(range(played), 2):
        if frozenset((names[i], names[j])) in known:
            continue
        results = run_pairs(names[i], names[j], args.pairs, rules, args.seed, args.processes,
                            _progress(args.pairs, args.quiet))  # type: ignore[arg-type]
        summary = summarise(names[i], names[j], results)
        print(report(summary, rules), flush=True)
        print(flush=True)
        games.append((i, j, summary.wins, summary.matches - summary.wins))
    ratings = bradley_terry(names, games)
    print(ladder_report(ratings))
    if args.ratings_out is not None:
        line = "python -m lab " + " ".join(
            sys.argv[1:] if argv is None else argv)
        document = ratings_document({r.name: r.elo.estimate for r in ratings},
                                    datetime.now(UTC).date().isoformat(), line)
        args.ratings_out.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n",
                                    encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
