"""Regression tests for the fuzz campaign of seed 1460574140 (EAGERFLOW_FUZZ=long, the
public-API suite): each input the campaign found, with TF 2.21's answer to it recorded as
data (its error class and message, or its result)."""

from __future__ import annotations

import numpy as np
import pytest
from fuzzlib import guarded

import eagerflow as tf
from eagerflow.errors import InvalidArgumentError
from tests.golden_io import ml_dtypes_before_0_7

# -- A failed comparison assert's `summarize` -----------------------------------------------
# TF uses `summarize` as given: it compares it with 0, takes min() of it and a count, and
# slices with it, so a float or a float tensor answers as Python and NumPy do with it.

# (a NumPy value is given as a scalar tensor of its dtype, a Python value as it is)
F16_INF, F32_NEG_INF, F16_NAN = np.float16(np.inf), np.float32(-np.inf), np.float16(np.nan)
F32_2_7, I64_NEG, I32_2 = np.float32(2.7), np.int64(-1), np.int32(2)
INF, NAN, F2_5, NEG1_5, TRUE, ZERO = float("inf"), float("nan"), 2.5, -1.5, True, 0

_SLICE = "slice indices must be integers or None or have an __index__ method"
_ALL6 = ("\nCondition x == y did not hold.\nIndices of first 6 different values:\n[[0 0]\n"
         " [0 1]\n [0 2]\n [1 0]\n [1 1]\n [1 2]]\nCorresponding x values:\n"
         "[0. 1. 2. 3. 4. 5.]\nCorresponding y values:\n[9. 9. 9. 9. 9. 9.]\n"
         "First 6 elements of x:\n[0. 1. 2. 3. 4. 5.]\nFirst 6 elements of y:\n"
         "[9. 9. 9. 9. 9. 9.]")

# (summarize, form, TF 2.21's error class and message, recorded). Forms: x (2, 3) against
# y of its shape with the message "m" ("string"), against a scalar y ("shape-diff"), with
# a tensor message [1, 2, 3, 4, 5] ("tensormsg"), and compat.v1's with data=[x, "d"]
SUMMARIZE_CASES = [
    # the campaign's case: a float16 inf tensor was int()'s OverflowError
    (F16_INF, "string", InvalidArgumentError, "m" + _ALL6),
    (F16_INF, "shape-diff", InvalidArgumentError,
     "Condition x == y did not hold.\nFirst 6 elements of x:\n[0. 1. 2. 3. 4. 5.]\n"
     "First 1 elements of y:\n[9.]"),
    (F16_INF, "tensormsg", AttributeError, "'numpy.float16' object has no attribute '__index__'"),
    (F16_INF, "v1data", AttributeError, "'numpy.float16' object has no attribute '__index__'"),
    (F32_NEG_INF, "tensormsg", TypeError, _SLICE),
    (F16_NAN, "string", InvalidArgumentError, "m\nCondition x == y did not hold."),
    (F16_NAN, "tensormsg", AttributeError, "'numpy.float16' object has no attribute '__index__'"),
    (F32_2_7, "string", AttributeError, "'numpy.float32' object has no attribute '__index__'"),
    (F32_2_7, "shape-diff", AttributeError,
     "'numpy.float32' object has no attribute '__index__'"),
    (I32_2, "tensormsg", InvalidArgumentError,
     "['1', '2', '...']\nCondition x == y did not hold.\nIndices of first 2 different "
     "values:\n[[0 0]\n [0 1]]\nCorresponding x values:\n[0. 1.]\nCorresponding y values:\n"
     "[9. 9.]\nFirst 2 elements of x:\n[0. 1.]\nFirst 2 elements of y:\n[9. 9.]"),
    (I64_NEG, "string", InvalidArgumentError, "m" + _ALL6),
    (I64_NEG, "tensormsg", TypeError, _SLICE),
    (INF, "string", InvalidArgumentError, "m" + _ALL6),
    (NAN, "shape-diff", InvalidArgumentError, "Condition x == y did not hold."),
    (NAN, "v1data", TypeError, _SLICE),
    (F2_5, "string", TypeError, _SLICE),
    (NEG1_5, "tensormsg", TypeError, _SLICE),
    (TRUE, "tensormsg", InvalidArgumentError,
     "['1', '...']\nCondition x == y did not hold.\nIndices of first 1 different values:\n"
     "[[0 0]]\nCorresponding x values:\n[0.]\nCorresponding y values:\n[9.]\n"
     "First 1 elements of x:\n[0.]\nFirst 1 elements of y:\n[9.]"),
    (TRUE, "v1data", InvalidArgumentError, "['0.0', '...']\nd"),
    (ZERO, "string", InvalidArgumentError, "m\nCondition x == y did not hold."),
    (ZERO, "tensormsg", InvalidArgumentError, "['...']\nCondition x == y did not hold."),
    (ZERO, "v1data", InvalidArgumentError, "['...']\nd"),
]


