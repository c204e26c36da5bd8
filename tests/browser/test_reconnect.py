"""A move the server could not take for a moment is sent again by the page, in real
headless Chromium: a 503 ``unavailable`` with ``Retry-After`` (the database restarting), or
a proxy's 502 after the move did arrive (a process killed before it answered), which the
second try finds ``stale``, so the move counts once. The front door itself (nginx, a
killed process, a PostgreSQL restart) is tested in tests/test_front_door.py; here the
browser's side of it."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import expect

from .helpers import server_state
from .test_classic import start_classic, submit

UNAVAILABLE = json.dumps({"error": {"code": "unavailable",
                                    "message": "the database cannot be reached"}})


def test_a_move_is_sent_again_while_the_server_is_briefly_away(context: Any,
                                                               live: Any) -> None:
    page = context.new_page()
    start_classic(page, live, [])
    gid = submit(page)
    answers: list[str] = []

    def database_restarting(route: Any) -> None:
        if not answers:
            answers.append("503")
            route.fulfill(status=503, headers={"Retry-After": "1"},
                          content_type="application/json", body=UNAVAILABLE)
        else:
            answers.append("server")
            route.continue_()

    page.route("**/api/games/*/throw", database_restarting)
    page.click("#throw")
    expect(page.locator("#message")).to_contain_text("vanzelf")
    expect(page.locator("#throw-count")).to_contain_text("worp 2 van 3")  # the next one
    expect(page.locator("#message")).to_have_text("")
    assert answers == ["503", "server"] and server_state(live, gid)["seq"] == 1
    page.unroute("**/api/games/*/throw")

    def answer_lost(route: Any) -> None:
        if not answers[2:]:
            route.fetch()  # the server takes the move, but the proxy loses its answer
            answers.append("lost")
            route.fulfill(status=502, content_type="text/html",
                          body="<html><body>502 Bad Gateway</body></html>")
        else:
            answers.append("server")
            route.continue_()

    page.route("**/api/games/*/throw", answer_lost)
    page.click("#throw")
    for _ in range(50):  # the stream may show the new state before the second try
        if answers[3:]:
            break
        page.wait_for_timeout(100)
    expect(page.locator("#throw-count")).to_contain_text("worp 3 van 3")
    expect(page.locator("#message")).to_have_text("")
    assert answers[2:] == ["lost", "server"]
    assert server_state(live, gid)["seq"] == 2  # the second try was refused as stale
