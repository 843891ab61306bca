"""The table's hands-on play: picking, selecting, dragging and dropping, and the keys.

A gesture (a hand card plus the pointed table items) always goes to the controller
(``GameSession.moves_for_gesture``, i.e. the rules core's gesture resolution): no match
snaps the card back with the rules' reason, one match is submitted, several open a
chooser, except that when a followed hint's move is among them, that move is the one
meant. :class:`TablePointer` owns the :class:`~table_state.Interaction` (presentation
state only); the other parts change it through its methods.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from diloti_desktop.controller import GameSession
from diloti_desktop.i18n import _
from diloti_desktop.rules.gestures import find_moves
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.ui.board.table_view import HOVER_LIFT, PICK_LIFT
from diloti_desktop.ui.kit.animation import Flight
from diloti_desktop.ui.kit.audio import Sound
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.input import Action, Click, DragStart, KeyAction
from diloti_desktop.ui.kit.layout import Box, most_overlapped, raised
from diloti_desktop.ui.kit.widgets import Button
from diloti_desktop.ui.table.hint_coach import HintCoach, move_items
from diloti_desktop.ui.table.table_state import Animations, Board, Drag, Interaction, Messages

SNAP_BACK = 0.22


class PointerHost(Protocol):
    """What the pointer asks of the scene it serves."""

    def accepting(self) -> bool:
        """Whether the watcher may play now."""

    def buttons(self) -> list[Button]:
        """The table's buttons."""

    def press(self, key: str) -> None:
        """A table button was pressed."""

    def drain(self) -> bool:
        """Take the session's events."""

    def clear_interaction(self) -> None:
        """Forget the pick, the selection and any hint."""


