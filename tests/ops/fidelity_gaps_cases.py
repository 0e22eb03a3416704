"""Calls where eagerflow once differed from TF 2.21 / Keras 3.15 in small ways (which op
tf.pad runs, raw ops' argument conversion and kernels, Keras's argument checks), whose
outcomes fidelity_gaps_golden.json records from TF (by record_fidelity_gaps_golden.py)
and test_fidelity_gaps.py checks eagerflow against.

Each `*_cases(tf)` returns {key: a call taking no argument}, run with whichever module is
passed as `tf`; `outcome` turns what a call gives into what the golden holds.
"""

import numpy as np


def outcome(call):
    """{"text": str(result)} or {"error": class name, "message": str(error)}."""
    try:
        r = call()
    except Exception as e:  # noqa: BLE001 - the error is the recorded outcome
        return {"error": type(e).__name__, "message": str(e)}
    return {"text": r if isinstance(r, str) else str(r)}


def _graph_ops(tf, fn, *args):
    """The (type, name) of each operation of `fn`'s traced graph."""
    g = tf.function(fn).get_concrete_function(*args).graph
    return str([(op.type, op.name) for op in g.get_operations()])


def _graph_def_nodes(tf, fn, *args):
    g = tf.function(fn).get_concrete_function(*args).graph
    return str([(n.op, n.name, list(n.input)) for n in g.as_graph_def().node])


def pad_cases(tf):
    x = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
    p = [[1, 0], [0, 1]]

    def traced(**kw):
        return lambda: _graph_ops(tf, lambda t: tf.pad(t, p, **kw), tf.constant(x))

    def eager(pads, **kw):
        return lambda: tf.pad(tf.constant(x), pads, **kw)

    out = {
        "graph/default": traced(),
        "graph/zero_int": traced(constant_values=0),
        "graph/zero_float": traced(constant_values=0.0),
        "graph/zero_numpy": traced(constant_values=np.float32(0)),
        "graph/one": traced(constant_values=1),
        "graph/zero_tensor": traced(constant_values=tf.constant(0.0)),
        "graph/reflect": traced(mode="reflect"),
        "graph_def/default": lambda: _graph_def_nodes(
            tf, lambda t: tf.pad(t, p), tf.constant(x)),
        "graph/runtime_paddings": lambda: _graph_ops(
            tf, lambda t, q: tf.pad(t, q), tf.constant(x), tf.TensorSpec([2, 2], tf.int32)),
        "eager/zero": eager(p),
        "eager/value": eager(p, constant_values=7.0),
        "eager/negative": eager([[-1, 1], [0, 0]]),
        "eager/negative_value": eager([[-1, 1], [0, 0]], constant_values=1.0),
        "eager/rank": eager([[1, 1]]),
        "eager/rank_named": eager([[1, 0]], name="nm"),
        "eager/tensor_paddings": eager(tf.constant([[-1, 1], [0, 0]])),
        "eager/tensor_paddings_named": eager(tf.constant([[1, 0]]), name="nm"),
        "eager/strings": lambda: tf.pad(tf.constant(["a", "b"]), [[1, 2]]),
        "eager/strings_empty": lambda: tf.pad(tf.constant(["a"]), [[1, 0]], constant_values=""),
        "eager/bool": lambda: tf.pad(tf.constant([True]), [[1, 1]]),
        "eager/uint16": lambda: tf.pad(tf.constant([1, 2], tf.uint16), [[1, 1]]),
        "paddings/python_floats": eager([[1.5, 0], [1, 1]]),
        "paddings/python_floats_value": eager([[1.5, 0], [1, 1]], constant_values=2.0),
        "paddings/python_floats_reflect": eager([[1.5, 0], [1, 1]], mode="REFLECT"),
        "paddings/float_tensor": eager(tf.constant([[1.5, 0], [1, 1]])),
        "paddings/numpy_float64_list": eager([[np.float64(1), 0], [1, 1]]),
        "paddings/numpy_float_array": eager(np.array([[1.5, 0], [1, 1]])),
        "paddings/numpy_uint8_array": eager(np.array([[1, 0], [1, 1]], np.uint8)),
        "paddings/int64_tensor": eager(tf.constant([[1, 0], [1, 1]], tf.int64)),
        "paddings/vector": eager([1, 2]),
        "paddings/vector_tensor": eager(tf.constant([1, 2])),
        "paddings/vector_symmetric": eager([1, 2], mode="SYMMETRIC"),
        "paddings/value_not_scalar": eager(p, constant_values=tf.constant([1.0, 2.0])),
        "raw/pad": lambda: tf.raw_ops.Pad(input=tf.constant(x), paddings=[[1, 0], [0, 0]]),
        "raw/pad_negative": lambda: tf.raw_ops.Pad(input=tf.constant(x),
                                                   paddings=[[-1, 0], [0, 0]]),
        "raw/pad_rank": lambda: tf.raw_ops.Pad(input=tf.constant(x), paddings=[[1, 0]]),
    }
    return out


