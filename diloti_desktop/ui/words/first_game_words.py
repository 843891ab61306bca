"""The guided first game's last word: what to practise next, from the round's review."""

from __future__ import annotations

from collections.abc import Iterable

from diloti_desktop.ai.reasons import Why, fact_reasons
from diloti_desktop.ai.review import Decision, summarise
from diloti_desktop.i18n import _


def _theme(why: Why) -> str:
    """One idea to practise for a kind of reason the better move had."""
    if why == Why.XERI:
        return _("Next, practise spotting the moves that clear the table: a xeri scores "
                 "extra points.")
    if why in (Why.POINTS, Why.POINTS_LOOSE, Why.KEEPS_POINTS, Why.CHEAP_LAY):
        return _("Next, practise taking the cards that score (aces, 10♦ and 2♣) and not "
                 "leaving them on the table.")
    if why in (Why.MAJORITY, Why.RACE):
        return _("Next, practise taking many cards: the side with 27 cards or more scores "
                 "extra points.")
    if why in (Why.TAKE_PILE, Why.COLLECT, Why.OBLIGATION, Why.PILE_ODDS, Why.PREPARE):
        return _("Next, practise piles: make one you can collect, and take your opponent's "
                 "when you can.")
    if why in (Why.COUNTED, Why.BETTER_VALUE):
        return _("Next, practise counting the cards already played.")
    return _("Next, practise looking at what the next player can take before you lay a "
             "card.")


def practise_line(decisions: Iterable[Decision], seat: int, players: int) -> str:
    """One sentence on what to practise next: from the reason of the better move at the
    player's biggest mistake of the round, or, with no mistake, the next level."""
    mine = summarise(d for d in decisions if d.seat == seat)
    if not mine.mistakes:
        return _("No mistakes this round: try the Novice next.")
    biggest = mine.mistakes[0]
    found = fact_reasons(biggest.best_facts, (seat + 1) % players)
    if not found:
        return _("Next, practise with the hint: press H before your move and compare.")
    return _theme(found[0].why)
