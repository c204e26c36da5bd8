"""Heavy work off the event loop.

Under the event-driven server (gevent) every request, stream and background task of a
process shares one thread; a computation of seconds (a strategy table, a dictionary's
tries, the solver's index) would stall all of them. Two ways out:

- :func:`wordyahtzee.runtime.loop.run_blocking` runs such work in gevent's pool of real threads
  and lets the event loop go on meanwhile; without gevent it simply calls the function.
  The work still shares the interpreter lock, which Python hands over every few
  milliseconds, so requests are slowed a little, never stalled.
- :func:`run_in_process` runs it in a child Python process with a time budget: the loop
  waits on a pipe, the work has a core of its own, and work over budget is killed
  (:class:`OverBudget`). For work whose cost the input decides, such as a dictionary
  build from an uploaded word list.
- :class:`ProcessWorker` is the same with a child that stays, so what it loads (the
  solver's word index) is loaded once: one call at a time, each within its budget; a call
  over budget kills the child, and the next call starts a new one.

Measured on the real server (``tests/test_web_loop.py``; docs/web.md, *Hardening*): a
solve with five blanks in a real thread slowed ``/api/meta`` to a p99 of 120 ms and single
calls to 0.8 s (the thread holds the interpreter lock 5 ms at a time, and each socket
operation of the loop waits for it again); in a worker process the p99 stays under 10 ms.
"""

from __future__ import annotations

import base64
import importlib
import os
import pickle
import selectors
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import WordyahtzeeError

__all__ = ["OverBudget", "ProcessWorker", "die_with_parent", "run_in_process"]


class OverBudget(WordyahtzeeError):
    """Work in a child process ran past its time budget and was killed."""

    def __init__(self, message: str, seconds: float) -> None:
        super().__init__(message, "unavailable")
        self.seconds = seconds


_PROGRESS, _RESULT, _ERROR, _CRASH = b"P", b"R", b"E", b"C"


_ROOT = str(Path(__file__).resolve().parents[2])
"""Where this ``wordyahtzee`` package is: the child imports the same one, whatever its
working directory holds (:func:`_child_env`)."""


def _child_env() -> dict[str, str]:
    """The child's environment: this one, with :data:`_ROOT` first on ``PYTHONPATH``. The
    child runs with ``-P``, so its working directory is not put before it."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [_ROOT, env.get("PYTHONPATH")]))
    return env


def _start(*flags: str) -> subprocess.Popen[bytes]:
    code = ("from wordyahtzee.tables.offload import _child; "
            f"_child({'--stay' in flags}, {os.getpid()})")
    return subprocess.Popen([sys.executable, "-P", "-c", code], env=_child_env(),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, close_fds=True)


def _send(stream: Any, payload: bytes) -> None:
    stream.write(len(payload).to_bytes(8, "big") + payload)
    stream.flush()


def _answer(proc: subprocess.Popen[bytes], budget: float,
            on_progress: Callable[[float], None] | None) -> Any:
    """Read the child's lines up to its answer, within ``budget`` seconds."""
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    with selectors.DefaultSelector() as waiting:  # epoll: any descriptor number, unlike select()
        waiting.register(fd, selectors.EVENT_READ)
        return _read_answer(proc, fd, waiting, time.monotonic() + budget, budget, on_progress)


def _read_answer(proc: subprocess.Popen[bytes], fd: int, waiting: selectors.BaseSelector,
                 deadline: float, budget: float,
                 on_progress: Callable[[float], None] | None) -> Any:
    buffer = b""
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise OverBudget(f"the work took longer than {budget:g} s", budget)
        if not waiting.select(left):
            continue
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            raise RuntimeError(f"the worker process ended without an answer "
                               f"(exit {proc.wait()})")
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            kind, data = line[:1], line[1:]
            if kind == _PROGRESS and on_progress is not None:
                on_progress(float(data))
            elif kind == _RESULT:
                return pickle.loads(base64.b64decode(data))
            elif kind == _ERROR:
                code, message = pickle.loads(base64.b64decode(data))
                raise WordyahtzeeError(message, code)
            elif kind == _CRASH:
                raise RuntimeError(base64.b64decode(data).decode("utf-8", "replace"))


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.wait()
    for stream in (proc.stdin, proc.stdout):
        if stream is not None:
            stream.close()


