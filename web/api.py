"""The JSON API under ``/api`` (documented in :mod:`web.openapi`, served at
``/api/openapi.json``).

Every error is a 4xx JSON body ``{"error": {"code", "message"}}``; bodies are size-limited
and validated before the engine sees them.
"""

from __future__ import annotations

import base64
import json
import time
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Flask, Response, current_app, jsonify, request
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from wordyahtzee import games
from wordyahtzee.dice import (
    describe_dice_set,
    own_dice_sets,
    save_own_dice_set,
    shipped_dice_sets,
)
from wordyahtzee.errors import BadRequest, DiceSetError, ServiceError, WordyahtzeeError
from wordyahtzee.letters import fold, is_plain_word
from wordyahtzee.lexicon import list_dictionaries, load_lexicon
from wordyahtzee.lexicon.why import explain
from wordyahtzee.modes import MODES
from wordyahtzee.store import REPORT_KINDS
from wordyahtzee.tables import KINDS, MAX_PLAYERS, TableService

from . import dictjobs, solving
from .cookies import profile_secret
from .errors import error_response, status_for
from .openapi import openapi_document
from .security import from_this_machine

bp = Blueprint("api", __name__, url_prefix="/api")

TOKEN_HEADER = "X-Seat-Token"
MAX_CHECK_WORDS = 50


def _tables() -> TableService:
    service: TableService = current_app.extensions["wordyahtzee.tables"]
    return service


def _body() -> dict[str, Any]:
    """The request's JSON object (400 if it is not one, 413 if too big)."""
    limit = int(current_app.config["MAX_JSON_BYTES"])
    if request.content_length is not None and request.content_length > limit:
        raise ServiceError(f"the request body is larger than {limit} bytes", "too_large")
    raw = request.get_data(cache=True)
    if len(raw) > limit:
        raise ServiceError(f"the request body is larger than {limit} bytes", "too_large")
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadRequest("the request body is not valid JSON", "bad_json") from None
    if not isinstance(data, dict):
        raise BadRequest("the request body must be a JSON object", "bad_json")
    if b"\\u" in raw and not _encodable(data):
        raise BadRequest("the request body holds a lone surrogate (\\ud800-\\udfff), which "
                         "is no character", "bad_json")
    return data


