"""The score pad in real headless Chromium, on a phone: a whole classic game and a whole Woord
Yahtzee game played with "real dice" whose faces are tapped or typed in, the classic sheet's
+/− reckoning of the upper section against hand-computed values, and the hourglass turned
by a tap."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from .conftest import shot
from .helpers import game_id, server_state, start_pad, wait_history

PHONE = {"width": 375, "height": 667}
RECORDS = Path(__file__).resolve().parents[1] / "records"

# (pips, box): the upper section ends at 59, three of each less 4: 4 short of the bonus
CLASSIC_TURNS = [
    ([3, 3, 3, 3, 1], "threes"), ([5, 5, 1, 2, 4], "fives"), ([1, 1, 1, 2, 3], "ones"),
    ([2, 2, 4, 4, 6], "twos"), ([4, 4, 4, 4, 4], "yahtzee"), ([6, 6, 6, 1, 2], "sixes"),
    ([4, 4, 4, 1, 1], "fours"), ([2, 3, 3, 3, 3], "three_of_a_kind"),
    ([5, 5, 5, 5, 2], "four_of_a_kind"), ([2, 2, 3, 3, 3], "full_house"),
    ([1, 2, 3, 4, 6], "small_straight"), ([2, 3, 4, 5, 6], "large_straight"),
    ([6, 6, 5, 5, 4], "chance"),
]
# by hand: each upper box against three of its face
PAR = {"ones": "3 (0)", "twos": "4 (−2)", "threes": "12 (+3)", "fours": "12 (0)",
       "fives": "10 (−5)", "sixes": "18 (0)"}


def test_a_whole_classic_game_on_the_pad(browser: Any, live: Any) -> None:
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                              reduced_motion="reduce")
    ctx.set_default_timeout(15_000)
    errors: list[str] = []
    try:
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        gid = start_pad(page, live, "classic", ["Anna"])
        expect(page.locator("#throw")).to_be_hidden()    # the server throws nothing
        for n, (pips, box) in enumerate(CLASSIC_TURNS):
            for p in pips:
                page.locator(f"#pad-keys .die[data-pips='{p}']").tap()
            expect(page.locator("#dice .die:not(.empty)")).to_have_count(5)
            if n == 0:
                shot(page, "pad-classic-entry-phone")
            page.click("#pad-record")
            expect(page.locator("#throw-count")).to_contain_text("2 van 3")  # it arrived
            assert server_state(live, gid)["turn"]["dice"] == pips
            page.locator(f"#sheet button.option[data-box={box}]").click()
            wait_history(live, gid, n + 1)
            if n == 6:   # the upper section is full: its reckoning, checked by hand
                for upper, text in PAR.items():
                    row = page.locator("#sheet tr", has=page.locator("th", has_text=_name(upper)))
                    expect(row.locator("td").first).to_have_text(text)
                expect(page.locator("#sheet tr.par-row").first.locator("td")).to_have_text("−4")
                expect(page.locator("#sheet tr.par-row").nth(1).locator("td")).to_have_text("4")
                shot(page, "pad-classic-sheet-phone")
        expect(page.locator("#end")).to_be_visible()
        state = server_state(live, gid)
        assert state["status"] == "finished" and state["players"][0]["total"] == 266
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        # a read-only link to the finished game: it shows the sheet, and no way to play
        link = page.locator("#share-link")
        expect(link).to_have_attribute("href", f"{live.url}/games/{gid}")
        viewer = browser.new_page(viewport=PHONE)
        viewer.goto(f"{live.url}/games/{gid}")
        expect(viewer.locator("#end")).to_be_visible()
        expect(viewer.locator("#sheet")).to_contain_text("266")
        expect(viewer.locator("#pad-entry")).to_be_hidden()
        viewer.close()
        # the solo high-score list holds it, marked as played with real dice
        page.goto(live.url + "/highscores")
        row = page.locator("#lists tr", has=page.locator(f"a[href='/games/{gid}']"))
        expect(row).to_contain_text("echte stenen")
        assert not errors, errors
    finally:
        ctx.close()


def _name(box: str) -> str:
    return {"ones": "Enen", "twos": "Tweeën", "threes": "Drieën", "fours": "Vieren",
            "fives": "Vijven", "sixes": "Zessen"}[box]


def test_an_impossible_throw_on_the_pad_says_why(browser: Any, live: Any) -> None:
    """Letters the seven dice cannot show together grey the keys and the record button, and
    the page says why: a letter asked for more often than dice show it, or a clash."""
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        start_pad(page, live, "woord", ["Anna"], timer=False, dice_set="nl")
        why = page.locator("#pad-why")
        expect(why).to_be_hidden()
        page.fill("#pad-letters", "wwwwwww")
        expect(page.locator("#pad-record")).to_be_disabled()
        expect(why).to_be_visible()
        expect(why).to_have_text("Maar 1 steen heeft een W.")  # one die of the nl set has a W
        page.fill("#pad-letters", "qa")
        expect(why).to_have_text("Geen enkele steen heeft een Q.")
        page.fill("#pad-letters", "wu")  # both only on the same die
        expect(why).to_have_text("Deze letters passen niet samen op de zeven stenen.")
        page.fill("#pad-letters", "cakbdhm")  # one letter of each die
        expect(why).to_be_hidden()
        expect(page.locator("#pad-record")).to_be_enabled()
    finally:
        ctx.close()


def test_a_pad_without_a_box_takes_any_real_box(browser: Any, live: Any) -> None:
    """A score pad started without an own box takes what any real box can show: every
    letter a-z, one blank a throw (a family's Q and three Z's), says so on the page, and
    offers no Tip; another kind of game never offers those dice."""
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        page.goto(live.url + "/?mode=woord")
        expect(page.locator("#dice-set option[value=nl-any]")).to_be_hidden()
        expect(page.locator("#dice-set")).to_have_value("nl")
        page.check("input[name=kind][value=pad]")
        expect(page.locator("#dice-set")).to_have_value("nl-any")
        expect(page.locator("#dice-set-hint")).to_contain_text("elke letter a–z")
        page.check("input[name=kind][value=solo]")
        expect(page.locator("#dice-set")).to_have_value("nl")
        gid = start_pad(page, live, "woord", ["Anna"], timer=False)
        assert server_state(live, gid)["rules"]["dice_set"] == "nl-any"
        expect(page.locator("#pad-any-box")).to_be_visible()
        expect(page.locator("#pad-any-box")).to_contain_text("kent jullie stenen niet")
        expect(page.locator("#hint-button")).to_be_hidden()
        expect(page.locator("#pad-free")).to_contain_text("1: A–Z")
        why = page.locator("#pad-why")
        page.fill("#pad-letters", "??")
        expect(why).to_have_text("Maar 1 steen heeft een blanco.")
        page.fill("#pad-letters", "")
        for letter in "qzzzxy?":
            page.locator(f"#pad-keys button[data-letter='{letter}']").tap()
        expect(why).to_be_hidden()
        shot(page, "pad-any-box-phone")
        page.click("#pad-record")
        for _ in range(100):
            if server_state(live, gid)["turn"]["throws"] == 1:
                break
            page.wait_for_timeout(50)
        assert sorted(server_state(live, gid)["turn"]["faces"]) == sorted("qzzzxy?")
    finally:
        ctx.close()


def test_a_whole_woord_game_on_the_pad(browser: Any, live: Any) -> None:
    data = json.loads((RECORDS / "woord" / "solo-strict.json").read_text(encoding="utf-8"))
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                              reduced_motion="reduce")
    ctx.set_default_timeout(15_000)
    errors: list[str] = []
    try:
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        # the record was played on the site's own dice: the pad referees by them
        gid = start_pad(page, live, "woord", ["Anna"], timer=False, dice_set="nl")
        for n, turn in enumerate(data["record"]["turns"]):
            for t, faces in enumerate(turn["throws"]):
                if n == 0:   # tapped on the keys of the dice's letters
                    for letter in faces:
                        page.locator(f"#pad-keys button[data-letter='{letter}']").tap()
                    # a letter no free die can show is greyed out
                    expect(page.locator("#pad-keys button[data-letter='e']")).to_be_disabled()
                    shot(page, "pad-woord-entry-phone")
                    page.click("#pad-record")
                else:        # or typed, once the page has taken the throw before
                    # the last claim's state may still redraw the pad (and empty the
                    # field) as the letters go in: typed again then, as a person would
                    for _ in range(3):
                        page.fill("#pad-letters", faces)
                        if page.locator("#pad-record").is_enabled():
                            break
                        page.wait_for_timeout(500)
                    expect(page.locator("#pad-record")).to_be_enabled()
                    page.locator("#pad-letters").press("Enter")
                expect(page.locator("#throw-count")).to_contain_text(
                    str(min(t + 2, 3)) if t + 1 < 3 else "")
                for _ in range(100):
                    if server_state(live, gid)["turn"]["throws"] == t + 1:
                        break
                    page.wait_for_timeout(50)
                assert server_state(live, gid)["turn"]["throws"] == t + 1
            claim = turn["claim"]
            if claim["words"]:
                page.fill("#word-input", " ".join(claim["words"]))
                button = page.locator(f"#claim-list button[data-box={claim['box']}]"
                                      ":not([data-zero])")
                expect(button).to_be_enabled()
                button.click()
            else:
                page.locator(f"#claim-list button[data-box={claim['box']}][data-zero]").click()
            wait_history(live, gid, n + 1)
            if n == 0:   # after a claim: what that throw held, per box
                expect(page.locator("#review-list li .best li").first).to_be_visible()
                shot(page, "pad-woord-best-phone")
        expect(page.locator("#end")).to_be_visible()
        state = server_state(live, gid)
        assert state["players"][0]["total"] == data["result"]["players"][0]["total"] == 211
        assert not errors, errors
    finally:
        ctx.close()


def test_the_pad_hourglass_turns_with_a_tap(browser: Any, live: Any) -> None:
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        gid = start_pad(page, live, "woord", ["Anna", "Bram"])
        button = page.locator("#pad-hourglass")
        expect(button).to_be_visible()
        button.tap()
        expect(button).to_be_hidden()
        assert server_state(live, gid)["turn"]["deadline"] is not None
        expect(page.locator("#timer-text")).to_contain_text("s")
        live.clock.advance(61)   # nobody claimed in time: the turn scores 0
        expect(page.locator("#message")).to_contain_text("tijd", ignore_case=True,
                                                         timeout=20_000)
        state = server_state(live, gid)
        assert state["history"][0]["timeout"] and state["turn"]["player"] == 1
    finally:
        ctx.close()


def test_your_own_box_is_entered_once_shared_and_played(browser: Any, live: Any) -> None:
    """A family enters its box once on a phone: it is this browser's, listed here and on the
    start page, and the pad referees by its letters; another browser finds it nowhere
    until it opens the link, and then plays with it too."""
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    other = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        page.goto(live.url + "/dice")
        expect(page.locator("#box-list")).to_have_count(0)   # no boxes yet
        page.fill("#box-title-input", "De doos van oma")
        page.locator(".face-letter").nth(5).fill("Q")       # die 1, face 6: a Q worth 10
        page.locator(".face-points").nth(5).fill("10")
        page.locator(".face-letter").nth(6).fill("Ä")       # die 2, face 1: Ä counts as A
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        shot(page, "pad-own-box-phone")
        page.click("#box-form button[type=submit]")
        page.wait_for_url("**/dice/box-*")
        name = page.url.rsplit("/", 1)[-1]
        assert len(name) == 30  # the server's name for it: its link
        expect(page.locator("h1")).to_contain_text("De doos van oma")
        expect(page.locator("#box-dice tbody tr").first).to_contain_text("Q10")
        expect(page.locator("#box-link")).to_have_attribute("href", f"{live.url}/dice/{name}")
        expect(page.locator("main")).to_contain_text("Dit is jouw doos")
        shot(page, "pad-own-box-shared-phone")
        # this browser finds its box again: on /dice, and among the start page's dice
        page.goto(live.url + "/dice")
        expect(page.locator(f"#box-list li[data-box='{name}']")).to_contain_text(
            "De doos van oma")
        shot(page, "pad-own-box-list-phone")
        page.goto(live.url + "/?mode=woord")
        expect(page.locator(f"#dice-set option[value='{name}']")).to_have_count(1)
        # another browser sees it nowhere without the link
        stranger = other.new_page()
        stranger.goto(live.url + "/?mode=woord")
        expect(stranger.locator(f"#dice-set option[value='{name}']")).to_have_count(0)
        expect(stranger.locator("#dice-set-hint")).to_contain_text("eigen ontwerp")
        stranger.goto(live.url + "/dice")
        expect(stranger.locator("#box-list")).to_have_count(0)
        # with the link it opens the box, and starts a score pad with it
        stranger.goto(f"{live.url}/dice/{name}")
        expect(stranger.locator("main")).to_contain_text("Iemand deelde deze doos met je")
        shot(stranger, "pad-own-box-by-link-phone")
        stranger.click("#box-start")
        expect(stranger.locator("#dice-set")).to_have_value(name)
        expect(stranger.locator("input[name=kind][value=pad]")).to_be_checked()
        stranger.fill("#player-1", "Oma")
        stranger.click("button[type=submit]")
        stranger.wait_for_url("**/games/**")
        expect(stranger.locator("#pad-keys button[data-letter='q']")).to_be_visible()
        shot(stranger, "pad-own-box-keys-phone")
        gid = game_id(stranger)
        assert server_state(live, gid)["rules"]["dice_set"] == name
        # its owner deletes it: gone from its list; the game plays on with its copy
        page.goto(live.url + "/dice")
        page.click(f"#box-list button[data-box='{name}']")
        expect(page.locator(f"#box-list li[data-box='{name}']")).to_have_count(0)
        stranger.reload()
        expect(stranger.locator("#pad-keys button[data-letter='q']")).to_be_visible()
    finally:
        ctx.close()
        other.close()


def test_a_kaartspel_pad_takes_the_red_die_the_black_dice_and_a_card(browser: Any,
                                                                     live: Any) -> None:
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                              reduced_motion="reduce")
    ctx.set_default_timeout(15_000)
    try:
        page = ctx.new_page()
        page.goto(live.url + "/")
        page.check("input[name=mode][value=kaartspel]")
        page.check("input[name=kind][value=pad]")
        page.fill("#player-1", "Anna")
        page.click("#add-player")
        page.fill("#player-2", "Bram")
        page.click("button[type=submit]")
        page.wait_for_url("**/games/**")
        gid = game_id(page)
        state = server_state(live, gid)
        mover, square = state["to_move"], state["players"][state["to_move"]]["pawn"]
        page.click("#roll")
        page.locator("#red-keys .die[data-pips='2']").tap()      # the real red die: 2
        expect(page.locator("#throw")).to_be_visible()
        assert server_state(live, gid)["players"][mover]["pawn"] == (square + 2) % 16
        page.click("#throw")
        for p in (2, 3, 4, 5, 6):
            page.locator(f"#pad-keys .die[data-pips='{p}']").tap()
        page.click("#pad-record")
        expect(page.locator("#take-list button[data-card=large_straight]")).to_be_visible()
        assert server_state(live, gid)["dice"] == [2, 3, 4, 5, 6]
        shot(page, "pad-kaartspel-phone")
        page.click("#take-list button[data-card=large_straight]")
        for _ in range(100):
            state = server_state(live, gid)
            if state["players"][mover]["total"]:
                break
            page.wait_for_timeout(50)
        assert state["players"][mover]["total"] == 70
    finally:
        ctx.close()


def test_an_entry_made_offline_waits_and_goes_through(browser: Any, live: Any) -> None:
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        gid = start_pad(page, live, "classic", ["Anna"])
        for p in (6, 6, 6, 2, 1):
            page.locator(f"#pad-keys .die[data-pips='{p}']").tap()
        ctx.set_offline(True)
        page.click("#pad-record")
        expect(page.locator("#message")).to_contain_text("Geen verbinding")
        assert server_state(live, gid)["seq"] == 0         # nothing arrived, nothing lost
        assert page.evaluate(f"localStorage.getItem('wy-queue-{gid}')")
        shot(page, "pad-offline-phone")
        ctx.set_offline(False)
        expect(page.locator("#message")).to_contain_text("Verbinding terug", timeout=20_000)
        state = server_state(live, gid)
        assert state["seq"] == 1 and state["turn"]["dice"] == [6, 6, 6, 2, 1]
        assert page.evaluate(f"localStorage.getItem('wy-queue-{gid}')") is None
    finally:
        ctx.close()


def test_an_entry_queued_by_an_older_page_still_goes_through(browser: Any, live: Any) -> None:
    """Pages before one route per action queued a note as ``act/note``: the page of today
    sends it as the action ``note``, so an update loses no entry waiting offline."""
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        gid = start_pad(page, live, "classic", ["Anna"])
        entry = {"action": "act/note", "body": {"box": "chance", "points": 20, "seq": 0}}
        page.evaluate("([key, entry]) => localStorage.setItem(key, JSON.stringify(entry))",
                      [f"wy-queue-{gid}", entry])
        page.reload()
        for _ in range(100):
            if server_state(live, gid)["seq"]:
                break
            page.wait_for_timeout(100)
        state = server_state(live, gid)
        assert state["players"][0]["boxes"]["chance"] == 20, state  # the note was written
        assert page.evaluate(f"localStorage.getItem('wy-queue-{gid}')") is None
    finally:
        ctx.close()


def test_a_box_noted_without_its_throw(browser: Any, live: Any) -> None:
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        gid = start_pad(page, live, "classic", ["Anna"])
        page.locator("#pad-note summary").click()
        page.select_option("#note-box", "fours")
        page.fill("#note-value", "13")                    # no throw gives 13 in fours
        page.click("#note-save")
        expect(page.locator("#message")).to_contain_text("geen worp")
        page.fill("#note-value", "12")
        page.click("#note-save")
        wait_history(live, gid, 1)
        row = page.locator("#sheet tr", has=page.locator("th", has_text="Vieren"))
        expect(row.locator("td").first).to_have_text("12 (0)")
        page = ctx.new_page()
        gid = start_pad(page, live, "woord", ["Anna"], timer=False)
        page.locator("#pad-note summary").click()
        page.select_option("#note-box", "letters_2")
        page.fill("#note-value", "ja")
        page.click("#note-save")
        wait_history(live, gid, 1)
        assert server_state(live, gid)["players"][0]["boxes"]["letters_2"] == 5
    finally:
        ctx.close()
