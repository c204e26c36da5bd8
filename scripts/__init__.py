"""The project's tools: the dictionary pipeline, the table builds, the benchmarks, the
simulations and reports, and the catalogues' command (none of them is shipped).

Each is a module, run from the repository's root with ``python -m scripts.NAME`` (the
root is then on the import path, so ``wordyahtzee``, ``web``, ``tests.support`` and the
other tools import as ordinary packages, with no path set by hand); tests import them the
same way (``from scripts import build_nl_dictionary``). The shell scripts beside them
(``scripts/test``, ``scripts/lock``, ``scripts/build_nl_basis.sh``) run from anywhere.
"""
