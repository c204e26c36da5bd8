"""The skill figure's scale (docs/skill.md): random answers score 0 in expectation, the
judge's own choices 100, and the fewer points lost the higher; Woord Yahtzee's claims
against the best claim of their throw; the daily share's symbols; and the proficiency test
scored on that scale (answers drawn at random near 0, the best answers 100), from the
shipped test files alone."""

from __future__ import annotations

import random
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordyahtzee.advisor import skill
from wordyahtzee.advisor.coach import decision, distinct, random_loss, turns_of
from wordyahtzee.puzzles import proficiency
from wordyahtzee.puzzles.model import Puzzle

VALUES = st.lists(st.floats(min_value=0, max_value=500, allow_nan=False), min_size=1,
                  max_size=40)


def options_of(values: list[float]) -> list[dict[str, object]]:
    """Boxes with these values, best first (each box a distinct choice)."""
    return [{"kind": "box", "box": f"b{i}", "value": v}
            for i, v in enumerate(sorted(values, reverse=True))]


@given(values=VALUES)
def test_a_random_answer_loses_random_loss_on_average_and_scores_zero(values: list[float]
                                                                      ) -> None:
    options = options_of(values)
    best = options[0]["value"]
    losses = [best - o["value"] for o in options]  # type: ignore[operator]
    expected = statistics.fmean(losses)
    assert random_loss(options) == pytest.approx(expected if len(options) > 1 else 0.0,
                                                 abs=1e-9)
    if len(options) > 1 and expected > 0:
        assert skill.scaled(expected, random_loss(options)) == pytest.approx(0.0, abs=1e-9)
        assert skill.scaled(0.0, random_loss(options)) == 100.0


@given(random=st.floats(min_value=0.01, max_value=1e4), a=st.floats(0, 1e4),
       b=st.floats(0, 1e4))
def test_the_scale_falls_as_the_points_lost_grow(random: float, a: float, b: float) -> None:
    low, high = sorted((a, b))
    scaled_low, scaled_high = skill.scaled(low, random), skill.scaled(high, random)
    assert scaled_low is not None and scaled_high is not None
    assert scaled_low >= scaled_high and scaled_low <= 100.0
    assert skill.scaled(0.0, random) == 100.0 and skill.scaled(random, random) == 0.0
    assert skill.scaled(a, 0.0) is None  # nothing at stake


def test_equal_keeps_are_one_choice_for_a_random_answer() -> None:
    options = [{"kind": "keep", "keep": [6, 6], "value": 30.0},
               {"kind": "keep", "keep": [6, 6], "value": 30.0},
               {"kind": "box", "box": "sixes", "value": 20.0}]
    assert len(distinct(tuple(options))) == 2 and random_loss(options) == 5.0


def test_a_review_decision_carries_its_loss_and_a_random_answers() -> None:
    best, worse = {"kind": "box", "box": "a", "value": 10.0}, {"kind": "box", "box": "b",
                                                               "value": 4.0}
    item = decision(0, 0, 1, "11111", worse, best, random_loss([best, worse]))
    assert (item["regret"], item["lost"], item["random"]) == (6.0, 6.0, 3.0)
    assert "lost" not in decision(0, 0, 1, "11111", worse, best)  # a puzzle's grade
    keep = {**item, "lost": None, "random": None, "turn": 1}
    turns = turns_of([item, keep])
    assert [(t["lost"], t["random"]) for t in turns] == [(6.0, 3.0), (0.0, 0.0)]
    counted = skill.tally([item, keep], 1)[0]
    assert (counted.judged, counted.best, counted.figure) == (1, 0, -100.0)


def test_woord_claims_are_judged_against_the_best_claim_of_their_throw() -> None:
    options = [{"kind": "keep", "value": 400.0, "dice": [0], "letters": "a"},
               {"kind": "claim", "box": "letters_3", "words": ["kat"], "points": 7,
                "value": 300.0},
               {"kind": "claim", "box": "chance", "words": ["kat", "en"], "points": 9,
                "value": 290.0}]
    # the best word for the round's box, though perfect play would throw again: nothing lost
    assert skill.woord_claim(options, {"kind": "claim", "box": "letters_3", "points": 7}) \
        == (0.0, {"kind": "claim", "box": "letters_3", "words": ["kat"], "points": 7})
    assert skill.woord_claim(options, {"kind": "claim", "box": "letters_3",
                                       "points": 4})[0] == 3.0
    assert skill.woord_claim(options, {"kind": "claim", "box": "chance", "points": 9})[0] == 0
    # a seven-letter word lay there: the Woord Yahtzee is the best claim
    woord = [*options, {"kind": "claim", "box": "woord_yahtzee", "words": ["katten"],
                        "points": 50, "value": 900.0}]
    lost, target = skill.woord_claim(woord, {"kind": "claim", "box": "letters_3",
                                             "points": 7})
    assert lost == 43.0 and target is not None and target["box"] == "woord_yahtzee"
    assert skill.woord_claim(woord, {"kind": "timeout", "box": "letters_3", "points": 0}
                             )[0] == 50.0
    # nothing to claim with points: nothing at stake
    assert skill.woord_claim(options[:1], {"kind": "claim", "box": "letters_3",
                                           "points": 0}) == (0.0, None)


