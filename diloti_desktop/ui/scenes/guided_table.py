"""Lessons and puzzles on the real table: the table scene fed by a guided session.

:class:`GuidedTableScene` *is* the game's :class:`TableScene` (the same drawing, the same
drag and drop, the same gesture resolution through the session, the rules core as the
judge); it only gives up the top of the felt to a coach panel (the step's sentences, the
task, the last wrong try's answer, a Next button) and goes back to the lessons list on
Esc. :class:`LessonTableScene` and :class:`PuzzleTableScene` fill the panel.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from diloti_desktop.ai.coach import SHOWN_REASONS
from diloti_desktop.controller.guided import GuidedSession, PuzzleCoach
from diloti_desktop.controller.lessons import LESSONS, LessonCoach
from diloti_desktop.i18n import _, format_number
from diloti_desktop.rules.cards import pretty_cards
from diloti_desktop.ui import theme
from diloti_desktop.ui.coach_words import reason_text
from diloti_desktop.ui.context import AppContext
from diloti_desktop.ui.hint_coach import move_items
from diloti_desktop.ui.input import Action, Click, InputEvent, KeyAction, PointerMove
from diloti_desktop.ui.layout import Box, TableLayout
from diloti_desktop.ui.scenes.table import TableScene
from diloti_desktop.ui.table_view import Decorations
from diloti_desktop.ui.widgets import Button, draw_button
from diloti_desktop.ui.wording import describe_move

#: Share of the table area the coach panel takes, at the top.
PANEL_SHARE = 0.36


def _margin(points: float) -> str:
    """A puzzle's margin in the player's language: "2", "0,5"."""
    return format_number(points, 0 if float(points).is_integer() else 1)


@dataclass
class PanelContent:
    """What the coach panel shows: a title, lines (text, colour, bold) and buttons."""

    title: str
    lines: list[tuple[str, theme.Colour, bool]] = field(default_factory=list)
    buttons: list[tuple[str, str, bool]] = field(default_factory=list)  # key, label, primary


class GuidedTableScene(TableScene):
    """The table with a coach panel; subclasses say what the panel holds."""

    def __init__(self, ctx: AppContext, session: GuidedSession,
                 on_leave: Callable[[], None] | None = None) -> None:
        super().__init__(ctx, session)
        self.guided = session
        self.on_leave = on_leave
        self.panel_hover: str | None = None
        self.wrong = ""
        self._panel_layout: tuple[TableLayout, TableLayout] | None = None

    # -- geometry: the felt below the panel ------------------------------------------------
    def layout(self) -> TableLayout:
        """The game's layout with the table area shortened to leave room for the panel."""
        base = super().layout()
        if self._panel_layout is None or self._panel_layout[0] is not base:
            table = base.table
            top = round(table.h * PANEL_SHARE)
            self._panel_layout = (base, dataclasses.replace(
                base, table=Box(table.x, table.y + top, table.w, table.h - top)))
        return self._panel_layout[1]

    def panel_box(self) -> Box:
        """Where the coach panel goes (the top of the felt)."""
        layout = self.layout()
        table = layout.table
        top = round(table.h / (1 - PANEL_SHARE) * PANEL_SHARE)
        return Box(table.x, table.y - top - layout.pad // 2, table.w, top)

    def content(self) -> PanelContent:
        """What the panel says now."""
        raise NotImplementedError

    def panel_buttons(self) -> list[Button]:
        """The panel's buttons, placed at its bottom right."""
        box = self.panel_box()
        size = self.layout().font_px
        h = round(size * 2.2)
        x = box.right - size
        buttons = []
        for key, label, primary in reversed(self.content().buttons):
            shown = _("{label}  ({key})").format(label=label, key="Enter") if primary else label
            w = max(round(size * 7), theme.text(shown, size, bold=primary).get_width() + 2 * size)
            x -= w
            buttons.append(Button(key, label, Box(x, box.bottom - h - size // 2, w, h),
                                  primary=primary, hotkey="Enter" if primary else ""))
            x -= size
        return buttons

    # -- input -----------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        """The panel's buttons first; Enter goes on once a step is done; the rest plays."""
        if isinstance(event, PointerMove):
            button = next((b for b in self.panel_buttons() if b.box.contains(event.pos)), None)
            self.panel_hover = button.key if button else None
        if isinstance(event, Click):
            button = next((b for b in self.panel_buttons() if b.box.contains(event.pos)), None)
            if button is not None:
                self.press(button.key)
                return
        if (isinstance(event, KeyAction) and event.action == Action.CONFIRM
                and self.guided.waiting() and self.caught_up()):
            primary = next((b for b in self.panel_buttons() if b.primary), None)
            if primary is not None:
                self.press(primary.key)
                return
        super().handle(event)

    def press(self, key: str) -> None:
        """A panel button was pressed."""
        if key == "leave":
            self.open_menu()

    def open_menu(self) -> None:
        """Esc and the Menu button go back to where the lesson was opened from."""
        self.guided.close()
        self.ctx.scenes.pop(self)
        if self.on_leave is not None:
            self.on_leave()

    def say(self, message: str, hint: bool = False, seconds: float = 4.5) -> None:
        """A refusal goes to the panel, where it stays until the next step; the rest is a
        message over the table as in a game."""
        if not hint and message and message == self.last_reason:
            self.wrong = message
            return
        super().say(message, hint, seconds)

    def thinking(self) -> bool:
        """Nobody thinks while a finished step waits for Next."""
        return not self.guided.waiting() and super().thinking()

    def refusal(self) -> str:
        """The last wrong try's answer: the coach's sentence as it is, the rules core's
        reason (a phrase, lower case) as a sentence."""
        wrong = self.wrong
        if wrong[:1].islower():
            return _("The rules say no: {reason}.").format(reason=wrong)
        return wrong

    def decorations(self) -> Decorations:
        """No AI level beside the other players' names (they play the lesson's script);
        with four players the partner is still named as such. No round, deal and match
        target in the top bar: no match is played."""
        labels = {}
        if self.shown.players == 4:
            labels[(self.viewer + 2) % 4] = _("partner")
        return dataclasses.replace(super().decorations(), labels=labels, round_title=False)

    def clear_interaction(self) -> None:
        """A new position: the old complaint no longer applies."""
        super().clear_interaction()
        self.wrong = ""
        self.last_reason = ""

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The table, then the panel over the top of the felt."""
        super().draw(surface)
        box = self.panel_box()
        layout = self.layout()
        size = layout.font_px
        content = self.content()
        theme.panel(surface, box, 14, theme.PANEL_EDGE, alpha=235)
        x = box.x + size
        y = box.y + size // 2
        theme.blit_text(surface, content.title, size, (x, y), theme.GOLD, bold=True,
                        max_width=box.w - 2 * size)
        y += theme.line_height(size)
        buttons = self.panel_buttons()
        text_w = box.w - 2 * size
        bottom = box.bottom - size // 3
        # Everything the step says must show: a long translation shrinks the text.
        lines, text_size = theme.fit_paragraphs(
            [(text, bold) for text, _colour, bold in content.lines], size, text_w, bottom - y)
        line_h = theme.line_height(text_size)
        for index, line in lines:
            _text, colour, bold = content.lines[index]
            limit = text_w
            row = Box(x, y, text_w, line_h)
            if any(b.box.intersects(row) for b in buttons):
                limit = min(b.box.x for b in buttons) - x - size
            theme.blit_text(surface, line, text_size, (x, y), colour, bold=bold,
                            max_width=limit)
            y += line_h
        for button in buttons:
            draw_button(surface, button, size, hovered=button.key == self.panel_hover)

    def damage(self) -> list[Box] | None:
        """Always the whole frame (the panel changes with the steps)."""
        super().damage()
        return None


class LessonTableScene(GuidedTableScene):
    """One lesson, step by step."""

    def __init__(self, ctx: AppContext, index: int,
                 on_finish: Callable[[str], None] | None = None,
                 on_leave: Callable[[], None] | None = None) -> None:
        self.index = index
        self.coach = LessonCoach(LESSONS[index])
        super().__init__(ctx, GuidedSession(self.coach, player_factory=ctx.player_factory,
                                            ai_pace=ctx.ai_pace(), clock=ctx.clock),
                         on_leave)
        self.on_finish = on_finish
        self.reported = False

    def content(self) -> PanelContent:
        """The step's sentences and task, the last wrong try, then the outcome."""
        lesson = self.coach.lesson
        step = self.coach.step
        count = len(lesson.steps)
        title = _("Lesson {number}: {title} · step {step} of {steps}").format(
            number=self.index + 1, title=_(lesson.title), step=self.coach.index + 1,
            steps=count)
        content = PanelContent(title)
        done = self.guided.waiting() and self.caught_up()
        if not done:
            content.lines.append((_(step.text), theme.INK, False))
            content.lines.append((_(step.task), theme.TURN, True))
            if self.wrong:
                content.lines.append((self.refusal(), theme.ALERT, False))
            content.buttons.append(("leave", _("Lessons"), False))
            return content
        if step.done:
            content.lines.append((_(step.done), theme.TARGET, True))
        if self.coach.finished:
            content.lines.append((_("The rule: {summary}").format(summary=_(lesson.summary)),
                                  theme.GOLD, False))
            content.buttons.append(("leave", _("Lessons"), False))
            if self.index + 1 < len(LESSONS):
                content.buttons.append(("next_lesson", _("Next lesson"), True))
        else:
            content.buttons.append(("next", _("Next"), True))
        return content

    def update(self, dt: float) -> bool:
        """Report a finished lesson once."""
        changed = super().update(dt)
        if self.coach.finished and not self.reported and self.caught_up():
            self.reported = True
            if self.on_finish is not None:
                self.on_finish(self.coach.lesson.key)
            changed = True
        return changed

    def press(self, key: str) -> None:
        """Next step, next lesson, or back."""
        if key == "next":
            self.guided.next_step()
            self.wrong = ""
        elif key == "next_lesson":
            scene = LessonTableScene(self.ctx, self.index + 1, self.on_finish, self.on_leave)
            self.guided.close()
            self.ctx.scenes.replace(scene)
        else:
            super().press(key)

    def request_hint(self, jump: int = 0) -> None:
        """In a lesson the hint is the step's own move: its card picked and its table items
        selected, so Enter or Play makes it."""
        if not self.accepting():
            return
        move = self.coach.expected()[0]
        self.picked = move.card
        self.selected = set(move_items(move))
        self.say(_("Hint: {move}. Press Enter or Play to make it.").format(
            move=describe_move(move, self.session.position)), hint=True, seconds=30)


class PuzzleTableScene(GuidedTableScene):
    """One "find the best move" puzzle; three tries, then the answer."""

    def __init__(self, ctx: AppContext, coach: PuzzleCoach, number: int, total: int,
                 on_solved: Callable[[str], None] | None = None,
                 on_other: Callable[[int], None] | None = None,
                 on_leave: Callable[[], None] | None = None) -> None:
        self.coach = coach
        self.number = number
        self.total = total
        super().__init__(ctx, GuidedSession(coach, player_factory=ctx.player_factory,
                                            ai_pace=ctx.ai_pace(), clock=ctx.clock),
                         on_leave)
        self.on_solved = on_solved
        self.on_other = on_other
        self.explaining = False

    def update(self, dt: float) -> bool:
        """Once solved or revealed: ask for the hint engine's reasons, light the answer."""
        changed = super().update(dt)
        if self.coach.step_complete() and not self.explaining:
            self.explaining = True
            self.guided.explain(self.coach.puzzle.answer)
            if self.coach.solved and self.on_solved is not None:
                self.on_solved(self.coach.puzzle.ident)
            changed = True
        return changed

    def next_frame_in(self) -> float:
        """A quick tick while the reasons are being found."""
        if self.explaining and self.guided.explained is None:
            return 0.1
        return super().next_frame_in()

    def content(self) -> PanelContent:
        """The puzzle's instructions, tries left, then the answer with its reasons."""
        puzzle = self.coach.puzzle
        levels = {"easy": _("easy"), "medium": _("medium"), "hard": _("hard")}
        title = _("Puzzle {number} of {total} · {level}").format(
            number=self.number, total=self.total, level=levels[puzzle.difficulty.value])
        content = PanelContent(title)
        if not self.coach.step_complete():
            north = pretty_cards(puzzle.position.hands[1])
            content.lines.append((_("Find the best move. Every other card has been played, so "
                                    "you know North's cards: {cards}.").format(cards=north),
                                  theme.INK, False))
            content.lines.append((_("One move is at least {points} points better than any "
                                    "other by the end of the round.").format(
                                        points=_margin(puzzle.margin)), theme.TURN, True))
            if self.wrong:
                content.lines.append((self.refusal(), theme.ALERT, False))
        else:
            answer = describe_move(puzzle.answer, puzzle.position)
            if self.coach.solved:
                content.lines.append((_("Solved: {move}.").format(move=answer), theme.TARGET,
                                      True))
            else:
                content.lines.append((_("The best move: {move}.").format(move=answer),
                                      theme.GOLD, True))
            explained = self.guided.explained
            if explained is None:
                content.lines.append((_("Looking at why…"), theme.INK_DIM, False))
            elif explained[1]:
                players = puzzle.position.players
                said = [reason_text(r, players) for r in explained[1][:SHOWN_REASONS]]
                content.lines.append((" ".join(said), theme.INK, False))
            content.lines.append((_("It wins {points} points more than the next best move by "
                                    "the end of the round.").format(
                                        points=_margin(puzzle.margin)), theme.INK_DIM, False))
        content.buttons.append(("leave", _("Back"), False))
        if self.number > 1:
            content.buttons.append(("previous", _("Previous"), False))
        if self.number < self.total:
            content.buttons.append(("next_puzzle", _("Next puzzle"),
                                    self.coach.step_complete()))
        return content

    def press(self, key: str) -> None:
        """Another puzzle, or back."""
        if key in ("next_puzzle", "previous") and self.on_other is not None:
            self.guided.close()
            self.on_other(self.number + (1 if key == "next_puzzle" else -1))
        else:
            super().press(key)

    def request_hint(self, jump: int = 0) -> None:
        """No hints in a puzzle: that is the puzzle."""
        self.say(_("No hints here: you have three tries, then the answer is shown."),
                 hint=True)

    def decorations(self) -> Decorations:
        """North's hand is shown face up: the solver knows it by counting."""
        deco = dataclasses.replace(super().decorations(),
                                   face_up_hands=frozenset(range(self.shown.players)))
        if self.coach.revealed and self.caught_up():  # the answer, lit on the table
            answer = self.coach.puzzle.answer
            deco = dataclasses.replace(deco, hint_card=answer.card,
                                       hint_items=move_items(answer))
        return deco
