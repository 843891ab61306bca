"""Logging to a rotating file in the user data folder, and to stderr when there is one.

Windowed builds made with PyInstaller have ``sys.stderr`` set to ``None``; then the
file is the only record, which is why :func:`install_excepthook` sends uncaught
exceptions there too. Setting up logging never raises: if the file cannot be opened,
the game logs to stderr alone (or nowhere) and still starts.
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import sys
from pathlib import Path
from types import TracebackType
from typing import Final, TextIO

from diloti_desktop.player_data import storage

LOG_DIR_NAME: Final = "logs"
LOG_FILE_NAME: Final = "diloti.log"
MAX_BYTES: Final = 1_000_000
BACKUP_COUNT: Final = 3
FORMAT: Final = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"

log = logging.getLogger(__name__)


def log_path() -> Path:
    """Where the log file is written: ``<user data folder>/logs/diloti.log``."""
    return storage.user_data_dir() / LOG_DIR_NAME / LOG_FILE_NAME


class _OurHandler:
    """Marks the handlers this module installs, so a second call can replace them."""


def configure_logging(
    level: int = logging.INFO, stderr_level: int = logging.WARNING
) -> Path | None:
    """Send the root logger's records to the log file and to stderr (when it exists).

    The file gets records from ``level`` up, stderr from ``stderr_level`` up. Calling
    again replaces the handlers of the previous call instead of adding more. Returns
    the log file's path, or ``None`` when the file could not be opened.
    """
    remove_log_handlers()
    root = logging.getLogger()
    root.setLevel(min(level, stderr_level))
    formatter = logging.Formatter(FORMAT)

    if sys.stderr is not None:
        stream_handler = _StreamHandler(sys.stderr)
        stream_handler.setLevel(stderr_level)
        stream_handler.setFormatter(formatter)
        root.addHandler(stream_handler)

    path = log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        file_handler = _RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUP_COUNT, encoding="utf-8"
        )
    except OSError as error:
        log.warning("logging to stderr only: cannot open %s (%s)", path, error)
        return None
    file_handler.setLevel(level)
    file_handler.setFormatter(formatter)
    root.addHandler(file_handler)
    return path


def remove_log_handlers() -> None:
    """Detach and close the handlers that :func:`configure_logging` installed."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        if isinstance(handler, _OurHandler):
            root.removeHandler(handler)
            with contextlib.suppress(OSError):  # its last flush, on a full disk
                handler.close()


def install_excepthook() -> None:
    """Log uncaught exceptions (with their traceback) before Python prints them."""
    previous = sys.excepthook

    def hook(
        kind: type[BaseException], value: BaseException, traceback: TracebackType | None
    ) -> None:
        if not issubclass(kind, KeyboardInterrupt):
            logging.getLogger("diloti_desktop").critical(
                "uncaught exception", exc_info=(kind, value, traceback)
            )
        previous(kind, value, traceback)

    sys.excepthook = hook


class _StreamHandler(logging.StreamHandler[TextIO], _OurHandler):
    """Drops a record that stderr cannot take (closed, a broken pipe): nowhere to say so."""

    def handleError(self, record: logging.LogRecord) -> None:
        pass


class _RotatingFileHandler(logging.handlers.RotatingFileHandler, _OurHandler):
    """Drops a record it cannot write (a full disk, a folder gone) instead of printing
    Python's "--- Logging error ---" and a traceback for each one; the first failure is
    said once, in one line, on stderr."""

    reported = False

    def handleError(self, record: logging.LogRecord) -> None:
        if self.reported:
            return
        self.reported = True
        error = sys.exc_info()[1]
        if sys.stderr is not None:
            with contextlib.suppress(Exception):
                sys.stderr.write(f"diloti: cannot write the log file {self.baseFilename} "
                                 f"({error}); log records are dropped\n")
