"""The review's side panel: its header (:mod:`review_header`), the biggest mistakes, the
move list, the buttons. It places everything from the window size (no state but the list's scroll
and the buttons' hover and focus) and reports what was chosen as a key for the scene:
``step:<n>`` for a move, or a button's key.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pygame

from diloti_desktop.ai.review import Decision, ReviewSummary, summarise
from diloti_desktop.i18n import _, current_language, format_number
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.input import Click, InputEvent, KeyAction, PointerMove
from diloti_desktop.ui.kit.layout import Box
from diloti_desktop.ui.kit.widgets import NO_BOX, Button, ButtonList, draw_button
from diloti_desktop.ui.review.line_show import line_of
from diloti_desktop.ui.review.review_header import ReviewHeader
from diloti_desktop.ui.review.review_round import ReviewedRound
from diloti_desktop.ui.words.line_words import show_line_label
from diloti_desktop.ui.words.review_words import (
    mistake_line,
    played_text,
    verdict_colour,
)


@dataclass
class _Placed:
    """Where the panel's parts go for the current window and content."""

    box: Box
    size: int
    rows: list[tuple[int, Box]] = field(default_factory=list)   # step, row
    mistakes: list[tuple[int, Box]] = field(default_factory=list)
    list_box: Box = NO_BOX
    visible: int = 1
    buttons: list[Button] = field(default_factory=list)

    def _replace_box(self, box: Box) -> _Placed:
        """The same parts, moved so that the panel's corner is ``box``'s (for drawing
        into the panel's own picture)."""
        dx, dy = box.x - self.box.x, box.y - self.box.y

        def moved(item: Box) -> Box:
            return item.move(dx, dy)

        return _Placed(box, self.size, [(s, moved(b)) for s, b in self.rows],
                       [(s, moved(b)) for s, b in self.mistakes], moved(self.list_box),
                       self.visible,
                       [dataclasses.replace(b, box=moved(b.box)) for b in self.buttons])


