"""The game session: owns the position, the history, turn order and AI scheduling.

The UI never changes the game itself: it asks the session (``submit`` a move, ``resolve``
a gesture, ``continue_after_round``, ``rematch``), calls :meth:`GameSession.update` once a
frame, and drains :meth:`GameSession.poll` for typed events it turns into animation and
sound. AI players think in the background, so the frame loop never blocks and closing the
window mid-thought never hangs. No pygame here.

The session owns three collaborators: ``ai_seats``, an
:class:`~diloti_desktop.controller.ai_seats.AISeats` (the AI players and the move one of
them is working out, at the session's pace), ``coaching``, a
:class:`~diloti_desktop.controller.session_coach.SessionCoach` (hints, the tutor's
hold-back, what the coach did for the player), and ``round_grades``, a
:class:`~diloti_desktop.controller.analysis.RoundAnalysis` (the finished rounds' grades);
the save file's content is a :class:`~diloti_desktop.controller.session_save.SavedGame`.
It consults ``turns``, its :class:`~diloti_desktop.controller.turns.TurnPolicy`, where a
lesson plays differently from a match (a match's adds nothing to the rules).
Slow work runs through :mod:`~diloti_desktop.controller.jobs`; the events are in
:mod:`diloti_desktop.controller.events`.

:meth:`GameSession.undo` takes back to the human's previous decision of the round (AI
replies are seeded by the view, so they come out the same again). The round is kept as
its first position plus the moves played, which is also what the save file holds, so
undo works after a save and Continue. No undo once the round is over.

Randomness is seeded and recorded: the match's first round is dealt from
``Random(seed)``, round *n* > 1 from ``Random(f"{seed}:{n}")``, and each AI seat gets its
own seed, so a saved game resumes exactly and a seed replays the same match.
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable, Sequence

from diloti_desktop.ai.base import Player
from diloti_desktop.ai.players import make_player
from diloti_desktop.controller import jobs
from diloti_desktop.controller.ai_seats import AISeats
from diloti_desktop.controller.analysis import RoundAnalysis
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
from diloti_desktop.controller.scoresheet import RoundRecord
from diloti_desktop.controller.seats import GameConfig
from diloti_desktop.controller.session_coach import SessionCoach
from diloti_desktop.controller.session_save import SavedGame, brief
from diloti_desktop.controller.turns import MatchTurns, TurnPolicy
from diloti_desktop.i18n import _
from diloti_desktop.rules.engine import apply, new_match, next_round, round_breakdown
from diloti_desktop.rules.errors import IllegalMoveError
from diloti_desktop.rules.events import Event, RoundScored
from diloti_desktop.rules.gestures import resolve_gesture
from diloti_desktop.rules.movegen import is_legal
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import PLAY, ROUND_OVER, Position
from diloti_desktop.rules.view import SeatView, seat_view


def default_player_factory(level: str, seed: int) -> Player:
    """AI players from the AI package's ladder."""
    return make_player(level, seed)


