"""wordyahtzee: Woord Yahtzee, classic Yahtzee and the Yahtzee card game.

The public API, re-exported here:

- letters and dice: :func:`fold`, :class:`DiceSet`, :class:`Face`, :class:`Cup`;
- the dictionary service: :class:`Lexicon`, :func:`load_lexicon`, :func:`list_dictionaries`;
- Woord Yahtzee: :class:`WoordRules`, :class:`WoordGame`, :class:`Claim`, :class:`ScoreSheet`;
- records: :func:`replay` (score a recorded game of any mode);
- errors: :class:`WordyahtzeeError` and its family (:class:`RuleError`, ...).
"""

from .dice import Cup, DiceSet, Face
from .errors import DiceSetError, DictionaryError, RecordError, RuleError, WordyahtzeeError
from .letters import fold
from .lexicon import Lexicon, list_dictionaries, load_lexicon
from .modes.woord import BOXES, ROUND_BOXES, SPECIAL_BOXES, Claim, ScoreSheet, WoordGame, WoordRules
from .records import replay

__version__ = "0.1.0"

__all__ = [
    "BOXES",
    "ROUND_BOXES",
    "SPECIAL_BOXES",
    "Claim",
    "Cup",
    "DiceSet",
    "DiceSetError",
    "DictionaryError",
    "Face",
    "Lexicon",
    "RecordError",
    "RuleError",
    "ScoreSheet",
    "WoordGame",
    "WoordRules",
    "WordyahtzeeError",
    "fold",
    "list_dictionaries",
    "load_lexicon",
    "replay",
]
