"""Regression tests for the fuzz surveys of seeds 2236067977 and 2645751311 (EAGERFLOW_FUZZ=long,
survey mode; 2645751311 with EAGERFLOW_FUZZ_ODD=1) and for the CI survey's first-of-kind
escapes: each input, with TF 2.21's answer to it recorded as data (its error class and
message, or its result)."""

from __future__ import annotations

import numpy as np
import pytest
from fuzzlib import guarded

import eagerflow as tf
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import REGISTRY

_NODE = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "

# -- GenerateVocabRemapping's int attrs past int64 -------------------------------------------
# The CI survey's "first OverflowError: GenerateVocabRemapping" (new_vocab_offset=-2**70): TF
# 2.21's eager fast path reads a Python int past int64 as -1 and holds its OverflowError until
# the op has run, so any error of the op's comes first (the minimum of its OpDef, the kernel's
# int32 reads, a missing file); only a call that succeeds ends in the OverflowError. The op
# reads its attrs so (through bind, as the ops fuzz calls it); tf.raw_ops' wrapper raises the
# OverflowError as it converts the attr, as for every op (test_gen_wrapper_attrs' _PAST_INT64).


def _gvr(tmp_path, new=None, **attrs):
    path = tmp_path / "vocab.txt"
    path.write_text("a\nb\nc\n")
    kw = dict(new_vocab_offset=0, num_new_vocab=2, old_vocab_size=-1)
    kw.update(attrs)
    new = tf.constant(str(path)) if new is None else tf.convert_to_tensor(new)
    return bind(REGISTRY["GenerateVocabRemapping"], (new, tf.constant(str(path))), kw)


def _int32(attr: str, value: int) -> str:
    return (_NODE % "GenerateVocabRemapping" + f"Attr {attr} has value {value} out of range "
            "for an int32 [Op:GenerateVocabRemapping]")


@pytest.mark.parametrize("new,attrs,error,message", [
    (None, dict(new_vocab_offset=-2**70), tf.errors.InvalidArgumentError,
     "Value for attr 'new_vocab_offset' of -1 must be at least minimum 0"),
    (None, dict(num_new_vocab=2**70), tf.errors.InvalidArgumentError,
     "Value for attr 'num_new_vocab' of -1 must be at least minimum 0"),
    (None, dict(old_vocab_size=2**70), OverflowError, "int too big to convert"),
    (None, dict(old_vocab_size=-2**70), OverflowError, "int too big to convert"),
    ("/no/such/vocab.txt", dict(old_vocab_size=2**70), tf.errors.NotFoundError,
     _NODE % "GenerateVocabRemapping" + "/no/such/vocab.txt; No such file or directory "
     "[Op:GenerateVocabRemapping]"),
    (tf.constant([], tf.string), dict(old_vocab_size=2**70), tf.errors.InvalidArgumentError,
     _NODE % "GenerateVocabRemapping" + "new_vocab_file should be a single string, but got [0] "
     "[Op:GenerateVocabRemapping]"),
    (None, dict(num_new_vocab=5, old_vocab_size=2**70), tf.errors.InvalidArgumentError,
     _NODE % "GenerateVocabRemapping" + "lookup table size must be larger than last new vocab "
     "entry's line [Op:GenerateVocabRemapping]"),
    # (the kernel reads each attr as an int32, before the outputs are sized)
    (None, dict(old_vocab_size=2**31), tf.errors.InvalidArgumentError,
     _int32("old_vocab_size", 2**31)),
    (None, dict(new_vocab_offset=2**31, old_vocab_size=2**70), tf.errors.InvalidArgumentError,
     _int32("new_vocab_offset", 2**31)),
    (None, dict(num_new_vocab=2**31), tf.errors.InvalidArgumentError,
     _int32("num_new_vocab", 2**31)),
    (None, dict(new_vocab_offset=2**63 - 1), tf.errors.InvalidArgumentError,
     _int32("new_vocab_offset", 2**63 - 1)),
])
def test_generate_vocab_remapping_reads_huge_ints_as_tf(tmp_path, new, attrs, error, message):
    # TF 2.21's answers, recorded
    with pytest.raises(error) as info:
        _gvr(tmp_path, new, **attrs)
    assert str(info.value).split("\n")[0].removesuffix(" name: ") == message


def test_generate_vocab_remapping_raw_op_reads_int32_attrs(tmp_path):
    # (was: the outputs' ResourceExhaustedError of 2**31 outputs)
    path = str(tmp_path / "v.txt")
    with open(path, "w") as f:
        f.write("a\n")
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.raw_ops.GenerateVocabRemapping(new_vocab_file=path, old_vocab_file=path,
                                          new_vocab_offset=0, num_new_vocab=2**31)
    assert str(info.value) == _int32("num_new_vocab", 2**31)


