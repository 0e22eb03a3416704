"""Iteration, introspection, options, threads (prefetch, parallel map), early stop without
leaked threads or file handles, map+batch fusion, and cache."""

import gc
import os
import threading
import time
import traceback

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core.tensor_spec import TensorSpec


def vals(ds):
    return [e.tolist() if isinstance(e, np.ndarray) else e for e in ds.as_numpy_iterator()]


def _data_threads():
    return [t for t in threading.enumerate() if t.name.startswith("tf_data")]


def _wait_no_data_threads(timeout=30.0):
    # (a poll, not a time limit: it returns once they are gone, in ms; a loaded machine
    # can take seconds to run the ending threads)
    deadline = time.monotonic() + timeout
    while _data_threads() and time.monotonic() < deadline:
        gc.collect()
        time.sleep(0.01)
    return _data_threads()


def _open_fds():
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:  # pragma: no cover - non-Linux
        pytest.skip("needs /proc/self/fd")


# ---------------------------------------------------------------------------------------
# iteration protocol
# ---------------------------------------------------------------------------------------

def test_eager_guide_iteration():
    out = [str(e) for e in tf.data.Dataset.range(3)]
    assert out == ["tf.Tensor(0, shape=(), dtype=int64)", "tf.Tensor(1, shape=(), dtype=int64)",
                   "tf.Tensor(2, shape=(), dtype=int64)"]
    for i, elem in enumerate(tf.data.Dataset.range(10)):
        assert int(elem) == i


def test_next_get_next_and_optional():
    it = iter(tf.data.Dataset.range(2))
    assert it.element_spec == TensorSpec([], tf.int64)
    assert int(it.get_next()) == 0 and int(next(it)) == 1
    with pytest.raises(tf.errors.OutOfRangeError, match="End of sequence"):
        it.get_next()
    with pytest.raises(StopIteration):
        next(it)
    it = iter(tf.data.Dataset.range(1))
    opt = it.get_next_as_optional()
    assert bool(opt.has_value()) and int(opt.get_value()) == 0
    empty = it.get_next_as_optional()
    assert not bool(empty.has_value())
    with pytest.raises(tf.errors.InvalidArgumentError, match="does not have a value"):
        empty.get_value()


def test_len_bool_repr_and_numpy_iterator():
    ds = tf.data.Dataset.from_tensor_slices({"a": [1, 2], "b": [b"x", b"y"]})
    assert len(ds) == 2 and bool(tf.data.Dataset.range(0))
    assert list(ds.as_numpy_iterator()) == [{"a": 1, "b": b"x"}, {"a": 2, "b": b"y"}]
    assert isinstance(next(ds.as_numpy_iterator())["a"], np.int32)
    assert repr(ds.as_numpy_iterator()).startswith("NumpyIterator(iterator=")
    with pytest.raises(TypeError, match="infinite"):
        len(tf.data.Dataset.range(3).repeat())
    with pytest.raises(TypeError, match="unknown"):
        len(tf.data.Dataset.range(3).filter(lambda x: True))
    assert repr(tf.data.Dataset.range(3).map(lambda x: x * 2).batch(2)) == (
        "<_BatchDataset element_spec=TensorSpec(shape=(None,), dtype=tf.int64, name=None)>")
    with pytest.raises(TypeError, match=r"`tf.data.Dataset.as_numpy_iterator\(\)` is not "
                                        r"supported for datasets that produce values of type "
                                        r"<class '.*DatasetV2'>"):
        tf.data.Dataset.range(3).window(2).as_numpy_iterator()


def test_take_one_of_a_shuffled_batched_dataset():
    # The eager guide: `for images, labels in dataset.take(1)`.
    x = np.arange(100 * 4, dtype=np.float32).reshape(100, 2, 2)
    y = np.arange(100)
    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(50).batch(32)
    batches = list(ds.take(1))
    assert len(batches) == 1
    images, labels = batches[0]
    assert images.shape == (32, 2, 2) and labels.dtype == tf.int64
    np.testing.assert_array_equal(images.numpy(), x[labels.numpy()])


