"""Regression tests for the fuzz surveys of seeds 3141592653 and 2828427124 (EAGERFLOW_FUZZ=long,
survey mode, the op registry's and the public API's suites; 2828427124 with
EAGERFLOW_FUZZ_ODD=1): each input the surveys found, with TF 2.21's answer to it recorded as
data (its error class and message, or its result), or, where TF's own kernel crashes the
process, the error eagerflow gives instead."""

from __future__ import annotations

import numpy as np
import pytest
from fuzzlib import guarded, numpy_type_error

import eagerflow as tf
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import REGISTRY

_NODE = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
_M = 2**63 - 1

# -- RaggedTensorToTensor of row splits whose widths pass int64 -------------------------------
# The ops survey's case (seed 3141592653): splits [M, -8, 2, M] (M = 2**63 - 1) into a [2, 2]
# output. Their int64 widths wrap (M - 2 and -8 - M are huge) and their sum wraps past 2**64
# to a small number: NumPy's repeat by them took that as its output's size and wrote past it
# (the process died of SIGSEGV). TF 2.21's kernel dies too (it reserves the splits' last
# value and pushes an index per value); eagerflow refuses what TF's walk would end in: widths
# whose sum is not the splits' last value are "Invalid row split size.", and a sum that is,
# past the memory an index of it takes, is ResourceExhaustedError. Where TF answers
# (recorded: an unknown shape sizes the output first; splits whose wrapped widths are
# negative, rows of nothing), eagerflow answers the same.
_TO_TENSOR = "RaggedTensorToTensor_num_row_partition_tensors_1"


def _to_tensor(splits, shape):
    return tf.raw_ops.RaggedTensorToTensor(
        shape=tf.constant(shape, tf.int64), values=tf.constant([1.5, -2.0, 3.0, 0.25], tf.float64),
        default_value=tf.constant(0.0, tf.float64),
        row_partition_tensors=[tf.constant(splits, tf.int64)], row_partition_types=["ROW_SPLITS"])


@pytest.mark.parametrize("splits,shape,error,message", [
    # (TF 2.21 crashes on these three: eagerflow's refusals)
    ([_M, -8, 2, _M], [2, 2], tf.errors.InvalidArgumentError, "Invalid row split size."),
    ([0, 2, -5, _M], [2, 2], tf.errors.InvalidArgumentError, "Invalid row split size."),
    ([0, _M], [2, 2], tf.errors.ResourceExhaustedError,
     f"OOM when allocating tensor with shape[{_M}] and type int64"),
    # (TF 2.21's answers, recorded)
    ([_M, -8, 2, _M], [-1, -1], tf.errors.InvalidArgumentError,
     f"Shape [3,{_M - 2}] would have more than 2**63 - 1 elements"),
    ([0, 2, _M], [-1, -1], tf.errors.InvalidArgumentError,
     f"Shape [2,{_M - 2}] would have more than 2**63 - 1 elements"),
    ([0, _M], [-1, -1], tf.errors.ResourceExhaustedError,
     f"OOM when allocating tensor with shape[1,{_M}] and type double"),
    ([0, -_M - 1, 4], [2, 2], tf.errors.InvalidArgumentError, "Invalid row split size."),
    ([0, 4, 2], [-1, -1], tf.errors.InvalidArgumentError, "Invalid row split size."),
])
def test_ragged_to_tensor_of_widths_past_int64(splits, shape, error, message):
    with pytest.raises(error) as e:
        _to_tensor(splits, shape)
    assert e.value.message.startswith(_NODE % _TO_TENSOR + message)


@pytest.mark.parametrize("splits,shape,want", [
    ([-_M - 1, 0, 2], [2, 2], [[0.0, 0.0], [1.5, -2.0]]),
    ([-_M - 1, 0, 2], [-1, -1], [[0.0, 0.0], [1.5, -2.0]]),
    ([0, -_M - 1, 4], [-1, -1], [[], []]),
])
def test_ragged_to_tensor_of_wrapped_negative_widths(splits, shape, want):
    # TF 2.21's answers, recorded: a width that wraps negative holds nothing
    assert _to_tensor(splits, shape).numpy().tolist() == want


