"""Regression tests for the fuzz campaign of seed 1129055390 (EAGERFLOW_FUZZ=long): each
input the campaign found, with TF 2.21's answer to it recorded as data (its error class and
message, or its result)."""

from __future__ import annotations

import re

import numpy as np
import pytest
from fuzzlib import guarded
from test_ops_fuzz import _tensor

import eagerflow as tf
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import REGISTRY
from eagerflow._src.ops.tfdbg import DEBUG_NUMERIC_SUMMARY_V2

X3 = np.zeros((1, 4, 4), np.float32)
W3 = np.zeros((2, 4, 2), np.float32)
X4 = np.zeros((1, 4, 4, 4), np.float32)
W4 = np.zeros((2, 2, 4, 2), np.float32)
X5 = np.zeros((1, 4, 4, 4, 4), np.float32)
W5 = np.zeros((2, 2, 2, 4, 2), np.float32)


# -- tf.nn.convolution: a format that is no string, checked in TF's order ----------------

def test_fuzz_case_falsy_format_with_a_float_dilation():
    # the campaign's case: was AttributeError ('int' object has no attribute 'startswith');
    # TF checks the strides' length first
    x = np.zeros((0, 0, 0), bool)
    with pytest.raises(ValueError) as e:
        tf.nn.convolution(x, x, strides=[], data_format=0, dilations=np.float64(2.5))
    assert str(e.value) == "strides should be of length 1, 1 or 3. Received: strides=[] of length 0"


@pytest.mark.parametrize("x,w,strides,dilations,message", [
    # TF checks the dilations' length before the strides'; its messages name `strides`
    (X3, W3, [], None, "strides should be of length 1, 1 or 3. Received: strides=[] of length 0"),
    (X3, W3, [], [], "dilations should be of length 1, 1 or 3. Received: dilations=[] of "
                     "length 0"),
    (X3, W3, [1] * 5, [2, 2], "dilations should be of length 1, 1 or 3. Received: "
                              "dilations=[2, 2] of length 2"),
    (X4, W4, [], [2, 2], "strides should be of length 1, 2 or 4. Received: strides=[] of "
                         "length 0"),
    # (the items as given, before any is taken as an int)
    (X4, W4, "abc", None, "strides should be of length 1, 2 or 4. Received: strides=['a', 'b', "
                          "'c'] of length 3"),
    (X4, W4, None, np.array([1, 1, 1]), "dilations should be of length 1, 2 or 4. Received: "
                                        "dilations=[np.int64(1), np.int64(1), np.int64(1)] of "
                                        "length 3"),
], ids=["strides-1d", "dilations-first", "dilations-2", "strides-2d", "string", "array"])
def test_convolution_sequence_lengths_in_tfs_order(x, w, strides, dilations, message):
    with pytest.raises(ValueError) as e:
        tf.nn.convolution(x, w, strides, dilations=dilations, data_format=0)
    assert str(e.value) == message


@pytest.mark.parametrize("x,w,data_format,dilations,cls,message", [
    # not dilated: each rank's own function refuses the format (TF 2.21's words)
    (X3, W3, 0, None, ValueError, "`data_format` must be 'NWC' or 'NCW'. Received: "
                                  "data_format=0"),
    (X3, W3, "", None, ValueError, "`data_format` must be 'NWC' or 'NCW'. Received: "
                                   "data_format="),
    (X4, W4, "", None, tf.errors.InvalidArgumentError,
     "Value for attr 'data_format' of \"\" is not in the list of allowed values"),
    (X5, W5, "", None, tf.errors.InvalidArgumentError,
     "Value for attr 'data_format' of \"\" is not in the list of allowed values"),
    # the op's attr refuses a format that is no string (recorded from TF 2.21, fuzz24)
    (X4, W4, 0, None, TypeError, "Expected string for argument 'data_format' not 0."),
    (X5, W5, False, None, TypeError, "Expected string for argument 'data_format' not False."),
    # dilated: TF reads the format with startswith (its AttributeError for 0, 0.0, False)
    (X3, W3, 0, 2, AttributeError, "'int' object has no attribute 'startswith'"),
    (X4, W4, 0.0, 2, AttributeError, "'float' object has no attribute 'startswith'"),
    (X4, W4, b"NCHW", 2, TypeError, "startswith first arg must be bytes"),
    # and a string other than that rank's two is TF's ValueError
    (X3, W3, "", 2, ValueError, "`data_format` must be 'NWC' or 'NCW'. Received: "
                                "data_format="),
    (X4, W4, "", 2, ValueError, "`data_format` must be 'NHWC' or 'NCHW'. Received: "
                                "data_format="),
    (X4, W4, "NCW", 2, ValueError, "`data_format` must be 'NHWC' or 'NCHW'. Received: "
                                   "data_format=NCW"),
    (X5, W5, "NHWC", 2, ValueError, "`data_format` must be 'NDHWC' or 'NCDHW'. Received: "
                                    "data_format=NHWC"),
    # an unhashable format: looked up in a set first, its hash's TypeError
    (X3, W3, [], None, TypeError, "unhashable type: 'list'"),
], ids=["1d-0", "1d-empty", "2d-empty", "3d-empty", "2d-0", "3d-false", "1d-0-dilated",
        "2d-float-dilated", "2d-bytes-dilated", "1d-empty-dilated", "2d-empty-dilated",
        "2d-1d-format-dilated", "3d-2d-format-dilated", "list"])
