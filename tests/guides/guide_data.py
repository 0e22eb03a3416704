# ruff: noqa: E702, E701, E501, E741, UP032  (the cells as written)
# tf.data as TF's "tf.data: Build TensorFlow input pipelines" guide uses it: sources,
# element_spec, structures, batching (padded, with remainders), repeat, map with py_function,
# filter, zip, flat_map, interleave, window, scan, text and TFRecord files, unbatch, take/skip,
# cardinality, and the guide's checks on what each element looks like.
import re

import numpy as np
import tensorflow as tf

np.set_printoptions(precision=4)
dataset = tf.data.Dataset.from_tensor_slices([8, 3, 0, 8, 2, 1])
print(dataset)
for elem in dataset:
    print(elem.numpy())
it = iter(dataset)
print(next(it).numpy())
print(dataset.reduce(0, lambda state, value: state + value).numpy())
dataset1 = tf.data.Dataset.from_tensor_slices(tf.ones([4, 10]))
print(dataset1.element_spec)
dataset2 = tf.data.Dataset.from_tensor_slices((tf.ones([4]), tf.ones([4, 100], dtype=tf.int32)))
print(dataset2.element_spec)
dataset3 = tf.data.Dataset.zip((dataset1, dataset2))
print(dataset3.element_spec)
dataset4 = tf.data.Dataset.from_tensors(tf.SparseTensor(indices=[[0, 0], [1, 2]], values=[1, 2], dense_shape=[3, 4]))
print(dataset4.element_spec); print(dataset4.element_spec.value_type.__name__)
dataset1 = tf.data.Dataset.from_tensor_slices(tf.reshape(tf.range(40), [4, 10]))
for z in dataset1:
    print(z.numpy())
dataset2 = tf.data.Dataset.from_tensor_slices((tf.constant([1.0, 2.0, 3.0, 4.0]), tf.reshape(tf.range(400), [4, 100])))
for a, (b, c) in tf.data.Dataset.zip((dataset1, dataset2)).take(2):
    print('shapes: {a.shape}, {b.shape}, {c.shape}'.format(a=a, b=b, c=c))
features = np.arange(12).reshape(4, 3).astype(np.float32); labels = np.array([0, 1, 0, 1])
ds = tf.data.Dataset.from_tensor_slices((features, labels))
print(ds)


def count(stop):
    i = 0
    while i < stop:
        yield i
        i += 1


ds_counter = tf.data.Dataset.from_generator(count, args=[25], output_types=tf.int32, output_shapes=())
for count_batch in ds_counter.repeat().batch(10).take(10):
    print(count_batch.numpy())


def gen_series():
    for i, n in enumerate([3, 0, 5, 1, 4, 2]):
        yield i, np.arange(n, dtype=np.float32)


ds_series = tf.data.Dataset.from_generator(gen_series, output_types=(tf.int32, tf.float32), output_shapes=((), (None,)))
print(ds_series)
ds_series_batch = ds_series.shuffle(1, seed=0).padded_batch(3)
ids, sequence_batch = next(iter(ds_series_batch))
print(ids.numpy()); print(); print(sequence_batch.numpy())
directory = tf.io.gfile.mkdir("lines") or "lines"
for name, text in (("a.txt", "first line\nsecond line\n"), ("b.txt", "# header\nthird\nfourth")):
    with open(f"lines/{name}", "w") as f:
        f.write(text)
dataset = tf.data.TextLineDataset(["lines/a.txt", "lines/b.txt"])
for line in dataset:
    print(line.numpy())
files_ds = tf.data.Dataset.from_tensor_slices(["lines/a.txt", "lines/b.txt"])
lines_ds = files_ds.interleave(tf.data.TextLineDataset, cycle_length=2)
for i, line in enumerate(lines_ds.take(4)):
    print(line.numpy())
print([l.numpy() for l in tf.data.TextLineDataset("lines/b.txt").skip(1)])
print([l.numpy() for l in tf.data.TextLineDataset("lines/b.txt").filter(lambda line: tf.not_equal(tf.strings.substr(line, 0, 1), "#"))])
with tf.io.TFRecordWriter("data.tfrecord") as w:
    for i in range(3):
        ex = tf.train.Example(features=tf.train.Features(feature={"x": tf.train.Feature(int64_list=tf.train.Int64List(value=[i, i * 2])), "s": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"r%d" % i]))}))
        w.write(ex.SerializeToString())
raw = tf.data.TFRecordDataset(["data.tfrecord"])
print(raw)
first = next(iter(raw))
parsed = tf.train.Example.FromString(first.numpy())
print(parsed.features.feature["x"])
spec = {"x": tf.io.FixedLenFeature([2], tf.int64), "s": tf.io.FixedLenFeature([], tf.string)}
for r in raw.map(lambda s: tf.io.parse_single_example(s, spec)):
    print(sorted((k, np.asarray(v).tolist()) for k, v in r.items()))
inc_dataset = tf.data.Dataset.range(100)
dec_dataset = tf.data.Dataset.range(0, -100, -1)
dataset = tf.data.Dataset.zip((inc_dataset, dec_dataset))
batched_dataset = dataset.batch(4)
for batch in batched_dataset.take(4):
    print([arr.numpy() for arr in batch])
print(batched_dataset)
print(dataset.batch(7, drop_remainder=True))
dataset = tf.data.Dataset.range(100)
dataset = dataset.map(lambda x: tf.fill([tf.cast(x, tf.int32)], x))
dataset = dataset.padded_batch(4, padded_shapes=(None,))
for batch in dataset.take(2):
    print(batch.numpy()); print()
