"""Frame times while the coach computes (hints, the tutor's grade, the turn's warm-up).

Usage: ``python -m lab.benchmarks.coach_frames [--count 40] [--players 2|4] [--level Master]
[--threads] [--no-pin]`` (headless: SDL's dummy video driver, a 1280x720 frame, the tutor
on; pinned to one core unless ``--no-pin``).

For seeded positions the real table scene runs frame by frame while the session's
background work computes: the warm-up ranking when the turn begins, a hint after H,
the tutor's grade after Enter, then the AI seats' moves (``--level``; Master to time
frames while the strongest AI thinks). Each frame is one ``Shell.step()`` plus a full
redraw (the worst case: the table repaints only what changed), timed with
``perf_counter``, with the frame thread's own CPU time and, for a frame over 50 ms, the
garbage collections that overlapped it (lab/benchmarks/frame_probe.py). The work runs where
the game runs it: in worker processes of lower priority (controller/offload.py), or with
``--threads`` on threads of the frame's process (how the game did it before). The bar
(issues 8 and 9): no frame over 50 ms.
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from diloti_desktop.ai.base import Player, RandomPlayer
from diloti_desktop.ai.players import make_player
from diloti_desktop.controller import HUMAN, GameConfig, GameSession, offload
from diloti_desktop.player_data.storage import Settings
from diloti_desktop.rules import PLAY, Position, legal_moves
from diloti_desktop.ui.flow import Flow
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.menus.menu import MainMenuScene
from diloti_desktop.ui.shell import Shell, settle_heap
from diloti_desktop.ui.table.table_scene import TableScene
from lab.benchmarks.frame_probe import Frame, GcProbe, report
from lab.benchmarks.positions import game_positions
from lab.benchmarks.review_speed import pin_to_one_core


def _frames(shell: Shell, busy: object, limit: float = 10.0) -> list[Frame]:
    """Run frames while ``busy()`` holds; each frame's wall time and the frame thread's
    own CPU time."""
    frames = []
    deadline = time.monotonic() + limit
    while busy() and time.monotonic() < deadline:  # type: ignore[operator]
        start, cpu = time.perf_counter(), time.thread_time()
        shell.step()
        shell.draw()
        frames.append(Frame(start, time.perf_counter() - start, time.thread_time() - cpu))
        time.sleep(1 / 60)
    return frames


def _key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                         scancode=0))


def main() -> None:
    """Print frame-time figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--players", type=int, choices=(2, 4), default=None,
                        help="only positions of this many players (default: both)")
    parser.add_argument("--level", default="Random",
                        help="the AI seats' level (Master: its thinking runs between the "
                             "measured steps and is timed as 'AI thinking')")
    parser.add_argument("--threads", action="store_true",
                        help="compute on threads of this process, not in worker processes "
                             "(how the game did it before)")
    parser.add_argument("--no-pin", action="store_true", help="do not pin to one core")
    args = parser.parse_args()
    print(f"{'not pinned' if args.no_pin else pin_to_one_core()}; load average "
          f"{os.getloadavg()[0]:.2f}")
    shell = Shell(size=(1280, 720))
    pygame.display.init()
    pygame.font.init()
    shell.open()
    if not args.threads:
        offload.start().call(os.getpid)  # as the game does (app.py), ready beforehand

    def factory(level: str, seed: int) -> Player:
        return RandomPlayer(seed) if level == "Random" else make_player(level, seed)

    ctx = AppContext(settings=Settings(animation_speed="off", sound_enabled=False, tutor=True),
                     window=shell, player_factory=factory,
                     seed_source=lambda: 1, navigator=Flow)
    shell.ctx = ctx
    ctx.scenes.reset(MainMenuScene(ctx))
    settle_heap()  # as Shell.run does before the first frame
    half = args.count // 2 if args.players is None else (args.count if args.players == 2
                                                         else 0)
    positions: list[Position] = (game_positions(2, 2 * half, seed=61)
                                 + game_positions(4, 4 * (args.count - half), seed=62))
    all_frames: dict[str, list[Frame]] = {"warm-up": [], "hint": [], "grade": [],
                                          "AI thinking": [], "idle (no computation)": []}
    probe = GcProbe()
    probe.__enter__()
    for position in positions:
        players = position.rules.players
        if position.turn != 0 or next(legal_moves(position), None) is None:
            continue  # the human sits at seat 0
        seats = (HUMAN, *(args.level,) * (players - 1))
        session = GameSession(GameConfig(position.rules, seats, 1), position,
                              player_factory=factory, ai_pace=0)
        ctx.nav.match.play(session)
        table = ctx.scenes.top
        assert isinstance(table, TableScene)
        shell.step()
        shell.draw()  # the first frame of a table renders its card images: not counted
        all_frames["warm-up"] += _frames(shell, lambda s=session: s.coaching.warming())
        _key(pygame.K_h)
        shell.step()
        all_frames["hint"] += _frames(shell, lambda t=table: t.hint.waiting)
        table.interaction.picked = next(legal_moves(session.position)).card
        table.interaction.selected.clear()
        table.hint.clear()
        _key(pygame.K_RETURN)
        shell.step()
        all_frames["grade"] += _frames(shell, session.coaching.grading)
        # The AI seats answer (the table animates nothing: animations are off).
        all_frames["AI thinking"] += _frames(
            shell, lambda s=session: s.position.phase == PLAY and not s.is_human_turn())
        quiet = time.monotonic() + 0.25
        all_frames["idle (no computation)"] += _frames(shell,
                                                       lambda q=quiet: time.monotonic() < q)
        ctx.close_session()
    probe.__exit__()
    for name, frames in all_frames.items():
        report(f"{name:21}", frames, probe)
    print(f"collections: {probe.summary()}")
    pool = offload.running()
    print("computed " + ("on threads (--threads)" if pool is None else
                         f"by worker processes: {pool.calls} calls, {pool.fallbacks} on "
                         "threads"))
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    offload.stop()


if __name__ == "__main__":
    main()
