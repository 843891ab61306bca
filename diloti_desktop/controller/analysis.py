"""Grading finished rounds in the background, and the cache of the grades.

The round summary asks for a round's analysis (the human seats' moves) and the review
asks for more (the other seats' moves, "how did North play?"). One worker thread,
started through the session's background mechanism (:mod:`jobs`), grades the requested
moves one by one, in request order, with :func:`diloti_desktop.ai.review.review_round`;
each grade is visible as soon as it is done, so the review fills in while the player watches
and a progress bar counts them. Nothing here blocks: the frame thread only reads counts
and copies under a lock.

The grades are cached per round and saved with the game (:meth:`RoundAnalysis.to_dict`),
tagged with :data:`~diloti_desktop.ai.review.ANALYSIS_VERSION` so that a newer analysis
recomputes rather than trusts old grades. Grading is deterministic (seeded by each view),
so a cached grade and a recomputed one are the same.
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable

from diloti_desktop.ai import review
from diloti_desktop.ai.review import (
    ANALYSIS_VERSION,
    REVIEW_SEARCH,
    Decision,
    decision_from_dict,
    decision_to_dict,
    review_round,
)
from diloti_desktop.ai.search import SearchConfig
from diloti_desktop.controller import jobs, offload
from diloti_desktop.controller.record import PlayedRound
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.view import seat_view

log = logging.getLogger(__name__)


#: How the grading starts its worker (:func:`diloti_desktop.controller.jobs.start`).
Starter = Callable[[Position, Callable[[], None]], object]


class RoundAnalysis:
    """The grades of a match's rounds: computed in the background, cached, saved."""

    def __init__(self, start: Starter = jobs.start,
                 config: SearchConfig = REVIEW_SEARCH) -> None:
        self._start = start
        #: The evaluator's budget (the review's; tests make it cheaper).
        self.config = config
        #: How many moves this instance has graded (cached grades are not counted).
        self.graded = 0
        self._lock = threading.Lock()
        #: Notified when the worker stops (its queue empty, or the grading stopped).
        self._idle = threading.Condition(self._lock)
        self._grades: dict[int, dict[int, Decision]] = {}
        self._queue: deque[tuple[PlayedRound, list[int]]] = deque()
        self._queued: dict[int, set[int]] = {}
        #: Moves whose grade the game is building from the live ranking (by round, then
        #: move index): the worker leaves them alone.
        self._live: dict[int, dict[int, tuple[int, Move]]] = {}
        self._running = False
        self._stopped = False
        #: Set when the session closes: the move being graded in a worker process is
        #: abandoned too.
        self._cancel = offload.Cancel()
        self.failures = 0
        #: Each grade's save-file form, by round and move index, with the grade it was
        #: made from: the game is saved after every move, and a match's grades are many.
        self._saved: dict[tuple[int, int], tuple[Decision, dict[str, object]]] = {}

    # -- asking ----------------------------------------------------------------------------
    def request(self, play: PlayedRound, seats: Iterable[int]) -> None:
        """Grade the moves of ``seats`` in ``play`` that are not graded or queued yet."""
        plies = play.plies_of(frozenset(seats))
        with self._lock:
            if self._stopped:
                return
            done = self._grades.get(play.round_no, {})
            queued = self._queued.setdefault(play.round_no, set())
            live = self._live.get(play.round_no, {})
            missing = [p for p in plies if p not in done and p not in queued
                       and live.get(p) != play.moves[p]]
            if not missing:
                return
            queued.update(missing)
            self._queue.append((play, missing))
            if self._running:
                return
            self._running = True
        self._start(play.start, self._work)

    def stop(self) -> None:
        """Stop grading (the session is closing): the move being graded in a worker
        process is abandoned, one being graded on a thread is finished first."""
        with self._lock:
            self._stopped = True
            self._queue.clear()
            self._queued.clear()
        self._cancel.set()

    # -- the live verdicts (the hint's and the tutor's ranking, reused) -----------------
    def expect(self, round_no: int, ply: int, seat: int, move: Move) -> None:
        """``move`` is being graded from the turn's live ranking (:meth:`store_live` will
        bring it): the worker must not grade it again."""
        with self._lock:
            self._live.setdefault(round_no, {})[ply] = (seat, move)
            self._grades.get(round_no, {}).pop(ply, None)

    def store_live(self, round_no: int, decision: Decision) -> None:
        """Keep a live grade, unless its move was taken back meanwhile."""
        with self._lock:
            live = self._live.get(round_no, {})
            if live.get(decision.ply) != (decision.seat, decision.move):
                return
            del live[decision.ply]
            self._grades.setdefault(round_no, {})[decision.ply] = decision

    def give_up(self, round_no: int, ply: int, move: Move) -> None:
        """The live grade of ``move`` could not be built: the worker will grade it."""
        with self._lock:
            live = self._live.get(round_no, {})
            if ply in live and live[ply][1] == move:
                del live[ply]

    def discard(self, round_no: int, from_ply: int) -> None:
        """Forget the grades of a round's moves from ``from_ply`` on (taken back)."""
        with self._lock:
            for table in (self._grades.get(round_no, {}), self._live.get(round_no, {})):
                for ply in [p for p in table if p >= from_ply]:
                    del table[ply]
            for key in [k for k in self._saved if k[0] == round_no and k[1] >= from_ply]:
                del self._saved[key]

    # -- reading (any thread) --------------------------------------------------------------
    def grades(self, round_no: int) -> dict[int, Decision]:
        """The graded moves of a round so far, by move index (a copy)."""
        with self._lock:
            return dict(self._grades.get(round_no, {}))

    def progress(self, play: PlayedRound, seats: Iterable[int]) -> tuple[int, int]:
        """(graded, total) among the moves of ``seats`` in ``play``."""
        plies = play.plies_of(frozenset(seats))
        with self._lock:
            done = self._grades.get(play.round_no, {})
            return sum(1 for p in plies if p in done), len(plies)

    def busy(self) -> bool:
        """Whether the worker is grading."""
        with self._lock:
            return self._running

    def wait(self, timeout: float) -> bool:
        """Block until the worker has graded every requested move (or stopped), for tests
        and tools that must not guess how long a slow machine takes; the frame loop never
        calls it. Returns whether it was grading; raises TimeoutError if it still is after
        ``timeout`` seconds."""
        end = time.monotonic() + timeout
        with self._idle:
            was = self._running
            while self._running:
                left = end - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"still grading after {timeout} s")
                self._idle.wait(left)
        return was

    # -- the worker ------------------------------------------------------------------------
    def _work(self) -> None:
        while True:
            with self._lock:
                if self._stopped or not self._queue:
                    self._running = False
                    self._idle.notify_all()
                    return
                play, plies = self._queue.popleft()
            try:
                positions = play.positions()
                review_round(((ply, seat_view(positions[ply], seat), move) for ply in plies
                              for seat, move in (play.moves[ply],)),
                             on_decision=functools.partial(self._store, play.round_no),
                             should_stop=lambda: self._stopped, config=self.config,
                             grade=functools.partial(offload.call, review.grade_decision,
                                                     cancel=self._cancel))
            except offload.WorkerLost:  # the match closed or the game is quitting
                log.info("grading round %s stopped: the match closed or the game is quitting",
                         play.round_no)
                with self._lock:
                    self._stopped = True
            except Exception:  # a bug must not kill the worker silently: log and go on
                log.exception("grading round %s failed", play.round_no)
                self.failures += 1
            finally:
                with self._lock:
                    queued = self._queued.get(play.round_no)
                    if queued is not None:
                        queued.difference_update(plies)

    def _store(self, round_no: int, decision: Decision) -> None:
        with self._lock:
            self._grades.setdefault(round_no, {})[decision.ply] = decision
            self.graded += 1

    # -- saving ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        """JSON-ready cache of every grade (for the save file)."""
        with self._lock:
            rounds = {str(n): [self._saved_form(n, ply, d) for ply, d in sorted(grades.items())]
                      for n, grades in self._grades.items() if grades}
        return {"version": ANALYSIS_VERSION, "rounds": rounds}

    def _saved_form(self, round_no: int, ply: int, decision: Decision) -> dict[str, object]:
        """``decision_to_dict(decision)``, made once per grade (the caller holds the lock)."""
        kept = self._saved.get((round_no, ply))
        if kept is not None and kept[0] is decision:
            return kept[1]
        made = decision_to_dict(decision)
        self._saved[round_no, ply] = (decision, made)
        return made

    def load(self, data: object, plays: Iterable[PlayedRound]) -> None:
        """Take cached grades from a save, keeping only those that match the plays
        (same move by the same seat); anything malformed is dropped, with a log line."""
        if not isinstance(data, dict) or data.get("version") != ANALYSIS_VERSION:
            if data is not None:
                log.info("the saved analysis is from another version: recomputing")
            return
        rounds = data.get("rounds")
        if not isinstance(rounds, dict):
            log.warning("the saved analysis is malformed: recomputing")
            return
        by_round = {play.round_no: play for play in plays}
        for key, items in rounds.items():
            play = by_round.get(int(key)) if str(key).isdigit() else None
            if play is None or not isinstance(items, list):
                continue
            kept: dict[int, Decision] = {}
            for item in items:
                try:
                    decision = decision_from_dict(item)
                except ValueError as error:
                    log.warning("dropping a saved grade of round %s: %s", key, error)
                    continue
                if (decision.ply < len(play.moves)
                        and play.moves[decision.ply] == (decision.seat, decision.move)):
                    kept[decision.ply] = decision
            with self._lock:
                self._grades[play.round_no] = kept
