"""The progress page: lessons done, puzzles solved, the accuracy of the last rounds and
the rating over time, drawn by the game's own renderer (:mod:`diloti_desktop.ui.kit.chart`).

Everything comes from the player's files, read once when the page opens: the lessons and
puzzles from ``progress.json``, the rounds and the rating from ``stats.json``
(:mod:`diloti_desktop.player_data.track`). Reachable from the main menu and the statistics.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from diloti_desktop.ai.player_rating import level_ratings
from diloti_desktop.ai.players import LEVELS
from diloti_desktop.ai.puzzles import Difficulty
from diloti_desktop.controller.lessons import LESSONS
from diloti_desktop.i18n import _, format_number, format_percent, ngettext
from diloti_desktop.player_data import learning_progress, stats
from diloti_desktop.player_data.track import Track
from diloti_desktop.ui.kit import chart, theme
from diloti_desktop.ui.kit.audio import Sound
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.input import Action, InputEvent, KeyAction
from diloti_desktop.ui.kit.layout import Box, panel, screen_unit
from diloti_desktop.ui.kit.scene import Scene
from diloti_desktop.ui.kit.widgets import Button, ButtonList, draw_button
from diloti_desktop.ui.words.rating_words import rating_line, rating_value, suggestion_line
from diloti_desktop.ui.words.wording import level_label

#: One colour per opponent group on the accuracy plot, in the ladder's order.
LEVEL_COLOURS: tuple[theme.Colour, ...] = (
    (150, 230, 140), (90, 200, 255), (236, 196, 92), (200, 150, 255), (255, 150, 90),
    (255, 110, 130), (200, 200, 200))


@dataclass
class Learnt:
    """Lessons and puzzles: done and in all (puzzles per difficulty, easiest first)."""

    lessons_done: int = 0
    lessons: int = 0
    puzzles: list[tuple[str, int, int]] = field(default_factory=list)


def load_learnt() -> Learnt:
    """What ``progress.json`` says was learnt, against what the game offers."""
    progress, _message = learning_progress.load_progress()
    keys = {lesson.key for lesson in LESSONS}
    # A damaged puzzles file is reported on the Learn screen; here it counts no puzzle.
    puzzles, _problem = learning_progress.shipped_puzzles()
    counts = []
    for level in Difficulty:
        idents = {p.ident for p in puzzles if p.difficulty == level}
        counts.append((level.value, len(idents & progress.puzzles), len(idents)))
    return Learnt(len(keys & progress.lessons), len(keys), counts)


def difficulty_label(name: str) -> str:
    """A puzzle difficulty in words."""
    labels = {"easy": _("easy"), "medium": _("medium"), "hard": _("hard")}
    return labels.get(name, name)


def group_name(opponents: str) -> str:
    """ "Casual", "Casual + Expert"."""
    return " + ".join(level_label(level) for level in opponents.split("+"))


def accuracy_groups(track: Track, ladder: Sequence[str]) -> list[tuple[str, float, int]]:
    """Each opponent group of the kept rounds: (group, average accuracy, rounds), the
    weakest opponents first."""
    order = {level: index for index, level in enumerate(ladder)}
    totals: dict[str, list[float]] = {}
    for entry in track.rounds:
        totals.setdefault(entry.opponents, []).append(entry.accuracy)
    return sorted(((name, sum(values) / len(values), len(values))
                   for name, values in totals.items()),
                  key=lambda item: (order.get(item[0].split("+")[0], len(order)), item[0]))


class ProgressScene(Scene):
    """Lessons, puzzles, the accuracy plot and the rating line; Back."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.track = Track()
        self.learnt = Learnt()
        self.message = ""
        self.list = ButtonList(vertical=False)
        self.list.focus = 0
        if ctx.persist:
            statistics, message = stats.load_stats()
            self.track = statistics.track
            self.message = message or ""
            self.learnt = load_learnt()

    def _metrics(self) -> tuple[Box, int]:
        width, height = self.ctx.window.size()
        unit = screen_unit(width, height)
        return panel(width, height, 0.96, 0.94, max_w=round(unit * 1.8)), max(
            12, round(unit * 0.022))

    def buttons(self) -> list[Button]:
        """Back."""
        box, size = self._metrics()
        h = round(size * 2.3)
        w = round(size * 10)
        return [Button("back", _("Back"), Box(box.centerx - w // 2, box.bottom - h - size,
                                              w, h), primary=True, hotkey="Esc")]

    def handle(self, event: InputEvent) -> None:
        """Back (or Esc)."""
        self.list.set_buttons(self.buttons())
        if isinstance(event, KeyAction) and event.action == Action.CANCEL:
            self.ctx.scenes.pop(self)
            return
        if self.list.handle(event) == "back":
            self.ctx.play_sound(Sound.CLICK)
            self.ctx.scenes.pop(self)

    def fact_lines(self) -> list[str]:
        """Lessons, puzzles, the rating and the level suggested."""
        learnt = self.learnt
        puzzles = " · ".join(_("{difficulty} {solved} of {total}").format(
            difficulty=difficulty_label(name), solved=solved, total=total)
            for name, solved, total in learnt.puzzles)
        lines = [_("Lessons done: {done} of {total}").format(done=learnt.lessons_done,
                                                             total=learnt.lessons)]
        if puzzles:
            lines.append(_("Puzzles solved: {list}").format(list=puzzles))
        lines += [rating_line(self.track), suggestion_line(self.track)]
        if self.message:
            lines.insert(0, self.message)
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        """The facts, then the two plots side by side."""
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        box, size = self._metrics()
        theme.panel(surface, box, 18, theme.PANEL_EDGE, alpha=240)
        theme.blit_text(surface, _("Your progress"), round(size * 1.5),
                        (box.centerx, box.y + size // 2), theme.GOLD, bold=True,
                        anchor="midtop")
        y = box.y + round(size * 2.8)
        for index, line in enumerate(self.fact_lines()):
            ink = theme.ALERT if self.message and index == 0 else theme.INK
            theme.blit_text(surface, line, size, (box.centerx, y), ink, anchor="midtop",
                            max_width=box.w - 3 * size)
            y += theme.line_height(size)
        button_top = self.buttons()[0].box.y
        gap = 2 * size
        label_w = round(size * 3.6)
        column_w = (box.w - 2 * size - gap) // 2
        legend_h = 3 * theme.line_height(theme.smaller(size, 2))
        top = y + size
        for column in range(2):
            x = box.x + size + column * (column_w + gap)
            area = Box(x, top, column_w, button_top - size - top)
            count = len(self.track.rounds)
            title = (ngettext("Accuracy of your last round", "Accuracy of your last {count} "
                              "rounds", count).format(count=count)
                     if column == 0 else _("Your rating over time"))
            theme.blit_text(surface, title, size, (area.centerx, area.y), theme.GOLD,
                            bold=True, anchor="midtop", max_width=area.w)
            plot = Box(area.x + label_w + 8, area.y + theme.line_height(size) + 8,
                       area.w - label_w - 16, area.h - theme.line_height(size) - legend_h - 16)
            legend = Box(area.x, plot.bottom + 10, area.w, legend_h)
            if column == 0:
                self._draw_accuracy(surface, plot, legend, theme.smaller(size, 2), label_w, LEVELS)
            else:
                self._draw_rating(surface, plot, legend, theme.smaller(size, 2), label_w)
        for index, button in enumerate(self.buttons()):
            draw_button(surface, button, size, hovered=button.key == self.list.hover,
                        focused=index == self.list.focus)

    def _empty(self, surface: pygame.Surface, plot: Box, text: str, size: int) -> None:
        theme.rounded(surface, plot, theme.FELT_DARK, 6, alpha=150)
        lines, fitted = theme.wrap_fit(text, size, plot.w - 2 * size, 4)
        y = plot.centery - len(lines) * theme.line_height(fitted) // 2
        for line in lines:
            theme.blit_text(surface, line, fitted, (plot.centerx, y), theme.INK_DIM,
                            anchor="midtop")
            y += theme.line_height(fitted)

    def _draw_accuracy(self, surface: pygame.Surface, plot: Box, legend: Box, size: int,
                       label_w: int, ladder: Sequence[str]) -> None:
        rounds = self.track.rounds
        if not rounds:
            self._empty(surface, plot, _("No round graded yet. Play a match: the accuracy "
                                         "of each round you play is drawn here."), size)
            return
        groups = accuracy_groups(self.track, ladder)
        colours = {name: LEVEL_COLOURS[min(i, len(LEVEL_COLOURS) - 1)]
                   for i, (name, _avg, _n) in enumerate(groups)}
        area = chart.Chart(plot, len(rounds), 0.0, 100.0)
        chart.draw_frame(surface, area, (0, 25, 50, 75, 100),
                         lambda v: format_percent(v / 100), size, label_w)
        points = [area.point(i, r.accuracy) for i, r in enumerate(rounds)]
        chart.draw_line(surface, points, theme.INK_DIM, 1)
        radius = max(2, min(5, plot.w // max(1, 3 * len(rounds))))
        for point, entry in zip(points, rounds, strict=True):
            pygame.draw.circle(surface, colours[entry.opponents], point, radius)
        entries = [(colours[name], ngettext("{opponents}: {accuracy} in {rounds} round",
                                            "{opponents}: {accuracy} in {rounds} rounds",
                                            count).format(
            opponents=group_name(name), accuracy=format_percent(avg / 100), rounds=count))
            for name, avg, count in groups]
        self._legend(surface, legend, entries, size)

    def _draw_rating(self, surface: pygame.Surface, plot: Box, legend: Box, size: int,
                     label_w: int) -> None:
        history = self.track.history
        if not history:
            self._empty(surface, plot, _("No rated match yet. Finish a match against the "
                                         "computer without help: your rating is drawn "
                                         "here."), size)
            return
        levels = level_ratings().ordered()
        highs = [p.rating + 1.96 * p.rd for p in history]
        lows = [p.rating - 1.96 * p.rd for p in history]
        low, high = min(lows), max(highs)
        shown = [(name, value) for name, value in levels if low <= value <= high]
        area = chart.Chart(plot, len(history), low, high)
        chart.draw_frame(surface, area, chart.nice_ticks(low, high, 4),
                         lambda v: format_number(v), size, label_w)
        for _name, value in shown:
            y = area.y(value)
            for x in range(plot.x, plot.right, 12):
                pygame.draw.line(surface, theme.PANEL_EDGE, (x, y), (min(x + 6, plot.right), y))
        upper = [area.point(i, v) for i, v in enumerate(highs)]
        lower = [area.point(i, v) for i, v in enumerate(lows)]
        chart.draw_band(surface, upper, lower, theme.GOLD, 50)
        chart.draw_line(surface, [area.point(i, p.rating) for i, p in enumerate(history)],
                        theme.GOLD, 3)
        for name, value in shown:  # the levels' names over the line, on a dark label
            y = area.y(value)
            rect = theme.text(theme.fit(level_label(name), theme.smaller(size, 1), plot.w // 2),
                              theme.smaller(size, 1))
            label = Box(plot.right - rect.get_width() - 8, y - rect.get_height() // 2 - 1,
                        rect.get_width() + 6, rect.get_height() + 2)
            theme.rounded(surface, label, theme.PANEL, 4, alpha=220)
            theme.blit_text(surface, level_label(name), theme.smaller(size, 1), (label.x + 3,
                                                                                 label.y + 1),
                            theme.INK_DIM, max_width=plot.w // 2)
        last = history[-1]
        first = history[0]
        entries = [(theme.GOLD, ngettext("Now {value} after {count} rated match",
                                         "Now {value} after {count} rated matches",
                                         len(history)).format(
                        value=rating_value(self.track.rating) if self.track.rating else "–",
                        count=len(history))),
                   (theme.PANEL_EDGE, _("From {first} to {last}; the band is the 95% "
                                        "range").format(first=first.date, last=last.date))]
        self._legend(surface, legend, entries, size)

    def _legend(self, surface: pygame.Surface, legend: Box,
                entries: list[tuple[theme.Colour, str]], size: int) -> None:
        """Entries in two columns (one when there are two or fewer)."""
        columns = 1 if len(entries) <= 3 else 2
        rows = min(3, -(-len(entries) // columns))
        col_w = legend.w // columns
        for index, (colour, text) in enumerate(entries[: rows * columns]):
            column, row = divmod(index, rows)
            x = legend.x + column * col_w
            y = legend.y + row * theme.line_height(size)
            pygame.draw.circle(surface, colour, (x + size // 2, y + size // 2 + 1), size // 3)
            theme.blit_text(surface, text, size, (x + size + 4, y), theme.INK_DIM,
                            max_width=col_w - size - 8)


__all__ = ["LEVEL_COLOURS", "Learnt", "ProgressScene", "accuracy_groups", "load_learnt"]
