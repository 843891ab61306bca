"""The table: where a match is played, watched and animated.

The scene composes explicit state objects, each with one owner (:mod:`table_state`: the
player's :class:`Interaction`, owned by the pointer; the :class:`Messages`; the
:class:`Animations` of what is shown; the :class:`Board` for where things are), and the
components that own their part: hands-on play (:mod:`table_pointer`, every move through
the controller's gesture resolution), the coach (:mod:`table_coach`: hints, the tutor,
undo, the moves list), drawing (:mod:`table_drawing`), the progressive hint
(:mod:`hint_coach`), the round's history (:mod:`history_panel`), the presses that wait
for the table (:mod:`press_queue`) and the session's events (:mod:`table_feed`: shown one
at a time through :mod:`choreography`, so AI moves are readable). The scene itself routes
the input to them. The table draws the position of the last event shown, which may lag
the session's by a move.
"""

from __future__ import annotations

import logging

import pygame

from diloti_desktop.controller import GameSession
from diloti_desktop.controller.narration import describe_turn
from diloti_desktop.i18n import _
from diloti_desktop.rules.position import PLAY
from diloti_desktop.ui.board.table_view import Decorations
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.input import (
    Action,
    Click,
    DragCancel,
    DragMove,
    DragStart,
    Drop,
    InputEvent,
    KeyAction,
    PointerMove,
    Resized,
    Scroll,
)
from diloti_desktop.ui.kit.layout import Box
from diloti_desktop.ui.kit.scene import IDLE, Scene
from diloti_desktop.ui.kit.widgets import Button
from diloti_desktop.ui.table.first_game import FirstGame
from diloti_desktop.ui.table.hint_coach import HintCoach
from diloti_desktop.ui.table.history_panel import HistoryPanel
from diloti_desktop.ui.table.press_queue import PressQueue
from diloti_desktop.ui.table.table_coach import TableCoach
from diloti_desktop.ui.table.table_drawing import TableDrawing, TableObjects
from diloti_desktop.ui.table.table_feed import TableFeed
from diloti_desktop.ui.table.table_pointer import TablePointer
from diloti_desktop.ui.table.table_state import TOAST_SECONDS, Animations, Board, Messages

log = logging.getLogger(__name__)


