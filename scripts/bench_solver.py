#!/usr/bin/env python3
"""Solver speed: random throws of a dice set, full twelve-box analysis each, against a naive
baseline.

For ``--throws`` random throws (seeded) of the dice set (default ``nl``) on the dictionary
(default ``nl``), it prints the median and p99 latency of :meth:`Solver.solve` (all twelve
boxes: best word of each length, two and three words on disjoint dice, chance, the special
boxes), the peak memory of the process, and — in the same run — the same figures for a naive
baseline that scans every dictionary word with a letter-count check and then searches the
formable words for the multi-word boxes (branch and bound). The baseline is slow, so it
times the first ``--baseline-throws`` of the same throws; both answers are compared there.

Each side runs in a fresh child process so that its memory is its own.

    python scripts/bench_solver.py [--dict nl] [--dice-set nl] [--throws 10000]
                                   [--baseline-throws 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import resource
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wordyahtzee.dice import DiceSet
from wordyahtzee.lexicon import load_lexicon
from wordyahtzee.modes.woord import (
    UPPER_BOXES,
    all_consonants,
    all_vowels,
    is_formable,
    words_score,
)


def rss_mb() -> float:
    """Resident set size now, in MB (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def peak_mb() -> float:
    """Peak resident set size of this process, in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def throws(dice: DiceSet, count: int, seed: int) -> list[str]:
    """``count`` random throws: each die shows one of its faces, uniformly."""
    rng = random.Random(seed)
    return ["".join(rng.choice(die).letter for die in dice.dice) for _ in range(count)]


def stats(seconds: list[float]) -> dict[str, float]:
    """Median and p99 in milliseconds."""
    ordered = sorted(seconds)
    return {"median_ms": statistics.median(ordered) * 1e3,
            "p99_ms": ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1e3}


# -- the naive baseline -------------------------------------------------------------------

class Naive:
    """What a program without the index would do: look at every word for every throw."""

    def __init__(self, words: list[str], dice: DiceSet, min_length: int = 2) -> None:
        self.words, self.dice, self.min_length = words, dice, min_length

    def solve(self, faces: str) -> dict[str, int]:
        """Best score per box."""
        n = self.dice.size
        have = Counter(faces.replace("?", ""))
        blanks = faces.count("?")
        found: list[tuple[int, str]] = []
        for word in self.words:  # the scan: every dictionary word, a letter-count check
            if not self.min_length <= len(word) <= n:
                continue
            lacking = 0
            for letter, need in Counter(word).items():
                lacking += max(0, need - have[letter])
            if lacking <= blanks:
                found.append((words_score((word,), faces, self.dice), word))
        found.sort(key=lambda sw: -sw[0])
        boxes = {box: max((s for s, w in found if len(w) == int(box[8:])), default=0)
                 for box in UPPER_BOXES}
        boxes["one_word"] = found[0][0] if found else 0
        boxes["two_words"] = self._combo(found, faces, 2)
        boxes["three_words"] = self._combo(found, faces, 3)
        boxes["chance"] = max(boxes["one_word"], boxes["two_words"], boxes["three_words"])
        boxes["consonants"] = 25 if all_consonants(faces) else 0
        boxes["vowels"] = 25 if all_vowels(faces) else 0
        boxes["woord_yahtzee"] = 50 if any(len(w) == n for _, w in found) else 0
        return boxes

    def _combo(self, found: list[tuple[int, str]], faces: str, count: int) -> int:
        best = -1

        def extend(start: int, words: tuple[str, ...], bound: int) -> None:
            nonlocal best
            if len(words) == count:
                best = max(best, words_score(words, faces, self.dice))
                return
            for i in range(start, len(found)):
                score, word = found[i]
                if bound + (count - len(words)) * score <= best:
                    return
                if is_formable((*words, word), faces):
                    extend(i, (*words, word), bound + score)

        extend(0, (), 0)
        return max(best, 0)


# -- the children -------------------------------------------------------------------------

def child(kind: str, args: argparse.Namespace) -> dict[str, Any]:
    """Time one side in this (fresh) process."""
    dice = DiceSet.load(args.dice_set)
    racks = throws(dice, args.throws, args.seed)
    start = time.perf_counter()
    lexicon = load_lexicon(args.dict)
    if kind == "solver":
        from wordyahtzee.solver import Solver

        engine: Any = Solver(lexicon, dice)
        answer = lambda faces: {b: r.score for b, r in engine.solve(faces).boxes.items()}  # noqa: E731
    else:
        engine = Naive(list(lexicon), dice)
        answer = engine.solve
        racks = racks[:args.baseline_throws]
    load_s = time.perf_counter() - start
    gc.collect()
    loaded = rss_mb()
    for faces in racks[:50]:  # warm up
        answer(faces)
    seconds: list[float] = []
    answers: list[dict[str, int]] = []
    clock = time.perf_counter
    for faces in racks:
        t0 = clock()
        result = answer(faces)
        seconds.append(clock() - t0)
        answers.append(result)
    return {"kind": kind, "throws": len(racks), "load_s": load_s, "rss_loaded_mb": loaded,
            "peak_mb": peak_mb(), **stats(seconds), "answers": answers[:args.baseline_throws]}


def run_child(kind: str, args: argparse.Namespace) -> dict[str, Any]:
    cmd = [sys.executable, __file__, "--child", kind, "--dict", args.dict,
           "--dice-set", args.dice_set, "--throws", str(args.throws),
           "--baseline-throws", str(args.baseline_throws), "--seed", str(args.seed)]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"{kind} child failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dict", default="nl")
    parser.add_argument("--dice-set", default="nl")
    parser.add_argument("--throws", type=int, default=10_000)
    parser.add_argument("--baseline-throws", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--child", choices=("solver", "baseline"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args)))
        return
    # build the solver index into the cache first, so the timed child only loads it
    from wordyahtzee.solver import SolverIndex

    dice = DiceSet.load(args.dice_set)
    t0 = time.perf_counter()
    SolverIndex.load(load_lexicon(args.dict), dice.size)
    prepare = time.perf_counter() - t0

    solver = run_child("solver", args)
    naive = run_child("baseline", args)
    same = sum(a == b for a, b in zip(solver["answers"], naive["answers"], strict=False))
    print(f"dictionary {args.dict!r}, dice set {args.dice_set!r}, seed {args.seed}; "
          f"index ready in {prepare:.2f} s (built once, then cached)")
    print(f"{'':10} {'throws':>7} {'median':>10} {'p99':>10} {'RSS loaded':>11} "
          f"{'peak RSS':>9} {'load':>7}")
    for r in (solver, naive):
        print(f"{r['kind']:10} {r['throws']:7d} {r['median_ms']:8.3f}ms {r['p99_ms']:8.3f}ms "
              f"{r['rss_loaded_mb']:9.1f}MB {r['peak_mb']:7.1f}MB {r['load_s']:6.2f}s")
    print(f"speed-up (baseline median / solver median): "
          f"{naive['median_ms'] / solver['median_ms']:.0f}x; "
          f"p99: {naive['p99_ms'] / solver['p99_ms']:.0f}x")
    print(f"same best score in every box: {same}/{len(naive['answers'])} throws")
    targets = [("median <= 0.3 ms", solver["median_ms"] <= 0.3),
               ("p99 <= 2 ms", solver["p99_ms"] <= 2.0),
               (">= 100x the baseline", naive["median_ms"] >= 100 * solver["median_ms"]),
               ("peak RSS <= 80 MB", solver["peak_mb"] <= 80)]
    print("targets: " + ", ".join(f"{name} {'ok' if ok else 'MISSED'}" for name, ok in targets))


if __name__ == "__main__":
    main()
