"""Who sees what, in real headless Chromium: today's daily game opened by a stranger shows
no dice (the page says why) while its player sees them; the start page shows a browser its
own tables, never a stranger's; a public lobby table is there to watch; and the daily page
says clearly, in every language, that an address has made enough profiles for now."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server
from wordyahtzee.web import create_app

from .conftest import shot
from .helpers import game_id


def _cookie(live: Any, secret: str) -> dict[str, str]:
    return {"name": "wy_profile", "value": secret, "url": live.url}


def test_a_stranger_opens_todays_daily_game_and_sees_no_dice(browser: Any, live: Any
                                                              ) -> None:
    tables = live.tables
    _, secret = tables.make_profile("Dagspeelster")
    started = tables.daily.start("classic", secret)
    gid, token = started["game_id"], started["token"]
    for keep in ([], [0, 1]):
        tables.act(gid, token, "throw", {"keep": keep})
    player = browser.new_context(reduced_motion="reduce")
    stranger = browser.new_context(reduced_motion="reduce")
    try:
        player.add_cookies([_cookie(live, secret)])
        mine = player.new_page()
        mine.goto(f"{live.url}/games/{gid}")
        expect(mine.locator("#dice .die:not(.empty)")).to_have_count(5)
        page = stranger.new_page()
        response = page.goto(f"{live.url}/games/{gid}#seat=not-hers")
        assert response is not None and response.status == 403
        expect(page.locator("#error-message")).to_contain_text(
            "alleen voor de speler zelf te zien")
        expect(page.locator("#game")).to_be_hidden()  # the empty board, kept hidden
        expect(page.locator("#dice .die:not(.empty)")).to_have_count(0)
        assert "Dagspeelster" not in page.content()
        answer = page.evaluate(f"fetch('/api/games/{gid}').then(r => r.json())")
        assert answer["error"]["code"] == "daily_hidden" and "state" not in answer
        page.goto(f"{live.url}/games/{gid}/review")
        expect(page.locator("#error-message")).to_contain_text("Vanaf 01:00")
        shot(page, "daily-hidden-desktop")
        page.goto(live.url + "/")
        expect(page.locator(f"a[href='/games/{gid}']")).to_have_count(0)
    finally:
        player.close()
        stranger.close()


def test_the_daily_seat_link_plays_in_the_players_other_browser(browser: Any,
                                                               live: Any) -> None:
    """The address of today's game (its seat's link) opened in another browser of the
    same person, without her profile: the link's seat token is hers, so is the game."""
    phone = browser.new_context(reduced_motion="reduce")
    laptop = browser.new_context(reduced_motion="reduce")
    try:
        page = phone.new_page()
        page.goto(live.url + "/daily/classic")
        page.fill("#profile-name", "Twee Schermen")
        page.click("#profile-form button[type=submit]")
        page.wait_for_url("**/games/**")
        gid = game_id(page)
        expect(page.locator("#throw")).to_be_enabled()
        link = page.url
        assert "#seat=" in link
        other = laptop.new_page()
        other.goto(link)
        expect(other.locator("#game")).to_be_visible()
        expect(other.locator("#daily-hidden")).to_have_count(0)
        expect(other.locator("#turn-line")).to_contain_text("Twee Schermen")
        other.click("#throw")
        expect(other.locator("#dice .die:not(.empty)")).to_have_count(5)
        shot(other, "daily-seat-link-other-browser-desktop")
        assert live.tables.current_state(gid)["seq"] == 1  # one attempt: the same game
        expect(page.locator("#dice .die:not(.empty)")).to_have_count(5)  # seen on both
        # the same link with another seat's token shows nothing and says why
        stranger = laptop.browser.new_context(reduced_motion="reduce").new_page()
        try:
            stranger.goto(link.split("#")[0] + "#seat=not-hers")
            expect(stranger.locator("#error-message")).to_contain_text(
                "alleen voor de speler zelf te zien")
            expect(stranger.locator("#game")).to_be_hidden()
            shot(stranger, "daily-hidden-game-desktop")
        finally:
            stranger.context.close()
    finally:
        phone.close()
        laptop.close()


def test_the_start_page_lists_this_browsers_tables_only(browser: Any, live: Any) -> None:
    mine = browser.new_context(reduced_motion="reduce")
    other = browser.new_context(reduced_motion="reduce")
    try:
        page = mine.new_page()  # no profile: its tables are the seat links it keeps
        page.goto(live.url + "/")
        page.check("input[name=mode][value=classic]")
        page.fill("#player-1", "Eigen Els")
        page.click("button[type=submit]")
        page.wait_for_url("**/games/**")
        gid = game_id(page)
        page.goto(live.url + "/")
        expect(page.locator(f"#active-list li[data-game='{gid}']")).to_contain_text("Eigen Els")
        expect(page.locator("#active-tables")).to_be_visible()
        shot(page, "start-own-tables-desktop")
        theirs = other.new_page()
        theirs.goto(live.url + "/")
        expect(theirs.locator("#start-form")).to_be_visible()
        expect(theirs.get_by_text("Eigen Els")).to_have_count(0)
    finally:
        mine.close()
        other.close()


def test_a_public_lobby_table_is_there_to_watch(browser: Any, live: Any) -> None:
    tables = live.tables
    (_, anna), (_, bram) = tables.make_profile("Open Anna"), tables.make_profile("Open Bram")
    entry = tables.lobby_open(anna, {"mode": "classic", "public": True})
    gid = tables.lobby_join(bram, entry["id"])["game_id"]
    stranger = browser.new_context(reduced_motion="reduce")
    try:
        page = stranger.new_page()
        page.goto(live.url + "/lobby")
        row = page.locator(f"#watch-tables li[data-game='{gid}']")
        expect(row).to_contain_text("Open Anna, Open Bram")
        row.get_by_role("link").click()
        page.wait_for_url(f"**/games/{gid}")
        expect(page.locator("#turn-line")).to_contain_text("Open Anna")
    finally:
        stranger.close()


@pytest.fixture
def strict(tmp_path: Path) -> Iterator[str]:
    """A server of its own that lets an address make one profile an hour."""
    seeds = iter(range(1, 1000))
    app = create_app({"DATABASE": tmp_path / "strict.sqlite3", "TESTING": True,
                      "RNG_FACTORY": lambda: random.Random(next(seeds)),
                      "WARM_STRATEGIES": (), "RATE_LIMITS": {"profiles": "1 per hour"}})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


SAYS = {"nl": "Vanaf dit adres zijn kort geleden al veel profielen gemaakt",
        "en": "Many profiles have been made from this address lately",
        "de": "Von dieser Adresse wurden in letzter Zeit schon viele Profile angelegt"}


def test_the_daily_page_says_when_an_address_made_enough_profiles(browser: Any,
                                                                  strict: str) -> None:
    first = browser.new_context()
    try:
        page = first.new_page()
        page.goto(strict + "/daily/classic")
        page.fill("#profile-name", "Eerste")
        page.click("#profile-form button[type=submit]")
        page.wait_for_url("**/games/**")
    finally:
        first.close()
    for lang, text in SAYS.items():
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(f"{strict}/daily/classic?lang={lang}")
            page.fill("#profile-name", "Nog een")
            page.click("#profile-form button[type=submit]")
            expect(page.locator("#daily-error")).to_contain_text(text)
            assert "/games/" not in page.url
            if lang == "nl":
                shot(page, "daily-profile-limit-desktop")
        finally:
            context.close()
