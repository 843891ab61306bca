"""The New game panel's memory: the players, AI levels and rules chosen last time.

Standard library only. Kept in ``new_game.json`` in the data folder, written atomically
when a game is started from the panel. Losing it costs nothing but a few clicks, so a
damaged file is set aside (never deleted, like every file of the player's), the panel
opens with its defaults, and a sentence tells the player.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from diloti_desktop.i18n import _
from diloti_desktop.player_data import files, storage
from diloti_desktop.rules.ruleset import Ruleset

log = logging.getLogger(__name__)

SETUP_FILE: Final = "new_game.json"
_KIND: Final = "diloti-desktop new game setup"
_VERSION: Final = 1


@dataclass(frozen=True)
class Setup:
    """A remembered setup: the rules (players and target included) and each AI seat's level."""

    rules: Ruleset
    levels: Mapping[int, str]


def setup_path() -> Path:
    """Where the last setup is kept."""
    return storage.user_data_dir() / SETUP_FILE


def load_setup(known_levels: tuple[str, ...]) -> tuple[Setup | None, str | None]:
    """The last setup, or ``None`` (none yet, or unusable), and a translated sentence when
    the file was damaged (it is then set aside, never deleted); never raises.

    Levels not in ``known_levels`` (an older or newer version's) are left out, so the
    panel keeps its default for those seats.
    """
    path = setup_path()
    try:
        data = files.read_json_object(path, SETUP_MAX_BYTES)
        if data is None:
            return None, None
        try:
            rules, levels = _setup_fields(data)
        except ValueError as error:
            raise files.UnreadableFile(_("the file does not hold the expected data"),
                                       str(error)) from error
    except files.UnreadableFile as error:
        return None, files.refuse(path, error)
    chosen = {int(seat): level for seat, level in levels.items() if level in known_levels}
    return Setup(rules, chosen), None


#: The setup is a hundred bytes or so; far more is not a file this game wrote.
SETUP_MAX_BYTES: Final = 16 * 1024
_MAX_RULES_CHARS: Final = 200


def _setup_fields(data: Mapping[str, object]) -> tuple[Ruleset, dict[str, str]]:
    """The rules and each AI seat's level; raises ``ValueError`` (the rules core's notation
    errors are ``ValueError`` too)."""
    if data.get("kind") != _KIND or data.get("version") != _VERSION:
        raise ValueError(f"kind {str(data.get('kind'))[:40]!r}, "
                         f"version {str(data.get('version'))[:40]!r}")
    rules_text, levels = data.get("rules"), data.get("levels")
    if not isinstance(rules_text, str) or len(rules_text) > _MAX_RULES_CHARS:
        raise ValueError("rules missing or too long")
    if not isinstance(levels, dict) or not all(
            seat in ("1", "2", "3") and isinstance(level, str) and len(level) <= 40
            for seat, level in levels.items()):
        raise ValueError("levels are not seats 1 to 3 with a level name each")
    return Ruleset.parse(rules_text), levels


def save_setup(setup: Setup) -> None:
    """Remember ``setup`` for the next New game (a failure is only logged)."""
    data = {"kind": _KIND, "version": _VERSION, "rules": setup.rules.notation(),
            "levels": {str(seat): level for seat, level in sorted(setup.levels.items())}}
    try:
        storage.write_json_atomic(setup_path(), data)
    except OSError as error:
        log.warning("could not remember the new game setup: %s", error)
