"""The score sheet of a match: every finished round's breakdown and the running totals.

The session appends one :class:`RoundRecord` per scored round and keeps the list in the
save file, so a continued match still shows its earlier rounds. Reading a saved list
never raises: a damaged entry ends the list there (what came before is kept).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import NamedTuple

from diloti_desktop.rules.scoring import SideScore

log = logging.getLogger(__name__)


class RoundRecord(NamedTuple):
    """One scored round: each side's breakdown and the match scores after it."""

    round_no: int
    breakdown: tuple[SideScore, SideScore]
    scores: tuple[int, int]


def rounds_to_data(rounds: Sequence[RoundRecord]) -> list[dict[str, object]]:
    """JSON-ready form of the score sheet (for the save file)."""
    return [{"round": r.round_no, "sides": [list(side) for side in r.breakdown],
             "scores": list(r.scores)} for r in rounds]


def _ints(value: object, count: int) -> tuple[int, ...] | None:
    if (isinstance(value, list) and len(value) == count
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)):
        return tuple(value)
    return None


def rounds_from_data(data: object) -> list[RoundRecord]:
    """The score sheet saved by :func:`rounds_to_data`; stops at the first damaged entry."""
    records: list[RoundRecord] = []
    if data is None:
        return records
    if not isinstance(data, list):
        log.warning("the saved score sheet is not a list; it is left out")
        return records
    width = len(SideScore._fields)
    for entry in data:
        sides = entry.get("sides") if isinstance(entry, dict) else None
        round_no = entry.get("round") if isinstance(entry, dict) else None
        scores = _ints(entry.get("scores"), 2) if isinstance(entry, dict) else None
        parsed = [_ints(side, width) for side in sides] if isinstance(sides, list) else []
        if (not isinstance(round_no, int) or scores is None or len(parsed) != 2
                or any(side is None for side in parsed)):
            log.warning("the saved score sheet is damaged after %d rounds", len(records))
            break
        a, b = (SideScore(*side) for side in parsed if side is not None)
        records.append(RoundRecord(round_no, (a, b), (scores[0], scores[1])))
    return records
