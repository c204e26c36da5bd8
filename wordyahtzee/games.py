"""Games of any mode, made, restored and replayed with what they need loaded.

The mode modules are pure: a game is handed its dictionary, dice set, RNG and clock. This
module is where those are loaded by name (dictionaries cached by the registry, dice sets
from the package) before the mode's constructor is called. The CLI, the table service
and the tests all make games through here.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from .errors import RuleError
from .modes import DEFAULT_MODE, MODES, get_mode
from .modes.contract import Game, Resources

if TYPE_CHECKING:
    from .lexicon.overlay import Overlay
    from .store import Store


def resources(mode: str, data: Mapping[str, Any], rng: random.Random | None = None,
              clock: Callable[[], float] = time.time, overlay: Overlay | None = None,
              stored: bool = False) -> Resources:
    """Load what a game of ``mode`` described by ``data`` (rules, a stored game or a
    record) needs: for Woord Yahtzee the named dictionary and the dice set, and the
    moderators' decisions (``overlay``) its new moves are judged by. ``stored``: ``data``
    is a stored game, which replays without its dictionary; one whose dictionary is gone
    loads all the same, with a stand-in that refuses to judge a new move."""
    wanted = get_mode(mode).needs(data)
    lexicon: Any = None
    dice_set = None
    if wanted is not None:
        from .dice import DiceSet, shipped_dice_sets
        from .errors import DictionaryError, WordyahtzeeError
        from .lexicon import load_lexicon

        try:
            lexicon = load_lexicon(wanted.dictionary)
        except DictionaryError as exc:
            if not stored:
                raise
            lexicon = AbsentLexicon(wanted.dictionary, exc.message)
        dice_set = wanted.dice_set
        if isinstance(dice_set, str):
            dice_set = DiceSet.load(dice_set)
        elif dice_set.name in shipped_dice_sets() and DiceSet.load(dice_set.name) == dice_set:
            dice_set = DiceSet.load(dice_set.name)  # a stored copy of a shipped set
        else:  # an own box: the game plays its own copy; this machine's copy comes from the
            with suppress(WordyahtzeeError):  # store, for the coach's processes, by its id
                DiceSet.load(dice_set.name)
    return Resources(rng or random.SystemRandom(), clock, lexicon, dice_set, overlay)


class AbsentLexicon:
    """The stand-in for a stored game's dictionary that is no longer on this server (a
    player's own, removed): the game replays and shows as it was, since its events hold
    what every move was judged; any new judgment of a word is refused with
    ``dictionary_gone``."""

    def __init__(self, name: str, why: str) -> None:
        self.name = name
        self.digest = ""
        self._why = why

    def __getattr__(self, attribute: str) -> Any:
        raise self._refusal()

    def is_valid(self, word: str, overlay: Any = None) -> bool:
        """Refused: there is no dictionary to judge by."""
        raise self._refusal()

    def _refusal(self) -> RuleError:
        return RuleError(f"the dictionary {self.name!r} of this game is gone ({self._why}): "
                         "the game can be watched, not played on", "dictionary_gone")


def parse_rules(mode: str, data: Any, *, pad: bool = False) -> dict[str, Any]:
    """A table's rules for ``mode``, validated, with the dictionary and dice set they name
    checked to exist (:class:`~wordyahtzee.errors.WordyahtzeeError` otherwise). Rules that
    name no dice set get the dictionary language's; a score pad's (``pad``) the one that
    takes any box's letters (:func:`~wordyahtzee.any_box.pad_dice_set`)."""
    module = get_mode(mode)
    rules = module.parse_rules(data)
    wanted = module.needs({"rules": rules})
    if wanted is not None:
        from .any_box import pad_dice_set
        from .dice import DiceSet, default_dice_set
        from .errors import DiceSetError, RuleError
        from .lexicon import find_dictionary

        entry = find_dictionary(wanted.dictionary)
        if isinstance(data, Mapping) and "dice_set" not in data:  # the dictionary's dice
            rules = module.parse_rules({**data, "dice_set": pad_dice_set(entry.language)
                                        if pad else default_dice_set(entry.language)})
            wanted = module.needs({"rules": rules})
        if wanted is not None and isinstance(wanted.dice_set, str):
            try:
                DiceSet.load(wanted.dice_set)
            except DiceSetError as exc:
                raise RuleError(f"rules: {exc.message}", "bad_rules") from None
    return dict(rules)


