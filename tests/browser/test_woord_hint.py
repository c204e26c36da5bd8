"""The Woord Yahtzee hint in the browser: the optimal strategy's best keep or claim, with
its expected final score, and "follow the hint" plays it; after the game, the review."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from wordyahtzee.tables import strategies

from .conftest import shot
from .helpers import dutch, server_state, start_game, throw


def test_hint_follow_and_review(context: Any, live: Any) -> None:
    table = strategies.get("woord", "nl/nl/40")  # cached after its first computation
    page = context.new_page()
    gid = start_game(page, live, "solo", ["Ilse"], timer=False)
    page.click("#hint-button")
    # before the first throw the hint says the game's expected final score, as the page
    # writes numbers in Dutch: at most one decimal, none when it is 0 (569, 570,4), of the
    # figure the API gives (two decimals: 569.448 is 569.45 there, 569,5 here)
    shown = round(table.expected_score, 2)
    expected = dutch(shown, 1).removesuffix(",0")
    expect(page.locator("#hint-best")).to_contain_text(expected)
    page.click("#throw")
    expect(page.locator("#dice .tile:not(.empty)")).to_have_count(7)
    page.click("#hint-button")
    expect(page.locator("#hint-apply")).to_be_visible(timeout=30_000)
    best = page.locator("#hint-best").inner_text()
    assert "(" in best and page.locator("#hint-list li").count() >= 1
    shot(page, "woord-hint-desktop")
    before = server_state(live, gid)["seq"]
    page.click("#hint-apply")
    for _ in range(100):
        if server_state(live, gid)["seq"] > before:
            break
        page.wait_for_timeout(100)
    assert server_state(live, gid)["seq"] > before  # the hint was played
    page.goto(f"{live.url}/games/{gid}/review")
    expect(page.locator("h1")).to_contain_text("Terugblik")
    expect(page.locator("table.review tbody tr").first).to_be_visible()
    # following the optimal hint misses no point of a claim; the page says so, charts any
    # loss, or says nothing is judged yet (a keep is shown, not counted: docs/skill.md)
    review = live.tables.coaching.review(gid)
    if sum(turn["lost"] for turn in review["turns"]) > 0:
        assert page.locator("svg.chart").count() >= 1
    elif review["skill"][0]["judged"]:
        expect(page.get_by_text("Niets gemist")).to_be_visible()
    else:
        expect(page.get_by_text("nog niets te beoordelen").first).to_be_visible()
    shot(page, "woord-review-desktop")


def test_a_player_reports_words_from_the_word_checker(context: Any, live: Any) -> None:
    page = context.new_page()
    page.goto(live.url + "/words")
    page.fill("#check-words", "tjerk huis")
    page.click("#check-form button[type=submit]")
    refused = page.locator("#check-results li.bad button.report")
    accepted = page.locator("#check-results li.ok button.report")
    expect(refused).to_have_text("Meld: hoort erin")
    # the reason stands next to the report button, with the words one letter away
    expect(page.locator("#check-results li.bad .why")).to_have_text(
        "(een naam — Bedoel je: twerk?)")
    expect(page.locator("#check-results li.ok .why")).to_have_text(
        "(gekeurd woord van OpenTaal)")
    shot(page, "words-why-nl")
    refused.click()
    expect(refused).to_have_text("Gemeld, dank je")
    accepted.click()
    expect(accepted).to_have_text("Gemeld, dank je")
    reports = {(r.word, r.kind) for r in live.app.extensions["wordyahtzee.store"].word_reports()}
    assert {("tjerk", "wrongly_refused"), ("huis", "wrongly_accepted")} <= reports
    shot(page, "words-report-nl")


def test_a_refused_claim_says_why_beside_the_report_button(context: Any, live: Any) -> None:
    page = context.new_page()
    start_game(page, live, "solo", ["Wim"], timer=False)
    throw(page, 0)
    page.fill("#word-input", "amsterdam")
    item = page.locator("#feedback li.bad").first
    expect(item.locator(".why")).to_have_text("(een naam)")
    expect(item.locator("button.report")).to_have_text("Meld: hoort erin")
    shot(page, "game-refused-why-nl")
    page.goto(page.url.replace("#", "?lang=en#") if "#" in page.url else page.url + "?lang=en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.fill("#word-input", "tjerk")
    expect(page.locator("#feedback li.bad .why").first).to_have_text(
        "(first name — Did you mean: twerk?)")


def test_solo_woord_against_a_computer_from_the_start_page(context: Any, live: Any) -> None:
    page = context.new_page()
    page.goto(live.url + "/")
    page.fill("#player-1", "Ilse")
    page.click("#add-computer")
    page.select_option("#computer-level-1", "greedy")
    page.check("input[name=timer][value=off]")
    page.click("button[type=submit]")
    page.wait_for_url("**/games/**")
    gid = page.locator("#game").get_attribute("data-game-id")
    assert gid
    state = server_state(live, gid)
    assert [s["computer"] for s in state["seats"]] == [None, "greedy"]
    page.click("#throw")
    expect(page.locator("#dice .tile:not(.empty)")).to_have_count(7)
    live.tables.computer_pace = 1.5  # slow enough to see whose turn the page says it is
    page.locator("#claim-list button[data-zero]").first.click()
    computer = state["seats"][1]["name"]
    expect(page.locator("#turn-line")).to_contain_text(f"{computer} (gevorderd) is aan de beurt")
    live.tables.computer_pace = 0.0
    for _ in range(200):  # the computer plays its turn on the server
        state = server_state(live, gid)
        if len(state["history"]) >= 2:
            break
        page.wait_for_timeout(100)
    assert [h["player"] for h in state["history"]] == ["Ilse", state["seats"][1]["name"]]
    expect(page.locator("#turn-line")).to_contain_text("Ilse")
    shot(page, "woord-vs-computer-desktop")


def test_hint_lines_that_read_alike_name_their_dice(browser: Any, live: Any) -> None:
    """Seven E's on a score pad: many keeps read "Houd E…" and differ only in which dice
    they keep; each such line names its dice, so no two lines of the Tip read the same."""
    from .conftest import PHONE
    from .helpers import start_pad

    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        start_pad(page, live, "woord", ["Ilse"], timer=False, dice_set="nl")  # known dice: a Tip
        page.fill("#pad-letters", "eeeeeee")
        page.click("#pad-record")
        expect(page.locator("#throw-count")).to_contain_text("2")
        page.click("#hint-button")
        expect(page.locator("#hint-apply")).to_be_visible(timeout=60_000)
        lines = [page.locator("#hint-best").inner_text(),
                 *page.locator("#hint-list li").all_inner_texts()]
        assert len(lines) >= 3 and len(set(lines)) == len(lines), lines
        assert any("(stenen " in line for line in lines), lines
        shot(page, "woord-hint-alike-phone")
    finally:
        ctx.close()
