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
        whose full outcomes are ``values`` itself. One axis at a time, on contiguous
        blocks: a mean along the axis appended as its index ``faces[i]``. The result is a
        scratch array (:meth:`buffer`), valid until the next call in this thread.
        """
        dtype = values.dtype
        array = values
        size = int(np.prod(self.shape))
        pair = (self.buffer("even", (size,), dtype), self.buffer("odd", (size,), dtype))
        for i, f in enumerate(self.faces):
            dims = array.shape
            pre, post = int(np.prod(dims[:i])), int(np.prod(dims[i + 1:]))
            block = array.reshape(pre, f, post)
            # two buffers of the whole lattice, used in turn (one per axis took five
            # times the memory)
            out = pair[i % 2][:pre * (f + 1) * post].reshape(pre, f + 1, post)
            out[:, :f] = block
            if post >= 32:  # long rows: add the slices
                acc = out[:, f]
                acc[...] = block[:, 0]
                for j in range(1, f):
                    acc += block[:, j]
                acc *= dtype.type(1.0 / f)
            else:  # short rows: one matrix product
                np.matmul(np.full(f, 1.0 / f, dtype=dtype), block, out=out[:, f])
            array = out.reshape((*dims[:i], f + 1, *dims[i + 1:]))
        return array

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
