"""tf.one_hot along the last axis fills `off_value` and puts `on_value` in (unique_one_hot.py):
the values of a comparison of every index with every depth, bit for bit, for every index
dtype, indices out of range (negative, past depth), NaN values, and empty inputs."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([np.uint8, np.int8, np.int32, np.int64]),
       st.lists(st.integers(0, 4), min_size=0, max_size=3), st.integers(0, 9),
       st.sampled_from([(tf.float32, 1.0, 0.0), (tf.float16, 2.5, float("nan")),
                        (tf.int32, 7, -3), (tf.bool, True, False), (tf.float64, -0.0, 1e300)]),
       st.integers(0, 2**32 - 1))
def test_last_axis_is_a_comparisons(index_dtype, shape, depth, values, seed):
    dtype, on, off = values
    info = np.iinfo(index_dtype)
    idx = np.random.default_rng(seed).integers(max(info.min, -3), min(info.max, depth + 3) + 1,
                                               size=shape).astype(index_dtype)
    got = tf.one_hot(idx, depth, on, off, dtype=dtype).numpy()
    kind = dtype.as_numpy_dtype
    want = np.where(np.expand_dims(idx.astype(np.int64), -1) == np.arange(depth),
                    np.array(on).astype(kind), np.array(off).astype(kind))
    assert got.shape == want.shape and got.dtype == want.dtype
    assert got.tobytes() == want.tobytes()
