"""kprobe17's snippets on keras.utils' data helpers: to_categorical, pad_sequences,
split_dataset, timeseries_dataset_from_array, normalize and the x/y/sample_weight packing
(see cases.py)."""

from tests.keras.kprobe17.prelude import _TRY

SNIPPETS = {}

SNIPPETS["to_categorical_and_pad_sequences_more"] = _TRY + """
tryp("col", lambda: keras.utils.to_categorical(np.array([[1], [0], [2]])))
tryp("matrix", lambda: keras.utils.to_categorical(np.array([[1, 0], [2, 1]]), num_classes=4).shape)
tryp("float_labels", lambda: keras.utils.to_categorical([0.0, 2.0]))
tryp("too_few_classes", lambda: keras.utils.to_categorical([0, 3], num_classes=2))
tryp("tensor", lambda: keras.utils.to_categorical(tf.constant([1, 2]), 3))
seqs = [[1, 2, 3], [4], [5, 6, 7, 8, 9], []]
tryp("default", lambda: keras.utils.pad_sequences(seqs))
tryp("post_post", lambda: keras.utils.pad_sequences(seqs, maxlen=3, padding="post",
    truncating="post"))
tryp("value", lambda: keras.utils.pad_sequences(seqs, maxlen=4, value=-1.5, dtype="float32"))
tryp("strings", lambda: keras.utils.pad_sequences([["a", "b"], ["c"]], dtype=object, value="<pad>"))
tryp("str_dtype_num_value", lambda: keras.utils.pad_sequences([["a"]], dtype="str", value=0))
tryp("nested", lambda: keras.utils.pad_sequences([[[1, 2]], [[3, 4], [5, 6]]]))
tryp("bad_padding", lambda: keras.utils.pad_sequences(seqs, padding="middle"))
tryp("bad_truncating", lambda: keras.utils.pad_sequences(seqs, maxlen=2, truncating="middle"))
tryp("not_iterable", lambda: keras.utils.pad_sequences([1, 2]))
tryp("empty", lambda: keras.utils.pad_sequences([]))
tryp("normalize", lambda: keras.utils.normalize(np.array([[3.0, 4.0], [1.0, 0.0]])))
tryp("normalize_l1", lambda: keras.utils.normalize(np.array([[3.0, -1.0]]), order=1))
tryp("normalize_axis0", lambda: keras.utils.normalize(np.array([[3.0, 4.0], [4.0, 3.0]]), axis=0))
"""

SNIPPETS["split_dataset_forms"] = _TRY + """
x = np.arange(10).reshape(10, 1)
y = np.arange(10) * 10
a, b = keras.utils.split_dataset((x, y), left_size=0.7, shuffle=False)
print(type(a).__name__, int(a.cardinality()), int(b.cardinality()), a.element_spec)
print([int(e[1]) for e in b])
a, b = keras.utils.split_dataset(x, right_size=3)
print(int(a.cardinality()), int(b.cardinality()), a.element_spec)
a, b = keras.utils.split_dataset(x, left_size=4, shuffle=True, seed=3)
print(sorted(int(e[0]) for e in a) + sorted(int(e[0]) for e in b) == list(range(10)))
tryp("dict", lambda: keras.utils.split_dataset({"f": x, "g": y}, left_size=0.5))
ds = tf.data.Dataset.range(7)
a, b = keras.utils.split_dataset(ds, left_size=2)
print(list(a.as_numpy_iterator()), list(b.as_numpy_iterator()))
a, b = keras.utils.split_dataset(ds.batch(2), left_size=0.5)
print([e.tolist() for e in a.as_numpy_iterator()], [e.tolist() for e in b.as_numpy_iterator()])
tryp("both_none", lambda: keras.utils.split_dataset(x))
tryp("too_big", lambda: keras.utils.split_dataset(x, left_size=11))
tryp("sum_over", lambda: keras.utils.split_dataset(x, left_size=0.6, right_size=0.6))
tryp("bad_type", lambda: keras.utils.split_dataset(x, left_size="half"))
tryp("negative", lambda: keras.utils.split_dataset(x, left_size=-1))
tryp("zero_left", lambda: keras.utils.split_dataset(x, left_size=0.01))
"""

