"""Channels-first convolutions and poolings on the CPU, shared by
record_conv_cpu_format_golden.py (run under TensorFlow 2.21, oneDNN on as it ships) and
test_conv_cpu_format.py: the tf.nn functions, the raw gradient ops, a tf.function's run and
the Keras layers, each in float16, float32, float64 and bfloat16. TF's CPU kernels refuse
channels-first data, each in its own words, where its oneDNN kernels (float32 and bfloat16,
some ops) do not compute it instead."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

DTYPES = ("float16", "float32", "float64", "bfloat16")
ONEDNN = ("float32", "bfloat16")


def _data(*shape: int) -> np.ndarray:
    """Small distinct values (exact in bfloat16), no ties for the max pools."""
    n = int(np.prod(shape))
    return ((np.arange(n) * 7 % n) / 8.0 - 2.0).reshape(shape)


def _ops(tf: Any) -> dict:
    """name -> function of a dtype name, giving the op's result on channels-first data."""
    nn, raw = tf.nn, tf.raw_ops

    def t(dtype: str, *shape: int) -> Any:
        return tf.cast(tf.constant(_data(*shape)), dtype)

    def tape_grad(pool: Callable, x: Any) -> Any:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = pool(x)
        return tape.gradient(y, x)

    def max_pool(x: Any) -> Any:
        return nn.max_pool2d(x, 2, 1, "SAME", data_format="NCHW")

    def max_pool3d(x: Any) -> Any:
        return nn.max_pool3d(x, 2, 1, "SAME", data_format="NCDHW")

    return {
        "conv1d": lambda d: nn.conv1d(t(d, 1, 2, 5), t(d, 3, 2, 4), 1, "SAME",
                                      data_format="NCW"),
        "conv2d": lambda d: nn.conv2d(t(d, 1, 2, 5, 5), t(d, 3, 3, 2, 4), 1, "SAME",
                                      data_format="NCHW"),
        "conv2d_explicit": lambda d: nn.conv2d(t(d, 1, 2, 4, 4), t(d, 2, 2, 2, 3), 1,
                                               [[0, 0], [0, 0], [1, 0], [0, 1]],
                                               data_format="NCHW"),
        "conv3d": lambda d: nn.conv3d(t(d, 1, 2, 4, 4, 4), t(d, 2, 2, 2, 2, 3), [1] * 5,
                                      "SAME", data_format="NCDHW"),
        "conv3d_dilated": lambda d: nn.conv3d(t(d, 1, 2, 4, 4, 4), t(d, 2, 2, 2, 2, 3),
                                              [1] * 5, "SAME", data_format="NCDHW",
                                              dilations=[1, 1, 2, 2, 2]),
        "depthwise_conv2d": lambda d: nn.depthwise_conv2d(t(d, 1, 2, 5, 5), t(d, 3, 3, 2, 2),
                                                          [1, 1, 1, 1], "SAME",
                                                          data_format="NCHW"),
        "conv1d_transpose": lambda d: nn.conv1d_transpose(t(d, 1, 4, 5), t(d, 3, 2, 4),
                                                          [1, 2, 5], 1, "SAME",
                                                          data_format="NCW"),
        "conv2d_transpose": lambda d: nn.conv2d_transpose(t(d, 1, 4, 5, 5), t(d, 3, 3, 2, 4),
                                                          [1, 2, 5, 5], 1, "SAME",
                                                          data_format="NCHW"),
        "conv3d_transpose": lambda d: nn.conv3d_transpose(t(d, 1, 4, 3, 3, 3),
                                                          t(d, 2, 2, 2, 2, 4), [1, 2, 3, 3, 3],
                                                          1, "SAME", data_format="NCDHW"),
        "max_pool1d": lambda d: nn.max_pool1d(t(d, 1, 2, 5), 2, 1, "SAME", data_format="NCW"),
        "max_pool2d": lambda d: max_pool(t(d, 1, 2, 5, 5)),
        "max_pool2d_explicit": lambda d: nn.max_pool2d(t(d, 1, 2, 5, 5), 2, 1,
                                                       [[0, 0], [0, 0], [1, 0], [0, 1]],
                                                       data_format="NCHW"),
        "avg_pool1d": lambda d: nn.avg_pool1d(t(d, 1, 2, 5), 2, 1, "SAME", data_format="NCW"),
        "avg_pool2d": lambda d: nn.avg_pool2d(t(d, 1, 2, 5, 5), 2, 1, "SAME",
                                              data_format="NCHW"),
        "max_pool3d": lambda d: max_pool3d(t(d, 1, 2, 4, 4, 4)),
        "avg_pool3d": lambda d: nn.avg_pool3d(t(d, 1, 2, 4, 4, 4), 2, 1, "SAME",
                                              data_format="NCDHW"),
        "max_pool2d_int32": lambda d: max_pool(tf.constant(_data(1, 2, 5, 5) * 8, "int32")),
        "Conv2DBackpropInput": lambda d: raw.Conv2DBackpropInput(
            input_sizes=[1, 2, 5, 5], filter=t(d, 3, 3, 2, 4), out_backprop=t(d, 1, 4, 5, 5),
            strides=[1, 1, 1, 1], padding="SAME", data_format="NCHW"),
        "Conv2DBackpropFilter": lambda d: raw.Conv2DBackpropFilter(
            input=t(d, 1, 2, 5, 5), filter_sizes=[3, 3, 2, 4], out_backprop=t(d, 1, 4, 5, 5),
            strides=[1, 1, 1, 1], padding="SAME", data_format="NCHW"),
        "Conv3DBackpropFilterV2": lambda d: raw.Conv3DBackpropFilterV2(
            input=t(d, 1, 2, 3, 3, 3), filter_sizes=[2, 2, 2, 2, 4],
            out_backprop=t(d, 1, 4, 3, 3, 3), strides=[1] * 5, padding="SAME",
            data_format="NCDHW"),
        "DepthwiseConv2dNativeBackpropInput": lambda d: raw.DepthwiseConv2dNativeBackpropInput(
            input_sizes=[1, 2, 5, 5], filter=t(d, 3, 3, 2, 2), out_backprop=t(d, 1, 4, 5, 5),
            strides=[1, 1, 1, 1], padding="SAME", data_format="NCHW"),
        "DepthwiseConv2dNativeBackpropFilter": lambda d:
            raw.DepthwiseConv2dNativeBackpropFilter(
                input=t(d, 1, 2, 5, 5), filter_sizes=[3, 3, 2, 2],
                out_backprop=t(d, 1, 4, 5, 5), strides=[1, 1, 1, 1], padding="SAME",
                data_format="NCHW"),
        "MaxPoolGrad": lambda d: raw.MaxPoolGrad(
            orig_input=t(d, 1, 2, 5, 5), orig_output=max_pool(t(d, 1, 2, 5, 5)),
            grad=t(d, 1, 2, 5, 5), ksize=[1, 1, 2, 2], strides=[1, 1, 1, 1], padding="SAME",
            data_format="NCHW"),
        "MaxPoolGradGrad": lambda d: raw.MaxPoolGradGrad(
            orig_input=t(d, 1, 2, 5, 5), orig_output=max_pool(t(d, 1, 2, 5, 5)),
            grad=t(d, 1, 2, 5, 5), ksize=[1, 1, 2, 2], strides=[1, 1, 1, 1], padding="SAME",
            data_format="NCHW"),
        "AvgPoolGrad": lambda d: raw.AvgPoolGrad(
            orig_input_shape=[1, 2, 5, 5], grad=t(d, 1, 2, 5, 5), ksize=[1, 1, 2, 2],
            strides=[1, 1, 1, 1], padding="SAME", data_format="NCHW"),
        "MaxPool3DGrad": lambda d: raw.MaxPool3DGrad(
            orig_input=t(d, 1, 2, 4, 4, 4), orig_output=t(d, 1, 2, 4, 4, 4),
            grad=t(d, 1, 2, 4, 4, 4), ksize=[1, 1, 2, 2, 2], strides=[1] * 5, padding="SAME",
            data_format="NCDHW"),
        "MaxPool3DGradGrad": lambda d: raw.MaxPool3DGradGrad(
            orig_input=t(d, 1, 2, 4, 4, 4), orig_output=t(d, 1, 2, 4, 4, 4),
            grad=t(d, 1, 2, 4, 4, 4), ksize=[1, 1, 2, 2, 2], strides=[1] * 5, padding="SAME",
            data_format="NCDHW"),
        "Conv_channels_first": lambda d: raw.Conv(
            input=t(d, 1, 2, 5, 5), filter=t(d, 3, 3, 2, 4), strides=[1, 1, 1, 1],
            padding="SAME", data_format="CHANNELS_FIRST"),
        "Conv_3d_channels_first": lambda d: raw.Conv(
            input=t(d, 1, 2, 4, 4, 4), filter=t(d, 2, 2, 2, 2, 3), strides=[1] * 5,
            padding="SAME", data_format="CHANNELS_FIRST"),
        # the N-D Conv op's other CPU refusals (channels-last), which XLA computes
        "Conv_groups": lambda d: raw.Conv(
            input=t(d, 1, 5, 5, 4), filter=t(d, 3, 3, 2, 4), strides=[1, 1, 1, 1],
            padding="SAME", groups=2),
        "Conv_3d_dilated": lambda d: raw.Conv(
            input=t(d, 1, 4, 4, 4, 2), filter=t(d, 2, 2, 2, 2, 3), strides=[1] * 5,
            padding="SAME", dilations=[1, 2, 2, 2, 1]),
        # a max pool's gradient: refused eagerly; a graph runs oneDNN's gradient of its
        # MaxPool, which computes float32 and bfloat16
        "max_pool2d_tape": lambda d: tape_grad(max_pool, t(d, 1, 2, 5, 5)),
        "max_pool3d_tape": lambda d: tape_grad(max_pool3d, t(d, 1, 2, 4, 4, 4)),
        "max_pool2d_tape_traced": lambda d: tf.function(
            lambda x: tape_grad(max_pool, x))(t(d, 1, 2, 5, 5)),
        "max_pool3d_tape_traced": lambda d: tf.function(
            lambda x: tape_grad(max_pool3d, x))(t(d, 1, 2, 4, 4, 4)),
    }


