"""BiasAddGrad of float32 and float64 gradients, channels last, of at most
EXACT_BIAS_GRAD_ROWS rows (a Dense layer's batch) adds in TF 2.21's order: each channel's
values row after row from zero (TF's ReduceOuterDimensions), bit for bit (a BLAS product
with ones, which larger gradients take for speed, or NumPy's pairwise sum of one channel,
rounds otherwise)."""

import hashlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import eagerflow as tf

pytestmark = pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels' bits)


def _values(shape: tuple, dtype: str) -> np.ndarray:
    k = np.arange(int(np.prod(shape)), dtype=np.float64)
    return (np.sin(k * 0.37) * (1 + (k % 5) * 100.0)).astype(dtype).reshape(shape)


# (shape, dtype, the MD5 of the result's bytes), recorded from TF 2.21 (oneDNN off, CPU)
RECORDED = [
    ((64, 1), "float32", "7594cd78f52a10a7b22a2090ed480a65"),
    ((64, 1), "float64", "8104a233452e75fc3344cc7d720c4a6b"),
    ((40, 3), "float32", "2649ad2e2e6073716dfecdcfccdfc3a7"),
    ((40, 3), "float64", "7ea8f7327964d54dd99803121ef20938"),
    ((9, 4, 2, 5), "float32", "a237247a676b7bf245871a8bf28f3bfd"),
    ((9, 4, 2, 5), "float64", "8a2366b4f9f16bfaf9b0f600f91499d1"),
    ((300, 16), "float32", "6ae382e73772e991d478c785e57d37cb"),
    ((300, 16), "float64", "ff87f4b80a8ec4191c25cb1a30103036"),
]


def test_bias_add_grad_bytes_are_tf_s() -> None:
    for shape, dtype, want in RECORDED:
        got = tf.raw_ops.BiasAddGrad(out_backprop=_values(shape, dtype)).numpy()
        assert hashlib.md5(got.tobytes()).hexdigest() == want, (shape, dtype)


@settings(max_examples=40, deadline=None)
@given(data=st.data(), rows=st.integers(1, 70), channels=st.integers(1, 9),
       dtype=st.sampled_from(["float32", "float64"]))
def test_bias_add_grad_adds_rows_in_turn(data: st.DataObject, rows: int, channels: int,
                                         dtype: str) -> None:
    g = data.draw(arrays(dtype, (rows, channels), elements=st.floats(-1e6, 1e6, width=32)))
    want = np.zeros(channels, dtype)
    for row in g:  # the reference: one addition at a time, rounded to the type
        want = (want + row).astype(dtype)
    got = tf.raw_ops.BiasAddGrad(out_backprop=g).numpy()
    np.testing.assert_array_equal(got, want)
