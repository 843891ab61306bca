"""The list of every legal move (M): grouped by kind, the recommended move marked.

The fallback that reaches any move without the mouse. Moves come from the rules core's
generator; this module only orders and phrases them. Captures come first (what a
newcomer looks for), then declarations, families and raises, and laying a card last.
When the hint engine has already recommended a move for this position, that row is
marked and focused, so Enter plays it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from diloti_desktop.i18n import _
from diloti_desktop.rules.cards import RANK
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import Position
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.layout import CARD_SCALES, table_layout
from diloti_desktop.ui.table.dialogs import ChooserScene
from diloti_desktop.ui.words.wording import describe_move, kind_label

#: The order of the kinds in the list.
KIND_ORDER: Final = (MoveKind.CAPTURE, MoveKind.BUILD, MoveKind.FAMILY, MoveKind.RAISE,
                     MoveKind.LAY)


def ordered_moves(moves: Sequence[Move]) -> list[Move]:
    """``moves`` grouped by kind (:data:`KIND_ORDER`), then by the played card's rank.

    The sort is stable, so moves with the same kind and rank keep the generator's order.
    """
    return sorted(moves, key=lambda m: (KIND_ORDER.index(m.kind), RANK[m.card]))


def opponents_bottom(ctx: AppContext, players: int) -> int:
    """The y under the opponents' hands, names and captured cards: the felt's top, where a
    panel over the table may start without hiding what the player weighs a move by."""
    width, height = ctx.window.size()
    scale = CARD_SCALES.get(ctx.settings.card_size, 1.0)
    return table_layout(width, height, players, scale).table.y


class MovesListScene(ChooserScene[Move]):
    """Every legal move in words, each tagged with its kind; the recommended one marked."""

    def __init__(self, ctx: AppContext, position: Position, moves: Sequence[Move],
                 on_choose: Callable[[Move], None], recommended: Move | None = None) -> None:
        ordered = ordered_moves(moves)
        options = [(describe_move(move, position), move) for move in ordered]
        marked = ordered.index(recommended) if recommended in ordered else None
        super().__init__(ctx, _("Your legal moves"), options, on_choose,
                         tags=[kind_label(move) for move in ordered], marked=marked,
                         marked_tag=_("Recommended"),
                         below=lambda: opponents_bottom(ctx, position.players))
        if marked is not None:
            self.focus = marked
            self._scroll_to_focus()
