"""The end of a round (the score breakdown) and the end of a match (winner, rematch)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame

from diloti_desktop.ai.player_rating import level_ratings
from diloti_desktop.ai.review import Decision, summarise
from diloti_desktop.controller import GameSession, RoundOver, side_name
from diloti_desktop.controller.retry import MATCH_RETRIES, Retry, biggest_mistakes
from diloti_desktop.i18n import _, ngettext
from diloti_desktop.player_data.track import Track
from diloti_desktop.ui.kit import theme, tooltip
from diloti_desktop.ui.kit.audio import Sound
from diloti_desktop.ui.kit.context import AppContext, rated_levels
from diloti_desktop.ui.kit.input import Action, InputEvent, KeyAction, PointerMove
from diloti_desktop.ui.kit.layout import Box, panel, screen_unit
from diloti_desktop.ui.kit.navigation import PlayedTable
from diloti_desktop.ui.kit.scene import IDLE, Scene
from diloti_desktop.ui.kit.scene_stack import Screen
from diloti_desktop.ui.kit.widgets import Button, ButtonList, draw_button
from diloti_desktop.ui.words.assist_words import assistance_text
from diloti_desktop.ui.words.rating_words import match_rating_line, suggestion_line
from diloti_desktop.ui.words.review_words import accuracy_text, formula_text
from diloti_desktop.ui.words.wording import summary_rows, winner_line

#: Seconds between the idle frames that prepare the review (a piece each).
WARM_UP_TICK = 0.05


def _human_grades(session: GameSession, round_nos: list[int]) -> tuple[list[Decision], int,
                                                                       int]:
    """The human seats' grades of some rounds, and (graded, total) among their moves."""
    seats = session.human_seats()
    grades: list[Decision] = []
    done = total = 0
    for round_no in round_nos:
        play = session.played_round(round_no)
        if play is None:
            continue
        grades += [d for d in session.round_grades.grades(round_no).values() if d.seat in seats]
        graded, count = session.round_grades.progress(play, seats)
        done, total = done + graded, total + count
    return grades, done, total


def review_status(session: GameSession, round_no: int) -> str | None:
    """The summary's line about the review: the analysis's progress or the round's
    accuracy; None when the round cannot be reviewed (not kept, or nobody human)."""
    if session.played_round(round_no) is None or not session.human_seats():
        return None
    grades, done, total = _human_grades(session, [round_no])
    if done < total:
        return _("Analysing your moves: {done} of {total}…").format(done=done, total=total)
    accuracy = summarise(grades).accuracy
    return _("Your accuracy this round: {accuracy} · R to review it").format(
        accuracy=accuracy_text(accuracy))


def match_accuracy(session: GameSession) -> tuple[str, bool]:
    """The match-end line on accuracy, and whether the analysis is still running."""
    grades, done, total = _human_grades(session, [p.round_no for p in session.plays])
    accuracy = accuracy_text(summarise(grades).accuracy)
    if done < total:
        return _("Your accuracy: {accuracy} so far ({done} of {total} moves "
                 "analysed)").format(accuracy=accuracy, done=done, total=total), True
    return _("Your accuracy this match: {accuracy}").format(accuracy=accuracy), False


def match_retries(session: GameSession) -> tuple[list[Retry], str]:
    """The match's biggest mistakes to retry and the Retry button's label, which says why
    it is off: the analysis is still running, or there is no mistake."""
    _grades, done, total = _human_grades(session, [p.round_no for p in session.plays])
    if done < total:
        return [], _("Retry my mistakes: still analysing…")
    retries = biggest_mistakes(session, MATCH_RETRIES)
    if not retries:
        return [], _("No mistakes to retry")
    return retries, ngettext("Retry my biggest mistake", "Retry my {count} biggest mistakes",
                             len(retries)).format(count=len(retries))


class _ResultScene(Scene):
    """A result over the table (a round's, the match's): its buttons in a row, and a slow
    tick while the session grades the rounds in the background."""

    opaque = False

    def __init__(self, ctx: AppContext, table: PlayedTable, result: RoundOver) -> None:
        super().__init__(ctx)
        self.table = table
        self.result = result
        self.list = ButtonList(vertical=False)
        self.list.focus = 0

    def next_frame_in(self) -> float:
        """A slow tick while rounds are being graded."""
        return 0.3 if self.table.session.round_grades.busy() else IDLE


