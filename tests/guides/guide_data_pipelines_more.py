# ruff: noqa: E501, E702, E731
# More of TF's "tf.data: Build TensorFlow input pipelines" and "Better performance with the
# tf.data API" guides, as a user writes them: what each source, transformation and option
# prints, and the errors TF raises (recorded from TF 2.21 by record.py).
import re
import warnings

import numpy as np
import tensorflow as tf


def show(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "!!", type(e).__name__, (str(e).splitlines() or [""])[0])


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
# counts and sizes convert to int64 as TF converts them: another dtype's tensor is its
# ValueError naming the argument, True is 1, None is refused
r = tf.data.Dataset.range(6)
c32, c64, cf = tf.constant(2), tf.constant(2, tf.int64), tf.constant(2.0)
for name, fn in [("take", lambda v: r.take(v)), ("skip", lambda v: r.skip(v)), ("repeat", lambda v: r.repeat(v)), ("shuffle", lambda v: r.shuffle(v, seed=1)), ("prefetch", lambda v: r.prefetch(v)),
                 ("batch", lambda v: r.batch(v)), ("padded_batch", lambda v: r.padded_batch(v)), ("window", lambda v: r.window(v)), ("window shift", lambda v: r.window(2, shift=v)), ("window stride", lambda v: r.window(2, stride=v)),
                 ("shard", lambda v: r.shard(v, 0)), ("shard index", lambda v: r.shard(3, v)), ("range", lambda v: tf.data.Dataset.range(v)), ("range start", lambda v: tf.data.Dataset.range(v, 5)),
                 ("interleave", lambda v: r.interleave(lambda x: tf.data.Dataset.range(x), cycle_length=v)), ("interleave block", lambda v: r.interleave(lambda x: tf.data.Dataset.range(x), cycle_length=2, block_length=v)),
                 ("map npc", lambda v: r.map(lambda x: x, num_parallel_calls=v)), ("ragged_batch", lambda v: r.ragged_batch(v)), ("rebatch", lambda v: r.batch(4).rebatch(v)), ("shuffle seed", lambda v: r.shuffle(3, seed=v)),
                 ("enumerate", lambda v: r.enumerate(v)), ("counter", lambda v: tf.data.Dataset.counter(v)), ("random seed", lambda v: tf.data.Dataset.random(seed=v).take(1)), ("group_by_window", lambda v: r.group_by_window(lambda x: x % 2, lambda k, d: d.batch(2), window_size=v))]:
    for vn, v in [("c32", c32), ("c64", c64), ("cf", cf), ("np32", np.int32(2)), ("2.0", 2.0), ("True", True), ("None", None)]:
        if vn in ("c32", "cf") and name == "group_by_window":
            continue  # (TF converts it in a graph: its message shows a symbolic tensor)
        if vn == "None" and "seed" in name:
            continue  # (random)
        def f(v=v):
            d = fn(v)
            if name.startswith("window"):
                return type(d).__name__
            return [str(x) for x in d.take(3).as_numpy_iterator()]
        show(f"{name} {vn}", f)
