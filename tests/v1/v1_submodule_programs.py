"""Calls of tf.compat.v1's submodule functions (nn, math, strings, image, linalg, debugging,
autograph, test, train) in TF 1's forms, written once for both implementations: TF 1's
argument names and positional order (in_top_k's predictions first, name before axis or
data_format), the old names beside the new ones (dim, value, filter, rate, keep_dims,
reduction_indices, box_ind, string_tensor, targets, Targmax, t/m/v, seed2, ...), both
given (TF's "Cannot specify both" ValueError), and the functions whose TF 1 semantics are
their own (ctc_loss, the fractional pools, the sampled losses' partition_strategy,
strings.split, the graph gradient checker, replica_device_setter). Each case returns
JSON-able values or the error raised. record_v1_submodule_golden.py runs them with
TensorFlow 2.21 (golden/v1_submodules.json); test_v1_submodule_signatures.py with
eagerflow.
"""

from __future__ import annotations

import numpy as np

RNG = np.random.default_rng(11)
X = RNG.normal(size=(3, 4)).astype(np.float32)
IMG = RNG.normal(size=(2, 6, 6, 3)).astype(np.float32)
K = RNG.normal(size=(3, 3, 3, 2)).astype(np.float32)
SEQ = RNG.normal(size=(2, 7, 3)).astype(np.float32)
K1 = RNG.normal(size=(2, 3, 4)).astype(np.float32)
VOL = RNG.normal(size=(1, 4, 4, 4, 2)).astype(np.float32)
K3 = RNG.normal(size=(2, 2, 2, 2, 3)).astype(np.float32)
DW = RNG.normal(size=(3, 3, 3, 2)).astype(np.float32)
PW = RNG.normal(size=(1, 1, 6, 4)).astype(np.float32)
LOGITS = RNG.normal(size=(5, 2, 4)).astype(np.float32)
BIG = RNG.normal(size=(1, 9, 9, 2)).astype(np.float32)
MORPH = RNG.normal(size=(2, 2, 2)).astype(np.float32)
DEEP = RNG.normal(size=(1, 2, 2, 8)).astype(np.float32)


def _err(e: BaseException) -> list:
    return [type(e).__name__, getattr(e, "message", None) or str(e)]


def _out(x) -> object:
    """A result as JSON: tensors as {dtype, shape, value}, sparse and ragged tensors by
    their parts, sequences item by item."""
    if hasattr(x, "indices") and hasattr(x, "dense_shape"):
        return {"indices": _out(x.indices), "values": _out(x.values),
                "dense_shape": _out(x.dense_shape)}
    if hasattr(x, "flat_values") and hasattr(x, "nested_row_splits"):
        return {"flat_values": _out(x.flat_values),
                "splits": [_out(s) for s in x.nested_row_splits]}
    if isinstance(x, (list, tuple)):
        return [_out(v) for v in x]
    if isinstance(x, (str, bytes, bool, int, float)) or x is None:
        return x.decode() if isinstance(x, bytes) else x
    a = np.asarray(x.numpy() if hasattr(x, "numpy") else x)
    if a.dtype.kind in "SO":
        return {"dtype": "string", "shape": list(a.shape),
                "value": [v.decode() if isinstance(v, bytes) else v for v in a.ravel().tolist()]}
    return {"dtype": str(a.dtype), "shape": list(a.shape),
            "value": a.astype(np.float64).ravel().tolist() if a.dtype.kind in "fc"
            else a.ravel().tolist()}


def _plus_one(a):
    if a > 0:
        a = a + 1
    return a


def _run(cases: dict) -> dict:
    out = {}
    for name, make in cases.items():
        try:
            out[name] = _out(make())
        except Exception as e:  # noqa: BLE001 - the error is the result
            out[name] = _err(e)
    return out


