"""The table scene's state, as explicit objects with one owner each.

- :class:`Interaction`: what the player is doing (picked card, selected items, a drag, a
  card held while a move is chosen or graded); written only by its owner, the pointer
  component (:mod:`table_pointer`), which the other parts ask through its methods.
- :class:`Messages`: the toast, the banner and the last refusal; they change only through
  their own methods.
- :class:`Animations`: what is shown of the session (the shown position, its slots, the
  queued events and the show playing them) and the scene's clock; they change only
  through their own methods.
- :class:`Board`: where things are (the layout for the window, the watcher's seat).

The components read these objects and never assign another object's attributes.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Callable

from diloti_desktop.controller import GameSession, MovePlayed, SessionEvent
from diloti_desktop.rules.position import Position
from diloti_desktop.ui.board.table_view import TableGeometry
from diloti_desktop.ui.kit.animation import Flight, Show
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.layout import CARD_SCALES, Box, TableLayout, table_layout
from diloti_desktop.ui.table.choreography import move_steps, replayed_slots, round_start_steps
from diloti_desktop.ui.table.history_panel import HistoryPanel

TOAST_SECONDS = 4.5


@dataclasses.dataclass
class Drag:
    """A hand card following the pointer."""

    card: int
    grab: tuple[int, int]
    size: tuple[int, int]
    pos: tuple[int, int]

    def box(self) -> Box:
        """Where the dragged card is drawn."""
        return Box(self.pos[0] - self.grab[0], self.pos[1] - self.grab[1], *self.size)


@dataclasses.dataclass
class Interaction:
    """The player's hands on the table (presentation only; the pointer writes it)."""

    picked: int | None = None
    selected: set[int] = dataclasses.field(default_factory=set)
    focus_item: int | None = None
    pointer: tuple[int, int] | None = None  # where the mouse is (for tooltips)
    hover_card: int | None = None
    hover_button: str | None = None
    drag: Drag | None = None
    drag_targets: frozenset[int] = frozenset()
    drop_target: int | None = None
    lay_target: bool = False
    #: A card kept off the hand while a chooser or the tutor decides (and where it is).
    held: tuple[int, Box] | None = None
    #: A dropped card flying home, and how long it has flown.
    snap: tuple[Flight, float] | None = None
    #: Where the card of the move being submitted was let go (its flight starts there).
    launch: Box | None = None


class Messages:
    """The toast over the table, the show's banner and the rules' last refusal."""

    def __init__(self) -> None:
        self.toast = ""
        self.toast_is_hint = False
        self.toast_until = 0.0
        self.banner = ""
        self.banner_age = 0.0
        self.last_reason = ""

    def say(self, message: str, now: float, hint: bool = False,
            seconds: float = TOAST_SECONDS) -> None:
        """Show a short message until ``now + seconds``."""
        self.toast = message[:1].upper() + message[1:]
        self.toast_is_hint = hint
        self.toast_until = now + seconds

    def refused(self, reason: str) -> None:
        """Remember the rules' reason for the last refused move."""
        self.last_reason = reason

    def forget_reason(self) -> None:
        """A new position: the last refusal no longer applies."""
        self.last_reason = ""

    def quiet(self, hints_too: bool = False) -> None:
        """Drop the toast if it is a complaint (or a hint, with ``hints_too``)."""
        if self.toast and (hints_too or not self.toast_is_hint):
            self.toast = ""

    def drop_hint(self) -> None:
        """Drop the toast if it is a hint."""
        if self.toast_is_hint:
            self.toast = ""

    def expire(self, now: float) -> bool:
        """Drop a toast whose time is up; whether one was dropped."""
        if self.toast and now >= self.toast_until:
            self.toast = ""
            return True
        return False

    def show_banner(self, banner: str, new: bool, dt: float) -> None:
        """The show's current banner (``new`` when its step just started)."""
        if new:
            self.banner_age = 0.0
        self.banner = banner
        if banner:
            self.banner_age += dt


