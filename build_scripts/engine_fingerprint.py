"""A fingerprint of the rules engine's behaviour, to compare two builds of it.

    python build_scripts/engine_fingerprint.py [--rounds 300]

Plays seeded random rounds under every variant (each move chosen from the full lazy list
of legal moves, played with ``apply``), plus the bounded calls the game makes on each
position (``candidate_moves``, ``targets``), and prints one SHA-256 of everything seen.
CI runs it on the pure-Python rules core and on the mypyc-compiled one: the two must print
the same line. The module imported is the one next to this script's repository root.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from diloti_desktop.rules import (
    Ruleset,
    apply,
    candidate_moves,
    legal_moves,
    movegen,
    new_match,
    targets,
)
from diloti_desktop.rules.cards import iter_cards
from diloti_desktop.rules.events import event_notation
from diloti_desktop.rules.position import PLAY

RULESETS = ("2p", "4p", "2p,takeall,onegroup", "2p,locked,xeristaki,x5",
            "2p,selfraise,raiseloose", "4p,partnerraise,firstxeri,redeal=off")


def fingerprint(rounds: int) -> str:
    """The hash of every position, move, event and bounded answer of the seeded rounds."""
    digest = hashlib.sha256()
    chooser = random.Random(2024)
    for index in range(rounds):
        rules = Ruleset.parse(RULESETS[index % len(RULESETS)])
        position, events = new_match(rules, random.Random(index))
        while position.phase == PLAY:
            digest.update(position.notation().encode())
            moves = list(legal_moves(position))
            candidates = candidate_moves(position)
            digest.update(f"{len(moves)} {movegen.candidates_complete(position)}".encode())
            digest.update(" ".join(m.notation() for m in candidates).encode())
            for card in iter_cards(position.hands[position.turn]):
                digest.update(repr(targets(position, card)).encode())
            position, events = apply(position, moves[chooser.randrange(len(moves))])
            digest.update("|".join(event_notation(e) for e in events).encode())
    return digest.hexdigest()


def main(argv: list[str] | None = None) -> int:
    """Print the fingerprint and where the rules core was imported from."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    args = parser.parse_args(argv)
    compiled = movegen.__file__ is not None and not movegen.__file__.endswith(".py")
    print(f"{fingerprint(args.rounds)}  ({'compiled' if compiled else 'pure Python'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
