"""The service worker's list of static files is made from the static folder: every script,
style sheet and icon is in it, and its cache is named after their contents."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from wordyahtzee.web.offline import worker_source

from .support.app import make_app
from .support.clock import Clock

STATIC = Path(__file__).resolve().parents[1] / "web" / "static"


@pytest.fixture
def worker(tmp_path: Path) -> str:
    response = make_app(tmp_path / "sw.sqlite3", Clock()).test_client().get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Service-Worker-Allowed"] == "/"
    return response.get_data(as_text=True)


def filled(source: str) -> tuple[str, list[str]]:
    cache = re.search(r"^const CACHE = (.*);$", source, re.M)
    files = re.search(r"^const PRECACHE = (.*);$", source, re.M)
    assert cache and files, source[:600]
    return json.loads(cache.group(1)), json.loads(files.group(1))


def test_the_pages_that_work_offline_are_kept_at_install(worker: str) -> None:
    pages = re.search(r"^const PAGES_AT_INSTALL = (.*);$", worker, re.M)
    assert pages, worker[:600]
    kept = json.loads(pages.group(1))
    assert {"/", "/rules", "/offline", "/sheets/woord", "/sheets/classic", "/sheets/kaartspel",
            "/sheets/triple"} == set(kept)


def test_every_script_and_style_sheet_is_precached(worker: str) -> None:
    cache, files = filled(worker)
    assert re.fullmatch(r"wy-static-[0-9a-f]{16}", cache)
    scripts = {f"/static/js/{p.name}" for p in (STATIC / "js").glob("*.js")}
    assert scripts and scripts <= set(files)
    assert {f"/static/css/{p.name}" for p in (STATIC / "css").glob("*.css")} <= set(files)
    icons = {"/static/favicon.svg", "/static/icons/icon.svg", "/static/icons/icon-192.png"}
    assert icons <= set(files)
    assert "/static/sw.js" not in files and "/* PRECACHE */" not in worker


def test_a_changed_file_renames_the_cache(tmp_path: Path) -> None:
    copy = tmp_path / "static"
    shutil.copytree(STATIC, copy)
    before, files = filled(worker_source(str(copy)))
    (copy / "js" / "common.js").write_text("// changed\n", encoding="utf-8")
    worker_source.cache_clear()  # as a new process (a deploy) would
    after, same = filled(worker_source(str(copy)))
    assert before != after and files == same


def test_the_placeholders_are_checked(tmp_path: Path) -> None:
    (tmp_path / "sw.js").write_text("const CACHE = 'x';\n", encoding="utf-8")
    with pytest.raises(RuntimeError):
        worker_source(str(tmp_path))
