"""The player's files: settings and the interrupted game, kept in the user data folder.

Standard library only. Writes are atomic and reads refuse anything but a regular file of
bounded size, without blocking (see :mod:`diloti_desktop.player_data.files`). Loading never raises:
a file that cannot be read or does not have the expected shape is moved aside
(``settings.json.corrupt-<UTC time>``, never overwriting an earlier one, never deleted),
defaults are returned, and a translated message says what happened in one sentence so
the UI can show it. Leftover temporary files of interrupted writes are removed at start
(:func:`remove_orphaned_temporaries`).

The folder is ``$DILOTI_DATA_DIR`` when set (tests point it at a temporary folder),
otherwise the platform's usual place; see :func:`user_data_dir`.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import re
import stat
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Final

from diloti_desktop.i18n import LANGUAGES, _, system_language

# Re-exported (``as``) for the modules that keep their own files in the data folder (the
# statistics, the last new-game setup), so that they read, write and set aside the same way.
from diloti_desktop.player_data.files import UnreadableFile as UnreadableFile
from diloti_desktop.player_data.files import check_folder, keep_copy, os_reason, shown_path
from diloti_desktop.player_data.files import read_json_object as read_json_object
from diloti_desktop.player_data.files import set_aside as set_aside
from diloti_desktop.player_data.files import write_json_atomic as write_json_atomic

log = logging.getLogger(__name__)

DATA_DIR_ENV: Final = "DILOTI_DATA_DIR"
SETTINGS_FILE: Final = "settings.json"
SAVED_GAME_FILE: Final = "saved_game.json"

_SETTINGS_VERSION: Final = 1
_SAVED_GAME_KIND: Final = "diloti-desktop saved game"
_SAVED_GAME_VERSION: Final = 1
#: Size limits per file: the settings are a few hundred bytes, a save a few kilobytes
#: (its round history grows with the match; a long 4-player match stays far below this).
SETTINGS_MAX_BYTES: Final = 64 * 1024
SAVED_GAME_MAX_BYTES: Final = 4 * 1024 * 1024


def user_data_dir(platform: str | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The folder for the player's files; it is created by the first write, not here.

    ``$DILOTI_DATA_DIR`` wins when set. Otherwise: on Linux and other Unixes
    ``$XDG_DATA_HOME/diloti-desktop`` (``~/.local/share/diloti-desktop`` when the
    variable is unset or not an absolute path, as the XDG spec asks); on macOS
    ``~/Library/Application Support/Diloti Desktop``; on Windows
    ``%APPDATA%\\Diloti Desktop``. ``platform`` and ``environ`` default to
    ``sys.platform`` and ``os.environ`` and exist for tests.
    """
    platform = sys.platform if platform is None else platform
    environ = os.environ if environ is None else environ
    override = environ.get(DATA_DIR_ENV)
    if override:
        return Path(override).expanduser()
    if platform == "win32":
        appdata = environ.get("APPDATA")
        base = Path(appdata) if appdata else Path.home() / "AppData" / "Roaming"
        return base / "Diloti Desktop"
    if platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "Diloti Desktop"
    xdg_data_home = environ.get("XDG_DATA_HOME", "")
    if xdg_data_home and Path(xdg_data_home).is_absolute():
        return Path(xdg_data_home) / "diloti-desktop"
    return Path.home() / ".local" / "share" / "diloti-desktop"


# --- settings --------------------------------------------------------------------------

ANIMATION_SPEEDS: Final = ("off", "fast", "normal", "slow")
CARD_SIZES: Final = ("small", "medium", "large")
#: How court cards look: figures (Adrian Kennard's designs) or a framed letter.
CARD_FACES: Final = ("illustrated", "drawn")
_ANIMATION_FACTORS: Final = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.6}


