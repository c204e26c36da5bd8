"""Stored games on both stores stay what they were: a moderator who refuses every word a
live and a finished game played, or a dictionary release without one of those words, and
then a restart, leave both games loading with the same state, totals, record and review;
the live one plays on, its next moves judged by today's decisions. A damaged game is put
aside: the server starts, every other game plays on, ``games verify`` names it."""

from __future__ import annotations

import gzip
import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from wordyahtzee.web import create_app

from wordyahtzee.cli import main as cli
from wordyahtzee.letters import fold
from wordyahtzee.lexicon import registry
from wordyahtzee.solver.claims import legal_claims
from wordyahtzee.tables import strategies

from .support.clock import Clock

VOLATILE = ("server_time", "idle_deadline", "seats", "seq")
"""What a state says of the moment it is read, not of the game."""


@pytest.fixture(params=["sqlite", "pg"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite3")
    return str(request.getfixturevalue("postgres_url"))


def make_app(database: str, clock: Clock) -> Any:
    """A server process on ``database`` (a new one after a restart: nothing in memory)."""
    return create_app({"DATABASE": database, "CLOCK": clock, "TICK_SECONDS": None,
                       "WARM_STRATEGIES": (), "RNG_FACTORY": lambda: random.Random(7),
                       "MINE_PUZZLES": False, "RATELIMIT_ENABLED": False, "TESTING": True})


def close(app: Any) -> None:
    app.extensions["wordyahtzee.store"].close()


def play_turns(app: Any, turns: int, end_with_throw: bool = False) -> tuple[str, str]:
    """A Woord Yahtzee solo game whose player writes the best words in the round's box
    for ``turns`` turns (and throws once more); its id and seat token."""
    client, clock = app.test_client(), app.config["CLOCK"]
    made = client.post("/api/games", json={"mode": "woord", "kind": "solo",
                                           "players": ["Anna"],
                                           "rules": {"turn_seconds": None}})
    assert made.status_code == 201, made.json
    game_id, token = made.json["id"], made.json["links"][0]["token"]
    service = app.extensions["wordyahtzee.tables"]
    for turn in range(turns):
        assert client.post(f"/api/games/{game_id}/act/throw", json={},
                           headers={"X-Seat-Token": token}).status_code == 200
        clock.now += 4
        game = service.table(game_id).game
        box = game.round_box()
        best = max((c for c in legal_claims(game) if c.claim.box == box),
                   key=lambda c: c.points)
        answer = client.post(f"/api/games/{game_id}/act/claim",
                             json={"box": box, "words": list(best.claim.words)},
                             headers={"X-Seat-Token": token})
        assert answer.status_code == 200, (turn, answer.json)
        clock.now += 2
    if end_with_throw:
        assert client.post(f"/api/games/{game_id}/act/throw", json={},
                           headers={"X-Seat-Token": token}).status_code == 200
    return game_id, token


def shown(app: Any, game_id: str, token: str, review: bool = False) -> dict[str, Any]:
    """What the game's player sees of it: state, record, and the review's judgment of
    every decision (``review``: the strategy table is loaded)."""
    client = app.test_client()
    headers = {"X-Seat-Token": token}
    state = client.get(f"/api/games/{game_id}", headers=headers)
    record = client.get(f"/api/games/{game_id}/record", headers=headers)
    assert state.status_code == 200 and record.status_code == 200, (state.json, record.json)
    seen = {"state": {k: v for k, v in state.json.items() if k not in VOLATILE},
            "record": record.json}
    if review:
        judged = client.get(f"/api/games/{game_id}/review", headers=headers)
        assert judged.status_code == 200 and judged.json["ready"], judged.json
        seen["review"] = {k: judged.json[k] for k in ("turns", "regret", "totals")}
    return seen


def words_of(app: Any, *game_ids: str) -> set[str]:
    store = app.extensions["wordyahtzee.store"]
    return {w for g in game_ids for e in store.load_game(g).events
            if e["type"] == "claim" for w in e["words"]}


@pytest.mark.usefixtures("strategy_tables")
def test_refusing_every_played_word_leaves_every_game_as_it_was(database: str) -> None:
    strategies.get("woord", "nl/nl/40")  # the reviews judge by it
    clock = Clock()
    app = make_app(database, clock)
    finished, f_token = play_turns(app, 8)
    live, l_token = play_turns(app, 3, end_with_throw=True)
    before = {g: shown(app, g, t, review=True)
              for g, t in ((finished, f_token), (live, l_token))}
    assert before[finished]["state"]["status"] == "finished"
    played = words_of(app, finished, live)
    assert len(played) >= 5, played
    moderation = app.extensions["wordyahtzee.moderation"]
    for word in sorted(played):
        moderation.decide_word("mo", "nl", word, "refuse", "a test: every word played")
        clock.now += 1
    close(app)

    again = make_app(database, clock)  # the restart
    assert again.extensions["wordyahtzee.tables"].resume_all() == 1
    after = {g: shown(again, g, t, review=True)
             for g, t in ((finished, f_token), (live, l_token))}
    assert after == before
    # the live game plays on; its moves from now on are judged by today's decisions
    client = again.test_client()
    headers = {"X-Seat-Token": l_token}
    word = sorted(played)[0]
    typed = client.post(f"/api/games/{live}/preview", json={"words": [word]}, headers=headers)
    assert typed.status_code == 200 and typed.json["words"][0]["in_dictionary"] is False
    box = again.extensions["wordyahtzee.tables"].table(live).game.round_box()
    answer = client.post(f"/api/games/{live}/act/claim", json={"box": box, "words": []},
                         headers=headers)
    assert answer.status_code == 200, answer.json
    close(again)


def test_a_release_without_a_played_word_leaves_the_game_as_it_was(
        database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    app = make_app(database, clock)
    finished, f_token = play_turns(app, 8)
    live, l_token = play_turns(app, 2, end_with_throw=True)
    before = {g: shown(app, g, t) for g, t in ((finished, f_token), (live, l_token))}
    played = words_of(app, finished, live)
    close(app)
    # the next release of nl: every word the games played left out
    release = tmp_path / "release"
    release.mkdir()
    shipped = Path(registry.SHIPPED_DIR)
    shutil.copy(shipped / "nl.json", release / "nl.json")
    with gzip.open(shipped / "nl.txt.gz", "rt", encoding="utf-8") as old:
        kept = [w for w in old.read().split("\n") if w and fold(w) not in played]
    with gzip.open(release / "nl.txt.gz", "wt", encoding="utf-8") as new:
        new.write("\n".join(kept) + "\n")
    meta = json.loads((release / "nl.json").read_text())
    meta.pop("checksum", None)
    meta["word_count"] = len(kept)
    (release / "nl.json").write_text(json.dumps(meta))
    monkeypatch.setattr(registry, "SHIPPED_DIR", release)
    released = registry.load_lexicon("nl")
    assert not any(released.is_valid(w) for w in played)

    again = make_app(database, clock)
    assert again.extensions["wordyahtzee.tables"].resume_all() == 1
    after = {g: shown(again, g, t) for g, t in ((finished, f_token), (live, l_token))}
    assert after == before
    game = again.extensions["wordyahtzee.tables"].table(live).game
    assert game.lexicon is released  # what the next move is judged by
    close(again)


def test_a_damaged_game_is_put_aside_and_every_other_plays_on(
        database: str, capsys: pytest.CaptureFixture[str]) -> None:
    clock = Clock()
    app = make_app(database, clock)
    good, g_token = play_turns(app, 1, end_with_throw=True)
    bad, b_token = play_turns(app, 2, end_with_throw=True)
    store = app.extensions["wordyahtzee.store"]
    seq = len(store.load_game(bad).events) - 2  # the second turn's claim
    damage(store, bad, seq, {"type": "claim", "box": "no_such_box", "words": []})
    close(app)

    again = make_app(database, clock)  # boots
    service = again.extensions["wordyahtzee.tables"]
    assert service.resume_all() == 1
    client = again.test_client()
    refused = client.get(f"/api/games/{bad}", headers={"X-Seat-Token": b_token})
    assert refused.status_code == 409 and refused.json["error"]["code"] == "game_damaged"
    assert "no_such_box" not in refused.json["error"]["message"]  # for the operators
    assert bad in service.damaged_games()
    throw = client.post(f"/api/games/{bad}/act/claim", json={"box": "letters_3"},
                        headers={"X-Seat-Token": b_token})
    assert throw.json["error"]["code"] == "game_damaged"
    box = service.table(good).game.round_box()
    answer = client.post(f"/api/games/{good}/act/claim", json={"box": box, "words": []},
                         headers={"X-Seat-Token": g_token})
    assert answer.status_code == 200, answer.json
    metrics = client.get("/metrics").get_data(as_text=True)
    assert "wordyahtzee_games_damaged 1.0" in metrics
    close(again)
    assert cli(["games", "verify", "--db", database]) == 1
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{bad}\tdoes not replay\t")
    assert "no_such_box" in lines[0] and "2 games replayed: 1 do not" in err


def damage(store: Any, game_id: str, seq: int, event: dict[str, Any]) -> None:
    """Write ``event`` over event ``seq`` of a stored game, as a fault would."""
    store._change([("UPDATE events SET event = ? WHERE game_id = ? AND seq = ?",
                    (json.dumps(event), game_id, seq))])
