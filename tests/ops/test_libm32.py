"""float32 functions of tensors of fewer than 8 values bit for bit with TF 2.21's CPU
kernels, which call the C library's function there (libm32.py): sin, cos, tan, exp, log,
log1p, expm1, lgamma, the inverse trigonometric and hyperbolic functions; one scalar at a time,
as 7-value tensors, traced, and the gradients built from them; recorded from TF by
record_libm32_golden.py (libm32_golden.json). The C library is this machine's, as TF's
is: the golden values hold where it is the glibc they were recorded with (x86-64)."""

import json
import platform
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import c_float_function
from eagerflow._src.ops import libm32
from tests.ops.libm32_cases import (
    FUNCTIONS,
    GRADIENTS,
    HALF_FUNCTIONS,
    HALF_TYPES,
    bits,
    half_case,
    inputs,
    schedule_rates,
)

pytestmark = [pytest.mark.usefixtures("cpu_kernels"), pytest.mark.skipif(
    platform.system() != "Linux" or platform.machine() not in ("x86_64", "AMD64") or
    platform.libc_ver()[0] != "glibc" or c_float_function("cosf") is None,
    reason="golden values of x86-64 glibc's float functions")]

GOLDEN = json.loads((Path(__file__).resolve().parent / "libm32_golden.json").read_text())
X = inputs()


def _fn(name):
    return eval(name, {"tf": tf})


@pytest.mark.parametrize("name", FUNCTIONS)
def test_scalars_are_tfs(name):
    fn = _fn(name)
    assert bits([fn(tf.constant(v)).numpy() for v in X]) == GOLDEN[name + " scalars"]


@pytest.mark.parametrize("name", FUNCTIONS)
def test_seven_values_are_tfs(name):
    fn = _fn(name)
    got = np.concatenate([fn(tf.constant(X[i:i + 7])).numpy() for i in range(0, X.size, 7)])
    assert bits(got) == GOLDEN[name + " sevens"]


@pytest.mark.parametrize("name", FUNCTIONS)
def test_traced_are_tfs(name):
    """Generated code takes the scalar path for known small shapes and unknown ones."""
    fn = _fn(name)
    seven = tf.function(lambda x: fn(x), input_signature=[tf.TensorSpec([7], tf.float32)])
    unknown = tf.function(lambda x: fn(x), input_signature=[tf.TensorSpec(None, tf.float32)])
    scalar = tf.function(lambda x: fn(x))
    want = GOLDEN[name + " sevens"]
    for f in (seven, unknown):
        got = np.concatenate([f(tf.constant(X[i:i + 7])).numpy() for i in range(0, X.size, 7)])
        assert bits(got) == want
    assert bits([scalar(tf.constant(v)).numpy() for v in X[:40]]) == \
        GOLDEN[name + " scalars"][:40]


@pytest.mark.parametrize("name", GRADIENTS)
def test_gradients_are_tfs(name):
    """At the normal inputs: TF's float32 Mul and Neg flush a denormal sin(x) (cos's and
    cosh's gradients), which eagerflow's arithmetic keeps (docs/ulp32.md)."""
    fn, grads = _fn(name), []
    normal = ~((X != 0) & (np.abs(X) < np.float32(2.0 ** -126)))
    for v in X[normal]:
        t = tf.constant(v)
        with tf.GradientTape() as tape:
            tape.watch(t)
            y = fn(t)
        grads.append(tape.gradient(y, t).numpy())
    assert bits(grads) == [b for b, k in zip(GOLDEN[name + " gradients"], normal) if k]


@pytest.mark.parametrize("dtype", HALF_TYPES)
@pytest.mark.parametrize("name", HALF_FUNCTIONS)
@pytest.mark.parametrize("small", [False, True], ids=["all", "sevens"])
def test_half_types_are_tfs(name, dtype, small):
    """float16/bfloat16: fewer than 8 values take the float32 function rounded once (TF's
    scalar path), larger tensors Eigen's packets or, for functions Eigen has none of, the
    C library's function on every value (a table lookup)."""
    key = f"{dtype} {name} {'sevens' if small else 'all'}"
    got, want = half_case(tf, name, dtype, small), GOLDEN[key]
    assert got == want, (key, got["head"], want["head"])


