"""The Advanced rules panel: every variant (docs/rules.md §10) as one row, and below the
rows the pointed or focused variant explained in one line, with an example in words and
a small table picture (the texts come from :mod:`diloti_desktop.glossary`)."""

from __future__ import annotations

import pygame

from diloti_desktop import glossary
from diloti_desktop.i18n import _
from diloti_desktop.rules.ruleset import Ruleset
from diloti_desktop.ui.board.example_view import draw_example, example_height
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.audio import Sound
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.input import Action, InputEvent, KeyAction, PointerMove
from diloti_desktop.ui.kit.layout import Box, panel, screen_unit
from diloti_desktop.ui.kit.navigation import RulesChoice
from diloti_desktop.ui.kit.scene import Scene
from diloti_desktop.ui.kit.widgets import Button as FormButton
from diloti_desktop.ui.kit.widgets import Choice, Form

OTHER_TARGETS = (21, 31, 41, 51, 61, 81, 101, 121, 151)


class AdvancedRulesScene(Scene):
    """Every variant toggle, each as one row, explained where it is pointed at."""

    def __init__(self, ctx: AppContext, owner: RulesChoice) -> None:
        super().__init__(ctx)
        self.owner = owner
        self.form = Form()
        self.placed: tuple[Box, int, Box] | None = None
        self.pointed: str | None = None
        self._rebuild()

    def _rebuild(self) -> None:
        rules = self.owner.rules
        off_on = [(False, _("off")), (True, _("on"))]
        no_yes = [(False, _("no")), (True, _("yes"))]
        four = self.owner.players == 4
        rows: list[Choice[object]] = [
            Choice("xeri_points", _("Xeri is worth"),
                   [(10, _("10 points")), (5, _("5 points (Crete)"))], rules.xeri_points),
            Choice("xeristaki", _("Xeristaki: +5 for leaving only one pile"), off_on,
                   rules.xeristaki),
            Choice("locked_declarations", _("Locked declarations (no raising)"), off_on,
                   rules.locked_declarations),
            Choice("first_card_xeri", _("The round's first card may score a xeri"), no_yes,
                   rules.first_card_xeri),
            Choice("capture_all_of_rank", _("Capture scope"),
                   [(False, _("choose")), (True, _("take every card of the rank"))],
                   rules.capture_all_of_rank),
            Choice("one_sum_group", _("Sum groups per capture"),
                   [(False, _("any number")), (True, _("one"))], rules.one_sum_group),
            Choice("layout_redeal", _("Redeal the table's first four"),
                   [("faces", _("3+ same faces")), ("jacks", _("3+ Jacks")), ("off", _("never"))],
                   rules.layout_redeal),
            Choice("self_raise", _("Raise your own pile"), off_on, rules.self_raise),
            Choice("raise_with_loose", _("A raise may add loose cards"), off_on,
                   rules.raise_with_loose),
            Choice("partner_raise", _("Raise your partner's pile (4 players)"), off_on,
                   rules.partner_raise and four, enabled=four),
            Choice("target", _("Play to"),
                   [(t, str(t)) for t in OTHER_TARGETS], rules.target),
        ]
        self.form.set_rows(rows)
        self.form.buttons.set_buttons([
            FormButton("classic", _("Classic rules")),
            FormButton("done", _("Done"), primary=True),
        ])

    def _layout(self) -> tuple[Box, int, Box]:
        """The panel, the text size and the explanation area (between rows and buttons)."""
        width, height = self.ctx.window.size()
        unit = screen_unit(width, height)
        size = max(12, round(unit * 0.021))
        box = panel(width, height, 0.94, 0.96, max_w=round(unit * 1.65))
        inner = box.inflate(-3 * size, -2 * size)
        inner = Box(inner.x, inner.y + round(size * 2.2), inner.w, inner.h - round(size * 2.2))
        card_w = max(30, round(unit * 0.06))
        explain_h = 2 * theme.line_height(size) + example_height(card_w, size) + size
        rows_h = inner.h - explain_h - round(size * 3.2)
        row_h = min(round(size * 2.2), rows_h // len(self.form.rows))
        self.form.layout(inner, row_h, round(inner.w * 0.36), round(size * 2.3), size)
        rows_bottom = self.form.rows[-1].row.bottom if self.form.rows else inner.y
        area = Box(inner.x, rows_bottom + size // 2, inner.w, explain_h)
        self.placed = (box, size, area)
        return box, size, area

    def explained(self) -> str:
        """The variant being explained: the pointed row, else the focused one, else the
        first."""
        if self.pointed is not None:
            return self.pointed
        rows = self.form.rows
        if self.form.focus_row is not None and self.form.focus_row < len(rows):
            return rows[self.form.focus_row].key
        return rows[0].key

    def update(self, dt: float) -> bool:
        """Place the form for the window's current size (drawing only reads it)."""
        self._layout()
        return False

    def handle(self, event: InputEvent) -> None:
        """Toggles and buttons; pointing at a row (or focusing it) explains it."""
        self._layout()
        if isinstance(event, PointerMove):
            row = next((r for r in self.form.rows if r.row.contains(event.pos)), None)
            if row is not None:
                self.pointed = row.key
        elif isinstance(event, KeyAction):
            self.pointed = None
        if isinstance(event, KeyAction) and event.action == Action.CANCEL:
            self.ctx.scenes.pop(self)
            return
        result = self.form.handle(event)
        if isinstance(result, tuple):
            key, value = result
            self.ctx.play_sound(Sound.CLICK)
            self.owner.rules = self.owner.rules.with_changes(**{key: value})
            self.pointed = key
            self._rebuild()
        elif result == "classic":
            self.owner.rules = Ruleset()
            self._rebuild()
        elif result == "done":
            self.ctx.scenes.pop(self)

    def retranslate(self) -> None:
        """The language changed: reword the rows."""
        self._rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        """The toggles, then the explanation of one of them."""
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        box, size, area = self.placed or self._layout()
        theme.panel(surface, box, 18, theme.PANEL_EDGE, alpha=235)
        theme.blit_text(surface, _("Advanced rules"), round(size * 1.4),
                        (box.centerx, box.y + size // 2), theme.GOLD, bold=True,
                        anchor="midtop")
        self.form.draw(surface, size)
        variant = glossary.variant(self.explained())
        theme.rounded(surface, area, theme.FELT_DARK, 10, alpha=200)
        x = area.x + size // 2
        y = area.y + size // 3
        line = _("{name}: {meaning}").format(name=variant.name, meaning=variant.meaning)
        theme.blit_text(surface, line, size, (x, y), theme.INK, max_width=area.w - size)
        y += theme.line_height(size)
        theme.blit_text(surface, _("Example: {example}").format(example=variant.example),
                        size, (x, y), theme.GOLD, max_width=area.w - size)
        y += theme.line_height(size)
        if variant.table:
            unit = screen_unit(*surface.get_size())
            card_w = max(30, round(unit * 0.06))
            picture = Box(x, y + size // 4, area.w - size,
                          area.bottom - y - size // 2)
            draw_example(surface, picture, variant.table, card_w, size,
                         self.ctx.settings.four_colour_suits)
