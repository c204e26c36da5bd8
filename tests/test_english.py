"""The English dictionary and dice set, end to end: a whole game through the engine."""

from __future__ import annotations

import gzip
import json
import random
from collections.abc import Sequence
from itertools import combinations
from pathlib import Path

import pytest

from wordyahtzee import DiceSet, RuleError, WoordGame, WoordRules, replay
from wordyahtzee.cli import main
from wordyahtzee.games import new_game
from wordyahtzee.lexicon import Lexicon, find_dictionary, load_lexicon
from wordyahtzee.modes.woord import ROUND_BOXES

from .support.woord import any_face_dice, show

ROOT = Path(__file__).resolve().parents[1]
SCRABBLE_EN = dict(a=1, b=3, c=3, d=2, e=1, f=4, g=2, h=4, i=1, j=8, k=5, l=1, m=3, n=1, o=1,
                   p=3, q=10, r=1, s=1, t=1, u=1, v=4, w=4, x=8, y=4, z=10)
ALPHABET = "abcdefghijklmnopqrstuvwxyz"


@pytest.fixture(scope="module")
def en() -> Lexicon:
    return load_lexicon("en")


@pytest.mark.parametrize("word", ["house", "colour", "color", "quiz", "rhythm", "jazz",
                                  "cafe", "café", "Running", "a", "i", "ox", "nth"])
def test_ordinary_english_words_are_in(en: Lexicon, word: str) -> None:
    assert en.is_valid(word)


@pytest.mark.parametrize("word", ["london", "john's", "dont", "usa", "tv", "etc", "mph",
                                  "xiv", "b", "qwerty", "xqzt", "huis"])
def test_names_abbreviations_and_nonsense_are_out(en: Lexicon, word: str) -> None:
    assert not en.is_valid(word)


def test_sidecar_describes_the_shipped_list(en: Lexicon) -> None:
    entry = find_dictionary("en")
    assert entry.shipped and entry.language == "en"
    meta = entry.meta
    assert meta["word_count"] == len(en) > 50_000
    assert meta["checksum"] == en.info.checksum
    assert meta["options"]["drop_capitalised"] is True
    lines = gzip.decompress(entry.words_path.read_bytes()).decode().splitlines()
    assert len(lines) == len(en) and lines == sorted(lines)
    assert (ROOT / "dictionaries" / "LICENSE-SCOWL.txt").read_text().count("Kevin Atkinson")
    assert en.zipf("the") > 7 and en.zipf("house") > 4


def test_the_english_dice_set() -> None:
    dice = DiceSet.load("en")
    assert dice.size == 7 and dice.language == "en"
    faces = [f for die in dice.dice for f in die]
    assert len(faces) == 42 and all(len(die) == 6 for die in dice.dice)
    assert [f.letter for f in faces].count("?") == 1
    for face in faces:
        assert face.value == (0 if face.letter == "?" else SCRABBLE_EN[face.letter])
    for die in dice.dice:
        letters = [f.letter for f in die]
        assert len(set(letters)) == 6
        assert any(ch in "aeiouy" for ch in letters)
        assert any(ch in "bcdfghjklmnpqrstvwxz" for ch in letters)
    data = json.loads((ROOT / "wordyahtzee/data/dice/en.json").read_text())
    assert "7-letter word" in data["description"]


def find_words(faces: str, sizes: Sequence[int], lexicon: Lexicon,
               used: frozenset[int] = frozenset()) -> list[str] | None:
    """Words of the given lengths on disjoint dice of ``faces`` (the blank: any letter)."""
    if not sizes:
        return []
    free = [i for i in range(len(faces)) if i not in used]
    for combo in combinations(free, sizes[0]):
        letters = "".join(faces[i] for i in combo)
        fills = ALPHABET if "?" in letters else "?"
        for fill in fills:
            for word in lexicon.anagrams(letters.replace("?", fill)):
                rest = find_words(faces, sizes[1:], lexicon, used | set(combo))
                if rest is not None:
                    return [word, *rest]
    return None


SIZES = {"letters_2": [2], "letters_3": [3], "letters_4": [4], "letters_5": [5],
         "letters_6": [6], "one_word": [7], "two_words": [3, 3], "three_words": [2, 2, 2]}


def play(game: WoordGame, lexicon: Lexicon) -> None:
    """Throw up to three times per turn until the round's box can be filled; then claim."""
    while not game.finished:
        box = game.round_box()
        words = None
        for _ in range(3):
            faces = game.throw()
            words = find_words(faces, SIZES[box], lexicon)
            if words is None and box == "one_word":
                words = next((w for n in (6, 5, 4, 3) if (w := find_words(faces, [n], lexicon))),
                             None)
            if words is not None:
                break
        game.claim(box, words or [])


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_english_game_through_the_engine(en: Lexicon, seed: int) -> None:
    rules = WoordRules(dictionary="en", dice_set="en", upper_bonus_at=45)
    game = new_game("woord", ["Alice", "Bob"], rules.to_json(), rng=random.Random(seed))
    assert isinstance(game, WoordGame)
    assert game.lexicon.name == "en" and game.dice_set.name == "en"
    play(game, en)
    assert game.finished
    result = game.result()
    scored = [p["boxes"] for p in result["players"]]
    for boxes in scored:
        assert sum(1 for box in ROUND_BOXES if boxes.get(box)) >= 6
    assert all(t > 40 for t in game.totals())
    record = game.to_record()
    assert record["dictionary"] == "en" and record["dice_set"] == "en"
    assert replay(json.loads(json.dumps(record))) == result


def test_english_words_through_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--dict", "en", "house", "London"]) == 0
    assert capsys.readouterr().out == "house\tyes\nLondon\tno\n"


def test_a_dutch_word_is_not_english() -> None:
    game = WoordGame(["Alice"], WoordRules(dictionary="en"), lexicon=load_lexicon("en"),
                     dice_set=any_face_dice(), rng=random.Random(3))
    show(game, "iktahsu")
    with pytest.raises(RuleError, match="not in the dictionary 'en'"):
        game.claim("letters_2", ["ik"])
    assert game.claim("letters_2", ["ha"]) > 0
