"""What the player has learnt: finished lessons, solved puzzles, and whether the first-start
offer was shown. Kept in ``progress.json`` in the user data folder (see :mod:`storage`),
written atomically; a damaged file is set aside, progress starts afresh and the player is
told, never a crash.
Standard library only.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from diloti_desktop.ai.puzzles import parse_puzzles
from diloti_desktop.i18n import _
from diloti_desktop.player_data import files, storage

if TYPE_CHECKING:  # the puzzles' module brings the AI's search: imported when loading
    from diloti_desktop.ai.puzzles import Puzzle

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
        """Parse a document written by :meth:`to_dict`; raises ``ValueError`` if malformed.

        Names of lessons and puzzles this version does not know are kept (a newer version
        may have written them), but each must be a short printable string.
        """
        welcomed = data.get("welcomed", False)
        if not isinstance(welcomed, bool):
            raise ValueError(f"welcomed is {type(welcomed).__name__}, not true or false")
        return Progress(_names(data, "lessons"), _names(data, "puzzles"), welcomed)


#: Progress is a few hundred bytes; far more is not a file this game wrote.
PROGRESS_MAX_BYTES: Final = 256 * 1024
#: Lessons or puzzles at most, and the longest name of one.
MAX_NAMES: Final = 10_000
MAX_NAME_CHARS: Final = 80


def _names(data: dict[str, Any], key: str) -> set[str]:
    value = data.get(key, [])
    if not isinstance(value, list) or len(value) > MAX_NAMES:
        raise ValueError(f"{key} is not a list of at most {MAX_NAMES} names")
    for item in value:
        if (not isinstance(item, str) or not 0 < len(item) <= MAX_NAME_CHARS
                or not item.isprintable()):
            raise ValueError(f"{key} holds {str(item)[:40]!r}, not a name")
    return set(value)


def progress_path() -> Path:
    """Where the progress lives."""
    return storage.user_data_dir() / PROGRESS_FILE


def load_progress() -> tuple[Progress, str | None]:
    """The saved progress, or a fresh one, and a translated message when the file was
    damaged (it is then set aside, never deleted); never raises."""
    path = progress_path()
    try:
        data = files.read_json_object(path, PROGRESS_MAX_BYTES)
        if data is None:
            return Progress(), None
        try:
            return Progress.from_dict(data), None
        except ValueError as error:
            raise files.UnreadableFile(_("the file does not hold the expected data"),
                                       str(error)) from error
    except files.UnreadableFile as error:
        return Progress(), files.refuse(path, error)


def save_progress(progress: Progress) -> None:
    """Write the progress (a failure is logged: progress is nice to keep, not vital)."""
    try:
        storage.write_json_atomic(progress_path(), progress.to_dict())
    except OSError as error:
        log.warning("could not save progress: %s", error)


#: The puzzles shipped with the game, beside the package's code.
PUZZLES_PATH: Final = Path(__file__).resolve().parent.parent / "data" / "puzzles.json"
PUZZLES_MAX_BYTES: Final = 8 * 1024 * 1024
#: The shipped puzzles as read, by the file they came from: the file belongs to the
#: installation, and reading and checking it takes a good part of a second.
_SHIPPED: dict[Path, tuple[list[Puzzle], str | None]] = {}


def shipped_puzzles() -> tuple[list[Puzzle], str | None]:
    """:func:`load_puzzles` of :data:`PUZZLES_PATH`, read once per process (the screens
    that count or list the puzzles open without reading the file again)."""
    path = PUZZLES_PATH
    if path not in _SHIPPED:
        _SHIPPED[path] = load_puzzles(path)
    return _SHIPPED[path]


def load_puzzles(path: Path | None = None) -> tuple[list[Puzzle], str | None]:
    """The shipped puzzles (:data:`PUZZLES_PATH`), easiest first, or none and a translated
    sentence saying why.

    Read like the player's files (bounded, without blocking) and checked record by record;
    never raises. The file belongs to the installation, so it is left where it is: the
    sentence asks for a reinstall, and the lessons stay open.
    """
    path = PUZZLES_PATH if path is None else path
    try:
        raw = files.read_regular_file(path, PUZZLES_MAX_BYTES)
        if raw is None:
            raise files.UnreadableFile(_("the file is missing"), "no such file")
        try:
            puzzles = parse_puzzles(files.parse_json(raw))
            if not puzzles:  # the installation ships puzzles: none means a damaged file
                raise ValueError("the file lists no puzzle")
            return puzzles, None
        except ValueError as error:
            raise files.UnreadableFile(_("the file does not hold the expected data"),
                                       str(error)) from error
    except files.UnreadableFile as error:
        log.warning("the puzzles in %s are unusable: %s", path, error.detail)
        return [], _("The puzzles could not be loaded from {name} ({reason}); reinstalling "
                     "the game should bring them back, and the lessons are not affected."
                     ).format(
                         name=files.shown_path(path), reason=error.reason)
