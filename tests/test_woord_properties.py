"""Hypothesis properties of the Woord Yahtzee engine, on the real dictionary."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordyahtzee.dice import DiceSet
from wordyahtzee.errors import RuleError
from wordyahtzee.letters import BLANK
from wordyahtzee.lexicon import load_lexicon
from wordyahtzee.modes.woord import (
    BOXES,
    LOWER_BOXES,
    ROUND_BOXES,
    SPECIAL_BOXES,
    UPPER_BOXES,
    ScoreSheet,
    WoordGame,
    WoordRules,
)

from .support.clock import Clock

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
LEXICON = load_lexicon("nl")
DICE = DiceSet.load("nl")


box_scores = st.dictionaries(st.sampled_from(BOXES), st.integers(0, 60))


@SETTINGS
@given(box_scores, st.integers(0, 5), st.sampled_from([40, 45]))
def test_totals_are_the_sum_of_their_parts(boxes, bonuses, threshold):
    sheet = ScoreSheet(threshold)
    sheet.boxes.update(boxes)
    sheet.woord_yahtzee_bonus = 100 * bonuses
    upper = sum(boxes.get(b, 0) for b in UPPER_BOXES)
    lower = sum(boxes.get(b, 0) for b in LOWER_BOXES)
    assert sheet.upper_total == upper
    assert sheet.lower_total == lower
    assert sheet.upper_bonus == (35 if upper >= threshold else 0)
    assert sheet.total == upper + sheet.upper_bonus + lower + 100 * bonuses
    assert set(sheet.to_json("x")["boxes"]) == set(BOXES)


def random_claim(game: WoordGame, rnd: random.Random) -> tuple[str, list[str], str | None]:
    """A claim a player might try: words drawn from anagrams of the shown letters."""
    faces = game.turn.faces or ""
    letters = [f if f != BLANK else rnd.choice("aeinrst") for f in faces]
    rnd.shuffle(letters)
    words: list[str] = []
    for size in (rnd.randint(2, 7), rnd.randint(2, 4), rnd.randint(2, 3)):
        found = LEXICON.anagrams("".join(letters[:size]))
        if found:
            words.append(rnd.choice(found))
        rnd.shuffle(letters)
    box = rnd.choice([*ROUND_BOXES, *SPECIAL_BOXES])
    zero = rnd.choice(ROUND_BOXES) if game.rules.free_order else None
    return box, words[: rnd.randint(0, 3)], zero


def play_randomly(seed: int, free_order: bool, players: int) -> WoordGame:
    rnd = random.Random(seed)
    game = WoordGame([f"p{i}" for i in range(players)], WoordRules(free_order=free_order),
                     lexicon=LEXICON, dice_set=DICE, rng=random.Random(seed), clock=Clock())
    turns = 0
    while not game.finished:
        game.throw()
        for _ in range(rnd.randint(0, 2)):
            game.throw(keep=rnd.sample(range(7), rnd.randint(0, 6)))
        for _ in range(30):
            box, words, zero = random_claim(game, rnd)
            sheet = game.sheets[game.turn.player]
            before = dict(sheet.boxes)
            faces = game.turn.faces or ""
            try:
                game.claim(box, words, zero)
            except RuleError:
                assert sheet.boxes == before  # a refused claim changes nothing
                continue
            # an accepted claim is formable from the faces shown
            need = Counter("".join(w.lower() for w in words))
            have = Counter(faces)
            missing = sum(max(0, n - have[ch]) for ch, n in need.items())
            assert missing <= have[BLANK]
            break
        else:  # nothing fitted: write a zero in a round box
            box = (next(b for b in ROUND_BOXES if game.sheets[game.turn.player].is_open(b))
                   if free_order else ROUND_BOXES[game.turn.round - 1])
            game.claim(box, [])
        turns += 1
    assert turns == 8 * players
    return game


@SETTINGS
@given(st.integers(0, 10**6), st.booleans(), st.integers(1, 3))
def test_random_legal_play_ends_after_eight_rounds_and_replays(seed, free_order, players):
    game = play_randomly(seed, free_order, players)
    assert game.finished
    for sheet in game.sheets:
        assert all(sheet.boxes[b] is not None for b in ROUND_BOXES)
    # the event log, through JSON, replays to the same state
    copy = WoordGame.from_json(json.loads(json.dumps(game.to_json())), lexicon=LEXICON,
                               dice_set=DICE)
    assert copy.result() == game.result()
    assert [s.boxes for s in copy.sheets] == [s.boxes for s in game.sheets]
    assert copy.events == game.events
    # and so does its record
    from wordyahtzee.games import replay

    assert replay(json.loads(json.dumps(game.to_record()))) == game.result()
