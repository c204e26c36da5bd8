#!/usr/bin/env python3
"""Find the forms of listed words that Dutch text uses and ``nl`` refuses, past the frequent
words (each of which has a written verdict already): the check behind ``koffies``,
``blousje`` and ``abbe``.

    python -m scripts.nl_forms [--all] [--min-zipf 2.0]

The population is wordfreq's Dutch list (wordfreq 3.1.1) past its 60,000 most frequent words
(``audit_frequent.TOP``: those are all judged), lower case, 2–7 letters after folding, with
a Zipf frequency of at least ``--min-zipf`` (2.0: once in 100 million words), that ``nl``
refuses. Of those it finds the kinds of form players type:

- ``plural``: the ``-s`` plural of a listed word (``koffies`` of ``koffie``);
- ``diminutive``: a diminutive of a listed word (``nl_family.bases``: ``bultje`` of
  ``bult``), also with the listed word's last ``-e`` left out (``blousje`` of ``blouse``),
  and the ``-s`` plural of each;
- ``accented``: a word that Dutch text also writes with diacritics (``abbe`` beside
  ``abbé``), and the spelling with them: the game folds diacritics, so a player who types
  ``abbe`` plays ``abbé``.

It prints each word with its kind, what it is a form of and its Zipf frequency, and whether
a written verdict (``nl-frequent.tsv``, ``nl-verdicts.tsv``, ``nl-two-letter.tsv``) decides
it; ``--all`` also lists the judged ones. Every word it finds is judged word by word into
``nl-frequent.tsv`` (tests/test_nl_frequent.py checks that none is left unjudged).
"""

from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path

from scripts.audit_frequent import TOP
from scripts.nl_family import bases
from wordyahtzee.letters import fold, is_plain_word

REPO = Path(__file__).resolve().parent.parent

MIN_ZIPF = 2.0
DICT = REPO / "dictionaries"


def listed_words() -> set[str]:
    """The folded words of the shipped ``nl``."""
    with gzip.open(DICT / "nl.txt.gz", "rt", encoding="utf-8") as fh:
        return {fold(line.strip()) for line in fh if line.strip()}


def kinds_of(word: str, listed: set[str], accented: set[str]) -> list[str]:
    """What ``word`` (refused) may be a form of: ``plural:koffie``, ``diminutive:bult``,
    ``accented`` (``accented``: the folded words wordfreq also has with diacritics)."""
    f = fold(word)
    found = []
    if f != word or f in accented:
        found.append("accented")
    if len(f) >= 3 and f.endswith("s") and f[:-1] in listed:
        found.append(f"plural:{f[:-1]}")
    small = sorted(b for b, kind in bases(f).items() if kind == "diminutive" and b in listed)
    for ending in ("je", "jes"):  # blousje of blouse: the base's last -e left out
        stem = f[: -len(ending)] + "e"
        if f.endswith(ending) and stem in listed and stem not in small:
            small.append(stem)
    found += [f"diminutive:{b}" for b in small]
    return found


def find(min_zipf: float = MIN_ZIPF) -> list[tuple[str, list[str], float]]:
    """The refused forms past the frequent words: (word, kinds, Zipf), in wordfreq's order."""
    from wordfreq import top_n_list, zipf_frequency

    words = top_n_list("nl", 10**7)
    plain = [w for w in words if w == w.lower() and is_plain_word(fold(w))
             and 2 <= len(fold(w)) <= 7]
    accented = {fold(w) for w in plain if fold(w) != w}
    listed = listed_words()
    found = []
    for w in words[TOP:]:
        if w != w.lower() or not is_plain_word(fold(w)) or not 2 <= len(fold(w)) <= 7:
            continue
        if fold(w) in listed:
            continue
        z = zipf_frequency(w, "nl")
        if z < min_zipf:
            break  # wordfreq's list is in order of frequency
        kinds = kinds_of(w, listed, accented)
        if kinds:
            found.append((w, kinds, z))
    return found


def judged() -> set[str]:
    """Every word a written verdict names (two-letter words folded)."""
    from scripts import build_nl_dictionary as build

    two = build.load_two_letter()
    return set(build.load_verdicts(build.FREQUENT_FILE)) | set(build.load_verdicts()) | set(two)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--min-zipf", type=float, default=MIN_ZIPF)
    ap.add_argument("--all", action="store_true", help="also the words a verdict decides")
    args = ap.parse_args(argv)
    verdicts = judged()
    found = find(args.min_zipf)
    open_words = [(w, k, z) for w, k, z in found if w not in verdicts and fold(w) not in verdicts]
    for w, kinds, z in (found if args.all else open_words):
        status = "unjudged" if (w, kinds, z) in open_words else "judged"
        print(f"{w}\t{' '.join(kinds)}\t{z:.2f}\t{status}")
    print(f"{len(found)} refused forms, {len(open_words)} without a written verdict",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
