"""Why a move is not legal, in words a player understands.

:func:`why_illegal` is called only after ``legality.is_legal`` has rejected a move: it looks
for the first rule the move breaks, in the order a player would check them (whose turn,
which card, which table cards, the owner's obligations, then the rule of the move's kind).
It accepts any value (a malformed move gets a reason too) and only decides sums on rank
counts, so it is as cheap as the check itself.
"""

from __future__ import annotations

from diloti_desktop.i18n import N_, _, ngettext
from diloti_desktop.rules.cards import (
    CARDS,
    FACES,
    NUMERALS,
    RANK,
    RANK_MASK,
    iter_cards,
    value_sum,
)
from diloti_desktop.rules.cards import pretty_cards as cards_text
from diloti_desktop.rules.legality import is_legal, reserved, well_formed
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import MATCH_OVER, PLAY, Pile, Position
from diloti_desktop.rules.sums import groups_of, partition

RANK_PLURALS = {11: N_("Jacks"), 12: N_("Queens"), 13: N_("Kings")}


def pile_label(pile: Pile) -> str:
    """E.g. "plain 8" or "family of 6s"."""
    if pile.family:
        return _("family of {value}s").format(value=pile.value)
    return _("plain {value}").format(value=pile.value)


def _holds_another(position: Position, move: Move, value: int) -> bool:
    hand = position.hands[position.turn] & ~(1 << move.card)
    return bool(hand & RANK_MASK[value])


def move_text(move: object) -> str:
    """The notation of a move, or its raw fields when it is not a well-formed move."""
    if isinstance(move, Move) and well_formed(move):
        return move.notation()
    return repr(tuple(move) if isinstance(move, tuple) else move)[:200]


def why_illegal(position: Position, move: Move) -> str:
    """The reason ``move`` is not legal here (assumes it is not)."""
    if not well_formed(move):
        return _("this is not a valid move")
    if position.phase != PLAY:
        return _("the match is over") if position.phase == MATCH_OVER else _("the round is over")
    seat = position.turn
    card = CARDS[move.card]
    name = card.pretty()
    if not position.hands[seat] >> move.card & 1:
        return _("{card} is not in your hand").format(card=name)
    missing = move.loose & ~position.loose
    if missing:
        return ngettext("{cards} is not a loose card on the table",
                        "{cards} are not loose cards on the table",
                        missing.bit_count()).format(cards=cards_text(missing))
    piles = []
    for pile_cards in move.piles:
        pile = next((p for p in position.piles if p.cards == pile_cards), None)
        if pile is None:
            return _("there is no pile {cards} on the table").format(cards=cards_text(pile_cards))
        piles.append(pile)
    own = position.pile_owned_by(seat)
    if own is not None:
        reason = _owner_reason(position, move, own, piles)
        if reason:
            return reason
    explain = {
        MoveKind.LAY: _lay_reason,
        MoveKind.CAPTURE: _capture_reason,
        MoveKind.BUILD: _build_reason,
        MoveKind.FAMILY: _family_reason,
        MoveKind.RAISE: _raise_reason,
    }[move.kind]
    return explain(position, move, piles) or _("{move} is not allowed here").format(
        move=move.describe())


