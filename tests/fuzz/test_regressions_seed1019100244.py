"""Regression tests for the fuzz campaign of seed 1019100244 (EAGERFLOW_FUZZ=long): each
input the campaign found, with TF 2.21's answer to it recorded as data (its error class and
message, or its result)."""

from __future__ import annotations

import numpy as np
import pytest
from fuzzlib import guarded

import eagerflow as tf
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import REGISTRY

# -- ClipByValue of a scalar t ------------------------------------------------------------

@pytest.mark.parametrize("t,lo,hi,dtype,want", [
    # the campaign's case: was NumPy's "return arrays must be of ArrayType" (the fast
    # path's minimum of two 0-d arrays is a NumPy scalar, not an array to write into)
    (0.37719066, -0.5, 0.5, tf.float64, 0.37719066),
    (3, 0, 2, tf.int32, 2),
    (-7.5, -1.0, 2.0, tf.float32, -1.0),
    (200, 5, 100, tf.uint8, 100),
    (np.nan, 0.0, 1.0, tf.float32, np.nan),
    (-0.0, 0.0, 1.0, tf.float64, -0.0),
], ids=["float64", "int32", "float32-below", "uint8-above", "nan", "negative-zero"])
def test_clip_by_value_of_a_scalar(t, lo, hi, dtype, want):
    # TF 2.21's results, recorded (a scalar of t's dtype; -0.0 stays -0.0)
    out = tf.raw_ops.ClipByValue(t=tf.constant(t, dtype), clip_value_min=tf.constant(lo, dtype),
                                 clip_value_max=tf.constant(hi, dtype))
    assert out.dtype == dtype and out.shape == ()
    got = out.numpy()
    assert np.array_equal(got, np.asarray(want, dtype.as_numpy_dtype), equal_nan=True)
    assert np.signbit(got) == np.signbit(want)
    outcome, _ = guarded("ClipByValue", ("ClipByValue",), bind, REGISTRY["ClipByValue"],
                         (tf.constant(t, dtype), tf.constant(lo, dtype), tf.constant(hi, dtype)),
                         {})
    assert outcome == "ok"


# -- Dilation2D's input gradient with an empty filter -------------------------------------

def _rows(*rows: list) -> np.ndarray:
    """One channel's (height, width) plane."""
    return np.array(rows, float)


# (input shape, filter shape, strides, rates, padding, the input backprop of
# out_backprop = 1, 2, 3, ... in row-major order, recorded from TF 2.21 as (batch, h, w)
# planes of channel 0 and, for two channels, of channel 1)
EMPTY_FILTER_CASES = [
    # the campaign's geometry: no taps, every output unwon, each sends its gradient to its
    # window's corner; a corner past the input's last row (VALID: the window of an empty
    # filter starts at y * stride) sends it nowhere
    ((2, 6, 5, 1), (0, 2, 1), [1, 2, 1, 1], [1, 1, 2, 1], "VALID",
     [[_rows([1, 2, 3, 0, 0], [0] * 5, [4, 5, 6, 0, 0], [0] * 5, [7, 8, 9, 0, 0], [0] * 5),
       _rows([13, 14, 15, 0, 0], [0] * 5, [16, 17, 18, 0, 0], [0] * 5,
             [19, 20, 21, 0, 0], [0] * 5)]]),
    ((1, 3, 3, 1), (2, 0, 1), [1, 1, 2, 1], [1, 1, 1, 1], "VALID",
     [[_rows([1, 0, 2], [3, 0, 4], [0, 0, 0])]]),
    # past the last column too: the output's last row and column are dropped
    ((1, 3, 3, 1), (0, 0, 1), [1, 1, 1, 1], [1, 1, 1, 1], "VALID",
     [[_rows([1, 2, 3], [5, 6, 7], [9, 10, 11])]]),
    ((1, 3, 3, 1), (0, 0, 1), [1, 1, 1, 1], [1, 1, 1, 1], "SAME",
     [[_rows([1, 2, 3], [4, 5, 6], [7, 8, 9])]]),
    ((1, 4, 3, 2), (0, 1, 2), [1, 1, 1, 1], [1, 3, 1, 1], "VALID",
     [[_rows([1, 3, 5], [7, 9, 11], [13, 15, 17], [19, 21, 23])],
      [_rows([2, 4, 6], [8, 10, 12], [14, 16, 18], [20, 22, 24])]]),
]


def _empty_filter_call(x_shape, f_shape, strides, rates, padding):
    x = np.linspace(-1, 1, int(np.prod(x_shape))).reshape(x_shape)
    f = np.zeros(f_shape)
    attrs = dict(strides=strides, rates=rates, padding=padding)
    out = tf.raw_ops.Dilation2D(input=x, filter=f, **attrs)
    g = np.arange(1, 1 + out.shape.num_elements(), dtype=float).reshape(out.shape)
    return x, f, g, out, attrs


