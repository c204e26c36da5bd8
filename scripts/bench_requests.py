"""Latency of the web API's everyday requests, and the CLI's import time.

Starts a real ``wordyahtzee serve`` on a free loopback port with a fresh database, warms
it, then times sequential requests with a keep-alive HTTP client:

- ``POST /api/check`` (one word),
- ``POST /api/solve`` (a random throw of the ``nl`` dice),
- ``POST /api/games`` (a solo Woord Yahtzee game),

and prints median and p99 per endpoint. It also times ``import wordyahtzee.cli`` plus
what ``wordyahtzee check WORD`` imports (median of fresh interpreters, ``-X importtime``).

    python -m scripts.bench_requests [--requests N] [--repeat R]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(tmp: str) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    env = {**os.environ, "WORDYAHTZEE_DATA_DIR": os.path.join(tmp, "data"),
           "WORDYAHTZEE_WARM": "", "WORDYAHTZEE_RATE_LIMITS": "off"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "wordyahtzee", "serve", "--port", str(port),
         "--db", os.path.join(tmp, "bench.sqlite3")],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc, port
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def post(conn: http.client.HTTPConnection, path: str, body: object) -> float:
    data = json.dumps(body).encode()
    start = time.perf_counter()
    conn.request("POST", path, data, {"Content-Type": "application/json",
                                      "Origin": f"http://{conn.host}:{conn.port}"})
    response = conn.getresponse()
    response.read()
    elapsed = time.perf_counter() - start
    if response.status >= 400:
        raise SystemExit(f"{path}: HTTP {response.status}")
    return elapsed


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_requests(n: int) -> dict[str, list[float]]:
    from wordyahtzee.dice import DiceSet

    dice = DiceSet.load("nl")
    rng = random.Random(7)
    racks = ["".join(rng.choice(dice.letters(d)) for d in range(dice.size)) for _ in range(n)]
    words = ["huis", "kat", "ruine", "fiets", "xyzzy", "boom", "tafel", "stoel"]
    times: dict[str, list[float]] = {"check": [], "solve": [], "create game": []}
    with tempfile.TemporaryDirectory() as tmp:
        proc, port = start_server(tmp)
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            for _ in range(20):  # warm: tries, solver index, first game
                post(conn, "/api/check", {"words": ["huis"]})
                post(conn, "/api/solve", {"letters": racks[0]})
                post(conn, "/api/games", {"mode": "woord", "kind": "solo",
                                          "players": ["Anna"]})
            for i in range(n):
                times["check"].append(post(conn, "/api/check", {"words": [words[i % 8]]}))
                times["solve"].append(post(conn, "/api/solve", {"letters": racks[i]}))
                times["create game"].append(post(conn, "/api/games", {
                    "mode": "woord", "kind": "solo", "players": ["Anna"]}))
        finally:
            proc.terminate()
            proc.wait(10)
    return times


def import_time(runs: int = 7) -> list[float]:
    """Milliseconds to import what ``wordyahtzee check`` needs, in fresh interpreters."""
    code = ("import time; t = time.perf_counter(); import wordyahtzee.cli; "
            "wordyahtzee.cli.build_parser(); import wordyahtzee.lexicon; "
            "print((time.perf_counter() - t) * 1000)")
    out = []
    for _ in range(runs):
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                check=True, cwd=tempfile.gettempdir())
        out.append(float(result.stdout.strip()))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for run in range(1, args.repeat + 1):
        imports = import_time()
        print(f"run {run}: CLI import (check): median {statistics.median(imports):.1f} ms, "
              f"min {min(imports):.1f} ms")
        for name, values in bench_requests(args.requests).items():
            ms = [v * 1000 for v in values]
            print(f"run {run}: {name:<12} median {statistics.median(ms):6.2f} ms   "
                  f"p99 {percentile(ms, 0.99):6.2f} ms   ({len(ms)} requests)")


if __name__ == "__main__":
    main()
