"""Kaartspel computer players and the keep hint."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordyahtzee.advisor.kaartspel.coach import COACH
from wordyahtzee.advisor.kaartspel.players import (
    FIRST,
    LEVELS,
    TRANS,
    computer_player,
    keep_chances,
    ranked_options,
)
from wordyahtzee.errors import RuleError
from wordyahtzee.modes.contract import Resources
from wordyahtzee.modes.kaartspel import KaartspelGame, Roll, Stop, Take, Throw

from .support.kaartspel import new_game, red, step, throws


def test_tables_are_distributions():
    assert TRANS.shape == (462, 252)
    assert np.allclose(TRANS.sum(axis=1), 1.0)
    assert FIRST.sum() == pytest.approx(1.0)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_games_to_the_end(level, players):
    names = ["Anna", "Bram", "Cees", "Dirk"][:players]
    game = KaartspelGame.new(names, resources=Resources(random.Random(players), lambda: 0.0))
    robot = computer_player(level, random.Random(1))
    for _ in range(20000):
        if game.finished:
            break
        game.act(robot.decide(game))
    assert game.finished
    again = KaartspelGame.from_json(game.to_json())
    assert again.result() == game.result()


def test_unknown_level():
    with pytest.raises(RuleError):
        computer_player("grandmaster")


def test_keep_chances_are_exact():
    game = new_game()
    red(game, 2)                                   # an empty card space
    throws(game, "12341")
    rows = {tuple(row["keep"]): row["chances"] for row in keep_chances(game)}
    # keep 1-2-3-4, two throws left: a 5 on one die, twice at most
    assert rows[(0, 1, 2, 3)]["large_straight"] == pytest.approx(float(Fraction(11, 36)))
    assert rows[(0, 1, 2, 3)]["small_straight"] == pytest.approx(1.0)
    assert rows[(0, 4)]["ones"] == pytest.approx(1.0)       # two ones kept: ones shows
    assert all(-1e-9 <= p <= 1 + 1e-9 for chances in rows.values() for p in chances.values())
    # one row per way to keep: the sub-multisets of 1 1 2 3 4 short of all five,
    # 3 * 2 * 2 * 2 - 1 = 23 (not the 31 subsets of die indices)
    assert len(rows) == 23


def test_keep_chances_first_throw_and_nothing_to_throw():
    game = new_game()
    assert keep_chances(game) == []                # the red die first
    red(game, 2)
    rows = keep_chances(game)
    assert len(rows) == 1 and rows[0]["keep"] == []
    # the chance of five alike in three throws is the well-known 4.6 %
    assert 0.3 < rows[0]["chances"]["chance"] < 1.0


def test_strong_takes_a_large_straight_at_once():
    game = new_game()
    red(game, 2)
    throws(game, "23456")
    assert computer_player("strong").decide(game) == Take("large_straight")


def test_the_tip_steals_when_stealing_is_right():
    # A JOKER corner after the second throw, the dice 6 5 2 3 4, Bram owning the large
    # straight at 70: stealing it gains 70 and costs the leader 70, worth more than any
    # keep (the best chance of a card was keeping 6 2, a sure "twos" worth 10).
    game = new_game()
    step(game, 4, "13456", None)                   # Anna at corner 4
    step(game, 1, "12345", "large_straight")       # Bram places the large straight at 70
    red(game, 4)                                   # Anna on the JOKER corner 8
    throws(game, "11226", "65234")
    assert game.target == "joker" and game.throws == 2
    options = ranked_options(game)
    best = options[0]
    assert best.action == Take("large_straight") and best.how == "steal"
    assert best.score == 70 and best.value == pytest.approx(140.0)
    assert best.value > max(o.value for o in options if isinstance(o.action, Throw))
    assert computer_player("strong").decide(game) == best.action
    shown = COACH.hint(game, None)
    assert shown["best"] == {"kind": "take", "value": 140.0, "card": "large_straight",
                             "how": "steal", "score": 70}


def next_to_own_twos() -> KaartspelGame:
    """Anna's pawn next to her own twos (20), after a few quiet turns."""
    game = new_game()
    step(game, 1, "22456", "twos")
    step(game, 1, "12456", None)
    step(game, 6, "12456", None)
    step(game, 1, "12456", None)
    step(game, 6, "12456", None)
    step(game, 1, "12456", None)
    red(game, 4)
    return game


