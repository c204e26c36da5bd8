"""Tables and games on the web: the JSON routes under ``/api`` that start a screen
(``/api/meta``), make a table, read and follow it (its live stream: :mod:`.stream`), play
its moves, give the host's controls over a seat and a player's way back to it
(docs/rules.md §4), ask the coach, and list games and high scores. Their bodies are in
:mod:`.models`, the state a game page reads in :mod:`.state`.

Every error is a 4xx JSON body ``{"error": {"code", "message", "request_id"}}``; bodies are
size-limited and validated before the engine sees them.
"""

from __future__ import annotations

import base64
import json
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from wordyahtzee import games
from wordyahtzee.errors import BadRequest
from wordyahtzee.modes import MODES
from wordyahtzee.owned.service import public_rules
from wordyahtzee.tables import KINDS, MAX_PLAYERS

from ..apidoc import WRITES, documented, json_object, replies
from ..cookies import browser_key, profile_secret
from ..services import tables
from . import stream
from .models import (
    ActRequest,
    GameList,
    GamesQuery,
    GameState,
    HighScores,
    HighScoresQuery,
    Hint,
    Invites,
    Meta,
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
    ReturnRequest,
    Review,
    SeatRequest,
    StateReply,
    WatchQuery,
)

bp = Blueprint("api", __name__, url_prefix="/api")

TOKEN_HEADER = "X-Seat-Token"
MOVES = (*WRITES, 404, 409, 422)
"""The errors of a move: a bad body, a seat that may not act, no such game, a stale
``seq`` or a game over, an illegal move."""


def _token(body: dict[str, Any] | None = None) -> str | None:
    token = request.headers.get(TOKEN_HEADER)
    if not token and body is not None and isinstance(body.get("token"), str):
        token = body["token"]
    return token[:200] if token else None


# -- the start screen -----------------------------------------------------------------------

@bp.get("/meta")
@documented(replies(Meta))
def meta() -> Response:
    """What a start screen needs: modes, kinds, dictionaries, dice sets.

    Each mode under its name, with its rules defaults and choices; ``rules_defaults`` are
    the first mode's; ``preparing``: how far the strategy tables and samples prepared at
    start-up are."""
    modes = tables().coaching.describe_modes()
    return jsonify({
        "modes": sorted(MODES), "kinds": list(KINDS), "max_players": MAX_PLAYERS,
        "dictionaries": tables().owned.dictionaries(profile_secret(), browser_key()),
        "dice_sets": [box["name"] for box in tables().owned.boxes(profile_secret(),
                                                             browser_key())],
        "rules_defaults": modes[MODES[0]]["rules_defaults"],
        **modes,
        "preparing": tables().coaching.preparing(),
        "server_time": current_app.config["CLOCK"](),
    })


# -- games ----------------------------------------------------------------------------------

@bp.post("/games")
@documented(replies(NewGameReply, 201, (*WRITES, 429)), json=NewGame)
def create_game() -> Any:
    """Start a game; the answer holds every human seat's link with its token.

    ``solo``: one player (and any computer players); ``hotseat``: 2-8 players on one
    device (one token for all seats); ``online``: 2-8 seats, each with its own token and
    link; ``pad``: a score pad for real dice at one device."""
    table, seats = tables().create(json_object())
    tables().lobby.claim_seat(table, 0, profile_secret())  # the maker's seat is its profile's
    state = tables().state(table)
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
    rows = tables().lobby.games_of(profile_secret(), query.status, query.limit + 1, after)
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
    manager = tables()
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
    manager = tables()
    token, secret = (query.token or "")[:200] or None, profile_secret()
    table = manager.seen_by(game_id, token, secret)
    return stream.events(manager, table, token, secret,
                         float(current_app.config["SSE_SECONDS"]),
                         request.headers.get("Last-Event-ID", "")[:40])


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
    return jsonify(tables().lobby.act_as(game_id, _token(body), action, body, profile_secret()))


# -- who sits at a seat: the table service decides, these routes read the request ---------

