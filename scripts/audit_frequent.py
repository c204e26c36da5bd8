#!/usr/bin/env python3
"""Audit the Dutch dictionary as a player types: words drawn by how often Dutch text uses them.

Two steps, with the judging by hand in between::

    python -m scripts.audit_frequent draw [--seed S] [--words 1000]
    (judge every row: verdict dutch/not and a reason, without looking at the dictionary)
    python -m scripts.audit_frequent score dictionaries/audit/frequent/DATE.tsv

The population is wordfreq's 60,000 most frequent Dutch words that are lower case and 2–7
letters long (the words seven dice can form; wordfreq 3.1.1). ``draw`` picks words with
replacement, each with probability proportional to its frequency in Dutch text, until
``--words`` different words are drawn, with a seed it picks afresh (or ``--seed``), and
writes each word once with how often it was drawn. A figure over the draws is then a
figure per word typed: the recall is the share of the draws of ordinary Dutch words that
``nl`` accepts, the precision the share of the draws ``nl`` accepts that are ordinary
Dutch, each with its 95% Wilson interval over the draws. ``score`` reads whether ``nl``
accepts each word from the shipped list at that time, so the judging needs no sight of it.
"""

from __future__ import annotations

import argparse
import datetime
import gzip
import itertools
import random
import secrets
import sys
from pathlib import Path

from scripts.audit_dictionary import AUDIT_DIR, DICT, wilson
from wordyahtzee.letters import fold, is_plain_word

TOP = 60_000
COLUMNS = "word\tdraws\tzipf\tverdict\treason"
VERDICTS = ("dutch", "not")


def population() -> list[tuple[str, float]]:
    """The frequent lower-case words of 2–7 letters and their frequencies, most frequent
    first (wordfreq's order, so a seed reproduces)."""
    from wordfreq import top_n_list, word_frequency

    return [(w, word_frequency(w, "nl")) for w in top_n_list("nl", TOP)
            if w == w.lower() and is_plain_word(fold(w)) and 2 <= len(fold(w)) <= 7]


def draw(seed: int, words: int, out: Path) -> None:
    """Write the drawn words, unjudged, to ``out``."""
    from wordfreq import zipf_frequency

    pop = population()
    rng = random.Random(seed)
    names, cumulative = [w for w, _ in pop], list(itertools.accumulate(f for _, f in pop))
    counts: dict[str, int] = {}
    while len(counts) < words:
        word = rng.choices(names, cum_weights=cumulative)[0]
        counts[word] = counts.get(word, 0) + 1
    draws = sum(counts.values())
    rows = [f"{w}\t{n}\t{zipf_frequency(w, 'nl'):.2f}\t\t" for w, n in sorted(counts.items())]
    header = (f"# Frequency-weighted audit of the 'nl' dictionary, drawn by "
              f"scripts/audit_frequent.py on {datetime.date.today()} with seed {seed}: "
              f"{draws} draws from {len(pop)} words.\n# Judge every row: is the word "
              f"ordinary Dutch (dutch/not), and why.\n{COLUMNS}\n")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(header + "\n".join(rows) + "\n", encoding="utf-8")
    print(f"seed {seed}: {draws} draws, {len(rows)} words -> {out}")


def read_audit(path: Path) -> list[tuple[str, int, bool, str]]:
    """(word, draws, judged dutch, reason) per row; ``ValueError`` names an unjudged row."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    if not lines or lines[0] != COLUMNS:
        raise ValueError(f"{path.name}: the header must be {COLUMNS!r}")
    rows = []
    for line in lines[1:]:
        word, draws, _, verdict, reason = (line.split("\t") + [""] * 5)[:5]
        if verdict not in VERDICTS or not reason.strip() or not draws.isdigit():
            raise ValueError(f"{path.name}: not judged: {line!r}")
        rows.append((word, int(draws), verdict == "dutch", reason))
    return rows


def score(path: Path) -> str:
    """The weighted recall and precision, and the words ``nl`` gets wrong, as Markdown."""
    rows = read_audit(path)
    with gzip.open(DICT / "nl.txt.gz", "rt", encoding="utf-8") as fh:
        nl = {fold(line.strip()) for line in fh if line.strip()}

    def share(hits: int, n: int) -> str:
        low, high = wilson(hits, n)
        return f"{hits}/{n} = {100 * hits / n:.2f}% (95% CI {100 * low:.2f}–{100 * high:.2f}%)"

    dutch = [(w, n, r) for w, n, d, r in rows if d]
    accepted = [(w, n, d, r) for w, n, d, r in rows if fold(w) in nl]
    missed = [(w, n, r) for w, n, r in dutch if fold(w) not in nl]
    wrong = [(w, n, r) for w, n, d, r in accepted if not d]
    d_draws, a_draws = sum(n for _, n, _ in dutch), sum(n for _, n, _, _ in accepted)

    def words(group: list[tuple[str, int, str]]) -> str:
        return ", ".join(f"`{w}` ×{n} ({r})" for w, n, r in group) or "none"

    return "\n".join([
        "| figure (draws by frequency in Dutch text) | result |", "|---|---|",
        f"| recall: draws of ordinary Dutch words that `nl` accepts | "
        f"{share(d_draws - sum(n for _, n, _ in missed), d_draws)} |",
        f"| precision: draws `nl` accepts that are ordinary Dutch | "
        f"{share(a_draws - sum(n for _, n, _ in wrong), a_draws)} |",
        f"| words judged | {len(rows)} ({sum(n for _, n, _, _ in rows)} draws) |",
        "",
        f"- Ordinary Dutch words that `nl` refuses: {words(missed)}.",
        f"- Words `nl` accepts that are not ordinary Dutch: {words(wrong)}.",
    ])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    d = sub.add_parser("draw", help="draw a fresh sample, unjudged")
    d.add_argument("--seed", type=int, help="default: a fresh random seed")
    d.add_argument("--words", type=int, default=1000)
    d.add_argument("--out", type=Path, help="default: dictionaries/audit/frequent/DATE.tsv")
    s = sub.add_parser("score", help="the figures of a judged sample")
    s.add_argument("file", type=Path)
    args = ap.parse_args(argv)
    if args.command == "draw":
        seed = args.seed if args.seed is not None else secrets.randbelow(10**9)
        out = args.out or next(
            path for suffix in ("", *"bcdefghijklmnopqrstuvwxyz")
            if not (path := AUDIT_DIR / "frequent" / f"{datetime.date.today()}{suffix}.tsv")
            .exists())
        if out.exists():
            print(f"{out} exists: an audit is drawn once", file=sys.stderr)
            return 2
        draw(seed, args.words, out)
        return 0
    try:
        print(score(args.file))
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
