"""Cards and card sets.

A card is a :class:`Card`, an ``int`` from 0 to 51 with a readable face: the index is
``(rank - 1) * 4 + suit`` with rank 1 (Ace) to 13 (King) and suit 0..3 for ♠ ♥ ♦ ♣.
A set of cards is a plain ``int`` bit mask (bit *i* set = card *i* present): the engine
does all its work on masks, which makes sets, unions and sums cheap.

Notation: rank ``A 2 3 4 5 6 7 8 9 T J Q K`` followed by suit ``S H D C``, so ``6S``,
``TD`` (ten of diamonds), ``KH``. The parser also accepts ``10D``, lower case and the
suit symbols (``10♦``). :func:`pretty` gives the player-facing form (``10♦``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from diloti_desktop.i18n import Phrase, npgettext, pgettext
from diloti_desktop.rules.errors import InvalidNotationError

try:  # only for the optional compiled build (setup.py); pure Python needs none of it
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - mypy is not installed: the decorator is a no-op
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        """Stand-in for mypy_extensions.mypyc_attr (only the compiled build reads it)."""
        return lambda cls: cls

RANK_CHARS: Final = "A23456789TJQK"
SUIT_CHARS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
RANK_NAMES: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
ACE, JACK, QUEEN, KING = 1, 11, 12, 13

DECK_SIZE: Final = 52
FULL_DECK: Final = (1 << DECK_SIZE) - 1
#: Aces, twos ... tens: the cards with a numeric value.
NUMERALS: Final = (1 << 40) - 1
#: Jacks, queens and kings: they only ever take one loose face card of their rank.
FACES: Final = FULL_DECK & ~NUMERALS


@mypyc_attr(native_class=False)  # an int subclass stays a regular Python class
class Card(int):
    """One playing card; an ``int`` index with a face. Use :data:`CARDS` or :meth:`parse`."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        """1 (Ace) to 13 (King)."""
        return (self >> 2) + 1

    @property
    def suit(self) -> int:
        """0 ♠, 1 ♥, 2 ♦, 3 ♣."""
        return self & 3

    @property
    def is_face(self) -> bool:
        """True for J, Q, K: they have no numeric value."""
        return self >= 40

    @property
    def value(self) -> int:
        """Numeric value (A = 1 ... 10); 0 for face cards, which never take part in sums."""
        return 0 if self >= 40 else (self >> 2) + 1

    @property
    def bit(self) -> int:
        """The one-card mask."""
        return 1 << self

    def notation(self) -> str:
        """Canonical two-character notation, e.g. ``TD``."""
        return RANK_CHARS[self >> 2] + SUIT_CHARS[self & 3]

    def pretty(self) -> str:
        """Player-facing form, e.g. ``10♦`` (face cards in the player's language: ``D♣``
        for Q♣ in German and French, see :func:`rank_name`)."""
        return rank_name((self >> 2) + 1) + SUIT_SYMBOLS[self & 3]

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Card.parse({self.notation()!r})"

    @staticmethod
    def parse(text: str) -> Card:
        """Parse ``6S``, ``TD``, ``10D``, ``10♦`` (any case); raises InvalidNotationError."""
        return parse_card(text)


#: All 52 cards, indexed by their number.
CARDS: Final = tuple(Card(i) for i in range(DECK_SIZE))

#: Mask of the four cards of each rank (index 0 unused).
RANK_MASK: Final = (0, *(0b1111 << (4 * (rank - 1)) for rank in range(1, 14)))

#: Numeric value of each card index (faces 0), for hot loops.
VALUE: Final = tuple(0 if i >= 40 else (i >> 2) + 1 for i in range(DECK_SIZE))
#: Rank of each card index.
RANK: Final = tuple((i >> 2) + 1 for i in range(DECK_SIZE))

TEN_OF_DIAMONDS: Final = CARDS[9 * 4 + DIAMONDS]
TWO_OF_CLUBS: Final = CARDS[1 * 4 + CLUBS]

_SUIT_LOOKUP: Final = {
    **{c: i for i, c in enumerate(SUIT_CHARS)},
    **{c.lower(): i for i, c in enumerate(SUIT_CHARS)},
    **{c: i for i, c in enumerate(SUIT_SYMBOLS)},
    "♤": 0,
    "♡": 1,
    "♢": 2,
    "♧": 3,
}


def parse_card(text: str) -> Card:
    """Parse one card; raises :class:`InvalidNotationError` naming the bad input."""
    raw = text.strip()
    if len(raw) < 2:
        raise InvalidNotationError(f"not a card: {text!r} (expected e.g. 6S, TD, 10D, KH)")
    rank_text, suit_text = raw[:-1].upper(), raw[-1]
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANK_CHARS or suit_text not in _SUIT_LOOKUP:
        raise InvalidNotationError(f"not a card: {text!r} (expected e.g. 6S, TD, 10D, KH)")
    return CARDS[RANK_CHARS.index(rank_text) * 4 + _SUIT_LOOKUP[suit_text]]


def iter_cards(mask: int) -> Iterator[Card]:
    """The cards of a mask, lowest index first."""
    while mask:
        low = mask & -mask
        yield CARDS[low.bit_length() - 1]
        mask ^= low


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask as a list, lowest index first."""
    return list(iter_cards(mask))


