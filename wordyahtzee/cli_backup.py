"""``wordyahtzee backup`` and ``restore``: one file holding the store and the players' own
dictionaries, taken while the server plays on, checked without restoring (``--verify``),
and restored into an empty store (docs/operations.md, "Backups and restores")."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import WordyahtzeeError

if TYPE_CHECKING:
    import argparse


def cmd_backup(args: argparse.Namespace) -> int:
    """``backup FILE|DIR``: take a backup (``--keep N`` in a directory: then remove all but
    the newest N); ``backup --verify FILE``: check one."""
    import time

    from .store.backup import backup, check_keep, prune, verify

    if args.verify:
        if args.keep is not None:
            raise WordyahtzeeError("backup: --verify checks a file; --keep is for taking "
                                   "backups", "usage")
        summary = verify(args.file)
        print(f"good: {summary.line()}")
        return 0
    if args.keep is not None:
        if not Path(args.file).is_dir():
            raise WordyahtzeeError("backup: --keep needs a directory to name the backups in",
                                   "usage")
        check_keep(args.keep)
    began = time.monotonic()
    summary = backup(args.db, args.file)
    print(f"backed up in {time.monotonic() - began:.1f} s: {summary.line()}")
    if args.keep is not None:
        for gone in prune(Path(args.file), args.keep):
            print(f"removed the older backup {gone}")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """``restore FILE --db PATH|URL``: into an empty store; then the server starts on it."""
    import time

    from .store.backup import restore

    began = time.monotonic()
    summary = restore(args.file, args.db)
    print(f"restored in {time.monotonic() - began:.1f} s: {summary.line()}")
    return 0


def add_backup_parsers(sub: Any) -> None:
    """The ``backup`` and ``restore`` sub-commands."""
    p = sub.add_parser("backup", help="back up the store and the user dictionaries into one "
                       "file, while the server plays on")
    p.add_argument("--db", default=None, metavar="PATH|URL",
                   help="the server's store (default: wordyahtzee.sqlite3 in the user data "
                        "dir) or a postgresql:// URL")
    p.add_argument("--keep", type=int, default=None, metavar="N",
                   help="FILE is a directory: keep only the newest N backups in it")
    p.add_argument("--verify", action="store_true",
                   help="check the backup FILE without restoring it")
    p.add_argument("file", metavar="FILE", help="the backup file (a directory: a new file "
                   "named with the time, UTC)")
    p.set_defaults(func=cmd_backup)
    p = sub.add_parser("restore", help="restore a backup into an empty store")
    p.add_argument("file", metavar="FILE", help="the backup file")
    p.add_argument("--db", required=True, metavar="PATH|URL",
                   help="the empty store to restore into: a SQLite file or a postgresql:// URL")
    p.set_defaults(func=cmd_restore)
