#!/usr/bin/env python3
"""Solver speed: random throws of a dice set, full twelve-box analysis each, against the
program a competent engineer would write, and against a naive scan.

For ``--throws`` random throws (seeded) of the dice set (default ``nl``) on the dictionary
(default ``nl``), it prints the median and p99 latency of the twelve-box analysis (best word
of each length, two and three words on disjoint dice, chance, the special boxes) for:

- ``solver cold``: :meth:`Solver.solve` with its cache of recent throws off (every throw
  is computed);
- ``solver``: :meth:`Solver.solve` as shipped, on the same random throws, so its cache only
  helps as much as random throws repeat (sorted faces);
- ``alphagram``: the baseline: a plain dict from alphagram to the best word (and one for a
  missing letter, for the blank), looked up for the 128 dice subsets, then a branch and
  bound over the subsets that hold a word for two and three words (pure Python);
- ``naive``: every dictionary word checked against every throw (the first
  ``--baseline-throws`` throws; slow);
- ``two blanks``: the solver, cold, on ``--blank-throws`` throws with two faces blanked.

The headline ratio is the alphagram baseline's median over the solver's. Each measurement
runs in a fresh child process (its memory is its own) and the whole comparison runs
``--runs`` times; the table gives every run and the spread (lowest–highest median). The box
scores of every side are compared with the solver's.

    python -m scripts.bench_solver [--dict nl] [--dice-set nl] [--throws 10000]
                                   [--baseline-throws 100] [--blank-throws 500]
                                   [--runs 3] [--seed 1]
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

from wordyahtzee.dice import DiceSet
from wordyahtzee.lexicon import load_lexicon
from wordyahtzee.modes.woord import (
    UPPER_BOXES,
    all_consonants,
    all_vowels,
    is_formable,
    words_score,
)

ROOT = Path(__file__).resolve().parents[1]


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


# -- the alphagram baseline --------------------------------------------------------------

class Alphagram:
    """What a competent engineer writes: alphagram dicts and the 128 dice subsets."""

    def __init__(self, lexicon: Any, dice: DiceSet, min_length: int = 2) -> None:
        self.dice, self.n, self.min_length = dice, dice.size, min_length
        short = sorted(((w, z) for w, z in lexicon.frequencies() if len(w) <= self.n),
                       key=lambda wz: (-wz[1], wz[0]))
        self.exact: dict[str, int] = {}    # alphagram -> rank of its most frequent word
        self.missing: dict[str, int] = {}  # alphagram minus one letter -> best rank
        for rank, (word, _) in enumerate(short):
            key = "".join(sorted(word))
            self.exact.setdefault(key, rank)
            for i in range(len(key)):
                self.missing.setdefault(key[:i] + key[i + 1:], rank)
        self.m1 = 1 << (len(short) + 1).bit_length()
        self.mult = self.m1 << 4
        self.value = {ch: dice.value(ch) for ch in "abcdefghijklmnopqrstuvwxyz"}

    def solve(self, faces: str) -> dict[str, int]:
        """Best score per box (one blank at most)."""
        real = sorted(faces.replace("?", ""), reverse=True)
        blanks = len(faces) - len(real)
        alph, points = [""], [0]
        for ch in real:  # doubling: every dice subset's sorted letters and value
            v = self.value[ch]
            alph += [ch + a for a in alph]
            points += [v + p for p in points]
        keys: list[tuple[int, int]] = []
        for table, extra in ((self.exact, 0), (self.missing, 1))[:blanks + 1]:
            for mask, key in enumerate(alph):
                rank = table.get(key)
                if rank is not None and len(key) + extra >= self.min_length:
                    keys.append((points[mask] * self.mult + self.m1 - rank,
                                 mask | (extra << len(real))))
        keys.sort(reverse=True)
        values = [k for k, _ in keys]
        masks = [m for _, m in keys]
        best_len: dict[int, int] = {}
        for k, m in keys:
            best_len.setdefault(m.bit_count(), k)
        boxes = {box: best_len.get(int(box[8:]), 0) // self.mult for box in UPPER_BOXES}
        one = values[0] // self.mult if values else 0
        two = self._best(values, masks, 2) // self.mult
        three = self._best(values, masks, 3) // self.mult
        boxes.update(one_word=one, two_words=two, three_words=three,
                     chance=max(one, two, three),
                     consonants=25 if all_consonants(faces) else 0,
                     vowels=25 if all_vowels(faces) else 0,
                     woord_yahtzee=50 if self.n in best_len else 0)
        return boxes

    @staticmethod
    def _best(values: list[int], masks: list[int], count: int) -> int:
        """Best total of ``count`` keys on disjoint masks (branch and bound), or 0."""
        best = 0

        def extend(start: int, used: int, total: int, left: int) -> None:
            nonlocal best
            for i in range(start, len(values)):
                if total + left * values[i] <= best:
                    return
                if used & masks[i]:
                    continue
                if left == 1:
                    best = total + values[i]
                    return
                extend(i + 1, used | masks[i], total + values[i], left - 1)

        extend(0, 0, 0, count)
        return best


# -- the children -------------------------------------------------------------------------

KINDS = ("solver cold", "solver", "alphagram", "naive", "two blanks")


def two_blank_throws(dice: DiceSet, count: int, seed: int) -> list[str]:
    """Random throws with exactly two blanks (a face blanked, or two when no die shows one)."""
    rng = random.Random(seed + 1)
    out = []
    for faces in throws(dice, count, seed + 1):
        letters = [i for i, ch in enumerate(faces) if ch != "?"]
        blank = set(rng.sample(letters, 2 - faces.count("?")))
        out.append("".join("?" if k in blank else ch for k, ch in enumerate(faces)))
    return out


def child(kind: str, args: argparse.Namespace) -> dict[str, Any]:
    """Time one side in this (fresh) process."""
    dice = DiceSet.load(args.dice_set)
    racks = throws(dice, args.throws, args.seed)
    start = time.perf_counter()
    lexicon = load_lexicon(args.dict)
    engine: Any
    if kind in ("solver", "solver cold", "two blanks"):
        from wordyahtzee.solver import Solver

        engine = Solver(lexicon, dice, recent=0 if kind != "solver" else 4096)
        answer = lambda faces: {b: r.score for b, r in engine.solve(faces).boxes.items()}  # noqa: E731
        if kind == "two blanks":
            racks = two_blank_throws(dice, args.blank_throws, args.seed)
    elif kind == "alphagram":
        engine = Alphagram(lexicon, dice)
        answer = engine.solve
    else:
        engine = Naive(list(lexicon), dice)
        answer = engine.solve
        racks = racks[:args.baseline_throws]
    load_s = time.perf_counter() - start
    gc.collect()
    loaded = rss_mb()
    warm = throws(dice, 50, args.seed + 7)  # other throws: the timed ones start cold
    for faces in warm[:5 if kind == "naive" else 50]:
        answer(faces)
    seconds: list[float] = []
    answers: list[dict[str, int]] = []
    clock = time.perf_counter
    for faces in racks:
        t0 = clock()
        result = answer(faces)
        seconds.append(clock() - t0)
        answers.append(result)
    keep = args.baseline_throws if kind != "two blanks" else 0
    return {"kind": kind, "throws": len(racks), "distinct": len({"".join(sorted(r))
                                                                for r in racks}),
            "load_s": load_s, "rss_loaded_mb": loaded, "peak_mb": peak_mb(), **stats(seconds),
            "answers": answers if kind == "alphagram" else answers[:keep]}


def run_child(kind: str, args: argparse.Namespace) -> dict[str, Any]:
    """Run one measurement in a fresh interpreter and read its JSON."""
    cmd = [sys.executable, "-m", "scripts.bench_solver", "--child", kind, "--dict", args.dict,
           "--dice-set", args.dice_set, "--throws", str(args.throws),
           "--baseline-throws", str(args.baseline_throws),
           "--blank-throws", str(args.blank_throws), "--seed", str(args.seed)]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False, cwd=ROOT)
    if done.returncode:
        sys.exit(f"{kind} child failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main() -> None:
    """Run every side ``--runs`` times and print the table, the ratios and the spread."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dict", default="nl")
    parser.add_argument("--dice-set", default="nl")
    parser.add_argument("--throws", type=int, default=10_000)
    parser.add_argument("--baseline-throws", type=int, default=100)
    parser.add_argument("--blank-throws", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--child", choices=(*KINDS, "prepare"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child == "prepare":
        from wordyahtzee.solver import SolverIndex

        SolverIndex.load(load_lexicon(args.dict), DiceSet.load(args.dice_set).size)
        return
    if args.child:
        print(json.dumps(child(args.child, args)))
        return
    # build the solver index into the cache first, so the timed children only load it; in a
    # child of its own: a child inherits its parent's peak RSS, which must stay small
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "scripts.bench_solver", "--child", "prepare",
                    "--dict", args.dict, "--dice-set", args.dice_set], check=True,
                   capture_output=True, cwd=ROOT)
    prepare = time.perf_counter() - t0
    print(f"dictionary {args.dict!r}, dice set {args.dice_set!r}, seed {args.seed}; "
          f"index ready in {prepare:.2f} s (built once, then cached); {args.runs} runs")
    print(f"{'run':>3} {'':12} {'throws':>7} {'distinct':>8} {'median':>10} {'p99':>10} "
          f"{'peak RSS':>9} {'load':>6}")
    medians: dict[str, list[float]] = {k: [] for k in KINDS}
    p99s: dict[str, list[float]] = {k: [] for k in KINDS}
    mismatches = 0
    for run in range(1, args.runs + 1):
        results = {kind: run_child(kind, args) for kind in KINDS
                   if kind != "naive" or run == 1}
        for r in results.values():
            medians[r["kind"]].append(r["median_ms"])
            p99s[r["kind"]].append(r["p99_ms"])
            print(f"{run:3d} {r['kind']:12} {r['throws']:7d} {r['distinct']:8d} "
                  f"{r['median_ms'] * 1e3:8.1f}us {r['p99_ms'] * 1e3:8.1f}us "
                  f"{r['peak_mb']:7.1f}MB {r['load_s']:5.2f}s")
        reference = results["solver cold"]["answers"]
        for other in ("alphagram", "naive", "solver"):
            if other in results:
                got = results[other]["answers"]
                mismatches += sum(a != b for a, b in zip(reference, got, strict=False))

    def spread(kind: str) -> str:
        m = medians[kind]
        return f"{statistics.median(m) * 1e3:.1f}us (runs {min(m) * 1e3:.1f}-{max(m) * 1e3:.1f})"

    print("\nmedian of the run medians (lowest-highest):")
    for kind in KINDS:
        print(f"  {kind:12} {spread(kind)}; p99 {statistics.median(p99s[kind]) * 1e3:.1f}us")
    base = statistics.median(medians["alphagram"])
    for kind in ("solver cold", "solver"):
        ratios = [a / s for a, s in zip(medians["alphagram"], medians[kind], strict=True)]
        print(f"ratio alphagram / {kind}: {base / statistics.median(medians[kind]):.2f}x "
              f"(runs {min(ratios):.2f}-{max(ratios):.2f}x)")
    naive = statistics.median(medians["naive"])
    print(f"ratio naive / solver cold: {naive / statistics.median(medians['solver cold']):.0f}x")
    print(f"answers that differ from the solver's: {mismatches}")
    two = statistics.median(p99s["two blanks"])
    targets = [("solver >= 3x alphagram", base >= 3 * statistics.median(medians["solver"])),
               ("two blanks p99 < 5 ms", two < 5.0)]
    print("targets: " + ", ".join(f"{name} {'ok' if ok else 'MISSED'}" for name, ok in targets))


if __name__ == "__main__":
    main()
