"""Progress output (a bar on a terminal, a line every few seconds elsewhere) and the disk
cache of computed tables (built once when several processes ask at once)."""

from __future__ import annotations

import io
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wordyahtzee.advisor.cache import load_or_build
from wordyahtzee.runtime.progress import Progress

from .support.clock import Clock


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def run(progress: Progress, clock: Clock, steps: list[tuple[float, int]]) -> None:
    for at, done in steps:
        clock.now = 100.0 + at
        progress(done, 100)
    progress.done()


def test_a_terminal_gets_a_bar_redrawn_in_place() -> None:
    clock, tty = Clock(100.0), Terminal()
    run(Progress("building", tty, clock=clock), clock, [(0, 0), (0.5, 50), (1.0, 100)])
    text = tty.getvalue()
    assert text.count("\r") >= 3 and "100%" in text and "#" * 30 in text
    assert "\n" not in text and text.endswith("\r\x1b[K")  # the bar is cleared at the end


def test_a_pipe_gets_a_line_every_few_seconds_and_no_carriage_return() -> None:
    clock, pipe = Clock(100.0), io.StringIO()
    steps = [(t / 2, int(t / 2 * 100 / 24)) for t in range(49)]  # 24 s, a step every 0.5 s
    run(Progress("computing", pipe, clock=clock), clock, steps)
    lines = pipe.getvalue().splitlines()
    assert "\r" not in pipe.getvalue()
    assert lines[0] == "computing: 20% after 5.0 s"
    assert [line.split(" after ")[1] for line in lines[:-1]] == [
        "5.0 s", "10.0 s", "15.0 s", "20.0 s"]
    assert lines[-1] == "computing: done in 24.0 s"


def test_a_quick_job_on_a_pipe_prints_nothing() -> None:
    clock, pipe = Clock(100.0), io.StringIO()
    run(Progress("quick", pipe, clock=clock), clock, [(0, 0), (1.0, 50), (2.0, 100)])
    assert pipe.getvalue() == ""


def test_a_disabled_progress_prints_nothing() -> None:
    clock, tty = Clock(100.0), Terminal()
    run(Progress("quiet", tty, enabled=False, clock=clock), clock, [(0, 0), (9, 100)])
    assert tty.getvalue() == ""


@pytest.mark.slow
def test_classic_ev_progress_on_a_pipe_is_plain_lines(tmp_path: Path) -> None:
    """The CLI's stderr is not a terminal here: the first run computes the table (seconds)
    and prints at most plain lines, never a carriage return."""
    env = {**os.environ, "WORDYAHTZEE_CACHE_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "wordyahtzee", "classic", "ev"], env=env,
                          capture_output=True, text=True, timeout=600, check=True)
    assert done.stdout.strip() == "254.589609"
    assert "\r" not in done.stderr
    lines = done.stderr.splitlines()
    assert all(line.startswith("computing the optimal strategy (free joker): ")
               for line in lines), lines
    if lines:  # only a run of 5 s or more says anything
        assert lines[-1].split(": ")[1].startswith("done in ")


# -- the cache ------------------------------------------------------------------------------


def _build_in_a_process(path: str, log: str, barrier: object) -> None:
    import time

    def build(progress: object) -> str:
        with open(log, "a") as fh:
            fh.write(f"{os.getpid()}\n")
        time.sleep(0.5)  # long enough for the other process to arrive and wait
        return "table"

    barrier.wait()  # type: ignore[attr-defined]
    got = load_or_build(Path(path), "t", lambda: Path(path).read_text(), build,
                        lambda value: Path(path).write_text(value), None)
    assert got == "table"


def test_two_processes_build_a_table_once(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(2)
    path, log = tmp_path / "table.txt", tmp_path / "builds.log"
    workers = [ctx.Process(target=_build_in_a_process, args=(str(path), str(log), barrier))
               for _ in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
    assert [w.exitcode for w in workers] == [0, 0]
    assert len(log.read_text().split()) == 1, "one process built, the other loaded"
    assert path.read_text() == "table"


def test_a_damaged_file_is_said_and_rebuilt(tmp_path: Path) -> None:
    path = tmp_path / "table.txt"
    path.write_text("garbage")

    def load() -> str:
        text = path.read_text()
        if text != "table":
            raise ValueError("not a table")
        return text

    out = io.StringIO()
    assert load_or_build(path, "t", load, lambda p: "table", path.write_text, out) == "table"
    assert "is corrupt (not a table); recomputing it" in out.getvalue()
    assert path.read_text() == "table"
    assert load_or_build(path, "t", load, lambda p: pytest.fail("built again"),
                         path.write_text, out) == "table"