def _encodable(data: Any) -> bool:
    """Whether every string in ``data`` is real Unicode (JSON's ``\\ud800`` escapes can
    make lone surrogates, which no text can store or send)."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _token(body: dict[str, Any] | None = None) -> str | None:
    token = request.headers.get(TOKEN_HEADER)
    if not token and body is not None and isinstance(body.get("token"), str):
        token = body["token"]
    return token[:200] if token else None


def register_error_handlers(app: Flask) -> None:
    """Engine errors and HTTP errors as JSON under ``/api``; plain pages elsewhere."""

    @app.errorhandler(WordyahtzeeError)
    def engine_error(exc: WordyahtzeeError) -> Response:
        extra = exc.extra if isinstance(exc, ServiceError) else None
        return error_response(status_for(exc), exc.code, exc.message, extra)

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
    def unexpected(exc: Exception) -> Any:  # pragma: no cover - a bug, logged
        app.logger.exception("unexpected error")
        if not request.path.startswith("/api"):
            from .pages import error_page

            return error_page(500, "Something went wrong on the server.")
        return error_response(500, "internal", "something went wrong on the server")


# -- meta -----------------------------------------------------------------------------------

@bp.get("/openapi.json")
def openapi() -> Response:
    """The OpenAPI 3.1 document of this API."""
    return jsonify(openapi_document())


def _dictionaries() -> list[dict[str, Any]]:
    return [entry.summary() for entry in list_dictionaries()]


@bp.get("/meta")
def meta() -> Response:
    """What a start screen needs: modes (each with its rules defaults and choices),
    kinds, dictionaries, dice sets; ``rules_defaults`` are the first mode's; ``preparing``:
    how far the strategy tables and samples prepared at start-up are."""
    modes = _tables().describe_modes()
    return jsonify({
        "modes": sorted(MODES), "kinds": list(KINDS), "max_players": MAX_PLAYERS,
        "dictionaries": _dictionaries(),
        "dice_sets": [*shipped_dice_sets(), *own_dice_sets()],
        "rules_defaults": modes[MODES[0]]["rules_defaults"],
        **modes,
        "preparing": _tables().preparing(),
        "server_time": current_app.config["CLOCK"](),
    })


@bp.get("/dictionaries")
def dictionaries() -> Response:
    """Every dictionary (shipped and user-built)."""
    return jsonify({"dictionaries": _dictionaries()})


@bp.post("/dictionaries")
def upload_dictionary() -> Any:
    """Build a custom dictionary from an uploaded word list (multipart ``file``, ``name``)."""
    job = dictjobs.start_upload(current_app.config["UPLOAD_MAX_BYTES"])
    return jsonify({"job": job}), 202


@bp.get("/dictionaries/jobs/<job_id>")
def dictionary_job(job_id: str) -> Response:
    """Progress of a dictionary build."""
    return jsonify({"job": dictjobs.get_job(job_id)})


@bp.post("/check")
def check() -> Response:
    """Is each word in the dictionary, and why? ``{"words": [...], "dictionary": "nl"}``:
    per word ``valid`` and ``why`` (where a valid word comes from, why a word is refused,
    and the valid words one edit away: :mod:`wordyahtzee.lexicon.why`)."""
    body = _body()
    words = body.get("words")
    if isinstance(words, str):
        words = words.split()
    if (not isinstance(words, list) or not words
            or not all(isinstance(w, str) and 0 < len(w) <= 40 for w in words)):
        raise BadRequest("words must be a list of 1 to 50 words")
    if len(words) > MAX_CHECK_WORDS:
        raise BadRequest(f"at most {MAX_CHECK_WORDS} words at once")
    dictionary = body.get("dictionary", "nl")
    if not isinstance(dictionary, str):
        raise BadRequest("dictionary is a name")
    lexicon = load_lexicon(dictionary)
    results = []
    for w in words:
        why = explain(w, lexicon)
        results.append({"word": w, "folded": fold(w), "valid": why.valid, "why": why.to_json()})
    return jsonify({"dictionary": dictionary, "results": results})


@bp.post("/solve")
def solve() -> Response:
    """The best words for seven faces, per box (``?`` = the blank; at most
    ``SOLVE_MAX_BLANKS`` of them, 4 by default: more is refused as too costly; under the
    server a solve over ``SOLVE_SECONDS`` is stopped, 503)."""
    body = _body()
    letters = body.get("letters")
    dictionary = body.get("dictionary", "nl")
    dice_set = body.get("dice_set", "nl")
    if not isinstance(letters, str) or not isinstance(dictionary, str) or not isinstance(
            dice_set, str):
        raise BadRequest("give letters (7 faces, ? for the blank), dictionary and dice_set "
                         "as strings")
    return jsonify(solving.solve(letters, dictionary, dice_set,
                                 int(current_app.config["SOLVE_MAX_BLANKS"]),
                                 float(current_app.config["SOLVE_SECONDS"])))


@bp.get("/dice-sets")
def dice_sets() -> Response:
    """Every dice set: the shipped ones and the players' own boxes."""
    return jsonify({"dice_sets": [describe_dice_set(name)
                                  for name in [*shipped_dice_sets(), *own_dice_sets()]]})


@bp.get("/dice-sets/<name>")
def dice_set(name: str) -> Response:
    """One dice set, with every die's faces and points (a box's shared link reads it)."""
    try:
        return jsonify(describe_dice_set(name))
    except DiceSetError:
        raise ServiceError(f"no dice set {name!r}", "not_found") from None


@bp.post("/dice-sets")
def add_dice_set() -> Any:
    """Keep a player's own box: ``{"name", "title"?, "dice": [[[letter, points] × 6] × 7]}``
    (an Umlaut counts as its plain vowel); 201 with the set and its link."""
    saved = save_own_dice_set(_body())
    return jsonify({**describe_dice_set(saved.name), "url": f"/dice/{saved.name}"}), 201


MAX_NOTE = 200


