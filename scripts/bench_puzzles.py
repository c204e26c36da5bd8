"""What mining puzzles costs the players: the real server (``wordyahtzee serve``, one
gevent worker) starts on a store with a backlog of ``--backlog`` finished games not mined
yet (as after an upgrade; ``--mode``: Woord Yahtzee, the heavy kind, or Kaartspel), and a
player plays classic moves (a throw, then a box) beside the miner, one after the other; the
same player plays again once the backlog is mined. Prints the move latency while mining and
when idle (median, p99 and their ratio), how long the backlog took, and the puzzles found.

    python -m scripts.bench_puzzles [--mode woord|kaartspel] [--backlog 12] [--moves 200]
                                    [--runs 3] [--write-docs]

The baseline is the same server with nothing to mine, measured in the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from scripts.bench_docs import run_and_report

REPO = Path(__file__).resolve().parent.parent

BOXES = ("ones", "twos", "threes", "fours", "fives", "sixes", "three_of_a_kind",
         "four_of_a_kind", "full_house", "small_straight", "large_straight", "yahtzee", "chance")


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _call(base: str, method: str, path: str, body: Any = None, token: str | None = None
          ) -> Any:
    request = urllib.request.Request(base + path, method=method,
                                     data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("X-Seat-Token", token)
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def _woord_game(base: str) -> None:
    """A Woord Yahtzee game played to its end: three throws keeping nothing, 0 in the
    round's box."""
    made = _call(base, "POST", "/api/games", {"mode": "woord", "players": ["A"],
                                              "rules": {"turn_seconds": None}})
    gid, token, state = made["id"], made["links"][0]["token"], made["state"]
    while state["status"] != "finished":
        for _ in range(3):
            thrown = _call(base, "POST", f"/api/games/{gid}/act/throw", {"keep": []}, token)
        box = thrown["state"]["turn"]["round_box"]
        state = _call(base, "POST", f"/api/games/{gid}/act/claim", {"box": box, "words": []},
                      token)["state"]


def _kaartspel_game(base: str) -> None:
    """A two-seat hot-seat Kaartspel game played badly to its end: the first card (in
    card-id order) the first throw shows, else nothing; next to an own card, stop."""
    made = _call(base, "POST", "/api/games", {"mode": "kaartspel", "kind": "hotseat",
                                              "players": ["A", "B"]})
    gid, token, state = made["id"], made["links"][0]["token"], made["state"]
    while state["status"] != "finished":
        options = {o["action"]: o for o in state["options"]}
        body: dict[str, Any]
        if state["phase"] == "choose":
            action, body = "stop", {}
        elif "roll" in options:
            action, body = "roll", {}
        elif state["dice"] is None:
            action, body = "throw", {"keep": []}
        else:
            action, body = "take", {"card": next(iter(sorted(options["take"]["cards"])), None)}
        state = _call(base, "POST", f"/api/games/{gid}/act/{action}", body, token)["state"]


GAMES = {"woord": _woord_game, "kaartspel": _kaartspel_game}
"""How each mode's backlog games are played."""
KINDS = {"woord": ("keep", "claim"), "kaartspel": ("keep", "take", "stop")}
"""The themes that count each mode's puzzles once (what the best choice is)."""


def _classic_moves(base: str, moves: int) -> list[float]:
    """Seconds per move of classic games (a throw, then the first open box)."""
    seconds: list[float] = []
    while len(seconds) < moves:
        made = _call(base, "POST", "/api/games", {"mode": "classic", "players": ["B"]})
        gid, token = made["id"], made["links"][0]["token"]
        for _ in range(13):
            start = time.perf_counter()
            thrown = _call(base, "POST", f"/api/games/{gid}/act/throw", {"keep": []}, token)
            seconds.append(time.perf_counter() - start)
            box = next(b for b in BOXES if b in thrown["state"]["options"])
            start = time.perf_counter()
            _call(base, "POST", f"/api/games/{gid}/act/claim", {"box": box}, token)
            seconds.append(time.perf_counter() - start)
    return seconds


