"""The JSON API under ``/api``; its document, made from the models that validate the
requests (:mod:`web.apidoc`, :mod:`web.models`), is served at ``/api/openapi.json``.

Every error is a 4xx JSON body ``{"error": {"code", "message", "request_id"}}``; bodies are
size-limited and validated before the engine sees them.
"""

from __future__ import annotations

import base64
import hashlib
import json
import time
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Flask, Response, current_app, jsonify, request
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from wordyahtzee import games
from wordyahtzee.errors import BadRequest, ServiceError, WordyahtzeeError
from wordyahtzee.letters import fold
from wordyahtzee.lexicon import load_lexicon
from wordyahtzee.lexicon.why import explain
from wordyahtzee.modes import MODES
from wordyahtzee.owned.service import public_rules
from wordyahtzee.runtime import metrics
from wordyahtzee.tables import KINDS, MAX_PLAYERS, TableService

from . import dictjobs, solving
from .apidoc import WRITES, Document, documented, json_object, openapi_document, replies
from .cookies import browser_key, maker_key, profile_secret
from .errors import error_response, public_message, status_for
from .json_provider import dump_text
from .models_games import (
    ActRequest,
    GameState,
    Hint,
    Invites,
    MoveReply,
    NewGame,
    NewGameReply,
    Preview,
    PreviewRequest,
    Reaction,
    ReactRequest,
    Record,
    Rematch,
    RematchRequest,
    Review,
    WatchQuery,
)
from .models_words import (
    CheckReply,
    CheckRequest,
    Deleted,
    DiceSet,
    DiceSetList,
    DictionaryList,
    GameList,
    GamesQuery,
    HighScores,
    HighScoresQuery,
    JobReply,
    Meta,
    NewDiceSet,
    Report,
    ReportList,
    ReportRequest,
    ReportsQuery,
    SolveReply,
    SolveRequest,
    UploadForm,
)
from .moderation import require_moderator
from .requestlog import log_unexpected

bp = Blueprint("api", __name__, url_prefix="/api")

TOKEN_HEADER = "X-Seat-Token"
MOVES = (*WRITES, 404, 409, 422)
"""The errors of a move: a bad body, a seat that may not act, no such game, a stale
``seq`` or a game over, an illegal move."""


def _tables() -> TableService:
    service: TableService = current_app.extensions["wordyahtzee.tables"]
    return service


def _token(body: dict[str, Any] | None = None) -> str | None:
    token = request.headers.get(TOKEN_HEADER)
    if not token and body is not None and isinstance(body.get("token"), str):
        token = body["token"]
    return token[:200] if token else None


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


# -- meta -----------------------------------------------------------------------------------

@bp.get("/openapi.json")
@documented(replies(Document))
def openapi() -> Response:
    """This document (OpenAPI 3.1)."""
    return jsonify(openapi_document())


def _dictionaries(also: str | None = None) -> list[dict[str, Any]]:
    """The dictionaries this browser sees listed (:meth:`~wordyahtzee.owned.service.Owned.
    dictionaries`), each with its ``listing`` and whether it is ``mine``."""
    return _tables().owned.dictionaries(profile_secret(), browser_key(), also)


def _maker() -> tuple[str | None, str | None]:
    """Whose a thing this request makes is: the profile's secret, and the browser's key
    (made now, and set on the answer, for a browser with neither)."""
    secret, browser = profile_secret(), browser_key()
    if browser is None and _tables().profiles.find_profile(secret) is None:
        browser = maker_key()
    return secret, browser


@bp.get("/meta")
@documented(replies(Meta))
def meta() -> Response:
    """What a start screen needs: modes, kinds, dictionaries, dice sets.

    Each mode under its name, with its rules defaults and choices; ``rules_defaults`` are
    the first mode's; ``preparing``: how far the strategy tables and samples prepared at
    start-up are."""
    modes = _tables().coaching.describe_modes()
    return jsonify({
        "modes": sorted(MODES), "kinds": list(KINDS), "max_players": MAX_PLAYERS,
        "dictionaries": _dictionaries(),
        "dice_sets": [box["name"] for box in _tables().owned.boxes(profile_secret(),
                                                              browser_key())],
        "rules_defaults": modes[MODES[0]]["rules_defaults"],
        **modes,
        "preparing": _tables().coaching.preparing(),
        "server_time": current_app.config["CLOCK"](),
    })