def gradient_of_pad(tf):
    """The gradient of a zero pad (a slice of the incoming gradient), eagerly."""
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    w = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.pad(x, [[1, 0], [0, 1]]) * w)
    return tape.gradient(y, x)


def range_conversion_cases(tf):
    """tf.raw_ops.Range's inputs converted as TF's eager wrapper's fast path converts
    them: the first eager tensor's dtype for all, else the attr's default int32 (a Python
    float refused, a NumPy value cast). (The first op of a process takes TF's slow path,
    its eager context not made yet, which infers the first value's dtype instead; the
    recorder runs each in a fresh interpreter whose context a constant has made.)"""
    R = tf.raw_ops.Range
    return {
        "range/bools": lambda: R(start=False, limit=True, delta=True),
        "range/bool_limit": lambda: R(start=0, limit=True, delta=1),
        "range/first_float": lambda: R(start=0.0, limit=3, delta=1),
        "range/tensor_later": lambda: R(start=0, limit=tf.constant(3.0), delta=1),
        "range/numpy_float64": lambda: R(start=np.float64(0), limit=3, delta=1),
        "range/numpy_int64": lambda: R(start=np.int64(0), limit=3, delta=1),
        "range/numpy_uint8": lambda: R(start=np.uint8(0), limit=3, delta=1),
        "range/float_after_int": lambda: R(start=0, limit=3.5, delta=1),
    }


RANGE_DTYPES = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                "float16", "bfloat16", "float32", "float64")


def range_dtype_cases(tf):
    """Range in each dtype: TF's CPU kernels compute six of the eleven its op takes."""
    def raw(d, **kw):
        return lambda: tf.raw_ops.Range(start=tf.constant(0, d), limit=tf.constant(3, d),
                                        delta=tf.constant(1, d), **kw)

    out = {f"range_dtype/{d}": raw(getattr(tf, d)) for d in RANGE_DTYPES}
    out["range_dtype/int8_named"] = raw(tf.int8, name="q")
    out["range_dtype/tf_range_int8"] = lambda: tf.range(3, dtype=tf.int8)
    out["range_dtype/tf_range_uint8"] = lambda: tf.range(3, dtype=tf.uint8)
    out["range_dtype/tf_range_uint32"] = lambda: tf.range(3, dtype=tf.uint32)
    out["range_dtype/tf_range_float16"] = lambda: tf.range(3, dtype=tf.float16)
    return out


def range_in_graph(tf):
    """Range in int8 inside tf.function: traced, then refused when the graph runs."""
    return tf.function(lambda: tf.raw_ops.Range(start=tf.constant(0, tf.int8),
                                                limit=tf.constant(3, tf.int8),
                                                delta=tf.constant(1, tf.int8)))()


def _layer_facts(layer, *inputs):
    """A called layer's output shape, weight shapes and integer arguments in its config."""
    y = layer(*inputs)
    keys = ("units", "filters", "kernel_size", "strides", "pool_size", "size", "padding",
            "cropping", "n", "num_heads", "key_dim", "axis", "groups", "depth_multiplier",
            "num_bins", "num_tokens")
    config = {k: v for k, v in layer.get_config().items() if k in keys}
    return str((tuple(y.shape), [tuple(w.shape) for w in layer.weights], config))


