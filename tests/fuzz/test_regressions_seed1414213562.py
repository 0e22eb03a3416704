"""Regression tests for the fuzz survey of seed 1414213562 (EAGERFLOW_FUZZ=long, survey mode,
the ops suite at 30 examples per op and the public-API suite at 60 per function): each input
the survey found, with TF 2.21's answer to it recorded as data (its error class and message,
or its result); and the UFuncTypeError earlier surveys printed without a home."""

from __future__ import annotations

import re

import numpy as np
import pytest
from fuzzlib import FuzzFailure, guarded
from test_api_fuzz import check_api_call

import eagerflow as tf
from tests.golden_io import ml_dtypes_before_0_7

tnp = tf.experimental.numpy

# -- tnp.pad's mode, a 0-d NumPy array ---------------------------------------------------------
# The surveys' "first UFuncTypeError: experimental.numpy.pad" (e.g. tnp.pad([], tensor(4,
# uint8), np.array(8, np.uint64))) is TF 2.21's own: its Python compares the mode with the
# three names (a 0-d array's == is a false 0-d array) and then raises ValueError("Unsupported
# padding mode: " + mode), whose str + array is NumPy's add ufunc, with no loop for a string
# and a number: NumPy's UFuncTypeError leaves before the ValueError is made (recorded).


def _no_loop(dtype: str) -> str:
    return (r"^ufunc 'add' did not contain a loop with signature matching types "
            rf"\(dtype\('<U26'\), dtype\('{dtype}'\)\) -> None$")


@pytest.mark.parametrize("args, dtype", [
    ((np.array(True), tf.constant(True), np.array(True)), "bool"),
    (([], tf.constant(4, tf.uint8), np.array(8, np.uint64)), "uint64"),
    ((0.0, tf.constant(7, tf.int64), np.array(7)), "int64"),
    ((tf.constant([1, 2]), [[1, 1]], np.array(1.5)), "float64")])
def test_pad_of_a_numpy_number_mode_is_numpys_error_in_tf(args, dtype):
    with pytest.raises(TypeError, match=_no_loop(dtype)) as info:
        tnp.pad(*args)
    assert type(info.value).__name__ == "UFuncTypeError"
    outcome, _ = guarded("experimental.numpy.pad", ("pad",), tnp.pad, *args, contract=False)
    assert outcome == "UFuncTypeError"


@pytest.mark.parametrize("mode, error, message", [
    # (an array of more than one element, or of none: its truth value; a str array has no
    # .upper(); a NumPy float's concatenation is Python's own TypeError)
    (np.array([1, 2]), ValueError, "^The truth value of an array with more than one element "
                                   "is ambiguous"),
    (np.array([], bool), ValueError, "^The truth value of an empty array is ambiguous"),
    (np.array(["constant"]), AttributeError, "'numpy.ndarray' object has no attribute 'upper'"),
    (np.float64(2.5), TypeError, r'^can only concatenate str \(not "numpy.float64"\) to str$')])
def test_pad_of_other_numpy_modes(mode, error, message):
    with pytest.raises(error, match=message):
        tnp.pad(tf.constant([1, 2]), [[1, 1]], mode)


def _kernel_like() -> None:
    np.add(np.array("a"), np.array(1.0))  # (NumPy's UFuncTypeError: no loop for str + float)


def test_numpys_type_error_elsewhere_is_a_fuzz_failure():
    # the rule: NumPy's TypeError escapes only where TF's Python lets it out; an op bound with
    # junk attrs (contract=False) is no call TF could make, a public call always is
    with pytest.raises(FuzzFailure, match=r"^\[escaped\] Add: NumPy's UFuncTypeError"):
        guarded("Add", ("Add",), _kernel_like)
    assert guarded("Add", ("Add",), _kernel_like, contract=False)[0] == "UFuncTypeError"
    with pytest.raises(FuzzFailure, match=r"^\[escaped\] math.add: NumPy's UFuncTypeError"):
        check_api_call("math.add", _kernel_like, [], {})


# -- tnp's promotion of bfloat16 with a 64-bit integer -----------------------------------------
# The survey's tnp.result_type/clip/einsum of a bfloat16 and a uint64 or int64 operand end in
# NumPy's DTypePromotionError, TF 2.21's too: its tnp promotes with np.result_type (recorded;
# fuzzlib's TF_NUMPY_TYPE_ERRORS allows it there). ml_dtypes 0.7 promotes the pair to float64,
# and the calls then go on, in TF (/work/tfref, ml_dtypes 0.7) as here, to the outcomes `since`.

_BF16 = tf.bfloat16.as_numpy_dtype


def _no_common(first: str, second: str) -> str:
    return (rf"^The DType <class 'numpy\.{first}'> could not be promoted by <class "
            rf"'numpy\.{second}'>\. This means that no common DType exists")


