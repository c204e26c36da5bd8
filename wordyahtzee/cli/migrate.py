"""``wordyahtzee migrate``: bring a store's schema to this program's version, or say where
it stands (``--check``), before the servers of an upgrade start (docs/operations.md,
"Upgrade, and going back")."""

from __future__ import annotations

from .options import add_db

TYPE_CHECKING = False  # not typing's: building the parsers (``--help``) imports no typing
if TYPE_CHECKING:
    import argparse
    from typing import Any


def cmd_migrate(args: argparse.Namespace) -> int:
    """``migrate``: print the database's schema version and this program's; without
    ``--check``, apply the missing steps (one transaction) and name each."""
    from ..store import is_postgres_url, open_store
    from ..store.migrations import POSTGRES_STEPS, SQLITE_STEPS, database_version, latest
    from ..store.sqlite import default_path

    steps = POSTGRES_STEPS if is_postgres_url(args.db) else SQLITE_STEPS
    before = database_version(str(args.db or default_path()))
    newest = latest(steps)
    if args.check or before == newest:
        state = ("up to date" if before == newest
                 else "newer than this program: upgrade the program" if before > newest
                 else f"{newest - before} step(s) to apply")
        print(f"database at schema version {before}; this program's is {newest} ({state})")
        return 0
    store: Any = open_store(args.db)  # migrates at open
    close = getattr(store, "close", None)
    if close is not None:
        close()
    for step in steps:
        if before < step.version <= newest:
            print(f"applied step {step.version}: {step.description}")
    print(f"database at schema version {newest} (was {before})")
    return 0


def add_migrate_parser(sub: Any) -> None:
    """The ``migrate`` sub-command."""
    p = sub.add_parser("migrate", help="bring the store's schema to this program's version")
    add_db(p)
    p.add_argument("--check", action="store_true",
                   help="only print the database's version and this program's")
    p.set_defaults(func=cmd_migrate)
