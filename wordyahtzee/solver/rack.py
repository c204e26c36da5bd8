"""Reading a throw's faces (``kusnatl``; ``?`` is the blank) for a dice set."""

from __future__ import annotations

from ..dice import DiceSet
from ..errors import RuleError
from ..letters import ALPHABET, BLANK, fold

LETTER_NOT_ON_DICE = "letter_not_on_dice"
"""The :class:`RuleError` code of faces that hold a letter no die of the dice set shows."""

_FOLDED_FACES = "".join(sorted(ALPHABET)) + BLANK


def _fold_faces(letters: str, size: int) -> str:
    """Fold ``letters`` and check the faces (see :func:`parse_rack`)."""
    faces = fold(letters).replace(" ", "")
    bad = sorted({ch for ch in faces if ch != BLANK and ch not in ALPHABET})
    if bad:
        raise RuleError(f"{letters.strip()!r}: {bad[0]!r} is not a letter a-z or ? "
                        "(the blank)", "bad_rack")
    if len(faces) != size:
        raise RuleError(f"{letters.strip()!r}: a throw shows {size} faces, not {len(faces)}",
                        "bad_rack")
    return faces


def parse_rack(letters: str, size: int = 7, dice_set: DiceSet | None = None) -> str:
    """Fold ``letters`` (case, diacritics) and check it is ``size`` faces of a–z or ``?``.

    Raises :class:`RuleError` (``bad_rack``) otherwise. With ``dice_set``, a letter (or a
    blank) that no die of the set shows raises :class:`RuleError` with code
    ``letter_not_on_dice`` (:data:`LETTER_NOT_ON_DICE`), naming the letter and the set.
    """
    if not isinstance(letters, str):
        raise RuleError("the faces are a string of letters and ?", "bad_rack")
    if len(letters) == size and not letters.strip(_FOLDED_FACES):
        faces = letters  # already folded faces of the right length (the common case)
    else:
        faces = _fold_faces(letters, size)
    if dice_set is not None:
        shown = {face for die in range(dice_set.size) for face in dice_set.letters(die)}
        missing = sorted({ch for ch in faces if ch not in shown})
        if missing:
            what = "the blank" if missing[0] == BLANK else f"the letter {missing[0]!r}"
            raise RuleError(f"{letters.strip()!r}: no die of the dice set {dice_set.name!r} "
                            f"shows {what}", LETTER_NOT_ON_DICE)
    return faces
