"""Dice sets as data and the shared cup."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordyahtzee.dice import Cup, DiceSet, shipped_dice_sets
from wordyahtzee.errors import DiceSetError, RuleError

SMALL = DiceSet.from_json({"name": "small", "dice": [
    [["a", 1], ["b", 3], ["c", 5]], [["a", 1], ["d", 2], ["?", 0]], [["b", 3], ["e", 1], ["f", 4]],
]})


def showable_by_brute_force(dice: DiceSet, shown: str) -> bool:
    return len(shown) == dice.size and any(
        all(shown[i] in dice.letters(d) for i, d in enumerate(order))
        for order in itertools.permutations(range(dice.size)))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcdef?", min_size=2, max_size=4))
def test_assign_agrees_with_brute_force(shown):
    match = SMALL.assign(shown)
    assert (match is not None) == showable_by_brute_force(SMALL, shown)
    if match is not None:
        assert sorted(match) == list(range(SMALL.size))
        assert all(shown[i] in SMALL.letters(d) for i, d in enumerate(match))


def test_arrange_puts_each_face_on_its_die():
    assert SMALL.arrange("eac") == "cae"
    with pytest.raises(RuleError, match="cannot show"):
        SMALL.arrange("aaa")


def test_shipped_sets_load_with_one_blank_and_consistent_values():
    from wordyahtzee.any_box import takes_any_box

    assert "nl" in shipped_dice_sets()
    for name in shipped_dice_sets():
        dice = DiceSet.load(name)
        assert dice.size == 7 and sum(f.letter == "?" for die in dice.dice for f in die) == 1
        assert dice.value("?") == 0
        if not takes_any_box(name):  # real dice: six faces each
            assert all(len(die) == 6 for die in dice.dice)


def test_a_pad_without_a_box_takes_what_every_box_can_show():
    """The any-box sets (a score pad's default) take every letter a-z on every die and the
    blank on one at most, with the language's Scrabble values; they are no real dice."""
    from wordyahtzee.any_box import ANY_BOX_SETS, pad_dice_set, takes_any_box
    from wordyahtzee.dice import default_dice_set

    assert pad_dice_set("nl") == "nl-any" and default_dice_set("nl") == "nl"
    assert pad_dice_set("en") == "en-any" and pad_dice_set("fr") == "nl-any"
    for language, name in ANY_BOX_SETS.items():
        dice = DiceSet.load(name)
        assert takes_any_box(dice) and dice.language == language and dice.size == 7
        for throw in ("qqqqqqq", "zzzzzzz", "xyzzyqx", "kusnat?", "?abcdef"):
            assert dice.assign(throw) is not None, throw
        assert dice.assign("??abcde") is None  # one blank a throw, as the rules say
        assert takes_any_box(DiceSet.from_json(dice.to_json()))  # a game's copy too
    assert {k: DiceSet.load("nl-any").value(k) for k in "qxyze"} == dict(q=10, x=8, y=8, z=4,
                                                                         e=1)
    assert {k: DiceSet.load("en-any").value(k) for k in "aeknst"} == {
        k: DiceSet.load("en").value(k) for k in "aeknst"}
    assert not takes_any_box("nl") and not takes_any_box(DiceSet.load("nl"))


def test_dutch_values_are_scrabble_values():
    nl = DiceSet.load("nl")
    assert {k: nl.value(k) for k in "aeknst"} == dict(a=1, e=1, k=3, n=1, s=2, t=2)


@pytest.mark.parametrize("data, message", [
    ({"dice": []}, "no dice"),
    ({"dice": [[]]}, "no faces"),
    ({"dice": [[["a", 1]], [["a", 2]]]}, "two values"),
    ({"dice": [[["?", 3]]]}, "blank must be worth 0"),
    ({"dice": [[["ä", 1]]]}, "single letter"),
    ({"dice": [[["a", "1"]]]}, "each face is"),
    ({"dice": "abc"}, "list 'dice'"),
    ([1, 2], "list 'dice'"),
])
def test_malformed_sets_are_refused(data, message):
    with pytest.raises(DiceSetError, match=message):
        DiceSet.from_json(data)


def test_unknown_set_names_the_shipped_ones():
    with pytest.raises(DiceSetError, match=r"unknown dice set 'zz'; shipped: .*nl"):
        DiceSet.load("zz")


def test_cup_throws_at_most_three_times_and_keeps():
    cup = Cup([range(1, 7)] * 5, random.Random(3))
    first = cup.roll()
    cup.record(first)
    second = cup.roll(keep=[0, 4])
    assert second[0] == first[0] and second[4] == first[4]
    cup.record(second)
    cup.record(cup.roll(keep=[1]))
    assert not cup.can_throw
    with pytest.raises(RuleError, match="no throws left"):
        cup.roll()
    cup.reset()
    assert cup.showing is None and cup.can_throw