def test_convolution_formats_as_tf(x, w, data_format, dilations, cls, message):
    # was: a falsy format (0, "", [], False) taken as the default layout, and a dilated
    # call's non-string format an AttributeError
    with pytest.raises(cls) as e:
        tf.nn.convolution(x, w, data_format=data_format, dilations=dilations)
    assert str(e.value).startswith(message)


def test_convolution_tensor_format_is_its_hash_type_error():
    # (moved from test_regressions_inputs.py, which wanted "`data_format` must be a string"
    # when no dilation is given): TF 2.21 looks the format up in a set before anything
    with pytest.raises(TypeError) as e:
        tf.nn.convolution(np.ones((1, 4, 4, 1), np.float32), np.ones((2, 2, 1, 1), np.float32),
                          data_format=tf.constant(True))
    assert str(e.value) == "Tensor is unhashable. Instead, use tensor.ref() as the key."


def test_convolution_dilation_checks_in_tfs_order():
    # TF compares each dilation with 1 as it is, checks the filter's depth, then takes
    # int() of each (inf: OverflowError; NaN: ValueError)
    w = np.zeros((2, 2, 3, 2), np.float32)  # (3 does not divide the input's 4 channels)
    for rate in (np.inf, np.nan, "a"):
        with pytest.raises(ValueError, match="The number of input channels is not divisible"):
            tf.nn.convolution(X4, w, dilations=rate)
    with pytest.raises(OverflowError, match="cannot convert float infinity to integer"):
        tf.nn.convolution(X3, W3, dilations=np.inf)
    with pytest.raises(ValueError, match="cannot convert float NaN to integer"):
        tf.nn.convolution(X3, W3, dilations=np.nan)
    # and a float rate is truncated: TF 2.21's result for 2.5 is dilation 2's
    assert tf.nn.convolution(X3, W3, dilations=2.5).shape == (1, 2, 2)


def test_conv2d_conv3d_take_only_none_as_the_default_format():
    # was: a falsy format taken as the default; TF 2.21: AttributeError (conv2d), TypeError
    # (conv3d); "" is the op's attr error
    with pytest.raises(AttributeError, match="^'int' object has no attribute 'startswith'$"):
        tf.nn.conv2d(X4, W4, 1, "VALID", data_format=0)
    with pytest.raises(TypeError, match=re.escape(  # (its generated wrapper's words)
            "Expected string for argument 'data_format' not [].")):
        tf.nn.conv3d(X5, W5, [1] * 5, "VALID", data_format=[])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Value for attr 'data_format' of \"\" is not in the list"):
        tf.nn.conv2d(X4, W4, 1, "VALID", data_format="")
    assert tf.nn.conv2d(X4, W4, 1, "VALID", data_format=None).shape == (1, 3, 3, 2)


# -- tf.gather of a scalar: the kernel's own words ----------------------------------------

