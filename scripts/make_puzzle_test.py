"""Make a mode's proficiency test (``wordyahtzee/data/puzzles/<mode>-test-v<N>.json``) from
the seeded games of the computer levels (:func:`wordyahtzee.puzzles.proficiency.generate`).

    python -m scripts.make_puzzle_test kaartspel

A shipped test never changes: a new set is a new version (``VERSION``); the slow test
``test_the_shipped_test_is_what_its_seed_makes`` checks that the files are what the seed
makes.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from wordyahtzee import games
from wordyahtzee.puzzles import proficiency
from wordyahtzee.puzzles.mining import MINED_MODES, judging_table

OUT = Path(__file__).resolve().parent.parent / "wordyahtzee" / "data" / "puzzles"


def main() -> int:
    """Write the test of the mode named on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=MINED_MODES)
    args = parser.parse_args()
    table = judging_table(args.mode, games.parse_rules(args.mode,
                                                       proficiency.RULES[args.mode]))
    data = {"mode": args.mode, "version": proficiency.VERSION, "seed": proficiency.SEED,
            "rules": proficiency.RULES[args.mode],
            "positions": proficiency.generate(args.mode, table)}
    path = OUT / f"{args.mode}-test-v{proficiency.VERSION}.json"
    path.write_text(json.dumps(data, sort_keys=True, separators=(",", ":")),
                    encoding="utf-8")
    print(f"{path}: {len(data['positions'])} positions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
