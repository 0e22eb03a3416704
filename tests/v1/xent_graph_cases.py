"""softmax cross-entropy graphs: tf.nn / tf.compat.v1.nn's softmax_cross_entropy_with_logits
and tf.compat.v1.losses' softmax and sparse softmax cross-entropies in a TF 1 graph, run
under TF 2.21 (record_xent_graph_golden.py) and eagerflow (test_xent_graph.py) alike:
`record(tf)` gives each case's nodes (name, op, inputs) and its values run in a Session
(the loss and its gradient with respect to the logits)."""

import numpy as np

# case -> (logits' static shape, its dtype, the loss to build)
CASES = {
    "v2_batch": ([None, 3], "float32", "v2"),
    "v2_static": ([4, 3], "float32", "v2"),
    "v2_rank3": ([2, None, 3], "float32", "v2"),
    "v2_axis0": ([3, 4], "float32", "v2_axis0"),
    "v2_half": ([4, 3], "float16", "v2"),
    "v2_named": ([None, 3], "float32", "v2_named"),
    "v1_nn": ([None, 3], "float32", "v1"),
    "losses": ([None, 3], "float32", "losses"),
    "losses_smoothing": ([4, 3], "float32", "losses_smoothing"),
    "losses_weights": ([4, 3], "float32", "losses_weights"),
    "losses_none": ([4, 3], "float32", "losses_none"),
    "sparse": ([None, 3], "float32", "sparse"),
    "sparse_weights": ([4, 3], "float32", "sparse_weights"),
}


def _feed(shape: list, dtype: str, seed: int) -> tuple:
    rng = np.random.default_rng(seed)
    dims = [4 if d is None else d for d in shape]
    logits = rng.standard_normal(dims).astype(dtype)
    labels = rng.uniform(0.0, 1.0, dims).astype(dtype)
    labels /= labels.sum(-1, keepdims=True)
    ids = rng.integers(0, dims[-1], dims[:-1]).astype(np.int32)
    return logits, labels, ids


def _build(tf, kind: str, logits, labels, ids):
    v1 = tf.compat.v1
    if kind == "v2":
        return tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    if kind == "v2_axis0":
        return tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits, axis=0)
    if kind == "v2_named":
        return tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits,
                                                       name="xent")
    if kind == "v1":
        return v1.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    if kind == "losses":
        return v1.losses.softmax_cross_entropy(labels, logits)
    if kind == "losses_smoothing":
        return v1.losses.softmax_cross_entropy(labels, logits, label_smoothing=0.1)
    if kind == "losses_weights":
        return v1.losses.softmax_cross_entropy(labels, logits,
                                               weights=tf.constant([1.0, 2.0, 0.0, 1.0]))
    if kind == "losses_none":
        return v1.losses.softmax_cross_entropy(labels, logits,
                                               reduction=v1.losses.Reduction.NONE)
    if kind == "sparse":
        return v1.losses.sparse_softmax_cross_entropy(ids, logits)
    return v1.losses.sparse_softmax_cross_entropy(ids, logits, weights=0.5)


def record(tf) -> dict:
    v1 = tf.compat.v1
    out = {}
    for k, (shape, dtype, kind) in CASES.items():
        g = tf.Graph()
        with g.as_default():
            logits = v1.placeholder(dtype, shape, name="logits")
            labels = v1.placeholder(dtype, shape, name="labels")
            ids = v1.placeholder(tf.int32, shape[:-1], name="ids")
            loss = _build(tf, kind, logits, labels, ids)
            nodes = [[n.name, n.op, list(n.input)] for n in g.as_graph_def().node]
            grad = v1.gradients(loss, logits)[0]
            x, y, i = _feed(shape, dtype, len(out))
            with v1.Session() as s:
                got = s.run([loss, grad], {logits: x, labels: y, ids: i})
        out[k] = {"nodes": nodes, "static": str(loss.shape),
                  "loss": np.asarray(got[0]).astype(np.float64).tolist(),
                  "grad": np.asarray(got[1]).astype(np.float64).tolist()}
    return out
