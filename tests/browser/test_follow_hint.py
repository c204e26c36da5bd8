""""Follow the hint" plays the hint's whole move in every mode, in real headless Chromium:
a keep is kept and thrown, a box or card is written or taken, rolling on and stopping are
played. (Woord Yahtzee's follow is in test_woord_hint.py.)"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .helpers import (
    HINT_WAIT,
    server_state,
    start_classic,
    start_kaartspel,
    start_triple,
    submit,
    wait_moved,
    wait_page_seq,
)


def ask_and_follow(page: Any, live: Any, gid: str) -> tuple[dict[str, Any], dict[str, Any],
                                                             dict[str, Any]]:
    """Ask for the hint, click "follow the hint"; the hint's best option (as the server
    gives it for the same position), and the state before and after."""
    before = server_state(live, gid)
    page.click("#hint-button")
    expect(page.locator("#hint")).to_have_attribute("data-ready", "yes", timeout=HINT_WAIT)
    expect(page.locator("#hint-apply")).to_be_visible()
    best = live.tables.coaching.hint(gid)["best"]
    page.click("#hint-apply")
    wait_moved(live, gid, before["seq"])
    expect(page.locator("#hint")).to_be_hidden()   # the page drew the new state
    return best, before, server_state(live, gid)


def check_pip_move(best: dict[str, Any], before: dict[str, Any], after: dict[str, Any],
                   mode: str) -> str:
    """The move a classic or Triple page played is the hint's: the same keep thrown, or
    the same box written."""
    if best["kind"] == "box":
        turn = after["history"][-1]
        assert len(after["history"]) == len(before["history"]) + 1
        assert (turn["box"], turn.get("points", turn.get("score"))) == (best["box"], best["points"])
        if mode == "triple":
            assert turn["column"] == best["column"]
        return "box"
    assert after["turn"]["throws"] == before["turn"]["throws"] + 1
    if before["turn"]["throws"]:
        kept = [before["turn"]["dice"][i] for i in best["keep_indices"]]
        assert [after["turn"]["dice"][i] for i in best["keep_indices"]] == kept
        assert sorted(kept) == sorted(best["keep"])
    return "keep"


def test_follow_plays_the_whole_move_in_classic_and_triple(context: Any, live: Any) -> None:
    page = context.new_page()
    start_classic(page, live, [])
    gid = submit(page)
    seen = []
    while "box" not in seen:   # the first turn: throw all, keeps, then a box
        seen.append(check_pip_move(*ask_and_follow(page, live, gid), "classic"))
    assert seen[0] == "keep" and len(seen) >= 2
    page = context.new_page()
    gid = start_triple(page, live, "Anna")
    seen = []
    while "box" not in seen:
        seen.append(check_pip_move(*ask_and_follow(page, live, gid), "triple"))
    assert len(seen) >= 2


def test_follow_plays_the_whole_move_in_kaartspel(context: Any, live: Any) -> None:
    page = context.new_page()
    gid = start_kaartspel(page, live)
    kinds: set[str] = set()
    for _ in range(40):
        live.tables.settle(gid, 30)
        state = server_state(live, gid)
        if state["status"] == "finished" or {"keep", "take", "roll"} <= kinds:
            break
        wait_page_seq(page, state["seq"])
        done = len(live.tables.table(gid).game.events)
        best, _, _ = ask_and_follow(page, live, gid)
        event = live.tables.table(gid).game.events[done]   # Anna's move, not a computer's
        expected = {"keep": "throw", "take": "take", "roll": "red", "stop": "stop"}
        assert event["type"] == expected[best["kind"]], (best, event)
        if best["kind"] == "keep":
            assert sorted(event.get("keep", [])) == sorted(best["keep"])
        if best["kind"] == "take":
            assert event["card"] == best["card"]
        kinds.add(best["kind"])
    assert {"keep", "take", "roll"} <= kinds, kinds
