"""``wordyahtzee replay`` on Woord Yahtzee records: legal ones score right, illegal ones
exit 2 with one line naming the turn and the reason."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .support.cli import run_cli
from .support.woord import SCRABBLE_NL

ANY_DICE = {"name": "any", "dice": [[["?", 0]] + [[c, v] for c, v in SCRABBLE_NL.items()]]
            + [[[c, v] for c, v in SCRABBLE_NL.items()] for _ in range(6)]}
FILLER = "bcdfghk"


def record(turns, players=("Anna",), rules=None, dice_set=ANY_DICE):
    return {"mode": "woord", "rules": rules or {}, "dictionary": "nl",
            "dice_set": dice_set, "players": list(players), "turns": turns}


def turn(box, words=(), throws=(FILLER,), player="Anna", **extra):
    claim = {"box": box, "words": list(words)}
    if "zero_box" in extra:
        claim["zero_box"] = extra.pop("zero_box")
    return {"player": player, "throws": list(throws), "claim": claim, **extra}


def run(capsys, data, text=None):
    code, out, err = run_cli(capsys, ["replay", "-"],
                             text if text is not None else json.dumps(data))
    return code, (json.loads(out) if code == 0 else None), err


def full_game():
    return [
        turn("letters_2", ["en"], ["kusnatl", "kenbrst"]),
        turn("letters_3", ["kat"], ["katbcdf"]),
        turn("consonants", [], ["bcdfgh?"]),
        turn("letters_5", ["fiets"], ["fietsbc"]),
        turn("woord_yahtzee", ["fietsen"], ["bcdfghk", "bcdfghk", "fietsen"]),
        turn("one_word", ["kussen"], ["kussenb"]),
        turn("two_words", ["kat", "en"], ["katenbo"]),
        turn("woord_yahtzee", ["fietsen"], ["fietsen"]),
    ]


def test_full_game_scores_exactly(capsys):
    code, out, _ = run(capsys, record(full_game()))
    assert code == 0
    anna = out["players"][0]
    boxes = anna["boxes"]
    assert boxes["letters_2"] == 2 and boxes["letters_3"] == 6 and boxes["letters_4"] == 0
    assert boxes["consonants"] == 25 and boxes["letters_5"] == 10
    assert boxes["woord_yahtzee"] == 50 and boxes["letters_6"] == 0
    assert boxes["one_word"] == 13 and boxes["two_words"] == 8
    assert boxes["three_words"] == 0 and anna["yahtzee_bonus"] == 100
    assert anna["upper_bonus"] == 0
    assert anna["total"] == 2 + 6 + 10 + 25 + 50 + 13 + 8 + 100
    assert out["winners"] == ["Anna"]


def test_shipped_dice_set_and_design_example(capsys):
    turns = [turn("letters_2", ["en"], ["kusnatl", "kussent"])]
    code, out, _ = run(capsys, record(turns, dice_set="nl"))
    assert code == 0 and out["players"][0]["boxes"]["letters_2"] == 2


def test_seconds_over_the_limit_score_zero(capsys):
    turns = [turn("letters_2", ["en"], ["kenbrst"], seconds=60.5)]
    code, out, _ = run(capsys, record(turns))
    assert code == 0 and out["players"][0]["total"] == 0
    turns = [turn("letters_2", ["en"], ["kenbrst"], seconds=90)]
    code, out, _ = run(capsys, record(turns, rules={"turn_seconds": None}))
    assert out["players"][0]["total"] == 2


def test_free_order_and_bonus_threshold(capsys):
    rules = {"free_order": True, "upper_bonus_threshold": 45}  # a record of the old name
    turns = [turn("letters_6", ["kussen"], ["kussenb"]),                # 13
             turn("vowels", [], ["aeiouea"], zero_box="three_words"),
             turn("letters_5", ["fiets"], ["fietsbc"]),                # 10
             turn("letters_4", ["boom"], ["boombcd"]),                    # 8
             turn("letters_3", ["kat"], ["katbcdf"]),                  # 6
             turn("letters_2", ["ze"], ["zebcdfg"])]                   # 5
    code, out, _ = run(capsys, record(turns, rules=rules))
    anna = out["players"][0]
    assert code == 0 and anna["boxes"]["vowels"] == 25 and anna["boxes"]["three_words"] == 0
    assert anna["upper_bonus"] == 0  # 40 < 45
    code, out, _ = run(capsys, record(turns, rules={"free_order": True}))
    assert out["players"][0]["upper_bonus"] == 35


def test_two_players_and_a_tie(capsys):
    turns = []
    for _ in range(8):
        for who in ("Anna", "Bram"):
            turns.append(turn(None, player=who))
    from wordyahtzee.modes.woord import ROUND_BOXES

    for i, t in enumerate(turns):
        t["claim"]["box"] = ROUND_BOXES[i // 2]
    code, out, _ = run(capsys, record(turns, players=("Anna", "Bram")))
    assert code == 0 and out["winners"] == ["Anna", "Bram"]


ILLEGAL = [
    ([turn("letters_2", ["en"], ["xxxxxxx"])], "nl", "turn 1 (Anna): throw 1"),
    ([turn("letters_2", ["en"], ["kenbrs"])], None, "turn 1 (Anna): throw 1"),
    ([turn("letters_2", ["qz"], ["qzbcdfg"])], None,
     "turn 1 (Anna): 'qz' is not in the dictionary"),
    ([turn("letters_3", ["kat"], ["kbcdfgh"])], None,
     "turn 1 (Anna): box 'letters_3' is out of turn"),
    ([turn("letters_2", ["en"], ["bcdfgen"]), turn("letters_3", ["kat"], ["kbcdfgh"])], None,
     "turn 2 (Anna): 'kat' cannot be formed"),
    ([turn("consonants", [], [FILLER] * 3)], None, "turn 1 (Anna): 'consonants' may only"),
    ([turn("chance", ["kat"], ["katbcdf"] * 3)], None, "turn 1 (Anna): 'chance' may only"),
    ([turn("letters_2", [], [FILLER] * 4)], None, "turn 1 (Anna): 'throws' must list 1 to 3"),
    ([turn("letters_2", [], [FILLER], player="Bram")], None, "turn 1 (Bram): it is Anna's turn"),
    ([turn("consonants", [], [FILLER]), turn("consonants", [], [FILLER])], None,
     "turn 2 (Anna): box 'consonants' is already filled"),
    ([turn("vowels", [], [FILLER])], None, "turn 1 (Anna): the dice 'bcdfghk' are not all vowels"),
    ([turn("woord_yahtzee", ["fiets"], ["fietsen"])], None, "turn 1 (Anna): 'woord_yahtzee' takes"),
    ([turn("letters_2", [], [FILLER], seconds="soon")], None, "turn 1 (Anna): seconds must"),
    ([turn("letters_2", [], [FILLER], seconds=float("nan"))], None, "turn 1 (Anna): seconds must"),
    ([{"player": "Anna", "throws": [FILLER]}], None, "turn 1 (Anna): 'claim' must be"),
    (["nonsense"], None, "turn 1: a turn must be a JSON object"),
    ([turn("letters_9", [], [FILLER])], None, "turn 1 (Anna): unknown box 'letters_9'"),
]


@pytest.mark.parametrize("turns, dice, message", ILLEGAL)
def test_illegal_records_exit_2_with_one_line(capsys, turns, dice, message):
    code, _, err = run(capsys, record(turns, dice_set=dice or ANY_DICE))
    assert code == 2
    assert err.count("\n") == 1
    assert message in err, err


def test_a_ninth_round_is_refused(capsys):
    turns = [turn(b) for b in ("letters_2", "letters_3", "letters_4", "letters_5", "letters_6",
                               "one_word", "two_words", "three_words", "letters_2")]
    code, _, err = run(capsys, record(turns))
    assert code == 2 and "turn 9 (Anna): the game is over" in err


@pytest.mark.parametrize("text, message", [
    ("{not json", "malformed JSON"),
    ("[1, 2]", "must be a JSON object"),
    (json.dumps({"mode": "chess"}), "unknown mode 'chess'"),
    (json.dumps({"mode": "woord", "players": [], "turns": []}), "players"),
    (json.dumps({"mode": "woord", "players": ["A"], "turns": {}}), "'turns' must be a list"),
    (json.dumps({"mode": "woord", "players": ["A"], "turns": [], "dice_set": "xx"}),
     "unknown dice set 'xx'"),
    (json.dumps({"mode": "woord", "players": ["A"], "turns": [], "dictionary": "../etc"}),
     "bad dictionary name"),
    (json.dumps({"mode": "woord", "players": ["A"], "turns": [],
                 "dice_set": {"dice": [[["ab", 1]]]}}), "single letter"),
])
def test_malformed_records(capsys, text, message):
    code, _, err = run(capsys, None, text)
    assert code == 2 and message in err and err.count("\n") == 1


def test_replay_from_a_file_through_the_real_command(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record(full_game())), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "wordyahtzee", "replay", str(path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["players"][0]["total"] == 214
    missing = subprocess.run([sys.executable, "-m", "wordyahtzee", "replay",
                              str(tmp_path / "nope.json")], capture_output=True, text=True,
                             check=False)
    assert missing.returncode == 2 and missing.stderr.startswith("wordyahtzee: error: no such")
