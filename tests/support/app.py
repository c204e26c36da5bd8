"""The app in-process for the API tests: a factory on a given database and clock, the seat
token's header, a table of Woord Yahtzee, and the project's error answer checked."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from flask import Flask
from wordyahtzee.web import create_app

from .clock import Clock


def make_app(path: Path | str, clock: Clock | None = None, **config: Any) -> Flask:
    """The app on the SQLite file ``path``, on ``clock`` (a new one if none), its dice from
    seeded generators, no strategy warmed and computers that move at once; ``config``
    adds or overrides settings."""
    seeds = iter(range(1, 10_000))
    return create_app({"DATABASE": path, "TESTING": True, "CLOCK": clock or Clock(),
                       "RNG_FACTORY": lambda: random.Random(next(seeds)),
                       "SSE_SECONDS": 0.5, "WARM_STRATEGIES": (), "COMPUTER_PACE": 0.0,
                       **config})


def new_game(client: Any, kind: str = "solo", players: list[str] | None = None,
             **rules: Any) -> tuple[str, list[dict[str, Any]]]:
    """A table of Woord Yahtzee: its id and its seats' links."""
    players = players or (["Anna"] if kind == "solo" else ["Anna", "Bram"])
    r = client.post("/api/games", json={"mode": "woord", "kind": kind, "players": players,
                                        "rules": rules})
    assert r.status_code == 201, r.json
    return r.json["id"], r.json["links"]


def seat(token: str) -> dict[str, str]:
    """The headers of a request made for the seat of ``token``."""
    return {"X-Seat-Token": token}


def assert_error(response: Any, status: int, code: str | None = None) -> None:
    """``response`` is the project's error: ``status`` and a JSON body
    ``{"error": {"code", "message", "request_id"}}`` (with ``code``, if given)."""
    assert response.status_code == status, (response.status_code, response.data[:300])
    body = response.get_json()
    assert set(body["error"]) == {"code", "message", "request_id"} and body["error"]["message"]
    if code is not None:
        assert body["error"]["code"] == code


def player(app: Any, name: str) -> Any:
    """A browser (its own cookies) with a profile called ``name``."""
    client = app.test_client()
    r = client.post("/api/profile", json={"name": name})
    assert r.status_code == 201, r.json
    assert r.json["profile"]["name"] == name and "/p/" in r.json["link"]
    assert "wy_profile=" in r.headers["Set-Cookie"] and "HttpOnly" in r.headers["Set-Cookie"]
    return client
