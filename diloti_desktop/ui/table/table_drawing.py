"""What the table scene draws: the decorations over the shown position (selection,
highlights, the hint's lit card and items, cards in the air), the coach's panels, and the
damaged boxes of a frame. Read-only: drawing never changes the game or the other parts'
state; it keeps only its own caches.
"""

from __future__ import annotations

import dataclasses
from typing import Protocol

import pygame

from diloti_desktop.controller import GameConfig, GameSession
from diloti_desktop.i18n import _
from diloti_desktop.rules.cards import iter_cards
from diloti_desktop.rules.gestures import targets
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.ui.board.table_view import Decorations, draw_table
from diloti_desktop.ui.kit import notice, theme, tooltip
from diloti_desktop.ui.kit.animation import Flight
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.layout import Box
from diloti_desktop.ui.kit.widgets import Button
from diloti_desktop.ui.table.hint_coach import HintCoach
from diloti_desktop.ui.table.history_panel import HistoryPanel, history_lines
from diloti_desktop.ui.table.table_state import Animations, Board, Interaction, Messages
from diloti_desktop.ui.words.wording import level_label


class DrawingHost(Protocol):
    """What the drawing asks of the scene it serves."""

    def accepting(self) -> bool:
        """Whether the watcher may play now."""

    def thinking(self) -> bool:
        """Whether an AI seat is thinking."""

    def buttons(self) -> list[Button]:
        """The table's buttons."""


@dataclasses.dataclass
class TableObjects:
    """The state objects and panels the drawing reads."""

    board: Board
    animations: Animations
    interaction: Interaction
    messages: Messages
    hint: HintCoach
    history: HistoryPanel


