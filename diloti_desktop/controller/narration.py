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


def describe_turn(events: Sequence[Event], players: int) -> str:
    """The account of one move from its events ("" when no card was played)."""
    played = next((e for e in events if isinstance(e, CardPlayed)), None)
    if played is None:
        return ""
    player = seat_name(played.seat, players)
    card = CARDS[played.move.card].pretty()
    move = played.move
    captured = next((e for e in events if isinstance(e, Captured)), None)
    sweep = any(isinstance(e, Xeri) for e in events)
    mini = any(isinstance(e, Xeristaki) for e in events)
    if move.kind == MoveKind.LAY:
        return _("{player} laid {card}").format(player=player, card=card)
    if captured is not None:
        taken = pretty_cards(captured.cards & ~(1 << move.card))
        if sweep:
            return _("{player} played {card} and took {cards} — XERI!").format(
                player=player, card=card, cards=taken)
        if mini:
            return _("{player} played {card} and took {cards} — xeristaki!").format(
                player=player, card=card, cards=taken)
        return _("{player} played {card} and took {cards}").format(
            player=player, card=card, cards=taken)
    declared = next((e for e in events if isinstance(e, PileDeclared | PileRaised)), None)
    if isinstance(declared, PileRaised):
        return _("{player} played {card} and raised the {old} to {value}").format(
            player=player, card=card, old=pile_label(declared.old), value=declared.new.value)
    if isinstance(declared, PileDeclared):
        return _("{player} played {card} and declared a {pile}").format(
            player=player, card=card, pile=pile_label(declared.pile))
    return _("{player} played {card}").format(player=player, card=card)


def describe_round_end(events: Sequence[Event], players: int) -> str:
    """The account of the end of a round (leftovers, winner), or ""."""
    parts: list[str] = []
    for event in events:
        if isinstance(event, LeftoversTaken):
            count = event.cards.bit_count()
            parts.append(ngettext("{side} took the last card on the table ({cards})",
                                  "{side} took the {count} cards left on the table ({cards})",
                                  count).format(side=side_name(event.side, players), count=count,
                                                cards=pretty_cards(event.cards)))
        elif isinstance(event, MatchWon):
            parts.append(_("{side} won the match {score}").format(
                side=side_name(event.side, players),
                score=f"{event.scores[event.side]}–{event.scores[1 - event.side]}"))
        elif isinstance(event, RoundScored):
            parts.append(_("Round {number} is over").format(number=event.round_no))
    return " · ".join(parts)
