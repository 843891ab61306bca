"""A yes-or-no question before something that cannot be undone.

The safe answer has the keyboard focus, so Enter (or Esc) never destroys anything by
accident; the destructive answer needs a click or a deliberate move of the focus.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from diloti_desktop.ui import theme
from diloti_desktop.ui.context import AppContext
from diloti_desktop.ui.input import InputEvent
from diloti_desktop.ui.layout import Box, panel
from diloti_desktop.ui.scene import Scene
from diloti_desktop.ui.widgets import Button, ButtonList, draw_button


class ConfirmScene(Scene):
    """``message`` with a safe button (focused) and a button that goes ahead."""

    opaque = False

    def __init__(self, ctx: AppContext, title: str, message: str, proceed_label: str,
                 keep_label: str, on_proceed: Callable[[], None]) -> None:
        super().__init__(ctx)
        self.title = title
        self.message = message
        self.proceed_label = proceed_label
        self.keep_label = keep_label
        self.on_proceed = on_proceed
        self.list = ButtonList(vertical=False)
        self.list.focus = 0  # the safe answer

    def _metrics(self) -> tuple[Box, int, list[str]]:
        width, height = self.ctx.window.size()
        unit = round(min(height, width * 9 / 16))
        size = max(13, round(unit * 0.026))
        box = panel(width, height, 0.6, 0.0, max_w=round(unit * 1.1))
        lines = theme.wrap(self.message, size, box.w - 4 * size)
        # Margin, title, the message, a gap, the buttons (2.5 sizes high), margin.
        h = round(size * 7.7) + len(lines) * theme.line_height(size)
        return Box(box.x, (height - h) // 2, box.w, h), size, lines

    def buttons(self) -> list[Button]:
        """The safe answer first, then the one that goes ahead."""
        box, size, _lines = self._metrics()
        h = round(size * 2.5)
        w = min(round(box.w * 0.42), round(size * 16))
        gap = size
        y = box.bottom - h - size
        return [Button("keep", self.keep_label, Box(box.centerx - w - gap // 2, y, w, h),
                       primary=True, hotkey="Esc"),
                Button("proceed", self.proceed_label, Box(box.centerx + gap // 2, y, w, h))]

    def handle(self, event: InputEvent) -> None:
        """Esc keeps; the buttons answer."""
        key = self.pressed(event, self.list, self.buttons())
        if key is None:
            return
        self.ctx.scenes.pop(self)
        if key == "proceed":
            self.on_proceed()

    def draw(self, surface: pygame.Surface) -> None:
        """The question over a shaded screen."""
        theme.shade(surface, 150)
        box, size, lines = self._metrics()
        theme.panel(surface, box, 16, theme.GOLD_DARK, shadow=True)
        y = box.y + size
        theme.blit_text(surface, self.title, round(size * 1.3), (box.centerx, y), theme.GOLD,
                        bold=True, anchor="midtop", max_width=box.w - 2 * size)
        y += round(size * 2.2)
        for line in lines:
            theme.blit_text(surface, line, size, (box.centerx, y), theme.INK, anchor="midtop")
            y += theme.line_height(size)
        for index, button in enumerate(self.buttons()):
            draw_button(surface, button, size, hovered=button.key == self.list.hover,
                        focused=index == self.list.focus)
