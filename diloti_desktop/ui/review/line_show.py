"""Show the line in the review: a mistake's refutation stepped on the review's table.

On a move of the player's graded with a refutation (a mistake), Show the line (W, or the
panel's button) replaces the table's picture with the line: step *k* shows the position
after its first *k* plies, with the ply told under the table ("North played 7♦ and took
3♣ 4♥ — XERI!"; "For example: ..." when the hidden cards were guessed). → and ←, or the
panel's Next and Back, step through it; ← from the first ply, Esc, W again or any
other step of the round leaves it, back to the reviewed move.

The positions are copies (:mod:`~diloti_desktop.ui.board.line_play`); the record and the
grades are only read. The scene owns one :class:`ReviewLine` and asks it first for each
key and button.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from diloti_desktop.ai.refutation import Refutation
from diloti_desktop.i18n import _
from diloti_desktop.ui.board.line_play import LinePlay, play_line
from diloti_desktop.ui.board.table_grid import assign_slots
from diloti_desktop.ui.board.table_view import Decorations, TableGeometry, draw_table, table_items
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.input import Action, InputEvent, KeyAction
from diloti_desktop.ui.kit.layout import Box, TableLayout
from diloti_desktop.ui.review.review_round import ReviewedRound
from diloti_desktop.ui.words.line_words import review_line_status

#: The keys that step through the line (the others act on the review as usual).
_STEPS = {Action.LEFT: -1, Action.UP: -1, Action.RIGHT: 1, Action.DOWN: 1, Action.TOGGLE: 1}


def line_of(reviewed: ReviewedRound) -> Refutation | None:
    """The refutation of the move shown, when it has one to show: a graded mistake of the
    watcher's (another seat's line would guess the watcher's own cards)."""
    decision = reviewed.decision()
    if (decision is None or decision.refutation is None or decision.seat != reviewed.viewer
            or reviewed.step >= reviewed.last_step):
        return None
    return decision.refutation


def no_line_text(reviewed: ReviewedRound) -> str:
    """Why W shows nothing on this step."""
    done, total = reviewed.progress()
    if reviewed.decision() is None and done < total:
        return _("This move is still being analysed.")
    return _("Show the line works on your mistakes: go to one first (keys 1 to 3).")


class ReviewLine:
    """The line shown in place of the reviewed move (none while ``line`` is None)."""

    def __init__(self, ctx: AppContext, reviewed: ReviewedRound,
                 layout: Callable[[], TableLayout], say: Callable[[str], None]) -> None:
        self.ctx = ctx
        self.reviewed = reviewed
        self.layout = layout
        #: A short message over the table (why there is no line to show).
        self.say = say
        self.line: LinePlay | None = None
        self.step = 0
        self.slots: list[dict[int, int]] = []
        self._picture: tuple[object, pygame.Surface] | None = None

    @property
    def active(self) -> bool:
        """Whether the line is shown."""
        return self.line is not None

    @property
    def length(self) -> int:
        """The line's plies (0 when none is shown)."""
        return len(self.line.plies) if self.line is not None else 0

    def start(self) -> bool:
        """Show the line of the move reviewed, from its first ply; whether there is one."""
        refutation = line_of(self.reviewed)
        line = play_line(refutation) if refutation is not None else None
        if line is None:
            return False
        self.line = line
        # The table's cards stay where the reviewed move has them.
        self.slots = [dict(self.reviewed.slots[self.reviewed.step])]
        for step in range(1, len(line.plies) + 1):
            self.slots.append(assign_slots(self.slots[-1], table_items(line.position(step))))
        self.step = 1
        return True

    def stop(self) -> None:
        """Back to the reviewed move."""
        self.line = None
        self.step = 0

    def go(self, step: int) -> None:
        """Ply ``step`` of the line; before the first, back to the reviewed move."""
        if step < 1:
            self.stop()
        else:
            self.step = min(self.length, step)

    # -- input -----------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> bool:
        """W starts or leaves the line; while it shows, the step keys and Esc are its own.
        Whether the event was used (else the review acts on it)."""
        if not isinstance(event, KeyAction):
            return False
        if event.action == Action.SHOW_LINE:
            if not self.press("line"):
                self.say(no_line_text(self.reviewed))
            return True
        if not self.active:
            return False
        if event.action in _STEPS:
            self.go(self.step + _STEPS[event.action])
        elif event.action == Action.HOME:
            self.go(1)
        elif event.action == Action.END:
            self.go(self.length)
        elif event.action == Action.CANCEL:
            self.stop()
        else:
            return False
        return True

    def press(self, key: str) -> bool:
        """A panel button: Show the line (start or leave), and Back and Next while the
        line shows. Whether it was the line's."""
        if key == "line":
            if self.active:
                self.stop()
            elif not self.start():
                return False
            return True
        if self.active and key in ("previous", "next"):
            self.go(self.step + (1 if key == "next" else -1))
            return True
        return False

    # -- drawing ---------------------------------------------------------------------------
    def decorations(self) -> Decorations:
        """The ply's caption and the line's status; the cards it left on the table ringed."""
        line = self.line
        deco = Decorations(four_colour=self.ctx.settings.four_colour_suits,
                           face_up_hands=frozenset({self.reviewed.viewer}))
        if line is None:
            return deco
        players = line.start.players
        if line.exact and self.reviewed.state.show_all:  # real hands: fair once it is over
            deco.face_up_hands = frozenset(range(players))
        deco.hidden = line.concealed
        deco.status = review_line_status(self.step, self.length)
        deco.toast = line.caption(self.step)
        deco.toast_is_hint = True
        ply = line.plies[self.step - 1]
        card = 1 << ply.move.card
        deco.item_rings = {item: theme.HINT for item in table_items(ply.after) if item & card}
        after = line.position(self.step)
        deco.turn_seat = after.turn if self.step < self.length else None
        return deco

    def geometry(self) -> TableGeometry | None:
        """Where the cards of the line's step lie."""
        if self.line is None:
            return None
        return TableGeometry(self.layout(), self.line.position(self.step),
                             self.slots[self.step], self.reviewed.viewer)

    def picture(self, box: Box) -> pygame.Surface | None:
        """The line's step drawn for ``box`` (None when the line is not shown), again only
        when something shown changed."""
        geometry = self.geometry()
        if geometry is None:
            return None
        key = (box, id(self.line), self.step, self.reviewed.state.show_all,
               self.ctx.settings.card_size, self.ctx.settings.four_colour_suits)
        if self._picture is None or self._picture[0] != key:
            frame = pygame.Surface((geometry.layout.width, geometry.layout.height))
            draw_table(frame, geometry, self.decorations())
            self._picture = (key, _fitted(frame, box))
        return self._picture[1]


def _fitted(frame: pygame.Surface, box: Box) -> pygame.Surface:
    """``frame`` as the review shows its table in ``box`` (scaled down in a narrow window,
    as :class:`ReviewPicture` does)."""
    width, height = frame.get_size()
    if (width, height) == (box.w, box.h):
        return frame
    picture = pygame.Surface((box.w, box.h))
    picture.fill(theme.FELT_DARK)
    h = round(height * box.w / width)
    picture.blit(pygame.transform.smoothscale(frame, (box.w, h)), (0, (box.h - h) // 2))
    return picture


__all__ = ["ReviewLine", "line_of"]
