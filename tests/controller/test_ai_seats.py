"""A session's AI seats (controller/ai_seats.py): one move worked out in the background,
handed over at the session's pace, and a failing player replaced for the turn."""

from __future__ import annotations

from diloti_desktop.controller import jobs
from diloti_desktop.controller.ai_seats import AISeats
from diloti_desktop.controller.events import AIThinking, SessionEvent
from diloti_desktop.rules.movegen import candidate_moves
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.view import SeatView, seat_view

START = Position.parse("rules=2p hands=6S9C/KC2S loose=6D2C4H9S played=1 turn=1")


class Fixed:
    """Plays the move it is given, or raises."""

    name = "Fixed"

    def __init__(self, move: Move | None) -> None:
        self.move = move

    def choose(self, view: SeatView) -> Move:
        if self.move is None:
            raise RuntimeError("no move")
        return self.move


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def seats_with(player: Fixed, clock: Clock, events: list[SessionEvent]) -> AISeats:
    return AISeats({1: player}, clock, events.append)  # type: ignore[dict-item]


def worked_out(seats: AISeats, pace: float = 0.0) -> Move | None:
    """Start the work, wait for it, and ask again."""
    assert seats.move(START, lambda seat: seat_view(START, seat), pace) is None
    jobs.wait_all(seats.pending(), 30)
    return seats.move(START, lambda seat: seat_view(START, seat), pace)


def test_the_move_is_worked_out_in_the_background_then_handed_over() -> None:
    events: list[SessionEvent] = []
    seats = seats_with(Fixed(Move.parse("KC")), Clock(), events)
    assert worked_out(seats) == Move.parse("KC")
    assert events == [AIThinking(1)]
    assert seats.pending() == [None]


def test_the_move_waits_for_the_pace_after_the_last_move() -> None:
    clock = Clock()
    seats = seats_with(Fixed(Move.parse("KC")), clock, [])
    seats.moved()
    assert worked_out(seats, pace=0.6) is None  # worked out, but too soon
    clock.now += 0.7
    assert seats.move(START, lambda seat: seat_view(START, seat), 0.6) == Move.parse("KC")


def test_a_failing_or_illegal_player_is_replaced_by_the_first_legal_move() -> None:
    first = candidate_moves(START)[0]
    assert worked_out(seats_with(Fixed(None), Clock(), [])) == first
    assert worked_out(seats_with(Fixed(Move.parse("9C")), Clock(), [])) == first  # not its card


def test_a_dropped_move_is_worked_out_again() -> None:
    events: list[SessionEvent] = []
    seats = seats_with(Fixed(Move.parse("KC")), Clock(), events)
    assert seats.move(START, lambda seat: seat_view(START, seat), 0.0) is None
    seats.drop()
    assert worked_out(seats) == Move.parse("KC")
    assert events == [AIThinking(1), AIThinking(1)]
