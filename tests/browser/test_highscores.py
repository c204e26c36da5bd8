"""The high-score page on a site of its own: a game in which the player used a Tip is left
out of the default list, and the page says so, with a button that shows it, rather than a
bare "Nog geen scores."."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server
from wordyahtzee.web import create_app

from wordyahtzee.tables import strategies

from .conftest import shot


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Any]:
    """A server of its own, with no high scores yet."""
    seeds = iter(range(1, 1000))
    app = create_app({"DATABASE": tmp_path / "scores.sqlite3", "TESTING": True,
                      "CLOCK": lambda: 1_800_000_000.0,
                      "RNG_FACTORY": lambda: random.Random(next(seeds)),
                      "WARM_STRATEGIES": (), "COMPUTER_PACE": 0.0})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    app.config["URL"] = f"http://127.0.0.1:{server.server_port}"
    yield app
    server.shutdown()


def solo_classic(app: Any, name: str, *, tip: bool) -> None:
    """A solo classic game played to its end (one throw, the first open box), with one
    Tip asked for when ``tip``."""
    client = app.test_client()
    made = client.post("/api/games", json={"mode": "classic", "kind": "solo",
                                           "players": [name]}).get_json()
    gid, headers = made["id"], {"X-Seat-Token": made["links"][0]["token"]}
    for turn in range(13):
        state = client.post(f"/api/games/{gid}/act/throw", json={},
                            headers=headers).get_json()["state"]
        if tip and turn == 0:
            end = time.monotonic() + 60
            while not client.get(f"/api/games/{gid}/hint", headers=headers).get_json().get(
                    "ready"):
                assert time.monotonic() < end, "no hint"
                time.sleep(0.2)
        box = next(iter(state["options"]))
        assert client.post(f"/api/games/{gid}/act/claim", json={"box": box},
                           headers=headers).status_code == 200


def test_the_list_says_when_games_with_a_tip_are_left_out(context: Any, site: Any) -> None:
    strategies.get("classic", "free")
    solo_classic(site, "Tipper", tip=True)
    page = context.new_page()
    page.goto(site.config["URL"] + "/highscores")
    expect(page.locator("#no-scores")).to_have_text("Nog geen scores zonder Tip.")
    note = page.locator("#aided-note")
    expect(note).to_contain_text("Spellen waarin een Tip gebruikt is, staan niet in deze lijst.")
    shot(page, "highscores-aided-hidden")
    note.get_by_role("button", name="Toon ze").click()
    expect(page.locator("#with-tips")).to_be_checked()
    expect(page.locator("#lists")).to_contain_text("Tipper")
    expect(page.locator("#lists .aided")).to_have_text(" (met Tip)")
    expect(page.locator("#aided-note")).to_have_count(0)
    # a game without a Tip is listed, and the note stays while the other one is left out
    solo_classic(site, "Zonder", tip=False)
    page.uncheck("#with-tips")
    expect(page.locator("#lists")).to_contain_text("Zonder")
    expect(page.locator("#lists")).not_to_contain_text("Tipper")
    expect(page.locator("#aided-note")).to_be_visible()