def test_the_surveys_ragged_to_tensor_case():
    inputs = (tf.constant([2, 2], tf.int64), tf.constant([1.5, -2.0, 3.0, 0.25], tf.float64),
              tf.constant(0.0, tf.float64), tf.constant([_M, -8, 2, _M], tf.int64))
    outcome, _ = guarded("RaggedTensorToTensor", ("RaggedTensorToTensor",), bind,
                         REGISTRY["RaggedTensorToTensor"], inputs,
                         {"row_partition_types": ("ROW_SPLITS",)})
    assert outcome == "InvalidArgumentError"


# -- tf.sparse.mask: TF's ListDiff of the slices' indices, then a gather ---------------------
# The API survey's case (seed 3141592653): sparse.mask(slice(None), ...), whose `a.indices` is
# the slice's method; eagerflow read its .dtype (AttributeError), TF 2.21 hands it to
# ListDiff's wrapper (its conversion's ValueError). As TF's, `a` is read as given and its
# indices and mask_indices converted as ListDiff's wrapper converts them (a tensor's dtype is
# the other's), ListDiff's checks theirs (1-D), and the values gathered. Recorded from TF 2.21.

class _Slices:
    """An object with the attributes sparse.mask reads."""

    def __init__(self, indices, values, dense_shape=None):
        self.indices, self.values, self.dense_shape = indices, values, dense_shape


_IS = tf.IndexedSlices
_F3 = [1.0, 2.0, 3.0]


@pytest.mark.parametrize("a,mask_indices,values,indices", [
    (lambda: _IS(tf.constant(_F3), tf.constant([0, 5, 7])), [5], [1.0, 3.0], ([0, 7], "int32")),
    (lambda: _IS(tf.constant(_F3), tf.constant([0, 5, 7], tf.int64)), [5], [1.0, 3.0],
     ([0, 7], "int64")),
    (lambda: _IS(tf.constant(_F3), tf.constant([0, 5, 5])), [5, 9], [1.0], ([0], "int32")),
    (lambda: _Slices([0, 5, 7], _F3), [5], [1.0, 3.0], ([0, 7], "int32")),
    (lambda: _Slices([0, 5, 7], _F3), tf.constant([5], tf.int64), [1.0, 3.0], ([0, 7], "int64")),
    (lambda: _Slices([0.0, 5, 7], _F3), [5], [1.0, 3.0], ([0.0, 7.0], "float32")),
    (lambda: _Slices(["a", "b"], [1, 2]), ["b"], [1], ([b"a"], "string")),
])
def test_sparse_mask_values(a, mask_indices, values, indices):
    out = tf.sparse.mask(a(), mask_indices)
    assert out.values.numpy().tolist() == values
    assert (out.indices.numpy().tolist(), out.indices.dtype.name) == indices


_LIST_DIFF = _NODE % "ListDiff"


@pytest.mark.parametrize("a,mask_indices,error,message", [
    (lambda: slice(None), tf.zeros((0, 1), tf.float16), ValueError,
     "Attempt to convert a value (<built-in method indices of slice object at 0x"),
    (lambda: _IS(tf.constant(_F3), tf.constant([0, 5, 7], tf.int64)), tf.constant([5]),
     tf.errors.InvalidArgumentError, "cannot compute ListDiff as input #1(zero-based) was "
     "expected to be a int64 tensor but is a int32 tensor [Op:ListDiff] name: "),
    (lambda: _IS(tf.constant([[1.0, 2], [3, 4]]), tf.constant([[0], [1]])), [1],
     tf.errors.InvalidArgumentError, _LIST_DIFF + "x should be a 1D vector. [Op:ListDiff]"),
    (lambda: _IS(tf.constant(_F3), tf.constant([0, 5, 7])), [[5]],
     tf.errors.InvalidArgumentError, _LIST_DIFF + "y should be a 1D vector. [Op:ListDiff]"),
    (lambda: _IS(tf.constant(_F3), tf.constant([0, 5, 7])), 5,
     tf.errors.InvalidArgumentError, _LIST_DIFF + "y should be a 1D vector. [Op:ListDiff] name: "),
    (lambda: _Slices([True], [1.0]), [True], tf.errors.NotFoundError,
     "Could not find device for node: {{node ListDiff}} = ListDiff[T=DT_BOOL, out_idx=DT_INT32]"),
    (lambda: _Slices([0, 5, 7], [1.0, 2.0]), [5], tf.errors.InvalidArgumentError,
     _NODE % "GatherV2" + "indices[1] = 2 is not in [0, 2) [Op:GatherV2]"),
    (lambda: _Slices(None, None), [5], ValueError,
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
     "Tensor."),
    (lambda: _Slices([0, 5], [1, 2]), ["b"], TypeError,
     "Cannot convert ['b'] to EagerTensor of dtype int32"),
])
def test_sparse_mask_errors(a, mask_indices, error, message):
    with pytest.raises(error) as e:
        tf.sparse.mask(a(), mask_indices)
    if error is tf.errors.InvalidArgumentError:  # (the whole message: its name suffix too)
        assert e.value.message == message
    else:  # (an object's address, the kernels TF lists)
        assert str(e.value).startswith(message)


