"""Learn to play: the first-start offer, the lessons list (a tick on each finished one) and
the way into the puzzles (solved ones remembered). Progress lives in ``progress.json``
(:mod:`diloti_desktop.player_data.learning_progress`)."""

from __future__ import annotations

import dataclasses

import pygame

from diloti_desktop.ai.puzzle_ideas import Theme
from diloti_desktop.ai.puzzles import Difficulty, Puzzle
from diloti_desktop.controller.guided import PuzzleCoach
from diloti_desktop.controller.lessons import LESSONS
from diloti_desktop.i18n import LANGUAGES, _, current_language
from diloti_desktop.player_data import learning_progress as saved
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.audio import Sound
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.input import Action, InputEvent, KeyAction
from diloti_desktop.ui.kit.layout import Box, columns, panel, screen_unit, stack
from diloti_desktop.ui.kit.scene import Scene
from diloti_desktop.ui.kit.widgets import Button, ButtonList
from diloti_desktop.ui.words.puzzle_words import theme_name


def puzzles() -> list[Puzzle]:
    """The shipped puzzles, easiest first (loaded once; none if they cannot be used)."""
    return saved.shipped_puzzles()[0]


def puzzles_problem() -> str | None:
    """Why there are no puzzles (translated when loaded), or ``None``."""
    return saved.shipped_puzzles()[1]


def load_progress(ctx: AppContext) -> saved.Progress:
    """The player's progress; a damaged file's sentence goes to the menu's notices."""
    if not ctx.persist:
        return saved.Progress()
    progress, message = saved.load_progress()
    if message:
        ctx.notices.append(message)
    return progress


def puzzle_themes() -> list[Theme]:
    """The themes of the shipped puzzles, in the order of :class:`Theme`."""
    found = {t for p in puzzles() for t in p.themes}
    return [t for t in Theme if t in found]


