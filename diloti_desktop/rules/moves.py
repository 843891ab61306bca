"""Moves: small hashable values with one canonical text notation.

A move is the card played plus what it does with the table. Tokens are separated by
single spaces; loose cards are listed lowest first, piles (in brackets, their cards
lowest first) after them, ordered by their lowest card:

==========  =============================  ==========================================
kind        notation                       meaning
==========  =============================  ==========================================
lay         ``7H``                         lay 7♥ as a loose card
capture     ``6S x 6D 2C 4H``              6♠ takes 6♦ and 2♣+4♥
capture     ``9H x [3D5SAH]``              9♥ takes the whole pile 3♦ 5♠ A♥
build       ``3D =8 5S``                   3♦ onto 5♠, declaring a plain 8
family      ``3D *8 5S 8C [8D8H]``         family of eights: 3♦+5♠, 8♣ and the pile 8♦ 8♥
raise       ``AH ^9 [3D5S]``               A♥ raises the plain 8 (3♦ 5♠) to 9
==========  =============================  ==========================================

How captured loose cards group into sums is not part of a move: two groupings that take
the same cards have the same result, so they are one move.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from diloti_desktop.i18n import _
from diloti_desktop.rules.cards import (
    CARDS,
    Card,
    format_cards,
    iter_cards,
    parse_card,
    parse_cards,
    pretty_cards,
)
from diloti_desktop.rules.errors import InvalidNotationError


class MoveKind(IntEnum):
    """What the played card does."""

    LAY = 0
    CAPTURE = 1
    BUILD = 2
    FAMILY = 3
    RAISE = 4


_OPERATORS = {MoveKind.BUILD: "=", MoveKind.FAMILY: "*", MoveKind.RAISE: "^"}
_KIND_OF_OPERATOR = {op: kind for kind, op in _OPERATORS.items()}


def _lowest(mask: int) -> int:
    return mask & -mask


class Move(NamedTuple):
    """A move. ``loose`` is a card mask; ``piles`` holds the card masks of the piles used.

    ``value`` is the capturing value (a numeral's value, a face card's rank) for a capture,
    the declared value for a build, family or raise, and 0 for a lay.
    """

    kind: MoveKind
    card: int
    value: int
    loose: int = 0
    piles: tuple[int, ...] = ()

    @property
    def played(self) -> Card:
        """The card played from hand."""
        return CARDS[self.card]

    @property
    def table_cards(self) -> int:
        """Every table card the move uses (loose and in piles)."""
        mask = self.loose
        for pile in self.piles:
            mask |= pile
        return mask

    def notation(self) -> str:
        """The canonical text form (see module docs)."""
        parts = [CARDS[self.card].notation()]
        if self.kind == MoveKind.CAPTURE:
            parts.append("x")
        elif self.kind != MoveKind.LAY:
            parts.append(f"{_OPERATORS[self.kind]}{self.value}")
        parts.extend(card.notation() for card in iter_cards(self.loose))
        parts.extend(f"[{format_cards(p)}]" for p in self.piles)
        return " ".join(parts)

    def describe(self) -> str:
        """A short player-facing sentence, e.g. "6♠ takes 6♦ 2♣ 4♥"."""
        card = CARDS[self.card].pretty()
        piles = ", ".join(f"[{pretty_cards(p)}]" for p in self.piles)
        taken = " ".join(x for x in (pretty_cards(self.loose) if self.loose else "", piles) if x)
        if self.kind == MoveKind.LAY:
            return _("lay {card}").format(card=card)
        if self.kind == MoveKind.CAPTURE:
            return _("{card} takes {cards}").format(card=card, cards=taken)
        if self.kind == MoveKind.BUILD:
            return _("{card} on {cards}: declare {value}").format(
                card=card, cards=taken, value=self.value)
        if self.kind == MoveKind.FAMILY:
            return _("{card} with {cards}: a family of {value}s").format(
                card=card, cards=taken, value=self.value)
        return _("{card} raises {cards} to {value}").format(card=card, cards=taken,
                                                             value=self.value)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Move.parse({self.notation()!r})"

    @staticmethod
    def parse(text: str) -> Move:
        """Parse move notation; raises InvalidNotationError naming the bad input."""
        return parse_move(text)


def make_move(kind: MoveKind, card: int, value: int, loose: int = 0,
              piles: tuple[int, ...] | list[int] = ()) -> Move:
    """A move with its piles in canonical order."""
    ordered = tuple(sorted(piles, key=_lowest)) if len(piles) > 1 else tuple(piles)
    return Move(kind, card, value, loose, ordered)


def parse_move(text: str) -> Move:
    """Parse e.g. ``7H``, ``6S x 6D 2C 4H``, ``3D =8 5S``, ``AH ^9 [3D5S]``."""
    tokens = text.split()
    if not tokens:
        raise InvalidNotationError("empty move")
    card = parse_card(tokens[0])
    if len(tokens) == 1:
        return Move(MoveKind.LAY, int(card), 0)
    operator = tokens[1]
    if operator.lower() == "x":
        kind = MoveKind.CAPTURE
        value = card.rank if card.is_face else card.value
    else:
        if operator[:1] not in _KIND_OF_OPERATOR:
            raise InvalidNotationError(
                f"bad move {text!r}: expected x, =N, *N or ^N after the card")
        kind = _KIND_OF_OPERATOR[operator[0]]
        try:
            value = int(operator[1:])
        except ValueError:
            raise InvalidNotationError(f"bad declared value {operator!r} in {text!r}") from None
        if not 1 <= value <= 10:
            raise InvalidNotationError(f"declared value must be 1 to 10 in {text!r}")
    loose = 0
    piles: list[int] = []
    for token in tokens[2:]:
        if token.startswith("[") and token.endswith("]"):
            pile = parse_cards(token[1:-1])
            if not pile:
                raise InvalidNotationError(f"empty pile in {text!r}")
            piles.append(pile)
        else:
            bit = 1 << parse_card(token)
            if loose & bit:
                raise InvalidNotationError(f"card {token} listed twice in {text!r}")
            loose |= bit
    used = loose
    for pile in piles:
        if used & pile:
            raise InvalidNotationError(f"a card is used twice in {text!r}")
        used |= pile
    if used >> card & 1:
        raise InvalidNotationError(f"the played card is also on the table in {text!r}")
    if kind != MoveKind.LAY and not used:
        raise InvalidNotationError(f"move {text!r} names no table cards")
    return make_move(kind, int(card), value, loose, piles)
