"""Composition root of the desktop game: settings, logging, pygame, scenes, the loop.

``python -m diloti_desktop`` and the ``diloti`` command call :func:`main`. Options:

- ``--smoke-test PATH``: headless (SDL dummy drivers), play one AI-vs-AI round through
  the real app and save a screenshot to PATH; exit 0 on success (used by CI on the
  packaged executable).
- ``--size WxH``: the window size to open with (default 1280x720).
- ``--show-fps``: draw the frame rate in a corner.
- ``--version``: print the version and which rules core runs (pure Python or compiled), exit.
- ``--bench-rules ROUNDS``: time random rounds on the rules core (``python -m
  diloti_desktop.rules bench`` inside the packaged game, to compare builds), exit.

Nothing here imports pygame before the command line is read, because the SDL drivers
must be chosen in the environment before pygame starts.
"""

from __future__ import annotations

import argparse
import logging
import multiprocessing
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from diloti_desktop.player_data.storage import Settings
    from diloti_desktop.ui.kit.context import AppContext

from diloti_desktop.ui.kit import window_class

log = logging.getLogger("diloti_desktop.app")


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected WIDTHxHEIGHT, like 1280x720: {text!r}") from None
    return width, height


#: The window's class (X11 WM_CLASS's second name): what docks and task bars group by, and
#: what ``StartupWMClass`` in build_scripts/diloti.desktop names (ui/window_class.py).
WINDOW_CLASS = window_class.CLASS


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    from diloti_desktop import __version__
    from diloti_desktop.rules.native import core_build

    parser = argparse.ArgumentParser(prog="diloti", description="Diloti, the Greek fishing "
                                     "card game, against AI opponents.")
    parser.add_argument("--version", action="version",
                        version=f"Diloti {__version__}, rules core: {core_build()}")
    parser.add_argument("--smoke-test", metavar="PATH", type=Path,
                        help="play one AI-vs-AI round headless, save a screenshot, exit")
    parser.add_argument("--size", type=_size, default=None, metavar="WxH",
                        help="window size, e.g. 1920x1080")
    parser.add_argument("--show-fps", action="store_true", help="show the frame rate")
    parser.add_argument("--bench-rules", type=_rounds, default=None, metavar="ROUNDS",
                        help="time ROUNDS random rounds on the rules core, print, exit")
    return parser.parse_args(argv)


def _rounds(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 1_000_000:
        raise argparse.ArgumentTypeError(f"expected a count from 1 to 1000000: {text!r}")
    return int(text)


def bench_rules(rounds: int) -> int:
    """Print the rules core's speed, as ``python -m diloti_desktop.rules bench`` does."""
    from diloti_desktop.rules import bench
    from diloti_desktop.rules.native import core_build

    print(f"rules core: {core_build()}", flush=True)
    for checked in (False, True):
        print(bench.run(rounds, 1, checked).line(), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Start the game; returns the process exit code."""
    # A worker process of the packaged game (controller/offload.py) starts as the game's
    # executable with multiprocessing's arguments: it serves there and never returns.
    multiprocessing.freeze_support()
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.bench_rules is not None:
        return bench_rules(args.bench_rules)
    if args.smoke_test is not None:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # Read by SDL when the window opens; otherwise the class is the script's name.
    # The X11 pair is completed once the window exists (Shell.open).
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", WINDOW_CLASS)
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", window_class.APP_ID)
    os.environ.setdefault("SDL_APP_ID", window_class.APP_ID)  # the newer name for Wayland's

    from diloti_desktop.player_data import logs

    logs.configure_logging()
    logs.install_excepthook()
    from diloti_desktop import __version__
    from diloti_desktop.rules.native import core_build

    log.info("Diloti %s starting; rules core: %s", __version__, core_build())
    try:
        return _run(args)
    except Exception:
        log.exception("the game stopped on an unexpected error")
        return 1


def smoke_test(args: argparse.Namespace) -> bool:
    """Whether this run is the smoke test (which reads and writes no player file)."""
    return args.smoke_test is not None


def check_player_files(ctx: AppContext) -> None:
    """Read each of the player's files once at start, so that a damaged one is set aside
    and told on the first screen rather than when its screen is first opened."""
    from diloti_desktop.player_data import last_setup, learning_progress, stats
    from diloti_desktop.ui.menus.menu import LEVELS

    _statistics, stats_message = stats.load_stats()
    _progress, progress_message = learning_progress.load_progress()
    _setup, setup_message = last_setup.load_setup(LEVELS)
    ctx.notices.extend(m for m in (stats_message, progress_message, setup_message) if m)


def read_before_window(smoke: bool) -> tuple[Settings, list[str]]:
    """The settings, and what to tell the player about them and the data folder.

    Never raises: a folder that cannot be checked, created or written is told once (the
    game then runs on its defaults), a damaged settings file is set aside and told.
    """
    from diloti_desktop.player_data import storage

    folder_problem = None if smoke else storage.check_data_folder()
    settings, message = storage.load_settings()
    return settings, [m for m in (folder_problem, message) if m]


def open_first_screens(ctx: AppContext, notices: list[str], smoke: bool) -> None:
    """The start menu (and the first start's offer), after reading the player's files."""
    from diloti_desktop.player_data import storage
    from diloti_desktop.ui.menus.menu import MainMenuScene

    ctx.notices.extend(notices)
    if not smoke:
        storage.remove_orphaned_temporaries()
        ctx.check_saved_game()
        check_player_files(ctx)
    ctx.scenes.reset(MainMenuScene(ctx))
    if not smoke:
        from diloti_desktop.ui.learn.learn import WelcomeScene, should_welcome

        if should_welcome(ctx):
            ctx.scenes.push(WelcomeScene(ctx))


def _run(args: argparse.Namespace) -> int:
    import pygame

    from diloti_desktop import i18n
    from diloti_desktop.controller import offload
    from diloti_desktop.ui.flow import Flow
    from diloti_desktop.ui.kit.audio import Audio
    from diloti_desktop.ui.kit.context import AppContext
    from diloti_desktop.ui.shell import DEFAULT_SIZE, Shell

    smoke = smoke_test(args)
    # The system's language first, so that a message about damaged settings is readable.
    i18n.set_language(i18n.system_language())
    settings, notices = read_before_window(smoke)
    i18n.set_language(settings.language)
    pygame.display.init()
    pygame.font.init()
    shell = Shell(size=args.size or DEFAULT_SIZE, show_fps=args.show_fps)
    audio: Audio | None = None
    try:
        shell.open(fullscreen=settings.fullscreen and not smoke)
        # The AI's thinking, the coach and the review's grading in worker processes: the
        # frame thread keeps the interpreter to itself (controller/offload.py).
        offload.start()
        audio = Audio(enabled=settings.sound_enabled, volume=settings.volume)
        ctx = AppContext(settings=settings, window=shell, audio=audio, navigator=Flow)
        open_first_screens(ctx, notices, smoke)
        if smoke:
            from diloti_desktop.ui.smoke import run_smoke_test

            shell.ctx = ctx
            return run_smoke_test(shell, ctx, args.smoke_test)
        shell.run(ctx)
        ctx.close_session()
        return 0
    finally:
        if shell.ctx is not None and shell.ctx.session is not None:
            shell.ctx.session.close()
        offload.stop()
        if audio is not None:
            audio.close()
        pygame.quit()
