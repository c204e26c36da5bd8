"""Moderators, their sessions, the login's budgets of password checks, the dictionaries'
overlay of word decisions and hidden profile names, written once for both back ends
(docs/operations.md, "Moderators").

:class:`ModeratorRecords` is mixed into each store on top of the same two primitives as
:class:`~wordyahtzee.store.players.PlayerRecords` (``_rows`` and ``_change``, ``?``
placeholders). Passwords and session tokens never reach the store: it keeps an Argon2 hash
of each password and a SHA-256 hash of each session token. Every decision is written in
the same transaction as its line in ``moderation_log``.
"""

from __future__ import annotations

import json
import secrets
import zlib
from typing import Any, NamedTuple, Protocol

from .players import Records, Statement

LOG = ("INSERT INTO moderation_log (at, moderator, action, subject, note) "
       "VALUES (?, ?, ?, ?, ?)")
LOCK = ("INSERT INTO login_locks (lock, at) VALUES (?, ?) ON CONFLICT (lock) DO UPDATE "
        "SET at = excluded.at")
LOCKS = 1024
"""The lock rows per kind (names, addresses): a fixed number, so that strangers who type
any names from any addresses never grow the table; two names that share a row only wait
for each other."""


class LoginBudget(NamedTuple):
    """How many password checks of the moderators' login may be reserved within a window:
    for one name from one address, from one address whatever the name, and for one name
    from every address together; past the name's, one more for each address that has not
    tried the name in the window (:mod:`wordyahtzee.moderation`)."""

    per_pair: int
    per_address: int
    per_name: int


def _lock(kind: str, key: str) -> str:
    """The lock row of a name or an address (the same in every process).

    >>> _lock("name", "alice")
    'name:71'
    """
    return f"{kind}:{zlib.crc32(key.encode('utf-8', 'replace')) % LOCKS}"


