"""Datasets returned from a tf.function and used outside it: shared by
test_returned_dataset.py (eagerflow) and record_returned_dataset_golden.py (TensorFlow
2.21), each calling `outcomes(tf)` with its own `tf`. No imports: TF's interpreter loads
this file too."""


def _values(ds):
    return [_plain(e) for e in ds.as_numpy_iterator()]


def _plain(v):
    if isinstance(v, tuple):
        return [_plain(e) for e in v]
    if isinstance(v, dict):
        return {k: _plain(e) for k, e in sorted(v.items())}
    return v.tolist() if hasattr(v, "tolist") else v


def _use(tf, ds):
    """What a user does with a returned dataset, and what it says of itself."""

    @tf.function
    def total(d):
        s = tf.constant(0, tf.int64)
        for x in d:
            s += tf.cast(tf.reduce_sum(x), tf.int64)
        return s

    return {"type": type(ds).__name__, "repr": repr(ds), "values": _values(ds),
            "again": _values(ds), "mapped_taken": _values(ds.map(lambda x: x + 1).take(2)),
            "batched": _values(ds.batch(2)), "cardinality": int(ds.cardinality()),
            "in_function": int(total(ds)),
            "zipped": _values(tf.data.Dataset.zip((ds, tf.data.Dataset.range(10, 20))))}


def outcomes(tf):
    """{case: what using the dataset gave}."""
    out = {}

    @tf.function
    def ranged(n):
        return tf.data.Dataset.range(n).map(lambda x: x * 2)

    out["range_of_argument_mapped"] = _use(tf, ranged(tf.constant(5, tf.int64)))
    out["range_of_argument_other_call"] = _values(ranged(tf.constant(2, tf.int64)))

    @tf.function
    def filtered(x, c):
        return tf.data.Dataset.from_tensor_slices(x).filter(lambda e: e > c)

    out["map_capturing_argument"] = _use(tf, filtered(tf.constant([3, 1, 4, 1, 5]),
                                                      tf.constant(2)))

    @tf.function
    def constant_source():
        return tf.data.Dataset.range(3)

    out["no_tensors_read"] = _use(tf, constant_source())

    outer = tf.data.Dataset.from_tensor_slices([1, 2, 3])

    @tf.function
    def scaled(k):
        return outer.map(lambda e: e * k).shuffle(1)

    out["eager_dataset_transformed"] = _use(tf, scaled(tf.constant(10)))

    @tf.function
    def pair(n):
        return tf.data.Dataset.range(n), n + 1

    ds, m = pair(tf.constant(3, tf.int64))
    out["returned_with_a_tensor"] = {"values": _values(ds), "tensor": int(m)}
    return out
