"""Datasets of sparse, ragged and optional elements (and Nones) saved in TF's snapshot
format: shared by test_composite_save.py (eagerflow) and record_composite_save_golden.py
(TensorFlow 2.21), each calling `datasets(tf)` with its own `tf`."""


def datasets(tf) -> dict:
    """{case: dataset}: SparseTensor and RaggedTensor elements of every layout TF encodes
    (rank 0 to 2 ragged, int32 and int64 splits, uniform inner dims, empty values,
    strings, batches, and composites nested with dense tensors)."""
    sp = tf.sparse.SparseTensor([[0, 1], [2, 0]], [1.5, 2.5], [3, 4])
    rows = tf.sparse.SparseTensor([[0, 0], [1, 2], [1, 3], [3, 1]], ["a", "bc", "", "d"], [4, 5])
    rg = tf.ragged.constant([[1, 2], [3], []], dtype=tf.int32)
    return {
        "sparse": tf.data.Dataset.from_tensors(sp),
        "sparse_rows": tf.data.Dataset.from_tensor_slices(rows),
        "sparse_empty": tf.data.Dataset.from_tensors(tf.sparse.SparseTensor(
            tf.zeros([0, 2], tf.int64), tf.zeros([0], tf.int32), [2, 2])),
        "sparse_batch": tf.data.Dataset.from_tensor_slices(rows).batch(3),
        # the same batches passed through a function: TF holds them in the one-element form
        "sparse_batch_map": tf.data.Dataset.from_tensor_slices(rows).batch(3).map(lambda s: s),
        "sparse_bool": tf.data.Dataset.from_tensors(tf.sparse.SparseTensor(
            [[1], [4]], [True, False], [6])),
        "ragged": tf.data.Dataset.from_tensors(rg),
        "ragged_rows": tf.data.Dataset.from_tensor_slices(rg),
        "ragged_2": tf.data.Dataset.from_tensors(tf.ragged.constant(
            [[["a"], ["b", "c"]], [[]]], row_splits_dtype=tf.int32)),
        "ragged_uniform": tf.data.Dataset.from_tensors(tf.RaggedTensor.from_row_splits(
            tf.reshape(tf.range(8.0), [4, 2]), [0, 1, 4])),
        "ragged_batch": tf.data.Dataset.range(5).map(lambda x: tf.range(x)).ragged_batch(2),
        "ragged_batch_map": tf.data.Dataset.range(5).map(lambda x: tf.range(x)).ragged_batch(2)
        .map(lambda r: r),
        "ragged_rows_batch": tf.data.Dataset.from_tensor_slices(tf.ragged.constant(
            [[[1], [2, 3]], [], [[4, 5, 6]]], row_splits_dtype=tf.int32)).batch(2),
        "ragged_float64": tf.data.Dataset.from_tensors(tf.ragged.constant(
            [[0.25, -1e300], [7.0]], dtype=tf.float64)),
        "mixed": tf.data.Dataset.from_tensor_slices({
            "d": [1, 2, 3, 4], "s": rows,
            "r": tf.ragged.constant([[[1.0]], [], [[2.0, 3.0], []], [[4.0]]])}
        ).map(lambda e: (e, e["d"] * 2)),
        **_optionals_and_nones(tf),
    }


def _optionals_and_nones(tf) -> dict:
    """Optionals (a variant record each: `tensorflow::data::Optional`) and Nones (no
    record, no dtype in the metadata) among the elements."""
    opt = tf.experimental.Optional
    return {
        "optional": tf.data.Dataset.range(3).map(opt.from_value),
        "optional_empty": tf.data.Dataset.range(2).map(
            lambda x: opt.empty(tf.TensorSpec([], tf.int64))),
        "optional_tuple": tf.data.Dataset.range(2).map(
            lambda x: opt.from_value((x, tf.strings.as_string(x)))),
        "optional_with_none": tf.data.Dataset.range(2).map(
            lambda x: opt.from_value((x, None))),
        "optional_and_tensor": tf.data.Dataset.range(2).map(
            lambda x: (tf.fill([2], x), opt.from_value(x * 2))),
        "none": tf.data.Dataset.range(3).map(lambda x: (x, None)),
        "none_slices": tf.data.Dataset.from_tensor_slices(([1, 2], None)),
        "none_dict": tf.data.Dataset.range(2).map(lambda x: {"a": x, "b": None}),
    }


def plain(x):
    """An element as JSON-able data (sparse tensors as their three parts, ragged ones as
    nested lists with their splits' dtype)."""
    if isinstance(x, dict):
        return {k: plain(x[k]) for k in sorted(x)}
    if isinstance(x, (tuple, list)):
        return [plain(v) for v in x]
    if x is None:
        return None
    name = type(x).__name__
    if "Optional" in name:
        has = bool(x.has_value())
        return {"has_value": has, "value": plain(x.get_value()) if has else None}
    if "Sparse" in name:
        return {"indices": plain(x.indices), "values": plain(x.values),
                "dense_shape": plain(x.dense_shape)}
    if "Ragged" in name:
        return {"ragged": _py(x.to_list()), "splits": x.row_splits.dtype.name}
    v = x.numpy()
    return _py(v.tolist() if hasattr(v, "tolist") else v)


def _py(v):
    if isinstance(v, bytes):
        return v.decode()
    if isinstance(v, list):
        return [_py(e) for e in v]
    return v
