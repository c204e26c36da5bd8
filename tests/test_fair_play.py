"""The daily game's fair-play check (docs/daily.md, "Fair play"): the best game in
hindsight, the statistic that tells play with knowledge of the faces from play without,
and the whole path of a cheater who learned the day's dice with a throwaway profile: held
off the board, shown their own result with a note, decided on by a moderator."""

from __future__ import annotations

import hashlib
import json
import math
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordyahtzee import daily
from wordyahtzee.advisor import foresight
from wordyahtzee.advisor.classic import foresight as cf
from wordyahtzee.advisor.classic.strategy import ClassicStrategy
from wordyahtzee.advisor.classic.tables import (
    ALL_UPPER,
    NMASK,
    NUPPER,
    _box_values,
    _levels,
)
from wordyahtzee.dice import FairDice
from wordyahtzee.errors import RuleError
from wordyahtzee.modes.classic import ClassicGame

from .support.app import make_app, seat
from .support.cli import run_cli
from .support.clock import Clock

RULES_ONLY = ClassicStrategy("free", np.zeros((NMASK, NUPPER, 2)))
"""The free joker's rule tables, without the strategy table (the hindsight needs no
expectations)."""


def choice(regret: float, worth: float, top: float | None = None) -> foresight.Choice:
    return foresight.Choice(0, 1, {"kind": "keep"}, {"kind": "box"}, regret, worth,
                            max(worth, 0.0) if top is None else top)


# -- the statistic ----------------------------------------------------------------------------

def test_a_game_without_departures_says_nothing() -> None:
    found = foresight.verdict("classic", [choice(0.0, 0.0, 12.0)] * 13)
    assert found.log_lr == 0.0 and found.departures == 0 and not found.flagged


def test_departures_that_all_hit_are_flagged_and_misses_clear_them() -> None:
    hits = [choice(2.0, 9.0)] * 8
    flagged = foresight.verdict("classic", hits)
    assert flagged.flagged and flagged.hits == 8 and flagged.pi > 0.9
    # as many misses: luck, not knowledge
    mixed = foresight.verdict("classic", hits + [choice(2.0, -9.0)] * 16)
    assert not mixed.flagged and mixed.log_lr < flagged.log_lr
    # better in hindsight than the best in expectation, but not the best: no hit
    assert not choice(2.0, 5.0, 9.0).hit and choice(2.0, 5.0, 9.0).departure


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 60), st.booleans()), max_size=20),
       st.floats(0, 60), st.sampled_from(["classic", "woord"]))
def test_a_hit_never_lowers_the_ratio_and_a_miss_never_raises_it(
        game: list[tuple[float, bool]], regret: float, mode: str) -> None:
    choices = [choice(r, 5.0 if hit else -5.0) for r, hit in game]
    before = foresight.verdict(mode, choices).log_lr
    assert before >= 0.0
    assert foresight.verdict(mode, [*choices, choice(regret, 5.0)]).log_lr >= before - 1e-9
    assert foresight.verdict(mode, [*choices, choice(regret, -5.0)]).log_lr <= before + 1e-9


# -- the best game in hindsight ---------------------------------------------------------------

def _every_roll(faces: Any) -> Any:
    """The hindsight table by weighing all 252 rolls in every state, as the strategy does,
    keeping the turn's reachable ones (the slow way the fast one must equal)."""
    values = np.zeros((NMASK, NUPPER, 2))
    for mask_a, up_a, arm_a, same_m, same_u in _levels():
        rows = cf._reachable(faces[int(mask_a[0]).bit_count()])
        for start in range(0, len(mask_a), 1024):
            part = slice(start, start + 1024)
            best, _ = _box_values(values, RULES_ONLY.rules, mask_a[part], up_a[part],
                                  arm_a[part])
            values[mask_a[part], up_a[part], arm_a[part]] = best[rows].max(axis=0)
        values[same_m, same_u] = values[same_m, 0]
        full = np.unique(mask_a[(mask_a & ALL_UPPER) == ALL_UPPER])
        if len(full):
            values[full] = values[full, :1, :]
    return values


@pytest.mark.parametrize("day", [b"one", b"two"])
def test_the_hindsight_table_equals_weighing_every_roll(day: bytes) -> None:
    hindsight = cf.ClassicHindsight.compute(RULES_ONLY, hashlib.sha256(day).digest())
    assert np.array_equal(hindsight.values_table, _every_roll(hindsight.faces))


