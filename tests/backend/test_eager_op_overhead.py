"""The per-op host work cut by helper eager49 (docs/performance.md), on the CPU and on the
stand-in GPU alike, and what must not change with it: a convolution's string attrs
checked against TF's OpDef table read once per op."""

import sys

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops import checks, tf_op_defs


def _calls_of(code, fn):
    """How many times `fn()` calls the function whose code object is `code`."""
    n = [0]

    def profile(frame, event, arg):
        if event == "call" and frame.f_code is code:
            n[0] += 1

    sys.setprofile(profile)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return n[0]


def _conv_operands():
    x = tf.constant(np.arange(32, dtype="float32").reshape(1, 4, 4, 2))
    k = tf.constant(np.linspace(-1, 1, 36, dtype="float32").reshape(3, 3, 2, 2))
    return x, k


# -- a string attr's allowed values ------------------------------------------------------

def test_a_repeated_convolution_decodes_no_allowed_value():
    x, k = _conv_operands()
    tf.nn.conv2d(x, k, 1, "SAME")
    # (each call decoded the table's base64 values of padding and data_format: 5 calls)
    assert _calls_of(tf_op_defs.attr_string.__code__,
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
