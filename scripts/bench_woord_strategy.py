"""Benchmark the optimal Woord Yahtzee strategy (docs/strategy.md, "Benchmarks").

First the score table (the solver on every distinct throw) is built once into a fresh cache
folder and timed; it is not part of the strategy table's figures. Then each of ``--runs``
runs starts a fresh process that loads the score table from that cache and computes the
strategy table: its wall time, CPU time (user + system) and peak RSS (the process's own
``VmHWM``, the score table and the interpreter included) and the expected score. Then, in
this process: loading the table from a cache file, and the latency of advice for random
live positions, each in a fresh state (so the turn's lattices are computed: the worst
case). The last lines give the median and the spread (lowest-highest) over the runs.
Goals: table <= 25 s and <= 128 MB, advice <= 10 ms at p99.

    python -m scripts.bench_woord_strategy [--dict nl] [--dice-set nl] [--threshold 40]
                                           [--runs 3] [--queries 200] [--write-docs]

``--write-docs`` rewrites the table between the ``bench_woord_strategy`` markers of
docs/strategy.md.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from wordyahtzee.advisor.woord.score_table import load_score_table
from wordyahtzee.advisor.woord.strategy import SheetState, WoordStrategy
from wordyahtzee.dice import DiceSet
from wordyahtzee.lexicon import load_lexicon
from wordyahtzee.modes.woord import SPECIAL_BOXES, UPPER_BOXES, WoordRules
from wordyahtzee.solver import get_solver

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import json, sys, time
from wordyahtzee.advisor.woord.score_table import load_score_table
from wordyahtzee.advisor.woord.strategy import WoordStrategy
name, dice, threshold = sys.argv[1], sys.argv[2], int(sys.argv[3])
table = load_score_table(name, dice, quiet=True)
start = time.perf_counter()
strategy = WoordStrategy.compute(table, threshold)
wall = time.perf_counter() - start
peak = next(int(line.split()[1]) for line in open("/proc/self/status")
            if line.startswith("VmHWM:"))
print(json.dumps({"wall": wall, "peak": peak / 1024, "ev": strategy.expected_score}))
"""


def compute_in_child(args: argparse.Namespace, env: dict[str, str]) -> dict[str, float]:
    """One strategy table in a fresh process: wall, CPU, peak RSS (MB), expected score."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-c", CHILD, args.dict, args.dice_set,
                           str(args.threshold)], capture_output=True, text=True, env=env,
                          check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    out: dict[str, float] = json.loads(done.stdout)
    out["cpu"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return out


def advice_latency(strategy: WoordStrategy, dice: DiceSet, solver: object,
                   queries: int) -> list[float]:
    """Seconds per advice at random live positions, each in a fresh state."""
    table = strategy.table
    rng = random.Random(1)
    rounds = len(strategy.rounds)
    latencies = []
    for _ in range(queries):
        rnd = rng.randint(1, rounds)
        used = frozenset(rng.sample(SPECIAL_BOXES, rng.randint(0, min(4, rnd - 1))))
        reach = sum(int(table.column(b).max()) for b in strategy.rounds[:rnd - 1]
                    if b in UPPER_BOXES)
        upper = rng.randint(0, min(reach, strategy.threshold))
        state = SheetState(used, upper, upper)
        faces = "".join(rng.choice(dice.letters(d)) for d in range(dice.size))
        throws = rng.randint(1, 3)
        t0 = time.perf_counter()
        strategy.advise(state, rnd, throws, faces, dice, solver)  # type: ignore[arg-type]
        latencies.append(time.perf_counter() - t0)
    return sorted(latencies)


def main() -> int:
    """Build the score table, then measure ``--runs`` strategy tables and advice."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--dict", default="nl")
    parser.add_argument("--dice-set", default="nl")
    parser.add_argument("--threshold", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--write-docs", action="store_true")
    args = parser.parse_args()

    cache = tempfile.mkdtemp(prefix="bench-woord-")
    os.environ["WORDYAHTZEE_CACHE_DIR"] = cache
    os.environ["WORDYAHTZEE_SHIPPED_TABLES"] = "0"  # the score table built, not shipped
    env = dict(os.environ)
    lexicon = load_lexicon(args.dict)
    dice = DiceSet.load(args.dice_set)
    solver = get_solver(lexicon, dice, WoordRules())
    t0 = time.perf_counter()
    table = load_score_table(args.dict, args.dice_set, quiet=True)
    built = time.perf_counter() - t0
    print(f"score table (solver, once): {built:.2f} s, {table.scores.shape[0]:,} outcomes",
          flush=True)

    runs: list[dict[str, float]] = []
    strategy = WoordStrategy.compute(table, args.threshold)
    for run in range(1, args.runs + 1):
        child = compute_in_child(args, env)
        if abs(child["ev"] - strategy.expected_score) > 1e-9:
            raise SystemExit(f"expected scores differ: {child['ev']} and "
                             f"{strategy.expected_score}")
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "strategy.npz"
            strategy.save(path, "bench")
            loads = []
            for _ in range(5):
                t0 = time.perf_counter()
                WoordStrategy.load(path, "bench", table)
                loads.append(time.perf_counter() - t0)
        latencies = advice_latency(strategy, dice, solver, args.queries)
        figures = {
            "strategy table: wall, s": child["wall"],
            "strategy table: CPU (whole process), s": child["cpu"],
            "strategy table: peak RSS of its process, MB": child["peak"],
            "load from the cache file, ms": statistics.median(loads) * 1e3,
            "advice (fresh state): median, ms": statistics.median(latencies) * 1e3,
            "advice (fresh state): p99, ms":
                latencies[int(0.99 * (len(latencies) - 1))] * 1e3,
            "advice (fresh state): max, ms": latencies[-1] * 1e3,
        }
        runs.append(figures)
        print(f"run {run} (EV {child['ev']:.6f}): "
              + ", ".join(f"{k} {v:.2f}" for k, v in figures.items()), flush=True)
    lines = [f"{'figure (' + args.dict + ', threshold ' + str(args.threshold) + ')':46} "
             f"{'median':>8}  lowest-highest"]
    for key in runs[0]:
        values = [r[key] for r in runs]
        lines.append(f"{key:46} {statistics.median(values):8.2f}  "
                     f"{min(values):.2f}-{max(values):.2f}")
    lines.append(f"{'(score table, built once, s)':46} {built:8.2f}")
    print(f"\nmedian over {len(runs)} runs:")
    print("\n".join(lines))
    if args.write_docs:
        from scripts.bench_docs import write_block

        write_block(ROOT / "docs" / "strategy.md", "bench_woord_strategy",
                    f"python -m scripts.bench_woord_strategy --runs {args.runs} --write-docs",
                    lines, len(runs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