def _owner_reason(position: Position, move: Move, own: Pile, piles: list[Pile]) -> str:
    name = CARDS[move.card].pretty()
    label = pile_label(own)
    rank = RANK[move.card]
    hand = position.hands[position.turn]
    last_of_value = reserved(own, rank, (hand & RANK_MASK[rank]).bit_count())
    takes_own = move.kind == MoveKind.CAPTURE and own.cards in move.piles
    if last_of_value and not takes_own:
        return _("{card} is your last {value}: you must keep it to take your {pile}").format(
            card=name, value=own.value, pile=label)
    if move.kind == MoveKind.LAY and position.rules.self_raise and not own.family:
        return _("you own the {pile}, so you cannot lay {card}; you may capture, raise "
                 "your pile, or declare a family that includes it").format(pile=label,
                                                                             card=name)
    if move.kind == MoveKind.LAY and _family_possible(position, own):
        return _("you own the {pile}, so you cannot lay {card}; you may capture, or "
                 "declare a family that includes your pile").format(pile=label, card=name)
    if move.kind == MoveKind.LAY:
        # No family is possible here: naming one would only puzzle (and a learner who
        # has not met families yet reads this too).
        return _("you own the {pile}, so you cannot lay {card}; you may capture anywhere, "
                 "or take your pile").format(pile=label, card=name)
    if move.kind == MoveKind.BUILD:
        return _("you already own the {pile}: you cannot declare another pile "
                 "while you own it").format(pile=label)
    if move.kind == MoveKind.FAMILY and own.cards not in move.piles:
        return _("you already own the {pile}: a family you declare must include it").format(
            pile=label)
    if move.kind == MoveKind.RAISE and not (position.rules.self_raise and piles == [own]):
        if piles == [own]:
            return _("you cannot raise your own pile")
        return _("you already own the {pile}: you cannot raise another pile").format(pile=label)
    return ""


def _family_possible(position: Position, own: Pile) -> bool:
    """Whether the owner of ``own`` could make it part of a family now.

    The move generator lists, for every card and group that can start a family absorbing
    the own pile, first the family of the played card, that one group of loose cards
    (none when the card's value is the pile's) and the pile. So asking the rules core
    about those few moves answers the question; listing every move instead grows
    exponentially with a crowded table (this runs on the frame thread, for a refusal).
    """
    total = own.value
    hand = position.hands[position.turn]
    groups = groups_of(position.loose & NUMERALS)
    for card in iter_cards(hand & NUMERALS):
        value = card.value
        if value > total:
            continue
        parts = [0] if value == total else groups[total - value]
        for part in parts:
            if is_legal(position, Move(MoveKind.FAMILY, int(card), total, part, (own.cards,))):
                return True
    return False


def _lay_reason(position: Position, move: Move, piles: list[Pile]) -> str:
    rank = RANK[move.card]
    same = position.loose & RANK_MASK[rank]
    if rank > 10 and same:
        return _("{card} must take one of the {faces} on the table: a face card cannot be "
                 "laid beside a loose card of its rank").format(
                     card=CARDS[move.card].pretty(), faces=_(RANK_PLURALS[rank]))
    return ""


def _capture_reason(position: Position, move: Move, piles: list[Pile]) -> str:
    card = CARDS[move.card]
    name = card.pretty()
    rules = position.rules
    if card.is_face:
        if piles:
            return _("a face card never takes a pile")
        if move.loose & ~RANK_MASK[card.rank] or move.loose.bit_count() != 1:
            return _("{card} takes exactly one loose card of its own rank; face cards never "
                     "add up").format(card=name)
        return ""
    value = card.value
    for pile in piles:
        if pile.value != value:
            return _("the {pile} can only be taken by a card of value {value}").format(
                pile=pile_label(pile), value=pile.value)
    if move.loose & FACES:
        return _("face cards have no number: {card} cannot take {faces}").format(
            card=name, faces=cards_text(move.loose & FACES))
    if move.loose and partition(move.loose & NUMERALS, value) is None:
        total = value_sum(move.loose)
        if move.loose.bit_count() == 1:
            return _("{cards} is worth {total}: {card} takes only a card of value {value} or "
                     "cards adding up to {value}").format(
                cards=cards_text(move.loose), total=total, card=name, value=value)
        if total % value:
            return _("{cards} add up to {total}: {card} only takes cards adding up to "
                     "{value} (or groups of {value})").format(
                         cards=cards_text(move.loose), total=total, card=name, value=value)
        return _("{cards} cannot be split into groups adding up to {value}").format(
            cards=cards_text(move.loose), value=value)
    required = position.loose & RANK_MASK[value]
    if rules.capture_all_of_rank and required & ~move.loose:
        return _("house rule: {card} must take every loose {value} on the table").format(
            card=name, value=value)
    if rules.one_sum_group:
        return _("house rule: a capture may take only one sum group")
    return ""


