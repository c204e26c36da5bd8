"""Backups in tests: the operator's key, the command as the operator runs it, a store's
rows read and filled with a little of everything, and a backup file taken apart, changed
and put together again."""

from __future__ import annotations

import hashlib
import hmac
import io
import json
import os
import sqlite3
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Any

from wordyahtzee.store import Seat, is_postgres_url, open_store

KEY = "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9"
"""The operator's backup key in these tests (``$WORDYAHTZEE_BACKUP_KEY``)."""


def cli(*args: str, data_dir: Path | None = None,
        key: str | None = KEY) -> subprocess.CompletedProcess[str]:
    """``wordyahtzee ARGS`` as the operator runs it, with the backup key in the
    environment (``key=None``: none)."""
    env = {k: v for k, v in os.environ.items() if k != "WORDYAHTZEE_BACKUP_KEY"}
    if key is not None:
        env["WORDYAHTZEE_BACKUP_KEY"] = key
    if data_dir is not None:
        env["WORDYAHTZEE_DATA_DIR"] = str(data_dir)
    return subprocess.run([sys.executable, "-m", "wordyahtzee", *args], capture_output=True,
                          text=True, env=env, timeout=120)


def rows(where: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table but ``schema_version``'s times, sorted."""
    if is_postgres_url(where):
        import psycopg

        with psycopg.connect(where) as conn:
            names = [r[0] for r in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")]
            return {n: sorted((tuple(r) for r in conn.execute(f'SELECT * FROM "{n}"')),
                              key=repr) for n in names if n != "schema_version"}
    db = sqlite3.connect(where)
    try:
        names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = "
                                          "'table' AND name NOT LIKE 'sqlite_%'")]
        return {n: sorted(db.execute(f'SELECT * FROM "{n}"').fetchall(), key=repr)
                for n in names if n != "schema_version"}
    finally:
        db.close()


def execute(where: str, sql: str) -> None:
    """One statement on the store at ``where`` (what no store method does: a daily game's
    score without playing it)."""
    if is_postgres_url(where):
        import psycopg

        with psycopg.connect(where) as conn:
            conn.execute(sql)
        return
    with sqlite3.connect(where) as db:
        db.execute(sql)


def populate(where: str) -> None:
    """A little of everything a site keeps: profiles, the daily game's secret, par and
    entries with a moderator's decision, a lobby table, ratings, a reaction, a report."""
    store: Any = open_store(where)
    try:
        store.secret("daily")
        for name in "ab":
            store.create_profile(name, name.upper(), f"hash-{name}", 1.0)
        store.create_game("g1", "woord", "solo", {"rules": {}}, [Seat(0, "A", "t1")])
        store.append_events("g1", 0, [{"type": "throw", "faces": list("abcdefg")}])
        store.put_daily_par("2026-11-27", "woord", 181, {}, {"events": []})
        store.start_daily("2026-11-27", "woord", "a", "g1", 2.0)
        execute(where, "UPDATE daily_entries SET score = 181, finished_at = 2.5")
        store.check_daily("g1", "flagged", {"statistic": 250.0})
        store.moderate_daily("g1", "confirmed", "mod", "knew the dice", 3.0)
        store.open_lobby({"id": "l1", "mode": "woord", "rules": {}, "rules_key": "k",
                          "pace": "live", "idle_seconds": 60, "seats": 2, "rated": True,
                          "public": True}, "a", 4.0)
        store.join_lobby("l1", "b", 5.0)
        store.rate_game("g1", "woord", {"a": (1510.0, 300.0, 0.06),
                                        "b": (1490.0, 300.0, 0.06)}, 6.0)
        store.add_reaction("g1", 0, "👍", 7.0)
        store.add_report("kat", "nl", "wrongly_refused", "a pet")
    finally:
        store.close()


def unpacked(source: Path) -> dict[str, bytes]:
    """The members of the backup ``source``, in order."""
    with tarfile.open(source, "r:gz") as tar:
        return {m.name: tar.extractfile(m).read()  # type: ignore[union-attr]
                for m in tar.getmembers()}


def pack(target: Path, members: dict[str, bytes]) -> None:
    """An archive of ``members``, in order."""
    with tarfile.open(target, "w:gz") as tar:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))


def signed(manifest: bytes, key: str = KEY) -> bytes:
    """The ``manifest.sig`` of ``manifest`` under ``key``, as the program writes it."""
    return f"hmac-sha256:{hmac.new(key.encode(), manifest, hashlib.sha256).hexdigest()}\n" \
        .encode()


def repacked(source: Path, target: Path, change: dict[str, bytes], *,
             manifest: Any = None, resign: bool = True) -> None:
    """A copy of the backup ``source`` with the members in ``change`` replaced or added
    (and named in its manifest, their sizes and sha256 there too), ``manifest`` applied to
    the manifest's values, and signed again with the test key, as a program holding the
    key would (``resign=False``: the old signature kept, as anyone without it would)."""
    members = unpacked(source)
    values = json.loads(members["manifest.json"])
    files = {f["name"]: f for f in values["files"]}
    for name, data in change.items():
        files.setdefault(name, {"name": name})
        files[name].update(size=len(data), sha256=hashlib.sha256(data).hexdigest())
        members[name] = data
    values["files"] = list(files.values())
    if manifest is not None:
        manifest(values)
    members["manifest.json"] = json.dumps(values).encode()
    if resign:
        members["manifest.sig"] = signed(members["manifest.json"])
    pack(target, members)