def _owner_only() -> None:
    """The reports list is for the server's owner: requests from this machine only."""
    if not from_this_machine():
        raise ServiceError("the reports are shown on the server's own machine only",
                           "not_found")


@bp.post("/reports")
def report_word() -> Any:
    """A player disputes the dictionary: ``{"word", "dictionary", "kind":
    "wrongly_accepted"|"wrongly_refused", "note"?}``."""
    body = _body()
    word, dictionary = body.get("word"), body.get("dictionary", "nl")
    kind, note = body.get("kind"), body.get("note", "")
    if not isinstance(word, str) or not is_plain_word(fold(word)) or len(word) > 40:
        raise BadRequest("word is one word of letters a-z (at most 40)", "bad_request")
    if kind not in REPORT_KINDS:
        raise BadRequest("kind is one of: " + ", ".join(REPORT_KINDS), "bad_request")
    if not isinstance(dictionary, str) or not isinstance(note, str) or len(note) > MAX_NOTE:
        raise BadRequest(f"dictionary is a name; note at most {MAX_NOTE} characters")
    valid = load_lexicon(dictionary).is_valid(word)
    store = current_app.extensions["wordyahtzee.store"]
    store.add_report(fold(word), dictionary, kind, " ".join(note.split()))
    return jsonify({"word": fold(word), "dictionary": dictionary, "kind": kind,
                    "valid_now": valid}), 201


@bp.get("/reports")
def word_reports() -> Response:
    """The reported words, most reported first (``dictionary`` filters); this machine
    only."""
    _owner_only()
    dictionary = request.args.get("dictionary")
    store = current_app.extensions["wordyahtzee.store"]
    return jsonify({"reports": [r.to_json() for r in store.word_reports(dictionary)]})


# -- games ----------------------------------------------------------------------------------

@bp.post("/games")
def create_game() -> Any:
    """Start a game: ``{"mode", "kind", "players", "rules"}``; returns seats with tokens."""
    body = _body()
    table, seats = _tables().create(body)
    _tables().claim_seat(table, 0, profile_secret())  # the maker's seat is its profile's
    state = _tables().state(table)
    distinct: list[dict[str, Any]] = []
    for seat in seats:
        if seat.computer is None and seat.token not in [s["token"] for s in distinct]:
            distinct.append({"seat": seat.seat, "name": seat.name, "token": seat.token})
    links = [{"seats": [s.seat for s in seats if s.token == d["token"]], "name": d["name"],
              "token": d["token"], "url": f"/games/{table.id}#seat={d['token']}"}
             for d in distinct]
    return jsonify({"id": table.id, "kind": table.kind, "links": links,
                    "watch_url": f"/games/{table.id}", "state": state}), 201


MAX_LIST_GAMES = 100


def _cursor(game: dict[str, Any]) -> str:
    """The opaque cursor after ``game``: its ``updated_at`` and id."""
    raw = json.dumps([game["updated_at"], game["id"]], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _read_cursor(cursor: str) -> tuple[float, str]:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        at, game_id = json.loads(raw)
        if not isinstance(game_id, str) or isinstance(at, bool):
            raise ValueError
        return float(at), game_id
    except (ValueError, TypeError, RecursionError):
        raise BadRequest("cursor is the 'next' of an earlier answer") from None


@bp.get("/games")
def list_games() -> Response:
    """Recent games, newest first (``status=active|finished``; ``limit`` 1-100, default
    20); ``next`` is the ``cursor`` of the following page (null on the last)."""
    status = request.args.get("status")
    if status not in (None, "active", "finished"):
        raise BadRequest("status is active or finished")
    text = request.args.get("limit", "20")
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= MAX_LIST_GAMES):
        raise BadRequest(f"limit is a whole number from 1 to {MAX_LIST_GAMES}")
    limit = int(text)
    cursor = request.args.get("cursor")
    after = None if cursor is None else _read_cursor(cursor[:300])
    rows = current_app.extensions["wordyahtzee.store"].list_games(status, limit + 1, after)
    page = rows[:limit]
    return jsonify({"games": page,
                    "next": _cursor(page[-1]) if len(rows) > limit else None})


