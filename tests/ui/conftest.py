"""Headless pygame for every UI test, and a private data folder for each test.

The SDL variables must be set before pygame is first imported, which is why this
module sets them at import time, ahead of the test modules that import pygame.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator
from pathlib import Path

import pytest

from diloti_desktop import storage


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Point the user data folder at a fresh temporary folder, never the real one."""
    folder = tmp_path / "user-data"
    monkeypatch.setenv(storage.DATA_DIR_ENV, str(folder))
    yield folder
