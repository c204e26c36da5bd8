"""Why a dictionary holds or refuses a word: ``wordyahtzee check --why``, the check API and
the game's word feedback.

A dictionary may carry its reasons beside its word list, ``NAME.why.tsv.gz``: one line
``folded<TAB>code<TAB>detail`` per word, written by the script that builds the list
(``scripts/build_nl_dictionary.py`` for ``nl``, ``scripts/build_nl_basis_excluded.py`` for
``nl-basis``). The codes:

====  ===============  ===================================================================
code  source           meaning
====  ===============  ===================================================================
R     ``reviewed``     an entry of OpenTaal's reviewed list (checked against the
                       Woordenlijst); a valid word without a line is one
U     ``unreviewed``   an entry of OpenTaal's unreviewed lists
I     ``inflection``   an unreviewed entry that is a regular form of the kept word *detail*
S     ``supplement``   added by the supplement; *detail* names its source
T     ``two_letter``   decided by the two-letter list; *detail* is the reason written there
J     ``judged``       an unreviewed entry kept by a written verdict (*detail*)
W     ``frequent``     a frequent word of Dutch text OpenTaal lacks, kept by a written
                       verdict (*detail*: its reason; ``dictionaries/nl-frequent.tsv``)
A     ``abbreviation`` refused: an abbreviation or symbol
N, C  ``name``         refused: a name (C: the source writes it only with a capital)
F     ``foreign``      refused: a foreign word (*detail*: the verdict's reason or the rule)
X     ``not_a_word``   refused: a letter name, a fragment of a phrase, junk
O     ``offensive``    refused: kept out of a list for children
====  ===============  ===================================================================

A word the moderators decided on the live site (:mod:`~wordyahtzee.lexicon.overlay`) says
``moderated``, with their reason as *detail*, whatever its list says.

A dictionary built from another one (its sidecar names one source of type ``dictionary``,
as ``nl-basis`` names ``nl``) explains a word it shares by the other's reason, and a word it
left out as rarer than it keeps (``rare``). A dictionary without reasons says only
``listed`` or ``not_listed``. A refused word also gets up to three valid words one edit away.
"""

from __future__ import annotations

import gzip
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import marisa_trie

from ..errors import DictionaryError
from ..letters import fold, is_plain_word
from .lexicon import Lexicon
from .overlay import Overlay
from .registry import DictionaryEntry, find_dictionary, load_lexicon

__all__ = ["Why", "explain", "report_facts"]

CODES = {"R": "reviewed", "U": "unreviewed", "I": "inflection", "S": "supplement",
         "T": "two_letter", "J": "judged", "W": "frequent", "A": "abbreviation", "N": "name",
         "C": "name",
         "F": "foreign", "X": "not_a_word", "O": "offensive"}
KEPT = {"reviewed", "unreviewed", "inflection", "supplement", "two_letter", "judged",
        "frequent", "listed"}

TEXTS = {
    "reviewed": "a reviewed entry of the OpenTaal word list (checked against the Woordenlijst)",
    "unreviewed": "an unreviewed entry of the OpenTaal word list",
    "inflection": "an unreviewed entry of the OpenTaal word list, a form of {detail}",
    "supplement": "added by the supplement ({detail})",
    "two_letter": "the two-letter list: {detail}",
    "judged": "an unreviewed entry, judged a word: {detail}",
    "frequent": "a frequent word of Dutch text, judged a word: {detail}",
    "listed": "in the word list",
    "moderated": "decided by a moderator: {detail}",
    "not_listed": "not in the word list",
    "abbreviation": "an abbreviation or symbol",
    "name": "a name",
    "foreign": "a foreign word",
    "not_a_word": "not a word on its own",
    "offensive": "offensive",
    "rare": "in {detail}, but rarer in running text than this dictionary keeps",
}
REFUSALS = ("abbreviation", "name", "foreign", "not_a_word", "offensive")
SELF_SPEAKING = ("abbreviation", "symbol", "unit", "first name", "surname", "place name",
                 "brand", "letter name", "not a word", "fragment", "a form of", "written only",
                 "a swear word", "no vowel", "a listed", "also written", "in none")
"""A refusal's detail that starts so says what it is by itself (``first name``)."""

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
NEARBY = 3


@dataclass(frozen=True)
class Why:
    """Where a valid word comes from, or why a word is refused."""

    word: str
    valid: bool
    source: str
    """One of the codes' names above, ``listed``/``not_listed``, or ``rare``."""
    detail: str = ""
    nearby: tuple[str, ...] = ()
    """Up to three valid words one edit away from a refused word, commonest first."""

    @property
    def text(self) -> str:
        """The reason as a phrase (``first name``, ``a foreign word (English only)``)."""
        if self.source in REFUSALS and self.detail:
            if self.detail.lower().startswith(SELF_SPEAKING):
                return self.detail
            return f"{TEXTS[self.source]} ({self.detail})"
        return TEXTS[self.source].format(detail=self.detail).replace(" ()", "")

    def to_json(self) -> dict[str, Any]:
        """The reason for the API: source, detail, text and the nearby words."""
        return {"source": self.source, "detail": self.detail, "text": self.text,
                "nearby": list(self.nearby)}


_tables: dict[tuple[str, int], marisa_trie.BytesTrie | None] = {}
_lock = threading.Lock()


