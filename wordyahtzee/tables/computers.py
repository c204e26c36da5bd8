"""Computer seats: a background worker per table plays the computers' moves, one action
at a time, each committed and streamed like a human's."""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from ..advisor.coach import Coach, coach
from ..store import StaleGameError
from . import strategies
from .playing import Playing
from .table import Table

log = logging.getLogger(__name__)


class ComputerSeats(Playing):
    """Plays the computer seats of every table in a worker thread per table."""

    def _kick(self, table: Table) -> None:
        """Start the table's computer worker if a computer is to move and none runs."""
        with table.lock:
            if table.worker is not None or table.computer_to_move() is None:
                return
            worker = threading.Thread(target=self._play_computers, args=(table,),
                                      name=f"wordyahtzee-computer-{table.id}", daemon=True)
            table.worker = worker
            worker.start()

    def _play_computers(self, table: Table) -> None:
        """Play the computer seats' moves one action at a time, each committed and
        streamed, with a short pace between moves, until a human is to move (a background
        thread: no request waits for it). A strategy table is loaded outside the lock."""
        me = threading.current_thread()
        helper = coach(table.mode)
        try:
            while True:
                with table.lock:
                    self._sync(table)
                    level = table.computer_to_move()
                    if level is None or helper is None:
                        table.worker = None
                        return
                strategy = self._strategy_for(helper, table, level)
                time.sleep(self.computer_pace * helper.thinking(level))
                with table.lock:
                    self._sync(table)
                    if table.computer_to_move() != level:
                        continue
                    table.game.act(helper.decide(table.game, level, strategy))
                    self._commit(table)
        except StaleGameError:
            pass  # another writer; the next request or load starts a worker again
        except Exception:
            log.exception("computer player stopped on table %s", table.id)
        finally:
            with table.lock:
                if table.worker is me:
                    table.worker = None

    @staticmethod
    def _strategy_for(helper: Coach, table: Table, level: str) -> Any:
        key = helper.table_key(table.rules)
        if key is None or not helper.needs_table(level):
            return None
        return strategies.get(table.mode, key)

    def settle(self, game_id: str, timeout: float = 30.0) -> bool:
        """Wait until no computer is to move (tests); True when settled in time."""
        table = self.table(game_id)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with table.lock:
                worker = table.worker
                if worker is None and table.computer_to_move() is None:
                    return True
            if worker is not None:
                worker.join(min(0.5, max(0.0, end - time.monotonic())))
            else:
                self._kick(table)
                time.sleep(0.02)
        return False
