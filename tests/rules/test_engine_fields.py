"""The engine reads some of a position's fields by their place: the places are right."""

from __future__ import annotations

from diloti_desktop.rules import engine
from diloti_desktop.rules.position import Position


def test_field_places_name_the_fields() -> None:
    fields = Position._fields
    assert fields[engine._ROUND_NO] == "round_no"
    assert fields[engine._DEALER] == "dealer"
    assert fields[engine._CAPTURED] == "captured"
    assert fields[engine._XERIS] == "xeris"
    assert fields[engine._XERISTAKIA] == "xeristakia"
    assert fields[engine._SCORES] == "scores"
