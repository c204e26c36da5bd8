"""The words the screens speak: Dutch by default, English and German too.

The texts live in gettext catalogues, one per language, in ``translations/<lang>/
LC_MESSAGES/messages.po`` (compiled to ``messages.mo`` next to it, which is what is read at
run time). A message is named by a key (``nav.play``, ``box.full_house``): the catalogues are
*monolingual* gettext, the way Weblate and Poedit handle key-named messages, with the English
catalogue as the source text for translators. ``translations/messages.pot`` is the template
made from the code by ``python -m scripts.i18n extract``; ``update`` brings every language to
it and ``compile`` writes the ``.mo`` files (docs/web.md, "Languages"). A test fails when a
language lacks a message, or when the catalogues are out of date with the code.

A message with a count has real plural forms (``ngettext``): :meth:`Speaker.tn`. There is no
silent fallback to another language: a message missing from a catalogue shows as its key.
Pages get a :class:`Speaker`; the browser scripts get the same catalogue as JSON
(:func:`script_catalogue`). Engine error messages are English; the screens show the
translation of the error *code* (``err.<code>``). Numbers are written per locale by Babel.
"""

from __future__ import annotations

import datetime as dt
import decimal
import functools
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel import Locale
from babel.dates import format_date
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import Translations

LANGUAGES = ("nl", "en", "de")
"""The screens' languages, the default first."""
DEFAULT_LANGUAGE = "nl"
LANGUAGE_NAMES = {"nl": "Nederlands", "en": "English", "de": "Deutsch"}
"""Each language in its own words, for the language menu."""
TRANSLATIONS = Path(__file__).parent / "translations"
"""The catalogues' folder (Flask-Babel's translation directory)."""
DOMAIN = "messages"
SCRIPTS = "web/static/js/"
"""Where the browser scripts are, as a message's locations name them."""
# CLDR's plural categories in their canonical order: gettext's forms follow it
PLURAL_ORDER = ("zero", "one", "two", "few", "many", "other")

Message = str | tuple[str, ...]
"""A message's text, or its plural forms."""


def po_path(lang: str) -> Path:
    """The catalogue of a language."""
    return TRANSLATIONS / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def translations(lang: str) -> Translations:
    """The compiled catalogue of a language (``ValueError`` for one the site lacks)."""
    if lang not in LANGUAGES:
        raise ValueError(f"no catalogue for {lang!r}")
    loaded = Translations.load(str(TRANSLATIONS), [lang], DOMAIN)
    if not isinstance(loaded, Translations):
        raise ValueError(f"the catalogue of {lang!r} is not compiled: "
                         "python -m scripts.i18n compile")
    return loaded


@functools.cache
def _read(lang: str) -> tuple[dict[str, Message], frozenset[str]]:
    """A language's ``.po`` file: every message, and the keys the browser scripts name (a
    message's locations say where the code names it)."""
    with po_path(lang).open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    texts: dict[str, Message] = {}
    scripts: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        key = str(message.id[0] if isinstance(message.id, tuple | list) else message.id)
        string = message.string
        texts[key] = (tuple(text or "" for text in string) if isinstance(string, tuple | list)
                      else string or "")
        if any(path.startswith(SCRIPTS) for path, _ in message.locations):
            scripts.add(key)
    return texts, frozenset(scripts)


def catalogue(lang: str) -> dict[str, Message]:
    """Every message of a language: its text, or its plural forms."""
    return _read(lang)[0]


def plural_categories(lang: str) -> list[str]:
    """The CLDR plural categories of a language, in the order of its gettext forms
    (``["one", "other"]`` for Dutch, English and German): the scripts pick a form with the
    browser's ``Intl.PluralRules``."""
    tags = Locale.parse(lang).plural_form.tags | {"other"}
    return [tag for tag in PLURAL_ORDER if tag in tags]


@functools.cache
def script_catalogue(lang: str) -> dict[str, Any]:
    """What the browser scripts get: the language, its plural categories and the messages
    the scripts name (a list of forms for a plural one); the rest (the rules' prose, the
    pages' own texts) stays on the server."""
    texts, scripts = _read(lang)
    return {"lang": lang, "plurals": plural_categories(lang),
            "messages": {key: list(text) if isinstance(text, tuple) else text
                         for key, text in texts.items() if key in scripts}}


@functools.cache
def script_json(lang: str) -> str:
    """:func:`script_catalogue` as JSON to embed in a page's ``<script>`` element."""
    return json.dumps(script_catalogue(lang), ensure_ascii=False).replace("</", "<\\/")


@dataclass(frozen=True)
class Speaker:
    """The texts and numbers of one language."""

    lang: str

    def t(self, key: str, **params: object) -> str:
        """The message ``key`` with its ``{named}`` parameters filled in; a message the
        catalogue lacks shows as its key."""
        text = translations(self.lang).gettext(key)
        return text.format(**params) if params else text

    def has(self, key: str) -> bool:
        """Whether the catalogue has the message ``key`` (one built at run time)."""
        return key in catalogue(self.lang)

    def tn(self, key: str, count: int, /, **params: object) -> str:
        """The plural form of ``key`` for ``count`` (also given to the text as ``n``,
        written the language's way, unless ``params`` name it otherwise)."""
        text = translations(self.lang).ngettext(key, key, count)
        return text.format(**{"n": self.number(count), **params})

    def number(self, value: float, decimals: int = 0) -> str:
        """``value`` written the language's way (Dutch and German: 100.000 and 254,5;
        English: 100,000 and 254.5), with exactly ``decimals`` decimals."""
        pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
        return format_decimal(rounded(value, decimals), format=pattern, locale=self.lang)

    def figure(self, value: float) -> str:
        """``value`` as short as it goes, at most two decimals (``3,36``, ``12``)."""
        return format_decimal(rounded(value, 2).normalize(), locale=self.lang)

    def date(self, day: dt.date | str, form: str = "long") -> str:
        """A day written the language's way (``28 november 2026``, ``28. November 2026``,
        ``November 28, 2026``); ``form`` is Babel's ``short``, ``medium``, ``long`` or
        ``full``."""
        if isinstance(day, str):
            day = dt.date.fromisoformat(day)
        return format_date(day, format=form, locale=self.lang)


def rounded(value: float, decimals: int) -> decimal.Decimal:
    """``value`` to ``decimals`` decimals the way a reader rounds what is written: its
    shortest decimal form (``189.65``), a half away from zero (``189.7``). Babel would round a
    half to even and Python's ``round`` the binary fraction; the pages' scripts round the
    same way as this (``number`` in static/js/common.js)."""
    quantum = decimal.Decimal(1).scaleb(-decimals)
    return decimal.Decimal(str(value)).quantize(quantum, rounding=decimal.ROUND_HALF_UP)


def speaker(lang: str) -> Speaker:
    """The speaker of a language (the default language for one the site lacks)."""
    return Speaker(lang if lang in LANGUAGES else DEFAULT_LANGUAGE)


def translator(lang: str) -> Callable[..., str]:
    """``t(key, **params)`` for a language."""
    return speaker(lang).t
