"""The shape of the code (docs/architecture.md): no import cycles, each layer imports only
the layers below it, no module grows past 600 lines, and no file sets the import path by
hand; the same limit and no cycles for the browser scripts under web/static."""

from __future__ import annotations

import ast
import json
import re
import warnings
from collections.abc import Iterator
from importlib.util import resolve_name
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"wordyahtzee": ROOT / "wordyahtzee", "wordyahtzee.web": ROOT / "web"}
WARN_LINES = 600
"""A module or script past this many lines is named in a warning: time to split it by purpose."""
MAX_LINES = 800
"""Past this many a file fails: split by purpose long before, never by size at the last line."""

# Layer -> the layers it must never import (the engine knows nothing of strategies,
# storage, tables or the web; the advisors nothing of tables or the web; and so on).
FORBIDDEN = {
    "wordyahtzee.modes": ("wordyahtzee.advisor", "wordyahtzee.store", "wordyahtzee.tables",
                          "wordyahtzee.web", "wordyahtzee.cli"),
    "wordyahtzee.solver": ("wordyahtzee.advisor", "wordyahtzee.store", "wordyahtzee.tables",
                           "wordyahtzee.web", "wordyahtzee.cli"),
    "wordyahtzee.advisor": ("wordyahtzee.store", "wordyahtzee.tables", "wordyahtzee.web",
                            "wordyahtzee.cli"),
    "wordyahtzee.store": ("wordyahtzee.advisor", "wordyahtzee.tables", "wordyahtzee.web",
                          "wordyahtzee.cli"),
    "wordyahtzee.tables": ("wordyahtzee.web", "wordyahtzee.cli"),
}
FEATURES = ("wordyahtzee.daily", "wordyahtzee.lobby", "wordyahtzee.moderation",
            "wordyahtzee.owned", "wordyahtzee.puzzles")
"""The packages of a feature each: its rules, its service and its command-line verbs."""
FORBIDDEN.update({feature: ("wordyahtzee.web", "wordyahtzee.cli") for feature in FEATURES})
FORBIDDEN["wordyahtzee.store"] += FEATURES  # the features import the store, never the reverse:
# their queries stay in the store (docs/architecture.md, "Where a feature's store queries live")
SHARED_CLI = "wordyahtzee.cli.options"
"""What a feature's command-line verbs (its ``cli`` module: an adapter like the command's
own modules, kept beside the feature's service) share with the rest of the command: the
one ``--db`` option. Nothing else of a feature imports the command line."""


def allowed(name: str, target: str) -> bool:
    """Whether ``name`` may import ``target`` although its layer forbids it: a feature's
    ``cli`` module, the shared options of the command line."""
    return target == SHARED_CLI and any(name == f"{feature}.cli" for feature in FEATURES)


