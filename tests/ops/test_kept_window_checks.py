"""What the windowed ops (convolutions, their gradients, BiasAdd, batch norm) keep
between calls so that an eager step runs fewer Python bytecodes, and that keeping it
changes no answer: a bad call after good ones with the same or other arguments raises
exactly what it raises first (an error is never kept), and kept answers follow what
they depend on (dtypes, shapes, attrs, tf.config's switches)."""

import importlib.util
import pathlib

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src import backend as B
from eagerflow._src.backend import cudnn as C
from eagerflow._src.backend import strict
from eagerflow._src.ops import checks as op_checks
from eagerflow._src.ops import nn_batchnorm, nn_conv, windows
from eagerflow._src.ops.dispatch import bind


def _raised(call):
    """(class, message) of what `call()` raises."""
    with pytest.raises(Exception) as e:
        call()
    return type(e.value), str(e.value)


def _same_error_before_and_after(bad, good):
    """`bad()` raises the same from empty memos as after `good()` ran twice (kept)."""
    op_checks._KEPT.clear()
    first = _raised(bad)
    for _ in range(2):
        good()
    assert _raised(bad) == first
    return first


def _conv(x_dtype="float32", w_dtype="float32", xs=(1, 5, 5, 2), ws=(3, 3, 2, 4),
          strides=1, padding="VALID"):
    x = tf.constant(np.ones(xs, x_dtype))
    w = tf.constant(np.ones(ws, w_dtype))
    return lambda: tf.nn.conv2d(x, w, strides, padding)


@pytest.mark.parametrize("bad,message", [
    (_conv(w_dtype="float64"), "cannot compute Conv2D as input #1"),
    (_conv("int64", "int64"), "Value for attr 'T' of int64 is not in the list"),
    (_conv(ws=(7, 7, 2, 4)), "Computed output size would be negative"),
    (_conv(ws=(3, 3, 3, 4)), "input depth must be evenly divisible"),
    (_conv(ws=(0, 3, 2, 4)), "filter must not have zero elements"),
    (_conv(xs=(5, 5, 2)), "convolution input must be 4-dimensional"),
])
def test_a_kept_convolution_inference_does_not_hide_a_later_error(bad, message):
    got = _same_error_before_and_after(bad, _conv())
    assert got[0] is tf.errors.InvalidArgumentError and message in got[1]
    assert _conv()().shape == (1, 3, 3, 4)  # (and the good call still answers)


def test_kept_convolution_attrs_refuse_bad_ones_every_time():
    x, w = tf.ones((1, 5, 5, 2)), tf.ones((3, 3, 2, 4))

    def bad_strides():
        return tf.raw_ops.Conv2D(input=x, filter=w, strides=[1, 0, 1, 1], padding="VALID")

    def bad_dilations():
        return tf.raw_ops.Conv2D(input=x, filter=w, strides=[1, 1, 1, 1], padding="VALID",
                                 dilations=[2, 1, 1, 1])

    def good():
        return tf.raw_ops.Conv2D(input=x, filter=w, strides=[1, 1, 1, 1], padding="VALID")

    assert "Row and column strides should be larger than 0" in \
        _same_error_before_and_after(bad_strides, good)[1]
    assert _same_error_before_and_after(bad_dilations, good)[0] is \
        tf.errors.UnimplementedError


def _backprop_input(w_dtype="float32", sizes=(1, 5, 5, 2), dy_shape=(1, 3, 3, 4)):
    w = tf.constant(np.ones((3, 3, 2, 4), w_dtype))
    dy = tf.ones(dy_shape)
    return lambda: tf.raw_ops.Conv2DBackpropInput(
        input_sizes=list(sizes), filter=w, out_backprop=dy, strides=[1, 1, 1, 1],
        padding="VALID")


def _backprop_filter(x_dtype="float32", x_shape=(1, 5, 5, 2), sizes=(3, 3, 2, 4)):
    x = tf.constant(np.ones(x_shape, x_dtype))
    dy = tf.ones((1, 3, 3, 4))
    return lambda: tf.raw_ops.Conv2DBackpropFilter(
        input=x, filter_sizes=list(sizes), out_backprop=dy, strides=[1, 1, 1, 1],
        padding="VALID")


@pytest.mark.parametrize("bad,good,message", [
    (_backprop_input("float64"), _backprop_input(), "cannot compute Conv2DBackpropInput"),
    (_backprop_input(dy_shape=(1, 3, 4, 4)), _backprop_input(),
     "Size of out_backprop doesn't match computed"),
    (_backprop_input(sizes=(2, 5, 5, 2)), _backprop_input(),
     "input and out_backprop must have the same batch size"),
    (_backprop_filter("float64"), _backprop_filter(), "cannot compute Conv2DBackpropFilter"),
    (_backprop_filter(x_shape=(1, 6, 5, 2)), _backprop_filter(),
     "Size of out_backprop doesn't match computed"),
    (_backprop_filter(sizes=(3, 3, 2, 5)), _backprop_filter(),
     "filter and out_backprop must have the same out_depth"),
])
def test_kept_gradient_inferences_do_not_hide_a_later_error(bad, good, message):
    got = _same_error_before_and_after(bad, good)
    assert got[0] is tf.errors.InvalidArgumentError and message in got[1]


