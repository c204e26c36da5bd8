#!/usr/bin/env python3
"""How rare is a Woord Yahtzee? Dice sets side by side with classic Yahtzee's Yahtzee.

For classic Yahtzee it prints the exact chance of five alike in a turn aimed at them
(three throws, keeping the most common face) and, over ``--games`` simulated solo games of
the optimal player (seeded), how often the ``yahtzee`` box ends with 50.

For each Woord Yahtzee dice set (``--sets``, shipped names) and each vocabulary
(``--dicts``) it prints, exactly over every ordered outcome:

- the chance of a 7-letter word in one throw and in a turn aimed at one;
- the word box least likely to score in a turn aimed at it, and that chance (the
  ``python -m scripts.analyse_dice --turns`` table has every box);
- the optimal strict-order expected score and where it comes from: the share of the round
  boxes, of ``woord_yahtzee`` with its bonuses of 100, and the expected bonuses a game
  (``wordyahtzee/advisor/woord/breakdown.py``);

and, over ``--games`` simulated solo games on the game dictionary ``--game-dict``, the
human-like computer player's mean score, how often its ``woord_yahtzee`` box is filled and
its bonuses a game (the player models what people find within the hourglass; see
docs/strategy.md).

    python -m scripts.dice_balance_report [--sets nl nl-balans] [--dicts nl-basis]
                                          [--games 2000] [--seed 2026]

Tables that are not cached yet are built first (a minute or two per set and vocabulary).
"""

from __future__ import annotations

import argparse
import random

import numpy as np

from wordyahtzee.advisor.classic.players import computer_player, play_turn
from wordyahtzee.advisor.woord.breakdown import exact_breakdown
from wordyahtzee.advisor.woord.lattice import Lattice
from wordyahtzee.advisor.woord.simulate import simulate_woord, summarise
from wordyahtzee.advisor.woord.strategy import load_woord_strategy
from wordyahtzee.modes.classic import ClassicGame
from wordyahtzee.modes.woord import ROUND_BOXES

WORD_BOXES = (*ROUND_BOXES, "chance")
"""The boxes filled with words (``woord_yahtzee`` is the rarity measured)."""


def classic_figures(games: int, seed: int) -> tuple[float, float]:
    """(five alike in an aimed turn, exact; games whose ``yahtzee`` box holds 50)."""
    lattice = Lattice((6,) * 5)
    faces = np.indices((6,) * 5).reshape(5, -1)
    aimed = lattice.aimed_turn((faces == faces[0]).all(axis=0))
    player = computer_player("optimal")
    filled = 0
    for i in range(games):
        game = ClassicGame(["solo"], rng=random.Random(seed * 1_000_003 + i))
        while not game.is_over:
            play_turn(game, player)
        filled += game.sheet("solo").scores.get("yahtzee") == 50
    return aimed, filled / games


def woord_figures(dice_set: str, dictionary: str) -> dict[str, float | str]:
    """Exact figures of one dice set on one vocabulary (module docstring)."""
    strategy = load_woord_strategy(dictionary, dice_set, quiet=True)
    table = strategy.table
    lattice = Lattice(table.faces)
    seven = table.column("woord_yahtzee") > 0
    chances = {box: lattice.aimed_turn(table.column(box) > 0) for box in WORD_BOXES}
    weakest = min(chances, key=lambda box: chances[box])
    b = exact_breakdown(strategy)
    round_points = sum(b.boxes[box] for box in ROUND_BOXES) + b.upper_bonus
    yahtzee_points = b.boxes["woord_yahtzee"] + b.woord_yahtzee_bonus
    return {"throw": float(seven.mean()), "turn": lattice.aimed_turn(seven),
            "weakest": weakest, "weakest_chance": chances[weakest],
            "ev": strategy.expected_score, "round_share": round_points / b.expected_score,
            "yahtzee_share": yahtzee_points / b.expected_score,
            "bonuses": b.woord_yahtzee_bonus / 100}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sets", nargs="+", default=["nl", "nl-balans"])
    parser.add_argument("--dicts", nargs="+", default=["nl-basis"])
    parser.add_argument("--game-dict", default="nl")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    aimed, filled = classic_figures(args.games, args.seed)
    print(f"classic Yahtzee: five alike in an aimed turn {aimed:.2%} (exact); optimal "
          f"play fills `yahtzee` with 50 in {filled:.1%} of {args.games:,} games\n")
    print("| figure | " + " | ".join(f"`{s}`" for s in args.sets) + " |")
    print("|---|" + "---:|" * len(args.sets))
    rows: dict[str, list[str]] = {}
    for dice_set in args.sets:
        for dictionary in args.dicts:
            f = woord_figures(dice_set, dictionary)
            cells = {
                "7-letter word in one throw": f"{f['throw']:.1%}",
                "7-letter word in an aimed turn": f"{f['turn']:.1%}",
                "word box least likely to score in an aimed turn":
                    f"`{f['weakest']}` {f['weakest_chance']:.1%}",
                "optimal expected score": f"{f['ev']:.2f}",
                "share of the round boxes (upper bonus included)": f"{f['round_share']:.1%}",
                "share of `woord_yahtzee` and its bonuses": f"{f['yahtzee_share']:.1%}",
                "bonuses of 100 a game": f"{f['bonuses']:.2f}",
            }
            for name, cell in cells.items():
                rows.setdefault(f"{name} ({dictionary})", []).append(cell)
        s = summarise(simulate_woord("human", args.games, args.seed, dictionary=args.game_dict,
                                     dice_set=dice_set))
        se = s["stdev"] / s["games"] ** 0.5
        human = {"human-like player: mean score": f"{s['mean']:.1f} ± {se:.1f}",
                 "human-like player: `woord_yahtzee` filled": f"{s['woord_yahtzee_rate']:.1%}",
                 "human-like player: bonuses of 100 a game": f"{s['mean_bonuses_100']:.2f}"}
        for name, cell in human.items():
            rows.setdefault(f"{name} ({args.game_dict}, {args.games:,} games)",
                            []).append(cell)
    for name, row in rows.items():
        print(f"| {name} | " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
