"""The moderators' pages in tests: the moderator's password, a client from afar, a
form's token read, a login, and a moderator's browser on a real server."""

from __future__ import annotations

import http.cookiejar
import re
import urllib.parse
import urllib.request
from typing import Any

PASSWORD = "correct horse battery"
"""The password of the tests' moderator (alice, where a test names one)."""

FAR = {"REMOTE_ADDR": "203.0.113.9"}
"""A client that is not on the server's machine."""


def token_of(html: str) -> str:
    """The form token (``csrf``) of a moderator's page."""
    found = re.search(r'name="csrf" value="([0-9a-f]+)"', html)
    assert found, html[:500]
    return found.group(1)


def login(client: Any, password: str = PASSWORD, **env: Any) -> Any:
    """alice logs in from ``client`` (from afar unless ``env`` says where)."""
    page = client.get("/moderate/login", environ_base=env or FAR)
    return client.post("/moderate/login", environ_base=env or FAR, data={
        "csrf": token_of(page.get_data(as_text=True)), "name": "alice",
        "password": password})


class Browser:
    """A moderator's browser on a real server: keeps its cookies, gets pages, posts forms
    (the standard library's)."""

    def __init__(self, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=10) as answer:
            return str(answer.read().decode())

    def post(self, path: str, data: dict[str, str]) -> str:
        body = urllib.parse.urlencode(data).encode()
        with self.opener.open(self.base + path, body, timeout=10) as answer:
            return str(answer.read().decode())
