"""Whole games in real headless Chromium: solo, hot-seat, an online table, the hourglass,
keyboard-only play. Screenshots of the main screens are saved as artefacts."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from wordyahtzee.dice import DiceSet

from .conftest import PHONE, shot
from .helpers import (
    claim_best_or_zero,
    game_id,
    server_state,
    start_game,
    throw,
    wait_history,
)


def test_solo_full_game(context: Any, live: Any) -> None:
    page = context.new_page()
    page.goto(live.url + "/")
    shot(page, "start-desktop")
    gid = start_game(page, live, "solo", ["Anna"])
    expect(page.locator("#round-title")).to_contain_text("Ronde 1 van 8")
    total = 0
    for round_no in range(1, 9):
        expect(page.locator("#round-title")).to_contain_text(f"Ronde {round_no} van 8")
        throw(page, 0)
        if round_no == 1:
            page.fill("#word-input", "zzzq")
            expect(page.locator("#feedback li.bad").first).to_be_visible()
            shot(page, "game-turn-desktop")
        total += claim_best_or_zero(page, live, gid)
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#winners")).to_contain_text("Anna")
    state = server_state(live, gid)
    assert state["status"] == "finished" and state["players"][0]["total"] >= total
    stored = live.store.load_game(gid)
    assert stored.status == "finished" and stored.record["players"] == ["Anna"]
    rules_key = live.store.list_games("finished", 50)
    assert any(g["id"] == gid for g in rules_key)
    scores = [e for item in live.store.high_score_lists("woord")
              for e in live.store.high_scores("woord", item["dictionary"], item["rules"])]
    assert any(e.game_id == gid for e in scores)
    if page.locator("#show-best").count():
        page.check("#show-best")
        expect(page.locator("#review-list .best li").first).to_be_visible()
    shot(page, "end-desktop")
    page.goto(live.url + "/highscores")
    expect(page.locator("#lists td a", has_text="Anna").first).to_be_visible()
    shot(page, "highscores-desktop")


def test_hotseat_two_players(context: Any, live: Any) -> None:
    page = context.new_page()
    gid = start_game(page, live, "hotseat", ["Bram", "Cato"], timer=False)
    for turn in range(16):
        name = "Bram" if turn % 2 == 0 else "Cato"
        expect(page.locator("#turn-line")).to_contain_text(name)
        if turn > 0:  # the hand-over screen between players: pass the device to …
            expect(page.locator("#handover")).to_be_visible()
            expect(page.locator("#handover-text")).to_contain_text(f"Geef het apparaat aan {name}")
            if turn == 1:
                shot(page, "hotseat-handover-desktop")
                page.keyboard.press("g")  # no throw behind the hand-over screen
                expect(page.locator("#dice .tile.empty")).to_have_count(7)
                expect(page.locator("#handover-go")).to_be_focused()
            page.click("#handover-go")
            expect(page.locator("#handover")).to_be_hidden()
        throw(page, 0)
        if turn == 3:
            shot(page, "hotseat-desktop")
        claim_best_or_zero(page, live, gid, zero=turn % 3 == 2)
        if turn < 15:
            expect(page.locator("#dice .tile.empty")).to_have_count(7)
    expect(page.locator("#end")).to_be_visible()
    state = server_state(live, gid)
    assert state["status"] == "finished"
    assert [p["name"] for p in state["players"]] == ["Bram", "Cato"]
    expect(page.locator("#final-totals li")).to_have_count(2)


def test_online_table_two_browsers(browser: Any, live: Any) -> None:
    host_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    guest_ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        host = host_ctx.new_page()
        gid = start_game(host, live, "online", ["Dirk", "Eva"])
        expect(host.locator("#invite")).to_be_visible()
        invite = host.locator("#invite-list input").first.input_value()
        assert "#seat=" in invite
        shot(host, "online-invite-desktop")
        guest = guest_ctx.new_page()
        guest.goto(invite)
        expect(guest.locator("#turn-line")).to_contain_text("Dirk")
        expect(guest.locator("#throw")).to_be_disabled()
        # the guest may not act for the host
        for turn in range(16):
            actor, other = (host, guest) if turn % 2 == 0 else (guest, host)
            expect(actor.locator("#throw")).to_be_enabled()
            throw(actor, 0)
            faces = server_state(live, gid)["turn"]["faces"]
            first = faces[0].upper() if faces[0] != "?" else "◆"
            expect(other.locator("#dice .tile .letter").first).to_have_text(first)
            if turn == 1:
                shot(guest, "online-guest-phone")
                guest.reload()  # mid-turn: the state comes back and play carries on
                expect(guest.locator("#dice .tile:not(.empty)")).to_have_count(7)
                expect(guest.locator("#throw")).to_be_enabled()
            before = len(server_state(live, gid)["history"])
            claim_best_or_zero(actor, live, gid, zero=turn > 3)
            wait_history(live, gid, before + 1)
            if turn < 15:
                expect(other.locator("#throw")).to_be_enabled()
        expect(host.locator("#end")).to_be_visible()
        expect(guest.locator("#end")).to_be_visible()
        shot(guest, "online-end-phone")
        stored = live.store.load_game(gid)
        assert stored.status == "finished" and len(stored.events) >= 32
    finally:
        host_ctx.close()
        guest_ctx.close()


def test_timer_runs_out(context: Any, live: Any) -> None:
    page = context.new_page()
    gid = start_game(page, live, "solo", ["Femke"])
    throw(page, 0)
    expect(page.locator("#timer-text")).to_contain_text("s")
    live.clock.advance(61)  # the server's clock: the hourglass is empty
    expect(page.locator("#round-title")).to_contain_text("Ronde 2 van 8")
    state = server_state(live, gid)
    assert state["players"][0]["boxes"]["letters_2"] == 0
    assert state["history"][0].get("timeout") is True
    expect(page.locator("#message")).to_contain_text("tijd om")
    shot(page, "timeout-desktop")


def test_keyboard_only_turn(context: Any, live: Any) -> None:
    page = context.new_page()
    gid = start_game(page, live, "solo", ["Gijs"], timer=False)
    page.locator("body").click(position={"x": 5, "y": 400})
    page.keyboard.press("g")
    expect(page.locator("#dice .tile:not(.empty)")).to_have_count(7)
    page.keyboard.press("1")
    page.keyboard.press("3")
    expect(page.locator("#dice .tile").nth(0)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#dice .tile").nth(2)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#dice .tile.kept")).to_have_count(2)  # and they look kept
    faces = server_state(live, gid)["turn"]["faces"]
    # the throw put the focus in the word field; Esc leaves it, then G throws again
    expect(page.locator("#word-input")).to_be_focused()
    page.keyboard.press("Escape")
    page.keyboard.press("g")
    expect(page.locator("#throw-count")).to_contain_text("3 van 3")
    after = server_state(live, gid)["turn"]["faces"]
    assert after[0] == faces[0] and after[2] == faces[2]
    for _ in range(40):  # Tab to the word field, as a keyboard user does
        if page.evaluate("document.activeElement && document.activeElement.id") == "word-input":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "word-input"
    from .helpers import best_words

    box, words, score = best_words(live, gid)
    if words:
        page.keyboard.type(" ".join(words))
        expect(page.locator(f"#claim-list button[data-box={box}]:not([data-zero])")
               ).to_contain_text(str(score))
        page.keyboard.press("Enter")
    else:
        page.keyboard.press("Tab")
        while page.evaluate("document.activeElement.dataset.zero") != "yes":
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")
    wait_history(live, gid, 1)
    state = server_state(live, gid)
    assert state["players"][0]["boxes"]["letters_2"] == (score if words else 0)
    expect(page.locator("#live")).not_to_be_empty()


def test_pages_render(context: Any, live: Any) -> None:
    page = context.new_page()
    for path, name in (("/rules", "rules"), ("/words", "words")):
        page.goto(live.url + path)
        expect(page.locator("h1")).to_be_visible()
        shot(page, f"{name}-desktop")
    page.fill("#check-words", "huis amsterdam")
    page.click("#check-form button")
    expect(page.locator("#check-results li")).to_have_count(2)
    expect(page.locator("#check-results li.ok")).to_contain_text("huis")
    if page.locator("#solve-form").count():
        page.fill("#solve-letters", "kusnatl")
        page.click("#solve-form button")
        expect(page.locator("#solve-results table")).to_be_visible()
    page.set_viewport_size(PHONE)
    page.goto(live.url + "/?lang=en")
    expect(page.locator("h1")).to_have_text("New game")
    shot(page, "start-phone-en")
    page.goto(live.url + "/?lang=nl")


def test_dice_set_follows_the_dictionary_and_can_be_chosen(context: Any, live: Any) -> None:
    """English words bring English dice; the balanced Dutch set is one choice away."""
    page = context.new_page()
    page.goto(live.url + "/")
    expect(page.locator("#dice-set")).to_have_value("nl")
    page.select_option("#dictionary", "en")
    expect(page.locator("#dice-set")).to_have_value("en")
    page.select_option("#dictionary", "nl-basis")
    expect(page.locator("#dice-set")).to_have_value("nl")
    page.select_option("#dice-set", "nl-balans")
    shot(page, "start-dice-set")
    page.click("button[type=submit]")
    page.wait_for_url("**/games/**")
    gid = game_id(page)
    throw(page, 0)
    state = server_state(live, gid)
    assert state["rules"]["dice_set"] == "nl-balans"
    shown = state["turn"]["faces"]
    assert len(shown) == 7 and DiceSet.load("nl-balans").assign(shown) is not None


def test_the_start_page_notes_the_chosen_dice_and_the_menu_holds_lobby_and_profile(
        context: Any, live: Any) -> None:
    page = context.new_page()
    page.goto(live.url + "/")
    # the daily game's box is about the daily game; the lobby and the profile are in the menu
    expect(page.locator("#daily-entry a[href='/lobby'], #daily-entry a[href='/profile']")
           ).to_have_count(0)
    expect(page.locator(".top nav > a[href='/lobby']")).to_be_visible()
    expect(page.locator(".top nav > a[href='/profile']")).to_be_visible()
    # the note under the dice speaks of the set chosen, and of no other
    notes = page.locator("#dice-set-hint [data-dice-set]:visible")
    expect(notes).to_have_count(1)
    expect(notes).to_have_attribute("data-dice-set", page.locator("#dice-set").input_value())
    expect(notes).not_to_contain_text("Gebalanceerd")
    page.select_option("#dice-set", "nl-balans")
    expect(notes).to_have_count(1)
    expect(notes).to_contain_text("Gebalanceerd")
    page.select_option("#dictionary", "en")
    expect(page.locator("#dice-set")).to_have_value("en")
    expect(notes).to_have_attribute("data-dice-set", "en")
    expect(notes).not_to_contain_text("Gebalanceerd")


def test_two_players_of_the_same_name_are_told_which_name(context: Any, live: Any) -> None:
    """Names must differ (ignoring capitals): the start page names the clash and marks
    both fields, instead of "controleer de namen"; the server says why in its own words."""
    page = context.new_page()
    page.goto(live.url + "/")
    page.check("input[name=kind][value=hotseat]")
    while page.locator("#players input").count() < 3:
        page.click("#add-player")
    for i, name in enumerate(["Anna", "Bram", "anna"]):
        page.fill(f"#player-{i + 1}", name)
    page.click("button[type=submit]")
    expect(page.locator("#start-error")).to_have_text(
        "anna staat er twee keer in: geef elke speler een eigen naam.")
    expect(page.locator("#players input[aria-invalid=true]")).to_have_count(2)
    expect(page.locator("#player-3")).to_be_focused()
    assert "/games/" not in page.url
    page.fill("#player-3", "Cees")
    page.click("button[type=submit]")
    page.wait_for_url("**/games/**")
    answer = live.app.test_client().post("/api/games", json={
        "mode": "classic", "kind": "hotseat", "players": ["Anna", "ANNA"]})
    assert answer.status_code == 400 and answer.json["error"]["code"] == "same_names"


def test_a_blank_sheet_takes_the_number_of_players(context: Any, live: Any) -> None:
    """The sheet's toolbar chooses the players (the sheet redraws at once) and prints."""
    page = context.new_page()
    page.goto(live.url + "/sheets/triple?lang=nl")
    expect(page.locator("#print")).to_have_text("Afdrukken")
    expect(page.locator("#players-show")).to_be_hidden()  # the choice applies itself
    page.select_option("#players", "3")
    page.wait_for_url("**players=3**")
    expect(page.locator(".paper-sheet tbody tr").first.locator("td")).to_have_count(9)
    expect(page.locator(".paper-sheet tr.grand td")).to_have_count(3)
    shot(page, "sheet-triple-3")
    page.emulate_media(media="print")
    expect(page.locator(".sheet-tools")).to_be_hidden()
