"""How to play: the rules of Diloti in a few short sections, and the table's controls."""

from __future__ import annotations

import pygame

from diloti_desktop.i18n import N_, _
from diloti_desktop.ui.board.example_view import draw_example, example_height
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.input import Action, Click, InputEvent, KeyAction, PointerMove, Scroll
from diloti_desktop.ui.kit.layout import Box, panel, screen_unit
from diloti_desktop.ui.kit.scene import Scene
from diloti_desktop.ui.kit.widgets import Button, draw_button

#: (heading, paragraphs, example position or "", the example's caption); every text is one
#: translatable string. Each example is drawn from rules core notation by the card renderer.
SECTIONS: tuple[tuple[str, tuple[str, ...], str, str], ...] = (
    (N_("The aim"), (
        N_("Diloti is a fishing game: you take cards from the table with cards from your "
           "hand. Points come from the cards you capture and from sweeping the table."),
        N_("Rounds are played until one side reaches the target (61 points, or 101 in the "
           "long game) at the end of a round; the higher total wins."),
    ), "", ""),
    (N_("The cards"), (
        N_("An Ace counts 1 and the cards 2 to 10 their number: these are the numerals. "
           "Jacks, Queens and Kings have no number: they are face cards."),
    ), "hands=AS7HKD/-", N_("The A♠ counts 1, the 7♥ counts 7; the K♦ has no number.")),
    (N_("The deal"), (
        N_("Everyone gets six cards and four more are laid face up on the table. When all "
           "hands are empty, six more go to everyone until the stock runs out; later deals "
           "add nothing to the table."),
    ), "hands=2S5H9HJC6D8C/- loose=3SKH7D4C",
        N_("Your six cards, and the four loose cards a round starts with.")),
    (N_("Laying a card"), (
        N_("Each turn you play exactly one card. When it takes nothing, lay it face up on "
           "the table: it becomes a loose card."),
    ), "hands=9H/- loose=2C6D", N_("The 9♥ matches nothing here: you lay it.")),
    (N_("Capturing"), (
        N_("A numeral takes loose cards of its value and groups of loose cards adding up "
           "to its value, as many of these as you like in one go."),
    ), "hands=6S/- loose=2C4H6D9S", N_("The 6♠ takes the 6♦ and 2♣ + 4♥ together; the 9♠ "
                                     "stays.")),
    (N_("Face cards"), (
        N_("A face card only ever takes one loose face card of the same rank, and never "
           "joins a sum or a pile. It cannot be laid beside one of its rank."),
    ), "hands=KD/- loose=5DKHKS", N_("The K♦ takes one of the Kings, never both, never the "
                                   "5♦.")),
    (N_("Declaring a pile"), (
        N_("Put a numeral on loose cards and announce their total (10 at most). You must "
           "keep another card of that value to take it later. The pile is yours until "
           "someone captures it, whole, with a card of its value."),
    ), "hands=3D8C/- loose=5S", N_("The 3♦ on the 5♠ declares 8: you keep the 8♣ to take "
                                 "it.")),
    (N_("Families"), (
        N_("A family is a pile of several parts that each make the same value: two 6s are a "
           "family of sixes, never a twelve. Nobody can raise a family."),
    ), "hands=6H/- piles=F6@0:6D.6S.2C4H", N_("A family of sixes (6♦, 6♠, 2♣ + 4♥): only a 6 "
                                            "takes it.")),
    (N_("Raising"), (
        N_("Add one card to an opponent's plain pile (10 at most), keeping a card of the "
           "new value. The pile and its duty become yours."),
    ), "hands=AH9D/- piles=P8@1:3D5S", N_("Your A♥ raises North's 8 to 9: you keep the "
                                        "9♦.")),
    (N_("Owning a pile"), (
        N_("While you own a pile you may not lay a card, declare another pile or raise. You "
           "may capture anywhere, take your own pile, or turn it into a family. Your last "
           "card of the pile's value may only be used to take the pile."),
    ), "hands=7H8C/- loose=2D6H piles=P8@0:3D5S", N_("You own the 8: the 7♥ cannot be laid, "
                                                   "and the 8♣ must take the pile.")),
    (N_("Xeri"), (
        N_("A capture that leaves the table completely empty is a xeri, worth 10 points. "
           "The round's very first card and the leftovers at the end never count as a "
           "xeri; a pile left on the table means no xeri."),
    ), "hands=8S/- loose=3H5C", N_("The 8♠ takes 3♥ + 5♣ and empties the table: a xeri.")),
    (N_("The end of a round"), (
        N_("When the stock and every hand are empty, the cards left on the table go to the "
           "side that captured last."),
        N_("Then the round is scored: 4 points for 27 cards or more (the majority), 1 per "
           "Ace, 2 for the 10♦, 1 for the 2♣, and 10 per xeri."),
    ), "", ""),
    (N_("Four players"), (
        N_("Partners sit opposite each other and share their captures and score. Each "
           "player's pile is their own duty; a partner may take it, but not raise it."),
    ), "rules=4p hands=8HAS/-/-/- piles=P8@2:3S5H", N_("Your partner North's 8: your 8♥ may take "
                                                 "it, your A♠ may not raise it.")),
    (N_("Playing on this table"), (
        N_("Drag a card from your hand onto a table card or pile, or onto empty felt to lay "
           "it. While you drag, everything you could use with that card lights up. To take "
           "several items at once, click them first, then drop your card (or double-click "
           "it). When a play could mean two things, you will be asked which one."),
        N_("Without dragging: click a hand card, click the table items, press Play. With "
           "the keyboard: ← → pick a card, Tab moves over the table, Space selects, Enter "
           "plays, Esc opens the menu."),
        N_("Help at the table: H shows a hint; press it again, up to three times, to see "
           "more (what to look for, then the card, then the whole move). M lists every "
           "legal move. L shows the round's history, S the score sheet. Undo (Ctrl+Z or U) "
           "takes back your last move. The tutor, switched on in Settings, warns you before "
           "a costly move. After a round, R opens its review, move by move."),
        N_("In a round's review: ← and → (or ↑ and ↓) step through the moves, Home and End "
           "go to the first and the last; Page Up and Page Down jump to the previous or next "
           "mistake, and 1 to 9 to a mistake by its number in the list. A shows every hand, "
           "G grades the other players' moves too, E saves the round and its grades as a "
           "text file. Click a move in the list to see it; Esc closes the review."),
        N_("On a mistake, in the tutor's warning or in the review, W (Show the line) plays "
           "what happens next on the table, then puts the cards back. In the review, R "
           "plays the mistake again as a puzzle."),
        N_("F11 switches fullscreen; F12 saves a screenshot and says where it went."),
        N_("New to the game? Learn to play, in the main menu, teaches it on the table in "
           "short lessons. The Glossary button below explains every word of the game."),
    ), "", ""),
)

