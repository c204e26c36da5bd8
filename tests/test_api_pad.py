"""Score pad tables (kind ``pad``) over the JSON API: players at one device enter what their
real dice show. Every golden record replays through a pad table to the score ``replay``
gives; faces the dice cannot show are refused with 4xx and change nothing; only a pad takes
faces, and a pad takes nothing else."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .support.app import make_app, seat
from .support.clock import Clock

RECORDS = Path(__file__).parent / "records"
LEGAL = sorted(p for mode in ("woord", "classic", "triple") for p in (RECORDS / mode).glob("*.json")
               if "illegal" not in p.name)


def pad_table(client: Any, mode: str, players: list[str], rules: dict[str, Any]) -> tuple[str, str]:
    r = client.post("/api/games", json={"mode": mode, "kind": "pad", "players": players,
                                        "rules": rules})
    assert r.status_code == 201, r.json
    return r.json["id"], r.json["links"][0]["token"]


def rules_of(record: dict[str, Any]) -> dict[str, Any]:
    rules = dict(record.get("rules") or {})
    for key in ("dictionary", "dice_set"):
        if key in record:
            rules[key] = record[key]
    if record["mode"] == "woord":  # a record without a dice set was played on nl
        rules.setdefault("dice_set", "nl")
    return rules


def play_record(client: Any, gid: str, token: str, record: dict[str, Any]) -> dict[str, Any]:
    """Each recorded throw's faces, then the turn's claim, as a pad's page sends them."""
    mode = record["mode"]
    for turn in record["turns"]:
        if turn.get("skipped"):   # a turn the table skipped: the host skips it here too
            seat_no = record["players"].index(turn["player"])
            r = client.post(f"/api/games/{gid}/seats/{seat_no}/skip", json={},
                            headers=seat(token))
            assert r.status_code == 200, (turn, r.json)
            continue
        for faces in turn["throws"]:
            body = {"faces": faces if mode == "woord" else [int(d) for d in faces]}
            r = client.post(f"/api/games/{gid}/act/throw", json=body, headers=seat(token))
            assert r.status_code == 200, (turn, r.json)
        if mode == "woord":
            body = dict(turn["claim"])
        elif mode == "triple":
            body = {"box": turn["box"], "column": turn["column"]}
        else:
            body = {"box": turn["box"]}
        r = client.post(f"/api/games/{gid}/act/claim", json=body, headers=seat(token))
        assert r.status_code == 200, (turn, r.json)
    return dict(client.get(f"/api/games/{gid}").json)


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_record_replays_through_a_pad_table(tmp_path: Path, path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    record, expected = data["record"], data["result"]
    app = make_app(tmp_path / "pad.sqlite3")
    client = app.test_client()
    gid, token = pad_table(client, record["mode"], record["players"], rules_of(record))
    state = play_record(client, gid, token, record)
    assert state["status"] == "finished" and state["kind"] == "pad"
    totals = {p["name"]: p["total"] for p in expected["players"]}
    assert {p["name"]: p["total"] for p in state["players"]} == totals
    # the pad game's own record replays to the same score (wordyahtzee replay)
    from wordyahtzee.games import replay

    again = client.get(f"/api/games/{gid}/record").json["record"]
    assert {p["name"]: p["total"] for p in replay(again)["players"]} == totals


def test_faces_the_dice_cannot_show_are_refused_and_change_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path / "bad.sqlite3")
    client = app.test_client()
    gid, token = pad_table(client, "woord", ["Anna", "Bram"], {"turn_seconds": None,
                                                              "dice_set": "nl"})
    for faces in ("kusnat", "kusnatll", "xxxxxxx", "kkkkkkk", "kusnat1", 7, ["k"] * 7):
        r = client.post(f"/api/games/{gid}/act/throw", json={"faces": faces}, headers=seat(token))
        assert 400 <= r.status_code < 500 and "error" in r.json, (faces, r.json)
    assert client.get(f"/api/games/{gid}").json["seq"] == 0
    # a throw the server would make is no pad's: the faces are needed
    r = client.post(f"/api/games/{gid}/act/throw", json={"keep": []}, headers=seat(token))
    assert r.status_code == 400 and r.json["error"]["code"] == "faces_needed"
    # three throws at most
    for _ in range(3):
        ok = client.post(f"/api/games/{gid}/act/throw", json={"faces": "kusnatl"},
                         headers=seat(token))
        assert ok.status_code == 200, ok.json
    r = client.post(f"/api/games/{gid}/act/throw", json={"faces": "kusnatl"}, headers=seat(token))
    assert r.status_code == 422 and r.json["error"]["code"] == "no_throws_left"
    gid, token = pad_table(client, "classic", ["Anna"], {})
    for faces in ([1, 2, 3, 4], [1, 2, 3, 4, 7], [0, 1, 1, 1, 1], "1234x", [1.5, 2, 3, 4, 5]):
        r = client.post(f"/api/games/{gid}/act/throw", json={"faces": faces}, headers=seat(token))
        assert 400 <= r.status_code < 500, (faces, r.json)
    assert client.get(f"/api/games/{gid}").json["seq"] == 0


