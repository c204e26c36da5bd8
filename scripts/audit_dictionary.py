#!/usr/bin/env python3
"""Audit the shipped Dutch dictionaries on fresh random samples, judged word by word.

Two steps, with the judging by hand in between::

    python -m scripts.audit_dictionary draw [--seed S] [--out dictionaries/audit/DATE.tsv]
    (a second audit on one day is DATEb.tsv, and so on: the latest sorts last)
    (judge every row: fill in the verdict and reason columns)
    python -m scripts.audit_dictionary score dictionaries/audit/DATE.tsv

``draw`` samples where the errors could be, with a seed it picks afresh (or ``--seed``) and
writes into the file:

- ``reviewed``: entries of OpenTaal's reviewed list (basiswoorden-gekeurd) of 2–7 letters
  (the words seven dice can form), kept or not: is each an ordinary Dutch word?
  (verdict ``dutch`` or ``not``). Recall is the share of the ordinary ones that ``nl``
  accepts; the accepted ones also give the precision of the reviewed part.
- ``unreviewed``: words of 2–7 letters that ``nl`` accepts and that are not reviewed
  entries (OpenTaal's unreviewed lists, the family rule, the verdicts, the supplement):
  ``dutch`` or ``not``. That is the precision of the unreviewed part.
- ``basis``: words of ``nl-basis``: ``fine`` or ``offensive`` (a swear word, a slur, or
  sexual or drug slang a children's list should not hold).

``score`` refuses a file with an unjudged row, then prints recall, the precisions (each part
and both together, weighted by their sizes in ``nl``), and the ``nl-basis`` offence rate,
each with its 95% Wilson interval, and every word the dictionaries get wrong: the table that
``dictionaries/README.md`` quotes.
"""

from __future__ import annotations

import argparse
import datetime
import gzip
import math
import random
import secrets
import sys
import unicodedata
from pathlib import Path

from wordyahtzee.letters import fold, is_plain_word

REPO = Path(__file__).resolve().parent.parent

SOURCE = Path("/usr/share/dict/dutch")
DICT = REPO / "dictionaries"
AUDIT_DIR = DICT / "audit"
SIZES = {"reviewed": 600, "unreviewed": 400, "basis": 300}
VERDICTS = {"reviewed": ("dutch", "not"), "unreviewed": ("dutch", "not"),
            "basis": ("fine", "offensive")}
COLUMNS = "sample\tword\taccepted\tverdict\treason"


def _lines(path: Path) -> list[str]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return [line.rstrip("\n") for line in fh if line.strip()]


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text.strip())


def populations(source: Path = SOURCE) -> dict[str, list[str]]:
    """The three populations the samples are drawn from (sorted, so a seed reproduces)."""
    tagged = dict(line.split("\t") for line in _lines(DICT / "nl-opentaal.tsv.gz"))
    nl = {fold(w) for w in _lines(DICT / "nl.txt.gz")}
    reviewed: set[str] = set()
    for entry in source.read_text(encoding="utf-8").splitlines():
        e = _nfc(entry)
        if e.isalpha() and e == e.lower() and is_plain_word(fold(e)) \
                and not any(t in tagged.get(e, "") for t in "nuf"):
            reviewed.add(e)
    reviewed_folded = {fold(e) for e in reviewed}
    return {
        "reviewed": sorted(e for e in reviewed if 2 <= len(fold(e)) <= 7),
        "unreviewed": sorted(w for w in nl if 2 <= len(w) <= 7 and w not in reviewed_folded),
        "basis": sorted({fold(w) for w in _lines(DICT / "nl-basis.txt.gz")}),
    }


