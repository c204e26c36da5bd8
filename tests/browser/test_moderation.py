"""A moderator in real headless Chromium: the reports page asks for a login, the moderator
logs in, accepts a reported word with a reason, and the site's word check takes it at
once; the decision is in the log."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from wordyahtzee.moderation import Moderation

from .conftest import shot

PASSWORD = "correct horse battery"


def test_a_moderator_logs_in_and_accepts_a_reported_word(context: Any, live: Any) -> None:
    Moderation(live.store).add("mira", PASSWORD)
    live.store.add_report("blurp", "nl", "wrongly_refused", "een klank, veel gebruikt")
    page = context.new_page()
    page.goto(f"{live.url}/reports")
    expect(page).to_have_url(f"{live.url}/moderate/login?next=/moderate/reports")
    expect(page.locator("h1")).to_have_text("Inloggen voor moderatoren")
    page.get_by_label("Naam").fill("mira")
    page.get_by_label("Wachtwoord").fill(PASSWORD)
    # every button of the moderators' pages is drawn like the site's others
    styled = "b => getComputedStyle(b).backgroundColor"
    assert page.get_by_role("button", name="Inloggen").evaluate(styled) == "rgb(31, 95, 139)"
    page.get_by_role("button", name="Inloggen").click()
    expect(page).to_have_url(f"{live.url}/moderate/reports")
    row = page.locator("tr", has=page.locator("code", has_text="blurp")).first
    row.get_by_label("Reden").fill("een klank, in elk stripverhaal")
    shot(page, "moderate-reports")
    for button in page.locator("main button, header button, .moderate-nav button").all():
        assert button.evaluate(styled) in ("rgb(31, 95, 139)", "rgb(255, 255, 255)"), \
            button.inner_text()
    row.get_by_role("button", name="Goedkeuren").click()
    expect(page.locator(".notice")).to_contain_text("aanvulling")
    expect(page.locator("table.decisions")).to_contain_text("een klank, in elk stripverhaal")
    shot(page, "moderate-decided")
    answer = page.evaluate("fetch('/api/check', {method: 'POST', headers: {'Content-Type': "
                           "'application/json'}, body: JSON.stringify({words: ['blurp'], "
                           "dictionary: 'nl'})}).then(r => r.json())")
    assert answer["results"][0]["valid"]
    # a profile held for engine play, with its evidence, cleared
    live.store.create_profile("motor-1", "Motor", "hash-motor", 1.0)
    games = [{"game_id": f"g{i}", "kind": "rated", "at": 1.8e9 + i, "loss": 0.0,
              "expected": 2.31, "score": 1.52} for i in range(6)]
    live.store.hold_engine("motor-1", "classic", {"verdict": {
        "z": 3.72, "games": 6, "decisions": 212, "loss": 0.0, "expected": 13.86,
        "held": True}, "games": games, "slip": 0.35}, 1.8e9)
    page.get_by_role("link", name="Computerspel").click()
    section = page.locator("section.flagged", has_text="Motor")
    expect(section).to_contain_text("z = 3.72 over 6 spellen")
    section.get_by_label("Toelichting").fill("sterke speler, bekend van toernooien")
    shot(page, "moderate-engine")
    section.get_by_role("button", name="Vrijgeven").click()
    expect(page.locator(".notice")).to_be_visible()
    assert live.store.engine_hold("motor-1", "classic")["state"] == "cleared"
    page.get_by_role("link", name="Logboek").click()
    expect(page.locator("table.log")).to_contain_text("nl:blurp")
    expect(page.locator("table.log")).to_contain_text("engine cleared")
    page.get_by_role("button", name="Uitloggen").click()
    expect(page).to_have_url(f"{live.url}/moderate/login")
