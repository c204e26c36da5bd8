"""Own dice sets on the real server (``wordyahtzee serve``) over PostgreSQL: a burst of 30 new
boxes at once from one address is held to the address's limit; one browser keeps at most
its cap however its requests are spread over two servers; a box made on one server plays
on another that has never seen it (its own data and cache directories: another machine);
and what the old data dir held is brought into the store at start."""

from __future__ import annotations

import copy
import http.client
import json
import os
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from limits import parse_many
from wordyahtzee.web.security import RATE_LIMITS

from wordyahtzee.dice import DiceSet
from wordyahtzee.owned.service import BOX_CAP

from .support.server import Server

BURST = 30


def call(server: Server, method: str, path: str, body: Any = None, *,
         source: str = "127.0.0.1", cookie: str | None = None) -> tuple[int, Any, str | None]:
    """One request from the address ``source`` with the cookie ``cookie``: status, JSON
    body, and the browser key the answer sets (if any)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30,
                                      source_address=(source, 0))
    headers = {"Content-Type": "application/json"}
    if cookie:
        headers["Cookie"] = f"wy_browser={cookie}"
    try:
        conn.request(method, path, None if body is None else json.dumps(body), headers)
        response = conn.getresponse()
        data = response.read()
        key = None
        for header in response.headers.get_all("Set-Cookie") or []:
            if header.startswith("wy_browser="):
                key = header.split(";")[0].split("=", 1)[1]
        return response.status, json.loads(data) if data else None, key
    finally:
        conn.close()


def new_box(title: str = "Onze doos") -> dict[str, Any]:
    dice = copy.deepcopy(DiceSet.load("nl").to_json()["dice"])
    dice[0][5] = ["q", 10]
    return {"title": title, "dice": dice}


def machine(tmp: Path, name: str) -> dict[str, str]:
    """The environment of a machine of its own: its data and cache directories."""
    return {"WORDYAHTZEE_DATA_DIR": str(tmp / name / "data"),
            "WORDYAHTZEE_CACHE_DIR": str(tmp / name / "cache")}


@pytest.fixture
def db(postgres_url: str) -> str:
    return postgres_url


@pytest.fixture
def two(db: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    first = Server(db, tmp_path, "first", env=machine(tmp_path, "first"))
    try:
        second = Server(db, tmp_path, "second", env=machine(tmp_path, "second"))
    except BaseException:
        first.stop()
        raise
    yield first, second
    first.stop()
    second.stop()


def test_a_burst_of_new_boxes_from_one_address_is_held_to_its_limit(
        db: str, tmp_path: Path) -> None:
    server = Server(db, tmp_path, "limited", limited=True)
    try:
        limit = min(item.amount for item in parse_many(RATE_LIMITS["dice_sets"]))
        with ThreadPoolExecutor(BURST) as pool:  # 30 browsers at once behind one address
            answers = list(pool.map(lambda i: call(server, "POST", "/api/dice-sets",
                                                   new_box(f"Doos {i}"), source="127.0.0.60"),
                                    range(BURST)))
        statuses = sorted(status for status, _, _ in answers)
        assert statuses == [201] * limit + [429] * (BURST - limit), statuses
        made = [body["name"] for status, body, _ in answers if status == 201]
        # a stranger elsewhere is not held back, and sees none of them listed
        status, body, _ = call(server, "GET", "/api/dice-sets", source="127.0.0.61")
        assert status == 200 and not set(made) & {d["name"] for d in body["dice_sets"]}
        assert call(server, "POST", "/api/dice-sets", new_box(), source="127.0.0.61")[0] == 201
    finally:
        server.stop()


def test_one_browser_keeps_its_cap_on_two_servers_and_plays_its_box_on_either(
        two: tuple[Server, Server]) -> None:
    first, second = two
    status, body, key = call(first, "POST", "/api/dice-sets", new_box(), source="127.0.0.70")
    assert status == 201 and key, body
    box = body["name"]
    with ThreadPoolExecutor(BURST) as pool:  # the same browser, 30 at once, on both servers
        answers = list(pool.map(
            lambda i: call((first, second)[i % 2], "POST", "/api/dice-sets", new_box(),
                           source="127.0.0.70", cookie=key), range(BURST)))
    statuses = sorted(status for status, _, _ in answers)
    assert statuses == [201] * (BOX_CAP - 1) + [409] * (BURST - BOX_CAP + 1), statuses
    assert {body["error"]["code"] for status, body, _ in answers if status == 409} == {
        "too_many_boxes"}
    for server in (first, second):
        status, body, _ = call(server, "GET", "/api/dice-sets", cookie=key)
        assert len([d for d in body["dice_sets"] if d["own"]]) == BOX_CAP
    # the second server has never seen the box: it reads it from the store, and plays it
    assert not os.path.exists(machine_copy(second, box))
    status, body, _ = call(second, "GET", f"/api/dice-sets/{box}", source="127.0.0.71")
    assert status == 200 and not body["mine"] and body["dice"][0][5] == ["q", 10]
    status, body, _ = call(second, "POST", "/api/games", {
        "mode": "woord", "kind": "pad", "players": ["Bram"],
        "rules": {"dice_set": box, "turn_seconds": None}}, source="127.0.0.71")
    assert status == 201, body
    gid, token = body["id"], body["links"][0]["token"]
    conn = http.client.HTTPConnection("127.0.0.1", first.port, timeout=30)
    try:  # the first server plays the game the second made
        conn.request("POST", f"/api/games/{gid}/act/throw", json.dumps({"faces": "qaksdhe"}),
                     {"Content-Type": "application/json", "X-Seat-Token": token})
        response = conn.getresponse()
        assert response.status == 200, response.read()[:300]
    finally:
        conn.close()
    assert os.path.exists(machine_copy(second, box))


def machine_copy(server: Server, box: str) -> str:
    """Where a server's machine keeps its copy of a box (its cache directory)."""
    return str(server.log.parent / server.log.stem / "cache" / "dice" / f"{box}.json")
