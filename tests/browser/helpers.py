"""Starting games from the start page and playing turns through the game screen, as a
player would; waiting for the server and the page."""

from __future__ import annotations

import decimal
import time
from typing import Any

from playwright.sync_api import expect

from wordyahtzee.solver import solve

from .conftest import shot


def dutch(value: float, decimals: int) -> str:
    """``value`` as a Dutch page writes it, without grouping: its written form rounded a half
    away from zero (189.65 is 189,7), with exactly ``decimals`` decimals."""
    quantum = decimal.Decimal(10) ** -decimals
    exact = decimal.Decimal(str(value)).quantize(quantum, rounding=decimal.ROUND_HALF_UP)
    return str(exact).replace(".", ",")


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


HINT_WAIT = 120_000  # the first hint may wait for the strategy table (computed once)


def start_classic(page: Any, live: Any, computers: list[tuple[str, str]],
                  name: str = "Anna", joker: str = "free") -> str:
    page.goto(live.url + "/")
    page.check("input[name=mode][value=classic]")
    expect(page.locator("#classic-rules")).to_be_visible()
    expect(page.locator("#woord-rules")).to_be_hidden()
    page.fill("#player-1", name)
    for i, (robot, level) in enumerate(computers, 1):
        page.click("#add-computer")
        page.fill(f"#computer-{i}", robot)
        page.select_option(f"#computer-level-{i}", level)
    page.check(f"input[name=joker][value={joker}]")
    return page


def submit(page: Any) -> str:
    page.click("button[type=submit]")
    page.wait_for_url("**/games/**")
    expect(page.locator("#dice .die")).to_have_count(5)
    return game_id(page)


def wait_my_turn(page: Any, name: str) -> None:
    expect(page.locator("#turn-line")).to_contain_text(name, timeout=30_000)
    expect(page.locator("#throw")).to_be_enabled(timeout=30_000)


def start_triple(page: Any, live: Any, name: str,
                 computers: tuple[tuple[str, str], ...] = ()) -> str:
    page.goto(live.url + "/")
    page.check("input[name=mode][value=triple]")
    expect(page.locator("#intro-triple")).to_be_visible()
    expect(page.locator("#classic-rules")).to_be_hidden()
    page.fill("#player-1", name)
    for i, (robot, level) in enumerate(computers, 1):
        page.click("#add-computer")
        page.fill(f"#computer-{i}", robot)
        page.select_option(f"#computer-level-{i}", level)
    page.click("button[type=submit]")
    page.wait_for_url("**/games/**")
    expect(page.locator("#dice .die")).to_have_count(5)
    expect(page.locator("#turn-line")).not_to_be_empty()
    return game_id(page)


def start_kaartspel(page: Any, live: Any) -> str:
    page.goto(live.url + "/")
    page.check("input[name=mode][value=kaartspel]")
    expect(page.locator("#intro-kaartspel")).to_be_visible()
    expect(page.locator("#woord-rules")).to_be_hidden()
    expect(page.locator("#classic-rules")).to_be_hidden()
    # a solo Kaartspel needs an opponent: one computer row comes by itself
    expect(page.locator("#computers li")).to_have_count(1)
    expect(page.locator("#computer-level-1 option[value=strong]")).to_have_count(1)
    page.fill("#player-1", "Anna")
    page.fill("#computer-1", "Greta")
    page.select_option("#computer-level-1", "greedy")
    page.click("#add-computer")
    page.fill("#computer-2", "Bert")
    page.select_option("#computer-level-2", "beginner")
    page.click("#add-computer")
    expect(page.locator("#add-computer")).to_be_hidden()   # four players at most
    page.locator("#computers li").nth(2).locator(".remove").click()
    shot(page, "kaartspel-start-desktop")
    page.click("button[type=submit]")
    page.wait_for_url("**/games/**")
    expect(page.locator("#board .space")).to_have_count(16)
    return game_id(page)


def wait_moved(live: Any, gid: str, seq: int) -> None:
    end = time.monotonic() + 20
    while server_state(live, gid)["seq"] == seq:
        assert time.monotonic() < end, "the action did not arrive"
        time.sleep(0.03)


def wait_page_seq(page: Any, seq: int) -> None:
    """The page shows this state and no action of its own is still on its way (a live
    update can arrive before the answer to the page's own action)."""
    expect(page.locator("#game")).to_have_attribute("data-seq", str(seq), timeout=20_000)
    expect(page.locator("#game")).to_have_attribute("data-busy", "no")


def start_pad(page: Any, live: Any, mode: str, names: list[str], *, timer: bool = True,
              dice_set: str | None = None) -> str:
    page.goto(live.url + "/")
    page.check(f"input[name=mode][value={mode}]")
    page.check("input[name=kind][value=pad]")
    expect(page.locator("#computers-set")).to_be_hidden()   # a pad has no computers
    while page.locator("#players input").count() < len(names):
        page.click("#add-player")
    for i, name in enumerate(names):
        page.fill(f"#player-{i + 1}", name)
    if mode == "woord" and not timer:
        page.check("input[name=timer][value=off]")
    if dice_set is not None:
        page.select_option("#dice-set", dice_set)
    page.click("button[type=submit]")
    page.wait_for_url("**/games/**")
    expect(page.locator("#pad-entry")).to_be_visible()
    return game_id(page)


def api_game(page: Any, live: Any, mode: str, kind: str, players: list[Any],
             rules: dict[str, Any] | None = None, **options: Any) -> dict[str, Any]:
    """Make a table through the API (as the start page does) and return its answer."""
    answer = page.request.post(live.url + "/api/games", data={
        "mode": mode, "kind": kind, "players": players, "rules": rules or {}, **options})
    assert answer.status == 201, answer.text()
    return dict(answer.json())


def strike_out(page: Any, live: Any, gid: str) -> None:
    """Throw once and write 0 in the round's box (a quick turn)."""
    before = len(server_state(live, gid)["history"])
    throw(page, 0)
    box = server_state(live, gid)["turn"]["round_box"]
    page.locator(f"#claim-list button[data-box={box}][data-zero]").click()
    wait_history(live, gid, before + 1)


def click_choice(page: Any, puzzle: dict[str, Any], option: dict[str, Any]) -> None:
    """Make the choice ``option`` with the page's own controls."""
    if option["kind"] == "take":
        page.locator(f"#box-choices [data-kind='take'][data-card='{option['card']}']".replace(
            "'None'", "'null'")).click()
        return
    if option["kind"] in ("throw", "roll", "stop"):
        page.locator(f"#box-choices [data-kind='{option['kind']}']").click()
        return
    if option["kind"] != "keep":
        page.locator(f"#box-choices [data-box='{option['box']}']").click()
        return
    if "dice" in option:
        dice = option["dice"]
    else:
        dice = []
        for value in option["keep"]:
            dice.append(next(i for i, s in enumerate(puzzle["shown"])
                             if s == str(value) and i not in dice))
    buttons = page.locator("#puzzle [role=group] button")
    for index in dice:
        buttons.nth(index).click()
    page.locator("#keep-choice").click()