class GameSession:
    """One match in progress, shared by the UI, AI seats and the save file."""

    def __init__(self, config: GameConfig, position: Position | None = None,
                 player_factory: Callable[[str, int], Player] = default_player_factory,
                 ai_pace: float = 0.6, clock: Callable[[], float] = time.monotonic,
                 turns: TurnPolicy | None = None) -> None:
        self.config = config
        #: When play stops, what a turn accepts, undo (a lesson's coach sets its own).
        self.turns: TurnPolicy = MatchTurns() if turns is None else turns
        #: Whether the round summary leads to another round (a lesson says no).
        self.deals_rounds = self.turns.deals_rounds
        self.ai_pace = ai_pace
        self._events: deque[SessionEvent] = deque()
        #: The AI players and the move one of them is working out.
        self.ai_seats = AISeats({
            seat: player_factory(level, config.seed * 31 + seat)
            for seat, level in enumerate(config.seats) if not config.is_human(seat)
        }, clock, self._events.append)
        self.history: list[MovePlayed] = []
        self.last_account = ""
        self.last_round: RoundOver | None = None
        #: The score sheet: every round scored in this match (kept in the save file).
        self.rounds: list[RoundRecord] = []
        self._closed = False
        #: Whether a human's move is graded before it is played (the tutor setting).
        self.tutor = False
        #: Hints, the tutor's grading and the record of assistance.
        self.coaching = SessionCoach(self._events.append)
        if position is None:
            position, events = new_match(config.rules, random.Random(config.seed))
            self._events.append(RoundBegan(position.round_no, tuple(events), position))
        self.position = position
        #: The position the current round began with (undo and the save replay from it).
        self.round_start = position
        #: The moves of the finished rounds of the match (see :meth:`played_round`).
        self.plays: list[PlayedRound] = []
        #: Grades of the finished rounds, computed in the background (the review's data).
        self.round_grades = RoundAnalysis(jobs.start)

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
        """Whether a person is to move now (never while the turn policy holds play)."""
        return (not self.turns.holds() and self.position.phase == PLAY
                and self.config.is_human(self.position.turn))

    @property
    def assisted(self) -> bool:
        """Whether hints, undo or tutor take-backs were used in this match."""
        return self.coaching.assistance.used

    def against_ai(self) -> bool:
        """Whether a person plays against AI seats (undo is offered only then)."""
        return (self.turns.offers_coach and self.human_seat is not None
                and bool(self.ai_seats.players))

    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take something back now: against AI seats, or when
        the turn policy allows it (a lesson's step), a human move of the round in play."""
        return ((self.against_ai() or self.turns.can_take_back())
                and self.position.phase == PLAY
                and _last_decision(self.history, self.human_seat) is not None)

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
        """Legal moves matching a gesture; emits MoveRejected (with the reason, as the turn
        policy words it) on none."""
        if not self.is_human_turn():
            self._events.append(MoveRejected(_("wait for your turn")))
            return []
        try:
            return resolve_gesture(self.position, card, loose, piles)
        except IllegalMoveError as error:
            self.turns.refused()
            self._events.append(MoveRejected(self.turns.refusal(
                self.position, card, loose, piles, error.reason)))
            return []

    def submit(self, move: Move, checked: bool = False) -> bool:
        """Play a human's move; on refusal emit MoveRejected and change nothing.

        A legal move is refused too when the turn policy's judge says so (a lesson's
        step asks for another). With the tutor on (and ``checked`` False) the move is
        graded first, in the background: it is played once the grade says it is fine, or
        held back with a :class:`TutorWarning`. Returns whether the move was accepted
        (played or graded).
        """
        if not self.is_human_turn() or self.coaching.grading():
            self._events.append(MoveRejected(_("wait for your turn")))
            return False
        if not is_legal(self.position, move):
            self.turns.refused()
            try:
                resolve_gesture(self.position, move.card, move.loose, move.piles)
            except IllegalMoveError as error:
                self._events.append(MoveRejected(self.turns.refusal(
                    self.position, move.card, move.loose, move.piles, error.reason)))
            else:
                self._events.append(MoveRejected(_("that move is not possible here")))
            return False
        reason = self.turns.judge(self.position, move)
        if reason is not None:
            self.turns.refused()
            self._events.append(MoveRejected(reason))
            return False
        if self.tutor and not checked:
            self.coaching.grade(self.position, move)
            return True
        self._play(move)
        return True

    def request_hint(self) -> None:
        """Compute hints for the human's turn in the background (emits HintReady)."""
        if self.is_human_turn():
            self.coaching.request_hint(self.position)

    def undo(self) -> bool:
        """Take back to the human's previous decision this round (emits Undone)."""
        index = _last_decision(self.history, self.human_seat)
        if not self.can_undo() or index is None:
            self._events.append(MoveRejected(_("there is nothing to take back")))
            return False
        target = self.history[index].before
        taken = len(self.history) - index
        del self.history[index:]
        self.round_grades.discard(target.round_no, index)
        self.position = target
        self.last_account = self.history[-1].account if self.history else ""
        self.ai_seats.drop()
        self.coaching.forget()
        self.coaching.assistance.undos += 1
        self._events.append(Undone(target, taken))
        self.turns.taken_back()
        return True

    def continue_after_round(self) -> bool:
        """Deal the next round once the round summary has been seen (a lesson deals
        none: its next step comes instead)."""
        if not self.deals_rounds or self.position.phase != ROUND_OVER:
            return False
        rng = random.Random(f"{self.config.seed}:{self.position.round_no + 1}")
        position, events = next_round(self.position, rng)
        self.start_round(position, tuple(events))
        return True

    def start_round(self, position: Position, events: tuple[Event, ...] = ()) -> None:
        """Play on from ``position`` as a new round record (a new deal, or a lesson's
        step with a position of its own): undo, the review and the save replay the
        round's moves from it. Emits RoundBegan with the deal's ``events``."""
        self.position = position
        self.round_start = position
        self.history.clear()
        self.last_account = ""
        self._events.append(RoundBegan(position.round_no, events, position))

    def close(self) -> None:
        """Stop scheduling AI work (threads are daemons: nothing waits for them)."""
        self._closed = True
        self.round_grades.stop()
        self.ai_seats.drop()
        self.coaching.close()
        self.turns.close()

    def wait_for_work(self, timeout: float) -> bool:
        """Block until the background work running now (an AI move, a hint, a grade, a
        warm-up) has finished, for tests and tools that must not guess how long a slow
        machine takes; the frame loop never calls it. Returns whether there was work;
        raises TimeoutError if it is still running after ``timeout`` seconds."""
        return jobs.wait_all([*self.ai_seats.pending(), *self.coaching.pending(),
                              *self.turns.pending()], timeout)

    # -- the frame tick -------------------------------------------------------------------
    def update(self) -> None:
        """Advance AI turns; call once per frame. Never blocks. Nothing moves while the
        turn policy holds play (its own background work goes on)."""
        self.turns.update()
        if self._closed or self.turns.holds():
            return
        checked = self.coaching.update(self.position, self.tutor and self.is_human_turn())
        if checked is not None:
            self._play(checked)
        if self.position.phase != PLAY or self.config.is_human(self.position.turn):
            return
        move = self.ai_seats.move(self.position, self.view, self.ai_pace)
        if move is not None:
            self._play(move)

    def poll(self) -> list[SessionEvent]:
        """Take the events emitted since the last poll."""
        events = list(self._events)
        self._events.clear()
        return events

    # -- internals ----------------------------------------------------------------------
    def _play(self, move: Move) -> None:
        before = self.position
        seat = before.turn
        after, events = apply(before, move)
        self.coaching.keep_verdict(before, move, len(self.history), self.round_grades)
        self.position = after
        self.ai_seats.moved()
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
        self.coaching.forget(grade=False)
        self.turns.played(seat, move, after)


# -- the save file ---------------------------------------------------------------------
def save_data(session: GameSession) -> dict[str, object]:
    """JSON-ready state of a session for the interrupted-game save file
    (:class:`SavedGame`)."""
    return SavedGame(session.config, session.position, session.round_start,
                     tuple(session.history), session.coaching.assistance,
                     tuple(session.rounds), tuple(session.plays),
                     session.round_grades.to_dict()).to_dict()


def restore_session(data: dict[str, object],
                    player_factory: Callable[[str, int], Player] = default_player_factory,
                    ai_pace: float = 0.6,
                    clock: Callable[[], float] = time.monotonic) -> GameSession:
    """Restore a saved session; a bad save raises ValueError with a reason for the
    player (:meth:`SavedGame.from_dict`)."""
    saved = SavedGame.from_dict(data)
    try:
        session = GameSession(saved.config, saved.position, player_factory, ai_pace, clock)
    except ValueError as error:  # an AI level this version does not have, for example
        raise ValueError(_("the players cannot be seated: {error}").format(
            error=brief(str(error)))) from error
    session.round_start = saved.round_start
    session.history = list(saved.history)
    session.last_account = saved.history[-1].account if saved.history else ""
    session.rounds = list(saved.rounds)
    session.plays = list(saved.plays)
    session.coaching.assistance = saved.assistance
    # (the round in play too: its moves graded live are kept)
    session.round_grades.load(saved.analysis, [*session.plays, session.current_play()])
    return session


def _last_decision(history: Sequence[MovePlayed], seat: int | None) -> int | None:
    """The history index of ``seat``'s latest move of the round, if any."""
    for index in range(len(history) - 1, -1, -1):
        if history[index].seat == seat:
            return index
    return None
