"""Browser tests: the app served in-process, driven by Debian's chromium through Playwright.

Screenshots go to ``artifacts/screenshots/`` (git-ignored).
"""

from __future__ import annotations

import random
import shutil
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server
from wordyahtzee.web import create_app

SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
# the players of the tests are Dutch: their browsers ask for Dutch pages (Accept-Language),
# unless a context names its own locale (the German player's test)
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--no-first-run", "--disable-sync", "--accept-lang=nl-NL,nl"]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
SAMPLE_GAMES = {"classic": 5000, "woord": 300}
"""The review's samples of optimal play: smaller than in production, to keep the tests quick."""


START = 1_800_000_000.0
"""The server's clock starts here, whatever the date (Friday 15 January 2027, 08:00 UTC):
the pages read the server's time from each state, so no test depends on today's date."""


class RunningClock:
    """A clock that runs as real time does from :data:`START`, plus an offset a test can
    move forward."""

    def __init__(self) -> None:
        self.offset = 0.0
        self._started = time.monotonic()

    def __call__(self) -> float:
        return START + (time.monotonic() - self._started) + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds


@dataclass
class Live:
    url: str
    app: Any
    clock: RunningClock

    @property
    def tables(self) -> Any:
        return self.app.extensions["wordyahtzee.tables"]

    @property
    def store(self) -> Any:
        return self.app.extensions["wordyahtzee.store"]


@pytest.fixture(scope="session")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    clock = RunningClock()
    seeds = iter(range(1000, 100000))
    app = create_app({"DATABASE": tmp_path_factory.mktemp("db") / "web.sqlite3",
                      "CLOCK": clock, "RNG_FACTORY": lambda: random.Random(next(seeds)),
                      "SSE_SECONDS": 10.0, "TESTING": True,
                      "COMPUTER_PACE": 0.01, "WARM_STRATEGIES": ("free",),
                      "OPTIMAL_SAMPLE_GAMES": SAMPLE_GAMES,
                      # no puzzle mining beside the games (the puzzles' tests put theirs)
                      "MINE_PUZZLES": False,
                      # every browser of the session comes from 127.0.0.1, and the tests
                      # make more profiles than a family would (test_daily.py tests the limit)
                      "RATE_LIMITS": {"profiles": ""}})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield Live(f"http://127.0.0.1:{server.server_port}", app, clock)
    server.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=15_000)  # two shared cores: be patient, never sleep

    executable = shutil.which("chromium")
    assert executable, "Debian's chromium is needed (apt-get install chromium)"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, headless=True,
                                    args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A desktop browser context that prefers reduced motion: the dice and pawns land at
    once instead of waiting for their animations (the animations have tests of their own,
    with contexts of their own)."""
    ctx = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    ctx.set_default_timeout(15_000)
    refused: list[str] = []  # the server's Content-Security-Policy must block nothing
    ctx.on("console", lambda msg: refused.append(msg.text)
           if "Content Security Policy" in msg.text else None)
    yield ctx
    ctx.close()
    assert not refused, refused


def shot(page: Any, name: str) -> None:
    """Save a full-page screenshot as an artefact."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