def keras_bool_int_cases(keras):
    """Keras 3 checks most integer arguments with isinstance(int), which a bool passes
    (True is 1, kept as True in the config); a few layers refuse bools outright."""
    L = keras.layers
    x2 = np.ones((2, 3), "float32")
    x3 = np.arange(12, dtype="float32").reshape(1, 3, 4)
    x4 = np.ones((1, 4, 4, 2), "float32")
    return {
        "keras/dense_true": lambda: _layer_facts(L.Dense(True), x2),
        "keras/dense_false": lambda: L.Dense(False),
        "keras/dense_numpy_int": lambda: L.Dense(np.int64(2)),
        "keras/sequential_dense_true": lambda: str(keras.Sequential(
            [keras.Input((3,)), L.Dense(True)]).output_shape),
        "keras/conv2d_true": lambda: _layer_facts(L.Conv2D(True, True), x4),
        "keras/conv2d_strides_true": lambda: _layer_facts(L.Conv2D(2, 2, strides=True), x4),
        "keras/conv1d_true": lambda: _layer_facts(L.Conv1D(True, 2), x3),
        "keras/conv2d_transpose_true": lambda: _layer_facts(L.Conv2DTranspose(True, 2), x4),
        "keras/separable_true": lambda: _layer_facts(L.SeparableConv2D(True, 2), x4),
        "keras/depthwise_true": lambda: _layer_facts(
            L.DepthwiseConv2D(2, depth_multiplier=True), x4),
        "keras/maxpool_true": lambda: _layer_facts(L.MaxPooling2D(True), x4),
        "keras/avgpool1d_true": lambda: _layer_facts(L.AveragePooling1D(True), x3),
        "keras/upsampling2d_true": lambda: _layer_facts(L.UpSampling2D(True), x4),
        "keras/upsampling1d_true": lambda: L.UpSampling1D(True),
        "keras/upsampling1d_float": lambda: L.UpSampling1D(2.0),
        "keras/zeropadding2d_true": lambda: _layer_facts(L.ZeroPadding2D(True), x4),
        "keras/cropping2d_true": lambda: _layer_facts(L.Cropping2D(True), x4),
        "keras/mha_true": lambda: str(tuple(L.MultiHeadAttention(True, True)(x3, x3).shape)),
        "keras/mha_float": lambda: L.MultiHeadAttention(2.0, 2),
        "keras/lstm_true": lambda: _layer_facts(L.LSTM(True), x3),
        "keras/gru_true": lambda: _layer_facts(L.GRU(True), x3),
        "keras/simple_rnn_true": lambda: _layer_facts(L.SimpleRNN(True), x3),
        "keras/unit_normalization_true": lambda: _layer_facts(L.UnitNormalization(True), x3),
        "keras/layer_normalization_true": lambda: _layer_facts(
            L.LayerNormalization(axis=True), x3),
        "keras/group_normalization_true": lambda: _layer_facts(
            L.GroupNormalization(groups=True), x3),
        "keras/softmax_axis_true": lambda: _layer_facts(L.Softmax(axis=True), x3),
        "keras/category_encoding_true": lambda: _layer_facts(L.CategoryEncoding(True),
                                                             np.array([0, 0])),
        "keras/hashing_true": lambda: str(L.Hashing(True)(np.array(["a", "b"])).numpy()
                                          .tolist()),
        "keras/repeat_vector_true": lambda: L.RepeatVector(True),
        "keras/repeat_vector_float": lambda: L.RepeatVector(2.0),
        "keras/embedding_true": lambda: L.Embedding(5, True),
    }


def tf_nn_bool_window_cases(tf):
    """TF's list(int) attrs take Python bools (as Keras's layers may pass them on)."""
    x = tf.ones((1, 4, 4, 2))
    return {
        "nn/conv2d_strides_true": lambda: tf.nn.conv2d(
            x, tf.ones((2, 2, 2, 2)), strides=[1, True, True, 1], padding="VALID").shape,
        "nn/convolution_strides_true": lambda: tf.nn.convolution(
            x, tf.ones((2, 2, 2, 2)), strides=[True, True]).shape,
        "nn/max_pool2d_true": lambda: tf.nn.max_pool2d(x, True, True, "VALID").shape,
        "nn/pool_true": lambda: tf.nn.pool(x, [True, True], "MAX", strides=[True, True]).shape,
    }


def keras_error_body(message):
    """A Keras error's own text: Keras's TF backend builds its convolution in a
    tf.function, whose errors arrive framed by "in user code:" and Keras's source lines."""
    return message.split("ValueError: ")[-1].rstrip("\n")