class LearnScene(Scene):
    """The lessons, each with a tick once finished, and the puzzles by difficulty, of one
    theme (the idea they teach) or of all."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.progress = load_progress(ctx)
        self.list = ButtonList()
        self.list.focus = 0
        #: The puzzles' theme filter: None for every puzzle.
        self.theme: Theme | None = None

    def group(self, level: Difficulty) -> list[Puzzle]:
        """The puzzles of a level, of the chosen theme."""
        return [p for p in puzzles() if p.difficulty == level
                and (self.theme is None or self.theme in p.themes)]

    def next_theme(self) -> None:
        """The filter's next theme (after the last: every puzzle again)."""
        themes: list[Theme | None] = [None, *puzzle_themes()]
        self.theme = themes[(themes.index(self.theme) + 1) % len(themes)]

    def filter_label(self) -> str:
        """The filter button's label: "Ideas: all" or "Idea: The last capture"."""
        if self.theme is None:
            return _("Ideas: all")
        return _("Idea: {theme}").format(theme=theme_name(self.theme))

    def _geometry(self) -> tuple[Box, int]:
        width, height = self.ctx.window.size()
        unit = screen_unit(width, height)
        size = max(13, round(unit * 0.024))
        return panel(width, height, 0.92, 0.94, max_w=round(unit * 1.6)), size

    def buttons(self) -> list[Button]:
        """A button per lesson (two columns), one per puzzle level, Glossary and Back."""
        box, size = self._geometry()
        gap = max(4, size // 3)
        inner = Box(box.x + 2 * size, box.y + round(size * 5.4), box.w - 4 * size,
                    box.h - round(size * 5.4))
        half = (len(LESSONS) + 1) // 2
        # The rows shrink (to 1.6 text sizes at the least) so that the lessons, the puzzle
        # row with its heading, a damaged puzzles file's message and the bottom row all fit.
        message = 3 * theme.line_height(size) + size if puzzles_problem() else size // 2
        room = inner.h - half * gap - round(size * 3.6) - message
        row_h = max(round(size * 1.6), min(round(size * 2.2), room // (half + 2)))
        left, right = columns(Box(inner.x, inner.y, inner.w, half * (row_h + gap)), 2, size)
        boxes = (stack(left, half, row_h, gap, width=left.w)
                 + stack(right, len(LESSONS) - half, row_h, gap, width=right.w))
        result = []
        for index, (lesson, cell) in enumerate(zip(LESSONS, boxes, strict=False)):
            tick = "✓" if lesson.key in self.progress.lessons else "  "
            label = _("{tick} {number}. {title}").format(tick=tick, number=index + 1,
                                                        title=_(lesson.title))
            result.append(Button(f"lesson:{index}", label, Box(cell.x, cell.y, cell.w, cell.h),
                                 primary=index == self.next_lesson()))
        y = inner.y + half * (row_h + gap) + size
        theme_row = Box(inner.x, y + round(size * 1.6), inner.w, row_h)
        levels = [Difficulty.EASY, Difficulty.MEDIUM, Difficulty.HARD]
        cells = columns(theme_row, 3, size)
        if puzzles():
            result.append(Button("theme", self.filter_label(), self.filter_box(y, row_h)))
        for level, cell in zip(levels, cells, strict=True):
            group = self.group(level)
            solved = sum(1 for p in group if p.ident in self.progress.puzzles)
            label = _("{level}: {solved} of {total} solved").format(
                level=self.level_name(level), solved=solved, total=len(group))
            result.append(Button(f"puzzles:{level.value}", label, cell, enabled=bool(group)))
        bottom = Box(inner.x, box.bottom - row_h - size, inner.w, row_h)
        game_b, left_b, right_b = columns(bottom, 3, size)
        # A real match once the lessons are done (open at any time: it is a normal game).
        result.append(Button("first_game", _("Your first game"), game_b,
                             primary=self.next_lesson() < 0))
        result.append(Button("glossary", _("Glossary"), left_b))
        result.append(Button("back", _("Back"), right_b, hotkey="Esc"))
        return result

    def filter_box(self, y: int, row_h: int) -> Box:
        """The theme filter, at the right end of the puzzles' heading (at ``y``)."""
        box, size = self._geometry()
        inner_w = box.w - 4 * size
        w = round(inner_w * 0.3)
        h = min(row_h, round(size * 1.6))
        return Box(box.x + 2 * size + inner_w - w, y - round(size * 0.2), w, h)

    @staticmethod
    def level_name(level: Difficulty) -> str:
        """A puzzle level's name."""
        return {Difficulty.EASY: _("Easy puzzles"), Difficulty.MEDIUM: _("Medium puzzles"),
                Difficulty.HARD: _("Hard puzzles")}[level]

    def next_lesson(self) -> int:
        """The first lesson not finished yet (-1 when all are)."""
        return next((i for i, lesson in enumerate(LESSONS)
                     if lesson.key not in self.progress.lessons), -1)

    def handle(self, event: InputEvent) -> None:
        """Open a lesson or a puzzle level, the glossary, or go back."""
        key = self.pressed(event, self.list, self.buttons())
        if key is None:
            return
        if key.startswith("lesson:"):
            self.open_lesson(int(key.split(":")[1]))
        elif key == "theme":
            self.next_theme()
        elif key.startswith("puzzles:"):
            level = Difficulty(key.split(":")[1])
            group = self.group(level)
            first = next((i for i, p in enumerate(group) if p.ident not in self.progress.puzzles),
                         0)
            self.open_puzzle(level, first + 1)
        elif key == "first_game":
            self.ctx.nav.match.open_first_game()
        elif key == "glossary":
            self.ctx.nav.learn.open_glossary()
        elif key == "back":
            self.ctx.scenes.pop(self)

    def open_lesson(self, index: int) -> None:
        """Show lesson ``index`` on the table."""
        self.ctx.nav.learn.open_lesson(index, on_finish=self.finished)

    def finished(self, key: str) -> None:
        """A lesson was completed: tick it."""
        self.progress.lessons.add(key)
        self._save()

    def solved(self, ident: str) -> None:
        """A puzzle was solved: remember it."""
        self.progress.puzzles.add(ident)
        self._save()

    def open_puzzle(self, level: Difficulty, number: int, replace: bool = False) -> None:
        """Show puzzle ``number`` (from 1) of a level (of the chosen theme) on the table."""
        group = self.group(level)
        if not group:
            return
        number = max(1, min(len(group), number))
        self.ctx.nav.learn.open_puzzle(PuzzleCoach(group[number - 1]), number, len(group),
                         on_solved=self.solved,
                         on_other=lambda n: self.open_puzzle(level, n, replace=True),
                         replace=replace)

    def _save(self) -> None:
        if self.ctx.persist:
            saved.save_progress(self.progress)

    def draw(self, surface: pygame.Surface) -> None:
        """Title, the lessons, the puzzles."""
        box, size = self._geometry()
        theme.screen_frame(surface, box, _("Learn to play"), size)
        done = len(self.progress.lessons & {lesson.key for lesson in LESSONS})
        theme.blit_text(surface, _("Short lessons on the table: the rules in about 10 "
                                   "minutes, then how to play well. {done} of {total} "
                                   "done.").format(done=done, total=len(LESSONS)),
                        size, (box.centerx, box.y + round(size * 3.4)), theme.INK_DIM,
                        anchor="midtop", max_width=box.w - 4 * size)
        buttons = self.buttons()
        self.list.set_buttons(buttons)
        puzzle_button = next(b for b in buttons if b.key.startswith("puzzles:"))
        filter_button = next((b for b in buttons if b.key == "theme"), None)
        heading_w = (box.w - 4 * size if filter_button is None
                     else filter_button.box.x - box.x - 3 * size)
        theme.blit_text(surface, _("Puzzles: find the best move"), size,
                        (box.x + 2 * size, puzzle_button.box.y - round(size * 1.6)),
                        theme.GOLD, bold=True, max_width=heading_w)
        problem = puzzles_problem()
        if problem:  # under the (disabled) puzzle buttons, above Glossary and Back
            lines, small = theme.wrap_fit(problem, size, box.w - 4 * size, 3)
            y = puzzle_button.box.bottom + round(size * 0.8)
            for line in lines:
                theme.blit_text(surface, line, small, (box.x + 2 * size, y), theme.ALERT)
                y += theme.line_height(small)
        self.list.draw(surface, size)


class WelcomeScene(Scene):
    """The first start: learn the game, or go straight to the menu."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.list = ButtonList(vertical=False)
        self.list.focus = len(LANGUAGES)  # Learn to play: Enter accepts the offer

    def _geometry(self) -> tuple[Box, int]:
        width, height = self.ctx.window.size()
        unit = screen_unit(width, height)
        size = max(14, round(unit * 0.028))
        return panel(width, height, 0.7, 0.62, max_w=round(unit * 1.1)), size

    def buttons(self) -> list[Button]:
        """The languages (the first start's choice, the system's language chosen), then
        Learn to play or I know the rules."""
        box, size = self._geometry()
        row = Box(box.x + 2 * size, box.bottom - round(size * 4.4), box.w - 4 * size,
                  round(size * 2.6))
        left, right = columns(row, 2, size)
        languages = Box(row.x, row.y - round(size * 3.2), row.w, round(size * 2.2))
        current = current_language()
        result = [Button(f"language:{code}", name, cell, primary=code == current)
                  for (code, name), cell in zip(LANGUAGES.items(),
                                                columns(languages, len(LANGUAGES), size // 2),
                                                strict=True)]
        return [*result, Button("learn", _("Learn to play"), left, primary=True),
                Button("skip", _("I know the rules"), right)]

    def handle(self, event: InputEvent) -> None:
        """Either choice is remembered: the offer is made once (the menu keeps it)."""
        self.list.set_buttons(self.buttons())
        key = self.list.handle(event)
        if isinstance(event, KeyAction) and event.action == Action.CANCEL:
            key = "skip"
        if key is None:
            return
        self.ctx.play_sound(Sound.CLICK)
        if key.startswith("language:"):
            # Choosing a language answers nothing yet: the offer stays, in that language.
            self.ctx.update_settings(dataclasses.replace(self.ctx.settings,
                                                         language=key.split(":", 1)[1]))
            return
        state = load_progress(self.ctx)
        state.welcomed = True
        if self.ctx.persist:
            saved.save_progress(state)
        if key == "learn":
            self.ctx.scenes.replace(LearnScene(self.ctx))
        else:
            self.ctx.scenes.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        """The offer."""
        box, size = self._geometry()
        theme.screen_frame(surface, box, _("Welcome to Diloti"), size)
        text = _("Diloti is the Greek fishing card game: you take cards from the table with "
                 "cards from your hand. New to it? Short lessons on the table teach you the "
                 "game step by step, in about 10 minutes. You can open them later from the "
                 "menu too.")
        y = box.y + round(size * 3.6)
        for line in theme.wrap(text, size, box.w - 4 * size):
            theme.blit_text(surface, line, size, (box.centerx, y), theme.INK, anchor="midtop")
            y += theme.line_height(size)
        self.list.set_buttons(self.buttons())
        self.list.draw(surface, size)


def should_welcome(ctx: AppContext) -> bool:
    """Whether this is the first start (the offer was never answered)."""
    return ctx.persist and not load_progress(ctx).welcomed
