"""Games stored before the game contract existed still load and play on.

The fixture holds the rows of a database written by the previous server: a Woord Yahtzee
solo game in its second turn, and a classic match of five in its second game.
"""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

from wordyahtzee.web import create_app

from wordyahtzee.store.migrations import SQLITE_STEPS, migrate_sqlite

FIXTURE = Path(__file__).with_name("fixtures") / "stored-before-the-game-contract.json"


def _database(path: Path, rows: dict[str, Any]) -> None:
    """The old rows in a schema of their time (before classic's ``score`` events became
    ``claim`` events); opening it with the app migrates it as an upgrade would."""
    db = sqlite3.connect(path, isolation_level=None)
    migrate_sqlite(db, steps=SQLITE_STEPS[:10])
    db.isolation_level = ""
    for table in ("games", "seats", "events"):
        for row in rows[table]:
            columns = ", ".join(row)
            marks = ", ".join("?" for _ in row)
            db.execute(f"INSERT INTO {table} ({columns}) VALUES ({marks})", list(row.values()))
    db.commit()
    db.close()


def test_old_games_load_with_the_same_state_and_play_on(tmp_path: Path) -> None:
    rows = json.loads(FIXTURE.read_text(encoding="utf-8"))
    path = tmp_path / "old.sqlite3"
    _database(path, rows)
    # the clock of the fixture's day, a minute after its last move: the test holds on any
    # date (the sweep abandons a game idle for seven days by this clock, not the wall's)
    now = max(float(game["updated_at"]) for game in rows["games"]) + 60.0
    app = create_app({"DATABASE": path, "WARM_STRATEGIES": (), "COMPUTER_PACE": 0.0,
                      "RNG_FACTORY": lambda: random.Random(3), "CLOCK": lambda: now,
                      "TICK_SECONDS": None})
    client = app.test_client()
    assert app.extensions["wordyahtzee.tables"].resume_all() == 2
    tokens = {s["game_id"]: s["token"] for s in rows["seats"]}
    for game_id, expected in rows["expected"].items():
        state = client.get(f"/api/games/{game_id}").get_json()
        shown = [{k: p[k] for k in old} for p, old in zip(state["players"],
                                                           expected["players"], strict=True)]
        assert shown == expected["players"]  # what the old server showed, and more
        if "turn" in expected:
            assert {k: state["turn"][k] for k in expected["turn"]} == expected["turn"]
        else:
            assert state["match"] == expected["match"]
        seq = state["seq"]
        box = state["turn"]["round_box"] if state["mode"] == "woord" else None
        if box is not None:
            r = client.post(f"/api/games/{game_id}/act/claim", json={"box": box, "words": []},
                            headers={"X-Seat-Token": tokens[game_id]})
        else:
            client.post(f"/api/games/{game_id}/act/throw", json={},
                        headers={"X-Seat-Token": tokens[game_id]})
            r = client.post(f"/api/games/{game_id}/act/claim",
                            json={"box": next(iter(client.get(f"/api/games/{game_id}")
                                                   .get_json()["options"]))},
                            headers={"X-Seat-Token": tokens[game_id]})
        assert r.status_code == 200, r.get_json()
        assert r.get_json()["state"]["seq"] > seq
