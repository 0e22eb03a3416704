"""tf.math.top_k with sorted=True and k a small part of the row takes the partition path
(sorting.py's _top_rows): the same values and indices as a stable sort of the whole row,
descending, ties (-0.0 and 0.0 among them) by the lower index, over dtypes, shapes and
rows full of repeated values."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import eagerflow as tf


def _stable_desc(x: np.ndarray, k: int) -> np.ndarray:
    order = sorted(range(x.shape[-1]), key=lambda i: (-float(x[i]), i))
    return np.array(order[:k], np.int64)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from([np.float32, np.float64, np.float16, np.int32, np.int8, np.int64]),
       st.integers(1, 6), st.integers(8, 90), st.integers(1, 4), st.integers(0, 2**32 - 1))
def test_partition_path_is_a_stable_sorts(dtype, k, n, rows, seed):
    rng = np.random.default_rng(seed)
    spread = rng.integers(1, 6)  # few distinct values: many ties at the k-th
    x = rng.integers(-spread, spread + 1, size=(rows, n)).astype(dtype)
    if np.dtype(dtype).kind == "f":
        x[x == 0] = rng.choice(np.array([0.0, -0.0], dtype), size=int((x == 0).sum()))
        x = x + (rng.random(x.shape) < 0.2) * rng.normal(size=x.shape).astype(dtype)
    values, indices = tf.math.top_k(x, k)
    for r in range(rows):
        want = _stable_desc(x[r], min(k, n))
        np.testing.assert_array_equal(indices.numpy()[r], want)
        np.testing.assert_array_equal(values.numpy()[r].view(np.uint8),
                                      x[r][want].view(np.uint8))


@given(hnp.arrays(np.float32, st.tuples(st.integers(1, 3), st.integers(16, 64)),
                  elements=st.sampled_from([0.0, -0.0, 1.0, -1.0, 2.5, np.inf, -np.inf])))
@settings(max_examples=40, deadline=None)
def test_signed_zeros_and_infinities(x):
    _, indices = tf.math.top_k(x, 2)
    for r in range(x.shape[0]):
        np.testing.assert_array_equal(indices.numpy()[r], _stable_desc(x[r], 2))
