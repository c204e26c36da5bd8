"""The strategy tables that ship with the package (``wordyahtzee/data/tables``, written by
``scripts/build_tables.py``): exactly the files the code names for the tables a server
prepares at start-up (so a change to the code that computes a table, or to a shipped
dictionary or dice set, fails here until they are rebuilt), what the code computes, the
expected scores the docs print, and read by a fresh server at once, without computing."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from wordyahtzee.advisor.cache import SHIPPED_DIR
from wordyahtzee.advisor.coach import coach, start_up_tables
from wordyahtzee.lexicon import cache_dir

from .support.server import Server

ROOT = Path(__file__).resolve().parents[1]
REBUILD = "rebuild them: python -m scripts.build_tables"


def shipped_files() -> dict[str, tuple[str, str]]:
    """Every file the start-up tables need, relative to the cache folder, and its table."""
    out = {}
    for mode, key in start_up_tables():
        helper = coach(mode)
        assert helper is not None
        for path in helper.table_files(key):
            out[path.relative_to(cache_dir()).as_posix()] = (mode, key)
    return out


def docs_ev(pattern: str, doc: str) -> float:
    """A figure the docs print, found by ``pattern`` (one group)."""
    found = re.search(pattern, (ROOT / doc).read_text(encoding="utf-8"))
    assert found, f"{doc} no longer says {pattern!r}"
    return float(found.group(1))


CLASSIC_EV = (r"\$ wordyahtzee classic ev\n([0-9.]+)", "README.md")
WOORD_EV = (r"threshold 40 \(default\) \| \*\*([0-9.]+)\*\*", "docs/strategy.md")


def test_every_start_up_table_ships_and_nothing_else() -> None:
    wanted = set(shipped_files())
    present = {p.relative_to(SHIPPED_DIR).as_posix() for p in SHIPPED_DIR.rglob("*.npz")}
    assert wanted - present == set(), f"missing (a new version or key): {REBUILD}"
    assert present - wanted == set(), f"stale files: {REBUILD}"
    assert start_up_tables() == [("woord", "nl/nl/40"), ("woord", "nl/nl-balans/40"),
                                 ("woord", "en/en/40"), ("classic", "free"),
                                 ("classic", "forced")]


FRESH = """
import json, os, pathlib
from wordyahtzee.advisor.cache import stored_only
from wordyahtzee.advisor.coach import coach, start_up_tables
out = {}
with stored_only():  # NotStored, were any of them not shipped
    for mode, key in start_up_tables():
        helper = coach(mode)
        table, sample = helper.load_table(key), helper.load_sample(key)
        out[f"{mode}/{key}"] = [table.expected_score, sample.games]
