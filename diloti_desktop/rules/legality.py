"""Deciding one move's legality directly, in time polynomial in the table size.

The full list of legal moves can grow exponentially with the loose numerals (every union
of disjoint sums is a different capture), so nothing the GUI, the engine or the AI calls
per move may list them. This module answers the same questions without listing:

- :func:`is_legal`: is this :class:`Move` one of ``movegen.legal_moves`` (any value at
  all may be passed: a malformed move is simply not legal);
- :func:`moves_using`: the legal moves of a card using exactly some table items (at most
  31 candidates: a capture, a lay, and a declaration, family or raise per value);
- :func:`usable_items`: which loose cards and piles some legal move of a card uses.

Sums are decided on rank counts (:mod:`diloti_desktop.rules.sums`). The property tests
check every answer here against the full enumeration on small tables.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from diloti_desktop.rules.cards import DECK_SIZE, FULL_DECK, NUMERALS, RANK, RANK_MASK, value_sum
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import (
    AT_HANDS,
    AT_LOOSE,
    AT_PHASE,
    AT_PILES,
    AT_RULES,
    AT_TURN,
    PILE_CARDS,
    PILE_OWNER,
    PILE_VALUE,
    PLAY,
    Pile,
    Position,
)
from diloti_desktop.rules.sums import (
    Counts,
    can_partition,
    can_split_counts,
    counts_of,
    has_sum,
    has_two_sums,
)

LAY: Final = MoveKind.LAY  # Final: the compiled build keeps these in C statics
CAPTURE: Final = MoveKind.CAPTURE
BUILD: Final = MoveKind.BUILD
FAMILY: Final = MoveKind.FAMILY
RAISE: Final = MoveKind.RAISE
_NO_PILES: Final[list[Pile]] = []  # shared by the moves without piles: never changed


def well_formed(move: object) -> bool:
    """Whether ``move`` is a Move whose fields have the right types and ranges."""
    if not isinstance(move, Move):
        return False
    # The fields are read as plain objects: a Move built by hand may hold anything (and a
    # compiled build would reject a wrongly typed field while unpacking it as typed).
    fields: tuple[object, ...] = move
    if len(fields) != 5:
        return False
    kind, card, value, loose, piles = fields
    if not (isinstance(kind, int) and 0 <= kind <= 4
            and isinstance(card, int) and 0 <= card < DECK_SIZE
            and isinstance(value, int) and 0 <= value <= 13
            and isinstance(loose, int) and not loose >> DECK_SIZE  # 0 <= loose <= FULL_DECK
            and isinstance(piles, tuple)):
        return False
    for pile in piles:  # noqa: SIM110 - no generator: every applied move comes here
        if not (isinstance(pile, int) and 0 < pile <= FULL_DECK):
            return False
    return True


def may_raise(position: Position, seat: int, pile: Pile, own: Pile | None) -> bool:
    """Whether ``seat`` may raise ``pile`` (ignoring the cards it holds)."""
    rules = position[AT_RULES]
    if pile.family or rules.locked_declarations:
        return False
    if own is not None:
        return pile is own and rules.self_raise
    if pile.owner == seat:
        return rules.self_raise  # unreachable while the seat owns no pile, kept for clarity
    if (pile.owner & 1) == (seat & 1):
        return rules.partner_raise
    return True


def reserved(own: Pile | None, value: int, held: int) -> bool:
    """Whether a card of ``value``, of which the player holds ``held``, is the owner's
    last card of its pile's value: it may only take the pile."""
    return own is not None and own.value == value and held == 1


def keeps_another(held: int, total: int, value: int) -> bool:
    """Whether a player holding ``held`` cards of ``total`` keeps one after playing a
    card of ``value``: declaring ``total`` requires it."""
    return held > (1 if total == value else 0)


def family_piles(position: Position, own: Pile | None, total: int) -> list[Pile] | None:
    """The piles a family of ``total`` declared by the player to move may absorb: the
    owner's family always includes the own pile (None: the owner can declare no family
    of ``total``); anyone else may take over any plain pile of ``total``, unless
    declarations are locked."""
    if own is not None:
        return [own] if own.value == total else None
    piles = position[AT_PILES]
    if not piles or position[AT_RULES].locked_declarations:
        return []
    return [p for p in piles if p.value == total and not p.family]


def _held(hand: int) -> list[int]:
    return [0, *((hand & RANK_MASK[r]).bit_count() for r in range(1, 14))]


