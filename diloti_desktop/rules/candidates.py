"""A bounded, canonical subset of the legal moves, for crowded tables.

When the full list of legal moves is long (``movegen.candidate_moves`` switches here past
``FULL_LIST_LIMIT`` moves), the game and the AI work on this subset instead. Cards of one
rank on the table are interchangeable for every rule, so moves are built from *value
multisets* (at most 42 ways to make 10, whatever the table) and turned into cards with
point cards first (2♣, 10♦ and the Aces are the ones worth taking). Per hand card:

- captures: the loose card of its value, each pair adding to it, each matching pile
  alone, and the biggest capture (every matching pile and the most loose cards the value
  can take: a sweep whenever one exists);
- the lay, when allowed;
- one plain declaration per total the player can back (with the fewest loose cards);
- families: per total, the biggest (the most further groups) and the smallest (one
  further group, the fewest cards), each with every pile it may absorb;
- every raise with the card alone, and (house rule) one per total with loose cards.

Everything returned is legal (checked by ``legality.is_legal``) and the size does not
grow with the table: at most about 30 moves per hand card (a few dozen in practice), so
the AI's search stays within its time on any table.
"""

from __future__ import annotations

from typing import Final

from diloti_desktop.rules.cards import NUMERALS, RANK, RANK_MASK
from diloti_desktop.rules.legality import family_piles, is_legal, keeps_another, may_raise, reserved
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import PLAY, Pile, Position
from diloti_desktop.rules.sums import Counts, counts_of, group_shapes, max_cover, pick_cards

LAY: Final = MoveKind.LAY  # Final: the compiled build keeps these in C statics
CAPTURE: Final = MoveKind.CAPTURE
BUILD: Final = MoveKind.BUILD
FAMILY: Final = MoveKind.FAMILY
RAISE: Final = MoveKind.RAISE


def _lowest(mask: int) -> int:
    return mask & -mask


def canonical_moves(position: Position) -> list[Move]:
    """The bounded canonical subset of the legal moves (see the module docs)."""
    if position.phase != PLAY:
        return []
    seat = position.turn
    hand = position.hands[seat]
    own = position.pile_owned_by(seat)
    seen: set[Move] = set()
    moves: list[Move] = []
    cache: dict[int, list[Move]] = {}
    mask = hand
    while mask:
        low = mask & -mask
        mask ^= low
        card = low.bit_length() - 1
        rank = RANK[card]
        if rank not in cache:
            cache[rank] = _rank_moves(position, rank, own)
        for template in cache[rank]:
            move = template._replace(card=card)
            if move not in seen and is_legal(position, move):
                seen.add(move)
                moves.append(move)
    return moves


def _rank_moves(position: Position, rank: int, own: Pile | None) -> list[Move]:
    """Candidate moves for a card of ``rank`` (card field 0: filled in by the caller)."""
    loose = position.loose
    if rank > 10:
        same = loose & RANK_MASK[rank]
        found = [Move(LAY, 0, 0)]
        while same:
            bit = same & -same
            same ^= bit
            found.append(Move(CAPTURE, 0, rank, bit))
        return found
    numerals = loose & NUMERALS
    counts = counts_of(numerals)
    found = _captures(position, rank, own, numerals, counts)
    found.append(Move(LAY, 0, 0))
    hand = position.hands[position.turn]
    held = [0, *((hand & RANK_MASK[r]).bit_count() for r in range(1, 11))]
    for total in range(rank + 1, 11):
        if held[total]:
            shape = _fewest_cards(counts, total - rank)
            if shape is not None:
                found.append(Move(BUILD, 0, total, pick_cards(numerals, shape)))
    for total in range(rank, 11):
        if keeps_another(held[total], total, rank):
            found.extend(_families(position, rank, total, own, numerals, counts))
    for pile in position.piles:
        if may_raise(position, position.turn, pile, own):
            base = pile.value + rank
            found.append(Move(RAISE, 0, base, 0, (pile.cards,)))
            if position.rules.raise_with_loose:
                for total in range(base + 1, 11):
                    shape = _fewest_cards(counts, total - base) if held[total] else None
                    if shape is not None:
                        found.append(Move(RAISE, 0, total, pick_cards(numerals, shape),
                                          (pile.cards,)))
    return found


def _fewest_cards(counts: Counts, total: int) -> Counts | None:
    """The way to make ``total`` from the table with the fewest cards (then the highest)."""
    shapes = group_shapes(counts, total)
    return min(shapes, key=sum) if shapes else None


def _ordered(piles: list[int]) -> tuple[int, ...]:
    return tuple(sorted(piles, key=_lowest))


def _captures(position: Position, value: int, own: Pile | None, numerals: int,
              counts: Counts) -> list[Move]:
    rules = position.rules
    matching = [p.cards for p in position.piles if p.value == value]
    hand = position.hands[position.turn]
    last = reserved(own, value, (hand & RANK_MASK[value]).bit_count())
    forced = [own.cards] if last and own is not None else []
    required = numerals & RANK_MASK[value] if rules.capture_all_of_rank else 0
    found: list[Move] = []
    # single groups of one or two cards: the loose card of the value, then each pair
    for shape in group_shapes(counts, value):
        if sum(shape) <= 2:
            found.append(Move(CAPTURE, 0, value, pick_cards(numerals, shape) | required,
                              tuple(forced)))
    for pile in matching:  # each pile alone
        found.append(Move(CAPTURE, 0, value, required, _ordered(list({pile, *forced}))))
    # the biggest take: every matching pile and the most loose cards (a sweep if any)
    if rules.one_sum_group:
        singles = numerals & RANK_MASK[value]
        shapes = [s for s in group_shapes(counts, value) if not s[value]]
        best = max(shapes, key=sum, default=None)
        take = singles | (pick_cards(numerals & ~singles, best) if best is not None else 0)
    else:
        take = pick_cards(numerals, max_cover(counts, value))
    found.append(Move(CAPTURE, 0, value, take, _ordered(matching)))
    return found


def _families(position: Position, rank: int, total: int, own: Pile | None, numerals: int,
              counts: Counts) -> list[Move]:
    """The biggest family of ``total`` (with each pile it may absorb) and the smallest."""
    absorbable = family_piles(position, own, total)
    if absorbable is None:
        return []
    # an owner's family always includes the own pile; anyone else's may absorb none
    pile_options: list[tuple[int, ...]] = [] if own is not None else [()]
    pile_options += [(p.cards,) for p in absorbable]
    part = total - rank
    shape = _fewest_cards(counts, part) if part else None
    if part and shape is None:
        return []
    played = pick_cards(numerals, shape) if shape is not None else 0
    rest = numerals & ~played
    rest_counts = counts_of(rest)
    biggest = pick_cards(rest, max_cover(rest_counts, total))
    extra = _fewest_cards(rest_counts, total)
    smallest = pick_cards(rest, extra) if extra is not None else 0
    found: list[Move] = []
    for piles in pile_options:
        found.append(Move(FAMILY, 0, total, played | biggest, piles))
        found.append(Move(FAMILY, 0, total, played | smallest, piles))
    return found
