"""The per-op host work cut by helper eager49 (docs/performance.md), on the CPU and on the
stand-in GPU alike, and what must not change with it: a convolution's string attrs
checked against TF's OpDef table read once per op."""

import sys

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops import checks, tf_op_defs
from tests.call_counts import calls_of


def _conv_operands():
    x = tf.constant(np.arange(32, dtype="float32").reshape(1, 4, 4, 2))
    k = tf.constant(np.linspace(-1, 1, 36, dtype="float32").reshape(3, 3, 2, 2))
    return x, k


# -- a string attr's allowed values ------------------------------------------------------

def test_a_repeated_convolution_decodes_no_allowed_value():
    x, k = _conv_operands()
    tf.nn.conv2d(x, k, 1, "SAME")
    # (each call decoded the table's base64 values of padding and data_format: 5 calls)
    assert calls_of(tf_op_defs.attr_string.__code__,
                     lambda: tf.nn.conv2d(x, k, 1, "SAME")) == 0


def test_the_allowed_values_are_the_opdefs_in_its_order():
    table = tf_op_defs.signatures()["Conv2D"]["attr"]
    want = tuple((a["name"], tuple(tf_op_defs.attr_string(v)
                                   for v in a["allowedValues"]["list"]["s"]))
                 for a in table if a.get("allowedValues", {}).get("list", {}).get("s"))
    assert checks._allowed_strings("Conv2D") == want
    assert [a for a, _ in want] == ["padding", "data_format"]
    assert checks._allowed_strings("NoSuchOp") == ()


@pytest.mark.parametrize("attr, value", [("padding", "FULL"), ("data_format", "NCHWX")])
def test_a_refused_string_attr_is_refused_on_every_call(attr, value):
    x, k = _conv_operands()
    allowed = dict(checks._allowed_strings("Conv2D"))[attr]
    words = (f"Value for attr '{attr}' of \"{value}\" is not in the list of allowed values: "
             + ", ".join(f'"{a}"' for a in allowed))
    kwargs = {"padding": "VALID", attr: value}
    for _ in range(2):  # (the first call reads the table, the second its kept answer)
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            tf.nn.conv2d(x, k, 1, **kwargs)
        assert words in str(e.value) and str(e.value).endswith("[Op:Conv2D] name: ")


def test_an_allowed_string_attr_runs_as_before():
    x, k = _conv_operands()
    xa, ka = x.numpy().astype("float64"), k.numpy().astype("float64")
    want = np.array([[[[np.sum(xa[0, i:i + 3, j:j + 3] * ka[..., o]) for o in range(2)]
                       for j in range(2)] for i in range(2)]])
    for _ in range(2):
        np.testing.assert_allclose(tf.nn.conv2d(x, k, 1, "VALID").numpy(), want, rtol=1e-6)
        np.testing.assert_allclose(
            tf.raw_ops.Conv2D(input=x, filter=k, strides=[1, 1, 1, 1], padding="VALID").numpy(),
            want, rtol=1e-6)


# -- TF's OpDef table's answers, kept ----------------------------------------------------

def _table_reads(fn):
    """Calls of tf_op_defs' questions about TF's OpDef table made by `fn()` (each read the
    table's entries of the op again, on every eager call)."""
    asked = (tf_op_defs.allowed_types, tf_op_defs.default_type, tf_op_defs.input_type_attr,
             tf_op_defs.typed_input, tf_op_defs.counted_input, tf_op_defs.fixed_input)
    return sum(calls_of(getattr(q, "__wrapped__", q).__code__, fn) for q in asked)


@pytest.mark.parametrize("call", [
    lambda x: tf.nn.softmax(x), lambda x: tf.nn.log_softmax(x), lambda x: tf.nn.l2_loss(x),
    lambda x: tf.nn.sparse_softmax_cross_entropy_with_logits(tf.constant([1, 0]), x),
    lambda x: tf.nn.max_pool2d(tf.reshape(x, [1, 2, 2, 1]), 2, 1, "VALID")])
def test_a_repeated_op_reads_no_opdef_table(call):
    x = tf.constant([[1.0, -2.0], [3.0, 0.5]])
    first = call(x).numpy()
    assert _table_reads(lambda: call(x)) == 0
    np.testing.assert_array_equal(call(x).numpy(), first)


def test_the_tables_answers_are_kept_unchanged():
    listed = tf_op_defs.allowed_types("Softmax", "T")
    table = next(a for a in tf_op_defs.signatures()["Softmax"]["attr"] if a["name"] == "T")
    assert listed == tuple(table["allowedValues"]["list"]["type"])
    assert tf_op_defs.allowed_types("Softmax", "T") is listed  # (one answer, immutable)
    assert tf_op_defs.allowed_types("Softmax", "NoSuchAttr") is None
    assert tf_op_defs.allowed_types("NoSuchOp", "T") is None


def test_a_refused_dtype_is_worded_from_the_table_on_every_call():
    x = tf.constant([[1, 2]], tf.int32)
    words = ("Value for attr 'T' of int32 is not in the list of allowed values: "
             + tf_op_defs.type_words(tf_op_defs.allowed_types("Softmax", "T")))
    for _ in range(2):
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            tf.nn.softmax(x)
        assert words in str(e.value)


# -- a shape argument of Python ints -----------------------------------------------------

class _List(list):
    """A list static_ints takes down its general path (its class is no plain list)."""


