"""The table: where a match is played, watched and animated.

The scene keeps only presentation state (the picked hand card, the selected table
items, a drag in progress, what is being animated) and delegates: hands-on play to
:mod:`table_pointer` (every move goes through the controller's gesture resolution),
drawing to :mod:`table_drawing`, the coach's views to their own components (the
progressive hint :mod:`hint_coach`, the round's :mod:`history_panel`, the tutor's panel
:mod:`scenes.tutor`). The controller's events are shown one at a time
(:mod:`choreography`), so AI moves are readable, and the table draws the position of the
last event shown, which may lag the session's by a move.
"""

from __future__ import annotations

import logging
from collections import deque

from diloti_desktop.controller import (
    GameSession,
    HintReady,
    HintUnavailable,
    MovePlayed,
    MoveRejected,
    RoundBegan,
    RoundOver,
    SessionEvent,
    TutorWarning,
    Undone,
)
from diloti_desktop.i18n import _
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.ui.animation import Flight, Show
from diloti_desktop.ui.audio import Sound
from diloti_desktop.ui.choreography import move_steps, replayed_slots, round_start_steps
from diloti_desktop.ui.context import AppContext
from diloti_desktop.ui.hint_coach import HintCoach
from diloti_desktop.ui.history_panel import HistoryPanel
from diloti_desktop.ui.input import (
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
from diloti_desktop.ui.layout import CARD_SCALES, Box, TableLayout, table_layout
from diloti_desktop.ui.scene import IDLE, Scene
from diloti_desktop.ui.scenes import flow
from diloti_desktop.ui.table_coach import TableCoach
from diloti_desktop.ui.table_drawing import TableDrawing
from diloti_desktop.ui.table_pointer import TablePointer
from diloti_desktop.ui.table_state import Drag
from diloti_desktop.ui.table_view import TableGeometry
from diloti_desktop.ui.widgets import Button

log = logging.getLogger(__name__)

TOAST_SECONDS = 4.5


class TableScene(TableCoach, TablePointer, TableDrawing, Scene):
    """A match in progress (or, with no human seat, being watched)."""

    def __init__(self, ctx: AppContext, session: GameSession) -> None:
        super().__init__(ctx)
        self.session = session
        human = session.human_seat
        self.viewer = 0 if human is None else human
        self.spectator = human is None
        self.shown = session.position
        self.slots = replayed_slots(self.shown, session.history)  # as before a restore
        self.account = session.last_account
        self.show = Show()
        self.pending: deque[SessionEvent] = deque()
        self.time = 0.0
        # Interaction state (presentation only).
        self.picked: int | None = None
        self.selected: set[int] = set()
        self.focus_item: int | None = None
        self.pointer: tuple[int, int] | None = None  # where the mouse is (for tooltips)
        self.hover_card: int | None = None
        self.hover_button: str | None = None
        self.focus_button: str | None = None
        self.drag: Drag | None = None
        self.drag_targets: frozenset[int] = frozenset()
        self.drop_target: int | None = None
        self.lay_target = False
        self.held: tuple[int, Box] | None = None
        self.snap: tuple[Flight, float] | None = None
        self.launch: Box | None = None
        self.toast = ""
        self.toast_is_hint = False
        self.toast_until = 0.0
        self.banner_age = 0.0
        self.banner = ""
        self.last_reason = ""
        # The coach's components.
        self.hint = HintCoach()
        self.history = HistoryPanel()
        self.moves_shown = len(session.history)
        #: The table layout each shown position had, so undo restores the same picture.
        self.slot_memory: dict[Position, dict[int, int]] = {}
        self._layout: tuple[tuple[int, int, str, bool], TableLayout] | None = None
        self._dots = -1
        self._last_frame: tuple[object, list[Box]] = (None, [])
        self._targets_cache: tuple[tuple[Position, int], frozenset[int]] | None = None

    # -- lifecycle -------------------------------------------------------------------------
    def enter(self) -> None:
        """Take over the session: show its first deal, or the result of a finished round."""
        self._apply_settings()
        self._drain()
        if not self.pending and self.session.position.phase != PLAY:
            result = self.session.round_result()
            if result is not None:
                self.pending.append(result)

    def resume(self) -> None:
        """Settings may have changed while covered."""
        self._apply_settings()
        self._layout = None

    def _apply_settings(self) -> None:
        self.session.ai_pace = self.ctx.ai_pace()
        self.session.tutor = self.ctx.settings.tutor and self.session.against_ai()

    # -- geometry --------------------------------------------------------------------------
    def layout(self) -> TableLayout:
        """The table layout for the current window size and card size setting, with the
        felt beside the history panel while that is open."""
        width, height = self.ctx.window.size()
        key = (width, height, self.ctx.settings.card_size, self.history.open)
        if self._layout is None or self._layout[0] != key:
            scale = CARD_SCALES.get(self.ctx.settings.card_size, 1.0)
            layout = table_layout(width, height, self.shown.players, scale)
            self._layout = (key, layout.beside_history() if self.history.open else layout)
        return self._layout[1]

    def geometry(self) -> TableGeometry:
        """Where every card of the shown position lies."""
        return TableGeometry(self.layout(), self.shown, self.slots, self.viewer)

    def buttons(self) -> list[Button]:
        """The table's buttons, in their current state."""
        layout = self.layout()
        accepting = self.accepting()
        play = layout.play_button
        step = play.h + layout.pad
        buttons = [
            Button("hint", _("Hint"), layout.button("hint"), enabled=accepting, hotkey="H"),
            Button("moves", _("Moves"), layout.button("moves"), enabled=accepting, hotkey="M"),
            Button("menu", _("Menu"), layout.button("menu"), hotkey="Esc"),
            Button("history", _("History"), play.move(0, step), hotkey="L"),
        ]
        if not self.spectator:
            buttons.append(Button("play", _("Play"), play,
                                  enabled=accepting and self.picked is not None, primary=True,
                                  hotkey="Enter"))
            buttons.append(Button("undo", _("Undo"), play.move(0, -step),
                                  enabled=self.can_undo(), hotkey="Ctrl+Z"))
        return buttons

    # -- state -----------------------------------------------------------------------------
    def caught_up(self) -> bool:
        """Whether everything the session did has been shown."""
        return not self.show.busy() and not self.pending and self.shown is self.session.position

    def accepting(self) -> bool:
        """Whether the watcher may play now."""
        return (not self.spectator and self.caught_up() and self.session.is_human_turn()
                and self.ctx.scenes.top is self and self.held is None
                and not self.session.grading())

    def can_undo(self) -> bool:
        """Whether Undo would take something back now."""
        return (not self.spectator and self.ctx.scenes.top is self and self.drag is None
                and not self.session.grading() and self.session.can_undo())

    def say(self, message: str, hint: bool = False, seconds: float = TOAST_SECONDS) -> None:
        """Show a short message over the table."""
        self.toast = message[:1].upper() + message[1:]
        self.toast_is_hint = hint
        self.toast_until = self.time + seconds

    def clear_interaction(self) -> None:
        """Forget the pick, the selection and any hint (the position changed)."""
        self.picked = None
        self.selected.clear()
        self.focus_item = None
        self.hint.clear()
        self.drag_targets = frozenset()
        if self.toast_is_hint:
            self.toast = ""

    # -- the frame -------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """Advance the session and the animations."""
        self.time += dt
        changed = False
        self.session.update()
        changed |= self._drain()
        changed |= self._next_events()
        busy_before = self.show.busy()
        started, ended = self.show.advance(dt)
        for step in started:
            self.shown = step.position
            self.slots = dict(step.slots)
            self.slot_memory[step.position] = self.slots  # undo comes back to this layout
            if step.sound:
                self.ctx.play_sound(step.sound)
            if step.banner:
                self.banner_age = 0.0
        for step in ended:
            if step.account is not None:
                self.account = step.account
        current = self.show.current
        self.banner = current.banner if current is not None else ""
        if self.banner:
            self.banner_age += dt
        changed |= busy_before or bool(started or ended)
        if self.snap is not None:
            flight, elapsed = self.snap
            elapsed += dt
            self.snap = None if flight.progress(elapsed) >= 1 else (flight, elapsed)
            changed = True
        if self.toast and self.time >= self.toast_until:
            self.toast = ""
            changed = True
        if self.thinking():
            dots = int(self.time * 3) % 3
            changed |= dots != self._dots
            self._dots = dots
        return changed

    def thinking(self) -> bool:
        """Whether an AI seat is to play and everything before it was shown."""
        return (self.caught_up() and self.session.position.phase == PLAY
                and not self.session.is_human_turn())

    def next_frame_in(self) -> float:
        """Full speed while something moves; a slow tick while an AI thinks; else idle."""
        if self.show.busy() or self.pending or self.snap is not None or self.drag is not None:
            return 0.0
        if self.thinking():
            return 0.05
        if self.shown is not self.session.position:
            return 0.0
        waits = [IDLE]
        if self.toast:
            waits.append(max(0.0, self.toast_until - self.time))
        if self.hint.waiting or self.session.grading():
            waits.append(0.05)  # the coach is computing: poll for its answer
        return min(waits)

    def _drain(self) -> bool:
        """Take the session's events: messages now, moves and rounds into the queue."""
        changed = False
        for event in self.session.poll():
            changed = True
            if isinstance(event, MoveRejected):
                self.last_reason = event.reason
                self.say(event.reason)
            elif isinstance(event, HintReady):
                self._hint_arrived(event.position, event.advice)
            elif isinstance(event, HintUnavailable):
                self._hint_arrived(event.position, None)
            elif isinstance(event, TutorWarning):
                self._open_tutor(event)
            elif isinstance(event, Undone):
                self._undone()
            elif isinstance(event, MovePlayed | RoundBegan):
                self.pending.append(event)
                self.ctx.save_session()
            elif isinstance(event, RoundOver):
                self.pending.append(event)
        return changed

    def _next_events(self) -> bool:
        """Turn queued events into animation steps, one event at a time."""
        changed = False
        factor = self.ctx.animation_factor()
        while not self.show.busy() and self.pending and self.ctx.scenes.top is self:
            event = self.pending.popleft()
            changed = True
            if isinstance(event, MovePlayed):
                launch = self.launch if event.seat == self.viewer else None
                self.launch = None
                self.held = None
                self.moves_shown += 1
                self.clear_interaction()
                self.show.extend(move_steps(event, self.layout(), self.slots, self.viewer,
                                            factor, launch))
            elif isinstance(event, RoundBegan):
                position = event.position or self.session.position
                self.clear_interaction()
                self.slot_memory.clear()
                self.moves_shown = 0
                self.account = ""
                self.show.extend(round_start_steps(position, self.layout(), self.viewer,
                                                   factor))
            elif isinstance(event, RoundOver):
                self._open_summary(event)
                break
        return changed

    def _open_summary(self, result: RoundOver) -> None:
        from diloti_desktop.ui.scenes.summary import RoundSummaryScene

        self.ctx.play_sound(Sound.ROUND_END)
        self.ctx.scenes.push(RoundSummaryScene(self.ctx, self, result))

    def next_round(self) -> None:
        """Deal the next round (called by the round summary)."""
        if self.session.continue_after_round():
            self._drain()

    # -- input -----------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        """Pointer and keyboard play."""
        if isinstance(event, Resized):
            self._layout = None
        elif isinstance(event, PointerMove):
            self._hover(event.pos)
        elif isinstance(event, Click):
            self._quiet()
            self._click(event)
        elif isinstance(event, DragStart):
            self._quiet()
            self._drag_start(event)
        elif isinstance(event, DragMove) and self.drag is not None:
            self.drag.pos = event.pos
            self._aim(event.pos)
        elif isinstance(event, Drop) and self.drag is not None:
            self._drop(event.pos)
        elif isinstance(event, DragCancel) and self.drag is not None:
            drag, self.drag = self.drag, None
            self.drop_target = None
            self.lay_target = False
            self._snap_back(drag.card, drag.box())
        elif isinstance(event, Scroll) and self.history.open:
            self.history.scroll_by(event.dy, len(self.session.history))
        elif isinstance(event, KeyAction):
            self._quiet()
            self._key(event)

    def _quiet(self) -> None:
        """A new action: an old complaint is no longer relevant."""
        if self.toast and not self.toast_is_hint:
            self.toast = ""

    def _press(self, key: str) -> None:
        if key == "hint":
            self.request_hint()
        elif key == "moves":
            self.open_moves_list()
        elif key == "menu":
            self.open_menu()
        elif key == "history":
            self.history.toggle()
        elif key == "undo":
            self.undo()
        elif key == "play" and self.picked is not None:
            self._attempt(self.picked, set(self.selected))

    def _key(self, event: KeyAction) -> None:
        action = event.action
        if action == Action.CANCEL:
            if self.picked is not None or self.selected or self.focus_item is not None:
                self.clear_interaction()
            elif self.hint.level:
                self.hint.hide()
            else:
                self.open_menu()
        elif action == Action.HINT:
            self.request_hint()
        elif action == Action.MOVES:
            self.open_moves_list()
        elif action == Action.SCORES:
            flow.open_score_sheet(self.ctx, self.session)
        elif action == Action.HISTORY:
            self.history.toggle()
        elif action == Action.UNDO:
            self.undo()
        elif action in (Action.PAGE_UP, Action.PAGE_DOWN) and self.history.open:
            self.history.scroll_by(5 if action == Action.PAGE_UP else -5,
                                   len(self.session.history))
        elif self.accepting():
            self._play_keys(event)
