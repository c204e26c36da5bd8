"""The table service: live games in memory, their seats, locks, deadlines, computer seats
and the browsers waiting for news. No web framework here: the web, the CLI and the tests
drive it.

One class per job, joined here:

- :class:`~.playing.Playing`: creating and loading tables, acting, writing to the store;
- :class:`~.computers.ComputerSeats`: the computer players' moves;
- :class:`~.hosting.Hosting`: the host's controls, invites, presence, rematches;
- :class:`~.coaching.Coaching`: hints, reviews, final scores against optimal play;
- :class:`~.lifecycle.Lifecycle`: resuming, waiting, ticking and sweeping;
- :class:`~.profiles.Profiles`: players' profiles (a name and a secret);
- :class:`~.lobby.Lobby`: the seats profiles hold, the lobby, quick matches, ratings;
- :class:`~.reacting.Reacting`: quick reactions at online tables;
- :class:`~.daily.Daily`: the daily game, its par and its board, and a profile's page;
- :class:`~.fairplay.FairPlay`: the fair-play check of every finished daily game, and the
  moderators' decisions;
- :class:`~.skill.DailySkill`: the skill figure of every finished daily game;
- :class:`~.puzzling.Puzzling`: puzzles mined from finished games, answered and rated;
- :class:`~.owned.Owned`: what players make and own (their dice sets, the dictionaries they
  upload), who sees it listed.
"""

from __future__ import annotations

from typing import Any

from .computers import ComputerSeats
from .fairplay import FairPlay
from .hosting import Hosting
from .lifecycle import Lifecycle
from .owned import Owned
from .puzzling import Puzzling
from .reacting import Reacting
from .skill import DailySkill


class TableService(ComputerSeats, Hosting, FairPlay, DailySkill, Puzzling, Reacting, Owned,
                   Lifecycle):
    """Creates, loads, plays and watches tables. One per server process; thread-safe."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        wire(self)


def wire(service: TableService) -> None:
    """Who hears what the tables announce (:mod:`.announcements`), in this order: a game
    that ends is rated, checked for fair play, given its daily skill figure and mined for
    puzzles; a sweep finds the games a stopped process left unchecked, unfigured or
    unmined."""
    announce = service.announce
    announce.on_finished(service.rate_finished)
    announce.on_finished(service.check_finished)
    announce.on_finished(service.figure_finished)
    announce.on_finished(service.mine_finished)
    announce.on_sweep(service.check_unchecked)
    announce.on_sweep(service.figure_unfigured)
    announce.on_sweep(service.mine_later)
