"""The JSON API through Flask's test client: every endpoint, its error paths, restarts,
the server-side hourglass and simultaneous actions."""

from __future__ import annotations

import io
import json
import re
import threading
import time
from pathlib import Path
from typing import Any

from .support.app import assert_error, make_app, new_game, seat
from .support.clock import Clock

# -- meta -----------------------------------------------------------------------------------

def test_meta_dictionaries_openapi(client: Any) -> None:
    meta = client.get("/api/meta").json
    assert "woord" in meta["modes"] and meta["rules_defaults"]["upper_bonus_at"] == 40
    assert any(d["name"] == "nl" for d in meta["dictionaries"])
    assert any(d["name"] == "nl" for d in client.get("/api/dictionaries").json["dictionaries"])
    doc = client.get("/api/openapi.json").json
    assert doc["openapi"].startswith("3.")


def test_every_route_is_documented(app: Any) -> None:
    doc = app.test_client().get("/api/openapi.json").json
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api"):
            continue
        path = _openapi_path(rule.rule)
        assert path in doc["paths"], f"{path} is not in the OpenAPI document"
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert method.lower() in doc["paths"][path], f"{method} {path} undocumented"
    for path in doc["paths"]:
        assert any(_openapi_path(r.rule) == path
                   for r in app.url_map.iter_rules()), f"{path} is documented but not served"


def _openapi_path(rule: str) -> str:
    """A Flask rule as an OpenAPI path: ``<int:seat>`` -> ``{seat}``."""
    return re.sub(r"<(?:[^<>]*:)?([^<>:]+)>", r"{\1}", rule)


# -- a game ---------------------------------------------------------------------------------

def test_solo_game_to_the_end(client: Any, app: Any) -> None:
    assert client.post("/api/profile", json={"name": "Anna"}).status_code == 201
    gid, links = new_game(client)  # the profile's table: GET /api/games lists it
    token = links[0]["token"]
    state = client.get(f"/api/games/{gid}", headers=seat(token)).json
    assert state["you"] == [0] and state["turn"]["faces"] is None and state["seq"] == 0
    for n in range(8):
        r = client.post(f"/api/games/{gid}/act/throw", json={"seq": 2 * n}, headers=seat(token))
        assert r.status_code == 200, r.json
        faces = r.json["faces"]
        assert len(faces) == 7 and r.json["state"]["turn"]["dice"][0]["letter"] == faces[0]
        box = r.json["state"]["turn"]["round_box"]
        r = client.post(f"/api/games/{gid}/act/claim", json={"seq": 2 * n + 1, "box": box,
                                                         "words": []}, headers=seat(token))
        assert r.status_code == 200 and r.json["points"] == 0
    state = client.get(f"/api/games/{gid}").json
    assert state["status"] == "finished" and state["winners"] == ["Anna"]
    assert state["you"] == []
    record = client.get(f"/api/games/{gid}/record").json
    assert record["result"]["winners"] == ["Anna"] and len(record["record"]["turns"]) == 8
    scores = client.get("/api/highscores").json["lists"]
    assert scores and scores[0]["entries"][0]["game_id"] == gid
    one = client.get("/api/highscores", query_string={"dictionary": "nl",
                                                      "rules": "{}"}).json["lists"]
    assert one[0]["entries"][0]["player"] == "Anna"
    assert any(g["id"] == gid for g in client.get("/api/games?status=finished").json["games"])
    r = client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
    assert_error(r, 409, "game_over")
    assert_error(client.post(f"/api/games/{gid}/preview", json={}), 422, "game_over")


