"""Expressions evaluated by real TensorFlow 2.21 (tf_golden.py, stored in golden_tf.json) and
by eagerflow (test_golden_tf.py): the reprs, or error classes and first message lines, must
agree. Most are the examples of TF's API reference for these functions."""

# Names both sides define before evaluating: `rt` and friends are the docs' examples.
PRELUDE = r"""
import hashlib, os
import numpy as np
IMG_DIR = os.path.join("tests", "ragged", "images")
def img(name):
    with open(os.path.join(IMG_DIR, name), "rb") as f:
        return f.read()
import shutil
def ids(**kw):
    folders = os.path.join(TMP, "imgs")  # image files in three class folders
    for i, name in enumerate(sorted(os.listdir(IMG_DIR))):
        if name.endswith((".png", ".jpg", ".bmp", ".gif")):
            folder = os.path.join(folders, ["cat", "dog", "emu"][i % 3])
            os.makedirs(folder, exist_ok=True)
            shutil.copy(os.path.join(IMG_DIR, name), os.path.join(folder, name))
    kw.setdefault("image_size", (2, 3))
    return tf.keras.utils.image_dataset_from_directory(folders, verbose=False, **kw)
def image_batches(ds):
    return [tuple(approx(t) for t in (b if isinstance(b, tuple) else (b,))) for b in ds]
L = tf.keras.layers
IM = np.arange(2 * 4 * 5 * 2, dtype="float32").reshape(2, 4, 5, 2)
IMU = (IM * 3).astype("uint8")
def approx(t):
    a = np.asarray(t)
    return (a.shape, str(a.dtype), np.round(a.astype(np.float64), 3).tolist())
def px(t):
    digest = hashlib.sha1(np.ascontiguousarray(t.numpy()).tobytes()).hexdigest()[:16]
    return (tuple(t.shape), t.dtype.name, digest)
rt = tf.ragged.constant([[3, 1, 4, 1], [], [5, 9, 2], [6], []])
rt2 = tf.ragged.constant([[[1, 2], [3]], [[4, 5, 6]], [], [[7]]])
rtf = tf.ragged.constant([[1.5, 2.0], [], [-3.25]])
rt2f = tf.ragged.constant([[[1.0, 2.0], [3.5]], [[-4.0, 5.0, 0.5]], [], [[7.0]]])
rts = tf.ragged.constant([["a", "bc"], [], ["def"]])
inner = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
R = tf.RaggedTensor
DRS = tf.experimental.DynamicRaggedShape
RP = tf.experimental.RowPartition
import os, tempfile
TMP = tempfile.mkdtemp()
with open(os.path.join(TMP, "vocab.txt"), "w") as f:
    f.write("emerson\nlake\npalmer\n")
with open(os.path.join(TMP, "pairs.txt"), "w") as f:
    f.write("a\t1\nb\t2\nc\t3\n")
KV = tf.lookup.KeyValueTensorInitializer
table = tf.lookup.StaticHashTable(KV(["a", "b", "c"], tf.constant([10, 20, 30], tf.int64)), -1)
ftable = tf.lookup.StaticHashTable(KV([1, 2], [1.5, 2.5]), -1.0)
vocab = tf.lookup.StaticVocabularyTable(
    KV(["emerson", "lake", "palmer"], tf.constant([0, 1, 2], tf.int64)), num_oov_buckets=5)
ivocab = tf.lookup.StaticVocabularyTable(
    KV(tf.constant([10, 20], tf.int64), tf.constant([0, 1], tf.int64)), num_oov_buckets=7)
def textfile(key_index, value_index, path="vocab.txt", **kw):
    init = tf.lookup.TextFileInitializer(
        os.path.join(TMP, path), tf.string if key_index != -1 else tf.int64, key_index,
        tf.int64 if value_index != -2 else tf.string, value_index, **kw)
    return tf.lookup.StaticHashTable(init, -1 if value_index != -2 else "?")
def mutable(*steps):
    m = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
    for op, *args in steps:
        getattr(m, op)(*args)
    return m
def dense(*steps):
    d = tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, default_value=-1,
                                              empty_key=0, deleted_key=-1)
    for op, *args in steps:
        getattr(d, op)(*[tf.constant(a, tf.int64) for a in args])
    return d
keras = tf.keras
SL, IL, TV = keras.layers.StringLookup, keras.layers.IntegerLookup, keras.layers.TextVectorization
words = [["a", "c", "d"], ["d", "z", "b"]]
abcd = ["a", "b", "c", "d"]
texts = ["The Brown fox.", "the lazy dog!", "A quick, brown fox jumps", "dog dog DOG"]
for cls, text in (("pos", ["great fun", "loved it"]), ("neg", ["dull", "awful mess", "bad"])):
    os.makedirs(os.path.join(TMP, "reviews", cls))
    for i, t in enumerate(text):
        with open(os.path.join(TMP, "reviews", cls, f"{i}.txt"), "w") as f:
            f.write(t)
def batches(ds):
    return [tuple(v.numpy().tolist() for v in b) if isinstance(b, tuple) else b.numpy().tolist()
            for b in ds]
def items(ds):
    return [repr(x) for x in ds]
D = tf.data.Dataset
S = tf.sparse.SparseTensor
sa = S([[0, 1], [1, 0], [2, 3]], [1.0, -2.0, 3.0], [3, 4])
sb = S([[0, 1], [1, 1]], [10.0, 20.0], [3, 4])
sm = S([[0, 0], [1, 2], [2, 1]], [1.0, 2.0, 3.0], [3, 3])
def grad_of(f, x):
    x = tf.Variable(x)
    with tf.GradientTape() as tape:
        y = f(x)
    g = tape.gradient(y, x)
    return None if g is None else tf.convert_to_tensor(g)  # (TF's IndexedSlices too)
def adapted(layer, data):
    layer.adapt(data)
    return layer
def printed(*args):  # what tf.print writes
    path = os.path.join(TMP, "printed.txt")
    tf.print(*args, output_stream="file://" + path)
    with open(path, "rb") as f:
        text = f.read()
    os.remove(path)
    return text
def filled(table, keys, values):
    table.insert(keys, values)
    return table
def error_class(f):  # (a traced function's messages differ in form: TF's name its nodes)
    try:
        f()
    except Exception as e:  # noqa: BLE001 - the class is the answer
        return type(e).__name__
    return "no error"
def traced_static(fn, *specs):  # what `fn` knows while tracing with `specs`
    out = []
    tf.function(lambda *a: out.append(fn(*a)) or tf.constant(0),
                input_signature=list(specs)).get_concrete_function()
    return out[0]
def saved_strings():  # a string variable and a string constant through a SavedModel
    class M(tf.Module):
        def __init__(self):
            self.v = tf.Variable(["v\x00"])
        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def f(self, x):
            return x + tf.constant("k\x00")
    path = os.path.join(TMP, "strings_model")
    tf.saved_model.save(M(), path)
    m = tf.saved_model.load(path)
    return m.f(tf.constant(["a\x00"])), m.v.numpy()
"""

