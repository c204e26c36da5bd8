"""``wordyahtzee serve``: the app on gunicorn with gevent workers.

Each worker is one process running an event loop (gevent), so an open live stream costs
a greenlet and a socket, not a thread: one process holds thousands of idle streams while
ordinary requests go on. ``--workers N`` starts N such processes on one port; they share
the tables through the store (each process picks up the others' moves within a tick, see
:meth:`wordyahtzee.tables.TableService.tick_watched`). Several ``serve`` commands on one
PostgreSQL database do the same across machines (``docs/deploy.md``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from typing import Any

from gunicorn.app.base import BaseApplication

from wordyahtzee.errors import WordyahtzeeError
from wordyahtzee.tables.offload import die_with_parent

from .worker import BODY_SECONDS, HEADER_SECONDS, Worker

WORKER_CONNECTIONS = 10_000
"""Connections one worker accepts at once (live streams included), unless
``WORDYAHTZEE_WORKER_CONNECTIONS`` says otherwise."""
SETTINGS: dict[str, tuple[float, float, float]] = {
    "WORDYAHTZEE_HEADER_SECONDS": (HEADER_SECONDS, 1, 3600),
    "WORDYAHTZEE_BODY_SECONDS": (BODY_SECONDS, 0.1, 3600),
    "WORDYAHTZEE_WORKER_CONNECTIONS": (WORKER_CONNECTIONS, 10, 100_000),
}
"""The server's settings in the environment: default, lowest, highest. The time a
request's line and headers have to arrive (also an idle kept-alive connection's), the
time its body has once they have, and the connections a worker holds at once."""


def setting(name: str, environ: Mapping[str, str] | None = None) -> float:
    """The value of the server setting ``name`` (:data:`SETTINGS`) in ``environ`` (default:
    the process's environment), else its default; a value that is no number in range is
    a :class:`~wordyahtzee.errors.WordyahtzeeError` (``usage``) in one line.

    >>> setting("WORDYAHTZEE_BODY_SECONDS", {}), setting("WORDYAHTZEE_BODY_SECONDS",
    ...                                                  {"WORDYAHTZEE_BODY_SECONDS": "5"})
    (30.0, 5.0)
    >>> setting("WORDYAHTZEE_HEADER_SECONDS", {"WORDYAHTZEE_HEADER_SECONDS": "0"})
    Traceback (most recent call last):
    ...
    wordyahtzee.errors.WordyahtzeeError: WORDYAHTZEE_HEADER_SECONDS is a number, 1-3600
    """
    default, low, high = SETTINGS[name]
    text = (os.environ if environ is None else environ).get(name, "").strip()
    if not text:
        return float(default)
    try:
        value = float(text)
    except ValueError:
        value = low - 1
    if not low <= value <= high:
        raise WordyahtzeeError(f"{name} is a number, {low:g}-{high:g}", "usage")
    return value


class Server(BaseApplication):
    """gunicorn, configured in code, loading the app in each worker after gevent has
    patched the standard library (never before the fork)."""

    def __init__(self, options: dict[str, Any], make_app: Callable[[], Any],
                 header_seconds: float = HEADER_SECONDS,
                 body_seconds: float = BODY_SECONDS) -> None:
        self.options = options
        self.make_app = make_app
        self.header_seconds = header_seconds  # read by each worker (web.worker)
        self.body_seconds = body_seconds
        super().__init__()

    def load_config(self) -> None:
        """Apply the options."""
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        """The app of one worker."""
        return self.make_app()


def _die_with_the_master(server: Any, worker: Any) -> None:
    """A worker ends when its master does, even by SIGKILL, so a killed server never leaves
    a process holding the port or serving old state."""
    die_with_parent()


def rate_limit_warning(workers: int, storage: str, enabled: bool = True) -> str | None:
    """The one-line warning ``serve`` prints when several worker processes would each
    count their own rate limits (``memory://``), else None.

    >>> rate_limit_warning(1, "memory://") is None, rate_limit_warning(2, "redis://r:6379")
    (True, None)
    >>> print(rate_limit_warning(2, "memory://"))  # doctest: +ELLIPSIS
    wordyahtzee: warning: each of the 2 worker processes counts its own rate limits ...
    """
    from .security import is_shared_storage

    if workers <= 1 or not enabled or is_shared_storage(storage):
        return None
    return (f"wordyahtzee: warning: each of the {workers} worker processes counts its own "
            f"rate limits (memory://), so a client gets up to {workers} times each limit; "
            "share them with --ratelimit-storage redis://HOST:6379")


def proxy_warning(host: str, proxies: int) -> str | None:
    """The one-line warning ``serve`` prints when it trusts ``proxies`` proxies' word for
    the client's address and listens on an address other machines may reach (anything
    but loopback), else None: a client that reaches the port without the proxy writes its
    own ``X-Forwarded-For`` and chooses its address for every per-address limit.

    >>> proxy_warning("127.0.0.1", 1) is None, proxy_warning("0.0.0.0", 0) is None
    (True, True)
    >>> print(proxy_warning("0.0.0.0", 1))  # doctest: +ELLIPSIS
    wordyahtzee: warning: --proxies 1 takes the client's address from X-Forwarded-For, ...
    """
    import ipaddress

    if not proxies or host.strip().lower() == "localhost":
        return None
    try:
        if ipaddress.ip_address(host.strip("[]")).is_loopback:
            return None
    except ValueError:
        pass  # a name, or every address ("", 0.0.0.0, ::)
    where = host if host not in ("", "0.0.0.0", "::") else "every address"
    return (f"wordyahtzee: warning: --proxies {proxies} takes the client's address from "
            f"X-Forwarded-For, and the server listens on {where}: a client that reaches "
            "the port without the proxy chooses its own address and escapes every "
            "per-address limit; let only the proxy reach it (--host 127.0.0.1, or a "
            "firewall)")


def _worker_gone(server: Any, worker: Any) -> None:
    """A worker has ended: its live gauges (open streams) stop counting."""
    from wordyahtzee.runtime.metrics import worker_gone

    worker_gone(worker.pid)


ALL_ADDRESSES = ("0.0.0.0", "::", "")
"""The ``--host`` values that listen on every address of the machine."""


def lan_addresses() -> tuple[str, ...]:
    """This machine's address on its network: the one its route to the outside leaves by
    (a UDP socket's ``connect`` picks it and sends nothing), or none (no network, only
    loopback)."""
    import ipaddress
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached
            address = str(probe.getsockname()[0])
    except OSError:
        return ()
    ip = ipaddress.ip_address(address)
    return () if ip.is_loopback or ip.is_unspecified else (address,)


def check_port_free(host: str, port: int) -> None:
    """A port another program holds is one line (exit 2), not gunicorn's retries: on recent
    macOS the AirPlay receiver holds 5000, for one."""
    import errno
    import socket

    if port == 0:
        return
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host or "0.0.0.0", port))
        except OSError as exc:
            if exc.errno != errno.EADDRINUSE:
                raise WordyahtzeeError(f"serve: cannot listen on {host}:{port}: "
                                       f"{exc.strerror}", "usage") from None
            raise WordyahtzeeError(f"serve: port {port} is in use by another program; choose "
                                   "another with --port", "usage") from None


def where_to_play(host: str, port: int, lan: tuple[str, ...]) -> list[str]:
    """The lines ``serve`` prints on start: the address to open on this machine, and, when
    it listens on its network, the one another device opens (a phone at the table)."""
    local = "127.0.0.1" if host in ALL_ADDRESSES else (f"[{host}]" if ":" in host else host)
    lines = [f"wordyahtzee: play on this computer at http://{local}:{port}/"]
    lines += [f"wordyahtzee: another device on this network joins at http://{address}:{port}/"
              for address in lan]
    if host in ("127.0.0.1", "localhost", "::1"):
        lines.append("wordyahtzee: only this computer can reach it; for a second device, "
                     "serve with --host 0.0.0.0")
    return lines


def serve(host: str, port: int, database: str | None, workers: int = 1,
          allowed_hosts: str | None = None,
          ratelimit_storage: str | None = None, proxies: str | int | None = None,
          metrics_allow: str | None = None) -> None:
    """Serve the app until stopped (SIGINT/SIGTERM stop gracefully); a bad option is a
    :class:`~wordyahtzee.errors.WordyahtzeeError` (``usage``) before anything starts.
    ``allowed_hosts``: the host names it answers to, comma-separated (default:
    ``WORDYAHTZEE_ALLOWED_HOSTS``, else localhost);
    the address it listens on, if it is one, is always among them. ``ratelimit_storage``:
    where the rate-limit counters live (default: ``WORDYAHTZEE_RATELIMIT_STORAGE``, else
    ``memory://``, each process its own; ``redis://…`` shares them). ``proxies``: how many
    reverse proxies in front to trust for the client's address (default:
    ``WORDYAHTZEE_PROXIES``, else 0). ``metrics_allow``: addresses besides this machine
    that may read ``/metrics`` (default: ``WORDYAHTZEE_METRICS_ALLOW``, else none).
    The environment bounds slow clients (:data:`SETTINGS`: a request's headers and its
    body must each arrive within 30 s by default) and a worker's connections.
    The workers share their metrics only in the directory
    :func:`wordyahtzee.runtime.metrics_dir.private_metrics_dir` names before anything imports
    ``prometheus_client`` (``wordyahtzee serve`` does); else each counts its own."""
    from . import environment_config
    from .health import parse_allow
    from .security import (
        ALLOWED_HOSTS,
        check_proxies,
        check_storage_uri,
        is_shared_storage,
        parse_hosts,
    )

    env = environment_config()  # a bad setting is one line before anything starts
    header_seconds = setting("WORDYAHTZEE_HEADER_SECONDS")
    body_seconds = setting("WORDYAHTZEE_BODY_SECONDS")
    connections = int(setting("WORDYAHTZEE_WORKER_CONNECTIONS"))
    named = parse_hosts(allowed_hosts) if allowed_hosts is not None else None
    if named == ():
        raise WordyahtzeeError("serve: --allowed-hosts names at least one host", "usage")
    hosts = tuple(named or env.get("ALLOWED_HOSTS") or ALLOWED_HOSTS)
    if host not in ALL_ADDRESSES:
        hosts += (f"[{host}]" if ":" in host else host,)
    lan = lan_addresses() if host in ALL_ADDRESSES else ()
    check_port_free(host, port)
    storage = (check_storage_uri(ratelimit_storage, "serve: --ratelimit-storage")
               if ratelimit_storage is not None
               else str(env.get("RATELIMIT_STORAGE_URI", "memory://")))
    limited = bool(env.get("RATELIMIT_ENABLED", True))
    trusted = (check_proxies(proxies, "serve: --proxies") if proxies is not None
               else int(env.get("PROXIES", 0)))
    allow = (parse_allow(metrics_allow, "serve: --metrics-allow")
             if metrics_allow is not None else tuple(env.get("METRICS_ALLOW", ())))

    def make_app() -> Any:
        from . import create_app

        app = create_app({"DATABASE": database, "ALLOWED_HOSTS": hosts,
                          "RATELIMIT_STORAGE_URI": storage, "PROXIES": trusted,
                          "METRICS_ALLOW": allow, "LAN_ADDRESSES": lan})
        app.extensions["wordyahtzee.tables"].resume_all()
        return app

    def when_ready(server: Any) -> None:
        # No store is opened here: the master must not import the database driver before
        # the workers fork and gevent patches them (psycopg picks its waiting then).
        from wordyahtzee.store import is_postgres_url, redact
        from wordyahtzee.store.sqlite import default_path

        where = (redact(str(database)) if is_postgres_url(database)
                 else str(database or default_path()))
        limits = ("rate limits off" if not limited
                  else f"rate limits shared in {redact(storage)}" if is_shared_storage(storage)
                  else "rate limits per process")
        if trusted:
            limits += f"; behind {trusted} prox{'ies' if trusted > 1 else 'y'}"
        print(f"wordyahtzee: serving on http://{host}:{port}/ ({workers} worker"
              f"{'s' if workers != 1 else ''}; database {where}; {limits})", flush=True)
        for line in where_to_play(host, port, lan):
            print(line, flush=True)
        for warning in (rate_limit_warning(workers, storage, limited),
                        proxy_warning(host, trusted)):
            if warning:
                print(warning, file=sys.stderr, flush=True)

    options = {
        "bind": f"{host}:{port}", "workers": workers, "worker_class": Worker,
        "worker_connections": connections, "timeout": 60, "graceful_timeout": 5,
        "keepalive": 30, "accesslog": None, "errorlog": "-", "loglevel": "warning",
        "when_ready": when_ready, "post_fork": _die_with_the_master,
        "child_exit": _worker_gone, "proc_name": "wordyahtzee",
    }
    Server(options, make_app, header_seconds, body_seconds).run()
    sys.exit(0)
