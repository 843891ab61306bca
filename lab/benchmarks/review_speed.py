"""How long the review's analysis of a round takes, and the frame times while it runs.

Usage: ``python -m lab.benchmarks.review_speed [--rounds 20] [--players 2] [--frames]``.

1. Analysis time (CPU time of this process, which is the time on a core of its own;
   the wall-clock time is printed too, as it grows with the machine's load): seeded
   rounds are played (seat 0 by a Novice, the others by Casual players), then seat 0's
   decisions of each round (24 with two players, 12 with four) are graded exactly as
   the game does (:func:`diloti_desktop.ai.review.review_round` with the review's
   search, the Master's budget), in this process, pinned to one core
   (``os.sched_setaffinity``, Linux). Prints p50, p95 and the worst round, and the
   slowest single decision. The bar: p95 <= 10 s with 2 players, <= 15 s with 4.
2. ``--frames``: the game's path in a headless 1280x720 window (SDL's dummy driver): a
   round played on the table (seat 0 by a Novice, not timed) up to the round summary,
   which starts the analysis in the background (the session's mechanism, as in the
   game); R opens the review (that first frame is timed) and a step key is pressed
   every third frame so that every timed frame is really drawn. Prints the frame times
   (update and draw) while the analysis runs, the frame thread's own CPU time per
   frame, and for each frame over 50 ms its own CPU and the garbage collections that
   overlapped it (lab/benchmarks/frame_probe.py).
   The grading runs where the game runs it: in a worker process of lower priority
   (controller/offload.py), pinned to the same core as the frames when the benchmark
   is pinned; ``--threads`` grades on a thread of the frame's process instead (how the
   game did it before). The bar: no frame over 50 ms.

Times depend on the machine and its load: the load average is printed with them.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from diloti_desktop.ai.players import make_player
from diloti_desktop.ai.review import review_round
from diloti_desktop.rules import Move, Position, Ruleset, new_match, play_unchecked, seat_view
from diloti_desktop.rules.position import PLAY
from lab.benchmarks.frame_probe import Frame, GcProbe, report


def played_round(players: int, seed: int) -> tuple[list[Position], list[Move]]:
    """A seeded round: seat 0 a Novice, the other seats Casual players."""
    position, _events = new_match(Ruleset(players=players), random.Random(seed))
    bots = [make_player("Novice" if seat == 0 else "Casual", seed * 10 + seat)
            for seat in range(players)]
    positions, moves = [], []
    while position.phase == PLAY:
        move = bots[position.turn].choose(seat_view(position, position.turn))
        positions.append(position)
        moves.append(move)
        position = play_unchecked(position, move)
    return positions, moves


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]


def pin_to_one_core() -> str:
    """Run on one core only (where the platform allows it)."""
    if hasattr(os, "sched_setaffinity"):
        core = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})
        return f"pinned to core {core}"
    return "not pinned (no sched_setaffinity here)"


def _stamp(stamps: list[float], _decision: object) -> None:
    stamps.append(time.process_time())


def analysis_times(players: int, rounds: int, first_seed: int) -> None:
    """Part 1 (module docs)."""
    per_round: list[float] = []
    per_decision: list[float] = []
    walls: list[float] = []
    for seed in range(first_seed, first_seed + rounds):
        positions, moves = played_round(players, seed)
        items = [(ply, seat_view(p, 0), moves[ply]) for ply, p in enumerate(positions)
                 if p.turn == 0]
        wall = time.perf_counter()
        stamps = [time.process_time()]
        review_round(items, on_decision=functools.partial(_stamp, stamps))
        walls.append(time.perf_counter() - wall)
        per_decision += [b - a for a, b in itertools.pairwise(stamps)]
        per_round.append(stamps[-1] - stamps[0])
        print(f"  seed {seed}: {len(items)} decisions, {per_round[-1]:.2f} s of CPU "
              f"({walls[-1]:.2f} s wall clock)", flush=True)
    print(f"{players} players, {rounds} rounds: per round "
          f"p50 {statistics.median(per_round):.2f} s, "
          f"p95 {percentile(per_round, 0.95):.2f} s, worst {max(per_round):.2f} s of CPU; "
          f"slowest decision {max(per_decision):.2f} s; wall clock p95 "
          f"{percentile(walls, 0.95):.2f} s (load shared with other processes)")


def frame_times(players: int, seed: int, switch: float | None = None,
                threads: bool = False) -> None:
    """Part 2 (module docs)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from diloti_desktop.controller import HUMAN, GameConfig, offload
    from diloti_desktop.player_data.storage import Settings
    from diloti_desktop.ui.flow import Flow
    from diloti_desktop.ui.kit.context import AppContext
    from diloti_desktop.ui.shell import Shell, settle_heap
    from diloti_desktop.ui.table.summary import RoundSummaryScene

    shell = Shell(size=(1280, 720))
    pygame.display.init()
    pygame.font.init()
    shell.open()  # sets the game's switch interval (ui/shell.py)
    if not threads:
        # As the game does when its window opens (app.py): the grading in worker
        # processes, started long before a round's review (here: waited for).
        offload.start().call(os.getpid)
    if switch is not None:
        sys.setswitchinterval(switch)
    # (The tutor off: its warnings would stop the Novice's round.)
    ctx = AppContext(settings=Settings(animation_speed="off", sound_enabled=False, tutor=False),
                     window=shell, persist=False,
                     player_factory=lambda level, s: make_player("Casual", s),
                     navigator=Flow)
    shell.ctx = ctx
    seats = (HUMAN, *("Casual",) * (players - 1))
    session = ctx.new_session(GameConfig(Ruleset(players=players), seats, seed))
    session.ai_pace = 0
    ctx.nav.match.play(session)
    settle_heap()  # as Shell.run does before the first frame
    # The round on the real table (not timed): seat 0 played by a Novice, as a player
    # would, until the table shows the round summary, which starts the analysis.
    novice = make_player("Novice", seed)
    deadline = time.monotonic() + 120
    while not isinstance(ctx.scenes.top, RoundSummaryScene):
        if time.monotonic() > deadline:
            raise SystemExit(f"the round did not end (on screen: {ctx.scenes.top!r})")
        if session.is_human_turn():
            session.submit(novice.choose(session.view(session.position.turn)))
        shell.step()
        time.sleep(0.001)
    with GcProbe() as probe:
        began = time.perf_counter()
        # The summary a moment, then R opens the review (its first frame is timed) and a
        # step key every third frame while the analysis runs.
        summary = _frames(shell, lambda frame: frame < 30, keys=False)
        review = _frames(shell, lambda frame: frame == 0 or session.round_grades.busy(),
                         opening=pygame.K_r)
        took = time.perf_counter() - began
        if type(ctx.scenes.top).__name__ != "ReviewScene":
            raise SystemExit(f"R did not open the review (on screen: {ctx.scenes.top!r})")
        report(f"{players} players, the summary's frames (the review prepared meanwhile)",
               summary, probe)
        report(f"{players} players, the review's first frame", review[:1], probe)
        report(f"{players} players, all frames while the analysis ran ({took:.1f} s)",
               summary + review, probe)
        print(f"  collections while it ran: {probe.summary()}")
        probe.pauses.clear()
        baseline = _frames(shell, lambda frame: frame < 180)  # the same scene, analysis done
        report(f"{players} players, after it (nothing else running)", baseline, probe)
    pool = offload.running()
    print("  grading: " + ("on a thread (--threads)" if pool is None else
                           f"{pool.calls} calls answered by worker processes, "
                           f"{pool.fallbacks} on the thread"))
    ctx.close_session()
    offload.stop()


