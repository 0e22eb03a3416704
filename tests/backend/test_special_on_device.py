"""Dawsn, FresnelCos, FresnelSin and Spence on a GPU (the stand-in, or CuPy's GPU:0 under
EAGERFLOW_REGISTRY_ON=gpu): TF's Cephes approximations in the input's float type
(ops/special_cephes.py), against the scalar references on both sides of every interval's
bound and at the edges, against the CPU's kernels (the same ports) on any floats, and against
TF's own float32 results."""

import json
import pathlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.ops import special_scalars as S

SPECIAL = tf.math.special
# name: (the op, its scalar reference, the bounds of TF's intervals of |x|)
FUNCTIONS = {
    "dawsn": (SPECIAL.dawsn, S.dawsn, (3.25, 6.25, 1e9)),
    "fresnel_cos": (SPECIAL.fresnel_cos, S.fresnel_cos, (1.6, 36974.0)),  # (1.6: x^2 < 2.5625)
    "fresnel_sin": (SPECIAL.fresnel_sin, S.fresnel_sin, (1.6, 36974.0)),
    "spence": (SPECIAL.spence, S.spence, (0.5, 1.0, 1.5, 2.0)),
}
DTYPES = (np.float32, np.float64)


pytestmark = pytest.mark.usefixtures("on_gpu")  # (tests/backend/conftest.py)


def _on_gpu(name, x):
    y = FUNCTIONS[name][0](tf.constant(x))
    assert y.device.endswith("GPU:0"), y.device
    return y.numpy()


def _on_cpu(name, x):
    with tf.device("/CPU:0"):
        return FUNCTIONS[name][0](tf.constant(x)).numpy()


def _assert_close(name, x, got, want):
    """Within 32 ulps of the type, and for the Fresnel integrals also within eps * |x|:
    their phase pi/2 x^2, rounded to the type, is off by up to eps pi/2 x^2, which the
    amplitude 1/(pi x) turns into an error of eps x / 2 (TF's kernels compute so)."""
    eps = np.finfo(x.dtype).eps
    x, got, want = (np.asarray(v, np.float64) for v in (x, got, want))
    same = (got == want) | np.isnan(got) & np.isnan(want)
    atol = eps * np.abs(x) if name.startswith("fresnel") else 0.0
    with np.errstate(invalid="ignore"):
        ok = same | (np.abs(got - want) <= 32 * eps * np.abs(want) + atol)
    assert ok.all(), f"{name}: x={x[~ok]} got={got[~ok]} want={want[~ok]}"


def _points(bounds, dtype):
    """Each bound and its neighbours in `dtype`, the edges, and a grid, on both sides of 0."""
    info = np.finfo(dtype)
    b = np.asarray(bounds, dtype)
    near = np.concatenate([np.nextafter(b, dtype(0)), b, np.nextafter(b, dtype(np.inf))])
    edges = np.array([0.0, info.smallest_subnormal, info.tiny, 1e-30, 1e5, 2e9, info.max,
                      np.inf], dtype)
    grid = np.concatenate([np.linspace(0, 40, 2001, dtype=dtype),
                           np.geomspace(1e-6, 1e12, 301, dtype=dtype)])
    pos = np.concatenate([near, edges, grid])
    return np.concatenate([pos, -pos, [np.nan]]).astype(dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_the_references_values_at_bounds_edges_and_a_grid(name, dtype):
    x = _points(FUNCTIONS[name][2], dtype)
    got = _on_gpu(name, x)
    assert got.dtype == dtype
    # (TF's threads flush denormals, float64's too: an input reads as a signed zero (DAZ),
    # a result is written as one (FTZ))
    want = _flush(np.array([FUNCTIONS[name][1](float(v)) for v in _flush(x)]).astype(dtype))
    if name == "spence":  # (past 1/tiny TF's 1/x is flushed to 0: log(0) * 0, NaN)
        want[np.abs(x) > 1 / np.finfo(dtype).tiny] = np.nan
    _assert_close(name, x, got, want)


def _flush(v):
    return np.where(np.abs(v) < np.finfo(v.dtype).tiny, np.copysign(0, v).astype(v.dtype), v)


PI2_6 = np.pi ** 2 / 6
# TF's values exactly: Dawsn's is -1/(2x), positive, from -1e9 down (it flips the sign of
# 1/(2x) of the signed x); its Fresnel integrals are 1/2 past 36974
EDGES = {
    "dawsn": ([-np.inf, -2e9, -1e9, -0.0, 0.0, np.inf, np.nan],
              [0.0, 2.5e-10, 5e-10, 0.0, 0.0, 0.0, np.nan]),
    "fresnel_cos": ([-np.inf, -4e4, -0.0, 0.0, 4e4, np.inf, np.nan],
                    [-0.5, -0.5, 0.0, 0.0, 0.5, 0.5, np.nan]),
    "fresnel_sin": ([-np.inf, -4e4, -0.0, 0.0, 4e4, np.inf, np.nan],
                    [-0.5, -0.5, 0.0, 0.0, 0.5, 0.5, np.nan]),
    "spence": ([-np.inf, -1.0, -0.0, 0.0, 1.0, np.inf, np.nan],
               [np.nan, np.nan, PI2_6, PI2_6, 0.0, np.nan, np.nan]),
}


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_tfs_values_at_the_edges(name, dtype):
    x, want = (np.array(v, dtype) for v in EDGES[name])
    np.testing.assert_array_equal(_on_gpu(name, x), want)
    np.testing.assert_array_equal(_on_cpu(name, x), want)


@settings(max_examples=40, deadline=None)
@given(data=st.data(), name=st.sampled_from(sorted(FUNCTIONS)),
       dtype=st.sampled_from(DTYPES))
def test_the_cpus_values_on_any_floats(data, name, dtype):
    width = np.finfo(dtype).bits
    x = np.array(data.draw(st.lists(st.floats(width=width), min_size=1, max_size=12)), dtype)
    _assert_close(name, x, _on_gpu(name, x), _on_cpu(name, x))


GOLDEN = json.loads((pathlib.Path(__file__).parents[1] / "ops" / "tfnn_golden.json").read_text())


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_tfs_float32_results(name):
    """Within 4 ulps of TF's (tfnn_golden.json: recorded from TF 2.21's float32 kernel),
    as the same arithmetic in float32 gives (the CUDA library's cosf, logf, ... may differ
    from the host's by an ulp or two)."""
    grid = np.linspace(0.05, 12.0, 9).astype(np.float32)  # (tfnn_cases.py's GRID)
    want = np.array(GOLDEN[f"tf.math.special.{name}(tf.constant(GRID, tf.float32))"]["value"],
                    np.float32)
    got = _on_gpu(name, grid)
    ulps = np.abs(got.view(np.int32).astype(np.int64) - want.view(np.int32))
    assert ulps.max() <= 4, (name, ulps)
