"""Duplicate matches between AI players, with the statistics that show their strength.

A *pair* is one seeded sequence of deals played twice: once with player A on side 0 and
once with the sides swapped (in 4 players the partnerships swap), so both players get
the same cards and the luck of the deal cancels out of the paired difference. Pairs run
in parallel processes; every match is reproducible from the tournament seed.

Reported for A against B:

- points per round (one shuffled deck: four deals in 2 players, two in 4), A minus B,
  with a 95% confidence interval over the paired differences;
- matches won (to the ruleset's target) with a 95% Wilson interval;
- xeris per round made and conceded by A;
- decision time p50 / p95 / p99 of each player, per move: wall clock (what a player
  waits, inflated when other processes share the cores) and CPU time of the deciding
  process (the time on an otherwise idle core).

The ladder (a round robin of several players) is rated by :mod:`lab.ratings`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from multiprocessing import get_context
from typing import NamedTuple

from diloti_desktop.ai.base import Player
from diloti_desktop.rules.engine import new_match, next_round, play_unchecked, round_breakdown
from diloti_desktop.rules.movegen import is_legal
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import MATCH_OVER, PLAY, Position
from diloti_desktop.rules.ruleset import Ruleset
from diloti_desktop.rules.view import seat_view
from lab.oracle import OraclePlayer
from lab.specs import PLAYER_NAMES, build_player, check_player_name

#: A match that has not ended after this many rounds is stopped (it never happens in
#: practice; it keeps a buggy player from hanging a tournament).
MAX_ROUNDS = 200
Z95 = 1.959963984540054


class MatchResult(NamedTuple):
    """One match, from the point of view of player A."""

    a_side: int                      #: the side player A played
    a_won: bool
    rounds: int
    a_points: int                    #: A's side's final score
    b_points: int
    a_xeris: int
    b_xeris: int
    a_times: tuple[float, ...]       #: A's decision times (seconds, wall clock)
    b_times: tuple[float, ...]
    a_cpu: tuple[float, ...] = ()    #: A's decision times (seconds of CPU)
    b_cpu: tuple[float, ...] = ()


class PairResult(NamedTuple):
    """The two matches of one deal sequence (A on side 0, then A on side 1)."""

    number: int
    matches: tuple[MatchResult, MatchResult]


def play_match(seats: Sequence[Player | OraclePlayer], rules: Ruleset, seed: int,
               cpu: list[list[float]] | None = None,
               ) -> tuple[Position, list[list[float]], list[tuple[int, int]]]:
    """Play one match; returns the final position, each seat's decision times and each
    side's xeris per round. Players see only their seat's view (the oracle excepted).
    With ``cpu`` (one list per seat), each decision's CPU time is appended there too."""
    rng = random.Random(seed)
    position, _ = new_match(rules, rng)
    times: list[list[float]] = [[] for _ in seats]
    xeris: list[tuple[int, int]] = []
    history: list[tuple[Position, Move]] = []  # this round's moves, as the game keeps them
    rounds = 0
    while True:
        while position.phase == PLAY:
            seat = position.turn
            player = seats[seat]
            start = time.perf_counter()
            start_cpu = time.process_time()
            if isinstance(player, OraclePlayer):
                move = player.choose_full(position)
            else:
                move = player.choose(seat_view(position, seat, history))
            times[seat].append(time.perf_counter() - start)
            if cpu is not None:
                cpu[seat].append(time.process_time() - start_cpu)
            if not is_legal(position, move):
                raise RuntimeError(f"{player.name} chose the illegal move {move} "
                                   f"in <{position}>")
            history.append((position, move))
            position = play_unchecked(position, move)
        history.clear()
        xeris.append(position.xeris)
        rounds += 1
        if position.phase == MATCH_OVER or rounds >= MAX_ROUNDS:
            return position, times, xeris
        position, _ = next_round(position, rng)


def _seat_players(a: str, b: str, a_side: int, players: int, seed: int,
                  ) -> list[Player | OraclePlayer]:
    seats: list[Player | OraclePlayer] = []
    for seat in range(players):
        name = a if seat & 1 == a_side else b
        seats.append(build_player(name, seed * 8 + seat))
    return seats


