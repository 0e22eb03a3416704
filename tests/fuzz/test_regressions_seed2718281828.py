"""Regression tests for the fuzz campaign of seed 2718281828 (EAGERFLOW_FUZZ=long with
EAGERFLOW_FUZZ_EXAMPLES=30 and EAGERFLOW_FUZZ_ODD=1, the public-API suite over the
namespaces it newly walks: strings, sparse, ragged, sets, quantization, audio, dtypes,
debugging): each input the campaign found, with TF 2.21's answer to it recorded as data
(its error class and message, or its result)."""

from __future__ import annotations

import numpy as np
import pytest
from fuzzlib import guarded

import eagerflow as tf
from eagerflow.errors import InvalidArgumentError, UnimplementedError

# -- tf.strings.join of what is not a list -----------------------------------------------------
# The campaign's tf.strings.join(np.array([], bool)) was an IndexError in StringJoin's infer
# (no inputs). TF 2.21's fast path reads any sequence (a tensor's rows too) as the op's list,
# and an empty one is the scalar b''; a non-empty NumPy array, a set, a dict, an iterator or
# a non-empty str is its slow path's TypeError (all recorded). An empty NumPy array is an
# empty list too, once TF's eager context has run an op (the first call of a fresh TF
# process has no fast path: its slow path's TypeError, as this test first recorded it;
# re-recorded warm for seed 1838588315).

_NOT_A_LIST = "^Expected list for 'inputs' argument to 'string_join' Op, not %s\\.$"


def test_the_campaigns_join_case():
    inputs = np.array([], dtype=bool)
    out = tf.strings.join(inputs)
    assert out.dtype == tf.string and out.shape == () and out.numpy() == b""
    outcome, _ = guarded("strings.join", ("join",), tf.strings.join, inputs, contract=False)
    assert outcome == "ok"


@pytest.mark.parametrize("inputs, words", [
    (np.array([b"a", b"b"], object), r"array\(\[b'a', b'b'\], dtype=object\)"),
    (np.array([1.0], np.float32), r"array\(\[1\.\], dtype=float32\)"),
    (np.array(["a", "b"]), r"array\(\['a', 'b'\], dtype='<U1'\)"),
    ({}, r"\{\}"), (set(), r"set\(\)"), ("ab", "'ab'")])
def test_join_refuses_what_tf_takes_for_no_list(inputs, words):
    with pytest.raises(TypeError, match=_NOT_A_LIST % words):
        tf.strings.join(inputs)


def test_join_refuses_an_iterator():
    with pytest.raises(TypeError, match="^Expected list for 'inputs' argument to 'string_join' "
                                        "Op, not <list_iterator object at 0x"):
        tf.strings.join(iter([]))


@pytest.mark.parametrize("inputs", [
    (), "", b"", range(0), bytearray(), tf.constant([], tf.string), tf.constant([], tf.int32),
    tf.constant([], tf.bool), tf.zeros((0, 2), tf.string)])
def test_join_of_an_empty_sequence_is_the_empty_string(inputs):
    out = tf.strings.join(inputs)
    assert out.shape == () and out.dtype == tf.string and out.numpy() == b""


def test_join_of_a_tensors_rows():
    out = tf.strings.join(tf.constant([["a", "b"], ["c", "d"]]))
    assert out.numpy().tolist() == [b"ac", b"bd"]
    assert tf.strings.join(tf.constant(["a", "b"])).numpy() == b"ab"
    with pytest.raises(InvalidArgumentError, match=r"cannot compute StringJoin as input "
                                                   r"#0\(zero-based\) was expected to be a "
                                                   r"string tensor but is a int32 tensor "
                                                   r"\[Op:StringJoin\]"):
        tf.strings.join(tf.constant([1, 2]))


# -- tf.sparse.cross's separator and inputs ---------------------------------------------------
# The campaign's separator, a float16 tensor, was "'EagerTensor' object has no attribute
# 'encode'". TF 2.21 converts the separator to a string tensor before it reads the inputs
# (a float's ValueError), its SparseCrossV2 kernel refuses one that is not a scalar, and
# its Python takes only tensors and SparseTensors as inputs (recorded).

_PREFIX = ("{{function_node __wrapped__SparseCrossV2_N_0_dense_types_2_sparse_types_0_device_"
           "/job:localhost/replica:0/task:0/device:CPU:0}} ")
_PAIR = lambda: [tf.constant([["a"]]), tf.constant([["b"]])]  # noqa: E731


