"""A database as an older server left it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

V1_SCHEMA = """
CREATE TABLE games (
    id TEXT PRIMARY KEY, mode TEXT NOT NULL, kind TEXT NOT NULL, setup TEXT NOT NULL,
    dictionary TEXT NOT NULL DEFAULT '', rules_key TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'active', created_at REAL NOT NULL,
    updated_at REAL NOT NULL, finished_at REAL, result TEXT, record TEXT);
CREATE TABLE events (
    game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,
    event TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (game_id, seq));
CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
    name TEXT NOT NULL, token TEXT NOT NULL, PRIMARY KEY (game_id, seat));
CREATE INDEX seats_token ON seats (game_id, token);
CREATE TABLE high_scores (
    id INTEGER PRIMARY KEY AUTOINCREMENT, mode TEXT NOT NULL, kind TEXT NOT NULL,
    dictionary TEXT NOT NULL, rules_key TEXT NOT NULL, player TEXT NOT NULL,
    score INTEGER NOT NULL, game_id TEXT NOT NULL, at REAL NOT NULL);
CREATE INDEX high_scores_list ON high_scores (mode, dictionary, rules_key, score DESC);
INSERT INTO games (id, mode, kind, setup, created_at, updated_at)
    VALUES ('old', 'woord', 'solo', '{"rules":{}}', 1.0, 2.0);
INSERT INTO seats VALUES ('old', 0, 'Anna', 'tok');
INSERT INTO events VALUES ('old', 0, '{"type":"throw"}', 2.0);
"""
"""The version-1 schema, as the first server wrote it (today's minus ``seats.computer``),
with one table in it."""


def legacy_sqlite(path: Path, user_version: int, computer: bool) -> None:
    """A SQLite database at ``path`` in the version-1 schema (``computer``: with the seats'
    ``computer`` column a later server added), marked ``user_version``."""
    db = sqlite3.connect(path)
    db.executescript(V1_SCHEMA)
    if computer:
        db.execute("ALTER TABLE seats ADD COLUMN computer TEXT")
    db.execute(f"PRAGMA user_version = {user_version}")
    db.commit()
    db.close()
