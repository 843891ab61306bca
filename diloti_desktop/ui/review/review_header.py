"""The top of the review's panel: the title, the analysis' progress, the accuracy (the
player's, and the others' when graded), the grade counts as chips, and what to practise
next. It reads the round and the panel's grades; it keeps no state.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from diloti_desktop.ai.hints import Verdict
from diloti_desktop.ai.review import Decision, ReviewSummary, summarise
from diloti_desktop.controller import seat_name
from diloti_desktop.i18n import _, format_number, ngettext
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.layout import Box
from diloti_desktop.ui.review.review_round import ReviewedRound
from diloti_desktop.ui.words.first_game_words import practise_line
from diloti_desktop.ui.words.review_words import (
    VERDICT_COLOURS,
    VERDICT_NAMES,
    accuracy_text,
    formula_text,
    progress_text,
)


class ReviewHeader:
    """The header of a :class:`~diloti_desktop.ui.review.review_panel.ReviewPanel`."""

    def __init__(self, reviewed: ReviewedRound,
                 graded: Callable[[], tuple[dict[int, Decision], ReviewSummary]],
                 practise: bool = False) -> None:
        self.reviewed = reviewed
        #: The shown grades and their summary (the panel's, computed once per change).
        self._graded = graded
        #: Close the header on what to practise next (the guided first game's review).
        self.practise = practise

    def draw(self, surface: pygame.Surface, x: int, y: int, w: int, size: int) -> int:
        """The header from ``(x, y)``, ``w`` wide; where the panel goes on below it."""
        title = _("Review of round {number}").format(number=self.reviewed.round_no)
        theme.blit_text(surface, title, round(size * 1.3), (x, y), theme.GOLD, bold=True,
                        max_width=w)
        y += theme.line_height(round(size * 1.3)) + size // 2
        y = self._draw_progress(surface, x, y, w, size)
        y = self._draw_accuracy(surface, x, y, w, size)
        y = self._draw_chips(surface, x, y, w, size)
        practise = self.practise_line()
        if practise:
            for text_line in theme.wrap(practise, size, w, bold=True):
                theme.blit_text(surface, text_line, size, (x, y), theme.HINT, bold=True)
                y += theme.line_height(size)
            y += size // 2
        return y

    def height(self, width: int, size: int) -> int:
        """Title, progress, accuracy and counts: the height they take (see :meth:`draw`)."""
        line = theme.line_height(size)
        height = theme.line_height(round(size * 1.3)) + size // 2
        if self._analysing():
            height += round(size * 0.8) + line + size // 2
        if self._scored():
            height += theme.line_height(round(size * 1.5))
            height += len(theme.wrap(self.detail(), theme.smaller(size, 1), width)) * line
            height += len(theme.wrap(formula_text(), theme.smaller(size, 3),
                                     width)) * theme.line_height(theme.smaller(size, 3))
        if self.reviewed.state.grade_others:
            height += line * (self.reviewed.positions[0].players - 1)
        height += self._chip_rows(width, size) * (line + 4) + size // 2
        practise = self.practise_line()
        if practise:
            height += len(theme.wrap(practise, size, width, bold=True)) * line + size // 2
        return height

    def practise_line(self) -> str:
        """What to practise next, once the player's moves are graded ("" otherwise, or
        when this review does not say it)."""
        if not self.practise or self._analysing():
            return ""
        reviewed = self.reviewed
        return practise_line(self._graded()[0].values(), reviewed.viewer,
                             reviewed.positions[0].players)

    def detail(self) -> str:
        """ "0.25 points lost per decision, over 20 decisions" (the human's)."""
        viewer = self.reviewed.viewer
        mine = summarise(d for d in self._graded()[0].values() if d.seat == viewer)
        if mine.average_loss is None:
            return _("No decision graded yet")
        figures = ngettext("{loss} points lost per decision, over {count} decision",
                           "{loss} points lost per decision, over {count} decisions",
                           mine.unforced).format(loss=format_number(mine.average_loss, 2),
                                                 count=mine.unforced)
        forced = mine.decisions - mine.unforced
        if not forced:
            return figures
        # The grade chips count every move: say why this count is smaller.
        return _("{figures} ({forced})").format(figures=figures, forced=ngettext(
            "{count} move with no choice not counted",
            "{count} moves with no choice not counted", forced).format(count=forced))

    def _chips(self) -> list[tuple[str, theme.Colour]]:
        """The human's grade counts (the other seats' are in their accuracy line)."""
        viewer = self.reviewed.viewer
        counts = summarise(d for d in self._graded()[0].values() if d.seat == viewer).counts
        return [(_("{grade} {count}").format(grade=_(VERDICT_NAMES[v]), count=counts[v]),
                 VERDICT_COLOURS[v]) for v in Verdict]

    def _chip_rows(self, width: int, size: int) -> int:
        rows, x = 1, 0
        for label, _colour in self._chips():
            w = theme.text(label, theme.smaller(size, 1), bold=True).get_width() + size
            if x and x + w > width:
                rows, x = rows + 1, 0
            x += w + 4
        return rows

    def _analysing(self) -> bool:
        done, total = self.reviewed.progress()
        return done < total

    def _draw_progress(self, surface: pygame.Surface, x: int, y: int, w: int, size: int) -> int:
        done, total = self.reviewed.progress()
        if done >= total:
            return y
        bar = Box(x, y, w, round(size * 0.8))
        theme.rounded(surface, bar, theme.FELT_DARK, bar.h // 2)
        filled = Box(x, y, max(bar.h, round(w * done / max(1, total))), bar.h)
        theme.rounded(surface, filled, theme.HINT, bar.h // 2)
        y += bar.h + 2
        theme.blit_text(surface, progress_text(done, total), theme.smaller(size, 1), (x, y),
                        theme.INK_DIM)
        return y + theme.line_height(size) + size // 2 - 2

    def _scored(self) -> bool:
        """Whether the review gives an accuracy: not for a lesson's round, which teaches
        one move rather than measuring the player."""
        return self.reviewed.session.deals_rounds

    def _draw_accuracy(self, surface: pygame.Surface, x: int, y: int, w: int, size: int) -> int:
        reviewed = self.reviewed
        if not self._scored():
            return y
        grades = self._graded()[0]
        viewer = reviewed.viewer
        players = reviewed.positions[0].players
        mine = summarise(d for d in grades.values() if d.seat == viewer)
        text = _("Your accuracy: {accuracy}").format(accuracy=accuracy_text(mine.accuracy))
        theme.blit_text(surface, text, round(size * 1.5), (x, y), theme.INK, bold=True,
                        max_width=w)
        y += theme.line_height(round(size * 1.5))
        for text_line in theme.wrap(self.detail(), theme.smaller(size, 1), w):
            theme.blit_text(surface, text_line, theme.smaller(size, 1), (x, y), theme.INK_DIM)
            y += theme.line_height(size)
        for text_line in theme.wrap(formula_text(), theme.smaller(size, 3),
                                    w):  # one line at 1280x720
            theme.blit_text(surface, text_line, theme.smaller(size, 3), (x, y), theme.INK_DIM)
            y += theme.line_height(theme.smaller(size, 3))
        if reviewed.state.grade_others:
            for seat in range(players):
                if seat == viewer:
                    continue
                theirs = summarise(d for d in grades.values() if d.seat == seat)
                line = _("{player}: {accuracy}").format(player=seat_name(seat, players),
                                                        accuracy=accuracy_text(theirs.accuracy))
                theme.blit_text(surface, line, size, (x, y), theme.INK, max_width=w)
                y += theme.line_height(size)
        return y

    def _draw_chips(self, surface: pygame.Surface, x: int, y: int, w: int, size: int) -> int:
        line = theme.line_height(size)
        cx = x
        for label, colour in self._chips():
            chip_w = theme.text(label, theme.smaller(size, 1), bold=True).get_width() + size
            if cx > x and cx + chip_w > x + w:
                cx, y = x, y + line + 4
            chip = Box(cx, y, chip_w, line)
            pygame.draw.rect(surface, colour, pygame.Rect(chip), border_radius=chip.h // 2)
            theme.blit_text(surface, label, theme.smaller(size, 1), chip.center, theme.INK_DARK,
                            bold=True,
                            anchor="center")
            cx += chip_w + 4
        return y + line + 4 + size // 2
