"""Defences of the web front-end, registered by :func:`init_security` (docs/web.md,
"Hardening"):

- **Host names** (DNS rebinding): every request whose ``Host`` is neither one of
  ``ALLOWED_HOSTS`` (``localhost``, ``127.0.0.1`` and ``[::1]`` by default; any port) nor
  an IP address is refused with 421 ``bad_host`` (an error page outside ``/api``), reads
  as well as writes: a page on ``evil.example`` whose name the attacker re-points at this
  machine sends its own name as ``Host``.
- **Cross-site requests** (CSRF): a state-changing request under ``/api`` (any method but
  GET, HEAD and OPTIONS) whose ``Origin`` names another host than the request's own (or
  one of ``TRUSTED_ORIGINS``), or that a browser marks ``Sec-Fetch-Site: cross-site`` or
  ``same-site`` without a matching ``Origin``, is refused with 403 ``cross_site``.
  Requests with neither header (curl, scripts) pass.
- **JSON only**: those requests must say ``Content-Type: application/json`` (415
  ``unsupported_media_type``), except the word-list upload, which is multipart, and a
  request with no body and no type at all (a route whose body is optional). A browser
  cannot send that type across sites without a CORS preflight, which this server never
  grants, and its forms always name a type.
- **Security headers** on every response: a strict Content-Security-Policy (no inline
  script or style), ``X-Content-Type-Options``, ``Referrer-Policy``, ``X-Frame-Options``.
- **Rate limits** per client address (Flask-Limiter) on creating games, profiles and dice
  sets, uploads, check and solve, the moderators' login: ``RATE_LIMITS`` sets them,
  ``RATELIMIT_STORAGE_URI`` the counter store (``memory://`` by default: each process
  counts its own; ``redis://HOST:PORT`` shares the counters between every process that
  names it), ``RATELIMIT_ENABLED`` switches them off. Each request is counted when it
  is checked, before its view runs (a reservation: atomic in the store), so a burst
  gets no more than the limit; a request to any other endpoint (a move, a stream, a
  page) is not looked at. A refused request gets 429 ``rate_limited`` with
  ``Retry-After``. A shared store that cannot be reached never fails a request: the
  process counts in its own memory meanwhile (Flask-Limiter's in-memory fallback) and
  goes back to the store once it answers again.
- **Behind a proxy** (``PROXIES`` = N, ``serve --proxies N``): the client's address, for
  the rate limits, is the one the N trusted proxies in front put in ``X-Forwarded-For``
  (Werkzeug's ``ProxyFix``), and the scheme theirs in ``X-Forwarded-Proto``. Only the last
  N entries count, so a client cannot choose its address by sending its own header.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, request
from flask.logging import default_handler
from flask_limiter import Limiter, RateLimitExceeded
from werkzeug.datastructures import Headers
from werkzeug.exceptions import MisdirectedRequest
from werkzeug.middleware.proxy_fix import ProxyFix

from wordyahtzee.errors import ServiceError, WordyahtzeeError
from wordyahtzee.runtime import metrics

from .errors import error_response

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
MULTIPART_ENDPOINTS = frozenset({"words.upload_dictionary"})
PROBE_ENDPOINTS = frozenset({"health.healthz", "health.readyz", "health.metrics_page"})
"""The endpoints the host check lets through (:mod:`web.health`): a local probe may
name any host."""

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
    "connect-src 'self'", "font-src 'self'", "frame-ancestors 'none'", "base-uri 'none'",
    "form-action 'self'", "object-src 'none'",
])
SECURITY_HEADERS: Mapping[str, str] = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}

RATE_LIMITS: Mapping[str, str] = {
    "games": "60 per minute; 600 per hour",
    "uploads": "5 per minute; 30 per hour",
    "check": "120 per minute; 2000 per hour",
    "solve": "60 per minute; 1000 per hour",
    "reports": "20 per minute; 200 per hour",
    "reactions": "20 per minute; 300 per hour",
    "profiles": "6 per hour; 12 per day",
    "login": "5 per minute; 30 per hour",
    "dice_sets": "10 per hour; 30 per day",
}
"""The default limits per client address, as Flask-Limiter strings. Every request counts,
before its view runs: a reservation in the counter store (one atomic increment there, in
Redis a script), so requests that arrive at once are counted one by one and the limit's
own request is the last one let through. Nothing is given back, not even for a request
the view refuses: a refund made after the work may land in the next window (or race the
counter's expiry) and add to the budget there, and a refused request costs little of a
budget this generous (the pages check a name before they send it). A solve with more
than one blank costs :data:`MULTI_BLANK_COST` of its budget (it searches far more
words). Profiles: each has one attempt a day at the daily game, so an address that made
them without end would have as many; a family behind one address makes a few, once.
Login: every attempt at the moderators' login counts, right or wrong (and the store
reserves each password check per name and per address: :mod:`wordyahtzee.moderation`).
Dice sets: every attempt counts, taken from the budget before the set is made (a family
enters its box once or twice; each owner keeps at most
:data:`wordyahtzee.owned.service.BOX_CAP`, counted in the store)."""
LIMITED_ENDPOINTS: Mapping[str, str] = {
    "games": "api.create_game", "uploads": "words.upload_dictionary", "check": "words.check",
    "solve": "words.solve", "reports": "words.report_word", "reactions": "api.react",
    "profiles": "daily.make_profile", "login": "moderate.login_post",
    "dice_sets": "words.add_dice_set",
}
MULTI_BLANK_COST = 4

ALLOWED_HOSTS: tuple[str, ...] = ("localhost", "127.0.0.1", "[::1]")
"""The host names a request may name in ``Host`` unless ``ALLOWED_HOSTS`` says otherwise."""

DEFAULTS: dict[str, Any] = {
    "ALLOWED_HOSTS": ALLOWED_HOSTS,
    "TRUSTED_ORIGINS": (),
    "RATE_LIMITS": dict(RATE_LIMITS),
    "RATELIMIT_ENABLED": True,
    "RATELIMIT_STORAGE_URI": "memory://",
    "RATELIMIT_HEADERS_ENABLED": True,
    # A shared store that fails: count in this process's memory meanwhile (re-trying the
    # store after 1, 2, 4 … 32 s), and never turn a failing store into a 500.
    "RATELIMIT_IN_MEMORY_FALLBACK_ENABLED": True,
    "RATELIMIT_SWALLOW_ERRORS": True,
    "PROXIES": 0,
}
"""The configuration keys this module reads, with their defaults."""

STORAGE_SCHEMES: Mapping[str, str] = {
    "memory": "",
    "redis": "redis", "rediss": "redis", "redis+unix": "redis", "redis+sentinel": "redis",
    "redis+cluster": "redis",
    "valkey": "valkey", "valkeys": "valkey", "valkey+unix": "valkey",
    "valkey+sentinel": "valkey", "valkey+cluster": "valkey",
    "memcached": "pymemcache", "mongodb": "pymongo", "mongodb+srv": "pymongo",
}
"""The rate-limit stores Flask-Limiter can use (its synchronous ones), each with the Python
package it needs; ``redis`` comes with the ``redis`` extra (``pip install
'wordyahtzee[redis]'``) and with both locks."""

STORE_SECONDS = 0.5
"""How long a rate-limit check waits for a Redis (or Valkey) store to connect or answer
(unless the URI says ``socket_timeout=`` or ``socket_connect_timeout=``). Past it, the
process counts in its own memory: a store that hangs costs a request at most twice this,
never the minutes of the operating system's connect timeout."""