def _frames(shell: Any, going: Callable[[int], bool], keys: bool = True,
            opening: int | None = None) -> list[Frame]:
    """Frames at 60 a second while ``going(frame)``; with ``keys``, ``opening`` (if any)
    pressed on the first frame and a step key every third frame after it. Returns the
    frames that were really drawn (a key each; without ``keys``, every frame), with
    their wall and own CPU times."""
    import pygame

    frames: list[Frame] = []
    frame = 0
    while going(frame):
        pressed = keys and frame % 3 == 0
        if pressed:  # a step forward, so that the frame is really drawn
            key = pygame.K_RIGHT if frame % 90 < 45 else pygame.K_LEFT
            if frame == 0 and opening is not None:
                key = opening
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                                 scancode=0))
        start, start_cpu = time.perf_counter(), time.thread_time()
        shell.step()
        if pressed or not keys:  # with keys, only the frames that were really drawn
            frames.append(Frame(start, time.perf_counter() - start,
                                time.thread_time() - start_cpu))
        frame += 1
        time.sleep(1 / 60)
    return frames


def main() -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-pin", action="store_true", help="do not pin to one core")
    parser.add_argument("--switch", type=float, default=None,
                        help="sys.setswitchinterval for --frames (default: the game's)")
    parser.add_argument("--threads", action="store_true",
                        help="--frames: grade on a thread of this process, not in worker "
                             "processes (how the game did it before)")
    parser.add_argument("--frames", action="store_true",
                        help="measure frame times while the analysis runs instead")
    args = parser.parse_args()
    pinned = "not pinned" if args.no_pin else pin_to_one_core()
    print(f"{pinned}; load average {os.getloadavg()[0]:.2f}; "
          f"python {sys.version.split()[0]}")
    if args.frames:
        frame_times(args.players, args.seed, args.switch, args.threads)
    else:
        analysis_times(args.players, args.rounds, args.seed)


if __name__ == "__main__":
    main()
