"""The glue between the API's routes, their models and the OpenAPI document.

Every route under ``/api`` is decorated with :func:`documented`, naming the models of its
JSON body, query, headers and answers (:mod:`web.models` and its parts). spectree
(``SpecTree("flask")``, pydantic v2) then validates each request against them before the
view runs, and makes the document served at ``/api/openapi.json`` from the same models and
the views' docstrings (:func:`openapi_document`; its route is this module's blueprint,
:data:`bp`). A request the models refuse is answered
as every error is: 400 ``{"error": {"code", "message", "request_id"}}``, its code named by the model
(``bad_request`` unless it says otherwise), never spectree's own 422 body.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import Blueprint, current_app, g, jsonify, request
from flask import Response as FlaskResponse
from pydantic import BaseModel, ValidationError
from spectree import Response, SpecTree
from spectree.plugins.base import Context
from spectree.plugins.flask_plugin import FlaskPlugin
from spectree.plugins.werkzeug_utils import werkzeug_parse_rule
from spectree.utils import get_multidict_items

from wordyahtzee.daily import DAILY_MODES
from wordyahtzee.errors import BadRequest, ServiceError
from wordyahtzee.records import nested_deeper

from .games.models import ErrorBody
from .games.state import describe_views
from .models import MAX_JSON_DEPTH, Body, Reply, SeatToken

ERROR_TEXTS: dict[int, str] = {
    400: "Malformed request: `bad_json` (not a JSON object, nested deeper than 32 levels, "
         "or a NUL or lone surrogate in a string), "
         "`bad_request` (a field of the wrong type or out of range), `bad_rules`, "
         "`unknown_mode`, `bad_players` … (web/errors.py lists every code)",
    401: "`login_required`: a moderator's page; log in at /moderate/login first",
    403: "The seat token cannot act now (watching only, or not your turn), `no_profile`: "
         "this browser has no profile, `daily_hidden`: today's daily game is shown only to "
         "its player until the day is over, or `cross_site`: a state change sent from "
         "another site's page",
    404: "No such game, job, dice set or endpoint",
    409: "Conflict: stale `seq`, the time ran out, or the game is over (the body carries "
         "the current `state`); `daily_played`: one attempt a day; `daily_closed`: the "
         "day's game is over; `has_profile`; `name_clash`, `busy`",
    413: "`too_large`: the request body is too large",
    415: "`unsupported_media_type`: the body is not `application/json`",
    422: "Illegal move by the rules (the message says why)",
    429: "`rate_limited`: too many requests from this address; wait `Retry-After` seconds",
    503: "`unavailable`: the work ran past its time budget (a solve: 1 s); too costly for "
         "the server",
}
"""What each error status of the API means (the body is always an :class:`ErrorBody`)."""

WRITES = (400, 403, 413, 415)
"""The errors any request with a JSON body may meet."""

DESCRIPTION = (
    "Play Woord Yahtzee, classic Yahtzee, Kaartspel and Triple Yahtzee: create tables (with "
    "computer players in every mode that has them), throw, claim boxes, ask the coach for "
    "a hint, follow a table live (server-sent events), play the daily game, meet others in "
    "the lobby, check words, build dictionaries. Every error is a 4xx JSON body "
    "`{\"error\": {\"code\", \"message\", \"request_id\"}}` (the id also in the "
    "`X-Request-Id` header and the server's log). This document is made from the models that "
    "also validate the requests (each feature's models.py under web/).")


class _Plugin(FlaskPlugin):
    """spectree's Flask plugin, validating requests only: an answer that drifted from its
    model is a bug for the tests to find (tests/test_api_schema.py), not a 500 to send.
    The view's answer goes out untouched: spectree's own pass reads a response's whole body
    (``get_data``), which would hold a live event stream back until it ends."""

    def validate_response(self, resp: Any, resp_model: Any, skip_validation: bool,
                          force_resp_serialize: bool) -> tuple[Any, None]:
        """The view's answer as it is, and no validation error."""
        return resp, None

    def request_validation(self, request: Any, query: Any, json: Any, form: Any,
                           headers: Any, cookies: Any) -> None:
        """spectree's validation, reading only the parts a route has a model for, and the
        body from :func:`json_object` (parsed once): a move pays for no header, cookie or
        query parsing it does not use."""
        adapter = self.model_adapter
        body = json is not None and request.method not in ("GET", "DELETE")
        request.context = Context(
            adapter.validate_obj(query, get_multidict_items(request.args, query))
            if query else None,
            adapter.validate_obj(json, json_object()) if body else None,
            None,  # a multipart form is documented only: its view reads it
            adapter.validate_obj(headers, dict(request.headers.items())) if headers else None,
            None)

    def parse_path(self, route: Any, path_parameter_descriptions: Any) -> tuple[str, list[Any]]:
        """spectree's path and parameters, a parameter of one of the app's own converters
        (``<lobby:lobby_id>``) given as a string of the converter's pattern."""
        path, parameters = super().parse_path(route, path_parameter_descriptions)
        named = {variable: name for name, _, variable in werkzeug_parse_rule(str(route))}
        for parameter in parameters:
            if parameter["schema"] is None:
                converter = route.map.converters[named[parameter["name"]]]
                parameter["schema"] = {"type": "string", "pattern": f"^{converter.regex}$"}
        return path, parameters


