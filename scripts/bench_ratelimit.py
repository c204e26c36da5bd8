"""What sharing the rate limits between processes costs (docs/deploy.md, "Rate limits
across processes"): Redis, or a PostgreSQL-backed counter.

1. **The limiter on a limited endpoint.** Three real ``wordyahtzee serve`` processes (one
   worker each, SQLite) on loopback: rate limits off (``WORDYAHTZEE_RATE_LIMITS=off``),
   ``--ratelimit-storage memory://`` and ``--ratelimit-storage redis://…`` on a
   ``redis-server`` the script starts (tests/support/redis_server.py). The same client sends
   each the same requests, ``POST /api/check {"words": ["huis"]}``, on keep-alive connections,
   with the shipped limits: each connection comes from its own loopback address
   (127.1.0.1, 127.1.0.2, …; all of 127/8 routes to ``lo``) and sends 100 requests, so no
   client meets a limit and every request counts against two limits (a minute's and an
   hour's). Measured twice: one client (the latency a request gains) and ``--clients``
   threads at once (the server saturated: requests/s, p50, p99), with the CPU the server
   process (and redis-server) spent per request, read from /proc. ``--repeats`` times,
   the three servers one after the other in a rotating order.
2. **The counter alone, per hit.** What one hit of a fixed-window counter costs from one
   client: Redis as Flask-Limiter does it (its ``incr``: one Lua script, INCR and EXPIRE),
   Redis as an ``INCR`` + ``EXPIRE NX`` pipeline (MULTI/EXEC), and a PostgreSQL counter,
   the one statement it needs (``INSERT … ON CONFLICT DO UPDATE … RETURNING``, autocommit,
   psycopg) in a table, logged (every hit a durable commit) and ``UNLOGGED`` (no WAL: lost
   on a crash, the fastest PostgreSQL can count), on a PostgreSQL the script starts
   (tests/support/pg.py, fsync on). Then the same hits from ``--threads`` clients at once:
   hits/s and the server's CPU per hit (redis-server; every PostgreSQL process), the "holds under
   load" question. Keys: 1,000 client addresses in turn.
3. **The moderators' login** (``--login``): what a failed login's bookkeeping in the
   database costs (its checks reserved before the password is checked): failed logins
   through ``Moderation`` on that PostgreSQL, Argon2 at its cheapest parameters so that
   the store's work is what is measured, from one thread and from ``--threads``; the
   latency, the rate and PostgreSQL's CPU per login.

``--endpoint games|profiles`` sends part 1 to ``POST /api/games`` or ``POST /api/profile``
instead of the check (few enough requests per address to meet no limit).
``--serve-python PYTHON`` runs part 1's servers and part 3 with another interpreter as
well (part 3) or instead (part 1): one whose ``wordyahtzee`` is the code before a change,
for a paired run before and after it.

    python -m scripts.bench_ratelimit [--requests N] [--clients C] [--hits N]
                                      [--threads T] [--load-hits N] [--repeats R]
                                      [--endpoint check|games|profiles] [--login]
                                      [--logins N] [--serve-python PYTHON]
                                      [--skip-http] [--skip-counters]

Client and servers share the machine's cores, so the HTTP figures are a floor; compare the
columns of one run, not runs on different machines.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import http.client
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.support.pg import PostgresServer, start_server
from tests.support.redis_server import RedisServer
from tests.support.redis_server import start_server as start_redis
from tests.support.server import free_port

ROOT = Path(__file__).resolve().parents[1]

HEADERS = {"Content-Type": "application/json"}
ENDPOINTS: dict[str, tuple[str, str, int, int]] = {
    "check": ("/api/check", json.dumps({"words": ["huis"]}), 100, 200),
    "games": ("/api/games", json.dumps({"mode": "woord", "kind": "solo",
                                        "players": ["Ann"]}), 50, 201),
    "profiles": ("/api/profile", json.dumps({"name": "Ann"}), 5, 201),
}
"""``--endpoint``: the path, the body, the requests per client address (under the
tightest shipped limit of the endpoint: 120 checks, 60 games a minute, 6 profiles an
hour, so no request is refused) and the status each answer must have."""
KEYS = 1000


class Addresses:
    """Loopback source addresses, each handed out once per run of the script."""

    def __init__(self) -> None:
        self.next = 0
        self.lock = threading.Lock()

    def take(self) -> str:
        with self.lock:
            n = self.next
            self.next += 1
        return f"127.{1 + n // 65000}.{(n % 65000) // 250}.{n % 250 + 1}"


class Serve:
    """One ``wordyahtzee serve`` process (one worker)."""

    def __init__(self, name: str, tmp: Path, options: list[str], env: dict[str, str],
                 python: str = sys.executable) -> None:
        self.name = name
        self.port = free_port()
        self.log = tmp / f"{name}.log"
        full = {**os.environ, "WORDYAHTZEE_WARM": "", "WORDYAHTZEE_DATA_DIR": str(tmp / name),
                **env}
        full.pop("WORDYAHTZEE_RATELIMIT_STORAGE", None)
        if "WORDYAHTZEE_RATE_LIMITS" not in env:
            full.pop("WORDYAHTZEE_RATE_LIMITS", None)
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                [python, "-m", "wordyahtzee", "serve", "--port", str(self.port),
                 "--db", str(tmp / f"{name}.sqlite3"), *options],
                stdout=log, stderr=subprocess.STDOUT, env=full,
                cwd=ROOT if python == sys.executable else tmp)
        end = time.monotonic() + 60
        while time.monotonic() < end:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
                conn.request("GET", "/api/meta")
                if conn.getresponse().status == 200:
                    return
            except OSError:
                time.sleep(0.2)
        raise SystemExit(f"{name} did not start: {self.log.read_text()[-2000:]}")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def percentile(ordered: list[float], q: float) -> float:
    """The ``q`` quantile of sorted values (nearest rank)."""
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()  # the fields after the command name


def tree_cpu(root: int) -> float:
    """CPU seconds (user + system) of process ``root`` and its live descendants, plus the
    children it has reaped."""
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))):
            parents[int(entry.name)] = int(fields[1])
    tree, grew = {root}, True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in tree} - tree
        grew = bool(more)
        tree |= more
    total = 0
    for pid in tree:
        if fields := _stat(pid):
            total += int(fields[11]) + int(fields[12])  # utime, stime
            if pid == root:
                total += int(fields[13]) + int(fields[14])  # cutime, cstime
    return total / tick


def http_run(port: int, requests: int, clients: int, addresses: Addresses,
             endpoint: str = "check") -> tuple[float, list[float], dict[int, int]]:
    """``requests`` requests to ``endpoint`` from ``clients`` threads: seconds, each
    latency (ms), statuses."""
    path, body, per_address, _ = ENDPOINTS[endpoint]
    left = [requests]
    lock = threading.Lock()
    latencies: list[list[float]] = [[] for _ in range(clients)]
    statuses: dict[int, int] = {}

    def client(mine: list[float]) -> None:
        conn: http.client.HTTPConnection | None = None
        sent = 0
        while True:
            with lock:
                if left[0] <= 0:
                    break
                left[0] -= 1
            if conn is None or sent == per_address:
                if conn is not None:
                    conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30,
                                                  source_address=(addresses.take(), 0))
                sent = 0
            started = time.perf_counter()
            conn.request("POST", path, body, HEADERS)
            response = conn.getresponse()
            response.read()
            mine.append((time.perf_counter() - started) * 1000)
            sent += 1
            with lock:
                statuses[response.status] = statuses.get(response.status, 0) + 1
        if conn is not None:
            conn.close()

    threads = [threading.Thread(target=client, args=(latencies[i],)) for i in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - started, [x for xs in latencies for x in xs], statuses


def bench_http(args: argparse.Namespace, redis: RedisServer, tmp: Path) -> None:
    """Part 1: the three servers, measured in turn."""
    python = args.serve_python or sys.executable
    servers = [Serve("off", tmp, [], {"WORDYAHTZEE_RATE_LIMITS": "off"}, python),
               Serve("memory", tmp, ["--ratelimit-storage", "memory://"], {}, python),
               Serve("redis", tmp, ["--ratelimit-storage", redis.url], {}, python)]
    endpoint = args.endpoint
    expected = ENDPOINTS[endpoint][3]
    assert redis.proc is not None
    addresses = Addresses()
    single = args.requests // 3
    try:
        for server in servers:  # warm: the dictionary loaded, the connections made
            http_run(server.port, 300, args.clients, addresses, endpoint)
        results: dict[str, list[dict[str, float]]] = {s.name: [] for s in servers}
        for repeat in range(args.repeats):
            for server in servers[repeat % 3:] + servers[:repeat % 3]:
                row: dict[str, float] = {}
                for clients, count in ((1, single), (args.clients, args.requests)):
                    cpu = tree_cpu(server.proc.pid), tree_cpu(redis.proc.pid)
                    seconds, lat, statuses = http_run(server.port, count, clients,
                                                      addresses, endpoint)
                    if set(statuses) != {expected}:
                        raise SystemExit(f"{server.name}: statuses {statuses} (only "
                                         f"{expected} expected)")
                    lat.sort()
                    key = "one" if clients == 1 else "many"
                    row[f"{key}_rps"] = count / seconds
                    row[f"{key}_p50"] = percentile(lat, 0.5)
                    row[f"{key}_p99"] = percentile(lat, 0.99)
                    if clients != 1:
                        row["cpu"] = (tree_cpu(server.proc.pid) - cpu[0]) / count * 1e6
                        row["redis_cpu"] = (tree_cpu(redis.proc.pid) - cpu[1]) / count * 1e6
                results[server.name].append(row)
        print(f"\n1. POST {ENDPOINTS[endpoint][0]}, one serve worker; per run: {single} "
              f"requests from 1 client, then {args.requests} from {args.clients} client "
              "threads")
        labels = {"off": "off", "memory": "memory://", "redis": "redis:// (shared)"}

        def table(title: str, cell: Callable[[dict[str, float]], str]) -> None:
            print(f"  {title}")
            for server in servers:
                cells = "   ".join(cell(row) for row in results[server.name])
                print(f"    {labels[server.name]:<19}{cells}")

        table("1 client, p50 / p99 ms (run 1, 2, 3):",
              lambda r: f"{r['one_p50']:5.2f} / {r['one_p99']:5.2f}")
        table(f"{args.clients} clients, requests/s (run 1, 2, 3):",
              lambda r: f"{r['many_rps']:6.0f}")
        table(f"{args.clients} clients, p50 / p99 ms (run 1, 2, 3):",
              lambda r: f"{r['many_p50']:5.1f} / {r['many_p99']:5.1f}")
        table("server CPU per request, µs (serve + redis-server):",
              lambda r: f"{r['cpu']:5.0f} + {r['redis_cpu']:3.0f}")
    finally:
        for server in servers:
            server.stop()


UPSERT = """
INSERT INTO {table} (key, window_end, count) VALUES (%s, now() + interval '60 seconds', 1)
ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN {table}.window_end > now() THEN {table}.count + 1 ELSE 1 END,
    window_end = CASE WHEN {table}.window_end > now() THEN {table}.window_end
                      ELSE excluded.window_end END
