"""The OpenAPI document is made from the models: its enumerations follow the modes'
registry, every answer has a real schema, and what the models refuse is answered with the
project's error body (tests/test_api_schema.py holds the answers against it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from wordyahtzee.games import describe_modes
from wordyahtzee.modes import MODES

from .support.app import assert_error, make_app


@pytest.fixture(scope="module")
def document(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The OpenAPI document, read once for the module's tests."""
    client = make_app(Path(tmp_path_factory.mktemp("doc")) / "doc.sqlite3").test_client()
    doc: dict[str, Any] = client.get("/api/openapi.json").json
    return doc


def _parameter(document: dict[str, Any], path: str, name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(p for p in document["paths"][path]["get"]["parameters"]
                                 if p["name"] == name)
    return found


def test_the_enumerations_come_from_the_registry(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    modes = describe_modes()
    assert schemas["NewGame"]["properties"]["mode"]["enum"] == list(MODES)
    assert _parameter(document, "/api/highscores", "mode")["schema"]["enum"] == list(MODES)
    boxes = {b for info in modes.values() for b in info["boxes"]}
    bodies = schemas["ActRequest"]["anyOf"]
    assert {b for body in bodies if "box" in body["properties"]
            for b in body["properties"]["box"]["enum"]} == boxes
    levels = {lv for info in modes.values() for lv in info["computer_levels"]}
    assert set(schemas["SeatRequest"]["properties"]["level"]["enum"]) == levels
    assert "claim" in schemas["HintOption"]["properties"]["kind"]["enum"]
    assert "Kaartspel" in document["info"]["description"]


def _members(schemas: dict[str, Any], name: str) -> list[str]:
    """The schemas a named schema is: itself, or each member of its union."""
    union = schemas[name].get("oneOf")
    return [m["$ref"].rsplit("/", 1)[-1] for m in union] if union else [name]


def test_every_answer_has_a_schema_and_errors_their_body(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            for status, answer in operation["responses"].items():
                content = answer["content"]
                if path.endswith("/events") and status == "200":
                    assert "text/event-stream" in content
                    continue
                ref = content["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
                if status.startswith("4") or status.startswith("5"):
                    assert ref == "ErrorBody", (method, path, status)
                elif path != "/api/openapi.json":
                    for part in _members(schemas, ref):
                        assert schemas[part].get("properties"), (method, path, status, part)
    assert schemas["ErrorBody"]["required"] == ["error"]


def test_what_a_model_refuses_gets_the_project_error(client: Any) -> None:
    assert_error(client.post("/api/check", json={"words": 5}), 400, "bad_request")
    assert_error(client.get("/api/highscores?mode=schaak"), 400, "unknown_mode")
    assert_error(client.get("/api/games?limit=101"), 400, "bad_request")
    assert_error(client.post("/api/games", json={"players": "Anna"}), 400, "bad_players")
    assert_error(client.post("/api/games", json={"kind": "x", "players": ["A"]}), 400,
                 "bad_kind")
    assert_error(client.post("/api/games", data="[1]", content_type="application/json"),
                 400, "bad_json")


def test_who_sees_what_is_documented(document: dict[str, Any]) -> None:
    """Today's daily game answers 403 to anyone but its player on every route of a game id
    it reads; the games listed are the browser's own; the lobby's public tables; the limit
    on new profiles."""
    schemas = document["components"]["schemas"]
    paths = document["paths"]
    for path in ("/api/games/{game_id}", "/api/games/{game_id}/events",
                 "/api/games/{game_id}/review", "/api/games/{game_id}/record",
                 "/api/games/{game_id}/hint", "/api/games/{game_id}/invites"):
        assert "403" in paths[path]["get"]["responses"], path
    for action in ("preview", "act/{action}", "react", "rematch"):
        assert "403" in paths[f"/api/games/{{game_id}}/{action}"]["post"]["responses"]
    # one route per move: no route of its own for a throw or a claim beside act/{action}
    assert not any(path.endswith(("/throw", "/claim")) for path in paths)
    assert "daily_hidden" in paths["/api/games/{game_id}"]["get"]["responses"]["403"][
        "description"]
    for state in _members(schemas, "GameState"):
        assert "daily_closes_at" in schemas[state]["required"], state
    assert "profile" in paths["/api/games"]["get"]["description"]
    assert "profile" in schemas["GameList"]["description"]
    assert schemas["NewLobbyTable"]["properties"]["public"]["default"] is False
    assert "public" in schemas["LobbyTable"]["required"]
    assert {"watch", "tables"} <= set(schemas["Lobby"]["required"])
    assert {"game_id", "players", "url"} <= set(schemas["PublicTable"]["required"])
    assert "429" in paths["/api/profile"]["post"]["responses"]


def test_a_name_is_taken_as_long_as_the_document_says(client: Any,
                                                      document: dict[str, Any]) -> None:
    """The server trimmed a name before it measured it, so a name longer than the
    document's ``maxLength`` was taken; now the length is the name's as sent."""
    schemas = document["components"]["schemas"]
    most = schemas["ProfileName"]["properties"]["name"]["maxLength"]
    players = schemas["NewGame"]["properties"]["players"]["items"]["oneOf"][0]
    assert players["maxLength"] == most
    longer, fits = "  " + "A" * (most - 1), " " + "B" * (most - 1)
    assert_error(client.post("/api/profile", json={"name": longer}), 400, "bad_players")
    assert_error(client.post("/api/games", json={"kind": "solo", "players": [longer]}), 400,
                 "bad_players")
    assert_error(client.post("/api/games", json={
        "kind": "online", "players": [{"name": longer}, "C"]}), 400, "bad_players")
    made = client.post("/api/profile", json={"name": fits})
    assert made.status_code == 201 and made.json["profile"]["name"] == "B" * (most - 1)
    assert_error(client.patch("/api/profile", json={"name": longer}), 400, "bad_players")
    assert client.patch("/api/profile", json={"name": "C" * most}).status_code == 200
    game = client.post("/api/games", json={"kind": "solo", "players": ["D" * most]})
    assert game.status_code == 201


def test_no_two_models_share_a_name(document: dict[str, Any]) -> None:
    """The document names a schema by its model's class name, so two models of one name
    would leave one route documented with the other's schema (a deleted dice set's answer
    once read as a deleted profile's)."""
    from wordyahtzee.web.models import Body, Reply

    def models(base: type) -> list[type]:
        found = []
        for sub in base.__subclasses__():
            found += [sub, *models(sub)]
        return found

    names: dict[str, set[str]] = {}
    for model in {*models(Body), *models(Reply)}:
        names.setdefault(model.__name__, set()).add(model.__module__)
    assert not {name: where for name, where in names.items() if len(where) > 1}
    schemas = document["components"]["schemas"]
    assert schemas["DiceSetDeleted"]["properties"]["deleted"]["type"] == "string"
    assert schemas["ProfileDeleted"]["properties"]["deleted"]["type"] == "boolean"


def test_the_state_is_a_union_keyed_on_the_mode(document: dict[str, Any]) -> None:
    """Each mode's state is its own schema (the table's fields and the mode's view, every
    field required and described where its view says), one per mode of the registry,
    picked by ``mode``."""
    schemas = document["components"]["schemas"]
    state = schemas["GameState"]
    assert state["discriminator"]["propertyName"] == "mode"
    mapping = state["discriminator"]["mapping"]
    assert set(mapping) == set(MODES)
    for mode, ref in mapping.items():
        schema = schemas[ref.rsplit("/", 1)[-1]]
        assert schema["properties"]["mode"]["const"] == mode
        assert {"seq", "seats", "finished", "history", "options"} <= set(schema["required"])
        assert schema["properties"]["history"]["items"].get("$ref"), mode
    assert schemas["ClassicPlayer"]["properties"]["missed"]["description"]


def test_each_action_body_is_the_actions_own_schema(document: dict[str, Any]) -> None:
    """``ActRequest`` is one of the actions' bodies, each made from the fields its action
    declares (its ``schema``), not one body with every mode's fields."""
    from wordyahtzee.modes import get_mode

    bodies = document["components"]["schemas"]["ActRequest"]["anyOf"]
    fields = {frozenset(body["properties"]) - {"seq", "token"} for body in bodies}
    declared = {frozenset(action.schema) for mode in MODES
                for action in get_mode(mode).ACTIONS}
    assert fields == declared
    assert len({body["title"] for body in bodies}) == len(bodies)
    claims = {body["title"]: body for body in bodies if "Claim" in body["title"]}
    assert set(claims["TripleClaimRequest"]["properties"]) == {"box", "column", "seq",
                                                                "token"}
    assert "column" not in claims["WoordClaimRequest"]["properties"]


@pytest.mark.parametrize("mode", MODES)
def test_a_new_tables_state_is_what_the_document_says(tmp_path: Path, mode: str) -> None:
    """The state a new table of each mode answers with validates against the document's
    ``GameState`` (its rules in full: every option's name, none of their old names)."""
    import jsonschema_rs

    client = make_app(tmp_path / "state.sqlite3").test_client()
    document = client.get("/api/openapi.json").json
    made = client.post("/api/games", json={"mode": mode, "kind": "hotseat",
                                           "players": ["Anna", "Bram"]})
    assert made.status_code == 201, made.json
    schema = {"$ref": "#/components/schemas/GameState", "components": document["components"]}
    errors = [e.message for e in jsonschema_rs.validator_for(schema).iter_errors(
        made.json["state"])]
    assert errors == []
