"""The session's side of the coach: hints, the tutor's hold-back, undo and assistance.

A mixin of :class:`~diloti_desktop.controller.session.GameSession` (which provides the
position, the history, the event queue and the background-thread mechanism it uses).

:meth:`request_hint` computes a progressive hint (:func:`diloti_desktop.ai.coach.advise`);
with ``tutor`` on, ``GameSession.submit`` first grades a human's move against the best
move of the same view (:func:`diloti_desktop.ai.coach.check`): a move worth a warning is
held back (``TutorWarning``) until the player plays it anyway (``submit(move,
checked=True)``) or takes it back (:meth:`take_back`). Both run on the background thread;
the view's ranking is computed once per human turn and shared, and it is started as soon
as the turn begins while the tutor is on, so a fine move goes through at once.

:meth:`undo` takes back to the human's previous decision of the round (AI replies are
seeded by the view, so they come out the same again). The round is kept as its first
position plus the moves played, which is also what the save file holds
(:meth:`_restore_round`), so undo works after a save and Continue. No undo once the round
is over. What the coach did for the player is counted in ``assistance``; ``assisted`` is
what statistics read.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from diloti_desktop.controller import offload
from diloti_desktop.controller.coach import Analysis, Assistance
from diloti_desktop.controller.events import (
    MovePlayed,
    MoveRejected,
    SessionEvent,
    TutorWarning,
    Undone,
)
from diloti_desktop.controller.narration import describe_turn
from diloti_desktop.controller.seats import GameConfig
from diloti_desktop.i18n import _
from diloti_desktop.rules.engine import apply
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.rules.validate import validate_position
from diloti_desktop.rules.view import seat_view

if TYPE_CHECKING:
    from diloti_desktop.ai.base import Player
    from diloti_desktop.controller.session import _Job

log = logging.getLogger(__name__)


def brief(text: str, limit: int = 120) -> str:
    """``text`` cut to ``limit`` characters (a damaged save may hold a huge field)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class SessionCoach:
    """Hints, tutor and undo for :class:`GameSession`."""

    offers_coach: bool
    config: GameConfig
    position: Position
    round_start: Position
    history: list[MovePlayed]
    last_account: str
    tutor: bool
    assistance: Assistance
    _events: deque[SessionEvent]
    _players: dict[int, Player]
    _ai_job: _Job | None
    _hint_job: _Job | None
    _grade_job: _Job | None
    _warm_job: _Job | None
    _grading: Move | None
    _analysis: Analysis | None

    if TYPE_CHECKING:  # provided by GameSession
        @property
        def players(self) -> int:
            """Number of seats."""
            raise NotImplementedError

        @property
        def human_seat(self) -> int | None:
            """The first human seat."""
            raise NotImplementedError

        def is_human_turn(self) -> bool:
            """Whether a person is to move now."""
            raise NotImplementedError

        def _start(self, position: Position, work: Callable[[], Any]) -> _Job:
            raise NotImplementedError

        def _play(self, move: Move) -> None:
            raise NotImplementedError

    @property
    def assisted(self) -> bool:
        """Whether hints, undo or tutor take-backs were used in this match."""
        return self.assistance.used

    def grading(self) -> bool:
        """Whether the tutor is grading a move (show a "thinking" state)."""
        return self._grading is not None

    def against_ai(self) -> bool:
        """Whether a person plays against AI seats (undo is offered only then)."""
        return self.offers_coach and self.human_seat is not None and bool(self._players)

    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take something back now."""
        return (self.against_ai() and self.position.phase == PLAY
                and self._undo_index() is not None)


    def take_back(self) -> None:
        """The player took back a move the tutor warned about: nothing is played."""
        self.assistance.takebacks += 1

    def note_hint_level(self, level: int) -> None:
        """Remember that a hint step (1 nudge, 2 card, 3 whole move) was shown."""
        if 1 <= level <= 3:
            self.assistance.hint_levels[level - 1] += 1

    def undo(self) -> bool:
        """Take back to the human's previous decision this round (emits Undone)."""
        index = self._undo_index()
        if not self.against_ai() or self.position.phase != PLAY or index is None:
            self._events.append(MoveRejected(_("there is nothing to take back")))
            return False
        target = self.history[index].before
        taken = len(self.history) - index
        del self.history[index:]
        self.position = target
        self.last_account = self.history[-1].account if self.history else ""
        self._ai_job = self._hint_job = self._grade_job = None
        self._grading = None
        self.assistance.undos += 1
        self._events.append(Undone(target, taken))
        return True

    def _undo_index(self) -> int | None:
        """The history index of the human's latest move of the round, if any."""
        human = self.human_seat
        for index in range(len(self.history) - 1, -1, -1):
            if self.history[index].seat == human:
                return index
        return None


    def request_hint(self) -> None:
        """Compute hints for the human's turn in the background (emits HintReady)."""
        if not self.is_human_turn() or self._hint_job is not None:
            return
        analysis = self._current_analysis()

        def work() -> Any:
            from diloti_desktop.ai.coach import advise

            return offload.call(advise, analysis.view, analysis.results())

        self._hint_job = self._start(self.position, work)

    def _current_analysis(self) -> Analysis:
        analysis = self._analysis
        if analysis is None or analysis.position is not self.position:
            analysis = Analysis(self.position, seat_view(self.position, self.position.turn))
            self._analysis = analysis
        return analysis

    def _start_grading(self, move: Move) -> None:
        analysis = self._current_analysis()

        def work() -> Any:
            from diloti_desktop.ai.coach import check

            return offload.call(check, analysis.view, move, analysis.results())

        self._grading = move
        self._grade_job = self._start(self.position, work)


    def _update_tutor(self) -> None:
        """Warm the ranking up when a human turn begins; finish a grade that is done."""
        if (self.tutor and self.is_human_turn() and self._warm_job is None
                and (self._analysis is None or self._analysis.position is not self.position)):
            analysis = self._current_analysis()
            self._warm_job = self._start(self.position, analysis.results)
        warm = self._warm_job
        if warm is not None and (warm.done.is_set() or warm.position is not self.position):
            self._warm_job = None
        job = self._grade_job
        if job is None or not job.done.is_set():
            return
        move, self._grading, self._grade_job = self._grading, None, None
        if move is None or job.position is not self.position:
            return
        if job.error is not None:
            log.error("tutor failed; playing the move unchecked", exc_info=job.error)
            self._play(move)
        elif job.result.warn:
            self.assistance.tutor_warnings += 1
            self._events.append(TutorWarning(move, job.result))
        else:
            self._play(move)

    def wait_for_coach(self, timeout: float = 30.0) -> None:
        """Block until a running hint or grade is done (for tests and benchmarks only)."""
        for job in (self._hint_job, self._grade_job):
            if job is not None:
                job.done.wait(timeout)


    def _restore_round(self, data: dict[str, object]) -> None:
        """Rebuild the round's history from a save (optional fields: older saves and a
        history that does not replay to the saved position leave the history empty)."""
        self.assistance = Assistance.from_dict(data.get("assist"))
        start, moves = data.get("round_start"), data.get("moves")
        if not isinstance(start, str) or not isinstance(moves, list):
            return
        try:
            position = Position.parse(start)
            validate_position(position)
            history = []
            for text in moves:
                if not isinstance(text, str):
                    raise ValueError("a move is not text")
                move = Move.parse(text)
                after, events = apply(position, move)
                history.append(MovePlayed(position.turn, move, tuple(events),
                                          describe_turn(events, self.players), position, after))
                position = after
        except ValueError as error:  # DilotiError and InvalidPositionError included
            log.warning("saved round history ignored: %s", brief(str(error)))
            return
        if position != self.position:
            log.warning("saved round history ignored: it does not lead to the saved position")
            return
        self.round_start = Position.parse(start)
        self.history = history
        self.position = position
        if history:
            self.last_account = history[-1].account
