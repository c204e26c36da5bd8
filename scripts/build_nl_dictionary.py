#!/usr/bin/env python3
"""Build the shipped Dutch "ordinary dictionary" word list, ``dictionaries/nl.txt.gz``, and
the reason for every word it keeps or refuses, ``dictionaries/nl.why.tsv.gz``.

Source: the OpenTaal word list as packaged by Debian (``wdutch``, ``/usr/share/dict/dutch``).
docs/rules.md §1 allows only words "from an ordinary dictionary: no proper names, abbreviations,
place names or foreign words". This script applies that filter rule by rule (see
``dictionaries/README.md``) and writes the kept words in their original spelling (diacritics
kept, lower case), sorted and unique, one per line, gzip-compressed deterministically.

Written verdicts come first: ``dictionaries/nl-verdicts.tsv`` (and ``nl-two-letter.tsv``
for two-letter words) decides every word it names, whatever a rule says. An entry that
OpenTaal reviewed (``basiswoorden-gekeurd``) is never dropped by a rule: when a rule would
drop one that no verdict names, the build stops and names it, so that it is judged.

Usage (from the repository root)::

    python -m scripts.build_nl_dictionary [SOURCE] [--out PATH] [--sample N]

Needs only the standard library, ``wordyahtzee.letters`` and ``wordfreq`` (used as a signal
for foreign words; the shipped list was built with wordfreq 3.1.1).
"""

from __future__ import annotations

import argparse
import collections
import gzip
import json
import math
import random
import sys
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from scripts import nl_family_rules as family_rules
from scripts.nl_family import attributive, bases, derived_index, participles, relatives
from scripts.nl_lists import (
    ABBREVIATIONS,
    DOTTED_STEM_WORDS,
    ENGLISH_OK,
    ENGLISH_WORDS,
    FOREIGN,
    KEEP,
    SINGLE_LETTER_WORDS,
    UNLISTED_WORDS,
    VOWELLESS_INTERJECTIONS,
)
from wordyahtzee.letters import fold, is_plain_word

REPO = Path(__file__).resolve().parent.parent

DEFAULT_SOURCE = Path("/usr/share/dict/dutch")
DICT_DIR = REPO / "dictionaries"
DEFAULT_OUT = DICT_DIR / "nl.txt.gz"
WHY_OUT = DICT_DIR / "nl.why.tsv.gz"
WORDFREQ_VERSION = "3.1.1"
TWO_LETTER_FILE = DICT_DIR / "nl-two-letter.tsv"
VERDICTS_FILE = DICT_DIR / "nl-verdicts.tsv"
SUPPLEMENT_FILE = DICT_DIR / "nl-supplement.tsv"
FREQUENT_FILE = DICT_DIR / "nl-frequent.tsv"
FREQUENT_SOURCE = "frequent in Dutch text, judged"
"""The source a kept word of ``nl-frequent.tsv`` names (beside its verdict's reason)."""
OPENTAAL_FILE = DICT_DIR / "nl-opentaal.tsv.gz"
OPENTAAL_COMMIT = "b250510dda431785f962019167d1415198ff3905"
"""The OpenTaal/opentaal-wordlist commit that ``nl-opentaal.tsv.gz`` was derived from."""
OPENTAAL_LISTS = {
    "gekeurd": "elements/basiswoorden-gekeurd.txt",
    "ongekeurd": "elements/basiswoorden-ongekeurd.txt",
    "flexies": "elements/flexies-ongekeurd.txt",
    "verbs": "experimenteel/werkwoorden-infinitief.txt",
    "plurals": "experimenteel/nouns-meervouden.txt",
}

# The frequency rule: a word is foreign when it is uncommon in Dutch text (wordfreq Zipf < 3.6)
# yet common in English, French, German, Spanish, Italian or Portuguese (Zipf >= 3.3, at
# least 1.3 higher), and no Dutch relative of it (nl_family.relatives) is in the source.
AUTO_NL_MAX = 3.6
AUTO_OTHER_MIN = 3.3
AUTO_GAP = 1.3
OTHER_LANGS = ("en", "fr", "de", "es", "it", "pt")

# The English rule: an unreviewed entry (basiswoorden-ongekeurd or flexies-ongekeurd) is
# English when English text uses it clearly more than Dutch text does.
ENGLISH_MIN = 2.0
ENGLISH_GAP = 1.0

