"""The score sheet of the match being played: every round's breakdown, side by side.

Reachable during play (S, or the pause menu) and from the end of the match. One row per
scored round (cards, Aces, 10♦, 2♣, xeris, the round's points and the match score after
it), then the round in play with what it has secured so far, then the totals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

import pygame

from diloti_desktop.ai.review import Decision, summarise
from diloti_desktop.controller import GameSession, side_name
from diloti_desktop.controller.scoresheet import RoundRecord
from diloti_desktop.i18n import _
from diloti_desktop.rules.position import PLAY, Position
from diloti_desktop.rules.progress import round_progress
from diloti_desktop.rules.scoring import SideScore
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.grid import Column, Row, draw_grid, header_height
from diloti_desktop.ui.kit.input import Action, InputEvent, KeyAction, Scroll
from diloti_desktop.ui.kit.layout import Box, panel, screen_unit
from diloti_desktop.ui.kit.scene import IDLE, Scene
from diloti_desktop.ui.kit.widgets import Button, ButtonList, draw_button
from diloti_desktop.ui.words.review_words import accuracy_text

#: The width (px) per unit of column weight below which the accuracy column is left out:
#: the breakdown's headers ("Genauigkeit", «Πόντοι») then no longer fit whole at 12 px.
ACCURACY_COLUMN_PX = 62


def side_columns(xeristaki: bool) -> list[Column]:
    """The columns of one side's breakdown."""
    columns = [Column(_("Cards")), Column(_("Aces")), Column(_("10♦")), Column(_("2♣")),
               Column(_("Xeris"))]
    if xeristaki:
        columns.append(Column(_("Xeristakia")))
    columns.append(Column(_("Points")))
    return columns


def sheet_columns(xeristaki: bool, accuracy: bool = False) -> list[Column]:
    """Round, each side's breakdown, the match score (and the player's accuracy)."""
    per_side = side_columns(xeristaki)
    columns = [Column(_("Round"), 1.45, "left"), *per_side, *per_side,
               Column(_("Match"), 1.6)]
    if accuracy:
        columns.append(Column(_("Your accuracy"), 1.4))
    return columns


class SheetAccuracy(NamedTuple):
    """The accuracy column: each kept round's cell by number, and the match's."""

    rounds: Mapping[int, str]
    match: str


def sheet_accuracy(session: GameSession) -> SheetAccuracy | None:
    """The human seats' accuracy per round ("…" while the round is being graded) and
    over the match; None when nobody human plays (no column then)."""
    seats = session.human_seats()
    if not seats:
        return None
    cells: dict[int, str] = {}
    every: list[Decision] = []
    busy = False
    for play in session.plays:
        grades = [d for d in session.round_grades.grades(play.round_no).values()
                  if d.seat in seats]
        done, total = session.round_grades.progress(play, seats)
        every += grades
        if done < total:
            busy = True
            cells[play.round_no] = "…"
        else:
            cells[play.round_no] = accuracy_text(summarise(grades).accuracy)
    return SheetAccuracy(cells, "…" if busy else accuracy_text(summarise(every).accuracy))


def _side_cells(score: SideScore, xeristaki: bool) -> list[str]:
    cards = (_("{cards} (+{points})").format(cards=score.cards, points=score.majority)
             if score.majority else str(score.cards))
    cells = [cards, str(score.aces), str(score.ten_of_diamonds), str(score.two_of_clubs),
             str(score.xeris)]
    if xeristaki:
        cells.append(str(score.xeristakia))
    cells.append(str(score.total))
    return cells


