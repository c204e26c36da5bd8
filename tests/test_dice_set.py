"""The shipped Dutch dice set (docs/rules.md §1.7, docs/dice.md)."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

from wordyahtzee.dice import DiceSet
from wordyahtzee.letters import BLANK, VOWELS

SCRABBLE = dict(a=1, b=3, c=5, d=2, e=1, f=4, g=3, h=4, i=1, j=4, k=3, l=3, m=3, n=1, o=1,
                p=3, q=10, r=2, s=2, t=2, u=4, v=4, w=5, x=8, y=8, z=4)
NL = DiceSet.load("nl")
FACES = [f for die in NL.dice for f in die]


def test_seven_dice_of_six_faces_and_one_blank():
    assert NL.size == 7 and all(len(die) == 6 for die in NL.dice)
    assert sum(f.letter == BLANK for f in FACES) == 1
    assert NL.value(BLANK) == 0


def test_standard_dutch_scrabble_values():
    assert all(f.value == SCRABBLE[f.letter] for f in FACES if f.letter != BLANK)


def test_the_design_throws_can_be_shown():
    for throw in ("kusnatl", "kussent"):
        assert NL.assign(throw) is not None, throw
    assert NL.assign("eeeeeeo") is not None
    assert sum("s" in NL.letters(d) for d in range(NL.size)) >= 2


def test_letters_follow_dutch_frequencies():
    counts = Counter(f.letter for f in FACES if f.letter != BLANK)
    assert counts.most_common(1)[0][0] == "e"
    common = "enaitordlsgvhkmjuwbpzcf"  # every letter above 0.8% of Dutch text
    assert set(common) <= set(counts)
    assert all(len(set(NL.letters(d))) == 6 for d in range(NL.size))  # no die repeats


def test_all_vowels_and_all_consonants_are_possible_but_rare():
    vowels = consonants = 1.0
    for die in NL.dice:
        vowels *= sum(f.letter == BLANK or f.letter in VOWELS | {"y"} for f in die) / 6
        consonants *= sum(f.letter == BLANK or f.letter not in VOWELS | {"y"} for f in die) / 6
    assert 1 / 2000 < vowels < 1 / 100
    assert 1 / 200 < consonants <= 0.015


def test_the_file_keeps_its_shape_and_says_why():
    data = json.loads(resources.files("wordyahtzee.data.dice").joinpath("nl.json").read_text(
        encoding="utf-8"))
    assert set(data) == {"name", "language", "description", "rationale", "dice"}
    assert data["name"] == "nl" and data["language"] == "nl"
    assert "search_dice" in data["rationale"]
