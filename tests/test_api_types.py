"""The browser's types (web/static/js/api.d.ts) are generated from the OpenAPI document
(web/apitypes.py): the committed file is what the models make now, and the generator says
what the document says."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from wordyahtzee.web import apitypes


def test_the_committed_types_are_current() -> None:
    assert apitypes.TYPES.read_text(encoding="utf-8") == apitypes.current(), (
        "web/static/js/api.d.ts is stale: run python -m wordyahtzee.web.apitypes")


def test_the_state_is_a_union_of_the_modes_states() -> None:
    text = apitypes.TYPES.read_text(encoding="utf-8")
    assert ("export type GameState = WoordState | ClassicState | KaartspelState | "
            "TripleState;") in text
    assert '  mode: "classic";' in text


def test_each_schema_becomes_its_type() -> None:
    document: dict[str, Any] = {"components": {"schemas": {
        "Seat": {"type": "object", "description": "A seat.", "required": ["seat", "name"],
                 "properties": {
                     "seat": {"type": "integer", "description": "from 0"},
                     "name": {"type": "string"},
                     "level": {"anyOf": [{"enum": ["easy", "hard"]}, {"type": "null"}]},
                     "dice": {"type": "array", "items": {"type": ["number", "null"]}},
                     "x-y": {"const": 3},
                     "more": {"type": "object", "additionalProperties": {
                         "$ref": "#/components/schemas/Other"}}}},
        "Other": {"oneOf": [{"$ref": "#/components/schemas/Seat"}, {"type": "boolean"}]},
    }}}
    assert apitypes.render(document) == apitypes.HEADER + "\n".join([
        "",
        "export type Other = Seat | boolean;",
        "",
        "/** A seat. */",
        "export type Seat = {",
        "  /** from 0 */",
        "  seat: number;",
        "  name: string;",
        '  level?: "easy" | "hard" | null;',
        "  dice?: (number | null)[];",
        '  "x-y"?: 3;',
        "  more?: { [key: string]: Other };",
        "};",
        ""])


def test_the_check_names_a_stale_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stale = tmp_path / "api.d.ts"
    stale.write_text("// old\n", encoding="utf-8")
    monkeypatch.setattr(apitypes, "TYPES", stale)
    assert apitypes.main(["--check"]) == 1
    assert apitypes.main([]) == 0
    assert apitypes.main(["--check"]) == 0
