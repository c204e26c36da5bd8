"""What the machine asks the server, not the players: ``/healthz`` (the process answers),
``/readyz`` (it can serve: the store answers, the strategy tables asked for are warm, it
is not stopping) and ``/metrics`` (Prometheus's text format; only for this machine and
the addresses ``METRICS_ALLOW`` names). None is rate-limited, none depends on the
``Host`` header (a local probe may send any), and none is part of the API's document."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, request

from wordyahtzee.errors import WordyahtzeeError
from wordyahtzee.runtime import metrics
from wordyahtzee.store import Store
from wordyahtzee.tables import TableService

from .errors import error_response
from .security import PROXY_HEADERS, from_this_machine

bp = Blueprint("health", __name__)

@bp.get("/healthz")
def healthz() -> Response:
    """200 while the process answers (nothing else is asked)."""
    return jsonify({"status": "ok"})


@bp.get("/readyz")
def readyz() -> Response:
    """200 when the server can serve; else 503 naming the checks that failed."""
    tables: TableService = current_app.extensions["wordyahtzee.tables"]
    store: Store = current_app.extensions["wordyahtzee.store"]
    checks: dict[str, str] = {}
    checks["stopping"] = "failed" if tables.closing else "ok"
    checks["store"] = "ok" if not tables.closing and store.ping() else "failed"
    cold = tables.coaching.cold_tables()
    checks["strategies"] = "ok" if not cold else "not warm: " + ", ".join(cold)
    ready = all(state == "ok" for state in checks.values())
    response = jsonify({"status": "ready" if ready else "not ready", "checks": checks})
    response.status_code = 200 if ready else 503
    response.headers["Cache-Control"] = "no-store"
    return response


def metrics_allowed() -> bool:
    """Whether this request may read the metrics: from this machine or an address in
    ``METRICS_ALLOW``, and never through a proxy (which would carry anyone's request)."""
    if any(h in request.headers for h in PROXY_HEADERS):
        return False
    allowed = tuple(current_app.config.get("METRICS_ALLOW") or ())
    return from_this_machine() or request.remote_addr in allowed


@bp.get("/metrics")
def metrics_page() -> Response:
    """The metrics, for Prometheus; 404 to anyone else."""
    if not metrics_allowed():
        return error_response(404, "not_found", "no such page")
    body, content_type = metrics.exposition()
    return Response(body, content_type=content_type)


def parse_allow(value: str, name: str) -> tuple[str, ...]:
    """The addresses of ``--metrics-allow`` / ``WORDYAHTZEE_METRICS_ALLOW`` (comma list of
    IP addresses); a bad one is a :class:`~wordyahtzee.errors.WordyahtzeeError`
    (``usage``) naming ``name``.

    >>> parse_allow("10.0.0.5, ::1", "--metrics-allow")
    ('10.0.0.5', '::1')
    """
    import ipaddress

    found = []
    for part in value.replace(",", " ").split():
        try:
            found.append(str(ipaddress.ip_address(part)))
        except ValueError:
            raise WordyahtzeeError(f"{name} takes IP addresses, comma-separated (not "
                                   f"{part[:60]!r})", "usage") from None
    return tuple(found)