def keras_conv_cases(keras):
    """keras.ops.conv with channels the kernel cannot take, eagerly and on KerasTensors
    (whose output spec wants them equal, groups or not)."""
    ops = keras.ops

    def conv(x, k, **kw):
        return lambda: str(tuple(ops.conv(np.ones(x, "float32"), np.ones(k, "float32"),
                                          **kw).shape))

    def symbolic(x, k):
        return lambda: str(tuple(ops.conv(keras.KerasTensor(x), np.ones(k, "float32")).shape))

    return {
        "keras_conv/2d": conv((1, 5, 5, 3), (2, 2, 4, 2)),
        "keras_conv/2d_channels_first": conv((1, 3, 5, 5), (2, 2, 4, 2),
                                             data_format="channels_first"),
        "keras_conv/1d": conv((1, 5, 3), (2, 4, 2)),
        "keras_conv/1d_channels_first": conv((1, 3, 5), (2, 4, 2), data_format="channels_first"),
        "keras_conv/3d": conv((1, 4, 4, 4, 3), (2, 2, 2, 4, 2)),
        "keras_conv/2d_strided_same": conv((1, 5, 5, 3), (2, 2, 4, 2), strides=(1, 2),
                                           padding="same"),
        "keras_conv/2d_dilated": conv((1, 5, 5, 3), (2, 2, 4, 2), dilation_rate=2),
        "keras_conv/2d_more_channels": conv((1, 5, 5, 6), (2, 2, 4, 2)),
        "keras_conv/2d_grouped": conv((1, 5, 5, 4), (2, 2, 2, 2)),
        "keras_conv/2d_grouped_bad_filters": conv((1, 5, 5, 4), (2, 2, 2, 3)),
        "keras_conv/symbolic": symbolic((None, 5, 5, 3), (2, 2, 4, 2)),
        "keras_conv/symbolic_grouped": symbolic((None, 5, 5, 4), (2, 2, 2, 2)),
        "keras_conv/symbolic_equal": symbolic((None, 5, 5, 4), (2, 2, 4, 2)),
    }


def tf_dilated_conv_cases(tf):
    """tf.nn.convolution's dilated form checks the depths in Python (a ValueError)."""
    def conv(x, w, **kw):
        return lambda: tf.nn.convolution(tf.ones(x), tf.ones(w), **kw).shape

    return {
        "nn_dilated/2d": conv((1, 5, 5, 3), (2, 2, 4, 2), dilations=2),
        "nn_dilated/2d_list": conv((1, 5, 5, 3), (2, 2, 4, 2), dilations=[1, 2]),
        "nn_dilated/2d_nchw": conv((1, 3, 5, 5), (2, 2, 4, 2), dilations=2, data_format="NCHW"),
        "nn_dilated/1d": conv((1, 5, 3), (2, 4, 2), dilations=2),
        "nn_dilated/3d": conv((1, 5, 5, 5, 3), (2, 2, 2, 4, 2), dilations=2),
        "nn_dilated/2d_grouped": conv((1, 5, 5, 8), (2, 2, 4, 2), dilations=2),
    }


def tf_conv_graph_cases(tf):
    """Conv2D / Conv3D depths TF's shape functions refuse while a tf.function traces (a
    ValueError naming the node), and the node tf.nn.convolution makes."""
    def traced(fn, *shapes):
        def call():
            specs = [tf.TensorSpec(s) for s in shapes]
            g = tf.function(fn).get_concrete_function(*specs).graph
            return str([(op.type, op.name) for op in g.get_operations()
                        if op.type.startswith("Conv")])
        return call

    return {
        "conv_graph/input_depth": traced(lambda x, w: tf.nn.conv2d(x, w, [1, 1, 2, 1], "SAME"),
                                         (1, 5, 5, 3), (2, 2, 4, 2)),
        "conv_graph/groups": traced(lambda x, w: tf.nn.conv2d(x, w, [1, 1, 2, 1], "SAME"),
                                    (1, 5, 5, 4), (2, 2, 2, 3)),
        "conv_graph/explicit": traced(
            lambda x, w: tf.nn.conv2d(x, w, 1, [[0, 0], [1, 1], [0, 2], [0, 0]]),
            (1, 5, 5, 3), (2, 2, 4, 2)),
        "conv_graph/3d": traced(lambda x, w: tf.nn.conv3d(x, w, [1, 1, 1, 1, 1], "VALID"),
                                (1, 4, 4, 4, 3), (2, 2, 2, 4, 2)),
        "conv_graph/convolution_bad": traced(lambda x, w: tf.nn.convolution(x, w),
                                             (1, 5, 5, 3), (2, 2, 4, 2)),
        "conv_graph/convolution": traced(lambda x, w: tf.nn.convolution(x, w),
                                         (1, 5, 5, 4), (2, 2, 2, 2)),
        "conv_graph/convolution_named": traced(lambda x, w: tf.nn.convolution(x, w, name="zz"),
                                               (1, 5, 5, 4), (2, 2, 4, 2)),
        "conv_graph/convolution_3d": traced(lambda x, w: tf.nn.convolution(x, w),
                                            (1, 4, 4, 4, 3), (2, 2, 2, 3, 2)),
    }


def graph_error_body(message):
    """The shape function's own line of a tf.function's error (TF frames it with the
    user's source lines, which differ from one program to another)."""
    return message.rstrip("\n").rsplit("ValueError: ", 1)[-1]
