"""``wordyahtzee backup`` and ``restore``: one file holding the store and the players' own
dictionaries, signed with the operator's key, taken while the server plays on, checked
without restoring (``--verify``), and restored into an empty store (docs/operations.md,
"Backups and restores")."""

from __future__ import annotations

import sys

from ..errors import WordyahtzeeError
from .options import add_db

TYPE_CHECKING = False  # not typing's: building the parsers (``--help``) imports no typing
if TYPE_CHECKING:
    import argparse
    from typing import Any

UNSIGNED_WARNING = ("wordyahtzee: warning: --unsigned: {what}; anyone who could write "
                    "to the file could have changed what it holds")


def _key(args: argparse.Namespace) -> bytes | None:
    """The backup key the options and the environment give (before any file is read)."""
    from ..store.archive import load_key

    return load_key(args.key_file, unsigned=args.unsigned)


def cmd_backup(args: argparse.Namespace) -> int:
    """``backup FILE|DIR``: take a backup (``--keep N`` in a directory: then remove all but
    the newest N); ``backup --verify FILE``: check one."""
    import time
    from pathlib import Path

    from ..store.backup import backup, check_keep, prune, verify

    if args.verify:
        if args.keep is not None:
            raise WordyahtzeeError("backup: --verify checks a file; --keep is for taking "
                                   "backups", "usage")
        summary = verify(args.file, _key(args))
        print(f"good: {summary.line()}")
        if args.unsigned:
            print(UNSIGNED_WARNING.format(what="its signature was not checked"),
                  file=sys.stderr)
        return 0
    if args.keep is not None:
        if not Path(args.file).is_dir():
            raise WordyahtzeeError("backup: --keep needs a directory to name the backups in",
                                   "usage")
        check_keep(args.keep)
    key = _key(args)
    began = time.monotonic()
    summary = backup(args.db, args.file, key)
    print(f"backed up in {time.monotonic() - began:.1f} s: {summary.line()}")
    if args.unsigned:
        print(UNSIGNED_WARNING.format(what="this backup is not signed"), file=sys.stderr)
    if args.keep is not None:
        for gone in prune(Path(args.file), args.keep):
            print(f"removed the older backup {gone}")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """``restore FILE --db PATH|URL``: into an empty store; then the server starts on it."""
    import time

    from ..store.restore import restore

    key = _key(args)
    began = time.monotonic()
    summary = restore(args.file, args.db, key)
    print(f"restored in {time.monotonic() - began:.1f} s: {summary.line()}")
    if args.unsigned:
        print(UNSIGNED_WARNING.format(what="the backup's signature was not checked"),
              file=sys.stderr)
    return 0


def _key_options(p: Any) -> None:
    p.add_argument("--key-file", default=None, metavar="FILE",
                   help="the backup key (default: $WORDYAHTZEE_BACKUP_KEY): it signs a "
                        "backup, and a backup it did not sign is refused")
    p.add_argument("--unsigned", action="store_true",
                   help="DANGEROUS: no key; take a backup without a signature, or read one "
                        "without checking it (a backup anyone could have changed)")


def add_backup_parser(sub: Any) -> None:
    """The ``backup`` sub-command."""
    p = sub.add_parser("backup", help="back up the store and the user dictionaries into one "
                       "signed file, while the server plays on")
    add_db(p)
    p.add_argument("--keep", type=int, default=None, metavar="N",
                   help="FILE is a directory: keep only the newest N backups in it")
    p.add_argument("--verify", action="store_true",
                   help="check the backup FILE (its signature first) without restoring it")
    _key_options(p)
    p.add_argument("file", metavar="FILE", help="the backup file (a directory: a new file "
                   "named with the time, UTC)")
    p.set_defaults(func=cmd_backup)


def add_restore_parser(sub: Any) -> None:
    """The ``restore`` sub-command."""
    p = sub.add_parser("restore", help="restore a signed backup into an empty store")
    p.add_argument("file", metavar="FILE", help="the backup file")
    add_db(p, "the empty store to restore into: a SQLite file or a postgresql:// URL",
           required=True)
    _key_options(p)
    p.set_defaults(func=cmd_restore)