@bp.get("/games/<game_id>")
def game_state(game_id: str) -> Response:
    """The game's full state (a due timeout is applied first); ``you`` lists your seats."""
    manager = _tables()
    table = manager.tick(game_id)
    state = manager.state(table)
    state["you"] = sorted(table.seats_for(_token()))
    return jsonify(state)


RENDER_SECONDS = 0.25
"""How long a table's rendered state serves every stream woken by the same change."""


def _rendered(manager: TableService, table: Any) -> tuple[int, Any, str]:
    """The table's state as its streams send it: ``(seq, what changed, JSON)``, rendered
    once per change and per quarter second however many watch. A popular table's 10,000
    viewers, all woken by one move, cost one rendering, not 10,000 (each would stall the
    process's other requests). A stream that connects gets a state at most that old."""
    now = time.monotonic()
    marks = (table.seq, table.abandoned, table.surroundings())
    memo = table.rendered
    if memo is not None and memo[0] == marks and now - memo[1] < RENDER_SECONDS:
        return memo[2]
    state = manager.state(table)
    key = (state["seq"], [s["present"] for s in state["seats"]], state["rematch"],
           [(r["seat"], r["at"]) for r in state["reactions"]])
    data = json.dumps(state, ensure_ascii=False, separators=(",", ":"))
    table.rendered = (marks, now, (state["seq"], key, data))
    return state["seq"], key, data