class ModeratorRecords(Records, Protocol):
    """Moderators and what they decide, on top of a store's ``_rows`` and ``_change``."""

    # -- moderators ------------------------------------------------------------------------

    def put_moderator(self, name: str, password_hash: str, at: float) -> bool:
        """Add a moderator, or give one a new password (ending its sessions); True when
        the moderator is new."""
        counts = self._change([
            ("DELETE FROM moderator_sessions WHERE moderator = ?", (name,)),
            ("UPDATE moderators SET password_hash = ? WHERE name = ?", (password_hash, name)),
            ("INSERT INTO moderators (name, password_hash, created_at) VALUES (?, ?, ?) "
             "ON CONFLICT (name) DO NOTHING", (name, password_hash, at))])
        return counts[-1] > 0

    def set_moderator_hash(self, name: str, password_hash: str) -> None:
        """Keep a moderator's password rehashed with newer parameters."""
        self._change([("UPDATE moderators SET password_hash = ? WHERE name = ?",
                       (password_hash, name))])

    def remove_moderator(self, name: str) -> bool:
        """Remove a moderator and end its sessions; False when there is none."""
        return self._change([
            ("DELETE FROM moderator_sessions WHERE moderator = ?", (name,)),
            ("DELETE FROM moderators WHERE name = ?", (name,))])[-1] > 0

    def moderators(self) -> list[dict[str, Any]]:
        """Every moderator (name, created_at), by name."""
        return [dict(r) for r in self._rows(
            "SELECT name, created_at FROM moderators ORDER BY name")]

    def moderator_hash(self, name: str) -> str | None:
        """The stored password hash of moderator ``name``, if there is one."""
        rows = self._rows("SELECT password_hash FROM moderators WHERE name = ?", (name,))
        return str(rows[0]["password_hash"]) if rows else None

    # -- the login's budgets -------------------------------------------------------------------

    def reserve_login(self, name: str, address: str, at: float, since: float,
                      budget: LoginBudget) -> str | None:
        """Reserve one password check of ``name`` from ``address`` at ``at``, before it is
        made; the reservation's id, or None when a budget of ``budget`` is spent (the
        checks reserved since ``since`` count, given back ones not). Atomic on every
        process: the reservation first takes the lock rows of the name and of the address
        (PostgreSQL holds them to the commit; SQLite writes one at a time), and then
        counts and inserts in one statement. The rows of the name's lock older than
        ``since`` are forgotten meanwhile."""
        name_lock, address_lock = _lock("name", name), _lock("address", address)
        attempt = secrets.token_hex(12)
        pair = "name = ? AND address = ? AND at >= ?"
        counts = self._change([
            (LOCK, (name_lock, at)), (LOCK, (address_lock, at)),
            ("DELETE FROM login_attempts WHERE name_lock = ? AND at < ?", (name_lock, since)),
            ("INSERT INTO login_attempts (id, name, address, name_lock, at) "
             "SELECT ?, ?, ?, ?, ? WHERE "
             "(SELECT COUNT(*) FROM login_attempts WHERE address = ? AND at >= ?) < ? AND ("
             "((SELECT COUNT(*) FROM login_attempts WHERE name = ? AND at >= ?) < ? AND "
             f"(SELECT COUNT(*) FROM login_attempts WHERE {pair}) < ?) OR "
             f"NOT EXISTS (SELECT 1 FROM login_attempts WHERE {pair}))",
             (attempt, name, address, name_lock, at,
              address, since, budget.per_address,
              name, since, budget.per_name, name, address, since, budget.per_pair,
              name, address, since))])
        return attempt if counts[-1] > 0 else None

    def release_login(self, attempt: str) -> None:
        """Give a reserved check back (its password was right)."""
        self._change([("DELETE FROM login_attempts WHERE id = ?", (attempt,))])

    # -- sessions ----------------------------------------------------------------------------

    def start_moderator_session(self, token_hash: str, name: str, at: float,
                                expires_at: float) -> None:
        """Keep a new session of moderator ``name`` (by its token's hash)."""
        self._change([("DELETE FROM moderator_sessions WHERE expires_at < ?", (at,)),
                      ("INSERT INTO moderator_sessions (token_hash, moderator, created_at, "
                       "last_seen, expires_at) VALUES (?, ?, ?, ?, ?)",
                       (token_hash, name, at, at, expires_at))])

    def moderator_session(self, token_hash: str) -> dict[str, Any] | None:
        """The session whose token hashes to ``token_hash`` (moderator, created_at,
        last_seen, expires_at), if its moderator still exists."""
        rows = self._rows(
            "SELECT s.moderator, s.created_at, s.last_seen, s.expires_at FROM "
            "moderator_sessions s JOIN moderators m ON m.name = s.moderator WHERE "
            "s.token_hash = ?", (token_hash,))
        return dict(rows[0]) if rows else None

    def touch_moderator_session(self, token_hash: str, at: float) -> None:
        """Note that a session was used at ``at``."""
        self._change([("UPDATE moderator_sessions SET last_seen = ? WHERE token_hash = ?",
                       (at, token_hash))])

    def end_moderator_session(self, token_hash: str) -> None:
        """Forget a session (logout or expiry)."""
        self._change([("DELETE FROM moderator_sessions WHERE token_hash = ?",
                       (token_hash,))])

    # -- the audit log -----------------------------------------------------------------------

    def log_moderation(self, moderator: str, action: str, subject: str, note: str,
                       at: float) -> None:
        """A line in the moderators' log that decides nothing (a login, a failed one)."""
        self._change([(LOG, (at, moderator, action, subject, note))])

    # -- word decisions: the dictionaries' overlay -------------------------------------------

    def decide_word(self, dictionary: str, word: str, verdict: str, reason: str,
                    moderator: str, at: float) -> None:
        """A moderator's verdict (``accept`` or ``refuse``) on a folded word of a dictionary,
        replacing any earlier one, with its line in the log."""
        self._change([
            ("INSERT INTO word_decisions (dictionary, word, verdict, reason, moderator, at, "
             "seq) VALUES (?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM "
             "word_decisions)) ON CONFLICT (dictionary, word) DO UPDATE SET verdict = "
             "excluded.verdict, reason = excluded.reason, moderator = excluded.moderator, "
             "at = excluded.at, seq = excluded.seq",
             (dictionary, word, verdict, reason, moderator, at)),
            (LOG, (at, moderator, f"word {verdict}", f"{dictionary}:{word}", reason))])

    def word_decisions(self, dictionary: str | None = None) -> list[dict[str, Any]]:
        """The current verdicts (of one dictionary, or all), by dictionary and word."""
        sql = ("SELECT dictionary, word, verdict, reason, moderator, at FROM word_decisions")
        params: tuple[Any, ...] = ()
        if dictionary is not None:
            sql, params = sql + " WHERE dictionary = ?", (dictionary,)
        return [dict(r) for r in self._rows(sql + " ORDER BY dictionary, word", params)]

    def word_decisions_mark(self) -> tuple[int, int, float]:
        """A mark that changes with every word decision (the newest ``seq``, how many, the
        latest time): a process compares it to know whether to reload the overlay."""
        row = self._rows("SELECT COALESCE(MAX(seq), 0) AS seq, COUNT(*) AS n, "
                         "COALESCE(MAX(at), 0) AS at FROM word_decisions")[0]
        return int(row["seq"]), int(row["n"]), float(row["at"])

    # -- profile names -------------------------------------------------------------------------

    def profiles_named(self, text: str, limit: int = 50) -> list[dict[str, Any]]:
        """Profiles whose name (or hidden name) contains ``text``, any case: id, name,
        hidden_name, created_at."""
        pattern = "%" + text.lower().replace("\\", "").replace("%", "").replace("_", "") + "%"
        return [dict(r) for r in self._rows(
            "SELECT id, name, hidden_name, created_at FROM profiles WHERE LOWER(name) LIKE ? "
            "OR LOWER(COALESCE(hidden_name, '')) LIKE ? ORDER BY created_at DESC LIMIT ?",
            (pattern, pattern, max(1, min(int(limit), 200))))]

    def hide_profile_name(self, profile_id: str, placeholder: str, moderator: str,
                          note: str, at: float) -> bool:
        """Show a profile as ``placeholder`` from now on: its name, and in every game where
        it holds a seat that seat's name, the players of the game's setup, record and
        result, and its high-score lines (the chosen name kept in ``hidden_name``), with
        the log's line, in one transaction; False when there is no such profile or it is
        hidden already."""
        rows = self._rows("SELECT name FROM profiles WHERE id = ? AND hidden_name IS NULL",
                          (profile_id,))
        if not rows:
            return False
        old = str(rows[0]["name"])
        changes: list[Statement] = []
        for seat in self._rows(
                "SELECT s.game_id, s.name, g.setup, g.record, g.result FROM seats s JOIN "
                "seat_profiles p ON p.game_id = s.game_id AND p.seat = s.seat JOIN games g "
                "ON g.id = s.game_id WHERE p.profile_id = ?", (profile_id,)):
            names = {old, str(seat["name"])}
            documents = [_renamed(_json(seat[column]), names, placeholder)
                         for column in ("setup", "record", "result")]
            changes += [
                ("UPDATE games SET setup = ?, record = ?, result = ? WHERE id = ?",
                 (*(None if d is None else json.dumps(d, ensure_ascii=False)
                    for d in documents), seat["game_id"])),
                ("UPDATE seats SET name = ? WHERE game_id = ? AND name = ?",
                 (placeholder, seat["game_id"], seat["name"])),
                ("UPDATE high_scores SET player = ? WHERE game_id = ? AND player = ?",
                 (placeholder, seat["game_id"], seat["name"]))]
        return self._change([
            *changes,
            (LOG, (at, moderator, "name hidden", profile_id, f"{note} (was: {old})".strip())),
            ("UPDATE profiles SET hidden_name = name, name = ? WHERE id = ? AND "
             "hidden_name IS NULL", (placeholder, profile_id))])[-1] > 0


NAME_KEYS = frozenset({"players", "winners", "name", "player"})
"""The keys of a game's setup, record and result under which players' names stand."""


def _json(value: Any) -> Any:
    """A JSON column's value (SQLite gives text, PostgreSQL the parsed value)."""
    return json.loads(value) if isinstance(value, str) else value


def _renamed(document: Any, names: set[str], placeholder: str, named: bool = False) -> Any:
    """``document`` with every one of ``names`` that stands under :data:`NAME_KEYS` as
    ``placeholder`` (a word of a claim that happens to equal a name stays)."""
    if isinstance(document, dict):
        return {key: _renamed(value, names, placeholder, key in NAME_KEYS)
                for key, value in document.items()}
    if isinstance(document, list):
        return [_renamed(value, names, placeholder, named) for value in document]
    return placeholder if named and document in names else document
