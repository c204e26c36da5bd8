"""The dictionaries' overlay: the words moderators accepted or refused on the live site
(docs/operations.md, "Moderators").

An :class:`Overlay` holds one store's decisions. It is handed to whatever judges a word
the way the dice and the clock are: a game gets it in its
:class:`~wordyahtzee.modes.contract.Resources`, a word check passes it to
:meth:`~wordyahtzee.lexicon.lexicon.Lexicon.is_valid`. A server's table service owns one and
keeps it equal to the store's ``word_decisions`` with :meth:`Overlay.refresh` (its ticker
calls it every second: one cheap query, a reload only when a decision is newer); several
apps in one process each have their own. Outside a server there is none: the CLI's
``check`` answers from the shipped dictionary alone. A decision becomes part of a
dictionary for good when the editors fold it into a build (``wordyahtzee moderator
decisions`` prints them for that).

A decision judges the moves made after it. A move already made keeps what it was judged
when it was made: its event records it, and a replay never asks the overlay again.
"""

from __future__ import annotations

import threading

TYPE_CHECKING = False  # not typing's: ``wordyahtzee check`` imports this module
if TYPE_CHECKING:
    from typing import Any

Verdicts = dict[str, dict[str, tuple[bool, str]]]
"""Per dictionary, per folded word: (valid?, the reason)."""


class Overlay:
    """The moderators' word decisions of one store, read by every check of a word."""

    def __init__(self) -> None:
        self._mark: object = None
        self._verdicts: Verdicts = {}
        self._lock = threading.Lock()
        self.active = False
        """Whether any decision is loaded (a word check reads only this flag otherwise)."""

    def verdict(self, dictionary: str, folded: str) -> tuple[bool, str] | None:
        """The moderators' verdict on a folded word of ``dictionary`` (valid?, the reason),
        or None when they decided nothing on it."""
        words = self._verdicts.get(dictionary)
        return None if words is None else words.get(folded)

    def refresh(self, store: Any) -> bool:
        """Reload the decisions of ``store`` when one is newer than those loaded (one query
        otherwise); whether it reloaded."""
        mark = store.word_decisions_mark()
        if mark == self._mark:
            return False
        fresh: Verdicts = {}
        for row in store.word_decisions():
            fresh.setdefault(str(row["dictionary"]), {})[str(row["word"])] = (
                row["verdict"] == "accept", str(row["reason"]))
        with self._lock:
            self._mark, self._verdicts, self.active = mark, fresh, bool(fresh)
        return True


__all__ = ["Overlay", "Verdicts"]
