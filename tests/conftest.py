"""Test-session isolation: a private data dir (no user dictionaries, no user database) and
a cache shared by the whole session (the shipped dictionary compiles once)."""

from __future__ import annotations

import os
import tempfile

_SESSION = tempfile.mkdtemp(prefix="wordyahtzee-tests-")
os.environ["WORDYAHTZEE_DATA_DIR"] = os.path.join(_SESSION, "data")
os.environ.setdefault("WORDYAHTZEE_CACHE_DIR", os.path.join(_SESSION, "cache"))