@bp.get("/dictionaries")
@documented(replies(DictionaryList))
def dictionaries() -> Response:
    """The dictionaries this browser sees listed: the shipped ones, those the operator
    built, the uploads a moderator approved, and this browser's (or its profile's) own
    uploads."""
    return jsonify({"dictionaries": _dictionaries()})


@bp.post("/dictionaries")
@documented(replies(JobReply, 202, (400, 403, 409, 413, 429)), form=UploadForm)
def upload_dictionary() -> Any:
    """Build a custom dictionary from an uploaded word list, owned by this browser's
    profile (or, without one, by the browser).

    multipart/form-data: ``file`` (UTF-8 text or gzip, one word a line, at most 8 MiB),
    ``title``, ``public`` (ask the moderators to list it to everyone). The server names
    the dictionary: that name, in the job, is its link. Returns a job to poll; 409
    ``too_many_dictionaries`` past the most one owner may have."""
    job = dictjobs.start_upload(current_app.config["UPLOAD_MAX_BYTES"], *_maker())
    return jsonify({"job": job}), 202


@bp.get("/dictionaries/jobs/<job_id>")
@documented(replies(JobReply, errors=(404,)))
def dictionary_job(job_id: str) -> Response:
    """Progress of a dictionary build."""
    return jsonify({"job": dictjobs.get_job(job_id)})


@bp.post("/check")
@documented(replies(CheckReply, errors=(*WRITES, 429)), json=CheckRequest)
def check(json: CheckRequest) -> Response:
    """Is each word in the dictionary, and why?

    Per word ``valid`` and ``why``: where a valid word comes from (``source``: reviewed,
    unreviewed, inflection, supplement, two_letter, judged, listed) or why a word is
    refused (not_listed, abbreviation, name, foreign, not_a_word, offensive, rare), a
    ``detail`` (the written reason, the base word), the reason as ``text``, and up to
    three valid words one edit away (``nearby``): :mod:`wordyahtzee.lexicon.why`."""
    lexicon = load_lexicon(json.dictionary)
    overlay = current_app.extensions["wordyahtzee.overlay"]
    results = []
    for w in json.words:
        why = explain(w, lexicon, overlay)
        results.append({"word": w, "folded": fold(w), "valid": why.valid, "why": why.to_json()})
    return jsonify({"dictionary": json.dictionary, "results": results})


@bp.post("/solve")
@documented(replies(SolveReply, errors=(*WRITES, 422, 429, 503)), json=SolveRequest)
def solve(json: SolveRequest) -> Response:
    """The best words for seven faces, per box (``?`` = the blank).

    At most ``SOLVE_MAX_BLANKS`` blanks, 4 by default: more is refused as too costly
    (``bad_rack``); under the server a solve over ``SOLVE_SECONDS`` is stopped, 503."""
    return jsonify(solving.solve(json.letters, json.dictionary, json.dice_set,
                                 int(current_app.config["SOLVE_MAX_BLANKS"]),
                                 float(current_app.config["SOLVE_SECONDS"]),
                                 current_app.extensions["wordyahtzee.overlay"]))


@bp.get("/dice-sets")
@documented(replies(DiceSetList))
def dice_sets() -> Response:
    """The shipped dice sets and this browser's (or its profile's) own boxes; nobody
    else's."""
    return jsonify({"dice_sets": _tables().owned.boxes(profile_secret(), browser_key())})


@bp.get("/dice-sets/<name>")
@documented(replies(DiceSet, errors=(404,)))
def dice_set(name: str) -> Response:
    """One dice set, with every die's faces and points: a shipped one by its name, an own
    box by its id (its link, which anyone who has it may read)."""
    return jsonify(_tables().owned.box(name, profile_secret(), browser_key()))


