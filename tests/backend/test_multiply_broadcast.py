"""backend.multiply_broadcast: `out *= g` with g repeated along its innermost broadcast
axis (a longer inner loop for NumPy) gives the bits of NumPy's broadcast multiply, for
the shapes that take the repeat and those that fall back, with NaN, infinities and
signed zeros among the values; and the fused ReLU/bias gradient that uses it matches its
reference where g broadcasts over a large activation."""

import numpy as np
import pytest

from eagerflow._src import backend as B
from eagerflow._src.ops import nn_fused


def _values(shape, dtype, seed):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=shape).astype(dtype)
    flat = x.reshape(-1)
    special = np.array([np.nan, 0.0, -0.0, np.inf, -np.inf], dtype)
    idx = rng.integers(0, flat.size, size=min(flat.size, 40))
    flat[idx] = special[rng.integers(0, len(special), size=len(idx))]
    return x


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shapes", [
    ((32, 24, 24, 16), (32, 1, 1, 16)),   # a global pooling's gradient: repeated
    ((8, 40, 30, 3), (8, 1, 30, 3)),      # a run of 90, repeated 40 times
    ((4, 64, 64, 8), (1, 1, 1, 8)),       # broadcast over the batch too
    ((4, 64, 64, 8), (4, 64, 64, 8)),     # nothing broadcast: NumPy's multiply
    ((16, 48, 2, 300), (16, 1, 1, 300)),  # a long run already
    ((3, 5, 7), (3, 1, 7)),               # small: NumPy's multiply
])
def test_equals_numpys_broadcast_multiply(dtype, shapes):
    out_shape, g_shape = shapes
    out, g = _values(out_shape, dtype, 1), _values(g_shape, dtype, 2)
    with np.errstate(invalid="ignore"):  # (inf * 0: NaN, as NumPy makes it)
        want = out * g
        got = B.multiply_broadcast(np, out.copy(), g)
    np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8))


def test_non_contiguous_out_is_multiplied_in_place():
    base = _values((32, 24, 24, 32), np.float32, 3)
    out = base[..., ::2]  # a strided view: NumPy's multiply, into it
    g = _values((32, 1, 1, 16), np.float32, 4)
    with np.errstate(invalid="ignore"):
        want = out * g
        res = B.multiply_broadcast(np, out, g)
    assert np.shares_memory(res, base)
    np.testing.assert_array_equal(np.ascontiguousarray(out).view(np.uint8),
                                  want.view(np.uint8))


def test_fused_relu_bias_gradient_of_a_broadcast_gradient_matches_its_reference():
    rng = np.random.default_rng(5)
    y = np.maximum(rng.normal(size=(16, 12, 12, 16)), 0.0)  # 36864 values: repeated
    g = rng.normal(size=(16, 1, 1, 16))
    dz, db = nn_fused._relu_bias_kernel(np, g, y)
    want_dz, want_db = nn_fused._relu_bias_reference(g, y)
    np.testing.assert_array_equal(dz, want_dz)
    np.testing.assert_allclose(db, want_db, rtol=1e-12)
