"""Piles and whole positions, with their text notation.

A :class:`Position` is an immutable snapshot of a match: the ruleset, the deal state
(dealer, whose turn, every hand, the stock in order), the table (loose cards and piles),
the capture piles, xeri counts, the last capturer, how many cards this round has seen
played, the match scores and the winner. Applying a move (``engine.apply``) returns a new
position; nothing here ever changes in place.

Position notation (space-separated ``key=value`` fields, always in this order)::

    rules=2p round=1 phase=play dealer=0 turn=1 hands=6S7H/9C2C stock=KD4S
    loose=5S3D piles=P8@1:5S3D captured=-/TD xeri=0/1 xeristaki=0/0 last=1 played=3
    score=0/12 winner=-

- ``hands``: one card list per seat, separated by ``/`` (``-`` for an empty hand).
- ``stock``: the cards still to deal, top (next dealt) first.
- ``loose``: the loose face-up table cards.
- ``piles``: ``-`` or comma-separated piles, in table order: ``P`` (plain) or ``F``
  (family), the value, ``@`` owner seat, ``:`` then the components separated by ``.``;
  e.g. ``F6@0:6D.2C4H.6S`` is a family of sixes owned by seat 0 (6♦, 2♣+4♥ and 6♠).
- ``captured``/``xeri``/``xeristaki``/``score``: one entry per side (seats 0+2, 1+3).
- ``last``: seat of the last capture this round, or ``-``.
- ``played``: cards played so far this round (0 means the round's first card is next).
- ``phase``: ``play``, ``roundover`` (waiting for the next round) or ``matchover``.

Card lists use :mod:`cards` notation, lowest card first. When parsing, omitted fields take
their defaults (empty hands, stock, table, zero counts), which keeps hand-written test
positions short; formatting always writes every field.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from diloti_desktop.rules.cards import (
    format_cards,
    iter_cards,
    parse_card,
    parse_cards,
    value_sum,
)
from diloti_desktop.rules.errors import InvalidNotationError
from diloti_desktop.rules.ruleset import Ruleset

_new: Final = tuple.__new__  # Final: the compiled build keeps it in a C static
PLAY: Final = 0
ROUND_OVER: Final = 1
MATCH_OVER: Final = 2
PHASE_NAMES: Final = ("play", "roundover", "matchover")
NO_SEAT: Final = -1
#: Where a position's fields are in it, and a pile's, for the hot paths that read them by
#: index: in pure Python a NamedTuple's attribute is a generic attribute lookup, several
#: times dearer than indexing the tuple (tests/rules/test_engine_fields.py checks them).
AT_RULES: Final = 0
AT_PHASE: Final = 1
AT_ROUND_NO: Final = 2
AT_DEALER: Final = 3
AT_TURN: Final = 4
AT_HANDS: Final = 5
AT_STOCK: Final = 6
AT_LOOSE: Final = 7
AT_PILES: Final = 8
AT_CAPTURED: Final = 9
AT_XERIS: Final = 10
AT_XERISTAKIA: Final = 11
AT_LAST_CAPTURER: Final = 12
AT_PLAYED: Final = 13
AT_SCORES: Final = 14
PILE_VALUE: Final = 0
PILE_OWNER: Final = 2
PILE_CARDS: Final = 4


class Pile(NamedTuple):
    """A declared pile on the table; its cards are only ever captured together."""

    value: int
    family: bool
    owner: int
    components: tuple[int, ...]
    cards: int

    @staticmethod
    def make(value: int, family: bool, owner: int, components: tuple[int, ...]) -> Pile:
        """A pile from its components (each a card mask), in canonical component order."""
        ordered = tuple(sorted(components, key=lambda m: m & -m))
        cards = 0
        for component in ordered:
            cards |= component
        # the fields in order, without the keyword handling of the constructor (a
        # Python-level ``__new__``; every family played comes here)
        return _new(Pile, (value, family, owner, ordered, cards))

    def notation(self) -> str:
        """E.g. ``P8@1:5S3D`` or ``F6@0:6D.2C4H.6S``."""
        kind = "F" if self.family else "P"
        parts = ".".join(format_cards(c) for c in self.components)
        return f"{kind}{self.value}@{self.owner}:{parts}"

    def __repr__(self) -> str:
        return f"Pile.parse({self.notation()!r})"

    @staticmethod
    def parse(text: str) -> Pile:
        """Parse pile notation; raises InvalidNotationError."""
        raw = text.strip()
        try:
            head, body = raw.split(":", 1)
            value_text, owner_text = head[1:].split("@", 1)
            kind = head[0].upper()
            value, owner = int(value_text), int(owner_text)
        except (ValueError, IndexError):
            raise InvalidNotationError(f"not a pile: {text!r} (expected e.g. P8@1:5S3D)") from None
        if kind not in "PF" or not 1 <= value <= 10 or owner < 0:
            raise InvalidNotationError(f"not a pile: {text!r} (expected e.g. P8@1:5S3D)")
        components = tuple(parse_cards(part) for part in body.split("."))
        if any(c == 0 for c in components):
            raise InvalidNotationError(f"empty component in pile {text!r}")
        pile = Pile.make(value, kind == "F", owner, components)
        if sum(c.bit_count() for c in components) != pile.cards.bit_count():
            raise InvalidNotationError(f"a card appears twice in pile {text!r}")
        expected = value if pile.family else None
        for component in components:
            total = value_sum(component)
            if any(card.is_face for card in iter_cards(component)):
                raise InvalidNotationError(f"face card in pile {text!r}")
            if expected is not None and total != expected:
                raise InvalidNotationError(f"family component {format_cards(component)} "
                                           f"does not make {value} in {text!r}")
        if not pile.family and (len(components) != 1 or value_sum(pile.cards) != value):
            raise InvalidNotationError(f"plain pile {text!r} must be one group adding to {value}")
        return pile


class Position(NamedTuple):
    """An immutable match snapshot. Build one with ``engine.new_match`` or :meth:`parse`."""

    rules: Ruleset
    phase: int
    round_no: int
    dealer: int
    turn: int
    hands: tuple[int, ...]
    stock: tuple[int, ...]
    loose: int
    piles: tuple[Pile, ...]
    captured: tuple[int, int]
    xeris: tuple[int, int]
    xeristakia: tuple[int, int]
    last_capturer: int
    played: int
    scores: tuple[int, int]
    winner: int

    # -- convenience -------------------------------------------------------------------
    @property
    def players(self) -> int:
        """Number of seats."""
        return self.rules.players

    @property
    def table_cards(self) -> int:
        """Every card on the table, loose or in piles."""
        cards = self.loose
        for pile in self.piles:
            cards |= pile.cards
        return cards

    def pile_owned_by(self, seat: int) -> Pile | None:
        """The pile a seat owns (a player owns at most one), or None."""
        for pile in self.piles:
            if pile.owner == seat:
                return pile
        return None

    def accounted_cards(self) -> list[int]:
        """Every card mask the position holds (hands, stock, table, captures), for checks."""
        masks = [*self.hands, self.loose, *(p.cards for p in self.piles), *self.captured]
        stock = 0
        for card in self.stock:
            stock |= 1 << card
        masks.append(stock)
        return masks

    # -- notation ----------------------------------------------------------------------
    def notation(self) -> str:
        """The canonical one-line text form (see module docs)."""
        stock = "".join(format_cards(1 << c) for c in self.stock) or "-"
        piles = ",".join(p.notation() for p in self.piles) or "-"
        return " ".join(
            (
                f"rules={self.rules.notation()}",
                f"round={self.round_no}",
                f"phase={PHASE_NAMES[self.phase]}",
                f"dealer={self.dealer}",
                f"turn={self.turn}",
                "hands=" + "/".join(format_cards(h) for h in self.hands),
                f"stock={stock}",
                f"loose={format_cards(self.loose)}",
                f"piles={piles}",
                "captured=" + "/".join(format_cards(c) for c in self.captured),
                f"xeri={_slashed(self.xeris)}",
                f"xeristaki={_slashed(self.xeristakia)}",
                f"last={'-' if self.last_capturer < 0 else self.last_capturer}",
                f"played={self.played}",
                f"score={_slashed(self.scores)}",
                f"winner={'-' if self.winner < 0 else self.winner}",
            )
        )

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Position.parse({self.notation()!r})"

    @staticmethod
    def parse(text: str) -> Position:
        """Parse position notation; raises InvalidNotationError naming the bad field."""
        return parse_position(text)


def _slashed(values: tuple[int, ...]) -> str:
    """Counters as text, e.g. ``3/1``."""
    return "/".join(str(v) for v in values)


_FIELDS: Final = (
    "rules", "round", "phase", "dealer", "turn", "hands", "stock", "loose", "piles",
    "captured", "xeri", "xeristaki", "last", "played", "score", "winner",
)


#: Bounds of the counters in a position: far above any real match, small enough that
#: arithmetic and printing stay cheap (a 4,300-digit "round" is refused, not computed).
MAX_ROUND: Final = 100_000
MAX_SCORE: Final = 1_000_000
MAX_PLAYED: Final = 52


def _int(field: str, text: str, low: int, high: int) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(high)):
        if text.isascii() and text.isdigit():
            raise InvalidNotationError(f"{field}={text[:20]!r}... is out of range")
        raise InvalidNotationError(f"{field}={text[:40]!r} is not a number")
    value = int(text)
    if value < low or value > high:
        raise InvalidNotationError(f"{field}={text!r} is out of range ({low} to {high})")
    return value


def _seat_or_none(field: str, text: str, players: int) -> int:
    return NO_SEAT if text == "-" else _int(field, text, 0, players - 1)


def _pair(field: str, text: str, high: int) -> tuple[int, int]:
    parts = text.split("/")
    if len(parts) != 2:
        raise InvalidNotationError(f"{field}={text[:40]!r} needs one value per side, like 0/0")
    return (_int(field, parts[0], 0, high), _int(field, parts[1], 0, high))


def parse_position(text: str) -> Position:
    """Parse the notation of :class:`Position` (omitted fields take their defaults)."""
    values: dict[str, str] = {}
    for token in text.split():
        key, sep, value = token.partition("=")
        if not sep or key not in _FIELDS:
            raise InvalidNotationError(f"unknown position field {token!r}")
        if key in values:
            raise InvalidNotationError(f"position field {key!r} given twice")
        values[key] = value
    rules = Ruleset.parse(values.get("rules", "2p"))
    players = rules.players
    phase_text = values.get("phase", "play")
    if phase_text not in PHASE_NAMES:
        raise InvalidNotationError(f"phase={phase_text!r} must be one of {', '.join(PHASE_NAMES)}")

    hands_text = values.get("hands", "/".join("-" * players))
    hand_parts = hands_text.split("/")
    if len(hand_parts) != players:
        raise InvalidNotationError(f"hands={hands_text!r} needs {players} hands separated by /")
    hands = tuple(parse_cards(part) for part in hand_parts)

    stock_text = values.get("stock", "-")
    stock_mask = parse_cards(stock_text)
    stock: tuple[int, ...] = ()
    if stock_mask:
        raw, index, order = stock_text.strip(), 0, []
        while index < len(raw):
            width = 3 if raw.startswith("10", index) else 2
            order.append(int(parse_card(raw[index : index + width])))
            index += width
        stock = tuple(order)

    piles_text = values.get("piles", "-")
    piles = () if piles_text == "-" else tuple(Pile.parse(p) for p in piles_text.split(","))
    for pile in piles:
        if pile.owner >= players:
            raise InvalidNotationError(f"pile {pile.notation()} has no seat {pile.owner}")
    owners = [p.owner for p in piles]
    if len(set(owners)) != len(owners):
        raise InvalidNotationError("a player owns more than one pile")

    captured_text = values.get("captured", "-/-")
    captured_parts = captured_text.split("/")
    if len(captured_parts) != 2:
        raise InvalidNotationError(f"captured={captured_text!r} needs two sides separated by /")
    captured = (parse_cards(captured_parts[0]), parse_cards(captured_parts[1]))

    position = Position(
        rules=rules,
        phase=PHASE_NAMES.index(phase_text),
        round_no=_int("round", values.get("round", "1"), 1, MAX_ROUND),
        dealer=_int("dealer", values.get("dealer", "0"), 0, players - 1),
        turn=_int("turn", values.get("turn", "0"), 0, players - 1),
        hands=hands,
        stock=stock,
        loose=parse_cards(values.get("loose", "-")),
        piles=piles,
        captured=captured,
        xeris=_pair("xeri", values.get("xeri", "0/0"), MAX_PLAYED),
        xeristakia=_pair("xeristaki", values.get("xeristaki", "0/0"), MAX_PLAYED),
        last_capturer=_seat_or_none("last", values.get("last", "-"), players),
        played=_int("played", values.get("played", "0"), 0, MAX_PLAYED),
        scores=_pair("score", values.get("score", "0/0"), MAX_SCORE),
        winner=_seat_or_none("winner", values.get("winner", "-"), 2),
    )
    masks = position.accounted_cards()
    total = 0
    for mask in masks:
        if total & mask:
            raise InvalidNotationError(f"a card appears in two places: "
                                       f"{format_cards(total & mask)} in <{text}>")
        total |= mask
    return position
