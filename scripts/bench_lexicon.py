#!/usr/bin/env python3
"""Dictionary load time and look-up speed: the marisa-trie Lexicon against a plain baseline.

Measures, for a dictionary (default ``nl``):

- cold build: word list → folded words + frequencies → tries saved to a fresh cache;
- warm load: opening (memory-mapping) the cached tries, as every later start does;
- membership look-ups (``is_valid``, half real words, half near-misses) and anagram
  look-ups: median and p99 per call;
- memory: RSS growth of each way of holding the dictionary.

Two baselines are measured in the same run: what a program without the service would do,
read the gzip word list into a Python ``set`` (and a ``dict`` of alphagrams) at every start;
and what a competent engineer would ship instead, that ``set`` and ``dict`` pickled once and
unpickled at every start (look-ups are then the same ``set``/``dict`` look-ups). The timed
part runs ``--runs`` times; the last lines give the median and the spread (lowest–highest)
of every figure over the runs.

    python scripts/bench_lexicon.py [--dict nl] [--lookups 200000] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import pickle
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


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
    ordered = sorted(samples)
    return (statistics.median(ordered) * 1e6, ordered[int(0.99 * (len(ordered) - 1))] * 1e6)


def child_rss(kind: str, name: str) -> float:
    """RSS growth (MB) of a fresh process that holds the dictionary one way or the other."""
    done = subprocess.run([sys.executable, __file__, "--dict", name, "--child", kind],
                          capture_output=True, text=True, check=True)
    return float(done.stdout.strip())


def hold(kind: str, name: str) -> None:
    """Child process: load the dictionary (warm cache) and print the RSS growth."""
    from wordyahtzee.letters import alphagram, fold, is_plain_word
    from wordyahtzee.lexicon import find_dictionary, load_lexicon
    from wordyahtzee.lexicon.source import read_word_list

    entry = find_dictionary(name)
    before = rss_mb()
    if kind == "lexicon":
        lexicon = load_lexicon(name)
        sum(lexicon.is_valid(w) for w in ("huis", "kat", "boom"))
    elif kind.startswith("pickle:"):
        with open(kind[len("pickle:"):], "rb") as fh:
            words, index = pickle.load(fh)
    else:
        words = {w for w in (fold(x) for x in read_word_list(entry.words_path))
                 if is_plain_word(w)}
        index: dict[str, list[str]] = {}
        for word in words:
            index.setdefault(alphagram(word), []).append(word)
    print(f"{rss_mb() - before:.1f}")


def main() -> None:
    """Measure ``--runs`` times and print every run and the spread."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dict", default="nl")
    parser.add_argument("--lookups", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        hold(args.child, args.dict)
        return

    os.environ["WORDYAHTZEE_CACHE_DIR"] = tempfile.mkdtemp(prefix="bench-lexicon-")
    from wordyahtzee.lexicon import find_dictionary, load_lexicon
    from wordyahtzee.lexicon.registry import forget_loaded
    from wordyahtzee.lexicon.source import read_word_list

    entry = find_dictionary(args.dict)
    runs: list[dict[str, float]] = []
    for run in range(1, args.runs + 1):
        os.environ["WORDYAHTZEE_CACHE_DIR"] = tempfile.mkdtemp(prefix="bench-lexicon-")
        forget_loaded()
        figures = measure(args, entry, load_lexicon, forget_loaded, read_word_list)
        runs.append(figures)
        print_run(run, figures)
    print(f"\nmedian over {len(runs)} runs (lowest-highest):")
    for key in runs[0]:
        values = [r[key] for r in runs]
        print(f"  {key:34} {statistics.median(values):10.2f} "
              f"({min(values):.2f}-{max(values):.2f})")
    print("(times in ms for loads, us for look-ups; ratio > 1 means the lexicon is better)")


def measure(args: argparse.Namespace, entry: Any, load_lexicon: Any, forget_loaded: Any,
            read_word_list: Any) -> dict[str, float]:
    """One run: load times, look-ups and memory of the lexicon and both baselines."""
    from wordyahtzee.letters import alphagram, fold, is_plain_word

    start = time.perf_counter()
    lexicon = load_lexicon(args.dict)
    cold = time.perf_counter() - start
    loads = []
    for _ in range(5):
        forget_loaded()
        start = time.perf_counter()
        lexicon = load_lexicon(args.dict)
        loads.append(time.perf_counter() - start)
    warm = statistics.median(loads)

    start = time.perf_counter()
    baseline = {w for w in (fold(x) for x in read_word_list(entry.words_path))
                if is_plain_word(w)}
    anagram_index: dict[str, list[str]] = {}
    for word in baseline:
        anagram_index.setdefault(alphagram(word), []).append(word)
    base_load = time.perf_counter() - start

    pickled = Path(os.environ["WORDYAHTZEE_CACHE_DIR"]) / "words.pickle"
    pickled.write_bytes(pickle.dumps((baseline, anagram_index),
                                     protocol=pickle.HIGHEST_PROTOCOL))
    unpickles = []
    for _ in range(5):
        start = time.perf_counter()
        with open(pickled, "rb") as fh:
            words_set, index = pickle.load(fh)
        unpickles.append(time.perf_counter() - start)
    pickle_load = statistics.median(unpickles)

    rnd = random.Random(1)
    words = rnd.sample(sorted(baseline), min(args.lookups // 2, len(baseline)))
    misses = [w[:-1] + rnd.choice("qxzj") for w in words]
    queries = words + misses
    rnd.shuffle(queries)
    racks = ["".join(rnd.sample(w, len(w))) for w in words[:50_000]]

    trie_look = summary(per_call(lexicon.is_valid, queries))
    set_look = summary(per_call(lambda w: fold(w) in words_set, queries))
    trie_ana = summary(per_call(lexicon.anagrams, racks))
    dict_ana = summary(per_call(lambda r: sorted(index.get(alphagram(fold(r)), [])), racks))
    assert sum(map(lexicon.is_valid, words)) == len(words)
    assert not any(lexicon.is_valid(m) and m not in baseline for m in misses)
    trie_rss = child_rss("lexicon", args.dict)
    base_rss = child_rss("baseline", args.dict)
    pickle_rss = child_rss(f"pickle:{pickled}", args.dict)
    tries = sum(f.stat().st_size for f in
                Path(os.environ["WORDYAHTZEE_CACHE_DIR"]).rglob("*.marisa"))
    return {
        "words": float(len(lexicon)),
        "first build (cold), ms": cold * 1e3,
        "load lexicon (warm), ms": warm * 1e3,
        "load word list into set, ms": base_load * 1e3,
        "load pickled set, ms": pickle_load * 1e3,
        "ratio pickle load / lexicon load": pickle_load / warm,
        "is_valid lexicon median, us": trie_look[0],
        "is_valid lexicon p99, us": trie_look[1],
        "in set median, us": set_look[0],
        "in set p99, us": set_look[1],
        "ratio set / lexicon look-up": set_look[0] / trie_look[0],
        "anagrams lexicon median, us": trie_ana[0],
        "anagrams lexicon p99, us": trie_ana[1],
        "anagrams dict median, us": dict_ana[0],
        "anagrams dict p99, us": dict_ana[1],
        "RSS lexicon, MB": trie_rss,
        "RSS set from word list, MB": base_rss,
        "RSS pickled set, MB": pickle_rss,
        "pickle on disk, MB": pickled.stat().st_size / 2**20,
        "tries on disk, MB": tries / 2**20,
    }


def print_run(run: int, f: dict[str, float]) -> None:
    """The table of one run."""
    print(f"run {run}: {f['words']:,.0f} words")
    print(f"  {'':34}{'lexicon':>12}{'set (list)':>12}{'set (pickle)':>14}")
    print(f"  {'load, ms':34}{f['load lexicon (warm), ms']:>12.1f}"
          f"{f['load word list into set, ms']:>12.0f}{f['load pickled set, ms']:>14.0f}")
    print(f"  {'membership median / p99, us':34}{f['is_valid lexicon median, us']:>6.2f}/"
          f"{f['is_valid lexicon p99, us']:<5.2f}{f['in set median, us']:>6.2f}/"
          f"{f['in set p99, us']:<5.2f}  (same set)")
    print(f"  {'anagrams median / p99, us':34}{f['anagrams lexicon median, us']:>6.2f}/"
          f"{f['anagrams lexicon p99, us']:<5.2f}{f['anagrams dict median, us']:>6.2f}/"
          f"{f['anagrams dict p99, us']:<5.2f}  (same dict)")
    print(f"  {'memory (RSS growth), MB':34}{f['RSS lexicon, MB']:>12.1f}"
          f"{f['RSS set from word list, MB']:>12.1f}{f['RSS pickled set, MB']:>14.1f}")
    print(f"  ratios: pickle load / lexicon load {f['ratio pickle load / lexicon load']:.1f}x, "
          f"set / lexicon look-up {f['ratio set / lexicon look-up']:.2f}x")


if __name__ == "__main__":
    main()
