#!/usr/bin/env python3
"""Search for a Woord Yahtzee dice set: hill-climb on the chance of a 7-letter word.

Starting from a set (``--start``, seven 6-letter strings, ``?`` the blank), it repeatedly
swaps two faces between dice or changes one face's letter, and keeps a change when the
share of throws holding a 7-letter word does not fall. Every set it accepts must:

- keep exactly one blank and give every letter in ``--required`` at least one face;
- put no letter twice on one die;
- keep all-consonants at most ``--max-consonants`` and all-vowels between
  ``--min-vowels`` and ``--max-vowels`` per throw (exact odds; the blank counts for both);
- show each throw in ``--showable`` (faces matched to distinct dice).

The chance is estimated on a fixed sample of throws (common random numbers), so candidates
are compared on the same throws. ``scripts/analyse_dice.py`` then reports every box's
score distribution on fresh throws. The shipped ``nl`` set was found with the defaults:

    python scripts/search_dice.py --iterations 3000
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wordyahtzee.dice import DiceSet, Face
from wordyahtzee.letters import BLANK, alphagram, is_vowel
from wordyahtzee.lexicon import load_lexicon

START = "?iotsj eaodnk eandum eiosbp eiflcv eaurgw eoarhz"
"""The earlier shipped set with f added and fewer consonants (it cannot show kussent, so
the search first walks to a set that meets every constraint)."""
REQUIRED = "eaiountrdslgkmhvjbpwzcf"
POOL = "eeeaaiioounntrdslgkmhvjbpwzcf"  # letters a changed face may take (weighted)


def seven_letter_keys(lexicon_name: str, size: int) -> tuple[set[str], set[str]]:
    """Alphagrams of the words of ``size`` letters, and the same with one letter removed
    (a throw with the blank holds such a word when its other faces make one of those)."""
    full: set[str] = set()
    for word in load_lexicon(lexicon_name):
        if len(word) == size:
            full.add(alphagram(word))
    less_one = {key[:i] + key[i + 1:] for key in full for i in range(size)}
    return full, less_one


def exact_odds(dice: list[str]) -> tuple[float, float]:
    """(all consonants, all vowels) per throw; the blank counts for both."""
    consonants = vowels = 1.0
    for die in dice:
        consonants *= sum(f == BLANK or not is_vowel(f) for f in die) / len(die)
        vowels *= sum(f == BLANK or is_vowel(f) for f in die) / len(die)
    return consonants, vowels


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dict", default="nl")
    parser.add_argument("--start", default=START)
    parser.add_argument("--iterations", type=int, default=3000)
    parser.add_argument("--sample", type=int, default=20000, help="throws per estimate")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--required", default=REQUIRED)
    parser.add_argument("--max-consonants", type=float, default=0.015)
    parser.add_argument("--min-vowels", type=float, default=0.0005)
    parser.add_argument("--max-vowels", type=float, default=0.006)
    parser.add_argument("--showable", nargs="*", default=["kusnatl", "kussent", "eeeeeeo"])
    args = parser.parse_args()

    dice = [list(d) for d in args.start.split()]
    size = len(dice)
    full, less_one = seven_letter_keys(args.dict, size)
    rnd = random.Random(args.seed)
    sample = [[rnd.randrange(6) for _ in range(size)] for _ in range(args.sample)]

    def chance(candidate: list[list[str]]) -> float:
        hits = 0
        for throw in sample:
            faces = [candidate[d][i] for d, i in enumerate(throw)]
            if BLANK in faces:
                faces.remove(BLANK)
                hits += "".join(sorted(faces)) in less_one
            else:
                hits += "".join(sorted(faces)) in full
        return hits / len(sample)

    def acceptable(candidate: list[list[str]]) -> bool:
        faces = [f for die in candidate for f in die]
        if faces.count(BLANK) != 1 or any(len(set(die)) < len(die) for die in candidate):
            return False
        if any(ch not in faces for ch in args.required):
            return False
        consonants, vowels = exact_odds(["".join(d) for d in candidate])
        if consonants > args.max_consonants or not args.min_vowels <= vowels <= args.max_vowels:
            return False
        as_set = DiceSet("candidate", tuple(tuple(Face(f, 0) for f in die) for die in candidate))
        return all(as_set.assign(throw) is not None for throw in args.showable)

    best = chance(dice) if acceptable(dice) else -1.0  # -1: take the first acceptable set
    print(f"start  {best:.4f}  {' '.join(''.join(d) for d in dice)}")
    for step in range(args.iterations):
        candidate = [die[:] for die in dice]
        if rnd.random() < 0.6:
            a, b = rnd.sample(range(size), 2)
            i, j = rnd.randrange(6), rnd.randrange(6)
            candidate[a][i], candidate[b][j] = candidate[b][j], candidate[a][i]
        else:
            a, i = rnd.randrange(size), rnd.randrange(6)
            if candidate[a][i] == BLANK:
                continue
            candidate[a][i] = rnd.choice(POOL)
        if not acceptable(candidate):
            continue
        value = chance(candidate)
        if value >= best:
            if value > best:
                odds = exact_odds(["".join(d) for d in candidate])
                print(f"{step:5d}  {value:.4f}  {' '.join(''.join(d) for d in candidate)}"
                      f"  consonants {odds[0]:.4f} vowels {odds[1]:.5f}", flush=True)
            dice, best = candidate, value
    print(f"final  {best:.4f}  {' '.join(''.join(d) for d in dice)}")


if __name__ == "__main__":
    main()
