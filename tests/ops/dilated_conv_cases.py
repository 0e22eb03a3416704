"""Dilated convolutions as TF 2.21 runs them on its CPU: tf.nn's and Keras's dilated forms
(SpaceToBatchND around an undilated op, whose gradients run there) with their values and
gradients, eagerly and in a tf.function of unknown spatial sizes (the paddings then come
from tf.shape at run time); the dilated kernels TF's default (oneDNN) CPU build computes
and its oneDNN-off kernels refuse (ONEDNN: Conv2D's and Conv3D's gradient ops, Conv3D,
DepthwiseConv2dNative, tf.nn's and Keras's dilated transposed convolutions); a few fit()
steps of a dilated model; and the op types of the graphs traced with unknown sizes.

Each case of CASES is a function of (tf, mode), mode "eager" or "unknown", returning the
arrays to compare (or raising). record_dilated_conv_golden.py runs them under TensorFlow
2.21 and writes dilated_conv_golden.json; test_dilated_conv_golden.py checks eagerflow
against it. GRAPHS' functions of tf return a traced graph's op types.
"""

from __future__ import annotations

import re
from typing import Any, Callable

import numpy as np

MODES = ("eager", "unknown")


def _arr(seed: int, *shape: int) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def _specs(tf: Any, xs: tuple) -> list:
    """The input's batch and spatial sizes unknown (its channels known, as Keras's layers
    need), the other arguments' shapes known."""
    first = tf.TensorSpec([None] * (xs[0].ndim - 1) + [xs[0].shape[-1]], tf.float32)
    return [first] + [tf.TensorSpec(x.shape, tf.float32) for x in xs[1:]]


def _run(tf: Any, mode: str, body: Callable, xs: tuple) -> list:
    ts = [tf.constant(x) for x in xs]
    if mode == "unknown":
        body = tf.function(body, input_signature=_specs(tf, xs))
    return [np.asarray(v) for v in body(*ts)]


def _grads(f: Callable, *xs: np.ndarray) -> Callable:
    """The case: f(tf, *inputs) and every input's gradient of sum(f ** 2)."""
    def run(tf: Any, mode: str) -> list:
        def body(*ts: Any) -> list:
            with tf.GradientTape() as tape:
                tape.watch(list(ts))
                y = f(tf, *ts)
                loss = tf.reduce_sum(y * y)
            return [y] + tape.gradient(loss, list(ts))
        return _run(tf, mode, _fixed_arity(body, len(xs)), xs)
    return run


def _values(f: Callable, *xs: np.ndarray) -> Callable:
    """The case: f(tf, *inputs) alone."""
    def run(tf: Any, mode: str) -> list:
        return _run(tf, mode, _fixed_arity(lambda *ts: [f(tf, *ts)], len(xs)), xs)
    return run


def _fixed_arity(body: Callable, n: int) -> Callable:
    """body as a function of n named arguments (an input_signature's)."""
    if n == 1:
        return lambda a: body(a)
    if n == 2:
        return lambda a, b: body(a, b)
    return lambda a, b, c: body(a, b, c)


def _layer(make: Callable, x: np.ndarray, seed: int) -> Callable:
    """The case: a Keras layer (make(keras)) built for x's channels, its weights set from
    `seed`, its output and the gradients of sum(out ** 2) for x and each weight."""
    def run(tf: Any, mode: str) -> list:
        keras = tf.keras
        layer = make(keras)
        layer.build((None,) * (x.ndim - 1) + (x.shape[-1],))
        layer.set_weights([_arr(seed + i, *w.shape) * 0.3
                           for i, w in enumerate(layer.get_weights())])

        def body(a: Any) -> list:
            with tf.GradientTape() as tape:
                tape.watch(a)
                y = layer(a)
                loss = tf.reduce_sum(y * y)
            return [y] + tape.gradient(loss, [a] + layer.trainable_weights)
        return _run(tf, mode, body, (x,))
    return run