class RoundSummaryScene(_ResultScene):
    """Each side's points for the round, the match totals, then the next round."""

    def __init__(self, ctx: AppContext, table: PlayedTable, result: RoundOver) -> None:
        super().__init__(ctx, table, result)
        self._status: str | None = None
        self.pointer: tuple[int, int] | None = None  # for the rows' explanations
        #: The review of this round, made and drawn ahead while the summary is idle.
        self._review: Screen | None = None
        self._warming: Iterator[None] | None = None
        self._warmed = False

    @property
    def match_over(self) -> bool:
        """Whether a side has won the match."""
        return self.result.winner >= 0

    def account_lines(self) -> list[str]:
        """How the round ended (the leftovers), without repeating the title."""
        title = _("Round {number} is over").format(number=self.result.round_no)
        parts = [p for p in self.result.account.split(" · ") if p and p != title]
        return parts

    @property
    def in_lesson(self) -> bool:
        """Whether the round was a lesson's: no match goes on and no accuracy is given,
        and the lesson's panel at the top of the table keeps its result and rule in view."""
        return not self.table.session.deals_rounds

    def rows(self) -> list[tuple[str, tuple[str, str], bool]]:
        """The breakdown's rows; a lesson plays no match, so no match total."""
        rows = summary_rows(self.result.breakdown, self.result.scores,
                            self.table.session.config.rules)
        return rows[:-1] if self.in_lesson else rows

    def _content_height(self, size: int, unit: int) -> int:
        """How tall the panel's content is at text ``size``; mirrors draw(): margin,
        title, accounts, header, rows, target and status lines (not in a lesson), button."""
        button_h = round(unit * 0.065)
        lines = size // 2 if self.in_lesson else round(size * 2.7) + round(size * 1.6)
        return (size + round(size * 2.6) + len(self.account_lines()) * round(size * 1.5)
                + round(size * 2.0) + len(self.rows()) * round(size * 1.75) + lines
                + button_h + button_h // 2)

    def _size(self) -> int:
        """The text size: in a lesson, small enough for the panel to fit below the
        lesson's panel, which keeps the lesson's result, rule and buttons in view."""
        width, height = self.ctx.window.size()
        unit = screen_unit(width, height)
        size = max(13, round(unit * 0.026))
        if self.in_lesson:
            room = height - self.table.board.panel_box().bottom - size
            while size > theme.MIN_TEXT_PX and self._content_height(size, unit) > room:
                size -= 1
        return size

    def frame(self) -> Box:
        """The panel, as tall as its content; in a lesson at the bottom of the window,
        below the lesson's panel."""
        width, height = self.ctx.window.size()
        unit = screen_unit(width, height)
        size = self._size()
        content = self._content_height(size, unit)
        box = panel(width, height, 0.66, 0.0, max_w=round(unit * 1.18))
        h = min(height - 2 * size, content)
        top = height - h - size // 2 if self.in_lesson else (height - h) // 2
        return Box(box.x, top, box.w, h)

    def buttons(self) -> list[Button]:
        """Next round (or the match result), and the review of this round."""
        box = self.frame()
        unit = screen_unit(*self.ctx.window.size())
        h = round(unit * 0.065)
        w = round(unit * 0.36)
        gap = h // 2
        y = box.bottom - h - h // 2
        if not self.table.session.deals_rounds:
            label = _("Continue")  # a lesson: its panel says what comes next
        else:
            label = _("See the result") if self.match_over else _("Next round")
        reviewable = review_status(self.table.session, self.result.round_no) is not None
        return [Button("next", label, Box(box.centerx + gap // 2, y, w, h), primary=True,
                       hotkey="Enter"),
                Button("review", _("Review"), Box(box.centerx - w - gap // 2, y, w, h),
                       enabled=reviewable, hotkey="R")]

    def enter(self) -> None:
        """Start grading the round in the background: the summary never waits for it."""
        self.table.session.request_analysis(self.result.round_no)

    def update(self, dt: float) -> bool:
        """Redraw while the analysis progresses; prepare the review meanwhile."""
        self.ctx.record_accuracy(self.table.session)
        status = review_status(self.table.session, self.result.round_no)
        changed = status != self._status
        self._status = status
        if status is not None and not changed:
            self._warm_review()
        return changed

    def _warm_review(self) -> None:
        """One piece of the review's first picture per idle frame (ReviewScene.warm_up),
        so that R opens it at once."""
        if self._warmed:
            return
        if self._warming is None:
            self._review, self._warming = self.ctx.nav.review.prepare_review(self.table.session,
                                                                      self.result.round_no)
            return
        if next(self._warming, StopIteration) is StopIteration:
            self._warmed = True

    def review_ready(self) -> bool:
        """Whether R opens the review at once (or there is no review to open)."""
        return self._warmed or review_status(self.table.session,
                                             self.result.round_no) is None

    def next_frame_in(self) -> float:
        """A slow tick while the round is being graded; quick ones while the review is
        being prepared."""
        if not self._warmed and review_status(self.table.session,
                                              self.result.round_no) is not None:
            return WARM_UP_TICK
        return super().next_frame_in()

    def handle(self, event: InputEvent) -> None:
        """Enter or the button continues; pointing at a row explains its word."""
        self.list.set_buttons(self.buttons())
        if isinstance(event, PointerMove):
            self.pointer = event.pos
        if isinstance(event, KeyAction) and event.action == Action.CONFIRM:
            key: str | None = "next"
        elif isinstance(event, KeyAction) and event.action == Action.REVIEW:
            key = "review"
        else:
            key = self.list.handle(event)
        if key == "review":
            self.ctx.play_sound(Sound.CLICK)
            self.ctx.nav.review.open_review(self.table.session, self.result.round_no,
                                     prepared=self._review)
        if key == "next":
            self.ctx.play_sound(Sound.CLICK)
            self.proceed()

    def proceed(self) -> None:
        """Close the summary: the next round, or the match result."""
        if self.match_over:
            self.ctx.nav.table.open_match_end(self.table, self.result)
        else:
            self.ctx.scenes.pop(self)
            self.table.session.continue_after_round()  # the table shows the new deal

    def draw(self, surface: pygame.Surface) -> None:
        """The breakdown table."""
        box = self.frame()
        size = self._size()
        if self.in_lesson:
            # the lesson's result and rule above stay readable
            top = max(0, box.y - size // 2)
            theme.shade(surface.subsurface((0, top, surface.get_width(),
                                            surface.get_height() - top)), 150)
        else:
            theme.shade(surface, 150)
        theme.panel(surface, box, 18, theme.GOLD_DARK, shadow=True)
        y = box.y + size
        title = _("Round {number} is over").format(number=self.result.round_no)
        theme.blit_text(surface, title, round(size * 1.5), (box.centerx, y), theme.GOLD,
                        bold=True, anchor="midtop")
        y += round(size * 2.6)
        for part in self.account_lines():
            theme.blit_text(surface, part, theme.smaller(size, 1), (box.centerx, y), theme.INK_DIM,
                            anchor="midtop", max_width=box.w - 4 * size)
            y += round(size * 1.5)
        players = self.table.session.position.players
        rules = self.table.session.config.rules
        rows = self.rows()
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
        tip: tuple[str, Box] | None = None
        for index, (label, values, strong) in enumerate(rows):
            row = Box(box.x + size, y, box.w - 2 * size, row_h)
            if self.pointer is not None and row.contains(self.pointer):
                text = tooltip.summary_tip(index, rules.xeristaki and index == 6)
                tip = (text, row) if text else None
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
        if not self.in_lesson:
            target = _("First to {target} wins the match.").format(target=rules.target)
            theme.blit_text(surface, target, theme.smaller(size, 2), (box.centerx, y + size // 2),
                            theme.INK_DIM, anchor="midtop")
        status = review_status(self.table.session, self.result.round_no)
        if status and not self.in_lesson:
            theme.blit_text(surface, status, theme.smaller(size, 1), (box.centerx,
                                                                      y + round(size * 2.1)),
                            theme.HINT, anchor="midtop", max_width=box.w - 2 * size)
        for index, button in enumerate(self.buttons()):
            draw_button(surface, button, size, hovered=button.key == self.list.hover,
                        focused=index == self.list.focus)
        if tip is not None:
            tooltip.draw_tip(surface, tip[0], tip[1], theme.smaller(size, 2))


class MatchEndScene(_ResultScene):
    """Who won, the final score, and a rematch."""

    def __init__(self, ctx: AppContext, table: PlayedTable, result: RoundOver) -> None:
        super().__init__(ctx, table, result)
        self._accuracy: tuple[str, bool] | None = None
        self._retries: tuple[object, tuple[list[Retry], str]] | None = None

    def retries(self) -> tuple[list[Retry], str]:
        """:func:`match_retries`, found again only when grades arrive (it replays the
        rounds with mistakes)."""
        session = self.table.session
        key = tuple(len(session.round_grades.grades(p.round_no)) for p in session.plays)
        if self._retries is None or self._retries[0] != key:
            self._retries = (key, match_retries(session))
        return self._retries[1]

    def frame(self) -> Box:
        """The panel: taller for the rating's lines and each extra row of round buttons."""
        width, height = self.ctx.window.size()
        session = self.table.session
        rounds = len(session.plays) if session.human_seats() else 0
        rows = max(1, -(-rounds // 8)) + int(rounds > 0)  # the Retry row
        share = min(0.92, 0.72 + 0.09 * (rows - 1))
        return panel(width, height, 0.6, share, max_w=round(screen_unit(width, height) * 1.1))

    def buttons(self) -> list[Button]:
        """Rematch and main menu."""
        box = self.frame()
        unit = screen_unit(*self.ctx.window.size())
        h = round(unit * 0.065)
        gap = h // 2
        w = min(round(unit * 0.3), (box.w - 4 * gap) // 3)
        y = box.bottom - h - h // 2
        left = box.centerx - w - w // 2 - gap
        return [
            Button("rematch", _("Rematch"), Box(left, y, w, h), primary=True, hotkey="Enter"),
            Button("scores", _("Score sheet"), Box(left + w + gap, y, w, h), hotkey="S"),
            Button("menu", _("Main menu"), Box(left + 2 * (w + gap), y, w, h), hotkey="Esc"),
            *self.retry_button(y - h - gap, h),
        ]

    def retry_button(self, y: int, h: int) -> list[Button]:
        """Retry the match's biggest mistakes (above the main buttons, below the rounds'),
        off with its reason while the analysis runs or when there is none; then the
        round buttons above it."""
        session = self.table.session
        if not session.human_seats() or not session.plays:
            return self.round_buttons(y, h)
        box = self.frame()
        retries, label = self.retries()
        unit = screen_unit(*self.ctx.window.size())
        size = max(13, round(unit * 0.028))
        w = min(box.w - 2 * size, max(round(unit * 0.6),
                                      theme.text(label, size, bold=True).get_width() + 2 * size))
        button = Button("retry", label, Box(box.centerx - w // 2, y, w, h),
                        enabled=bool(retries), hotkey="R")
        return [button, *self.round_buttons(y - h - h // 2, h)]

    def round_buttons(self, y: int, h: int) -> list[Button]:
        """One button per reviewable round ("Round 3"), in rows above the main buttons."""
        session = self.table.session
        rounds = [p.round_no for p in session.plays] if session.human_seats() else []
        if not rounds:
            return []
        box = self.frame()
        gap = h // 3
        per_row = max(1, min(len(rounds), 8))
        w = min(round(h * 2.6), (box.w - 2 * gap - (per_row - 1) * gap) // per_row)
        rows = (len(rounds) + per_row - 1) // per_row
        buttons = []
        for index, number in enumerate(rounds):
            row, col = divmod(index, per_row)
            in_row = min(per_row, len(rounds) - row * per_row)
            x0 = box.centerx - (in_row * w + (in_row - 1) * gap) // 2
            top = y - (rows - 1 - row) * (h + gap)
            grades, _done, _total = _human_grades(session, [number])
            label = _("{number}: {accuracy}").format(
                number=number, accuracy=accuracy_text(summarise(grades).accuracy))
            buttons.append(Button(f"round:{number}", label,
                                  Box(x0 + col * (w + gap), top, w, h)))
        return buttons

    def rating_lines(self) -> list[tuple[str, bool]]:
        """The player's rating after this match (or why it was not rated), and the
        level suggested next (each with whether it is the strong line); nothing when the
        match had no human seat."""
        session = self.table.session
        if session.human_seat is None or not session.deals_rounds:
            return []
        track = self.ctx.track if self.ctx.recorded is session else None
        track = track or Track()
        opponents, partner = rated_levels(session)
        ratings = level_ratings().ratings
        rated = bool(opponents) and all(level in ratings for level in opponents) and (
            partner is None or partner in ratings)
        line = match_rating_line(track, session.assisted, rated)
        return [*([(line, True)] if line else []), (suggestion_line(track), False)]

    def _draw_lines(self, surface: pygame.Surface, box: Box, size: int, y: int) -> None:
        """The rating, the level suggested, the match's accuracy and its formula, above
        the round buttons; when they do not all fit, the formula goes first, then the
        suggestion (New game shows it too), then the match's accuracy (each round's is on
        its button)."""
        width = box.w - 3 * size
        blocks = self.line_blocks(size)
        rounds = [b for b in self.buttons() if b.key.startswith("round:")]
        limit = (min(b.box.y for b in rounds) - theme.line_height(theme.smaller(size,
                                                                                2)) - 4 if rounds
                 else self.buttons()[0].box.y - size // 2)

        def height(kept: list[tuple[str, str, int, theme.Colour, bool, int]]) -> int:
            return sum(gap + len(theme.wrap(text, font, width, bold)) * theme.line_height(font)
                       for _key, text, font, _ink, bold, gap in kept)

        for dropped in ("formula", "suggestion", "accuracy"):
            if y + height(blocks) <= limit:
                break
            blocks = [block for block in blocks if block[0] != dropped]
        for _key, text, font, ink, bold, gap in blocks:
            y += gap
            for part in theme.wrap(text, font, width, bold):
                theme.blit_text(surface, part, font, (box.centerx, y), ink, bold=bold,
                                anchor="midtop", max_width=box.w - 2 * size)
                y += theme.line_height(font)

    def line_blocks(self, size: int) -> list[tuple[str, str, int, theme.Colour, bool, int]]:
        """The lines under the score, each as (key, text, font size, colour, bold, space
        above): the rating, the "assisted" mark, the level suggested, the accuracy."""
        blocks: list[tuple[str, str, int, theme.Colour, bool, int]] = []
        for text, strong in self.rating_lines():
            blocks.append(("rating" if strong else "suggestion", text,
                           size if strong else size - 2, theme.GOLD if strong else theme.INK,
                           strong, size // 3 if not blocks else 0))
        assisted = assistance_text(self.table.session.coaching.assistance)
        if assisted and self.table.session.human_seats():
            # The "assisted" mark: what help the match had (why it is counted apart).
            under = 1 if blocks and blocks[0][0] == "rating" else 0
            blocks.insert(under, ("assisted", assisted, theme.smaller(size, 2), theme.HINT, True,
                                  0 if under else size // 3))
        if self.table.session.human_seats() and self.table.session.plays:
            line, _running = match_accuracy(self.table.session)
            blocks.append(("accuracy", line, round(size * 1.1), theme.HINT, True, size // 2))
            blocks.append(("formula", formula_text(), theme.smaller(size, 3), theme.INK_DIM,
                           False, 0))
        return blocks

    def enter(self) -> None:
        """Grade every round's moves that are not graded yet (in the background)."""
        session = self.table.session
        for play in session.plays:
            session.request_analysis(play.round_no)

    def update(self, dt: float) -> bool:
        """Redraw while the analysis progresses."""
        self.ctx.record_accuracy(self.table.session)
        line = match_accuracy(self.table.session)
        changed = line != self._accuracy
        self._accuracy = line
        return changed

    def handle(self, event: InputEvent) -> None:
        """Rematch or back to the menu."""
        self.list.set_buttons(self.buttons())
        key = self.list.handle(event)
        if isinstance(event, KeyAction) and event.action == Action.CANCEL:
            key = "menu"
        if isinstance(event, KeyAction) and event.action == Action.SCORES:
            key = "scores"
        if isinstance(event, KeyAction) and event.action == Action.DIGIT:
            key = f"round:{event.digit}"
        if isinstance(event, KeyAction) and event.action == Action.REVIEW:
            key = "retry"
        if key == "retry":
            retries, _label = self.retries()
            if retries:
                self.ctx.play_sound(Sound.CLICK)
                self.ctx.nav.review.open_retry(retries)
            return
        if key is not None and key.startswith("round:"):
            self.ctx.play_sound(Sound.CLICK)
            self.ctx.nav.review.open_review(self.table.session, int(key[6:]))
        elif key == "scores":
            self.ctx.nav.table.open_score_sheet(self.table.session)
        elif key == "rematch":
            self.ctx.play_sound(Sound.CLICK)
            self.ctx.nav.match.rematch(self.table.session.config)
        elif key == "menu":
            self.ctx.play_sound(Sound.CLICK)
            self.ctx.nav.match.main_menu()

    def draw(self, surface: pygame.Surface) -> None:
        """The winner."""
        theme.shade(surface, 160)
        box = self.frame()
        unit = screen_unit(*surface.get_size())
        size = max(13, round(unit * 0.028))
        theme.panel(surface, box, 18, theme.GOLD, width=3, shadow=True)
        players = self.table.session.position.players
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
        self._draw_lines(surface, box, size, y)
        rounds = [b for b in self.buttons() if b.key.startswith("round:")]
        if rounds:
            top = min(b.box.y for b in rounds)
            theme.blit_text(surface, _("Each round's accuracy: click one, or press its "
                                       "number, to review it"),
                            size - 2, (box.centerx, top - 4), theme.INK_DIM,
                            anchor="midbottom", max_width=box.w - 2 * size)
        for index, button in enumerate(self.buttons()):
            small = button.key.startswith("round:")
            draw_button(surface, button, size - 3 if small else size,
                        hovered=button.key == self.list.hover, focused=index == self.list.focus)
