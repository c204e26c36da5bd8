"""The one exception family of the engine.

Adapters (the CLI, the web API) catch :class:`WordyahtzeeError` and turn it into an exit
code 2 or an HTTP 4xx JSON body (the web's table of statuses per code is
:mod:`wordyahtzee.web.errors`); nothing a user types should escape as a traceback.
"""

from __future__ import annotations


class WordyahtzeeError(Exception):
    """Base of every error a user can cause. ``code`` is a stable machine-readable id."""

    code = "error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def __str__(self) -> str:
        return self.message


class RuleError(WordyahtzeeError):
    """An illegal move: a claim, throw or keep the rules do not allow now."""

    code = "illegal_move"


class RecordError(WordyahtzeeError):
    """A malformed or illegal game record (names the turn and the reason)."""

    code = "bad_record"


class DictionaryError(WordyahtzeeError):
    """A dictionary that does not exist, cannot be built, or a bad word list."""

    code = "bad_dictionary"


class DiceSetError(WordyahtzeeError):
    """A dice set that does not exist or is malformed."""

    code = "bad_dice_set"


class BadRequest(WordyahtzeeError):
    """A request the adapters cannot use (wrong types, missing fields)."""

    code = "bad_request"


class ServiceError(WordyahtzeeError):
    """An error of the table service or an adapter. ``conflict`` marks an action that met a
    game which has moved on (the web answers 409 whatever the code); ``extra`` goes into
    the error body (the current state, say)."""

    def __init__(self, message: str, code: str, *, conflict: bool = False,
                 extra: dict[str, object] | None = None) -> None:
        super().__init__(message, code)
        self.conflict = conflict
        self.extra = extra or {}


class GameDamaged(WordyahtzeeError):
    """A stored game that does not replay (a damaged row, an event an old version wrote
    wrongly): it is kept out of play, and nothing else stops for it (docs/operations.md,
    "Damaged games")."""

    code = "game_damaged"
