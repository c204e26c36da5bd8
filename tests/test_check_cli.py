"""``wordyahtzee check`` on the shipped Dutch dictionary."""

from __future__ import annotations

import json

import pytest

from .cli_helpers import run_cli

EVERYDAY = ["huis", "fiets", "liep", "mooiste", "fietsenstalling", "ruïne", "één", "geëerd",
            "café", "reünie", "ijs", "bijten", "weekend", "computer", "kussen", "en", "de",
            "Huis", "RUÏNE"]
NOT_WORDS = ["jan", "amsterdam", "rotterdam", "enz", "tv", "cd", "pc", "km", "bv", "nr", "the",
             "xqzt", "huiz", "fiest", "aaaaa", "ij-s", "huis2", "a.b", ""]


def check(capsys, *args, stdin=""):
    return run_cli(capsys, ["check", *args], stdin)


@pytest.mark.parametrize("word", EVERYDAY)
def test_everyday_dutch_words_are_accepted(capsys, word):
    code, out, _ = check(capsys, word)
    assert code == 0 and out == f"{word}\tyes\n"


@pytest.mark.parametrize("word", [w for w in NOT_WORDS if w])
def test_names_places_abbreviations_foreign_and_nonsense_are_refused(capsys, word):
    code, out, _ = check(capsys, word)
    assert code == 0 and out == f"{word}\tno\n"


def test_json_and_stdin(capsys):
    code, out, _ = check(capsys, "--json", "-", stdin="huis\nxqzt\n\n")
    assert code == 0
    assert json.loads(out) == [{"word": "huis", "valid": True}, {"word": "xqzt", "valid": False}]


def test_unknown_dictionary_is_one_line_and_exit_2(capsys):
    code, out, err = check(capsys, "--dict", "klingon", "huis")
    assert code == 2 and out == "" and "unknown dictionary 'klingon'" in err
    assert err.count("\n") == 1


def test_no_words_is_exit_2(capsys):
    code, _, err = check(capsys)
    assert code == 2 and "give one or more words" in err
