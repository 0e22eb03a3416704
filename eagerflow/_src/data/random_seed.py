"""Seeds and random words of tf.data's random transformations (shuffle, random, sampling).

Data layer, over ops/random.py and ops/philox.py. As in TF: a dataset's (seed, seed2)
comes from tf.random's get_seed (so with only a global seed, eager op seeds come from
the global seed's sequence), and neither seed set means two random words. A dataset that
reshuffles on each iteration keeps a seed generator, a Philox stream keyed (seed, seed2)
whose words 2k and 2k + 1 seed its k-th iterator; one that does not seeds every iterator
with (seed, seed2). An iterator draws 32-bit words from the Philox stream of its seeds:
shuffle and Dataset.random give TF's elements.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.ops import philox
from eagerflow._src.ops.random import get_seed


class DrawnSeeds(tuple):
    """Two random words drawn because neither seed was set. TF's graph says seed=0, seed2=0
    for them, and so does a snapshot's fingerprint of the pipeline (data/snapshot.py)."""

    __slots__ = ()


def drawn_seeds() -> DrawnSeeds:
    """Two new random words: the seeds of an op with neither seed set."""
    r = np.frombuffer(os.urandom(16), dtype=np.uint64)
    return DrawnSeeds((int(r[0]), int(r[1])))


def refuse_non_int64(value: Any, name: str = "") -> None:
    """TF converts a count, size or seed to an int64 tensor (`name` is the argument's): a
    tensor of another dtype, None and non-integral numbers are its errors. (A bool is an
    int to it: True is 1.)"""
    if value is None:
        raise ValueError("Attempt to convert a value (None) with an unsupported type "
                         "(<class 'NoneType'>) to a Tensor.")
    dtype = getattr(value, "dtype", None)
    if hasattr(value, "_shape") and dtype is not None and dtype != _dt.int64:
        prefix = f"{name}: " if name else ""
        raise ValueError(f"{prefix}Tensor conversion requested dtype int64 for Tensor with "
                         f"dtype {dtype.name}: {value!r}")
    if isinstance(value, float):
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype int64")


def split_seed(op_seed: Any) -> tuple:
    """(seed, seed2) as TF's tf.data derives them; two random words when neither is set."""
    if op_seed is not None:
        refuse_non_int64(op_seed)
        if hasattr(op_seed, "numpy"):
            op_seed = int(op_seed.numpy())
        elif isinstance(op_seed, (bool, np.bool_)):
            op_seed = int(op_seed)
    seed, seed2 = get_seed(op_seed)
    if seed is None:
        return drawn_seeds()
    return (seed, seed2)


def iterator_seeds(seeds: tuple, k: int, reseed: bool) -> tuple:
    """The seeds of a dataset's k-th iterator: words 2k, 2k + 1 of its seed generator when
    it reseeds each iteration, else the dataset's own."""
    if not reseed:
        return seeds
    block = philox.blocks_at(np, *philox.stateful_start(*seeds),
                             np.array([k // 2], np.uint64))[0]
    return int(block[2 * (k % 2)]), int(block[2 * (k % 2) + 1])


class Words:
    """The 32-bit words of the Philox stream seeded (seed, seed2), one at a time."""

    __slots__ = ("_key", "_counter", "_buf")

    def __init__(self, seeds: tuple) -> None:
        self._key, self._counter = philox.stateful_start(*seeds)
        self._buf: list = []

    def __call__(self) -> int:
        if not self._buf:
            self._buf = philox.blocks(np, self._key, self._counter, 256).reshape(-1).tolist()
            self._buf.reverse()
            self._counter = (self._counter + 256) & philox.M128
        return self._buf.pop()
