# ruff: noqa: E501, E702, E731
# More of TF's "tf.data: Build TensorFlow input pipelines" and "Better performance with the
# tf.data API" guides, as a user writes them: what each source, transformation and option
# prints, and the errors TF raises (recorded from TF 2.21 by record.py).
import tensorflow as tf


def show(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "!!", type(e).__name__, (str(e).splitlines() or [""])[0][:200])


st = tf.sparse.SparseTensor(indices=[[0, 0], [1, 2], [2, 1]], values=[1, 2, 3], dense_shape=[3, 4])
print(list(tf.data.Dataset.from_tensor_slices(st).as_numpy_iterator()))
print(list(tf.data.Dataset.from_tensors({"s": st, "n": 1}).as_numpy_iterator()))
show("range dtype kwarg", lambda: list(tf.data.Dataset.range(3, dtype=tf.float32).as_numpy_iterator()))
show("range output_type", lambda: list(tf.data.Dataset.range(3, output_type=tf.int32).as_numpy_iterator()))
show("zip list inside", lambda: tf.data.Dataset.zip((tf.data.Dataset.range(2), [1, 2])))
show("zip list", lambda: tf.data.Dataset.zip([tf.data.Dataset.range(2)]))
print(tf.type_spec_from_value(tf.data.Dataset.range(3).batch(2)))
show("type_spec dict", lambda: tf.type_spec_from_value({"d": tf.data.Dataset.range(1)}))
print(tf.type_spec_from_value(tf.data.Dataset.from_tensor_slices({"a": [1.5]}).window(2)))
