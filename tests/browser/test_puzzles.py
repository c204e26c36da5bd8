"""Puzzles in the browser, on desktop and on a phone: a puzzle of each mode solved with the
best choice and answered with another (its regret shown, the best words of a Woord Yahtzee
claim, a Kaartspel board), the proficiency tests taken to their score, and the puzzle of the
day on the start page."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from wordyahtzee.advisor.kaartspel.players import computer_player
from wordyahtzee.advisor.woord.players import play_woord_turn
from wordyahtzee.advisor.woord.simulate import woord_player
from wordyahtzee.games import new_game
from wordyahtzee.modes.contract import Resources
from wordyahtzee.modes.kaartspel import KaartspelGame
from wordyahtzee.puzzles import proficiency
from wordyahtzee.puzzles.cli import mine_record
from wordyahtzee.puzzles.mining import mine
from wordyahtzee.puzzles.rating import START
from wordyahtzee.solver.claims import get_solver

from ..support.puzzles import as_choice
from .conftest import DESKTOP, PHONE, shot
from .conftest import START as CLOCK_START
from .helpers import click_choice

RECORDS = Path(__file__).resolve().parents[1] / "records"


def _woord_record() -> dict[str, Any]:
    """The record of a Woord Yahtzee game the beginner computer plays (seeded: two puzzles),
    so that the golden record's one puzzle has a next one in this module alone."""
    game = new_game("woord", ["Anna"], {}, rng=random.Random(0), clock=lambda: CLOCK_START)
    player = woord_player("beginner", get_solver(), rng=random.Random(0))
    while not game.finished:
        play_woord_turn(game, player)
    record: dict[str, Any] = game.to_record()
    return record


def _kaartspel_game() -> KaartspelGame:
    """A Kaartspel game the greedy and the beginner computers play against each other."""
    rng = random.Random(7)
    game = KaartspelGame.new(["Anna", "Bram"], resources=Resources(rng, float))
    players = [computer_player("greedy", rng), computer_player("beginner", rng)]
    while not game.finished:
        game.act(players[game.current_seat or 0].decide(game))
    return game


@pytest.fixture(scope="module")
def puzzles(live: Any) -> dict[str, list[dict[str, Any]]]:
    """Puzzles of every mode in the live store, mined from golden records (Kaartspel: from a
    game the computers played, whose keeps its events record)."""
    found: dict[str, list[dict[str, Any]]] = {}
    for mode, name in (("classic", "two-players-forced"), ("woord", "solo-strict"),
                       ("kaartspel", None)):
        if name is None:
            name = "kaartspel-computers"
            mined = mine(mode, _kaartspel_game(), None, name, {})
        else:
            mined = mine_record(json.loads((RECORDS / mode / f"{name}.json").read_text())[
                "record"])
            if mode == "woord":
                mined += mine_record(_woord_record())
        assert mined
        live.store.put_puzzles(f"test-{name}", [
            {"id": p.id, "mode": p.mode, "rules_key": "{}", "source": p.source, "day": None,
             "themes": p.themes, "data": p.to_json()} for p in mined], 0.0, START)
        # a keep first, then a take or a move (Kaartspel shows both kinds)
        found[mode] = sorted((p.to_json() for p in mined),
                             key=lambda p: p["options"][0]["kind"] != "keep")
    assert {p["options"][0]["kind"] for p in found["kaartspel"]} >= {"keep", "take"}
    return found


