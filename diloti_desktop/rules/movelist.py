"""The legal moves of one hand card, each rule's moves written once.

Every enumeration of moves goes through :func:`face_moves` and :func:`numeral_moves`:
the whole list on an uncrowded table (:func:`move_list`, what ``legal_moves`` returns
there) and the lazy stream on a crowded one (``movegen``), whose length can be exponential
in the loose numerals (every union of disjoint sums is another capture).

:func:`numeral_moves` appends the moves of a numeral card to a list in the documented
order (captures, the lay, plain declarations, families, raises). The whole list is built with
plain appends (:data:`NO_LIMIT`); the lazy stream passes a limit instead: the unions of
sums are then enumerated one at a time and the routine stops once the list holds that
many moves. The moves always come in the same order, so the stream hands on what is new
and, when there may be more, asks again with twice the limit (the work stays within
about twice the moves handed on, and the first moves of any table come at once).

Also here: :func:`sum_groups` (``sums.groups_of`` cached per table), :func:`unions` and
:func:`iter_unions` (every union of disjoint sums, at once or one at a time, same order).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from diloti_desktop.rules.cards import DECK_SIZE, NUMERALS, RANK, RANK_MASK, value_sum
from diloti_desktop.rules.legality import family_piles, may_raise, reserved
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import (
    AT_HANDS,
    AT_LOOSE,
    AT_PILES,
    AT_RULES,
    AT_TURN,
    PILE_OWNER,
    Pile,
    Position,
)
from diloti_desktop.rules.ruleset import Ruleset
from diloti_desktop.rules.sums import groups_of

LAY: Final = MoveKind.LAY
CAPTURE: Final = MoveKind.CAPTURE
BUILD: Final = MoveKind.BUILD
FAMILY: Final = MoveKind.FAMILY
RAISE: Final = MoveKind.RAISE

#: Tables with at most this many loose numerals get the list (a few thousand moves at most).
LIST_LIMIT: Final = 10
#: The ``limit`` of :func:`numeral_moves` that never pauses (the whole list at once):
#: more moves than any list can hold, and still an int that pure Python compares fast
#: (one 30-bit digit).
NO_LIMIT: Final = (1 << 30) - 1

# Module constants are Final so that the compiled build keeps them in C statics.
_new: Final = tuple.__new__  # a Move's fields without the keyword handling (hot path)
_MOVE: Final = Move
_NO_PILES: Final[tuple[int, ...]] = ()
_NO_SUBSETS: Final[list[tuple[int, ...]]] = [()]  # the pile subsets of a table without piles
_NO_PILE: Final[list[int]] = [0]  # what a family may absorb with no pile to absorb
_ZERO: Final[list[int]] = [0]
_NO_UNIONS: Final[list[int]] = []  # shared, never changed
_NEVER_SEEN: Final[set[int]] = set()  # the families of one part need no check: never filled
#: The lay of each card (one shared value: moves are immutable).
_LAYS: Final = tuple(Move(LAY, card, 0, 0, ()) for card in range(DECK_SIZE))

_CACHE_LIMIT: Final = 200_000
_groups_cache: Final[dict[int, list[list[int]]]] = {}

Groups = list[list[int]]
"""``groups[s]``: the groups of loose numerals adding up to s (s = 0 ... 10); shared
lists, never changed."""


def sum_groups(numerals: int) -> Groups:
    """:func:`groups_of`, cached per table (crowded tables are worked on by several calls:
    the full enumeration, hints; a small table costs less to work out afresh than to keep).
    The lists are shared: never change them."""
    cached = _groups_cache.get(numerals)
    if cached is not None:
        return cached
    result = groups_of(numerals)
    if len(_groups_cache) >= _CACHE_LIMIT:
        _groups_cache.clear()
    _groups_cache[numerals] = result
    return result


def clear_groups_cache() -> None:
    """Forget the cached sum groups."""
    _groups_cache.clear()


def iter_unions(groups: tuple[int, ...] | list[int]) -> Iterator[int]:
    """Every non-empty union of disjoint ``groups``, one at a time, without repeats.

    The order is fixed: after the unions of the first k groups come the new unions that
    the (k+1)-th group makes with each of them, in the order those were found.
    """
    found: list[int] = [0]
    seen: set[int] = {0}
    for group in groups:
        for index in range(len(found)):
            union = found[index]
            if not union & group:
                combined = union | group
                if combined not in seen:
                    seen.add(combined)
                    found.append(combined)
                    yield combined


def unions(groups: tuple[int, ...] | list[int]) -> list[int]:
    """Every non-empty union of disjoint ``groups``, in the order of :func:`iter_unions`."""
    count = len(groups)
    if count < 2:  # the commonest cases, worked out directly
        return list(groups)
    if count == 2:
        first = groups[0]
        second = groups[1]
        if first == second:
            return [first]
        return [first, second] if first & second else [first, second, first | second]
    if count > 4:  # possibly many unions: repeats are found with a set
        return _many_unions(groups)
    found: list[int] = []
    for group in groups:
        before = len(found)
        if group not in found:
            found.append(group)
        for index in range(before):
            union = found[index]
            if not union & group:
                combined = union | group
                if combined not in found:  # at most 15 of them: a scan is cheapest
                    found.append(combined)
    return found


def _many_unions(groups: tuple[int, ...] | list[int]) -> list[int]:
    found: list[int] = [0]
    seen: set[int] = {0}
    for group in groups:
        for index in range(len(found)):
            union = found[index]
            if not union & group:
                combined = union | group
                if combined not in seen:
                    seen.add(combined)
                    found.append(combined)
    del found[0]
    return found


class Replay:
    """An iterable over a lazy source that can be iterated again (from what it kept)."""

    def __init__(self, source: Iterable[int]) -> None:
        self.source = iter(source)
        self.kept: list[int] = []

    def __iter__(self) -> Iterator[int]:
        kept = self.kept
        index = 0
        while index < len(kept):
            yield kept[index]
            index += 1
        for item in self.source:
            kept.append(item)
            yield item


def pile_subsets(piles: list[int]) -> list[tuple[int, ...]]:
    """Every subset of some piles (as tuples keeping their order), the empty one first."""
    subsets: list[tuple[int, ...]] = [()]
    for pile in piles:
        subsets += [(*subset, pile) for subset in subsets]
    return subsets


class Holdings:
    """What the player to move holds and may do, worked out once per position for every
    card's moves (by :func:`holdings`): the cards held per rank (``held[rank]``), the
    numeral values held (``values``, lowest first), the lowest card held of each rank
    (``firsts``, lowest first), the own pile and the ruleset's
    switches the moves read (bits: ``switches & _CAPTURE_ALL`` and so on)."""

    __slots__ = (
        "checks",
        "firsts",
        "hand",
        "held",
        "loose",
        "numerals",
        "own",
        "piles",
        "position",
        "raises",
        "seat",
        "switches",
        "values",
    )

    # Set by :func:`holdings`: a class without ``__init__`` is made without the call of a
    # Python-level ``__init__``, which costs pure Python as much as the work itself.
    checks: bool
    firsts: list[int]
    hand: int
    held: list[int]
    loose: int
    numerals: int
    own: Pile | None
    piles: tuple[Pile, ...]
    position: Position
    raises: bool
    seat: int
    switches: int
    values: list[int]




def holdings(position: Position) -> Holdings:
    """The :class:`Holdings` of the player to move."""
    seat = position[AT_TURN]
    piles = position[AT_PILES]
    own: Pile | None = None
    for pile in piles:
        if pile[PILE_OWNER] == seat:
            own = pile
            break
    held = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    values: list[int] = []
    firsts: list[int] = []
    hand = position[AT_HANDS][seat]
    mask = hand
    while mask:  # cards come lowest first
        low = mask & -mask
        mask ^= low
        card = low.bit_length() - 1
        rank = RANK[card]
        count = held[rank]
        if not count:
            firsts.append(card)
            if rank <= 10:
                values.append(rank)
        held[rank] = count + 1
    rules = position[AT_RULES]
    seen = _SWITCHES[0]
    if seen[0] is rules:
        switches = seen[1]
    else:
        switches = _switches(rules)
        _SWITCHES[0] = (rules, switches)  # replaced whole: other threads read it too
    loose = position[AT_LOOSE]
    h = Holdings()
    h.position = position
    h.seat = seat
    h.hand = hand
    h.loose = loose
    h.numerals = loose & NUMERALS
    h.piles = piles
    h.own = own
    h.held = held
    h.values = values
    h.firsts = firsts
    h.switches = switches
    # whether a capture variant is on (the captures are then checked one by one)
    h.checks = switches & (_CAPTURE_ALL | _ONE_GROUP) != 0
    # whether a pile on the table may be raised at all by this player
    h.raises = (len(piles) != 0 and not switches & _LOCKED
                and (own is None or switches & _SELF_RAISE != 0))
    return h


# The ruleset's switches that the moves read, as bits, kept for the last ruleset seen (a
# ruleset's attributes are slow to read from the compiled build; every position of a
# game has the same one).
_CAPTURE_ALL: Final = 1
_ONE_GROUP: Final = 2
_LOCKED: Final = 4
_SELF_RAISE: Final = 8
_RAISE_WITH_LOOSE: Final = 16
_SWITCHES: Final[list[tuple[Ruleset | None, int]]] = [(None, 0)]


def _switches(rules: Ruleset) -> int:
    return ((_CAPTURE_ALL if rules.capture_all_of_rank else 0)
            | (_ONE_GROUP if rules.one_sum_group else 0)
            | (_LOCKED if rules.locked_declarations else 0)
            | (_SELF_RAISE if rules.self_raise else 0)
            | (_RAISE_WITH_LOOSE if rules.raise_with_loose else 0))


def move_list(h: Holdings, groups: Groups) -> list[Move]:
    """Every legal move at once, in the order of ``legal_moves`` (the caller checked the
    phase and worked out the holdings and the sums of the loose numerals up to the
    highest value held; the table is uncrowded, so the list is short)."""
    moves: list[Move] = []
    hand = h.hand
    held = h.held
    values = h.values
    at = 0  # the numeral ranks come lowest first: ``values[at]`` is the next one
    for card in h.firsts:  # rank by rank, lowest first
        rank = RANK[card]
        start = len(moves)
        if rank > 10:
            face_moves(moves, card, rank, h.loose, h.own)
        else:
            # (the lowest numeral rank needs no slice: every value held is as high)
            numeral_moves(moves, h, card, rank, groups, NO_LIMIT, values[at:] if at else values)
            at += 1
        if held[rank] == 1:
            continue
        end = len(moves)  # the rank's other cards have the same moves
        cards = hand & RANK_MASK[rank] & ~(1 << card)
        while cards:
            low = cards & -cards
            cards ^= low
            other = low.bit_length() - 1
            for index in range(start, end):
                move = moves[index]
                if move[0] == LAY:
                    moves.append(_LAYS[other])
                else:
                    moves.append(_new(_MOVE, (move[0], other, move[2], move[3], move[4])))
    return moves


def face_moves(out: list[Move], card: int, rank: int, loose: int, own: Pile | None) -> None:
    """A face card takes exactly one loose face of its rank, or is laid when none is."""
    same = loose & RANK_MASK[rank]
    if not same:
        if own is None:
            out.append(_LAYS[card])
        return
    while same:
        bit = same & -same
        same ^= bit
        out.append(_new(_MOVE, (CAPTURE, card, rank, bit, _NO_PILES)))


def _captures(out: list[Move], h: Holdings, card: int, value: int, singles: list[int],
              limit: int) -> Iterable[int] | None:
    """Append the captures of a numeral card of ``value`` (``singles``: the groups of loose
    numerals adding to it) to ``out``; returns every union of those groups (listed, or
    replayable when ``limit`` is set), or None if it stopped early at ``limit`` moves."""
    piles = h.piles
    own = h.own
    numerals = h.numerals
    lazy = limit < NO_LIMIT
    # The owner's last card of the pile's value may only take the pile.
    last = own is not None and reserved(own, value, h.held[value])
    switches = h.switches
    required = numerals & RANK_MASK[value] if switches & _CAPTURE_ALL else 0
    one_group = switches & _ONE_GROUP != 0
    listed: list[int] = singles
    value_unions: Iterable[int] = singles
    if lazy:
        if singles:
            value_unions = Replay(iter_unions(singles))
    elif len(singles) > 1:
        listed = unions(singles)
        value_unions = listed
    subsets = _NO_SUBSETS
    if piles:
        matching: list[int] = []
        for pile in piles:
            if pile.value == value:
                matching.append(pile.cards)
        if matching:
            if len(matching) > 1:
                matching.sort(key=_lowest)  # canonical order
            subsets = pile_subsets(matching)
    check = required != 0 or one_group
    if check or lazy:
        others = numerals & ~RANK_MASK[value]
        for subset in subsets:
            if last and own is not None and own.cards not in subset:
                continue
            if subset and not required:
                out.append(_new(_MOVE, (CAPTURE, card, value, 0, subset)))
            for union in value_unions:
                if check:
                    if required and union & required != required:
                        continue
                    if one_group and value_sum(union & others) not in (0, value):
                        continue  # more than one group of two or more cards
                out.append(_new(_MOVE, (CAPTURE, card, value, union, subset)))
                if len(out) >= limit:
                    return None
    else:  # the same loop over the listed unions, with nothing to check
        for subset in subsets:
            if last and own is not None and own.cards not in subset:
                continue
            if subset:
                out.append(_new(_MOVE, (CAPTURE, card, value, 0, subset)))
            for union in listed:
                out.append(_new(_MOVE, (CAPTURE, card, value, union, subset)))
    return value_unions


def numeral_moves(out: list[Move], h: Holdings, card: int, value: int, groups: Groups,
                  limit: int, higher: list[int]) -> bool:
    """Append the moves of a numeral card (every card of its rank has the same ones) to
    ``out``; False if it stopped early because ``out`` held ``limit`` moves or more (see
    the module docs; with :data:`NO_LIMIT` it never stops early and the unions of sums
    are listed at once).

    ``groups[s]`` are the groups of loose numerals adding to s, for s up to the highest
    numeral value held; ``higher``: the numeral values held from ``value`` up (the end of
    ``h.values``; the lower ones give no declaration or family)."""
    piles = h.piles
    held = h.held
    lazy = limit < NO_LIMIT
    singles = groups[value]
    # every union of sums of ``value`` (the captures, and the families of ``value``): a
    # list unless the table is crowded (the compiled build walks a list without an iterator)
    value_unions: Iterable[int]
    if piles or lazy or h.checks:
        found = _captures(out, h, card, value, singles, limit)
        if found is None:
            return False
        value_unions = found
        own = h.own
        # The owner's last card of the pile's value may only take the pile.
        if own is not None and reserved(own, value, held[value]):
            return True
    else:  # the commonest case, no pile and no capture variant: every union is a capture
        listed = unions(singles) if len(singles) > 1 else singles
        for union in listed:
            out.append(_new(_MOVE, (CAPTURE, card, value, union, _NO_PILES)))
        value_unions = listed
        own = None
    numerals = h.numerals

    # -- lay and plain declarations ----------------------------------------------------
    if own is None:
        out.append(_LAYS[card])
        if numerals:
            for total in higher:
                if total > value:
                    for group in groups[total - value]:
                        out.append(_new(_MOVE, (BUILD, card, total, group, _NO_PILES)))

    # -- families ----------------------------------------------------------------------
    for total in higher:
        # the declarer must keep another card of the family's value (``keeps_another``,
        # written out: it would be a call per card; a value above the played one is held)
        if total == value and held[value] < 2:
            continue
        rest = groups[total]
        if not piles:
            if not rest:
                continue
            absorbable = _NO_PILE  # pile masks; 0 stands for "no pile"
        else:
            taken = family_piles(h.position, own, total)
            if taken is None:
                continue
            if own is not None:
                absorbable = [own.cards]
            elif taken:
                absorbable = [0, *[pile.cards for pile in taken]]
            elif not rest:
                continue  # no second component anywhere
            else:
                absorbable = _NO_PILE
        parts = _ZERO if total == value else groups[total - value]
        # Only a second part can give a family again (each part's unions are distinct);
        # loose and pile cards are disjoint: their union is the family's key.
        several = len(parts) > 1
        seen: set[int] = set() if several else _NEVER_SEEN
        for part in parts:
            for pile_cards in absorbable:  # the played part and a pile (never repeated:
                if pile_cards:  # every later key adds a further group to a part)
                    out.append(_new(_MOVE, (FAMILY, card, total, part, (pile_cards,))))
            further: Iterable[int]
            if not part:
                further = value_unions  # the rest is every group of ``value``
            elif lazy:
                further = iter_unions([g for g in rest if not g & part])
            elif len(rest) == 1:  # the commonest case, without a list to filter
                further = _NO_UNIONS if rest[0] & part else rest
            else:
                further = unions([g for g in rest if not g & part])
            for other in further:
                absorbed = part | other
                for pile_cards in absorbable:
                    if several:
                        key = absorbed | pile_cards
                        if key in seen:
                            continue
                        seen.add(key)
                    out.append(_new(_MOVE, (FAMILY, card, total, absorbed,
                                            (pile_cards,) if pile_cards else _NO_PILES)))
                if len(out) >= limit:
                    return False

    # -- raises ------------------------------------------------------------------------
    if not h.raises:
        return True
    position = h.position
    seat = h.seat
    for pile in piles:
        if not may_raise(position, seat, pile, own):
            continue
        base = pile.value + value
        if base <= 10 and held[base]:
            out.append(_new(_MOVE, (RAISE, card, base, 0, (pile.cards,))))
        if h.switches & _RAISE_WITH_LOOSE and numerals:
            for total in range(base + 1, 11):
                if held[total]:
                    for group in groups[total - base]:
                        out.append(_new(_MOVE, (RAISE, card, total, group, (pile.cards,))))
    return True


def _lowest(mask: int) -> int:
    return mask & -mask