def storage_scheme(uri: str) -> str:
    """The scheme of a storage URI, lower-case (``''`` when it has none).

    >>> storage_scheme("redis://127.0.0.1:6379/0"), storage_scheme("memory://")
    ('redis', 'memory')
    >>> storage_scheme("localhost:6379")
    ''
    """
    scheme, sep, _ = uri.strip().partition("://")
    return scheme.lower() if sep else ""


def is_shared_storage(uri: str) -> bool:
    """Whether the counters at ``uri`` are shared between processes (anything but
    ``memory://``)."""
    return storage_scheme(uri) != "memory"


MAX_PROXIES = 5
"""The most proxies ``PROXIES`` may trust in a row."""


def check_proxies(value: str | int, name: str) -> int:
    """``value`` as the number of trusted proxies (0-:data:`MAX_PROXIES`), else a
    :class:`~wordyahtzee.errors.WordyahtzeeError` (``usage``) in one line naming ``name``.

    >>> check_proxies("1", "--proxies")
    1
    >>> check_proxies("x", "--proxies")
    Traceback (most recent call last):
    ...
    wordyahtzee.errors.WordyahtzeeError: --proxies is a number of proxies in front, 0-5
    """
    try:
        number = int(value)
    except ValueError:
        number = -1
    if not 0 <= number <= MAX_PROXIES:
        raise WordyahtzeeError(f"{name} is a number of proxies in front, 0-{MAX_PROXIES}",
                               "usage")
    return number


