"""A session's turn policy: when play stops, which legal moves a turn accepts, how a
refusal is worded, what follows a move and whether a move may be taken back.

:class:`~diloti_desktop.controller.session.GameSession` consults its policy at each of
these points of its own flow. A match's policy (:class:`MatchTurns`, the default) adds
nothing to the rules; a lesson's or a puzzle's
(:class:`~diloti_desktop.controller.guided.GuidedTurns`) lets its coach judge the
learner's legal moves, word the rules core's refusals, hold play while a finished step
waits for the next and take a step's moves back. No pygame here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from diloti_desktop.controller import jobs
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position


class TurnPolicy(Protocol):
    """What a session asks of its turn policy."""

    #: Whether the tutor and undo of a match are offered (a lesson judges moves itself).
    offers_coach: bool
    #: Whether a round's end leads to another round (a lesson's next step comes instead).
    deals_rounds: bool

    def holds(self) -> bool:
        """Whether play stops: no human move, no AI move."""
        ...

    def judge(self, position: Position, move: Move) -> str | None:
        """None to accept a legal human move, else the sentence saying why not."""
        ...

    def refusal(self, position: Position, card: int, loose: int, piles: Sequence[int],
                reason: str) -> str:
        """What to say when the rules core refuses a gesture (``reason``, its words)."""
        ...

    def refused(self) -> None:
        """A human's try was refused (by the rules core or by :meth:`judge`)."""
        ...

    def played(self, seat: int, move: Move, after: Position) -> None:
        """A move was played (human or AI)."""
        ...

    def can_take_back(self) -> bool:
        """Whether undo may take moves back where a match's would not."""
        ...

    def taken_back(self) -> None:
        """Moves were taken back."""
        ...

    def update(self) -> None:
        """Once a frame, before the session's own turn: the policy's background work."""
        ...

    def pending(self) -> list[jobs.Pending | None]:
        """The background jobs the policy may be running."""
        ...

    def close(self) -> None:
        """The session is closing: abandon the policy's background work."""
        ...


class MatchTurns:
    """A match's turns: the rules core is the only judge, play never stops, and undo is
    the match's own (against AI seats)."""

    offers_coach = True
    deals_rounds = True

    def holds(self) -> bool:
        """A match never stops between turns."""
        return False

    def judge(self, position: Position, move: Move) -> str | None:
        """Every legal move is accepted."""
        return None

    def refusal(self, position: Position, card: int, loose: int, piles: Sequence[int],
                reason: str) -> str:
        """The rules core's own words."""
        return reason

    def refused(self) -> None:
        """A match keeps no count of refused tries."""

    def played(self, seat: int, move: Move, after: Position) -> None:
        """Nothing to follow beyond the session's own record."""

    def can_take_back(self) -> bool:
        """No undo beyond the match's (see :meth:`GameSession.can_undo`)."""
        return False

    def taken_back(self) -> None:
        """Nothing of the policy's to take back."""

    def update(self) -> None:
        """No background work of its own."""

    def pending(self) -> list[jobs.Pending | None]:
        """No background work of its own."""
        return []

    def close(self) -> None:
        """No background work of its own."""
