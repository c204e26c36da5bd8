"""``wordyahtzee woord ev|simulate``, the computer players and advice on a live game."""

from __future__ import annotations

import json
import random

import pytest

from wordyahtzee.advisor.woord.players import dice_for_words, play_woord_turn
from wordyahtzee.advisor.woord.simulate import simulate_woord, woord_player
from wordyahtzee.advisor.woord.strategy import load_woord_strategy
from wordyahtzee.games import new_game
from wordyahtzee.modes.woord import ROUND_BOXES, Claim, WoordGame
from wordyahtzee.solver import get_solver

from .support.cli import run_cli


@pytest.mark.usefixtures("strategy_tables")
def test_ev_prints_one_number(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, ["woord", "ev"])
    assert code == 0
    text = out.strip()
    assert len(text.split()) == 1 and len(text.split(".")[1]) >= 4
    assert float(text) == pytest.approx(load_woord_strategy(quiet=True).expected_score,
                                        abs=1e-6)


@pytest.mark.usefixtures("strategy_tables")
@pytest.mark.parametrize("player", ["greedy", "beginner", "optimal"])
def test_simulate_json_is_deterministic(capsys: pytest.CaptureFixture[str],
                                        player: str) -> None:
    args = ["woord", "simulate", "--player", player, "--games", "12", "--seed", "4",
            "--json"]
    code, out, _ = run_cli(capsys, args)
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"player", "games", "mean", "stdev"}
    assert data["player"] == player and data["games"] == 12
    assert isinstance(data["mean"], float) and data["stdev"] >= 0
    assert run_cli(capsys, args)[1] == out
    other = run_cli(capsys, [*args[:-2], "5", "--json"])[1]
    assert other != out


def test_simulate_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, ["woord", "simulate", "--player", "greedy",
                                    "--games", "5", "--seed", "1"])
    assert code == 0
    assert "mean" in out and "stdev" in out and "bonus" in out


@pytest.mark.parametrize("args", [
    ["woord", "ev", "--dict", "no-such-dictionary"],
    ["woord", "ev", "--dice-set", "no-such-dice"],
    ["woord", "ev", "--threshold", "-3"],
    ["woord", "simulate", "--games", "0"],
    ["woord", "simulate", "--games", "2", "--dict", "no-such-dictionary"],
])
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                          args: list[str]) -> None:
    code, out, err = run_cli(capsys, args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("wordyahtzee: error:")


def test_dice_for_words_prefers_real_dice() -> None:
    assert dice_for_words("kat?sel", ["kas"]) == (0, 1, 4)
    assert dice_for_words("ka??sel", ["kat"]) == (0, 1, 2)
    assert dice_for_words("kat?sel", []) == ()


@pytest.mark.usefixtures("strategy_tables")
def test_advice_on_a_live_game_and_players_finish_games() -> None:
    strategy = load_woord_strategy(quiet=True)
    game = new_game("woord", ["solo"], {"turn_seconds": None}, rng=random.Random(8))
    assert isinstance(game, WoordGame)
    solver = get_solver(game.lexicon, game.dice_set, game.rules)
    game.throw()
    options = strategy.advise_game(game, solver)
    assert options[0].ev == max(o.ev for o in options)
    assert options[0].ev == pytest.approx(strategy.expected_score, abs=200)
    assert {o.kind for o in options} == {"keep", "claim"}
    assert all(len(o.dice) < 7 for o in options if o.kind == "keep")
    claim = next(o for o in options if o.kind == "claim" and o.box == "letters_2")
    assert game.evaluate(Claim("letters_2", claim.words)) == claim.points
    player = woord_player("optimal", solver, strategy=strategy)
    play_woord_turn(game, player)
    assert game.turn.round == 2
    for level in ("greedy", "beginner"):
        sim = simulate_woord(level, 3, seed=2)
        assert len(sim.sheets) == 3 and all(len(r) == 8 for r in sim.round_points)
        assert [sum(r) for r in sim.round_points] == [s.total for s in sim.sheets]


@pytest.mark.usefixtures("strategy_tables")
def test_free_order_players_finish_legal_games() -> None:
    for level in ("optimal", "greedy", "beginner"):
        sim = simulate_woord(level, 2, seed=3, free_order=True)
        for sheet in sim.sheets:
            assert all(sheet.boxes[b] is not None for b in ROUND_BOXES)
        assert [sum(r) for r in sim.round_points] == [s.total for s in sim.sheets]
