"""Progress of a long job (a strategy table, a dictionary build) on a text stream.

On a terminal it is a bar redrawn in place, at most ten times a second. Anywhere else (a
pipe, a log file, CI) a bar's carriage returns would pile up into one unreadable line, so
it writes a plain line instead, at most every ``interval`` seconds and only once the job has
run that long: a quick job prints nothing, a long one says every few seconds how far it
is and, at the end, how long it took::

    computing the optimal strategy (free joker): 38% after 5.0 s
    computing the optimal strategy (free joker): 81% after 10.0 s
    computing the optimal strategy (free joker): done in 12.4 s

A :class:`Progress` is called as ``progress(done, total)``, the signature the builders take.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

__all__ = ["Progress"]

LINE_INTERVAL = 5.0
"""Seconds between two plain progress lines when the stream is not a terminal."""


class Progress:
    """Reports ``done`` of ``total`` (any unit) for the job ``label`` on ``stream``
    (default stderr). ``enabled=False`` silences it; ``tty`` overrides the terminal check.
    """

    def __init__(self, label: str = "", stream: TextIO | None = None, *,
                 enabled: bool = True, tty: bool | None = None,
                 interval: float = LINE_INTERVAL,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        if tty is None:
            isatty = getattr(self.stream, "isatty", None)
            tty = bool(isatty and isatty())
        self.enabled = enabled
        self.tty = tty
        self.interval = interval
        self.clock = clock
        self.start = clock()
        self._last = self.start  # the time of the last bar or line
        self._drawn = False  # a bar is on the terminal line
        self._lines = 0  # plain lines written

    def __call__(self, done: int, total: int) -> None:
        self.update(done, total)

    def update(self, done: int, total: int, label: str | None = None) -> None:
        """Report ``done`` of ``total``; ``label`` renames the job from now on."""
        if label is not None:
            self.label = label
        if not self.enabled:
            return
        now = self.clock()
        share = min(1.0, done / total) if total > 0 else 1.0
        if self.tty:
            if self._drawn and now - self._last < 0.1 and share < 1.0:
                return
            filled = round(share * 30)
            bar = "#" * filled + "-" * (30 - filled)
            self.stream.write(f"\r{self.label[-50:]} [{bar}] {share:4.0%} "
                              f"{now - self.start:5.1f}s\x1b[K")
            self._drawn = True
        else:
            if now - self._last < self.interval or share >= 1.0:
                return
            self.stream.write(f"{self.label}: {share:.0%} after {now - self.start:.1f} s\n")
            self._lines += 1
        self._last = now
        self.stream.flush()

    def done(self) -> None:
        """The job is over: clear the bar, or say how long it took if a line was written."""
        if not self.enabled:
            return
        if self.tty and self._drawn:
            self.stream.write("\r\x1b[K")
            self._drawn = False
        elif self._lines:
            self.stream.write(f"{self.label}: done in {self.clock() - self.start:.1f} s\n")
            self._lines = 0
        else:
            return
        self.stream.flush()