def silent_order(tf) -> dict:
    """Positional calls whose binding TF 1's parameter order decides."""
    v1 = tf.compat.v1
    preds = [[0.1, 0.9, 0.0], [0.8, 0.15, 0.05]]
    s = tf.constant(["héllo", "ab"])
    x = tf.constant(IMG[:, :4, :4, :])
    w = [tf.constant(RNG.normal(size=(3, 4)).astype(np.float32)) for _ in range(2)]
    b = [tf.constant(RNG.normal(size=(3,)).astype(np.float32)) for _ in range(2)]
    labels = tf.constant([[1], [4]], tf.int64)
    inputs = tf.constant(X[:2])
    sampled = (tf.constant([0, 2, 5], tf.int64), tf.constant([[0.5], [0.5]]),
               tf.constant([0.3, 0.3, 0.3]))
    return _run({
        "nn.in_top_k": lambda: v1.nn.in_top_k(preds, [1, 1], 1),
        "math.in_top_k": lambda: v1.math.in_top_k(preds, [2, 0], 2, "k"),
        "math.confusion_matrix": lambda: v1.math.confusion_matrix(
            [0, 1, 2, 1], [0, 2, 2, 1], 3, tf.float32, None, [1., 2., 3., 4.]),
        "nn.depth_to_space": lambda: v1.nn.depth_to_space(DEEP, 2, "d2s"),
        "nn.space_to_depth": lambda: v1.nn.space_to_depth(x, 2, "s2d", "NHWC"),
        "nn.crelu": lambda: v1.nn.crelu(X, None, 0),
        "strings.length": lambda: v1.strings.length(s, None, "UTF8_CHAR"),
        "strings.substr": lambda: v1.strings.substr(s, 1, 2, None, "UTF8_CHAR"),
        "nn.sampled_softmax_loss": lambda: v1.nn.sampled_softmax_loss(
            w, b, labels, inputs, 3, 6, 1, sampled, True, "mod", "ssl"),
        "nn.sampled_softmax_loss_div": lambda: v1.nn.sampled_softmax_loss(
            w, b, labels, inputs, 3, 6, 1, sampled, True, "div"),
        "nn.nce_loss": lambda: v1.nn.nce_loss(w, b, labels, inputs, 3, 6, 1, sampled, False),
        "nn.nce_loss_div": lambda: v1.nn.nce_loss(w, b, labels, inputs, 3, 6, 1, sampled,
                                                  False, "div"),
    })