# ---------------------------------------------------------------------------------------
# options
# ---------------------------------------------------------------------------------------

def test_options():
    o = tf.data.Options()
    assert o.deterministic is None and o.threading.private_threadpool_size is None
    assert o == tf.data.Options()
    o.deterministic = False
    o.threading.private_threadpool_size = 3
    ds = tf.data.Dataset.range(4).with_options(o).map(lambda x: x)
    assert ds.options().deterministic is False
    assert ds.options().threading.private_threadpool_size == 3
    assert ds.options().experimental_deterministic is False
    assert repr(tf.data.Dataset.range(1).with_options(o)).startswith("<_OptionsDataset")
    o2 = tf.data.Options()
    o2.deterministic = True
    assert ds.with_options(o2).options().deterministic is True  # later options win
    with pytest.raises(AttributeError, match="Cannot set the property foo on Options"):
        o.foo = 1
    with pytest.raises(TypeError, match='Property "deterministic" must be of type'):
        o.deterministic = 3
    with pytest.raises(AttributeError, match="'int' object has no attribute '_to_proto'"):
        tf.data.Dataset.range(1).with_options(5)  # (TF asks it for its proto)
    o.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.DATA
    assert o.experimental_distribute.auto_shard_policy == 2


# ---------------------------------------------------------------------------------------
# threads: prefetch, parallel map
# ---------------------------------------------------------------------------------------

def test_prefetch_runs_a_background_thread_and_keeps_order():
    seen = []

    def record(x):  # runs when elements are produced (a py_function in the traced map)
        seen.append(threading.current_thread().name)
        return x

    ds = tf.data.Dataset.range(20).map(
        lambda x: tf.py_function(record, [x], tf.int64)).prefetch(3)
    assert vals(ds) == list(range(20))
    assert set(seen) == {"tf_data_prefetch"}
    assert vals(tf.data.Dataset.range(5).prefetch(0)) == list(range(5))
    with pytest.raises(tf.errors.InvalidArgumentError, match="buffer_size must be >= 0"):
        tf.data.Dataset.range(3).prefetch(-5)


def _counting_map(ds, pause=0.0):
    """`ds` mapped through a py_function that notes each element it is given."""
    pulled = []

    def note(x):
        time.sleep(pause)
        pulled.append(int(x))
        return x

    return ds.map(lambda x: tf.py_function(note, [x], tf.int64)), pulled


def _settles_at(pulled, want, timeout=20.0):
    """How many elements were pulled once `want` were (or the timeout passed), and a
    moment after: a producer that runs past its buffer shows there."""
    deadline = time.monotonic() + timeout
    while len(pulled) < want and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.25)
    return len(pulled)


def test_autotuned_prefetch_grows_its_buffer_as_tfs_autotuner_does():
    # TF's legacy autotuner holds one element ahead until the consumer has seen the buffer
    # full and then empty, and doubles the limit each time; the counts are TF 2.21's
    ds, pulled = _counting_map(tf.data.Dataset.range(100), pause=0.1)
    it = iter(ds.prefetch(tf.data.AUTOTUNE))
    settled = []
    for burst, want in ((1, 2), (2, 5), (3, 10), (5, 19)):
        for _ in range(burst):
            next(it)
        settled.append(_settles_at(pulled, want))
    assert settled == [2, 5, 10, 19]
    del it
    ds, pulled = _counting_map(tf.data.Dataset.range(100))
    it = iter(ds.prefetch(3))
    next(it)
    assert _settles_at(pulled, 4) == 4  # (a set size is the limit from the start)


def test_a_cache_before_an_autotuned_prefetch_read_in_part_is_discarded():
    # the prefetch thread stops one element ahead, short of the end the cache needs to
    # complete, however long the consumer waits: the next iteration runs the map again
    ds, pulled = _counting_map(tf.data.Dataset.range(3))
    ds = ds.cache().prefetch(tf.data.AUTOTUNE)
    it = iter(ds)
    assert int(next(it)) == 0
    assert _settles_at(pulled, 2) == 2
    del it
    assert vals(ds) == [0, 1, 2]
    assert len(pulled) == 5
    assert vals(ds) == [0, 1, 2]
    assert len(pulled) == 5  # (read from the completed cache)


