"""The coach's words: nudges, reasons, alternatives and tutor warnings as sentences.

The analysis comes from :mod:`diloti_desktop.ai.coach` as data; here each kind of fact has
one translated template with named placeholders. :func:`reason_text` is the one phrasing
of the reasons (:mod:`diloti_desktop.ai.reasons`) wherever they are shown: the hints, the
tutor, the review and the puzzles. Sentences are short and explain a game
word where a newcomer meets it (a xeri is a sweep; a declaration prepares a capture).
"""

from __future__ import annotations

from typing import Final

from diloti_desktop.ai.coach import Advice, Nudge, NudgeKind, Option, TutorCheck
from diloti_desktop.ai.hints import GRADE_LIMITS, Verdict, verdict_for
from diloti_desktop.ai.reasons import Reason, Why
from diloti_desktop.ai.refutation import LATER, Refutation
from diloti_desktop.controller import seat_name, side_name
from diloti_desktop.i18n import (
    N_,
    NC_,
    Phrase,
    _,
    format_number,
    format_percent,
    ngettext,
    pgettext,
)
from diloti_desktop.rules.cards import CARDS, RANK, pretty_cards, rank_name
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.ruleset import Ruleset
from diloti_desktop.ui.words.wording import describe_move

#: A margin below this (the GOOD limit) means the next choice is a good move too.
_SMALL_MARGIN = GRADE_LIMITS[1][0]

VERDICT_NAMES = {
    Verdict.BEST: N_("best move"),
    Verdict.GOOD: N_("good move"),
    Verdict.INACCURACY: N_("inaccuracy"),
    Verdict.MISTAKE: N_("mistake"),
    Verdict.BLUNDER: N_("blunder"),
}


def _who(seat: int, players: int) -> str:
    return seat_name(seat, players)


def _rank(value: int) -> str:
    """A rank as a sentence names it; ``{rank:a}`` gives it with its article."""
    if not 1 <= value <= 13:
        return str(value)
    name = rank_name(value)
    context, message = _WITH_ARTICLE[value - 1]
    return Phrase(name, {"a": pgettext(context, message).format(rank=name)})


#: Each rank, A to K, with the indefinite article its language writes before it
#: (English: "an 8", "an A", "a 5"): what ``{rank:a}`` gives in a template. A language
#: whose article does not change with the rank may write its own before ``{rank}``.
_WITH_ARTICLE: Final = (
    NC_("an ace, as a sentence names it with its article", "an {rank}"),
    NC_("a two, as a sentence names it with its article", "a {rank}"),
    NC_("a three, as a sentence names it with its article", "a {rank}"),
    NC_("a four, as a sentence names it with its article", "a {rank}"),
    NC_("a five, as a sentence names it with its article", "a {rank}"),
    NC_("a six, as a sentence names it with its article", "a {rank}"),
    NC_("a seven, as a sentence names it with its article", "a {rank}"),
    NC_("an eight, as a sentence names it with its article", "an {rank}"),
    NC_("a nine, as a sentence names it with its article", "a {rank}"),
    NC_("a ten, as a sentence names it with its article", "a {rank}"),
    NC_("a Jack, as a sentence names it with its article", "a {rank}"),
    NC_("a Queen, as a sentence names it with its article", "a {rank}"),
    NC_("a King, as a sentence names it with its article", "a {rank}"),
)


def _percent(chance: float) -> str:
    return format_percent(chance)


def _points(value: float) -> str:
    return format_number(value, 1)


def _certain(chance: float) -> bool:
    """A chance of one: said as a fact (every card is known, or no other case exists)."""
    return chance >= 1.0 - 1e-9


def _xeri_points(value: int) -> int:
    """A sweep's worth as the analysis gave it (the standard rules' when it did not)."""
    return value or Ruleset().xeri_points


