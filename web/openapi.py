"""The OpenAPI 3.1 document of ``/api`` (hand-written; a test checks every route is here)."""

from __future__ import annotations

from typing import Any

from wordyahtzee.games import describe_modes
from wordyahtzee.modes import MODES
from wordyahtzee.tables.table import REACTIONS

from .openapi_daily import daily_paths, daily_schemas
from .openapi_parts import body, errors, ref, reply

GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
TOKEN = {"name": "X-Seat-Token", "in": "header", "required": False,
         "schema": {"type": "string"},
         "description": "The seat's secret token (from the seat's link `#seat=TOKEN`). "
                        "May also be sent as `token` in the JSON body."}


def openapi_document() -> dict[str, Any]:
    """The document served at ``/api/openapi.json``."""
    modes = describe_modes()
    face = {"type": "array", "minItems": 2, "maxItems": 2,  # a die's face: [letter, points]
            "items": {"oneOf": [{"type": "string", "minLength": 1, "maxLength": 1},
                                {"type": "integer", "minimum": 0, "maximum": 99}]}}
    box = {"type": "string",
           "enum": list(dict.fromkeys(b for info in modes.values() for b in info["boxes"])),
           "description": "a box id of the game's mode"}
    levels = list(dict.fromkeys(lv for info in modes.values()
                                for lv in info["computer_levels"]))
    # anyOf: the empty rules of a mode without options match several modes' schemas
    rules_ref = {"anyOf": [ref(f"Rules_{name}") for name in modes]}
    action_common = {"seq": {"type": "integer", "minimum": 0,
                             "description": "The number of events the browser has seen; "
                                            "a different number gets 409 `stale`."},
                     "token": {"type": "string"}}
    return {
        "openapi": "3.1.0",
        "info": {"title": "Woord Yahtzee API", "version": "1",
                 "description": "Play Woord Yahtzee and classic Yahtzee: create games "
                                "(with computer players in classic), throw, claim boxes, "
                                "ask the advisor for a hint, follow a table live "
                                "(server-sent events), check words, build dictionaries. "
                                "Every error is a 4xx JSON body "
                                "`{\"error\": {\"code\", \"message\"}}`."},
        "paths": {
            "/api/openapi.json": {"get": {"summary": "This document",
                                          "responses": {"200": reply({"type": "object"})}}},
            "/api/meta": {"get": {
                "summary": "Modes, kinds, dictionaries, dice sets and the rules defaults",
                "responses": {"200": reply({"type": "object"})}}},
            "/api/dictionaries": {
                "get": {"summary": "Every dictionary (shipped and custom)",
                        "responses": {"200": reply({"type": "object", "properties": {
                            "dictionaries": {"type": "array",
                                             "items": ref("Dictionary")}}})}},
                "post": {"summary": "Build a custom dictionary from an uploaded word list",
                         "description": "multipart/form-data: `file` (UTF-8 text or gzip, "
                                        "one word a line, at most 8 MiB), `name`, `title`. "
                                        "Returns a job to poll.",
                         "requestBody": {"required": True, "content": {
                             "multipart/form-data": {"schema": {
                                 "type": "object", "required": ["file", "name"],
                                 "properties": {"file": {"type": "string",
                                                         "format": "binary"},
                                                "name": {"type": "string",
                                                         "pattern": "^[a-z0-9][a-z0-9_-]{0,39}$"},
                                                "title": {"type": "string"}}}}}},
                         "responses": {"202": reply({"type": "object", "properties": {
                             "job": ref("Job")}}, "Build started"),
                             **errors(400, 403, 409, 413, 429)}}},
            "/api/dictionaries/jobs/{job_id}": {"get": {
                "summary": "Progress of a dictionary build",
                "parameters": [{"name": "job_id", "in": "path", "required": True,
                                "schema": {"type": "string"}}],
                "responses": {"200": reply({"type": "object",
                                            "properties": {"job": ref("Job")}}),
                              **errors(404)}}},
            "/api/check": {"post": {
                "summary": "Is each word in the dictionary, and why?",
                "description": "Per word: `valid`, and `why`: where a valid word comes from "
                               "(`source`: reviewed, unreviewed, inflection, supplement, "
                               "two_letter, judged, listed) or why a word is refused "
                               "(not_listed, abbreviation, name, foreign, not_a_word, "
                               "offensive, rare), a `detail` (the written reason, the base "
                               "word), the reason as `text`, and up to three valid words one "
                               "edit away (`nearby`).",
                "requestBody": body({"type": "object", "required": ["words"], "properties": {
                    "words": {"type": "array", "items": {"type": "string"}, "maxItems": 50},
                    "dictionary": {"type": "string", "default": "nl"}}}),
                "responses": {"200": reply({"type": "object", "required": ["results"],
                                            "properties": {
                    "dictionary": {"type": "string"},
                    "results": {"type": "array", "items": {
                        "type": "object", "required": ["word", "valid", "why"], "properties": {
                            "word": {"type": "string"}, "folded": {"type": "string"},
                            "valid": {"type": "boolean"},
                            "why": {"type": "object", "required": ["source", "text", "nearby"],
                                    "properties": {
                                        "source": {"type": "string"},
                                        "detail": {"type": "string"},
                                        "text": {"type": "string"},
                                        "nearby": {"type": "array",
                                                   "items": {"type": "string"}}}}}}}}}),
                              **errors(400, 403, 413, 415, 429)}}},
            "/api/solve": {"post": {
                "summary": "Best words for seven faces, per box (`?` = blank)",
                "requestBody": body({"type": "object", "required": ["letters"], "properties": {
                    "letters": {"type": "string"},
                    "dictionary": {"type": "string", "default": "nl"},
                    "dice_set": {"type": "string", "default": "nl"}}}),
                "responses": {"200": reply({"type": "object", "properties": {
                    "letters": {"type": "string"},
                    "boxes": {"type": "object", "additionalProperties": {
                        "type": "object", "properties": {
                            "score": {"type": "integer"},
                            "words": {"type": "array", "items": {"type": "string"}}}}},
                    "words": {"type": "array"}}}),
                    **errors(400, 403, 404, 413, 415, 422, 429, 503)}}},
            "/api/games": {
                "get": {"summary": "Recent games, newest first, a page at a time",
                        "parameters": [
                            {"name": "status", "in": "query",
                             "schema": {"type": "string", "enum": ["active", "finished"]}},
                            {"name": "limit", "in": "query", "schema": {
                                "type": "integer", "minimum": 1, "maximum": 100,
                                "default": 20}},
                            {"name": "cursor", "in": "query", "schema": {"type": "string"},
                             "description": "The `next` of the page before."}],
                        "responses": {"200": reply({"type": "object", "properties": {
                            "games": {"type": "array", "items": {"type": "object"}},
                            "next": {"type": ["string", "null"],
                                     "description": "The cursor of the next page; null "
                                                    "on the last."}}}),
                            **errors(400)}},
                "post": {"summary": "Start a game",
                         "description": "`solo`: one player; `hotseat`: 2-8 players on one "
                                        "device (one token for all seats); `online`: 2-8 "
                                        "seats, each with its own token and link; `pad`: "
                                        "a score pad for real dice at one device.",
                         "requestBody": body(ref("NewGame")),
                         "responses": {"201": reply({"type": "object", "properties": {
                             "id": {"type": "string"}, "kind": {"type": "string"},
                             "links": {"type": "array", "items": {
                                 "type": "object", "properties": {
                                     "seats": {"type": "array",
                                               "items": {"type": "integer"}},
                                     "name": {"type": "string"},
                                     "token": {"type": "string"},
                                     "url": {"type": "string"}}}},
                             "watch_url": {"type": "string"},
                             "state": ref("GameState")}}, "Created"),
                             **errors(400, 403, 413, 415, 429)}}},
            "/api/games/{game_id}": {"get": {
                "summary": "The full state (a due timeout is applied first)",
                "parameters": [GAME_ID, TOKEN],
                "responses": {"200": reply(ref("GameState")), **errors(404)}}},
            "/api/games/{game_id}/events": {"get": {
                "summary": "Live updates as server-sent events",
                "description": "`text/event-stream`. Sends `event: state` with the full "
                               "state at once and after every change (including timeouts, "
                               "which the stream applies when the hourglass runs out), "
                               "then ends after about 25 s with `event: bye`; the browser's "
                               "EventSource reconnects (`retry: 1000`).",
                "parameters": [GAME_ID],
                "responses": {"200": {"description": "An event stream",
                                      "content": {"text/event-stream": {
                                          "schema": {"type": "string"}}}},
                              **errors(404)}}},
            "/api/games/{game_id}/hint": {"get": {
                "summary": "The advisor's best moves for the player to move (every mode "
                           "with a coach)",
                "description": "The optimal solo strategy's options, best first (at most "
                               "six), each with `value` (expected points still to come) and "
                               "`expected_total` (the expected final score). A keep gives "
                               "the pips (`keep`) and the dice positions (`keep_indices`; "
                               "empty = throw all); a box gives its `points` now. Before the "
                               "first throw the only option is to throw all dice. While the "
                               "strategy table is still being prepared (the first start "
                               "computes it, seconds) the answer is 202 with "
                               "`ready: false`: ask again a second later. Woord Yahtzee "
                               "answers keeps and claims the same way; Kaartspel ranks "
                               "every move (keeps, takes, rolling on, stopping) by the "
                               "strong player's `value`.",
                "parameters": [GAME_ID],
                "responses": {
                    "200": reply(ref("Hint")),
                    "202": reply(ref("Hint"), "Not ready yet: the table is being prepared"),
                    **errors(404, 422)}}},
            "/api/dice-sets": {
                "get": {"summary": "Every dice set: the shipped ones and the players' own boxes",
                        "responses": {"200": reply({"type": "object", "properties": {
                            "dice_sets": {"type": "array", "items": ref("DiceSet")}}})}},
                "post": {"summary": "Keep your own box: seven dice of six faces ([letter, "
                                   "points]; ? the blank; an Umlaut counts as its plain "
                                   "vowel), shared by its link /dice/NAME",
                         "requestBody": body({"type": "object", "required": ["name", "dice"],
                                               "properties": {
                             "name": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]{2,31}$"},
                             "title": {"type": "string", "maxLength": 60},
                             "dice": {"type": "array", "minItems": 7, "maxItems": 7, "items": {
                                 "type": "array", "minItems": 6, "maxItems": 6,
                                 "items": face}}}}),
                         "responses": {"201": reply(ref("DiceSet")), **errors(400, 413, 415)}}},
            "/api/dice-sets/{name}": {"get": {
                "summary": "One dice set, every die's faces and points",
                "parameters": [{"name": "name", "in": "path", "required": True,
                                "schema": {"type": "string"}}],
                "responses": {"200": reply(ref("DiceSet")), **errors(404)}}},
            "/api/reports": {
                "post": {
                    "summary": "Report a word as wrongly accepted or wrongly refused",
                    "requestBody": body({"type": "object", "required": ["word", "kind"],
                                          "properties": {
                        "word": {"type": "string", "maxLength": 40},
                        "dictionary": {"type": "string", "default": "nl"},
                        "kind": {"type": "string",
                                 "enum": ["wrongly_accepted", "wrongly_refused"]},
                        "note": {"type": "string", "maxLength": 200}}}),
                    "responses": {"201": reply({"type": "object", "properties": {
                        "word": {"type": "string"}, "dictionary": {"type": "string"},
                        "kind": {"type": "string"}, "valid_now": {"type": "boolean"}}}),
                        **errors(400, 403, 413, 415, 429)}},
                "get": {
                    "summary": "The reported words, most reported first (the server's own "
                               "machine only; elsewhere 404)",
                    "parameters": [{"name": "dictionary", "in": "query", "required": False,
                                    "schema": {"type": "string"}}],
                    "responses": {"200": reply({"type": "object", "properties": {
                        "reports": {"type": "array", "items": {"type": "object"}}}}),
                        **errors(404)}}},
            "/api/games/{game_id}/review": {"get": {
                "summary": "Every finished turn judged against optimal play",
                "description": "Per turn the player's decisions (keeps, claims or boxes), "
                               "the optimal one, and the expected points lost (`regret`); "
                               "per player the total regret. 202 with `ready: false` while "
                               "the strategy table is being prepared. Once a game is over, "
                               "`optimal` sets each final score against a seeded sample of "
                               "optimal play's final scores (`histogram`, and per score "
                               "`better_than`: the percentage of sampled games it beat); "
                               "`optimal.ready` is false while that sample is prepared.",
                "parameters": [GAME_ID],
                "responses": {"200": reply({"type": "object"}),
                              "202": reply({"type": "object"}, "Not ready yet"),
                              **errors(404, 422)}}},
            "/api/games/{game_id}/invites": {"get": {
                "summary": "Every seat's invite link (the host's token only)",
                "description": "The host is the table's first seat. Other tokens get 403 "
                               "`not_host`.",
                "parameters": [GAME_ID, TOKEN],
                "responses": {"200": reply({"type": "object", "properties": {
                    "links": {"type": "array", "items": {"type": "object", "properties": {
                        "seats": {"type": "array", "items": {"type": "integer"}},
                        "name": {"type": "string"}, "token": {"type": "string"},
                        "url": {"type": "string"}}}},
                    "watch_url": {"type": "string"}}}), **errors(403, 404)}}},
            "/api/games/{game_id}/seats/{seat}/{action}": {"post": {
                "summary": "The host's controls over a seat: skip its turn, remove it, or "
                           "hand it to a computer",
                "description": "`skip`: the seat to move loses its turn now (409 "
                               "`not_their_turn` otherwise). `remove`: the seat leaves; its "
                               "turns are skipped from now on. `computer`: a computer player "
                               "of `level` plays the seat from now on (modes with computer "
                               "players; 422 `no_computer` otherwise).",
                "parameters": [GAME_ID, TOKEN,
                               {"name": "seat", "in": "path", "required": True,
                                "schema": {"type": "integer", "minimum": 0}},
                               {"name": "action", "in": "path", "required": True,
                                "schema": {"type": "string",
                                           "enum": ["skip", "remove", "computer"]}}],
                "requestBody": body({"type": "object", "properties": {
                    "level": {"type": "string", "enum": levels}, "token": {"type": "string"}}},
                    required=False),
                "responses": {"200": reply({"type": "object", "properties": {
                    "state": ref("GameState")}}),
                    **errors(400, 403, 404, 409, 413, 415, 422)}}},
            "/api/games/{game_id}/react": {"post": {
                "summary": "A quick reaction of your seat at an online table",
                "parameters": [GAME_ID, TOKEN],
                "requestBody": body({"type": "object", "required": ["emote"], "properties": {
                    "emote": {"type": "string", "enum": list(REACTIONS)}}}),
                "responses": {"200": reply({"type": "object", "properties": {
                    "seat": {"type": "integer"}, "emote": {"type": "string"},
                    "at": {"type": "number"}}}), **errors(400, 403, 404, 415, 429)}}},
            "/api/games/{game_id}/rematch": {"post": {
                "summary": "Play again: a new table with the same players and rules",
                "description": "Only once the game is over (422 `game_not_over`). Made once: "
                               "every seat that asks gets its own link to the same new table, "
                               "whose id also appears in the old table's state as `rematch`.",
                "parameters": [GAME_ID, TOKEN],
                "requestBody": body({"type": "object", "properties": {
                    "token": {"type": "string"}}}, required=False),
                "responses": {"201": reply({"type": "object", "properties": {
                    "id": {"type": "string"}, "url": {"type": "string"}}}),
                    **errors(400, 403, 404, 413, 415, 422)}}},
            "/api/games/{game_id}/throw": {"post": {
                "summary": "Throw the dice not kept",
                "parameters": [GAME_ID, TOKEN],
                "requestBody": body({"type": "object", "properties": {
                    "keep": {"type": "array", "items": {"type": "integer", "minimum": 0,
                                                        "maximum": 6}},
                    "faces": {"oneOf": [
                        {"type": "string", "minLength": 1, "maxLength": 7},
                        {"type": "array", "items": {"type": "integer"}, "maxItems": 7}],
                        "description": "score pad tables only: what the real dice show "
                                       "(Woord Yahtzee: letters, ? the blank; otherwise "
                                       "pips) instead of `keep`"},
                    **action_common}}, required=False),
                "responses": {"200": reply({"type": "object", "properties": {
                    "faces": {"type": "string", "description": "Woord Yahtzee: the seven "
                                                               "faces"},
                    "dice": {"type": "array", "items": {"type": "integer"},
                             "description": "classic: the five dice"},
                    "state": ref("GameState")}}),
                    **errors(400, 403, 404, 409, 413, 415, 422)}}},
            "/api/games/{game_id}/claim": {"post": {
                "summary": "Write a box (Woord Yahtzee: empty `words` = a zero; classic: "
                           "just the `box`)",
                "parameters": [GAME_ID, TOKEN],
                "requestBody": body({"type": "object", "required": ["box"], "properties": {
                    "box": box, "words": {"type": "array", "items": {"type": "string"}},
                    "zero_box": {**box, "description": "free order: the round box that "
                                                       "takes the 0 of a special claim"},
                    "column": {"type": "integer", "minimum": 1, "maximum": 3,
                               "description": "Triple Yahtzee: the column (×1, ×2, ×3)"},
                    **action_common}}),
                "responses": {"200": reply({"type": "object", "properties": {
                    "points": {"type": "integer"}, "box": box,
                    "state": ref("GameState")}}),
                    **errors(400, 403, 404, 409, 413, 415, 422)}}},
            "/api/games/{game_id}/act/{action}": {"post": {
                "summary": "Any action of the game's mode by name (Kaartspel: `roll`, "
                           "`throw` {keep}, `take` {card: id or null}, `stop`; classic and "
                           "Woord Yahtzee: `throw`, `claim`; Woord Yahtzee score pads: "
                           "`hourglass`); the engine's error codes otherwise",
                "parameters": [GAME_ID, {"name": "action", "in": "path", "required": True,
                                         "schema": {"type": "string",
                                                    "pattern": "^[a-z_]{1,32}$"}}, TOKEN],
                "requestBody": body({"type": "object", "properties": {
                    "keep": {"type": "array", "items": {"type": "integer", "minimum": 0,
                                                        "maximum": 6}},
                    "faces": {"oneOf": [
                        {"type": "integer", "minimum": 1, "maximum": 6},
                        {"type": "string", "minLength": 1, "maxLength": 7},
                        {"type": "array", "items": {"type": "integer"}, "maxItems": 7}],
                        "description": "score pad tables only: the real dice's faces "
                                       "(`roll`: the red die; `throw`: the dice)"},
                    "card": {"type": ["string", "null"],
                             "description": "Kaartspel `take`: a card id, or null for "
                                            "nothing"},
                    **action_common}}, required=False),
                "responses": {"200": reply({"type": "object", "description": "the action's "
                                            "summary (Kaartspel: roll, square, dice, card, "
                                            "score …) and the new state",
                                            "properties": {"state": ref("GameState")}}),
                    **errors(400, 403, 404, 409, 413, 415, 422)}}},
            "/api/games/{game_id}/preview": {"post": {
                "summary": "Live feedback: per word and per claimable box, without playing",
                "parameters": [GAME_ID],
                "requestBody": body({"type": "object", "properties": {
                    "words": {"type": "array", "items": {"type": "string"}},
                    "zero_box": box}}, required=False),
                "responses": {"200": reply({"type": "object", "properties": {
                    "words": {"type": "array", "items": {"type": "object"}},
                    "formable_together": {"type": "boolean"},
                    "boxes": {"type": "object", "additionalProperties": {
                        "type": "object", "properties": {
                            "score": {"type": ["integer", "null"]},
                            "error": {"type": ["object", "null"]},
                            "words": {"type": "array"}}}},
                    "seq": {"type": "integer"}}}),
                    **errors(400, 403, 404, 413, 415, 422)}}},
            "/api/games/{game_id}/record": {"get": {
                "summary": "The game record (docs/records.md format) and, once over, the result",
                "parameters": [GAME_ID],
                "responses": {"200": reply({"type": "object"}), **errors(404)}}},
            "/api/highscores": {"get": {
                "summary": "High-score lists per dictionary and rules set",
                "description": "Without `mode`, `dictionary` and `rules`: every list of "
                               "every mode. Classic lists are per joker reading "
                               "(`mode=classic&rules={\"joker\":\"free\"}`); the games of "
                               "a match count one by one; computer players never enter.",
                "parameters": [
                    {"name": "mode", "in": "query", "schema": {
                        "type": "string", "enum": list(MODES)},
                     "description": "default: every mode, or `woord` with "
                                    "`dictionary`/`rules`"},
                    {"name": "dictionary", "in": "query", "schema": {"type": "string"}},
                    {"name": "rules", "in": "query", "schema": {"type": "string"},
                     "description": "a JSON object of rules options"},
                    {"name": "kind", "in": "query", "schema": {
                        "type": "string", "enum": ["solo", "hotseat", "online", "all"],
                        "default": "solo"}},
                    {"name": "aided", "in": "query", "schema": {
                        "type": "string", "enum": ["no", "all"], "default": "no"},
                     "description": "no: games in which the player used no Tip; all: those "
                                    "too, each entry marked `aided`"}],
                "responses": {"200": reply({"type": "object"}), **errors(400)}}},
            **daily_paths(),
        },
        "components": {"schemas": {
            **daily_schemas(),
            "Error": {"type": "object", "required": ["error"], "properties": {
                "error": {"type": "object", "required": ["code", "message"], "properties": {
                    "code": {"type": "string"}, "message": {"type": "string"}}},
                "state": {"$ref": "#/components/schemas/GameState"}}},
            **{f"Rules_{name}": info["rules_schema"] for name, info in modes.items()},
            "NewGame": {"type": "object", "required": ["players"], "properties": {
                "mode": {"type": "string", "enum": list(modes), "default": next(iter(modes))},
                "kind": {"type": "string", "enum": ["solo", "hotseat", "online", "pad"],
                         "default": "solo",
                         "description": "solo: one human (classic: plus any computer "
                                        "players); hotseat/online: 2-8 seats, at least "
                                        "one human; pad: a score pad for real dice (1-8 "
                                        "players at one device, no computers, each throw "
                                        "gives its `faces`)"},
                "players": {"type": "array", "minItems": 1, "maxItems": 8, "items": {
                    "oneOf": [
                        {"type": "string", "maxLength": 24},
                        {"type": "object", "required": ["name"], "properties": {
                            "name": {"type": "string", "maxLength": 24},
                            "computer": {"type": "string", "enum": levels,
                                         "description": "a computer seat the server "
                                                        "plays (modes with computer "
                                                        "players)"}}}]}},
                "rules": rules_ref}},
            "Hint": {"type": "object", "properties": {
                "ready": {"type": "boolean"}, "failed": {"type": ["string", "null"]},
                "seq": {"type": "integer"}, "player": {"type": "integer"},
                "throws": {"type": "integer"},
                "best": {"oneOf": [ref("HintOption"), {"type": "null"}]},
                "options": {"type": "array", "items": ref("HintOption")}}},
            "DiceSet": {"type": "object", "properties": {
                "name": {"type": "string"}, "title": {"type": "string"},
                "language": {"type": "string"}, "own": {"type": "boolean"},
                "url": {"type": "string"},
                "dice": {"type": "array", "items": {"type": "array", "items": {
                    "type": "array"}}}}},
            "HintOption": {"type": "object", "properties": {
                "kind": {"type": "string",
                         "enum": ["keep", "box", "claim", "take", "roll", "stop"],
                         "description": "keep: throw keeping these dice (every mode); "
                                        "box: write a box (classic, Triple); claim: "
                                        "claim a box with words (Woord Yahtzee); take, "
                                        "roll, stop: Kaartspel's moves"},
                "keep": {"type": "array", "items": {"type": "integer"}},
                "keep_indices": {"type": "array", "items": {"type": "integer"}},
                "box": {"type": "string"}, "points": {"type": "integer"},
                "card": {"type": ["string", "null"]},
                "how": {"type": ["string", "null"], "enum": ["place", "steal", "raise", None]},
                "score": {"type": ["integer", "null"]},
                "chances": {"type": "object", "additionalProperties": {"type": "number"}},
                "value": {"type": "number"}, "expected_total": {"type": "number"}}},
            "GameState": {"type": "object", "properties": {
                "id": {"type": "string"}, "mode": {"type": "string"},
                "kind": {"type": "string"}, "seq": {"type": "integer"},
                "status": {"type": "string", "enum": ["active", "finished", "abandoned"]},
                "to_move": {"type": ["integer", "null"],
                            "description": "the seat to move (every mode); null once over"},
                "rules": rules_ref,
                "players": {"type": "array", "items": {"type": "object"}},
                "seats": {"type": "array", "items": {
                    "type": "object", "properties": {
                        "seat": {"type": "integer"}, "name": {"type": "string"},
                        "computer": {"type": ["string", "null"], "enum": [*levels, None]}}}},
                "turn": {"type": ["object", "null"], "description":
                         "Woord Yahtzee: number, player, round, round_box, throws, "
                         "throws_left, faces, dice [{letter, value, blank}], kept, "
                         "deadline, seconds_left. Classic: number, player, round, throws, "
                         "throws_left, dice [5 pips] or null, kept"},
                "options": {"type": ["object", "array"],
                            "description": "what may be done now (classic: box -> points "
                                           "it would score; Triple Yahtzee: per column; "
                                           "Kaartspel: a list of actions)"},
                "match": {"type": ["object", "null"], "description":
                          "classic match: length, game (1-based), games [{number, over, "
                          "totals, winners}], totals"},
                "history": {"type": "array", "items": {"type": "object"}},
                "winners": {"type": "array", "items": {"type": "string"}},
                "you": {"type": "array", "items": {"type": "integer"},
                        "description": "seats the request's token acts for"},
                "server_time": {"type": "number"}}},
            "Dictionary": {"type": "object", "properties": {
                "name": {"type": "string"}, "title": {"type": "string"},
                "language": {"type": "string"}, "shipped": {"type": "boolean"},
                "word_count": {"type": ["integer", "null"]}}},
            "Job": {"type": "object", "properties": {
                "id": {"type": "string"}, "name": {"type": "string"},
                "status": {"type": "string", "enum": ["queued", "building", "done",
                                                      "failed"]},
                "progress": {"type": "number"}, "word_count": {"type": "integer"},
                "error": {"type": ["object", "null"]}}},
        }},
    }
