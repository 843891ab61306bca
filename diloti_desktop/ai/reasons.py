"""The coach's vocabulary: the kinds of reason that explain a move, as data.

One enum (:class:`Why`) and one record (:class:`Reason`) for every place that says why a
move is good or bad: the hints and the tutor (:mod:`coach`, which weighs many facts of
the view), the review and the puzzles (:func:`fact_reasons`, from a move's
:class:`~diloti_desktop.ai.hints.MoveFacts` alone). The UI phrases each kind with one
template (``ui/coach_words.reason_text``); nothing here is a sentence.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from diloti_desktop.ai.hints import RISKY, SAFE, MoveFacts
from diloti_desktop.rules.scoring import MAJORITY_CARDS


class Why(Enum):
    """The kinds of reason the coach, the review and the puzzles give (the UI has one
    sentence template for each: ``ui/coach_words.reason_text``)."""

    XERI = "xeri"                      #: clears the table: a sweep
    POINTS = "points"                  #: takes card points (aces, 10♦, 2♣)
    MAJORITY = "majority"              #: reaches the 27 cards of the majority
    RACE = "race"                      #: takes many cards in the race for 27
    DENY = "deny"                      #: takes cards the next player could have taken
    TAKE_PILE = "take_pile"            #: takes an opponent's pile before its owner does
    COLLECT = "collect"                #: collects the player's own pile, as promised
    OBLIGATION = "obligation"          #: keeps the card the player's own pile needs
    SWEEP_RISK = "sweep_risk"          #: the next player may sweep afterwards (odds)
    NO_SWEEP = "no_sweep"              #: leaves no sweep while other moves would
    SAFE_TABLE = "safe_table"          #: leaves the next player (almost) no sweep
    PILE_ODDS = "pile_odds"            #: chance an opponent holds the value of the pile
    COUNTED = "counted"                #: the played cards show a value is gone
    FACE_LAY = "face_lay"              #: a laid face card only pairs with its rank
    LAY_ODDS = "lay_odds"              #: the next player can seldom use the laid card
    CHEAP_LAY = "cheap_lay"            #: the laid card is worth no points if taken
    POINTS_LOOSE = "points_loose"      #: leaves card points loose on the table
    KEEPS_POINTS = "keeps_points"      #: lays a card worth nothing, keeping point cards
    PREPARE = "prepare"                #: makes a pile to take on the next turn
    BETTER_VALUE = "better_value"      #: (tutor) the better move is worth more on average


class Reason(NamedTuple):
    """One fact that explains a move; the fields used depend on :class:`Why`."""

    why: Why
    cards: int = 0          #: cards the sentence names (a mask)
    value: int = 0          #: a value, a count or a number of points
    chance: float = 0.0     #: a probability (0..1)
    seat: int = -1          #: a seat the sentence names (the next player, a pile's owner)
    total: int = 0          #: a second count (the side's cards after a capture)
    weight: float = 0.0     #: how telling the fact is (for ordering only)


def fact_reasons(facts: MoveFacts, next_seat: int, xeri_points: int = 0) -> list[Reason]:
    """The facts worth saying about a move, most important first, from its facts alone
    (``next_seat`` is the player who moves after it; ``xeri_points``, the rules' worth
    of a sweep, is named when given)."""
    found = []
    if facts.xeri:
        found.append(Reason(Why.XERI, value=xeri_points))
    if facts.points_taken:
        found.append(Reason(Why.POINTS, value=facts.points_taken))
    if facts.cards_taken and facts.cards_to_majority == 0 and (
            facts.side_cards - facts.cards_taken < MAJORITY_CARDS):
        found.append(Reason(Why.MAJORITY, value=facts.side_cards))
    if facts.sweep_chance >= RISKY:
        found.append(Reason(Why.SWEEP_RISK, cards=facts.sweeping_unseen,
                            chance=facts.sweep_chance, seat=next_seat, value=xeri_points))
    elif facts.sweep_chance <= SAFE and not facts.xeri:
        found.append(Reason(Why.SAFE_TABLE, seat=next_seat))
    if facts.pile_value:
        risk = max(facts.pile_take_chance, facts.pile_raise_chance)
        if not facts.pile_value_unseen:
            found.append(Reason(Why.COUNTED, value=facts.pile_value))
        else:
            found.append(Reason(Why.PILE_ODDS, value=facts.pile_value, chance=risk,
                                cards=facts.pile_value_unseen))
    if facts.points_left_loose and facts.sweep_chance < RISKY:
        found.append(Reason(Why.POINTS_LOOSE, value=facts.points_left_loose))
    return found


__all__ = ["Reason", "Why", "fact_reasons"]
