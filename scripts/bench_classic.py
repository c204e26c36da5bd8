"""Benchmark the classic Yahtzee strategy table (docs/classic.md, "Benchmarks").

Prints: the time and peak memory to compute the full table, ``yatzy-solver``'s time for the
same table and the ratio, the time to load the table from the cache file, and the median
latency of one advice query. Targets: compute <= 30 s and <= 1.5 GB on 2 cores, load <= 1 s,
advice <= 5 ms.

    python scripts/bench_classic.py [--joker free|forced] [--queries 1000]
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

from wordyahtzee.advisor.classic.strategy import ClassicStrategy, Position
from wordyahtzee.modes.classic import BOXES, UPPER_BOXES

ORACLE_VARIANT = {"free": "american", "forced": "american+forced-joker"}


def peak_rss_mb() -> float:
    """Peak resident memory of this process so far, in MB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def sample_positions(n: int, seed: int = 1) -> list[Position]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        p = rng.random()
        filled = frozenset(b for b in BOXES if rng.random() < p)
        if len(filled) == len(BOXES):
            continue
        upper = sum((i + 1) * rng.randint(0, 5) for i, b in enumerate(UPPER_BOXES)
                    if b in filled)
        ybox = rng.choice([0, 50]) if "yahtzee" in filled else None
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        out.append(Position(filled, upper, ybox, dice, rng.randint(1, 3)))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--joker", choices=("free", "forced"), default="free")
    parser.add_argument("--queries", type=int, default=1000)
    args = parser.parse_args()

    print(f"classic strategy benchmark, joker={args.joker}, {os.cpu_count()} cores")
    base_rss = peak_rss_mb()
    t0 = time.perf_counter()
    strategy = ClassicStrategy.compute(args.joker)
    ours = time.perf_counter() - t0
    peak = peak_rss_mb()
    print(f"compute table:        {ours:8.2f} s   peak RSS {peak:7.0f} MB "
          f"(process before: {base_rss:.0f} MB)   EV {strategy.expected_score:.6f}")

    import yatzy_solver as ys

    t0 = time.perf_counter()
    oracle = ys.Solver.build(ys.Variant(ORACLE_VARIANT[args.joker]))
    theirs = time.perf_counter() - t0
    their_ev = oracle.state_value("upper 0 | filled -")
    print(f"yatzy-solver table:   {theirs:8.2f} s   (Rust, all cores)   EV {their_ev:.6f}")
    print(f"ratio ours/theirs:    {ours / theirs:8.2f}")

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "table.npz"
        strategy.save(path)
        loads = []
        for _ in range(5):
            t0 = time.perf_counter()
            ClassicStrategy.load(path, args.joker)
            loads.append(time.perf_counter() - t0)
        size = path.stat().st_size / 1e6
    print(f"load from cache:      {statistics.median(loads) * 1000:8.1f} ms  "
          f"(median of 5, file {size:.1f} MB)")

    positions = sample_positions(args.queries)
    strategy.advise(positions[0])  # first query builds the rule tables
    times = []
    for pos in positions:
        t0 = time.perf_counter()
        strategy.advise(pos)
        times.append(time.perf_counter() - t0)
    times.sort()
    print(f"advice query:         {statistics.median(times) * 1000:8.2f} ms median, "
          f"{times[int(0.99 * len(times))] * 1000:.2f} ms p99 ({len(times)} positions)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
