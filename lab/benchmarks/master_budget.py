"""Decision times of the Master's search at several budgets, on positions from real games.

    python -m lab.benchmarks.master_budget [--positions 120] [--budgets 1,2,3,4] [--players 2]
                                       [--options tree=0] [--iterations] [--reseed]

Positions come from seeded Expert games (every ply of a round equally likely, so the
last deal, solved exactly, is represented as in play). Each budget ``K`` is the shipped
Master (its tree, guard and objective) with its plies, samples and solver nodes set to K
times the issue-3 Master's (the shipped budget is ``2``: ``Master:x0.5`` in the
tournament's player names is ``1``); ``--options`` adds search options to every budget
(``--options tree=0``: the flat search, ``Master:x0.5,tree=0``). Printed per budget:
CPU time per decision (the time on an idle core) p50 / p95 / p99 / max, and wall time
p95 (inflated when other processes share the cores). Forced moves are skipped: the
players answer them without searching.

With ``--iterations`` (2 players), each decision where the Master grows its tree is
searched once more, untimed, to print how the tree's budget was used: the median number
of iterations and the share of those decisions stopped by the tree's iteration cap
(``tree_samples``, else ``max_samples``, times the candidates) before its plies were spent.
With ``--reseed``, each decision is made again, untimed, by the same player seeded
differently, and the share of the same choices is printed: the search's own noise (a
search that had converged would always agree with itself).
"""

from __future__ import annotations

import argparse
import time

from diloti_desktop.ai.features import move_class
from diloti_desktop.ai.players import SearchPlayer
from diloti_desktop.ai.search import grows_tree, tree_budget
from diloti_desktop.rules import SeatView, candidate_moves, seat_view
from lab.benchmarks.positions import game_positions
from lab.specs import build_player
from lab.tournament import percentile


def tree_use(player: SearchPlayer, view: SeatView) -> tuple[int, bool] | None:
    """The tree's iterations on this decision (2 players) and whether its iteration cap
    stopped them; None when no tree grows (a solved ending, the flat search)."""
    config = player.config
    if view.position.rules.players != 2 or not grows_tree(view, config):
        return None
    results = player.analyse(view, config.tie_margin)
    iterations = sum(r.samples for r in results)
    return iterations, iterations >= tree_budget(config).max_samples * len(results)


def main() -> None:
    """Time every budget on the same positions and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--budgets", default="1,2,3,4")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--options", default="", help="search options, e.g. subtree")
    parser.add_argument("--iterations", action="store_true",
                        help="also print how the tree used its budget (2 players)")
    parser.add_argument("--reseed", action="store_true",
                        help="also print how often another seed makes the same choice")
    args = parser.parse_args()
    positions = [p for p in game_positions(args.players, args.positions, args.seed, "Expert")
                 if len(candidate_moves(p)) > 1]
    print(f"{len(positions)} positions ({args.players} players, seed {args.seed}), "
          "times per decision in ms")
    columns = f"{'iter p50':>10}{'capped':>8}" if args.iterations else ""
    columns += f"{'same':>7}" if args.reseed else ""
    print(f"{'budget':<16}{'cpu p50':>9}{'p95':>8}{'p99':>8}{'max':>8}{'wall p95':>10}{columns}")
    suffix = f",{args.options}" if args.options else ""
    for budget in (b.strip() for b in args.budgets.split(",")):
        name = f"Master:x{float(budget) / 2:g}{suffix}"  # the Master's is twice issue 3's
        player, other = build_player(name, 1), build_player(name, 2)
        cpu: list[float] = []
        wall: list[float] = []
        same = 0
        for position in positions:
            view = seat_view(position, position.turn)
            start, start_cpu = time.perf_counter(), time.process_time()
            move = player.choose(view)
            cpu.append(time.process_time() - start_cpu)
            wall.append(time.perf_counter() - start)
            if args.reseed:
                same += move_class(other.choose(view)) == move_class(move)
        extra = ""
        if args.iterations and isinstance(player, SearchPlayer):
            uses = [u for u in (tree_use(player, seat_view(p, p.turn)) for p in positions)
                    if u is not None]
            iterations = percentile([float(n) for n, _ in uses], 0.5) if uses else 0.0
            capped = sum(stopped for _, stopped in uses) / max(len(uses), 1)
            extra = f"{iterations:>10.0f}{capped:>8.0%}"
        if args.reseed:
            extra += f"{same / len(positions):>7.0%}"
        print(f"{'x' + budget + suffix:<16}{1000 * percentile(cpu, 0.5):>9.0f}"
              f"{1000 * percentile(cpu, 0.95):>8.0f}{1000 * percentile(cpu, 0.99):>8.0f}"
              f"{1000 * max(cpu):>8.0f}{1000 * percentile(wall, 0.95):>10.0f}{extra}",
              flush=True)


if __name__ == "__main__":
    main()