def play_pair(task: tuple[int, str, str, str, int]) -> PairResult:
    """Play one duplicate pair (a picklable task for the process pool)."""
    index, a, b, rules_text, seed = task
    rules = Ruleset.parse(rules_text)
    deal_seed = seed * 1_000_003 + index
    results = []
    for a_side in (0, 1):
        seats = _seat_players(a, b, a_side, rules.players, deal_seed)
        cpu: list[list[float]] = [[] for _ in seats]
        final, times, xeris = play_match(seats, rules, deal_seed, cpu)
        a_times = tuple(t for s, ts in enumerate(times) if s & 1 == a_side for t in ts)
        b_times = tuple(t for s, ts in enumerate(times) if s & 1 != a_side for t in ts)
        a_cpu = tuple(t for s, ts in enumerate(cpu) if s & 1 == a_side for t in ts)
        b_cpu = tuple(t for s, ts in enumerate(cpu) if s & 1 != a_side for t in ts)
        results.append(MatchResult(
            a_side=a_side, a_won=final.winner == a_side, rounds=len(xeris),
            a_points=final.scores[a_side], b_points=final.scores[1 - a_side],
            a_xeris=sum(x[a_side] for x in xeris), b_xeris=sum(x[1 - a_side] for x in xeris),
            a_times=a_times, b_times=b_times, a_cpu=a_cpu, b_cpu=b_cpu))
    return PairResult(index, (results[0], results[1]))


def run_pairs(a: str, b: str, pairs: int, rules: Ruleset, seed: int, processes: int,
              progress: Callable[[int], None] | None = None,
              partial: Callable[[list[PairResult]], None] | None = None,
              done: Sequence[PairResult] = (),
              ) -> list[PairResult]:
    """Play ``pairs`` duplicate pairs of A against B, in ``processes`` processes.

    ``progress`` gets the number of pairs done, ``partial`` the pairs done so far (in
    the order they finished, the newest last), after each pair. Pairs in ``done`` (an
    earlier part of the same run) are not played again; they count in the results."""
    skip = {pair.number for pair in done}
    tasks = [(index, a, b, rules.notation(), seed) for index in range(pairs)
             if index not in skip]
    results: list[PairResult] = [pair for pair in done if pair.number < pairs]
    if processes <= 1:
        for task in tasks:
            results.append(play_pair(task))
            if progress:
                progress(len(results))
            if partial:
                partial(results)
    else:
        with get_context("spawn").Pool(processes) as pool:
            for result in pool.imap_unordered(play_pair, tasks):
                results.append(result)
                if progress:
                    progress(len(results))
                if partial:
                    partial(results)
    results.sort(key=lambda r: r.number)
    return results


# -- round outcomes (the data of the win-probability model) ---------------------------
def play_round(task: tuple[str, str, int]) -> tuple[int, int, int, int]:
    """One round of self-play from a fresh deal: (side 0's card points and majority,
    side 0's xeris, the same for side 1). A picklable task for the process pool."""
    name, rules_text, seed = task
    rules = Ruleset.parse(rules_text)
    seats = [build_player(name, seed * 8 + seat) for seat in range(rules.players)]
    position, _ = new_match(rules, random.Random(seed))
    history: list[tuple[Position, Move]] = []
    while position.phase == PLAY:
        player = seats[position.turn]
        if isinstance(player, OraclePlayer):
            move = player.choose_full(position)
        else:
            move = player.choose(seat_view(position, position.turn, history))
        history.append((position, move))
        position = play_unchecked(position, move)
    first, second = round_breakdown(position)
    return (first.total - first.xeri_points - first.xeristaki_points, first.xeris,
            second.total - second.xeri_points - second.xeristaki_points, second.xeris)


def round_outcomes(name: str, rounds: int, rules: Ruleset, seed: int, processes: int,
                   ) -> list[tuple[int, int, int, int, int]]:
    """Self-play ``rounds`` rounds of ``name``; the outcomes with their counts, sorted."""
    tasks = [(name, rules.notation(), seed * 1_000_003 + index) for index in range(rounds)]
    if processes <= 1:
        outcomes = [play_round(task) for task in tasks]
    else:
        with get_context("spawn").Pool(processes) as pool:
            outcomes = pool.map(play_round, tasks, chunksize=4)
    counts: dict[tuple[int, int, int, int], int] = {}
    for outcome in outcomes:
        counts[outcome] = counts.get(outcome, 0) + 1
    return [(*key, count) for key, count in sorted(counts.items())]


# -- statistics ------------------------------------------------------------------------
class Interval(NamedTuple):
    """An estimate with a 95% interval."""

    estimate: float
    low: float
    high: float


def wilson(successes: int, trials: int) -> Interval:
    """The 95% Wilson score interval of a proportion."""
    if trials == 0:
        return Interval(math.nan, 0.0, 1.0)
    share = successes / trials
    z2 = Z95 * Z95
    centre = (share + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(share * (1 - share) / trials + z2 / (4 * trials * trials)) / (
        1 + z2 / trials)
    return Interval(share, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float]) -> Interval:
    """Mean with a 95% normal interval (the paired differences are many and bounded)."""
    count = len(values)
    if count == 0:
        return Interval(math.nan, math.nan, math.nan)
    mean = sum(values) / count
    if count == 1:
        return Interval(mean, -math.inf, math.inf)
    variance = sum((v - mean) ** 2 for v in values) / (count - 1)
    half = Z95 * math.sqrt(variance / count)
    return Interval(mean, mean - half, mean + half)


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile (nearest rank) of some values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1))
    return ordered[rank]


