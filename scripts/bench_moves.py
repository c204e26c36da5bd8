"""What a move costs the server, in every mode: real games played on a real
``wordyahtzee serve`` (one gevent worker), solo and at an online table with 2 watchers, the
server's CPU per action beside a bare Flask route's CPU per request on the same stack
(``scripts/bench_stack_floor.py``'s), in one run, ``--rounds`` rounds, with the spread.

    python -m scripts.bench_moves [--seconds 8] [--rounds 3] [--db postgresql://…]
                                  [--against CHECKOUT] [--write-docs BLOCK]

Each setup plays for ``--seconds`` with ``--tables`` tables at once: the client decides each
move from the state the server sends (Woord Yahtzee: the best words for the round's box,
from the client's own solver; classic and Triple: the best box after one throw; Kaartspel:
a throw, then the best card), so the server does exactly what a player's move asks of it.
An online table's two watchers hold its live event stream open all along (each state is
rendered and sent to them). The figure of merit is the server's CPU milliseconds per action
(all its processes, read from ``/proc``), and its ratio to the bare route's CPU per request:
the price of a move against the price of the web stack itself (docs/performance.md keeps a
table per release).

``--against CHECKOUT`` serves a second server from another checkout of the project, with
the Python of that checkout's own virtual environment (``CHECKOUT/.venv``, the checkout
installed in it: a ``PYTHONPATH`` alone is not enough, since the current directory and
this environment's installed package would serve their code instead; each server's code
is checked before it starts), on a database of its own beside this one's, with the same
client, and measures both in every round, one after the other: the last column is this
code's CPU per action over the other's, per round, so that a machine whose speed drifts
during the run (shared hosts do, by a factor of two) weighs on both alike.

``--write-docs BLOCK`` rewrites the table between the ``bench:BLOCK`` markers of
docs/performance.md with this run's, naming the commit of each checkout that served.
"""

from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import socket  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import gevent  # noqa: E402

from scripts.bench_docs import machine, replace_block  # noqa: E402
from scripts.bench_stack_floor import measure, start_bare  # noqa: E402
from scripts.load_test import Client, cpu_seconds, errors, latencies, start_server  # noqa: E402
from scripts.players import MODES, next_move  # noqa: E402
from scripts.served import CHECKOUT  # noqa: E402

WATCHERS = 2


class Refused(Exception):
    """The server refused what a player's client asked: the run stops (its servers too)."""


def watch(port: int, game_id: str, deadline: float) -> None:
    """One watcher: the table's live event stream, read until the deadline."""
    while time.monotonic() < deadline:
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=30)
            sock.sendall(f"GET /api/games/{game_id}/events HTTP/1.1\r\nHost: 127.0.0.1"
                         "\r\n\r\n".encode())
            while time.monotonic() < deadline and sock.recv(65536):
                pass
            sock.close()
        except OSError:
            gevent.sleep(0.1)


def play(port: int, mode: str, online: bool, deadline: float, seed: int,
         counter: list[int]) -> None:
    """Games of ``mode`` one after another until the deadline (online: with watchers)."""
    rng = random.Random(seed)
    client = Client(port)
    while time.monotonic() < deadline:
        players = ["Anna", "Bram"] if online or mode == "kaartspel" else ["Anna"]
        kind = "online" if online else ("solo" if len(players) == 1 else "hotseat")
        rules = {"turn_seconds": None} if mode == "woord" else {}
        status, made = client.call("create", "POST", "/api/games", {
            "mode": mode, "kind": kind, "players": players, "rules": rules})
        if status != 201:
            raise Refused(f"{mode}: a table was refused: {status} {made}")
        game_id = made["id"]
        tokens = [link["token"] for link in made["links"]]
        watchers = ([gevent.spawn(watch, port, game_id, deadline) for _ in range(WATCHERS)]
                    if online else [])
        status, state = client.call("state", "GET", f"/api/games/{game_id}")
        while state["status"] == "active" and time.monotonic() < deadline:
            action, body = next_move(mode, state, rng)
            token = tokens[state["to_move"] % len(tokens)] if online else tokens[0]
            status, answer = client.call(f"{mode} move", "POST",
                                         f"/api/games/{game_id}/act/{action}",
                                         {**body, "seq": state["seq"]}, token)
            if status == 422 and answer["error"]["code"] == "not_a_word":
                # another checkout's dictionary may lack a word of this one's: a zero
                status, answer = client.call(f"{mode} move", "POST",
                                             f"/api/games/{game_id}/act/{action}",
                                             {**body, "words": [], "seq": state["seq"]},
                                             token)
            if status != 200:
                raise Refused(f"{mode}: {action} {body} refused: {status} {answer}")
            counter[0] += 1
            state = answer["state"]
        gevent.killall(watchers)


