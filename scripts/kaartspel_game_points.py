"""What a whole Kaartspel game is worth to the strong player: its mean final total in
two-player games against itself, the base of the Kaartspel puzzles' margin
(:data:`wordyahtzee.advisor.kaartspel.coach.GAME_POINTS`).

    python -m scripts.kaartspel_game_points [--games 400] [--seed 20261129]

Prints the mean per player and its standard error (over games).
"""

from __future__ import annotations

import argparse
import random
import statistics

from wordyahtzee.advisor.kaartspel.players import computer_player
from wordyahtzee.modes.contract import Resources
from wordyahtzee.modes.kaartspel import KaartspelGame


def main() -> int:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=20261129)
    args = parser.parse_args()
    means = []
    for n in range(args.games):
        rng = random.Random(args.seed + n)
        game = KaartspelGame.new(["A", "B"], resources=Resources(rng, float))
        player = computer_player("strong", rng)
        while not game.finished:
            game.act(player.decide(game))
        means.append(statistics.mean(game.totals()))
    error = statistics.stdev(means) / len(means) ** 0.5
    print(f"{len(means)} games (seed {args.seed}): {statistics.mean(means):.1f} ± "
          f"{error:.1f} points per player")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
