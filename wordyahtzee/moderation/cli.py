"""The ``wordyahtzee moderator`` commands (docs/operations.md, "Moderators"): add a
moderator with a password (or give one a new password), remove one, list them, read the
moderators' log, and print the word decisions of the live site's overlay for the editors
to fold into a dictionary build."""

from __future__ import annotations

import json
import sys
import time

from ..cli.options import add_db
from ..errors import WordyahtzeeError

TYPE_CHECKING = False  # not typing's: building the parsers (``--help``) imports no typing
if TYPE_CHECKING:
    import argparse
    from typing import Any


WRITTEN = {"accept": "keep", "refuse": "drop"}
"""A moderator's verdict as the written verdicts say it."""


def _store(db: str | None) -> Any:
    from ..store import open_store

    return open_store(db)


def read_password(from_stdin: bool) -> str:
    """The new password: one line of standard input with ``--password-stdin`` or when
    standard input is not a terminal, else asked twice on the terminal (they must agree)."""
    import getpass

    if from_stdin or not sys.stdin.isatty():
        return sys.stdin.readline().rstrip("\r\n")
    first = getpass.getpass("password: ")
    if getpass.getpass("again: ") != first:
        raise WordyahtzeeError("the two passwords differ", "usage")
    return first


def cmd_moderator_add(args: argparse.Namespace) -> int:
    """``moderator add NAME``: a moderator with a password (or a new password)."""
    from .moderators import Moderation, check_name, check_password

    check_name(args.name)
    password = check_password(read_password(args.password_stdin))
    store = _store(args.db)
    try:
        new = Moderation(store).add(args.name, password)
    finally:
        store.close()
    print(f"moderator {args.name} " + ("added" if new else "has a new password "
                                       "(its sessions ended)"))
    return 0


def cmd_moderator_remove(args: argparse.Namespace) -> int:
    """``moderator remove NAME``."""
    from .moderators import Moderation

    store = _store(args.db)
    try:
        Moderation(store).remove(args.name)
    finally:
        store.close()
    print(f"moderator {args.name} removed")
    return 0


def cmd_moderator_list(args: argparse.Namespace) -> int:
    """``moderator list``: every moderator and when it was added."""
    store = _store(args.db)
    try:
        found = store.moderators()
    finally:
        store.close()
    if args.json:
        print(json.dumps(found))
        return 0
    if not found:
        print("no moderators")
    for row in found:
        print(f"{row['name']:<32} added {_when(row['created_at'])}")
    return 0


def cmd_moderator_log(args: argparse.Namespace) -> int:
    """``moderator log``: the moderators' decisions and logins, newest first."""
    store = _store(args.db)
    try:
        found = store.moderation_log(args.limit)
    finally:
        store.close()
    if args.json:
        print(json.dumps(found, ensure_ascii=False))
        return 0
    for row in found:
        print(f"{_when(row['at'])}  {row['moderator']:<16} {row['action']:<16} "
              f"{row['subject']}  {row['note']}".rstrip())
    return 0


def cmd_moderator_decisions(args: argparse.Namespace) -> int:
    """``moderator decisions``: the current word verdicts as TSV in the columns of the
    written verdicts (``dictionaries/nl-verdicts.tsv``): word, keep or drop, reason
    (``--dict``: one dictionary; otherwise the dictionary first)."""
    store = _store(args.db)
    try:
        found = store.word_decisions(args.dict)
    finally:
        store.close()
    for row in found:
        cells = [row["word"], WRITTEN[row["verdict"]], row["reason"]]
        print("\t".join(cells if args.dict else [row["dictionary"], *cells]))
    return 0


def _when(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(at))


def add_moderator_parser(sub: Any) -> None:
    """The ``moderator`` sub-command group."""
    group = sub.add_parser("moderator", help="moderators who log in to /moderate")
    commands = group.add_subparsers(dest="moderator_command", required=True,
                                    metavar="COMMAND")
    p = commands.add_parser("add", help="add a moderator, or set its new password")
    p.add_argument("name", metavar="NAME", help="2-32 lower-case letters, digits, - or _")
    p.add_argument("--password-stdin", action="store_true",
                   help="read the password from the first line of standard input")
    _db(p)
    p.set_defaults(func=cmd_moderator_add)
    p = commands.add_parser("remove", help="remove a moderator (its sessions end)")
    p.add_argument("name", metavar="NAME")
    _db(p)
    p.set_defaults(func=cmd_moderator_remove)
    p = commands.add_parser("list", help="the moderators")
    _db(p)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_moderator_list)
    p = commands.add_parser("log", help="the moderators' log, newest first")
    p.add_argument("--limit", type=int, default=100, help="how many lines (default 100)")
    _db(p)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_moderator_log)
    p = commands.add_parser("decisions", help="the word decisions as TSV (word, keep/drop, "
                            "reason), the written verdicts' columns, for a dictionary build")
    p.add_argument("--dict", default=None, metavar="NAME", help="only this dictionary "
                   "(otherwise each line starts with the dictionary)")
    _db(p)
    p.set_defaults(func=cmd_moderator_decisions)


def _db(p: Any) -> None:
    add_db(p)