# the dtypes of the cases not of every one: a traced 3-D max pool of another dtype has no
# kernel in TF's graph for its forward op (its run's error lists the node's attrs in an
# order TF varies from run to run: test_pool.py checks it); MaxPool3DGrad's definition
# takes no float64, and which of its two type attrs TF names for it is not the channels'
# business
_ONLY = {"max_pool2d_int32": ("int32",), "max_pool3d_tape_traced": ONEDNN,
         "MaxPool3DGrad": ("float16", "float32", "bfloat16")}

# a traced function's run of these (its error is the graph's, at run)
TRACED = ("conv2d", "conv3d", "depthwise_conv2d", "conv2d_transpose", "max_pool2d",
          "avg_pool2d", "Conv2DBackpropFilter", "MaxPoolGrad", "AvgPoolGrad",
          "Conv_channels_first", "Conv_groups")

# every op's case also runs in a tf.function(jit_compile=True) ("-jit"), where TF's XLA
# computes what its CPU kernels refuse; but for these dtypes: those whose refusal is
# tf2xla's (XLA takes no explicit padding of a pool, and has float32 kernels only for the
# max pools' second gradients), which eagerflow does not word (it computes them), and the
# 3-D max pool's float64, which TF's Python wrapper refuses before any trace
_JIT_ONLY = {"max_pool2d_explicit": (), "MaxPoolGradGrad": ("float32",),
             "MaxPool3DGradGrad": ("float32",), "max_pool3d": _ONLY["MaxPool3DGrad"],
             "max_pool3d_tape": _ONLY["MaxPool3DGrad"]}


