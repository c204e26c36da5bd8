"""Schemathesis against ``/api/openapi.json``: examples generated from the document, sent
to every operation, never get a server error and answer as the document says (status
codes, content types, response bodies). The server's hints, reviews and computer players
are ready: its strategy tables are the session's real ones (classic, both joker readings;
Woord Yahtzee on nl), loaded before the run. The ids and tokens of live tables of every
mode replace most of the generated ones, so that moves, hints, reviews and records are
answered for real, not only 404. A bounded run: a few examples an operation."""

from __future__ import annotations

import random
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis import checks  # noqa: E402
from wordyahtzee.web import create_app  # noqa: E402

import wordyahtzee.tables.strategies as strategies  # noqa: E402

EXAMPLES = 25
CHECKS = [checks.not_a_server_error, checks.status_code_conformance,
          checks.content_type_conformance, checks.response_schema_conformance]
TABLES = [("classic", "free"), ("classic", "forced"), ("woord", "nl/nl/40")]
"""The strategy tables the server loads before the run (the session's, tests/conftest.py)."""


def _ready(app: Any) -> None:
    """Wait until the app has loaded every table of :data:`TABLES`."""
    end = time.monotonic() + 300
    while not all(strategies.is_ready(*key) for key in TABLES):
        failed = [strategies.failure(*key) for key in TABLES if strategies.failure(*key)]
        assert not failed, failed
        assert time.monotonic() < end, app.extensions["wordyahtzee.tables"].coaching.preparing()
        time.sleep(0.2)


def _finish_classic(client: Any) -> dict[str, str]:
    """A classic solo game played to its end (its review sets the score against optimal
    play's)."""
    made = client.post("/api/games", json={"mode": "classic", "players": ["Fien"]}).json
    gid, token = made["id"], made["links"][0]["token"]
    state = made["state"]
    while state["status"] == "active":
        state = client.post(f"/api/games/{gid}/act/throw", json={},
                            headers={"X-Seat-Token": token}).json["state"]
        box = next(iter(state["options"]))
        answer = client.post(f"/api/games/{gid}/act/claim", json={"box": box},
                             headers={"X-Seat-Token": token})
        assert answer.status_code == 200, answer.json
        state = answer.json["state"]
    return {"id": gid, "token": token}


def _tables(app: Any) -> list[dict[str, str]]:
    """Live tables of every mode (with computer players where the mode has them) and a
    finished one: their ids and tokens."""
    client = app.test_client()
    made = []
    for body in ({"mode": "woord", "players": ["Anna"]},
                 {"mode": "woord", "kind": "online", "players": ["Anna", "Bram"]},
                 {"mode": "woord", "kind": "pad", "players": ["Anna"]},
                 {"mode": "classic", "players": ["Anna", {"name": "C", "computer": "optimal"}]},
                 {"mode": "classic", "players": ["Anna"], "rules": {"joker": "forced"}},
                 {"mode": "kaartspel", "players": ["Anna", {"name": "K", "computer": "strong"}]},
                 {"mode": "triple", "players": ["Anna", {"name": "T", "computer": "greedy"}]}):
        answer = client.post("/api/games", json=body)
        assert answer.status_code == 201, answer.json
        made.append({"id": answer.json["id"], "token": answer.json["links"][0]["token"]})
        client.post(f"/api/games/{made[-1]['id']}/act/throw", json={},
                    headers={"X-Seat-Token": made[-1]["token"]})
    made.append(_finish_classic(client))
    return made


def _pick(value: Any, among: int) -> int:
    """A choice among ``among`` that a generated value always makes the same way."""
    return zlib.crc32(str(value).encode("utf-8", "surrogatepass")) % among


@pytest.fixture(scope="module")
def schema_app(tmp_path_factory: pytest.TempPathFactory, strategy_tables: None
               ) -> Iterator[Any]:
    seeds = iter(range(10**6))
    app = create_app({"DATABASE": Path(tmp_path_factory.mktemp("schema")) / "s.sqlite3",
                      "TESTING": True, "SSE_SECONDS": 0.05,
                      "WARM_STRATEGIES": [key for _, key in TABLES],
                      "OPTIMAL_SAMPLE_GAMES": {"classic": 200, "woord": 20},
                      "COMPUTER_PACE": 0.0, "RNG_FACTORY": lambda: random.Random(next(seeds)),
                      "RATELIMIT_ENABLED": False})  # it floods the API on purpose
    _ready(app)
    app.config["SCHEMA_TABLES"] = _tables(app)
    made = app.test_client().post("/api/profile", json={"name": "Schema"})
    assert made.status_code == 201, made.json
    app.config["SCHEMA_PROFILE"] = made.json["link"].rsplit("/", 1)[-1]
    yield app


schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.fixture(scope="module")
def api_schema(schema_app: Any) -> Any:
    loaded = schemathesis.openapi.from_wsgi("/api/openapi.json", schema_app)
    tables = schema_app.config["SCHEMA_TABLES"]
    secret = schema_app.config["SCHEMA_PROFILE"]

    @loaded.hook
    def map_case(context: Any, case: Any) -> Any:
        """Requests as a browser with a profile sends them (but for deleting it), and most
        generated game ids become a live table's: a move then carries that table's token,
        no ``seq`` (one generated is stale nearly always) and often an action of its
        mode."""
        if case.method != "DELETE":
            case.cookies = {**(case.cookies or {}), "wy_profile": secret}
        params = case.path_parameters or {}
        if "game_id" not in params:
            return case
        pick = _pick(params["game_id"], len(tables) + 1)
        if pick == len(tables):
            return case  # an unknown id now and then: a 404
        table = tables[pick]
        params["game_id"] = table["id"]
        if "action" in params and case.path.endswith("/act/{action}"):
            actions = ["roll", "throw", "take", "stop", "claim", params["action"]]
            params["action"] = actions[_pick(params["action"], len(actions))]
        if case.headers is not None and "X-Seat-Token" in case.headers:
            case.headers["X-Seat-Token"] = table["token"]
        if isinstance(case.body, dict):
            case.body.pop("seq", None)
            case.body.pop("token", None)
        return case

    return loaded


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_api_answers_as_documented(case: Any) -> None:
    case.call_and_validate(checks=CHECKS)
