"""A Keras model of dilated convolutions (Conv2D, DepthwiseConv2D, SeparableConv2D) in a
module whose tf.function takes images of any size: saved, its function computes TF 2.21's
form of each dilated convolution, SpaceToBatchND / the undilated op / BatchToSpaceND with
the paddings computed from tf.shape (Shape, StridedSlice, Pack, AddV2, FloorMod, Sub).

golden/make_dilated_conv_form.py records, with TensorFlow, the op counts of TF's saved
function (`op_counts`) and what it computes (`run`); test_dilated_conv_form.py checks
eagerflow's file and values against them, and has TF run eagerflow's file.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

# the ops of the dilated forms (the layers' others, their bias adds, are not counted)
FORM_OPS = ("SpaceToBatchND", "BatchToSpaceND", "Conv2D", "DepthwiseConv2dNative", "Shape",
            "StridedSlice", "Pack", "AddV2", "FloorMod", "Sub")
SIZES = ((1, 9, 8, 3), (2, 7, 6, 3))


def _arr(seed: int, *shape: int) -> np.ndarray:
    return (np.random.default_rng(seed).standard_normal(shape) * 0.3).astype(np.float32)


def module(tf: Any) -> Any:
    keras = tf.keras
    model = keras.Sequential([
        keras.Input((None, None, 3)),
        keras.layers.Conv2D(4, 3, dilation_rate=2, padding="same"),
        keras.layers.DepthwiseConv2D(3, dilation_rate=(2, 1), padding="valid"),
        keras.layers.SeparableConv2D(2, 2, dilation_rate=2, padding="same")])
    model.set_weights([_arr(70 + i, *w.shape) for i, w in enumerate(model.get_weights())])
    m = tf.Module()
    m.model = model
    m.serve = tf.function(lambda x: model(x),
                          input_signature=[tf.TensorSpec([None, None, None, 3], tf.float32)])
    return m


def run(tf: Any, loaded: Any) -> list:
    """The serving function's outputs for images of each of SIZES, as nested lists."""
    return [loaded.serve(tf.constant(_arr(80 + k, *s))).numpy().tolist()
            for k, s in enumerate(SIZES)]


def op_counts(saved_model: Any) -> dict:
    """How many of each of FORM_OPS the saved serving function holds."""
    fns = [f for f in saved_model.meta_graphs[0].graph_def.library.function
           if "serving_default" in f.signature.name]
    counts = Counter(n.op for n in fns[0].node_def)
    return {op: counts[op] for op in FORM_OPS}