def test_bias_add_and_its_gradient_keep_no_error():
    x, b = tf.ones((2, 3, 4)), tf.ones((4,))

    def good():
        tf.raw_ops.BiasAddGrad(out_backprop=x)
        return tf.nn.bias_add(x, b)

    bad = [lambda: tf.nn.bias_add(x, tf.ones((3,))),
           lambda: tf.nn.bias_add(x, tf.ones((4,), tf.float64)),
           lambda: tf.nn.bias_add(x, b, data_format="NCHW"),
           lambda: tf.raw_ops.BiasAddGrad(out_backprop=tf.ones((4,))),
           lambda: tf.raw_ops.BiasAddGrad(out_backprop=tf.ones((2, 4), tf.int64)
                                          > 0)]
    for call in bad:
        assert _same_error_before_and_after(call, good)[0] is tf.errors.InvalidArgumentError


def test_batch_norm_keeps_no_error():
    x = tf.ones((2, 3))
    v3, v2 = tf.ones((3,)), tf.ones((2,))

    def good():
        nn_batchnorm.batch_norm_training(x, v3, v3, v3, v3, 1e-3, 0.9)
        bind(nn_batchnorm.BN_TRAINING_GRAD, (x, x, v3, v3, v3), {"epsilon": 1e-3})

    bad = [lambda: nn_batchnorm.batch_norm_training(x, v2, v3, v3, v3, 1e-3, 0.9),
           lambda: nn_batchnorm.batch_norm_training(x, v3, v3, tf.ones((3,), tf.float64),
                                                    v3, 1e-3, 0.9),
           lambda: nn_batchnorm.batch_norm_training(v3, v3, v3, v3, v3, 1e-3, 0.9),
           lambda: bind(nn_batchnorm.BN_TRAINING_GRAD, (tf.ones((3, 3)), x, v3, v3, v3),
                        {"epsilon": 1e-3}),
           lambda: bind(nn_batchnorm.BN_TRAINING_GRAD, (x, x, v2, v3, v3),
                        {"epsilon": 1e-3})]
    for call in bad:
        assert _same_error_before_and_after(call, good)[0] is tf.errors.InvalidArgumentError


def test_sum_run_takes_axes_in_a_list_and_refuses_what_is_no_run():
    x = np.arange(4 * 8 * 8 * 32, dtype=np.float32).reshape(4, 8, 8, 32)
    got = B.sum_run(np, x, [0, 1, 2], False)
    np.testing.assert_allclose(got, x.sum(axis=(0, 1, 2)), rtol=1e-6)
    assert B.sum_run(np, x, (0, 1, 2), True).shape == (1, 1, 1, 32)
    assert B.sum_run(np, x, (0, 2), False) is None        # (not adjacent)
    assert B.sum_run(np, x, (1, 2, 3), False) is None     # (the last axis)
    assert B.sum_run(np, x.astype(np.float16), (0, 1, 2), False) is None


def test_convolution_sizes_kept_per_geometry():
    rng = np.random.default_rng(0)
    w = rng.normal(size=(3, 3, 2, 4)).astype(np.float32)
    for shape, strides, padding in [((1, 5, 5, 2), (1, 1), "VALID"), ((2, 6, 5, 2), (2, 1),
                                                                       "SAME"),
                                    ((1, 5, 5, 2), (1, 1), "VALID"), ((0, 5, 5, 2), (1, 1),
                                                                      "SAME")]:
        x = rng.normal(size=shape).astype(np.float32)
        y = windows.conv_forward(np, x, w, strides, (1, 1), padding, ())
        outs, _ = windows.geometry(shape[1:3], (3, 3), strides, (1, 1), padding, ())
        assert y.shape == (shape[0], *outs, 4)
        g = np.ones(y.shape, np.float32)
        assert windows.conv_filter_grad(np, x, g, (3, 3), strides, (1, 1), padding, (),
                                        2).shape == w.shape
        assert windows.conv_input_grad(np, w, g, shape, strides, (1, 1), padding,
                                       ()).shape == shape


class _NoHandleOnce:
    """A binding whose second handle fails (a device whose cuDNN makes none)."""

    def __init__(self):
        self.handles = 0

    def create_handle(self):
        self.handles += 1
        if self.handles > 1:
            raise RuntimeError("no handle")
        return object()


def test_kept_engine_answers_follow_the_binding_and_close(monkeypatch):
    monkeypatch.setattr(C.atexit, "register", lambda f: None)
    engines = C.Engines(lambda: _NoHandleOnce(), strict.xp, lambda: 0)
    eng = engines.get(0, np.float32, 2, 1)
    assert eng is not None and engines.get(0, np.float32, 2, 1) is eng
    assert engines.get(0, np.float64, 2, 1) is None  # (not the path's)
    # a device with no handle leaves im2col for good, for every device (as before)
    assert engines.get(1, np.float32, 2, 1) is None
    assert engines.get(0, np.float32, 2, 1) is None


