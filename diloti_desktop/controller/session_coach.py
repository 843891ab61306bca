"""The session's coach: hints, the tutor's hold-back and the record of assistance.

A :class:`SessionCoach` belongs to one :class:`~diloti_desktop.controller.session.
GameSession`, which calls it with the position in play and hands it a way to emit events;
the coach never changes the game itself. When the tutor's grade says a held move is fine,
:meth:`SessionCoach.update` returns it and the session plays it.

:meth:`~SessionCoach.request_hint` computes a progressive hint
(:func:`diloti_desktop.ai.coach.advise`); with the tutor on, the session first has a
human's move graded against the best move of the same view (:meth:`~SessionCoach.grade`,
:func:`diloti_desktop.ai.coach.check`): a move worth a warning is held back
(``TutorWarning``) until the player plays it anyway (``submit(move, checked=True)``) or
takes it back (:meth:`~SessionCoach.take_back`). Both run in the background
(:mod:`~diloti_desktop.controller.jobs`); the view's ranking is computed once per human
turn and shared, and it is started as soon as the turn begins while the tutor is on, so a
fine move goes through at once. What the coach did for the player is counted in
``assistance``, which statistics read.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from diloti_desktop.ai.coach import Advice, TutorCheck, advise, check
from diloti_desktop.ai.review import Decision, decision_from_ranking, grade_decision
from diloti_desktop.ai.search import MoveValue
from diloti_desktop.controller import jobs, offload
from diloti_desktop.controller.analysis import RoundAnalysis
from diloti_desktop.controller.coach import Analysis, Assistance
from diloti_desktop.controller.events import HintReady, HintUnavailable, SessionEvent, TutorWarning
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.view import seat_view

log = logging.getLogger(__name__)


class SessionCoach:
    """Hints, the tutor's grading and the assistance count of one session."""

    def __init__(self, emit: Callable[[SessionEvent], None]) -> None:
        self._emit = emit
        #: How much the coach helped in this match (saved with the game).
        self.assistance = Assistance()
        self._hint: jobs.Job[Advice | None] | None = None
        self._grade: jobs.Job[TutorCheck] | None = None
        self._warm: jobs.Job[list[MoveValue]] | None = None
        self._grading: Move | None = None
        self._analysis: Analysis | None = None
        self._verdicts: list[jobs.Job[Decision | None]] = []
        #: Set when the session closes: work in worker processes is abandoned.
        self._cancel = offload.Cancel()

    # -- queries ---------------------------------------------------------------------------
    def grading(self) -> bool:
        """Whether the tutor is grading a move (show a "thinking" state)."""
        return self._grading is not None

    def warming(self) -> bool:
        """Whether the turn's ranking is being computed ahead of the player's move."""
        return self._warm is not None

    def pending(self) -> list[jobs.Pending | None]:
        """The background work the coach may be running."""
        return [self._hint, self._grade, self._warm, *self._verdicts]

    # -- what the player did ---------------------------------------------------------------
    def take_back(self) -> None:
        """The player took back a move the tutor warned about: nothing is played."""
        self.assistance.takebacks += 1

    def note_hint_level(self, level: int) -> None:
        """Remember that a hint step (1 nudge, 2 card, 3 whole move) was shown."""
        if 1 <= level <= 3:
            self.assistance.hint_levels[level - 1] += 1

    # -- starting work ---------------------------------------------------------------------
    def request_hint(self, position: Position) -> None:
        """Compute the hint for the human to move at ``position`` (emits HintReady)."""
        if self._hint is not None:
            return
        analysis = self._analysis_of(position)
        analysis.asked = True

        def work() -> Advice | None:
            return offload.call(advise, analysis.view, analysis.results(),
                                cancel=self._cancel)

        self._hint = jobs.start(position, work)

    def grade(self, position: Position, move: Move) -> None:
        """Grade a human's move before it is played (:meth:`update` decides)."""
        analysis = self._analysis_of(position)
        analysis.asked = True

        def work() -> TutorCheck:
            return offload.call(check, analysis.view, move, analysis.results(),
                                cancel=self._cancel)

        self._grading = move
        self._grade = jobs.start(position, work)

    def _analysis_of(self, position: Position) -> Analysis:
        analysis = self._analysis
        if analysis is None or analysis.position is not position:
            analysis = Analysis(position, seat_view(position, position.turn),
                                cancel=self._cancel)
            self._analysis = analysis
        return analysis

    def keep_verdict(self, position: Position, move: Move, ply: int,
                     grades: RoundAnalysis) -> None:
        """``move`` is played at ``position`` (move ``ply`` of its round): when the hint
        or the tutor ranked this turn, the review's decision is built from that same
        ranking, in the background, and given to ``grades``, so the review says what
        they said (a hinted move is graded best; the tutor's loss is the review's)."""
        analysis = self._analysis
        if analysis is None or analysis.position is not position or not analysis.asked:
            return
        round_no, seat = position.round_no, position.turn
        grades.expect(round_no, ply, seat, move)

        def work() -> Decision | None:
            try:
                try:  # (waits for the ranking when it is still being computed)
                    decision = offload.call(decision_from_ranking, analysis.view, move,
                                            analysis.results(), ply, cancel=self._cancel)
                except ValueError:  # a crowded table's move outside the ranking
                    decision = offload.call(grade_decision, analysis.view, move, ply,
                                            grades.config, cancel=self._cancel)
            except BaseException:
                grades.give_up(round_no, ply, move)  # the review grades it itself
                raise
            grades.store_live(round_no, decision)
            return decision

        self._verdicts.append(jobs.start(position, work))

    # -- the frame tick --------------------------------------------------------------------
    def _finish_hint(self, position: Position) -> None:
        """Emit the hint (or its failure) once computed, if still for ``position``."""
        job = self._hint
        if job is None or not job.done.is_set():
            return
        self._hint = None
        if job.error is not None:
            log.error("hint failed", exc_info=job.error)
            if job.position is position:
                self._emit(HintUnavailable(position))
        elif job.position is position:
            advice = job.result()
            options = () if advice is None else (advice.best, *advice.alternatives)
            self._emit(HintReady(position, options, advice))

    def _finish_verdicts(self) -> None:
        for job in [j for j in self._verdicts if j.done.is_set()]:
            self._verdicts.remove(job)
            if job.error is not None and not isinstance(job.error, offload.WorkerLost):
                log.error("keeping the live verdict failed", exc_info=job.error)

    def update(self, position: Position, tutor_turn: bool) -> Move | None:
        """Emit a hint that is ready, warm the ranking up when a human turn with the tutor
        on begins (``tutor_turn``) and finish a grade that is done: returns a graded move
        to play now, or None (nothing graded yet, or a warning emitted)."""
        self._finish_hint(position)
        self._finish_verdicts()
        if tutor_turn and self._warm is None and (
                self._analysis is None or self._analysis.position is not position):
            analysis = self._analysis_of(position)
            analysis.asked = True
            self._warm = jobs.start(position, analysis.results)
        warm = self._warm
        if warm is not None and (warm.done.is_set() or warm.position is not position):
            self._warm = None
        job = self._grade
        if job is None or not job.done.is_set():
            return None
        move, self._grading, self._grade = self._grading, None, None
        if move is None or job.position is not position:
            return None
        if job.error is not None:
            log.error("tutor failed; playing the move unchecked", exc_info=job.error)
            return move
        graded = job.result()
        if not graded.warn:
            return move
        self.assistance.tutor_warnings += 1
        self._emit(TutorWarning(move, graded))
        return None

    def forget(self, grade: bool = True) -> None:
        """Drop the hint in flight (the position changed) and, with ``grade``, the grade."""
        self._hint = None
        if grade:
            self._grade = None
            self._grading = None

    def close(self) -> None:
        """Stop following the work in flight: what runs in worker processes is ended."""
        self._hint = self._grade = self._warm = None
        self._verdicts.clear()
        self._cancel.set()

    def wait(self, timeout: float = 30.0) -> None:
        """Block until a running hint or grade is done (for tests and benchmarks only)."""
        for job in (self._hint, self._grade, *self._verdicts):
            if job is not None:
                job.done.wait(timeout)


__all__ = ["SessionCoach"]