def test_words_score_and_preview(client: Any) -> None:
    gid, links = new_game(client)
    token = links[0]["token"]
    assert_error(client.post(f"/api/games/{gid}/preview", json={"words": ["en"]}), 422,
                 "no_throw")
    state = client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token)).json["state"]
    faces = state["turn"]["faces"]
    from wordyahtzee.solver import solve

    best = solve(faces).boxes["letters_2"]
    bad = client.post(f"/api/games/{gid}/preview", json={"words": ["xqzv", "1a"]}).json
    assert not bad["words"][0]["in_dictionary"] and not bad["words"][1]["letters"]
    preview = client.post(f"/api/games/{gid}/preview", json={"words": list(best.words)}).json
    if best.words:
        assert preview["boxes"]["letters_2"]["score"] == best.score
        assert preview["words"][0]["in_dictionary"] and preview["words"][0]["formable"]
        r = client.post(f"/api/games/{gid}/act/claim", json={"box": "letters_2",
                                                         "words": list(best.words)},
                        headers=seat(token))
        assert r.json["points"] == best.score


def test_action_errors(client: Any) -> None:
    gid, links = new_game(client)
    token = links[0]["token"]
    url = f"/api/games/{gid}"
    assert_error(client.post(f"{url}/act/throw", json={}), 403, "not_a_player")
    assert_error(client.post(f"{url}/act/throw", json={}, headers=seat("wrong")), 403)
    assert_error(client.post(f"{url}/act/claim", json={"box": "letters_2"}, headers=seat(token)),
                 422, "no_throw")
    assert_error(client.post(f"{url}/act/throw", json={"keep": [0]}, headers=seat(token)), 422,
                 "keep_before_throw")
    assert_error(client.post(f"{url}/act/throw", json={"keep": "x"}, headers=seat(token)), 400)
    assert_error(client.post(f"{url}/act/throw", json={"seq": 3}, headers=seat(token)), 409,
                 "stale")
    assert_error(client.post(f"{url}/act/throw", json={"seq": -1}, headers=seat(token)), 400)
    assert client.post(f"{url}/act/throw", json={"token": token}).status_code == 200
    assert_error(client.post(f"{url}/act/throw", json={"keep": [9]}, headers=seat(token)), 422,
                 "bad_keep")
    assert_error(client.post(f"{url}/act/claim", json={"box": "letters_3"}, headers=seat(token)),
                 422, "out_of_turn")
    assert_error(client.post(f"{url}/act/claim", json={"box": "nope"}, headers=seat(token)), 422)
    assert_error(client.post(f"{url}/act/claim", json={}, headers=seat(token)), 400)
    assert_error(client.post(f"{url}/act/claim", json={"box": "letters_2", "words": [1]},
                             headers=seat(token)), 400)
    assert_error(client.post(f"{url}/act/claim", json={"box": "letters_2", "words": ["zzzzq"]},
                             headers=seat(token)), 422, "not_a_word")
    assert_error(client.post(f"{url}/act/claim", json={"box": "vowels"}, headers=seat(token)), 422)
    r = client.post(f"{url}/act/claim", json={"box": "letters_2", "seq": 1}, headers=seat(token))
    assert r.status_code == 200
    assert_error(client.get("/api/games/nope"), 404, "not_found")
    assert_error(client.post("/api/games/nope/act/throw", json={}), 404, "not_found")
    assert_error(client.get(f"/api/games/{'x' * 100}"), 404)


def test_a_client_of_before_may_name_the_bonus_option_by_its_old_name(client: Any) -> None:
    """``upper_bonus_threshold`` (Woord Yahtzee's name until it took classic's
    ``upper_bonus_at``) is still read: the game's rules say the one name."""
    for name in ("upper_bonus_threshold", "upper_bonus_at"):
        made = client.post("/api/games", json={"players": ["Anna"], "rules": {name: 45}})
        assert made.status_code == 201, made.json
        state = client.get(made.json["links"][0]["url"].replace("/games/", "/api/games/")
                           .split("#")[0]).json
        assert state["rules"]["upper_bonus_at"] == 45
        assert "upper_bonus_threshold" not in state["rules"]
    both = {"players": ["Anna"], "rules": {"upper_bonus_threshold": 45, "upper_bonus_at": 45}}
    assert_error(client.post("/api/games", json=both), 400, "bad_rules")


