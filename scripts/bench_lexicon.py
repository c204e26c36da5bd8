#!/usr/bin/env python3
"""Dictionary load time and look-up speed: the marisa-trie Lexicon against a plain baseline.

Measures, for a dictionary (default ``nl``):

- cold build: word list → folded words + frequencies → tries saved to a fresh cache;
- warm load: opening (memory-mapping) the cached tries, as every later start does;
- membership look-ups (``is_valid``, half real words, half near-misses) and anagram
  look-ups: median and p99 per call;
- memory: RSS growth of each way of holding the dictionary.

The baseline, measured in the same run, is what a program without the service would do:
read the gzip word list into a Python ``set`` (and a ``dict`` of alphagrams) at every start.

    python scripts/bench_lexicon.py [--dict nl] [--lookups 200000]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path


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
    else:
        words = {w for w in (fold(x) for x in read_word_list(entry.words_path))
                 if is_plain_word(w)}
        index: dict[str, list[str]] = {}
        for word in words:
            index.setdefault(alphagram(word), []).append(word)
    print(f"{rss_mb() - before:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dict", default="nl")
    parser.add_argument("--lookups", type=int, default=200_000)
    parser.add_argument("--child", choices=["lexicon", "baseline"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        hold(args.child, args.dict)
        return

    os.environ["WORDYAHTZEE_CACHE_DIR"] = tempfile.mkdtemp(prefix="bench-lexicon-")
    from wordyahtzee.letters import alphagram, fold, is_plain_word
    from wordyahtzee.lexicon import find_dictionary, load_lexicon
    from wordyahtzee.lexicon.registry import forget_loaded
    from wordyahtzee.lexicon.source import read_word_list

    entry = find_dictionary(args.dict)
    start = time.perf_counter()
    lexicon = load_lexicon(args.dict)
    cold = time.perf_counter() - start
    forget_loaded()
    del lexicon
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

    rnd = random.Random(1)
    words = rnd.sample(sorted(baseline), min(args.lookups // 2, len(baseline)))
    misses = [w[:-1] + rnd.choice("qxzj") for w in words]
    queries = words + misses
    rnd.shuffle(queries)
    racks = ["".join(rnd.sample(w, len(w))) for w in words[:50_000]]

    trie_look = summary(per_call(lexicon.is_valid, queries))
    set_look = summary(per_call(lambda w: fold(w) in baseline, queries))
    trie_ana = summary(per_call(lexicon.anagrams, racks))
    dict_ana = summary(per_call(lambda r: sorted(anagram_index.get(alphagram(fold(r)), [])),
                                racks))
    assert sum(map(lexicon.is_valid, words)) == len(words)
    assert not any(lexicon.is_valid(m) and m not in baseline for m in misses)

    print(f"dictionary {args.dict!r}: {len(lexicon):,} words, checksum "
          f"{lexicon.info.checksum[:12]}")
    print(f"{'':34}{'lexicon (marisa)':>18}{'baseline (set)':>18}{'ratio':>8}")
    print(f"{'start-up: first build (cold)':34}{cold * 1e3:>15.0f} ms{'':>18}")
    print(f"{'start-up: load (warm, median of 5)':34}{warm * 1e3:>15.1f} ms"
          f"{base_load * 1e3:>15.0f} ms{base_load / warm:>7.0f}x")
    print(f"{'is_valid median / p99':34}{trie_look[0]:>8.2f} /{trie_look[1]:>5.2f} us"
          f"{set_look[0]:>8.2f} /{set_look[1]:>5.2f} us{set_look[0] / trie_look[0]:>7.2f}x")
    print(f"{'anagrams median / p99':34}{trie_ana[0]:>8.2f} /{trie_ana[1]:>5.2f} us"
          f"{dict_ana[0]:>8.2f} /{dict_ana[1]:>5.2f} us{dict_ana[0] / trie_ana[0]:>7.2f}x")
    trie_rss, base_rss_used = child_rss("lexicon", args.dict), child_rss("baseline", args.dict)
    print(f"{'memory (RSS growth, own process)':34}{trie_rss:>15.1f} MB{base_rss_used:>15.1f} MB"
          f"{base_rss_used / max(trie_rss, 0.1):>7.1f}x")
    tries = sum(f.stat().st_size for f in
                Path(os.environ["WORDYAHTZEE_CACHE_DIR"]).rglob("*.marisa"))
    print(f"{'tries on disk (memory-mapped)':34}{tries / 2**20:>15.1f} MB")
    print(f"({len(queries):,} membership and {len(racks):,} anagram look-ups; "
          "ratio > 1 means the lexicon is better)")


if __name__ == "__main__":
    main()