class TablePointer:
    """Mouse and keyboard play; the owner of the :class:`Interaction`."""

    def __init__(self, ctx: AppContext, session: GameSession, board: Board,
                 animations: Animations, messages: Messages, hint: HintCoach,
                 host: PointerHost) -> None:
        self.ctx = ctx
        self.session = session
        self.board = board
        self.animations = animations
        self.messages = messages
        self.hint = hint
        self.host = host
        self.state = Interaction()

    # -- where things are -------------------------------------------------------------
    def hand_card_boxes(self) -> list[tuple[int, Box]]:
        """The watcher's hand cards as drawn (the picked card raised), left to right."""
        boxes = []
        for card, box in self.board.geometry(self.animations).hand(self.board.viewer):
            if card == self.state.picked:
                box = raised(box, PICK_LIFT)
            elif card == self.state.hover_card:
                box = raised(box, HOVER_LIFT)
            boxes.append((card, box))
        return boxes

    def hand_card_at(self, pos: tuple[int, int]) -> int | None:
        """The watcher's hand card under ``pos`` (the topmost)."""
        if self.board.spectator:
            return None
        for card, box in reversed(self.hand_card_boxes()):
            if box.contains(pos):
                return card
        return None

    def item_boxes(self) -> dict[int, Box]:
        """Each table item (card mask) and its area."""
        return self.board.geometry(self.animations).item_boxes()

    def button_at(self, pos: tuple[int, int]) -> Button | None:
        """The enabled button under ``pos``."""
        return next((b for b in self.host.buttons() if b.enabled and b.box.contains(pos)),
                    None)

    def _waiting_button_at(self, pos: tuple[int, int]) -> Button | None:
        """The Hint or Moves button under ``pos`` while it waits for the cards to stop
        moving: the press is kept and acted on then."""
        if self.board.spectator:
            return None
        return next((b for b in self.host.buttons()
                     if b.key in ("hint", "moves") and b.box.contains(pos)), None)

    # -- what the other parts ask -------------------------------------------------------
    def clear(self) -> None:
        """Forget the pick, the selection and the drag's targets (the position changed)."""
        self.state.picked = None
        self.state.selected.clear()
        self.state.focus_item = None
        self.state.drag_targets = frozenset()

    def follow(self, move: Move, select: bool, unfocus: bool = True) -> None:
        """Pick ``move``'s card and, with ``select``, select exactly its items (a hint;
        ``unfocus``: the keyboard's focused item is let go too)."""
        self.state.picked = move.card
        if select:
            self.state.selected = set(move_items(move))
            if unfocus:
                self.state.focus_item = None

    def release(self) -> tuple[int, Box] | None:
        """Stop holding a card off the hand; the card and where it was, if one was held."""
        held, self.state.held = self.state.held, None
        return held

    def shown_move(self, mine: bool) -> Box | None:
        """A move is being shown: nothing is held any more; where the watcher let its
        card go, when the move is ``mine``."""
        launch = self.state.launch if mine else None
        self.state.launch = None
        self.state.held = None
        return launch

    def reset(self) -> None:
        """The position was taken back: nothing moves, nothing is held."""
        self.state.drag = None
        self.state.held = None
        self.state.snap = None
        self.state.launch = None

    def advance(self, dt: float) -> bool:
        """Move a snapping card on; whether one is flying."""
        if self.state.snap is None:
            return False
        flight, elapsed = self.state.snap
        elapsed += dt
        self.state.snap = None if flight.progress(elapsed) >= 1 else (flight, elapsed)
        return True

    def snap_back(self, card: int, start: Box) -> None:
        """A dropped card flies home."""
        home = dict(self.board.geometry(self.animations).hand(self.board.viewer)).get(card)
        if home is None:
            return
        duration = SNAP_BACK * self.ctx.animation_factor()
        if duration > 0:
            self.state.snap = (Flight(card, start, home, 0.0, duration), 0.0)

    def _leave_hint(self, card: int | None = None) -> None:
        """Another action than following the hint (``card``: the hand card now used): the
        hint goes, and so does the selection it made, which would otherwise join the next
        gesture (another card dragged onto the felt would be read with the hinted items)."""
        if self.hint.level and (card is None or card != self.hint.lit()[0]):
            _card, items = self.hint.lit()
            if items and self.state.selected == set(items):
                self.state.selected.clear()
                self.state.focus_item = None
            self.hint.clear()

    # -- the pointer --------------------------------------------------------------------
    def hover(self, pos: tuple[int, int]) -> None:
        """The pointer moved to ``pos``."""
        self.state.pointer = pos
        button = self.button_at(pos)
        self.state.hover_button = button.key if button else None
        self.state.hover_card = self.hand_card_at(pos) if self.host.accepting() else None

    def click(self, event: Click) -> None:
        """A button, a hand card (twice: play it) or a table item (select it)."""
        button = self.button_at(event.pos) or self._waiting_button_at(event.pos)
        if button is not None:
            self.ctx.play_sound(Sound.CLICK)
            self.host.press(button.key)
            return
        card = self.hand_card_at(event.pos)
        if card is not None:
            if not self.host.accepting():
                return
            if event.count == 2:
                self.attempt(card, set(self.state.selected))
            else:
                self._leave_hint()
                self.state.picked = None if self.state.picked == card else card
            return
        item = self.board.geometry(self.animations).item_at(event.pos)
        if item is not None and self.host.accepting():
            self._leave_hint()
            self.state.selected ^= {item}
            self.state.focus_item = item

    def drag_start(self, event: DragStart, targets: Callable[[int], frozenset[int]]) -> None:
        """A hand card is lifted (``targets``: the items a card's moves use, lit while it
        is dragged)."""
        if not self.host.accepting():
            return
        card = self.hand_card_at(event.origin)
        if card is None:
            return
        self._leave_hint(card)
        box = dict(self.hand_card_boxes())[card]
        self.state.drag = Drag(card, (event.origin[0] - box.x, event.origin[1] - box.y),
                               (box.w, box.h), event.pos)
        self.state.drag_targets = targets(card)
        self.state.hover_card = None
        self.aim(event.pos)

    def aim(self, pos: tuple[int, int]) -> None:
        """The dragged card moved: what a drop at ``pos`` would point at, an item or the
        empty table (a lay)."""
        drag = self.state.drag
        if drag is None:
            return
        drag.pos = pos
        self.state.drop_target = self._drop_target(pos, drag.box())
        self.state.lay_target = False
        if self.state.drop_target is None and self.board.layout().table.contains(pos):
            loose, piles = split_items(self.session.position, self.state.selected)
            # a drag starts only on the player's turn: the rules' silent query suffices
            self.state.lay_target = bool(find_moves(self.session.position, drag.card, loose,
                                                    piles))

    def _drop_target(self, pos: tuple[int, int], box: Box) -> int | None:
        under = self.board.geometry(self.animations).item_at(pos)
        if under is not None:
            return under
        items = list(self.item_boxes().items())
        index = most_overlapped([b for _m, b in items], box, minimum=0.35)
        return items[index][0] if index is not None else None

    def cancel_drag(self) -> None:
        """The drag was called off: the card goes home."""
        drag, self.state.drag = self.state.drag, None
        self.state.drop_target = None
        self.state.lay_target = False
        if drag is not None:
            self.snap_back(drag.card, drag.box())

    def drop(self, pos: tuple[int, int]) -> None:
        """The dragged card was let go at ``pos``."""
        drag, self.state.drag = self.state.drag, None
        if drag is None:
            return
        box = drag.box()
        target = self._drop_target(pos, box)
        self.state.drop_target = None
        self.state.lay_target = False
        self.state.drag_targets = frozenset()
        on_table = self.board.layout().table.contains(pos) or target is not None
        if not on_table:
            self.snap_back(drag.card, box)  # put back in hand: not a move at all
            return
        items = set(self.state.selected)
        if target is not None:
            items.add(target)
        self.attempt(drag.card, items, launch=box)

    def attempt(self, card: int, items: set[int], launch: Box | None = None) -> None:
        """Play ``card`` with the pointed ``items``: one move, a chooser, or the reason."""
        if not self.host.accepting():
            if launch is not None:
                self.snap_back(card, launch)
            return
        loose, piles = split_items(self.session.position, items)
        moves = self.session.moves_for_gesture(card, loose, piles)
        self.host.drain()
        if not moves:
            if launch is not None:
                self.snap_back(card, launch)
            return
        hinted = self.hint.move if self.hint.full else None
        if hinted is not None and hinted in moves:
            moves = [hinted]  # the gesture follows the hint: that is the move meant
        if len(moves) == 1:
            self.submit(moves[0], launch)
            return
        self.state.held = (card, launch) if launch is not None else None
        self._open_chooser(moves, launch)

    def submit(self, move: Move, launch: Box | None = None) -> None:
        """Play a move the rules core listed (from a gesture, the chooser or the list);
        with the tutor on, the card stays held while the move is graded."""
        self.state.held = None
        self.state.launch = launch
        if not self.session.submit(move):
            self.host.drain()
            self.state.launch = None
            if launch is not None:
                self.snap_back(move.card, launch)
            return
        if self.session.coaching.grading():
            self.state.held = (move.card, launch) if launch is not None else None
            self.host.drain()
            return
        self.host.clear_interaction()
        self.host.drain()

    def _open_chooser(self, moves: Sequence[Move], launch: Box | None) -> None:
        """Ask which of several moves a gesture meant; the card goes home on cancel."""
        def cancel() -> None:
            held = self.release()
            if held is not None:
                self.snap_back(*held)

        self.ctx.nav.table.choose_move(self.session.position, moves,
                         lambda move: self.submit(move, launch), cancel)

    # -- the keyboard -------------------------------------------------------------------
    def play_keys(self, event: KeyAction) -> None:
        """Keys that pick, select and play (only while the player may act)."""
        action = event.action
        state = self.state
        hand = [card for card, _box in
                self.board.geometry(self.animations).hand(self.board.viewer)]
        if action in (Action.LEFT, Action.RIGHT) and hand:
            step = 1 if action == Action.RIGHT else -1
            if state.picked in hand:
                index = (hand.index(state.picked) + step) % len(hand)
            else:
                index = 0 if step > 0 else len(hand) - 1
            self._leave_hint()
            state.picked = hand[index]
        elif action == Action.DIGIT and 1 <= event.digit <= len(hand):
            self._leave_hint(hand[event.digit - 1])
            state.picked = hand[event.digit - 1]
        elif action in (Action.NEXT, Action.PREVIOUS, Action.UP):
            slots = self.animations.slots
            items = sorted(slots, key=lambda m: slots[m])
            if items:
                step = -1 if action == Action.PREVIOUS else 1
                if state.focus_item in items:
                    index = (items.index(state.focus_item) + step) % len(items)
                else:
                    index = 0 if step > 0 else len(items) - 1
                state.focus_item = items[index]
        elif action == Action.DOWN:
            state.focus_item = None
        elif action == Action.TOGGLE and state.focus_item is not None:
            self._leave_hint()
            state.selected ^= {state.focus_item}
        elif action == Action.CONFIRM:
            if state.picked is None:
                self.messages.say(_("Pick a card first: the arrow keys or 1 to 6 choose one."),
                                  self.animations.time)
            else:
                self.attempt(state.picked, set(state.selected))


def split_items(position: Position, items: set[int]) -> tuple[int, list[int]]:
    """Pointed table items as the rules' gesture takes them: loose cards, piles."""
    loose = 0
    piles = []
    pile_masks = {p.cards for p in position.piles}
    for mask in items:
        if mask in pile_masks:
            piles.append(mask)
        elif mask.bit_count() == 1 and mask & position.loose:
            loose |= mask
    return loose, piles