class TableScene(Scene):
    """A match in progress (or, with no human seat, being watched)."""

    def __init__(self, ctx: AppContext, session: GameSession, panel_share: float = 0.0,
                 first_game: FirstGame | None = None) -> None:
        super().__init__(ctx)
        self.session = session
        self.first_game = first_game  # the guided first game: tutor on, nudges (first_game.py)
        self.hint = HintCoach()
        self.history = HistoryPanel()
        self.board = Board(ctx, session, self.history, panel_share)
        self.animations = Animations(session)
        self.messages = Messages()
        self.pointer = TablePointer(ctx, session, self.board, self.animations, self.messages,
                                    self.hint, self)
        self.interaction = self.pointer.state  # read here; the pointer writes it
        self.table_coach = TableCoach(ctx, session, self.hint, self.pointer, self)
        self.drawing = TableDrawing(ctx, session, TableObjects(
            self.board, self.animations, self.interaction, self.messages, self.hint,
            self.history), self)
        #: Presses that need the table ready, made while it was not (cards moving, the
        #: opponent to play, the hint being computed): replayed in order once it is.
        self.presses = PressQueue(
            ready=lambda: self.accepting() and not self.hint.waiting,
            can_keep=lambda: not self.board.spectator and self.ctx.scenes.top is self,
            on_button=self.press, on_key=self._key, hint_awaited=self.hint.awaited)
        self.feed = TableFeed(ctx, self.animations, self.messages, self.presses, self.pointer,
                              self.table_coach, self)

    # -- lifecycle -------------------------------------------------------------------------
    def enter(self) -> None:
        """Take over the session: show its first deal, or the result of a finished round."""
        self.resume()
        self.drain()
        if not self.animations.pending and self.session.position.phase != PLAY:
            result = self.session.round_result()
            if result is not None:
                self.animations.queue(result)

    def retranslate(self) -> None:
        """The language changed: the last move's line is told again, in the new language
        (it was narrated when the move was played)."""
        history = self.session.history
        if history and self.animations.account:
            self.animations.account = describe_turn(history[-1].events, self.session.players)

    def exit(self) -> None:
        """Presses kept for the table do not outlive it."""
        self.presses.drop()

    def pause(self) -> None:
        """Covered (a dialog, the tutor, the summary): what was pressed before was meant
        for the table as it was, not for after the dialog."""
        self.presses.drop()

    def resume(self) -> None:
        """Settings may have changed while covered."""
        self.session.ai_pace = self.ctx.ai_pace()
        self.session.tutor = ((self.ctx.settings.tutor or self.first_game is not None)
                              and self.session.against_ai())
        self.board.forget()

    # -- geometry --------------------------------------------------------------------------
    def buttons(self) -> list[Button]:
        """The table's buttons, in their current state."""
        layout = self.board.layout()
        accepting = self.accepting()
        pressable = accepting or self.presses_wait()
        play = layout.play_button
        step = play.h + layout.pad
        buttons = [
            Button("hint", _("Hint"), layout.button("hint"), enabled=pressable, hotkey="H"),
            Button("moves", _("Moves"), layout.button("moves"), enabled=pressable, hotkey="M"),
            Button("menu", _("Menu"), layout.button("menu"), hotkey="Esc"),
            Button("history", _("History"), play.move(0, step), hotkey="L"),
        ]
        if not self.board.spectator:
            buttons.append(Button("play", _("Play"), play,
                                  enabled=accepting and self.interaction.picked is not None,
                                  primary=True, hotkey="Enter"))
            buttons.append(Button("undo", _("Undo"), play.move(0, -step),
                                  enabled=self.table_coach.can_undo(), hotkey="Ctrl+Z"))
        return buttons

    # -- state -----------------------------------------------------------------------------
    def caught_up(self) -> bool:
        """Whether everything the session did has been shown."""
        return not self.animations.busy() and self.animations.shown is self.session.position

    def accepting(self) -> bool:
        """Whether the watcher may play now."""
        return (not self.board.spectator and self.caught_up() and self.session.is_human_turn()
                and self.ctx.scenes.top is self and self.interaction.held is None
                and not self.session.coaching.grading())

    def presses_wait(self) -> bool:
        """Whether a Hint or Moves press made now is kept until the table is ready (cards
        moving, the opponent to play, the coach thinking): the buttons then look
        available, since pressing them does something."""
        return self.presses.can_keep() and self.session.position.phase == PLAY

    def say(self, message: str, hint: bool = False, seconds: float = TOAST_SECONDS) -> None:
        """Show a short message over the table."""
        self.messages.say(message, self.animations.time, hint, seconds)

    def clear_interaction(self) -> None:
        """Forget the pick, the selection and any hint (the position changed)."""
        self.pointer.clear()
        self.hint.clear()
        self.hint.awaited("hint" in self.presses.waiting)
        self.messages.drop_hint()

    # -- the frame -------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """Advance the session and the animations."""
        self.session.update()
        changed = self.feed.take()
        changed |= self.feed.show_next()
        changed |= self.animations.advance(dt, self.messages, self.ctx.play_sound)
        changed |= self.pointer.advance(dt)
        changed |= self.presses.replay()
        changed |= self.messages.expire(self.animations.time)
        if self.first_game is not None:
            self.first_game.turn(self)
        if self.thinking():
            changed |= self.drawing.dots_changed()
        return changed

    def thinking(self) -> bool:
        """Whether an AI seat is to play and everything before it was shown."""
        return (self.caught_up() and self.session.position.phase == PLAY
                and not self.session.is_human_turn())

    def next_frame_in(self) -> float:
        """Full speed while something moves; a slow tick while an AI thinks; else idle."""
        if (self.animations.busy() or self.interaction.snap is not None
                or self.interaction.drag is not None):
            return 0.0
        if self.thinking():
            return 0.05
        if self.animations.shown is not self.session.position:
            return 0.0
        waits = [IDLE]
        if self.messages.toast:
            waits.append(max(0.0, self.messages.toast_until - self.animations.time))
        if self.hint.waiting or self.session.coaching.grading():
            waits.append(0.05)  # the coach is computing: poll for its answer
        return min(waits)

    def drain(self) -> bool:
        """Take the session's events (:meth:`TableFeed.take`); whether there were any."""
        return self.feed.take()

    # -- input -----------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        """Pointer and keyboard play."""
        if isinstance(event, Resized):
            self.board.forget()
        elif isinstance(event, PointerMove):
            self.pointer.hover(event.pos)
        elif isinstance(event, Click):
            self.messages.quiet()
            self.pointer.click(event)
        elif isinstance(event, DragStart):
            self.messages.quiet()
            self.pointer.drag_start(event, self.drawing.targets)
        elif isinstance(event, DragMove):
            self.pointer.aim(event.pos)
        elif isinstance(event, Drop):
            self.pointer.drop(event.pos)
        elif isinstance(event, DragCancel):
            self.pointer.cancel_drag()
        elif isinstance(event, Scroll) and self.history.open:
            self.history.scroll_by(event.dy, len(self.session.history))
        elif isinstance(event, KeyAction):
            self.messages.quiet()
            self._key(event)

    def press(self, key: str) -> None:
        """A table button was pressed."""
        if key in _WAITING_PRESSES and self.presses.defer(key):
            return
        if key == "hint":
            self.table_coach.request_hint()
        elif key == "moves":
            self.table_coach.open_moves_list()
        elif key == "menu":
            self.open_menu()
        elif key == "history":
            self.history.toggle()
        elif key == "scores":
            self.ctx.nav.table.open_score_sheet(self.session)
        elif key == "undo":
            self.table_coach.undo()
        elif key == "play" and self.interaction.picked is not None:
            self.pointer.attempt(self.interaction.picked, set(self.interaction.selected))

    def _key(self, event: KeyAction) -> None:
        action = event.action
        act = self.interaction
        if action == Action.CANCEL:
            if act.picked is not None or act.selected or act.focus_item is not None:
                self.clear_interaction()
            elif self.hint.level:
                self.hint.hide()
            else:
                self.open_menu()
        elif action in _KEYS:
            self.press(_KEYS[action])
        elif action in (Action.PAGE_UP, Action.PAGE_DOWN) and self.history.open:
            self.history.scroll_by(5 if action == Action.PAGE_UP else -5,
                                   len(self.session.history))
        elif self.presses.defer(event):
            return
        elif self.accepting():
            self.pointer.play_keys(event)

    # -- dialogs ---------------------------------------------------------------------------
    def open_menu(self) -> None:
        """The pause menu."""
        self.presses.drop()
        self.ctx.nav.table.open_pause()

    # -- drawing ---------------------------------------------------------------------------
    def decorations(self) -> Decorations:
        """What to draw over the shown position (read-only)."""
        return self.drawing.decorations()

    def damage(self) -> list[Box] | None:
        """Only the flying (or dragged) cards' boxes, when nothing else changed."""
        return self.drawing.damage(self.decorations())

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the table, then the coach's panels over it."""
        self.drawing.draw(surface, self.decorations())


#: The keys that do what a table button does.
_KEYS = {Action.HINT: "hint", Action.MOVES: "moves", Action.SCORES: "scores",
         Action.HISTORY: "history", Action.UNDO: "undo"}
#: The presses that need the table ready (the others act at once).
_WAITING_PRESSES = {"hint", "moves", "play"}
