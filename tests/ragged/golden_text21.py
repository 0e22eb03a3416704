"""text21's probes: ragged ops less used (boolean_mask with ragged and dense masks,
stack_dynamic_partitions, cross and cross_hashed over mixed inputs, merge_dims by any axes,
with_row_splits_dtype, from_nested_row_lengths, to_sparse and from_sparse, gather and
gather_nd with batch_dims, reductions with keepdims, concat and stack of mixed ragged ranks,
map_fn with ragged fn_output_signature, ragged data in tf.data); tf.strings (transcode error
modes, decode with offsets, format, as_string attrs, to_number and hash buckets' edges,
regex_replace with groups, ngrams with padding); lookups (StaticVocabularyTable from text
files by columns, DenseHashTable, MutableHashTable of vectors, StringLookup with several OOV
indices); Keras TextVectorization (callable split, ngrams, tf_idf, pad_to_max_tokens,
vocabulary files, get_vocabulary, config round trips).
Each section runs in its own environment (its prelude), its expressions in order.
record_text21.py records what TF 2.21 answers in text21_golden.json; test_text21_vs_tf.py
compares."""

from tests.ragged.golden_text13 import _COMMON

PRELUDES = {}
SECTIONS = {}


def _unique(exprs: list) -> list:
    return list(dict.fromkeys(exprs))


