"""TF's anonymous lookup tables: the raw ops AnonymousHashTable,
AnonymousMutableHashTable, AnonymousMutableHashTableOfTensors and
AnonymousMutableDenseHashTable (eagerly and in tf.function, their values and errors),
and tf.lookup's tables made with experimental_is_anonymous=True. Shared by
record_anonymous_tables.py (run under TensorFlow) and test_anonymous_tables.py.

An anonymous handle is named "Resource-<n>-at-0x<address>": shown as
"Resource-N-at-0xADDRESS"."""

from __future__ import annotations

import re
from typing import Any


def _plain(text: str) -> str:
    text = re.sub(r"Resource-\d+-at-0x[0-9a-f]+", "Resource-N-at-0xADDRESS", text)
    return re.sub(r"\{\{function_node __wrapped__\w+_device_[^}]*\}\} ", "", text)


def outcome(fn: Any) -> Any:
    try:
        r = fn()
    except Exception as e:  # noqa: BLE001 (the class and message are what is compared)
        return {"error": type(e).__name__, "message": _plain(str(e))}
    if isinstance(r, (tuple, list)):
        return [_plain(repr(x)) for x in r]
    return _plain(repr(r)) if r is not None else None


def raw_ops(tf: Any) -> dict:
    R = tf.raw_ops
    i64 = lambda *xs: tf.constant(xs, tf.int64)  # noqa: E731
    out: dict = {}
    out["hash table"] = outcome(lambda: R.AnonymousHashTable(key_dtype=tf.string,
                                                             value_dtype=tf.int64))
    h = R.AnonymousHashTable(key_dtype=tf.string, value_dtype=tf.int64)
    h2 = R.AnonymousHashTable(key_dtype=tf.string, value_dtype=tf.int64)
    out["distinct"] = repr(h) != repr(h2)
    out["import"] = outcome(lambda: R.LookupTableImportV2(
        table_handle=h, keys=tf.constant(["a", "b"]), values=i64(1, 2)))
    out["find"] = outcome(lambda: R.LookupTableFindV2(
        table_handle=h, keys=tf.constant(["a", "c"]), default_value=tf.constant(-1, tf.int64)))
    out["sizes"] = outcome(lambda: (R.LookupTableSizeV2(table_handle=h),
                                    R.LookupTableSizeV2(table_handle=h2)))
    out["initialize again"] = outcome(lambda: R.InitializeTableV2(
        table_handle=h, keys=tf.constant(["a"]), values=i64(1)))
    out["insert into static"] = outcome(lambda: R.LookupTableInsertV2(
        table_handle=h, keys=tf.constant(["x"]), values=i64(1)))
    for kd, vd in [(tf.float32, tf.int64), (tf.bool, tf.int64), (tf.int32, tf.int64)]:
        out[f"hash {kd.name}->{vd.name}"] = outcome(
            lambda kd=kd, vd=vd: R.AnonymousHashTable(key_dtype=kd, value_dtype=vd))
        out[f"mutable {kd.name}->{vd.name}"] = outcome(
            lambda kd=kd, vd=vd: R.AnonymousMutableHashTable(key_dtype=kd, value_dtype=vd))
        out[f"of tensors {kd.name}->{vd.name}"] = outcome(
            lambda kd=kd, vd=vd: R.AnonymousMutableHashTableOfTensors(key_dtype=kd,
                                                                      value_dtype=vd))
    m = R.AnonymousMutableHashTable(key_dtype=tf.int64, value_dtype=tf.float32)
    R.LookupTableInsertV2(table_handle=m, keys=i64(1, 2), values=tf.constant([1.0, 2.0]))
    keys, values = R.LookupTableExportV2(table_handle=m, Tkeys=tf.int64, Tvalues=tf.float32)
    out["mutable export"] = sorted(zip(keys.numpy().tolist(), values.numpy().tolist()))
    out["initialize mutable"] = outcome(lambda: R.InitializeTableV2(
        table_handle=m, keys=i64(1), values=tf.constant([1.0])))
    out["destroy"] = outcome(lambda: R.DestroyResourceOp(resource=m))
    out["after destroy"] = outcome(lambda: R.LookupTableSizeV2(table_handle=m))
    mt = R.AnonymousMutableHashTableOfTensors(key_dtype=tf.int64, value_dtype=tf.float32,
                                              value_shape=[2])
    R.LookupTableInsertV2(table_handle=mt, keys=i64(1), values=tf.constant([[1.0, 2.0]]))
    out["of tensors find"] = outcome(lambda: R.LookupTableFindV2(
        table_handle=mt, keys=i64(1, 3), default_value=tf.constant([0.0, 0.0])))
    out["of tensors matrix"] = outcome(lambda: R.AnonymousMutableHashTableOfTensors(
        key_dtype=tf.int64, value_dtype=tf.float32, value_shape=[2, 2]))
    out["of tensors unknown"] = outcome(lambda: R.AnonymousMutableHashTableOfTensors(
        key_dtype=tf.int64, value_dtype=tf.float32, value_shape=[-1]))
    dense = lambda e, d, **k: R.AnonymousMutableDenseHashTable(  # noqa: E731
        empty_key=e, deleted_key=d, value_dtype=k.pop("value_dtype", tf.float32), **k)
    d = dense(tf.constant(-1, tf.int64), tf.constant(-2, tf.int64), initial_num_buckets=8)
    R.LookupTableInsertV2(table_handle=d, keys=i64(1, 2), values=tf.constant([1.0, 2.0]))
    out["dense"] = outcome(lambda: (R.LookupTableSizeV2(table_handle=d), R.LookupTableFindV2(
        table_handle=d, keys=i64(2, 5), default_value=tf.constant(0.0))))
    out["dense export shapes"] = [list(x.shape) for x in R.LookupTableExportV2(
        table_handle=d, Tkeys=tf.int64, Tvalues=tf.float32)]
    out["dense equal keys"] = outcome(lambda: dense(tf.constant(-1, tf.int64),
                                                    tf.constant(-1, tf.int64)))
    out["dense key dtypes"] = outcome(lambda: dense(tf.constant(1, tf.int64),
                                                    tf.constant(2, tf.int32)))
    out["dense key shapes"] = outcome(lambda: dense(tf.constant([1, 2], tf.int64),
                                                    tf.constant(2, tf.int64)))
    out["dense value matrix"] = outcome(lambda: dense(tf.constant(1, tf.int64),
                                                      tf.constant(2, tf.int64),
                                                      value_shape=[2, 2]))
    out["dense bool keys"] = outcome(lambda: dense(tf.constant(True), tf.constant(False)))
    return out


