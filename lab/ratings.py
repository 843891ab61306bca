"""Ratings for the ladder: a Bradley-Terry model fitted to the match wins of a round
robin, shown as Elo points relative to the first player, with 95% intervals."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from lab.tournament import Z95, Interval


class Rating(NamedTuple):
    """A Bradley-Terry rating in Elo points, relative to the anchor, with its interval."""

    name: str
    elo: Interval
    wins: int
    matches: int


def bradley_terry(names: Sequence[str], games: Iterable[tuple[int, int, int, int]],
                  ) -> list[Rating]:
    """Ratings from (i, j, wins of i, wins of j) records; the first name is the anchor (0).

    Maximum likelihood by Newton's method; the intervals come from the inverse of the
    observed information (a player that never lost or never won gets an open bound).
    """
    count = len(names)
    wins = [[0] * count for _ in range(count)]
    for i, j, wi, wj in games:
        wins[i][j] += wi
        wins[j][i] += wj
    strength = [0.0] * count
    prior = 0.01  # a whisper of a prior keeps unbeaten players finite
    for _ in range(100):
        gradient = [0.0] * count
        hessian = [[0.0] * count for _ in range(count)]
        for i in range(count):
            gradient[i] -= prior * strength[i]
            hessian[i][i] -= prior
            for j in range(count):
                if i == j:
                    continue
                n = wins[i][j] + wins[j][i]
                if not n:
                    continue
                p = 1 / (1 + math.exp(strength[j] - strength[i]))
                gradient[i] += wins[i][j] - n * p
                hessian[i][i] -= n * p * (1 - p)
                hessian[i][j] += n * p * (1 - p)
        free = list(range(1, count))
        step = _solve([[hessian[i][j] for j in free] for i in free], [gradient[i] for i in free])
        for k, i in enumerate(free):
            strength[i] -= step[k]
        strength = [s - strength[0] for s in strength]
        if max((abs(x) for x in step), default=0.0) < 1e-9:
            break
    free = list(range(1, count))
    covariance = inverse([[-hessian[i][j] for j in free] for i in free]) if free else []
    scale = 400 / math.log(10)
    ratings = []
    for i in range(count):
        elo = scale * strength[i]
        half = 0.0 if i == 0 else Z95 * scale * math.sqrt(max(0.0, covariance[i - 1][i - 1]))
        won = sum(wins[i])
        played = won + sum(wins[j][i] for j in range(count))
        ratings.append(Rating(names[i], Interval(elo, elo - half, elo + half), won, played))
    return ratings


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    inverted = inverse(matrix)
    return [sum(row[k] * vector[k] for k in range(len(vector))) for row in inverted]


def inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small square matrix (Gauss-Jordan with partial pivoting); raises
    ZeroDivisionError when it is singular."""
    size = len(matrix)
    work = [[*row, *(1.0 if i == j else 0.0 for j in range(size))]
            for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(work[r][col]))
        work[col], work[pivot] = work[pivot], work[col]
        lead = work[col][col]
        if abs(lead) < 1e-12:
            raise ZeroDivisionError("singular matrix: some player met no other")
        work[col] = [x / lead for x in work[col]]
        for row in range(size):
            if row != col and work[row][col]:
                factor = work[row][col]
                work[row] = [x - factor * y for x, y in zip(work[row], work[col], strict=True)]
    return [row[size:] for row in work]


def ladder_report(ratings: Sequence[Rating]) -> str:
    """The printed ladder table, strongest first."""
    lines = [f"{'player':<14}{'Elo':>8}   95% interval      match wins"]
    for r in sorted(ratings, key=lambda r: -r.elo.estimate):
        lines.append(f"{r.name:<14}{r.elo.estimate:>+8.0f}   [{r.elo.low:+6.0f}, "
                     f"{r.elo.high:+6.0f}]   {r.wins}/{r.matches}")
    return "\n".join(lines)


__all__ = ["Rating", "bradley_terry", "inverse", "ladder_report"]
