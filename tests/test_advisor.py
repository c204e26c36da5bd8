"""The optimal classic advisor, checked against the independent solver ``yatzy-solver``
(its ``american`` variant is our ``free`` joker, ``american+forced-joker`` our ``forced``),
the published optima, and simulation; plus the strategy cache and the computer players."""

from __future__ import annotations

import io
import random
import statistics
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import yatzy_solver as ys
from hypothesis import given, settings
from hypothesis import strategies as st

from wordyahtzee.advisor.classic import strategy as strategy_module
from wordyahtzee.advisor.classic.players import (
    LEVELS,
    BeginnerPlayer,
    GreedyPlayer,
    Move,
    OptimalPlayer,
    computer_player,
    play_turn,
    position_of,
)
from wordyahtzee.advisor.classic.strategy import (
    ClassicStrategy,
    Position,
    cache_path,
    load_strategy,
)
from wordyahtzee.advisor.classic.tables import _reachable_uppers
from wordyahtzee.cli import main
from wordyahtzee.errors import RuleError
from wordyahtzee.modes.classic import BOXES, UPPER_BOXES, ClassicGame, ClassicRules

READINGS = ("free", "forced")
ORACLE_VARIANT = {"free": "american", "forced": "american+forced-joker"}
#: Published optima (docs/classic.md): Verhoeff 1999 / Glenn 2006 for the free joker, the
#: yatzy-solver rules documentation for the forced joker.
PUBLISHED = {"free": 254.5896, "forced": 254.5877}


@pytest.fixture(scope="module")
def strategies(strategy_tables: None) -> dict[str, ClassicStrategy]:
    """Both tables, computed in this test session (its cache folder starts empty)."""
    return {j: load_strategy(j, quiet=True) for j in READINGS}


@pytest.fixture(scope="module")
def oracles() -> dict[str, Any]:
    return {j: ys.Solver.build(ys.Variant(ORACLE_VARIANT[j])) for j in READINGS}


def random_position(rng: random.Random, with_dice: bool = True) -> Position:
    while True:
        p = rng.random()
        filled = frozenset(b for b in BOXES if rng.random() < p)
        if len(filled) < len(BOXES):
            break
    upper = sum((i + 1) * rng.randint(0, 5) for i, b in enumerate(UPPER_BOXES) if b in filled)
    ybox = rng.choice([0, 50]) if "yahtzee" in filled else None
    if not with_dice:
        return Position(filled, upper, ybox)
    dice: tuple[int, ...]
    if rng.random() < 0.3:
        dice = (rng.randint(1, 6),) * 5
    else:
        dice = tuple(rng.randint(1, 6) for _ in range(5))
    return Position(filled, upper, ybox, dice, rng.randint(1, 3))


def oracle_options(oracle: Any, positions: list[Position]) -> list[dict[int, float]]:
    codes, values, counts = oracle.option_values_batch(
        np.array([p.mask for p in positions], dtype=np.uint32),
        np.array([p.upper_total for p in positions], dtype=np.uint16),
        np.array([p.armed == 1 for p in positions]),
        np.array([sorted(p.dice or ()) for p in positions], dtype=np.uint8),
        np.array([3 - p.throws for p in positions], dtype=np.uint8))
    return [{int(c): float(v) for c, v in zip(codes[i, :n], values[i, :n], strict=True)}
            for i, n in enumerate(counts)]


def keyed(options: list[Any]) -> dict[int, float]:
    """Our options under the oracle's action codes: boxes 0..12, keeps 13 + multiset index
    (multisets of 0..4 dice by size, then lexicographically)."""
    index = strategy_module._multisets().index
    return {(BOXES.index(o.box) if o.kind == "box" else len(BOXES) + index[o.keep]): o.value
            for o in options}


# ------------------------------------------------------------------------------------------
# Expected values and agreement with the oracle


@pytest.mark.parametrize("joker", READINGS)
def test_expected_score_is_the_published_optimum(strategies: dict[str, ClassicStrategy],
                                                 oracles: dict[str, Any], joker: str) -> None:
    ev = strategies[joker].expected_score
    assert round(ev, 4) == PUBLISHED[joker]
    assert ev == pytest.approx(oracles[joker].state_value("upper 0 | filled -"), abs=1e-9)


