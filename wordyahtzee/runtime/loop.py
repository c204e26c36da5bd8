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
    """``function(*args)``, in a real thread when an event loop would otherwise stall. An
    exception it raises is raised here, as a call would, and nothing else: gevent's
    thread pool would also print its traceback to the server's log."""
    if event_loop_active():
        import gevent

        def caught() -> tuple[bool, Any]:
            try:
                return True, function(*args)
            except Exception as exc:  # raised again in the caller, not printed
                return False, exc

        done, value = gevent.get_hub().threadpool.apply(caught)
        if not done:
            raise value
        result: T = value
        return result
    return function(*args)
