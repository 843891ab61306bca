"""One-line accounts of what happened, for the table's status line and the log.

Sentences are whole translated templates with named placeholders (never concatenated), so
translators can reorder them: "West played 9♥ and took 5♠ 3♦ A♥ — XERI!".
"""

from __future__ import annotations

from collections.abc import Sequence

from diloti_desktop.controller.seats import seat_name, side_name
from diloti_desktop.i18n import _, ngettext
from diloti_desktop.rules.cards import CARDS, pretty_cards
from diloti_desktop.rules.events import (
    Captured,
    CardPlayed,
    Event,
    LeftoversTaken,
    MatchWon,
    PileDeclared,
    PileRaised,
    RoundScored,
    Xeri,
    Xeristaki,
)
from diloti_desktop.rules.explain import pile_label
from diloti_desktop.rules.moves import MoveKind

#: The seat of the person at the table (the bottom seat, named "You").
_YOU = 0


def describe_turn(events: Sequence[Event], players: int) -> str:
    """The account of one move from its events ("" when no card was played).

    The person's own moves have their own templates ("You laid 9♣"), because most
    languages conjugate the verb for "you" differently than for "North".
    """
    played = next((e for e in events if isinstance(e, CardPlayed)), None)
    if played is None:
        return ""
    you = played.seat == _YOU
    player = seat_name(played.seat, players)
    card = CARDS[played.move.card].pretty()
    move = played.move
    captured = next((e for e in events if isinstance(e, Captured)), None)
    sweep = any(isinstance(e, Xeri) for e in events)
    mini = any(isinstance(e, Xeristaki) for e in events)
    if move.kind == MoveKind.LAY:
        template = _("You laid {card}") if you else _("{player} laid {card}")
        return template.format(player=player, card=card)
    if captured is not None:
        taken = pretty_cards(captured.cards & ~(1 << move.card))
        if sweep:
            template = (_("You played {card} and took {cards} — XERI!") if you else
                        _("{player} played {card} and took {cards} — XERI!"))
        elif mini:
            template = (_("You played {card} and took {cards} — xeristaki!") if you else
                        _("{player} played {card} and took {cards} — xeristaki!"))
        else:
            template = (_("You played {card} and took {cards}") if you else
                        _("{player} played {card} and took {cards}"))
        return template.format(player=player, card=card, cards=taken)
    declared = next((e for e in events if isinstance(e, PileDeclared | PileRaised)), None)
    if isinstance(declared, PileRaised):
        template = (_("You played {card} and raised the {old} to {value}") if you else
                    _("{player} played {card} and raised the {old} to {value}"))
        return template.format(player=player, card=card, old=pile_label(declared.old),
                               value=declared.new.value)
    if isinstance(declared, PileDeclared):
        template = (_("You played {card} and declared a {pile}") if you else
                    _("{player} played {card} and declared a {pile}"))
        return template.format(player=player, card=card, pile=pile_label(declared.pile))
    template = _("You played {card}") if you else _("{player} played {card}")
    return template.format(player=player, card=card)


def _leftovers(side: int, players: int, count: int, cards: str) -> str:
    if side == _YOU and players == 2:
        template = ngettext("You took the last card on the table ({cards})",
                            "You took the {count} cards left on the table ({cards})", count)
    elif side == _YOU:
        template = ngettext(
            "You and North took the last card on the table ({cards})",
            "You and North took the {count} cards left on the table ({cards})", count)
    else:
        template = ngettext("{side} took the last card on the table ({cards})",
                            "{side} took the {count} cards left on the table ({cards})", count)
    return template.format(side=side_name(side, players), count=count, cards=cards)


def describe_round_end(events: Sequence[Event], players: int) -> str:
    """The account of the end of a round (leftovers, winner), or ""."""
    parts: list[str] = []
    for event in events:
        if isinstance(event, LeftoversTaken):
            parts.append(_leftovers(event.side, players, event.cards.bit_count(),
                                    pretty_cards(event.cards)))
        elif isinstance(event, MatchWon):
            score = f"{event.scores[event.side]}–{event.scores[1 - event.side]}"
            if event.side == _YOU:
                template = (_("You won the match {score}!") if players == 2 else
                            _("You and North won the match {score}!"))
            else:
                template = _("{side} won the match {score}")
            parts.append(template.format(side=side_name(event.side, players), score=score))
        elif isinstance(event, RoundScored):
            parts.append(_("Round {number} is over").format(number=event.round_no))
    return " · ".join(parts)
