"""Lookups of a resource variable's rows in a TF 1 graph (tf.gather, tf.nn.embedding_lookup,
Variable.sparse_read), their gradients by tf.compat.v1.gradients and the v1 optimizers'
sparse updates, as TF 2.21 builds them: each op added (name:type and its NodeDef's inputs),
the gather's attrs, and what a Session computes. record_resource_gather_v1_golden.py
records them with TensorFlow (golden/resource_gather_v1.json); test_v1_resource_gather.py
runs them with eagerflow. Imports neither.
"""

from __future__ import annotations

from typing import Any

import numpy as np

TABLE = np.arange(8.0, dtype=np.float32).reshape(4, 2) / 4 - 0.5

# name: the lookups (code over the variable `v` and the int32 placeholder `ids`), summed
# into the loss
LOOKUPS = {
    "gather": "tf.gather(v, ids)",
    "gather_list": "tf.gather(v, [2, 0])",
    "gather_named": "tf.gather(v, ids, name='rows')",
    "gather_axis_zero": "tf.gather(v, ids, axis=0)",
    "sparse_read": "v.sparse_read(ids)",
    "sparse_read_list": "v.sparse_read([3, 3])",
    "embedding": "tf.nn.embedding_lookup(v, ids)",
    "embedding_list": "tf.nn.embedding_lookup(v, [1, 1])",
    "embedding_named": "tf.nn.embedding_lookup(v, ids, name='emb')",
    "scoped": "tf.gather(v, ids) * 2.0",
    "three": "tf.gather(v, ids) + tf.nn.embedding_lookup(v, ids) * 2.0 + v.sparse_read(ids)",
    "with_dense_read": "tf.gather(v, ids) * tf.reduce_sum(v)",
    "matrix_ids": "tf.gather(v, tf.reshape(ids, [-1, 1]))",
    # TF's GatherV2 of a read: another axis
    "axis_one": "tf.gather(v, tf.constant([1, 0]), axis=1)",
}

OPTIMIZERS = ["GradientDescentOptimizer(0.1)", "AdagradOptimizer(0.1)",
              "MomentumOptimizer(0.1, 0.9)", "AdamOptimizer(0.1)", "RMSPropOptimizer(0.1)",
              "RMSPropOptimizer(0.1, centered=True)", "FtrlOptimizer(0.1)",
              "FtrlOptimizer(0.1, initial_accumulator_value=1.0)", "AdadeltaOptimizer(0.1)",
              "ProximalGradientDescentOptimizer(0.1)", "ProximalAdagradOptimizer(0.1)",
              "AdagradDAOptimizer(0.1, tf1.train.get_or_create_global_step())"]

FEED = np.array([1, 3, 1], np.int32)
_ATTRS = ("Tindices", "batch_dims", "dtype", "validate_indices", "_class")


def _op(o: Any) -> list:
    return [f"{o.name}:{o.type}", list(o.node_def.input)]


def _attr(tf: Any, value: Any) -> Any:
    if isinstance(value, tf.dtypes.DType):
        return value.name
    if isinstance(value, list):
        return [v.decode() if isinstance(v, bytes) else v for v in value]
    return value


def lookup(tf: Any, code: str) -> dict:
    """The lookup in a graph: its ops, the gathers' attrs, tf.compat.v1.gradients' ops and
    the gradient's kind, and the loss and gradient a Session computes."""
    tf1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v = tf1.get_variable("v", initializer=TABLE)
        ids = tf1.placeholder(tf.int32, [None], name="ids")
        before = {o.name for o in g.get_operations()}
        with tf.name_scope("look"):
            rows = eval(code, {"tf": tf, "v": v, "ids": ids})  # noqa: S307 (the cases)
        loss = tf.reduce_sum(rows)
        made = [o for o in g.get_operations() if o.name not in before]
        attrs = {o.name: {k: _attr(tf, o.get_attr(k)) for k in _ATTRS if k in o.node_def.attr}
                 for o in made if o.type == "ResourceGather"}
        mid = {o.name for o in g.get_operations()}
        grad = tf1.gradients(loss, [v])[0]
        grad_ops = [_op(o) for o in g.get_operations() if o.name not in mid]
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            value, dense = sess.run([loss, tf.convert_to_tensor(grad)], {ids: FEED})
    return {"ops": [_op(o) for o in made], "attrs": attrs, "grad_ops": grad_ops,
            "grad_kind": type(grad).__name__, "loss": float(value),
            "grad": dense.tolist()}


def minimize(tf: Any, opt: str) -> dict:
    """An embedding trained by a v1 optimizer in a Session: the ops it adds but the
    gradients' (its slots, each started as TF's, and its updates: name:type and the
    NodeDef's data inputs) and the table after two steps."""
    tf1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v = tf1.get_variable("table", initializer=TABLE)
        ids = tf1.placeholder(tf.int32, [None], name="ids")
        loss = tf.reduce_sum(tf.nn.embedding_lookup(v, ids) ** 2)
        before = {o.name for o in g.get_operations()}
        train = eval("tf1.train." + opt, {"tf1": tf1}).minimize(loss)  # noqa: S307
        ops = [[f"{o.name}:{o.type}", [i for i in o.node_def.input if i[0] != "^"]]
               for o in g.get_operations()
               if o.name not in before and not o.name.startswith("gradients/")]
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            for _ in range(2):
                sess.run(train, {ids: FEED})
            table = sess.run(v)
    return {"ops": ops, "table": table.tolist()}


def record(tf: Any) -> dict:
    return {"lookups": {k: lookup(tf, c) for k, c in LOOKUPS.items()},
            "optimizers": {k: minimize(tf, k) for k in OPTIMIZERS}}