def test_the_campaigns_cross_case():
    sep = tf.constant(np.full((4, 4), 1.5, np.float16))
    inputs = [[[-10, 6, -4], [-0.9999899864196777]]]
    with pytest.raises(ValueError, match=r"^Tensor conversion requested dtype string for "
                                         r"Tensor with dtype float16"):
        tf.sparse.cross(inputs, separator=sep)
    outcome, _ = guarded("sparse.cross", ("cross",), tf.sparse.cross, inputs, separator=sep,
                         contract=False)
    assert outcome == "ValueError"


@pytest.mark.parametrize("separator, shape, values", [
    (["y"], "[1]", "y"), (["y", "z", "w"], "[3]", "y z w"),
    (["y", "z", "w", "v"], "[4]", "y z w..."), ([["y", "z"], ["w", "v"]], "[2,2]",
                                                "[y z][w...]..."),
    (np.array([], object), "[0]", "")])
def test_cross_of_a_separator_not_a_scalar(separator, shape, values):
    with pytest.raises(InvalidArgumentError) as e:
        tf.sparse.cross(_PAIR(), separator=separator)
    assert e.value.message == (f"{_PREFIX}Input separator should be a scalar. Received: "
                               f"Tensor<type: string shape: {shape} values: {values}> "
                               "[Op:SparseCrossV2] name: ")


@pytest.mark.parametrize("separator", [tf.constant("é"), b"\xc3\xa9", np.str_("é")])
def test_cross_of_a_string_separator(separator):
    out = tf.sparse.cross(_PAIR(), separator=separator)
    assert out.values.numpy().tolist() == ["aéb".encode()]


def test_cross_separator_before_inputs():
    with pytest.raises(TypeError, match="^Cannot convert 3 to EagerTensor of dtype string$"):
        tf.sparse.cross("ab", separator=3)
    with pytest.raises(TypeError, match="^Inputs must be a list$"):
        tf.sparse.cross("ab", separator="-")


@pytest.mark.parametrize("x", [[["a"]], np.array([["a"]], object),
                               tf.ragged.constant([["a"], ["b", "c"]])])
def test_cross_takes_only_tensors(x):
    with pytest.raises(TypeError, match=r"^All inputs must be Tensor or SparseTensor\.$"):
        tf.sparse.cross([x, tf.constant([["x"], ["y"]])])
    with pytest.raises(TypeError, match="^All inputs must be SparseTensors$"):
        tf.sparse.cross_hashed([x, tf.constant([["x"], ["y"]])])


def test_cross_takes_no_variable():
    with pytest.raises(TypeError, match=r"^All inputs must be Tensor or SparseTensor\.$"):
        tf.sparse.cross([tf.Variable([[1]], dtype=tf.int64), tf.constant([[2]], tf.int64)])


# -- tf.ragged.stack_dynamic_partitions, checked in TF's order ----------------------------------
# The campaign's ('', 3, 3), a scalar partition, was eagerflow's own "partitions must be less
# than num_partitions" over the flattened partitions; TF 2.21 makes a scalar partition the
# one row of from_value_rowids (its static nrows check's ValueError), checks a vector's
# largest partition against num_partitions before their signs, casts num_partitions to the
# partitions' dtype, and refuses float partitions where they become row ids (recorded).

S = tf.ragged.stack_dynamic_partitions
_LESS = ("partitions must be less than num_partitions\nCondition x < y did not hold.\n"
         "First 1 elements of x:\n[%s]\nFirst 1 elements of y:\n[%s]")
_SIGN = ("partitions must be non-negative..  \nCondition x >= 0 did not hold element-wise:\n"
         "x (shape=(%d,) dtype=int32) = \n%s")


def test_the_campaigns_stack_dynamic_partitions_case():
    with pytest.raises(ValueError, match=r"^Expected nrows >= value_rowids\[-1\] \+ 1; got "
                                         r"nrows=3, value_rowids\[-1\]=3$"):
        S("", 3, 3)
    outcome, _ = guarded("ragged.stack_dynamic_partitions", ("stack_dynamic_partitions",),
                         S, "", 3, 3, contract=False)
    assert outcome == "ValueError"


@pytest.mark.parametrize("data, partitions, num, message", [
    ([1, 2], [-1, 5], 3, _LESS % (5, 3)), ([1, 2], [2, -1], 3, _SIGN % (2, "['2', '-1']")),
    ([[1, 2], [3, 4]], [[0, 1], [2, 5]], 3, _LESS % (5, 3)),
    ([[1, 2], [3, 4]], [[0, -1], [2, 1]], 3, _SIGN % (4, "['0', '-1', '2', '...']")),
    ([1, 2], [0, 1], -1, _LESS % (1, -1)), ([1, 2], [0, 0], 0, _LESS % (0, 0)),
    ([1, 2], [0, 1], 2**40, _LESS % (1, 0))])
