"""JSON bodies that once gave a 500, for every route of the API document that takes
one."""

from __future__ import annotations

import json
from typing import Any

DEEP = range(900, 1000)
"""How deep the bodies that gave a 500 nested (a ``\\u`` escape at the bottom): the
parser took them, and the check of their strings ran out of stack, in a band a few levels
wide whose place depends on the server's own stack (944 deep for this one)."""


def json_routes(document: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
    """Every route of the API document with a JSON body: method, path (with its
    ``{parameters}``) and the body's fields."""
    schemas = document["components"]["schemas"]
    routes = []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body is not None:
                model = schemas[body["schema"]["$ref"].rsplit("/", 1)[-1]]
                routes.append((method.upper(), path, list(model.get("properties", {}))))
    return routes


def bad_bodies(fields: list[str]) -> list[bytes]:
    """The bodies of the two 500s for a route with these fields: a ``\\u`` escape nested
    as deep as :data:`DEEP` says, and a NUL in every field (as a string and in a list), the
    check's ``{"words": ["a\\u0000b"]}`` among them."""
    named = fields or ["x"]
    return [*(('{"x": ' + "[" * depth + '"\\u00e9"' + "]" * depth + "}").encode()
              for depth in DEEP),
            json.dumps({field: "a\u0000b" for field in named}).encode(),
            json.dumps({field: ["a\u0000b"] for field in named}).encode()]
