"""Who owns a dice set or an uploaded dictionary, and who sees it (docs/security.md, "Own
dice sets and dictionaries"), through the app on both store backends.

A box belongs to the browser that made it (or its profile): only its owner finds it listed
(``/``, ``/api/dice-sets``, ``/api/meta``, ``/dice``); anyone else needs its link, and with
it may look at it and play with it; the high-score index, the lobby and the puzzles never
name it. An upload is its owner's until a moderator lists it to everyone. Others' boxes cost
a stranger's pages nothing: the same bytes with 300 of them as with none."""

from __future__ import annotations

import copy
import io
import time
from pathlib import Path
from typing import Any

import pytest
from wordyahtzee.web import create_app

from wordyahtzee.dice import DiceSet
from wordyahtzee.moderation import Moderation
from wordyahtzee.store.owned import browser_owner

from .support.app import seat
from .support.clock import Clock
from .support.moderation import PASSWORD, login, token_of
from .support.pg import BACKENDS

ANNA = {"REMOTE_ADDR": "127.0.0.50"}
BRAM = {"REMOTE_ADDR": "127.0.0.51"}
"""Two people: browsers of their own (each a client with its own cookies) on addresses of
their own."""


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A data dir of this test's own: the uploads of other tests are not on this machine."""
    monkeypatch.setenv("WORDYAHTZEE_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture(params=BACKENDS)
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "owned.sqlite3")
    return str(request.getfixturevalue("postgres_url"))


def app_on(where: str, **config: Any) -> Any:
    return create_app({"DATABASE": where, "TESTING": True, "CLOCK": Clock(),
                       "WARM_STRATEGIES": (), "TICK_SECONDS": None, "COMPUTER_PACE": 0.0,
                       "MINE_PUZZLES": False, **config})


def box_dice() -> list[list[list[Any]]]:
    dice = copy.deepcopy(DiceSet.load("nl").to_json()["dice"])
    dice[0][5] = ["q", 10]  # a letter the shipped set lacks
    return dice


def make_box(client: Any, title: str = "Onze doos", env: dict[str, str] = ANNA) -> str:
    r = client.post("/api/dice-sets", json={"title": title, "dice": box_dice()},
                    environ_base=env)
    assert r.status_code == 201, r.json
    return str(r.json["name"])


def listed(client: Any, env: dict[str, str]) -> dict[str, Any]:
    """What a browser sees listed of the dice sets, wherever they are listed."""
    return {"api": [d["name"] for d in client.get("/api/dice-sets", environ_base=env).json[
                "dice_sets"]],
            "meta": client.get("/api/meta", environ_base=env).json["dice_sets"],
            "start": client.get("/", environ_base=env).get_data(as_text=True),
            "dice": client.get("/dice", environ_base=env).get_data(as_text=True)}


def test_a_box_is_its_makers_and_reached_by_its_link_alone(where: str) -> None:
    app = app_on(where)
    anna, bram = app.test_client(), app.test_client()
    name = make_box(anna)
    assert anna.get_cookie("wy_browser") is not None  # the browser's key: whose the box is
    mine = listed(anna, ANNA)
    assert name in mine["api"] and name in mine["meta"]
    assert name in mine["start"] and name in mine["dice"]
    theirs = listed(bram, BRAM)
    assert name not in theirs["api"] and name not in theirs["meta"]
    assert name not in theirs["start"] and name not in theirs["dice"]
    # with the link Bram sees it, and plays with it
    shown = bram.get(f"/api/dice-sets/{name}", environ_base=BRAM).json
    assert shown["title"] == "Onze doos" and not shown["mine"]
    assert bram.get(f"/dice/{name}", environ_base=BRAM).status_code == 200
    assert name in bram.get(f"/?dice_set={name}", environ_base=BRAM).get_data(as_text=True)
    r = bram.post("/api/games", environ_base=BRAM, json={
        "mode": "woord", "kind": "pad", "players": ["Bram"],
        "rules": {"dice_set": name, "turn_seconds": None}})
    assert r.status_code == 201, r.json
    gid, token = r.json["id"], r.json["links"][0]["token"]
    r = bram.post(f"/api/games/{gid}/act/throw", json={"faces": "qaksdhe"},
                  headers=seat(token), environ_base=BRAM)
    assert r.status_code == 200, r.json
    # nobody but its owner deletes it; the game keeps its copy of the dice
    r = bram.delete(f"/api/dice-sets/{name}", environ_base=BRAM)
    assert r.status_code == 404 and r.json["error"]["code"] == "not_found"
    assert anna.delete(f"/api/dice-sets/{name}", environ_base=ANNA).json == {"deleted": name}
    assert bram.get(f"/api/dice-sets/{name}", environ_base=BRAM).status_code == 404
    assert name not in listed(anna, ANNA)["api"]
    r = bram.post("/api/games", environ_base=BRAM, json={  # its link starts no new game
        "mode": "woord", "kind": "pad", "players": ["Bram"], "rules": {"dice_set": name}})
    assert r.status_code == 400 and r.json["error"]["code"] == "bad_rules", r.json
    again = app_on(where).test_client()  # another process: the game replays from the store
    r = again.post(f"/api/games/{gid}/act/claim", json={"box": "letters_2", "words": ["ah"]},
                   headers=seat(token))
    assert r.status_code == 200 and r.json["points"] == 1 + 4, r.json
    r = again.post(f"/api/games/{gid}/act/throw", json={"faces": "qeksdhe"},
                   headers=seat(token))
    assert r.status_code == 200, r.json


