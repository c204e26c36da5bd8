"""Latency of one ``append_events`` (one event, one transaction): SQLite in WAL mode with
``synchronous=NORMAL`` against ``synchronous=FULL`` (the default since stored events must
survive a power loss), and optionally PostgreSQL.

Each run opens a fresh store, creates a game and appends ``--appends`` events one at a
time (a Woord Yahtzee claim-sized event), timing each call; it prints the median, p99 and
mean per run. The SQLite file goes to ``--dir`` (default: the system temp dir): its file
system decides what an fsync costs (tmpfs makes FULL free), so the script prints it.

    python -m scripts.bench_store [--appends N] [--runs R] [--dir DIR]
                                  [--postgres postgresql://…]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from wordyahtzee.store import Seat, Store
from wordyahtzee.store.sqlite import SQLiteStore

EVENT = {"type": "claim", "player": 0, "box": "letters_5", "words": ["KAAS", "ZEEP"],
         "points": 37, "dice": ["K", "A", "A", "S", "Z", "E", "P"], "at": 1700000000.25}


def file_system(path: Path) -> str:
    """The type of the file system holding ``path`` (from /proc/mounts), or ``?``."""
    try:
        mounts = [line.split() for line in Path("/proc/mounts").read_text().splitlines()]
    except OSError:
        return "?"
    real = os.path.realpath(path)
    best = ("", "?")
    for fields in mounts:
        inside = len(fields) > 2 and (real == fields[1]
                                      or real.startswith(fields[1].rstrip("/") + "/"))
        if inside and len(fields[1]) >= len(best[0]):
            best = (fields[1], fields[2])
    return best[1]


def run(store: Store, appends: int) -> list[float]:
    """Milliseconds of each of ``appends`` single-event appends to a new game."""
    game_id = f"bench-{time.monotonic_ns()}"
    store.create_game(game_id, "woord", "solo", {"rules": {}}, [Seat(0, "Bench", "t")])
    times = []
    for seq in range(appends):
        started = time.perf_counter()
        store.append_events(game_id, seq, [{**EVENT, "seq": seq}])
        times.append((time.perf_counter() - started) * 1000)
    return times


def report(name: str, runs: list[list[float]]) -> None:
    for i, times in enumerate(runs, 1):
        ordered = sorted(times)
        p99 = ordered[min(len(ordered) - 1, round(0.99 * len(ordered)) - 1)]
        print(f"{name:<16} run {i}: median {statistics.median(ordered):6.3f} ms   "
              f"p99 {p99:7.3f} ms   mean {statistics.fmean(ordered):6.3f} ms", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--appends", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dir", default=None, help="where the SQLite files go")
    parser.add_argument("--postgres", default=None, metavar="URL",
                        help="also time a PostgreSQL store at this URL (it gets a table "
                             "set of its own only if the database is empty: use a scratch "
                             "database)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="bench-store-") as tmp:
        print(f"SQLite files in {tmp} ({file_system(Path(tmp))}); {args.appends} appends "
              f"per run, {args.runs} runs", flush=True)
        for level in ("NORMAL", "FULL"):
            runs = []
            for i in range(args.runs):
                store = SQLiteStore(Path(tmp) / f"{level}-{i}.sqlite3", synchronous=level)
                runs.append(run(store, args.appends))
                store.close()
            report(f"sqlite {level}", runs)
    if args.postgres:
        from wordyahtzee.store.postgres import PostgresStore

        pg_runs: list[list[float]] = []
        for _ in range(args.runs):
            pg: Any = PostgresStore(args.postgres)
            pg_runs.append(run(pg, args.appends))
            pg.close()
        report("postgresql", pg_runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
