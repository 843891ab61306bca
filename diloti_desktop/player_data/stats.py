"""The player's statistics: finished matches, kept per player count and opponent level.

Standard library only (no pygame); the UI draws what :func:`load_stats` returns. Each
finished match with a human seat adds to one :class:`Record`, chosen by the number of
players, the opponents' level and whether the coach helped (undo, hints or the tutor):
helped matches are counted apart, so they never flatter the plain figures.

The file ``stats.json`` in the data folder is versioned (``kind`` and ``version``
fields) and written atomically like every other file of the player's (see
:mod:`diloti_desktop.player_data.storage`). A damaged file, or one in a format this version does
not know, is set aside as ``stats.json.corrupt-<UTC time>`` (never deleted) and the
statistics start again from zero, with a translated message saying so.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from diloti_desktop.i18n import _
from diloti_desktop.player_data import storage
from diloti_desktop.player_data.files import os_reason, shown_path
from diloti_desktop.player_data.track import Track, track_from_dict

log = logging.getLogger(__name__)

STATS_FILE: Final = "stats.json"
_KIND: Final = "diloti-desktop statistics"
_VERSION: Final = 1
#: A few dozen groups make a few kilobytes; far more is not a file this game wrote.
STATS_MAX_BYTES: Final = 1024 * 1024
#: Bounds of every figure read back: a thousand matches a day for a thousand years fits.
MAX_COUNT: Final = 10**9
#: Groups at most: player counts x level mixes x helped or not stays far below this.
MAX_GROUPS: Final = 1000
#: The longest group name: every level of a four-player table joined by "+".
MAX_OPPONENTS_CHARS: Final = 64


@dataclass(frozen=True, order=True)
class GroupKey:
    """Which matches a record counts: ``opponents`` is a level, or levels joined by "+"."""

    players: int
    opponents: str
    assisted: bool = False


@dataclass(frozen=True)
class Record:
    """The figures of one group of finished matches."""

    played: int = 0
    won: int = 0
    rounds: int = 0
    points: int = 0             #: the player's side's round points, all rounds added
    xeris_made: int = 0
    xeris_conceded: int = 0
    best_round: int = 0         #: the most points the player's side made in one round
    streak: int = 0             #: matches won in a row, up to the latest
    best_streak: int = 0

    def __post_init__(self) -> None:
        for field in fields(self):
            value: object = getattr(self, field.name)
            if (isinstance(value, bool) or not isinstance(value, int)
                    or not 0 <= value <= MAX_COUNT):
                raise ValueError(f"{field.name} must be a whole number from 0 to {MAX_COUNT},"
                                 f" got {str(value)[:40]!r}")
        if self.won > self.played or self.streak > self.best_streak:
            raise ValueError("more matches won than played, or a streak above the best")

    @property
    def win_rate(self) -> float | None:
        """Share of matches won, 0 to 1 (None before the first match)."""
        return self.won / self.played if self.played else None

    @property
    def points_per_round(self) -> float | None:
        """Average round points of the player's side (None before the first round)."""
        return self.points / self.rounds if self.rounds else None

    def with_match(self, result: MatchResult) -> Record:
        """This record with one more finished match (each figure stops at its bound)."""
        streak = min(MAX_COUNT, self.streak + 1) if result.won else 0
        return Record(
            played=min(MAX_COUNT, self.played + 1),
            won=min(MAX_COUNT, self.won + int(result.won)),
            rounds=min(MAX_COUNT, self.rounds + len(result.round_points)),
            points=min(MAX_COUNT, self.points + sum(result.round_points)),
            xeris_made=min(MAX_COUNT, self.xeris_made + result.xeris_made),
            xeris_conceded=min(MAX_COUNT, self.xeris_conceded + result.xeris_conceded),
            best_round=min(MAX_COUNT, max(self.best_round, *result.round_points, 0)),
            streak=streak,
            best_streak=max(self.best_streak, streak),
        )


