"""Every page and every mode's table, on desktop and on a phone, passes axe-core's WCAG 2.2
AA rules with no serious or critical violation (axe-core from node_modules, pinned in
package-lock.json; the test command's npm ci installs it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .conftest import DESKTOP

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
PHONE_SMALL = {"width": 375, "height": 667}
PAGES = ("/", "/rules", "/words", "/highscores", "/lobby", "/dice", "/dice/nl",
         "/daily/classic", "/daily/woord", "/profile", "/sheets/woord", "/sheets/classic",
         "/sheets/kaartspel", "/sheets/triple", "/offline", "/moderate/login", "/puzzles",
         "/puzzles/test/woord", "/puzzles/test/classic", "/puzzles?mode=kaartspel",
         "/puzzles/test/kaartspel")
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def serious(page: Any) -> list[dict[str, Any]]:
    """axe's serious and critical violations on the page as it is now."""
    assert AXE.exists(), "axe-core is needed: npm ci (the test command runs it)"
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}})"
                          ".then((r) => r.violations)", TAGS)
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [n["target"] for n in v["nodes"]][:5]}
            for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE_SMALL], ids=["desktop", "phone"])
def test_every_page_passes_axe(browser: Any, live: Any, viewport: dict[str, int]) -> None:
    ctx = browser.new_context(viewport=viewport, is_mobile=viewport is PHONE_SMALL,
                              reduced_motion="reduce", bypass_csp=True)  # axe is injected
    try:
        page = ctx.new_page()
        problems = {}
        for path in PAGES:
            page.goto(live.url + path)
            page.wait_for_load_state("networkidle")
            if found := serious(page):
                problems[path] = found
        assert problems == {}, json.dumps(problems, indent=1)
    finally:
        ctx.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE_SMALL], ids=["desktop", "phone"])
@pytest.mark.parametrize("mode", ["woord", "classic", "triple", "kaartspel"])
def test_every_modes_table_passes_axe(browser: Any, live: Any, mode: str,
                                       viewport: dict[str, int]) -> None:
    ctx = browser.new_context(viewport=viewport, is_mobile=viewport is PHONE_SMALL,
                              reduced_motion="reduce", bypass_csp=True)  # axe is injected
    try:
        page = ctx.new_page()
        page.goto(live.url + "/")
        players = ["Anna", "Bram"] if mode == "kaartspel" else ["Anna"]
        made = page.request.post(live.url + "/api/games", data={
            "mode": mode, "kind": "hotseat" if len(players) > 1 else "solo", "players": players})
        assert made.ok, made.text()
        link = made.json()["links"][0]
        page.goto(live.url + link["url"] if link["url"].startswith("/") else link["url"])
        page.wait_for_load_state("networkidle")
        assert serious(page) == [], mode
        throw = page.locator("#throw, #roll").first
        if throw.is_enabled():
            throw.click()
            page.wait_for_timeout(300)
            assert serious(page) == [], f"{mode}, after a throw"
    finally:
        ctx.close()