RESCUED_RULES = ("foreign_listed", "foreign_frequency", "english_unreviewed", "name")
"""Drops that a kept base word undoes (the English words listed by reading stay out)."""
FOLLOWED_RULES = (*RESCUED_RULES, "english_listed", "verdict")
"""Drops of a base word that its unreviewed inflections follow."""

NFC = lambda text: unicodedata.normalize("NFC", text.strip())  # noqa: E731


@dataclass(frozen=True)
class Verdict:
    """A written decision on one word: keep it or drop it, and why."""

    keep: bool
    reason: str


@dataclass(frozen=True)
class Decision:
    """What the build does with an entry: ``kept``, the rule or verdict (``code``) and a
    detail (the verdict's reason, the base word of a family rule ...)."""

    kept: bool
    code: str
    detail: str = ""


# ---------------------------------------------------------------------------------------------
# The inputs
# ---------------------------------------------------------------------------------------------


def read_tsv(path: Path) -> list[list[str]]:
    """The tab-separated rows of ``path``, without comments, blank lines and the header."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        rows.append(line.split("\t"))
    return rows[1:]


def load_verdicts(path: Path = VERDICTS_FILE) -> dict[str, Verdict]:
    """Word -> verdict, from a judged list (``nl-verdicts.tsv``, ``nl-two-letter.tsv``):
    columns word, keep/drop, reason; every row needs all three, and a word appears once."""
    table: dict[str, Verdict] = {}
    for row in read_tsv(path):
        if len(row) != 3 or row[1] not in ("keep", "drop") or not row[2].strip():
            raise ValueError(f"{path.name}: bad row {row}")
        word = NFC(row[0])
        if word in table:
            raise ValueError(f"{path.name}: {word!r} twice")
        table[word] = Verdict(row[1] == "keep", row[2].strip())
    return table


def load_two_letter(path: Path = TWO_LETTER_FILE) -> dict[str, Verdict]:
    """Folded two-letter word -> verdict (the judged list ``nl-two-letter.tsv``)."""
    table = load_verdicts(path)
    if any(len(word) != 2 for word in table):
        raise ValueError(f"{path.name}: a word that is not two letters")
    return table


def load_supplement(path: Path = SUPPLEMENT_FILE) -> dict[str, str]:
    """Word -> source, from the reviewed supplement ``nl-supplement.tsv``."""
    table: dict[str, str] = {}
    for row in read_tsv(path):
        word, source = row[0], row[1]
        if not word.isalpha() or word != word.lower() or not source.strip():
            raise ValueError(f"{path.name}: bad row {row}")
        table[NFC(word)] = source
    return table


def load_opentaal(path: Path = OPENTAAL_FILE) -> dict[str, str]:
    """Lower-case entry -> its OpenTaal tags (see :func:`derive_opentaal`)."""
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return dict(line.rstrip("\n").split("\t") for line in fh)


def derive_opentaal(gitdir: Path, entries: list[str], out: Path = OPENTAAL_FILE) -> None:
    """Write ``nl-opentaal.tsv.gz`` from a clone of OpenTaal/opentaal-wordlist.

    One line per lower-case, all-letter entry of the source that has a tag: ``n`` in none of
    basiswoorden-gekeurd/-ongekeurd and flexies-ongekeurd; ``u`` an unreviewed basic word,
    ``f`` an unreviewed inflection; ``v`` an infinitive, ``p`` a noun plural (OpenTaal's
    experimental word-class lists). An entry without ``n``, ``u`` or ``f`` is a reviewed word
    (basiswoorden-gekeurd).
    """
    import subprocess

    def read(name: str) -> set[str]:
        text = subprocess.run(["git", "--git-dir", str(gitdir), "show",
                               f"{OPENTAAL_COMMIT}:{OPENTAAL_LISTS[name]}"],
                              check=True, capture_output=True).stdout.decode("utf-8")
        return {NFC(w) for w in text.splitlines()}

    lists = {name: read(name) for name in OPENTAAL_LISTS}
    lines = []
    for w in sorted({NFC(e) for e in entries}):
        if not (w.isalpha() and w == w.lower()):
            continue
        tag = ""
        if w not in lists["gekeurd"]:
            tag = "u" if w in lists["ongekeurd"] else "f" if w in lists["flexies"] else "n"
        tag += "v" if w in lists["verbs"] else ""
        tag += "p" if w in lists["plurals"] else ""
        if tag:
            lines.append(f"{w}\t{tag}")
    write_gzip(lines, out)
    print(f"{len(lines)} tagged entries -> {out}")


# ---------------------------------------------------------------------------------------------
# The rules
# ---------------------------------------------------------------------------------------------


def zipf(word: str, lang: str) -> float:
    """wordfreq's ``zipf_frequency(word, lang)``, without its tokenizer for a word of plain
    lower-case letters (most of the source), which is a single token as it stands: the
    tokenizer is most of a build's time. The same rounding as wordfreq's (its version is
    locked; tests/test_nl_build.py compares the two on a sample, and the build's output
    byte for byte)."""
    from wordfreq import get_frequency_dict, zipf_frequency

    if not (word.isascii() and word.isalpha() and word.islower()):
        return zipf_frequency(word, lang)
    freq = max(get_frequency_dict(lang).get(word, 0.0), 1e-9)  # 1e-9: Zipf 0, the minimum
    freq = round(freq, math.floor(-math.log(freq, 10)) + 3)  # three significant digits
    return round(math.log(freq, 10) + 9, 2)


class Frequencies:
    """wordfreq's Zipf frequencies in Dutch and the six other languages, cached."""

    def __init__(self) -> None:
        self.cache: dict[str, tuple[float, ...]] = {}

    def __call__(self, word: str) -> tuple[float, ...]:
        found = self.cache.get(word)
        if found is None:
            found = tuple(zipf(word, lang) for lang in ("nl", *OTHER_LANGS))
            self.cache[word] = found
        return found

    def foreign(self, word: str) -> bool:
        """Uncommon in Dutch text, common in another language (the frequency rule)."""
        f = self(word)
        other = max(f[1:])
        return f[0] < AUTO_NL_MAX and other >= AUTO_OTHER_MIN and other - f[0] >= AUTO_GAP

    def english(self, word: str) -> bool:
        """English text uses it clearly more than Dutch text (the English rule)."""
        f = self(word)
        return f[1] >= ENGLISH_MIN and f[1] - f[0] >= ENGLISH_GAP