def test_create_errors(client: Any) -> None:
    cases = [
        ({"players": []}, "bad_players"), ({"players": "Anna"}, "bad_players"),
        ({"players": ["A", "a"], "kind": "hotseat"}, "same_names"),
        ({"players": ["A", "B"], "kind": "solo"}, "bad_players"),
        ({"players": ["A"], "kind": "online"}, "bad_players"),
        ({"players": ["A" * 30]}, "bad_players"), ({"players": ["  "]}, "bad_players"),
        ({"players": ["A"], "kind": "party"}, "bad_kind"),
        ({"players": ["A"], "mode": "chess"}, "unknown_mode"),
        ({"players": ["A"], "rules": {"free_order": "yes"}}, "bad_rules"),
        ({"players": ["A"], "rules": {"colour": 1}}, "bad_rules"),
        ({"players": ["A"], "rules": {"dictionary": "klingon"}}, None),
        ({"players": ["A"], "rules": {"dice_set": "xx"}}, "bad_rules"),
        ({"players": ["A"], "rules": []}, "bad_rules"),
    ]
    for body, code in cases:
        assert_error(client.post("/api/games", json=body), 400, code)
    assert_error(client.post("/api/games", data="{", content_type="application/json"), 400,
                 "bad_json")
    assert_error(client.post("/api/games", data="[1]", content_type="application/json"),
                 400, "bad_json")
    assert_error(client.post("/api/games", data=b"\xff\xfe", content_type="application/json"),
                 400, "bad_json")
    assert_error(client.post("/api/games", data="[" * 5000,
                             content_type="application/json"), 400)
    big = json.dumps({"players": ["A"], "pad": "x" * 70_000})
    assert_error(client.post("/api/games", data=big, content_type="application/json"), 413)


def test_http_errors_are_json(client: Any) -> None:
    assert_error(client.get("/api/nothing"), 404, "not_found")
    assert_error(client.delete("/api/games"), 405, "method_not_allowed")
    assert_error(client.put("/api/meta"), 405)
    r = client.post("/api/dictionaries", data=b"x" * (9 * 1024 * 1024),
                    content_type="application/octet-stream")
    assert_error(r, 413)
    assert client.get("/no-such-page").status_code == 404
    assert b"<html" in client.get("/no-such-page").data
    assert client.get("/games/nope").status_code == 404


def test_hotseat_and_online_seats(client: Any) -> None:
    gid, links = new_game(client, "hotseat")
    assert len(links) == 1 and links[0]["seats"] == [0, 1]
    token = links[0]["token"]
    for seq in range(4):  # one token plays both seats
        action = "throw" if seq % 2 == 0 else "claim"
        r = client.post(f"/api/games/{gid}/act/{action}",
                        json={"seq": seq, "box": "letters_2"}, headers=seat(token))
        assert r.status_code == 200
    gid, links = new_game(client, "online", ["Dirk", "Eva", "Fien"])
    assert [link["seats"] for link in links] == [[0], [1], [2]]
    dirk, eva = links[0]["token"], links[1]["token"]
    assert_error(client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(eva)), 403,
                 "not_your_turn")
    thrown = client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(dirk))
    assert thrown.status_code == 200
    assert client.get(f"/api/games/{gid}", headers=seat(eva)).json["you"] == [1]


def test_restart_resumes_every_table(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "restart.sqlite3"
    first = make_app(path, clock).test_client()
    gid, links = new_game(first, "online", ["Anna", "Bram"])
    token = links[0]["token"]
    faces = first.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token)).json["faces"]
    before = first.get(f"/api/games/{gid}").json
    app2 = make_app(path, clock)  # a new process: nothing in memory
    assert app2.extensions["wordyahtzee.tables"].resume_all() == 1
    second = app2.test_client()
    after = second.get(f"/api/games/{gid}").json
    assert after["turn"] == before["turn"] and after["turn"]["faces"] == faces
    r = second.post(f"/api/games/{gid}/act/claim", json={"box": "letters_2", "seq": 1},
                    headers=seat(token))
    assert r.status_code == 200 and r.json["state"]["turn"]["player"] == 1


