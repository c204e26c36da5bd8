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
- :class:`~.puzzling.Puzzling`: puzzles mined from finished games, answered and rated;
- :class:`~.owned.Owned`: what players make and own (their dice sets, the dictionaries they
  upload), who sees it listed.

The features that follow the tables are services of their own, composed over the store,
the clock and the tables (:func:`compose`), never a class of this one; each hears what the
tables announce (:func:`wire`):

- ``service.daily``, a :class:`~wordyahtzee.daily.service.DailyService`: the daily game,
  its par and its board, each finished daily game's skill figure, and a profile's page;
- ``service.fairplay``, a :class:`~wordyahtzee.moderation.fairplay.FairPlayService`: the
  fair-play check of every finished daily game, and the moderators' decisions on it; its
  ``engine``, finished rated and daily games judged for engine play, and the profiles held.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .coaching import Coaching
from .computers import ComputerSeats
from .hosting import Hosting
from .lifecycle import Lifecycle
from .owned import Owned
from .puzzling import Puzzling
from .reacting import Reacting

if TYPE_CHECKING:
    from ..daily.service import DailyService
    from ..moderation.fairplay import FairPlayService


class TableService(ComputerSeats, Hosting, Coaching, Puzzling, Reacting, Owned, Lifecycle):
    """Creates, loads, plays and watches tables. One per server process; thread-safe."""

    daily: DailyService
    """The daily game (:func:`compose`)."""
    fairplay: FairPlayService
    """The fair-play check and the moderators' decisions on it (:func:`compose`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        compose(self)
        wire(self)


def compose(service: TableService) -> None:
    """The feature services of ``service``, each over its store, clock and tables."""
    # imported here: each feature imports modules of this package, whose __init__ imports
    # this module
    from ..daily.service import DailyService
    from ..moderation.fairplay import FairPlayService

    service.daily = DailyService(service.store, service.clock, service)
    service.fairplay = FairPlayService(service.store, service.clock, service)


def wire(service: TableService) -> None:
    """Who hears what the tables announce (:mod:`.announcements`), in this order: a game
    that ends is rated, checked for fair play, given its daily skill figure and mined for
    puzzles; a sweep finds the games a stopped process left unchecked, unfigured or
    unmined; a daily game's review gets its worth in hindsight."""
    announce = service.announce
    announce.on_finished(service.rate_finished)
    announce.on_finished(service.fairplay.check_finished)
    announce.on_finished(service.daily.figure_finished)
    announce.on_finished(service.mine_finished)
    announce.on_sweep(service.fairplay.check_unchecked)
    announce.on_sweep(service.daily.figure_unfigured)
    announce.on_sweep(service.mine_later)
    announce.on_review(service.fairplay.hindsight)
