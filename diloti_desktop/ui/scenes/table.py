"""The table: where a match is played, watched and animated.

The scene keeps only presentation state (the picked hand card, the selected table
items, a drag in progress, what is being animated). Every move it plays comes from the
controller: a gesture (a hand card plus the pointed items) goes to
``GameSession.moves_for_gesture``; no match snaps the card back and shows the rules
core's reason, one match is submitted, several open a chooser. The controller's events
are shown one at a time (:mod:`choreography`), so AI moves are readable, and the table
draws the position of the last event shown, which may lag the session's by a move.
"""

from __future__ import annotations

import dataclasses
import logging
from collections import deque
from collections.abc import Sequence

import pygame

from diloti_desktop.controller import (
    GameSession,
    HintReady,
    HintUnavailable,
    MovePlayed,
    MoveRejected,
    RoundBegan,
    RoundOver,
    SessionEvent,
)
from diloti_desktop.i18n import _
from diloti_desktop.rules.cards import iter_cards
from diloti_desktop.rules.gestures import targets
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import PLAY
from diloti_desktop.ui import notice, theme
from diloti_desktop.ui.animation import Flight, Show
from diloti_desktop.ui.audio import Sound
from diloti_desktop.ui.choreography import move_steps, round_start_steps
from diloti_desktop.ui.context import AppContext
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
)
from diloti_desktop.ui.layout import (
    CARD_SCALES,
    Box,
    TableLayout,
    assign_slots,
    most_overlapped,
    raised,
    table_layout,
)
from diloti_desktop.ui.scene import IDLE, Scene
from diloti_desktop.ui.scenes import flow
from diloti_desktop.ui.table_view import (
    HOVER_LIFT,
    PICK_LIFT,
    Decorations,
    TableGeometry,
    draw_table,
    table_items,
)
from diloti_desktop.ui.widgets import Button
from diloti_desktop.ui.wording import describe_move, hint_parts, level_label

log = logging.getLogger(__name__)

TOAST_SECONDS = 4.5
SNAP_BACK = 0.22


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


