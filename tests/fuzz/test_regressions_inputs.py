"""Regression tests for the fuzz findings that were open in tests/fuzz/known_findings.py
(now removed): bad arguments to public nn/image/linalg/indexing functions, and internal
gradient ops reached with inconsistent inputs. One minimal reproducer per failure class;
each asserts TF's error class and that the message names the op or the argument.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
import warnings

import ml_dtypes
import numpy as np
import pytest
from test_ops_fuzz import Resource, _tensor, check_op_case

import eagerflow as tf
from eagerflow._src.backend import numpy as T
from eagerflow._src.core import device as DEV
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, ResourceExhaustedError
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.ops import debugging as D
from eagerflow._src.ops import indexing as I
from eagerflow._src.ops import linalg as L
from eagerflow._src.ops import linalg_diag as LD
from eagerflow._src.ops import nd_indexing as ND
from eagerflow._src.ops import nn as N
from eagerflow._src.ops import nn_loss as NL
from eagerflow._src.ops import padding as PD
from eagerflow._src.ops import parsing_ops as P
from eagerflow._src.ops import unique_one_hot
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import REGISTRY
from eagerflow._src.ops.scans import CUMPROD, CUMSUM
from tests.golden_io import ml_dtypes_before_0_7


def _t(a, d=None):
    return EagerTensor(np.asarray(a, dtype=d))


X4 = np.ones((1, 4, 4, 1), np.float32)
W4 = np.ones((2, 2, 1, 1), np.float32)
TRUE = tf.constant(True)


# -- string arguments of the wrong type: TF's own errors ---------------------------------
# (a data_format, mode or equation that is no string was eagerflow's TypeError here; it is
# now what TF 2.21 raises, Python's AttributeError from the str method TF's Python calls,
# recorded in test_regressions_seed1796104510.py's STR_METHODS)


def test_image_dtype_error_is_attribute_error():
    # TF's convert_image_dtype raises AttributeError (its own check, not a crash), and so do
    # the functions that convert an image with it
    for call in (lambda: tf.image.rgb_to_grayscale(TRUE),
                 lambda: tf.image.adjust_brightness(TRUE, TRUE),
                 lambda: tf.image.adjust_contrast(TRUE, TRUE),
                 lambda: tf.image.convert_image_dtype(tf.constant(1.0), tf.string),
                 lambda: tf.image.convert_image_dtype(TRUE, tf.float32)):
        with pytest.raises(AttributeError, match="dtype must be either floating point or integer"):
            call()


# -- integer arguments: inf, floats, huge values ----------------------------------------

@pytest.mark.parametrize("call,match", [
    (lambda: tf.nn.in_top_k(tf.constant([0]), tf.ones([1, 3]), float("inf")),
     "Cannot convert inf to EagerTensor of dtype int32"),
    # (a NumPy float16 inf is cast to int32 by TF 2.21's fast path: recorded in
    # test_regressions_seed3316624790.py)
    (lambda: tf.nn.in_top_k(tf.constant([0]), tf.ones([1, 3]), 2.0), "Cannot convert 2.0"),
    # (tf.tensordot of a tensor of axes: TF 2.21's ValueError of its int32 conversion, recorded
    # in test_regressions_seed1776773041.py)
    (lambda: tf.linalg.diag(tf.ones([3]), k=float("inf")), "Cannot convert inf"),
    # (a tensor's ids: TF's fast path; a list's slow path keeps nan's float32, refused by
    # the op's Tnumsegments, as TF 2.21 refuses it)
    (lambda: tf.math.unsorted_segment_sum(tf.ones([3]), tf.constant([0, 1, 1]), float("nan")),
     "Cannot convert nan"),
], ids=["in_top_k-inf", "in_top_k-float", "diag-k",
        "unsorted_segment_sum"])
def test_non_integer_int_arguments_are_type_errors(call, match):
    # was: OverflowError "cannot convert float infinity to integer"
    with pytest.raises(TypeError, match=match):
        call()


def test_roll_refuses_float_shift_and_axis_tensors_as_their_attrs():
    # was: OverflowError "cannot convert float infinity to integer"; TF: Roll's attrs
    with pytest.raises(tf.errors.InvalidArgumentError, match="attr 'Tshift' of float"):
        tf.roll([1, 2, 3], tf.constant(np.inf), 0)
    with pytest.raises(tf.errors.InvalidArgumentError, match="attr 'Taxis' of float"):
        tf.roll([1, 2, 3], 1, tf.constant(np.inf))


def test_matrix_diag_with_k_far_outside_the_matrix():
    # was: OverflowError from np.arange(0) + 2**70 in the kernel; TF 2.21 asks for
    # 2**70 rows to hold an empty diagonal that far below the main one
    with pytest.raises(InvalidArgumentError, match=r"The number of rows is too small\."):
        bind(L.MATRIX_DIAG, (_t(np.zeros((2, 0))),),
             {"k": -2**70, "num_rows": 3, "num_cols": 4, "padding_value": 0})
    out = bind(L.MATRIX_DIAG, (_t(np.zeros((2, 0))),),  # as TF: the last row's diagonal
               {"k": -3, "num_rows": 3, "num_cols": 4, "padding_value": 0})
    np.testing.assert_array_equal(out.numpy(), np.zeros((2, 3, 4)))


def test_matrix_diag_padding_value_must_be_a_scalar():
    # was: NumPy broadcast error from np.full
    with pytest.raises(InvalidArgumentError, match=r"padding_value must be a scalar "
                                                   r"\[Op:MatrixDiagV3\]"):
        tf.linalg.diag(tf.ones([3]), padding_value=tf.ones([3, 1, 3]))


def test_batch_normalization_epsilon_out_of_an_int_range():
    # was: OverflowError converting 2**70 to int16
    x = tf.ones([2, 3], tf.int16)
    with pytest.raises(ValueError, match="out-of-range integer"):
        tf.nn.batch_normalization(x, x, x, None, None, 2**70)


# -- public wrappers: ranks, axes, sizes ---------------------------------------------

@pytest.mark.usefixtures("cpu_kernels")  # (Range's error recorded on TF's CPU names CPU:0)
def test_softmax_axis_error_is_tfs_python_check():
    # TF 2.21's words (recorded from it): its Python check names no op
    for fn in (tf.nn.softmax, tf.nn.log_softmax):
        with pytest.raises(InvalidArgumentError) as e:
            fn(tf.zeros([3, 2, 3, 0], tf.float64), axis=tf.constant(6))
        assert str(e.value) == ("`dim` must be in the range [-4, 4) where 4 is the number of "
                                "dimensions in the input. Received: dim=6")
    # (softmax_cross_entropy_with_logits has no such check: TF 2.21 moves the axis last by
    # Ranges of it, whose error this is, recorded)
    with pytest.raises(InvalidArgumentError) as e:
        tf.nn.softmax_cross_entropy_with_logits(tf.ones([2, 3]), tf.ones([2, 3]), axis=4)
    assert e.value.message == ("{{function_node __wrapped__Range_device_/job:localhost/"
                               "replica:0/task:0/device:CPU:0}} Requires start <= limit when "
                               "delta > 0: 5/2 [Op:Range] name: ")


@pytest.mark.parametrize("data,ids,cls,match", [
    # (TF checks the attrs T and Tindices in an order that varies from process to process)
    (True, True, InvalidArgumentError, "Value for attr 'T(indices)?' of bool"),
    # (TF 2.21's kernel checks data's rank before the ids')
    (1.0, 0, InvalidArgumentError, "input must be at least rank 1"),
    (np.ones(3), [[0, 0, 1]], InvalidArgumentError, "segment_ids should be a vector."),
    (1.0, [0], InvalidArgumentError, "input must be at least rank 1"),
    (np.ones(2), [0, 0, 1], InvalidArgumentError, "should be the same size as dimension 0"),
])
def test_segment_sum_validates_like_tf(data, ids, cls, match):
    # was: NumPy "diff requires input that is at least one dimensional"
    with pytest.raises(cls, match=match) as info:
        tf.math.segment_sum(data, tf.constant(ids))
    assert "[Op:SegmentSum]" in str(info.value)


def test_reverse_sequence_of_a_scalar_and_equal_axes():
    # was: ZeroDivisionError (axis % rank with rank 0), and axes silently wrapped
    with pytest.raises(InvalidArgumentError, match="ReverseSequence"):
        tf.reverse_sequence(tf.constant(1.0), [1], seq_axis=0, batch_axis=0)
    with pytest.raises(InvalidArgumentError, match="ReverseSequence"):
        tf.reverse_sequence(tf.ones([2, 3]), [1, 1], seq_axis=5, batch_axis=0)
    # TF's kernel refuses negative axes (they are not counted from the end)
    with pytest.raises(InvalidArgumentError, match="Invalid seq_dim -1"):
        tf.reverse_sequence(tf.constant([[1, 2, 3]]), [2], seq_axis=-1, batch_axis=0)


def test_sufficient_statistics_axis_out_of_range():
    # TF 2.21 reads the axis's dim from the shape's list of dims: Python's IndexError
    # (tests/fuzz/test_regressions_seed3316624790.py)
    with pytest.raises(IndexError, match="^list index out of range$"):
        tf.nn.sufficient_statistics(tf.ones([2, 3]), [5])


def test_in_top_k_with_no_classes_is_all_false():
    # was: IndexError indexing column 0 of a (5, 0) array (TF returns False for each row)
    out = bind(NL.IN_TOP_K, (_t(np.zeros((5, 0), np.float32)), _t([0, 1, 2, 3, 0])), {"k": 4})
    assert out.numpy().tolist() == [False] * 5


# -- internal ops reached with inconsistent inputs ---------------------------------------

G = np.arange(12.0).reshape(3, 4)


@pytest.mark.parametrize("op,inputs,attrs,cls,match", [
    (ND.GATHER_ND, (G, np.array([[2, 1]], np.int32)), {"batch_dims": -1},
     InvalidArgumentError, "batch_dims"),
    (I.GATHER_GRAD, (np.float64(1), np.array([4, 0, 4], np.int32), np.zeros((5, 3))),
     {"axis": 0, "batch_dims": 0}, InvalidArgumentError, "gradient shape"),
    (I.GATHER_GRAD, (np.ones((3, 3)), np.array([4, 0, 4], np.int32), np.zeros((5, 3))),
     {"axis": 5, "batch_dims": 2}, InvalidArgumentError, "Shape must be at least rank"),
    (I.GATHER_GRAD, (np.ones((3, 3)), np.array([4, 0, 4], np.int32), np.zeros((5, 3))),
     {"axis": 10**30, "batch_dims": 0}, InvalidArgumentError, "Shape must be at least rank"),
    (I.GATHER_GRAD, (np.ones((2, 2, 3)), np.array([[9, 9], [1, 3]], np.int32),
                     np.zeros((2, 4, 3))),
     {"axis": 1, "batch_dims": 1}, InvalidArgumentError, r"indices\[0,0\] = 9 is not in"),
    (unique_one_hot.UNIQUE, (np.array([3, 1, 3], np.int32),), {"out_idx": b"\x00"},
     TypeError, "out_idx"),
    (unique_one_hot.UNIQUE, (np.array([3, 1, 3], np.int32),), {"out_idx": dt.float32},
     InvalidArgumentError, "Value for attr 'out_idx' of float"),
    (I.UNSORTED_SEGMENT_SUM, (np.ones((5, 2)), np.array([0, 2, 0, -1, 3], np.int32)),
     {"num_segments": -5}, InvalidArgumentError, "Input num_segments == -5 must not be negative"),
    (N.RELU6_GRAD, (np.ones((3, 0)), np.ones((3, 4))), {}, InvalidArgumentError,
     r"must have the same size and shape.  Input 0: \[3,0\] != input 1: \[3,4\]"),
    (N.LEAKY_RELU_GRAD, (np.ones((1, 1)), np.ones((3, 4))), {"alpha": 0.2},
     InvalidArgumentError, r"Input 0: \[1,1\] != input 1: \[3,4\]"),
    (PD.MIRROR_PAD_GRAD, (np.ones((6, 0)), np.zeros((3, 4))),
     {"paddings": ((1, 2), (2, 1)), "mode": "REFLECT"}, InvalidArgumentError, "gradient shape"),
    (PD.MIRROR_PAD_GRAD, (np.ones((6, 7)), np.zeros((3, 4))),
     {"paddings": ((-5, 1, 2), (2, 1)), "mode": "REFLECT"}, InvalidArgumentError,
     "paddings must be a matrix with 2 columns"),
    (PD.MIRROR_PAD_GRAD, (np.ones((6, 7)), np.zeros((3, 4))),
     {"paddings": ((2**31, 2**31), (2, 1)), "mode": "REFLECT"}, InvalidArgumentError,
     "paddings must be less than the dimension size"),
], ids=["GatherNd-batch_dims", "GatherV2Grad-scalar", "GatherV2Grad-axis",
        "GatherV2Grad-huge-axis", "GatherV2Grad-index", "Unique-out_idx-bytes",
        "Unique-out_idx-float", "UnsortedSegmentSum-negative", "Relu6Grad", "LeakyReluGrad",
        "MirrorPadGrad-shape", "MirrorPadGrad-pairs", "MirrorPadGrad-huge"])
def test_internal_ops_validate_in_infer(op, inputs, attrs, cls, match):
    # was: NumPy IndexError/ValueError/AxisError, an infer that disagreed with the kernel,
    # and (MirrorPadGrad with 2**31 paddings) a call that ran for minutes. (An index's check
    # is TF's CPU kernel's: on a GPU, its kernel drops that index's gradient.)
    with tf.device("/CPU:0") if "is not in" in match else contextlib.nullcontext(), \
            pytest.raises(cls, match=match) as info:
        bind(op, tuple(_t(a) for a in inputs), attrs)
    assert op.name in str(info.value)


def test_unsorted_segment_sum_too_many_segments(small_memory):
    with pytest.raises(ResourceExhaustedError, match="UnsortedSegmentSum"):
        tf.math.unsorted_segment_sum(tf.ones([3, 4]), [0, 1, 1], 2**40)


@pytest.mark.parametrize("name", ["ResizeBilinearGrad", "ResizeNearestNeighborGrad",
                                  "ResizeBicubicGrad"])
@pytest.mark.parametrize("grads,original,size,cls,match", [
    ((1, 3, 6, 2), (1, 0, 4, 2), (3, 6), InvalidArgumentError,
     "original dimensions must be positive"),
    ((1, 3, 6, 2), (5, 4, 2), (3, 6), InvalidArgumentError, "original_image must be 4-dim"),
    ((1, 3, 6, 2), (1, 5, 4, 2), (2**63 - 1, -8), InvalidArgumentError,
     "output dimensions must be positive"),
    ((1, 3, 6, 2), (1, 5, 4, 2), (3, 7), InvalidArgumentError, "does not match the resize"),
    ((1, 3, 6, 2), (1, 5, 4, 2), b"\x00", TypeError, "size must be a tuple of two ints"),
    ((1, 3, 6, 2), (1, 5, 4, 2), "", TypeError, "size must be a tuple of two ints"),
])
def test_resize_gradients_validate_sizes_and_shapes(name, grads, original, size, cls, match):
    # was: ZeroDivisionError, IndexError on a bytes size, "array is too big" from building
    # a 2**63-row interpolation matrix, and a kernel output unlike what infer promised
    with pytest.raises(cls, match=match) as info:
        bind(REGISTRY[name], (_t(np.ones(grads)), _t(np.zeros(original))), {"size": size})
    assert name in str(info.value)


def test_scale_and_translate_grad_takes_the_gradients_channels():
    # TF 2.21's kernel reads only the original image's height and width: an original of
    # no channels gives the gradient's channels, (1, 3, 4, 2)
    attrs = {"size": (5, 6), "kernel_type": "triangle", "antialias": True}
    g = _t(np.ones((1, 5, 6, 2), np.float32))
    out = bind(REGISTRY["ScaleAndTranslateGrad"], (g, _t(np.zeros((1, 3, 4, 0), np.float32))),
               attrs)
    full = bind(REGISTRY["ScaleAndTranslateGrad"], (g, _t(np.zeros((1, 3, 4, 2), np.float32))),
                attrs)
    assert out.shape == (1, 3, 4, 2)
    np.testing.assert_array_equal(out.numpy(), full.numpy())


@pytest.mark.parametrize("name,x,y,gg", [
    ("MaxPoolGradGrad", (1, 4, 4, 1), (), (1, 4, 4, 1)),
    ("MaxPoolGradGrad", (1, 4, 4, 1), (1, 2, 2, 1), (1, 4, 4)),
    ("MaxPool3DGradGrad", (1, 4, 4, 4, 1), (2, 2), (1, 4, 4, 4, 1)),
])
def test_max_pool_grad_grad_checks_orig_output(name, x, y, gg):
    # was: NumPy broadcast / transpose errors from the kernel
    r = len(x) - 2
    attrs = {"ksize": (1,) + (2,) * r + (1,), "strides": (1,) + (2,) * r + (1,),
             "padding": "SAME", "data_format": "NHWC" if r == 2 else "NDHWC",
             "explicit_paddings": ()}
    with pytest.raises(InvalidArgumentError, match=rf"Expected (orig_output|grad) shape .*"
                                                   rf"\[Op:{name}\]"):
        # (float32: TF's CPU has no float64 MaxPool3DGradGrad, NotFoundError before these)
        f = np.float32
        bind(REGISTRY[name], (_t(np.ones(x, f)), _t(np.ones(y, f)), _t(np.ones(gg, f))), attrs)


@pytest.mark.parametrize("attrs,cls", [
    ({"template": ..., "output_stream": "file:///dev/null", "summarize": 3, "end": "\n"},
     TypeError),
    ({"template": "x", "output_stream": slice(None), "summarize": 3, "end": "\n"}, TypeError),
    ({"template": "x", "output_stream": "nowhere", "summarize": 3, "end": "\n"},
     InvalidArgumentError),
    ({"template": f"x = {D._MARK}0{D._MARK} {D._MARK}7{D._MARK}",
      "output_stream": "file:///dev/null",
      "summarize": 3, "end": "\n"}, InvalidArgumentError),
    ({"template": "x", "output_stream": "stdout", "summarize": 1.5, "end": "\n"}, TypeError),
])
def test_print_op_checks_its_attrs(attrs, cls):
    # was: AttributeError ('ellipsis' object has no attribute 'split') from the kernel
    with pytest.raises(cls, match="PrintV2"):
        bind(D.PRINT, (_t(np.arange(3)),), attrs)


# -- NumPy warnings from kernels over inf/nan (TF is silent) ---------------------------

@pytest.mark.parametrize("call", [
    lambda: bind(CUMSUM, (_t([[np.inf, -np.inf, 1.0]]),),
                 {"axis": 1, "exclusive": False, "reverse": False}),
    lambda: bind(CUMSUM, (_t([[1.7e308, 1.7e308]]),),
                 {"axis": 1, "exclusive": False, "reverse": False}),
    lambda: bind(CUMPROD, (_t([[0.0, np.inf]]),),
                 {"axis": 1, "exclusive": False, "reverse": True}),
    lambda: bind(N.BIAS_ADD_GRAD, (_t(np.array([[[[np.inf, -np.inf]]]])),),
                 {"data_format": "NCHW"}),
    lambda: tf.linalg.det(tf.constant([[np.inf, np.inf], [np.inf, np.inf]])),
], ids=["cumsum-nan", "cumsum-overflow", "cumprod", "BiasAddGrad", "det"])
def test_kernels_over_inf_are_silent(call):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = call()
    assert not np.isfinite(out.numpy()).all()


# -- found by the long op-registry campaign (make fuzz, seed 20240611) ------------------

def _bad(op_name, inputs, attrs, cls, match):
    with pytest.raises(cls, match=match) as info:
        bind(REGISTRY[op_name], tuple(_t(a) if not isinstance(a, EagerTensor) else a
                                      for a in inputs), attrs)
    assert op_name in str(info.value)


STR = EagerTensor(np.array(b"", dtype=object), dt.string)


@pytest.mark.parametrize("op,inputs,attrs,cls,match", [
    ("DecodeRaw", (STR,), {"out_type": "abc", "little_endian": True, "fixed_length": None},
     TypeError, "Expected DataType for argument 'out_type'"),
    ("TopKV2", (np.arange(4.0),), {"k": 2, "sorted": True, "index_type": None}, TypeError,
     "index_type"),
    ("ScaleAndTranslate", (np.ones((1, 3, 4, 2)),),
     {"size": (5, 6), "kernel_type": "", "antialias": True}, InvalidArgumentError,
     "Unrecognized kernel type"),
    ("ScaleAndTranslateGrad",
     (np.ones((1, 5, 6, 2), np.float32), np.ones((1, 3, 4, 2), np.float32)),
     {"size": (5, 6), "kernel_type": 1.5, "antialias": True}, InvalidArgumentError,
     "Unrecognized kernel type"),
    ("MatrixDiagPartV3", (np.ones((2, 3, 4)),), {"k": np.float64(2.5), "padding_value": 0},
     TypeError, "Expected int for argument 'k'"),
    ("MatrixDiagV3", (np.array([[7, 3, 2]], np.uint8),),
     {"k": 1, "num_rows": 3, "num_cols": 4, "padding_value": -4}, TypeError,
     "Cannot convert -4 to EagerTensor of dtype uint8"),
    ("Conv2D", (np.ones((2, 5, 4, 0)), np.ones((2, 2, 3, 3))),
     {"strides": (1, 1, 1, 1), "padding": "SAME", "explicit_paddings": (),
      "data_format": "NHWC", "dilations": (1, 1, 1, 1)}, InvalidArgumentError,
     "grouped convolution must have at least one group: 0 groups"),
    ("Conv2DBackpropFilter", (np.ones((1, 4, 4, 0)), np.array([2, 2, 2, 3], np.int32),
                              np.ones((1, 2, 2, 3))),
     {"strides": (1, 1, 1, 1), "padding": "VALID", "explicit_paddings": (),
      "data_format": "NHWC", "dilations": (1, 2, 2, 1)}, InvalidArgumentError, "0 groups"),
    ("Conv2DBackpropInput", (np.array([2, 5, 4, 2], np.int32), np.ones((0, 2, 2, 3)),
                             np.ones((2, 5, 4, 3))),
     {"strides": (1, 1, 1, 1), "padding": "SAME", "explicit_paddings": (),
      "data_format": "NHWC", "dilations": (1, 1, 1, 1)}, InvalidArgumentError,
     "filter must not have zero elements"),
    ("MatrixDeterminant", (np.ones((2, 2), np.float16),), {}, tf.errors.NotFoundError,
     r"MatrixDeterminant\[T=DT_HALF\]"),  # (TF's op takes half; its CPU has no kernel)
    # (TF 2.21's OpDef takes any T: bool has no CPU kernel, as fuzz seed 1775584813 showed)
    ("TensorScatterSub", (np.array([True, False]), np.array([[1]], np.int32), np.array([True])),
     {}, tf.errors.NotFoundError, r"TensorScatterSub\[T=DT_BOOL, Tindices=DT_INT32"),
    ("MirrorPadGrad", (EagerTensor(np.full((6, 7), b"a", object), dt.string), np.zeros((3, 4))),
     {"paddings": ((1, 2), (2, 1)), "mode": "REFLECT"}, InvalidArgumentError,
     "Value for attr 'T' of string"),
    ("Einsum", (np.float64(1.0),), {"equation": "ij->j"}, InvalidArgumentError,
     "but got: 0"),
    ("Einsum", (np.ones(4),), {"equation": "i,j->ij"}, InvalidArgumentError,
     "Expected 2 inputs but got: 1"),
    ("SparseToDense", (np.array([[1], [3]], np.int32), np.array([2**31 - 1], np.int32),
                       np.array([7, 9], np.int32), np.array(-1, np.int32)), {},
     ResourceExhaustedError, "OOM when allocating"),
    ("SparseToDense", (np.array([[0, 0]]), np.array([2**63 - 1, 0]), np.array([0.5]),
                       np.array(0.0)), {}, InvalidArgumentError, "has too many elements"),
    ("AvgPool", (np.ones((1, 4, 4, 1)),), {"ksize": (1, 2**31 - 1, 2, 1),
                                           "strides": (1, 2, 2, 1), "padding": "SAME",
                                           "data_format": "NHWC"},
     ResourceExhaustedError, "OOM when allocating"),
])
def test_long_campaign_findings(op, inputs, attrs, cls, match, small_memory):
    # were: AttributeError/KeyError/IndexError/OverflowError/ZeroDivisionError escaping,
    # NumPy's einsum/linalg errors, infer disagreeing with the kernel, and MemoryError
    _bad(op, inputs, attrs, cls, match)


def test_parse_example_attr_lists_must_match():
    # was: infer promising 3 outputs where the kernel made 2, and AttributeError on 'abc'
    # (the op is TF's since: its list attrs are TF's, checked with TF 2.21's messages)
    base = P.op_attrs((("a", dt.int64),), (("s", (2,)),))
    empty = EagerTensor(np.zeros(0, dtype=object), dt.string)
    _bad("ParseExampleV2", (STR, empty), {**base, "sparse_types": ()}, InvalidArgumentError,
         r"len\(sparse_keys\) != len\(sparse_types\)")
    _bad("ParseExampleV2", (STR, empty), {**base, "sparse_types": ("abc",)}, TypeError,
         "Expected DataType for argument 'sparse_types'")
    _bad("ParseExampleV2", (STR, empty), {**base, "dense_keys": "abc"}, TypeError,
         "Expected list for argument 'dense_keys'")


def test_exclusive_scan_over_an_empty_axis_stays_empty():
    for op in (CUMSUM, CUMPROD):
        out = bind(op, (_t(np.ones((3, 0))),), {"axis": 1, "exclusive": True, "reverse": False})
        assert out.shape == (3, 0)


def test_softmax_xent_with_no_classes_and_inf_logits():
    loss, back = bind(NL.SOFTMAX_XENT, (_t(np.ones((1, 0))), _t(np.ones((1, 0)))), {})
    assert loss.numpy().tolist() == [0.0] and back.shape == (1, 0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        loss, _ = bind(NL.SOFTMAX_XENT, (_t([[np.inf, -np.inf]]), _t([[1.0, 0.0]])), {})
    assert np.isnan(loss.numpy()).all()


def test_half_matrix_inverse_is_computed_in_float32():
    a = np.array([[2.0, 1.0], [1.0, 3.0]], np.float16)
    got = tf.linalg.inv(tf.constant(a))
    assert got.dtype is tf.float16
    np.testing.assert_allclose(got.numpy().astype(np.float64), np.linalg.inv(a.astype(np.float64)),
                               rtol=2e-3)


def test_gather_nd_with_empty_index_vectors_and_batch_dims():
    params = np.arange(12.0).reshape(2, 3, 2)
    out = bind(ND.GATHER_ND, (_t(params), _t(np.zeros((2, 0), np.int32))), {"batch_dims": 1})
    np.testing.assert_array_equal(out.numpy(), params)


def test_linspace_with_an_empty_bound_allocates_nothing(small_memory):
    out = bind(REGISTRY["LinSpace"], (_t(1.0), _t(np.zeros(0))), {"num": 2**32 + 1, "axis": 0})
    assert out.shape == (2**32 + 1, 0)


# -- found by the long public-API campaign (make fuzz, seed 20240611) -------------------

def test_floats_with_ints_past_int64_convert_as_floats():
    # was: RecursionError (the object array's tolist() was the same list again)
    assert tf.constant([0.0, 2**64]).numpy().tolist() == [0.0, float(np.float32(2.0**64))]
    assert tf.constant([1j, 2**64]).dtype is tf.complex128
    with pytest.raises(ValueError, match="out of range for a double-precision float"):
        tf.constant([1.5, 10**400])
    assert tf.abs([-2.0, 2**64]).dtype is tf.float32


@pytest.mark.parametrize("call", [
    lambda: tf.reduce_sum(tf.ones([2]), axis=float("inf")),
    lambda: tf.gather_nd(tf.ones([2]), [[0]], batch_dims=float("inf")),
    lambda: tf.boolean_mask(tf.ones([2]), [True, False], axis=tf.constant(np.inf)),
    lambda: tf.eye(float("inf")),
    lambda: tf.linalg.band_part(tf.ones([2, 2]), float("inf"), 0),
    lambda: tf.repeat(tf.ones([2]), float("inf")),
    lambda: tf.repeat(tf.ones([2]), 2, axis=tf.constant(np.inf)),
    lambda: tf.nn.pool(tf.ones([1, 3, 1]), [np.inf], "MAX"),
    lambda: tf.split(tf.ones([2]), 2, axis=float("inf")),
], ids=["reduce-axis", "gather_nd", "boolean_mask",
        "eye", "band_part", "repeat-count", "repeat-axis", "pool",
        "split"])
def test_infinite_int_arguments_are_type_errors(call):
    # was: OverflowError "cannot convert float infinity to integer"
    with pytest.raises(TypeError):
        call()


def test_infinite_gather_batch_dims_is_int_overflow_as_tf():
    # TF 2.21 makes GatherV2's batch_dims attr with int(), whose OverflowError it lets out
    # (recorded: tf.gather(tf.ones([2]), [0], batch_dims=tf.constant(np.inf)))
    with pytest.raises(OverflowError, match="cannot convert float infinity to integer"):
        tf.gather(tf.ones([2]), [0], batch_dims=tf.constant(np.inf))


@pytest.mark.parametrize("call", [
    lambda: tf.nn.conv1d(tf.ones([1, 3, 1]), tf.ones([1, 1, 1]), float("inf"), "VALID"),
    lambda: tf.nn.max_pool1d(tf.ones([1, 3, 1]), float("inf"), 1, "VALID"),
], ids=["conv1d", "max_pool1d"])
def test_infinite_strides_and_sizes_are_ints_overflow(call):
    # TF 2.21 (recorded from it): its op wrapper takes each item of the attr with int(),
    # whose OverflowError it lets escape
    with pytest.raises(OverflowError, match="^cannot convert float infinity to integer$"):
        call()


@pytest.mark.parametrize("call", [
    lambda: tf.reduce_sum(tf.ones([2]), axis=[np.inf]),
    lambda: tf.nn.moments(tf.ones([2]), axes=[float("inf")]),
], ids=["reduce-axis-list", "moments"])
def test_infinite_axes_in_a_list_are_the_reductions_tidx(call):
    # TF 2.21 (recorded from it): a list of floats converts to a float32 tensor, which the
    # reduction's attr Tidx refuses
    with pytest.raises(InvalidArgumentError, match="^Value for attr 'Tidx' of float is not in "
                                                   "the list of allowed values: int32, int64"):
        call()


def test_band_part_refuses_a_float_tensor_bound_as_its_tindex():
    # (a float tensor is the op's input: TF refuses its type, Tindex, as the op's attr)
    with pytest.raises(InvalidArgumentError, match="Value for attr 'Tindex' of float"):
        tf.linalg.band_part(tf.ones([2, 2]), tf.constant(np.inf), 0)


@pytest.mark.usefixtures("cpu_kernels")  # (x86's cast: a GPU's saturates inf at 2**31 - 1)
def test_infinite_eye_size_tensor():
    # TF 2.21's eye casts a float size tensor to int32 (inf is -2**31), which its Fill refuses
    with pytest.raises(InvalidArgumentError, match="Dimension -2147483648 must be >= 0"):
        tf.eye(tf.constant(np.inf))


# (TF's CPU custom kernel: its GPU kernel returns the empty gradient of [1, 0, 2, 1], 2**62
# wrapped to int32, before checking the sizes)
@pytest.mark.usefixtures("cpu_kernels")
def test_conv_transpose_output_shape_out_of_range():
    # was: OverflowError packing 2**63 - 1 into int32, and IndexError for a scalar filter
    x = tf.ones([1, 2, 2, 1])
    with pytest.raises(InvalidArgumentError, match="Conv2DBackpropInput"):
        tf.nn.conv2d_transpose(x, tf.ones([1, 1, 1, 1]), [1, 2**62, 2, 1], 1)
    # (recorded from TF 2.21: the list's conversion refuses an int past int64)
    with pytest.raises(ValueError, match="^Can't convert Python sequence with out-of-range "
                                         "integer to Tensor.$"):
        tf.nn.conv2d_transpose(x, tf.ones([1, 1, 1, 1]), [1, 2**64, 2, 1], 1)
    with pytest.raises(InvalidArgumentError, match="Conv2DBackpropInput"):
        tf.nn.conv2d_transpose(x, tf.ones([]), [2, 2], 1)


def test_resize_with_pad_refuses_empty_targets_and_images():
    # was: ZeroDivisionError
    with pytest.raises(ValueError, match="must be > 0"):
        tf.image.resize_with_pad(tf.ones([4, 4, 1]), 0, 3)
    with pytest.raises(ValueError, match=re.escape("inner 3 dims of 'image.shape' must be > "
                                                   "0: (1, 0, 4, 1)")):  # (TF 2.21's words)
        tf.image.resize_with_pad(tf.ones([0, 4, 1]), 2, 3)
    assert tf.image.resize_with_pad(tf.ones([4, 2, 1]), 2, 2).shape == (2, 2, 1)


def test_split_count_past_int32():
    # was: MemoryError building 2**63 - 1 empty outputs; TF 2.21's wrapper refuses a count
    # outside int32 first (recorded)
    with pytest.raises(ValueError, match="^Number of outputs is too big: 9223372036854775807$"):
        tf.split(tf.ones([0]), 2**63 - 1)
    assert [t.shape for t in tf.split(tf.ones([0]), 3)] == [(0,)] * 3  # as TF


def test_damaged_gzip_tfrecord_is_data_loss(tmp_path):
    # was: a flipped bit in the GZIP header gave 0 records and no error
    path = str(tmp_path / "r.tfrecord")
    with tf.io.TFRecordWriter(path, options="GZIP") as w:
        for r in (b"first", b"second"):
            w.write(r)
    data = bytearray(open(path, "rb").read())
    data[3] |= 0x10  # FLG.FCOMMENT: the rest of the stream is read as a comment
    open(path, "wb").write(bytes(data))
    # (TF 2.21's message names zlib's error, not the file)
    with pytest.raises(tf.errors.DataLossError,
                       match=r"inflate\(\) failed with error -3: invalid distance too far back"):
        list(tf.data.TFRecordDataset(path, compression_type="GZIP"))


def test_adding_scalar_strings_keeps_an_object_array():
    # was: the bytes result wrapped as a fixed-width |S6 array under a string tensor
    out = tf.add("abc", "abc")
    assert out.numpy() == b"abcabc" and out._arr.dtype == object


# -- found by the long op-registry campaign with a random seed (1151616577) -------------

def test_resize_of_an_empty_batch_to_a_huge_size(small_memory):
    # was: MemoryError building 2**31 nearest-neighbour taps for an empty output
    out = bind(REGISTRY["ResizeNearestNeighbor"], (_t(np.zeros((0, 4, 4, 1), np.uint8)),),
               {"size": (2**31, 2**31)})
    assert out.shape == (0, 2**31, 2**31, 1)


@pytest.mark.parametrize("alpha", [[], [[]], "a", None, True])
def test_leaky_relu_alpha_must_be_a_number(alpha):
    # was: a list alpha broadcast the output to another shape than infer promised
    for name, inputs in (("LeakyRelu", (4.5,)), ("LeakyReluGrad", (np.ones(2), np.ones(2)))):
        with pytest.raises(TypeError, match=rf"Expected float for argument 'alpha'.*\[Op:{name}\]"):
            bind(REGISTRY[name], tuple(_t(a) for a in inputs), {"alpha": alpha})


def test_diag_part_with_a_ragged_padding_value():
    # was: NumPy's "inhomogeneous shape" ValueError from np.ndim (found by the rerun); the
    # words are TF's part kernel's
    with pytest.raises(InvalidArgumentError, match=r"Padding must be scalar\. "
                                                   r"\[Op:MatrixDiagPartV3\]"):
        tf.linalg.diag_part(tf.ones([2, 2]), padding_value=[1, [2]])


# -- found by the long public-API campaign with a random seed (1226641154) --------------

@pytest.mark.parametrize("call", [
    lambda: tf.one_hot(1, float("inf")),
], ids=["one_hot"])
def test_more_infinite_int_arguments(call):
    # was: OverflowError "cannot convert float infinity to integer" (TF 2.21's one_hot:
    # "Cannot convert inf to EagerTensor of dtype int32"; its atrous_conv2d's int() of an
    # infinite rate is that OverflowError: test_regressions_fuzz44b)
    with pytest.raises(TypeError, match=r"Cannot convert (np\.float32\()?inf\)? to EagerTensor "
                                        "of dtype int32"):
        call()


def test_infinite_expand_dims_axis():
    # was: OverflowError "cannot convert float infinity to integer". TF 2.21's ExpandDims
    # takes a NumPy float cast to int32 as NumPy casts it, and its fast path refuses a
    # Python float for the int32 it asks Tdim's default for (recorded from TF 2.21)
    with pytest.raises(InvalidArgumentError, match="Tried to expand dim index -2147483648"):
        tf.expand_dims(1.0, np.float32("inf"))
    with pytest.raises(TypeError, match="^Cannot convert inf to EagerTensor of dtype int32$"):
        tf.expand_dims(1.0, float("inf"))


def test_repeat_counts_too_large_are_refused_before_allocating(small_memory):
    # was: MemoryError building a 2**31-entry index
    counts = tf.constant([0, 2**31 - 1, 0, 0], tf.int32)
    with pytest.raises(ResourceExhaustedError, match=r"\[Op:Repeat\]"):
        tf.repeat(tf.constant([0, 1, 2, 3], tf.uint32), counts)
    assert tf.repeat([1, 2], [2, 1]).numpy().tolist() == [1, 1, 2]
    # (TF reads the counts as int32: a uint32 2**32 - 1 is -1, repeating nothing; TF 2.21
    # gives the empty tensor)
    wrapped = tf.constant([0, 2**32 - 1, 0, 0], tf.uint32)
    assert tf.repeat(tf.constant([0, 1, 2, 3], tf.uint32), wrapped).shape == (0,)


# -- found by the long public-API campaign after the API-coverage ops merged ----------

def test_as_string_with_a_huge_width_is_refused_before_formatting():
    # was: MemoryError formatting 2**40-character strings; TF's kernel reads width as an
    # int32 before it formats anything
    with pytest.raises(tf.errors.InvalidArgumentError, match=re.escape(
            "Attr width has value 1099511627776 out of range for an int32 [Op:AsString]")):
        tf.strings.as_string([1.0, 2.0], width=2**40)


def test_broadcast_to_a_negative_dimension_is_refused_as_tf():
    # was: NumPy's ValueError when the negative dimension met a size-1 input axis
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Dimension -1 must be >= 0"):
        tf.broadcast_to(tf.ones([1, 2]), [-1, 2])


def test_dynamic_partition_checks_num_partitions_as_tf():
    # was: AttributeError from a tensor count, and no check of the attr's minimum
    parts = tf.dynamic_partition([1, 2], [0, 1], tf.constant(2))
    assert [p.numpy().tolist() for p in parts] == [[1], [2]]
    with pytest.raises(tf.errors.InvalidArgumentError, match="must be at least minimum 1"):
        tf.dynamic_partition([1, 2], [0, 0], 0)
    with pytest.raises(ValueError, match="Number of outputs is too big"):
        tf.dynamic_partition([1, 2], [0, 0], 2**33)


def test_dynamic_stitch_validates_before_gathering():
    # was: NumPy's IndexError for data whose shape does not start with its indices' shape
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"does not start with indices\[0\]"):
        tf.dynamic_stitch([[0, 1]], [[1.0]])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"indices\[0\] is out of range"):
        tf.dynamic_stitch([[-1]], [[1.0]])  # (TF's message)
    with pytest.raises(tf.errors.ResourceExhaustedError):  # 2**31 rows of 2**20 floats
        tf.dynamic_stitch([tf.constant([2**31 - 1])], [tf.ones([1, 2**20])])
    out = tf.dynamic_stitch([[0, 2], [1]], [[1.0, 3.0], [2.0]])
    assert out.numpy().tolist() == [1.0, 2.0, 3.0]


# -- found by the long op-registry campaign (seed 20240611) ------------------------------

def test_concat_of_no_values_is_tfs_error():
    # was: StopIteration from checks.same_dtype on an empty input list. TF's eager runtime
    # finds no kernel (InvalidArgumentError); building a graph node is a ValueError
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"OpKernel 'ConcatV2' has constraint on attr 'T' not in NodeDef "
                             r"'\[N=0, Tidx=DT_INT32\]', KernelDef: .* \[Op:ConcatV2\]"):
        bind(REGISTRY["ConcatV2"], (), {"axis": 0})
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"has constraint on attr 'T'"):
        tf.raw_ops.ConcatV2(values=[], axis=0)
    with pytest.raises(ValueError, match=r"shorter than minimum length 2\.$"):
        tf.function(lambda: tf.raw_ops.ConcatV2(values=[], axis=0))()


def test_pack_of_no_values_is_tfs_error():
    # was: IndexError from Pack's shape inference reading its first value. TF's eager
    # runtime finds no kernel (InvalidArgumentError, eager_errors_cases); building a graph
    # node is a ValueError
    with pytest.raises(ValueError, match=r"List argument 'values' to 'Pack' Op with length 0 "
                                         r"shorter than minimum length 1\.\s*$"):
        tf.function(lambda: tf.raw_ops.Pack(values=[]))()


def test_depth_to_space_huge_block_size_is_refused_as_tf():
    # was: NumPy's reshape ValueError for an empty input and a 2**31 - 1 block
    with pytest.raises(InvalidArgumentError, match=r"<= 46340 but was: 2147483647 "
                                                   r"\[Op:DepthToSpace\]"):
        bind(REGISTRY["DepthToSpace"], (_t(np.zeros((2, 2, 3, 0), np.float32)),),
             {"block_size": 2**31 - 1})
    out = bind(REGISTRY["DepthToSpace"], (_t(np.zeros((2, 2, 3, 0), np.float32)),),
               {"block_size": 2})
    assert out.shape == (2, 4, 6, 0)


def test_non_max_suppression_boxes_and_scores_must_agree():
    # was: IndexError indexing an empty boxes array with a score's index
    with pytest.raises(InvalidArgumentError, match=r"scores has incompatible shape.*0 and 1.*"
                                                   r"\[Op:NonMaxSuppressionV3\]"):
        bind(REGISTRY["NonMaxSuppressionV3"], (_t(np.zeros((0, 4), np.float32)),
                                               _t(np.ones(1, np.float32))),
             {"max_output_size": 1, "iou_threshold": 0.5, "score_threshold": 0.0})


def test_one_hot_runtime_depth_checked_against_the_static_and_the_cap(small_memory):
    # was: the kernel used a runtime depth other than the static one infer promised,
    # and allocated a huge runtime depth without ResourceExhaustedError
    args = (_t(np.array([0, 1], np.int32)), _t(np.float32(1)), _t(np.float32(0)))
    with pytest.raises(InvalidArgumentError, match=r"runtime depth 5 does not match the static "
                                                   r"depth 3 \[Op:OneHot\]"):
        bind(REGISTRY["OneHot"], args + (_t(np.int32(5)),), {"depth": 3, "axis": -1})
    with pytest.raises(ResourceExhaustedError, match=r"\[Op:OneHot\]"):
        bind(REGISTRY["OneHot"], args + (_t(np.int64(2**40)),), {"depth": None, "axis": -1})
    out = bind(REGISTRY["OneHot"], args + (_t(np.int32(3)),), {"depth": 3, "axis": -1})
    assert out.numpy().tolist() == [[1, 0, 0], [0, 1, 0]]


def test_reduce_join_edge_cases():
    # was: NumPy's transpose/reshape ValueErrors (a scalar, an empty kept axis) and an
    # AttributeError for a None separator
    op = REGISTRY["ReduceJoin"]
    with pytest.raises(tf.errors.OutOfRangeError, match=r"Invalid reduction dimension 0 for "
                                                        r"input with 0 dimension\(s\) "
                                                        r"\[Op:ReduceJoin\]"):
        bind(op, (_t(np.array(b"hello", dtype=object)),),
             {"axes": 0, "keepdims": True, "separator": b""})
    out = bind(op, (_t(np.empty((0, 2), dtype=object)),),
               {"axes": (1,), "keepdims": False, "separator": b","})
    assert out.shape == (0,)
    with pytest.raises(TypeError, match=r"'separator' not None\. \[Op:ReduceJoin\]"):
        bind(op, (_t(np.array([b"a"], dtype=object)),),
             {"axes": None, "keepdims": False, "separator": None})


@pytest.mark.parametrize("name,attrs,bad", [
    ("StaticRegexFullMatch", {"pattern": None}, "pattern"),
    ("StaticRegexReplace", {"pattern": "a", "rewrite": None, "replace_global": True},
     "rewrite"),
    ("StringJoin", {"separator": None}, "separator"),
])
def test_string_attrs_of_the_wrong_type_are_type_errors(name, attrs, bad):
    # was: AttributeError ('NoneType' object has no attribute 'encode'/'join')
    with pytest.raises(TypeError, match=rf"'{bad}' not None\. \[Op:{name}\]"):
        bind(REGISTRY[name], (_t(np.array([b"a"], dtype=object)),), attrs)


def test_substr_of_invalid_utf8_in_utf8_char_units():
    # was: UnicodeDecodeError; TF 2.21 counts each byte that is no trail byte as a character
    # (tests/ragged/golden_ragtext.py records its answers)
    out = bind(REGISTRY["Substr"], (_t(np.array([b"a\xff", b"\xffab"], dtype=object)),
                                    _t(np.int32(0)), _t(np.int32(2))), {"unit": "UTF8_CHAR"})
    assert out.numpy().tolist() == [b"a\xff", b"\xffa"]


def test_slice_grad_begin_must_be_a_vector():
    # was: TypeError "iteration over a 0-d array" from the kernel
    with pytest.raises(InvalidArgumentError, match=r"begin must be a vector.*\[Op:SliceGrad\]"):
        bind(REGISTRY["SliceGrad"], (_t(np.float32(1)), _t(np.float32(2)), _t(np.int32(0))), {})


def test_self_adjoint_eig_of_an_empty_matrix_without_vectors():
    # was: infer said (0,) for the vectors, the kernel made (0, 0)
    e, v = bind(REGISTRY["SelfAdjointEigV2"], (_t(np.zeros((0, 0), np.float32)),),
                {"compute_v": False})
    assert e.shape == (0,) and v.shape == (0,)


@pytest.mark.parametrize("name", ["StatelessRandomNormalV2", "StatelessRandomUniformV2",
                                  "StatelessTruncatedNormalV2", "StatelessRandomUniformIntV2"])
def test_stateless_random_runtime_shape_must_match_the_static(name):
    # was: the kernel drew the runtime shape, infer promised the static attr shape (the V1
    # ops this was found on gave way to TF's V2 ops, which tf.random.stateless_* use)
    kca = (_t(np.array([5], np.uint64)), _t(np.array([1, 2], np.uint64)), _t(np.int32(1)))
    if name == "StatelessRandomUniformIntV2":
        inputs, attrs = kca + (_t(np.int32(0)), _t(np.int32(9))), {}
    else:
        inputs, attrs = kca, {"dtype": dt.float32}
    dyn = (_t(np.array([5, 42], np.int32)),)
    with pytest.raises(InvalidArgumentError, match=rf"runtime shape \[5,42\] is incompatible "
                                                   rf"with the static shape \[3,4\] \[Op:{name}\]"):
        bind(REGISTRY[name], inputs + dyn, dict(attrs, shape=(3, 4)))
    assert bind(REGISTRY[name], inputs + dyn, dict(attrs, shape=(5, None))).shape == (5, 42)


def test_linspace_num_must_be_an_integer_as_tf():
    # was: OverflowError from int() of a float -inf count; TF 2.21 casts the NumPy value
    # to int32 (its lowest) and refuses the negative count as its Range does
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Requires start <= limit when delta > 0: 1/-1 \[Op:Range\]"):
        tf.linspace(0.0, 1.0, np.float16(-np.inf))
    with pytest.raises(TypeError, match=r"\(name: num\) must be of type integer"):
        tf.linspace(0.0, 1.0, tf.constant(3.0))
    assert tf.linspace(0.0, 1.0, tf.constant(3)).numpy().tolist() == [0.0, 0.5, 1.0]


def test_diag_padding_value_must_fit_the_diagonal_dtype_as_tf():
    # was: NumPy's ComplexWarning, filling an int8 matrix with a complex padding value
    d = tf.constant([1], tf.int8)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"input #4\(zero-based\) was expected to be a int8 tensor"):
        tf.linalg.diag(d, padding_value=tf.constant(0.3 - 0.4j, tf.complex64))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"input #2\(zero-based\) was expected to be a int8 tensor"):
        tf.linalg.diag_part(tf.reshape(d, [1, 1]), padding_value=tf.constant(1.0j, tf.complex64))
    with pytest.raises(TypeError, match="Cannot convert 0.5 to EagerTensor of dtype int8"):
        tf.linalg.diag(d, padding_value=0.5)
    assert tf.linalg.diag([1.0], num_cols=2, padding_value=7).numpy().tolist() == [[1.0, 7.0]]


def test_set_diag_checks_ranks_and_dtype_before_indexing():
    # was: IndexError from the shape of a scalar diagonal
    with pytest.raises(tf.errors.InvalidArgumentError, match="diagonal must be at least 1-dim"):
        tf.linalg.set_diag([[1.0, 2.0]], True)
    with pytest.raises(tf.errors.InvalidArgumentError, match="input must be at least 2-dim"):
        tf.linalg.set_diag([1.0, 2.0], [1.0])
    # (TF 2.21, recorded: a list beside a tensor is converted to the tensor's dtype)
    with pytest.raises(TypeError, match=r"^Cannot convert \[\[1.0, 2.0\]\] to EagerTensor of "
                                        "dtype int32$"):
        tf.linalg.set_diag([[1.0, 2.0]], tf.constant([3]))
    assert tf.linalg.set_diag([[1.0, 2.0]], [3]).numpy().tolist() == [[3.0, 2.0]]


def test_compute_average_loss_batch_size_errors_name_the_op():
    # was: TF's assert message alone, naming neither the op nor the function
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"(?s)global_batch_size must be non-negative.*compute_average_loss"):
        tf.nn.compute_average_loss([1.0, 2.0], global_batch_size=-1)
    # (TF 2.21's TypeError names neither: its assert's message alone, recorded)
    with pytest.raises(TypeError, match=r"^global_batch_size must be an integer\.\.  Expected "
                                        r"\"x\" to be integer type\.  Found: tensor of dtype "
                                        r"<dtype: 'float32'>$"):
        tf.nn.compute_average_loss([1.0, 2.0], global_batch_size=2.0)


def test_random_saturation_range_is_compared_as_given():
    # TF 2.21 compares the bounds as given (recorded): a NumPy array bound against an int
    # past a C long is NumPy's OverflowError, a list bound Python's TypeError
    img = tf.ones([2, 2, 3])
    with pytest.raises(OverflowError, match="^Python int too large to convert to C long$"):
        tf.image.random_saturation(img, np.array(True), 2**70)
    assert tf.image.random_saturation(img, np.float64(0.5), 2**70).shape == (2, 2, 3)
    with pytest.raises(TypeError, match="^'<=' not supported between instances of 'int' and "
                                        "'list'$"):
        tf.image.random_contrast(img, [1, 2], 3)
    with pytest.raises(ValueError, match="upper must be > lower"):
        tf.image.random_saturation(img, 1.0, 0.5)


def test_linear_color_conversions_refuse_a_scalar_image():
    # TF 2.21's tensordot over the last axis indexes a scalar's empty shape: Python's
    # IndexError (tests/fuzz/test_regressions_seed1049804288.py records it)
    with pytest.raises(IndexError, match="^list index out of range$"):
        tf.image.rgb_to_yiq(1.5)
    with pytest.raises(IndexError, match="^list index out of range$"):
        tf.image.yuv_to_rgb(1.5)
    assert tf.image.rgb_to_yiq([1.0, 2.0, 3.0]).shape == (3,)


def test_random_crop_size_must_be_integers():
    # was: OverflowError from int() of a float infinity in the crop size; TF 2.21's
    # conversion of the size to int32 refuses it (no op named)
    with pytest.raises(TypeError, match=r"^Cannot convert \[inf\] to EagerTensor of dtype "
                                        r"int32$"):
        tf.image.stateless_random_crop([1.0, 2.0], [np.inf], seed=[1, 2])
    assert tf.image.stateless_random_crop([1.0, 2.0], [1], seed=[1, 2]).shape == (1,)
    assert tf.image.random_crop([1.0, 2.0], tf.constant([2])).shape == (2,)


def test_signal_frame_lengths_must_be_integers():
    # was: OverflowError from int() of a float infinity frame length; now TF 2.21's errors:
    # its frame count's FloorDiv of a float and an int, its gcd of two floats
    with pytest.raises(tf.errors.InvalidArgumentError, match="expected to be a float tensor "
                                                             "but is a int32 tensor"):
        tf.signal.frame([1.0, 2.0, 3.0], np.float32(np.inf), 1)
    with pytest.raises(tf.errors.InvalidArgumentError, match="expected to be a int32 tensor "
                                                             "but is a float tensor"):
        tf.signal.frame([1.0, 2.0, 3.0], 2, 1.5)
    with pytest.raises(ValueError, match="a must be an integer type. Got: <dtype: 'float32'>"):
        tf.signal.frame([1.0, 2.0, 3.0], 2.0, 1.0)
    with pytest.raises(TypeError, match="Input 'y' of 'FloorDiv' Op has type float32 that "
                                        "does not match type int32 of argument 'x'"):
        tf.function(lambda x: tf.signal.frame(x, 2, 1.5))(tf.constant([1.0, 2.0, 3.0]))
    assert tf.signal.frame([1.0, 2.0, 3.0], tf.constant(2), 1).shape == (2, 2)


# -- found by the long op-registry campaign with a random seed (777123) ----------------

def test_a_conv_workspace_past_the_memory_limit_is_refused_naming_the_op():
    # was: MemoryError (or NumPy's "maximum dimension exceeded") from the im2col workspace
    saved = list(T.MEM_LIMIT)
    T.MEM_LIMIT[:] = [1 << 10]
    try:
        with pytest.raises(tf.errors.ResourceExhaustedError, match=r"\[Op:Conv2D\]"):
            tf.nn.conv2d(tf.ones([1, 8, 8, 4]), tf.ones([3, 3, 4, 2]), 1, "SAME")
    finally:
        T.MEM_LIMIT[:] = saved


def test_einsum_repeated_label_in_one_input_needs_equal_dims():
    # was: NumPy's ValueError, and an infer/kernel shape mismatch for `ii` on shape (1, 0)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Expected dimension 1 at axis 1 of the input shaped \[1,0\] but "
                             r"got dimension 0 \[Op:Einsum\]"):
        tf.einsum("ii->i", tf.ones([1, 0]))
    assert tf.einsum("ii->i", tf.eye(3)).numpy().tolist() == [1.0, 1.0, 1.0]


def test_gather_gradient_op_refuses_a_string_gradient():
    # was: TypeError adding bytes inside the kernel
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"\[Op:GatherV2Grad\]"):
        bind(REGISTRY["GatherV2Grad"], (_t(np.array([b"a"], object)), _t(np.array([0], np.int32)),
                                        _t(np.zeros(2))), {"axis": 0, "batch_dims": 0})


# -- found by the long campaigns with random seed 3990244010 (API and parsing) ------------

def test_unravel_index_with_no_dims_gives_no_coordinates():
    # was: NumPy's "need at least one array to stack"; TF 2.21 returns shape (0,)
    out = tf.unravel_index(np.array(False), tf.constant([], tf.int32))
    assert out.shape == (0,) and out.dtype == tf.int32
    with pytest.raises(InvalidArgumentError, match=r"index is out of bound.*\[Op:UnravelIndex\]"):
        tf.unravel_index(3, tf.constant([], tf.int32))


def test_empty_python_lists_take_any_dtype():
    # was: TypeError "Cannot convert [] to EagerTensor of dtype int32" (TF: an empty tensor)
    for d in (tf.int32, tf.uint8, tf.bool, tf.string, tf.complex64):
        t = tf.constant([[], []], d)
        assert t.shape == (2, 0) and t.dtype == d
    with pytest.raises(TypeError, match="dtype int32"):
        tf.constant([1.5], tf.int32)  # elements still refuse a lossy conversion


@pytest.mark.parametrize("k,word", [(tf.constant(np.inf, tf.float16), "half"), (1.5, "float")])
def test_top_k_refuses_a_non_integer_k_as_tf(k, word):
    # was: OverflowError converting inf to int (and 1.5 silently truncated)
    # (TF's first line ends at the NodeDef; its op's definition and [Op:TopKV2] follow; the
    # list input sends TF's wrapper down its slow path, where 1.5 is a float32 k)
    with pytest.raises(InvalidArgumentError, match=rf"(?s)attr 'Tk' of {word} .*\[Op:TopKV2\]"):
        tf.math.top_k([1.0, 2.0], k=k)
    assert tf.math.top_k([1.0, 3.0, 2.0], k=tf.constant(2)).values.numpy().tolist() == [3.0, 2.0]


def test_top_k_takes_a_bool_k_as_tf():
    # TF 2.21 (recorded from it): True converts to the int32 Tk asks for, a k of 1
    assert tf.math.top_k([1.0, 2.0], k=True).values.numpy().tolist() == [2.0]


def test_diag_refuses_a_string_padding_value_for_numbers():
    # was: NumPy's "invalid literal for int()" from the kernel's fill
    with pytest.raises(TypeError, match=r"Cannot convert 'abc' to EagerTensor of dtype int8"):
        tf.linalg.diag(tf.constant([], tf.int8), k=1, padding_value="abc")
    assert tf.linalg.diag(tf.constant([1], tf.int8), k=1, padding_value=3).numpy().tolist() == \
        [[3, 1], [3, 3]]


@pytest.mark.parametrize("shape", [(2**63, 2), (2**64 + 3,)])
def test_parse_example_dense_shapes_must_fit_int64(shape):
    # was: NumPy's RuntimeWarning / OverflowError computing the row size in the kernel
    attrs = P.op_attrs(dense=(("a", shape),))
    none = EagerTensor(np.zeros(0, np.int64))
    _bad("ParseExampleV2", (STR, none), attrs, InvalidArgumentError, "elements")
    with pytest.raises(ValueError, match="Dimension -2 must be >= 0"):  # (TF's, no op name)
        bind(REGISTRY["ParseExampleV2"], (STR, none), {**attrs, "dense_shapes": ((-2,),)})


# -- found by the long op-registry campaign with random seed 3990244010 --

_TS_OPS = {"TensorScatterAdd": tf.tensor_scatter_nd_add,
           "TensorScatterSub": tf.tensor_scatter_nd_sub,
           "TensorScatterMax": tf.tensor_scatter_nd_max,
           "TensorScatterMin": tf.tensor_scatter_nd_min,
           "TensorScatterUpdate": tf.tensor_scatter_nd_update}


@pytest.mark.parametrize("op", sorted(_TS_OPS))
@pytest.mark.parametrize("shapes,match", [
    # the fuzz case: indices with an empty last dimension scatter nothing into a scalar
    (((), (2, 0), (2,)), "Indices and updates specified for empty output shape"),
    (((3,), (2, 0), (2, 3)), "Indices and updates specified for empty output shape"),
    (((3,), (0, 0), (0, 3)), "Requested rank: 0"),
    (((), (0, 0), (0,)), r"Output must be at least 1-D, got shape: \[\]"),
    (((5,), (2, 1), (3,)), r"Outer dimensions of indices and update must match. Indices shape: "
                           r"\[2,1\], updates shape:\[3\]"),
    (((5, 2), (2, 1), (2,)), r"Inner dimensions .* Output: \[5,2\] updates: \[2\]"),
    (((5, 2), (2, 1), (2, 3)), r"The inner 1 dimensions of output.shape=\[5,2\] must match the "
                               r"inner 1 dimensions of updates.shape=\[2,3\]"),
    (((5, 2), (1,), (2,)), r"Dimensions \[0,1\) of indices\[shape=\[1\]\] = 1 must match"),
    (((5, 1), (1,), (1,)), r"Dimensions \[1,2\) of input\[shape=\[5,1\]\] must match"),
    (((5,), (1,), ()), r"Updates shape must have rank at least one. Found:\[\]")])
def test_tensor_scatter_validates_the_updates_shape_in_infer(op, shapes, match):
    # was: NumPy's ValueError (not broadcastable / setting an element with a sequence) in the kernel
    ts, ish, us = shapes
    with pytest.raises(InvalidArgumentError, match=match + rf".*\[Op:{op}\]"):
        _TS_OPS[op](tf.constant(np.ones(ts)), tf.constant(np.zeros(ish, np.int32)),
                    tf.constant(np.ones(us)))


def test_tensor_scatter_still_computes_on_valid_input():
    t = tf.constant([1.0, 5.0, 3.0, 0.0], tf.float64)
    i = tf.constant([[2], [0], [2]])
    u = tf.constant([4.0, -1.0, 2.0], tf.float64)
    assert tf.tensor_scatter_nd_add(t, i, u).numpy().tolist() == [0.0, 5.0, 9.0, 0.0]
    assert tf.tensor_scatter_nd_sub(t, i, u).numpy().tolist() == [2.0, 5.0, -3.0, 0.0]
    assert tf.tensor_scatter_nd_max(t, i, u).numpy().tolist() == [1.0, 5.0, 4.0, 0.0]
    assert tf.tensor_scatter_nd_min(t, i, u).numpy().tolist() == [-1.0, 5.0, 2.0, 0.0]
    assert tf.tensor_scatter_nd_update(t, i[:2], u[:2]).numpy().tolist() == [-1.0, 5.0, 4.0, 0.0]
    # an empty scatter into an empty tensor, and an empty vector of indices, are fine
    assert tf.tensor_scatter_nd_add(tf.ones([5, 2]), tf.zeros([0, 1], tf.int32),
                                    tf.ones([0, 2])).numpy().tolist() == [[1.0, 1.0]] * 5
    assert tf.tensor_scatter_nd_add(tf.ones([0, 3]), tf.zeros([0], tf.int32),
                                    tf.ones([0, 3])).shape == (0, 3)


@pytest.mark.parametrize("paddings,shape",
                         [((0,), "[1]"), (0, "[]"), (((1, 2, 3), (1, 2, 3)), "[2,3]")])
def test_padv2_refuses_paddings_that_are_not_an_n_by_2_matrix(paddings, shape):
    # was: TypeError (object of type 'int' has no len()) in infer for the flat paddings (0,)
    x, value = _t(np.array([-0.18, 0.12, -0.25])), _t(np.float64(9.0))
    with pytest.raises(InvalidArgumentError, match=r"paddings must be a matrix with 2 columns: "
                                                   + re.escape(shape) + r" \[Op:PadV2\]"):
        bind(REGISTRY["PadV2"], (x, value), {"paddings": paddings})
    out = bind(REGISTRY["PadV2"], (x, value), {"paddings": ((1, 2),)})
    assert out.numpy().tolist() == [9.0, -0.18, 0.12, -0.25, 9.0, 9.0]


@pytest.mark.parametrize("g", [np.array([[b"\x00\xff", b"hello"], [b"a", b""]], dtype=object),
                               np.array([[True, False]])])
def test_sum_to_shape_of_refuses_non_numeric_gradients(g):
    # was: AttributeError ('bytes' object has no attribute 'reshape') in the kernel
    with pytest.raises(InvalidArgumentError, match=r"(?s)not in the list of allowed values.*"
                                                   r"\[Op:SumToShapeOf\]"):
        bind(REGISTRY["SumToShapeOf"], (_t(g), _t(np.float64(1.0))), {})
    g = np.arange(6.0).reshape(2, 3)
    out = bind(REGISTRY["SumToShapeOf"], (_t(g), _t(np.zeros((1, 3)))), {})
    assert out.numpy().tolist() == [[3.0, 5.0, 7.0]]


@pytest.mark.parametrize("shape,fixed_length,want", [((0,), 2, (0, 1)), ((0,), None, (0, 0)),
                                                     ((2, 0), 2, (2, 0, 1)), ((0,), 6, (0, 3))])
def test_decode_raw_of_no_strings_has_the_width_fixed_length_gives(shape, fixed_length, want):
    # was: infer said (0, 1), the kernel made (0, 0) for an empty input with fixed_length=2
    strings = tf.constant(np.zeros(shape, dtype=object).astype(bytes), tf.string)
    out = tf.io.decode_raw(strings, tf.int16, fixed_length=fixed_length)
    assert out.shape == want and out.dtype == tf.int16
    traced = tf.function(lambda s: tf.io.decode_raw(s, tf.int16, fixed_length=fixed_length))
    spec = traced.get_concrete_function(tf.TensorSpec(shape, tf.string)).structured_outputs
    # what infer says is what the kernel makes (the width is only known with fixed_length)
    assert spec.shape.as_list() == [*want[:-1], want[-1] if fixed_length else None]
    got = tf.io.decode_raw(tf.constant([b"ab", b"cd"]), tf.int16, fixed_length=4)
    assert got.numpy().tolist() == [[0x6261, 0], [0x6463, 0]]  # little-endian, zero padded


# -- found by the long API campaign with random seed 2732279535 --------------------------

@pytest.mark.parametrize("rank,cls,match", [
    (float("inf"), TypeError, "tensor must be of type tf.int32; got tf.float32"),
    (True, TypeError, "got tf.bool"), (np.int64(0), TypeError, "got tf.int64"),
    ([1, 2], ValueError, "Rank must be a scalar")])
def test_assert_rank_takes_a_scalar_int32_rank(rank, cls, match):
    # was: OverflowError from int(inf), and floats silently truncated
    for check in (tf.debugging.assert_rank, tf.debugging.assert_rank_at_least):
        with pytest.raises(cls, match=match):
            check(0, rank)
    assert tf.debugging.assert_rank([1], tf.constant(1)) is None


@pytest.mark.parametrize("fn", [tf.nn.space_to_depth, tf.nn.depth_to_space])
def test_block_size_is_taken_as_tf_takes_an_int_attr(fn):
    # int(inf)'s OverflowError escapes, as TF's; finite floats truncate as in TF; past
    # int64 the eager fast path's OverflowError, past int32 the kernel's attr read
    x = tf.zeros([1, 2, 2, 4])
    with pytest.raises(OverflowError, match="cannot convert float infinity to integer"):
        fn(x, float("inf"))
    with pytest.raises(OverflowError, match="^int too big to convert$"):
        fn(x, 2**70)
    op = "SpaceToDepth" if fn is tf.nn.space_to_depth else "DepthToSpace"
    with pytest.raises(InvalidArgumentError, match=f"Attr block_size has value 2147483648 "
                                                   f"out of range for an int32 \\[Op:{op}\\]"):
        fn(x, 2**31)
    with pytest.raises(InvalidArgumentError, match="of -1099511627776 must be at least minimum "
                                                   f"2\n\t; NodeDef: {{{{node {op}}}}}; Op<"):
        fn(x, -2**40)
    assert tf.nn.space_to_depth(x, 2.0).shape == (1, 1, 1, 16)


@pytest.mark.parametrize("fn", [tf.signal.fftshift, tf.signal.ifftshift])
def test_fftshift_axes_convert_to_int32_as_tf(fn):
    # was: NumPy's "inhomogeneous shape" ValueError from np.atleast_1d([0, []])
    with pytest.raises(ValueError, match="Python sequence"):
        fn(tf.zeros([2, 2]), axes=[0, []])
    with pytest.raises(TypeError, match="dtype int32"):
        fn(tf.zeros([2, 2]), axes=[0, 1.5])
    assert tf.signal.fftshift(tf.range(4), axes=0).numpy().tolist() == [2, 3, 0, 1]


# -- found by the long campaigns with random seed 2432658743 -----------------------------

def test_categorical_num_samples_must_be_an_integer():
    # was: OverflowError from int(inf); TF: TypeError converting to int32
    for n in (float("inf"), 1.5):
        with pytest.raises(TypeError, match="Cannot convert .* dtype int32"):
            tf.random.categorical([[0.0]], n)
    assert tf.random.categorical([[0.0]], 2).shape == (1, 2)


def test_reshape_of_empty_input_to_dims_numpy_cannot_hold_names_the_op():
    # was: NumPy's "array is too big" ValueError. TF returns a [2**62, 0] tensor; NumPy
    # cannot describe that shape, so it is refused as too many elements, naming Reshape.
    # (CuPy can: on a CUDA GPU the result is TF's.)
    try:
        out = tf.reshape(tf.zeros([0, 6], tf.float64), [2**62, -1])
    except InvalidArgumentError as e:
        assert re.search(r"has too many elements \[Op:Reshape\]$", str(e)), e
    else:
        assert out.shape == (2**62, 0) and "GPU" in out.device
    assert tf.reshape(tf.zeros([0, 6]), [3, -1]).shape == (3, 0)


# -- found by `make fuzz` (seed 20240611), 2026-11-27; each expectation is TF 2.21's ------

_MIXED = "Can't convert Python sequence with mixed types to Tensor."
_RAGGED = "Can't convert non-rectangular Python sequence to Tensor."


@pytest.mark.parametrize("value, message", [
    # a sequence where the first elements put a scalar: mixed types
    ([1, [2]], _MIXED), ([1, []], _MIXED), ([[1], [[2]]], _MIXED), (["a", ["b"]], _MIXED),
    ([[1, 2], [3, [4]]], _MIXED), ([3, np.array([1, 2])], _MIXED),
    # a scalar where they put a sequence, or a sequence of another length: non-rectangular
    ([[1], 2], _RAGGED), ([[1], [2, 3]], _RAGGED), ([[[1]], [2]], _RAGGED),
    ([np.array([1, 2]), 3], _RAGGED), ([[1], None], _RAGGED),
    # a later element of another type than the first's
    ([1, None], _MIXED), ([[1, 2], [3, None]], _MIXED), ([True, None], _MIXED),
    ([1.0, 2**70, None], _MIXED),
    # an int past int64 before it, after an int
    ([1, 2**70, None], "Can't convert Python sequence with out-of-range integer to Tensor."),
])
def test_a_misshapen_python_sequence_is_refused_in_tfs_words(value, message):
    # was: "non-rectangular" for all (NumPy's inhomogeneous shape), and None named
    # wherever it stood
    for dtype in (None, tf.int32, tf.float32):
        with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
            tf.constant(value, dtype)


def test_a_sequence_whose_first_elements_give_no_element_is_empty():
    # TF reads no element of a shape with none: the rest is not looked at
    for value, shape in (([[], 1], (2, 0)), ([[], [[1]]], (2, 0)), ([[[]], 1], (2, 1, 0))):
        t = tf.constant(value)
        assert (t.shape, t.dtype) == (shape, tf.float32)
    with pytest.raises(ValueError, match="unsupported type"):
        tf.constant([[None], [1]])  # (the first element itself)


def test_shapes_and_depths_given_as_ragged_lists_are_refused_as_tf_converts_them():
    # was: NumPy's "inhomogeneous shape" ValueError (one_hot), a TypeError (reshape, fill)
    for call in (lambda: tf.one_hot(0, [1, [2]]), lambda: tf.reshape([1, 2], [1, [2]]),
                 lambda: tf.fill([1, [2]], 1)):
        with pytest.raises(ValueError, match=f"^{re.escape(_MIXED)}$"):
            call()
    with pytest.raises(ValueError, match=f"^{re.escape(_RAGGED)}$"):
        tf.one_hot(0, [[1], [2, 3]])


@pytest.mark.parametrize("call, tail", [
    # a Python list for depth or indices: TF's slow path, whose errors name no name
    (lambda: tf.one_hot(0, [1, 2], name="oh"), "[Op:OneHot]"),
    (lambda: tf.one_hot([0], tf.constant([1, 2])), "[Op:OneHot]"),
    # the fast path: its name is the name scope's, empty eagerly
    (lambda: tf.one_hot(tf.constant([0]), tf.constant([2, 3]), name="q"), "[Op:OneHot] name: "),
    (lambda: tf.one_hot(0, np.array([1, 2])), "[Op:OneHot] name: "),
])
def test_one_hot_refuses_a_depth_that_is_no_scalar(call, tail):
    with pytest.raises(InvalidArgumentError) as e:
        call()
    assert str(e.value).endswith(f"depth must be a scalar, but got: [2] {tail}")


def test_one_hot_with_a_number_for_indices_takes_tfs_fast_path():
    # was: the slow path's ValueError of a conversion to int32
    with pytest.raises(InvalidArgumentError, match=re.escape(
            "cannot compute OneHot as input #1(zero-based) was expected to be a int32 tensor "
            "but is a float tensor [Op:OneHot] name: ")):
        tf.one_hot(0, tf.constant([1.0, 2.0]))


def test_as_string_reads_its_int_attrs_as_tf_does():
    # was: NumPy's "precision too big", a size error for a width past int32, and precision
    # -2**70 taken
    t = tf.constant([1.5])
    tail = "out of range for an int32 [Op:AsString]"
    with pytest.raises(InvalidArgumentError, match=re.escape(
            f"Attr precision has value 2147483648 {tail} name: ")):
        tf.strings.as_string(t, precision=2**31)
    with pytest.raises(InvalidArgumentError) as e:  # (a list: the slow path, no name)
        tf.strings.as_string([1.5], width=-2**31 - 1, name="w")
    assert str(e.value).endswith(f"Attr width has value -2147483649 {tail}")
    for value in (2**63, -2**70):
        with pytest.raises(OverflowError, match="^int too big to convert$"):
            tf.strings.as_string(t, precision=value)
    with pytest.raises(OverflowError, match="cannot convert float infinity to integer"):
        tf.strings.as_string(["abc"], precision=float("inf"))
    with pytest.raises(ValueError, match="Value out of range: 1180591620717411303424"):
        tf.function(lambda: tf.strings.as_string(t, precision=2**70))()
    assert tf.strings.as_string(t, precision=2.7).numpy().tolist() == [b"1.50"]


def test_an_int_attr_from_a_tensor_of_inf_overflows_as_in_tf():
    with pytest.raises(OverflowError, match="cannot convert float infinity to integer"):
        tf.dynamic_partition(True, True, tf.constant(-np.inf, tf.float16))


def test_pad_refuses_ragged_paddings_in_tfs_words():
    # was: NumPy's "inhomogeneous shape" ValueError (TF's own pad lets NumPy's out for a
    # ragged constant_values, and so does eagerflow's)
    with pytest.raises(ValueError, match=f"^{re.escape(_MIXED)}$"):
        tf.pad([1.0], [[1, [1]]])
    with pytest.raises(ValueError, match=f"^{re.escape(_RAGGED)}$"):
        tf.pad([1.0], [[1, 1], [2]])
    with pytest.raises(ValueError, match="inhomogeneous shape"):
        tf.pad([1.0], [[1, 1]], constant_values=[1, [2]])


def test_tensordot_of_axes_past_a_scalar_is_tfs_index_error():
    # TF's Python indexes the shape's list: IndexError, as here
    with pytest.raises(IndexError, match="list index out of range"):
        tf.tensordot(tf.zeros([2]), tf.constant(1.0), 1)


def test_candidate_samplers_take_their_attrs_as_tfs_wrappers():
    # was: int() and bool() of anything (unique=1 taken, 2**70 C's OverflowError)
    t = tf.constant([[1]], tf.int64)
    sampler = tf.random.uniform_candidate_sampler
    for unique in (1, np.bool_(True), "x"):
        with pytest.raises(TypeError, match=f"^Expected bool for argument 'unique' not "
                                            f"{re.escape(repr(unique))}.$"):
            sampler(t, 1, 2, unique, 5)
    with pytest.raises(OverflowError, match="^int too big to convert$"):
        sampler(t, 1, 2, True, 2**70)
    with pytest.raises(OverflowError, match="cannot convert float infinity to integer"):
        tf.random.all_candidate_sampler(t, float("inf"), 2, True)
    assert sampler(t, 1.7, 2, True, 5)[0].shape == (2,)  # (a float truncates, as int())


def test_lstsq_tests_its_regularizer_as_tf_does():
    # was: a nonzero test of its own (a bool tensor, several values), and fast=None on
    # the pseudo-inverse's path
    c = tf.constant([[1 + 1j]], tf.complex128)
    with pytest.raises(TypeError, match="Cannot convert 0 to EagerTensor of dtype bool"):
        tf.linalg.lstsq(c, c, l2_regularizer=tf.constant(True))
    with pytest.raises(ValueError, match="truth value of an array with more than one"):
        tf.linalg.lstsq(c, c, l2_regularizer=tf.constant([1.0, 0.0], tf.float64))
    with pytest.raises(NotImplementedError, match="disabled for complex128"):
        tf.linalg.lstsq(c, c, l2_regularizer=[1.0, 0.0])
    with pytest.raises(InvalidArgumentError, match="cannot compute AddV2 as input #1"):
        tf.linalg.lstsq(tf.zeros([0, 0], tf.bfloat16), tf.constant(True),
                        l2_regularizer=tf.constant(True), fast=None)
    np.testing.assert_allclose(tf.linalg.lstsq(tf.constant([[2.0, 1.0]]), tf.constant([[4.0]]),
                                               l2_regularizer=1).numpy(), [[4 / 3], [2 / 3]],
                               rtol=1e-6)


def test_bfloat16_extremes_of_nan_and_expm_of_bfloat16_are_quiet_or_refused():
    # was: NumPy's RuntimeWarning from ml_dtypes' comparisons of a NaN
    x = tf.constant([[1.0, float("nan")]], tf.bfloat16)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert np.isnan(float(tf.reduce_max(x))) and np.isnan(float(tf.reduce_min(x)))
        with pytest.raises(ValueError, match="expm does not support matrices of type "
                                             "<dtype: 'bfloat16'>"):
            tf.linalg.expm(tf.constant([[0.3, -0.4], [1.9, float("nan")]], tf.bfloat16))


def test_a_small_numpy_seed_overflows_as_in_tf():
    # TF's op seed is the seed modulo 2**31 - 1, in the seed's own NumPy type
    with pytest.raises(OverflowError, match="out of bounds for int8"):
        tf.random.uniform([2], seed=np.int8(7))


def test_ragged_factors_and_rates_are_refused_as_tf_converts_them():
    # was: NumPy's "inhomogeneous shape" ValueError (adjust_saturation), a C long's
    # OverflowError (with_space_to_batch)
    image = tf.zeros([0, 0, 0], tf.int8)
    with pytest.raises(ValueError, match=f"^{re.escape(_MIXED)}$"):
        tf.image.adjust_saturation(image, [0, []])
    with pytest.raises(InvalidArgumentError, match=re.escape("scale must be scalar: [2,0]")):
        tf.image.adjust_saturation(image, [[], 0])  # (TF's conversion: an empty (2, 0))
    with pytest.raises(InvalidArgumentError, match=re.escape(
            "paddings must be a matrix with 2 columns: [2,0]")):
        tf.pad([1.0], [[], 0])
    with pytest.raises(ValueError, match="out-of-range integer"):
        tf.nn.with_space_to_batch(TRUE, 2**70, None, TRUE)


# -- found by the long op campaign (make fuzz, seed 20240611), 2026-11-27 ----------------

def test_training_ops_check_their_inputs_count_and_dtype_attr():
    # was: AttributeError of a None T, KeyError of a missing input
    var = tf.Variable([1.0, 2.0], dtype=tf.float64)
    args = dict(lr=tf.constant(0.1, tf.float64), grad=tf.constant([1.0, 1.0], tf.float64))
    with pytest.raises(TypeError, match="Expected DataType for argument 'T' not None"):
        bind(REGISTRY["ResourceApplyGradientDescent"], (var.handle, args["lr"], args["grad"]),
             {"T": None, "use_locking": False})
    with pytest.raises(TypeError, match=r"ResourceApplyGradientDescent takes 3 inputs"):
        bind(REGISTRY["ResourceApplyGradientDescent"], (var.handle, args["lr"]),
             {"T": tf.float64, "use_locking": False})


def test_kernel_checks_in_tfs_words_where_shapes_are_degenerate():
    # was: IndexError (Select of a scalar 'then', CropAndResize of an empty image), a
    # reshape's ValueError (Fingerprint of no rows), a scalar written to (GatherNd)
    with pytest.raises(InvalidArgumentError, match="'then' must be at least a vector, but saw "
                                                   "shape: \\[\\]"):
        tf.raw_ops.Select(condition=[True], x=1.0, y=2.0)
    with pytest.raises(InvalidArgumentError, match="params must be at least a vector"):
        tf.gather_nd(1.0, [[0]])
    boxes = np.array([[0.1, 0.15, 0.83, 0.71]], np.float32)
    with pytest.raises(InvalidArgumentError, match="image dimensions must be positive"):
        tf.raw_ops.CropAndResize(image=np.zeros((2, 0, 6, 2), np.float32), boxes=boxes,
                                 box_ind=[0], crop_size=[3, 4])
    with pytest.raises(InvalidArgumentError, match="image dimensions must be positive"):
        tf.raw_ops.CropAndResizeGradBoxes(grads=np.zeros((1, 3, 4, 2), np.float32),
                                          image=np.zeros((2, 0, 6, 2), np.float32),
                                          boxes=boxes, box_ind=[0])
    assert tf.fingerprint(np.zeros((0, 2), np.int32)).shape == (0, 8)
    out = bind(REGISTRY["GatherNd"], (_t(np.ones((3, 4))), _t(np.array([7, 3], np.int32))),
               {"batch_dims": 0, "bad_indices_policy": "IGNORE"})
    assert out.numpy().tolist() == 0.0  # (an index out of bounds, ignored: zero)
    with pytest.raises(TypeError, match="ArgMax takes its dimension"):
        bind(REGISTRY["ArgMax"], (_t(np.int32(-1)),), {"axis": None, "output_type": tf.int64})


def test_dynamic_partition_counts_as_tf():
    with pytest.raises(ValueError, match="^Number of outputs is too big: -1$"):
        tf.dynamic_partition([1.0], [0], 2**70)  # (past int64: TF's fast path reads -1)
    with pytest.raises(ValueError, match="^Number of outputs is too big: 1099511627776$"):
        bind(REGISTRY["DynamicPartition"], (_t([1.0]), _t(np.array([0], np.int32))),
             {"num_partitions": 2**40})


def test_ops_without_an_axis_or_of_a_wrong_arity_are_type_errors():
    # was: TypeErrors of Python comparing or unpacking None, and of a call's arity
    x = _t(np.arange(4.0))
    for op, attrs in (("Cumsum", {"axis": None, "exclusive": False, "reverse": False}),
                      ("ReverseV2", {"axes": None})):
        with pytest.raises(TypeError, match="takes its ax.s as an attr or an input"):
            bind(REGISTRY[op], (x,), attrs)
    spec = tf.constant(np.arange(4.0))[1:].__class__  # (any tensor: the form is the point)
    assert spec is not None
    with pytest.raises(TypeError, match="StridedSlice takes 4 inputs in this form, got 5"):
        i = _t(np.array([0], np.int32))
        bind(REGISTRY["StridedSlice"], (x, i, i, i, i),
             {"begin_mask": 0, "end_mask": 0, "ellipsis_mask": 0, "new_axis_mask": 0,
              "shrink_axis_mask": 0})


def test_parameterized_truncated_normals_take_their_dtype_from_means():
    # was: a dtype attr of its own, which a float32 variant of a float64 sample left at
    # float64 (an input dtype error TF does not raise: its dtype is the type of `means`)
    seed = _t(np.array([1, 2], np.int64))
    for np_dtype in (np.float32, np.float64):
        p, lo, hi = (_t(np_dtype(v)) for v in (0.0, -1.0, 1.0))
        out = bind(REGISTRY["StatelessParameterizedTruncatedNormal"], (seed, p, hi, lo, hi),
                   {"shape": (2,)})
        assert out.dtype == np_dtype and out.shape == (2,)


def test_degenerate_inputs_of_kernels_are_quiet_or_refused_as_tf():
    # was: NumPy's finfo of bfloat16 (multinomial), RuntimeWarnings (a sparse product of
    # inf, CTC's overflowing sum), a reshape of no pixels (an image summary)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        s = tf.random.stateless_categorical(tf.constant([[-np.inf, -np.inf]], tf.bfloat16),
                                            3, seed=[1, 2])
        assert s.shape == (1, 3)
        a = _t(np.array([[0.0, np.inf], [1.0, 2.0]], np.float32))
        b = _t(np.array([[np.inf, 1.0], [-np.inf, 0.0]], np.float32))
        out = bind(REGISTRY["SparseMatMul"], (a, b),
                   {"transpose_a": False, "transpose_b": False, "a_is_sparse": True,
                    "b_is_sparse": False})
        assert np.isnan(out.numpy()[1, 0])
    with pytest.raises(tf.errors.InternalError, match="PNG encoding failed"):
        bind(REGISTRY["ImageSummary"], (_t(np.array(b"img", object)),
                                        _t(np.zeros((2, 3, 0, 4), np.uint8))),
             {"max_images": 3, "bad_color": (255, 0, 0, 255)})


# -- the long campaign's findings of 2026-11-27, each against TF 2.21's eager answer ----

WAV = (b"RIFF8\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x02\x00D\xac\x00\x00\x10\xb1\x02"
       b"\x00\x04\x00\x10\x00data\x14\x00\x00\x00" + bytes(range(20)))


def _nms(boxes, scores, per_class=2, total=4, iou=0.5):
    return tf.raw_ops.CombinedNonMaxSuppression(
        boxes=np.ones(boxes, np.float32), scores=np.ones(scores, np.float32),
        max_output_size_per_class=per_class, max_total_size=total, iou_threshold=iou,
        score_threshold=-np.inf, pad_per_class=False, clip_boxes=True)


def _qdq(version, axis, **kw):
    return getattr(tf.raw_ops, f"QuantizeAndDequantize{version}")(
        input=np.ones((2, 3), np.float32), input_min=np.float32(-2),
        input_max=np.float32(3), axis=axis, **kw)


@pytest.mark.parametrize("call, error, message", [
    # was: ValueError of a tensor's truth value
    (lambda: tf.raw_ops.BroadcastGradientArgs(s0=np.array([4, 1], np.int32),
                                              s1=np.array(7, np.int32)),
     InvalidArgumentError, r"In\[1\] must be a vector\.\[\]"),
    # was: IndexError of the kernel; TF checks the batch first, the boxes' count last
    (lambda: _nms((2, 5, 2, 4), (1, 5, 3), per_class=0), InvalidArgumentError,
     "boxes and scores must have same batch size"),
    (lambda: _nms((2, 5, 2, 4), (2, 4, 3), per_class=0), InvalidArgumentError,
     "max_size_per_class must be positive"),
    (lambda: _nms((2, 5, 2, 4), (2, 4, 3), iou=2.0), InvalidArgumentError,
     r"iou_threshold must be in \[0, 1\]"),
    (lambda: _nms((2, 5, 2, 4), (2, 5, 3), total=0), InvalidArgumentError,
     "max_total_size must be > 0"),
    (lambda: _nms((2, 5, 2, 4), (2, 4, 3)), InvalidArgumentError,
     "third dimension of boxes must be either 1 or num classes"),
    (lambda: _nms((2, 5, 1, 4), (2, 4, 1)), InvalidArgumentError,
     "scores has incompatible shape"),
    # was: an allocation NumPy refused (ValueError) or the process killed for memory
    (lambda: _nms((2, 5, 1, 4), (2, 5, 1), total=2**31 - 1), ResourceExhaustedError,
     r"OOM when allocating tensor with shape\[2,2147483647,4\]"),
    (lambda: tf.raw_ops.DecodeWav(contents=WAV, desired_channels=2**31 - 1),
     ResourceExhaustedError, r"shape\[5,2147483647\] and type float"),
    (lambda: tf.raw_ops.DecodeWav(contents=WAV, desired_channels=2**62),
     InvalidArgumentError, "Attr desired_channels has value 4611686018427387904 out of "
                           "range for an int32"),
    (lambda: tf.raw_ops.DecodeWav(contents=WAV, desired_samples=2**31),
     InvalidArgumentError, "Attr desired_samples has value 2147483648 out of range"),
    (lambda: tf.raw_ops.DynamicPartition(data=np.zeros((0,)), partitions=np.zeros(
        (0,), np.int32), num_partitions=2**31 - 1), ResourceExhaustedError,
     "OOM when allocating the 2147483647 outputs of DynamicPartition"),
    (lambda: tf.raw_ops.Split(axis=1, value=np.zeros((2, 0)), num_split=2**31 - 1),
     ResourceExhaustedError, "OOM when allocating the 2147483647 outputs of Split"),
    # was: IndexError of the kernel drawing a batch member with no boxes
    (lambda: tf.raw_ops.DrawBoundingBoxesV2(
        images=np.ones((2, 4, 6, 3), np.float32), boxes=np.ones((0, 3, 4), np.float32),
        colors=np.ones((2, 4), np.float32)), InvalidArgumentError,
     "The batch sizes should be the same"),
    # TF's quantize-and-dequantize kernels' own words for axes below -1
    (lambda: _qdq("V4", -3), InvalidArgumentError, "Axis must be at least -1. Found -3"),
    (lambda: _qdq("V2", -2), InvalidArgumentError, "Axis must be at least -1. Found -2"),
    (lambda: _qdq("V3", -3, num_bits=8), InvalidArgumentError,
     "Axis requested is larger than input dimensions. Axis: -3 Input Dimensions: 2"),
    (lambda: _qdq("V3", 2, num_bits=8), InvalidArgumentError,
     "Axis requested is larger than input dimensions. Axis: 2 Input Dimensions: 2"),
    (lambda: tf.raw_ops.QuantizeAndDequantizeV4Grad(
        gradients=np.ones((2, 3), np.float32), input=np.ones((2, 3), np.float32),
        input_min=np.float32(-2), input_max=np.float32(3), axis=-3),
     InvalidArgumentError, "Axis must be at least -1. Found -3"),
], ids=["broadcast-grad-args", "nms-batch", "nms-per-class", "nms-iou", "nms-total",
        "nms-third-dim", "nms-boxes", "nms-oom", "wav-oom", "wav-channels-int32",
        "wav-samples-int32", "partition-count", "split-count", "draw-batch", "qdq-v4",
        "qdq-v2", "qdq-v3-negative", "qdq-v3-past", "qdq-v4-grad"])
def test_long_campaign_findings_are_refused_as_tf(call, error, message):
    with pytest.raises(error, match=message):
        call()


@pytest.mark.parametrize("op, strides, dilations, bad", [
    ("Conv2D", (1, 2**40, 1, 1), (1, 2**40, 1, 1), "dilations"),
    ("Conv2DBackpropInput", (1, 2**40, 1, 1), (1, 2**40, 1, 1), "strides"),
    ("Conv2DBackpropFilter", (1, 2**40, 1, 1), (1, 2**40, 1, 1), "strides"),
    ("DepthwiseConv2dNative", (1, 2**40, 1, 1), (1, 2**40, 1, 1), "strides"),
    ("Conv2D", (1, 1, 1, 1), (1, 2**40, 1, 1), "dilations"),
    ("Conv2DBackpropInputV2", (1, 1, 1, 1), (1, 2**62, 1, 1), "dilations"),
])
def test_convolution_strides_and_dilations_are_int32_attrs(op, strides, dilations, bad):
    # was: an allocation past NumPy's limit (ValueError) or an OOM for a dilation of 2**62;
    # TF's kernels read both lists as int32, forward convolutions their dilations first
    x, w, g = np.ones((1, 5, 5, 2)), np.ones((3, 3, 2, 3)), np.ones((1, 5, 5, 3))
    args = {"Conv2D": dict(input=x, filter=w),
            "Conv2DBackpropInput": dict(input_sizes=x.shape, filter=w, out_backprop=g),
            "Conv2DBackpropInputV2": dict(input=x, filter=w, out_backprop=g),
            "Conv2DBackpropFilter": dict(input=x, filter_sizes=w.shape, out_backprop=g),
            "DepthwiseConv2dNative": dict(input=x, filter=w)}[op]
    value = dict(strides=strides, dilations=dilations)[bad][1]
    with pytest.raises(InvalidArgumentError,
                       match=f"Attr {bad} has value {value} out of range for an int32"):
        getattr(tf.raw_ops, op)(**args, strides=strides, padding="SAME", dilations=dilations)


def test_dequantize_and_quantize_take_any_negative_axis_as_none():
    # was: IndexError reading the shape at axis -3; TF's kernels quantize per tensor
    # for every negative axis (and count the one range against it)
    q = tf.constant(np.array([[-7, 0, 5], [100, -128, 127]], np.int8), tf.qint8)
    for axis in (-3, -2, -1):
        out = tf.raw_ops.Dequantize(input=q, min_range=np.float32(-2), max_range=np.float32(3),
                                    mode="MIN_COMBINED", axis=axis)
        np.testing.assert_allclose(out.numpy().ravel()[:2], [0.37254906, 0.509804], rtol=1e-6)
        _, lo, _ = tf.raw_ops.QuantizeV2(input=np.ones((2, 3), np.float32),
                                         min_range=np.float32(-2), max_range=np.float32(3),
                                         T=tf.qint8, mode="MIN_COMBINED", axis=axis)
        assert lo.shape == () and float(lo) == -2.0
    with pytest.raises(InvalidArgumentError, match=r"dequantization axis \(-3\), got 3, "
                                                   "expected 1"):
        tf.raw_ops.Dequantize(input=q, min_range=np.float32([-2, 1, 1]),
                              max_range=np.float32([3, 4, 5]), mode="MIN_COMBINED", axis=-3)


def _box_sample(size, stateless=True):
    kw = dict(bounding_boxes=np.array([[[0.1, 0.2, 0.6, 0.7]]], np.float32),
              aspect_ratio_range=(0.5, 2.0), area_range=(0.1, 0.5), max_attempts=7,
              use_image_if_no_bounding_boxes=False)
    if stateless:
        return tf.raw_ops.StatelessSampleDistortedBoundingBox(
            image_size=size, min_object_covered=np.float32(0.1), seed=np.array([1, 2]), **kw)
    return tf.raw_ops.SampleDistortedBoundingBoxV2(
        image_size=size, min_object_covered=np.float32(0.1), seed=11, seed2=7, **kw)


@pytest.mark.parametrize("call, error, message", [
    # was: ValueErrors of reshapes in the kernels
    (lambda: tf.raw_ops.FractionalAvgPoolGrad(
        orig_input_tensor_shape=np.array(7), out_backprop=np.ones((1, 2, 2, 2)),
        row_pooling_sequence=np.array([0, 1, 2]), col_pooling_sequence=np.array([0, 1, 2])),
     InvalidArgumentError, "original input tensor shape must be1-dimensional and 4 elements"),
    (lambda: tf.raw_ops.FractionalAvgPoolGrad(
        orig_input_tensor_shape=np.array([0, 10, 7, 2]), out_backprop=np.ones((0, 6, 4, 2)),
        row_pooling_sequence=np.array([0, 1, 3, 5, 7, 9, 10]),
        col_pooling_sequence=np.array([0, 2, 4, 5, 7])),
     InvalidArgumentError, "out_backprop must be positive for all dimension, got:0"),
    (lambda: tf.raw_ops.FractionalMaxPoolGrad(
        orig_input=np.zeros((0, 10, 7, 2)), orig_output=np.ones((2, 6, 4, 2)),
        out_backprop=np.ones((2, 6, 4, 2)), row_pooling_sequence=np.array([0, 1, 3, 5, 7, 9, 10]),
        col_pooling_sequence=np.array([0, 2, 4, 5, 7])),
     InvalidArgumentError, r"orig_input must not be empty, got Tensor<type: double shape: "
                           r"\[0,10,7,2\] values: >"),
    (lambda: tf.raw_ops.ResourceGather(resource=tf.Variable(np.ones((4, 3))).handle,
                                       indices=np.zeros((4, 1), np.int32), dtype=tf.float64,
                                       batch_dims=-1),
     InvalidArgumentError, r"batch_dims is negative \(-1\)"),
    # (TF's kernel aborts the process on these two: GatherV2's words)
    (lambda: tf.raw_ops.ResourceGather(resource=tf.Variable(np.ones((0, 3))).handle,
                                       indices=np.zeros((4, 1), np.int32), dtype=tf.float64,
                                       batch_dims=1),
     InvalidArgumentError, r"params.shape\[0\]: 0 should be equal to indices.shape\[0\]: 4"),
    (lambda: tf.raw_ops.ResourceScatterNdUpdate(
        ref=tf.Variable(np.ones((4, 3))).handle, indices=np.zeros((2, 0), np.int32),
        updates=np.ones((2, 4, 3))),
     InvalidArgumentError, r"Indices and updates specified for empty output.  indices shape: "
                           r"\[2,0\]"),
    (lambda: tf.raw_ops.ResourceSparseApplyAdagrad(
        var=tf.Variable(np.ones(3)).handle, accum=tf.Variable(np.ones(3)).handle,
        lr=np.float64(0.1), grad=np.ones((2, 3)), indices=np.array([2, 1])),
     InvalidArgumentError, "grad must have the same number of dimensions as var"),
    (lambda: tf.raw_ops.ResourceSparseApplyProximalGradientDescent(
        var=tf.Variable(np.ones(3)).handle, alpha=np.float64(0.1), l1=np.float64(0.05),
        l2=np.float64(0.02), grad=np.ones((2, 3)), indices=np.array([2, 4])),
     InvalidArgumentError, "Index 4 at offset 1 in indices is out of range"),
    # was: a hang (a rejection sampler over 2**63 values) and a raw OverflowError
    (lambda: _box_sample(np.array([2**63 - 1, 2**63 - 1, 0])), InvalidArgumentError,
     "image height cannot be >= int32 max"),
    (lambda: _box_sample(np.array([-5, 6, 3]), stateless=False), InvalidArgumentError,
     "image height cannot be >= int32 max"),
    (lambda: _box_sample(np.array([5, 2**31 - 1, 3])), InvalidArgumentError,
     "image width cannot be >= int32 max"),
    (lambda: bind(REGISTRY["_AdamAlpha"], (_t(np.float64(0.1)), _t(np.int64(1))),
                  {"beta_1": np.array([1, 2]), "beta_2": 0.999}),
     TypeError, "Expected float for argument 'beta_1' not"),
], ids=["avg-grad-shape", "avg-grad-empty", "max-grad-empty", "gather-negative-batch",
        "gather-batch", "scatter-nd-no-coordinates", "adagrad-grad-rank", "proximal-gd-flat",
        "box-int32-max", "box-negative", "box-width", "adam-alpha-betas"])
def test_long_campaign_findings_of_kernels_are_refused_as_tf(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_long_campaign_findings_compute_what_tf_computes():
    # ResourceGatherNd of index vectors with no coordinates: whole copies (was: ValueError)
    v = tf.Variable(np.arange(12.0).reshape(4, 3))
    out = tf.raw_ops.ResourceGatherNd(resource=v.handle, indices=np.zeros((3, 0), np.int32),
                                      dtype=tf.float64)
    np.testing.assert_array_equal(out.numpy(), np.broadcast_to(v.numpy(), (3, 4, 3)))
    # a 1-D variable's sparse update reads the gradient's first values (TF 2.21's numbers)
    v = tf.Variable(np.array([0.37, -0.39, 1.92]))
    tf.raw_ops.ResourceSparseApplyProximalGradientDescent(
        var=v.handle, alpha=np.float64(0.1), l1=np.float64(0.05), l2=np.float64(0.02),
        grad=np.array([[-1.0, -0.55, -0.1], [0.35, 0.8, 1.25]]), indices=np.array([2, 1]))
    np.testing.assert_allclose(v.numpy(), [0.37, -0.32934132, 2.01097804], rtol=1e-7)
    v = tf.Variable(np.array([0.37, -0.39, 1.92]))  # a gradient of no values: TF's zeros
    tf.raw_ops.ResourceSparseApplyProximalGradientDescent(
        var=v.handle, alpha=np.float64(0.1), l1=np.float64(0.05), l2=np.float64(0.02),
        grad=np.zeros((2, 0)), indices=np.array([2, 1]))
    np.testing.assert_allclose(v.numpy(), [0.37, -0.38423154, 1.91117764], rtol=1e-7)
    # a binomial count past 1e154 (its square is inf in TF's doubles; was: OverflowError)
    draws = tf.raw_ops.StatelessRandomBinomial(
        shape=[3, 2, 1], seed=np.array([5, 42]), counts=np.float64(1e300),
        probs=np.array([[0.01], [0.6]]), dtype=tf.float64).numpy().ravel()
    np.testing.assert_allclose(draws, [1e298, 6e299] * 3, rtol=1e-15)
    # an image of no rows: TF's box divides by 0; an unsigned size's -1 wraps
    begin, size, box = _box_sample(np.array([0, 6, 3]))
    assert size.numpy().tolist() == [0, 6, -1] and np.isnan(box.numpy()[0, 0, 0])
    assert _box_sample(np.array([8, 6, 5], np.uint8))[1].numpy().tolist() == [3, 3, 255]
    # no rows of a ragged tensor's fill: TF's [0, 1] matrix of ids (was: infer's (None,))
    rows = tf.raw_ops.RaggedFillEmptyRows(
        value_rowids=np.array([], np.int64), values=np.array([], np.float32),
        nrows=np.array(0, np.int64), default_value=np.float32(7))[0]
    assert rows.shape == (0, 1)
    # ExtractGlimpseV2's noise of an empty image is NaN; "" picks by uniform_noise
    out = tf.raw_ops.ExtractGlimpseV2(
        input=np.zeros((2, 0, 7, 2), np.float32), size=[3, 3],
        offsets=np.array([[0.1, 0.2], [-0.9, 0.9]], np.float32), centered=True,
        normalized=True, uniform_noise=False, noise="uniform")
    assert np.isnan(out.numpy()).all()
    image = np.full((1, 4, 4, 1), 5.5, np.float32)
    for uniform in (True, False):
        out = tf.raw_ops.ExtractGlimpseV2(
            input=image, size=[3, 3], offsets=np.array([[0.9, 0.9]], np.float32),
            centered=True, normalized=True, uniform_noise=uniform, noise="").numpy()
        assert not (out == 0).any()  # noise, not zeros, past the image's edge


def test_gather_grad_counts_a_negative_batch_dims_from_the_indices_rank():
    # was: ValueError of a reshape; GatherV2's kernel reads batch_dims -1 of 1-D indices as 0
    g, idx, like = _t(np.arange(9.0).reshape(3, 3)), _t(np.array([4, 0, 4], np.int32)), \
        _t(np.zeros((5, 3)))
    sums = [bind(REGISTRY["GatherV2Grad"], (g, idx, like), {"axis": 0, "batch_dims": b})
            for b in (-1, 0)]
    np.testing.assert_array_equal(sums[0].numpy(), sums[1].numpy())
    assert sums[0].numpy()[4].tolist() == [6.0, 8.0, 10.0]


@pytest.mark.parametrize("kwargs, error, message", [
    # TF's Python takes int() of each dilation first: its own errors for inf, NaN, strings
    ({"dilations": float("inf")}, OverflowError, "cannot convert float infinity to integer"),
    ({"dilations": [float("inf"), 1]}, OverflowError, "cannot convert float infinity"),
    ({"dilations": np.nan}, ValueError, "cannot convert float NaN to integer"),
    ({"dilations": "a"}, ValueError, r"invalid literal for int\(\) with base 10: 'a'"),
    ({"dilations": [0, []]}, ValueError, "setting an array element with a sequence"),
    # a tensor for the format: the TypeError of its hash, as TF's set lookup (was:
    # AttributeError of .startswith)
    ({"dilations": 2, "data_format": tf.constant("NHWC")}, TypeError, "Tensor is unhashable"),
])
def test_convolution_reads_dilations_and_format_as_tf(kwargs, error, message):
    x, w = np.ones((1, 5, 5, 2), np.float32), np.ones((2, 2, 2, 3), np.float32)
    with pytest.raises(error, match=message):
        tf.nn.convolution(x, w, **kwargs)


def test_reverse_of_one_axis_number_is_refused_as_tf():
    # was: TypeError of iterating an int (the raw op's axis attr)
    x = np.arange(6).reshape(2, 3)
    with pytest.raises(InvalidArgumentError, match="'dims' must be 1-dimension, not 0"):
        tf.raw_ops.ReverseV2(tensor=x, axis=1)
    assert tf.raw_ops.ReverseV2(tensor=x, axis=[1]).numpy().tolist() == [[2, 1, 0], [5, 4, 3]]


@pytest.mark.parametrize("select_cols, defaults, message", [
    # TF's kernel's checks, when it runs (was: an IndexError for (-1, -3), and (1, 0) ran)
    ((-1, -3), 2, "select_cols should be strictly increasing indices"),
    ((1, 0), 2, "select_cols should be strictly increasing indices"),
    ((0, 0), 2, "select_cols should be strictly increasing indices"),
    ((-1,), 1, "select_cols should be non-negative indices"),
    ((0,), 2, "select_cols should match output size"),
    # TF counts the selected columns a record has
    ((5,), 1, "Expect 1 fields but have 0 in record 0"),
    ((0, 5), 2, "Expect 2 fields but have 1 in record 0"),
])
def test_decode_csv_select_cols_are_checked_as_tfs_kernel(select_cols, defaults, message):
    records = np.array([b"1,2", b"3,4"], object)
    call = lambda: tf.raw_ops.DecodeCSV(  # noqa: E731
        records=records, record_defaults=[np.array([1.5])] * defaults, select_cols=select_cols)
    with pytest.raises(InvalidArgumentError, match=re.escape(message)):
        call()
    with pytest.raises(InvalidArgumentError, match=re.escape(message)):
        tf.function(call)()  # (in a graph too, when it runs)


@pytest.mark.parametrize("index, max_index, message", [
    # was: a walk that never ended (an index past the cipher's range never lands in it)
    ([2**63 - 1, 1, 0], 2**40, "max_index must be >= index, but 1099511627776 < "
                               "9223372036854775807"),
    ([3, 1, 0], [2, 5, 5], "max_index must be >= index, but 2 < 3"),
    ([-1, 1, 0], 2**40, "index must be >= 0 but was -1"),
    ([3, 1, 0], -1, "max_index must be >= 0 but was -1"),
])
def test_random_index_shuffle_checks_its_indices_first(index, max_index, message):
    with pytest.raises(InvalidArgumentError, match=re.escape(message)):
        tf.raw_ops.RandomIndexShuffle(index=np.array(index), seed=np.array([4, 5, 6]),
                                      max_index=np.array(max_index, np.int64), rounds=4)
    out = tf.raw_ops.RandomIndexShuffle(index=np.array([5, 1, 0]), seed=np.array([4, 5, 6]),
                                        max_index=np.int64(2**40), rounds=4)
    assert out.numpy().tolist() == [291895777, 23461797, 90570420]  # TF 2.21's


def test_random_index_shuffle_refuses_rounds_its_cipher_cannot_pair():
    """TF 2.21 does not check `rounds`: below 4 or odd, its cipher reads a round key past
    its schedule, and the same call gave other values from run to run in probes (rounds=1:
    [4, 6, 8, 5, 2], then [8, 2, 0, 1, 3]; rounds=3 three values, and once no output at
    all). eagerflow refuses those; even rounds from 4 give TF's values (recorded)."""
    call = lambda rounds: tf.raw_ops.RandomIndexShuffle(  # noqa: E731
        index=np.array([0, 1, 2, 5, 9], np.int64), seed=np.array([1, 2, 3], np.int64),
        max_index=np.int64(9), rounds=rounds)
    for rounds in (0, 1, 2, 3, 5, 7):
        with pytest.raises(InvalidArgumentError,
                           match=f"rounds must be an even integer >= 4, got {rounds}"):
            call(rounds)
    got = {rounds: call(rounds).numpy().tolist() for rounds in (4, 6, 8)}
    assert got == {4: [2, 0, 6, 1, 3], 6: [1, 6, 3, 5, 4], 8: [6, 9, 4, 2, 8]}


