"""Golden seeded playthroughs: the transcript format and the generator.

Refresh the committed transcripts after an intended rules change with::

    python -m tests.rules.golden_games

and review the diff: every changed line is a changed game.
"""

from __future__ import annotations

import random
from pathlib import Path

from diloti_desktop.rules import Ruleset, apply, legal_moves, new_match, next_round
from diloti_desktop.rules.events import Event, event_notation
from diloti_desktop.rules.position import PLAY, ROUND_OVER

GOLDEN_DIR = Path(__file__).parent / "golden"
GAMES = {
    "classic-2p-seed7": ("2p", 7),
    "classic-4p-seed11": ("4p", 11),
    "variants-2p-seed3": ("2p,xeristaki,selfraise,raiseloose,x5", 3),
}


def _event_text(event: Event) -> str:
    return f"  {event_notation(event)}"


def transcript(rules_text: str, seed: int, rounds: int = 2) -> str:
    """Play ``rounds`` rounds choosing moves with a seeded chooser; return the transcript."""
    rules = Ruleset.parse(rules_text)
    deal_rng, chooser = random.Random(seed), random.Random(seed * 7919)
    position, events = new_match(rules, deal_rng)
    lines = [f"# rules={rules.notation()} seed={seed}", position.notation()]
    played_rounds = 0
    while True:
        lines.extend(_event_text(e) for e in events)
        if position.phase != PLAY:
            played_rounds += 1
            lines.append(position.notation())
            if position.phase != ROUND_OVER or played_rounds == rounds:
                break
            position, events = next_round(position, deal_rng)
            lines.append(position.notation())
            continue
        moves = list(legal_moves(position))
        move = moves[chooser.randrange(len(moves))]
        lines.append(f"{position.turn}: {move.notation()}  ({len(moves)} legal)")
        position, events = apply(position, move)
    return "\n".join(lines) + "\n"


def main() -> None:
    """Rewrite every golden transcript."""
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name, (rules_text, seed) in GAMES.items():
        (GOLDEN_DIR / f"{name}.txt").write_text(transcript(rules_text, seed), encoding="utf-8")
        print(f"wrote {name}.txt")


if __name__ == "__main__":
    main()