def test_stack_dynamic_partitions_refusals(data, partitions, num, message):
    with pytest.raises(InvalidArgumentError) as e:
        S(data, partitions, num)
    assert e.value.message == message


@pytest.mark.parametrize("data, partitions, num, error, message", [
    ([1.0, 2.0], [0.0, 1.0], 3, ValueError, "value_rowids must have dtype int32 or int64"),
    ([1.0, 2.0], [0.0, 1.0], 3.0, ValueError, "value_rowids must have dtype int32 or int64"),
    ([], [], 2, ValueError, "value_rowids must have dtype int32 or int64"),
    ([1, 2], np.array([0, 1], np.uint8), 3, ValueError,
     "value_rowids must have dtype int32 or int64"),
    ([1, 2], [0, 1], [3], ValueError, "Shape (1,) must have rank 0"),
    (5, 1, 0, ValueError, "Expected nrows >= value_rowids[-1] + 1; got nrows=0, "
                          "value_rowids[-1]=1"),
    ([1, 2], ["a", "b"], 3, UnimplementedError, "Cast int32 to string is not supported")])
def test_stack_dynamic_partitions_python_refusals(data, partitions, num, error, message):
    with pytest.raises(error) as e:
        S(data, partitions, num)
    assert message in str(e.value)


def test_a_negative_scalar_partition_is_bincounts_refusal():
    # (TF's from_value_rowids counts each row's ids with DenseBincount, bounded to nrows)
    with pytest.raises(InvalidArgumentError, match=r"Input arr must be non-negative! "
                                                   r"\[Op:DenseBincount\]"):
        S(5, -1, 3)


def test_stack_dynamic_partitions_results():
    assert S(5, 2, 3).to_list() == [[], [], [5]]
    assert S([1, 2], [0, 1], tf.constant(3, tf.int64)).to_list() == [[1], [2], []]
    rt = S(tf.ragged.constant([[1, 2], [3]]), [0, 1], 2)
    assert rt.to_list() == [[[1, 2]], [[3]]]
    assert S([[1, 2], [3, 4]], [[0, 1], [2, 2]], 3).to_list() == [[1], [2], [3, 4]]


def test_stack_dynamic_partitions_of_incompatible_ragged_shapes():
    with pytest.raises(InvalidArgumentError) as e:
        S(tf.ragged.constant([[1, 2], [3]]), tf.ragged.constant([[0], [1, 1]]), 2)
    assert e.value.message == (
        "data and partitions have incompatible ragged shapes\nCondition x == y did not hold.\n"
        "Indices of first 1 different values:\n[[1]]\nCorresponding x values:\n[2]\n"
        "Corresponding y values:\n[1]\nFirst 3 elements of x:\n[0 2 3]\n"
        "First 3 elements of y:\n[0 1 3]")


# -- The campaign's failures that are TF's own Python errors (fuzzlib's rules) -------------------


@pytest.mark.parametrize("a, kind", [(None, "NoneType"), (0, "int"), ([], "list"),
                                     (np.zeros((2, 0)), "numpy.ndarray")])
def test_sparse_mask_of_no_indexed_slices(a, kind):
    # TF 2.21's sparse.mask reads a.indices first: Python's AttributeError (recorded)
    with pytest.raises(AttributeError, match=f"^'{kind}' object has no attribute 'indices'$"):
        tf.sparse.mask(a, tf.constant(True))
    outcome, _ = guarded("sparse.mask", ("mask",), tf.sparse.mask, a, tf.constant(True),
                         contract=False)
    assert outcome == "AttributeError"


def test_ngrams_of_an_empty_pad_values_list():
    # TF 2.21 reads a list pad_values' first item: Python's IndexError (recorded)
    args = ([], tf.constant(np.zeros(0, np.uint8)))
    with pytest.raises(IndexError, match="^list index out of range$"):
        tf.strings.ngrams(*args, separator="", pad_values=[])
    outcome, _ = guarded("strings.ngrams", ("ngrams",), tf.strings.ngrams, *args,
                         separator="", pad_values=[], contract=False)
    assert outcome == "IndexError"


# -- Found by the short (derandomized) run over the new namespaces -----------------------------
# tf.ragged.range([[0, []]]) was NumPy's "inhomogeneous shape" ValueError (its dtype guessed
# from np.asarray of the raw argument), and tf.ragged.range(2**40) the empty [[]] (2**40
# converted to int32). TF 2.21 converts each argument alone, then casts them to the widest
# of int32, int64, float32, float64, asserting each is one of them (recorded).

R = tf.ragged.range