# padded_batch: padded shapes and padding values read as TF reads them
ds = tf.data.Dataset.range(1, 4).map(lambda x: (tf.fill([x], x), tf.fill([x, 2], tf.cast(x, tf.float32))))
def L(d): return [tuple(a.tolist() for a in e) for e in d.as_numpy_iterator()]
show("pv python int for int64", lambda: list(tf.data.Dataset.range(3).map(lambda x: tf.fill([x], x)).padded_batch(2, padding_values=7)))
show("pv broadcast int", lambda: L(ds.padded_batch(2, padding_values=tf.constant(-1, tf.int64))))
show("pv tuple", lambda: L(ds.padded_batch(2, padding_values=(tf.constant(-1, tf.int64), -2.0))))
show("pv tuple None", lambda: L(ds.padded_batch(2, padding_values=(None, 5.0))))
show("pv list", lambda: L(ds.padded_batch(2, padding_values=[tf.constant(-1, tf.int64), -2.0])))
show("pv short tuple", lambda: ds.padded_batch(2, padding_values=(tf.constant(-1, tf.int64),)))
show("ps list", lambda: ds.padded_batch(2, padded_shapes=[[4], [4, 2]]))
show("ps tuple", lambda: L(ds.padded_batch(2, padded_shapes=([4], [4, None]))))
show("ps tuple short", lambda: ds.padded_batch(2, padded_shapes=([4],)))
show("ps tuple none", lambda: L(ds.padded_batch(2, padded_shapes=(None, [None, 2]))))
show("ps TensorShape", lambda: L(ds.padded_batch(2, padded_shapes=(tf.TensorShape([5]), tf.TensorShape([None, 2])))))
show("ps dict for tuple", lambda: ds.padded_batch(2, padded_shapes={"a": [4]}))
show("ps rank mismatch", lambda: ds.padded_batch(2, padded_shapes=([4], [4])))
show("ps tensor int32", lambda: ds.padded_batch(2, padded_shapes=(tf.constant([4]), [4, 2])))
show("ps tensor 2d", lambda: ds.padded_batch(2, padded_shapes=(tf.constant([[4]], tf.int64), [4, 2])))
show("ps tensor f", lambda: ds.padded_batch(2, padded_shapes=(tf.constant([4.0]), [4, 2])))
show("ps -1", lambda: L(ds.padded_batch(2, padded_shapes=([-1], [-1, 2]))))
show("ps -2", lambda: L(ds.padded_batch(2, padded_shapes=([-2], [-1, 2]))))
show("ps str", lambda: ds.padded_batch(2, padded_shapes=("a", [4, 2])))
show("pv str for int", lambda: ds.padded_batch(2, padding_values=("x", 1.0)))
show("pv vec", lambda: ds.padded_batch(2, padding_values=(tf.constant([1, 2], tf.int64), 1.0)))
show("pv np int64", lambda: L(ds.padded_batch(2, padding_values=(np.int64(7), np.float32(1.5)))))
show("pv np float64 for f32", lambda: ds.padded_batch(2, padding_values=(tf.constant(7, tf.int64), np.float64(1.5))))
dsd = tf.data.Dataset.from_tensors({"a": [1, 2], "b": ["x"]})
show("dict pv scalar", lambda: list(dsd.padded_batch(1, padding_values=0).as_numpy_iterator()))
show("dict pv partial", lambda: list(dsd.padded_batch(1, padded_shapes={"a": [3], "b": [2]}, padding_values={"a": 9, "b": "p"}).as_numpy_iterator()))
show("dict pv missing key", lambda: list(dsd.padded_batch(1, padding_values={"a": 9}).as_numpy_iterator()))
show("dict ps missing key", lambda: dsd.padded_batch(1, padded_shapes={"a": [3]}))
show("dict ps tuple", lambda: dsd.padded_batch(1, padded_shapes=([3], [2])))
show("padded ragged", lambda: tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1], [2, 3]])).padded_batch(2))
show("padded sparse", lambda: tf.data.Dataset.from_tensor_slices(tf.sparse.from_dense([[1, 0]])).padded_batch(2))
show("ds of ds", lambda: tf.data.Dataset.range(3).window(2).padded_batch(2))
# unbatch's checks of the leading dims it can see
show("unbatch mismatched", lambda: list(tf.data.Dataset.from_tensors(([1, 2], [3, 4, 5])).unbatch()))
show("unbatch mismatched dyn", lambda: list(tf.data.Dataset.from_generator(lambda: iter([([1, 2], [3, 4, 5])]), output_signature=(tf.TensorSpec([None], tf.int32), tf.TensorSpec([None], tf.int32))).unbatch()))
show("unbatch mixed known", lambda: tf.data.Dataset.from_generator(lambda: iter([([1, 2], [3, 4])]), output_signature=(tf.TensorSpec([2], tf.int32), tf.TensorSpec([None], tf.int32))).unbatch().element_spec)
show("unbatch ds", lambda: tf.data.Dataset.range(3).window(2).unbatch())
show("unbatch sparse", lambda: tf.data.Dataset.from_tensors((tf.sparse.from_dense([[1, 0]]), [1, 2])).unbatch())
# functions: TF's checks of what is passed and returned
r = tf.data.Dataset.range(4)
for name, f in [("map", lambda v: r.map(v)), ("filter", lambda v: r.filter(v)), ("flat_map", lambda v: r.flat_map(v)), ("interleave", lambda v: r.interleave(v)), ("scan", lambda v: r.scan(0, v)),
                ("reduce", lambda v: r.reduce(0, v)), ("take_while", lambda v: r.take_while(v)), ("group_by_window", lambda v: r.group_by_window(v, lambda k, d: d, 2)), ("map par", lambda v: r.map(v, num_parallel_calls=2))]:
    show(name + " None", lambda: f(None))
    show(name + " 3", lambda: f(3))
