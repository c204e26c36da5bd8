"""What a user installs: the wheel carries the dictionaries (with prebuilt tries), the dice
sets and the web assets, under the project's own import name only."""

from __future__ import annotations

import ast
import gzip
import os
import shutil
import subprocess
import sys
import time
import tomllib
import zipfile
from pathlib import Path

import pytest

from wordyahtzee.lexicon import Lexicon, registry

ROOT = Path(__file__).resolve().parents[1]


def test_prebuilt_tries_match_the_shipped_word_lists() -> None:
    shipped = [e for e in registry.list_dictionaries() if e.shipped]
    wanted = {registry.compiled_name(e.name, registry.file_sha256(e.words_path))
              for e in shipped}
    present = {p.name for p in registry.shipped_tries_dir().iterdir() if p.is_dir()}
    assert wanted == present, "run: python -m scripts.build_tries"


def test_a_shipped_dictionary_loads_from_its_prebuilt_tries(tmp_path: Path) -> None:
    code = ("import os, sys, time; t = time.perf_counter(); "
            "from wordyahtzee.lexicon import load_lexicon; lex = load_lexicon('nl'); "
            "assert lex.is_valid('huis'); "
            "import pathlib; assert not any(pathlib.Path(os.environ['WORDYAHTZEE_CACHE_DIR'])"
            ".rglob('*.marisa')), 'compiled into the cache'")
    env = {"WORDYAHTZEE_CACHE_DIR": str(tmp_path / "cache"),
           "WORDYAHTZEE_DATA_DIR": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, "-c", code], check=True, env=env, cwd=tmp_path)


