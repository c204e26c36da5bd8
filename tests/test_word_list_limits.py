"""Hostile word lists: gzip bombs and endless lines are read in bounded memory and refused
with one line (``dict build``) or a failed job (the web upload); the cap on user
dictionaries."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from wordyahtzee.cli import main
from wordyahtzee.lexicon.source import ReadStats, read_word_list

BOMB_MB = 100


def make_bomb(path: Path, megabytes: int = BOMB_MB, line: bytes = b"") -> Path:
    """``megabytes`` MB of ``a`` (one endless line unless ``line`` ends each MB),
    gzip-compressed a MB at a time: about 100 KB on disk."""
    chunk = b"a" * (1024 * 1024 - len(line)) + line
    with gzip.open(path, "wb", compresslevel=9) as fh:
        for _ in range(megabytes):
            fh.write(chunk)
    return path


def run_measured(code: str, tmp_path: Path) -> dict[str, Any]:
    """Run ``code`` in a fresh interpreter (private data dir); it sets ``result``. Returns
    ``result`` with ``rss_mb``: how far the peak resident memory rose during the code."""
    script = textwrap.dedent("""
        import json, resource, sys
        def peak(): return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
        import wordyahtzee.cli, wordyahtzee.web, wordyahtzee.lexicon.build
        before = peak()
        result = {}
    """) + textwrap.dedent(code) + textwrap.dedent("""
        result["rss_mb"] = peak() - before
        print(json.dumps(result))
    """)
    env = {**os.environ, "WORDYAHTZEE_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    values: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return values


def test_gzip_bomb_is_refused_by_dict_build_in_bounded_memory(tmp_path: Path) -> None:
    bomb = make_bomb(tmp_path / "bomb.txt.gz")
    assert bomb.stat().st_size < 200_000
    result = run_measured(f"""
        import contextlib, io
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            result["code"] = wordyahtzee.cli.main(
                ["dict", "build", {str(bomb)!r}, "--name", "bomb", "--quiet"])
        result["lines"] = err.getvalue().count("\\n")
        result["refused"] = "64 MiB" in err.getvalue() and "decompressed" in err.getvalue()
    """, tmp_path)
    assert result["code"] == 2 and result["lines"] == 1 and result["refused"]
    assert result["rss_mb"] < 120, result  # was +1.5 GB for this bomb


def test_an_endless_line_is_skipped_in_bounded_memory(tmp_path: Path) -> None:
    bomb = make_bomb(tmp_path / "line.txt.gz", 30)
    result = run_measured(f"""
        from pathlib import Path
        from wordyahtzee.lexicon.source import ReadStats, read_word_list
        stats = ReadStats()
        result["words"] = len(list(read_word_list(Path({str(bomb)!r}), stats=stats)))
        result["too_long"] = stats.too_long
    """, tmp_path)
    assert result["words"] == 0 and result["too_long"] == 1
    assert result["rss_mb"] < 120, result


def test_gzip_bomb_upload_fails_its_job_in_bounded_memory(tmp_path: Path) -> None:
    bomb = make_bomb(tmp_path / "bomb.txt.gz", line=b"\n")  # a hundred 1 MB lines
    result = run_measured(f"""
        import time
        app = wordyahtzee.web.create_app({{"DATABASE": {str(tmp_path / "db.sqlite3")!r},
                                           "TESTING": True, "WARM_STRATEGIES": ()}})
        client = app.test_client()
        with open({str(bomb)!r}, "rb") as fh:
            r = client.post("/api/dictionaries", data={{"name": "bomb", "file": (fh, "b.gz")}},
                            content_type="multipart/form-data")
        result["status"] = r.status_code
        job = r.get_json()["job"]
        for _ in range(600):
            job = client.get("/api/dictionaries/jobs/" + job["id"]).get_json()["job"]
            if job["status"] in ("done", "failed"):
                break
            time.sleep(0.05)
        result["job"] = job["status"]
        result["code"] = (job.get("error") or {{}}).get("code")
        result["message"] = (job.get("error") or {{}}).get("message")
    """, tmp_path)
    assert result["status"] == 202 and result["job"] == "failed", result
    assert result["code"] == "word_list_too_large" and "tmp" not in result["message"]
    assert result["rss_mb"] < 120, result  # a 29 KB bomb took +542 MB


def test_long_lines_are_dropped_and_counted(tmp_path: Path) -> None:
    words = tmp_path / "w.txt"
    words.write_text("huis\n" + "b" * 65 + "\n" + "c" * 5000 + "\n# " + "x" * 900 + "\nboom\n"
                     + "é" * 64 + "\n", encoding="utf-8")
    stats = ReadStats()
    assert list(read_word_list(words, stats=stats)) == ["huis", "boom", "é" * 64]
    assert stats.too_long == 2  # the long comment is a comment
    assert main(["dict", "build", str(words), "--name", "lang", "--quiet",
                 "--output-dir", str(tmp_path / "out")]) == 0
    meta = json.loads((tmp_path / "out" / "lang.json").read_text())
    assert meta["counts"]["dropped"]["too_long"] == 2
    assert meta["counts"]["read"] == meta["counts"]["kept"] + sum(
        meta["counts"]["dropped"].values())


def test_a_small_limit_refuses_plain_text_too(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    words = tmp_path / "w.txt"
    words.write_text("huis\n" * 300_000)
    assert main(["dict", "build", str(words), "--name", "groot", "--max-source-mib", "1",
                 "--output-dir", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "more than 1 MiB of text; refused" in err


def test_user_dictionaries_are_capped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("WORDYAHTZEE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("WORDYAHTZEE_MAX_DICTIONARIES", "2")
    words = tmp_path / "w.txt"
    words.write_text("huis\nboom\n")
    for name in ("een", "twee"):
        assert main(["dict", "build", str(words), "--name", name, "--quiet"]) == 0
    capsys.readouterr()
    assert main(["dict", "build", str(words), "--name", "drie", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the most allowed is 2" in err
    # replacing one of them adds none
    assert main(["dict", "build", str(words), "--name", "twee", "--force", "--quiet"]) == 0
    # elsewhere than the user folder is not capped
    assert main(["dict", "build", str(words), "--name", "drie", "--quiet",
                 "--output-dir", str(tmp_path / "out")]) == 0


def test_the_shipped_lists_fit_the_limits() -> None:
    from wordyahtzee.lexicon import list_dictionaries

    for entry in list_dictionaries():
        if entry.shipped:
            stats = ReadStats()
            assert sum(1 for _ in read_word_list(entry.words_path, stats=stats)) > 1000
            assert stats.too_long == 0, entry.name
