"""The specialised eager paths (dispatch.unary / dispatch.binary, the tape's fast
single-source gradient, the sample RNG drawn in blocks) against the general ones.

Each public one- and two-input op function skips bind() on the eager NumPy path; here
its results, dtypes, devices, errors, tape records and traced graphs are compared with
bind() on the same OpDef, which is the reference path.
"""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.ops import math as m
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import SampleRNG

BINARY = [(m.add, m.ADD), (m.subtract, m.SUB), (m.multiply, m.MUL), (m.maximum, m.MAXIMUM),
          (m.less, m.LESS), (m.equal, m.EQUAL), (m.realdiv, m.REALDIV), (m.pow, m.POW)]
UNARY = [(m.exp, m.EXP), (m.tanh, m.TANH), (m.negative, m.NEG), (m.sqrt, m.SQRT),
         (m.is_nan, m.IS_NAN), (m.sigmoid, m.SIGMOID)]
SHAPES = [((2, 2), (2, 2)), ((2, 3), ()), ((), (4,)), ((3, 1), (1, 4)), ((0, 2), (2,))]


def _arr(shape, seed, dtype=np.float32):
    return np.random.default_rng(seed).uniform(0.5, 2.0, size=shape).astype(dtype)


@pytest.mark.parametrize("fn,op", BINARY, ids=[o.name for _, o in BINARY])
@pytest.mark.parametrize("shapes", SHAPES, ids=str)
def test_binary_matches_bind(fn, op, shapes):
    x, y = tf.constant(_arr(shapes[0], 1)), tf.constant(_arr(shapes[1], 2))
    got, want = fn(x, y), bind(op, (x, y), {})
    assert type(got) is EagerTensor
    assert got.dtype is want.dtype and got.shape == want.shape and got.device == want.device
    np.testing.assert_array_equal(got.numpy(), want.numpy())


@pytest.mark.parametrize("fn,op", BINARY[:4], ids=[o.name for _, o in BINARY[:4]])
@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float64", "int32", "complex64"])
@pytest.mark.parametrize("shapes", [((2, 3), (2, 3)), ((2, 3), ()), ((), (2, 3))], ids=str)
def test_binary_dtypes_match_bind(fn, op, dtype, shapes):
    """The fast path answers same-dtype, same-shape (or scalar) operands without infer
    (OpDef.like_inputs): the result is bind's, half-precision kernels included."""
    if dtype == "complex64" and op is m.MAXIMUM:
        pytest.skip("Maximum takes no complex")
    d = tf.as_dtype(dtype)
    x = tf.cast(tf.constant(_arr(shapes[0], 4, np.float64) * 3), d)
    y = tf.cast(tf.constant(_arr(shapes[1], 5, np.float64) * 3), d)
    got, want = fn(x, y), bind(op, (x, y), {})
    assert got.dtype is want.dtype is d and got.shape == want.shape
    np.testing.assert_array_equal(got.numpy(), want.numpy())
    with tf.GradientTape() as tape:  # still recorded when watched
        tape.watch(x)
        z = fn(x, y)
    if d.is_floating:
        assert tape.gradient(z, x) is not None


@pytest.mark.parametrize("fn,op", UNARY, ids=[o.name for _, o in UNARY])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_unary_matches_bind(fn, op, dtype):
    x = tf.constant(_arr((3, 2), 3, dtype))
    got, want = fn(x), bind(op, (x,), {})
    assert got.dtype is want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got.numpy(), want.numpy())


@pytest.mark.parametrize("fn,op", UNARY[:4], ids=[o.name for _, o in UNARY[:4]])
@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "complex128"])
def test_unary_dtypes_match_bind(fn, op, dtype):
    x = tf.cast(tf.constant(_arr((3, 2), 6, np.float64)), dtype)
    got, want = fn(x), bind(op, (x,), {})
    assert got.dtype is want.dtype is tf.as_dtype(dtype) and got.shape == want.shape
    np.testing.assert_array_equal(got.numpy(), want.numpy())


