"""What a move costs the server, in every mode: real games played on a real
``wordyahtzee serve`` (one gevent worker), solo and at an online table with 2 watchers, the
server's CPU per action beside a bare Flask route's CPU per request on the same stack
(``scripts/bench_stack_floor.py``'s), in one run, ``--rounds`` rounds, with the spread.

    python scripts/bench_moves.py [--seconds 8] [--rounds 3] [--db postgresql://…]

Each setup plays for ``--seconds`` with ``--tables`` tables at once: the client decides each
move from the state the server sends (Woord Yahtzee: the best words for the round's box,
from the client's own solver; classic and Triple: the best box after one throw; Kaartspel:
a throw, then the best card), so the server does exactly what a player's move asks of it.
An online table's two watchers hold its live event stream open all along (each state is
rendered and sent to them). The figure of merit is the server's CPU milliseconds per action
(all its processes, read from ``/proc``), and its ratio to the bare route's CPU per request:
the price of a move against the price of the web stack itself (docs/performance.md keeps a
table per release).
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
from bench_stack_floor import measure, start_bare  # noqa: E402
from load_test import Client, cpu_seconds, errors, latencies, start_server  # noqa: E402

MODES = ("woord", "classic", "kaartspel", "triple")
WATCHERS = 2


def best_words(faces: str, box: str) -> list[str]:
    """The client's own choice of words for ``box`` (its own solver: no server CPU)."""
    from wordyahtzee.solver import solve

    return list(solve(faces).boxes[box].words)


def next_move(mode: str, state: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, Any]]:
    """The action a simple, decent player makes now."""
    if mode == "kaartspel":
        options = {o["action"]: o for o in state["options"]}
        for action in ("start", "roll"):
            if action in options and len(options) == 1:
                return action, {}
        if "take" in options and (options["take"].get("cards") or "throw" not in options
                                  or rng.random() < 0.5):
            cards = options["take"].get("cards") or {}
            best = max(cards, key=lambda c: cards[c]["score"], default=None)
            return "take", {"card": best}
        if "throw" in options:
            return "throw", {"keep": []}
        if "stop" in options:
            return "stop", {}
        return next(iter(options)), {}
    turn = state["turn"]
    if turn["throws"] == 0:
        return "throw", {}
    if mode == "woord":
        box = turn["round_box"]
        return "claim", {"box": box, "words": best_words(turn["faces"], box)}
    if turn["throws"] < 2 and rng.random() < 0.4:
        return "throw", {"keep": [0, 1]}
    if mode == "classic":
        options = state["options"]
        return "claim", {"box": max(options, key=options.get)}
    column, box = max(((c, b) for c, boxes in state["options"].items() for b in boxes),
                      key=lambda cb: state["options"][cb[0]][cb[1]])
    return "claim", {"column": int(column), "box": box}


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
            raise SystemExit(f"{mode}: a table was refused: {status} {made}")
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
            if status != 200:
                raise SystemExit(f"{mode}: {action} {body} refused: {status} {answer}")
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
    gevent.joinall([gevent.spawn(play, port, mode, online, deadline, seed + i, counter)
                    for i in range(tables)])
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
    parser.add_argument("--db", default=None, help="postgresql:// URL (default: SQLite)")
    parser.add_argument("--modes", default=",".join(MODES),
                        help="the modes to play, comma-separated (default: all four)")
    parser.add_argument("--online", choices=("both", "solo", "online"), default="both",
                        help="solo tables, online tables with watchers, or both")
    args = parser.parse_args()
    os.environ["WORDYAHTZEE_MINE_PUZZLES"] = "0"  # the moves alone: no mining beside them
    tables = {"both": (False, True), "solo": (False,), "online": (True,)}[args.online]
    setups = [(m, online) for m in args.modes.split(",") if m in MODES for online in tables]
    floor: list[float] = []
    costs: dict[tuple[str, bool], list[float]] = {s: [] for s in setups}
    rates: dict[tuple[str, bool], list[float]] = {s: [] for s in setups}
    with tempfile.TemporaryDirectory() as tmp:
        bare = start_bare(Path(tmp))
        served = start_server(args.db or os.path.join(tmp, "db.sqlite3"), 1,
                              os.path.join(tmp, "data"))
        try:
            measure(*bare, "bare", "/check", 2, 20)  # warm-ups
            for mode, online in setups:
                measure_moves(*served, mode, online, 2, args.tables, 1)
            for n in range(args.rounds):
                floor.append(measure(*bare, "bare", "/check", args.seconds, 20)
                             ["server CPU ms/req"])
                for mode, online in setups:
                    figures = measure_moves(*served, mode, online, args.seconds,
                                            args.tables, 1000 * (n + 1))
                    costs[mode, online].append(figures["server CPU ms/action"])
                    rates[mode, online].append(figures["actions/s"])
                    print(f"round {n + 1} {mode:9} {'online' if online else 'solo':6} "
                          + "  ".join(f"{k} {v:7.2f}" for k, v in figures.items()),
                          flush=True)
        finally:
            for proc, _ in (bare, served):
                proc.terminate()
                proc.wait(15)
    base = statistics.median(floor)
    print(f"\nbare route: {base:.3f} ms CPU/request ({min(floor):.3f}-{max(floor):.3f})")
    print(f"{'mode':10}{'table':8}{'CPU ms/action':>24}{'x bare':>8}{'actions/s':>12}")
    for (mode, online), values in costs.items():
        med = statistics.median(values)
        print(f"{mode:10}{'online' if online else 'solo':8}"
              f"{med:>10.3f} ({min(values):.3f}-{max(values):.3f}){med / base:>8.2f}"
              f"{statistics.median(rates[mode, online]):>12.0f}")


if __name__ == "__main__":
    main()
