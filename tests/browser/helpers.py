"""Playing turns through the game screen, as a player would."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import expect

from wordyahtzee.solver import solve


def game_id(page: Any) -> str:
    return str(page.locator("#game").get_attribute("data-game-id"))


def server_state(live: Any, gid: str) -> dict[str, Any]:
    return dict(live.tables.current_state(gid))


def wait_gone(live: Any, gid: str, seat: int, timeout: float = 30.0) -> None:
    """Wait until the server has no page of ``seat`` open at the table any more (a closed
    page's stream ends when the server next writes to it: within its ``SSE_SECONDS``)."""
    table = live.tables.table(gid)
    end = time.monotonic() + timeout
    while table.present.get(seat):
        assert time.monotonic() < end, f"seat {seat} still at the table"
        time.sleep(0.1)


def start_game(page: Any, live: Any, kind: str, names: list[str], *,
               timer: bool = True) -> str:
    page.goto(live.url + "/")
    page.check(f"input[name=kind][value={kind}]")
    while page.locator("#players input").count() < len(names):
        page.click("#add-player")
    for i, name in enumerate(names):
        page.fill(f"#player-{i + 1}", name)
    if not timer:
        page.check("input[name=timer][value=off]")
    page.click("button[type=submit]")
    page.wait_for_url("**/games/**")
    expect(page.locator("#throw")).to_be_visible()
    expect(page.locator("#turn-line")).not_to_be_empty()  # the state is drawn: keys work
    return game_id(page)


def throw(page: Any, throws_before: int) -> None:
    page.click("#throw")
    expect(page.locator("#dice .tile:not(.empty)")).to_have_count(7)
    if throws_before + 1 < 3:
        expect(page.locator("#throw-count")).to_contain_text(str(throws_before + 2))
    else:
        expect(page.locator("#throw")).to_be_disabled()


def best_words(live: Any, gid: str) -> tuple[str, list[str], int]:
    state = server_state(live, gid)
    turn = state["turn"]
    box = turn["round_box"]
    rules = state["rules"]
    result = solve(turn["faces"], rules["dictionary"], rules.get("dice_set", "nl")).boxes[box]
    return box, list(result.words), result.score


def claim_best_or_zero(page: Any, live: Any, gid: str, *, zero: bool = False) -> int:
    """Type the best words for the round's box (or strike it out) and claim it."""
    box, words, score = best_words(live, gid)
    before = len(server_state(live, gid)["history"])
    if words and not zero:
        page.fill("#word-input", " ".join(words))
        button = page.locator(f"#claim-list button[data-box={box}]:not([data-zero])")
        expect(button).to_contain_text(str(score))
        expect(button).to_be_enabled()
        button.click()
    else:
        score = 0
        page.locator(f"#claim-list button[data-box={box}][data-zero]").click()
    wait_history(live, gid, before + 1)
    return score


def wait_history(live: Any, gid: str, count: int, page: Any | None = None) -> None:
    import time

    end = time.monotonic() + 10
    while len(server_state(live, gid)["history"]) < count:
        assert time.monotonic() < end, "the claim did not arrive"
        time.sleep(0.05)


# A decimal written the other language's way: 22.99 on a Dutch or German page, 22,99 on an
# English one. One or two digits after the mark (three are a thousands group), not
# followed by another mark and digit (a German date, 28.11.2026; a list, 1,2,5).
WRONG_DECIMAL = {"nl": r"\d\.\d{1,2}(?![\d]|[.,]\d)", "de": r"\d\.\d{1,2}(?![\d]|[.,]\d)",
                 "en": r"\d,\d{1,2}(?![\d]|[.,]\d)"}


def assert_decimals_in_language(page: Any, url: str) -> None:
    """Open ``url`` in Dutch, English and German (``?lang=``) and check that no number
    on the page, the charts' labels included, is written the other languages' way."""
    import re

    for lang, wrong in WRONG_DECIMAL.items():
        page.goto(url + ("&" if "?" in url else "?") + f"lang={lang}")
        page.wait_for_load_state("networkidle")
        text = page.locator("body").inner_text()
        labels = " ".join(page.locator("svg text").all_text_contents())
        shown = re.sub(r"\w+://\S+", "", text + "\n" + labels)  # links name addresses
        found = re.findall(rf".{{0,30}}{wrong}.{{0,10}}", shown)
        assert found == [], (lang, url, found)
    page.goto(url + ("&" if "?" in url else "?") + "lang=nl")
