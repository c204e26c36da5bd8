"""The daily game's and the profiles' part of the OpenAPI document (:mod:`web.openapi`)."""

from __future__ import annotations

from typing import Any

from wordyahtzee.daily import DAILY_MODES

from .openapi_parts import body, errors, ref, reply

MODE = {"name": "mode", "in": "path", "required": True,
        "schema": {"type": "string", "enum": list(DAILY_MODES)}}
NAME = {"type": "object", "required": ["name"], "properties": {
    "name": {"type": "string", "minLength": 1, "maxLength": 24}}}
COOKIE = ("The profile is the browser's `wy_profile` cookie (HttpOnly), set when the profile "
          "is made or carried.")


def daily_paths() -> dict[str, Any]:
    """The paths of the daily game and the profiles."""
    return {
        "/api/profile": {
            "post": {"summary": "Make a profile (a name; its secret goes into the cookie)",
                     "description": COOKIE, "requestBody": body(NAME),
                     "responses": {"201": reply(ref("NewProfile"), "Made"),
                                   **errors(400, 403, 409, 415)}},
            "get": {"summary": "This browser's profile: daily games and figures per mode",
                    "description": COOKIE,
                    "responses": {"200": reply(ref("Profile")), **errors(403)}},
            "patch": {"summary": "Rename the profile", "requestBody": body(NAME),
                      "responses": {"200": reply({"type": "object"}),
                                    **errors(400, 403, 415)}},
            "delete": {"summary": "Delete the profile with all its games",
                       "responses": {"200": reply({"type": "object", "properties": {
                           "deleted": {"type": "boolean"}}}), **errors(403, 415)}}},
        "/api/profile/carry": {"post": {
            "summary": "Use a profile on this browser, by the secret of its link",
            "requestBody": body({"type": "object", "required": ["secret"], "properties": {
                "secret": {"type": "string"}}}),
            "responses": {"200": reply({"type": "object"}), **errors(400, 403, 415)}}},
        "/api/daily/{mode}": {
            "post": {"summary": "Start today's game of the mode (one attempt a day)",
                     "parameters": [MODE], "requestBody": body({"type": "object"}, False),
                     "responses": {"201": reply(ref("DailyStart"), "Started"),
                                   **errors(400, 403, 409, 415)}},
            "get": {"summary": "A day: par, top 100, histogram, your attempt, the seed "
                               "once the day is over",
                    "parameters": [MODE, {"name": "date", "in": "query",
                                          "schema": {"type": "string", "format": "date"}}],
                    "responses": {"200": reply(ref("DailyDay")), **errors(400, 404)}}},
        "/api/daily/{mode}/days": {"get": {
            "summary": "Past days of the mode with their pars, newest first",
            "parameters": [MODE],
            "responses": {"200": reply({"type": "object", "required": ["mode", "days"],
                                        "properties": {"mode": {"type": "string"},
                                                       "days": {"type": "array"}}}),
                          **errors(400)}}},
    }


def daily_schemas() -> dict[str, Any]:
    """The schemas the daily paths name."""
    maybe_int = {"type": ["integer", "null"]}
    return {
        "NewProfile": {"type": "object", "required": ["profile", "link"], "properties": {
            "profile": {"type": "object"}, "link": {"type": "string"}}},
        "Profile": {"type": "object", "required": ["id", "name", "games", "modes", "link"],
                    "properties": {"id": {"type": "string"}, "name": {"type": "string"},
                                   "games": {"type": "array"}, "modes": {"type": "object"},
                                   "link": {"type": "string"}}},
        "DailyStart": {"type": "object", "required": ["game_id", "token", "day", "url"],
                       "properties": {"game_id": {"type": "string"},
                                      "token": {"type": "string"},
                                      "day": {"type": "string", "format": "date"},
                                      "url": {"type": "string"}}},
        "DailyDay": {"type": "object",
                     "required": ["mode", "day", "over", "par", "players", "board",
                                  "histogram", "you", "seed"],
                     "properties": {
                         "mode": {"type": "string"}, "day": {"type": "string"},
                         "today": {"type": "boolean"}, "over": {"type": "boolean"},
                         "closes_at": {"type": "number"}, "par": maybe_int,
                         "seed": {"type": ["string", "null"]},
                         "players": {"type": "integer"},
                         "board": {"type": "array", "items": {
                             "type": "object", "required": ["rank", "name", "score"],
                             "properties": {"rank": {"type": "integer"},
                                            "name": {"type": "string"},
                                            "score": {"type": "integer"},
                                            "game_id": {"type": ["string", "null"]}}}},
                         "histogram": {"type": "array", "items": {"type": "object"}},
                         "you": {"type": ["object", "null"]}}},
    }
