"""backend.blend is np.where(hit, a, b) bit for bit, without NumPy's branch per value:
NaNs (their payloads and signs), zeros' signs, 0-d operands and other dtypes."""

import numpy as np
import pytest

from eagerflow._src import backend


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16, np.int8, np.int64,
                                   np.bool_, np.complex128])
def test_blend_is_where(dtype):
    rng = np.random.default_rng(5)
    hit = rng.random(1001) < 0.5
    a = (rng.standard_normal(1001) * 4).astype(dtype)
    b = (rng.standard_normal(1001) * 4).astype(dtype)
    if np.dtype(dtype).kind == "f":
        a[::7], b[1::7] = np.nan, -0.0
        a.view(np.dtype(f"u{a.itemsize}"))[3::11] |= 1  # (NaN payloads, where there are NaNs)
        a[5::13] = -np.nan
    for x, y in ((a, b), (a, b[0]), (a[0], b), (a[:1], b)):
        want = np.where(hit, x, y)
        got = backend.blend(np, hit, x, y)
        assert got.dtype == want.dtype and got.shape == want.shape
        assert got.tobytes() == want.tobytes()