def _fit(tf: Any, mode: str) -> list:
    """A dilated model's fit(): 3 epochs of 9 x 8 images, then 2 of 7 x 5 (Keras retraces
    its train function, its spatial sizes then unknown); eagerly (run_eagerly) or as
    compiled."""
    keras = tf.keras
    keras.utils.set_random_seed(3)
    model = keras.Sequential([
        keras.Input((None, None, 3)),
        keras.layers.Conv2D(4, 3, dilation_rate=2, padding="same", activation="relu"),
        keras.layers.SeparableConv2D(3, 3, dilation_rate=(2, 1), padding="same"),
        keras.layers.DepthwiseConv2D(2, dilation_rate=2, padding="valid"),
        keras.layers.GlobalAveragePooling2D(), keras.layers.Dense(1)])
    model.set_weights([_arr(40 + i, *w.shape) * 0.3 for i, w in enumerate(model.get_weights())])
    model.compile(keras.optimizers.SGD(0.05), "mse", run_eagerly=mode == "eager")
    losses = []
    for (h, w), epochs in (((9, 8), 3), ((7, 5), 2)):
        x, y = _arr(50 + h, 8, h, w, 3), _arr(60 + h, 8, 1)
        hist = model.fit(x, y, batch_size=4, epochs=epochs, shuffle=False, verbose=0)
        losses += hist.history["loss"]
    return [np.array(losses, np.float32)] + [np.asarray(v) for v in model.get_weights()]


X1, X2, X3 = _arr(1, 2, 9, 3), _arr(2, 1, 8, 7, 3), _arr(3, 1, 5, 6, 4, 2)
K1, K2, K3 = _arr(4, 3, 3, 4), _arr(5, 3, 3, 3, 4), _arr(6, 3, 2, 3, 2, 4)
DW, PW = _arr(7, 3, 3, 3, 2), _arr(8, 1, 1, 6, 4)
T2 = _arr(9, 1, 8, 7, 4)  # a transposed convolution's input (the filters' 4 outputs)
X5 = _arr(10, 1, 2, 5, 7, 2)  # spatial dims 2 and 3 (a dim before them not moved)
D6, D6_VALID = _arr(11, 1, 8, 7, 6), _arr(12, 1, 6, 5, 6)  # DW's output gradients
S4, DIL4 = [1, 1, 1, 1], [1, 2, 2, 1]


def _depthwise_input_grad(tf: Any, dy: Any, w: Any, padding: str) -> Any:
    return tf.raw_ops.DepthwiseConv2dNativeBackpropInput(
        input_sizes=[1, 8, 7, 3], filter=w, out_backprop=dy, strides=S4, padding=padding,
        dilations=DIL4)


def _depthwise_filter_grad(tf: Any, x: Any, dy: Any, padding: str) -> Any:
    return tf.raw_ops.DepthwiseConv2dNativeBackpropFilter(
        input=x, filter_sizes=[3, 3, 3, 2], out_backprop=dy, strides=S4, padding=padding,
        dilations=DIL4)


def _paddings_of_shape(tf: Any, mode: str) -> list:
    """tf.required_space_to_batch_paddings of a tensor's sizes (tf.shape's items: in a
    tf.function of unknown sizes, computed by the graph)."""
    def body(a: Any) -> list:
        return list(tf.required_space_to_batch_paddings(tf.shape(a)[1:3], [2, 3],
                                                         [[1, 0], [2, 1]]))
    return _run(tf, mode, body, (X2,))