def aliases(tf) -> dict:
    """TF 1's argument names, and both names given."""
    v1 = tf.compat.v1
    n = v1.nn
    x = tf.constant(X)
    return _run({
        "softmax_dim": lambda: n.softmax(X, dim=0),
        "math.softmax_dim": lambda: v1.math.softmax(X, dim=0),
        "log_softmax_dim": lambda: n.log_softmax(X, dim=0),
        "softmax_both": lambda: n.softmax(X, axis=0, dim=0),
        "conv1d_value": lambda: n.conv1d(value=SEQ, filters=K1, stride=1, padding="SAME"),
        "conv1d_input_nhwc": lambda: n.conv1d(input=SEQ, filters=K1, stride=2,
                                              padding="VALID", data_format="NHWC"),
        "conv1d_both": lambda: n.conv1d(SEQ, K1, 1, "SAME", input=SEQ),
        "conv1d_bad_format": lambda: n.conv1d(SEQ, K1, 1, "SAME", data_format="NDHWC"),
        "conv2d_filter": lambda: n.conv2d(IMG, filter=K, strides=[1, 1, 1, 1], padding="SAME",
                                          use_cudnn_on_gpu=True),
        "conv2d_filters": lambda: n.conv2d(IMG, filters=K, strides=2, padding="VALID",
                                           dilations=[1, 1, 1, 1]),
        "conv2d_positional": lambda: n.conv2d(IMG, K, [1, 2, 2, 1], "SAME", False, "NHWC",
                                              [1, 1, 1, 1], "c"),
        "conv2d_both": lambda: n.conv2d(IMG, filter=K, filters=K, strides=1, padding="SAME"),
        "conv2d_transpose_value": lambda: n.conv2d_transpose(
            value=IMG[:, :3, :3, :2], filter=K, output_shape=[2, 6, 6, 3], strides=2),
        "conv2d_transpose_both": lambda: n.conv2d_transpose(
            IMG, K, [2, 6, 6, 3], 1, input=IMG),
        "conv3d_filter": lambda: n.conv3d(VOL, filter=K3, strides=[1, 1, 1, 1, 1],
                                          padding="VALID"),
        "conv3d_transpose_value": lambda: n.conv3d_transpose(
            VOL[..., :1].repeat(3, -1), filter=K3, output_shape=[1, 5, 5, 5, 2],
            strides=[1, 1, 1, 1, 1], padding="VALID"),
        "convolution_positional": lambda: n.convolution(IMG, K, "SAME", [1, 1], [2, 2]),
        "convolution_filters": lambda: n.convolution(IMG, None, "VALID", filters=K,
                                                     dilations=2),
        "convolution_both_rates": lambda: n.convolution(IMG, K, "VALID", dilation_rate=[2, 2],
                                                        dilations=[2, 2]),
        "depthwise_rate": lambda: n.depthwise_conv2d(IMG, DW, [1, 1, 1, 1], "SAME", [2, 2]),
        "depthwise_both": lambda: n.depthwise_conv2d(IMG, DW, [1, 1, 1, 1], "SAME",
                                                     rate=[2, 2], dilations=[2, 2]),
        "separable_rate": lambda: n.separable_conv2d(IMG, DW, PW, [1, 1, 1, 1], "VALID",
                                                     [2, 2]),
        "avg_pool_value": lambda: n.avg_pool(value=IMG, ksize=2, strides=2, padding="VALID"),
        "avg_pool2d_input": lambda: n.avg_pool2d(None, [1, 3, 3, 1], [1, 1, 1, 1], "SAME",
                                                 input=IMG),
        "avg_pool_both": lambda: n.avg_pool(IMG, 2, 2, "VALID", input=IMG),
        "max_pool_value": lambda: n.max_pool(value=IMG, ksize=[1, 2, 2, 1],
                                             strides=[1, 2, 2, 1], padding="SAME"),
        "max_pool_with_argmax_Targmax": lambda: n.max_pool_with_argmax(
            IMG, [1, 2, 2, 1], [1, 2, 2, 1], "VALID", Targmax=tf.int32),
        "max_pool_with_argmax_both": lambda: n.max_pool_with_argmax(
            IMG, [1, 2, 2, 1], [1, 2, 2, 1], "VALID", Targmax=tf.int32, output_dtype=tf.int64),
        "max_pool_with_argmax_format": lambda: n.max_pool_with_argmax(
            IMG, [1, 2, 2, 1], [1, 2, 2, 1], "VALID", data_format="NCHW"),
        "pool_positional": lambda: n.pool(BIG, [2, 2], "MAX", "VALID", [2, 2]),
        "pool_avg_strides": lambda: n.pool(BIG, [3, 3], "AVG", "SAME", None, [2, 2]),
        "dilation2d_rates": lambda: n.dilation2d(BIG, filter=MORPH, strides=[1, 1, 1, 1],
                                                 rates=[1, 2, 2, 1], padding="VALID"),
        "dilation2d_both": lambda: n.dilation2d(BIG, MORPH, [1, 1, 1, 1], rates=[1, 1, 1, 1],
                                                padding="SAME", dilations=[1, 1, 1, 1]),
        "erosion2d": lambda: n.erosion2d(BIG, MORPH, [1, 1, 1, 1], [1, 2, 2, 1], "SAME"),
        "moments_keep_dims": lambda: n.moments(x, [0], None, "m", True),
        "moments_both": lambda: n.moments(x, [0], keep_dims=True, keepdims=True),
        "sufficient_statistics": lambda: n.sufficient_statistics(x, [1], None, True),
        "weighted_moments": lambda: n.weighted_moments(x, [1], [[1.], [2.], [3.]], None, True),
        "sparse_xent_missing": lambda: n.sparse_softmax_cross_entropy_with_logits(logits=X),
        "sparse_xent": lambda: n.sparse_softmax_cross_entropy_with_logits(
            labels=[0, 3, 1], logits=X),
        "weighted_xent_targets": lambda: n.weighted_cross_entropy_with_logits(
            targets=np.abs(X) / 3, logits=X, pos_weight=2.0),
        "weighted_xent_both": lambda: n.weighted_cross_entropy_with_logits(
            X, X, 2.0, targets=X),
        "batch_norm_tmv": lambda: n.batch_norm_with_global_normalization(
            t=X, m=X[0], v=np.abs(X[1]), beta=X[2], gamma=X[0] * 2, variance_epsilon=1e-3,
            scale_after_normalization=True),
        "batch_norm_new_names": lambda: n.batch_norm_with_global_normalization(
            input=X, mean=X[0], variance=np.abs(X[1]), beta=X[2], gamma=X[0] * 2,
            variance_epsilon=1e-3, scale_after_normalization=False),
        "batch_norm_both": lambda: n.batch_norm_with_global_normalization(
            X, [0.] * 4, [1.] * 4, [0.] * 4, [1.] * 4, 1e-3, True, input=X),
        "reduce_sum_v1": lambda: v1.math.reduce_sum(X, reduction_indices=1, keep_dims=True),
        "reduce_max_both": lambda: v1.math.reduce_max(X, axis=1, reduction_indices=1),
        "reduce_mean_keep": lambda: v1.math.reduce_mean(X, 0, None, None, None, True),
        "argmax_dimension": lambda: v1.math.argmax(X, dimension=1),
        "argmin_both": lambda: v1.math.argmin(X, 1, dimension=1),
        "count_nonzero_input": lambda: v1.math.count_nonzero(input=[[0, 1], [2, 0]],
                                                             reduction_indices=0),
        "bincount": lambda: v1.math.bincount([1, 1, 3], None, 5),
        "linalg.norm_keep_dims": lambda: v1.linalg.norm(X, axis=1, keep_dims=True),
        "strings.to_number": lambda: v1.strings.to_number(string_tensor=["1.5", "-2"]),
        "strings.to_number_both": lambda: v1.strings.to_number("1", input="2"),
        "strings.to_hash_bucket": lambda: v1.strings.to_hash_bucket(
            string_tensor=["a", "b", "c"], num_buckets=7),
        "strings.reduce_join": lambda: v1.strings.reduce_join(
            [["a", "b"], ["c", "d"]], 1, True, "-"),
        "strings.reduce_join_indices": lambda: v1.strings.reduce_join(
            [["a", "b"], ["c", "d"]], reduction_indices=0),
        "image.crop_and_resize_box_ind": lambda: v1.image.crop_and_resize(
            IMG, [[0., 0., 1., 1.], [0.2, 0.1, 0.8, 0.9]], box_ind=[0, 1], crop_size=[3, 3]),
        "image.crop_and_resize_both": lambda: v1.image.crop_and_resize(
            IMG, [[0., 0., 1., 1.]], [0], [2, 2], box_indices=[0]),
        "assert_rank_data": lambda: v1.debugging.assert_rank(X, 2, ["x"], 3, "msg"),
        "assert_rank_fails": lambda: v1.assert_rank(X, 3, None, None, "msg: "),
        "constant_verify_shape": lambda: v1.constant([1, 2, 3, 4], shape=[2, 2],
                                                     verify_shape=True),
        "constant_verified": lambda: v1.constant([[1, 2], [3, 4]], tf.float32, [2, 2], "c",
                                                 True),
        "device_function_eagerly": lambda: v1.device(lambda op: "/cpu:0").__enter__(),
    })


