"""The review page's histogram of optimal play's final scores (classic, where perfect play
is the skill figure's judge; Woord Yahtzee's review has none: test_skill.py), on a desktop
and on a 375 px phone, in English: the players follow the hint all game, so the marked
scores are realistic ones."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from wordyahtzee.tables import strategies

from .conftest import PHONE, SAMPLE_GAMES, SCREENSHOTS, shot

PHONE_375 = {"width": 375, "height": PHONE["height"]}


def follow_hints(client: Any, gid: str, token: str, turns: int) -> None:
    """Play ``turns`` turns of the seat ``token`` as the hint says (optimal play)."""
    headers = {"X-Seat-Token": token}
    for _ in range(turns):
        client.post(f"/api/games/{gid}/act/throw", json={}, headers=headers)
        while True:
            best = client.get(f"/api/games/{gid}/hint").json["best"]
            if best["kind"] == "keep":
                keep = best.get("keep_indices", best.get("dice"))
                r = client.post(f"/api/games/{gid}/act/throw", json={"keep": keep},
                                headers=headers)
            else:
                body = {"box": best["box"]}
                if "words" in best:
                    body["words"] = best["words"]
                r = client.post(f"/api/games/{gid}/act/claim", json=body, headers=headers)
            assert r.status_code == 200, r.json
            if best["kind"] != "keep":
                break


def check_review(browser: Any, live: Any, gid: str, name: str, lang: str = "nl") -> None:
    for viewport, label in ((None, "desktop"), (PHONE_375, "phone")):
        ctx = (browser.new_context(viewport=viewport, is_mobile=True, has_touch=True)
               if viewport else browser.new_context(viewport={"width": 1280, "height": 900}))
        page = ctx.new_page()
        page.goto(f"{live.url}/games/{gid}/review?lang={lang}")
        chart = page.locator("svg.histogram")
        expect(chart).to_be_visible()
        expect(page.locator("figure.optimal figcaption li").first).to_contain_text(
            "beter dan" if lang == "nl" else "better than")
        box = chart.bounding_box()
        assert box is not None and box["width"] <= (viewport or {"width": 1280})["width"]
        assert chart.locator("line.marker").count() >= 1
        # the page itself never scrolls sideways; the decisions table scrolls in its box
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= (viewport or {"width": 1280})["width"], width
        shot(page, f"{name}-{label}")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.locator("figure.optimal").screenshot(
            path=str(SCREENSHOTS / f"{name}-{label}-figure.png"))
        ctx.close()


def test_classic_review_shows_the_final_score_against_optimal_play(browser: Any,
                                                                    live: Any) -> None:
    strategies.get("classic", "free")
    client = live.app.test_client()
    r = client.post("/api/games", json={"mode": "classic", "kind": "hotseat",
                                        "players": ["Anna", "Bram"]})
    gid, token = r.json["id"], r.json["links"][0]["token"]  # one device: one token
    follow_hints(client, gid, token, 2 * 13)
    assert client.get(f"/api/games/{gid}").json["finished"]
    strategies.sample("classic", "free", SAMPLE_GAMES["classic"])
    check_review(browser, live, gid, "classic-review-optimal", lang="en")
