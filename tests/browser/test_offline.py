"""Offline, the site goes on as far as it can (the service worker, web/static/sw.js): a page
this browser visited reloads as last seen, a score pad reloaded offline shows its sheet and
takes a throw that waits for the connection, the rules and the blank sheets work in full,
and a page never visited says in the site's words that it needs the server."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import expect

from .conftest import PHONE
from .helpers import server_state, start_game, start_pad


def _worker_ready(page: Any) -> None:
    """Wait until the service worker controls the page and has kept the offline pages."""
    page.evaluate("navigator.serviceWorker.ready")
    end = time.monotonic() + 20
    while not page.evaluate("caches.open('wy-pages').then((c) => c.match('/offline'))"
                            ".then((hit) => Boolean(hit))"):
        assert time.monotonic() < end, "the worker kept no offline page"
        time.sleep(0.1)
    if not page.evaluate("Boolean(navigator.serviceWorker.controller)"):
        page.reload()  # the first visit's page is not yet under the worker
    # the page itself is kept (loaded under the worker, or kept by it when it took over)
    while not page.evaluate("caches.open('wy-pages').then((c) => c.match(location.pathname"
                            " + location.search)).then((hit) => Boolean(hit))"):
        assert time.monotonic() < end, "the worker did not keep the open page"
        time.sleep(0.1)


def test_pages_reload_offline_and_a_pad_takes_a_throw(browser: Any, live: Any) -> None:
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                              reduced_motion="reduce")
    try:
        page = ctx.new_page()
        gid = start_pad(page, live, "classic", ["Anna"])
        _worker_ready(page)
        expect(page.locator("#pad-entry")).to_be_visible()
        game = start_game(ctx.new_page(), live, "solo", ["Bram"])
        ctx.set_offline(True)
        # the pad: reloaded offline, its sheet is there and a throw waits in the page
        page.reload()
        expect(page.locator("#pad-entry")).to_be_visible()
        for pips in (5, 5, 5, 3, 3):
            page.locator(f"#pad-keys .die[data-pips='{pips}']").tap()
        expect(page.locator("#message")).to_contain_text("Geen verbinding: dit is de stand")
        page.click("#pad-record")
        expect(page.locator("#message")).to_contain_text("je invoer is bewaard")
        assert server_state(live, gid)["seq"] == 0
        # the rules and a blank sheet, kept at install, never visited
        page.goto(live.url + "/rules")
        expect(page.locator("h1")).to_contain_text("Spelregels")
        page.goto(live.url + "/sheets/triple")
        expect(page.locator("table.paper-sheet")).to_be_visible()
        # a game page visited before reloads; a page never visited says it needs the server
        page.goto(f"{live.url}/games/{game}")
        expect(page.locator("#game")).to_have_attribute("data-game-id", game)
        page.goto(live.url + "/highscores")
        expect(page.locator("h1")).to_have_text("Geen verbinding")
        expect(page.locator("#offline-title")).to_be_visible()
        # back online, the pad's throw goes through
        ctx.set_offline(False)
        page.goto(f"{live.url}/games/{gid}")
        for _ in range(100):
            if server_state(live, gid)["seq"]:
                break
            page.wait_for_timeout(100)
        assert server_state(live, gid)["turn"]["dice"] == [5, 5, 5, 3, 3]
    finally:
        ctx.close()


def test_a_page_holding_a_secret_is_never_kept(browser: Any, live: Any) -> None:
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(live.url + "/rules")
        _worker_ready(page)
        page.goto(live.url + "/profile")
        page.goto(live.url + "/moderate/login")
        kept = page.evaluate("caches.open('wy-pages').then((c) => c.keys())"
                             ".then((keys) => keys.map((r) => new URL(r.url).pathname))")
        assert "/rules" in kept and "/profile" not in kept
        assert not any(path.startswith("/moderate") for path in kept), kept
    finally:
        ctx.close()


def _pad_throw(page: Any, pips: tuple[int, ...]) -> None:
    for n in pips:
        page.locator(f"#pad-keys .die[data-pips='{n}']").tap()
    page.click("#pad-record")


def test_a_game_reloaded_offline_shows_its_last_state_and_its_entry_counts(
        browser: Any, live: Any) -> None:
    """Reloaded offline, a game shows the state it last showed (after its last throw, not
    the one it was loaded with), and an entry made then is played, not refused as stale,
    once the connection is back."""
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                              reduced_motion="reduce")
    try:
        page = ctx.new_page()
        gid = start_pad(page, live, "classic", ["Anna"])
        _worker_ready(page)
        _pad_throw(page, (5, 5, 5, 3, 3))  # online: the page shows the throw
        expect(page.locator("#game")).to_have_attribute("data-seq", "1")
        ctx.set_offline(True)
        page.reload()
        expect(page.locator("#game")).to_have_attribute("data-seq", "1")
        expect(page.locator("#dice .die:not(.empty)")).to_have_count(5)
        expect(page.locator("#message")).to_contain_text("Geen verbinding")
        _pad_throw(page, (5, 5, 5, 5, 3))  # waits in the page
        expect(page.locator("#message")).to_contain_text("je invoer is bewaard")
        assert server_state(live, gid)["seq"] == 1
        ctx.set_offline(False)
        end = time.monotonic() + 20
        while server_state(live, gid)["seq"] == 1:
            assert time.monotonic() < end, "the entry was not played"
            page.wait_for_timeout(100)
        state = server_state(live, gid)
        assert state["turn"]["dice"] == [5, 5, 5, 5, 3] and state["turn"]["throws"] == 2
        expect(page.locator("#game")).to_have_attribute("data-seq", str(state["seq"]))
        expect(page.locator("#message")).not_to_contain_text("Geen verbinding")
    finally:
        ctx.close()


def test_an_hourglass_reloaded_offline_runs_on(browser: Any, live: Any) -> None:
    """A Woord Yahtzee turn reloaded without a connection shows its throw, and the
    hourglass goes on from where it was (it ran meanwhile), not a frozen "Nog 60 s"."""
    import re

    ctx = browser.new_context(viewport=PHONE, reduced_motion="reduce")
    try:
        page = ctx.new_page()
        start_game(page, live, "solo", ["Olga"])
        _worker_ready(page)
        page.click("#throw")
        expect(page.locator("#dice .tile:not(.empty)")).to_have_count(7)

        def seconds() -> int:
            text = page.locator("#timer-text").inner_text()
            found = re.search(r"\d+", text)
            assert found, text
            return int(found.group())

        expect(page.locator("#timer-text")).not_to_have_text("Nog 60 s")
        page.wait_for_timeout(2000)
        ctx.set_offline(True)
        page.reload()
        expect(page.locator("#dice .tile:not(.empty)")).to_have_count(7)
        expect(page.locator("#message")).to_contain_text("Geen verbinding")
        left = seconds()
        assert left <= 58, left  # the two seconds before the reload passed
        page.wait_for_timeout(2000)
        assert seconds() < left  # and it runs on
        ctx.set_offline(False)
    finally:
        ctx.close()
