#!/usr/bin/env python3
"""Dictionary build, load, look-up speed and memory: the Lexicon against its baselines.

Measures, for a dictionary (default ``nl``), each run in one process side by side:

- cold build: the word list read, folded and compiled into a fresh folder (what the first
  use of a new dictionary costs), against reading the list into a ``set`` and a ``dict`` of
  alphagrams;
- warm load: memory-mapping the compiled folder, as every later start does, against
  unpickling that ``set`` and ``dict`` (what a competent engineer would ship instead);
- membership: ``Lexicon.is_valid`` on folded words (half real, half near-misses) against a
  bare ``marisa_trie.Trie`` of the same words (the trie's own speed) and against
  ``fold(w) in set`` (a plain Python set, folding as the lexicon must);
- anagrams: ``Lexicon.anagrams`` on shuffled words against a ``dict`` from alphagram to its
  words, as a program without the service would write it (fold the rack, sort the group:
  the issue's baseline), and against the same ``dict`` given the lexicon's shortcuts (no
  fold for a folded rack, groups sorted at build time);
- memory: RSS growth of a fresh process that loads the dictionary and then checks every
  word and looks up every word's anagrams (so every page of the lexicon is touched),
  against the set and the pickled set.

Each look-up figure is the median and p99 of the time per call in batches of 100. The last
lines give the median and the spread (lowest-highest) of every figure over ``--runs`` runs.

    python -m scripts.bench_lexicon [--dict nl] [--lookups 200000] [--runs 3] [--write-docs]

``--write-docs`` rewrites the table between the ``bench_lexicon`` markers of
docs/dictionaries.md.
"""

from __future__ import annotations

import argparse
import pickle
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from scripts.bench_docs import median_p99, run_and_report

ROOT = Path(__file__).resolve().parents[1]