def own_semantics(tf) -> dict:
    """The functions whose TF 1 form computes otherwise than TF 2's."""
    v1 = tf.compat.v1
    n = v1.nn
    labels = tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0], [1, 1], [1, 2]],
                                    [1, 1, 0, 2, 2], [2, 3])
    lengths = [5, 4]
    logits = tf.constant(LOGITS)

    def ctc_gradient(**kw):
        with tf.GradientTape() as tape:
            tape.watch(logits)
            loss = n.ctc_loss(labels, logits, lengths, **kw)
        return tape.gradient(loss, logits)

    def decoded(**kw):
        paths, log_probs = n.ctc_beam_search_decoder(LOGITS, lengths, 3, 2, **kw)
        return [paths, log_probs]

    def seeded_pool(fn, **kw):
        first = fn(BIG, [1.0, 1.44, 1.73, 1.0], deterministic=True, seed=3, seed2=9, **kw)
        again = fn(BIG, [1.0, 1.44, 1.73, 1.0], deterministic=True, seed=3, seed2=9, **kw)
        return [list(first), bool(np.array_equal(first[0].numpy(), again[0].numpy()))]

    return _run({
        "ctc_loss": lambda: n.ctc_loss(labels, LOGITS, lengths),
        "ctc_loss_no_merge": lambda: n.ctc_loss(labels, LOGITS, lengths,
                                                ctc_merge_repeated=False),
        "ctc_loss_collapse": lambda: n.ctc_loss(labels, LOGITS, lengths,
                                                preprocess_collapse_repeated=True),
        "ctc_loss_collapse_no_merge": lambda: n.ctc_loss(
            labels, LOGITS, lengths, True, False),
        "ctc_loss_batch_major": lambda: n.ctc_loss(
            labels, np.transpose(LOGITS, (1, 0, 2)), lengths, time_major=False),
        "ctc_loss_logits": lambda: n.ctc_loss(labels, logits=LOGITS, sequence_length=lengths),
        "ctc_loss_both": lambda: n.ctc_loss(labels, LOGITS, lengths, logits=LOGITS),
        "ctc_loss_dense_labels": lambda: n.ctc_loss([[1, 2]], LOGITS, lengths),
        "ctc_loss_gradient": lambda: ctc_gradient(),
        "ctc_loss_gradient_no_merge": lambda: ctc_gradient(ctc_merge_repeated=False),
        "ctc_beam_search": lambda: decoded(),
        "ctc_beam_search_no_merge": lambda: decoded(merge_repeated=False),
        "fractional_max_pool": lambda: seeded_pool(n.fractional_max_pool),
        "fractional_max_pool_overlapping": lambda: seeded_pool(
            n.fractional_max_pool, pseudo_random=True, overlapping=True),
        "fractional_avg_pool": lambda: seeded_pool(n.fractional_avg_pool),
        "fractional_seed_not_deterministic": lambda: n.fractional_max_pool(
            BIG, [1.0, 1.5, 1.5, 1.0], seed=1, seed2=2),
        "fractional_ratio_number": lambda: n.fractional_avg_pool(BIG, 1.5),
        "ctc_loss_too_long": lambda: n.ctc_loss(labels, LOGITS, [6, 4]),
        "ctc_loss_too_long_tensor": lambda: n.ctc_loss(labels, LOGITS, tf.constant([6, 4])),
        "ctc_beam_search_too_long": lambda: n.ctc_beam_search_decoder(LOGITS, [6, 4]),
        "fractional_max_pool_batch_ratio": lambda: n.fractional_max_pool(
            BIG, [2.0, 1.5, 1.5, 1.0]),
        "fractional_avg_pool_channel_ratio": lambda: n.fractional_avg_pool(
            BIG, [1.0, 1.5, 1.5, 2.0]),
        "image.sample_distorted_bounding_box_size": lambda: v1.image.sample_distorted_bounding_box(
            [4, 4], [[[0., 0., 1., 1.]]], seed=1),
        "image.sample_distorted_bounding_box_rank": lambda: v1.image.sample_distorted_bounding_box(
            [[4, 4, 1]], [[[0., 0., 1., 1.]]], seed=1),
        "strings.split": lambda: v1.strings.split(["a b  c", "", "d"]),
        "strings.split_source": lambda: v1.strings.split(source=["a,b", "c"], sep=","),
        "strings.split_scalar": lambda: v1.strings.split("x y"),
        "strings.split_ragged": lambda: v1.strings.split(["a b", "c"],
                                                         result_type="RaggedTensor"),
        "strings.split_matrix": lambda: v1.strings.split([["a b", "c"], ["d", "e f g"]],
                                                         maxsplit=1),
        "strings.split_bad_type": lambda: v1.strings.split(["a"], result_type="Dense"),
        "strings.split_both": lambda: v1.strings.split(["a"], source=["b"]),
        "image.sample_distorted_bounding_box": lambda: list(
            v1.image.sample_distorted_bounding_box(
                [40, 50, 3], [[[0.1, 0.2, 0.7, 0.9]]], seed=3, seed2=5,
                min_object_covered=0.3, area_range=[0.2, 0.9])),
        "autograph.to_code": lambda: isinstance(v1.autograph.to_code(
            _plus_one, True, None, None, "    "), str),
        "autograph.to_graph": lambda: v1.autograph.to_graph(_plus_one, True, [1], None)(
            tf.constant(2)),
        "test.get_temp_dir": lambda: v1.test.get_temp_dir() == v1.test.get_temp_dir(),
    })


