"""The end of a round (the score breakdown) and the end of a match (winner, rematch)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from diloti_desktop.controller import RoundOver, side_name
from diloti_desktop.i18n import _
from diloti_desktop.ui import theme
from diloti_desktop.ui.audio import Sound
from diloti_desktop.ui.context import AppContext
from diloti_desktop.ui.input import Action, InputEvent, KeyAction
from diloti_desktop.ui.layout import Box, panel
from diloti_desktop.ui.scene import Scene
from diloti_desktop.ui.widgets import Button, ButtonList, draw_button
from diloti_desktop.ui.wording import summary_rows, winner_line

if TYPE_CHECKING:
    from diloti_desktop.ui.scenes.table import TableScene


def _unit(size: tuple[int, int]) -> int:
    return round(min(size[1], size[0] * 9 / 16))


class RoundSummaryScene(Scene):
    """Each side's points for the round, the match totals, then the next round."""

    opaque = False

    def __init__(self, ctx: AppContext, table: TableScene, result: RoundOver) -> None:
        super().__init__(ctx)
        self.table = table
        self.result = result
        self.list = ButtonList(vertical=False)
        self.list.focus = 0

    @property
    def match_over(self) -> bool:
        """Whether a side has won the match."""
        return self.result.winner >= 0

    def account_lines(self) -> list[str]:
        """How the round ended (the leftovers), without repeating the title."""
        title = _("Round {number} is over").format(number=self.result.round_no)
        parts = [p for p in self.result.account.split(" · ") if p and p != title]
        return parts

    def frame(self) -> Box:
        """The panel, as tall as its content."""
        width, height = self.ctx.window.size()
        unit = _unit((width, height))
        size = max(13, round(unit * 0.026))
        rows = len(summary_rows(self.result.breakdown, self.result.scores,
                                self.table.session.config.rules))
        button_h = round(unit * 0.065)
        # Mirrors draw(): margin, title, accounts, header, rows, target line, button.
        content = (size + round(size * 2.6) + len(self.account_lines()) * round(size * 1.5)
                   + round(size * 2.0) + rows * round(size * 1.75) + round(size * 2.7)
                   + button_h + button_h // 2)
        box = panel(width, height, 0.6, 0.0, max_w=round(unit * 1.05))
        h = min(height - 2 * size, content)
        return Box(box.x, (height - h) // 2, box.w, h)

    def buttons(self) -> list[Button]:
        """Next round, or the match result."""
        box = self.frame()
        unit = _unit(self.ctx.window.size())
        h = round(unit * 0.065)
        w = round(unit * 0.42)
        label = _("See the result") if self.match_over else _("Next round")
        return [Button("next", label, Box(box.centerx - w // 2, box.bottom - h - h // 2, w, h),
                       primary=True, hotkey="Enter")]

    def handle(self, event: InputEvent) -> None:
        """Enter or the button continues."""
        self.list.set_buttons(self.buttons())
        if isinstance(event, KeyAction) and event.action == Action.CONFIRM:
            key: str | None = "next"
        else:
            key = self.list.handle(event)
        if key == "next":
            self.ctx.play_sound(Sound.CLICK)
            self.proceed()

    def proceed(self) -> None:
        """Close the summary: the next round, or the match result."""
        if self.match_over:
            self.ctx.scenes.replace(MatchEndScene(self.ctx, self.table, self.result))
        else:
            self.ctx.scenes.pop(self)
            self.table.next_round()

    def draw(self, surface: pygame.Surface) -> None:
        """The breakdown table."""
        theme.shade(surface, 150)
        box = self.frame()
        unit = _unit(surface.get_size())
        size = max(13, round(unit * 0.026))
        theme.drop_shadow(surface, box, 18, offset=6, alpha=90)
        theme.rounded(surface, box, theme.PANEL, 18)
        pygame.draw.rect(surface, theme.GOLD_DARK, pygame.Rect(box), width=2, border_radius=18)
        y = box.y + size
        title = _("Round {number} is over").format(number=self.result.round_no)
        theme.blit_text(surface, title, round(size * 1.5), (box.centerx, y), theme.GOLD,
                        bold=True, anchor="midtop")
        y += round(size * 2.6)
        for part in self.account_lines():
            theme.blit_text(surface, part, size - 1, (box.centerx, y), theme.INK_DIM,
                            anchor="midtop", max_width=box.w - 4 * size)
            y += round(size * 1.5)
        players = self.table.shown.players
        rules = self.table.session.config.rules
        rows = summary_rows(self.result.breakdown, self.result.scores, rules)
        label_x = box.x + 2 * size
        col_w = round((box.w - 4 * size) * 0.25)
        columns = (box.right - 2 * size - col_w * 2 + col_w // 2,
                   box.right - 2 * size - col_w // 2)
        header_h = round(size * 2.0)
        for side, cx in enumerate(columns):
            theme.blit_text(surface, side_name(side, players), size, (cx, y + header_h // 2),
                            theme.INK, bold=True, anchor="center", max_width=col_w - 4)
        y += header_h
        row_h = round(size * 1.75)
        for index, (label, values, strong) in enumerate(rows):
            row = Box(box.x + size, y, box.w - 2 * size, row_h)
            if strong:
                theme.rounded(surface, row, theme.GOLD_DARK, 6, alpha=110)
            elif index % 2 == 0:
                theme.rounded(surface, row, theme.FELT_DARK, 6, alpha=120)
            ink = theme.GOLD if strong else theme.INK
            theme.blit_text(surface, label, size, (label_x, row.centery), ink, bold=strong,
                            anchor="midleft", max_width=columns[0] - col_w // 2 - label_x)
            for value, cx in zip(values, columns, strict=True):
                theme.blit_text(surface, value, size, (cx, row.centery), ink, bold=strong,
                                anchor="center")
            y += row_h
        target = _("First to {target} wins the match.").format(target=rules.target)
        theme.blit_text(surface, target, size - 2, (box.centerx, y + size // 2), theme.INK_DIM,
                        anchor="midtop")
        for index, button in enumerate(self.buttons()):
            draw_button(surface, button, size, hovered=button.key == self.list.hover,
                        focused=index == self.list.focus)


class MatchEndScene(Scene):
    """Who won, the final score, and a rematch."""

    opaque = False

    def __init__(self, ctx: AppContext, table: TableScene, result: RoundOver) -> None:
        super().__init__(ctx)
        self.table = table
        self.result = result
        self.list = ButtonList(vertical=False)
        self.list.focus = 0

    def frame(self) -> Box:
        """The panel."""
        width, height = self.ctx.window.size()
        return panel(width, height, 0.55, 0.5, max_w=round(_unit((width, height)) * 0.95))

    def buttons(self) -> list[Button]:
        """Rematch and main menu."""
        box = self.frame()
        unit = _unit(self.ctx.window.size())
        h = round(unit * 0.065)
        gap = h // 2
        w = min(round(unit * 0.3), (box.w - 4 * gap) // 3)
        y = box.bottom - h - h // 2
        left = box.centerx - w - w // 2 - gap
        return [
            Button("rematch", _("Rematch"), Box(left, y, w, h), primary=True, hotkey="Enter"),
            Button("scores", _("Score sheet"), Box(left + w + gap, y, w, h), hotkey="S"),
            Button("menu", _("Main menu"), Box(left + 2 * (w + gap), y, w, h), hotkey="Esc"),
        ]

    def handle(self, event: InputEvent) -> None:
        """Rematch or back to the menu."""
        from diloti_desktop.ui.scenes import flow

        self.list.set_buttons(self.buttons())
        key = self.list.handle(event)
        if isinstance(event, KeyAction) and event.action == Action.CANCEL:
            key = "menu"
        if isinstance(event, KeyAction) and event.action == Action.SCORES:
            key = "scores"
        if key == "scores":
            flow.open_score_sheet(self.ctx, self.table.session)
        elif key == "rematch":
            self.ctx.play_sound(Sound.CLICK)
            flow.rematch(self.ctx, self.table.session.config)
        elif key == "menu":
            self.ctx.play_sound(Sound.CLICK)
            flow.main_menu(self.ctx)

    def draw(self, surface: pygame.Surface) -> None:
        """The winner."""
        theme.shade(surface, 160)
        box = self.frame()
        unit = _unit(surface.get_size())
        size = max(13, round(unit * 0.028))
        theme.drop_shadow(surface, box, 18, offset=6, alpha=90)
        theme.rounded(surface, box, theme.PANEL, 18)
        pygame.draw.rect(surface, theme.GOLD, pygame.Rect(box), width=3, border_radius=18)
        players = self.table.shown.players
        y = box.y + size * 2
        theme.blit_text(surface, _("Match over"), size, (box.centerx, y), theme.INK_DIM,
                        anchor="midtop")
        y += size * 2
        line = winner_line(self.result.winner, self.result.scores, players)
        for text_line in theme.wrap(line, round(size * 1.6), box.w - 4 * size, bold=True):
            theme.blit_text(surface, text_line, round(size * 1.6), (box.centerx, y), theme.GOLD,
                            bold=True, anchor="midtop")
            y += theme.line_height(round(size * 1.6))
        y += size
        for side in (0, 1):
            text = _("{side}: {score} points").format(side=side_name(side, players),
                                                      score=self.result.scores[side])
            theme.blit_text(surface, text, size, (box.centerx, y), theme.INK, anchor="midtop")
            y += theme.line_height(size)
        for index, button in enumerate(self.buttons()):
            draw_button(surface, button, size, hovered=button.key == self.list.hover,
                        focused=index == self.list.focus)
