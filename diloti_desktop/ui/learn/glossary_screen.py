"""The glossary: every word of the game with its short explanation (from :mod:`glossary`)."""

from __future__ import annotations

import pygame

from diloti_desktop import glossary
from diloti_desktop.i18n import _
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.input import Action, Click, InputEvent, KeyAction, PointerMove, Scroll
from diloti_desktop.ui.kit.layout import Box, panel, screen_unit
from diloti_desktop.ui.kit.scene import Scene
from diloti_desktop.ui.kit.widgets import Button, draw_button


class GlossaryScene(Scene):
    """A scrolling list of terms: the name in gold, the meaning below. The list moves by
    whole entries, so a view never ends in the middle of a sentence; a scroll bar and a
    "more below" line say when it continues."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        #: The first entry shown.
        self.offset = 0
        self.hover = False

    def _frame(self) -> tuple[Box, int, Box]:
        width, height = self.ctx.window.size()
        unit = screen_unit(width, height)
        size = max(13, round(unit * 0.025))
        box = panel(width, height, 0.8, 0.9, max_w=round(unit * 1.3))
        # below the list: the "more below" line, then the Back button
        area = Box(box.x + 2 * size, box.y + round(size * 3.6), box.w - 5 * size,
                   box.h - round(size * 7.6) - theme.line_height(size - 2))
        return box, size, area

    def entries(self) -> list[list[tuple[str, bool]]]:
        """Each term's (text, is the term's name) lines, wrapped to the panel."""
        _box, size, area = self._frame()
        return [[(glossary.term_name(term.key).capitalize(), True),
                 *((line, False) for line in theme.wrap(glossary.explain(term.key), size,
                                                        area.w - size))]
                for term in glossary.TERMS]

    def lines(self) -> list[tuple[str, bool]]:
        """(text, is a term name) lines, wrapped to the panel."""
        return [line for entry in self.entries() for line in entry]

    def shown(self) -> range:
        """The entries the view holds whole, from :attr:`offset` (at least one)."""
        _box, size, area = self._frame()
        rows = max(1, area.h // theme.line_height(size))
        entries = self.entries()
        end = self.offset
        used = 0
        while end < len(entries) and (end == self.offset or used + len(entries[end]) <= rows):
            used += len(entries[end])
            end += 1
        return range(self.offset, end)

    def limit(self) -> int:
        """The first entry of the last view: the one after which everything fits."""
        _box, size, area = self._frame()
        rows = max(1, area.h // theme.line_height(size))
        entries = self.entries()
        first, used = len(entries), 0
        while first > 0 and used + len(entries[first - 1]) <= rows:
            first -= 1
            used += len(entries[first])
        return min(first, len(entries) - 1)

    def more_below(self) -> bool:
        """Whether entries follow the view."""
        return self.shown().stop < len(glossary.TERMS)

    def scroll_bar(self) -> tuple[Box, Box]:
        """The scroll bar's track and its thumb (where the view lies in the list)."""
        _box, size, area = self._frame()
        entries = self.entries()
        shown = self.shown()
        before = sum(len(entry) for entry in entries[:shown.start])
        visible = sum(len(entry) for entry in entries[shown.start:shown.stop])
        total = max(1, before + visible + sum(len(entry) for entry in entries[shown.stop:]))
        track = Box(area.right + size, area.y, max(4, size // 3), area.h)
        top = track.y + round(track.h * before / total)
        height = max(size, round(track.h * visible / total))
        return track, Box(track.x, min(top, track.bottom - height), track.w, height)

    def back_button(self) -> Button:
        """The Back button."""
        box, size, _area = self._frame()
        w, h = round(size * 8), round(size * 2.4)
        return Button("back", _("Back"), Box(box.centerx - w // 2, box.bottom - h - size, w, h),
                      primary=True, hotkey="Esc")

    def handle(self, event: InputEvent) -> None:
        """Scroll (an entry at a time, a view with Page Down / Page Up), or go back."""
        if isinstance(event, PointerMove):
            self.hover = self.back_button().box.contains(event.pos)
        elif isinstance(event, Click) and self.back_button().box.contains(event.pos):
            self.ctx.scenes.pop(self)
        elif isinstance(event, Scroll):
            self.offset -= event.dy
        elif isinstance(event, KeyAction):
            if event.action in (Action.CANCEL, Action.CONFIRM):
                self.ctx.scenes.pop(self)
            elif event.action == Action.DOWN:
                self.offset += 1
            elif event.action == Action.UP:
                self.offset -= 1
            elif event.action == Action.PAGE_DOWN:
                self.offset = self.shown().stop
            elif event.action == Action.PAGE_UP:
                self.offset -= max(1, len(self.shown()))
        self.offset = max(0, min(self.limit(), self.offset))

    def draw(self, surface: pygame.Surface) -> None:
        """The terms, the scroll bar and whether more follows."""
        box, size, area = self._frame()
        theme.screen_frame(surface, box, _("Glossary"), size)
        line_h = theme.line_height(size)
        y = area.y
        entries = self.entries()
        for index in self.shown():
            for text, is_term in entries[index]:
                if is_term:
                    theme.blit_text(surface, text, size, (area.x, y), theme.GOLD, bold=True,
                                    max_width=area.w)
                else:
                    theme.blit_text(surface, text, size, (area.x + size, y), theme.INK,
                                    max_width=area.w - size)
                y += line_h
        track, thumb = self.scroll_bar()
        if self.offset > 0 or self.more_below():
            theme.rounded(surface, track, theme.FELT_DARK, track.w // 2, alpha=200)
            theme.rounded(surface, thumb, theme.GOLD_DARK, track.w // 2)
        if self.more_below():
            theme.blit_text(surface, _("More below ↓"), size - 2,
                            (box.centerx, area.bottom + size // 4), theme.HINT, anchor="midtop",
                            max_width=area.w)
        draw_button(surface, self.back_button(), size, hovered=self.hover)
