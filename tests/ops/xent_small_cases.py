"""Cases shared by record_xent_small_golden.py (TF 2.21) and test_xent_small.py
(eagerflow): float32 logits of fewer than 8 values, which TF's CPU kernel of
SparseSoftmaxCrossEntropyWithLogits runs through Eigen's scalar path (the C library's
expf and logf), as (batch, classes) shapes with labels, drawn once."""

from __future__ import annotations

import numpy as np

SHAPES = ((1, 1), (1, 2), (2, 1), (2, 2), (3, 2), (2, 3), (1, 5), (1, 7), (7, 1))
DRAWS = 12  # logits per shape


def cases() -> list:
    """[(logits, labels)] for every shape, DRAWS each: normal draws of spread 3, and a row
    of large logits (far from the max: exp underflows) every third draw."""
    rng = np.random.RandomState(7)
    out = []
    for b, k in SHAPES:
        for i in range(DRAWS):
            logits = (rng.standard_normal((b, k)) * (30 if i % 3 == 2 else 3)).astype(np.float32)
            out.append((logits, rng.randint(0, k, b).astype(np.int32)))
    return out


def bits(y: np.ndarray) -> list:
    """float32 results as hex bit patterns."""
    return [format(int(b), "08x") for b in np.asarray(y, np.float32).reshape(-1).view(np.uint32)]