#: A line of :meth:`RulesScene._lines` that starts with this marks a table example (the
#: section's number follows); the lines after it are left blank for the picture.
EXAMPLE_MARK = "\x00example:"


class RulesScene(Scene):
    """A scrolling summary of the rules."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.offset = 0
        self.hover = False
        self.hover_glossary = False

    def heading(self) -> str:
        """The panel's title."""
        return _("How to play Diloti")

    def _frame(self) -> tuple[Box, int]:
        width, height = self.ctx.window.size()
        unit = screen_unit(width, height)
        size = max(13, round(unit * 0.025))
        return panel(width, height, 0.86, 0.9, max_w=round(unit * 1.45)), size

    def _lines(self, box: Box, size: int) -> list[tuple[str, bool]]:
        lines: list[tuple[str, bool]] = []
        width = box.w - 4 * size
        rows = -(-example_height(self._card_w(), size) // theme.line_height(size))
        for index, (heading, paragraphs, example, _caption) in enumerate(SECTIONS):
            if index:
                lines.append(("", False))
            lines.append((_(heading), True))
            for paragraph in paragraphs:
                lines.extend((line, False) for line in theme.wrap(_(paragraph), size, width))
            if example:
                lines.append((f"{EXAMPLE_MARK}{index}", False))
                lines.extend([("", False)] * (rows - 1))
        return lines

    def _card_w(self) -> int:
        width, height = self.ctx.window.size()
        return max(30, round(screen_unit(width, height) * 0.06))

    def _view(self) -> tuple[Box, int, Box, int]:
        """The panel, the type size, the text area and the scroll limit. The area holds a
        whole number of lines and every scroll step is whole lines, so no line is ever
        cut at the top or the bottom, the last one included."""
        box, size = self._frame()
        line_h = theme.line_height(size)
        rows = max(1, (box.h - round(size * 7.6)) // line_h)
        text_area = Box(box.x + 2 * size, box.y + round(size * 3.6), box.w - 4 * size,
                        rows * line_h)
        total = len(self._lines(box, size)) * line_h
        return box, size, text_area, max(0, total - text_area.h)

    #: Whether a Glossary button sits beside Back (not on screens reusing this panel).
    offers_glossary = True

    def back_button(self) -> Button:
        """The Back button."""
        box, size = self._frame()
        w, h = round(size * 8), round(size * 2.4)
        x = box.centerx - w // 2 + (w // 2 + size // 2 if self.offers_glossary else 0)
        return Button("back", _("Back"), Box(x, box.bottom - h - size, w, h),
                      primary=True, hotkey="Esc")

    def glossary_button(self) -> Button | None:
        """The Glossary button, left of Back."""
        if not self.offers_glossary:
            return None
        back = self.back_button().box
        _box, size = self._frame()
        return Button("glossary", _("Glossary"), Box(back.x - back.w - size, back.y, back.w,
                                                     back.h))

    def handle(self, event: InputEvent) -> None:
        """Scroll, or go back."""
        _box, size, _area, limit = self._view()
        step = theme.line_height(size)
        glossary = self.glossary_button()
        if isinstance(event, PointerMove):
            self.hover = self.back_button().box.contains(event.pos)
            self.hover_glossary = glossary is not None and glossary.box.contains(event.pos)
        elif isinstance(event, Click) and self.back_button().box.contains(event.pos):
            self.ctx.scenes.pop(self)
        elif isinstance(event, Click) and glossary is not None and glossary.box.contains(
                event.pos):
            self.open_glossary()
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
        self.offset = self._clamped(limit, step)

    def _clamped(self, limit: int, step: int) -> int:
        """The offset in whole lines within the limit (the window may have been resized
        since it was set)."""
        return max(0, min(limit, round(self.offset / step) * step))

    def draw(self, surface: pygame.Surface) -> None:
        """The text, clipped to the panel."""
        box, size, area, limit = self._view()
        theme.screen_frame(surface, box, self.heading(), size)
        previous_clip = surface.get_clip()
        surface.set_clip(pygame.Rect(area))
        line_h = theme.line_height(size)
        offset = self._clamped(limit, line_h)
        y = area.y - offset
        picture_h = example_height(self._card_w(), size)
        for line, heading in self._lines(box, size):
            if line.startswith(EXAMPLE_MARK):
                if y + picture_h >= area.y and y <= area.bottom:
                    section = SECTIONS[int(line[len(EXAMPLE_MARK):])]
                    draw_example(surface, Box(area.x, y, area.w - size, picture_h), section[2],
                                 self._card_w(), size, self.ctx.settings.four_colour_suits,
                                 caption=_(section[3]))
            elif area.y - line_h <= y <= area.bottom:
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
            thumb_y = area.y + round((area.h - thumb_h) * offset / limit)
            theme.rounded(surface, Box(track.x, thumb_y, track.w, thumb_h), theme.PANEL_EDGE,
                          track.w // 2)
        draw_button(surface, self.back_button(), size, hovered=self.hover)
        glossary = self.glossary_button()
        if glossary is not None:
            draw_button(surface, glossary, size, hovered=self.hover_glossary)

    def open_glossary(self) -> None:
        """Every word of the game explained."""
        self.ctx.nav.learn.open_glossary()
