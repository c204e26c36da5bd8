"""The daily game's rules (docs/daily.md): fair dice fixed by the day's seed, the turn, the
throw and the die's position; days in Europe/Amsterdam; seeds that only the server's secret
makes; the par against ``woord simulate``; the round symbols and the share text; and the
store's board, ranks, histogram and profiles on both back ends."""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordyahtzee import daily, games
from wordyahtzee.advisor.woord.simulate import simulate_woord
from wordyahtzee.dice import FairDice
from wordyahtzee.errors import RuleError
from wordyahtzee.modes.classic import BOXES, view
from wordyahtzee.store import Finish, Seat, Store
from wordyahtzee.store.players import LISTED
from wordyahtzee.store.sqlite import SQLiteStore

SEEDS = st.binary(min_size=32, max_size=32)
KEEPS = st.lists(st.lists(st.integers(0, 4), max_size=4, unique=True), min_size=13,
                 max_size=13)


def _classic(seed: bytes) -> games.Game:
    return games.new_game("classic", ["Anna"], {"joker": "free"}, rng=FairDice(seed),
                          clock=lambda: 0.0)


def _play(seed: bytes, keeps: list[list[int]], boxes: list[str]) -> list[tuple[int, ...]]:
    """A classic game on the day's dice: each turn throws, keeps ``keeps[turn]``, throws
    again and writes the next of ``boxes``; every throw's dice."""
    game = _classic(seed)
    shown = []
    for turn, box in enumerate(boxes):
        game.act(game.parse_action("throw", {}))
        shown.append(tuple(view(game)["turn"]["dice"]))
        game.act(game.parse_action("throw", {"keep": keeps[turn]}))
        shown.append(tuple(view(game)["turn"]["dice"]))
        game.act(game.parse_action("claim", {"box": box}))
    return shown


@settings(max_examples=30, deadline=None)
@given(SEEDS, KEEPS, st.permutations(BOXES))
def test_the_same_choices_give_the_same_throws(seed: bytes, keeps: list[list[int]],
                                               boxes: list[str]) -> None:
    assert _play(seed, keeps, boxes) == _play(seed, keeps, boxes)


@settings(max_examples=30, deadline=None)
@given(SEEDS, KEEPS, KEEPS, st.permutations(BOXES))
def test_each_die_shows_what_its_position_turn_and_throw_decide(
        seed: bytes, keeps: list[list[int]], other: list[list[int]],
        boxes: list[str]) -> None:
    """Two players who keep different dice: every die either stayed or shows the face of its
    position at that turn and throw, the same face for both players."""
    dice = FairDice(seed)
    for choices in (keeps, other):
        shown = _play(seed, choices, boxes)
        for turn in range(len(boxes)):
            first, second = shown[2 * turn], shown[2 * turn + 1]
            for position in range(5):
                assert first[position] == dice.face(turn, 0, position, range(1, 7))
                expected = (first[position] if position in choices[turn]
                            else dice.face(turn, 1, position, range(1, 7)))
                assert second[position] == expected
    # so the first throw of every turn is everyone's
    assert _play(seed, keeps, boxes)[::2] == _play(seed, other, boxes)[::2]


def test_a_face_is_the_hmac_of_turn_throw_and_position() -> None:
    seed = bytes(range(32))
    digest = hmac.new(seed, b"3/1/4", hashlib.sha256).digest()
    faces = "abcdef"
    assert FairDice(seed).face(3, 1, 4, faces) == faces[int.from_bytes(digest[:8], "big") % 6]
    counts = {f: 0 for f in faces}
    for turn in range(2000):
        counts[FairDice(seed).face(turn, 0, 0, faces)] += 1
    assert all(250 < n < 420 for n in counts.values()), counts  # about 333 each


def test_seeds_need_the_secret_and_differ_per_day() -> None:
    secret, other = b"s" * 32, b"t" * 32
    day = dt.date(2026, 11, 28)
    seed = daily.day_seed(secret, day)
    assert seed == hmac.new(secret, b"daily/2026-11-28", hashlib.sha256).digest()
    assert seed != daily.day_seed(other, day)
    assert seed != daily.day_seed(secret, day + dt.timedelta(days=1))


@pytest.mark.parametrize(("utc", "day"), [
    ("2026-11-28T22:59:59+00:00", "2026-11-28"),  # winter: midnight is 23:00 UTC
    ("2026-11-28T23:00:00+00:00", "2026-11-29"),
    ("2026-07-01T21:59:59+00:00", "2026-07-01"),  # summer: 22:00 UTC
    ("2026-07-01T22:00:00+00:00", "2026-07-02"),
])
def test_days_begin_at_midnight_in_amsterdam(utc: str, day: str) -> None:
    moment = dt.datetime.fromisoformat(utc).timestamp()
    assert daily.day_of(moment).isoformat() == day
    assert daily.day_start(daily.day_of(moment)) <= moment


def test_a_day_is_over_an_hour_after_its_midnight() -> None:
    day = dt.date(2026, 11, 28)
    end = dt.datetime.fromisoformat("2026-11-29T00:00:00+00:00").timestamp()
    assert daily.closes_at(day) == end
    assert not daily.published(day, end - 1) and daily.published(day, end)


