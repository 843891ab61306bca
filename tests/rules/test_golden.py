"""Golden legal-move counts from fixed positions (like chess perft) and seeded playthroughs."""

import pytest

from diloti_desktop.rules import Position, legal_moves, play_unchecked

from .golden_games import GAMES, GOLDEN_DIR, transcript


def perft(position: Position, depth: int) -> int:
    """Number of move sequences of length ``depth`` (deals crossed as they come)."""
    moves = list(legal_moves(position))
    if depth == 1:
        return len(moves)
    return sum(perft(play_unchecked(position, m), depth - 1) for m in moves)


START_2P = ("rules=2p round=1 phase=play dealer=1 turn=0 hands=3D3C4D6H8S9H/AS5S5HJSQDKD "
            "stock=9C5CKHQS4S6D7SAH8H8D6S2C8C5DTSJDJCTD4CQC7D7C2HAD4H9SKSTH6C2D9D2SACJH7H3H "
            "loose=3STCQHKC")
BUSY_TABLE = "hands=AC2C3C4C5C6C/KH8S9STSJSQS loose=AS2S3S4S5S6S7SAD2D3D"
PILES = ("rules=2p,raiseloose hands=AH2H8C9C/3H7DTD loose=AS2S4S6D piles=P7@1:3D4D,F8@0:8D.5S3S "
         "turn=0 played=9")
FOUR = ("rules=4p hands=AS5S9C/2H6H8H/3C4C7D/KDKSTD loose=2S3H4D5H piles=P9@3:9D turn=2 "
        "played=5 stock=6C7C8C9HJDJH6S7S8DQDQHQC")

# Depth-1 counts of START_2P (13) and PILES (9) were checked by hand, move by move; the
# deeper counts pin the engine's behaviour against regressions.
GOLDEN_PERFT = {
    START_2P: (13, 79, 644),
    BUSY_TABLE: (832, 48377),
    PILES: (9, 28, 96),
    FOUR: (12, 9, 64),
}


@pytest.mark.parametrize("notation", list(GOLDEN_PERFT))
def test_perft_counts(notation):
    position = Position.parse(notation)
    counts = GOLDEN_PERFT[notation]
    assert tuple(perft(position, d) for d in range(1, len(counts) + 1)) == counts


@pytest.mark.parametrize("name", list(GAMES))
def test_golden_playthroughs(name):
    rules_text, seed = GAMES[name]
    expected = (GOLDEN_DIR / f"{name}.txt").read_text(encoding="utf-8")
    assert transcript(rules_text, seed) == expected, (
        "the game changed; if intended, refresh with `python -m tests.rules.golden_games`")
