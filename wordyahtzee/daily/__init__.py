"""The daily game: one game a day per mode, the same dice for everyone, and a par
(docs/daily.md).

- :mod:`.rules`: its rules (days in Europe/Amsterdam, the seed of a day, the par, the
  round symbols and the share text), named here: ``daily.day_of``;
- :mod:`.service`: its service over the store and the live tables (``service.daily``);
- :mod:`.cli`: the ``wordyahtzee daily`` commands.

The rules' names are imported on first use, so that the command line's parser
(``wordyahtzee --help``) loads no mode (tests/test_cli_imports.py)."""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: the command line's parser imports this package
if TYPE_CHECKING:  # the names as the type checker sees them; imported lazily at run time
    from typing import Any

    from .rules import (
        DAILY_MODES,
        DAY_ZONE,
        GRACE_SECONDS,
        PAR_PLAYER,
        check_mode,
        closes_at,
        daily_rules,
        day_of,
        day_seed,
        day_start,
        load_strategy,
        parse_day,
        play_par,
        published,
        round_symbols,
        share_text,
        streak,
    )

__all__ = [  # the names of the rules, each imported on first use
    "DAILY_MODES", "DAY_ZONE", "GRACE_SECONDS", "PAR_PLAYER", "check_mode", "closes_at",
    "daily_rules", "day_of", "day_seed", "day_start", "load_strategy", "parse_day", "play_par",
    "published", "round_symbols", "share_text", "streak",
]

_EXPORTS = dict.fromkeys(__all__, "rules")


def __getattr__(name: str) -> Any:
    """A name of the rules (:mod:`.rules`), imported on first use (:mod:`..runtime.lazy`,
    itself imported only then)."""
    from ..runtime.lazy import lazy_export

    return lazy_export(__name__, _EXPORTS, globals(), name)