@bp.get("/games/<game_id>/events")
def game_events(game_id: str) -> Response:
    """Server-sent events: the state now, then at every change, for ``SSE_SECONDS``. With
    ``?token=`` the viewer counts as present at its seats (who is at the table now). A
    stream that resumes (``Last-Event-ID``, which the browser sends when it reconnects,
    through any process) gets the state at once only if the table has moved past that
    event; else from its next change."""
    manager = _tables()
    table = manager.tick(game_id)
    seconds = float(current_app.config["SSE_SECONDS"])
    token = request.args.get("token", "")[:200] or None
    last = request.headers.get("Last-Event-ID", "")
    resumed = int(last) if last.isdigit() and len(last) < 10 else None

    def stream() -> Iterator[str]:
        leave = manager.watching(table, token)
        try:
            yield "retry: 1000\n\n"
            end = time.monotonic() + seconds
            seen = None
            while True:
                seq, key, data = _rendered(manager, table)
                if seen is None and seq == resumed:
                    seen = key  # the browser has this state already
                if key != seen:
                    seen = key
                    yield f"id: {seq}\nevent: state\ndata: {data}\n\n"
                left = end - time.monotonic()
                if left <= 0:
                    break
                if not manager.wait(table, seq, left, watch_presence=True):
                    break
            yield "event: bye\ndata: {}\n\n"
        finally:
            leave()

    response = Response(stream(), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    return response


@bp.post("/games/<game_id>/throw")
def throw(game_id: str) -> Response:
    """Throw the dice not kept: ``{"keep": [die numbers], "seq": n}``."""
    body = _body()
    return jsonify(_tables().act_as(game_id, _token(body), "throw", body,
                                       profile_secret()))


@bp.post("/games/<game_id>/claim")
def claim(game_id: str) -> Response:
    """Write a box: ``{"box", "words": [...], "zero_box"?, "seq": n}``."""
    body = _body()
    return jsonify(_tables().act_as(game_id, _token(body), "claim", body,
                                       profile_secret()))


@bp.post("/games/<game_id>/act/<action>")
def act(game_id: str, action: str) -> Response:
    """Any action of the game's mode by name (the mode's ``parse_action`` reads the body;
    e.g. ``roll``, ``throw`` ``{"keep"}``, ``take`` ``{"card"}``, ``stop``), with ``seq``
    as for ``throw`` and ``claim``."""
    body = _body()
    if not action.isascii() or not action.isidentifier() or len(action) > 32:
        raise BadRequest("an action is a name like throw or take")
    return jsonify(_tables().act_as(game_id, _token(body), action, body, profile_secret()))


@bp.get("/games/<game_id>/invites")
def invites(game_id: str) -> Response:
    """Every seat's invite link, for the host's token only (403 ``not_host`` otherwise)."""
    return jsonify(_tables().invites(game_id, _token()))


@bp.post("/games/<game_id>/seats/<int:seat>/<any(skip, remove, computer):action>")
def manage_seat(game_id: str, seat: int, action: str) -> Response:
    """The host's controls: ``skip`` the seat's turn now, ``remove`` the seat (its turns
    are skipped from now on), or hand it to a ``computer`` (``{"level"}``)."""
    body = _body()
    return jsonify(_tables().manage_seat(game_id, _token(body), seat, action, body))


@bp.post("/games/<game_id>/react")
def react(game_id: str) -> Response:
    """A quick reaction of the token's seat at an online table: ``{"emote"}``, one of a few
    fixed ones (no free text); every viewer sees it for a few seconds."""
    body = _body()
    return jsonify(_tables().react(game_id, _token(body), body.get("emote")))


@bp.post("/games/<game_id>/rematch")
def rematch(game_id: str) -> Any:
    """A new table with the same players and rules once the game is over (made once);
    the answer is the asking seat's new link. Other seats find it in the state's
    ``rematch`` and ask the same."""
    body = _body()
    return jsonify(_tables().rematch(game_id, _token(body))), 201


@bp.post("/games/<game_id>/preview")
def preview(game_id: str) -> Response:
    """Live feedback on words: per word and per claimable box, without playing."""
    body = _body()
    return jsonify(_tables().preview(game_id, body))


@bp.get("/games/<game_id>/hint")
def hint(game_id: str) -> Any:
    """The coach's best choices for the player to move, with expected final scores; 202
    with ``ready: false`` while the strategy table is being prepared. The seat to move is
    marked as having used a Tip (an online table: only its own ``X-Seat-Token`` may ask)."""
    answer = _tables().hint(game_id, _token())
    return jsonify(answer), 200 if answer["ready"] else 202


@bp.get("/games/<game_id>/review")
def review(game_id: str) -> Any:
    """Every finished turn judged against optimal play: the player's decisions, the best
    ones, the expected points lost; 202 with ``ready: false`` while the strategy table is
    being prepared."""
    answer = _tables().review(game_id)
    return jsonify(answer), 200 if answer["ready"] else 202


@bp.get("/games/<game_id>/record")
def record(game_id: str) -> Response:
    """The game record (docs/records.md format) of the turns played so far, and the result."""
    return jsonify(_tables().record(game_id))


# -- high scores ----------------------------------------------------------------------------

@bp.get("/highscores")
def highscores() -> Response:
    """High scores per dictionary and rules set (``dictionary``, ``rules`` = a rules JSON
    object or key, ``kind`` = solo (default) or all, ``aided`` = no (default: games without
    a Tip) or all (marked)); without ``rules``: every list."""
    mode = request.args.get("mode")
    if mode is not None and mode not in MODES:
        raise BadRequest("unknown mode; known: " + ", ".join(MODES), "unknown_mode")
    kind = request.args.get("kind", "solo")
    if kind not in ("solo", "hotseat", "online", "all"):
        raise BadRequest("kind is solo, hotseat, online or all")
    rules_arg = request.args.get("rules")
    rules = None
    if rules_arg is not None:
        try:
            rules = json.loads(rules_arg) if rules_arg else {}
        except (ValueError, RecursionError):
            raise BadRequest("rules is a JSON object of rules options") from None
        if not isinstance(rules, dict):
            raise BadRequest("rules is a JSON object of rules options")
    aided = request.args.get("aided", "no")
    if aided not in ("no", "all"):
        raise BadRequest("aided is no (games without a Tip, the default) or all")
    lists = games.high_score_lists(current_app.extensions["wordyahtzee.store"], mode=mode,
                                   dictionary=request.args.get("dictionary"), rules=rules,
                                   kind=None if kind == "all" else kind,
                                   aided=False if aided == "no" else None)
    return jsonify({"lists": lists, "kind": kind, "aided": aided})


__all__ = ["TOKEN_HEADER", "bp", "register_error_handlers"]