class Classifier:
    """Decides every entry of the source (see the README for the rules, in order)."""

    def __init__(self, entries: Iterable[str], opentaal: Mapping[str, str],
                 two_letter: Mapping[str, Verdict], verdicts: Mapping[str, Verdict]) -> None:
        self.distinct = list(dict.fromkeys(NFC(e) for e in entries if e.strip()))
        self.opentaal = opentaal
        self.two_letter = two_letter
        self.verdicts = verdicts
        self.freqs = Frequencies()
        self.capitalised = {e for e in self.distinct if e[:1].isupper()}
        self.dotted_stems = {fold(e.replace(".", "")) for e in self.distinct
                             if "." in e and " " not in e and e == e.lower()
                             and e.replace(".", "").isalpha()}
        self.plain = {e: fold(e) for e in self.distinct
                      if e.isalpha() and e == e.lower() and is_plain_word(fold(e))}
        self.folded_entries = set(self.plain.values())
        self.index = derived_index(self.folded_entries)
        self.verbs = {fold(e) for e, tag in opentaal.items() if "v" in tag}

    def reviewed(self, entry: str) -> bool:
        """Is ``entry`` in OpenTaal's reviewed list (basiswoorden-gekeurd)?"""
        return not any(tag in self.opentaal.get(entry, "") for tag in "nuf")

    # -- one entry ----------------------------------------------------------------------------

    def shape(self, e: str) -> str | None:
        """The drop of an entry that is not a lower-case word of letters a–z, if any."""
        checks = (("digit", any(ch.isdigit() for ch in e)), ("space", " " in e),
                  ("hyphen", "-" in e), ("apostrophe", "'" in e or "’" in e),
                  ("period", "." in e), ("other_character", not e.isalpha()),
                  ("capitalised", e != e.lower()), ("not_a_to_z", e not in self.plain))
        return next((name for name, hit in checks if hit), None)

    def rule(self, e: str) -> str | None:
        """The first automatic rule that drops the plain entry ``e`` (None: none does)."""
        folded = self.plain[e]
        if len(folded) == 1:
            return None if e in SINGLE_LETTER_WORDS else "single_letter"
        if not any(ch in "aeiouy" for ch in folded):
            return None if folded in VOWELLESS_INTERJECTIONS else "abbreviation_no_vowel"
        if folded in self.dotted_stems and folded not in DOTTED_STEM_WORDS:
            return "abbreviation_dotted_form"
        if folded in ABBREVIATIONS:
            return "abbreviation_listed"
        tag = self.opentaal.get(e, "")
        if "n" in tag and e not in UNLISTED_WORDS:
            return "not_in_opentaal"
        if e in KEEP:
            return None
        if e in FOREIGN:
            return "foreign_listed"
        if self.freqs.foreign(e) and not self.anchored(folded):
            return "foreign_frequency"
        unreviewed = "u" in tag or "f" in tag
        if unreviewed and e in ENGLISH_WORDS:
            return "english_listed"
        if unreviewed and e not in ENGLISH_OK and self.freqs.english(e):
            return "english_unreviewed"
        if (unreviewed and e not in ENGLISH_OK | UNLISTED_WORDS
                and e[:1].upper() + e[1:] in self.capitalised):
            return "name"
        return None

    def anchored(self, folded: str) -> bool:
        """Has ``folded`` a Dutch relative in the source: one that is not used abroad, or
        that Dutch text uses as much as foreign text?"""
        for r in relatives(folded, self.index):
            if len(r) >= 3 and r in self.folded_entries:
                f = self.freqs(r)
                other = max(f[1:])
                if not (other >= 2.0 and other - f[0] >= 0.5):
                    return True
                if f[0] >= 1.0 and not self.freqs.foreign(r):
                    return True
        return False

    def decide(self, e: str) -> Decision:
        """The decision on ``e`` before the family pass."""
        drop = self.shape(e)
        if drop is not None:
            return Decision(False, drop)
        folded = self.plain[e]
        if len(folded) == 2:
            verdict = self.two_letter.get(folded)
            if verdict is None:
                raise ValueError(f"two-letter entry {e!r} is not in {TWO_LETTER_FILE.name}")
            return Decision(verdict.keep, "two_letter", verdict.reason)
        verdict = self.verdicts.get(e)
        if verdict is not None:
            return Decision(verdict.keep, "verdict", verdict.reason)
        rule = self.rule(e)
        if rule is None:
            return Decision(True, "reviewed" if self.reviewed(e) else "unreviewed")
        if self.reviewed(e):
            raise Unjudged(e, rule)
        return Decision(False, rule)

    # -- every entry --------------------------------------------------------------------------

    def run(self) -> dict[str, Decision]:
        """Entry -> decision, after the family pass: an unreviewed entry dropped as foreign
        or as a name is kept when it is a regular form of a kept word (``nl_family``), and a
        kept unreviewed entry goes when every word it is a form of was dropped as foreign or
        as a name (or by a verdict)."""
        decisions: dict[str, Decision] = {}
        unjudged: list[Unjudged] = []
        for e in self.distinct:
            try:
                decisions[e] = self.decide(e)
            except Unjudged as exc:
                unjudged.append(exc)
        if unjudged:
            raise ValueError(
                f"{len(unjudged)} reviewed entries would be dropped by a rule and have no "
                f"verdict in {VERDICTS_FILE.name}: "
                + ", ".join(f"{u.entry} ({u.rule})" for u in unjudged[:40]))
        kept = {self.plain[e] for e, d in decisions.items() if d.kept and e in self.plain}
        for e, d in decisions.items():
            if not d.kept and d.code in RESCUED_RULES:
                found = self.family_bases(self.plain[e]) & kept
                if found:
                    decisions[e] = Decision(True, "inflection", min(found))
        kept = {self.plain[e] for e, d in decisions.items() if d.kept and e in self.plain}
        dropped = {self.plain[e] for e, d in decisions.items() if not d.kept
                   and e in self.plain and d.code in FOLLOWED_RULES}
        for e, d in decisions.items():
            if d.code == "unreviewed":
                found = self.family_bases(self.plain[e])
                if found and not found & kept and found <= dropped:
                    decisions[e] = Decision(False, "form_of_dropped", min(found))
        return decisions

    def family_bases(self, folded: str) -> set[str]:
        """The entries ``folded`` is a regular form of (``nl_family.bases``). An infinitive
        counts only when it is a verb (OpenTaal's verb list, or a participle of it in the
        source), not a noun plural in ``-en``; a comparative or superlative only when the
        source has the base's ``-e`` form."""
        entries = self.folded_entries
        return {b for b, kind in bases(folded).items() if b in entries
                and (kind != "verb" or b in self.verbs or participles(b) & entries)
                and (kind != "comparative" or attributive(b) & entries)}


