"""Lookup tables as resources: a table's `resource_handle` (repr, dtype, device), the raw
ops on table handles (creators with their shared_name semantics, InitializeTableV2,
LookupTable*V2, InitializeTableFromTextFileV2, DestroyResourceOp) with their values and
errors, and tables in tf.function (a handle as an argument, a table captured: the traced
graph's nodes and their data inputs). Shared by record_table_handle_golden.py (run under
TensorFlow) and test_table_handles.py (run under eagerflow).

Table names hold process-wide counters ("table_17", "_3_HashTableV2", "42"): the cases
show them as "table_N", "_N_HashTableV2", "N", and record whether two handles name the
same table instead.
"""

from __future__ import annotations

import os
import re
import tempfile
from typing import Any


def _numbered(text: str) -> str:
    text = re.sub(r'name="table_\d+"', 'name="table_N"', text)
    text = re.sub(r'name="_\d+_(\w+)"', r'name="_N_\1"', text)
    text = re.sub(r"localhost/_\d+_(\w+)/", r"localhost/_N_\1/", text)
    text = re.sub(r"\(name '([^']*)/\d+'\)", r"(name '\1/N')", text)  # (a variable's)
    return re.sub(r'name="\d+"', 'name="N"', text)


def outcome(fn: Any) -> Any:
    """`fn()` shown (tensors by their repr, a tuple's items each), or the error it raised:
    class and message."""
    try:
        r = fn()
    except Exception as e:  # noqa: BLE001 (the class and message are what is compared)
        return {"error": type(e).__name__, "message": _numbered(str(e))}
    if isinstance(r, tuple):
        return [_numbered(repr(x)) for x in r]
    return _numbered(repr(r)) if r is not None else None


def exported(fn: Any) -> Any:
    """A table's export as sorted (key, value) pairs (TF's hash maps export in no order of
    their own), or the error it raised."""
    try:
        keys, values = fn()
    except Exception as e:  # noqa: BLE001
        return {"error": type(e).__name__, "message": _numbered(str(e))}
    pairs = sorted(zip(keys.numpy().tolist(), values.numpy().tolist()))
    return [[k.decode() if isinstance(k, bytes) else k, v] for k, v in pairs]


def _name(h: Any) -> str:
    return re.search(r'name="([^"]*)"', repr(h)).group(1)


def handles(tf: Any) -> dict:
    out: dict = {}
    init = tf.lookup.KeyValueTensorInitializer(tf.constant(["a", "b"]),
                                               tf.constant([1, 2], tf.int64))
    static = tf.lookup.StaticHashTable(init, -1)
    mutable = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
    tables = {
        "static": static,
        "static named": tf.lookup.StaticHashTable(init, -1, name="foo"),
        "vocabulary": tf.lookup.StaticVocabularyTable(init, 3),
        "mutable": mutable,
        "mutable of vectors": tf.lookup.experimental.MutableHashTable(
            tf.string, tf.float32, [0.0, 0.0]),
        "dense": tf.lookup.experimental.DenseHashTable(tf.int64, tf.float32, -1.0, 0, -1),
        "dense of vectors": tf.lookup.experimental.DenseHashTable(
            tf.int64, tf.float32, [1.0, 2.0], [0, 0], [-1, -1]),
    }
    for k, t in tables.items():
        out[k] = outcome(lambda t=t: t.resource_handle)
    h = static.resource_handle
    out["facts"] = [type(h).__name__, h.dtype.name, list(h.shape), h.device,
                    h is static.resource_handle, _name(h) == _name(mutable.resource_handle)]
    out["same handle"] = _name(tables["vocabulary"].resource_handle) == \
        _name(tables["vocabulary"].resource_handle)
    return out