RAGGED = [
    # construction
    "rt",
    "rt2",
    "rtf",
    "rts",
    "inner",
    "inner.shape",
    "R.from_row_splits(values=[3, 1, 4, 1, 5, 9, 2, 6], row_splits=[0, 4, 4, 7, 8, 8])",
    "R.from_row_lengths(values=[3, 1, 4, 1, 5, 9, 2, 6], row_lengths=[4, 0, 3, 1, 0])",
    "R.from_value_rowids(values=[3, 1, 4, 1, 5, 9, 2, 6], "
    "value_rowids=[0, 0, 0, 0, 2, 2, 2, 3], nrows=5)",
    "R.from_row_starts(values=[3, 1, 4, 1, 5, 9, 2, 6], row_starts=[0, 4, 4, 7, 8])",
    "R.from_row_limits(values=[3, 1, 4, 1, 5, 9, 2, 6], row_limits=[4, 4, 7, 8, 8])",
    "R.from_uniform_row_length(values=[3, 1, 4, 1, 5, 9, 2, 6], uniform_row_length=2)",
    "R.from_uniform_row_length(values=[3, 1, 4, 1, 5, 9, 2, 6], uniform_row_length=2).shape",
    "R.from_uniform_row_length([], 0, nrows=3)",
    "R.from_nested_row_splits(flat_values=[3, 1, 4, 1, 5, 9, 2, 6], "
    "nested_row_splits=([0, 3, 3, 5], [0, 4, 4, 7, 8, 8]))",
    "R.from_nested_row_lengths(flat_values=[3, 1, 4, 1, 5, 9, 2, 6], "
    "nested_row_lengths=([3, 0, 2], [4, 0, 3, 1, 0]))",
    "R.from_nested_value_rowids(flat_values=[3, 1, 4, 1, 5, 9, 2, 6], "
    "nested_value_rowids=([0, 0, 0, 2, 2], [0, 0, 0, 0, 2, 2, 2, 3]), nested_nrows=(3, 5))",
    "R.from_tensor([[1, 2, 0], [3, 0, 0]], padding=0)",
    "R.from_tensor([[1, 2, 0], [3, 0, 0]], lengths=[1, 3])",
    "R.from_tensor([[1, 2, 0], [3, 0, 0]])",
    "R.from_tensor([[1, 2, 0], [3, 0, 0]]).shape",
    "R.from_tensor([[[1, 2], [0, 0]], [[3, 0], [0, 0]]], padding=[0, 0])",
    "R.from_tensor([[[1, 2], [0, 0]], [[3, 0], [0, 0]]], padding=0, ragged_rank=2)",
    "R.from_tensor([[[1, 2], [0, 0]], [[3, 0], [0, 0]]], padding=0, ragged_rank=2).shape",
    "R.from_tensor(tf.zeros([2, 0]), padding=0.0)",
    "R.from_sparse(tf.SparseTensor([[0, 0], [0, 1], [2, 0]], [1, 2, 3], [3, 4]))",
    "R.from_row_splits(tf.constant([1, 2, 3]), tf.constant([0, 2, 3], tf.int32)).row_splits",
    "tf.ragged.constant([[1, 2], [3]], row_splits_dtype=tf.int32).row_splits",
    "tf.ragged.constant([[[1, 2]], [[3, 4]]], inner_shape=(2,))",
    "tf.ragged.constant([[1, 2], [3]], dtype=tf.float64)",
    "tf.ragged.constant([1, 2])",
    "tf.ragged.constant(5)",
    "tf.ragged.constant([])",
    "tf.ragged.constant([[], []])",
    "tf.ragged.constant([[], []]).dtype",
    "tf.ragged.constant([[[], []], [[]]])",
    "tf.ragged.constant([[1, 2.5], [3]])",
    "tf.ragged.constant([[True, False], []])",
    "tf.ragged.constant([['héllo'], []])",
    "tf.ragged.constant([[1, 2], [3]], dtype=tf.float16)",
    # properties
    "rt.shape",
    "rt2.shape",
    "rt.dtype",
    "rt.ragged_rank",
    "rt2.ragged_rank",
    "rt.values",
    "rt.flat_values",
    "rt2.flat_values",
    "rt.row_splits",
    "rt2.nested_row_splits",
    "rt.row_lengths()",
    "rt2.row_lengths()",
    "rt2.row_lengths(axis=2)",
    "rt2.nested_row_lengths()",
    "rt.value_rowids()",
    "rt2.nested_value_rowids()",
    "rt.nrows()",
    "rt.nrows(out_type=tf.int32)",
    "rt.row_starts()",
    "rt.row_limits()",
    "rt.bounding_shape()",
    "rt2.bounding_shape()",
    "inner.bounding_shape()",
    "rt2.bounding_shape(axis=1)",
    "rt.uniform_row_length",
    "rt.row_splits.dtype",
    "tf.type_spec_from_value(rt)",
    "tf.type_spec_from_value(rt2)",
    "tf.type_spec_from_value(inner)",
    "tf.type_spec_from_value(R.from_uniform_row_length([1, 2, 3, 4], 2))",
    "tf.type_spec_from_value(tf.constant([1, 2]))",
    "tf.RaggedTensorSpec([None, None], tf.int32)",
    "tf.RaggedTensorSpec([2, None, 3], tf.float32, ragged_rank=1)",
    "tf.RaggedTensorSpec([2, None, None], tf.string, 2, tf.int32)",
    "tf.RaggedTensorSpec.from_value(rt)",
    "tf.RaggedTensorSpec([None, None], tf.int32).is_compatible_with(rt)",
    "tf.RaggedTensorSpec([None, None], tf.int64).is_compatible_with(rt)",
    "tf.RaggedTensorSpec([4, None], tf.int32).is_compatible_with(rt)",
    "tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int32).value_type.__name__",
    "tf.is_tensor(rt)",
    "isinstance(rt, tf.RaggedTensor)",
    # conversions
    "rt.to_tensor()",
    "rt.to_tensor(default_value=9)",
    "rt.to_tensor(shape=[3, 2])",
    "rt.to_tensor(shape=[None, 6])",
    "rt2.to_tensor()",
    "rt2.to_tensor(default_value=-1, shape=[2, 2, 2])",
    "rts.to_tensor()",
    "rtf.to_tensor(default_value=0.5)",
    "inner.to_tensor()",
    "rt.to_sparse()",
    "rt2.to_sparse()",
    "rt.to_list()",
    "rt2.to_list()",
    "rts.to_list()",
    "rt.numpy()",
    "rt2.numpy()",
    "R.from_uniform_row_length(tf.range(6), 3).numpy()",
    "R.from_row_lengths(tf.range(2000), [1000, 1000])",
    "R.from_row_lengths(tf.range(30), [5] * 6)",
    "R.from_row_lengths(tf.range(40), [1, 2, 3, 4, 5, 6, 7, 12])",
    "rt.with_values(rt.values * 2)",
    "rt2.with_flat_values(rt2.flat_values * 10)",
    "rt.with_row_splits_dtype(tf.int32).row_splits",
    "rt2.merge_dims(0, 1)",
    "rt2.merge_dims(1, 2)",
    "rt2.merge_dims(0, 2)",
    "inner.merge_dims(1, 2)",
    "str(rt)",
    # indexing
    "rt[1]",
    "rt[0]",
    "rt[-2]",
    "rt[1:3]",
    "rt[:, :2]",
    "rt[:, 1:]",
    "rt[:, -2:]",
    "rt[::2]",
    "rt[3:]",
    "rt[1:-1]",
    "rt[:, ::2]",
    "rt2[0]",
    "rt2[0, 1]",
    "rt2[1:, 0]",
    "rt2[:, :, 1:]",
    "rt2[:, 0:1, -1:]",
    "inner[:, :, 0]",
    "inner[0, 1, 1]",
    "inner[..., 1]",
    "rt[tf.constant(2)]",
    "rt[7]",
    "rt[:, 0]",
    "tf.ragged.constant([[1, 2], [3, 4, 5]])[:, 1]",
    "tf.ragged.constant([[1, 2], [3, 4, 5]])[:, -1]",
    # elementwise ops
    "rt + 1",
    "1 + rt",
    "rt * rt",
    "rt - 10",
    "-rt",
    "abs(-rt)",
    "rt // 2",
    "rt % 3",
    "rt ** 2",
    "rtf / 2.0",
    "rt / 2",
    "rt > 3",
    "rt >= 4",
    "(rt > 2) & (rt < 6)",
    "~(rt > 2)",
    "tf.add(rt, rt)",
    "tf.math.sqrt(rtf * rtf)",
    "tf.math.square(tf.ragged.constant([[0.5], [1.5, 2.0]]))",
    "tf.cast(rt, tf.float32)",
    "tf.abs(tf.ragged.constant([[-1, 2], [-3]]))",
    "tf.maximum(rt, 3)",
    "tf.equal(rt, 1)",
    "tf.math.logical_not(rt > 1)",
    "tf.ragged.constant([[1, 2], [3]]) + tf.constant([[10], [20]])",
    "tf.ragged.constant([[1, 2], [3]]) + tf.constant([[10]])",
    "tf.ragged.constant([[1, 2], [3, 4]]) + tf.constant([10, 20])",
    "tf.ragged.constant([[1, 2], [3]]) + tf.constant([10, 20])",
    "inner + tf.constant([100, 200])",
    "rt2 + tf.constant([[[1]], [[2]], [[3]], [[4]]])",
    "tf.ragged.constant([[1, 2], [3]]) + tf.ragged.constant([[1], [3]])",
    "tf.ragged.constant([[1, 2], [3]]) + tf.ragged.constant([[1, 2], [3], [4]])",
    "tf.ragged.constant([[1, 2], [3]]) + tf.ragged.constant([[1, 2], [3]], dtype=tf.float32)",
    "tf.strings.length(rts)",
    "tf.strings.upper(rts)",
    "tf.strings.regex_replace(rts, 'b', 'X')",
    "tf.strings.to_number(tf.ragged.constant([['1.5'], ['2', '3']]))",
    # reductions
    "tf.reduce_sum(rt, axis=0)",
    "tf.reduce_sum(rt, axis=1)",
    "tf.reduce_sum(rt)",
    "tf.reduce_sum(rt2, axis=0)",
    "tf.reduce_sum(rt2, axis=1)",
    "tf.reduce_sum(rt2, axis=2)",
    "tf.reduce_sum(rt2, axis=[1, 2])",
    "tf.reduce_sum(inner, axis=2)",
    "tf.reduce_sum(inner, axis=1)",
    "tf.reduce_prod(rt, axis=1)",
    "tf.reduce_min(rt, axis=1)",
    "tf.reduce_max(rt, axis=1)",
    "tf.reduce_max(rt, axis=0)",
    "tf.reduce_max(rtf, axis=1)",
    "tf.reduce_mean(rt, axis=1)",
    "tf.reduce_mean(rt, axis=0)",
    "tf.reduce_mean(rtf, axis=1)",
    "tf.reduce_mean(rtf)",
    "tf.reduce_all(rt > 0, axis=1)",
    "tf.reduce_any(rt > 4, axis=1)",
    "tf.reduce_sum(rt, axis=1, keepdims=True)",
    "tf.reduce_sum(rt, axis=-1)",
    "tf.reduce_sum(rt, axis=2)",
    # structure ops
    "tf.concat([rt, rt], axis=0)",
    "tf.concat([rt, rt], axis=1)",
    "tf.concat([tf.ragged.constant([[1, 2]]), tf.constant([[3, 4]])], axis=0)",
    "tf.concat([tf.ragged.constant([[1], [2, 3]]), tf.constant([[4], [5]])], axis=1)",
    "tf.concat([rt2, rt2], axis=1)",
    "tf.ragged.stack([rt, rt])",
    "tf.ragged.stack([tf.constant([1, 2]), tf.constant([3, 4, 5])])",
    "tf.ragged.stack([tf.ragged.constant([[1, 2], [3]]), tf.ragged.constant([[4], [5, 6]])], "
    "axis=1)",
    "tf.stack([tf.ragged.constant([[1, 2], [3]]), tf.ragged.constant([[4], [5, 6]])], axis=0)",
    "tf.gather(rt, [2, 0, 2])",
    "tf.gather(rt, tf.constant([[0, 1], [2, 2]]))",
    "tf.gather(rt2, [3, 1])",
    "tf.gather(tf.constant([10, 20, 30]), tf.ragged.constant([[0, 2], [1]]))",
    "tf.gather(rt, 2)",
    "tf.boolean_mask(rt, [True, False, True, True, False])",
    "tf.ragged.boolean_mask(rt, rt > 2)",
    "tf.ragged.boolean_mask(tf.constant([[1, 2, 3], [4, 5, 6]]), "
    "tf.constant([[True, False, True], [False, False, True]]))",
    "tf.ragged.boolean_mask(tf.constant([1, 2, 3]), tf.constant([True, False, True]))",
    "tf.ragged.boolean_mask(rt2, tf.ragged.constant([[True, False], [True], [], [False]]))",
    "tf.where(rt > 2, rt, 0)",
    "tf.where(rt > 2, rt, -rt)",
    "tf.size(rt)",
    "tf.rank(rt2)",
    "tf.ragged.range([3, 5, 2], [7, 6, 2])",
    "tf.ragged.range([0, 5, 8], 11, 3)",
    "tf.ragged.range(4)",
    "tf.ragged.range([0., 1.], [2.5, 1.6], 0.5)",
    "tf.ragged.range([0, 5], [7, 1], [2, -1])",
    "tf.ragged.range([0, 5], [7, 1], 0)",
    "tf.ragged.range([0, 5], [7, 1, 3])",
    "tf.ragged.range(tf.constant([1, 2], tf.int64), 5, row_splits_dtype=tf.int32)",
    "tf.ragged.map_flat_values(tf.ones_like, rt)",
    "tf.ragged.map_flat_values(tf.multiply, rt, rt)",
    "tf.ragged.map_flat_values(lambda x: x + 1, rt2)",
    "tf.ragged.row_splits_to_segment_ids([0, 3, 3, 5, 6, 9])",
    "tf.ragged.segment_ids_to_row_splits([0, 0, 0, 2, 2, 3, 4, 4, 4])",
    "tf.ragged.segment_ids_to_row_splits([0, 0, 2], num_segments=4)",
    # gradients through flat_values
    "grad_of(lambda v: tf.reduce_sum(R.from_row_splits(v, [0, 2, 3]).to_tensor() * "
    "tf.constant([[1., 2.], [3., 4.]])), tf.constant([1., 2., 3.]))",
    "grad_of(lambda v: tf.reduce_sum(R.from_row_splits(v, [0, 2, 3]).to_tensor("
    "default_value=v[0], shape=[2, 1])), tf.constant([1., 2., 3.]))",
    "grad_of(lambda v: tf.reduce_sum(tf.reduce_mean(R.from_row_splits(v, [0, 2, 3]), "
    "axis=1)), tf.constant([1., 2., 3.]))",
    "grad_of(lambda v: tf.reduce_sum(tf.reduce_max(R.from_row_splits(v, [0, 2, 3]), axis=1)),"
    " tf.constant([1., 5., 3.]))",
    "grad_of(lambda v: tf.reduce_sum(R.from_row_splits(v, [0, 2, 3]) * 2.0 + 1.0), "
    "tf.constant([1., 2., 3.]))",
    "grad_of(lambda v: tf.reduce_sum(tf.ragged.map_flat_values(tf.square, "
    "R.from_row_lengths(v, [1, 2])).flat_values), tf.constant([1., 2., 3.]))",
    "grad_of(lambda v: tf.reduce_sum(R.from_row_splits(v, [0, 2, 3])[:, :1].flat_values), "
    "tf.constant([1., 2., 3.]))",
    # bad input
    "R.from_row_splits([1, 2, 3], [0, 2, 4])",
    "R.from_row_splits([1, 2, 3], [[0, 2, 3]])",
    "R.from_row_splits([1, 2, 3], [0., 2, 3])",
    "R.from_row_splits([1, 2, 3], [])",
    "R.from_row_splits([1, 2, 3], [0, 2, 1, 3])",
    "R.from_row_splits([1, 2, 3], [1, 2, 3])",
    "R.from_row_lengths([1, 2, 3], [2, 2])",
    "R.from_row_lengths([1, 2, 3], [2, -1, 2])",
    "R.from_value_rowids([1, 2, 3], [0, 2, 1])",
    "R.from_value_rowids([1, 2, 3], [0, 0, 2], nrows=2)",
    "R.from_value_rowids([1, 2, 3], [0, 0], nrows=2)",
    "R.from_row_starts([1, 2, 3], [1, 2])",
    "R.from_row_limits([1, 2, 3], [2, 2])",
    "R.from_uniform_row_length([1, 2, 3], 2)",
    "R.from_tensor([[1, 2, 0], [3, 0, 0]], lengths=[1, 4])",
    "R(values=[1], row_partition=None)",
    "tf.concat([R.from_row_splits([1, 2, 3], tf.constant([0, 2, 3], tf.int32)), rt], 0)",
    "tf.ragged.constant([[1, 2], [3, [4]]])",
    "tf.ragged.constant([[1, 2], [3]], ragged_rank=0)",
    "tf.ragged.constant([[[1, 2]], [[3]]], ragged_rank=1)",
    "tf.ragged.constant([['a'], [3]])",
    "tf.convert_to_tensor(rt)",
    "tf.constant(rt)",
    "bool(rt)",
    "len(rt)",
    "tf.RaggedTensorSpec([None, None], ragged_rank=3)",
    # More of the ops TF dispatches for ragged arguments (transcendental results rounded:
    # their last bits are the C library's).
    "tf.nn.relu(rtf)", "tf.nn.relu6(rtf * 3)", "tf.nn.leaky_relu(rtf)",
    "tf.nn.leaky_relu(rtf, 0.5)",
    "tf.math.round(tf.nn.elu(rtf) * 1e4)", "tf.math.round(tf.nn.selu(rtf) * 1e4)",
    "tf.math.round(tf.nn.gelu(rtf) * 1e4)", "tf.math.round(tf.nn.silu(rtf) * 1e4)",
    "tf.math.round(tf.nn.softsign(rtf) * 1e4)", "tf.math.round(tf.math.log_sigmoid(rtf) * 1e4)",
    "tf.math.round(tf.nn.softmax(rtf) * 1e4)", "tf.math.round(tf.nn.softmax(rt2f) * 1e4)",
    "tf.math.round(tf.nn.softmax(rt2f, axis=0) * 1e4)",
    "rt2f - tf.reduce_max(rt2f, axis=2, keepdims=True)",
    "tf.reduce_sum(rt2f, axis=2, keepdims=True) * rt2f",
    "rt2f + tf.ragged.constant([[[1.0], [2.0]], [[3.0]], [], [[4.0]]], ragged_rank=1)",
    "rt2f + tf.ragged.constant([[[1.0], [2.0]], [[3.0]], [[5.0]], [[4.0]]], ragged_rank=1)",
    "tf.clip_by_value(rtf, -1.0, 1.75)", "tf.clip_by_value(rt, 2, 4)",
    "tf.ones_like(rtf)", "tf.zeros_like(rt)", "tf.ones_like(rt, dtype=tf.float64)",
    "tf.zeros_like(rts)", "tf.identity(rt2)",
    "tf.math.add_n([rt, rt, rt])", "tf.math.add_n([rt, tf.ones_like(rt)])",
    "tf.math.add_n([rt, tf.ragged.constant([[1], [2]])])",
    "tf.math.multiply_no_nan(rtf, rtf)", "tf.saturate_cast(rtf * 100, tf.uint8)",
    "tf.math.real(rtf)", "tf.math.conj(rtf)", "tf.math.angle(rtf)",
    "tf.image.convert_image_dtype(tf.ragged.constant([[0.5, 1.0], [0.25]]), tf.uint8)",
    "tf.one_hot(rt, 7)", "tf.one_hot(rt, 3, on_value=5, off_value=-1)",
    "tf.one_hot(rt2, 8)",
    "tf.nn.embedding_lookup(tf.reshape(tf.range(20.0), [10, 2]), rt)",
    "tf.nn.embedding_lookup(tf.eye(8), rt2)",
    "tf.nn.dropout(rtf, 0.0)", "tf.nn.dropout(rtf, 0.5, noise_shape=[3, 1])",
    "tf.nn.dropout(rtf, 0.5, seed=1).row_splits",
    "tf.strings.substr(rts, 0, 1)", "tf.strings.substr(rts, 1, 5)",
    "tf.strings.join([rts, rts], separator='-')", "tf.strings.join([rts, rts, rts])",
    "tf.expand_dims(rt, 0)", "tf.expand_dims(rt, 1)", "tf.expand_dims(rt, 2)",
    "tf.expand_dims(rt, -1)", "tf.expand_dims(rt, -3)", "tf.expand_dims(rt2, 2)",
    "tf.expand_dims(rt2, 3)", "tf.expand_dims(rt, 3)", "tf.expand_dims(rt, 1).shape",
    "tf.math.reduce_variance(rtf, axis=1)", "tf.math.reduce_variance(rtf)",
    "tf.math.reduce_variance(rtf, axis=0)", "tf.math.reduce_std(rtf, axis=1)",
    "tf.math.reduce_std(rtf, axis=1, keepdims=True)",
    "tf.math.reduce_variance(tf.ragged.constant([[1, 2]]), axis=1)",
    "tf.math.reduce_variance(tf.ragged.constant([[1j]]), axis=1)",
    "tf.math.round(tf.reduce_logsumexp(rtf, axis=1) * 1e4)",
    "tf.math.round(tf.reduce_logsumexp(rtf) * 1e4)",
    "tf.math.round(tf.reduce_logsumexp(rtf, axis=1, keepdims=True) * 1e4)",
    "tf.math.reduce_sum(rt2f, axis=2, keepdims=True)", "tf.math.reduce_max(rt2, 1, keepdims=True)",
    'tf.squeeze(tf.expand_dims(rt, 2), 2)',
    'tf.squeeze(tf.expand_dims(rt, 1), 1)',
    'tf.squeeze(tf.expand_dims(rt, 0), 0)',
    'tf.squeeze(tf.expand_dims(rt, 0), [0])',
    'tf.squeeze(tf.expand_dims(rt, 2), -1)',
    'tf.squeeze(tf.expand_dims(rt, 2))',
    'tf.squeeze(rt, 1)',
    'tf.squeeze(rt, 0)',
    'tf.squeeze(tf.ragged.constant([[1], [2]]), 1)',
    'tf.squeeze(tf.ragged.constant([[1], [2]], ragged_rank=1), 1)',
    'tf.squeeze(tf.expand_dims(rt2, 3), 3)',
    'tf.math.unsorted_segment_sum(rt, tf.ragged.constant([[0, 1, 0, 1], [], [2, 2, '
    '0], [1], []]), 3)',
    'tf.math.unsorted_segment_max(rt, tf.ragged.constant([[0, 1, 0, 1], [], [2, 2, '
    '0], [1], []]), 3)',
    'tf.math.unsorted_segment_sum(rt, [0, 1, 0, 1, 1], 2)',
    'tf.math.unsorted_segment_mean(rtf, tf.ragged.constant([[0, 1], [], [1]]), 2)',
    'tf.math.bincount(rt)',
    'tf.math.bincount(rt, axis=-1)',
    'tf.math.bincount(rt, minlength=12)',
    'tf.math.bincount(rt, axis=-1, minlength=3, maxlength=5)',
    'tf.math.bincount(rt, axis=-1, binary_output=True)',
    'tf.math.bincount(rt, weights=tf.cast(rt, tf.float32))',
    'tf.ragged.stack_dynamic_partitions(tf.constant([1, 2, 3, 4, 5]), '
    'tf.constant([0, 1, 0, 2, 2]), 4)',
    'tf.ragged.stack_dynamic_partitions(tf.constant([[1, 2], [3, 4]]), tf.constant([1, 0]), 2)',
    "tf.ragged.stack_dynamic_partitions(tf.constant(['a', 'b']), tf.constant([1, 1]), 3)",
    'tf.ragged.stack_dynamic_partitions(tf.constant([1, 2]), tf.constant([1, 5]), 3)',
    'tf.ragged.stack_dynamic_partitions(tf.constant([1, 2]), tf.constant([1]), 3)',
    'tf.ragged.stack_dynamic_partitions(tf.constant([1, 2]), tf.constant([1, -1]), 3)',
    "tf.reverse(rt, [1])", "tf.reverse(rt, [0])", "tf.reverse(rt, [0, 1])", "tf.reverse(rt, [-1])",
    "tf.reverse(rt2, [1])", "tf.reverse(rt2, [2])", "tf.reverse(rt2, [0, 2])",
    "tf.reverse(inner, [2])", "tf.reverse(inner, [1])",
    "tf.tile(rt, [2, 1])", "tf.tile(rt, [1, 2])", "tf.tile(rt, [2, 3])", "tf.tile(rt, [0, 1])",
    "tf.tile(rt, [1, 0])", "tf.tile(inner, [1, 2, 3])", "tf.tile(rts, [2, 2])",
    "grad_of(lambda v: tf.reduce_sum(tf.nn.embedding_lookup(v, rt) * 2.0), tf.ones([10, 2]))",
    "grad_of(lambda v: tf.reduce_sum(tf.nn.relu(R.from_row_lengths(v, [2, 0, 1])) * 3.0), "
    "tf.constant([1.0, -2.0, 3.0]))",
    "tf.math.round(grad_of(lambda v: tf.reduce_sum(tf.nn.softmax(R.from_row_lengths(v, [2, 0, 1]))"
    " * tf.constant([1.0, 2.0, 3.0])[:, None][0]), tf.constant([1.0, -2.0, 3.0])) * 1e4)",
    "grad_of(lambda v: tf.reduce_sum(tf.math.reduce_variance(R.from_row_lengths(v, [2, 0, 1]), "
    "axis=1)), tf.constant([1.0, -2.0, 3.0]))",
]