class Unjudged(Exception):
    """A reviewed entry that a rule would drop and no verdict names."""

    def __init__(self, entry: str, rule: str) -> None:
        super().__init__(entry, rule)
        self.entry = entry
        self.rule = rule


def classify(entries: list[str], opentaal: Mapping[str, str] | None = None,
             two_letter: Mapping[str, Verdict] | None = None,
             verdicts: Mapping[str, Verdict] | None = None) -> tuple[dict[str, Decision],
                                                                    Classifier]:
    """Every distinct entry's decision, and the classifier that made them."""
    classifier = Classifier(entries, load_opentaal() if opentaal is None else opentaal,
                            load_two_letter() if two_letter is None else two_letter,
                            load_verdicts() if verdicts is None else verdicts)
    return classifier.run(), classifier


# ---------------------------------------------------------------------------------------------
# The reasons, for ``wordyahtzee check --why``
# ---------------------------------------------------------------------------------------------

# Why-codes of nl.why.tsv.gz (read by wordyahtzee.lexicon.why): U an unreviewed entry,
# I an inflection of a kept word, S the supplement, T the two-letter list, J a judged keep of
# an unreviewed entry, W a judged keep of a frequent word (nl-frequent.tsv); refused:
# A abbreviation or symbol, N name, F foreign, X not a word (letter name, fragment, junk),
# C written with a capital only. A kept reviewed entry has no
# line: that is the default.
RULE_WHY = {
    "single_letter": ("X", "a letter name"),
    "abbreviation_no_vowel": ("A", "no vowel: an abbreviation or symbol"),
    "abbreviation_dotted_form": ("A", "the source also writes it with a period"),
    "abbreviation_listed": ("A", "a listed abbreviation"),
    "not_in_opentaal": ("X", "in none of OpenTaal's lists: part of a multi-word entry"),
    "foreign_listed": ("F", "a listed foreign word"),
    "foreign_frequency": ("F", "far more common in another language than in Dutch"),
    "english_listed": ("F", "an English word in OpenTaal's unreviewed lists"),
    "english_unreviewed": ("F", "far more common in English than in Dutch, unreviewed"),
    "name": ("N", "also written with a capital, and unreviewed: a name"),
}
REASON_WHY = (("abbreviation", "A"), ("symbol", "A"), ("unit", "A"), ("first name", "N"),
              ("surname", "N"), ("place name", "N"), ("brand", "N"), ("name", "N"),
              ("proper noun", "N"), ("personal name", "N"), ("adjective of a country", "N"),
              ("letter", "X"), ("not a word", "X"), ("fragment", "X"), ("typo", "X"))


