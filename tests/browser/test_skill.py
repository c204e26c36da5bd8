"""Skill figures in the browser, in Dutch, on a desktop and on a phone (docs/skill.md): the
review of a Woord Yahtzee game played as the third play-test's player played it (the
solver's best word in the round's box after one throw, every turn), with its figure, the
computer levels' beside it and every claim beside the best claim of its throw; Triple
Yahtzee's review saying it has no judge; and the proficiency test's result with the scale
and the levels' scores."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from wordyahtzee.advisor import skill
from wordyahtzee.puzzles import proficiency
from wordyahtzee.puzzles.model import Puzzle
from wordyahtzee.tables import strategies

from .conftest import DESKTOP, PHONE, shot
from .helpers import click_choice

VIEWPORTS = [DESKTOP, PHONE]


def best_words_game(live: Any) -> str:
    """A finished solo Woord Yahtzee game: each turn one throw, then the solver's best word
    for the round's box."""
    client = live.app.test_client()
    r = client.post("/api/games", json={"mode": "woord", "kind": "solo", "players": ["Mama"],
                                        "rules": {"turn_seconds": None}})
    gid, token = r.json["id"], r.json["links"][0]["token"]
    headers = {"X-Seat-Token": token}
    for _ in range(8):
        turn = client.post(f"/api/games/{gid}/act/throw", json={},
                           headers=headers).json["state"]["turn"]
        boxes = client.post("/api/solve", json={"letters": turn["faces"], "dictionary": "nl",
                                                "dice_set": "nl"}).json["boxes"]
        best = boxes.get(turn["round_box"]) or {"words": []}
        r = client.post(f"/api/games/{gid}/act/claim", headers=headers,
                        json={"box": turn["round_box"], "words": best["words"]})
        assert r.status_code == 200, r.json
    return str(gid)


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["desktop", "phone"])
def test_the_review_shows_a_skill_figure_a_person_can_read(browser: Any, live: Any,
                                                           viewport: dict[str, int]) -> None:
    strategies.get("woord", "nl/nl/40")
    gid = best_words_game(live)
    review = live.app.test_client().get(f"/api/games/{gid}/review").json
    figure = round(review["skill"][0]["figure"])
    ctx = browser.new_context(viewport=viewport, reduced_motion="reduce")
    page = ctx.new_page()
    try:
        page.goto(f"{live.url}/games/{gid}/review")
        expect(page.locator("#skill-heading")).to_have_text("Vaardigheid")
        expect(page.locator("#skill .skill-figure")).to_have_text(str(figure))
        expect(page.locator("#skill")).to_contain_text("beurten met de beste claim")
        levels = skill.levels("review", "woord", "nl/nl/40")
        if levels:
            expect(page.locator("#skill-levels")).to_contain_text("willekeurig 0")
            expect(page.locator("#skill-levels")).to_contain_text(
                f"mens {round(levels['human'])}")
        text = page.locator("main").inner_text()
        assert "beter dan 0% van perfect spel" not in text and "484" not in text
        expect(page.locator("svg.histogram")).to_have_count(0)  # no perfect play's chains
        assert page.locator("#review-unfinished").count() == 0
        # the page never scrolls sideways (the table of decisions scrolls in its box)
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        shot(page, f"skill-review-woord-{viewport['width']}")
    finally:
        ctx.close()


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["desktop", "phone"])
def test_a_review_without_a_judge_says_so(browser: Any, live: Any,
                                          viewport: dict[str, int]) -> None:
    client = live.app.test_client()
    r = client.post("/api/games", json={"mode": "triple", "kind": "solo", "players": ["Tim"]})
    gid, token = r.json["id"], r.json["links"][0]["token"]
    r = client.post(f"/api/games/{gid}/act/throw", json={}, headers={"X-Seat-Token": token})
    box = next(b for b in r.json["state"]["options"]["1"])
    assert client.post(f"/api/games/{gid}/act/claim", json={"box": box, "column": 1},
                       headers={"X-Seat-Token": token}).status_code == 200
    ctx = browser.new_context(viewport=viewport, reduced_motion="reduce")
    page = ctx.new_page()
    try:
        page.goto(f"{live.url}/games/{gid}/review")
        expect(page.locator("#review-no-judge")).to_contain_text(
            "Triple Yahtzee heeft geen scheidsrechter")
        expect(page.locator("#review-unfinished")).to_contain_text("nog niet af")
        assert "Geen enkel verlies" not in page.locator("main").inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        shot(page, f"skill-review-triple-{viewport['width']}")
    finally:
        ctx.close()


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["desktop", "phone"])
def test_the_proficiency_tests_result_on_the_scale(browser: Any, live: Any,
                                                   viewport: dict[str, int]) -> None:
    """The classic test answered with the choices the computer made in its games (the
    mistakes the positions were chosen for): a score between random answers and 100."""
    test = proficiency.load("classic")
    played = [entry["puzzle"]["played"] for entry in test]
    answers = [proficiency.answer_to(Puzzle.from_json(e["puzzle"]), option)
               for e, option in zip(test, played, strict=True)]
    expected = proficiency.score("classic", answers)
    ctx = browser.new_context(viewport=viewport, reduced_motion="reduce")
    page = ctx.new_page()
    try:
        page.goto(f"{live.url}/puzzles/test/classic")
        for n, (entry, option) in enumerate(zip(test, played, strict=True)):
            expect(page.locator("#progress")).to_have_text(f"Stand {n + 1} van {len(test)}")
            click_choice(page, entry["puzzle"], option)
        expect(page.locator("#test-score")).to_have_text(
            f"Je score: {round(expected['score'])} van 100")
        result = page.locator("#result")
        expect(result).to_contain_text("0 is wat willekeurige antwoorden gemiddeld halen, "
                                       "100 elke keer het antwoord van perfect spel")
        expect(result).to_contain_text("0 van de 30 antwoorden waren de beste")
        if expected["levels"]:
            expect(page.locator("#test-levels")).to_contain_text(
                "willekeurig 0 · beginner 52 · gevorderd 90 · optimaal 100")
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        shot(page, f"skill-test-classic-{viewport['width']}")
    finally:
        ctx.close()