def graph_programs(tf) -> dict:
    """TF 1 graph programs: the gradient checker in a Session, replica_device_setter."""
    v1 = tf.compat.v1
    out = {}
    with tf.Graph().as_default():
        x = v1.placeholder(tf.float64, [2, 3])
        y = tf.reduce_sum(tf.sin(x) * x, axis=1)
        a = v1.placeholder(tf.float32, [3])
        z = a * tf.constant([1., 2., 3.]) + tf.square(a)
        init = np.array([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]])
        with v1.Session():
            out["compute_gradient"] = _out(v1.test.compute_gradient(x, [2, 3], y, [2],
                                                                    x_init_value=init))
            out["compute_gradient_list"] = _out(v1.test.compute_gradient(
                [a], [[3]], z, [3], x_init_value=[np.array([0.5, -1., 2.], np.float32)]))
            out["compute_gradient_error"] = float(v1.test.compute_gradient_error(
                x, [2, 3], y, [2], x_init_value=init))
        const = [v1.constant([1, 2], shape=[4]), v1.constant(7.0, shape=[2, 2])]
        with v1.Session() as sess:
            out["graph_constant"] = _out(sess.run(const))
        for name, make in {"graph_constant_too_many": lambda: v1.constant([1, 2, 3], shape=[2]),
                           "graph_constant_verify": lambda: v1.constant(
                               [1, 2, 3, 4], shape=[2, 2], verify_shape=True)}.items():
            try:
                make()
                out[name] = None
            except Exception as e:  # noqa: BLE001 - the error is the result
                out[name] = _err(e)
        chooser = v1.train.replica_device_setter(ps_tasks=2)
        with v1.device(chooser):
            v1.Variable(1.0, name="v0")
            v1.Variable(2.0, name="v1")
        ops = v1.get_default_graph().get_operations()
        out["replica_device_setter"] = [chooser(op) for op in ops
                                        if op.type in ("VarHandleOp", "VariableV2")]
    cluster = v1.train.replica_device_setter(
        cluster={"ps": ["h:1", "h:2", "h:3"], "worker": ["w:1"]},
        worker_device="/job:worker/task:0")
    out["replica_device_setter_cluster"] = [
        cluster(v1.NodeDef(op=op, device=d)) for op, d in (
            ("VariableV2", ""), ("MatMul", ""), ("VarHandleOp", ""), ("VariableV2", "/job:foo"),
            ("MatMul", "/device:CPU:0"))]
    out["replica_device_setter_none"] = v1.train.replica_device_setter() is None
    return out


