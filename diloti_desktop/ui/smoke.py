"""``--smoke-test PATH``: the real app plays one AI-vs-AI round and saves a screenshot.

Used by CI on the packaged executable: it goes through the real controller (AI seats on
their threads), the real table scene and renderer, with animations off and no pause
between moves. It saves a frame from the middle of the round to ``PATH`` and succeeds
once the round summary is on screen; any error or a timeout fails it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import time
from pathlib import Path

from diloti_desktop.ai.players import LEVELS
from diloti_desktop.controller import GameConfig, offload
from diloti_desktop.rules.native import core_build
from diloti_desktop.rules.ruleset import Ruleset
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.shell import Shell
from diloti_desktop.ui.table.summary import RoundSummaryScene
from diloti_desktop.ui.table.table_scene import TableScene

log = logging.getLogger(__name__)

#: The fastest real AI level (the random player if the ladder is missing).
SMOKE_LEVEL = "Novice" if "Novice" in LEVELS else LEVELS[0]
SCREENSHOT_AFTER_MOVES = 20


def run_smoke_test(shell: Shell, ctx: AppContext, path: Path, timeout: float = 60.0,
                   seed: int = 7) -> int:
    """Play one round AI against AI; returns the process exit code."""
    started = time.monotonic()
    ctx.persist = False
    ctx.settings = dataclasses.replace(ctx.settings, animation_speed="off", fullscreen=False)
    config = GameConfig(Ruleset(), (SMOKE_LEVEL, SMOKE_LEVEL), seed)
    ctx.nav.match.new_game(config)
    session = ctx.session
    assert session is not None
    session.ai_pace = 0.0
    shot = False
    frames = 0
    while time.monotonic() - started < timeout:
        shell.step()
        frames += 1
        if not shell.running:
            log.error("smoke test: the app stopped before the round ended")
            return 1
        top = ctx.scenes.top
        if (not shot and isinstance(top, TableScene) and top.caught_up()
                and len(session.history) >= SCREENSHOT_AFTER_MOVES):
            shell.draw()
            shell.save_screenshot(path)
            shot = True
        if isinstance(top, RoundSummaryScene):
            shell.draw()
            if not shot:
                shell.save_screenshot(path)
            elapsed = time.monotonic() - started
            pool = offload.running()
            if pool is not None and not pool.calls:
                log.error("smoke test: no worker process answered (%d calls ran on threads)",
                          pool.fallbacks)
                return 1
            workers = "" if pool is None else f"; {pool.calls} moves from worker processes"
            print(f"smoke test passed: round {top.result.round_no} played "
                  f"({len(session.history)} moves, {frames} frames, {elapsed:.1f} s{workers}); "
                  f"rules core: {core_build()}; screenshot {path}", flush=True)
            return 0
        with contextlib.suppress(TimeoutError):  # still thinking: draw another frame
            session.wait_for_work(0.5)
    log.error("smoke test: the round did not end within %.0f s", timeout)
    return 1
