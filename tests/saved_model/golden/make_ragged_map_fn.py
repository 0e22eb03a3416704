"""Records a SavedModel whose functions run tf.map_fn over ragged tensors, with TensorFlow
2.21, for tests/ops/test_ragged_variant_ops.py.

Run with the reference interpreter: `$EAGERFLOW_TF_PYTHON
tests/saved_model/golden/make_ragged_map_fn.py`. TF traces a map_fn over a RaggedTensor as a
While loop over a TensorList of RaggedTensorToVariant's batched rows, each row read back by
RaggedTensorFromVariant; an fn_output_signature of tf.RaggedTensorSpec writes each result
row with RaggedTensorToVariant too and stacks them with RaggedTensorFromVariant. Writes
ragged_map_fn/ (the SavedModel: "double" maps rows to ragged rows, "row_sums" to scalars,
"nested" maps the rows of a ragged_rank 2 tensor; "ds_sum" and "ds_batched" reduce a
tf.data pipeline over the rows, whose TensorSliceDataset takes RaggedTensorToVariant's rows
and whose functions read them back, "ds_batched" through map and ragged_batch) and
ragged_map_fn.json (the inputs and TF's outputs: each as its nested row splits and flat
values).
"""

import os
import sys

import tensorflow as tf

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", ".."))
from tests.golden_io import encode_array, write_json  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
R1 = tf.RaggedTensorSpec([None, None], tf.float32, 1, tf.int64)
R2 = tf.RaggedTensorSpec([None, None, None], tf.int32, 2, tf.int64)


class Mapper(tf.Module):
    @tf.function(input_signature=[R1])
    def double(self, rt):
        return tf.map_fn(lambda r: r * 2.0 + 1.0, rt,
                         fn_output_signature=tf.RaggedTensorSpec([None], tf.float32, 0,
                                                                 tf.int64))

    @tf.function(input_signature=[R1])
    def row_sums(self, rt):
        return tf.map_fn(tf.reduce_sum, rt, fn_output_signature=tf.float32)

    @tf.function(input_signature=[R2])
    def nested(self, rt):
        return tf.map_fn(lambda r: r + 1, rt,
                         fn_output_signature=tf.RaggedTensorSpec([None, None], tf.int32, 1,
                                                                 tf.int64))

    @tf.function(input_signature=[R1])
    def ds_sum(self, rt):
        ds = tf.data.Dataset.from_tensor_slices(rt)
        return ds.reduce(tf.constant(0.0), lambda acc, r: acc + tf.reduce_sum(r))

    @tf.function(input_signature=[R1])
    def ds_batched(self, rt):
        ds = tf.data.Dataset.from_tensor_slices(rt).map(lambda r: r * 2.0).ragged_batch(2)
        return ds.reduce(tf.constant(0.0),
                         lambda acc, r: acc + tf.reduce_sum(r.flat_values * r.flat_values))


def parts(rt):
    if not isinstance(rt, tf.RaggedTensor):
        return {"values": encode_array(rt.numpy())}
    return {"splits": [encode_array(s.numpy()) for s in rt.nested_row_splits],
            "values": encode_array(rt.flat_values.numpy())}


def main():
    m = Mapper()
    x1 = tf.ragged.constant([[1.0, 2.0], [], [3.0, -4.0, 0.5]], row_splits_dtype=tf.int64)
    x2 = tf.ragged.constant([[[1, 2], [3]], [], [[4], [], [5, 6]]], row_splits_dtype=tf.int64)
    tf.saved_model.save(m, os.path.join(HERE, "ragged_map_fn"))
    write_json(os.path.join(HERE, "ragged_map_fn.json"), {
        "x1": parts(x1), "x2": parts(x2),
        "double": parts(m.double(x1)), "row_sums": parts(m.row_sums(x1)),
        "nested": parts(m.nested(x2)), "ds_sum": parts(m.ds_sum(x1)),
        "ds_batched": parts(m.ds_batched(x1))})


if __name__ == "__main__":
    main()
