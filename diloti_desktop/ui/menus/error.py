"""A friendly screen instead of a crash: what happened, where the log is, what to do next."""

from __future__ import annotations

import pygame

from diloti_desktop.i18n import _
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.input import Action, InputEvent, KeyAction
from diloti_desktop.ui.kit.layout import Box, panel, screen_unit
from diloti_desktop.ui.kit.scene import Scene
from diloti_desktop.ui.kit.widgets import Button, ButtonList, draw_button


class ErrorScene(Scene):
    """Shown after an unexpected exception (already logged with its traceback)."""

    def __init__(self, ctx: AppContext, summary: str, log_file: str | None,
                 saved: bool = False) -> None:
        super().__init__(ctx)
        self.summary = summary
        #: Whether an interrupted game was saved, so that Continue will offer it.
        self.saved = saved
        self.log_file = log_file
        self.list = ButtonList(vertical=False)
        self.list.focus = 0

    def _frame(self) -> tuple[Box, int]:
        width, height = self.ctx.window.size()
        unit = screen_unit(width, height)
        return panel(width, height, 0.7, 0.6, max_w=round(unit * 1.2)), max(13, round(unit *
                                                                                    0.026))

    def buttons(self) -> list[Button]:
        """Menu or quit."""
        box, size = self._frame()
        h, w = round(size * 2.5), round(size * 16)
        y = box.bottom - h - size
        return [Button("menu", _("Back to the main menu"),
                       Box(box.centerx - w - size // 2, y, w, h), primary=True),
                Button("quit", _("Quit"), Box(box.centerx + size // 2, y, w, h))]

    def handle(self, event: InputEvent) -> None:
        """Back to the menu (a fresh start) or quit."""
        self.list.set_buttons(self.buttons())
        key = self.list.handle(event)
        if isinstance(event, KeyAction) and event.action == Action.CANCEL:
            key = "menu"
        if key == "menu":
            self.ctx.nav.match.main_menu()
        elif key == "quit":
            self.ctx.window.request_quit()

    def draw(self, surface: pygame.Surface) -> None:
        """The message."""
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        box, size = self._frame()
        theme.panel(surface, box, 18, theme.ALERT, alpha=245)
        y = box.y + size * 2
        theme.blit_text(surface, _("Sorry, something went wrong"), round(size * 1.4),
                        (box.centerx, y), theme.ALERT, bold=True, anchor="midtop")
        y += round(size * 3)
        if self.saved:
            first = _("The game ran into a problem it did not expect. Your game was saved "
                      "after its last move, so you can continue it from the main menu.")
        else:
            first = _("The game ran into a problem it did not expect. What you had saved "
                      "before is safe.")
        paragraphs = [first, self.summary]
        if self.log_file:
            paragraphs.append(_("The details are in the log file: {path}").format(
                path=self.log_file))
        for paragraph in paragraphs:
            for line in theme.wrap(paragraph, size, box.w - 4 * size):
                theme.blit_text(surface, line, size, (box.centerx, y), theme.INK,
                                anchor="midtop")
                y += theme.line_height(size)
            y += size // 2
        for index, button in enumerate(self.buttons()):
            draw_button(surface, button, size, hovered=button.key == self.list.hover,
                        focused=index == self.list.focus)
