"""A seat's token is only for its player. At a table the lobby started, every seat is held
by a profile: the host gets no other player's link, and a seat's token acts (moves,
reactions, Tips, the way back, a rematch, presence) only from a browser of the profile
that holds it. An online table one person made for friends still hands out its invite
links, as it always did."""

from __future__ import annotations

from typing import Any

import pytest

from wordyahtzee.modes.classic import BOXES

from .support.app import assert_error, player, seat
from .support.tables import at_table, link, play_turn

pytestmark = pytest.mark.app_config(TICK_SECONDS=None)  # no background ticker


def lobby_table(app: Any, rated: bool, seats: int = 2) -> tuple[str, list[str], list[Any]]:
    """A lobby table of classic Yahtzee, started: its id, every seat's token and every
    player's browser (the host's first)."""
    browsers = [player(app, name) for name in ("Anna", "Bram", "Cees")[:seats]]
    entry = browsers[0].post("/api/lobby", json={"mode": "classic", "seats": seats,
                                                 "rated": rated}).json
    for browser in browsers[1:]:
        browser.post(f"/api/lobby/{entry['id']}/join", json={})
    links = [link(b.get(f"/api/lobby/{entry['id']}").json["url"]) for b in browsers]
    assert len({gid for gid, _ in links}) == 1
    return links[0][0], [token for _, token in links], browsers


@pytest.mark.parametrize("rated", [True, False])
def test_the_host_of_a_lobby_table_gets_no_other_players_link(app: Any, rated: bool) -> None:
    gid, tokens, (anna, bram, _) = lobby_table(app, rated, seats=3)
    invites = anna.get(f"/api/games/{gid}/invites", headers=seat(tokens[0]))
    assert invites.status_code == 200, invites.json
    assert [entry["seats"] for entry in invites.json["links"]] == [[0]]
    assert invites.json["watch_url"] == f"/games/{gid}"
    text = invites.get_data(as_text=True)
    assert tokens[1] not in text and tokens[2] not in text
    # nor may another player ask as the host
    assert_error(bram.get(f"/api/games/{gid}/invites", headers=seat(tokens[1])), 403,
                 "not_host")


@pytest.mark.parametrize("rated", [True, False])
def test_a_lobby_seat_acts_only_with_its_profile(app: Any, rated: bool) -> None:
    """The repro of the host playing a rival's seat, with the rival's token in hand (it
    could have travelled any way): every route refuses it, and nothing changes."""
    gid, (ta, tb), (anna, bram) = lobby_table(app, rated)
    stranger = app.test_client()  # no profile at all
    play_turn(anna, gid, ta)
    before = anna.get(f"/api/games/{gid}").json
    assert before["to_move"] == 1
    for browser in (anna, stranger):
        assert_error(browser.post(f"/api/games/{gid}/act/throw", json={"seq": before["seq"]},
                                  headers=seat(tb)), 403, "not_your_seat")
        assert_error(browser.post(f"/api/games/{gid}/act/throw",
                                  json={"seq": before["seq"], "token": tb}), 403,
                     "not_your_seat")
        assert_error(browser.post(f"/api/games/{gid}/react", json={"emote": "oops"},
                                  headers=seat(tb)), 403, "not_your_seat")
        # a rated game's Tip is nobody's while it is played, whose seat it is aside
        assert_error(browser.get(f"/api/games/{gid}/hint", headers=seat(tb)), 403,
                     "no_hints_here" if rated else "not_your_turn")
        assert_error(browser.post(f"/api/games/{gid}/seats/1/return", json={},
                                  headers=seat(tb)), 403, "not_your_seat")
        state = browser.get(f"/api/games/{gid}", headers=seat(tb)).json
        assert state["you"] == [] and state["own"] == []  # a spectator's page
    # the token does not make its bearer present at the seat either
    leave = at_table(app, gid, tb, anna)
    assert not anna.get(f"/api/games/{gid}").json["seats"][1]["present"]
    leave()
    after = anna.get(f"/api/games/{gid}").json
    assert after["seq"] == before["seq"] and after["reactions"] == []
    assert app.extensions["wordyahtzee.store"].aided_seats(gid) == set()
    # the seat's own player, from the browser of its profile, plays on
    state = bram.get(f"/api/games/{gid}", headers=seat(tb)).json
    assert state["you"] == [1]
    r = bram.post(f"/api/games/{gid}/act/throw", json={"seq": after["seq"]},
                  headers=seat(tb))
    assert r.status_code == 200, r.json
    assert bram.post(f"/api/games/{gid}/react", json={"emote": "luck"},
                     headers=seat(tb)).status_code == 200


def test_the_rematch_of_a_lobby_table_keeps_each_seat_its_profiles(app: Any) -> None:
    gid, (ta, tb), (anna, bram) = lobby_table(app, rated=True)
    state: dict[str, Any] = {}
    for _ in range(2 * len(BOXES)):
        state = anna.get(f"/api/games/{gid}").json
        browser, token = (anna, ta) if state["to_move"] == 0 else (bram, tb)
        state = play_turn(browser, gid, token)
    assert state["status"] == "finished"
    assert_error(anna.post(f"/api/games/{gid}/rematch", json={}, headers=seat(tb)), 403,
                 "not_your_seat")
    again = anna.post(f"/api/games/{gid}/rematch", json={}, headers=seat(ta))
    assert again.status_code == 201, again.json
    new, new_a = link(again.json["url"])
    invites = anna.get(f"/api/games/{new}/invites", headers=seat(new_a)).json
    assert [entry["seats"] for entry in invites["links"]] == [[0]]
    new_b = link(bram.post(f"/api/games/{gid}/rematch", json={}, headers=seat(tb))
                 .json["url"])[1]
    service = app.extensions["wordyahtzee.tables"]
    assert service.store.seat_profiles(new) == service.store.seat_profiles(gid)
    throw = {"seq": anna.get(f"/api/games/{new}").json["seq"]}
    assert_error(anna.post(f"/api/games/{new}/act/throw", json=throw, headers=seat(new_b)),
                 403)  # not Bram's turn, and not Anna's seat either
    assert anna.post(f"/api/games/{new}/act/throw", json=throw,
                     headers=seat(new_a)).status_code == 200


def test_an_online_table_for_friends_still_hands_out_its_invite_links(app: Any) -> None:
    anna = player(app, "Anna")
    made = anna.post("/api/games", json={"mode": "classic", "kind": "online",
                                         "players": ["Anna", "Bram"]}).json
    gid, ta, tb = made["id"], made["links"][0]["token"], made["links"][1]["token"]
    invites = anna.get(f"/api/games/{gid}/invites", headers=seat(ta)).json
    assert [entry["token"] for entry in invites["links"]] == [ta, tb]
    play_turn(anna, gid, ta)
    friend = app.test_client()  # Bram has no profile: his link is enough
    state = play_turn(friend, gid, tb)
    assert state["to_move"] == 0


def test_a_stranger_learns_nothing_of_a_seat(app: Any) -> None:
    """The way back to a seat and the host's controls answer a stranger without naming
    the seat's player (today's daily game: tests/test_api_privacy.py)."""
    made = app.test_client().post("/api/games", json={
        "mode": "classic", "kind": "online", "players": ["Annabel", "Bram"]}).json
    stranger = app.test_client()
    for token in (None, "not-a-token", made["links"][1]["token"]):
        headers = {} if token is None else seat(token)
        for action in ("return", "skip", "remove"):
            r = stranger.post(f"/api/games/{made['id']}/seats/0/{action}", json={},
                              headers=headers)
            assert r.status_code == 403, r.json
            assert "Annabel" not in r.get_data(as_text=True)