def count(mask: int) -> int:
    """How many cards a mask holds."""
    return mask.bit_count()


def value_sum(mask: int) -> int:
    """Sum of the numeric values of a mask's cards (faces count 0)."""
    total = 0
    while mask:
        low = mask & -mask
        total += VALUE[low.bit_length() - 1]
        mask ^= low
    return total


def format_cards(mask: int) -> str:
    """Canonical notation of a set: the cards concatenated, lowest first; ``-`` when empty."""
    return "".join(c.notation() for c in iter_cards(mask)) or "-"


def parse_cards(text: str) -> int:
    """Parse a concatenation like ``6S2C4H`` (or ``-`` for none) into a mask."""
    raw = text.strip()
    if raw in ("", "-"):
        return 0
    mask = 0
    index = 0
    while index < len(raw):
        width = 3 if raw.startswith("10", index) else 2
        card = parse_card(raw[index : index + width])
        if mask >> card & 1:
            raise InvalidNotationError(f"card {card.notation()} appears twice in {text!r}")
        mask |= 1 << card
        index += width
    return mask


def rank_name(rank: int) -> str:
    """How a sentence writes a rank: "A", "2" ... "10", and the face cards' letters as
    players of the current language write them (J Q K in English; B D K in German, V D R in
    French). The cards themselves are drawn with J, Q, K in every language."""
    if rank == JACK:
        return pgettext("the letter of a Jack in a sentence", "J")
    if rank == QUEEN:
        return pgettext("the letter of a Queen in a sentence", "Q")
    if rank == KING:
        return pgettext("the letter of a King in a sentence", "K")
    return RANK_NAMES[rank - 1]


def pretty_cards(mask: int, separator: str = " ") -> str:
    """Player-facing list of a set's cards, e.g. ``6♦ 2♣ 4♥``, with the forms a
    translation may ask of it (``{cards:acc}`` is «τα 6♦ 2♣ 4♥» in Greek)."""
    text = separator.join(c.pretty() for c in iter_cards(mask))
    count = mask.bit_count()
    # TRANSLATORS: a list of cards in a sentence, with its article if your language puts
    # one before cards: as the subject; as the object; as the possessor; after "to".
    return Phrase(text, {
        "nom": npgettext("cards as subject", "{cards}", "{cards}", count).format(cards=text),
        "acc": npgettext("cards as object", "{cards}", "{cards}", count).format(cards=text),
        "gen": npgettext("cards as possessor", "{cards}", "{cards}",
                         count).format(cards=text),
        "to": npgettext("cards after to", "{cards}", "{cards}", count).format(cards=text),
    })
