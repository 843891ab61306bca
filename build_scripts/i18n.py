"""Maintain the gettext catalogs with Babel: extract, update, compile, check.

    python3 build_scripts/i18n.py extract   # source strings -> diloti_desktop/locale/diloti.pot
    python3 build_scripts/i18n.py update    # the template -> every language's .po (new = empty)
    python3 build_scripts/i18n.py compile   # every .po -> its .mo (what the game loads)
    python3 build_scripts/i18n.py check     # complete, no fuzzy, placeholders, compiled, current
    python3 build_scripts/i18n.py stats     # messages per language (a Markdown table)
    python3 build_scripts/i18n.py all       # extract, update, compile, then check

English is the source language. Catalogs are written without line numbers and sorted by
message, so that two people adding strings at once rarely touch the same lines. ``update``
never guesses (no fuzzy matching): a new message arrives with an empty translation, and
``check`` fails until every language has one. The compiled ``.mo`` files are committed,
so that ``pip install .`` from a clean clone ships them without Babel; ``check`` (run by
the test suite) fails when a ``.mo`` is not the compilation of its ``.po``.
"""

from __future__ import annotations

import argparse
import gettext
import io
import string
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "diloti_desktop"
LOCALE_DIR = PACKAGE / "locale"
DOMAIN = "diloti"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
#: Every language except the source (English); kept in step with diloti_desktop.i18n.
LANGUAGES = ("el", "fr", "it", "es", "de")
PROJECT = "Diloti Desktop"
#: A fixed date in the headers: regenerating a catalog must not change it by itself.
HEADER_DATE = datetime(2026, 12, 1, tzinfo=UTC)
HEADER = {"version": "0.1", "copyright_holder": "the Diloti Desktop authors",
          "msgid_bugs_address": "the project's issue tracker",
          "last_translator": "Diloti Desktop translators",
          "language_team": "Diloti Desktop translators"}
COMMENT_TAGS = ("TRANSLATORS:",)


def po_path(language: str) -> Path:
    """Where a language's catalog lives."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    """Where a language's compiled catalog lives."""
    return po_path(language).with_suffix(".mo")


# -- extract -----------------------------------------------------------------------------
def extract() -> Catalog:
    """Every translatable string of the package, as a template catalog."""
    catalog = Catalog(project=PROJECT, creation_date=HEADER_DATE, revision_date=HEADER_DATE,
                      fuzzy=False, header_comment=_header_comment("the Diloti Desktop messages"),
                      **HEADER)
    messages = extract_from_dir(str(PACKAGE), method_map=[("**.py", "python")],
                                keywords={**DEFAULT_KEYWORDS, "NC_": ((1, "c"), 2)},
                                comment_tags=COMMENT_TAGS,
                                strip_comment_tags=True)
    for filename, lineno, message, comments, context in messages:
        path = (PACKAGE / filename).relative_to(ROOT).as_posix()
        catalog.add(message, None, [(path, lineno)],
                    auto_comments=[*comments, *_form_notes(message)], context=context)
    return catalog


#: Placeholders that carry a name's or a list of cards' grammatical forms.
PHRASE_FIELDS: Final = ("player", "side", "cards")


def _form_notes(message: str | tuple[str, ...]) -> list[str]:
    """A translator's note on the forms a placeholder offers (docs/translating.md)."""
    texts = (message,) if isinstance(message, str) else message
    try:
        fields = {name for text in texts for name in placeholders(text)}
    except ValueError:
        return []
    return [f"{{{name}}} may be written {{{name}:nom}}, {{{name}:acc}}, {{{name}:gen}} or "
            f"{{{name}:to}} (capitalised to start a sentence): see docs/translating.md."
            for name in PHRASE_FIELDS if name in fields]


def _header_comment(what: str) -> str:
    return (f"# {PROJECT}: {what}.\n"
            "# Maintained with build_scripts/i18n.py (see the README's contributor section);\n"
            "# translate against docs/glossary-terms.md.")


def _write_po(catalog: Catalog, path: Path) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=88, sort_output=True, include_lineno=False,
             ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = buffer.getvalue()
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


