"""Heavy work off the event loop.

Under the event-driven server (gevent) every request, stream and background task of a
process shares one thread; a computation of seconds (a strategy table, a dictionary's
tries, the solver's index) would stall all of them. :func:`run_blocking` runs such work in
gevent's pool of real threads and lets the event loop go on meanwhile; without gevent it
simply calls the function.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


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