def modules() -> dict[str, Path]:
    """Every module of the project by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package, folder in PACKAGES.items():
        for path in folder.rglob("*.py"):
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([package, *parts])] = path
    return found


MODULES = modules()


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import: at module level, inside functions (a late import still ties two
    modules together) and under ``if TYPE_CHECKING`` (a module typed against another
    depends on it: a game and its view must not know each other both ways)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node


def imported(name: str, path: Path) -> set[str]:
    """The project modules ``name`` imports (``from .x import y`` imports the package
    ``x`` and, where ``y`` is a module, ``x.y`` too)."""
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out: set[str] = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            if node.level:
                base = here[:len(here) - (node.level - 1)]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            targets = [f"{module}.{alias.name}" for alias in node.names]
            if node.module:
                targets.append(module)
        out.update(t for t in targets if t in MODULES and t != name)
    return out


GRAPH = {name: imported(name, path) for name, path in MODULES.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_relative_and_late_imports() -> None:
    assert "wordyahtzee.modes.contract" in GRAPH["wordyahtzee.modes.woord.game"]
    assert "wordyahtzee.solver" in GRAPH["wordyahtzee.advisor.woord.score_table"]  # late
    assert "wordyahtzee.modes.woord.game" in GRAPH["wordyahtzee.modes.woord.view"]  # typing


def test_no_import_cycles() -> None:
    assert cycles(GRAPH) == []


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_each_layer_imports_only_the_layers_below(layer: str) -> None:
    wrong = sorted((name, target) for name, targets in GRAPH.items()
                   if name == layer or name.startswith(layer + ".")
                   for target in targets
                   if any(target == f or target.startswith(f + ".") for f in FORBIDDEN[layer])
                   and not allowed(name, target))
    assert wrong == []


def test_a_features_commands_are_reached_through_the_command_line_only() -> None:
    """A feature's ``cli`` module is an adapter: ``wordyahtzee.cli`` loads it by name
    (``PARSERS``), and no module of the code imports it (the rules and the service never
    lean on their command line); it imports no other ``cli`` module."""
    commands = {f"{feature}.cli" for feature in FEATURES} & set(MODULES)
    assert commands == {"wordyahtzee.daily.cli", "wordyahtzee.moderation.cli",
                        "wordyahtzee.puzzles.cli"}
    assert sorted((name, target) for name, targets in GRAPH.items() for target in targets
                  if target in commands) == []
    assert sorted((name, target) for name in commands for target in GRAPH[name]
                  if target.startswith("wordyahtzee.cli") and target != SHARED_CLI) == []
    from wordyahtzee.cli import PARSERS

    assert {resolve_name(module, "wordyahtzee.cli") for module, _ in PARSERS.values()
            if module.startswith("..")} == commands


def test_the_web_package_has_one_import_name() -> None:
    """The web adapter is installed as ``wordyahtzee.web`` (pyproject.toml): nothing imports it
    as ``web``, which works only from a checkout's root and makes two modules of one file."""
    found = []
    for path in sorted([*ROOT.glob("tests/**/*.py"), *ROOT.glob("scripts/**/*.py"),
                        *MODULES.values()]):
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if node.level == 0 else [])
            if any(name == "web" or name.startswith("web.") for name in names):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def imported_test_modules(source: str, package: str) -> list[str]:
    """The test modules (``test_*``) that a module of ``package`` (``tests``,
    ``tests.browser``) imports, relative or absolute, each as ``line: name``."""
    here = package.split(".")
    found = []
    for node in _imports(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = here[:len(here) - node.level + 1] if node.level else []
            module = [*base, *(node.module.split(".") if node.module else [])]
            targets = [".".join(module), *(".".join([*module, a.name]) for a in node.names)]
        for target in targets:
            parts = target.split(".")
            if ((parts[0] == "tests" or parts[0].startswith("test_"))
                    and any(part.startswith("test_") for part in parts)):
                found.append(f"{node.lineno}: {target}")
                break
    return found


def test_the_test_import_finder_sees_relative_and_absolute_imports() -> None:
    source = ("from .test_api import seat\nfrom . import test_cluster\n"
              "import tests.test_daily\nfrom tests.test_api import seat\n"
              "from ..test_api import seat\nimport test_api\n"
              "from .support.app import seat\nfrom . import conftest, helpers\n"
              "from tests.support import server\nimport pytest\n")
    assert imported_test_modules(source, "tests.browser") == [
        "1: tests.browser.test_api", "2: tests.browser.test_cluster", "3: tests.test_daily",
        "4: tests.test_api", "5: tests.test_api", "6: test_api"]


def test_no_test_module_imports_another() -> None:
    """A test module is a leaf: what tests share lives in tests/support/ (the fixtures in
    tests/conftest.py), so that a helper has one home and no test file leans on another."""
    found = []
    for path in sorted(ROOT.glob("tests/**/*.py")):
        package = ".".join(path.relative_to(ROOT).parent.parts)
        found += [f"{path.relative_to(ROOT)}:{hit}"
                  for hit in imported_test_modules(path.read_text(encoding="utf-8"), package)]
    assert found == []


def test_no_module_is_over_800_lines() -> None:
    assert _too_long(MODULES) == {}


def _too_long(files: dict[str, Path]) -> dict[str, int]:
    """The files over :data:`MAX_LINES`; those over :data:`WARN_LINES` are named in a
    warning (the run's summary shows it)."""
    sizes = {name: len(path.read_text(encoding="utf-8").splitlines())
             for name, path in files.items()}
    long = {name: n for name, n in sizes.items() if n > WARN_LINES}
    if long:
        warnings.warn(f"over {WARN_LINES} lines, split by purpose: {long}", stacklevel=2)
    return {name: n for name, n in long.items() if n > MAX_LINES}


# -- the browser scripts (web/static): ES modules that import each other by relative path --

STATIC = ROOT / "web" / "static"
SCRIPTS = {path.relative_to(STATIC).as_posix(): path for path in sorted(STATIC.rglob("*.js"))}
# `import {a, b} from "./x.js"` (over several lines too), `import "./x.js"`, `import("./x.js")`
JS_IMPORT = re.compile(r"""\bimport\b(?:[^;"'`]*?\bfrom)?\s*\(?\s*["'](\.{1,2}/[^"']+)["']""")


def script_imports(name: str, path: Path) -> set[str]:
    """The scripts ``name`` imports, by their path under web/static (a JSDoc type's
    ``import("./api.js")`` reads the generated ``api.d.ts``: types only, no script)."""
    here = Path(name).parent
    found = set()
    for target in JS_IMPORT.findall(path.read_text(encoding="utf-8")):
        resolved = (STATIC / here / target).resolve().relative_to(STATIC.resolve()).as_posix()
        if resolved not in SCRIPTS and (STATIC / resolved.removesuffix(".js")).with_suffix(
                ".d.ts").is_file():
            continue
        assert resolved in SCRIPTS, f"{name} imports {target}, which is not there"
        found.add(resolved)
    return found


SCRIPT_GRAPH = {name: script_imports(name, path) for name, path in SCRIPTS.items()}


def test_the_script_graph_sees_every_form_of_import() -> None:
    assert "js/common.js" in SCRIPT_GRAPH["js/table.js"]
    assert "js/table.js" in SCRIPT_GRAPH["js/woord.js"]
    assert SCRIPT_GRAPH["sw.js"] == set()
    sample = ('import {\n  a,\n  b,\n} from "./x.js";\nimport "./y.js";\n'
              'const z = import("../z.js");')
    assert JS_IMPORT.findall(sample) == ["./x.js", "./y.js", "../z.js"]
    # a JSDoc type from the generated api.d.ts names no script
    assert "js/api.js" not in SCRIPT_GRAPH["js/common.js"]
    assert "import(\"./api.js\")" in SCRIPTS["js/common.js"].read_text(encoding="utf-8")


def test_the_scripts_are_type_checked_strictly() -> None:
    """``npm run types`` (the test command runs it) checks every script with all of
    TypeScript's strict checks, the service worker's configuration too (it extends the
    main one), and nothing in either turns one of them off."""
    main = json.loads((ROOT / "tsconfig.json").read_text(encoding="utf-8"))
    worker = json.loads((ROOT / "tsconfig.sw.json").read_text(encoding="utf-8"))
    assert main["compilerOptions"]["strict"] is True
    assert main["include"] == ["web/static/js/**/*.js"]
    assert worker["extends"] == "./tsconfig.json"
    loosened = {"noImplicitAny", "strictNullChecks", "strictFunctionTypes", "strictBindCallApply",
                "strictPropertyInitialization", "noImplicitThis", "useUnknownInCatchVariables",
                "alwaysStrict"}
    for config in (main, worker):
        assert loosened.isdisjoint(config["compilerOptions"]), config
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    assert package["scripts"]["types"] == "tsc -p tsconfig.json && tsc -p tsconfig.sw.json"
    assert "npm run --silent types" in (ROOT / "scripts" / "test").read_text(encoding="utf-8")


def test_no_script_import_cycles() -> None:
    assert cycles(SCRIPT_GRAPH) == []


def test_no_script_is_over_800_lines() -> None:
    assert _too_long(SCRIPTS) == {}


def repeated_blocks(texts: dict[str, str], size: int = 8) -> dict[tuple[str, ...], list[str]]:
    """Every run of ``size`` non-blank lines (stripped) found in more than one place."""
    seen: dict[tuple[str, ...], list[str]] = {}
    for name, text in texts.items():
        lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
        for k in range(len(lines) - size + 1):
            block = tuple(line for _, line in lines[k:k + size])
            seen.setdefault(block, []).append(f"{name}:{lines[k][0]}")
    return {block: where for block, where in seen.items() if len(where) > 1}


def test_the_block_finder_finds_a_copy() -> None:
    copied = "\n".join(f"line {n}" for n in range(8))
    assert list(repeated_blocks({"a.js": copied, "b.js": "x\n\n" + copied}).values()) == [
        ["a.js:1", "b.js:3"]]


def test_no_script_repeats_a_block_of_eight_lines() -> None:
    """A helper two scripts need lives in one module they both import, never copied."""
    texts = {name: path.read_text(encoding="utf-8") for name, path in SCRIPTS.items()}
    assert list(repeated_blocks(texts).values()) == []


# -- mode knowledge ---------------------------------------------------------------------------

MODE_NAMES = ("classic", "woord", "kaartspel", "triple")
"""The mode ids (``wordyahtzee.modes.MODES``), spelled out: the test must not read them from
the code it checks."""
MODE_HOMES = ("wordyahtzee.modes", "wordyahtzee.advisor")
"""Where a mode is named: its own package, and its advisor (strategies, coaches)."""
NAMES_A_MODE = {
    "wordyahtzee.cli": "the command names of the strategy tools (``wordyahtzee classic ev``, "
                       "``wordyahtzee woord ...``): words a person types, not a game's mode",
    "wordyahtzee.cli.strategy": "the same command names, where their parsers are made",
    "wordyahtzee.puzzles": "MINED_MODES, which the command line's parser reads without "
                           "loading a mode (tests/test_cli_imports.py); "
                           "tests/test_modes_contract.py holds it to the modes' "
                           "puzzle_rules",
}
"""The modules outside :data:`MODE_HOMES` allowed a mode's name as a literal, with why."""


def mode_literals(source: str) -> list[tuple[int, str]]:
    """Each string constant that is exactly a mode's id (an f-string's text and a
    docstring's prose are not), with its line."""
    return [(node.lineno, node.value) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Constant) and node.value in MODE_NAMES]