@dataclass(frozen=True)
class MatchResult:
    """A finished match seen from the human's side."""

    players: int
    opponents: str
    won: bool
    round_points: tuple[int, ...]     #: the human side's points in each round
    xeris_made: int
    xeris_conceded: int
    assisted: bool = False
    #: The AI opponents' levels and the AI partner's (4 players), for the rating.
    opponent_levels: tuple[str, ...] = ()
    partner_level: str | None = None
    date: str = dataclasses.field(default_factory=lambda: datetime.now(UTC).date().isoformat())

    @property
    def key(self) -> GroupKey:
        """The group this match counts in."""
        return GroupKey(self.players, self.opponents, self.assisted)


def opponents_label(levels: Sequence[str], ladder: Sequence[str] = ()) -> str:
    """The opponents' levels as a group name: "Expert", or "Casual+Expert" when mixed.

    Levels are ordered by ``ladder`` (weakest first) when given, else alphabetically.
    """
    distinct = set(levels)
    order = {level: index for index, level in enumerate(ladder)}
    return "+".join(sorted(distinct, key=lambda level: (order.get(level, len(order)), level)))


@dataclass(frozen=True)
class Statistics:
    """Every group's record, and the player's rating and recent rounds (:mod:`track`)."""

    groups: Mapping[GroupKey, Record]
    track: Track = dataclasses.field(default_factory=Track)

    @staticmethod
    def empty() -> Statistics:
        """No matches yet."""
        return Statistics({})

    def with_match(self, result: MatchResult) -> Statistics:
        """These statistics with one more finished match."""
        groups = dict(self.groups)
        groups[result.key] = groups.get(result.key, Record()).with_match(result)
        return Statistics(groups, self.track.with_match(
            result.opponent_levels, result.partner_level, result.won, result.assisted,
            result.date, result.opponents))

    def with_round(self, accuracy: float, opponents: str, players: int) -> Statistics:
        """These statistics with one more round's accuracy (for the progress page)."""
        return Statistics(self.groups, self.track.with_round(accuracy, opponents, players))

    def rows(self, ladder: Sequence[str] = ()) -> list[tuple[GroupKey, Record]]:
        """The groups in reading order: by players, opponents' strength, plain before helped."""
        order = {level: index for index, level in enumerate(ladder)}

        def strength(key: GroupKey) -> tuple[int, int, str, bool]:
            first = key.opponents.split("+")[0]
            return (key.players, order.get(first, len(order)), key.opponents, key.assisted)

        return sorted(self.groups.items(), key=lambda item: strength(item[0]))

    def to_dict(self) -> dict[str, Any]:
        """The JSON document written to ``stats.json``."""
        groups = [{**asdict(key), **asdict(record)} for key, record in sorted(self.groups.items())]
        return {"kind": _KIND, "version": _VERSION, "groups": groups, **self.track.to_dict()}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Statistics:
        """Read a document written by :meth:`to_dict`; raises ``ValueError`` if malformed.

        Every field group has its own check (:func:`_check_envelope`, :func:`_group_key`,
        :func:`_group_record`), each bounding its numbers and strings; a new group of
        fields adds its own function here.
        """
        _check_envelope(data)
        entries = data["groups"]
        groups: dict[GroupKey, Record] = {}
        for entry in entries:
            if not isinstance(entry, dict):
                raise ValueError("a group is not an object")
            key = _group_key(entry)
            if key in groups:
                raise ValueError(f"the group {key} appears twice")
            groups[key] = _group_record(entry)
        return Statistics(groups, track_from_dict(data))


