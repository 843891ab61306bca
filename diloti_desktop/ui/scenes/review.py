"""The review of a finished round: the round replayed on the table, every decision graded.

The table is the game's own table view (:func:`~diloti_desktop.ui.table_view.draw_table`)
fed by the round's record instead of a live session: step *n* shows the position before
move *n*, from the human seat (the other hands stay face down unless "all hands" is on,
which is fair once the round is over), with the played move ringed and arrowed in its
grade's colour and, when another move was better, that move as a see-through card with
an arrow in the hints' blue. The panel on the right (:mod:`review_panel`) holds the
accuracy, the grade counts, the biggest mistakes, the move list and the buttons.

The grades come from the session's background analysis (:class:`RoundAnalysis`); the
scene only reads them, so it fills in while the analysis runs and never waits for it.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pygame

from diloti_desktop.ai.review import MISTAKE_VERDICTS, Decision, summarise
from diloti_desktop.controller import GameSession
from diloti_desktop.controller.record import PlayedRound, export_text
from diloti_desktop.i18n import _
from diloti_desktop.rules.cards import iter_cards
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.ui import theme
from diloti_desktop.ui.context import AppContext
from diloti_desktop.ui.input import (
    Action,
    Click,
    InputEvent,
    KeyAction,
    PointerMove,
    Resized,
    Scroll,
)
from diloti_desktop.ui.layout import (
    CARD_SCALES,
    MIN_WINDOW,
    Box,
    TableLayout,
    card_height,
    table_layout,
)
from diloti_desktop.ui.review_panel import PanelState, ReviewPanel
from diloti_desktop.ui.review_words import (
    BETTER_COLOUR,
    decision_advice,
    decision_status,
    verdict_colour,
)
from diloti_desktop.ui.scene import IDLE, Scene
from diloti_desktop.ui.table_grid import assign_slots
from diloti_desktop.ui.table_marks import Arrow, Ghost
from diloti_desktop.ui.table_view import Decorations, TableGeometry, draw_table, table_items

log = logging.getLogger(__name__)

MESSAGE_SECONDS = 6.0


class ReviewScene(Scene):
    """One finished round, step by step, with its grades."""

    def __init__(self, ctx: AppContext, session: GameSession, round_no: int) -> None:
        super().__init__(ctx)
        play = session.played_round(round_no)
        if play is None:
            raise ValueError(f"round {round_no} was not kept")
        self.session = session
        self.play: PlayedRound = play
        self.positions = play.positions()
        self.viewer = session.human_seat if session.human_seat is not None else 0
        self.slots: list[dict[int, int]] = []
        previous: dict[int, int] = {}
        for position in self.positions:
            previous = assign_slots(previous, table_items(position))
            self.slots.append(previous)
        mine = play.plies_of({self.viewer})
        self.step = mine[0] if mine else 0
        self.state = PanelState()
        self.panel = ReviewPanel(self)
        self.message = ""
        self.message_is_problem = False
        self.message_until = 0.0
        self.time = 0.0
        self._seen: tuple[int, bool] = (-1, False)
        self._layout: tuple[tuple[int, int, str], TableLayout] | None = None
        self._picture: tuple[object, pygame.Surface] | None = None
        self._grades: tuple[object, dict[int, Decision]] | None = None

    # -- what is reviewed ------------------------------------------------------------------
    @property
    def round_no(self) -> int:
        """The round's number."""
        return self.play.round_no

    @property
    def last_step(self) -> int:
        """The final step: the position after the round's last card."""
        return len(self.play.moves)

    def graded_seats(self) -> frozenset[int]:
        """The seats whose moves are graded: the human, and the others when asked."""
        if self.state.grade_others:
            return frozenset(range(self.positions[0].players))
        return frozenset({self.viewer})

    def grades(self) -> dict[int, Decision]:
        """The grades shown (those of the graded seats), by move index (not to be changed)."""
        every = self.session.round_grades.grades(self.round_no)
        key = (len(every), self.state.grade_others)
        if self._grades is None or self._grades[0] != key:
            seats = self.graded_seats()
            self._grades = (key, {ply: d for ply, d in every.items() if d.seat in seats})
        return self._grades[1]

    def progress(self) -> tuple[int, int]:
        """(graded, total) among the graded seats' moves."""
        return self.session.round_grades.progress(self.play, self.graded_seats())

    def go(self, step: int) -> None:
        """Show step ``step`` (clamped to the round)."""
        self.step = max(0, min(self.last_step, step))
        self.panel.follow(self.step)

    # -- lifecycle -------------------------------------------------------------------------
    def enter(self) -> None:
        """Ask for the human's grades (cached ones are not recomputed)."""
        self.session.request_analysis(self.round_no)

    def exit(self) -> None:
        """Keep what has been graded with the saved game."""
        self.ctx.save_session()

    def update(self, dt: float) -> bool:
        """Redraw when grades arrive or a message expires."""
        self.time += dt
        done, total = self.progress()
        seen = (len(self.session.round_grades.grades(self.round_no)), done >= total)
        changed = seen != self._seen
        if changed and seen[1] and not self._seen[1] and self._seen[0] >= 0:
            self.ctx.save_session()  # the analysis just finished: cache it now
        self._seen = seen
        if self.message and self.time >= self.message_until:
            self.message = ""
            changed = True
        return changed

    def next_frame_in(self) -> float:
        """A slow tick while the analysis runs (the progress bar), else idle."""
        waits = [IDLE]
        if self.session.round_grades.busy():
            waits.append(0.25)
        if self.message:
            waits.append(max(0.0, self.message_until - self.time))
        return min(waits)

    # -- input -----------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> None:
        """Steps, jumps, toggles, export and back."""
        if isinstance(event, Resized):
            self._layout = None
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
            self.go(self.step + steps[action])
        elif action == Action.HOME:
            self.go(0)
        elif action == Action.END:
            self.go(self.last_step)
        elif action in (Action.PAGE_UP, Action.PAGE_DOWN):
            self.jump_to_error(-1 if action == Action.PAGE_UP else 1)
        elif action == Action.DIGIT:
            mistakes = summarise(self.grades().values()).mistakes
            if 1 <= event.digit <= len(mistakes):
                self.go(mistakes[event.digit - 1].ply)
        elif action == Action.ALL_HANDS:
            self.press("hands")
        elif action == Action.GRADE_OTHERS:
            self.press("others")
        elif action == Action.EXPORT:
            self.press("export")
        elif action == Action.CANCEL:
            self.press("back")
        else:
            key = self.panel.handle(event)
            if key is not None:
                self.press(key)

    def press(self, key: str) -> None:
        """A panel button, a row of the list or a mistake was chosen."""
        if key == "previous":
            self.go(self.step - 1)
        elif key == "next":
            self.go(self.step + 1)
        elif key == "hands":
            self.state.show_all = not self.state.show_all
        elif key == "others":
            self.state.grade_others = not self.state.grade_others
            if self.state.grade_others:
                others = frozenset(range(self.positions[0].players)) - {self.viewer}
                self.session.request_analysis(self.round_no, others)
        elif key == "export":
            self.export()
        elif key == "back":
            self.ctx.scenes.pop(self)
        elif key.startswith("step:"):
            self.go(int(key[5:]))

    def jump_to_error(self, direction: int) -> None:
        """The previous or next graded move graded an inaccuracy or worse."""
        errors = sorted(p for p, d in self.grades().items() if d.verdict in MISTAKE_VERDICTS)
        later = [p for p in errors if (p > self.step if direction > 0 else p < self.step)]
        if later:
            self.go(later[0] if direction > 0 else later[-1])

    def export(self) -> None:
        """Write the round and its grades as a text file; say where."""
        from diloti_desktop.player_data import storage

        text = export_text(self.play, self.session.config,
                           self.session.round_grades.grades(self.round_no))
        name = f"diloti-seed{self.session.config.seed}-round{self.round_no}.txt"
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
        self.message = message
        self.message_is_problem = problem
        self.message_until = self.time + MESSAGE_SECONDS

    # -- geometry --------------------------------------------------------------------------
    def table_box(self) -> Box:
        """The window's part for the table (the panel takes the rest, on the right)."""
        width, height = self.ctx.window.size()
        return Box(0, 0, width - self.panel.width(), height)

    def layout(self) -> TableLayout:
        """The table's layout, at least as wide as the game's smallest (scaled if needed)."""
        box = self.table_box()
        key = (box.w, box.h, self.ctx.settings.card_size)
        if self._layout is None or self._layout[0] != key:
            scale = CARD_SCALES.get(self.ctx.settings.card_size, 1.0)
            width = max(box.w, MIN_WINDOW[0])
            height = max(box.h, round(box.h * width / max(1, box.w)))
            self._layout = (key, table_layout(width, height, self.positions[0].players, scale))
        return self._layout[1]

    # -- drawing ---------------------------------------------------------------------------
    def decision(self) -> Decision | None:
        """The grade of the move at the current step, if graded and shown."""
        return self.grades().get(self.step)

    def decorations(self, geometry: TableGeometry) -> Decorations:
        """The played move and the better one, over the step's position."""
        position = self.positions[self.step]
        players = position.players
        face_up = frozenset(range(players)) if self.state.show_all else frozenset({self.viewer})
        deco = Decorations(face_up_hands=face_up, four_colour=self.ctx.settings.four_colour_suits)
        deco.status = self._status()
        deco.toast = self.message
        deco.toast_is_hint = not self.message_is_problem
        if self.step >= self.last_step:
            return deco
        seat, move = self.play.moves[self.step]
        decision = self.decision()
        deco.turn_seat = seat
        colour = verdict_colour(decision)
        rings_items: dict[int, theme.Colour] = {}
        rings_cards: dict[int, theme.Colour] = {}
        ghosts: list[Ghost] = []
        arrows: list[Arrow] = []
        start = self._card_box(geometry, seat, move.card)
        if seat == self.viewer or self.state.show_all:
            rings_cards[move.card] = colour
        else:  # a hidden hand: the played card is shown face up as it leaves the hand
            ghosts.append(Ghost(move.card, start, colour, alpha=255))
        if seat == self.viewer:
            deco.picked = move.card
            start = start.move(0, -round(start.h * 0.16))
        arrows.append(Arrow(start.center, self._target(geometry, move, 0).center, colour))
        for item in _items(move):
            rings_items[item] = colour
        if decision is not None and not decision.was_best:
            best = decision.best
            landing = self._target(geometry, best, 1 if move.kind == MoveKind.LAY else 0)
            box = landing if best.kind == MoveKind.LAY else landing.move(
                landing.w // 4, -landing.h // 8)
            ghosts.append(Ghost(best.card, box, BETTER_COLOUR))
            best_start = self._card_box(geometry, seat, best.card)
            arrows.append(Arrow(best_start.center, box.center, BETTER_COLOUR))
            for item in _items(best):
                rings_items[item] = BETTER_COLOUR
            if seat == self.viewer or self.state.show_all:
                rings_cards.setdefault(best.card, BETTER_COLOUR)
            if not self.message:
                deco.toast = decision_advice(decision, position)
                deco.toast_is_hint = True
        elif decision is not None and not self.message:
            deco.toast = decision_advice(decision, position)
            deco.toast_is_hint = True
        deco.card_rings, deco.item_rings = rings_cards, rings_items
        deco.ghosts, deco.arrows = ghosts, arrows
        return deco

    def geometry(self) -> TableGeometry:
        """Where the step's cards lie, with room kept for the cards a lay would add."""
        spare = 0
        if self.step < self.last_step:
            move = self.play.moves[self.step][1]
            decision = self.decision()
            spare = int(move.kind == MoveKind.LAY) + int(
                decision is not None and not decision.was_best and decision.best.kind
                == MoveKind.LAY)
        return TableGeometry(self.layout(), self.positions[self.step], self.slots[self.step],
                             self.viewer, spare=spare)

    def _card_box(self, geometry: TableGeometry, seat: int, card: int) -> Box:
        box = geometry.hand_card_box(seat, card)
        if geometry.place(seat).edge in ("left", "right"):  # sideways: show it upright
            w = geometry.layout.opp_w
            return Box.centred(box.centerx, box.centery, w, card_height(w))
        return box

    def _target(self, geometry: TableGeometry, move: Move, spare: int) -> Box:
        """Where a move's card goes: its biggest item, or a spare cell for a lay."""
        items = _items(move)
        if items:
            target = max(items, key=lambda m: (m.bit_count(), -geometry.slots.get(m, 0)))
            box = geometry.item_top_box(target)
            if box is not None:
                return box
        spot = geometry.spare_card_box(spare) or geometry.spare_card_box(0)
        if spot is not None:
            return spot
        table = geometry.layout.table
        w = geometry.grid.card_w
        return Box.centred(table.centerx, table.centery, w, card_height(w))

    def _status(self) -> str:
        position = self.positions[self.step]
        if self.step >= self.last_step:
            return _("End of round {number}: {score0} – {score1} in the match").format(
                number=self.round_no, score0=position.scores[0], score1=position.scores[1])
        seat, move = self.play.moves[self.step]
        return decision_status(move, self.decision(), position, seat, self.step + 1,
                               self.last_step)

    def draw(self, surface: pygame.Surface) -> None:
        """The table on the left, the panel on the right (each redrawn only on change)."""
        box = self.table_box()
        surface.blit(self._table_picture(box), (box.x, box.y))
        self.panel.draw(surface)

    def warm_up(self) -> Iterator[None]:
        """Draw the first step ahead of time, one piece per call, while the screen under
        which the review will open is idle (the round summary): the felt at the review
        table's size, the table's picture (the card faces at its card width), the panel's
        texts. Opening the review then only shows what is drawn: its first frame took
        25-35 ms of the frame thread's CPU, rendering all of it at once."""
        layout = self.layout()
        theme.felt((layout.width, layout.height))
        yield
        self._table_picture(self.table_box())
        yield
        self.panel.draw(pygame.Surface(self.ctx.window.size()))

    def _table_picture(self, box: Box) -> pygame.Surface:
        key = (box, self.step, self.state.show_all, self.state.grade_others, self.decision(),
               self.message, self.ctx.settings.card_size, self.ctx.settings.four_colour_suits)
        if self._picture is None or self._picture[0] != key:
            self._picture = (key, self._draw_table(box))
        return self._picture[1]

    def _draw_table(self, box: Box) -> pygame.Surface:
        layout = self.layout()
        geometry = self.geometry()
        deco = self.decorations(geometry)
        frame = pygame.Surface((layout.width, layout.height))
        draw_table(frame, geometry, deco)
        if (layout.width, layout.height) == (box.w, box.h):
            return frame
        # A narrow window: the table drawn at the smallest size, then scaled down.
        picture = pygame.Surface((box.w, box.h))
        picture.fill(theme.FELT_DARK)
        h = round(layout.height * box.w / layout.width)
        picture.blit(pygame.transform.smoothscale(frame, (box.w, h)), (0, (box.h - h) // 2))
        return picture


def _items(move: Move) -> list[int]:
    """The table items a move uses, by mask (loose cards one by one, then piles)."""
    return [1 << card for card in iter_cards(move.loose)] + list(move.piles)