# ---------------------------------------------------------------------------------------
PRELUDES["rops21"] = _COMMON + r"""
A = R([[1, 2, 3], [], [4, 5]])
A2 = R([[[1, 2], [3]], [], [[4, 5, 6]]])
F = R([[1.0, 2.0], [3.0], []])
U = RT.from_tensor([[1, 2], [3, 4], [5, 6]])
U3 = RT.from_tensor(tf.reshape(tf.range(12), [2, 3, 2]), ragged_rank=1)
BM = tf.ragged.boolean_mask
SDP = tf.ragged.stack_dynamic_partitions
"""
SECTIONS["rops21"] = _unique([
    # boolean_mask
    "e(lambda: BM(A, R([[True, False, True], [], [False, True]])))",
    "e(lambda: BM(A, [True, False, True]))",
    "e(lambda: BM(A, R([[True, False], [], [False, True]])))",
    "e(lambda: BM(tf.constant([[1, 2], [3, 4]]), tf.constant([[True, False], [False, True]])))",
    "e(lambda: BM(tf.constant([[1, 2], [3, 4]]), tf.constant([False, True])))",
    "e(lambda: BM(A2, R([[True, False], [], [True]])))",
    "e(lambda: BM(A2, [False, True, True]))",
    "e(lambda: BM(A, tf.constant(True)))",
    "e(lambda: BM(A, [1, 0, 1]))",
    "e(lambda: BM(A, [True, False]))",
    "e(lambda: BM(U3, tf.constant([[True, False, True], [False, False, True]])))",
    "e(lambda: BM(A2, R([[[True, False], [True]], [], [[False, True, True]]])))",
    # stack_dynamic_partitions
    "e(lambda: SDP([1, 2, 3, 4, 5], [0, 2, 0, 1, 2], 3))",
    "e(lambda: SDP([1, 2, 3, 4, 5], [0, 2, 0, 1, 2], 5))",
    "e(lambda: SDP(A, [1, 0, 1], 2))",
    "e(lambda: SDP(A, [1, 0, 5], 2))",
    "e(lambda: SDP(A, [1, 0, -1], 2))",
    "e(lambda: SDP(A, R([[1, 0, 1], [], [0, 0]]), 2))",
    "e(lambda: SDP(A, [1, 0], 2))",
    "e(lambda: SDP(['a', 'b'], [0, 0], 1))",
    "e(lambda: SDP(tf.constant([[1, 2], [3, 4]]), [1, 0], 2))",
    "e(lambda: SDP([1, 2], [0, 1], 0))",
    "e(lambda: SDP([1, 2], [[0, 1]], 2))",
    # cross and cross_hashed
    "e(lambda: tf.ragged.cross([R([['a', 'b'], ['c']]), tf.constant([['x'], ['y']])]))",
    "e(lambda: tf.ragged.cross([R([[1, 2], []], dtype=tf.int64), R([['x'], ['y', 'z']])]))",
    "e(lambda: tf.ragged.cross([R([['a'], ['b']]), ST([[0, 0], [1, 0], [1, 1]], ['p', 'q', 'r'], "
    "[2, 2])]))",
    "e(lambda: tf.ragged.cross([R([['a'], ['b']])]))",
    "e(lambda: tf.ragged.cross([]))",
    "e(lambda: tf.ragged.cross([R([['a'], ['b']]), R([['c']])]))",
    "e(lambda: tf.ragged.cross([R([[1.5]]), R([['c']])]))",
    "e(lambda: tf.ragged.cross([R([['a'], ['b']]), tf.constant(['x', 'y'])]))",
    "e(lambda: tf.ragged.cross_hashed([R([['a', 'b'], ['c']]), tf.constant([['x'], ['y']])], "
    "num_buckets=7))",
    "e(lambda: tf.ragged.cross_hashed([R([['a', 'b'], ['c']]), tf.constant([['x'], ['y']])]))",
    "e(lambda: tf.ragged.cross_hashed([R([['a', 'b'], ['c']])], num_buckets=3, hash_key=7))",
    "e(lambda: tf.ragged.cross_hashed([R([[1, 2], [3]], dtype=tf.int64), R([['a'], ['b']])], "
    "num_buckets=100))",
    # merge_dims
    "e(lambda: A2.merge_dims(0, 2))",
    "e(lambda: A2.merge_dims(-2, -1))",
    "e(lambda: A2.merge_dims(0, 1))",
    "e(lambda: A2.merge_dims(1, 2))",
    "e(lambda: A2.merge_dims(1, 0))",
    "e(lambda: A2.merge_dims(0, 5))",
    "e(lambda: A2.merge_dims(-5, 1))",
    "e(lambda: A.merge_dims(0, 0))",
    "e(lambda: A.merge_dims(1, 1))",
    "e(lambda: U.merge_dims(0, 1))",
    "e(lambda: U3.merge_dims(1, 2))",
    "e(lambda: U3.merge_dims(0, -1))",
    "e(lambda: U3.merge_dims(0, 1))",
    "e(lambda: A2.merge_dims(outer_axis=1, inner_axis=-1))",
    # with_row_splits_dtype
    "e(lambda: A.with_row_splits_dtype(tf.int32))",
    "e(lambda: A2.with_row_splits_dtype('int32'))",
    "e(lambda: A.with_row_splits_dtype(tf.float32))",
    "e(lambda: A.with_row_splits_dtype(tf.int32).with_row_splits_dtype(tf.int64))",
    "e(lambda: A.with_row_splits_dtype(tf.int32).row_splits)",
    "e(lambda: A2.with_row_splits_dtype(tf.int32).nested_row_splits)",
    # from_nested_row_lengths
    "e(lambda: RT.from_nested_row_lengths([1, 2, 3], ([2, 1], [1, 0, 2])))",
    "e(lambda: RT.from_nested_row_lengths([1, 2, 3], ([2, 1], [1, 0, 1])))",
    "e(lambda: RT.from_nested_row_lengths([1, 2, 3], ([2, 1], [1, 0, 1]), validate=False))",
    "e(lambda: RT.from_nested_row_lengths([1, 2, 3], []))",
    "e(lambda: RT.from_nested_row_lengths([1, 2, 3], [tf.constant([3], tf.int32)]))",
    "e(lambda: RT.from_nested_row_lengths([1, 2, 3], [tf.constant([3], tf.int32), tf.constant([1, "
    "1, 1], tf.int64)]))",
    "e(lambda: RT.from_nested_row_lengths([1, 2, 3], ([2, 1], [1.0, 0.0, 2.0])))",
    "e(lambda: RT.from_nested_row_lengths([[1, 2], [3, 4]], ([1, 1],)))",
    # to_sparse / from_sparse
    "e(lambda: A.to_sparse())",
    "e(lambda: A2.to_sparse())",
    "e(lambda: U3.to_sparse())",
    "e(lambda: R([['a'], [], ['b', 'c']]).to_sparse())",
    "e(lambda: RT.from_sparse(ST([[0, 0], [0, 1], [2, 0]], [1, 2, 3], [3, 2])))",
    "e(lambda: RT.from_sparse(ST([[0, 0], [0, 1], [2, 0]], [1, 2, 3], [3, 2]), "
    "row_splits_dtype=tf.int32))",
    "e(lambda: RT.from_sparse(ST([[0, 0, 0]], [1], [1, 1, 1])))",
    "e(lambda: RT.from_sparse(ST([[0, 1]], [1], [1, 2])))",
    "e(lambda: RT.from_sparse(ST([[1, 0], [0, 0]], [1, 2], [2, 2])))",
    "e(lambda: RT.from_sparse(ST(tf.zeros([0, 2], tf.int64), tf.zeros([0]), [3, 4])))",
    "e(lambda: RT.from_sparse(tf.constant([[1, 2]])))",
    "e(lambda: RT.from_sparse(tf.sparse.from_dense([[0, 1], [2, 0]])))",
    # gather / gather_nd with batch_dims
    "e(lambda: tf.gather(A, R([[0, 2], [], [1]]), batch_dims=1))",
    "e(lambda: tf.gather(A, [[0], [0], [1]], batch_dims=1))",
    "e(lambda: tf.gather(A, R([[0, 2], [], [1, 1, 0]]), batch_dims=1))",
    "e(lambda: tf.gather(A2, R([[1], [], [0, 0]]), batch_dims=1))",
    "e(lambda: tf.gather(A, [[0], [1]], batch_dims=1))",
    "e(lambda: tf.gather(A, R([[0], [], [1]]), batch_dims=2))",
    "e(lambda: tf.gather(A, R([[0], [], [1]]), batch_dims=-1))",
    "e(lambda: tf.gather(A, R([[0], [], [1]]), axis=1, batch_dims=1))",
    "e(lambda: tf.gather(U3, [[2], [0]], batch_dims=1))",
    "e(lambda: tf.gather(A, [2, 0]))",
    "e(lambda: tf.gather(A, [[2, 0], [1, 1]]))",
    "e(lambda: tf.gather(A, [2, 0], axis=1))",
    "e(lambda: tf.gather_nd(A2, R([[[0]], [], [[0]]]), batch_dims=1))",
    "e(lambda: tf.gather_nd(A2, [[0], [1], [0]], batch_dims=1))",
    "e(lambda: tf.gather_nd(A2, [[0, 1], [0, 0], [0, 2]], batch_dims=1))",
    "e(lambda: tf.gather_nd(A2, [[0, 1], [2, 0]]))",
    "e(lambda: tf.gather_nd(A2, [[0, 1, 0], [2, 0, 2]]))",
    "e(lambda: tf.gather_nd(A, R([[[0]], [[1], [0]]])))",
    "e(lambda: tf.gather_nd(A, [[0, 1], [2, 1]], batch_dims=2))",
    # reductions with keepdims
    "e(lambda: tf.reduce_sum(A2, axis=1, keepdims=True))",
    "e(lambda: tf.reduce_sum(A2, axis=2, keepdims=True))",
    "e(lambda: tf.reduce_sum(A2, axis=[1, 2], keepdims=True))",
    "e(lambda: tf.reduce_sum(A2, axis=(0, 1), keepdims=True))",
    "e(lambda: tf.reduce_sum(A2, axis=None, keepdims=True))",
    "e(lambda: tf.reduce_mean(F, axis=-1, keepdims=True))",
    "e(lambda: tf.reduce_max(F, axis=1, keepdims=True))",
    "e(lambda: tf.reduce_min(A, axis=0, keepdims=True))",
    "e(lambda: tf.reduce_prod(A, axis=None, keepdims=True))",
    "e(lambda: tf.reduce_any(R([[True], [], [False, False]]), axis=1, keepdims=True))",
    "e(lambda: tf.reduce_all(R([[True], [], [False, False]]), axis=0, keepdims=True))",
    "e(lambda: tf.math.reduce_variance(F, axis=1, keepdims=True))",
    "e(lambda: tf.math.reduce_std(F, axis=0, keepdims=True))",
    "e(lambda: tf.reduce_sum(U3, axis=2, keepdims=True))",
    "e(lambda: tf.reduce_sum(A, axis=3, keepdims=True))",
    "e(lambda: tf.math.reduce_euclidean_norm(F, axis=1, keepdims=True))",
    "e(lambda: tf.math.reduce_logsumexp(F, axis=1, keepdims=True))",
    # concat / stack of mixed ragged ranks
    "e(lambda: tf.concat([A, tf.constant([[7, 8]])], 0))",
    "e(lambda: tf.concat([A, A2], 0))",
    "e(lambda: tf.concat([A, A], 1))",
    "e(lambda: tf.concat([A, tf.constant([[7], [8], [9]])], 1))",
    "e(lambda: tf.concat([A, A], 2))",
    "e(lambda: tf.concat([A2, U3], 0))",
    "e(lambda: tf.concat([A2, U3], 2))",
    "e(lambda: tf.concat([U3, U3], 1))",
    "e(lambda: tf.concat([A], 0))",
    "e(lambda: tf.concat([A, F], 0))",
    "e(lambda: tf.concat([A, A.with_row_splits_dtype(tf.int32)], 0))",
    "e(lambda: tf.stack([A, tf.constant([[1, 2, 3], [4, 5, 6], [7, 8, 9]])], axis=1))",
    "e(lambda: tf.stack([A, A], axis=2))",
    "e(lambda: tf.stack([A2, A2], axis=-1))",
    "e(lambda: tf.stack([A2, A2], axis=1))",
    "e(lambda: tf.stack([A, A2], axis=0))",
    "e(lambda: tf.stack([A, A], axis=3))",
    "e(lambda: tf.stack([A2, U3], axis=0))",
    "e(lambda: tf.stack([A], axis=0))",
    "e(lambda: tf.stack([A, tf.constant([[1], [2]])], axis=0))",
    # map_fn with ragged signatures
    "e(lambda: tf.map_fn(lambda x: tf.range(x), tf.constant([1, 3, 0]), "
    "fn_output_signature=RS([None], tf.int32)))",
    "e(lambda: tf.map_fn(lambda x: tf.range(x), tf.constant([1, 3, 0]), "
    "fn_output_signature=RS([None], tf.int32, row_splits_dtype=tf.int32)))",
    "e(lambda: tf.map_fn(lambda x: x * 2, A))",
    "e(lambda: tf.map_fn(lambda x: x * 2, A, fn_output_signature=RS([None], tf.int32)))",
    "e(lambda: tf.map_fn(lambda x: tf.reduce_sum(x), A, fn_output_signature=tf.int32))",
    "e(lambda: tf.map_fn(lambda x: tf.reduce_sum(x), A))",
    "e(lambda: tf.map_fn(lambda x: R([[1], [2, 3]]) * x, tf.constant([1, 2]), "
    "fn_output_signature=RS([None, None], tf.int32, ragged_rank=1)))",
    "e(lambda: tf.map_fn(lambda x: R([[1], [2, 3]]) * x, tf.constant([1, 2]), "
    "fn_output_signature=RS([2, None], tf.int32)))",
    "e(lambda: tf.map_fn(lambda x: tf.range(x), tf.constant([1, 3, 0]), "
    "fn_output_signature=RS([None], tf.int64)))",
    "e(lambda: tf.map_fn(lambda x: tf.range(x), tf.constant([1, 3, 0]), "
    "fn_output_signature=tf.int32))",
    "e(lambda: tf.map_fn(lambda x: (x, tf.range(x)), tf.constant([1, 2]), "
    "fn_output_signature=(tf.int32, RS([None], tf.int32))))",
    "e(lambda: tf.map_fn(lambda x: x[0], A2, fn_output_signature=RS([None], tf.int32)))",
    "e(lambda: tf.map_fn(lambda x: tf.size(x), A2, fn_output_signature=tf.int32))",
    "e(lambda: tf.map_fn(lambda x: x, A2, fn_output_signature=RS([None, None], tf.int32, "
    "ragged_rank=1)))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["rdata21"] = _COMMON + r"""
A = R([[1, 2, 3], [], [4, 5]])
A2 = R([[[1, 2], [3]], [], [[4, 5, 6]]])
DS = tf.data.Dataset
def lst(ds):
    return [v(x) for x in ds]
"""
SECTIONS["rdata21"] = _unique([
    "lst(DS.from_tensor_slices(A2))",
    "DS.from_tensor_slices(A2).element_spec",
    "DS.from_tensor_slices(A).element_spec",
    "lst(DS.from_tensor_slices(A).ragged_batch(2, drop_remainder=True))",
    "DS.from_tensor_slices(A).ragged_batch(2, drop_remainder=True).element_spec",
    "lst(DS.from_tensor_slices(A).ragged_batch(2, row_splits_dtype=tf.int32))",
    "DS.from_tensor_slices(A).ragged_batch(2, row_splits_dtype=tf.int32).element_spec",
    "lst(DS.from_tensor_slices(A2).ragged_batch(2))",
    "DS.from_tensor_slices(A2).ragged_batch(2).element_spec",
    "lst(DS.from_tensor_slices(A).batch(2).unbatch())",
    "DS.from_tensor_slices(A).batch(2).unbatch().element_spec",
    "lst(DS.from_tensors(A).unbatch())",
    "DS.from_tensors(A).unbatch().element_spec",
    "lst(DS.from_tensors(A2).unbatch().unbatch())",
    "DS.from_tensors(A2).unbatch().unbatch().element_spec",
    "e(lambda: lst(DS.from_tensor_slices(A).padded_batch(2)))",
    "lst(DS.from_tensor_slices(A).map(lambda x: x * 2))",
    "lst(DS.from_tensor_slices(A).map(lambda x: tf.reduce_sum(x)))",
    "lst(DS.range(4).map(lambda x: tf.range(x)).ragged_batch(3))",
    "DS.range(4).map(lambda x: tf.range(x)).ragged_batch(3).element_spec",
    "lst(DS.range(3).map(lambda x: tf.ones([x, 2])).ragged_batch(2))",
    "DS.range(3).map(lambda x: tf.ones([x, 2])).ragged_batch(2).element_spec",
    "lst(DS.from_tensor_slices({'a': A, 'b': tf.constant([1, 2, 3])}).batch(2))",
    "DS.from_tensor_slices({'a': A, 'b': tf.constant([1, 2, 3])}).batch(2).element_spec",
    "lst(DS.from_tensor_slices(A).batch(2).map(lambda x: x.to_tensor()))",
    "lst(DS.from_tensor_slices(A).filter(lambda x: tf.size(x) > 0))",
    "lst(DS.from_tensor_slices(A).ragged_batch(5).rebatch(1))" ,
    "e(lambda: lst(DS.from_tensor_slices(A).batch(2).map(lambda x: x.merge_dims(0, 1))))",
    "DS.from_tensor_slices(A).batch(2).map(lambda x: x.merge_dims(0, 1)).element_spec",
])

# ---------------------------------------------------------------------------------------
PRELUDES["str21"] = _COMMON + r"""
bad = tf.constant([b'a\xffb', b'\xe2\x82', b'ok\x01', b'\xc3\xa9\x80'])
def tr(x, a, b, **k):
    return e(lambda: S.unicode_transcode(x, a, b, **k))
def fm(*a, **k):
    return e(lambda: S.format(*a, **k))
def ast(x, **k):
    return e(lambda: S.as_string(x, **k))
def tn(x, t=tf.float32):
    return e(lambda: S.to_number(x, out_type=t))
def rr(x, p, r, **k):
    return e(lambda: S.regex_replace(x, p, r, **k))
def ng(x, w, **k):
    return e(lambda: S.ngrams(x, w, **k))
"""
SECTIONS["str21"] = _unique([
    # transcode error modes
    *[f"tr(bad, 'UTF-8', '{o}', errors='{m}'{rc})"
      for o in ("UTF-8", "UTF-16-LE", "UTF-32-BE")
      for m in ("replace", "ignore")
      for rc in ("", ", replacement_char=0x3f", ", replace_control_characters=True")],
    "tr(bad, 'UTF-8', 'UTF-8', errors='strict')",
    "tr(tf.constant([b'\\xff\\xfe']), 'UTF-16-BE', 'UTF-8', errors='replace')",
    "tr(tf.constant([b'\\x00a\\xd8\\x00']), 'UTF-16-BE', 'UTF-8', errors='replace')",
    "tr(tf.constant([b'\\x00a\\xd8\\x00']), 'UTF-16-BE', 'UTF-8', errors='ignore')",
    "tr(tf.constant([b'\\x00\\x00\\x00a\\x00\\x11\\x00\\x00']), 'UTF-32-BE', 'UTF-8', "
    "errors='replace')",
    "tr(tf.constant([b'abc']), 'UTF-16-BE', 'UTF-8', errors='replace')",
    "tr(tf.constant(['\u00e9']), 'UTF-8', 'ISO-8859-1')",
    "tr(tf.constant([b'\\xe9']), 'ISO-8859-1', 'UTF-8')",
    "tr(tf.constant(['x']), 'UTF-8', 'UTF-8', errors='bogus')",
    "tr(tf.constant(['x']), 'UTF-8', 'UTF-8', replacement_char=-5)",
    "tr(tf.constant(['x']), 'UTF-8', 'UTF-8', replacement_char=0x110000)",
    "tr(R([[b'a\\xff'], []]), 'UTF-8', 'UTF-16-BE')",
    # decode with offsets
    "e(lambda: S.unicode_decode_with_offsets(bad, 'UTF-8', errors='replace'))",
    "e(lambda: S.unicode_decode_with_offsets(bad, 'UTF-8', errors='ignore'))",
    "e(lambda: S.unicode_decode_with_offsets(tf.constant([['h\u00e9', 'x'], ['', '\U0001F600']]), "
    "'UTF-8'))",
    "e(lambda: S.unicode_decode_with_offsets(tf.constant('h\u00e9'), 'UTF-8'))",
    "e(lambda: S.unicode_decode_with_offsets(R([['h\u00e9'], []]), 'UTF-8'))",
    "e(lambda: S.unicode_decode_with_offsets(tf.constant([b'\\x00h\\x00i']), 'UTF-16-BE'))",
    "e(lambda: S.unicode_decode_with_offsets(tf.constant(['ab']), 'UTF-8', "
    "replace_control_characters=True))",
    # format
    "fm('{} and {}', (tf.constant([1, 2]), tf.constant('x')))",
    "fm('{}', tf.constant([1.5, 2.25]))",
    "fm('{}', tf.zeros([3, 3, 3], tf.int32), summarize=1)",
    "fm('{}', tf.range(10), summarize=2)",
    "fm('{}', tf.range(10), summarize=-1)",
    "fm('{}', tf.range(10), summarize=0)",
    "fm('x=%s', tf.constant(3), placeholder='%s')",
    "fm('{} {}', tf.constant(3))",
    "fm('{}', (tf.constant(3), tf.constant(4)))",
    "fm('no placeholders', ())",
    "fm('{}', tf.constant([True, False]))",
    "fm('{}', tf.constant(['a', 'b\"c']))",
    "fm('{}', R([[1], [2, 3]]))",
    "fm('{}', tf.constant(1e10))",
    "fm('{}', tf.constant([1e-5, 123456789.0]))",
    "fm('{}', tf.constant(0.1, tf.float64))",
    "fm('{}', tf.constant([[]], tf.int32))",
    "fm('{}', tf.constant(3, tf.uint8))",
    "fm('{}', tf.constant(1.5, tf.float16))",
    "fm('{}', 5)",
    "fm('{}', [1, 2])",
    "fm('{{}}', tf.constant(1))",
    # as_string
    "ast(tf.constant([3.14159, -2.0]), precision=2, scientific=True)",
    "ast(tf.constant([3.14159, 1e20]), shortest=True)",
    "ast(tf.constant([3.0]), precision=2, shortest=True)",
    "ast(tf.constant([3.0]), scientific=True, shortest=True)",
    "ast(tf.constant([7, -7]), width=5, fill='0')",
    "ast(tf.constant([7, -7]), width=5)",
    "ast(tf.constant([7.5]), width=8, fill='0', precision=1)",
    "ast(tf.constant([7]), fill='ab')",
    "ast(tf.constant([7]), fill='x')",
    "ast(tf.constant([7]), precision=2)",
    "ast(tf.constant([7]), scientific=True)",
    "ast(tf.constant([1 + 2j], tf.complex64))",
    "ast(tf.constant([1 + 2j], tf.complex64), precision=1)",
    "ast(tf.constant([True, False]))",
    "ast(tf.constant([True]), width=6)",
    "ast(tf.constant([-3], tf.int8), width=4, fill='0')",
    "ast(tf.constant(['a']))",
    "ast(tf.constant([1.5], tf.bfloat16))",
    "ast(tf.constant([1.5], tf.float16), precision=3)",
    "ast(tf.constant([float('nan'), float('inf'), -float('inf')]))",
    "ast(tf.constant([float('nan'), float('inf')]), width=6, fill='0')",
    "ast(tf.constant([255], tf.uint8), width=5)",
    "ast(tf.constant([2**40], tf.int64), scientific=False)",
    "ast(tf.constant([0.5]), precision=0)",
    "ast(tf.constant([0.5]), precision=-2)",
    "ast(R([[1.25], [2.5, 3.0]]), precision=1)",
    # to_number
    "tn(['9223372036854775807', '9223372036854775808', '-9223372036854775809'], tf.int64)",
    "tn(['2147483648'], tf.int32)",
    "tn([' 12', '12 ', '+5', '-0', '0x10', '1_000', '1e3', '1.0'], tf.int32)",
    "tn([' 12'], tf.int32)",
    "tn(['12 '], tf.int32)",
    "tn(['+5'], tf.int32)",
    "tn(['0x10'], tf.int32)",
    "tn(['1e3'], tf.int32)",
    "tn(['inf', '-inf', 'nan', 'NaN', 'Infinity', '1e40', '1e-50', '0x1p3', ' 1.5', '1.5 '])",
    "tn(['1e40'])",
    "tn(['1e400', '-1e400', '1e-400', 'infinity'], tf.float64)",
    "tn(['1e400'], tf.float64)",
    "tn(['1e-400'], tf.float64)",
    "tn([''])",
    "tn(['1.5'], tf.string)",
    "tn(['1.5'], tf.float16)",
    "tn(['1.5'], tf.bfloat16)",
    "tn(['3'], tf.uint8)",
    "tn(R([['1', '2'], []]), tf.int64)",
    "tn(tf.constant('7'), tf.float64)",
    # hash buckets
    "e(lambda: S.to_hash_bucket_fast(['a', 'b', ''], 1))",
    "e(lambda: S.to_hash_bucket_fast(['a'], 0))",
    "e(lambda: S.to_hash_bucket_fast(['a'], -1))",
    "e(lambda: S.to_hash_bucket_strong(['a', 'b', ''], 10, key=[1, 2]))",
    "e(lambda: S.to_hash_bucket_strong(['a'], 10, key=[1]))",
    "e(lambda: S.to_hash_bucket_strong(['a'], 10, key=[1, 2, 3]))",
    "e(lambda: S.to_hash_bucket_strong(['a'], 0, key=[1, 2]))",
    "e(lambda: S.to_hash_bucket_strong(['a'], 2**62, key=[2**63, 5]))",
    "e(lambda: S.to_hash_bucket(['a', 'b', ''], 10))",
    "e(lambda: S.to_hash_bucket(['a'], 0))",
    "e(lambda: S.to_hash_bucket('a', 0))",
    "e(lambda: S.to_hash_bucket(tf.constant(['a']), 0))",
    "e(lambda: S.to_hash_bucket(tf.constant(['a']), 0, name='nm'))",
    "e(lambda: S.to_hash_bucket(['a'], 0, name='nm'))",
    "e(lambda: S.to_hash_bucket(tf.constant([1]), 3))",
    "e(lambda: S.to_hash_bucket([1], 3))",
    "e(lambda: S.to_hash_bucket_fast(R([['a', 'b'], []]), 5))",
    "e(lambda: S.to_hash_bucket_fast([1, 2], 5))",
    "e(lambda: S.to_hash_bucket_fast(['x'], 2**62))",
    "e(lambda: tf.raw_ops.StringToHashBucketFast(input=['a'], num_buckets=2**40))",
    # regex_replace with groups
    "rr('abc-def', r'(\\w+)-(\\w+)', r'\\2-\\1')",
    "rr('abc-def', r'(\\w+)-(\\w+)', r'<\\0>')",
    "rr('abc-def', r'(\\w+)', r'[\\1]', replace_global=False)",
    "rr('abc', r'(b)', r'\\3')",
    "rr('abc', r'(b)', r'$1')",
    "rr('abc', r'(b)', r'\\\\')",
    "rr('abc', r'(b)', '\\\\')",
    "rr('abc', r'(?P<x>b)', r'\\1\\1')",
    "rr('aaa', r'a*', 'X')",
    "rr('abc', r'', '-')",
    "rr('abc', r'(', 'X')",
    "rr(R([['ab', 'cb'], []]), 'b', 'Z')",
    "rr(['ab', 'cd'], ['a', 'c'], 'X')",
    "rr('ab', 'a', ['X'])",
    "rr('h\u00e9llo', '.', '*')",
    "rr('AbC', '(?i)b', '-')",
    "rr('a.b', '\\\\.', '\\\\0\\\\0')",
    # ngrams with padding
    "ng(tf.constant(['a', 'b', 'c']), 3, pad_values=('<s>', '</s>'), padding_width=1)",
    "ng(tf.constant(['a']), 3, pad_values=('<s>', '</s>'), padding_width=1, "
    "preserve_short_sequences=True)",
    "ng(tf.constant(['a']), 3, preserve_short_sequences=True)",
    "ng(tf.constant(['a', 'b']), 3, preserve_short_sequences=True)",
    "ng(R([['a'], [], ['b', 'c', 'd']]), 3, preserve_short_sequences=True)",
    "ng(R([['a'], [], ['b', 'c', 'd']]), (2, 3), pad_values='#', padding_width=2)",
    "ng(R([['a'], [], ['b', 'c', 'd']]), 2, pad_values='#')",
    "ng(R([[['a', 'b'], ['c']], []]), 2, separator='+')",
    "ng(tf.constant([['a', 'b', 'c'], ['d', 'e', 'f']]), 2)",
    "ng(tf.constant([['a', 'b', 'c'], ['d', 'e', 'f']]), 2, pad_values=('x', 'y'))",
    "ng(tf.constant(['a', 'b']), 0)",
    "ng(tf.constant(['a', 'b']), 2, padding_width=2, pad_values='#')",
    "ng(tf.constant(['a', 'b']), 2, padding_width=0, pad_values='#')",
    "ng(tf.constant(['a', 'b']), 2, pad_values=('#',))",
    "ng(tf.constant(['a', 'b']), 2, pad_values=3)",
    "ng(tf.constant(['a', 'b']), 2, padding_width=1)",
    "ng(tf.constant('a'), 2)",
    "ng(tf.constant([1, 2, 3]), 2)",
    "ng(R([[1, 2, 3], [4]]), 2)",
    "ng(tf.constant(['a', 'b', 'c']), (1, 2, 3), separator='')",
    "ng(tf.constant(['a', 'b', 'c']), (), separator='')",
    "ng(tf.constant(['a', 'b', 'c']), 2, preserve_short_sequences=True, pad_values='p', "
    "padding_width=1)",
])

# ---------------------------------------------------------------------------------------
PRELUDES["tables21"] = _COMMON + r"""
def wfile(name, text):
    p = os.path.join(TMP, name)
    with open(p, 'w') as f:
        f.write(text)
    return p
CSV = wfile('kv.csv', 'a,10,x\nb,20,y\nc,30,z\n')
TSV = wfile('kv.tsv', 'apple\t1\nbanana\t2\n\ncherry\t3\n')
DUP = wfile('dup.txt', 'a\nb\na\n')
NUM = wfile('num.txt', '5 foo\n7 bar\n')
EMPTY = wfile('empty.txt', '')
TFI = L.TextFileInitializer
IDX = L.TextFileIndex
def svt(init, n=2, keys=('a', 'b', 'c', 'q'), **k):
    return e(lambda: L.StaticVocabularyTable(init, n, **k).lookup(tf.constant(list(keys))))
def sht(init, keys=('a', 'b', 'c', 'q'), d=-1):
    return e(lambda: L.StaticHashTable(init, d).lookup(tf.constant(list(keys))))
def dense(**k):
    args = dict(key_dtype=tf.int64, value_dtype=tf.float32, default_value=-1.0, empty_key=-1,
                deleted_key=-2)
    args.update(k)
    return L.experimental.DenseHashTable(**args)
def srt(x):
    # an export's rows sorted by key (bucket order depends on the hash)
    k, val = x
    k, val = k.numpy().tolist(), val.numpy().tolist()
    return sorted(zip(k, val), key=repr)
K = tf.keras.layers
T = dense()
T2 = dense(initial_num_buckets=4)
TS2 = L.experimental.DenseHashTable(tf.string, tf.int64, default_value=[-1, -1], empty_key='',
                                    deleted_key='$')
M = L.experimental.MutableHashTable(tf.string, tf.float32, default_value=[0.0, 0.0])
M2 = L.experimental.MutableHashTable(tf.int64, tf.int64, default_value=[0, 0, 0])
"""
SECTIONS["tables21"] = _unique([
    # StaticVocabularyTable / StaticHashTable from text files by columns
    "svt(TFI(CSV, tf.string, 0, tf.int64, IDX.LINE_NUMBER, delimiter=','))",
    "svt(TFI(CSV, tf.string, 0, tf.int64, 1, delimiter=','))",
    "sht(TFI(CSV, tf.string, 0, tf.int64, 1, delimiter=','))",
    "sht(TFI(CSV, tf.string, 0, tf.string, 2, delimiter=','), d='?')",
    "sht(TFI(CSV, tf.string, 2, tf.int64, 1, delimiter=','), keys=('x', 'y', 'a'))",
    "sht(TFI(CSV, tf.string, 0, tf.int64, 3, delimiter=','))",
    "sht(TFI(CSV, tf.string, 0, tf.int64, 2, delimiter=','))",
    "sht(TFI(CSV, tf.string, IDX.WHOLE_LINE, tf.int64, IDX.LINE_NUMBER), keys=('a,10,x', 'b'))",
    "sht(TFI(CSV, tf.string, 0, tf.int64, IDX.LINE_NUMBER, delimiter=',', vocab_size=2))",
    "sht(TFI(CSV, tf.string, 0, tf.int64, IDX.LINE_NUMBER, delimiter=',', vocab_size=5))",
    "sht(TFI(TSV, tf.string, 0, tf.int64, 1), keys=('apple', 'cherry', ''))",
    "sht(TFI(DUP, tf.string, IDX.WHOLE_LINE, tf.int64, IDX.LINE_NUMBER))",
    "sht(TFI(NUM, tf.int64, 0, tf.string, 1, delimiter=' '), keys=(5, 7, 9), d='?')",
    "sht(TFI(NUM, tf.int32, 0, tf.string, 1, delimiter=' '), keys=(5,), d='?')",
    "sht(TFI(NUM, tf.string, 1, tf.int64, 0, delimiter=' '), keys=('foo', 'bar', 'baz'))",
    "sht(TFI(NUM, tf.string, 1, tf.float32, 0, delimiter=' '), keys=('foo',), d=0.5)",
    "sht(TFI(CSV, tf.int64, 0, tf.int64, 1, delimiter=','), keys=(1,))",
    "sht(TFI(EMPTY, tf.string, IDX.WHOLE_LINE, tf.int64, IDX.LINE_NUMBER))",
    "svt(TFI(EMPTY, tf.string, IDX.WHOLE_LINE, tf.int64, IDX.LINE_NUMBER))",
    "svt(TFI(CSV, tf.string, 0, tf.int64, 1, delimiter=','), n=0)",
    "svt(TFI(CSV, tf.string, 0, tf.string, 2, delimiter=','))",
    "svt(TFI(CSV, tf.string, 0, tf.int32, 1, delimiter=','))",
    "svt(TFI(CSV, tf.string, 0, tf.int64, 1, delimiter=','), lookup_key_dtype=tf.string)",
    "e(lambda: dense(initial_num_buckets=2))",
    "e(lambda: TFI(CSV, tf.string, 0, tf.int64, -3))",
    "e(lambda: TFI(CSV, tf.string, IDX.LINE_NUMBER, tf.int64, 0))",
    "e(lambda: TFI(CSV, tf.string, 0, tf.string, IDX.LINE_NUMBER))",
    "sht(TFI(CSV, tf.int64, IDX.WHOLE_LINE, tf.int64, 0, delimiter=','), keys=(1,))",
    "e(lambda: TFI(CSV, tf.string, 0, tf.int64, 1, vocab_size=0))",
    "e(lambda: TFI('', tf.string, 0, tf.int64, 1))",
    "e(lambda: TFI(CSV, tf.string, 0, tf.int64, 1, delimiter=',').key_dtype)",
    "e(lambda: L.StaticVocabularyTable(TFI(CSV, tf.string, 0, tf.int64, 1, delimiter=','), "
    "2).size())",
    "e(lambda: L.StaticHashTable(TFI(TSV, tf.string, 0, tf.int64, 1), -1).size())",
    "e(lambda: L.StaticHashTable(TFI(TSV, tf.string, 0, tf.int64, 1), -1).export())",
    # DenseHashTable
    "e(lambda: T.insert(tf.constant([1, 5, 9], tf.int64), tf.constant([0.5, 1.5, 2.5])))",
    "e(lambda: T.lookup(tf.constant([5, 2, 9], tf.int64)))",
    "e(lambda: T.size())",
    "e(lambda: T.erase(tf.constant([5, 7], tf.int64)))",
    "e(lambda: T.size())",
    "e(lambda: T.lookup(tf.constant([[5, 1], [9, 9]], tf.int64)))",
    "e(lambda: T.insert(tf.constant([-1], tf.int64), tf.constant([3.0])))",
    "e(lambda: T.insert(tf.constant([-2], tf.int64), tf.constant([3.0])))",
    "e(lambda: T.lookup(tf.constant([-1], tf.int64)))",
    "e(lambda: T.lookup(tf.constant([-2], tf.int64)))",
    "e(lambda: T.erase(tf.constant([-1], tf.int64)))",
    "e(lambda: T.erase(tf.constant([-2], tf.int64)))",
    "e(lambda: T.insert(tf.constant([3], tf.int64), tf.constant([3.0, 4.0])))",
    "e(lambda: T.insert(tf.constant([3], tf.int32), tf.constant([3.0])))",
    "e(lambda: T.lookup(tf.constant([3], tf.int32)))",
    "e(lambda: srt(T.export()))",
    "e(lambda: [x.shape.as_list() for x in T.export()])",
    "e(lambda: dense(empty_key=0, deleted_key=0))",
    "e(lambda: dense(initial_num_buckets=4).export()[0].shape.as_list())",
    "e(lambda: dense(initial_num_buckets=5).export()[0].shape.as_list())",
    "e(lambda: T2.insert(tf.range(1, 11, dtype=tf.int64), tf.range(10, dtype=tf.float32)))",
    "e(lambda: (T2.size(), T2.export()[0].shape.as_list()))",
    "e(lambda: T2.lookup(tf.constant([1, 10, 11], tf.int64)))",
    "e(lambda: TS2.insert(['a', 'b'], [[1, 2], [3, 4]]))",
    "e(lambda: TS2.lookup(['b', 'z']))",
    "e(lambda: TS2.lookup([['b'], ['a']]))",
    "e(lambda: TS2.insert(['c'], [1, 2]))",
    "e(lambda: TS2.insert(['c'], [[1, 2, 3]]))",
    "e(lambda: srt(TS2.export()))",
    "e(lambda: TS2.erase(['a', 'q']))",
    "e(lambda: srt(TS2.export()))",
    "e(lambda: L.experimental.DenseHashTable(tf.int64, tf.float32, default_value=0.0, "
    "empty_key=-1, deleted_key=-1))",
    "e(lambda: L.experimental.DenseHashTable(tf.float32, tf.float32, default_value=0.0, "
    "empty_key=-1.0, deleted_key=-2.0))",
    "e(lambda: L.experimental.DenseHashTable(tf.int64, tf.string, default_value='', empty_key=-1, "
    "deleted_key=-2).lookup(tf.constant([1], tf.int64)))",
    "e(lambda: L.experimental.DenseHashTable(tf.int32, tf.int32, default_value=0, empty_key=-1, "
    "deleted_key=-2).lookup(tf.constant([1])))",
    # MutableHashTable with vector values
    "e(lambda: M.insert(['a', 'b'], [[1.0, 2.0], [3.0, 4.0]]))",
    "e(lambda: M.lookup(['a', 'z']))",
    "e(lambda: M.lookup([['a', 'b'], ['z', 'a']]))",
    "e(lambda: M.lookup(tf.constant('a')))",
    "e(lambda: M.insert(['c'], [1.0, 2.0]))",
    "e(lambda: M.insert(['c'], [[1.0, 2.0, 3.0]]))",
    "e(lambda: M.insert(['c', 'd'], [[1.0, 2.0]]))",
    "e(lambda: srt(M.export()))",
    "e(lambda: [x.shape.as_list() for x in M.export()])",
    "e(lambda: M.remove(['a', 'nope']))",
    "e(lambda: M.size())",
    "e(lambda: M.lookup(['a'], dynamic_default_values=[[9.0, 9.0]]))",
    "e(lambda: M.lookup(['a', 'b'], dynamic_default_values=[[9.0, 9.0], [8.0, 8.0]]))",
    "e(lambda: M2.insert(tf.constant([1], tf.int64), tf.constant([[1, 2, 3]], tf.int64)))",
    "e(lambda: M2.lookup(tf.constant([1, 2], tf.int64)))",
    "e(lambda: M2.export()[1].shape.as_list())",
    "e(lambda: L.experimental.MutableHashTable(tf.int64, tf.int64, default_value=[[0, 0], [0, "
    "0]]))",
    "e(lambda: L.experimental.MutableHashTable(tf.string, tf.float32, "
    "default_value=[[]]).lookup(['a']))",
    # StringLookup with several OOV indices (hashed into OOV buckets)
    "e(lambda: K.StringLookup(vocabulary=['a', 'b'], num_oov_indices=2)(tf.constant(['a', 'x', "
    "'y', 'zz', 'b', 'q', ''])))",
    "e(lambda: K.StringLookup(vocabulary=['a', 'b'], num_oov_indices=3, "
    "mask_token='')(tf.constant(['a', 'x', 'y', 'zz', '', 'q'])))",
    "e(lambda: K.StringLookup(vocabulary=['a', 'b'], num_oov_indices=2).get_vocabulary())",
    "e(lambda: K.StringLookup(vocabulary=['a', 'b'], num_oov_indices=2, "
    "mask_token='').get_vocabulary())",
    "e(lambda: K.StringLookup(vocabulary=['a', 'b'], "
    "num_oov_indices=2).get_vocabulary(include_special_tokens=False))",
    "e(lambda: K.StringLookup(vocabulary=['a', 'b'], num_oov_indices=2).vocabulary_size())",
    "e(lambda: K.StringLookup(vocabulary=['a', 'b'], num_oov_indices=2, "
    "invert=True)(tf.constant([0, 1, 2, 3, 4], tf.int64)))",
    "e(lambda: K.StringLookup(vocabulary=['a', 'b'], num_oov_indices=2, "
    "output_mode='multi_hot')(tf.constant([['a', 'x', 'y']])))",
    "e(lambda: K.StringLookup(vocabulary=['a', 'b'], num_oov_indices=2, "
    "output_mode='count')(tf.constant([['x', 'x', 'y', 'b']])))",
    "e(lambda: K.IntegerLookup(vocabulary=[10, 20], num_oov_indices=3)(tf.constant([10, 1, 2, 3, "
    "4, 5, 20], tf.int64)))",
    "e(lambda: K.IntegerLookup(vocabulary=[10, 20], num_oov_indices=2, "
    "mask_token=0)(tf.constant([0, 1, 2, 10], tf.int64)))",
    "e(lambda: K.StringLookup(vocabulary=['a'], num_oov_indices=-1))",
    "e(lambda: K.StringLookup(vocabulary=['a'], num_oov_indices=0)(tf.constant(['x'])))",
    "e(lambda: K.StringLookup(vocabulary=['a'], num_oov_indices=2, "
    "oov_token='?').get_vocabulary())",
])

# ---------------------------------------------------------------------------------------
PRELUDES["tv21"] = _COMMON + r"""
K = tf.keras.layers
TV = K.TextVectorization
DOCS = tf.constant(['The cat sat', 'a Dog, a cat!', 'dog-cat dog'])
VF = os.path.join(TMP, 'vocab.txt')
with open(VF, 'w') as f:
    f.write('cat\ndog\nthe\n')
def lay(x, **k):
    return e(lambda: TV(**k)(x))
def ad(data=DOCS, x=DOCS, **k):
    def go():
        t = TV(**k)
        t.adapt(data)
        return (t.get_vocabulary(), t(x))
    return e(go)
def cfg(layer):
    c = layer.get_config()
    return {k: c[k] for k in sorted(c) if k not in ('name', 'dtype')}
def kdesc(t):
    return (t.shape, t.dtype, t.sparse, t.ragged)
def dash(x):
    return S.split(x, '-')
def upper(x):
    return S.upper(x)
def rt(**k):
    # a config round trip: the rebuilt layer's config and output
    def go():
        t = TV(**k)
        t2 = TV.from_config(t.get_config())
        return (cfg(t2) == cfg(t), t2.get_vocabulary(), t2(DOCS))
    return e(go)
"""
SECTIONS["tv21"] = _unique([
    "lay(DOCS, split=dash, vocabulary=['cat', 'dog', 'the'])",
    "lay(DOCS, split=dash, standardize=None, vocabulary=['cat', 'dog', 'the'])",
    "lay(DOCS, split=dash, standardize=upper, vocabulary=['CAT', 'DOG'])",
    "lay(DOCS, split=lambda x: S.split(x), vocabulary=['cat', 'dog'], ragged=True)",
    "lay(DOCS, split=lambda x: S.split(x), vocabulary=['cat', 'dog'], output_sequence_length=5)",
    "lay(DOCS, split=lambda x: x, vocabulary=['cat'])",
    "lay(DOCS, split='whitespace', ngrams=(1, 2), vocabulary=['cat', 'dog', 'cat sat', 'a dog'])",
    "lay(DOCS, ngrams=3, vocabulary=['the cat sat'], output_mode='count')",
    "lay(DOCS, ngrams=(2,), vocabulary=['the cat', 'a cat'])",
    "lay(DOCS, ngrams=0, vocabulary=['cat'])",
    "lay(DOCS, ngrams=(1, 0), vocabulary=['cat'])",
    "lay(DOCS, ngrams=2, split=None, vocabulary=['cat'])",
    "lay(DOCS, vocabulary=VF)",
    "lay(DOCS, vocabulary=VF, output_mode='multi_hot')",
    "lay(DOCS, vocabulary=os.path.join(TMP, 'nope.txt'))",
    "lay(DOCS, vocabulary=VF, output_mode='tf_idf')",
    "lay(DOCS, vocabulary=VF, output_mode='tf_idf', idf_weights=[1.0, 2.0, 3.0])",
    "lay(DOCS, vocabulary=['cat', 'dog'], output_mode='tf_idf', idf_weights=[1.0, 2.0], "
    "pad_to_max_tokens=True, max_tokens=6)",
    "lay(DOCS, vocabulary=['cat', 'dog'], output_mode='multi_hot', pad_to_max_tokens=True, "
    "max_tokens=2)",
    "lay(DOCS, vocabulary=['cat', 'dog'], output_mode='multi_hot', pad_to_max_tokens=True)",
    "lay(DOCS, vocabulary=['cat', 'dog'], output_mode='int', pad_to_max_tokens=True, max_tokens=8)",
    "lay(DOCS, vocabulary=['cat', 'dog'], output_mode='count', pad_to_max_tokens=True, "
    "max_tokens=5, sparse=True)",
    "lay(DOCS, vocabulary=['cat', 'dog'], output_mode='int', sparse=True)",
    "lay(DOCS, vocabulary=['cat', 'dog'], max_tokens=3)",
    "lay(DOCS, vocabulary=['cat', 'dog'], max_tokens=1)",
    "lay(DOCS, vocabulary=['cat', 'dog'], output_mode='bogus')",
    "lay(DOCS, vocabulary=['cat', 'dog'], standardize='bogus')",
    "lay(DOCS, vocabulary=['cat', 'dog'], split='bogus')",
    "lay(DOCS, vocabulary=['cat', 'dog'], output_mode='multi_hot', output_sequence_length=3)",
    "lay(DOCS, vocabulary=['cat', 'dog'], output_sequence_length=0)",
    "lay(DOCS, vocabulary=['cat', 'dog'], encoding='latin-1')",
    "lay(tf.constant([['The cat'], ['dog']]), vocabulary=['cat', 'dog'], output_mode='count')",
    "lay(tf.constant([['The cat', 'dog']]), vocabulary=['cat', 'dog'])",
    "lay(tf.constant('the cat'), vocabulary=['cat', 'dog'])",
    "lay(tf.constant([1, 2]), vocabulary=['cat', 'dog'])",
    # adapt
    "ad()",
    "ad(output_mode='tf_idf')",
    "ad(output_mode='tf_idf', ngrams=2)",
    "ad(output_mode='tf_idf', max_tokens=4, pad_to_max_tokens=True)",
    "ad(ngrams=2, max_tokens=5)",
    "ad(split=dash)",
    "ad(split='character', max_tokens=6)",
    "ad(standardize='lower')",
    "ad(standardize='strip_punctuation')",
    "ad(output_mode='count', vocabulary=None)",
    "ad(data=tf.data.Dataset.from_tensor_slices(DOCS).batch(2))",
    "ad(data=['x y', 'y'])",
    "ad(data=tf.constant([['x y'], ['y']]), x=tf.constant([['y x z']]))",
    "ad(data=tf.constant(['']))",
    "ad(data=tf.constant([], tf.string), output_mode='tf_idf')",
    # vocabulary accessors and configs
    "e(lambda: TV(vocabulary=['cat', 'dog']).get_vocabulary(include_special_tokens=False))",
    "e(lambda: TV(vocabulary=['cat', 'dog']).get_vocabulary())",
    "e(lambda: TV(vocabulary=['cat', 'dog'], output_mode='multi_hot').get_vocabulary())",
    "e(lambda: TV(vocabulary=['cat', 'dog'], "
    "output_mode='multi_hot').get_vocabulary(include_special_tokens=False))",
    "e(lambda: TV(vocabulary=['cat', 'dog'], output_mode='tf_idf', idf_weights=[1.0, "
    "2.0]).get_vocabulary())",
    "e(lambda: TV(vocabulary=VF).get_vocabulary())",
    "e(lambda: TV(vocabulary=VF).vocabulary_size())",
    "e(lambda: TV().get_vocabulary())",
    "e(lambda: TV().vocabulary_size())",
    "e(lambda: cfg(TV(vocabulary=['cat', 'dog'], ngrams=2, output_mode='count', "
    "pad_to_max_tokens=True, max_tokens=7)))",
    "e(lambda: cfg(TV(vocabulary=VF)))",
    "e(lambda: cfg(TV(split=dash, standardize=upper)))",
    "e(lambda: cfg(TV(ngrams=(1, 2))))",
    "e(lambda: cfg(TV(vocabulary=['cat'], output_mode='tf_idf', idf_weights=[0.5])))",
    "rt(vocabulary=['cat', 'dog'], ngrams=2)",
    "rt(vocabulary=['cat', 'dog'], output_mode='tf_idf', idf_weights=[0.5, 2.0])",
    "rt(vocabulary=VF, output_mode='count')",
    "rt(split='character', vocabulary=['c', 'a'], output_sequence_length=4)",
    "e(lambda: TV(vocabulary=['cat', 'dog']).set_vocabulary(['x', 'y', 'x']))",
    "e(lambda: TV(vocabulary=['cat', 'dog'], output_mode='tf_idf', idf_weights=[1.0, "
    "1.0]).set_vocabulary(['x', 'y']))",
    "e(lambda: TV(vocabulary=['cat', 'dog'], output_mode='int').set_vocabulary(['x'], "
    "idf_weights=[1.0]))",
    "e(lambda: TV(vocabulary=['cat', 'dog'], max_tokens=3).set_vocabulary(['x', 'y', 'z']))",
    "e(lambda: TV(vocabulary=['cat', 'dog']).compute_output_shape((None,)))",
    "e(lambda: TV(vocabulary=['cat', 'dog'], output_sequence_length=4).compute_output_shape((3,)))",
    "e(lambda: TV(vocabulary=['cat', 'dog'], output_mode='multi_hot').compute_output_shape((3,)))",
    "e(lambda: TV(vocabulary=['cat', 'dog'], output_mode='count', max_tokens=9, "
    "pad_to_max_tokens=True).compute_output_shape((3, 1)))",
    "e(lambda: kdesc(TV(vocabulary=['cat', 'dog'], output_sequence_length=4)(tf.keras.Input((), "
    "dtype='string'))))",
    "e(lambda: kdesc(TV(vocabulary=['cat', 'dog'], output_mode='tf_idf', idf_weights=[1.0, "
    "1.0])(tf.keras.Input((1,), dtype='string'))))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["adapt21"] = _COMMON + r"""
K = tf.keras.layers
EMPTY = tf.constant([], tf.string)
NODATA = tf.data.Dataset.from_tensor_slices(tf.zeros([0, 1], tf.string)).batch(2)
def seq(layer, *datas, x=None):
    # adapt on each of `datas` in turn (the vocabulary after each), then a call on `x`
    def go():
        out = []
        for d in datas:
            layer.adapt(d)
            out.append(layer.get_vocabulary())
        if x is not None:
            out.append(v(layer(x)))
        return out
    return e(go)
def idf(layer, data):
    def go():
        layer.adapt(data)
        return (layer.get_vocabulary(), v(layer.idf_weights))
    return e(go)
"""
SECTIONS["adapt21"] = _unique([
    # adapt on no tokens, or no documents, in each mode
    *[f"seq(K.{c}(output_mode='{m}'), {d}{x})"
      for c, d, x in (("StringLookup", "EMPTY", ", x=tf.constant(['a'])"),
                      ("StringLookup", "tf.zeros([0, 2], tf.string)", ""),
                      ("StringLookup", "tf.zeros([2, 0], tf.string)", ""),
                      ("StringLookup", "R([[]], tf.string)", ""),
                      ("StringLookup", "NODATA", ""),
                      ("IntegerLookup", "tf.constant([], tf.int64)", ""),
                      ("IntegerLookup", "R([[]], tf.int64)", ""),
                      ("TextVectorization", "EMPTY", ", x=tf.constant(['a b'])"),
                      ("TextVectorization", "['']", ", x=tf.constant(['a b'])"))
      for m in ("int", "multi_hot", "tf_idf")],
    "seq(K.TextVectorization(output_mode='tf_idf', max_tokens=5, pad_to_max_tokens=True), EMPTY)",
    # a second adapt on no tokens keeps the first one's vocabulary (and weights)
    "seq(K.StringLookup(output_mode='tf_idf'), ['a'], EMPTY)",
    "seq(K.StringLookup(output_mode='tf_idf'), ['a'], R([[]], tf.string), x=tf.constant([['a', "
    "'z']]))",
    "seq(K.TextVectorization(output_mode='tf_idf'), ['a b'], EMPTY, x=tf.constant(['a']))",
    "seq(K.TextVectorization(), ['a b'], EMPTY, x=tf.constant(['a b']))",
    "seq(K.TextVectorization(output_mode='multi_hot'), ['a b'], EMPTY, x=tf.constant(['a']))",
    # documents of each kind: a scalar, a vector, rows, deeper rows, sparse
    "idf(K.StringLookup(output_mode='tf_idf'), tf.constant('a'))",
    "idf(K.StringLookup(output_mode='tf_idf'), ['a', 'b', 'a'])",
    "idf(K.StringLookup(output_mode='tf_idf'), tf.constant([['a', 'b', 'a'], ['a', 'c', 'c']]))",
    "idf(K.StringLookup(output_mode='tf_idf'), tf.constant([[['a', 'b'], ['a', 'c']]]))",
    "idf(K.IntegerLookup(output_mode='tf_idf'), tf.constant([[[1, 2]]], tf.int64))",
    "idf(K.StringLookup(output_mode='tf_idf'), R([['a', 'b', 'b'], ['b'], []]))",
    "idf(K.StringLookup(output_mode='tf_idf'), R([[['a']], [['b', 'c'], ['c']]]))",
    "idf(K.StringLookup(output_mode='tf_idf'), RT.from_row_lengths(tf.constant([['a', 'b'], ['a', "
    "'a'], ['c', 'c']]), [1, 2]))",
    "idf(K.StringLookup(), RT.from_row_lengths(tf.constant([['a', 'b'], ['a', 'a'], ['c', 'c']]), "
    "[1, 2]))",
    "idf(K.StringLookup(output_mode='tf_idf'), ST([[0, 0], [1, 1]], ['a', 'b'], [2, 2]))",
    "seq(K.StringLookup(), ST([[0, 0], [1, 1]], ['a', 'b'], [2, 2]))",
    "seq(K.StringLookup(), tf.constant('a'))",
    "seq(K.StringLookup(), tf.constant([[['a', 'b'], ['a', 'c']]]))",
    "idf(K.StringLookup(output_mode='tf_idf', max_tokens=3), "
    "tf.data.Dataset.from_tensor_slices(['a b a', 'c', 'b']).map(S.split).ragged_batch(2))",
    "idf(K.IntegerLookup(output_mode='tf_idf', num_oov_indices=2, mask_token=0), tf.constant([[1, "
    "2, 0], [2, 2, 3]], tf.int64))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["traced21"] = _COMMON + r"""
K = tf.keras.layers
I1 = RS([None, None], tf.int32)
I3 = RS([3, None], tf.int32)
I2 = RS([None, None, None], tf.int32)
IU = RS([None, None, 2], tf.int32)
SR = RS([None, None], tf.string)
SV = TS([None], tf.string)
SM = TS([None, None], tf.string)
S2 = TS([2, 3], tf.string)
SN = TS(None, tf.string)
FR = RS([None, None], tf.float32)
A = R([[1, 2, 3], [], [4, 5]])
A2 = R([[[1, 2], [3]], [], [[4, 5, 6]]])
W = tf.constant(['a b', 'c'])
SVT = L.StaticVocabularyTable(L.KeyValueTensorInitializer(['a', 'b'], [0, 1], tf.string,
                                                          tf.int64), 2)
MT = L.experimental.MutableHashTable(tf.string, tf.float32, default_value=[0.0, 0.0])
DT = L.experimental.DenseHashTable(tf.string, tf.int64, default_value=[-1, -1, -1],
                                   empty_key='', deleted_key='$')
"""
SECTIONS["traced21"] = _unique([
    # ragged ops' static shapes
    *[f"outs(lambda x: {f}, {s})" for f, s in (
        ("x.merge_dims(0, 1)", "I2"), ("x.merge_dims(1, 2)", "I2"), ("x.merge_dims(0, -1)", "IU"),
        ("x.merge_dims(1, 2)", "IU"), ("x.merge_dims(0, 1)", "I3"),
        ("tf.ragged.boolean_mask(x, x > 1)", "I1"), ("tf.ragged.boolean_mask(x, x > 1)", "I3"),
        ("tf.ragged.boolean_mask(x, [True, False, True])", "I3"),
        ("tf.gather(x, [[0], [1], [0]], batch_dims=1)", "I3"),
        ("tf.gather(x, tf.ragged.constant([[0], [], [1]]), batch_dims=1)", "I3"),
        ("tf.gather(x, [2, 0])", "I3"), ("tf.gather(x, [[2, 0]])", "I2"),
        ("tf.gather_nd(x, [[0, 1], [2, 0]])", "I2"), ("tf.gather_nd(x, [[0], [1]])", "I1"),
        ("tf.reduce_sum(x, axis=1, keepdims=True)", "I2"),
        ("tf.reduce_sum(x, axis=1, keepdims=True)", "I3"),
        ("tf.reduce_max(x, axis=-1, keepdims=True)", "IU"),
        ("tf.reduce_mean(x, axis=0, keepdims=True)", "FR"),
        ("tf.reduce_sum(x, axis=[0, 1], keepdims=True)", "I2"),
        ("tf.concat([x, x], 0)", "I3"), ("tf.concat([x, x], 1)", "I3"),
        ("tf.concat([x, tf.ones([3, 2], tf.int32)], 1)", "I3"),
        ("tf.stack([x, x], 0)", "I3"), ("tf.stack([x, x], 1)", "I3"), ("tf.stack([x, x], 2)", "I3"),
        ("tf.stack([x, x], -1)", "IU"),
        ("x.to_sparse()", "I3"), ("x.to_sparse()", "IU"),
        ("x.with_row_splits_dtype(tf.int32)", "I2"),
        ("x.bounding_shape()", "I2"), ("x.bounding_shape(axis=1)", "I2"),
        ("x.to_tensor(shape=[None, 4])", "I3"), ("x.to_tensor(shape=[2, 2])", "I1"),
        ("x.row_lengths(axis=2)", "I2"), ("x.nrows()", "I3"),
        ("x.nested_row_lengths()", "I2"), ("x.value_rowids()", "I3"),
        ("tf.ragged.cross([x, x])", "SR"), ("tf.ragged.cross_hashed([x, x], 5)", "SR"),
        ("tf.ragged.stack_dynamic_partitions(x, [0, 1, 0], 2)", "I3"),
        ("tf.map_fn(lambda r: r * 2, x)", "I3"),
        ("tf.map_fn(lambda r: tf.reduce_sum(r), x, fn_output_signature=tf.int32)", "I3"),
        ("tf.shape(x)", "I2"), ("tf.rank(x)", "I2"), ("tf.size(x)", "I3"),
        ("tf.ones_like(x)", "IU"), ("x[:, 1:]", "I3"), ("x[1:, :, :1]", "IU"),
        ("x + tf.ones([3, 1], tf.int32)", "I3"), ("tf.where(x > 1, x, 0)", "I3"),
    )],
    # the same run: values
    "tv(lambda x: x.merge_dims(0, 1), I2)(A2)",
    "tv(lambda x: tf.gather(x, [[0], [1], [0]], batch_dims=1), I3)(A)",
    "tv(lambda x: tf.reduce_sum(x, axis=1, keepdims=True), I2)(A2)",
    "tv(lambda x: tf.stack([x, x], 2), I3)(A)",
    "tv(lambda x: x.to_tensor(shape=[2, 2]), I1)(A)",
    "tv(lambda x: tf.ragged.boolean_mask(x, [True, False, True]), I3)(A)",
    "tv(lambda x: tf.ragged.boolean_mask(x, [True, False]), I1)(A)",
    "tv(lambda x: x.merge_dims(0, 1), I3)(A)",
    "tv(lambda x: tf.concat([x, tf.ones([3, 2], tf.int32)], 1), I3)(A)",
    "tv(lambda x: tf.ragged.stack_dynamic_partitions(x, [0, 1, 3], 2), I3)(A)",
    # string ops' static shapes
    *[f"outs(lambda x: {f}, {s})" for f, s in (
        ("S.ngrams(x, 2)", "SV"), ("S.ngrams(x, 2)", "SM"), ("S.ngrams(x, 2)", "S2"),
        ("S.ngrams(x, 2)", "SR"), ("S.ngrams(x, (1, 2))", "SM"),
        ("S.ngrams(x, 3, pad_values='#', padding_width=1)", "S2"),
        ("S.ngrams(x, 5, preserve_short_sequences=True)", "S2"),
        ("S.ngrams(x, 2)", "SN"),
        ("S.unicode_decode_with_offsets(x, 'UTF-8')", "SV"),
        ("S.unicode_decode_with_offsets(x, 'UTF-8')", "S2"),
        ("S.unicode_decode_with_offsets(x, 'UTF-8')", "SR"),
        ("S.unicode_decode(x, 'UTF-8')", "SN"),
        ("S.unicode_transcode(x, 'UTF-8', 'UTF-16-BE')", "S2"),
        ("S.unicode_split(x, 'UTF-8')", "SM"),
        ("S.format('{}', x)", "S2"), ("S.format('{} {}', (x, x))", "SN"),
        ("S.as_string(tf.strings.length(x))", "S2"),
        ("S.to_number(x)", "S2"), ("S.to_number(x, tf.int64)", "SR"),
        ("S.regex_replace(x, 'a', 'b')", "S2"), ("S.regex_replace(x, 'a', 'b')", "SR"),
        ("S.to_hash_bucket_fast(x, 3)", "S2"), ("S.to_hash_bucket_strong(x, 3, [1, 2])", "SR"),
        ("S.to_hash_bucket(x, 3)", "SN"),
        ("S.split(x)", "SV"), ("S.split(x)", "S2"), ("S.split(x, maxsplit=1)", "SM"),
        ("S.split(x)", "SR"), ("S.split(x, sep=',')", "SN"),
        ("S.substr(x, 0, 1, unit='UTF8_CHAR')", "S2"), ("S.length(x)", "SR"),
        ("S.reduce_join(x, axis=1, keepdims=True)", "S2"), ("S.reduce_join(x, axis=-1)", "SR"),
        ("S.reduce_join(x, axis=0)", "SM"), ("S.reduce_join(x)", "SN"),
        ("S.join([x, x], separator='-')", "S2"), ("S.join([x, 'z'])", "SV"),
        ("S.lower(x)", "SR"), ("S.unicode_script(S.unicode_decode(x, 'UTF-8'))", "SM"),
        ("S.bytes_split(x)", "S2"), ("S.strip(x)", "SR"),
    )],
    # tables' static shapes
    *[f"outs(lambda x: {f}, {s})" for f, s in (
        ("SVT.lookup(x)", "S2"), ("SVT.lookup(x)", "SR"), ("SVT.lookup(x)", "SN"),
        ("MT.lookup(x)", "S2"), ("MT.lookup(x)", "SV"), ("MT.lookup(x)", "SN"),
        ("DT.lookup(x)", "S2"), ("DT.lookup(x)", "SV"),
        ("MT.export()", "SV"), ("DT.export()", "SV"), ("SVT.size()", "SV"), ("MT.size()", "SV"),
    )],
    # Keras text layers in a traced function
    *[f"outs(lambda x: K.{layer}(x), {s})" for layer, s in (
        ("TextVectorization(vocabulary=['a', 'b'])", "SV"),
        ("TextVectorization(vocabulary=['a', 'b'])", "TS([None, 1], tf.string)"),
        ("TextVectorization(vocabulary=['a', 'b'], output_sequence_length=3)", "SV"),
        ("TextVectorization(vocabulary=['a', 'b'], ragged=True)", "SV"),
        ("TextVectorization(vocabulary=['a', 'b'], output_mode='multi_hot')", "SV"),
        ("TextVectorization(vocabulary=['a', 'b'], output_mode='count', ngrams=2)", "SV"),
        ("TextVectorization(vocabulary=['a', 'b'], output_mode='tf_idf', idf_weights=[1., 2.])",
         "TS([4], tf.string)"),
        ("TextVectorization(vocabulary=['a', 'b'], split=None)", "TS([None, 1], tf.string)"),
        ("StringLookup(vocabulary=['a', 'b'])", "SM"),
        ("StringLookup(vocabulary=['a', 'b'])", "SR"),
        ("StringLookup(vocabulary=['a', 'b'], output_mode='multi_hot')", "SM"),
        ("StringLookup(vocabulary=['a', 'b'], output_mode='one_hot')", "SV"),
        ("StringLookup(vocabulary=['a', 'b'], num_oov_indices=2, output_mode='count')", "S2"),
        ("StringLookup(vocabulary=['a', 'b'], invert=True)", "TS([None], tf.int64)"),
    )],
    "tv(lambda x: K.TextVectorization(vocabulary=['a', 'b'])(x), SV)(W)",
    "tv(lambda x: K.StringLookup(vocabulary=['a', 'b'], num_oov_indices=2)(x), SV)"
    "(tf.constant(['a', 'q', 'zz']))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["strs21"] = _COMMON + r"""
U = tf.constant(['Straße', 'ǅemal', 'İx', 'ΑΣ', 'ﬁn', 'x\xff'.encode('latin-1')])
T = tf.constant(['héllo wörld', '😀ab', ''])
"""
SECTIONS["strs21"] = _unique([
    "e(lambda: S.lower(U))", "e(lambda: S.upper(U))",
    "e(lambda: S.lower(U, encoding='utf-8'))", "e(lambda: S.upper(U, encoding='utf-8'))",
    "e(lambda: S.lower(U, encoding='latin-1'))", "e(lambda: S.upper(U, encoding='UTF-8'))",
    "e(lambda: S.upper(tf.constant(['a']), encoding='utf8'))",
    "e(lambda: S.lower(R([['ÀB'], []]), encoding='utf-8'))",
    "e(lambda: S.lower(tf.constant([1])))",
    *[f"e(lambda: S.substr(T, {p}, {n}, unit='UTF8_CHAR'))"
      for p, n in ((0, 1), (1, 3), (-2, 2), (-1, 5), (5, 2), (0, 0), (11, 1), (12, 1))],
    *[f"e(lambda: S.substr(T, {p}, {n}))" for p, n in ((-2, 2), (1, 100), (16, 1), (-20, 1))],
    "e(lambda: S.substr(T, [0, 1, 0], [1, 1, 1], unit='UTF8_CHAR'))",
    "e(lambda: S.substr(T, [0, 1], 1))",
    "e(lambda: S.substr(tf.constant([b'\\xff\\xfeab']), 1, 2, unit='UTF8_CHAR'))",
    "e(lambda: S.substr(T, 0, -1))",
    "e(lambda: S.substr(T, 0, 1, unit='BYTE_X'))",
    "e(lambda: S.substr(R([['abc'], ['de', 'f']]), 1, 1))",
    "e(lambda: S.length(T, unit='UTF8_CHAR'))",
    "e(lambda: S.length(tf.constant([b'\\xff\\xfe', b'a\\xc3']), unit='UTF8_CHAR'))",
    "e(lambda: S.length(T, unit='CHAR'))",
    *[f"e(lambda: S.split({x}, {a}))"
      for x in ("tf.constant(['a b  c', ' d '])", "R([['a,b,,c'], [], ['x']])",
                "tf.constant([['a b', 'c'], ['', 'd e f']])")
      for a in ("maxsplit=1", "sep=',', maxsplit=1", "sep=',', maxsplit=0", "sep=',,'",
                "sep=' ', maxsplit=-1", "sep=''")],
    "e(lambda: S.split(tf.constant('a b c'), maxsplit=1))",
    "e(lambda: S.unicode_script(tf.constant([65, 0x3b1, 0x5d0, 0x4e00, -1, 0x110000, 0x1F600])))",
    "e(lambda: S.unicode_script(R([[65], [0x430, 0x627]])))",
    "e(lambda: S.unicode_script(tf.constant([65], tf.int64)))",
    "e(lambda: S.join([tf.constant(['a', 'b']), tf.constant('x')], separator='-'))",
    "e(lambda: S.join([tf.constant(['a', 'b']), tf.constant(['x', 'y', 'z'])]))",
    "e(lambda: S.join([]))",
    "e(lambda: S.join([tf.constant([['a'], ['b']]), tf.constant(['x', 'y'])]))",
    "e(lambda: S.join([R([['a'], ['b', 'c']]), R([['x'], ['y', 'z']])], '+'))",
    "e(lambda: S.join([R([['a'], ['b', 'c']]), 'z']))",
    "e(lambda: S.join(['a', 'b']))",
    "e(lambda: S.strip(tf.constant([' \\t a \\n', '\\x0b\\x0cb\\r', '\\xa0c'])))",
    "e(lambda: S.bytes_split(tf.constant([['ab', ''], ['c', 'é']])))",
    "e(lambda: S.bytes_split(tf.constant('ab')))",
    "e(lambda: S.bytes_split(R([['ab'], []])))",
    "e(lambda: S.reduce_join(tf.constant([['a', 'b'], ['c', 'd']]), axis=[0, 1], separator='.'))",
    "e(lambda: S.reduce_join(tf.constant([['a', 'b'], ['c', 'd']]), axis=-1, keepdims=True))",
    "e(lambda: S.reduce_join(tf.constant([['a', 'b'], ['c', 'd']]), axis=2))",
    "e(lambda: S.reduce_join(R([['a', 'b'], [], ['c']]), axis=1, separator='|'))",
    "e(lambda: S.reduce_join(R([['a', 'b'], [], ['c']]), axis=0))",
    "e(lambda: S.reduce_join(R([['a', 'b'], [], ['c']])))",
    "e(lambda: S.reduce_join(tf.zeros([2, 0], tf.string), axis=1, separator='x'))",
    "e(lambda: S.unicode_encode(R([[104, 105], [], [0x1F600]]), 'UTF-8'))",
    "e(lambda: S.unicode_encode(tf.constant([[104, 105], [106, 0]]), 'UTF-16-BE'))",
    "e(lambda: S.unicode_encode(tf.constant([104, -1, 0xD800]), 'UTF-8', errors='replace'))",
    "e(lambda: S.unicode_encode(tf.constant([104, -1]), 'UTF-8', errors='ignore'))",
    "e(lambda: S.unicode_encode(tf.constant([104, -1]), 'UTF-8', errors='strict'))",
    "e(lambda: S.unicode_encode(tf.constant(104), 'UTF-8'))",
    "e(lambda: S.unicode_encode(tf.constant([104, 105], tf.int64), 'UTF-8'))",
    "e(lambda: S.unicode_encode(R([[[104]], [[105, 106], []]]), 'UTF-8'))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["static21"] = _COMMON + r"""
X = TS([4], tf.int32)
C = R([[0, 1], [2]])
def sh(f):
    # a traced function's outputs' static shapes (of no arguments)
    o = tf.function(f).get_concrete_function().structured_outputs
    return run(lambda: tf.nest.map_structure(lambda t: t.shape.as_list(), o,
                                             expand_composites=True))
"""
SECTIONS["static21"] = _unique([
    # tf.repeat traced: counts per element leave the length unknown, one count does not
    *[f"sh(lambda: tf.repeat({x}, {r}{a}))" for x, r, a in (
        ("tf.range(2)", "[2, 1]", ""), ("tf.range(2)", "[2, 1]", ", axis=0"),
        ("tf.range(2)", "2", ""), ("tf.range(2)", "[3]", ", axis=0"),
        ("tf.ones([2, 3])", "[1, 2, 0]", ", axis=1"), ("tf.ones([2, 3])", "[2, 1]", ", axis=0"),
        ("tf.ones([2, 3])", "2", ", axis=1"), ("tf.ones([2, 3])", "[1, 2, 0]", ""),
        ("tf.ones([0])", "tf.zeros([0], tf.int32)", ", axis=0"),
        ("tf.range(2)", "tf.constant([2, 1], tf.int64)", ", axis=0"),
        ("tf.constant(5)", "[3]", ", axis=0"))],
    "sh(lambda: tf.ragged.row_splits_to_segment_ids([0, 2, 3]))",
    "sh(lambda: C.value_rowids())",
    "sh(lambda: RT.from_row_splits([1, 2, 3], [0, 2, 3]).value_rowids())",
    "sh(lambda: RT.from_value_rowids([1, 2, 3], [0, 0, 1]).value_rowids())",
    "sh(lambda: RT.from_row_lengths([1, 2, 3], [2, 1]).value_rowids())",
    "sh(lambda: tf.gather(tf.range(2), C.value_rowids()))",
    "sh(lambda: C.nested_value_rowids())",
    "sh(lambda: R([[[0], [1, 2]], []]).nested_value_rowids())",
    "sh(lambda: tf.stack([C, C], axis=1))",
    "sh(lambda: tf.concat([C, C], axis=1))",
    # ragged broadcasting's static shapes
    *[f"outs(lambda x: {f}, X)" for f in (
        "C + x[0]", "C + x[:1]", "C + tf.reshape(x[:2], [2, 1])", "C + tf.reshape(x[:1], [1, 1])",
        "C + C.with_flat_values(x[:3])", "C + C", "C + R([[5, 6], [7]])",
        "R([[[0, 1]], [[2, 3]]], ragged_rank=1) + x[:2]",
        "R([[[0, 1]], [[2, 3]]], ragged_rank=1) + tf.reshape(x[:2], [1, 2])",
        "R([[0, 1]]) + x[:2]", "R([[[0], [1, 2]], []]) + x[0]",
        "R([[[0], [1, 2]], []]) + x[:1]", "tf.where(R([[True, False], [True]]), C, C * 2)",
        "tf.maximum(C, tf.reshape(x[:2], [2, 1]))",
        "RT.from_row_lengths(x[:3], [2, 1]) + tf.reshape(x[:2], [2, 1])",
        "RT.from_row_lengths(x[:3], [2, 1]) + RT.from_row_lengths(x[1:], [2, 1])")],
    # a dense row broadcast against ragged rows of other lengths: TF checks when it runs
    "tv(lambda x: R([[0, 1], [2, 3]]) + x[:2], X)(tf.constant([5, 6, 7, 8]))",
    "tv(lambda x: R([[0, 1, 2, 3]]) + x[:2], X)(tf.constant([5, 6, 7, 8]))",
    "tv(lambda x: R([[0, 1]]) + x[:2], X)(tf.constant([5, 6, 7, 8]))",
    "e(lambda: R([[0, 1], [2, 3]]) + tf.constant([5, 6]))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["misc21"] = _COMMON + r"""
A = R([[1, 2, 3], [], [4, 5]])
A2 = R([[[1, 2], [3]], [], [[4, 5, 6]]])
F = R([[1.0, -2.0], [3.0], []])
E = tf.reshape(tf.range(12, dtype=tf.float32), [6, 2])
W = R([[1.0, 2.0, 3.0], [], [4.0, 5.0]])
"""
SECTIONS["misc21"] = _unique([
    # embedding lookups of ragged ids
    "e(lambda: tf.nn.embedding_lookup(E, A))",
    "e(lambda: tf.nn.embedding_lookup(E, A2))",
    "e(lambda: tf.nn.embedding_lookup(E, A, max_norm=5.0))",
    "e(lambda: tf.nn.embedding_lookup([E[:3], E[3:]], A))",
    "e(lambda: tf.nn.embedding_lookup(E, R([[7]])))",
    "e(lambda: tf.nn.embedding_lookup(E, R([[0.5]])))",
    "e(lambda: tf.nn.safe_embedding_lookup_sparse(E, A.to_sparse()))",
    "e(lambda: tf.nn.embedding_lookup_sparse(E, A.to_sparse(), None, combiner='sum'))",
    "e(lambda: tf.nn.embedding_lookup_sparse(E, A, None, combiner='mean'))",
    "e(lambda: tf.nn.embedding_lookup_sparse(E, A, F, combiner='sqrtn'))",
    "e(lambda: tf.nn.embedding_lookup(None, A))",
    "e(lambda: tf.nn.embedding_lookup([], A))",
    "e(lambda: tf.nn.embedding_lookup_sparse(E, A, W, combiner='sum'))",
    "e(lambda: tf.nn.embedding_lookup_sparse(E, R([[1], [2, 3], []]), None))",
    "e(lambda: tf.nn.embedding_lookup_sparse(E, A, tf.ones([5])))",
    "e(lambda: tf.nn.embedding_lookup_sparse(E, A, R([[1.0], [2.0, 3.0, 4.0], [5.0]])))",
    "e(lambda: tf.nn.embedding_lookup_sparse(E, A, None, combiner='max'))",
    "e(lambda: tf.nn.safe_embedding_lookup_sparse(E, R([[1, -1], [], [4]])))",
    "e(lambda: tf.nn.safe_embedding_lookup_sparse(E, R([[1, -1], [], [4]]), "
    "R([[1.0, 2.0], [], [-1.0]])))",
    "e(lambda: tf.nn.safe_embedding_lookup_sparse(E, R([[1, -1], [], [4]]), default_id=5))",
    "e(lambda: tf.nn.safe_embedding_lookup_sparse(E, R([[1], [2, 3], []]), combiner='sum'))",
    # bincount of ragged input
    "e(lambda: tf.math.bincount(A2, axis=-1, weights=tf.cast(A2, tf.float32)))",
    "e(lambda: tf.math.bincount(RT.from_row_lengths([[1, 2], [3, 4]], [1, 1]), axis=-1))",
    "e(lambda: tf.math.bincount(A, axis=1))",
    "e(lambda: tf.math.bincount(A, axis=-2))",
    "e(lambda: tf.math.bincount(A, axis=-1, weights=[1.0, 2.0]))",
    "e(lambda: tf.math.bincount(A))",
    "e(lambda: tf.math.bincount(A, minlength=8))",
    "e(lambda: tf.math.bincount(A, maxlength=3))",
    "e(lambda: tf.math.bincount(A, axis=-1))",
    "e(lambda: tf.math.bincount(A, axis=-1, binary_output=True))",
    "e(lambda: tf.math.bincount(A, weights=R([[1.0, 2.0, 3.0], [], [4.0, 5.0]])))",
    "e(lambda: tf.math.bincount(A, weights=R([[1.0, 2.0, 3.0], [], [4.0, 5.0]]), axis=-1))",
    "e(lambda: tf.math.bincount(A, axis=0))",
    "e(lambda: tf.math.bincount(A2, axis=-1))",
    "e(lambda: tf.math.bincount(R([[1, -1]])))",
    "e(lambda: tf.sparse.bincount(A, axis=-1))",
    "e(lambda: tf.sparse.bincount(A, minlength=7, binary_output=True))",
    # other array ops given ragged operands
    "e(lambda: tf.unstack(A))",
    "e(lambda: tf.unstack(A, num=3))",
    "e(lambda: tf.unstack(A2, axis=1))",
    "e(lambda: tf.split(A, 3))",
    "e(lambda: tf.reverse(A, [1]))",
    "e(lambda: tf.reverse(A, [0]))",
    "e(lambda: tf.sort(A))",
    "e(lambda: tf.argsort(A))",
    "e(lambda: tf.unique(A))",
    "e(lambda: tf.reshape(A, [-1]))",
    "e(lambda: tf.transpose(A))",
    "e(lambda: tf.size(A, out_type=tf.int64))",
    "e(lambda: tf.shape(A, out_type=tf.int32))",
    "e(lambda: tf.shape(A2))",
    "e(lambda: tf.rank(A2))",
    "e(lambda: tf.argmax(F, axis=1))",
    "e(lambda: tf.nn.softmax(F))",
    "e(lambda: tf.nn.softmax(F, axis=0))",
    "e(lambda: tf.nn.relu(F))",
    "e(lambda: tf.nn.l2_normalize(F, axis=1))",
    "e(lambda: tf.clip_by_value(F, -1.0, 2.0))",
    "e(lambda: tf.cast(A, tf.float16))",
    "e(lambda: tf.zeros_like(A, dtype=tf.float32))",
    "e(lambda: tf.ones_like(A2, dtype=tf.bool))",
    "e(lambda: tf.fill(tf.shape(A), 1))",
    "e(lambda: tf.dynamic_partition(A, [0, 1, 0], 2))",
    "e(lambda: tf.dynamic_partition(A, R([[0, 1, 0], [], [1, 1]]), 2))",
    "e(lambda: tf.dynamic_partition(A, R([[0, 1], [], [1, 1]]), 2))",
    "e(lambda: tf.dynamic_partition(A, [0, 1, 0], 0))",
    "e(lambda: tf.dynamic_partition(A, [0, 1, 0], -1))",
    "e(lambda: tf.dynamic_partition(A, [0, 3, 0], 2))",
    "e(lambda: tf.dynamic_partition(tf.constant([1, 2]), R([[0], [1]]), 2))",
    "e(lambda: tf.dynamic_partition(A, [0, 1], 2))",
    "tv(lambda x: tf.dynamic_partition(x, [0, 1, 0], 2), RS([3, None], tf.int32))(A)",
    "e(lambda: tf.math.segment_sum(A, [0, 0, 1]))",
    "e(lambda: tf.math.unsorted_segment_max(A, [1, 0, 1], 2))",
    "e(lambda: tf.math.unsorted_segment_mean(F, [1, 1, 0], 2))",
    "e(lambda: tf.math.unsorted_segment_sqrt_n(F, [1, 1, 0], 3))",
    "e(lambda: tf.math.top_k(F, 1))",
    "e(lambda: tf.math.reduce_max(A, axis=1))",
    "e(lambda: tf.math.count_nonzero(A, axis=1))",
    "e(lambda: tf.math.count_nonzero(F))",
    "e(lambda: tf.math.add_n([A, A, A]))",
    "e(lambda: tf.math.add_n([A, tf.constant(1)]))",
    "e(lambda: tf.where(A > 2))",
    "e(lambda: tf.where(A > 2, A, -A))",
    "e(lambda: tf.boolean_mask(A, [True, False, True]))",
    "e(lambda: tf.strings.as_string(F, precision=1))",
    "e(lambda: tf.ragged.range([0, 5], [3, 2]))",
    "e(lambda: tf.ragged.range([3, 1], deltas=[-1, 2]))",
    "e(lambda: tf.ragged.range(3, [5, 3, 7], 2, dtype=tf.float32))",
    "e(lambda: tf.ragged.range([0.5], [2.0], 0.5))",
    "e(lambda: tf.ragged.range([0], [3], [0]))",
    "e(lambda: tf.ragged.range(tf.constant([0], tf.int64), [3], row_splits_dtype=tf.int32))",
    "e(lambda: tf.ragged.segment_ids_to_row_splits([0, 0, 2], num_segments=4))",
    "e(lambda: tf.ragged.segment_ids_to_row_splits([0, 0, 2], out_type=tf.int32))",
    "e(lambda: tf.ragged.segment_ids_to_row_splits([2, 0]))",
    "e(lambda: tf.ragged.row_splits_to_segment_ids([0, 2, 2, 5], out_type=tf.int32))",
    "e(lambda: tf.ragged.row_splits_to_segment_ids([0, 2, 1]))",
    "e(lambda: tf.ragged.map_flat_values(tf.add, A, A))",
    "e(lambda: tf.ragged.map_flat_values(tf.add, A, A2))",
    "e(lambda: tf.ragged.map_flat_values(tf.add, A, R([[1, 2, 3], [4], [5]])))",
    "e(lambda: tf.ragged.map_flat_values(lambda x: x[:1], A))",
    "e(lambda: tf.ragged.map_flat_values(tf.reduce_sum, A))",
    "e(lambda: tf.ragged.constant([[1, 2], [3]], ragged_rank=1, inner_shape=()))",
    "e(lambda: tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], inner_shape=(2,)))",
    "e(lambda: tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1))",
    "e(lambda: tf.ragged.constant([[[1, 2]], [[3]]], ragged_rank=1))",
    "e(lambda: tf.ragged.constant([], ragged_rank=1))",
    "e(lambda: tf.ragged.constant([[]], inner_shape=(0,)))",
    "e(lambda: tf.ragged.constant([[1]], ragged_rank=0))",
    "e(lambda: tf.ragged.constant([[1], [2, 3]], dtype=tf.string))",
    "e(lambda: tf.ragged.constant([[b'a'], ['b']]))",
    "e(lambda: tf.ragged.constant([[1, 'a']]))",
    "e(lambda: tf.ragged.constant([[1], 2]))",
    "e(lambda: tf.ragged.constant(5))",
    "e(lambda: RT.from_uniform_row_length([1, 2, 3, 4], 2, nrows=2))",
    "e(lambda: RT.from_uniform_row_length([1, 2, 3, 4], 0, nrows=3))",
    "e(lambda: RT.from_uniform_row_length([1, 2, 3, 4], 3))",
    "e(lambda: RT.from_uniform_row_length([1, 2, 3, 4], 2, nrows=3))",
    "e(lambda: RT.from_uniform_row_length(A, 1))",
    "e(lambda: repr(RT.from_uniform_row_length([1, 2, 3, 4], 2)))",
    "e(lambda: str(RT.from_uniform_row_length([1, 2, 3, 4], 2)))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["pipe21"] = _COMMON + r"""
K = tf.keras.layers
DOCS = tf.constant(['The cat sat', 'a Dog, a cat!', 'dog-cat dog'])
def saved(layer, x, adapt=None):
    # a model of the layer saved to a .keras file and loaded: its config, vocabulary and
    # output on x, beside the original's output
    def go():
        if adapt is not None:
            layer.adapt(adapt)
        inp = tf.keras.Input(shape=(), dtype='string')
        m = tf.keras.Model(inp, layer(inp))
        p = os.path.join(TMP, 'm%d.keras' % len(os.listdir(TMP)))
        m.save(p)
        m2 = tf.keras.models.load_model(p)
        l2 = m2.layers[-1]
        return (type(l2).__name__, l2.get_vocabulary()[:6], v(m2(x)), v(m(x)))
    return e(go)
def mapped(layer, data):
    return e(lambda: [v(t) for t in tf.data.Dataset.from_tensor_slices(data).batch(2)
                      .map(layer)])
SVT = L.StaticVocabularyTable(L.KeyValueTensorInitializer(['cat', 'dog'], [0, 1], tf.string,
                                                          tf.int64), 3)
"""
SECTIONS["pipe21"] = _unique([
    "saved(K.TextVectorization(), DOCS, adapt=DOCS)",
    "saved(K.TextVectorization(output_mode='tf_idf'), DOCS, adapt=DOCS)",
    "saved(K.TextVectorization(output_mode='multi_hot', ngrams=2, max_tokens=6), DOCS, "
    "adapt=DOCS)",
    "saved(K.TextVectorization(vocabulary=['cat', 'dog'], output_sequence_length=4), DOCS)",
    "saved(K.TextVectorization(split='character', max_tokens=5), DOCS, adapt=DOCS)",
    "saved(K.StringLookup(vocabulary=['cat', 'dog'], num_oov_indices=2), DOCS)",
    "saved(K.StringLookup(vocabulary=['cat', 'dog'], output_mode='count'), DOCS)",
    "saved(K.StringLookup(output_mode='tf_idf'), DOCS, adapt=tf.constant([['a', 'b'], ['b', "
    "'c']]))",
    "mapped(K.TextVectorization(vocabulary=['cat', 'dog']), DOCS)",
    "mapped(K.TextVectorization(vocabulary=['cat', 'dog'], ragged=True), DOCS)",
    "mapped(K.TextVectorization(vocabulary=['cat', 'dog'], output_mode='tf_idf', "
    "idf_weights=[1.0, 2.0]), DOCS)",
    "mapped(K.StringLookup(vocabulary=['cat', 'dog'], num_oov_indices=3), DOCS)",
    "mapped(lambda x: SVT.lookup(S.split(x)), DOCS)",
    "mapped(lambda x: SVT.lookup(x), DOCS)",
    "mapped(K.Hashing(5), DOCS)",
    "mapped(K.Hashing(5, salt=[1, 2]), DOCS)",
    "mapped(lambda x: K.Hashing(4, output_mode='multi_hot')(S.split(x)), DOCS)",
    "mapped(lambda x: K.StringLookup(vocabulary=['cat'], output_mode='multi_hot')(S.split(x)), "
    "DOCS)",
])

# ---------------------------------------------------------------------------------------
PRELUDES["ttables21"] = _COMMON + r"""
def mk():
    m = L.experimental.MutableHashTable(tf.string, tf.float32, default_value=[0.0, 0.0])
    m.insert(['a', 'b'], [[1.0, 2.0], [3.0, 4.0]])
    return m
def dense():
    d = L.experimental.DenseHashTable(tf.int64, tf.int64, default_value=[-1, -1],
                                      empty_key=-1, deleted_key=-2, initial_num_buckets=8)
    d.insert(tf.constant([3, 5], tf.int64), tf.constant([[30, 31], [50, 51]], tf.int64))
    return d
M, D = mk(), dense()
def ckpt(table, fresh):
    # the table saved in a checkpoint, restored into `fresh`: its export sorted by key
    def go():
        p = tf.train.Checkpoint(t=table).write(os.path.join(TMP, 'c%d' % len(os.listdir(TMP))))
        tf.train.Checkpoint(t=fresh).read(p).assert_consumed()
        k, val = fresh.export()
        rows = sorted(zip(k.numpy().tolist(), val.numpy().tolist()), key=repr)
        return [r for r in rows if r[0] not in (-1, -2)]
    return e(go)
def vars_of(table):
    p = tf.train.Checkpoint(t=table).write(os.path.join(TMP, 'v%d' % len(os.listdir(TMP))))
    return sorted((n, s) for n, s in tf.train.list_variables(p) if 't/' in n)
"""
SECTIONS["ttables21"] = _unique([
    "tv(lambda k: M.lookup(k), TS([None], tf.string))(tf.constant(['a', 'z']))",
    "tv(lambda k: M.lookup(k), TS([None, 2], tf.string))(tf.constant([['a', 'b']]))",
    "outs(lambda k: M.lookup(k), TS([None, 2], tf.string))",
    "outs(lambda k: M.export(), TS([None], tf.string))",
    "tv(lambda k: M.insert(k, [[9.0, 9.0]]) or M.size(), TS([1], tf.string))(tf.constant(['c']))",
    "tv(lambda k: M.insert(k, [9.0, 9.0]), TS([1], tf.string))(tf.constant(['c']))",
    *[f"tv(lambda k: [{t}.insert(k, {val}), {t}.size()][1], {s})({x})" for t, val, s, x in (
        ("M", "[9.0, 9.0]", "TS([1], tf.string)", "tf.constant(['c'])"),
        ("M", "[[9.0, 9.0, 9.0]]", "TS([1], tf.string)", "tf.constant(['c'])"),
        ("M", "[[9.0, 9.0]]", "TS([None], tf.string)", "tf.constant(['c', 'd'])"),
        ("D", "[1, 1]", "TS([1], tf.int64)", "tf.constant([7], tf.int64)"),
        ("D", "[[1, 1]]", "TS([1], tf.int64)", "tf.constant([-1], tf.int64)"),
        ("D", "[[1, 1], [2, 2]]", "TS([None], tf.int64)", "tf.constant([7], tf.int64)"))],
    "tv(lambda k: M.lookup(k, dynamic_default_values=[[1.0]]), TS([1], tf.string))"
    "(tf.constant(['zz']))",
    "tv(lambda k: M.lookup(k, dynamic_default_values=[[1.0, 2.0]]), TS([None], tf.string))"
    "(tf.constant(['zz', 'a']))",
    "tv(lambda k: D.lookup(k), TS([None], tf.int64))(tf.constant([7, 3], tf.int64))",
    "tv(lambda k: M.remove(k) or M.size(), TS([None], tf.string))(tf.constant(['c', 'q']))",
    "tv(lambda k: D.lookup(k), TS([None], tf.int64))(tf.constant([3, 4], tf.int64))",
    "outs(lambda k: D.lookup(k), TS([None, 3], tf.int64))",
    "outs(lambda k: D.export(), TS([None], tf.int64))",
    "tv(lambda k: D.insert(k, [[1, 1]]), TS([1], tf.int64))(tf.constant([-1], tf.int64))",
    "tv(lambda k: D.erase(k) or D.size(), TS([None], tf.int64))(tf.constant([5, 6], tf.int64))",
    "tv(lambda k: D.lookup(k), TS([None], tf.int64))(tf.constant([5, 3], tf.int64))",
    "ckpt(mk(), L.experimental.MutableHashTable(tf.string, tf.float32, default_value=[0.0, 0.0]))",
    "ckpt(mk(), L.experimental.MutableHashTable(tf.string, tf.float32, "
    "default_value=[0.0, 0.0, 0.0]))",
    "ckpt(dense(), L.experimental.DenseHashTable(tf.int64, tf.int64, default_value=[0, 0], "
    "empty_key=-1, deleted_key=-2))",
    "ckpt(dense(), L.experimental.DenseHashTable(tf.int64, tf.int64, default_value=[0, 0, 0], "
    "empty_key=-1, deleted_key=-2))",
    "e(lambda: vars_of(mk()))",
    "e(lambda: vars_of(dense()))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["trerr21"] = _COMMON + r"""
SV = TS([None], tf.string)
X = tf.constant(['ab', 'c'])
def tr(f, spec=SV, x=X):
    # a traced string op's answer: its values, or its error while tracing or when it runs
    return tv(f, spec)(x)
"""
SECTIONS["trerr21"] = _unique([
    "tr(lambda s: S.to_number(s))",
    "tr(lambda s: S.to_number(s, tf.int64))",
    "tr(lambda s: S.unicode_decode(s + b'\\xff', 'UTF-8', errors='strict'))",
    "tr(lambda s: S.unicode_transcode(s + b'\\xff', 'UTF-8', 'UTF-16-BE', errors='strict'))",
    "tr(lambda s: S.substr(s, 3, 1))",
    "tr(lambda s: S.substr(s, 3, 1, unit='UTF8_CHAR'))",
    "tr(lambda s: S.substr(s, [0, 1, 2], 1))",
    "tr(lambda s: S.regex_replace(s, '(', 'x'))",
    "tr(lambda s: S.regex_full_match(s, '['))",
    "tr(lambda s: S.regex_replace(s, s, 'x'))",
    "tr(lambda s: S.regex_replace(s, ['a', '('], 'x'))",
    "tr(lambda s: S.as_string(S.length(s), fill='ab'))",
    "tr(lambda s: S.as_string(S.length(s), precision=2))",
    "tr(lambda s: S.format('{} {}', s))",
    "tr(lambda s: S.ngrams(s, 0))",
    "tr(lambda s: S.to_hash_bucket_fast(s, 0))",
    "tr(lambda s: S.to_hash_bucket_strong(s, 3, [1]))",
    "tr(lambda s: S.unicode_encode(S.unicode_decode(s, 'UTF-8') - 200, 'UTF-8', "
    "errors='strict'))",
    "tr(lambda s: S.unicode_encode(S.unicode_decode(s, 'UTF-8') + 0x110000, 'UTF-8'))",
    "tr(lambda s: S.split(s, sep=''))",
    "tr(lambda s: S.join([s, s[:1]]))",
    "tr(lambda s: S.reduce_join(s, axis=1))",
    "tr(lambda s: S.unicode_split(s, 'UTF-9'))",
    "tr(lambda s: S.unicode_decode(s, 'UTF-8', errors='bogus'))",
    "tr(lambda s: S.unicode_decode(s, 'UTF-8', replacement_char=-1))",
    "tr(lambda s: tf.strings.length(s, unit='CHAR'))",
    "tr(lambda s: L.StaticHashTable(L.KeyValueTensorInitializer(['a'], [1]), -1).lookup(s))",
    "tr(lambda s: L.StaticHashTable(L.KeyValueTensorInitializer([1], [1]), -1).lookup(s))",
    "tr(lambda s: L.StaticHashTable(L.KeyValueTensorInitializer(['a', 'a'], [1, 2]), -1)"
    ".lookup(s))",
    "tr(lambda s: L.StaticVocabularyTable(L.KeyValueTensorInitializer(['a'], [1], tf.string, "
    "tf.int64), 0).lookup(s))",
    "tr(lambda s: tf.ragged.stack_dynamic_partitions(s, [0, 5], 2))",
    "tr(lambda s: RT.from_row_splits(s, [0, 3]))",
    "tr(lambda s: RT.from_row_lengths(s, [1, 2]))",
    "tr(lambda s: RT.from_nested_row_lengths(s, ([1], [3])))",
    "tr(lambda s: RT.from_row_lengths(s, [1, 1]).merge_dims(0, 1))",
])