@pytest.mark.parametrize("x_shape,f_shape,strides,rates,padding,planes", EMPTY_FILTER_CASES)
def test_dilation2d_backprop_input_of_an_empty_filter(x_shape, f_shape, strides, rates,
                                                      padding, planes):
    # was: a gradient of zeros (no taps, so nothing placed)
    x, f, g, out, attrs = _empty_filter_call(x_shape, f_shape, strides, rates, padding)
    # TF 2.21: every output the dtype's lowest value
    assert set(out.numpy().ravel().tolist()) == {-1.7976931348623157e+308}
    got = tf.raw_ops.Dilation2DBackpropInput(input=x, filter=f, out_backprop=g, **attrs)
    want = np.stack([np.stack(channel) for channel in planes], axis=-1)
    np.testing.assert_array_equal(got.numpy(), want)
    # and the filter's gradient is its (empty) shape
    assert tf.raw_ops.Dilation2DBackpropFilter(input=x, filter=f, out_backprop=g,
                                               **attrs).shape == f_shape


@pytest.mark.parametrize("x_shape,f_shape,strides,rates,padding,planes", EMPTY_FILTER_CASES)
def test_dilation2d_winner_gather_of_an_empty_filter(x_shape, f_shape, strides, rates,
                                                     padding, planes):
    # the campaign's case (eagerflow's own gradient helper, no TF op): was an IndexError
    # reading v at a corner past the input's last row. It is the input backprop's adjoint:
    # <gather(v), g> == <v, backprop(g)>, the backprop's values recorded from TF above
    x, f, g, _, attrs = _empty_filter_call(x_shape, f_shape, strides, rates, padding)
    v = np.random.default_rng(0).uniform(-1, 1, x_shape)
    ts = tuple(EagerTensor(a) for a in (x, f, v))
    outcome, gathered = guarded("Dilation2DWinnerGather", ("Dilation2DWinnerGather",), bind,
                                REGISTRY["Dilation2DWinnerGather"], ts,
                                {**attrs, "part": "input"})
    assert outcome == "ok" and gathered.shape == g.shape
    want = np.stack([np.stack(channel) for channel in planes], axis=-1)
    assert np.isclose((gathered.numpy() * g).sum(), (v * want).sum())


# -- a runtime shape-like input against what was known of it ------------------------------

def _t(a) -> EagerTensor:
    return EagerTensor(np.asarray(a))


@pytest.mark.parametrize("name,inputs,attr,static,runtime", [
    # the campaign's case: infer promised the static shape [5], the kernel made the runtime
    # [6] (a state no TF graph reaches: eagerflow's own attr, what was known of the input)
    ("ScatterNd", (np.array([[1], [3], [1]], np.int32), np.array([False, True, True])),
     "shape", (5,), [6]),
    ("Fill", (np.float32(1),), "shape", (5,), [6]),
    ("BroadcastTo", (np.ones(1, np.float32),), "shape", (5, 1), [5, 2]),
    ("Reshape", (np.ones(6, np.float32),), "shape", (2, None), [3, 2]),
    ("Tile", (np.ones(1, np.float32),), "multiples", (5,), [6]),
    ("Transpose", (np.ones((1, 2), np.float32),), "perm", (0, 1), [1, 0]),
    ("ResizeBilinear", (np.ones((1, 2, 2, 1), np.float32),), "size", (3, 4), [3, 3]),
])
def test_a_runtime_value_must_agree_with_the_static(name, inputs, attr, static, runtime):
    ts = tuple(_t(a) for a in inputs)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=rf"runtime {attr} \[{','.join(map(str, runtime))}\] is "
                             rf"incompatible with the static {attr} \[.*\] \[Op:{name}\]"):
        bind(REGISTRY[name], ts + (_t(np.array(runtime, np.int32)),), {attr: static})
    # what was known agrees: the runtime value is used
    known = tuple(None for _ in runtime)
    assert bind(REGISTRY[name], ts + (_t(np.array(runtime, np.int32)),), {attr: known}) \
        is not None


def _f32(*shape: int) -> np.ndarray:
    return np.arange(np.prod(shape), dtype=np.float32).reshape(shape)


@pytest.mark.parametrize("name,inputs,attrs,runtime,message", [
    # the same state for the ops reading their runtime value themselves (OneHot did already:
    # test_regressions_inputs.py)
    ("SplitV", (_f32(3, 4),), {"sizes": (2, 2), "axis": 1}, [1, 3],
     r"runtime size_splits \[1,3\] is incompatible with the static size_splits \[2,2\]"),
    ("Pad", (_f32(3, 4),), {"paddings": ((0, 0), (0, 0))}, [[1, 1], [0, 0]],
     r"runtime paddings \[1,1,0,0\] is incompatible with the static paddings \[0,0,0,0\]"),
    ("ReverseV2", (_f32(3, 4),), {"axes": (0,)}, [1],
     r"runtime axis \[1\] is incompatible with the static axis \[0\]"),
    ("TopKV2", (_f32(3, 4),), {"k": 2, "sorted": True, "index_type": tf.int32}, 3,
     r"runtime k 3 does not match the static k 2"),
    ("Multinomial", (np.zeros((1, 3), np.float32),),
     {"num_samples": 2, "output_dtype": tf.int64, "seed": 1, "seed2": 2}, 5,
     r"runtime num_samples 5 does not match the static num_samples 2"),
])
def test_a_runtime_value_read_by_the_kernel_must_agree_with_the_static(name, inputs, attrs,
                                                                       runtime, message):
    ts = tuple(_t(a) for a in inputs) + (_t(np.array(runtime, np.int32)),)
    with pytest.raises(tf.errors.InvalidArgumentError, match=rf"{message} \[Op:{name}\]"):
        bind(REGISTRY[name], ts, attrs)

