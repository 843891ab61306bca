"""The round's move history: every move of the current round in words, newest at the
bottom, with who played it; sweeps stand out in gold. Toggled with L or the History
button, scrolled with the wheel or Page Up/Down. The table tells it how many of the
session's moves have been shown, so an AI move appears once it is animated, not before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from diloti_desktop.controller import MovePlayed
from diloti_desktop.i18n import _
from diloti_desktop.rules.events import Xeri
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.layout import Box, TableLayout


@dataclass(frozen=True)
class HistoryLine:
    """One move in words."""

    number: int
    seat: int
    text: str
    sweep: bool


def history_lines(history: Sequence[MovePlayed]) -> list[HistoryLine]:
    """The lines of the history panel, oldest first."""
    return [HistoryLine(index + 1, played.seat, played.account,
                        any(isinstance(e, Xeri) for e in played.events))
            for index, played in enumerate(history)]


@dataclass
class HistoryPanel:
    """The panel's state: open or not, and how far it is scrolled up from the newest."""

    open: bool = False
    scroll: int = 0

    def toggle(self) -> None:
        """Show or hide the panel (it opens on the newest moves)."""
        self.open = not self.open
        self.scroll = 0

    def scroll_by(self, lines: int, total: int) -> None:
        """Scroll ``lines`` towards older moves (negative: newer)."""
        self.scroll = max(0, min(max(0, total - 1), self.scroll + lines))

    @staticmethod
    def box(layout: TableLayout) -> Box:
        """The panel's area: the left of the felt, its own place in the layout (the table
        scene moves the felt to its right while it is open)."""
        return layout.history

    def draw(self, surface: pygame.Surface, layout: TableLayout,
             lines: Sequence[HistoryLine], viewer: int) -> None:
        """The panel, when open."""
        if not self.open:
            return
        box = self.box(layout)
        size = max(13, layout.font_px - 1)
        step = theme.line_height(size)
        pad = layout.pad
        rows: list[tuple[str, HistoryLine, bool]] = []
        width = box.w - 4 * pad
        for line in lines:
            text = _("{number}. {move}").format(number=line.number, move=line.text)
            # Continuation lines are indented: wrap them narrower by the indent.
            for index, part in enumerate(theme.wrap(text, size, width - theme.text(
                    "   ", size).get_width())):
                rows.append((part if index == 0 else "   " + part, line, index == 0))
        # As tall as the moves need (at least a few lines), never more than the area.
        wanted = 2 * pad + step + pad // 2 + max(3, len(rows) + (1 if self.scroll else 0)) * step
        box = Box(box.x, box.y, box.w, min(box.h, wanted))
        theme.rounded(surface, box, theme.PANEL, pad, alpha=250)
        pygame.draw.rect(surface, theme.PANEL_EDGE, pygame.Rect(box), width=2,
                         border_radius=pad)
        theme.blit_text(surface, _("This round's moves (L to close)"), size,
                        (box.x + pad * 2, box.y + pad), theme.INK, bold=True,
                        anchor="topleft", max_width=box.w - 4 * pad)
        area_top = box.y + pad + step + pad // 2
        if not rows:
            theme.blit_text(surface, _("No move yet this round."), size,
                            (box.x + pad * 2, area_top), theme.INK_DIM, anchor="topleft")
            return
        visible = max(1, (box.bottom - pad - area_top) // step)
        self.scroll = min(self.scroll, max(0, len(rows) - visible))
        end = len(rows) - self.scroll
        shown = rows[max(0, end - visible):end]
        y = area_top
        for text, line, _first in shown:
            colour = theme.GOLD if line.sweep else (theme.TURN if line.seat == viewer
                                                    else theme.INK)
            theme.blit_text(surface, text, size, (box.x + pad * 2, y), colour,
                            bold=line.sweep, anchor="topleft", max_width=width)
            y += step
        if self.scroll:
            theme.blit_text(surface, _("▼ newer moves below"), theme.smaller(size, 2),
                            (box.right - pad * 2, box.bottom - pad), theme.INK_DIM,
                            anchor="bottomright")