def _build_reason(position: Position, move: Move, piles: list[Pile]) -> str:
    name = CARDS[move.card].pretty()
    if CARDS[move.card].is_face or move.loose & FACES:
        return _("face cards never take part in a declaration")
    if piles:
        return _("a pile never becomes part of a larger sum")
    total = value_sum(move.loose) + CARDS[move.card].value
    if total > 10:
        return _("{card} and {cards} add up to {total}: a declared pile is 10 at most").format(
            card=name, cards=cards_text(move.loose), total=total)
    if total != move.value:
        return _("{card} and {cards} add up to {total}, not {value}").format(
            card=name, cards=cards_text(move.loose), total=total, value=move.value)
    if not _holds_another(position, move, move.value):
        return _("to declare {value} you must keep another card of value {value} in hand").format(
            value=move.value)
    return ""


def _family_reason(position: Position, move: Move, piles: list[Pile]) -> str:
    value = move.value
    if CARDS[move.card].is_face or move.loose & FACES:
        return _("face cards never take part in a declaration")
    if CARDS[move.card].value > value:
        return _("{card} is higher than {value}: it cannot be part of a family of {value}s").format(
            card=CARDS[move.card].pretty(), value=value)
    for pile in piles:
        if pile.value != value:
            return _("the {pile} cannot join a family of {value}s").format(
                pile=pile_label(pile), value=value)
        if pile.family and pile.owner != position.turn:
            return _("another player's family cannot be taken over; "
                     "only a card of value {value} takes it").format(value=value)
        if position.rules.locked_declarations and pile.owner != position.turn:
            return _("declarations are locked: another player's pile cannot be taken over")
    if len(piles) > 1:
        return _("a family can absorb at most one existing pile")
    if partition(move.loose | 1 << move.card, value) is None:
        return _("{card} and {cards} cannot be grouped into {value}s").format(
            card=CARDS[move.card].pretty(), cards=cards_text(move.loose), value=value)
    groups = partition(move.loose | 1 << move.card, value) or []
    if len(groups) + len(piles) < 2:
        return _("a family needs at least two parts of {value}").format(value=value)
    if not _holds_another(position, move, value):
        return _("to declare a family of {value}s you must keep another card of value "
                 "{value} in hand").format(value=value)
    return ""


def _raise_reason(position: Position, move: Move, piles: list[Pile]) -> str:
    rules = position.rules
    seat = position.turn
    if rules.locked_declarations:
        return _("declarations are locked: piles cannot be raised")
    if len(piles) != 1:
        return _("a raise changes exactly one pile")
    pile = piles[0]
    if pile.family:
        return _("a family can never be raised; only a card of value {value} "
                 "takes it").format(value=pile.value)
    if pile.owner == seat and not rules.self_raise:
        return _("you cannot raise your own pile")
    if pile.owner != seat and pile.owner & 1 == seat & 1 and not rules.partner_raise:
        return _("you cannot raise your partner's pile")
    if move.loose and not rules.raise_with_loose:
        return _("a raise adds exactly one card from your hand")
    if CARDS[move.card].is_face or move.loose & FACES:
        return _("face cards never take part in a declaration")
    total = pile.value + CARDS[move.card].value + value_sum(move.loose)
    if total > 10:
        return _("{pile} plus {card} makes {total}: a pile cannot go above 10").format(
            pile=pile_label(pile), card=CARDS[move.card].pretty(), total=total)
    if total != move.value:
        return _("{pile} plus {card} makes {total}, not {value}").format(
            pile=pile_label(pile), card=CARDS[move.card].pretty(), total=total, value=move.value)
    if not _holds_another(position, move, total):
        return _("to raise to {value} you must keep another card of value {value} "
                 "in hand").format(value=total)
    return ""
