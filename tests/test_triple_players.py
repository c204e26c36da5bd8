"""Triple Yahtzee's computer players and coach: every level plays legal games to the end,
greedy writes good scores high and poor ones low, greedy beats beginner, and the coach's
hint, levels and (absent) tables."""

from __future__ import annotations

import random
import statistics

import pytest

from wordyahtzee.advisor.coach import coach
from wordyahtzee.advisor.triple import LEVELS
from wordyahtzee.advisor.triple.coach import COACH
from wordyahtzee.advisor.triple.players import (
    BeginnerPlayer,
    GreedyPlayer,
    computer_player,
    plan,
)
from wordyahtzee.errors import RuleError
from wordyahtzee.modes.contract import Throw
from wordyahtzee.modes.triple import Claim, TripleGame, replay_record


def play(game: TripleGame, robots: list[object]) -> TripleGame:
    """Play the game to its end, each seat by its robot; every action goes through its
    JSON form, as the API would take it."""
    for _ in range(10_000):
        if game.finished:
            break
        seat = game.current_seat
        assert seat is not None
        action = robots[seat].decide(game)  # type: ignore[attr-defined]
        game.act(game.parse_action(action.name, action.to_json()))
    return game


@pytest.mark.parametrize("levels", [["greedy"], ["beginner"], ["greedy", "beginner"],
                                    ["beginner", "greedy", "beginner"]])
def test_every_level_plays_legal_games_to_the_end(levels: list[str]) -> None:
    names = [f"R{i}" for i in range(len(levels))]
    game = play(TripleGame(names, random.Random(len(levels))),
                [computer_player(level, random.Random(i)) for i, level in enumerate(levels)])
    assert game.finished and len(game.turns) == 39 * len(levels)
    assert all(card.is_complete for card in game.cards)
    assert replay_record(game.to_record()) == game.result()


def test_greedy_writes_good_scores_high_and_poor_ones_low() -> None:
    greedy = GreedyPlayer()
    for dice, column in (("66666", 3), ("12345", 3), ("11235", 1)):
        game = TripleGame(["Robot"])
        for _ in range(3):
            game.record_throw(dice)
        action = greedy.decide(game)
        assert isinstance(action, Claim) and action.column == column, (dice, action)
    game = TripleGame(["Robot"])
    game.record_throw("66661")
    action = greedy.decide(game)
    assert isinstance(action, Throw) and sorted(action.keep) == [0, 1, 2, 3]


def test_the_plan_weighs_keeps_over_the_throws_left() -> None:
    game = TripleGame(["Robot"])
    game.record_throw("22346")
    (column, box), now, keep, later = plan(game.card(), game.dice or (), game.throws)
    assert keep is not None and later > now
    assert {box for box in game.options()[column]} >= {box}


def test_greedy_beats_beginner_on_average() -> None:
    def solo(level: str, seed: int) -> int:
        game = TripleGame(["Robot"], random.Random(seed))
        return play(game, [computer_player(level, random.Random(seed))]).totals()[0]

    seeds = range(8)
    greedy = [solo("greedy", s) for s in seeds]
    beginner = [solo("beginner", s) for s in seeds]
    assert statistics.mean(greedy) > statistics.mean(beginner) + 300
    assert sum(g > b for g, b in zip(greedy, beginner, strict=True)) >= 7


def test_the_beginner_is_random_but_legal() -> None:
    totals = set()
    for seed in range(3):
        game = TripleGame(["Bea"], random.Random(1))  # the same dice rng each time
        play(game, [BeginnerPlayer(random.Random(seed))])
        totals.add(tuple(t["box"] + str(t["column"]) for t in game.turns[:10]))
    assert len(totals) > 1


def test_unknown_level() -> None:
    with pytest.raises(RuleError) as caught:
        computer_player("optimal")
    assert caught.value.code == "bad_level"


def test_the_coach() -> None:
    assert coach("triple") is COACH
    assert COACH.levels == LEVELS == ("greedy", "beginner")
    assert COACH.table_keys == () and COACH.table_key({}) is None
    assert not COACH.needs_table("greedy") and COACH.thinking("beginner") == 1.0
    with pytest.raises(LookupError):
        COACH.load_table("x")
    with pytest.raises(LookupError):
        COACH.load_sample("x")
    game = TripleGame(["Anna", "Robot"], random.Random(11))
    assert COACH.review(game, None) == [] and COACH.finished_scores(game) == []
    assert COACH.decide(game, "greedy", None) == Throw()
    dice = game.throw()
    hint = COACH.hint(game, None)
    assert hint["ready"] and hint["throws"] == 1 and hint["best"] == hint["options"][0]
    assert 1 < len(hint["options"]) <= 6
    options = game.options()
    for option in hint["options"]:
        if option["kind"] == "box":
            assert options[option["column"]][option["box"]] == option["points"]
            assert option["weighted"] == option["column"] * option["points"]
        else:
            assert sorted(dice[i] for i in option["keep_indices"]) == option["keep"]
    action = COACH.decide(game, "greedy", None)
    if hint["best"]["kind"] == "box":
        assert action == Claim(hint["best"]["box"], hint["best"]["column"])
    else:
        assert action == Throw(tuple(hint["best"]["keep_indices"]))
    while not game.finished:
        game.act(COACH.decide(game, "beginner", None))
    with pytest.raises(RuleError) as caught:
        COACH.hint(game, None)
    assert caught.value.code == "game_over"


def test_after_the_third_throw_the_hint_offers_boxes_only() -> None:
    game = TripleGame(["Anna"])
    for dice in ("12346", "12346", "12346"):
        game.record_throw(dice)
    hint = COACH.hint(game, None)
    assert {o["kind"] for o in hint["options"]} == {"box"}
    assert hint["best"]["box"] in ("small_straight", "chance")