@bp.post("/dice-sets")
@documented(replies(DiceSet, 201, (*WRITES, 409, 429)), json=NewDiceSet)
def add_dice_set() -> Any:
    """Keep a player's own box, owned by this browser's profile (or, without one, by the
    browser); the server names it, and its link ``url`` shares it.

    Seven dice of six faces ``[letter, points]`` (``?`` the blank; an Umlaut counts as its
    plain vowel); 201 with the set and its link; 409 ``too_many_boxes`` past the most one
    owner may keep."""
    return jsonify(_tables().owned.make_box(json_object(), *_maker())), 201


@bp.delete("/dice-sets/<name>")
@documented(replies(Deleted, errors=(*WRITES, 404)))
def delete_dice_set(name: str) -> Response:
    """Delete one of this browser's (or its profile's) own boxes: games played with it
    keep their copy of its dice; 404 for any other."""
    _tables().owned.delete_box(name, profile_secret(), browser_key())
    return jsonify({"deleted": name})


@bp.post("/reports")
@documented(replies(Report, 201, (*WRITES, 429)), json=ReportRequest)
def report_word(json: ReportRequest) -> Any:
    """Report a word as wrongly accepted or wrongly refused by the dictionary."""
    valid = load_lexicon(json.dictionary).is_valid(
        json.word, current_app.extensions["wordyahtzee.overlay"])
    store = current_app.extensions["wordyahtzee.store"]
    store.add_report(fold(json.word), json.dictionary, json.kind, " ".join(json.note.split()))
    return jsonify({"word": fold(json.word), "dictionary": json.dictionary,
                    "kind": json.kind, "valid_now": valid}), 201


@bp.get("/reports")
@documented(replies(ReportList, errors=(400, 401)), query=ReportsQuery)
def word_reports(query: ReportsQuery) -> Response:
    """The reported words, most reported first (for a logged-in moderator: its session
    cookie; otherwise 401 ``login_required``)."""
    require_moderator()
    store = current_app.extensions["wordyahtzee.store"]
    return jsonify({"reports": [r.to_json() for r in store.word_reports(query.dictionary)]})


# -- games ----------------------------------------------------------------------------------

@bp.post("/games")
@documented(replies(NewGameReply, 201, (*WRITES, 429)), json=NewGame)
def create_game() -> Any:
    """Start a game; the answer holds every human seat's link with its token.

    ``solo``: one player (and any computer players); ``hotseat``: 2-8 players on one
    device (one token for all seats); ``online``: 2-8 seats, each with its own token and
    link; ``pad``: a score pad for real dice at one device."""
    table, seats = _tables().create(json_object())
    _tables().lobby.claim_seat(table, 0, profile_secret())  # the maker's seat is its profile's
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
@documented(replies(GameList, errors=(400,)), query=GamesQuery)
def list_games(query: GamesQuery) -> Response:
    """This browser's games, newest first, a page at a time.

    The tables where this browser's profile (its ``wy_profile`` cookie) holds a seat; none
    without a profile, and never anyone else's. Daily games are on the profile's page.
    ``status`` active or finished; ``limit`` 1-100, default 20; ``next`` is the ``cursor``
    of the following page (null on the last)."""
    after = None if query.cursor is None else _read_cursor(query.cursor[:300])
    rows = _tables().lobby.games_of(profile_secret(), query.status, query.limit + 1, after)
    page = rows[:query.limit]
    return jsonify({"games": page,
                    "next": _cursor(page[-1]) if len(rows) > query.limit else None})


HIDDEN = (403, 404)
"""The errors of a read: today's daily game to anyone but its player (403
``daily_hidden``), no such game."""


