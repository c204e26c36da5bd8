"""The moderators' pages (``/moderate``) through the app, from any address: a login that is
rate-limited, form tokens, sessions that expire, word decisions that every check consults
(on another server process too, within seconds), flagged daily results decided as the CLI
does, hidden profile names, and the log of it all."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from wordyahtzee import daily
from wordyahtzee.moderation import IDLE_SECONDS, NAME_FAILURES, Moderation

from .support.app import make_app
from .support.clock import Clock
from .support.moderation import FAR, PASSWORD, Browser, login, token_of


def moderated_app(tmp_path: Path, clock: Clock, **config: Any) -> Flask:
    """The app (no ticker) with a moderator, alice."""
    app = make_app(tmp_path / "mod.sqlite3", clock, TICK_SECONDS=None, **config)
    Moderation(app.extensions["wordyahtzee.store"]).add("alice", PASSWORD)
    return app


@pytest.fixture
def app(tmp_path: Path, clock: Clock) -> Flask:
    """Unlike the shared app: a moderator, alice, and no rate limits."""
    return moderated_app(tmp_path, clock, RATELIMIT_ENABLED=False)


def form_token(client: Any, path: str = "/moderate/reports") -> str:
    page = client.get(path, environ_base=FAR)
    assert page.status_code == 200, page.status_code
    return token_of(page.get_data(as_text=True))


def decide(client: Any, word: str, verdict: str, reason: str = "a reason",
           **headers: str) -> Any:
    return client.post("/moderate/words", environ_base=FAR, headers=headers, data={
        "csrf": form_token(client), "dictionary": "nl", "word": word, "verdict": verdict,
        "reason": reason})


def test_nobody_without_a_login_sees_or_decides_anything(app: Any) -> None:
    client = app.test_client()
    for path in ("/moderate/reports", "/moderate/daily", "/moderate/engine",
                 "/moderate/profiles", "/moderate/log", "/moderate/"):
        answer = client.get(path, environ_base=FAR)
        assert answer.status_code == 302 and "/moderate/login" in answer.location, path
    assert "/moderate/reports" in client.get("/reports", environ_base=FAR).location
    for env in (FAR, {"REMOTE_ADDR": "127.0.0.1"}):  # this machine is no exception now
        refused = client.get("/api/reports", environ_base=env)
        assert refused.status_code == 401
        assert refused.json["error"]["code"] == "login_required"
    token = token_of(client.get("/moderate/login", environ_base=FAR).get_data(as_text=True))
    for path, data in (("/moderate/words", {"dictionary": "nl", "word": "huis",
                                            "verdict": "refuse", "reason": "x"}),
                       ("/moderate/profiles/p1/hide", {}), ("/moderate/daily/g1",
                                                            {"decision": "cleared"}),
                       ("/moderate/engine/p1/classic", {"decision": "cleared"})):
        assert client.post(path, data={"csrf": token, **data},
                           environ_base=FAR).status_code == 401, path
    assert app.extensions["wordyahtzee.store"].word_decisions() == []


def test_a_moderator_logs_in_from_afar_and_out(app: Any) -> None:
    client = app.test_client()
    answer = login(client)
    assert answer.status_code == 303 and answer.location.endswith("/moderate/reports")
    cookie = next(c for c in answer.headers.getlist("Set-Cookie")
                  if c.startswith("wy_moderator="))
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Secure" not in cookie
    assert client.get("/moderate/reports", environ_base=FAR).status_code == 200
    assert client.get("/api/reports", environ_base=FAR).status_code == 200
    secure = app.test_client()  # https: the cookie says Secure
    page = secure.get("/moderate/login", base_url="https://localhost", environ_base=FAR)
    answer = secure.post("/moderate/login", base_url="https://localhost", environ_base=FAR,
                         data={"csrf": token_of(page.get_data(as_text=True)),
                               "name": "alice", "password": PASSWORD})
    assert any(c.startswith("wy_moderator=") and "Secure" in c
               for c in answer.headers.getlist("Set-Cookie"))
    out = client.post("/moderate/logout", environ_base=FAR, data={"csrf": form_token(client)})
    assert out.status_code == 303
    assert client.get("/moderate/reports", environ_base=FAR).status_code == 302
    log = app.extensions["wordyahtzee.store"].moderation_log()
    assert [line["action"] for line in log] == ["login", "login"]


def test_behind_a_trusted_proxy_the_cookie_is_secure(tmp_path: Path, clock: Clock) -> None:
    client = moderated_app(tmp_path, clock, RATELIMIT_ENABLED=False, PROXIES=1).test_client()
    via = {"X-Forwarded-For": "198.51.100.7", "X-Forwarded-Proto": "https"}
    page = client.get("/moderate/login", headers=via)
    answer = client.post("/moderate/login", headers=via, data={
        "csrf": token_of(page.get_data(as_text=True)), "name": "alice", "password": PASSWORD})
    assert any(c.startswith("wy_moderator=") and "Secure" in c
               for c in answer.headers.getlist("Set-Cookie"))


def test_a_wrong_password_is_refused_then_rate_limited(tmp_path: Path, clock: Clock) -> None:
    client = moderated_app(tmp_path, clock).test_client()  # the shipped limits: 5 a minute
    for _ in range(5):
        answer = login(client, "not the password")
        assert answer.status_code == 401
        assert "wy_moderator=" not in str(answer.headers.getlist("Set-Cookie"))
    answer = login(client)
    assert answer.status_code == 429  # even with the right password
    assert client.get("/moderate/reports", environ_base=FAR).status_code == 302


def test_failures_lock_the_addresses_that_failed_never_the_moderator(app: Any) -> None:
    client = app.test_client()
    for i in range(NAME_FAILURES):
        assert login(client, "wrong!", REMOTE_ADDR=f"198.51.100.{i}").status_code == 401
    # the name's budget is spent: the addresses that failed are refused, right or not
    assert login(client, REMOTE_ADDR="198.51.100.0").status_code == 429
    assert client.get("/moderate/reports", environ_base=FAR).status_code == 302
    answer = login(client, REMOTE_ADDR="192.0.2.200")  # the moderator, somewhere else
    assert answer.status_code == 303
    assert client.get("/moderate/reports", environ_base=FAR).status_code == 200
    log = app.extensions["wordyahtzee.store"].moderation_log()
    assert [(line["moderator"], line["action"]) for line in log] == [("alice", "login")]


def test_a_post_without_its_token_or_from_another_site_changes_nothing(app: Any) -> None:
    client = app.test_client()
    # no token at the login either
    assert client.post("/moderate/login", environ_base=FAR, data={
        "name": "alice", "password": PASSWORD}).status_code == 403
    login(client)
    data = {"dictionary": "nl", "word": "huis", "verdict": "refuse", "reason": "x"}
    assert client.post("/moderate/words", environ_base=FAR, data=data).status_code == 403
    assert client.post("/moderate/words", environ_base=FAR,
                       data={**data, "csrf": "0" * 64}).status_code == 403
    foreign = decide(client, "huis", "refuse", Origin="https://evil.example")
    assert foreign.status_code == 403
    other = app.test_client()  # another browser's token is not this session's
    stolen = token_of(other.get("/moderate/login", environ_base=FAR).get_data(as_text=True))
    assert client.post("/moderate/words", environ_base=FAR,
                       data={**data, "csrf": stolen}).status_code == 403
    assert app.extensions["wordyahtzee.store"].word_decisions() == []
    assert decide(client, "huis", "refuse", Origin="http://localhost").status_code == 303
    assert len(app.extensions["wordyahtzee.store"].word_decisions()) == 1


def test_a_session_expires_when_idle(app: Any, clock: Clock) -> None:
    client = app.test_client()
    login(client)
    clock.now += IDLE_SECONDS - 5
    assert client.get("/moderate/reports", environ_base=FAR).status_code == 200
    clock.now += IDLE_SECONDS + 1
    assert client.get("/moderate/reports", environ_base=FAR).status_code == 302
    assert client.get("/api/reports", environ_base=FAR).status_code == 401


def test_a_word_decision_changes_every_check_at_once(app: Any) -> None:
    client = app.test_client()
    player = app.test_client()
    assert player.post("/api/reports", json={"word": "blurp", "dictionary": "nl",
                                              "kind": "wrongly_refused"}).status_code == 201
    made = player.post("/api/games", json={"mode": "woord", "kind": "solo",
                                           "players": ["Anna"]}).json
    game, seat = made["id"], {"X-Seat-Token": made["links"][0]["token"]}
    assert player.post(f"/api/games/{game}/act/throw", headers=seat, json={}).status_code == 200

    def in_game(word: str) -> bool:  # what Woord Yahtzee's scoring takes as a word now
        answer = player.post(f"/api/games/{game}/preview", headers=seat,
                             json={"words": [word]})
        assert answer.status_code == 200, answer.json
        return bool(answer.json["words"][0]["in_dictionary"])

    assert not in_game("blurp") and in_game("huis")
    login(client)
    page = client.get("/moderate/reports", environ_base=FAR).get_data(as_text=True)
    assert "blurp" in page
    missing = client.post("/moderate/words", environ_base=FAR, data={
        "csrf": form_token(client), "dictionary": "nl", "word": "blurp",
        "verdict": "accept", "reason": " "})
    assert missing.status_code == 400  # a reason is required
    assert decide(client, "blurp", "accept", "a sound word, in use").status_code == 303
    check = player.post("/api/check", json={"words": ["blurp"], "dictionary": "nl"}).json
    assert check["results"][0]["valid"]
    assert check["results"][0]["why"]["source"] == "moderated"
    assert in_game("blurp")
    assert decide(client, "huis", "refuse", "a test of the overlay").status_code == 303
    assert not in_game("huis")
    solved = player.post("/api/solve", json={"letters": "kusnatl", "dictionary": "nl"}).json
    best = solved["words"][0]["word"]
    assert decide(client, best, "refuse", "not a word here").status_code == 303
    again = player.post("/api/solve", json={"letters": "kusnatl", "dictionary": "nl"}).json
    assert best not in [w["word"] for w in again["words"]]
    assert all(best not in box["words"] for box in again["boxes"].values())
    log = client.get("/moderate/log", environ_base=FAR).get_data(as_text=True)
    assert "nl:blurp" in log and f"nl:{best}" in log and "a sound word, in use" in log


def _finished_daily(store: Any, clock: Clock, profile: str, game: str, score: int,
                    check: str) -> str:
    day = daily.day_of(clock()).isoformat()
    assert store.start_daily(day, "classic", profile, game, clock())
    store._change([("UPDATE daily_entries SET score = ?, finished_at = ? WHERE game_id = ?",
                    (score, clock(), game))])
    evidence = {"verdict": {"lr": 512.0, "departures": 3, "hits": 3},
                "choices": [{"turn": 4, "throws": 1, "regret": 1.5, "worth": 9.0,
                             "chosen": {"kind": "keep", "keep": [6, 6]},
                             "best": {"kind": "keep", "keep": [6, 6, 6]}}]}
    assert store.check_daily(game, check, evidence if check == "flagged" else {})
    assert store.measure_daily(game, 7.5)
    return day


def test_clear_and_confirm_from_the_web_change_the_board(app: Any, clock: Clock) -> None:
    store = app.extensions["wordyahtzee.store"]
    player = app.test_client()
    assert player.post("/api/profile", json={"name": "Ziener"}).status_code == 201
    profile = store.profiles_named("Ziener")[0]["id"]
    _finished_daily(store, clock, profile, "g-flagged", 330, "flagged")
    viewer = app.test_client()
    assert "Ziener" not in str(viewer.get("/api/daily/classic").json["board"])
    client = app.test_client()
    login(client)
    page = client.get("/moderate/daily", environ_base=FAR).get_data(as_text=True)
    assert "Ziener" in page and "512" in page  # the evidence
    token = form_token(client, "/moderate/daily")
    cleared = client.post("/moderate/daily/g-flagged", environ_base=FAR, data={
        "csrf": token, "decision": "cleared", "note": "learnt the game"})
    assert cleared.status_code == 303
    assert "Ziener" in str(viewer.get("/api/daily/classic").json["board"])
    confirmed = client.post("/moderate/daily/g-flagged", environ_base=FAR, data={
        "csrf": token, "decision": "confirmed"})
    assert confirmed.status_code == 303
    assert "Ziener" not in str(viewer.get("/api/daily/classic").json["board"])
    assert client.post("/moderate/daily/no-such-game", environ_base=FAR, data={
        "csrf": token, "decision": "cleared"}).status_code == 404
    log = [(e["moderator"], e["action"], e["subject"]) for e in store.moderation_log()]
    assert log[:2] == [("alice", "daily confirmed", "g-flagged"),
                       ("alice", "daily cleared", "g-flagged")]


def test_a_hidden_name_is_gone_from_the_public_pages(app: Any, clock: Clock) -> None:
    store = app.extensions["wordyahtzee.store"]
    player = app.test_client()
    assert player.post("/api/profile", json={"name": "Rotzak"}).status_code == 201
    profile = store.profiles_named("Rotzak")[0]["id"]
    _finished_daily(store, clock, profile, "g-clear", 250, "clear")
    made = player.post("/api/games", json={"mode": "classic", "kind": "solo",
                                           "players": ["Rotzak"]})
    assert made.status_code == 201
    game, seat = made.json["id"], {"X-Seat-Token": made.json["links"][0]["token"]}
    assert "Rotzak" in player.get(f"/api/games/{game}", headers=seat).get_data(as_text=True)
    viewer = app.test_client()
    assert "Rotzak" in str(viewer.get("/api/daily/classic").json["board"])
    client = app.test_client()
    login(client)
    found = client.get("/moderate/profiles?q=rotz", environ_base=FAR).get_data(as_text=True)
    assert "Rotzak" in found
    hidden = client.post(f"/moderate/profiles/{profile}/hide", environ_base=FAR, data={
        "csrf": form_token(client, "/moderate/profiles"), "note": "abusive", "q": "rotz"})
    assert hidden.status_code == 303
    for path in ("/api/daily/classic", "/daily/classic", "/api/lobby"):
        page = viewer.get(path)
        assert page.status_code == 200 and "Rotzak" not in page.get_data(as_text=True), path
    own = player.get("/api/profile")
    assert own.status_code == 200 and "Rotzak" not in own.get_data(as_text=True)
    table = player.get(f"/api/games/{game}", headers=seat)
    assert table.status_code == 200 and "Rotzak" not in table.get_data(as_text=True)
    assert player.post(f"/api/games/{game}/act/throw", headers=seat, json={}).status_code == 200
    stored = store.load_game(game)
    assert stored.setup["players"] == [f"#{profile[:6]}"]
    assert [s.name for s in stored.seats] == [f"#{profile[:6]}"]
    assert f"#{profile[:6]}" in str(viewer.get("/api/daily/classic").json["board"])
    renamed = player.patch("/api/profile", json={"name": "Rotzak"})
    assert renamed.status_code == 403 and renamed.json["error"]["code"] == "name_hidden"
    line = store.moderation_log()[0]
    assert (line["moderator"], line["action"], line["subject"]) == (
        "alice", "name hidden", profile)


# -- two server processes on PostgreSQL -------------------------------------------------------

@pytest.mark.pg
def test_a_decision_on_one_process_reaches_the_other_within_seconds(
        postgres_url: str, tmp_path: Path) -> None:
    from wordyahtzee.store import open_store

    from .support.server import Server

    store = open_store(postgres_url)
    try:
        Moderation(store).add("alice", PASSWORD)
    finally:
        store.close()
    first, second = Server(postgres_url, tmp_path, "first"), Server(postgres_url, tmp_path,
                                                                    "second")
    try:
        def valid_on(server: Server) -> bool:
            status, answer = server.call("POST", "/api/check", {"words": ["blurp"],
                                                                "dictionary": "nl"})
            assert status == 200
            return bool(answer["results"][0]["valid"])

        assert not valid_on(first) and not valid_on(second)
        browser = Browser(first.port)
        page = browser.post("/moderate/login", {
            "csrf": token_of(browser.get("/moderate/login")), "name": "alice",
            "password": PASSWORD})
        browser.post("/moderate/words", {"csrf": token_of(page), "dictionary": "nl",
                                         "word": "blurp", "verdict": "accept",
                                         "reason": "in use"})
        assert valid_on(first)  # at once where it was decided
        decided = time.monotonic()
        while not valid_on(second):
            assert time.monotonic() - decided < 3, "the other process never took it"
            time.sleep(0.1)
    finally:
        first.stop()
        second.stop()


def test_a_profile_held_for_engine_play_is_decided_from_the_web(app: Any,
                                                               clock: Clock) -> None:
    """A profile the engine-play check holds is listed with its evidence; its daily results
    are off the board until a moderator clears it, and back off once confirmed."""
    store = app.extensions["wordyahtzee.store"]
    player = app.test_client()
    assert player.post("/api/profile", json={"name": "Motor"}).status_code == 201
    profile = store.profiles_named("Motor")[0]["id"]
    _finished_daily(store, clock, profile, "g-engine", 260, "clear")
    viewer = app.test_client()
    assert "Motor" in str(viewer.get("/api/daily/classic").json["board"])
    evidence = {"verdict": {"z": 4.2, "games": 8, "decisions": 260, "loss": 0.0,
                            "expected": 18.3, "held": True},
                "games": [{"game_id": "g-engine", "kind": "daily", "at": clock(),
                           "loss": 0.0, "expected": 2.3, "score": 1.61}], "slip": 0.35}
    assert store.hold_engine(profile, "classic", evidence, clock())
    assert "Motor" not in str(viewer.get("/api/daily/classic").json["board"])
    client = app.test_client()
    login(client)
    page = client.get("/moderate/engine", environ_base=FAR).get_data(as_text=True)
    assert "Motor" in page and "4.2" in page and "18.3" in page and "g-engine" in page
    token = form_token(client, "/moderate/engine")
    assert client.post(f"/moderate/engine/{profile}/classic", environ_base=FAR, data={
        "csrf": token, "decision": "cleared", "note": "a strong player"}).status_code == 303
    assert "Motor" in str(viewer.get("/api/daily/classic").json["board"])
    assert "Motor" not in client.get("/moderate/engine", environ_base=FAR).get_data(
        as_text=True).split("moderate-decided")[0]
    assert store.hold_engine(profile, "classic", evidence, clock())  # held again later
    assert client.post(f"/moderate/engine/{profile}/classic", environ_base=FAR, data={
        "csrf": token, "decision": "confirmed"}).status_code == 303
    assert "Motor" not in str(viewer.get("/api/daily/classic").json["board"])
    for path in (f"/moderate/engine/{profile}/woord", "/moderate/engine/nobody/classic"):
        assert client.post(path, environ_base=FAR, data={
            "csrf": token, "decision": "cleared"}).status_code == 404
    assert client.post(f"/moderate/engine/{profile}/classic", environ_base=FAR, data={
        "csrf": token, "decision": "maybe"}).status_code == 400
    assert app.test_client().post(f"/moderate/engine/{profile}/classic", data={
        "decision": "cleared"}).status_code in (401, 403)  # nobody else
    log = [(e["moderator"], e["action"], e["subject"]) for e in store.moderation_log()]
    assert log[:2] == [("alice", "engine confirmed", f"{profile} classic"),
                       ("alice", "engine cleared", f"{profile} classic")]
    assert "engine confirmed" in client.get("/moderate/log", environ_base=FAR).get_data(
        as_text=True)
