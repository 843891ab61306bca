"""Every kind of saved game that cannot be restored, for the controller and UI tests.

Each case is the ``game`` part of a save file (what ``GameSession.to_dict`` writes) damaged
in one way, with a phrase of the reason the player is given. Positions start from real
ones (reached by play) so that each case breaks exactly one thing. The file-level damage
(broken JSON, a FIFO, a folder...) is in :data:`FILE_CASES`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: Round 2 of a real game, seven cards into it; seat 1 (the AI) is to move.
MID_GAME = (
    "rules=2p round=2 phase=play dealer=1 turn=1 hands=9SKC/9H9CTD "
    "stock=6CAC7CJS6H7H8H4DKD3CAS9D3DKH5C7S5S3STH8S4SJD2S7D3HQDKSQHAH6SJCQC5D2HQS6D "
    "loose=2DJH piles=- captured=AD2C4H4C5H8D8CTSTC/- xeri=0/0 xeristaki=0/0 last=0 "
    "played=7 score=1/10 winner=-"
)
#: The end of the same match: North won 69 to 18.
MATCH_END = (
    "rules=2p round=7 phase=matchover dealer=0 turn=1 hands=-/- stock=- loose=- piles=- "
    "captured=ADAC2D3C4S4C5H5C6C8D9H9D9CTHJSJDQSQHQDQCKDKC/"
    "ASAH2S2H2C3S3H3D4H4D5S5D6S6H6D7S7H7D7C8S8H8C9STSTDTCJHJCKSKH xeri=0/1 "
    "xeristaki=0/0 last=1 played=48 score=18/69 winner=1"
)


def good_game(position: str = MID_GAME) -> dict[str, Any]:
    """A restorable save's game part."""
    return {"format": 1, "config": {"rules": "2p", "seats": ["human", "Casual"], "seed": 7},
            "position": position}


def with_fields(position: str, **fields: str) -> str:
    """``position`` with some ``key=value`` fields replaced."""
    tokens = dict(token.split("=", 1) for token in position.split())
    tokens.update(fields)
    return " ".join(f"{key}={value}" for key, value in tokens.items())


@dataclass(frozen=True)
class SaveCase:
    """A damaged save and a phrase of the reason shown for it."""

    name: str
    build: Callable[[], dict[str, Any]]
    phrase: str


def _game(start: str = MID_GAME, **changes: Any) -> Callable[[], dict[str, Any]]:
    def build() -> dict[str, Any]:
        game = good_game(start)
        for key, value in changes.items():
            if key.startswith("config_"):
                game["config"][key[7:]] = value
            elif value is _DROP:
                del game[key]
            else:
                game[key] = value
        return game

    return build


_DROP = object()
_STOCK = dict(token.split("=", 1) for token in MID_GAME.split())["stock"]