def _sleepy_square(x):
    time.sleep(0.002 * (int(x) % 3))  # finish out of order
    return x * x


def _slow_square(x):
    return tf.py_function(_sleepy_square, [x], tf.int64)


@pytest.mark.parametrize("calls", [1, 2, 4, tf.data.AUTOTUNE])
def test_parallel_map_is_deterministic(calls):
    ds = tf.data.Dataset.range(30).map(_slow_square, num_parallel_calls=calls)
    assert vals(ds) == [i * i for i in range(30)]
    assert repr(ds).startswith("<_ParallelMapDataset")


def test_parallel_map_nondeterministic_keeps_the_elements():
    ds = tf.data.Dataset.range(30).map(_slow_square, num_parallel_calls=4, deterministic=False)
    assert sorted(vals(ds)) == [i * i for i in range(30)]
    o = tf.data.Options()
    o.deterministic = False
    ds = tf.data.Dataset.range(30).map(_slow_square, num_parallel_calls=3).with_options(o)
    assert sorted(vals(ds)) == [i * i for i in range(30)]
    with pytest.raises(tf.errors.InvalidArgumentError, match="num_parallel_calls must be"):
        tf.data.Dataset.range(3).map(lambda x: x, num_parallel_calls=0)


def test_op_determinism_keeps_parallel_map_in_order_and_stateful_ones_serial():
    # (TF's enable_op_determinism: `deterministic` and the option read as True, and a map
    # function with stateful ops runs one call at a time, so its draws are reproducible)
    tf.config.experimental.enable_op_determinism()
    ds = tf.data.Dataset.range(30).map(_slow_square, num_parallel_calls=4, deterministic=False)
    assert vals(ds) == [i * i for i in range(30)]
    o = tf.data.Options()
    o.deterministic = False
    ds = tf.data.Dataset.range(30).map(_slow_square, num_parallel_calls=3).with_options(o)
    assert vals(ds) == [i * i for i in range(30)]
    tf.random.set_seed(7)
    draws = [vals(tf.data.Dataset.range(40).map(lambda x: tf.random.uniform([]),
                                                num_parallel_calls=4, deterministic=False))
             for _ in range(2)]
    tf.random.set_seed(7)
    serial = vals(tf.data.Dataset.range(40).map(lambda x: tf.random.uniform([])))
    assert draws[0] == draws[1] == serial
    assert not tf.data.Dataset.range(3).map(lambda x: x + 1, num_parallel_calls=2)._fn.stateful


def _fails_on_three_py(x):
    if int(x) == 3:
        raise RuntimeError("element three")
    return x


def _fails_on_three(x):
    return tf.py_function(_fails_on_three_py, [x], tf.int64)


def test_parallel_map_errors_surface_in_order_with_original_traceback():
    it = iter(tf.data.Dataset.range(6).map(_fails_on_three, num_parallel_calls=3))
    assert [int(next(it)) for _ in range(3)] == [0, 1, 2]
    with pytest.raises(tf.errors.UnknownError, match="RuntimeError: element three") as info:
        next(it)
    assert "_fails_on_three_py" in str(info.value)  # the traceback, in the message as in TF
    cause = info.value.__cause__
    assert isinstance(cause, RuntimeError)
    frames = [f.name for f in traceback.extract_tb(cause.__traceback__)]
    assert "_fails_on_three_py" in frames
    assert [int(x) for x in it] == [4, 5]  # the iterator stays usable
    skipped = tf.data.Dataset.range(6).map(_fails_on_three, num_parallel_calls=2).ignore_errors()
    assert vals(skipped) == [0, 1, 2, 4, 5]


# ---------------------------------------------------------------------------------------
# early stop: no leaked threads or files
# ---------------------------------------------------------------------------------------

