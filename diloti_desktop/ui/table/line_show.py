"""Show the line: the tutor's refutation played on the table, then back to the panel.

Over the table and the tutor's panel, this scene plays the line (the move the tutor
doubts, the reply, ours...) with the table's own card animations (:mod:`choreography`)
and a caption per ply, then removes itself: the table and the panel under it are as they
were, since the line is played from copies of positions (:mod:`~diloti_desktop.ui.board.
line_play`), never through the session.

Input while it plays: → or Space goes on to the next ply at once, ← shows the previous
ply again, W starts again; Esc, Backspace or a click ends it early. Any other key waits
(in order, at most :data:`~diloti_desktop.ui.table.press_queue.PENDING_LIMIT`) and goes
to the panel once the line is over, as the table's presses wait for the table.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from typing import Final

import pygame

from diloti_desktop.ai.refutation import Refutation
from diloti_desktop.controller import MovePlayed
from diloti_desktop.rules.events import DealDealt
from diloti_desktop.ui.board.line_play import LinePlay, LinePly, play_line
from diloti_desktop.ui.board.table_view import Decorations, TableGeometry, draw_table
from diloti_desktop.ui.kit.animation import Show, Step
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.input import Action, Click, InputEvent, KeyAction, Resized
from diloti_desktop.ui.kit.layout import TableLayout
from diloti_desktop.ui.kit.scene import IDLE, Scene
from diloti_desktop.ui.table.choreography import move_slots, move_steps
from diloti_desktop.ui.table.press_queue import PENDING_LIMIT
from diloti_desktop.ui.words.line_words import table_line_status

#: Seconds each ply's result stays still, to read its caption (at the normal speed).
PLY_PAUSE: Final = 1.6
#: Seconds the last ply's result stays before the table goes back.
LAST_PAUSE: Final = 2.6
#: Seconds the start stays before the first card moves.
START_PAUSE: Final = 0.4
#: Seconds between two frames during a pause (no more than the loop's longest frame).
PAUSE_TICK: Final = 0.1
#: With animations off the cards jump, but the captions still need time to be read.
MIN_FACTOR: Final = 0.7


class LineShowScene(Scene):
    """The tutor's line played over the table."""

    def __init__(self, ctx: AppContext, refutation: Refutation,
                 layout: Callable[[], TableLayout], viewer: int, slots: Mapping[int, int],
                 labels: Mapping[int, str]) -> None:
        super().__init__(ctx)
        self.line: LinePlay | None = play_line(refutation)
        self.layout = layout
        self.viewer = viewer
        self.labels = dict(labels)
        plies = self.line.plies if self.line is not None else ()
        #: The moves as the table's choreography takes them (no deal shown: in a sampled
        #: world its cards are guesses).
        self.played = [_played(ply) for ply in plies]
        #: The table's slots before each ply, and after the last: the cards stay where
        #: the table had them.
        self.slots_at = [dict(slots)]
        for played in self.played:
            self.slots_at.append(move_slots(self.slots_at[-1], played)[1])
        self.step = 0  # the ply shown (1 to the line's length; 0 before the first)
        self.show = Show()
        self.shown = plies[0].before if plies else None
        self.slots = dict(slots)
        self.banner = ""
        self.banner_age = 0.0
        self.waiting: deque[KeyAction] = deque()
        self.over = False

    @property
    def length(self) -> int:
        """The line's plies."""
        return len(self.played)

    # -- lifecycle -------------------------------------------------------------------------
    def enter(self) -> None:
        """Start with the first ply, unless a ply was already begun (or leave at once when
        there is nothing to show)."""
        if not self.played:
            self.finish()
        elif self.step == 0:
            self.begin(1, START_PAUSE)

    def begin(self, step: int, wait: float = 0.0) -> None:
        """Play ply ``step`` (1 to the line's length) from the position before it."""
        step = max(1, min(self.length, step))
        factor = self.ctx.animation_factor()
        played = self.played[step - 1]
        before = self.slots_at[step - 1]
        self.step = step
        self.shown, self.slots = played.before, dict(before)
        self.show = Show()
        if wait:
            self.show.extend([Step(wait, played.before, before)])
        self.show.extend(move_steps(played, self.layout(), before, self.viewer, factor))
        pause = (LAST_PAUSE if step == self.length else PLY_PAUSE) * max(MIN_FACTOR, factor)
        self.show.extend([Step(pause, played.after, self.slots_at[step])])

    def finish(self) -> None:
        """Leave: the table and the panel show again, and the keys kept go to the panel."""
        if self.over:
            return
        self.over = True
        self.ctx.scenes.pop(self)
        while self.waiting:
            top = self.ctx.scenes.top
            if top is None:
                break
            top.handle(self.waiting.popleft())

    # -- the frame -------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """Move the cards on; the next ply when one is over, and back when all are."""
        if self.over:
            return False
        started, ended = self.show.advance(dt)
        for step in started:
            self.shown = step.position
            self.slots = dict(step.slots)
            if step.sound:
                self.ctx.play_sound(step.sound)
            if step.banner:
                self.banner_age = 0.0
        current = self.show.current
        self.banner = current.banner if current is not None else ""
        if self.banner:
            self.banner_age += dt
        if not self.show.busy():
            if self.step < self.length:
                self.begin(self.step + 1)
            else:
                self.finish()
            return True
        return bool(started or ended or _moving(self.show.current))

    def next_frame_in(self) -> float:
        """Full speed while cards fly or a banner sparkles; during a pause, a slow tick
        (the loop's frame time is capped, so the pause is counted in short steps)."""
        current = self.show.current
        if current is None:
            return IDLE
        if _moving(current):
            return 0.0
        return max(0.0, min(PAUSE_TICK, current.duration - self.show.elapsed))

    # -- input -----------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        """Esc or a click ends the line; → next, ← again the previous; other keys wait."""
        if self.over:
            return
        if isinstance(event, Click):
            self.finish()
        elif isinstance(event, Resized):
            self.begin(self.step)  # the flights were laid out for the old size
        elif isinstance(event, KeyAction):
            self._key(event)

    def _key(self, event: KeyAction) -> None:
        action = event.action
        if action == Action.CANCEL:
            self.finish()
        elif action in (Action.RIGHT, Action.TOGGLE):
            if self.step < self.length:
                self.begin(self.step + 1)
            else:
                self.finish()
        elif action == Action.LEFT:
            self.begin(self.step - 1)
        elif action == Action.SHOW_LINE:
            self.begin(1)
        elif len(self.waiting) < PENDING_LIMIT:
            self.waiting.append(event)

    # -- drawing ---------------------------------------------------------------------------
    def decorations(self) -> Decorations:
        """The flying cards, the caption of the ply shown and the line's status."""
        current = self.show.current
        line = self.line
        concealed = line.concealed if line is not None else 0
        flights = ([(f, self.show.elapsed) for f in current.flights]
                   if current is not None and current.duration > 0 else [])
        return Decorations(
            hidden=(current.hidden if current is not None else 0) | concealed,
            captured=current.captured if current is not None else None,
            flights=flights,
            status=table_line_status(max(1, self.step), self.length),
            toast=line.caption(self.step) if line is not None else "",
            toast_is_hint=True,
            banner=self.banner,
            banner_age=self.banner_age,
            face_up_hands=frozenset({self.viewer}),
            four_colour=self.ctx.settings.four_colour_suits,
            labels=self.labels,
        )

    def geometry(self) -> TableGeometry | None:
        """Where the shown position's cards lie."""
        if self.shown is None:
            return None
        return TableGeometry(self.layout(), self.shown, self.slots, self.viewer)

    def draw(self, surface: pygame.Surface) -> None:
        """The table as the line has it now."""
        geometry = self.geometry()
        if geometry is not None:
            draw_table(surface, geometry, self.decorations())


def _moving(step: Step | None) -> bool:
    """Whether ``step`` changes the picture while it lasts (cards fly, a banner sparkles)."""
    return step is not None and bool(step.flights or step.banner)


def _played(ply: LinePly) -> MovePlayed:
    """A ply as the table's choreography shows a played move (a deal it brings is left
    out: the cards stay where they are, the new ones are not drawn)."""
    events = tuple(e for e in ply.events if not isinstance(e, DealDealt))
    return MovePlayed(ply.seat, ply.move, events, "", ply.before, ply.after)


__all__ = ["LAST_PAUSE", "PLY_PAUSE", "LineShowScene"]
