"""A session's AI seats: their players and the move one of them is working out.

One move is worked out at a time, as a background job (:mod:`jobs`, the search itself in a
worker process through :mod:`offload`), so the frame loop never waits for it; the move is
handed over no sooner than the session's pace after the last move, so AI moves stay
readable. A player that fails or answers for another position, or with an illegal move,
is replaced for that turn by the first legal move (and the log says so). No pygame here.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable

from diloti_desktop.ai.base import Player
from diloti_desktop.controller import jobs, offload
from diloti_desktop.controller.events import AIThinking, SessionEvent
from diloti_desktop.rules.movegen import candidate_moves, is_legal
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.view import SeatView

log = logging.getLogger(__name__)


class AISeats:
    """The AI players by seat, and the job of the one to move."""

    def __init__(self, players: dict[int, Player], clock: Callable[[], float],
                 emit: Callable[[SessionEvent], None]) -> None:
        self.players = players
        self._clock = clock
        self._emit = emit
        self._job: jobs.Job[Move] | None = None
        self._cancel = offload.Cancel()  # the job's: set when it is dropped
        self._last_move_time = -1e9

    def move(self, position: Position, view: Callable[[int], SeatView],
             pace: float) -> Move | None:
        """The move of the AI seat to move in ``position`` once it is worked out and
        ``pace`` seconds have passed since the last move; None until then (the first
        call starts the work and emits :class:`AIThinking`)."""
        job = self._job
        if job is None:
            seat = position.turn
            self._cancel = offload.Cancel()
            self._job = jobs.start(position, functools.partial(
                offload.call, self.players[seat].choose, view(seat), cancel=self._cancel))
            self._emit(AIThinking(seat))
            return None
        if not job.done.is_set() or self._clock() - self._last_move_time < pace:
            return None
        self._job = None
        if job.error is not None or job.position is not position:
            log.error("AI seat %s failed; playing its first legal move instead",
                      position.turn, exc_info=job.error)
            return candidate_moves(position)[0]
        move = job.result()
        if not is_legal(position, move):
            log.error("AI seat %s chose an illegal move, %s", position.turn, move)
            return candidate_moves(position)[0]
        return move

    def moved(self) -> None:
        """A move was played (by anyone): the pace counts from now."""
        self._last_move_time = self._clock()

    def drop(self) -> None:
        """Forget the move being worked out (the position changed under it, or the
        session closed): a worker process searching for it is ended."""
        if self._job is not None:
            self._cancel.set()
        self._job = None

    def pending(self) -> list[jobs.Pending | None]:
        """The job running, if any."""
        return [self._job]