@bp.get("/games/<game_id>")
@documented(replies(GameState, errors=HIDDEN), seat=True)
def game_state(game_id: str) -> Response:
    """The game's full state (a due timeout is applied first); ``you`` lists the seats
    your token acts for, ``own`` those it holds (a seat the host handed to a computer
    too).

    A daily game before its day is over: only for its player (the seat's token, or the
    profile's cookie); anyone else gets 403 ``daily_hidden``. So for every route below."""
    manager = _tables()
    table = manager.seen_by(game_id, _token(), profile_secret())
    own = manager.seats_of(table, _token(), profile_secret(), owned=True)
    manager.came(table, own)  # a seat's player reads the table: they have come
    return jsonify(_yours(manager.state(table), table, own))


def _yours(state: dict[str, Any], table: Any, own: set[int]) -> dict[str, Any]:
    """A state for the asking token and browser, given ``own``, the seats they hold
    (:meth:`~wordyahtzee.tables.playing.Playing.seats_of`, ``owned=True``): ``you``, those
    it acts for, and ``own``, a seat a computer plays now included (its player may take it
    back); at a table the lobby started, only with the seat's profile."""
    state["you"] = sorted(seat for seat in own if table.seats[seat].computer is None)
    state["own"] = sorted(own)
    return state


def _rendered(manager: TableService, table: Any) -> tuple[int, str, str]:
    """The table's state as its streams send it: ``(seq, event id, JSON)``, the state
    :meth:`~wordyahtzee.tables.playing.Playing.shown_state` shows (made once per change
    and per quarter second however many watch, and shared with the move's own answer),
    written once. A popular table's 10,000 viewers, all woken by one move, cost one
    rendering, not 10,000 (each would stall the process's other requests). The id's tag
    digests what a viewer sees change besides the moves (who is at the table, the host's
    controls, the rematch, the reactions)."""
    state = manager.shown_state(table)
    memo = table.rendered
    if memo is not None and memo[0] is state:
        rendered: tuple[int, str, str] = memo[1]
        return rendered
    key = ([(s["present"], s["host_controls"]) for s in state["seats"]], state["rematch"],
           [(r["seat"], r["at"]) for r in state["reactions"]], state["paused"],
           state["waiting_for"], state["idle_deadline"])
    tag = hashlib.blake2s(json.dumps(key).encode(), digest_size=6).hexdigest()
    rendered = (state["seq"], f"{state['seq']}.{tag}", dump_text(state))
    table.rendered = (state, rendered)
    return rendered


