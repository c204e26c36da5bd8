"""Load test: real games on loopback against real ``wordyahtzee serve`` processes.

Starts the server(s) itself on free ports, then for ``--seconds`` seconds:

- ``--tables`` online Woord Yahtzee tables of two seats play whole games (a finished table
  is replaced by a new one); a ``--fast`` share of the seats act as fast as they can, the
  others are paced like people (1-3 s between actions);
- ``--watchers`` idle viewers hold a live stream (server-sent events) each, reconnecting
  when the server ends a stream;
- with ``--servers 2`` the tables' two seats talk to different server processes on the
  same database, so every move crosses processes.

``--mode`` and ``--kind`` play another game instead (``--mode classic --kind solo``: solo
classic tables, spread over the servers), each move decided from the state the server
sent (``scripts/players.py``). ``--checkout`` serves another checkout of the project with
this client, to compare two commits side by side (``scripts/served.py`` says what that
checkout needs).

It prints, per endpoint, the requests per second, p50 and p99 latency and errors; the game
actions (throws and claims) per second; and each server process's resident memory.

    python -m scripts.load_test --seconds 30 --tables 40 --watchers 500
    python -m scripts.load_test --db postgresql://... --servers 2
    python -m scripts.load_test --workers 2
    python -m scripts.load_test --db postgresql://... --servers 2 --nginx
    python -m scripts.load_test --db postgresql://... --servers 2 --mode classic --kind solo

With ``--nginx`` every client talks to a real nginx (Debian's package) running the
project's ``deploy/nginx.conf`` in front of the servers, as docs/deploy.md deploys them;
nginx's own CPU is reported apart.

The client runs on gevent (one greenlet per seat and per watcher) and shares the machine's
cores with the servers, so figures are a floor, not a ceiling.
"""

from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import resource  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections import defaultdict  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import gevent  # noqa: E402

from scripts.players import MODES, next_move  # noqa: E402
from scripts.served import CHECKOUT, check_served_code, checkout_python  # noqa: E402

latencies: dict[str, list[float]] = defaultdict(list)
errors: dict[str, int] = defaultdict(int)
actions = 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: str, workers: int, data_dir: str,
                 extra_env: dict[str, str] | None = None, checkout: str | None = None
                 ) -> tuple[subprocess.Popen[bytes], int]:
    """``wordyahtzee serve`` on ``db`` once it answers (``extra_env``: more of its
    environment), serving the code of ``checkout`` (by default this one's) with the Python
    of that checkout's own environment; the code it imports is checked first."""
    port = free_port()
    env = {**os.environ, "WORDYAHTZEE_DATA_DIR": data_dir, "WORDYAHTZEE_WARM": "",
           "WORDYAHTZEE_RATE_LIMITS": "off", **(extra_env or {})}
    python = sys.executable if checkout is None else checkout_python(checkout)
    check_served_code(python, CHECKOUT if checkout is None else Path(checkout), env)
    log = Path(data_dir).with_suffix(".log")
    with log.open("ab") as out:
        proc = subprocess.Popen([python, "-P", "-m", "wordyahtzee", "serve", "--port",
                                 str(port), "--db", db, "--workers", str(workers)],
                                env=env, stdout=out, stderr=subprocess.STDOUT)
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/api/meta")
            if conn.getresponse().status == 200:
                return proc, port
        except OSError:
            gevent.sleep(0.2)
    proc.kill()
    raise SystemExit("a server did not start:\n" + log.read_text(errors="replace")[-2000:])


def rss_mb(pid: int) -> float:
    """Resident memory of a process and its children (the workers), in MB."""
    total = 0.0
    pids = [pid]
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        pids += [int(c) for c in children]
    except OSError:
        pass
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) / 1024
        except OSError:
            pass
    return total


