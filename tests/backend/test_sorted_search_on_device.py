"""tf.searchsorted (LowerBound, UpperBound) on a GPU, checked on the strict stand-in: TF's
GPU kernel searches each value in its own thread, reading nothing back; here a vectorised
binary search of a fixed bit_length(n) steps (no test of the counts between steps, which
would be a read back each), giving the CPU's answers."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.backend import strict_streams

pytestmark = pytest.mark.usefixtures("on_gpu")  # (tests/backend/conftest.py)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), rows=st.integers(1, 3), n=st.integers(0, 40),
       m=st.integers(0, 9), side=st.sampled_from(["left", "right"]),
       out=st.sampled_from([tf.int32, tf.int64]), nans=st.booleans())
def test_a_search_reads_nothing_back_and_gives_the_cpus_answers(seed, rows, n, m, side, out,
                                                                nans):
    rng = np.random.default_rng(seed)
    seq = np.sort(rng.integers(-5, 5, (rows, n)).astype(np.float32), axis=1)
    values = rng.integers(-6, 6, (rows, m)).astype(np.float32)
    if nans and m:
        values[0, 0] = np.nan
    s, v = tf.constant(seq), tf.constant(values)
    with strict_streams.count_transfers() as count:
        got = tf.searchsorted(s, v, side=side, out_type=out)
    assert count["to_host"] == 0 and got.device.endswith("GPU:0") and got.dtype == out
    with tf.device("/CPU:0"):
        want = tf.searchsorted(tf.constant(seq), tf.constant(values), side=side, out_type=out)
    np.testing.assert_array_equal(got.numpy(), want.numpy())