def _check_envelope(data: Mapping[str, Any]) -> None:
    """The document's kind, version, and a list of at most :data:`MAX_GROUPS` groups."""
    if data.get("kind") != _KIND:
        raise ValueError(f"kind is {str(data.get('kind'))[:40]!r}")
    if data.get("version") != _VERSION:
        raise ValueError(f"format version {str(data.get('version'))[:40]!r}")
    entries = data.get("groups")
    if not isinstance(entries, list):
        raise ValueError("groups is not a list")
    if len(entries) > MAX_GROUPS:
        raise ValueError(f"{len(entries)} groups, more than {MAX_GROUPS}")


def _group_key(entry: Mapping[str, Any]) -> GroupKey:
    """Which matches a group counts: 2 or 4 players, a short printable level name."""
    players, opponents = entry.get("players"), entry.get("opponents")
    assisted = entry.get("assisted", False)
    if (type(players) is not int or players not in (2, 4) or not isinstance(opponents, str)
            or not 0 < len(opponents) <= MAX_OPPONENTS_CHARS or not opponents.isprintable()
            or not isinstance(assisted, bool)):
        raise ValueError(f"a group has no valid players/opponents: {str(entry)[:80]}")
    return GroupKey(players, opponents, assisted)


def _group_record(entry: Mapping[str, Any]) -> Record:
    """A group's figures (bounded by :class:`Record` itself); unknown fields are ignored."""
    names = {field.name for field in fields(Record)}
    return Record(**{k: v for k, v in entry.items() if k in names})


def stats_path() -> Path:
    """Where the statistics live."""
    return storage.user_data_dir() / STATS_FILE


def load_stats() -> tuple[Statistics, str | None]:
    """The saved statistics, or empty ones; never raises.

    Returns ``(statistics, message)``; ``message`` is a translated note when a damaged
    file was set aside, else ``None``.
    """
    path = stats_path()
    try:
        data = storage.read_json_object(path, STATS_MAX_BYTES)
        if data is None:
            return Statistics.empty(), None
        try:
            return Statistics.from_dict(data), None
        except ValueError as error:
            raise storage.UnreadableFile(
                _("the file does not hold statistics this version can read"), str(error)
            ) from error
    except storage.UnreadableFile as error:
        log.warning("%s is unusable (%s); setting it aside", path, error.detail)
        kept = storage.set_aside(path)
        if kept is None:
            return Statistics.empty(), _(
                "Your statistics could not be read ({reason}), and the file {path} could "
                "not be moved aside."
            ).format(reason=error.reason, path=shown_path(path))
        return Statistics.empty(), _(
            "Your statistics could not be read ({reason}), so they start again from zero. "
            "The old file was kept as {kept}."
        ).format(reason=error.reason, kept=shown_path(kept))


def save_stats(statistics: Statistics) -> str | None:
    """Write ``statistics`` atomically; ``None``, or a translated message on failure."""
    path = stats_path()
    try:
        storage.write_json_atomic(path, statistics.to_dict())
    except OSError as error:
        log.warning("could not write %s: %s", path, error)
        return _("Your statistics could not be saved to {path}: {reason}.").format(
            path=shown_path(path), reason=os_reason(error))
    return None


def record_match(result: MatchResult) -> tuple[Statistics, list[str]]:
    """Add a finished match to the saved statistics; returns them and any messages."""
    statistics, message = load_stats()
    statistics = statistics.with_match(result)
    messages = [m for m in (message, save_stats(statistics)) if m]
    return statistics, messages


def record_round(accuracy: float, opponents: str, players: int) -> list[str]:
    """Add a graded round's accuracy to the saved statistics; returns any messages."""
    statistics, message = load_stats()
    statistics = statistics.with_round(accuracy, opponents, players)
    return [m for m in (message, save_stats(statistics)) if m]


def reset_stats() -> str | None:
    """Start the statistics again from zero (the player confirmed it)."""
    return save_stats(Statistics.empty())


__all__ = ["GroupKey", "MatchResult", "Record", "Statistics", "load_stats",
           "opponents_label", "record_match", "record_round", "reset_stats", "save_stats",
           "stats_path"]