class TableScene(Scene):
    """A match in progress (or, with no human seat, being watched)."""

    def __init__(self, ctx: AppContext, session: GameSession) -> None:
        super().__init__(ctx)
        self.session = session
        human = session.human_seat
        self.viewer = 0 if human is None else human
        self.spectator = human is None
        self.shown = session.position
        self.slots = assign_slots({}, table_items(self.shown))
        self.account = session.last_account
        self.show = Show()
        self.pending: deque[SessionEvent] = deque()
        self.time = 0.0
        # Interaction state (presentation only).
        self.picked: int | None = None
        self.selected: set[int] = set()
        self.focus_item: int | None = None
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
        self.hint: tuple[Move | None, str] | None = None
        self.banner_age = 0.0
        self.banner = ""
        self.last_reason = ""
        self._layout: tuple[tuple[int, int, str], TableLayout] | None = None
        self._dots = -1
        self._last_frame: tuple[object, list[Box]] = (None, [])

    # -- lifecycle -------------------------------------------------------------------------
    def enter(self) -> None:
        """Take over the session: show its first deal, or the result of a finished round."""
        self.session.ai_pace = self.ctx.ai_pace()
        self._drain()
        if not self.pending and self.session.position.phase != PLAY:
            result = self.session.round_result()
            if result is not None:
                self.pending.append(result)

    def resume(self) -> None:
        """Settings may have changed while covered."""
        self.session.ai_pace = self.ctx.ai_pace()
        self._layout = None

    # -- geometry --------------------------------------------------------------------------
    def layout(self) -> TableLayout:
        """The table layout for the current window size and card size setting."""
        width, height = self.ctx.window.size()
        key = (width, height, self.ctx.settings.card_size)
        if self._layout is None or self._layout[0] != key:
            scale = CARD_SCALES.get(self.ctx.settings.card_size, 1.0)
            self._layout = (key, table_layout(width, height, self.shown.players, scale))
        return self._layout[1]

    def geometry(self) -> TableGeometry:
        """Where every card of the shown position lies."""
        return TableGeometry(self.layout(), self.shown, self.slots, self.viewer)

    def hand_card_boxes(self) -> list[tuple[int, Box]]:
        """The watcher's hand cards as drawn (the picked card raised), left to right."""
        boxes = []
        for card, box in self.geometry().hand(self.viewer):
            if card == self.picked:
                box = raised(box, PICK_LIFT)
            elif card == self.hover_card:
                box = raised(box, HOVER_LIFT)
            boxes.append((card, box))
        return boxes

    def hand_card_at(self, pos: tuple[int, int]) -> int | None:
        """The watcher's hand card under ``pos`` (the topmost)."""
        if self.spectator:
            return None
        for card, box in reversed(self.hand_card_boxes()):
            if box.contains(pos):
                return card
        return None

    def item_boxes(self) -> dict[int, Box]:
        """Each table item (card mask) and its area."""
        return self.geometry().item_boxes()

    def item_at(self, pos: tuple[int, int]) -> int | None:
        """The table item under ``pos``."""
        for mask, box in self.item_boxes().items():
            if box.contains(pos):
                return mask
        return None

    def buttons(self) -> list[Button]:
        """The table's buttons, in their current state."""
        layout = self.layout()
        accepting = self.accepting()
        buttons = [
            Button("hint", _("Hint"), layout.button("hint"), enabled=accepting, hotkey="H"),
            Button("moves", _("Moves"), layout.button("moves"), enabled=accepting, hotkey="M"),
            Button("menu", _("Menu"), layout.button("menu"), hotkey="Esc"),
        ]
        if not self.spectator:
            buttons.append(Button("play", _("Play"), layout.play_button,
                                  enabled=accepting and self.picked is not None, primary=True,
                                  hotkey="Enter"))
        return buttons

    def button_at(self, pos: tuple[int, int]) -> Button | None:
        """The enabled button under ``pos``."""
        return next((b for b in self.buttons() if b.enabled and b.box.contains(pos)), None)

    # -- state -----------------------------------------------------------------------------
    def caught_up(self) -> bool:
        """Whether everything the session did has been shown."""
        return not self.show.busy() and not self.pending and self.shown is self.session.position

    def accepting(self) -> bool:
        """Whether the watcher may play now."""
        return (not self.spectator and self.caught_up() and self.session.is_human_turn()
                and self.ctx.scenes.top is self and self.held is None)

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
        self.hint = None
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
        if self.session.is_human_turn() and self.toast_is_hint and self.hint is None:
            waits.append(0.1)  # a hint is being computed
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
                self._show_hint(event.hints)
            elif isinstance(event, HintUnavailable):
                self.say(_("No hint is available right now."), hint=True)
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
                self.clear_interaction()
                self.show.extend(move_steps(event, self.layout(), self.slots, self.viewer,
                                            factor, launch))
            elif isinstance(event, RoundBegan):
                position = event.position or self.session.position
                self.clear_interaction()
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
            self._click(event)
        elif isinstance(event, DragStart):
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
        elif isinstance(event, KeyAction):
            self._key(event)

    def _quiet(self) -> None:
        """A new action: an old complaint is no longer relevant."""
        if self.toast and not self.toast_is_hint:
            self.toast = ""

    def _hover(self, pos: tuple[int, int]) -> None:
        button = self.button_at(pos)
        self.hover_button = button.key if button else None
        self.hover_card = self.hand_card_at(pos) if self.accepting() else None

    def _click(self, event: Click) -> None:
        self._quiet()
        button = self.button_at(event.pos)
        if button is not None:
            self.ctx.play_sound(Sound.CLICK)
            self._press(button.key)
            return
        card = self.hand_card_at(event.pos)
        if card is not None:
            if not self.accepting():
                return
            if event.count == 2:
                self._attempt(card, set(self.selected))
            else:
                self.picked = None if self.picked == card else card
            return
        item = self.item_at(event.pos)
        if item is not None and self.accepting():
            if item in self.selected:
                self.selected.discard(item)
            else:
                self.selected.add(item)
            self.focus_item = item

    def _press(self, key: str) -> None:
        if key == "hint":
            self.request_hint()
        elif key == "moves":
            self.open_moves_list()
        elif key == "menu":
            self.open_menu()
        elif key == "play" and self.picked is not None:
            self._attempt(self.picked, set(self.selected))

    def _drag_start(self, event: DragStart) -> None:
        if not self.accepting():
            return
        card = self.hand_card_at(event.origin)
        if card is None:
            return
        self._quiet()
        box = dict(self.hand_card_boxes())[card]
        self.drag = Drag(card, (event.origin[0] - box.x, event.origin[1] - box.y),
                         (box.w, box.h), event.pos)
        loose, piles = targets(self.session.position, card)
        self.drag_targets = frozenset({1 << c for c in iter_cards(loose)} | set(piles))
        self.hover_card = None
        self._aim(event.pos)

    def _aim(self, pos: tuple[int, int]) -> None:
        """What a drop at ``pos`` would point at: an item, or the empty table (a lay)."""
        assert self.drag is not None
        self.drop_target = self._drop_target(pos, self.drag.box())
        self.lay_target = False
        if self.drop_target is None and self.layout().table.contains(pos):
            loose, piles = self._split(self.selected)
            self.lay_target = bool(self.session.candidate_moves(self.drag.card, loose, piles))

    def _drop_target(self, pos: tuple[int, int], box: Box) -> int | None:
        under = self.item_at(pos)
        if under is not None:
            return under
        items = list(self.item_boxes().items())
        index = most_overlapped([b for _m, b in items], box, minimum=0.35)
        return items[index][0] if index is not None else None

    def _drop(self, pos: tuple[int, int]) -> None:
        assert self.drag is not None
        drag, self.drag = self.drag, None
        box = drag.box()
        target = self._drop_target(pos, box)
        self.drop_target = None
        self.lay_target = False
        self.drag_targets = frozenset()
        on_table = self.layout().table.contains(pos) or target is not None
        if not on_table:
            self._snap_back(drag.card, box)  # put back in hand: not a move at all
            return
        items = set(self.selected)
        if target is not None:
            items.add(target)
        self._attempt(drag.card, items, launch=box)

    def _snap_back(self, card: int, start: Box) -> None:
        home = dict(self.geometry().hand(self.viewer)).get(card)
        if home is None:
            return
        duration = SNAP_BACK * self.ctx.animation_factor()
        if duration > 0:
            self.snap = (Flight(card, start, home, 0.0, duration), 0.0)

    def _split(self, items: set[int]) -> tuple[int, list[int]]:
        loose = 0
        piles = []
        position = self.session.position
        pile_masks = {p.cards for p in position.piles}
        for mask in items:
            if mask in pile_masks:
                piles.append(mask)
            elif mask.bit_count() == 1 and mask & position.loose:
                loose |= mask
        return loose, piles

    def _attempt(self, card: int, items: set[int], launch: Box | None = None) -> None:
        """Play ``card`` with the pointed ``items``: one move, a chooser, or the reason."""
        if not self.accepting():
            if launch is not None:
                self._snap_back(card, launch)
            return
        loose, piles = self._split(items)
        moves = self.session.moves_for_gesture(card, loose, piles)
        self._drain()
        if not moves:
            if launch is not None:
                self._snap_back(card, launch)
            return
        if len(moves) == 1:
            self.submit(moves[0], launch)
            return
        self.held = (card, launch) if launch is not None else None
        self.open_chooser(moves, launch)

    def submit(self, move: Move, launch: Box | None = None) -> None:
        """Play a move the rules core listed (from a gesture, the chooser or the list)."""
        self.held = None
        self.launch = launch
        if not self.session.submit(move):
            self._drain()
            self.launch = None
            if launch is not None:
                self._snap_back(move.card, launch)
            return
        self.clear_interaction()
        self._drain()

    def _key(self, event: KeyAction) -> None:
        action = event.action
        self._quiet()
        if action == Action.CANCEL:
            if self.picked is not None or self.selected or self.focus_item is not None:
                self.clear_interaction()
            else:
                self.open_menu()
            return
        if action == Action.HINT:
            self.request_hint()
            return
        if action == Action.MOVES:
            self.open_moves_list()
            return
        if action == Action.SCORES:
            flow.open_score_sheet(self.ctx, self.session)
            return
        if not self.accepting():
            return
        hand = [card for card, _box in self.geometry().hand(self.viewer)]
        if action in (Action.LEFT, Action.RIGHT) and hand:
            step = 1 if action == Action.RIGHT else -1
            if self.picked in hand:
                index = (hand.index(self.picked) + step) % len(hand)
            else:
                index = 0 if step > 0 else len(hand) - 1
            self.picked = hand[index]
        elif action == Action.DIGIT and 1 <= event.digit <= len(hand):
            self.picked = hand[event.digit - 1]
        elif action in (Action.NEXT, Action.PREVIOUS, Action.UP):
            items = sorted(self.slots, key=lambda m: self.slots[m])
            if items:
                step = -1 if action == Action.PREVIOUS else 1
                if self.focus_item in items:
                    index = (items.index(self.focus_item) + step) % len(items)
                else:
                    index = 0 if step > 0 else len(items) - 1
                self.focus_item = items[index]
        elif action == Action.DOWN:
            self.focus_item = None
        elif action == Action.TOGGLE and self.focus_item is not None:
            if self.focus_item in self.selected:
                self.selected.discard(self.focus_item)
            else:
                self.selected.add(self.focus_item)
        elif action == Action.CONFIRM:
            if self.picked is None:
                self.say(_("Pick a card first: the arrow keys or 1 to 6 choose one."))
            else:
                self._attempt(self.picked, set(self.selected))

    # -- dialogs ---------------------------------------------------------------------------
    def open_chooser(self, moves: Sequence[Move], launch: Box | None) -> None:
        """Ask which of several moves a gesture meant."""
        from diloti_desktop.ui.scenes.dialogs import ChooserScene

        position = self.session.position
        options = [(describe_move(m, position), m) for m in moves]

        def cancel() -> None:
            held, self.held = self.held, None
            if held is not None:
                self._snap_back(*held)

        self.ctx.scenes.push(ChooserScene(
            self.ctx, _("This play can mean more than one move. Which one?"), options,
            on_choose=lambda move: self.submit(move, launch), on_cancel=cancel))

    def open_moves_list(self) -> None:
        """Every legal move in words: the fallback that reaches any move."""
        if not self.accepting():
            return
        from diloti_desktop.ui.scenes.moves_list import MovesListScene

        self.ctx.scenes.push(MovesListScene(
            self.ctx, self.session.position, self.session.legal_moves(), self.submit,
            recommended=self.hint[0] if self.hint is not None else None))

    def open_menu(self) -> None:
        """The pause menu."""
        from diloti_desktop.ui.scenes.dialogs import PauseScene

        self.ctx.scenes.push(PauseScene(self.ctx))

    def request_hint(self) -> None:
        """Ask the AI's hint engine for the best move."""
        if not self.accepting():
            return
        self.hint = None
        self.say(_("Looking for a good move…"), hint=True, seconds=20)
        self.session.request_hint()

    def _show_hint(self, hints: Sequence[object]) -> None:
        if not hints:
            self.say(_("No hint is available right now."), hint=True)
            return
        move, reason = hint_parts(hints[0])
        if move is None:
            self.say(_("No hint is available right now."), hint=True)
            return
        self.hint = (move, reason)
        words = describe_move(move, self.session.position)
        if reason and reason != move.describe():
            message = _("Hint: {move} — {reason}").format(move=words, reason=reason)
        else:
            message = _("Hint: {move}.").format(move=words)
        self.say(message, hint=True, seconds=60)

    # -- drawing ---------------------------------------------------------------------------
    def decorations(self) -> Decorations:
        """What to draw over the shown position (read-only)."""
        current = self.show.current
        hidden = current.hidden if current is not None else 0
        flights: list[tuple[Flight, float]] = []
        if current is not None and current.duration > 0:
            flights = [(f, self.show.elapsed) for f in current.flights]
        dragged = None
        if self.drag is not None:
            hidden |= 1 << self.drag.card
            dragged = (self.drag.card, self.drag.box())
        elif self.held is not None:
            hidden |= 1 << self.held[0]
            dragged = self.held
        if self.snap is not None:
            hidden |= 1 << self.snap[0].card
            flights.append(self.snap)
        hint_card = None
        hint_items: frozenset[int] = frozenset()
        if self.hint is not None and self.hint[0] is not None:
            move = self.hint[0]
            hint_card = move.card
            hint_items = frozenset({1 << c for c in iter_cards(move.loose)} | set(move.piles))
        accepting = self.accepting()
        shown_targets = self.drag_targets
        if self.drag is None and self.picked is not None and accepting:
            loose, piles = targets(self.session.position, self.picked)
            shown_targets = frozenset({1 << c for c in iter_cards(loose)} | set(piles))
        config = self.session.config
        labels = {}
        for seat in range(self.shown.players):
            if seat != self.viewer and not config.is_human(seat):
                level = level_label(config.seats[seat])
                labels[seat] = (_("partner · {level}").format(level=level)
                                if self.shown.players == 4 and seat == (self.viewer + 2) % 4
                                else level)
        status = self.account
        if not status and accepting:
            status = _("Drag a card onto the table, or pick one and press Play.")
        return Decorations(
            hidden=hidden,
            captured=current.captured if current is not None else None,
            picked=self.picked if accepting else None,
            hover_card=self.hover_card,
            selected=frozenset(self.selected),
            targets=shown_targets,
            drop_target=self.drop_target,
            lay_target=self.lay_target,
            focus_item=self.focus_item,
            hint_card=hint_card,
            hint_items=hint_items,
            dragged=dragged,
            flights=flights,
            status=status,
            toast=self.toast,
            toast_is_hint=self.toast_is_hint,
            banner=self.banner,
            banner_age=self.banner_age,
            turn_seat=self.shown.turn if self.shown.phase == PLAY else None,
            thinking=self.thinking(),
            clock=self.time,
            human_turn=accepting,
            face_up_hands=frozenset({self.viewer}),
            buttons=self.buttons(),
            hovered_button=self.hover_button,
            four_colour=self.ctx.settings.four_colour_suits,
            labels=labels,
        )

    def damage(self) -> list[Box] | None:
        """Only the flying (or dragged) cards' boxes, when nothing else changed."""
        deco = self.decorations()
        moving = [flight.box_at(elapsed) for flight, elapsed in deco.flights]
        if deco.dragged is not None:
            moving.append(deco.dragged[1])
        still = dataclasses.replace(deco, flights=(), dragged=None, clock=0.0)
        dots = int(self.time * 3) % 3 if deco.thinking else -1
        signature = (self.shown, tuple(sorted(self.slots.items())), self.layout(), still, dots,
                     self.ctx.save_problem)
        previous, previous_boxes = self._last_frame
        margin = max(24, self.layout().hand_w // 3)
        boxes = [box.inflate(margin, margin) for box in moving]
        self._last_frame = (signature, boxes)
        if signature != previous or deco.banner:
            return None
        return previous_boxes + boxes

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the table."""
        draw_table(surface, self.geometry(), self.decorations())
        notice.draw_save_warning(surface, self.ctx, self.layout().table)
        if self.spectator:
            layout = self.layout()
            theme.blit_text(surface, _("Watching the AI play"), layout.font_px,
                            (layout.play_button.x, layout.play_button.centery), theme.INK_DIM,
                            anchor="midleft")