@pytest.mark.parametrize("joker", READINGS)
def test_every_state_value_matches_the_oracle(strategies: dict[str, ClassicStrategy],
                                              oracles: dict[str, Any], joker: str) -> None:
    reach = _reachable_uppers()
    masks, uppers, armed = [], [], []
    for mask in range(1 << len(BOXES)):
        ups = reach[mask & 63]
        for arm in ((0, 1) if mask >> BOXES.index("yahtzee") & 1 else (0,)):
            masks.append(np.full(len(ups), mask))
            uppers.append(ups)
            armed.append(np.full(len(ups), arm))
    m, u, a = np.concatenate(masks), np.concatenate(uppers), np.concatenate(armed)
    theirs = oracles[joker].state_values(m.astype(np.uint32), u.astype(np.uint16),
                                         a.astype(bool))
    ours = strategies[joker].values[m, u, a]
    assert len(ours) > 500_000
    assert np.abs(ours - theirs).max() < 1e-6


@pytest.mark.parametrize("joker", READINGS)
def test_option_values_match_the_oracle(strategies: dict[str, ClassicStrategy],
                                        oracles: dict[str, Any], joker: str) -> None:
    rng = random.Random(2024)
    positions = [random_position(rng) for _ in range(1500)]
    for pos, theirs in zip(positions, oracle_options(oracles[joker], positions), strict=True):
        ours = keyed(strategies[joker].options(pos))
        assert set(ours) == set(theirs), pos
        assert max(abs(ours[k] - theirs[k]) for k in theirs) < 1e-6, pos


@st.composite
def positions(draw: st.DrawFn) -> Position:
    return random_position(random.Random(draw(st.integers(0, 2**32 - 1))))


@settings(max_examples=150, deadline=None)
@given(positions(), st.sampled_from(READINGS))
def test_advice_is_never_worse_than_any_legal_alternative(
        strategies: dict[str, ClassicStrategy], oracles: dict[str, Any], pos: Position,
        joker: str) -> None:
    advice = strategies[joker].advise(pos)
    (theirs,) = oracle_options(oracles[joker], [pos])
    best = keyed([advice.best])
    (code, value), = best.items()
    assert code in theirs, "the advised move is legal"
    assert all(value >= v - 1e-6 for v in theirs.values())
    assert all(advice.best.value >= o.value for o in advice.options)


@pytest.mark.parametrize("joker", READINGS)
def test_simulated_average_within_sampling_error(strategies: dict[str, ClassicStrategy],
                                                 joker: str) -> None:
    strategy = strategies[joker]
    scores = strategy.simulate(10_000, seed=7)
    se = scores.std() / np.sqrt(len(scores))
    assert abs(scores.mean() - strategy.expected_score) < 4 * se
    assert scores.min() >= 0


# ------------------------------------------------------------------------------------------
# Queries


def test_advice_api(strategies: dict[str, ClassicStrategy]) -> None:
    strategy = strategies["free"]
    pos = Position(frozenset(), dice=(6, 6, 6, 2, 1), throws=1)
    advice = strategy.advise(pos)
    assert advice.best.kind == "keep" and advice.best.keep == (6, 6, 6)
    assert advice.best.keep_indices(pos.dice or ()) == [0, 1, 2]
    kinds = {o.kind for o in advice.options}
    assert kinds == {"keep", "box"}
    assert len([o for o in advice.options if o.kind == "box"]) == 13
    json_ = advice.to_json()
    assert json_[0]["keep"] == [6, 6, 6] and json_[0]["value"] == advice.best.value
    last = strategy.advise(Position(frozenset(), dice=(6, 6, 6, 6, 6), throws=3))
    assert {o.kind for o in last.options} == {"box"} and last.best.box == "yahtzee"
    assert last.best.points == 50
    assert strategy.state_value([]) == strategy.expected_score
    assert strategy.state_value(BOXES[:-1], 63, 50) > 0
    with pytest.raises(RuleError):
        Position(frozenset({"yahtzee"}))
    with pytest.raises(RuleError):
        Position(frozenset(), dice=(1, 2, 3), throws=1)
    with pytest.raises(RuleError):
        strategy.options(Position(frozenset()))


def test_advice_reports_bonus_points(strategies: dict[str, ClassicStrategy]) -> None:
    pos = Position(frozenset({"yahtzee", "threes"}), 9, 50, (3, 3, 3, 3, 3), 3)
    boxes = {o.box: o.points for o in strategies["free"].advise(pos).options}
    assert boxes["large_straight"] == 140 and boxes["ones"] == 100
    forced = {o.box for o in strategies["forced"].advise(pos).options}
    assert "ones" not in forced and "large_straight" in forced


