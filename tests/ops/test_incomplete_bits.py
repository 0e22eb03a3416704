"""tf.math.igamma, igammac, IgammaGradA, RandomGammaGrad, betainc and erfc give TF 2.21's
CPU values bit for bit, float32 and float64 (special_igamma.py, special_betainc.py:
Eigen's series and continued fractions with the C library's log, lgamma and exp;
eigen32.py's erfc). incomplete_bits.npz holds TF 2.21's outputs (recorded by
record_incomplete_bits.py) on grids of edges (zeros, denormals, tiny, huge, inf, NaN,
negatives) and on draws."""

import pathlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.ops import special_lgamma

pytestmark = pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU kernels' bits)

FIXTURE = np.load(pathlib.Path(__file__).with_name("incomplete_bits.npz"))
GAMMA = {"igamma": lambda a, x: tf.raw_ops.Igamma(a=a, x=x),
         "igammac": lambda a, x: tf.raw_ops.Igammac(a=a, x=x),
         "igamma_grad_a": lambda a, x: tf.raw_ops.IgammaGradA(a=a, x=x),
         "random_gamma_grad": lambda a, x: tf.raw_ops.RandomGammaGrad(alpha=a, sample=x)}


def differ(got: np.ndarray, want: np.ndarray) -> np.ndarray:
    bits = np.uint32 if want.dtype == np.float32 else np.uint64
    return (got.view(bits) != want.view(bits)) & ~(np.isnan(got) & np.isnan(want))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("op", sorted(GAMMA))
def test_incomplete_gamma_is_tfs(op, dtype):
    a, x = FIXTURE[f"gamma|{dtype}|a"], FIXTURE[f"gamma|{dtype}|x"]
    want = FIXTURE[f"{op}|{dtype}"]
    got = GAMMA[op](tf.constant(a), tf.constant(x)).numpy()
    assert got.dtype == want.dtype and got.shape == want.shape
    bad = differ(got, want)
    assert not bad.any(), (a[bad][:5], x[bad][:5], got[bad][:5], want[bad][:5])


@pytest.mark.parametrize("op", sorted(GAMMA))
def test_incomplete_gamma_broadcasts_and_traces_as_elementwise(op):
    a, x = FIXTURE["gamma|float64|a"][-40:], FIXTURE["gamma|float64|x"][-40:]
    want = FIXTURE[f"{op}|float64"][-40:]
    traced = tf.function(lambda u, v: GAMMA[op](u, v))
    assert not differ(traced(tf.constant(a), tf.constant(x)).numpy(), want).any()
    # (one a against many x: the same values as the pairs)
    got = GAMMA[op](tf.constant(a[:1]), tf.constant(x)).numpy()
    ref = GAMMA[op](tf.constant(np.full_like(x, a[0])), tf.constant(x)).numpy()
    assert not differ(got, ref).any()


def test_float64_erfc_is_tfs():
    """Eigen's erfc over packets of 4 doubles (its own exp), the C library's exp past the
    last whole packet: 4031 values (a tail of 3), TF's bits."""
    x, want = FIXTURE["erfc|float64|x"], FIXTURE["erfc|float64"]
    got = tf.math.erfc(tf.constant(x)).numpy()
    bad = differ(got, want)
    assert not bad.any(), (x[bad][:5], got[bad][:5], want[bad][:5])


# float64 Erfc of 3 values (TF's scalar path, glibc's exp) and of the same 3 repeated to 9
# (8 in packets: Eigen's exp, an ulp apart at 11.0), recorded from TF 2.21: 11 and its
# neighbours
ERFC_X = ["0x1.6000000000000p+3", "0x1.5ffffffffffffp+3", "0x1.6000000000001p+3"]
ERFC3 = ["0x1.1aa3b4e8f3ca9p-179", "0x1.1aa3b4e8f3d6bp-179", "0x1.1aa3b4e8f3be6p-179"]
ERFC9 = ["0x1.1aa3b4e8f3caap-179", "0x1.1aa3b4e8f3d6bp-179", "0x1.1aa3b4e8f3be6p-179"] * 3


def test_float64_erfc_scalar_path_is_tfs():
    x = np.array([float.fromhex(v) for v in ERFC_X])
    assert [float(v).hex() for v in tf.math.erfc(x).numpy()] == ERFC3
    assert [float(v).hex() for v in tf.math.erfc(np.tile(x, 3)).numpy()] == ERFC9