def check_storage_uri(uri: str, name: str) -> str:
    """``uri`` if Flask-Limiter can count there, else a
    :class:`~wordyahtzee.errors.WordyahtzeeError` (``usage``) in one line that starts with
    ``name`` (the option or variable that gave it) and never repeats the URI (it may hold a
    password).

    >>> check_storage_uri("memory://", "--ratelimit-storage")
    'memory://'
    >>> check_storage_uri("localhost:6379", "--ratelimit-storage")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wordyahtzee.errors.WordyahtzeeError: --ratelimit-storage takes memory:// or ... (not a URI)
    """
    import importlib.util

    scheme = storage_scheme(uri)
    takes = f"{name} takes memory:// or a shared store's URI such as redis://HOST:6379"
    if not scheme:
        raise WordyahtzeeError(f"{takes} (not a URI)", "usage")
    if scheme not in STORAGE_SCHEMES:
        raise WordyahtzeeError(f"{takes} (unknown scheme {scheme[:40]!r})", "usage")
    try:
        urlsplit(uri.strip()).port  # noqa: B018 - raises on a port that is not a number
    except ValueError:
        raise WordyahtzeeError(f"{takes} (its port is not a number 0-65535)",
                               "usage") from None
    package = STORAGE_SCHEMES[scheme]
    if package and importlib.util.find_spec(package) is None:
        how = "'wordyahtzee[redis]'" if package == "redis" else package
        raise WordyahtzeeError(f"{name} {scheme}://… needs the Python package {package}: "
                               f"pip install {how}", "usage")
    return uri.strip()


def storage_options(uri: str) -> dict[str, Any]:
    """The options Flask-Limiter gives the store at ``uri``: for Redis and Valkey, the
    :data:`STORE_SECONDS` timeouts (a ``socket_timeout=`` or ``socket_connect_timeout=``
    in the URI's query wins); none for the others."""
    if STORAGE_SCHEMES.get(storage_scheme(uri)) in ("redis", "valkey"):
        return {"socket_connect_timeout": STORE_SECONDS, "socket_timeout": STORE_SECONDS}
    return {}


def client_key(address: str | None) -> str:
    """What the per-address limits count a client by: its IPv4 address, or the /64 network
    of its IPv6 address (one home or machine gets a whole /64 and may pick any address in
    it); anything else as it is, cut to 64 characters.

    >>> client_key("203.0.113.9"), client_key("2001:db8:1:2:aaaa::1")
    ('203.0.113.9', '2001:db8:1:2::/64')
    >>> client_key("::ffff:203.0.113.9"), client_key(None)
    ('203.0.113.9', '')
    """
    if not address:
        return ""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)


def _client() -> str:
    """The limiter's key of the request's client (:func:`client_key`)."""
    return client_key(request.remote_addr) or "unknown"


PROXY_HEADERS = ("X-Forwarded-For", "Forwarded", "X-Real-IP")
"""Headers a proxy adds: a request that carries one came through a proxy."""


def from_this_machine() -> bool:
    """Whether the request comes from the server's own machine: a loopback address, and
    not through a proxy on this machine (which would carry any client's request)."""
    return (request.remote_addr in ("127.0.0.1", "::1")
            and not any(h in request.headers for h in PROXY_HEADERS))


def _host_of(origin: str) -> str | None:
    """``host[:port]`` of an ``Origin`` value, lower-case; None for ``null`` or junk."""
    try:
        parts = urlsplit(origin.strip())
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return parts.netloc.lower()