def test_the_surveys_sparse_mask_case():
    outcome, _ = guarded("sparse.mask", ("sparse.mask",), tf.sparse.mask, slice(None),
                         tf.zeros((0, 1), tf.float16))
    assert outcome == "ValueError"


# -- softmax_cross_entropy_with_logits' axis, moved last as TF moves it ---------------------
# The API survey's case (seed 2828427124): axis=[True, False, False], TF 2.21's bare
# AssertionError (its tf.range of a bool), eagerflow's the same (fuzzlib TF_ASSERTS). Beside it
# eagerflow checked the axis itself and swapped it with the last: TF moves it last by a
# Transpose of ConcatV2([Range(axis), Range(axis + 1, rank), [axis]]), the axis as given, so
# that a bool or an int8 axis is Range's AssertionError, a negative or too large one Range's
# error, and the other dimensions keep their order (a (2, 3, 4) input along axis 0 has a
# (3, 4) loss; eagerflow's was (4, 3)). A scalar's error is the Slice of its empty shape.
# Recorded from TF 2.21.

_LAB = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
_LOGITS = _LAB / np.float32(10)
_RANGE = _NODE % "Range" + "Requires start <= limit when delta > 0: %s [Op:Range] name: "


_ALONG_0 = [[3.1593895, 4.885954, 6.6125193, 8.339084],
            [10.065649, 11.792213, 13.518778, 15.245344],
            [16.971909, 18.698473, 20.42504, 22.151602]]
_ALONG_1 = [[10.6150055, 14.068757, 17.522509, 20.976261], [52.06002, 55.51377, 58.96753, 62.42128]]
_ALONG_2 = [[7.8552127, 30.135784, 52.41635], [74.69692, 96.977493, 119.25806]]


@pytest.mark.parametrize("axis,want", [
    (0, _ALONG_0), (np.int64(0), _ALONG_0), (tf.constant(0, tf.int64), _ALONG_0),
    (1, _ALONG_1), (tf.constant(1), _ALONG_1), (2, _ALONG_2), (-1, _ALONG_2),
])
def test_xent_moves_the_axis_last_in_order(axis, want):
    got = tf.nn.softmax_cross_entropy_with_logits(_LAB, _LOGITS, axis=axis).numpy()
    # (the loss's last bits are Eigen's exp, log and sums: a few ulps apart along axis 0)
    np.testing.assert_allclose(got, np.array(want, np.float32), rtol=1e-6)


_X2 = np.arange(6, dtype=np.float32).reshape(2, 3)