def raw_ops(tf: Any) -> dict:
    out: dict = {}
    raw = tf.raw_ops
    S, I = tf.string, tf.int64  # noqa: N806, E741
    init = tf.lookup.KeyValueTensorInitializer(tf.constant(["a", "b"]),
                                               tf.constant([1, 2], I))
    static = tf.lookup.StaticHashTable(init, -1)
    h = static.resource_handle
    out["find"] = outcome(lambda: raw.LookupTableFindV2(
        table_handle=h, keys=tf.constant([["a", "z"], ["b", "a"]]),
        default_value=tf.constant(-5, I)))
    out["size"] = outcome(lambda: raw.LookupTableSizeV2(table_handle=h))
    out["export"] = exported(lambda: raw.LookupTableExportV2(table_handle=h, Tkeys=S, Tvalues=I))
    out["find int default"] = outcome(lambda: raw.LookupTableFindV2(
        table_handle=h, keys=tf.constant(["a"]), default_value=-1))
    out["find wrong keys"] = outcome(lambda: raw.LookupTableFindV2(
        table_handle=h, keys=tf.constant([1]), default_value=tf.constant(-1, I)))
    out["find default shape"] = outcome(lambda: raw.LookupTableFindV2(
        table_handle=h, keys=tf.constant(["a", "b"]), default_value=tf.constant([1, 2, 3], I)))
    out["insert static"] = outcome(lambda: raw.LookupTableInsertV2(
        table_handle=h, keys=tf.constant(["x"]), values=tf.constant([8], I)))
    out["remove static"] = outcome(lambda: raw.LookupTableRemoveV2(
        table_handle=h, keys=tf.constant(["x"])))
    out["size of a float"] = outcome(lambda: raw.LookupTableSizeV2(table_handle=tf.constant(1.0)))
    out["size of a variable"] = outcome(lambda: raw.LookupTableSizeV2(
        table_handle=tf.Variable(1.0).handle).numpy())
    # creators: their names, shared by shared_name and by the attrs of a call
    a = raw.HashTableV2(key_dtype=S, value_dtype=I)
    out["creator"] = outcome(lambda: a)
    out["creator again"] = _name(raw.HashTableV2(key_dtype=S, value_dtype=I)) == _name(a)
    out["creator other attrs"] = _name(raw.HashTableV2(key_dtype=S,
                                                       value_dtype=tf.float32)) == _name(a)
    out["node name sharing"] = outcome(lambda: raw.HashTableV2(
        key_dtype=S, value_dtype=I, use_node_name_sharing=True))
    out["container"] = outcome(lambda: raw.HashTableV2(key_dtype=S, value_dtype=I,
                                                       container="cc", shared_name="x"))
    out["float keys"] = outcome(lambda: raw.HashTableV2(key_dtype=tf.float32, value_dtype=I))
    out["find uninitialized"] = outcome(lambda: raw.LookupTableFindV2(
        table_handle=a, keys=tf.constant(["a"]), default_value=tf.constant(-1, I)))
    out["size uninitialized"] = outcome(lambda: raw.LookupTableSizeV2(table_handle=a))
    out["export uninitialized"] = exported(lambda: raw.LookupTableExportV2(
        table_handle=a, Tkeys=S, Tvalues=I))
    for what, keys, values in (("wrong dtype", [1], [7]), ("sizes", ["a", "b"], [7]),
                               ("matrix", [["a"]], [[7]]), ("empty", [], [])):
        out[f"initialize {what}"] = outcome(lambda k=keys, v=values: raw.InitializeTableV2(
            table_handle=a, keys=tf.constant(k, S if what != "wrong dtype" else None),
            values=tf.constant(v, I)))
    out["initialize"] = outcome(lambda: raw.InitializeTableV2(
        table_handle=a, keys=tf.constant(["x", "y"]), values=tf.constant([7, 8], I)))
    out["find initialized"] = outcome(lambda: raw.LookupTableFindV2(
        table_handle=a, keys=tf.constant(["x", "q", "y"]), default_value=tf.constant(-1, I)))
    out["initialize again"] = outcome(lambda: raw.InitializeTableV2(
        table_handle=a, keys=tf.constant(["p", "q"]), values=tf.constant([1, 2], I)))
    out["initialize other size"] = outcome(lambda: raw.InitializeTableV2(
        table_handle=a, keys=tf.constant(["p"]), values=tf.constant([1], I)))
    out["after initialize again"] = exported(lambda: raw.LookupTableExportV2(
        table_handle=a, Tkeys=S, Tvalues=I))
    out["destroy"] = outcome(lambda: raw.DestroyResourceOp(resource=a))
    out["find destroyed"] = outcome(lambda: raw.LookupTableFindV2(
        table_handle=a, keys=tf.constant(["x"]), default_value=tf.constant(-1, I)))
    out["size destroyed"] = outcome(lambda: raw.LookupTableSizeV2(table_handle=a))
    out["destroy again"] = outcome(lambda: raw.DestroyResourceOp(resource=a,
                                                                 ignore_lookup_error=False))
    out["creator after destroy"] = _name(raw.HashTableV2(key_dtype=S, value_dtype=I)) == \
        _name(a)
    out["size after destroy"] = outcome(lambda: raw.LookupTableSizeV2(
        table_handle=raw.HashTableV2(key_dtype=S, value_dtype=I)))
    # mutable tables by shared name
    m = raw.MutableHashTableV2(key_dtype=S, value_dtype=I, shared_name="lk_m1")
    out["mutable"] = outcome(lambda: m)
    out["insert"] = outcome(lambda: raw.LookupTableInsertV2(
        table_handle=m, keys=tf.constant(["x", "y"]), values=tf.constant([8, 9], I)))
    out["shared"] = outcome(lambda: raw.LookupTableSizeV2(table_handle=raw.MutableHashTableV2(
        key_dtype=S, value_dtype=I, shared_name="lk_m1")))
    out["shared conflict"] = outcome(lambda: raw.MutableHashTableV2(
        key_dtype=S, value_dtype=tf.float32, shared_name="lk_m1"))
    out["insert wrong keys"] = outcome(lambda: raw.LookupTableInsertV2(
        table_handle=m, keys=tf.constant([1, 2]), values=tf.constant([1, 2], I)))
    out["insert shapes"] = outcome(lambda: raw.LookupTableInsertV2(
        table_handle=m, keys=tf.constant(["a", "b"]), values=tf.constant([1], I)))
    out["import shapes"] = outcome(lambda: raw.LookupTableImportV2(
        table_handle=m, keys=tf.constant(["a", "b"]), values=tf.constant([1], I)))
    out["remove wrong keys"] = outcome(lambda: raw.LookupTableRemoveV2(
        table_handle=m, keys=tf.constant([1])))
    out["initialize mutable"] = outcome(lambda: raw.InitializeTableV2(
        table_handle=m, keys=tf.constant(["a"]), values=tf.constant([7], I)))
    out["remove"] = outcome(lambda: raw.LookupTableRemoveV2(table_handle=m,
                                                           keys=tf.constant(["x", "nope"])))
    out["export mutable"] = exported(lambda: raw.LookupTableExportV2(table_handle=m, Tkeys=S,
                                                                   Tvalues=I))
    out["import"] = outcome(lambda: raw.LookupTableImportV2(
        table_handle=m, keys=tf.constant(["q", "r"]), values=tf.constant([1, 2], I)))
    out["export imported"] = exported(lambda: raw.LookupTableExportV2(table_handle=m, Tkeys=S,
                                                                    Tvalues=I))
    out["read a table"] = outcome(lambda: raw.ReadVariableOp(resource=m, dtype=tf.float32))
    out["destroy shared"] = outcome(lambda: raw.DestroyResourceOp(resource=m))
    out["insert destroyed"] = outcome(lambda: raw.LookupTableInsertV2(
        table_handle=m, keys=tf.constant(["a"]), values=tf.constant([1], I)))
    # tables of vectors, dense tables
    out["vectors of a matrix"] = outcome(lambda: raw.MutableHashTableOfTensorsV2(
        key_dtype=S, value_dtype=I, value_shape=[2, 2]))
    v = raw.MutableHashTableOfTensorsV2(key_dtype=S, value_dtype=I, value_shape=[2])
    out["vectors insert"] = outcome(lambda: raw.LookupTableInsertV2(
        table_handle=v, keys=tf.constant(["a"]), values=tf.constant([[1, 2]], I)))
    out["vectors find"] = outcome(lambda: raw.LookupTableFindV2(
        table_handle=v, keys=tf.constant(["a", "b"]), default_value=tf.constant([0, 0], I)))
    out["vectors export"] = outcome(lambda: raw.LookupTableExportV2(table_handle=v, Tkeys=S,
                                                                   Tvalues=I))
    d = raw.MutableDenseHashTableV2(empty_key=tf.constant(0, I), deleted_key=tf.constant(-1, I),
                                    value_dtype=tf.float32, initial_num_buckets=8)
    out["dense"] = outcome(lambda: d)
    out["dense insert"] = outcome(lambda: raw.LookupTableInsertV2(
        table_handle=d, keys=tf.constant([5, 9], I), values=tf.constant([1.0, 2.0])))
    out["dense export"] = outcome(lambda: raw.LookupTableExportV2(table_handle=d, Tkeys=I,
                                                                 Tvalues=tf.float32))
    out["dense find"] = outcome(lambda: raw.LookupTableFindV2(
        table_handle=d, keys=tf.constant([5, 7], I), default_value=tf.constant(-1.0)))
    out["dense empty key"] = outcome(lambda: raw.LookupTableFindV2(
        table_handle=d, keys=tf.constant([0], I), default_value=tf.constant(-1.0)))
    out["dense equal keys"] = outcome(lambda: raw.MutableDenseHashTableV2(
        empty_key=tf.constant(0, I), deleted_key=tf.constant(0, I), value_dtype=tf.float32))
    out["dense int8 keys"] = outcome(lambda: raw.MutableDenseHashTableV2(
        empty_key=tf.constant([7, 3], tf.int8), deleted_key=tf.constant([1, 1], tf.int8),
        value_dtype=I, value_shape=[2]))
    out["dense int8 values"] = outcome(lambda: raw.MutableDenseHashTableV2(
        empty_key=tf.constant(7, I), deleted_key=tf.constant(1, I), value_dtype=tf.int8,
        shared_name="lk_int8", initial_num_buckets=8, max_load_factor=0.5))
    for shape in ([2**62, 4], [-5]):
        out[f"dense value shape {shape}"] = outcome(lambda shape=shape: raw.MutableDenseHashTableV2(
            empty_key=tf.constant(0, I), deleted_key=tf.constant(1, I), value_dtype=I,
            value_shape=shape, shared_name="lk_shape"))
        out[f"vectors value shape {shape}"] = outcome(
            lambda shape=shape: raw.MutableHashTableOfTensorsV2(
                key_dtype=S, value_dtype=I, value_shape=shape, shared_name="lk_shape_2"))
    # an initialization refused at a repeated key keeps the keys before it: the table
    # is not initialized (its size 0) until an initialization succeeds, which adds to them
    p = raw.HashTableV2(key_dtype=S, value_dtype=I, shared_name="lk_partial")
    out["initialize repeated key"] = outcome(lambda: raw.InitializeTableV2(
        table_handle=p, keys=tf.constant(["j", "k", "k"]), values=tf.constant([3, 4, 5], I)))
    out["size after refused initialize"] = outcome(lambda: raw.LookupTableSizeV2(table_handle=p))
    out["initialize after refused"] = outcome(lambda: raw.InitializeTableV2(
        table_handle=p, keys=tf.constant(["a", "b"]), values=tf.constant([1, 2], I)))
    out["export after refused initialize"] = exported(lambda: raw.LookupTableExportV2(
        table_handle=p, Tkeys=S, Tvalues=I))
    out["size after initialize"] = outcome(lambda: raw.LookupTableSizeV2(table_handle=p))
    # a text file's table
    path = os.path.join(tempfile.mkdtemp(), "vocab.txt")
    with open(path, "w") as f:
        f.write("a\nb\nc\n")
    t = raw.HashTableV2(key_dtype=S, value_dtype=I, shared_name="lk_text")
    out["text file"] = outcome(lambda: raw.InitializeTableFromTextFileV2(
        table_handle=t, filename=path, key_index=-2, value_index=-1))
    out["text file find"] = outcome(lambda: raw.LookupTableFindV2(
        table_handle=t, keys=tf.constant(["b", "z", "c"]), default_value=tf.constant(-1, I)))
    missing = outcome(lambda: raw.InitializeTableFromTextFileV2(
        table_handle=t, filename=path + ".nope", key_index=-2, value_index=-1))
    missing["message"] = missing["message"].replace(path, "<path>")
    out["text file missing"] = missing
    return out


