"""The engine-play check (docs/daily.md, "Engine play"): the statistic that sets a profile's
play against a strong reference player's, and the whole path of a profile that plays the
optimal strategy's moves in every rated game: held for a moderator within ten games, its
daily result off the board with a neutral note, and once confirmed its rated games rate
nobody; its honest opponent is never held."""

from __future__ import annotations

import math
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordyahtzee.advisor import engine
from wordyahtzee.advisor.coach import Judged

from .support.app import make_app, player, seat
from .support.cli import run_cli
from .support.clock import Clock
from .support.tables import link

# -- the statistic ----------------------------------------------------------------------------


def _judged(seat: int, values: list[float], chosen: float) -> Judged:
    options = tuple({"kind": "box", "value": v} for v in sorted(values, reverse=True))
    return Judged(0, seat, 1, "", {}, options, {"kind": "box", "value": chosen})


def test_the_reference_player_loses_most_on_close_calls() -> None:
    assert engine.reference_loss([10.0], 0.35) == (0.0, 0.0)  # one option: nothing to lose
    close, _ = engine.reference_loss([10.0, 9.9], 0.35)
    far, _ = engine.reference_loss([10.0, 2.0], 0.35)
    assert 0.0 < far < close < 0.1
    mean, var = engine.reference_loss([3.0, 3.0], 0.35)  # a tie costs nothing
    assert mean == 0.0 and var == 0.0


def test_a_game_summary_counts_its_seat_and_the_decisions_that_tell() -> None:
    judged = [_judged(0, [10.0, 9.8, 4.0], 10.0), _judged(0, [7.0], 7.0),
              _judged(1, [10.0, 9.8], 9.8), _judged(0, [5.0, 4.9], 4.9)]
    mine = engine.summarise("classic", judged, 0)
    assert mine.decisions == 2 and mine.loss == pytest.approx(0.1)
    assert mine.expected > 0 and mine.variance > 0
    assert engine.summarise("classic", judged, 1).loss == pytest.approx(0.2)


def _game(loss: float, expected: float = 2.0, variance: float = 1.0) -> engine.GameSummary:
    return engine.GameSummary(30, loss, expected, variance)


def test_perfect_play_is_held_and_a_weak_game_cannot_hide_it() -> None:
    perfect = [_game(0.0)] * 5
    assert engine.verdict("classic", perfect[:2]).z == pytest.approx(2 * 2 / math.sqrt(2))
    assert engine.verdict("classic", perfect).held  # z = 4.5
    # a game thrown away counts at most CLIP against the evidence
    weak = engine.verdict("classic", [*perfect, _game(80.0)])
    assert weak.z == pytest.approx((5 * 2.0 - engine.CLIP) / math.sqrt(6)) and weak.held
    # as many points lost as the reference player's: no evidence at all
    assert engine.verdict("classic", [_game(2.0)] * 30).z == pytest.approx(0.0)
    assert engine.verdict("classic", []).z == 0.0 and not engine.verdict("classic", []).held
    # only the newest WINDOW games count
    old = [_game(0.0)] * 5
    assert not engine.verdict("classic", [_game(2.0)] * engine.WINDOW + old).held


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0, 50), min_size=1, max_size=40), st.floats(0, 50))
def test_losing_more_never_raises_the_evidence(losses: list[float], more: float) -> None:
    games = [_game(x) for x in losses]
    before = engine.verdict("woord", games).z
    worse = engine.verdict("woord", [_game(losses[0] + more), *games[1:]]).z
    assert worse <= before + 1e-9


# -- the engine at rated tables, on the server ------------------------------------------------

