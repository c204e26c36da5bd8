"""Kaartspel's screen laid out for people: the scoreboard's totals in full at 1280 px in
every language, and on a phone the dice and the actions on the first screen."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, shot

CARDS = ["large_straight", "small_straight", "four_of_a_kind", "three_of_a_kind",
         "full_house", "chance", "sixes", "fives", "fours", "threes", "twos", "ones"]


def pad_with_cards(live: Any, players: list[str], cards: int) -> dict[str, Any]:
    """A Kaartspel score pad on which the players have placed ``cards`` cards in turn,
    each with a Yahtzee (the real dice's faces entered), the longest names first."""
    client = live.app.test_client()
    made = client.post("/api/games", json={"mode": "kaartspel", "kind": "pad",
                                           "players": players}).get_json()
    gid, token = made["id"], made["links"][0]["token"]
    service = live.tables
    for card in CARDS[:cards]:
        state = service.current_state(gid)
        seat = state["to_move"]
        pawn = state["players"][seat]["pawn"]
        roll = next(r for r in range(1, 7)
                    if state["spaces"][(pawn + r) % 16]["owner"] != seat)
        service.act(gid, token, "roll", {"faces": roll, "seq": state["seq"]})
        state = service.current_state(gid)
        service.act(gid, token, "throw", {"faces": [6] * 5, "seq": state["seq"]})
        state = service.current_state(gid)
        service.act(gid, token, "take", {"card": card, "seq": state["seq"]})
    return dict(made)


@pytest.mark.parametrize("lang", ["nl", "en", "de"])
@pytest.mark.parametrize("players", [
    ["Anna", "Bram"], ["Annabel", "Bartholomeus", "Cornelia", "Dirk-Jan"],
    ["Maximiliaan-Bartholomeus", "Anna"]], ids=["two", "four", "long-name"])
def test_the_scoreboard_shows_its_totals_whole(context: Any, live: Any, lang: str,
                                               players: list[str]) -> None:
    made = pad_with_cards(live, players, 12)
    page = context.new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(live.url + made["links"][0]["url"].replace("#", f"?lang={lang}#"))
    expect(page.locator("#scoreboard tbody tr")).to_have_count(len(players))
    wrap = page.locator("#scoreboard").locator("xpath=..")
    widths = wrap.evaluate("w => [w.scrollWidth, w.clientWidth]")
    over = wrap.evaluate("""w => { const r = w.getBoundingClientRect().right;
      return [...w.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > r)
        .map(e => e.tagName + '.' + e.className + ':' + e.textContent.slice(0, 30)); }""")
    assert widths[0] <= widths[1], (widths, over)
    # measured in one go in the page: the scoreboard redraws as the table's state arrives
    card, totals = page.locator("#scoreboard").evaluate("""b => {
      const right = e => e.getBoundingClientRect().right;
      return [right(b.closest('section')), [...b.querySelectorAll('.total')].map(right)]; }""")
    assert len(totals) == len(players) and all(r <= card for r in totals), (lang, totals, card)
    # whose turn it is, in the Casino tray: within its felt, however long the name
    name, felt = page.locator("#board").evaluate("""b => [b.querySelector('.tray-player'),
      b.querySelector('.tray-felt')].map(e => { const r = e.getBoundingClientRect();
      return [r.left, r.right]; })""")
    assert felt[0] <= name[0] and name[1] <= felt[1], (players, name, felt)
    shot(page, f"kaartspel-scoreboard-{lang}-{len(players)}-{len(max(players, key=len))}")


@pytest.mark.parametrize("kind", ["hotseat", "online"])
def test_on_a_phone_the_dice_and_actions_are_on_the_first_screen(browser: Any, live: Any,
                                                                 kind: str) -> None:
    """A turn's actions need no scrolling on a phone: the board, the red die's button,
    the black dice, the throw button and the first card to take all on the first screen
    (at an online table too, whose seats come after the game)."""
    ctx = browser.new_context(viewport=PHONE, reduced_motion="reduce")
    try:
        page = ctx.new_page()
        for _ in range(30):  # online: a table whose host (with the invite links) starts
            made = live.app.test_client().post("/api/games", json={
                "mode": "kaartspel", "kind": kind, "players": ["Anna", "Bram", "Cees"]}
            ).get_json()
            if made["state"]["to_move"] == 0:
                break
        assert made["state"]["to_move"] == 0
        page.goto(live.url + made["links"][0]["url"])
        expect(page.locator("#roll")).to_be_visible()
        shot(page, f"kaartspel-phone-{kind}-roll")
        screen = PHONE["height"]

        def on_first_screen(selector: str) -> None:
            box = page.locator(selector).bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= screen, (selector, box)

        on_first_screen("#roll")
        page.keyboard.press("r")
        expect(page.locator("#throw")).to_be_enabled()
        expect(page.locator("#game")).to_have_attribute("data-busy", "no")
        page.keyboard.press("g")
        expect(page.locator("#take-list button").first).to_be_visible()
        expect(page.locator("#game")).to_have_attribute("data-busy", "no")
        assert page.evaluate("window.scrollY") == 0
        shot(page, f"kaartspel-phone-{kind}-throw")
        for selector in ("#board", "#dice", "#throw", "#take-list button >> nth=0"):
            on_first_screen(selector)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        ctx.close()
