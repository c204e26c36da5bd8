#!/usr/bin/env python3
"""Write ``scripts/build_nl_basis.excluded.txt``, the words kept out of ``nl-basis``.

``nl-basis`` (see ``dictionaries/README.md``) is the common words of ``nl`` minus:

1. the swear words and slurs of ``scripts/build_nl_basis.minus.txt`` **and every inflection
   and compound of them** in ``nl`` (``hoertje``, ``kutwijf``, ``neukt``, ``pornofilm``,
   ``kinderporno``, ``klootzakken``), except the innocent look-alikes in :data:`INNOCENT`
   (``negeren``, ``pikken``, ``wetering``);
2. the English words of ``scripts/build_nl_basis.english.txt`` (each must be more frequent
   in English than in Dutch by wordfreq: the script fails otherwise).

Only words with a Zipf frequency of at least ``--min-zipf`` are considered (rarer words are
not in ``nl-basis`` anyway). Run by ``scripts/build_nl_basis.sh``; deterministic.

Usage (from the repository root)::

    python -m scripts.build_nl_basis_excluded [--min-zipf 3.0]
"""

from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
NL = REPO / "dictionaries" / "nl.txt.gz"
MINUS = REPO / "scripts" / "build_nl_basis.minus.txt"
ENGLISH = REPO / "scripts" / "build_nl_basis.english.txt"
OUT = REPO / "scripts" / "build_nl_basis.excluded.txt"
WHY = REPO / "dictionaries" / "nl-basis.why.tsv.gz"
"""Why each excluded word is out, for ``wordyahtzee check --why`` (wordyahtzee.lexicon.why):
``O`` offensive, ``F`` English."""

SUFFIXES = ("s", "en", "e", "er", "ere", "st", "ste", "t", "te", "ten", "de", "den", "je",
            "jes", "tje", "tjes", "ig", "ige", "iger", "erd", "ers", "heid", "achtig",
            "achtige")
"""Inflection and derivation endings tried after a minus word (and its doubled last letter)."""
LINKS = ("", "s", "en", "e")
"""Linking letters of a compound that starts with a minus word (hoer+en+loper)."""

INNOCENT = frozenset({"negeren", "pikken", "pikt", "gepikt", "wetering", "piste", "pistool",
                      "vinger"})
"""Look-alikes of minus words that are other, innocent words (to ignore, to peck, a ditch, a
ski run, a pistol, a finger)."""


def read_list(path: Path) -> list[str]:
    """One word a line, without comments and blank lines."""
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def forms(word: str) -> set[str]:
    """Inflections of ``word``: endings, a doubled last letter, participles, verb forms."""
    out = {word + s for s in SUFFIXES} | {word + word[-1] + s for s in SUFFIXES}
    out |= {"ge" + word + "t", "ge" + word + "d", "ge" + word + "te"}
    if word.endswith("en") and len(word) > 4:  # a verb: neuken -> neuk, neukt, geneukt
        stem = word[:-2]
        out |= {stem, stem + "t", stem + "te", stem + "ten", stem + "end", stem + "ende",
                "ge" + stem + "t", "ge" + stem + "d"}
    out.discard(word)
    return out


def _is_word_or_stem(head: str, lexicon: set[str]) -> bool:
    """True when ``head`` (two letters or more) is a word, or a word and a linking ending
    (``kind+er``, ``hoer+en``): the first part of a compound."""
    if len(head) < 2:
        return False
    return head in lexicon or any(head.endswith(link) and head[:-len(link)] in lexicon
                                  for link in ("s", "en", "e", "er"))


def minus_family(words: list[str], minus: list[str], lexicon: set[str]) -> dict[str, str]:
    """Word -> the minus word it is an inflection or compound of."""
    found: dict[str, str] = {}
    inflections = {m: forms(m) for m in minus}
    for w in words:
        if w in INNOCENT:
            continue
        for m in minus:
            if w == m or w in inflections[m]:
                found[w] = m
                break
            head = next((m + link for link in LINKS if w.startswith(m + link)
                         and len(w) - len(m + link) >= 3 and w[len(m + link):] in lexicon),
                        None)
            if head or (w.endswith(m) and _is_word_or_stem(w[:-len(m)], lexicon)):
                found[w] = m
                break
    return found


def write_why(minus: list[str], family: dict[str, str], english: list[str]) -> None:
    """Write :data:`WHY`: per folded excluded word its code and reason (gzip, no timestamp,
    so a rebuild is byte-identical)."""
    from wordyahtzee.letters import fold

    why: dict[str, str] = {}
    for w in english:
        why[fold(w)] = "F\tits usual reading in Dutch text is English"
    for w in minus:
        why[fold(w)] = "O\ta swear word or slur, kept out of the list for children"
    for w, m in family.items():
        why.setdefault(fold(w), f"O\ta form or compound of the swear word {m}")
    data = "".join(f"{w}\t{why[w]}\n" for w in sorted(why)).encode("utf-8")
    with open(WHY, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0,
                                               compresslevel=9) as gz:
        gz.write(data)


def main(argv: list[str] | None = None) -> int:
    """Write the excluded list; exit 1 when an English-list word fails its check."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--min-zipf", type=float, default=3.0)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    from wordfreq import zipf_frequency

    with gzip.open(NL, "rt", encoding="utf-8") as fh:
        lexicon = {line.strip() for line in fh if line.strip()}
    common = sorted(w for w in lexicon if zipf_frequency(w, "nl") >= args.min_zipf)
    minus = read_list(MINUS)
    family = minus_family(common, minus, lexicon)
    english = read_list(ENGLISH)
    wrong = [w for w in english if zipf_frequency(w, "en") <= zipf_frequency(w, "nl")]
    if wrong:
        print(f"{ENGLISH.name}: not more frequent in English: {' '.join(wrong)}",
              file=sys.stderr)
        return 1
    excluded = sorted(set(minus) | set(family) | set(english))
    header = ("# Generated by scripts/build_nl_basis_excluded.py (do not edit): the words kept "
              "out of nl-basis,\n# the swear words of build_nl_basis.minus.txt with their "
              "inflections and compounds,\n# and the English words of "
              "build_nl_basis.english.txt.\n")
    args.out.write_text(header + "".join(w + "\n" for w in excluded), encoding="utf-8")
    write_why(minus, family, english)
    print(f"{len(excluded)} words ({len(set(family) - set(minus))} inflections and compounds"
          f" of the minus list, {len(english)} English) -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
