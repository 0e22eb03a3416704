"""Complex division and reciprocals as TF 2.21's CPU computes them (ops/complex_quotient.py):
tf.math.divide and tf.math.reciprocal of complex64 and complex128 over special parts
(signed zeros, infinities, NaN, denormals, 1e+-30) and wide random operands, bit for bit
(NaN payloads aside), against complex_quotient_golden.json (record_complex_quotient.py)."""

import json
import os

import numpy as np
import pytest

import eagerflow as tf
from tests.ops.complex_quotient_cases import DTYPES, divisors, operands, tails

with open(os.path.join(os.path.dirname(__file__), "complex_quotient_golden.json"),
          encoding="utf-8") as _f:
    GOLDEN = json.load(_f)


def _assert_same_bits(got: np.ndarray, key: str) -> None:
    got = got.reshape(-1)
    want = np.frombuffer(bytes.fromhex(GOLDEN[key]), got.dtype)
    parts = lambda z: np.stack([z.real, z.imag])  # noqa: E731
    g, w = parts(got), parts(want)
    same = (g == w) & (np.signbit(g) == np.signbit(w)) | np.isnan(g) & np.isnan(w)
    bad = np.nonzero(~same.all(axis=0))[0]
    assert not bad.size, f"{key}: {bad.size} differ, first {got[bad[:4]]} (TF {want[bad[:4]]})"


@pytest.mark.usefixtures("cpu_kernels")
@pytest.mark.parametrize("dtype", DTYPES)
def test_divide_is_tfs_quotient(dtype):
    x, y = operands(dtype)
    _assert_same_bits(tf.math.divide(x, y).numpy(), f"divide/{dtype}")


@pytest.mark.usefixtures("cpu_kernels")
@pytest.mark.parametrize("dtype", DTYPES)
def test_reciprocal_is_tfs_quotient(dtype):
    _assert_same_bits(tf.math.reciprocal(divisors(dtype)).numpy(), f"reciprocal/{dtype}")


@pytest.mark.usefixtures("cpu_kernels")
def test_traced_divide_and_reciprocal_are_the_same_quotients():
    x, y = operands("complex128")
    q = tf.function(lambda a, b: a / b)(x, y)
    r = tf.function(tf.math.reciprocal)(divisors("complex128"))
    _assert_same_bits(q.numpy(), "divide/complex128")
    _assert_same_bits(r.numpy(), "reciprocal/complex128")


@pytest.mark.usefixtures("cpu_kernels")
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("i", range(len(tails("complex64"))))
def test_last_values_short_of_a_packet_are_divided_one_at_a_time(dtype, i):
    # (TF's kernels divide whole AVX packets by the scaled quotient and the output's last
    # size % 4 (complex64) or size % 2 (complex128) values as the C library does)
    x, y = tails(dtype)[i]
    _assert_same_bits(tf.math.divide(x, y).numpy(), f"tail/{dtype}/{i}")
    _assert_same_bits(tf.math.reciprocal(y).numpy(), f"tail_reciprocal/{dtype}/{i}")
