"""Classic Yahtzee through the JSON API: tables with computer seats, whole games, a match of
five, hints, high scores per joker reading, errors, and a restart mid-computer-turn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import wordyahtzee.tables.strategies as strategies
from wordyahtzee.advisor.classic.strategy import load_strategy
from wordyahtzee.advisor.coach import coach

from .support.app import assert_error, make_app, seat
from .support.classic import new_classic, play_turn


def test_solo_against_two_computers_to_the_end(client: Any, app: Any) -> None:
    gid, links, state = new_classic(client, ["Anna", {"name": "Greta", "computer": "greedy"},
                                             {"name": "Bert", "computer": "beginner"}],
                                    joker="forced")
    assert len(links) == 1 and links[0]["seats"] == [0]  # no links for computer seats
    assert [s["computer"] for s in state["seats"]] == [None, "greedy", "beginner"]
    assert state["rules"] == {"joker": "forced"} and state["match"] is None
    assert state["turn"]["dice"] is None and state["options"] == {}
    token = links[0]["token"]
    for _ in range(13):
        state = play_turn(client, app, gid, token)
    assert state["status"] == "finished" and len(state["history"]) == 39
    assert all(None not in p["boxes"].values() for p in state["players"])
    assert state["winners"]
    record = client.get(f"/api/games/{gid}/record").json
    assert record["record"]["mode"] == "classic" and len(record["record"]["turns"]) == 39
    assert record["result"]["players"][1]["name"] == "Greta"
    lists = client.get("/api/highscores", query_string={
        "mode": "classic", "rules": '{"joker": "forced"}'}).json["lists"]
    assert [e["player"] for e in lists[0]["entries"]] == ["Anna"]  # computers never enter
    assert lists[0]["rules"] == {"joker": "forced", "upper_bonus_at": 63}
    everything = client.get("/api/highscores").json["lists"]
    assert {item["mode"] for item in everything} == {"classic"}
    assert_error(client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token)), 409,
                 "game_over")
    assert_error(client.get(f"/api/games/{gid}/hint"), 422, "game_over")


def test_match_of_five_games(client: Any, app: Any) -> None:
    gid, links, state = new_classic(client, ["Anna", {"name": "Bert", "computer": "beginner"}],
                                    match=True)
    assert state["match"]["length"] == 5 and state["match"]["game"] == 1
    token = links[0]["token"]
    for game in range(5):
        for _ in range(13):
            state = play_turn(client, app, gid, token)
        if game < 4:
            assert state["match"]["game"] == game + 2 and state["status"] == "active"
            assert state["turn"]["round"] == 1 and state["history"] == []
            assert state["match"]["games"][game]["over"]
    assert state["status"] == "finished"
    match = state["match"]
    assert [g["number"] for g in match["games"]] == [1, 2, 3, 4, 5]
    assert match["totals"] == [sum(g["totals"][i] for g in match["games"]) for i in (0, 1)]
    scores = app.extensions["wordyahtzee.store"].high_scores("classic", "", "{}",
                                                            100)
    assert sorted(e.score for e in scores) == sorted(g["totals"][0] for g in match["games"])
    record = client.get(f"/api/games/{gid}/record").json
    assert record["record"]["mode"] == "classic-match" and len(record["record"]["games"]) == 5
    assert record["result"]["winners"] == state["winners"]
    # a restart replays all five games from the stored events
    again = make_app(app.config["DATABASE"]).test_client().get(f"/api/games/{gid}").json
    assert again["match"] == match and again["players"] == state["players"]


def test_hotseat_and_online_tables_with_a_computer(client: Any, app: Any) -> None:
    gid, links, _ = new_classic(client, ["Anna", "Bram", {"name": "Robo", "computer": "greedy"}],
                                kind="hotseat")
    assert len(links) == 1 and links[0]["seats"] == [0, 1]
    gid, links, _ = new_classic(client, ["Anna", {"name": "Robo", "computer": "beginner"},
                                         "Bram"], kind="online")
    assert [link["seats"] for link in links] == [[0], [2]]
    anna, bram = links[0]["token"], links[1]["token"]
    assert_error(client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(bram)), 403,
                 "not_your_turn")
    state = play_turn(client, app, gid, anna)  # Robo plays on the server meanwhile
    assert state["turn"]["player"] == 2 and [h["player"] for h in state["history"]] == [0, 1]
    state = play_turn(client, app, gid, bram)
    assert state["turn"]["player"] == 0 and state["turn"]["round"] == 2


def test_computer_turn_is_played_in_the_background(tmp_path: Path) -> None:
    app = make_app(tmp_path / "slow.sqlite3", COMPUTER_PACE=30.0)
    client = app.test_client()
    gid, links, _ = new_classic(client, ["Anna", {"name": "Bert", "computer": "beginner"}])
    token = links[0]["token"]
    r = client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
    box = next(iter(r.json["state"]["options"]))
    r = client.post(f"/api/games/{gid}/act/claim", json={"box": box}, headers=seat(token))
    assert r.status_code == 200  # answered at once: the computer's pace does not block
    assert r.json["state"]["turn"]["player"] == 1
    assert_error(client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token)), 403,
                 "not_your_turn")


def test_restart_resumes_mid_computer_turn(tmp_path: Path) -> None:
    db = tmp_path / "restart.sqlite3"
    first = make_app(db, COMPUTER_PACE=1000.0)  # its worker sleeps: the server "dies" here
    client = first.test_client()
    gid, links, _ = new_classic(client, ["Anna", {"name": "Gert", "computer": "greedy"}])
    token = links[0]["token"]
    client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
    client.post(f"/api/games/{gid}/act/claim", json={"box": "chance"}, headers=seat(token))
    tables = first.extensions["wordyahtzee.tables"]
    table = tables.table(gid)
    with table.lock:  # one computer move (its first throw) reached the disk
        table.game.act(coach("classic").decide(table.game, "greedy", None))
        tables._commit(table)
    stored = first.extensions["wordyahtzee.store"].load_game(gid)
    assert [e["type"] for e in stored.events] == ["throw", "claim", "throw"]
    second = make_app(db)  # a new process on the same database
    resumed = second.extensions["wordyahtzee.tables"].resume_all()
    assert resumed == 1
    assert second.extensions["wordyahtzee.tables"].settle(gid, 20)
    state = second.test_client().get(f"/api/games/{gid}").json
    assert state["turn"]["player"] == 0 and state["turn"]["round"] == 2
    events = second.extensions["wordyahtzee.store"].load_game(gid).events
    assert events[:3] == stored.events and events[-1]["type"] == "claim"
    assert events[-1]["player"] == "Gert"


@pytest.mark.usefixtures("strategy_tables")
def test_hint(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    gid, links, _ = new_classic(client, ["Anna"])
    token = links[0]["token"]
    monkeypatch.setattr(strategies, "peek", lambda mode, key: None)
    r = client.get(f"/api/games/{gid}/hint")
    assert r.status_code == 202 and r.json["ready"] is False
    strategy = load_strategy("free", quiet=True)
    monkeypatch.setattr(strategies, "peek", lambda mode, key: strategy)
    r = client.get(f"/api/games/{gid}/hint")
    assert r.status_code == 200 and r.json["throws"] == 0
    assert r.json["best"]["expected_total"] == pytest.approx(strategy.expected_score, abs=0.01)
    r = client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
    hint = client.get(f"/api/games/{gid}/hint").json
    assert hint["ready"] and hint["seq"] == 1 and hint["player"] == 0
    assert 2 <= len(hint["options"]) <= 6
    values = [o["expected_total"] for o in hint["options"]]
    assert values == sorted(values, reverse=True) and hint["best"] == hint["options"][0]
    dice = r.json["dice"]
    for option in hint["options"]:
        if option["kind"] == "keep":
            assert sorted(dice[i] for i in option["keep_indices"]) == option["keep"]
        else:
            assert option["points"] == r.json["state"]["options"][option["box"]]


def test_classic_errors(client: Any, app: Any) -> None:
    def create(players: Any, **extra: Any) -> Any:
        return client.post("/api/games", json={"mode": "classic", "players": players, **extra})

    assert_error(client.post("/api/games", json={  # Woord Yahtzee's levels are its own
        "players": ["A", {"name": "R", "computer": "strong"}]}), 400, "bad_players")
    assert_error(create(["A", {"name": "R", "computer": "genius"}]), 400, "bad_players")
    assert_error(create([{"name": "R", "computer": "greedy"}, {"name": "S",
                                                               "computer": "beginner"}],
                        kind="hotseat"), 400, "bad_players")
    assert_error(create(["A", "B"]), 400, "bad_players")  # solo: one human
    assert_error(create(["A", {"name": "a", "computer": "greedy"}]), 400, "same_names")
    assert_error(create(["A", {"computer": "greedy"}]), 400, "bad_players")
    assert_error(create(["A"], rules={"joker": "wild"}), 400, "bad_rules")
    assert_error(create(["A"], rules={"match": "yes"}), 400, "bad_rules")
    assert_error(create(["A"], rules={"dictionary": "nl"}), 400, "bad_rules")
    assert_error(create(["A"], rules=[1]), 400, "bad_rules")
    gid, links, _ = new_classic(client, ["Anna"])
    token = links[0]["token"]
    assert_error(client.post(f"/api/games/{gid}/act/claim", json={"box": "chance"},
                             headers=seat(token)), 422, "no_throw")
    assert_error(client.post(f"/api/games/{gid}/act/throw", json={"keep": "all"},
                             headers=seat(token)), 400)
    assert client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token)).status_code \
        == 200
    assert_error(client.post(f"/api/games/{gid}/act/throw", json={"keep": [7]},
                             headers=seat(token)), 422, "bad_keep")
    assert_error(client.post(f"/api/games/{gid}/act/claim", json={"box": "letters_2"},
                             headers=seat(token)), 422, "unknown_box")
    assert_error(client.post(f"/api/games/{gid}/act/claim", json={"box": 5},
                             headers=seat(token)), 400)
    assert_error(client.post(f"/api/games/{gid}/preview", json={}), 422, "no_preview")
    assert_error(client.get("/api/highscores?mode=chess"), 400, "unknown_mode")
    assert_error(client.get('/api/highscores?mode=classic&rules={"joker":"x"}'), 400,
                 "bad_rules")
    woord = client.post("/api/games", json={"players": ["W"]}).json["id"]
    r = client.get(f"/api/games/{woord}/hint")  # Woord Yahtzee has hints too (or soon)
    assert r.status_code in (200, 202) and "ready" in r.json
    page = client.get(f"/games/{gid}")
    assert page.status_code == 200 and b"classic.js" in page.data


def test_a_game_with_the_upper_bonus_at_fifty(client: Any, app: Any) -> None:
    """The house rule through the API: the table keeps it, the sheet counts towards it, the
    bonus comes at 50, the game lands in a high-score list of its own; bad values are 400."""
    assert_error(client.post("/api/games", json={"mode": "classic", "players": ["Anna"],
                                                "rules": {"upper_bonus_at": 0}}),
                 400, "bad_rules")
    gid, links, state = new_classic(client, ["Anna"], upper_bonus_at=50)
    assert state["rules"] == {"upper_bonus_at": 50} and state["upper_bonus_at"] == 50
    assert state["players"][0]["bonus_needed"] == 50
    for _ in range(13):
        state = play_turn(client, app, gid, links[0]["token"])
    assert state["status"] == "finished"
    anna = state["players"][0]
    assert anna["upper_bonus"] == (35 if anna["upper_total"] >= 50 else 0)
    assert anna["bonus_needed"] == max(0, 50 - anna["upper_total"])
    scores = app.extensions["wordyahtzee.store"].high_scores("classic", "",
                                                            '{"upper_bonus_at":50}', 100)
    assert [e.game_id for e in scores] == [gid]
    record = client.get(f"/api/games/{gid}/record").json
    assert record["record"]["rules"] == {"upper_bonus_at": 50}


@pytest.mark.usefixtures("strategy_tables")
def test_the_advisor_reckons_with_the_house_threshold(client: Any,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A table with the upper bonus at 50 is advised from a strategy table of its own, whose
    expected score is its own (the easier bonus is worth more than the standard game's)."""
    standard = load_strategy("free", quiet=True)
    house = load_strategy("free", upper_bonus_at=50, quiet=True)
    asked: list[str] = []

    def peek(mode: str, key: str) -> Any:
        asked.append(key)
        return {"free": standard, "free/50": house}[key]

    monkeypatch.setattr(strategies, "peek", peek)
    expected = []
    for rules in ({}, {"upper_bonus_at": 50}):
        gid, _, _ = new_classic(client, ["Anna"], **rules)
        r = client.get(f"/api/games/{gid}/hint")
        assert r.status_code == 200
        expected.append(r.json["best"]["expected_total"])
    assert asked == ["free", "free/50"]
    assert expected == [pytest.approx(standard.expected_score, abs=0.01),
                        pytest.approx(house.expected_score, abs=0.01)]
    assert expected[1] > expected[0] + 5


@pytest.mark.parametrize(("lang", "text"), [
    ("nl", "samen 63 of meer halen. Als huisregel kan een tafel een ander getal kiezen, "
           "van 1 tot 105."),
    ("en", "total 63 or more. As a house rule a table may choose another number, from 1 "
           "to 105."),
    ("de", "zusammen 63 oder mehr ergeben. Als Hausregel kann ein Tisch eine andere Zahl "
           "wählen, von 1 bis 105.")])
def test_the_rules_page_and_the_start_page_read_the_threshold(client: Any, lang: str,
                                                              text: str) -> None:
    """The rules page writes the threshold and the house rule's range from the rules'
    declaration; the start page offers the house rule in classic's panel."""
    page = client.get(f"/rules?lang={lang}").get_data(as_text=True)
    assert text in page
    start = client.get(f"/?lang={lang}").get_data(as_text=True)
    assert ('id="classic-bonus" name="upper_bonus_at" type="number" min="1" max="105" '
            'step="1" value="63"') in start
