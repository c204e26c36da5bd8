"""The daily game's, the profiles' and the lobby's part of the OpenAPI document
(:mod:`web.openapi`)."""

from __future__ import annotations

from typing import Any

from wordyahtzee.daily import DAILY_MODES
from wordyahtzee.modes import MODES

from .openapi_parts import body, errors, ref, reply

MODE = {"name": "mode", "in": "path", "required": True,
        "schema": {"type": "string", "enum": list(DAILY_MODES)}}
LOBBY = {"name": "lobby_id", "in": "path", "required": True, "schema": {"type": "string"}}
NAME = {"type": "object", "required": ["name"], "properties": {
    "name": {"type": "string", "minLength": 1, "maxLength": 24}}}
COOKIE = ("The profile is the browser's `wy_profile` cookie (HttpOnly), set when the profile "
          "is made or carried.")


def daily_paths() -> dict[str, Any]:
    """The paths of the daily game, the profiles and the lobby."""
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
        "/api/profile/turns": {"get": {
            "summary": "The online tables where it is this browser's profile's turn",
            "responses": {"200": reply({"type": "object", "required": ["turns"],
                                        "properties": {"turns": {"type": "array"}}})}}},
        "/api/lobby": {
            "get": {"summary": "The open tables, with their players' ratings",
                    "parameters": [{"name": "mode", "in": "query",
                                    "schema": {"type": "string", "enum": list(MODES)}}],
                    "responses": {"200": reply({"type": "object", "required": ["tables"],
                                                "properties": {
                                                    "tables": {"type": "array", "items":
                                                               ref("LobbyTable")},
                                                    "profile": {"type": ["object", "null"]}}}),
                                  **errors(400)}},
            "post": {"summary": "Open a table with this browser's profile on its first seat",
                     "requestBody": body(ref("NewLobbyTable")),
                     "responses": {"201": reply(ref("LobbyTable"), "Opened"),
                                   **errors(400, 403, 415)}}},
        "/api/lobby/quick": {"post": {
            "summary": "Quick match: seat the profile with the next player waiting for the "
                       "same game, or wait for the next one",
            "requestBody": body(ref("NewLobbyTable")),
            "responses": {"200": reply(ref("LobbyTable")), **errors(400, 403, 415)}}},
        "/api/lobby/{lobby_id}": {"get": {
            "summary": "An open table; once started, the game and your seat's link",
            "parameters": [LOBBY],
            "responses": {"200": reply(ref("LobbyTable")), **errors(404)}}},
        "/api/lobby/{lobby_id}/join": {"post": {
            "summary": "Take the next free seat (the last one starts the game)",
            "parameters": [LOBBY], "requestBody": body({"type": "object"}, False),
            "responses": {"200": reply(ref("LobbyTable")),
                          **errors(400, 403, 404, 409, 415)}}},
        "/api/lobby/{lobby_id}/leave": {"post": {
            "summary": "Leave a table before it starts",
            "parameters": [LOBBY], "requestBody": body({"type": "object"}, False),
            "responses": {"200": reply({"type": "object"}), **errors(400, 403, 404, 415)}}},
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
        "NewLobbyTable": {"type": "object", "properties": {
            "mode": {"type": "string", "enum": list(MODES)}, "rules": {"type": "object"},
            "seats": {"type": "integer", "minimum": 2, "maximum": 8},
            "pace": {"type": "string", "enum": ["live", "slow"]},
            "idle_seconds": {"type": "number", "description": "slow: 3600-604800 (default "
                                                              "86400)"},
            "rated": {"type": "boolean"}}},
        "LobbyTable": {"type": "object",
                       "required": ["id", "mode", "seats", "free", "players", "url"],
                       "properties": {
                           "id": {"type": "string"}, "mode": {"type": "string"},
                           "pace": {"type": "string"}, "seats": {"type": "integer"},
                           "free": {"type": "integer"}, "rated": {"type": "boolean"},
                           "game_id": {"type": ["string", "null"]},
                           "url": {"type": ["string", "null"]},
                           "players": {"type": "array", "items": {"type": "object"}}}},
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
