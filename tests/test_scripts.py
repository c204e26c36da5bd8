"""The project's tools (``scripts/``, docs/architecture.md): every module imports as
``scripts.NAME`` from the repository's root, as ``python -m scripts.NAME`` runs it, and every
command the docs, the tools and the messages name is such a module, never a file path."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MODULES = sorted(path.stem for path in (ROOT / "scripts").glob("*.py")
                 if path.name != "__init__.py")

RUN = re.compile(r"python[0-9.]*(?:\s+-[A-Za-z]+)*\s+-m\s+scripts\.([a-z0-9_]+)")
"""A tool's command: ``python -m scripts.NAME`` (over a line's end too)."""
RUN_BY_PATH = re.compile(r"python[0-9.]*(?:\s+-[A-Za-z]+)*\s+(?:\S*/)?scripts/\w+\.py")
"""A tool run by its file (``python scripts/NAME.py``): its imports of ``scripts.*`` fail."""


def documents() -> list[Path]:
    """Where commands are written: the README and the docs, the CI and test commands, the
    tools themselves, and the code and catalogues whose messages name a command (not this
    file, whose examples are wrong on purpose)."""
    found = [ROOT / "README.md", ROOT / "dictionaries" / "README.md", ROOT / ".ci" / "run",
             ROOT / "pyproject.toml", ROOT / "package.json",
             *ROOT.glob("docs/**/*.md"), *ROOT.glob(".github/**/*.y*ml"),
             *(p for p in (ROOT / "scripts").iterdir() if p.is_file()),
             *ROOT.glob("tests/**/*.py"), *ROOT.glob("wordyahtzee/**/*.py"),
             *ROOT.glob("web/**/*.py"), *ROOT.glob("web/translations/**/*.po*")]
    return [p for p in found if p.is_file() and p.suffix not in {".txt", ".mo"}
            and p.resolve() != Path(__file__).resolve()]


def test_the_command_patterns_see_each_form() -> None:
    text = ("`python -m scripts.build_tables`; python3 -m scripts.i18n check;\n"
            "python scripts/build_tables.py; nice .venv/bin/python3 -u scripts/x.py;\n"
            "measured by `python\n  -m scripts.load_test`, by `python\nscripts/load_test.py`")
    assert RUN.findall(text) == ["build_tables", "i18n", "load_test"]
    assert len(RUN_BY_PATH.findall(text)) == 3


def test_every_tool_imports_as_a_module_of_the_scripts_package() -> None:
    """One fresh interpreter in the root, as ``python -m`` starts one, imports every tool
    (their ``main`` guarded by ``__name__``): no tool needs its folder on the path."""
    assert "build_nl_dictionary" in MODULES and "bench_docs" in MODULES
    program = ("import importlib, sys\n"
               "for name in sys.argv[1:]:\n"
               "    importlib.import_module('scripts.' + name)\n")
    done = subprocess.run([sys.executable, "-c", program, *MODULES], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]


def test_every_documented_command_names_a_tool_and_none_a_file() -> None:
    named, by_path = {}, []
    for path in documents():
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT).as_posix()
        for name in RUN.findall(text):
            named.setdefault(name, where)
        by_path += [f"{where}: {hit}" for hit in RUN_BY_PATH.findall(text)]
    assert {"build_tables", "i18n", "build_nl_dictionary", "bench_lexicon"} <= set(named)
    assert {name: where for name, where in named.items() if name not in MODULES} == {}
    assert by_path == []


def test_a_benchmark_serves_the_code_it_names(tmp_path: Path) -> None:
    """A benchmark's server runs the code of the checkout it is named for: a package of the
    same name elsewhere on the path (another checkout's, given by ``PYTHONPATH``, which once
    made a side-by-side run measure one checkout twice) is refused before any server
    starts, and so is a checkout without an environment of its own."""
    import os

    import pytest

    from scripts.served import CHECKOUT, check_served_code, checkout_python

    check_served_code(sys.executable, CHECKOUT, dict(os.environ))  # this checkout: served
    decoy = tmp_path / "other"
    (decoy / "wordyahtzee" / "web").mkdir(parents=True)
    (decoy / "wordyahtzee" / "__init__.py").write_text("")
    (decoy / "wordyahtzee" / "web" / "__init__.py").write_text("")
    with pytest.raises(SystemExit, match="serves the code of"):
        check_served_code(sys.executable, CHECKOUT, {**os.environ, "PYTHONPATH": str(decoy)})
    with pytest.raises(SystemExit, match="no virtual environment of its own"):
        checkout_python(decoy)


def test_the_load_test_plays_solo_classic_tables_over_two_servers() -> None:
    """``--mode classic --kind solo``: whole games on real servers (SQLite), every move the
    client decided from the state accepted, and actions counted."""
    done = subprocess.run(
        [sys.executable, "-m", "scripts.load_test", "--servers", "2", "--mode", "classic",
         "--kind", "solo", "--seconds", "4", "--tables", "4", "--fast", "1.0",
         "--watchers", "0"], cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "4 classic solo tables" in done.stdout
    rows = {line.split()[0]: line.split() for line in done.stdout.splitlines()
            if line.startswith(("throw ", "claim "))}
    assert set(rows) == {"throw", "claim"} and all(row[-1] == "0" for row in rows.values())
    actions = float(re.search(r"game actions/s: ([\d.]+)", done.stdout)[1])  # type: ignore[index]
    assert actions > 0


@pytest.mark.slow
def test_the_instructions_of_an_action_are_counted_under_valgrind(postgres_url: str) -> None:
    """``bench_instructions`` plays whole classic games under valgrind and prints the
    instructions an action costs, without the process's start: a few million, the same
    order as the CPU time of a move on this machine."""
    done = subprocess.run(
        [sys.executable, "-m", "scripts.bench_instructions", "--db", postgres_url, "--few",
         "1", "--many", "2", "--rounds", "1"], cwd=ROOT, capture_output=True, text=True,
        timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    figure = re.search(r"^round 1 \S+ +([\d.]+) M instructions per action$", done.stdout,
                       re.MULTILINE)
    assert figure is not None, done.stdout
    assert 0.5 < float(figure.group(1)) < 50, done.stdout
