"""The table service: live games in memory, their seats, locks, deadlines, computer seats
and the browsers waiting for news. No web framework here: the web, the CLI and the tests
drive it.

One class per job, joined here:

- :class:`~.playing.Playing`: creating and loading tables, acting, writing to the store;
- :class:`~.computers.ComputerSeats`: the computer players' moves;
- :class:`~.hosting.Hosting`: the host's controls, invites, presence, rematches;
- :class:`~.lifecycle.Lifecycle`: resuming, waiting, ticking and sweeping;
- :class:`~.reacting.Reacting`: quick reactions at online tables.

Composed over them (:func:`compose`), as ``service.coaching``, a
:class:`~.coaching.Coaching`: hints for the seat to move, reviews, final scores against
optimal play, and the strategy tables start-up prepares.

The features that follow the tables are services of their own, composed over the store,
the clock and what else each uses (:func:`compose`): never a class of this one, nor a
method of this one that passes a call on. Each hears what the tables announce
(:func:`wire`):

- ``service.profiles``, a :class:`~wordyahtzee.lobby.profiles.Profiles`: players'
  profiles (a name and a secret);
- ``service.owned``, an :class:`~wordyahtzee.owned.service.Owned`: what players make and
  own (their dice sets, the dictionaries they upload), who sees it listed;
- ``service.lobby``, a :class:`~wordyahtzee.lobby.service.Lobby`: the seats profiles take,
  the lobby, quick matches, ratings, the tables where it is a profile's turn;
- ``service.puzzles``, a :class:`~wordyahtzee.puzzles.service.Puzzles`: puzzles mined from
  finished games, answered and rated;
- ``service.daily``, a :class:`~wordyahtzee.daily.service.DailyService`: the daily game,
  its par and its board, each finished daily game's skill figure, and a profile's page;
- ``service.fairplay``, a :class:`~wordyahtzee.moderation.fairplay.FairPlayService`: the
  fair-play check of every finished daily game, and the moderators' decisions on it; its
  ``engine``, finished rated and daily games judged for engine play, and the profiles held.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .computers import ComputerSeats
from .hosting import Hosting
from .lifecycle import Lifecycle
from .reacting import Reacting

if TYPE_CHECKING:
    from ..daily.service import DailyService
    from ..lobby.service import Lobby
    from ..moderation.fairplay import FairPlayService
    from ..puzzles.service import Puzzles
    from .coaching import Coaching


class TableService(ComputerSeats, Hosting, Reacting, Lifecycle):
    """Creates, loads, plays and watches tables. One per server process; thread-safe."""

    # the features :func:`compose` builds (``profiles`` and ``owned`` are declared on
    # :class:`~.playing.Playing`, which asks them who holds a seat and which boxes exist)

    coaching: Coaching
    """Hints, reviews and the strategy tables' preparation (:func:`compose`)."""
    daily: DailyService
    """The daily game (:func:`compose`)."""
    fairplay: FairPlayService
    """The fair-play check and the moderators' decisions on it (:func:`compose`)."""
    lobby: Lobby
    """The lobby, its quick matches and ratings (:func:`compose`)."""
    puzzles: Puzzles
    """The puzzles (:func:`compose`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        compose(self)
        wire(self)


def compose(service: TableService) -> None:
    """The feature services of ``service``, each over its store, clock and what else it
    uses (the tables, the profiles), given its attribute of ``service``."""
    # imported here: each feature imports modules of this package, whose __init__ imports
    # this module
    from ..daily.service import DailyService
    from ..lobby.profiles import Profiles
    from ..lobby.service import Lobby
    from ..moderation.fairplay import FairPlayService
    from ..owned.service import Owned
    from ..puzzles.service import Puzzles
    from .coaching import Coaching

    service.coaching = Coaching(service)
    service.profiles = Profiles(service.store, service.clock, service)
    service.owned = Owned(service.store, service.clock, service.profiles)
    service.lobby = Lobby(service.store, service.clock, service, service.profiles)
    service.daily = DailyService(service.store, service.clock, service)
    service.fairplay = FairPlayService(service.store, service.clock, service)
    service.puzzles = Puzzles(service.store, service.clock, service.profiles)


def wire(service: TableService) -> None:
    """Who hears what the tables announce (:mod:`.announcements`), in this order: a game
    that ends is rated, checked for fair play, given its daily skill figure and mined for
    puzzles; a sweep finds the games a stopped process left unchecked, unfigured or
    unmined; a daily game's review gets its worth in hindsight."""
    announce = service.announce
    announce.on_finished(service.lobby.rate_finished)
    announce.on_finished(service.fairplay.check_finished)
    announce.on_finished(service.daily.figure_finished)
    announce.on_finished(service.puzzles.mine_finished)
    announce.on_sweep(service.fairplay.check_unchecked)
    announce.on_sweep(service.daily.figure_unfigured)
    announce.on_sweep(service.puzzles.mine_later)
    announce.on_review(service.fairplay.hindsight)
