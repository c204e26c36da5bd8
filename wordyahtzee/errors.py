"""The one exception family of the engine.

Adapters (the CLI, the web API) catch :class:`WordyahtzeeError` and turn it into an exit
code 2 or an HTTP 4xx JSON body; nothing a user types should escape as a traceback.
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
    """An error of the table service or an adapter; its HTTP status comes from
    :data:`ERRORS` unless the situation gives another (``status``): an action that meets
    a game which has moved on answers 409 whatever its code."""

    def __init__(self, message: str, code: str, *, status: int | None = None,
                 extra: dict[str, object] | None = None) -> None:
        super().__init__(message, code)
        self.status = status if status is not None else http_status(code)
        self.extra = extra or {}


_BY_STATUS: dict[int, tuple[str, ...]] = {
    400: ("error", "bad_request", "bad_json", "bad_input", "bad_kind", "bad_level",
          "bad_name", "bad_option", "bad_players", "bad_rules", "bad_rack", "bad_dice_set",
          "bad_dictionary", "bad_record", "bad_word_list", "empty_word_list",
          "empty_dictionary", "unknown_mode", "unknown_dictionary", "unknown_dice_set",
          "usage", "no_file", "bad_index", "bad_position", "store_error", "exists",
          "shipped_dictionary", "http_error"),
    403: ("not_a_player", "not_your_turn", "not_host", "cross_site"),
    404: ("not_found",),
    405: ("method_not_allowed",),
    409: ("stale", "name_clash", "busy", "not_their_turn", "too_many_dictionaries"),
    413: ("too_large", "word_list_too_large"),
    415: ("unsupported_media_type",),
    422: ("illegal_move", "bad_claim", "bad_event", "bad_keep", "bad_throws", "bad_turn",
          "bad_word", "bad_words", "box_filled", "game_not_over", "game_over",
          "impossible_throw", "joker_placement", "keep_before_throw", "match_over",
          "no_hint", "no_preview", "no_throw", "no_throws_left", "not_a_word",
          "not_eligible", "not_formable", "out_of_turn", "time_up", "too_late_for_special",
          "too_short", "unknown_box", "unknown_player", "wrong_player", "no_computer",
          "computer_to_move", "letter_not_on_dice",
          # Kaartspel
          "bad_step", "board_full", "cannot_stop", "card_placed", "illegal_take",
          "must_move", "must_throw", "not_raisable", "not_shown", "not_started", "own_card",
          "raise_too_low", "started", "steal_too_low", "token_card", "turn_over",
          "unfinished_turn", "unknown_card", "wrong_card"),
    429: ("rate_limited",),
    500: ("internal",),
    503: ("solver_unavailable", "unavailable", "schema_too_new"),
}

ERRORS: dict[str, int] = {code: status for status, codes in _BY_STATUS.items()
                          for code in codes}
"""Every error code the engine, the table service and the adapters use, with its HTTP
status. Each has a Dutch and an English text under ``err.<code>`` in the web's
translations (a test keeps both complete). The CLI exits 2 on any of them."""


def http_status(code: str) -> int:
    """The HTTP status of an error code (400 for a code the table lacks)."""
    return ERRORS.get(code, 400)
