"""A round's transcript: its first position and every move with its seat, as text.

The text a player can attach to a bug report or send to a teacher, and that
``python -m diloti_desktop.rules replay FILE`` replays move by move::

    # comments start with '#'
    start rules=2p round=1 phase=play dealer=0 turn=1 hands=... stock=... loose=...
    1 s1 7H
    2 s0 6S x 6D 2C 4H ; an annotation (the review's grade), ignored by the replay
    end rules=2p round=1 phase=roundover ...

- ``start``: the position before the round's first card (see :mod:`position`), every
  hand and the stock order included, so the round replays exactly.
- One line per move: its number (1, 2, ...), ``s`` and the seat that played it, the move
  in move notation, then optionally ``;`` and free text.
- ``end`` (optional): the position the moves must reach; :func:`replay` checks it.

Standard library only, like the rest of the rules core.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from diloti_desktop.rules.engine import apply
from diloti_desktop.rules.errors import IllegalMoveError, InvalidNotationError
from diloti_desktop.rules.events import Event
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position


class TranscriptMove(NamedTuple):
    """One move line."""

    seat: int
    move: Move
    note: str = ""


class Transcript(NamedTuple):
    """A parsed transcript."""

    start: Position
    moves: tuple[TranscriptMove, ...]
    end: Position | None = None


def format_transcript(start: Position, moves: Sequence[tuple[int, Move]],
                      notes: Sequence[str] = (), end: Position | None = None,
                      comments: Sequence[str] = ()) -> str:
    """The text of a transcript; ``notes[i]`` (if any) annotates move ``i``."""
    lines = [f"# {line}" if line else "#" for line in comments]
    lines.append(f"start {start.notation()}")
    for index, (seat, move) in enumerate(moves):
        line = f"{index + 1} s{seat} {move.notation()}"
        note = notes[index] if index < len(notes) else ""
        if note:
            line = f"{line} ; {note}"
        lines.append(line)
    if end is not None:
        lines.append(f"end {end.notation()}")
    return "\n".join(lines) + "\n"


def parse_transcript(text: str) -> Transcript:
    """Parse a transcript; raises InvalidNotationError naming the line at fault."""
    start: Position | None = None
    end: Position | None = None
    moves: list[TranscriptMove] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        head, _space, rest = line.partition(" ")
        try:
            if head in ("start", "end"):
                if (start if head == "start" else end) is not None:
                    raise InvalidNotationError(f"a second '{head}' line")
                if head == "end" and start is None:
                    raise InvalidNotationError("'end' before 'start'")
                position = Position.parse(rest)
                if head == "start":
                    start = position
                else:
                    end = position
                continue
            if start is None:
                raise InvalidNotationError("a move before the 'start' line")
            if end is not None:
                raise InvalidNotationError("a move after the 'end' line")
            moves.append(_parse_move_line(line, len(moves) + 1))
        except InvalidNotationError as error:
            raise InvalidNotationError(f"line {number}: {error}") from None
    if start is None:
        raise InvalidNotationError("no 'start' line: not a round transcript")
    return Transcript(start, tuple(moves), end)


def _parse_move_line(line: str, expected: int) -> TranscriptMove:
    body, _semicolon, note = line.partition(";")
    parts = body.split(None, 2)
    if len(parts) < 3 or not parts[1].startswith("s"):
        raise InvalidNotationError(f"expected '<number> s<seat> <move>', got {line!r}")
    if parts[0] != str(expected):
        raise InvalidNotationError(f"move number {parts[0]!r} where {expected} was expected")
    try:
        seat = int(parts[1][1:])
    except ValueError:
        raise InvalidNotationError(f"bad seat {parts[1]!r}") from None
    return TranscriptMove(seat, Move.parse(parts[2]), note.strip())


def replay(transcript: Transcript) -> list[tuple[Position, list[Event]]]:
    """Play every move from the start, checking each (legal, by the seat to move) and the
    end position; returns the position after each move with its events. Raises
    IllegalMoveError naming the move at fault."""
    position = transcript.start
    played: list[tuple[Position, list[Event]]] = []
    for index, entry in enumerate(transcript.moves, start=1):
        if entry.seat != position.turn:
            raise IllegalMoveError(f"move {index}: seat {entry.seat} played but seat "
                                   f"{position.turn} was to play", entry.move.notation(),
                                   position.notation())
        try:
            position, events = apply(position, entry.move)
        except IllegalMoveError as error:
            raise IllegalMoveError(f"move {index}: {error.reason}", error.move,
                                   error.position) from None
        played.append((position, events))
    if transcript.end is not None and transcript.end != position:
        raise IllegalMoveError("the moves do not reach the 'end' position; they reach "
                               f"<{position.notation()}>", "", position.notation())
    return played


__all__ = ["Transcript", "TranscriptMove", "format_transcript", "parse_transcript", "replay"]
