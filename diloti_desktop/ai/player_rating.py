"""The player's rating on the AI ladder's scale (Glicko-2), and the next opponent suggested.

The levels' ratings are fixed: measured by the ladder command (a Bradley-Terry fit of a
round robin, in Elo points above the Random player) and shipped as data
(``data/level_ratings.json``, with the date and the command that produced them). A
player starts uncertain (:data:`START`) and every finished match against AI seats is one
Glicko-2 rating period with one game (Glickman, "Example of the Glicko-2 system", 2013):
a win scores 1, a loss 0. A level is a fixed program, so its rating is taken as exact
(deviation 0) and only the player's deviation shrinks. A 4-player match counts the
partnership's average: the human and the AI partner against the two opponents' average,
so the player's share of the difference is half.

Standard library only; the statistics file keeps the player's :class:`Glicko`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Final

from diloti_desktop.ai.players import LEVELS

#: Glicko-2's scale factor between the rating scale and its internal one.
SCALE: Final = 400 / math.log(10)
#: The system constant: how much the volatility may change in one period (Glickman
#: suggests 0.3 to 1.2; a small value suits a player whose strength moves slowly).
TAU: Final = 0.5
#: Expected match score the suggested opponent should give the player: a bit more than
#: half, so the next match is winnable and still teaches something.
TARGET_SCORE: Final = 0.55
RATINGS_FILE: Final = "data/level_ratings.json"
_KIND: Final = "diloti-desktop level ratings"


@dataclass(frozen=True)
class Glicko:
    """A Glicko-2 rating on the ladder's scale: rating, deviation (RD) and volatility."""

    rating: float
    rd: float
    volatility: float = 0.06

    def interval(self) -> tuple[float, float]:
        """The 95% interval of the rating."""
        return self.rating - 1.96 * self.rd, self.rating + 1.96 * self.rd


@dataclass(frozen=True)
class LevelRatings:
    """The shipped ratings of the AI levels, and where they come from."""

    ratings: Mapping[str, float]
    date: str
    command: str

    def ordered(self) -> list[tuple[str, float]]:
        """The levels weakest first."""
        return sorted(self.ratings.items(), key=lambda item: item[1])


def expected_score(rating: float, opponent: float, opponent_rd: float = 0.0) -> float:
    """Glicko-2's expected score of ``rating`` against ``opponent`` (0 to 1)."""
    mu, mu_j = rating / SCALE, opponent / SCALE
    return 1 / (1 + math.exp(-_g(opponent_rd / SCALE) * (mu - mu_j)))


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)


def update(player: Glicko, games: Sequence[tuple[float, float, float]],
           tau: float = TAU) -> Glicko:
    """The player's rating after one rating period of ``games``: (opponent's rating,
    opponent's RD, score 0 to 1) each, all on the rating scale (Glickman's steps 2-8).
    With no game only the deviation grows, as the paper says."""
    mu, phi, sigma = player.rating / SCALE, player.rd / SCALE, player.volatility
    if not games:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Glicko(player.rating, phi_star * SCALE, sigma)
    inv_v = 0.0
    gain = 0.0
    for rating_j, rd_j, score in games:
        g = _g(rd_j / SCALE)
        expected = 1 / (1 + math.exp(-g * (mu - rating_j / SCALE)))
        inv_v += g * g * expected * (1 - expected)
        gain += g * (score - expected)
    v = 1 / inv_v
    delta = v * gain
    sigma_new = _volatility(delta, phi, v, sigma, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * gain
    return Glicko(mu_new * SCALE, phi_new * SCALE, sigma_new)


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        d = phi * phi + v + ex
        return ex * (delta * delta - d) / (2 * d * d) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(100):
        if abs(big_b - big_a) <= 1e-6:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def match_game(player: Glicko, opponents: Sequence[float], partner: float | None = None,
               won: bool = False) -> tuple[float, float, float]:
    """One finished match as a Glicko game: (the opponent's effective rating, 0, score).

    Against one opponent that is its rating. With an AI partner (4 players) the
    partnership's average meets the opponents' average: the expected score depends on
    (player + partner) / 2 - opponents, which is the same as the player alone against
    an opponent rated ``opponents + (player - partner) / 2``."""
    opponent = sum(opponents) / len(opponents)
    if partner is not None:
        opponent += (player.rating - partner) / 2
    return opponent, 0.0, 1.0 if won else 0.0


def suggest(player: Glicko, levels: LevelRatings, target: float = TARGET_SCORE) -> str:
    """The level whose expected match score for the player is closest to ``target``."""
    return min(levels.ordered(),
               key=lambda item: abs(expected_score(player.rating, item[1]) - target))[0]


def parse_level_ratings(data: Mapping[str, Any], levels: Sequence[str]) -> LevelRatings:
    """The ratings document (see :func:`level_ratings`); raises ValueError when it is
    not one, or misses one of ``levels``."""
    if data.get("kind") != _KIND:
        raise ValueError(f"kind is {data.get('kind')!r}")
    date, command, entries = data.get("date"), data.get("command"), data.get("levels")
    if not isinstance(date, str) or not isinstance(command, str) or not command:
        raise ValueError("date or command missing")
    if not isinstance(entries, dict):
        raise ValueError("levels is not an object")
    ratings: dict[str, float] = {}
    for name, value in entries.items():
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(
                value):
            raise ValueError(f"the rating of {name!r} is not a number")
        ratings[str(name)] = float(value)
    missing = [level for level in levels if level not in ratings]
    if missing:
        raise ValueError(f"no rating for {', '.join(missing)}")
    return LevelRatings({level: ratings[level] for level in levels}, date, command)


@lru_cache(maxsize=1)
def level_ratings() -> LevelRatings:
    """The shipped ratings of the game's levels (read once)."""
    text = (resources.files("diloti_desktop") / RATINGS_FILE).read_text("utf-8")
    return parse_level_ratings(json.loads(text), LEVELS)


def ratings_document(ratings: Mapping[str, float], date: str, command: str) -> dict[str, Any]:
    """The document :func:`level_ratings` reads (written by the ladder command)."""
    ordered = dict(sorted(((k, round(v)) for k, v in ratings.items()), key=lambda kv: kv[1]))
    return {"kind": _KIND, "date": date, "command": command,
            "scale": "Elo points above the Random player (Bradley-Terry on match wins)",
            "levels": ordered}


def start_rating() -> Glicko:
    """A new player's rating: between the two weakest levels, and very uncertain."""
    ordered = level_ratings().ordered()
    middle = (ordered[0][1] + ordered[1][1]) / 2 if len(ordered) > 1 else ordered[0][1]
    return Glicko(middle, START_RD)


#: A new player's deviation (Glicko's usual 350): the first matches move it a lot.
START_RD: Final = 350.0

__all__ = ["RATINGS_FILE", "SCALE", "START_RD", "TARGET_SCORE", "TAU", "Glicko",
           "LevelRatings", "expected_score", "level_ratings", "match_game",
           "parse_level_ratings", "ratings_document", "start_rating", "suggest", "update"]