def test_the_ci_surveys_generate_vocab_remapping_case(tmp_path):
    path = tmp_path / "new_vocab.txt"
    path.write_text("c\nx\na\n")
    ts = (tf.constant(str(path)), tf.constant([], tf.string))
    attrs = {"new_vocab_offset": -2**70, "num_new_vocab": 3, "old_vocab_size": 2}
    outcome, err = guarded("GenerateVocabRemapping", ("GenerateVocabRemapping",), bind,
                           REGISTRY["GenerateVocabRemapping"], ts, attrs)
    assert outcome == "InvalidArgumentError"
    assert "Value for attr 'new_vocab_offset' of -1 must be at least minimum 0" in str(err)


# -- Substr's UnicodeDecodeError counts from the eager function's prefix -----------------------
# TF 2.21 decodes its whole C message, "{{function_node ...}} pos 5 out of range for string
# b'\x80' ...", as UTF-8: the bad byte's position is 120, not 32 (recorded).

@pytest.mark.parametrize("fn,start", [
    (lambda: tf.raw_ops.Substr(input=b"\x80", pos=5, len=1), 120),
    (lambda: tf.raw_ops.Substr(input=[b"\x80x", b"\xc0\xaf"], pos=[1, 7], len=[1, 1]), 120),
    (lambda: tf.strings.substr(b"\xe6\x97\xa5\x80", 9, 1), 123),
])
def test_substr_decode_error_positions(fn, start):
    with pytest.raises(UnicodeDecodeError) as info:
        fn()
    assert (info.value.start, info.value.reason) == (start, "invalid start byte")


# -- the CI survey's other first-of-kind escapes: TF 2.21's own --------------------------------
# Each was checked against TF 2.21 with the survey's input, which raises the same class with
# the same message (recorded); dct's was a NotImplementedError that was also a ValueError,
# now TF's plain NotImplementedError.

@pytest.mark.parametrize("fn,error,message", [
    (lambda: tf.signal.dct(tf.constant(True), type=tf.constant(True), n=tf.constant(True),
                           axis=0, norm=tf.constant(True)),
     NotImplementedError, "axis must be -1. Got: 0"),
    (lambda: tf.signal.idct([[376195.2, -0.0, -2.0**63]], type=tf.zeros((4, 0), tf.float64),
                            n=tf.constant(0, tf.uint32), axis=-4),
     NotImplementedError, "axis must be -1. Got: -4"),
    (lambda: tf.math.scalar_mul(np.array([1 + 2j], np.complex64), []),
     AttributeError, "'list' object has no attribute 'dtype'"),
    (lambda: tf.math.scalar_mul(tf.zeros((4, 4, 0, 1), tf.bfloat16), 2**64),
     AttributeError, "'int' object has no attribute 'dtype'"),
    (lambda: tf.stack([], axis=-2**63), IndexError, "list index out of range"),
    (lambda: tf.experimental.numpy.hstack([]), IndexError, "list index out of range"),
    (lambda: tf.experimental.numpy.size([], axis=tf.constant(7)), NotImplementedError,
     "axis argument is not supported in the current `np.size` implementation"),
])
def test_ci_survey_escapes_are_tfs(fn, error, message):
    with pytest.raises(error) as info:
        fn()
    assert type(info.value) is error and str(info.value) == message


def test_tnp_pad_of_a_numeric_mode_is_numpys_ufunc_error():
    # TF 2.21: "Unsupported padding mode: " + mode, a 0-d array: NumPy's UFuncTypeError
    with pytest.raises(TypeError, match=r"ufunc 'add' did not contain a loop with signature "
                                        r"matching types"):
        tf.experimental.numpy.pad([], [1, [2]], np.array(7, np.int16))


def test_generate_vocab_remapping_takes_one_file_each(tmp_path):
    # TF 2.21: each file a scalar, the old one checked once the new vocabulary is read (was:
    # the vector's str() read as a path, NotFoundError)
    path = str(tmp_path / "v.txt")
    with open(path, "w") as f:
        f.write("a\nb\nc\n")
    raw = tf.raw_ops.GenerateVocabRemapping
    for new, old, attrs, message in [
            ([[path], [path]], path, {}, "new_vocab_file should be a single string, but got [2,1]"),
            (path, [path], {}, "old_vocab_file should be a single string, but got [1]"),
            (path, [path], {"num_new_vocab": 9},
             "lookup table size must be larger than last new vocab entry's line")]:
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            raw(new_vocab_file=new, old_vocab_file=old, **{"new_vocab_offset": 0,
                                                          "num_new_vocab": 2, **attrs})
        assert str(info.value) == _NODE % "GenerateVocabRemapping" + message + \
            " [Op:GenerateVocabRemapping]"


