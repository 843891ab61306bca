"""Match win probability from the scores, for play near the target.

Far from the target every point is worth the same, and the search maximises the point
difference. Near it, 10 points that reach 61 are worth far more than 10 points that leave
the match open, so the Master maximises its chance of winning the match instead:
:func:`win_probability` solves the rest of the match as a chain of independent rounds
whose outcomes follow :data:`ROUND_OUTCOMES`, the distribution of (points of one side,
points of the other) measured in Expert self-play (see docs/ai-strength.md).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Final

from diloti_desktop.rules.position import Position

#: Rounds of Expert self-play by outcome: (side A's card points and majority, A's xeris,
#: side B's card points and majority, B's xeris, how many rounds ended so). Recorded with
#: ``python -m lab rounds Expert --rounds 1000 --seed 11`` (1000 rounds).
ROUND_OUTCOMES: Final[tuple[tuple[int, int, int, int, int], ...]] = (
    (0, 0, 7, 0, 2), (0, 0, 11, 0, 16), (0, 1, 11, 0, 4), (0, 2, 11, 0, 1),
    (1, 0, 6, 0, 1), (1, 0, 6, 2, 1), (1, 0, 10, 0, 44), (1, 0, 10, 1, 6),
    (1, 0, 10, 2, 2), (1, 1, 6, 0, 2), (1, 1, 10, 0, 8), (1, 1, 10, 1, 1),
    (1, 2, 6, 0, 1), (2, 0, 5, 0, 10), (2, 0, 9, 0, 74), (2, 0, 9, 1, 4),
    (2, 0, 9, 2, 1), (2, 1, 5, 0, 3), (2, 1, 9, 0, 8), (2, 1, 9, 1, 1),
    (2, 2, 9, 0, 3), (2, 4, 5, 1, 1), (3, 0, 4, 0, 8), (3, 0, 8, 0, 91),
    (3, 0, 8, 1, 13), (3, 0, 8, 2, 1), (3, 1, 4, 0, 1), (3, 1, 8, 0, 23),
    (3, 1, 8, 1, 5), (3, 1, 8, 2, 1), (3, 1, 8, 3, 1), (3, 2, 8, 0, 2),
    (4, 0, 3, 0, 12), (4, 0, 3, 2, 1), (4, 0, 7, 0, 64), (4, 0, 7, 1, 8),
    (4, 0, 7, 2, 2), (4, 1, 3, 0, 4), (4, 1, 7, 0, 8), (4, 1, 7, 4, 1),
    (4, 2, 7, 0, 3), (4, 2, 7, 2, 1), (5, 0, 2, 0, 12), (5, 0, 2, 1, 4),
    (5, 0, 2, 2, 1), (5, 0, 6, 0, 65), (5, 0, 6, 1, 4), (5, 0, 6, 2, 2),
    (5, 1, 6, 0, 8), (5, 1, 6, 2, 1), (5, 2, 6, 0, 1), (5, 3, 2, 0, 1),
    (6, 0, 1, 0, 4), (6, 0, 1, 1, 2), (6, 0, 5, 0, 50), (6, 0, 5, 1, 2),
    (6, 0, 5, 2, 1), (6, 1, 5, 0, 9), (6, 1, 5, 1, 1), (6, 2, 5, 0, 1),
    (6, 2, 5, 1, 1), (7, 0, 0, 0, 1), (7, 0, 0, 2, 1), (7, 0, 4, 0, 69),
    (7, 0, 4, 1, 7), (7, 1, 4, 0, 8), (7, 1, 4, 1, 2), (7, 2, 4, 0, 1),
    (7, 3, 4, 0, 1), (8, 0, 3, 0, 69), (8, 0, 3, 1, 4), (8, 1, 3, 0, 9),
    (8, 1, 3, 1, 2), (8, 2, 3, 0, 2), (9, 0, 2, 0, 90), (9, 0, 2, 1, 10),
    (9, 0, 2, 2, 1), (9, 1, 2, 0, 15), (9, 1, 2, 1, 1), (10, 0, 1, 0, 62),
    (10, 0, 1, 1, 1), (10, 1, 1, 0, 2), (10, 1, 1, 1, 2), (11, 0, 0, 0, 18),
    (11, 0, 0, 1, 3), (11, 1, 0, 0, 3), (11, 2, 0, 0, 1), (11, 5, 0, 0, 1),
)

#: Use the match utility when a side could reach the target within this many points.
NEAR_TARGET: Final = 40


def outcome_weights(xeri_points: int) -> list[tuple[int, int, float]]:
    """(points of one side, points of the other, probability) of a round, made symmetric
    (a round is as likely to go one way as the other)."""
    total = sum(row[4] for row in ROUND_OUTCOMES)
    merged: dict[tuple[int, int], float] = {}
    for base_a, xeris_a, base_b, xeris_b, count in ROUND_OUTCOMES:
        a = base_a + xeri_points * xeris_a
        b = base_b + xeri_points * xeris_b
        weight = count / total / 2
        merged[(a, b)] = merged.get((a, b), 0.0) + weight
        merged[(b, a)] = merged.get((b, a), 0.0) + weight
    return [(a, b, w) for (a, b), w in sorted(merged.items())]


@lru_cache(maxsize=8)
def _table(target: int, xeri_points: int) -> tuple[tuple[float, ...], ...]:
    """``table[a][b]``: chance that the side with ``a`` points beats the one with ``b``
    (both below ``target``), with the next round still to play."""
    weights = outcome_weights(xeri_points)
    moving = [(a, b, w) for a, b, w in weights if a or b]
    stall = sum(w for a, b, w in weights if not a and not b)  # a round nobody scored in
    table = [[0.0] * target for _ in range(target)]
    for a in range(target - 1, -1, -1):
        row = table[a]
        for b in range(target - 1, -1, -1):
            value = 0.0
            for x, y, weight in moving:
                value += weight * _after(table, a + x, b + y, target)
            row[b] = value / (1.0 - stall) if stall < 1.0 else 0.5
    return tuple(tuple(row) for row in table)


def _after(table: list[list[float]], a: int, b: int, target: int) -> float:
    if a >= target or b >= target:
        if a == b:
            return 0.5  # a tie above the target: play on, an even chance by symmetry
        return 1.0 if a > b else 0.0
    return table[a][b]


def win_probability(ours: int, theirs: int, target: int, xeri_points: int = 10) -> float:
    """Chance that the side with ``ours`` points wins the match, between rounds."""
    if ours >= target or theirs >= target:
        if ours == theirs:
            return 0.5
        return 1.0 if ours > theirs else 0.0
    return _table(target, xeri_points)[ours][theirs]


def round_utility(position: Position, seat: int) -> Callable[[int, int], float] | None:
    """What to maximise at the end of this round, given the match scores, for ``seat``'s
    side: 100 x the match win probability near the target, None (points) elsewhere.

    Returned utilities take the round points (ours, theirs).
    """
    rules = position.rules
    side = seat & 1
    ours, theirs = position.scores[side], position.scores[1 - side]
    if max(ours, theirs) + NEAR_TARGET < rules.target:
        return None
    target, xeri = rules.target, rules.xeri_points

    def utility(round_ours: int, round_theirs: int) -> float:
        return 100.0 * win_probability(ours + round_ours, theirs + round_theirs, target, xeri)

    return utility
