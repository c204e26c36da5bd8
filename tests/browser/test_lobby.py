"""The lobby in real headless Chromium: a quick match seats two browsers at one table, and a
slow game is played with its turns hours apart (the server's clock moved), the profile page
showing whose turn it is."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .conftest import PHONE, shot
from .helpers import game_id, server_state


def _player(browser: Any, live: Any, name: str, **options: Any) -> tuple[Any, Any]:
    context = browser.new_context(reduced_motion="reduce", **options)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(live.url + "/lobby")
    page.fill("#profile-name", name)
    page.click("#profile-form button[type=submit]")
    expect(page.locator("#lobby-me")).to_contain_text(name)
    return context, page


def _quick(page: Any, pace: str) -> None:
    page.select_option("#lobby-mode", "classic")
    page.select_option("#lobby-pace", pace)
    page.click("#quick-match")


def _play_turn(page: Any) -> None:
    expect(page.locator("#throw")).to_be_enabled()
    page.click("#throw")
    expect(page.locator("#dice .die:not(.empty)")).to_have_count(5)
    page.locator("#sheet button.option:enabled").first.click()
    expect(page.locator("#throw")).to_be_disabled()


def test_a_quick_match_seats_two_browsers_together(browser: Any, live: Any) -> None:
    first, anna = _player(browser, live, "Snelle Anna")
    second, bram = _player(browser, live, "Snelle Bram", viewport=PHONE, is_mobile=True,
                           has_touch=True)
    try:
        _quick(anna, "live")
        expect(anna.locator("#lobby-wait")).to_be_visible()
        shot(anna, "lobby-waiting-desktop")
        _quick(bram, "live")
        bram.wait_for_url("**/games/**")
        anna.wait_for_url("**/games/**")
        assert game_id(anna) == game_id(bram)
        state = server_state(live, game_id(anna))
        assert state["kind"] == "online"
        assert [s["name"] for s in state["seats"]] == ["Snelle Anna", "Snelle Bram"]
        expect(anna.locator("#turn-line")).to_contain_text("Snelle Anna")
        # a quick match is rated: no Tip, on the page as on the server
        expect(anna.locator("#hint-button")).to_be_hidden()
        anna.keyboard.press("h")
        expect(anna.locator("#hint")).to_be_hidden()
        _play_turn(anna)
        expect(bram.locator("#throw")).to_be_enabled()
        # a quick reaction: Anna's thumb shows beside her name on Bram's screen
        anna.click("#reactions button[data-emote=like]")
        expect(bram.locator("#seat-list li[data-seat='0'] .reaction-bubble")).to_have_text("👍")
        shot(bram, "lobby-match-phone")
    finally:
        first.close()
        second.close()


def test_a_slow_game_with_turns_hours_apart(browser: Any, live: Any) -> None:
    first, anna = _player(browser, live, "Trage Anna")
    second, bram = _player(browser, live, "Trage Bram")
    try:
        _quick(anna, "slow")
        expect(anna.locator("#lobby-wait")).to_be_visible()
        _quick(bram, "slow")
        bram.wait_for_url("**/games/**")
        anna.wait_for_url("**/games/**")
        gid = game_id(anna)
        assert server_state(live, gid)["idle_seconds"] == 86400
        _play_turn(anna)
        live.clock.advance(5 * 3600)  # Bram comes back five hours later
        bram.goto(live.url + "/profile")
        expect(bram).to_have_title("(1) Profiel – Woord Yahtzee")
        expect(bram.locator("link[rel=icon]")).to_have_attribute(
            "href", "/static/favicon-turn.svg")
        shot(bram, "slow-your-turn-desktop")
        bram.click("#profile-turns a")
        bram.wait_for_url(f"**/games/{gid}**")
        _play_turn(bram)
        anna.goto(live.url + "/profile")
        expect(anna.locator("#profile-turns a")).to_have_count(1)
        anna.close()  # Anna does not come back for more than a day
        live.clock.advance(26 * 3600)
        live.tables.tick(gid)
        state = server_state(live, gid)
        assert state["history"][-1]["skipped"] == "absent" and state["to_move"] == 1
        bram.goto(live.url + "/profile")
        expect(bram.locator("#profile-turns a")).to_have_count(1)
        bram.click("#profile-turns a")
        _play_turn(bram)
        assert server_state(live, gid)["to_move"] == 0
    finally:
        first.close()
        second.close()
