"""``serve``: the web front-end on gunicorn with gevent workers."""

from __future__ import annotations

from ..errors import WordyahtzeeError
from .options import add_db

TYPE_CHECKING = False  # not typing's: building the parsers (``--help``) imports no typing
if TYPE_CHECKING:
    import argparse
    from typing import Any


DEFAULT_PORT = 8000
"""``serve``'s port: not 5000, which recent macOS gives its AirPlay receiver."""


def cmd_serve(args: argparse.Namespace) -> int:
    """``serve``: the web front-end on gunicorn with gevent workers."""
    if not 0 <= args.port <= 65535 or not 1 <= args.workers <= 64:
        raise WordyahtzeeError("serve: --port is 0-65535 and --workers 1-64", "usage")
    from ..runtime.metrics_dir import private_metrics_dir

    with private_metrics_dir():  # before the metrics are imported: the workers share it
        from ..web.server import serve

        serve(args.host, args.port, args.db, args.workers, args.allowed_hosts,
              args.ratelimit_storage, args.proxies, args.metrics_allow)
    return 0


def add_serve_parser(sub: Any) -> None:
    """The ``serve`` sub-command."""
    p = sub.add_parser("serve", help="serve the web app (default http://127.0.0.1:8000)")
    p.add_argument("--host", default="127.0.0.1", help="address (default: 127.0.0.1, this "
                   "computer only; 0.0.0.0: other devices on its network too)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"port (default: {DEFAULT_PORT})")
    add_db(p)
    p.add_argument("--workers", type=int, default=1,
                   help="server processes sharing the port (default: 1; each holds "
                        "thousands of live connections)")
    p.add_argument("--allowed-hosts", default=None, metavar="NAMES",
                   help="host names the server answers to, comma-separated ('.example.org' "
                        "= the domain and its subdomains, '*' = any; default: "
                        "$WORDYAHTZEE_ALLOWED_HOSTS, else localhost,127.0.0.1,[::1]); other "
                        "Host headers get 421")
    p.add_argument("--ratelimit-storage", default=None, metavar="URI",
                   help="where the rate-limit counters live (default: "
                        "$WORDYAHTZEE_RATELIMIT_STORAGE, else memory://, each process its "
                        "own); redis://HOST:6379 shares them between the processes that name "
                        "it (while it is unreachable, each counts its own)")
    p.add_argument("--proxies", default=None, metavar="N",
                   help="reverse proxies in front to trust: the client's address (for the "
                        "rate limits) is the one they put in X-Forwarded-For (default: "
                        "$WORDYAHTZEE_PROXIES, else 0: the connection's address)")
    p.add_argument("--metrics-allow", default=None, metavar="ADDR[,ADDR]",
                   help="addresses besides this machine that may read /metrics (default: "
                        "$WORDYAHTZEE_METRICS_ALLOW, else none); never through a proxy")
    p.set_defaults(func=cmd_serve)
