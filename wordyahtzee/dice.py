"""Dice as data, and the cup that throws them.

A :class:`DiceSet` is a list of dice, each die a list of :class:`Face` (a letter and its
point value); the blank face is ``"?"`` worth 0. Sets ship as JSON in
``wordyahtzee/data/dice/``, come inline in a game record, or are a player's own box (kept
in the store; :func:`check_own_box`, :func:`keep_box_copy`).

The :class:`Cup` is the throw-up-to-three-times-and-keep mechanism shared by every mode:
it knows nothing of letters or pips, only of dice (sequences of faces) and an injected RNG.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Generic, TypeVar

from .errors import DiceSetError, RuleError, WordyahtzeeError
from .letters import ALPHABET, BLANK

T = TypeVar("T")


@dataclass(frozen=True)
class Face:
    """One face of a letter die: a letter (or the blank ``"?"``) and its point value."""

    letter: str
    value: int


@dataclass(frozen=True)
class DiceSet:
    """A named set of letter dice. Every letter has one value across the whole set."""

    name: str
    dice: tuple[tuple[Face, ...], ...]
    language: str = ""
    values: Mapping[str, int] = field(default_factory=dict, compare=False)
    shipped: bool = field(default=False, compare=False)
    """True for a set loaded by name from the shipped files (records then name it)."""

    def __post_init__(self) -> None:
        if not self.dice:
            raise DiceSetError(f"dice set {self.name!r} has no dice")
        values: dict[str, int] = {}
        for i, die in enumerate(self.dice, 1):
            if not die:
                raise DiceSetError(f"dice set {self.name!r}: die {i} has no faces")
            for face in die:
                if face.letter != BLANK and face.letter not in ALPHABET:
                    raise DiceSetError(
                        f"dice set {self.name!r}: die {i} has face {face.letter!r}; "
                        "faces are a single letter a-z or '?'")
                if face.letter == BLANK and face.value != 0:
                    raise DiceSetError(f"dice set {self.name!r}: the blank must be worth 0")
                if values.setdefault(face.letter, face.value) != face.value:
                    raise DiceSetError(
                        f"dice set {self.name!r}: letter {face.letter!r} has two values")
        object.__setattr__(self, "values", values)

    @property
    def size(self) -> int:
        """How many dice the set has (7 for Woord Yahtzee)."""
        return len(self.dice)

    def value(self, letter: str) -> int:
        """The point value of ``letter`` in this set (0 for the blank or a letter it lacks)."""
        return self.values.get(letter, 0)

    def letters(self, die: int) -> tuple[str, ...]:
        """The letters on die number ``die`` (0-based)."""
        return tuple(face.letter for face in self.dice[die])

    def assign(self, shown: str) -> tuple[int, ...] | None:
        """Match shown faces to distinct dice: ``result[i]`` is the die showing ``shown[i]``.

        Returns ``None`` when the dice cannot show those faces all at once (wrong count, or
        a letter no free die carries).
        """
        if len(shown) != self.size:
            return None
        return self._match(shown)

    def _match(self, letters: str) -> tuple[int, ...] | None:
        """Distinct dice for ``letters`` (at most one letter per die): ``result[i]`` is the
        die of ``letters[i]``, or None. A bipartite matching (Kuhn's augmenting paths)."""
        carriers = [[d for d in range(self.size) if ch in self.letters(d)] for ch in letters]
        owner: list[int | None] = [None] * self.size  # die -> index into letters

        def augment(i: int, seen: set[int]) -> bool:
            for d in carriers[i]:
                if d in seen:
                    continue
                seen.add(d)
                j = owner[d]
                if j is None or augment(j, seen):
                    owner[d] = i
                    return True
            return False

        if len(letters) > self.size or not all(augment(i, set()) for i in range(len(letters))):
            return None
        result = [0] * len(letters)
        for d, index in enumerate(owner):
            if index is not None:
                result[index] = d
        return tuple(result)

    def complete(self, letters: str) -> str | None:
        """A throw (a face per die, in die order) that shows ``letters``, each on a different
        die, the other dice showing their first letter; None when no throw can."""
        match = self._match(letters)
        if match is None:
            return None
        faces = [next((f for f in self.letters(d) if f != BLANK), BLANK)
                 for d in range(self.size)]
        for i, d in enumerate(match):
            faces[d] = letters[i]
        return "".join(faces)

    def arrange(self, shown: str) -> str:
        """Reorder shown faces so position ``d`` is what die ``d`` shows.

        Raises :class:`RuleError` when the dice cannot show these faces.
        """
        match = self.assign(shown)
        if match is None:
            raise RuleError(f"the dice of set {self.name!r} cannot show {shown!r}",
                            "impossible_throw")
        out = [""] * self.size
        for i, d in enumerate(match):
            out[d] = shown[i]
        return "".join(out)

    def to_json(self) -> dict[str, Any]:
        """The inline JSON form used in game records."""
        return {"name": self.name, "language": self.language,
                "dice": [[[f.letter, f.value] for f in die] for die in self.dice]}

    @classmethod
    def from_json(cls, data: Any) -> DiceSet:
        """Read the JSON form (shipped file or inline record object); clear errors."""
        if not isinstance(data, Mapping) or not isinstance(data.get("dice"), list):
            raise DiceSetError("a dice set is an object with a list 'dice'")
        name = data.get("name", "inline")
        if not isinstance(name, str):
            raise DiceSetError("a dice set's 'name' must be a string")
        dice = []
        for i, die in enumerate(data["dice"], 1):
            if not isinstance(die, list):
                raise DiceSetError(f"die {i} must be a list of [letter, value] faces")
            faces = []
            for face in die:
                if (not isinstance(face, list) or len(face) != 2
                        or not isinstance(face[0], str) or type(face[1]) is not int):
                    raise DiceSetError(f"die {i}: each face is [letter, value], got {face!r}")
                faces.append(Face(face[0].lower(), face[1]))
            dice.append(tuple(faces))
        language = data.get("language", "")
        return cls(name, tuple(dice), language if isinstance(language, str) else "")

    @classmethod
    def load(cls, name: str) -> DiceSet:
        """Load a dice set by name: a shipped one (``"nl"``, ...) or a player's own box, by
        its id: this machine's copy (:func:`keep_box_copy`), else the store's through the
        source the table service installs (:func:`use_box_source`)."""
        if name in shipped_dice_sets():
            cached = _loaded.get(name)
            if cached is None:
                text = resources.files("wordyahtzee.data.dice").joinpath(
                    f"{name}.json").read_text(encoding="utf-8")
                cached = _loaded[name] = replace(cls.from_json(json.loads(text)), shipped=True)
            return cached
        if isinstance(name, str) and OWN_NAME.fullmatch(name):
            found = _box_copy(name)
            source = _box_source() if found is None else None
            if source is not None:
                found = source(name)
                if found is not None:
                    keep_box_copy(found)
            if found is not None:
                return found
        raise DiceSetError(f"unknown dice set {name!r}; shipped: "
                           + ", ".join(shipped_dice_sets()), "unknown_dice_set")


_loaded: dict[str, DiceSet] = {}


@lru_cache(maxsize=1)
def shipped_dice_sets() -> list[str]:
    """Names of the dice sets shipped in ``wordyahtzee/data/dice``."""
    folder = resources.files("wordyahtzee.data.dice")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


OWN_NAME = re.compile(r"[a-z0-9][a-z0-9-]{2,31}")
"""The id of a player's own box: 3-32 lower-case letters, digits and hyphens (a new box's
is :data:`BOX_PREFIX` and 26 random letters and digits; a box kept before owners existed
has the name its maker chose)."""
BOX_PREFIX = "box-"
OWN_DICE, OWN_FACES = 7, 6
"""A Woord Yahtzee box: seven dice of six faces."""
MAX_TITLE = 60
"""The longest title of an own box."""


def new_box_id() -> str:
    """A new box's id, which is also its link: 128 random bits, so nobody finds a box
    without being given it."""
    import base64
    import secrets

    return BOX_PREFIX + base64.b32encode(secrets.token_bytes(16)).decode("ascii").rstrip(
        "=").lower()


def box_copies_dir() -> Path:
    """Where this machine keeps copies of the own boxes its games use (in the cache
    directory: the store holds every box; the copy lets the strategy and solver processes,
    and the command line, load a box by its id)."""
    from .lexicon.registry import cache_dir

    return cache_dir() / "dice"


def keep_box_copy(dice_set: DiceSet) -> None:
    """Keep this machine's copy of an own box (once; a box never changes)."""
    if dice_set.shipped or not OWN_NAME.fullmatch(dice_set.name):
        return
    if _box_copy(dice_set.name) is not None:
        return
    folder = box_copies_dir()
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / f".{dice_set.name}.{os.getpid()}.tmp"
    tmp.write_text(json.dumps(dice_set.to_json(), ensure_ascii=False), encoding="utf-8")
    tmp.replace(folder / f"{dice_set.name}.json")


def forget_box_copy(name: str) -> None:
    """Remove this machine's copy of an own box (deleted by its owner)."""
    if OWN_NAME.fullmatch(name):
        (box_copies_dir() / f"{name}.json").unlink(missing_ok=True)


def _box_copy(name: str) -> DiceSet | None:
    """This machine's copy of the own box ``name``, if it has one that reads."""
    try:
        found = DiceSet.from_json(json.loads(
            (box_copies_dir() / f"{name}.json").read_text(encoding="utf-8")))
    except (OSError, ValueError, WordyahtzeeError):
        return None
    return found if found.name == name else None


_source: list[Callable[[], Callable[[str], DiceSet | None] | None]] = []


def use_box_source(source: Callable[[], Callable[[str], DiceSet | None] | None]) -> None:
    """Where :meth:`DiceSet.load` finds an own box this machine has no copy of: ``source()``
    gives a function of a box's id (the table service's, reading the store), or None once
    that service is gone."""
    _source[:] = [source]


def _box_source() -> Callable[[str], DiceSet | None] | None:
    return _source[0]() if _source else None


def describe_dice_set(name: str) -> dict[str, Any]:
    """A shipped dice set for a screen: ``{"name", "title", "language", "own", "dice":
    [[[letter, points] × faces] × dice]}`` (an own box is described by the table service,
    from the store)."""
    if name not in shipped_dice_sets():
        raise DiceSetError(f"unknown dice set {name!r}", "unknown_dice_set")
    return {**DiceSet.load(name).to_json(), "name": name, "title": name, "own": False}


def check_own_box(data: Any, box_id: str) -> tuple[DiceSet, str]:
    """Check a player's own box: ``{"title", "language"?, "dice": [[[letter, points] × 6]
    × 7]}``, a face's letter one of a-z (an Umlaut or accent counts as its plain vowel: Ä is
    a) or ``?`` the blank (0 points); the dice set, named ``box_id``, and its title.
    :class:`~wordyahtzee.errors.DiceSetError` says what is wrong."""
    from .letters import fold

    if not isinstance(data, Mapping):
        raise DiceSetError("a box is an object with 'title' and 'dice'", "bad_dice_set")
    title = data.get("title")
    title = " ".join("".join(c for c in title if c.isprintable()).split())[:MAX_TITLE] \
        if isinstance(title, str) else ""
    if not title:
        raise DiceSetError(f"a box needs a title of 1-{MAX_TITLE} characters", "bad_dice_set")
    dice = data.get("dice")
    if (not isinstance(dice, list) or len(dice) != OWN_DICE
            or not all(isinstance(d, list) and len(d) == OWN_FACES for d in dice)):
        raise DiceSetError(f"a box has {OWN_DICE} dice of {OWN_FACES} faces each",
                           "bad_dice_set")
    folded = []
    for i, die in enumerate(dice, 1):
        faces = []
        for face in die:
            if (not isinstance(face, list) or len(face) != 2 or not isinstance(face[0], str)
                    or len(face[0]) > 4 or type(face[1]) is not int
                    or not 0 <= face[1] <= 99):
                raise DiceSetError(f"die {i}: each face is [letter, points 0-99]",
                                   "bad_dice_set")
            letter = face[0].strip()
            letter = BLANK if letter in ("?", "") else fold(letter)
            faces.append([letter, face[1]])
        folded.append(faces)
    language = data.get("language", "nl")
    try:
        dice_set = DiceSet.from_json({"name": box_id, "dice": folded,
                                      "language": language if isinstance(language, str)
                                      and len(language) <= 8 else "nl"})
    except DiceSetError as exc:
        raise DiceSetError(exc.message, "bad_dice_set") from None
    return dice_set, title


def legacy_boxes() -> list[tuple[str, str, DiceSet, Path]]:
    """The own boxes kept as files in the data dir's ``dice/`` before the store kept them:
    (name, title, dice set, file) each (a file that does not read is left out)."""
    from .lexicon.registry import data_dir

    folder = data_dir() / "dice"
    found = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
            dice_set = DiceSet.from_json({**record, "name": path.stem})
        except (OSError, ValueError, WordyahtzeeError):
            continue
        if OWN_NAME.fullmatch(path.stem) and path.stem not in shipped_dice_sets():
            title = record.get("title") if isinstance(record, Mapping) else None
            found.append((path.stem, str(title or path.stem)[:MAX_TITLE], dice_set, path))
    return found


DEFAULT_DICE_SETS: Mapping[str, str] = {"nl": "nl", "en": "en"}
"""The dice set a game gets when its rules name a dictionary but no dice set, by the
dictionary's language (docs/dice.md says why ``nl`` and not ``nl-balans``)."""


def default_dice_set(language: str) -> str:
    """The default dice set for a dictionary of ``language`` (``nl`` for any language
    without a set of its own)."""
    return DEFAULT_DICE_SETS.get(language, DEFAULT_DICE_SETS["nl"])


class FairDice(random.Random):
    """The dice of a shared game (the daily game): the face a die shows is fixed by a secret
    ``seed``, the turn, the throw within the turn and the die's position, so two players who
    keep the same dice see the same faces. ``face`` is the first 8 bytes of
    HMAC-SHA256(seed, ``"turn/throw/position"``) modulo the die's number of faces (anyone
    with the seed can recompute every throw). Other draws (none in the daily modes) come
    from a ``random.Random`` seeded with the seed."""

    def __init__(self, seed: bytes) -> None:
        super().__init__(seed)
        self.key = bytes(seed)

    def face(self, turn: int, throw: int, position: int, faces: Sequence[T]) -> T:
        """The face die ``position`` shows at ``throw`` (0-2) of ``turn`` (0-based)."""
        import hashlib  # here: OpenSSL's library is 3.5 MB a process without a shared game
        import hmac  # (a strategy table's computation, say) need not load

        digest = hmac.new(self.key, f"{turn}/{throw}/{position}".encode(),
                          hashlib.sha256).digest()
        return faces[int.from_bytes(digest[:8], "big") % len(faces)]


class Cup(Generic[T]):
    """Up to ``max_throws`` throws a turn; between throws any dice may be kept.

    ``dice`` are sequences of faces (letter faces, or the pips 1..6); ``rng`` is injected
    (``random.SystemRandom()`` in production, a seeded ``random.Random`` in tests, a
    :class:`FairDice` for a shared game). The cup validates keeps and the throw count; it
    does not know what the faces mean. ``turn`` counts the turns ended (:meth:`reset`).
    """

    def __init__(self, dice: Sequence[Sequence[T]], rng: random.Random,
                 max_throws: int = 3) -> None:
        self.dice = [tuple(die) for die in dice]
        self.rng = rng
        self.max_throws = max_throws
        self.throws = 0
        self.turn = 0
        self.showing: tuple[T, ...] | None = None

    @property
    def can_throw(self) -> bool:
        """True while throws remain this turn."""
        return self.throws < self.max_throws

    def check_keep(self, keep: Iterable[int]) -> frozenset[int]:
        """Validate a keep (indices of dice not re-thrown) and return it as a set."""
        items = list(keep)
        if not self.can_throw:
            raise RuleError(f"no throws left: {self.max_throws} is the most a turn",
                            "no_throws_left")
        if self.showing is None and items:
            raise RuleError("the first throw uses all the dice", "keep_before_throw")
        bad = [i for i in items if type(i) is not int or not 0 <= i < len(self.dice)]
        if bad:
            raise RuleError(f"no die number {bad[0]!r}: dice are 0..{len(self.dice) - 1}",
                            "bad_keep")
        kept = frozenset(items)
        if len(kept) == len(self.dice):
            raise RuleError("keeping every die is not a throw", "bad_keep")
        return kept

    def roll(self, keep: Iterable[int] = ()) -> tuple[T, ...]:
        """Throw the dice not in ``keep``; returns the new faces without recording them."""
        kept = self.check_keep(keep)
        old = self.showing
        rng = self.rng
        if isinstance(rng, FairDice):
            return tuple(old[i] if old is not None and i in kept
                         else rng.face(self.turn, self.throws, i, die)
                         for i, die in enumerate(self.dice))
        return tuple(old[i] if old is not None and i in kept else rng.choice(die)
                     for i, die in enumerate(self.dice))

    def record(self, faces: Sequence[T]) -> None:
        """Record a throw's result (from :meth:`roll`, or replayed from a log)."""
        if not self.can_throw:
            raise RuleError(f"no throws left: {self.max_throws} is the most a turn",
                            "no_throws_left")
        if len(faces) != len(self.dice):
            raise RuleError(f"a throw shows {len(self.dice)} dice, not {len(faces)}",
                            "impossible_throw")
        self.showing = tuple(faces)
        self.throws += 1

    def reset(self) -> None:
        """Start a new turn: no dice showing, no throws made."""
        self.turn += 1
        self.throws = 0
        self.showing = None
