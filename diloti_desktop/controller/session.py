"""The game session: owns the position, the history, turn order and AI scheduling.

The UI never changes the game itself: it asks the session (``submit`` a move, ``resolve``
a gesture, ``continue_after_round``, ``rematch``), calls :meth:`GameSession.update` once a
frame, and drains :meth:`GameSession.poll` for typed events it turns into animation and
sound. AI players think on a daemon thread, so the frame loop never blocks and closing the
window mid-thought never hangs. No pygame here.

The coach's part (hints, the tutor's hold-back, undo, what the coach did for the player)
is the :class:`~diloti_desktop.controller.session_coach.SessionCoach` mixin; the events
are in :mod:`diloti_desktop.controller.events`.

Randomness is seeded and recorded: the match's first round is dealt from
``Random(seed)``, round *n* > 1 from ``Random(f"{seed}:{n}")``, and each AI seat gets its
own seed, so a saved game resumes exactly and a seed replays the same match.
"""

from __future__ import annotations

import functools
import logging
import random
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from diloti_desktop.ai.base import Player
from diloti_desktop.controller import offload
from diloti_desktop.controller.analysis import RoundAnalysis
from diloti_desktop.controller.coach import Analysis, Assistance
from diloti_desktop.controller.events import AIThinking as AIThinking
from diloti_desktop.controller.events import HintReady as HintReady
from diloti_desktop.controller.events import HintUnavailable as HintUnavailable
from diloti_desktop.controller.events import MovePlayed as MovePlayed
from diloti_desktop.controller.events import MoveRejected as MoveRejected
from diloti_desktop.controller.events import RoundBegan as RoundBegan
from diloti_desktop.controller.events import RoundOver as RoundOver
from diloti_desktop.controller.events import SessionEvent as SessionEvent
from diloti_desktop.controller.events import TutorWarning as TutorWarning
from diloti_desktop.controller.events import Undone as Undone
from diloti_desktop.controller.narration import describe_round_end, describe_turn
from diloti_desktop.controller.record import PlayedRound
from diloti_desktop.controller.scoresheet import RoundRecord, rounds_from_data
from diloti_desktop.controller.seats import GameConfig
from diloti_desktop.controller.session_coach import SessionCoach
from diloti_desktop.controller.session_coach import brief as _brief
from diloti_desktop.controller.session_save import SessionSaving, read_save
from diloti_desktop.i18n import _
from diloti_desktop.rules.engine import apply, new_match, next_round, round_breakdown
from diloti_desktop.rules.errors import IllegalMoveError
from diloti_desktop.rules.events import RoundScored
from diloti_desktop.rules.gestures import find_moves, resolve_gesture
from diloti_desktop.rules.movegen import candidate_moves, is_legal
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import PLAY, ROUND_OVER, Position
from diloti_desktop.rules.view import SeatView, seat_view

log = logging.getLogger(__name__)


@dataclass
class _Job:
    """Work running on a background thread; ``result`` is set once it is done."""

    position: Position
    thread: threading.Thread | None = None
    result: Any = None
    error: BaseException | None = None
    done: threading.Event = field(default_factory=threading.Event)


def default_player_factory(level: str, seed: int) -> Player:
    """AI players from the AI package's ladder."""
    from diloti_desktop.ai.players import make_player

    return make_player(level, seed)