@pytest.mark.usefixtures("cpu_kernels")  # (TF's words name the CPU its kernel ran on)
@pytest.mark.parametrize("axis", [0, 1, -1, -2, 2])
def test_gather_of_scalar_params(axis):
    # was: "Shape must be at least rank N but is rank 0" (the axis' check)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.gather(tf.constant(0), [0], axis=axis)
    assert str(e.value) == ("{{function_node __wrapped__GatherV2_device_/job:localhost/"
                            "replica:0/task:0/device:CPU:0}} params must be at least 1 "
                            "dimensional [Op:GatherV2]")


# -- sharded lookups of scalar shards: TF's own IndexError ---------------------------------

@pytest.mark.parametrize("call", [
    lambda: tf.nn.sampled_softmax_loss([0, 0], 0, tf.constant([[0]], tf.int64),
                                       tf.constant([[1.0]]), 1, 1),
    lambda: tf.nn.nce_loss([0, 0], 0, tf.constant([[0]], tf.int64), tf.constant([[1.0]]), 1, 1),
    lambda: tf.nn.embedding_lookup([0, 0], [0]),
], ids=["sampled_softmax_loss", "nce_loss", "embedding_lookup"])
def test_scalar_shards_are_tfs_index_error(call):
    # the campaign's case (sampled_softmax_loss of weights [0, 0]): TF 2.21 reads each
    # shard's row count for its "div" partitioning and raises this IndexError itself
    with pytest.raises(IndexError, match="tuple index out of range"):
        call()


def test_fuzz_case_sampled_softmax_loss_passes_the_guards():
    true = tf.constant(True)
    outcome, _ = guarded("nn.sampled_softmax_loss", ("sampled_softmax_loss",),
                         tf.nn.sampled_softmax_loss, [0, 0], 0, true, true, true, 0,
                         num_true=true, sampled_values=tf.constant(np.zeros((3, 0), bool)),
                         remove_accidental_hits=true, seed=0, contract=False)
    assert outcome == "IndexError"


# -- DebugNumericSummaryV2: a float attr, truncated, is the mode the kernel runs ----------

MIXED = np.array([[1.0, -np.inf, np.inf, np.nan], [0.0, -2.0, 3.0, 0.0]], np.float32)


@pytest.mark.parametrize("mode,ident,want", [
    (np.float64(2.5), 7, [7.0, 1.0]),  # the campaign's case: infer said (2,), kernel made 11
    (np.float32(3.9), 7, [7.0, 8.0, 1.0, 1.0, 1.0]),
    (2, np.float64(7.9), [7.0, 1.0]),
    (2, True, [1.0, 1.0]),
])
def test_debug_numeric_summary_truncates_its_int_attrs(mode, ident, want):
    # TF 2.21's results (tf.raw_ops.DebugNumericSummaryV2 of these attrs)
    out = bind(DEBUG_NUMERIC_SUMMARY_V2, (EagerTensor(MIXED),),
               {"tensor_debug_mode": mode, "tensor_id": ident})
    assert out.shape == (len(want),)
    np.testing.assert_array_equal(out.numpy(), np.array(want, np.float32))


# -- QuantizeV2: its attrs checked as TF's wrapper checks them ----------------------------

QX = np.array([[0.25, -1.7, -2.6], [-0.3, 0.39, -1.4]], np.float32)
QATTRS = {"T": tf.qint8, "mode": "MIN_FIRST", "round_mode": "HALF_AWAY_FROM_ZERO",
          "narrow_range": False, "axis": -1, "ensure_minimum_range": 0.01}


def _quantize(**attrs):
    return bind(REGISTRY["QuantizeV2"], (EagerTensor(QX), EagerTensor(np.float32(-1)),
                                         EagerTensor(np.float32(2))), {**QATTRS, **attrs})


@pytest.mark.parametrize("attrs,message", [
    # the campaign's case: was IndexError in the MIN_FIRST kernel (an empty range)
    ({"ensure_minimum_range": []}, "Expected float for argument 'ensure_minimum_range' not []."),
    ({"narrow_range": 1}, "Expected bool for argument 'narrow_range' not 1."),
    ({"axis": "a"}, "Expected int for argument 'axis' not 'a'."),
])
def test_quantize_v2_attr_types(attrs, message):
    # TF 2.21's TypeErrors (tf.raw_ops.QuantizeV2 of these attrs)
    with pytest.raises(TypeError) as e:
        _quantize(**attrs)
    assert str(e.value) == message


