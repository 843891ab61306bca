"""Headless pygame for every UI test, a private data folder for each test, and the
app on its main menu (``driver``) for the tests that drive it.

The SDL variables must be set before pygame is first imported, which is why this
module sets them at import time, ahead of the test modules that import pygame.
"""

from __future__ import annotations

import os
import warnings

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from diloti_desktop.player_data import storage

if TYPE_CHECKING:
    from tests.ui.driver import Driver


def _fsync_checked(fd: int) -> None:
    """``os.fsync`` for a throwaway folder: the descriptor is checked (a bad one raises as
    fsync would) but nothing waits for the disk."""
    os.fstat(fd)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path) -> Iterator[Path]:
    """Point the user data folder at a fresh temporary folder, never the real one.

    The game flushes each save to the disk (two fsyncs a move, 5 to 30 ms of waiting on
    this machine's disk, a fifth of a driven round's time): what that buys is a save that
    survives a power cut, which no test can observe, so here it only checks the
    descriptor. A test of a failing fsync patches it again (tests/ui/test_storage.py)."""
    folder = tmp_path / "user-data"
    # Its own patch, so that a test's ``monkeypatch.undo()`` cannot take the folder away.
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(storage.DATA_DIR_ENV, str(folder))
        patch.setattr(os, "fsync", _fsync_checked)
        yield folder


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Say so when ``--dist loadgroup`` cannot keep an ``xdist_group`` on one worker.

    A pytest-xdist worker marks a grouped test by appending ``@group`` to its node id; with
    pytest 9.2 and pytest-xdist 3.8 that has no effect (pytest-xdist issue 1386), and the
    groups are then spread like any test: the gallery sweep shared by a group
    (gallery_sweep.py) is made once per worker that runs one of its tests."""
    if not getattr(config.option, "loadgroup", False):
        return
    lost = [item.nodeid for item in items
            if item.get_closest_marker("xdist_group") and "@" not in item.nodeid.rsplit("]", 1)[-1]]
    if lost:
        warnings.warn(pytest.PytestWarning(
            f"--dist loadgroup is not grouping {len(lost)} tests (e.g. {lost[0]}): "
            "this pytest and pytest-xdist do not work together on xdist_group"), stacklevel=1)


@pytest.fixture
def driver() -> Iterator[Driver]:
    """The real app (dummy display) on its main menu; its match is closed afterwards. A
    test module that needs another start defines its own ``driver``."""
    from diloti_desktop.ui.menus.menu import MainMenuScene
    from tests.ui.driver import Driver, make_app

    shell, ctx = make_app()
    ctx.scenes.reset(MainMenuScene(ctx))
    shell.draw()
    yield Driver(shell, ctx)
    ctx.close_session()
