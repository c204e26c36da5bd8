#!/usr/bin/env python3
"""Analyse Woord Yahtzee dice sets by simulation against a dictionary (docs/rules.md §1.7).

For each dice set it reports, over ``--throws`` random throws (seeded):

- how often a throw holds a 7-letter word (a ``woord_yahtzee``);
- the distribution of the best score per box: mean, quartiles and P(0);
- the chance of all vowels / all consonants in one throw, exact (from the face counts: the
  product over the dice of the share of qualifying faces, the blank counting for both) and
  simulated.

With ``--turns`` it adds, exactly over every ordered outcome (the score table of the
optimal strategy, cached), each box's chance of scoring in a turn aimed at it alone (three
throws, keeping the dice that promise most) and that turn's expected score.

By default it compares the candidate sets defined below (letter counts dealt onto seven
dice by a fixed rule) with the shipped ``nl`` set; ``--sets`` picks shipped sets or JSON
files instead, and ``--emit NAME`` prints a candidate as a dice-set JSON ``dice`` list.

    python -m scripts.analyse_dice [--dict nl] [--throws 20000] [--seed 7]
    python -m scripts.analyse_dice --sets nl --throws 100000
    python -m scripts.analyse_dice --emit text
    python -m scripts.analyse_dice --dict nl-basis --sets nl nl-balans --turns
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from pathlib import Path

from wordyahtzee.dice import DiceSet, Face, shipped_dice_sets
from wordyahtzee.letters import BLANK, is_vowel
from wordyahtzee.lexicon import load_lexicon
from wordyahtzee.modes.woord import BOXES, all_consonants, all_vowels
from wordyahtzee.solver import Solver

VALUES = dict(a=1, b=3, c=5, d=2, e=1, f=4, g=3, h=4, i=1, j=4, k=3, l=3, m=3, n=1, o=1, p=3,
              q=10, r=2, s=2, t=2, u=4, v=4, w=5, x=8, y=8, z=4)
"""Standard Dutch Scrabble letter values (docs/rules.md §1.7)."""

CANDIDATES: dict[str, tuple[str, str]] = {
    "text": ("faces in proportion to letter frequency in running Dutch text (wordfreq-"
             "weighted), c and f dropped",
             "e6 n4 a3 i3 t3 o3 r2 d2 l2 s2 g k m u h v j b p w z"),
    "words": ("faces in proportion to letter frequency in the dictionary's words of up to "
              "seven letters (types, not tokens)",
              "e6 a3 t3 o3 r3 n3 i2 s2 l2 d2 k2 g u p m b j v h w z"),
    "balanced": ("like text, with c (for ch: acht, echt, zich) instead of a fourth n",
                 "e6 n3 a3 i3 t3 o3 r2 d2 l2 s2 g k m u h v j b p w z c"),
    "full": ("like text, but every letter except q, x and y (c for ch, f for of/af)",
             "e6 n3 a3 i2 t3 o3 r2 d2 l2 s2 g k m u h v j b p w z c f"),
    "lean": ("fewer vowels, every common consonant (c, f too)",
             "e5 n4 a3 t3 r3 i2 o2 d2 l2 s2 g k m u h v j b p w z c f"),
    "rich": ("more vowels and the commonest consonants only",
             "e7 a3 i3 o3 n4 t3 r3 s2 d2 l2 u k g m h v b p j"),
}


def parse_counts(spec: str) -> list[str]:
    """``"e6 n4 g"`` → the 41 letter faces (a count of 1 may be left out)."""
    faces: list[str] = []
    for item in spec.split():
        faces += [item[0]] * (int(item[1:]) if len(item) > 1 else 1)
    return faces


def deal(letters: list[str], dice: int = 7, sides: int = 6) -> list[list[str]]:
    """Deal the blank and the letter faces onto dice, deterministically.

    The blank goes on die 0. Then the faces, most frequent letters first (vowels before
    consonants on a tie), each onto the die that has room, does not carry the letter yet,
    and has the fewest faces of its kind (vowel or consonant), then the fewest faces, then
    the lowest number: so duplicates spread over the dice and every die mixes vowels and
    consonants (which keeps all-vowel and all-consonant throws possible but rare).
    """
    if len(letters) + 1 != dice * sides:
        raise SystemExit(f"{len(letters)} letters + the blank do not fill {dice} x {sides}")
    counts = {ch: letters.count(ch) for ch in letters}
    order = sorted(letters, key=lambda ch: (-counts[ch], not is_vowel(ch), ch))
    out: list[list[str]] = [[BLANK]] + [[] for _ in range(dice - 1)]
    for ch in order:
        vowel = is_vowel(ch)
        options = [d for d in range(dice) if len(out[d]) < sides and ch not in out[d]]
        if not options:
            raise SystemExit(f"cannot place {ch!r}")
        best = min(options, key=lambda d: (sum(is_vowel(f) == vowel for f in out[d]
                                               if f != BLANK), len(out[d]), d))
        out[best].append(ch)
    return out


REQUIRED = ("kusnatl", "kussent", "eeeeeeo")
"""Throws the set must be able to show: the examples of docs/records.md, and an all-vowel throw
that the project's record tests replay."""


