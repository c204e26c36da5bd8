"""What a SQLite backup costs the server playing on: a store of ``--games`` games with
``--events`` events each, eight writers appending moves through the store (group commit,
``synchronous=FULL``) as fast as they can, and ``wordyahtzee backup`` run beside them in
its own process (``--nice 10``: at the priority the systemd unit gives it). Prints, per
round, the backup's time and size, and the writers' commit latency (median, p99, the
longest: the longest a writer waited for a commit) and throughput before and during the
backup.

    python -m scripts.bench_backup [--games 5000] [--events 40] [--rounds 3] [--nice 0]
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from wordyahtzee.store import Seat
from wordyahtzee.store.sqlite import SQLiteStore


def fill(store: SQLiteStore, games: int, events: int) -> None:
    """``games`` finished-looking games of ``events`` events each."""
    event = {"type": "throw", "faces": list("kusnatl"), "at": 1.0}
    for g in range(games):
        store.create_game(f"g{g}", "woord", "solo", {"rules": {}}, [Seat(0, "A", f"t{g}")])
        store.append_events(f"g{g}", 0, [event] * events)


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def one_round(folder: Path, games: int, events: int, nice: int) -> str:
    """One store, one backup under load; the round's line."""
    path = folder / "bench.sqlite3"
    store = SQLiteStore(path)
    fill(store, games, events)
    database_mb = path.stat().st_size / 1e6
    latencies: list[tuple[float, float]] = []  # (when, seconds)
    stop = threading.Event()

    def write(n: int) -> None:
        gid = f"w{n}"
        store.create_game(gid, "woord", "solo", {"rules": {}}, [Seat(0, "A", gid)])
        seq = 0
        while not stop.is_set():
            began = time.perf_counter()
            store.append_events(gid, seq, [{"type": "throw", "faces": list("abcdefg")}])
            latencies.append((began, time.perf_counter() - began))
            seq += 1

    writers = [threading.Thread(target=write, args=(n,)) for n in range(8)]
    for w in writers:
        w.start()
    time.sleep(2.0)
    began = time.perf_counter()
    done = subprocess.run(["nice", "-n", str(nice), sys.executable, "-m", "wordyahtzee",
                           "backup", "--db", str(path), str(folder / "b.tar.gz")],
                          capture_output=True, text=True,
                          env={**os.environ, "WORDYAHTZEE_BACKUP_KEY": secrets.token_hex(32)})
    ended = time.perf_counter()
    time.sleep(0.5)
    stop.set()
    for w in writers:
        w.join()
    store.close()
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    before = [s for at, s in latencies if began - 2.0 <= at < began - 0.2]
    during = [s for at, s in latencies if began <= at < ended]
    size = (folder / "b.tar.gz").stat().st_size / 1e6
    path.unlink()
    return (f"database {database_mb:.0f} MB, backup {ended - began:.2f} s, {size:.1f} MB; "
            f"commit latency before: median {statistics.median(before) * 1e3:.1f} ms, "
            f"p99 {pct(before, 0.99) * 1e3:.1f}, max {max(before) * 1e3:.1f} "
            f"({len(before) / 1.8:.0f}/s); during: median "
            f"{statistics.median(during) * 1e3:.1f} ms, p99 {pct(during, 0.99) * 1e3:.1f}, "
            f"max {max(during) * 1e3:.1f} ({len(during) / (ended - began):.0f}/s)")


def main() -> None:
    """Run the rounds and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--events", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--nice", type=int, default=0, help="the backup's niceness")
    args = parser.parse_args()
    print(f"{args.games} games x {args.events} events, 8 writers, synchronous=FULL, "
          f"backup at nice {args.nice}")
    for r in range(args.rounds):
        with tempfile.TemporaryDirectory() as tmp:
            print(f"round {r + 1}: {one_round(Path(tmp), args.games, args.events, args.nice)}",
                  flush=True)


if __name__ == "__main__":
    main()
