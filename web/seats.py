"""Who sits at a seat, on the web: the host's controls over the seat of a player absent
from an unrated table, and a player's way back to their seat (the JSON routes under
``/api/games/<id>/seats``). The table service decides; these routes only read the request
and answer (docs/rules.md §4)."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from .api import MOVES, _tables, _token, _yours
from .apidoc import documented, json_object, replies
from .cookies import profile_secret
from .models_games import ReturnRequest, SeatRequest, StateReply

bp = Blueprint("seats", __name__, url_prefix="/api")


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
    return jsonify(_tables().manage_seat(game_id, _token(body), seat, action, body,
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
    manager = _tables()
    answer = manager.return_seat(game_id, token, seat, profile_secret())
    table = manager.table(game_id)
    _yours(answer["state"], table, manager.seats_of(table, token, profile_secret(),
                                                     owned=True))
    return jsonify(answer)