def nudge_text(nudge: Nudge, players: int) -> str:
    """Step 1 of a hint: the opportunity or the danger, without the move."""
    kind = nudge.kind
    if kind == NudgeKind.SWEEP:
        points = _xeri_points(nudge.value)
        return ngettext("You can take every card on the table at once: a xeri (a sweep), "
                        "worth {points} point.",
                        "You can take every card on the table at once: a xeri (a sweep), "
                        "worth {points} points.", points).format(points=points)
    if kind == NudgeKind.ONLY:
        return _("You have only one possible move: nothing to choose.")
    if kind == NudgeKind.OWN_PILE and nudge.seat < 0:
        return _("You can collect your pile of {value}.").format(value=nudge.value)
    if kind == NudgeKind.OWN_PILE:
        return _("You can collect your partner's pile of {value}.").format(value=nudge.value)
    if kind == NudgeKind.TAKE:
        if nudge.value > 1:
            return ngettext("You can take the {card} and {count} more card.",
                            "You can take the {card} and {count} more cards.",
                            nudge.value - 1).format(card=pretty_cards(nudge.cards),
                                                    count=nudge.value - 1)
        return _("You can take the {card}.").format(card=pretty_cards(nudge.cards))
    if kind == NudgeKind.TAKE_PILE and nudge.seat == 0:
        return _("You can take your pile of {value}.").format(value=nudge.value)
    if kind == NudgeKind.TAKE_PILE and players == 4 and nudge.seat == 2:
        return _("You can take your partner's pile of {value}.").format(value=nudge.value)
    if kind == NudgeKind.TAKE_PILE:
        return _("You can take {owner}'s pile of {value} before they do.").format(
            owner=_who(nudge.seat, players), value=nudge.value)
    if kind == NudgeKind.BUILD:
        return _("You can prepare a capture of {value} for your next turn: put a card on "
                 "the table cards so they add up to {value} (a declaration).").format(
            value=nudge.value)
    if kind == NudgeKind.FAMILY:
        return _("You can gather cards worth {value} into one pile (a family) and take "
                 "them all later.").format(value=nudge.value)
    if kind == NudgeKind.RAISE:
        return _("You can raise a pile to {value} with one of your cards.").format(
            value=nudge.value)
    if kind == NudgeKind.DANGER and _certain(nudge.chance):
        return _("Careful: if you lay your {rank}, {player} can sweep the table.").format(
            rank=_rank(nudge.value), player=_who(nudge.seat, players))
    if kind == NudgeKind.DANGER:
        return _("Careful: if you lay your {rank}, {player} can sweep the table "
                 "({percent} chance).").format(rank=_rank(nudge.value),
                                                 player=_who(nudge.seat, players),
                                                 percent=_percent(nudge.chance))
    if kind == NudgeKind.CLOSE_TAKE and nudge.value:
        return _("Taking the pile of {value} is a good move too. Laying a card that gives "
                 "little away is as good or a little better.").format(value=nudge.value)
    if kind == NudgeKind.CLOSE_TAKE:
        return _("Taking the {card} is a good move too. Laying a card that gives little "
                 "away is as good or a little better.").format(card=pretty_cards(nudge.cards))
    return _("Nothing good to take: lay a card that gives little away.")


def card_text(move: Move) -> str:
    """Step 2 of a hint: the card to play."""
    return _("Play your {card}.").format(card=CARDS[move.card].pretty())


