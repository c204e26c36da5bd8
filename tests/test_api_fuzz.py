"""Random and malformed requests against every API endpoint never get a 500."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wordyahtzee.web import create_app

import wordyahtzee.tables.strategies as strategies
from wordyahtzee.advisor.classic.coach import ClassicCoach

METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]
# lone surrogates (JSON's "\ud800" escapes) are strings Python holds but cannot encode
surrogates = st.lists(st.sampled_from(["\ud800", "\udfff", "\udc80", "a", "é"]),
                      min_size=1, max_size=4).map("".join)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70)
    | st.floats(allow_nan=False) | st.text(max_size=30) | surrogates,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner,
                                                                 max_size=5),
    max_leaves=20)
FIELDS = ["players", "kind", "mode", "rules", "keep", "seq", "box", "words", "zero_box",
          "token", "letters", "dictionary", "dice_set"]
CLASSIC_BOXES = ["ones", "sixes", "three_of_a_kind", "full_house", "yahtzee", "chance"]
classic_values = {
    "mode": st.sampled_from(["classic", "woord", "chess"]) | json_values,
    "kind": st.sampled_from(["solo", "hotseat", "online"]) | json_values,
    "players": st.lists(st.one_of(
        st.text(max_size=8), surrogates,
        st.fixed_dictionaries({"name": st.text(max_size=8) | surrogates}, optional={
            "computer": st.sampled_from(["optimal", "greedy", "beginner", "x"]) | json_values}),
        json_values), max_size=4),
    "rules": st.fixed_dictionaries({}, optional={
        "joker": st.sampled_from(["free", "forced"]) | json_values,
        "match": st.booleans() | json_values}) | json_values,
    "keep": st.lists(st.integers(-2, 7), max_size=6) | json_values,
    "box": st.sampled_from(CLASSIC_BOXES) | json_values,
}
shaped = st.one_of(
    st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=6),
    st.fixed_dictionaries({}, optional=classic_values))
bodies = st.one_of(
    shaped.map(json.dumps), json_values.map(json.dumps), st.binary(max_size=200),
    st.text(max_size=200), st.just(""), st.just("{"), st.just("[" * 3000))


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory: pytest.TempPathFactory) -> Any:
    seeds = iter(range(10**6))
    patch = pytest.MonkeyPatch()
    patch.setattr(strategies, "warm", lambda *plan: None)  # hints answer "not ready"
    # fuzzed tables may seat an optimal player first: never compute a table in the background
    patch.setattr(ClassicCoach, "needs_table", lambda self, level: False)
    beginner = ClassicCoach.decide
    patch.setattr(ClassicCoach, "decide",
                  lambda self, game, level, table: beginner(self, game, "beginner", None))
    app = create_app({"DATABASE": Path(tmp_path_factory.mktemp("fuzz")) / "f.sqlite3",
                      "TESTING": True, "SSE_SECONDS": 0.05, "WARM_STRATEGIES": (),
                      "RNG_FACTORY": lambda: random.Random(next(seeds)),
                      "RATELIMIT_ENABLED": False})  # it floods the API on purpose
    client = app.test_client()
    created = client.post("/api/games", json={"kind": "hotseat", "players": ["A", "B"],
                                              "rules": {"free_order": True}}).json
    app.config["FUZZ_GAME"] = created["id"]
    app.config["FUZZ_TOKEN"] = created["links"][0]["token"]
    classic = client.post("/api/games", json={
        "mode": "classic", "kind": "hotseat", "rules": {"joker": "forced", "match": True},
        "players": ["A", "B", {"name": "R", "computer": "beginner"}]}).json
    app.config["FUZZ_CLASSIC"] = classic["id"]
    app.config["FUZZ_CLASSIC_TOKEN"] = classic["links"][0]["token"]
    yield app
    patch.undo()


def _routes(app: Any) -> list[str]:
    return sorted({r.rule for r in app.url_map.iter_rules() if r.rule.startswith("/api")})


@pytest.mark.usefixtures("strategy_tables")
@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_no_500_on_any_endpoint(fuzz_app: Any, data: st.DataObject) -> None:
    client = fuzz_app.test_client()
    rule = data.draw(st.sampled_from(_routes(fuzz_app)))
    game = data.draw(st.sampled_from([fuzz_app.config["FUZZ_GAME"], fuzz_app.config[
        "FUZZ_CLASSIC"], "nope", "%00", "x" * 80]))
    path = rule.replace("<game_id>", game).replace("<job_id>", data.draw(st.text(
        "abcdef0123456789", max_size=12)) or "0")
    method = data.draw(st.sampled_from(METHODS))
    body = data.draw(bodies)
    headers = {}
    if data.draw(st.booleans()):
        headers["X-Seat-Token"] = data.draw(st.sampled_from(
            [fuzz_app.config["FUZZ_TOKEN"], fuzz_app.config["FUZZ_CLASSIC_TOKEN"], "wrong",
             ""]))
    content_type = data.draw(st.sampled_from(["application/json", "text/plain",
                                              "multipart/form-data", None]))
    query = data.draw(st.dictionaries(st.sampled_from(
        ["status", "limit", "kind", "rules", "dictionary", "mode", "lang", "since",
         "cursor"]),
        st.text(max_size=20), max_size=3))
    kwargs: dict[str, Any] = {"method": method, "headers": headers, "query_string": query}
    if method not in ("GET", "HEAD", "OPTIONS"):
        kwargs["data"] = body
        if content_type:
            kwargs["content_type"] = content_type
    response = client.open(path, **kwargs)
    assert response.status_code < 500, (method, path, body, response.data[:300])
    if path.startswith("/api") and response.status_code >= 400 and method != "HEAD":
        assert "error" in response.get_json()


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(action=st.sampled_from(["throw", "claim", "preview"]), body=shaped,
       classic=st.booleans())
def test_no_500_on_game_actions(fuzz_app: Any, action: str, body: dict[str, Any],
                                classic: bool) -> None:
    """Well-formed JSON objects with wild field values, against a live game of each mode
    (the classic one has a computer seat that the server plays between the fuzzed moves)."""
    client = fuzz_app.test_client()
    if classic:
        gid, token = fuzz_app.config["FUZZ_CLASSIC"], fuzz_app.config["FUZZ_CLASSIC_TOKEN"]
    else:
        gid, token = fuzz_app.config["FUZZ_GAME"], fuzz_app.config["FUZZ_TOKEN"]
    body.pop("seq", None)
    route = action if action == "preview" else f"act/{action}"
    response = client.post(f"/api/games/{gid}/{route}", data=json.dumps(body),
                           content_type="application/json",
                           headers={"X-Seat-Token": token})
    assert response.status_code < 500, (action, body, response.data[:300])
    if classic:
        fuzz_app.extensions["wordyahtzee.tables"].settle(gid, 10)
        state = client.get(f"/api/games/{gid}").json
        assert state["seats"][2]["computer"] == "beginner"


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=shaped)
def test_no_500_on_creating_games(fuzz_app: Any, body: dict[str, Any]) -> None:
    """Random table set-ups (modes, kinds, computer seats, rules) are created or refused
    with a 4xx."""
    response = fuzz_app.test_client().post("/api/games", data=json.dumps(body),
                                           content_type="application/json")
    assert response.status_code in (201, 400, 413), (body, response.data[:300])


@pytest.mark.parametrize(("path", "body"), [
    ("/api/check", {"words": ["\ud800"]}),
    ("/api/check", {"words": ["huis\udfff"], "dictionary": "nl"}),
    ("/api/reports", {"word": "huis", "kind": "wrongly_accepted", "note": "\ud800"}),
    ("/api/games", {"kind": "solo", "players": ["\ud800"]}),
    ("/api/games", {"kind": "solo", "players": [{"name": "A\udc80"}]}),
    ("/api/solve", {"letters": "kusnat\ud800"}),
])
def test_lone_surrogates_are_refused_with_400(fuzz_app: Any, path: str,
                                              body: dict[str, Any]) -> None:
    """Found by a probe: these were 500s (UnicodeEncodeError writing them out)."""
    response = fuzz_app.test_client().post(path, data=json.dumps(body),
                                           content_type="application/json")
    assert response.status_code == 400, response.data[:300]
    assert response.get_json()["error"]["code"] == "bad_json"


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(path=st.text(max_size=40), method=st.sampled_from(METHODS))
def test_no_500_on_random_paths(fuzz_app: Any, path: str, method: str) -> None:
    client = fuzz_app.test_client()
    response = client.open("/api/" + path, method=method)
    assert response.status_code < 500
    # PATH_INFO as a real server passes it (the path's UTF-8 bytes read as latin-1): the test
    # client would take a path that starts with "//" for a host name
    raw = ("/" + path).encode("utf-8", "surrogatepass").decode("latin-1")
    response = client.open("/", method=method, environ_overrides={"PATH_INFO": raw})
    assert response.status_code < 500


def test_nul_and_deep_bodies_are_refused_with_400_on_every_json_route(fuzz_app: Any) -> None:
    """Found by a probe on the real server (tests/test_serve_seats.py repeats it there):
    ``{"words": ["a\\u0000b"]}`` to /api/check and a ``\\u`` escape nested about 950 deep
    were 500s. Every route of the document with a JSON body refuses both, ``bad_json``."""
    from .support.bodies import DEEP, bad_bodies, json_routes

    client = fuzz_app.test_client()
    routes = json_routes(client.get("/api/openapi.json").json)
    ids = {"game_id": fuzz_app.config["FUZZ_GAME"], "seat": "1", "lobby_id": "0" * 12,
           "mode": "classic", "puzzle_id": "0" * 12}
    for method, path, fields in routes:
        where = path.format(**{**ids, "action": "skip" if "/seats/" in path else "throw"})
        for body in bad_bodies(fields)[len(DEEP) - 5:]:
            response = client.open(where, method=method, data=body,
                                   content_type="application/json",
                                   headers={"X-Seat-Token": fuzz_app.config["FUZZ_TOKEN"]})
            assert response.status_code == 400, (where, body[-30:], response.data[:200])
            assert response.get_json()["error"]["code"] == "bad_json"


@pytest.mark.parametrize("name", ["\u0001Anna", "An\u007fna", "Anna\u009b"])
def test_a_name_with_a_control_character_is_refused(fuzz_app: Any, name: str) -> None:
    """Names show on every screen at the table: control characters make none (the engine's
    one check of names, so records and the command line refuse them too)."""
    client = fuzz_app.test_client()
    answers = [
        client.post("/api/games", json={"kind": "solo", "players": [name]}),
        client.post("/api/games", json={"kind": "online", "players": [{"name": name}, "B"]}),
        client.post("/api/profile", json={"name": name})]
    for response in answers:
        assert response.status_code == 400, response.data[:200]
        assert response.get_json()["error"]["code"] in ("bad_players", "bad_name")