def dice_known(mode: str, rules: Mapping[str, Any]) -> bool:
    """Whether the dice these rules name are real dice, whose chances follow from their
    faces; not so for a score pad's referee of any box (:mod:`~wordyahtzee.any_box`),
    whose throws only people make. True for a mode without letter dice."""
    wanted = get_mode(mode).needs({"rules": rules})
    if wanted is None:
        return True
    from .any_box import takes_any_box

    return not takes_any_box(wanted.dice_set)


def new_game(mode: str, players: Sequence[str], rules: Mapping[str, Any], *,
             rng: random.Random | None = None,
             clock: Callable[[], float] = time.time,
             overlay: Overlay | None = None) -> Game:
    """A fresh game of ``mode`` (``rules`` as :func:`parse_rules` returns them); its words
    are judged by the dictionary its rules name and the moderators' ``overlay``."""
    return get_mode(mode).new_game(list(players), rules,
                                   resources(mode, {"rules": rules}, rng, clock, overlay))


def restore(data: Mapping[str, Any], *, rng: random.Random | None = None,
            clock: Callable[[], float] = time.time,
            overlay: Overlay | None = None) -> Game:
    """A stored game (a game's ``to_json``, the setup plus its events) replayed as its
    events record it: no move is judged again (a recomputation that disagrees is in the
    game's ``disputes``). ``overlay`` judges only the moves made after it."""
    mode = data.get("mode", DEFAULT_MODE)
    return get_mode(mode).restore(data, resources(mode, data, rng, clock, overlay,
                                                  stored=True))


def replay_stored(data: Mapping[str, Any], *, rng: random.Random | None = None,
                  clock: Callable[[], float] = time.time,
                  overlay: Overlay | None = None) -> Game:
    """:func:`restore` of a game read from a store, where anything that stops the replay
    (a damaged row, an event an old version wrote wrongly, a bug) is one
    :class:`~wordyahtzee.errors.GameDamaged` naming the reason in a line: the caller puts
    that game aside and goes on with the others."""
    from .errors import GameDamaged

    try:
        return restore(data, rng=rng, clock=clock, overlay=overlay)
    except Exception as exc:  # any failure of this game is this game's alone
        raise GameDamaged(damage_reason(exc)) from exc


def damage_reason(exc: BaseException) -> str:
    """Why a stored game does not replay, in one line of at most 300 characters."""
    from .errors import WordyahtzeeError

    text = exc.message if isinstance(exc, WordyahtzeeError) else f"{type(exc).__name__}: {exc}"
    line = " ".join(text.split())
    return line if len(line) <= 300 else line[:299] + "…"


def replay(record: Mapping[str, Any]) -> dict[str, Any]:
    """Check and score a game record of any mode (``wordyahtzee replay``):
    ``{"players": [...], "winners": [...]}``; :class:`~wordyahtzee.errors.RecordError`
    names the turn and the rule of an illegal one."""
    from .errors import RecordError, WordyahtzeeError

    mode = record.get("mode", DEFAULT_MODE)
    try:
        module = get_mode(mode)
        loaded = resources(mode, record, random.Random(0), lambda: 0.0)
    except RecordError:
        raise
    except WordyahtzeeError as exc:
        raise RecordError(f"record: {exc.message}") from None
    return module.replay_record(record, loaded)