def reason_text(reason: Reason, players: int) -> str:
    """One reason as a short sentence."""
    why = reason.why
    who = _who(reason.seat, players) if reason.seat >= 0 else ""
    if why == Why.XERI:
        points = _xeri_points(reason.value)
        return ngettext("It clears the table: a xeri (sweep), worth {points} point.",
                        "It clears the table: a xeri (sweep), worth {points} points.",
                        points).format(points=points)
    if why == Why.POINTS and not reason.cards:  # the review knows the points, not the cards
        return ngettext("It takes {points} point (aces, 10♦ and 2♣ score).",
                        "It takes {points} points (aces, 10♦ and 2♣ score).",
                        reason.value).format(points=reason.value)
    if why == Why.POINTS:
        return ngettext("It takes {cards}: {points} point (aces, 10♦ and 2♣ score).",
                        "It takes {cards}: {points} points (aces, 10♦ and 2♣ score).",
                        reason.value).format(cards=pretty_cards(reason.cards),
                                             points=reason.value)
    if why == Why.MAJORITY:
        return _("You reach {cards} cards: 27 or more wins the 4 points of the majority."
                 ).format(cards=reason.value)
    if why == Why.RACE:
        return _("It takes {count} cards: you will have {total}; 27 or more win the "
                 "majority (4 points).").format(count=reason.value, total=reason.total)
    if why == Why.DENY and _certain(reason.chance) and reason.cards:
        return (_("Otherwise {player} would take {cards}: they hold {rank:a}."
                           ).format(player=who, cards=pretty_cards(reason.cards),
                                    rank=_rank(reason.value)))
    if why == Why.DENY and _certain(reason.chance):
        return (_("Otherwise {player} would take them: they hold {rank:a}."
                           ).format(player=who, rank=_rank(reason.value)))
    if why == Why.DENY and reason.cards:  # the cards named: "them" read wrong for one
        return _("Otherwise {player} could take {cards}: {percent} chance they hold at "
                 "least one {rank}.").format(player=who, cards=pretty_cards(reason.cards),
                                             percent=_percent(reason.chance),
                                             rank=_rank(reason.value))
    if why == Why.DENY:
        return _("Otherwise {player} could take them: {percent} chance they hold at "
                 "least one {rank}.").format(player=who, percent=_percent(reason.chance),
                                             rank=_rank(reason.value))
    if why == Why.TAKE_PILE:
        return _("It takes {owner}'s pile of {value} before they collect it.").format(
            owner=who, value=reason.value)
    if why == Why.COLLECT:
        return _("It collects your own pile of {value}, as you declared.").format(
            value=reason.value)
    if why == Why.OBLIGATION:
        return _("You keep your last {card}: you must keep one to take your pile of "
                 "{value}.").format(card=pretty_cards(reason.cards), value=reason.value)
    if why == Why.SWEEP_RISK and _certain(reason.chance):
        return _("{player} can then sweep the table with {cards}.").format(
            player=who, cards=pretty_cards(reason.cards) or "?")
    if why == Why.SWEEP_RISK:
        return _("{player} may then sweep the table ({percent} chance, with {cards})."
                 ).format(player=who, percent=_percent(reason.chance),
                          cards=pretty_cards(reason.cards) or "?")
    if why == Why.NO_SWEEP and _certain(reason.chance):
        return _("It leaves {player} no sweep, while another move would give one.").format(
            player=who)
    if why == Why.NO_SWEEP:
        return _("It leaves {player} no sweep, while another move would give one "
                 "({percent} chance).").format(player=who, percent=_percent(reason.chance))
    if why == Why.SAFE_TABLE:
        return _("It leaves {player} no sweep.").format(player=who)
    if why == Why.PILE_ODDS and _certain(reason.chance):
        return _("An opponent holds a card of value {value} and could take the pile."
                 ).format(value=reason.value)
    if why == Why.PILE_ODDS and reason.chance <= 0.0:
        return _("No opponent holds a card of value {value}: the pile is safe.").format(
            value=reason.value)
    if why == Why.PILE_ODDS:
        return _("An opponent holds a card of value {value} with about {percent} "
                 "chance and could take the pile.").format(value=reason.value,
                                                           percent=_percent(reason.chance))
    if why == Why.COUNTED:
        return _("Every other {rank} has been played: nobody else can take it."
                 ).format(rank=_rank(reason.value))
    if why == Why.FACE_LAY and reason.value == 0:
        return _("A face card can only be taken by the same face, and every other {rank} "
                 "has been played: nobody can take it.").format(
            rank=_rank(CARDS[reason.cards.bit_length() - 1].rank))
    if why == Why.FACE_LAY:
        return ngettext("A face card can only be taken by the same face: {count} {rank} "
                        "is still unseen.",
                        "A face card can only be taken by the same face: {count} {rank} "
                        "are still unseen.", reason.value).format(
            count=reason.value, rank=_rank(CARDS[reason.cards.bit_length() - 1].rank))
    if why == Why.LAY_ODDS and reason.chance <= 0.0:
        return _("{player} cannot use your {card}.").format(
            player=who, card=pretty_cards(reason.cards))
    if why == Why.LAY_ODDS:
        return _("{player} can use your {card} only with about {percent} chance.").format(
            player=who, card=pretty_cards(reason.cards), percent=_percent(reason.chance))
    if why == Why.CHEAP_LAY:
        return _("Your {card} is worth no points: if it is taken, little is lost.").format(
            card=pretty_cards(reason.cards))
    if why == Why.POINTS_LOOSE:
        return ngettext("It leaves {points} point on the table for others to take.",
                        "It leaves {points} points on the table for others to take.",
                        reason.value).format(points=reason.value)
    if why == Why.KEEPS_POINTS:
        return ngettext("You keep {cards}, a point card, for a later capture.",
                        "You keep {cards}, point cards, for later captures.",
                        reason.cards.bit_count()).format(cards=pretty_cards(reason.cards))
    if why == Why.PREPARE:
        return _("It makes a pile of {value} that you can take on your next turn.").format(
            value=reason.value)
    if reason.value / 10 < _SMALL_MARGIN:
        return _("The next choice is nearly as good; this one scores a little more on "
                 "average.")
    return _("It is worth about {points} points per round more than the next choice."
             ).format(points=_points(reason.value / 10))


