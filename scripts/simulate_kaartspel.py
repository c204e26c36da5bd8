"""Simulate Kaartspel games between computer players (docs/kaartspel.md, "Figures").

For each pairing, plays ``--games`` two-player games with a fresh seeded RNG per game, the
two levels swapping seats every game (the starter comes from the red-die throw-off). Prints
each pairing's win rate for the first level (a tie counts half), wins/ties/losses, the mean
final totals and the mean game length in turns (Casino turns included).

    python scripts/simulate_kaartspel.py [--games 2000] [--seed 1] [--pairs strong:greedy,…]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordyahtzee.advisor.kaartspel_players import computer_player
from wordyahtzee.modes.contract import Resources
from wordyahtzee.modes.kaartspel import KaartspelGame

DEFAULT_PAIRS = "strong:greedy,strong:beginner,greedy:beginner"


def play(first: str, second: str, seed: int) -> tuple[float, int, int, int]:
    """One game; returns (first's score 1/0.5/0, first's total, second's total, turns)."""
    swap = seed % 2 == 1
    levels = [second, first] if swap else [first, second]
    rng = random.Random(seed)
    game = KaartspelGame.new(["P0", "P1"], resources=Resources(rng, time.time))
    players = [computer_player(level, random.Random(seed * 7 + i))
               for i, level in enumerate(levels)]
    while not game.finished:
        seat = game.current_seat
        assert seat is not None
        game.act(players[seat].decide(game))
    totals = game.totals()
    mine, theirs = (totals[1], totals[0]) if swap else (totals[0], totals[1])
    score = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return score, mine, theirs, game.turns_done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", default=DEFAULT_PAIRS)
    args = parser.parse_args()
    for pair in args.pairs.split(","):
        first, second = pair.split(":")
        start = time.perf_counter()
        rows = [play(first, second, args.seed * 1_000_003 + i) for i in range(args.games)]
        wins = sum(1 for r in rows if r[0] == 1.0)
        ties = sum(1 for r in rows if r[0] == 0.5)
        rate = sum(r[0] for r in rows) / len(rows)
        print(f"{first} vs {second}: win rate {rate:.1%} "
              f"({wins} won, {ties} tied, {len(rows) - wins - ties} lost of {len(rows)}); "
              f"mean totals {statistics.mean(r[1] for r in rows):.0f} - "
              f"{statistics.mean(r[2] for r in rows):.0f}; "
              f"mean length {statistics.mean(r[3] for r in rows):.1f} turns "
              f"(median {statistics.median(r[3] for r in rows):.0f}); "
              f"{time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