def test_float32_erfc_is_within_tfs_bound():
    """float32 Erfc keeps its own kernel (Eigen's, with the CPU's reciprocal estimate
    emulated, cost 4x, and tf.nn.gelu is erfc): within docs/ulp32.md's 61 ulp of TF's
    values, NaN where TF's is NaN; a denormal result where TF's threads flush it to 0."""
    x, want = FIXTURE["erfc|float32|x"], FIXTURE["erfc|float32"]
    got = tf.math.erfc(tf.constant(x)).numpy()
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    flushed = (want == 0) & (np.abs(got) < np.finfo(np.float32).tiny)
    ok = ~np.isnan(want) & ~flushed
    steps = np.abs(got[ok].view(np.int32).astype(np.int64) - want[ok].view(np.int32))
    assert steps.max() <= 61, (x[ok][steps.argmax()], got[ok][steps.argmax()])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_betainc_is_tfs(dtype):
    a, b, x = (FIXTURE[f"beta|{dtype}|{k}"] for k in "abx")
    want = FIXTURE[f"betainc|{dtype}"]
    got = tf.math.betainc(tf.constant(a), tf.constant(b), tf.constant(x)).numpy()
    bad = differ(got, want)
    assert not bad.any(), (a[bad][:5], b[bad][:5], x[bad][:5], got[bad][:5], want[bad][:5])


def test_betainc_of_scalars_is_the_same():
    a, b, x = (FIXTURE[f"beta|float64|{k}"][-30:] for k in "abx")
    want = FIXTURE["betainc|float64"][-30:]
    got = [tf.math.betainc(u, v, w).numpy() for u, v, w in zip(a, b, x)]
    assert not differ(np.array(got), want).any()


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(sorted(GAMMA)), st.sampled_from(["float32", "float64"]),
       st.integers(1, 40), st.integers(0, 2 ** 32 - 1))
def test_each_value_is_its_own(op, dtype, n, seed):
    """The kernels run every element's loop together and drop the finished ones: a value's
    result is the same alone as among others (TF's is a per-value function)."""
    rng = np.random.default_rng(seed)
    a = np.exp(rng.uniform(-5, 7, n)).astype(dtype)
    x = (a * np.exp(rng.normal(0, 1, n))).astype(dtype)
    whole = GAMMA[op](tf.constant(a), tf.constant(x)).numpy()
    alone = np.array([GAMMA[op](tf.constant(u), tf.constant(v)).numpy() for u, v in zip(a, x)])
    assert not differ(whole, alone.astype(dtype)).any()


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["float32", "float64"]), st.integers(1, 30), st.integers(0, 2 ** 32 - 1))
def test_each_betainc_value_is_its_own(dtype, n, seed):
    rng = np.random.default_rng(seed)
    a, b = (np.exp(rng.uniform(-4, 6, n)).astype(dtype) for _ in range(2))
    x = rng.uniform(0, 1, n).astype(dtype)
    whole = tf.math.betainc(a, b, x).numpy()
    alone = np.array([tf.math.betainc(u, v, w).numpy() for u, v, w in zip(a, b, x)])
    assert not differ(whole, alone.astype(dtype)).any()


@pytest.mark.skipif(not special_lgamma.available(), reason="glibc 2.28-2.41 and x87 long double")
def test_the_c_librarys_exp_and_log():
    """special_cephes's exp64, expf and float32 sin and cos, and the log64 and logf it
    takes from libm_exact, against the C library itself (Python's math module for doubles,
    ctypes for floats): its bits on 20,000 values each."""
    import ctypes.util
    import math

    from eagerflow._src.ops import libm_exact
    from eagerflow._src.ops import special_cephes as C

    rng = np.random.default_rng(3)
    x = rng.uniform(-700, 700, 20000)
    assert C.exp64(x).tolist() == [math.exp(v) for v in x.tolist()]
    y = np.exp(rng.uniform(-700, 700, 20000))
    assert libm_exact.log64(np, y).tolist() == [math.log(v) for v in y.tolist()]
    libm = ctypes.CDLL(ctypes.util.find_library("m"))
    for name, fn, v in (("expf", C.expf, rng.uniform(-87, 88, 20000)),
                        ("logf", lambda u: libm_exact.logf(np, u),
                         np.exp(rng.uniform(-80, 80, 20000))),
                        ("sinf", lambda u: C.libm(np, np.sin, u), rng.uniform(-1e4, 1e4, 20000)),
                        ("cosf", lambda u: C.libm(np, np.cos, u), rng.uniform(-50, 50, 20000))):
        c = getattr(libm, name)
        c.restype, c.argtypes = ctypes.c_float, [ctypes.c_float]
        v = v.astype(np.float32)
        assert fn(v).tolist() == [c(u) for u in v.tolist()]
