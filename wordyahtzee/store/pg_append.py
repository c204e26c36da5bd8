"""PostgreSQL's append statement: a move's events, the game's row, its scores and the
notice to every process, in one statement and one round trip."""

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
    FROM ok, json_array_elements(%(events)s::json) WITH ORDINALITY AS e(event, n)
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
    FROM ok, json_to_recordset(%(scores)s::json) AS h(player text, score int)
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
