"""The record of a round: its first position and every move with its seat.

The session keeps one :class:`PlayedRound` per round (the finished ones and the one in
play) and saves them with the game; the review replays a record on the table and grades
its decisions. :func:`export_text` writes a record as a round transcript (the rules
core's text format, :mod:`diloti_desktop.rules.transcript`) with the review's grades as
annotations, which ``python -m diloti_desktop.rules replay FILE`` replays and
:func:`import_text` reads back.

A grade annotation reads ``; <verdict> <points lost> [<better move>]``, e.g.
``; mistake 2.30 6S x 6D 2C 4H``: the verdict word (best, good, inaccuracy, mistake,
blunder, or forced), the points per round the move lost on average against the best
move of the player's view, and that better move when another move was better.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from diloti_desktop.ai.hints import Verdict
from diloti_desktop.ai.review import Decision
from diloti_desktop.controller.seats import GameConfig, seat_name
from diloti_desktop.i18n import _
from diloti_desktop.rules.engine import apply
from diloti_desktop.rules.errors import DilotiError, InvalidNotationError
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.transcript import format_transcript, parse_transcript, replay

FORCED = "forced"


@dataclass(frozen=True)
class PlayedRound:
    """A round as played so far: ``start`` (before the first card) and the moves."""

    start: Position
    moves: tuple[tuple[int, Move], ...] = ()

    @property
    def round_no(self) -> int:
        """The round's number in the match."""
        return self.start.round_no

    def played(self, seat: int, move: Move) -> PlayedRound:
        """This record with one more move."""
        return PlayedRound(self.start, (*self.moves, (seat, move)))

    def positions(self) -> list[Position]:
        """Every position of the round: before each move, then after the last one.

        Raises a DilotiError (a ValueError) if a move is not legal where it was recorded.
        """
        positions = [self.start]
        for seat, move in self.moves:
            if positions[-1].turn != seat:
                raise InvalidNotationError(f"seat {seat} recorded out of turn")
            positions.append(apply(positions[-1], move)[0])
        return positions

    def plies_of(self, seats: set[int] | frozenset[int]) -> list[int]:
        """The indexes of the moves played by ``seats``."""
        return [i for i, (seat, _move) in enumerate(self.moves) if seat in seats]

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (for the save file)."""
        return {"start": self.start.notation(),
                "moves": [f"s{seat} {move.notation()}" for seat, move in self.moves]}

    @staticmethod
    def from_dict(data: object) -> PlayedRound:
        """Inverse of :meth:`to_dict`; checks that the moves replay. Raises ValueError."""
        if not isinstance(data, dict):
            raise ValueError("malformed round record")
        start, moves = data.get("start"), data.get("moves")
        if not isinstance(start, str) or not isinstance(moves, list) or not all(
                isinstance(m, str) for m in moves):
            raise ValueError("malformed round record")
        try:
            parsed = []
            for text in moves:
                seat_text, _space, move_text = text.partition(" ")
                if not seat_text.startswith("s") or not seat_text[1:].isdigit():
                    raise InvalidNotationError(f"bad recorded move {text!r}")
                parsed.append((int(seat_text[1:]), Move.parse(move_text)))
            record = PlayedRound(Position.parse(start), tuple(parsed))
            record.positions()
        except DilotiError as error:
            raise ValueError(f"round record does not replay: {error}") from error
        return record


class GradeNote(NamedTuple):
    """A grade read back from an exported record."""

    verdict: str                #: a Verdict value, or "forced"
    loss: float
    better: Move | None


def grade_note(decision: Decision) -> str:
    """The annotation of a graded move (module docs)."""
    if decision.forced:
        return f"{FORCED} 0.00"
    note = f"{decision.verdict.value} {decision.loss:.2f}"
    if not decision.was_best:
        note = f"{note} {decision.best.notation()}"
    return note


def parse_grade_note(note: str) -> GradeNote | None:
    """The grade in an annotation, or None when it holds none."""
    parts = note.split(None, 2)
    words = {v.value for v in Verdict} | {FORCED}
    if len(parts) < 2 or parts[0] not in words:
        return None
    try:
        loss = float(parts[1])
        better = Move.parse(parts[2]) if len(parts) == 3 else None
    except (ValueError, DilotiError):
        return None
    return GradeNote(parts[0], loss, better)


def export_text(record: PlayedRound, config: GameConfig,
                decisions: Mapping[int, Decision] | None = None) -> str:
    """A record as a round transcript with its grades, for a bug report or a teacher."""
    decisions = decisions or {}
    players = config.rules.players
    positions = record.positions()
    seats = ", ".join(
        _("seat {seat}: {name} ({player})").format(
            seat=seat, name=seat_name(seat, players),
            player=_("human") if config.is_human(seat) else config.seats[seat])
        for seat in range(players))
    comments = [
        _("Diloti Desktop: round {number} of a match (seed {seed})").format(
            number=record.round_no, seed=config.seed),
        seats,
        _("Replay it with: python -m diloti_desktop.rules replay FILE"),
        _("After ';': the grade, the points lost against the best move, and the better "
          "move (from the player's view at the time)."),
    ]
    notes = [grade_note(decisions[i]) if i in decisions else "" for i in
             range(len(record.moves))]
    return format_transcript(record.start, list(record.moves), notes, end=positions[-1],
                             comments=comments)


def import_text(text: str) -> tuple[PlayedRound, dict[int, GradeNote]]:
    """Read an exported record back (checking that it replays) with its grades.

    Raises a DilotiError (a ValueError) naming the line or move at fault.
    """
    transcript = parse_transcript(text)
    replay(transcript)
    record = PlayedRound(transcript.start, tuple((m.seat, m.move) for m in transcript.moves))
    grades = {}
    for index, entry in enumerate(transcript.moves):
        note = parse_grade_note(entry.note)
        if note is not None:
            grades[index] = note
    return record, grades