def functions(tf: Any) -> dict:
    R = tf.raw_ops
    out: dict = {}

    @tf.function
    def raw(k):
        t = R.AnonymousMutableHashTable(key_dtype=tf.int64, value_dtype=tf.float32)
        R.LookupTableInsertV2(table_handle=t, keys=k, values=tf.cast(k, tf.float32) * 2)
        return (R.LookupTableFindV2(table_handle=t, keys=k + 1,
                                    default_value=tf.constant(-1.0)),
                R.LookupTableSizeV2(table_handle=t))

    out["raw twice"] = [outcome(lambda: raw(tf.constant([1, 2, 3], tf.int64))),
                        outcome(lambda: raw(tf.constant([7], tf.int64)))]
    graph = raw.get_concrete_function(tf.TensorSpec([None], tf.int64)).graph
    out["raw graph"] = "AnonymousMutableHashTable" in [op.type for op in
                                                        graph.get_operations()]

    @tf.function
    def mutable(k):
        m = tf.lookup.experimental.MutableHashTable(tf.int64, tf.float32, 0.0,
                                                    experimental_is_anonymous=True)
        m.insert(k, tf.constant([3.0]))
        return m.lookup(tf.constant([1, 2], tf.int64)), m.size()

    out["mutable twice"] = [outcome(lambda: mutable(tf.constant([1], tf.int64))),
                            outcome(lambda: mutable(tf.constant([2], tf.int64)))]
    graph = mutable.get_concrete_function(tf.TensorSpec([1], tf.int64)).graph
    out["mutable graph"] = "AnonymousMutableHashTable" in [op.type for op in
                                                            graph.get_operations()]

    @tf.function
    def dense(k):
        m = tf.lookup.experimental.DenseHashTable(tf.int64, tf.float32, 0.0, -1, -2,
                                                  experimental_is_anonymous=True)
        m.insert(k, tf.constant([3.0]))
        return m.lookup(tf.constant([1, 2], tf.int64)), m.size()

    out["dense twice"] = [outcome(lambda: dense(tf.constant([1], tf.int64))),
                          outcome(lambda: dense(tf.constant([2], tf.int64)))]

    @tf.function
    def static():
        init = tf.lookup.KeyValueTensorInitializer(["a"], [1])
        return tf.lookup.StaticHashTable(init, -1, experimental_is_anonymous=True).lookup(
            tf.constant(["a", "b"]))

    out["static in function"] = outcome(static)
    return out


def tables(tf: Any) -> dict:
    out: dict = {}
    init = tf.lookup.KeyValueTensorInitializer(["a", "b"], [1, 2])
    static = tf.lookup.StaticHashTable(init, -1, experimental_is_anonymous=True)
    mutable = tf.lookup.experimental.MutableHashTable(tf.int64, tf.float32, 0.0,
                                                      experimental_is_anonymous=True)
    dense = tf.lookup.experimental.DenseHashTable(tf.int64, tf.float32, 0.0, -1, -2,
                                                  experimental_is_anonymous=True)
    vinit = tf.lookup.KeyValueTensorInitializer(["a", "b"], tf.constant([1, 2], tf.int64))
    vocab = tf.lookup.StaticVocabularyTable(vinit, 2, experimental_is_anonymous=True)
    for name, t in [("static", static), ("mutable", mutable), ("dense", dense)]:
        out[f"{name} handle"] = outcome(lambda t=t: t.resource_handle)
    out["vocabulary"] = outcome(lambda: vocab.lookup(tf.constant(["a", "zz"])))
    out["static lookup"] = outcome(lambda: static.lookup(tf.constant(["b", "q"])))
    mutable.insert(tf.constant([4], tf.int64), tf.constant([2.0]))
    dense.insert(tf.constant([5], tf.int64), tf.constant([1.0]))
    out["mutable lookup"] = outcome(lambda: mutable.lookup(tf.constant([4, 3], tf.int64)))
    out["dense lookup"] = outcome(lambda: dense.lookup(tf.constant([5, 6], tf.int64)))
    return out


def run(tf: Any) -> dict:
    return {"raw_ops": raw_ops(tf), "functions": functions(tf), "tables": tables(tf)}