def test_only_a_pad_takes_faces_and_a_pad_has_no_computers(tmp_path: Path) -> None:
    app = make_app(tmp_path / "only.sqlite3")
    client = app.test_client()
    r = client.post("/api/games", json={"mode": "classic", "kind": "solo", "players": ["A"]})
    gid, token = r.json["id"], r.json["links"][0]["token"]
    r = client.post(f"/api/games/{gid}/act/throw", json={"faces": [6, 6, 6, 6, 6]},
                    headers=seat(token))
    assert r.status_code == 400 and r.json["error"]["code"] == "not_a_pad"
    assert client.get(f"/api/games/{gid}").json["seq"] == 0
    r = client.post("/api/games", json={"mode": "classic", "kind": "pad", "players": [
        "A", {"name": "Robot", "computer": "optimal"}]})
    assert r.status_code == 400 and r.json["error"]["code"] == "bad_players"


def test_a_kaartspel_pad_takes_the_red_die_and_the_black_dice(tmp_path: Path) -> None:
    app = make_app(tmp_path / "kaart.sqlite3")
    client = app.test_client()
    gid, token = pad_table(client, "kaartspel", ["Anna", "Bram"], {})
    state = client.get(f"/api/games/{gid}").json
    mover = state["to_move"]
    r = client.post(f"/api/games/{gid}/act/roll", json={}, headers=seat(token))
    assert r.status_code == 400 and r.json["error"]["code"] == "faces_needed"
    r = client.post(f"/api/games/{gid}/act/roll", json={"faces": 7}, headers=seat(token))
    assert r.status_code == 422
    r = client.post(f"/api/games/{gid}/act/roll", json={"faces": 2}, headers=seat(token))
    assert r.status_code == 200, r.json
    pawn = state["players"][mover]["pawn"]
    assert r.json["state"]["players"][mover]["pawn"] == (pawn + 2) % 16
    r = client.post(f"/api/games/{gid}/act/throw", json={"faces": [2, 3, 4, 5, 6]},
                    headers=seat(token))
    assert r.status_code == 200, r.json
    assert r.json["state"]["dice"] == [2, 3, 4, 5, 6]
    takes = next(o for o in r.json["state"]["options"] if o["action"] == "take")["cards"]
    assert takes["large_straight"]["kind"] == "place"
    r = client.post(f"/api/games/{gid}/act/take", json={"card": "large_straight"},
                    headers=seat(token))
    assert r.status_code == 200, r.json
    assert r.json["state"]["players"][mover]["total"] == takes["large_straight"]["score"] > 0
    from wordyahtzee.games import replay

    record = client.get(f"/api/games/{gid}/record").json["record"]
    replayed = replay(record)["players"]
    assert replayed[mover]["total"] == takes["large_straight"]["score"]


