"""Who sits where: seat names and the configuration of a new game."""

from __future__ import annotations

from dataclasses import dataclass, field

from diloti_desktop.i18n import N_, NC_, Phrase, phrase
from diloti_desktop.rules.ruleset import Ruleset

HUMAN = "human"

# Play goes counterclockwise: from South (you) to East, North, then West.
_SEAT_NAMES_2P = (N_("You"), N_("North"))
_SEAT_NAMES_4P = (N_("You"), N_("East"), N_("North"), N_("West"))
_SIDE_NAMES_2P = (N_("You"), N_("North"))
_SIDE_NAMES_4P = (N_("You and North"), N_("East and West"))

# The forms a sentence may ask of each name (docs/translating.md): Greek declines a
# name and puts its article before it (ο Βορράς, τον Βορρά, του Βορρά, στον Βορρά).
# TRANSLATORS: each name as it stands in a sentence of your language, with its article
# if your language gives it one: as the subject; as the object; as the possessor ("of
# North"); after "to". English keeps the name as it is.
_FORMS: dict[str, dict[str, tuple[str, str]]] = {
    "You": {"nom": NC_("name as subject", "You"), "acc": NC_("name as object", "You"),
            "gen": NC_("name as possessor", "You"), "to": NC_("name after to", "You")},
    "North": {"nom": NC_("name as subject", "North"),
              "acc": NC_("name as object", "North"),
              "gen": NC_("name as possessor", "North"),
              "to": NC_("name after to", "North")},
    "East": {"nom": NC_("name as subject", "East"), "acc": NC_("name as object", "East"),
             "gen": NC_("name as possessor", "East"), "to": NC_("name after to", "East")},
    "West": {"nom": NC_("name as subject", "West"), "acc": NC_("name as object", "West"),
             "gen": NC_("name as possessor", "West"), "to": NC_("name after to", "West")},
    "You and North": {"nom": NC_("name as subject", "You and North"),
                      "acc": NC_("name as object", "You and North"),
                      "gen": NC_("name as possessor", "You and North"),
                      "to": NC_("name after to", "You and North")},
    "East and West": {"nom": NC_("name as subject", "East and West"),
                      "acc": NC_("name as object", "East and West"),
                      "gen": NC_("name as possessor", "East and West"),
                      "to": NC_("name after to", "East and West")},
}


def seat_name(seat: int, players: int) -> Phrase:
    """The translated name of a seat (seat 0 is the human at the bottom), with the forms
    a translation may ask of it (``{player:acc}``)."""
    names = _SEAT_NAMES_2P if players == 2 else _SEAT_NAMES_4P
    return phrase(names[seat], _FORMS[names[seat]])


def side_name(side: int, players: int) -> Phrase:
    """The translated name of a side, with its forms."""
    names = _SIDE_NAMES_2P if players == 2 else _SIDE_NAMES_4P
    return phrase(names[side], _FORMS[names[side]])


@dataclass(frozen=True)
class GameConfig:
    """A new game: the rules, who plays each seat (``"human"`` or an AI level) and the seed."""

    rules: Ruleset = field(default_factory=Ruleset)
    seats: tuple[str, ...] = (HUMAN, "casual")
    seed: int = 0

    def __post_init__(self) -> None:
        if len(self.seats) != self.rules.players:
            raise ValueError(f"{len(self.seats)} seats given for {self.rules.players} players")

    def is_human(self, seat: int) -> bool:
        """Whether a person plays this seat."""
        return self.seats[seat] == HUMAN

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (for the save file)."""
        return {"rules": self.rules.notation(), "seats": list(self.seats), "seed": self.seed}

    @staticmethod
    def from_dict(data: dict[str, object]) -> GameConfig:
        """Inverse of :meth:`to_dict`; raises ValueError on a malformed dict."""
        rules_text, seats, seed = data.get("rules"), data.get("seats"), data.get("seed")
        if not isinstance(rules_text, str) or not isinstance(seats, list) or not all(
                isinstance(s, str) for s in seats) or not isinstance(seed, int):
            raise ValueError("malformed game configuration")
        return GameConfig(Ruleset.parse(rules_text), tuple(seats), seed)
