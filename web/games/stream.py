"""A table's live stream (``/api/games/<id>/events``): server-sent events of its state, at
once and after every change, each state rendered once however many watch."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterator
from typing import Any

from flask import Response

from wordyahtzee.runtime import metrics
from wordyahtzee.tables import TableService

from ..json_provider import dump_text


def _rendered(manager: TableService, table: Any) -> tuple[int, str, str]:
    """The table's state as its streams send it: ``(seq, event id, JSON)``, the state
    :meth:`~wordyahtzee.tables.playing.Playing.shown_state` shows (made once per change
    and per quarter second however many watch, and shared with the move's own answer),
    written once. A popular table's 10,000 viewers, all woken by one move, cost one
    rendering, not 10,000 (each would stall the process's other requests). The id's tag
    digests what a viewer sees change besides the moves (who is at the table, the host's
    controls, the rematch, the reactions)."""
    state = manager.shown_state(table)
    memo = table.rendered
    if memo is not None and memo[0] is state:
        rendered: tuple[int, str, str] = memo[1]
        return rendered
    key = ([(s["present"], s["host_controls"]) for s in state["seats"]], state["rematch"],
           [(r["seat"], r["at"]) for r in state["reactions"]], state["paused"],
           state["waiting_for"], state["idle_deadline"])
    tag = hashlib.blake2s(json.dumps(key).encode(), digest_size=6).hexdigest()
    rendered = (state["seq"], f"{state['seq']}.{tag}", dump_text(state))
    table.rendered = (state, rendered)
    return rendered


def events(manager: TableService, table: Any, token: str | None, secret: str | None,
           seconds: float, last: str) -> Response:
    """The stream of ``table`` for a viewer with ``token`` and profile ``secret``: open for
    ``seconds``, resuming after the event ``last`` (``Last-Event-ID``; empty: none)."""

    def stream() -> Iterator[str]:
        leave = manager.watching(table, token, secret)
        metrics.OPEN_STREAMS.inc()
        try:
            yield "retry: 1000\n\n"
            end = time.monotonic() + seconds
            seen = None
            while True:
                seq, event_id, data = _rendered(manager, table)
                if seen is None and last in (event_id, str(seq)):
                    seen = event_id  # the browser has this state already
                if event_id != seen:
                    seen = event_id
                    yield f"id: {event_id}\nevent: state\ndata: {data}\n\n"
                left = end - time.monotonic()
                if left <= 0:
                    break
                if not manager.wait(table, seq, left, watch_presence=True):
                    break
            yield "event: bye\ndata: {}\n\n"
        finally:
            metrics.OPEN_STREAMS.dec()
            leave()

    response = Response(stream(), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    return response


__all__ = ["events"]
