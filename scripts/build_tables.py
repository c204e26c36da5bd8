"""Build the strategy tables that ship with the package into ``wordyahtzee/data/tables/``.

The tables a server prepares at start-up (every coach's ``table_keys``: classic Yahtzee on
both joker readings, Woord Yahtzee on each shipped dice set with its dictionary) and the
samples of optimal play its reviews draw are computed from scratch in an empty cache folder
(shipped copies ignored), then copied there deflated, under their cache names: a name holds
the version of the code that computes the table and its key (the dictionary's checksum
among them), so a server reads a shipped file only where it would compute the same table.
The old files are removed. Rerun after a change to that code, or to a shipped dictionary or
dice set (tests/test_shipped_tables.py fails until then); it takes a few minutes on two
cores. The same tree gives the same files (no time stamps; the members in a fixed order).

    python -m scripts.build_tables [--keys MODE/KEY,...] [--out DIR]

``--keys`` builds only these (``classic/free``, ``woord/nl/nl/40``) and leaves the other
files in place; ``--out`` writes elsewhere (a check of what would ship).
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", help="only these MODE/KEY, comma-separated")
    parser.add_argument("--out", type=Path, help="the folder to write (default: the package's)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="wordyahtzee-tables-") as cache:
        os.environ["WORDYAHTZEE_CACHE_DIR"] = cache
        os.environ["WORDYAHTZEE_SHIPPED_TABLES"] = "0"
        from wordyahtzee.advisor.cache import SHIPPED_DIR, copy_arrays
        from wordyahtzee.advisor.coach import coach, start_up_tables

        target = args.out or SHIPPED_DIR
        wanted = start_up_tables()
        if args.keys:
            chosen = set(args.keys.split(","))
            wanted = [(mode, key) for mode, key in wanted if f"{mode}/{key}" in chosen]
            if len(wanted) != len(chosen):
                raise SystemExit(f"not a start-up table: {args.keys}")
        files: list[Path] = []
        for mode, key in wanted:
            helper = coach(mode)
            assert helper is not None
            helper.load_table(key)
            helper.load_sample(key)
            files += helper.table_files(key)
        if not args.keys and target.exists():
            for old in target.rglob("*.npz"):
                old.unlink()
        for path in files:
            shipped = target / path.relative_to(cache)
            copy_arrays(path, shipped)
            print(f"{mode_of(path)} {shipped.relative_to(target)}: "
                  f"{path.stat().st_size / 1e6:.2f} MB -> {shipped.stat().st_size / 1e6:.2f} MB",
                  flush=True)
        total = sum(p.stat().st_size for p in target.rglob("*.npz"))
        print(f"{target}: {total / 1e6:.2f} MB")


def mode_of(path: Path) -> str:
    """``classic`` or ``woord``, from a cache file's place."""
    return "woord" if path.parent.name == "woord-strategy" else "classic"


if __name__ == "__main__":
    main()