def _call(summarize, form: str) -> None:
    x = tf.constant(np.arange(6, dtype=np.float32).reshape(2, 3))
    y = tf.constant(np.full((2, 3), 9, np.float32))
    s = tf.constant(summarize) if isinstance(summarize, np.generic) else summarize
    if form == "string":
        tf.debugging.assert_equal(x, y, summarize=s, message="m")
    elif form == "shape-diff":
        tf.debugging.assert_equal(x, tf.constant(9.0), summarize=s)
    elif form == "tensormsg":
        tf.debugging.assert_equal(x, y, summarize=s, message=tf.constant([1, 2, 3, 4, 5]))
    else:
        tf.compat.v1.assert_equal(x, y, data=[x, "d"], summarize=s)


@pytest.mark.parametrize("summarize,form,cls,msg", SUMMARIZE_CASES,
                         ids=[f"{s!r}-{f}" for s, f, _, _ in SUMMARIZE_CASES])
def test_failed_assert_with_any_summarize(summarize, form, cls, msg):
    with pytest.raises(cls) as e:
        _call(summarize, form)
    got = e.value.message if isinstance(e.value, InvalidArgumentError) else str(e.value)
    assert type(e.value) is cls and got == msg


def test_the_campaigns_assert_case_is_tfs_dtype_error():
    # the campaign's call: float16 x against the Python float 1.5; TF converts each operand
    # on its own, so Equal's dtype mismatch comes first (recorded from TF 2.21)
    x = tf.constant(np.float16(0.3772))
    s = tf.constant(np.float16(np.inf))
    with pytest.raises(InvalidArgumentError) as e:
        tf.debugging.assert_equal(x, 1.5, message=tf.constant(True), summarize=s)
    assert str(e.value) == ("cannot compute Equal as input #1(zero-based) was expected to be a "
                            "half tensor but is a float tensor [Op:Equal] name: ")
    outcome, _ = guarded("assert_equal", ("assert_equal", "Equal"), tf.debugging.assert_equal,
                         x, 1.5, message=tf.constant(True), summarize=s, contract=False)
    assert outcome == "InvalidArgumentError"


# -- Comparison asserts convert x and y each on its own -------------------------------------

# (call, TF 2.21's InvalidArgumentError message, recorded; a mismatch is the op's error)
_OPERAND_CASES = [
    (lambda: tf.debugging.assert_equal(tf.constant(1, tf.int64), 1),
     "cannot compute Equal as input #1(zero-based) was expected to be a int64 tensor but is a "
     "int32 tensor [Op:Equal] name: "),
    (lambda: tf.debugging.assert_less(tf.constant(1., tf.float64), 1.5),
     "cannot compute Less as input #1(zero-based) was expected to be a double tensor but is a "
     "float tensor [Op:Less] name: "),
    (lambda: tf.debugging.assert_less(1.5, tf.constant(1., tf.float64)),
     "cannot compute Less as input #1(zero-based) was expected to be a float tensor but is a "
     "double tensor [Op:Less] name: "),
    (lambda: tf.debugging.assert_less(tf.constant([1.], tf.float16), [1.5]),
     "cannot compute Less as input #1(zero-based) was expected to be a half tensor but is a "
     "float tensor [Op:Less] name: "),
    (lambda: tf.debugging.assert_none_equal(tf.constant([1.], tf.float16), 1.5),
     "cannot compute NotEqual as input #1(zero-based) was expected to be a half tensor but is "
     "a float tensor [Op:NotEqual] name: "),
    (lambda: tf.debugging.assert_greater_equal(tf.constant(1, tf.int8), 1),
     "cannot compute GreaterEqual as input #1(zero-based) was expected to be a int8 tensor but "
     "is a int32 tensor [Op:GreaterEqual] name: "),
]


@pytest.mark.parametrize("call,msg", _OPERAND_CASES,
                         ids=["int64-1", "float64-1.5", "1.5-float64", "half-list",
                              "none_equal-half", "int8-1"])
def test_comparison_assert_operands_keep_their_own_dtypes(call, msg):
    with pytest.raises(InvalidArgumentError) as e:
        call()
    assert str(e.value) == msg


