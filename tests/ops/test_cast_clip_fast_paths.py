"""The CPU's one-pass paths of Cast (float to a narrow integer, every value within the
target's range) and the ClipByValue op (number bounds) against the rules they shortcut: TF's
truncation toward zero, then its kernel's saturation (whole packets) or wrap (the tail) to
the target's width (ops/float_to_int.py); Eigen's min then max, which keep a NaN of the input,
pick bounds by `<` alone (signed zeros as the comparisons leave them) and ignore a NaN
bound. Values near the int32 limits and NaN take the general path and are checked too."""

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.ops.clip_value import CLIP_BY_VALUE
from eagerflow._src.ops.dispatch import bind

# (the CPU paths: on a device the reductions, casts and clamps are the backend's own)
pytestmark = pytest.mark.usefixtures("cpu_kernels")

TARGETS = [np.int8, np.uint8, np.int16, np.uint16, np.int32]


def _truncated(x: np.ndarray, target) -> np.ndarray:
    """TF's rule by integers: toward zero through int64, the bits wrapped to the target;
    NaN and values past int32 become int32's minimum first."""
    x64 = x.astype(np.float64)
    bad = ~np.isfinite(x64) | (np.trunc(x64) < -2.0**31) | (np.trunc(x64) >= 2.0**31)
    ints = np.where(bad, -2**31, np.trunc(np.where(bad, 0, x64))).astype(np.int64)
    return ints.astype(target)


# the values per packet of TF's vectorized cast (recorded by tests/ops/record_float_cast.py)
PACKETS = {k: v["packet"] for k, v in json.loads(
    (Path(__file__).parent / "float_cast_golden.json").read_text())["casts"].items()}


def _tf_rule(x: np.ndarray, target) -> np.ndarray:
    """TF's CPU kernel by positions (float_cast_golden.json records both paths): the
    flat tensor's whole packets saturate the int32 truncation to the target's range
    (float64 to uint8 through uint16 read as int16), its last n % P values wrap it."""
    ints = _truncated(x, np.int64)
    p = PACKETS[f"{np.dtype(x.dtype).name}->{np.dtype(target).name}"] or 1
    cut = x.size - x.size % p
    info = np.iinfo(target)
    if x.dtype == np.float64 and target is np.uint8:
        wide = np.clip(ints[:cut], 0, 65535)
        head = np.where(wide >= 32768, 0, np.minimum(wide, 255))
    else:
        head = np.clip(ints[:cut], info.min, info.max)
    return np.concatenate([head.astype(target), ints[cut:].astype(target)])


@settings(max_examples=40, deadline=None)
@given(src=st.sampled_from([np.float32, np.float64]), target=st.sampled_from(TARGETS),
       scale=st.sampled_from([1.0, 300.0, 7e4, 3e9]), special=st.booleans(),
       seed=st.integers(0, 2 ** 16))
def test_float_to_narrow_integer_truncates_saturates_and_wraps(src, target, scale, special,
                                                                 seed):
    rng = np.random.default_rng(seed)
    x = (rng.normal(size=257) * scale).astype(src)
    if special:
        x[:6] = [np.nan, np.inf, -np.inf, -0.0, 2.0**31, -2.0**31 - 1024]
        x[-3:] = [np.nan, 2.0**31, 300.7]  # (in the scalar tail)
    got = tf.cast(x, tf.as_dtype(target)).numpy()
    np.testing.assert_array_equal(got, _tf_rule(x, target))


@pytest.mark.parametrize("x", [[2147483520.0, -2147483520.0, 0.9, -0.9],
                               [-2147483648.0, 1.5], [2147483647.5, 3.0]])
def test_the_int32_limits(x):
    for src in (np.float32, np.float64):
        a = np.array(x, src)
        np.testing.assert_array_equal(tf.cast(a, tf.int32).numpy(), _truncated(a, np.int32))
        np.testing.assert_array_equal(tf.cast(a, tf.uint8).numpy(), _truncated(a, np.uint8))


def _clip(t: np.ndarray, lo, hi) -> np.ndarray:
    """The ClipByValue op itself (saturate_cast's clamp; tf.clip_by_value is TF's Minimum
    and Maximum)."""
    return bind(CLIP_BY_VALUE, tuple(map(tf.constant, (t, lo, hi))), {}).numpy()


def _eigen_clip(t: np.ndarray, lo, hi) -> np.ndarray:
    low = np.where(hi < t, hi, t)
    return np.where(low < lo, lo, low)


VALUES = [0.0, -0.0, np.nan, np.inf, -np.inf, 1.0, -1.0, 0.5, 3.0]


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16])
@pytest.mark.parametrize("lo", VALUES)
@pytest.mark.parametrize("hi", [0.0, -0.0, np.nan, 1.0, -np.inf])
def test_clip_by_number_bounds_picks_as_eigen(dtype, lo, hi):
    t = np.random.default_rng(3).choice(np.array(VALUES, dtype), 4099)
    lo, hi = dtype(lo), dtype(hi)
    got = _clip(t, lo, hi)
    with np.errstate(invalid="ignore"):
        want = _eigen_clip(t, lo, hi)
    assert got.dtype == t.dtype
    np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8))


@pytest.mark.parametrize("dtype", [np.int32, np.uint8, np.int64])
def test_clip_of_integers(dtype):
    t = np.random.default_rng(4).integers(0, 200, 1000).astype(dtype)
    got = _clip(t, dtype(20), dtype(150))
    np.testing.assert_array_equal(got, np.clip(t, 20, 150))
    assert got.dtype == t.dtype


# tf.raw_ops.ClipByValue of 5 and of 4,099 values (NumPy's default_rng(3) drawing from
# VALUES), as TF 2.21 returns them: sha256 prefixes of the results' bytes
TF_RAW_CLIP = [  # (lo, hi, the 5 values' digest, the 4,099's); a list: -0.0 == 0.0
    (0.0, 0.0, "e8c497d394c2dcd9", "66e0f60eede01e08"),
    (-0.0, -0.0, "e1eb636231824bed", "5a4453bd2afef90a"),
    (0.0, np.nan, "3ff6b524c79d0df6", "84c4d6fb5dbc2927"),
    (np.nan, 1.0, "3ff6b524c79d0df6", "f0106dea417af435"),
    (1.0, 0.5, "a5c3e27b2c344075", "61a639dcd052e3e8"),
    (-0.0, 0.0, "e8c497d394c2dcd9", "1b25e34cd439834e"),
    (-1.0, 1.0, "3ff6b524c79d0df6", "92ac2fa1bb7ca6da"),
]


@pytest.mark.parametrize("lo,hi,small,large", TF_RAW_CLIP)
def test_raw_clip_by_value_is_tfs_kernel(lo, hi, small, large):
    """tf.raw_ops.ClipByValue runs the op (it ran tf.clip_by_value's Minimum and Maximum,
    which differ at signed zeros and turn a NaN bound into NaNs)."""
    t = np.random.default_rng(3).choice(np.array(VALUES, np.float32), 4099)
    lo, hi = np.float32(lo), np.float32(hi)
    for n, want in ((5, small), (4099, large)):
        got = tf.raw_ops.ClipByValue(t=t[:n], clip_value_min=lo, clip_value_max=hi).numpy()
        assert hashlib.sha256(got.tobytes()).hexdigest()[:16] == want
