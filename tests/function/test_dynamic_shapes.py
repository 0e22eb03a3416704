"""Shape-like arguments known only at run time inside tf.function (issue #4).

Each case runs a function eagerly and as a tf.function with a relaxed input signature
and checks: the same values, the static shape seen while tracing equal to the one TF
2.21 reports for the same code (recorded from tensorflow-cpu 2.21.0), gradients of the
differentiable input against central finite differences in float64, and an
InvalidArgumentError naming the op when the runtime value is bad.
"""

import re

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor
from tests.gpu_target import on_recording_device

S = tf.TensorSpec
X = np.arange(48.0).reshape(4, 3, 4) / 7.0
XS = S([None, 3, 4], tf.float64)     # batch unknown
XK = S([4, 3, 4], tf.float64)        # fully known
NS = S([], tf.int32)                 # a scalar argument: never a constant while tracing


def _n(v):
    return tf.constant(v, tf.int32)


def _positional(body, nargs):
    """`body(*args)` as a function with `nargs` named parameters (input signatures need them)."""
    if nargs == 1:
        return lambda x: body(x)
    return lambda x, n: body(x, n)


# name, function, input signature, extra args (after x), TF's static shape, differentiable
CASES = [
    ("reshape_batch", lambda x: tf.reshape(x, [tf.shape(x)[0], -1]), [XS], (), (None, None), True),
    ("reshape_known_x", lambda x: tf.reshape(x, [tf.shape(x)[1], -1]), [XK], (), (3, 16), True),
    ("reshape_n_m1", lambda x, n: tf.reshape(x, [n, -1]), [XS, NS], (_n(2),), (None, None), True),
    ("reshape_n_12", lambda x, n: tf.reshape(x, [n, 12]), [XS, NS], (_n(4),), (None, 12), True),
    ("reshape_n_12_known", lambda x, n: tf.reshape(x, [n, 12]), [XK, NS], (_n(4),), (4, 12),
     True),
    ("reshape_stack", lambda x, n: tf.reshape(x, tf.stack([n, -1])), [XS, NS], (_n(1),),
     (None, None), True),
    ("reshape_shape_of", lambda x: tf.reshape(x, tf.shape(x)), [XS], (), (None, 3, 4), True),
    ("slice_begin", lambda x, n: tf.slice(x, [n, 0, 0], [1, 2, 2]), [XS, NS], (_n(1),),
     (1, 2, 2), True),
    ("slice_to_end", lambda x, n: tf.slice(x, [n, 0, 0], [-1, 2, -1]), [XS, NS], (_n(1),),
     (None, 2, 4), True),
    ("slice_size", lambda x, n: tf.slice(x, [0, 0, 0], [n, 2, 2]), [XS, NS], (_n(3),),
     (None, 2, 2), True),
    ("slice_shape_minus", lambda x: tf.slice(x, [0, 1, 0], tf.shape(x) - [0, 1, 0]), [XK], (),
     (4, 2, 4), True),
    ("zeros", lambda x: tf.zeros([tf.shape(x)[0], 10], tf.float64) + tf.reduce_sum(x), [XS], (),
     (None, 10), True),
    ("zeros_n", lambda x, n: tf.zeros([n, 10]), [XS, NS], (_n(2),), (None, 10), False),
    ("ones_shape_of", lambda x: tf.ones(tf.shape(x), tf.float64) * x, [XS], (), (None, 3, 4),
     True),
    ("fill", lambda x: tf.fill(tf.shape(x), tf.reduce_mean(x)), [XS], (), (None, 3, 4), True),
    ("broadcast_scalar", lambda x: tf.broadcast_to(tf.reduce_sum(x), tf.shape(x)), [XS], (),
     (None, 3, 4), True),
    ("broadcast_n", lambda x, n: tf.broadcast_to(x[:1, :, :1], [n, 3, 4]), [XS, NS], (_n(2),),
     (None, 3, 4), True),
    ("tile_batch", lambda x: tf.tile(x, [tf.shape(x)[0], 1, 1]), [XS], (), (None, 3, 4), True),
    ("tile_n", lambda x, n: tf.tile(x, [n, 2, 1]), [XK, NS], (_n(2),), (None, 6, 4), True),
    ("pad", lambda x, n: tf.pad(x, [[0, n], [0, 0], [1, 1]]), [XS, NS], (_n(1),), (None, 3, 6),
     True),
    ("pad_value", lambda x, n: tf.pad(x, [[0, n], [0, 0], [1, 1]], constant_values=2.5),
     [XK, NS], (_n(2),), (None, 3, 6), True),
    ("pad_tensor", lambda x, n: tf.pad(x, tf.reshape(tf.stack([n, n, 0, 0, 0, n]), [3, 2])),
     [XK, NS], (_n(1),), (None, None, None), True),
    ("expand_dims_n", lambda x, n: tf.expand_dims(x, n), [XS, NS], (_n(1),), None, True),
    ("expand_dims_folded", lambda x: tf.expand_dims(x, tf.shape(x)[1] - 1), [XS], (),
     (None, 3, 1, 4), True),
    ("one_hot_depth", lambda x, n: tf.one_hot([0, 1], n + 2), [XS, NS], (_n(1),), (2, None),
     False),
    ("one_hot_folded", lambda x: tf.one_hot([0, 1], tf.shape(x)[1], dtype=tf.float64) * 2.0,
     [XS], (), (2, 3), False),
    ("transpose_perm", lambda x, n: tf.transpose(x, tf.stack([n, 0, 2])), [XS, NS], (_n(1),),
     (None, None, None), True),
    ("gather_axis", lambda x, n: tf.gather(x, [0, 2, 0], axis=n), [XS, NS], (_n(1),),
     (None, None, None), True),
    ("gather_axis_neg", lambda x, n: tf.gather(x, [[1], [2]], axis=n), [XS, NS], (_n(-1),),
     (None, None, None, None), True),
    ("concat_axis", lambda x, n: tf.concat([x, 2.0 * x[:, :2]], axis=n), [XS, NS], (_n(1),),
     (None, None, None), True),
    ("concat_axis_neg", lambda x, n: tf.concat([x[..., :1], x, tf.sin(x)], axis=n), [XS, NS],
     (_n(-1),), (None, None, None), True),
    ("range_folded", lambda x: tf.range(tf.shape(x)[1]), [XS], (), (3,), False),
    ("range_folded_step", lambda x: tf.range(1, tf.shape(x)[2], 2), [XS], (), (2,), False),
    ("range_n", lambda x, n: tf.range(n), [XS, NS], (_n(3),), (None,), False),
    ("resize_size", lambda x, n: tf.image.resize(x[..., None], [n, 5]), [XS, NS], (_n(2),),
     (None, None, 5, 1), False),
    ("resize_nearest", lambda x, n: tf.image.resize(x[..., None], tf.stack([n, 5]),
                                                    method="nearest"),
     [XS, NS], (_n(5),), (None, None, 5, 1), False),
    ("resize_shape_times", lambda x: tf.image.resize(x[..., None], tf.shape(x)[1:3] * 2), [XS],
     (), (None, None, None, 1), False),
]