def _mined(db: Path, mode: str) -> tuple[int, int]:
    import sqlite3

    with sqlite3.connect(db) as conn:
        games = conn.execute("SELECT COUNT(*) FROM games WHERE mode = ? AND "
                             "status = 'finished'", (mode,)).fetchone()[0]
        done = conn.execute("SELECT COUNT(*) FROM puzzle_sources s JOIN games g ON "
                            "g.id = s.game_id WHERE g.mode = ?", (mode,)).fetchone()[0]
    return int(games), int(done)


def _start(db: Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    """``wordyahtzee serve`` on ``db``, once it answers."""
    with log.open("ab") as out:
        proc = subprocess.Popen([sys.executable, "-m", "wordyahtzee", "serve", "--port",
                                 str(port), "--db", str(db)], stdout=out,
                                stderr=subprocess.STDOUT, env=dict(os.environ))
    for _ in range(600):
        try:
            _call(f"http://127.0.0.1:{port}", "GET", "/readyz")
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def one_run(mode: str, backlog: int, moves: int) -> dict[str, float]:
    """The backlog is played on a first server and its mining undone; a second server on
    the same store finds it at its first sweep, and the moves are timed beside it."""
    import sqlite3

    folder = Path(tempfile.mkdtemp())
    db, port, log = folder / "bench.sqlite3", _port(), folder / "serve.log"
    base = f"http://127.0.0.1:{port}"
    proc = _start(db, port, log)
    try:
        for _ in range(backlog):
            GAMES[mode](base)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM puzzles")
        conn.execute("DELETE FROM puzzle_sources")
    proc = _start(db, port, log)
    try:
        started = time.perf_counter()
        busy = _classic_moves(base, moves)
        if _mined(db, mode)[1] >= backlog:
            raise SystemExit("the backlog was mined before the moves were timed: raise "
                             "--backlog or lower --moves")
        while _mined(db, mode)[1] < backlog:
            time.sleep(0.2)
        mining = time.perf_counter() - started
        idle = _classic_moves(base, moves)
        puzzles = _call(base, "GET", f"/api/puzzles/themes?mode={mode}")["themes"]
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    q = statistics.quantiles
    busy_ms, idle_ms = [s * 1000 for s in busy], [s * 1000 for s in idle]
    return {"move while mining: median, ms": statistics.median(busy_ms),
            "move while mining: p99, ms": q(busy_ms, n=100)[98],
            "move when idle: median, ms": statistics.median(idle_ms),
            "move when idle: p99, ms": q(idle_ms, n=100)[98],
            "ratio median mining / idle": statistics.median(busy_ms)
            / statistics.median(idle_ms),
            "ratio p99 mining / idle": q(busy_ms, n=100)[98] / q(idle_ms, n=100)[98],
            "backlog mined in, s": mining,
            f"puzzles found ({', '.join(KINDS[mode][:-1])} or {KINDS[mode][-1]})":
                float(sum(puzzles[kind] for kind in KINDS[mode]))}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mode", choices=sorted(GAMES), default="woord",
                    help="the mode of the games to mine")
    ap.add_argument("--backlog", type=int, default=12, help="games to mine")
    ap.add_argument("--moves", type=int, default=200, help="classic moves per measurement")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--write-docs", action="store_true",
                    help="write the table into docs/puzzles.md")
    args = ap.parse_args()
    mode = "" if args.mode == "woord" else f" --mode {args.mode}"
    run_and_report(lambda: one_run(args.mode, args.backlog, args.moves), args.runs,
                   f"{args.moves} classic moves beside a backlog of {args.backlog} "
                   f"{args.mode} games",
                   REPO / "docs" / "puzzles.md" if args.write_docs else None,
                   "bench_puzzles" + mode.replace(" --mode ", "_"),
                   f"python -m scripts.bench_puzzles{mode} --backlog {args.backlog} --moves "
                   f"{args.moves} --runs {args.runs} --write-docs", width=44)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
