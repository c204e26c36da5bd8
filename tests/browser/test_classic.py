"""Classic Yahtzee in real headless Chromium: a whole game of a human against the optimal
computer player, every move chosen with the hint button; keyboard play on a phone."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .conftest import PHONE, shot
from .helpers import HINT_WAIT, server_state, start_classic, submit, wait_my_turn


def follow_hint(page: Any) -> str:
    """Ask for a hint and do what it says: keep its dice and throw, or write its box.
    Returns "box" or "keep"."""
    page.click("#hint-button")
    expect(page.locator("#hint")).to_have_attribute("data-ready", "yes", timeout=HINT_WAIT)
    box = page.locator("#sheet button.option.suggested")
    if box.count():
        box.click()
        return "box"
    wanted = {int(d.get_attribute("data-die"))
              for d in page.locator("#dice .die.suggested").all()}
    for i in range(5):
        die = page.locator(f"#dice .die[data-die='{i}']")
        if (die.get_attribute("aria-pressed") == "true") != (i in wanted):
            die.click()
    page.click("#throw")
    return "keep"


def test_classic_game_against_optimal_computer(context: Any, live: Any) -> None:
    page = context.new_page()
    start_classic(page, live, [("Robot", "optimal")])
    shot(page, "classic-start-desktop")
    gid = submit(page)
    expect(page.locator("#round-title")).to_contain_text("Beurt 1 van 13")
    for turn in range(13):
        wait_my_turn(page, "Anna")
        expect(page.locator("#round-title")).to_contain_text(f"Beurt {turn + 1} van 13")
        page.click("#throw")
        expect(page.locator("#dice .die:not(.empty)")).to_have_count(5)
        for _ in range(3):
            before = server_state(live, gid)["seq"]
            if turn == 2 and server_state(live, gid)["turn"]["throws"] == 1:
                page.click("#hint-button")
                expect(page.locator("#hint-table")).to_be_visible(timeout=HINT_WAIT)
                shot(page, "classic-hint-desktop")
            if follow_hint(page) == "box":
                break
            expect(page.locator("#dice")).to_be_visible()
            _wait_seq(live, gid, before + 1)
        else:  # pragma: no cover - the third throw always ends in a box
            raise AssertionError("the hint never chose a box")
        if turn == 5:
            # the computer's turn is played by the server and streamed to the page
            expect(page.locator("#review-list li").first).to_contain_text("Robot",
                                                                          timeout=30_000)
            shot(page, "classic-midgame-desktop")
    expect(page.locator("#end")).to_be_visible(timeout=30_000)
    state = server_state(live, gid)
    assert state["status"] == "finished" and len(state["history"]) == 26
    assert all(None not in p["boxes"].values() for p in state["players"])
    totals = {p["name"]: p["total"] for p in state["players"]}
    expect(page.locator("#winners")).to_contain_text(" ".join(state["winners"])[:4])
    expect(page.locator("#final-totals li")).to_have_count(2)
    assert totals["Anna"] > 0 and totals["Robot"] > 0
    shot(page, "classic-end-desktop")
    # every move followed the Tip: the game is marked, and left out of the lists by default
    scores = live.store.high_scores("classic", "", "{}", 100, aided=None)
    assert any(e.game_id == gid and e.player == "Anna" and e.aided for e in scores)
    assert not any(e.game_id == gid and e.player == "Robot" for e in scores)
    assert not any(e.game_id == gid for e in live.store.high_scores(
        "classic", "", "{}", 100))
    page.goto(live.url + "/highscores")
    page.check("#with-tips")
    expect(page.locator("#lists h2", has_text="Yahtzee: jokerregel vrij")).to_be_visible()
    expect(page.locator(f"#lists a[href='/games/{gid}'] + .aided")).to_contain_text("met Tip")
    shot(page, "classic-highscores-desktop")


def _wait_seq(live: Any, gid: str, seq: int) -> None:
    import time

    end = time.monotonic() + 10
    while server_state(live, gid)["seq"] < seq:
        assert time.monotonic() < end, "the move did not arrive"
        time.sleep(0.05)


def test_classic_keyboard_on_a_phone(browser: Any, live: Any) -> None:
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        start_classic(page, live, [("Greedy", "greedy"), ("Bea", "beginner")], name="Kees")
        page.check("#match")
        shot(page, "classic-start-phone")
        gid = submit(page)
        expect(page.locator("#match")).to_be_visible()
        expect(page.locator("#round-title")).to_contain_text("Spel 1 van 5")
        for turn in range(2):
            wait_my_turn(page, "Kees")
            page.locator("#turn-line").click()
            page.keyboard.press("g")
            expect(page.locator("#dice .die:not(.empty)")).to_have_count(5)
            dice = server_state(live, gid)["turn"]["dice"]
            page.keyboard.press("1")
            page.keyboard.press("2")
            expect(page.locator("#dice .die").nth(0)).to_have_attribute("aria-pressed", "true")
            expect(page.locator("#dice .die").nth(1)).to_have_attribute("aria-pressed", "true")
            expect(page.locator("#throw")).to_be_enabled()  # the first throw's answer is in
            page.keyboard.press("g")
            expect(page.locator("#throw-count")).to_contain_text("3 van 3")
            after = server_state(live, gid)["turn"]["dice"]
            assert after[:2] == dice[:2]
            if turn == 0:
                page.keyboard.press("h")
                expect(page.locator("#hint")).to_have_attribute("data-ready", "yes",
                                                                timeout=HINT_WAIT)
                shot(page, "classic-turn-phone")
            for _ in range(60):  # Tab to a box on the score sheet
                if page.evaluate("document.activeElement.classList.contains('option')"):
                    break
                page.keyboard.press("Tab")
            box = page.evaluate("document.activeElement.dataset.box")
            assert box in server_state(live, gid)["options"]
            page.keyboard.press("Enter")
            expect(page.locator("#live")).not_to_be_empty()
            # at least this turn in the review (the computers may already be playing on)
            page.wait_for_function(
                "n => document.querySelectorAll('#review-list li').length >= n",
                arg=3 * turn + 1, timeout=10_000)
        live.tables.settle(gid, 30)
        state = server_state(live, gid)
        assert state["match"]["length"] == 5 and state["rules"] == {}  # the defaults, left out
        assert [s["computer"] for s in state["seats"]] == [None, "greedy", "beginner"]
        expect(page.locator("#review-list li")).to_have_count(6)
        shot(page, "classic-sheet-phone")
    finally:
        ctx.close()


def test_a_house_threshold_from_the_start_page_to_the_review(context: Any, live: Any) -> None:
    """The start page sets the upper bonus at 50; the game plays to the end with it, and the
    review's figure of optimal play is the house rule's own (not the standard game's)."""
    from wordyahtzee.tables import strategies

    from .conftest import SAMPLE_GAMES

    page = context.new_page()
    start_classic(page, live, [])
    page.fill("#classic-bonus", "50")
    gid = submit(page)
    assert server_state(live, gid)["rules"] == {"upper_bonus_at": 50}
    expect(page.locator("#sheet")).to_contain_text("Bonus (50 of meer: 35)")
    for _ in range(13):
        wait_my_turn(page, "Anna")
        page.click("#throw")
        expect(page.locator("#dice .die:not(.empty)")).to_have_count(5)
        page.locator("#sheet button.option").first.click()
    expect(page.locator("#end")).to_be_visible(timeout=30_000)
    state = server_state(live, gid)
    anna = state["players"][0]
    assert anna["upper_bonus"] == (35 if anna["upper_total"] >= 50 else 0)
    house = strategies.sample("classic", "free/50", SAMPLE_GAMES["classic"])
    standard = strategies.sample("classic", "free", SAMPLE_GAMES["classic"])
    assert round(house.mean, 1) != round(standard.mean, 1)
    page.goto(f"{live.url}/games/{gid}/review")
    mean = f"{house.mean:.1f}".replace(".", ",")
    expect(page.locator("figure.optimal")).to_contain_text(mean, timeout=HINT_WAIT)
    shot(page, "classic-house-threshold-review")