@pytest.mark.slow
def test_the_wheel_holds_data_and_no_top_level_web(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                    "-q", "-w", str(tmp_path), str(ROOT)], check=True)
    wheel = next(tmp_path.glob("wordyahtzee-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names}
    assert tops <= {"wordyahtzee", *(t for t in tops if t.endswith((".dist-info", ".data")))}
    for needed in ("wordyahtzee/dictionaries/nl.txt.gz", "wordyahtzee/dictionaries/nl.json",
                   "wordyahtzee/dictionaries/LICENSE-OpenTaal.txt",
                   "wordyahtzee/data/dice/nl.json", "wordyahtzee/web/templates/base.html",
                   "wordyahtzee/web/static/js/table.js", "wordyahtzee/web/games/routes.py",
                   *(f"wordyahtzee/web/translations/{lang}/LC_MESSAGES/messages.{kind}"
                     for lang in ("nl", "en", "de") for kind in ("po", "mo"))):
        assert needed in names, needed
    assert any(n.startswith("wordyahtzee/dictionaries/compiled/nl-") for n in names)
    assert "wordyahtzee-0.1.0.data/scripts/wordyahtzee" in names
    assert not any(n.endswith(".dist-info/entry_points.txt") for n in names)


def test_the_command_is_a_script_that_imports_only_the_command_line() -> None:
    """The ``wordyahtzee`` command is bin/wordyahtzee, not a ``[project.scripts]`` entry
    point: the wrapper pip writes for one imports ``re`` first, more than half the start-up
    of ``python -c pass`` (docs/performance.md)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "scripts" not in config["project"]
    assert config["tool"]["setuptools"]["script-files"] == ["bin/wordyahtzee"]
    script = (ROOT / "bin" / "wordyahtzee").read_text(encoding="utf-8")
    assert script.startswith("#!/usr/bin/env python3\n")
    imported = {alias.name if isinstance(node, ast.Import) else f"{node.module}.{alias.name}"
                for node in ast.walk(ast.parse(script))
                if isinstance(node, ast.Import | ast.ImportFrom) for alias in node.names}
    assert imported == {"sys", "wordyahtzee.cli.main"}


def test_the_command_line_starts_light() -> None:
    """``wordyahtzee check`` must not pay for numpy, Flask or the strategies (its import
    time is measured by scripts/bench_requests.py; this keeps the heavy imports out)."""
    code = ("import sys, wordyahtzee.cli as c; c.build_parser(); "
            "import wordyahtzee.lexicon.registry; "
            "heavy = {'numpy', 'flask', 'wordfreq', 'wordyahtzee.advisor.classic.strategy', "
            "'wordyahtzee.solver'} & set(sys.modules); print(sorted(heavy))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"


def test_prebuilt_tries_are_stamped_with_their_word_list() -> None:
    """``load_lexicon`` trusts a prebuilt folder's stamp (the word list's size and the CRC-32
    and length gzip recorded of its text) instead of hashing the list at every start; each
    shipped folder must carry one, and open whole (a shipped dictionary is opened lazily:
    only a test would see a damaged rest before a player)."""
    for entry in (e for e in registry.list_dictionaries() if e.shipped):
        sha = registry.file_sha256(entry.words_path)
        assert registry._stamped_sha256(entry.name, entry.words_path,
                                        [registry.shipped_tries_dir()]) == sha
        folder = registry.shipped_tries_dir() / registry.compiled_name(entry.name, sha)
        whole = Lexicon.open(folder)
        assert whole.info.word_count == len(whole) and whole.info.name == entry.name


def write_list(path: Path, words: list[str]) -> None:
    path.write_bytes(gzip.compress("".join(f"{w}\n" for w in words).encode(), mtime=0))


def stamped_list(tmp_path: Path) -> tuple[Path, str, Path]:
    """A gzip word list ``t`` with compiled tries' stamp beside it, in
    ``tmp_path / compiled``: the list, its sha256 and the stamp's folder."""
    words = tmp_path / "t.txt.gz"
    write_list(words, ["huis", "kat"])
    sha = registry.file_sha256(words)
    folder = tmp_path / "compiled" / registry.compiled_name("t", sha)
    folder.mkdir(parents=True)
    (folder / registry.STAMP_FILE).write_text(registry._stamp(words, sha))
    return words, sha, folder


def test_a_stamp_is_not_trusted_once_the_word_list_changed(tmp_path: Path) -> None:
    words, sha, folder = stamped_list(tmp_path)
    compiled = [tmp_path / "compiled"]
    stamp = (folder / registry.STAMP_FILE).read_text()
    assert registry._stamped_sha256("t", words, compiled) == sha
    size = words.stat().st_size
    write_list(words, ["huis", "kap"])
    assert words.stat().st_size == size  # same size, other words: the CRC-32 tells
    assert registry._stamped_sha256("t", words, compiled) is None
    write_list(words, ["huis", "kat"])
    assert registry._stamped_sha256("t", words, compiled) == sha
    for line, other in ((f"sha256 {sha}", f"sha256 {'0' * 64}"),  # another folder's list
                        ("format ", "format 1"), ("byteorder ", "byteorder middle")):
        changed = "".join(other + "\n" if row.startswith(line) else row + "\n"
                          for row in stamp.splitlines())
        assert changed != stamp
        (folder / registry.STAMP_FILE).write_text(changed)
        assert registry._stamped_sha256("t", words, compiled) is None, line
    (folder / registry.STAMP_FILE).write_text(stamp)
    words.write_bytes(b"huis\nkat\n")  # not gzip: only its sha256 would tell
    assert registry._stamped_sha256("t", words, compiled) is None


def test_a_server_checks_an_unchanged_word_list_once(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The stamp check is remembered for a list not changed in the last seconds (a game's
    creation loads the lexicon; it used to read the whole list each time)."""
    words, sha, _ = stamped_list(tmp_path)
    reads: list[str | os.PathLike[str]] = []
    trailer = registry._gzip_trailer
    monkeypatch.setattr(registry, "_gzip_trailer",
                        lambda path: reads.append(path) or trailer(path))
    for _ in range(2):  # just written: checked every time
        assert registry._stamped_sha256("t", words, [tmp_path / "compiled"]) == sha
    assert len(reads) == 2
    old = time.time() - 60
    os.utime(words, (old, old))
    for _ in range(3):
        assert registry._stamped_sha256("t", words, [tmp_path / "compiled"]) == sha
    assert len(reads) == 3


def test_a_shipped_list_opens_from_its_prebuilt_tries_only_while_they_match(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A shipped dictionary opens lazily from its prebuilt tries, found by their stamp; a
    list changed since (a checkout's) is compiled into the cache instead."""
    shipped, release = Path(registry.SHIPPED_DIR), tmp_path / "release"
    prebuilt = registry.compiled_name(
        "nl-basis", registry.file_sha256(shipped / "nl-basis.txt.gz"))
    shutil.copytree(shipped / "compiled" / prebuilt, release / "compiled" / prebuilt)
    shutil.copy(shipped / "nl-basis.json", release)
    with gzip.open(shipped / "nl-basis.txt.gz", "rt", encoding="utf-8") as fh:
        write_list(release / "nl-basis.txt.gz", [w for w in fh.read().split() if w != "huis"])
    monkeypatch.setattr(registry, "SHIPPED_DIR", str(release))
    monkeypatch.setenv("WORDYAHTZEE_CACHE_DIR", str(tmp_path / "cache"))
    registry.forget_loaded()
    try:
        changed = registry.load_lexicon("nl-basis")
        assert not changed.is_valid("huis") and changed.is_valid("kat")
        assert len(registry.cached_tries("nl-basis")) == 1
        shutil.copy(shipped / "nl-basis.txt.gz", release)
        same = registry.load_lexicon("nl-basis")
        assert same.is_valid("huis") and sorted(vars(same)) == ["_folder", "_words"]
        assert same._folder == str(release / "compiled" / prebuilt)
    finally:
        registry.forget_loaded()  # nothing of the release stays loaded


def test_every_package_is_in_the_wheel() -> None:
    """Each folder of ``wordyahtzee/`` and of ``web/`` (installed as ``wordyahtzee.web``)
    with an ``__init__.py`` is named in pyproject.toml's package list: a missing one
    installs a server that cannot import it (the CI's wheel check found
    ``wordyahtzee.puzzles`` so)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    present = {".".join(init.parent.relative_to(ROOT).parts)
               for init in (ROOT / "wordyahtzee").rglob("__init__.py")}
    present |= {".".join(("wordyahtzee", *init.parent.relative_to(ROOT).parts))
                for init in (ROOT / "web").rglob("__init__.py")}
    assert "wordyahtzee.web.games" in present
    assert present - listed == set()


def test_the_readme_commands_install_into_a_virtual_environment() -> None:
    """The README's play command makes its virtual environment first (Debian 12 and recent
    Ubuntu refuse pip installs into the system's Python) and uses only that environment's
    pip and command; .ci/run runs that very line in a fresh clone, and the test command
    installs into an active environment or .venv, never the system's Python. The port the
    README names is the one ``serve`` listens on."""
    from wordyahtzee.cli.serve import DEFAULT_PORT

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    play = next(line for line in readme.splitlines() if line.startswith("python3 -m venv"))
    steps = [step.strip() for step in play.split("&&")]
    assert steps[0] == "python3 -m venv .venv"
    assert steps[1:] == [".venv/bin/pip install .", ".venv/bin/wordyahtzee serve"]
    assert f"http://127.0.0.1:{DEFAULT_PORT}" in readme and "127.0.0.1:5000" not in readme
    assert "--host 0.0.0.0" in readme and "--allowed-hosts" in readme
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "grep -m1 '^python3 -m venv \\.venv && ' \"$repo/README.md\"" in ci
    assert "python3 -m pip" not in ci
    test = (ROOT / "scripts" / "test").read_text(encoding="utf-8")
    assert "python3 -m pip" not in test and "py=.venv/bin/python" in test