RETURNING count"""
"""A fixed-window counter in one statement: add one, or start a new minute."""


def counters(redis: RedisServer, pg: PostgresServer) -> dict[str, Callable[[], Any]]:
    """Each counter: a factory of one client's ``hit(key)``."""
    import psycopg
    import redis as redis_py
    from limits.storage import RedisStorage

    url = pg.new_database()
    with psycopg.connect(url, autocommit=True) as conn:
        for table, kind in (("counts", ""), ("counts_unlogged", "UNLOGGED")):
            conn.execute(f"CREATE {kind} TABLE {table} (key text PRIMARY KEY, "
                         "window_end timestamptz NOT NULL, count integer NOT NULL)")

    def limits_incr() -> Any:
        storage = RedisStorage(redis.url)
        return lambda key: storage.incr(key, 60)

    def pipeline() -> Any:
        client = redis_py.Redis.from_url(redis.url)

        def hit(key: str) -> int:
            pipe = client.pipeline()  # MULTI … EXEC
            pipe.incr(key)
            pipe.expire(key, 60, nx=True)
            return int(pipe.execute()[0])
        return hit

    def postgres(table: str) -> Callable[[], Any]:
        def make() -> Any:
            conn = psycopg.connect(url, autocommit=True)
            sql = UPSERT.format(table=table)
            conn.execute(sql, ("warm",), prepare=True)
            def hit(key: str) -> Any:
                row = conn.execute(sql, (key,), prepare=True).fetchone()
                assert row is not None  # the upsert returns the count
                return row[0]
            return hit
        return make

    return {"redis, limits' incr (Lua)": limits_incr,
            "redis, INCR+EXPIRE pipeline": pipeline,
            "postgresql upsert, logged": postgres("counts"),
            "postgresql upsert, UNLOGGED": postgres("counts_unlogged")}