def _rated_game(app: Any, anna: Any, bram: Any, strategy: Any) -> str:
    """A quick match of Anna (who plays every move the optimal strategy's, as a player
    with the engine beside the board would) and Bram (who keeps nothing and writes the
    first open box); its id, once it is over."""
    from wordyahtzee.advisor.coach import coach
    from wordyahtzee.modes.classic import BOXES

    waiting = anna.post("/api/lobby/quick", json={"mode": "classic"}).json
    gid, tb = link(bram.post("/api/lobby/quick", json={"mode": "classic"}).json["url"])
    ta = link(anna.get(f"/api/lobby/{waiting['id']}").json["url"])[1]
    tables, helper = app.extensions["wordyahtzee.tables"], coach("classic")
    assert helper is not None
    for _ in range(13):
        while True:  # Anna's turn: every choice the engine's
            action = helper.decide(tables.table(gid).game, "optimal", strategy)
            if action.name == "claim":
                r = anna.post(f"/api/games/{gid}/act/claim", json={"box": action.box},
                              headers=seat(ta))
                assert r.status_code == 200, r.json
                break
            r = anna.post(f"/api/games/{gid}/act/throw", json={"keep": list(action.keep)},
                          headers=seat(ta))
            assert r.status_code == 200, r.json
        r = bram.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(tb))
        box = next(b for b in BOXES if b in r.json["state"]["options"])
        r = bram.post(f"/api/games/{gid}/act/claim", json={"box": box}, headers=seat(tb))
    assert r.json["state"]["status"] == "finished"
    return gid


def _judged_games(store: Any, profile: str, count: int) -> None:
    """Wait until the background check has judged ``count`` of the profile's games."""
    for _ in range(600):
        if len(store.play_checks(profile, "classic", limit=100)) >= count:
            return
        time.sleep(0.05)
    raise AssertionError("the engine-play check did not judge the game")


def test_a_profile_that_plays_the_engine_in_every_rated_game_is_held(
        tmp_path: Path, strategy_tables: None, capsys: pytest.CaptureFixture[str]) -> None:
    from wordyahtzee.tables import strategies

    path = tmp_path / "engine.sqlite3"
    app = make_app(path, Clock(), TICK_SECONDS=None)
    store = app.extensions["wordyahtzee.store"]
    strategy = strategies.get("classic", "free")
    anna, bram = player(app, "Anna"), player(app, "Bram")
    ids = {name: store.profiles_named(name)[0]["id"] for name in ("Anna", "Bram")}
    held_after = None
    for game in range(1, 11):
        _rated_game(app, anna, bram, strategy)
        _judged_games(store, ids["Anna"], game)
        if store.engine_hold(ids["Anna"], "classic") is not None:
            held_after = game
            break
    assert held_after is not None and held_after <= 10
    assert store.engine_hold(ids["Bram"], "classic") is None  # the honest opponent
    hold = store.engine_hold(ids["Anna"], "classic")
    verdict = hold["evidence"]["verdict"]
    assert hold["state"] == "held" and verdict["loss"] == 0.0 and verdict["z"] >= 3.5
    read = hold["evidence"]["games"]  # held as soon as the evidence sufficed
    assert len(read) <= held_after and all(g["loss"] == 0.0 for g in read)

    # the moderators see it on the command line, and confirm it
    code, out, _ = run_cli(capsys, ["daily", "held", "--db", str(path)])
    assert code == 0 and ids["Anna"] in out and "Anna" in out and "Bram" not in out
    code, _, _ = run_cli(capsys, ["daily", "confirm-profile", ids["Anna"], "classic",
                                  "--by", "Moderator", "--note", "the engine's every move",
                                  "--db", str(path)])
    assert code == 0
    code, _, err = run_cli(capsys, ["daily", "clear-profile", ids["Bram"], "classic",
                                    "--db", str(path)])
    assert code == 2 and "no profile held" in err
    ratings = store.ratings(list(ids.values()), "classic")
    _rated_game(app, anna, bram, strategy)  # confirmed: it rates nobody
    _judged_games(store, ids["Anna"], held_after + 1)
    assert store.ratings(list(ids.values()), "classic") == ratings
    # the web page's decision (tests/test_moderation_web.py), on the app's clock
    app.extensions["wordyahtzee.tables"].fairplay.engine.moderate_engine(
        ids["Anna"], "classic", "cleared", "Moderator")
    _rated_game(app, anna, bram, strategy)  # cleared: rated again, the evidence anew
    _judged_games(store, ids["Anna"], held_after + 2)
    assert store.ratings(list(ids.values()), "classic") != ratings
    assert store.engine_hold(ids["Anna"], "classic")["state"] == "cleared"
    assert [(e["action"], e["subject"]) for e in store.moderation_log()] == [
        ("engine cleared", f"{ids['Anna']} classic"),
        ("engine confirmed", f"{ids['Anna']} classic")]