@settings(max_examples=6, deadline=None)
@given(st.binary(min_size=32, max_size=32))
def test_the_hindsight_player_scores_the_best_total(seed: bytes) -> None:
    hindsight = cf.ClassicHindsight.compute(RULES_ONLY, seed)
    game = ClassicGame(["Anna"], rng=FairDice(seed))
    cf.play(game, hindsight.choose)
    assert game.sheet("Anna").total == hindsight.best_total


# -- whole games, judged (the strategy tables) ------------------------------------------------

SEED = hashlib.sha256(b"fair play").digest()


def test_classic_optimal_play_departs_never_and_hindsight_play_is_flagged(
        strategy_tables: None) -> None:
    from wordyahtzee.advisor.classic.players import OptimalPlayer
    from wordyahtzee.advisor.classic.strategy import load_strategy

    strategy = load_strategy("free", quiet=True)
    hindsight = cf.ClassicHindsight.compute(strategy, SEED)
    optimal = OptimalPlayer(strategy)
    honest = ClassicGame(["Anna"], rng=FairDice(SEED))
    cf.play(honest, lambda g: cf.option_of(optimal.decide(g)))
    judged = cf.choices(honest, strategy, hindsight)
    assert len(judged) >= 13 and not any(c.departure for c in judged)
    assert all(c.regret == 0.0 for c in judged)
    cheat = ClassicGame(["Bram"], rng=FairDice(SEED))
    cf.play(cheat, lambda g: hindsight.choose(g, cf.option_of(optimal.decide(g))))
    judged = cf.choices(cheat, strategy, hindsight)
    found = foresight.verdict("classic", judged)
    assert cheat.sheet("Bram").total == hindsight.best_total > honest.sheet("Anna").total
    assert found.flagged and found.hits == found.departures > 3
    assert all(c.hit for c in judged if c.departure)
    other = ClassicGame(["Carl"], rng=random.Random(4))  # not the day's dice
    cf.play(other, lambda g: cf.option_of(optimal.decide(g)))
    with pytest.raises(RuleError) as caught:
        cf.choices(other, strategy, hindsight)
    assert caught.value.code == "not_daily"


def test_woord_hindsight_play_scores_the_best_total_and_is_flagged(
        strategy_tables: None) -> None:
    from wordyahtzee.advisor.woord import foresight as wf
    from wordyahtzee.advisor.woord.simulate import woord_player
    from wordyahtzee.advisor.woord.strategy import load_woord_strategy
    from wordyahtzee.dice import DiceSet
    from wordyahtzee.lexicon import load_lexicon
    from wordyahtzee.modes.woord import WoordGame, WoordRules
    from wordyahtzee.solver import get_solver

    rules, lexicon, dice = WoordRules(), load_lexicon("nl"), DiceSet.load("nl")
    strategy = load_woord_strategy("nl", "nl", 40, quiet=True)
    solver = get_solver(lexicon, dice, rules)
    hindsight = wf.WoordHindsight.compute(strategy, SEED)
    optimal = woord_player("optimal", solver, strategy=strategy)
    totals = []
    for informed in (False, True):
        game = WoordGame(["Anna"], rules, lexicon=lexicon, dice_set=dice,
                         rng=FairDice(SEED), clock=lambda: 0.0)
        wf.play(game, optimal, hindsight, range(8) if informed else (), solver)
        found = foresight.verdict("woord", wf.choices(game, strategy, hindsight))
        assert found.flagged == informed and found.hits == found.departures
        totals.append(game.sheets[0].total)
    assert totals[1] == hindsight.best_total > totals[0]


# -- a cheater with a throwaway profile, on the server ----------------------------------------

SECRET = "5e" * 32
"""The server secret of the day played below (fixed, so the day's dice are too)."""


def _profile(app: Any, name: str) -> Any:
    client = app.test_client()
    assert client.post("/api/profile", json={"name": name}).status_code == 201
    return client


def _play(client: Any, moves: list[tuple[str, Any]]) -> dict[str, Any]:
    """Start today's classic game and make ``moves`` (``("keep", positions)`` after the
    first throw of a turn; a turn's first throw is made first); the last answer."""
    started = client.post("/api/daily/classic", json={}).json
    gid, token = started["game_id"], started["token"]
    answer: dict[str, Any] = {}
    fresh = True
    for kind, what in moves:
        if fresh:
            answer = client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token)).json
            fresh = False
        if kind == "keep":
            answer = client.post(f"/api/games/{gid}/act/throw", json={"keep": list(what)},
                                 headers=seat(token)).json
        else:
            answer = client.post(f"/api/games/{gid}/act/claim", json={"box": what},
                                 headers=seat(token)).json
            fresh = True
        assert "state" in answer, answer
    return {**answer, "game_id": gid}


