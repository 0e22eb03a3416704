"""BiasAdd (and the fused conv epilogue) over large channels-last arrays: the tiled-row
add gives exactly the broadcast sum, in place or not, for every dtype and layout."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops.windows import add_last_axis

RNG = np.random.default_rng(0)
SHAPES = [(32, 26, 26, 16), (4, 64, 64, 3), (2, 100, 300), (8, 8, 8, 300), (3, 5, 7, 16),
          (2, 0, 9, 4), (16384, 2)]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32])
def test_rows_add_equals_broadcast_add(shape, dtype):
    x = (RNG.standard_normal(shape) * 100).astype(dtype)
    b = (RNG.standard_normal(shape[-1]) * 100).astype(dtype)
    want = np.array([[v + b[i % shape[-1]] for i, v in enumerate(x.reshape(-1)[:50])]],
                    dtype=dtype)  # a plain loop over the first cells
    got = add_last_axis(np, x, b)
    assert got.shape == x.shape and got.dtype == x.dtype
    np.testing.assert_array_equal(got, x + b)
    np.testing.assert_array_equal(got.reshape(-1)[:50], want.reshape(-1)[:min(50, x.size)])
    inplace = x.copy()
    assert add_last_axis(np, inplace, b, out=inplace) is inplace
    np.testing.assert_array_equal(inplace, x + b)
    np.testing.assert_array_equal(tf.nn.bias_add(x, b).numpy(), x + b)


def test_non_contiguous_input_and_special_values():
    x = RNG.standard_normal((8, 40, 30, 16)).astype(np.float32)
    xt = x.transpose(0, 2, 1, 3)  # a view: the plain broadcast path
    b = RNG.standard_normal(16).astype(np.float32)
    np.testing.assert_array_equal(add_last_axis(np, xt, b), xt + b)
    x[0, 0, 0, :3] = [np.nan, np.inf, -np.inf]
    b[:3] = [1.0, -np.inf, np.inf]
    with np.errstate(invalid="ignore"):
        np.testing.assert_array_equal(tf.nn.bias_add(x, b).numpy(), x + b)
