"""Benchmarks write their own tables into the docs: a block between two markers,

    <!-- bench:NAME -->
    ...
    <!-- /bench:NAME -->

is replaced by the command that made it, the date, the machine and the figures, so that
every number in docs/ names the script, the day and the machine it comes from.
"""

from __future__ import annotations

import datetime
import os
import platform
import statistics
from collections.abc import Callable
from pathlib import Path


def median_p99(samples: list[float]) -> tuple[float, float]:
    """The median and the 99th percentile of some timings, in their own unit."""
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[int(0.99 * (len(ordered) - 1))]


def machine() -> str:
    """One line: CPU model, cores this process may use, memory, OS and Python."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                memory = f", {int(line.split()[1]) / 2**20:.0f} GiB"
                break
    except OSError:
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (f"{model}, {cores} cores{memory}, {platform.system()} {platform.release()}, "
            f"Python {platform.python_version()}")


def write_block(doc: Path, name: str, command: str, lines: list[str], runs: int) -> None:
    """Replace the ``bench:NAME`` block of ``doc`` with ``lines`` and where they come from."""
    replace_block(doc, name, command, f", {machine()}; the median of {runs} runs and their "
                  "spread (lowest-highest):", lines)


def replace_block(doc: Path, name: str, command: str, caption: str, lines: list[str]) -> None:
    """Replace the ``bench:NAME`` block of ``doc`` with ``lines`` under one line: the
    command, today's date and ``caption`` (what follows the date)."""
    start, end = f"<!-- bench:{name} -->", f"<!-- /bench:{name} -->"
    text = doc.read_text(encoding="utf-8")
    if start not in text or end not in text:
        raise SystemExit(f"{doc}: no {start} ... {end} block to rewrite")
    today = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")
    block = "\n".join([start, f"`{command}`, {today}{caption}", "", "```", *lines, "```", end])
    head, rest = text.split(start, 1)
    _, tail = rest.split(end, 1)
    doc.write_text(head + block + tail, encoding="utf-8")
    print(f"wrote the {name} figures into {doc}")


def spread_lines(runs: list[dict[str, float]], width: int = 40) -> list[str]:
    """The table of a benchmark's runs: each figure's median over the runs and its spread
    (lowest-highest)."""
    lines = [f"{'figure':{width}} {'median':>8}  lowest-highest"]
    for key in runs[0]:
        values = [r[key] for r in runs]
        lines.append(f"{key:{width}} {statistics.median(values):8.2f}  "
                     f"{min(values):.2f}-{max(values):.2f}")
    return lines


def run_and_report(one_run: Callable[[], dict[str, float]], runs: int, what: str,
                   doc: Path | None = None, name: str = "", command: str = "",
                   width: int = 40) -> None:
    """Call ``one_run`` ``runs`` times, printing each run's figures, then the median and
    spread of each over the runs (``what``: what one run measured); with ``doc``, write
    that table into its ``bench:NAME`` block too."""
    results = []
    for run in range(1, runs + 1):
        figures = one_run()
        results.append(figures)
        print(f"run {run}: " + ", ".join(f"{k} {v:.2f}" for k, v in figures.items()))
    lines = spread_lines(results, width)
    print(f"\nmedian over {len(results)} runs of {what}:")
    print("\n".join(lines))
    if doc is not None:
        write_block(doc, name, command, lines, len(results))