def test_the_tip_may_stop_or_move_on_next_to_an_own_card():
    game = next_to_own_twos()
    assert game.phase == "choose"
    kinds = {type(o.action) for o in ranked_options(game)}
    assert kinds == {Throw, Roll, Stop}
    values = [o.value for o in ranked_options(game)]
    assert values == sorted(values, reverse=True)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 60))
def test_every_ranked_option_is_legal_and_every_way_to_keep_is_there(seed, moves):
    """In random positions the ranking holds each legal move once (keeps of the same values
    once), best first, and each one is accepted by the game."""
    game = KaartspelGame.new(["Anna", "Bram", "Cees"],
                             resources=Resources(random.Random(seed), float))
    robot = computer_player("beginner", random.Random(seed))
    for _ in range(moves):
        if game.finished:
            return
        game.act(robot.decide(game))
    if game.finished:
        return
    options = ranked_options(game)
    values = [o.value for o in options]
    assert values == sorted(values, reverse=True)
    assert computer_player("strong").decide(game) == options[0].action
    if game.phase == "throw" and game.dice is not None:
        takes = {o.action.card for o in options if isinstance(o.action, Take)}
        assert takes == {*game.take_options(), None}
        if game.throws < 3:
            keeps = [tuple(sorted(game.dice[i] for i in o.keep)) for o in options
                     if isinstance(o.action, Throw)]
            assert len(keeps) == len(set(keeps))
            assert set(keeps) == {tuple(sorted(game.dice[i] for i in k)) for n in range(5)
                                  for k in itertools.combinations(range(5), n)}
    for option in options:
        trial = KaartspelGame.from_json(game.to_json(),
                                        resources=Resources(random.Random(1), float))
        trial.act(option.action)                   # raises on an illegal move


def test_strong_keeps_towards_the_card_to_steal():
    game = new_game()
    step(game, 4, "13456", None)                   # Anna at corner 4
    step(game, 1, "66612", "sixes")                # Bram's sixes 30 on 9
    red(game, 5)                                   # Anna next to Bram's sixes
    throws(game, "66123")
    action = computer_player("strong").decide(game)
    assert isinstance(action, Throw) and action.keep == (0, 1)


def test_greedy_raises_its_own_card_and_strong_looks_ahead():
    game = next_to_own_twos()
    assert computer_player("greedy").decide(game) == Throw()
    assert computer_player("strong").decide(game) in (Throw(), Roll())


def test_strong_beats_greedy():
    score = 0.0
    games = 30
    for seed in range(games):
        game = KaartspelGame.new(["S", "G"], resources=Resources(random.Random(seed), float))
        players = [computer_player("strong"), computer_player("greedy", random.Random(seed))]
        while not game.finished:
            seat = game.current_seat
            assert seat is not None
            game.act(players[seat].decide(game))
        s, g = game.totals()
        score += 1.0 if s > g else 0.5 if s == g else 0.0
    assert score / games >= 0.6


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.lists(st.sampled_from(LEVELS), min_size=2, max_size=4))
def test_mixed_tables_end_and_replay(seed, levels):
    from wordyahtzee.modes.kaartspel import replay_record

    names = ["Anna", "Bram", "Cees", "Dirk"][:len(levels)]
    game = KaartspelGame.new(names, resources=Resources(random.Random(seed), lambda: 0.0))
    robots = [computer_player(level, random.Random(seed + i)) for i, level in enumerate(levels)]
    while not game.finished:
        seat = game.current_seat
        assert seat is not None
        game.act(robots[seat].decide(game))
    result = game.result()
    assert all(p["total"] == sum(p["cards"].values()) for p in result["players"])
    assert replay_record(game.to_record()) == result
    assert KaartspelGame.from_json(game.to_json()).events == game.events
