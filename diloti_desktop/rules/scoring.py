"""Round scoring (docs/rules.md §7) and the match winner (§8)."""

from __future__ import annotations

from typing import NamedTuple

from diloti_desktop.rules.cards import RANK_MASK, TEN_OF_DIAMONDS, TWO_OF_CLUBS
from diloti_desktop.rules.ruleset import XERISTAKI_POINTS, Ruleset

MAJORITY_POINTS = 4
MAJORITY_CARDS = 27


class SideScore(NamedTuple):
    """One side's round: what it captured and what each part is worth."""

    cards: int
    majority: int
    aces: int
    ten_of_diamonds: int
    two_of_clubs: int
    xeris: int
    xeri_points: int
    xeristakia: int
    xeristaki_points: int

    @property
    def total(self) -> int:
        """Round points."""
        return (self.majority + self.aces + self.ten_of_diamonds + self.two_of_clubs
                + self.xeri_points + self.xeristaki_points)


def score_side(captured: int, xeris: int, xeristakia: int, rules: Ruleset) -> SideScore:
    """Score one side's capture pile and sweeps."""
    cards = captured.bit_count()
    return SideScore(
        cards=cards,
        majority=MAJORITY_POINTS if cards >= MAJORITY_CARDS else 0,
        aces=(captured & RANK_MASK[1]).bit_count(),
        ten_of_diamonds=2 if captured >> TEN_OF_DIAMONDS & 1 else 0,
        two_of_clubs=1 if captured >> TWO_OF_CLUBS & 1 else 0,
        xeris=xeris,
        xeri_points=xeris * rules.xeri_points,
        xeristakia=xeristakia,
        xeristaki_points=xeristakia * XERISTAKI_POINTS,
    )


def score_round(captured: tuple[int, int], xeris: tuple[int, int],
                xeristakia: tuple[int, int], rules: Ruleset) -> tuple[SideScore, SideScore]:
    """Both sides' breakdowns."""
    return (score_side(captured[0], xeris[0], xeristakia[0], rules),
            score_side(captured[1], xeris[1], xeristakia[1], rules))


def match_winner(scores: tuple[int, int], target: int) -> int:
    """The winning side after a round, or -1 (nobody at the target, or a tie above it)."""
    first, second = scores
    if max(first, second) < target or first == second:
        return -1
    return 0 if first > second else 1
