"""The review of a finished round: the round replayed on the table, every decision graded.

The scene composes the round under review (:mod:`review_round`: the step, the switches,
the grades), the table's picture (:mod:`review_picture`) and the panel on the right
(:mod:`review_panel`: the accuracy, the grade counts, the biggest mistakes, the move list
and the buttons), and routes the input to them.

The grades come from the session's background analysis (:class:`RoundAnalysis`); the
scene only reads them, so it fills in while the analysis runs and never waits for it.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pygame

from diloti_desktop.ai.review import summarise
from diloti_desktop.controller import GameSession
from diloti_desktop.controller.record import export_text
from diloti_desktop.i18n import _
from diloti_desktop.player_data import storage
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.input import (
    Action,
    Click,
    InputEvent,
    KeyAction,
    PointerMove,
    Resized,
    Scroll,
)
from diloti_desktop.ui.kit.scene import IDLE, Scene
from diloti_desktop.ui.review.line_show import ReviewLine
from diloti_desktop.ui.review.review_panel import ReviewPanel
from diloti_desktop.ui.review.review_picture import ReviewPicture
from diloti_desktop.ui.review.review_round import ReviewedRound, ReviewMessage

log = logging.getLogger(__name__)


class ReviewScene(Scene):
    """One finished round, step by step, with its grades."""

    def __init__(self, ctx: AppContext, session: GameSession, round_no: int,
                 practise: bool = False) -> None:
        super().__init__(ctx)
        self.session = session
        self.reviewed = ReviewedRound(session, round_no)
        self.message = ReviewMessage()
        self.panel = ReviewPanel(ctx, self.reviewed, practise)
        self.picture = ReviewPicture(ctx, self.reviewed, self.message, self.panel.width)
        #: A mistake's refutation stepped on the table (Show the line, W).
        self.line = ReviewLine(ctx, self.reviewed, self.picture.layout, self.say)
        self.time = 0.0
        self._seen: tuple[int, bool] = (-1, False)

    def go(self, step: int) -> None:
        """Show step ``step`` (clamped to the round)."""
        self.line.stop()
        self.reviewed.go(step)
        self.panel.follow(self.reviewed.step)

    # -- lifecycle -------------------------------------------------------------------------
    def enter(self) -> None:
        """Ask for the human's grades (cached ones are not recomputed)."""
        self.session.request_analysis(self.reviewed.round_no)

    def exit(self) -> None:
        """Keep what has been graded with the saved game."""
        self.ctx.save_session()

    def update(self, dt: float) -> bool:
        """Redraw when grades arrive or a message expires."""
        self.time += dt
        done, total = self.reviewed.progress()
        seen = (len(self.session.round_grades.grades(self.reviewed.round_no)), done >= total)
        changed = seen != self._seen
        if changed and seen[1] and not self._seen[1] and self._seen[0] >= 0:
            self.ctx.save_session()  # the analysis just finished: cache it now
        self._seen = seen
        return self.message.expire(self.time) or changed

    def next_frame_in(self) -> float:
        """A slow tick while the analysis runs (the progress bar), else idle."""
        waits = [IDLE]
        if self.session.round_grades.busy():
            waits.append(0.25)
        if self.message.text:
            waits.append(max(0.0, self.message.until - self.time))
        return min(waits)

    # -- input -----------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        """Steps, jumps, toggles, export and back."""
        if self.line.handle(event):
            return
        if isinstance(event, Resized):
            self.picture.forget()
            return
        if isinstance(event, Scroll):
            self.panel.scroll(-3 * event.dy)
            return
        if isinstance(event, PointerMove | Click):
            key = self.panel.handle(event)
            if key is not None:
                self.press(key)
            return
        if isinstance(event, KeyAction):
            self._key(event)

    def _key(self, event: KeyAction) -> None:
        action = event.action
        steps = {Action.LEFT: -1, Action.UP: -1, Action.RIGHT: 1, Action.DOWN: 1}
        if action in steps:
            self.go(self.reviewed.step + steps[action])
        elif action == Action.HOME:
            self.go(0)
        elif action == Action.END:
            self.go(self.reviewed.last_step)
        elif action in (Action.PAGE_UP, Action.PAGE_DOWN):
            self.jump_to_error(-1 if action == Action.PAGE_UP else 1)
        elif action == Action.DIGIT:
            self.go_to_mistake(event.digit)
        elif action == Action.ALL_HANDS:
            self.press("hands")
        elif action == Action.GRADE_OTHERS:
            self.press("others")
        elif action == Action.EXPORT:
            self.press("export")
        elif action == Action.REVIEW:  # R: retry the mistake shown
            self.press("retry")
        elif action == Action.CANCEL:
            self.press("back")
        else:
            key = self.panel.handle(event)
            if key is not None:
                self.press(key)

    def press(self, key: str) -> None:
        """A panel button, a row of the list or a mistake was chosen."""
        if self.line.press(key):
            return
        if key == "previous":
            self.go(self.reviewed.step - 1)
        elif key == "next":
            self.go(self.reviewed.step + 1)
        elif key == "hands":
            self.reviewed.toggle_all_hands()
        elif key == "others":
            self.reviewed.toggle_others()
        elif key == "export":
            self.export()
        elif key == "retry":
            self.retry()
        elif key == "back":
            self.ctx.scenes.pop(self)
        elif key.startswith("step:"):
            self.go(int(key[5:]))

    def go_to_mistake(self, number: int) -> None:
        """The ``number``-th biggest mistake (keys 1 to 3); a word when there is none."""
        if not 1 <= number <= 3:
            return
        mistakes = summarise(self.reviewed.grades().values()).mistakes
        if number <= len(mistakes):
            self.go(mistakes[number - 1].ply)
            return
        done, total = self.reviewed.progress()
        if done < total:
            self.say(_("The round is still being analysed."))
        elif not mistakes:
            self.say(_("No mistakes this round."))

    def retry(self) -> None:
        """The mistake shown, played again as a puzzle; a word when the step shown is not
        one of the player's mistakes."""
        retry = self.reviewed.retry()
        if retry is not None:
            self.ctx.nav.review.open_retry([retry])
            return
        done, total = self.reviewed.progress()
        if self.reviewed.decision() is None and done < total:
            self.say(_("This move is still being analysed."))
        else:
            self.say(_("Retry works on your mistakes: go to one first (keys 1 to 3, or "
                       "Page Down)."))

    def jump_to_error(self, direction: int) -> None:
        """The previous or next graded move graded an inaccuracy or worse."""
        step = self.reviewed.next_error(direction)
        if step is not None:
            self.go(step)

    def export(self) -> None:
        """Write the round and its grades as a text file; say where."""
        text = export_text(self.reviewed.play, self.session.config,
                           self.session.round_grades.grades(self.reviewed.round_no))
        name = f"diloti-seed{self.session.config.seed}-round{self.reviewed.round_no}.txt"
        if not self.ctx.persist:
            self.say(_("Exporting is off in this mode."), problem=True)
            return
        path, problem = storage.export_text(name, text)
        if path is None:
            self.say(problem or _("The record could not be saved."), problem=True)
        else:
            self.say(_("Saved as {path}").format(path=path))

    def say(self, message: str, problem: bool = False) -> None:
        """A short message over the table (in the alert colours for a problem)."""
        self.message.say(message, self.time, problem)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The table on the left, the panel on the right (each redrawn only on change)."""
        box = self.picture.table_box()
        shown = self.line.picture(box) or self.picture.picture(box)
        surface.blit(shown, (box.x, box.y))
        self.panel.draw(surface)

    def warm_up(self) -> Iterator[None]:
        """Draw the first step ahead of time, one piece per call, while the screen under
        which the review will open is idle (the round summary): the felt at the review
        table's size, the table's picture (the card faces at its card width), the panel's
        texts. Opening the review then only shows what is drawn: its first frame took
        25-35 ms of the frame thread's CPU, rendering all of it at once."""
        layout = self.picture.layout()
        theme.felt((layout.width, layout.height))
        yield
        self.picture.picture(self.picture.table_box())
        yield
        self.panel.draw(pygame.Surface(self.ctx.window.size()))