@dataclass(frozen=True)
class Settings:
    """The player's preferences. An invalid value raises ``ValueError``; volume is clamped.

    Change one value with ``dataclasses.replace(settings, volume=0.5)``.
    """

    animation_speed: str = "normal"
    sound_enabled: bool = True
    volume: float = 0.8
    card_size: str = "medium"
    four_colour_suits: bool = False
    card_faces: str = "illustrated"
    fullscreen: bool = False
    language: str = "en"
    #: Grade each move before it is played and warn about a costly one (issue: the coach).
    tutor: bool = True

    def __post_init__(self) -> None:
        # Values arrive from JSON files too, so check types that the annotations promise.
        _check_choice("animation_speed", self.animation_speed, ANIMATION_SPEEDS)
        _check_choice("card_size", self.card_size, CARD_SIZES)
        _check_choice("card_faces", self.card_faces, CARD_FACES)
        for name in ("sound_enabled", "four_colour_suits", "fullscreen", "tutor"):
            value: object = getattr(self, name)
            if not isinstance(value, bool):
                raise ValueError(f"{name} must be true or false, got {value!r}")
        object.__setattr__(self, "volume", _clamped_volume(self.volume))
        language: object = self.language
        if not isinstance(language, str) or language not in LANGUAGES:
            raise ValueError(f"language must be one the game speaks ({', '.join(LANGUAGES)}),"
                             f" got {str(language)[:40]!r}")

    @property
    def animation_factor(self) -> float:
        """Multiplier for animation durations: 0 means no animation, 1 the normal pace."""
        return _ANIMATION_FACTORS[self.animation_speed]

    def to_dict(self) -> dict[str, Any]:
        """The settings as a JSON-ready dict (what :func:`save_settings` writes)."""
        data: dict[str, Any] = {field.name: getattr(self, field.name) for field in fields(self)}
        data["version"] = _SETTINGS_VERSION
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[Settings, list[tuple[str, str]]]:
        """Settings from a loaded dict, keeping every valid value.

        Unknown keys are ignored (a newer version may have written them); a value of the
        wrong type or outside its choices falls back to its default. Returns the
        settings and, per dropped value, its name and why it was dropped.
        """
        accepted: dict[str, Any] = {}
        problems: list[tuple[str, str]] = []
        for field in fields(cls):
            if field.name not in data:
                continue
            value = data[field.name]
            try:
                cls(**{field.name: value})
            except ValueError as error:
                problems.append((field.name, str(error)))
                continue
            accepted[field.name] = value
        return cls(**accepted), problems


def _check_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(choices)}; got {value!r}")