def test_thread_unsafe_unigram_sampler_is_tfs_learned_sampler_by_another_name():
    # TF 2.21's draws for these seeds (both ops give the same), and its own refusal
    tc = np.array([[1, 2], [3, 4]], np.int64)
    kw = dict(true_classes=tc, num_true=2, num_sampled=5, unique=True, range_max=10, seed=3,
              seed2=4)
    out = tf.raw_ops.ThreadUnsafeUnigramCandidateSampler(**kw)
    assert type(out).__name__ == "ThreadUnsafeUnigramCandidateSampler"
    assert out.sampled_candidates.numpy().tolist() == [1, 0, 4, 9, 3]
    np.testing.assert_allclose(out.true_expected_count.numpy(), 0.5217031240463257)
    kw["unique"] = False
    out = tf.raw_ops.ThreadUnsafeUnigramCandidateSampler(**kw)
    assert out.sampled_candidates.numpy().tolist() == [1, 0, 1, 4, 9]
    with pytest.raises(InvalidArgumentError, match="true_classes must have num_true columns, "
                                                   "expected: 2 was: 3"):
        tf.raw_ops.ThreadUnsafeUnigramCandidateSampler(**dict(kw, num_true=3))


def test_first_versions_of_the_box_ops_are_tfs():
    # DrawBoundingBoxes: V2 with TF's default colours; its errors as TF 2.21's eager ones
    images = np.random.RandomState(0).rand(2, 5, 6, 3).astype(np.float32)
    boxes = np.array([[[0.1, 0.2, 0.7, 0.9], [0.0, 0.0, 1.0, 1.0]],
                      [[0.7, 0.2, 0.1, 0.9], [0.2, 0.2, 0.2, 0.2]]], np.float32)
    v1 = tf.raw_ops.DrawBoundingBoxes(images=images, boxes=boxes).numpy()
    v2 = tf.raw_ops.DrawBoundingBoxesV2(images=images, boxes=boxes,
                                        colors=np.zeros((0, 4), np.float32)).numpy()
    np.testing.assert_array_equal(v1, v2)
    assert float(v1.sum()) == pytest.approx(84.23822021484375, rel=1e-7)
    for op, extra in (("DrawBoundingBoxes", {}),
                      ("DrawBoundingBoxesV2", {"colors": np.ones((2, 4), np.float32)})):
        with pytest.raises(InvalidArgumentError, match="The rank of the boxes tensor should be 3"):
            getattr(tf.raw_ops, op)(images=images, boxes=boxes[0], **extra)
        with pytest.raises(InvalidArgumentError, match="The size of the third dimension of the "
                                                       "box must be 4. Received: 5"):
            getattr(tf.raw_ops, op)(images=images, boxes=np.ones((2, 2, 5), np.float32),
                                    **extra)
    # TF's default colours draw white on a one-channel image (V1, and V2 given none)
    grey = np.full((1, 5, 6, 1), 0.5, np.float32)
    three = np.array([[[0, 0, 1, 1], [0.2, 0.2, 0.8, 0.8], [0.4, 0.4, 0.6, 0.6]]], np.float32)
    assert (tf.raw_ops.DrawBoundingBoxes(images=grey, boxes=three).numpy() == 1).all()
    assert (tf.image.draw_bounding_boxes(grey, three, None).numpy() == 1).all()
    # SampleDistortedBoundingBox: V2 with min_object_covered an attr; TF 2.21's boxes, from
    # a fresh kernel's stream (an earlier call with these seeds in this process, as the
    # differential test's, moves it on, as TF's cached kernel's)
    from eagerflow._src.ops.random import clear_kernel_cache

    clear_kernel_cache()
    kw = dict(image_size=np.array([40, 50, 3], np.int32),
              bounding_boxes=np.array([[[0.1, 0.2, 0.6, 0.7]]], np.float32),
              aspect_ratio_range=(0.5, 2.0), area_range=(0.1, 0.5), max_attempts=7, seed=11,
              seed2=7)
    begin, size, box = tf.raw_ops.SampleDistortedBoundingBox(min_object_covered=0.3, **kw)
    assert begin.numpy().tolist() == [10, 2, 0] and size.numpy().tolist() == [16, 30, -1]
    np.testing.assert_array_equal(box.numpy(), np.float32([[[0.25, 0.04, 0.65, 0.64]]]))
    with pytest.raises(InvalidArgumentError, match="Min object covered must be non-negative: "
                                                   "-0.3"):
        tf.raw_ops.SampleDistortedBoundingBox(min_object_covered=-0.3, **kw)


