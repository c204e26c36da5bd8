"""``wordyahtzee solve``: text, JSON, the JSON-lines stream, ``--top`` and errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from wordyahtzee.modes.woord import BOXES
from wordyahtzee.solver import get_solver

from .support.cli import run_cli


def run(capsys, *args, stdin=""):
    return run_cli(capsys, ["solve", *args], stdin)


def test_text_is_one_line_per_box(capsys):
    code, out, err = run(capsys, "kusnatl")
    assert code == 0 and err == ""
    lines = [line.split("\t") for line in out.splitlines()]
    assert [parts[0] for parts in lines] == list(BOXES)
    boxes = {parts[0]: (int(parts[1]), parts[2].split()) for parts in lines}
    best = get_solver().solve("kusnatl")
    for box, result in best.boxes.items():
        assert boxes[box] == (result.score, list(result.words))
    assert boxes["letters_6"] == (15, ["klunst"])
    assert boxes["three_words"] == (0, [])


def test_text_top_lists_the_best_words(capsys):
    code, out, _ = run(capsys, "--top", "3", "kusnatl")
    lines = out.splitlines()
    assert code == 0 and len(lines) == len(BOXES) + 3
    assert lines[len(BOXES):] == ["klunst\t15", "kluts\t14", "klust\t14"]


def test_json_has_the_design_shape(capsys):
    code, out, _ = run(capsys, "--json", "Kus?atl")
    data = json.loads(out)
    assert code == 0 and set(data) == {"letters", "boxes", "words"}
    assert data["letters"] == "kus?atl"
    assert list(data["boxes"]) == list(BOXES)
    assert all(set(v) == {"score", "words"} for v in data["boxes"].values())
    assert data["boxes"]["woord_yahtzee"] == {"score": 50, "words": ["stuklas"]}
    words = data["words"]
    assert len(words) > 100 and words[0] == {"word": "stuklas", "score": 15}
    assert [w["score"] for w in words] == sorted((w["score"] for w in words), reverse=True)
    code, out, _ = run(capsys, "--json", "--top", "2", "kus?atl")
    assert json.loads(out)["words"] == words[:2]
    code, out, _ = run(capsys, "--json", "--top", "0", "kus?atl")
    assert json.loads(out)["words"] == [] and json.loads(out)["boxes"] == data["boxes"]


def test_stream_reads_one_throw_a_line_and_survives_bad_lines(capsys):
    stdin = "kusnatl\n\n  kussent  \nkusna\nkus#atl\nKUSNATL\n"
    code, out, err = run(capsys, "--top", "1", "-", stdin=stdin)
    assert code == 0 and err == ""
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["letters"] for r in rows] == ["kusnatl", "kussent", "kusna", "kus#atl",
                                            "kusnatl"]
    assert rows[0] == rows[4] and rows[0]["words"] == [{"word": "klunst", "score": 15}]
    assert rows[1]["boxes"]["letters_6"]["words"] == ["kussen"]
    for bad in rows[2:4]:
        assert set(bad) == {"letters", "error"} and bad["error"]["code"] == "bad_rack"
    assert "7 faces, not 5" in rows[2]["error"]["message"]


def test_stream_of_thousands_in_one_process(capsys):
    stdin = "kusnatl\nkussent\naenrst?\n" * 1000
    code, out, _ = run(capsys, "--top", "0", "-", stdin=stdin)
    assert code == 0 and len(out.splitlines()) == 3000


@pytest.mark.parametrize("args, message", [
    (["kusnat"], "a throw shows 7 faces, not 6"),
    (["kusnatlx"], "not 8"),
    (["kus1atl"], "'1' is not a letter"),
    (["--dict", "zz", "kusnatl"], "unknown dictionary 'zz'"),
    (["--dice-set", "zz", "kusnatl"], "unknown dice set 'zz'"),
    (["--top", "-1", "kusnatl"], "--top"),
])
def test_errors_are_one_line_and_exit_2(capsys, args, message):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and err.startswith("wordyahtzee: error:")


def test_the_console_script():
    done = subprocess.run([sys.executable, "-m", "wordyahtzee", "solve", "--json", "kussent"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["boxes"]["two_words"]["score"] == 15


@pytest.mark.parametrize("letters, letter", [("yoghurt", "'y'"), ("quizmes", "'q'"),
                                             ("taxis??", "'x'")])
def test_a_letter_no_die_shows_is_one_line_and_exit_2(capsys, letters, letter):
    code, out, err = run(capsys, letters)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("wordyahtzee: error:")
    assert f"the letter {letter}" in err and "dice set 'nl'" in err


def test_the_stream_names_the_letter_not_on_dice(capsys):
    code, out, _ = run(capsys, "-", stdin="yoghurt\nkusnatl\n")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and rows[0]["error"]["code"] == "letter_not_on_dice"
    assert rows[1]["boxes"]["letters_6"]["words"] == ["klunst"]


def test_an_english_dictionary_brings_english_dice(capsys):
    """y is on the English dice, not on the Dutch ones: --dict en alone plays English dice."""
    code, out, err = run(capsys, "--dict", "en", "--json", "yoghurt")
    assert code == 0, err
    assert json.loads(out)["boxes"]["woord_yahtzee"]["score"] == 50
    code, _, err = run(capsys, "--dict", "en", "--dice-set", "nl", "yoghurt")
    assert code == 2 and "dice set 'nl'" in err
