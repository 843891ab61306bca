"""The reviewed round's table: the game's own table view
(:func:`~diloti_desktop.ui.board.table_view.draw_table`) fed by the round's record instead of a
live session. Step *n* shows the position before move *n*, from the human seat (the other
hands stay face down unless "all hands" is on, which is fair once the round is over), with
the played move ringed and arrowed in its grade's colour and, when another move was
better, that move as a see-through card with an arrow in the hints' blue. Read-only: it
keeps only its own caches.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from diloti_desktop.i18n import _
from diloti_desktop.rules.cards import iter_cards
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.ui.board.table_marks import Arrow, Ghost
from diloti_desktop.ui.board.table_view import (
    Decorations,
    TableGeometry,
    draw_table,
    toast_panel,
)
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.layout import (
    CARD_SCALES,
    Box,
    TableLayout,
    card_height,
    table_layout,
)
from diloti_desktop.ui.review.review_round import ReviewedRound, ReviewMessage
from diloti_desktop.ui.words.review_words import (
    BETTER_COLOUR,
    decision_advice,
    decision_status,
    verdict_colour,
)


class ReviewPicture:
    """The table part of the review (the panel takes the window's right, ``panel_width``
    pixels wide)."""

    def __init__(self, ctx: AppContext, reviewed: ReviewedRound, message: ReviewMessage,
                 panel_width: Callable[[], int]) -> None:
        self.ctx = ctx
        self.reviewed = reviewed
        self.message = message
        self.panel_width = panel_width
        self._layout: tuple[tuple[int, int, str], TableLayout] | None = None
        self._picture: tuple[object, pygame.Surface] | None = None

    def forget(self) -> None:
        """The window changed: compute the layout again."""
        self._layout = None

    def table_box(self) -> Box:
        """The window's part for the table (the panel takes the rest, on the right)."""
        width, height = self.ctx.window.size()
        return Box(0, 0, width - self.panel_width(), height)

    def layout(self) -> TableLayout:
        """The table's layout for the room beside the panel (its type as on the table)."""
        box = self.table_box()
        key = (box.w, box.h, self.ctx.settings.card_size)
        if self._layout is None or self._layout[0] != key:
            scale = CARD_SCALES.get(self.ctx.settings.card_size, 1.0)
            # Drawn at its own size: scaling a 960-wide table down to the room beside the
            # panel made its text about 9 px at 960x600.
            self._layout = (key, table_layout(box.w, box.h,
                                              self.reviewed.positions[0].players, scale,
                                              smallest=(box.w, box.h)))
        return self._layout[1]

    def decorations(self, geometry: TableGeometry) -> Decorations:
        """The played move and the better one, over the step's position."""
        reviewed = self.reviewed
        step, show_all = reviewed.step, reviewed.state.show_all
        position = reviewed.positions[step]
        players = position.players
        face_up = frozenset(range(players)) if show_all else frozenset({reviewed.viewer})
        # a lesson's round belongs to no match: no "Round 1 · deal 4 of 4 · first to 61"
        deco = Decorations(face_up_hands=face_up, four_colour=self.ctx.settings.four_colour_suits,
                           round_title=reviewed.session.deals_rounds)
        deco.status = self._status()
        deco.toast = self.message.text
        deco.toast_is_hint = not self.message.problem
        if step >= reviewed.last_step:
            return deco
        seat, move = reviewed.play.moves[step]
        decision = reviewed.decision()
        deco.turn_seat = seat
        colour = verdict_colour(decision)
        rings_items: dict[int, theme.Colour] = {}
        rings_cards: dict[int, theme.Colour] = {}
        ghosts: list[Ghost] = []
        arrows: list[Arrow] = []
        start = self._card_box(geometry, seat, move.card)
        if seat == reviewed.viewer or show_all:
            rings_cards[move.card] = colour
        else:  # a hidden hand: the played card is shown face up as it leaves the hand
            ghosts.append(Ghost(move.card, start, colour, alpha=255))
        if seat == reviewed.viewer:
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
            if seat == reviewed.viewer or show_all:
                rings_cards.setdefault(best.card, BETTER_COLOUR)
        if decision is not None and not (self.message.text and self.message.problem):
            # The move's advice keeps its place; a message (where the export went) takes
            # the status line while it lasts, so stepping on never hides a "Better:" line.
            # A problem keeps the toast's alert colours.
            deco.toast = decision_advice(decision, position)
            deco.toast_is_hint = True
            if self.message.text:
                deco.status = self.message.text
        deco.card_rings, deco.item_rings = rings_cards, rings_items
        deco.ghosts, deco.arrows = ghosts, arrows
        if deco.toast:
            deco.toast_box = toast_clear_of(geometry.layout, deco.toast, arrows)
        return deco

    def geometry(self) -> TableGeometry:
        """Where the step's cards lie, with room kept for the cards a lay would add."""
        reviewed = self.reviewed
        spare = 0
        if reviewed.step < reviewed.last_step:
            move = reviewed.play.moves[reviewed.step][1]
            decision = reviewed.decision()
            spare = int(move.kind == MoveKind.LAY) + int(
                decision is not None and not decision.was_best and decision.best.kind
                == MoveKind.LAY)
        return TableGeometry(self.layout(), reviewed.positions[reviewed.step],
                             reviewed.slots[reviewed.step], reviewed.viewer, spare=spare)

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
        reviewed = self.reviewed
        position = reviewed.positions[reviewed.step]
        if reviewed.step >= reviewed.last_step:
            return _("End of round {number}: {score0} – {score1} in the match").format(
                number=reviewed.round_no, score0=position.scores[0],
                score1=position.scores[1])
        _seat, move = reviewed.play.moves[reviewed.step]
        return decision_status(move, reviewed.decision(), position, reviewed.step + 1,
                               reviewed.last_step)

    def picture(self, box: Box) -> pygame.Surface:
        """The table drawn for ``box``, again only when something shown changed."""
        reviewed = self.reviewed
        key = (box, reviewed.step, reviewed.state.show_all, reviewed.state.grade_others,
               reviewed.decision(), self.message.text, self.ctx.settings.card_size,
               self.ctx.settings.four_colour_suits)
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
        # Only for a box other than the layout's (the layout follows table_box()).
        picture = pygame.Surface((box.w, box.h))
        picture.fill(theme.FELT_DARK)
        h = round(layout.height * box.w / layout.width)
        picture.blit(pygame.transform.smoothscale(frame, (box.w, h)), (0, (box.h - h) // 2))
        return picture


def _items(move: Move) -> list[int]:
    """The table items a move uses, by mask (loose cards one by one, then piles)."""
    return [1 << card for card in iter_cards(move.loose)] + list(move.piles)


def _crosses(box: Box, arrows: list[Arrow], margin: int) -> bool:
    """Whether an arrow passes over ``box`` (widened by ``margin``)."""
    rect = pygame.Rect(box.inflate(2 * margin, 2 * margin))
    return any(rect.clipline(arrow.start, arrow.end) for arrow in arrows)


def toast_clear_of(layout: TableLayout, text: str, arrows: list[Arrow]) -> Box | None:
    """Where the explanation box goes so that no arrow crosses it: its usual place
    (None) when clear; else beside the arrows at the same height (narrower, the text
    wrapped), else at the top of the table; its usual place when nothing is clear."""
    margin = layout.pad
    usual, _lines, _size = toast_panel(layout, text)
    if not _crosses(usual, arrows, margin):
        return None
    band = pygame.Rect(0, usual.y - margin, layout.width, usual.h + 2 * margin)
    xs = [x for arrow in arrows for (x, _y) in band.clipline(arrow.start, arrow.end)]
    table = layout.table
    if xs:
        spaces = [(table.x, min(xs) - 2 * margin), (max(xs) + 2 * margin, table.right)]
        left, right = max(spaces, key=lambda space: space[1] - space[0])
        width = min(layout.toast.w, right - left)
        if width >= layout.toast.w * 0.45:
            box = Box((left + right - width) // 2, layout.toast.y, width, layout.toast.h)
            if not _crosses(toast_panel(layout, text, box)[0], arrows, margin):
                return box
    top, _lines, _size = toast_panel(layout, text)
    box = Box(layout.toast.x, table.y + margin + top.h - layout.toast.h, layout.toast.w,
              layout.toast.h)
    if not _crosses(toast_panel(layout, text, box)[0], arrows, margin):
        return box
    return None
