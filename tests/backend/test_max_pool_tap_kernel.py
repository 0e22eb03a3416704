"""Max pooling's choice of tap per window on a device (pool_windows._first_equal_later_tap):
one kernel for float32 and float64 (the taps' comparisons and selects; the windows'
maxima, _fmax_of, another), equal to the ufuncs' loops they replace there (which the CPU
and other dtypes keep), on windows with ties, signed zeros, infinities and NaNs; and the
pool and its gradient (whose scatter, _scatter_chosen, is one kernel a tap there) equal
to the CPU's."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import strict_counts
from eagerflow._src.core import device
from eagerflow._src.ops import pool_windows


@pytest.fixture
def gpu():
    with device.standin_gpus(1):
        yield


def _windows(rng, dtype, n, shape=(3, 4, 5)):
    """n taps' cells drawn from a few values (ties are common)."""
    pick = np.array([0.0, -0.0, 1.0, -1.0, 2.0, np.inf, -np.inf, np.nan], dtype)
    return [pick[rng.integers(0, len(pick), size=shape)] for _ in range(n)]


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "int32"])
@pytest.mark.parametrize("first", ["<", "!="])
def test_the_device_taps_equal_the_ufuncs(gpu, dtype, first):
    from eagerflow._src.backend import strict

    xp = strict.BACKEND.xp
    rng = np.random.default_rng(3)
    for n in (2, 4, 9):
        views = _windows(rng, np.float64, n)
        if dtype == "int32":
            views = [np.nan_to_num(v, posinf=5, neginf=-5) for v in views]
        views = [v.astype(dtype) for v in views]
        y = views[0].copy()
        for v in views[1:]:
            y = np.fmax(y, v)
        want = pool_windows._first_equal_later_tap(np, views, y, first)
        with tf.device("/GPU:0"):
            got = pool_windows._first_equal_later_tap(
                xp, [xp.asarray(v) for v in views], xp.asarray(y), first)
        assert got.dtype == want.dtype == np.uint8
        np.testing.assert_array_equal(got.get(), want)
        if dtype != "int32":  # (the windows' maxima too, signs of zeros included)
            lowest = np.finfo(dtype).min
            want = pool_windows._fmax_of(np, views, lowest)
            with tf.device("/GPU:0"):
                got = pool_windows._fmax_of(xp, [xp.asarray(v) for v in views], lowest).get()
            np.testing.assert_array_equal(got, want)
            np.testing.assert_array_equal(np.signbit(got), np.signbit(want))


@pytest.mark.parametrize("padding, stride", [("VALID", 2), ("SAME", 2), ("SAME", 1)])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_the_pool_and_its_gradient_equal_the_cpus_in_fewer_launches(gpu, dtype, padding,
                                                                    stride):
    rng = np.random.default_rng(5)
    x = np.round(rng.normal(size=(2, 9, 9, 3)), 1).astype(dtype)  # (ties in windows)
    x[0, 1, 1, 0], x[1, 4, 4, 2], x[0, 2, 5, 1] = np.nan, np.inf, -0.0
    side = {("VALID", 2): 4, ("SAME", 2): 5, ("SAME", 1): 9}[padding, stride]
    dy = rng.normal(size=(2, side, side, 3)).astype(dtype)  # (overlaps summed in order)

    def run():
        xt = tf.constant(x)
        with tf.GradientTape() as t:
            t.watch(xt)
            y = tf.nn.max_pool2d(xt, 3, stride, padding)
        return y, t.gradient(y, xt, output_gradients=tf.constant(dy))

    with tf.device("/CPU:0"):
        want_y, want_g = run()
    with tf.device("/GPU:0"):
        run()
        with strict_counts.count_launches() as n:
            got_y, got_g = run()
    np.testing.assert_array_equal(got_y.numpy(), want_y.numpy())
    np.testing.assert_array_equal(got_g.numpy(), want_g.numpy())
    if padding == "SAME":  # (a padded pool's choice takes the general path)
        return
    # the windows' maxima and the taps' choice one kernel each, the gradient's scatter
    # one a tap (their ufuncs: a fill and 9 fmax, ~4 a tap, ~4 a tap: 83 launches)
    assert n["kernel"] == 2 + 9 and n["total"] <= 12, dict(n)
