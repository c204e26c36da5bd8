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
    from typing import Any

_loaded: dict[int, tuple[object, dict[str, dict[str, tuple[bool, str]]]]] = {}
"""Per store (by identity), the mark of the decisions loaded and the decisions: a server
process has one store; a process that holds several apps (tests) keeps each one's."""
_verdicts: dict[str, dict[str, tuple[bool, str]]] = {}
active = False
"""Whether any decision is loaded (a word check reads only this flag otherwise)."""
_lock = threading.Lock()


def verdict(dictionary: str, folded: str) -> tuple[bool, str] | None:
    """The moderators' verdict on a folded word of ``dictionary`` (valid?, the reason),
    or None when they decided nothing on it."""
    words = _verdicts.get(dictionary)
    return None if words is None else words.get(folded)


def refresh(store: Any) -> bool:
    """Reload the decisions of ``store`` when one is newer than those loaded (one query
    otherwise); whether it reloaded."""
    mark = store.word_decisions_mark()
    known = _loaded.get(id(store))
    if known is not None and known[0] == mark:
        return False
    fresh: dict[str, dict[str, tuple[bool, str]]] = {}
    for row in store.word_decisions():
        fresh.setdefault(str(row["dictionary"]), {})[str(row["word"])] = (
            row["verdict"] == "accept", str(row["reason"]))
    with _lock:
        _loaded[id(store)] = (mark, fresh)
        _merge()
    return True


def forget() -> None:
    """Drop every decision loaded (the next :func:`refresh` loads them again)."""
    with _lock:
        _loaded.clear()
        _merge()


def _merge() -> None:
    """The decisions every check reads: those of each store loaded (under the lock)."""
    global _verdicts, active
    merged: dict[str, dict[str, tuple[bool, str]]] = {}
    for _, decisions in _loaded.values():
        for dictionary, words in decisions.items():
            merged.setdefault(dictionary, {}).update(words)
    _verdicts, active = merged, bool(merged)


__all__ = ["forget", "refresh", "verdict"]