def alternative_text(option: Option, position: Position) -> str:
    """ "Lay 5♠ instead: about 1.4 points worse per round.", then what loses, if known;
    a near-tie (the BEST verdict) is "about as good"."""
    move = describe_move(option.move, position)
    if verdict_for(option.loss) == Verdict.BEST:
        return _("{move} instead: about as good.").format(move=move)
    said = _("{move} instead: about {points} points worse per round.").format(
        move=move, points=_points(option.loss))
    if option.worse is None:
        if option.refutation is None:
            return said
        return " ".join((said, refutation_text(option.refutation, position.players)))
    if option.about_best:
        return " ".join((said, _("What the best move does and this one does not: {reason}"
                                 ).format(reason=reason_text(option.worse,
                                                             position.players))))
    return " ".join((said, loss_reason_text(option.worse, position.players)))


def full_hint_lines(advice: Advice, position: Position) -> list[str]:
    """Step 3 of a hint: the move, its reasons, the next two alternatives."""
    players = position.players
    move = describe_move(advice.best.move, position)
    if advice.only:
        return [_("Your only move: {move}.").format(move=move),
                *(reason_text(r, players) for r in advice.best.reasons)]
    lines = [_("Best: {move}.").format(move=move)]
    lines += [reason_text(r, players) for r in advice.best.reasons]
    lines += [alternative_text(o, position) for o in advice.alternatives]
    return lines


def tutor_text(check: TutorCheck, position: Position) -> str:
    """The tutor's one sentence: what goes wrong with the move about to be played."""
    if check.reason.why == Why.BETTER_VALUE:
        return _("Over many deals the better move scores about {points} points more per "
                 "round.").format(points=_points(check.grade.loss))
    return loss_reason_text(check.reason, position.players)


