"""The table's words: moves in plain language, pile labels, level names, score rows.

Pure functions over the rules core's read-only values; every sentence is one translated
template with named placeholders (never glued together), so translators can reorder it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from diloti_desktop.controller import seat_name, side_name
from diloti_desktop.i18n import FORMS, N_, Phrase, _, form_of, ngettext
from diloti_desktop.rules.cards import CARDS, pretty_cards
from diloti_desktop.rules.explain import pile_label
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import Pile, Position
from diloti_desktop.rules.ruleset import Ruleset
from diloti_desktop.rules.scoring import SideScore

LEVEL_NAMES: Final = {
    "Random": N_("Random"),
    "Beginner": N_("Beginner"),
    "Novice": N_("Novice"),
    "Casual": N_("Casual"),
    "Intermediate": N_("Intermediate"),
    "Expert": N_("Expert"),
    "Master": N_("Master"),
}

LEVEL_DESCRIPTIONS: Final = {
    "Random": N_("plays any legal move at random"),
    "Beginner": N_("for first games: takes the biggest capture it sees, rarely declares"),
    "Novice": N_("takes what it sees; often misses sums and open sweeps"),
    "Casual": N_("makes plain declarations, notices most sweeps, remembers some cards"),
    "Intermediate": N_("declares, builds families and raises with a sense of the odds"),
    "Expert": N_("thinks through the hands you might hold before each move"),
    "Master": N_("searches deeper and plays for the match score"),
}

KIND_NAMES: Final = {
    MoveKind.LAY: N_("Lay"),
    MoveKind.CAPTURE: N_("Capture"),
    MoveKind.BUILD: N_("Declare"),
    MoveKind.FAMILY: N_("Family"),
    MoveKind.RAISE: N_("Raise"),
}


def level_label(level: str) -> str:
    """The translated name of an AI level."""
    return _(LEVEL_NAMES.get(level, level))


def level_description(level: str) -> str:
    """What an AI level plays like, in a few words ("" if unknown)."""
    text = LEVEL_DESCRIPTIONS.get(level)
    return _(text) if text else ""


def kind_label(move: Move) -> str:
    """One word for what a move does ("Capture", "Declare" ...)."""
    return _(KIND_NAMES[move.kind])


def pile_caption(pile: Pile, players: int) -> str:
    """The label under a pile: "plain 8 — North", "family of 6s — You"."""
    return _("{pile} — {owner}").format(pile=pile_label(pile), owner=seat_name(pile.owner,
                                                                                players))


def _pile_at(position: Position, cards: int) -> Pile | None:
    return next((p for p in position.piles if p.cards == cards), None)


def _items(move: Move, position: Position) -> str:
    """The table items a move uses, in words: "6♦, 2♣ 4♥ and the plain 8 (North)"."""
    parts = []
    if move.loose:
        parts.append(pretty_cards(move.loose))
    for cards in move.piles:
        pile = _pile_at(position, cards)
        if pile is None:
            parts.append(pretty_cards(cards))
        else:
            parts.append(_("the {pile} ({owner})").format(
                pile=pile_label(pile), owner=seat_name(pile.owner, position.players)))
    if len(parts) <= 1:
        return parts[0] if parts else ""
    return _joined(parts)


def _joined(parts: list[str]) -> Phrase:
    """``parts`` as one list ("6♦, 2♣ 4♥ and the plain 8 (North)") that keeps the parts'
    forms: «τα 6♦ 2♣ 4♥ και τη δήλωση 8» where a sentence asks for ``{items:acc}``."""
    def joined(form: str | None) -> str:
        texts = [form_of(part, form) if form else str(part) for part in parts]
        return _("{items} and {last}").format(items=", ".join(texts[:-1]), last=texts[-1])
    return Phrase(joined(None), {form: joined(form) for form in FORMS})


def describe_move(move: Move, position: Position) -> str:
    """A move in plain words, for the chooser and the list of legal moves."""
    card = CARDS[move.card].pretty()
    items = _items(move, position)
    if move.kind == MoveKind.LAY:
        return _("Lay {card} on the table").format(card=card)
    if move.kind == MoveKind.CAPTURE:
        return _("Take {items} with {card}").format(items=items, card=card)
    if move.kind == MoveKind.BUILD:
        return _("Declare {value}: put {card} on {items}, to take later with another "
                 "{value}").format(value=move.value, card=card, items=items)
    if move.kind == MoveKind.FAMILY:
        return _("Declare a family of {value}s: {card} with {items}").format(
            value=move.value, card=card, items=items)
    return _("Raise {items} to {value} with {card}").format(items=items, value=move.value,
                                                          card=card)


def cards_count(count: int) -> str:
    """ "1 card", "12 cards"."""
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def captured_count(count: int) -> str:
    """ "1 card taken", "12 cards taken" (beside a capture pile)."""
    return ngettext("{count} card taken", "{count} cards taken", count).format(count=count)


def stock_caption(count: int) -> str:
    """The text beside the stock."""
    if count == 0:
        return _("Stock empty")
    return _("Stock {count}").format(count=count)


def summary_rows(breakdown: Sequence[SideScore], scores: Sequence[int],
                 rules: Ruleset) -> list[tuple[str, tuple[str, str], bool]]:
    """The rows of the round summary: (label, value per side, emphasised)."""
    a, b = breakdown
    rows: list[tuple[str, tuple[str, str], bool]] = [
        (_("Cards captured"), (str(a.cards), str(b.cards)), False),
        (_("Most cards (27 or more)"), (str(a.majority), str(b.majority)), False),
        (_("Aces"), (str(a.aces), str(b.aces)), False),
        (_("10♦"), (str(a.ten_of_diamonds), str(b.ten_of_diamonds)), False),
        (_("2♣"), (str(a.two_of_clubs), str(b.two_of_clubs)), False),
        (_("Xeris ({points} each)").format(points=rules.xeri_points),
         (str(a.xeri_points), str(b.xeri_points)), False),
    ]
    if rules.xeristaki:
        rows.append((_("Xeristakia"), (str(a.xeristaki_points), str(b.xeristaki_points)), False))
    rows.append((_("Round total"), (str(a.total), str(b.total)), True))
    rows.append((_("Match total"), (str(scores[0]), str(scores[1])), True))
    return rows


def xeri_count_text(count: int) -> str:
    """ "1 xeri", "2 xeris"."""
    return ngettext("{count} xeri", "{count} xeris", count).format(count=count)


def winner_line(winner: int, scores: Sequence[int], players: int) -> str:
    """ "You won the match 64–40!" or "East and West won the match 70–52"."""
    score = f"{scores[winner]}–{scores[1 - winner]}"
    if winner == 0:
        if players == 2:
            return _("You won the match {score}!").format(score=score)
        return _("You and North won the match {score}!").format(score=score)
    return _("{side} won the match {score}").format(side=side_name(winner, players),
                                                    score=score)
