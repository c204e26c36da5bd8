"""What a command loads: ``wordyahtzee check`` the dictionary service and marisa-trie and
nothing else, ``solve`` and ``--help`` none of the web stack (docs/performance.md: the
command line's start-up; ``scripts/bench_cli.py`` times it). Modules, not milliseconds: a
test that times would fail on a busy machine, while a module imported by mistake costs the
same everywhere.

Each command runs in a fresh interpreter with ``-S``: ``site`` would run the start-up hooks
of the environment (``.pth`` files), and the editable install's imports ``re`` and
``pathlib`` before any of ours, which would hide them. Its modules are counted after
``import os``, which every start has loaded already."""

from __future__ import annotations

import os
import site
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

WEB_STACK = {"flask", "werkzeug", "jinja2", "gevent", "gunicorn", "psycopg", "psycopg_pool",
             "babel", "flask_babel", "flask_limiter", "prometheus_client", "pydantic",
             "spectree", "argon2", "wordfreq", "platformdirs"}
"""What serving needs and no command line tool of the dictionary does."""

CHECK_PATH = {"__future__", "wordyahtzee", "wordyahtzee.errors", "wordyahtzee.cli",
              "wordyahtzee.cli.words", "wordyahtzee.lexicon", "wordyahtzee.lexicon.registry",
              "wordyahtzee.lexicon.lexicon", "wordyahtzee.letters"}
"""Every module ``check WORD...`` may load besides marisa-trie's own: no json, re,
pathlib, typing, argparse, collections or mmap (each costs more than the look-up)."""


def loaded(*code: str) -> tuple[str, set[str]]:
    """What the statements ``code`` print, and the modules they load, in a fresh ``-S``
    interpreter that finds this checkout first and the environment's packages after it."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *site.getsitepackages()])}
    program = "\n".join([
        "import os, sys", "before = set(sys.modules)",
        *code, "sys.stdout.flush()",
        "print('\\0' + ' '.join(sorted(set(sys.modules) - before)))"])
    done = subprocess.run([sys.executable, "-S", "-P", "-c", program], capture_output=True,
                          text=True, check=True, cwd=ROOT, env=env)
    out, _, modules = done.stdout.rpartition("\0")
    return out, set(modules.split())


def command(*argv: str) -> tuple[str, set[str]]:
    """``wordyahtzee ARGV``: its output, and the modules it loaded (``--help`` exits
    through ``SystemExit``, as argparse ends it)."""
    return loaded("from wordyahtzee.cli import main", "try:",
                  f"    code = main({list(argv)!r})", "except SystemExit as exc:",
                  "    code = exc.code", "assert code == 0, code")


def test_check_loads_the_dictionary_service_and_marisa_trie_only() -> None:
    _, marisa = loaded("import marisa_trie")
    out, modules = command("check", "huis", "Huis", "tv")
    assert out == "huis\tyes\nHuis\tyes\ntv\tno\n"
    assert "marisa_trie" in modules
    assert sorted(modules - marisa - CHECK_PATH) == []


def test_check_maps_the_words_trie_and_nothing_else_of_the_dictionary() -> None:
    """The shipped dictionary opens lazily: its metadata (JSON) and the anagram arrays
    (mmap) wait for a look-up that needs them, which then finds them whole."""
    out, _ = loaded(
        "from wordyahtzee.lexicon.registry import load_lexicon",
        "lexicon = load_lexicon('nl')",
        "print(lexicon.is_valid('huis'), sorted(vars(lexicon)),",
        "      [m for m in ('json', 'mmap') if m in sys.modules])",
        "print(lexicon.anagrams('shiu'), lexicon.info.name, sorted(vars(lexicon)))")
    first, second = out.splitlines()
    assert first == "True ['_folder', '_words'] []"
    assert second == ("['huis'] nl ['_alphagrams', '_folder', '_groups', '_members', "
                      "'_words', '_zipf', 'info']")


@pytest.mark.parametrize("argv", [["solve", "kusnatl"], ["--help"], ["check", "--help"]])
def test_the_other_commands_load_no_web_stack(argv: list[str]) -> None:
    out, modules = command(*argv)
    assert out
    ours = {m for m in modules if m == "web" or m.startswith((
        "web.", "wordyahtzee.web", "wordyahtzee.store", "wordyahtzee.tables"))}
    assert sorted(ours | (WEB_STACK & modules)) == []
    if argv[0] != "solve":  # a parser needs no strategy, solver or rules of a game
        heavy = {m for m in modules if m == "numpy" or (m.startswith((
            "wordyahtzee.solver", "wordyahtzee.modes", "wordyahtzee.advisor.",
            *FEATURES)) and m not in PARSING)}
        assert sorted(heavy) == []


FEATURES = tuple(f"wordyahtzee.{name}." for name in ("daily", "lobby", "moderation", "owned",
                                                     "puzzles"))
"""The modules of the features' packages (each package's own ``__init__`` stays light: it
names its rules and imports them on first use)."""
PARSING = {"wordyahtzee.advisor.levels", "wordyahtzee.daily.cli", "wordyahtzee.puzzles.cli",
           "wordyahtzee.moderation.cli"}
"""What ``--help`` loads of those: the levels' names, and the features' command-line verbs
(their parsers; each verb imports the feature when it runs)."""
