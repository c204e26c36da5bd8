"""Nothing blocks the event loop (issue 24): the real server (``wordyahtzee serve``, one
gevent worker) keeps answering ``GET /api/meta`` quickly while one client makes it do its
heaviest work: a gzip bomb of ``kat`` lines and a real 200,000-word list built as
dictionaries, and a stream of four-blank solves; and while it computes a classic strategy
table and its sample of optimal play from an empty cache at start-up (the shipped tables
ignored, as for a table that does not ship). A seven-blank solve is refused at once.

Each scenario prints the latencies of ``/api/meta`` (median, p99, max over a few hundred
calls); ``python -m pytest tests/test_web_loop.py -q -s -p no:cacheprovider`` shows them.
Before the work runs off the loop, a build stalled every request for its whole length
(4 s for the list, 60 s for the bomb) and a seven-blank solve for 4.5-10 s; a strategy
table computed in a thread of the server slowed calls to 0.3 s. The bounds
are the issue's, with room for a shared two-core machine: the median and the p99 within
50 ms (idle, both are a few ms), and no single call over 1 s (a stall shows as one long
call, as the probe's calls follow each other).
"""

from __future__ import annotations

import gzip
import http.client
import itertools
import json
import math
import statistics
import threading
import time
import uuid
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .support.server import free_port, serve

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow  # each runs 5 s or more


def _meta_while(port: int, work: Callable[[], Any]) -> tuple[Any, list[float]]:
    """``work()``'s result and the latencies (ms) of back-to-back ``/api/meta`` calls
    made meanwhile."""
    stop, latencies, failures = threading.Event(), [], []

    def probe() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while not stop.is_set():
            start = time.perf_counter()
            conn.request("GET", "/api/meta")
            response = conn.getresponse()
            response.read()
            latencies.append((time.perf_counter() - start) * 1000)
            if response.status != 200:
                failures.append(response.status)
            time.sleep(0.01)

    thread = threading.Thread(target=probe)
    thread.start()
    try:
        result = work()
    finally:
        stop.set()
        thread.join()
    assert not failures
    return result, latencies


def _check(label: str, latencies: list[float]) -> None:
    ordered = sorted(latencies)
    median = statistics.median(ordered)
    p99 = ordered[math.ceil(len(ordered) * 0.99) - 1]
    print(f"\n{label}: /api/meta over {len(ordered)} calls: median {median:.1f} ms, "
          f"p99 {p99:.1f} ms, max {ordered[-1]:.1f} ms")
    assert len(ordered) >= 20, "too few calls to judge"
    assert median <= 50, (label, median)
    assert p99 <= 50, (label, p99)
    assert ordered[-1] <= 1000, (label, ordered[-1])


