"""Puzzles without a server: mining the golden records gives the same puzzles every time,
each puzzle's grade is the review's own regret, the proficiency tests are fixed and score
the computer levels, and the ``puzzle`` commands."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordyahtzee import games
from wordyahtzee.advisor.coach import coach
from wordyahtzee.puzzles import proficiency
from wordyahtzee.puzzles.cli import mine_record
from wordyahtzee.puzzles.grading import grade
from wordyahtzee.puzzles.mining import margin_of, puzzle_of
from wordyahtzee.puzzles.model import THEMES, Puzzle, distinct, identity

from .support.cli import run_cli
from .support.puzzles import as_choice

pytestmark = pytest.mark.usefixtures("strategy_tables")

RECORDS = sorted(p for p in Path(__file__).with_name("records").glob("*/*.json")
                 if p.parent.name in ("classic", "woord")
                 and "error" not in json.loads(p.read_text(encoding="utf-8"))
                 and not json.loads(p.read_text(encoding="utf-8"))["record"].get(
                     "rules", {}).get("free_order"))


def table_of(mode: str, rules: dict[str, Any]) -> Any:
    helper = coach(mode)
    assert helper is not None
    return helper.load_table(helper.table_key(rules))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_mining_a_golden_record_gives_the_same_puzzles_every_time(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))["record"]
    first = [p.to_json() for p in mine_record(record)]
    again = [p.to_json() for p in mine_record(json.loads(json.dumps(record)))]
    assert first == again
    for data in first:
        puzzle = Puzzle.from_json(data)
        assert set(puzzle.themes) <= set(THEMES[puzzle.mode])
        values = [o["value"] for o in puzzle.options]
        assert values == sorted(values, reverse=True)
        assert len({identity(o) for o in puzzle.options}) == len(puzzle.options)
        assert identity(puzzle.played) != identity(puzzle.best)
        assert round(values[0] - values[1], 2) == puzzle.margin
        best = grade(puzzle, as_choice(puzzle, puzzle.best))
        assert best["solved"] and best["regret"] == 0


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_choice_grades_as_the_review_judges_it(path: Path) -> None:
    """Every decision of a golden record, made a puzzle whatever its margin: the grade of
    the choice made is the review's regret for it, and every option grades to its gap."""
    record = json.loads(path.read_text(encoding="utf-8"))["record"]
    game: Any = games.from_record(record)
    mode = record.get("mode", "woord")
    rules = game.rules.to_json()
    helper = coach(mode)
    table = table_of(mode, rules)
    review = {(d["turn"], d["throws"], d["seat"]): d for t in helper.review(game, table)
              for d in t["decisions"]}
    judged = helper.judge(game, table)
    assert len(judged) == len(review)
    for item in judged:
        puzzle = puzzle_of(mode, rules, "test", item, margin=-1.0)
        if puzzle is None:  # the choice made was the best: the review's regret is 0
            assert review[item.turn, item.throws, item.seat]["regret"] == 0
            continue
        mine = next(o for o in puzzle.options if identity(o) == identity(item.chosen))
        if mine.get("points", item.chosen.get("points")) != item.chosen.get("points"):
            continue  # a claim with weaker words than the box's best: another choice
        graded = grade(puzzle, as_choice(puzzle, mine))
        assert graded["regret"] == review[item.turn, item.throws, item.seat]["regret"]
        for option in puzzle.options:
            assert grade(puzzle, as_choice(puzzle, option))["regret"] == round(
                max(0.0, puzzle.best["value"] - option["value"]), 2)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_keep_no_event_records_is_never_judged(path: Path) -> None:
    """A record says what each throw showed, not which dice were kept (nor does a score
    pad): its keeps are not judged, only its boxes and claims."""
    record = json.loads(path.read_text(encoding="utf-8"))["record"]
    game: Any = games.from_record(record)
    mode = record.get("mode", "woord")
    judged = coach(mode).judge(game, table_of(mode, game.rules.to_json()))
    assert judged and all(item.chosen["kind"] != "keep" for item in judged)


