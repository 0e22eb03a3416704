"""kprobe47's snippets of ordinary data code: RaggedTensor construction, reprs, ops and
errors; tf.strings and Keras text preprocessing; tf.lookup tables; tf.data pipelines
(window, group_by_window, bucket_by_sequence_length, save/load/snapshot, ragged_batch,
padded_batch with odd shapes, seeded sampling) (see cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe47.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["ragged_reprs"] = _TRY + """
rt = tf.ragged.constant([[1, 2, 3], [], [4, 5]])
print(repr(rt))
print(str(rt))
print(rt.shape, rt.ragged_rank, rt.dtype)
print(repr(tf.ragged.constant([[[1.5, 2.0], [3.0]], [[4.0]]])))
print(repr(tf.ragged.constant([["a", "bc"], ["d"]])))
print(repr(tf.ragged.constant([[1, 2], [3]], dtype=tf.int64, row_splits_dtype=tf.int32)))
print(repr(tf.RaggedTensorSpec([2, None], tf.float32, 1)))
print(repr(rt.row_splits), repr(rt.values))
print(repr(tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)))
"""

SNIPPETS["ragged_factories"] = _TRY + """
v = tf.constant([3, 1, 4, 1, 5, 9, 2])
show("row_lengths", lambda: tf.RaggedTensor.from_row_lengths(v, [2, 0, 3, 2]))
show("value_rowids", lambda: tf.RaggedTensor.from_value_rowids(v, [0, 0, 2, 2, 2, 3, 3], nrows=5))
show("row_starts", lambda: tf.RaggedTensor.from_row_starts(v, [0, 4]))
show("row_limits", lambda: tf.RaggedTensor.from_row_limits(v, [1, 1, 7]))
show("uniform", lambda: tf.RaggedTensor.from_uniform_row_length(v[:6], 3))
show("nested", lambda: tf.RaggedTensor.from_nested_row_lengths(v, [[2, 1], [3, 0, 4]]))
show("from_tensor lengths", lambda: tf.RaggedTensor.from_tensor([[1, 2, 0], [3, 0, 0]], lengths=[2, 1]))
show("from_tensor padding", lambda: tf.RaggedTensor.from_tensor([[1, 2, 0], [3, 0, 0]], padding=0))
show("from_sparse", lambda: tf.RaggedTensor.from_sparse(tf.sparse.SparseTensor([[0, 0], [0, 1], [2, 0]], [1, 2, 3], [3, 4])))
show("bad splits", lambda: tf.RaggedTensor.from_row_splits(v, [0, 3, 2, 7]))
show("bad splits end", lambda: tf.RaggedTensor.from_row_splits(v, [0, 3, 5]))
show("bad lengths", lambda: tf.RaggedTensor.from_row_lengths(v, [2, 2]))
show("bad rowids", lambda: tf.RaggedTensor.from_value_rowids(v, [0, 2, 1, 2, 2, 3, 3]))
show("constant inconsistent", lambda: tf.ragged.constant([[1, 2], [[3]]]))
show("constant bad ragged_rank", lambda: tf.ragged.constant([[1, 2], [3]], ragged_rank=2))
"""

SNIPPETS["ragged_properties"] = _TRY + """
rt = tf.ragged.constant([[[1, 2], [3]], [], [[4, 5, 6]]])
show("nrows", lambda: rt.nrows())
show("row_lengths", lambda: rt.row_lengths())
show("row_lengths axis2", lambda: rt.row_lengths(axis=2))
show("value_rowids", lambda: rt.value_rowids())
show("row_starts", lambda: rt.row_starts())
show("row_limits", lambda: rt.row_limits())
show("nested_row_splits", lambda: rt.nested_row_splits)
show("flat_values", lambda: rt.flat_values)
show("bounding_shape", lambda: rt.bounding_shape())
show("bounding_shape axis", lambda: rt.bounding_shape(axis=1))
show("to_tensor", lambda: rt.to_tensor(default_value=-1))
show("to_tensor shape", lambda: rt.to_tensor(shape=[2, 2, 2]))
show("to_sparse", lambda: rt.to_sparse().indices)
show("merge_dims", lambda: rt.merge_dims(1, 2))
show("merge_dims all", lambda: rt.merge_dims(0, -1))
show("with_flat_values", lambda: rt.with_flat_values(rt.flat_values * 10))
show("getitem", lambda: rt[2])
show("getitem slice", lambda: rt[:, :1])
show("getitem bad", lambda: rt[:, 0])
"""

SNIPPETS["ragged_elementwise"] = _TRY + """
a = tf.ragged.constant([[1.0, 2.0], [], [3.0, 4.0, 5.0]])
b = tf.ragged.constant([[10.0, 20.0], [], [30.0, 40.0, 50.0]])
show("add scalar", lambda: a + 1)
show("mul ragged", lambda: a * b)
show("broadcast column", lambda: a + tf.constant([[100.0], [200.0], [300.0]]))
show("math ops", lambda: tf.math.sqrt(a))
show("maximum", lambda: tf.maximum(a, 2.5))
show("compare", lambda: a > 2.0)
show("where", lambda: tf.where(a > 2.0, a, -a))
show("cast", lambda: tf.cast(a, tf.int32))
show("mismatch", lambda: a + tf.ragged.constant([[1.0], [], [3.0, 4.0, 5.0]]))
show("mismatch rows", lambda: a + tf.ragged.constant([[1.0, 2.0]]))
show("map_flat_values", lambda: tf.ragged.map_flat_values(tf.square, a))
show("fn map", lambda: tf.map_fn(tf.reduce_sum, a, fn_output_signature=tf.float32))
"""

SNIPPETS["ragged_reductions"] = _TRY + """
rt = tf.ragged.constant([[3.0, 1.0, 4.0], [1.0], [], [5.0, 9.0]])
for name in ["reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod"]:
    show(name + " 0", lambda: getattr(tf, name)(rt, axis=0))
    show(name + " 1", lambda: getattr(tf, name)(rt, axis=1))
