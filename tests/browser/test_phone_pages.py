"""The profile, the review and the daily pages on a phone (375 px): no table is cut off at
the right edge (the profile's figures reflow, the review drops the player column of a
solo game, what still scrolls shows a shadow at its edge), and every text field is drawn
like the others, not as the browser's tiny default."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from wordyahtzee.tables import strategies

from .conftest import SCREENSHOTS, shot
from .helpers import game_id

PHONE_SMALL = {"width": 375, "height": 667}

WRAPS = """[...document.querySelectorAll('.table-wrap')].filter(w => w.offsetParent)
  .map(w => ({table: w.firstElementChild.id || w.firstElementChild.className,
              over: w.scrollWidth - w.clientWidth,
              shadow: getComputedStyle(w).backgroundImage.includes('gradient'),
              right: w.getBoundingClientRect().right}))"""

FIELDS = """[...document.querySelectorAll(
    'input:not([type]), input[type=text], input[type=password]')]
  .filter(i => i.offsetParent).map(i => ({id: i.id || i.name, height: i.offsetHeight,
    radius: getComputedStyle(i).borderRadius, font: parseFloat(getComputedStyle(i).fontSize)}))"""


def _check(page: Any, url: str, fits: bool = False) -> None:
    """No overflow of the page; every table on screen, and scrolling visibly if it must
    (``fits``: not at all)."""
    page.goto(url)
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_SMALL["width"], url
    for wrap in page.evaluate(WRAPS):
        assert wrap["right"] <= PHONE_SMALL["width"], (url, wrap)
        assert wrap["over"] <= 0 or (wrap["shadow"] and not fits), (url, wrap)
    for field in page.evaluate(FIELDS):
        assert field["height"] >= 40 and field["radius"] == "8px", (url, field)
        assert field["font"] >= 16, (url, field)  # a phone does not zoom into it


def test_the_profile_review_and_daily_pages_fit_a_phone(browser: Any, live: Any) -> None:
    ctx = browser.new_context(viewport=PHONE_SMALL, is_mobile=True, has_touch=True,
                              reduced_motion="reduce")
    try:
        page = ctx.new_page()
        page.goto(live.url + "/daily/classic")
        _check(page, live.url + "/daily/classic")  # the name field
        page.fill("#profile-name", "Telefoon")
        page.click("#profile-form button[type=submit]")
        page.wait_for_url("**/games/**")
        gid = game_id(page)
        for turn in range(13):
            expect(page.locator("#round-title")).to_contain_text(f"Beurt {turn + 1} van 13")
            expect(page.locator("#throw")).to_be_enabled()
            page.click("#throw")
            expect(page.locator("#dice .die:not(.empty)")).to_have_count(5)
            page.locator("#sheet button.option:enabled").first.click()
        expect(page.locator("#end")).to_be_visible()
        _check(page, live.url + "/profile", fits=True)
        strategies.get("classic", "free")  # the review judges by it: ready, not preparing
        _check(page, f"{live.url}/games/{gid}/review", fits=True)  # reflows, no scrolling
        expect(page.locator("table.review tbody tr").first).to_be_visible()
        for path in ("/daily/classic", "/moderate/login",
                     "/puzzles/test/woord", "/puzzles/test/kaartspel"):
            _check(page, live.url + path)
        # the profile's figures reflow: every figure is on the screen, named
        page.goto(live.url + "/profile")
        mean = page.locator("#profile-figures td[data-label='Gemiddeld']").last
        mean.scroll_into_view_if_needed()
        expect(mean).to_be_in_viewport()  # a page scrolled down, not sideways
        shot(page, "profile-phone")
        page.goto(f"{live.url}/games/{gid}/review")
        expect(page.locator("table.review thead th")).to_have_count(6)  # no player column
        shot(page, "review-phone")
        page.goto(live.url + "/daily/classic")
        shot(page, "daily-phone")
    finally:
        ctx.close()


def test_the_menu_keeps_one_line_on_a_phone_in_every_language(browser: Any,
                                                              live: Any) -> None:
    """On a phone the menu is one line in every language (the rarer links and the
    languages under *Meer*), every link whole and reachable."""
    ctx = browser.new_context(viewport=PHONE_SMALL, is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        for lang, more in (("nl", "Meer"), ("en", "More"), ("de", "Mehr")):
            page.goto(f"{live.url}/rules?lang={lang}")
            assert page.locator("header.top").bounding_box()["height"] <= 44, lang
            assert page.evaluate("(() => { const n = document.querySelector('header.top nav');"
                                 " return n.scrollWidth <= n.clientWidth; })()"), lang
            for link in page.locator("header.top nav > a:not(.more)").all():
                expect(link).to_be_in_viewport(ratio=1)
            page.get_by_text(more, exact=True).click()
            for link in page.locator(".nav-more-panel a").all():
                expect(link).to_be_in_viewport(ratio=1)
            page.screenshot(path=str(SCREENSHOTS / f"menu-phone-{lang}.png"))
        page.locator(".nav-more-panel a[href='/profile']").click()
        page.wait_for_url("**/profile")
    finally:
        ctx.close()