# ------------------------------------------------------------------------------------------
# The cache


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_cache_compute_save_load_and_corrupt(strategies: dict[str, ClassicStrategy],
                                             tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORDYAHTZEE_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("WORDYAHTZEE_SHIPPED_TABLES", "0")  # computed, not read from the package
    calls: list[str] = []

    def fake_compute(joker: str = "free", progress: Any = None,
                     upper_bonus_at: int = 63) -> ClassicStrategy:
        calls.append(joker)
        if progress:
            progress(0, 10)
            progress(10, 10)
        return ClassicStrategy(joker, strategies[joker].values.copy())

    monkeypatch.setattr(ClassicStrategy, "compute", staticmethod(fake_compute))
    out = Terminal()
    first = load_strategy("forced", out=out)
    assert calls == ["forced"] and "100%" in out.getvalue()
    path = cache_path("forced")
    assert path.parent == tmp_path and path.exists()
    monkeypatch.setattr(strategy_module, "_LOADED", {})
    second = load_strategy("forced", out=out)
    assert calls == ["forced"], "loaded from the cache, not recomputed"
    assert np.array_equal(first.values, second.values)
    with pytest.raises(ValueError, match="not 'free'"):
        ClassicStrategy.load(path, "free")

    path.write_bytes(path.read_bytes()[:1000])
    monkeypatch.setattr(strategy_module, "_LOADED", {})
    out = io.StringIO()
    third = load_strategy("forced", out=out)
    assert calls == ["forced", "forced"]
    assert "is corrupt" in out.getvalue() and "recomputing" in out.getvalue()
    assert np.array_equal(ClassicStrategy.load(path, "forced").values, third.values)

    data = dict(np.load(path))
    data["values"] = data["values"] + 1.0  # content no longer matches its checksum
    with open(path, "wb") as fh:
        np.savez(fh, **data)
    with pytest.raises(ValueError, match="checksum"):
        ClassicStrategy.load(path, "forced")


@pytest.mark.parametrize(("joker", "expected"), [("free", "254.5896"), ("forced", "254.5877")])
def test_cli_classic_ev(strategies: dict[str, ClassicStrategy], tmp_path: Path,
                        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                        joker: str, expected: str) -> None:
    monkeypatch.setenv("WORDYAHTZEE_CACHE_DIR", str(tmp_path))
    strategies[joker].save(cache_path(joker))
    assert main(["classic", "ev", "--joker", joker]) == 0
    printed = capsys.readouterr().out.strip()
    assert printed.startswith(expected) and len(printed.split(".")[1]) >= 4


def test_unknown_reading() -> None:
    with pytest.raises(RuleError):
        load_strategy("wild")
    with pytest.raises(RuleError):
        computer_player("grandmaster")


# ------------------------------------------------------------------------------------------
# Computer players


def test_optimal_player_plays_the_advice(strategies: dict[str, ClassicStrategy]) -> None:
    player = OptimalPlayer(strategies["forced"])
    game = ClassicGame(["Robot", "Anna"], ClassicRules("forced"), random.Random(5))
    assert player.decide(game) == Move("throw")
    game.throw()
    move = player.decide(game)
    best = strategies["forced"].advise(position_of(game)).best
    if best.kind == "box":
        assert move == Move("box", box=best.box)
    else:
        assert move.kind == "throw"
        dice = game.dice or ()
        assert sorted(dice[i] for i in move.keep) == list(best.keep)
    with pytest.raises(RuleError, match="game's forced and 63"):
        OptimalPlayer(strategies["free"]).decide(game)


def test_players_play_whole_games(strategies: dict[str, ClassicStrategy]) -> None:
    results: dict[str, list[int]] = {level: [] for level in LEVELS}
    for seed in range(25):
        seats = {"optimal": OptimalPlayer(strategies["free"]), "greedy": GreedyPlayer(),
                 "beginner": BeginnerPlayer()}
        game = ClassicGame(list(seats), rng=random.Random(seed))
        while not game.is_over:
            player = game.current_player
            assert player is not None
            moves = play_turn(game, seats[player])
            assert moves[0] == Move("throw") and moves[-1].kind == "box"
            assert len(moves) <= 4
        for name in seats:
            results[name].append(game.sheet(name).total)
        replayed = ClassicGame.from_json(game.to_json())
        assert replayed.result() == game.result()
    means = {k: statistics.mean(v) for k, v in results.items()}
    assert means["optimal"] > means["beginner"]
    assert means["greedy"] > means["beginner"]


def test_computer_player_factory(strategies: dict[str, ClassicStrategy], tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORDYAHTZEE_CACHE_DIR", str(tmp_path))
    strategies["free"].save(cache_path("free"))
    player = computer_player("optimal", ClassicRules("free"))
    assert isinstance(player, OptimalPlayer) and player.level == "optimal"
    assert computer_player("greedy").level == "greedy"
    assert computer_player("beginner").level == "beginner"