@pytest.mark.parametrize("labels,logits,axis,error,message", [
    (_X2, _X2, -2, tf.errors.InvalidArgumentError, _RANGE % "0/-2"),
    (_X2, _X2, np.int32(-2), tf.errors.InvalidArgumentError, _RANGE % "0/-2"),
    (_X2, _X2, 2, tf.errors.InvalidArgumentError, _RANGE % "3/2"),
    (_X2, _X2, 5, tf.errors.InvalidArgumentError, _RANGE % "6/2"),
    (_X2, _X2, tf.constant(5, tf.int64), tf.errors.InvalidArgumentError, _RANGE % "6/2"),
    (_LAB, _LOGITS, -3, tf.errors.InvalidArgumentError, _RANGE % "0/-3"),
    (_LAB, _LOGITS, 3, tf.errors.InvalidArgumentError, _RANGE % "4/3"),
    (np.float32(1), np.float32(2), 0, tf.errors.InvalidArgumentError, _RANGE % "1/0"),
    (np.float32(1), np.float32(2), -1, tf.errors.InvalidArgumentError,
     _NODE % "Slice" + "Expected begin[0] == 0 (got -1) and size[0] == 0 (got 1) when "
     "input.dim_size(0) == 0 [Op:Slice]"),
    (np.ones(3, np.float32), _X2, 0, tf.errors.InvalidArgumentError,
     _NODE % "Transpose" + "transpose expects a vector of size 1. But input(1) is a vector of "
     "size 2 [Op:Transpose] name: "),
    (_X2, _X2, True, AssertionError, ""),
    (_X2, _X2, False, AssertionError, ""),
    (_X2, _X2, np.int8(0), AssertionError, ""),
    (_X2, _X2, np.uint8(0), AssertionError, ""),
    (_X2, _X2, tf.constant(0, tf.int8), AssertionError, ""),
    (tf.constant([1], tf.int8), np.zeros((0, 5, 3, 5, 1), np.int64), [True, False, False],
     AssertionError, ""),
])
def test_xent_axis_errors(labels, logits, axis, error, message):
    with pytest.raises(error) as e:
        tf.nn.softmax_cross_entropy_with_logits(labels, logits, axis=axis)
    assert (e.value.message if error is not AssertionError else str(e.value)) == message


def test_the_surveys_xent_case():
    outcome, _ = guarded("nn.softmax_cross_entropy_with_logits",
                         ("softmax_cross_entropy_with_logits",),
                         tf.nn.softmax_cross_entropy_with_logits, tf.constant([1], tf.int8),
                         np.zeros((0, 5, 1000, 5, 1), np.int64), axis=[True, False, False],
                         contract=False)
    assert outcome == "AssertionError"


# -- Slice of an empty dimension --------------------------------------------------------------
# (found through the cross-entropy of a scalar above) TF 2.21's kernel words the check of a
# dimension of size 0 apart: begin and size must both be 0 (a -1 size is what is left of it).
# Recorded from TF 2.21.

@pytest.mark.parametrize("shape,begin,size,message", [
    ([0], [-1], [1], "Expected begin[0] == 0 (got -1) and size[0] == 0 (got 1) when "
                     "input.dim_size(0) == 0"),
    ([0, 2], [-1, 0], [1, 1], "Expected begin[0] == 0 (got -1) and size[0] == 0 (got 1) when "
                              "input.dim_size(0) == 0"),
    ([0, 2], [0, 0], [1, 1], "Expected begin[0] == 0 (got 0) and size[0] == 0 (got 1) when "
                             "input.dim_size(0) == 0"),
    ([2, 0], [0, 1], [1, 0], "Expected begin[1] == 0 (got 1) and size[1] == 0 (got 0) when "
                             "input.dim_size(1) == 0"),
    ([2, 0], [0, 0], [1, 1], "Expected begin[1] == 0 (got 0) and size[1] == 0 (got 1) when "
                             "input.dim_size(1) == 0"),
    ([2, 0], [0, 0], [1, -1], None),
])
def test_slice_of_an_empty_dimension(shape, begin, size, message):
    x = tf.zeros(shape, tf.int32)
    if message is None:
        assert tf.slice(x, begin, size).shape == (1, 0)
        return
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.slice(x, begin, size)
    assert e.value.message == _NODE % "Slice" + message + " [Op:Slice]"