def test_early_stop_joins_threads():
    assert _wait_no_data_threads() == []
    pipelines = [
        tf.data.Dataset.range(10**6).prefetch(4),
        tf.data.Dataset.range(10**6).map(_slow_square, num_parallel_calls=3).prefetch(2),
        tf.data.Dataset.range(100).interleave(lambda x: tf.data.Dataset.range(10**4),
                                              cycle_length=3, num_parallel_calls=3),
        tf.data.Dataset.range(100).interleave(
            lambda x: tf.data.Dataset.range(x, 10**4).map(lambda v: v * x).prefetch(2),
            cycle_length=3, num_parallel_calls=3),
    ]
    for ds in pipelines:
        for i, _ in enumerate(ds):
            if i == 5:
                break
        assert _wait_no_data_threads() == [], ds
        list(ds.take(2))
        assert _wait_no_data_threads() == [], ds
        it = iter(ds)
        next(it)
        del it
        assert _wait_no_data_threads() == [], ds


def test_early_stop_closes_files(tmp_path):
    paths = []
    for k in range(3):
        p = str(tmp_path / f"f{k}.tfrecord")
        with tf.io.TFRecordWriter(p) as w:
            for i in range(50):
                w.write(b"record %d" % i)
        paths.append(p)
    (tmp_path / "t.txt").write_text("a\nb\nc\n")
    before = _open_fds()
    pipelines = [
        tf.data.TFRecordDataset(paths),
        tf.data.TFRecordDataset(paths, num_parallel_reads=2),
        tf.data.TFRecordDataset(paths, compression_type="").prefetch(2),
        tf.data.TextLineDataset([str(tmp_path / "t.txt")] * 3),
        # readers opened per element by traced functions (templates fed with file names)
        tf.data.Dataset.from_tensor_slices(paths).flat_map(tf.data.TFRecordDataset),
        tf.data.Dataset.from_tensor_slices(paths).interleave(
            tf.data.TFRecordDataset, cycle_length=2, num_parallel_calls=2),
    ]
    for ds in pipelines:
        for i, _ in enumerate(ds):
            if i == 3:
                break
        list(ds.take(1))
        _wait_no_data_threads()
        gc.collect()
        assert _open_fds() == before, ds


# ---------------------------------------------------------------------------------------
# map + batch fusion
# ---------------------------------------------------------------------------------------

def _no_fusion():
    o = tf.data.Options()
    o.experimental_optimization.apply_default_optimizations = False
    return o


def test_map_batch_fusion_gives_the_same_batches():
    from eagerflow._src.data.batching import _MapBatchIterator

    x = np.random.default_rng(0).integers(0, 255, (50, 4, 4)).astype(np.uint8)
    y = np.arange(50)
    traces = []

    def normalise(img, lab):
        traces.append(img.shape)  # a Python side effect: once, when the map is traced
        return tf.cast(img, tf.float32) / 255.0 - 0.5, tf.cast(lab, tf.int64) * 2

    ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(
        20, seed=1, reshuffle_each_iteration=False).map(normalise).batch(8)
    assert traces == [tf.TensorShape([4, 4])]
    assert isinstance(ds._make_iterator(), _MapBatchIterator)
    fused = list(ds.as_numpy_iterator())
    plain_ds = ds.with_options(_no_fusion())
    assert not isinstance(plain_ds._make_iterator(_ctx(plain_ds.options())), _MapBatchIterator)
    plain = list(plain_ds.as_numpy_iterator())
    assert len(traces) == 1  # neither batching nor iterating traces the function again
    assert len(plain) == len(fused) == 7
    for (a, b), (c, d) in zip(fused, plain):
        np.testing.assert_array_equal(a, c)
        np.testing.assert_array_equal(b, d)
    assert fused[-1][0].shape == (2, 4, 4)
    assert fused[0][0].dtype == np.float32 and fused[0][1].dtype == np.int64


def _ctx(options):
    from eagerflow._src.data.iterators import IterContext

    return IterContext(options)


