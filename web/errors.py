"""The HTTP status of every error code (the engine's errors carry codes, not statuses), the
JSON body of an error, and the app's error handlers (JSON under ``/api``, a page
elsewhere)."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, jsonify, request
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from wordyahtzee.errors import ServiceError, WordyahtzeeError
from wordyahtzee.store import StaleGameError, StoreError

from .requestlog import log_store_error, log_unexpected, request_id

_BY_STATUS: dict[int, tuple[str, ...]] = {
    400: ("error", "bad_request", "bad_json", "bad_input", "bad_kind", "bad_level",
          "bad_name", "bad_option", "bad_players", "bad_rules", "bad_rack", "bad_dice_set",
          "bad_dictionary", "bad_record", "bad_word_list", "build_failed", "empty_word_list",
          "empty_dictionary", "unknown_mode", "unknown_dictionary", "unknown_dice_set",
          "usage", "no_file", "bad_index", "bad_position", "store_error", "exists",
          "shipped_dictionary", "http_error", "not_a_pad", "faces_needed", "bad_date",
          "bad_mode", "weak_password", "bad_theme", "bad_choice", "not_public", "no_owner",
          "same_names", "pad_only_dice"),
    401: ("bad_login", "login_required"),
    403: ("bad_csrf", "name_hidden", "not_a_player", "not_your_turn", "not_host",
          "cross_site", "no_profile", "daily_hidden", "rated_seat", "not_your_seat",
          "no_hints_here"),
    404: ("not_found", "no_puzzle"),
    405: ("method_not_allowed",),
    409: ("stale", "name_clash", "busy", "not_their_turn", "too_many_dictionaries",
          "daily_played", "daily_closed", "has_profile", "lobby_full", "seat_present",
          "computer_seat", "seat_left", "at_table", "puzzle_busy", "game_damaged",
          "dictionary_gone", "too_many_boxes"),
    413: ("too_large", "word_list_too_large"),
    415: ("unsupported_media_type",),
    422: ("illegal_move", "bad_claim", "bad_event", "bad_keep", "bad_throws", "bad_turn",
          "bad_word", "bad_words", "box_filled", "game_not_over", "game_over",
          "impossible_throw", "joker_placement", "keep_before_throw", "match_over",
          "no_hint", "no_preview", "no_throw", "no_throws_left", "not_a_word",
          "not_eligible", "not_formable", "out_of_turn", "time_up", "too_late_for_special",
          "too_short", "unknown_box", "unknown_player", "wrong_player", "no_computer",
          "computer_to_move", "letter_not_on_dice", "hourglass_running", "no_hourglass",
          "impossible_points", "not_daily", "unknown_dice",
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
status. Each has a Dutch and an English text under ``err.<code>`` in the translations (a
test keeps both complete). The CLI exits 2 on any of them."""


def http_status(code: str) -> int:
    """The HTTP status of an error code (400 for a code the table lacks)."""
    return ERRORS.get(code, 400)


def status_for(exc: WordyahtzeeError) -> int:
    """The status of an engine error: 409 for an action that met a game which has moved on,
    else the table's status of its code."""
    if isinstance(exc, StaleGameError) or (isinstance(exc, ServiceError) and exc.conflict):
        return 409
    return http_status(exc.code)


STORE_TEXTS = {
    "unavailable": "the database cannot be reached right now; try again shortly",
    "busy": "the database is busy; try again",
    "schema_too_new": "the database was written by a newer version of the server",
}
"""What a client reads of the store's own trouble (its message names the database, its
address and the driver's words, which are for the server's log only)."""
OWN_TEXT_CODES = frozenset({"stale", "not_found", "exists"})
"""The store's errors about a game itself, whose message a client may read."""


def public_message(exc: WordyahtzeeError) -> str:
    """The message of ``exc`` a client may read: the store's trouble says what happened
    and no more (no URL, host, path or SQL); the detail goes to the log."""
    if not isinstance(exc, StoreError) or exc.code in OWN_TEXT_CODES:
        return exc.message
    log_store_error(exc.code, exc.message)
    return STORE_TEXTS.get(exc.code, "the database could not do this")


RETRY_AFTER_SECONDS = 1
"""The ``Retry-After`` of a 503: the store probes a database that went away twice a second,
so a moment later the request may well succeed (the browser tries again by itself)."""


def error_response(status: int, code: str, message: str,
                   extra: dict[str, Any] | None = None) -> Response:
    """A JSON error body with the given status, naming the request's id."""
    payload: dict[str, Any] = {"error": {"code": code, "message": message,
                                         "request_id": request_id()}}
    if extra:
        payload.update(extra)
    response = jsonify(payload)
    response.status_code = status
    if status == 503:  # the database restarting, a solve over budget: worth another try
        response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def register_error_handlers(app: Flask) -> None:
    """Engine errors and HTTP errors as JSON under ``/api``; plain pages elsewhere."""

    @app.errorhandler(WordyahtzeeError)
    def engine_error(exc: WordyahtzeeError) -> Response:
        if not request.path.startswith("/api"):  # a page: an HTML page that says why
            from .pages import error_page

            return error_page(status_for(exc), public_message(exc), key=f"error.{exc.code}")
        extra = exc.extra if isinstance(exc, ServiceError) else None
        return error_response(status_for(exc), exc.code, public_message(exc), extra)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Any:
        status = exc.code or 500
        if not request.path.startswith("/api"):
            from .pages import error_page

            return error_page(status, exc.description or exc.name)
        codes = {400: "bad_request", 404: "not_found", 405: "method_not_allowed",
                 413: "too_large", 414: "too_large", 415: "unsupported_media_type",
                 421: "bad_host"}
        message = exc.description or exc.name
        if status == 404:
            message = f"no API endpoint {request.path}"
        elif status == 405:
            message = f"{request.method} is not allowed on {request.path}"
        response = error_response(status, codes.get(status, "http_error"), message)
        if isinstance(exc, MethodNotAllowed) and exc.valid_methods:
            response.headers["Allow"] = ", ".join(exc.valid_methods)
        return response

    @app.errorhandler(Exception)
    def unexpected(exc: Exception) -> Any:
        log_unexpected(exc)
        if not request.path.startswith("/api"):
            from .pages import error_page

            return error_page(500, "Something went wrong on the server.")
        return error_response(500, "internal", "something went wrong on the server")