# -- tnp.promote_types of what np.dtype reads ------------------------------------------------
# The API survey's case (seed 2828427124): promote_types([], 2.5 as a NumPy float64), TF 2.21's
# own DTypePromotionError (its np.dtype([]) is a structured dtype; fuzzlib
# TF_NUMPY_TYPE_ERRORS). As TF's, anything but a TF DType goes through np.dtype first: None is
# float64 (eagerflow's was NumPy's TypeError "did not understand one of the types").
# Recorded from TF 2.21.

@pytest.mark.parametrize("a,b,want", [
    (None, np.float32, np.float64), (None, None, np.float64), ("int8", tf.int16, np.int16),
    (np.int8, tf.bfloat16, tf.bfloat16.as_numpy_dtype), (np.float32, np.int8, np.float32),
])
def test_tnp_promote_types(a, b, want):
    assert tf.experimental.numpy.promote_types(a, b) == want


@pytest.mark.parametrize("a,b,error,message", [
    ([], np.float64(2.5), np.exceptions.DTypePromotionError,
     "The DTypes <class 'numpy.dtypes.VoidDType'> and <class 'numpy.dtypes.Float64DType'> do "
     "not have a common DType."),
    ([1], np.float32, TypeError, "Field elements must be 2- or 3-tuples, got '1'"),
    ("abc", np.float32, TypeError, "data type 'abc' not understood"),
])
def test_tnp_promote_types_errors(a, b, error, message):
    with pytest.raises(error) as e:
        tf.experimental.numpy.promote_types(a, b)
    assert str(e.value).startswith(message)
    # (as the API fuzz calls it: NumPy's TypeError classes only where TF lets them out)
    outcome, exc = guarded("experimental.numpy.promote_types", ("promote_types",),
                           tf.experimental.numpy.promote_types, a, b, contract=False)
    assert outcome == error.__name__ and not numpy_type_error(exc)


# -- tf.image.non_max_suppression's thresholds, converted as TF converts them ----------------
# The ops survey's case (seed 2828427124, EAGERFLOW_FUZZ_ODD=1): NonMaxSuppressionV3 bound
# with a score_threshold of '' (NumPy's UFuncTypeError of a float > ''); TF 2.21's raw op
# refuses the string in its conversion (TypeError, eagerflow's the same). Its public
# function converts each threshold to its own dtype first (a string, an int, a float64 stay
# so), and its op checks the types T, then T_threshold, then each input's dtype in turn;
# eagerflow's converted them to float (a TypeError, or an int threshold taken). TF runs the
# op in a name scope under no name: its errors end in an empty name. Recorded from TF 2.21.

_BOXES = tf.constant([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, 2, 1, 3], [1, 1, 0, 0],
                      [0.5, 0.5, 2, 2]], tf.float32)
_SCORES = tf.constant([0.9, 0.8, 0.7, 0.6, 0.95], tf.float32)
_NMS = "NonMaxSuppressionV3"
_T_THRESHOLD = ("Value for attr 'T_threshold' of string is not in the list of allowed values: "
                "half, float\n\t; NodeDef: {{node NonMaxSuppressionV3}}; Op<name="
                "NonMaxSuppressionV3; signature=boxes:T, scores:T, max_output_size:int32, "
                "iou_threshold:T_threshold, score_threshold:T_threshold -> selected_indices:"
                "int32; attr=T:type,default=DT_FLOAT,allowed=[DT_HALF, DT_FLOAT]; attr="
                "T_threshold:type,default=DT_FLOAT,allowed=[DT_HALF, DT_FLOAT]> "
                "[Op:NonMaxSuppressionV3] name: ")


def _input(i, want, got):
    return (f"cannot compute {_NMS} as input #{i}(zero-based) was expected to be a {want} "
            f"tensor but is a {got} tensor [Op:{_NMS}] name: ")


