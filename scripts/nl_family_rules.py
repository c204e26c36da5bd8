#!/usr/bin/env python3
"""Word families the ``nl`` build may add as rules, each in force only while a judged random
sample of what it adds shows at least 99% ordinary Dutch words (300 words at least).

A rule proposes words the list does not hold yet, each a regular form of a noun it holds,
and only words that Dutch text uses (wordfreq's Dutch list, any frequency):

- ``diminutive``: the diminutive of a noun by the rules of Dutch spelling (``vos`` →
  ``vosje``, ``boom`` → ``boompje``, ``stoel`` → ``stoeltje``, ``bal`` → ``balletje``,
  ``koning`` → ``koninkje``, ``oma`` → ``omaatje``), and the ``-s`` plural of a diminutive
  (``vosjes``, and ``shotjes`` of a listed ``shotje``). Where the spelling turns on the
  stress (``balletje`` or ``bezempje``) both spellings are proposed and Dutch text decides;
- ``plural_s``: the ``-s`` plural of a noun whose Dutch plural takes ``-s`` by its ending: an
  unstressed ``-el``, ``-em``, ``-en``, ``-er`` or ``-e`` after a consonant (``model`` →
  ``models``, ``slide`` → ``slides``, ``lover`` → ``lovers``).

A noun is a listed word that OpenTaal's list of noun plurals holds a plural of; a word that
is also a verb's stem in the list (``vind`` of ``vinden``) or the ``-e`` form of a listed
adjective (``trouwe``) is left out, since its "diminutive" or "plural" is more often a verb
form, an adjective or a name.

The third family, lower-case senses of words OpenTaal writes with a capital, is no rule: a
capitalised entry is a name unless a written verdict (``nl-frequent.tsv``) says it is also an
ordinary word.

Two steps audit a rule, with the judging by hand in between::

    python -m scripts.nl_family_rules draw RULE [--seed S] [--words 300]
    (judge every row blind: verdict dutch/not and a reason)
    python -m scripts.nl_family_rules score dictionaries/audit/families/RULE-DATE.tsv

The build (``build_nl_dictionary.py``) adds a rule's words only while the rule's latest audit
file holds at least 300 judged words of which at least 99% are ordinary Dutch.
"""

from __future__ import annotations

import argparse
import datetime
import random
import secrets
from collections.abc import Iterable, Mapping
from pathlib import Path

from scripts.nl_family import bases, infinitives
from wordyahtzee.letters import fold, is_plain_word

REPO = Path(__file__).resolve().parent.parent

RULES = ("diminutive", "plural_s")
AUDIT_DIR = REPO / "dictionaries" / "audit" / "families"
MIN_SAMPLE = 300
MIN_PRECISION = 0.99
COLUMNS = "word\tverdict\treason"
VERDICTS = ("dutch", "not")
VOWELS = "aeiou"
_LONG = ("aa", "ee", "oo", "uu", "ie", "oe", "ei", "ij", "ui", "au", "ou", "eu")


def _short_final(n: str) -> bool:
    """``n`` ends in one short vowel and one consonant (``bal``, ``kam``, ``ster``)."""
    return len(n) >= 2 and n[-1] not in VOWELS and n[-2] in VOWELS and (
        len(n) < 3 or n[-3] not in VOWELS)


def diminutives(noun: str) -> set[str]:
    """The diminutives (and their ``-s`` plurals) that Dutch spelling allows for ``noun``;
    where the choice turns on the stress, both."""
    n, found = noun, set[str]()
    if len(n) < 2:
        return found
    last = n[-1]
    if last in VOWELS or last == "y":
        if n.endswith(_LONG) or last in "ey":
            found.add(n + "tje")            # zee -> zeetje, tante -> tantetje
        elif last in "aou":
            found.add(n + last + "tje")     # oma -> omaatje, auto -> autootje
        elif last == "i":
            found.add(n + "etje")           # taxi -> taxietje
    elif n.endswith("ng"):
        found.add(n + "etje")               # ring -> ringetje
        if n.endswith("ing"):
            found.add(n[:-1] + "kje")       # koning -> koninkje
    elif last == "m":
        found.add(n + "pje")                # boom -> boompje, bezem -> bezempje
        if _short_final(n):
            found.add(n + "metje")          # kam -> kammetje
    elif last in "lnrw":
        found.add(n + "tje")                # stoel -> stoeltje, tafel -> tafeltje
        if _short_final(n) and last != "w":
            found.add(n + last + "etje")    # bal -> balletje
    else:
        found.add(n + "je")                 # vos -> vosje
        if last == "g" and _short_final(n):
            found.add(n + "getje")          # weg -> weggetje
    return found | {d + "s" for d in found}


def takes_s(noun: str) -> bool:
    """Whether Dutch spelling gives ``noun`` an ``-s`` plural by its ending."""
    if len(noun) < 4:
        return False
    if noun.endswith(("el", "em", "en", "er")):  # model, bodem, wagen, lover
        return noun[-3] not in VOWELS
    return noun.endswith("e") and noun[-2] not in VOWELS  # slide, tante (not idee)