def _moves(decide: Any, seed: bytes) -> tuple[list[tuple[str, Any]], int]:
    """The moves a player makes on the day's dice, and its total (played locally)."""
    game = ClassicGame(["local"], rng=FairDice(seed))
    moves: list[tuple[str, Any]] = []

    def record(g: Any) -> Any:
        move = decide(g)
        moves.append(move)
        return move
    cf.play(game, record)
    return moves, game.sheet("local").total


def _settled(client: Any, count: int) -> dict[str, Any]:
    """Today's classic day once ``count`` results are checked (the check runs in the
    background)."""
    for _ in range(600):
        view = client.get("/api/daily/classic").json
        checked = view["you"] is not None and view["you"].get("check") is not None
        if checked and view["par"] is not None and view["players"] >= count:
            return dict(view)
        time.sleep(0.1)
    raise AssertionError("the checks did not finish")


def test_a_cheater_with_a_throwaway_profile_is_held_off_the_board(
        tmp_path: Path, strategy_tables: None, capsys: pytest.CaptureFixture[str]) -> None:
    from wordyahtzee.advisor.classic.players import GreedyPlayer, OptimalPlayer
    from wordyahtzee.advisor.classic.strategy import load_strategy

    path = tmp_path / "daily.sqlite3"
    clock = Clock()
    app = make_app(path, clock, TICK_SECONDS=None)
    with sqlite3.connect(path) as db:  # the day's dice fixed before anyone plays
        db.execute("INSERT INTO secrets (name, value) VALUES ('daily', ?)", (SECRET,))
    seed = daily.day_seed(bytes.fromhex(SECRET), daily.day_of(clock.now))
    strategy = load_strategy("free", quiet=True)

    # the throwaway profile throws every die again every time: it sees all 39 throws
    throwaway = _profile(app, "Wegwerp")
    seen = np.zeros((13, 3, 5), dtype=np.int64)
    started = throwaway.post("/api/daily/classic", json={}).json
    gid, token = started["game_id"], started["token"]
    for turn in range(13):
        for throw, body in enumerate(({}, {"keep": []}, {"keep": []})):
            answer = throwaway.post(f"/api/games/{gid}/act/throw", json=body,
                                    headers=seat(token)).json
            seen[turn, throw] = [int(d) for d in answer["dice"]]
        box = next(iter(answer["state"]["options"]))
        throwaway.post(f"/api/games/{gid}/act/claim", json={"box": box}, headers=seat(token))
    assert np.array_equal(seen, cf.day_faces(FairDice(seed)))

    # the second profile plays the best game in hindsight on those faces
    known = cf.ClassicHindsight.of_faces(strategy, seen)
    optimal = OptimalPlayer(strategy)
    cheat_moves, cheat_total = _moves(
        lambda g: known.choose(g, cf.option_of(optimal.decide(g))), seed)
    honest_moves, honest_total = _moves(lambda g: cf.option_of(GreedyPlayer().decide(g)),
                                        seed)
    cheater, honest = _profile(app, "Ziener"), _profile(app, "Eerlijk")
    cheat_game = _play(cheater, cheat_moves)["game_id"]
    honest_game = _play(honest, honest_moves)["game_id"]
    view = _settled(cheater, 2)  # the throwaway's and the honest result
    you = view["you"]
    assert you["score"] == cheat_total == known.best_total
    assert you["check"] == "flagged" and you["rank"] is None  # seen, with a note
    board = [(row["name"], row["score"]) for row in view["board"]]
    assert ("Eerlijk", honest_total) in board and "Ziener" not in dict(board)
    assert sum(bar["count"] for bar in view["histogram"]) == view["players"] == 2
    page = cheater.get("/daily/classic").get_data(as_text=True)
    assert 'id="daily-check"' in page and "moderator" in page and 'id="daily-rank"' not in page
    honest_view = _settled(honest, 2)
    assert honest_view["you"]["check"] == "clear" and honest_view["you"]["rank"] >= 1

    # the moderators, on the command line
    code, out, _ = run_cli(capsys, ["daily", "flagged", "--db", str(path)])
    assert code == 0 and cheat_game in out and honest_game not in out and "Ziener" in out
    assert "flagged" in out and "hits in hindsight" in out
    code, out, _ = run_cli(capsys, ["daily", "evidence", cheat_game, "--db", str(path)])
    assert code == 0 and "worth in hindsight +" in out
    code, _, err = run_cli(capsys, ["daily", "clear", honest_game, "--db", str(path)])
    assert code == 2 and "no checked result" in err  # a clear result needs no decision
    code, _, _ = run_cli(capsys, ["daily", "confirm", cheat_game, "--by", "Moderator",
                                  "--note", "the faces of Wegwerp", "--db", str(path)])
    assert code == 0
    assert "Ziener" not in str(cheater.get("/api/daily/classic").json["board"])
    code, out, _ = run_cli(capsys, ["daily", "clear", cheat_game, "--by", "Moderator",
                                    "--json", "--db", str(path)])
    assert code == 0 and json.loads(out)["check"] == "cleared"
    view = cheater.get("/api/daily/classic").json
    assert "Ziener" in str(view["board"])
    # on the board by the points its choices lost, which knowing the faces never lowers
    you, rows = view["you"], view["board"]
    assert you["rank"] == 1 + sum(row["loss"] < you["loss"] for row in rows)
    assert you["loss"] > next(row["loss"] for row in rows if row["name"] == "Eerlijk") > 0
    log = app.extensions["wordyahtzee.store"].moderation_log()
    assert [(e["moderator"], e["action"], e["subject"]) for e in log] == [
        ("Moderator", "daily cleared", cheat_game), ("Moderator", "daily confirmed", cheat_game)]
    assert log[1]["note"] == "the faces of Wegwerp"

    # once the day is over, the review shows each choice's worth in hindsight
    clock.now = daily.closes_at(daily.parse_day(view["day"]))
    review = honest.get(f"/api/games/{cheat_game}/review").json
    worths = [d.get("worth") for t in review["turns"] for d in t["decisions"]]
    assert review["hindsight"] and any(w is not None and w > 0 for w in worths)
    assert math.isclose(sum(w for w in worths if w is not None),
                        sum(c["worth"] for c in app.extensions["wordyahtzee.store"]
                            .daily_entry_of(cheat_game)["result"]["choices"]))