@pytest.mark.parametrize("scores,size,iou,score,message", [
    (_SCORES, 2, 0.5, "", _input(4, "float", "string")),
    (_SCORES, 2, "", 0.5, _T_THRESHOLD),
    (_SCORES, tf.constant(2, tf.int64), "", 0.5, _T_THRESHOLD),
    (_SCORES, tf.constant(2, tf.int64), 0.5, "", _input(2, "int32", "int64")),
    (_SCORES, 2, 0.5, np.float64(0.1), _input(4, "float", "double")),
    (_SCORES, 2, np.float16(0.5), 0.1, _input(4, "half", "float")),
    (_SCORES, 2, 0.5, 1, _input(4, "float", "int32")),
    (tf.cast(_SCORES, tf.float16), 2, 0.5, "", _input(1, "float", "half")),
    (_SCORES, 2, [0.5], 0.1, _NODE % _NMS + "iou_threshold must be 0-D, got shape [1] (Shape "
                                           "must be rank 0 but is rank 1) [Op:NonMaxSuppressionV3] "
                                           "name: "),
    (_SCORES, 2, 1.5, 0.1, _NODE % _NMS + "iou_threshold must be in [0, 1] "
                                          "[Op:NonMaxSuppressionV3] name: "),
])
def test_nms_threshold_conversion(scores, size, iou, score, message):
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.image.non_max_suppression(_BOXES, scores, size, iou, score, name="given")
    assert e.value.message == message


def test_nms_thresholds_of_their_own_dtype():
    got = tf.image.non_max_suppression(_BOXES, _SCORES, 2, tf.constant(0.5, tf.float16),
                                       tf.constant(0.1, tf.float16))
    assert got.numpy().tolist() == [4, 0]
    got = tf.image.non_max_suppression(tf.cast(_BOXES, tf.float16), tf.cast(_SCORES, tf.float16),
                                       2, 0.5, 0.1)
    assert got.numpy().tolist() == [4, 0]


def test_the_surveys_nms_case():
    with pytest.raises(TypeError, match="^Cannot convert '' to EagerTensor of dtype float$"):
        tf.raw_ops.NonMaxSuppressionV3(boxes=_BOXES, scores=_SCORES, max_output_size=2,
                                       iou_threshold=0.1, score_threshold="")


# -- the API survey's other raw exceptions, replayed in TF 2.21 --------------------------------
# (seed 3141592653 after the fixes above) Each call whose outcome was a raw Python or NumPy
# exception class was checked against TF: all were TF's own (fuzzlib's rules) but these, now
# TF's. Recorded from TF 2.21.

def test_sparse_mask_of_a_tensor_names_tfs_tensor_type():
    # (was "'EagerTensor' object has no attribute 'indices'")
    with pytest.raises(AttributeError, match="^'tensorflow.python.framework.ops.EagerTensor' "
                                             "object has no attribute 'indices'$"):
        tf.sparse.mask(tf.constant(True), tf.constant(True))


@pytest.mark.parametrize("a", [tf.constant(8, tf.int16), [1.0, 2.0, 3.0]])
def test_tnp_cross_of_an_empty_axis(a):
    # TF's np_utils.cond reads `axis == rank - 1` as NumPy: an empty array's truth (was the
    # scalar's IndexError, or the cross product of an axis taken as -1)
    with pytest.raises(ValueError, match=r"^The truth value of an empty array is ambiguous\. "
                                         r"Use `array.size > 0` to check"):
        tf.experimental.numpy.cross(a, [1.0, 2.0, 3.0], axisa=tf.constant([], tf.float64))


def test_bool_of_an_empty_variable():
    # TF reads the value, whose emptiness is False (was NumPy's ValueError), as a tensor's
    assert bool(tf.Variable([])) is False and bool(tf.constant([[]])) is False
    assert bool(tf.Variable([2])) is True
    with pytest.raises(ValueError, match="more than one element is ambiguous"):
        bool(tf.Variable([1, 2]))


# -- the ODD API survey's raw exceptions, replayed in TF 2.21 (seed 2828427124) -------------
# An int attr past int64 (2**70): TF's fast path fails, and its slow path takes the int as
# given (no range), converts the other attrs (a later one's TypeError first) and the inputs
# (a Python value's conversion error first); only the op's run overflows it. eagerflow's
# OverflowError came first. (Where an input is a NumPy array TF 2.21 ends in a SystemError
# of its own, and where the op's kernel fails on the attr read as -1 it shows that error:
# left as eagerflow's OverflowError.) Recorded from TF 2.21.