def _read_po(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def write_template() -> Catalog:
    """Extract and write the template; returns it."""
    template = extract()
    _write_po(template, TEMPLATE)
    return template


# -- update ------------------------------------------------------------------------------
def update(template: Catalog | None = None) -> None:
    """Bring every language's catalog in line with the template (created when missing)."""
    template = template or _read_po(TEMPLATE)
    for language in LANGUAGES:
        path = po_path(language)
        if path.exists():
            catalog = _read_po(path, language)
        else:
            catalog = Catalog(locale=language, domain=DOMAIN, project=PROJECT,
                              creation_date=HEADER_DATE, revision_date=HEADER_DATE,
                              fuzzy=False, **HEADER,
                              header_comment=_header_comment(f"the {language} translation"))
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.creation_date = HEADER_DATE
        catalog.revision_date = HEADER_DATE
        catalog.fuzzy = False
        catalog.obsolete.clear()
        _write_po(catalog, path)


# -- compile -----------------------------------------------------------------------------
def compiled(language: str) -> bytes:
    """The ``.mo`` bytes of a language's catalog."""
    buffer = io.BytesIO()
    write_mo(buffer, _read_po(po_path(language), language), use_fuzzy=False)
    return buffer.getvalue()


def compile_all() -> None:
    """Write every language's ``.mo`` beside its ``.po``."""
    for language in LANGUAGES:
        data = compiled(language)
        path = mo_path(language)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)


# -- check -------------------------------------------------------------------------------
def placeholders(text: str) -> list[str]:
    """The named fields of a ``str.format`` template, sorted (raises ValueError if broken)."""
    return sorted(name for _literal, name, _spec, _conv in string.Formatter().parse(text)
                  if name is not None)


def _ids(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, list | tuple) else (message.id,)


def _strings(message: Message) -> tuple[str, ...]:
    if isinstance(message.string, list | tuple):
        return tuple(message.string)
    return (message.string or "",)


def check_message(message: Message, language: str, nplurals: int) -> list[str]:
    """What is wrong with one translated message (empty list when it is fine)."""
    label = f"{language}: {_ids(message)[0]!r}"
    ids, strings = _ids(message), _strings(message)
    problems = []
    if message.fuzzy:
        problems.append(f"{label} is marked fuzzy")
    if len(ids) > 1 and len(strings) != nplurals:
        problems.append(f"{label} has {len(strings)} plural forms, the language has {nplurals}")
    if any(not text for text in strings):
        problems.append(f"{label} is not translated")
        return problems
    try:
        expected = [placeholders(text) for text in ids]
        found = [placeholders(text) for text in strings]
    except ValueError as error:
        return [*problems, f"{label}: a broken {{placeholder}}: {error}"]
    if len(ids) == 1:
        if found[0] != expected[0]:
            problems.append(f"{label}: placeholders {found[0]} differ from the source's "
                            f"{expected[0]}")
    else:
        # The last form serves the general plural: it has the plural's placeholders;
        # the other forms may leave the count out, as the English singular may.
        allowed = set(expected[0]) | set(expected[1])
        if found[-1] != expected[1]:
            problems.append(f"{label}: the last plural form has placeholders {found[-1]}, "
                            f"the source's plural {expected[1]}")
        for form in found[:-1]:
            if not set(form) <= allowed or not set(expected[0]) - {"count"} <= set(form):
                problems.append(f"{label}: a plural form has placeholders {form}, "
                                f"the source {expected[0]} / {expected[1]}")
    problems += _check_forms(label, ids, strings)
    return problems


#: The forms a translation may ask of a name or a list of cards (its grammatical cases)
#: or of a rank (with its indefinite article) (diloti_desktop.i18n.FORMS;
#: docs/translating.md).
FORMS = ("nom", "acc", "gen", "to", "a")


def _specs(text: str) -> set[tuple[str, str]]:
    return {(name, spec or "") for _literal, name, spec, _conv in
            string.Formatter().parse(text) if name is not None}


def _check_forms(label: str, ids: tuple[str, ...], strings: tuple[str, ...]) -> list[str]:
    """A translation may ask for a form ({player:acc}), the bare value where the source
    asks for a form, or keep the source's format spec; any other spec would fail or mean
    something else."""
    source = {name: spec for text in ids for name, spec in _specs(text)}
    problems = []
    for text in strings:
        for name, spec in sorted(_specs(text)):
            if spec != source.get(name, "") and spec.lower() not in FORMS and not (
                    not spec and source.get(name, "").lower() in FORMS):  # the bare form
                problems.append(f"{label}: {{{name}:{spec}}} is neither the source's format "
                                f"nor one of the forms {FORMS}")
    return problems