def _loop_lines(fn):
    """Whether `fn()` ran static_ints' loop over a shape's items."""
    import inspect

    from eagerflow._src.ops import dynshape

    lines, first = inspect.getsourcelines(dynshape.static_ints)
    loop = first + next(i for i, ln in enumerate(lines) if ln.strip() == "for v in value:")
    ran = []

    def tracer(frame, event, arg):
        if frame.f_code is dynshape.static_ints.__code__:
            if event == "line" and frame.f_lineno == loop:
                ran.append(loop)
            return tracer
        return None

    sys.settrace(tracer)
    try:
        fn()
    finally:
        sys.settrace(None)
    return bool(ran)


def test_a_shape_of_python_ints_takes_no_loop():
    x = tf.constant(np.arange(24, dtype="float32").reshape(2, 3, 4))
    assert not _loop_lines(lambda: tf.reshape(x, [6, 4]))
    assert not _loop_lines(lambda: tf.transpose(x, (0, 2, 1)))
    assert not _loop_lines(lambda: tf.tile(x, [1, 2, 1]))
    assert _loop_lines(lambda: tf.reshape(x, [6, np.int32(4)]))  # (not a plain int: the loop)


@pytest.mark.parametrize("value", [
    [6, 4], (0, 2, 1), [-1], [2**63 - 1], [-2**63], [2**63], [-2**63 - 1], [0], [None, 3],
    [True, 1], [1, True], [np.int64(3), 2], [3, 2.0], [[1, 2]]])
def test_a_list_of_ints_reads_as_the_general_path_reads_it(value):
    from eagerflow._src.ops import dynshape

    def read(v):
        try:
            return dynshape.static_ints(v, "shape", ("Reshape", "Tshape"))
        except Exception as e:  # noqa: BLE001 - the error is what is compared
            return type(e), str(e)

    general = read(_List(value))
    got = read(value)
    assert got == general, (value, got, general)
    if not isinstance(got[0], type):  # (ints, or None for an unknown dim)
        assert all(i is None or type(i) is int for i in got)


# -- a narrow dtype's refusal, worded only when made -------------------------------------

@pytest.mark.parametrize("call", [
    lambda x: tf.transpose(x), lambda x: tf.concat([x, x], 0), lambda x: tf.stack([x, x]),
    lambda x: tf.gather(x, [1, 0]), lambda x: tf.zeros_like(x)])
def test_an_op_of_a_wide_dtype_words_no_narrow_refusal(call):
    from eagerflow._src.ops import checks as C

    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    first = call(x).numpy()
    assert calls_of(C.dt_enum.__code__, lambda: call(x)) == 0
    np.testing.assert_array_equal(call(x).numpy(), first)


# -- a pooling's attrs, checked once per call signature ----------------------------------

def _pool_input():
    return tf.constant(np.linspace(-1, 1, 32, dtype="float32").reshape(1, 4, 4, 2))


def test_a_repeated_pooling_checks_its_attrs_once():
    from eagerflow._src.ops import nn_pool

    x = _pool_input()
    checks._KEPT.clear()  # (an earlier test's call of these shapes would have kept them)
    first = tf.nn.max_pool2d(x, 2, 2, "VALID").numpy()
    checks_code = nn_pool._pool_attr_checks.__code__
    assert calls_of(checks_code, lambda: tf.nn.max_pool2d(x, 2, 2, "VALID")) == 0
    assert calls_of(checks_code, lambda: tf.nn.avg_pool2d(x, 2, 2, "VALID")) == 1  # (new)
    assert calls_of(checks_code, lambda: tf.nn.avg_pool2d(x, 2, 2, "VALID")) == 0
    assert calls_of(checks_code, lambda: tf.nn.max_pool2d(x, 2, 1, "VALID")) == 1
    want = x.numpy().reshape(1, 2, 2, 2, 2, 2).max(axis=(2, 4))
    np.testing.assert_array_equal(first, want)
    np.testing.assert_array_equal(tf.nn.max_pool2d(x, 2, 2, "VALID").numpy(), want)


def test_a_refused_pooling_is_refused_on_every_call():
    x = _pool_input()
    for _ in range(2):
        with pytest.raises(tf.errors.InvalidArgumentError, match="Sliding window ksize must "
                                                                 "be positive"):
            tf.nn.max_pool2d(x, [1, 0, 2, 1], 1, "VALID")
        with pytest.raises(tf.errors.InvalidArgumentError, match="Stride must be > 0"):
            tf.nn.avg_pool2d(x, 2, [1, 0, 1, 1], "VALID")


def test_a_pooling_is_checked_again_on_another_device():
    x = tf.constant(np.ones((1, 2, 4, 4), "float64"))  # (oneDNN's CPU pools no float64)
    devices = [d.name.replace("/physical_device:", "") for d in tf.config.list_physical_devices()]
    if "GPU:0" in devices:  # (the stand-in GPU: channels-first pooling runs there)
        with tf.device("GPU:0"):
            assert tf.nn.max_pool2d(x, 2, 2, "VALID", data_format="NCHW").shape == (1, 2, 2, 2)
    for _ in range(2):  # (TF's CPU kernel refuses it, after the GPU's call as before it)
        with tf.device("CPU:0"), pytest.raises(tf.errors.InvalidArgumentError,
                                               match="NHWC"):
            tf.nn.max_pool2d(tf.identity(x), 2, 2, "VALID", data_format="NCHW")