_H = 2**70
_OUT_OF_RANGE = "Can't convert Python sequence with out-of-range integer to Tensor."
_MIXED = "Can't convert Python sequence with mixed types to Tensor."


@pytest.mark.parametrize("fn,error,message", [
    (lambda: tf.nn.depth_to_space(_H, _H), ValueError, _OUT_OF_RANGE),
    (lambda: tf.nn.depth_to_space([[1, [2]]], _H), ValueError, _MIXED),
    (lambda: tf.nn.space_to_depth(_H, _H), ValueError, _OUT_OF_RANGE),
    (lambda: tf.audio.decode_wav(_H, desired_channels=_H), ValueError, _OUT_OF_RANGE),
    (lambda: tf.quantization.fake_quant_with_min_max_args_gradient(_H, (None,), max=_H,
                                                                   num_bits=_H),
     ValueError, "Attempt to convert a value (None) with an unsupported type (<class "
                 "'NoneType'>) to a Tensor."),
    (lambda: tf.quantization.fake_quant_with_min_max_vars([1, [2]], 0.0, 1.0, num_bits=-_H),
     ValueError, _MIXED),
    (lambda: tf.random.all_candidate_sampler(tf.zeros((2, 2), tf.int64), _H, (None,), True),
     TypeError, "Expected int for argument 'num_sampled' not (None,)."),
    # (and where everything else converts, the overflow: TF's too)
    (lambda: tf.nn.depth_to_space(tf.zeros((1, 2, 2, 4)), _H), OverflowError,
     "int too big to convert"),
    (lambda: tf.audio.decode_wav(tf.constant(b"abc"), desired_channels=_H), OverflowError,
     "int too big to convert"),
    (lambda: tf.random.all_candidate_sampler(tf.zeros((2, 2), tf.int64), _H, 2, True),
     OverflowError, "int too big to convert"),
])
def test_int_attrs_past_int64_overflow_last(fn, error, message):
    with pytest.raises(error) as e:
        fn()
    assert str(e.value) == message


def test_stack_of_a_tensor_of_no_rows():
    # TF's stack converts a tensor whole along axis 0 (itself), and reads its first row's
    # shape along another: the tensor's indexing error (was Python's IndexError, and a
    # float32 [0] along axis 0)
    x = tf.zeros((0, 2))
    assert tf.stack(x, axis=0).shape == (0, 2)
    for values, axis in ((x, 1), (tf.zeros((0, 5, 3, 1, 0), tf.string), -5)):
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            tf.stack(values, axis=axis)
        assert e.value.message == (_NODE % "StridedSlice" + "slice index 0 of dimension 0 out "
                                   "of bounds. [Op:StridedSlice] name: strided_slice/")
    with pytest.raises(IndexError, match="^list index out of range$"):
        tf.stack([], axis=1)


@pytest.mark.parametrize("a,kind", [(0, "int"), ([1.0], "list")])
def test_psnr_reads_the_first_images_dtype_first(a, kind):
    # TF casts max_val to a.dtype before anything (was eagerflow's image check, or Mean's
    # reduction error of a vector)
    with pytest.raises(AttributeError, match=f"^'{kind}' object has no attribute 'dtype'$"):
        tf.image.psnr(a, tf.constant([1.0]), 1.0)


@pytest.mark.parametrize("axis1,message", [
    (1.5, "Value for attr 'Tindices' of double is not in the list of allowed values: int16, "
          "int32, int64, uint16"),
    (tf.constant(5), "indices[0] = [5] does not index into shape [2]"),
    (np.int64(5), "indices[0] = [5] does not index into shape [2]"),
])
def test_tnp_swapaxes_of_axes_not_python_ints(axis1, message):
    # TF's static permutation is for two Python ints only; other axes (NumPy or Python
    # floats, NumPy ints) take its scatter into range(rank) (was a list's IndexError)
    with pytest.raises(tf.errors.InvalidArgumentError, match=message.replace("[", r"\[")):
        tf.experimental.numpy.swapaxes(tf.zeros((2, 3)), axis1, 0)
    got = tf.experimental.numpy.swapaxes(tf.reshape(tf.range(6.0), (2, 3)), np.int32(-1), 0)
    assert got.numpy().tolist() == [[0.0, 3.0], [1.0, 4.0], [2.0, 5.0]]