@pytest.mark.parametrize("name,fn,sig,args,static,_", CASES, ids=[c[0] for c in CASES])
def test_values_and_static_shape_match_tf(name, fn, sig, args, static, _):
    seen = []

    def traced(*a):
        out = fn(*a)
        seen.append(out.shape.as_list() if out.shape.rank is not None else None)
        return out

    g = tf.function(_positional(traced, len(sig)), input_signature=sig)
    x = tf.constant(X)
    got = g(x, *args)
    np.testing.assert_array_equal(got.numpy(), fn(x, *args).numpy())
    assert seen == [None if static is None else list(static)]


@pytest.mark.parametrize("name,fn,sig,args,static,diff", [c for c in CASES if c[5]],
                         ids=[c[0] for c in CASES if c[5]])
def test_gradients_flow_through_runtime_shapes(name, fn, sig, args, static, diff):
    rng = np.random.default_rng(0)

    def body(x, *a):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reshape(fn(x, *a), [-1])  # (reductions want a known rank)
            w = tf.cast(tf.range(tf.size(y)), tf.float64)
            loss = tf.reduce_sum(tf.sin(y) * w)
        return loss, tape.gradient(loss, x)

    loss_and_grad = tf.function(_positional(body, len(sig)), input_signature=sig)
    x0 = rng.uniform(-1, 1, X.shape)
    _, grad = loss_and_grad(tf.constant(x0), *args)
    eps = 1e-6
    num = np.zeros_like(x0)
    for i in np.ndindex(*x0.shape):
        xp, xm = x0.copy(), x0.copy()
        xp[i] += eps
        xm[i] -= eps
        num[i] = (loss_and_grad(tf.constant(xp), *args)[0].numpy()
                  - loss_and_grad(tf.constant(xm), *args)[0].numpy()) / (2 * eps)
    np.testing.assert_allclose(grad.numpy(), num, rtol=1e-5, atol=1e-6)