def test_python_operands_take_the_tensor_dtype():
    x = tf.constant([1, 2], dtype=tf.int64)
    assert (x + 1).dtype == tf.int64 and (2 * x).dtype == tf.int64
    np.testing.assert_array_equal((x * 3 - 1).numpy(), [2, 5])
    assert tf.exp([0.0, 1.0]).dtype == tf.float32
    with pytest.raises(TypeError):
        tf.constant([1, 2]) * 1.5  # 1.5 does not fit int32


def test_errors_are_tf_errors():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"\[2,3\] vs. \[4\]"):
        tf.ones((2, 3)) + tf.ones((4,))
    with pytest.raises(tf.errors.InvalidArgumentError, match="AddV2"):
        tf.add(tf.ones((2,)), tf.ones((2,), tf.float64))
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.exp(tf.constant([1, 2]))  # Exp has no int32 kernel


def test_records_on_tape_only_when_watched():
    x = tf.constant([1.0, 2.0])
    y = tf.constant([3.0, 4.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        z = tf.exp(x) * y + y  # mixes watched and unwatched inputs
        u = y * y              # nothing watched: not recorded
    np.testing.assert_allclose(tape.gradient(z, x).numpy(), np.exp([1.0, 2.0]) * [3, 4],
                               rtol=1e-6)
    assert tape.gradient(u, y) is None
    assert len(tape._nodes) == 3


def test_traced_functions_use_the_graph():
    @tf.function
    def f(a, b):
        return tf.tanh(a) * b + 1.0

    a, b = tf.constant([0.5, -1.0]), tf.constant([2.0, 3.0])
    np.testing.assert_allclose(f(a, b).numpy(), np.tanh([0.5, -1.0]) * [2, 3] + 1, rtol=1e-6)
    ops = [o.type for o in f.get_concrete_function(a, b).graph.get_operations()]
    assert "Tanh" in ops and "Mul" in ops


def test_symbolic_tensor_in_eager_op_is_a_type_error():
    leaked = []

    @tf.function
    def f(a):
        leaked.append(a * 2.0)
        return a

    f(tf.constant(1.0))
    with pytest.raises(TypeError, match="is out of scope and cannot be used here"):
        tf.exp(leaked[0])
    with pytest.raises(TypeError, match="is out of scope and cannot be used here"):
        tf.constant(1.0) + leaked[0]


def test_gradient_single_and_structured_sources():
    w = tf.Variable([[1.5]])
    v = tf.Variable(2.0)
    with tf.GradientTape(persistent=True) as tape:
        loss = w * w * v
    g = tape.gradient(loss, w)
    assert isinstance(g, EagerTensor)
    np.testing.assert_allclose(g.numpy(), [[2 * 1.5 * 2.0]])
    gs = tape.gradient(loss, {"w": w, "v": [v]})
    np.testing.assert_allclose(gs["w"].numpy(), [[6.0]])
    np.testing.assert_allclose(gs["v"][0].numpy(), 2.25)
    assert tape.gradient(loss, tf.Variable(1.0), unconnected_gradients="zero").numpy() == 0
    with pytest.raises(TypeError, match="Cannot convert the argument `type_value`: 'x'"):
        tape.gradient(loss, [w, "x"])  # TF's tape reads a source's dtype


def test_gradient_matches_central_differences():
    x0 = np.array([0.3, -0.7, 1.1])
    x = tf.constant(x0)

    def f(a):
        return tf.reduce_sum(tf.tanh(a) * tf.exp(a * 0.5) - a * a)

    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    g = tape.gradient(y, x).numpy()
    eps = 1e-6
    num = [(f(tf.constant(x0 + eps * e)).numpy() - f(tf.constant(x0 - eps * e)).numpy()) /
           (2 * eps) for e in np.eye(3)]
    np.testing.assert_allclose(g, num, rtol=1e-6, atol=1e-8)


def _splitmix(seed, n):
    """Plain-Python splitmix64, the reference for SampleRNG's stream."""
    mask, gamma = 2**64 - 1, 0x9E3779B97F4A7C15
    state = (seed * gamma + 1) & mask
    out = []
    for i in range(1, n + 1):
        z = (state + i * gamma) & mask
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        out.append(z ^ (z >> 31))
    return out


def test_sample_rng_stream_does_not_depend_on_draw_sizes():
    sizes = [3, 1, 0, 4095, 2, 4100, 7]
    rng = SampleRNG(11)
    drawn = np.concatenate([rng.integers(0, 2**40, size=n) for n in sizes])
    ref = np.array([b % 2**40 for b in _splitmix(11, sum(sizes))], dtype=np.int64)
    np.testing.assert_array_equal(drawn, ref)
    u = SampleRNG(5).uniform(-1.0, 1.0, size=(2, 3))
    ref_u = [-1.0 + 2.0 * (b >> 11) * 2.0**-53 for b in _splitmix(5, 6)]
    np.testing.assert_array_equal(u.ravel(), ref_u)
    assert sorted(SampleRNG(3).permutation(10).tolist()) == list(range(10))


@pytest.mark.parametrize("sa,sb", [((2, 2), (2, 2)), ((3, 4), (4, 5)), ((2, 3, 4), (4, 2)),
                                   ((1, 2, 3), (5, 3, 2)), ((0, 3), (3, 2)), ((64, 64), (64, 64))])
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32])
def test_matmul_fast_path_matches_bind(sa, sb, dtype):
    from eagerflow._src.ops.linalg import _MATMUL_ATTRS, MATMUL

    a, b = tf.constant(_arr(sa, 4, dtype)), tf.constant(_arr(sb, 5, dtype))
    want = bind(MATMUL, (a, b), _MATMUL_ATTRS[False, False])
    for got in (tf.matmul(a, b), a @ b):
        assert got.dtype is want.dtype and got.shape == want.shape
        np.testing.assert_array_equal(got.numpy(), want.numpy())