class GameSession(SessionCoach, SessionSaving):
    """One match in progress, shared by the UI, AI seats and the save file."""

    #: Whether the tutor and undo are offered (a lesson, which judges moves itself, says no).
    offers_coach = True
    #: Whether the round summary leads to another round (a lesson says no).
    deals_rounds = True

    def __init__(self, config: GameConfig, position: Position | None = None,
                 player_factory: Callable[[str, int], Player] = default_player_factory,
                 ai_pace: float = 0.6, clock: Callable[[], float] = time.monotonic) -> None:
        self.config = config
        self.ai_pace = ai_pace
        self._clock = clock
        self._events: deque[SessionEvent] = deque()
        self._players: dict[int, Player] = {
            seat: player_factory(level, config.seed * 31 + seat)
            for seat, level in enumerate(config.seats) if not config.is_human(seat)
        }
        self.history: list[MovePlayed] = []
        self.last_account = ""
        self.last_round: RoundOver | None = None
        #: The score sheet: every round scored in this match (kept in the save file).
        self.rounds: list[RoundRecord] = []
        self._ai_job: _Job | None = None
        self._hint_job: _Job | None = None
        self._grade_job: _Job | None = None
        self._warm_job: _Job | None = None
        self._grading: Move | None = None
        self._analysis: Analysis | None = None
        self._last_move_time = -1e9
        self._closed = False
        #: Whether a human's move is graded before it is played (the tutor setting).
        self.tutor = False
        self.assistance = Assistance()
        if position is None:
            position, events = new_match(config.rules, random.Random(config.seed))
            self._events.append(RoundBegan(position.round_no, tuple(events), position))
        self.position = position
        #: The position the current round began with (undo and the save replay from it).
        self.round_start = position
        #: The moves of the finished rounds of the match (see :meth:`played_round`).
        self.plays: list[PlayedRound] = []
        #: Grades of the finished rounds, computed in the background (the review's data).
        self.round_grades = RoundAnalysis(self._start)

    # -- queries -----------------------------------------------------------------------
    @property
    def players(self) -> int:
        """Number of seats."""
        return self.config.rules.players

    @property
    def human_seat(self) -> int | None:
        """The first human seat (the one shown at the bottom), or None for AI-only games."""
        return next((s for s in range(self.players) if self.config.is_human(s)), None)

    def is_human_turn(self) -> bool:
        """Whether a person is to move now."""
        return self.position.phase == PLAY and self.config.is_human(self.position.turn)

    def ai_is_thinking(self) -> bool:
        """Whether an AI seat is computing its move."""
        return self._ai_job is not None

    def legal_moves(self) -> list[Move]:
        """The moves offered to the player to move: all legal moves while they are few,
        a bounded canonical subset on a crowded table (``rules.candidate_moves``)."""
        return candidate_moves(self.position)

    def round_result(self) -> RoundOver | None:
        """The result of the round just finished (None while a round is in play).

        After restoring a game saved between two rounds the result is rebuilt from the
        position (without the narration of the round's end).
        """
        position = self.position
        if position.phase == PLAY:
            return None
        last = self.last_round
        if last is not None and last.round_no == position.round_no:
            return last
        return RoundOver(position.round_no, round_breakdown(position), position.scores,
                         position.winner, "")

    def current_play(self) -> PlayedRound:
        """The moves of the round in play (or just finished) so far."""
        return PlayedRound(self.round_start, tuple((p.seat, p.move) for p in self.history))

    def played_round(self, round_no: int) -> PlayedRound | None:
        """The moves of a finished round of this match (None if not kept)."""
        return next((p for p in self.plays if p.round_no == round_no), None)

    def human_seats(self) -> frozenset[int]:
        """Every seat a person plays."""
        return frozenset(s for s in range(self.players) if self.config.is_human(s))

    def request_analysis(self, round_no: int, seats: frozenset[int] | None = None) -> None:
        """Grade a finished round's moves (of ``seats``, by default the human seats) in
        the background; grades already computed or queued are not computed again."""
        play = self.played_round(round_no)
        seats = self.human_seats() if seats is None else seats
        if play is not None and seats and not self._closed:
            self.round_grades.request(play, seats)

    def view(self, seat: int) -> SeatView:
        """What a seat may see (with the public moves of the deal in play)."""
        return seat_view(self.position, seat, [(p.before, p.move) for p in self.history])

    # -- actions from the UI ------------------------------------------------------------
    def moves_for_gesture(self, card: int, loose: int = 0,
                          piles: Sequence[int] = ()) -> list[Move]:
        """Legal moves matching a gesture; emits MoveRejected (with the reason) on none."""
        if not self.is_human_turn():
            self._events.append(MoveRejected(_("wait for your turn")))
            return []
        try:
            return resolve_gesture(self.position, card, loose, piles)
        except IllegalMoveError as error:
            self._events.append(MoveRejected(error.reason))
            return []

    def candidate_moves(self, card: int, loose: int = 0,
                        piles: Sequence[int] = ()) -> list[Move]:
        """Legal moves matching a gesture, silently (for previews)."""
        return find_moves(self.position, card, loose, piles) if self.is_human_turn() else []

    def submit(self, move: Move, checked: bool = False) -> bool:
        """Play a human's move; on refusal emit MoveRejected and change nothing.

        With the tutor on (and ``checked`` False) the move is graded first, in the
        background: it is played once the grade says it is fine, or held back with a
        :class:`TutorWarning`. Returns whether the move was accepted (played or graded).
        """
        if not self.is_human_turn() or self._grading is not None:
            self._events.append(MoveRejected(_("wait for your turn")))
            return False
        if not is_legal(self.position, move):
            try:
                resolve_gesture(self.position, move.card, move.loose, move.piles)
            except IllegalMoveError as error:
                self._events.append(MoveRejected(error.reason))
            else:
                self._events.append(MoveRejected(_("that move is not possible here")))
            return False
        if self.tutor and not checked:
            self._start_grading(move)
            return True
        self._play(move)
        return True

    def continue_after_round(self) -> bool:
        """Deal the next round once the round summary has been seen."""
        if self.position.phase != ROUND_OVER:
            return False
        rng = random.Random(f"{self.config.seed}:{self.position.round_no + 1}")
        self.position, events = next_round(self.position, rng)
        self.round_start = self.position
        self.history.clear()
        self._events.append(RoundBegan(self.position.round_no, tuple(events), self.position))
        return True

    def close(self) -> None:
        """Stop scheduling AI work (threads are daemons: nothing waits for them)."""
        self._closed = True
        self.round_grades.stop()
        self._ai_job = None
        self._hint_job = None
        self._grade_job = None
        self._warm_job = None

    def wait_for_work(self, timeout: float) -> bool:
        """Block until the background work running now (an AI move, a hint, a grade, a
        warm-up) has finished, for tests and tools that must not guess how long a slow
        machine takes; the frame loop never calls it. Returns whether there was work;
        raises TimeoutError if it is still running after ``timeout`` seconds."""
        jobs = [job for job in self._jobs() if job is not None and not job.done.is_set()]
        end = time.monotonic() + timeout
        for job in jobs:
            if not job.done.wait(max(0.0, end - time.monotonic())):
                raise TimeoutError(f"background work still running after {timeout} s")
        return bool(jobs)

    def _jobs(self) -> list[_Job | None]:
        """The background jobs this session may be running."""
        return [self._ai_job, self._hint_job, self._grade_job, self._warm_job]

    # -- the frame tick -------------------------------------------------------------------
    def update(self) -> None:
        """Advance AI turns; call once per frame. Never blocks."""
        if self._closed:
            return
        hint_job = self._hint_job
        if hint_job is not None and hint_job.done.is_set():
            self._hint_job = None
            if hint_job.error is not None:
                log.error("hint failed", exc_info=hint_job.error)
                if hint_job.position is self.position:
                    self._events.append(HintUnavailable(self.position))
            elif hint_job.position is self.position:
                advice = hint_job.result
                options = () if advice is None else (advice.best, *advice.alternatives)
                self._events.append(HintReady(self.position, options, advice))
        self._update_tutor()
        if self.position.phase != PLAY or self.config.is_human(self.position.turn):
            return
        job = self._ai_job
        if job is None:
            seat = self.position.turn
            player = self._players[seat]
            view = self.view(seat)
            self._ai_job = self._start(self.position,
                                      functools.partial(offload.call, player.choose, view))
            self._events.append(AIThinking(seat))
            return
        if not job.done.is_set() or self._clock() - self._last_move_time < self.ai_pace:
            return
        self._ai_job = None
        if job.error is not None or job.position is not self.position:
            log.error("AI seat %s failed; playing its first legal move instead",
                      self.position.turn, exc_info=job.error)
            self._play(candidate_moves(self.position)[0])
            return
        try:
            self._play(job.result)
        except IllegalMoveError:
            log.exception("AI seat %s chose an illegal move", self.position.turn)
            self._play(candidate_moves(self.position)[0])

    def wait_for_ai(self, timeout: float = 30.0) -> None:
        """Block until the running AI job is done (for tests and the smoke test only)."""
        job = self._ai_job
        if job is not None:
            job.done.wait(timeout)

    def poll(self) -> list[SessionEvent]:
        """Take the events emitted since the last poll."""
        events = list(self._events)
        self._events.clear()
        return events

    # -- internals ----------------------------------------------------------------------
    def _start(self, position: Position, work: Callable[[], Any]) -> _Job:
        job = _Job(position)

        def run() -> None:
            try:
                job.result = work()
            except BaseException as error:  # reported on the main thread by update()
                job.error = error
            finally:
                job.done.set()

        job.thread = threading.Thread(target=run, name="diloti-worker", daemon=True)
        job.thread.start()
        return job

    def _play(self, move: Move) -> None:
        before = self.position
        seat = before.turn
        after, events = apply(before, move)
        self.position = after
        self._last_move_time = self._clock()
        account = describe_turn(events, self.players)
        self.last_account = account
        played = MovePlayed(seat, move, tuple(events), account, before, after)
        self.history.append(played)
        self._events.append(played)
        scored = next((e for e in events if isinstance(e, RoundScored)), None)
        if scored is not None:
            summary = describe_round_end(events, self.players)
            self.last_round = RoundOver(scored.round_no, scored.breakdown, scored.scores,
                                        after.winner, summary)
            self.rounds.append(RoundRecord(scored.round_no, scored.breakdown, scored.scores))
            self._events.append(self.last_round)
            self.plays.append(self.current_play())
        self._hint_job = None

    @staticmethod
    def from_dict(data: dict[str, object], **options: Any) -> GameSession:
        """Restore a saved session; a bad save raises ValueError with a reason for the
        player (:func:`~diloti_desktop.controller.session_save.read_save`)."""
        config, position = read_save(data)
        try:
            session = GameSession(config, position, **options)
        except ValueError as error:  # an AI level this version does not have, for example
            raise ValueError(_("the players cannot be seated: {error}").format(
                error=_brief(str(error)))) from error
        session.rounds = rounds_from_data(data.get("rounds"))
        session._restore_round(data)
        session._restore_plays(data.get("plays"), data.get("analysis"))
        return session
