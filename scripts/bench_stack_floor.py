"""The web stack's floor: how many requests a second one process of the chosen stack
(gunicorn's gevent worker, Flask) answers when the route does nothing, loaded by the same
client and on the same cores as ``scripts/load_test.py`` (docs/deploy.md, "Measuring").

Side by side in one run, each ``--seconds`` long, ``--connections`` keep-alive clients
posting as fast as they can:

- ``bare``: a Flask app of one route that reads a small JSON body and answers a small JSON
  object, on ``gunicorn -k gevent`` with one worker: no database, no rules, none of the
  project's layers. Nothing a game action does is cheaper than this.
- ``check``: ``wordyahtzee serve`` (one worker, rate limits off) answering ``POST
  /api/check {"words": ["kat"]}``: every layer of the project's API (host and cross-site
  checks, the request's model, the language, headers) around one look-up in the
  dictionary, with no game and no database.

It prints requests/s, p50/p99, the server's CPU per request and the client's own, for
``--rounds`` rounds (the setups alternating), then each figure's range.

    python -m scripts.bench_stack_floor [--seconds 10] [--rounds 3] [--connections 40]
"""

from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import os  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import textwrap  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import gevent  # noqa: E402

from scripts.load_test import Client, cpu_seconds, errors, free_port, latencies, pct, start_server  # noqa: E402

BARE_APP = textwrap.dedent('''
    from flask import Flask, jsonify, request

    app = Flask(__name__)


    @app.post("/check")
    def check():
        words = request.get_json()["words"]
        return jsonify({"dictionary": "nl", "results": [{"word": w, "valid": True}
                                                        for w in words]})
''')


BODY = {"words": ["kat"]}


def start_bare(where: Path) -> tuple[subprocess.Popen[bytes], int]:
    """The bare app on ``gunicorn -k gevent``, one worker, once it answers."""
    (where / "bare_app.py").write_text(BARE_APP)
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-k", "gevent", "--worker-connections", "10000",
         "-w", "1", "-b", f"127.0.0.1:{port}", "--chdir", str(where), "--log-level",
         "warning", "bare_app:app"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    client = Client(port)
    end = time.monotonic() + 30
    while time.monotonic() < end:
        if client.call("start", "POST", "/check", BODY)[0] == 200:
            return proc, port
        gevent.sleep(0.2)
    proc.kill()
    raise SystemExit("the bare app did not start")


def hammer(port: int, name: str, path: str, deadline: float) -> None:
    """One keep-alive client sending the request again as soon as it is answered."""
    client = Client(port)
    while time.monotonic() < deadline:
        status, answer = client.call(name, "POST", path, BODY)
        if status != 200 or not answer["results"][0]["valid"]:
            raise SystemExit(f"{name}: {status} {answer}")


def measure(proc: subprocess.Popen[bytes], port: int, name: str, path: str,
            seconds: float, connections: int) -> dict[str, float]:
    """Requests/s, p50/p99 ms, server and client CPU ms per request, over ``seconds``."""
    latencies.clear()
    errors.clear()
    cpu, mine, start = cpu_seconds(proc.pid), time.process_time(), time.monotonic()
    deadline = start + seconds
    gevent.joinall([gevent.spawn(hammer, port, name, path, deadline)
                    for _ in range(connections)])
    elapsed = time.monotonic() - start
    done = len(latencies[name])
    if errors.get(name):
        raise SystemExit(f"{name}: {errors[name]} errors")
    return {"req/s": done / elapsed, "p50 ms": pct(latencies[name], 0.5),
            "p99 ms": pct(latencies[name], 0.99),
            "server CPU ms/req": 1000 * (cpu_seconds(proc.pid) - cpu) / done,
            "client CPU ms/req": 1000 * (time.process_time() - mine) / done}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=40)
    args = parser.parse_args()
    setups = {"bare": "/check", "check": "/api/check"}
    results: dict[str, list[dict[str, float]]] = {name: [] for name in setups}
    with tempfile.TemporaryDirectory() as tmp:
        bare = start_bare(Path(tmp))
        served = start_server(os.path.join(tmp, "db.sqlite3"), 1, os.path.join(tmp, "data"))
        servers = {"bare": bare, "check": served}
        try:
            for name, path in setups.items():  # warm both up
                measure(*servers[name], name, path, 2, args.connections)
            for _ in range(args.rounds):
                for name, path in setups.items():
                    figures = measure(*servers[name], name, path, args.seconds,
                                      args.connections)
                    results[name].append(figures)
                    print(f"{name:<6}" + "  ".join(f"{k} {v:7.2f}" for k, v in figures.items()),
                          flush=True)
        finally:
            for proc, _ in servers.values():
                proc.terminate()
                proc.wait(15)
    print(f"\n{args.rounds} rounds, {args.connections} connections, lowest-highest:")
    for name, rows in results.items():
        print(f"{name:<6}" + "  ".join(
            f"{key} {min(r[key] for r in rows):.2f}-{max(r[key] for r in rows):.2f}"
            for key in rows[0]))


if __name__ == "__main__":
    main()
