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
