"""The ``wordyahtzee`` command: thin adapters that parse, call the engine and print, a
module per group of verbs (:data:`PARSERS`): here ``words`` (check, solve), ``dictionaries``
(dict), ``games`` (replay, games verify), ``strategy`` (classic ev, woord), ``serve``,
``migrate``, ``backup`` (backup, restore); a feature's verbs in its own package, beside its
service (``wordyahtzee.daily.cli``, ``wordyahtzee.puzzles.cli``,
``wordyahtzee.moderation.cli``). What several share (the ``--db`` option, reading a file)
is in ``options``.

Every user error ends as one line on stderr and exit code 2.

A command imports only what it needs, and :func:`main` builds only the named command's
parser: ``wordyahtzee check huis`` loads neither numpy, Flask, the strategies nor the other
commands' arguments (tests/test_cli_imports.py checks it; ``scripts/bench_cli.py`` times it).
"""

from __future__ import annotations

import sys

from ..errors import WordyahtzeeError

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing and argparse are not imported at run time for ``check WORD...``
    import argparse
    from collections.abc import Sequence
    from typing import Any

EXIT_USAGE = 2


PARSERS = {
    "check": (".words", "add_check_parser"), "replay": (".games", "add_replay_parser"),
    "classic": (".strategy", "add_classic_parser"),
    "dict": (".dictionaries", "add_dict_parser"), "woord": (".strategy", "add_woord_parser"),
    "daily": ("..daily.cli", "add_daily_parser"),
    "puzzle": ("..puzzles.cli", "add_puzzle_parser"),
    "moderator": ("..moderation.cli", "add_moderator_parser"),
    "serve": (".serve", "add_serve_parser"), "solve": (".words", "add_solve_parser"),
    "migrate": (".migrate", "add_migrate_parser"), "games": (".games", "add_games_parser"),
    "backup": (".backup", "add_backup_parser"), "restore": (".backup", "add_restore_parser"),
}
"""Each sub-command, in the order ``--help`` lists them: the module that runs it (one per
group of verbs), relative to this package (``.words`` is one of its own, ``..daily.cli`` a
feature's), and the function that adds its parser."""
COMMANDS = tuple(PARSERS)


def _terminal_columns() -> int:
    """``$COLUMNS``, else the terminal's width (as ``shutil.get_terminal_size``), else 80."""
    import os

    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def _parser_class() -> type[argparse.ArgumentParser]:
    """An argument parser whose help formatter reads the terminal width without importing
    ``shutil`` (argparse's own does, for every argument added); sub-command parsers are of
    the same class."""
    import argparse

    class Formatter(argparse.HelpFormatter):
        def __init__(self, prog: str, indent_increment: int = 2,
                     max_help_position: int = 24, width: int | None = None) -> None:
            if width is None:
                width = _terminal_columns() - 2
            super().__init__(prog, indent_increment, max_help_position, width)

    class Parser(argparse.ArgumentParser):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("formatter_class", Formatter)
            super().__init__(*args, **kwargs)

    return Parser


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every sub-command, or with just ``only`` (one of
    :data:`COMMANDS`): what :func:`main` parses a command line with, since building the
    other commands' parsers would cost a short command most of its time."""
    parser = _parser_class()(
        prog="wordyahtzee",
        description="Woord Yahtzee, classic Yahtzee and the Yahtzee card game.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    import importlib

    for name in COMMANDS if only is None else (only,):
        module, add = PARSERS[name]
        getattr(importlib.import_module(module, __name__), add)(sub)
    return parser


def plain_check(argv: Sequence[str]) -> argparse.Namespace | None:
    """``check WORD...`` with plain words only (no option, no ``-``, none empty): the
    arguments exactly as the ``check`` parser reads them, without importing argparse (a
    tenth of the command's start-up); ``None`` for any other command line."""
    if len(argv) < 2 or argv[0] != "check" or any(not w or w.startswith("-") for w in argv[1:]):
        return None
    from .words import cmd_check

    args: argparse.Namespace = _Arguments(  # type: ignore[assignment]
        command="check", dict="nl", json=False, why=False, words=list(argv[1:]),
        func=cmd_check)
    return args


class _Arguments:
    """Parsed arguments, as ``argparse.Namespace`` holds them (an attribute each), without
    importing argparse or ``types``."""

    def __init__(self, **values: Any) -> None:
        self.__dict__.update(values)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    words = list(sys.argv[1:] if argv is None else argv)
    args = plain_check(words)
    if args is None:
        first = words[0] if words else None
        args = build_parser(first if first in COMMANDS else None).parse_args(words)
    try:
        return int(args.func(args))
    except WordyahtzeeError as exc:
        print(f"wordyahtzee: error: {exc.message}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
