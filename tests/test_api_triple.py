"""Triple Yahtzee through the JSON API: a solo table with computer seats, turns played by
throwing and claiming a box of a column, hints, the pages, errors as 4xx JSON, and a
whole game to its high-score entry and record."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordyahtzee.games import replay

from .support.app import assert_error, make_app, seat
from .support.clock import Clock
from .support.triple import new_triple, play_turn


def test_meta_and_pages_offer_the_mode(client: Any) -> None:
    meta = client.get("/api/meta").json
    assert "triple" in meta["modes"]
    assert meta["triple"]["rules_defaults"] == {} and meta["triple"]["factors"] == [1, 2, 3]
    assert meta["triple"]["computer_levels"] == ["greedy", "beginner"]
    page = client.get("/?lang=en").get_data(as_text=True)
    assert 'value="triple"' in page and "Triple Yahtzee (three columns" in page
    rules = client.get("/rules?lang=nl").get_data(as_text=True)
    assert 'id="triple-rules"' in rules and "driedubbel" in rules


def test_solo_with_computers_a_few_turns_and_a_hint(client: Any, app: Any) -> None:
    gid, token, state = new_triple(client, ["Anna", {"name": "Greta", "computer": "greedy"},
                                            {"name": "Bert", "computer": "beginner"}])
    assert state["mode"] == "triple" and state["rounds"] == 39 and state["to_move"] == 0
    assert [s["computer"] for s in state["seats"]] == [None, "greedy", "beginner"]
    assert [c["factor"] for c in state["columns"]] == [1, 2, 3]
    assert state["turn"]["dice"] is None and state["options"] == {}
    hint = client.get(f"/api/games/{gid}/hint").json
    assert hint["ready"] and hint["best"] == {"kind": "keep", "keep": [], "keep_indices": []}
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "js/triple.js" in page and "css/triple.css" in page
    for _ in range(3):
        state = play_turn(client, app, gid, token)
    assert len(state["history"]) == 9 and state["to_move"] == 0
    assert {h["player"] for h in state["history"]} == {0, 1, 2}
    anna = state["players"][0]
    assert anna["total"] == sum(c["weighted"] for c in anna["columns"])
    r = client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
    hint = client.get(f"/api/games/{gid}/hint").json
    assert hint["ready"] and hint["throws"] == 1 and hint["player"] == 0
    boxes = [o for o in hint["options"] if o["kind"] == "box"]
    assert boxes and all(o["weighted"] == o["factor"] * o["points"] for o in boxes)
    options = r.json["state"]["options"]
    assert all(options[str(o["column"])][o["box"]] == o["points"] for o in boxes)
    assert client.get(f"/api/games/{gid}/review").json["turns"] == []


def test_errors_are_4xx_json(client: Any) -> None:
    gid, token, _ = new_triple(client, ["Anna"])
    assert_error(client.post("/api/games", json={"mode": "triple", "players": ["A"],
                                                 "rules": {"joker": "forced"}}), 400,
                 "bad_rules")
    assert_error(client.post("/api/games", json={"mode": "triple", "players": list("ABCDEFGHI"),
                                                 "kind": "hotseat"}), 400, "bad_players")
    claim = f"/api/games/{gid}/act/claim"
    assert_error(client.post(claim, json={"box": "chance", "column": 1}, headers=seat(token)),
                 422, "no_throw")
    client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
    for body, status, code in (({"box": "chance"}, 400, "bad_request"),
                               ({"box": "chance", "column": 4}, 400, "bad_request"),
                               ({"box": "chance", "column": "2"}, 400, "bad_request"),
                               ({"box": "seven", "column": 2}, 422, "unknown_box")):
        assert_error(client.post(claim, json=body, headers=seat(token)), status, code)
    assert client.post(claim, json={"box": "chance", "column": 2},
                       headers=seat(token)).status_code == 200
    client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
    assert_error(client.post(claim, json={"box": "chance", "column": 2}, headers=seat(token)),
                 422, "box_filled")
    assert_error(client.post(f"/api/games/{gid}/act/throw", json={"keep": [0, 1, 2, 3, 4]},
                             headers=seat(token)), 422, "bad_keep")
    assert_error(client.post(f"/api/games/{gid}/preview", json={}), 422, "no_preview")
    assert_error(client.post(f"/api/games/{gid}/act/take", json={}, headers=seat(token)),
                 400, "bad_request")
    assert_error(client.post(claim, json={"box": "chance", "column": 1}, headers=seat("x")),
                 403, "not_a_player")


def test_a_whole_game_ends_with_a_high_score_and_a_record(client: Any, app: Any) -> None:
    gid, token, _ = new_triple(client, ["Anna", {"name": "Bea", "computer": "beginner"}])
    for _ in range(39):
        state = play_turn(client, app, gid, token)
    assert state["status"] == "finished" and len(state["history"]) == 78
    assert state["winners"] and state["turn"] is None
    assert all(None not in c["boxes"].values() for p in state["players"] for c in p["columns"])
    answer = client.get(f"/api/games/{gid}/record").json
    assert len(answer["record"]["turns"]) == 78
    assert replay(answer["record"]) == answer["result"]
    assert [p["total"] for p in answer["result"]["players"]] == [
        p["total"] for p in state["players"]]
    lists = client.get("/api/highscores", query_string={"mode": "triple", "rules": "{}"}
                       ).json["lists"]
    assert [e["player"] for e in lists[0]["entries"]] == ["Anna"]
    assert lists[0]["entries"][0]["score"] == state["players"][0]["total"]
    assert_error(client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token)), 409,
                 "game_over")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 2**40) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=10)
bodies = st.fixed_dictionaries({}, optional={
    "box": st.sampled_from(["ones", "chance", "yahtzee", "x"]) | json_values,
    "column": st.integers(-1, 4) | json_values,
    "keep": st.lists(st.integers(-1, 6), max_size=6) | json_values,
    "seq": json_values})


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One app for every example; ``live`` gives its game (a new one once a game ends)."""
    return make_app(tmp_path_factory.mktemp("fuzz") / "f.sqlite3", Clock())


def live_game(app: Any) -> tuple[str, str]:
    if "TRIPLE_GAME" not in app.config:
        r = app.test_client().post("/api/games", json={
            "mode": "triple", "players": ["A", {"name": "R", "computer": "beginner"}]})
        app.config["TRIPLE_GAME"] = r.json["id"]
        app.config["TRIPLE_TOKEN"] = r.json["links"][0]["token"]
    return app.config["TRIPLE_GAME"], app.config["TRIPLE_TOKEN"]


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(action=st.sampled_from(["act/throw", "act/claim", "act/skip", "preview"]),
       body=bodies)
def test_wild_action_bodies_get_json_answers_never_a_500(fuzz_app: Any, action: str,
                                                         body: dict[str, Any]) -> None:
    client = fuzz_app.test_client()
    gid, token = live_game(fuzz_app)
    response = client.post(f"/api/games/{gid}/{action}", json=body, headers=seat(token))
    assert response.status_code < 500, (action, body, response.data[:300])
    if response.status_code >= 400:
        assert set(response.get_json()["error"]) == {"code", "message", "request_id"}
    assert fuzz_app.extensions["wordyahtzee.tables"].settle(gid, 10)
    if client.get(f"/api/games/{gid}").json["status"] == "finished":
        fuzz_app.config.pop("TRIPLE_GAME")