def _layers(keras: Any) -> dict:
    """name -> function of a dtype name: a Keras layer called on channels-first data."""
    L = keras.layers

    def layer(make: Callable, *shape: int) -> Callable:
        return lambda d: make(d)(_data(*shape).astype(np.float32).astype(d))

    first = {"data_format": "channels_first"}
    return {
        "keras_Conv1D": layer(lambda d: L.Conv1D(3, 2, dtype=d, **first), 1, 2, 5),
        "keras_Conv1D_causal": layer(lambda d: L.Conv1D(3, 2, padding="causal", dtype=d,
                                                        **first), 1, 2, 5),
        "keras_Conv2D": layer(lambda d: L.Conv2D(3, 2, dtype=d, **first), 1, 2, 5, 5),
        "keras_Conv2D_grouped": layer(lambda d: L.Conv2D(4, 2, groups=2, dtype=d, **first),
                                      1, 2, 5, 5),
        "keras_Conv3D": layer(lambda d: L.Conv3D(3, 2, dtype=d, **first), 1, 2, 4, 4, 4),
        "keras_Conv1DTranspose": layer(lambda d: L.Conv1DTranspose(3, 2, dtype=d, **first),
                                       1, 2, 5),
        "keras_Conv2DTranspose": layer(lambda d: L.Conv2DTranspose(3, 2, dtype=d, **first),
                                       1, 2, 5, 5),
        "keras_Conv3DTranspose": layer(lambda d: L.Conv3DTranspose(3, 2, dtype=d, **first),
                                       1, 2, 4, 4, 4),
        "keras_DepthwiseConv2D": layer(lambda d: L.DepthwiseConv2D(2, dtype=d, **first),
                                       1, 2, 5, 5),
        "keras_SeparableConv2D": layer(lambda d: L.SeparableConv2D(3, 2, dtype=d, **first),
                                       1, 2, 5, 5),
        "keras_MaxPooling2D": layer(lambda d: L.MaxPooling2D(2, dtype=d, **first), 1, 2, 5, 5),
        "keras_AveragePooling2D": layer(lambda d: L.AveragePooling2D(2, dtype=d, **first),
                                        1, 2, 5, 5),
        "keras_MaxPooling3D": layer(lambda d: L.MaxPooling3D(2, dtype=d, **first),
                                    1, 2, 4, 4, 4),
    }


def calls(tf: Any, keras: Any) -> dict:
    """name -> function of no arguments: every case, in every dtype ("conv2d-float64";
    a traced run's name ends in "-traced", a compiled one's in "-jit"; the layers' in
    float16, float32 and float64)."""
    out = {}
    ops = _ops(tf)
    for name, fn in ops.items():
        for d in _ONLY.get(name, DTYPES):
            out[f"{name}-{d}"] = lambda fn=fn, d=d: fn(d)
            if name in TRACED:
                out[f"{name}-{d}-traced"] = lambda fn=fn, d=d: tf.function(lambda: fn(d))()
            if d in _JIT_ONLY.get(name, DTYPES):
                out[f"{name}-{d}-jit"] = lambda fn=fn, d=d: tf.function(
                    lambda: fn(d), jit_compile=True)()
    for name, fn in _layers(keras).items():
        for d in DTYPES[:3]:
            out[f"{name}-{d}"] = lambda fn=fn, d=d: fn(d)
    return out
