"""Where a round stands: which deal is being played, and what each side has already won.

Points in Diloti are only counted at the end of a round (RULES.md §7), but most of them
are certain long before: a captured Ace, 10♦ or 2♣ and a xeri stay with the side that
took them, and 27 captured cards settle the 4-point card majority. :func:`round_progress`
returns those figures as numbers; the UI phrases them. Cheap (bit counts only), so the
frame thread may call it every frame.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from diloti_desktop.rules.cards import DECK_SIZE
from diloti_desktop.rules.engine import LAYOUT_SIZE, round_breakdown
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.scoring import MAJORITY_CARDS, SideScore

#: :attr:`RoundProgress.majority` while both sides can still reach 27 cards.
MAJORITY_OPEN: Final = -1
#: :attr:`RoundProgress.majority` when neither side can reach 27 any more (26:26).
MAJORITY_NOBODY: Final = -2


class RoundProgress(NamedTuple):
    """A round in play, in figures."""

    deal: int                               #: the deal being played, from 1
    deals: int                              #: deals in a round: 4 (2 players) or 2 (4)
    secured: tuple[SideScore, SideScore]    #: what each side's capture pile already holds
    cards_left: int                         #: cards nobody has captured yet
    majority: int                           #: the side sure of the 27+ bonus, or a constant

    @property
    def points(self) -> tuple[int, int]:
        """The round points each side is already sure of."""
        return self.secured[0].total, self.secured[1].total


def deals_per_round(players: int, cards_per_deal: int = 6) -> int:
    """How many deals a round has: 4 with two players, 2 with four."""
    return (DECK_SIZE - LAYOUT_SIZE) // (players * cards_per_deal)


def deal_number(position: Position) -> int:
    """The deal being played (1 to :func:`deals_per_round`), from the stock left."""
    per_deal = position.players * position.rules.cards_per_deal
    deals = deals_per_round(position.players, position.rules.cards_per_deal)
    return min(deals, max(1, deals - len(position.stock) // per_deal))


def majority_holder(cards: tuple[int, int], cards_left: int) -> int:
    """The side certain of the card majority, :data:`MAJORITY_NOBODY` or :data:`MAJORITY_OPEN`."""
    for side in (0, 1):
        if cards[side] >= MAJORITY_CARDS:
            return side
    if all(count + cards_left < MAJORITY_CARDS for count in cards):
        return MAJORITY_NOBODY
    return MAJORITY_OPEN


def round_progress(position: Position) -> RoundProgress:
    """The deal and the points each side has secured so far in ``position``'s round."""
    secured = round_breakdown(position)
    cards = (secured[0].cards, secured[1].cards)
    cards_left = DECK_SIZE - sum(cards)
    return RoundProgress(
        deal=deal_number(position),
        deals=deals_per_round(position.players, position.rules.cards_per_deal),
        secured=secured,
        cards_left=cards_left,
        majority=majority_holder(cards, cards_left),
    )


__all__ = ["MAJORITY_NOBODY", "MAJORITY_OPEN", "RoundProgress", "deal_number",
           "deals_per_round", "majority_holder", "round_progress"]