def test_quantize_v2_takes_a_float_axis_by_int():
    # TF 2.21: axis 2.5 is axis 2 ("... given axis value was 2 and input's dims was 2"), and
    # -1.5 is -1 (the whole tensor's range)
    with pytest.raises(tf.errors.InvalidArgumentError, match="given axis value was 2 and"):
        _quantize(axis=2.5)
    out = _quantize(axis=-1.5, ensure_minimum_range=True)
    assert out[0].numpy().view(np.int8).tolist() == [[-22, -128, -128], [-69, -10, -128]]


# -- ResourceGather with batch_dims over a batch of none ---------------------------------

@pytest.mark.parametrize("shape,ids_shape,out_shape", [
    ((0, 3), (0, 1), (0, 1)),  # the campaign's case: was NumPy's reshape ValueError
    ((0, 3), (0,), (0,)),
    ((0, 3, 2), (0, 1), (0, 1, 2)),
])
def test_resource_gather_batch_of_none(shape, ids_shape, out_shape):
    # TF 2.21's results: empty, of these shapes
    v = tf.Variable(np.zeros(shape))
    out = tf.raw_ops.ResourceGather(resource=v.handle, indices=np.zeros(ids_shape, np.int32),
                                    dtype=tf.float64, batch_dims=1)
    assert out.shape == out_shape


# -- tf.image.extract_patches: its attrs converted as TF's generated wrapper converts them -

X_IMG = np.zeros((1, 4, 4, 1), np.float32)


@pytest.mark.parametrize("sizes,rates,padding,cls,message", [
    # the campaign's cases: was int()'s OverflowError of a complex/float inf
    ([], np.array([np.inf + 1j], np.complex64), None, TypeError,
     "Expected list for 'rates' argument to 'extract_image_patches' Op, not array([inf+1.j], "
     "dtype=complex64)."),
    ([1, 2, 2, 1], [1, np.nan, 1, 1], "VALID", TypeError,
     "Expected int for argument 'rates' not nan."),
    (np.array([1, 2, 2, 1]), [1, 1, 1, 1], "VALID", TypeError,
     "Expected list for 'ksizes' argument to 'extract_image_patches' Op, not "
     "array([1, 2, 2, 1])."),
    ([1, 2, 2, 1], [1, 1, 1, 1], None, TypeError,
     "Expected string for argument 'padding' not None."),
    ([1, 2, 2, 1], [1, 2**70, 1, 1], "VALID", OverflowError, "int too big to convert"),
    ([1, 2, 2, 1], [1, np.inf, 1, 1], "VALID", OverflowError,
     "cannot convert float infinity to integer"),
], ids=["complex-rates", "nan-rate", "array-sizes", "no-padding", "huge-rate", "inf-rate"])
def test_extract_patches_attrs_as_tf(sizes, rates, padding, cls, message):
    # TF 2.21's errors for these arguments
    with pytest.raises(cls) as e:
        tf.image.extract_patches(X_IMG, sizes, [1, 1, 1, 1], rates, padding)
    assert str(e.value) == message
    # a tuple is a list to it, and a float is taken by int()
    assert tf.image.extract_patches(X_IMG, (1, 2, 2, 1), [1, 1, 1, 1], [1, 2.5, 1, 1],
                                    "VALID").shape == (1, 2, 3, 4)


# -- ParseExampleDataset ops: the dense defaults' dtypes are Tdense ------------------------

def _parse_dataset(op, defaults, tdense=None):
    from eagerflow._src.data.raw_dataset_parsing import _attrs, _records

    attrs = _attrs(op, **({} if tdense is None else {"Tdense": tdense}))
    return bind(REGISTRY[op], (_tensor(_records(1, 2)), EagerTensor(np.int64(1)),
                               *defaults), attrs)


