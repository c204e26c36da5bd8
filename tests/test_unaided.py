"""A rated game and the daily game are played without the engine's advice: the Tip (and so
*Volg de tip*, which follows it) and the review of a game still being played answer 403
``no_hints_here`` on the server, whoever asks, and the game screen shows no Tip button. A
game's review comes once it is over (docs/lobby.md, docs/daily.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .support.app import assert_error, make_app, player, seat
from .support.clock import Clock
from .support.daily import start
from .support.tables import link, play_turn

HIDDEN_TIP = '<button type="button" id="hint-button" hidden'


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return make_app(tmp_path / "unaided.sqlite3", Clock(), TICK_SECONDS=None)


def _refused(client: Any, gid: str, token: str) -> None:
    """Every route of the engine's advice refuses the game, with the seat's own token and
    profile; the page says why in the page's language and shows no Tip button."""
    assert_error(client.get(f"/api/games/{gid}/hint", headers=seat(token)), 403,
                 "no_hints_here")
    assert_error(client.get(f"/api/games/{gid}/review", headers=seat(token)), 403,
                 "no_hints_here")
    page = client.get(f"/games/{gid}/review")
    assert page.status_code == 403 and "zonder hulp van de computer" in page.get_data(
        as_text=True)
    english = client.get(f"/games/{gid}/review", headers={"Accept-Language": "en"})
    assert "played without the computer" in english.get_data(as_text=True)
    assert HIDDEN_TIP in client.get(f"/games/{gid}").get_data(as_text=True)


def test_the_daily_game_has_no_tip_and_its_review_comes_after_it(app: Any) -> None:
    anna = player(app, "Anna")
    started = start(anna)
    gid, token = started["game_id"], started["token"]
    anna.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
    _refused(anna, gid, token)
    # the rest of the game (its first throw is made): keep two dice, write a box
    from wordyahtzee.modes.classic import BOXES

    for turn in range(13):
        if turn:
            anna.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
        r = anna.post(f"/api/games/{gid}/act/throw", json={"keep": [0, 1]},
                      headers=seat(token))
        box = next(b for b in BOXES if b in r.json["state"]["options"])
        r = anna.post(f"/api/games/{gid}/act/claim", json={"box": box}, headers=seat(token))
    assert r.json["state"]["status"] == "finished"
    assert anna.get(f"/api/games/{gid}/review").status_code in (200, 202)
    assert anna.get(f"/games/{gid}/review").status_code == 200


def test_a_rated_game_has_no_tip_and_its_review_comes_after_it(app: Any) -> None:
    anna, bram = player(app, "Anna"), player(app, "Bram")
    waiting = anna.post("/api/lobby/quick", json={"mode": "classic"}).json
    seated = bram.post("/api/lobby/quick", json={"mode": "classic"}).json
    assert seated["id"] == waiting["id"] and seated["rated"]
    gid, tb = link(seated["url"])
    ta = link(anna.get(f"/api/lobby/{waiting['id']}").json["url"])[1]
    anna.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(ta))
    _refused(anna, gid, ta)  # the player to move, with her own seat and profile
    assert_error(bram.get(f"/api/games/{gid}/review", headers=seat(tb)), 403, "no_hints_here")
    assert app.extensions["wordyahtzee.store"].aided_seats(gid) == set()

    # an unrated table of the lobby keeps its Tip
    carl, dora = player(app, "Carl"), player(app, "Dora")
    entry = carl.post("/api/lobby", json={"mode": "classic", "rated": False}).json
    other, td = link(dora.post(f"/api/lobby/{entry['id']}/join", json={}).json["url"])
    tc = link(carl.get(f"/api/lobby/{entry['id']}").json["url"])[1]
    carl.post(f"/api/games/{other}/act/throw", json={}, headers=seat(tc))
    assert carl.get(f"/api/games/{other}/hint", headers=seat(tc)).status_code in (200, 202)
    assert HIDDEN_TIP not in carl.get(f"/games/{other}").get_data(as_text=True)
    assert_error(dora.get(f"/api/games/{other}/hint", headers=seat(td)), 403, "not_your_turn")

    # once the rated game is over, both players read its review
    from wordyahtzee.modes.classic import BOXES

    box = next(b for b in BOXES if b in anna.get(f"/api/games/{gid}",
                                                 headers=seat(ta)).json["options"])
    anna.post(f"/api/games/{gid}/act/claim", json={"box": box}, headers=seat(ta))
    play_turn(bram, gid, tb)
    for _ in range(12):
        play_turn(anna, gid, ta)
        state = play_turn(bram, gid, tb)
    assert state["status"] == "finished"
    for client, token in ((anna, ta), (bram, tb)):
        assert client.get(f"/api/games/{gid}/review",
                          headers=seat(token)).status_code in (200, 202)
        assert client.get(f"/games/{gid}/review").status_code == 200