def from_record(record: Mapping[str, Any]) -> Game:
    """A game record (docs/records.md) of a mode that can replay one into a game
    (classic, Woord Yahtzee) replayed; :class:`~wordyahtzee.errors.RecordError` names the
    turn and the rule of an illegal one."""
    from .errors import RecordError, WordyahtzeeError

    mode = record.get("mode", DEFAULT_MODE)
    try:
        module = get_mode(mode)
        loaded = resources(mode, record, random.Random(0), lambda: 0.0)
    except WordyahtzeeError as exc:
        raise RecordError(f"record: {exc.message}") from None
    return module.game_from_record(record, loaded)


def describe_modes() -> dict[str, dict[str, Any]]:
    """Every mode's start-screen facts (``describe()``), with the letter values and faces of
    its default dice set for a mode that plays letter dice."""
    from .advisor.coach import coach
    from .modes import MODES

    out: dict[str, dict[str, Any]] = {}
    for name in MODES:
        module = get_mode(name)
        info = dict(module.describe())
        helper = coach(name)
        info["computer_levels"] = list(helper.levels) if helper else []
        wanted = module.needs({"rules": info["rules_defaults"]})
        if wanted is not None:
            from .dice import DiceSet

            dice = (wanted.dice_set if isinstance(wanted.dice_set, DiceSet)
                    else DiceSet.load(wanted.dice_set))
            info["dice"] = {
                "name": dice.name,
                "values": sorted((k, v) for k, v in dice.values.items() if k != "?"),
                "faces": [[f.letter for f in die] for die in dice.dice]}
        out[name] = info
    return out


def high_score_list(mode: str, rules: Mapping[str, Any], dictionary: str | None
                    ) -> tuple[str, dict[str, Any]]:
    """The dictionary and canonical rules of the high-score list a game with these
    options goes to (a classic match's games count in the single game's list)."""
    from .errors import BadRequest, WordyahtzeeError

    module = get_mode(mode)
    if dictionary is not None and module.needs({"rules": {}}) is not None:
        rules = {**rules, "dictionary": dictionary}
    try:
        canonical = dict(module.parse_rules(rules))
    except WordyahtzeeError as exc:
        raise BadRequest(exc.message, "bad_rules") from None
    canonical.pop("match", None)
    return str(canonical.get("dictionary", "")), canonical


def high_score_lists(store: Store, *, mode: str | None = None, dictionary: str | None = None,
                     rules: Mapping[str, Any] | None = None, kind: str | None = "solo",
                     aided: bool | None = False) -> list[dict[str, Any]]:
    """The high-score lists, each ranked as its mode ranks (by score, or by wins first):
    the one list a game of ``mode`` with ``rules`` and ``dictionary`` goes to when either
    is given, else every list of ``mode`` (default: of every mode). ``kind`` None: games of
    every kind. ``aided`` False (the default): a list leaves out the games in which the
    player used a Tip (a wins list: their wins do not count); None: lists them too,
    marked."""
    from .store import rules_key

    one_list = rules is not None or dictionary is not None
    modes = [mode or MODES[0]] if mode is not None or one_list else list(MODES)
    if one_list:
        name, canonical = high_score_list(modes[0], rules or {}, dictionary)
        wanted = [(modes[0], name, rules_key(canonical))]
    else:
        wanted = [(item["mode"], item["dictionary"], item["rules"])
                  for each in modes for item in store.high_score_lists(each)]
    lists = []
    for each, name, key in wanted:
        # the key leaves the defaults out; the list's rules spell them out for its heading
        shown = {k: v for k, v in get_mode(each).describe()["rules_defaults"].items()
                 if k not in ("dictionary", "match")}
        head = {"mode": each, "dictionary": name, "rules": {**shown, **json.loads(key)},
                "rules_key": key}
        if get_mode(each).describe().get("high_scores") == "wins":
            won = store.wins(each, 10, kind, aided)
            lists.append({**head, "ranking": "wins", "players": won["players"],
                          "entries": won["best"]})
        else:
            entries = store.high_scores(each, name, key, 10, kind, aided)
            lists.append({**head, "ranking": "score",
                          "entries": [e.to_json() for e in entries]})
    return lists