for v in [tf.constant(True), np.bool_(True), 1, None, False]:
    show(f"shuffle reshuffle {v!r}", lambda: list(r.shuffle(4, seed=1, reshuffle_each_iteration=v).as_numpy_iterator()))
print([r.take(c).cardinality().numpy() for c in (-3, -2, -1, 0, 2, 9)], [r.repeat().take(c).cardinality().numpy() for c in (-3, -1, 2)], r.filter(lambda x: True).take(-3).cardinality().numpy(), len(list(r.take(-3).as_numpy_iterator())))
show("len take -3", lambda: len(r.take(-3)))
show("list take -3", lambda: len(list(r.take(-3))))
show("take_while None", lambda: r.take_while(lambda x: None))
show("filter None", lambda: r.filter(lambda x: None))
show("filter dict None", lambda: r.filter(lambda x: {"a": None}))
show("filter tuple", lambda: r.filter(lambda x: (x > 1, x > 2)))
show("take_while tuple", lambda: r.take_while(lambda x: (x > 1, x > 2)))
show("filter list", lambda: r.filter(lambda x: [x > 1]))
dt = tf.data.Dataset.from_tensor_slices(([1, 2], [3, 4]))
print(dt.map(lambda a, b: tf.sparse.from_dense([a, 0])).element_spec, dt.map(lambda a, b: tf.sparse.SparseTensor([[0]], [a], [5])).element_spec)
print(list(dt.map(lambda a, b: tf.sparse.from_dense([a, 0])).as_numpy_iterator()))
# py_function / numpy_function: the kernels' checks of what the Python function returns
d = tf.data.Dataset.range(2)
for name, fn in [("np more", lambda s: tf.numpy_function(lambda s: (np.int64(1), np.int64(2)), [s], [tf.int64])),
                 ("np fewer", lambda s: tf.numpy_function(lambda s: np.int64(1), [s], [tf.int64, tf.int64])),
                 ("np wrong 2nd", lambda s: tf.numpy_function(lambda s: (np.int64(1), np.int64(2)), [s], [tf.int64, tf.int32])),
                 ("np py int", lambda s: tf.numpy_function(lambda s: 1, [s], tf.int64)),
                 ("np py int32", lambda s: tf.numpy_function(lambda s: 1, [s], tf.int32)),
                 ("np py float", lambda s: tf.numpy_function(lambda s: 1.5, [s], tf.float32)),
                 ("np list", lambda s: tf.numpy_function(lambda s: [1, 2], [s], tf.int64)),
                 ("np none", lambda s: tf.numpy_function(lambda s: None, [s], tf.int64)),
                 ("np str", lambda s: tf.numpy_function(lambda s: "ab", [s], tf.string)),
                 ("np bool", lambda s: tf.numpy_function(lambda s: True, [s], tf.bool)),
                 ("np f16", lambda s: tf.numpy_function(lambda s: np.float32(1), [s], tf.float16)),
                 ("np uint8", lambda s: tf.numpy_function(lambda s: np.int64(1), [s], tf.uint8)),
                 ("py more", lambda s: tf.py_function(lambda s: (1, 2), [s], [tf.int32])),
                 ("py tuple for one", lambda s: tf.py_function(lambda s: (1, 2), [s], tf.int32)),
                 ("py fewer", lambda s: tf.py_function(lambda s: 1, [s], [tf.int32, tf.int32])),
                 ("py none", lambda s: tf.py_function(lambda s: None, [s], tf.int32)),
                 ("py wrong", lambda s: tf.py_function(lambda s: tf.constant(1.5), [s], tf.int32))]:
    try:
        print(name, "->", list(d.map(fn).as_numpy_iterator()))
    except Exception as e:  # (TF numbers its datasets and functions, and names the datasets its optimizer adds)
        m = re.sub(r"MapDataset:\d+ (.*?)Iterator::Root::[\w:]+: ", r"\1", str(e).splitlines()[0])
        print(name, "!!", type(e).__name__, re.sub(r"pyfunc_\d+", "pyfunc_N", m))