@bp.get("/games/<game_id>/events")
@documented(replies(GameState, errors=HIDDEN), query=WatchQuery)
def game_events(game_id: str, query: WatchQuery) -> Response:
    """Live updates as server-sent events: the state now, then at every change.

    ``event: state`` with the full state at once and after every change (including
    timeouts, which the stream applies when the hourglass runs out), for ``SSE_SECONDS``
    (about 25 s), then ``event: bye``; the browser's EventSource reconnects
    (``retry: 1000``). With ``?token=`` the viewer counts as present at its seats (who is
    at the table now). Each state's ``id`` is ``seq.tag`` (``tag``: what else a viewer
    sees change). A stream that resumes (``Last-Event-ID``, which the browser sends when
    it reconnects, through any process) gets the state at once only if it differs from
    that one (a bare ``seq``: if the table has moved past it); else from its next
    change."""
    manager = _tables()
    token, secret = (query.token or "")[:200] or None, profile_secret()
    table = manager.seen_by(game_id, token, secret)
    seconds = float(current_app.config["SSE_SECONDS"])
    last = request.headers.get("Last-Event-ID", "")[:40]

    def stream() -> Iterator[str]:
        leave = manager.watching(table, token, secret)
        metrics.OPEN_STREAMS.inc()
        try:
            yield "retry: 1000\n\n"
            end = time.monotonic() + seconds
            seen = None
            while True:
                seq, event_id, data = _rendered(manager, table)
                if seen is None and last in (event_id, str(seq)):
                    seen = event_id  # the browser has this state already
                if event_id != seen:
                    seen = event_id
                    yield f"id: {event_id}\nevent: state\ndata: {data}\n\n"
                left = end - time.monotonic()
                if left <= 0:
                    break
                if not manager.wait(table, seq, left, watch_presence=True):
                    break
            yield "event: bye\ndata: {}\n\n"
        finally:
            metrics.OPEN_STREAMS.dec()
            leave()

    response = Response(stream(), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    return response


@bp.post("/games/<game_id>/act/<action>")
@documented(replies(MoveReply, errors=MOVES), json=ActRequest, seat=True)
def act(game_id: str, action: str) -> Response:
    """Any move of the game's mode, by name: the one route of every action.

    The mode's ``parse_action`` reads the body: every dice game ``throw`` {keep: die
    numbers; a score pad: faces}; Woord Yahtzee, classic and Triple Yahtzee ``claim`` {box;
    Woord Yahtzee: words, none = a zero, zero_box; Triple: column}; Kaartspel ``roll``,
    ``take`` {card: id or null}, ``stop``; score pads ``note`` and Woord Yahtzee's
    ``hourglass``. Each carries ``seq``, the number of events the page has seen."""
    body = json_object()
    if not action.isascii() or not action.isidentifier() or len(action) > 32:
        raise BadRequest("an action is a name like throw or take")
    return jsonify(_tables().lobby.act_as(game_id, _token(body), action, body, profile_secret()))


@bp.get("/games/<game_id>/invites")
@documented(replies(Invites, errors=(403, 404)), seat=True)
def invites(game_id: str) -> Response:
    """Every seat's invite link, for the host's token only (403 ``not_host`` otherwise).

    A table the lobby started lists only the host's own: each seat's link is its
    profile's alone. Asked at an address only this machine reaches (``127.0.0.1``), while
    the server listens on its network (``serve --host 0.0.0.0``), ``base`` says where
    another device reaches it: the links are made with that."""
    answer = dict(_tables().invites(game_id, _token(), profile_secret()))
    base = network_base()
    if base is not None:
        answer["base"] = base
    return jsonify(answer)


def network_base() -> str | None:
    """This server's origin on its network (``http://192.168.1.20:8000``) when the request
    came by a loopback address and the server knows its network address (``LAN_ADDRESSES``,
    set by ``serve --host 0.0.0.0``); else None: the browser's own address serves."""
    import ipaddress
    from urllib.parse import urlsplit

    lan = current_app.config.get("LAN_ADDRESSES") or ()
    try:
        asked = urlsplit("//" + request.host)
        name, port = asked.hostname or "", asked.port
        loopback = name == "localhost" or ipaddress.ip_address(name).is_loopback
    except ValueError:
        return None
    if not lan or not loopback:
        return None
    address = f"[{lan[0]}]" if ":" in lan[0] else lan[0]
    return f"{request.scheme}://{address}{'' if port is None else f':{port}'}"


@bp.post("/games/<game_id>/react")
@documented(replies(Reaction, errors=(*WRITES, 404, 429)), json=ReactRequest, seat=True)
def react(game_id: str) -> Response:
    """A quick reaction of your seat at an online table.

    One of a few fixed ones (no free text); every viewer sees it for a few seconds."""
    body = json_object()
    return jsonify(_tables().react(game_id, _token(body), body.get("emote"),
                                   profile_secret()))


@bp.post("/games/<game_id>/rematch")
@documented(replies(Rematch, 201, (*WRITES, 404, 422)), json=RematchRequest, seat=True)
def rematch(game_id: str) -> Any:
    """Play again: a new table with the same players and rules.

    Only once the game is over (422 ``game_not_over``). Made once: every seat that asks
    gets its own link to the same new table, whose id also appears in the old table's
    state as ``rematch``."""
    body = json_object()
    return jsonify(_tables().rematch(game_id, _token(body), profile_secret())), 201


@bp.post("/games/<game_id>/preview")
@documented(replies(Preview, errors=(*WRITES, 404, 422)), json=PreviewRequest, seat=True)
def preview(game_id: str) -> Response:
    """Live feedback on words: per word and per claimable box, without playing."""
    body = json_object()
    return jsonify(_tables().preview(game_id, body, _token(body), profile_secret()))


@bp.get("/games/<game_id>/hint")
@documented(replies(Hint, errors=(403, 404, 422), also={
    202: (Hint, "Not ready yet: the strategy table is being prepared")}), seat=True)
def hint(game_id: str) -> Any:
    """The coach's best moves for the player to move, with expected final scores.

    At most six options, best first, each with ``value`` (expected points still to come)
    and, where the mode knows it, ``expected_total`` (the expected final score). Classic
    and Triple Yahtzee: a keep gives the pips (``keep``) and the dice positions
    (``keep_indices``; empty = throw all), a box its ``points`` now; Woord Yahtzee keeps
    (``dice``, ``letters``) and claims (``box``, ``words``); Kaartspel ranks its moves by
    the strong player's ``value``. 202 with ``ready: false`` while the strategy table is
    being prepared: ask again a second later. The seat to move is marked as having used a
    Tip (an online table: only its own ``X-Seat-Token`` may ask). A rated game and a daily
    game are played unaided: 403 ``no_hints_here``."""
    answer = _tables().coaching.hint(game_id, _token(), profile_secret())
    return jsonify(answer), 200 if answer["ready"] else 202


@bp.get("/games/<game_id>/review")
@documented(replies(Review, errors=(*HIDDEN, 422), also={
    202: (Review, "Not ready yet: the strategy table is being prepared")}), seat=True)
def review(game_id: str) -> Any:
    """Every finished turn judged against optimal play.

    Per turn the player's decisions (keeps, claims or boxes), the optimal one, and the
    expected points lost (``regret``); per player the total regret. 202 with ``ready:
    false`` while the strategy table is being prepared. Once a game is over, ``optimal``
    sets each final score against a seeded sample of optimal play's final scores
    (``histogram``, and per score ``better_than``: the percentage of sampled games it
    beat); ``optimal.ready`` is false while that sample is prepared. A rated game's and a
    daily game's review comes once the game is over (403 ``no_hints_here`` before)."""
    answer = _tables().coaching.review(game_id, _token(), profile_secret())
    return jsonify(answer), 200 if answer["ready"] else 202


@bp.get("/games/<game_id>/record")
@documented(replies(Record, errors=HIDDEN), seat=True)
def record(game_id: str) -> Response:
    """The game record (docs/records.md format) of the turns played so far, and the result."""
    return jsonify(_tables().record(game_id, _token(), profile_secret()))


# -- high scores ----------------------------------------------------------------------------

@bp.get("/highscores")
@documented(replies(HighScores, errors=(400,)), query=HighScoresQuery)
def highscores(query: HighScoresQuery) -> Response:
    """High-score lists per mode, dictionary and rules set.

    Without ``mode``, ``dictionary`` and ``rules``: every list of every mode that uses only
    what everyone sees listed (not a list of a player's own box or of an unlisted
    dictionary: those are read by naming them). Classic
    lists are per joker reading (``mode=classic&rules={"joker":"free"}``); the games of a
    match count one by one; computer players never enter. ``kind`` solo (default), hotseat,
    online or all; ``aided`` no (default: games without a Tip) or all (marked)."""
    store = current_app.extensions["wordyahtzee.store"]
    lists = games.high_score_lists(store, mode=query.mode, dictionary=query.dictionary,
                                   rules=query.rules_object(),
                                   kind=None if query.kind == "all" else query.kind,
                                   aided=False if query.aided == "no" else None)
    if query.dictionary is None and query.rules is None:  # the index names only what all see
        notes = store.owned_dictionaries()
        lists = [each for each in lists if public_rules(
            store, {**each["rules"], "dictionary": each["dictionary"]}, notes)]
    return jsonify({"lists": lists, "kind": query.kind, "aided": query.aided})


__all__ = ["TOKEN_HEADER", "bp", "register_error_handlers"]
