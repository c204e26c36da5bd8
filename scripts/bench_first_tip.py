"""The first Tip of a fresh server in every mode (docs/operations.md, "Ready at once").

Each run starts ``wordyahtzee serve`` as a fresh install does: an empty cache folder, an
empty data folder and database, every start-up table asked for (``WORDYAHTZEE_WARM``
unset). As soon as it answers ``/healthz``, one thread per mode at once starts a solo game
with the default rules (classic with the free and with the forced joker, Woord Yahtzee on
``nl`` with the ``nl`` dice and threshold 40, Kaartspel (two players at one device: it has
no solo game), Triple Yahtzee), makes the first
throw (Kaartspel: the red die, then the throw) and asks for a Tip, again every 0.05 s while
the answer is ``ready: false`` (the page asks every second). A mode's figure is the time
from the first ask to the ready answer; also the first throw's, and the time from the
process's start to ``/readyz`` answering 200 (every start-up table in memory). Rate limits
are off (``WORDYAHTZEE_RATE_LIMITS=off``: the fast polling is the benchmark's, not a
player's).

    python -m scripts.bench_first_tip [--runs 3] [--command "wordyahtzee"] [--write-docs]

``--command`` runs another install's server (``/path/to/venv/bin/wordyahtzee``; default:
this interpreter's ``-m wordyahtzee``). ``--write-docs`` rewrites the table between the
``bench_first_tip`` markers of docs/operations.md.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shlex
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from scripts.bench_docs import run_and_report

ROOT = Path(__file__).resolve().parents[1]
POLL = 0.05
"""Seconds between two asks for a Tip that was not ready."""
GIVE_UP = 900.0
"""Seconds after which a Tip, or the server's readiness, counts as never."""
GAMES = {
    "classic (free joker)": ("classic", {"joker": "free"}, [("throw", {"keep": []})]),
    "classic (forced joker)": ("classic", {"joker": "forced"}, [("throw", {"keep": []})]),
    "Woord Yahtzee (nl/nl/40)": ("woord", {}, [("throw", {})]),
    "Kaartspel": ("kaartspel", {}, [("roll", {}), ("throw", {"keep": []})]),
    "Triple Yahtzee": ("triple", {}, [("throw", {"keep": []})]),
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def call(port: int, method: str, path: str, body: Any = None,
         token: str | None = None) -> tuple[int, Any]:
    """One request on a new connection: status and JSON body."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Seat-Token"] = token
    try:
        conn.request(method, path, None if body is None else json.dumps(body), headers)
        response = conn.getresponse()
        data = response.read()
        return response.status, json.loads(data) if data else None
    finally:
        conn.close()


def first_tip(port: int, mode: str, rules: dict[str, Any],
              actions: list[tuple[str, dict[str, Any]]], out: dict[str, float]) -> None:
    """Start a solo game, make its first moves and time its first Tip (seconds in
    ``out["tip"]``; the moves' in ``out["throw"]``)."""
    two = mode == "kaartspel"  # a game of two or more: two at one device
    status, made = call(port, "POST", "/api/games", {
        "mode": mode, "kind": "hotseat" if two else "solo",
        "players": ["Anna", "Bram"] if two else ["Anna"], "rules": rules})
    if status != 201:
        raise SystemExit(f"{mode}: creating a game answered {status}: {made}")
    gid, token = made["id"], made["links"][0]["token"]
    start = time.perf_counter()
    for action, body in actions:
        status, answer = call(port, "POST", f"/api/games/{gid}/act/{action}", body, token)
        if status != 200:
            raise SystemExit(f"{mode}: {action} answered {status}: {answer}")
    out["throw"] = time.perf_counter() - start
    start = time.perf_counter()
    while time.perf_counter() - start < GIVE_UP:
        status, answer = call(port, "GET", f"/api/games/{gid}/hint", None, token)
        if status == 200 and answer.get("ready") is not False:
            out["tip"] = time.perf_counter() - start
            return
        if status not in (200, 202) or answer.get("failed"):
            raise SystemExit(f"{mode}: the Tip answered {status}: {answer}")
        time.sleep(POLL)
    out["tip"] = float("inf")


def one_run(command: list[str]) -> dict[str, float]:
    """A fresh server: each mode's first Tip and throw, and the time to /readyz."""
    with tempfile.TemporaryDirectory(prefix="wordyahtzee-first-tip-") as tmp:
        port = free_port()
        env = {**os.environ, "WORDYAHTZEE_CACHE_DIR": os.path.join(tmp, "cache"),
               "WORDYAHTZEE_DATA_DIR": os.path.join(tmp, "data"),
               "WORDYAHTZEE_RATE_LIMITS": "off"}
        env.pop("WORDYAHTZEE_WARM", None)
        env.pop("WORDYAHTZEE_SHIPPED_TABLES", None)
        started = time.perf_counter()
        proc = subprocess.Popen([*command, "serve", "--port", str(port),
                                 "--db", os.path.join(tmp, "games.sqlite3")],
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            while True:
                try:
                    if call(port, "GET", "/healthz")[0] == 200:
                        break
                except OSError:
                    pass
                if proc.poll() is not None or time.perf_counter() - started > 120:
                    raise SystemExit("the server did not start")
                time.sleep(0.05)
            answering = time.perf_counter() - started
            results: dict[str, dict[str, float]] = {name: {} for name in GAMES}
            threads = [threading.Thread(target=first_tip, args=(port, *GAMES[name], results[name]))
                       for name in GAMES]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            while call(port, "GET", "/readyz")[0] != 200:
                if time.perf_counter() - started > GIVE_UP:
                    break
                time.sleep(0.2)
            ready = time.perf_counter() - started
        finally:
            proc.terminate()
            proc.wait(30)
    figures = {f"first Tip, s: {name}": results[name]["tip"] for name in GAMES}
    figures.update({f"first throw, s: {name}": results[name]["throw"] for name in GAMES})
    figures["server answers /healthz, s after start"] = answering
    figures["/readyz 200, s after start"] = ready
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--command", help="the wordyahtzee command to serve with")
    parser.add_argument("--write-docs", action="store_true")
    args = parser.parse_args()
    command = shlex.split(args.command) if args.command else [sys.executable, "-m",
                                                              "wordyahtzee"]
    run_and_report(lambda: one_run(command), args.runs, "a fresh server",
                   ROOT / "docs" / "operations.md" if args.write_docs else None,
                   "bench_first_tip", f"python -m scripts.bench_first_tip --runs {args.runs} "
                   "--write-docs", width=52)


if __name__ == "__main__":
    main()
