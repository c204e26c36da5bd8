"""Other serving stacks against the chosen one: the same WSGI app on ``gunicorn -k gevent``
(``wordyahtzee serve``'s stack), on granian's WSGI interface and on meinheld's server (one
worker each), with the same client, alternating, ``--rounds`` rounds, the median and the
spread (docs/deploy.md, "Other serving stacks, measured").

    python -m scripts.bench_stacks [--parts floor,moves,streams] [--rounds 3]
                                   [--seconds 10] [--streams 500,2000] [--stacks granian]

- ``floor``: ``scripts/bench_stack_floor.py``'s bare Flask route on gunicorn's gevent worker,
  on granian with its default pool of blocking threads, on granian with one blocking
  thread and on meinheld: the server's CPU milliseconds per request, and each one's over
  gunicorn's per round.
- ``moves``: the project's app, built as ``wordyahtzee serve`` builds it, on a SQLite file of
  its own per server: ``wordyahtzee serve`` itself against granian and meinheld serving
  :func:`wordyahtzee.web.create_app`; solo classic and Woord Yahtzee games played by
  ``scripts/bench_moves.py``'s client; the server's CPU per action and the ratio per round.
- ``streams``: N idle live streams (``/api/games/<id>/events``, reconnecting when the server
  ends one) on each stack (``--stacks``: only these), while a probe asks ``GET /api/meta``
  every 50 ms: how many streams the server answered within 20 s, the probe's p50/p99/worst,
  and the memory each stream adds. granian's WSGI interface holds one of its blocking
  threads per streaming request, so it is given ``N + 64`` of them (and a backlog to
  match): its best chance. meinheld is tried at the first count only: its loop is not
  gevent's, and a stream waiting on its table's condition stops the whole process.

Neither granian nor meinheld is a dependency of the project: ``pip install granian`` and
``pip install --no-deps meinheld`` into the environment first (meinheld's own pin,
``greenlet<0.5``, does not build on Python 3.11; it builds against gevent's greenlet).
"""

from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import os  # noqa: E402
import resource  # noqa: E402
import socket  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import textwrap  # noqa: E402
import time  # noqa: E402
from collections.abc import Iterable  # noqa: E402
from pathlib import Path  # noqa: E402

import gevent  # noqa: E402

from scripts.bench_moves import measure_moves  # noqa: E402
from scripts.bench_stack_floor import BARE_APP, BODY, measure, start_bare  # noqa: E402
from scripts.load_test import (  # noqa: E402
    Client,
    errors,
    free_port,
    latencies,
    pct,
    rss_mb,
    start_server,
)

Server = tuple[subprocess.Popen[bytes], int]

PROJECT_APP = textwrap.dedent('''
    import os

    from wordyahtzee.web import create_app
    from wordyahtzee.web.security import ALLOWED_HOSTS


    def app():
        """The app as ``wordyahtzee serve`` builds it (web/server.py, make_app)."""
        made = create_app({"DATABASE": os.environ["BENCH_STACKS_DB"],
                           "ALLOWED_HOSTS": ALLOWED_HOSTS, "RATELIMIT_STORAGE_URI": "memory://",
                           "PROXIES": 0, "METRICS_ALLOW": (), "LAN_ADDRESSES": ()})
        made.extensions["wordyahtzee.tables"].resume_all()
        return made
''')

MEINHELD = textwrap.dedent('''
    import importlib
    import sys

    from meinheld import server

    module, name = sys.argv[2].split(":")
    app = getattr(importlib.import_module(module), name)
    server.set_access_logger(None)
    server.listen(("127.0.0.1", int(sys.argv[1])))
    server.run(app() if sys.argv[3:] == ["factory"] else app)
''')

FLOOR = {"gunicorn-gevent": (), "granian": (), "granian-1thread": ("--blocking-threads", "1"),
         "meinheld": ()}
MOVES = (("classic", False), ("woord", False))


def start_other(stack: str, where: Path, target: str, options: tuple[str, ...],
                ready: tuple[str, str], env: dict[str, str] | None = None) -> Server:
    """``target`` on granian's WSGI interface (one worker) or on meinheld's server (one
    process), once ``ready`` (method, path) answers 200."""
    port = free_port()
    log = (where / f"{stack}-{port}.log").open("ab")
    if stack.startswith("granian"):
        command = [sys.executable, "-m", "granian", "--interface", "wsgi", "--workers", "1",
                   "--host", "127.0.0.1", "--port", str(port), "--no-access-log",
                   "--log-level", "warning", "--working-dir", str(where), *options, target]
    else:
        (where / "run_meinheld.py").write_text(MEINHELD)
        command = [sys.executable, "run_meinheld.py", str(port), target,
                   *(["factory"] if "--factory" in options else [])]
    proc = subprocess.Popen(command, cwd=where, env={**os.environ, **(env or {})},
                            stdout=log, stderr=subprocess.STDOUT)
    client = Client(port)
    end = time.monotonic() + 60
    while time.monotonic() < end:
        method, path = ready
        if client.call("start", method, path, BODY if method == "POST" else None)[0] == 200:
            return proc, port
        gevent.sleep(0.2)
    proc.kill()
    raise SystemExit(f"{stack} did not start: see {log.name}")