# tf.shape (DynamicRaggedShape), reshape, split, cumsum, gather_nd, assert_equal,
# sigmoid_cross_entropy_with_logits and strings.format of ragged tensors; tile at any rank
RAGGED_SHAPE = [
    "tf.shape(rt)", "tf.shape(rt2)", "tf.shape(inner)", "tf.shape(rt, out_type=tf.int64)",
    "tf.shape(R.from_uniform_row_length(rt2, 2))", "tf.shape(tf.ragged.constant([[1, 2]]))",
    "tf.shape(tf.ragged.constant([], ragged_rank=1, dtype=tf.int32))",
    "tf.shape(rt, out_type=tf.float32)", "tf.shape(rt).dtype", "tf.shape(rt).rank",
    "tf.shape(rt2).num_row_partitions", "tf.shape(inner).inner_shape", "tf.shape(rt)[0]",
    "tf.shape(rt)[1]", "tf.shape(rt)[-1]", "tf.shape(rt)[-3]", "tf.shape(rt)[5]",
    "tf.shape(inner)[2]", "tf.shape(inner)[-1]", "tf.shape(rt, out_type=tf.int64)[0]",
    "tf.shape(rt2)[:2]", "tf.shape(rt2)[:3]", "tf.shape(inner)[0:1]", "tf.shape(inner)[2:]",
    "tf.shape(rt)[::2]", "tf.shape(rt2).static_lengths()", "tf.shape(inner).static_lengths()",
    "[tf.shape(rt2).is_uniform(i) for i in range(3)]", "str(tf.shape(rt))",
    "tf.reshape(rt, [-1])", "tf.reshape(rt, [3, 3])", "tf.reshape(rt, [-1, 3])",
    "tf.reshape(rt, [10])", "tf.reshape(rt2, [-1])", "tf.reshape(inner, [3, 2])",
    "tf.reshape(rtf, [1, 3])", "tf.reshape(rt, [-1, -1])",
    "tf.reshape(rt, tf.constant([3, 3], tf.int64))",
    "tf.reshape(tf.range(9), tf.shape(rt))", "tf.reshape(rt, tf.shape(rt))",
    "tf.reshape(rt2, tf.shape(rt))", "tf.reshape(tf.range(7), tf.shape(rt2))",
    "tf.reshape(tf.range(6), tf.shape(inner))",
    "tf.reshape(tf.range(9), tf.shape(rt, out_type=tf.int64)).row_splits.dtype",
    "tf.reshape(tf.range(9), tf.shape(rt)).row_splits.dtype",
    "tf.math.cumsum(rt, axis=1)", "tf.math.cumsum(rt)", "tf.math.cumsum(rt, axis=-1)",
    "tf.math.cumsum(rt, axis=1, exclusive=True)", "tf.math.cumsum(rt, axis=1, reverse=True)",
    "tf.math.cumsum(rt, axis=1, exclusive=True, reverse=True)",
    "tf.math.cumsum(rt, axis=0, exclusive=True, reverse=True)",
    "tf.math.cumsum(rt2, axis=0)", "tf.math.cumsum(rt2, axis=1)", "tf.math.cumsum(rt2, axis=2)",
    "tf.math.cumsum(rt2, axis=2, reverse=True)", "tf.math.cumsum(inner, axis=1)",
    "tf.math.cumsum(inner, axis=2, exclusive=True)", "tf.math.cumsum(rtf, axis=1)",
    "tf.math.cumsum(rt2f, axis=1, reverse=True)", "tf.cumsum(rt, 1)",
    "tf.math.cumsum(rt, axis=2)", "tf.math.cumsum(rt, axis=-3)",
    "tf.gather_nd(rt, [[0, 1], [2, 2]])", "tf.gather_nd(rt, [[0], [2]])",
    "tf.gather_nd(rt, [[[0]], [[3]]])", "tf.gather_nd(rt2, [[0, 1]])",
    "tf.gather_nd(rt2, [[0, 1, 0], [1, 0, 2]])", "tf.gather_nd(rt2, [[[0, 0]], [[3, 0]]])",
    "tf.gather_nd(inner, [[0, 1, 1], [1, 0, 0]])", "tf.gather_nd(inner, [[0, 1]])",
    "tf.gather_nd(rt, [[0, 5]])", "tf.gather_nd(rt, [[0, 1, 2]])", "tf.gather_nd(rt, [[-1, 0]])",
    "tf.gather_nd(rt, tf.zeros([2, 0], tf.int32))", "tf.gather_nd(rt, [0, 1])",
    "tf.gather_nd(rt, [2])", "tf.gather_nd(rt, 1)", "tf.gather_nd(rts, [[2, 0]])",
    "tf.gather_nd(rt, [[0, 1]], batch_dims=1)",
    "tf.gather_nd(rt, tf.ragged.constant([[[0, 1], [2, 1]], [], [[3, 0]]], ragged_rank=1))",
    "tf.gather_nd(rt, tf.ragged.constant([[0, 1], [2]]))",
    "tf.gather_nd(tf.constant([[1, 2], [3, 4]]), "
    "tf.ragged.constant([[[0, 1]], [[1, 0], [0, 0]]], ragged_rank=1))",
    "tf.split(rt, 5)", "tf.split(rt, [1, 4])", "tf.split(rt2, [1, 1, 2])",
    "tf.split(inner, 2, axis=2)", "tf.split(inner, [1, 1], axis=-1)", "tf.split(rt, 2)",
    "tf.split(rt, [1, 2])", "tf.split(rt, [1, -1, 5])", "tf.split(rt, 2, axis=-1)",
    "tf.split(rt, 2, axis=2)", "tf.split(rt, tf.constant([2, 3]))", "tf.split(rt, 0)",
    "tf.debugging.assert_equal(rt, rt)", "tf.debugging.assert_equal(rt2, rt2 * 1)",
    "tf.debugging.assert_equal(rt, rt + 1)", "tf.debugging.assert_equal(rt, rt * 0 + 1)",
    "tf.debugging.assert_equal(tf.ragged.constant([[1, 1], [1]]), 1)",
    "tf.debugging.assert_equal(rt, tf.ragged.constant([[3, 1, 4], [1], [5, 9, 2], [6], []]))",
    "tf.debugging.assert_equal(rt, rt + 1, message='boom')",
    "tf.debugging.assert_equal(rt, tf.cast(rt, tf.float32))", "tf.assert_equal(rt2, rt2)",
    "tf.nn.sigmoid_cross_entropy_with_logits(labels=rtf * 0.0 + 1.0, logits=rtf * 0.0)",
    "approx(tf.nn.sigmoid_cross_entropy_with_logits(labels=rt2f * 0.0 + 1.0, logits=rt2f)"
    ".flat_values)",
    "tf.nn.sigmoid_cross_entropy_with_logits(labels=rt2f * 0.0, logits=rt2f).row_splits",
    "tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.constant(1.0), logits=rtf)",
    "tf.nn.sigmoid_cross_entropy_with_logits(labels=rt2f, logits=rtf)",
    "tf.nn.sigmoid_cross_entropy_with_logits(labels=rt, logits=tf.cast(rt, tf.float32))",
    "tf.strings.format('x={}', rt)", "tf.strings.format('{} and {}', (rt2, rtf))",
    "tf.strings.format('{}', tf.ragged.constant([[i] * i for i in range(9)]))",
    "tf.strings.format('{}', tf.ragged.constant([[i] * i for i in range(9)]), summarize=5)",
    "tf.strings.format('{}', tf.ragged.constant([[1] * 9, [2]]), summarize=-1)",
    "tf.strings.format('{}', tf.ragged.constant([[1, 2, 3, 4]]), summarize=1)",
    "tf.strings.format('{}', inner)", "tf.strings.format('{}', rts)",
    "tf.strings.format('{}', tf.ragged.constant([[\"it's\", 'a\\\\b']]))",
    "tf.strings.format('{}', tf.ragged.constant([[True], [False, True]]))",
    "tf.strings.format('a{}b{}', (rt2, tf.constant([1.5, 2.0])))",
    "tf.strings.format('<>', rt, placeholder='<>')", "tf.strings.format('{} {}', rt)",
    "tf.strings.format('{}', tf.ragged.constant([], dtype=tf.int32))",
    "tf.strings.format('{}', tf.ragged.constant([[1.5, float('nan')]], tf.float64))",
    "tf.strings.format('{}', rt, summarize=0)", "tf.strings.format('{}{}', [rt, rt2f])",
    "tf.strings.format('x={} y={}', (tf.constant([[1, 2], [3, 4]]), tf.constant('s')))",
    "tf.strings.format('{}', tf.constant([0.1, 2.5, 1e10]))",
    "tf.strings.format('{}', tf.range(10))",
    "tf.strings.format('{}', tf.range(10), summarize=2)", "tf.strings.format('{}', [])",
    "tf.strings.format('a{}', [5])", "tf.strings.format('none', [])",
    "tf.strings.format('{} {}', (tf.constant(1.0), tf.constant('x')))",
    "tf.tile(rt2, [2, 1, 2])", "tf.tile(rt2, [1, 2, 1])", "tf.tile(inner, [1, 2, 2])",
    "tf.tile(tf.ragged.constant([[[[1], [2, 3]]], [[[4]]]]), [2, 2, 1, 2])",
    "tf.tile(R.from_uniform_row_length(rt, 1), [1, 2, 2])", "tf.tile(rt2, [0, 1, 1])",
]