def test_only_elementwise_stateless_functions_fuse():
    from eagerflow._src.data.batching import _MapBatchIterator

    ds = tf.data.Dataset.from_tensor_slices(np.ones((6, 3), np.float32))

    def fused(d):
        return isinstance(d._make_iterator(), _MapBatchIterator)

    assert fused(ds.map(lambda v: tf.sqrt(v) * 2.0 + 1.0).batch(4))
    assert not fused(ds.map(lambda v: tf.reduce_sum(v)).batch(4))  # not elementwise
    assert not fused(ds.map(lambda v: v + tf.random.uniform([3])).batch(4))  # a draw per element
    assert not fused(ds.map(lambda v: 2.0).batch(4))  # a constant would need tiling
    two = tf.data.Dataset.from_tensor_slices((np.ones((6, 3)), np.arange(6.0)))
    assert not fused(two.map(lambda a, b: a * b).batch(4))  # ranks differ: broadcasting moves
    ints = tf.data.Dataset.range(6)
    assert not fused(ints.map(lambda x: 6 // (x - 2)).batch(4))  # may fail per element
    assert vals(ints.map(lambda x: 6 // (x + 1)).batch(4)) == [[6, 3, 2, 1], [1, 1]]


def test_functions_that_read_shapes_are_not_fused():
    ds = tf.data.Dataset.from_tensor_slices(np.ones((6, 3), np.float32))
    scaled = ds.map(lambda v: v * float(v.shape[0])).batch(4)  # shape[0] is 3 per element
    assert np.all(vals(scaled)[0] == np.full((4, 3), 3.0).tolist())
    assert np.all(vals(scaled.with_options(_no_fusion()))[0] == np.full((4, 3), 3.0).tolist())
    reduced = ds.map(lambda v: tf.reduce_sum(v)).batch(4)  # not elementwise
    assert vals(reduced) == [[3.0] * 4, [3.0] * 2]


# ---------------------------------------------------------------------------------------
# cache
# ---------------------------------------------------------------------------------------

def test_memory_cache_reads_input_once():
    calls = tf.Variable(0)  # counts map calls when they run (the map is traced once)

    def counted(x):
        calls.assign_add(1)
        return x * 2

    ds = tf.data.Dataset.range(5).map(counted).cache()
    assert vals(ds) == [0, 2, 4, 6, 8]
    assert int(calls) == 5
    assert vals(ds) == [0, 2, 4, 6, 8]
    assert int(calls) == 5  # second pass from the cache
    calls.assign(0)
    partial = tf.data.Dataset.range(5).map(counted).cache()
    list(partial.take(2))
    assert vals(partial) == [0, 2, 4, 6, 8]  # an incomplete first pass caches nothing
    assert int(calls) == 2 + 5


def test_file_cache_round_trip_and_corruption(tmp_path):
    prefix = str(tmp_path / "cache")
    calls = tf.Variable(0)

    def counted(d, n):
        calls.assign_add(1)
        return d, n

    def make():
        return tf.data.Dataset.from_tensor_slices(
            ({"s": [b"a", b"bc", b""], "f": np.arange(6.0).reshape(3, 2)}, [1, 2, 3])
        ).map(counted).cache(prefix)

    first = list(make().as_numpy_iterator())
    assert int(calls) == 3
    again = list(make().as_numpy_iterator())  # a new dataset object reads the files
    assert int(calls) == 3
    assert [e[0]["s"] for e in again] == [b"a", b"bc", b""]
    np.testing.assert_array_equal(again[2][0]["f"], first[2][0]["f"])
    assert os.path.exists(prefix + ".index") and not os.path.exists(prefix + "_0.lockfile")
    data = prefix + ".data-00000-of-00001"
    raw = bytearray(open(data, "rb").read())
    raw[20] ^= 0xFF
    open(data, "wb").write(bytes(raw))
    with pytest.raises(tf.errors.DataLossError, match="cache.data-00000-of-00001"):
        list(make())


def test_file_cache_partial_pass_leaves_nothing(tmp_path):
    prefix = str(tmp_path / "c2")
    ds = tf.data.Dataset.range(10).cache(prefix)
    list(ds.take(3))
    assert not os.path.exists(prefix + ".index")
    assert sorted(os.listdir(tmp_path)) == []
    assert vals(ds) == list(range(10)) and os.path.exists(prefix + ".index")
    assert vals(tf.data.Dataset.range(10).cache(prefix)) == list(range(10))


def _restored(ds, tmp_path, name, before=1):
    """(the batches before a save, the next one, the one after restoring that save into
    the same iterator, the first of a fresh iterator restored from it)."""
    it = iter(ds)
    ck = tf.train.Checkpoint(it=it)
    seen = [next(it).numpy().tolist() for _ in range(before)]
    path = ck.save(str(tmp_path / name))
    after = next(it).numpy().tolist()
    ck.restore(path)
    again = next(it).numpy().tolist()
    fresh = iter(ds)
    tf.train.Checkpoint(it=fresh).restore(path)
    return seen, after, again, next(fresh).numpy().tolist()


def test_restored_iterators_replay_seeded_shuffles_as_tf(tmp_path):
    """TF 2.21's values (checked by hand): a restored iterator goes on where it was saved,
    reshuffling shuffles as the saved iterator did (their counters were not found after
    the seeded streams renamed them: a restore shuffled anew). No global seed, as there
    (a test before may have set one: the op seeds then give other streams)."""
    tf.random.set_seed(None)
    shuffled = tf.data.Dataset.range(10).shuffle(10, seed=3).batch(3)
    assert _restored(shuffled, tmp_path, "s") == ([[4, 7, 2]], [6, 8, 0], [6, 8, 0],
                                                  [6, 8, 0])
    once = tf.data.Dataset.range(10).shuffle(10, seed=3, reshuffle_each_iteration=False)
    assert _restored(once.batch(3), tmp_path, "o") == ([[7, 2, 6]], [8, 9, 1], [8, 9, 1],
                                                       [8, 9, 1])
    rnd = tf.data.Dataset.random(seed=5).map(lambda x: x % 100).batch(2).take(4)
    assert _restored(rnd, tmp_path, "r") == ([[91, 39]], [24, 79], [24, 79], [24, 79])
    # a repeat's second shuffle, after one whole pass of the dataset
    rep = tf.data.Dataset.range(6).shuffle(6, seed=1).repeat(2).batch(4)
    assert [x.numpy().tolist() for x in rep] == [[4, 5, 1, 2], [3, 0, 4, 3], [1, 5, 0, 2]]
    it = iter(rep)
    ck = tf.train.Checkpoint(it=it)
    next(it), next(it)
    path = ck.save(str(tmp_path / "rep"))
    assert [x.numpy().tolist() for x in it] == [[2, 5, 1, 4]]
    ck.restore(path)
    assert [x.numpy().tolist() for x in it] == [[2, 5, 1, 4]]


def test_iterator_finalized_on_its_own_worker_thread_does_not_deadlock():
    # The collector runs wherever an allocation triggers it: here on a map worker, while
    # the prefetch above it (closed by that finalizer) ends by closing the map. Neither
    # pipeline thread may wait for the other (each waited 30 s before).
    assert _wait_no_data_threads() == []
    release = threading.Event()

    def slow_then_collect(x):
        if int(x) == 5:
            release.wait(10)
            gc.collect()
        return x

    ds = (tf.data.Dataset.range(10**6)
          .map(lambda x: tf.py_function(slow_then_collect, [x], tf.int64), num_parallel_calls=2)
          .batch(2).prefetch(1))
    gc.disable()
    try:
        it = iter(ds)
        assert next(it).numpy().tolist() == [0, 1]
        cycle = [it]
        cycle.append(cycle)  # (only the collector frees it)
        del it, cycle
        release.set()
        # (25 s: a loaded machine can take seconds to end the threads; the deadlock this
        # catches held each of them 30 s)
        deadline = time.monotonic() + 25
        while _data_threads() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert _data_threads() == []
    finally:
        gc.enable()
