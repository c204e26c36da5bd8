"""The price of a move in instructions: how many machine instructions a classic solo action
costs the app, counted by valgrind (``cachegrind``), beside another checkout's.

This machine's speed drifts by a factor of 1.3 to 2 within an hour, so the CPU time of a
run (``scripts/bench_moves.py``) cannot tell a change of 5% from the noise. An instruction
count barely moves with the machine: it is what to name in a commit on the path of a move.

Each checkout plays whole solo classic games in one process (``scripts/instructions_player.py``:
the app of that checkout, Werkzeug's test client, PostgreSQL at ``--db``, mining off),
once ``--few`` games and once ``--many``, each under valgrind; the difference of the two
counts over the difference of their actions is the price of an action, without the start.
It includes the test client's own work, the same for every checkout, so a ratio understates
a change of the app's. Every checkout is counted ``--rounds`` times, in turns.

    python -m scripts.bench_instructions --db postgresql://… [--against CHECKOUT …]
        [--few 2] [--many 12] [--rounds 2]

Needs valgrind (Debian: ``apt-get install -y valgrind``); the other checkouts need an
environment of their own, as for ``bench_moves --against`` (``scripts/served.py``).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import uuid
from pathlib import Path

import psycopg

from scripts.served import CHECKOUT, check_served_code, checkout_python

PLAYER = Path(__file__).with_name("instructions_player.py")
REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def count(python: str, url: str, games: int) -> tuple[int, int]:
    """Instructions and actions of one run of the player (``games`` games on ``url``)."""
    env = {**os.environ, "WORDYAHTZEE_MINE_PUZZLES": "0", "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         python, "-P", str(PLAYER), url, str(games)],
        env=env, capture_output=True, text=True, check=False)
    refs = REFS.search(done.stderr)
    actions = re.search(r"^actions (\d+)$", done.stdout, re.MULTILINE)
    if done.returncode != 0 or refs is None or actions is None:
        raise SystemExit(f"the player failed under valgrind: {done.stderr[-1500:]}")
    return int(refs.group(1).replace(",", "")), int(actions.group(1))


def new_database(url: str) -> str:
    """A fresh database on the server of ``url``; its URL."""
    name = f"bench_instructions_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return url.rsplit("/", 1)[0] + "/" + name


def per_action(python: str, url: str, few: int, many: int) -> float:
    """Instructions per action: the ``many`` run's over the ``few`` run's."""
    small, small_actions = count(python, new_database(url), few)
    large, large_actions = count(python, new_database(url), many)
    return (large - small) / (large_actions - small_actions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", required=True, help="a PostgreSQL server's postgresql:// URL")
    parser.add_argument("--against", action="append", default=[], metavar="CHECKOUT",
                        help="another checkout, counted beside this one")
    parser.add_argument("--few", type=int, default=2)
    parser.add_argument("--many", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    if not args.db.startswith(("postgresql://", "postgres://")):
        parser.error("--db takes a PostgreSQL server's postgresql:// URL")
    if not 0 < args.few < args.many:
        parser.error("--few must be at least 1 and less than --many")
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (Debian: apt-get install -y valgrind)")
    checkouts = [(CHECKOUT, sys.executable)] + [
        (Path(other).resolve(), checkout_python(other)) for other in args.against]
    for checkout, python in checkouts:
        check_served_code(python, checkout, dict(os.environ))
    counts: dict[Path, list[float]] = {checkout: [] for checkout, _ in checkouts}
    for round_ in range(args.rounds):
        turn = checkouts if round_ % 2 == 0 else checkouts[::-1]
        for checkout, python in turn:
            figure = per_action(python, args.db, args.few, args.many)
            counts[checkout].append(figure)
            print(f"round {round_ + 1} {checkout.name:<20} {figure / 1e6:8.3f} M instructions "
                  "per action", flush=True)
    mine = statistics.median(counts[CHECKOUT])
    print(f"\nclassic solo, {args.few} and {args.many} games, {args.rounds} rounds, the median "
          "and the spread:")
    for checkout, _ in checkouts:
        figures = counts[checkout]
        median = statistics.median(figures)
        ratio = "" if checkout == CHECKOUT else f"   this / it {mine / median:.3f}"
        print(f"{checkout.name:<20} {median / 1e6:8.3f} M ({min(figures) / 1e6:.3f}-"
              f"{max(figures) / 1e6:.3f}){ratio}")


if __name__ == "__main__":
    main()
