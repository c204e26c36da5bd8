"""PostgreSQL's append statement: a move's events, the game's row, its scores and the
notice to every process, in one statement and one round trip; and the group append that
sends the statements of moves made at once in one transaction."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from typing import Any

import psycopg

from ..runtime import metrics
from . import StaleGameError, StoreError

APPEND = """
WITH g AS (
    SELECT status, mode, kind, dictionary, rules_key FROM games
    WHERE id = %(id)s FOR UPDATE
), ok AS (
    SELECT g.* FROM g
    WHERE g.status = 'active'
      AND (%(first)s = 0 OR EXISTS (SELECT 1 FROM events
                                   WHERE game_id = %(id)s AND seq = %(first)s - 1))
      AND NOT EXISTS (SELECT 1 FROM events WHERE game_id = %(id)s AND seq = %(first)s)
), added AS (
    INSERT INTO events (game_id, seq, event, at)
    SELECT %(id)s, %(first)s + e.n - 1, e.event, %(now)s
    FROM ok, unnest(%(events)s::json[]) WITH ORDINALITY AS e(event, n)
    RETURNING seq
), moved AS (
    UPDATE games SET updated_at = %(now)s,
        status = CASE WHEN %(finished)s THEN 'finished' ELSE status END,
        finished_at = CASE WHEN %(finished)s THEN %(now)s ELSE finished_at END,
        result = CASE WHEN %(finished)s THEN %(result)s::json ELSE result END,
        record = CASE WHEN %(finished)s THEN %(record)s::json ELSE record END
    WHERE id = %(id)s AND EXISTS (SELECT 1 FROM ok)
    RETURNING 1
), scored AS (
    INSERT INTO high_scores (mode, kind, dictionary, rules_key, player, score, game_id, at)
    SELECT ok.mode, ok.kind, ok.dictionary, ok.rules_key, h.player, h.score, %(id)s, %(now)s
    FROM ok, unnest(%(players)s::text[], %(scores)s::int[]) AS h(player, score)
    RETURNING 1
), daily AS (
    UPDATE daily_entries SET score = %(daily_score)s::int, finished_at = %(now)s
    WHERE game_id = %(id)s AND %(finished)s AND %(daily_score)s::int IS NOT NULL
      AND EXISTS (SELECT 1 FROM ok)
    RETURNING 1
), told AS (
    SELECT pg_notify(%(channel)s, %(payload)s) FROM ok
)
SELECT (SELECT status FROM g) AS status, EXISTS (SELECT 1 FROM ok) AS ok,
       (SELECT count(*) FROM told) AS told
"""
"""An append in one statement, one round trip (:meth:`PostgresStore.append_events` says
what it does)."""


SENDERS = 4
"""Groups of one process on their way to the database at once. One at a time held every
move behind the group before it, a commit (its WAL's sync) each; PostgreSQL syncs the
commits of several transactions together, so a few groups at once keep a move's wait near
one commit while each group still carries the moves that arrived meanwhile."""


class _Append:
    """One move's part of a group append: its statement's parameters, then its outcome."""

    __slots__ = ("done", "error", "params", "row")

    def __init__(self, params: Mapping[str, Any]) -> None:
        self.params = params
        self.done = threading.Event()
        self.row: Mapping[str, Any] | None = None
        self.error: BaseException | None = None


class GroupAppend:
    """The appends of one process, group-committed: the moves that arrive while
    :data:`SENDERS` appends are on their way to the database wait, and the first of them to
    get a place then sends every waiting move, in one transaction and one round trip (a
    pipeline), where each used to take its own.

    No move is answered before the commit that holds its events. The statements of a
    group run in the order of their games' ids, so two groups (of one process or two) lock
    the games' rows in one order and never wait for each other in a cycle. A statement that
    fails in a group (two processes writing the same ``seq``, a value the database refuses,
    a deadlock with another kind of transaction) undoes the whole group, which is then sent
    again one statement at a time: each move gets its own answer, as it would alone. A
    connection lost on the way, or a sender stopped on the way (gevent's ``Timeout``), is
    every move of its group's error: none of them is answered as stored. A group of one is
    the single statement it always was."""

    def __init__(self, connection: Callable[[], AbstractContextManager[psycopg.Connection[Any]]],
                 senders: int = SENDERS) -> None:
        self._connection = connection
        self._waiting: list[_Append] = []
        self._waiting_lock = threading.Lock()  # the list is swapped whole, never torn
        self.senders = threading.BoundedSemaphore(senders)

    def __call__(self, params: Mapping[str, Any]) -> Mapping[str, Any] | None:
        """Run the append of ``params`` (:data:`APPEND`'s) with whatever others wait, and
        return its row once committed; raise its error (a stale ``seq`` as
        :class:`StaleGameError`, database trouble as the store's errors)."""
        mine = _Append(params)
        with self._waiting_lock:
            self._waiting.append(mine)
        with self.senders:
            if not mine.done.is_set():
                time.sleep(0)  # under gevent, the moves that are ready run up to here
                with self._waiting_lock:
                    group, self._waiting = self._waiting, []
                if group:  # else another sender has taken this move along
                    self._commit(group)
        mine.done.wait()
        if mine.error is not None:
            raise mine.error
        return mine.row

    def _commit(self, group: list[_Append]) -> None:
        metrics.GROUP_COMMIT.observe(len(group))
        try:
            if len(group) == 1 or not self._together(group):
                for append in group:
                    self._alone(append)
        except BaseException as exc:  # the sender stopped (gevent's Timeout): all told
            for append in group:
                if append.error is None and append.row is None:
                    append.error = exc if isinstance(exc, Exception) else StoreError(
                        "the write was interrupted", "unavailable")
            raise
        finally:
            for append in group:
                append.done.set()

    def _together(self, group: list[_Append]) -> bool:
        """Send the group in one transaction; False when one of its statements failed
        (the transaction undone, nothing stored), so each is to be sent alone."""
        ordered = sorted(group, key=lambda append: str(append.params["id"]))
        failed = False
        try:
            with self._connection() as conn:
                try:
                    with conn.pipeline(), conn.transaction():
                        cursors = [conn.execute(APPEND, append.params) for append in ordered]
                    rows = [cursor.fetchone() for cursor in cursors]
                except psycopg.Error:
                    if conn.broken:
                        raise
                    failed = True
        except Exception as exc:  # the database's trouble: every move of the group's
            for append in group:
                append.error = exc
            return True
        if failed:
            return False
        for append, row in zip(ordered, rows, strict=True):
            append.row = row
        return True

    def _alone(self, append: _Append) -> None:
        params = append.params
        try:
            with self._connection() as conn:
                try:
                    append.row = conn.execute(APPEND, params).fetchone()
                except psycopg.errors.UniqueViolation:
                    raise StaleGameError(f"game {params['id']!r} already has event "
                                         f"{params['first']}", "stale") from None
        except Exception as exc:
            append.error = exc