def test_hourglass_runs_out_on_the_server(client: Any, clock: Clock) -> None:
    gid, links = new_game(client)
    token = links[0]["token"]
    state = client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token)).json["state"]
    assert state["turn"]["seconds_left"] == 60 and state["turn"]["deadline"] == clock.now + 60
    clock.now += 30
    assert client.get(f"/api/games/{gid}").json["turn"]["seconds_left"] == 30
    clock.now += 31
    r = client.post(f"/api/games/{gid}/act/claim", json={"box": "letters_2", "seq": 1},
                    headers=seat(token))
    assert_error(r, 409, "time_up")
    state = r.json["state"]
    assert state["players"][0]["boxes"]["letters_2"] == 0 and state["turn"]["round"] == 2
    assert state["history"][0]["timeout"] is True


def test_timeout_seen_without_any_action(client: Any, clock: Clock) -> None:
    gid, links = new_game(client)
    client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(links[0]["token"]))
    clock.now += 120
    state = client.get(f"/api/games/{gid}").json
    assert state["turn"]["round"] == 2 and state["seq"] == 2


def test_event_stream(client: Any, app: Any, clock: Clock) -> None:
    gid, links = new_game(client)
    r = client.get(f"/api/games/{gid}/events")
    assert r.status_code == 200 and r.mimetype == "text/event-stream"
    text = r.get_data(as_text=True)
    assert text.startswith("retry: 1000") and "event: state" in text and "event: bye" in text
    data = json.loads(text.split("data: ", 1)[1].split("\n", 1)[0])
    assert data["id"] == gid and data["seq"] == 0
    assert_error(client.get("/api/games/nope/events"), 404)

    # a waiting stream is woken by a move
    token = links[0]["token"]
    manager = app.extensions["wordyahtzee.tables"]
    table = manager.table(gid)
    woke: list[bool] = []
    waiter = threading.Thread(target=lambda: woke.append(manager.wait(table, 0, 5.0)))
    waiter.start()
    time.sleep(0.1)
    client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
    waiter.join(5)
    assert woke == [True]


def test_a_resumed_stream_sends_only_what_the_browser_lacks(client: Any, app: Any) -> None:
    """A browser that reconnects (to any process) sends the last event's id: the state it
    already has is not sent again, a newer one is (a move, or someone came or went while
    it was away), and a malformed id is ignored."""
    gid, links = new_game(client, "online")
    fresh = client.get(f"/api/games/{gid}/events", headers={"Last-Event-ID": "0"})
    assert "event: state" not in fresh.get_data(as_text=True)  # a bare seq: as before
    client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(links[0]["token"]))
    for last in ("0", "x", "99999999999999", "0.000000000000"):
        text = client.get(f"/api/games/{gid}/events",
                          headers={"Last-Event-ID": last}).get_data(as_text=True)
        assert text.count("event: state") == 1 and "id: 1." in text, last
    event_id = text.split("id: ", 1)[1].split("\n", 1)[0]
    for last in (event_id, "1"):
        text = client.get(f"/api/games/{gid}/events",
                          headers={"Last-Event-ID": last}).get_data(as_text=True)
        assert "event: state" not in text and "event: bye" in text
    service = app.extensions["wordyahtzee.tables"]
    leave = service.watching(service.table(gid), links[1]["token"])  # Bram came meanwhile
    try:
        text = client.get(f"/api/games/{gid}/events",
                          headers={"Last-Event-ID": event_id}).get_data(as_text=True)
        assert text.count("event: state") == 1 and '"present":true' in text
    finally:
        leave()