def nouns(listed: set[str], opentaal: Mapping[str, str]) -> set[str]:
    """The listed words that OpenTaal's noun plurals (tag ``p``) hold a plural of, less the
    listed verbs' stems and the ``-e`` forms of listed adjectives (``trouwe`` of
    ``trouwen``)."""
    found: set[str] = set()
    for entry, tags in opentaal.items():
        if "p" in tags:
            found.update(b for b, kind in bases(fold(entry)).items()
                         if kind == "plural" and b in listed)
    return {n for n in found if len(n) >= 3 and not infinitives(n) & listed
            and not any(kind == "adjective" and b in listed for b, kind in bases(n).items())}


def candidates(listed: Iterable[str], opentaal: Mapping[str, str], attested: set[str],
               refused: set[str]) -> dict[str, dict[str, str]]:
    """For each rule, the words it adds (in Dutch text, not listed, not refused by a
    verdict), each with the listed word it is a form of."""
    plain = {w for w in listed if w == fold(w) and w.isalpha()}
    noun = nouns(plain, opentaal)
    out: dict[str, dict[str, str]] = {rule: {} for rule in RULES}

    def offer(rule: str, word: str, base: str) -> None:
        if word in attested and word not in plain and word not in refused:
            out[rule].setdefault(word, base)

    for n in sorted(noun):
        for d in sorted(diminutives(n)):
            offer("diminutive", d, n)
        if takes_s(n):
            offer("plural_s", n + "s", n)
    for w in sorted(plain):  # the -s plural of a listed diminutive
        if w.endswith("je") and any(kind == "diminutive" and b in noun
                                    for b, kind in bases(w).items()):
            offer("diminutive", w + "s", w)
    return out


def attested_words() -> set[str]:
    """The lower-case plain words of wordfreq's Dutch list, folded."""
    from wordfreq import get_frequency_dict

    return {w for w in get_frequency_dict("nl", "large")
            if w == w.lower() and is_plain_word(fold(w)) and w == fold(w)}


def latest_audit(rule: str) -> Path | None:
    """The rule's most recent audit file, if any."""
    files = sorted(AUDIT_DIR.glob(f"{rule}-*.tsv"))
    return files[-1] if files else None


def read_audit(path: Path) -> list[tuple[str, str, str]]:
    """The judged rows (word, verdict, reason) of an audit file; every row needs all three."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip() or line == COLUMNS:
            continue
        word, verdict, reason = [*line.split("\t"), "", ""][:3]
        if verdict not in VERDICTS or not reason.strip():
            raise ValueError(f"{path.name}: unjudged or bad row {line!r}")
        rows.append((word, verdict, reason))
    return rows


def in_force(rule: str) -> bool:
    """Whether the rule's latest judged sample holds: at least 300 words, at least 99% Dutch."""
    path = latest_audit(rule)
    if path is None:
        return False
    rows = read_audit(path)
    dutch = sum(v == "dutch" for _, v, _ in rows)
    return len(rows) >= MIN_SAMPLE and dutch >= MIN_PRECISION * len(rows)


def draw(rule: str, seed: int, words: int, out: Path) -> None:
    """Write a random sample of what the rule adds, unjudged, to ``out``."""
    from scripts import build_nl_dictionary as build

    added = build.family_candidates()[rule]
    pool = sorted(added)
    pick = sorted(random.Random(seed).sample(pool, min(words, len(pool))))
    header = (f"# Audit of the '{rule}' family rule of the 'nl' build, drawn by "
              f"scripts/nl_family_rules.py on {datetime.date.today()} with seed {seed}: "
              f"{len(pick)} of the {len(pool)} words the rule adds.\n"
              "# Judged blind (the word only, no sight of its base or of the list), word by "
              "word: dutch = an ordinary Dutch word (Van Dale, Groene Boekje, loans "
              "included, or a regular form of one), not = anything else.\n")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(header + COLUMNS + "\n" + "".join(f"{w}\t\t\n" for w in pick),
                   encoding="utf-8")
    print(f"{len(pick)} of {len(pool)} words -> {out}")


def score(path: Path) -> None:
    """Print the judged precision of the sample with its 95% Wilson interval."""
    from scripts.audit_dictionary import wilson

    rows = read_audit(path)
    dutch = sum(v == "dutch" for _, v, _ in rows)
    low, high = wilson(dutch, len(rows))
    print(f"{path.name}: {dutch}/{len(rows)} ordinary Dutch = {dutch / len(rows):.2%} "
          f"(95% interval {low:.2%}-{high:.2%}); the rule is "
          + ("in force" if len(rows) >= MIN_SAMPLE and dutch >= MIN_PRECISION * len(rows)
             else "not in force: its words go in only word by word, through verdicts"))
    for word, verdict, reason in rows:
        if verdict == "not":
            print(f"  not: {word}\t{reason}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    d = sub.add_parser("draw", help="draw a sample of a rule's words to judge")
    d.add_argument("rule", choices=RULES)
    d.add_argument("--seed", type=int, default=None, help="default: a fresh random seed")
    d.add_argument("--words", type=int, default=MIN_SAMPLE)
    s = sub.add_parser("score", help="the judged precision of an audit file")
    s.add_argument("file", type=Path)
    args = ap.parse_args(argv)
    if args.command == "draw":
        seed = args.seed if args.seed is not None else secrets.randbelow(10**9)
        draw(args.rule, seed, args.words,
             AUDIT_DIR / f"{args.rule}-{datetime.date.today()}.tsv")
    else:
        score(args.file)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