def test_half_traced_small_and_large():
    x = np.array([0.3, -1e-40, 2.5], dtype=tf.bfloat16.as_numpy_dtype)
    for name in ("tf.tan", "tf.math.log", "tf.math.rsqrt"):
        fn = _fn(name)
        eager = fn(tf.constant(x)).numpy()
        traced = tf.function(lambda v, fn=fn: fn(v))(tf.constant(x)).numpy()
        assert bits(eager.astype(np.float32)) == bits(traced.astype(np.float32))
    big = np.linspace(-3, 3, 40).astype(np.float16)
    assert bits(tf.function(tf.tan)(tf.constant(big)).numpy().astype(np.float32)) == \
        bits(tf.tan(tf.constant(big)).numpy().astype(np.float32))


def test_keras_cosine_schedules_are_tfs():
    """A schedule's cos is of a scalar: 17 and 13 of these 143 rates differed by an ulp
    with NumPy's float32 cos."""
    for key, got in schedule_rates(tf.keras).items():
        assert got == GOLDEN[key], key


def test_cases_are_not_numpys():
    """NumPy's float32 ufuncs (their own SIMD code) miss TF's bits on these inputs: the
    cases test the C library path, not a coincidence."""
    missed = {}
    with np.errstate(all="ignore"):
        for name, uf in (("tf.sin", np.sin), ("tf.cos", np.cos), ("tf.exp", np.exp),
                         ("tf.math.log", np.log), ("tf.tan", np.tan), ("tf.cosh", np.cosh)):
            want = GOLDEN[name + " scalars"]
            missed[name] = sum(a != b for a, b in zip(bits(uf(X)), want))
    # (NumPy 2.4.6's tan and cosh agree with the C library on them; its others do not)
    assert sum(n > 0 for n in missed.values()) >= 4, missed


def test_denormals_as_tfs_threads_read_them():
    """TF's threads flush denormals: exp's denormal results are zeros, expm1 and log read
    a denormal input as zero, sin hands a tiny input back unchanged."""
    tiny = np.array([1e-40, -1e-40], np.float32)
    assert tf.exp(tf.constant(-100.0)).numpy() == 0
    assert np.signbit(tf.math.expm1(tf.constant(tiny)).numpy()).tolist() == [False, True]
    assert (tf.math.expm1(tf.constant(tiny)).numpy() == 0).all()
    assert tf.math.log(tf.constant(1e-40)).numpy() == np.float32(-103.97208)
    assert np.isnan(tf.math.log(tf.constant(-1e-40)).numpy())
    assert tf.sin(tf.constant(tiny)).numpy().tolist() == tiny.tolist()


def test_lgamma_bfloat16_refused_small_and_large():
    for n in (1, 3, 20):
        with pytest.raises(tf.errors.NotFoundError, match="Lgamma"):
            tf.math.lgamma(tf.constant([1.5] * n, tf.bfloat16))


def test_empty_and_shaped_tensors():
    for shape in ((0,), (2, 0, 3), (1, 1), (2, 3), (7, 1)):
        x = np.linspace(0.1, 2.0, int(np.prod(shape)), dtype=np.float32).reshape(shape)
        y = tf.exp(tf.constant(x))
        assert y.shape == shape and y.dtype == tf.float32
        assert bits(y.numpy()) == bits(tf.exp(tf.constant(x.reshape(-1)[:, None])).numpy())
        traced = tf.function(tf.exp)(tf.constant(x))
        assert traced.shape == shape and bits(traced.numpy()) == bits(y.numpy())


def test_larger_tensors_keep_numpys_kernels():
    """From 8 values TF runs Eigen's packets, which eagerflow leaves to NumPy's ufuncs."""
    x = X[:64].copy()
    x[~np.isfinite(x)] = 0
    assert bits(tf.cos(tf.constant(x)).numpy()) == bits(np.cos(x))
    assert bits(tf.cos(tf.constant(x.astype(np.float64))).numpy()) == \
        bits(np.cos(x.astype(np.float64)))


def test_other_dtypes_and_fallback(monkeypatch):
    """float64 and complex inputs keep NumPy's kernels; without a C library the kernel is
    NumPy's ufunc."""
    d = np.array([0.3, 1.7], np.float64)
    assert tf.cos(tf.constant(d)).numpy().tolist() == np.cos(d).tolist()
    c = np.array([0.3 + 1j], np.complex64)
    assert tf.exp(tf.constant(c)).numpy().tolist() == np.exp(c).tolist()
    assert c_float_function("no_such_function_f") is None
    monkeypatch.setattr(libm32, "c_float_function", lambda name: None)
    x = np.array([0.3, 2.5], np.float32)
    assert bits(libm32.scalar("cosf")(x)) == bits(np.cos(x))