def one_client(hit: Callable[[str], Any], hits: int, offset: int) -> list[float]:
    """Microseconds of each of ``hits`` hits, one after the other."""
    times = []
    for i in range(hits):
        key = f"LIMITS:127.0.{(offset + i) % KEYS // 250}.{(offset + i) % 250}/check"
        started = time.perf_counter()
        hit(key)
        times.append((time.perf_counter() - started) * 1e6)
    return times


def many_clients(make: Callable[[], Any], threads: int, hits: int,
                 server: int) -> tuple[float, float]:
    """``threads`` clients (a connection each) doing ``hits`` each: hits per second, and
    the CPU microseconds per hit of the server process tree ``server``."""
    clients = [make() for _ in range(threads)]
    barrier = threading.Barrier(threads + 1)

    def run(hit: Callable[[str], Any], n: int) -> None:
        barrier.wait()
        one_client(hit, hits, n * 7919)

    workers = [threading.Thread(target=run, args=(hit, n)) for n, hit in enumerate(clients)]
    for worker in workers:
        worker.start()
    cpu = tree_cpu(server)
    barrier.wait()
    started = time.perf_counter()
    for worker in workers:
        worker.join()
    seconds = time.perf_counter() - started
    return threads * hits / seconds, (tree_cpu(server) - cpu) / (threads * hits) * 1e6