def test_a_profiles_box_follows_the_profile_to_another_device(where: str) -> None:
    app = app_on(where, RATE_LIMITS={"profiles": ""})
    phone, laptop, stranger = app.test_client(), app.test_client(), app.test_client()
    r = phone.post("/api/profile", json={"name": "Oma"}, environ_base=ANNA)
    assert r.status_code == 201, r.json
    secret = phone.get_cookie("wy_profile").value
    name = make_box(phone, "De doos van oma")
    assert phone.get_cookie("wy_browser") is None  # a profile owns it, not the browser
    assert name not in listed(laptop, ANNA)["api"]
    assert laptop.post("/api/profile/carry", json={"secret": secret},
                       environ_base=ANNA).status_code == 200
    assert name in listed(laptop, ANNA)["api"]
    assert name not in listed(stranger, BRAM)["api"]
    assert laptop.delete(f"/api/dice-sets/{name}", environ_base=ANNA).status_code == 200


def test_others_boxes_cost_a_strangers_pages_nothing(where: str) -> None:
    app = app_on(where)
    stranger = app.test_client()
    before = listed(stranger, BRAM)
    store = app.extensions["wordyahtzee.store"]
    dice = {"name": "x", "language": "nl", "dice": box_dice()}
    for i in range(300):  # 300 other browsers, a box each, as a flood of strangers makes
        assert store.add_dice_set(f"box-flood{i}", browser_owner(f"{i:032d}"), f"Doos {i}",
                                  dice, float(i), 20)
    after = listed(stranger, BRAM)
    assert after["api"] == before["api"] and after["meta"] == before["meta"]
    assert len(after["start"]) == len(before["start"])
    assert "box-flood" not in after["start"] + after["dice"]


def test_a_box_stays_out_of_public_lists_the_lobby_and_puzzles(where: str) -> None:
    app = app_on(where, RATE_LIMITS={"profiles": ""})
    anna, bram = app.test_client(), app.test_client()
    name = make_box(anna)
    r = anna.post("/api/games", environ_base=ANNA, json={
        "mode": "woord", "kind": "solo", "players": ["Anna"],
        "rules": {"dice_set": name, "turn_seconds": None}})
    gid, token = r.json["id"], r.json["links"][0]["token"]
    for n in range(8):
        r = anna.post(f"/api/games/{gid}/act/throw", json={"seq": 2 * n},
                      headers=seat(token), environ_base=ANNA)
        box = r.json["state"]["turn"]["round_box"]
        r = anna.post(f"/api/games/{gid}/act/claim", json={"seq": 2 * n + 1, "box": box,
                                                           "words": []},
                      headers=seat(token), environ_base=ANNA)
        assert r.status_code == 200, r.json
    from wordyahtzee.games import high_score_lists

    kept = high_score_lists(app.extensions["wordyahtzee.store"], mode="woord")
    assert any(each["rules"].get("dice_set") == name for each in kept)  # the store has it
    index = bram.get("/api/highscores?mode=woord", environ_base=BRAM).json["lists"]
    assert all(each["rules"].get("dice_set") != name for each in index)  # nobody is told
    one = bram.get(f'/api/highscores?mode=woord&rules={{"dice_set":"{name}",'
                   '"turn_seconds":null}', environ_base=BRAM).json["lists"]
    assert [e["game_id"] for e in one[0]["entries"]] == [gid]  # its list, by its name
    # no puzzles of a box: they are everyone's
    service = app.extensions["wordyahtzee.tables"]
    assert service.puzzles.mine_game(gid) == 0
    # the lobby shows every table's rules to everyone: not with a box
    assert anna.post("/api/profile", json={"name": "Anna"}, environ_base=ANNA).status_code == 201
    r = anna.post("/api/lobby", environ_base=ANNA, json={
        "mode": "woord", "rules": {"dice_set": name}, "seats": 2})
    assert r.status_code == 400 and r.json["error"]["code"] == "not_public", r.json