def test_the_literal_finder_finds_a_mode_name() -> None:
    source = 'x = body.get("mode", "woord")\nif m == "classic": pass\ny = f"{m} classic"\n'
    assert mode_literals(source) == [(1, "woord"), (2, "classic")]


def test_no_mode_is_named_outside_the_modes_and_the_advisor() -> None:
    """A mode's knowledge lives in its declarations (``ModeModule``: its hooks,
    ``puzzle_rules``, ``describe()``); every other module asks the registry, so a new mode
    is one package and no edit elsewhere."""
    from wordyahtzee.modes import MODES

    assert set(MODE_NAMES) == set(MODES)  # a new mode: name it above
    found = sorted(f"{name}:{line}: {value!r}" for name, path in MODULES.items()
                   if not any(name == home or name.startswith(home + ".")
                              for home in MODE_HOMES) and name not in NAMES_A_MODE
                   for line, value in mode_literals(path.read_text(encoding="utf-8")))
    assert found == []


def test_every_allowed_module_still_names_a_mode() -> None:
    for name, why in NAMES_A_MODE.items():
        assert why and mode_literals(MODULES[name].read_text(encoding="utf-8")), name


# -- the import path: no module sets it; a tool runs as ``python -m scripts.NAME`` from the
# root, a test imports it as ``scripts.NAME``, a child process is given ``PYTHONPATH`` --

