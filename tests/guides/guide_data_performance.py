# ruff: noqa: E702, E701, E501, E741  (the cells as written)
# TF's "Better performance with the tf.data API" guide on small synthetic data (its
# ArtificialDataset without the sleeps): prefetch, interleave (sequential, parallel,
# deterministic or not), parallel and vectorized map, cache (memory and file), batching
# before mapping, the timeline's element structure, options, and AUTOTUNE values.
import os
import tempfile

import numpy as np
import tensorflow as tf


class ArtificialDataset(tf.data.Dataset):
    def _generator(num_samples):
        for sample_idx in range(num_samples):
            yield (sample_idx,)

    def __new__(cls, num_samples=3):
        return tf.data.Dataset.from_generator(
            cls._generator,
            output_signature=tf.TensorSpec(shape=(1,), dtype=tf.int64),
            args=(num_samples,))


def benchmark(dataset, num_epochs=2):
    seen = []
    for epoch_num in range(num_epochs):
        for sample in dataset:
            seen.append(sample.numpy().tolist())
    return seen


print(tf.data.AUTOTUNE, tf.data.experimental.AUTOTUNE)
print(ArtificialDataset().element_spec)
print(benchmark(ArtificialDataset()))
print(benchmark(ArtificialDataset().prefetch(tf.data.AUTOTUNE)))
print(benchmark(tf.data.Dataset.range(2).interleave(lambda _: ArtificialDataset())))
# (cycle_length fixed: with it and num_parallel_calls both AUTOTUNE, TF 2.21 tunes the cycle
# length while it runs, so the order of a parallel interleave depends on timing)
print(benchmark(tf.data.Dataset.range(2).interleave(lambda _: ArtificialDataset(), cycle_length=2, num_parallel_calls=tf.data.AUTOTUNE)))
print(benchmark(tf.data.Dataset.range(3).interleave(lambda i: tf.data.Dataset.range(i * 10, i * 10 + 4), cycle_length=2, block_length=2)))
print(list(tf.data.Dataset.range(3).interleave(lambda i: tf.data.Dataset.range(i * 10, i * 10 + 4), cycle_length=3, block_length=1, num_parallel_calls=2, deterministic=True).as_numpy_iterator()))
print(sorted(tf.data.Dataset.range(3).interleave(lambda i: tf.data.Dataset.range(i * 10, i * 10 + 4), num_parallel_calls=2, deterministic=False).as_numpy_iterator()))


def mapped_function(s):
    return tf.py_function(lambda x: x * 2, [s], Tout=tf.int64)


print(benchmark(ArtificialDataset().map(mapped_function)))
print(benchmark(ArtificialDataset().map(mapped_function, num_parallel_calls=tf.data.AUTOTUNE)))
print(ArtificialDataset().map(mapped_function).element_spec)
print(ArtificialDataset().map(lambda s: tf.ensure_shape(mapped_function(s), [1])).element_spec)
calls = []


def counted(x):
    calls.append(1)
    return x + 1


cached = tf.data.Dataset.range(5).map(lambda x: tf.py_function(counted, [x], tf.int64)).cache()
print(benchmark(cached, 3)); print(len(calls))
cache_dir = tempfile.mkdtemp()
calls.clear()
file_cached = tf.data.Dataset.range(4).map(lambda x: tf.py_function(counted, [x], tf.int64)).cache(os.path.join(cache_dir, 'c'))
print(benchmark(file_cached, 2)); print(len(calls)); print(sorted(os.listdir(cache_dir)))
calls.clear()
print(benchmark(tf.data.Dataset.range(4).map(lambda x: tf.py_function(counted, [x], tf.int64)).cache(os.path.join(cache_dir, 'c')), 1)); print(len(calls))
partial = tf.data.Dataset.range(6).cache()
it = iter(partial)
print([next(it).numpy() for _ in range(3)])
print(list(partial.as_numpy_iterator()))
fast_dataset = tf.data.Dataset.range(10)


def increment(x):
    return x + 1


print(list(fast_dataset.map(increment).batch(4).as_numpy_iterator()))
print(list(fast_dataset.batch(4).map(increment).as_numpy_iterator()))
print(fast_dataset.batch(4).map(increment).element_spec)
print(fast_dataset.batch(4, drop_remainder=True).map(increment).element_spec)

# the guide's timeline: element structure of a dataset that records steps
_batch_map_num_items = 6


def dataset_generator_fun(*args):
    return tf.data.Dataset.range(_batch_map_num_items)


timeline = tf.data.Dataset.range(2).flat_map(dataset_generator_fun).batch(3).map(lambda x: (x, tf.shape(x)[0]), num_parallel_calls=tf.data.AUTOTUNE, deterministic=True).prefetch(tf.data.AUTOTUNE)
print(timeline.element_spec)
for x, n in timeline: print(x.numpy(), n.numpy())

# options
options = tf.data.Options()
print(options.deterministic, options.autotune.enabled, options.experimental_optimization.map_parallelization, options.threading.private_threadpool_size)
options.deterministic = False
options.experimental_optimization.map_parallelization = True
options.autotune.ram_budget = 1 << 20
options.threading.private_threadpool_size = 2
ds = tf.data.Dataset.range(5).map(lambda x: x * x).with_options(options)
print(sorted(ds.as_numpy_iterator()))
got = ds.options()
print(got.deterministic, got.experimental_optimization.map_parallelization, got.autotune.ram_budget, got.threading.private_threadpool_size)
print(tf.data.Dataset.range(3).options().deterministic)
try:
    options.threading.private_threadpool_size = 'x'
except (TypeError, ValueError) as e:
    print(type(e).__name__, e)
try:
    got.deterministic = True
except (TypeError, ValueError) as e:
    print(type(e).__name__, e)
try:
    tf.data.Options().threading.private_threadpool_size = 'x'
except (TypeError, ValueError) as e:
    print(type(e).__name__, e)
merged = tf.data.Dataset.range(2).with_options(options).with_options(tf.data.Options())
print(merged.options().threading.private_threadpool_size)
o2 = tf.data.Options(); o2.threading.private_threadpool_size = 3
try:
    tf.data.Dataset.range(2).with_options(options).with_options(o2)
except ValueError as e:
    print(type(e).__name__, str(e)[:120])
print(tf.data.Dataset.range(8).shuffle(8, seed=1, reshuffle_each_iteration=False).batch(3).prefetch(1).cardinality().numpy())
print(tf.data.Dataset.range(8).filter(lambda x: x % 2 == 0).cardinality().numpy() == tf.data.UNKNOWN_CARDINALITY)
print(tf.data.Dataset.range(8).repeat().cardinality().numpy() == tf.data.INFINITE_CARDINALITY)
print(list(tf.data.Dataset.range(8).shuffle(8, seed=1, reshuffle_each_iteration=False).batch(3).prefetch(1).as_numpy_iterator()))
print(list(tf.data.Dataset.from_tensor_slices(np.arange(6).reshape(3, 2)).map(lambda r: tf.reduce_sum(r), num_parallel_calls=2).as_numpy_iterator()))
print(list(tf.data.Dataset.range(10).batch(3, num_parallel_calls=tf.data.AUTOTUNE, deterministic=True).as_numpy_iterator()))