STRINGS = [
    "tf.strings.split(['hello world', 'a  b c', ''])",
    "tf.strings.split(['hello world', 'a  b c', ''], sep=' ')",
    "tf.strings.split(['a,b,,c', 'x'], sep=',')",
    "tf.strings.split(['a,b,,c', 'x'], sep=',', maxsplit=1)",
    "tf.strings.split(['a<>b<>c'], sep='<>')",
    "tf.strings.split([['a b', 'c'], ['d e f', '']])",
    "tf.strings.split('a b c')",
    "tf.strings.split(tf.ragged.constant([['a b', 'c d e'], ['f']]))",
    "tf.strings.split(['  lead\\ttab\\nnl\\x0bvt\\x0cff\\rcr'])",
    "tf.strings.split(['a b c'], sep=['x'])",
    "tf.strings.split(tf.constant([1, 2]))",
    "tf.strings.bytes_split(['héllo', 'ab'])",
    "tf.strings.bytes_split('abc')",
    "tf.strings.unicode_decode(['héllo', 'ab'], 'UTF-8')",
    "tf.strings.unicode_decode([b'h\\xc3\\xa9llo', b'\\xff\\xfeab', b'a\\xe2\\x82'], 'UTF-8')",
    "tf.strings.unicode_decode_with_offsets([b'h\\xc3\\xa9llo', b'\\xff\\xfeab', b'a\\xe2\\x82'], "
    "'UTF-8')",
    "tf.strings.unicode_decode([b'\\xff'], 'UTF-8', errors='strict')",
    "tf.strings.unicode_decode([b'\\xffa'], 'UTF-8', errors='ignore')",
    "tf.strings.unicode_decode([b'\\xffa'], 'UTF-8', replacement_char=63)",
    "tf.strings.unicode_decode([b'\\x01a'], 'UTF-8', replace_control_characters=True)",
    "tf.strings.unicode_decode('héllo', 'UTF-8')",
    "tf.strings.unicode_decode([['héllo'], ['x']], 'UTF-8')",
    "tf.strings.unicode_decode(['\\x00h\\x00i'], 'UTF-16-BE')",
    "tf.strings.unicode_decode([b'\\x00\\x00\\x00h'], 'UTF-32-BE')",
    "tf.strings.unicode_decode(['abc'], 'UTF-8', errors='bogus')",
    "tf.strings.unicode_split([b'h\\xc3\\xa9llo', b'\\xff\\xfeab'], 'UTF-8')",
    "tf.strings.unicode_split_with_offsets([b'h\\xc3\\xa9llo'], 'UTF-8')",
    "tf.strings.unicode_split('héllo', 'UTF-8')",
    "tf.strings.unicode_encode(tf.ragged.constant([[104, 233], [0x1F600]]), 'UTF-8')",
    "tf.strings.unicode_encode([104, 233], 'UTF-8')",
    "tf.strings.unicode_encode(tf.constant([[104, 105], [106, 107]]), 'UTF-8')",
    "tf.strings.unicode_encode([104, -5, 0x110000], 'UTF-8')",
    "tf.strings.unicode_encode([104, 0xD800], 'UTF-8', errors='ignore')",
    "tf.strings.unicode_encode([104, 233], 'UTF-16-BE')",
    "tf.strings.unicode_encode([104, -1], 'UTF-8', errors='strict')",
    "tf.strings.ngrams(tf.ragged.constant([['a', 'b', 'c'], ['d']]), 2)",
    "tf.strings.ngrams(tf.ragged.constant([['a', 'b', 'c'], ['d']]), (1, 2), separator='_')",
    "tf.strings.ngrams(tf.ragged.constant([['a', 'b', 'c'], ['d']]), 2, pad_values=('<', '>'))",
    "tf.strings.ngrams(tf.ragged.constant([['a', 'b', 'c'], ['d']]), 3, "
    "preserve_short_sequences=True)",
    "tf.strings.ngrams(tf.constant([['a', 'b', 'c'], ['d', 'e', 'f']]), 2)",
    "tf.strings.ngrams(tf.constant(['a', 'b', 'c']), 2)",
    "tf.strings.ngrams(tf.ragged.constant([['a', 'b', 'c'], ['d']]), 2, pad_values=('<', '>'), "
    "padding_width=1)",
    "tf.strings.ngrams(tf.ragged.constant([['a', 'b', 'c', 'd']]), 3, pad_values='#')",
    "tf.strings.ngrams(tf.ragged.constant([['a', 'b', 'c', 'd']]), 3, pad_values='#', "
    "padding_width=1)",
    "tf.strings.ngrams(tf.ragged.constant([[['a', 'b'], ['c']]]), 2)",
    "tf.strings.ngrams(tf.ragged.constant([['a', 'b']]), 0)",
    "tf.strings.ngrams(tf.ragged.constant([['a', 'b']]), 2, pad_values=('<', '>'), "
    "padding_width=3)",
    "tf.strings.ngrams(tf.constant('a'), 2)",
    "tf.strings.length(tf.strings.split(['héllo wörld']), unit='UTF8_CHAR')",
    "tf.strings.reduce_join(tf.strings.split(['a b c', 'd e']), axis=1, separator='-')",
]

HASHING = [
    "tf.strings.to_hash_bucket_fast(['hello', '', 'Hello World', 'hélló'], 2**62)",
    "tf.strings.to_hash_bucket_fast([['a', 'b'], ['c', 'd']], 10)",
    "tf.strings.to_hash_bucket_fast('hello', 3)",
    "tf.strings.to_hash_bucket_strong(['hello', '', 'Hello World'], 2**62, [1, 2])",
    "tf.strings.to_hash_bucket_strong(['a', 'b', 'c'], 7, [0xDECAFCAFFE, 12345])",
    "tf.strings.to_hash_bucket(['hello', '', 'Hello World', 'x' * 40], 2**62)",
    "tf.strings.to_hash_bucket(['a', 'bb', 'ccc', 'dddd', 'eeeee', 'ffffff', 'ggggggg', "
    "'hhhhhhhh', 'iiiiiiiii'], 1000003)",
    "tf.strings.to_hash_bucket_fast(['hello'], 0)",
    "tf.strings.to_hash_bucket_fast([1, 2], 10)",
    "tf.strings.to_hash_bucket_strong(['hello'], 10, [1])",
    "tf.strings.to_hash_bucket_fast(rts, 5)",
]

LOOKUP = [
    "table.lookup(tf.constant(['a', 'x', 'c']))",
    "table[tf.constant([['b', 'b'], ['a', '']])]",
    "table.lookup(tf.ragged.constant([['a'], ['b', 'q']]))",
    "table.lookup(tf.SparseTensor([[0, 0]], ['c'], [1, 1]))",
    "table.lookup(['a', 'b'])",
    "table.lookup(tf.constant([1, 2]))",
    "table.size()",
    "table.key_dtype, table.value_dtype, table.default_value",
    "ftable.lookup(tf.constant([2, 3], tf.int32))",
    "ftable.lookup(tf.constant([2, 3], tf.int64))",
    "tf.lookup.StaticHashTable(KV([1, 2], ['x', 'y']), 'z').lookup(tf.constant([1, 5]))",
    "tf.lookup.StaticHashTable(KV(['a', 'a'], [1, 2]), -1)",
    "tf.lookup.StaticHashTable(KV(['a', 'a'], [1, 1]), -1).size()",
    "tf.lookup.StaticHashTable(KV(['a', 'b'], [1, 2, 3]), -1)",
    "tf.lookup.StaticHashTable(KV(['a', 'b'], [1, 2]), -1.5)",
    "vocab.lookup(tf.constant(['emerson', 'lake', 'palmer', 'king', 'crimson', 'zzz']))",
    "vocab.size()",
    "ivocab.lookup(tf.constant([10, 20, 30, 40, 50, -3, 123456789], tf.int64))",
    "vocab.lookup(tf.ragged.constant([['lake', 'x'], []]))",
    "tf.lookup.StaticVocabularyTable(KV(['a'], tf.constant([0], tf.int64)), 0)",
    "tf.lookup.StaticVocabularyTable(KV(['a'], tf.constant([0], tf.int32)), 2)",
    "textfile(-2, -1).lookup(tf.constant(['lake', 'x', 'palmer']))",
    "textfile(-1, -2).lookup(tf.constant([0, 2, 5], tf.int64))",
    "textfile(0, 1, 'pairs.txt').lookup(tf.constant(['c', 'a']))",
    "textfile(-2, -1, vocab_size=2).size()",
    "textfile(-2, -1, vocab_size=5)",
    "textfile(-2, -1, 'missing.txt')",
    "textfile(0, 3, 'pairs.txt')",
    "mutable(('insert', ['a', 'b'], tf.constant([1, 2], tf.int64))).lookup(['a', 'z'])",
    "mutable(('insert', ['a', 'b'], tf.constant([1, 2], tf.int64))).size()",
    "mutable(('insert', ['a', 'b'], tf.constant([1, 2], tf.int64)), ('remove', ['a']))"
    ".lookup(['a', 'b'])",
    "mutable(('insert', ['a'], tf.constant([1], tf.int64)), "
    "('insert', ['a'], tf.constant([5], tf.int64))).lookup(['a'])",
    "mutable(('insert', tf.constant([1]), tf.constant([1], tf.int64)))",
    "mutable(('insert', ['x'], tf.constant([1], tf.int32)))",
    "mutable(('insert', ['x', 'y'], tf.constant([1], tf.int64)))",
    "mutable().lookup(tf.constant([1]))",
    "mutable().size()",
    "dense(('insert', [5, 7], [50, 70])).lookup(tf.constant([7, 8, 5], tf.int64))",
    "dense(('insert', [0], [1]))",
    "dense(('insert', [-1], [1]))",
    "dense().lookup(tf.constant([0], tf.int64))",
    "dense(('insert', [5, 7], [50, 70]), ('remove', [5])).size()",
    "tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, default_value=-1, empty_key=0, "
    "deleted_key=0)",
    "tf.function(lambda x: table.lookup(x))(tf.constant(['b', 'zz']))",
    "list(tf.data.Dataset.from_tensor_slices(['a', 'c', 'x']).map(table.lookup)"
    ".as_numpy_iterator())",
]

