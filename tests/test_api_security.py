"""The web's defences (web/security.py): foreign Host names refused (DNS rebinding),
cross-site requests refused, JSON required, security headers everywhere, per-client rate
limits, hostile seat tokens, the cap on user dictionaries, bounded game lists."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .support.app import assert_error, make_app, new_game, seat

EVIL = "http://evil.example"


def limited_client(tmp_path: Path, **limits: str) -> Any:
    return make_app(tmp_path / "limits.sqlite3", RATE_LIMITS=limits).test_client()


GAME = {"mode": "woord", "kind": "solo", "players": ["Ann"]}


def test_security_headers_on_pages_static_files_and_api(client: Any) -> None:
    for path in ("/", "/static/js/woord.js", "/static/css/app.css", "/api/meta",
                 "/api/nothing", "/no-such-page"):
        headers = client.get(path).headers
        csp = headers["Content-Security-Policy"]
        assert "default-src 'self'" in csp and "script-src 'self'" in csp, path
        assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "same-origin"
        assert headers["X-Frame-Options"] == "DENY"


def test_cross_site_state_changes_are_refused(client: Any) -> None:
    assert_error(client.post("/api/games", json=GAME, headers={"Origin": EVIL}), 403,
                 "cross_site")
    assert_error(client.post("/api/games", data='{"kind": "solo"}', content_type="text/plain",
                             headers={"Origin": EVIL}), 403, "cross_site")
    assert_error(client.post("/api/games", data={"kind": "solo"},
                             content_type="application/x-www-form-urlencoded",
                             headers={"Origin": "null"}), 403, "cross_site")
    assert_error(client.post("/api/games", json=GAME,
                             headers={"Sec-Fetch-Site": "cross-site"}), 403, "cross_site")
    assert_error(client.post("/api/games", json=GAME, headers={
        "Origin": "http://localhost:9999", "Sec-Fetch-Site": "same-site"}), 403, "cross_site")
    assert_error(client.post("/api/dictionaries", data={
        "name": "bom", "file": (io.BytesIO(b"huis\n"), "w.txt")},
        content_type="multipart/form-data", headers={"Origin": EVIL}), 403, "cross_site")
    gid, links = new_game(client)
    assert_error(client.post(f"/api/games/{gid}/act/throw", json={}, headers={
        "Origin": EVIL, **seat(links[0]["token"])}), 403, "cross_site")
    # reading is allowed from anywhere (no CORS headers are sent, so pages cannot read it)
    assert client.get("/api/meta", headers={"Origin": EVIL}).status_code == 200
    # the page's own origin, and scripts that send no Origin, may
    same = {"Origin": "http://localhost", "Sec-Fetch-Site": "same-origin"}
    assert client.post("/api/games", json=GAME, headers=same).status_code == 201
    assert client.post("/api/games", json=GAME).status_code == 201


def test_trusted_origins(tmp_path: Path) -> None:
    client = make_app(tmp_path / "t.sqlite3",
                      TRUSTED_ORIGINS=["https://games.example"]).test_client()
    r = client.post("/api/games", json=GAME, headers={"Origin": "https://games.example"})
    assert r.status_code == 201
    assert_error(client.post("/api/games", json=GAME, headers={"Origin": EVIL}), 403)


def test_json_endpoints_require_a_json_content_type(client: Any) -> None:
    assert_error(client.post("/api/games", data='{"kind": "solo"}', content_type="text/plain"),
                 415, "unsupported_media_type")
    assert_error(client.post("/api/check", data={"words": "huis"}), 415,
                 "unsupported_media_type")
    assert_error(client.post("/api/solve", data=b'{"letters": "kusnatl"}'), 415)
    r = client.post("/api/check", data='{"words": ["huis"]}',
                    content_type="application/json; charset=utf-8")
    assert r.status_code == 200
    # routing errors keep their own status
    assert_error(client.delete("/api/games", data="x", content_type="text/plain"), 405)
    assert_error(client.post("/api/nothing", data="x", content_type="text/plain"), 404)


def test_a_request_without_body_or_type_is_not_asked_for_a_type(client: Any) -> None:
    """A route whose body is optional takes a request that sends none and names no type
    (schemathesis sends these); a cross-site one is still refused by its Origin."""
    for method, path in (("DELETE", "/api/profile"), ("POST", "/api/daily/classic"),
                         ("POST", "/api/lobby/quick")):
        r = client.open(path, method=method)
        assert r.status_code != 415, (method, path, r.json)
        assert r.status_code < 500 and "error" in (r.json or {"error": 0}), (path, r.json)
        assert_error(client.open(path, method=method, headers={"Origin": EVIL}), 403,
                     "cross_site")
    assert client.post("/api/profile", json={"name": "Anna"}).status_code == 201
    assert client.post("/api/daily/classic").status_code == 201  # the day's game, no body
    assert client.delete("/api/profile").status_code == 200
    # a body still needs its type, and a type needs to be JSON
    assert_error(client.post("/api/lobby/quick", data=b"{}"), 415, "unsupported_media_type")
    assert_error(client.post("/api/lobby/quick", data=b"", content_type="text/plain"), 415)


def test_an_upload_that_repeats_a_field_is_refused(client: Any) -> None:
    r = client.post("/api/dictionaries", data={
        "title": ["Een", "Twee"], "file": (io.BytesIO(b"huis\n"), "w.txt")},
        content_type="multipart/form-data")
    assert_error(r, 400, "bad_request")
    assert "title" in r.json["error"]["message"]
    assert [d["title"] for d in client.get("/api/dictionaries").json["dictionaries"]
            if not d["shipped"]] == []


def test_non_ascii_seat_tokens_are_refused_not_crashed(client: Any) -> None:
    gid, links = new_game(client, "online", ["Ann", "Bob"])
    for token in ("tökén", "\xff" * 30, "é" + links[0]["token"][1:]):
        assert_error(client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token)),
                     403, "not_a_player")
        assert client.get(f"/api/games/{gid}", headers=seat(token)).json["you"] == []
    for token in ("tökén", "€🎲", "\ud7ff", "é" + links[0]["token"][1:]):
        assert_error(client.post(f"/api/games/{gid}/act/throw", json={"token": token}), 403,
                     "not_a_player")
    # a NUL is in no string of any body (tests/test_api_fuzz.py)
    assert_error(client.post(f"/api/games/{gid}/act/throw", json={"token": "\u0000\ud7ff"}),
                 400, "bad_json")
    assert client.post(f"/api/games/{gid}/act/throw", json={},
                       headers=seat(links[0]["token"])).status_code == 200


def test_rate_limits_answer_429_and_spare_other_clients(tmp_path: Path) -> None:
    client = limited_client(tmp_path, solve="2 per minute", games="2 per minute")
    ann = {"REMOTE_ADDR": "10.0.0.1"}
    bob = {"REMOTE_ADDR": "10.0.0.2"}
    for _ in range(2):
        r = client.post("/api/solve", json={"letters": "kusnatl"}, environ_base=ann)
        assert r.status_code == 200
    r = client.post("/api/solve", json={"letters": "kusnatl"}, environ_base=ann)
    assert_error(r, 429, "rate_limited")
    assert int(r.headers["Retry-After"]) > 0
    assert r.headers["Content-Security-Policy"]
    r = client.post("/api/solve", json={"letters": "kusnatl"}, environ_base=bob)
    assert r.status_code == 200
    # every request counts, a refused set-up too (tests/test_limits_burst.py)
    assert_error(client.post("/api/games", json={"kind": "x"}, environ_base=ann), 400)
    assert client.post("/api/games", json=GAME, environ_base=ann).status_code == 201
    assert_error(client.post("/api/games", json=GAME, environ_base=ann), 429, "rate_limited")
    assert client.post("/api/games", json=GAME, environ_base=bob).status_code == 201
    # playing is never limited
    gid, links = new_game(client)
    assert client.post(f"/api/games/{gid}/act/throw", json={},
                       headers=seat(links[0]["token"])).status_code == 200


def test_an_ipv6_client_counts_as_its_64_network(tmp_path: Path) -> None:
    """One home or machine gets a whole /64 and may pick any address in it: each new
    address is no new client."""
    client = limited_client(tmp_path, check="2 per minute")

    def check(address: str) -> int:
        return int(client.post("/api/check", json={"words": ["huis"]},
                               environ_base={"REMOTE_ADDR": address}).status_code)

    assert [check(f"2001:db8:1:2::{n}") for n in range(1, 4)] == [200, 200, 429]
    assert check("2001:db8:1:2:ffff:ffff:ffff:ffff") == 429
    assert check("2001:db8:1:3::1") == 200  # another network


def test_solves_with_several_blanks_cost_more(tmp_path: Path) -> None:
    client = limited_client(tmp_path, solve="8 per minute")
    for _ in range(2):
        assert client.post("/api/solve", json={"letters": "kusn??l"}).status_code == 200
    assert_error(client.post("/api/solve", json={"letters": "kusnat?"}), 429, "rate_limited")


def test_rate_limits_can_be_switched_off(tmp_path: Path) -> None:
    client = make_app(tmp_path / "off.sqlite3", RATE_LIMITS={"check": "1 per hour"},
                      RATELIMIT_ENABLED=False).test_client()
    for _ in range(3):
        assert client.post("/api/check", json={"words": ["huis"]}).status_code == 200


def test_behind_a_proxy_the_limits_count_the_forwarded_client(tmp_path: Path) -> None:
    """``PROXIES=1``: the address is the last X-Forwarded-For entry, the one the proxy
    added; a client's own entries before it change nothing. Without it every client
    behind the proxy is the proxy, one client."""
    words = {"words": ["huis"]}
    proxy = {"REMOTE_ADDR": "127.0.0.1"}

    def check(client: Any, forwarded: str) -> int:
        return int(client.post("/api/check", json=words, environ_base=proxy,
                               headers={"X-Forwarded-For": forwarded}).status_code)

    behind = make_app(tmp_path / "proxy.sqlite3", RATE_LIMITS={"check": "2 per minute"},
                      PROXIES=1).test_client()
    assert [check(behind, "10.0.0.1") for _ in range(3)] == [200, 200, 429]
    assert check(behind, "10.0.0.2") == 200
    # a forged entry in front of the proxy's own does not make a new client
    assert check(behind, "6.6.6.6, 10.0.0.1") == 429
    assert check(behind, "10.0.0.1, 10.0.0.3") == 200
    direct = make_app(tmp_path / "direct.sqlite3",
                      RATE_LIMITS={"check": "2 per minute"}).test_client()
    assert [check(direct, f"10.0.0.{i}") for i in range(3)] == [200, 200, 429]


def test_proxies_setting_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    from wordyahtzee.web import environment_config

    from wordyahtzee.errors import WordyahtzeeError

    monkeypatch.setenv("WORDYAHTZEE_PROXIES", "2")
    assert environment_config()["PROXIES"] == 2
    for bad in ("-1", "six", "9"):
        monkeypatch.setenv("WORDYAHTZEE_PROXIES", bad)
        with pytest.raises(WordyahtzeeError, match="WORDYAHTZEE_PROXIES is a number"):
            environment_config()
    monkeypatch.delenv("WORDYAHTZEE_PROXIES")
    done = subprocess.run([sys.executable, "-m", "wordyahtzee", "serve", "--proxies", "x"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "wordyahtzee: error: serve: --proxies is a number of proxies in front, 0-5"]


def test_user_dictionaries_are_capped_on_upload(tmp_path: Path) -> None:
    client = make_app(tmp_path / "cap.sqlite3", MAX_USER_DICTIONARIES=0).test_client()
    assert_error(client.post("/api/dictionaries", data={
        "title": "nog een", "file": (io.BytesIO(b"huis\n"), "w.txt")},
        content_type="multipart/form-data"), 409, "too_many_dictionaries")


def test_a_foreign_host_is_refused_reads_and_writes(client: Any) -> None:
    """DNS rebinding: a page on evil.example re-pointed at this machine sends its own name
    as Host (and as Origin, so the cross-site check alone lets the write through)."""
    evil = {"Host": "evil.example", "Origin": EVIL}
    assert_error(client.post("/api/games", json=GAME, headers=evil), 421, "bad_host")
    assert_error(client.get("/api/meta", headers={"Host": "evil.example"}), 421, "bad_host")
    assert_error(client.get("/api/games", headers={"Host": "evil.example:5000"}), 421)
    page = client.get("/", headers={"Host": "evil.example"})
    assert page.status_code == 421 and page.mimetype == "text/html"
    for host in ("localhost", "localhost:5000", "127.0.0.1:8000", "[::1]:5000", "LOCALHOST"):
        assert client.get("/api/meta", headers={"Host": host}).status_code == 200, host
    r = client.post("/api/games", json=GAME, headers={"Host": "127.0.0.1:5000",
                                                      "Origin": "http://127.0.0.1:5000"})
    assert r.status_code == 201


def test_allowed_hosts_are_configurable(tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    client = make_app(tmp_path / "h.sqlite3",
                      ALLOWED_HOSTS=["games.example", ".club.example"]).test_client()
    for host in ("games.example", "games.example:443", "club.example", "a.club.example"):
        assert client.get("/api/meta", headers={"Host": host}).status_code == 200, host
    for host in ("localhost", "evil.example", "games.example.evil", "xclub.example",
                 "127.0.0.1.evil.example", "[::1].evil"):
        assert_error(client.get("/api/meta", headers={"Host": host}), 421, "bad_host")
    # an address is no rebinding (the page would send its name): the local network plays
    for host in ("192.168.1.20:5000", "10.0.0.5", "[fe80::1]:5000", "127.0.0.1"):
        assert client.get("/api/meta", headers={"Host": host}).status_code == 200, host
    monkeypatch.setenv("WORDYAHTZEE_ALLOWED_HOSTS", "play.example, localhost")
    client = make_app(tmp_path / "e.sqlite3").test_client()
    assert client.get("/api/meta", headers={"Host": "play.example"}).status_code == 200
    assert_error(client.get("/api/meta", headers={"Host": "games.example"}), 421, "bad_host")


def test_game_lists_are_bounded_and_paged_with_a_cursor(client: Any) -> None:
    assert client.post("/api/profile", json={"name": "Anna"}).status_code == 201
    made = {new_game(client)[0] for _ in range(7)}  # the profile's tables
    for limit in ("-1", "0", "101", "100000000", "x", "1.5", "٣"):
        assert_error(client.get(f"/api/games?limit={limit}"), 400, "bad_request")
    seen: list[str] = []
    cursor = None
    while True:
        query = "limit=3" + (f"&cursor={cursor}" if cursor else "")
        page = client.get(f"/api/games?{query}").json
        assert len(page["games"]) <= 3
        seen += [g["id"] for g in page["games"]]
        cursor = page["next"]
        if cursor is None:
            break
    assert len(seen) == len(set(seen)) == 7 and set(seen) == made
    every = client.get("/api/games?limit=100").json
    assert [g["id"] for g in every["games"]] == seen and every["next"] is None
    for bad in ("x", "e30", "WzEsMl0", "%00"):
        assert_error(client.get(f"/api/games?cursor={bad}"), 400, "bad_request")