def test_a_moves_answer_and_its_streams_share_one_state(client: Any, app: Any) -> None:
    """The state a move answers with is the one its table's streams then send: made once,
    not again for the streams; anything a viewer sees change (someone comes) makes a new
    one."""
    gid, links = new_game(client, "online")
    service = app.extensions["wordyahtzee.tables"]
    table = service.table(gid)
    answer = service.act(gid, links[0]["token"], "throw", {})
    assert service.shown_state(table) is answer["state"]
    text = client.get(f"/api/games/{gid}/events").get_data(as_text=True)
    sent = json.loads(text.split("data: ", 1)[1].split("\n", 1)[0])
    assert sent == json.loads(json.dumps(answer["state"])) and sent["seq"] == 1
    leave = service.watching(table, links[1]["token"])  # Bram comes
    try:
        shown = service.shown_state(table)
        assert shown is not answer["state"]
        assert shown["seats"][1]["present"] and not answer["state"]["seats"][1]["present"]
    finally:
        leave()


def test_simultaneous_actions_do_not_corrupt(client: Any, app: Any) -> None:
    gid, links = new_game(client)
    token = links[0]["token"]
    results: list[int] = []

    def go() -> None:
        c = app.test_client()
        results.append(c.post(f"/api/games/{gid}/act/throw", json={"seq": 0},
                              headers=seat(token)).status_code)

    threads = [threading.Thread(target=go) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [200] + [409] * 5
    stored = app.extensions["wordyahtzee.store"].load_game(gid)
    assert len(stored.events) == 1


def test_check_and_solve(client: Any) -> None:
    r = client.post("/api/check", json={"words": ["huis", "Ruïne", "amsterdam"]})
    assert [x["valid"] for x in r.json["results"]] == [True, True, False]
    assert client.post("/api/check", json={"words": "huis tv"}).json["results"][1]["valid"] is False
    why = client.post("/api/check", json={"words": ["tjerk", "kussens"]}).json["results"]
    assert why[0]["why"] == {"source": "name", "detail": "first name", "text": "first name",
                             "nearby": ["twerk"]}
    assert why[1]["valid"] and why[1]["why"]["source"] == "inflection"
    assert why[1]["why"]["detail"] == "kussen" and why[1]["why"]["nearby"] == []
    assert_error(client.post("/api/check", json={"words": []}), 400)
    assert_error(client.post("/api/check", json={"words": ["a"] * 51}), 400)
    assert_error(client.post("/api/check", json={"words": ["huis"], "dictionary": "xx"}), 400)
    assert_error(client.post("/api/check", json={"words": ["huis"], "dictionary": 3}), 400)
    r = client.post("/api/solve", json={"letters": "kusnatl"})
    assert r.status_code == 200 and r.json["boxes"]["letters_5"]["score"] > 0
    assert_error(client.post("/api/solve", json={"letters": "abc"}), 400, "bad_rack")
    assert_error(client.post("/api/solve", json={"letters": 7}), 400)
    assert_error(client.post("/api/solve", json={"letters": "kusnatl", "dice_set": "zz"}), 400)


def test_highscore_errors(client: Any) -> None:
    assert_error(client.get("/api/highscores?kind=robots"), 400)
    assert_error(client.get("/api/highscores?rules=[1"), 400)
    assert_error(client.get("/api/highscores?rules=[1]"), 400)
    assert_error(client.get('/api/highscores?rules={"x":1}'), 400)
    assert client.get("/api/highscores?kind=all").status_code == 200
    assert_error(client.get("/api/games?status=old"), 400)
    assert_error(client.get("/api/games?limit=x"), 400)


def test_dictionary_upload(client: Any) -> None:
    words = "\n".join(["huis", "boom", "kat", "Amsterdam", "ruïne", "tv's"]) + "\n"
    r = client.post("/api/dictionaries", data={
        "title": "Test", "file": (io.BytesIO(words.encode()), "woorden.txt")},
        content_type="multipart/form-data")
    assert r.status_code == 202, r.json
    job = r.json["job"]
    name = job["name"]  # the server names it: the name is its link
    assert name.startswith("u-") and len(name) == 28, name
    for _ in range(200):
        job = client.get(f"/api/dictionaries/jobs/{job['id']}").json["job"]
        if job["status"] in ("done", "failed"):
            break
        time.sleep(0.05)
    assert job["status"] == "done" and job["word_count"] >= 3, job
    mine = {d["name"]: d for d in client.get("/api/dictionaries").json["dictionaries"]}
    assert mine[name]["title"] == "Test" and mine[name]["mine"]
    assert mine[name]["listing"] == "private"
    r = client.post("/api/check", json={"words": ["ruine", "fiets", "amsterdam"],
                                        "dictionary": name})
    assert [x["valid"] for x in r.json["results"]] == [True, False, False]  # names dropped
    gid, _ = new_game(client, dictionary=name)
    assert client.get(f"/api/games/{gid}").json["rules"]["dictionary"] == name
    # errors, each from an address of its own (every upload counts against its limit)
    addresses = iter(range(1, 100))

    def upload(**kwargs: Any) -> Any:
        return client.post("/api/dictionaries", **kwargs,
                           environ_base={"REMOTE_ADDR": f"10.9.0.{next(addresses)}"})

    assert_error(client.get("/api/dictionaries/jobs/nope"), 404)
    assert_error(upload(json={}), 400)
    assert_error(upload(data={"title": "x"}, content_type="multipart/form-data"), 400,
                 "no_file")
    assert_error(upload(data={"title": "leeg", "file": (io.BytesIO(b"  \n"), "w.txt")},
                        content_type="multipart/form-data"), 400)
    assert_error(upload(data={"title": "bin", "file": (io.BytesIO(b"\xff\xfe\x00"), "w.txt")},
                        content_type="multipart/form-data"), 400)


def test_pages(client: Any) -> None:
    assert b"Spelregels" in client.get("/").data
    for path in ("/", "/rules", "/words", "/highscores", "/?lang=en", "/rules?lang=en"):
        r = client.get(path)
        assert r.status_code == 200 and b"<!doctype html>" in r.data
    assert b'lang="en"' in client.get("/?lang=en").data
    assert b'lang="en"' in client.get("/rules").data  # remembered in a cookie
    gid, _ = new_game(client)
    assert client.get(f"/games/{gid}").status_code == 200
    assert client.get("/static/js/woord.js").status_code == 200
    assert b"http" not in client.get("/static/css/app.css").data  # nothing from a CDN


def test_a_dictionary_brings_the_dice_of_its_language(client: Any) -> None:
    """Rules without a dice set get the dictionary's: English words on English dice."""
    for rules, dice in (({"dictionary": "en"}, "en"), ({"dictionary": "nl-basis"}, "nl"),
                        ({}, "nl"), ({"dictionary": "en", "dice_set": "nl"}, "nl"),
                        ({"dice_set": "nl-balans"}, "nl-balans")):
        gid, links = new_game(client, **rules)
        state = client.get(f"/api/games/{gid}", headers=seat(links[0]["token"])).json
        assert state["rules"]["dice_set"] == dice, rules
    assert_error(client.post("/api/games", json={"mode": "woord", "kind": "solo",
                                                 "players": ["Anna"],
                                                 "rules": {"dice_set": "nl-extra"}}),
                 400, "bad_rules")


def test_the_start_page_offers_every_dice_set(client: Any) -> None:
    from wordyahtzee.web.i18n import LANGUAGES, catalogue

    from wordyahtzee.dice import shipped_dice_sets

    for lang, table in ((lang, catalogue(lang)) for lang in LANGUAGES):
        page = client.get(f"/?lang={lang}").get_data(as_text=True)
        for name in shipped_dice_sets():
            assert f'<option value="{name}"' in page and table[f"dice.{name}"] in page
    assert '<option value="nl" selected>' in page  # the default dice
    assert '<option value="en" data-dice-set="en"' in page  # English words, English dice
    assert '<option value="nl-basis" data-dice-set="nl"' in page