@pytest.mark.parametrize("args", [([[0, []]],), ([0, [1]],)])
def test_ragged_range_of_mixed_python_data(args):
    with pytest.raises(ValueError, match="^Can't convert Python sequence with mixed types to "
                                         "Tensor.$"):
        R(*args)
    outcome, _ = guarded("ragged.range", ("range",), R, *args, contract=False)
    assert outcome == "ValueError"


@pytest.mark.parametrize("starts", [tf.constant([3], tf.int8), "a",
                                    tf.constant([3.0], tf.float16), [True]])
def test_ragged_range_outside_tfs_dtypes_is_its_assertion(starts):
    with pytest.raises(AssertionError):
        R(starts)
    outcome, _ = guarded("ragged.range", ("range",), R, starts, contract=False)
    assert outcome == "AssertionError"


def test_ragged_range_values():
    assert R([3, 4], 6, 1.5).to_list() == [[3.0, 4.5], [4.0, 5.5]]
    assert R(np.array([3], np.int64), 5).to_list() == [[3, 4]]
    assert R([1.5, 2], [4, 5]).to_list() == [[1.5, 2.5, 3.5], [2.0, 3.0, 4.0]]
    out = R(tf.constant([3]), tf.constant([5], tf.int64))
    assert out.to_list() == [[3, 4]] and out.dtype == tf.int64
    assert R([3], dtype=tf.int64).to_list() == [[0, 1, 2]]


def test_ragged_range_refusals():
    with pytest.raises(TypeError, match=r"^Cannot convert \[3\.7\] to EagerTensor of dtype "
                                        r"int32$"):
        R([3.7], dtype=tf.int32)
    with pytest.raises(ValueError, match=r"^limits: Tensor conversion requested dtype float32 "
                                         r"for Tensor with dtype int32"):
        R(tf.constant([3], tf.int32), dtype=tf.float32)
    with pytest.raises(tf.errors.ResourceExhaustedError,
                       match=r"OOM when allocating tensor with shape\[1099511627776\] and "
                             r"type int64"):
        R(2**40)


# tf.debugging.assert_same_float_dtype(tensors='abc') was "'str' object has no attribute
# 'dtype'" raised by eagerflow's own reading; TF 2.21's Python reads the same attributes
# (its AttributeError, now in fuzzlib's TF_ATTRIBUTE_READS), takes `dtype` as given, and
# names the source of the expected type only when it came from a tensor (recorded).

_SAME = tf.debugging.assert_same_float_dtype


@pytest.mark.parametrize("tensors, dtype, words", [
    ("abc", None, "'str' object has no attribute 'dtype'"),
    ([1.0], None, "'float' object has no attribute 'dtype'"),
    (None, "abc", "'str' object has no attribute 'is_floating'"),
    ([tf.constant(1.0)], "float32", "'str' object has no attribute 'is_floating'"),
    (np.array([1.0]), None, "'numpy.dtypes.Float64DType' object has no attribute "
                            "'base_dtype'")])
def test_assert_same_float_dtype_reads_as_tf(tensors, dtype, words):
    with pytest.raises(AttributeError, match=f"^{words}$"):
        _SAME(tensors, dtype)
    outcome, _ = guarded("debugging.assert_same_float_dtype", ("assert_same_float_dtype",),
                         _SAME, tensors, dtype, contract=False)
    assert outcome == "AttributeError"


_F32 = "tf.Tensor(1.0, shape=(), dtype=float32)"
_F64 = "tf.Tensor(1.0, shape=(), dtype=float64)"


@pytest.mark.parametrize("tensors, dtype, message", [
    ([tf.constant(1.0)], "abc", f"{_F32}, type=<dtype: 'float32'>, must be of the same type "
                                "(abc)."),
    ([tf.constant(1.0), tf.constant(1.0, tf.float64)], None,
     f"{_F64}, type=<dtype: 'float64'>, must be of the same type (<dtype: 'float32'>) as "
     f"{_F32}."),
    ([tf.constant(1.0)], tf.float64, f"{_F32}, type=<dtype: 'float32'>, must be of the same "
                                     "type (<dtype: 'float64'>)."),
    ([tf.constant(1)], None, "Expected floating point type, got <dtype: 'int32'>."),
    ([], tf.int32, "Expected floating point type, got <dtype: 'int32'>.")])
def test_assert_same_float_dtype_refusals(tensors, dtype, message):
    with pytest.raises(ValueError) as e:
        _SAME(tensors, dtype)
    assert str(e.value) == message


def test_assert_same_float_dtype_answers():
    assert _SAME([None, tf.constant(1.0)]) == tf.float32
    assert _SAME(None, tf.float16) == tf.float16
    assert _SAME() == tf.float32
