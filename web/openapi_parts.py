"""The pieces every part of the OpenAPI document is made of: a schema reference, a JSON
response, the error responses and a JSON request body."""

from __future__ import annotations

from typing import Any


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def reply(schema: dict[str, Any], description: str = "OK") -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def errors(*statuses: int) -> dict[str, Any]:
    text = {400: "Malformed request (bad JSON, wrong types, bad rules or names)",
            403: "The seat token cannot act now (watching only, or not your turn), "
                 "`no_profile`: this browser has no profile, or `cross_site`: a state "
                 "change sent from another site's page",
            404: "No such game, job or endpoint",
            409: "Conflict: stale `seq`, the time ran out, or the game is over (the body "
                 "carries the current `state`); `daily_played`: one attempt a day; "
                 "`daily_closed`: the day's game is over; `has_profile`",
            413: "Request body too large",
            415: "`unsupported_media_type`: the body is not `application/json`",
            429: "`rate_limited`: too many requests from this address; wait `Retry-After` "
                 "seconds",
            422: "Illegal move by the rules (the message says why)",
            503: "`unavailable`: the work ran past its time budget (a solve: 1 s); too "
                 "costly for the server"}
    return {str(s): reply(ref("Error"), text[s]) for s in statuses}


def body(schema: dict[str, Any], required: bool = True) -> dict[str, Any]:
    return {"required": required, "content": {"application/json": {"schema": schema}}}