# -- the API survey of seed 2236067977 -------------------------------------------------------

def _array_axes(shape: tuple) -> np.ndarray:
    axes = np.full(shape, 1.5)
    axes.reshape(-1)[5] = -np.inf  # (int32's least once cast, as TF casts it)
    return axes


@pytest.mark.parametrize("axes,op,message", [
    # the survey's (an array of float axes with -inf: int()'s OverflowError)
    (_array_axes((2, 4, 2, 4)), "ListDiff", "y should be a 1D vector."),
    (_array_axes((2, 2, 4)), "ListDiff", "y should be a 1D vector."),
    (np.array([1, 0]), "ListDiff", "y should be a 1D vector."),
    (_array_axes((1, 4, 2, 4)), "StridedSlice", "slice index 1 of dimension 0 out of bounds."),
    # (an axis twice: TF's Transpose by the free axes and them)
    (_array_axes((2, 4)), "Transpose",
     "transpose expects a vector of size 4. But input(1) is a vector of size 7"),
])
def test_tensordot_reads_array_axes_as_tensors(axes, op, message):
    # TF 2.21's tensor path (an array or a tensor of axes), recorded
    a = np.zeros((0, 1, 3, 3), np.int8) if axes.ndim != 1 else tf.ones((2, 3))
    b = tf.constant([-3.39, 1.38, 0.99]) if axes.ndim != 1 else tf.ones((3, 2))
    for fn in (tf.tensordot, tf.experimental.numpy.tensordot):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            fn(a, b, axes=axes)
        name = "strided_slice/" if op == "StridedSlice" else ""
        assert str(info.value) == _NODE % op + f"{message} [Op:{op}] name: {name}"


@pytest.mark.parametrize("axes,want", [
    (tf.constant([[1], [0], [0]]), np.full((2, 2), 3.0, np.float32)),  # (rows past 2: unread)
    (np.array([[1.7], [0.2]]), np.full((2, 2), 3.0, np.float32)),  # (floats cast to int32)
    (np.array([[1, 0], [0, 1]]), np.float32(6.0)),
])
def test_tensordot_of_tensor_axes_values(axes, want):
    # TF 2.21's results, recorded
    got = tf.tensordot(tf.ones((2, 3)), tf.ones((3, 2)), axes=axes)
    np.testing.assert_array_equal(got.numpy(), want)


@pytest.mark.parametrize("key,want", [
    # TF 2.21: a key past 2**63 is taken as its uint64 (2**64 - 1 is -1's), 2**63 itself and
    # past 2**64 overflow the int64 attr (recorded)
    (-1, 2741262347203640477), (2**64 - 1, 2741262347203640477),
    (2**64, 6392349563203753680), (2**64 + 1, 4307142352141435618),
    (2**63 + 5, 3077635489507251449), (2**63, None), (2**65, None), (-2**63 - 1, None),
])
def test_ragged_cross_hashed_keys(key, want):
    x = [tf.ragged.constant([["a"]])]
    if want is None:
        with pytest.raises(OverflowError, match="^int too big to convert$"):
            tf.ragged.cross_hashed(x, hash_key=key)
    else:
        assert tf.ragged.cross_hashed(x, hash_key=key).to_list() == [[want]]


def test_ragged_cross_hashed_key_of_an_array():
    # TF 2.21's `hash_key > 2**63` of an array: NumPy's own OverflowError (fuzzlib's
    # TF_OVERFLOWS allows it), then the int attr's TypeError (recorded)
    with pytest.raises(OverflowError, match="^Python int too large to convert to C long$"):
        tf.ragged.cross_hashed([b"\x00"], num_buckets=tf.constant(6, tf.int64),
                               hash_key=np.array([False]))
    with pytest.raises(TypeError, match=r"^Expected int for argument 'hash_key' not "
                                        r"array\(\[3\]\)\.$"):
        tf.ragged.cross_hashed([tf.ragged.constant([["a"]])], hash_key=np.array([3]))