class Summary(NamedTuple):
    """Everything the head-to-head report prints."""

    a: str
    b: str
    pairs: int
    points_per_round: Interval       #: A minus B, paired over deal sequences
    wins: int
    matches: int
    win_share: Interval
    a_xeris_per_round: float
    b_xeris_per_round: float
    rounds: int
    a_time: tuple[float, float, float]   #: p50, p95, p99 seconds, wall clock
    b_time: tuple[float, float, float]
    a_cpu: tuple[float, float, float] = (math.nan,) * 3  #: the same in CPU seconds
    b_cpu: tuple[float, float, float] = (math.nan,) * 3


def summarise(a: str, b: str, results: Sequence[PairResult]) -> Summary:
    """The statistics of a head-to-head run."""
    diffs = []
    wins = matches = rounds = a_xeris = b_xeris = 0
    a_times: list[float] = []
    b_times: list[float] = []
    a_cpu: list[float] = []
    b_cpu: list[float] = []
    for pair in results:
        diffs.append(pair_points(pair))
        for match in pair.matches:
            wins += match.a_won
            matches += 1
            rounds += match.rounds
            a_xeris += match.a_xeris
            b_xeris += match.b_xeris
            a_times.extend(match.a_times)
            b_times.extend(match.b_times)
            a_cpu.extend(match.a_cpu)
            b_cpu.extend(match.b_cpu)
    return Summary(
        a, b, len(results), mean_interval(diffs), wins, matches, wilson(wins, matches),
        a_xeris / max(1, rounds), b_xeris / max(1, rounds), rounds,
        _quantiles(a_times), _quantiles(b_times), _quantiles(a_cpu), _quantiles(b_cpu))


def pair_points(pair: PairResult) -> float:
    """A pair's points per round, A minus B, over its two matches."""
    rounds = sum(m.rounds for m in pair.matches)
    return sum(m.a_points - m.b_points for m in pair.matches) / rounds


class RunComparison(NamedTuple):
    """Two runs against the same opponent on the same seeded deal sequences."""

    pairs: int               #: pair numbers both runs finished
    first: float             #: the first run's points per round on those pairs
    second: float
    difference: Interval     #: first minus second, paired by deal sequence


def compare_runs(first: Sequence[PairResult], second: Sequence[PairResult]) -> RunComparison:
    """How much better the first run's player did than the second's, pair by pair on the
    deal sequences both played (the same seed gives each pair number the same deals)."""
    by_number = {pair.number: pair_points(pair) for pair in second}
    common = [(pair_points(pair), by_number[pair.number]) for pair in first
              if pair.number in by_number]
    count = len(common)
    return RunComparison(count, sum(a for a, _ in common) / max(1, count),
                         sum(b for _, b in common) / max(1, count),
                         mean_interval([a - b for a, b in common]))


def _quantiles(values: Sequence[float]) -> tuple[float, float, float]:
    return (percentile(values, 0.5), percentile(values, 0.95), percentile(values, 0.99))


def report(summary: Summary, rules: Ruleset) -> str:
    """The printed head-to-head report."""
    s = summary
    ppr = s.points_per_round
    share = s.win_share
    lines = [
        f"{s.a} vs {s.b}: {rules.players} players, to {rules.target}, {s.pairs} duplicate "
        f"pairs = {s.matches} matches, {s.rounds} rounds",
        f"points per round, {s.a} - {s.b}: {ppr.estimate:+.2f}  "
        f"95% CI [{ppr.low:+.2f}, {ppr.high:+.2f}]  (paired over {s.pairs} deal sequences)",
        f"matches won by {s.a}: {s.wins}/{s.matches} = {100 * share.estimate:.1f}%  "
        f"95% Wilson [{100 * share.low:.1f}%, {100 * share.high:.1f}%]",
        f"xeris per round: {s.a} made {s.a_xeris_per_round:.3f}, "
        f"conceded {s.b_xeris_per_round:.3f}",
    ]
    for name, wall, cpu in ((s.a, s.a_time, s.a_cpu), (s.b, s.b_time, s.b_cpu)):
        lines.append(f"decision time {name}: p50 {1000 * wall[0]:.1f} ms, "
                     f"p95 {1000 * wall[1]:.1f} ms, p99 {1000 * wall[2]:.1f} ms wall; "
                     f"CPU p50 {1000 * cpu[0]:.1f} ms, p95 {1000 * cpu[1]:.1f} ms, "
                     f"p99 {1000 * cpu[2]:.1f} ms")
    return "\n".join(lines)


__all__ = ["PLAYER_NAMES", "Z95", "Interval", "MatchResult", "PairResult", "RunComparison",
           "Summary", "build_player", "check_player_name", "compare_runs", "mean_interval",
           "pair_points", "percentile", "play_match", "play_pair", "play_round", "report",
           "round_outcomes", "run_pairs", "summarise", "wilson"]
