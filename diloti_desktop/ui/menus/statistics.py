"""The statistics screen: finished matches per player count and opponent level.

The figures come from :mod:`diloti_desktop.player_data.stats`; this screen phrases and draws them,
and resets them after asking. Matches where the coach helped are on rows of their own.
"""

from __future__ import annotations

import pygame

from diloti_desktop import resources
from diloti_desktop.ai.players import LEVELS
from diloti_desktop.i18n import _, format_number, format_percent
from diloti_desktop.player_data import stats
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.audio import Sound
from diloti_desktop.ui.kit.confirm import ConfirmScene
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.grid import Column, Row, draw_grid, header_height
from diloti_desktop.ui.kit.input import Action, InputEvent, KeyAction, Scroll
from diloti_desktop.ui.kit.layout import Box, panel, screen_unit
from diloti_desktop.ui.kit.scene import Scene
from diloti_desktop.ui.kit.widgets import Button, ButtonList, draw_button
from diloti_desktop.ui.words.assist_words import assisted_matches_text
from diloti_desktop.ui.words.rating_words import rating_line, rating_note, suggestion_line
from diloti_desktop.ui.words.wording import level_label


def group_label(key: stats.GroupKey) -> str:
    """ "2 players · Expert", "4 players · Casual + Expert · with help"."""
    opponents = " + ".join(level_label(level) for level in key.opponents.split("+"))
    if key.assisted:
        return _("{players} players · {opponents} · with help").format(
            players=key.players, opponents=opponents)
    return _("{players} players · {opponents}").format(players=key.players,
                                                      opponents=opponents)


def stats_columns() -> list[Column]:
    """The screen's columns."""
    # The opponents' column is wide enough for "4 players · two levels · with help" in
    # every language at 960x600; the figures' headers get the rest.
    return [Column(_("Opponents"), 4.1, "left"), Column(_("Played")), Column(_("Won")),
            Column(_("Win %")), Column(_("Points per round"), 1.1),
            Column(_("Xeris made")), Column(_("Xeris conceded"), 1.1),
            Column(_("Best round"), 1.05), Column(_("Longest winning streak"), 1.3)]


def record_cells(record: stats.Record) -> list[str]:
    """One record's figures as text ("—" where there is nothing to show yet)."""
    rate = record.win_rate
    per_round = record.points_per_round
    return [
        str(record.played), str(record.won),
        format_percent(rate) if rate is not None else "—",
        format_number(per_round, 1) if per_round is not None else "—",
        str(record.xeris_made), str(record.xeris_conceded),
        str(record.best_round) if record.rounds else "—", str(record.best_streak),
    ]


def stats_rows(statistics: stats.Statistics, ladder: tuple[str, ...]) -> list[Row]:
    """Every group as a row, helped matches faint."""
    return [Row([group_label(key), *record_cells(record)], dim=key.assisted)
            for key, record in statistics.rows(ladder)]


