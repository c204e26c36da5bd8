"""The clock the tests move by hand (a test never reads the wall clock): the app's
``CLOCK``, a service's or a store's ``clock=``."""

from __future__ import annotations

START = 1_800_000_000.0
"""Where a :class:`Clock` starts unless told (Friday 15 January 2027, 08:00 UTC): a fixed
moment, so that a test holds on any date."""


class Clock:
    """A clock that stands still at ``now`` until the test moves it."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
