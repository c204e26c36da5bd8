"""A move the server could not take for a moment is sent again by the page, in real
headless Chromium: a 503 ``unavailable`` with ``Retry-After`` (the database restarting), or
a proxy's 502 after the move did arrive (a process killed before it answered), which the
second try finds ``stale``, so the move counts once; and an answer that arrives after the
stream has shown newer moves does not take the page back. The front door itself (nginx, a
killed process, a PostgreSQL restart) is tested in tests/test_front_door.py; here the
browser's side of it."""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import expect

from .helpers import server_state, start_classic, submit, wait_my_turn

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

    page.route("**/api/games/*/act/throw", database_restarting)
    page.click("#throw")
    expect(page.locator("#message")).to_contain_text("vanzelf")
    expect(page.locator("#throw-count")).to_contain_text("worp 2 van 3")  # the next one
    expect(page.locator("#message")).to_have_text("")
    assert answers == ["503", "server"] and server_state(live, gid)["seq"] == 1
    page.unroute("**/api/games/*/act/throw")

    def answer_lost(route: Any) -> None:
        if not answers[2:]:
            route.fetch()  # the server takes the move, but the proxy loses its answer
            answers.append("lost")
            route.fulfill(status=502, content_type="text/html",
                          body="<html><body>502 Bad Gateway</body></html>")
        else:
            answers.append("server")
            route.continue_()

    page.route("**/api/games/*/act/throw", answer_lost)
    page.click("#throw")
    for _ in range(50):  # the stream may show the new state before the second try
        if answers[3:]:
            break
        page.wait_for_timeout(100)
    expect(page.locator("#throw-count")).to_contain_text("worp 3 van 3")
    expect(page.locator("#message")).to_have_text("")
    assert answers[2:] == ["lost", "server"]
    assert server_state(live, gid)["seq"] == 2  # the second try was refused as stale


def test_an_answer_older_than_the_stream_does_not_take_the_page_back(context: Any,
                                                                     live: Any) -> None:
    """The computer answers Anna's box at once, so its whole turn can reach the page on the
    stream before the answer to her claim does (held back here for 1.5 s, as a slow
    network would). That older answer must not put the page back on the computer's turn:
    the stream, which the page has followed to Anna's next turn, has nothing newer to send
    (and a resumed stream sends nothing it already sent)."""
    page = context.new_page()
    start_classic(page, live, [("Robot", "greedy")])
    gid = submit(page)
    wait_my_turn(page, "Anna")
    page.click("#throw")
    expect(page.locator("#throw-count")).to_contain_text("worp 2 van 3")
    claimed = server_state(live, gid)["seq"] + 1  # the state her box will answer with

    def slow_network(route: Any) -> None:
        answer = route.fetch()
        for _ in range(100):  # until the computer has played its turn
            if server_state(live, gid)["to_move"] == 0:
                break
            time.sleep(0.05)
        time.sleep(1.5)  # and the stream has shown it
        route.fulfill(response=answer)

    page.route("**/api/games/*/act/claim", slow_network)
    page.locator("#sheet button.option").first.click()
    expect(page.locator("#round-title")).to_contain_text("Beurt 2 van 13")
    expect(page.locator("#turn-line")).to_contain_text("Anna")
    page.wait_for_timeout(2500)  # the held-back answer has arrived by now
    state = server_state(live, gid)
    assert state["seq"] > claimed and state["to_move"] == 0
    expect(page.locator("#turn-line")).to_contain_text("Anna")
    expect(page.locator("#throw")).to_be_enabled()
    page.click("#throw")  # and she plays on from the newest state
    expect(page.locator("#throw-count")).to_contain_text("worp 2 van 3")
    assert server_state(live, gid)["seq"] == state["seq"] + 1
