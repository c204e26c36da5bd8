"""An online table's clock as a family meets it (issue 46), in real headless Chromium on
the served app: Mama opens her table and takes 75 s to send the link, Tim comes late, and
nobody is skipped before he does; then both close their browsers, the table pauses (a
watcher reads "Gepauzeerd"), nothing is skipped for hours, and it goes on when Tim comes
back."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import expect

from .conftest import DESKTOP, PHONE, shot
from .helpers import api_game, server_state, strike_out, wait_gone


def _browser(browser: Any, viewport: dict[str, int] = DESKTOP, **options: Any) -> Any:
    context = browser.new_context(viewport=viewport, reduced_motion="reduce", **options)
    context.set_default_timeout(15_000)
    return context


def _until(check: Any, what: str, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, what
        time.sleep(0.1)


def test_a_late_player_closed_browsers_and_the_way_back(browser: Any, live: Any) -> None:
    mama_ctx, tim_ctx = _browser(browser), _browser(browser)
    watcher_ctx = _browser(browser, PHONE, is_mobile=True, has_touch=True)
    try:
        mama = mama_ctx.new_page()
        made = api_game(mama, live, "woord", "online", ["Mama", "Tim"])  # the 60 s turn
        gid, links = made["id"], made["links"]
        mama.goto(live.url + links[0]["url"])
        idle = mama.locator("#idle")
        expect(idle).to_contain_text("Wachten op Tim: de klok loopt zodra iedereen aan "
                                     "tafel zit, uiterlijk over 1")
        tim_row = mama.locator("#seat-list li[data-seat='1']")
        expect(tim_row.locator(".seat-marks")).to_contain_text("nog niet gekomen")
        shot(mama, "table-clock-waiting-desktop")
        # Mama takes 75 s to send the link: her page is open, her turn is not skipped
        live.clock.advance(75)
        time.sleep(2)  # two beats of the server's ticker
        state = server_state(live, gid)
        assert state["history"] == [] and state["to_move"] == 0 and state["waiting_for"] == [1]
        expect(mama.locator("#review-list")).not_to_contain_text("overgeslagen")
        # Tim opens the link: the clock starts for Mama's turn, a minute from now
        tim = tim_ctx.new_page()
        tim.goto(live.url + links[1]["url"])
        expect(idle).to_contain_text("Je verliest je beurt over")
        expect(tim.locator("#idle")).to_contain_text("Mama verliest de beurt over")
        expect(tim_row.locator(".seat-marks")).to_contain_text("aan tafel")
        state = server_state(live, gid)
        assert state["waiting_for"] == [] and not state["paused"]
        assert 55 <= state["idle_deadline"] - live.clock() <= 60
        strike_out(mama, live, gid)  # Mama plays; Tim is to move
        expect(tim.locator("#idle")).to_contain_text("Je verliest je beurt over")
        # both close their browsers: the table pauses, nothing is skipped for hours
        mama.close()
        tim.close()
        wait_gone(live, gid, 0)
        wait_gone(live, gid, 1)
        assert server_state(live, gid)["paused"]
        live.clock.advance(3 * 3600)
        time.sleep(2)
        state = server_state(live, gid)
        assert state["paused"] and len(state["history"]) == 1 and state["to_move"] == 1
        assert state["idle_deadline"] is None and not state["seats"][1]["away"]
        assert state["status"] == "active"
        # a watcher (the plain table link) reads that it is paused
        watcher = watcher_ctx.new_page()
        watcher.goto(f"{live.url}/games/{gid}")
        expect(watcher.locator("#idle")).to_have_text(
            "Gepauzeerd: niemand aan tafel. De klok loopt weer zodra een speler terugkomt.")
        shot(watcher, "table-clock-paused-phone")
        assert watcher.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        # Tim comes back: the table goes on, his turn has its minute again
        tim = tim_ctx.new_page()
        tim.goto(live.url + links[1]["url"])
        expect(tim.locator("#idle")).to_contain_text("Je verliest je beurt over")
        expect(watcher.locator("#idle")).to_contain_text("Tim verliest de beurt over")
        state = server_state(live, gid)
        assert not state["paused"] and len(state["history"]) == 1
        shot(tim, "table-clock-back-desktop")
        tim.locator("#throw").click()
        expect(tim.locator("#dice .tile:not(.empty)")).to_have_count(7)
        box = server_state(live, gid)["turn"]["round_box"]
        tim.locator(f"#claim-list button[data-box={box}][data-zero]").click()
        _until(lambda: len(server_state(live, gid)["history"]) == 2, "Tim's turn counted")
        last = server_state(live, gid)["history"][-1]
        assert last["player"] == "Tim" and "skipped" not in last
        expect(watcher.locator("#turn-line")).to_contain_text(re.compile("Mama"))
    finally:
        mama_ctx.close()
        tim_ctx.close()
        watcher_ctx.close()
