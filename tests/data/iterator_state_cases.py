"""tf.data pipelines whose iterators are checkpointed part way through, for
test_iterator_state.py: TF 2.21 writes each one's tf.train.Checkpoint
(record_iterator_state.py keeps the files in iterator_state_golden/ and what TF's restored
iterator gives next in iterator_state_golden.json), eagerflow restores them, and the
reverse. Builders take the `tf` module; this module imports neither framework."""

from __future__ import annotations

import os

import numpy as np

RECORDS = [b"rec%d" % i for i in range(7)]


# RECORDS as a SNAPPY TFRecord file (one snappy block), which TF's reader reads but its
# tf.io writer refuses to write
_SNAPPY_RECORDS = bytes.fromhex(
    "0000004a8c0104040009012c42455204726563305ae2a4d93a140010312dfea8d33a14001032cc2051"
    "793a14001033fbbb4c733a140010348f63a1bb3a1400103538879cc13a1400103699a5749b")


def record_file(tf, d: str, compression: str = "") -> str:
    path = os.path.join(d, f"recs{compression}.tfrecord")
    if compression == "SNAPPY" and not os.path.exists(path):
        with open(path, "wb") as f:
            f.write(_SNAPPY_RECORDS)
    if not os.path.exists(path):
        with tf.io.TFRecordWriter(path, options=compression or None) as w:
            for r in RECORDS:
                w.write(r)
    return path


def record_files(tf, d: str, count: int) -> list:
    """`count` TFRecord files of 1, 2, 3, 1, 2, ... records ("f<k>r<j>")."""
    paths = []
    for k in range(count):
        path = os.path.join(d, f"part{k}.tfrecord")
        if not os.path.exists(path):
            with tf.io.TFRecordWriter(path) as w:
                for j in range(k % 3 + 1):
                    w.write(b"f%dr%d" % (k, j))
        paths.append(path)
    return paths


def text_files(d: str, count: int) -> list:
    """`count` text files of 3, 4, 5, ... lines ("f<k>l<j>")."""
    paths = []
    for k in range(count):
        path = os.path.join(d, f"lines{k}.txt")
        if not os.path.exists(path):
            with open(path, "w") as f:
                f.write("".join(f"f{k}l{j}\n" for j in range(3 + k)))
        paths.append(path)
    return paths


def filled_cache(tf, d: str, name: str):
    """A cache in files (TF's form, either framework's), filled by a first pass."""
    ds = tf.data.Dataset.range(7).map(lambda x: x * 2).cache(os.path.join(d, name))
    if not os.path.exists(os.path.join(d, name) + ".index"):
        for _ in ds:
            pass
    return ds


