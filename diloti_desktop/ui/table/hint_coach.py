"""The progressive hint at the table: its state for one decision, and its panel.

H (or the Hint button) again and again climbs three steps (:data:`HINT_LEVELS`): 1 a
nudge that names the opportunity or danger, 2 the card (picked and lit), 3 the whole move
(the card picked and exactly its table items selected, so Enter, Play or a drag onto any
lit item plays it) with its reasons and the next two alternatives. The advice itself
comes from the session (computed off the frame thread); this component only keeps which
step is shown and draws the panel. Any other action at the table clears it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from diloti_desktop.ai.coach import HINT_LEVELS, Advice
from diloti_desktop.i18n import _, current_language
from diloti_desktop.rules.cards import iter_cards
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.layout import Box, TableLayout
from diloti_desktop.ui.words.coach_words import card_text, full_hint_lines, nudge_text


def move_items(move: Move) -> frozenset[int]:
    """The table items (card masks) a move uses."""
    return frozenset({1 << c for c in iter_cards(move.loose)} | set(move.piles))


@dataclass
class HintCoach:
    """Which hint step is shown for the current decision."""

    position: Position | None = None
    advice: Advice | None = None
    level: int = 0
    waiting: bool = False
    target: int = 0          #: the step to show once the advice arrives
    failed: bool = False
    #: H was pressed while the table was not ready (cards moving, the opponent playing):
    #: the panel says the coach is at work at once, and the step follows when it is ready
    asked: bool = False
    _wrapped: dict[tuple[object, ...], tuple[list[tuple[str, bool]], int]] = field(
        default_factory=dict, repr=False)
    size: int = 0            #: the text size the panel was last laid out at (may shrink)

    def clear(self) -> None:
        """Forget the hint (the position changed, or the player did something else)."""
        self.position = None
        self.advice = None
        self.level = 0
        self.waiting = False
        self.target = 0
        self.failed = False
        self.asked = False
        self._wrapped.clear()

    def awaited(self, asked: bool) -> None:
        """Whether an H press waits for the table (its panel says "…" meanwhile)."""
        self.asked = asked

    def hide(self) -> None:
        """Stop showing the hint but keep the advice (H starts again from the nudge)."""
        self.level = 0
        self.target = 0

    def step(self, position: Position, jump: int = 0) -> bool:
        """The next step for ``position`` (or step ``jump``); True when the advice must be
        asked for first (then the step is shown by :meth:`receive`)."""
        if self.position is not position:
            self.clear()
            self.position = position
        wanted = jump or min(HINT_LEVELS, max(self.level, self.target) + 1)
        if self.advice is None:
            self.target = max(self.target, wanted)
            self.failed = False
            if self.waiting:
                return False
            self.waiting = True
            return True
        self.level = wanted
        self.target = wanted
        return False

    def receive(self, position: Position, advice: Advice | None) -> bool:
        """The session's advice arrived; True when it is for the decision shown."""
        if position is not self.position:
            return False
        self.waiting = False
        if advice is None:
            self.failed = True
            return True
        self.advice = advice
        # One possible move (the last card, say): nothing to find step by step.
        self.level = max(1, self.target) if advice.alternatives else HINT_LEVELS
        return True

    @property
    def move(self) -> Move | None:
        """The hinted move, once the card is shown (step 2 or more)."""
        if self.advice is None or self.level < 2:
            return None
        return self.advice.best.move

    @property
    def full(self) -> bool:
        """Whether the whole move is shown (step 3)."""
        return self.advice is not None and self.level >= 3

    def lit(self) -> tuple[int | None, frozenset[int]]:
        """The hand card and table items to light."""
        move = self.move
        if move is None:
            return None, frozenset()
        return move.card, move_items(move) if self.full else frozenset()

    def lines(self) -> list[str]:
        """What the hint panel says."""
        if self.waiting or self.asked:
            return [_("Looking for a good move…")]
        if self.failed:
            return [_("No hint is available right now.")]
        advice, position = self.advice, self.position
        if advice is None or position is None or self.level == 0:
            return []
        players = position.players
        if self.level == 1:
            return [nudge_text(advice.nudge, players),
                    _("Press H again to see which card.")]
        if self.level == 2:
            return [card_text(advice.best.move), nudge_text(advice.nudge, players),
                    _("Press H again for the whole move and why.")]
        if not advice.best.move.table_cards:
            follow = _("Press Enter or Play, or drag the card onto the table.")
        else:
            follow = _("Press Enter or Play, or drag the card onto a lit item.")
        return [*full_hint_lines(advice, position), follow]

    def _rows(self, layout: TableLayout, width: int) -> list[tuple[str, bool]]:
        """The wrapped lines (the first paragraph bold), at most ten at the table's size:
        a longer hint (a long translation) shrinks rather than losing lines. Kept between
        frames: wrapping measures text."""
        size = layout.font_px
        key = (self.level, self.waiting or self.asked, self.failed, id(self.advice), width, size,
               current_language())
        cached = self._wrapped.get(key)
        if cached is None:
            paragraphs = [(line, index == 0) for index, line in enumerate(self.lines())]
            lines, fitted = theme.fit_paragraphs(paragraphs, size, width,
                                                 10 * theme.line_height(size))
            if len(self._wrapped) > 16:
                self._wrapped.clear()
            cached = self._wrapped[key] = ([(line, index == 0) for index, line in lines],
                                           fitted)
        rows, self.size = cached
        return rows

    def place(self, layout: TableLayout, avoid: Sequence[Box] = (),
              ) -> tuple[Box, list[tuple[str, bool]]]:
        """The panel's area and its wrapped lines, clear of the table cards (``avoid``)
        when there is room: above the status line as wide as the toast, else beside the
        cards on the left or the right, else at the top of the table; when none of these
        is clear of the cards, above the status line over them. It never covers an
        opponent's hand, name or captured count (North's band lies above the table), and
        beside the cards or at the top of the table it keeps clear of the side seats'
        hands and names (four players)."""
        pad = layout.pad
        toast, table = layout.toast, layout.table
        sides = [(place.edge, box) for place in layout.seats if place.edge in ("left", "right")
                 for box in (place.area, place.label)]
        left_x = max([table.x] + [b.right for edge, b in sides if edge == "left"]) + pad
        right_end = min([table.right] + [b.x for edge, b in sides if edge == "right"]) - pad
        left = min((b.x for b in avoid), default=table.right) - pad - left_x
        right_x = max((b.right for b in avoid), default=table.x) + pad
        high_x = max(toast.x, left_x)
        high_w = min(toast.right, right_end) - high_x
        candidates = [("low", toast.x, toast.w), ("left", left_x, left),
                      ("right", right_x, right_end - right_x),
                      ("high", high_x, high_w)]
        first: tuple[Box, list[tuple[str, bool]]] | None = None
        for where, x, w in candidates:
            if w < 280:
                continue
            rows = self._rows(layout, w - 3 * pad)
            h = len(rows) * theme.line_height(self.size) + 2 * pad
            if where == "low":
                box = Box(x, max(table.y + pad // 2, toast.bottom - h), w, h)
            elif where == "high":
                box = Box(x, table.y + pad // 2, w, h)
            else:
                box = Box(x, max(table.y + pad // 2, toast.bottom - h), w, h)
            if first is None:
                first = (box, rows)
            if not any(box.intersects(item) for item in avoid):
                return box, rows
        assert first is not None
        return first

    def draw(self, surface: pygame.Surface, layout: TableLayout,
             avoid: Sequence[Box] = ()) -> None:
        """The hint panel (nothing when no hint is shown), clear of ``avoid`` if it can."""
        if not self.lines():
            return
        panel, _rows = self.place(layout, avoid)
        # The lines (and their size) for the panel's own width, from the cache.
        wrapped = self._rows(layout, panel.w - 3 * layout.pad)
        size = self.size
        theme.rounded(surface, panel, theme.PANEL, layout.pad, alpha=238)
        pygame.draw.rect(surface, theme.HINT, pygame.Rect(panel), width=2,
                         border_radius=layout.pad)
        y = panel.y + layout.pad
        for text_line, first in wrapped:
            theme.blit_text(surface, text_line, size, (panel.x + 2 * layout.pad, y),
                            theme.HINT if first else theme.INK, bold=first, anchor="topleft",
                            max_width=panel.w - 3 * layout.pad)
            y += theme.line_height(size)