def _graph(fn: Any) -> list:
    """The traced graph's nodes: name, op and data inputs (TF's NodeDef inputs)."""
    return [[op.name, op.type, [i for i in op.node_def.input if not i.startswith("^")]]
            for op in fn.graph.get_operations()]


def functions(tf: Any) -> dict:
    out: dict = {}
    init = tf.lookup.KeyValueTensorInitializer(tf.constant(["a", "b"]),
                                               tf.constant([1, 2], tf.int64))
    static = tf.lookup.StaticHashTable(init, -1)
    mutable = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
    dense = tf.lookup.experimental.DenseHashTable(tf.int64, tf.float32, -1.0, 0, -1)

    @tf.function
    def captured(k: Any, ki: Any) -> Any:
        mutable.insert(k, ki)
        mutable.remove(k[:1])
        dense.insert(ki, tf.cast(ki, tf.float32))
        return (static.lookup(k), static.size(), static.export(), static.lookup(k),
                mutable.lookup(k), mutable.size(), mutable.export(), dense.lookup(ki))

    cf = captured.get_concrete_function(tf.TensorSpec([None], tf.string),
                                        tf.TensorSpec([None], tf.int64))
    out["captured graph"] = _graph(cf)
    out["captured shapes"] = [str(t.shape) for t in tf.nest.flatten(cf.structured_outputs)]
    res = captured(tf.constant(["a", "c", "b"]), tf.constant([4, 5, 6], tf.int64))
    out["captured call"] = [outcome(lambda x=x: x) for x in (res[0], res[1], res[3], res[4],
                                                             res[5], res[7])]
    out["captured exports"] = [exported(lambda: res[2]), exported(lambda: res[6])]

    @tf.function
    def by_argument(h: Any, k: Any) -> Any:
        return tf.raw_ops.LookupTableFindV2(table_handle=h, keys=k,
                                            default_value=tf.constant(-1, tf.int64))

    cf = by_argument.get_concrete_function(static.resource_handle,
                                           tf.TensorSpec([None], tf.string))
    out["argument graph"] = _graph(cf)
    out["argument shape"] = str(cf.structured_outputs.shape)
    out["argument calls"] = [outcome(lambda: by_argument(static.resource_handle,
                                                         tf.constant(["a", "q"]))),
                             outcome(lambda: by_argument(mutable.resource_handle,
                                                         tf.constant(["a", "c"])))]
    out["argument traces"] = by_argument.experimental_get_tracing_count()

    @tf.function
    def made_inside() -> Any:
        h = tf.raw_ops.HashTableV2(key_dtype=tf.string, value_dtype=tf.int64,
                                   shared_name="lk_inside")
        tf.raw_ops.InitializeTableV2(table_handle=h, keys=tf.constant(["x"]),
                                     values=tf.constant([3], tf.int64))
        return tf.raw_ops.LookupTableFindV2(table_handle=h, keys=tf.constant(["x", "y"]),
                                            default_value=tf.constant(-1, tf.int64))

    out["inside graph"] = _graph(made_inside.get_concrete_function())
    out["inside calls"] = [outcome(made_inside), outcome(made_inside)]
    return out


def run(tf: Any) -> dict:
    return {"handles": handles(tf), "raw_ops": raw_ops(tf), "functions": functions(tf)}