KERAS = [
    "SL(vocabulary=abcd)(tf.constant(words))",
    "SL(vocabulary=abcd)(words)",
    "SL(vocabulary=abcd, output_mode='one_hot')(tf.constant(['a', 'b', 'z']))",
    "SL(vocabulary=abcd, output_mode='multi_hot')(tf.constant(words))",
    "SL(vocabulary=abcd, output_mode='count')(tf.constant([['a', 'a', 'z']]))",
    "SL(vocabulary=abcd, output_mode='tf_idf', idf_weights=[0.25, 0.75, 0.6, 0.4])"
    "(tf.constant(words))",
    "SL(vocabulary=abcd, num_oov_indices=2)(tf.constant([['a', 'z', 'q', 'x']]))",
    "SL(vocabulary=abcd, mask_token='')(tf.constant([['a', '', 'z']]))",
    "SL(vocabulary=abcd, invert=True)(tf.constant([[1, 3, 4], [0, 5, 2]]))",
    "SL(vocabulary=abcd, invert=True, mask_token='')(tf.constant([[1, 0, 5]]))",
    "adapted(SL(), tf.constant(words)).get_vocabulary()",
    "adapted(SL(), tf.constant(words))(tf.constant(words))",
    "adapted(SL(max_tokens=3), ['b', 'a', 'c', 'a', 'c', 'e']).get_vocabulary()",
    "adapted(SL(mask_token='', num_oov_indices=2), [['x', '', 'y', 'x']]).get_vocabulary()",
    "adapted(SL(output_mode='tf_idf'), [['a', 'b', 'a'], ['b', 'c', 'b']])(['a', 'c'])",
    "SL(vocabulary=['a', 'b', 'a'])",
    "SL(vocabulary=[])",
    "SL(vocabulary=['a', '[UNK]'], invert=True)",
    "SL(vocabulary=['a', ''], mask_token='')",
    "SL(max_tokens=1)",
    "SL(output_mode='bad')",
    "SL(output_mode='count', invert=True)",
    "SL(vocabulary=abcd, max_tokens=3)",
    "SL(vocabulary=abcd).vocabulary_size()",
    "SL(vocabulary=abcd, mask_token='').get_vocabulary()",
    "SL(vocabulary=['[UNK]', 'a', 'b']).get_vocabulary()",
    "SL(vocabulary=abcd)(tf.ragged.constant([['a', 'q'], ['b']]))",
    "SL(vocabulary=abcd)(tf.constant('a'))",
    "SL(vocabulary=abcd, output_mode='multi_hot', pad_to_max_tokens=True, max_tokens=8)"
    "(tf.constant(['a', 'b']))",
    "SL(vocabulary=abcd, salt=5, num_oov_indices=3)(tf.constant(['q', 'r', 's', 't']))",
    "SL(vocabulary=abcd, output_mode='one_hot').compute_output_shape((None, 1))",
    "SL(vocabulary=abcd, output_mode='multi_hot').compute_output_shape((None, 3))",
    "IL(vocabulary=[12, 36, 1138, 42])(tf.constant([[12, 1138, 42], [42, 1000, 36]]))",
    "IL(vocabulary=[12, 36, 1138, 42], num_oov_indices=2)(tf.constant([[12, 1000, 1001, 7]]))",
    "IL(vocabulary=[12, 36, 1138, 42], mask_token=0)(tf.constant([[12, 0, 1000]]))",
    "IL(vocabulary=[12, 36, 1138, 42], invert=True)(tf.constant([[1, 0, 4]]))",
    "IL(vocabulary=[12, 36, 1138, 42], output_mode='one_hot')(tf.constant([12, 36, 99]))",
    "adapted(IL(), np.array([[12, 1138, 42], [42, 1000, 36]])).get_vocabulary()",
    "IL(vocabulary=[1, 2], oov_token=-1).get_vocabulary()",
    "IL(vocabulary=[1, 2], oov_method='farmhash', num_oov_indices=3)(tf.constant([5, 6, 7]))",
    "[str(w) for w in adapted(TV(), texts).get_vocabulary()]",
    "adapted(TV(), texts)(texts)",
    "adapted(TV(), texts)(tf.constant([['fox brown'], ['unknown words']]))",
    "adapted(TV(), texts).vocabulary_size()",
    "[str(w) for w in adapted(TV(max_tokens=5, output_sequence_length=4), texts)"
    ".get_vocabulary()]",
    "adapted(TV(max_tokens=5, output_sequence_length=4), texts)(texts)",
    "[str(w) for w in adapted(TV(ngrams=2, output_mode='multi_hot', max_tokens=8), texts)"
    ".get_vocabulary()]",
    "adapted(TV(ngrams=2, output_mode='multi_hot', max_tokens=8), texts)(['brown fox', 'dog'])",
    "adapted(TV(output_mode='count', standardize=None, split='character'), ['abca', 'bd'])"
    "(['aab'])",
    "adapted(TV(output_mode='tf_idf'), texts)(['dog fox fox'])",
    "adapted(TV(ragged=True), texts)(['the dog', 'brown'])",
    "TV(vocabulary=['a', 'b'], output_sequence_length=3)(['a c b d a'])",
    "TV(vocabulary=['a', 'b'], output_sequence_length=8)(['a c b d a'])",
    "TV(vocabulary=['a', 'b'], output_mode='one_hot')(['a'])",
    "TV(output_mode='count', output_sequence_length=3)",
    "TV(ragged=True, output_mode='count')",
    "TV(vocabulary=['a', 'a'])",
    "TV(standardize='bogus')",
    "TV(ngrams=1.5)",
    "TV(vocabulary=['x']).get_config()['vocabulary_size']",
    "[str(w) for w in adapted(TV(max_tokens=6), tf.data.Dataset.from_tensor_slices(texts)"
    ".batch(2)).get_vocabulary()]",
    "keras.layers.Hashing(num_bins=3)(tf.constant([['A'], ['B'], ['C'], ['D'], ['E']]))",
    "keras.layers.Hashing(num_bins=3, mask_value='')(tf.constant([['A'], [''], ['C']]))",
    "keras.layers.Hashing(num_bins=3, salt=133)(tf.constant([['A'], ['B'], ['C']]))",
    "keras.layers.Hashing(num_bins=3, salt=[133, 137])(tf.constant([['A'], ['B'], ['C']]))",
    "keras.layers.Hashing(num_bins=4)(tf.constant([[1], [2], [345]]))",
    "keras.layers.Hashing(num_bins=4)(tf.constant([[1.5], [2.7]]))",
    "keras.layers.Hashing(num_bins=3, output_mode='one_hot')(tf.constant([['A'], ['B']]))",
    "keras.layers.Hashing(num_bins=3, output_mode='multi_hot')(tf.constant([['A', 'B'], "
    "['C', 'C']]))",
    "keras.layers.Hashing(num_bins=3, output_mode='count')(tf.constant([['A', 'A']]))",
    "keras.layers.Hashing(num_bins=0)",
    "keras.layers.Hashing(num_bins=3, salt='x')",
    "keras.layers.Hashing(num_bins=3)(tf.ragged.constant([['a'], ['b', 'c']]))",
    "keras.layers.CategoryEncoding(num_tokens=4, output_mode='one_hot')([3, 2, 0, 1])",
    "keras.layers.CategoryEncoding(num_tokens=4, output_mode='multi_hot')"
    "([[0, 1], [0, 0], [1, 2], [3, 1]])",
    "keras.layers.CategoryEncoding(num_tokens=4, output_mode='count')([[0, 1], [0, 0], [1, 2], "
    "[3, 1]], count_weights=np.array([[.1, .2], [.1, .1], [.2, .3], [.4, .2]]))",
    "keras.layers.CategoryEncoding(num_tokens=4, output_mode='one_hot')([[3], [2]])",
    "keras.layers.CategoryEncoding(num_tokens=3, output_mode='multi_hot')([[0, 5]])",
    "keras.layers.CategoryEncoding(num_tokens=3)([1, 2])",
    "keras.layers.CategoryEncoding(num_tokens=0)",
    "keras.layers.CategoryEncoding(num_tokens=3, output_mode='bad')",
    "keras.utils.pad_sequences([[1], [2, 3], [4, 5, 6]])",
    "keras.utils.pad_sequences([[1], [2, 3], [4, 5, 6]], maxlen=2, padding='post')",
    "keras.utils.pad_sequences([[1], [2, 3], [4, 5, 6]], maxlen=2, truncating='post', "
    "value=-1)",
    "keras.utils.pad_sequences([[1.5], [2, 3]], dtype='float32')",
    "keras.utils.pad_sequences([[[1, 2]], [[3, 4], [5, 6]]])",
    "keras.utils.pad_sequences([['a'], ['b', 'c']], dtype=object, value='')",
    "keras.utils.pad_sequences([['a'], ['b', 'c']], value='')",
    "keras.utils.pad_sequences([[1], 2])",
    "keras.utils.pad_sequences([[1], [2]], padding='middle')",
    "keras.utils.pad_sequences([[1], [2]], truncating='middle')",
    "keras.utils.pad_sequences([[], [1, 2]], maxlen=0)",
    "keras.preprocessing.sequence.pad_sequences([[1, 2, 3]], maxlen=5)",
    "keras.utils.to_categorical([0, 2, 1])",
    "keras.utils.to_categorical([[1], [3]], num_classes=5)",
    "keras.utils.to_categorical([0, 4], num_classes=3)",
    "batches(keras.utils.text_dataset_from_directory(os.path.join(TMP, 'reviews'), "
    "shuffle=False, batch_size=2))",
    "batches(keras.utils.text_dataset_from_directory(os.path.join(TMP, 'reviews'), "
    "shuffle=False, label_mode='categorical', batch_size=None, max_length=4))",
    "batches(keras.utils.text_dataset_from_directory(os.path.join(TMP, 'reviews'), "
    "shuffle=False, label_mode='binary', class_names=['pos', 'neg']))",
    "batches(keras.utils.text_dataset_from_directory(os.path.join(TMP, 'reviews'), "
    "labels=None, shuffle=False))",
    "keras.utils.text_dataset_from_directory(os.path.join(TMP, 'reviews')).class_names",
    "[batches(d) for d in keras.utils.text_dataset_from_directory(os.path.join(TMP, "
    "'reviews'), shuffle=False, validation_split=0.4, subset='both')]",
    "keras.utils.text_dataset_from_directory(os.path.join(TMP, 'reviews'), "
    "validation_split=0.4, subset='training')",
    "keras.utils.text_dataset_from_directory(os.path.join(TMP, 'reviews'), "
    "label_mode='bad')",
    "keras.utils.text_dataset_from_directory(os.path.join(TMP, 'reviews'), class_names=['x'])",
]

DATA = [
    "D.from_tensor_slices(rt).element_spec",
    "items(D.from_tensor_slices(rt))",
    "D.from_tensor_slices(rt2).element_spec",
    "items(D.from_tensor_slices(rt2))",
    "D.from_tensor_slices(rt).batch(2).element_spec",
    "items(D.from_tensor_slices(rt).batch(2))",
    "items(D.from_tensor_slices(rt2).batch(3))",
    "D.from_tensor_slices(rt2).batch(3).element_spec",
    "items(D.from_tensor_slices(rt).batch(2).unbatch())",
    "D.from_tensor_slices(rt).batch(2, drop_remainder=True).element_spec",
    "items(D.from_tensor_slices(rt).map(lambda x: x * 2))",
    "D.from_tensor_slices(rt).map(lambda x: x * 2).element_spec",
    "items(D.from_tensor_slices(rt).batch(2).map(lambda x: tf.reduce_sum(x, axis=1)))",
    "items(D.from_tensor_slices(['a b', 'c d e', 'f']).batch(2).map(tf.strings.split))",
    "D.from_tensor_slices(['a b', 'c d e', 'f']).batch(2).map(tf.strings.split).element_spec",
    "D.from_tensor_slices(['a b', 'c d e', 'f']).map(tf.strings.split).element_spec",
    "items(D.range(4).map(lambda x: tf.range(x)).ragged_batch(3))",
    "D.range(4).map(lambda x: tf.range(x)).ragged_batch(3).element_spec",
    "D.range(4).map(lambda x: tf.range(x)).ragged_batch(2, row_splits_dtype=tf.int32)"
    ".element_spec",
    "items(D.range(3).map(lambda x: tf.fill([x, 2], x)).ragged_batch(2))",
    "items(D.range(3).map(lambda x: (x, tf.range(x))).ragged_batch(2))",
    "items(D.range(4).map(lambda x: tf.range(x)).padded_batch(2))",
    "items(D.range(4).map(lambda x: tf.range(x)).padded_batch(2, padded_shapes=[4], "
    "padding_values=tf.constant(-1, tf.int64)))",
    "tf.function(lambda d: d.reduce(0, lambda s, x: s + tf.reduce_sum(x)))"
    "(D.from_tensor_slices(rt))",
    "tf.map_fn(tf.math.reduce_sum, rt, fn_output_signature=tf.int32)",
    "tf.map_fn(lambda x: x * 2, rt)",
    "tf.map_fn(lambda x: tf.range(x), tf.constant([1, 3, 0]), "
    "fn_output_signature=tf.RaggedTensorSpec(shape=[None], dtype=tf.int32))",
    "tf.map_fn(lambda s: tf.strings.split(s), tf.constant(['a b', 'c']), "
    "fn_output_signature=tf.RaggedTensorSpec(shape=[None], dtype=tf.string))",
    "tf.map_fn(lambda x: tf.ragged.constant([[1], [2, 3]]) * x, tf.constant([1, 2]), "
    "fn_output_signature=tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int32, "
    "ragged_rank=1))",
    "tf.function(lambda r: r.row_lengths(), "
    "input_signature=[tf.RaggedTensorSpec([None, None], tf.int32)])(rt)",
    "tf.function(lambda r: r * 2, input_signature=[tf.RaggedTensorSpec([None, None], "
    "tf.int32)]).get_concrete_function().structured_outputs",
    "tf.function(lambda r: r + 1, input_signature=[tf.RaggedTensorSpec([None, None], "
    "tf.int32)])(tf.ragged.constant([[1.5]]))",
]