def showable(dice: list[list[str]], word: str) -> bool:
    """Can the dice show ``word`` (one face per die)?"""
    probe = DiceSet("probe", tuple(tuple(Face(f, 0) for f in die) for die in dice))
    return probe.assign(word) is not None


def repair(dice: list[list[str]]) -> list[list[str]]:
    """Swap faces of the same kind (vowel for vowel, consonant for consonant, so the odds of
    all-vowel and all-consonant throws stay as dealt) between dice until every REQUIRED
    throw is showable, or no swap helps; the first improving swap in a fixed order."""
    def score(state: list[list[str]]) -> int:
        return sum(showable(state, w) for w in REQUIRED)

    while score(dice) < len(REQUIRED):
        current = score(dice)
        for a in range(len(dice)):
            for b in range(a + 1, len(dice)):
                for i, x in enumerate(dice[a]):
                    for j, y in enumerate(dice[b]):
                        if (BLANK in (x, y) or x == y or is_vowel(x) != is_vowel(y)
                                or y in dice[a] or x in dice[b]):
                            continue
                        trial = [list(d) for d in dice]
                        trial[a][i], trial[b][j] = y, x
                        if score(trial) > current:
                            dice = trial
                            break
                    else:
                        continue
                    break
                else:
                    continue
                break
            else:
                continue
            break
        else:
            break  # no single swap helps: the report notes what the set cannot show
    return dice


def candidate(name: str) -> DiceSet:
    """A candidate set, dealt onto seven dice."""
    dice = repair(deal(parse_counts(CANDIDATES[name][1])))
    return DiceSet(name, tuple(tuple(Face(f, 0 if f == BLANK else VALUES[f]) for f in die)
                               for die in dice), "nl")


def load_set(name: str) -> DiceSet:
    """A candidate name, a shipped set name or a JSON file."""
    if name in CANDIDATES:
        return candidate(name)
    if name in shipped_dice_sets():
        return DiceSet.load(name)
    return DiceSet.from_json(json.loads(Path(name).read_text(encoding="utf-8")))


def exact_odds(dice: DiceSet) -> tuple[float, float]:
    """P(all vowels), P(all consonants) in one throw of all the dice (blank counts for both)."""
    vowels = consonants = 1.0
    for die in dice.dice:
        v = sum(f.letter == BLANK or is_vowel(f.letter) for f in die)
        c = sum(f.letter == BLANK or not is_vowel(f.letter) for f in die)
        vowels *= v / len(die)
        consonants *= c / len(die)
    return vowels, consonants


def quartiles(values: list[int]) -> tuple[float, float, float]:
    q = statistics.quantiles(values, n=4, method="inclusive")
    return q[0], q[1], q[2]


def analyse(dice: DiceSet, solver: Solver, throws: int, seed: int) -> dict[str, object]:
    """Simulate ``throws`` throws; the figures of one set."""
    rng = random.Random(seed)
    scores: dict[str, list[int]] = {box: [] for box in BOXES}
    all_v = all_c = 0
    for _ in range(throws):
        faces = "".join(rng.choice(die).letter for die in dice.dice)
        solution = solver.solve(faces)
        for box, best in solution.boxes.items():
            scores[box].append(best.score)
        all_v += all_vowels(faces)
        all_c += all_consonants(faces)
    exact_v, exact_c = exact_odds(dice)
    return {"scores": scores, "seven": sum(s > 0 for s in scores["woord_yahtzee"]) / throws,
            "vowels": (exact_v, all_v / throws), "consonants": (exact_c, all_c / throws)}


