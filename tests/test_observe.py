"""Health, readiness, the metrics' door and the request log, in-process (the app on a real
SQLite store): what the machine asks the server, and how an answer is found in the log."""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from wordyahtzee.cli import main
from wordyahtzee.runtime import metrics

from .support.app import make_app, new_game


class Lines(logging.Handler):
    """The request log's records, as the JSON lines the server writes."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[dict[str, Any]] = []

    def emit(self, record: logging.LogRecord) -> None:
        from wordyahtzee.web.requestlog import JsonFormatter

        self.lines.append(json.loads(JsonFormatter().format(record)))


@pytest.fixture
def lines() -> Iterator[Lines]:
    handler = Lines()
    logger = logging.getLogger("wordyahtzee.requests")
    logger.addHandler(handler)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)


def test_health_and_readiness_answer_any_host_and_readiness_names_what_fails(
        tmp_path: Path) -> None:
    app = make_app(tmp_path / "h.sqlite3")
    client = app.test_client()
    for host in ("localhost", "10.0.0.7:5001", "upstream.internal"):
        assert client.get("/healthz", headers={"Host": host}).get_json() == {"status": "ok"}
        ready = client.get("/readyz", headers={"Host": host})
        assert ready.status_code == 200, ready.get_json()
    assert client.get("/", headers={"Host": "upstream.internal"}).status_code == 421
    app.extensions["wordyahtzee.tables"].close_streams()  # what a stop does first
    stopping = client.get("/readyz")
    assert stopping.status_code == 503
    assert stopping.get_json()["checks"]["stopping"] == "failed"
    assert client.get("/healthz").status_code == 200


def test_readiness_waits_for_the_strategy_tables_asked_for(tmp_path: Path) -> None:
    app = make_app(tmp_path / "w.sqlite3", WARM_STRATEGIES=("no-such-table-key",))
    service = app.extensions["wordyahtzee.tables"]
    assert service.coaching.cold_tables() == []  # a key no mode has: nothing to wait for
    service.coaching._warming = ([("classic", "never-loaded")], [])
    ready = app.test_client().get("/readyz")
    assert ready.status_code == 503
    assert ready.get_json()["checks"]["strategies"] == "not warm: classic/never-loaded"


def test_the_metrics_are_for_this_machine_and_the_addresses_allowed(tmp_path: Path) -> None:
    app = make_app(tmp_path / "m.sqlite3", METRICS_ALLOW=("10.9.8.7",))
    client = app.test_client()
    local = client.get("/metrics", environ_base={"REMOTE_ADDR": "127.0.0.1"})
    assert local.status_code == 200 and b"wordyahtzee_request_seconds" in local.data
    allowed = client.get("/metrics", environ_base={"REMOTE_ADDR": "10.9.8.7"})
    assert allowed.status_code == 200
    for addr, headers in (("10.9.8.6", {}),  # not allowed
                          ("127.0.0.1", {"X-Forwarded-For": "203.0.113.9"}),  # a proxy
                          ("10.9.8.7", {"Forwarded": "for=203.0.113.9"})):
        refused = client.get("/metrics", headers=headers, environ_base={"REMOTE_ADDR": addr})
        assert refused.status_code == 404, addr
        assert refused.get_json()["error"]["code"] == "not_found"


def test_a_bad_metrics_allow_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--metrics-allow", "10.0.0.1,not-an-address"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--metrics-allow" in err[0], err


def test_each_request_is_one_line_with_the_id_its_answer_carries(
        tmp_path: Path, lines: Lines) -> None:
    client = make_app(tmp_path / "l.sqlite3").test_client()
    game_id, _ = new_game(client)
    given = "0123456789abcdef0123456789abcdef"  # as nginx's $request_id
    missing = client.get(f"/api/games/{game_id}x", headers={"X-Request-Id": given},
                         buffered=True)  # the body sent and closed: the line is written
    assert missing.status_code == 404
    assert missing.headers["X-Request-Id"] == given
    assert missing.get_json()["error"]["request_id"] == given
    line = lines.lines[-1]
    assert line["request_id"] == given and line["status"] == 404
    assert line["route"] == "/api/games/<game_id>" and line["game_id"] == game_id + "x"
    assert line["method"] == "GET" and line["path"] == f"/api/games/{game_id}x"
    assert line["client"] == "127.0.0.1" and line["ms"] >= 0
    odd = client.get("/healthz", headers={"X-Request-Id": "bad id\twith\ttabs"},
                     buffered=True)
    fresh = odd.headers["X-Request-Id"]
    assert fresh != "bad id\twith\ttabs" and len(fresh) == 32
    assert lines.lines[-1]["request_id"] == fresh


def test_an_unexpected_error_logs_its_traceback_once_with_the_request_id(
        tmp_path: Path, lines: Lines) -> None:
    db = tmp_path / "broken.sqlite3"
    client = make_app(db).test_client()
    game_id, _ = new_game(client)
    with sqlite3.connect(db) as broken:  # the database loses a table under the server
        broken.execute("PRAGMA foreign_keys = OFF")
        broken.execute("DROP TABLE games")
    answer = client.get(f"/api/games/{game_id}x", buffered=True)
    assert answer.status_code == 500
    rid = answer.headers["X-Request-Id"]
    assert answer.get_json()["error"] == {"code": "internal", "request_id": rid,
                                          "message": "something went wrong on the server"}
    mine = [line for line in lines.lines if line.get("request_id") == rid]
    tracebacks = [line for line in mine if "traceback" in line]
    assert len(tracebacks) == 1 and "sqlite3.OperationalError" in tracebacks[0]["traceback"]
    assert [line["status"] for line in mine if "status" in line] == [500]


def test_actions_are_counted_per_mode(tmp_path: Path) -> None:
    client = make_app(tmp_path / "a.sqlite3").test_client()
    counted = metrics.ACTIONS.labels(mode="woord")
    before = counted._value.get()
    game_id, links = new_game(client)
    token = links[0]["token"]
    thrown = client.post(f"/api/games/{game_id}/act/throw", json={"keep": []},
                         headers={"X-Seat-Token": token})
    assert thrown.status_code == 200, thrown.get_json()
    assert counted._value.get() >= before + 1


def test_rate_limit_refusals_are_counted_by_limit(tmp_path: Path) -> None:
    client = make_app(tmp_path / "r.sqlite3", RATE_LIMITS={"check": "1 per hour"}).test_client()
    refused = metrics.RATE_LIMITED.labels(limit="check")
    before = refused._value.get()
    assert client.post("/api/check", json={"words": ["huis"]}).status_code == 200
    assert client.post("/api/check", json={"words": ["huis"]}).status_code == 429
    assert refused._value.get() == before + 1


def test_a_profile_links_secret_stays_out_of_the_log(tmp_path: Path, lines: Lines) -> None:
    """``/p/SECRET`` carries a profile to another browser: the line names the route, not
    the key (nginx's line does the same: deploy/nginx.conf maps it away)."""
    client = make_app(tmp_path / "p.sqlite3").test_client()
    secret = "s3cr3t-profile-key-0123456789abcdef"
    client.get(f"/p/{secret}", buffered=True)
    line = lines.lines[-1]
    assert line["route"] == "/p/<secret>" and line["path"] == "/p/<secret>"
    assert secret not in json.dumps(lines.lines)
    assert '"/p/<secret>"' in (Path(__file__).parents[1] / "deploy" / "nginx.conf").read_text()


def test_a_log_line_holds_what_orjson_cannot_write() -> None:
    """The request log writes its lines with orjson; a field orjson refuses (an integer
    beyond 64 bits, a lone surrogate) still makes one JSON line, by the standard library,
    and anything else unknown is written as its text."""
    from wordyahtzee.web.requestlog import JsonFormatter

    record = logging.getLogger("wordyahtzee.requests").makeRecord(
        "wordyahtzee.requests", logging.INFO, __file__, 0, "request", (), None,
        extra={"fields": {"big": 2 ** 70, "odd": "a\udc80b", "where": Path("/x")}})
    line = JsonFormatter().format(record)
    assert "\n" not in line
    assert json.loads(line)["big"] == 2 ** 70 and json.loads(line)["where"] == "/x"
    plain = json.loads(JsonFormatter().format(logging.getLogger("x").makeRecord(
        "x", logging.INFO, __file__, 0, "request", (), None, extra={"fields": {"é": 1}})))
    assert plain["é"] == 1 and plain["message"] == "request" and plain["level"] == "info"