def is_legal(position: Position, move: Move) -> bool:
    """Whether ``move`` is one of ``legal_moves(position)``; never lists them."""
    # The fields are read by index: in pure Python a NamedTuple's attribute is a generic
    # attribute lookup, several times dearer than indexing the tuple.
    if position[AT_PHASE] != PLAY or not well_formed(move):
        return False
    kind, card, value, loose, pile_masks = move
    seat = position[AT_TURN]
    hand = position[AT_HANDS][seat]
    table = position[AT_LOOSE]
    if not hand >> card & 1 or loose & ~table:
        return False
    own: Pile | None = None
    piles = _NO_PILES  # the piles the move uses (a list of its own if it uses any)
    table_piles = position[AT_PILES]
    if table_piles:
        for pile in table_piles:
            if pile[PILE_OWNER] == seat:
                own = pile
        # Piles: each on the table, no repeats, in canonical order (lowest card first).
        if pile_masks:
            piles = []
            for pile_cards in pile_masks:
                found: Pile | None = None
                for pile in table_piles:
                    if pile[PILE_CARDS] == pile_cards:
                        found = pile
                        break
                if found is None:
                    return False
                piles.append(found)
            if len(pile_masks) > 1:
                lows = [p & -p for p in pile_masks]
                if lows != sorted(set(lows)):
                    return False
    elif pile_masks:
        return False
    rank = RANK[card]
    if kind == LAY:
        if value or loose or piles or own is not None:
            return False
        return rank <= 10 or not table & RANK_MASK[rank]
    if rank > 10:  # a face card only ever takes one loose face of its rank
        return (kind == CAPTURE and value == rank and not piles
                and loose.bit_count() == 1 and bool(loose & RANK_MASK[rank]))
    if loose & ~NUMERALS:
        return False
    last = own is not None and reserved(own, rank, (hand & RANK_MASK[rank]).bit_count())
    if kind == CAPTURE:
        return _capture_ok(position, rank, value, loose, piles, own if last else None)
    if last:
        return False  # the owner's last card of the pile's value may only take the pile
    if kind == BUILD:
        return (own is None and loose != 0 and not piles and rank < value <= 10
                and value_sum(loose) == value - rank and bool(hand & RANK_MASK[value]))
    if kind == FAMILY:
        return _family_ok(position, rank, value, loose, piles, own, hand)
    return _raise_ok(position, seat, rank, value, loose, piles, own, hand)


def _capture_ok(position: Position, rank: int, value: int, loose: int, piles: list[Pile],
                reserved: Pile | None) -> bool:
    rules = position[AT_RULES]
    if value != rank or not (loose or piles):
        return False
    for pile in piles:  # a loop, not any(): no generator per checked capture
        if pile[PILE_VALUE] != rank:
            return False
    if reserved is not None and reserved not in piles:
        return False
    required = position[AT_LOOSE] & RANK_MASK[rank] if rules.capture_all_of_rank else 0
    if required & ~loose:
        return False
    others = loose & ~RANK_MASK[rank]  # cards of the capturing value are groups alone
    if not others:
        return True
    rest = value_sum(others)
    if rest == rank:
        return True  # one group
    if rules.one_sum_group or rest % rank:
        return False
    return can_partition(others, rank)


def _family_ok(position: Position, rank: int, value: int, loose: int, piles: list[Pile],
               own: Pile | None, hand: int) -> bool:
    if not rank <= value <= 10:
        return False
    if not keeps_another((hand & RANK_MASK[value]).bit_count(), value, rank):
        return False  # the declarer must keep another card of the family's value
    allowed = family_piles(position, own, value)
    if allowed is None or (own is not None and piles != [own]):
        return False  # an owner's family always includes the own pile
    if piles and (len(piles) > 1 or piles[0] not in allowed):
        return False
    counts = list(counts_of(loose))
    counts[rank] += 1  # the played card joins the loose cards (a fifth card of a rank is
    # impossible: the played card is in hand, not on the table)
    if not can_split_counts(tuple(counts), value):
        return False
    return (value_sum(loose) + rank) // value >= 2 or bool(piles)  # two parts or more


def _raise_ok(position: Position, seat: int, rank: int, value: int, loose: int,
              piles: list[Pile], own: Pile | None, hand: int) -> bool:
    rules = position.rules
    if len(piles) != 1 or rules.locked_declarations:
        return False
    if own is not None and not rules.self_raise:
        return False
    pile = piles[0]
    if not may_raise(position, seat, pile, own):
        return False
    base = pile.value + rank
    if loose and not rules.raise_with_loose:
        return False
    total = base + value_sum(loose)
    return total == value and total <= 10 and bool(hand & RANK_MASK[total])