show("Tout None", lambda: tf.py_function(lambda: 1, []))
show("np Tout None", lambda: tf.numpy_function(lambda: 1, [], None))
show("inp None", lambda: tf.py_function(lambda: 1, Tout=tf.int32))
show("deco inp", lambda: tf.py_function(inp=[1], Tout=tf.int32))
show("np deco", lambda: tf.numpy_function(Tout=tf.int64)(lambda x: x + 1)(np.int64(2)))
show("eager np", lambda: tf.numpy_function(lambda x: x * 2, [tf.constant([1, 2])], tf.float32))
show("eager np none", lambda: tf.numpy_function(lambda: None, [], tf.float32))
show("eager np dict", lambda: tf.numpy_function(lambda: {"a": 1, "b": np.float64(2)}, [], tf.float32))
show("eager np str", lambda: tf.numpy_function(lambda: "x", [], tf.int32))
show("eager np raises", lambda: tf.numpy_function(lambda: 1 / 0, [], tf.float32))
show("eager py more", lambda: tf.py_function(lambda: (1, 2), [], [tf.int32]))
show("eager py tuple for one", lambda: tf.py_function(lambda: (1, 2), [], tf.int32))
try:
    tf.py_function(lambda: (1,), [], [tf.int32, tf.int32])
except tf.errors.InvalidArgumentError as e:
    print("eager py fewer", re.sub(r"pyfunc_\d+", "pyfunc_N", str(e).splitlines()[0]))
# flat_map/interleave functions that return no dataset, as TF names what they returned
for name, f in [("tensor", lambda x: x), ("int", lambda x: 1), ("ragged", lambda x: tf.ragged.range(x)), ("sparse", lambda x: tf.sparse.from_dense([x])), ("tuple", lambda x: (x, x)), ("dict", lambda x: {"a": x}), ("list", lambda x: [x, x])]:
    show("flat_map " + name, lambda: r.flat_map(f))
    show("interleave " + name, lambda: r.interleave(f))
# bucket_by_sequence_length: TF's buckets, its runtime checks
seqs = tf.data.Dataset.from_generator(lambda: ([1] * n for n in [1, 7, 2, 5]), output_signature=tf.TensorSpec([None], tf.int32))
for b, s in [([6, 3], [1, 1, 1]), ([], [2]), ([3], [0, 2]), ([3], [2, -1]), ([3, 3], [1, 1, 1]), ([3, 6], [2, 2, 2])]:
    show(f"bucket {b} {s}", lambda: [x.numpy().tolist() for x in seqs.bucket_by_sequence_length(lambda x: tf.shape(x)[0], b, s)])