_checked: dict[str, type[Body]] = {}
"""The request models by class name: a validation error names its model by it."""


def _refused(error: ValidationError) -> BadRequest:
    """The project's 400 for what a model refused: the model's code and text for the
    first wrong field."""
    model = _checked.get(error.title)
    first = error.errors()[0]
    field = str(first["loc"][0]) if first["loc"] else ""
    codes = model.error_codes if model else {}
    texts = model.error_text if model else {}
    code = codes.get(field) or codes.get("") or "bad_request"
    where = ".".join(str(part) for part in first["loc"]) or "the body"
    text = texts.get(field) or texts.get("") or f"{where}: {first['msg']}"
    return BadRequest(text[:300], code)


def _before(req: Any, resp: Any, error: Exception | None, instance: Any,
            adapter: Any) -> None:
    """spectree's hook after validating a request: a refusal becomes the project's 400."""
    if isinstance(error, ValidationError):
        raise _refused(error) from None


class _Spec(SpecTree):
    """spectree, with each model's JSON schema made once per mode: spectree makes it anew
    at every route that names the model, and the API's answers name the same few large
    ones (a table's state, with every mode's view; the error body) at dozens of routes,
    which made a server's start take seconds."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._made: dict[tuple[type, str], tuple[str, Any]] = {}

    def _add_model(self, model: Any, mode: Any = "validation") -> str:
        made = self._made.get((model, mode))
        if made is None:
            name = super()._add_model(model, mode)
            made = self._made[model, mode] = (name, self.models[name])
        self.models[made[0]] = made[1]  # the last route's mode wins, as in spectree
        return made[0]


spec = _Spec("flask", backend=_Plugin, mode="strict", title="Woord Yahtzee API",
                version="1", description=DESCRIPTION, openapi_version="3.1.0",
                validation_error_status=400, validation_error_model=ErrorBody,
                before=_before, naming_strategy=lambda model: model.__name__,
                nested_naming_strategy=lambda parent, child: child)
"""The API's spectree: validates the requests, makes the document."""


def json_object() -> dict[str, Any]:
    """The request's JSON object, checked before any model sees it: 413 ``too_large``
    beyond ``MAX_JSON_BYTES``, 400 ``bad_json`` if it is no JSON object, nests deeper than
    :data:`~web.models.MAX_JSON_DEPTH` or holds a NUL or a lone surrogate (``\\u0000``,
    ``\\ud800``: :func:`_check_strings`); ``{}`` for no body. Read once a request."""
    if "json_object" not in g:
        g.json_object = _read_json_object()
    found: dict[str, Any] = g.json_object
    return found


def _read_json_object() -> dict[str, Any]:
    limit = int(current_app.config["MAX_JSON_BYTES"])
    if request.content_length is not None and request.content_length > limit:
        raise ServiceError(f"the request body is larger than {limit} bytes", "too_large")
    raw = request.get_data(cache=True)
    if len(raw) > limit:
        raise ServiceError(f"the request body is larger than {limit} bytes", "too_large")
    if not raw.strip():
        return {}
    try:
        text = raw.decode("utf-8")
        if nested_deeper(text, MAX_JSON_DEPTH):
            raise BadRequest(f"the request body nests deeper than {MAX_JSON_DEPTH} levels",
                             "bad_json")
        data = json.loads(text)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadRequest("the request body is not valid JSON", "bad_json") from None
    if not isinstance(data, dict):
        raise BadRequest("the request body must be a JSON object", "bad_json")
    if b"\\u" in raw:  # only an escape makes a NUL or a lone surrogate
        _check_strings(data)
    return data


def _check_strings(data: Any) -> None:
    """400 ``bad_json`` when a string in ``data`` (a key or a value) holds a NUL or a lone
    surrogate: JSON's ``\\u0000`` and ``\\ud800`` escapes make them, but no word, name or
    note is one, and no text column can store them (PostgreSQL refuses a NUL, UTF-8 a
    surrogate)."""
    todo = [data]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
        elif isinstance(item, str):
            if "\x00" in item:
                raise BadRequest("the request body holds a NUL character (\\u0000)",
                                 "bad_json")
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise BadRequest("the request body holds a lone surrogate "
                                 "(\\ud800-\\udfff), which is no character",
                                 "bad_json") from None


