"""How to play: the rules of Diloti in a few short sections, and the table's controls."""

from __future__ import annotations

import pygame

from diloti_desktop.i18n import N_, _
from diloti_desktop.ui import theme
from diloti_desktop.ui.context import AppContext
from diloti_desktop.ui.input import Action, Click, InputEvent, KeyAction, PointerMove, Scroll
from diloti_desktop.ui.layout import Box, panel
from diloti_desktop.ui.scene import Scene
from diloti_desktop.ui.widgets import Button, draw_button

#: (heading, paragraphs); each paragraph is one translatable string.
SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (N_("The aim"), (
        N_("Diloti is a fishing game: you take cards from the table with cards from your "
           "hand. Points come from the cards you capture and from sweeping the table. "
           "Rounds are played until one side reaches the target (61 points, or 101 in the "
           "long game) at the end of a round; the higher total wins."),
    )),
    (N_("The cards"), (
        N_("An Ace counts 1 and the cards 2 to 10 their number. Jacks, Queens and Kings "
           "have no number: a face card only ever takes one loose face card of the same "
           "rank, and never joins a sum or a pile."),
    )),
    (N_("The deal"), (
        N_("Everyone gets six cards and four more are laid face up on the table. When all "
           "hands are empty, six more go to everyone until the stock runs out; later deals "
           "add nothing to the table. If the first four show three or four faces of one "
           "rank, they are dealt again."),
    )),
    (N_("Your turn"), (
        N_("Play exactly one card from your hand, and do one of these:"),
        N_("• Lay it face up on the table."),
        N_("• Capture with it: a numeral takes loose cards of its value, groups of loose "
           "cards adding up to its value, and piles declared at exactly its value, as many "
           "of these as you like in one go. A 6 can take a 6 and a 2 with a 4 together."),
        N_("• Declare a pile: put a numeral on loose cards and announce their total (10 at "
           "most). You must keep another card of that value in hand to take it later. The "
           "pile is yours until someone captures it; anyone holding the value may."),
        N_("• Declare a family: several parts that each make the same value (two 6s are a "
           "family of sixes, never a twelve). A family cannot be raised."),
        N_("• Raise an opponent's plain pile with one more card (10 at most), keeping a card "
           "of the new value. The pile and its duty become yours."),
    )),
    (N_("Owning a pile"), (
        N_("While you own a pile you may not lay a card, declare another pile or raise. You "
           "may capture anywhere, take your own pile, or turn it into a family. Your last "
           "card of the pile's value may only be used to take the pile."),
    )),
    (N_("Xeri"), (
        N_("A capture that leaves the table completely empty is a xeri, worth 10 points. "
           "The round's very first card and the leftovers at the end never count as a "
           "xeri; a pile left on the table means no xeri."),
    )),
    (N_("The end of a round"), (
        N_("When the stock and every hand are empty, the cards left on the table go to the "
           "side that captured last. Then the round is scored: 4 points for 27 cards or "
           "more, 1 per Ace, 2 for the 10♦, 1 for the 2♣, and 10 per xeri."),
    )),
    (N_("Four players"), (
        N_("Partners sit opposite each other and share their captures and score. Each "
           "player's pile is their own duty; a partner may take it, but not raise it."),
    )),
    (N_("Playing on this table"), (
        N_("Drag a card from your hand onto a table card or pile, or onto empty felt to lay "
           "it. While you drag, everything you could use with that card lights up. To take "
           "several items at once, click them first, then drop your card (or double-click "
           "it). When a play could mean two things, you will be asked which one."),
        N_("Without dragging: click a hand card, click the table items, press Play. With "
           "the keyboard: ← → pick a card, Tab moves over the table, Space selects, Enter "
           "plays, M lists every legal move, H asks for a hint, Esc opens the menu, F11 "
           "switches fullscreen."),
    )),
)


