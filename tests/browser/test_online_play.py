"""Playing online as people do (issue 12), tried in headless Chromium: who is at the table,
the host's controls (under absent players only) and invite links, the idle countdown,
rematch, the tab title and the sound toggle; and the fixes a new user ran into on the game,
dictionary and error pages."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import expect

from wordyahtzee.solver import solve

from .conftest import SCREENSHOTS, shot
from .helpers import api_game, server_state, start_game, strike_out, throw, wait_gone, wait_history

PHONE_SMALL = {"width": 375, "height": 667}


def test_presence_host_controls_invites_and_idle(browser: Any, live: Any) -> None:
    host_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    host_ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=live.url)
    other_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    guest_ctx = browser.new_context(viewport={"width": 900, "height": 900})
    try:
        setup = host_ctx.new_page()
        made = api_game(setup, live, "woord", "online", ["Dirk", "Eva", "Fem"],
                        {"turn_seconds": None}, idle_seconds=600)
        gid, links = made["id"], made["links"]
        setup.close()
        # the host opens the link on another device: the invites come from the server
        other_ctx.add_init_script("navigator.share = (data) => { window.__shared = data; "
                                  "return Promise.resolve(); };")
        host = other_ctx.new_page()
        host.goto(live.url + links[0]["url"])
        expect(host.locator("#invite")).to_be_visible()
        expect(host.locator("#invite-list li[data-kind=seat]")).to_have_count(2)
        eva_url = host.locator("#invite-list li[data-kind=seat] input").first.input_value()
        assert eva_url == live.url + links[1]["url"]
        host.locator("#invite-list li[data-kind=seat] button.share").first.click()
        assert host.evaluate("window.__shared.url") == eva_url
        # who is at the table: the host is, Eva is not yet
        seats = host.locator("#seat-list li")
        expect(seats).to_have_count(3)
        expect(seats.nth(0).locator(".dot")).to_have_class(re.compile("present"))
        expect(seats.nth(1).locator(".dot")).to_have_class(re.compile("absent"))
        guest = guest_ctx.new_page()
        guest.goto(eva_url)
        expect(seats.nth(1).locator(".dot")).to_have_class(re.compile("present"))
        expect(guest.locator("#invite")).to_be_hidden()  # only the host gets the links
        expect(guest.locator("#seat-list button")).to_have_count(0)
        # copying on the first device (clipboard permitted)
        first = host_ctx.new_page()
        first.goto(live.url + links[0]["url"])
        first.locator("#invite-list button.copy").first.click()
        expect(first.locator("#invite-list button.copy").first).to_have_text("Gekopieerd")
        assert first.evaluate("navigator.clipboard.readText()") == eva_url
        first.close()
        # the tab says whose turn it is
        expect(host).to_have_title(re.compile("^Jij bent aan de beurt"))
        assert not guest.title().startswith("Jij bent")
        # Fem has not come yet: the table's clock waits for her (issue 46)
        expect(host.locator("#idle")).to_contain_text("Wachten op Fem: de klok loopt zodra")
        expect(guest.locator("#idle")).to_contain_text("Wachten op Fem")
        shot(host, "online-seats-host-desktop")
        strike_out(host, live, gid)
        # Eva is at the table though she does not move: no controls under her; nor under
        # Fem, who has not come yet, until she has been away for a minute
        eva_row = host.locator("#seat-list li[data-seat='1']")
        fem_row = host.locator("#seat-list li[data-seat='2']")
        expect(eva_row.locator("button")).to_have_count(0)
        expect(fem_row.locator("button")).to_have_count(0)
        live.clock.advance(61)
        expect(fem_row.locator("button[data-action=remove]")).to_be_visible()
        expect(eva_row.locator("button")).to_have_count(0)
        # Eva closes her page and stays away for a minute: the host skips her turn
        guest.close()
        wait_gone(live, gid, 1)
        live.clock.advance(61)
        skip = eva_row.locator("button[data-action=skip]")
        expect(skip).to_be_visible()
        skip.click()
        wait_history(live, gid, 2)
        assert server_state(live, gid)["history"][1]["skipped"] == "host"
        guest = guest_ctx.new_page()  # back: she reads who skipped her turn, and why
        guest.goto(eva_url)
        expect(guest.locator("#seat-notice-text")).to_contain_text(
            "Dirk (gastheer) heeft je beurt om")
        expect(guest.locator("#seat-notice-text")).to_contain_text("je was 1 minuut weg")
        expect(guest.locator("#seat-return")).to_be_hidden()  # a skip: she is still seated
        expect(eva_row.locator("button")).to_have_count(0)
        # Fem never came: the host removes her; her turns are skipped from now on
        host.once("dialog", lambda dialog: dialog.accept())
        host.click("#seat-list li[data-seat='2'] button[data-action=remove]")
        wait_history(live, gid, 3)
        state = server_state(live, gid)
        assert state["history"][2]["skipped"] == "left" and state["seats"][2]["left"]
        expect(fem_row.locator(".seat-marks")).to_contain_text("vertrokken")
        expect(host.locator("#seat-list li[data-seat='2'] .dot")).to_have_class(re.compile("left"))
        # Woord Yahtzee has computer players: the host may still hand Fem's seat to one
        expect(host.locator("#seat-list button[data-action=computer]")).to_have_count(1)
        shot(host, "online-seats-after-remove-desktop")
        # the idle countdown, now that nobody is waited for: nobody moves; when it runs
        # out the page asks the server
        expect(host.locator("#idle")).to_contain_text("Je verliest je beurt over")
        live.clock.advance(state["idle_seconds"] - 3)
        guest.close()  # a presence change brings the state (and the server's time) to the page
        wait_history(live, gid, 4)
        assert server_state(live, gid)["history"][3]["skipped"] == "absent"
        expect(host.locator("#review-list")).to_contain_text(
            "Dirk: beurt overgeslagen (niet aan tafel)")
    finally:
        host_ctx.close()
        other_ctx.close()
        guest_ctx.close()


def test_host_hands_a_seat_to_the_computer_and_no_hint_meanwhile(browser: Any,
                                                                 live: Any) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    pace = live.tables.computer_pace
    try:
        page = ctx.new_page()
        made = api_game(page, live, "classic", "online", ["Anna", "Bob"])
        gid = made["id"]
        page.goto(live.url + made["links"][0]["url"])
        expect(page.locator("#dice .die")).to_have_count(5)
        row = page.locator("#seat-list li[data-seat='1']")
        expect(row.locator("button")).to_have_count(0)  # Bob may still come
        live.clock.advance(61)  # he has not for a minute: the host may give his seat away
        expect(row.locator("button[data-action=computer]")).to_be_visible()
        expect(row.locator("select option")).to_have_count(3)
        expect(page.locator("#review-title")).to_have_text("Terugblik per beurt")
        page.click("#throw")
        expect(page.locator("#dice .die:not(.empty)")).to_have_count(5)
        page.locator("#sheet button.option").first.click()
        wait_history(live, gid, 1)
        expect(page.locator("#review-list li").first).to_contain_text("Beurt 1, Anna")
        live.tables.computer_pace = 1.5  # slow enough to look at the computer's turn
        row.locator("select").select_option("beginner")
        row.locator("button[data-action=computer]").click()
        expect(page.locator("#turn-line")).to_contain_text("Bob (beginner)")
        expect(page.locator("#hint-button")).to_be_disabled()
        answer = page.request.get(live.url + f"/api/games/{gid}/hint")
        assert answer.status == 422 and answer.json()["error"]["code"] == "computer_to_move"
        shot(page, "classic-computer-took-over-desktop")
        wait_history(live, gid, 2)
        expect(page.locator("#hint-button")).to_be_enabled()
        assert server_state(live, gid)["seats"][1]["computer"] == "beginner"
    finally:
        live.tables.computer_pace = pace
        ctx.close()


def test_rematch_end_screen_and_headings(browser: Any, live: Any) -> None:
    host_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    guest_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        host = host_ctx.new_page()
        made = api_game(host, live, "woord", "online", ["Gert", "Hanna"], {"turn_seconds": None})
        gid = made["id"]
        host.goto(live.url + made["links"][0]["url"])
        expect(host.locator("#throw")).to_be_enabled()
        live.clock.advance(61)  # Hanna has not come for a minute: the host removes her
        host.once("dialog", lambda dialog: dialog.accept())
        host.click("#seat-list li[data-seat='1'] button[data-action=remove]")
        guest = guest_ctx.new_page()  # she watches the game to its end all the same
        guest.goto(live.url + made["links"][1]["url"])
        expect(guest.locator("#seat-return")).to_be_visible()
        for _ in range(8):
            strike_out(host, live, gid)
        for page in (host, guest):
            expect(page.locator("#end")).to_be_visible()
            expect(page.locator("#winners")).to_contain_text("Gert")
            # said once: the heading says the final score, the end card that it is over
            expect(page.locator("main").get_by_text("Het spel is afgelopen")).to_have_count(1)
            expect(page.locator("#round-title")).to_have_text("Eindstand")
        expect(guest.locator("#rematch")).to_have_text("Nog een keer")
        shot(guest, "end-rematch-desktop")
        host.click("#rematch")
        host.wait_for_url(re.compile(r"/games/(?!" + gid + r")\w+#seat="))
        new_id = host.url.split("/games/")[1].split("#")[0]
        assert server_state(live, gid)["rematch"] == new_id
        expect(guest.locator("#rematch-note")).to_be_visible()
        expect(guest.locator("#rematch")).to_have_text("Speel het nieuwe spel mee")
        shot(guest, "end-rematch-waiting-desktop")
        guest.click("#rematch")
        guest.wait_for_url(re.compile(r"/games/" + new_id + "#seat="))
        assert guest.url.split("#seat=")[1] != host.url.split("#seat=")[1]
        expect(guest.locator("#turn-line")).to_contain_text("Wachten op Gert")
        state = server_state(live, new_id)
        assert [p["name"] for p in state["players"]] == ["Gert", "Hanna"]
    finally:
        host_ctx.close()
        guest_ctx.close()


def test_solo_end_says_the_score_and_high_score_headings(context: Any, live: Any) -> None:
    page = context.new_page()
    gid = start_game(page, live, "solo", ["Ilse"], timer=False)
    for _ in range(8):
        strike_out(page, live, gid)
    expect(page.locator("#winners")).to_have_text("Ilse: 0 punten")
    expect(page.locator("main").get_by_text("Winnaar")).to_have_count(0)
    expect(page.locator("main").get_by_text("Het spel is afgelopen")).to_have_count(1)
    shot(page, "end-solo-desktop")
    page.goto(live.url + "/highscores")
    heading = page.locator("#lists h2", has_text="Woord Yahtzee: Nederlands (OpenTaal)").first
    expect(heading).to_be_visible()
    assert "nl;" not in heading.inner_text()
    shot(page, "highscores-headings-desktop")


def test_points_message_review_and_timeout_without_errors(context: Any, live: Any) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    gid = start_game(page, live, "solo", ["Joost"])
    throw(page, 0)
    state = server_state(live, gid)
    box = state["turn"]["round_box"]
    result = solve(state["turn"]["faces"], state["rules"]["dictionary"]).boxes[box]
    if result.words:
        page.fill("#word-input", " ".join(result.words))
        page.locator(f"#claim-list button[data-box={box}]:not([data-zero])").click()
    else:
        page.locator(f"#claim-list button[data-box={box}][data-zero]").click()
    wait_history(live, gid, 1)
    points = server_state(live, gid)["history"][0]["points"]
    expect(page.locator("#message")).to_contain_text(f"schrijft {points} punten")
    expect(page.locator("#review-list li").first).to_contain_text(f"({points})")
    # after the claim the keyboard is where the next step is
    expect(page.locator("#throw")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#dice .tile:not(.empty)")).to_have_count(7)
    expect(page.locator("#word-input")).to_be_focused()
    live.clock.advance(61)  # the hourglass runs out: the page asks the server, no error
    expect(page.locator("#round-title")).to_contain_text("Ronde 3 van 8")
    expect(page.locator("#message")).to_contain_text("tijd om")
    assert not errors, errors


def test_special_claim_names_the_zeroed_box(context: Any, live: Any) -> None:
    page = context.new_page()
    gid = start_game(page, live, "solo", ["Kees"], timer=False)
    for attempt in range(2):  # a special box only before the third throw
        throw(page, attempt)
        state = server_state(live, gid)
        chance = solve(state["turn"]["faces"], state["rules"]["dictionary"]).boxes["chance"]
        if chance.words:
            break
    assert chance.words
    page.fill("#word-input", " ".join(chance.words))
    button = page.locator("#claim-list button[data-box=chance]")
    expect(button).to_have_attribute("data-zero-box", "letters_2")
    expect(button).to_contain_text(" punten, 0 bij 2 letters")
    shot(page, "special-claim-zero-desktop")
    button.click()
    wait_history(live, gid, 1)
    assert server_state(live, gid)["players"][0]["boxes"]["letters_2"] == 0
    expect(page.locator("#message")).to_contain_text("bij Chance en 0 bij 2 letters")


def test_reload_keeps_kept_dice_and_words(context: Any, live: Any) -> None:
    page = context.new_page()
    start_game(page, live, "solo", ["Lot"], timer=False)
    throw(page, 0)
    page.locator("#dice .tile").nth(0).click()
    page.locator("#dice .tile").nth(2).click()
    page.fill("#word-input", "kat hond")
    page.reload()
    expect(page.locator("#dice .tile").nth(0)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#dice .tile").nth(2)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#dice .tile").nth(1)).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#word-input")).to_have_value("kat hond")
    # classic too: the dice kept for the next throw
    page.goto(live.url + "/")
    page.check("input[name=mode][value=classic]")
    page.fill("#player-1", "Lot")
    page.click("button[type=submit]")
    page.wait_for_url("**/games/**")
    page.click("#throw")
    expect(page.locator("#dice .die:not(.empty)")).to_have_count(5)
    page.locator("#dice .die").nth(1).click()
    page.reload()
    expect(page.locator("#dice .die").nth(1)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#dice .die").nth(0)).to_have_attribute("aria-pressed", "false")


def test_blank_names_are_no_players(context: Any, live: Any) -> None:
    page = context.new_page()
    page.goto(live.url + "/")
    page.check("input[name=kind][value=hotseat]")
    page.click("#add-player")
    page.fill("#player-1", "Mia")
    page.fill("#player-2", "Nout")
    page.click("button[type=submit]")
    page.wait_for_url("**/games/**")
    gid = str(page.locator("#game").get_attribute("data-game-id"))
    assert [p["name"] for p in server_state(live, gid)["players"]] == ["Mia", "Nout"]


def test_error_pages_are_html_in_the_page_language(context: Any, live: Any) -> None:
    page = context.new_page()
    response = page.goto(live.url + "/games/doesnotexist?lang=nl")
    assert response.status == 404 and "text/html" in response.headers["content-type"]
    expect(page.locator("h1")).to_have_text("Er ging iets mis (404)")
    expect(page.locator("#error-message")).to_contain_text("Dit spel bestaat niet")
    shot(page, "error-game-404-nl")
    response = page.goto(live.url + "/games/doesnotexist?lang=en")
    expect(page.locator("h1")).to_have_text("Something went wrong (404)")
    expect(page.locator("#error-message")).to_contain_text("This game does not exist")
    response = page.goto(live.url + "/no/such/page?lang=nl")
    assert response.status == 404
    expect(page.locator("#error-message")).to_contain_text("Deze pagina bestaat niet")
    answer = page.request.post(live.url + "/rules")
    assert answer.status == 405 and "Dat kan op deze pagina niet" in answer.text()
    api = page.request.get(live.url + "/api/games/doesnotexist")
    assert api.status == 404 and api.json()["error"]["code"] == "not_found"


def test_words_page_upload_refresh_and_best_words(context: Any, live: Any) -> None:
    page = context.new_page()
    page.goto(live.url + "/words?lang=nl")
    # best words: bad input gets our own Dutch message, old results go
    page.fill("#solve-letters", "kusnatl")
    page.click("#solve-form button")
    expect(page.locator("#solve-results table")).to_be_visible()
    # every best word opens its entry in the Dutch Wiktionary, in a new tab
    best = solve("kusnatl", "nl").words[0].word
    link = page.locator("#solve-results a.word-link", has_text=best).first
    expect(link).to_have_attribute("href", f"https://nl.wiktionary.org/wiki/{best}")
    expect(link).to_have_attribute("target", "_blank")
    page.evaluate("document.getElementById('solve-letters').value = 'kusnatle'")
    page.click("#solve-form button")
    expect(page.locator("#solve-error")).to_have_text(
        "Geef precies zeven letters: a–z, of ? voor de blanco.")
    expect(page.locator("#solve-results table")).to_have_count(0)
    assert page.evaluate("document.getElementById('solve-letters').validationMessage") == ""
    page.fill("#solve-letters", "ab1")
    page.click("#solve-form button")
    expect(page.locator("#solve-error")).to_contain_text("zeven letters")
    shot(page, "words-solve-error-nl")
    # an uploaded list drops names, shows up at once for its owner, and gives its link
    page.fill("#upload-title-input", "Mijn lijst")
    page.set_input_files("#upload-file", files=[{
        "name": "woorden.txt", "mimeType": "text/plain",
        "buffer": b"huis\nboom\nkat\nAmsterdam\n"}])
    expect(page.locator("#upload-file-name")).to_have_text("woorden.txt")
    page.check("#upload-public")   # ask the moderators to list it to everyone
    page.click("#upload-form button[type=submit]")
    expect(page.locator("#upload-status")).to_contain_text("Klaar: 3 woorden", timeout=30_000)
    link = page.locator("#upload-link-a").get_attribute("href") or ""
    name = link.rsplit("=", 1)[-1]
    assert link == f"{live.url}/words?dictionary={name}" and name.startswith("u-"), link
    mine = page.locator(f"#dict-list li[data-name={name}]")
    expect(mine).to_contain_text("Mijn lijst")
    expect(mine).to_contain_text("wacht op een moderator")
    expect(page.locator("#check-dict")).to_have_value(name)
    page.fill("#check-words", "huis amsterdam")
    page.click("#check-form button")
    expect(page.locator("#check-results li.ok")).to_have_count(1)
    expect(page.locator("#check-results li.bad")).to_contain_text("amsterdam")
    shot(page, "words-upload-refreshed-nl")
    # another browser sees it nowhere until it opens the link
    stranger = page.context.browser.new_context().new_page()
    try:
        stranger.goto(live.url + "/words?lang=nl")
        expect(stranger.locator(f"#dict-list li[data-name={name}]")).to_have_count(0)
        expect(stranger.locator(f"#check-dict option[value={name}]")).to_have_count(0)
        stranger.goto(link)
        expect(stranger.locator("#check-dict")).to_have_value(name)
        shot(stranger, "words-upload-by-link-nl")
    finally:
        stranger.context.close()


def test_phone_turn_fits_one_screen(browser: Any, live: Any) -> None:
    ctx = browser.new_context(viewport=PHONE_SMALL, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        gid = start_game(page, live, "solo", ["Olga"])
        header = page.locator("header.top").bounding_box()
        assert header["height"] <= 44, header  # the menu on one line
        gap = page.evaluate("document.getElementById('dice').getBoundingClientRect().top"
                            " - document.querySelector('.status').getBoundingClientRect().bottom")
        assert gap < 40, gap  # no empty band above the dice
        # the whole menu fits: the rarer links and the language switch, as codes (EN DE),
        # not "Eng…", wait under "Meer"
        assert page.evaluate("(() => { const n = document.querySelector('header.top nav');"
                             " return n.scrollWidth <= n.clientWidth; })()")
        for link in page.locator("header.top nav > a:not(.more)").all():
            expect(link).to_be_in_viewport(ratio=1)
        more = page.locator(".nav-more-panel")
        expect(more).to_be_hidden()
        page.locator(".nav-more summary").click()
        expect(more.locator("a.lang .lang-short")).to_have_text(["EN", "DE"])
        for link in more.locator("a").all():
            expect(link).to_be_in_viewport(ratio=1)
        for name in more.locator("a.lang .lang-long").all():
            expect(name).to_be_hidden()
        shot(page, "phone-375-menu")
        page.locator(".nav-more summary").click()
        expect(more).to_be_hidden()
        throw(page, 0)
        # on a touch screen the throw leaves the focus alone: focusing the word field
        # would pop the on-screen keyboard up over the claim buttons
        expect(page.locator("#word-input")).to_be_visible()
        expect(page.locator("#word-input")).not_to_be_focused()
        state = server_state(live, gid)
        box = state["turn"]["round_box"]
        result = solve(state["turn"]["faces"], state["rules"]["dictionary"]).boxes[box]
        page.fill("#word-input", " ".join(result.words) or "zz")
        if result.words:
            expect(page.locator(f"#claim-list button[data-box={box}]:not([data-zero])")
                   ).not_to_have_attribute("aria-disabled", "true")
        shot(page, "phone-375-turn")
        # the hourglass, the dice, the word field and the claim buttons: one screen, once
        # the page is scrolled past the menu
        page.locator(".status").evaluate("(el) => el.scrollIntoView()")
        page.screenshot(path=str(SCREENSHOTS / "phone-375-viewport.png"))
        top = page.evaluate("document.querySelector('.status').getBoundingClientRect().top")
        claims = page.evaluate(
            "document.getElementById('claim-list').getBoundingClientRect().bottom")
        assert claims - top <= 667, (top, claims)
        assert page.evaluate("document.documentElement.scrollWidth") <= 375  # no sideways scroll
        page.evaluate("window.scrollTo(0, 1e6)")
        # letters and their values do not touch
        for i in range(7):
            tile = page.locator("#dice .tile").nth(i)
            letter = tile.locator(".letter").bounding_box()
            value = tile.locator(".value").bounding_box()
            overlap_x = min(letter["x"] + letter["width"], value["x"] + value["width"]) - max(
                letter["x"], value["x"])
            overlap_y = min(letter["y"] + letter["height"], value["y"] + value["height"]) - max(
                letter["y"], value["y"])
            assert overlap_x <= 1 or overlap_y <= 1, (i, letter, value)
    finally:
        ctx.close()


def test_dice_roll_honours_reduced_motion_and_sound_toggle(browser: Any, live: Any) -> None:
    for motion, expected in (("no-preference", "roll"), ("reduce", "none")):
        ctx = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion=motion)
        try:
            page = ctx.new_page()
            start_game(page, live, "solo", ["Piet"], timer=False)
            page.click("#throw")
            name = page.wait_for_function(  # the tile in the page now (a re-render replaces it)
                "() => { const tile = document.querySelector('#dice .tile.rolling');"
                " return tile && getComputedStyle(tile).animationName; }").json_value()
            assert name == expected, (motion, name)
        finally:
            ctx.close()
    host_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    guest_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        host = host_ctx.new_page()
        made = api_game(host, live, "woord", "online", ["Quinn", "Roos"], {"turn_seconds": None})
        gid = made["id"]
        guest = guest_ctx.new_page()
        guest.goto(live.url + made["links"][1]["url"])
        expect(guest.locator("#sound")).not_to_be_checked()  # off unless switched on
        guest.check("#sound")
        guest.reload()
        expect(guest.locator("#sound")).to_be_checked()  # remembered
        beeps = int(guest.evaluate("document.body.dataset.beeps || '0'"))
        host.goto(live.url + made["links"][0]["url"])
        strike_out(host, live, gid)
        expect(guest).to_have_title(re.compile("^Jij bent aan de beurt"))
        deadline = time.monotonic() + 10
        while int(guest.evaluate("document.body.dataset.beeps || '0'")) <= beeps:
            assert time.monotonic() < deadline, "no beep when the turn came"
            time.sleep(0.1)
    finally:
        host_ctx.close()
        guest_ctx.close()


def test_installable_app(context: Any, live: Any) -> None:
    page = context.new_page()
    page.goto(live.url + "/")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    manifest = page.request.get(live.url + href)
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    data = manifest.json()
    assert data["start_url"] == "/" and data["display"] == "standalone"
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in data["icons"]}
    for icon in data["icons"]:
        assert page.request.get(live.url + icon["src"]).ok
    worker = page.request.get(live.url + "/sw.js")
    assert "javascript" in worker.headers["content-type"]
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == live.url + "/"
    end = time.monotonic() + 15  # the worker fills its cache (named by its files) as it installs
    statics: list[str] = []
    while not statics:
        names = page.evaluate("caches.keys()")
        statics = [name for name in names if name.startswith("wy-static-")]
        assert time.monotonic() < end, "the service worker made no cache"
        time.sleep(0.1)
    assert len(statics) == 1 and set(names) <= {*statics, "wy-pages", "wy-state"}, names
    names = statics  # the static files' cache; pages and states have their own
    while True:  # every file of the static folder, scripts the worker lists included
        cached = page.evaluate(f"caches.open('{names[0]}').then((c) => c.keys())"
                               ".then((keys) => keys.map((r) => new URL(r.url).pathname))")
        if "/static/js/pad.js" in cached or time.monotonic() > end:
            break
        time.sleep(0.1)
    assert {"/static/css/app.css", "/static/js/pad.js", "/static/js/lobby.js"} <= set(cached)
    assert not any(p.startswith("/api") for p in cached)


def test_a_spectator_sees_no_buttons_it_cannot_use(browser: Any, live: Any) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = ctx.new_page()
        players = ["Anna", {"name": "Robot", "computer": "greedy"}]
        for mode in ("woord", "classic", "kaartspel"):
            gid = api_game(page, live, mode, "online", players)["id"]
            page.goto(f"{live.url}/games/{gid}")   # the table link, without a seat code
            expect(page.locator("#turn-line")).to_have_text(
                "Anna is aan de beurt. Je kijkt mee.")  # two sentences, each with its stop
            expect(page.locator("#seats")).to_be_visible()
            expect(page.locator("#sound")).to_be_hidden()  # no turn of its own to hear
            expect(page.locator("#throw")).to_be_hidden()
            expect(page.locator("#hint-button")).to_be_hidden()
    finally:
        ctx.close()


def test_invite_links_reach_a_second_device(context: Any, live: Any) -> None:
    """A host at 127.0.0.1 is told the links work on this computer only; when the server
    listens on its network, the links carry its network address instead."""
    page = context.new_page()
    made = api_game(page, live, "classic", "online", ["Mama", "Tim"])
    page.goto(live.url + made["links"][0]["url"])
    expect(page.locator("#invite-list li[data-kind=seat]")).to_have_count(1)
    expect(page.locator("#invite-local")).to_be_visible()
    expect(page.locator("#invite-local")).to_contain_text("--host 0.0.0.0")
    port = live.url.rsplit(":", 1)[1]
    live.app.config["LAN_ADDRESSES"] = ("192.168.1.20",)
    try:
        page.reload()
        link = page.locator("#invite-list li[data-kind=seat] input").first
        expect(link).to_have_value(re.compile(rf"^http://192\.168\.1\.20:{port}/games/"))
        expect(page.locator("#invite-network")).to_contain_text(f"192.168.1.20:{port}")
        expect(page.locator("#invite-local")).to_be_hidden()
        shot(page, "invite-network-desktop")
    finally:
        live.app.config["LAN_ADDRESSES"] = ()
