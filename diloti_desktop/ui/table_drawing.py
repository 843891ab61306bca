"""What the table scene draws: the decorations over the shown position (selection,
highlights, the hint's lit card and items, cards in the air), the coach's panels, and the
damaged boxes of a frame. Read-only: drawing never changes the game or the scene.
"""

from __future__ import annotations

import dataclasses

import pygame

from diloti_desktop.i18n import _
from diloti_desktop.rules.cards import iter_cards
from diloti_desktop.rules.gestures import targets
from diloti_desktop.rules.position import PLAY
from diloti_desktop.ui import notice, theme, tooltip
from diloti_desktop.ui.animation import Flight
from diloti_desktop.ui.history_panel import history_lines
from diloti_desktop.ui.layout import Box
from diloti_desktop.ui.table_state import TableParts
from diloti_desktop.ui.table_view import Decorations, draw_table
from diloti_desktop.ui.wording import level_label


class TableDrawing(TableParts):
    """Drawing for :class:`TableScene`."""

    def _status(self, accepting: bool) -> str:
        if self.session.grading():
            return _("The tutor is checking your move…")
        if self.account:
            return self.account
        if accepting:
            return _("Drag a card onto the table, or pick one and press Play.")
        return ""

    def _labels(self) -> dict[int, str]:
        config = self.session.config
        labels = {}
        for seat in range(self.shown.players):
            if seat != self.viewer and not config.is_human(seat):
                level = level_label(config.seats[seat])
                labels[seat] = (_("partner · {level}").format(level=level)
                                if self.shown.players == 4 and seat == (self.viewer + 2) % 4
                                else level)
        return labels

    def _targets(self, card: int) -> frozenset[int]:
        """The items some legal move with ``card`` uses, kept while the position and the
        card stay the same (move generation is not redone every frame)."""
        key = (self.session.position, card)
        cached = self._targets_cache
        if cached is not None and cached[0][0] is key[0] and cached[0][1] == card:
            return cached[1]
        loose, piles = targets(self.session.position, card)
        found = frozenset({1 << c for c in iter_cards(loose)} | set(piles))
        self._targets_cache = (key, found)
        return found

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
        hint_card, hint_items = self.hint.lit()
        accepting = self.accepting()
        shown_targets = self.drag_targets
        if self.drag is None and self.picked is not None and accepting:
            shown_targets = self._targets(self.picked)
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
            status=self._status(accepting),
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
            labels=self._labels(),
        )

    def damage(self) -> list[Box] | None:
        """Only the flying (or dragged) cards' boxes, when nothing else changed."""
        deco = self.decorations()
        moving = [flight.box_at(elapsed) for flight, elapsed in deco.flights]
        if deco.dragged is not None:
            moving.append(deco.dragged[1])
        still = dataclasses.replace(deco, flights=(), dragged=None, clock=0.0)
        dots = int(self.time * 3) % 3 if deco.thinking else -1
        coach = (self.hint.level, self.hint.waiting, self.hint.failed, self.history.open,
                 self.history.scroll, self.moves_shown)
        signature = (self.shown, tuple(sorted(self.slots.items())), self.layout(), still, dots,
                     coach, self.ctx.save_problem, self.tip_item())
        previous, previous_boxes = self._last_frame
        margin = max(24, self.layout().hand_w // 3)
        boxes = [box.inflate(margin, margin) for box in moving]
        self._last_frame = (signature, boxes)
        if signature != previous or deco.banner:
            return None
        return previous_boxes + boxes

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the table, then the coach's panels over it."""
        layout = self.layout()
        draw_table(surface, self.geometry(), self.decorations())
        notice.draw_save_warning(surface, self.ctx, layout.table)
        if self.spectator:
            theme.blit_text(surface, _("Watching the AI play"), layout.font_px,
                            (layout.play_button.x, layout.play_button.centery), theme.INK_DIM,
                            anchor="midleft")
        self.history.draw(surface, layout,
                          history_lines(self.session.history[:self.moves_shown]), self.viewer)
        self.hint.draw(surface, layout, list(self.geometry().item_boxes().values()))
        self._draw_pile_tip(surface)

    def tip_item(self) -> tuple[int, Box] | None:
        """The pile under the pointer (its label included), else the keyboard-focused
        pile, while nothing moves: the one whose explanation is shown."""
        if self.drag is not None or self.show.busy() or not self.shown.piles:
            return None
        piles = {p.cards for p in self.shown.piles}
        label_h = theme.line_height(self.layout().font_px)
        boxes = {mask: Box(box.x, box.y, box.w, box.h + label_h)
                 for mask, box in self.geometry().item_boxes().items() if mask in piles}
        if self.pointer is not None:
            for mask, box in boxes.items():
                if box.contains(self.pointer):
                    return mask, box
        if self.focus_item in boxes:
            return self.focus_item, boxes[self.focus_item]
        return None

    def _draw_pile_tip(self, surface: pygame.Surface) -> None:
        """The pointed pile explained with the glossary's words and its owner's duty."""
        tip = self.tip_item()
        if tip is not None:
            text = tooltip.pile_tip(self.shown, tip[0], self.viewer)
            tooltip.draw_tip(surface, text, tip[1], max(12, self.layout().font_px - 1))