def project_env(tmp: str, name: str) -> dict[str, str]:
    """The environment ``scripts.load_test.start_server`` gives ``wordyahtzee serve``, and a
    metrics directory as ``serve`` names one."""
    metrics = Path(tmp, f"metrics-{name}")
    metrics.mkdir()
    return {"WORDYAHTZEE_DATA_DIR": os.path.join(tmp, f"data-{name}"), "WORDYAHTZEE_WARM": "",
            "WORDYAHTZEE_RATE_LIMITS": "off", "WORDYAHTZEE_MINE_PUZZLES": "0",
            "PROMETHEUS_MULTIPROC_DIR": str(metrics),
            "BENCH_STACKS_DB": os.path.join(tmp, f"{name}.sqlite3")}


def start_project(tmp: str, stack: str, options: tuple[str, ...] = ()) -> Server:
    """The project's app on ``stack``: ``wordyahtzee serve``, granian or meinheld."""
    if stack == "gunicorn-gevent":
        return start_server(os.path.join(tmp, "serve.sqlite3"), 1, os.path.join(tmp, "data"))
    Path(tmp, "project_app.py").write_text(PROJECT_APP)
    return start_other(stack, Path(tmp), "project_app:app", ("--factory", *options),
                       ("GET", "/api/meta"), project_env(tmp, stack))


def spread(values: list[float], digits: int = 3) -> str:
    """The median and the range of ``values``."""
    return (f"{statistics.median(values):.{digits}f} "
            f"({min(values):.{digits}f}-{max(values):.{digits}f})")


def bench_floor(tmp: Path, rounds: int, seconds: float) -> list[str]:
    """The bare route on each stack, alternating: CPU ms per request and the ratio."""
    (tmp / "bare_app.py").write_text(BARE_APP)
    servers = {"gunicorn-gevent": start_bare(tmp)}
    for name, options in FLOOR.items():
        if name != "gunicorn-gevent":
            servers[name] = start_other(name, tmp, "bare_app:app", options, ("POST", "/check"))
    cost: dict[str, list[float]] = {name: [] for name in servers}
    rate: dict[str, list[float]] = {name: [] for name in servers}
    try:
        for server in servers.values():
            measure(*server, "bare", "/check", 2, 20)  # warm-up
        for n in range(rounds):
            for name in (list(servers) if n % 2 == 0 else list(servers)[::-1]):
                figures = measure(*servers[name], "bare", "/check", seconds, 20)
                cost[name].append(figures["server CPU ms/req"])
                rate[name].append(figures["req/s"])
                print(f"floor round {n + 1} {name:16}" + "  ".join(
                    f"{k} {v:7.2f}" for k, v in figures.items()), flush=True)
    finally:
        stop(servers.values())
    base = cost["gunicorn-gevent"]
    lines = [f"{'bare route':18}{'CPU ms/request':>24}{'requests/s':>12}{'x gunicorn':>20}"]
    for name in servers:
        ratios = [a / b for a, b in zip(cost[name], base, strict=True)]
        lines.append(f"{name:18}{spread(cost[name]):>24}"
                     f"{statistics.median(rate[name]):>12.0f}{spread(ratios, 2):>20}")
    return lines


def bench_moves(tmp: str, rounds: int, seconds: float, tables: int) -> list[str]:
    """Real moves on the project's app on each stack, alternating: CPU ms per action."""
    stacks = ("gunicorn-gevent", "granian", "meinheld")
    servers = {stack: start_project(tmp, stack) for stack in stacks}
    cost: dict[tuple[str, tuple[str, bool]], list[float]] = {
        (s, m): [] for s in stacks for m in MOVES}
    rate: dict[tuple[str, tuple[str, bool]], list[float]] = {key: [] for key in cost}
    try:
        for stack in stacks:
            for mode, online in MOVES:
                measure_moves(*servers[stack], mode, online, 2, tables, 1)  # warm-up
        for n in range(rounds):
            for move in MOVES:
                for stack in (stacks if n % 2 == 0 else stacks[::-1]):
                    figures = measure_moves(*servers[stack], *move, seconds, tables,
                                            1000 * (n + 1))
                    cost[stack, move].append(figures["server CPU ms/action"])
                    rate[stack, move].append(figures["actions/s"])
                    print(f"moves round {n + 1} {stack:16}{move[0]:8}" + "  ".join(
                        f"{k} {v:7.2f}" for k, v in figures.items()), flush=True)
    finally:
        stop(servers.values())
    lines = [f"{'solo moves':18}{'CPU ms/action':>24}{'actions/s':>11}{'x gunicorn':>20}"]
    for move in MOVES:
        for stack in stacks:
            ratios = [a / b for a, b in zip(cost[stack, move], cost["gunicorn-gevent", move],
                                            strict=True)]
            lines.append(f"{move[0] + ' ' + stack:18}{spread(cost[stack, move]):>24}"
                         f"{statistics.median(rate[stack, move]):>11.0f}"
                         f"{spread(ratios, 2):>20}")
    return lines


