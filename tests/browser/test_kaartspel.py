"""Kaartspel in real headless Chromium: a whole solo game against a greedy and a beginner
computer, every move made through the page (buttons and keys), with screenshots of the
start, the board mid-game (desktop and phone), the hint, the Casino round and the end; the
high-score page ranked by wins."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import expect

from .conftest import DESKTOP, PHONE, shot
from .helpers import server_state, start_kaartspel, wait_moved, wait_page_seq

PHONE_375 = {"width": 375, "height": PHONE["height"]}


def my_move(page: Any, state: dict[str, Any], counts: dict[str, int]) -> None:
    """One legal action through the page: the best card offered, else throw on (keeping the
    most common face, by key), else take nothing; roll with R; now and then stop."""
    actions = {o["action"] for o in state["options"]}
    takes = page.locator("#take-list button[data-card]:not([data-card=''])")
    if "take" in actions:
        expect(page.locator("#takes")).to_be_visible()
        if takes.count():
            takes.first.focus()
            page.keyboard.press("Enter")           # Tab/Enter reach the takes
            counts["take"] += 1
        elif "throw" in actions:
            dice = state["dice"]
            face = max(set(dice), key=dice.count)
            for i, d in enumerate(dice):   # kept dice stay kept from the last throw
                die = page.locator(f"#dice .die[data-die='{i}']")
                if (die.get_attribute("aria-pressed") == "true") != (d == face):
                    page.keyboard.press(str(i + 1))
                expect(die).to_have_attribute("aria-pressed", "true" if d == face else "false")
            page.keyboard.press("g")
            counts["throw"] += 1
        else:
            page.click("#take-none")
            counts["nothing"] += 1
    elif "throw" in actions and state["phase"] == "throw":
        expect(page.locator("#throw")).to_be_enabled()
        page.keyboard.press("g")
        counts["throw"] += 1
    elif "stop" in actions and counts["roll"] % 3 == 0:
        page.click("#stop")
        counts["stop"] += 1
        counts["roll"] += 1
    else:
        expect(page.locator("#roll")).to_be_visible()
        page.keyboard.press("r")
        counts["roll"] += 1


def test_kaartspel_solo_game_against_computers(context: Any, live: Any) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    gid = start_kaartspel(page, live)
    state = server_state(live, gid)
    assert [s["computer"] for s in state["seats"]] == [None, "greedy", "beginner"]
    assert [p["corner"] for p in state["players"]] == [0, 4, 8]
    assert page.locator("#board .joker").count() == 4
    shot(page, "kaartspel-board-start-desktop")
    counts = {"take": 0, "throw": 0, "nothing": 0, "roll": 0, "stop": 0}
    shots = {"mid": False, "hint": False, "casino": False}
    end = time.monotonic() + 600
    while True:
        assert time.monotonic() < end, "the game did not end in time"
        live.tables.settle(gid, 30)
        state = server_state(live, gid)
        if state["status"] == "finished":
            break
        if state["current_seat"] != 0:
            continue
        wait_page_seq(page, state["seq"])
        if state["casino"] and not shots["casino"]:
            expect(page.locator("#casino-flag")).to_be_visible()
            expect(page.locator("#round-title")).to_contain_text("Casino-ronde")
            shot(page, "kaartspel-casino-desktop")
            shots["casino"] = True
        if not shots["hint"] and state["phase"] == "throw" and state["throws"] == 1 \
                and any(o["action"] == "throw" for o in state["options"]):
            page.keyboard.press("h")
            expect(page.locator("#hint")).to_have_attribute("data-ready", "yes")
            expect(page.locator("#hint-table tbody tr").first).to_be_visible()
            expect(page.locator("#hint-table")).to_contain_text("%")
            shot(page, "kaartspel-hint-desktop")
            shots["hint"] = True
        if not shots["mid"] and len(state["history"]) >= 12:
            shot(page, "kaartspel-board-mid-desktop")
            page.set_viewport_size(PHONE_375)
            expect(page.locator("#board")).to_be_visible()
            assert page.evaluate("document.documentElement.scrollWidth") <= 375
            shot(page, "kaartspel-board-mid-phone")
            page.set_viewport_size(DESKTOP)
            shots["mid"] = True
        my_move(page, state, counts)
        wait_moved(live, gid, state["seq"])
    wait_page_seq(page, state["seq"])
    expect(page.locator("#end")).to_be_visible()
    winners = state["winners"]
    expect(page.locator("#winners")).to_contain_text(winners[0])
    expect(page.locator("#final-totals li")).to_have_count(3)
    assert counts["take"] > 0 and counts["roll"] > 0 and counts["throw"] > 0
    assert shots["casino"], "the Casino round was not seen on Anna's turn"
    shot(page, "kaartspel-end-desktop")
    page.set_viewport_size(PHONE_375)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    shot(page, "kaartspel-end-phone")
    assert not errors, errors
    # the high scores rank Kaartspel by wins; Anna asked for a Tip, so her game counts only
    # in the lists with the games that used one
    page.set_viewport_size(DESKTOP)
    page.goto(live.url + "/highscores?lang=nl")
    page.check("#with-tips")
    board = page.locator("section.wins-list")
    expect(board).to_be_visible()
    expect(board).to_contain_text("Anna")
    expect(board).to_contain_text("Gewonnen")
    shot(page, "kaartspel-highscores-desktop")


def test_kaartspel_rules_and_english_page(context: Any, live: Any) -> None:
    page = context.new_page()
    page.goto(live.url + "/rules?lang=nl")
    rules = page.locator("#kaartspel-rules")
    for word in ("ruit", "JOKER-hoek", "Yahtzee-fiche", "Casino-ronde", "stelen", "verhogen"):
        expect(rules).to_contain_text(word)
    page.goto(live.url + "/rules?lang=en")
    expect(page.locator("#kaartspel-rules")).to_contain_text("Casino round")
    r = live.app.test_client().post("/api/games", json={
        "mode": "kaartspel", "kind": "hotseat", "players": ["Anna", "Bram"]})
    link = r.get_json()["links"][0]
    page.goto(live.url + link["url"].replace("#", "?lang=en#"))
    expect(page.locator("#board .space")).to_have_count(16)
    expect(page.locator("#roll")).to_be_visible()
    expect(page.locator("#roll")).to_have_text("Roll red")
    seq = int(page.locator("#game").get_attribute("data-seq"))
    page.keyboard.press("r")
    expect(page.locator("#game")).to_have_attribute("data-seq", str(seq + 1))
    expect(page.locator("#phase-line")).not_to_be_empty()
    expect(page.locator("#live")).to_contain_text("rolls")
    shot(page, "kaartspel-english-desktop")


def test_kaartspel_pawns_jump_under_reduced_motion(browser: Any, live: Any) -> None:
    ctx = browser.new_context(viewport=PHONE_375, reduced_motion="reduce")
    try:
        page = ctx.new_page()
        r = live.app.test_client().post("/api/games", json={
            "mode": "kaartspel", "kind": "hotseat", "players": ["Anna", "Bram", "Cees", "Dirk"]})
        page.goto(live.url + r.get_json()["links"][0]["url"])
        expect(page.locator("#board .pawn")).to_have_count(4)
        assert page.locator("#board .pawn").first.evaluate(
            "p => getComputedStyle(p).transitionDuration") == "0s"
        assert page.locator("#board .joker-label").count() == 4   # four seats, four colours
        page.keyboard.press("r")
        expect(page.locator("#game")).to_have_attribute("data-phase", re.compile("throw|choose"))
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        shot(page, "kaartspel-four-players-phone")
    finally:
        ctx.close()


def test_kaartspel_online_seats_and_hotseat_handover(context: Any, live: Any) -> None:
    client = live.app.test_client()
    page = context.new_page()
    online = client.post("/api/games", json={
        "mode": "kaartspel", "kind": "online", "players": ["Anna", "Bram"]}).get_json()
    page.goto(live.url + online["links"][0]["url"])
    expect(page.locator("#seats")).to_be_visible()
    expect(page.locator("#seat-list li")).to_have_count(2)
    shot(page, "kaartspel-online-desktop")
    hot = client.post("/api/games", json={
        "mode": "kaartspel", "kind": "hotseat", "players": ["Anna", "Bram"]}).get_json()
    page.goto(live.url + hot["links"][0]["url"])
    expect(page.locator("#roll")).to_be_visible()
    first = page.locator("#turn-line").inner_text()
    page.keyboard.press("r")
    expect(page.locator("#throw")).to_be_enabled()
    expect(page.locator("#game")).to_have_attribute("data-busy", "no")
    page.keyboard.press("g")
    page.locator("#take-none").click()
    expect(page.locator("#handover")).to_be_visible()    # the device goes to the other player
    page.locator("#handover-go").click()
    expect(page.locator("#handover")).to_be_hidden()
    assert page.locator("#turn-line").inner_text() != first
