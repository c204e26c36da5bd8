"""The moderators' login against an attacker, for real: ``wordyahtzee serve`` with two
worker processes on PostgreSQL, the attacker's clients bound to their own loopback
addresses (127.0.5.N for the moderator's name, 127.0.7.N for a name nobody has),
sending at once.

- 10 addresses x 5 wrong passwords at once get the name's budget of checks and, past it,
  at most one more per address; every other try is refused before its check (429).
  (Counted after the check, as before, all 50 were checked.)
- The addresses that failed are locked out of that name, right password or not; the
  moderator, from an address that has not failed, logs in at once.
- A name that is no moderator's answers the same, and its checks take as long.
- A failed login is one line in the server's log (its request's), no traceback, and no
  line of the moderators' log.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psycopg
import pytest

from wordyahtzee.moderation import NAME_FAILURES, PAIR_FAILURES

from .support.moderation import PASSWORD
from .support.server import Server

pytestmark = [pytest.mark.slow]

WRONG = "not the password at all"
ATTACKERS = [f"127.0.5.{n}" for n in range(1, 11)]
STRANGERS = [f"127.0.7.{n}" for n in range(1, 11)]
"""The attackers of a name that is no moderator's: addresses of their own, so that the
address limit of the login form (5 a minute) never refuses an attack before the budget
sees it, whatever the minute the test runs in."""


class Browser:
    """A browser at one address: the login form's token and cookie, then its posts."""

    def __init__(self, port: int, source: str) -> None:
        self.port, self.source = port, source
        status, cookies, html = self.call("GET", "/moderate/login")
        assert status == 200, status
        found = re.search(r'name="csrf" value="([0-9a-f]+)"', html)
        assert found, html[:300]
        self.token = found.group(1)
        self.cookie = next(c for c in cookies if c.startswith("wy_csrf="))

    def call(self, method: str, path: str, body: str | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, list[str], str]:
        """One request on a new connection: the status, the cookies set, the body."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60,
                                          source_address=(self.source, 0))
        try:
            conn.request(method, path, body, headers or {})
            response = conn.getresponse()
            cookies = [c.split(";")[0] for c in response.msg.get_all("Set-Cookie") or []]
            return response.status, cookies, response.read().decode("utf-8", "replace")
        finally:
            conn.close()

    def login(self, name: str, password: str) -> tuple[int, float, str]:
        """The status, the seconds it took and the session cookie (if any)."""
        body = urllib.parse.urlencode({"csrf": self.token, "name": name,
                                       "password": password})
        started = time.perf_counter()
        status, cookies, _ = self.call("POST", "/moderate/login", body, {
            "Content-Type": "application/x-www-form-urlencoded", "Cookie": self.cookie})
        session = next((c for c in cookies if c.startswith("wy_moderator=")), "")
        return status, time.perf_counter() - started, session


@pytest.fixture
def server(postgres_url: str, tmp_path: Path) -> Iterator[Server]:
    added = subprocess.run([sys.executable, "-m", "wordyahtzee", "moderator", "add", "alice",
                            "--db", postgres_url], input=PASSWORD + "\n", text=True,
                           capture_output=True, timeout=60, env=os.environ)
    assert added.returncode == 0, added.stderr
    started = Server(postgres_url, tmp_path, "moderate", "--workers", "2", limited=True)
    yield started
    started.stop()


def attack(server: Server, name: str, sources: list[str]) -> list[tuple[str, int]]:
    """5 wrong passwords at once from each of 10 addresses, all 50 at once."""
    browsers = {source: Browser(server.port, source) for source in sources}
    tries = [source for source in sources for _ in range(5)]
    with ThreadPoolExecutor(len(tries)) as pool:
        return list(zip(tries, pool.map(
            lambda source: browsers[source].login(name, WRONG)[0], tries), strict=True))


def test_strangers_at_once_get_the_budget_and_never_lock_the_moderator_out(
        server: Server, postgres_url: str) -> None:
    answers = {}
    for name, sources in (("alice", ATTACKERS), ("zed", STRANGERS)):  # zed: no moderator
        answers[name] = attack(server, name, sources)
        statuses = [status for _, status in answers[name]]
        checked = statuses.count(401)
        assert set(statuses) <= {401, 429}, statuses
        # the name's budget, and past it at most one check per address
        assert NAME_FAILURES <= checked <= NAME_FAILURES + len(sources), statuses
        for source in sources:
            mine = [status for s, status in answers[name] if s == source]
            assert mine.count(401) <= PAIR_FAILURES, (source, mine)
            assert mine.count(401) >= 1, (source, mine)  # an untried address gets a check
        # every address that tried is refused now, the right password too
        for source in sources:
            assert Browser(server.port, source).login(name, PASSWORD)[0] == 429, source

    # the moderator, from an address that has not failed, logs in
    moderator = Browser(server.port, "127.0.5.200")
    status, _, session = moderator.login("alice", PASSWORD)
    assert status == 303 and session
    status, _, _ = moderator.call("GET", "/moderate/reports", headers={"Cookie": session})
    assert status == 200

    # an unknown name takes as long to refuse as a moderator's: an untried address each
    took: dict[str, list[float]] = {"alice": [], "zed": []}
    for n in range(3):
        for name in took:
            status, seconds, _ = Browser(server.port, f"127.0.6.{n + 1}").login(name, WRONG)
            assert status == 401, (name, status)
            took[name].append(seconds)
    ratio = statistics.median(took["zed"]) / statistics.median(took["alice"])
    assert 0.5 < ratio < 2, took

    # the failures are no moderator's actions, and no tracebacks
    with psycopg.connect(postgres_url) as conn:
        log = conn.execute("SELECT moderator, action FROM moderation_log").fetchall()
    assert log == [("alice", "login")], log
    text = server.log.read_text()
    assert "Traceback" not in text and "VerifyMismatchError" not in text, text[-3000:]
    lines = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    refused = [line for line in lines
               if line.get("path") == "/moderate/login" and line.get("status") == 401]
    assert len(refused) == sum(
        [s for _, s in answers[name]].count(401) for name in answers) + 6