def test_a_held_profiles_daily_result_is_off_the_board_with_a_note(
        tmp_path: Path, strategy_tables: None) -> None:
    """A held profile's daily result of the mode waits off the board, and its player reads
    the neutral note of a result a moderator looks at."""
    from .support.daily import play_classic, start

    app = make_app(tmp_path / "held.sqlite3", Clock(), TICK_SECONDS=None)
    store = app.extensions["wordyahtzee.store"]
    anna, bram = player(app, "Anna"), player(app, "Bram")
    play_classic(anna, start(anna), [0, 1])
    play_classic(bram, start(bram), [2, 3])
    for _ in range(600):
        view = bram.get("/api/daily/classic").json
        if view["players"] == 2:
            break
        time.sleep(0.1)
    assert sorted(row["name"] for row in view["board"]) == ["Anna", "Bram"]
    anna_id = store.profiles_named("Anna")[0]["id"]
    assert len(store.play_checks(anna_id, "classic")) == 1  # the daily game is judged too
    assert store.hold_engine(anna_id, "classic", {"verdict": {"z": 9.9}}, 1.0)
    assert [row["name"] for row in bram.get("/api/daily/classic").json["board"]] == ["Bram"]
    you = anna.get("/api/daily/classic").json["you"]
    assert you["check"] == "flagged" and you["rank"] is None
    page = anna.get("/daily/classic").get_data(as_text=True)
    assert 'id="daily-check"' in page and "moderator" in page
    assert store.moderate_engine(anna_id, "classic", "confirmed", "Mo", "", 2.0)
    assert anna.get("/api/daily/classic").json["you"]["check"] == "confirmed"
    assert "Anna" not in str(bram.get("/api/daily/classic").json["board"])


def test_a_rated_game_no_process_judged_is_judged_by_the_sweep(
        tmp_path: Path, strategy_tables: None) -> None:
    """A rated game whose process stopped before judging it is judged by the next sweep of
    any process, once: its seats' play is kept for the check."""
    from wordyahtzee.tables import strategies

    clock = Clock()
    app = make_app(tmp_path / "sweep.sqlite3", clock, TICK_SECONDS=None)
    store, tables = app.extensions["wordyahtzee.store"], app.extensions["wordyahtzee.tables"]
    anna, bram = player(app, "Anna"), player(app, "Bram")
    anna_id = store.profiles_named("Anna")[0]["id"]
    gid = _rated_game(app, anna, bram, strategies.get("classic", "free"))
    _judged_games(store, anna_id, 1)
    store._change([("DELETE FROM play_checks WHERE game_id = ?", (gid,))])  # never judged
    assert store.unjudged_rated() == [gid]
    clock.now += 120
    tables.sweep()
    _judged_games(store, anna_id, 1)
    for _ in range(100):
        if store.unjudged_rated() == [] and len(store._rows(
                "SELECT * FROM play_checks WHERE game_id = ?", (gid,))) == 2:
            break
        time.sleep(0.05)
    seats = store._rows("SELECT seat, decisions, loss FROM play_checks WHERE game_id = ?",
                        (gid,))
    assert sorted(r["seat"] for r in seats) == [0, 1]
    anna_seat = next(r for r in seats if r["seat"] == 0)
    assert anna_seat["decisions"] > 13 and anna_seat["loss"] == 0.0