def moves_using(position: Position, card: int, loose: int = 0,
                piles: Iterable[int] = ()) -> list[Move]:
    """The legal moves playing ``card`` with exactly these loose cards and piles, in the
    order of ``legal_moves`` (capture, lay, declarations, families, raises)."""
    pile_tuple = tuple(sorted(set(piles), key=lambda m: m & -m))
    if not 0 <= card < DECK_SIZE:
        return []
    rank = RANK[card]
    candidates = [Move(CAPTURE, card, rank, loose, pile_tuple), Move(LAY, card, 0, loose,
                                                                       pile_tuple)]
    if rank <= 10 and not loose & ~NUMERALS:
        # only the values the cards add up to can be declared (checked fully below)
        total = rank + value_sum(loose)
        if total <= 10:
            candidates.append(Move(BUILD, card, total, loose, pile_tuple))
        candidates.extend(Move(FAMILY, card, v, loose, pile_tuple)
                          for v in range(rank, 11) if total % v == 0)
        if len(pile_tuple) == 1:
            pile = next((p for p in position.piles if p.cards == pile_tuple[0]), None)
            if pile is not None and pile.value + total <= 10:
                candidates.append(Move(RAISE, card, pile.value + total, loose, pile_tuple))
    return [m for m in candidates if is_legal(position, m)]


def usable_items(position: Position, card: int) -> tuple[int, frozenset[int]]:
    """Loose cards and piles (card masks) that some legal move playing ``card`` uses."""
    if position.phase != PLAY or not 0 <= card < DECK_SIZE:
        return 0, frozenset()
    seat = position.turn
    hand = position.hands[seat]
    if not hand >> card & 1:
        return 0, frozenset()
    rank = RANK[card]
    if rank > 10:
        return position.loose & RANK_MASK[rank], frozenset()
    rules = position.rules
    numerals = position.loose & NUMERALS
    counts = counts_of(numerals)
    own = position.pile_owned_by(seat)
    held = _held(hand)
    v = rank
    usable_ranks = [False] * 11
    usable_piles: set[int] = set()

    def mark_groups(target: int, extra: int = -1) -> None:
        """Mark the ranks that fit in a subset adding to ``target`` (and, when ``extra``
        is not -1, leave room for a disjoint subset adding to ``extra``)."""
        for w in range(1, min(target, 10) + 1):
            if usable_ranks[w] or not counts[w]:
                continue
            rest = _minus(counts, w)
            ok = has_sum(rest, target - w) if extra < 0 else has_two_sums(rest, target - w, extra)
            if ok:
                usable_ranks[w] = True

    # captures
    usable_piles.update(p.cards for p in position.piles if p.value == v)
    mark_groups(v)
    if not reserved(own, v, held[v]):
        if own is None:  # plain declarations
            for total in range(v + 1, 11):
                if held[total]:
                    mark_groups(total - v)
        _mark_families(position, v, own, held, counts, usable_piles, mark_groups)
        if position.piles and not rules.locked_declarations and (
                own is None or rules.self_raise):
            for pile in position.piles:
                if not may_raise(position, seat, pile, own):
                    continue
                base = pile.value + v
                if base <= 10 and held[base]:
                    usable_piles.add(pile.cards)
                if rules.raise_with_loose:
                    for total in range(base + 1, 11):
                        if held[total] and has_sum(counts, total - base):
                            usable_piles.add(pile.cards)
                            mark_groups(total - base)
    loose = 0
    for w in range(1, 11):
        if usable_ranks[w]:
            loose |= numerals & RANK_MASK[w]
    return loose, frozenset(usable_piles)


def _minus(counts: Counts, value: int) -> Counts:
    return tuple(c - 1 if i == value else c for i, c in enumerate(counts))


def _mark_families(position: Position, v: int, own: Pile | None, held: list[int],
                   counts: Counts, usable_piles: set[int],
                   mark_groups: Callable[[int, int], None]) -> None:
    """Mark what families of a card of value ``v`` can use."""
    for total in range(v, 11):
        if not keeps_another(held[total], total, v):
            continue
        absorbable = family_piles(position, own, total)
        if absorbable is None:
            continue
        part = total - v
        if part and not has_sum(counts, part):
            continue  # the played card cannot be completed to ``total``
        usable_piles.update(p.cards for p in absorbable)
        if part:
            # in the played card's part: another component must remain possible
            mark_groups(part, -1 if absorbable else total)
            # in another group of ``total``, leaving room for the played card's part
            mark_groups(total, part)
        else:
            mark_groups(total, -1)