def _outcome(call) -> str:
    try:
        return repr(call())
    except Exception as e:  # noqa: BLE001 - the error is the outcome
        return type(e).__name__


@pytest.mark.parametrize("call, first, second, since", [
    (lambda: tnp.result_type(np.array([-1, 1], _BF16), np.array([3], np.uint64),
                             tf.zeros((0, 2), tf.uint16)),
     r"dtypes\.UInt64DType", r"dtype\[bfloat16\]", "tf.float64"),
    (lambda: tnp.einsum(True, np.array(-4.5625, _BF16), np.array([1, 2]), []),
     r"dtype\[bfloat16\]", r"dtypes\.Int64DType", "AttributeError"),
    (lambda: tnp.clip(tf.zeros((0, 3, 2, 3), tf.bfloat16), tf.zeros((4, 3, 0, 1), tf.bool),
                      tf.constant(1, tf.uint64)),
     r"dtype\[bfloat16\]", r"dtypes\.UInt64DType", "InvalidArgumentError"),
    (lambda: tnp.add(tf.constant(1.0, tf.bfloat16), tf.constant(1, tf.int64)),
     r"dtype\[bfloat16\]", r"dtypes\.Int64DType",
     "<tf.Tensor: shape=(), dtype=float64, numpy=2.0>")])
def test_tnp_promotion_of_bfloat16_and_a_64_bit_int_is_numpys_error(call, first, second, since):
    if not ml_dtypes_before_0_7():
        assert _outcome(call) == since
        return
    with pytest.raises(TypeError, match=_no_common(first, second)) as info:
        call()
    assert type(info.value).__name__ == "DTypePromotionError"
    outcome, _ = guarded("experimental.numpy.result_type", ("result_type",), call,
                         contract=False)
    assert outcome == "DTypePromotionError"


def test_tnp_promotion_of_bfloat16_and_int8():
    assert tnp.result_type(np.array(1, _BF16), np.array(1, np.int8)) == tf.bfloat16


# -- tf.convert_to_tensor's name, dtype_hint and variables -------------------------------------
# The survey's tf.convert_to_tensor(int16 tensor, dtype=bool, name=np.array(-1, np.int16)) was
# NumPy's UFuncTypeError (eagerflow added ': ' to the name). TF 2.21 formats the name into its
# message whatever it is, converts dtype and then dtype_hint before it reads the value (a bad
# hint is refused even for a tensor), and refuses a variable of another dtype in its own words
# (recorded).

_F32 = "<tf.Tensor: shape=(1,), dtype=float32, numpy=array([1.], dtype=float32)>"


@pytest.mark.parametrize("name, prefix", [
    (np.array(1.5), "1.5"), (np.array("ab"), "ab"), (5, "5"), ([1], r"\[1\]"),
    (b"x", "b'x'"), (np.array([1, 2]), r"\[1 2\]"), (np.array([b"a"], object), r"\[b'a'\]"),
    (tf.constant(3), "3")])
def test_convert_to_tensor_formats_any_name(name, prefix):
    with pytest.raises(ValueError, match=rf"^{prefix}: Tensor conversion requested dtype int32 "
                                         rf"for Tensor with dtype float32: {re.escape(_F32)}$"):
        tf.convert_to_tensor(tf.constant([1.0]), dtype=tf.int32, name=name)


def test_the_campaigns_convert_to_tensor_case():
    x = tf.zeros((0, 0, 0, 3), tf.int16)
    with pytest.raises(ValueError, match=r"^-1: Tensor conversion requested dtype bool for "
                                         r"Tensor with dtype int16: <tf.Tensor: shape=\(0, 0, 0, "
                                         r"3\), dtype=int16"):
        tf.convert_to_tensor(x, dtype=tf.bool, dtype_hint=tf.bool, name=np.array(-1, np.int16))


_BOGUS = r"^Cannot convert the argument `type_value`: 'bogus' to a TensorFlow DType\.$"


@pytest.mark.parametrize("value, kwargs", [
    (tf.constant([2, 2, 4, 2], tf.uint16), {"dtype": 2, "dtype_hint": "bogus"}),
    (tf.constant([1.0]), {"dtype_hint": "bogus"}),
    (tf.constant([1.0]), {"dtype": tf.float32, "dtype_hint": "bogus"}),
    (tf.constant([1.0]), {"dtype": tf.int32, "dtype_hint": "bogus"}),
    ([1.0], {"dtype_hint": "bogus"}), (1.0, {"dtype": tf.float32, "dtype_hint": "bogus"})])
def test_convert_to_tensor_reads_dtype_hint_first(value, kwargs):
    with pytest.raises(TypeError, match=_BOGUS):
        tf.convert_to_tensor(value, **kwargs)