def test_a_woord_pad_hourglass_is_turned_by_a_tap(tmp_path: Path) -> None:
    clock = Clock()
    app = make_app(tmp_path / "glass.sqlite3", clock)
    client = app.test_client()
    gid, token = pad_table(client, "woord", ["Anna"], {"turn_seconds": 60})
    r = client.post(f"/api/games/{gid}/act/hourglass", json={}, headers=seat(token))
    assert r.status_code == 200 and r.json["deadline"] == clock.now + 60
    r = client.post(f"/api/games/{gid}/act/hourglass", json={}, headers=seat(token))
    assert r.status_code == 422 and r.json["error"]["code"] == "hourglass_running"
    clock.now += 30   # entering the letters takes time; the minute runs from the tap
    client.post(f"/api/games/{gid}/act/throw", json={"faces": "eiaedln"}, headers=seat(token))
    clock.now += 31
    state = client.get(f"/api/games/{gid}").json
    assert state["history"][0]["timeout"] and state["players"][0]["total"] == 0


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=5, max_size=5))
def test_any_real_classic_throw_is_taken_as_shown(tmp_path_factory: Any, pips: list[int]) -> None:
    app = make_app(tmp_path_factory.mktemp("prop") / "p.sqlite3")
    client = app.test_client()
    gid, token = pad_table(client, "classic", ["Anna"], {})
    r = client.post(f"/api/games/{gid}/act/throw", json={"faces": pips}, headers=seat(token))
    assert r.status_code == 200 and r.json["state"]["turn"]["dice"] == pips
    points = r.json["state"]["options"]["chance"]
    assert points == sum(pips)


def test_a_pad_may_note_a_box_without_its_throw(tmp_path: Path) -> None:
    app = make_app(tmp_path / "note.sqlite3")
    client = app.test_client()
    gid, token = pad_table(client, "classic", ["Anna"], {})
    note = f"/api/games/{gid}/act/note"
    # the points must be possible: no throw gives 13 in fours, or 7 in ones
    for body in ({"box": "fours", "points": 13}, {"box": "ones", "points": 7},
                 {"box": "full_house", "points": 20}, {"box": "fours"}):
        r = client.post(note, json=body, headers=seat(token))
        assert 400 <= r.status_code < 500, (body, r.json)
    assert client.get(f"/api/games/{gid}").json["seq"] == 0
    r = client.post(note, json={"box": "fours", "points": 12}, headers=seat(token))
    assert r.status_code == 200, r.json
    r = client.post(note, json={"box": "full_house", "points": 25}, headers=seat(token))
    assert r.status_code == 200, r.json
    state = r.json["state"]
    assert state["players"][0]["boxes"]["fours"] == 12
    assert state["players"][0]["boxes"]["full_house"] == 25
    r = client.post(note, json={"box": "fours", "points": 8}, headers=seat(token))
    assert r.status_code == 422 and r.json["error"]["code"] == "box_filled"
    # the record says which throws were not entered, and replays to the same score
    from wordyahtzee.games import replay

    record = client.get(f"/api/games/{gid}/record").json["record"]
    assert replay(record)["players"][0]["boxes"]["full_house"] == 25
    # a note is a pad's alone
    r = client.post("/api/games", json={"mode": "classic", "kind": "solo", "players": ["B"]})
    r = client.post(f"/api/games/{r.json['id']}/act/note", json={"box": "fours", "points": 12},
                    headers=seat(r.json["links"][0]["token"]))
    assert r.status_code == 400 and r.json["error"]["code"] == "not_a_pad"


def test_a_woord_pad_may_note_the_words_without_the_throw(tmp_path: Path) -> None:
    app = make_app(tmp_path / "wnote.sqlite3")
    client = app.test_client()
    gid, token = pad_table(client, "woord", ["Anna"], {"turn_seconds": None, "dice_set": "nl"})
    note = f"/api/games/{gid}/act/note"
    r = client.post(note, json={"box": "letters_2", "words": ["qq"]}, headers=seat(token))
    assert r.status_code == 422                     # not a word, and no die shows a q
    r = client.post(note, json={"box": "letters_3", "words": ["kat"]}, headers=seat(token))
    assert r.status_code == 422 and r.json["error"]["code"] == "out_of_turn"
    assert client.get(f"/api/games/{gid}").json["seq"] == 0
    r = client.post(note, json={"box": "letters_2", "words": ["ja"]}, headers=seat(token))
    assert r.status_code == 200, r.json
    from wordyahtzee.dice import DiceSet

    dice = DiceSet.load("nl")
    assert r.json["points"] == dice.value("j") + dice.value("a")
    history = r.json["state"]["history"][0]
    assert history["assumed"] and history["claim"]["words"] == ["ja"]
    # words the dice can lay only with the blank: the blank takes the cheapest letter
    # (one die has a k: the second k of "kok" is the blank, worth 0)
    r = client.post(note, json={"box": "letters_3", "words": ["kok"]}, headers=seat(token))
    assert r.status_code == 200, r.json
    assert r.json["points"] == dice.value("k") + dice.value("o")