def _reasons(entry: DictionaryEntry) -> marisa_trie.BytesTrie | None:
    """The dictionary's reasons (``NAME.why.tsv.gz`` beside its word list), read once."""
    path = entry.words_path.with_name(f"{entry.name}.why.tsv.gz")
    try:
        key = (str(path), path.stat().st_mtime_ns)
    except OSError:
        return None
    with _lock:
        if key not in _tables:
            _tables[key] = _read(path)
        return _tables[key]


def _read(path: Path) -> marisa_trie.BytesTrie:
    items = []
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            word, code, detail = line.rstrip("\n").split("\t", 2)
            items.append((word, f"{code}\t{detail}".encode()))
    return marisa_trie.BytesTrie(items)


def _base(entry: DictionaryEntry) -> str | None:
    """The one dictionary ``entry`` was built from, if it names exactly one."""
    names = [s.get("name") for s in entry.meta.get("sources") or ()
             if isinstance(s, dict) and s.get("type") == "dictionary"]
    return names[0] if len(names) == 1 and names[0] != entry.name else None


def explain(word: str, dictionary: str | Lexicon = "nl", overlay: Overlay | None = None
            ) -> Why:
    """Why ``dictionary`` (a name, or a loaded lexicon) holds or refuses ``word`` (see the
    module's text), the moderators' decisions in ``overlay`` first. A lexicon that no named
    dictionary backs says ``listed`` or ``not_listed``."""
    lexicon = load_lexicon(dictionary) if isinstance(dictionary, str) else dictionary
    valid = lexicon.is_valid(word, overlay)
    moderated = None if overlay is None else overlay.verdict(lexicon.name, fold(word))
    if moderated is not None:
        return Why(word, valid, "moderated", moderated[1],
                   () if valid else nearby_words(lexicon, word))
    try:
        entry: DictionaryEntry | None = find_dictionary(lexicon.name)
    except DictionaryError:
        entry = None
    if not word.isprintable():  # a NUL, a control character: no word, in no list
        source, detail = "not_listed", ""
    elif entry is None or entry.meta.get("checksum") != lexicon.info.checksum:
        source, detail = ("listed" if valid else "not_listed"), ""
    else:
        source, detail = _explain(fold(word), valid, entry, depth=0)
    nearby = () if valid else nearby_words(lexicon, word)
    return Why(word, valid, source, detail, nearby)


def _explain(folded: str, valid: bool, entry: DictionaryEntry, depth: int) -> tuple[str, str]:
    table = _reasons(entry)
    # a key with a NUL reads another entry's bytes in a marisa trie: never looked up
    found = (table.get(folded) if table is not None and folded and folded.isprintable()
             else None)
    if found:
        code, detail = found[0].decode().split("\t", 1)
        return CODES.get(code, "listed" if valid else "not_listed"), detail
    base = _base(entry) if depth < 3 else None
    if base is not None:
        try:
            base_entry: DictionaryEntry | None = find_dictionary(base)
        except DictionaryError:  # a user dictionary whose source has gone
            base_entry = None
        if base_entry is not None:
            in_base = is_plain_word(folded) and folded in load_lexicon(base)
            source, detail = _explain(folded, in_base, base_entry, depth + 1)
            if valid or not in_base:
                return source, detail
            return "rare", base
    if valid:
        return ("reviewed" if table is not None else "listed"), ""
    return "not_listed", ""


def nearby_words(lexicon: Lexicon, word: str, limit: int = NEARBY) -> tuple[str, ...]:
    """Valid words one edit (a letter left out, put in, changed, or two swapped) away from
    ``word``, commonest first."""
    w = fold(word)
    if not is_plain_word(w) or len(w) > 40:
        return ()
    edits = set()
    for i in range(len(w) + 1):
        left, right = w[:i], w[i:]
        if right:
            edits.add(left + right[1:])
            for ch in ALPHABET:
                edits.add(left + ch + right[1:])
        if len(right) > 1:
            edits.add(left + right[1] + right[0] + right[2:])
        for ch in ALPHABET:
            edits.add(left + ch + right)
    edits.discard(w)
    found = [e for e in edits if len(e) >= 2 and e in lexicon]
    found.sort(key=lambda e: (-lexicon.zipf(e), e))
    return tuple(found[:limit])


def report_facts(report: Mapping[str, Any], decision: Mapping[str, Any] | None
                 ) -> dict[str, Any]:
    """A player's report (``WordReport.to_json()``) with what its editor needs (``wordyahtzee
    dict reports``): ``zipf``, how often the dictionary's language writes the word (None for
    a dictionary that is gone); ``family``, why the dictionary holds or refuses it (a name,
    not in the list, a form of …); the moderators' ``decision``; and once decided, the line
    of a judged list: ``verdict`` (``keep``/``drop``) and ``verdict_reason`` (the decision's
    reason, the report and who decided)."""
    import datetime

    from wordfreq import zipf_frequency

    word, name = str(report["word"]), str(report["dictionary"])
    try:
        why = explain(word, name)
        family = f"{why.source}: {why.text}" if why.text else why.source
        zipf: float | None = zipf_frequency(word, find_dictionary(name).language or "nl")
    except DictionaryError:
        family, zipf = "dictionary gone", None
    out = {**report, "zipf": zipf, "family": family, "decision": decision,
           "verdict": None, "verdict_reason": None}
    if decision is not None:
        day = datetime.datetime.fromtimestamp(float(decision["at"]), datetime.UTC).date()
        kind = str(report["kind"]).replace("_", " ")
        out["verdict"] = "keep" if decision["verdict"] == "accept" else "drop"
        out["verdict_reason"] = (f"{decision['reason']} (reported {report['count']}x as "
                                 f"{kind}; decided by {decision['moderator']} on {day})")
    return out
