"""Glicko-2 ratings per mode, from rated online games between profiles (the ``glicko2``
package's implementation of Glickman's system).

A finished game is one rating period for each of its players: against every other player
a win (a higher total), a draw (the same total) or a loss. A new player starts at 1500 with
a deviation of 350 and a volatility of 0.06, the system's defaults.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

START = (1500.0, 350.0, 0.06)
"""A new player's rating, rating deviation and volatility."""


def rate(totals: Sequence[tuple[str, int]],
         current: Mapping[str, tuple[float, float, float]]
         ) -> dict[str, tuple[float, float, float]]:
    """The new (rating, deviation, volatility) of each player of a finished game, from
    ``totals`` (profile, final total) and their ratings before it (``current``; a profile
    without one starts at :data:`START`)."""
    import glicko2

    before = {profile: current.get(profile, START) for profile, _ in totals}
    out: dict[str, tuple[float, float, float]] = {}
    for profile, total in totals:
        player = glicko2.Player(*before[profile])
        others = [(p, t) for p, t in totals if p != profile]
        if not others:
            continue
        player.update_player([before[p][0] for p, _ in others],
                             [before[p][1] for p, _ in others],
                             [1.0 if total > t else 0.5 if total == t else 0.0
                              for _, t in others])
        out[profile] = (float(player.rating), float(player.rd), float(player.vol))
    return out
