#!/usr/bin/env python3
"""Start-up time of the command line: ``wordyahtzee check huis`` against ``python -c pass``.

Both are started as fresh processes, interleaved, ``--starts`` times each per run, with the
package's bytecode compiled first (as ``pip install`` does; an editable checkout under
``PYTHONDONTWRITEBYTECODE`` would otherwise compile every module at every start). Each run
prints the median and p99 wall time of both and their ratio; the last lines give the median
and the spread (lowest-highest) of every figure over ``--runs`` runs.

    python scripts/bench_cli.py [--starts 40] [--runs 3] [--write-docs]

``--write-docs`` rewrites the table between the ``bench_cli`` markers in docs/architecture.md.
"""

from __future__ import annotations

import argparse
import compileall
import os
import subprocess
import sys
import time
from pathlib import Path

from bench_docs import median_p99, run_and_report  # scripts/ is on the path of a script run

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "wordyahtzee check huis": [sys.executable, "-m", "wordyahtzee", "check", "huis"],
}


def wall(cmd: list[str], env: dict[str, str]) -> float:
    """Seconds from start to exit of one process (its output discarded)."""
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True, env=env)
    return time.perf_counter() - start


def one_run(starts: int, env: dict[str, str]) -> dict[str, float]:
    """Interleaved starts of every command; medians and p99s in ms and the ratio."""
    samples: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(starts):
        for name, cmd in COMMANDS.items():
            samples[name].append(wall(cmd, env))
    out: dict[str, float] = {}
    for name, values in samples.items():
        median, p99 = median_p99(values)
        out[f"{name} median, ms"] = median * 1e3
        out[f"{name} p99, ms"] = p99 * 1e3
    out["ratio check / python"] = (out["wordyahtzee check huis median, ms"]
                                   / out["python -c pass median, ms"])
    return out


def main() -> None:
    """Measure ``--runs`` times and print every run and the spread."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--write-docs", action="store_true")
    args = parser.parse_args()
    import wordyahtzee

    compileall.compile_dir(Path(wordyahtzee.__file__).parent, quiet=1)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for cmd in COMMANDS.values():  # warm the page cache
        wall(cmd, env)
    run_and_report(lambda: one_run(args.starts, env), args.runs,
                   f"{args.starts} starts each",
                   ROOT / "docs" / "architecture.md" if args.write_docs else None,
                   "bench_cli", "python scripts/bench_cli.py --write-docs")

if __name__ == "__main__":
    main()