def pipelines(tf, d: str) -> dict:
    """name -> (a function making the dataset, how many elements are taken before the
    checkpoint; None: all, and the end seen)."""
    ds = tf.data.Dataset
    slices = np.arange(12.0, dtype="float32").reshape(6, 2)
    return {
        "range": (lambda: ds.range(2, 20, 3), 2),
        "slices": (lambda: ds.from_tensor_slices(slices), 3),
        "map_batch": (lambda: ds.range(10).map(lambda x: x * 3).batch(3), 1),
        "batch": (lambda: ds.range(10).batch(4, drop_remainder=True), 1),
        # (no prefetch injected over it: it works ahead itself)
        "parallel_batch": (lambda: ds.range(10).batch(3, num_parallel_calls=2), 1),
        "parallel_batch_ended": (lambda: ds.range(10).map(lambda x: x - 1).batch(
            3, drop_remainder=True, num_parallel_calls=2), 2),
        "batch_map": (lambda: ds.range(10).batch(3).map(lambda x: x * 2), 1),
        "map": (lambda: ds.range(10).map(lambda x: x + 1), 4),
        "repeat": (lambda: ds.range(4).repeat(3), 6),
        "repeat_forever": (lambda: ds.range(3).repeat(), 7),
        "prefetch": (lambda: ds.range(10).prefetch(2), 3),
        "shuffle": (lambda: ds.range(10).shuffle(4, seed=7), 3),
        "shuffle_repeat": (lambda: ds.range(5).shuffle(3, seed=1).repeat(2), 6),
        "tfrecord": (lambda: tf.data.TFRecordDataset(record_file(tf, d)), 3),
        "exhausted": (lambda: ds.range(3).map(lambda x: x * 2), 3),
        # (a buffered element of two components: TF counts them in "buffer.size")
        "pairs": (lambda: ds.from_tensor_slices((slices, np.arange(6))).batch(2).repeat(), 4),
        "take": (lambda: ds.range(10).take(6), 2),
        # (TF's take may have reached its end for the prefetch: an element still buffered)
        "take_end": (lambda: ds.range(10).take(3), 2),
        "skip": (lambda: ds.range(10).skip(3), 2),
        "shard": (lambda: ds.range(10).shard(3, 1), 1),
        "shard_ended": (lambda: ds.range(10).shard(4, 3).prefetch(2), 1),
        "filter": (lambda: ds.range(20).filter(lambda x: x % 3 == 0).batch(2), 1),
        "filter_end": (lambda: ds.range(10).filter(lambda x: x < 3), 2),
        # (a repeat's input of unknown size: its epochs counted by running it)
        "filter_repeat": (lambda: ds.range(7).filter(lambda x: x % 2 == 0).repeat(3), 6),
        "repeat_ended": (lambda: ds.range(3).repeat(2).prefetch(3), 5),
        "shuffle_ended": (lambda: ds.range(4).shuffle(2, seed=3).prefetch(3), 3),
        "tfrecord_ended": (lambda: tf.data.TFRecordDataset(record_file(tf, d)).prefetch(3), 6),
        "parallel_map": (lambda: ds.range(10).map(lambda x: x * 2, num_parallel_calls=2), 3),
        # (a batch part given: TF keeps its values)
        "unbatch": (lambda: ds.from_tensor_slices((slices, np.arange(6))).batch(4).unbatch(), 2),
        # (its input's element part given: TF keeps it and the offset in it)
        "rebatch": (lambda: ds.range(10).batch(4).rebatch(3), 1),
        "rebatch_sizes": (lambda: ds.from_tensor_slices(slices).batch(4).rebatch([1, 2]), 3),
        "padded_batch": (lambda: ds.range(1, 8).map(lambda x: tf.range(x)).padded_batch(2), 1),
        "options": (lambda: ds.range(10).with_options(_no_parallel_maps(tf)).apply(
            lambda d: d.skip(1).map(lambda x: x + 1)), 2),
        "zip": (lambda: ds.zip((ds.range(5), ds.from_tensor_slices(slices).repeat())), 2),
        "enumerate": (lambda: ds.range(10, 20).enumerate(5), 3),
        "concatenate": (lambda: ds.range(3).concatenate(ds.range(10, 14).map(lambda x: x * 2)), 4),
        "concatenate_infinite": (lambda: ds.range(3).repeat().concatenate(ds.range(2)), 4),
        "concatenate_shuffled": (
            lambda: ds.range(4).shuffle(3, seed=2).concatenate(ds.range(2)), 1),
        # (TF's cache, still filling, holds what it gave; filled, what it reads from)
        "cache": (lambda: ds.from_tensor_slices((slices, np.arange(6))).cache(), 2),
        "cache_repeat": (lambda: ds.range(6).map(lambda x: x * 3).cache().repeat(2), 8),
        "cache_exhausted": (lambda: ds.range(3).cache(), 3),
        "flat_map": (lambda: ds.from_tensor_slices(np.arange(9).reshape(3, 3)).flat_map(
            ds.from_tensor_slices).map(lambda x: x + 1), 4),
        # (a slot whose dataset has given all stays open until its turn: TF's cycle)
        "interleave": (lambda: ds.range(1, 6).interleave(lambda x: ds.from_tensor_slices(
            tf.range(x * 10, x * 11)), cycle_length=2, block_length=2), 4),
        # (ended: TF keeps no input but an interleave's, a filled cache's elements)
        "ended_interleave": (lambda: ds.range(1, 4).interleave(lambda x: ds.from_tensor_slices(
            tf.range(x)), cycle_length=2), None),
        "ended_zip_unbatch": (lambda: ds.zip((ds.range(3), ds.range(4).batch(3).unbatch())), None),
        "ended_cache_concatenate": (lambda: ds.range(2).cache().concatenate(ds.from_tensor_slices(
            np.arange(4).reshape(2, 2)).flat_map(ds.from_tensor_slices)), None),
        # (TF keeps a scan's state; a unique's elements seen, in its set's order)
        "scan": (lambda: ds.range(10).scan(tf.constant(1, tf.int64),
                                           lambda s, x: (s + x, s * x)), 3),
        "unique": (lambda: ds.from_tensor_slices(["c", "a", "c", "b", "a", "d"]).unique(), 2),
        "take_while": (lambda: ds.range(10).take_while(lambda x: x < 6), 2),
        "take_while_ended": (lambda: ds.range(10).take_while(lambda x: x < 3).prefetch(5), 1),
        # (TF's parallel map holds the error it will drop; no prefetch over them at the root)
        "ignore_errors": (lambda: ds.from_tensor_slices(["1", "x", "3", "4"]).map(
            tf.strings.to_number).ignore_errors(), 1),
        # (a compressed file's offset is its inflated stream's)
        # (a snappy file's offsets are in its uncompressed stream, as a gzip file's)
        "tfrecord_snappy": (lambda: tf.data.TFRecordDataset(
            record_file(tf, d, "SNAPPY"), "SNAPPY").prefetch(2), 3),
        "tfrecord_gzip": (lambda: tf.data.TFRecordDataset(record_file(tf, d, "GZIP"), "GZIP"), 3),
        "tfrecord_zlib": (lambda: tf.data.TFRecordDataset(
            record_file(tf, d, "ZLIB"), "ZLIB").prefetch(3), 5),
        "choose": (lambda: ds.choose_from_datasets([ds.range(5), ds.range(10, 15)],
                                                   ds.from_tensor_slices(_CHOICES)), 2),
        # (an input found ended is let go; the rest go on)
        "choose_ended": (lambda: ds.choose_from_datasets(
            [ds.range(2), ds.range(10, 15)], ds.from_tensor_slices(_CHOICES[::-1]),
            stop_on_empty_dataset=False), 3),
        # (its selector: Random (its seeds), BatchV2, ParallelMapV2)
        "sample": (lambda: ds.sample_from_datasets([ds.range(5), ds.range(10, 15)],
                                                   seed=3), 3),
        "random": (lambda: ds.random(seed=5, rerandomize_each_iteration=True).batch(2), 2),
        # (its selector's random reseeds each iteration: the seeds written are the saved
        # iterator's, and so are the draws its position is worked out from)
        "sample_reseeded": (lambda: ds.sample_from_datasets(
            [ds.range(5), ds.range(10, 15)], weights=[0.3, 0.7], seed=11,
            rerandomize_each_iteration=True), 4),
        # (ended: the last epoch's seeds, its buffer empty)
        "shuffle_repeat_ended": (lambda: ds.range(5).shuffle(3, seed=1).repeat(2).prefetch(4), 8),
        "ended_shuffle_repeat": (lambda: ds.range(5).shuffle(3, seed=1).repeat(2), None),
        # (TF keeps the window a flat_map reads as its dataset's graph; the window
        # iterator's buffer holds what later windows need)
        "window": (lambda: ds.range(10).window(3, shift=2, drop_remainder=True).flat_map(
            lambda w: w.batch(3)), 1),
        "window_stride": (lambda: ds.range(10).window(3, shift=4, stride=2).flat_map(
            lambda w: w), 4),
        # (its input ended: the window iterator lets it go; the last window's batch ended)
        "window_ended": (lambda: ds.range(5).window(2, 1).flat_map(lambda w: w.batch(2)), 4),
        # (TF keeps the groups, the current one's too, each key's window size, and the
        # current group's dataset's iterators; "group_counter" is one less than it began)
        # (TF's parallel interleave holds results and elements opened ahead; written, its
        # cycle's elements' iterators, no results, none ahead)
        "parallel_interleave": (lambda: ds.range(1, 6).interleave(
            lambda x: ds.from_tensor_slices(tf.range(x * 10, x * 11)), cycle_length=2,
            block_length=2, num_parallel_calls=2), 4),
        # (a slot left empty once the input ended shrinks TF's cycle)
        "parallel_interleave_shrink": (lambda: ds.range(1, 5).interleave(
            lambda x: ds.from_tensor_slices(tf.range(x)), cycle_length=3,
            num_parallel_calls=3), 6),
        # (files read in parallel: TF's workers, their threads' readers, the cycle and the
        # staged workers (2 per slot); a worker done takes the next file and is staged)
        "tfrecord_parallel": (lambda: tf.data.TFRecordDataset(
            record_files(tf, d, 8), num_parallel_reads=2), 7),
        "tfrecord_parallel_ended": (lambda: tf.data.TFRecordDataset(
            record_files(tf, d, 3), num_parallel_reads=2).prefetch(4), 4),
        # (the common reader: an interleave of TFRecordDatasets of its file names, each a
        # FlatMap of one file's TFRecord iterator under its element's prefix)
        "interleave_tfrecords": (lambda: tf.data.Dataset.from_tensor_slices(
            record_files(tf, d, 5)).interleave(tf.data.TFRecordDataset, cycle_length=2,
                                                num_parallel_calls=2), 5),
        # (cycle lengths autotuned, as TF's kernels choose them on the 2 cores they were
        # recorded on (the test pins that count): a third of the cores, rounded up, with
        # the parallelism autotuned too; num_parallel_calls of them, at most the cores)
        # (TF's text reader: a FlatMap of a TextLine iterator per file, at a byte position)
        "text_lines": (lambda: tf.data.TextLineDataset(text_files(d, 3)), 5),
        # (interleaves of other inner datasets: each slot's own iterator written with it)
        "interleave_text_lines": (lambda: tf.data.Dataset.from_tensor_slices(
            text_files(d, 3)).interleave(tf.data.TextLineDataset, cycle_length=2,
                                         block_length=2), 5),
        "interleave_range_map": (lambda: ds.range(5).interleave(
            lambda x: ds.range(x).map(lambda y: y * 10 + x), cycle_length=3), 4),
        "interleave_tfrecords_sequential": (lambda: tf.data.Dataset.from_tensor_slices(
            record_files(tf, d, 5)).interleave(tf.data.TFRecordDataset, cycle_length=2), 3),
        "interleave_nested": (lambda: ds.range(3).interleave(lambda x: ds.range(3).interleave(
            lambda y: ds.range(2).map(lambda z: x * 100 + y * 10 + z), cycle_length=2),
            cycle_length=2), 7),
        "interleave_filter_batch": (lambda: ds.range(3).interleave(
            lambda x: ds.range(5 + x).filter(lambda y: y % 2 == 0).batch(2).map(
                lambda b: tf.reduce_sum(b) + 100 * x), cycle_length=2), 3),
        "interleave_text_lines_parallel": (lambda: tf.data.Dataset.from_tensor_slices(
            text_files(d, 3)).interleave(tf.data.TextLineDataset, cycle_length=2,
                                         num_parallel_calls=2), 4),
        "interleave_autotuned": (lambda: ds.range(1, 6).interleave(
            lambda x: ds.from_tensor_slices(tf.range(x * 10, x * 10 + x)),
            num_parallel_calls=tf.data.AUTOTUNE), 4),
        "interleave_autotuned_cycle": (lambda: ds.range(1, 6).interleave(
            lambda x: ds.from_tensor_slices(tf.range(x * 10, x * 10 + x)),
            num_parallel_calls=2), 4),
        "tfrecord_autotuned": (lambda: tf.data.TFRecordDataset(
            record_files(tf, d, 5), num_parallel_reads=tf.data.AUTOTUNE), 4),
        # (a filled cache in files: TF's reader of them, at its index; no input read)
        "file_cache": (lambda: filled_cache(tf, d, "fcache").batch(2), 2),
        "file_cache_ended": (lambda: filled_cache(tf, d, "fcache"), None),
        "flat_map_tfrecords": (lambda: tf.data.Dataset.from_tensor_slices(
            record_files(tf, d, 4)).flat_map(tf.data.TFRecordDataset), 4),
        # (a reshuffling shuffle under what is counted by running it again: the runs draw
        # the saved iterator's seeds; under a repeat, its epoch's)
        "shuffled_unbatch": (lambda: ds.range(9).shuffle(9, seed=6).batch(4).unbatch(), 5),
        "shuffled_filter_repeat": (lambda: ds.range(9).shuffle(9, seed=7).filter(
            lambda x: x % 2 == 0).repeat(2), 6),
        # (the runs' repeats make new shuffle iterators as they go: from the saved one's
        # counters, and the live iterator's left as they were)
        "shuffle_repeat_windows": (lambda: ds.range(8).shuffle(8, seed=5).repeat(3).window(
            5, 5).flat_map(lambda w: w), 13),
        # (a ShuffleAndRepeat of a filter: each epoch's size counted by running it)
        "filter_shuffle_repeat": (lambda: ds.range(20).filter(lambda x: x % 4 != 1).shuffle(
            3, seed=11).repeat(2).take(25), 17),
        "group_by_window": (lambda: ds.range(10).group_by_window(
            lambda x: x % 2, lambda k, w: w.batch(2), window_size=2), 2),
        # (its groups' datasets: a padded batch of the bucket's size over each)
        "bucket_by_sequence_length": (lambda: ds.from_tensor_slices(np.arange(10)).map(
            lambda i: tf.range(tf.gather(tf.constant(_LENGTHS, tf.int64), i)))
            .bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 5], [2, 2, 1]), 3),
        # (groups left when the input ends are flushed in the order of their keys)
        "group_by_window_flush": (lambda: ds.range(8).group_by_window(
            lambda x: x % 3, lambda k, w: w.map(lambda x: x * 10 + k),
            window_size_func=lambda k: k + 2).prefetch(2), 5),
    }


