"""Seats belong to their players, in real headless Chromium with two browsers: at a rated
table the host sees no controls under the opponent, present or gone; at an unrated one the
host removes an absent player, who reads who did it and why and comes back to the table."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from .conftest import shot
from .helpers import server_state, wait_gone


def _browser(browser: Any) -> tuple[Any, Any]:
    """A browser of its own (its own cookies) and a page."""
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  reduced_motion="reduce")
    context.set_default_timeout(15_000)
    return context, context.new_page()


def _profile(page: Any, live: Any, name: str) -> None:
    """A profile called ``name`` for the page's browser (its cookie)."""
    answer = page.request.post(live.url + "/api/profile", data={"name": name})
    assert answer.status == 201, answer.text()


def _play_turn(page: Any) -> None:
    expect(page.locator("#throw")).to_be_enabled()
    page.click("#throw")
    expect(page.locator("#dice .die:not(.empty)")).to_have_count(5)
    page.locator("#sheet button.option:enabled").first.click()
    expect(page.locator("#throw")).to_be_disabled()


def test_a_rated_table_shows_the_host_no_controls(browser: Any, live: Any) -> None:
    first, anna = _browser(browser)
    second, bram = _browser(browser)
    try:
        _profile(anna, live, "Eerlijke Anna")
        _profile(bram, live, "Eerlijke Bram")
        opened = anna.request.post(live.url + "/api/lobby", data={
            "mode": "classic", "seats": 2, "rated": True, "pace": "live"}).json()
        joined = bram.request.post(live.url + f"/api/lobby/{opened['id']}/join", data={})
        assert joined.status == 200, joined.text()
        bram.goto(live.url + joined.json()["url"])
        entry = anna.request.get(live.url + f"/api/lobby/{opened['id']}").json()
        anna.goto(live.url + entry["url"])
        gid = entry["game_id"]
        assert server_state(live, gid)["rated"]
        row = anna.locator("#seat-list li[data-seat='1']")
        expect(row.locator(".dot")).to_have_class(re.compile("present"))
        expect(row.locator("button")).to_have_count(0)
        _play_turn(anna)
        bram.close()  # Bram walks away: still his seat
        wait_gone(live, gid, 1)
        live.clock.advance(61)  # a minute away: at an unrated table the host could act
        anna.reload()
        expect(row.locator(".seat-marks")).to_contain_text("niet aan tafel")
        expect(anna.locator("#seat-list button")).to_have_count(0)
        assert server_state(live, gid)["seats"][1]["host_controls"] == []
        shot(anna, "rated-no-seat-controls-desktop")
    finally:
        first.close()
        second.close()


def test_a_removed_player_reads_why_and_comes_back(browser: Any, live: Any) -> None:
    first, host = _browser(browser)
    second, guest = _browser(browser)
    try:
        made = host.request.post(live.url + "/api/games", data={
            "mode": "classic", "kind": "online", "players": ["Gijs", "Hanna"],
            "idle_seconds": 900}).json()
        gid, links = made["id"], made["links"]
        host.goto(live.url + links[0]["url"])
        guest.goto(live.url + links[1]["url"])
        row = host.locator("#seat-list li[data-seat='1']")
        expect(row.locator(".dot")).to_have_class(re.compile("present"))
        expect(row.locator("button")).to_have_count(0)  # she is here: none
        guest.close()  # her connection goes, and she stays away
        wait_gone(live, gid, 1)
        live.clock.advance(61)
        remove = row.locator("button[data-action=remove]")
        expect(remove).to_be_visible()  # a minute away: now the host may
        host.once("dialog", lambda dialog: dialog.accept())
        remove.click()
        expect(row.locator(".seat-marks")).to_contain_text("vertrokken")
        guest = second.new_page()
        guest.goto(live.url + links[1]["url"])
        notice = guest.locator("#seat-notice-text")
        expect(notice).to_contain_text("Gijs (gastheer) heeft je om")
        expect(notice).to_contain_text("van tafel gehaald: je was 1 minuut weg.")
        back = guest.locator("#seat-return")
        expect(back).to_have_text("Terug aan tafel")
        shot(guest, "seat-removed-notice-desktop")
        back.click()
        expect(guest.locator("#seat-notice")).to_be_hidden()
        expect(row.locator(".seat-marks")).to_have_text(re.compile("^aan tafel"))
        assert not server_state(live, gid)["seats"][1]["left"]
        _play_turn(host)  # she plays again from her next turn
        _play_turn(guest)
        state = server_state(live, gid)
        assert state["history"][-1]["player"] == 1 and "skipped" not in state["history"][-1]
    finally:
        first.close()
        second.close()
