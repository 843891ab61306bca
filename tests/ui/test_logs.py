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


class _FullDisk:
    """A stream whose every write fails as on a full disk."""

    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")

    def flush(self) -> None:
        raise OSError(28, "No space left on device")

    def close(self) -> None:
        pass

    def seek(self, offset: int, whence: int = 0) -> int:
        return 0

    def tell(self) -> int:
        return 0


def test_a_full_disk_drops_records_and_says_so_once(capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    """No "--- Logging error ---" and traceback per record: one line, then silence."""
    logs.configure_logging()
    (handler,) = [h for h in ours() if isinstance(h, logging.handlers.RotatingFileHandler)]
    handler.stream = _FullDisk()  # type: ignore[assignment]
    for number in range(5):
        logging.getLogger("diloti_desktop.test").info("move %s", number)
    err = capsys.readouterr().err
    assert "Logging error" not in err and "Traceback" not in err
    assert err.count("\n") == 1 and "cannot write the log file" in err
    assert "No space left on device" in err


def test_a_broken_stderr_drops_records_silently(capsys: pytest.CaptureFixture[str]) -> None:
    logs.configure_logging()
    (handler,) = [h for h in ours() if isinstance(h, logs._StreamHandler)]
    handler.stream = _FullDisk()  # type: ignore[assignment]
    logging.getLogger("diloti_desktop.test").warning("West played 9♥")
    assert capsys.readouterr().err == ""