_LENGTHS = [1, 3, 2, 5, 1, 4, 2, 6, 3, 1]
_CHOICES = np.array([0, 1, 1, 0, 1, 0, 0, 0], np.int64)


def _no_parallel_maps(tf):
    options = tf.data.Options()
    options.experimental_optimization.map_parallelization = False
    return options


def _value(x):
    if isinstance(x, tuple):
        return [_value(c) for c in x]
    v = x.numpy()
    return v.decode() if isinstance(v, bytes) else v.tolist()


def write(tf, name: str, d: str, ckpt: str) -> None:
    make, taken = pipelines(tf, d)[name]
    it = iter(make())
    if taken is None:
        list(it)
    for _ in range(taken or 0):
        next(it)
    tf.train.Checkpoint(it=it).write(ckpt)


def rest(tf, name: str, d: str, ckpt: str, most: int = 8) -> list:
    """What the pipeline's new iterator gives (at most `most` elements) once restored."""
    it = iter(pipelines(tf, d)[name][0]())
    tf.train.Checkpoint(it=it).read(ckpt).assert_consumed()
    return [_value(x) for _, x in zip(range(most), it)]


def mismatch(tf, d: str, ckpt: str) -> str:
    """The error restoring the "batch" pipeline's checkpoint into a shuffle's iterator."""
    it = iter(tf.data.Dataset.range(10).shuffle(3, seed=1))
    try:
        tf.train.Checkpoint(it=it).read(ckpt)
    except Exception as e:  # noqa: BLE001 (the error is the result)
        return f"{type(e).__name__}: {e}"
    return "no error"