BAD = [
    ("Reshape", "Input to reshape is a tensor with 48 values, but the requested shape has 5",
     lambda x, n: tf.reshape(x, [n, 5]), 1),
    ("Slice", "Expected begin\\[0\\] in \\[0, 4\\], but got 9",
     lambda x, n: tf.slice(x, [n, 0, 0], [1, 2, 2]), 9),
    ("Slice", "Expected size\\[0\\] in \\[0, 2\\], but got 3",
     lambda x, n: tf.slice(x, [2, 0, 0], [n, 2, 2]), 3),
    ("Fill", "Dimension -1 must be >= 0", lambda x, n: tf.fill([n, 2], 1.0), -1),
    ("Tile", "Expected multiples\\[0\\] >= 0, but got -1", lambda x, n: tf.tile(x, [n, 2, 1]),
     -1),
    ("BroadcastTo", "Incompatible shapes: \\[4,3,4\\] vs. \\[3,3,4\\]",
     lambda x, n: tf.broadcast_to(x, [n, 3, 4]), 3),
    ("Pad", "Paddings must be non-negative: 0 -1",
     lambda x, n: tf.pad(x, [[0, n], [0, 0], [1, 1]]), -1),
    ("RandomUniform", "Dimension -2 must be >= 0", lambda x, n: tf.random.uniform([n, 3]), -2),
    ("ExpandDims", "Tried to expand dim index 7 for tensor with 3 dimensions.",
     lambda x, n: tf.expand_dims(x, n), 7),
    ("OneHot", "depth must be non-negative, got: -3", lambda x, n: tf.one_hot([0, 1], n), -3),
    ("Transpose", "1 is missing from \\{0,0,2\\}.",
     lambda x, n: tf.transpose(x, tf.stack([n, 0, 2])), 0),
    ("SplitV", "Determined shape must either match input shape along split_dim exactly",
     lambda x, n: tf.split(x, [n, 3 - n + 1], axis=1), 1),
    ("GatherV2", "Expected axis in the range \\[-3, 3\\), but got 5",
     lambda x, n: tf.gather(x, [0, 2], axis=n), 5),
    ("GatherV2", "indices\\[1\\] = 3 is not in \\[0, 3\\)",
     lambda x, n: tf.gather(x, [0, 3], axis=n), 1),
    ("ConcatV2", "Expected concatenating dimensions in the range \\[-3, 3\\), but got 3",
     lambda x, n: tf.concat([x, x], axis=n), 3),
    ("ConcatV2", "Dimension 1 in both shapes must be equal",
     lambda x, n: tf.concat([x, x[:, :2]], axis=n), 2),
    ("ResizeBilinear", "output dimensions must be positive",
     lambda x, n: tf.image.resize(x[..., None], [n, 5]), 0),
]


@pytest.mark.parametrize("op,msg,fn,n", BAD, ids=[f"{b[0]}-{i}" for i, b in enumerate(BAD)])
def test_bad_runtime_value_is_invalid_argument_naming_the_op(op, msg, fn, n):
    with on_recording_device(msg.replace("\\", "")):  # (an index check: TF's CPU kernel's)
        _bad_runtime_value(op, msg, fn, n)


def _bad_runtime_value(op: str, msg: str, fn: object, n: int) -> None:
    g = tf.function(fn, input_signature=[XS, NS])
    g.get_concrete_function()  # tracing accepts it: only the runtime value is bad
    with pytest.raises(tf.errors.InvalidArgumentError, match=msg) as err:
        g(tf.constant(X), _n(n))
    # as TF words a lambda's failing node: the function, the op's message, the node
    text = str(err.value)
    assert re.match(r"\{\{function_node __inference_<lambda>_\d+\}\} ", text), text
    node = {"Transpose": "transpose", "SplitV": "split", "ConcatV2": "concat",
            "OneHot": "one_hot", "RandomUniform": "random_uniform/RandomUniform"}.get(op, op)
    assert re.search(r"\n\t \[\[\{\{node " + node + r"(_\d+)?\}\}\]\] "
                     r"\[Op:__inference_<lambda>_\d+\]$", text), text


