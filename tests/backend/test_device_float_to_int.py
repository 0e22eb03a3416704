"""A float-to-integer Cast on a device (float_to_int.device_path): CUDA's conversion, as
TF's GPU Cast kernel (Eigen's static_cast in a CUDA kernel) and CuPy's astype make it:
truncated toward zero, saturated at the target's range, NaN to 0 (CuPy's documentation:
-1.0 to uint32 gives 0, inf to int32 2147483647, where x86 gives 4294967295 and
-2147483648); a narrow target (8, 16 bits) takes the 32-bit conversion's low bits (the
stand-in's model: strict_convert.py). One kernel, no read back to the host."""

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
    info = np.iinfo(target if np.dtype(target).itemsize >= 4 else "int32")
    out = []
    for v in values.astype(np.float64):
        whole = 0 if np.isnan(v) else min(max(np.trunc(v), info.min), info.max)
        out.append(int(whole) % 2**64)  # (two's complement, then the target's low bits)
    return np.array(out, np.uint64).astype(target)


@pytest.fixture
def gpu():
    with device.standin_gpus(1):
        yield


@pytest.mark.parametrize("source", _SOURCES)
def test_casts_truncate_and_saturate_as_cuda(gpu, source):
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


def test_the_standin_converts_as_cupy_documents():
    from eagerflow._src.backend import strict

    xp = strict.xp
    assert xp.asarray(np.float32([-1.0])).astype(np.uint32).tolist() == [0]
    assert xp.asarray(np.float32([np.inf])).astype(np.int32).tolist() == [2147483647]
    assert xp.asarray(np.float64([np.nan, -np.inf])).astype(np.int64).tolist() == \
        [0, -2**63]
    assert xp.asarray(xp.asarray(np.float32([-1.5])), dtype=np.uint32).tolist() == [0]
    assert xp.asarray(np.float32([2.5])).astype(np.float64).tolist() == [2.5]