class Client:
    """One keep-alive HTTP connection to a server."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, name: str, method: str, path: str, body: Any = None,
             token: str | None = None) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["X-Seat-Token"] = token
        data = None if body is None else json.dumps(body)
        start = time.perf_counter()
        try:
            self.conn.request(method, path, data, headers)
            response = self.conn.getresponse()
            payload = response.read()
        except (OSError, http.client.HTTPException):
            errors[name] += 1
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            return 0, None
        latencies[name].append(time.perf_counter() - start)
        if response.status >= 500 or response.status in (403, 404):
            errors[name] += 1
        return response.status, json.loads(payload) if payload else None


def play_tables(ports: list[int], fast: bool, deadline: float) -> None:
    """Seats of one table after another until the deadline."""
    global actions
    rng = random.Random()
    clients = [Client(ports[0]), Client(ports[-1])]
    while time.monotonic() < deadline:
        status, made = clients[0].call("create game", "POST", "/api/games", {
            "mode": "woord", "kind": "online", "players": ["Anna", "Bram"],
            "rules": {"turn_seconds": None}})
        if status != 201:
            gevent.sleep(1)
            continue
        gid = made["id"]
        tokens = [link["token"] for link in made["links"]]
        seq = 0
        while time.monotonic() < deadline:
            for seat in (0, 1):
                client, token = clients[seat], tokens[seat]
                pause = 0.0 if fast else rng.uniform(1.0, 3.0)
                gevent.sleep(pause)
                status, thrown = client.call("throw", "POST", f"/api/games/{gid}/act/throw",
                                             {"seq": seq}, token)
                if status == 409 and thrown and "state" in thrown:  # the other process
                    seq = thrown["state"]["seq"]           # had not caught up: retry once
                    status, thrown = client.call("throw", "POST", f"/api/games/{gid}/act/throw",
                                                 {"seq": seq}, token)
                if status != 200:
                    break
                actions += 1
                state = thrown["state"]
                gevent.sleep(pause / 2)
                status, claimed = client.call("claim", "POST", f"/api/games/{gid}/act/claim", {
                    "seq": state["seq"], "box": state["turn"]["round_box"], "words": []},
                    token)
                if status != 200:
                    break
                actions += 1
                seq = claimed["state"]["seq"]
                if claimed["state"]["status"] == "finished":
                    break
            else:
                if rng.random() < 0.2:
                    clients[0].call("state", "GET", f"/api/games/{gid}")
                continue
            break


def play_games(ports: list[int], mode: str, kind: str, fast: bool, deadline: float) -> None:
    """Games of ``mode`` (``--mode``, ``--kind``) one after another until the deadline,
    each move the one :func:`~scripts.players.next_move` makes from the state: a solo
    table on one of ``ports``, an online table's two seats on the first and the last."""
    global actions
    rng = random.Random()
    clients = [Client(ports[0]), Client(ports[-1])]
    while time.monotonic() < deadline:
        online = kind == "online"
        players = ["Anna", "Bram"] if online or mode == "kaartspel" else ["Anna"]
        status, made = clients[0].call("create game", "POST", "/api/games", {
            "mode": mode, "kind": kind if online or len(players) == 1 else "hotseat",
            "players": players, "rules": {"turn_seconds": None} if mode == "woord" else {}})
        if status != 201:
            gevent.sleep(1)
            continue
        gid = made["id"]
        tokens = [link["token"] for link in made["links"]]
        _, state = clients[0].call("state", "GET", f"/api/games/{gid}")
        while state and state["status"] == "active" and time.monotonic() < deadline:
            gevent.sleep(0.0 if fast else rng.uniform(1.0, 3.0))
            action, body = next_move(mode, state, rng)
            seat = state["to_move"] % len(tokens) if online else 0
            status, answer = clients[seat].call(
                action, "POST", f"/api/games/{gid}/act/{action}", {**body, "seq": state["seq"]},
                tokens[seat])
            if status == 409 and answer and "state" in answer:  # the other process had
                state = answer["state"]                         # not caught up: again
                continue
            if status != 200:
                break
            actions += 1
            state = answer["state"]


moved_at: dict[int, float] = {}             # the popular table: when each move was answered
delivered: dict[int, list[float]] = defaultdict(list)  # ... and when each stream had it
SEQ = re.compile(rb"id: (\d+)[.\n]")  # seq.tag


def watch(port: int, game_ids: list[str], deadline: float, open_streams: list[int]) -> None:
    """Hold a live stream open (reading what comes), reconnecting when it ends; on the
    popular table, note when each move arrived."""
    while time.monotonic() < deadline:
        gid = random.choice(game_ids)
        popular = len(game_ids) == 1
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=60)
            sock.sendall(f"GET /api/games/{gid}/events HTTP/1.1\r\n"
                         "Host: 127.0.0.1\r\n\r\n".encode())
            open_streams[0] += 1
            try:
                while time.monotonic() < deadline:
                    chunk = sock.recv(65536)
                    if not chunk:
                        break
                    if popular:
                        now = time.monotonic()
                        for seq in SEQ.findall(chunk):
                            delivered[int(seq)].append(now)
            finally:
                open_streams[0] -= 1
                sock.close()
        except OSError:
            errors["stream"] += 1
            gevent.sleep(1)