def postmaster(pg: PostgresServer) -> int:
    """The pid of the server's postmaster (every backend is its child)."""
    return int((pg.data / "postmaster.pid").read_text().split()[0])


def bench_counters(args: argparse.Namespace, redis: RedisServer, pg: PostgresServer) -> None:
    """Part 2: one hit of each counter, one client, then ``--threads`` clients."""
    assert redis.proc is not None
    kinds = counters(redis, pg)
    servers = {name: redis.proc.pid if name.startswith("redis") else postmaster(pg)
               for name in kinds}
    single: dict[str, list[tuple[float, float]]] = {name: [] for name in kinds}
    load: dict[str, list[tuple[float, float]]] = {name: [] for name in kinds}
    hitters = {name: make() for name, make in kinds.items()}
    for hit in hitters.values():
        one_client(hit, 200, 0)  # warm
    names = list(kinds)
    per_thread = args.load_hits
    for repeat in range(args.repeats):
        order = names[repeat % len(names):] + names[:repeat % len(names)]
        for name in order:
            times = sorted(one_client(hitters[name], args.hits, repeat * args.hits))
            single[name].append((statistics.median(times), percentile(times, 0.99)))
        for name in order:
            gc.collect()  # the last round's connections closed before the CPU is read
            time.sleep(0.2)
            load[name].append(many_clients(kinds[name], args.threads, per_thread,
                                           servers[name]))
    print(f"\n2. One hit of a fixed-window counter, {KEYS} keys in turn; per run: "
          f"{args.hits} hits from 1 client, then {per_thread} from each of {args.threads} "
          "clients at once")
    print(f"  {'counter':<30}{'1 client: p50 / p99 µs':<36}{f'{args.threads} clients: hits/s':<27}"
          "server CPU per hit, µs")
    for name in names:
        one = "  ".join(f"{p50:4.0f} /{p99:5.0f}" for p50, p99 in single[name])
        rate = " ".join(f"{rps:6.0f}" for rps, _ in load[name])
        cpu = " ".join(f"{c:4.0f}" for _, c in load[name])
        print(f"  {name:<30}{one:<36}{rate:<27}{cpu}")


LOGIN = """
import json, statistics, sys, threading, time
from argon2 import PasswordHasher
import wordyahtzee.moderation.moderators as m
from wordyahtzee.errors import ServiceError
from wordyahtzee.store.postgres import PostgresStore

m._hasher = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)  # the store's share
m._unknown.clear()
url, count, threads, offset = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
store = PostgresStore(url)
moderation = m.Moderation(store)
moderation.add("alice", "correct horse battery")

def attempt(i):
    started = time.perf_counter()
    try:
        moderation.login(f"n{i}", "wrong password!",
                         client=f"10.{i >> 16 & 255}.{i >> 8 & 255}.{i & 255}")
    except ServiceError as exc:
        assert exc.code == "bad_login", exc.code
    return (time.perf_counter() - started) * 1e6

for i in range(50):
    attempt(offset + i)
one = sorted(attempt(offset + 100 + i) for i in range(count))
left, lock = list(range(offset + 100 + count, offset + 100 + 2 * count)), threading.Lock()
def run():
    while True:
        with lock:
            if not left:
                return
            i = left.pop()
        attempt(i)
started = time.perf_counter()
workers = [threading.Thread(target=run) for _ in range(threads)]
for w in workers: w.start()
for w in workers: w.join()
rate = count / (time.perf_counter() - started)
print(json.dumps({"p50": statistics.median(one), "p99": one[int(0.99 * len(one)) - 1],
                  "rate": rate}))
"""
"""Part 3, run by each interpreter in a child process: failed logins through
:class:`wordyahtzee.moderation.Moderation` on PostgreSQL, with an Argon2 of the cheapest
parameters (the store's bookkeeping is what is measured); each attempt names a new name
from a new address (no budget is met, before or after the change)."""


