"""The daily game: one game a day per mode, the same dice for everyone, and a par.

A day runs from 00:00 to 24:00 in Europe/Amsterdam. Its *seed* is HMAC-SHA256 of the date
under the server's secret (kept in the store, never served), so nobody can know a day's
dice before it. Every die's face then follows from the seed, the turn, the throw and the
die's position (:class:`~wordyahtzee.dice.FairDice`): two players who keep the same dice
see the same faces. The *par* is what the optimal strategy scores on those dice, played
through the engine like any game (:func:`play_par`). A day's game may be played until
:data:`GRACE_SECONDS` after the day; then its seed is published (:func:`published`) and
anyone can check every throw (``wordyahtzee daily show``, ``daily replay``).

This module holds the daily game's rules (the package names them: ``daily.day_of``);
:mod:`.service` its service over the store and the live tables (``TableService.daily``).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import RuleError
from ..modes import DAILY_MODES as DAILY_MODES  # declared with the modes

DAY_ZONE = "Europe/Amsterdam"
"""Days begin at midnight here."""
GRACE_SECONDS = 3600.0
"""A game started before midnight may be played this long after it; then the day is over:
its games take no more moves and its seed is published."""
PAR_PLAYER = "par"
"""The name the optimal player plays under."""


def _zone() -> dt.tzinfo:
    from zoneinfo import ZoneInfo

    return ZoneInfo(DAY_ZONE)


def day_of(moment: float) -> dt.date:
    """The daily game's day at the Unix time ``moment``."""
    return dt.datetime.fromtimestamp(moment, _zone()).date()


def day_start(day: dt.date) -> float:
    """The Unix time at which ``day`` begins (midnight in Amsterdam)."""
    return dt.datetime.combine(day, dt.time(), _zone()).timestamp()


def closes_at(day: dt.date) -> float:
    """When ``day``'s games take no more moves and its seed is published."""
    return day_start(day + dt.timedelta(days=1)) + GRACE_SECONDS


def published(day: dt.date, now: float) -> bool:
    """Whether ``day`` is over, so that its seed may be shown."""
    return now >= closes_at(day)


def parse_day(text: Any) -> dt.date:
    """A date written ``YYYY-MM-DD``; :class:`RuleError` ``bad_date`` otherwise."""
    if isinstance(text, str) and len(text) == 10:
        try:
            return dt.date.fromisoformat(text)
        except ValueError:
            pass
    raise RuleError("a date is written YYYY-MM-DD, such as 2026-11-28", "bad_date")


def check_mode(mode: Any) -> str:
    """``mode`` if it has a daily game; :class:`RuleError` ``bad_mode`` otherwise."""
    if mode not in DAILY_MODES:
        raise RuleError("the daily game is played in: " + ", ".join(DAILY_MODES), "bad_mode")
    return str(mode)


def day_seed(secret: bytes, day: dt.date) -> bytes:
    """The seed of ``day``: HMAC-SHA256 of ``daily/YYYY-MM-DD`` under the server secret."""
    return hmac.new(secret, f"daily/{day.isoformat()}".encode(), hashlib.sha256).digest()


def daily_rules(mode: str) -> dict[str, Any]:
    """The rules of the daily game: the mode's defaults (the default dictionary, dice set
    and keep rule; Woord Yahtzee's hourglass)."""
    from .. import games

    return games.parse_rules(check_mode(mode), {})


def play_par(mode: str, seed: bytes, rules: Mapping[str, Any], strategy: Any) -> Any:
    """The optimal player's game on the day's dice: a finished game of ``mode`` (the
    player :data:`PAR_PLAYER`), played through the engine without a clock. ``strategy``
    is the coach's table for these rules (:meth:`Coach.load_table`)."""
    from .. import games
    from ..advisor.coach import coach
    from ..dice import FairDice

    helper = coach(mode)
    if helper is None:  # pragma: no cover - every daily mode has a coach
        raise RuleError(f"{mode} has no optimal player", "bad_mode")
    game = games.new_game(mode, [PAR_PLAYER], rules, rng=FairDice(seed), clock=lambda: 0.0)
    while not game.finished:
        game.act(helper.decide(game, "optimal", strategy))
    return game


def load_strategy(mode: str, rules: Mapping[str, Any]) -> Any:
    """The optimal strategy for ``rules`` (loads, or the first time ever computes, it)."""
    from ..advisor.coach import coach

    helper = coach(mode)
    assert helper is not None
    key = helper.table_key(rules)
    return None if key is None else helper.load_table(key)


def round_symbols(turns: Sequence[Mapping[str, Any]]) -> str:
    """One symbol per round from a review's turns (:meth:`Coaching.review`), by how close
    the round came to the judge's choices (:func:`~wordyahtzee.advisor.skill.turn_symbol`:
    🟩 the judge's, 🟨 and 🟧 nearer them than random answers, 🟥 nearer random answers, ⬛
    a round the hourglass ended); never a letter or a pip of the dice."""
    from ..advisor.skill import turn_symbol

    return "".join(turn_symbol(turn) for turn in turns)


def share_text(title: str, day: dt.date, symbols: str, score: int, par: int | None,
               url: str, skill: str | None = None) -> str:
    """The result to paste into a chat: the game and the day, a symbol per round, the
    score, the skill figure (``skill``, as the page's language writes it) and the score
    against par (None: left out), and the link. It tells nothing of the dice."""
    figure = "" if skill is None else f" · {skill}"
    against = "" if par is None else f" · par {par} ({score - par:+d})"
    return f"{title} {day.isoformat()}\n{symbols}\n{score}{figure}{against}\n{url}"


def streak(days: Sequence[dt.date], today: dt.date) -> int:
    """Days in a row with a game, ending today or yesterday (today may be still to come)."""
    played = set(days)
    current = today if today in played else today - dt.timedelta(days=1)
    count = 0
    while current in played:
        count += 1
        current -= dt.timedelta(days=1)
    return count
