"""The table's hands-on play: picking, selecting, dragging and dropping, and the keys.

A gesture (a hand card plus the pointed table items) always goes to the controller
(``GameSession.moves_for_gesture``, i.e. the rules core's gesture resolution): no match
snaps the card back with the rules' reason, one match is submitted, several open a
chooser, except that when a followed hint's move is among them, that move is the one
meant. This mixin holds presentation state only; :class:`TableScene` owns it.
"""

from __future__ import annotations

from collections.abc import Sequence

from diloti_desktop.i18n import _
from diloti_desktop.rules.moves import Move
from diloti_desktop.ui.animation import Flight
from diloti_desktop.ui.audio import Sound
from diloti_desktop.ui.input import Action, Click, DragStart, KeyAction
from diloti_desktop.ui.layout import Box, most_overlapped, raised
from diloti_desktop.ui.table_state import Drag, TableParts
from diloti_desktop.ui.table_view import HOVER_LIFT, PICK_LIFT
from diloti_desktop.ui.widgets import Button
from diloti_desktop.ui.wording import describe_move

SNAP_BACK = 0.22


class TablePointer(TableParts):
    """Mouse and keyboard play for :class:`TableScene`."""

    # -- where things are -------------------------------------------------------------
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

    def button_at(self, pos: tuple[int, int]) -> Button | None:
        """The enabled button under ``pos``."""
        return next((b for b in self.buttons() if b.enabled and b.box.contains(pos)), None)

    # -- a followed hint ----------------------------------------------------------------
    def _leave_hint(self, card: int | None = None) -> None:
        """Another action than following the hint (``card``: the hand card now used)."""
        if self.hint.level and (card is None or card != self.hint.lit()[0]):
            self.hint.clear()

    # -- the pointer --------------------------------------------------------------------
    def _hover(self, pos: tuple[int, int]) -> None:
        self.pointer = pos
        button = self.button_at(pos)
        self.hover_button = button.key if button else None
        self.hover_card = self.hand_card_at(pos) if self.accepting() else None

    def _click(self, event: Click) -> None:
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
                self._leave_hint()
                self.picked = None if self.picked == card else card
            return
        item = self.item_at(event.pos)
        if item is not None and self.accepting():
            self._leave_hint()
            if item in self.selected:
                self.selected.discard(item)
            else:
                self.selected.add(item)
            self.focus_item = item

    def _drag_start(self, event: DragStart) -> None:
        if not self.accepting():
            return
        card = self.hand_card_at(event.origin)
        if card is None:
            return
        self._leave_hint(card)
        box = dict(self.hand_card_boxes())[card]
        self.drag = Drag(card, (event.origin[0] - box.x, event.origin[1] - box.y),
                         (box.w, box.h), event.pos)
        self.drag_targets = self._targets(card)
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
        hinted = self.hint.move if self.hint.full else None
        if hinted is not None and hinted in moves:
            moves = [hinted]  # the gesture follows the hint: that is the move meant
        if len(moves) == 1:
            self.submit(moves[0], launch)
            return
        self.held = (card, launch) if launch is not None else None
        self.open_chooser(moves, launch)

    def submit(self, move: Move, launch: Box | None = None) -> None:
        """Play a move the rules core listed (from a gesture, the chooser or the list);
        with the tutor on, the card stays held while the move is graded."""
        self.held = None
        self.launch = launch
        if not self.session.submit(move):
            self._drain()
            self.launch = None
            if launch is not None:
                self._snap_back(move.card, launch)
            return
        if self.session.grading():
            self.held = (move.card, launch) if launch is not None else None
            self._drain()
            return
        self.clear_interaction()
        self._drain()

    # -- the keyboard -------------------------------------------------------------------
    def _play_keys(self, event: KeyAction) -> None:
        """Keys that pick, select and play (only while the player may act)."""
        action = event.action
        hand = [card for card, _box in self.geometry().hand(self.viewer)]
        if action in (Action.LEFT, Action.RIGHT) and hand:
            step = 1 if action == Action.RIGHT else -1
            if self.picked in hand:
                index = (hand.index(self.picked) + step) % len(hand)
            else:
                index = 0 if step > 0 else len(hand) - 1
            self._leave_hint()
            self.picked = hand[index]
        elif action == Action.DIGIT and 1 <= event.digit <= len(hand):
            self._leave_hint(hand[event.digit - 1])
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
            self._leave_hint()
            if self.focus_item in self.selected:
                self.selected.discard(self.focus_item)
            else:
                self.selected.add(self.focus_item)
        elif action == Action.CONFIRM:
            if self.picked is None:
                self.say(_("Pick a card first: the arrow keys or 1 to 6 choose one."))
            else:
                self._attempt(self.picked, set(self.selected))

    # -- dialogs: the chooser, the list of every legal move, the menu ---------------------
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
            recommended=self.hint.move))

    def open_menu(self) -> None:
        """The pause menu."""
        from diloti_desktop.ui.scenes.dialogs import PauseScene

        self.ctx.scenes.push(PauseScene(self.ctx))