def host_name(host: str) -> str:
    """The name in a ``Host`` value, lower-case and without its port.

    >>> host_name("LocalHost:5000"), host_name("[::1]:8000"), host_name("[::1]")
    ('localhost', '[::1]', '[::1]')
    """
    host = host.strip().lower()
    if host.startswith("[") and "]" in host:
        name, _, rest = host.partition("]")
        return name + "]" if not rest or (rest[0] == ":" and rest[1:].isdigit()) else host
    name, colon, port = host.partition(":")
    return name if colon and ":" not in port else host


def host_allowed(host: str, allowed: tuple[str, ...] | list[str]) -> bool:
    """Whether a request's ``Host`` names one of ``allowed``: a name (any port), ``*`` (any
    host) or ``.example.org`` (that domain and its subdomains). An IP address is always
    allowed: a rebinding page sends its own name, never the address it was re-pointed at,
    and players on the local network reach a ``--host 0.0.0.0`` server by its address.

    >>> host_allowed("localhost:5000", ALLOWED_HOSTS)
    True
    >>> host_allowed("evil.example", ALLOWED_HOSTS)
    False
    >>> host_allowed("play.example.org", [".example.org"])
    True
    >>> host_allowed("192.168.1.20:5000", ALLOWED_HOSTS)
    True
    """
    name = host_name(host)
    if not name:
        return False
    try:
        ipaddress.ip_address(name[1:-1] if name.startswith("[") else name)
    except ValueError:
        pass
    else:
        return True
    for entry in allowed:
        entry = entry.strip().lower()
        if entry == "*" or name == host_name(entry):
            return True
        if entry.startswith(".") and (name.endswith(entry) or name == entry[1:]):
            return True
    return False


def parse_hosts(value: str) -> tuple[str, ...]:
    """A comma (or space) separated list of host names, as ``--allowed-hosts`` and
    ``WORDYAHTZEE_ALLOWED_HOSTS`` take it.

    >>> parse_hosts("games.example, localhost")
    ('games.example', 'localhost')
    """
    return tuple(h for h in value.replace(",", " ").split() if h)


def is_cross_site(headers: Headers | Mapping[str, str], host: str,
                  trusted: tuple[str, ...] | list[str] = ()) -> bool:
    """Whether a request with these headers, sent to ``host``, comes from another site.

    An ``Origin`` decides when present: it must name ``host`` or a trusted origin. Without
    one, ``Sec-Fetch-Site: cross-site`` (or ``same-site``: another port or subdomain) does.
    Neither header: not a browser's cross-site request.

    >>> is_cross_site({"Origin": "http://localhost:8000"}, "localhost:8000")
    False
    >>> is_cross_site({"Origin": "http://localhost:9000"}, "localhost:8000")
    True
    >>> is_cross_site({"Sec-Fetch-Site": "cross-site"}, "localhost:8000")
    True
    >>> is_cross_site({}, "localhost:8000")
    False
    """
    origin = headers.get("Origin")
    if origin is not None:
        own = {host.lower()} | {h for h in (_host_of(t) for t in trusted) if h}
        return _host_of(origin) not in own
    return headers.get("Sec-Fetch-Site", "").strip().lower() in ("cross-site", "same-site")


def _check_request() -> None:
    """Refuse a foreign ``Host``; cross-site state changes and non-JSON bodies under
    ``/api``."""
    from flask import current_app

    if request.endpoint in PROBE_ENDPOINTS:  # local probes name any host
        return
    allowed = tuple(current_app.config["ALLOWED_HOSTS"])
    host = request.headers.get("Host")
    if not host_allowed(request.host if host is None else host, allowed):
        raise MisdirectedRequest("this server does not answer to the host name "
                                 f"{host_name(request.headers.get('Host', ''))[:100]!r} "
                                 "(see --allowed-hosts)")
    if request.method in SAFE_METHODS or not request.path.startswith("/api"):
        return
    trusted = tuple(current_app.config["TRUSTED_ORIGINS"])
    if is_cross_site(request.headers, request.host, trusted):
        raise ServiceError("refused: a state-changing request from another site (its "
                           "Origin is not this server)", "cross_site")
    if request.routing_exception is not None or request.endpoint in MULTIPART_ENDPOINTS:
        return
    if _bodiless():  # an optional body left out: no type to name (the Origin check holds)
        return
    if request.mimetype != "application/json":
        raise ServiceError("send the request body as JSON (Content-Type: application/json)",
                           "unsupported_media_type")