def test_convert_to_tensor_of_a_variable_of_another_dtype():
    v = tf.Variable([1.0])
    words = (r"^Incompatible type conversion requested to type int32 for `tf\.Variable of type "
             r"float32\. \(Variable: <tf\.Variable '%s' shape=\(1,\) dtype=float32, "
             r"numpy=array\(\[%s\], dtype=float32\)>\)$")
    for name in (None, "nm"):  # (no name prefix: TF's variable conversion drops it)
        with pytest.raises(ValueError, match=words % (re.escape(v.name), "1.")):
            tf.convert_to_tensor(v, tf.int32, name=name)
    with pytest.raises(ValueError, match=words % ("UnreadVariable", "2.")):
        tf.convert_to_tensor(v.assign([2.0]), tf.int32)
    with tf.GradientTape() as tape:  # (refused before it is read: the tape sees no read)
        with pytest.raises(ValueError, match=words % (re.escape(v.name), "2.")):
            tf.convert_to_tensor(v, tf.int32)
    assert tape.watched_variables() == ()
    assert tf.convert_to_tensor(v, dtype_hint=tf.int32).dtype == tf.float32
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"^cannot compute AddV2 as input "
                                                             r"#1\(zero-based\) was expected "
                                                             r"to be a int32 tensor but is a "
                                                             r"float tensor \[Op:AddV2\]"):
        tf.add(tf.constant([1]), v)


# -- linalg.normalize of a ragged ord -----------------------------------------------------------
# The survey's tf.linalg.normalize(tf.constant(-1.0, tf.float64), ord=[1, [2]]) is NumPy's
# ValueError of a ragged sequence in TF 2.21 too: its norm's ord check reads NumPy's view of
# ord (recorded; test_api_fuzz's TF_NUMPY_ERRORS allows it for norm and normalize).

_RAGGED = (r"^setting an array element with a sequence\. The requested array has an "
           r"inhomogeneous shape after 1 dimensions\. The detected shape was \(2,\) \+ "
           r"inhomogeneous part\.$")


@pytest.mark.parametrize("call", [
    lambda: tf.linalg.normalize(tf.constant(-1.0, tf.float64), ord=[1, [2]]),
    lambda: tf.linalg.normalize(tf.constant([1.0, 2.0]), ord=[[1], 2]),
    lambda: tf.norm(tf.constant([1.0, 2.0]), ord=[1, [2]])])
def test_norm_of_a_ragged_ord(call):
    with pytest.raises(ValueError, match=_RAGGED):
        call()


def test_norm_of_a_ragged_matrix_ord():
    with pytest.raises(ValueError, match=r"^'ord' must be a supported matrix norm in "
                                         r"\['euclidean', 'fro', 1, 2, inf\], got \[1, \[2\]\]$"):
        tf.norm(tf.constant([[1.0, 2.0]]), ord=[1, [2]], axis=[0, 1])


# -- BiasAddGrad of an empty half-precision gradient --------------------------------------------
# The survey's BiasAddGrad of a (1, 0, 1, 1) bfloat16 gradient, NCHW, was NumPy's "cannot
# reshape array of size 0" (the half-precision sum shaped its runs with -1). TF 2.21 gives
# each channel's zero sum (recorded).

@pytest.mark.parametrize("dtype", [tf.bfloat16, tf.float16, tf.float32])
@pytest.mark.parametrize("shape, fmt, channels", [
    ((1, 0, 1, 1), "NCHW", 0), ((0, 2, 1, 1), "NCHW", 2), ((2, 3, 0), "NCHW", 3),
    ((2, 0, 3), "NHWC", 3), ((2, 3, 0), "NHWC", 0)])
def test_bias_add_grad_of_no_values(dtype, shape, fmt, channels):
    out = tf.raw_ops.BiasAddGrad(out_backprop=tf.zeros(shape, dtype), data_format=fmt)
    assert out.dtype == dtype and out.shape == (channels,)
    assert out.numpy().tolist() == [0.0] * channels


# -- InTopK's k of another type -----------------------------------------------------------------
# The survey bound InTopK with k='abc' (a junk attr: NumPy's UFuncTypeError in the kernel, no
# call TF can make; fuzzlib checks NumPy's TypeErrors for calls of the documented types). Through
# tf.raw_ops, TF 2.21's attr check (recorded):

@pytest.mark.parametrize("k, shown", [("abc", "'abc'"), (None, "None"), ([1], r"\[1\]")])
def test_in_top_k_of_a_k_not_an_int(k, shown):
    p = tf.constant([[1.0, 1.0, 0.5], [0.0, 2.0, 2.0]])
    with pytest.raises(TypeError, match=rf"^Expected int for argument 'k' not {shown}\.$"):
        tf.raw_ops.InTopK(predictions=p, targets=tf.constant([0, 1]), k=k)