show("bucket sizes len", lambda: seqs.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 6], [2, 2]))
show("bucket pad to boundary long", lambda: list(seqs.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 6], [1, 1, 1], pad_to_bucket_boundary=True)))
print([x.shape for x in seqs.filter(lambda x: tf.shape(x)[0] < 6).bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 6], [2, 2, 2], pad_to_bucket_boundary=True)])
# "Better performance with the tf.data API": options, their merging and their errors
o = tf.data.Options()
print(type(o).__name__, o.deterministic, o.autotune.enabled, o.autotune.cpu_budget, o.autotune.ram_budget, o.threading.private_threadpool_size, o.threading.max_intra_op_parallelism)
print(o.experimental_optimization.apply_default_optimizations, o.experimental_optimization.map_parallelization, o.experimental_optimization.parallel_batch, o.experimental_optimization.inject_prefetch, o.experimental_slack, o.experimental_distribute.auto_shard_policy, o.experimental_external_state_policy, o.experimental_warm_start, o.experimental_symbolic_checkpoint)
o.threading.private_threadpool_size = 8
o.deterministic = False
o2 = tf.data.Options(); o2.experimental_optimization.map_parallelization = False; o2.threading.max_intra_op_parallelism = 1
m = r.with_options(o).with_options(o2).options()
print(m.deterministic, m.threading.private_threadpool_size, m.threading.max_intra_op_parallelism, m.experimental_optimization.map_parallelization)
show("bad attr", lambda: setattr(tf.data.Options(), "bogus", 1))
show("bad type", lambda: setattr(tf.data.Options(), "deterministic", 3))
show("bad threadpool", lambda: setattr(tf.data.Options().threading, "private_threadpool_size", "x"))
show("with_options non options", lambda: r.with_options({"deterministic": False}))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    r.map(lambda x: x, deterministic=False)
print([str(w.message) for w in caught])
show("synchronous with num_parallel_calls", lambda: r.map(lambda x: x, num_parallel_calls=2, synchronous=True))
print(list(r.map(lambda x: x + 1, synchronous=True).as_numpy_iterator()))
it = iter(tf.data.Dataset.range(3).cache("/nonexistent_dir_zz/c"))
show("cache in a missing folder", lambda: next(it))
# reduce's state checks; as_numpy_iterator in a checkpoint
show("reduce structure change", lambda: r.reduce(tf.constant(0, tf.int64), lambda s, x: (s, x)))
show("reduce structure change dtype", lambda: r.reduce(tf.constant(0, tf.int64), lambda s, x: (tf.cast(s, tf.int32), x)))
show("reduce dtype change", lambda: r.reduce(tf.constant(0, tf.int64), lambda s, x: tf.cast(s, tf.float32)))
ni = tf.data.Dataset.range(6).as_numpy_iterator()
print(next(ni), next(ni))
ckn = tf.train.Checkpoint(it=ni)
pn = ckn.save("numpy_iterator/ckpt")
print(list(ni))
ckn.restore(pn)
print(list(ni), sorted(n for n, _ in tf.train.list_variables(pn)))
# file readers' checks of their file names
show("text int names", lambda: tf.data.TextLineDataset([1, 2]))
show("tfrecord float names", lambda: tf.data.TFRecordDataset([1.5]))
show("tfrecord mixed names", lambda: tf.data.TFRecordDataset(["a", 1]))
show("tfrecord np int names", lambda: tf.data.TFRecordDataset(np.array([1, 2])))
show("tfrecord dataset of ints", lambda: tf.data.TFRecordDataset(tf.data.Dataset.range(2)))
show("tfrecord dataset of vectors", lambda: tf.data.TFRecordDataset(tf.data.Dataset.from_tensors(["a", "b"])))
show("tfrecord None", lambda: tf.data.TFRecordDataset(None))
# from_generator: the signature's structure, and yielded values converted as TF's py_func does
def gen(n):
    for i in range(n):
        yield i, np.arange(i, dtype=np.float32)
show("signature list", lambda: tf.data.Dataset.from_generator(gen, output_signature=[tf.TensorSpec((), tf.int32)]))
for v, spec in [(2**40, tf.TensorSpec((), tf.int32)), (np.int64(3), tf.TensorSpec((), tf.int32)), (np.float64(1.5), tf.TensorSpec((), tf.float32)), (-1, tf.TensorSpec((), tf.uint8)),
                (2.9, tf.TensorSpec((), tf.int64)), ("12", tf.TensorSpec((), tf.int32)), ([1, 2], tf.TensorSpec((2,), tf.int16)), (True, tf.TensorSpec((), tf.int32)), (1, tf.TensorSpec((), tf.bool))]:
    show(f"yield {v!r} for {spec.dtype!r}", lambda: list(tf.data.Dataset.from_generator(lambda: iter([v]), output_signature=spec).as_numpy_iterator()))
