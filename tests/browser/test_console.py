"""Every page loads without a console error or a failed request (a 404 for an icon was
the only one on the site: the print sheets asked for ``/favicon.ico``)."""

from __future__ import annotations

from typing import Any

import pytest

PAGES = ("/", "/rules", "/words", "/highscores", "/lobby", "/dice", "/dice/nl",
         "/daily/classic", "/daily/woord", "/profile", *(f"/sheets/{mode}" for mode in
                                                          ("woord", "classic", "kaartspel",
                                                           "triple")))


@pytest.mark.parametrize("path", PAGES)
def test_the_page_loads_without_a_console_error(context: Any, live: Any, path: str) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}")
            if r.status >= 400 else None)
    page.goto(live.url + path)
    page.wait_for_load_state("networkidle")
    assert errors == [], errors


def test_favicon_ico_leads_to_the_icon(live: Any) -> None:
    import urllib.request

    with urllib.request.urlopen(live.url + "/favicon.ico") as answer:  # follows the 301
        assert answer.status == 200 and answer.headers["Content-Type"].startswith("image/svg")
