"""wordyahtzee: Woord Yahtzee, classic Yahtzee and the Yahtzee card game.

The public API, re-exported here (imported on first use, so ``wordyahtzee check`` pays
only for what it uses):

- letters and dice: :func:`fold`, :class:`DiceSet`, :class:`Face`, :class:`Cup`;
- the dictionary service: :class:`Lexicon`, :func:`load_lexicon`, :func:`list_dictionaries`;
- games of every mode: :func:`new_game`, :func:`restore`, :func:`replay` (score a record);
- Woord Yahtzee: :class:`WoordRules`, :class:`WoordGame`, :class:`Claim`, :class:`ScoreSheet`;
- errors: :class:`WordyahtzeeError` and its family (:class:`RuleError`, ...).

>>> import wordyahtzee
>>> wordyahtzee.fold("ruïne")
'ruine'
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: ``wordyahtzee check`` does not import typing
if TYPE_CHECKING:  # the names as the type checker sees them; imported lazily at run time
    from typing import Any

    from .dice import Cup, DiceSet, Face
    from .errors import DiceSetError, DictionaryError, RecordError, RuleError, WordyahtzeeError
    from .games import new_game, replay, restore
    from .letters import fold
    from .lexicon.lexicon import Lexicon
    from .lexicon.registry import list_dictionaries, load_lexicon
    from .modes.woord import (
        BOXES,
        ROUND_BOXES,
        SPECIAL_BOXES,
        Claim,
        ScoreSheet,
        WoordGame,
        WoordRules,
    )

__version__ = "0.1.0"

_EXPORTS = {
    "BOXES": "modes.woord", "ROUND_BOXES": "modes.woord", "SPECIAL_BOXES": "modes.woord",
    "Claim": "modes.woord", "ScoreSheet": "modes.woord", "WoordGame": "modes.woord",
    "WoordRules": "modes.woord",
    "Cup": "dice", "DiceSet": "dice", "Face": "dice",
    "DiceSetError": "errors", "DictionaryError": "errors", "RecordError": "errors",
    "RuleError": "errors", "WordyahtzeeError": "errors",
    "fold": "letters",
    "Lexicon": "lexicon", "list_dictionaries": "lexicon", "load_lexicon": "lexicon",
    "new_game": "games", "restore": "games", "replay": "games",
}

__all__ = [  # the names of _EXPORTS
    "BOXES", "ROUND_BOXES", "SPECIAL_BOXES", "Claim", "Cup", "DiceSet", "DiceSetError",
    "DictionaryError", "Face", "Lexicon", "RecordError", "RuleError", "ScoreSheet",
    "WoordGame", "WoordRules", "WordyahtzeeError", "fold", "list_dictionaries", "load_lexicon",
    "new_game", "replay", "restore",
]


def __getattr__(name: str) -> Any:
    """A name of ``_EXPORTS``, imported on first use (:mod:`.runtime.lazy`, itself imported
    only then)."""
    from .runtime.lazy import lazy_export

    return lazy_export(__name__, _EXPORTS, globals(), name)


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])