def draw(seed: int, out: Path, source: Path = SOURCE) -> None:
    """Write the samples, unjudged, to ``out``."""
    pops = populations(source)
    nl = {fold(w) for w in _lines(DICT / "nl.txt.gz")}
    rng = random.Random(seed)
    rows = []
    for name, size in SIZES.items():
        for word in sorted(rng.sample(pops[name], size)):
            accepted = "yes" if name != "reviewed" or fold(word) in nl else "no"
            rows.append(f"{name}\t{word}\t{accepted}\t\t")
    sizes = ", ".join(f"{name} {len(pop)}" for name, pop in pops.items())
    header = (f"# Audit of the shipped Dutch dictionaries, drawn by scripts/audit_dictionary.py"
              f" on {datetime.date.today()} with seed {seed}.\n"
              f"# Populations: {sizes}. Judge every row: verdict dutch/not (reviewed, "
              f"unreviewed) or fine/offensive (basis), and a reason.\n{COLUMNS}\n")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(header + "\n".join(rows) + "\n", encoding="utf-8")
    print(f"seed {seed}: {len(rows)} words -> {out}")


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of ``hits`` out of ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def read_audit(path: Path) -> list[tuple[str, str, bool, str, str]]:
    """The judged rows of an audit file; ``ValueError`` names a row that is not judged."""
    rows = []
    lines = [line for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    if not lines or lines[0] != COLUMNS:
        raise ValueError(f"{path.name}: the header must be {COLUMNS!r}")
    for line in lines[1:]:
        sample, word, accepted, verdict, reason = (line.split("\t") + [""] * 5)[:5]
        if sample not in VERDICTS or verdict not in VERDICTS[sample] or not reason.strip():
            raise ValueError(f"{path.name}: not judged: {line!r}")
        rows.append((sample, word, accepted == "yes", verdict, reason))
    return rows


def _share(hits: int, n: int) -> str:
    low, high = wilson(hits, n)
    return f"{hits}/{n} = {100 * hits / n:.1f}% (95% CI {100 * low:.1f}–{100 * high:.1f}%)"


def score(path: Path, source: Path = SOURCE) -> str:
    """The audit's figures and the words the dictionaries get wrong, as Markdown."""
    rows = read_audit(path)
    reviewed = [r for r in rows if r[0] == "reviewed"]
    unreviewed = [r for r in rows if r[0] == "unreviewed"]
    basis = [r for r in rows if r[0] == "basis"]
    dutch = [r for r in reviewed if r[3] == "dutch"]
    missed = [r for r in dutch if not r[2]]
    taken = [r for r in reviewed if r[2]]
    wrong_reviewed = [r for r in taken if r[3] != "dutch"]
    wrong_unreviewed = [r for r in unreviewed if r[3] != "dutch"]
    offensive = [r for r in basis if r[3] == "offensive"]
    pops = populations(source)
    nl_words = {fold(w) for w in _lines(DICT / "nl.txt.gz")}
    accepted_reviewed = sum(1 for w in pops["reviewed"] if fold(w) in nl_words)
    weight_u = len(pops["unreviewed"]) / (len(pops["unreviewed"]) + accepted_reviewed)
    prec_r = (len(taken) - len(wrong_reviewed)) / len(taken)
    prec_u = (len(unreviewed) - len(wrong_unreviewed)) / len(unreviewed)
    overall = (1 - weight_u) * prec_r + weight_u * prec_u

    def words(group: list[tuple[str, str, bool, str, str]]) -> str:
        return ", ".join(f"`{r[1]}` ({r[4]})" for r in group) or "none"

    return "\n".join([
        "| figure (words of 2–7 letters) | result |", "|---|---|",
        f"| recall: ordinary reviewed entries that `nl` accepts | "
        f"{_share(len(dutch) - len(missed), len(dutch))} |",
        f"| precision: accepted unreviewed words that are Dutch | "
        f"{_share(len(unreviewed) - len(wrong_unreviewed), len(unreviewed))} |",
        f"| precision: accepted reviewed entries that are Dutch | "
        f"{_share(len(taken) - len(wrong_reviewed), len(taken))} |",
        f"| precision over every accepted word (the two, weighted {1 - weight_u:.2f} / "
        f"{weight_u:.2f} by their sizes in `nl`) | {100 * overall:.2f}% |",
        f"| `nl-basis` words that are offensive | {_share(len(offensive), len(basis))} |",
        "",
        f"- Ordinary reviewed entries that `nl` refuses: {words(missed)}.",
        f"- Accepted reviewed entries that are not ordinary Dutch: {words(wrong_reviewed)}.",
        f"- Accepted unreviewed words that are not Dutch: {words(wrong_unreviewed)}.",
        f"- Offensive words in `nl-basis`: {words(offensive)}.",
        f"- Reviewed entries judged not ordinary Dutch and refused (right): "
        f"{len([r for r in reviewed if r[3] != 'dutch' and not r[2]])}.",
    ])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    d = sub.add_parser("draw", help="draw fresh samples, unjudged")
    d.add_argument("--seed", type=int, help="default: a fresh random seed")
    d.add_argument("--out", type=Path, help="default: dictionaries/audit/DATE.tsv")
    d.add_argument("--source", type=Path, default=SOURCE)
    s = sub.add_parser("score", help="the figures of a judged audit file")
    s.add_argument("file", type=Path)
    s.add_argument("--source", type=Path, default=SOURCE)
    args = ap.parse_args(argv)
    if args.command == "draw":
        seed = args.seed if args.seed is not None else secrets.randbelow(10**9)
        out = args.out or next(
            path for suffix in ("", *"bcdefghijklmnopqrstuvwxyz")
            if not (path := AUDIT_DIR / f"{datetime.date.today()}{suffix}.tsv").exists())
        if out.exists():
            print(f"{out} exists: an audit is drawn once", file=sys.stderr)
            return 2
        draw(seed, out, args.source)
        return 0
    try:
        print(score(args.file, args.source))
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