GAME_CASES: tuple[SaveCase, ...] = (
    SaveCase("unknown format", _game(format=99), "format this version cannot read"),
    SaveCase("no format", _game(format=_DROP), "format this version cannot read"),
    SaveCase("missing config", _game(config=_DROP), "missing"),
    SaveCase("config not an object", _game(config="2p"), "missing"),
    SaveCase("missing position", _game(position=_DROP), "missing"),
    SaveCase("position not text", _game(position=5), "missing"),
    SaveCase("unparsable position", _game("hands=ZZ/-"), "does not read"),
    SaveCase("unknown position field", _game(MID_GAME + " colour=blue"), "does not read"),
    SaveCase("a 5,000-digit number", _game(with_fields(MID_GAME, round="9" * 5000)),
             "does not read"),
    SaveCase("round out of range", _game(with_fields(MID_GAME, round="100000")),
             "out of range"),
    SaveCase("target out of range", _game(with_fields(MID_GAME, rules="2p,t99999999"),
                                          config_rules="2p,t99999999"), "out of range"),
    SaveCase("unknown rules token", _game(config_rules="2p,moon"), "does not read"),
    SaveCase("rules mismatch", _game(config_rules="2p,t101"), "do not match"),
    SaveCase("unknown AI level", _game(config_seats=["human", "Godlike"]), "Godlike"),
    SaveCase("wrong seat count", _game(config_seats=["human", "Casual", "Casual"]),
             "does not read"),
    SaveCase("seat names not text", _game(config_seats=["human", 3]), "does not read"),
    SaveCase("string seed", _game(config_seed="7"), "does not read"),
    SaveCase("boolean seed", _game(config_seed=True), "seed"),
    SaveCase("huge seed", _game(config_seed=2**80), "seed"),
    SaveCase("finished match", _game(MATCH_END), "already over"),
    # 9 captured cards and 11 of the stock's 36 gone: 32 cards left in play.
    SaveCase("32 cards in play", _game(with_fields(MID_GAME, captured="-/-",
                                                   stock=_STOCK[:2 * 25])), "20 of the 52"),
    SaveCase("a card in two places", _game(with_fields(MID_GAME, loose="2DJH9S")),
             "a card appears in two places: 9S"),
    SaveCase("human to move with no cards",
             _game(with_fields(MID_GAME, turn="0", hands="-/9H9CTD",
                               captured="AD2C4H4C5H8D8CTSTC9SKC/-")), "impossible"),
    SaveCase("AI to move with no cards",
             _game(with_fields(MID_GAME, hands="9SKC/-", captured="AD2C4H4C5H8D8CTSTC/9H9CTD")),
             "impossible"),
    SaveCase("no cards at all in play", _game("rules=2p phase=play"), "52 of the 52"),
    SaveCase("hands not matching the deal",
             _game(with_fields(MID_GAME, hands="9SKC9H/9CTD")), "should hold"),
    SaveCase("wrong player to move", _game(with_fields(MID_GAME, turn="0")), "turn"),
    SaveCase("stock too short", _game(with_fields(
        MID_GAME, stock="AC7CJS6H7H8H4DKD3CAS9D3DKH5C7S5S3STH8S4SJD2S7D3HQDKSQHAH6SJCQC5D2HQS6D",
        loose="2DJH6C")), "stock"),
    SaveCase("more xeris than cards played", _game(with_fields(MID_GAME, xeri="9/0")),
             "xeri"),
    SaveCase("xeristaki without the rule", _game(with_fields(MID_GAME, xeristaki="1/0")),
             "xeristaki"),
    SaveCase("captures with nobody capturing", _game(with_fields(MID_GAME, last="-")),
             "nobody"),
    SaveCase("a side has already won", _game(with_fields(MID_GAME, score="70/10")),
             "already won"),
    SaveCase("a score no round can give", _game(with_fields(MID_GAME, score="999/10")),
             "a score of 999 is more than 1 round can give"),
    SaveCase("a pile whose owner cannot take it",
             _game(with_fields(MID_GAME, loose="JH", piles="P2@1:2D")), "holds no 2"),
)

#: Damage to the file itself: its exact bytes (or a maker for non-files).
FILE_CASES: tuple[tuple[str, bytes], ...] = (
    ("broken JSON", b'{"kind": "diloti-desktop saved game", "version": 1, "game": {'),
    ("empty file", b""),
    ("binary", b"\xff\xfe\x00\x01garbage"),
    ("a list", b"[1, 2, 3]"),
    ("deeply nested", b"[" * 100_000),
    ("wrong kind", json.dumps({"kind": "chess", "version": 1, "game": {}}).encode()),
    ("future version", json.dumps({"kind": "diloti-desktop saved game", "version": 2,
                                   "game": {}}).encode()),
    ("game not an object", json.dumps({"kind": "diloti-desktop saved game", "version": 1,
                                       "game": [1]}).encode()),
)


def envelope(game: dict[str, Any]) -> bytes:
    """A save file's bytes around ``game`` (as ``storage.save_game`` writes it)."""
    return json.dumps({"kind": "diloti-desktop saved game", "version": 1, "game": game},
                      indent=2).encode()
