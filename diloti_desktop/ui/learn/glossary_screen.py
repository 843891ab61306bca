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
    """A scrolling list of terms: the name in gold, the meaning below."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.offset = 0
        self.hover = False

    def _frame(self) -> tuple[Box, int, Box]:
        width, height = self.ctx.window.size()
        unit = screen_unit(width, height)
        size = max(13, round(unit * 0.025))
        box = panel(width, height, 0.8, 0.9, max_w=round(unit * 1.3))
        area = Box(box.x + 2 * size, box.y + round(size * 3.6), box.w - 4 * size,
                   box.h - round(size * 7.6))
        return box, size, area

    def lines(self) -> list[tuple[str, bool]]:
        """(text, is a term name) lines, wrapped to the panel."""
        _box, size, area = self._frame()
        result: list[tuple[str, bool]] = []
        for term in glossary.TERMS:
            result.append((glossary.term_name(term.key).capitalize(), True))
            result.extend((line, False) for line in theme.wrap(
                glossary.explain(term.key), size, area.w - size))
        return result

    def limit(self) -> int:
        """How far the list scrolls."""
        _box, size, area = self._frame()
        return max(0, len(self.lines()) * theme.line_height(size) - area.h)

    def back_button(self) -> Button:
        """The Back button."""
        box, size, _area = self._frame()
        w, h = round(size * 8), round(size * 2.4)
        return Button("back", _("Back"), Box(box.centerx - w // 2, box.bottom - h - size, w, h),
                      primary=True, hotkey="Esc")

    def handle(self, event: InputEvent) -> None:
        """Scroll, or go back."""
        _box, size, _area = self._frame()
        step = theme.line_height(size)
        if isinstance(event, PointerMove):
            self.hover = self.back_button().box.contains(event.pos)
        elif isinstance(event, Click) and self.back_button().box.contains(event.pos):
            self.ctx.scenes.pop(self)
        elif isinstance(event, Scroll):
            self.offset -= event.dy * step * 3
        elif isinstance(event, KeyAction):
            if event.action in (Action.CANCEL, Action.CONFIRM):
                self.ctx.scenes.pop(self)
            elif event.action == Action.DOWN:
                self.offset += step * 2
            elif event.action == Action.UP:
                self.offset -= step * 2
            elif event.action == Action.PAGE_DOWN:
                self.offset += step * 12
            elif event.action == Action.PAGE_UP:
                self.offset -= step * 12
        self.offset = max(0, min(self.limit(), self.offset))

    def draw(self, surface: pygame.Surface) -> None:
        """The terms."""
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        box, size, area = self._frame()
        theme.panel(surface, box, 18, theme.PANEL_EDGE, alpha=240)
        theme.blit_text(surface, _("Glossary"), round(size * 1.5), (box.centerx, box.y + size),
                        theme.GOLD, bold=True, anchor="midtop")
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(area))
        line_h = theme.line_height(size)
        y = area.y - self.offset
        for text, is_term in self.lines():
            if area.y - line_h <= y <= area.bottom:
                if is_term:
                    theme.blit_text(surface, text, size, (area.x, y), theme.GOLD, bold=True)
                else:
                    theme.blit_text(surface, text, size, (area.x + size, y), theme.INK)
            y += line_h
        surface.set_clip(clip)
        draw_button(surface, self.back_button(), size, hovered=self.hover)
