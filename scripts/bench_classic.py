"""Benchmark the classic Yahtzee strategy table against yatzy-solver (docs/classic.md).

Each run starts, one after the other in fresh processes, ``wordyahtzee classic ev`` with an
empty cache (the table computed and saved, as a first use does) and ``yatzy-solver``
building the same table (Rust, all cores), and takes each one's wall time, CPU time (user +
system, from the operating system) and peak RSS (the child's own ``VmHWM``). The order
alternates between runs. Then, in this process: loading the table from the cache file and
the latency of one advice query. The last lines give the median and the spread
(lowest-highest) over ``--runs`` runs and the ratios ours / theirs. Goals: wall time <= 0.6x
yatzy-solver's, peak RSS <= 48 MB.

    python -m scripts.bench_classic [--joker free|forced] [--runs 3] [--queries 1000]
                                    [--write-docs]

``--write-docs`` rewrites the table between the ``bench_classic`` markers of
docs/classic.md.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from wordyahtzee.advisor.classic.strategy import ClassicStrategy, Position
from wordyahtzee.modes.classic import BOXES, UPPER_BOXES

ROOT = Path(__file__).resolve().parent.parent

ORACLE_VARIANT = {"free": "american", "forced": "american+forced-joker"}


PEAK = ("import atexit, sys\n"
        "def _peak():\n"
        "    for line in open('/proc/self/status'):\n"
        "        if line.startswith('VmHWM:'):\n"
        "            sys.stderr.write('VMHWM ' + line.split()[1] + '\\n')\n"
        "atexit.register(_peak)\n")
"""Prepended to each child: print its peak RSS (VmHWM, which, unlike the ``ru_maxrss`` of
``wait4``, does not start from the parent's peak at the fork) on stderr at exit."""


def run_child(code: str, env: dict[str, str]) -> tuple[float, float, float, str]:
    """Wall seconds, CPU seconds (user + system, from the children's resource usage before
    and after), peak RSS in MB and stdout of one fresh ``python -c PEAK + code``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", PEAK + code], capture_output=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{code[:60]!r} failed: {done.stderr.decode()[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    peak = [line for line in done.stderr.decode().splitlines() if line.startswith("VMHWM ")]
    return wall, cpu, int(peak[-1].split()[1]) / 1024, done.stdout.decode().strip()


def ours(joker: str) -> tuple[float, float, float, str]:
    """``wordyahtzee classic ev`` with a fresh, empty cache folder (and the tables shipped
    with the package ignored)."""
    with tempfile.TemporaryDirectory() as cache:
        # the shipped tables ignored: the table is computed, as without them
        env = {**os.environ, "WORDYAHTZEE_CACHE_DIR": cache, "WORDYAHTZEE_SHIPPED_TABLES": "0"}
        code = ("import runpy; "
                f"sys.argv = ['wordyahtzee', 'classic', 'ev', '--joker', {joker!r}]; "
                "runpy.run_module('wordyahtzee', run_name='__main__')")
        return run_child(code, env)


def theirs(joker: str) -> tuple[float, float, float, str]:
    """yatzy-solver building the table of the same rules."""
    code = ("import yatzy_solver as ys; "
            f"s = ys.Solver.build(ys.Variant({ORACLE_VARIANT[joker]!r})); "
            "print(f\"{s.state_value('upper 0 | filled -'):.6f}\")")
    return run_child(code, dict(os.environ))


def sample_positions(n: int, seed: int = 1) -> list[Position]:
    """``n`` random positions with dice, for the advice latency."""
    rng = random.Random(seed)
    out: list[Position] = []
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


def in_process(joker: str, queries: int) -> dict[str, float]:
    """Load time from the cache file and advice latency, in this process."""
    strategy = ClassicStrategy.compute(joker)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "table.npz"
        strategy.save(path)
        loads = []
        for _ in range(5):
            t0 = time.perf_counter()
            ClassicStrategy.load(path, joker)
            loads.append(time.perf_counter() - t0)
    positions = sample_positions(queries)
    strategy.advise(positions[0])  # the first query builds the rule tables
    times = []
    for pos in positions:
        t0 = time.perf_counter()
        strategy.advise(pos)
        times.append(time.perf_counter() - t0)
    times.sort()
    return {"load from cache, ms": statistics.median(loads) * 1e3,
            "advice median, ms": statistics.median(times) * 1e3,
            "advice p99, ms": times[int(0.99 * (len(times) - 1))] * 1e3}


def main() -> int:
    """Measure ``--runs`` times, print every run and the spread."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--joker", choices=("free", "forced"), default="free")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--queries", type=int, default=1000)
    parser.add_argument("--write-docs", action="store_true")
    args = parser.parse_args()

    runs: list[dict[str, float]] = []
    for run in range(1, args.runs + 1):
        order = [("ours", ours), ("theirs", theirs)]
        if run % 2 == 0:
            order.reverse()
        got = {name: fn(args.joker) for name, fn in order}
        (w1, c1, r1, ev1), (w2, c2, r2, ev2) = got["ours"], got["theirs"]
        if ev1 != ev2:
            raise SystemExit(f"the expected scores differ: ours {ev1}, yatzy-solver {ev2}")
        figures = {"wordyahtzee classic ev: wall, s": w1, "wordyahtzee: CPU, s": c1,
                   "wordyahtzee: peak RSS, MB": r1, "yatzy-solver: wall, s": w2,
                   "yatzy-solver: CPU, s": c2, "yatzy-solver: peak RSS, MB": r2,
                   "ratio wall ours / theirs (goal <= 0.6)": w1 / w2,
                   "ratio CPU ours / theirs": c1 / c2,
                   "ratio peak RSS ours / theirs": r1 / r2,
                   **in_process(args.joker, args.queries)}
        runs.append(figures)
        print(f"run {run} (EV {ev1} both): "
              + ", ".join(f"{k} {v:.2f}" for k, v in figures.items()), flush=True)
    lines = [f"{'figure (joker ' + args.joker + ')':42} {'median':>8}  lowest-highest"]
    for key in runs[0]:
        values = [r[key] for r in runs]
        lines.append(f"{key:42} {statistics.median(values):8.2f}  "
                     f"{min(values):.2f}-{max(values):.2f}")
    print(f"\nmedian over {len(runs)} runs:")
    print("\n".join(lines))
    if args.write_docs:
        from scripts.bench_docs import write_block

        write_block(ROOT / "docs" / "classic.md", f"bench_classic_{args.joker}",
                    f"python -m scripts.bench_classic --joker {args.joker} --runs {args.runs} "
                    "--write-docs", lines, len(runs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
