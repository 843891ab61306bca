"""The translations: every catalog complete and compiled, plural forms, numbers per language.

When ``test_every_catalog_is_complete`` fails, follow the README's contributor section
("Translations"): ``python3 build_scripts/i18n.py extract``, ``update``, fill in the new
``msgstr`` in every ``diloti_desktop/locale/*/LC_MESSAGES/diloti.po`` (translate against
``docs/glossary-terms.md``), ``compile``, ``check``.
"""

from __future__ import annotations

import gettext
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Message
from babel.numbers import format_percent as babel_percent
from babel.numbers import get_decimal_symbol, get_group_symbol

from diloti_desktop import i18n

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "build_scripts"))
import i18n as catalogs


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_every_catalog_is_complete() -> None:
    problems = catalogs.check()
    assert not problems, "\n".join(["the catalogs need work (see the README, Translations):",
                                    *problems[:40]])


def test_the_game_speaks_the_languages_of_its_catalogs() -> None:
    assert set(i18n.LANGUAGES) == {i18n.SOURCE_LANGUAGE, *catalogs.LANGUAGES}
    for language in catalogs.LANGUAGES:
        assert catalogs.mo_path(language).is_file()
        assert i18n.set_language(language) == language


@pytest.mark.parametrize("message, strings, complaint", [
    (Message("{card} takes {cards}", "{card} prend {card}"), None, "placeholders"),
    (Message("Hint", ""), None, "not translated"),
    (Message("Hint", "Conseil", flags=["fuzzy"]), None, "fuzzy"),
    (Message("Hint: {move}.", "Conseil : {move."), None, "broken"),
    (Message(("{count} card", "{count} cards"), ("{count} carte", "{count} cartes")), None,
     "plural forms"),
    (Message(("{count} card", "{count} cards"), ("{count} carte", "", "{count} cartes")), None,
     "not translated"),
    (Message(("{count} card", "{count} cards"), ("une carte", "{n} cartes", "{n} cartes")),
     None, "last plural form"),
])
def test_the_check_finds_each_kind_of_mistake(message: Message, strings: object,
                                              complaint: str) -> None:
    problems = catalogs.check_message(message, "fr", 3)
    assert any(complaint in problem for problem in problems), problems


def test_a_good_message_passes_the_check() -> None:
    good = Message(("{side} took the last card", "{side} took the {count} cards"),
                   ("Dernière carte pour {side}", "Les {count} cartes pour {side}",
                    "Les {count} cartes pour {side}"))
    assert catalogs.check_message(good, "fr", 3) == []


@pytest.mark.parametrize("language, counts", [
    ("el", {0: "0 χαρτιά", 1: "1 χαρτί", 2: "2 χαρτιά"}),
    ("fr", {0: "0 carte", 1: "1 carte", 2: "2 cartes", 1_000_000: "1000000 cartes"}),
    ("it", {1: "1 carta", 2: "2 carte"}),
    ("es", {1: "1 carta", 5: "5 cartas"}),
    ("de", {1: "1 Karte", 27: "27 Karten"}),
])
def test_plural_forms_follow_each_language(language: str, counts: dict[int, str]) -> None:
    i18n.set_language(language)
    for count, expected in counts.items():
        assert i18n.ngettext("{count} card", "{count} cards", count).format(
            count=count) == expected


def test_a_language_the_game_does_not_speak_falls_back_to_english() -> None:
    assert i18n.set_language("pt_BR") == "en"
    assert i18n._("Settings") == "Settings"
    assert i18n.set_language("de_AT.UTF-8") == "de"
    assert i18n._("Settings") == "Einstellungen"


def test_the_system_language_is_read_from_the_environment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "el_GR.UTF-8")
    assert i18n.system_language() == "el"
    monkeypatch.setenv("LANGUAGE", "fr_CA:en")
    assert i18n.system_language() == "fr"
    monkeypatch.setenv("LANGUAGE", "pt_BR")
    assert i18n.system_language() == "en"
    monkeypatch.delenv("LANGUAGE")
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    assert i18n.system_language() == "el"


@pytest.mark.parametrize("language", sorted(i18n.LANGUAGES))
def test_numbers_use_each_language_s_symbols(language: str) -> None:
    i18n.set_language(language)
    decimal, group = get_decimal_symbol(language), get_group_symbol(language)
    assert i18n.format_number(12345.678, 2) == f"12{group}345{decimal}68"
    assert i18n.format_number(1234567) == f"1{group}234{group}567"
    assert i18n.format_number(-3.25, 1) in (f"-3{decimal}2", f"-3{decimal}3")
    assert i18n.format_number(0.4) == "0"
    assert i18n.format_percent(0.42) == babel_percent(0.42, locale=language)


def test_four_digit_numbers_are_not_grouped_in_spanish() -> None:
    # CLDR's minimumGroupingDigits = 2 for Spanish (the RAE's rule); Babel does not apply it.
    i18n.set_language("es")
    assert i18n.format_number(1234) == "1234"
    assert i18n.format_number(12345) == "12.345"
    i18n.set_language("de")
    assert i18n.format_number(1234) == "1.234"


def test_catalogs_load_with_the_standard_library_alone() -> None:
    # The game loads the committed .mo files with gettext; Babel is for maintainers only.
    for language in catalogs.LANGUAGES:
        translation = gettext.translation(catalogs.DOMAIN, localedir=str(catalogs.LOCALE_DIR),
                                          languages=[language])
        assert translation.gettext("Settings") != "Settings"


@pytest.mark.parametrize("language, expected", [
    ("en", "J♠ Q♥ K♦"), ("de", "B♠ D♥ K♦"), ("fr", "V♠ D♥ R♦"), ("el", "J♠ Q♥ K♦"),
])
def test_sentences_name_face_cards_with_the_language_s_letters(language: str,
                                                              expected: str) -> None:
    from diloti_desktop.rules.cards import parse_cards, pretty_cards

    i18n.set_language(language)
    assert pretty_cards(parse_cards("JSQHKD")) == expected