def test_a_woord_pad_without_a_box_takes_any_box_letters(tmp_path: Path) -> None:
    """A Woord Yahtzee pad that names no box referees what every real box guarantees:
    seven dice, any letter a-z, one blank a throw; a family's Q or three Z's are taken.
    Its dice are nobody's real ones, so the Tip and the review say they are not there
    (422 ``unknown_dice``, a page in words), and no other kind of table plays them."""
    app = make_app(tmp_path / "any.sqlite3")
    client = app.test_client()
    gid, token = pad_table(client, "woord", ["Anna", "Bram"], {"turn_seconds": None})
    state = client.get(f"/api/games/{gid}").json
    assert state["rules"]["dice_set"] == "nl-any"
    for faces in ("??quizx", "kusnat", "kusnat1"):  # two blanks; six; not a letter
        r = client.post(f"/api/games/{gid}/act/throw", json={"faces": faces},
                        headers=seat(token))
        assert r.status_code == 422 or r.status_code == 400, (faces, r.json)
    r = client.post(f"/api/games/{gid}/act/throw", json={"faces": "qzzzxy?"},
                    headers=seat(token))
    assert r.status_code == 200, r.json
    r = client.post(f"/api/games/{gid}/act/throw", json={"keep": [], "faces": "quizeen"},
                    headers=seat(token))
    assert r.status_code == 200, r.json
    r = client.post(f"/api/games/{gid}/act/claim", json={"box": "letters_4", "words": ["quiz"]},
                    headers=seat(token))
    assert r.status_code == 422  # strict order: round 1 is letters_2
    r = client.post(f"/api/games/{gid}/act/claim", json={"box": "letters_2", "words": ["ze"]},
                    headers=seat(token))
    assert r.status_code == 200 and r.json["points"] == 4 + 1  # Z 4, E 1: Scrabble values
    hint = client.get(f"/api/games/{gid}/hint", headers=seat(token))
    assert hint.status_code == 422 and hint.json["error"]["code"] == "unknown_dice"
    review = client.get(f"/api/games/{gid}/review", headers=seat(token))
    assert review.status_code == 422 and review.json["error"]["code"] == "unknown_dice"
    page = client.get(f"/games/{gid}/review?lang=nl")
    assert page.status_code == 422 and "eigen doos" in page.get_data(as_text=True)
    # the record replays (its rules name the set)
    from wordyahtzee.games import replay

    record = client.get(f"/api/games/{gid}/record").json["record"]
    assert replay(record)["players"][0]["total"] == 5
    # only a pad plays them: a cup cannot throw dice nobody knows
    for kind in ("solo", "hotseat", "online"):
        r = client.post("/api/games", json={"mode": "woord", "kind": kind,
                                            "players": ["Anna", "Bram"][:1 if kind == "solo"
                                                                        else 2],
                                            "rules": {"dice_set": "nl-any"}})
        assert r.status_code == 400 and r.json["error"]["code"] == "pad_only_dice", r.json
    # a pad on the site's own dice, or a family's own box, is still refereed by them
    gid, token = pad_table(client, "woord", ["Anna"], {"dice_set": "nl"})
    r = client.post(f"/api/games/{gid}/act/throw", json={"faces": "qzzzxy?"},
                    headers=seat(token))
    assert r.status_code == 422
    english = pad_table(client, "woord", ["Ann"], {"dictionary": "en"})
    assert client.get(f"/api/games/{english[0]}").json["rules"]["dice_set"] == "en-any"
