"""Moderators and fair play (docs/operations.md, "Moderators"; docs/daily.md, "Fair play").

- :mod:`.moderators`: moderators who log in, their sessions and their decisions on words,
  dictionaries and names (:class:`~.moderators.Moderation`), named here;
- :mod:`.fairplay` and :mod:`.engineplay`: the fair-play service (``service.fairplay``);
- :mod:`.cli`: the ``wordyahtzee moderator`` commands.

The names of :mod:`.moderators` are imported on first use, so that the command line's
parser (``wordyahtzee --help``) loads neither Argon2 nor the store
(tests/test_cli_imports.py)."""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: the command line's parser imports this package
if TYPE_CHECKING:  # the names as the type checker sees them; imported lazily at run time
    from typing import Any

    from .moderators import (
        ABSOLUTE_SECONDS,
        ADDRESS_FAILURES,
        BUDGET,
        FAILURE_WINDOW,
        IDLE_SECONDS,
        MAX_REASON,
        MIN_PASSWORD,
        NAME,
        NAME_FAILURES,
        PAIR_FAILURES,
        VERDICTS,
        Moderation,
        check_name,
        check_password,
        hidden_name,
        token_hash,
    )

__all__ = [  # the names of .moderators, each imported on first use
    "ABSOLUTE_SECONDS", "ADDRESS_FAILURES", "BUDGET", "FAILURE_WINDOW", "IDLE_SECONDS",
    "MAX_REASON", "MIN_PASSWORD", "NAME", "NAME_FAILURES", "PAIR_FAILURES", "VERDICTS",
    "Moderation", "check_name", "check_password", "hidden_name", "token_hash",
]

_EXPORTS = dict.fromkeys(__all__, "moderators")


def __getattr__(name: str) -> Any:
    """A name of :mod:`.moderators`, imported on first use (:mod:`..runtime.lazy`, itself
    imported only then)."""
    from ..runtime.lazy import lazy_export

    return lazy_export(__name__, _EXPORTS, globals(), name)
