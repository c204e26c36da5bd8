"""Lazy re-exports: a package names what it offers, and each name is imported on first use
(so ``wordyahtzee check`` never pays for numpy, Flask or the strategies).

A package's ``__getattr__`` imports this module only when a name is first asked for, and
:func:`lazy_export` uses ``__import__`` rather than ``importlib``: ``check`` loads neither
(each module loaded costs its start-up a percent)."""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing stays unimported on the ``check`` path
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any


def lazy_export(package: str, exports: Mapping[str, str], namespace: dict[str, Any],
                name: str) -> Any:
    """What a package's ``__getattr__`` answers for ``name``: ``exports`` maps a name to
    the submodule (relative, without the dot) that defines it; a name found is kept in
    ``namespace`` (the package's globals), so that it is looked up once."""
    module = exports.get(name)
    if module is None:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    qualified = f"{package}.{module}"
    __import__(qualified)
    value = getattr(sys.modules[qualified], name)
    namespace[name] = value
    return value
