"""The hot paths read some of a position's and a pile's fields by their place: the places
are right."""

from __future__ import annotations

from diloti_desktop.rules import position as places
from diloti_desktop.rules.position import Pile, Position


def test_field_places_name_the_fields() -> None:
    named = {name: value for name, value in vars(places).items() if name.startswith("AT_")}
    assert len(named) == 15  # every field but the winner
    for name, value in named.items():
        assert Position._fields[value] == name.removeprefix("AT_").lower()
    assert Pile._fields[places.PILE_VALUE] == "value"
    assert Pile._fields[places.PILE_OWNER] == "owner"
    assert Pile._fields[places.PILE_CARDS] == "cards"
