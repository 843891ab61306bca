"""The Diloti rules core: pure Python, standard library only.

One engine serves the GUI, the AI, hints and tests::

    import random
    from diloti_desktop import rules

    position, events = rules.new_match(rules.Ruleset(), random.Random(7))
    for move in rules.candidate_moves(position):   # bounded; legal_moves() lists all, lazily
        print(move)                      # canonical notation, e.g. "6S x 6D 2C 4H"
    position, events = rules.apply(position, rules.candidate_moves(position)[0])

See docs/rules.md for the rules and ``docs/notation.md`` for the text notations.
"""

from diloti_desktop.rules.cards import CARDS, Card, cards_of, format_cards, parse_cards
from diloti_desktop.rules.engine import (
    apply,
    new_match,
    next_round,
    play_unchecked,
    round_breakdown,
)
from diloti_desktop.rules.errors import (
    AmbiguousMoveError,
    DilotiError,
    IllegalMoveError,
    InvalidNotationError,
)
from diloti_desktop.rules.events import Event
from diloti_desktop.rules.explain import pile_label, why_illegal
from diloti_desktop.rules.gestures import find_moves, resolve_gesture, targets
from diloti_desktop.rules.movegen import candidate_moves, is_legal, legal_moves
from diloti_desktop.rules.moves import Move, MoveKind
from diloti_desktop.rules.position import MATCH_OVER, PLAY, ROUND_OVER, Pile, Position
from diloti_desktop.rules.ruleset import CLASSIC, CLASSIC_FOUR, Ruleset
from diloti_desktop.rules.scoring import SideScore
from diloti_desktop.rules.view import SeatView, sample, seat_view

__all__ = [
    "CARDS", "CLASSIC", "CLASSIC_FOUR", "MATCH_OVER", "PLAY", "ROUND_OVER",
    "AmbiguousMoveError", "Card", "DilotiError", "Event", "IllegalMoveError",
    "InvalidNotationError", "Move", "MoveKind", "Pile", "Position", "Ruleset", "SeatView",
    "SideScore", "apply", "candidate_moves", "cards_of", "find_moves", "format_cards", "is_legal",
    "legal_moves", "new_match", "next_round", "parse_cards", "pile_label", "play_unchecked",
    "resolve_gesture", "round_breakdown", "sample", "seat_view", "targets", "why_illegal",
]