def _upload(port: int, name: str, data: bytes, filename: str) -> dict[str, Any]:
    """Upload a word list and wait for its job to end."""
    boundary = uuid.uuid4().hex
    body = b"".join([
        f'--{boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n{name}\r\n'
        .encode(),
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
        f'filename="{filename}"\r\nContent-Type: application/octet-stream\r\n\r\n'.encode(),
        data, f"\r\n--{boundary}--\r\n".encode()])
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("POST", "/api/dictionaries", body=body,
                 headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
    response = conn.getresponse()
    answer = json.loads(response.read())
    assert response.status == 202, answer
    end = time.monotonic() + 120
    while time.monotonic() < end:
        conn.request("GET", f"/api/dictionaries/jobs/{answer['job']['id']}")
        job: dict[str, Any] = json.loads(conn.getresponse().read())["job"]
        if job["status"] in ("done", "failed"):
            return job
        time.sleep(0.2)
    raise AssertionError("the build job never ended")


def _solves(port: int, letters: str, count: int) -> list[tuple[int, Any, float]]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    answers = []
    for _ in range(count):
        start = time.perf_counter()
        conn.request("POST", "/api/solve", body=json.dumps({"letters": letters}),
                     headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        answers.append((response.status, json.loads(response.read()),
                        time.perf_counter() - start))
    return answers


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    tmp = tmp_path_factory.mktemp("loop")
    port = free_port()
    proc = serve(tmp / "loop.sqlite3", port, env={
        "WORDYAHTZEE_DATA_DIR": str(tmp / "data"), "WORDYAHTZEE_RATE_LIMITS": "off",
        "WORDYAHTZEE_BUILD_SECONDS": "25"})  # a 200,000-word list takes 3-5 s alone
    try:
        _meta_while(port, lambda: time.sleep(1))  # the worker is up and warm
        yield port
    finally:
        proc.terminate()
        proc.wait(10)


def test_a_gzip_bomb_build_neither_stalls_the_loop_nor_runs_past_its_budget(
        server: int) -> None:
    """1 GiB of ``kat`` lines in a 1 MB gzip: the build runs in its own process, is killed
    at its budget (25 s here) and fails its job with a clear error."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    chunk = b"kat\n" * (1 << 18)
    bomb = b"".join([*(packer.compress(chunk) for _ in range(1024)), packer.flush()])
    assert len(bomb) < 1_200_000
    started = time.monotonic()
    job, latencies = _meta_while(server, lambda: _upload(server, "bom", bomb, "kat.txt.gz"))
    assert job["status"] == "failed", job
    assert job["error"]["code"] == "word_list_too_large", job
    assert time.monotonic() - started < 40
    _check("gzip bomb build", latencies)


def test_a_big_real_word_list_builds_without_stalling_the_loop(server: int) -> None:
    with gzip.open(ROOT / "dictionaries" / "nl.txt.gz", "rt", encoding="utf-8") as words:
        data = "".join(itertools.islice(words, 200_000)).encode()
    job, latencies = _meta_while(server, lambda: _upload(server, "groot", data, "w.txt"))
    assert job["status"] == "done", job["error"]
    assert job["word_count"] > 190_000, job
    _check("200,000-word build", latencies)


def test_solves_neither_stall_the_loop_nor_run_long(server: int) -> None:
    answers, latencies = _meta_while(server, lambda: _solves(server, "k?s??l?", 12))
    assert all(status in (200, 503) for status, _, _ in answers), answers
    assert sum(status == 200 for status, _, _ in answers) >= 6, answers
    ok = [answer for status, answer, _ in answers if status == 200]
    assert all(a["letters"] and a["words"] and a["boxes"] for a in ok), ok[0]
    # the first solve loads the word index into the worker (a few seconds at most);
    # every later one answers or is stopped within its 1 s budget
    assert all(seconds < 2.0 for _, _, seconds in answers[1:]), answers
    _check("four-blank solves", latencies)
    refused, latencies = _meta_while(server, lambda: _solves(server, "???????", 20))
    for status, answer, seconds in refused:
        assert status == 400 and answer["error"]["code"] == "bad_rack", answer
        assert seconds < 1.0


def test_a_strategy_table_and_its_sample_are_computed_off_the_loop(
        tmp_path: Path) -> None:
    """Start-up with an empty cache and the shipped tables ignored computes the classic
    table (free joker) and then its sample of optimal play, each in a child process, while
    requests go on (what a table that does not ship costs: a house rule, a new version)."""
    port = free_port()
    proc = serve(tmp_path / "warm.sqlite3", port, env={
        "WORDYAHTZEE_WARM": "free", "WORDYAHTZEE_CACHE_DIR": str(tmp_path / "cache"),
        "WORDYAHTZEE_DATA_DIR": str(tmp_path / "data"),
        "WORDYAHTZEE_SHIPPED_TABLES": "0"})  # computed, as for a house rule, not read

    def until_prepared() -> dict[str, Any]:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        end = time.monotonic() + 300
        while time.monotonic() < end:
            conn.request("GET", "/api/meta")
            preparing: dict[str, Any] = json.loads(conn.getresponse().read())["preparing"]
            if preparing["total"] and preparing["done"] == preparing["total"]:
                return preparing
            time.sleep(0.5)
        raise AssertionError("the table and the sample were not ready in 300 s")

    try:
        # the worker's first request pays its lazy imports and opens the store; the
        # probe measures the loop from the second on, while the table is computed
        first = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        first.request("GET", "/api/meta")
        assert first.getresponse().status == 200
        preparing, latencies = _meta_while(port, until_prepared)
    finally:
        proc.terminate()
        proc.wait(10)
    assert [(i["what"], i["state"]) for i in preparing["items"]] == [
        ("table", "ready"), ("sample", "ready")], preparing
    _check("strategy table and sample", latencies)