def bench_login(args: argparse.Namespace, pg: PostgresServer, tmp: Path) -> None:
    """Part 3: the moderators' login's bookkeeping per failed attempt, this code and
    ``--serve-python``'s, in turn, each on a fresh database."""
    pythons = {"this": sys.executable}
    if args.serve_python:
        pythons["other"] = args.serve_python
    rows: dict[str, list[dict[str, float]]] = {name: [] for name in pythons}
    names = list(pythons)
    for repeat in range(args.repeats):
        for name in names[repeat % len(names):] + names[:repeat % len(names)]:
            url = pg.new_database()
            cpu = tree_cpu(postmaster(pg))
            done = subprocess.run([pythons[name], "-c", LOGIN, url, str(args.logins),
                                   str(args.threads), str(repeat * 10 * args.logins)],
                                  capture_output=True, text=True, cwd=tmp,
                                  env={**os.environ, "WORDYAHTZEE_DATA_DIR": str(tmp)})
            if done.returncode != 0:
                raise SystemExit(f"{name}: {done.stderr[-2000:]}")
            row = json.loads(done.stdout.strip().splitlines()[-1])
            row["db_cpu"] = (tree_cpu(postmaster(pg)) - cpu) / (2 * args.logins + 50) * 1e6
            rows[name].append(row)
    print(f"\n3. A failed moderators' login, its bookkeeping (Argon2 at its cheapest), on "
          f"PostgreSQL; per run: {args.logins} from 1 thread, then {args.logins} from "
          f"{args.threads} threads")
    print(f"  {'code':<8}{'1 thread: p50 / p99 µs':<40}{f'{args.threads} threads: logins/s':<28}"
          "PostgreSQL CPU per login, µs")
    for name in names:
        one = "  ".join(f"{r['p50']:5.0f} /{r['p99']:6.0f}" for r in rows[name])
        rate = " ".join(f"{r['rate']:6.0f}" for r in rows[name])
        db_cpu = " ".join(f"{r['db_cpu']:4.0f}" for r in rows[name])
        print(f"  {name:<8}{one:<40}{rate:<28}{db_cpu}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2400,
                        help="HTTP requests per measurement from --clients threads "
                             "(default 2400; a third of it from one client)")
    parser.add_argument("--clients", type=int, default=8,
                        help="HTTP client threads (default 8)")
    parser.add_argument("--hits", type=int, default=2000,
                        help="counter hits per measurement (default 2000)")
    parser.add_argument("--threads", type=int, default=8,
                        help="counter clients at once in the load measurement (default 8)")
    parser.add_argument("--load-hits", type=int, default=1000,
                        help="counter hits per client thread in the load measurement "
                             "(default 1000)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--skip-http", action="store_true", help="only part 2")
    parser.add_argument("--skip-counters", action="store_true", help="leave out part 2")
    parser.add_argument("--login", action="store_true",
                        help="part 3: the moderators' login's bookkeeping per failed attempt")
    parser.add_argument("--logins", type=int, default=400,
                        help="failed logins per measurement of part 3 (default 400)")
    parser.add_argument("--endpoint", choices=sorted(ENDPOINTS), default="check",
                        help="the limited endpoint part 1 sends to (default: check)")
    parser.add_argument("--serve-python", default=None, metavar="PYTHON",
                        help="the interpreter that runs the servers (default: this one): "
                             "one whose wordyahtzee is another version of the code, for "
                             "a paired run before and after a change")
    args = parser.parse_args()
    redis_version = subprocess.run(["redis-server", "--version"], capture_output=True,
                                   text=True).stdout.split()[2].removeprefix("v=")
    print(f"{datetime.datetime.now():%Y-%m-%d %H:%M}, {platform.node()}: {os.cpu_count()} "
          f"cores, Python {platform.python_version()}, redis-server {redis_version}, "
          f"load average {os.getloadavg()[0]:.2f} at the start", flush=True)
    tmp = Path(tempfile.mkdtemp(prefix="bench-ratelimit-"))
    redis = start_redis()
    pg: PostgresServer | None = None
    try:
        if not args.skip_http:
            bench_http(args, redis, tmp)
        if args.skip_counters and not args.login:
            return 0
        pg = start_server(durable=True)
        version = subprocess.run([str(pg.bin / "postgres"), "--version"], capture_output=True,
                                 text=True).stdout.strip()
        print(f"\n({version}, fsync on, data directory on the same disk as /tmp)")
        if not args.skip_counters:
            bench_counters(args, redis, pg)
        if args.login:
            bench_login(args, pg, tmp)
    finally:
        redis.destroy()
        if pg is not None:
            pg.destroy()
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"\nload average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
