"""The "best words" view: a thin call into the engine's solver (``wordyahtzee.solver``).

A solve's cost grows steeply with the blanks (nl, word index loaded, an idle machine:
``kus????`` 0.04 s, ``k??????`` 0.9 s, ``???????`` 4.6 s; five blanks up to 1.5 s), so a
throw with more than ``SOLVE_MAX_BLANKS`` (default 4) blanks is refused at once as too
costly (400 ``bad_rack``). Under the server
(gevent) the solve runs in a worker process that keeps the word indexes loaded
(:class:`wordyahtzee.tables.offload.ProcessWorker`), so the event loop serves other
requests meanwhile, and within ``SOLVE_SECONDS`` (default 1 s): a solve over it is
stopped and answered 503 ``unavailable``. Elsewhere (the test client, scripts) it runs in
the calling thread.

The moderators' overlay (:mod:`wordyahtzee.lexicon.overlay`) reaches a solve only on the
way out, in this process: a word they refused leaves the list of best words, and a box
whose best words use one shows no words (score 0) rather than a combination the game would
refuse. A word they accepted is not proposed: the solver's word index is built from the
dictionary itself, and takes it in at the dictionary's next build.
"""

from __future__ import annotations

import threading
from typing import Any

from wordyahtzee.dice import DiceSet
from wordyahtzee.errors import RuleError, WordyahtzeeError
from wordyahtzee.lexicon.overlay import Overlay
from wordyahtzee.runtime.loop import event_loop_active
from wordyahtzee.tables.offload import OverBudget, ProcessWorker

TOP_WORDS = 30
MAX_BLANKS = 4
"""The default of ``SOLVE_MAX_BLANKS``."""
SOLVE_SECONDS = 1.0
"""The default of ``SOLVE_SECONDS``."""
PREPARE_SECONDS = 60.0
"""The budget for loading a dictionary's word index into the worker (once per worker)."""

_worker: ProcessWorker | None = None
_ready: set[tuple[int, str, str]] = set()
_lock = threading.Lock()


def _solve(letters: str, dictionary: str, dice_set: str) -> dict[str, Any]:
    from wordyahtzee.solver import solve as solve_rack

    return dict(solve_rack(letters, dictionary, dice_set).to_json(top=TOP_WORDS))


def _prepare(dictionary: str, dice_set: str) -> None:
    """Load the word index of ``dictionary`` with ``dice_set`` (in the worker)."""
    _solve("kusnatl", dictionary, dice_set)


def _in_worker(letters: str, dictionary: str, dice_set: str,
               budget: float) -> dict[str, Any]:
    global _worker
    with _lock:
        if _worker is None:
            _worker = ProcessWorker()
        worker = _worker
    if (worker.generation, dictionary, dice_set) not in _ready:
        worker.call("wordyahtzee.web.words.solving:_prepare", (dictionary, dice_set),
                    PREPARE_SECONDS)
        _ready.add((worker.generation, dictionary, dice_set))
    result: dict[str, Any] = worker.call("wordyahtzee.web.words.solving:_solve",
                                         (letters, dictionary, dice_set), budget)
    return result


def without_refused(result: dict[str, Any], dictionary: str, overlay: Overlay | None
                    ) -> dict[str, Any]:
    """A solve's answer without the words the moderators refused in ``dictionary``
    (their decisions: ``overlay``)."""
    if overlay is None or not overlay.active:
        return result

    def refused(word: str) -> bool:
        found = overlay.verdict(dictionary, word)
        return found is not None and not found[0]

    boxes = {box: ({**answer, "score": 0, "words": []}
                   if any(refused(w) for w in answer.get("words", [])) else answer)
             for box, answer in result.get("boxes", {}).items()}
    words = [w for w in result.get("words", []) if not refused(w["word"])]
    return {**result, "boxes": boxes, "words": words}


def solve(letters: str, dictionary: str, dice_set: str, max_blanks: int = MAX_BLANKS,
          budget: float = SOLVE_SECONDS, overlay: Overlay | None = None) -> dict[str, Any]:
    """Best score and words per box for seven faces (``?`` = blank), and the best words;
    a throw with more than ``max_blanks`` blanks is refused (``bad_rack``), and under the
    server a solve over ``budget`` seconds too (``unavailable``)."""
    if len(letters) > 40:
        raise RuleError("give the 7 faces of a throw (? = the blank)", "bad_rack")
    blanks = letters.count("?")
    if blanks > max_blanks:
        raise RuleError(f"at most {max_blanks} blanks: a throw with {blanks} has too many "
                        "words to search (too costly for the server)", "bad_rack")
    DiceSet.load(dice_set)  # unknown: a clear 400; an own box: this machine's copy, which
    if not event_loop_active():  # the worker process reads
        return without_refused(_solve(letters, dictionary, dice_set), dictionary, overlay)
    try:
        return without_refused(_in_worker(letters, dictionary, dice_set, budget), dictionary,
                               overlay)
    except OverBudget as exc:
        raise WordyahtzeeError(f"this solve is too costly for the server ({exc.message}); "
                               "try fewer blanks", "unavailable") from None