def test_ragged_cross_hashed_checks_inputs_before_attrs():
    # the survey's case (was: the OverflowError of the key, before the inputs' dtype)
    with pytest.raises(ValueError, match=r"^Unexpected dtype for inputs\[0\]: <dtype: 'float32'>$"):
        tf.ragged.cross_hashed([[[]]], num_buckets=-0.0, hash_key=-2**70)


_X = np.cos(np.arange(16)).reshape(2, 2, 4).astype(np.float32)


@pytest.mark.parametrize("fn,message", [
    # the survey's "first OverflowError: approx_top_k": TF 2.21's wrapper takes an int past
    # int64 as given; only the op's run overflows it, so a later attr's TypeError comes first
    (lambda: tf.approx_top_k(np.array([4, 8], np.uint16), 2**64, recall_target=[[6.2e16, False]]),
     "Expected float for argument 'recall_target' not [[6.2e+16, False]]."),
    (lambda: tf.approx_top_k(_X, -2**70, reduction_dimension=tf.zeros((0,), tf.complex64)),
     "Expected int for argument 'reduction_dimension' not <tf.Tensor: shape=(0,), "
     "dtype=complex64, numpy=array([], dtype=complex64)>."),
    (lambda: tf.raw_ops.ApproxTopK(input=_X, k=2**70, reduction_dimension="a"),
     "Expected int for argument 'reduction_dimension' not 'a'."),
    (lambda: tf.raw_ops.ApproxTopK(input=_X, k=2.5, reduction_dimension=2**70, recall_target=[1.0]),
     "Expected float for argument 'recall_target' not [1.0]."),
    (lambda: tf.nn.local_response_normalization(tf.ones((1, 2, 2, 3)), depth_radius=2**70,
                                                bias="x"),
     "Expected float for argument 'bias' not 'x'."),
    (lambda: tf.raw_ops.Unpack(value=[[1, 2]], num=2**70, axis="x"),
     "Expected int for argument 'axis' not 'x'."),
])
def test_a_later_attrs_type_error_comes_before_an_int_past_int64(fn, message):
    with pytest.raises(TypeError) as info:
        fn()
    assert str(info.value) == message
    with pytest.raises(OverflowError, match="^int too big to convert$"):  # (alone: overflows)
        tf.approx_top_k(_X, 2**70)


# -- the API survey of seed 2645751311 (EAGERFLOW_FUZZ_ODD=1) --------------------------------
# tnp.eye([b'b'], 'abc', ...) was NumPy's UFuncTypeError of `k >= M`; TF 2.21 reads a true
# dtype, takes a false M as N, then int() of N, M and k; k != 0 is its matrix_diag of ones

_TNP = tf.experimental.numpy


@pytest.mark.parametrize("args,kwargs,error,message", [
    (([b"b"], "abc", np.array(-5, np.int32)), {"dtype": tf.zeros((3, 0), tf.bfloat16)},
     TypeError, "int() argument must be a string, a bytes-like object or a real number, not "
                "'list'"),
    ((3, "abc", np.array(-5, np.int32)), {}, ValueError,
     "invalid literal for int() with base 10: 'abc'"),
    ((3,), {"dtype": None}, TypeError,
     "Cannot convert the argument `type_value`: None to a TensorFlow DType."),
    ((np.float32(np.inf),), {}, OverflowError, "cannot convert float infinity to integer"),
    ((-1, 2), {}, tf.errors.InvalidArgumentError,
     _NODE % "Fill" + "Dimension -1 must be >= 0 [Op:Fill] name: "),
])
def test_tnp_eye_errors(args, kwargs, error, message):
    with pytest.raises(error) as info:
        _TNP.eye(*args, **kwargs)
    assert str(info.value) == message


@pytest.mark.parametrize("args,kwargs,want", [
    ((3, 0), {}, np.eye(3)),
    ((2.7, 3.2), {"k": 1.5}, np.eye(2, 3, 1)),
    ((3,), {"k": -1}, np.eye(3, k=-1)),
    ((tf.constant(3),), {"k": tf.constant(1)}, np.eye(3, k=1)),
    ((3, 2), {"k": 1, "dtype": np.int8}, np.eye(3, 2, 1, np.int8)),
    ((2, 4), {"k": -1, "dtype": bool}, np.eye(2, 4, -1, bool)),
    ((2, 3), {"k": "1"}, np.eye(2, 3, 1)),
])
def test_tnp_eye_values(args, kwargs, want):
    # TF 2.21's results (those of NumPy's eye of the int sizes), recorded
    got = _TNP.eye(*args, **kwargs)
    assert got.dtype == tf.as_dtype(want.dtype)
    np.testing.assert_array_equal(got.numpy(), want)