show("reduce_sum all", lambda: tf.reduce_sum(rt))
show("reduce_std", lambda: tf.math.reduce_std(rt, axis=1))
show("reduce_variance", lambda: tf.math.reduce_variance(rt, axis=0))
show("reduce_any", lambda: tf.reduce_any(rt > 4.0, axis=1))
show("argmax", lambda: tf.argmax(rt.to_tensor(), axis=1))
show("keepdims", lambda: tf.reduce_sum(rt, axis=1, keepdims=True))
show("reduce axis2", lambda: tf.reduce_sum(rt, axis=2))
"""

SNIPPETS["ragged_shape_ops"] = _TRY + """
a = tf.ragged.constant([[1, 2], [3]])
b = tf.ragged.constant([[4], [5, 6, 7]])
show("concat 0", lambda: tf.concat([a, b], axis=0))
show("concat 1", lambda: tf.concat([a, b], axis=1))
show("stack", lambda: tf.stack([a, b], axis=1))
show("gather", lambda: tf.gather(b, [1, 1, 0]))
show("gather_nd", lambda: tf.gather_nd(b, [[1, 2], [0, 0]]))
show("boolean_mask", lambda: tf.ragged.boolean_mask(tf.constant([[1, 2, 3], [4, 5, 6]]), tf.constant([[True, False, True], [False, False, True]])))
show("tile", lambda: tf.tile(a, [2, 2]))
show("expand_dims", lambda: tf.expand_dims(a, 1))
show("range", lambda: tf.ragged.range([0, 3, 5], [2, 3, 9], 2))
show("range deltas", lambda: tf.ragged.range([5, 0], 0, -2))
show("reverse", lambda: tf.reverse(tf.ragged.constant([[1, 2], [3]]).to_tensor(), [1]))
show("row_splits_to_segment", lambda: tf.ragged.row_splits_to_segment_ids([0, 2, 2, 5]))
show("segment_to_splits", lambda: tf.ragged.segment_ids_to_row_splits([0, 0, 2]))
show("stack_dynamic", lambda: tf.ragged.stack_dynamic_partitions([10, 20, 30, 40], [1, 0, 1, 3], 4))
show("cross", lambda: tf.ragged.cross([tf.ragged.constant([["a", "b"], ["c"]]), tf.ragged.constant([["x"], ["y", "z"]])]))
show("cross_hashed", lambda: tf.ragged.cross_hashed([tf.ragged.constant([["a", "b"], ["c"]]), tf.ragged.constant([["x"], ["y", "z"]])], num_buckets=100))
show("concat bad", lambda: tf.concat([a, tf.ragged.constant([[[1]]])], axis=0))
"""

SNIPPETS["ragged_in_function_and_data"] = _TRY + """
@tf.function(input_signature=[tf.RaggedTensorSpec([None, None], tf.int32)])
def lens(x):
    return x.row_lengths(), tf.reduce_sum(x, axis=1)
