"""Benchmark the optimal Woord Yahtzee strategy (docs/strategy.md, "Benchmarks").

Prints: the time to build the score table (the solver on every distinct throw; not
cached here), the time and peak memory to compute the strategy table from it (repeated,
with the spread), the time to load the table from its cache file, and the latency of
advice for random live positions (each in a fresh state, so the turn's lattices are
computed: the worst case). Targets: table <= 2 min on 2 cores, peak RSS <= 1 GB, advice
<= 50 ms median.

    python scripts/bench_woord_strategy.py [--dict nl] [--dice-set nl] [--threshold 40]
                                           [--repeats 1] [--queries 200]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordyahtzee.advisor.woord.score_table import ScoreTable
from wordyahtzee.advisor.woord.strategy import SheetState, WoordStrategy
from wordyahtzee.dice import DiceSet
from wordyahtzee.lexicon import load_lexicon
from wordyahtzee.modes.woord import SPECIAL_BOXES, UPPER_BOXES, WoordRules
from wordyahtzee.solver import get_solver


def peak_rss_mb() -> float:
    """Peak resident memory of this process so far, in MB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def spread(times: list[float]) -> str:
    return (f"min {min(times):.2f} s, median {statistics.median(times):.2f} s, "
            f"max {max(times):.2f} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--dict", default="nl")
    parser.add_argument("--dice-set", default="nl")
    parser.add_argument("--threshold", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()

    print(f"Woord Yahtzee strategy benchmark: dict {args.dict}, dice {args.dice_set}, "
          f"threshold {args.threshold}, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f}")
    lexicon = load_lexicon(args.dict)
    dice = DiceSet.load(args.dice_set)
    solver = get_solver(lexicon, dice, WoordRules())
    solver.solve("".join(dice.letters(d)[1] for d in range(dice.size)))  # warm the index
    base_rss = peak_rss_mb()

    t0 = time.perf_counter()
    table = ScoreTable.build(solver)
    built = time.perf_counter() - t0
    print(f"score table (solver): {built:8.2f} s   {table.scores.shape[0]:,} outcomes   "
          f"peak RSS {peak_rss_mb():.0f} MB (before: {base_rss:.0f} MB)")

    times = []
    cpu = []
    strategy = None
    for _ in range(args.repeats):
        t0, c0 = time.perf_counter(), time.process_time()
        strategy = WoordStrategy.compute(table, args.threshold)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    assert strategy is not None
    print(f"strategy table:       {spread(times)} ({args.repeats} runs; CPU "
          f"{statistics.median(cpu):.1f} s)   peak RSS {peak_rss_mb():.0f} MB   "
          f"EV {strategy.expected_score:.6f}")

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "strategy.npz"
        strategy.save(path, "bench")
        loads = []
        for _ in range(5):
            t0 = time.perf_counter()
            WoordStrategy.load(path, "bench", table)
            loads.append(time.perf_counter() - t0)
    print(f"load from cache:      {statistics.median(loads) * 1000:8.1f} ms (median of 5)")

    rng = random.Random(1)
    rounds = len(strategy.rounds)
    latencies = []
    cpu_latencies = []
    for _ in range(args.queries):
        rnd = rng.randint(1, rounds)
        used = frozenset(rng.sample(SPECIAL_BOXES, rng.randint(0, min(4, rnd - 1))))
        reach = sum(int(table.column(b).max()) for b in strategy.rounds[:rnd - 1]
                    if b in UPPER_BOXES)
        upper = rng.randint(0, min(reach, args.threshold))
        state = SheetState(used, upper, upper)
        faces = "".join(rng.choice(dice.letters(d)) for d in range(dice.size))
        throws = rng.randint(1, 3)
        t0, c0 = time.perf_counter(), time.process_time()
        strategy.advise(state, rnd, throws, faces, dice, solver)
        latencies.append(time.perf_counter() - t0)
        cpu_latencies.append(time.process_time() - c0)
    latencies.sort()
    print(f"advice (fresh state): {statistics.median(latencies) * 1000:8.2f} ms median, "
          f"{latencies[int(0.9 * len(latencies))] * 1000:.2f} ms p90, "
          f"{latencies[-1] * 1000:.2f} ms max ({len(latencies)} positions; CPU median "
          f"{statistics.median(cpu_latencies) * 1000:.2f} ms)")
    print(f"peak RSS overall:     {peak_rss_mb():8.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
