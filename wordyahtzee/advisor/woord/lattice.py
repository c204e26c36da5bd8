"""The lattice of keeps and throws of one Woord Yahtzee turn: for every face each die can
show, what a keep is worth (the expectation over the dice thrown again), the best keep of
every throw, and a turn aimed at one box computed exactly."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ...errors import RuleError
from ...modes.woord import MAX_THROWS

FloatArray = npt.NDArray[np.floating[Any]]


# ------------------------------------------------------------------------------------------
# The lattice of partial outcomes


class Lattice:
    """Ordered outcomes of dice with ``faces[i]`` equally likely faces each, and the partial
    outcomes where some dice are re-thrown (index ``faces[i]`` on axis ``i``).
    """

    def __init__(self, faces: Sequence[int]) -> None:
        if not faces or min(faces) < 1:
            raise RuleError("every die needs at least one face", "bad_dice_set")
        self.faces = tuple(int(f) for f in faces)
        self.n = len(self.faces)
        self.shape = tuple(f + 1 for f in self.faces)
        self.outcomes = int(np.prod(self.faces))
        self.full = tuple(slice(0, f) for f in self.faces)
        self._local = threading.local()

    def buffer(self, name: str, shape: tuple[int, ...], dtype: Any) -> FloatArray:
        """A scratch array of this thread, reused from call to call (allocating megabytes
        for every step costs more than the arithmetic)."""
        pool: dict[tuple[str, tuple[int, ...], Any], FloatArray] = getattr(
            self._local, "pool", None) or {}
        self._local.pool = pool
        key = (name, shape, np.dtype(dtype))
        array = pool.get(key)
        if array is None:
            array = pool[key] = np.empty(shape, dtype=dtype)
        return array

    def expectations(self, values: FloatArray) -> FloatArray:
        """Every partial outcome's expected value when its starred dice are thrown.

        ``values``: shape ``faces`` (each full outcome's value); returns shape ``shape``,
        whose full outcomes are ``values`` itself. The values are written once into one
        lattice-sized array, then one axis at a time, last die first, the mean over that
        die's faces fills its index ``faces[i]``, in place: each step adds whole blocks of
        the dice after it (already extended), and nothing is copied between steps. The
        result is a scratch array (:meth:`buffer`), valid until the next call in this
        thread.
        """
        dtype = values.dtype
        lattice = self.buffer("lattice", self.shape, dtype)
        lattice[self.full] = values
        for i in range(self.n - 1, -1, -1):
            f = self.faces[i]
            head, tail = self.full[:i], (slice(None),) * (self.n - 1 - i)
            target = lattice[(*head, slice(f, f + 1), *tail)]
            np.add.reduce(lattice[(*head, slice(0, f), *tail)], axis=i, keepdims=True,
                          out=target)
            target *= dtype.type(1.0 / f)
        return lattice

    def best_keeps(self, lattice: FloatArray) -> FloatArray:
        """For every full outcome, the max over its sub-assignments (every keep mask, the
        full outcome itself included). Works in place on ``lattice``; returns the view of
        its full outcomes."""
        for i, f in enumerate(self.faces):
            head = self.full[:i]
            target = lattice[(*head, slice(0, f))]
            np.maximum(target, lattice[(*head, slice(f, f + 1))], out=target)
        return lattice[self.full]

    def aimed_turn(self, values: npt.ArrayLike, throws: int = MAX_THROWS) -> float:
        """The expected value of a turn of ``throws`` throws that aims at ``values`` alone
        (each full outcome's value, flat or shaped ``faces``): after each throw but the
        last, stop or keep the dice whose re-throw promises most. With 0/1 values, the
        chance of reaching a hit (a 7-letter word, a 6-letter word) within the turn."""
        value = np.asarray(values, dtype=np.float64).reshape(-1)
        for _ in range(throws - 1):
            best = self.best_keeps(self.expectations(value.reshape(self.faces)))
            value = np.maximum(value, best.reshape(-1))
        return float(value.mean())

    def index(self, faces: Sequence[int], keep_mask: int) -> tuple[int, ...]:
        """The lattice index of the outcome ``faces`` with the dice outside ``keep_mask``
        (bit ``i`` = die ``i`` kept) re-thrown."""
        return tuple(f if keep_mask >> i & 1 else self.faces[i] for i, f in enumerate(faces))


def keep_masks(n: int) -> list[int]:
    """Every keep mask of ``n`` dice that throws at least one die, fewest kept first."""
    return sorted(range((1 << n) - 1), key=lambda m: (m.bit_count(), m))