def test_matmul_fast_path_errors_and_gradients():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Matrix size-incompatible: "
                       r"In\[0\]: \[2,3\], In\[1\]: \[2,3\]"):
        tf.ones((2, 3)) @ tf.ones((2, 3))
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.matmul(tf.ones((2, 2)), tf.ones((2, 2), tf.float64))
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.ones((3,)) @ tf.ones((3,))  # rank 1
    a0, b0 = np.array([[0.5, -1.0], [2.0, 0.3]]), np.array([[1.5], [-0.5]])
    a, b = tf.constant(a0), tf.Variable(b0)
    with tf.GradientTape() as tape:
        tape.watch(a)
        y = tf.reduce_sum(tf.tanh(a @ b))
    ga, gb = tape.gradient(y, [a, b])
    g_out = 1 - np.tanh(a0 @ b0) ** 2
    np.testing.assert_allclose(ga.numpy(), g_out @ b0.T, rtol=1e-12)
    np.testing.assert_allclose(gb.numpy(), a0.T @ g_out, rtol=1e-12)
    np.testing.assert_allclose(tf.matmul(a, b, transpose_a=True).numpy(), a0.T @ b0)


@pytest.mark.parametrize("dtype", [tf.float32, tf.float64, tf.int32, tf.int64, tf.float16])
@pytest.mark.parametrize("v", [2, -3, 0.5, 1e300, 2**31, 2**40, float("nan")])
def test_scalar_operands_convert_as_convert_to_tensor(dtype, v):
    x = tf.ones((2,), dtype)
    try:
        want = tf.convert_to_tensor(v, dtype=dtype)
    except (TypeError, ValueError) as e:
        with pytest.raises(type(e)):
            m.binary_args(x, v)
        with pytest.raises(type(e)):
            m.binary_args(v, x)
        return
    for got in (m.binary_args(x, v)[1], m.binary_args(v, x)[0]):
        assert got.dtype is want.dtype and got.shape == ()
        np.testing.assert_array_equal(got.numpy(), want.numpy())
    hinted = m.binary_args_hint(x, v)[1]
    assert hinted.dtype is want.dtype
    np.testing.assert_array_equal(hinted.numpy(), want.numpy())
