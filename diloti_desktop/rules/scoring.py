"""Round scoring (docs/rules.md §7) and the match winner (§8)."""

from __future__ import annotations

from typing import Final, NamedTuple

from diloti_desktop.rules.cards import RANK_MASK, TEN_OF_DIAMONDS, TWO_OF_CLUBS
from diloti_desktop.rules.ruleset import XERISTAKI_POINTS, Ruleset

_new: Final = tuple.__new__  # Final: the compiled build keeps it in a C static
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
    # the fields in order, without the keyword handling of the constructor (every round's
    # end comes here)
    return _new(SideScore, (
        cards,
        MAJORITY_POINTS if cards >= MAJORITY_CARDS else 0,  # majority
        (captured & RANK_MASK[1]).bit_count(),  # aces
        2 if captured >> TEN_OF_DIAMONDS & 1 else 0,  # ten of diamonds
        1 if captured >> TWO_OF_CLUBS & 1 else 0,  # two of clubs
        xeris,
        xeris * rules.xeri_points,  # xeri points
        xeristakia,
        xeristakia * XERISTAKI_POINTS,  # xeristaki points
    ))


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
