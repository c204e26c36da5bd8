"""The moderators' pages in tests: the moderator's password, a client from afar, a
form's token read and a login."""

from __future__ import annotations

import re
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