# -- a second long campaign (seed 20261127, 400 op targets): its findings ----------------

_TC = np.array([[1, 2], [3, 4], [0, 7]])


@pytest.mark.parametrize("call, error, message", [
    # was: a Slice of negative size other than -1 accepted, its shape negative
    (lambda: tf.raw_ops.Slice(input=np.ones((4, 5), bool), begin=np.array([1, 2], np.int32),
                              size=np.array([3, -2], np.int32)),
     InvalidArgumentError, r"Expected size\[1\] in \[0, 3\], but got -2"),
    # was: a hang (2**31 draws) and a hang or a refused allocation for these sizes
    (lambda: tf.raw_ops.UniformCandidateSampler(true_classes=_TC, num_true=2,
                                                num_sampled=2**31, unique=False, range_max=10),
     InvalidArgumentError, "Attr num_sampled has value 2147483648 out of range for an int32"),
    (lambda: tf.raw_ops.UniformCandidateSampler(true_classes=_TC, num_true=2**31,
                                                num_sampled=3, unique=False, range_max=10),
     InvalidArgumentError, "Attr num_true has value 2147483648 out of range for an int32"),
    # (TF's kernel aborts the process on this one)
    (lambda: tf.raw_ops.LearnedUnigramCandidateSampler(
        true_classes=_TC, num_true=2, num_sampled=5, unique=False, range_max=2**40),
     InvalidArgumentError, "range_max must be less than 2147483647, got 1099511627776"),
    (lambda: tf.raw_ops.SerializeManySparse(
        sparse_indices=np.array([[0, 1], [2, 0], [2, 3]]),
        sparse_values=np.array([1.5, -2, 3], np.float32),
        sparse_shape=np.array([2**63 - 1, 2**63 - 1])),
     InvalidArgumentError, "Encountered overflow when multiplying 9223372036854775807 with "
                           "9223372036854775807, result: -1"),
    (lambda: tf.raw_ops.SerializeManySparse(
        sparse_indices=np.array([[0, 1], [2, 0], [2, 3]]),
        sparse_values=np.array([1.5, -2, 3], np.float32), sparse_shape=np.array([2**40, 5])),
     ResourceExhaustedError, r"OOM when allocating tensor with shape\[1099511627776,3\] and "
                             "type string"),
    # internal calls' mistakes: an attr past int32, a count of runtime bounds
    (lambda: bind(REGISTRY["NonMaxSuppressionV5"], (
        _t(np.ones((6, 4), np.float32)), _t(np.ones(6, np.float32))),
        {"max_output_size": 2**64 + 3, "iou_threshold": 0.5, "score_threshold": 0.65,
         "soft_nms_sigma": 0.0, "pad_to_max_output_size": True}),
     InvalidArgumentError, "Attr max_output_size has value 18446744073709551619 out of range"),
    (lambda: bind(REGISTRY["MatrixBandPart"], (_t(np.ones((3, 4))), _t(np.int64(-1))),
                  {"num_lower": None, "num_upper": None}),
     TypeError, r"MatrixBandPart takes 3 inputs \(input, num_lower, num_upper\), got 2"),
    (lambda: bind(REGISTRY["FixedUnigramCandidateSampler"], (_t(_TC),),
                  {"num_true": 2, "num_sampled": np.float64(2.5), "unique": False,
                   "range_max": 10, "seed": 3, "seed2": 7, "node": 0, "vocab_file": "",
                   "distortion": 1.0, "num_reserved_ids": 0, "num_shards": 1, "shard": 0,
                   "unigrams": (1.0,) * 10}),
     TypeError, "Expected int for argument 'num_sampled' not"),
], ids=["slice-negative-size", "sampler-num-sampled", "sampler-num-true", "learned-range",
        "serialize-many-overflow", "serialize-many-oom", "nms-v5-int32", "band-part-inputs",
        "fixed-sampler-float"])
