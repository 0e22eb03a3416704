"""Gradients of gathers as IndexedSlices: the cases, run alike by TensorFlow (the recorder,
`/work/main/.venv-peers/bin/python tests/autodiff/indexed_slices_cases.py`) and by eagerflow (the
test), each result as plain JSON: its kind, and its parts or its dense value."""

from __future__ import annotations

import os
import sys
from typing import Any, Callable

import numpy as np

TABLE = np.array([[0.5, -0.25], [0.125, 1.0], [-0.75, 0.0], [0.3, 0.2]], np.float32)
IDS = np.array([0, 2, 0, 3], np.int32)
W = np.array([[1.0, -2.0], [0.5, 0.25], [-1.0, 1.5], [2.0, 0.5]], np.float32)
GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "indexed_slices_golden.json")


def describe(g: Any) -> Any:
    """A gradient as JSON: None, a dense value, or an IndexedSlices' three parts."""
    if g is None:
        return None
    if type(g).__name__ == "IndexedSlices":
        return {"kind": "IndexedSlices", "values": np.asarray(g.values).tolist(),
                "indices": np.asarray(g.indices).tolist(),
                "indices_dtype": g.indices.dtype.name,
                "dense_shape": np.asarray(g.dense_shape).tolist(),
                "dense_shape_dtype": g.dense_shape.dtype.name}
    if isinstance(g, (list, tuple)):
        return [describe(x) for x in g]
    return {"kind": "dense", "dtype": g.dtype.name, "value": np.asarray(g).tolist()}