def hold_stream(port: int, game_id: str, deadline: float, answered: list[int]) -> None:
    """One idle watcher: a live stream, counted once the server has answered it, read
    until the deadline, opened again when the server ends it."""
    while time.monotonic() < deadline:
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        except OSError:
            errors["stream"] += 1
            gevent.sleep(1)
            continue
        counted = False
        try:
            sock.sendall(f"GET /api/games/{game_id}/events HTTP/1.1\r\nHost: 127.0.0.1"
                         "\r\n\r\n".encode())
            while time.monotonic() < deadline:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                if not counted:
                    counted = True
                    answered[0] += 1
        except OSError:
            errors["stream"] += 1
        finally:
            answered[0] -= counted
            sock.close()


def stream_round(server: Server, streams: int, seconds: float) -> dict[str, float]:
    """``streams`` idle streams on 20 online tables, then a probe every 50 ms for
    ``seconds``: streams answered, the probe's latencies, the memory per stream."""
    proc, port = server
    setup = Client(port)
    ids = []
    for _ in range(20):
        status, made = setup.call("setup", "POST", "/api/games", {
            "mode": "woord", "kind": "online", "players": ["Wim", "Zus"],
            "rules": {"turn_seconds": None}})
        if status != 201:
            raise SystemExit(f"a table was refused: {status} {made}")
        ids.append(made["id"])
    latencies.clear()
    errors.clear()
    before = rss_mb(proc.pid)
    answered = [0]
    deadline = time.monotonic() + 20 + seconds
    watchers = [gevent.spawn(hold_stream, port, ids[i % len(ids)], deadline, answered)
                for i in range(streams)]
    opening = time.monotonic() + 20
    while answered[0] < streams and time.monotonic() < opening:
        gevent.sleep(0.5)
    held, memory = answered[0], rss_mb(proc.pid)
    probe = Client(port)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        probe.call("probe", "GET", "/api/meta")
        gevent.sleep(0.05)
    gevent.killall(watchers, timeout=10)
    probes = latencies.get("probe", [])
    return {"streams answered": held, "probe p50 ms": pct(probes, 0.5) if probes else -1,
            "probe p99 ms": pct(probes, 0.99) if probes else -1,
            "probe worst ms": 1000 * max(probes) if probes else -1,
            "probe errors": errors.get("probe", 0),
            "KB/stream": 1024 * (memory - before) / max(held, 1)}


def bench_streams(tmp: str, counts: list[int], seconds: float,
                  only: list[str] | None = None) -> list[str]:
    """Idle streams on each stack (``only``: these of them), a fresh server per stack and
    count; meinheld only at the first count (one stream stalls it)."""
    lines = [f"{'idle streams':18}{'answered':>9}{'probe p50/p99/worst ms':>26}"
             f"{'errors':>8}{'KB/stream':>11}"]
    for n, count in enumerate(counts):
        stacks = [s for s in ["gunicorn-gevent", "granian"] + (["meinheld"] if n == 0 else [])
                  if only is None or s in only]
        for stack in (stacks if n % 2 == 0 else stacks[::-1]):
            where = tempfile.mkdtemp(dir=tmp)
            options = ("--blocking-threads", str(count + 64), "--backlog", str(2 * count + 128))
            server = start_project(where, stack, options)
            try:
                got = stream_round(server, count, seconds)
            finally:
                stop([server])
            if got["streams answered"] < count:  # what the server said, but its requests
                for log in Path(where).glob("*.log"):
                    said = [line for line in log.read_text(errors="replace").splitlines()
                            if '"message":"request"' not in line]
                    print("\n".join(said[-20:]))
            print(f"streams {count} {stack:16}" + "  ".join(
                f"{k} {v:7.1f}" for k, v in got.items()), flush=True)
            lines.append(f"{f'{count} {stack}':18}{got['streams answered']:>9.0f}"
                         f"{got['probe p50 ms']:>10.1f} / {got['probe p99 ms']:.1f} / "
                         f"{got['probe worst ms']:.1f}{got['probe errors']:>8.0f}"
                         f"{got['KB/stream']:>11.1f}")
    return lines


def stop(servers: Iterable[Server]) -> None:
    """Stop each server and wait for it."""
    for proc, _ in servers:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--parts", default="floor,moves,streams")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--streams", default="500,2000",
                        help="the counts of idle streams, comma-separated")
    parser.add_argument("--stacks", default=None,
                        help="streams: only these stacks, comma-separated")
    args = parser.parse_args()
    os.environ["WORDYAHTZEE_MINE_PUZZLES"] = "0"  # the moves alone: no mining beside them
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    parts = args.parts.split(",")
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        if "floor" in parts:
            lines += bench_floor(Path(tmp), args.rounds, args.seconds)
        if "moves" in parts:
            lines += bench_moves(tmp, args.rounds, args.seconds, args.tables)
        if "streams" in parts:
            lines += bench_streams(tmp, [int(c) for c in args.streams.split(",")],
                                   args.seconds,
                                   args.stacks.split(",") if args.stacks else None)
    print(f"\n{args.rounds} rounds of {args.seconds:g} s, the median (lowest-highest):")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
