"""The Flask front-end: an adapter over the engine (``create_app`` is the factory).

Configuration keys (``create_app({...})``):

``DATABASE``
    path of the SQLite store (default: ``wordyahtzee.sqlite3`` in the user data dir).
``CLOCK``
    the wall clock the hourglass uses (default ``time.time``); tests inject a fake one.
``RNG_FACTORY``
    makes the dice RNG of each game (default ``random.SystemRandom``).
``SSE_SECONDS``
    how long one server-sent-events response stays open before the browser reconnects
    (default 25; keeps the WSGI server's fixed thread pool free).
``COMPUTER_PACE``
    seconds a computer player waits before each move, so watchers see its throws
    (default 0.8; tests use less).
``WARM_STRATEGIES``
    the joker readings whose classic strategy tables are loaded (or, the first time ever,
    computed) in a background thread at start (default: ``$WORDYAHTZEE_WARM``, a comma
    list, else both readings; ``()`` for none). Hints and the optimal computer player need
    them; no request ever waits for one.
``MAX_CONTENT_LENGTH``
    the largest request body (default 8 MiB, the word-list upload limit); JSON bodies are
    limited to ``MAX_JSON_BYTES`` (default 64 KiB).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Mapping
from typing import Any

from flask import Flask

from wordyahtzee.store import Store

from . import strategies
from .tables import TableManager

WARM_ENV = "WORDYAHTZEE_WARM"

DEFAULTS: dict[str, Any] = {
    "DATABASE": None,
    "CLOCK": time.time,
    "RNG_FACTORY": random.SystemRandom,
    "SSE_SECONDS": 25.0,
    "COMPUTER_PACE": 0.8,
    "WARM_STRATEGIES": None,
    "MAX_CONTENT_LENGTH": 8 * 1024 * 1024,
    "MAX_JSON_BYTES": 64 * 1024,
    "UPLOAD_MAX_BYTES": 8 * 1024 * 1024,
    "JSON_SORT_KEYS": False,
}


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app: the JSON API under ``/api``, the pages under ``/``."""
    app = Flask(__name__)
    app.config.update(DEFAULTS)
    if config:
        app.config.update(config)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    store = Store(app.config["DATABASE"], clock=app.config["CLOCK"])
    manager = TableManager(store, app.config["CLOCK"], app.config["RNG_FACTORY"],
                           float(app.config["COMPUTER_PACE"]))
    app.extensions["wordyahtzee.store"] = store
    app.extensions["wordyahtzee.tables"] = manager

    from . import api, pages

    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    api.register_error_handlers(app)
    warm = app.config["WARM_STRATEGIES"]
    if warm is None:
        warm = os.environ.get(WARM_ENV, "free,forced").split(",")
    strategies.warm(warm)
    return app


def tables(app: Flask) -> TableManager:
    """The app's table manager."""
    manager: TableManager = app.extensions["wordyahtzee.tables"]
    return manager


def store(app: Flask) -> Store:
    """The app's store."""
    value: Store = app.extensions["wordyahtzee.store"]
    return value
