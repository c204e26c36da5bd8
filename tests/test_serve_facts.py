"""On a real ``wordyahtzee serve`` over PostgreSQL: a moderator refuses the words a live
game played, through the moderators' page; another game's stored move is damaged; the
server restarts. It comes up, the live game loads as it was and plays on, the damaged one
answers ``game_damaged``, and ``wordyahtzee games verify`` names it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from wordyahtzee.moderation import Moderation
from wordyahtzee.store import open_store

from .support.moderation import Browser, token_of
from .support.server import Server

PASSWORD = "correct horse battery staple"


def play(server: Server, turns: int) -> tuple[str, str, list[str]]:
    """A solo game whose player writes a word in each round's box when the dice give one
    (asking the server's own solver); its id, token and the words played."""
    status, made = server.call("POST", "/api/games", {
        "mode": "woord", "kind": "solo", "players": ["Anna"], "rules": {"turn_seconds": None}})
    assert status == 201, made
    game_id, token = made["id"], made["links"][0]["token"]
    played: list[str] = []
    for _ in range(turns):
        status, thrown = server.call("POST", f"/api/games/{game_id}/act/throw", {}, token)
        assert status == 200, thrown
        box = thrown["state"]["turn"]["round_box"]
        status, solved = server.call("POST", "/api/solve", {
            "letters": thrown["faces"], "dictionary": "nl"})
        assert status == 200, solved
        words = solved["boxes"][box]["words"]
        status, claimed = server.call("POST", f"/api/games/{game_id}/act/claim",
                                      {"box": box, "words": words}, token)
        assert status == 200, claimed
        played += words
    return game_id, token, played


def test_refusals_a_damaged_game_and_a_restart(postgres_url: str, tmp_path: Path) -> None:
    store = open_store(postgres_url)
    try:
        Moderation(store).add("mia", PASSWORD)
    finally:
        store.close()
    server = Server(postgres_url, tmp_path, "before")
    try:
        live, token, played = play(server, 5)
        damaged, damaged_token, _ = play(server, 2)
        assert played, "the dice gave no word in five turns"
        before = server.call("GET", f"/api/games/{live}", None, token)[1]
        browser = Browser(server.port)
        page = browser.post("/moderate/login", {
            "csrf": token_of(browser.get("/moderate/login")), "name": "mia", "password": PASSWORD})
        for word in sorted(set(played)):
            page = browser.post("/moderate/words", {
                "csrf": token_of(page), "dictionary": "nl", "word": word, "verdict": "refuse",
                "reason": "refused after it was played"})
        assert all(not r["valid"] for r in server.call(
            "POST", "/api/check", {"words": played, "dictionary": "nl"})[1]["results"])
    finally:
        server.stop()
    store = open_store(postgres_url)
    try:  # a fault writes nonsense over the damaged game's first claim
        store._change([("UPDATE events SET event = ? WHERE game_id = ? AND seq = 1",
                        (json.dumps({"type": "claim", "box": 7}), damaged))])
    finally:
        store.close()

    server = Server(postgres_url, tmp_path, "after")  # boots: the start waits for /api/meta
    try:
        after = server.call("GET", f"/api/games/{live}", None, token)[1]
        for key in ("players", "history", "turn", "status"):
            assert after[key] == before[key], key
        status, thrown = server.call("POST", f"/api/games/{live}/act/throw", {}, token)
        assert status == 200, thrown
        box = thrown["state"]["turn"]["round_box"]
        status, claimed = server.call("POST", f"/api/games/{live}/act/claim",
                                      {"box": box, "words": []}, token)
        assert status == 200, claimed
        status, refused = server.call("GET", f"/api/games/{damaged}", None, damaged_token)
        assert status == 409 and refused["error"]["code"] == "game_damaged", refused
        log = (tmp_path / "after.log").read_text()
        assert f"game {damaged} does not replay" in log and "Traceback" not in log
    finally:
        server.stop()
    verify = subprocess.run([sys.executable, "-m", "wordyahtzee", "games", "verify", "--db",
                             postgres_url], capture_output=True, text=True, timeout=120)
    assert verify.returncode == 1, verify.stderr
    assert [line.split("\t")[0] for line in verify.stdout.splitlines()] == [damaged]

