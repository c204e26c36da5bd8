"""``wordyahtzee check`` on the shipped Dutch dictionary."""

from __future__ import annotations

import io
import json
import sys

import pytest

from wordyahtzee.cli import main

EVERYDAY = ["huis", "fiets", "liep", "mooiste", "fietsenstalling", "ruïne", "één", "geëerd",
            "café", "reünie", "ijs", "bijten", "weekend", "computer", "kussen", "en", "de",
            "Huis", "RUÏNE"]
NOT_WORDS = ["jan", "amsterdam", "rotterdam", "enz", "tv", "cd", "pc", "km", "bv", "nr", "the",
             "xqzt", "huiz", "fiest", "aaaaa", "ij-s", "huis2", "a.b", ""]


def check(capsys, *args, stdin=None):
    old = sys.stdin
    sys.stdin = io.StringIO(stdin or "")
    try:
        code = main(["check", *args])
    finally:
        sys.stdin = old
    return code, *capsys.readouterr()


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