CASES: dict[str, Callable] = {
    "convolution_1d_same": _grads(
        lambda tf, x, w: tf.nn.convolution(x, w, padding="SAME", dilations=2), X1, K1),
    "convolution_2d_same_2x3": _grads(
        lambda tf, x, w: tf.nn.convolution(x, w, padding="SAME", dilations=[2, 3]), X2, K2),
    "convolution_2d_valid": _grads(
        lambda tf, x, w: tf.nn.convolution(x, w, padding="VALID", dilations=2), X2, K2),
    "convolution_3d_same": _grads(
        lambda tf, x, w: tf.nn.convolution(x, w, padding="SAME", dilations=2), X3, K3),
    "convolution_2d_explicit": _grads(
        lambda tf, x, w: tf.nn.convolution(x, w, padding=[[0, 0], [1, 1], [2, 0], [0, 0]],
                                           dilations=2), X2, K2),
    "convolution_explicit_string": _grads(
        lambda tf, x, w: tf.nn.with_space_to_batch(
            x, [2, 2], "EXPLICIT", lambda c, n, p: tf.nn.convolution(c, w, padding=p)), X2, K2),
    "atrous_conv2d_same": _grads(lambda tf, x, w: tf.nn.atrous_conv2d(x, w, 2, "SAME"), X2, K2),
    "atrous_conv2d_valid_rate3": _grads(
        lambda tf, x, w: tf.nn.atrous_conv2d(x, w, 3, "VALID"), X2, K2),
    "atrous_conv2d_transpose_same": _grads(
        lambda tf, x, w: tf.nn.atrous_conv2d_transpose(x, w, [1, 8, 7, 3], 2, "SAME"), T2, K2),
    "atrous_conv2d_transpose_valid": _grads(
        lambda tf, x, w: tf.nn.atrous_conv2d_transpose(x, w, [1, 12, 11, 3], 2, "VALID"),
        T2, K2),
    "atrous_conv2d_transpose_shape_tensor": _grads(
        lambda tf, x, w: tf.nn.atrous_conv2d_transpose(
            x, w, tf.concat([tf.shape(x)[:3], [3]], 0), 2, "SAME"), T2, K2),
    "atrous_conv2d_transpose_shape_list": _grads(
        lambda tf, x, w: tf.nn.atrous_conv2d_transpose(
            x, w, [tf.shape(x)[0], tf.shape(x)[1] + 4, tf.shape(x)[2] + 4, 3], 2, "VALID"),
        T2, K2),
    "conv2d_transpose_dilated": _grads(
        lambda tf, x, w: tf.nn.conv2d_transpose(x, w, [1, 8, 7, 3], 1, "SAME", dilations=2),
        T2, K2),
    "depthwise_conv2d_rate2": _grads(
        lambda tf, x, w: tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], "SAME", dilations=[2, 2]),
        X2, DW),
    "depthwise_conv2d_valid_2x1": _grads(
        lambda tf, x, w: tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], "VALID",
                                                dilations=[2, 1]), X2, DW),
    "separable_conv2d_rate2": _grads(
        lambda tf, x, w, p: tf.nn.separable_conv2d(x, w, p, [1, 1, 1, 1], "SAME",
                                                   dilations=[2, 2]), X2, DW, PW),
    # (TF's CPU depthwise gradient kernels read no dilations: sizes and values undilated)
    "depthwise_backprop_input_dilations_unread": _values(
        lambda tf, dy, w: _depthwise_input_grad(tf, dy, w, "SAME"), D6, DW),
    "depthwise_backprop_input_valid_undilated_sizes": _values(
        lambda tf, dy, w: _depthwise_input_grad(tf, dy, w, "VALID"), D6_VALID, DW),
    "depthwise_backprop_filter_dilations_unread": _values(
        lambda tf, x, dy: _depthwise_filter_grad(tf, x, dy, "SAME"), X2, D6),
    "depthwise_backprop_filter_valid_undilated_sizes": _values(
        lambda tf, x, dy: _depthwise_filter_grad(tf, x, dy, "VALID"), X2, D6_VALID),
    "max_pool_dilated": _grads(
        lambda tf, x: tf.nn.pool(x, [2, 2], "MAX", padding="VALID", dilations=[2, 2]), X2),
    "avg_pool_dilated": _grads(
        lambda tf, x: tf.nn.pool(x, [2, 3], "AVG", padding="VALID", dilations=[2, 1]), X2),
    "required_paddings_of_shape": _paddings_of_shape,
    "with_space_to_batch_dims_2_3": _grads(
        lambda tf, x: tf.nn.with_space_to_batch(
            x, [2, 2], "SAME", lambda c, n, p: tf.math.cumsum(c, axis=2) * 0.5,
            filter_shape=[3, 2], spatial_dims=[2, 3]), X5),
    "keras_conv1d_causal": _layer(
        lambda k: k.layers.Conv1D(4, 3, dilation_rate=2, padding="causal"), X1, 10),
    "keras_conv1d_same": _layer(
        lambda k: k.layers.Conv1D(4, 3, dilation_rate=3, padding="same"), X1, 11),
    "keras_conv2d": _layer(
        lambda k: k.layers.Conv2D(4, 3, dilation_rate=2, padding="same"), X2, 12),
    "keras_conv2d_valid_2x3": _layer(
        lambda k: k.layers.Conv2D(4, (2, 2), dilation_rate=(2, 3), padding="valid"), X2, 13),
    "keras_conv3d": _layer(
        lambda k: k.layers.Conv3D(4, 2, dilation_rate=2, padding="same"), X3, 14),
    "keras_depthwise_conv2d": _layer(
        lambda k: k.layers.DepthwiseConv2D(3, depth_multiplier=2, dilation_rate=2,
                                           padding="same"), X2, 15),
    "keras_separable_conv2d": _layer(
        lambda k: k.layers.SeparableConv2D(4, 3, dilation_rate=2, padding="same"), X2, 16),
    "keras_conv2d_transpose": _layer(
        lambda k: k.layers.Conv2DTranspose(3, 3, dilation_rate=2, padding="same"), T2, 17),
    "keras_fit": _fit,
}