class TableDrawing:
    """Drawing for :class:`TableScene`."""

    def __init__(self, ctx: AppContext, session: GameSession, parts: TableObjects,
                 host: DrawingHost) -> None:
        self.ctx = ctx
        self.session = session
        self.parts = parts
        self.host = host
        self._last_frame: tuple[object, list[Box]] = (None, [])
        self._targets_cache: tuple[tuple[Position, int], frozenset[int]] | None = None
        self._dots = -1

    def _status(self, accepting: bool) -> str:
        if self.session.coaching.grading():
            return _("The tutor is checking your move…")
        if self.parts.animations.account:
            return self.parts.animations.account
        if accepting:
            return _("Drag a card onto the table, or pick one and press Play.")
        return ""

    def _labels(self) -> dict[int, str]:
        return seat_labels(self.session.config, self.parts.animations.shown.players,
                           self.parts.board.viewer)

    def targets(self, card: int) -> frozenset[int]:
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

    def dots_changed(self) -> bool:
        """While an AI thinks: whether its dots moved on since the last frame."""
        dots = int(self.parts.animations.time * 3) % 3
        changed = dots != self._dots
        self._dots = dots
        return changed

    def _moving(self, hidden: int) -> tuple[int, list[tuple[Flight, float]],
                                            tuple[int, Box] | None]:
        """The cards in the air: hidden from their places, their flights, the dragged one."""
        show = self.parts.animations.show
        act = self.parts.interaction
        current = show.current
        flights: list[tuple[Flight, float]] = []
        if current is not None and current.duration > 0:
            flights = [(f, show.elapsed) for f in current.flights]
        dragged = None
        if act.drag is not None:
            hidden |= 1 << act.drag.card
            dragged = (act.drag.card, act.drag.box())
        elif act.held is not None:
            hidden |= 1 << act.held[0]
            dragged = act.held
        if act.snap is not None:
            hidden |= 1 << act.snap[0].card
            flights.append(act.snap)
        return hidden, flights, dragged

    def decorations(self) -> Decorations:
        """What to draw over the shown position (read-only)."""
        parts = self.parts
        act, messages, shown = parts.interaction, parts.messages, parts.animations.shown
        current = parts.animations.show.current
        hidden, flights, dragged = self._moving(current.hidden if current is not None else 0)
        hint_card, hint_items = parts.hint.lit()
        accepting = self.host.accepting()
        shown_targets = act.drag_targets
        if act.drag is None and act.picked is not None and accepting:
            shown_targets = self.targets(act.picked)
        return Decorations(
            hidden=hidden,
            captured=current.captured if current is not None else None,
            picked=act.picked if accepting else None,
            hover_card=act.hover_card,
            selected=frozenset(act.selected),
            targets=shown_targets,
            drop_target=act.drop_target,
            lay_target=act.lay_target,
            focus_item=act.focus_item,
            hint_card=hint_card,
            hint_items=hint_items,
            dragged=dragged,
            flights=flights,
            status=self._status(accepting),
            toast=messages.toast,
            toast_is_hint=messages.toast_is_hint,
            banner=messages.banner,
            banner_age=messages.banner_age,
            turn_seat=shown.turn if shown.phase == PLAY else None,
            thinking=self.host.thinking(),
            clock=parts.animations.time,
            human_turn=accepting,
            face_up_hands=frozenset({parts.board.viewer}),
            buttons=self.host.buttons(),
            hovered_button=act.hover_button,
            four_colour=self.ctx.settings.four_colour_suits,
            labels=self._labels(),
        )

    def damage(self, deco: Decorations) -> list[Box] | None:
        """Only the flying (or dragged) cards' boxes of ``deco``, when nothing else
        changed."""
        parts = self.parts
        moving = [flight.box_at(elapsed) for flight, elapsed in deco.flights]
        if deco.dragged is not None:
            moving.append(deco.dragged[1])
        still = dataclasses.replace(deco, flights=(), dragged=None, clock=0.0)
        dots = int(parts.animations.time * 3) % 3 if deco.thinking else -1
        coach = (parts.hint.level, parts.hint.waiting, parts.hint.asked, parts.hint.failed,
                 parts.history.open, parts.history.scroll, parts.animations.moves_shown)
        layout = parts.board.layout()
        signature = (parts.animations.shown, tuple(sorted(parts.animations.slots.items())),
                     layout, still, dots, coach, self.ctx.save_problem, self.tip_item())
        previous, previous_boxes = self._last_frame
        margin = max(24, layout.hand_w // 3)
        boxes = [box.inflate(margin, margin) for box in moving]
        self._last_frame = (signature, boxes)
        if signature != previous or deco.banner:
            return None
        return previous_boxes + boxes

    def draw(self, surface: pygame.Surface, deco: Decorations) -> None:
        """Paint the table with ``deco``, then the coach's panels over it."""
        parts = self.parts
        layout = parts.board.layout()
        geometry = parts.board.geometry(parts.animations)
        draw_table(surface, geometry, deco)
        notice.draw_save_warning(surface, self.ctx, layout.table)
        if parts.board.spectator:
            theme.blit_text(surface, _("Watching the AI play"), layout.font_px,
                            (layout.play_button.x, layout.play_button.centery), theme.INK_DIM,
                            anchor="midleft")
        parts.history.draw(surface, layout, history_lines(
            self.session.history[:parts.animations.moves_shown]), parts.board.viewer)
        parts.hint.draw(surface, layout, list(geometry.item_boxes().values()))
        self._draw_pile_tip(surface, deco)

    def tip_item(self) -> tuple[int, Box] | None:
        """The pile under the pointer (its label included), else the keyboard-focused
        pile, while nothing moves: the one whose explanation is shown."""
        parts = self.parts
        shown = parts.animations.shown
        if parts.interaction.drag is not None or parts.animations.show.busy() or not shown.piles:
            return None
        piles = {p.cards for p in shown.piles}
        label_h = theme.line_height(parts.board.layout().font_px)
        boxes = {mask: Box(box.x, box.y, box.w, box.h + label_h)
                 for mask, box in parts.board.geometry(parts.animations).item_boxes().items()
                 if mask in piles}
        pointer = parts.interaction.pointer
        if pointer is not None:
            for mask, box in boxes.items():
                if box.contains(pointer):
                    return mask, box
        focus = parts.interaction.focus_item
        if focus is not None and focus in boxes:
            return focus, boxes[focus]
        return None

    def _draw_pile_tip(self, surface: pygame.Surface, deco: Decorations) -> None:
        """The pointed pile explained with the glossary's words and its owner's duty, clear
        of the hand and of the items the task names, the hint lights or the player chose."""
        tip = self.tip_item()
        if tip is None:
            return
        parts = self.parts
        text = tooltip.pile_tip(parts.animations.shown, tip[0], parts.board.viewer)
        geometry = parts.board.geometry(parts.animations)
        items = geometry.item_boxes()
        named = deco.asked_items | deco.hint_items | deco.selected
        keep_clear = [box for _card, box in geometry.hand(parts.board.viewer)]
        keep_clear += [box for mask, box in items.items() if mask in named]
        keep_clear += deco.covered
        spare = [box for mask, box in items.items() if mask not in named]
        tooltip.draw_tip(surface, text, tip[1], max(12, parts.board.layout().font_px - 1),
                         keep_clear, spare)


def seat_labels(config: GameConfig, players: int, viewer: int) -> dict[int, str]:
    """The AI seats' labels beside their names: the level ("partner · level")."""
    labels = {}
    for seat in range(players):
        if seat != viewer and not config.is_human(seat):
            level = level_label(config.seats[seat])
            labels[seat] = (_("partner · {level}").format(level=level)
                            if players == 4 and seat == (viewer + 2) % 4 else level)
    return labels
