"""Regression tests for the fuzz campaign of seed 2305415663 (EAGERFLOW_FUZZ=long, the op
registry's suite): each input the campaign found, with TF 2.21's answer to it recorded as
data (its error class and message, or its result)."""

from __future__ import annotations

import re

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import REGISTRY

# -- FusedPadConv2D and FusedResizeAndPadConv2D ------

_FUSED_W = np.cos(np.arange(3 * 2 * 3 * 4) * 0.9).reshape(3, 2, 3, 4).astype(np.float32)
_SPATIAL = ((0, 0), (1, 1), (1, 1), (0, 0))


def _fused(op: str, x: np.ndarray, paddings=_SPATIAL, strides=(1, 1, 1, 1), padding="VALID",
           mode="REFLECT"):
    kw = dict(input=x, filter=_FUSED_W, paddings=paddings, mode=mode, strides=list(strides),
              padding=padding)
    if op == "FusedResizeAndPadConv2D":
        kw["size"] = [5, 5]
    return getattr(tf.raw_ops, op)(**kw)


@pytest.mark.parametrize("op", ["FusedPadConv2D", "FusedResizeAndPadConv2D"])
@pytest.mark.parametrize("x_shape,kwargs,message", [
    # the campaign's cases: a zero stride was a ZeroDivisionError, a stride past int32 an
    # OverflowError of NumPy's as_strided; TF 2.21 reads its int32 attr first
    ((1, 6, 6, 3), dict(strides=(1, 0, 1, 1)), "Stride must be > 0, but got 0"),
    ((1, 6, 6, 3), dict(strides=(1, 2**62, 1, 1), mode="SYMMETRIC",
                        paddings=((0, 0), (5, 0), (0, 0), (0, 0))),
     "Attr strides has value 4611686018427387904 out of range for an int32"),
    ((1, 6, 6, 3), dict(strides=(1, 1, 0, 1), padding="SAME"), "Stride must be > 0, but got 0"),
    ((1, 6, 6, 3), dict(strides=(1, 1, -3, 1)), "Stride must be > 0, but got -3"),
    ((1, 6, 6, 3), dict(strides=(1, 2**40, 1)),
     "Attr strides has value 1099511627776 out of range for an int32"),
    ((1, 6, 6, 3), dict(strides=(2, 2**40, 1, 1)),
     "Attr strides has value 1099511627776 out of range for an int32"),
    # each dimension's paddings, non-negative then within the mirror's bounds, come
    # before the refusal of a batch or channel padding; an empty input before them all
    ((1, 6, 6, 3), dict(paddings=((1, 0), (1, 1), (1, 1), (0, 0))),
     "paddings must be less than the dimension size: 1, 0 not less than 1"),
    ((1, 6, 6, 3), dict(paddings=((2, 0), (1, 1), (1, 1), (0, 0)), mode="SYMMETRIC"),
     "paddings must be no greater than the dimension size: 2, 0 greater than 1"),
    ((2, 6, 6, 3), dict(paddings=((0, 0), (1, 1), (1, 1), (0, 3))),
     "paddings must be less than the dimension size: 0, 3 not less than 3"),
    ((2, 6, 6, 3), dict(paddings=((1, 0), (1, -1), (0, 0), (0, 0))),
     "paddings must be non-negative: 1 -1"),
    ((1, 0, 6, 3), dict(paddings=((1, 0), (0, 0), (0, 0), (0, 0))),
     "Input tensor can't be empty"),
    ((1, 0, 6, 3), dict(paddings=((0, 0), (1, -1), (1, 1), (0, 0))),
     "Input tensor can't be empty"),
    ((2, 6, 6, 3), dict(paddings=((1, 0), (1, 1), (1, 1), (0, 0))),
     "Fused mirror padding only support spatial padding, not batches"),
])
def test_fused_pad_conv_checks_in_tf_order(op, x_shape, kwargs, message):
    # TF 2.21's errors, recorded
    with pytest.raises(tf.errors.InvalidArgumentError, match=rf"{re.escape(message)}"):
        _fused(op, np.ones(x_shape, np.float32), **kwargs)


def test_fused_resize_and_pad_conv_bounds_the_resized_size():
    # TF 2.21: the mirror bound of a spatial padding is the resized image's (5), not 6
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"paddings must be less than the dimension size: 9, 1 not less "
                             r"than 5 \[Op:FusedResizeAndPadConv2D\]"):
        _fused("FusedResizeAndPadConv2D", np.ones((2, 6, 6, 3), np.float32),
               paddings=((0, 0), (9, 1), (1, 1), (0, 2)))


@pytest.mark.parametrize("strides,want", [
    # TF 2.21's outputs (channel 0): its SAME pads before a dimension by half the windows'
    # overhang rounded toward zero, negative where the stride leaves them short of the
    # input's end, so the windows start inside it (was: zero padding, then windows from
    # the first row and column)
    ((5, 5), [[0.793, 0.5616], [-0.0365, -0.3699]]),
    ((8, 8), [[2.6265, -2.6576]]),
    ((20, 1), [[2.6265, -0.0525, 0.5318, 0.4545, -0.1882, -0.5968, -0.263, 0.9365, -2.6576]]),
    ((1, 20), [[0.0878], [-0.2185], [0.1649], [0.4545], [-0.5425], [-0.0039], [0.6806],
               [-0.6513]]),
])
def test_fused_pad_conv_same_windows_of_a_long_stride(strides, want):
    x = np.sin(np.arange(6 * 7 * 3) * 1.7).reshape(1, 6, 7, 3).astype(np.float32)
    out = _fused("FusedPadConv2D", x, strides=(1, *strides, 1), padding="SAME")
    np.testing.assert_allclose(out.numpy()[0, :, :, 0], want, atol=1e-4)


# -- Roll's runtime inputs ------------------------------------------------------------------

@pytest.mark.parametrize("attrs,runtime", [
    # the campaign's cases: a shift of None (an input known when the graph runs) but no
    # such input reached NumPy's roll (AxisError, OverflowError); eagerflow's own attrs, a
    # state no TF graph reaches (its op always has both inputs)
    ({"shift": None, "axis": (1,)}, ()),
    ({"shift": None, "axis": (2**31,)}, ()),
    ({"shift": (1,), "axis": (0,)}, (np.int32(1),)),
])
def test_roll_takes_one_runtime_input_for_each_attr_not_known(attrs, runtime):
    x = EagerTensor(np.arange(5.0))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"expected \d runtime shift and axis inputs .*, got "
                             rf"{len(runtime)} \[Op:Roll\]"):
        bind(REGISTRY["Roll"], (x,) + tuple(EagerTensor(np.asarray(r)) for r in runtime), attrs)
    # with its input, the shift known at run time
    out = bind(REGISTRY["Roll"], (x, EagerTensor(np.int32(1))), {"shift": None, "axis": (0,)})
    assert out.numpy().tolist() == [4.0, 0.0, 1.0, 2.0, 3.0]