# -- Zeta at its poles (the differential test with TF present: Polygamma-0-special) ----------
# TF's (Eigen's) Zeta(s, q) at a non-positive integer q is inf for an even integer s (an
# infinite s counts as even: Eigen reads s as a long) and NaN for any other s, so that
# Polygamma(n, q) = (-1)^(n+1) n! Zeta(n + 1, q) is NaN there for even n. eagerflow's float64
# Zeta was inf at every such pole (Polygamma(2, 0) -inf), its float32 one NaN for an infinite
# s. Recorded from TF 2.21.

_Q = [0.0, -0.0, -1.0, -2.0, -1.5, -2.5]
_NAN = float("nan")


@pytest.mark.parametrize("dtype", [tf.float64, tf.float32])
@pytest.mark.parametrize("s,want", [
    (2.0, [np.inf] * 4 + [None, None]), (3.0, [_NAN] * 4 + [None, None]),
    (4.0, [np.inf] * 4 + [None, None]), (5.0, [_NAN] * 4 + [None, None]),
    (2.5, [_NAN] * 6), (np.inf, [np.inf] * 6), (1.0, [np.inf] * 6),
])
def test_zeta_at_its_poles(dtype, s, want):
    got = tf.math.zeta(tf.constant([s] * len(_Q), dtype), tf.constant(_Q, dtype)).numpy()
    for g, w in zip(got.tolist(), want):
        if w is not None:
            assert g == w or (np.isnan(w) and np.isnan(g))


@pytest.mark.parametrize("dtype", [tf.float64, tf.float32])
def test_polygamma_at_its_poles(dtype):
    got = [tf.math.polygamma(tf.constant(n, dtype), tf.constant(0.0, dtype)).numpy()
           for n in (1.0, 2.0, 3.0, 4.0)]
    assert got[0] == np.inf and np.isnan(got[1]) and got[2] == np.inf and np.isnan(got[3])


@pytest.mark.parametrize("dtype", [tf.float64, tf.float32])
def test_polygamma_of_an_infinite_order(dtype):
    # (the differential test's long mode, Polygamma-0-special-1) TF's (-1)^(n+1) is the C
    # library's pow: 1 for an infinite n (eagerflow's was -1: -inf); recorded from TF 2.21
    got = tf.math.polygamma(tf.constant([np.inf] * 6, dtype),
                            tf.constant([0.62, 1.0, 2.5, -0.0, -1.5, 1e-30], dtype)).numpy()
    assert got[[0, 1, 3, 4, 5]].tolist() == [np.inf] * 5 and np.isnan(got[2])


@pytest.mark.parametrize("data_format", [-0.0, 0, [], 1.5])
def test_a_falsy_data_format_is_no_default(data_format):
    # (the ODD API survey's conv2d_transpose case, data_format=-0.0) TF takes only None as
    # the default layout: a falsy value is tested as given (TF's AttributeError of its
    # .startswith, as eagerflow's since fuzz24). eagerflow took -0.0, 0, [] and "" as NHWC.
    x, w = tf.ones((1, 4, 4, 2)), tf.ones((3, 3, 2, 2))
    for call in (lambda: tf.nn.conv2d_transpose(x, w, [1, 4, 4, 2], 1, data_format=data_format),
                 lambda: tf.nn.conv2d(x, w, 1, "SAME", data_format=data_format),
                 lambda: tf.nn.max_pool2d(x, 2, 1, "SAME", data_format=data_format)):
        with pytest.raises(AttributeError, match=f"^'{type(data_format).__name__}' object "
                                                 "has no attribute 'startswith'$"):
            call()


def test_an_empty_data_format_is_the_ops_refusal():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Value for attr 'data_format' of \"\" is not in the list"):
        tf.nn.conv2d_transpose(tf.ones((1, 4, 4, 2)), tf.ones((3, 3, 2, 2)), [1, 4, 4, 2], 1,
                               data_format="")
