"""A German player in real headless Chromium: the browser asks for German, and the start
page, a whole game of classic Yahtzee, a Woord Yahtzee table and the rules speak German
throughout, with the German rulebook's box names, German plurals and numbers, and never a
Dutch text or a bare message key (the scripts' texts included)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect
from wordyahtzee.web.i18n import Speaker, catalogue

from .conftest import shot
from .helpers import game_id, server_state


def _forms(text: str | tuple[str, ...]) -> tuple[str, ...]:
    return text if isinstance(text, tuple) else (text,)


KEYS = set(catalogue("de"))
GERMAN = {form for text in catalogue("de").values() for form in _forms(text)}
DUTCH = {form for text in catalogue("nl").values() for form in _forms(text)
         if len(form) >= 12 and "{" not in form and "<" not in form and form not in GERMAN}


@pytest.fixture
def german(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900},
                              reduced_motion="reduce")
    ctx.set_default_timeout(15_000)
    yield ctx
    ctx.close()


def assert_german(page: Any, where: str) -> None:
    """What the page shows, scripts' texts included: German, no Dutch, no bare key."""
    assert page.locator("html").get_attribute("lang") == "de", where
    seen = page.inner_text("body")
    bare = sorted(w for w in re.findall(r"[a-z][a-z_]*\.[a-z0-9_.]+", seen) if w in KEYS)
    assert not bare, (where, bare)
    dutch = sorted(text for text in DUTCH if text in seen)
    assert not dutch, (where, dutch)


def test_a_german_player_plays_classic_yahtzee(german: Any, live: Any) -> None:
    page = german.new_page()
    page.goto(live.url + "/")
    expect(page.locator("h1")).to_have_text("Neues Spiel")
    assert_german(page, "start")
    page.check("input[name=mode][value=classic]")
    page.fill("#player-1", "Lena")
    page.click("button[type=submit]")
    page.wait_for_url("**/games/**")
    gid = game_id(page)
    sheet = page.locator("#sheet")
    for name in ("Einser", "Sechser", "Dreierpasch", "Viererpasch", "Full House",
                 "Kleine Straße", "Große Straße", "Yahtzee", "Chance"):
        expect(sheet).to_contain_text(name)
    for turn in range(13):
        expect(page.locator("#throw")).to_be_enabled()
        page.click("#throw")
        expect(page.locator("#dice .die:not(.empty)")).to_have_count(5)
        if turn == 0:
            # the boxes' labels count in German, 1 Punkt and 2 Punkte
            labels = [b.get_attribute("aria-label") or ""
                      for b in page.locator("#sheet button.option").all()]
            assert any(re.search(r": (0|[2-9]|\d\d+) Punkte$", label) for label in labels), labels
            assert not any(re.search(r": 1 Punkte$|: (0|[2-9]|\d\d+) Punkt$", label)
                           for label in labels), labels
            assert_german(page, "first throw")
            shot(page, "german-classic-desktop")
        before = server_state(live, gid)["seq"]
        page.locator("#sheet button.option").first.click()
        expect(page.locator("#sheet button.option")).to_have_count(0)
        assert server_state(live, gid)["seq"] > before
    expect(page.locator("#end")).to_be_visible()
    assert server_state(live, gid)["status"] == "finished"
    assert_german(page, "end")
    shot(page, "german-classic-end")


def test_a_german_player_reads_the_rules_and_sits_at_a_woord_table(german: Any,
                                                                   live: Any) -> None:
    page = german.new_page()
    page.goto(live.url + "/rules")
    expect(page.locator("#classic-rules-page")).to_contain_text("Dreierpasch")
    assert_german(page, "rules")
    page.goto(live.url + "/")
    page.check("input[name=mode][value=woord]")
    page.fill("#player-1", "Lena")
    page.click("button[type=submit]")
    page.wait_for_url("**/games/**")
    expect(page.locator("#turn-line")).not_to_be_empty()
    page.click("#throw")
    expect(page.locator("#dice .tile:not(.empty)")).to_have_count(7)
    assert_german(page, "woord table")
    shot(page, "german-woord-desktop")
    page.goto(live.url + "/words")
    assert_german(page, "words")
    page.goto(live.url + "/highscores")
    assert_german(page, "highscores")


@pytest.mark.parametrize("locale", ["nl-NL", "en-GB", "de-DE"])
def test_the_scripts_write_a_number_as_the_server_does(browser: Any, live: Any,
                                                      locale: str) -> None:
    # a figure the server writes into a page and one a script writes beside it must agree
    # to the last digit: a half (189.65, 2.25, 0.15) goes away from zero in both
    ctx = browser.new_context(locale=locale)
    try:
        page = ctx.new_page()
        page.goto(live.url + "/")
        lang = page.locator("html").get_attribute("lang")
        values = [189.65, 2.25, -2.25, 0.15, 0.125, 1234.5, 557.6, 100000, 0.0]
        written = page.evaluate(
            """async (values) => {
                 const { number } = await import("/static/js/common.js");
                 return values.flatMap((v) => [0, 1, 2].map((d) => number(v, d)));
               }""", values)
        assert lang == locale[:2]
        speaker = Speaker(str(lang))
        assert written == [speaker.number(v, d) for v in values for d in (0, 1, 2)]
    finally:
        ctx.close()