def sheet_rows(rounds: Sequence[RoundRecord], position: Position,
               accuracy: SheetAccuracy | None = None) -> list[Row]:
    """The sheet's rows: each scored round, the round in play, the totals (with the
    accuracy column when ``accuracy`` is given)."""
    xeristaki = position.rules.xeristaki
    rows = []

    def extra(cell: str) -> list[str]:
        return [] if accuracy is None else [cell]

    for record in rounds:
        a, b = record.breakdown
        rows.append(Row([str(record.round_no), *_side_cells(a, xeristaki),
                         *_side_cells(b, xeristaki),
                         _("{score0}–{score1}").format(score0=record.scores[0],
                                                       score1=record.scores[1]),
                         *extra("" if accuracy is None
                                else accuracy.rounds.get(record.round_no, ""))]))
    if position.phase == PLAY:
        a, b = round_progress(position).secured
        rows.append(Row([_("{number} (in play)").format(number=position.round_no),
                         *_side_cells(a, xeristaki), *_side_cells(b, xeristaki), "…",
                         *extra("")], dim=True))
    width = len(side_columns(xeristaki))
    totals = [_("Total"), *[""] * (width - 1), str(position.scores[0]),
              *[""] * (width - 1), str(position.scores[1]),
              _("{score0}–{score1}").format(score0=position.scores[0],
                                            score1=position.scores[1]),
              *extra("" if accuracy is None else accuracy.match)]
    rows.append(Row(totals, strong=True))
    return rows


def missing_rounds_note(rounds: Sequence[RoundRecord], position: Position) -> str:
    """A note when the sheet lacks earlier rounds (a game saved by an older version)."""
    first = rounds[0].round_no if rounds else position.round_no + (
        0 if position.phase == PLAY else 1)
    if first <= 1:
        return ""
    return _("Rounds before round {number} were played before score sheets were kept; "
             "the totals include them.").format(number=first)


