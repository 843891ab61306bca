"""What the player has learnt: finished lessons, solved puzzles, and whether the first-start
offer was shown. Kept in ``progress.json`` in the user data folder (see :mod:`storage`),
written atomically; a damaged file is set aside and progress starts afresh, never a crash.
Standard library only.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from diloti_desktop.player_data import storage

log = logging.getLogger(__name__)

PROGRESS_FILE: Final = "progress.json"
_VERSION: Final = 1


@dataclass
class Progress:
    """Lessons finished, puzzles solved, and whether the welcome offer was answered."""

    lessons: set[str] = field(default_factory=set)
    puzzles: set[str] = field(default_factory=set)
    welcomed: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"version": _VERSION, "lessons": sorted(self.lessons),
                "puzzles": sorted(self.puzzles), "welcomed": self.welcomed}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Progress:
        """Parse, keeping whatever is well formed."""
        def names(value: object) -> set[str]:
            if not isinstance(value, list):
                return set()
            return {item for item in value if isinstance(item, str)}

        return Progress(names(data.get("lessons")), names(data.get("puzzles")),
                        data.get("welcomed") is True)


def progress_path() -> Path:
    """Where the progress lives."""
    return storage.user_data_dir() / PROGRESS_FILE


def load_progress() -> Progress:
    """The saved progress, or a fresh one; never raises."""
    path = progress_path()
    try:
        import json

        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Progress()
    except (OSError, ValueError, UnicodeDecodeError) as error:
        log.warning("%s is unusable (%s); starting afresh", path, error)
        storage.set_aside(path)
        return Progress()
    if not isinstance(data, dict):
        storage.set_aside(path)
        return Progress()
    return Progress.from_dict(data)


def save_progress(progress: Progress) -> None:
    """Write the progress (a failure is logged: progress is nice to keep, not vital)."""
    try:
        storage.write_json_atomic(progress_path(), progress.to_dict())
    except OSError as error:
        log.warning("could not save progress: %s", error)
