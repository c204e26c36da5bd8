"""Simulate Kaartspel games between computer players (docs/kaartspel.md, "Figures").

For each pairing (two to four levels joined by ``:``), plays ``--games`` games with a fresh
seeded RNG per game, the seats rotating every game (the starter comes from the red-die
throw-off). Prints the first level's win rate (a k-way tie counts 1/k), wins/ties/losses,
its mean total against the others' and the mean game length in turns (Casino included).

    python -m scripts.simulate_kaartspel [--games 2000] [--seed 1] [--pairs strong:greedy,…]
    python -m scripts.simulate_kaartspel --pairs strong:greedy:greedy,strong:strong:strong:strong
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from wordyahtzee.advisor.kaartspel.players import computer_player
from wordyahtzee.modes.contract import Resources
from wordyahtzee.modes.kaartspel import KaartspelGame

DEFAULT_PAIRS = "strong:greedy,strong:beginner,greedy:beginner"


def play(levels: list[str], seed: int) -> tuple[float, int, float, int]:
    """One game of ``len(levels)`` players, seats rotated by the seed; returns the first
    level's share of the win (1, 1/k for a k-way tie, 0), its total, the mean total of the
    others and the game's length in turns."""
    n = len(levels)
    shift = seed % n
    seats = [levels[(i + shift) % n] for i in range(n)]
    mine = (n - shift) % n                 # the seat the first level sits in
    rng = random.Random(seed)
    game = KaartspelGame.new([f"P{i}" for i in range(n)], resources=Resources(rng, time.time))
    players = [computer_player(level, random.Random(seed * 7 + i))
               for i, level in enumerate(seats)]
    while not game.finished:
        seat = game.current_seat
        assert seat is not None
        game.act(players[seat].decide(game))
    totals = game.totals()
    best = max(totals)
    share = 1 / totals.count(best) if totals[mine] == best else 0.0
    others = [t for i, t in enumerate(totals) if i != mine]
    return share, totals[mine], sum(others) / len(others), game.turns_done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", default=DEFAULT_PAIRS)
    args = parser.parse_args()
    for pair in args.pairs.split(","):
        levels = pair.split(":")
        start = time.perf_counter()
        rows = [play(levels, args.seed * 1_000_003 + i) for i in range(args.games)]
        wins = sum(1 for r in rows if r[0] == 1.0)
        ties = sum(1 for r in rows if 0 < r[0] < 1)
        rate = sum(r[0] for r in rows) / len(rows)
        print(f"{' vs '.join(levels)}: win rate {rate:.1%} "
              f"({wins} won, {ties} tied, {len(rows) - wins - ties} lost of {len(rows)}); "
              f"mean totals {statistics.mean(r[1] for r in rows):.0f} - "
              f"{statistics.mean(r[2] for r in rows):.0f}; "
              f"mean length {statistics.mean(r[3] for r in rows):.1f} turns "
              f"(median {statistics.median(r[3] for r in rows):.0f}); "
              f"{time.perf_counter() - start:.0f} s", flush=True)

if __name__ == "__main__":
    main()