def upload(client: Any, env: dict[str, str], title: str, public: bool) -> str:
    """A word list uploaded and built; the dictionary's name."""
    data = {"title": title, "file": (io.BytesIO(b"huis\nboom\nkat\n"), "lijst.txt")}
    if public:
        data["public"] = "on"
    r = client.post("/api/dictionaries", data=data, content_type="multipart/form-data",
                    environ_base=env)
    assert r.status_code == 202, r.json
    job = r.json["job"]
    for _ in range(400):
        job = client.get(f"/api/dictionaries/jobs/{job['id']}", environ_base=env).json["job"]
        if job["status"] in ("done", "failed"):
            break
        time.sleep(0.05)
    assert job["status"] == "done", job
    return str(job["name"])


def dictionaries_seen(client: Any, env: dict[str, str]) -> dict[str, Any]:
    return {"api": {d["name"]: d for d in client.get(
                "/api/dictionaries", environ_base=env).json["dictionaries"]},
            "meta": [d["name"] for d in client.get("/api/meta", environ_base=env).json[
                "dictionaries"]],
            "pages": client.get("/", environ_base=env).get_data(as_text=True)
            + client.get("/words", environ_base=env).get_data(as_text=True)}


def test_an_upload_is_its_owners_until_a_moderator_lists_it(where: str) -> None:
    app = app_on(where, RATELIMIT_ENABLED=False)
    Moderation(app.extensions["wordyahtzee.store"]).add("alice", PASSWORD)
    anna, bram, moderator = app.test_client(), app.test_client(), app.test_client()
    name = upload(anna, ANNA, "Scheldwoorden van Bram", public=True)
    quiet = upload(anna, ANNA, "Alleen voor ons", public=False)
    mine = dictionaries_seen(anna, ANNA)
    assert mine["api"][name]["mine"] and mine["api"][name]["listing"] == "asked"
    assert mine["api"][quiet]["listing"] == "private"
    assert name in mine["meta"] and "Scheldwoorden van Bram" in mine["pages"]
    theirs = dictionaries_seen(bram, BRAM)
    for each in (name, quiet):
        assert each not in theirs["api"] and each not in theirs["meta"]
    assert "Scheldwoorden" not in theirs["pages"] and "Alleen voor ons" not in theirs["pages"]
    r = bram.post("/api/check", json={"words": ["x"], "dictionary": "geen-lijst"},
                  environ_base=BRAM)
    assert r.status_code == 400 and name not in r.json["error"]["message"]  # names no other
    # with its link Bram sees it and checks words in it
    page = bram.get(f"/words?dictionary={quiet}", environ_base=BRAM).get_data(as_text=True)
    assert f'<option value="{quiet}" selected>' in page
    r = bram.post("/api/check", json={"words": ["kat", "fiets"], "dictionary": quiet},
                  environ_base=BRAM)
    assert [x["valid"] for x in r.json["results"]] == [True, False]
    # the moderators see the one asked for, and list it to everyone
    assert login(moderator).status_code == 303
    queue = moderator.get("/moderate/dictionaries", environ_base=ANNA).get_data(as_text=True)
    assert "Scheldwoorden van Bram" in queue and "Alleen voor ons" not in queue
    r = moderator.post(f"/moderate/dictionaries/{name}", environ_base=ANNA, data={
        "csrf": token_of(queue), "decision": "public", "note": "mag"})
    assert r.status_code == 303, r.get_data(as_text=True)[:300]
    theirs = dictionaries_seen(bram, BRAM)
    assert name in theirs["api"] and theirs["api"][name]["listing"] == "public"
    assert not theirs["api"][name]["mine"] and name in theirs["meta"]
    assert quiet not in theirs["api"]
    log = app.extensions["wordyahtzee.store"].moderation_log(5)
    assert any(line["action"] == "dictionary public" and line["subject"] == name
               for line in log)
    # a decision on a dictionary nobody asked about, or a made-up one, changes nothing
    r = moderator.post("/moderate/dictionaries/u-nothing", environ_base=ANNA, data={
        "csrf": token_of(queue), "decision": "public"})
    assert r.status_code == 404


