"""The ruleset: "Classic" defaults (docs/rules.md) and every variant toggle of docs/rules.md §10.

Notation: comma-separated tokens, defaults omitted except the player count, e.g.
``2p`` (Classic for two), ``4p,t101,x5,xeristaki,redeal=jacks``. Tokens:

========================  ===========================================================
``2p`` / ``4p``            players
``tN``                     target score (61 default; 1 to 100000)
``xN``                     points per xeri (10 default, 5 in Crete)
``xeristaki``              +5 for a capture that leaves exactly one pile and nothing else
``locked``                 locked declarations: no raising at all
``firstxeri``              the round's first card may score a xeri
``takeall``                capture scope: a numeral capture takes every loose card of its rank
``onegroup``               at most one sum group (of two or more cards) per capture
``redeal=jacks|off``       layout redeal on 3+ Jacks only, or never (default: 3+ same-rank faces)
``selfraise``              a player may raise their own plain pile
``raiseloose``             a raise may add loose numerals besides the hand card
``partnerraise``           (4p) partners may raise each other's piles
========================  ===========================================================
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Final, Literal

from diloti_desktop.rules.errors import InvalidNotationError

Redeal = Literal["faces", "jacks", "off"]

XERISTAKI_POINTS: Final = 5
#: Bounds of the numeric tokens (far above any real match; keeps parsing and sums cheap).
MAX_TARGET: Final = 100_000
MAX_XERI_POINTS: Final = 1_000

_FLAGS: Final = {
    "xeristaki": "xeristaki",
    "locked": "locked_declarations",
    "firstxeri": "first_card_xeri",
    "takeall": "capture_all_of_rank",
    "onegroup": "one_sum_group",
    "selfraise": "self_raise",
    "raiseloose": "raise_with_loose",
    "partnerraise": "partner_raise",
}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Which rules a game uses. ``Ruleset()`` is Classic for two players."""

    players: int = 2
    target: int = 61
    xeri_points: int = 10
    xeristaki: bool = False
    locked_declarations: bool = False
    first_card_xeri: bool = False
    capture_all_of_rank: bool = False
    one_sum_group: bool = False
    layout_redeal: Redeal = "faces"
    self_raise: bool = False
    raise_with_loose: bool = False
    partner_raise: bool = False

    def __post_init__(self) -> None:
        if self.players not in (2, 4):
            raise InvalidNotationError(f"players must be 2 or 4, not {self.players!r}")
        if not 1 <= self.target <= MAX_TARGET:
            raise InvalidNotationError(
                f"target {str(self.target)[:12]} is out of range (1 to {MAX_TARGET})")
        if not 0 <= self.xeri_points <= MAX_XERI_POINTS:
            raise InvalidNotationError(
                f"xeri points {str(self.xeri_points)[:12]} out of range (0 to {MAX_XERI_POINTS})")
        if self.layout_redeal not in ("faces", "jacks", "off"):
            raise InvalidNotationError(f"layout redeal must be faces, jacks or off, "
                                       f"not {self.layout_redeal!r}")

    @property
    def sides(self) -> int:
        """Always two sides: the two players, or the two partnerships."""
        return 2

    @property
    def cards_per_deal(self) -> int:
        """Cards dealt to each hand per deal."""
        return 6

    def side_of(self, seat: int) -> int:
        """Seats 0 and 2 are side 0, seats 1 and 3 side 1."""
        return seat & 1

    def notation(self) -> str:
        """Canonical text form, defaults omitted (see module docs)."""
        tokens = [f"{self.players}p"]
        if self.target != 61:
            tokens.append(f"t{self.target}")
        if self.xeri_points != 10:
            tokens.append(f"x{self.xeri_points}")
        if self.layout_redeal != "faces":
            tokens.append(f"redeal={self.layout_redeal}")
        tokens.extend(token for token, name in _FLAGS.items() if getattr(self, name))
        return ",".join(tokens)

    def with_changes(self, **changes: object) -> Ruleset:
        """A copy with some fields changed (validated)."""
        return replace(self, **changes)  # type: ignore[arg-type]

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Ruleset.parse({self.notation()!r})"

    @staticmethod
    def parse(text: str) -> Ruleset:
        """Parse the notation; raises InvalidNotationError naming the bad token."""
        values: dict[str, object] = {}
        for raw in text.strip().split(","):
            token = raw.strip().lower()
            if not token:
                continue
            try:
                if token in ("2p", "4p"):
                    values["players"] = int(token[0])
                elif token.startswith("redeal="):
                    values["layout_redeal"] = token.split("=", 1)[1]
                elif token[0] in "tx" and token[1:].isascii() and token[1:].isdigit():
                    name = "target" if token[0] == "t" else "xeri points"
                    if len(token) > 10:  # out of range, not a computation
                        raise InvalidNotationError(f"{name} {token[1:13]}... is out of range")
                    values[name.replace(" ", "_")] = int(token[1:])
                elif token in _FLAGS:
                    values[_FLAGS[token]] = True
                else:
                    raise InvalidNotationError(
                        f"unknown rule token {raw.strip()[:40]!r} in {text[:80]!r}")
            except (ValueError, IndexError) as error:
                if isinstance(error, InvalidNotationError):
                    raise
                raise InvalidNotationError(f"bad rule token {raw.strip()[:40]!r}") from None
        return Ruleset(**values)  # type: ignore[arg-type]


CLASSIC: Final = Ruleset()
CLASSIC_FOUR: Final = Ruleset(players=4)
FIELD_NAMES: Final = tuple(f.name for f in fields(Ruleset))
