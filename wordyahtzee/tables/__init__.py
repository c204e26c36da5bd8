"""The table service: tables, seats and tokens, locks, deadlines, computer seats, the
warming of strategy tables and live-update waits, over a :class:`~wordyahtzee.store.Store`.
It imports no web framework; the web adapter, the CLI and the tests all use it."""

from .service import TableService
from .table import KINDS, MAX_PLAYERS, Table, parse_seats

__all__ = ["KINDS", "MAX_PLAYERS", "Table", "TableService", "parse_seats"]
