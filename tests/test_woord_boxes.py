"""Woord Yahtzee's boxes, declared once (wordyahtzee/modes/woord/rules.py, docs/rules.md §1):
the declaration is the sheet the rules page describes, and the solver scores every box as
the game's ``box_score`` does, on random throws of the real ``nl`` dice with the shipped
Dutch dictionary (a special box the throw does not qualify for scores 0 in the solver and
is refused by the game)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from wordyahtzee.dice import DiceSet
from wordyahtzee.errors import RuleError
from wordyahtzee.lexicon import load_lexicon
from wordyahtzee.modes.woord import (
    BOX,
    BOXES,
    LOWER_BOXES,
    ROUND_BOXES,
    SHEET,
    SPECIAL_BOXES,
    UPPER_BOXES,
    ScoreSheet,
    WoordRules,
    box_score,
    claimable_boxes,
    is_formable,
)
from wordyahtzee.solver import get_solver, rank_claims

ROOT = Path(__file__).resolve().parents[1]
PLAYS = {"nl": (load_lexicon("nl"), DiceSet.load("nl")),
         "nl-balans": (load_lexicon("nl"), DiceSet.load("nl-balans")),
         "en": (load_lexicon("en"), DiceSet.load("en"))}  # the set with a y
"""The shipped dictionaries with the shipped dice sets."""
RULES = (WoordRules(), WoordRules(y_is_vowel=False), WoordRules(min_word_length=3))
LEANS = ("", "?bcdfghjklmnpqrstvwxyz", "?aeiouy")
"""Any face; or, where a die has one, a consonant or a vowel (the throws that fill the
``consonants`` and ``vowels`` boxes, which random throws hardly give)."""


@st.composite
def throws(draw: st.DrawFn) -> tuple[str, str]:
    """A dice set's name and a throw of its dice, leaning one of the :data:`LEANS` ways."""
    name = draw(st.sampled_from(sorted(PLAYS)))
    dice, lean = PLAYS[name][1], draw(st.sampled_from(LEANS))
    faces = ""
    for die in range(dice.size):
        letters = dice.letters(die)
        faces += draw(st.sampled_from([f for f in letters if f in lean] or list(letters)))
    return name, faces


def test_the_declaration_is_the_sheet_of_the_rules_page() -> None:
    """docs/rules.md's score sheet lists the declared boxes, in sheet order; the round boxes
    are the rounds 1..8 in order and the specials the rest."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    sheet = text.split("### The score sheet", 1)[1].split("\n\n", 1)[0]
    listed = re.findall(r"^\| `(\w+)`(?: … `(\w+)`)? \|", sheet, re.M)
    ids = [box.id for box in SHEET]
    assert listed[0] == ("letters_2", "letters_6")
    assert [a for a, _ in listed[1:]] == ids[5:]
    assert tuple(ids) == BOXES and list(BOX) == ids
    assert [BOX[b].round for b in ROUND_BOXES] == list(range(1, 9))
    assert SPECIAL_BOXES == ("consonants", "vowels", "woord_yahtzee", "chance")
    assert ROUND_BOXES[:5] == UPPER_BOXES
    assert ROUND_BOXES[5:] + SPECIAL_BOXES == LOWER_BOXES
    assert all(BOX[b].length == int(b[-1]) for b in UPPER_BOXES)


def test_what_may_be_claimed_follows_the_declaration() -> None:
    """Early-only specials go at the third throw; a filled special stays closed unless it
    pays a repeat bonus (the Woord Yahtzee's 100)."""
    sheet = ScoreSheet()
    early = {b for b in SPECIAL_BOXES if BOX[b].early_only}
    assert early == {"consonants", "vowels", "chance"}
    assert set(claimable_boxes(sheet, WoordRules(), 1, 2)) == {"letters_2", *SPECIAL_BOXES}
    assert set(claimable_boxes(sheet, WoordRules(), 1, 3)) == {"letters_2", "woord_yahtzee"}
    for box in SPECIAL_BOXES:
        sheet.write(box, BOX[box].points or 7)
    assert set(claimable_boxes(sheet, WoordRules(), 2, 1)) == {"letters_3", "woord_yahtzee"}
    assert sheet.bonus_due("woord_yahtzee") and not sheet.bonus_due("vowels")


def _armed() -> ScoreSheet:
    sheet = ScoreSheet()
    sheet.write("woord_yahtzee", BOX["woord_yahtzee"].points or 0)
    return sheet


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(throws(), st.sampled_from(RULES), st.booleans())
@example(("nl", "tuksenl"), RULES[0], False)   # no special qualifies: each scores 0
@example(("nl", "cwkgdrl"), RULES[0], False)   # consonants
@example(("en", "eyaiiuo"), RULES[1], False)   # y a consonant: not all vowels
@example(("nl", "eiaedln"), RULES[0], True)    # a Woord Yahtzee on a sheet holding one
def test_the_solver_scores_every_box_as_the_game(throw: tuple[str, str], rules: WoordRules,
                                                 armed: bool) -> None:
    """Each box's best claim, played through the game's one scoring function, scores what
    the solver says; a special box the solver scores 0 is one the game refuses; with a
    Woord Yahtzee already written, the claim the solver ranks earns the repeat bonus."""
    (lexicon, dice), faces = PLAYS[throw[0]], throw[1]
    solution = get_solver(lexicon, dice, rules).solve(faces)
    sheet = _armed() if armed else ScoreSheet()
    assert tuple(solution.boxes) == BOXES
    for box, best in solution.boxes.items():
        spec = BOX[box]
        words = list(best.words)
        assert all(lexicon.is_valid(w) and len(w) >= rules.min_word_length for w in words)
        assert is_formable(words, faces)
        if spec.special and best.score == 0:
            assert not words
            with pytest.raises(RuleError):
                box_score(box, words, faces, dice, ScoreSheet(), rules)
            continue
        assert box_score(box, words, faces, dice, ScoreSheet(), rules) == best.score, box
        due = sheet.bonus_due(box)
        assert box_score(box, words, faces, dice, sheet, rules) == spec.claim_points(
            best.score, due), box
    ranked = {rc.claim.box: rc.points for rc in rank_claims(solution, sheet,
                                                             round_box="letters_2")}
    for box, points in ranked.items():
        assert points == box_score(box, list(solution.boxes[box].words), faces, dice, sheet,
                                   rules), box
