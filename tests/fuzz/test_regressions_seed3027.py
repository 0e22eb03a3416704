"""Regression tests for a fuzz campaign on the strict stand-in GPU (seed 3027882934,
EAGERFLOW_STANDIN_GPUS=1): each case's input and TF 2.21's answer to it, recorded as data.
"""

from __future__ import annotations

import contextlib
import re
import warnings

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core import device as DEV
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import REGISTRY

_GPU = pytest.mark.parametrize("gpu", [False, True], ids=["cpu", "standin-gpu"])


def _on(gpu: bool):
    return DEV.standin_gpus(1) if gpu else contextlib.nullcontext()


def _t(a, d=None):
    return EagerTensor(np.asarray(a, dtype=d))


# -- tf.nn.convolution: its dilations iterated as TF iterates them ------------------------

_X1, _W1 = np.ones((1, 4, 1), np.float32), np.ones((2, 1, 1), np.float32)
_X2, _W2 = np.ones((1, 4, 4, 1), np.float32), np.ones((2, 2, 1, 1), np.float32)


@_GPU
@pytest.mark.parametrize("x,w,kwargs,cls,match", [
    # the fuzz's case: was an AttributeError of 1.5.startswith (TF's own, raised where it
    # checks a dilated convolution's depth, eagerflow's too since fuzz24)
    (np.zeros((0, 0, 0), bool), np.zeros((0, 0, 0), bool),
     {"strides": [], "padding": tf.constant(True), "data_format": 1.5,
      "dilations": np.array(False)}, TypeError, "iteration over a 0-d array"),
    (_X2, _W2, {"data_format": 1.5, "dilations": 2}, AttributeError,
     r"^'float' object has no attribute 'startswith'$"),
    # TF 2.21 iterates the rates: a 0-d array or a scalar tensor is its TypeError (was: read
    # as one rate, a result or the channels' ValueError)
    (_X2, _W2, {"dilations": np.array(2)}, TypeError, "iteration over a 0-d array"),
    (_X2, _W2, {"dilations": np.array(1)}, TypeError, "iteration over a 0-d array"),
    (_X1, _W1, {"dilations": tf.constant(2)}, TypeError, "Cannot iterate over a scalar tensor."),
    (np.ones((1, 4, 4, 2), np.float32), np.ones((2, 2, 3, 1), np.float32),
     {"dilations": np.array(2)}, TypeError, "iteration over a 0-d array"),
    # (the spatial dims are checked first)
    (np.ones((2, 2), np.float32), np.float32(1), {"dilations": np.array(2)}, ValueError,
     r"`num_spatial_dims` must be 1, 2, or 3\. Received: num_spatial_dims=0\."),
], ids=["fuzz", "format", "0d", "0d-one", "scalar-tensor", "0d-before-channels", "dims-first"])
def test_convolution_dilations_and_format_refused_as_tf(gpu, x, w, kwargs, cls, match):
    with _on(gpu), pytest.raises(cls, match=match):
        tf.nn.convolution(x, w, **kwargs)


@pytest.mark.parametrize("dilations,shape", [
    (2, (1, 2, 2, 1)), (np.int64(2), (1, 2, 2, 1)), (2.0, (1, 2, 2, 1)),
    (np.float32(1), (1, 3, 3, 1)), (True, (1, 3, 3, 1)), (np.array([2]), (1, 2, 2, 1)),
    ([2, 2], (1, 2, 2, 1)),
])
def test_convolution_dilations_of_a_number_or_a_list(dilations, shape):
    # recorded from TF 2.21: a number alone is one rate for every dim
    assert tf.nn.convolution(_X2, _W2, dilations=dilations).shape == shape


# -- DebugNumericSummary: a sum past double's range ----------------------------------------