def test_sign_asserts_and_graph_asserts_still_compare_in_xs_dtype():
    # TF 2.21: assert_positive compares with a zero of x's dtype (no error); in a
    # tf.function the mismatch is Less's TypeError while tracing (recorded)
    assert tf.debugging.assert_positive(tf.constant([1.], tf.float16)) is None

    @tf.function
    def g(x):
        tf.debugging.assert_less(x, 1.5)
        return x
    with pytest.raises(TypeError, match="Input 'y' of 'Less' Op has type float32 that does not "
                                        "match type float64 of argument 'x'"):
        g(tf.constant(1., tf.float64))


# -- tensordot's axes given as a NumPy array or as lists of floats -------------------------

_GATHER = ("{{function_node __wrapped__GatherV2_device_/job:localhost/replica:0/task:0/device:"
           "CPU:0}} indices[%d] = %d is not in [0, %d) [Op:GatherV2] name: ")

# (axes, TF 2.21's outcome for x (2, 3) . y (3, 2) of ones, recorded: the error class and
# message, or None for the (2, 2) result of 3s). A 2-D array takes TF's tensor path: int32
# values (NumPy's cast: inf, NaN, 1e10 are int32's least), a negative axis plus the rank,
# one out of range GatherV2's error; in a list a float is Python's TypeError.
TENSORDOT_CASES = [
    (np.array([[1.0], [0.0]]), None),
    (np.array([[1.5], [0.0]]), None),
    (np.array([[True], [False]]), None),
    (np.array([[np.inf], [0.0]]), (InvalidArgumentError, _GATHER % (0, -2147483646, 2))),
    (np.array([[np.nan], [0.0]]), (InvalidArgumentError, _GATHER % (0, -2147483646, 2))),
    (np.array([[1e10], [0.0]]), (InvalidArgumentError, _GATHER % (0, -2147483646, 2))),
    (np.array([[1.0], [np.inf]]), (InvalidArgumentError, _GATHER % (0, -2147483646, 2))),
    (np.array([[np.inf, 1.0], [0.0, 1.0]]),
     (InvalidArgumentError, _GATHER % (0, -2147483646, 2))),
    (np.array([[5], [0]]), (InvalidArgumentError, _GATHER % (0, 5, 2))),
    (np.array([[-5], [0]]), (InvalidArgumentError, _GATHER % (0, -3, 2))),
    (np.array([[1], [7]]), (InvalidArgumentError, _GATHER % (0, 7, 2))),
    (np.array([[1.0], [7.0]]), (InvalidArgumentError, _GATHER % (0, 7, 2))),
    ([[1.0], [0.0]], (TypeError, "list indices must be integers or slices, not float")),
    ([[np.inf], [0.0]], (TypeError, "list indices must be integers or slices, not float")),
    ([[np.float32(1.0)], [0]],
     (TypeError, "list indices must be integers or slices, not numpy.float32")),
    ([[1], [0.5]], (TypeError, "list indices must be integers or slices, not float")),
    (([1.0], [0]), (TypeError, "list indices must be integers or slices, not float")),
    ([1.0, 0.0], (TypeError, "object of type 'float' has no len()")),
    ([np.inf, 0.0], (TypeError, "object of type 'float' has no len()")),
    ([np.float32(1.0), 0], (TypeError, "object of type 'numpy.float32' has no len()")),
    ([1, 0.0], (TypeError, "object of type 'int' has no len()")),
    ([1.5, [0]], (TypeError, "object of type 'float' has no len()")),
    ([1, [0]], (TypeError, "object of type 'int' has no len()")),
]


@pytest.mark.parametrize("axes,want", TENSORDOT_CASES,
                         ids=[f"case{i}" for i in range(len(TENSORDOT_CASES))])
def test_tensordot_axes_of_floats_or_arrays(axes, want):
    x = tf.constant(np.ones((2, 3), np.float32))
    y = tf.constant(np.ones((3, 2), np.float32))
    if want is None:
        out = tf.tensordot(x, y, axes)
        assert out.dtype == tf.float32
        np.testing.assert_array_equal(out.numpy(), np.full((2, 2), 3, np.float32))
        return
    cls, msg = want
    with pytest.raises(cls) as e:
        tf.tensordot(x, y, axes)
    assert type(e.value) is cls and str(e.value) == msg