SPARSE = [
    "tf.sparse.add(sa, sb)",
    "tf.sparse.add(sa, sb, threshold=15.0)",
    "tf.sparse.add(sa, tf.ones([3, 4]))",
    "tf.sparse.add(sa, S([[0, 0]], [1.0], [2, 2]))",
    "tf.sparse.reduce_sum(sa)",
    "tf.sparse.reduce_sum(sa, axis=0)",
    "tf.sparse.reduce_sum(sa, axis=1, keepdims=True)",
    "tf.sparse.reduce_sum(sa, axis=1, output_is_sparse=True)",
    "tf.sparse.reduce_sum(sa, axis=[0, 1])",
    "tf.sparse.reduce_max(S([[0, 0], [0, 1]], [-1.0, -2.0], [2, 2]), axis=1)",
    "tf.sparse.reduce_max(S([[0, 0], [0, 1]], [-1.0, -2.0], [2, 2]))",
    "tf.sparse.reduce_max(sa, axis=0)",
    "tf.sparse.reorder(S([[1, 0], [0, 3], [0, 1]], [1, 2, 3], [2, 4]))",
    "tf.sparse.reshape(sa, [4, 3])",
    "tf.sparse.reshape(sa, [-1, 2])",
    "tf.sparse.reshape(sa, [5, 5])",
    "tf.sparse.slice(sa, [1, 0], [2, 2])",
    "tf.sparse.slice(sa, [0, 1], [10, 10])",
    "tf.sparse.split(sp_input=sa, num_split=2, axis=1)",
    "tf.sparse.split(sp_input=sa, num_split=2, axis=0)",
    "tf.sparse.concat(0, [sa, sb])",
    "tf.sparse.concat(1, [sa, sb])",
    "tf.sparse.concat(1, [sa, S([[0, 0]], [5.0], [2, 2])], expand_nonconcat_dims=True)",
    "tf.sparse.sparse_dense_matmul(sm, tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))",
    "tf.sparse.sparse_dense_matmul(sm, tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), "
    "adjoint_b=True)",
    "tf.sparse.sparse_dense_matmul(sm, tf.eye(3), adjoint_a=True)",
    "tf.sparse.sparse_dense_matmul(tf.constant([[1.0, 2.0, 3.0]]), sm)",
    "tf.sparse.retain(sa, [True, False, True])",
    "tf.sparse.fill_empty_rows(S([[1, 0]], [5], [3, 2]), -1)",
    "tf.sparse.fill_empty_rows(sa, 9.0)",
    "tf.sparse.to_indicator(S([[0, 0], [0, 1], [1, 0]], [2, 0, 3], [2, 2]), 4)",
    "tf.sparse.bincount(tf.constant([[1, 2, 2], [0, 0, 5]]))",
    "tf.sparse.bincount(tf.constant([[1, 2, 2], [0, 0, 5]]), axis=-1)",
    "tf.sparse.bincount(tf.constant([1, 1, 3]), minlength=6, binary_output=True)",
    "tf.sparse.bincount(tf.constant([1, 1, 7]), maxlength=3)",
    "tf.sparse.map_values(tf.multiply, sa, sa)",
    "tf.sparse.map_values(lambda v: v + 1, sa)",
    "tf.sparse.expand_dims(sa, 0)",
    "tf.sparse.expand_dims(sa, -1).dense_shape",
    "tf.sparse.from_dense(tf.constant([[0, 3], [4, 0]]))",
    "tf.sparse.from_dense(tf.constant(['', 'a']))",
    "tf.sparse.to_dense(tf.sparse.transpose(sa))",
    "tf.sparse.segment_sum(tf.constant([[1., 2], [3, 4], [5, 6]]), tf.constant([0, 2]), "
    "tf.constant([0, 0]))",
    "tf.sparse.segment_mean(tf.constant([[1., 2], [3, 4], [5, 6]]), tf.constant([0, 1, 2]), "
    "tf.constant([0, 1, 1]))",
    "tf.sparse.segment_sqrt_n(tf.constant([[1., 2], [3, 4], [5, 6]]), tf.constant([0, 1, 2]),"
    " tf.constant([0, 0, 2]))",
    "tf.sparse.cross([tf.ragged.constant([['a', 'b'], ['c']]).to_sparse(), "
    "tf.constant([['d'], ['e']])])",
    "tf.sparse.cross([tf.constant([[1], [2]], tf.int64), tf.constant([['d'], ['e']])], "
    "separator='-')",
    "tf.sparse.cross_hashed([tf.ragged.constant([['a', 'b'], ['c']]).to_sparse(), "
    "tf.constant([['d'], ['e']])], num_buckets=100)",
    "tf.sparse.cross_hashed([tf.constant([[1], [2]], tf.int64), tf.constant([['d'], ['e']])])",
    "tf.sparse.cross_hashed([tf.constant([[1], [2]], tf.int64), tf.constant([['d'], ['e']])], "
    "num_buckets=10, hash_key=123)",
    "tf.sparse.cross_hashed([tf.ragged.constant([['a', 'b'], ['c']]).to_sparse(), "
    "tf.constant([['d'], ['e']])])",
    "tf.ragged.cross([tf.ragged.constant([['a'], ['b', 'c'], []]), "
    "tf.ragged.constant([['d'], ['e'], ['f']]), tf.constant([[1, 2], [3, 4], [5, 6]], tf.int64)])",
    "tf.ragged.cross([tf.constant([['x'], ['y']]), "
    "tf.sparse.from_dense(tf.constant([['p', ''], ['q', 'r']]))])",
    "tf.ragged.cross([tf.ragged.constant([[1, 2]], dtype=tf.int32), tf.constant([['z']])])",
    "tf.ragged.cross([tf.ragged.constant([['a'], ['b']], row_splits_dtype=tf.int32)])"
    ".row_splits",
    "tf.ragged.cross([tf.ragged.constant([['a'], ['b']], row_splits_dtype=tf.int32), "
    "tf.constant([['c'], ['d']])]).row_splits",
    "tf.ragged.cross([])",
    "tf.ragged.cross_hashed([tf.ragged.constant([['a'], ['b', 'c'], []]), "
    "tf.ragged.constant([['d'], ['e'], ['f']])], num_buckets=100)",
    "tf.ragged.cross_hashed([tf.ragged.constant([['a'], ['b', 'c'], []]), "
    "tf.ragged.constant([['d'], ['e'], ['f']])])",
    "tf.ragged.cross_hashed([tf.ragged.constant([['a']])], num_buckets=5, hash_key=3)",
    "tf.ragged.cross([tf.ragged.constant([['a'], ['b']]), tf.ragged.constant([['d']])])",
    "tf.ragged.cross([tf.ragged.constant([[1.5]])])",
    "tf.ragged.cross([tf.ragged.constant([[['a']]])])",
    "tf.ragged.cross([tf.sparse.from_dense(tf.constant([[['a']]]))])",
    "tf.ragged.cross([tf.constant(['a', 'b'])])",
    "tf.ragged.cross('x')",
    "tf.function(lambda x, y: tf.ragged.cross([x, y]))(tf.ragged.constant([['a'], ['b', 'c']]),"
    " tf.ragged.constant([['d'], ['e']]))",
    "grad_of(lambda v: tf.reduce_sum(tf.sparse.sparse_dense_matmul(S([[0, 0], [1, 1]], v, "
    "[2, 2]), tf.constant([[1.0, 2.0], [3.0, 4.0]]))), tf.constant([1.0, 1.0]))",
    "grad_of(lambda v: tf.sparse.reduce_sum(tf.sparse.add(S([[0, 0], [1, 1]], v, [2, 2]), "
    "S([[0, 0]], [5.0], [2, 2]))), tf.constant([1.0, 2.0]))",
    "grad_of(lambda v: tf.reduce_sum(tf.sparse.to_dense(S([[0, 1]], v, [2, 2])) * 3.0), "
    "tf.constant([2.0]))",
    "keras.layers.HashedCrossing(num_bins=5)((np.array(['A', 'B', 'C', 'D', 'E']), "
    "np.array([101, 101, 101, 102, 102])))",
    "keras.layers.HashedCrossing(num_bins=5, output_mode='one_hot')((np.array(['A', 'B']), "
    "np.array([101, 102])))",
    "keras.layers.HashedCrossing(num_bins=5)((tf.constant([['A'], ['B']]), "
    "tf.constant([[1], [2]])))",
    "keras.layers.Discretization(bin_boundaries=[0., 1., 2.])(np.array([[-1.5, 1.0, 3.4, "
    ".5], [0.0, 3.0, 1.3, 0.0]]))",
    "keras.layers.Discretization(bin_boundaries=[0., 1., 2.], output_mode='one_hot')"
    "(np.array([-1.5, 1.0, 3.4]))",
    "keras.layers.Discretization(bin_boundaries=[0., 1.], output_mode='count')"
    "(np.array([[-1.5, 1.0, 3.4, .5]]))",
    "adapted(keras.layers.Discretization(num_bins=4, epsilon=0.01), np.array([[-1.5, 1.0, "
    "3.4, .5], [0.0, 3.0, 1.3, 0.0]])).bin_boundaries",
    "adapted(keras.layers.Discretization(num_bins=3), np.arange(100.0)).bin_boundaries",
    "adapted(keras.layers.Discretization(num_bins=5), np.random.RandomState(0).normal("
    "size=(500,))).bin_boundaries",
    "keras.layers.Discretization(num_bins=3, bin_boundaries=[1.0])",
    "keras.layers.Discretization()",
]

# Image files: tests/ragged/images (made by make_images.py), decoded by both sides; a
# decoded image is compared by its shape, dtype and a digest of its pixels.
_FILES = ["rgb.png", "rgba.png", "grey.png", "la.png", "grey16.png", "rgb16.png",
          "palette.png", "smooth.jpg", "smooth444.jpg", "grey.jpg", "progressive.jpg",
          "rgb.bmp", "rgba.bmp", "anim.gif", "still.gif", "rgb.webp"]
IMAGES = [f"px(tf.io.decode_image(img({f!r}), channels={c}, expand_animations=False))"
          for f in _FILES for c in (0, 1, 3, 4)] + [
    f"px(tf.io.decode_image(img({f!r})))" for f in _FILES] + [
    f"px(tf.io.decode_png(img({f!r}), dtype=tf.uint16))" for f in _FILES[:7]] + [
    f"px(tf.io.decode_png(img({f!r}), channels={c}, dtype=tf.uint16))"
    for f in ("rgb16.png", "grey16.png", "rgba.png") for c in (1, 3, 4)] + [
    f"px(tf.io.decode_jpeg(img({f!r}), {kw}))" for f in ("smooth.jpg", "progressive.jpg")
    for kw in ("ratio=2", "ratio=4", "ratio=8", "fancy_upscaling=False",
               "dct_method='INTEGER_ACCURATE'", "channels=1, ratio=2")] + [
    "px(tf.io.decode_gif(img('anim.gif')))",
    "px(tf.io.decode_gif(img('rgb.png')))",
    "px(tf.io.decode_png(img('smooth.jpg')))",
    "px(tf.io.decode_jpeg(img('rgb.png')))",
    "px(tf.io.decode_png(img('still.gif')))",
    "tf.io.decode_png(img('anim.gif'))",
    "tf.io.decode_bmp(img('rgb.png'))",
    "tf.io.decode_bmp(img('smooth.jpg'))",
    "tf.io.decode_bmp(img('anim.gif'))",
    "tf.io.decode_bmp(img('rgb.bmp'), channels=1)",
    "px(tf.io.decode_bmp(img('rgb.bmp'), channels=4))",
    "tf.io.decode_image(img('rgb.png'), channels=2)",
    "tf.io.decode_jpeg(img('smooth.jpg'), ratio=3)",
    "tf.io.decode_jpeg(img('smooth.jpg'), dct_method='FOO')",
    "tf.io.decode_png(img('rgb.png'), dtype=tf.float32)",
    "tf.io.decode_image(b'not an image')",
    "tf.io.decode_image([img('rgb.png')])",
    "tf.io.decode_jpeg(img('smooth.jpg')[:200])",
    "tf.io.decode_png(tf.constant(1))",
    "px(tf.io.decode_image(img('rgb.png'), dtype=tf.float32))",
    "px(tf.io.decode_image(img('smooth.jpg'), dtype=tf.float16))",
    "px(tf.io.decode_image(img('rgb.png'), dtype=tf.int32))",
    "px(tf.io.decode_image(img('grey16.png'), dtype=tf.float32))",
    "tf.io.decode_png(img('rgb.bmp'))",
    "tf.io.decode_gif(img('rgb.bmp'))",
    "tf.io.decode_png(img('rgb.webp'), dtype=tf.uint16)",
    "px(tf.io.decode_png(img('smooth.jpg'), dtype=tf.uint16))",
    "px(tf.io.decode_image(img('smooth.jpg'), dtype=tf.float32))",
    "px(tf.io.decode_image(img('rgb.bmp'), dtype=tf.uint16))",
    "px(tf.io.decode_image(img('anim.gif'), dtype=tf.float32))",
    "px(tf.io.decode_png(img('palette.png'), channels=1))",
    "tf.io.is_jpeg(img('smooth.jpg'))",
    "tf.io.is_jpeg(img('rgb.png'))",
    "px(tf.image.decode_png(img('rgb.png')))",
    "[o.shape for o in tf.nest.flatten(tf.function(lambda x: (tf.io.decode_png(x, channels=3), "
    "tf.io.decode_image(x), tf.io.decode_image(x, channels=1, expand_animations=False), "
    "tf.io.decode_gif(x), tf.io.decode_jpeg(x), tf.io.decode_bmp(x))).get_concrete_function("
    "tf.TensorSpec([], tf.string)).structured_outputs)]",
    "px(tf.data.Dataset.from_tensor_slices([os.path.join(IMG_DIR, 'rgb.png')]).map(lambda p: "
    "tf.io.decode_png(tf.io.read_file(p), channels=3)).get_single_element())",
]

