"""A guided session's background studies: slow questions its panel asks, answered off the
frame thread.

A puzzle's or a retried mistake's panel wants things that take a moment: the exact lines
of the answer against the best other move, what a wrong try loses, the hint engine's
reasons for the answer. Each is started once and its result kept here, where the panel
reads it once ready; the frame thread never waits for one.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Hashable

from diloti_desktop.ai.hints import move_facts
from diloti_desktop.ai.reasons import Reason, fact_reasons
from diloti_desktop.controller import jobs, offload
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.view import seat_view

log = logging.getLogger(__name__)


class Studies:
    """Work started once per key, and the reasons for one move."""

    def __init__(self) -> None:
        self._running: dict[Hashable, jobs.Job[object]] = {}
        #: The finished studies' results by key (None for one that failed).
        self.results: dict[Hashable, object] = {}
        #: The move :meth:`explain` was asked about and its reasons, most important
        #: first, once found.
        self.explained: tuple[Move | None, tuple[Reason, ...]] | None = None
        self._explain_job: jobs.Job[tuple[Reason, ...]] | None = None
        self._explain_move: Move | None = None
        self._cancel = offload.Cancel()

    def study(self, key: Hashable, position: Position, function: Callable[..., object],
              *args: object) -> None:
        """Run ``function(*args)`` (about ``position``) once per ``key`` in the background,
        in a worker process when there are some (:mod:`offload`); its result appears in
        :attr:`results` under ``key`` once ready."""
        if key in self._running or key in self.results or self._cancel.is_set():
            return
        self._running[key] = jobs.start(position, functools.partial(
            offload.call, function, *args, cancel=self._cancel))

    def close(self) -> None:
        """Abandon the studies still running (the panel is gone): a worker process busy
        with one is ended, instead of solving for seconds what nobody will read."""
        self._cancel.set()

    def explain(self, move: Move, before: Position) -> None:
        """Find the hint engine's reasons for ``move``, played by the seat to move in
        ``before``, in the background; they appear in :attr:`explained` once ready."""
        if self._explain_job is not None:
            return
        view = seat_view(before, before.turn)
        self._explain_move = move

        def work() -> tuple[Reason, ...]:
            facts = move_facts(view, [move])[0]
            return tuple(fact_reasons(facts, (view.seat + 1) % view.position.players))

        self._explain_job = jobs.start(before, work)

    def update(self) -> None:
        """Keep the results of the work that has finished."""
        for key, study in list(self._running.items()):
            if study.done.is_set():
                del self._running[key]
                if study.error is not None and not isinstance(study.error, offload.WorkerLost):
                    log.error("a background study failed", exc_info=study.error)
                self.results[key] = None if study.error is not None else study.result()
        job = self._explain_job
        if job is not None and job.done.is_set():
            self._explain_job = None
            reasons: tuple[Reason, ...] = ()
            if job.error is not None:
                log.error("could not explain a move", exc_info=job.error)
            else:
                reasons = job.result()
            self.explained = (self._explain_move, reasons)

    def pending(self) -> list[jobs.Pending | None]:
        """The work that may be running."""
        return [self._explain_job, *self._running.values()]
