"""The service worker's lists, made from the static folder and the modes themselves.

``static/sw.js`` holds three placeholders, its cache's name, the files it keeps and the
pages it keeps at install; the ``/sw.js`` route fills them in: every script, style sheet and
icon under ``web/static`` (the worker itself aside), a cache named after a digest of their
contents, and the pages that work offline in full (the start page, the rules, each mode's
blank sheet and the page that says a page needs the server). A deploy that changes any
static file therefore gives the worker a new cache (the browser sees a changed worker and
installs it), and nothing is ever listed by hand."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

WORKER = "sw.js"
KINDS = (".js", ".css", ".svg", ".png")
CACHE_MARK = '/* CACHE */ "wy-static"'
PRECACHE_MARK = "/* PRECACHE */ []"
PAGES_MARK = "/* PAGES */ []"
OFFLINE_PAGE = "/offline"
"""What a page never visited shows offline: it needs the server."""


def offline_pages() -> list[str]:
    """The pages the worker keeps at install: they need no server to be used."""
    from wordyahtzee.modes import MODES

    return ["/", "/rules", OFFLINE_PAGE, *(f"/sheets/{mode}" for mode in MODES)]


def static_files(folder: Path) -> list[str]:
    """The files the worker keeps, as the paths the site serves them at (``/static/…``),
    sorted."""
    return sorted(f"/static/{path.relative_to(folder).as_posix()}"
                  for path in folder.rglob("*")
                  if path.is_file() and path.suffix in KINDS and path.name != WORKER)


@cache
def worker_source(folder: str) -> str:
    """``sw.js`` with its cache name and list filled in (once per process: a deploy starts
    new ones)."""
    root = Path(folder)
    files = static_files(root)
    digest = hashlib.sha256()
    for url in files:
        digest.update(url.encode())
        digest.update((root / url.removeprefix("/static/")).read_bytes())
    source = (root / WORKER).read_text(encoding="utf-8")
    marks = (CACHE_MARK, PRECACHE_MARK, PAGES_MARK)
    if any(source.count(mark) != 1 for mark in marks):
        raise RuntimeError(f"{WORKER} lost one of its placeholders {', '.join(marks)}")
    return (source.replace(CACHE_MARK, json.dumps(f"wy-static-{digest.hexdigest()[:16]}"))
            .replace(PRECACHE_MARK, json.dumps(files))
            .replace(PAGES_MARK, json.dumps(offline_pages())))