def play_popular(port: int, gid: str, tokens: list[str], deadline: float) -> None:
    """The popular table: a move a second (a throw, then a zero), each noted when answered."""
    client = Client(port)
    seq, state = 0, None
    while time.monotonic() < deadline:
        seat = (seq // 2) % 2
        if state is None or state["turn"]["throws"] == 0:
            status, answer = client.call("popular throw", "POST", f"/api/games/{gid}/act/throw",
                                         {"seq": seq}, tokens[seat])
        else:
            status, answer = client.call("popular claim", "POST", f"/api/games/{gid}/act/claim",
                                         {"seq": seq, "box": state["turn"]["round_box"],
                                          "words": []}, tokens[seat])
        if status != 200:
            return
        state = answer["state"]
        seq = state["seq"]
        moved_at[seq] = time.monotonic()
        if state["status"] == "finished":
            return
        gevent.sleep(1.0)


def probe(port: int, deadline: float) -> None:
    """An ordinary request every 50 ms: what a player feels while everything else runs."""
    client = Client(port)
    while time.monotonic() < deadline:
        client.call("probe: GET /api/meta", "GET", "/api/meta")
        gevent.sleep(0.05)


def _pids(pid: int) -> list[int]:
    """A server process and its workers."""
    try:
        return [pid, *map(int, Path(f"/proc/{pid}/task/{pid}/children").read_text().split())]
    except OSError:
        return [pid]


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a server process and its workers have used so far."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for p in _pids(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
        except (OSError, IndexError, ValueError):
            pass
    return total


def pg_transactions(url: str) -> int | None:
    """The database's committed transactions so far (``pg_stat_database``)."""
    try:
        import psycopg

        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("SELECT pg_stat_clear_snapshot()")
            row = conn.execute("SELECT xact_commit FROM pg_stat_database "
                               "WHERE datname = current_database()").fetchone()
            return int(row[0]) if row else None
    except Exception:  # the figure is optional: no psycopg, no server
        return None


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=None, help="SQLite path or postgresql:// URL "
                        "(default: a fresh SQLite file)")
    parser.add_argument("--servers", type=int, default=1, choices=(1, 2),
                        help="serve processes on the same database")
    parser.add_argument("--workers", type=int, default=1, help="--workers of each server")
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--fast", type=float, default=0.5,
                        help="share of tables whose seats act as fast as they can")
    parser.add_argument("--watchers", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--nginx", action="store_true",
                        help="every client goes through nginx with deploy/nginx.conf")
    parser.add_argument("--mode", default="woord", choices=MODES,
                        help="the tables' game (default: Woord Yahtzee)")
    parser.add_argument("--kind", default="online", choices=("online", "solo"),
                        help="online tables of two seats, or solo tables (spread over the "
                             "servers)")
    parser.add_argument("--checkout", default=None,
                        help="serve another checkout of the project (with its own .venv), "
                             "played by this client")
    parser.add_argument("--popular", action="store_true",
                        help="every watcher watches one table, played a move a second: "
                             "how long a move takes to reach every stream")
    args = parser.parse_args()
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or os.path.join(tmp, "load.sqlite3")
        servers = [start_server(db, args.workers, os.path.join(tmp, f"data{i}"),
                                checkout=args.checkout) for i in range(args.servers)]
        ports = [port for _, port in servers]
        front = None
        if args.nginx:
            from tests.support.nginx import Nginx

            front = Nginx(ports)
            ports = [front.port]
        try:
            setup = Client(ports[0])
            ids, tokens = [], []
            for _ in range(1 if args.popular else 20):
                _, made = setup.call("setup", "POST", "/api/games", {
                    "mode": "woord", "kind": "online", "players": ["Wim", "Zus"],
                    "rules": {"turn_seconds": None}})
                ids.append(made["id"])
                tokens.append([link["token"] for link in made["links"]])
            deadline = time.monotonic() + args.seconds
            base_rss = [rss_mb(proc.pid) for proc, _ in servers]  # no stream open yet
            open_streams = [0]
            watchers = [gevent.spawn(watch, ports[i % len(ports)], ids, deadline, open_streams)
                        for i in range(args.watchers)]
            gevent.sleep(min(10.0, args.seconds / 4))  # let the streams open
            latencies.clear()
            global actions
            actions = 0
            cpu_before = [cpu_seconds(proc.pid) for proc, _ in servers]
            client_before = time.process_time()
            nginx_before = cpu_seconds(front.proc.pid) if front else 0.0
            xact_before = pg_transactions(db) if db.startswith("postgres") else None
            idle_rss = [rss_mb(proc.pid) for proc, _ in servers]  # streams open, no moves
            start = time.monotonic()
            if args.mode == "woord" and args.kind == "online":
                players = [gevent.spawn(play_tables, ports, i < args.fast * args.tables,
                                        deadline) for i in range(args.tables)]
            else:  # a solo table on one server, the next on the other
                players = [gevent.spawn(play_games, ports[i % len(ports):][:1]
                                        if args.kind == "solo" else ports, args.mode,
                                        args.kind, i < args.fast * args.tables, deadline)
                           for i in range(args.tables)]
            probes = [gevent.spawn(probe, port, deadline) for port in ports]
            if args.popular:
                probes.append(gevent.spawn(play_popular, ports[0], ids[0], tokens[0], deadline))
            peak_streams = 0
            while time.monotonic() < deadline:
                gevent.sleep(1)
                peak_streams = max(peak_streams, open_streams[0])
            elapsed = time.monotonic() - start
            client_cpu = time.process_time() - client_before
            rss = [rss_mb(proc.pid) for proc, _ in servers]
            cpu = sum(cpu_seconds(proc.pid) for proc, _ in servers) - sum(cpu_before)
            nginx_cpu = cpu_seconds(front.proc.pid) - nginx_before if front else 0.0
            xact_after = pg_transactions(db) if xact_before is not None else None
            gevent.joinall(players + probes, timeout=30)
            gevent.killall(watchers, timeout=5)
        finally:
            if front is not None:
                front.stop()
            for proc, _ in servers:
                proc.terminate()
                proc.wait(15)
    backend = "postgresql" if db.startswith("postgres") else "sqlite"
    print(f"backend {backend}, {args.servers} server(s) x {args.workers} worker(s)"
          f"{' behind nginx' if args.nginx else ''}, "
          f"{args.tables} {args.mode} {args.kind} tables ({args.fast:.0%} fast), "
          f"{args.watchers} watchers "
          f"(peak open {peak_streams}), {elapsed:.0f} s")
    print(f"{'endpoint':<24}{'req/s':>8}{'p50 ms':>9}{'p99 ms':>9}{'errors':>8}")
    for name in sorted(set(latencies) | set(errors)):
        values = latencies.get(name, [])
        rate = len(values) / elapsed
        p50 = pct(values, 0.5) if values else float("nan")
        p99 = pct(values, 0.99) if values else float("nan")
        print(f"{name:<24}{rate:>8.1f}{p50:>9.1f}{p99:>9.1f}{errors.get(name, 0):>8}")
    print(f"game actions/s: {actions / elapsed:.1f}")
    print("server RSS (MB): " + ", ".join(f"{r:.0f}" for r in rss))
    # what a capacity plan is computed from (docs/deploy.md)
    requests = sum(len(v) for v in latencies.values())
    if actions:
        print(f"server CPU per game action: {1000 * cpu / actions:.2f} ms "
              f"({1000 * cpu / max(1, requests):.2f} ms per request of any kind)")
        if args.nginx:
            print(f"nginx CPU per game action: {1000 * nginx_cpu / actions:.2f} ms")
        print(f"load client CPU per game action: {1000 * client_cpu / actions:.2f} ms "
              f"(it shares the cores: {client_cpu / elapsed:.2f} of a core)")
    if xact_before is not None and xact_after is not None and actions:
        print(f"PostgreSQL transactions per game action: "
              f"{(xact_after - xact_before) / actions:.2f}")
    if args.popular and moved_at:
        # per move: until the last stream had it, and the median stream
        last = [1000 * (max(delivered[q]) - t) for q, t in moved_at.items() if delivered[q]]
        middle = [1000 * (sorted(delivered[q])[len(delivered[q]) // 2] - t)
                  for q, t in moved_at.items() if delivered[q]]
        reached = [len(delivered[q]) for q in moved_at]
        print(f"popular table: {len(moved_at)} moves, each reached {min(reached)}-"
              f"{max(reached)} of {peak_streams} streams; to the median stream p50 "
              f"{pct([m / 1000 for m in middle], 0.5):.0f} ms, to the last stream p50 "
              f"{pct([m / 1000 for m in last], 0.5):.0f} ms, p99 "
              f"{pct([m / 1000 for m in last], 0.99):.0f} ms")
    if args.watchers:
        grown = sum(idle_rss) - sum(base_rss)
        print(f"memory per open stream: {1024 * grown / max(1, peak_streams):.0f} KB "
              f"(the servers grew {grown:.0f} MB as the streams opened)")


if __name__ == "__main__":
    main()
