"""The browser's types of the API, generated from the OpenAPI document.

    python -m wordyahtzee.web.apitypes          write web/static/js/api.d.ts
    python -m wordyahtzee.web.apitypes --check  exit 1 if the committed file is not what
                                                the document makes now

Every schema of the document (:func:`web.apidoc.openapi_document`) becomes a TypeScript
type of the same name: an object an interface-like type with its required fields and its
optional ones (``?``), a union (``oneOf``, ``anyOf``) a union type, ``enum`` and ``const``
their literals. The scripts read them in JSDoc: ``@type {import("./api.js").GameState}``
(TypeScript finds ``api.d.ts`` beside the scripts). The file is checked in and never edited
by hand: a change of a model changes the document, the test names the stale file, and this
command brings it back in step.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

TYPES = Path(__file__).resolve().parent / "static" / "js" / "api.d.ts"
"""Where the generated types live: beside the scripts that import them."""

HEADER = """\
// The API's types, generated from its OpenAPI document by
// `python -m wordyahtzee.web.apitypes`. Do not edit: change the models (web/*/models.py,
// wordyahtzee/modes/*/view.py) and run it again; tests/test_api_types.py fails while this
// file is stale.
"""

_NAME = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def _ref(schema: dict[str, Any]) -> str:
    return str(schema["$ref"]).rsplit("/", 1)[-1]


def _union(parts: list[str]) -> str:
    unique = list(dict.fromkeys(parts))
    return " | ".join(unique) if unique else "never"


def _wrap(text: str) -> str:
    """A type that may stand before ``[]``."""
    return f"({text})" if " " in text and not text.startswith("{") else text


def _comment(text: str, indent: str) -> list[str]:
    lines = " ".join(text.split()).replace("*/", "*\\/")
    return [f"{indent}/** {lines} */"]


def ts_type(schema: dict[str, Any] | bool, indent: str = "") -> str:
    """The TypeScript type of one JSON schema (a document's, OpenAPI 3.1)."""
    if schema is True or schema == {}:
        return "unknown"
    if schema is False:
        return "never"
    assert isinstance(schema, dict)
    if "$ref" in schema:
        return _ref(schema)
    if "const" in schema:
        return json.dumps(schema["const"])
    if "enum" in schema:
        return _union([json.dumps(v) for v in schema["enum"]])
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return _union([ts_type(s, indent) for s in schema[key]])
    kind = schema.get("type")
    if isinstance(kind, list):
        return _union([ts_type({**schema, "type": k}, indent) for k in kind])
    if kind in ("integer", "number"):
        return "number"
    if kind in ("string", "boolean", "null"):
        return str(kind)
    if kind == "array":
        items = schema.get("items")
        return f"{_wrap(ts_type(items, indent))}[]" if items is not None else "unknown[]"
    if kind == "object" or "properties" in schema:
        return _object(schema, indent)
    return "unknown"


def _object(schema: dict[str, Any], indent: str) -> str:
    properties: dict[str, Any] = schema.get("properties", {})
    extra = schema.get("additionalProperties", not properties)
    if not properties:
        value = "unknown" if extra is True else ts_type(extra, indent)
        return f"{{ [key: string]: {value} }}"
    required = set(schema.get("required", ()))
    inner = indent + "  "
    lines = ["{"]
    for name, prop in properties.items():
        if isinstance(prop, dict) and prop.get("description"):
            lines += _comment(prop["description"], inner)
        key = name if _NAME.match(name) else json.dumps(name)
        mark = "" if name in required else "?"
        lines.append(f"{inner}{key}{mark}: {ts_type(prop, inner)};")
    if extra not in (False, None) and extra is not True:
        lines.append(f"{inner}[key: string]: unknown;")
    lines.append(f"{indent}}}")
    return "\n".join(lines)


def render(document: dict[str, Any]) -> str:
    """The ``.d.ts`` text of every schema of ``document``, sorted by name."""
    out = [HEADER.rstrip("\n")]
    schemas: dict[str, Any] = document["components"]["schemas"]
    for name in sorted(schemas):
        schema = schemas[name]
        out.append("")
        if schema.get("description"):
            out += _comment(schema["description"], "")
        out.append(f"export type {name} = {ts_type(schema)};")
    return "\n".join(out) + "\n"


def current() -> str:
    """The types the current models make (the app built on a database of its own that is
    thrown away: the document needs only its routes)."""
    from . import create_app
    from .apidoc import openapi_document

    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "DATABASE": str(Path(folder) / "doc.sqlite3"),
                          "TICK_SECONDS": 0, "WARM_STRATEGIES": ()})
        with app.app_context():
            return render(openapi_document())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m wordyahtzee.web.apitypes",
                                     description="The browser's types of the API.")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 if the committed file is stale")
    args = parser.parse_args(argv)
    text = current()
    if args.check:
        if not TYPES.exists() or TYPES.read_text(encoding="utf-8") != text:
            print(f"{TYPES.name} is stale: run python -m wordyahtzee.web.apitypes",
                  file=sys.stderr)
            return 1
        return 0
    TYPES.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