@pytest.mark.parametrize("text", ["2026-13-01", "28-11-2026", "", None, 20261128, "2026-1-1"])
def test_bad_dates_are_refused(text: object) -> None:
    with pytest.raises(RuleError) as caught:
        daily.parse_day(text)
    assert caught.value.code == "bad_date"


def test_streaks_count_days_in_a_row_up_to_today_or_yesterday() -> None:
    today = dt.date(2026, 11, 28)
    days = [today - dt.timedelta(days=n) for n in (1, 2, 3, 5)]
    assert daily.streak(days, today) == 3
    assert daily.streak([today, *days], today) == 4
    assert daily.streak(days[1:], today) == 0


def test_round_symbols_and_the_share_text_tell_nothing_of_the_dice() -> None:
    def turn(lost: float, random: float, kind: str = "claim") -> dict[str, object]:
        return {"lost": lost, "random": random,
                "decisions": [{"chosen": {"kind": "keep"}, "lost": None},
                              {"chosen": {"kind": kind, "words": ["kat"]}, "lost": lost}]}

    # each round by its figure, 100 × (1 − lost / random): the judge's, from 75, from
    # 40, below; a round with nothing at stake lost nothing; the hourglass ended one
    turns = [turn(0.0, 20.0), turn(4.0, 20.0), turn(10.0, 20.0), turn(16.0, 20.0),
             turn(0.0, 0.0), turn(8.0, 8.0, "timeout")]
    symbols = daily.round_symbols(turns)
    assert symbols == "🟩🟨🟧🟥🟩⬛"
    text = daily.share_text("Woord Yahtzee van de dag", dt.date(2026, 11, 28), symbols, 92,
                            None, "https://example.org/daily/woord", "vaardigheid 81")
    assert text == ("Woord Yahtzee van de dag 2026-11-28\n🟩🟨🟧🟥🟩⬛\n92 · vaardigheid 81\n"
                    "https://example.org/daily/woord")
    assert "kat" not in text
    text = daily.share_text("Yahtzee van de dag", dt.date(2026, 11, 28), symbols, 222, 254,
                            "https://example.org/daily/classic", "vaardigheid 93")
    assert "\n222 · vaardigheid 93 · par 254 (-32)\n" in text


def test_the_par_is_what_woord_simulate_scores_on_the_same_seed(strategy_tables: None
                                                                 ) -> None:
    seed = random.Random(7).randbytes(32)
    rules = daily.daily_rules("woord")
    game = daily.play_par("woord", seed, rules, daily.load_strategy("woord", rules))
    simulated = simulate_woord("optimal", 1, day_seed=seed)
    assert game.totals()[0] == simulated.sheets[0].total
    assert game.finished and len(game.to_record()["turns"]) == 8


def test_the_classic_par_is_the_optimal_players_game(strategy_tables: None) -> None:
    from wordyahtzee.advisor.classic.players import OptimalPlayer, play_turn
    from wordyahtzee.advisor.classic.strategy import load_strategy

    seed = random.Random(8).randbytes(32)
    rules = daily.daily_rules("classic")
    par = daily.play_par("classic", seed, rules, daily.load_strategy("classic", rules))
    match = _classic(seed)
    player = OptimalPlayer(load_strategy("free", quiet=True))
    game = match.games[0]  # type: ignore[attr-defined]
    while not game.is_over:
        play_turn(game, player)
    assert par.totals() == match.totals()


# -- the store ------------------------------------------------------------------------------

def _finish(store: Store, game_id: str, name: str, score: int, loss: float) -> None:
    """A daily game finished with ``score``, judged clear by the fair-play check and
    measured (``loss``: the expected points it lost; until then the board does not list
    it: tests/test_fair_play.py)."""
    store.create_game(game_id, "classic", "daily", {"rules": {}}, [Seat(0, name, "t")])
    store.append_events(game_id, 0, [{"type": "x"}], Finish({"players": []}, {}),
                        [(name, score)])
    assert store.check_daily(game_id, "clear", {}) and store.measure_daily(game_id, loss)