def test_second_campaign_findings_are_refused_as_tf(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_second_campaign_findings_compute_quietly_as_tf():
    import ml_dtypes

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # (was: NumPy's RuntimeWarnings out of the kernels)
        big = np.array([[-1.79769313e308, 1.79769313e308], [-1.79769313e308, -0.0]])
        e, v = tf.raw_ops.Eig(input=big, compute_v=True, Tout=tf.complex128)  # TF 2.21's
        np.testing.assert_allclose(e.numpy(), [-8.98846565e307 + 1.55684792e308j,
                                               -8.98846565e307 - 1.55684792e308j], rtol=1e-8)
        np.testing.assert_array_equal(v.numpy(), [[0, 0], [1j, -1j]])
        _, default = bind(REGISTRY["RaggedFillEmptyRowsGrad"], (
            _t(np.array([0, 2, 3])), _t(np.array([1.8e308, -np.inf, -1.8e308, -1.0, np.inf]))),
            {})
        assert np.isnan(default.numpy())
    # bfloat16 dilation (was: NumPy's iinfo of ml_dtypes' type); TF 2.21's sum
    x = (np.arange(80).reshape(2, 5, 4, 2) % 7 / 4.0).astype(ml_dtypes.bfloat16)
    w = (np.arange(8).reshape(2, 2, 2) / 8.0).astype(ml_dtypes.bfloat16)
    out = tf.raw_ops.Dilation2D(input=x, filter=w, strides=[1, 1, 1, 1], rates=[1, 1, 1, 1],
                                padding="SAME")
    assert out.dtype == tf.bfloat16 and float(tf.reduce_sum(tf.cast(out, tf.float32))) == 131.75
    # DecodeCSV's delimiter given as bytes (was: AttributeError of bytes.encode)
    out = bind(REGISTRY["DecodeCSV"], (_t(np.array([b"1;2"], object)), _t(np.array([1.5])),
                                       _t(np.array([0]))),
               {"field_delim": b";", "use_quote_delim": True, "na_value": "NA",
                "select_cols": ()})
    assert [t.numpy().tolist() for t in out] == [[1.0], [2]]


def test_second_campaign_empty_inputs_are_tfs():
    # a half-precision product over an empty axis: ones (was: a reshape of no rows)
    assert tf.reduce_prod(tf.zeros((0, 0), tf.bfloat16), axis=1).shape == (0,)
    assert tf.reduce_prod(tf.zeros((3, 0), tf.bfloat16), axis=1).numpy().tolist() == [1, 1, 1]
    # CTC of no time steps: TF's refusal (was: IndexError of the kernel)
    with pytest.raises(InvalidArgumentError, match="Max time or first dimension of input "
                                                   "cannot be 0."):
        tf.raw_ops.CTCLoss(inputs=np.zeros((0, 3, 3)), labels_indices=np.array([[0, 0]]),
                           labels_values=np.array([0], np.int32),
                           sequence_length=np.array([0, 0, 0], np.int32))


@pytest.mark.parametrize("call, error, message", [
    # TF's image functions refuse a known height, width or depth of 0 first (was: ran)
    (lambda: tf.image.flip_left_right(tf.zeros((0, 0, 0))), ValueError,
     r"inner 3 dims of 'image.shape' must be > 0: \(0, 0, 0\)"),
    (lambda: tf.image.rot90(tf.zeros((0, 0, 0), tf.bool), k=tf.constant(-np.inf, tf.float16)),
     ValueError, r"inner 3 dims of 'image.shape' must be > 0: \(0, 0, 0\)"),
    (lambda: tf.image.per_image_standardization(tf.zeros((2, 0, 3))), ValueError,
     r"inner 3 dims of 'image.shape' must be > 0: \(2, 0, 3\)"),
    (lambda: tf.image.central_crop(tf.zeros((2, 0, 3)), 0.5), ValueError,
     r"inner 3 dims of 'image.shape' must be > 0: \(2, 0, 3\)"),
    # (the bounding-box functions make a batch of one first, and show it)
    (lambda: tf.image.pad_to_bounding_box(tf.zeros((2, 0, 3)), 0, 0, 3, 3), ValueError,
     r"inner 3 dims of 'image.shape' must be > 0: \(1, 2, 0, 3\)"),
    (lambda: tf.image.crop_to_bounding_box(tf.zeros((1, 2, 2, 0)), 0, 0, 1, 1), ValueError,
     r"inner 3 dims of 'image.shape' must be > 0: \(1, 2, 2, 0\)"),
    # crop_and_resize's crop size is an int32 input (was: int() of an inf)
    (lambda: tf.image.crop_and_resize(0, tf.constant(0.377), True,
                                      tf.constant(-np.inf, tf.float16)),
     InvalidArgumentError, r"cannot compute CropAndResize as input #3\(zero-based\) was "
                           "expected to be a int32 tensor but is a half tensor"),
    # a scan's list of axes is converted as TF converts it (was: NumPy's ragged error)
    (lambda: tf.cumsum(tf.constant([1.0, 2.0]), axis=[0, []]), ValueError,
     "Can't convert Python sequence with mixed types to Tensor."),
], ids=["flip-empty", "rot90-empty-first", "standardize", "central-crop", "pad-box",
        "crop-box", "crop-and-resize-size", "cumsum-ragged-axes"])
def test_api_campaign_findings_are_refused_as_tf(call, error, message):
    with pytest.raises(error, match=message):
        call()
    # central_crop returns the image for a fraction of 1 before it looks at it, as TF
    assert tf.image.central_crop(tf.zeros((2, 0, 3)), 1.0).shape == (2, 0, 3)
    assert tf.image.central_crop(tf.zeros((2, 2)), 1.0).shape == (2, 2)


def test_long_differential_findings_of_the_new_raw_ops():
    # was: the first Reverse of an empty first dim reversed nothing (TF's kernel refuses
    # it), and FusedBatchNorm's inference of an empty batch handed back the given statistics
    # (TF 2.21: NaN statistics and zero reserve spaces, as in training)
    for shape, dims in (((0, 3), [False, True]), ((0,), [False])):
        with pytest.raises(InvalidArgumentError, match="Invalid input first dimension. Found 0."):
            tf.raw_ops.Reverse(tensor=np.zeros(shape), dims=dims)
    assert tf.raw_ops.Reverse(tensor=np.zeros((2, 0)), dims=[True, False]).shape == (2, 0)
    s = np.ones(3, np.float32)
    for op in (tf.raw_ops.FusedBatchNorm, tf.raw_ops.FusedBatchNormV3):
        out = op(x=np.zeros((0, 2, 2, 3), np.float32), scale=s, offset=s, mean=s * 0.5,
                 variance=s, is_training=False)
        assert np.isnan(out[1].numpy()).all() and np.isnan(out[2].numpy()).all()
        assert (out[3].numpy() == 0).all() and (out[4].numpy() == 0).all()


def test_sparse_counts_and_matmul_refuse_what_tf_aborts_on():
    # the count ops' int64 attrs: past int64 TF's wrapper's OverflowError; a huge size only
    # sizes the dense shape (nothing is allocated for it)
    with pytest.raises(OverflowError, match="int too big to convert"):
        tf.raw_ops.DenseCountSparseOutput(values=[1], weights=tf.zeros([0]),
                                          binary_output=False, maxlength=2**70)
    out = tf.raw_ops.DenseCountSparseOutput(values=[1], weights=tf.zeros([0]),
                                            binary_output=False, maxlength=2**62)
    assert out[2].numpy().tolist() == [2**62]
    # (TF's kernels abort the process on these)
    with pytest.raises(InvalidArgumentError, match="Expected shape dimensions to be "
                                                   "non-negative, got -1"):
        tf.raw_ops.SparseTensorDenseMatMul(a_indices=np.zeros((0, 2), np.int64),
                                           a_values=tf.zeros([0]), a_shape=[-1, 2],
                                           b=tf.ones([2, 2]))
    with pytest.raises(InvalidArgumentError):
        tf.raw_ops.SparseBincount(indices=np.zeros((0, 0), np.int64),
                                  values=tf.zeros([0], tf.int32),
                                  dense_shape=np.zeros(0, np.int64), size=5,
                                  weights=tf.zeros([0]), binary_output=False)
    with pytest.raises(InvalidArgumentError, match="OUTPUT_RAGGED_RANK"):
        tf.raw_ops.RaggedGather(params_nested_splits=[[0, 2]], params_dense_values=[1, 2],
                                indices=[0], OUTPUT_RAGGED_RANK=2)


# -- fuzz campaign on the stand-in GPU (fuzz_gpu2): public functions --------------------
# Expectations recorded from TF 2.21 (/work/tfref) for the same calls.

_BOXES, _SCORES = tf.ones([1, 2, 1, 4]), tf.ones([1, 2, 1])


_OLD_ML_DTYPES = ml_dtypes_before_0_7()


@pytest.mark.parametrize("axis,cls,match", [
    # a bfloat16 scalar's int() was INT64_MIN before ml_dtypes 0.7 (a NumPy scalar's C
    # cast), in TF as here; since, it raises as a Python float's int() does
    (tf.constant(-np.inf, tf.bfloat16), *(
        (InvalidArgumentError, r"slice index -9223372036854775807 of dimension 0 out of "
                               r"bounds\. \[Op:StridedSlice\]") if _OLD_ML_DTYPES else
        (OverflowError, "^cannot convert float infinity to integer$"))),
    (tf.constant(np.nan, tf.bfloat16), *(
        (InvalidArgumentError, "slice index -9223372036854775807") if _OLD_ML_DTYPES else
        (ValueError, "^cannot convert float NaN to integer$"))),
    (tf.constant(np.inf, tf.float16), OverflowError, "cannot convert float infinity"),
    (-5, InvalidArgumentError, r"slice index -4 of dimension 0 out of bounds"),
    (2**63 - 1, ValueError, "Can't convert Python sequence with out-of-range integer"),
], ids=["bf16-inf", "bf16-nan", "f16-inf", "neg", "int64-max"])
def test_sort_axis_out_of_range_as_tf(axis, cls, match):
    # was: OverflowError from int() of a 0-d bfloat16 array; the index TF names
    for fn in (tf.sort, tf.argsort):
        with pytest.raises(cls, match=match):
            fn([3, 1, 2], axis=axis)


def test_argsort_converts_the_axis_before_the_values():
    # (before ml_dtypes 0.7 the axis converted, and the values were refused)
    cls, match = ((ValueError, r"Attempt to convert a value \(None\)") if _OLD_ML_DTYPES
                  else (OverflowError, "cannot convert float infinity to integer"))
    with pytest.raises(cls, match=match):
        tf.argsort(None, axis=tf.constant(-np.inf, tf.bfloat16))


@pytest.mark.parametrize("kw,cls,match", [
    ({"iou_threshold": TRUE}, ValueError,
     "iou_threshold: Tensor conversion requested dtype float32 for Tensor with dtype bool"),
    ({"max_total_size": tf.constant(np.inf, tf.float16)}, InvalidArgumentError,
     r"^cannot compute CombinedNonMaxSuppression as input #3\(zero-based\) was expected to be "
     r"a int32 tensor but is a half tensor \[Op:CombinedNonMaxSuppression\] name: $"),
    ({"max_total_size": 2.5}, InvalidArgumentError, "input #3.* but is a float tensor"),
    ({"max_output_size_per_class": 2.5}, TypeError, "Cannot convert 2.5 to EagerTensor of "
                                                    "dtype int32"),
    ({"max_output_size_per_class": tf.constant(3, tf.int64)}, InvalidArgumentError,
     "input #2.* but is a int64 tensor"),
    ({"max_output_size_per_class": [1, 2]}, InvalidArgumentError,
     r"max_size_per_class must be 0-D, got shape \[2\] \[Op:CombinedNonMaxSuppression\]$"),
    ({"max_total_size": [1, 2]}, InvalidArgumentError,
     r"max_total_size must be 0-D, got shape \[2\] \[Op:CombinedNonMaxSuppression\] name: $"),
    ({"clip_boxes": "a", "max_output_size_per_class": 2.5}, TypeError,
     "Expected bool for argument 'clip_boxes' not 'a'."),
    ({"pad_per_class": TRUE}, TypeError, "Expected bool for argument 'pad_per_class'"),
], ids=["iou", "total-f16", "total-float", "per-class-float", "per-class-int64",
        "per-class-vector", "total-vector", "clip-str", "pad-tensor"])
def test_combined_nms_converts_its_arguments_as_tf(kw, cls, match):
    # was: OverflowError from int(max_total_size); thresholds and flags taken by float()/bool()
    args = {"max_output_size_per_class": 2, "max_total_size": 2, **kw}
    with pytest.raises(cls, match=match):
        tf.image.combined_non_max_suppression(_BOXES, _SCORES, **args)


def test_ssim_multiscale_of_no_power_factors():
    # TF 2.21's own IndexError (it pops the last scale's term off an empty list)
    x = tf.ones([1, 16, 16, 1])
    with pytest.raises(IndexError, match="pop from empty list"):
        tf.image.ssim_multiscale(x, x, 1.0, power_factors=(), filter_size=3)


# -- fuzz campaign on the stand-in GPU (fuzz_gpu2): registered ops ----------------------

def test_a_refused_call_keeps_a_bfloat16_variable_holding_nan():
    # was: the fuzz's state check called such a variable changed (bfloat16's dtype kind is
    # 'V', outside array_equal's equal_nan); the op did leave it be
    var = np.array([[np.nan, 1.0], [2.0, -np.inf]], ml_dtypes.bfloat16)
    acc = np.ones((2, 2))
    inputs = [Resource(var), Resource(acc), Resource(acc), np.array(0.1), np.array(0.9),
              np.array(1e-6), np.ones((1, 2)), np.array([1], np.int32)]
    attrs = {"T": dt.float64, "Tindices": dt.int32, "use_locking": False}
    op = REGISTRY["ResourceSparseApplyAdadelta"]
    assert check_op_case(op, inputs, attrs, True) == "InvalidArgumentError"
    with pytest.raises(InvalidArgumentError, match="Trying to read variable with wrong dtype. "
                                                   "Expected bfloat16 got double"):
        v = tf.Variable(var)
        a1, a2 = tf.Variable(acc), tf.Variable(acc)
        bind(op, (v.handle, a1.handle, a2.handle) + tuple(_t(a) for a in inputs[3:]), attrs)
    np.testing.assert_array_equal(v.numpy().astype(np.float32), var.astype(np.float32))


@pytest.mark.parametrize("name", ["UniformQuantizedAdd", "UniformQuantizedDot",
                                  "UniformQuantizedConvolution"])
@pytest.mark.parametrize("change", ["one missing", "one more"])
def test_uniform_quantized_ops_count_their_inputs(name, change):
    # was: IndexError (params[k], the OpDef's inputArg[i]) or the kernel's missing argument;
    # TF's wrappers refuse a missing argument with a TypeError too
    op = REGISTRY[name]
    inputs = [_tensor(np.asarray(a)) for a in op.samples[0].inputs]
    inputs = inputs[:-1] if change == "one missing" else inputs + inputs[:1]
    with pytest.raises(TypeError, match=rf"{name} takes \d+ inputs \(lhs, rhs, .*\), got "
                                        rf"{len(inputs)}"):
        bind(op, tuple(inputs), dict(op.samples[0].attrs))


_QX = np.array([[-1073741824, 5000, 1048576], [7, -1, 123456789]])


@pytest.mark.parametrize("lo,hi,olo,ohi,want", [
    # recorded from TF 2.21: its int64 casts of NaN/inf give INT64_MIN, not an error
    (3.4028235e+38, 8.0, -2.0, 2.0, [[0, 0, 0], [255, 255, 0]]),
    (np.inf, 8.0, -2.0, 2.0, [[0, 0, 0], [255, 255, 0]]),
    (np.nan, 8.0, -2.0, 2.0, [[0, 0, 0], [255, 255, 0]]),
    (-1.0, 8.0, -2.0, np.inf, [[0, 0, 0], [0, 0, 0]]),
    (-1.0, 8.0, -2.0, 2.0, [[207, 255, 255], [255, 255, 255]]),
])
def test_requantize_of_a_non_finite_range(lo, hi, olo, ohi, want):
    # was: OverflowError/ValueError from int() of inf/NaN
    x = tf.constant(_QX, dtype=tf.qint32)
    out = tf.raw_ops.Requantize(input=x, input_min=lo, input_max=hi, requested_output_min=olo,
                                requested_output_max=ohi, out_type=tf.quint8)
    assert tf.cast(out[0], tf.int32).numpy().tolist() == want


@pytest.mark.parametrize("lo,hi,want,out_hi", [
    (np.nan, 8.0, [[0] * 3] * 2, np.nan),
    (np.inf, 8.0, [[0] * 3] * 2, np.nan),
    (3.4028235e+38, 8.0, [[255] * 3] * 2, 1.6035992e+38),
])
def test_quantize_down_and_shrink_range_of_a_non_finite_range(lo, hi, want, out_hi):
    x = tf.constant(_QX, dtype=tf.qint32)
    out = tf.raw_ops.QuantizeDownAndShrinkRange(input=x, input_min=lo, input_max=hi,
                                                out_type=tf.quint8)
    assert tf.cast(out[0], tf.int32).numpy().tolist() == want
    np.testing.assert_allclose(out[2].numpy(), out_hi, rtol=1e-6)


# (a WAV file of no frames: its header alone)
_NO_FRAMES = (b"RIFF$\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x01\x00@\x1f\x00\x00\x80>"
              b"\x00\x00\x02\x00\x10\x00data\x00\x00\x00\x00")


@pytest.mark.parametrize("gpu", [False, True], ids=["cpu", "standin-gpu"])
def test_empty_results_of_huge_dims_allocate_nothing(gpu):
    # was: NumPy's 16-48 GiB temporaries (an index of 2**31 - 1 channels; tile's copies
    # along the axis before the one of 0); TF 2.21 gives these empty tensors
    with DEV.standin_gpus(1) if gpu else contextlib.nullcontext():
        audio, rate = tf.raw_ops.DecodeWav(contents=_NO_FRAMES, desired_channels=2**31 - 1,
                                           desired_samples=-1)
        assert audio.shape == (0, 2**31 - 1) and int(rate) == 8000
        for x in (tf.constant([[b"a", b"b", b"c"]]), tf.ones([1, 3])):
            assert tf.raw_ops.Tile(input=x, multiples=[2**31 - 1, 0]).shape == (2**31 - 1, 0)


def test_dense_hash_table_of_a_huge_value_shape_is_refused_before_allocating():
    # recorded from TF 2.21 (whose allocator is named mklcpu)
    with pytest.raises(ResourceExhaustedError, match=r"OOM when allocating tensor with "
                       r"shape\[131072,2147483648\] and type int64 on .*CPU:0 by allocator"):
        tf.raw_ops.MutableDenseHashTableV2(
            empty_key=tf.constant(b""), deleted_key=tf.constant(b"-"), value_dtype=tf.int64,
            value_shape=[2**31], shared_name="fuzzfix_huge_values")


def test_a_host_kernel_out_of_memory_on_a_gpu_is_resource_exhausted():
    # was: a MemoryError escaped where an op without a GPU kernel ran on the host for a
    # GPU (the CPU's and the device's paths already turned it into TF's OOM)
    def no_memory(*args, **kwargs):
        raise MemoryError

    op = dataclasses.replace(REGISTRY["QuantizedResizeBilinear"], kernel=no_memory)
    inputs = (_tensor(np.zeros((1, 2, 2, 1), dtype=[("quint8", "u1")])),
              _t(np.array([4, 4], np.int32)), _t(np.float32(-1)), _t(np.float32(2)))
    with DEV.standin_gpus(1), pytest.raises(ResourceExhaustedError,
                                            match="OOM when allocating a temporary of "
                                                  "QuantizedResizeBilinear"):
        bind(op, inputs, {"align_corners": False, "half_pixel_centers": False})


@pytest.mark.parametrize("call,cls,match", [
    (lambda: tf.raw_ops.SparseToDense(
        sparse_indices=tf.constant([[0, 0], [1, 2]], tf.int64),
        output_shape=tf.constant([3, 4], tf.int64), sparse_values=tf.ones([2, 2], tf.float64),
        default_value=tf.constant(0.0, tf.float64)),
     InvalidArgumentError, r"sparse_values has incorrect shape \[2,2\], should be \[\] or \[2\] "
                           r"\[Op:SparseToDense\]"),
    # TF's shape check counts elements; a count that fits int64 is its OOM
    (lambda: tf.raw_ops.SetSize(set_indices=tf.zeros([0, 2], tf.int64),
                                set_values=tf.constant([], tf.string),
                                set_shape=tf.constant([2**63 - 1, 1], tf.int64)),
     ResourceExhaustedError, r"OOM when allocating tensor with shape\[9223372036854775807\] and "
                             r"type int32 on .*CPU:0 by allocator"),
    (lambda: tf.raw_ops.Fill(dims=[2**62], value=1.0), ResourceExhaustedError,
     r"OOM when allocating tensor with shape\[4611686018427387904\] and type float"),
    (lambda: tf.raw_ops.Fill(dims=[2**61, 4], value=1.0), InvalidArgumentError,
     r"Shape \[2305843009213693952,4\] would have more than 2\*\*63 - 1 elements \[Op:Fill\]"),
    # TF makes this empty tensor, which no NumPy array can hold: its numpy()'s words
    (lambda: tf.raw_ops.FakeParam(dtype=tf.int16, shape=[None, 2**62]), InvalidArgumentError,
     r"Failed to create numpy array from tensor of shape \[0, 4611686018427387904\]\. Numpy "
     r"error: ValueError: array is too big; `arr.size \* arr.dtype.itemsize` is larger than "
     r"the maximum possible size\."),
], ids=["sparse_to_dense-values", "set_size-oom", "fill-oom", "fill-elements", "fake_param"])
@pytest.mark.usefixtures("cpu_kernels")  # (TF's CPU recordings, also under `make test-gpu`)
def test_registered_ops_refuse_as_tf(call, cls, match):
    # was: NumPy's broadcast/reshape/"array is too big" ValueErrors
    with pytest.raises(cls, match=match):
        call()


@pytest.mark.parametrize("gpu", [False, True], ids=["cpu", "standin-gpu"])
def test_resource_nd_kernels_of_one_element_and_empty_slices(gpu):
    # recorded from TF 2.21: a vector's element by ResourceGatherNd is a scalar (was: a
    # vector of one, ascontiguousarray's); a scatter of empty slices changes nothing (was:
    # NumPy's reshape to -1 of a zero-size slice)
    with DEV.standin_gpus(1) if gpu else contextlib.nullcontext():
        v = tf.Variable(tf.constant([6, -7, 9], tf.int32))
        out = tf.raw_ops.ResourceGatherNd(resource=v.handle, indices=tf.constant([1]),
                                          dtype=tf.int32)
        assert out.shape == () and int(out) == -7
        w = tf.Variable(tf.zeros([4, 0]))
        tf.raw_ops.ResourceScatterUpdate(resource=w.handle,
                                         indices=tf.constant([[3], [1]], tf.int64),
                                         updates=tf.zeros([2, 1, 0]))
        assert w.shape == (4, 0)


def test_gather_grad_into_an_empty_axis_on_a_device():
    # was: IndexError on the stand-in GPU (the dropped indices, made 0, indexed an empty
    # axis); a device drops them as TF's GPU kernel does, the CPU refuses them as TF's
    op = REGISTRY["GatherV2Grad"]
    inputs = (_t(np.ones((3, 3))), _t(np.array([4, 0, 4], np.int32)), _t(np.zeros((0, 3))))
    attrs = {"axis": 0, "batch_dims": 0}
    with tf.device("/CPU:0"), pytest.raises(InvalidArgumentError,
                                            match=r"indices\[0\] = 4 is not in \[0, 0\)"):
        bind(op, inputs, attrs)
    with DEV.standin_gpus(1):
        assert bind(op, inputs, attrs).shape == (0, 3)


def test_optional_get_value_of_an_invalid_dtype_enum():
    # recorded from TF 2.21 (output_types=[0], or b"\x00" read as its bytes); was:
    # AttributeError "'int' object has no attribute 'name'"
    opt = tf.raw_ops.OptionalFromValue(components=[tf.constant(["a", "bc"])])
    for types in (b"\x00", (0,)):
        with pytest.raises(InvalidArgumentError, match=r"AttrValue contains invalid DataType\n\t "
                                                       r"for attr 'output_types'\n\t; NodeDef: "
                                                       r"\{\{node OptionalGetValue\}\}; Op<"):
            bind(REGISTRY["OptionalGetValue"], (opt,),
                 {"output_types": types, "output_shapes": (None,)})


@pytest.mark.parametrize("gpu", [False, True], ids=["cpu", "standin-gpu"])
def test_no_numpy_warning_from_non_finite_reductions(gpu):
    # was: NumPy's "overflow/invalid value encountered in reduce" (the stand-in's array
    # reductions were not quiet as its module's are, and a device raises no flags; the
    # CPU's FakeQuant gradient sums); values recorded from TF 2.21
    f32 = np.float32
    g = np.array([[-3.4028235e+38, -3.4028235e+38, -3.4028235e+38, -1.0],
                  [1.0, np.nan, np.inf, np.nan]], f32)
    x = np.array([[-0.99, -1.56, 0.19, -1.33], [-2.22, 0.22, 0.68, -2.82]], f32)
    logits = np.array([[0.675781, -3.38953e+38, -0.84375, -2, np.nan]], f32)
    with warnings.catch_warnings(), DEV.standin_gpus(1) if gpu else contextlib.nullcontext():
        warnings.simplefilter("error")
        _, lo, hi = tf.raw_ops.FakeQuantWithMinMaxVarsGradient(
            gradients=g, inputs=x, min=f32(-1), max=f32(1.5), num_bits=5, narrow_range=False)
        tf.raw_ops.Softmax(logits=tf.cast(logits, tf.bfloat16))
    assert np.isnan(float(lo)) and np.isnan(float(hi))


def test_conv_of_an_empty_input_with_padding_reads_nothing_on_a_device():
    # was: the stand-in GPU's out-of-bounds read (the engine ran over an empty input whose
    # padded windows hold only zeros); the output is the padding's zeros everywhere
    x, w = np.zeros((1, 3, 0, 3, 2)), np.ones((2, 2, 2, 2, 3))
    attrs = {"strides": (1,) * 5, "padding": "EXPLICIT",
             "explicit_paddings": (0, 0, 1, 0, 0, 2, 1, 1, 0, 0), "data_format": "CHANNELS_LAST",
             "dilations": (), "batch_dims": 1, "groups": 1}
    with DEV.standin_gpus(1):
        out = bind(REGISTRY["Conv"], (_t(x), _t(w)), attrs)
    assert not out.numpy().any()


@pytest.mark.parametrize("k,cls,match", [
    # recorded from TF 2.21 (raw_ops.ExtractVolumePatches, an input of 3 x 5 x 5)
    (2**62, InvalidArgumentError, "Attr ksizes has value 4611686018427387904 out of range for "
                                  "an int32"),
    (2**31, InvalidArgumentError, "Attr ksizes has value 2147483648 out of range for an int32"),
    (2**31 - 1, InvalidArgumentError, r"Computed output size would be negative: -2147483643 "
                                      r"\[input_size: 3, effective_filter_size: 2147483647, "
                                      r"stride: 1\] \[Op:ExtractVolumePatches\]"),
    (7, InvalidArgumentError, r"Computed output size would be negative: -3 \[input_size: 3, "),
])
def test_extract_volume_patches_of_a_huge_or_too_large_window(k, cls, match):
    # was: NumPy's "array is too big"/"Maximum allowed dimension exceeded", a float index
    # array on the stand-in GPU, or an index array of 2**31 windows (killed for memory)
    x = np.zeros((1, 3, 5, 5, 1))
    with pytest.raises(cls, match=match):
        tf.raw_ops.ExtractVolumePatches(input=x, ksizes=[1, k, 2, 3, 1], strides=[1, 1, 2, 2, 1],
                                        padding="VALID")


def test_extract_volume_patches_same_of_a_huge_window_is_refused_before_allocating():
    # TF 2.21 aborts the process here; eagerflow refuses the output's size first
    with pytest.raises(ResourceExhaustedError, match=r"shape\[1,3,3,3,12884901882\]"):
        tf.raw_ops.ExtractVolumePatches(input=np.zeros((1, 3, 5, 5, 1)),
                                        ksizes=[1, 2**31 - 1, 2, 3, 1],
                                        strides=[1, 1, 2, 2, 1], padding="SAME")


def _uq_conv_call(**changes):
    op = REGISTRY["UniformQuantizedConvolution"]
    sample = op.samples[0]
    return op, tuple(_tensor(np.asarray(a)) for a in sample.inputs), {**sample.attrs, **changes}


@pytest.mark.parametrize("changes,cls,match", [
    ({"output_quantization_max_val": 2**63}, InvalidArgumentError,
     "Attr output_quantization_max_val has value 9223372036854775808 out of range for an int32"),
    ({"dimension_numbers": 2**70}, TypeError,
     "Expected string for argument 'dimension_numbers' not 1180591620717411303424."),
])
def test_uniform_quantized_convolution_attrs_of_the_wrong_range_or_type(changes, cls, match):
    # was: OverflowError from NumPy (a bound past int64; bytes() of a huge int)
    op, inputs, attrs = _uq_conv_call(**changes)
    with pytest.raises(cls, match=match):
        bind(op, inputs, attrs)


def test_uniform_quantized_convolution_hybrid_window_past_an_empty_input():
    # recorded from TF 2.21; was: NumPy's "negative dimensions are not allowed"
    with pytest.raises(InvalidArgumentError, match=r"Expected shape dimensions to be "
                                                   r"non-negative, got -1 \[Op:UniformQuantized"
                                                   r"ConvolutionHybrid\]"):
        tf.raw_ops.UniformQuantizedConvolutionHybrid(
            lhs=np.zeros((2, 2, 0, 3), np.float32),
            rhs=tf.constant(np.ones((3, 2, 2, 2), np.int8), tf.qint8),
            rhs_scales=np.float32(0.5), rhs_zero_points=np.int32(0), Tout=tf.float32,
            padding="VALID", rhs_quantization_min_val=-128, rhs_quantization_max_val=127)


# -- a second CPU fuzz campaign (seed 1985932173); outcomes recorded from TF 2.21 ---------

@pytest.mark.parametrize("fn,op", [
    (lambda s: tf.nn.depthwise_conv2d_backprop_filter(
        np.ones((1, 4, 4, 1), np.float32), [2, 2, 1, 1], np.ones((1, 3, 3, 1), np.float32), s,
        "VALID"), "depthwise_conv2d_native_backprop_filter"),
    (lambda s: tf.nn.depthwise_conv2d_backprop_input(
        [1, 4, 4, 1], np.ones((2, 2, 1, 1), np.float32), np.ones((1, 3, 3, 1), np.float32), s,
        "VALID"), "depthwise_conv2d_native_backprop_input"),
], ids=["filter", "input"])
@pytest.mark.parametrize("strides", [tf.constant([1, 1, 1, 1]),
                                     tf.constant(np.array([np.inf, 1.0], np.float16))],
                         ids=["int", "inf"])
def test_depthwise_backprops_take_a_list_of_strides_only(fn, op, strides):
    # these are TF's generated wrappers; was: the tensor's values read (int() of inf)
    with pytest.raises(TypeError, match=re.escape(
            f"Expected list for 'strides' argument to '{op}' Op, not {strides!r}.")):
        fn(strides)


@pytest.mark.parametrize("crop_size,cls,match", [
    (np.array(np.inf, np.float16), InvalidArgumentError, r"crop_size must be 1-D\[\] "
                                                         r"\[Op:CropAndResize\]"),
    (np.array(np.nan), InvalidArgumentError, r"crop_size must be 1-D\[\] \[Op:CropAndResize\]"),
    # (a NumPy array of floats is cast to int32 as TF casts it: inf to int32's minimum)
    (np.array([np.inf, 2], np.float16), InvalidArgumentError, "crop dimensions must be positive"),
    (np.array([2**40, 2]), InvalidArgumentError, "crop dimensions must be positive"),
    ([np.inf, 2], TypeError, r"Cannot convert \[inf, 2\] to EagerTensor of dtype int32"),
], ids=["inf", "nan", "inf-pair", "wide", "list"])
def test_crop_and_resize_converts_its_crop_size_as_an_int32_input(crop_size, cls, match):
    # was: OverflowError/ValueError from int() of inf or NaN
    with pytest.raises(cls, match=match):
        tf.image.crop_and_resize(np.ones((1, 4, 4, 1), np.float32), [[0, 0, 1, 1.0]], [0],
                                 crop_size)


@pytest.mark.parametrize("indices,updates,shape,match", [
    ([[1, 0], [0, 2]], np.ones((2, 4)), [2**62, 3, 4],
     r"Shape \[4611686018427387904,3,4\] would have more than 2\*\*63 - 1 elements"),
    # (the element count is checked before the shapes are matched)
    ([[0]], np.ones(2), [2**62, 3],
     r"Shape \[4611686018427387904,3\] would have more than 2\*\*63 - 1 elements"),
    # (an empty shape is counted as TF counts it: no elements)
    ([[0]], np.ones((1, 3)), [2**62, 0],
     r"Dimensions \[1,2\) of input\[shape=\[4611686018427387904,0\]\] must match dimensions "
     r"\[1,2\) of updates\[shape=\[1,3\]\]"),
], ids=["count", "count-first", "empty"])
def test_scatter_nd_counts_a_huge_shape_as_tf(indices, updates, shape, match):
    # recorded from TF 2.21; was: NumPy's int64 product (its overflow warning, a wrapped
    # count read as an empty output)
    with pytest.raises(InvalidArgumentError, match=match):
        tf.raw_ops.ScatterNd(indices=np.array(indices), updates=updates,
                             shape=np.array(shape))


@pytest.mark.parametrize("shape", [(2**63, 3, 4), (2**64 + 3,)])
def test_scatter_nd_of_a_shape_past_int64_is_refused(shape):
    # the ops fuzz's attr (TF cannot be given one: its int64 input refuses it); was: NumPy's
    # OverflowError and overflow warning
    indices, updates = _t([[1], [3], [1]], np.int32), _t([1.0, 2.0, 3.0])
    with pytest.raises(InvalidArgumentError, match=r"would have more than 2\*\*63 - 1 "
                                                   r"elements \[Op:ScatterNd\]"):
        bind(ND.SCATTER_ND, (indices, updates), {"shape": shape})


def test_matrix_set_diag_v3_op_of_no_align_is_refused():
    # (as MatrixDiagPartV3's; tf.raw_ops gives the default, as TF's); was: AttributeError
    with pytest.raises(TypeError, match=r"Expected string for argument 'align' not None\."):
        bind(LD.MATRIX_SET_DIAG_V3, (_t(np.ones((2, 3, 4))), _t(np.ones((2, 3, 3)))),
             {"k": (-1, 1), "align": None})


def test_approximate_equal_op_of_a_list_tolerance_is_refused_as_tf():
    # TF 2.21's words for tf.raw_ops.ApproximateEqual's; was: the op's list broadcast, a (0,)
    # result where infer said ()
    with pytest.raises(TypeError, match=r"Expected float for argument 'tolerance' not \[\]\."):
        bind(REGISTRY["ApproximateEqual"], (_t(1.0), _t(1.0)), {"tolerance": []})


@pytest.mark.parametrize("name", ["AssignVariableOp", "AssignAddVariableOp"])
def test_assign_ops_of_a_value_not_of_their_dtype_attr(name):
    # `dtype` is the value's own type attr (TF's wrapper reads it from the value: TF's words
    # for an input of a type its node does not say); was: a string array written into a
    # float variable, NumPy's ValueError
    v = tf.Variable(np.ones((2, 3)))
    with pytest.raises(InvalidArgumentError, match=re.escape(
            f"cannot compute {name} as input #1(zero-based) was expected to be a double tensor "
            f"but is a string tensor")):
        bind(REGISTRY[name], (v.handle, tf.constant([["a", "b", "c"]] * 2)),
             {"dtype": tf.float64})
    assert v.numpy().tolist() == [[1.0] * 3] * 2


def test_text_file_table_line_numbers_past_int64_wrap(tmp_path):
    # recorded from TF 2.21: the line number plus the offset is an int64 sum, which wraps;
    # was: NumPy's OverflowError
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("a\nb\n")
    t = tf.raw_ops.HashTableV2(key_dtype=tf.int64, value_dtype=tf.string)
    tf.raw_ops.InitializeTableFromTextFileV2(table_handle=t, filename=str(vocab), key_index=-1,
                                             value_index=-2, vocab_size=2, offset=2**63 - 1)
    keys, values = tf.raw_ops.LookupTableExportV2(table_handle=t, Tkeys=tf.int64,
                                                  Tvalues=tf.string)
    assert sorted(zip(keys.numpy().tolist(), values.numpy().tolist())) == [
        (-2**63, b"b"), (2**63 - 1, b"a")]


@pytest.mark.parametrize("name", ["DirectedInterleaveDataset",
                                  "ExperimentalDirectedInterleaveDataset"])
def test_directed_interleave_of_no_datasets(name):
    # recorded from TF 2.21 (its OpDef's N >= 1); was: IndexError
    selector = tf.data.Dataset.from_tensor_slices(np.array([0, 0], np.int64))._variant_tensor
    with pytest.raises(InvalidArgumentError, match=re.escape(
            f"Value for attr 'N' of 0 must be at least minimum 1\n\t; NodeDef: {{{{node "
            f"{name}}}}}")):
        getattr(tf.raw_ops, name)(selector_input_dataset=selector, data_input_datasets=[],
                                  output_types=[tf.int64], output_shapes=[[]])


# (TF's CPU threads flush denormals; its GPU's cuSolver LU does not)
@pytest.mark.usefixtures("cpu_kernels")
def test_float32_inverse_of_a_denormal_pivot_is_refused_quietly():
    # recorded from TF 2.21 (its threads read denormals as zeros: a zero pivot), for
    # MatrixInverse and MatrixSolve alike; was: NumPy's "overflow encountered in cast" (it
    # inverts a float32 in float64), then [[inf, 0], [0, 100]]
    x = np.array([[1e-40, 0], [0, 1e-2]], np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(InvalidArgumentError, match=r"} Input is not invertible\. \[Op"):
            tf.linalg.inv(x)
        with pytest.raises(InvalidArgumentError, match=r"} Input matrix is not invertible\. \["):
            tf.linalg.solve(x, np.eye(2, dtype=np.float32))
    # a normal pivot whose inverse is near float32's largest: TF's 8.333333e37
    out = tf.linalg.inv(np.array([[1.2e-38, 0], [0, 1e-2]], np.float32)).numpy()
    assert out.tolist() == [[8.333333235924824e+37, 0.0], [0.0, 100.0]]


def test_raw_crop_and_resize_of_a_scalar_crop_size():
    # recorded from TF 2.21; was: TypeError (len() of the scalar read as an int)
    with pytest.raises(InvalidArgumentError, match=r"crop_size must be 1-D\[\] "
                                                   r"\[Op:CropAndResize\]"):
        tf.raw_ops.CropAndResize(image=np.ones((1, 4, 4, 1), np.float32),
                                 boxes=[[0, 0, 1, 1.0]], box_ind=[0],
                                 crop_size=np.array(np.inf, np.float16))
