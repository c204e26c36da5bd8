"""``wordyahtzee check`` on the shipped Dutch dictionary."""

from __future__ import annotations

import json

import pytest

from wordyahtzee.cli import build_parser, plain_check

from .support.cli import run_cli

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


ISSUE_WORDS = ["vin", "calorie", "queue", "cadre", "amant", "riposte", "danseur", "gremium",
               "crime", "prime", "jeu", "baguette", "liquide", "dalles", "fut", "decade",
               "recherche", "surveillance", "excellent", "attitude", "dal", "proper"]


@pytest.mark.parametrize("word", ISSUE_WORDS)
def test_everyday_loans_players_know_are_accepted(capsys, word):
    code, out, _ = check(capsys, word)
    assert code == 0 and out == f"{word}\tyes\n"


@pytest.mark.parametrize(("dictionary", "word", "valid", "why"), [
    ("nl", "calorie", "yes", "a reviewed entry of the OpenTaal word list"),
    ("nl", "kussens", "yes", "an unreviewed entry of the OpenTaal word list, a form of kussen"),
    ("nl", "okee", "yes", "added by the supplement (WNT"),
    ("nl", "ei", "yes", "the two-letter list: "),
    ("nl", "tjerk", "no", "first name"),
    ("nl", "charger", "no", "a foreign word (English only)"),
    ("nl", "tv", "no", "abbreviation ("),
    ("nl", "btw", "no", "abbreviation (belasting"),
    ("nl", "amsterdam", "no", "written only with a capital: Amsterdam"),
    ("nl", "xqzt", "no", "not in the word list"),
    ("nl-basis", "huis", "yes", "a reviewed entry of the OpenTaal word list"),
    ("nl-basis", "kut", "no", "a swear word or slur, kept out of the list for children"),
    ("nl-basis", "have", "no", "a foreign word (its usual reading in Dutch text is English)"),
    ("nl-basis", "afgrist", "no", "in nl, but rarer in running text"),
    ("en", "house", "yes", "in the word list"),
])
def test_why_says_where_a_word_comes_from_or_why_it_is_refused(capsys, dictionary, word,
                                                               valid, why):
    code, out, _ = check(capsys, "--why", "--dict", dictionary, word)
    fields = out.rstrip("\n").split("\t")
    assert code == 0 and fields[:2] == [word, valid] and fields[2].startswith(why), out


def test_why_offers_valid_words_one_edit_away(capsys):
    code, out, _ = check(capsys, "--why", "huiz", "tjerk", "huis")
    lines = [line.split("\t") for line in out.splitlines()]
    assert code == 0 and lines[0][3].startswith("nearby: ") and "huis" in lines[0][3]
    assert lines[1][3] == "nearby: twerk" and len(lines[2]) == 3
    code, out, _ = check(capsys, "--why", "--json", "huiz")
    why = json.loads(out)[0]["why"]
    assert why["source"] == "not_listed" and 1 <= len(why["nearby"]) <= 3
    assert all(w in ("huis", "huid", "huil", "hui") for w in why["nearby"][:1])


@pytest.mark.parametrize("word", ["a\x00b", "huis\x00", "\x00", "hu\x01is"])
def test_why_of_a_word_with_a_control_character_is_no_word(capsys, word):
    """A NUL read another entry's bytes from the reasons' trie (a traceback); a control
    character makes no word, in any list."""
    code, out, _ = check(capsys, "--why", "--json", "-", stdin=word + "\n")
    assert code == 0
    [answer] = json.loads(out)
    assert answer["valid"] is False and answer["why"]["source"] == "not_listed"


@pytest.mark.parametrize("argv", [["check", "huis"], ["check", "huis", "Ruïne", "a=b"]])
def test_plain_words_are_read_as_the_check_parser_reads_them(argv):
    quick = plain_check(argv)
    assert quick is not None and vars(quick) == vars(build_parser().parse_args(argv))


@pytest.mark.parametrize("argv", [["check"], ["check", "--json", "huis"], ["check", "-"],
                                  ["check", "huis", ""], ["solve", "huis"]])
def test_anything_but_plain_words_goes_through_argparse(argv):
    assert plain_check(argv) is None