SNIPPETS["timeseries_dataset_options"] = _TRY + """
data = np.arange(20)
def show(label, ds):
    out = []
    for batch in ds:
        if isinstance(batch, tuple):
            out.append((batch[0].numpy().tolist(), batch[1].numpy().tolist()))
        else:
            out.append(batch.numpy().tolist())
    print(label, out)
show("stride", keras.utils.timeseries_dataset_from_array(data, None, 4, sequence_stride=5,
    batch_size=2))
show("rate", keras.utils.timeseries_dataset_from_array(data, None, 3, sampling_rate=3,
    batch_size=10))
show("targets", keras.utils.timeseries_dataset_from_array(data[:-3], data[3:], 3, batch_size=4))
show("range", keras.utils.timeseries_dataset_from_array(data, None, 4, start_index=3, end_index=12,
                                                         sequence_stride=2, batch_size=3))
show("unbatched", keras.utils.timeseries_dataset_from_array(data[:6], None, 4, batch_size=None))
ds = keras.utils.timeseries_dataset_from_array(np.arange(24.0).reshape(12, 2), np.arange(12), 5,
                                               batch_size=3)
print(ds.element_spec, int(ds.cardinality()))
s1 = [b.numpy()[:, 0].tolist() for b in keras.utils.timeseries_dataset_from_array(
    data, None, 2, shuffle=True, seed=5, batch_size=20)]
print(sorted(s1[0]) == list(range(19)))
tryp("too_short", lambda: list(keras.utils.timeseries_dataset_from_array(data[:3], None, 5)))
tryp("bad_stride", lambda: keras.utils.timeseries_dataset_from_array(data, None, 3,
    sequence_stride=0))
tryp("bad_rate", lambda: keras.utils.timeseries_dataset_from_array(data, None, 3, sampling_rate=0))
tryp("bad_start", lambda: keras.utils.timeseries_dataset_from_array(data, None, 3, start_index=30))
tryp("bad_end", lambda: keras.utils.timeseries_dataset_from_array(data, None, 3, end_index=30))
tryp("bad_targets", lambda: keras.utils.timeseries_dataset_from_array(data, data[:5], 3))
"""

SNIPPETS["pack_unpack_and_serialize"] = _TRY + """
x = np.ones((2, 1))
print(keras.utils.pack_x_y_sample_weight(x) is x or keras.utils.pack_x_y_sample_weight(x))
print(type(keras.utils.pack_x_y_sample_weight(x, x)).__name__,
    len(keras.utils.pack_x_y_sample_weight(x, x, x)))
print([type(e).__name__ for e in keras.utils.unpack_x_y_sample_weight((x,))])
print([type(e).__name__ for e in keras.utils.unpack_x_y_sample_weight((x, x))])
print([type(e).__name__ for e in keras.utils.unpack_x_y_sample_weight(x)])
tryp("too_long", lambda: keras.utils.unpack_x_y_sample_weight((x, x, x, x)))
print(keras.utils.serialize_keras_object(keras.layers.Dense(2, name="d"))["config"]["units"])
print(keras.utils.serialize_keras_object(keras.activations.relu))
print(keras.utils.serialize_keras_object(keras.initializers.HeNormal(seed=2)))
print(keras.utils.serialize_keras_object(keras.regularizers.L1L2(l1=0.1)))
huber = keras.utils.serialize_keras_object(keras.losses.Huber())
print(type(keras.utils.deserialize_keras_object(huber)).__name__)
print(keras.utils.get_registered_name(keras.layers.Dense))
@keras.utils.register_keras_serializable(package="p17")
class Thing(keras.layers.Layer):
    pass
print(keras.utils.get_registered_name(Thing),
    keras.utils.get_registered_object("p17>Thing") is Thing)
tryp("dup", lambda: keras.utils.register_keras_serializable(package="p17")(type("Thing",
    (keras.layers.Layer,), {})))
"""