def reason_code(reason: str) -> str:
    """The why-code of a written drop reason (foreign unless it says otherwise)."""
    low = reason.lower()
    return next((code for prefix, code in REASON_WHY if low.startswith(prefix)), "F")


def why_lines(decisions: Mapping[str, Decision], classifier: Classifier,
              supplement: Mapping[str, str],
              frequent: Mapping[str, Verdict] | None = None,
              families: Mapping[str, str] | None = None) -> list[str]:
    """``folded<TAB>code<TAB>detail`` for every folded word that is not simply a kept
    reviewed entry: kept ones say where they come from (an unreviewed one names the kept
    word it is a form of, when it is one), refused ones why (a form of a refused word says
    its base's reason)."""
    why: dict[str, tuple[int, str, str]] = {}  # folded -> (rank, code, detail)

    def offer(folded: str, rank: int, code: str, detail: str) -> None:
        if folded not in why or rank < why[folded][0]:
            why[folded] = (rank, code, detail)

    kept = {classifier.plain[e] for e, d in decisions.items() if d.kept and e in classifier.plain}
    later = []
    for e, d in decisions.items():
        if e in classifier.plain:
            folded = classifier.plain[e]
            if d.kept:
                rank, code, detail = _kept_why(d, classifier.reviewed(e))
                if code == "U":
                    bases_kept = classifier.family_bases(folded) & kept
                    code, detail = ("I", min(bases_kept)) if bases_kept else ("U", "")
                offer(folded, rank, code, detail)
            elif d.code == "form_of_dropped":
                later.append((folded, d.detail))
            else:
                offer(folded, 3, *_drop_why(d))
        elif d.code == "capitalised" and e.isalpha() and is_plain_word(fold(e.lower())):
            offer(fold(e.lower()), 4, "C", f"written only with a capital: {e}")
    for folded, base in later:
        code, detail = why.get(base, (3, "F", ""))[1:]
        offer(folded, 3, code, f"a form of {base}" + (f": {detail}" if detail else ""))
    for word, source in supplement.items():
        offer(fold(word), 1, "S", source)
    for word, detail in (families or {}).items():  # a family rule in force
        offer(word, 2, "I", detail)
    for word, verdict in (frequent or {}).items():  # a judged word says its reason
        if verdict.keep:
            offer(fold(word), 0, "W", verdict.reason)
        else:  # after the source's own verdicts, before "written only with a capital"
            offer(fold(word), 3, reason_code(verdict.reason), f"judged: {verdict.reason}")
    return [f"{w}\t{code}\t{detail}" for w, (rank, code, detail) in sorted(why.items())
            if code != "R"]


