"""The player's statistics: finished matches, kept per player count and opponent level.

Standard library only (no pygame); the UI draws what :func:`load_stats` returns. Each
finished match with a human seat adds to one :class:`Record`, chosen by the number of
players, the opponents' level and whether the coach helped (undo, hints or the tutor):
helped matches are counted apart, so they never flatter the plain figures.

The file ``stats.json`` in the data folder is versioned (``kind`` and ``version``
fields) and written atomically like every other file of the player's (see
:mod:`diloti_desktop.storage`). A damaged file, or one in a format this version does
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

from diloti_desktop import storage
from diloti_desktop.i18n import _
from diloti_desktop.track import Track, track_from_dict

log = logging.getLogger(__name__)

STATS_FILE: Final = "stats.json"
_KIND: Final = "diloti-desktop statistics"
_VERSION: Final = 1


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
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{field.name} must be a whole number >= 0, got {value!r}")
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
        """This record with one more finished match."""
        streak = self.streak + 1 if result.won else 0
        return Record(
            played=self.played + 1,
            won=self.won + int(result.won),
            rounds=self.rounds + len(result.round_points),
            points=self.points + sum(result.round_points),
            xeris_made=self.xeris_made + result.xeris_made,
            xeris_conceded=self.xeris_conceded + result.xeris_conceded,
            best_round=max(self.best_round, *result.round_points, 0),
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
        """Read a document written by :meth:`to_dict`; raises ``ValueError`` if malformed."""
        if data.get("kind") != _KIND:
            raise ValueError(f"kind is {data.get('kind')!r}")
        if data.get("version") != _VERSION:
            raise ValueError(f"format version {data.get('version')!r}")
        entries = data.get("groups")
        if not isinstance(entries, list):
            raise ValueError("groups is not a list")
        groups: dict[GroupKey, Record] = {}
        names = {field.name for field in fields(Record)}
        for entry in entries:
            if not isinstance(entry, dict):
                raise ValueError("a group is not an object")
            players, opponents = entry.get("players"), entry.get("opponents")
            assisted = entry.get("assisted", False)
            if (players not in (2, 4) or not isinstance(opponents, str) or not opponents
                    or not isinstance(assisted, bool)):
                raise ValueError(f"a group has no valid players/opponents: {entry!r}")
            record = Record(**{k: v for k, v in entry.items() if k in names})
            key = GroupKey(players, opponents, assisted)
            if key in groups:
                raise ValueError(f"the group {key} appears twice")
            groups[key] = record
        return Statistics(groups, track_from_dict(data))


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
        data = storage.read_json_object(path)
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
            ).format(reason=error.reason, path=path)
        return Statistics.empty(), _(
            "Your statistics could not be read ({reason}), so they start again from zero. "
            "The old file was kept as {kept}."
        ).format(reason=error.reason, kept=kept)


def save_stats(statistics: Statistics) -> str | None:
    """Write ``statistics`` atomically; ``None``, or a translated message on failure."""
    path = stats_path()
    try:
        storage.write_json_atomic(path, statistics.to_dict())
    except OSError as error:
        log.warning("could not write %s: %s", path, error)
        return _("Your statistics could not be saved to {path}: {reason}.").format(
            path=path, reason=error.strerror or error)
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
