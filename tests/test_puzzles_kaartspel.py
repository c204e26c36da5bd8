"""Kaartspel puzzles, judged by the strong player's evaluation: every decision grades as the
game's review judges it, puzzles stand their margin clear and say nothing of the answer or
the players, a keep no event records is never judged, the proficiency test is fixed and
scores the levels, and through the API a badly played game gives puzzles graded as its
review, with a review page that reads."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wordyahtzee.web.plots import MAX_LABELS

from wordyahtzee.advisor.kaartspel.coach import COACH
from wordyahtzee.advisor.kaartspel.coach import GAME_POINTS as KAARTSPEL_GAME_POINTS
from wordyahtzee.advisor.kaartspel.players import computer_player
from wordyahtzee.modes.contract import Resources
from wordyahtzee.modes.kaartspel import KaartspelGame
from wordyahtzee.modes.kaartspel.puzzles import STAGES as KAARTSPEL_STAGES
from wordyahtzee.puzzles import proficiency
from wordyahtzee.puzzles.cli import mine_record
from wordyahtzee.puzzles.grading import grade
from wordyahtzee.puzzles.mining import MAX_PER_GAME, cost, margin_of, mine, puzzle_of
from wordyahtzee.puzzles.model import THEMES, Puzzle, identity

from .support.app import assert_error, make_app, seat
from .support.cli import run_cli
from .support.clock import Clock
from .support.kaartspel import new_table, play_to_the_end
from .support.puzzles import as_choice

RECORDS = sorted(p for p in Path(__file__).with_name("records").glob("kaartspel/*.json")
                 if "error" not in json.loads(p.read_text(encoding="utf-8")))
LEVELS = ("strong", "greedy", "beginner")


def played(seed: int, levels: tuple[str, ...]) -> KaartspelGame:
    """A game the computer ``levels`` play to its end on the dice of ``seed``."""
    rng = random.Random(seed)
    game = KaartspelGame.new([f"Seat {n}" for n in range(len(levels))],
                             resources=Resources(rng, float))
    players = [computer_player(level, rng) for level in levels]
    while not game.finished:
        seat_ = game.current_seat
        assert seat_ is not None
        game.act(players[seat_].decide(game))
    return game


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6),
       levels=st.lists(st.sampled_from(LEVELS), min_size=2, max_size=4).map(tuple))
def test_every_decision_grades_as_the_review_judges_it(seed: int, levels: tuple[str, ...]
                                                       ) -> None:
    game = played(seed, levels)
    judged = COACH.judge(game, None)
    review = [d for turn in COACH.review(game, None) for d in turn["decisions"]]
    assert [j.decision() for j in judged] == review and review
    for item, decision in zip(judged, review, strict=True):
        assert item.options[0]["value"] == max(o["value"] for o in item.options)
        puzzle = puzzle_of("kaartspel", {}, "test", item, margin=-1.0)
        if puzzle is None:  # the choice made was the strong player's
            assert decision["regret"] == 0
            continue
        mine_ = next(o for o in puzzle.options if identity(o) == identity(item.chosen))
        assert grade(puzzle, as_choice(puzzle, mine_))["regret"] == decision["regret"]
        for option in puzzle.options:
            assert grade(puzzle, as_choice(puzzle, option))["regret"] == round(
                max(0.0, puzzle.best["value"] - option["value"]), 2)
    # the strong player's own decisions are never mistakes
    strong = {s for s, level in enumerate(levels) if level == "strong"}
    assert all(d["regret"] == 0 for d in review if d["seat"] in strong)


def test_mined_puzzles_stand_clear_and_say_nothing_of_the_answer_or_the_players() -> None:
    margin = margin_of("kaartspel", None)
    assert margin == round(0.01 * KAARTSPEL_GAME_POINTS, 2) == 2.38
    game = played(7, ("greedy", "beginner"))
    found = mine("kaartspel", game, None, "test", {})
    assert found and len({p.id for p in found}) == len(found)
    # a long game gives its costliest mistakes only, in the game's order
    every = [p for p in (puzzle_of("kaartspel", {}, "test", item, margin)
                         for item in COACH.judge(game, None)) if p is not None]
    assert len(every) > MAX_PER_GAME == len(found)
    assert [p.id for p in found] == [p.id for p in every if p in found]
    assert min(map(cost, found)) >= max(cost(p) for p in every if p not in found)
    for puzzle in found:
        assert set(puzzle.themes) <= set(THEMES["kaartspel"])
        values = [o["value"] for o in puzzle.options]
        assert values == sorted(values, reverse=True)
        assert round(values[0] - values[1], 2) == puzzle.margin >= margin
        assert identity(puzzle.played) != identity(puzzle.best)
        question = puzzle.question()
        text = json.dumps(question)
        assert "Seat " not in text and '"value"' not in text and "played" not in question
        # the choices come in a fixed order, not best first
        kinds = [c["kind"] for c in question["choices"]]
        assert kinds == sorted(kinds, key=lambda k: (k != "take", ["take", "throw", "roll",
                                                                   "stop"].index(k)))
        assert question["can_keep"] == any(o["kind"] == "keep" for o in puzzle.options)
        assert Puzzle.from_json(json.loads(json.dumps(puzzle.to_json()))) == puzzle


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_records_puzzles_are_the_same_every_time_and_judge_no_unrecorded_keep(
        path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))["record"]
    first = [p.to_json() for p in mine_record(record)]
    assert first == [p.to_json() for p in mine_record(json.loads(json.dumps(record)))]
    # a record does not say which dice were kept: no keep is judged
    assert all(p["played"]["kind"] != "keep" for p in first)


def test_a_keep_the_server_made_is_judged() -> None:
    game = played(11, ("beginner", "beginner"))
    keeps = [e for e in game.events if e["type"] == "throw" and "keep" in e]
    assert keeps and any(not e["keep"] for e in keeps)  # "threw all again" is said too
    assert any(j.chosen["kind"] == "keep" for j in COACH.judge(game, None))


def test_the_proficiency_test_is_fixed_and_scores_the_levels() -> None:
    test = proficiency.load("kaartspel")
    assert len(test) == proficiency.SIZE
    assert {proficiency.stage("kaartspel", e["puzzle"]["position"]) for e in test} == set(
        range(1, KAARTSPEL_STAGES + 1))
    assert json.loads(json.dumps(proficiency.generate("kaartspel", None))) == test
    scores = {level: proficiency.score("kaartspel",
                                       proficiency.level_answers("kaartspel", level, None))
              for level in LEVELS}
    assert scores["strong"]["score"] == 100.0 and scores["strong"]["best_answers"] == 30
    assert 0 < scores["beginner"]["score"] < scores["greedy"]["score"] < 100.0
    questions = proficiency.questions("kaartspel")
    assert all("options" not in q and q["choices"] for q in questions)


def test_the_puzzle_commands_for_kaartspel(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    code, out, _ = run_cli(capsys, ["puzzle", "test", "kaartspel", "--level", "strong"])
    assert code == 0 and "100.0 (0: answers drawn at random, 100: the strong player's" in out
    code, out, _ = run_cli(capsys, ["puzzle", "test", "kaartspel"])
    assert code == 0 and out.count("puzzle ") == proficiency.SIZE and "board" in out
    answers = [{"kind": "take", "card": None}] * proficiency.SIZE
    (tmp_path / "answers.json").write_text(json.dumps(answers), encoding="utf-8")
    code, out, err = run_cli(capsys, ["puzzle", "test", "kaartspel", "--answers",
                                      str(tmp_path / "answers.json")])
    assert code == 2 and "not open" in err and err.count("\n") == 1
    file = tmp_path / "game.json"
    file.write_text(json.dumps(json.loads(RECORDS[0].read_text(encoding="utf-8"))["record"]),
                    encoding="utf-8")
    code, out, _ = run_cli(capsys, ["puzzle", "mine", str(file)])
    assert code == 0 and out.rstrip().endswith("puzzles")


def test_a_badly_played_table_gives_puzzles_graded_as_its_review(tmp_path: Path) -> None:
    app = make_app(tmp_path / "kaart.sqlite3", Clock(), TICK_SECONDS=None)
    client = app.test_client()
    gid, links, _ = new_table(client, ["Anna", {"name": "Greta", "computer": "greedy"}])
    play_to_the_end(client, app, gid, {0: links[0]["token"]})
    review = client.get(f"/api/games/{gid}/review", headers=seat(links[0]["token"])).json
    assert review["ready"] and review["turns"]
    decisions = [d for t in review["turns"] for d in t["decisions"]]
    store = app.extensions["wordyahtzee.store"]
    seen: list[str] = []
    deadline = time.monotonic() + 60
    while True:
        r = client.get("/api/puzzles/next", query_string={"mode": "kaartspel",
                                                          "skip": ",".join(seen[-20:])})
        if r.status_code == 404 and (seen or time.monotonic() > deadline):
            break
        if r.status_code == 404:
            time.sleep(0.2)
            continue
        assert r.status_code == 200, r.json
        puzzle = r.json
        assert "options" not in puzzle and "Anna" not in json.dumps(puzzle)
        if puzzle["id"] in seen:  # every puzzle of the game answered
            break
        seen.append(puzzle["id"])
        stored = store.puzzle(puzzle["id"])["data"]
        decision = next(d for d in decisions if (d["turn"], d["throws"], d["shown"], d["seat"])
                        == (stored["turn"], stored["throws"], stored["shown"], stored["seat"])
                        and d["chosen"] == stored["played"])
        wrong = client.post(f"/api/puzzles/{puzzle['id']}/answer",
                            json={"choice": as_choice(puzzle, stored["played"])}).json
        assert wrong["regret"] == decision["regret"] >= wrong["margin"] > 0
        best = client.post(f"/api/puzzles/{puzzle['id']}/answer",
                           json={"choice": as_choice(puzzle, wrong["best"])}).json
        assert best["solved"] and best["regret"] == 0 and best["best"] == decision["best"]
    assert seen, "a game played this badly holds puzzles"
    url = f"/api/puzzles/{seen[0]}/answer"
    for body in ({"choice": {"kind": "take", "card": 7}}, {"choice": {"kind": "box",
                                                                       "box": "sixes"}},
                 {"choice": {"kind": "take", "card": "no_such_card"}}):
        assert_error(client.post(url, json=body), 400, "bad_choice")
    page = client.get(f"/games/{gid}/review").get_data(as_text=True)
    assert "sterke computerspeler" in page and "<table class=\"review " in page
    assert "zoals de sterke computerspeler" in page and "perfect spel:" not in page
    # a long game's loss per turn: every bar named in its tooltip, a few labels below
    chart = page[page.index('<svg viewBox'):page.index("</svg>")]
    bars = chart.count('class="bar"')
    assert bars == max(t["round"] for t in review["turns"]) + 1 > 20
    assert chart.count('class="axis" text-anchor="middle"') <= MAX_LABELS < bars
    assert 'data-mode="kaartspel"' in client.get("/puzzles?mode=kaartspel").get_data(
        as_text=True)
