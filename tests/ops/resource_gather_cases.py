"""Eager lookups of a variable's rows (tf.gather, tf.nn.embedding_lookup: TF's
ResourceGather) that test_resource_gather.py compares with TF 2.21's results, errors and
gradients; the recorder make_resource_gather_golden.py runs the same cases under
TensorFlow. Each case: the call's source, with `tf` and the variable `v` bound.
"""

import numpy as np

TABLE = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]

CASES = {
    "rows": "tf.gather(v, [2, 0])",
    "matrix_of_ids": "tf.gather(v, [[0, 1], [2, 2]])",
    "scalar_id": "tf.gather(v, 1)",
    "int64_ids": "tf.gather(v, tf.constant([1, 1], tf.int64))",
    "axis_zero": "tf.gather(v, [2], axis=0)",
    "axis_one": "tf.gather(v, [1], axis=1)",
    "empty_ids": "tf.gather(v, tf.zeros([0], tf.int32))",
    "out_of_range": "tf.gather(v, [0, 5])",
    "negative": "tf.gather(v, [-1])",
    "scalar_out_of_range": "tf.gather(v, 3)",
    "float_ids": "tf.gather(v, [0, 1.5])",
    "int16_ids": "tf.gather(v, tf.constant([1], tf.int16))",
    "axis_one_out_of_range": "tf.gather(v, [2], axis=1)",
    "embedding": "tf.nn.embedding_lookup(v, [1, 2])",
    "embedding_out_of_range": "tf.nn.embedding_lookup(v, [3])",
    "sparse_read": "v.sparse_read([2, 2])",
    "sparse_read_out_of_range": "v.sparse_read([3])",
    "sparse_read_tensor_out_of_range": "v.sparse_read(tf.constant([1, -1]))",
    # the raw op on the variable's handle
    "raw": "tf.raw_ops.ResourceGather(resource=v.handle, indices=[2, 0], dtype=tf.float32)",
    "raw_batch_dims": "tf.raw_ops.ResourceGather(resource=v.handle, indices=[[1], [0], [1]], "
                      "dtype=tf.float32, batch_dims=1)",
    "raw_matrix_batch_dims": "tf.raw_ops.ResourceGather(resource=v.handle, "
                             "indices=[[1, 1], [0, 1], [0, 0]], dtype=tf.float32, "
                             "batch_dims=1)",
    "raw_out_of_range": "tf.raw_ops.ResourceGather(resource=v.handle, indices=[3], "
                        "dtype=tf.float32)",
    "raw_int16": "tf.raw_ops.ResourceGather(resource=v.handle, indices=tf.constant([1], "
                 "tf.int16), dtype=tf.float32)",
}

GRAD_CASES = {
    "gather": "tf.gather(v, [2, 0, 2]) * [[1.0, 2.0]]",
    "embedding": "tf.nn.embedding_lookup(v, [[1], [1]]) * 3.0",
    "axis_one": "tf.gather(v, [1, 1], axis=1)",
    "sparse_read": "v.sparse_read([[2, 2]]) * 0.5",
    # the raw op reads no variable: a tape that watches nothing sees nothing
    "raw_unwatched": "tf.raw_ops.ResourceGather(resource=v.handle, indices=[1], "
                     "dtype=tf.float32)",
}


def _value(x):
    return {"shape": list(x.shape), "dtype": x.dtype.name, "value": np.asarray(x).tolist()}


def outcome(tf, src):
    """What the case does eagerly: its value, or its error's class and message."""
    v = tf.Variable(TABLE, name="table")
    try:
        out = eval(src, {"tf": tf, "v": v})  # noqa: S307 (the cases above)
    except Exception as e:  # noqa: BLE001 (the error is the fact recorded)
        return {"error": type(e).__name__, "message": str(e)}
    return _value(out)


def gradient(tf, src):
    """The gradient of the case's sum with respect to v: its type and parts."""
    v = tf.Variable(TABLE, name="table")
    with tf.GradientTape() as tape:
        y = eval(src, {"tf": tf, "v": v})  # noqa: S307 (the cases above)
    g = tape.gradient(y, v)
    if g is None:
        return {"type": None}
    if type(g).__name__ == "IndexedSlices":
        return {"type": "IndexedSlices", "values": _value(g.values),
                "indices": _value(g.indices), "dense_shape": _value(g.dense_shape)}
    return {"type": type(g).__name__, "value": _value(g)}
