"""The upper bonus, once for every mode that has one (classic Yahtzee, Triple Yahtzee's
columns, Woord Yahtzee): a sheet earns :data:`UPPER_BONUS` once its upper total reaches
the threshold its rules declare (the ``upper_bonus_at`` option).

:func:`reached` is the one threshold test; the rules' sheets ask :func:`upper_bonus`, and
the advisors, which value a claim by what it adds, ask :func:`crossed` and
:func:`claim_bonus`. Each takes plain ints or numpy arrays (and mixes of them, broadcast),
so the strategy tables' vectorised loops use the same test as the score sheets.

>>> upper_bonus(63, 63), upper_bonus(62, 63)
(35, 0)
>>> claim_bonus(60, 66, 63), claim_bonus(63, 66, 63)
(35, 0)
>>> import numpy as np
>>> claim_bonus(np.array([50, 60, 63]), np.array([62, 66, 70]), 63).tolist()
[0, 35, 0]
"""

from __future__ import annotations

from typing import Any, overload

import numpy as np
import numpy.typing as npt

UPPER_BONUS = 35
"""The points of the upper bonus (every mode's)."""

Ints = npt.NDArray[Any]
"""An array of upper totals (whole numbers, or floats holding them)."""


@overload
def reached(upper: int, at: int) -> bool: ...
@overload
def reached(upper: Ints, at: int) -> npt.NDArray[np.bool_]: ...
def reached(upper: int | Ints, at: int) -> bool | npt.NDArray[np.bool_]:
    """Whether the upper total ``upper`` earns the bonus at the threshold ``at``."""
    return upper >= at


@overload
def crossed(before: int, after: int, at: int) -> bool: ...
@overload
def crossed(before: int | Ints, after: Ints, at: int) -> npt.NDArray[np.bool_]: ...
@overload
def crossed(before: Ints, after: int | Ints, at: int) -> npt.NDArray[np.bool_]: ...
def crossed(before: int | Ints, after: int | Ints, at: int) -> bool | npt.NDArray[np.bool_]:
    """Whether a claim that raises the upper total from ``before`` to ``after`` is the one
    that earns the bonus (it reaches the threshold and the total before did not)."""
    return reached(after, at) > reached(before, at)


@overload
def upper_bonus(total: int, at: int, bonus: int = UPPER_BONUS) -> int: ...
@overload
def upper_bonus(total: Ints, at: int, bonus: int = UPPER_BONUS) -> Ints: ...
def upper_bonus(total: int | Ints, at: int, bonus: int = UPPER_BONUS) -> int | Ints:
    """A sheet's upper bonus: ``bonus`` once ``total`` reaches ``at``, else 0."""
    return bonus * reached(total, at)


@overload
def claim_bonus(before: int, after: int, at: int, bonus: int = UPPER_BONUS) -> int: ...
@overload
def claim_bonus(before: int | Ints, after: Ints, at: int, bonus: int = UPPER_BONUS
                ) -> Ints: ...
@overload
def claim_bonus(before: Ints, after: int | Ints, at: int, bonus: int = UPPER_BONUS
                ) -> Ints: ...
def claim_bonus(before: int | Ints, after: int | Ints, at: int,
                bonus: int = UPPER_BONUS) -> int | Ints:
    """The upper bonus a claim earns that raises the upper total from ``before`` to
    ``after``: ``bonus`` when it :func:`crossed` the threshold ``at``, else 0."""
    return bonus * crossed(before, after, at)