def _clamped_volume(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or math.isnan(value):
        raise ValueError(f"volume must be a number from 0 to 1, got {str(value)[:40]!r}")
    # Compared before any conversion: float() of a whole number of 400 digits overflows.
    return 1.0 if value > 1 else 0.0 if value < 0 else float(value)


def settings_path() -> Path:
    """Where the settings live."""
    return user_data_dir() / SETTINGS_FILE


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings, or the defaults; never raises.

    Returns ``(settings, message)``: ``message`` is ``None`` unless the player should be
    told something (the file was damaged and set aside), and is translated. On the first
    start (no settings yet, or none naming a language) the language follows the system's
    (:func:`~diloti_desktop.i18n.system_language`, English when the game does not speak it).
    """
    first_start = Settings(language=system_language())
    path = settings_path()
    try:
        data = read_json_object(path, SETTINGS_MAX_BYTES)
    except UnreadableFile as error:
        kept = _set_aside_logged(path, error.detail)
        if kept is None:
            message = _(
                "Your settings could not be read ({reason}), so the defaults are in use "
                "and the file {path} could not be moved aside."
            ).format(reason=error.reason, path=shown_path(path))
        else:
            message = _(
                "Your settings could not be read ({reason}), so the defaults are in use "
                "and the damaged file was kept as {kept}."
            ).format(reason=error.reason, kept=shown_path(kept))
        return first_start, message
    if data is None:
        return first_start, None
    settings, problems = Settings.from_dict({"language": first_start.language, **data})
    if not problems:
        return settings, None
    for name, problem in problems:
        log.warning("ignored %s in %s: %s", name, path, problem)
    names = ", ".join(name for name, _problem in problems)
    # Keep the player's file as it was, then write the repaired settings, so that the
    # message shows once and not at every start (when the folder is writable).
    kept = keep_copy(path)
    if kept is not None and save_settings(settings) is not None:
        # The original is still in place: drop the duplicate just made.
        with contextlib.suppress(OSError):
            kept.unlink()
        kept = None
    if kept is not None:
        message = _("Some settings had values this version does not understand and are "
                    "back to their defaults: {names} (the old file was kept as {kept}).")
    else:
        message = _("Some settings had values this version does not understand and are "
                    "back to their defaults: {names}.")
    return settings, message.format(names=names, kept=kept and shown_path(kept))


def save_settings(settings: Settings) -> str | None:
    """Write ``settings`` atomically; return ``None``, or a translated message on failure."""
    path = settings_path()
    try:
        write_json_atomic(path, settings.to_dict())
    except OSError as error:
        log.warning("could not write %s: %s", path, error)
        return _("Your settings could not be saved to {path}: {reason}.").format(
            path=shown_path(path), reason=os_reason(error)
        )
    return None


# --- the interrupted game ---------------------------------------------------------------


def saved_game_path() -> Path:
    """Where the interrupted game is kept."""
    return user_data_dir() / SAVED_GAME_FILE


def save_game(data: Mapping[str, Any]) -> str | None:
    """Keep the interrupted game ``data`` (any JSON-ready mapping the controller chooses).

    Returns ``None`` when saved, or a translated message saying why not. Data that JSON
    cannot hold is a programming error: it raises ``TypeError`` or ``ValueError`` and
    leaves the previous save untouched.
    """
    path = saved_game_path()
    envelope = {"kind": _SAVED_GAME_KIND, "version": _SAVED_GAME_VERSION, "game": dict(data)}
    try:
        # Saved after every move, with the match's grades: on one line, encoded in C.
        write_json_atomic(path, envelope, indent=None)
    except OSError as error:
        log.warning("could not write %s: %s", path, error)
        return _("The game could not be saved in {folder}: {reason}.").format(
            folder=shown_path(path.parent), reason=os_reason(error)
        )
    return None


def load_game() -> tuple[dict[str, Any] | None, str | None]:
    """The interrupted game's data, or ``None`` when there is none; never raises.

    Returns ``(data, message)``; ``message`` is a translated note when a damaged file
    was set aside, else ``None``.
    """
    path = saved_game_path()
    try:
        game = _read_saved_game(path)
    except UnreadableFile as error:
        return None, refuse_game(error.reason, error.detail)
    return game, None


def refuse_game(reason: str, detail: str = "") -> str:
    """Set the saved game aside (never delete it) and say so in one translated sentence.

    For a file that :func:`load_game` could not read, and for one whose game the caller
    could not restore: ``reason`` is a translated phrase for the player, ``detail`` goes
    to the log.
    """
    path = saved_game_path()
    kept = _set_aside_logged(path, detail or reason)
    if kept is None:
        return _(
            "The interrupted game could not be restored ({reason}), and its file {path} "
            "could not be moved aside."
        ).format(reason=reason, path=shown_path(path))
    return _(
        "The interrupted game could not be restored ({reason}); its file was kept as {kept}."
    ).format(reason=reason, kept=shown_path(kept))


def _read_saved_game(path: Path) -> dict[str, Any] | None:
    envelope = read_json_object(path, SAVED_GAME_MAX_BYTES)
    if envelope is None:
        return None
    if envelope.get("kind") != _SAVED_GAME_KIND:
        raise UnreadableFile(
            _("the file is not a Diloti Desktop saved game"),
            f"kind is {envelope.get('kind')!r}",
        )
    if envelope.get("version") != _SAVED_GAME_VERSION:
        raise UnreadableFile(
            _("the file was saved in a format this version cannot read"),
            f"format version {envelope.get('version')!r}",
        )
    game = envelope.get("game")
    if not isinstance(game, dict):
        raise UnreadableFile(
            _("the file does not hold the expected data"),
            f"game is {type(game).__name__}, expected an object",
        )
    return game


def clear_game() -> str | None:
    """Delete the interrupted game, if any; return ``None`` or a translated message."""
    path = saved_game_path()
    try:
        path.unlink(missing_ok=True)
    except OSError as error:
        log.warning("could not delete %s: %s", path, error)
        return _("The saved game {path} could not be deleted: {reason}.").format(
            path=path, reason=os_reason(error)
        )
    return None


#: Temporary files older than this are left over from an interrupted write (a write
#: takes milliseconds; the margin spares another copy of the game writing right now).
ORPHAN_AGE_SECONDS: Final = 60.0
#: ``tempfile.mkstemp(prefix=".<name>.json.", suffix=".tmp")``: letters, digits and "_".
_TEMPORARY_NAME: Final = re.compile(r"\.[^/\\]+\.json\.[A-Za-z0-9_]+\.tmp")


def remove_orphaned_temporaries(now: float | None = None) -> list[Path]:
    """Delete the temporary files that interrupted atomic writes left; return them.

    Only regular files named like :func:`write_json_atomic`'s temporaries of the JSON
    files in the data folder (``.settings.json.k2x_9.tmp``, ``.saved_game.json.*.tmp``,
    the statistics', the lessons'...) and older than :data:`ORPHAN_AGE_SECONDS` are
    removed; never raises.
    """
    folder = user_data_dir()
    now = time.time() if now is None else now
    removed: list[Path] = []
    try:
        candidates = sorted(path for path in folder.glob(".*.json.*.tmp")
                            if _TEMPORARY_NAME.fullmatch(path.name))
    except OSError:
        return removed
    for candidate in candidates:
        try:
            status = candidate.lstat()
            if not stat.S_ISREG(status.st_mode) or now - status.st_mtime < ORPHAN_AGE_SECONDS:
                continue
            candidate.unlink()
        except OSError as error:
            log.warning("could not remove the leftover %s: %s", candidate, error)
            continue
        log.info("removed %s, left by an interrupted save", candidate)
        removed.append(candidate)
    return removed


def check_data_folder() -> str | None:
    """At start: ``None`` when the player's files can be kept, else a translated sentence.

    A folder that cannot be checked, created or written (a path too long, no permission,
    a file in its place, a read-only or full disk) is told once; the game then runs on
    its defaults, and every save that fails says so again where it matters (the table's
    lasting warning).
    """
    return check_folder(user_data_dir())


def _set_aside_logged(path: Path, detail: str) -> Path | None:
    log.warning("%s is unusable (%s); setting it aside", path, detail)
    return set_aside(path)


def exports_dir() -> Path:
    """Where exported round records go (``rounds`` in the data folder)."""
    return user_data_dir() / "rounds"


def export_text(filename: str, text: str) -> tuple[Path | None, str | None]:
    """Write an exported text file (a round record) into :func:`exports_dir`.

    Returns ``(path, None)`` once written, or ``(None, message)`` with a translated
    reason; the write is atomic, so an older file of the same name is never half replaced.
    """
    path = exports_dir() / filename
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.",
                                         suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as file:
                file.write(text)
            os.chmod(temp_name, 0o644)  # a file to share, not a private one (mkstemp: 0600)
            os.replace(temp_name, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp_name)
            raise
    except OSError as error:
        log.warning("could not export %s: %s", path, error)
        return None, _("The record could not be saved in {folder}: {reason}.").format(
            folder=path.parent, reason=os_reason(error))
    return path, None
