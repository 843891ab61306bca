"""Logging to a rotating file in the user data folder."""

from __future__ import annotations

import logging
import logging.handlers
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from diloti_desktop.player_data import logs


@pytest.fixture(autouse=True)
def restore_logging() -> Iterator[None]:
    root = logging.getLogger()
    level = root.level
    yield
    logs.remove_log_handlers()
    root.setLevel(level)


def ours() -> list[logging.Handler]:
    return [h for h in logging.getLogger().handlers if isinstance(h, logs._OurHandler)]


def test_log_path_is_in_the_data_folder(data_dir: Path) -> None:
    assert logs.log_path() == data_dir / "logs" / "diloti.log"


def test_records_reach_the_file(data_dir: Path) -> None:
    path = logs.configure_logging()
    assert path == logs.log_path()
    logging.getLogger("diloti_desktop.test").info("West played 9♥")
    for handler in ours():
        handler.flush()
    assert path is not None
    assert "West played 9♥" in path.read_text(encoding="utf-8")
    rotating = [h for h in ours() if isinstance(h, logging.handlers.RotatingFileHandler)]
    assert len(rotating) == 1 and rotating[0].maxBytes == logs.MAX_BYTES


def test_configuring_twice_does_not_duplicate_handlers() -> None:
    logs.configure_logging()
    logs.configure_logging()
    assert len(ours()) == 2  # one file, one stderr


def test_no_stderr_in_a_windowed_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stderr", None)
    assert logs.configure_logging() is not None
    assert [type(h).__name__ for h in ours()] == ["_RotatingFileHandler"]


def test_an_unwritable_log_folder_falls_back_to_stderr(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "logs").write_text("a file where the folder should be", encoding="utf-8")
    assert logs.configure_logging() is None
    assert [type(h).__name__ for h in ours()] == ["_StreamHandler"]


def test_uncaught_exceptions_are_logged(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[type[BaseException]] = []
    monkeypatch.setattr(sys, "excepthook", lambda kind, value, tb: seen.append(kind))
    path = logs.configure_logging()
    logs.install_excepthook()
    try:
        raise RuntimeError("boom")
    except RuntimeError as error:
        sys.excepthook(type(error), error, error.__traceback__)
    for handler in ours():
        handler.flush()
    assert seen == [RuntimeError]  # the previous hook still runs
    assert path is not None
    text = path.read_text(encoding="utf-8")
    assert "uncaught exception" in text and "RuntimeError: boom" in text