cached = sorted(str(p) for p in pathlib.Path(os.environ["WORDYAHTZEE_CACHE_DIR"]).rglob("*.npz"))
print(json.dumps({"tables": out, "cached": cached}))
"""


def test_a_fresh_install_reads_every_start_up_table_and_computes_none(tmp_path: Path) -> None:
    """An empty cache folder: every start-up table and sample is read from the package
    (reading only: :func:`stored_only`), nothing is computed into the cache, and the
    default tables' expected scores are the docs'."""
    env = {**os.environ, "WORDYAHTZEE_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("WORDYAHTZEE_SHIPPED_TABLES", None)
    done = subprocess.run([sys.executable, "-c", FRESH], env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, f"{done.stderr[-2000:]}\n{REBUILD}"
    got = json.loads(done.stdout)
    assert got["cached"] == []
    from wordyahtzee.advisor.final_scores import CLASSIC_GAMES, WOORD_GAMES

    tables = got["tables"]
    assert set(tables) == {f"{mode}/{key}" for mode, key in start_up_tables()}
    assert f"{tables['classic/free'][0]:.6f}" == f"{docs_ev(*CLASSIC_EV):.6f}"
    assert f"{tables['woord/nl/nl/40'][0]:.6f}" == f"{docs_ev(*WOORD_EV):.6f}"
    assert all(games == (CLASSIC_GAMES if name.startswith("classic") else WOORD_GAMES)
               for name, (_, games) in tables.items())


def computed(mode: str, key: str) -> dict[str, dict[str, Any]]:
    """The arrays of the table ``key`` as the code computes them now, by file name."""
    if mode == "classic":
        from wordyahtzee.advisor.classic.coach import _table_rules
        from wordyahtzee.advisor.classic.strategy import ClassicStrategy, cache_path

        joker, upper_bonus_at = _table_rules(key)
        return {cache_path(joker, upper_bonus_at).name:
                {"values": ClassicStrategy.compute(joker, upper_bonus_at=upper_bonus_at).values}}
    from wordyahtzee.advisor.woord.score_table import load_score_table
    from wordyahtzee.advisor.woord.strategy import WoordStrategy, strategy_path

    dictionary, dice, threshold = key.split("/")
    scores = load_score_table(dictionary, dice, quiet=True, use_cache=False)
    strategy = WoordStrategy.compute(scores, int(threshold))
    files = [p.name for p in coach(mode).table_files(key)]  # type: ignore[union-attr]
    assert strategy_path(strategy.cache_key).name == files[1]
    return {files[0]: {"scores": scores.scores}, files[1]: {"values": strategy.values}}


@pytest.mark.slow
@pytest.mark.parametrize(("mode", "key"), start_up_tables(),
                         ids=[f"{m}-{k}" for m, k in start_up_tables()])
def test_the_shipped_tables_are_what_the_code_computes(mode: str, key: str) -> None:
    """Computed afresh (no cache, nothing shipped read): the same scores, and the same
    state values (to 1e-12: another processor's BLAS may round a sum's last bit)."""
    shipped = {p.name: p for p in SHIPPED_DIR.rglob("*.npz")}
    for name, arrays in computed(mode, key).items():
        assert name in shipped, REBUILD
        with np.load(shipped[name]) as data:
            for field, array in arrays.items():
                ours = data[field]
                assert ours.shape == array.shape and ours.dtype == array.dtype, REBUILD
                if array.dtype.kind == "f":
                    np.testing.assert_allclose(ours, array, rtol=1e-12, atol=1e-12,
                                               err_msg=REBUILD)
                else:
                    assert np.array_equal(ours, array), REBUILD


@pytest.mark.slow
@pytest.mark.parametrize(("mode", "key"), start_up_tables(),
                         ids=[f"{m}-{k}" for m, k in start_up_tables()])
def test_the_shipped_samples_hold_the_games_the_code_plays(mode: str, key: str) -> None:
    """A sample's games are independent of each other: its first games, played again now,
    are among its scores (the whole sample is what ``build_tables.py`` plays)."""
    helper = coach(mode)
    assert helper is not None
    with np.load(SHIPPED_DIR / helper.table_files(key)[-1].relative_to(cache_dir())) as data:
        scores = data["scores"]
    if mode == "classic":
        from wordyahtzee.advisor.final_scores import SEED

        again = helper.load_table(key).simulate(2000, SEED)
    else:
        from wordyahtzee.advisor.final_scores import SEED
        from wordyahtzee.advisor.woord.simulate import simulate_woord

        dictionary, dice, threshold = key.split("/")
        again = [sheet.total for sheet in simulate_woord(
            "optimal", 30, SEED, dictionary=dictionary, dice_set=dice,
            threshold=int(threshold)).sheets]
    have = dict(zip(*(a.tolist() for a in np.unique(scores, return_counts=True)), strict=True))
    need = zip(*(a.tolist() for a in np.unique(np.asarray(again), return_counts=True)),
               strict=True)
    assert all(have.get(score, 0) >= count for score, count in need), REBUILD


GAMES: dict[str, tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]] = {
    "classic": ({"joker": "forced"}, [("throw", {"keep": []})]),
    "woord": ({}, [("throw", {})]),
    "kaartspel": ({}, [("roll", {}), ("throw", {"keep": []})]),
    "triple": ({}, [("throw", {"keep": []})]),
}


def test_a_fresh_server_is_ready_at_once_and_tips_in_every_mode(tmp_path: Path) -> None:
    """``wordyahtzee serve`` on an empty cache folder, preparing every start-up table:
    ``/readyz`` answers 200 within the time a start takes (before, computing the tables
    took minutes), a Tip in every mode is ready at the first ask, and the cache folder
    holds no computed table."""
    keys = ",".join(key for _, key in start_up_tables())
    cache = tmp_path / "cache"
    server = Server(str(tmp_path / "games.sqlite3"), tmp_path, "fresh",
                    env={"WORDYAHTZEE_CACHE_DIR": str(cache),
                         "WORDYAHTZEE_DATA_DIR": str(tmp_path / "data"),
                         "WORDYAHTZEE_WARM": keys})
    try:
        end = time.monotonic() + 60
        while (status := server.call("GET", "/readyz")[0]) != 200 and time.monotonic() < end:
            time.sleep(0.2)
        assert status == 200, server.call("GET", "/readyz")[1]
        for mode, (rules, actions) in GAMES.items():
            status, made = server.call("POST", "/api/games", {
                "mode": mode, "kind": "solo" if mode != "kaartspel" else "hotseat",
                "players": ["Anna"] if mode != "kaartspel" else ["Anna", "Bram"],
                "rules": rules})
            assert status == 201, made
            gid, token = made["id"], made["links"][0]["token"]
            for action, body in actions:
                status, answer = server.call("POST", f"/api/games/{gid}/act/{action}", body,
                                             token)
                assert status == 200, (mode, action, answer)
            status, hint = server.call("GET", f"/api/games/{gid}/hint", None, token)
            assert status == 200 and hint["ready"] is not False and hint["options"], (mode,
                                                                                      hint)
    finally:
        server.stop()
    assert sorted(cache.rglob("*.npz")) == []
