"""A float-to-integer Cast on a device (float_to_int.device_path): values truncated toward
zero, NaN and values out of range the most negative int32 (int32 itself and types of fewer
bits: outside int32's range) or int64 (uint32 and the 64-bit types: outside int64's) before
wrapping, with no read back to the host and no
kernel of its own for the truncation."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import strict_counts, strict_streams
from eagerflow._src.core import device

_VALUES = [0.0, 0.5, -0.5, 2.7, -2.7, 127.9, -128.9, 255.5, 65535.5, -32768.9,
           2147483647.5, -2147483648.5, -2147483649.0, 2147483648.0, 3e9, -3e9, 1e19, -1e19,
           np.inf, -np.inf, np.nan]
_SOURCES = ["float16", "bfloat16", "float32", "float64"]
_TARGETS = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]


def _expected(values: np.ndarray, target: str) -> np.ndarray:
    """The device rule written out on the host, value by value."""
    narrow = np.dtype(target).itemsize < 4 or target == "int32"
    lo = -2**31 if narrow else -2**63
    hi = 2**31 if narrow else 2**63
    out = []
    for v in values.astype(np.float64):
        whole = lo if np.isnan(v) or not lo <= np.trunc(v) < hi else int(np.trunc(v))
        out.append(whole % 2**64)  # (two's complement, then the target's low bits)
    return np.array(out, np.uint64).astype(target)


@pytest.fixture
def gpu():
    with device.standin_gpus(1):
        yield


@pytest.mark.parametrize("source", _SOURCES)
def test_casts_truncate_and_wrap_as_the_device_rule(gpu, source):
    x = tf.constant(_VALUES, dtype=tf.float32)
    x = tf.cast(x, source) if source != "float32" else x
    host = x.numpy().astype(np.float64)
    with tf.device("/GPU:0"):
        on_device = tf.identity(x)
        for target in _TARGETS:
            with strict_streams.count_transfers() as moved:
                got = tf.cast(on_device, target)
            assert moved["to_host"] == 0 and got.device.endswith("GPU:0")
            assert got.dtype == target
            np.testing.assert_array_equal(got.numpy(), _expected(host, target),
                                          err_msg=f"{source} -> {target}")


def test_a_cast_to_int64_is_one_kernel(gpu):
    with tf.device("/GPU:0"):
        x = tf.constant([1.5, -2.5, 3.0])
        tf.cast(x, tf.int64)
        with strict_counts.count_launches() as n:
            y = tf.cast(x, tf.int64)
    assert n["total"] == 1
    np.testing.assert_array_equal(y.numpy(), [1, -2, 3])
