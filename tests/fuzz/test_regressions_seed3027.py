"""Regression tests for a fuzz campaign on the strict stand-in GPU (seed 3027882934,
EAGERFLOW_STANDIN_GPUS=1): each case's input and TF 2.21's answer to it, recorded as data.
"""

from __future__ import annotations

import contextlib

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core import device as DEV

_GPU = pytest.mark.parametrize("gpu", [False, True], ids=["cpu", "standin-gpu"])


def _on(gpu: bool):
    return DEV.standin_gpus(1) if gpu else contextlib.nullcontext()


# -- tf.nn.convolution: its dilations iterated as TF iterates them ------------------------

_X1, _W1 = np.ones((1, 4, 1), np.float32), np.ones((2, 1, 1), np.float32)
_X2, _W2 = np.ones((1, 4, 4, 1), np.float32), np.ones((2, 2, 1, 1), np.float32)


@_GPU
@pytest.mark.parametrize("x,w,kwargs,cls,match", [
    # the fuzz's case: was an AttributeError of 1.5.startswith (TF's own, raised where it
    # checks a dilated convolution's depth; eagerflow's contract is the TypeError)
    (np.zeros((0, 0, 0), bool), np.zeros((0, 0, 0), bool),
     {"strides": [], "padding": tf.constant(True), "data_format": 1.5,
      "dilations": np.array(False)}, TypeError, "iteration over a 0-d array"),
    (_X2, _W2, {"data_format": 1.5, "dilations": 2}, TypeError,
     r"`data_format` must be a string\. Received: data_format=1\.5 of type float"),
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
