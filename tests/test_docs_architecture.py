"""docs/architecture.md stays true to the code: its table of packages names every Python
module of each package (and none that is gone), its table of the game contract names every
member of the ``Game`` protocol, and its lists of the registry's module functions are
``ModeModule``'s."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def _section(title: str) -> str:
    start = DOC.index(f"## {title}")
    end = DOC.find("\n## ", start + 1)
    return DOC[start:end if end > 0 else None]


def _package_rows() -> dict[str, str]:
    """The first cell (a folder) of each row of "The packages" and the second cell."""
    rows = {}
    for line in _section("The packages").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[0].startswith("`") and cells[0].endswith("/`"):
            rows[cells[0].strip("`")] = cells[1]
    return rows


ROWS = _package_rows()


def _named(cell: str) -> set[str]:
    return set(re.findall(r"`([\w]+\.py)`", cell))


def _folders(pattern: str) -> list[Path]:
    """The folders a row stands for: ``<mode>`` is each mode's package."""
    if "<mode>" not in pattern:
        return [ROOT / pattern]
    parent = ROOT / pattern.split("<mode>")[0]
    return sorted(p for p in parent.iterdir() if p.is_dir() and (p / "__init__.py").exists())


def test_the_table_has_a_row_for_every_package() -> None:
    packages = {str(p.parent.relative_to(ROOT)) + "/"
                for p in [*ROOT.glob("wordyahtzee/**/*.py"), *ROOT.glob("web/**/*.py")]
                if p.name != "__init__.py"}  # data folders hold only __init__
    assert {"web/", "web/games/"} <= packages
    covered = {str(folder.relative_to(ROOT)) + "/" for row in ROWS for folder in _folders(row)}
    assert packages - covered == set()


@pytest.mark.parametrize("row", sorted(ROWS))
def test_each_row_names_its_modules_and_only_those(row: str) -> None:
    named = _named(ROWS[row])
    present: set[str] = set()
    for folder in _folders(row):
        here = {p.name for p in folder.glob("*.py")} - {"__init__.py"}
        present |= here
        if "<mode>" not in row:  # a mode's row names what any mode has
            assert here - named == set(), f"{row}: modules the table does not name"
    assert named - present - {"__init__.py"} == set(), f"{row}: names modules that are gone"


def _protocol_members(path: Path, name: str) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)
    out = set()
    for node in cls.body:
        if isinstance(node, ast.FunctionDef):
            out.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.add(node.target.id)
    return out


def test_the_contract_table_names_every_member_of_the_game_protocol() -> None:
    section = _section("The game contract")
    documented = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            first = line.split("|")[1]
            documented |= {re.sub(r"\(.*", "", n) for n in re.findall(r"`([^`]+)`", first)}
    contract = ROOT / "wordyahtzee" / "modes" / "contract.py"
    members = _protocol_members(contract, "Game")
    assert members - documented == set()
    assert documented - members <= _protocol_members(contract, "Acting")  # the dispatch


def test_the_registry_lists_are_the_mode_modules_functions() -> None:
    functions = _protocol_members(ROOT / "wordyahtzee" / "modes" / "__init__.py", "ModeModule")
    lists = re.findall(r"module functions of\s+(?:the\s+)?(?:registry|`ModeModule`)[:\s]*"
                       r"\(?((?:`\w+`[,\s]*(?:and\s+)?)+)", DOC)  # `a`, `b` and `c`
    assert len(lists) == 2, lists
    for listed in lists:
        assert set(re.findall(r"`(\w+)`", listed)) == functions
    for mode in _folders("wordyahtzee/modes/<mode>/"):
        source = (mode / "__init__.py").read_text(encoding="utf-8")
        for function in functions:
            assert re.search(rf"\b(def {function}\b|as {function}\b|import .*\b{function}\b)"
                             rf"|^    {function},$|^{function}\b.* = ", source, re.M), \
                f"{mode.name} lacks {function}"
