"""Seeds of tf.data's random transformations (shuffle, sample_from_datasets, random).

Data layer. Follows TF's rule for an op seed: with a global seed (tf.random.set_seed)
and no op seed, op seeds come from a per-graph counter, so a program that sets the
global seed gets the same pipeline order each run; with neither, the order is
random. Each iteration ("epoch") of a reshuffling dataset mixes the epoch number
into its generator's seed.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from eagerflow._src.core.context import seeds

DEFAULT_GRAPH_SEED = 87654321


def split_seed(op_seed: Any) -> tuple:
    """(global seed, op seed) as TF derives them; random when neither is set."""
    if op_seed is not None:
        op_seed = int(op_seed.numpy() if hasattr(op_seed, "numpy") else op_seed)
    g = seeds.global_seed
    if g is not None:
        if op_seed is None:
            with seeds.lock:
                op_seed = seeds.op_counter
                seeds.op_counter += 1
        return (int(g), op_seed)
    if op_seed is not None:
        return (DEFAULT_GRAPH_SEED, op_seed)
    r = np.frombuffer(os.urandom(16), dtype=np.uint64)
    return (int(r[0]), int(r[1]))


def make_rng(seed_pair: tuple, epoch: int) -> np.random.Generator:
    return np.random.default_rng([seed_pair[0] & (2**64 - 1), seed_pair[1] & (2**64 - 1), epoch])