# Image preprocessing layers: their deterministic behaviour (inference, fixed factors,
# shapes, dtypes, configs and errors); random draws are tested by their properties in
# tests/keras/test_image_preprocessing.py.
IMAGE_LAYERS = [
    f"approx(L.Resizing(3, 4, {kw})(IM))" for kw in (
        "", "interpolation='nearest'", "interpolation='bicubic'", "interpolation='area'",
        "interpolation='lanczos3'", "interpolation='lanczos5'", "crop_to_aspect_ratio=True",
        "pad_to_aspect_ratio=True", "pad_to_aspect_ratio=True, fill_value=7.0",
        "antialias=True", "data_format='channels_first'")] + [
    f"approx(L.Resizing(6, 3, {kw})(IMU))" for kw in (
        "", "interpolation='nearest'", "interpolation='bicubic'",
        "crop_to_aspect_ratio=True", "pad_to_aspect_ratio=True")] + [
    "approx(L.Resizing(2, 2)(IM[0]))",
    "L.Resizing(2, 2, interpolation='cubic')(IM)",
    "L.Resizing(2, 2, crop_to_aspect_ratio=True, pad_to_aspect_ratio=True)(IM)",
    "L.Resizing(2, 2)(IM[0, 0])",
    "L.Resizing(2, 3).compute_output_shape((None, 8, 8, 3))",
    "L.Resizing(2, 3).get_config()",
    "approx(L.CenterCrop(2, 3)(IM))",
    "approx(L.CenterCrop(2, 3)(IMU))",
    "approx(L.CenterCrop(3, 2)(IM[1]))",
    "approx(L.CenterCrop(6, 3)(IM))",
    "approx(L.CenterCrop(2, 3, data_format='channels_first')(IM))",
    "L.CenterCrop(2, 3).compute_output_shape((None, 8, 8, 3))",
    "L.CenterCrop(2, 3).get_config()",
    "approx(L.RandomCrop(2, 3)(IM, training=False))",
    "approx(L.RandomCrop(6, 3)(IM))",
    "approx(L.RandomCrop(4, 5)(IMU))",
    "L.RandomCrop(2, 3).compute_output_shape((None, 8, 8, 3))",
    "approx(L.RandomFlip()(IM, training=False))",
    "approx(L.RandomFlip()(IMU, training=False))",
    "approx(L.RandomFlip('vertical')(IM[0], training=False))",
    "L.RandomFlip().get_config()",
    "L.RandomFlip()(np.zeros((1, 2, 3, 4, 5)))",
    "approx(L.RandomContrast(0.5)(IM, training=False))",
    "approx(L.RandomContrast(0.5)(IMU, training=False))",
    "approx(L.RandomContrast(0.0)(IM))",
    "approx(L.RandomContrast(0.0, value_range=(0, 10))(IM))",
    "approx(L.RandomContrast(0.0)(IMU))",
    "L.RandomContrast(0.5).factor",
    "L.RandomContrast((0.2, 0.7)).factor",
    "L.RandomContrast(1.5)",
    "L.RandomContrast(-0.5)",
    "L.RandomContrast([0.1])",
    "L.RandomContrast('a')",
    "L.RandomContrast(0.5).get_config()",
    "L.RandomContrast(0.5)(np.zeros((2, 3)))",
    "approx(tf.keras.preprocessing.image.smart_resize(np.asarray(IM[0]), (3, 3)))",
    "approx(tf.keras.preprocessing.image.smart_resize(IMU, (2, 4)))",
    "type(tf.keras.preprocessing.image.smart_resize(np.asarray(IM[0]), (3, 3))).__name__",
    "tf.keras.preprocessing.image.smart_resize(IM, (3,))",
    "tf.keras.preprocessing.image.smart_resize(IM[0, 0], (3, 3))",
    "[approx(v) for k, v in sorted(L.RandomFlip()({'images': tf.constant(IM), 'labels': "
    "tf.constant([1, 2])}, "
    "training=False).items())]",
    "[approx(v) for k, v in sorted(L.Resizing(2, 2)({'images': IM, 'segmentation_masks': IM})"
    ".items())]",
    "approx(tf.keras.Sequential([tf.keras.Input((4, 5, 2)), L.Resizing(2, 2), L.CenterCrop(1, 2),"
    " L.RandomFlip(), L.RandomContrast(0.3)])(IM, training=False))",
    "tf.keras.Sequential([tf.keras.Input((4, 5, 2)), L.Resizing(2, 2), L.RandomFlip()])"
    ".output_shape",
    "approx(tf.data.Dataset.from_tensor_slices(IM).batch(2).map(lambda x: L.Resizing(2, 3)(x))"
    ".get_single_element())",
] + [
    # The warping layers with fixed draws (lower == upper), over fill modes and samplings.
    f"approx(L.{layer}(fill_mode={mode!r}, interpolation={interp!r})(IM))"
    for layer in ("RandomTranslation((0.25, 0.25), (-0.3, -0.3), ",
                  "RandomZoom((0.5, 0.5), (-0.4, -0.4), ", "RandomZoom((-0.3, -0.3), ",
                  "RandomRotation((0.1, 0.1), ", "RandomRotation((-0.25, -0.25), ")
    for mode in ("reflect", "wrap", "constant", "nearest")
    for interp in ("bilinear", "nearest")] + [
    "approx(L.RandomTranslation((0.5, 0.5), (0.4, 0.4), fill_mode='constant', "
    "fill_value=-7.0)(IM))",
    "approx(L.RandomTranslation((0.25, 0.25), (0.2, 0.2))(IMU))",
    "approx(L.RandomTranslation((0.25, 0.25), (0.2, 0.2))(IM[1]))",
    "approx(L.RandomTranslation((0.25, 0.25), (0.2, 0.2), data_format='channels_first')(IM))",
    "approx(L.RandomTranslation(0.3, 0.3)(IMU, training=False))",
    "approx(L.RandomZoom((0.5, 0.5))(IM[0]))",
    "approx(L.RandomZoom((0.5, 0.5), data_format='channels_first')(IM))",
    "approx(L.RandomZoom(0.5)(IM, training=False))",
    "approx(L.RandomRotation((0.125, 0.125))(IMU))",
    "approx(L.RandomRotation((0.125, 0.125))(IM[0]))",
    "approx(L.RandomRotation((0.125, 0.125), data_format='channels_first')(IM))",
    "approx(L.RandomRotation(0.4)(IMU, training=False))",
    "[approx(v) for k, v in sorted(L.RandomRotation((0.1, 0.1))({'images': IM, "
    "'segmentation_masks': IM[..., :1]}).items())]",
    "[approx(v) for k, v in sorted(L.RandomZoom((0.3, 0.3))({'images': IM, "
    "'labels': tf.constant([1, 2])}).items())]",
    "(lambda layer: approx(tf.function(lambda x: layer(x))(IM)))(L.RandomRotation((0.2, 0.2)))",
    "(lambda layer: approx(tf.data.Dataset.from_tensor_slices(IM).batch(2).map(lambda x: "
    "layer(x)).get_single_element()))(L.RandomTranslation((0.25, 0.25), (0.2, 0.2)))",
    "tf.keras.Sequential([tf.keras.Input((4, 5, 2)), L.RandomZoom(0.2), L.RandomRotation(0.1), "
    "L.RandomTranslation(0.1, 0.1)]).output_shape",
    "L.RandomTranslation(0.1, 0.2).get_config()",
    "L.RandomZoom(0.2).get_config()",
    "L.RandomZoom((-0.2, 0.3), [0.1, 0.2], fill_mode='constant', fill_value=1.0).get_config()",
    "L.RandomRotation(0.2).get_config()",
    "L.RandomRotation((0.3, -0.1), interpolation='nearest', seed=4).get_config()",
    "L.RandomRotation(0.2).factor",
    "L.RandomRotation(1.5)",
    "L.RandomRotation(0.2, fill_mode='mirror')",
    "L.RandomRotation(0.2, interpolation='bicubic')",
    "L.RandomTranslation(1.2, 0.1)",
    "L.RandomTranslation(0.1, [0.1, 0.2, 0.3])",
    "L.RandomTranslation(0.1, 'x')",
    "L.RandomTranslation(0.1, 0.1, fill_mode='mirror')",
    "L.RandomZoom(-1.0)",
    "L.RandomZoom(0.2, (-1.0, 0.5))",
    "L.RandomZoom(0.2, interpolation='area')",
    "L.RandomRotation(0.2)(np.zeros((2, 3)))",
    "L.RandomZoom(0.2)(np.zeros((1, 2, 3, 4, 5)))",
]

IMAGE_DATASETS = [
    "ids(shuffle=False).class_names",
    "ids(shuffle=False).file_paths",
    "ids(seed=3).file_paths",
    "ids(seed=3, batch_size=5).element_spec",
    "image_batches(ids(shuffle=False, batch_size=8))",
    "image_batches(ids(shuffle=False, color_mode='grayscale', label_mode='categorical'))",
    "image_batches(ids(shuffle=False, color_mode='rgba', labels=None, image_size=(3, 2)))",
    "image_batches(ids(shuffle=False, crop_to_aspect_ratio=True, image_size=(2, 2)))",
    "image_batches(ids(shuffle=False, pad_to_aspect_ratio=True, image_size=(3, 3)))",
    "image_batches(ids(shuffle=False, interpolation='nearest', batch_size=None).take(3))",
    "image_batches(ids(shuffle=False, data_format='channels_first').take(1))",
    "[ds.file_paths for ds in ids(seed=7, validation_split=0.4, subset='both')]",
    "ids(seed=7, validation_split=0.4, subset='validation').file_paths",
    "ids(shuffle=False, labels=list(range(15))).class_names",
    "ids(label_mode='binary')",
    "ids(color_mode='cmyk')",
    "ids(image_size=(2, 3, 4))",
    "ids(interpolation='cubic')",
    "ids(validation_split=0.2, subset='training')",
    "ids(labels='folders')",
    "ids(labels=[0, 1], class_names=['a'])",
    "ids(class_names=['cat', 'gnu'])",
    "ids(crop_to_aspect_ratio=True, pad_to_aspect_ratio=True).take(1).get_single_element()",
]

# tf.experimental.DynamicRaggedShape and RowPartition: factories, properties, reprs, `==`
# (identity, as in TF), and broadcasting through tf.broadcast_dynamic_shape / broadcast_to.
DYNAMIC_SHAPE = [
    "DRS.from_lengths([2, (2, 1), 3])",
    "DRS.from_lengths([2, (2, 1), 3]).row_partitions",
    "DRS.from_lengths([2, (2, 1), 3]).inner_shape",
    "(DRS.from_lengths([2, (2, 1), 3]).inner_rank, DRS.from_lengths([2, (2, 1), 3]).rank, "
    "DRS.from_lengths([2, (2, 1), 3]).num_row_partitions, DRS.from_lengths([2, 3]).dtype)",
    "DRS.from_lengths([2, (2, 1), 3]).with_dtype(tf.int32).row_partitions[0].dtype",
    "DRS.from_lengths([2, 3, (1, 2, 3, 1, 1, 1)])",
    "DRS.from_lengths([2, 3, (1, 2, 3, 1, 1, 1)]).static_lengths(ragged_lengths=False)",
    "DRS.from_lengths([2, 3])",
    "DRS.from_lengths([2, 3], num_row_partitions=1)",
    "DRS.from_lengths([2, 3], num_row_partitions=1).row_partitions",
    "DRS.from_tensor(tf.ragged.constant([[1, 2], [3]]))",
    "DRS.from_tensor(tf.zeros([2, 3]))",
    "(DRS.from_tensor(tf.zeros([2, 3])).row_partitions, DRS.from_tensor(tf.zeros([2, 3]))"
    ".inner_shape)",
    "DRS.from_row_partitions([RP.from_row_lengths([2, 1])])",
    "DRS.from_row_partitions([RP.from_row_lengths([2, 1])], dtype=tf.int32).inner_shape",
    "tf.shape(tf.ragged.constant([[[1, 2], [3]], [[4]]])).row_partitions",
    "DRS.from_lengths([2, (2, 1), 3])[2]",
    "DRS.from_lengths([2, (2, 1), 3])[:2]",
    "DRS.from_lengths([2, (2, 1)]) == DRS.from_lengths([2, (2, 1)])",
    "[s == s for s in [tf.shape(tf.ragged.constant([[1], []]))]]",
    "RP.from_row_lengths([2, 1])",
    "[f() for f in [RP.from_row_lengths([2, 1]).row_splits, RP.from_row_lengths([2, 1]).nrows,"
    " RP.from_row_lengths([2, 1]).nvals, RP.from_row_lengths([2, 1]).value_rowids]]",
    "(RP.from_row_lengths([2, 1]).uniform_row_length(), RP.from_row_lengths([2, 1]).dtype, "
    "RP.from_row_lengths([2, 1]).static_nrows)",
    "RP.from_uniform_row_length(2, 6)",
    "RP.from_row_splits([0, 3, 3, 4])",
    "RP.from_value_rowids([0, 0, 2], nrows=4)",
    "tf.broadcast_dynamic_shape(DRS.from_lengths([2, (2, 1)]), DRS.from_lengths([2, 1]))",
    "tf.broadcast_dynamic_shape(DRS.from_lengths([2, (2, 1)]), tf.constant([1]))",
    "tf.broadcast_dynamic_shape(tf.constant([2, 1]), DRS.from_lengths([2, (2, 1)]))",
    "tf.broadcast_dynamic_shape(DRS.from_lengths([2, (2, 1), 1]), DRS.from_lengths([4]))",
    "tf.broadcast_dynamic_shape(DRS.from_lengths([1, 3]), DRS.from_lengths([2, (2, 1), 1]))",
    "tf.broadcast_dynamic_shape(DRS.from_lengths([2, (2, 1)]), DRS.from_lengths([3]))",
    "tf.broadcast_to(tf.constant([[1], [2]]), DRS.from_lengths([2, (2, 1)]))",
    "tf.broadcast_to(tf.constant(7), DRS.from_lengths([2, (2, 1)]))",
    "tf.broadcast_to(tf.constant([[1, 2]]), DRS.from_lengths([3, (2, 0, 2)]))",
    "tf.broadcast_to(tf.constant([[1, 2]]), DRS.from_lengths([3, (2, 2, 2)]))",
    "tf.broadcast_to(tf.ragged.constant([[1, 2], [3]]), tf.shape(tf.ragged.constant([[1, 2], "
    "[3]])))",
    "tf.broadcast_to(tf.ragged.constant([[[1], [2]], [[3]]], ragged_rank=1), "
    "DRS.from_lengths([2, (2, 1), 2]))",
    "tf.broadcast_to(tf.constant([[1.5], [2.5]]), DRS.from_lengths([2, 3], "
    "num_row_partitions=1))",
    "tf.broadcast_to(tf.constant([['a'], ['b']]), DRS.from_lengths([2, (3, 0)]))",
]

