"""What replaying stored games costs: a store of finished games of every mode (Woord
Yahtzee, classic, Kaartspel, Triple), each replayed as a server loads it (read from the
store, then ``games.replay_stored``, else ``games.restore``), in fresh processes, 3 rounds,
by two checkouts side by side.

    python -m scripts.bench_replay make --games 1000 --db /tmp/replay.sqlite3
    python -m scripts.bench_replay time --db /tmp/replay.sqlite3            # this checkout
    python -m scripts.bench_replay compare --db /tmp/replay.sqlite3 --base /path/to/old

``make`` plays the games with the greedy computer players (seeded); ``time`` prints, for
this checkout, the median and p99 milliseconds per game by mode and the whole store's
seconds; ``compare`` runs ``time`` with this checkout and with the one at ``--base`` (a
checkout of an earlier commit whose store schema reads the same file), alternately, each
round in a fresh process, and prints both with the ratio (median of 3 rounds, and the
spread).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

MODES = ("woord", "classic", "kaartspel", "triple")
"""The modes the store holds, in equal shares."""


def make(db: Path, count: int, seed: int) -> None:
    """A store of ``count`` finished games played by the greedy computer players."""
    from wordyahtzee import games
    from wordyahtzee.advisor.coach import coach
    from wordyahtzee.store import Finish, Seat, open_store

    if db.exists():
        raise SystemExit(f"{db} exists: make a new store")
    store = open_store(db)
    rng = random.Random(seed)
    clock = [1_800_000_000.0]

    def now() -> float:
        clock[0] += 1.5
        return clock[0]

    try:
        for n in range(count):
            mode = MODES[n % len(MODES)]
            rules = games.parse_rules(mode, {"turn_seconds": None} if mode == "woord" else {})
            players = ["Anna", "Bram"]
            game: Any = games.new_game(mode, players, rules, rng=random.Random(rng.random()),
                                       clock=now)
            helper = coach(mode)
            assert helper is not None
            while not game.finished:
                game.act(helper.decide(game, "greedy", None))
            game_id = f"g{n:05d}"
            setup = game.to_json()
            setup.pop("events")
            setup["table"] = {"idle_seconds": None, "rules": rules}
            store.create_game(game_id, mode, "hotseat", setup,
                              [Seat(i, p, f"t{n}") for i, p in enumerate(players)])
            store.append_events(game_id, 0, game.events,
                                Finish(game.result(), game.to_record()), [])
            if n % 100 == 99:
                print(f"{n + 1} games", file=sys.stderr)
    finally:
        store.close()


def time_store(db: Path) -> dict[str, Any]:
    """Replay every game of the store as a server loads one; milliseconds per game."""
    from wordyahtzee import games
    from wordyahtzee.store import open_store

    replay = getattr(games, "replay_stored", games.restore)
    store = open_store(db)
    per_mode: dict[str, list[float]] = {}
    try:
        ids = (store.game_ids("finished") if hasattr(store, "game_ids")
               else [g["id"] for g in store.list_games("finished", limit=100_000)])
        # warm what every replay shares (the dictionary, the dice sets, the imports)
        first = store.load_game(ids[0])
        replay(first.to_json(), rng=random.Random(0))
        started = time.perf_counter()
        for game_id in ids:
            begin = time.perf_counter()
            stored = store.load_game(game_id)
            game = replay(stored.to_json(), rng=random.Random(0))
            assert game.finished
            per_mode.setdefault(stored.mode, []).append((time.perf_counter() - begin) * 1000)
        total = time.perf_counter() - started
    finally:
        store.close()
    return {"games": len(ids), "seconds": total,
            "modes": {m: {"median_ms": statistics.median(v), "p99_ms": _p99(v), "n": len(v)}
                      for m, v in sorted(per_mode.items())}}


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def _run(checkout: Path, db: Path) -> dict[str, Any]:
    """``time`` in a fresh process on ``checkout``'s code."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    script = Path(__file__).resolve()
    out = subprocess.run([sys.executable, str(script), "time", "--db", str(db), "--json"],
                         cwd=checkout, env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def compare(db: Path, base: Path, rounds: int) -> None:
    """This checkout against ``base``, alternately, ``rounds`` rounds each."""
    here = Path(__file__).resolve().parents[1]
    runs: dict[str, list[dict[str, Any]]] = {"base": [], "this": []}
    for _ in range(rounds):
        runs["base"].append(_run(base, db))
        runs["this"].append(_run(here, db))
    print(f"{runs['this'][0]['games']} finished games, {rounds} rounds, each in a fresh "
          "process; median of the rounds (min-max)")
    print(f"{'':10} {'base ms/game':>20} {'this ms/game':>20} {'ratio':>6}   p99 base/this")
    for mode in MODES:
        medians = {k: [r["modes"][mode]["median_ms"] for r in v] for k, v in runs.items()}
        p99 = {k: statistics.median(r["modes"][mode]["p99_ms"] for r in v)
               for k, v in runs.items()}
        b, t = statistics.median(medians["base"]), statistics.median(medians["this"])
        print(f"{mode:10} {_spread(medians['base']):>20} {_spread(medians['this']):>20} "
              f"{t / b:6.2f}   {p99['base']:.2f}/{p99['this']:.2f}")
    totals = {k: [r["seconds"] for r in v] for k, v in runs.items()}
    ratio = statistics.median(totals["this"]) / statistics.median(totals["base"])
    print(f"{'store, s':10} {_spread(totals['base']):>20} {_spread(totals['this']):>20} "
          f"{ratio:6.2f}")


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):.3f} ({min(values):.3f}-{max(values):.3f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("make")
    p.add_argument("--db", type=Path, required=True)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=20261206)
    p = sub.add_parser("time")
    p.add_argument("--db", type=Path, required=True)
    p.add_argument("--json", action="store_true")
    p = sub.add_parser("compare")
    p.add_argument("--db", type=Path, required=True)
    p.add_argument("--base", type=Path, required=True)
    p.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.command == "make":
        make(args.db, args.games, args.seed)
    elif args.command == "time":
        result = time_store(args.db)
        print(json.dumps(result) if args.json else json.dumps(result, indent=2))
    else:
        compare(args.db, args.base, args.rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
