"""The session's events onto the table: what acts at once, and what is shown in turn.

A component of :class:`~diloti_desktop.ui.table.table_scene.TableScene`. Each frame it
takes the events the session emitted: a refusal, a hint, the tutor's warning and an undo
act at once; moves, deals and a round's end wait in the :class:`Animations` queue and are
turned into animation steps one event at a time, each once the show before it is over and
only while the table is on top (a dialog over it holds the show back), so AI moves are
readable.
"""

from __future__ import annotations

from typing import Protocol

from diloti_desktop.controller import (
    GameSession,
    HintReady,
    HintUnavailable,
    MovePlayed,
    MoveRejected,
    RoundBegan,
    RoundOver,
    TutorWarning,
    Undone,
)
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.scene_stack import Screen
from diloti_desktop.ui.table.press_queue import PressQueue
from diloti_desktop.ui.table.table_coach import TableCoach
from diloti_desktop.ui.table.table_pointer import TablePointer
from diloti_desktop.ui.table.table_state import Animations, Board, Messages


class FeedHost(Screen, Protocol):
    """What the feed asks of the table it feeds: a screen on the stack (the show goes
    on only while it is on top), and what a round's summary covers
    (:class:`~diloti_desktop.ui.kit.navigation.PlayedTable`)."""

    @property
    def session(self) -> GameSession:
        """The session played."""

    @property
    def board(self) -> Board:
        """The table's layout and the watcher's seat."""

    def say(self, message: str) -> None:
        """Show a short message (a lesson's table puts a refusal in its panel)."""

    def clear_interaction(self) -> None:
        """Forget the pick, the selection and any hint (the position changed)."""


class TableFeed:
    """Takes the session's events and plays the shown ones, one at a time."""

    def __init__(self, ctx: AppContext, animations: Animations, messages: Messages,
                 presses: PressQueue, pointer: TablePointer, coach: TableCoach,
                 host: FeedHost) -> None:
        self.ctx = ctx
        self.animations = animations
        self.messages = messages
        self.presses = presses
        self.pointer = pointer
        self.coach = coach
        self.host = host

    def take(self) -> bool:
        """Take the session's events: messages now, moves and rounds into the queue;
        whether there were any."""
        changed = False
        session = self.host.session
        for event in session.poll():
            changed = True
            if isinstance(event, MoveRejected):
                self.messages.refused(event.reason)
                self.host.say(event.reason)
            elif isinstance(event, HintReady):
                self.coach.hint_arrived(event.position, event.advice)
            elif isinstance(event, HintUnavailable):
                self.coach.hint_arrived(event.position, None)
            elif isinstance(event, TutorWarning):
                self.coach.warned(event)
            elif isinstance(event, Undone):
                # The position the session went back to, at once: nothing is replayed.
                self.animations.jump_to(session)
                self.pointer.reset()
                self.presses.drop()
                self.messages.show_banner("", new=True, dt=0.0)
                self.host.clear_interaction()
            elif isinstance(event, MovePlayed | RoundBegan):
                self.animations.queue(event)
                self.ctx.save_session()
            elif isinstance(event, RoundOver):
                self.animations.queue(event)
        return changed

    def show_next(self) -> bool:
        """Turn queued events into animation steps, one event at a time, while the table
        is on top; a round's end opens its summary over the table. Whether any was."""
        changed = False
        factor = self.ctx.animation_factor()
        board = self.host.board
        viewer = board.viewer
        while self.ctx.scenes.top is self.host:
            event = self.animations.next_event()
            if event is None:
                break
            changed = True
            if isinstance(event, MovePlayed):
                launch = self.pointer.shown_move(event.seat == viewer)
                self.host.clear_interaction()
                self.animations.play_move(event, board.layout(), viewer, factor, launch)
            elif isinstance(event, RoundBegan):
                self.presses.drop()
                self.host.clear_interaction()
                self.animations.deal(event.position or self.host.session.position,
                                     board.layout(), viewer, factor)
            elif isinstance(event, RoundOver):
                self.presses.drop()
                self.ctx.nav.table.open_round_summary(self.host, event)
                break
        return changed