def unsaveable(tf) -> dict:
    """name -> a dataset whose iterator TF refuses to save (external state; a generator)
    or, under a policy that lets it or with an op TF allows, saves."""
    ds = tf.data.Dataset
    policy = tf.data.experimental.ExternalStatePolicy
    v = tf.Variable(3, dtype=tf.int64)
    table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
        tf.constant([0, 1], tf.int64), tf.constant([5, 6], tf.int64)), -1)

    def gen():
        return ds.from_generator(lambda: iter(range(5)),
                                 output_signature=tf.TensorSpec((), tf.int64))

    def with_policy(d, p):
        options = tf.data.Options()
        options.experimental_external_state_policy = p
        return d.with_options(options)

    def rand(x):
        return x + tf.random.uniform([], 0, 3, tf.int64)

    return {
        "generator": gen,
        "generator_ignore": lambda: with_policy(gen(), policy.IGNORE),
        "random_map": lambda: ds.range(5).map(rand),
        "random_map_warn": lambda: with_policy(ds.range(5).map(rand), policy.WARN),
        "random_in_cond": lambda: ds.range(5).filter(
            lambda x: tf.cond(x > 2, lambda: tf.random.uniform([]) < 2.0, lambda: True)),
        "variable": lambda: ds.range(5).batch(2).map(lambda x: x + v),
        "numpy_function": lambda: ds.range(5).map(lambda x: x * 2).map(
            lambda x: tf.numpy_function(lambda a: a, [x], tf.int64)),
        "lookup": lambda: ds.range(5).map(table.lookup),
    }


def save_error(tf, name: str, ckpt: str) -> str:
    """TF's error saving the iterator of unsaveable()'s `name` ("saved": none)."""
    it = iter(unsaveable(tf)[name]())
    next(it)
    try:
        tf.train.Checkpoint(it=it).write(ckpt)
    except Exception as e:  # noqa: BLE001 (the error is the result)
        return f"{type(e).__name__}: {e}"
    return "saved"
