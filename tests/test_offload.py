"""Work in a child process with a time budget (wordyahtzee/tables/offload.py): answers,
errors with their codes, the budget's kill, and a worker that stays between calls; work
in a real thread under gevent (wordyahtzee/loop.py): its error raised, never printed."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from wordyahtzee.errors import WordyahtzeeError
from wordyahtzee.tables.offload import OverBudget, ProcessWorker, run_in_process


def test_a_call_answers_from_another_process() -> None:
    assert run_in_process("os:getpid", (), 30) != os.getpid()
    assert run_in_process("math:comb", (7, 3), 30) == 35


def test_the_child_imports_this_package_whatever_its_directory_holds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Started from a directory with a ``wordyahtzee`` of its own (another checkout, say),
    the child still imports the package its parent runs: this one answers."""
    decoy = tmp_path / "wordyahtzee"
    decoy.mkdir()
    (decoy / "__init__.py").write_text("raise ImportError('not this one')\n")
    monkeypatch.chdir(tmp_path)
    assert run_in_process("math:comb", (7, 3), 30) == 35


def test_a_call_answers_when_the_process_holds_over_a_thousand_descriptors() -> None:
    """A server with many connections (every live stream is one) holds descriptors past
    1023, where select() fails ("filedescriptor out of range"): the child's pipe is waited
    on with epoll, which takes any number."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 1300:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(1300, hard), hard))
    held = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    try:
        assert max(held) > 1024
        assert run_in_process("math:comb", (7, 3), 30) == 35
    finally:
        for fd in held:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_an_engine_error_keeps_its_code_and_anything_else_is_a_runtime_error() -> None:
    with pytest.raises(WordyahtzeeError) as caught:
        run_in_process("wordyahtzee.lexicon.registry:find_dictionary", ("geen-zulk",), 30)
    assert caught.value.code == "unknown_dictionary"
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        run_in_process("operator:truediv", (1, 0), 30)


def test_work_over_budget_is_killed() -> None:
    start = time.monotonic()
    with pytest.raises(OverBudget) as caught:
        run_in_process("time:sleep", (30,), 1.0)
    assert 1.0 <= time.monotonic() - start < 5
    assert caught.value.code == "unavailable"


def test_a_worker_stays_until_a_call_runs_over_its_budget() -> None:
    worker = ProcessWorker()
    try:
        first = worker.call("os:getpid", (), 30)
        assert worker.call("os:getpid", (), 30) == first != os.getpid()
        generation = worker.generation
        with pytest.raises(WordyahtzeeError):  # an error leaves the worker as it is
            worker.call("wordyahtzee.lexicon.registry:find_dictionary", ("geen",), 30)
        assert worker.call("os:getpid", (), 30) == first
        with pytest.raises(OverBudget):
            worker.call("time:sleep", (30,), 0.5)
        assert worker.generation != generation
        assert worker.call("os:getpid", (), 30) not in (first, os.getpid())
    finally:
        worker.close()


def test_a_child_ends_when_its_parent_is_killed() -> None:
    """A server killed by SIGKILL leaves no child computing for nobody."""
    import signal
    import subprocess
    import sys
    from pathlib import Path

    parent = subprocess.Popen([sys.executable, "-c",
                               "from wordyahtzee.tables.offload import run_in_process; "
                               "run_in_process('time:sleep', (60,), 120)"])
    children: list[int] = []
    end = time.monotonic() + 20
    while not children and time.monotonic() < end:
        for status in Path("/proc").glob("[0-9]*/status"):
            try:
                fields = dict(line.split(":\t", 1) for line in status.read_text().splitlines()
                              if ":\t" in line)
            except OSError:
                continue
            if fields.get("PPid", "").strip() == str(parent.pid):
                children.append(int(status.parent.name))
        time.sleep(0.05)
    assert children, "the child process did not start"
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait()
    end = time.monotonic() + 5
    while Path(f"/proc/{children[0]}").exists() and time.monotonic() < end:
        state = (Path(f"/proc/{children[0]}/stat").read_text().split() or ["", "", "?"])[2] \
            if Path(f"/proc/{children[0]}/stat").exists() else "X"
        if state in ("Z", "X"):
            break
        time.sleep(0.05)
    stat = Path(f"/proc/{children[0]}/stat")
    assert not stat.exists() or stat.read_text().split()[2] in ("Z", "X")


def test_an_error_in_a_real_thread_is_raised_in_the_caller_and_not_printed() -> None:
    """Under gevent (a ``serve`` worker), ``run_blocking`` runs the work in gevent's thread
    pool, which would print an error's traceback to the server's log besides raising it
    (a wrong moderator's password did, Argon2's whole traceback)."""
    import subprocess
    import sys

    code = ("from gevent import monkey; monkey.patch_all()\n"
            "from wordyahtzee.runtime.loop import event_loop_active, run_blocking\n"
            "assert event_loop_active()\n"
            "def fail(): raise ValueError('no')\n"
            "try:\n    run_blocking(fail)\nexcept ValueError as exc:\n    print('raised', exc)\n"
            "print(run_blocking(sum, [1, 2]))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["raised no", "3"]
    assert done.stderr == ""