def run_in_process(target: str, args: tuple[Any, ...], budget: float,
                   on_progress: Callable[[float], None] | None = None) -> Any:
    """``module:function`` called with ``args`` (and a ``progress`` callback taking a share
    0-1, when ``on_progress`` is given) in a fresh Python process, killed after ``budget``
    seconds (:class:`OverBudget`). Returns its result; a
    :class:`~wordyahtzee.errors.WordyahtzeeError` it raises is raised here with the same
    code and message; any other failure is a ``RuntimeError``. Arguments and result are
    pickled. Under gevent only the calling greenlet waits (the pipe is read cooperatively).
    """
    proc = _start()
    try:
        assert proc.stdin is not None
        _send(proc.stdin, pickle.dumps((target, args, on_progress is not None)))
        return _answer(proc, budget, on_progress)
    finally:
        _stop(proc)


class ProcessWorker:
    """A child Python process that runs calls one at a time and stays for the next, so
    what they load is loaded once. :meth:`call` is :func:`run_in_process` on it; a call
    over budget (or one that crashes the child) ends the child and the next call starts a
    new one. Callers wait their turn for at most ``wait`` seconds (then
    :class:`OverBudget`: the worker is busy)."""

    def __init__(self, wait: float = 10.0) -> None:
        self.wait = wait
        self.generation = 0
        """Changes whenever a child starts or is ended: what a caller loaded into the
        child is gone once it does."""
        self._proc: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    def call(self, target: str, args: tuple[Any, ...], budget: float) -> Any:
        """``module:function(*args)`` in the worker, within ``budget`` seconds."""
        if not self._lock.acquire(timeout=self.wait):
            raise OverBudget(f"the worker is busy (waited {self.wait:g} s)", self.wait)
        try:
            if self._proc is None or self._proc.poll() is not None:
                self._proc = _start("--stay")
                self.generation += 1
            proc = self._proc
            assert proc.stdin is not None
            try:
                _send(proc.stdin, pickle.dumps((target, args, False)))
                return _answer(proc, budget, None)
            except (OverBudget, RuntimeError, OSError):
                self._proc = None
                self.generation += 1  # what was loaded is gone with the child
                _stop(proc)
                raise
        finally:
            self._lock.release()

    def close(self) -> None:
        """End the child, if any."""
        with self._lock:
            if self._proc is not None:
                _stop(self._proc)
                self._proc = None


def _read_request(stream: Any) -> Any:
    """One length-prefixed pickled request; None at the end of the input."""
    head = stream.read(8)
    if len(head) < 8:
        return None
    return pickle.loads(stream.read(int.from_bytes(head, "big")))


def die_with_parent(parent: int | None = None) -> None:
    """End this process when the process that started it ends, even by SIGKILL (Linux
    ``PR_SET_PDEATHSIG``): a stopped or killed server leaves no worker behind, holding its
    port or computing for nobody. ``parent``: the starter's pid, when it may have ended
    before this call (then this process ends at once). Elsewhere a no-op (a child then
    ends at its next read)."""
    try:
        import ctypes
        import signal

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if parent is not None and os.getppid() != parent:  # it ended before we asked
        os._exit(1)


def _child(stay: bool, parent: int | None = None) -> None:
    """The child's side of :func:`run_in_process` (one call) and of
    :class:`ProcessWorker` (``stay``: calls until the input ends), answered on stdout;
    ``parent``: the pid of the process that started it."""
    die_with_parent(parent)
    out, source = sys.stdout.buffer, sys.stdin.buffer

    def send(kind: bytes, data: bytes) -> None:
        out.write(kind + data + b"\n")
        out.flush()

    def progress(share: float) -> None:
        send(_PROGRESS, f"{share:.4f}".encode())

    while (request := _read_request(source)) is not None:
        target, args, wants_progress = request
        try:
            module, _, name = target.partition(":")
            function = getattr(importlib.import_module(module), name)
            result = (function(*args, progress=progress) if wants_progress
                      else function(*args))
        except WordyahtzeeError as exc:
            send(_ERROR, base64.b64encode(pickle.dumps((exc.code, exc.message))))
        except Exception as exc:  # reported to the parent as a RuntimeError
            send(_CRASH, base64.b64encode(f"{type(exc).__name__}: {exc}".encode()))
        else:
            send(_RESULT, base64.b64encode(pickle.dumps(result)))
        if not stay:
            break


if __name__ == "__main__":  # python -m wordyahtzee.tables.offload [--stay]
    _child("--stay" in sys.argv[1:])
