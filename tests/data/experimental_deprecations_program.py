"""tf.data.experimental's functions that TF 2.21 deprecates in favour of Dataset methods,
run under TF (record_experimental_deprecations.py keeps its stderr in
experimental_deprecations_golden.txt) and under eagerflow
(test_experimental_deprecations.py): each one's elements and its deprecation notice in
TF's words (the name TF gives it, its module, its instructions), once per function.

    python tests/data/experimental_deprecations_program.py tf|ef
"""

import os
import sys
import tempfile

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import eagerflow as tf
E = tf.data.experimental


def show(step, fn):
    print(f"--- {step}", file=sys.stderr, flush=True)
    result = fn()
    if isinstance(result, tf.data.Dataset):
        result = [tf.nest.map_structure(lambda t: t.numpy().tolist(), x) for x in result.take(4)]
    elif hasattr(result, "numpy"):
        result = result.numpy().tolist()
    print("result", result, file=sys.stderr)


ds = tf.data.Dataset.range(6)
folder = tempfile.mkdtemp()
show("unbatch", lambda: ds.batch(2).apply(E.unbatch()))
show("unbatch again (no second notice)", lambda: ds.batch(3).apply(E.unbatch()))
show("map_and_batch", lambda: ds.apply(E.map_and_batch(lambda x: x * 2, 2)))
show("shuffle_and_repeat", lambda: ds.apply(E.shuffle_and_repeat(1, 2)))
show("scan", lambda: ds.apply(E.scan(tf.constant(0, tf.int64), lambda s, x: (s + x, s))))
show("group_by_window", lambda: ds.apply(E.group_by_window(lambda x: x % 2,
                                                            lambda k, w: w.batch(2), 2)))
show("bucket_by_sequence_length",
     lambda: ds.apply(E.bucket_by_sequence_length(lambda x: tf.constant(1, tf.int32), [2],
                                                  [2, 2])))
show("ignore_errors", lambda: ds.apply(E.ignore_errors()))
show("sample_from_datasets", lambda: E.sample_from_datasets([ds, ds], weights=[1.0, 0.0]))
show("choose_from_datasets", lambda: E.choose_from_datasets([ds, ds], tf.data.Dataset.range(2)))
show("parallel_interleave",
     lambda: ds.apply(E.parallel_interleave(lambda x: tf.data.Dataset.from_tensors(x), 2)))
show("get_single_element", lambda: E.get_single_element(tf.data.Dataset.from_tensors(7)))
show("take_while", lambda: ds.apply(E.take_while(lambda x: x < 2)))
show("dense_to_ragged_batch", lambda: ds.apply(E.dense_to_ragged_batch(2)))
show("dense_to_sparse_batch", lambda: tf.data.Dataset.from_tensor_slices([[1], [2]]).apply(
    E.dense_to_sparse_batch(2, [1])).map(lambda s: tf.sparse.to_dense(s)))
show("enumerate_dataset", lambda: ds.apply(E.enumerate_dataset(10)))
show("unique", lambda: tf.data.Dataset.from_tensor_slices([1, 1, 2]).apply(E.unique()))
show("Counter", lambda: E.Counter(3))
show("RandomDataset", lambda: E.RandomDataset(1).map(lambda x: tf.constant(0, tf.int64)))
show("parse_example_dataset", lambda: type(
    E.parse_example_dataset({"a": tf.io.FixedLenFeature([], tf.int64)})).__name__ == "function")
show("save", lambda: E.save(ds, os.path.join(folder, "saved")))
show("load", lambda: E.load(os.path.join(folder, "saved")))
show("snapshot", lambda: ds.apply(E.snapshot(os.path.join(folder, "snap"))))
print("--- end", file=sys.stderr)
