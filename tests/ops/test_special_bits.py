"""tf.math's Fresnel integrals, Spence, Dawsn, Ei, Digamma, Ndtri, Erfinv and the Bessel
functions J, Y, I and K (I and K plain and scaled) give TF 2.21's CPU values bit for bit,
float32 and float64, where TF's arithmetic is reproducible (special_cephes.py,
special_bessel.py). special_bits.npz holds TF 2.21's outputs (recorded by
benchmarks/ulp32/special.py fixture) on the specials, the bounds of the approximations'
intervals and their neighbours, denormals, and draws: one tensor of 264 values (Eigen's
packets) and one of 7 (TF's scalar path) per op and dtype.

Eigen's packets take the CPU's reciprocal and reciprocal square root estimates (RCPPS,
RSQRTPS, refined by one Newton step: backend/x86_estimates.py, Intel's) in float32 Ndtri's
and Erfinv's tails and past the Bessel functions' first interval, and Eigen's own sin and
cos there for J and Y (halfprec.psin, pcos); float64 values through exp or log (I0, I1,
Ei, Y1) the C library's (special_cephes.exp64, log64), as Digamma's reflection takes the
C library's tan and tanf and its float32 log glibc's logf.

The values are TF's CPU kernels': the suite runs on the CPU where a GPU is the default device
(`make test-gpu`), as TF's would inside tf.device("/CPU:0"). TF's GPU kernels are Eigen's
device functions over CUDA's libdevice (its lgamma, j0f, erfinvf, ...), not the C library's
nor the CPU's estimates."""

import pathlib

import numpy as np
import pytest

import eagerflow as tf

pytestmark = pytest.mark.usefixtures("cpu_kernels")

FIXTURE = np.load(pathlib.Path(__file__).with_name("special_bits.npz"))
OPS = {"fresnel_cos": tf.math.special.fresnel_cos, "fresnel_sin": tf.math.special.fresnel_sin,
       "spence": tf.math.special.spence, "dawsn": tf.math.special.dawsn,
       "expint": tf.math.special.expint, "digamma": tf.math.digamma,
       "i0": tf.math.bessel_i0, "i0e": tf.math.bessel_i0e,
       "i1": tf.math.bessel_i1, "i1e": tf.math.bessel_i1e, "k0": tf.math.special.bessel_k0,
       "k0e": tf.math.special.bessel_k0e, "k1": tf.math.special.bessel_k1,
       "k1e": tf.math.special.bessel_k1e, "j0": tf.math.special.bessel_j0,
       "j1": tf.math.special.bessel_j1, "y0": tf.math.special.bessel_y0,
       "y1": tf.math.special.bessel_y1, "ndtri": tf.math.ndtri, "erfinv": tf.math.erfinv}


def _differ(got, want):
    bits = np.uint32 if want.dtype == np.float32 else np.uint64
    return (got.view(bits) != want.view(bits)) & ~(np.isnan(got) & np.isnan(want))


def _ulps(got, want):
    ints = np.int32 if want.dtype == np.float32 else np.int64
    a, b = (v.view(ints).astype(np.float64) for v in (got, want))
    return np.abs(a - b)  # (same-signed finite values)


def _run(op, x):
    with np.errstate(all="ignore"):
        return OPS[op](tf.constant(x)).numpy()


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("op", sorted(OPS))
def test_a_tensor_of_whole_packets_is_tfs(op, dtype):
    x, want = FIXTURE[f"{op}|{dtype}|x"], FIXTURE[f"{op}|{dtype}|y"]
    got = _run(op, x)
    assert got.dtype == want.dtype and got.shape == want.shape
    bad = _differ(got, want)
    assert not bad.any(), (x[bad], got[bad], want[bad])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("op", sorted(OPS))
def test_a_tensor_of_seven_is_tfs_scalar_path(op, dtype):
    x, want = FIXTURE[f"{op}|{dtype}|x7"], FIXTURE[f"{op}|{dtype}|y7"]
    got = _run(op, x)
    assert not _differ(got, want).any(), (x, got, want)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("op", ["zeta", "polygamma"])