def cases(tf: Any) -> dict[str, Callable[[], Any]]:
    v = tf.Variable(TABLE)
    c = tf.constant(TABLE)

    def grad(f: Callable[[], Any], source: Any = None, **kw: Any) -> Any:
        src = v if source is None else source
        with tf.GradientTape() as tape:
            tape.watch(c)
            loss = f()
        return tape.gradient(loss, src, **kw)

    def gather_loss() -> Any:
        return tf.reduce_sum(tf.tanh(tf.gather(v, IDS)) * W)

    @tf.function
    def traced() -> Any:
        return grad(lambda: gather_loss() + tf.reduce_sum(tf.gather(v, [1]) * 3.0))

    def jacobian() -> Any:
        with tf.GradientTape() as tape:
            rows = tf.gather(v, [0, 0])
        return tape.jacobian(rows, v)

    def persistent() -> Any:
        with tf.GradientTape(persistent=True) as tape:
            loss = gather_loss()
        return [tape.gradient(loss, v), tape.gradient(loss, v)]

    def handle_watched() -> Any:
        with tf.GradientTape(watch_accessed_variables=False) as tape:
            tape.watch(v.handle)
            loss = gather_loss() + tf.reduce_sum(v * 0.5)
        return tape.gradient(loss, [v.handle, v])

    @tf.function
    def traced_handle() -> Any:
        return grad(lambda: gather_loss() + tf.reduce_sum(tf.gather(v, [1]) * 3.0), v.handle)

    @tf.function
    def traced_gather_nd() -> Any:
        return grad(lambda: gather_loss() + tf.reduce_sum(tf.gather_nd(v, [[1], [3]]) * 2.0))

    @tf.function
    def lookups() -> Any:
        return gather_loss() + tf.reduce_sum(tf.gather_nd(v, [[1], [3]]) * 2.0)

    a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    b = tf.constant([[5.0, 6.0]])

    def grad_ab(f: Callable[[Any, Any], Any], traced: bool = False) -> Any:
        """The gradients of f(a, b) for a and b, f run eagerly or as a tf.function."""
        run = tf.function(f) if traced else f
        with tf.GradientTape() as tape:
            tape.watch(a)
            tape.watch(b)
            loss = run(a, b)
        return tape.gradient(loss, [a, b])

    # the gradient of a gather of a concat or a sum: ConcatV2's, AddV2's and Sub's
    # gradients take an IndexedSlices (each pair eagerly and traced)
    through = {
        "concat_axis0": lambda x, y: tf.reduce_sum(
            tf.gather(tf.concat([x, y], 0), [2, 0, 1, 0]) * tf.constant([[1.], [2.], [3.], [4.]])),
        "concat_same_twice": lambda x, y: tf.reduce_sum(
            tf.gather(tf.concat([x, x], 0), [3, 0, 2]) * tf.constant([[1.], [2.], [3.]])),
        "concat_axis1": lambda x, y: tf.reduce_sum(
            tf.gather(tf.concat([x, x * 2.0], 1), [1]) * tf.constant([[1., 2., 3., 4.]])),
        "concat_negative_axis": lambda x, y: tf.reduce_sum(
            tf.gather(tf.concat([x, y], -2), [2, 1])),
        "concat_and_dense": lambda x, y: tf.reduce_sum(
            tf.gather(tf.concat([x, y], 0), [2, 1])) + tf.reduce_sum(x),
        "add_scalar": lambda x, y: tf.reduce_sum(tf.gather(x + 1.0, [1, 1]) * 2.0),
        "sub_scalar": lambda x, y: tf.reduce_sum(tf.gather(x - 1.0, [1]) * 2.0),
        "add_broadcast": lambda x, y: tf.reduce_sum(tf.gather(x + y, [1])),
        "mul_scalar": lambda x, y: tf.reduce_sum(tf.gather(x * 2.0, [1])),
        "scalar_sub": lambda x, y: tf.reduce_sum(tf.gather(1.0 - x, [1])),
    }
    slices_through = {}
    for name, f in through.items():
        slices_through[name] = lambda f=f: grad_ab(f)
        slices_through[name + "_traced"] = lambda f=f: grad_ab(f, traced=True)

    return {
        **slices_through,
        "gather_variable": lambda: grad(gather_loss),
        # a function's gathers under a tape outside it (its gradient replays its graph)
        "function_gathers": lambda: grad(lookups),
        # a variable's handle is the variable on TF's tape: the same gradient
        "handle_gather": lambda: grad(gather_loss, v.handle),
        "handle_dense": lambda: grad(lambda: tf.reduce_sum(v * v), v.handle),
        "handle_and_variable": lambda: grad(gather_loss, [v.handle, v]),
        "handle_watched": handle_watched,
        "handle_traced": traced_handle,
        "traced_gather_nd": traced_gather_nd,
        "gather_constant": lambda: grad(lambda: tf.reduce_sum(tf.gather(c, IDS) ** 2), c),
        "gather_int64_ids": lambda: grad(
            lambda: tf.reduce_sum(tf.gather(v, tf.constant([3, 1], tf.int64)))),
        "gather_1d": lambda: grad(lambda: tf.reduce_sum(tf.gather(c[:, 0], IDS) * 2.0), c),
        "two_gathers_concatenate": lambda: grad(
            lambda: gather_loss() + tf.reduce_sum(tf.gather(v, [1, 0]) * 3.0)),
        "three_gathers_concatenate": lambda: grad(
            lambda: tf.reduce_sum(tf.gather(v, [2])) + gather_loss()
            + tf.reduce_sum(tf.gather(v, [1]) * 5.0)),
        "gather_and_dense_densify": lambda: grad(lambda: gather_loss() + tf.reduce_sum(v * v)),
        "gather_axis1_dense": lambda: grad(lambda: tf.reduce_sum(tf.gather(v, [1, 1], axis=1))),
        "gather_batch_dims_dense": lambda: grad(lambda: tf.reduce_sum(
            tf.gather(v, [[0], [1], [1], [0]], axis=1, batch_dims=1) * 2.0)),
        "through_identity": lambda: grad(
            lambda: tf.reduce_sum(tf.gather(tf.identity(v), IDS) ** 2)),
        "through_multiply_dense": lambda: grad(lambda: tf.reduce_sum(tf.gather(v * 2.0, IDS))),
        "embedding_lookup": lambda: grad(
            lambda: tf.reduce_sum(tf.nn.embedding_lookup(v, [[1, 1], [0, 3]]) * 0.5)),
        "output_gradients": lambda: grad(lambda: tf.gather(v, IDS),
                                         output_gradients=tf.constant(W)),
        "unconnected_zero": lambda: grad(lambda: tf.reduce_sum(c), v,
                                         unconnected_gradients="zero"),
        "persistent_twice": persistent,
        "traced": traced,
        "jacobian_dense": jacobian,
        "convert_to_tensor": lambda: tf.convert_to_tensor(grad(gather_loss)),
        "clip_by_norm": lambda: tf.clip_by_norm(grad(gather_loss), 0.5),
        "clip_by_global_norm": lambda: list(tf.clip_by_global_norm(
            [grad(gather_loss), tf.constant([3.0, 4.0])], 1.0)),
        "global_norm": lambda: tf.linalg.global_norm([grad(gather_loss)]),
        "exp_densifies": lambda: tf.exp(grad(gather_loss)),
    }


def run_all(tf: Any) -> dict:
    return {name: describe(f()) for name, f in cases(tf).items()}


if __name__ == "__main__":
    import tensorflow as tf

    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))
    from tests.golden_io import write_json

    write_json(GOLDEN, {"tf_version": tf.__version__, "cases": run_all(tf)}, end="\n",
               indent=1)