def test_the_board_ranks_by_points_lost_then_by_who_finished_first(store: Store) -> None:
    """The board ranks by the expected points the choices lost, never by the score (the
    dice decide it as much: docs/daily.md, "Fair play"); equal losses share a place."""
    now = [1000.0]
    store.clock = lambda: now[0]  # type: ignore[attr-defined]
    for i, (name, score, loss) in enumerate([("a", 250, 3.0), ("b", 300, 0.5),
                                             ("c", 320, 3.0), ("d", 200, 0.0)]):
        store.create_profile(f"p{i}", name, f"h{i}", 0.0)
        assert store.start_daily("2026-11-28", "classic", f"p{i}", f"g{i}", 0.0)
        now[0] += 1
        _finish(store, f"g{i}", name, score, loss)
    assert not store.start_daily("2026-11-28", "classic", "p0", "again", 0.0)
    board = store.daily_board("2026-11-28", "classic")
    assert [(r["name"], r["score"], r["loss"]) for r in board] == [
        ("d", 200, 0.0), ("b", 300, 0.5), ("a", 250, 3.0), ("c", 320, 3.0)]
    assert [store.daily_rank("2026-11-28", "classic", r["loss"]) for r in board] == [
        1, 2, 3, 3]
    assert store.daily_scores("2026-11-28", "classic") == {200: 1, 300: 1, 250: 1, 320: 1}
    assert store.daily_board("2026-11-29", "classic") == []
    store.put_daily_par("2026-11-28", "classic", 280, {"joker": "free"}, {"turns": []})
    store.put_daily_par("2026-11-28", "classic", 999, {}, {})  # once: the first stays
    assert store.daily_par("2026-11-28", "classic") == {
        "par": 280, "rules": {"joker": "free"}, "record": {"turns": []}}
    assert store.daily_days("classic", "2026-11-29") == [
        {"day": "2026-11-28", "par": 280, "players": 4, "best": 0.0}]
    assert store.daily_days("classic", "2026-11-28") == []
    assert [g["par"] for g in store.profile_dailies("p1")] == [280]


def test_profiles_are_renamed_and_deleted_with_their_games(store: Store) -> None:
    store.create_profile("p1", "Anna", "hash1", 5.0)
    assert store.profile_by_secret("hash1") == {"id": "p1", "name": "Anna", "created_at": 5.0}
    assert store.rename_profile("p1", "Anneke") and not store.rename_profile("nobody", "x")
    assert (store.profile_by_secret("hash1") or {}).get("name") == "Anneke"
    store.start_daily("2026-11-28", "classic", "p1", "g1", 1.0)
    _finish(store, "g1", "Anneke", 200, 12.5)
    assert store.delete_profile("p1") and not store.delete_profile("p1")
    assert store.profile_by_secret("hash1") is None
    assert store.profile_dailies("p1") == [] and store.daily_board("2026-11-28", "classic") == []
    with pytest.raises(Exception) as caught:
        store.load_game("g1")
    assert getattr(caught.value, "code", "") == "not_found"


def test_the_secret_is_made_once(store: Store) -> None:
    first = store.secret("daily")
    assert len(first) == 32 and store.secret("daily") == first != store.secret("other")


def test_the_board_is_read_through_its_index(tmp_path: Path) -> None:
    opened = SQLiteStore(tmp_path / "games.sqlite3")
    try:
        with opened._db() as db:
            plan = " ".join(str(tuple(row)) for row in db.execute(
                "EXPLAIN QUERY PLAN SELECT * FROM daily_entries WHERE day = ? AND mode = ? "
                f"AND score IS NOT NULL AND {LISTED} ORDER BY score DESC, finished_at "
                "LIMIT 100",
                ("2026-11-28", "classic")))
    finally:
        opened.close()
    assert "daily_board" in plan and "SCAN daily_entries" not in plan


# -- the command line -----------------------------------------------------------------------

def test_the_cli_par_is_the_days_par_and_the_seed_is_shown_once_the_day_is_over(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, strategy_tables: None) -> None:
    import json

    from .support.cli import run_cli

    db = str(tmp_path / "games.sqlite3")
    day = "2026-06-01"  # a day long over, whatever today is: its seed is published
    code, out, err = run_cli(capsys, ["daily", "show", "--db", db, "--date", day,
                                      "--json"])
    assert code == 0, err
    shown = json.loads(out)
    opened = SQLiteStore(tmp_path / "games.sqlite3")
    try:
        seed = daily.day_seed(opened.secret("daily"), daily.parse_day(day))
        assert opened.daily_par(day, "woord")["par"] == shown["modes"]["woord"]["par"]
    finally:
        opened.close()
    assert shown["seed"] == seed.hex()
    code, out, err = run_cli(capsys, ["woord", "simulate", "--player", "optimal",
                                      "--day-seed", seed.hex(), "--json"])
    assert code == 0, err
    assert json.loads(out)["mean"] == shown["modes"]["woord"]["par"]
    code, out, err = run_cli(capsys, ["daily", "replay", "--seed", seed.hex(), "--mode",
                                      "classic", "--json"])
    assert code == 0 and json.loads(out)["par"] == shown["modes"]["classic"]["par"]
    code, out, err = run_cli(capsys, ["daily", "replay", "--seed", seed.hex()])
    assert out.strip().splitlines()[-1] == f"par     {shown['modes']['woord']['par']}"
    assert len(out.strip().splitlines()) == 9  # eight turns and the par
    for bad in (["daily", "replay", "--seed", "xyz"], ["daily", "replay", "--seed", "ab"],
                ["daily", "replay", "--seed", seed.hex(), "--mode", "kaartspel"],
                ["daily", "show", "--db", db, "--date", "2999-01-01"],
                ["daily", "show", "--db", db, "--date", "gisteren"]):
        code, out, err = run_cli(capsys, bad)
        assert code == 2 and err.startswith("wordyahtzee: error: ") and err.count("\n") == 1