def test_zeta_and_polygamma(op, dtype):
    """float64 bit for bit; float32 within an ulp on at most 1% of values (the C library's
    powf: glibc's differs from the double power rounded once on a few inputs)."""
    fn = tf.math.zeta if op == "zeta" else tf.math.polygamma
    for k in ("", "7"):
        a, x, want = (FIXTURE[f"{op}|{dtype}|{v}{k}"] for v in "axy")
        with np.errstate(all="ignore"):
            got = fn(tf.constant(a), tf.constant(x)).numpy()
        bad = _differ(got, want)
        if dtype == "float64":
            assert not bad.any(), (a[bad], x[bad], got[bad], want[bad])
        else:
            assert bad.sum() <= 0.01 * bad.size and _ulps(got[bad], want[bad]).max(initial=0) <= 1


def test_a_traced_call_and_scalars_are_the_same():
    x, want = FIXTURE["k0e|float32|x7"], FIXTURE["k0e|float32|y7"]
    traced = tf.function(lambda v: tf.math.special.bessel_k0e(v))
    assert not _differ(traced(tf.constant(x)).numpy(), want).any()
    for v, w in zip(x, want):
        assert not _differ(np.asarray(tf.math.special.bessel_k0e(v).numpy()), np.asarray(w))


# float64 Lgamma of fewer than 8 values: TF's per-value lgamma_r (recorded from TF 2.21,
# its constant for every denormal, -log(2**-1075), among them)
LGAMMA64 = {5e-324: "0x1.74910d52d3052p+9", -1e-310: "0x1.74910d52d3052p+9",
            1.5: "-0x1.eeb95b094c191p-4", -2.5: "-0x1.ccbf9f5ed0f18p-5",
            3.0: "0x1.62e42fefa39efp-1", 1e300: "0x1.017f38e7a1ab5p+1006", -np.inf: "inf"}


def test_float64_lgamma_of_a_few_values_is_tfs():
    x = np.array(list(LGAMMA64), np.float64)
    assert [float(v).hex() for v in tf.math.lgamma(x).numpy()] == list(LGAMMA64.values())
    assert float(tf.math.lgamma(np.float64(-0.0))) == np.inf


# Eigen's float32 packet sin and cos (the J and Y functions' past their first interval):
# TF 2.21's tf.math.sin and cos of 16 values (two whole packets), the Cody-Waite reduction
# below 18838, Payne-Hanek's above it (to 1.8e28), recorded from TF 2.21
SINCOS_X = [0x41C807D2, 0x420F8DE1, 0x41F8382C, 0x411021F2, 0x42A5D46D, 0x52F03F5F, 0x6880AE42,
            0x6E67B161, 0x4697371F, 0x46DB020B, 0x46A0BF32, 0x46BA991A, 0x5708EA9D, 0x6842E930,
            0x572F73BC, 0x46938821]
SIN = [0xBE03A6C6, 0xBF78AD50, 0xBEC1F205, 0x3ECF21A2, 0x3F7192E9, 0x3F598B03, 0xBF7F26B3,
       0xBF694886, 0xBE53AB03, 0xBF0E7A8C, 0xBF772B33, 0x3F54585D, 0xBF0842CD, 0x3F6BA25F,
       0xBF650988, 0x3D4892AE]
COS = [0x3F7DE01D, 0xBE732BB0, 0x3F6CEC2C, 0xBF6A1D9D, 0x3EA97269, 0x3F06F2C2, 0x3DA6A394,
       0x3ED2DAC0, 0xBF7A789C, 0xBF54AFE9, 0xBE855222, 0xBF0EFCE6, 0xBF58B925, 0x3EC81FFB,
       0xBEE4B7BD, 0xBF7FB161]


def test_eigens_packet_sin_and_cos_are_tfs():
    from eagerflow._src.ops import halfprec

    x = np.array(SINCOS_X, np.uint32).view(np.float32)
    assert halfprec.psin(x).view(np.uint32).tolist() == SIN
    assert halfprec.pcos(x).view(np.uint32).tolist() == COS
    assert halfprec.psin(-x).view(np.uint32).tolist() == [v ^ 0x80000000 for v in SIN]
    assert halfprec.pcos(-x).view(np.uint32).tolist() == COS