def replies(ok: type[BaseModel], status: int = 200, errors: tuple[int, ...] = (),
            also: dict[int, tuple[type[Reply], str]] | None = None) -> Response:
    """The answers of a route: ``ok`` with ``status``, the ``errors`` (each an
    :class:`ErrorBody` with its :data:`ERROR_TEXTS`) and any other answers ``also``."""
    answers: dict[str, Any] = {f"HTTP_{status}": ok}
    for code, (model, text) in (also or {}).items():
        answers[f"HTTP_{code}"] = (model, text)
    for code in errors:
        answers[f"HTTP_{code}"] = (ErrorBody, ERROR_TEXTS[code])
    return Response(**answers)


def documented(resp: Response, json: type[Body] | None = None,
               query: type[Body] | None = None, seat: bool = False,
               form: type[Body] | None = None) -> Callable[[Callable[..., Any]],
                                                          Callable[..., Any]]:
    """Validate a route's request with its models and put it in the document: ``json``
    the body (checked first by :func:`json_object`), ``query`` the query string, ``seat``
    whether the seat token header is read, ``form`` a multipart body (documented only:
    the view reads it); ``resp`` the answers (:func:`replies`). The view receives the
    validated body and query as its ``json`` and ``query`` arguments."""
    for model in (json, query):
        if model is not None:
            _checked[model.__name__] = model

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        validated = spec.validate(json=json, query=query, form=form, resp=resp,
                                  headers=SeatToken if seat else None,
                                  skip_validation=form is not None)(view)
        if json is None:
            return validated

        @wraps(validated)
        def checked(*args: Any, **kwargs: Any) -> Any:
            json_object()  # size, syntax, depth, NULs and lone surrogates, before a model
            return validated(*args, **kwargs)

        return checked

    return decorate


EVENT: dict[str, Any] = {"oneOf": [
    {"type": "object", "required": ["event", "data"], "properties": {
        "event": {"const": "state"}, "id": {"type": "string"},
        "data": {"type": "string", "contentMediaType": "application/json",
                 "contentSchema": {"$ref": "#/components/schemas/GameState"}}}},
    {"type": "object", "required": ["event"], "properties": {
        "event": {"const": "bye"}, "data": {"type": "string"}}}]}
"""One event of a table's stream (the document describes each event, as OpenAPI 3.1
does): a state, its data the GameState as JSON, or the last one, ``bye``."""


def _tidy(document: dict[str, Any]) -> dict[str, Any]:
    """What spectree cannot say by itself: a body without required fields may be left
    out; a query parameter that may be left out is given without its ``null``; a route
    that reads no body or query meets no 400 of spectree's; the daily game's modes; the
    event stream; the descriptions of the views' fields (:func:`describe_views`)."""
    schemas = document["components"]["schemas"]
    describe_views(schemas)
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body and not schemas[body["schema"]["$ref"].rsplit("/", 1)[-1]].get("required"):
                operation["requestBody"]["required"] = False  # no body reads as {}
            if operation["responses"].get("400", {}).get("description") == "Bad Request":
                del operation["responses"]["400"]  # spectree's, where nothing is validated
            for parameter in operation.get("parameters", []):
                schema = parameter["schema"]
                options = schema.get("anyOf")
                if options and {"type": "null"} in options:
                    rest = [s for s in options if s != {"type": "null"}]
                    schema.pop("anyOf")
                    schema.update(rest[0] if len(rest) == 1 else {"anyOf": rest})
                    if schema.get("default", "") is None:
                        del schema["default"]
                if path.startswith("/api/daily/") and parameter["name"] == "mode":
                    parameter["schema"] = {"type": "string", "enum": list(DAILY_MODES)}
            if path.endswith("/events") and method == "get":
                operation["responses"]["200"] = {
                    "description": "An event stream: `event: state` with the full state "
                                   "at once and after every change, then `event: bye`",
                    "content": {"text/event-stream": {"schema": EVENT}}}
    return document


def openapi_document() -> dict[str, Any]:
    """The OpenAPI 3.1 document served at ``/api/openapi.json`` (made once per process,
    from the current app's routes)."""
    return _tidy(copy.deepcopy(spec.spec))


class Document(Reply):
    """An OpenAPI 3.1 document (free-form)."""


bp = Blueprint("apidoc", __name__, url_prefix="/api")


@bp.get("/openapi.json")
@documented(replies(Document))
def openapi() -> FlaskResponse:
    """This document (OpenAPI 3.1)."""
    return jsonify(openapi_document())


__all__ = ["ERROR_TEXTS", "WRITES", "Document", "bp", "documented", "json_object",
           "openapi_document", "replies", "spec"]