def measure_moves(proc: Any, port: int, mode: str, online: bool, seconds: float,
                  tables: int, seed: int) -> dict[str, float]:
    """Actions/s and the server's CPU ms per action over ``seconds``."""
    latencies.clear()
    errors.clear()
    counter = [0]
    cpu, start = cpu_seconds(proc.pid), time.monotonic()
    deadline = start + seconds
    players = [gevent.spawn(play, port, mode, online, deadline, seed + i, counter)
               for i in range(tables)]
    gevent.joinall(players)
    refused = [player.exception for player in players if player.exception is not None]
    if refused:  # in this greenlet, so that main stops the servers on its way out
        raise SystemExit(str(refused[0]))
    elapsed = time.monotonic() - start
    moves = latencies.get(f"{mode} move", [])
    return {"actions/s": counter[0] / elapsed,
            "server CPU ms/action": 1000 * (cpu_seconds(proc.pid) - cpu) / max(counter[0], 1),
            "p99 ms": 1000 * sorted(moves)[int(0.99 * (len(moves) - 1))] if moves else 0.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--db", default=None, help="a PostgreSQL server's postgresql:// URL: "
                        "each server gets a new database there (default: SQLite)")
    parser.add_argument("--modes", default=",".join(MODES),
                        help="the modes to play, comma-separated (default: all four)")
    parser.add_argument("--online", choices=("both", "solo", "online"), default="both",
                        help="solo tables, online tables with watchers, or both")
    parser.add_argument("--against", metavar="CHECKOUT", default=None,
                        help="another checkout, measured beside this one in every round")
    parser.add_argument("--write-docs", metavar="BLOCK", default=None,
                        help="rewrite the bench:BLOCK table of docs/performance.md")
    args = parser.parse_args()
    os.environ["WORDYAHTZEE_MINE_PUZZLES"] = "0"  # the moves alone: no mining beside them
    tables = {"both": (False, True), "solo": (False,), "online": (True,)}[args.online]
    setups = [(m, online) for m in args.modes.split(",") if m in MODES for online in tables]
    floor: list[float] = []
    servers = ["this"] + (["other"] if args.against else [])
    costs: dict[tuple[str, str, bool], list[float]] = {
        (who, *s): [] for who in servers for s in setups}
    rates: dict[tuple[str, str, bool], list[float]] = {k: [] for k in costs}
    with tempfile.TemporaryDirectory() as tmp:
        bare = start_bare(Path(tmp))
        served = {"this": start_server(database(args.db, tmp, "this"), 1,
                                       os.path.join(tmp, "data"))}
        if args.against:
            served["other"] = start_server(
                database(args.db, tmp, "other"), 1, os.path.join(tmp, "data-other"),
                checkout=args.against)
        try:
            measure(*bare, "bare", "/check", 2, 20)  # warm-ups
            for who in servers:
                for mode, online in setups:
                    measure_moves(*served[who], mode, online, 2, args.tables, 1)
            for n in range(args.rounds):
                floor.append(measure(*bare, "bare", "/check", args.seconds, 20)
                             ["server CPU ms/req"])
                for mode, online in setups:
                    order = servers if n % 2 == 0 else servers[::-1]
                    for who in order:
                        figures = measure_moves(*served[who], mode, online, args.seconds,
                                                args.tables, 1000 * (n + 1))
                        costs[who, mode, online].append(figures["server CPU ms/action"])
                        rates[who, mode, online].append(figures["actions/s"])
                        print(f"round {n + 1} {who:5} {mode:9} "
                              f"{'online' if online else 'solo':6} "
                              + "  ".join(f"{k} {v:7.2f}" for k, v in figures.items()),
                              flush=True)
        finally:
            for proc, _ in (bare, *served.values()):
                proc.terminate()
                proc.wait(15)
    base = statistics.median(floor)
    lines = [f"bare route: {base:.3f} ms CPU/request ({min(floor):.3f}-{max(floor):.3f})"]
    header = f"{'mode':10}{'table':8}{'CPU ms/action':>24}{'x bare':>8}{'actions/s':>11}"
    if args.against:
        lines.append(f"this: {served_commit()}, other: {served_commit(args.against)}")
        header += f"{'other CPU ms/action':>26}{'this/other':>20}"
    lines.append(header)
    for mode, online in setups:
        values = costs["this", mode, online]
        med = statistics.median(values)
        line = (f"{mode:10}{'online' if online else 'solo':8}"
                f"{med:>10.3f} ({min(values):.3f}-{max(values):.3f}){med / base:>8.2f}"
                f"{statistics.median(rates['this', mode, online]):>11.0f}")
        if args.against:
            other = costs["other", mode, online]
            ratios = [a / b for a, b in zip(values, other, strict=True)]
            line += (f"{statistics.median(other):>12.3f} ({min(other):.3f}-{max(other):.3f})"
                     f"{statistics.median(ratios):>8.2f} ({min(ratios):.2f}-"
                     f"{max(ratios):.2f})")
        lines.append(line)
    print("\n" + "\n".join(lines))
    if args.write_docs:
        store = "PostgreSQL" if args.db else "SQLite"
        replace_block(Path(__file__).resolve().parents[1] / "docs" / "performance.md",
                      args.write_docs, f"python -m scripts.bench_moves --write-docs "
                      f"{args.write_docs}" + (" --db postgresql://…" if args.db else "")
                      + (f" --against {served_commit(args.against)}" if args.against else ""),
                      f", the code of {served_commit()}, on {store}, {machine()}; "
                      f"{args.rounds} rounds of {args.seconds:g} s, the median and the "
                      "spread (lowest-highest):", lines)


def database(url: str | None, tmp: str, who: str) -> str:
    """A database of its own for each server: a new one on the PostgreSQL server of ``url``,
    or a SQLite file in ``tmp``."""
    if not url:
        return os.path.join(tmp, f"{who}.sqlite3")
    from urllib.parse import urlsplit, urlunsplit

    import psycopg

    name = f"bench_moves_{who}_{os.getpid()}_{int(time.time())}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return urlunsplit(urlsplit(url)._replace(path="/" + name))


def served_commit(checkout: str | None = None) -> str:
    """The commit of ``checkout``, by default this script's own (whose code "this" server
    runs: :func:`~scripts.served.check_served_code` made sure)."""
    import subprocess

    where = Path(checkout) if checkout else CHECKOUT
    found = subprocess.run(["git", "-C", str(where), "rev-parse", "--short", "HEAD"],
                           capture_output=True, text=True, check=False).stdout.strip()
    return found or f"{where} (not a git checkout)"


if __name__ == "__main__":
    main()
