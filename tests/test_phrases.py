"""The phrase layer: names and card lists carry the forms an inflected language needs
(«Ο Βορράς πήρε…», «πριν προλάβει ο Βορράς», «πάνε στην Ανατολή και στη Δύση»), a
translation asks for them with a format spec, and a form asked of a plain value never
breaks a screen."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from diloti_desktop import i18n
from diloti_desktop.controller.narration import describe_turn
from diloti_desktop.controller.seats import seat_name, side_name
from diloti_desktop.rules import Position
from diloti_desktop.rules.cards import parse_cards, pretty_cards
from diloti_desktop.rules.engine import apply
from diloti_desktop.rules.moves import Move

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "build_scripts"))
import i18n as tool  # build_scripts/i18n.py, the catalogs' tool


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def narrate(position: str, move: str) -> str:
    start = Position.parse(position)
    return describe_turn(apply(start, Move.parse(move))[1], start.players)


def test_forms_are_asked_with_a_format_spec_and_capitalised_to_start_a_sentence() -> None:
    north = i18n.Phrase("Βορράς", {"nom": "ο Βορράς", "acc": "τον Βορρά"})
    assert i18n._("{p:Nom} · {p:acc} · {p} · {p:gen}").format(p=north) == (
        "Ο Βορράς · τον Βορρά · Βορράς · Βορράς")
    assert f"{north:>8}|" == "  Βορράς|"  # an ordinary spec still works
    # A form asked of a plain value gives the value: a translation cannot crash a screen.
    assert i18n._("{p:acc} {n:Nom} {x:>3}").format(p="North", n=5, x=1) == "North 5   1"


def test_english_names_stay_as_they_are() -> None:
    i18n.set_language("en")
    north = seat_name(1, 2)
    assert north == "North" and set(north.forms.values()) == {"North"}
    assert narrate("rules=2p turn=1 hands=6S9C/KC2S loose=6D2C4H9S played=1",
                   "2S x 2C") == "North played 2♠ and took 2♣"


def test_greek_declines_names_and_puts_articles_before_cards() -> None:
    i18n.set_language("el")
    assert seat_name(1, 2).forms == {"nom": "ο Βορράς", "acc": "τον Βορρά",
                                     "gen": "του Βορρά", "to": "στον Βορρά"}
    assert side_name(1, 4).forms["to"] == "στην Ανατολή και στη Δύση"
    assert pretty_cards(parse_cards("2C")).forms["acc"] == "το 2♣"
    assert pretty_cards(parse_cards("2C3D")).forms["acc"] == "τα 2♣ 3♦"
    assert narrate("rules=2p turn=1 hands=6S9C/KC2S loose=6D2C4H9S played=1",
                   "2S x 2C") == "Ο Βορράς έπαιξε το 2♠ και πήρε το 2♣"
    assert narrate("rules=4p turn=1 hands=AS8H/5C2D/9S3H/KD6C loose=5D3C played=9",
                   "2D") == "Η Ανατολή έριξε το 2♦"


def test_the_catalog_check_accepts_forms_and_refuses_other_specs() -> None:
    assert tool.FORMS == i18n.FORMS
    assert not tool._check_forms("el", ("{player} laid {card}",), ("{player:Nom} έριξε",))
    assert tool._check_forms("el", ("{player} laid {card}",), ("{player:dat} έριξε",))
    assert not tool._check_forms("xx", ("{n:>3}",), ("{n:>3}",))


def test_greek_moves_in_words_put_articles_before_what_they_take() -> None:
    """The list of moves, the chooser and the coach name the table's cards with their
    article («Πάρε το 9♣»), a list of loose cards and piles too."""
    from diloti_desktop.ui.words.wording import describe_move

    def words(notation: str, move: str) -> str:
        position = Position.parse(notation)
        return describe_move(Move.parse(move), position)

    i18n.set_language("el")
    two = "rules=2p turn=0 hands=9H8D6C2S/KC5S loose=9C2C6H3D played=1"
    assert words(two, "9H x 9C") == "Πάρε το 9♣ με το 9♥"
    assert words(two, "8D x 2C 6H") == "Πάρε τα 2♣ 6♥ με το 8♦"
    assert words(two, "6C =9 3D").startswith("Δήλωσε 9: βάλε το 6♣ πάνω στο 3♦")
    i18n.set_language("en")
    assert words(two, "9H x 9C") == "Take 9♣ with 9♥"