@_GPU
@pytest.mark.parametrize("x,want", [
    (np.array([-1.79769313e+308, -1.79769313e+308]),
     [1.0, 2.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, -1.79769313e+308, -1.79769313e+308, -np.inf,
      np.inf, 2.0, 1.0, 2.0]),
    (np.array([1.7e308, 1.7e308, -1.7e308]),
     [1.0, 3.0, 0.0, 0.0, 1.0, 0.0, 2.0, 0.0, -1.7e+308, 1.7e+308, np.inf, np.inf, 2.0, 1.0,
      3.0]),
    (np.array([3e38, 3e38, -3e38], np.float32),
     [1.0, 3.0, 0.0, 0.0, 1.0, 0.0, 2.0, 0.0, -3.0000000054977558e+38, 3.0000000054977558e+38,
      1.0000000018325853e+38, 8.000000029321366e+76, 1.0, 1.0, 3.0]),
], ids=["neg-max", "pos-overflow", "float32"])
def test_debug_numeric_summary_of_sums_past_double_is_inf_quietly(gpu, x, want):
    # recorded from TF 2.21; was: NumPy's "overflow encountered in accumulate" (its mean's
    # one-by-one sum)
    with _on(gpu), warnings.catch_warnings():
        warnings.simplefilter("error")
        out = tf.raw_ops.DebugNumericSummary(input=x, tensor_name="x:0")
    assert out.numpy().tolist() == want


# -- FractionalAvgPool/FractionalMaxPool: seeds that are not ints --------------------------

_FRAC_X = np.arange(98.0).reshape(1, 7, 7, 2)
_FRAC_ATTRS = {"pooling_ratio": [1.0, 1.44, 1.73, 1.0], "pseudo_random": False,
               "overlapping": False, "deterministic": True, "seed2": 7}


@_GPU
@pytest.mark.parametrize("name", ["FractionalAvgPool", "FractionalMaxPool"])
@pytest.mark.parametrize("seed,cls,match", [
    # TF's wrapper's words for an attr int() refuses (raw_ops, seed=np.array([1, 2]))
    (np.array([1, 2]), TypeError, r"Expected int for argument 'seed' not array\(\[1, 2\]\)\."),
    (np.array(3), TypeError, r"Expected int for argument 'seed' not array\(3\)\."),
    (2**63, InvalidArgumentError, r"Attr seed has value 9223372036854775808 out of range for "
                                  r"an int64"),
], ids=["pair", "0d", "past-int64"])
def test_fractional_pool_op_of_a_seed_not_an_int(gpu, name, seed, cls, match):
    # the fuzz's call of the op itself; was: NumPy's OverflowError of the seed array masked
    # by 2**64 - 1 (philox's stream)
    with _on(gpu), pytest.raises(cls, match=match):
        bind(REGISTRY[name], (_t(_FRAC_X),), {**_FRAC_ATTRS, "seed": seed})


@_GPU
@pytest.mark.parametrize("name", ["FractionalAvgPool", "FractionalMaxPool"])
@pytest.mark.parametrize("seed,rows,cols", [
    (np.int64(5), [0, 2, 4, 5, 7], [0, 1, 3, 5, 7]),
    (-1, [0, 2, 3, 5, 7], [0, 2, 4, 6, 7]),
])
def test_fractional_pool_of_numpy_and_negative_seeds(gpu, name, seed, rows, cols):
    # recorded from TF 2.21 (tf.raw_ops, seed2=7): a NumPy integer is its int
    with _on(gpu):
        _, r, c = bind(REGISTRY[name], (_t(_FRAC_X),), {**_FRAC_ATTRS, "seed": seed})
    assert r.numpy().tolist() == rows and c.numpy().tolist() == cols


# -- ParseExampleDataset ops: a dense default of a dtype other than its Tdense -------------