show("function", lambda: lens(tf.ragged.constant([[1, 2], [3, 4, 5], []])))
print(lens.get_concrete_function().structured_input_signature)
ds = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1, 2], [3], [4, 5, 6]]))
print(ds.element_spec)
show("elements", lambda: [e.numpy().tolist() for e in ds])
bds = ds.batch(2)
print(bds.element_spec)
show("batched", lambda: [e for e in bds])
show("dense to ragged batch", lambda: next(iter(tf.data.Dataset.range(4).map(lambda i: tf.range(i)).ragged_batch(3))))
show("to_tensor map", lambda: [e.numpy().tolist() for e in bds.map(lambda r: r.to_tensor())])
"""

SNIPPETS["strings_to_ragged"] = _TRY + """
s = tf.constant(["the quick  brown", "", "fox jumps"])
show("split", lambda: tf.strings.split(s))
show("split sep", lambda: tf.strings.split(s, sep=" "))
show("split maxsplit", lambda: tf.strings.split(s, maxsplit=1))
show("bytes_split", lambda: tf.strings.bytes_split(tf.constant(["ab", "c"])))
show("unicode_split", lambda: tf.strings.unicode_split(tf.constant(["h\\u00e9", "\\u00fcx"]), "UTF-8"))
show("unicode_decode", lambda: tf.strings.unicode_decode(tf.constant(["h\\u00e9", "a"]), "UTF-8"))
show("unicode_decode offsets", lambda: tf.strings.unicode_decode_with_offsets(tf.constant(["h\\u00e9y"]), "UTF-8"))
show("unicode_encode", lambda: tf.strings.unicode_encode(tf.ragged.constant([[104, 233], [97]]), "UTF-8"))
show("ngrams", lambda: tf.strings.ngrams(tf.strings.split(s), 2))
show("ngrams pad", lambda: tf.strings.ngrams(tf.ragged.constant([["a", "b", "c"]]), 2, pad_values=("<s>", "</s>"), separator="_"))
show("ngrams range", lambda: tf.strings.ngrams(tf.ragged.constant([["a", "b", "c"]]), (1, 3)))
show("reduce_join", lambda: tf.strings.reduce_join(tf.strings.split(s), axis=1, separator="|"))
show("length ragged", lambda: tf.strings.length(tf.strings.split(s)))
show("upper ragged", lambda: tf.strings.upper(tf.strings.split(s)))
show("split bad sep", lambda: tf.strings.split(s, sep=""))
"""

SNIPPETS["strings_scalar_ops"] = _TRY + """
s = tf.constant(["Hello, World", "  tabs\\tand  spaces ", "123.5", "caf\\u00e9"])
show("regex_replace", lambda: tf.strings.regex_replace(s, r"[aeiou]", "_"))
show("regex_replace first", lambda: tf.strings.regex_replace(s, r"l+", "L", replace_global=False))
show("regex_full_match", lambda: tf.strings.regex_full_match(s, r"\\d+\\.\\d+"))
show("strip", lambda: tf.strings.strip(s))
show("substr", lambda: tf.strings.substr(s, 1, 3))
show("substr utf8", lambda: tf.strings.substr(s, 2, 2, unit="UTF8_CHAR"))
show("substr bad", lambda: tf.strings.substr(s, 20, 2))
show("length utf8", lambda: tf.strings.length(s, unit="UTF8_CHAR"))
show("to_number", lambda: tf.strings.to_number(["1.5", "-2", "3e2"]))
show("to_number int", lambda: tf.strings.to_number(["7", "-8"], out_type=tf.int64))
show("to_number bad", lambda: tf.strings.to_number(["1.5x"]))
show("as_string", lambda: tf.strings.as_string([3.14159, 2.0], precision=2))
show("as_string width", lambda: tf.strings.as_string([7, 42], width=4, fill="0"))
show("format", lambda: tf.strings.format("x={} y={}", (tf.constant([1, 2]), tf.constant("a"))))
show("join", lambda: tf.strings.join([["a", "b"], ["c", "d"]], separator="-"))
show("to_hash_bucket_fast", lambda: tf.strings.to_hash_bucket_fast(["a", "b", "hello"], 1000))
show("to_hash_bucket_strong", lambda: tf.strings.to_hash_bucket_strong(["a", "b"], 1000, key=[1, 2]))
show("lower unicode", lambda: tf.strings.lower(["\\u00c9T\\u00c9"], encoding="utf-8"))
show("unicode_script", lambda: tf.strings.unicode_script([72, 1040, 20013]))
show("unicode_transcode", lambda: tf.strings.unicode_transcode(["caf\\u00e9"], "UTF-8", "UTF-16-BE"))
"""

SNIPPETS["text_vectorization_modes"] = _TRY + """
docs = ["The cat sat.", "the dog sat on the mat", "A cat, a dog!"]
tv = layers.TextVectorization(max_tokens=8, output_sequence_length=5)
tv.adapt(docs)
print(tv.get_vocabulary())
show("int", lambda: tv(["the cat and the dog", "zebra"]))
tv2 = layers.TextVectorization(ngrams=2, output_mode="multi_hot", max_tokens=10)
tv2.adapt(docs)
print(tv2.get_vocabulary())
show("bigrams multi_hot", lambda: tv2(["the cat sat"]))
tv3 = layers.TextVectorization(output_mode="tf_idf")
tv3.adapt(docs)
show("tf_idf", lambda: tv3(["the cat the"]))
tv4 = layers.TextVectorization(output_mode="count", pad_to_max_tokens=True, max_tokens=12, split="character", standardize=None)
tv4.adapt(["abca", "bd"])
show("chars count", lambda: tv4(["aab"]))
tv5 = layers.TextVectorization(standardize=lambda x: tf.strings.regex_replace(x, "a", "A"), split=lambda x: tf.strings.split(x, sep=","))
tv5.adapt(["a,b,a", "c"])
print(tv5.get_vocabulary())
show("callables", lambda: tv5(["a,c,d"]))
tv6 = layers.TextVectorization(ragged=True)
tv6.adapt(docs)
show("ragged", lambda: tv6(["the cat", "dog on a mat here"]))
show("bad mode", lambda: layers.TextVectorization(output_mode="tfidf"))
show("ragged with length", lambda: layers.TextVectorization(ragged=True, output_sequence_length=3))
show("vocab size", lambda: tv.vocabulary_size())
"""

SNIPPETS["string_lookup_options"] = _TRY + """
vocab = ["a", "b", "c"]
show("default", lambda: layers.StringLookup(vocabulary=vocab)(["a", "z", "c"]))
show("oov2", lambda: layers.StringLookup(vocabulary=vocab, num_oov_indices=2)(["a", "z", "y", "zz"]))
show("mask", lambda: layers.StringLookup(vocabulary=vocab, mask_token="")(["", "b", "q"]))
show("invert", lambda: layers.StringLookup(vocabulary=vocab, invert=True)([0, 1, 3, 7]))
show("one_hot", lambda: layers.StringLookup(vocabulary=vocab, output_mode="one_hot")(["b", "q"]))
show("multi_hot", lambda: layers.StringLookup(vocabulary=vocab, output_mode="multi_hot")([["a", "a", "c"], ["q", "b", "b"]]))
show("count", lambda: layers.StringLookup(vocabulary=vocab, output_mode="count")([["a", "a", "c"]]))
show("tf_idf", lambda: layers.StringLookup(vocabulary=vocab, output_mode="tf_idf", idf_weights=[0.5, 1.0, 2.0])([["a", "a", "c"]]))
show("ragged", lambda: layers.StringLookup(vocabulary=vocab)(tf.ragged.constant([["a"], ["b", "z"]])))
sl = layers.StringLookup(max_tokens=4)
sl.adapt(["x", "y", "y", "z", "z", "z", "w"])
print(sl.get_vocabulary(), sl.vocabulary_size())
print(sl.get_vocabulary(include_special_tokens=False))
show("dup vocab", lambda: layers.StringLookup(vocabulary=["a", "a"]))
show("oov in vocab", lambda: layers.StringLookup(vocabulary=["[UNK]", "a"])(["q"]))
show("int lookup", lambda: layers.IntegerLookup(vocabulary=[10, 20], num_oov_indices=0)([10, 20]))
show("int lookup oov0 miss", lambda: layers.IntegerLookup(vocabulary=[10, 20], num_oov_indices=0)([30]))
show("int lookup mask", lambda: layers.IntegerLookup(vocabulary=[10, 20], mask_token=0)([0, 20, 5]))
"""

SNIPPETS["hashing_layer"] = _TRY + """
show("strings", lambda: layers.Hashing(num_bins=10)(["cat", "dog", "bird"]))
show("ints", lambda: layers.Hashing(num_bins=10)(np.array([1, 2, 300])))
show("salt int", lambda: layers.Hashing(num_bins=10, salt=133)(["cat", "dog"]))
show("salt pair", lambda: layers.Hashing(num_bins=10, salt=[1, 2])(["cat", "dog"]))
show("mask", lambda: layers.Hashing(num_bins=5, mask_value="")(["", "cat", "dog"]))
show("one_hot", lambda: layers.Hashing(num_bins=4, output_mode="one_hot")(["cat", "dog"]))
show("multi_hot", lambda: layers.Hashing(num_bins=4, output_mode="multi_hot")([["cat", "dog", "cat"]]))
show("count", lambda: layers.Hashing(num_bins=4, output_mode="count")([["cat", "dog", "cat"]]))
show("ragged", lambda: layers.Hashing(num_bins=10)(tf.ragged.constant([["a", "b"], ["c"]])))
show("floats", lambda: layers.Hashing(num_bins=10)(np.array([1.5])))
show("bad bins", lambda: layers.Hashing(num_bins=0))
show("bad mode", lambda: layers.Hashing(num_bins=3, output_mode="tf_idf"))
show("hashing cross", lambda: layers.HashedCrossing(num_bins=10)((tf.constant(["a", "b"]), tf.constant([1, 2]))))
show("hashing cross one_hot", lambda: layers.HashedCrossing(num_bins=3, output_mode="one_hot")((tf.constant(["a"]), tf.constant([1]))))
"""

SNIPPETS["lookup_tables"] = _TRY + """
init = tf.lookup.KeyValueTensorInitializer(["a", "b", "c"], [1, 2, 3], value_dtype=tf.int64)
t = tf.lookup.StaticHashTable(init, default_value=-1)
show("lookup", lambda: t.lookup(tf.constant(["b", "z", "a"])))
show("lookup ragged", lambda: t.lookup(tf.ragged.constant([["a"], ["c", "q"]])))
show("size", lambda: t.size())
show("export", lambda: sorted(zip(*[v.numpy().tolist() for v in t.export()])))  # (TF's order varies by run)
show("key dtype", lambda: t.lookup(tf.constant([1, 2])))
show("default dtype", lambda: tf.lookup.StaticHashTable(init, default_value=-1.5))
v = tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer(["x", "y"], [0, 1], value_dtype=tf.int64), num_oov_buckets=3)
show("vocab table", lambda: v.lookup(tf.constant(["x", "y", "q", "hello", "world"])))
show("vocab size", lambda: v.size())
m = tf.lookup.experimental.MutableHashTable(tf.string, tf.float32, default_value=0.0)
m.insert(["k1", "k2"], [1.5, 2.5])
m.remove(tf.constant(["k1"]))
show("mutable", lambda: m.lookup(["k1", "k2"]))
show("mutable export", lambda: sorted(zip(*[v.numpy().tolist() for v in m.export()])))
show("mutable bad insert", lambda: m.insert(["a"], [1.0, 2.0]))
d = tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, default_value=-1, empty_key=0, deleted_key=-1)
d.insert(tf.constant([5, 7], tf.int64), tf.constant([50, 70], tf.int64))
show("dense", lambda: d.lookup(tf.constant([7, 8], tf.int64)))
show("dense empty key", lambda: d.insert(tf.constant([0], tf.int64), tf.constant([1], tf.int64)))
show("init mismatch", lambda: type(tf.lookup.KeyValueTensorInitializer(["a", "b"], [1])).__name__)
import tempfile, os
p = os.path.join(tempfile.mkdtemp(), "vocab.txt")
with open(p, "w") as f:
    f.write("apple\\nbanana\\ncherry\\n")
