"""Lessons and puzzles on the real table: the table scene fed by a guided session.

:class:`GuidedTableScene` *is* the game's :class:`TableScene` (the same drawing, the same
drag and drop, the same gesture resolution through the session, the rules core as the
judge) fed by a :class:`GuidedSession` (a session whose turn policy is the coach's)
instead of a match; it only gives up the top of the felt to a coach panel
(:class:`CoachPanel`: the step's sentences, the task, the last wrong try's answer, a Next
button) and goes back to the lessons list on Esc. What the panel says
and what its buttons do come from a guide component: :class:`LessonGuide` or
:class:`PuzzleGuide`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

import pygame

from diloti_desktop.ai.coach import SHOWN_REASONS
from diloti_desktop.ai.puzzle_ideas import Contrast, contrast, wrong_try
from diloti_desktop.ai.refutation import Refutation
from diloti_desktop.controller.guided import GuidedSession, PuzzleCoach, WrongTry
from diloti_desktop.controller.lessons import LESSONS, LessonCoach
from diloti_desktop.i18n import _, format_number
from diloti_desktop.rules.cards import CARDS, pretty_cards
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.rules.view import seat_view
from diloti_desktop.ui.board.table_view import Decorations
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.input import Action, Click, InputEvent, KeyAction, PointerMove
from diloti_desktop.ui.kit.layout import Box
from diloti_desktop.ui.kit.scene import IDLE
from diloti_desktop.ui.kit.widgets import Button, draw_button
from diloti_desktop.ui.table.hint_coach import move_items
from diloti_desktop.ui.table.table_scene import TableScene
from diloti_desktop.ui.table.table_state import TOAST_SECONDS, Board
from diloti_desktop.ui.words.coach_words import reason_text
from diloti_desktop.ui.words.puzzle_words import (
    idea_text,
    why_lines,
    wrong_reason,
    wrong_try_text,
)
from diloti_desktop.ui.words.wording import describe_move

#: Share of the table area the coach panel takes, at the top: a lesson's, and a
#: puzzle's (which says why its answer is best and the idea it teaches once solved).
PANEL_SHARE = 0.36
PUZZLE_PANEL_SHARE = 0.46


def _margin(points: float) -> str:
    """A puzzle's margin in the player's language: "2", "0,5"."""
    return format_number(points, 0 if float(points).is_integer() else 1)


def stock_in_step(position: Position) -> bool:
    """Whether a lesson's position has a stock to show: cards still to deal, or every
    card of the pack accounted for (an empty stock at a round's end is worth seeing)."""
    if position.stock:
        return True
    return sum(mask.bit_count() for mask in position.accounted_cards()) == len(CARDS)


def refusal(wrong: str) -> str:
    """A wrong try's answer: the coach's sentence as it is, the rules core's reason (a
    phrase, lower case) as a sentence."""
    if wrong[:1].islower() or not wrong.rstrip().endswith((".", "!", "…")):
        # a phrase may also start with a card: "3♥ is worth 3: …"
        return _("The rules say no: {reason}.").format(reason=wrong)
    return wrong


def panel_refusal(message: str, selected: bool) -> str:
    """A refused try as the panel says it; with cards still clicked (they stay chosen for
    the next try), how to let them go."""
    if not selected:
        return message
    return _("{reason} The cards you clicked stay chosen: click one again to let it go, "
             "or press Esc.").format(reason=refusal(message))


def guided_decorations(deco: Decorations, board: Board, players: int) -> Decorations:
    """No AI level beside the other players' names (they play the lesson's script);
    with four players the partner is still named as such. No round, deal and match
    target in the top bar: no match is played. The panel covers the top of the felt."""
    labels = {(board.viewer + 2) % 4: _("partner")} if players == 4 else {}
    return dataclasses.replace(deco, labels=labels, round_title=False,
                               covered=(board.panel_box(),))


@dataclass
class PanelContent:
    """What the coach panel shows: a title, lines (text, colour, bold) and buttons."""

    title: str
    lines: list[tuple[str, theme.Colour, bool]] = field(default_factory=list)
    buttons: list[tuple[str, str, bool]] = field(default_factory=list)  # key, label, primary
    #: The text stays above the buttons (else the rows beside them are cut short).
    above_buttons: bool = False


class CoachPanel:
    """The panel over the top of the felt: draws a :class:`PanelContent`, places its
    buttons and remembers the one under the pointer."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.hover: str | None = None

    def buttons(self, content: PanelContent) -> list[Button]:
        """The panel's buttons, placed at its bottom right."""
        box = self.board.panel_box()
        size = self.board.layout().font_px
        h = round(size * 2.2)
        x = box.right - size
        buttons = []
        for key, label, primary in reversed(content.buttons):
            shown = _("{label}  ({key})").format(label=label, key="Enter") if primary else label
            w = max(round(size * 7), theme.text(shown, size, bold=primary).get_width() + 2 * size)
            x -= w
            buttons.append(Button(key, label, Box(x, box.bottom - h - size // 2, w, h),
                                  primary=primary, hotkey="Enter" if primary else ""))
            x -= size
        return buttons

    def hit(self, event: InputEvent, content: PanelContent, done: Callable[[], bool]
            ) -> str | None:
        """The key of the button ``event`` presses: a click on one, or Enter for the
        primary one once the step is ``done``; remembers the button under the pointer."""
        buttons = self.buttons(content)
        if isinstance(event, PointerMove | Click):
            button = next((b for b in buttons if b.box.contains(event.pos)), None)
            if isinstance(event, PointerMove):
                self.hover = button.key if button else None
                return None
            return button.key if button is not None else None
        if isinstance(event, KeyAction) and event.action == Action.CONFIRM and done():
            return next((b.key for b in buttons if b.primary), None)
        return None

    def draw(self, surface: pygame.Surface, content: PanelContent) -> None:
        """The panel, its text shrunk to fit, and its buttons."""
        box = self.board.panel_box()
        size = self.board.layout().font_px
        theme.panel(surface, box, 14, theme.PANEL_EDGE, alpha=235)
        x = box.x + size
        y = box.y + size // 2
        theme.blit_text(surface, content.title, size, (x, y), theme.GOLD, bold=True,
                        max_width=box.w - 2 * size)
        y += theme.line_height(size)
        buttons = self.buttons(content)
        text_w = box.w - 2 * size
        bottom = box.bottom - size // 3
        if content.above_buttons and buttons:
            bottom = min(b.box.y for b in buttons) - size // 3
        # Everything the step says must show: a long translation shrinks the text.
        paragraphs = [(text, bold) for text, _colour, bold in content.lines]
        corner = ((min(b.box.y for b in buttons) - y, min(b.box.x for b in buttons) - x - size)
                  if buttons else (bottom - y, text_w))
        lines, text_size = theme.fit_paragraphs(paragraphs, size, text_w, bottom - y, corner)
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
            draw_button(surface, button, size, hovered=button.key == self.hover)


class PanelKeys:
    """The coach panel's clicks, keys and presses, before the table's: its buttons, a disabled
    Undo that says why, and an Enter pressed once a step was done but while its cards
    still moved, kept and acted on when they land (a key is never dropped)."""

    def __init__(self, scene: GuidedTableScene) -> None:
        self.scene = scene
        self.early_enter = False

    def _done(self) -> bool:
        return self.scene.guided.waiting() and self.scene.caught_up()

    def handle(self, event: InputEvent) -> bool:
        """Whether the panel took ``event`` (else the table plays it)."""
        scene = self.scene
        if (isinstance(event, KeyAction) and event.action == Action.CONFIRM
                and not self._done() and not scene.accepting()
                and scene.interaction.picked is None):
            self.early_enter = True  # the step's move is made; its cards still move
            return True
        if isinstance(event, PointerMove | Click | KeyAction):
            key = scene.panel.hit(event, scene.content(), self._done)
            if key is not None:
                scene.press(key)
                return True
        if isinstance(event, Click) and not scene.table_coach.can_undo() and any(
                b.key == "undo" and b.box.contains(event.pos) for b in scene.buttons()):
            scene.press("undo")  # a disabled Undo says why rather than nothing
            return True
        return False

    def press(self, key: str) -> bool:
        """Whether ``key`` was the panel's to act on: leave, a disabled Undo (the guide
        says why), the guide's hint (once the table is ready for it), the guide's own."""
        scene = self.scene
        if key == "leave":
            scene.open_menu()
        elif key == "undo" and not scene.table_coach.can_undo():
            scene.say(scene.guide.no_undo(scene))
        elif key == "hint":
            if not scene.presses.defer(key):
                scene.guide.hint(scene)
        else:
            return scene.guide.press(key, scene)
        return True

    def update(self) -> bool:
        """Act on a kept Enter once the step's cards have landed; whether it did."""
        scene = self.scene
        if self.early_enter and self._done():
            self.early_enter = False
            # not at a round's end: its summary comes first, and the lesson's rule
            if scene.session.position.phase == PLAY:
                key = next((b.key for b in scene.panel.buttons(scene.content()) if b.primary),
                           None)
                if key is not None:
                    scene.press(key)
                    return True
        elif self.early_enter and scene.accepting():
            self.early_enter = False  # the table is the learner's again: nothing to go on to
        return False


class GuidedTableScene(TableScene):
    """The table with a coach panel; its guide says what the panel holds."""

    def __init__(self, ctx: AppContext, guide: LessonGuide | PuzzleGuide,
                 on_leave: Callable[[], None] | None = None) -> None:
        guided = GuidedSession(guide.coach, player_factory=ctx.player_factory,
                               ai_pace=ctx.ai_pace(), clock=ctx.clock)
        super().__init__(ctx, guided.session, panel_share=guide.panel_share)
        #: The lesson's steps over the session the table plays (``self.session``).
        self.guided = guided
        self.guide = guide
        self.on_leave = on_leave
        self.panel = CoachPanel(self.board)
        self.keys = PanelKeys(self)
        #: The last wrong try's answer, shown in the panel until the next step.
        self.wrong = ""

    def content(self) -> PanelContent:
        """What the panel says now."""
        return self.guide.content(self)

    # -- input -----------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        """The panel's buttons and Enter first (:class:`PanelKeys`); the rest plays."""
        if not self.keys.handle(event):
            super().handle(event)

    def press(self, key: str) -> None:
        """A panel button (:meth:`PanelKeys.press`) or a table button was pressed."""
        if not self.keys.press(key):
            super().press(key)

    def open_menu(self) -> None:
        """Esc and the Menu button go back to where the lesson was opened from."""
        self.session.close()
        self.ctx.scenes.pop(self)
        if self.on_leave is not None:
            self.on_leave()

    def say(self, message: str, hint: bool = False, seconds: float = TOAST_SECONDS) -> None:
        """A refusal goes to the panel, where it stays until the next step; the rest is a
        message over the table as in a game."""
        if not hint and message and message == self.messages.last_reason:
            self.wrong = panel_refusal(message, bool(self.interaction.selected))
            return
        super().say(message, hint, seconds)

    def clear_interaction(self) -> None:
        """A new position: the old complaint no longer applies."""
        super().clear_interaction()
        self.wrong = ""
        self.messages.forget_reason()

    # -- the frame -------------------------------------------------------------------------
    def presses_wait(self) -> bool:
        """A finished step takes no more moves: nothing waits for it."""
        return not self.guided.waiting() and super().presses_wait()

    def thinking(self) -> bool:
        """Nobody thinks while a finished step waits for Next."""
        return not self.guided.waiting() and super().thinking()

    def update(self, dt: float) -> bool:
        """The table, then what the guide does once a step is done."""
        changed = super().update(dt)
        changed = self.guide.update(self) or changed
        return self.keys.update() or changed

    def next_frame_in(self) -> float:
        """A quick tick while the guide waits for the hint engine, else the table's."""
        wait = self.guide.next_frame_in(self)
        return wait if wait < IDLE else super().next_frame_in()

    def decorations(self) -> Decorations:
        """The table as a lesson shows it (:func:`guided_decorations`), then the guide's
        marks."""
        deco = guided_decorations(super().decorations(), self.board,
                                  self.animations.shown.players)
        return self.guide.decorate(deco, self)

    def draw(self, surface: pygame.Surface) -> None:
        """The table, then the panel over the top of the felt."""
        super().draw(surface)
        self.panel.draw(surface, self.content())

    def damage(self) -> list[Box] | None:
        """Always the whole frame (the panel changes with the steps)."""
        super().damage()
        return None


class LessonGuide:
    """One lesson, step by step."""

    panel_share = PANEL_SHARE

    def __init__(self, index: int, on_finish: Callable[[str], None] | None = None) -> None:
        self.index = index
        self.coach = LessonCoach(LESSONS[index])
        self.on_finish = on_finish
        self.reported = False

    def content(self, scene: GuidedTableScene) -> PanelContent:
        """The step's sentences and task, the last wrong try, then the outcome."""
        lesson = self.coach.lesson
        step = self.coach.step
        count = len(lesson.steps)
        title = _("Lesson {number}: {title} · step {step} of {steps}").format(
            number=self.index + 1, title=_(lesson.title), step=self.coach.index + 1,
            steps=count)
        content = PanelContent(title)
        done = scene.guided.waiting() and scene.caught_up()
        if not done:
            content.lines.append((_(step.text), theme.INK, False))
            content.lines.append((_(step.task), theme.TURN, True))
            if scene.wrong:
                content.lines.append((refusal(scene.wrong), theme.ALERT, False))
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
            else:  # the last lesson: now a real game
                content.buttons.append(("first_game", _("Your first game"), True))
        else:
            content.buttons.append(("next", _("Next"), True))
        return content

    def update(self, scene: GuidedTableScene) -> bool:
        """Report a finished lesson once."""
        if self.coach.finished and not self.reported and scene.caught_up():
            self.reported = True
            if self.on_finish is not None:
                self.on_finish(self.coach.lesson.key)
            return True
        return False

    def next_frame_in(self, scene: GuidedTableScene) -> float:
        """A lesson waits for nothing of its own."""
        return IDLE

    def press(self, key: str, scene: GuidedTableScene) -> bool:
        """Next step or next lesson; whether ``key`` was the lesson's."""
        if key == "next":
            scene.guided.next_step()
            scene.wrong = ""
        elif key == "next_lesson":
            following = GuidedTableScene(scene.ctx, LessonGuide(self.index + 1, self.on_finish),
                                         scene.on_leave)
            scene.session.close()
            scene.ctx.scenes.replace(following)
        elif key == "first_game":
            scene.session.close()
            scene.ctx.nav.match.open_first_game()
        else:
            return False
        return True

    def no_undo(self, scene: GuidedTableScene) -> str:
        """Why U or Ctrl+Z takes nothing back now."""
        if scene.session.position.phase != PLAY:
            return _("The round is over: its last move cannot be taken back.")
        return _("Nothing to take back yet: Undo goes back to the start of this step.")

    def hint(self, scene: GuidedTableScene) -> None:
        """In a lesson the hint is the step's own move: its card picked and its table items
        selected, so Enter or Play makes it."""
        if not scene.accepting():
            return
        move = self.coach.expected()[0]
        scene.pointer.follow(move, select=True, unfocus=False)
        scene.say(_("Hint: {move}. Press Enter or Play to make it.").format(
            move=describe_move(move, scene.session.position)), hint=True, seconds=30)

    def decorate(self, deco: Decorations, scene: GuidedTableScene) -> Decorations:
        """The table as in a game, except the stock when the step's position leaves it
        out (an empty stock while cards are missing): it is not "empty", just not part of
        the step. The table cards the step's moves use are marked as asked for, so a
        pile's explanation does not cover them."""
        moves = [*self.coach.expected(), *(Move.parse(text) for text, _why in
                                           self.coach.step.wrong)]
        asked = frozenset().union(*(move_items(move) for move in moves))
        return dataclasses.replace(deco, stock_shown=stock_in_step(scene.animations.shown),
                                   asked_items=asked)


#: The key of a puzzle's contrast in the session's background studies.
CONTRAST: Final = "contrast"


class PuzzleGuide:
    """One "find the best move" puzzle; three tries, then the answer.

    As soon as the puzzle opens, the exact lines of the answer and of the best other move
    are compared in the background (:func:`~diloti_desktop.ai.puzzle_ideas.contrast`), so
    the answer's "why" is ready when it is solved; each wrong try is answered with what
    it loses (:func:`~diloti_desktop.ui.words.puzzle_words.wrong_try_text`).
    """

    panel_share = PUZZLE_PANEL_SHARE

    def __init__(self, coach: PuzzleCoach, number: int, total: int,
                 on_solved: Callable[[str], None] | None = None,
                 on_other: Callable[[int], None] | None = None) -> None:
        self.coach = coach
        self.number = number
        self.total = total
        self.on_solved = on_solved
        self.on_other = on_other
        self.explaining = False
        self.studying = False
        self.found = 0  # results of the session's studies seen so far
        coach.words = self.wrong_words

    def wrong_words(self, wrong: WrongTry) -> str:
        """A wrong try's answer, before its refutation is known."""
        return wrong_try_text(wrong, self.coach.puzzle.position, self.coach.revealed)

    def wrong_text(self, scene: GuidedTableScene) -> str:
        """The panel's answer to the last wrong try (with the refutation once known), or
        the rules core's refusal when that came last."""
        wrong = self.coach.last_wrong
        if wrong is None or scene.wrong != self.wrong_words(wrong):
            return refusal(scene.wrong)
        return wrong_try_text(wrong, self.coach.puzzle.position, self.coach.revealed,
                              self.refutation(scene, wrong))

    def refutation(self, scene: GuidedTableScene, wrong: WrongTry) -> str:
        """What happens after the wrong try that the answer avoids, in a sentence (""
        until known, or when nothing tells)."""
        found = scene.guided.studies.results.get(("refute", wrong.move.notation()))
        if not isinstance(found, tuple):
            return ""
        refuted, contrasted = found
        return wrong_reason(refuted if isinstance(refuted, Refutation) else None,
                            contrasted if isinstance(contrasted, Contrast) else None,
                            self.coach.puzzle.position)

    def contrast(self, scene: GuidedTableScene) -> Contrast | None:
        """The answer against the best other move, once found (None before, or when the
        puzzle's cards are not all known)."""
        found = scene.guided.studies.results.get(CONTRAST)
        return found if isinstance(found, Contrast) else None

    def update(self, scene: GuidedTableScene) -> bool:
        """Start comparing the lines at once; once solved or revealed, light the answer
        (and, for a puzzle whose cards are not all known, ask for the hint engine's
        reasons instead)."""
        puzzle = self.coach.puzzle
        view = seat_view(puzzle.position, puzzle.seat)
        if not self.studying:
            self.studying = True
            scene.guided.studies.study(CONTRAST, puzzle.position, contrast, view,
                                       puzzle.answer)
        wrong = self.coach.last_wrong
        if wrong is not None:
            scene.guided.studies.study(("refute", wrong.move.notation()), puzzle.position,
                                       wrong_try, view, wrong.move, puzzle.answer)
        # a study's result changes what the panel says: draw it
        found = len(scene.guided.studies.results)
        changed, self.found = found != self.found, found
        if self.coach.step_complete() and not self.explaining:
            self.explaining = True
            if not puzzle.exact:
                scene.guided.studies.explain(puzzle.answer, puzzle.position)
            if self.coach.solved and self.on_solved is not None:
                self.on_solved(puzzle.ident)
            return True
        return changed

    def next_frame_in(self, scene: GuidedTableScene) -> float:
        """A quick tick while the reasons or a wrong try's refutation are being found."""
        wrong = self.coach.last_wrong
        if (self.explaining and not self.explained(scene)) or (
                wrong is not None and ("refute", wrong.move.notation())
                not in scene.guided.studies.results):
            return 0.1
        return IDLE

    def explained(self, scene: GuidedTableScene) -> bool:
        """Whether the answer's reasons are ready (or known to be missing)."""
        if self.coach.puzzle.exact:
            return CONTRAST in scene.guided.studies.results
        return scene.guided.studies.explained is not None

    def content(self, scene: GuidedTableScene) -> PanelContent:
        """The puzzle's instructions, tries left, then the answer, why, and its idea."""
        puzzle = self.coach.puzzle
        levels = {"easy": _("easy"), "medium": _("medium"), "hard": _("hard")}
        title = _("Puzzle {number} of {total} · {level}").format(
            number=self.number, total=self.total, level=levels[puzzle.difficulty.value])
        content = PanelContent(title, above_buttons=True)
        if not self.coach.step_complete():
            north = pretty_cards(puzzle.position.hands[1])
            content.lines.append((_("Find the best move. Every other card has been played, so "
                                    "you know North's cards: {cards}.").format(cards=north),
                                  theme.INK, False))
            content.lines.append((_("One move is at least {points} points better than any "
                                    "other by the end of the round.").format(
                                        points=_margin(puzzle.margin)), theme.TURN, True))
            if scene.wrong:
                content.lines.append((self.wrong_text(scene), theme.ALERT, False))
        else:
            answer = describe_move(puzzle.answer, puzzle.position)
            if self.coach.solved:
                content.lines.append((_("Solved: {move}.").format(move=answer), theme.TARGET,
                                      True))
            else:
                content.lines.append((_("The best move: {move}.").format(move=answer),
                                      theme.GOLD, True))
            content.lines.extend((line, colour, False) for line, colour in self.why(scene))
            idea = idea_text(puzzle.themes)
            if idea:
                content.lines.append((idea, theme.GOLD, False))
        content.buttons.append(("leave", _("Back"), False))
        if self.number > 1:
            content.buttons.append(("previous", _("Previous"), False))
        if self.number < self.total:
            content.buttons.append(("next_puzzle", _("Next puzzle"),
                                    self.coach.step_complete()))
        return content

    def why(self, scene: GuidedTableScene) -> list[tuple[str, theme.Colour]]:
        """Why the answer is best: the differences from the best other move (exact
        puzzles), else the hint engine's reasons; "Looking at why…" until ready."""
        puzzle = self.coach.puzzle
        if not self.explained(scene):
            return [(_("Looking at why…"), theme.INK_DIM)]
        found = self.contrast(scene)
        if found is not None:
            return [(" ".join(why_lines(found, puzzle.position)), theme.INK)]
        explained = scene.guided.studies.explained
        if puzzle.exact or explained is None or not explained[1]:
            return [(_("It wins {points} points more than the next best move by the end "
                       "of the round.").format(points=_margin(puzzle.margin)),
                     theme.INK_DIM)]
        players = puzzle.position.players
        said = [reason_text(r, players) for r in explained[1][:SHOWN_REASONS]]
        return [(" ".join(said), theme.INK)]

    def press(self, key: str, scene: GuidedTableScene) -> bool:
        """Another puzzle; whether ``key`` was the puzzle's."""
        if key in ("next_puzzle", "previous") and self.on_other is not None:
            scene.session.close()
            self.on_other(self.number + (1 if key == "next_puzzle" else -1))
            return True
        return False

    def no_undo(self, scene: GuidedTableScene) -> str:
        """Why U or Ctrl+Z takes nothing back: a try is never played in a puzzle."""
        return _("No undo here: a wrong try changes nothing, and a solved puzzle stays "
                 "solved.")

    def hint(self, scene: GuidedTableScene) -> None:
        """No hints in a puzzle: that is the puzzle."""
        scene.say(_("No hints here: you have three tries, then the answer is shown."),
                  hint=True)

    def decorate(self, deco: Decorations, scene: GuidedTableScene) -> Decorations:
        """North's hand is shown face up: the solver knows it by counting; once revealed,
        the answer is lit on the table."""
        deco = dataclasses.replace(deco,
                                   face_up_hands=frozenset(range(scene.animations.shown.players)))
        if self.coach.revealed and scene.caught_up():
            answer = self.coach.puzzle.answer
            deco = dataclasses.replace(deco, hint_card=answer.card,
                                       hint_items=move_items(answer))
        return deco