@pytest.mark.parametrize("name", ["ExperimentalParseExampleDataset", "ParseExampleDataset"])
def test_parse_example_dataset_default_of_another_dtype(name):
    # TF's node refuses an input of a type its attrs do not say (TF's raw_ops reads Tdense
    # from the defaults, so only a direct call can); was: NumPy's ValueError of int(b"\x00\xff")
    ds = tf.data.Dataset.from_tensor_slices(tf.constant([b"x", b"y"])).batch(2)
    attrs = {"sparse_keys": (), "dense_keys": ("a", "b"), "sparse_types": (),
             "Tdense": (tf.int64, tf.float32), "dense_shapes": ((), (2,)),
             "output_types": (tf.int64, tf.float32), "output_shapes": ((None,), (None, 2))}
    if name == "ParseExampleDataset":
        attrs.update(ragged_keys=(), ragged_value_types=(), ragged_split_types=())
    inputs = (ds._variant_tensor, _t(np.int64(1)), _t(np.array(b"\x00\xff", object)),
              _t(np.zeros(0, np.float32)))
    with pytest.raises(InvalidArgumentError, match=re.escape(
            f"cannot compute {name} as input #2(zero-based) was expected to be a int64 tensor "
            f"but is a string tensor")):
        bind(REGISTRY[name], inputs, attrs)


# -- QuantizedConv2D: empty inputs, filters and outputs ------------------------------------

@_GPU
@pytest.mark.parametrize("x_shape,w_shape,padding,match", [
    # the fuzz's case: was NumPy's "negative dimensions are not allowed"
    ((2, 0, 5, 2), (3, 2, 2, 3), "VALID", r"Invalid input: Shapes dimension cannot be 0\."),
    ((2, 0, 5, 2), (3, 2, 2, 3), "SAME", r"Invalid input: Shapes dimension cannot be 0\."),
    ((0, 5, 5, 2), (3, 2, 2, 3), "VALID", r"Invalid input: Shapes dimension cannot be 0\."),
    # (before the depths are matched)
    ((0, 5, 5, 3), (3, 2, 2, 2), "VALID", r"Invalid input: Shapes dimension cannot be 0\."),
    ((2, 5, 5, 2), (9, 2, 2, 3), "VALID", r"Computed output size would be negative: -1 "
                                          r"\[input_size: 5, effective_filter_size: 9, "
                                          r"stride: 2\]"),
    ((2, 5, 5, 2), (0, 9, 2, 3), "VALID", r"Computed output size would be negative: -1 "
                                          r"\[input_size: 5, effective_filter_size: 9, "
                                          r"stride: 2\]"),
    ((2, 5, 5, 2), (0, 2, 2, 3), "VALID", "filter patch must contain at least one element"),
    ((2, 5, 5, 3), (0, 2, 2, 3), "SAME", "input and filter must have the same depth: 3 vs 2"),
    # TF 2.21's kernel aborts the process on an empty output (a CHECK): refused here
    ((2, 1, 5, 2), (3, 2, 2, 3), "VALID", r"Check failed: out_rows > 0 \(0 vs\. 0\)"),
    ((2, 5, 5, 2), (8, 2, 2, 3), "VALID", r"Check failed: out_rows > 0 \(0 vs\. 0\)"),
    ((2, 5, 1, 2), (0, 3, 2, 3), "VALID", r"Check failed: out_cols > 0 \(0 vs\. 0\)"),
    ((2, 5, 5, 2), (3, 2, 2, 0), "VALID", r"Check failed: out_depth > 0 \(0 vs\. 0\)"),
], ids=["fuzz", "same", "batch", "before-depth", "negative", "negative-cols", "patch",
        "depth", "rows", "rows-truncated", "cols", "depth-out"])
def test_quantized_conv2d_of_empty_shapes(gpu, x_shape, w_shape, padding, match):
    x = tf.constant(np.zeros(x_shape, np.uint8), tf.quint8)
    w = tf.constant(np.ones(w_shape, np.uint8), tf.quint8)
    with _on(gpu), pytest.raises(InvalidArgumentError, match=match + r" \[Op:QuantizedConv2D\]"):
        tf.raw_ops.QuantizedConv2D(input=x, filter=w, min_input=0.0, max_input=6.0,
                                   min_filter=-3.0, max_filter=1.0, strides=[1, 2, 2, 1],
                                   padding=padding, out_type=tf.qint32)


# -- ResourceGather with batch_dims, ResourceScatterNd ops, of empty variables -------------