def rss_mb() -> float:
    """Resident set size of this process, in MB (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def per_call(fn: Callable[[str], object], items: list[str], batch: int = 100) -> list[float]:
    """Seconds per call, timed in batches of ``batch`` calls (timer overhead amortised)."""
    out = []
    for i in range(0, len(items) - batch + 1, batch):
        chunk = items[i:i + batch]
        start = time.perf_counter()
        for item in chunk:
            fn(item)
        out.append((time.perf_counter() - start) / batch)
    return out


def summary(samples: list[float]) -> tuple[float, float]:
    """(median, p99) in microseconds."""
    median, p99 = median_p99(samples)
    return median * 1e6, p99 * 1e6


def child_rss(kind: str, name: str) -> float:
    """RSS growth (MB) of a fresh process that holds the dictionary one way or another and
    has touched every word."""
    done = subprocess.run([sys.executable, "-m", "scripts.bench_lexicon", "--dict", name,
                           "--child", kind], capture_output=True, text=True, check=True, cwd=ROOT)
    return float(done.stdout.strip())




def hold(kind: str, name: str) -> None:
    """Child process: load the dictionary, touch every word, print the RSS growth."""
    from wordyahtzee.letters import alphagram, fold, is_plain_word
    from wordyahtzee.lexicon import find_dictionary, load_lexicon
    from wordyahtzee.lexicon.source import read_word_list

    entry = find_dictionary(name)
    before = rss_mb()
    if kind == "lexicon":
        lexicon = load_lexicon(name)
        found = sum(lexicon.is_valid(w) and len(lexicon.anagrams(w)) > 0
                    for w in lexicon)
        assert found == len(lexicon)
    else:
        index: dict[str, list[str]]
        if kind.startswith("pickle:"):
            with open(kind[len("pickle:"):], "rb") as fh:
                words_set, index = pickle.load(fh)
        else:
            words_set = {w for w in (fold(x) for x in read_word_list(entry.words_path))
                         if is_plain_word(w)}
            index = {}
            for word in words_set:
                index.setdefault(alphagram(word), []).append(word)
        assert sum(w in words_set and len(index[alphagram(w)]) > 0 for w in words_set) \
            == len(words_set)
    print(f"{rss_mb() - before:.1f}")


def main() -> None:
    """Measure ``--runs`` times and print every run and the spread."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dict", default="nl")
    parser.add_argument("--lookups", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--write-docs", action="store_true")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        hold(args.child, args.dict)
        return

    def one_run() -> dict[str, float]:
        with tempfile.TemporaryDirectory(prefix="bench-lexicon-") as scratch:
            return measure(args, Path(scratch))

    run_and_report(one_run, args.runs, f"{args.lookups} look-ups on {args.dict}",
                   ROOT / "docs" / "dictionaries.md" if args.write_docs else None,
                   "bench_lexicon", f"python -m scripts.bench_lexicon --dict {args.dict} "
                   f"--lookups {args.lookups} --runs {args.runs} --write-docs", width=44)


def measure(args: argparse.Namespace, scratch: Path) -> dict[str, float]:
    """One run: builds, loads, look-ups and memory of the lexicon and its baselines."""
    import marisa_trie

    from wordyahtzee.letters import alphagram, fold, is_plain_word
    from wordyahtzee.lexicon import Lexicon, find_dictionary
    from wordyahtzee.lexicon.registry import compile_to
    from wordyahtzee.lexicon.source import read_word_list

    entry = find_dictionary(args.dict)
    start = time.perf_counter()
    compile_to(entry, scratch / "compiled")
    cold = time.perf_counter() - start
    loads = []
    for _ in range(5):
        start = time.perf_counter()
        lexicon = Lexicon.open(scratch / "compiled")
        loads.append(time.perf_counter() - start)
    warm = statistics.median(loads)

    start = time.perf_counter()
    words_set = {w for w in (fold(x) for x in read_word_list(entry.words_path))
                 if is_plain_word(w)}
    index: dict[str, list[str]] = {}
    for word in words_set:
        index.setdefault(alphagram(word), []).append(word)
    for group in index.values():
        group.sort()
    base_load = time.perf_counter() - start
    assert set(lexicon) == words_set

    pickled = scratch / "words.pickle"
    pickled.write_bytes(pickle.dumps((words_set, index), protocol=pickle.HIGHEST_PROTOCOL))
    unpickles = []
    for _ in range(5):
        start = time.perf_counter()
        with open(pickled, "rb") as fh:
            pickle.load(fh)
        unpickles.append(time.perf_counter() - start)
    pickle_load = statistics.median(unpickles)
    bare = marisa_trie.Trie(words_set)

    rnd = random.Random(1)
    sample = rnd.sample(sorted(words_set), min(args.lookups // 2, len(words_set)))
    misses = [w[:-1] + rnd.choice("qxzj") for w in sample]
    queries = sample + misses
    rnd.shuffle(queries)
    racks = ["".join(rnd.sample(w, len(w))) for w in sample[:50_000]]

    def dict_anagrams(rack: str) -> list[str]:
        """A dict as the issue's baseline used it: fold every rack, sort the group."""
        return sorted(index.get(alphagram(fold(rack)), ()))

    def dict_anagrams_fast(rack: str) -> list[str]:
        """A dict given the lexicon's own shortcuts: folded racks skip fold(), groups
        sorted at build time."""
        folded = rack if rack.isascii() and rack.isalpha() and rack.islower() else fold(rack)
        return list(index.get("".join(sorted(folded)), ()))

    # interleaved, so that the machine's load hits every contender alike
    timings: dict[str, list[float]] = {k: [] for k in ("lex", "bare", "set", "ana", "dict",
                                                       "dict+")}
    for part in range(4):
        q = queries[part::4]
        r = racks[part::4]
        timings["lex"] += per_call(lexicon.is_valid, q)
        timings["bare"] += per_call(bare.__contains__, q)
        timings["set"] += per_call(lambda w: fold(w) in words_set, q)
        timings["ana"] += per_call(lexicon.anagrams, r)
        timings["dict"] += per_call(dict_anagrams, r)
        timings["dict+"] += per_call(dict_anagrams_fast, r)
    lex_look, bare_look, set_look = (summary(timings[k]) for k in ("lex", "bare", "set"))
    lex_ana, dict_ana = summary(timings["ana"]), summary(timings["dict"])
    fast_ana = summary(timings["dict+"])
    assert all(lexicon.is_valid(w) == (w in bare) for w in queries)
    assert all(lexicon.anagrams(r) == dict_anagrams(r) == dict_anagrams_fast(r)
               for r in racks[:5000])

    lexicon_rss = child_rss("lexicon", args.dict)
    set_rss = child_rss("baseline", args.dict)
    pickle_rss = child_rss(f"pickle:{pickled}", args.dict)
    on_disk = sum(f.stat().st_size for f in (scratch / "compiled").iterdir())
    shutil.rmtree(scratch / "compiled")
    return {
        "words": float(len(lexicon)),
        "cold build: lexicon compiled, ms": cold * 1e3,
        "cold build: set + dict from the list, ms": base_load * 1e3,
        "warm load: lexicon, ms": warm * 1e3,
        "warm load: pickled set + dict, ms": pickle_load * 1e3,
        "is_valid median, us": lex_look[0],
        "is_valid p99, us": lex_look[1],
        "bare marisa Trie median, us": bare_look[0],
        "bare marisa Trie p99, us": bare_look[1],
        "fold + set median, us": set_look[0],
        "ratio is_valid / bare trie (goal <= 1.5)": lex_look[0] / bare_look[0],
        "anagrams median, us": lex_ana[0],
        "anagrams p99, us": lex_ana[1],
        "dict anagrams median, us": dict_ana[0],
        "dict anagrams p99, us": dict_ana[1],
        "ratio anagrams / dict (goal <= 1.0)": lex_ana[0] / dict_ana[0],
        "dict with the lexicon's shortcuts median, us": fast_ana[0],
        "ratio anagrams / dict with shortcuts": lex_ana[0] / fast_ana[0],
        "RSS, every word touched: lexicon, MB": lexicon_rss,
        "RSS, every word touched: set + dict, MB": set_rss,
        "RSS, every word touched: pickled, MB": pickle_rss,
        "on disk: compiled lexicon, MB": on_disk / 1e6,
        "on disk: pickle, MB": pickled.stat().st_size / 1e6,
    }


if __name__ == "__main__":
    main()