def _kept_why(d: Decision, reviewed: bool) -> tuple[int, str, str]:
    if d.code == "reviewed" or (d.code == "verdict" and reviewed):
        return 0, "R", ""
    if d.code == "two_letter":
        return 0, "T", d.detail
    if d.code == "inflection":
        return 2, "I", d.detail
    if d.code == "verdict":
        return 2, "J", d.detail
    return 2, "U", ""


def _drop_why(d: Decision) -> tuple[str, str]:
    if d.code in ("two_letter", "verdict"):
        return reason_code(d.detail), d.detail
    return RULE_WHY.get(d.code, ("X", d.code))


# ---------------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------------


def write_gzip(lines: list[str], out: Path) -> None:
    """Write ``lines`` gzip-compressed, byte for byte the same on every run."""
    data = "".join(line + "\n" for line in lines).encode("utf-8")
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0,
                                               compresslevel=9) as gz:
        gz.write(data)


def update_sidecar(kept: list[str], sidecar: Path) -> None:
    """Record the game's word count and checksum (folded words) in ``nl.json``."""
    from wordyahtzee.lexicon.lexicon import word_checksum

    folded = {fold(w) for w in kept}
    meta = json.loads(sidecar.read_text(encoding="utf-8"))
    meta.update(word_count=len(folded), checksum=word_checksum(folded))
    sidecar.write_text(json.dumps(meta, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(folded)} distinct game words (folded) -> {sidecar}")


def report(decisions: Mapping[str, Decision], classifier: Classifier, added: int,
           families: int, kept: int) -> None:
    """Print the counts the README quotes."""
    counts = collections.Counter(
        ("kept " if d.kept else "dropped ") + (d.code if d.code != "verdict" else
                                                "verdict (" + ("reviewed" if
                                                classifier.reviewed(e) else "unreviewed") + ")")
        for e, d in decisions.items())
    print(f"distinct entries: {len(decisions)}")
    for name, n in sorted(counts.items(), key=lambda t: (t[0].startswith("dropped"), -t[1])):
        print(f"  {name:40s} {n:7d}")
    print(f"  added from {SUPPLEMENT_FILE.name}, {FREQUENT_FILE.name} and "
          f"{TWO_LETTER_FILE.name}: {added}")
    print(f"  added by the family rules in force: {families}")
    print(f"  words written: {kept}")


@dataclass
class Built:
    """The list before the family rules: the kept words and how each entry was decided."""

    kept: list[str]
    decisions: dict[str, Decision]
    classifier: Classifier
    supplement: dict[str, str]
    frequent: dict[str, Verdict]
    added: set[str]
    refused: set[str]
    """Every word a written verdict drops: no rule adds it."""


def assemble(entries: list[str]) -> Built:
    """Apply the verdicts and the rules to the source's ``entries`` and add the supplement,
    the two-letter list and the judged frequent words."""
    supplement = load_supplement()
    two_letter = load_two_letter()
    verdicts = load_verdicts()
    frequent = load_verdicts(FREQUENT_FILE)
    clash = sorted(w for w in verdicts if len(fold(w)) == 2 or w in supplement)
    clash += sorted(w for w in frequent
                    if len(fold(w)) == 2 or w in supplement or w in verdicts)
    if clash:  # one written decision per word
        raise ValueError(f"{VERDICTS_FILE.name} or {FREQUENT_FILE.name} names words that "
                         f"another list decides: {', '.join(clash)}")
    # the judged frequent words: a keep joins the list as the supplement's words do, a drop
    # stays out whatever a rule says (a rule never overrules a written verdict)
    supplement.update({w: f"{FREQUENT_SOURCE}: {v.reason}" for w, v in frequent.items()
                       if v.keep})
    judged_out = {w for w, v in frequent.items() if not v.keep}
    unknown = sorted(set(verdicts) - {NFC(e) for e in entries})
    if unknown:  # a verdict must name the source's spelling (diacritics kept), or it is idle
        raise ValueError(f"{VERDICTS_FILE.name} names words the source does not have: "
                         f"{', '.join(unknown)}")
    decisions, classifier = classify(entries, verdicts=verdicts)
    kept_set = {e for e, d in decisions.items() if d.kept}
    added = (set(supplement) | {w for w, v in two_letter.items() if v.keep}) - kept_set
    for word in sorted(added):  # the supplement goes through the same word checks
        if len(fold(word)) == 2 and not (two_letter.get(fold(word)) or Verdict(False, "")).keep:
            raise ValueError(f"supplement word {word!r} is a two-letter drop")
    refused = judged_out | {w for w, v in verdicts.items() if not v.keep} | {
        w for w, v in two_letter.items() if not v.keep}
    return Built(sorted((kept_set | added) - judged_out), decisions, classifier, supplement,
                 frequent, added, refused)


def family_candidates(built: Built | None = None) -> dict[str, dict[str, str]]:
    """For each family rule of ``nl_family_rules``, the words it would add to the list, each
    with its base (whether or not the rule is in force)."""
    if built is None:
        built = assemble(DEFAULT_SOURCE.read_text(encoding="utf-8").splitlines())
    return family_rules.candidates(built.kept, load_opentaal(), family_rules.attested_words(),
                                   {fold(w) for w in built.refused})


def family_words(built: Built) -> dict[str, str]:
    """The words the family rules in force add, each with why (``diminutive of vos``)."""
    words: dict[str, str] = {}
    for rule, added in family_candidates(built).items():
        if family_rules.in_force(rule):
            kind = "diminutive" if rule == "diminutive" else "plural"
            words.update({w: f"{kind} of {base}" for w, base in added.items()})
    return words


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE,
                    help=f"wdutch word list (default {DEFAULT_SOURCE})")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT,
                    help="output file (default dictionaries/nl.txt.gz; the reasons go beside "
                         "it as NAME.why.tsv.gz)")
    ap.add_argument("--sample", type=int, default=0, metavar="N",
                    help="print N random kept words and N random drops per category")
    ap.add_argument("--seed", type=int, default=20240601, help="seed for --sample")
    ap.add_argument("--opentaal", type=Path, metavar="GITDIR",
                    help="first re-derive dictionaries/nl-opentaal.tsv.gz from this git dir of "
                         f"OpenTaal/opentaal-wordlist (commit {OPENTAAL_COMMIT[:12]})")
    args = ap.parse_args(argv)

    from importlib.metadata import version

    if version("wordfreq") != WORDFREQ_VERSION:
        print(f"warning: wordfreq {version('wordfreq')}, the shipped list used "
              f"{WORDFREQ_VERSION}", file=sys.stderr)

    entries = args.source.read_text(encoding="utf-8").splitlines()
    if args.opentaal:
        derive_opentaal(args.opentaal, entries)
    built = assemble(entries)
    families = family_words(built)
    kept = sorted(set(built.kept) | set(families))
    assert all(is_plain_word(fold(w)) for w in kept)
    write_gzip(kept, args.out)
    why_out = args.out.with_name(args.out.name.replace(".txt.gz", ".why.tsv.gz"))
    write_gzip(why_lines(built.decisions, built.classifier, built.supplement, built.frequent,
                         families), why_out)
    report(built.decisions, built.classifier, len(built.added), len(families), len(kept))
    print(f"-> {args.out} and {why_out}")
    if args.out == DEFAULT_OUT:
        update_sidecar(kept, DEFAULT_OUT.with_name("nl.json"))

    decisions = built.decisions
    if args.sample:
        rng = random.Random(args.seed)
        by_code: dict[str, list[str]] = collections.defaultdict(list)
        for e, d in decisions.items():
            by_code[("keep " if d.kept else "drop ") + d.code].append(e)
        for code in sorted(by_code):
            pool = sorted(by_code[code])
            pick = rng.sample(pool, min(args.sample, len(pool)))
            print(f"\n== {code} ({len(pool)}): {' '.join(sorted(pick))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
