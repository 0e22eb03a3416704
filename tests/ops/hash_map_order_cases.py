"""MutableHashTable exports after inserts, removes and imports: the order TF 2.21 lists
the keys in (its std::unordered_map's). `run(tf)` runs every case under TensorFlow or
eagerflow; record_hash_map_orders.py writes TF's answers to hash_map_order_golden.json."""

from __future__ import annotations

from typing import Any


def _strs(a: int, b: int) -> list:
    return [f"k{i}" for i in range(a, b)]


# (key dtype, value shape, [(op, keys)]): op "i" inserts, "r" removes, "m" imports
CASES = [
    ("string", [], [("i", ["a", "b", "c", "hello", "world", "x1", "x2", "zz"])]),
    ("string", [], [("i", [str(i) for i in range(20)]), ("i", ["new"]), ("r", ["a", "3"])]),
    ("string", [2], [("i", _strs(0, 40)), ("r", _strs(5, 30)),
                     ("i", _strs(100, 110) + ["k1", "k100"])]),
    ("int64", [], [("i", list(range(20))), ("m", [7, 3, 40, -2, 13])]),
    ("int64", [], [("i", [5, 1, 9, 3, 100, -4, 5, 1]), ("r", [9, 77]),
                   ("i", [22, 9, -30, 2**40])]),
    ("int32", [], [("i", list(range(0, 300, 7))), ("r", list(range(0, 300, 14))),
                   ("i", list(range(-50, 50, 3)))]),
    ("int64", [3], [("i", list(range(1000, 0, -13)))]),
    ("string", [], [("i", _strs(0, 200)), ("r", _strs(0, 190)), ("i", ["z", "y", "k0"])]),
    ("string", [], [("i", _strs(0, 5)), ("m", _strs(10, 40))]),
    ("int64", [], [("i", []), ("i", [3, 3, 3, 16, 29])]),
    ("string", [], [("i", ["", "\u00e9", "a" * 17, "b" * 8, "c" * 9])]),
]


def _run_case(tf: Any, key_dtype: str, value_shape: list, ops: list) -> dict:
    kd = tf.as_dtype(key_dtype)
    vd = tf.int32 if kd == tf.int32 else tf.int64  # (TF's kernels for int32 keys)
    table = tf.lookup.experimental.MutableHashTable(
        kd, vd, [-1] * value_shape[0] if value_shape else -1)
    for op, keys in ops:
        k = tf.constant(keys, kd)
        rows = tf.reshape(tf.range(len(keys), dtype=vd), [-1] + [1] * len(value_shape))
        v = tf.zeros([len(keys)] + value_shape, vd) + rows
        if op == "i":
            table.insert(k, v)
        elif op == "r":
            table.remove(k)
        else:
            tf.raw_ops.LookupTableImportV2(table_handle=table.resource_handle, keys=k, values=v)
    keys, values = table.export()
    return {"keys": [x.decode() if isinstance(x, bytes) else x for x in keys.numpy().tolist()],
            "values": values.numpy().tolist()}


def run(tf: Any) -> list:
    return [_run_case(tf, *case) for case in CASES]