class ReviewPanel:
    """The panel of a :class:`ReviewScene`."""

    def __init__(self, ctx: AppContext, reviewed: ReviewedRound, practise: bool = False
                 ) -> None:
        self.ctx = ctx
        self.reviewed = reviewed
        self.header = ReviewHeader(reviewed, self._graded, practise)
        self.top = 0
        self.list = ButtonList(vertical=True)
        self._memo: tuple[object, dict[int, Decision], ReviewSummary] | None = None
        self._picture: tuple[object, pygame.Surface] | None = None
        self._rows: dict[tuple[int, str], str] = {}

    def _graded(self) -> tuple[dict[int, Decision], ReviewSummary]:
        """The shown grades and their summary, computed again only when they change."""
        grades = self.reviewed.grades()
        key = (len(grades), self.reviewed.state.grade_others)
        if self._memo is None or self._memo[0] != key:
            self._memo = (key, grades, summarise(grades.values()))
        return self._memo[1], self._memo[2]

    # -- geometry --------------------------------------------------------------------------
    def width(self) -> int:
        """The panel's width: what the table leaves, between 290 and 440 pixels."""
        width, _height = self.ctx.window.size()
        return max(290, min(440, width - 960, round(width * 0.3)))

    def _size(self) -> int:
        width, height = self.ctx.window.size()
        return max(13, round(min(height, width * 9 / 16) * 0.021))

    def place(self) -> _Placed:
        """Every part's box (the same computation serves drawing and hit tests)."""
        width, height = self.ctx.window.size()
        box = Box(width - self.width(), 0, self.width(), height)
        size = self._size()
        placed = _Placed(box, size)
        line = theme.line_height(size)
        button_h = round(size * 2.1)
        gap = max(4, size // 3)
        inner = Box(box.x + size, box.y + size, box.w - 2 * size, box.h - 2 * size)
        half = (inner.w - gap) // 2
        keys = self._button_keys()
        # Retry and Show the line first (on a mistake of the player's: that decision
        # again as a puzzle, and what happens next, ply by ply), then the others. Two
        # buttons a row; a label too long for half the row at the smallest text size (a
        # longer translation) gets the whole row rather than being cut.
        keys = [("retry", _("Retry this mistake"), "R"), ("line", show_line_label(), "W"),
                *keys]
        enabled = {"retry": self.reviewed.retry() is not None,
                   "line": line_of(self.reviewed) is not None}
        rows: list[list[tuple[str, str, str, bool]]] = []
        for entry in keys:
            wide = not theme.fits(entry[1], theme.smaller(size, 2), half - 8)
            if wide or not rows or len(rows[-1]) == 2 or rows[-1][0][3]:
                rows.append([])
            rows[-1].append((*entry, wide))
        top = inner.bottom - len(rows) * button_h - (len(rows) - 1) * gap
        for row, entries in enumerate(rows):
            w = inner.w if len(entries) == 1 and entries[0][3] else half
            for col, (key, label, hotkey, _wide) in enumerate(entries):
                placed.buttons.append(Button(key, label, Box(
                    inner.x + col * (half + gap), top + row * (button_h + gap), w,
                    button_h), enabled=enabled.get(key, True), hotkey=hotkey))
        y = self.header.height(inner.w, size)
        _grades, summary = self._graded()
        if summary.mistakes:
            y += line
            for mistake in summary.mistakes:
                placed.mistakes.append((mistake.ply, Box(inner.x, inner.y + y, inner.w, line)))
                y += line
            y += gap
        row_h = line + 2
        placed.list_box = Box(inner.x, inner.y + y, inner.w, max(row_h, top - gap - inner.y - y))
        last = self.reviewed.last_step
        self.top = max(0, min(self.top, last + 1 - max(1, placed.list_box.h // row_h)))
        # A long move takes two lines of the list (a translation, or a capture of many cards).
        row_y = placed.list_box.y
        for index in range(self.top, last + 1):
            lines, text_size = self._row_lines(index, inner.w, size)
            h = len(lines) * theme.line_height(text_size) + 2
            if row_y + h > placed.list_box.bottom and placed.rows:
                break
            placed.rows.append((index, Box(inner.x, row_y, inner.w, h)))
            row_y += h
        placed.visible = max(1, len(placed.rows))
        return placed

    def _row_text(self, step: int) -> tuple[str, str]:
        """A list row's words and its loss mark ("−2,3"; "" when none)."""
        reviewed = self.reviewed
        if step >= reviewed.last_step:
            return _("End of the round"), ""
        key = (step, current_language())
        text = self._rows.get(key)
        if text is None:  # told in the past, as the history does; once per step
            _seat, move = reviewed.play.moves[step]
            text = _("{number}. {account}").format(
                number=step + 1, account=played_text(move, reviewed.positions[step]))
            self._rows[key] = text
        decision = self._graded()[0].get(step)
        mark = "" if decision is None or decision.loss < 0.05 or decision.forced else (
            "−" + format_number(decision.loss, 1))
        return text, mark

    def _row_lines(self, step: int, width: int, size: int) -> tuple[list[str], int]:
        """A row's text wrapped beside its grade badge (two lines at most)."""
        text, mark = self._row_text(step)
        graded = step in self._graded()[0]
        badge_w = theme.text(mark, theme.smaller(size, 1)).get_width() + size if graded else 0
        return theme.wrap_fit(text, theme.smaller(size, 1), width - badge_w - 8, 2)

    def _button_keys(self) -> list[tuple[str, str, str]]:
        state = self.reviewed.state
        players = self.reviewed.positions[0].players
        others = _("Grade North") if players == 2 else _("Grade others")
        return [
            ("previous", _("◀ Back a move"), "←"),
            ("next", _("Next move ▶"), "→"),
            ("hands", _("All hands: on") if state.show_all else _("All hands: off"), "A"),
            ("others", _("{label}: on").format(label=others) if state.grade_others
             else _("{label}: off").format(label=others), "G"),
            ("export", _("Export"), "E"),
            ("back", _("Close"), "Esc"),
        ]

    # -- input -----------------------------------------------------------------------------
    def follow(self, step: int) -> None:
        """Scroll the move list so that ``step`` shows."""
        placed = self.place()
        if step < self.top:
            self.top = step
        elif step >= self.top + placed.visible:
            self.top = step - placed.visible + 1

    def scroll(self, lines: int) -> None:
        """Scroll the move list by ``lines`` rows (positive: later moves)."""
        self.top = max(0, self.top + lines)

    def handle(self, event: InputEvent) -> str | None:
        """The key of what the event chose, if anything."""
        placed = self.place()
        self.list.set_buttons(placed.buttons)
        if isinstance(event, Click):
            for step, box in placed.mistakes + placed.rows:
                if box.contains(event.pos):
                    return f"step:{step}"
        if isinstance(event, PointerMove | Click | KeyAction):
            return self.list.handle(event)
        return None

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The whole panel, drawn again only when something on it changed."""
        placed = self.place()
        reviewed = self.reviewed
        key = (placed.box, reviewed.step, self.top, self.list.hover, self.list.focus,
               reviewed.state.show_all, reviewed.state.grade_others,
               placed.buttons[0].enabled, placed.buttons[1].enabled,
               self._memo[0] if self._memo else None, reviewed.progress())
        if self._picture is None or self._picture[0] != key:
            picture = pygame.Surface((placed.box.w, placed.box.h))
            self._draw(picture, placed._replace_box(Box(0, 0, placed.box.w, placed.box.h)))
            self._picture = (key, picture)
        surface.blit(self._picture[1], (placed.box.x, placed.box.y))

    def _draw(self, surface: pygame.Surface, placed: _Placed) -> None:
        box, size = placed.box, placed.size
        theme.rounded(surface, box, theme.PANEL, 0)
        pygame.draw.line(surface, theme.GOLD_DARK, (box.x, box.y), (box.x, box.bottom), 2)
        x, w = box.x + size, box.w - 2 * size
        y = self.header.draw(surface, x, box.y + size, w, size)
        line = theme.line_height(size)
        players = self.reviewed.positions[0].players
        if placed.mistakes:
            theme.blit_text(surface, _("Biggest mistakes (keys 1 to 3):"), theme.smaller(size, 1),
                            (x, y),
                            theme.INK_DIM)
            grades = self._graded()[0]
            for step, row in placed.mistakes:
                decision = grades[step]
                if step == self.reviewed.step:
                    theme.rounded(surface, row, theme.FELT_LIGHT, 5, alpha=120)
                theme.badge(surface, (row.x + line // 3, row.centery), max(4, line // 5),
                            verdict_colour(decision), "")
                theme.blit_text(surface, mistake_line(decision, players), theme.smaller(size, 1),
                                (row.x + line, row.centery), theme.INK, anchor="midleft",
                                max_width=row.w - line)
        self._draw_list(surface, placed)
        for index, button in enumerate(placed.buttons):
            draw_button(surface, button, theme.smaller(size, 2),
                        hovered=button.key == self.list.hover,
                        focused=index == self.list.focus)

    def _draw_list(self, surface: pygame.Surface, placed: _Placed) -> None:
        reviewed = self.reviewed
        size = placed.size
        grades = self._graded()[0]
        theme.rounded(surface, placed.list_box.inflate(8, 4), theme.FELT_DARK, 6, alpha=140)
        for step, row in placed.rows:
            if step == reviewed.step:
                theme.rounded(surface, row, theme.FELT_LIGHT, 5, alpha=150)
            lines, text_size = self._row_lines(step, row.w, size)
            if step >= reviewed.last_step:
                ink = theme.INK_DIM
            else:
                mine = reviewed.play.moves[step][0] == reviewed.viewer
                ink = theme.INK if mine else theme.INK_DIM
            _text, mark = self._row_text(step)
            decision = grades.get(step)
            badge_w = 0
            if decision is not None:
                badge_w = theme.text(mark, theme.smaller(size, 1)).get_width() + size
                theme.badge(surface, (row.right - badge_w + size // 3, row.centery),
                            max(4, size // 3), verdict_colour(decision), "")
                if mark:
                    theme.blit_text(surface, mark, theme.smaller(size, 1), (row.right - 2,
                                                                            row.centery),
                                    verdict_colour(decision), anchor="midright")
            line_h = theme.line_height(text_size)
            y = row.centery - len(lines) * line_h // 2
            for text_line in lines:
                theme.blit_text(surface, text_line, text_size, (row.x + 4, y), ink,
                                max_width=row.w - badge_w - 8)
                y += line_h