@pytest.mark.parametrize("fn,static", [
    (lambda x: tf.random.uniform([tf.shape(x)[0], 3]), [None, 3]),
    (lambda x: tf.random.uniform([tf.shape(x)[0], 3], 0, 5, tf.int32), [None, 3]),
    (lambda x: tf.random.normal(tf.shape(x)), [None, 3, 4]),
    (lambda x: tf.random.truncated_normal(tf.shape(x)[:2]), [None, 3]),
])
def test_random_ops_take_runtime_shapes(fn, static):
    seen = []

    @tf.function(input_signature=[XS])
    def g(x):
        out = fn(x)
        seen.append(out.shape.as_list())
        return out

    for batch in (4, 2):
        out = g(tf.constant(X[:batch]))
        assert out.shape[0] == batch and out.shape.as_list()[1:] == static[1:]
    assert seen == [static]


@pytest.mark.parametrize("method", ["bilinear", "nearest", "bicubic", "lanczos3"])
def test_resize_gradient_with_runtime_size_equals_static_size(method):
    # (area: TF 2.21 has no gradient of ResizeArea; tests/function/test_dynslice_golden)
    # resize returns float32 (as TF), too coarse for finite differences here: the static-size
    # op's gradient is checked against them by the registry suites, so compare with it
    img = tf.constant(X[..., None])
    w = tf.constant(np.random.default_rng(1).uniform(-1, 1, (4, 5, 7, 1)).astype(np.float32))

    def loss_grad(x, size):
        with tf.GradientTape() as tape:
            tape.watch(x)
            out = tf.image.resize(x, size, method=method)
            loss = tf.reduce_sum(tf.cast(out, tf.float32) * w)
        return tape.gradient(loss, x)

    g = tf.function(lambda x, n: loss_grad(x, [n, 7]),
                    input_signature=[S([None, 3, 4, 1], tf.float64), NS])
    np.testing.assert_allclose(g(img, _n(5)).numpy(), loss_grad(img, [5, 7]).numpy(),
                               rtol=1e-6, atol=1e-6)


def test_split_with_runtime_sizes():
    seen = []

    def body(x, n):
        parts = tf.split(x, [n, -1], axis=1)
        seen.append([p.shape.as_list() for p in parts])
        return parts

    g = tf.function(body, input_signature=[XS, NS])
    x = tf.constant(X)
    for n in (1, 2):
        got = g(x, _n(n))
        want = np.split(X, [n], axis=1)
        for a, b in zip(got, want):
            np.testing.assert_array_equal(a.numpy(), b)
    assert seen == [[[None, None, 4], [None, None, 4]]]  # TF 2.21's static shapes

    @tf.function(input_signature=[XS, NS])
    def loss_and_grad(x, n):
        with tf.GradientTape() as tape:
            tape.watch(x)
            a, b = tf.split(x, [n, -1], axis=1)
            loss = tf.reduce_sum(a * a) + 3.0 * tf.reduce_sum(b)
        return tape.gradient(loss, x)

    want = np.concatenate([2 * X[:, :1], np.full_like(X[:, 1:], 3.0)], axis=1)
    np.testing.assert_allclose(loss_and_grad(x, _n(1)).numpy(), want)


# Static shapes TF 2.21 reports when shape arguments are computed from tf.shape(x):
# a known dim picked by index folds through arithmetic; a range slice of a partly
# known shape does not.
FOLDING = [
    (lambda x: tf.image.resize(x[..., None], tf.shape(x)[1:3] * 2),
     [None, None, None, 1], [4, 6, 8, 1]),
    (lambda x: tf.expand_dims(x, tf.shape(x)[1] - 1), [None, 3, 1, 4], [4, 3, 1, 4]),
    (lambda x: tf.reshape(x, [tf.shape(x)[1] * 2, -1]), [6, None], [6, 8]),
    (lambda x: tf.reshape(x, [tf.shape(x)[0] * 2, -1]), [None, None], [8, 6]),
    (lambda x: tf.zeros(tf.shape(x)[1:] + 1), [None, None], [4, 5]),
    (lambda x: tf.zeros(tf.shape(x) + 1), [None, None, None], [5, 4, 5]),
    (lambda x: tf.one_hot([0], tf.shape(x)[2] + 1), [1, 5], [1, 5]),
    (lambda x: tf.range(tf.shape(x)[2] * 2), [8], [8]),
]


@pytest.mark.parametrize("fn,partial,full", FOLDING, ids=[str(i) for i in range(len(FOLDING))])
def test_static_folding_matches_tf(fn, partial, full):
    for spec, want in ((S([None, 3, 4]), partial), (S([4, 3, 4]), full)):
        seen = []

        def body(x):
            out = fn(x)
            seen.append(out.shape.as_list())
            return out

        got = tf.function(body, input_signature=[spec])(tf.constant(X, tf.float32))
        assert seen == [want]
        np.testing.assert_array_equal(got.numpy(), fn(tf.constant(X, tf.float32)).numpy())


