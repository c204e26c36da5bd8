"""The Flask front-end: a thin adapter over the table service and the engine
(``create_app`` is the factory). Installed as ``wordyahtzee.web``.

Configuration keys (``create_app({...})``):

``DATABASE``
    where the store lives: a SQLite file path (default: ``wordyahtzee.sqlite3`` in the
    user data dir).
``CLOCK``
    the wall clock the hourglass uses (default ``time.time``); tests inject a fake one.
``RNG_FACTORY``
    makes the dice RNG of each game (default ``random.SystemRandom``).
``SSE_SECONDS``
    how long one server-sent-events response stays open before the browser reconnects
    (default 25).
``COMPUTER_PACE``
    seconds a computer player waits before each move, so watchers see its throws
    (default 0.8; tests use less).
``WARM_STRATEGIES``
    the strategy-table keys (classic: the joker readings; Woord Yahtzee:
    ``dictionary/dice_set/threshold``) loaded, or the first time ever computed, in a
    background thread at start, most used first, each followed by its sample of optimal
    play (default: ``$WORDYAHTZEE_WARM``, a comma list, else all; ``()`` for none). Hints,
    optimal computer players and reviews need them; no request ever waits for one.
``OPTIMAL_SAMPLE_GAMES``
    per mode, the size of the sample of optimal play's final scores the review page draws
    (e.g. ``{"classic": 2000}``; a mode not named: the production size, see
    :mod:`wordyahtzee.advisor.final_scores`). Like the strategy tables it is prepared in
    the background on first use and cached on disk; the page says so meanwhile.
``ABANDON_DAYS``
    a table without a move for this many days is finished as abandoned and leaves memory
    (default 7; ``None``: never). Tables nobody watches leave memory after ten idle
    minutes and reload on demand.
``MINE_PUZZLES``
    mine every finished game for puzzles in the background (default true;
    ``$WORDYAHTZEE_MINE_PUZZLES=0`` turns it off, for a site that runs ``wordyahtzee puzzle
    mine`` on its own; docs/puzzles.md).
``TICK_SECONDS``
    how often the table ticker applies due timeouts and picks up moves other processes
    stored (default 1.0; ``None``: no ticker thread, the caller ticks).
``MAX_CONTENT_LENGTH``
    the largest request body (default 8 MiB, the word-list upload limit); JSON bodies are
    limited to ``MAX_JSON_BYTES`` (default 64 KiB).
``WORD_LIST_MAX_BYTES``
    the most text an uploaded word list may hold once decompressed (default 64 MiB); a
    gzip bomb fails its build job with ``word_list_too_large``.
``MAX_USER_DICTIONARIES``
    the most user dictionaries an upload may bring the total to (default:
    ``$WORDYAHTZEE_MAX_DICTIONARIES``, else 50).
``ALLOWED_HOSTS``
    the host names this server answers to (``Host``, any port): names, ``.example.org``
    for a domain and its subdomains, or ``*`` for any (default ``localhost``,
    ``127.0.0.1``, ``[::1]``; ``$WORDYAHTZEE_ALLOWED_HOSTS``, a comma list, or ``serve
    --allowed-hosts`` set it). Any other name in ``Host`` is refused with 421
    ``bad_host``, the defence against DNS rebinding (IP addresses always pass).
``SOLVE_MAX_BLANKS``
    the most blanks a solve may have (default 4); more is refused as too costly
    (``bad_rack``).
``SOLVE_SECONDS``
    under ``serve``, the time budget of one solve, run in a worker process that keeps the
    word indexes loaded (default 1.0); a solve over it is stopped: 503 ``unavailable``.
``BUILD_SECONDS``
    the time budget of one dictionary build, in its own process (default 30;
    ``$WORDYAHTZEE_BUILD_SECONDS``); a build over it is killed and its job fails with
    ``word_list_too_large``.
``LAN_ADDRESSES``
    this machine's addresses on its network, when the server listens there (``serve --host
    0.0.0.0`` finds them; default none): a host who opened the site at ``127.0.0.1`` gets
    invite links on the first, which another device can open.
``TRUSTED_ORIGINS``
    origins (``https://games.example``) besides the request's own host whose pages may
    change state through the API: for a reverse proxy that rewrites ``Host`` (default none).
``RATE_LIMITS``
    per-client limits, Flask-Limiter strings keyed ``games``, ``uploads``, ``check``,
    ``solve``, ``reports``, ``reactions``, ``profiles``, ``login``, ``dice_sets`` (defaults in
    :data:`web.security.RATE_LIMITS`; a false value lifts one).
``RATELIMIT_STORAGE_URI``
    where the rate-limit counters live (default ``memory://``: each process counts its
    own); give several processes one store, e.g. ``redis://host:6379``, to share the
    limits (``serve --ratelimit-storage``). While that store cannot be reached, each
    process counts in its own memory; no request fails for it.
``RATELIMIT_ENABLED``
    false switches every rate limit off (default true).
``METRICS_ALLOW``
    addresses besides this machine's own that may read ``/metrics`` (default none;
    ``serve --metrics-allow``, ``$WORDYAHTZEE_METRICS_ALLOW``); anyone else, and any request
    through a proxy, gets 404.
``PROXIES``
    how many reverse proxies in front of the server to trust (default 0): the client's
    address is then the one they put in ``X-Forwarded-For`` (``serve --proxies``,
    ``$WORDYAHTZEE_PROXIES``).

The environment sets seven of these for ``wordyahtzee serve``: ``WORDYAHTZEE_METRICS_ALLOW``
(addresses), ``WORDYAHTZEE_RATE_LIMITS=off`` (load tests), ``WORDYAHTZEE_RATELIMIT_STORAGE``
(a shared counter store; ``serve --ratelimit-storage`` wins over it),
``WORDYAHTZEE_COMPUTER_PACE`` (seconds; tests of whole
games against computers), ``WORDYAHTZEE_ALLOWED_HOSTS`` (host names, comma-separated),
``WORDYAHTZEE_PROXIES`` (trusted proxies; ``serve --proxies`` wins over it) and
``WORDYAHTZEE_BUILD_SECONDS`` (the build budget).

The security checks and headers are described in :mod:`web.security`.
"""