def _bodiless() -> bool:
    """A request that sends no body and names no type: ``DELETE /api/profile``, a host's
    seat action, a quick match. A browser's form always names a type, so this lets through
    nothing a cross-site form could send."""
    return (not request.mimetype and not request.content_length
            and "chunked" not in request.headers.get("Transfer-Encoding", "").lower())


def _add_headers(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def _solve_cost() -> int:
    """A solve with two or more blanks costs more of the budget than one with one. Never
    raises: an error in a cost is taken by Flask-Limiter for its store's, and it would
    count in this process's memory for a while (a body that does not arrive in time
    raises here)."""
    from flask import current_app

    size = request.content_length
    if size is None or size > int(current_app.config["MAX_JSON_BYTES"]):
        return 1  # the view refuses it; never parse a big body here
    try:
        body = request.get_json(silent=True, cache=True)
    except Exception:  # the body could not be read: the view says why
        return 1
    letters = body.get("letters") if isinstance(body, dict) else None
    return MULTI_BLANK_COST if isinstance(letters, str) and letters.count("?") > 1 else 1


def _rate_limited(exc: RateLimitExceeded) -> Response:
    name = next((key for key, endpoint in LIMITED_ENDPOINTS.items()
                 if endpoint == request.endpoint), "other")
    metrics.RATE_LIMITED.labels(limit=name).inc()
    return error_response(429, "rate_limited", "too many requests from this address "
                          f"({exc.description}); wait a moment and try again")


def init_security(app: Flask) -> Limiter:
    """Install the checks, headers and rate limits on ``app`` (after its blueprints are
    registered); returns the app's limiter."""
    for key, value in DEFAULTS.items():
        app.config.setdefault(key, value)
    app.before_request(_check_request)
    app.after_request(_add_headers)
    proxies = int(app.config["PROXIES"])
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies,  # type: ignore[method-assign]
                                x_proto=proxies)
    uri = str(app.config["RATELIMIT_STORAGE_URI"])
    limiter = Limiter(_client, app=app, default_limits=[], storage_uri=uri,
                      storage_options=storage_options(uri))
    limits = {**RATE_LIMITS, **dict(app.config["RATE_LIMITS"])}
    for key, endpoint in LIMITED_ENDPOINTS.items():
        spec = limits.get(key)
        if not spec:
            continue
        cost: Any = _solve_cost if key == "solve" else 1
        # counted when checked (never ``deduct_when``, which counts after the answer: a
        # burst would pass the check before any of it was counted)
        limited: Any = limiter.limit(spec, cost=cost)(app.view_functions[endpoint])
        app.view_functions[endpoint] = limited
    # Flask-Limiter looks at every request for limits; only these endpoints have any, so
    # every other request (a move, a stream, a page) skips that look.
    limited_endpoints = frozenset(endpoint for key, endpoint in LIMITED_ENDPOINTS.items()
                                  if limits.get(key))
    limiter.request_filter(lambda: request.endpoint not in limited_endpoints)
    app.register_error_handler(RateLimitExceeded, _rate_limited)
    if default_handler not in limiter.logger.handlers:
        # Flask-Limiter's own warnings ("storage unreachable - falling back to in-memory
        # storage") go where the app's do, not into its NullHandler.
        limiter.logger.addHandler(default_handler)
    app.extensions["wordyahtzee.limiter"] = limiter
    return limiter


__all__ = ["ALLOWED_HOSTS", "CONTENT_SECURITY_POLICY", "DEFAULTS", "MAX_PROXIES",
           "PROXY_HEADERS", "RATE_LIMITS", "SECURITY_HEADERS", "STORAGE_SCHEMES",
           "STORE_SECONDS", "check_proxies", "check_storage_uri", "client_key",
           "from_this_machine",
           "host_allowed", "host_name", "init_security", "is_cross_site", "is_shared_storage",
           "parse_hosts", "storage_options", "storage_scheme"]
