"""Keep the screens' gettext catalogues (web/translations) true to the code.

    python -m scripts.i18n extract   the template, messages.pot, from the code
    python -m scripts.i18n update    every language brought to the template: a new message
                                     waits there untranslated, a message the code dropped goes
    python -m scripts.i18n compile   the .po files compiled to the .mo files the site reads
    python -m scripts.i18n check     what is wrong, a line each (exit 2), or nothing (exit 0)

The messages are named by keys (monolingual gettext: English's catalogue is the translators'
source text). The code names a message as the first argument of ``t(...)`` or
``tn(...)`` (a plural) in the Python, the templates and the scripts. A key built at run time
(``t(`box.${box}`)``, ``t(f"err.{code}")``, ``t(mode ~ ".hint_title")``) is a *family*: the
template holds the members of English's catalogue that fit it, so a new member is added to
``en/LC_MESSAGES/messages.po`` by hand, then ``update`` carries it to the other languages.
A message neither named nor in a family is dead, and ``update`` removes it.
"""

from __future__ import annotations

import argparse
import fnmatch
import io
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
TRANSLATIONS = ROOT / "web" / "translations"
TEMPLATE = TRANSLATIONS / "messages.pot"
LANGUAGES = ("nl", "en", "de")
SOURCE_LANGUAGE = "en"
SOURCES = [("web", "**/*.py"), ("web/templates", "**/*.html"), ("web/static/js", "*.js")]
PROJECT = "wordyahtzee"
# a call of t or tn (or of a speaker's ``.t``): not a longer name (``alert(``, ``sort(``)
CALL = re.compile(r"(?<![\w$])(tn?)\(")
STRING = re.compile(r"""f?(["'`])((?:\\.|(?!\1).)*)\1""")
KEY = re.compile(r"[a-z][a-z0-9_-]*(\.[a-z0-9_*-]+)+|[a-z0-9_*.-]*\*[a-z0-9_*.-]*")
SUBSTITUTION = re.compile(r"\$\{[^}]*\}|\{[^}]*\}")


@dataclass
class Found:
    """What the code names: keys, plural keys, and the patterns of built keys."""

    keys: dict[str, list[str]] = field(default_factory=dict)
    plurals: set[str] = field(default_factory=set)
    families: dict[str, list[str]] = field(default_factory=dict)


def _first_argument(text: str, start: int) -> str:
    """The text of a call's first argument, from just after its ``(``."""
    depth, at, quote = 0, start, ""
    while at < len(text):
        char = text[at]
        if quote:
            if char == "\\":
                at += 1
            elif char == quote:
                quote = ""
        elif char in "\"'`":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            if depth == 0:
                break
            depth -= 1
        elif char == "," and depth == 0:
            break
        at += 1
    return text[start:at]


def _names(argument: str) -> Iterator[str]:
    """The keys or key patterns an argument can be: each string literal of it (the two
    sides of a choice), or, for a key built by joining, the pattern with ``*`` for each
    part not written in the code."""
    literals = list(STRING.finditer(argument))
    joined = ("~" in argument or "+" in argument) and not re.search(r"[?:]", argument)
    if joined and literals:
        parts = re.split(r"\s*[~+]\s*", argument.strip())
        yield "".join(m.group(2) if (m := STRING.fullmatch(p)) else "*" for p in parts)
        return
    for literal in literals:
        yield SUBSTITUTION.sub("*", literal.group(2))


def scan(root: Path = ROOT) -> Found:
    """Every message the code names."""
    found = Found()
    for folder, pattern in SOURCES:
        for path in sorted((root / folder).glob(pattern)):
            text = path.read_text(encoding="utf-8")
            where = str(path.relative_to(root))
            for call in CALL.finditer(text):
                for name in _names(_first_argument(text, call.end())):
                    if not KEY.fullmatch(name):
                        continue
                    table = found.families if "*" in name else found.keys
                    table.setdefault(name, []).append(where)
                    if call.group(1) == "tn" and "*" not in name:
                        found.plurals.add(name)
    return found


def read_catalog(path: Path, lang: str | None = None) -> Catalog:
    """A ``.po`` or ``.pot`` file."""
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def po_path(lang: str) -> Path:
    """A language's catalogue."""
    return TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"


def _key(message: Message) -> str:
    return str(message.id[0] if isinstance(message.id, tuple | list) else message.id)


def _texts(message: Message) -> tuple[str, ...]:
    """A message's text, or its plural forms."""
    string = message.string
    if isinstance(string, tuple | list):
        return tuple(text or "" for text in string)
    return (string or "",)


def template(found: Found | None = None) -> Catalog:
    """The template: every key the code names, then the members of each family in the
    source language's catalogue, a message a plural where the code counts with it."""
    found = found or scan()
    source = read_catalog(po_path(SOURCE_LANGUAGE), SOURCE_LANGUAGE)
    members = {_key(m): m for m in source if m.id}
    places: dict[str, list[str]] = {k: list(v) for k, v in found.keys.items()}
    for key, message in members.items():
        for pattern, where in found.families.items():
            if fnmatch.fnmatchcase(key, pattern):
                places.setdefault(key, []).extend(where)
                if message.pluralizable and key not in found.keys:
                    found.plurals.add(key)
    pot = _catalog(None, TEMPLATE)
    for key in sorted(places):
        where = sorted(set(places[key]))
        message_id = (key, key) if key in found.plurals else key
        pot.add(message_id, locations=[(path, 0) for path in where])
    return pot