titanic = tf.data.Dataset.range(10).repeat(3).batch(4)
print([b.numpy().tolist() for b in titanic])
print([b.numpy().tolist() for b in tf.data.Dataset.range(10).batch(4).repeat(2)])
print(tf.data.Dataset.range(10).repeat(3).cardinality().numpy(), tf.data.Dataset.range(10).repeat().cardinality().numpy(), tf.data.Dataset.range(10).filter(lambda x: x > 2).cardinality().numpy(), tf.data.INFINITE_CARDINALITY, tf.data.UNKNOWN_CARDINALITY)


def upper_case_fn(t: np.ndarray):
    return t.decode('utf-8').upper()


d = tf.data.Dataset.from_tensor_slices(["hello", "world"])
print([s.numpy() for s in d.map(lambda x: tf.py_function(func=lambda t: upper_case_fn(t.numpy()), inp=[x], Tout=tf.string))])
print([s.numpy() for s in d.map(lambda x: tf.numpy_function(func=upper_case_fn, inp=[x], Tout=tf.string))])
range_ds = tf.data.Dataset.range(100000)
batches = range_ds.batch(10, drop_remainder=True)
for batch in batches.take(5):
    print(batch.numpy())


def dense_1_step(batch):
    return batch[:-1], batch[1:]


predict_dense_1_step = batches.map(dense_1_step)
for features, label in predict_dense_1_step.take(3):
    print(features.numpy(), " => ", label.numpy())
window_size = 5
windows = range_ds.window(window_size, shift=1)
for sub_ds in windows.take(5):
    print(sub_ds)
for x in windows.flat_map(lambda x: x).take(30):
    print(x.numpy(), end=' ')
print()


def sub_to_batch(sub):
    return sub.batch(window_size, drop_remainder=True)


for example in windows.flat_map(sub_to_batch).take(5):
    print(example.numpy())


def make_window_dataset(ds, window_size=5, shift=1, stride=1):
    windows = ds.window(window_size, shift=shift, stride=stride)

    def sub_to_batch(sub):
        return sub.batch(window_size, drop_remainder=True)
    return windows.flat_map(sub_to_batch)


ds = make_window_dataset(range_ds, window_size=10, shift=5, stride=3)
for example in ds.take(10):
    print(example.numpy())
print([s.numpy().tolist() for s in tf.data.Dataset.range(8).scan(tf.constant(0, tf.int64), lambda state, x: (state + x, state * 10)).take(5)])
print([b.numpy().tolist() for b in tf.data.Dataset.range(10).batch(3).unbatch().batch(4)])
print([x.numpy() for x in tf.data.Dataset.range(10).skip(7)], [x.numpy() for x in tf.data.Dataset.range(10).shard(3, 1)], [(i.numpy(), x.numpy()) for i, x in tf.data.Dataset.range(5).enumerate(start=10)][0])
grouped = tf.data.Dataset.range(10).group_by_window(key_func=lambda x: x % 2, reduce_func=lambda key, ds: ds.batch(3), window_size=3)
print([b.numpy().tolist() for b in grouped])
buckets = tf.data.Dataset.range(1, 8).map(lambda x: tf.fill([x], x)).bucket_by_sequence_length(lambda x: tf.shape(x)[0], bucket_boundaries=[3, 5], bucket_batch_sizes=[2, 2, 2])
print([b.numpy().tolist() for b in buckets])
print([x.numpy() for x in tf.data.Dataset.range(3).concatenate(tf.data.Dataset.range(7, 9))], tf.data.Dataset.range(5).as_numpy_iterator().next(), list(tf.data.Dataset.from_tensor_slices({"a": [1, 2]}).as_numpy_iterator()))
print(list(tf.data.Dataset.range(6).apply(tf.data.experimental.assert_cardinality(6)).as_numpy_iterator()), tf.data.Dataset.range(4).take_while(lambda x: x < 2).cardinality().numpy(), list(tf.data.Dataset.range(4).take_while(lambda x: x < 2).as_numpy_iterator()))
print(list(tf.data.Dataset.range(10).rebatch if False else []), list(tf.data.Dataset.range(5).map(lambda x: (x, x * 2)).map(lambda a, b: a + b).as_numpy_iterator()), list(tf.data.Dataset.range(3).prefetch(tf.data.AUTOTUNE).cache().as_numpy_iterator()))
print(list(tf.data.Dataset.choose_from_datasets([tf.data.Dataset.from_tensors("a").repeat(), tf.data.Dataset.from_tensors("b").repeat()], tf.data.Dataset.from_tensor_slices(tf.constant([0, 1, 1, 0], tf.int64))).as_numpy_iterator()))
print(list(tf.data.Dataset.range(3).padded_batch(2, padded_shapes=[], drop_remainder=False).as_numpy_iterator()), tf.data.Dataset.range(3).get_single_element if False else "", tf.data.Dataset.range(1).get_single_element().numpy())
for bad in (lambda: tf.data.Dataset.range(3).get_single_element(), lambda: next(iter(tf.data.Dataset.range(0))), lambda: tf.data.Dataset.from_tensor_slices([[1], [2, 3]]), lambda: tf.data.Dataset.range(3).batch(0), lambda: list(tf.data.Dataset.from_tensor_slices(["a"]).map(lambda s: tf.strings.to_number(s)))):
    try: print(bad())
    except Exception as e:  # (TF numbers its datasets and runs a stateless map as ParallelMapV2)
        print(type(e).__name__, re.sub(r"MapDataset:\d+ (.*?)Iterator::Root::\w+: ", r"\1", (str(e).splitlines() or [""])[0]))
