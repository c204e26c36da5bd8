#!/usr/bin/env python3
"""Search for a Woord Yahtzee dice set: hill-climb on the chance of a 7-letter word.

Starting from a set (``--start``, seven 6-letter strings, ``?`` the blank), it repeatedly
swaps two faces between dice or changes one face's letter, and keeps a change when the
objective does not get worse. Two objectives:

- ``--objective words`` (the default): the share of throws holding a 7-letter word, to
  maximise, estimated on a fixed sample of throws (common random numbers);
- ``--objective balance``: a Woord Yahtzee about as rare as a Yahtzee in classic, exactly:
  the chance that a turn aimed at a 7-letter word (three throws, keeping the dice that
  promise most) ends with one should lie within 10% of ``--target`` (default 0.046, the
  chance of a Yahtzee in a classic turn aimed at it), and among such sets the chance that
  a turn aimed at a 6-letter word makes one is maximised (the hardest word box must still
  make words in most turns). Both chances are exact, over every ordered outcome.

Every set it accepts must:

- keep exactly one blank and give every letter in ``--required`` at least one face;
- put no letter twice on one die;
- keep all-consonants at most ``--max-consonants`` and all-vowels between
  ``--min-vowels`` and ``--max-vowels`` per throw (exact odds; the blank counts for both);
- show each throw in ``--showable`` (faces matched to distinct dice);
- with ``--keep-frequencies``, give each letter within a third (at least 1) of the number
  of faces it has in the shipped ``nl`` set, so the letters stay spread after Dutch
  frequencies and mostly their grouping on the dice changes.

``scripts/analyse_dice.py`` then reports every box's score distribution on fresh throws
and, with ``--turns``, every box's chance in an aimed turn. The shipped ``nl`` set was found
with the defaults, the ``nl-balans`` set with the balance objective on ``nl-basis``:

    python -m scripts.search_dice --iterations 3000
    python -m scripts.search_dice --objective balance --dict nl-basis --start nl \
        --keep-frequencies --showable kusnatl kussent --iterations 1500 --seed 11

and a second run from where that one stopped (docs/dice.md has both commands).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

import numpy as np

from wordyahtzee.advisor.woord.lattice import Lattice
from wordyahtzee.dice import DiceSet, Face, shipped_dice_sets
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


class AimedTurns:
    """Exact chances of an aimed turn over every ordered outcome of a dice set's faces."""

    def __init__(self, lexicon_name: str, size: int, sides: int = 6) -> None:
        self.seven, self.seven_less = seven_letter_keys(lexicon_name, size)
        self.six, self.six_less = seven_letter_keys(lexicon_name, size - 1)
        self.grid = np.indices((sides,) * size).reshape(size, -1).T
        self.lattice = Lattice((sides,) * size)
        self.weights = 128 ** np.arange(size - 1, -1, -1, dtype=np.int64)

    def multisets(self, candidate: list[list[str]]) -> tuple[list[str], np.ndarray]:
        """The distinct sorted racks, and each ordered outcome's index among them."""
        codes = np.empty(self.grid.shape, dtype=np.int64)
        for d, die in enumerate(candidate):
            codes[:, d] = np.array([ord(f) for f in die])[self.grid[:, d]]
        codes.sort(axis=1)
        unique, inverse = np.unique(codes @ self.weights, return_inverse=True)
        digits = unique[:, None] // self.weights % 128
        return ["".join(map(chr, row)) for row in digits.tolist()], inverse.reshape(-1)

    def _has_seven(self, rack: str) -> bool:
        return rack[1:] in self.seven_less if rack[0] == BLANK else rack in self.seven

    def _has_six(self, rack: str) -> bool:
        if rack[0] == BLANK:
            rest = rack[1:]
            return rest in self.six or any(rest[:i] + rest[i + 1:] in self.six_less
                                           for i in range(len(rest)))
        return any(rack[:i] + rack[i + 1:] in self.six for i in range(len(rack)))

    def chances(self, candidate: list[list[str]]) -> tuple[float, float]:
        """(7-letter word, 6-letter word) in a turn aimed at it."""
        racks, inverse = self.multisets(candidate)
        seven = np.array([self._has_seven(r) for r in racks], dtype=np.float64)[inverse]
        six = np.array([self._has_six(r) for r in racks], dtype=np.float64)[inverse]
        return self.lattice.aimed_turn(seven), self.lattice.aimed_turn(six)


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
    parser.add_argument("--objective", choices=("words", "balance"), default="words")
    parser.add_argument("--target", type=float, default=0.046,
                        help="balance: the aimed turn's chance of a 7-letter word")
    parser.add_argument("--start", default=START,
                        help="seven 6-letter strings, or a shipped dice set's name")
    parser.add_argument("--iterations", type=int, default=3000)
    parser.add_argument("--sample", type=int, default=20000, help="throws per estimate")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--required", default=REQUIRED)
    parser.add_argument("--max-consonants", type=float, default=0.015)
    parser.add_argument("--min-vowels", type=float, default=0.0005)
    parser.add_argument("--max-vowels", type=float, default=0.006)
    parser.add_argument("--showable", nargs="*", default=["kusnatl", "kussent", "eeeeeeo"])
    parser.add_argument("--keep-frequencies", action="store_true",
                        help="each letter's face count within a third of the nl set's")
    args = parser.parse_args()

    if args.start in shipped_dice_sets():
        dice = [[f.letter for f in die] for die in DiceSet.load(args.start).dice]
    else:
        dice = [list(d) for d in args.start.split()]
    size = len(dice)
    full, less_one = seven_letter_keys(args.dict, size)
    rnd = random.Random(args.seed)
    sample = [[rnd.randrange(6) for _ in range(size)] for _ in range(args.sample)]
    turns = AimedTurns(args.dict, size) if args.objective == "balance" else None
    nl_counts = Counter(f.letter for die in DiceSet.load("nl").dice for f in die)
    bounds = {ch: (n - max(1, n // 3), n + max(1, n // 3)) for ch, n in nl_counts.items()}

    def balance(candidate: list[list[str]]) -> float:
        """Higher is better: 10 per unit of log-distance outside the band round the
        target, then the aimed turn's chance of a 6-letter word."""
        assert turns is not None
        seven, six = turns.chances(candidate)
        off = max(0.0, abs(np.log(max(seven, 1e-9) / args.target)) - np.log(1.1))
        return six - 10 * off

    def chance(candidate: list[list[str]]) -> float:
        if turns is not None:
            return balance(candidate)
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
        if args.keep_frequencies:
            counts = Counter(faces)
            if any(not low <= counts[ch] <= high for ch, (low, high) in bounds.items()) \
                    or any(ch not in bounds for ch in counts):
                return False
        consonants, vowels = exact_odds(["".join(d) for d in candidate])
        if consonants > args.max_consonants or not args.min_vowels <= vowels <= args.max_vowels:
            return False
        as_set = DiceSet("candidate", tuple(tuple(Face(f, 0) for f in die) for die in candidate))
        return all(as_set.assign(throw) is not None for throw in args.showable)

    best = chance(dice) if acceptable(dice) else -1e9  # take the first acceptable set
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
                turn = ("  turn: 7 letters {:.4f} 6 letters {:.4f}".format(
                    *turns.chances(candidate)) if turns is not None else "")
                print(f"{step:5d}  {value:.4f}  {' '.join(''.join(d) for d in candidate)}"
                      f"  consonants {odds[0]:.4f} vowels {odds[1]:.5f}{turn}", flush=True)
            dice, best = candidate, value
    print(f"final  {best:.4f}  {' '.join(''.join(d) for d in dice)}")


if __name__ == "__main__":
    main()