def test_each_rounds_symbol_follows_its_figure() -> None:
    def turn(lost: float, random: float, kind: str = "box") -> dict[str, object]:
        return {"lost": lost, "random": random, "decisions": [{"chosen": {"kind": kind}}]}

    assert [skill.turn_symbol(turn(lost, 20.0)) for lost in (0.0, 5.0, 12.0, 12.5, 20.0)] \
        == ["🟩", "🟨", "🟧", "🟥", "🟥"]
    assert skill.turn_symbol(turn(0.0, 0.0)) == "🟩"
    assert skill.turn_symbol(turn(3.0, 3.0, "timeout")) == "⬛"


def test_the_measured_levels_are_shipped_for_every_judged_mode() -> None:
    for mode, judge in skill.JUDGES.items():
        test = skill.levels("test", mode)
        review = skill.levels("review", mode)
        assert test is not None and review is not None, mode
        best = "strong" if judge == "strong" else "optimal"
        assert test[best] == review[best] == 100.0
        assert test["random"] == review["random"] == 0.0  # in expectation, exactly
        measured = skill._measured()
        assert all(abs(measured[kind][mode]["levels"]["random"]["mean"]) < 5
                   for kind in ("test", "review"))
    assert skill.levels("review", "woord", "en/en/40") is None  # measured on nl only
    assert skill.levels("review", "triple") is None


@pytest.mark.parametrize("mode", proficiency.RULES)
def test_random_answers_to_the_proficiency_test_score_near_zero(mode: str) -> None:
    rng = random.Random(2026)
    scores = [proficiency.score(mode, proficiency.random_answers(mode, rng))["score"]
              for _ in range(150)]
    # each set of answers scores 0 in expectation; 150 sets put the mean within one to
    # two points (the sets' spread is 10 to 17 points; the old scale gave them 82 to 92)
    assert abs(statistics.fmean(scores)) < 4.0, statistics.fmean(scores)
    best = [proficiency.answer_to(Puzzle.from_json(e["puzzle"]),
                                  Puzzle.from_json(e["puzzle"]).best)
            for e in proficiency.load(mode)]
    graded = proficiency.score(mode, best)
    assert graded["score"] == 100.0 and graded["best_answers"] == proficiency.SIZE
    assert graded["random"] > 0 and graded["levels"] == skill.levels("test", mode)


@pytest.mark.parametrize("mode", proficiency.RULES)
def test_a_better_answer_never_lowers_the_test_score(mode: str) -> None:
    rng = random.Random(7)
    test = [Puzzle.from_json(e["puzzle"]) for e in proficiency.load(mode)]
    answers = proficiency.random_answers(mode, rng)
    before = proficiency.score(mode, answers)
    for n, puzzle in enumerate(test):
        choices = distinct(tuple(puzzle.options))
        better = proficiency.answer_to(puzzle, choices[0])
        after = proficiency.score(mode, [*answers[:n], better, *answers[n + 1:]])
        assert after["score"] >= before["score"]
        worst = proficiency.answer_to(puzzle, choices[-1])
        lower = proficiency.score(mode, [*answers[:n], worst, *answers[n + 1:]])
        assert lower["score"] <= before["score"]


@pytest.mark.parametrize("mode", proficiency.RULES)
def test_the_shipped_test_levels_are_what_the_levels_answer(mode: str,
                                                           strategy_tables: None) -> None:
    from wordyahtzee.puzzles.mining import judging_table

    shipped = skill.levels("test", mode)
    assert shipped is not None
    figures = proficiency.level_figures(mode, judging_table(mode, proficiency.RULES[mode]))
    assert {level: values[0] for level, values in figures.items()} == {
        level: value for level, value in shipped.items() if level != "random"}