from __future__ import annotations

import contextlib
import os
import random
import time
from collections.abc import Mapping
from typing import Any

from flask import Flask
from flask_babel import Babel

from wordyahtzee.errors import WordyahtzeeError
from wordyahtzee.lexicon.overlay import Overlay
from wordyahtzee.moderation import Moderation
from wordyahtzee.store import Store, open_store
from wordyahtzee.tables import TableService

from .json_provider import OrjsonProvider

WARM_ENV = "WORDYAHTZEE_WARM"

DEFAULTS: dict[str, Any] = {
    "DATABASE": None,
    "CLOCK": time.time,
    "RNG_FACTORY": random.SystemRandom,
    "SSE_SECONDS": 25.0,
    "COMPUTER_PACE": 0.8,
    "WARM_STRATEGIES": None,
    "OPTIMAL_SAMPLE_GAMES": None,
    "TICK_SECONDS": 1.0,
    "MINE_PUZZLES": True,
    "ABANDON_DAYS": 7.0,
    "MAX_CONTENT_LENGTH": 8 * 1024 * 1024,
    "MAX_JSON_BYTES": 64 * 1024,
    "UPLOAD_MAX_BYTES": 8 * 1024 * 1024,
    "WORD_LIST_MAX_BYTES": 64 * 1024 * 1024,
    "MAX_USER_DICTIONARIES": None,
    "SOLVE_MAX_BLANKS": 4,
    "SOLVE_SECONDS": 1.0,
    "BUILD_SECONDS": 30.0,
    "JSON_SORT_KEYS": False,
    "METRICS_ALLOW": (),
}


