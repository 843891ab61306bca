"""The New game panel's memory: the players, AI levels and rules chosen last time.

Standard library only. Kept in ``new_game.json`` in the data folder, written atomically
when a game is started from the panel. Losing it costs nothing but a few clicks, so a
damaged file is set aside (never deleted, like every file of the player's) and the panel
simply opens with its defaults; the log says what happened.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from diloti_desktop.player_data import storage
from diloti_desktop.rules.errors import DilotiError
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


def load_setup(known_levels: tuple[str, ...]) -> Setup | None:
    """The last setup, or ``None`` (none yet, or unusable); never raises.

    Levels not in ``known_levels`` (an older or newer version's) are left out, so the
    panel keeps its default for those seats.
    """
    path = setup_path()
    try:
        data = storage.read_json_object(path)
        if data is None:
            return None
        if data.get("kind") != _KIND or data.get("version") != _VERSION:
            raise storage.UnreadableFile("", f"kind {data.get('kind')!r}, "
                                             f"version {data.get('version')!r}")
        rules_text, levels = data.get("rules"), data.get("levels")
        if not isinstance(rules_text, str) or not isinstance(levels, dict):
            raise storage.UnreadableFile("", "rules or levels missing")
        try:
            rules = Ruleset.parse(rules_text)
        except DilotiError as error:
            raise storage.UnreadableFile("", str(error)) from error
    except storage.UnreadableFile as error:
        log.warning("%s is unusable (%s); setting it aside", path, error.detail)
        storage.set_aside(path)
        return None
    chosen = {int(seat): level for seat, level in levels.items()
              if seat in ("1", "2", "3") and level in known_levels}
    return Setup(rules, chosen)


def save_setup(setup: Setup) -> None:
    """Remember ``setup`` for the next New game (a failure is only logged)."""
    data = {"kind": _KIND, "version": _VERSION, "rules": setup.rules.notation(),
            "levels": {str(seat): level for seat, level in sorted(setup.levels.items())}}
    try:
        storage.write_json_atomic(setup_path(), data)
    except OSError as error:
        log.warning("could not remember the new game setup: %s", error)