# -- the store (both back ends) -----------------------------------------------------------------

def test_the_board_lists_checked_results_and_a_moderator_decides(store: Any) -> None:
    day = "2026-11-28"
    for name, game in (("Anna", "a"), ("Bram", "b"), ("Carl", "c"), ("Dirk", "d")):
        store.create_profile(name, name, f"hash-{name}", 1.0)
        assert store.start_daily(day, "classic", name, game, 1.0)
    # a finished entry gets its score with its game's last append; here, directly
    store._change([("UPDATE daily_entries SET score = ?, finished_at = ? WHERE game_id = ?",
                    (score, at, game)) for game, score, at in (("a", 240, 5.0),
                                                               ("b", 330, 6.0),
                                                               ("c", 200, 7.0),
                                                               ("d", 180, 4.0))])
    assert store.daily_board(day, "classic") == []  # judged first
    assert [e["game_id"] for e in store.unchecked_dailies()] == ["d", "a", "b", "c"]
    evidence = {"verdict": {"lr": 500.0}, "choices": []}
    assert store.check_daily("a", "clear", {}) and store.check_daily("b", "flagged", evidence)
    assert not store.check_daily("b", "clear", {})  # judged once: a second process's is lost
    assert store.check_daily("c", "clear", {}) and store.check_daily("d", "clear", {})
    assert store.daily_board(day, "classic") == []  # and measured
    for game, loss in (("a", 3.5), ("b", 1.0), ("c", 2.25), ("d", 3.5)):
        assert store.measure_daily(game, loss)
    assert not store.measure_daily("a", 0.0)  # measured once
    assert store.unchecked_dailies() == []
    # the fewest points lost first, whatever the score; equal: who finished first
    assert [e["name"] for e in store.daily_board(day, "classic")] == ["Carl", "Dirk", "Anna"]
    assert store.daily_scores(day, "classic") == {240: 1, 200: 1, 180: 1}
    assert [store.daily_rank(day, "classic", loss) for loss in (2.25, 3.5, 3.6)] == [1, 2, 4]
    waiting = store.daily_checks(("flagged",))
    assert [(e["game_id"], e["name"], e["result"]) for e in waiting] == [("b", "Bram", evidence)]
    assert not store.moderate_daily("a", "confirmed", "Mo", "", 8.0)  # clear: no decision
    assert store.moderate_daily("b", "cleared", "Mo", "learnt the game", 9.0)
    assert [e["name"] for e in store.daily_board(day, "classic")] == ["Bram", "Carl", "Dirk",
                                                                      "Anna"]
    assert store.moderate_daily("b", "confirmed", "Mo", "", 10.0)
    assert [e["name"] for e in store.daily_board(day, "classic")] == ["Carl", "Dirk", "Anna"]
    assert [(e["moderator"], e["action"], e["subject"], e["note"])
            for e in store.moderation_log()] == [
        ("Mo", "daily confirmed", "b", ""), ("Mo", "daily cleared", "b", "learnt the game")]
    store.put_daily_par(day, "classic", 250, {}, {})
    assert store.daily_days("classic", "2026-11-29") == [
        {"day": day, "par": 250, "players": 3, "best": 2.25}]

    # a profile held for engine play: its results leave the board of its mode
    summary = {"decisions": 30, "loss": 0.0, "expected": 9.0, "variance": 4.0}
    assert store.put_play_check("c", 0, "Carl", "classic", "daily", 7.0, summary)
    assert not store.put_play_check("c", 0, "Carl", "classic", "daily", 7.0, summary)
    assert store.hold_engine("Carl", "classic", {"verdict": {"z": 4.5}}, 11.0)
    assert not store.hold_engine("Carl", "classic", {}, 12.0)  # held already
    assert [e["name"] for e in store.daily_board(day, "classic")] == ["Dirk", "Anna"]
    assert store.daily_days("classic", "2026-11-29")[0]["best"] == 3.5
    assert [(h["name"], h["evidence"]) for h in store.engine_holds(("held",))] == [
        ("Carl", {"verdict": {"z": 4.5}})]
    assert store.engine_holds(("held",), "woord") == []
    assert store.moderate_engine("Carl", "classic", "cleared", "Mo", "a strong player", 13.0)
    assert [e["name"] for e in store.daily_board(day, "classic")] == ["Carl", "Dirk", "Anna"]
    hold = store.engine_hold("Carl", "classic")
    assert hold["state"] == "cleared" and hold["since"] == 13.0
    assert store.play_checks("Carl", "classic", since=13.0) == []  # evidence anew
    assert [r["game_id"] for r in store.play_checks("Carl", "classic")] == ["c"]
    assert store.hold_engine("Carl", "classic", {"verdict": {"z": 5.0}}, 14.0)  # again
    assert store.moderate_engine("Carl", "classic", "confirmed", "Mo", "", 15.0)
    assert store.engine_hold("Carl", "classic")["since"] == 13.0
    assert not store.moderate_engine("Nobody", "classic", "cleared", "Mo", "", 16.0)
    assert [(e["action"], e["subject"]) for e in store.moderation_log()][:2] == [
        ("engine confirmed", "Carl classic"), ("engine cleared", "Carl classic")]
    # a rated game is judged once; a profile's deletion takes its records
    store.rate_game("rated", "classic", {}, 20.0)
    assert store.unjudged_rated() == ["rated"]
    assert store.put_play_check("rated", 1, "Carl", "classic", "rated", 20.0, {})
    assert store.unjudged_rated() == []
    assert store.play_checks("Carl", "classic", limit=5)[0]["game_id"] == "c"  # no decisions
    assert store.delete_profile("Carl")
    assert store.engine_hold("Carl", "classic") is None
    assert store.play_checks("Carl", "classic") == []


def test_a_game_that_cannot_be_judged_waits_for_a_moderator(
        tmp_path: Path, strategy_tables: None, capsys: pytest.CaptureFixture[str]) -> None:
    """A daily game whose throws are not the day's (here: the server's secret changed
    after it began) is not put on the board unjudged: it waits for a moderator, who sees
    why."""
    from .support.app import player
    from .support.daily import play_classic, start

    path = tmp_path / "daily.sqlite3"
    app = make_app(path, Clock(), TICK_SECONDS=None)
    anna = player(app, "Anna")
    started = start(anna)
    app.extensions["wordyahtzee.tables"]._daily_secret = b"another secret, another day"
    play_classic(anna, started, [0, 1])
    for _ in range(600):
        entry = app.extensions["wordyahtzee.store"].daily_entry_of(started["game_id"])
        if entry["check"] is not None:
            break
        time.sleep(0.1)
    assert entry["check"] == "flagged" and "not played on the day's dice" in entry[
        "result"]["error"]
    assert anna.get("/api/daily/classic").json["board"] == []
    code, out, _ = run_cli(capsys, ["daily", "flagged", "--db", str(path)])
    assert code == 0 and "not judged: this game was not played on the day's dice" in out