def graph_session(tf) -> dict:
    """TF 1's forms built in a graph and run in a Session: values and gradients."""
    v1 = tf.compat.v1
    with tf.Graph().as_default():
        logits = v1.placeholder(tf.float32, [None, 2, 4])
        labels = tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0]], [1, 1, 2], [2, 2])
        loss = v1.nn.ctc_loss(labels, logits, [5, 4], ctc_merge_repeated=False)
        strings = v1.placeholder(tf.string, [None])
        x = v1.placeholder(tf.float32, [1, 9, 9, 2])
        decoded, log_probs = v1.nn.ctc_beam_search_decoder(logits, [5, 4], 3, 1,
                                                            merge_repeated=False)
        pool = v1.nn.fractional_max_pool(x, [1., 1.5, 1.5, 1.], deterministic=True, seed=4,
                                         seed2=7)
        made = {
            "ctc_loss": loss,
            "ctc_loss_gradient": tf.gradients(tf.reduce_sum(loss), logits)[0],
            "strings.split": v1.strings.split(strings, sep=","),
            "fractional_max_pool": pool,
            "max_pool_with_argmax": v1.nn.max_pool_with_argmax(
                x, [1, 2, 2, 1], [1, 2, 2, 1], "SAME", Targmax=tf.int32),
            "in_top_k": v1.nn.in_top_k(
                v1.placeholder_with_default([[0.1, 0.9], [0.7, 0.3]], [2, 2]), [1, 1], 1),
            "ctc_beam_search": [decoded[0], log_probs],
            "sample_distorted_bounding_box": v1.image.sample_distorted_bounding_box(
                [20, 30, 3], [[[0., 0., 1., 1.]]], seed=2, seed2=3),
            "constant": v1.constant([1.5, 2.5], shape=[2, 3]),
            "moments": v1.nn.moments(x, [1, 2], keep_dims=True),
            "conv2d": v1.nn.conv2d(x, filter=MORPH[..., None], strides=[1, 2, 2, 1],
                                   padding="SAME", use_cudnn_on_gpu=False),
            "softmax_name": v1.nn.softmax(X, dim=0, name="by_column").name,
            "in_top_k_name": v1.nn.in_top_k(X, [0, 1, 2], 2, name="acc").name,
            "crelu_name": v1.nn.crelu(X, name="cr").name,
        }
        names = {k: made.pop(k) for k in [k for k in made if k.endswith("_name")]}
        with v1.Session() as sess:
            feed = {logits: LOGITS, strings: ["a,b", "c"], x: BIG}
            got = sess.run(made, feed_dict=feed)
            again = sess.run(pool, feed_dict=feed)
    out = {k: _out(v) for k, v in got.items()}
    out["fractional_max_pool_again_same"] = bool(np.array_equal(got["fractional_max_pool"][0],
                                                                again[0]))
    return {**out, **names}


PROGRAMS = {"silent_order": silent_order, "aliases": aliases, "own_semantics": own_semantics,
            "graph_programs": graph_programs, "graph_session": graph_session}

# the tf.compat.v1 namespaces whose functions' parameters are recorded
SIGNED_SPACES = ["", "nn", "math", "strings", "image", "linalg", "debugging", "autograph",
                 "test", "train"]