def aimed_turns(dice: DiceSet, lexicon_name: str) -> dict[str, tuple[float, float]]:
    """Per box: (chance of scoring, expected score) in a turn aimed at it alone."""
    from wordyahtzee.advisor.woord.lattice import Lattice
    from wordyahtzee.advisor.woord.score_table import load_score_table

    table = load_score_table(lexicon_name, dice)
    lattice = Lattice(table.faces)
    return {box: (lattice.aimed_turn(table.column(box) > 0), lattice.aimed_turn(table.column(box)))
            for box in BOXES}


def report_turns(turns: dict[str, tuple[float, float]]) -> None:
    print("| box | scores in an aimed turn | expected score of that turn |")
    print("|---|---:|---:|")
    for box, (chance, mean) in turns.items():
        print(f"| `{box}` | {chance:.1%} | {mean:.2f} |")
    print()


def one_in(p: float) -> str:
    return f"1 in {1 / p:,.0f}" if p else "never"


def report(dice: DiceSet, figures: dict[str, object], description: str) -> None:
    faces = [f.letter for die in dice.dice for f in die]
    vowel_faces = sum(is_vowel(f) for f in faces)
    print(f"## {dice.name}" + (f" — {description}" if description else ""))
    print()
    print("dice: " + "  ".join("".join(f.letter for f in die) for die in dice.dice)
          + f"  ({vowel_faces} vowel, {len(faces) - vowel_faces - 1} consonant faces, "
          f"{faces.count(BLANK)} blank)")
    seven = figures["seven"]
    print(f"7-letter word in a throw: {seven:.1%}")
    for kind in ("vowels", "consonants"):
        odds: tuple[float, float] = figures[kind]  # type: ignore[assignment]
        exact, simulated = odds
        print(f"all {kind}: exact {exact:.4%} ({one_in(exact)}), simulated {simulated:.4%}")
    print()
    print("| box | mean | Q1 | median | Q3 | P(0) |")
    print("|---|---:|---:|---:|---:|---:|")
    scores: dict[str, list[int]] = figures["scores"]  # type: ignore[assignment]
    for box, values in scores.items():
        q1, q2, q3 = quartiles(values)
        zero = sum(v == 0 for v in values) / len(values)
        print(f"| `{box}` | {statistics.fmean(values):.2f} | {q1:g} | {q2:g} | {q3:g} | "
              f"{zero:.1%} |")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dict", default="nl", help="dictionary (default: nl)")
    parser.add_argument("--throws", type=int, default=20_000, help="throws per set")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--sets", nargs="*", metavar="SET",
                        help="candidate names, shipped set names or JSON files "
                             "(default: every candidate and the shipped nl)")
    parser.add_argument("--turns", action="store_true",
                        help="add each box's exact chance in a turn aimed at it")
    parser.add_argument("--emit", metavar="CANDIDATE", choices=sorted(CANDIDATES),
                        help="print a candidate's dice as JSON and stop")
    args = parser.parse_args()
    if args.emit:
        dice = candidate(args.emit)
        print(json.dumps([[[f.letter, f.value] for f in die] for die in dice.dice]))
        return
    names = args.sets or [*CANDIDATES, "nl"]
    lexicon = load_lexicon(args.dict)
    print(f"# Dice sets on dictionary {args.dict!r}: {args.throws:,} throws each, "
          f"seed {args.seed}\n")
    for name in names:
        dice = load_set(name)
        for word in REQUIRED:
            if dice.assign(word) is None:
                print(f"(note: {dice.name} cannot show {word!r})")
        solver = Solver(lexicon, dice)
        description = CANDIDATES[name][0] if name in CANDIDATES else "shipped"
        report(dice, analyse(dice, solver, args.throws, args.seed), description)
        if args.turns:
            report_turns(aimed_turns(dice, args.dict))


if __name__ == "__main__":
    main()