def _catalog(lang: str | None, path: Path) -> Catalog:
    """An empty catalogue with the header of the file it will replace (its dates kept, so
    that a run that changes no message changes no file)."""
    what = f"The {lang} texts" if lang else "The template of the texts"
    catalog = Catalog(locale=lang, project=PROJECT, version="1", fuzzy=False,
                      msgid_bugs_address="", copyright_holder=PROJECT,
                      header_comment=f"# {what} of wordyahtzee's screens: messages named by "
                                     "key.\n# python -m scripts.i18n extract | update | "
                                     "compile (docs/web.md, Languages).")
    if path.exists():
        before = read_catalog(path, lang)
        catalog.creation_date = before.creation_date
        catalog.revision_date = before.revision_date
        catalog.last_translator = before.last_translator
        catalog.language_team = before.language_team
    return catalog


def _dump(catalog: Catalog, **options: bool) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, include_lineno=False,
             sort_output=True, **options)
    return buffer.getvalue()


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)
        print(f"i18n: wrote {path.relative_to(ROOT)}", file=sys.stderr)


def extract() -> Catalog:
    """Write the template."""
    pot = template()
    _write(TEMPLATE, _dump(pot))
    return pot


def updated(lang: str, pot: Catalog) -> Catalog:
    """A language's catalogue with exactly the template's messages, keeping each
    translation (a singular text becomes the first form of a new plural, to check)."""
    old = read_catalog(po_path(lang), lang) if po_path(lang).exists() else Catalog(locale=lang)
    kept = {_key(m): m for m in old if m.id}
    new = _catalog(lang, po_path(lang))
    forms = new.num_plurals
    for message in pot:
        if not message.id:
            continue
        key = _key(message)
        before = kept.get(key)
        texts = _texts(before) if before is not None else ("",)
        text: str | tuple[str, ...] = (
            (texts + ("",) * forms)[:forms] if message.pluralizable else texts[0])
        new.add(message.id, text, locations=message.locations,
                auto_comments=before.auto_comments if before else ())
    return new


def update() -> None:
    """Every language brought to the template."""
    pot = read_catalog(TEMPLATE)
    for lang in LANGUAGES:
        _write(po_path(lang), _dump(updated(lang, pot)))


def compiled(lang: str) -> bytes:
    """A language's ``.mo`` file, from its ``.po``."""
    buffer = io.BytesIO()
    write_mo(buffer, read_catalog(po_path(lang), lang), use_fuzzy=False)
    return buffer.getvalue()


def compile_all() -> None:
    """Write every ``.mo`` file."""
    for lang in LANGUAGES:
        _write(po_path(lang).with_suffix(".mo"), compiled(lang))


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def problems() -> list[str]:
    """Everything that keeps the catalogues from being true to the code, a line each."""
    lines: list[str] = []
    pot = template()
    wanted = {_key(m): m.pluralizable for m in pot if m.id}
    written = ({_key(m): m.pluralizable for m in read_catalog(TEMPLATE) if m.id}
               if TEMPLATE.exists() else {})
    if written != wanted:
        lines.append("messages.pot is out of date with the code: python -m scripts.i18n extract")
    for lang in LANGUAGES:
        catalog = read_catalog(po_path(lang), lang)
        have = {_key(m): m for m in catalog if m.id}
        for key in sorted(set(wanted) - set(have)):
            lines.append(f"{lang}: {key} is missing: python -m scripts.i18n update")
        for key in sorted(set(have) - set(wanted)):
            lines.append(f"{lang}: {key} is named nowhere in the code: "
                         "python -m scripts.i18n update")
        for key in sorted(set(wanted) & set(have)):
            message = have[key]
            if message.pluralizable != wanted[key]:
                lines.append(f"{lang}: {key} should {'' if wanted[key] else 'not '}"
                             "have plural forms: python -m scripts.i18n update")
            if not all(text.strip() for text in _texts(message)):
                lines.append(f"{lang}: {key} is not translated")
            elif message.fuzzy:
                lines.append(f"{lang}: {key} is fuzzy (a translation to check)")
        mo = po_path(lang).with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != compiled(lang):
            lines.append(f"{lang}: messages.mo is out of date: python -m scripts.i18n compile")
    source = {_key(m): _texts(m) for m in read_catalog(po_path(SOURCE_LANGUAGE)) if m.id}
    for lang in LANGUAGES:
        for message in read_catalog(po_path(lang), lang):
            key = _key(message) if message.id else ""
            if not key or key not in source:
                continue
            expected = _placeholders(" ".join(source[key]))
            for text in _texts(message):
                if text.strip() and _placeholders(text) - expected - {"n"}:
                    lines.append(f"{lang}: {key} has placeholders English lacks: {text!r}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["extract", "update", "compile", "check"])
    args = parser.parse_args(argv)
    if args.command == "extract":
        extract()
    elif args.command == "update":
        update()
    elif args.command == "compile":
        compile_all()
    else:
        lines = problems()
        for line in lines:
            print(line)
        return 2 if lines else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