ti = tf.lookup.TextFileInitializer(p, tf.string, tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER)
show("text file", lambda: tf.lookup.StaticHashTable(ti, -1).lookup(tf.constant(["cherry", "kiwi"])))
show("vocab file oov", lambda: tf.lookup.StaticVocabularyTable(tf.lookup.TextFileInitializer(p, tf.string, -2, tf.int64, -1), 2).lookup(tf.constant(["banana", "kiwi"])))
"""

SNIPPETS["data_window"] = _TRY + """
ds = tf.data.Dataset.range(7)
w = ds.window(3, shift=2)
print(w.element_spec)
show("windows", lambda: [list(x.as_numpy_iterator()) for x in w])
show("drop_remainder", lambda: [list(x.as_numpy_iterator()) for x in ds.window(3, shift=2, drop_remainder=True)])
show("stride", lambda: [list(x.as_numpy_iterator()) for x in ds.window(3, shift=1, stride=2, drop_remainder=True)])
show("flat_map batch", lambda: list(ds.window(4, shift=3, drop_remainder=True).flat_map(lambda x: x.batch(4)).as_numpy_iterator()))
pairs = tf.data.Dataset.from_tensor_slices(({"a": [1, 2, 3]}, [4, 5, 6]))
pw = pairs.window(2)
print(pw.element_spec)
show("zip windows", lambda: list(pw.flat_map(lambda d, y: tf.data.Dataset.zip((d["a"].batch(2), y.batch(2)))).as_numpy_iterator()))
show("bad size", lambda: list(ds.window(0)))
show("bad shift", lambda: list(ds.window(2, shift=0)))
show("timeseries", lambda: [b.numpy().tolist() for b in keras.utils.timeseries_dataset_from_array(np.arange(10), None, sequence_length=4, sequence_stride=3, batch_size=2)])
"""

SNIPPETS["data_group_by_window"] = _TRY + """
ds = tf.data.Dataset.range(10)
g = ds.group_by_window(key_func=lambda x: x % 3, reduce_func=lambda k, w: w.batch(2), window_size=2)
show("groups", lambda: [b.tolist() for b in g.as_numpy_iterator()])
g2 = ds.group_by_window(key_func=lambda x: x % 2, reduce_func=lambda k, w: w.batch(10).map(lambda b: (k, tf.reduce_sum(b))), window_size_func=lambda k: 3 + k)
show("window_size_func", lambda: list(g2.as_numpy_iterator()))
show("both sizes", lambda: ds.group_by_window(lambda x: x % 2, lambda k, w: w.batch(2), window_size=2, window_size_func=lambda k: 2))
show("no size", lambda: ds.group_by_window(lambda x: x % 2, lambda k, w: w.batch(2)))
show("key int32", lambda: list(ds.group_by_window(lambda x: tf.cast(x % 2, tf.int32), lambda k, w: w.batch(2), window_size=2)))
show("key python int", lambda: [b.tolist() for b in ds.group_by_window(lambda x: 1, lambda k, w: w.batch(4), window_size=4).as_numpy_iterator()])
show("key pair", lambda: ds.group_by_window(lambda x: (x, x), lambda k, w: w.batch(2), window_size=2))
show("key string", lambda: ds.group_by_window(lambda x: tf.strings.as_string(x), lambda k, w: w.batch(2), window_size=2))
grp = tf.data.experimental.group_by_reducer(lambda x: x % 2, tf.data.experimental.Reducer(lambda k: np.int64(0), lambda s, x: s + x, lambda s: s))
show("group_by_reducer", lambda: sorted(ds.apply(grp).as_numpy_iterator()))
"""

SNIPPETS["data_bucket_by_length"] = _TRY + """
seqs = [[1], [1, 2, 3], [4, 5], [6, 7, 8, 9, 10], [1, 1], [2], [3, 3, 3, 3]]
ds = tf.data.Dataset.from_generator(lambda: iter(seqs), output_signature=tf.TensorSpec([None], tf.int32))
b = ds.bucket_by_sequence_length(lambda x: tf.shape(x)[0], bucket_boundaries=[2, 4], bucket_batch_sizes=[2, 2, 2])
print(b.element_spec)
show("buckets", lambda: [x.tolist() for x in b.as_numpy_iterator()])
b2 = ds.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3], [2, 3], pad_to_bucket_boundary=True, padding_values=-1, drop_remainder=True)
show("pad to boundary", lambda: [x.tolist() for x in b2.as_numpy_iterator()])
show("bad sizes", lambda: ds.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [2, 4], [2, 2]))
b3 = ds.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3], [3, 3], no_padding=True)
show("no_padding", lambda: [x.numpy().tolist() if hasattr(x, "numpy") else x.to_list() for x in b3])
"""

SNIPPETS["data_padded_batch"] = _TRY + """
ds = tf.data.Dataset.range(1, 5).map(lambda n: tf.fill([n], n))
show("default", lambda: [x.tolist() for x in ds.padded_batch(2).as_numpy_iterator()])
show("fixed shape", lambda: [x.tolist() for x in ds.padded_batch(3, padded_shapes=[5], padding_values=tf.constant(-1, tf.int64)).as_numpy_iterator()])
show("too small", lambda: list(ds.padded_batch(2, padded_shapes=[2]).as_numpy_iterator()))
show("drop_remainder", lambda: ds.padded_batch(3, drop_remainder=True).element_spec)
tup = tf.data.Dataset.range(3).map(lambda n: (tf.fill([n, 2], n), tf.strings.as_string(n), {"z": tf.range(n)}))
pb = tup.padded_batch(2, padding_values=(tf.constant(9, tf.int64), tf.constant("?"), {"z": tf.constant(7, tf.int64)}))
print(pb.element_spec)
show("nested", lambda: [(a.tolist(), s.tolist(), d["z"].tolist()) for a, s, d in pb.as_numpy_iterator()])
show("scalar", lambda: list(tf.data.Dataset.range(3).padded_batch(2).as_numpy_iterator()))
show("rank mismatch", lambda: ds.padded_batch(2, padded_shapes=[2, 2]))
show("wrong padding type", lambda: ds.padded_batch(2, padding_values="x"))
show("unknown dims", lambda: tf.data.Dataset.range(2).map(lambda n: tf.zeros([n, 3])).padded_batch(2, padded_shapes=[None, 4]).element_spec)
"""

SNIPPETS["data_save_load_snapshot"] = _TRY + """
import tempfile, os
d = tempfile.mkdtemp()
ds = tf.data.Dataset.from_tensor_slices({"x": [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], "y": ["a", "b", "c"]})
ds.save(os.path.join(d, "s"))
back = tf.data.Dataset.load(os.path.join(d, "s"))
print(sorted(back.element_spec.items()))  # (TF's key order varies by run)
show("loaded", lambda: [(e["x"].tolist(), e["y"]) for e in back.as_numpy_iterator()])
show("cardinality", lambda: back.cardinality())
tf.data.Dataset.range(6).save(os.path.join(d, "sh"), shard_func=lambda x: x % 2)
show("sharded", lambda: sorted(tf.data.Dataset.load(os.path.join(d, "sh")).as_numpy_iterator()))
show("load with spec", lambda: list(tf.data.Dataset.load(os.path.join(d, "sh"), element_spec=tf.TensorSpec([], tf.int64)).take(2).as_numpy_iterator()))
show("load missing", lambda: list(tf.data.Dataset.load(os.path.join(d, "nope"))))
snap = tf.data.Dataset.range(4).map(lambda x: x * 10).snapshot(os.path.join(d, "snap"))
show("snapshot 1", lambda: list(snap.as_numpy_iterator()))
show("snapshot 2", lambda: list(snap.as_numpy_iterator()))
show("cache", lambda: list(tf.data.Dataset.range(3).cache(os.path.join(d, "c")).as_numpy_iterator()))
"""

SNIPPETS["data_reprs_cardinality"] = _TRY + """
ds = tf.data.Dataset.from_tensor_slices(([1, 2, 3], [[1.0], [2.0], [3.0]]))
print(repr(ds))
print(repr(ds.batch(2)))
print(repr(ds.map(lambda a, b: a)))
print(repr(tf.data.Dataset.range(3).repeat()))
print(repr(ds.shuffle(3)))
show("infinite", lambda: tf.data.Dataset.range(3).repeat().cardinality())
show("unknown", lambda: tf.data.Dataset.range(3).filter(lambda x: x > 0).cardinality())
show("batch card", lambda: tf.data.Dataset.range(10).batch(3).cardinality())
show("batch drop card", lambda: tf.data.Dataset.range(10).batch(3, drop_remainder=True).cardinality())
show("constants", lambda: (tf.data.INFINITE_CARDINALITY, tf.data.UNKNOWN_CARDINALITY))
show("assert_cardinality", lambda: list(tf.data.Dataset.range(3).filter(lambda x: True).apply(tf.data.experimental.assert_cardinality(4))))
show("len", lambda: len(tf.data.Dataset.range(3).repeat()))
show("len unknown", lambda: len(tf.data.Dataset.range(3).filter(lambda x: True)))
show("take_while", lambda: list(tf.data.Dataset.range(9).take_while(lambda x: x < 4).as_numpy_iterator()))
show("enumerate", lambda: list(tf.data.Dataset.from_tensor_slices(["a", "b"]).enumerate(start=5).as_numpy_iterator()))
show("unique", lambda: list(tf.data.Dataset.from_tensor_slices([3, 1, 3, 2, 1]).unique().as_numpy_iterator()))
show("scan", lambda: list(tf.data.Dataset.range(5).scan(np.int64(0), lambda s, x: (s + x, s * 10)).as_numpy_iterator()))
show("get_single_element", lambda: tf.data.Dataset.range(1).get_single_element())
show("single bad", lambda: tf.data.Dataset.range(2).get_single_element())
"""

SNIPPETS["data_seeded_order"] = _TRY + """
show("shuffle seed", lambda: list(tf.data.Dataset.range(10).shuffle(10, seed=42).as_numpy_iterator()))
show("shuffle small buffer", lambda: list(tf.data.Dataset.range(10).shuffle(3, seed=7).as_numpy_iterator()))
a = tf.data.Dataset.from_tensors(0).repeat(6)
b = tf.data.Dataset.from_tensors(1).repeat(6)
show("sample_from", lambda: list(tf.data.Dataset.sample_from_datasets([a, b], weights=[0.3, 0.7], seed=3).as_numpy_iterator()))
show("choose_from", lambda: list(tf.data.Dataset.choose_from_datasets([a, b], tf.data.Dataset.from_tensor_slices(tf.constant([0, 1, 1, 0], tf.int64))).as_numpy_iterator()))
show("choose_from bad", lambda: tf.data.Dataset.choose_from_datasets([a, b], tf.data.Dataset.range(2).map(lambda x: tf.cast(x, tf.int32))))
show("random dataset", lambda: list(tf.data.Dataset.random(seed=5).take(3).as_numpy_iterator()))
show("interleave", lambda: list(tf.data.Dataset.range(1, 4).interleave(lambda x: tf.data.Dataset.from_tensors(x).repeat(x), cycle_length=2, block_length=2).as_numpy_iterator()))
show("rejection", lambda: tf.data.Dataset.range(10).rejection_resample(lambda x: tf.cast(x % 2, tf.int32), target_dist=[0.5, 0.5], seed=1).element_spec)
show("map random", lambda: list(tf.data.Dataset.range(3).map(lambda x: tf.random.stateless_uniform([], seed=[x, 1], maxval=100, dtype=tf.int64)).as_numpy_iterator()))
"""

SNIPPETS["data_from_generator_errors"] = _TRY + """
def gen():
    yield [1, 2]
    yield [3]
ds = tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec([None], tf.int32))
show("ok", lambda: [x.tolist() for x in ds.as_numpy_iterator()])
bad = tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec([2], tf.int32))
show("shape mismatch", lambda: [x.tolist() for x in bad.as_numpy_iterator()])
show("ragged out", lambda: next(iter(tf.data.Dataset.from_generator(lambda: iter([tf.ragged.constant([[1], [2, 3]])]), output_signature=tf.RaggedTensorSpec([2, None], tf.int32)))))
show("old args", lambda: list(tf.data.Dataset.from_generator(lambda: iter([1, 2]), output_types=tf.int64, output_shapes=[]).as_numpy_iterator()))
show("no signature", lambda: tf.data.Dataset.from_generator(gen))
show("from_tensor_slices bad", lambda: tf.data.Dataset.from_tensor_slices(([1, 2], [1, 2, 3])))
show("zip mismatch", lambda: list(tf.data.Dataset.zip(tf.data.Dataset.range(2), tf.data.Dataset.range(3)).as_numpy_iterator()))
show("concat bad", lambda: tf.data.Dataset.range(2).concatenate(tf.data.Dataset.from_tensors("a")))
show("batch bad", lambda: tf.data.Dataset.range(2).batch(0))
"""