def test_the_campaigns_tensordot_case():
    # the campaign's call: an empty bool vector, a bool scalar, and a (2, 3) float16 array
    # of axes holding -inf: was int()'s OverflowError; TF 2.21 answers a's gather (recorded)
    a = tf.constant(np.array([], bool))
    b = tf.constant(True)
    axes = np.array([[-0.01201, -np.inf, -3.387], [-2.379, -2.947, 0.005295]], np.float16)
    with pytest.raises(InvalidArgumentError) as e:
        tf.tensordot(a, b, axes)
    assert str(e.value) == _GATHER % (1, -2147483647, 1)
    outcome, _ = guarded("tensordot", ("tensordot", "GatherV2"), tf.tensordot, a, b, axes,
                         contract=False)
    assert outcome == "InvalidArgumentError"


# -- non_max_suppression_with_scores' max_output_size of floats ------------------------------

_NEGATIVE = ("{{function_node __wrapped__NonMaxSuppressionV5_device_/job:localhost/replica:0/"
             "task:0/device:CPU:0}} output size must be non-negative [Op:NonMaxSuppressionV5]")


def _conversion(t) -> str:
    return f"Tensor conversion requested dtype int32 for Tensor with dtype {t.dtype.name}: {t!r}"


# (max_output_size, TF 2.21's error, recorded) with NumPy boxes and a list of scores: TF's
# wrapper takes its slow path, which converts max_output_size to int32 (a NumPy float cast
# as NumPy casts it: inf and NaN are int32's least; a tensor of another dtype is
# conversion's ValueError)
NMS_CASES = [
    (lambda: tf.constant(1, tf.int64), ValueError, _conversion),
    (lambda: tf.constant(np.inf), ValueError, _conversion),
    (lambda: tf.constant(1.0, tf.float16), ValueError, _conversion),
    (lambda: np.float32(np.inf), InvalidArgumentError, lambda m: _NEGATIVE),
    (lambda: np.float64(np.nan), InvalidArgumentError, lambda m: _NEGATIVE),
    (lambda: np.float32(-1.5), InvalidArgumentError, lambda m: _NEGATIVE),
]


@pytest.mark.parametrize("make,cls,msg", NMS_CASES,
                         ids=["int64", "float32-inf", "float16", "np-inf", "np-nan", "np-neg"])
def test_nms_with_scores_max_output_size(make, cls, msg):
    m = make()
    with pytest.raises(cls) as e:
        tf.image.non_max_suppression_with_scores(np.zeros((1, 4), np.float32), [0.5], m)
    got = e.value.message if isinstance(e.value, InvalidArgumentError) else str(e.value)
    assert type(e.value) is cls and got == msg(m)


def test_the_campaigns_nms_case():
    # the campaign's call: a 0-d bfloat16 NumPy array of -inf for max_output_size was
    # int()'s OverflowError. TF 2.21 casts it to int32 and then fails on the bool boxes
    # (an InvalidArgumentError: "Value for attr 'T' of bool is not in the list of allowed
    # values: half, float ..."); eagerflow's error is of that class but still names the
    # boxes' rank first, left as it is
    t = tf.constant(True)
    m = np.array(-np.inf, tf.bfloat16.as_numpy_dtype)
    with pytest.raises(InvalidArgumentError):
        tf.image.non_max_suppression_with_scores(np.array(True), [], m, iou_threshold=t,
                                                 score_threshold=t, soft_nms_sigma=t)


@pytest.mark.parametrize("value", [np.array(np.inf, tf.bfloat16.as_numpy_dtype),
                                   np.array(np.inf, np.float32)], ids=["bfloat16", "float32"])
def test_nms_with_scores_max_output_size_of_a_0d_array(value):
    # TF 2.21 (recorded): the cast's int32 least, the kernel's negative-size error; a
    # bfloat16 infinity casts otherwise since ml_dtypes 0.7, and TF then selects nothing
    if value.dtype == np.float32 or ml_dtypes_before_0_7():
        with pytest.raises(InvalidArgumentError) as e:
            tf.image.non_max_suppression_with_scores(np.zeros((1, 4), np.float32), [0.5],
                                                     value)
        assert e.value.message == _NEGATIVE
    else:
        out = tf.image.non_max_suppression_with_scores(np.zeros((1, 4), np.float32), [0.5],
                                                       value)
        assert [t.numpy().tolist() for t in out] == [[], []]
    out = tf.image.non_max_suppression_with_scores(
        np.zeros((1, 4), np.float32), [0.5], np.array(2.5, tf.bfloat16.as_numpy_dtype))
    assert out[0].numpy().tolist() == [0] and out[1].numpy().tolist() == [0.5]