def test_squeeze_axis_must_be_python_ints_in_graphs():
    g = tf.function(lambda x, n: tf.squeeze(x, n), input_signature=[XS, NS])
    with pytest.raises(TypeError, match="Expected list for 'axis' argument to 'squeeze' Op"):
        g.get_concrete_function()


def test_expand_dims_and_squeeze_of_several_unknown_dims():
    @tf.function(input_signature=[S([None, None, 4], tf.float64)])
    def f(x):
        e = tf.expand_dims(x, 1)
        assert e.shape.as_list() == [None, 1, None, 4]
        return tf.squeeze(e, [1])

    np.testing.assert_array_equal(f(tf.constant(X)).numpy(), X)


def _graph_of(fn, *specs):
    return tf.function(fn).get_concrete_function(*specs).graph


def test_folded_shapes_stay_static_attrs_with_no_extra_inputs():
    # tf.shape of a known-shape tensor folds: the op is the static one, as if given ints
    graph = _graph_of(lambda x: tf.reshape(x, [tf.shape(x)[1], -1]), XK)
    (node,) = [op for op in graph.get_operations() if op.type == "Reshape"]
    assert len(node.inputs) == 1 and node.attrs["shape"] == (3, -1)
    graph = _graph_of(lambda x: tf.reshape(x, [tf.shape(x)[0], -1]), XS)
    (node,) = [op for op in graph.get_operations() if op.type == "Reshape"]
    assert len(node.inputs) == 2 and isinstance(node.inputs[1], SymbolicTensor)


def _body(code):
    return code.split("\n", 1)[1]  # the source less its `def` line (which names the function)


def test_foldable_shape_generates_the_same_code_as_python_ints():
    # a reshape whose shape folds at trace time compiles to the one kernel call of a
    # reshape given Python ints: no Shape/StridedSlice/Pack work left at run time
    plain = tf.function(lambda x: tf.reshape(x, [3, 16])).get_concrete_function(XK)
    for shape in (lambda x: tf.constant([3, 16]), lambda x: [tf.shape(x)[1], -1],
                  lambda x: tf.stack([tf.shape(x)[1], 16])):
        f = tf.function(lambda x, shape=shape: tf.reshape(x, shape(x)))
        code = f.get_concrete_function(XK).generated_code
        assert _body(code) == _body(plain.generated_code)
        assert code.count("_xp") == 1


def test_eager_fast_path_still_takes_python_ints():
    x = tf.constant(X)
    assert tf.reshape(x, [tf.shape(x)[0], -1]).shape == (4, 12)
    assert tf.slice(x, [tf.constant(1), 0, 0], [1, 2, 2]).shape == (1, 2, 2)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Expected begin\\[0\\] in \\[0, 4\\]"):
        tf.slice(x, [5, 0, 0], [1, 1, 1])


@pytest.mark.parametrize("fn", [
    lambda s: tf.zeros(s), lambda s: tf.fill(s, 1.0), lambda s: tf.broadcast_to(1.0, s),
    lambda s: tf.reshape(tf.ones([6]), s), lambda s: tf.random.uniform(s),
    lambda s: tf.tile(tf.ones([2, 2]), s),
])
def test_partially_known_tensorshape_is_refused_as_tf_does(fn):
    with pytest.raises(ValueError, match=r"Cannot convert a partially known TensorShape "
                                         r"\(None, 3\) to a Tensor\."):
        fn(tf.TensorShape([None, 3]))


@pytest.mark.parametrize("fn,static", [
    (lambda x: tf.random.stateless_uniform([tf.shape(x)[0], 3], seed=[1, 2]), [None, 3]),
    (lambda x: tf.random.stateless_normal(tf.shape(x), seed=[1, 2]), [None, 3, 4]),
    (lambda x: tf.random.stateless_truncated_normal(tf.shape(x)[:2], seed=[3, 4]), [None, 3]),
    (lambda x: tf.random.stateless_uniform([tf.shape(x)[0]], seed=[1, 2], minval=0, maxval=9,
                                           dtype=tf.int32), [None]),
])
def test_stateless_random_with_runtime_shapes_equals_eager(fn, static):
    seen = []

    def body(x):
        out = fn(x)
        seen.append(out.shape.as_list())
        return out

    g = tf.function(body, input_signature=[XS])
    for batch in (4, 2):
        x = tf.constant(X[:batch])
        np.testing.assert_array_equal(g(x).numpy(), fn(x).numpy())  # same seed, same values
    assert seen == [static]