# Strings keep every byte, trailing NULs too (NumPy's fixed-width strings would drop them)
NUL_STRINGS = [
    "tf.constant(['\\x00', 'a\\x00', b'b\\x00\\x00', ''])",
    "tf.constant('a\\x00')",
    "tf.constant([['\\x00a\\x00', 'b'], ['c', '\\x00']])",
    "tf.constant(np.array([b'a\\x00'], dtype=object))",
    "tf.fill([2], 'a\\x00')",
    "tf.strings.length(['a\\x00', '\\x00\\x00'])",
    "tf.strings.reduce_join(['a\\x00', '\\x00'])",
    "tf.strings.join(['a\\x00', 'b'])",
    "tf.strings.split(['a\\x00 b\\x00'])",
    "tf.strings.split('a\\x00b\\x00', '\\x00')",
    "tf.strings.bytes_split('a\\x00')",
    "tf.strings.substr('ab\\x00\\x00', 1, 3)",
    "tf.strings.upper('a\\x00')",
    "tf.strings.unicode_decode('a\\x00', 'UTF-8')",
    "tf.strings.ngrams(['a\\x00', 'b'], 2)",
    "tf.strings.to_hash_bucket_fast(['a', 'a\\x00'], 1000)",
    "tf.unique(['a\\x00', 'a', 'a\\x00'])",
    "tf.io.decode_raw(tf.constant(['a\\x00']), tf.uint8)",
    "tf.ragged.constant([['a\\x00'], ['\\x00', 'b']])",
    "tf.ragged.constant([['a\\x00'], []]).to_tensor(default_value='\\x00')",
    "tf.ragged.cross([tf.ragged.constant([['a\\x00']]), tf.ragged.constant([['b']])])",
    "tf.sparse.to_dense(tf.sparse.cross([tf.constant([['a\\x00']]), tf.constant([['b']])]))",
    "tf.function(lambda s: s + '\\x00')(tf.constant('a'))",
    "list(D.from_tensor_slices(['a\\x00', '\\x00']).map(lambda s: s + '\\x00')"
    ".as_numpy_iterator())",
    "tf.lookup.StaticHashTable(KV(['a\\x00', 'a'], [1, 2]), -1).lookup("
    "tf.constant(['a', 'a\\x00', '\\x00']))",
    "tf.lookup.StaticHashTable(KV([1, 2], ['v\\x00', 'w']), 'd').lookup(tf.constant([1, 2, 3]))",
    "tf.lookup.StaticVocabularyTable(KV(['a\\x00'], tf.constant([0], tf.int64)), 3).lookup("
    "tf.constant(['a\\x00', 'a', '\\x00']))",
    "filled(tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1), ['a\\x00', 'a'], "
    "tf.constant([1, 2], tf.int64)).lookup(tf.constant(['a', 'a\\x00', '\\x00']))",
    "filled(tf.lookup.experimental.DenseHashTable(tf.string, tf.int64, -1, empty_key='', "
    "deleted_key='$'), ['a\\x00', 'a'], tf.constant([1, 2], tf.int64)).lookup("
    "tf.constant(['a', 'a\\x00', '\\x00']))",
    "tf.strings.format('{}', tf.constant(['a\\x00\\n\"\\t\\x7f', '\\xe9', 'q\\\\\\'']))",
    "tf.strings.format('{} and {}', (tf.constant('x\\x01'), tf.constant(3)))",
    "printed(tf.constant('a\\x00\\n\"'))",
    "printed(tf.constant(['a\\x00\\n\"']))",
    "printed('lit\\x00', tf.constant(['x']), {'k': tf.constant('v\\t')})",
    "saved_strings()",
    "(lambda l: [l.adapt(tf.constant(['a\\x00', 'a\\x00', 'a', '\\x00'])), l.get_vocabulary(), "
    "l(tf.constant(['a', 'a\\x00', '\\x00', 'z']))])(L.StringLookup())",
    "(lambda l: [l.adapt(tf.constant(['a\\x00 b', 'a\\x00 a'])), l.get_vocabulary(), "
    "l(tf.constant(['a\\x00 a b']))])(L.TextVectorization(standardize=None))",
    "L.StringLookup(vocabulary=['a\\x00', 'a', '\\x00'])",
    "L.Hashing(10)(tf.constant([['a\\x00'], ['a']]))",
]

# Ragged shapes broadcast inside tf.function; their specs; what is static while tracing
RT2 = "tf.ragged.constant([[1, 2], [3]])"
RT3 = "tf.ragged.constant([[[1, 2], [3]], [[4]]])"
RAGGED_GRAPH = [
    f"tf.function(lambda a, b: tf.broadcast_dynamic_shape(DRS.from_tensor(a), "
    f"DRS.from_tensor(b)))({RT2}, tf.constant([[10], [20]]))",
    f"tf.function(lambda a: tf.broadcast_to(tf.constant([[1], [2]]), DRS.from_tensor(a)))"
    f"({RT2})",
    f"tf.function(lambda a: tf.broadcast_to(tf.constant([[1], [2]]), DRS.from_tensor(a)), "
    f"input_signature=[tf.RaggedTensorSpec([None, None], tf.int32)])({RT2})",
    "tf.function(lambda a: tf.broadcast_to(tf.constant([[1, 2]]), DRS.from_tensor(a)), "
    "input_signature=[tf.RaggedTensorSpec([None, None], tf.int32)])("
    "tf.ragged.constant([[1, 2], [3, 4], [5, 6]]))",
    "error_class(lambda: tf.function(lambda a: tf.broadcast_to(tf.constant([[1, 2]]), "
    "DRS.from_tensor(a)), input_signature=[tf.RaggedTensorSpec([None, None], tf.int32)])("
    f"{RT2}))",
    "tf.function(lambda s: tf.broadcast_to(tf.constant(3), s), input_signature=["
    f"DRS.Spec._from_tensor_shape([2, None], 1, tf.int64)])(DRS.from_tensor({RT2}))",
    f"tf.function(lambda x: DRS.from_tensor(x))({RT2})",
    f"tf.function(lambda x, y: x + y)({RT3}, tf.reduce_sum({RT3}, axis=2, keepdims=True))",
    f"tf.function(lambda x, y: x * y)({RT3}, tf.ragged.constant([[[1], [2]], [[3]]], "
    "ragged_rank=1))",
    "tf.function(lambda x, y: x - y)(tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], "
    "ragged_rank=1), tf.ragged.constant([[10, 20]]))",
    "tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1) + "
    "tf.ragged.constant([[10, 20]])",
    f"{RT3} + tf.ragged.constant([[10, 20], [30]])",
    f"{RT3} + tf.ragged.constant([[[1]], [[2]]], ragged_rank=1)",
    f"{RT2} + tf.ragged.constant([[10], [20]])",
    f"error_class(lambda: tf.function(lambda x, y: x + y)({RT2}, "
    "tf.ragged.constant([[10], [20]])))",
    f"error_class(lambda: tf.function(lambda x, y: x + y)({RT3}, "
    "tf.ragged.constant([[10, 20], [30]])))",
    f"error_class(lambda: tf.function(lambda x, y: x + y)({RT2}, "
    "tf.ragged.constant([[1, 2, 3]])))",
    f"tf.type_spec_from_value(DRS.from_tensor({RT2}))",
    "tf.type_spec_from_value(DRS.from_lengths([2, (2, 1), 3]))",
    "tf.type_spec_from_value(DRS.from_lengths([2, 3], num_row_partitions=1))",
    "tf.type_spec_from_value(DRS.from_lengths([]))",
    "DRS.Spec._from_tensor_shape([2, None, 3], 1, tf.int64)",
    "DRS.Spec._from_tensor_shape([2, 3], 0, tf.int32)",
    "DRS.Spec(row_partitions=[], static_inner_shape=tf.TensorShape([2, 3]), dtype=tf.float32)",
    f"(lambda s: (s.rank, s.num_row_partitions, s.inner_rank, s.dtype, s._dimension(0), "
    f"s._dimension(1), s.value_type.__name__))(tf.type_spec_from_value(DRS.from_tensor({RT2})))",
    f"tf.type_spec_from_value(DRS.from_tensor({RT2})).with_dtype(tf.int32)",
    f"tf.type_spec_from_value(DRS.from_tensor({RT2})).most_specific_common_supertype("
    "[DRS.Spec._from_tensor_shape([5, None], 1, tf.int64)])",
    f"tf.type_spec_from_value(DRS.from_tensor({RT2})).is_compatible_with("
    f"DRS.from_tensor({RT2}))",
    f"tf.type_spec_from_value(DRS.from_tensor({RT2})) == "
    f"tf.type_spec_from_value(DRS.from_tensor({RT2}))",
    "[(p.static_nvals, p.static_nrows, p.static_uniform_row_length) for p in ["
    "RP.from_row_splits([0, 2, 3]), RP.from_row_lengths([2, 1]), "
    "RP.from_value_rowids([0, 0, 1]), RP.from_value_rowids([0, 0, 1], nrows=4), "
    "RP.from_uniform_row_length(2, 6), RP.from_row_starts([0, 2], 3), "
    "RP.from_row_limits([2, 3]), DRS.from_lengths([2, (2, 1), 3]).row_partitions[0], "
    "DRS.from_lengths([2, 3], num_row_partitions=1).row_partitions[0], "
    f"tf.shape({RT3}).row_partitions[1], "
    "DRS.from_tensor(R.from_value_rowids([1, 2, 3], [0, 0, 1])).row_partitions[0]]]",
    "traced_static(lambda: [(p.static_nvals, p.static_nrows, p.static_uniform_row_length) "
    "for p in [RP.from_value_rowids([0, 0, 1]), RP.from_uniform_row_length(2, tf.constant(6)),"
    " RP.from_row_lengths([2, 1])]])",
    "traced_static(lambda a: (DRS.from_tensor(a).static_lengths(), [(p.static_nvals, "
    "p.static_nrows) for p in DRS.from_tensor(a).row_partitions], "
    "RP.from_value_rowids(a.value_rowids()).static_nvals), "
    "tf.RaggedTensorSpec([3, None, None], tf.int32))",
    "traced_static(lambda a: DRS.from_tensor(a).static_lengths(), "
    "tf.RaggedTensorSpec([None, None, 2], tf.int32, ragged_rank=1))",
    "RP.from_row_starts([0, 2], 3)",
    "RP.from_row_limits([2, 3])",
    # value_rowids() computed from splits teaches the row partitions nothing (TF's
    # RowPartition keeps only the row ids it was built from)
    "(lambda r: (r.value_rowids(), [(p.static_nvals, p.static_nrows) for p in "
    "DRS.from_tensor(r).row_partitions], DRS.from_tensor(r).static_lengths(), tf.shape(r))"
    "[1:])(R.from_row_splits([1, 2, 3], [0, 2, 3]))",
    "(lambda r: (r.values.value_rowids(), r.value_rowids(), [(p.static_nvals, "
    "p.static_nrows) for p in tf.shape(r).row_partitions])[2])"
    "(tf.ragged.constant([[[1], [2, 3]], [[4]]]))",
    "(lambda r: (r.value_rowids(), [p.static_nvals for p in tf.shape(r.with_values("
    "r.values * 2)).row_partitions])[1])(R.from_row_lengths([1, 2, 3], [2, 1]))",
    "(lambda r: (r.value_rowids(), [p.static_nvals for p in tf.shape(r).row_partitions])[1])"
    "(R.from_value_rowids([1, 2, 3], [0, 0, 1]))",
    "traced_static(lambda a: (a.values.value_rowids(), a.value_rowids(), [(p.static_nvals, "
    "p.static_nrows) for p in DRS.from_tensor(a).row_partitions], "
    "DRS.from_tensor(a).static_lengths())[2:], tf.RaggedTensorSpec([3, None, None], "
    "tf.int32))",
]

SECTIONS = {"ragged": RAGGED, "ragged_shape": RAGGED_SHAPE, "strings": STRINGS,
            "hashing": HASHING, "lookup": LOOKUP, "keras": KERAS, "data": DATA,
            "sparse": SPARSE, "images": IMAGES,
            "image_layers": IMAGE_LAYERS, "image_datasets": IMAGE_DATASETS,
            "dynamic_shape": DYNAMIC_SHAPE, "nul_strings": NUL_STRINGS,
            "ragged_graph": RAGGED_GRAPH}

# issue #19's last gaps (golden_extra.py): more sections, recorded and compared the same way
try:
    from tests.ragged import golden_extra as _extra
except ImportError:  # (tf_golden.py runs with this folder on sys.path)
    import golden_extra as _extra
SECTIONS.update(_extra.SECTIONS)
PRELUDE += _extra.PRELUDE_EXTRA

# the ragtext stream's cases (golden_ragtext.py)
try:
    from tests.ragged import golden_ragtext as _ragtext
except ImportError:
    import golden_ragtext as _ragtext
SECTIONS.update(_ragtext.SECTIONS)
PRELUDE += _ragtext.PRELUDE_RAGTEXT
