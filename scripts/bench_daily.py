#!/usr/bin/env python3
"""The daily game against a solo game: what starting one and each move cost.

Through the table service on a fresh SQLite store, interleaved: start a daily classic game
for a new profile (the attempt's check and record, the fair dice) against starting a solo
classic game (the baseline: what every solo game costs), then play both to the end with
the same moves (throw, keep two, throw, write the first open box). The day's par is in the
store already, as the day's first start leaves it. Each run prints the
median and p99 of a start and of a move for both and the ratios; the last lines give the
median and the spread (lowest-highest) of every figure over ``--runs`` runs.

    python -m scripts.bench_daily [--games 60] [--runs 3] [--write-docs]

``--write-docs`` rewrites the table between the ``bench_daily`` markers in docs/daily.md.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scripts.bench_docs import median_p99, run_and_report

ROOT = Path(__file__).resolve().parents[1]


def _timed(samples: list[float], call: Callable[..., Any], *args: Any) -> Any:
    """``call(*args)``, its wall time added to ``samples``."""
    start = time.perf_counter()
    answer = call(*args)
    samples.append(time.perf_counter() - start)
    return answer


def _play(service: Any, game_id: str, token: str, moves: list[float]) -> None:
    """The same 39 moves in any classic game."""
    from wordyahtzee.modes.classic import BOXES

    for _ in range(13):
        _timed(moves, service.act, game_id, token, "throw", {})
        state = _timed(moves, service.act, game_id, token, "throw", {"keep": [0, 1]})
        box = next(b for b in BOXES if b in state["state"]["options"])
        _timed(moves, service.act, game_id, token, "claim", {"box": box})


def one_run(games: int) -> dict[str, float]:
    """``games`` daily and ``games`` solo games, interleaved; figures in ms and ratios."""
    from wordyahtzee.store import open_store
    from wordyahtzee.tables import TableService

    with tempfile.TemporaryDirectory() as folder:
        store = open_store(Path(folder) / "bench.sqlite3")
        service = TableService(store, computer_pace=0.0)
        # the day's par, as the day's first start leaves it (computed once a day)
        store.put_daily_par(service.daily.today().isoformat(), "classic", 250, {}, {})
        starts: dict[str, list[float]] = {"daily": [], "solo": []}
        moves: dict[str, list[float]] = {"daily": [], "solo": []}
        try:
            for i in range(games):
                _, secret = service.make_profile(f"speler {i}")
                daily = _timed(starts["daily"], service.daily.start, "classic", secret)
                _play(service, daily["game_id"], daily["token"], moves["daily"])
                table, seats = _timed(starts["solo"], service.create, {
                    "mode": "classic", "kind": "solo", "players": [f"speler {i}"]})
                _play(service, table.id, seats[0].token, moves["solo"])
        finally:
            store.close()
    out: dict[str, float] = {}
    for what, samples in (("start", starts), ("move", moves)):
        for kind in ("daily", "solo"):
            median, p99 = median_p99(samples[kind])
            out[f"{what} {kind} median, ms"] = median * 1e3
            out[f"{what} {kind} p99, ms"] = p99 * 1e3
        out[f"ratio {what} daily / solo"] = (out[f"{what} daily median, ms"]
                                             / out[f"{what} solo median, ms"])
    return out


def main() -> None:
    """Measure ``--runs`` times and print every run and the spread."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--write-docs", action="store_true")
    args = parser.parse_args()
    one_run(2)  # warm up: imports, the first store
    run_and_report(lambda: one_run(args.games), args.runs,
                   f"{args.games} games of each kind",
                   ROOT / "docs" / "daily.md" if args.write_docs else None,
                   "bench_daily", "python -m scripts.bench_daily --write-docs")

if __name__ == "__main__":
    main()
