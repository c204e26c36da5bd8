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
    got = load_or_build(Path(path), "t", lambda file: file.read_text(), build,
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

    def load(file: Path) -> str:
        text = file.read_text()
        if text != "table":
            raise ValueError("not a table")
        return text

    out = io.StringIO()
    assert load_or_build(path, "t", load, lambda p: "table", path.write_text, out) == "table"
    assert "is corrupt (not a table); recomputing it" in out.getvalue()
    assert path.read_text() == "table"
    assert load_or_build(path, "t", load, lambda p: pytest.fail("built again"),
                         path.write_text, out) == "table"


# -- shipped tables -------------------------------------------------------------------------


@pytest.fixture
def shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """An empty cache folder and a folder of shipped tables of its own."""
    from wordyahtzee.advisor import cache

    folder, ships = tmp_path / "cache", tmp_path / "shipped"
    monkeypatch.setenv("WORDYAHTZEE_CACHE_DIR", str(folder))
    monkeypatch.delenv("WORDYAHTZEE_SHIPPED_TABLES", raising=False)
    monkeypatch.setattr(cache, "SHIPPED_DIR", ships)
    return folder, ships


def test_a_shipped_table_is_read_where_the_cache_has_none(shipped: tuple[Path, Path]) -> None:
    folder, ships = shipped
    (ships / "sub").mkdir(parents=True)
    (ships / "sub" / "table.txt").write_text("shipped")
    path = folder / "sub" / "table.txt"
    got = load_or_build(path, "t", lambda file: file.read_text(),
                        lambda p: pytest.fail("built"), path.write_text, None)
    assert got == "shipped"
    assert not path.exists(), "nothing is written to the cache"
    path.parent.mkdir(parents=True)
    path.write_text("cached")  # the cache's own file comes first
    assert load_or_build(path, "t", lambda file: file.read_text(),
                         lambda p: pytest.fail("built"), path.write_text, None) == "cached"


def test_shipped_tables_may_be_turned_off(shipped: tuple[Path, Path],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    folder, ships = shipped
    ships.mkdir()
    (ships / "table.txt").write_text("shipped")
    monkeypatch.setenv("WORDYAHTZEE_SHIPPED_TABLES", "0")
    path = folder / "table.txt"
    assert load_or_build(path, "t", lambda file: file.read_text(), lambda p: "built",
                         path.write_text, None) == "built"
    assert path.read_text() == "built"


def test_a_damaged_shipped_table_is_said_and_built(shipped: tuple[Path, Path]) -> None:
    folder, ships = shipped
    ships.mkdir()
    (ships / "table.txt").write_text("garbage")

    def load(file: Path) -> str:
        if file.read_text() == "garbage":
            raise ValueError("not a table")
        return file.read_text()

    out = io.StringIO()
    path = folder / "table.txt"
    assert load_or_build(path, "t", load, lambda p: "built", path.write_text, out) == "built"
    assert "is corrupt (not a table); recomputing it" in out.getvalue()


def test_stored_only_reads_and_never_builds(shipped: tuple[Path, Path]) -> None:
    from wordyahtzee.advisor.cache import NotStored, stored_only

    folder, ships = shipped
    path = folder / "table.txt"
    with stored_only(), pytest.raises(NotStored):
        load_or_build(path, "t", lambda file: file.read_text(),
                      lambda p: pytest.fail("built"), path.write_text, None)
    assert not path.exists() and not (folder / "table.txt.lock").exists()
    ships.mkdir()
    (ships / "table.txt").write_text("shipped")
    with stored_only():
        assert load_or_build(path, "t", lambda file: file.read_text(),
                             lambda p: pytest.fail("built"), path.write_text, None) == "shipped"
    # outside the block, building is allowed again
    assert load_or_build(folder / "other.txt", "t", lambda file: file.read_text(),
                         lambda p: "built", (folder / "other.txt").write_text, None) == "built"


def test_a_table_file_is_the_same_bytes_every_time(tmp_path: Path) -> None:
    """No time stamp, the members in a fixed order: the same arrays give the same file
    (``scripts/build_tables.py`` is reproducible); deflated, it reads back the same."""
    import numpy as np

    from wordyahtzee.advisor.cache import copy_arrays, load_arrays, save_arrays

    arrays = {"values": np.linspace(0, 1, 5000).reshape(50, 100), "rows": np.arange(7),
              "none": np.zeros(0)}
    first, second, packed = tmp_path / "a.npz", tmp_path / "b.npz", tmp_path / "c.npz"
    save_arrays(first, arrays, {"version": "v", "key": "k"})
    save_arrays(second, dict(reversed(arrays.items())), {"version": "v", "key": "k"})
    assert first.read_bytes() == second.read_bytes()
    copy_arrays(first, packed)
    assert packed.stat().st_size < first.stat().st_size
    got, meta = load_arrays(packed, "v", key="k")
    assert meta["key"] == "k" and set(got) == set(arrays)
    for name, array in arrays.items():
        assert np.array_equal(got[name], array) and got[name].dtype == array.dtype
    with pytest.raises(ValueError, match="another version"):
        load_arrays(packed, "w")