def loss_reason_text(reason: Reason, players: int) -> str:
    """What goes wrong with a move against a better one (the tutor's reasons: a
    difference between the two moves), as one sentence."""
    if reason.why == Why.SWEEP_RISK:
        points = _xeri_points(reason.value)
        who, cards = _who(reason.seat, players), pretty_cards(reason.cards) or "?"
        if _certain(reason.chance):
            return ngettext("After this, {player} can take every card on the table at once "
                            "with {cards}: a xeri (sweep), worth {points} point.",
                            "After this, {player} can take every card on the table at once "
                            "with {cards}: a xeri (sweep), worth {points} points.",
                            points).format(player=who, cards=cards, points=points)
        return ngettext("After this, {player} can take every card on the table at once with "
                        "{cards}: a xeri (sweep), worth {points} point ({percent} chance).",
                        "After this, {player} can take every card on the table at once with "
                        "{cards}: a xeri (sweep), worth {points} points ({percent} chance).",
                        points).format(player=who, cards=cards, points=points,
                                       percent=_percent(reason.chance))
    if reason.why == Why.XERI:
        return _("You can sweep the table instead: a xeri.")
    if reason.why == Why.POINTS:
        return ngettext("You miss {cards}: {points} point another move takes.",
                        "You miss {cards}: {points} points another move takes.",
                        reason.value).format(cards=pretty_cards(reason.cards),
                                             points=reason.value)
    if reason.why == Why.PILE_ODDS and _certain(reason.chance):
        return _("An opponent holds a card of value {value} and can take this pile."
                 ).format(value=reason.value)
    if reason.why == Why.PILE_ODDS:
        return _("An opponent probably holds a card of value {value} ({percent} chance) "
                 "and can take this pile.").format(value=reason.value,
                                                   percent=_percent(reason.chance))
    if reason.why == Why.OBLIGATION:
        return reason_text(reason, players)
    if reason.why == Why.POINTS_LOOSE:
        return reason_text(reason, players)
    if reason.why == Why.RACE:
        return _("Another move takes {count} more cards toward the 27 of the majority."
                 ).format(count=reason.value)
    if reason.why == Why.LAY_ODDS and _certain(reason.chance) and reason.value == 0:
        return _("{player} can use your {card}; the better card gives them nothing."
                 ).format(player=_who(reason.seat, players), card=pretty_cards(reason.cards))
    if reason.why == Why.LAY_ODDS:
        return _("{player} can use your {card} with about {percent} chance; the better "
                 "card gives only {other}.").format(
            player=_who(reason.seat, players), card=pretty_cards(reason.cards),
            percent=_percent(reason.chance), other=_percent(reason.value / 100))
    if reason.why == Why.DENY and _certain(reason.chance) and reason.cards:
        return _("Take {cards} now: otherwise {player} takes them.").format(
            cards=pretty_cards(reason.cards), player=_who(reason.seat, players))
    if reason.why == Why.DENY and _certain(reason.chance):
        return _("Taking now keeps {player} from taking those cards: they hold the card "
                 "to do it.").format(player=_who(reason.seat, players))
    if reason.why == Why.DENY and reason.cards:
        return _("Take {cards} now, before {player} does ({percent} chance they can)."
                 ).format(cards=pretty_cards(reason.cards), player=_who(reason.seat, players),
                          percent=_percent(reason.chance))
    if reason.why == Why.DENY:
        return _("Taking now keeps {player} from taking those cards ({percent} chance "
                 "they could).").format(player=_who(reason.seat, players),
                                        percent=_percent(reason.chance))
    return reason_text(reason, players)


def tutor_title(check: TutorCheck) -> str:
    """The panel's title: "A mistake? About 2.1 points lost per round." """
    points = _points(check.grade.loss)
    verdict = check.grade.verdict
    if verdict == Verdict.BLUNDER:
        return _("A blunder? About {points} points lost per round.").format(points=points)
    if verdict == Verdict.MISTAKE:
        return _("A mistake? About {points} points lost per round.").format(points=points)
    return _("An inaccuracy? About {points} points lost per round.").format(points=points)


def better_text(check: TutorCheck, position: Position) -> str:
    """The better move, named: "Better: Lay 6♣ on the table." """
    return _("Better: {move}.").format(move=describe_move(check.grade.best, position))