class ScoreSheetScene(Scene):
    """Every round of the current match."""

    def __init__(self, ctx: AppContext, session: GameSession) -> None:
        super().__init__(ctx)
        self.session = session
        self.first = 0  # the first round row shown (scrolling)
        self.list = ButtonList(vertical=False)
        self.list.focus = 0
        self._accuracy: SheetAccuracy | None = None

    def _frame(self) -> tuple[Box, int]:
        """The panel at its fullest and the text size, for the window."""
        width, height = self.ctx.window.size()
        unit = screen_unit(width, height)
        size = max(12, round(unit * 0.022))
        return panel(width, height, 0.94, 0.9, max_w=round(unit * 1.75)), size

    def _metrics(self) -> tuple[Box, int, int]:
        full, size = self._frame()
        height = self.ctx.window.size()[1]
        row_h = round(size * 1.9)
        # As tall as the sheet needs (title, side names, header, rows, note, button).
        area = Box(full.x + size, 0, full.w - 2 * size, 0)
        grid_h = (2 * theme.line_height(size) + size // 3
                  + header_height(self.columns(), area, size) + len(self.rows()) * row_h)
        h = min(full.h, round(size * 4.2) + grid_h + round(size * 5.5))
        return Box(full.x, (height - h) // 2, full.w, h), size, row_h

    def enter(self) -> None:
        """Grade the kept rounds not graded yet (in the background), for the accuracy."""
        for play in self.session.plays:
            self.session.request_analysis(play.round_no)

    def update(self, dt: float) -> bool:
        """Redraw while the accuracy column fills in."""
        accuracy = sheet_accuracy(self.session)
        changed = accuracy != self._accuracy
        self._accuracy = accuracy
        return changed

    def next_frame_in(self) -> float:
        """A slow tick while rounds are being graded."""
        return 0.3 if self.session.round_grades.busy() else IDLE

    def accuracy(self) -> SheetAccuracy | None:
        """The accuracy column's cells (None: no column: nobody human plays, or the
        window is too narrow for it beside the breakdowns; the match end and the review
        show the accuracy too)."""
        return sheet_accuracy(self.session) if self._accuracy_fits() else None

    def _accuracy_fits(self) -> bool:
        # The grid's width, as _metrics and grid_area work it out (they need the
        # columns, so it cannot ask them).
        full, size = self._frame()
        grid_w = full.w - 2 * size
        columns = sheet_columns(self.session.config.rules.xeristaki, True)
        return grid_w >= ACCURACY_COLUMN_PX * sum(c.weight for c in columns)

    def rows(self) -> list[Row]:
        """Every row of the sheet (see :func:`sheet_rows`)."""
        return sheet_rows(self.session.rounds, self.session.position, self.accuracy())

    def grid_area(self) -> Box:
        """Where the table of rounds goes."""
        box, size, _row_h = self._metrics()
        top = box.y + round(size * 4.2)
        return Box(box.x + size, top, box.w - 2 * size, box.bottom - top - round(size * 5))

    def visible_rows(self) -> list[Row]:
        """The rows that fit, from the scroll position; the totals row always shows."""
        rows = self.rows()
        _box, size, row_h = self._metrics()
        area = self.grid_area()
        room = area.h - header_height(self.columns(), area, size) - theme.line_height(size)
        fit = max(2, room // row_h)
        if len(rows) <= fit:
            return rows
        body, total = rows[:-1], rows[-1]
        first = max(0, min(self.first, len(body) - (fit - 1)))
        return [*body[first:first + fit - 1], total]

    def _scroll(self, step: int) -> None:
        rows = self.rows()
        shown = len(self.visible_rows())
        self.first = max(0, min(self.first + step, len(rows) - shown))

    def columns(self) -> list[Column]:
        """The sheet's columns for the match's rules."""
        return sheet_columns(self.session.config.rules.xeristaki,
                             self.session.human_seats() != frozenset()
                             and self._accuracy_fits())

    def buttons(self) -> list[Button]:
        """Close."""
        box, size, _row_h = self._metrics()
        h = round(size * 2.4)
        w = round(size * 9)
        return [Button("close", _("Close"), Box(box.centerx - w // 2, box.bottom - h - size,
                                                 w, h), primary=True, hotkey="Esc")]

    def handle(self, event: InputEvent) -> None:
        """Esc, Enter or the button close; the wheel and arrows scroll."""
        self.list.set_buttons(self.buttons())
        if isinstance(event, Scroll):
            self._scroll(-event.dy)
            return
        if isinstance(event, KeyAction):
            if event.action in (Action.CANCEL, Action.CONFIRM, Action.SCORES):
                self.ctx.scenes.pop(self)
            elif event.action in (Action.DOWN, Action.PAGE_DOWN):
                self._scroll(1)
            elif event.action in (Action.UP, Action.PAGE_UP):
                self._scroll(-1)
            elif event.action == Action.DIGIT:  # the review of that round, if kept
                self.ctx.nav.review.open_review(self.session, event.digit)
            return
        if self.list.handle(event) == "close":
            self.ctx.scenes.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        """The sheet."""
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        box, size, row_h = self._metrics()
        theme.panel(surface, box, 18, theme.PANEL_EDGE, alpha=240)
        position = self.session.position
        players = position.players
        theme.blit_text(surface, _("Score sheet"), round(size * 1.5), (box.centerx, box.y + size),
                        theme.GOLD, bold=True, anchor="midtop")
        subtitle = _("First to {target} · {side0} against {side1}").format(
            target=position.rules.target, side0=side_name(0, players),
            side1=side_name(1, players))
        theme.blit_text(surface, subtitle, size, (box.centerx, box.y + round(size * 3.0)),
                        theme.INK_DIM, anchor="midtop", max_width=box.w - 2 * size)
        area = self.grid_area()
        columns = self.columns()
        width = len(side_columns(position.rules.xeristaki))
        groups = [(side_name(0, players), 1, width), (side_name(1, players), width + 1,
                                                        2 * width)]
        bottom = draw_grid(surface, area, columns, self.visible_rows(), size, row_h, groups)
        note = missing_rounds_note(self.session.rounds, position)
        if note:
            theme.blit_text(surface, note, theme.smaller(size, 1), (box.centerx,
                                                                    bottom + size // 2),
                            theme.INK_DIM, anchor="midtop", max_width=box.w - 2 * size)
            bottom += theme.line_height(size)
        if self.session.plays and self.session.human_seats():
            theme.blit_text(surface, _("Press a round's number to review it."), theme.smaller(size,
                                                                                              1),
                            (box.centerx, bottom + size // 2), theme.INK_DIM, anchor="midtop",
                            max_width=box.w - 2 * size)
        for index, button in enumerate(self.buttons()):
            draw_button(surface, button, size, hovered=button.key == self.list.hover,
                        focused=index == self.list.focus)
