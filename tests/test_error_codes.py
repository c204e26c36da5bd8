"""One table of error codes: every code the code base raises has an HTTP status in
``wordyahtzee.web.errors.ERRORS`` and a text for the screens in every language."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from wordyahtzee.web.errors import ERRORS
from wordyahtzee.web.i18n import LANGUAGES, catalogue

ROOT = Path(__file__).resolve().parents[1]
CODE = re.compile(r"[a-z][a-z_]*")


def codes_in_source() -> set[str]:
    """The codes given to the engine's errors anywhere in the package and the web."""
    found: set[str] = set()
    for path in [*ROOT.joinpath("wordyahtzee").rglob("*.py"), *ROOT.joinpath("web").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if not name.endswith(("Error", "BadRequest")):
                    continue
                strings = [a.value for a in node.args[1:]
                           if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                strings += [k.value.value for k in node.keywords
                            if k.arg == "code" and isinstance(k.value, ast.Constant)]
                found.update(s for s in strings if CODE.fullmatch(s))
            elif (isinstance(node, ast.Assign) and len(node.targets) == 1
                  and getattr(node.targets[0], "id", "") == "code"
                  and isinstance(node.value, ast.Constant)):
                found.add(node.value.value)
    return found


def test_the_scan_finds_codes() -> None:
    found = codes_in_source()
    assert {"not_a_word", "box_filled", "stale", "bad_json"} <= found


def test_every_code_has_a_status() -> None:
    missing = sorted(codes_in_source() - set(ERRORS))
    assert not missing, f"codes without an HTTP status in ERRORS: {missing}"
    assert all(400 <= status < 600 for status in ERRORS.values())


def test_every_code_speaks_every_language() -> None:
    for language in LANGUAGES:
        table = catalogue(language)
        missing = sorted(code for code in ERRORS if f"err.{code}" not in table)
        assert not missing, f"codes without a {language} text: {missing}"
        assert all(str(table[f"err.{code}"]).strip() for code in ERRORS)
