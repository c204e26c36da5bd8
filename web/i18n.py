"""The words the screens speak: Dutch by default, English switchable (``?lang=en``).

The texts live in JSON catalogues, one per screen or mode, in ``static/i18n``
(``{"nl": {key: text}, "en": {key: text}}``): ``app.json`` for the shared screens, Woord
Yahtzee and classic Yahtzee, ``kaartspel.json`` for the board game, and one more for every
further mode. A key is defined once, in one catalogue, in every language (a test checks it):
there is no silent fallback to another language. Pages use :func:`translator`; the browser
scripts get the same table as JSON. Engine error messages are English; the scripts show the
translation of the error *code* from here (``err.<code>``) and fall back to the engine's
message.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

LANGUAGES = ("nl", "en")
DEFAULT_LANGUAGE = "nl"
CATALOGUES = Path(__file__).parent / "static" / "i18n"


def load_catalogues(folder: Path = CATALOGUES) -> dict[str, dict[str, str]]:
    """Every catalogue of ``folder`` merged, per language; ``ValueError`` on a key that two
    catalogues define."""
    tables: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
    owner: dict[str, str] = {}
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for lang in LANGUAGES:
            for key, text in data.get(lang, {}).items():
                if owner.setdefault(key, path.name) != path.name:
                    raise ValueError(f"{key!r} is in both {owner[key]} and {path.name}")
                tables[lang][key] = text
    return tables


TABLES = load_catalogues()
NL = TABLES["nl"]
"""The Dutch texts."""
EN = TABLES["en"]
"""The English texts."""


def strings(lang: str) -> dict[str, str]:
    """The whole table for a language (Dutch for an unknown language)."""
    return TABLES.get(lang, TABLES[DEFAULT_LANGUAGE])


def translator(lang: str) -> Callable[..., str]:
    """``t(key, **params)`` for a language; an unknown key shows as itself."""
    table = strings(lang)

    def t(key: str, **params: object) -> str:
        text = table.get(key, key)
        return text.format(**params) if params else text

    return t
