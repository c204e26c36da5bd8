#!/usr/bin/env python3
"""Start-up of the command line as a player installs it: each command against ``python -c
pass`` in the same virtual environment.

The package is installed the way .ci/run checks the README's play command: ``pip wheel``
of the checkout, then a fresh virtual environment with its locked server dependencies
(requirements/serve.txt) and the wheel, its data and cache folders empty (solve's index
is built by the warm-up start). With ``--against REF`` a second environment gets the wheel
of that commit (``git archive``), and both are timed side by side.

Every command starts as a fresh process from a folder outside the checkout, all of them
interleaved, ``--starts`` times each a run: ``python -c pass``, ``wordyahtzee check
huis``, ``wordyahtzee solve kusnatl`` and ``wordyahtzee --help``. A run prints each
command's median and p99 wall time and its ratio to ``python -c pass`` of its own
environment; the last lines give the median and the spread (lowest-highest) of every
figure over ``--runs`` runs.

    python -m scripts.bench_cli [--against REF] [--starts 30] [--runs 3] [--write-docs]

``--write-docs`` rewrites the table between the ``bench_cli`` markers in
docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scripts.bench_docs import median_p99, run_and_report

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "python -c pass"
COMMANDS = {BASELINE: ["-c", "pass"], "check huis": ["check", "huis"],
            "solve kusnatl": ["solve", "kusnatl"], "--help": ["--help"]}
"""What is timed: the arguments of the environment's ``python`` (the baseline) or of its
``wordyahtzee`` command."""
PIP = ["-m", "pip", "-q", "--disable-pip-version-check"]


def install(source: Path, where: Path) -> Path:
    """A fresh virtual environment in ``where`` with the locked server dependencies of
    ``source`` and its wheel, as .ci/run installs it; its ``bin`` folder."""
    subprocess.run([sys.executable, "-m", "venv", str(where / "venv")], check=True)
    python = str(where / "venv" / "bin" / "python")
    subprocess.run([python, *PIP, "wheel", "--no-deps", "-w", str(where / "dist"),
                    str(source)], check=True)
    subprocess.run([python, *PIP, "install", "--require-hashes", "-r",
                    str(source / "requirements" / "serve.txt")], check=True)
    [wheel] = (where / "dist").glob("wordyahtzee-*.whl")
    subprocess.run([python, *PIP, "install", "--no-deps", str(wheel)], check=True)
    for folder in ("data", "cache"):
        (where / folder).mkdir()
    return where / "venv" / "bin"


def copy_of_checkout(where: Path) -> Path:
    """The checkout's files as they are, uncommitted changes too, in ``where``: pip builds
    a folder's wheel in its ``build/``, which a run stopped half-way leaves unusable."""
    ignore = shutil.ignore_patterns(".git", ".venv", "venv", "build", "dist", "node_modules",
                                    "*.egg-info", "__pycache__", ".*_cache", ".hypothesis")
    shutil.copytree(ROOT, where, ignore=ignore)
    return where


def checkout(ref: str, where: Path) -> Path:
    """The files of commit ``ref`` in ``where`` (``git archive``: no worktree)."""
    where.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(where)], input=archive, check=True)
    return where


def commit(ref: str) -> str:
    """The short hash of commit ``ref``: how a run names an install (``+``: with the
    checkout's uncommitted changes)."""
    return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", ref], check=True,
                          capture_output=True, text=True).stdout.strip()


def command_line(bin_dir: Path, name: str) -> list[str]:
    """The process a command starts: the environment's python, or its wordyahtzee."""
    program = "python" if name == BASELINE else "wordyahtzee"
    return [str(bin_dir / program), *COMMANDS[name]]


def environment(bin_dir: Path) -> dict[str, str]:
    """A plain environment for the commands of one install: its own data and cache."""
    home = bin_dir.parents[1]
    keep = {k: v for k, v in os.environ.items()
            if k in ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR", "COLUMNS")}
    return {**keep, "WORDYAHTZEE_DATA_DIR": str(home / "data"),
            "WORDYAHTZEE_CACHE_DIR": str(home / "cache")}


def wall(cmd: list[str], env: dict[str, str], cwd: str) -> float:
    """Seconds from start to exit of one process (its output discarded)."""
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True, env=env, cwd=cwd)
    return time.perf_counter() - start


def one_run(installs: dict[str, Path], starts: int, cwd: str) -> dict[str, float]:
    """``starts`` interleaved starts of every command of every install: each one's
    median and p99 in ms and its ratio to ``python -c pass`` in the same install."""
    samples: dict[tuple[str, str], list[float]] = {
        (label, name): [] for label in installs for name in COMMANDS}
    envs = {label: environment(bin_dir) for label, bin_dir in installs.items()}
    for _ in range(starts):
        for (label, name), values in samples.items():
            values.append(wall(command_line(installs[label], name), envs[label], cwd))
    out: dict[str, float] = {}
    for name in COMMANDS:
        for label in installs:
            median, p99 = median_p99(samples[label, name])
            base, _ = median_p99(samples[label, BASELINE])
            out[f"{name} ({label}) median, ms"] = median * 1e3
            out[f"{name} ({label}) p99, ms"] = p99 * 1e3
            if name != BASELINE:
                out[f"{name} ({label}) / {BASELINE}"] = median / base
    return out


def main() -> None:
    """Install, warm up, then measure ``--runs`` times and print every run and the spread."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="REF", default=None,
                        help="time the wheel of this commit too, side by side (e.g. main)")
    parser.add_argument("--starts", type=int, default=30)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--write-docs", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-cli-") as tmp:
        now = commit("HEAD") + ("+" if subprocess.run(
            ["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
            check=True, capture_output=True, text=True).stdout else "")
        print(f"installing the checkout ({now})…", file=sys.stderr)
        installs = {now: install(copy_of_checkout(Path(tmp) / "checkout"), Path(tmp) / "now")}
        if args.against:
            then = commit(args.against)
            print(f"installing {args.against} ({then})…", file=sys.stderr)
            installs[then] = install(checkout(then, Path(tmp) / "source"), Path(tmp) / "then")
        for bin_dir in installs.values():  # warm the page cache and build solve's index
            for name in COMMANDS:
                wall(command_line(bin_dir, name), environment(bin_dir), tmp)
        run_and_report(lambda: one_run(installs, args.starts, tmp), args.runs,
                       f"{args.starts} starts of each command",
                       ROOT / "docs" / "performance.md" if args.write_docs else None,
                       "bench_cli", "python -m scripts.bench_cli "
                       + (f"--against {args.against} " if args.against else "")
                       + "--write-docs", width=56)


if __name__ == "__main__":
    main()
