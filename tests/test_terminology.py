"""Every catalog says the game's terms with its own word (docs/translating.md): a message
whose English text uses a term must use that language's word in its translation, so that
a loose card is «ελεύθερο χαρτί» on every screen, not a separate card on one of them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
COLUMNS = ("el", "fr", "it", "es", "de")


def term_table() -> dict[str, dict[str, tuple[str, ...]]]:
    """The table between the markers of docs/translating.md: term -> language -> stems."""
    text = (ROOT / "docs" / "translating.md").read_text(encoding="utf-8")
    body = text.split("<!-- terms:start -->")[1].split("<!-- terms:end -->")[0]
    rows = [line for line in body.strip().splitlines()[2:] if line.startswith("|")]
    table = {}
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        table[cells[0]] = {lang: tuple(s.strip() for s in cell.split("/"))
                           for lang, cell in zip(COLUMNS, cells[1:], strict=True)}
    return table


def test_the_table_names_every_language_and_the_terms_the_issue_lists() -> None:
    table = term_table()
    assert {"loose card", "hint", "partner", "Intermediate", "tutor"} <= set(table)
    assert all(all(stems) for row in table.values() for stems in row.values())


@pytest.mark.parametrize("language", COLUMNS)
def test_every_message_uses_the_language_s_word_for_each_term(language: str) -> None:
    path = ROOT / f"diloti_desktop/locale/{language}/LC_MESSAGES/diloti.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=language)
    problems = []
    for term, words in term_table().items():
        pattern = re.compile(r"\b" + re.escape(term) + r"(s|es|ed|ing)?\b", re.IGNORECASE)
        stems = [stem.lower() for stem in words[language]]
        for message in catalog:
            if not message.id:
                continue
            source = message.id if isinstance(message.id, str) else message.id[0]
            texts = [message.string] if isinstance(message.string, str) else message.string
            if pattern.search(source) and not any(
                    stem in text.lower() for text in texts for stem in stems):
                problems.append(f"{term!r} in {source[:60]!r}: {texts[0][:70]!r}")
    assert not problems, "\n".join(problems)