@_GPU
@pytest.mark.parametrize("var_shape,ids_shape,batch_dims,want", [
    # recorded from TF 2.21; the first is the fuzz's (was: NumPy's "cannot reshape array of
    # size 0 into shape (0,newaxis)", on the CPU and the stand-in GPU)
    ((0, 3), (0, 1), 1, (0, 1)), ((0, 3, 2), (0, 4), 1, (0, 4, 2)),
    ((2, 0, 3), (2, 0), 1, (2, 0, 3)), ((2, 0, 3), (2, 0, 5), 2, (2, 0, 5)),
    ((2, 3), (2, 0), 1, (2, 0)),
])
def test_resource_gather_batched_of_no_entries(gpu, var_shape, ids_shape, batch_dims, want):
    with _on(gpu):
        v = tf.Variable(np.zeros(var_shape))
        out = tf.raw_ops.ResourceGather(resource=v.handle, indices=np.zeros(ids_shape, np.int32),
                                        dtype=tf.float64, batch_dims=batch_dims)
    assert out.shape == want


_ND_OPS = ["ResourceScatterNdAdd", "ResourceScatterNdSub", "ResourceScatterNdMax",
           "ResourceScatterNdMin", "ResourceScatterNdUpdate"]


@_GPU
@pytest.mark.parametrize("name", _ND_OPS)
@pytest.mark.parametrize("var_shape,indices,updates_shape,match", [
    # TF 2.21 (CPU; its GPU kernel's check is the same one): indices into an empty variable
    # are refused first, before the shapes are matched. The first is the fuzz's (was: the
    # stand-in GPU's "cannot reshape array of size 0 into shape (0)"; the CPU updated
    # nothing, or named an index out of range)
    ((4, 0), [[3], [1]], (2, 0), r"indices shape: \[2,1\]"),
    ((0, 3), [[3], [1]], (2, 3), r"indices shape: \[2,1\]"),
    ((0, 3), [1], (3,), r"indices shape: \[1\]"),
    ((0, 3), [[1]], (1, 5), r"indices shape: \[1,1\]"),
    ((0,), [[0], [0]], (2,), r"indices shape: \[2,1\]"),
], ids=["fuzz", "rows", "vector", "before-shapes", "1d"])
def test_resource_scatter_nd_into_an_empty_variable(gpu, name, var_shape, indices,
                                                    updates_shape, match):
    with _on(gpu):
        v = tf.Variable(tf.zeros(var_shape))
        with pytest.raises(InvalidArgumentError, match="Indices and updates specified for "
                                                       "empty output.  " + match):
            getattr(tf.raw_ops, name)(ref=v.handle, indices=tf.constant(indices, tf.int32),
                                      updates=tf.ones(updates_shape))
        assert v.shape == var_shape


@_GPU
@pytest.mark.parametrize("name", _ND_OPS)
@pytest.mark.parametrize("var_shape,ids_shape,updates_shape", [
    ((0, 3), (0, 1), (0, 3)), ((4, 0), (0, 1), (0, 0)),
    # (index vectors of no coordinates into an empty variable: TF has nothing to write; was
    # its refusal of them for a variable with elements)
    ((0, 3), (2, 0), (2, 0, 3)), ((4, 0), (2, 0), (2, 4, 0)),
])
def test_resource_scatter_nd_of_no_indices_or_into_nothing(gpu, name, var_shape, ids_shape,
                                                           updates_shape):
    # recorded from TF 2.21: the variable is unchanged (was: the stand-in GPU's reshape
    # error of a (4, 0) variable)
    with _on(gpu):
        v = tf.Variable(tf.zeros(var_shape))
        getattr(tf.raw_ops, name)(ref=v.handle, indices=tf.zeros(ids_shape, tf.int32),
                                  updates=tf.ones(updates_shape))
        assert v.shape == var_shape


def test_resource_scatter_nd_of_no_coordinates_into_a_variable_still_refused():
    v = tf.Variable(tf.zeros([2, 3]))
    with pytest.raises(InvalidArgumentError, match=r"Indices and updates specified for empty "
                                                   r"output\.  indices shape: \[2,0\]"):
        tf.raw_ops.ResourceScatterNdAdd(ref=v.handle, indices=tf.zeros([2, 0], tf.int32),
                                        updates=tf.ones([2, 2, 3]))
