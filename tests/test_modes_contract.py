"""The mode registry's contract (:class:`wordyahtzee.modes.ModeModule`): every mode module
offers every hook the protocol declares, so no caller asks a mode whether it has one
(``hasattr``) or reads it as ``Any``."""

from __future__ import annotations

import ast
import inspect
import random
from pathlib import Path

import pytest

from wordyahtzee.errors import RecordError
from wordyahtzee.modes import MODES, ModeModule, Resources, get_mode

ROOT = Path(__file__).resolve().parents[1]
HOOKS = sorted(name for name, member in vars(ModeModule).items()
               if not name.startswith("_") and inspect.isfunction(member))


def test_the_protocol_declares_every_hook_a_caller_uses() -> None:
    assert {"needs", "game_from_record", "yahtzees_made", "preview", "view"} <= set(HOOKS)


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_offers_every_hook(mode: str) -> None:
    module = get_mode(mode)
    missing = [name for name in HOOKS if not callable(getattr(module, name, None))]
    assert missing == [], f"{mode} lacks {missing}"


@pytest.mark.parametrize("mode", MODES)
def test_the_defaults_behave_as_a_missing_hook_did(mode: str) -> None:
    module = get_mode(mode)
    wanted = module.needs({"rules": {}})
    assert (wanted is not None) == (mode == "woord")  # only Woord Yahtzee loads words
    assert isinstance(module.yahtzees_made({"boxes": {}, "yahtzee_bonus": 0}), int)


def test_a_mode_without_game_records_says_so() -> None:
    with pytest.raises(RecordError, match="checked and scored only"):
        get_mode("triple").game_from_record({"mode": "triple"},
                                            Resources(random.Random(0), lambda: 0.0))


def test_no_caller_probes_a_mode_for_a_hook() -> None:
    """No ``hasattr``/``getattr`` on a mode module and no ``Any``-typed one in the code
    that makes games (:mod:`wordyahtzee.games`)."""
    source = (ROOT / "wordyahtzee" / "games.py").read_text(encoding="utf-8")
    calls = [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)
             and isinstance(node.func, ast.Name) and node.func.id in ("hasattr", "getattr")]
    assert calls == []
    assert "Any = get_mode" not in source


def test_the_mined_modes_are_those_that_declare_puzzles() -> None:
    from wordyahtzee.puzzles import MINED_MODES

    assert sorted(MINED_MODES) == sorted(m for m in MODES
                                         if get_mode(m).puzzle_rules is not None)


@pytest.mark.parametrize("mode", [m for m in MODES if get_mode(m).puzzle_rules is not None])
def test_a_question_says_how_to_draw_it(mode: str) -> None:
    """The puzzle page draws a question from its ``screen`` (the mode's declaration), not
    from the mode's name."""
    from wordyahtzee.puzzles import proficiency

    rules = get_mode(mode).puzzle_rules
    assert rules is not None and rules.screen["board"] in ("sheet", "cards")
    question = proficiency.questions(mode)[0]
    assert question["screen"] == dict(rules.screen)
    if rules.screen["board"] == "sheet":
        assert {rules.screen["filled"], rules.screen["upper_at"]} <= set(question["position"])
