"""Lazy re-exports: a package names what it offers, and each name is imported on first use
(so ``wordyahtzee check`` never pays for numpy, Flask or the strategies, nor for
``importlib``: ``__import__`` does what ``import_module`` would)."""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing stays unimported on the ``check`` path
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any


def lazy_exports(package: str, exports: Mapping[str, str],
                 namespace: dict[str, Any]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``exports`` maps a name to the submodule
    (relative, without the dot) that defines it; a name found is kept in ``namespace``."""

    def getattr_(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        qualified = f"{package}.{module}"
        __import__(qualified)
        value = getattr(sys.modules[qualified], name)
        namespace[name] = value
        return value

    return getattr_