class Animations:
    """What is shown of the session: the shown position (which may lag the session's by
    a move), its table slots, the events waiting to be shown and the show playing them."""

    def __init__(self, session: GameSession) -> None:
        self.shown = session.position
        self.slots = replayed_slots(self.shown, session.history)  # as before a restore
        self.account = session.last_account
        self.show = Show()
        self.pending: deque[SessionEvent] = deque()
        self.time = 0.0
        self.moves_shown = len(session.history)
        #: The table layout each shown position had, so undo restores the same picture.
        self.slot_memory: dict[Position, dict[int, int]] = {}

    def busy(self) -> bool:
        """Whether something is playing or waiting to be played."""
        return self.show.busy() or bool(self.pending)

    def queue(self, event: SessionEvent) -> None:
        """Show ``event`` after those already waiting."""
        self.pending.append(event)

    def next_event(self) -> SessionEvent | None:
        """The next event to show, once the show is idle."""
        if self.show.busy() or not self.pending:
            return None
        return self.pending.popleft()

    def play_move(self, event: MovePlayed, layout: TableLayout, viewer: int, factor: float,
                  launch: Box | None) -> None:
        """Animate a played move (``launch``: where its card was let go)."""
        self.moves_shown += 1
        self.show.extend(move_steps(event, layout, self.slots, viewer, factor, launch))

    def deal(self, position: Position, layout: TableLayout, viewer: int, factor: float) -> None:
        """Animate a round's first deal."""
        self.slot_memory.clear()
        self.moves_shown = 0
        self.account = ""
        self.show.extend(round_start_steps(position, layout, viewer, factor))

    def advance(self, dt: float, messages: Messages,
                play_sound: Callable[[str], None]) -> bool:
        """Move the clock and the show on by ``dt``; whether the picture changed."""
        self.time += dt
        busy_before = self.show.busy()
        started, ended = self.show.advance(dt)
        new_banner = False
        for step in started:
            self.shown = step.position
            self.slots = dict(step.slots)
            self.slot_memory[step.position] = self.slots  # undo comes back to this layout
            if step.sound:
                play_sound(step.sound)
            new_banner |= bool(step.banner)
        for step in ended:
            if step.account is not None:
                self.account = step.account
        current = self.show.current
        messages.show_banner(current.banner if current is not None else "", new_banner, dt)
        return busy_before or bool(started or ended)

    def jump_to(self, session: GameSession) -> None:
        """Show the session's position at once, with the slots it had (after undo)."""
        self.pending.clear()
        self.show = Show()
        self.shown = session.position
        remembered = self.slot_memory.get(self.shown)
        self.slots = (dict(remembered) if remembered is not None
                      else replayed_slots(self.shown, session.history))
        self.account = session.last_account
        self.moves_shown = len(session.history)


class Board:
    """Where things are: the table layout for the window and card size (the felt beside
    the history panel while that is open, and below a coach panel's share of it)."""

    def __init__(self, ctx: AppContext, session: GameSession, history: HistoryPanel,
                 panel_share: float = 0.0) -> None:
        self.ctx = ctx
        human = session.human_seat
        self.viewer = 0 if human is None else human
        self.spectator = human is None
        self.players = session.position.players
        self.history = history
        self.panel_share = panel_share
        self._layout: tuple[tuple[int, int, str, bool], TableLayout] | None = None

    def forget(self) -> None:
        """The window or the settings changed: compute the layout again."""
        self._layout = None

    def layout(self) -> TableLayout:
        """The table layout now."""
        width, height = self.ctx.window.size()
        key = (width, height, self.ctx.settings.card_size, self.history.open)
        if self._layout is None or self._layout[0] != key:
            scale = CARD_SCALES.get(self.ctx.settings.card_size, 1.0)
            layout = table_layout(width, height, self.players, scale)
            if self.history.open:
                layout = layout.beside_history()
            if self.panel_share:
                table = layout.table
                top = round(table.h * self.panel_share)
                layout = dataclasses.replace(
                    layout, table=Box(table.x, table.y + top, table.w, table.h - top))
            self._layout = (key, layout)
        return self._layout[1]

    def panel_box(self) -> Box:
        """The coach panel's part of the felt (its top), when there is one."""
        layout = self.layout()
        table = layout.table
        top = round(table.h / (1 - self.panel_share) * self.panel_share)
        return Box(table.x, table.y - top - layout.pad // 2, table.w, top)

    def geometry(self, animations: Animations) -> TableGeometry:
        """Where every card of the shown position lies."""
        return TableGeometry(self.layout(), animations.shown, animations.slots, self.viewer)
