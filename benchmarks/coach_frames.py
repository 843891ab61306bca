"""Frame times while the coach computes (hints, the tutor's grade, the turn's warm-up).

Usage: ``python -m benchmarks.coach_frames [--count 40]`` (headless: SDL's dummy video
driver, a 1280x720 frame, the tutor on).

For seeded positions the real table scene runs frame by frame while the session's
background thread computes: the warm-up ranking when the turn begins, a hint after H,
and the tutor's grade after Enter. Each frame is one ``Shell.step()`` plus a full redraw
(the worst case: the table repaints only what changed), timed with ``perf_counter``. The
bar (issue 8): no frame over 50 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from benchmarks.positions import game_positions
from diloti_desktop.ai.base import RandomPlayer
from diloti_desktop.controller import HUMAN, GameConfig, GameSession
from diloti_desktop.rules import Position, legal_moves
from diloti_desktop.storage import Settings
from diloti_desktop.ui.context import AppContext
from diloti_desktop.ui.scenes import flow
from diloti_desktop.ui.scenes.menu import MainMenuScene
from diloti_desktop.ui.scenes.table import TableScene
from diloti_desktop.ui.shell import Shell

CPU: dict[str, list[float]] = {}


def _frames(shell: Shell, busy: object, name: str, limit: float = 10.0) -> list[float]:
    """Run frames while ``busy()`` holds; each frame's wall time in seconds (the frame
    thread's own CPU time goes to :data:`CPU` under ``name``)."""
    durations = []
    deadline = time.monotonic() + limit
    while busy() and time.monotonic() < deadline:  # type: ignore[operator]
        start, cpu = time.perf_counter(), time.thread_time()
        shell.step()
        shell.draw()
        durations.append(time.perf_counter() - start)
        CPU.setdefault(name, []).append(time.thread_time() - cpu)
        time.sleep(1 / 60)
    return durations


def _key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                         scancode=0))


def main() -> None:
    """Print frame-time figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=40)
    args = parser.parse_args()
    shell = Shell(size=(1280, 720))
    pygame.display.init()
    pygame.font.init()
    shell.open()
    ctx = AppContext(settings=Settings(animation_speed="off", sound_enabled=False, tutor=True),
                     window=shell, player_factory=lambda level, seed: RandomPlayer(seed),
                     seed_source=lambda: 1)
    shell.ctx = ctx
    ctx.scenes.reset(MainMenuScene(ctx))
    half = args.count // 2
    positions: list[Position] = (game_positions(2, 2 * half, seed=61)
                                 + game_positions(4, 4 * (args.count - half), seed=62))
    all_frames: dict[str, list[float]] = {"warm-up": [], "hint": [], "grade": [],
                                          "idle (no computation)": []}
    for position in positions:
        players = position.rules.players
        if position.turn != 0 or next(legal_moves(position), None) is None:
            continue  # the human sits at seat 0
        seats = (HUMAN, *("Random",) * (players - 1))
        session = GameSession(GameConfig(position.rules, seats, 1), position,
                              player_factory=lambda level, seed: RandomPlayer(seed), ai_pace=0)
        flow.play(ctx, session)
        table = ctx.scenes.top
        assert isinstance(table, TableScene)
        shell.step()
        shell.draw()  # the first frame of a table renders its card images: not counted
        all_frames["warm-up"] += _frames(
            shell, lambda s=session: s._warm_job is not None, "warm-up")
        _key(pygame.K_h)
        shell.step()
        all_frames["hint"] += _frames(shell, lambda t=table: t.hint.waiting, "hint")
        table.picked = next(legal_moves(session.position)).card
        table.selected.clear()
        table.hint.clear()
        _key(pygame.K_RETURN)
        shell.step()
        all_frames["grade"] += _frames(shell, session.grading, "grade")
        quiet = time.monotonic() + 0.25
        all_frames["idle (no computation)"] += _frames(
            shell, lambda q=quiet: time.monotonic() < q, "idle (no computation)")
        ctx.close_session()
    for name, frames in all_frames.items():
        if not frames:
            continue
        frames.sort()
        p95 = frames[round(0.95 * (len(frames) - 1))]
        print(f"{name:21}: {len(frames):5} frames: median "
              f"{1000 * statistics.median(frames):.1f} ms, p95 {1000 * p95:.1f} ms, "
              f"max {1000 * frames[-1]:.1f} ms, over 50 ms: "
              f"{sum(f > 0.05 for f in frames)}")
        cpu = sorted(CPU.get(name, [0.0]))
        print(f"{'':21}  frame thread CPU: median {1000 * statistics.median(cpu):.1f} ms, "
              f"p95 {1000 * cpu[round(0.95 * (len(cpu) - 1))]:.1f} ms, "
              f"max {1000 * cpu[-1]:.1f} ms")
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
