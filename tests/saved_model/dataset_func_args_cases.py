"""tf.data ops whose func attributes take further arguments, called from traced functions
(tf.raw_ops): IndexFlatMapDataset (two lists of them, one per function), SaveDataset and
SaveDatasetV2 (a shard_func). Run by TensorFlow 2.21 (golden/make_dataset_func_args_form.py)
and by eagerflow (test_dataset_func_args_form.py); each function takes the `tf` module it
runs under.

`module(tf)` is a tf.Module of four tf.functions: `ifm(c, d)` the variant of an index flat
map of range(3) whose map_func reads `c` and index_map_func `d` (further arguments);
`ifm_captured()` the same of functions capturing tensors, passed as TF's convention
passes them (`*_other_args=f.captured_inputs`); `save(path, k)` and `save_v2(path, k)`
write range(6) to `path` in `k` shards (x % k).
"""

from __future__ import annotations

from typing import Any

FUNCTIONS = ("ifm", "save", "save_v2")  # (with TF's node form recorded)
# the dataset node of each function
NODES = {"ifm": "IndexFlatMapDataset", "save": "SaveDataset", "save_v2": "SaveDatasetV2"}
IFM_ARGS = ((10, 3), (5, 2))  # (c, d): elements of 3 and of 2 values
SHARDS = 3


def module(tf: Any) -> Any:
    i64 = tf.int64
    s = tf.TensorSpec([], i64)
    # (explicit further arguments: what the ops' *_other_args pass them)
    triples = tf.function(lambda x, c: tf.stack([x * c, x * c + 1, x * c + 2])
                          ).get_concrete_function(s, s)
    position = tf.function(lambda i, d: (i // d, i % d)).get_concrete_function(s, s)
    shard = tf.function(lambda x, k: x % k).get_concrete_function(s, s)
    c, d = tf.constant(10, i64), tf.constant(2, i64)
    captures_c = tf.function(lambda x: tf.stack([x * c, x * c + 1])).get_concrete_function(s)
    captures_d = tf.function(lambda i: (i // d, i % d)).get_concrete_function(s)

    def rng(n: int) -> Any:
        return tf.raw_ops.RangeDataset(start=0, stop=n, step=1, output_types=[i64],
                                       output_shapes=[[]])

    class M(tf.Module):
        @tf.function(input_signature=[s, s])
        def ifm(self, c: Any, d: Any) -> Any:
            return tf.raw_ops.IndexFlatMapDataset(
                input_dataset=rng(3), map_func_other_args=[c], index_map_func_other_args=[d],
                output_cardinality=tf.constant(9, i64), map_func=triples,
                index_map_func=position, output_types=[i64], output_shapes=[[]])

        @tf.function(input_signature=[])
        def ifm_captured(self) -> Any:
            return tf.raw_ops.IndexFlatMapDataset(
                input_dataset=rng(3), map_func_other_args=captures_c.captured_inputs,
                index_map_func_other_args=captures_d.captured_inputs,
                output_cardinality=tf.constant(6, i64), map_func=captures_c,
                index_map_func=captures_d, output_types=[i64], output_shapes=[[]])

        @tf.function(input_signature=[tf.TensorSpec([], tf.string), s])
        def save(self, path: Any, k: Any) -> Any:
            tf.raw_ops.SaveDataset(input_dataset=rng(6), path=path, shard_func_other_args=[k],
                                   shard_func=shard)
            return tf.constant(0)

        @tf.function(input_signature=[tf.TensorSpec([], tf.string), s])
        def save_v2(self, path: Any, k: Any) -> Any:
            return tf.raw_ops.SaveDatasetV2(input_dataset=rng(6), path=path,
                                            shard_func_other_args=[k], shard_func=shard,
                                            output_types=[i64], output_shapes=[[]])

    return M()


def elements(tf: Any, variant: Any) -> list:
    """The int64 elements of a dataset variant."""
    ds = tf.data.experimental.from_variant(variant, tf.TensorSpec([], tf.int64))
    return [int(x) for x in ds.as_numpy_iterator()]


def run(tf: Any, m: Any, folder: str) -> dict:
    """What each function of `m` (the module or its loaded SavedModel) computes: the
    index flat map's elements per (c, d); for the saves, the shards written (the folders of
    the run's files) and the elements read back (SaveDatasetV2's own too)."""
    import os

    def shards(path: str) -> list:
        return sorted(os.path.relpath(os.path.join(r, f), path).split(os.sep, 1)[1]
                      for r, _, fs in os.walk(path) for f in fs if f != "snapshot.metadata")

    def loaded(path: str) -> list:
        ds = tf.data.Dataset.load(path, tf.TensorSpec([], tf.int64))
        return sorted(int(x) for x in ds.as_numpy_iterator())

    i64 = tf.int64
    out = {"ifm": {f"{c},{d}": elements(tf, m.ifm(tf.constant(c, i64), tf.constant(d, i64)))
                   for c, d in IFM_ARGS},
           "ifm_captured": elements(tf, m.ifm_captured())}
    k = tf.constant(SHARDS, i64)
    a, b = os.path.join(folder, "save"), os.path.join(folder, "save_v2")
    m.save(tf.constant(a), k)
    out["save"] = {"shards": shards(a), "loaded": loaded(a)}
    out["save_v2"] = {"elements": elements(tf, m.save_v2(tf.constant(b), k)),
                      "shards": shards(b), "loaded": loaded(b)}
    return out