def _mo_messages(data: bytes) -> dict[object, str]:
    translations = gettext.GNUTranslations(io.BytesIO(data))
    return dict(translations._catalog)  # type: ignore[attr-defined]


def check() -> list[str]:
    """Every problem with the catalogs, one line each (empty when all is well)."""
    problems: list[str] = []
    source = extract()
    source_ids = {_ids(m)[0] for m in source if m.id}
    if not TEMPLATE.exists():
        return [f"{TEMPLATE.relative_to(ROOT)} is missing: run extract"]
    template_ids = {_ids(m)[0] for m in _read_po(TEMPLATE) if m.id}
    if template_ids != source_ids:
        new = sorted(source_ids - template_ids)[:5]
        gone = sorted(template_ids - source_ids)[:5]
        problems.append(f"the template is not up to date (new in the source: {new}, gone: "
                        f"{gone}): run extract and update")
    for language in LANGUAGES:
        path = po_path(language)
        if not path.exists():
            problems.append(f"{path.relative_to(ROOT)} is missing: run update")
            continue
        catalog = _read_po(path, language)
        expected_plural = get_plural(language)
        if catalog.plural_forms != expected_plural.plural_forms:
            problems.append(f"{language}: Plural-Forms is {catalog.plural_forms!r}, Babel's "
                            f"rule is {expected_plural.plural_forms!r}")
        by_id = {_ids(m)[0]: m for m in catalog if m.id}
        for message in source:
            if not message.id:
                continue
            found = by_id.get(_ids(message)[0])
            if found is None:
                problems.append(f"{language}: {_ids(message)[0]!r} is missing: run update")
                continue
            if _ids(found) != _ids(message):
                problems.append(f"{language}: {_ids(message)[0]!r} has another plural in the "
                                "source: run update")
                continue
            problems.extend(check_message(found, language, expected_plural.num_plurals))
        try:
            fresh = compiled(language)
        except Exception as error:
            problems.append(f"{language}: the catalog does not compile: {error}")
            continue
        mo = mo_path(language)
        if not mo.exists() or _mo_messages(mo.read_bytes()) != _mo_messages(fresh):
            problems.append(f"{mo.relative_to(ROOT)} is not the compiled {path.name}: "
                            "run compile")
    return problems


def statistics() -> list[tuple[str, int, int, int]]:
    """Per language: messages, translated messages, plural messages."""
    rows = []
    for language in LANGUAGES:
        catalog = _read_po(po_path(language), language)
        messages = [m for m in catalog if m.id]
        done = [m for m in messages if all(_strings(m)) and not m.fuzzy]
        plural = [m for m in messages if len(_ids(m)) > 1]
        rows.append((language, len(messages), len(done), len(plural)))
    return rows


def _print_problems(problems: Iterable[str]) -> int:
    problems = list(problems)
    for line in problems:
        print(line, file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s) in the catalogs", file=sys.stderr)
        return 1
    print("catalogs complete: every message translated in "
          f"{', '.join(LANGUAGES)}; placeholders match; compiled files current")
    return 0


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("extract", "update", "compile", "check", "stats",
                                            "all"))
    command = parser.parse_args(argv).command
    if command in ("extract", "all"):
        template = write_template()
        print(f"{TEMPLATE.relative_to(ROOT)}: {sum(1 for m in template if m.id)} messages")
    if command in ("update", "all"):
        update()
        print("updated " + ", ".join(str(po_path(lang).relative_to(ROOT)) for lang in LANGUAGES))
    if command in ("compile", "all"):
        compile_all()
        print("compiled " + ", ".join(str(mo_path(lang).relative_to(ROOT)) for lang in LANGUAGES))
    if command == "stats":
        print("| language | messages | translated | with plural forms |")
        print("|---|---|---|---|")
        for language, total, done, plural in statistics():
            print(f"| {language} | {total} | {done} | {plural} |")
        return 0
    if command in ("check", "all"):
        return _print_problems(check())
    return 0


if __name__ == "__main__":
    sys.exit(main())