@pytest.mark.parametrize("mode", ["classic", "woord", "kaartspel"])
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_puzzle_solved_and_missed(browser: Any, live: Any, puzzles: Any, mode: str,
                                    viewport: dict[str, int]) -> None:
    ctx = browser.new_context(viewport=viewport, reduced_motion="reduce")
    page = ctx.new_page()
    try:
        puzzle = puzzles[mode][0]
        page.goto(f"{live.url}/puzzles?mode={mode}&id={puzzle['id']}")  # a shared link
        expect(page.locator("#box-choices")).to_be_visible()
        assert page.locator("#puzzle").get_attribute("data-id") == puzzle["id"]
        click_choice(page, puzzle, puzzle["options"][0])
        expect(page.locator("#puzzle-verdict")).to_have_text("De beste keuze!")
        if mode == "woord":
            expect(page.locator("#puzzle-grade")).to_contain_text("Beste claim")
        shot(page, f"puzzle-{mode}-{viewport['width']}")
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        # the next puzzle follows; the same puzzle answered otherwise costs its regret
        page.locator("#next").click()
        expect(page.locator("#box-choices")).to_be_visible()
        api = page.request.post(f"{live.url}/api/puzzles/{puzzle['id']}/answer",
                                data={"choice": as_choice(puzzle, puzzle["played"])})
        assert api.status == 200 and not api.json()["solved"] and api.json()["regret"] > 0
        if mode == "kaartspel":  # a take or a move, on the board the player saw
            other = next(p for p in puzzles[mode] if p["options"][0]["kind"] != "keep")
            page.goto(f"{live.url}/puzzles?mode={mode}&id={other['id']}")
            expect(page.locator("#board .space")).to_have_count(16)
            expect(page.locator("#board-list li")).to_have_count(16)
            # the seat to move is a player with a number, "(jij)": never "Drieën van Jij"
            expect(page.locator("#board-list")).to_contain_text("(jij)")
            assert "Jij" not in page.locator("#board-list").text_content()
            click_choice(page, other, other["played"])
            expect(page.locator("#puzzle-verdict")).not_to_have_text("De beste keuze!")
            expect(page.locator("#puzzle-grade")).to_contain_text("Jouw keuze")
            shot(page, f"puzzle-kaartspel-missed-{viewport['width']}")
            assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    finally:
        ctx.close()


@pytest.mark.parametrize("mode", ["classic", "kaartspel"])
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_proficiency_test_to_its_score(browser: Any, live: Any, mode: str,
                                           viewport: dict[str, int]) -> None:
    ctx = browser.new_context(viewport=viewport, reduced_motion="reduce")
    page = ctx.new_page()
    try:
        page.goto(f"{live.url}/puzzles/test/{mode}")
        test = proficiency.load(mode)
        for n, entry in enumerate(test):
            expect(page.locator("#progress")).to_have_text(f"Stand {n + 1} van {len(test)}")
            click_choice(page, entry["puzzle"], entry["puzzle"]["options"][0])
        expect(page.locator("#test-score")).to_have_text("Je score: 100 van 100")
        shot(page, f"puzzle-test-{mode}-{viewport['width']}")
    finally:
        ctx.close()


def test_the_puzzle_of_the_day_is_on_the_start_page(context: Any, live: Any,
                                                    puzzles: Any) -> None:
    page = context.new_page()
    page.goto(live.url)
    link = page.locator("#daily-puzzle a").first
    expect(link).to_be_visible()
    link_href = link.get_attribute("href")
    live.clock.advance(86_400)  # the day's puzzle is one kept before the day began
    try:
        link.click()
        expect(page.locator("#box-choices")).to_be_visible()
        first = page.locator("#puzzle").get_attribute("data-id")
        page.goto(live.url + str(link_href))
        expect(page.locator("#box-choices")).to_be_visible()
        assert page.locator("#puzzle").get_attribute("data-id") == first
    finally:
        live.clock.advance(-86_400)


@pytest.mark.parametrize("lang, missing, refused", [
    ("nl", "niet gevonden", "die keuze kan in deze stand niet"),
    ("de", "nicht gefunden", "diese Wahl ist in dieser Stellung nicht möglich")])
def test_the_puzzles_errors_speak_the_pages_language(context: Any, live: Any, lang: str,
                                                     missing: str, refused: str) -> None:
    """A puzzle that is not there, and a test whose answers the server refuses, say so in
    the page's language, not in the server's English."""
    page = context.new_page()
    page.goto(f"{live.url}/puzzles?mode=classic&id=000000000000&lang={lang}")
    expect(page.locator("#no-puzzle")).to_have_text(missing)

    def one_answer_short(route: Any) -> None:  # the server, not the page, refuses
        if route.request.method != "POST":
            route.continue_()
            return
        body = json.loads(route.request.post_data)
        route.continue_(post_data=json.dumps({"answers": body["answers"][:-1]}))

    page.route("**/api/puzzles/test/classic", one_answer_short)
    page.goto(f"{live.url}/puzzles/test/classic?lang={lang}")
    test = proficiency.load("classic")
    for entry in test:
        click_choice(page, entry["puzzle"], entry["puzzle"]["options"][0])
    expect(page.locator("#puzzle .bad")).to_have_text(refused)
