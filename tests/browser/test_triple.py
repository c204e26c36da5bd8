"""Triple Yahtzee in real headless Chromium: a whole solo game started from the start
screen and played by clicking (throw, then the first box offered), to the end screen with
the grand total; on a phone, keyboard play and the hint against a computer player."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import expect

from .conftest import shot
from .helpers import server_state, start_triple

DESKTOP = {"width": 1200, "height": 900}
PHONE = {"width": 375, "height": 667}


def wait_history(live: Any, gid: str, count: int) -> None:
    end = time.monotonic() + 15
    while len(server_state(live, gid)["history"]) < count:
        assert time.monotonic() < end, "the claim did not arrive"
        time.sleep(0.05)


def test_a_whole_solo_game_by_clicking(browser: Any, live: Any) -> None:
    ctx = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    ctx.set_default_timeout(15_000)
    try:
        page = ctx.new_page()
        gid = start_triple(page, live, "Anna")
        expect(page.locator("#round-title")).to_contain_text("Beurt 1 van 39")
        expect(page.locator("#sheet thead th.factor")).to_have_text(["×1", "×2", "×3"])
        for turn in range(39):
            expect(page.locator("#throw")).to_be_enabled()
            expect(page.locator("#round-title")).to_contain_text(f"Beurt {turn + 1} van 39")
            if turn == 19:  # a throw to make: its row says it counts once written
                page.click("#hint-button")
                counts = page.locator("#hint-table tbody tr td:last-child")
                expect(counts).to_have_count(1)
                expect(counts).to_have_text("–telt pas als je schrijft")
                page.click("#hint-button")
            page.click("#throw")
            expect(page.locator("#dice .die:not(.empty)")).to_have_count(5)
            option = page.locator("#sheet button.option").first
            expect(option).to_be_enabled()
            column, box = option.get_attribute("data-column"), option.get_attribute("data-box")
            points = int(option.inner_text())
            assert server_state(live, gid)["options"][column][box] == points
            if turn == 20:
                page.click("#hint-button")
                expect(page.locator("#hint-table")).to_be_visible()
                shot(page, "triple-midgame-desktop")
            option.click()
            wait_history(live, gid, turn + 1)
            cell = page.locator(f"#sheet tbody tr:nth-child({_row(box)}) td").nth(int(column) - 1)
            expect(cell).to_have_text(str(points))
        expect(page.locator("#end")).to_be_visible()
        state = server_state(live, gid)
        assert state["status"] == "finished" and len(state["history"]) == 39
        total = state["players"][0]["total"]
        assert total == sum(c["weighted"] for c in state["players"][0]["columns"])
        expect(page.locator("#winners")).to_have_text(f"Anna: {total} punten")
        expect(page.locator("#sheet tr.grand-total td")).to_have_text(str(total))
        expect(page.locator("#review-list li")).to_have_count(39)
        shot(page, "triple-end-desktop")
        page.goto(live.url + f"/games/{gid}?lang=en")
        expect(page.locator("#winners")).to_have_text(f"Anna: {total} points")
    finally:
        ctx.close()


def _row(box: str) -> int:
    """The row of ``box`` in the card's body (the upper total and bonus rows after sixes)."""
    from wordyahtzee.modes.classic import BOXES

    index = BOXES.index(box)
    return index + 1 if index < 6 else index + 3


def test_keyboard_and_hint_on_a_phone_against_a_computer(browser: Any, live: Any) -> None:
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                              reduced_motion="reduce")
    ctx.set_default_timeout(15_000)
    try:
        page = ctx.new_page()
        gid = start_triple(page, live, "Kees", (("Greta", "greedy"),))
        token = page.evaluate(f"localStorage.getItem('wy-seat-{gid}')")
        for turn in range(2):
            expect(page.locator("#throw")).to_be_enabled(timeout=30_000)
            page.locator("#turn-line").click()
            page.keyboard.press("g")
            expect(page.locator("#dice .die:not(.empty)")).to_have_count(5)
            dice = server_state(live, gid)["turn"]["dice"]
            page.keyboard.press("1")
            page.keyboard.press("2")
            expect(page.locator("#dice .die").nth(1)).to_have_attribute("aria-pressed", "true")
            expect(page.locator("#throw")).to_be_enabled()  # the first throw's answer is in
            page.keyboard.press("g")
            expect(page.locator("#throw-count")).to_contain_text("3 van 3")
            assert server_state(live, gid)["turn"]["dice"][:2] == dice[:2]
            page.keyboard.press("h")
            expect(page.locator("#hint-best")).not_to_be_empty()
            expect(page.locator("#hint")).to_have_attribute("data-ready", "yes")
            if turn == 1:
                shot(page, "triple-turn-phone")
            for _ in range(150):  # Tab to an open box of the card
                if page.evaluate("document.activeElement.classList.contains('option')"):
                    break
                page.keyboard.press("Tab")
            column = page.evaluate("document.activeElement.dataset.column")
            box = page.evaluate("document.activeElement.dataset.box")
            assert box in server_state(live, gid)["options"][column]
            page.keyboard.press("Enter")
            wait_history(live, gid, 2 * turn + 1)
            assert live.tables.settle(gid, 30)
        expect(page.locator("#review-list li").first).to_contain_text("Greta")
        shot(page, "triple-midgame-phone")
        # the rest of Kees's turns through the table service, then the end on the phone
        while server_state(live, gid)["status"] != "finished":
            state = server_state(live, gid)
            if state["turn"]["dice"] is None:
                live.tables.act(gid, token, "throw", {})
                continue
            options = server_state(live, gid)["options"]
            column = next(c for c in ("1", "2", "3") if options[c])
            live.tables.act(gid, token, "claim",
                            {"column": int(column), "box": next(iter(options[column]))})
            assert live.tables.settle(gid, 30)
        expect(page.locator("#end")).to_be_visible()
        state = server_state(live, gid)
        expect(page.locator("#final-totals li")).to_have_count(2)
        for player in state["players"]:  # written the Dutch way: 1.810 punten
            expect(page.locator("#final-totals")).to_contain_text(
                f"{player['name']}: {player['total']:,} punten".replace(",", "."))
        shot(page, "triple-end-phone")
    finally:
        ctx.close()
