"""The service worker's list of static files, made from the static folder itself.

``static/sw.js`` holds two placeholders, its cache's name and the files it keeps; the
``/sw.js`` route fills them in: every script, style sheet and icon under ``web/static``
(the worker itself aside), and a cache named after a digest of their contents. A deploy
that changes any static file therefore gives the worker a new cache (the browser sees a
changed worker and installs it), and nothing is ever listed by hand."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

WORKER = "sw.js"
KINDS = (".js", ".css", ".svg", ".png")
CACHE_MARK = '/* CACHE */ "wy-static"'
PRECACHE_MARK = "/* PRECACHE */ []"


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
    if source.count(CACHE_MARK) != 1 or source.count(PRECACHE_MARK) != 1:
        raise RuntimeError(f"{WORKER} lost its placeholders {CACHE_MARK} and {PRECACHE_MARK}")
    return (source.replace(CACHE_MARK, json.dumps(f"wy-static-{digest.hexdigest()[:16]}"))
            .replace(PRECACHE_MARK, json.dumps(files)))