def tutor_paragraphs(check: TutorCheck, position: Position) -> list[str]:
    """The tutor panel's explanation, in order: what goes wrong (what happens next after
    the move, its refutation, when there is one; else the one reason), then the better
    move; or, when the tutor speaks about the better move itself, the refutation, that
    move, then what it achieves."""
    if check.refutation is not None and not check.about_better:
        # What happens next is the difference between the moves: it replaces the one
        # reason, which would mostly say the same thing again.
        return [refutation_text(check.refutation, position.players),
                better_text(check, position)]
    first = [] if check.refutation is None else [refutation_text(check.refutation,
                                                                 position.players)]
    if not check.about_better:
        return [tutor_text(check, position), better_text(check, position)]
    players = position.players
    # With a refutation said first, the better move's second reason would crowd the panel.
    reasons = (check.reason,) if first else (check.reason, check.detail)
    said = [reason_text(r, players) for r in reasons if r is not None]
    return [*first, better_text(check, position), " ".join(said)]


# -- the refutation --------------------------------------------------------------------
def refutation_text(found: Refutation, players: int) -> str:
    """What happens next that shows why the move loses, told to the player who made it
    (seat 0): the capture first, then its points, then how likely it is."""
    event = found.event
    parts = [_refutation_event(found, players)]
    if found.points:
        if found.by_reply:
            parts.append(ngettext("That is {points} point for them.",
                                  "That is {points} points for them.",
                                  found.points).format(points=found.points))
        elif found.xeri:  # the better move's own sweep, not said by the event's sentence
            parts.append(ngettext("That sweeps the table, a xeri: {points} point for you.",
                                  "That sweeps the table, a xeri: {points} points for you.",
                                  found.points).format(points=found.points))
        else:
            parts.append(ngettext("That is {points} point for you.",
                                  "That is {points} points for you.",
                                  found.points).format(points=found.points))
    if found.exact or found.chance >= CERTAIN:
        return " ".join(parts)
    # Refute gives the odds of holding the card for the next plies, the samples' share
    # for later ones.
    if found.by_reply and not found.leftovers and event.seat != 0 and found.at < LATER:
        parts.append(_("{player} holds {rank:a} about {percent} of the time.").format(
            player=_who(event.seat, players), rank=_rank(RANK[event.move.card]),
            percent=_percent(found.chance)))
    else:
        parts.append(_("It happens in about {percent} of the possible deals."
                       ).format(percent=_percent(found.chance)))
    return " ".join(parts)


#: A chance at least this high is told as a certainty (no odds are given).
CERTAIN = 0.99


def _refutation_event(found: Refutation, players: int) -> str:
    """The telling event as one sentence."""
    event = found.event
    cards = pretty_cards(found.taken)
    if found.leftovers:
        if found.by_reply:
            return _("At the end of the round the cards left on the table ({cards}) go to "
                     "{side}, who took last.").format(
                cards=cards, side=side_name(found.side, players))
        return _("With the better move your side takes last, and the cards left on the "
                 "table at the end ({cards}) go to you.").format(cards=cards)
    rank = _rank(RANK[event.move.card])
    who = _who(event.seat, players)
    soon = found.at < LATER
    if found.by_reply:
        if found.pile_value:
            if soon:
                return _("Then {player} can take your pile of {value} with {rank:a}."
                         ).format(player=who, value=found.pile_value, rank=rank)
            return _("Later in this deal {player} can take your pile of {value} with "
                     "{rank:a}.").format(player=who, value=found.pile_value, rank=rank)
        if found.xeri:
            if soon:
                return _("Then {player} can take {cards} with {rank:a}: the whole table, "
                         "a xeri (sweep).").format(player=who, cards=cards, rank=rank)
            return _("Later in this deal {player} can sweep the table with {rank:a}: a "
                     "xeri.").format(player=who, rank=rank)
        if soon:
            return _("Then {player} can take {cards} with {rank:a}.").format(
                player=who, cards=cards, rank=rank)
        return _("Later in this deal {player} can take {cards} with {rank:a}.").format(
            player=who, cards=cards, rank=rank)
    if found.at == 0:
        return _("The better move takes {cards} now.").format(cards=cards)
    if event.seat == 0:
        return _("After the better move you can take {cards} with {card} later in this "
                 "deal.").format(cards=cards, card=CARDS[event.move.card].pretty())
    return _("After the better move {player} can take {cards} with {rank:a} later in this "
             "deal.").format(player=who, cards=cards, rank=rank)
