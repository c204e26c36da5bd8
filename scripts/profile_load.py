"""Where a PostgreSQL worker's time goes under load: a flame summary (docs/deploy.md).

Starts a throw-away PostgreSQL (tests/support/pg.py), runs ``scripts/load_test.py`` with two
``serve`` processes on it (40 tables played as fast as they can), samples one worker with
py-spy (``pip install py-spy``; it reads the process's memory, so it needs root or
``ptrace`` rights) for ``--seconds`` in the middle of the run, and prints the share of the
worker's busy samples spent in each part of the work, then the functions with the most
time of their own. ``--raw FILE`` keeps py-spy's samples (folded stacks) for a flame graph.

    python -m scripts.profile_load [--seconds 10] [--raw worker.folded]
    python -m scripts.profile_load --summarize worker.folded   # only the summary

The summary of two runs, side by side, is the before-and-after of a change.
"""

from __future__ import annotations

import argparse
import collections
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PARTS: list[tuple[str, tuple[str, ...]]] = [
    ("storing a move (append_events: one statement)", ("PostgresStore.append_events",)),
    ("catching up with another process's moves (events_since)",
     ("PostgresStore.events_since",)),
    ("borrowing a connection (the pool, its check)", ("ConnectionPool.getconn",)),
    ("the pool's check of a connection it lends", ("ConnectionPool._check_connection",)),
    ("the listener: other processes' notices", ("PostgresStore._listen",)),
    ("creating games: loading the dictionary", ("load_lexicon",)),
    ("rendering a table's state (views, JSON)", ("Playing.state", "jsonify")),
    ("the rules (a game's act)", ("Acting.act",)),
]
"""The parts of the work, each the frames (function names as py-spy prints them) whose
samples it counts, wherever they are in the stack."""


def read_folded(path: Path) -> list[tuple[list[str], int]]:
    """py-spy's raw output: one stack (frames joined by ``;``) and a count a line."""
    rows = []
    for line in path.read_text(errors="replace").splitlines():
        stack, _, count = line.rpartition(" ")
        if stack and count.isdigit():
            rows.append((stack.split(";"), int(count)))
    return rows


def summarize(rows: list[tuple[list[str], int]]) -> str:
    """The parts' shares and the top functions by their own time, as text."""
    total = sum(n for _, n in rows) or 1
    lines = [f"{total} samples of the worker while busy", "", "| part | share |", "|---|---|"]
    for label, names in PARTS:
        hits = sum(n for frames, n in rows
                   if any(f.split(" (")[0] in names for f in frames))
        lines.append(f"| {label} | {100 * hits / total:.0f}% |")
    own: collections.Counter[str] = collections.Counter()
    for frames, n in rows:
        own[frames[-1]] += n
    lines += ["", "functions with the most time of their own:"]
    lines += [f"  {100 * n / total:5.1f}%  {frame[:110]}" for frame, n in own.most_common(12)]
    return "\n".join(lines)


def worker_of_first_server(seconds: float) -> int | None:
    """The pid of the first ``serve`` process's worker, once it exists."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = subprocess.run(["pgrep", "-f", "wordyahtzee serve --port"],
                               capture_output=True, text=True).stdout.split()
        if found:
            children = subprocess.run(["pgrep", "-P", found[0]], capture_output=True,
                                      text=True).stdout.split()
            if children:
                return int(children[0])
        time.sleep(0.5)
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--raw", type=Path, help="keep py-spy's folded stacks here")
    parser.add_argument("--summarize", type=Path, help="only summarize this folded file")
    args = parser.parse_args()
    if args.summarize:
        print(summarize(read_folded(args.summarize)))
        return 0
    spy = shutil.which("py-spy")
    if spy is None:
        raise SystemExit("py-spy not found: pip install py-spy")
    from tests.support.pg import start_server

    pg = start_server()
    tmp = Path(tempfile.mkdtemp(prefix="profile-load-"))
    raw = args.raw or tmp / "worker.folded"
    try:
        url = pg.new_database()
        load = subprocess.Popen(
            [sys.executable, "-m", "scripts.load_test", "--db", url,
             "--servers", "2", "--tables", "40", "--fast", "1.0", "--watchers", "0",
             "--seconds", str(args.seconds + 15)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT)
        worker = worker_of_first_server(90)
        if worker is None:
            load.kill()
            raise SystemExit("no serve worker appeared")
        time.sleep(8)  # past the set-up: the tables are being played
        subprocess.run([spy, "record", "--pid", str(worker), "--duration",
                        str(round(args.seconds)), "--rate", "100", "--format", "raw",
                        "--nonblocking", "--output", str(raw)],
                       check=True, capture_output=True)
        out, _ = load.communicate(timeout=300)
        print(next((line for line in out.splitlines() if line.startswith("game actions/s")),
                   out[-500:]))
        print(summarize(read_folded(raw)))
    finally:
        pg.destroy()
        if args.raw is None:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