@bp.post("/games/<game_id>/seats/<int:seat>/<any(skip, remove, computer):action>")
@documented(replies(StateReply, errors=MOVES), json=SeatRequest, seat=True)
def manage_seat(game_id: str, seat: int, action: str) -> Response:
    """The host's controls over the seat of a player who is not at the table.

    ``skip``: the seat to move loses its turn now (409 ``not_their_turn`` otherwise).
    ``remove``: the seat leaves; its turns are skipped from now on. ``computer``: a
    computer player of ``level`` plays the seat from now on (modes with computer players;
    422 ``no_computer`` otherwise). The host is the table's first seat (403 ``not_host``).
    A rated game's seats belong to their players: 403 ``rated_seat``. Elsewhere only a
    seat with no page of its player open for 60 s: 409 ``seat_present`` otherwise, 409
    ``computer_seat`` for a computer's. The state's ``seats[i].host_controls`` lists what
    the host may do now; ``seats[i].host_action`` says what the host last did, why and
    when."""
    body = json_object()
    return jsonify(tables().manage_seat(game_id, _token(body), seat, action, body,
                                         profile_secret()))


@bp.post("/games/<game_id>/seats/<int:seat>/return")
@documented(replies(StateReply, errors=MOVES), json=ReturnRequest, seat=True)
def return_seat(game_id: str, seat: int) -> Response:
    """Back at the table: the player of a seat the host removed, or handed to a computer,
    takes it back with the seat's own token, while the game lasts.

    The seat plays again from its next turn. 403 ``not_your_seat`` for another token, 409
    ``at_table`` for a seat that plays already, 409 ``game_over`` once the game is over."""
    body = json_object()
    token = _token(body)
    manager = tables()
    answer = manager.return_seat(game_id, token, seat, profile_secret())
    table = manager.table(game_id)
    _yours(answer["state"], table, manager.seats_of(table, token, profile_secret(),
                                                     owned=True))
    return jsonify(answer)


# -- around the table -----------------------------------------------------------------------

@bp.get("/games/<game_id>/invites")
@documented(replies(Invites, errors=(403, 404)), seat=True)
def invites(game_id: str) -> Response:
    """Every seat's invite link, for the host's token only (403 ``not_host`` otherwise).

    A table the lobby started lists only the host's own: each seat's link is its
    profile's alone. Asked at an address only this machine reaches (``127.0.0.1``), while
    the server listens on its network (``serve --host 0.0.0.0``), ``base`` says where
    another device reaches it: the links are made with that."""
    answer = dict(tables().invites(game_id, _token(), profile_secret()))
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
    return jsonify(tables().react(game_id, _token(body), body.get("emote"),
                                   profile_secret()))


@bp.post("/games/<game_id>/rematch")
@documented(replies(Rematch, 201, (*WRITES, 404, 422)), json=RematchRequest, seat=True)
def rematch(game_id: str) -> Any:
    """Play again: a new table with the same players and rules.

    Only once the game is over (422 ``game_not_over``). Made once: every seat that asks
    gets its own link to the same new table, whose id also appears in the old table's
    state as ``rematch``."""
    body = json_object()
    return jsonify(tables().rematch(game_id, _token(body), profile_secret())), 201


@bp.post("/games/<game_id>/preview")
@documented(replies(Preview, errors=(*WRITES, 404, 422)), json=PreviewRequest, seat=True)
def preview(game_id: str) -> Response:
    """Live feedback on words: per word and per claimable box, without playing."""
    body = json_object()
    return jsonify(tables().preview(game_id, body, _token(body), profile_secret()))


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
    answer = tables().coaching.hint(game_id, _token(), profile_secret())
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
    answer = tables().coaching.review(game_id, _token(), profile_secret())
    return jsonify(answer), 200 if answer["ready"] else 202


@bp.get("/games/<game_id>/record")
@documented(replies(Record, errors=HIDDEN), seat=True)
def record(game_id: str) -> Response:
    """The game record (docs/records.md format) of the turns played so far, and the result."""
    return jsonify(tables().record(game_id, _token(), profile_secret()))


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


__all__ = ["HIDDEN", "MOVES", "TOKEN_HEADER", "bp"]