def environment_config() -> dict[str, Any]:
    """The settings the environment gives ``wordyahtzee serve`` (see above); a bad value is
    a :class:`~wordyahtzee.errors.WordyahtzeeError` naming the variable."""
    config: dict[str, Any] = {}
    if os.environ.get("WORDYAHTZEE_RATE_LIMITS") == "off":
        config["RATELIMIT_ENABLED"] = False
    if os.environ.get("WORDYAHTZEE_RATELIMIT_STORAGE"):
        from .security import check_storage_uri

        config["RATELIMIT_STORAGE_URI"] = check_storage_uri(
            os.environ["WORDYAHTZEE_RATELIMIT_STORAGE"], "WORDYAHTZEE_RATELIMIT_STORAGE")
    if os.environ.get("WORDYAHTZEE_PROXIES"):
        from .security import check_proxies

        config["PROXIES"] = check_proxies(os.environ["WORDYAHTZEE_PROXIES"],
                                          "WORDYAHTZEE_PROXIES")
    hosts = os.environ.get("WORDYAHTZEE_ALLOWED_HOSTS")
    if hosts is not None:
        from .security import parse_hosts

        config["ALLOWED_HOSTS"] = parse_hosts(hosts)
        if not config["ALLOWED_HOSTS"]:
            raise WordyahtzeeError("WORDYAHTZEE_ALLOWED_HOSTS is a comma list of host "
                                   "names (e.g. games.example,localhost)", "usage")
    budget = os.environ.get("WORDYAHTZEE_BUILD_SECONDS")
    if budget:
        try:
            config["BUILD_SECONDS"] = float(budget)
        except ValueError:
            config["BUILD_SECONDS"] = -1.0
        if not 0 < config["BUILD_SECONDS"] <= 3600:
            raise WordyahtzeeError("WORDYAHTZEE_BUILD_SECONDS is a number of seconds, "
                                   "up to 3600", "usage")
    allow = os.environ.get("WORDYAHTZEE_METRICS_ALLOW")
    if allow:
        from .health import parse_allow

        config["METRICS_ALLOW"] = parse_allow(allow, "WORDYAHTZEE_METRICS_ALLOW")
    pace = os.environ.get("WORDYAHTZEE_COMPUTER_PACE")
    if pace:
        try:
            config["COMPUTER_PACE"] = float(pace)
        except ValueError:
            config["COMPUTER_PACE"] = -1.0
        if not 0 <= config["COMPUTER_PACE"] <= 60:
            raise WordyahtzeeError("WORDYAHTZEE_COMPUTER_PACE is a number of seconds, 0-60",
                                   "usage")
    mine = os.environ.get("WORDYAHTZEE_MINE_PUZZLES")
    if mine:
        if mine not in ("0", "1"):
            raise WordyahtzeeError("WORDYAHTZEE_MINE_PUZZLES is 1 (mine in the background, the "
                                   "default) or 0 (leave it to `wordyahtzee puzzle mine`)",
                                   "usage")
        config["MINE_PUZZLES"] = mine == "1"
    return config


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app: the JSON API under ``/api``, the pages under ``/``."""
    app = Flask(__name__)
    app.config.update(DEFAULTS)
    app.config.update(environment_config())
    if config:
        app.config.update(config)
    app.json = OrjsonProvider(app)
    store = open_store(app.config["DATABASE"], clock=app.config["CLOCK"])
    days = app.config["ABANDON_DAYS"]
    overlay = Overlay()  # the moderators' word decisions; the ticker keeps them current
    overlay.refresh(store)
    service = TableService(store, app.config["CLOCK"], app.config["RNG_FACTORY"],
                           float(app.config["COMPUTER_PACE"]),
                           abandon_seconds=None if days is None else float(days) * 86400,
                           sample_games=app.config["OPTIMAL_SAMPLE_GAMES"], overlay=overlay)
    service.puzzles.mining = bool(app.config["MINE_PUZZLES"])
    app.extensions["wordyahtzee.store"] = store
    app.extensions["wordyahtzee.tables"] = service
    app.extensions["wordyahtzee.overlay"] = overlay
    app.extensions["wordyahtzee.moderation"] = Moderation(store, app.config["CLOCK"], overlay)

    from . import apidoc, health, pages, security
    from .cookies import keep_browser_key
    from .errors import register_error_handlers
    from .games import routes as games
    from .i18n import DEFAULT_LANGUAGE, TRANSLATIONS
    from .lobby import routes as lobby
    from .requestlog import init_request_log
    from .words import routes as words

    app.url_map.converters["lobby"] = lobby.LobbyId
    from .daily import routes as daily
    from .moderation import routes as moderation
    from .puzzles import routes as puzzles

    app.register_blueprint(apidoc.bp)  # each feature's blueprint, beside its models
    app.register_blueprint(games.bp)
    app.register_blueprint(words.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(daily.bp)
    app.register_blueprint(lobby.bp)
    app.register_blueprint(moderation.bp)
    app.register_blueprint(puzzles.bp)
    register_error_handlers(app)
    pages.register_error_pages(app)
    # the pages' language: gettext catalogues (i18n.py), chosen per request
    Babel(app, locale_selector=pages.current_language, default_locale=DEFAULT_LANGUAGE,
          default_translation_directories=str(TRANSLATIONS))
    security.init_security(app)
    app.after_request(keep_browser_key)  # a browser's own things: the key that says so
    with contextlib.suppress(WordyahtzeeError):  # the store away: the next start does it
        service.owned.import_unowned()  # own boxes and uploads kept before they had owners
    app.register_blueprint(health.bp)
    init_request_log(app)
    warm = app.config["WARM_STRATEGIES"]
    if warm is None:
        env = os.environ.get(WARM_ENV)
        warm = None if env is None else [k for k in env.split(",") if k]
    service.coaching.warm(None if warm is None else list(warm))
    if app.config["TICK_SECONDS"]:
        service.run_ticker(float(app.config["TICK_SECONDS"]))
    return app


def tables(app: Flask) -> TableService:
    """The app's table service."""
    service: TableService = app.extensions["wordyahtzee.tables"]
    return service


def store(app: Flask) -> Store:
    """The app's store."""
    value: Store = app.extensions["wordyahtzee.store"]
    return value
