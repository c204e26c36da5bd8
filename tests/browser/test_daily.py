"""The daily game in real headless Chromium: a new player chooses a name, plays the day's
classic game to the end without a Tip, and sees the par, the histogram and the share text;
a profile carried to a second browser by its link."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from .conftest import PHONE, shot
from .helpers import assert_decimals_in_language, dutch, game_id, server_state


def test_the_daily_classic_game_with_par_histogram_and_share(context: Any, live: Any
                                                              ) -> None:
    page = context.new_page()
    page.goto(live.url + "/")
    page.click("#daily-entry a[href='/daily/classic']")
    expect(page.locator("h1")).to_contain_text("Yahtzee van de dag")
    page.fill("#profile-name", "Dagspeler")
    page.click("#profile-form button[type=submit]")
    page.wait_for_url("**/games/**")
    gid = game_id(page)
    expect(page.locator("#dice .die")).to_have_count(5)
    expect(page.locator("#hint-button")).to_be_hidden()  # the daily game is unaided
    for turn in range(13):
        expect(page.locator("#round-title")).to_contain_text(f"Beurt {turn + 1} van 13")
        expect(page.locator("#throw")).to_be_enabled()
        page.click("#throw")
        expect(page.locator("#dice .die:not(.empty)")).to_have_count(5)
        seq = server_state(live, gid)["seq"]
        page.locator("#sheet button.option:enabled").first.click()
        if turn < 12:
            expect(page.locator("#throw")).to_be_enabled()
            assert server_state(live, gid)["seq"] > seq
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#rematch-wrap")).to_be_hidden()
    # its dice are everyone's today: no watch link before the day is over, only when
    expect(page.locator("#share-wrap")).to_be_hidden()
    expect(page.locator("#daily-watch-note")).to_be_visible()
    expect(page.locator("#daily-watch-note")).to_contain_text("zodra de dag voorbij is")
    page.click("#daily-link")
    page.wait_for_url("**/daily/classic?date=*")
    state = server_state(live, gid)
    score = state["players"][0]["total"]
    for _ in range(60):  # the par and the fair-play check run in the background
        if page.locator("#daily-diff").count() and page.locator("#daily-rank").count():
            break
        page.wait_for_timeout(500)
        page.reload()
    expect(page.locator("#daily-score")).to_have_text(str(score))
    par = live.store.daily_par(state["daily"], "classic")["par"]
    expect(page.locator("#daily-result")).to_contain_text(f"par {par}")
    expect(page.locator("#daily-diff")).to_have_text(f"{score - par:+d}")
    expect(page.locator("#daily-histogram svg")).to_be_visible()
    expect(page.locator("#daily-regrets svg rect")).not_to_have_count(0)
    expect(page.locator("#daily-board tbody tr", has_text="Dagspeler")).to_have_count(1)
    # ranked by the points its choices lost, shown beside the place and in the row
    loss = live.store.daily_entry_of(gid)["loss"]
    expect(page.locator("#daily-loss")).to_be_visible()
    expect(page.locator("#daily-board thead")).to_contain_text("Verloren")
    expect(page.locator("#daily-board tr.costly")).to_contain_text(dutch(loss, 1))
    share = page.locator("#share-text").input_value()
    lines = share.split("\n")
    assert lines[0] == f"Yahtzee van de dag {state['daily']}"
    assert re.fullmatch("[🟩🟨🟧🟥⬛]{13}", lines[1]), lines[1]
    # the score, the skill figure (docs/skill.md) and, in classic, the score against par
    assert re.fullmatch(rf"{score} · vaardigheid -?\d+ · par {par} \({score - par:+d}\)",
                        lines[2]), lines[2]
    assert lines[3].endswith("/daily/classic")
    shot(page, "daily-result-desktop")
    for path in (page.url.removeprefix(live.url), "/profile", f"/games/{gid}/review",
                 f"/games/{gid}", "/", "/rules", "/words", "/highscores", "/lobby", "/dice",
                 "/dice/nl", "/sheets/woord", "/sheets/classic", "/daily/woord"):
        assert_decimals_in_language(page, live.url + path)
    page.goto(live.url + "/daily/classic")
    expect(page.locator("#daily-start")).to_have_count(0)  # one attempt a day
    expect(page.locator("#daily-result")).to_be_visible()


def test_a_profile_goes_to_a_second_browser_by_its_link(browser: Any, live: Any) -> None:
    first = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                permissions=["clipboard-read", "clipboard-write"])
    second = browser.new_context()
    try:
        page = first.new_page()
        page.goto(live.url + "/daily/woord")
        page.fill("#profile-name", "Reiziger")
        page.click("#profile-form button[type=submit]")
        page.wait_for_url("**/games/**")
        page.goto(live.url + "/profile")
        expect(page.locator("#profile-name")).to_have_text("Reiziger")
        expect(page.locator("#profile-history tbody tr")).to_have_count(1)
        shot(page, "daily-profile-phone")
        link = page.locator("#profile-link").input_value()
        page.click("#profile-link-copy")  # the link has a copy button, as invite links do
        expect(page.locator("#profile-link-copy")).to_have_text("Gekopieerd")
        assert page.evaluate("navigator.clipboard.readText()") == link
        other = second.new_page()
        other.goto(link)
        expect(other.locator("#carry")).to_contain_text("Reiziger")
        other.click("#carry-use")
        other.wait_for_url("**/profile")
        expect(other.locator("#profile-name")).to_have_text("Reiziger")
        expect(other.locator("#profile-history tbody tr")).to_have_count(1)
        # the same player: today's Woord Yahtzee is played already, on this device too,
        # and goes on here (the game is hers, whoever else is kept out)
        other.goto(live.url + "/daily/woord")
        expect(other.locator("#daily-resume")).to_be_visible()
        other.click("#daily-resume")
        other.wait_for_url("**/games/**")
        expect(other.locator("#throw")).to_be_enabled()
        other.click("#throw")
        expect(other.locator("#dice .tile:not(.empty)")).to_have_count(7)
        other.goto(live.url + "/profile")
        other.fill("#rename", "Reiziger II")
        other.click("#rename-form button[type=submit]")
        expect(other.locator("#profile-name")).to_have_text("Reiziger II")
        page.reload()
        expect(page.locator("#profile-name")).to_have_text("Reiziger II")
    finally:
        first.close()
        second.close()
