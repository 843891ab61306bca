"""The events a game session emits (the UI drains them with ``GameSession.poll``).

Typed, frozen values: the UI turns them into animation, sound and the coach's panels.
The coach's events carry the AI's own result types (:mod:`diloti_desktop.ai.coach`), so
the UI reads them as they are. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass

from diloti_desktop.ai.coach import Advice, Option, TutorCheck
from diloti_desktop.rules.events import Event
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.scoring import SideScore


@dataclass(frozen=True)
class MovePlayed:
    """A move was played; ``events`` are the rules events it caused, ``account`` the line."""

    seat: int
    move: Move
    events: tuple[Event, ...]
    account: str
    before: Position
    after: Position


@dataclass(frozen=True)
class MoveRejected:
    """A human's move or gesture was refused; ``reason`` is the rules core's sentence."""

    reason: str


@dataclass(frozen=True)
class RoundBegan:
    """A round was dealt; ``position`` is the round's first position (before any move)."""

    round_no: int
    events: tuple[Event, ...]
    position: Position | None = None


@dataclass(frozen=True)
class RoundOver:
    """The round was scored (the match may be over too: see ``winner``)."""

    round_no: int
    breakdown: tuple[SideScore, SideScore]
    scores: tuple[int, int]
    winner: int
    account: str


@dataclass(frozen=True)
class AIThinking:
    """An AI seat started to think."""

    seat: int


@dataclass(frozen=True)
class HintReady:
    """Hints for the human's turn: ``advice`` is the coach's :class:`Advice` (the best
    move, two alternatives, the nudge; None when there is no move to advise); ``hints``
    its options, best first."""

    position: Position
    hints: tuple[Option, ...]
    advice: Advice | None = None


@dataclass(frozen=True)
class TutorWarning:
    """The tutor held back a human's move: ``check`` is the coach's :class:`TutorCheck`."""

    move: Move
    check: TutorCheck


@dataclass(frozen=True)
class Undone:
    """Moves were taken back; ``position`` is the position now (a human's decision)."""

    position: Position
    moves: int


@dataclass(frozen=True)
class HintUnavailable:
    """A requested hint could not be computed (the reason is in the log)."""

    position: Position


SessionEvent = (MovePlayed | MoveRejected | RoundBegan | RoundOver | AIThinking | HintReady
                | HintUnavailable | TutorWarning | Undone)