def test_a_kept_plan_follows_the_switches(monkeypatch):
    path = pathlib.Path(__file__).parents[1] / "backend" / "test_cudnn_layout.py"
    spec = importlib.util.spec_from_file_location("cudnn_layout_tests", path)
    tests = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tests)  # (its FakeCudnn: cuDNN's semantics, with NumPy)
    binding = tests.FakeCudnn()
    engines = tests.fake_engines(binding)
    monkeypatch.setattr(C.atexit, "register", lambda f: None)
    eng = engines.get(0, np.float32, 2, 1)
    x, w = strict.xp.ones((1, 4, 4, 2), np.float32), strict.xp.ones((3, 3, 2, 5), np.float32)
    geo = ((2, 2), (1, 1), (1, 1), ((0, 0), (0, 0)))
    monkeypatch.setitem(B.MATH, "tf32", False)
    for _ in range(2):
        eng.forward(x, w, *geo)
    monkeypatch.setitem(B.MATH, "tf32", True)
    eng.forward(x, w, *geo)
    assert binding.log.count("build") == 2 and len(eng.plans) == 2
    assert [e for e in binding.log if type(e) is tuple] == [
        ("excluded", ("DOWN_CONVERT_INPUTS", "TENSOR_CORE")),
        ("excluded", ("DOWN_CONVERT_INPUTS",))]
    engines.close()
    assert eng.plans == {} and eng.graphs == {}


def test_kernel_attrs_in_lists_are_worked_out_as_tuples_are():
    want = (True, (2, 3), (1, 1), "EXPLICIT", ((1, 2), (0, 1)))
    args = ("EXPLICIT", (0, 0, 0, 0, 1, 2, 0, 1), "NCHW")
    assert nn_conv._engine_args((1, 1, 2, 3), *args, (1, 1, 1, 1)) == want
    assert nn_conv._engine_args([1, 1, 2, 3], args[0], list(args[1]), args[2],
                                [1, 1, 1, 1]) == want


@pytest.mark.parametrize("strides", [
    [1, 1], (1, 1), 1, None, [True, True], [np.int64(1), 1], [1.0, 1.0], [1, 1, 1],
    [1, "1"], (2, 1, 1, 1), [1, 2, 2, 1]])
def test_convolution_attrs_kept_by_plain_value_are_those_worked_out_each_time(strides):
    """_conv_attrs keeps what plain Python values (ints, lists and tuples of ints)
    expand to; others (bools, NumPy ints, floats) are worked out every call: each gives
    what it gives from an empty memo, its error included, after kept ones."""
    def attrs():
        try:
            return nn_conv._conv_attrs(2, strides, "SAME", "NHWC", [1, 1])
        except Exception as e:  # noqa: BLE001 - the error is the answer compared
            return type(e), str(e)

    nn_conv._CONV_ATTRS.clear()
    fresh = attrs()
    for plain in ([1, 1], (1, 1), 1, [2, 2], (1, 1, 1, 1)):
        nn_conv._conv_attrs(2, plain, "SAME", "NHWC", [1, 1])
    assert attrs() == fresh and attrs() == fresh
    if isinstance(fresh, dict):  # (a new dict each call: callers add to it)
        assert attrs() is not attrs()


def test_kept_keeps_answers_none_included_never_an_error_and_stays_bounded(monkeypatch):
    calls = []

    def compute(v):
        calls.append(v)
        if v == "bad":
            raise KeyError("computed")  # (a compute's own KeyError is raised as it is)
        return None if v == "none" else v * 2

    monkeypatch.setattr(op_checks, "_KEPT", {})
    for _ in range(2):
        assert op_checks.kept(("t", 1), compute, 1) == 2
        assert op_checks.kept(("t", "none"), compute, "none") is None
    assert calls == [1, "none"]
    for _ in range(2):  # an error is raised every call, after good ones
        with pytest.raises(KeyError, match="computed") as e:
            op_checks.kept(("t", "bad"), compute, "bad")
        assert e.value.__context__ is None
    for _ in range(2):  # unhashable: computed every call
        assert op_checks.kept(("t", [3]), compute, 3) == 6
    assert calls == [1, "none", "bad", "bad", 3, 3]
    for i in range(4096):
        op_checks.kept(("n", i), compute, i)
    assert len(op_checks._KEPT) <= 4096 and op_checks.kept(("t", 1), compute, 1) == 2


def test_kept_convolution_attrs_follow_whether_the_padding_converts():
    # tf.nn.conv2d converts its padding as TF's convert_padding ("EXPLICIT" is its
    # ValueError); tf.nn.convolution's undilated op takes the string as given (its op's
    # error): the attrs one kept must not answer the other
    x, w = tf.ones([1, 4, 4, 1]), tf.ones([2, 2, 1, 1])
    first = _raised(lambda: tf.nn.conv2d(x, w, 1, "EXPLICIT"))
    assert first == (ValueError, "'EXPLICIT' is not a valid value for `padding`. To use "
                                 "explicit padding, `padding` must be a list.")
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.nn.convolution(x, w, 1, padding="EXPLICIT")
    assert _raised(lambda: tf.nn.conv2d(x, w, 1, "EXPLICIT")) == first