T1 = _arr(13, 2, 9, 4)  # conv1d_transpose's input (K1's 4 outputs)
Y3 = _arr(14, 1, 5, 6, 4, 4)  # X3 * K3's output (gradient) at dilation 2, SAME
S5, DIL5 = [1] * 5, [1, 2, 2, 2, 1]

# What TF's CPU computes with oneDNN on (its default build) and refuses with it off
# (recorded with TF_ENABLE_ONEDNN_OPTS=1); the raw depthwise op's gradient, which TF's
# depthwise gradient kernels compute undilated, is not taken.
ONEDNN_CASES: dict[str, Callable] = {
    "raw_conv2d_backprop_input": _values(
        lambda tf, dy, w: tf.raw_ops.Conv2DBackpropInput(
            input_sizes=[1, 8, 7, 3], filter=w, out_backprop=dy, strides=S4, padding="SAME",
            dilations=DIL4), T2, K2),
    "raw_conv2d_backprop_filter": _values(
        lambda tf, x, dy: tf.raw_ops.Conv2DBackpropFilter(
            input=x, filter_sizes=[3, 3, 3, 4], out_backprop=dy, strides=S4, padding="SAME",
            dilations=DIL4), X2, T2),
    "raw_conv3d": _values(
        lambda tf, x, w: tf.raw_ops.Conv3D(input=x, filter=w, strides=S5, padding="SAME",
                                           dilations=DIL5), X3, K3),
    "raw_conv3d_backprop_input_v2": _values(
        lambda tf, dy, w: tf.raw_ops.Conv3DBackpropInputV2(
            input_sizes=[1, 5, 6, 4, 2], filter=w, out_backprop=dy, strides=S5,
            padding="SAME", dilations=DIL5), Y3, K3),
    "raw_conv3d_backprop_filter_v2": _values(
        lambda tf, x, dy: tf.raw_ops.Conv3DBackpropFilterV2(
            input=x, filter_sizes=[3, 2, 3, 2, 4], out_backprop=dy, strides=S5,
            padding="SAME", dilations=DIL5), X3, Y3),
    "raw_depthwise_conv2d_native": _values(
        lambda tf, x, w: tf.raw_ops.DepthwiseConv2dNative(
            input=x, filter=w, strides=S4, padding="SAME", dilations=DIL4), X2, DW),
    "conv2d_transpose_dilated": CASES["conv2d_transpose_dilated"],
    "conv1d_transpose_dilated": _grads(
        lambda tf, x, w: tf.nn.conv1d_transpose(x, w, [2, 9, 3], 1, "SAME", dilations=2),
        T1, K1),
    "conv3d_transpose_dilated": _grads(
        lambda tf, x, w: tf.nn.conv3d_transpose(x, w, [1, 5, 6, 4, 2], 1, "SAME",
                                                dilations=2), Y3, K3),
    "conv3d_dilated": _grads(
        lambda tf, x, w: tf.nn.conv3d(x, w, S5, "SAME", dilations=DIL5), X3, K3),
    "keras_conv2d_transpose": CASES["keras_conv2d_transpose"],
}
CASES.update(ONEDNN_CASES)


