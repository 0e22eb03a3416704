"""tf.unique and tf.unique_with_counts over integers of a narrow range take the table
path (unique_one_hot.py's _unique_by_table): the values in order of first appearance, each
position's index and the counts, as a dict in insertion order gives them, for every
integer dtype and bool, ranges at the dtypes' ends, and wide ranges (np.unique's path)."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf

DTYPES = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64,
          np.bool_]


def _reference(x):
    values = list(dict.fromkeys(x.tolist()))
    where = {v: i for i, v in enumerate(values)}
    flat = x.tolist()
    return values, [where[v] for v in flat], [flat.count(v) for v in values]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(DTYPES), st.integers(1, 300), st.sampled_from([1, 3, 50, 10**6]),
       st.sampled_from(["low", "high", "middle"]), st.integers(0, 2**32 - 1))
def test_unique_is_first_appearance_order(dtype, n, spread, end, seed):
    rng = np.random.default_rng(seed)
    if dtype is np.bool_:
        x = rng.random(n) < 0.5
    else:
        info = np.iinfo(dtype)
        span = min(spread, int(info.max) - int(info.min))
        base = {"low": int(info.min), "high": int(info.max) - span,
                "middle": max(int(info.min), min(0, int(info.max) - span))}[end]
        x = (rng.integers(0, span + 1, size=n, dtype=np.uint64).astype(object) + base) \
            .astype(dtype)
    values, idx, counts = _reference(x)
    y, i, c = tf.unique_with_counts(x, out_idx=tf.int64)
    assert y.numpy().tolist() == values and y.numpy().dtype == x.dtype
    assert i.numpy().tolist() == idx and c.numpy().tolist() == counts
    assert tf.unique(x).idx.numpy().tolist() == idx