class StatisticsScene(Scene):
    """The table of records, Back, and Reset (after a confirmation)."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.statistics = stats.Statistics.empty()
        self.message = ""
        self.first = 0
        self.list = ButtonList(vertical=False)
        self.list.focus = 0
        self.reload()

    def reload(self) -> None:
        """Read the statistics file again (a damaged one is set aside, with a message)."""
        if not self.ctx.persist:
            return
        self.statistics, message = stats.load_stats()
        if message:
            self.message = message

    def _metrics(self) -> tuple[Box, int, int]:
        width, height = self.ctx.window.size()
        unit = screen_unit(width, height)
        size = max(12, round(unit * 0.022))
        row_h = round(size * 1.9)
        full = panel(width, height, 0.98, 0.9, max_w=round(unit * 1.75))
        # As tall as the table needs (at least room for a few rows), notes and buttons.
        area = Box(full.x + size // 2, 0, full.w - size, 0)
        rows = max(4, len(self.rows()))
        h = min(full.h, self._top(size) + header_height(stats_columns(), area, size)
                + rows * row_h + self._reserve(size) + size)
        return Box(full.x, (height - h) // 2, full.w, h), size, row_h

    def _top(self, size: int) -> int:
        """Room above the table: the title and the rating's two lines."""
        return round(size * 3.4) + 2 * theme.line_height(theme.smaller(size, 1))

    def _reserve(self, size: int) -> int:
        """Room under the table: the notes (and a message) above the buttons."""
        return (round(size * 7) + theme.line_height(size - 2)  # the "assisted" count
                + (2 * theme.line_height(size) if self.message else 0))

    def grid_area(self) -> Box:
        """Where the table goes."""
        box, size, _row_h = self._metrics()
        top = box.y + self._top(size)
        # Half the usual margin: the table's cells have their own padding.
        return Box(box.x + size // 2, top, box.w - size, box.bottom - top - self._reserve(size))

    def rows(self) -> list[Row]:
        """Every row (see :func:`stats_rows`)."""
        return stats_rows(self.statistics, LEVELS)

    def visible_rows(self) -> list[Row]:
        """The rows that fit, from the scroll position."""
        rows = self.rows()
        _box, size, row_h = self._metrics()
        area = self.grid_area()
        fit = max(1, (area.h - header_height(stats_columns(), area, size)) // row_h)
        first = max(0, min(self.first, len(rows) - fit))
        return rows[first:first + fit]

    def buttons(self) -> list[Button]:
        """Back, the progress page, and Reset when there is something to reset."""
        box, size, _row_h = self._metrics()
        h = round(size * 2.4)
        labels = (_("Back"), _("Your progress"), _("Reset statistics…"))
        widest = max(resources.font(size, bold=True).size(label)[0] for label in labels)
        # Wide enough for the longest translation, never wider than a third of the panel.
        w = min((box.w - 4 * size) // 3, max(round(size * 11), widest + 3 * size))
        y = box.bottom - h - size
        left = box.centerx - w - w // 2 - size
        return [Button("back", _("Back"), Box(left, y, w, h), primary=True, hotkey="Esc"),
                Button("progress", _("Your progress"), Box(left + w + size, y, w, h)),
                Button("reset", _("Reset statistics…"), Box(left + 2 * (w + size), y, w, h),
                       enabled=bool(self.statistics.groups))]

    def handle(self, event: InputEvent) -> None:
        """Back, reset, scrolling."""
        self.list.set_buttons(self.buttons())
        if self.message and isinstance(event, KeyAction):
            self.message = ""
        if isinstance(event, Scroll):
            self._scroll(-event.dy)
            return
        if isinstance(event, KeyAction) and event.action == Action.CANCEL:
            self.ctx.scenes.pop(self)
            return
        if isinstance(event, KeyAction) and event.action in (Action.DOWN, Action.UP):
            self._scroll(1 if event.action == Action.DOWN else -1)
            return
        key = self.list.handle(event)
        if key == "back":
            self.ctx.play_sound(Sound.CLICK)
            self.ctx.scenes.pop(self)
        elif key == "progress":
            self.ctx.play_sound(Sound.CLICK)
            self.ctx.nav.menus.open_progress()
        elif key == "reset":
            self.ctx.play_sound(Sound.CLICK)
            self.ask_reset()

    def _scroll(self, step: int) -> None:
        shown = len(self.visible_rows())
        self.first = max(0, min(self.first + step, len(self.rows()) - shown))

    def ask_reset(self) -> None:
        """Ask before every figure goes back to zero."""
        self.ctx.scenes.push(ConfirmScene(
            self.ctx, _("Reset the statistics?"),
            _("Every figure on this screen goes back to zero. This cannot be undone."),
            proceed_label=_("Reset"), keep_label=_("Keep them"), on_proceed=self.reset))

    def reset(self) -> None:
        """Start the statistics again from zero."""
        message = stats.reset_stats() if self.ctx.persist else None
        self.statistics = stats.Statistics.empty()
        self.first = 0
        self.message = message or _("The statistics were reset.")

    def draw(self, surface: pygame.Surface) -> None:
        """The table, or a word when there is nothing yet."""
        box, size, row_h = self._metrics()
        theme.screen_frame(surface, box, _("Statistics"), size)
        y = box.y + round(size * 2.9)
        for line in (rating_line(self.statistics.track), suggestion_line(self.statistics.track)):
            theme.blit_text(surface, line, theme.smaller(size, 1), (box.centerx, y), theme.INK,
                            anchor="midtop", max_width=box.w - 4 * size)
            y += theme.line_height(theme.smaller(size, 1))
        area = self.grid_area()
        rows = self.visible_rows()
        if rows:
            bottom = draw_grid(surface, area, stats_columns(), rows, size, row_h)
            if len(rows) < len(self.rows()):
                bottom += size // 2
                theme.blit_text(surface, _("Scroll for more"), theme.smaller(size, 2),
                                (area.right, bottom), theme.INK_DIM, anchor="topright")
        else:
            for index, line in enumerate(theme.wrap(
                    _("No finished matches yet. Play a match to the end and it is counted "
                      "here."), size, area.w)):
                theme.blit_text(surface, line, size, (area.centerx, area.y + size * 2
                                                      + index * theme.line_height(size)),
                                theme.INK_DIM, anchor="midtop")
        notes = [_("Only finished matches count. Matches where you used hints, undo or the "
                   "tutor are counted apart, on the rows marked “with help”."), rating_note()]
        assisted = assisted_matches_text((key.assisted, record.played)
                                         for key, record in self.statistics.groups.items())
        if assisted:
            notes.insert(0, assisted)
        if self.message:
            notes.insert(0, self.message)
        y = self.buttons()[0].box.y - size // 2
        for index, note in enumerate(reversed(notes)):
            ink = theme.ALERT if self.message and index == len(notes) - 1 else theme.INK_DIM
            for line in reversed(theme.wrap(note, theme.smaller(size, 2), box.w - 4 * size)):
                y -= theme.line_height(theme.smaller(size, 2))
                theme.blit_text(surface, line, theme.smaller(size, 2), (box.centerx, y), ink,
                                anchor="midtop")
        for index, button in enumerate(self.buttons()):
            draw_button(surface, button, size, hovered=button.key == self.list.hover,
                        focused=index == self.list.focus)