def _graph(f: Callable, *xs: np.ndarray) -> Callable:
    """The op types (sorted, Const and the placeholders left out) of f traced with the
    input's spatial sizes unknown."""
    def run(tf: Any) -> list:
        fn = tf.function(lambda *ts: f(tf, *ts), input_signature=_specs(tf, xs))
        ops = fn.get_concrete_function().graph.get_operations()
        return sorted(op.type for op in ops if op.type not in ("Const", "Placeholder"))
    return run


GRAPHS: dict[str, Callable] = {
    "convolution_1d": _graph(
        lambda tf, x, w: tf.nn.convolution(x, w, padding="SAME", dilations=2), X1, K1),
    "convolution_2d": _graph(
        lambda tf, x, w: tf.nn.convolution(x, w, padding="SAME", dilations=[2, 3]), X2, K2),
    "convolution_3d_valid": _graph(
        lambda tf, x, w: tf.nn.convolution(x, w, padding="VALID", dilations=2), X3, K3),
    "convolution_2d_nchw": _graph(  # (TF's CPU runs no NCHW Conv2D; it traces it)
        lambda tf, x, w: tf.nn.convolution(x, w, padding="SAME", dilations=[2, 3],
                                           data_format="NCHW"), X2.transpose(0, 3, 1, 2), K2),
    "convolution_2d_explicit": _graph(
        lambda tf, x, w: tf.nn.convolution(x, w, padding=[[0, 0], [1, 1], [2, 0], [0, 0]],
                                           dilations=2), X2, K2),
    "depthwise_conv2d": _graph(
        lambda tf, x, w: tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], "SAME", dilations=[2, 2]),
        X2, DW),
    "with_space_to_batch_dims_2_3": _graph(
        lambda tf, x: tf.nn.with_space_to_batch(
            x, [2, 2], "SAME", lambda c, n, p: tf.math.cumsum(c, axis=2) * 0.5,
            filter_shape=[3, 2], spatial_dims=[2, 3]), X5),
    "max_pool": _graph(
        lambda tf, x: tf.nn.pool(x, [2, 2], "MAX", padding="VALID", dilations=[2, 2]), X2),
}


def kernel_message(text: str) -> str:
    """The failing kernel's own words in an error's text: in a graph's error the line
    before its "[[{{node ...}}]]", else what follows TF's "{{function_node ...}} " up to the
    line's end, less an eager " [Op:...]" suffix."""
    found = re.search(r"([^\n]*)\n\t \[\[\{\{node ", text) or \
        re.search(r"\{\{function_node [^}]*\}\} ([^\n]*)", text)
    line = found.group(1) if found else text.splitlines()[0]
    line = re.sub(r"^\{\{function_node [^}]*\}\} ", "", line)
    return re.sub(r" \[Op:[^\]]*\].*$", "", line)


def outcome(tf: Any, case: Callable, mode: str, encode: Callable) -> dict:
    """{"value": [encoded arrays]}, or the error's class and its kernel_message."""
    try:
        return {"value": [encode(v) for v in case(tf, mode)]}
    except Exception as e:  # noqa: BLE001 - the error is the recorded outcome
        return {"error": type(e).__name__, "message": kernel_message(str(e))}
