"""The process's metrics (Prometheus, through ``prometheus-client``): one place for every
series, so the store, the tables and the web front-end count into the same objects and
none of them needs another's imports (the store stays free of Flask).

Under ``wordyahtzee serve`` the workers share them in ``prometheus-client``'s multiprocess
mode: ``serve`` gives them a private ``PROMETHEUS_MULTIPROC_DIR`` before anything imports
this module (:func:`wordyahtzee.runtime.metrics_dir.private_metrics_dir`), and :func:`exposition`
adds up every worker's files. A process on its own (tests, ``create_app``) counts in its memory.
"""

from __future__ import annotations

import os
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client import multiprocess as _multiprocess

from .metrics_dir import ENV

REQUESTS = Histogram(
    "wordyahtzee_request_seconds",
    "Requests by route (the URL rule, not the path), method and status, with their "
    "duration (a live stream: until it ends)",
    ["route", "method", "status"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0))
ACTIONS = Counter("wordyahtzee_actions",
                  "Moves stored (throws, claims, every action a table stores), by mode",
                  ["mode"])
OPEN_STREAMS = Gauge("wordyahtzee_open_streams", "Live event streams open now",
                     multiprocess_mode="livesum")
GROUP_COMMIT = Histogram("wordyahtzee_group_commit_writers",
                         "Writers sharing one SQLite commit (group commit)",
                         buckets=(1, 2, 4, 8, 16, 32, 64, 128))
STORE_ERRORS = Counter("wordyahtzee_store_errors",
                       "Store failures by kind: unavailable (database unreachable), busy, "
                       "stale (a move that met a game which had moved on), reconnect (the "
                       "PostgreSQL pool still failing to reconnect)", ["kind"])
GAMES_DAMAGED = Gauge("wordyahtzee_games_damaged",
                      "Stored games found not to replay, kept out of play (the most any live "
                      "worker found; `wordyahtzee games verify` lists them)",
                      multiprocess_mode="livemax")
REPLAY_DISPUTES = Counter("wordyahtzee_replay_disputes",
                          "Recorded judgments of moves that a replay computed otherwise (the "
                          "record stands: a rule's code changed since the move), by mode",
                          ["mode"])
RATE_LIMITED = Counter("wordyahtzee_rate_limited",
                       "Requests refused by a rate limit, by the limit's name", ["limit"])
WARM_SECONDS = Gauge("wordyahtzee_strategy_warm_seconds",
                     "Seconds loading (or computing) a strategy table took",
                     ["mode", "key"], multiprocess_mode="livemax")
WARM = Gauge("wordyahtzee_strategy_warm",
             "1 when the strategy table is in memory (in every live worker), else 0",
             ["mode", "key"], multiprocess_mode="livemin")


def multiprocess() -> bool:
    """Whether the metrics are shared between worker processes (``serve``)."""
    return bool(os.environ.get(ENV))


def exposition() -> tuple[bytes, str]:
    """The metrics in Prometheus's text format, and its content type: every worker's
    summed under ``serve``, this process's otherwise."""
    if not multiprocess():
        return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
    registry = CollectorRegistry()
    collect: Any = _multiprocess.MultiProcessCollector  # untyped in prometheus-client
    collect(registry)
    return generate_latest(registry), CONTENT_TYPE_LATEST


def worker_gone(pid: int) -> None:
    """A worker process has ended: its live gauges stop counting."""
    if multiprocess():
        forget: Any = _multiprocess.mark_process_dead  # untyped in prometheus-client
        forget(pid)