class RulesScene(Scene):
    """A scrolling summary of the rules."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.offset = 0
        self.hover = False

    def heading(self) -> str:
        """The panel's title."""
        return _("How to play Diloti")

    def _frame(self) -> tuple[Box, int]:
        width, height = self.ctx.window.size()
        unit = round(min(height, width * 9 / 16))
        size = max(13, round(unit * 0.025))
        return panel(width, height, 0.86, 0.9, max_w=round(unit * 1.45)), size

    def _lines(self, box: Box, size: int) -> list[tuple[str, bool]]:
        lines: list[tuple[str, bool]] = []
        width = box.w - 4 * size
        for index, (heading, paragraphs) in enumerate(SECTIONS):
            if index:
                lines.append(("", False))
            lines.append((_(heading), True))
            for paragraph in paragraphs:
                lines.extend((line, False) for line in theme.wrap(_(paragraph), size, width))
        return lines

    def _view(self) -> tuple[Box, int, Box, int]:
        box, size = self._frame()
        text_area = Box(box.x + 2 * size, box.y + round(size * 3.6), box.w - 4 * size,
                        box.h - round(size * 7.6))
        total = len(self._lines(box, size)) * theme.line_height(size)
        return box, size, text_area, max(0, total - text_area.h)

    def back_button(self) -> Button:
        """The Back button."""
        box, size = self._frame()
        w, h = round(size * 8), round(size * 2.4)
        return Button("back", _("Back"), Box(box.centerx - w // 2, box.bottom - h - size, w, h),
                      primary=True, hotkey="Esc")

    def handle(self, event: InputEvent) -> None:
        """Scroll, or go back."""
        _box, size, _area, limit = self._view()
        step = theme.line_height(size)
        if isinstance(event, PointerMove):
            self.hover = self.back_button().box.contains(event.pos)
        elif isinstance(event, Click) and self.back_button().box.contains(event.pos):
            self.ctx.scenes.pop(self)
        elif isinstance(event, Scroll):
            self.offset -= event.dy * step * 3
        elif isinstance(event, KeyAction):
            action = event.action
            if action in (Action.CANCEL, Action.CONFIRM):
                self.ctx.scenes.pop(self)
            elif action == Action.DOWN:
                self.offset += step * 2
            elif action == Action.UP:
                self.offset -= step * 2
            elif action == Action.PAGE_DOWN:
                self.offset += step * 12
            elif action == Action.PAGE_UP:
                self.offset -= step * 12
            elif action == Action.HOME:
                self.offset = 0
            elif action == Action.END:
                self.offset = limit
        self.offset = max(0, min(limit, self.offset))

    def draw(self, surface: pygame.Surface) -> None:
        """The text, clipped to the panel."""
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        box, size, area, limit = self._view()
        theme.rounded(surface, box, theme.PANEL, 18, alpha=240)
        pygame.draw.rect(surface, theme.PANEL_EDGE, pygame.Rect(box), width=2, border_radius=18)
        theme.blit_text(surface, self.heading(), round(size * 1.5),
                        (box.centerx, box.y + size), theme.GOLD, bold=True, anchor="midtop")
        previous_clip = surface.get_clip()
        surface.set_clip(pygame.Rect(area))
        y = area.y - self.offset
        line_h = theme.line_height(size)
        for line, heading in self._lines(box, size):
            if area.y - line_h <= y <= area.bottom:
                if heading:
                    theme.blit_text(surface, line, round(size * 1.1), (area.x, y), theme.GOLD,
                                    bold=True)
                else:
                    theme.blit_text(surface, line, size, (area.x, y), theme.INK)
            y += line_h
        surface.set_clip(previous_clip)
        if limit:
            track = Box(area.right + size // 2, area.y, max(4, size // 3), area.h)
            theme.rounded(surface, track, theme.FELT_DARK, track.w // 2)
            thumb_h = max(size * 2, round(area.h * area.h / (area.h + limit)))
            thumb_y = area.y + round((area.h - thumb_h) * self.offset / limit)
            theme.rounded(surface, Box(track.x, thumb_y, track.w, thumb_h), theme.PANEL_EDGE,
                          track.w // 2)
        draw_button(surface, self.back_button(), size, hovered=self.hover)
