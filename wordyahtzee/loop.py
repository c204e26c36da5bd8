"""The event loop of the ``serve`` workers, for code that must not stall it.

Under the event-driven server (gevent) every request, stream and background task of a
process shares one thread. Work that waits in C without needing the interpreter (a
disk sync) or computes for long goes to a real thread with :func:`run_blocking`; without
gevent, it is simply called. Pure standard library unless gevent is running.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

__all__ = ["event_loop_active", "run_blocking"]


def event_loop_active() -> bool:
    """True when gevent has patched the standard library (the ``serve`` workers)."""
    try:
        from gevent import monkey
    except ImportError:
        return False
    return bool(monkey.is_module_patched("threading"))


def run_blocking(function: Callable[..., T], *args: Any) -> T:
    """``function(*args)``, in a real thread when an event loop would otherwise stall."""
    if event_loop_active():
        import gevent

        result: T = gevent.get_hub().threadpool.apply(function, args)
        return result
    return function(*args)