@pytest.mark.parametrize("op", ["ExperimentalParseExampleDataset", "ParseExampleDataset"])
def test_parse_example_dataset_default_dtypes(op):
    # the campaign's case: Tdense (int64, float32) with a string default was int()'s
    # ValueError of b'\x00\xff'; TF takes Tdense from the defaults, so they must agree
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        _parse_dataset(op, (tf.constant(b"\x00\xff"), tf.zeros([0])))
    assert f"cannot compute {op} as input #2(zero-based) was expected to be a int64 tensor " \
           "but is a string tensor" in str(e.value)
    # and a default of a dtype the parser does not write is TF's attr error (was named
    # [Op:ParseExampleV2]); TF 2.21's words, through tf.raw_ops
    for default, word in ((tf.constant(1, tf.int32), "int32"), (tf.constant(1.0, tf.float64),
                                                                "double")):
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            _parse_dataset(op, (default, tf.zeros([0])), tdense=(default.dtype, tf.float32))
        assert str(e.value).startswith(
            f"Value for attr 'Tdense' of {word} is not in the list of allowed values: float, "
            f"int64, string\n\t; NodeDef: {{{{node {op}}}}}")


# -- FractionalMaxPoolGrad / FractionalAvgPoolGrad: int64 pooling sequences ----------------

FX = np.random.default_rng(0).random((2, 10, 7, 2))
ROWS, COLS = np.array([0, 1, 3, 5, 6, 8, 10]), np.array([0, 1, 3, 5, 7])


def test_fractional_max_pool_grad_sequences():
    y = tf.nn.fractional_max_pool(FX, [1, 1.5, 1.5, 1], pseudo_random=True, seed=3)[0]
    g = tf.ones_like(y)
    # the campaign's case: a uint8 row sequence, not increasing, whose differences wrapped
    # around (NumPy's reduction error later); TF refuses a sequence that is no int64 tensor
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        bind(REGISTRY["FractionalMaxPoolGrad"], (EagerTensor(FX), y, g, EagerTensor(
            np.array([0, 9, 4, 7, 5, 6, 8], np.uint8)), EagerTensor(COLS)),
            {"overlapping": False})
    assert "cannot compute FractionalMaxPoolGrad as input #3(zero-based) was expected to be " \
           "a int64 tensor but is a uint8 tensor" in str(e.value)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        bind(REGISTRY["FractionalAvgPoolGrad"], (EagerTensor(np.array([2, 10, 7, 2])), g,
                                                 EagerTensor(ROWS), EagerTensor(COLS.astype(
                                                     np.int32))), {"overlapping": False})
    assert "cannot compute FractionalAvgPoolGrad as input #3(zero-based) was expected to be " \
           "a int64 tensor but is a int32 tensor" in str(e.value)
    # an int64 sequence that is not increasing is still refused (TF: "tensor_out_dup is not
    # the same as tensor_out", from the garbage it pools)
    with pytest.raises(tf.errors.InvalidArgumentError, match="increasing boundaries"):
        tf.raw_ops.FractionalMaxPoolGrad(orig_input=FX, orig_output=y, out_backprop=g,
                                         row_pooling_sequence=[0, 9, 4, 7, 5, 6, 8],
                                         col_pooling_sequence=COLS)


# -- UnbatchGrad: the batch's gradients have this call's row shape --------------------------

def test_unbatch_grad_of_another_row_shape_is_refused():
    # the campaign's case: a call of no original input leaves its gradient (rows of 2) for
    # batch key 31; a later call whose batch is key 31 got it as its result, against infer
    # (grad's rows: 1). TF's shape function gives the result grad's row shape.
    op = REGISTRY["UnbatchGrad"]
    attrs = {"shared_name": "seed1129_unbatch_grad", "container": ""}
    left = bind(op, (EagerTensor(np.zeros((0, 2), np.float32)), EagerTensor(np.zeros(
        (0, 3), np.int64)), EagerTensor(np.zeros((0, 2), np.float32)),
        EagerTensor(np.int64(31))), attrs)
    assert left.shape == (0, 2)
    with pytest.raises(tf.errors.InternalError, match="differ in shape"):
        bind(op, (EagerTensor(np.ones((2, 2), np.float32)), EagerTensor(np.array(
            [[31, 0, 2]], np.int64)), EagerTensor(np.ones((1, 1), np.float32)),
            EagerTensor(np.int64(-4))), attrs)
