"""The dictionaries' overlay: the words moderators accepted or refused on the live site
(docs/operations.md, "Moderators").

Every check of a word (:meth:`~wordyahtzee.lexicon.lexicon.Lexicon.is_valid`, so the
modes' scoring, ``/api/check`` and the reports) asks :func:`verdict` before the dictionary
itself. The overlay lives in each process's memory; a server process keeps it equal to the
store's ``word_decisions`` with :func:`refresh` (its table ticker calls it every second: one
cheap query, a reload only when a decision is newer). Outside a server it is empty: the
CLI's ``check`` answers from the shipped dictionary alone. A decision becomes part of a
dictionary for good when the editors fold it into a build (``wordyahtzee moderator
decisions`` prints them for that).
"""

from __future__ import annotations

import threading

TYPE_CHECKING = False  # not typing's: ``wordyahtzee check`` imports this module
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any

_verdicts: dict[str, dict[str, tuple[bool, str]]] = {}
_mark: object = None
active = False
"""Whether any decision is loaded (a word check reads only this flag otherwise)."""
_lock = threading.Lock()


def verdict(dictionary: str, folded: str) -> tuple[bool, str] | None:
    """The moderators' verdict on a folded word of ``dictionary`` (valid?, the reason),
    or None when they decided nothing on it."""
    words = _verdicts.get(dictionary)
    return None if words is None else words.get(folded)


def install(decisions: Iterable[Mapping[str, Any]], mark: object = None) -> None:
    """Make ``decisions`` (rows of ``dictionary``, ``word``, ``verdict``, ``reason``) this
    process's overlay, replacing the one before."""
    global _verdicts, _mark, active
    fresh: dict[str, dict[str, tuple[bool, str]]] = {}
    for row in decisions:
        fresh.setdefault(str(row["dictionary"]), {})[str(row["word"])] = (
            row["verdict"] == "accept", str(row["reason"]))
    with _lock:
        _verdicts, _mark, active = fresh, mark, bool(fresh)


def refresh(store: Any) -> bool:
    """Reload the overlay from ``store`` when a decision is newer than the one loaded
    (one query otherwise); whether it reloaded."""
    mark = store.word_decisions_mark()
    if mark == _mark:
        return False
    install(store.word_decisions(), mark)
    return True


__all__ = ["install", "refresh", "verdict"]