@pytest.mark.parametrize("mode", ["classic", "woord"])
def test_a_keep_the_server_made_is_judged_even_when_it_keeps_nothing(mode: str) -> None:
    from wordyahtzee.modes.contract import Throw

    rules = games.parse_rules(mode, proficiency.RULES[mode])
    game: Any = games.new_game(mode, ["Anna"], rules, rng=random.Random(3))
    game.act(Throw(()))
    game.act(Throw(()))  # all dice thrown again: the event says so
    assert game.to_json()["events"][-1]["keep"] == []
    helper = coach(mode)
    table = table_of(mode, rules)
    while not game.finished:
        game.act(helper.decide(game, "greedy", table))
    first = helper.judge(games.restore(game.to_json(), rng=random.Random(0)), table)[0]
    assert first.chosen["kind"] == "keep" and first.chosen.get("keep", first.chosen.get(
        "dice")) == []


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), level=st.sampled_from(["greedy", "beginner"]))
def test_classic_puzzles_of_any_game_grade_as_the_review(seed: int, level: str) -> None:
    """A classic game a computer level plays on random dice: every puzzle mined from it
    grades the choice made with the review's regret, and stands its margin clear."""
    helper = coach("classic")
    table = table_of("classic", {})
    game: Any = games.new_game("classic", ["Computer"], games.parse_rules("classic", {}),
                               rng=random.Random(seed))
    while not game.finished:
        game.act(helper.decide(game, level, table))
    review = {(d["turn"], d["throws"]): d["regret"] for t in helper.review(game, table)
              for d in t["decisions"]}
    margin = margin_of("classic", table)
    assert margin == pytest.approx(0.01 * 254.59, abs=0.01)
    for item in helper.judge(game, table):
        puzzle = puzzle_of("classic", {}, "test", item, margin)
        if puzzle is None:
            continue
        assert puzzle.margin >= margin
        assert grade(puzzle, as_choice(puzzle, item.chosen))["regret"] == review[
            item.turn, item.throws] >= margin


@pytest.mark.parametrize("mode", ["classic", "woord"])
def test_the_proficiency_test_is_fixed_and_scores_the_levels(mode: str) -> None:
    test = proficiency.load(mode)
    assert len(test) == proficiency.SIZE
    rounds = {e["puzzle"]["position"]["round"] for e in test}
    assert rounds == set(range(1, test[0]["puzzle"]["position"]["rounds"] + 1))
    table = table_of(mode, games.parse_rules(mode, proficiency.RULES[mode]))
    optimal = proficiency.score(mode, proficiency.level_answers(mode, "optimal", table))
    greedy = proficiency.score(mode, proficiency.level_answers(mode, "greedy", table))
    assert optimal["score"] == 100.0 and optimal["best_answers"] == len(test)
    assert greedy["score"] < 100.0 and greedy["regret"] > 0
    assert [q["id"] for q in proficiency.questions(mode)] == [e["puzzle"]["id"] for e in test]
    assert all("options" not in q for q in proficiency.questions(mode))
    assert distinct(tuple(test[0]["puzzle"]["options"])) == test[0]["puzzle"]["options"]


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["classic", "woord"])
def test_the_shipped_test_is_what_its_seed_makes(mode: str) -> None:
    table = table_of(mode, games.parse_rules(mode, proficiency.RULES[mode]))
    made = proficiency.generate(mode, table)
    assert json.loads(json.dumps(made)) == proficiency.load(mode)


def test_the_puzzle_commands(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = json.loads((Path(__file__).with_name("records") / "classic"
                         / "two-players-forced.json").read_text(encoding="utf-8"))["record"]
    file = tmp_path / "game.json"
    file.write_text(json.dumps(record), encoding="utf-8")
    code, out, _ = run_cli(capsys, ["puzzle", "mine", str(file), "--json"])
    found = json.loads(out)
    assert code == 0 and found and all(p["mode"] == "classic" for p in found)
    code, out, _ = run_cli(capsys, ["puzzle", "mine", str(file)])
    assert code == 0 and out.rstrip().endswith(f"{len(found)} puzzles") and "best" in out
    code, out, _ = run_cli(capsys, ["puzzle", "test", "classic", "--level", "optimal"])
    assert code == 0 and "v1: 100.0 (0: answers drawn at random" in out \
        and "30 of 30 best answers" in out
    answers = [{"kind": "keep", "dice": []}] * proficiency.SIZE
    (tmp_path / "answers.json").write_text(json.dumps(answers), encoding="utf-8")
    code, out, err = run_cli(capsys, ["puzzle", "test", "classic", "--answers",
                                      str(tmp_path / "answers.json"), "--json"])
    if code == 0:  # every test position offers a keep (none asks after the third throw)
        assert json.loads(out)["score"] < 100.0
    else:
        assert code == 2 and "not open" in err
    for args, message in (
            (["puzzle", "mine", str(tmp_path / "missing.json")], "cannot read"),
            (["puzzle", "mine", "-"], "not JSON"),
            (["puzzle", "test", "classic", "--answers", str(file)], "a JSON list"),
            (["puzzle", "test", "classic", "--level", "nobody"], "no computer level")):
        code, out, err = run_cli(capsys, args, stdin="{")
        assert code == 2 and message in err and err.count("\n") == 1 and out == ""