PATH_EDIT = re.compile(r"\bsys\.path\b|\bfrom\s+sys\s+import\b[^\n]*\bpath\b|\baddsitedir\b")
"""What sets the import path by hand: ``sys.path`` named at all (in code or in code written
for a child), ``from sys import path``, ``site.addsitedir``."""
LOAD_BY_PATH = re.compile(r"\bspec_from_file_location\b|\bSourceFileLoader\b")
"""What imports a module by its file's path rather than by its name."""


def python_files() -> list[Path]:
    """Every Python file of the checkout: not the virtual environment's, node's or a build's
    (nor this file, which names what it looks for)."""
    return sorted(path for path in ROOT.rglob("*.py")
                  if not any(part.startswith(".") or part in {"node_modules", "build", "dist"}
                             for part in path.relative_to(ROOT).parts[:-1])
                  and path.resolve() != Path(__file__).resolve())


def _hits(pattern: re.Pattern[str], text: str) -> list[int]:
    return [n for n, line in enumerate(text.splitlines(), 1) if pattern.search(line)]


def test_the_path_checks_see_each_form() -> None:
    edits = ["sys.path.insert(0, str(ROOT))", "sys.path[:0] = paths",
             'code = f"import sys; sys.path.insert(0, {root!r})"', "from sys import path",
             "site.addsitedir(folder)"]
    assert _hits(PATH_EDIT, "\n".join([*edits, "import sys", "os.path.join(a, b)"])) == [
        1, 2, 3, 4, 5]
    assert _hits(LOAD_BY_PATH, "spec = importlib.util.spec_from_file_location(n, p)\n"
                               "importlib.import_module('scripts.i18n')") == [1]
    assert {"scripts/build_nl_dictionary.py", "wordyahtzee/tables/offload.py",
            "tests/conftest.py"} <= {p.relative_to(ROOT).as_posix() for p in python_files()}


def test_no_module_sets_the_import_path_or_loads_a_file_by_its_path() -> None:
    """A tool is a module of the ``scripts`` package and a test imports it by name, so no file
    needs to put a folder on ``sys.path``: the root is on it when a tool runs with
    ``python -m`` or pytest runs, and a child process is given ``PYTHONPATH``."""
    found = []
    for path in python_files():
        text = path.read_text(encoding="utf-8")
        found += [f"{path.relative_to(ROOT)}:{n}"
                  for n in [*_hits(PATH_EDIT, text), *_hits(LOAD_BY_PATH, text)]]
    assert found == []
