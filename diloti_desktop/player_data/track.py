"""The player's progress over time, kept in the statistics file beside the match records:
the rating on the AI ladder's scale with its history, and the accuracy of recent rounds.

Standard library only. :func:`track_from_dict` validates its part of ``stats.json`` on
its own (a malformed entry makes the whole file unreadable, like the match records, so
the file is set aside rather than half trusted).

Only plain matches are rated: a match where hints, undo or a tutor take-back helped is
not rated at all (it counts in :attr:`Track.unrated`), so the rating says what the
player does alone. A match against a level without a shipped rating (the Random player,
a human opponent) is not rated either.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from diloti_desktop.ai.player_rating import (
    Glicko,
    LevelRatings,
    level_ratings,
    match_game,
    start_rating,
    update,
)

#: Rounds whose accuracy is kept (the progress page plots them all).
ROUNDS_KEPT: Final = 100
#: Rated matches kept in the rating's history (the line on the progress page).
HISTORY_KEPT: Final = 500


@dataclass(frozen=True)
class RoundAccuracy:
    """One finished round's accuracy (0 to 100) and whom it was played against."""

    accuracy: float
    opponents: str               #: a level, or levels joined by "+"
    players: int = 2


@dataclass(frozen=True)
class RatingPoint:
    """The rating after one rated match."""

    date: str                    #: ISO date (UTC) of the match
    rating: float
    rd: float
    opponents: str
    won: bool


@dataclass(frozen=True)
class Track:
    """The rating (None before the first rated match), its history and recent rounds."""

    rating: Glicko | None = None
    history: tuple[RatingPoint, ...] = ()
    rounds: tuple[RoundAccuracy, ...] = ()
    unrated: int = 0             #: finished matches not rated because help was used

    def with_match(self, opponents: Sequence[str], partner: str | None, won: bool,
                   assisted: bool, date: str, label: str,
                   ladder: LevelRatings | None = None) -> Track:
        """This track after a finished match against AI ``opponents`` (levels) with an
        AI ``partner`` level in 4 players; unrated when helped or a level has no rating."""
        if assisted:
            return replace(self, unrated=self.unrated + 1)
        ratings = (ladder or level_ratings()).ratings
        if not opponents or any(level not in ratings for level in opponents) or (
                partner is not None and partner not in ratings):
            return self
        current = self.rating or start_rating()
        game = match_game(current, [ratings[level] for level in opponents],
                          None if partner is None else ratings[partner], won)
        rated = update(current, [game])
        point = RatingPoint(date, rated.rating, rated.rd, label, won)
        return replace(self, rating=rated, history=(*self.history, point)[-HISTORY_KEPT:])

    def with_round(self, accuracy: float, opponents: str, players: int) -> Track:
        """This track with one more round's accuracy (the oldest beyond 100 dropped)."""
        entry = RoundAccuracy(accuracy, opponents, players)
        return replace(self, rounds=(*self.rounds, entry)[-ROUNDS_KEPT:])

    def to_dict(self) -> dict[str, Any]:
        """This track's keys of ``stats.json``."""
        rating = None if self.rating is None else {
            "rating": round(self.rating.rating, 2), "rd": round(self.rating.rd, 2),
            "volatility": round(self.rating.volatility, 6)}
        return {
            "rating": rating,
            "unrated": self.unrated,
            "rating_history": [{"date": p.date, "rating": round(p.rating, 2),
                                "rd": round(p.rd, 2), "opponents": p.opponents,
                                "won": p.won} for p in self.history],
            "round_accuracy": [{"accuracy": round(r.accuracy, 2), "opponents": r.opponents,
                                "players": r.players} for r in self.rounds],
        }


def _number(value: object, what: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{what} is not a number: {value!r}")
    number = float(value)
    if not math.isfinite(number) or not low <= number <= high:
        raise ValueError(f"{what} out of range: {value!r}")
    return number


def _label(value: object, what: str) -> str:
    if not isinstance(value, str) or not value or len(value) > 100:
        raise ValueError(f"{what} is not a level name: {value!r}")
    return value


def _entries(data: Mapping[str, Any], key: str, limit: int) -> list[Mapping[str, Any]]:
    entries = data.get(key, [])
    if not isinstance(entries, list) or len(entries) > limit:
        raise ValueError(f"{key} is not a list of at most {limit} entries")
    if not all(isinstance(entry, dict) for entry in entries):
        raise ValueError(f"an entry of {key} is not an object")
    return entries


def track_from_dict(data: Mapping[str, Any]) -> Track:
    """The track in a ``stats.json`` document; an empty one when the keys are absent (a
    file from before they existed). Raises ``ValueError`` on anything malformed."""
    rating: Glicko | None = None
    raw = data.get("rating")
    if raw is not None:
        if not isinstance(raw, dict):
            raise ValueError("rating is not an object")
        rating = Glicko(_number(raw.get("rating"), "rating", -5000, 10000),
                        _number(raw.get("rd"), "rating deviation", 0.1, 1000),
                        _number(raw.get("volatility"), "volatility", 1e-6, 1.0))
    unrated = data.get("unrated", 0)
    if isinstance(unrated, bool) or not isinstance(unrated, int) or unrated < 0:
        raise ValueError(f"unrated is not a whole number >= 0: {unrated!r}")
    history = []
    for entry in _entries(data, "rating_history", HISTORY_KEPT):
        date = entry.get("date")
        if not isinstance(date, str) or len(date) != 10:
            raise ValueError(f"a rating's date is not a date: {date!r}")
        won = entry.get("won")
        if not isinstance(won, bool):
            raise ValueError("a rated match has no result")
        history.append(RatingPoint(date, _number(entry.get("rating"), "rating", -5000, 10000),
                                   _number(entry.get("rd"), "rating deviation", 0.1, 1000),
                                   _label(entry.get("opponents"), "opponents"), won))
    if history and rating is None:
        raise ValueError("a rating history without a rating")
    rounds = []
    for entry in _entries(data, "round_accuracy", ROUNDS_KEPT):
        players = entry.get("players")
        if players not in (2, 4) or isinstance(players, bool):
            raise ValueError(f"a round's players is {players!r}")
        rounds.append(RoundAccuracy(_number(entry.get("accuracy"), "accuracy", 0, 100),
                                    _label(entry.get("opponents"), "opponents"),
                                    int(players)))
    return Track(rating, tuple(history), tuple(rounds), unrated)


__all__ = ["HISTORY_KEPT", "ROUNDS_KEPT", "RatingPoint", "RoundAccuracy", "Track",
           "track_from_dict"]