def test_what_was_kept_before_owners_is_brought_into_the_store(where: str,
                                                              tmp_path: Path) -> None:
    import json
    import os

    from wordyahtzee.lexicon.build import BuildOptions, build_dictionary

    data = Path(os.environ["WORDYAHTZEE_DATA_DIR"])
    (data / "dice").mkdir(parents=True)
    record = {**DiceSet.load("nl").to_json(), "name": "onze-doos", "title": "Onze doos"}
    (data / "dice" / "onze-doos.json").write_text(json.dumps(record), encoding="utf-8")
    for name, source in (("oude-lijst", "wordyahtzee-upload-abc.txt"),  # a web upload
                         ("van-de-baas", "woorden.txt")):  # built on the command line
        words = tmp_path / source
        words.write_text("huis\nboom\nkat\n", encoding="utf-8")
        build_dictionary(BuildOptions(name=name, sources=(str(words),), language="nl",
                                      min_length=2, title=name.replace("-", " ")))
    app = app_on(where)
    stranger = app.test_client()
    shown = stranger.get("/api/dice-sets/onze-doos", environ_base=BRAM).json
    assert shown["title"] == "Onze doos" and not shown["mine"]  # its old link still works
    assert "onze-doos" not in listed(stranger, BRAM)["api"]  # listed to nobody
    assert not (data / "dice").exists() and (data / "dice.imported" / "onze-doos.json").exists()
    seen = dictionaries_seen(stranger, BRAM)
    assert "van-de-baas" in seen["api"] and "oude-lijst" not in seen["api"]
    note = app.extensions["wordyahtzee.store"].owned_dictionaries()["oude-lijst"]
    assert note["owner"] == "" and note["listing"] == "asked"  # a moderator decides
    assert app_on(where).extensions["wordyahtzee.tables"].owned.import_unowned() == (0, 0)


def test_a_hostile_name_or_title_gets_a_plain_answer(where: str) -> None:
    """A NUL or a control character where a box's id, a title or a dictionary's name goes
    (PostgreSQL refuses a NUL in text): a name no box has is a 404, a JSON body with a NUL
    is refused whole (400 ``bad_json``, as on every route), and a title is kept without
    its other control characters, on both backends alike, never the database's refusal."""
    app = app_on(where, RATELIMIT_ENABLED=False)
    client = app.test_client()
    for path in ("/api/dice-sets/box-a%00b", "/dice/box-a%00b", "/api/dice-sets/%0A"):
        assert client.get(path).status_code == 404, path
    assert client.delete("/api/dice-sets/box-a%00b").status_code == 404
    for path in ("/?dice_set=box-a%00b", "/?dictionary=u-%00", "/words?dictionary=%00"):
        assert client.get(path).status_code == 200, path
    r = client.post("/api/dice-sets", json={"title": "Onze\u0000 doos", "dice": box_dice()})
    assert r.status_code == 400 and r.json["error"]["code"] == "bad_json"  # no JSON body
    r = client.post("/api/dice-sets", json={"title": "Onze\u0007 doos\n", "dice": box_dice()})
    assert r.status_code == 201 and r.json["title"] == "Onze doos", r.json
    r = client.post("/api/dice-sets", json={"title": "\u0007\n", "dice": box_dice()})
    assert r.status_code == 400 and r.json["error"]["code"] == "bad_dice_set"
    r = client.post("/api/dictionaries", content_type="multipart/form-data", data={
        "title": "lijst\u0000", "file": (io.BytesIO(b"huis\n"), "w\u0000.txt")})
    assert r.status_code == 202, r.json
    job = r.json["job"]
    for _ in range(400):  # one build at a time: the next test's waits for none
        job = client.get(f"/api/dictionaries/jobs/{job['id']}").json["job"]
        if job["status"] in ("done", "failed"):
            break
        time.sleep(0.05)
    assert job["status"] == "done", job
    assert [d["title"] for d in client.get("/api/dictionaries").json["dictionaries"]
            if d["mine"]] == ["lijst"]
    Moderation(app.extensions["wordyahtzee.store"]).add("alice", PASSWORD)
    moderator = app.test_client()
    assert login(moderator).status_code == 303
    queue = moderator.get("/moderate/dictionaries").get_data(as_text=True)
    r = moderator.post("/moderate/dictionaries/u-a%00b", data={
        "csrf": token_of(queue), "decision": "public"})
    assert r.status_code == 404
