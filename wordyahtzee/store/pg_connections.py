"""How the PostgreSQL store looks after its connections: the pool's check of a connection
it lends, without a round trip (:func:`check_idle`), and cutting one whose query waits on a
server that does not answer (:func:`cut`)."""

from __future__ import annotations

import functools
import os
import select
import socket
import sys
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool


def _poll() -> Any:
    """A poll object of the operating system's, also under gevent: a look that never waits
    needs none of gevent's cooperation, and gevent's own poll object cost 50 times as much
    (22 µs against 0.4 µs a look, on every loan)."""
    return _system_poll()()


@functools.cache
def _system_poll() -> Any:
    if "gevent.monkey" in sys.modules:
        from gevent import monkey

        return monkey.get_original("select", "poll")
    return select.poll


def check_idle(conn: psycopg.Connection[Any]) -> None:
    """The pool's check of a connection it lends: raise if it is dead, without a round trip
    when it is healthy. An idle connection has nothing to read; one the server ended (a
    restart, an administrator) has its goodbye or end-of-file waiting, and only then is it
    asked (psycopg's own check, an empty query). A check by round trip on every loan cost an
    eighth of a worker's time under load."""
    if conn.closed or conn.broken:
        raise psycopg.OperationalError("the connection is closed")
    poller = _poll()
    poller.register(conn.fileno(), select.POLLIN)
    if poller.poll(0):
        ConnectionPool.check_connection(conn)


def cut(conn: psycopg.Connection[Any]) -> None:
    """Shut down ``conn``'s socket, so a query waiting on it ends at once with an error
    (and the pool drops the connection); nothing if it is closed already."""
    try:
        with socket.socket(fileno=os.dup(conn.pgconn.socket)) as sock:
            sock.shutdown(socket.SHUT_RDWR)
    except (OSError, psycopg.Error):
        pass
