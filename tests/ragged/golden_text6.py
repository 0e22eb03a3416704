"""text6's probes: programs a user writes with ragged tensors, tf.strings and tf.lookup
(ragged factories and their checks, to_tensor, arithmetic and broadcasting, reductions,
gather, boolean_mask, concat and stack, merge_dims, map_flat_values, tf.ragged.range; splits,
ngrams, unicode, substr, regex, format, reduce_join, to_number, as_string; static, vocabulary,
mutable and dense hash tables; ragged batches in tf.data, RaggedTensorSpec signatures, Keras
TextVectorization and StringLookup). Each section runs in its own environment (its prelude),
its expressions in order (the mutable tables change as they go). record_text6.py records
what TF 2.21 answers in text6_golden.json; test_text6_vs_tf.py compares."""

PRELUDES = {}
SECTIONS = {}

PRELUDES["ragged_build"] = r"""import numpy as np
R = tf.RaggedTensor
a = tf.ragged.constant([[1, 2, 3], [], [4, 5]])
f = tf.ragged.constant([[1.5, 2.5], [3.5], [], [4.0, 5.0, 6.0]])
n3 = tf.ragged.constant([[[1, 2], [3]], [], [[4, 5, 6]]])
s = tf.ragged.constant([['a', 'bb'], ['ccc']])
def lst(x):
    return x.to_list()
"""
SECTIONS["ragged_build"] = [
    'R.from_row_lengths([1, 2, 3, 4, 5, 6], [2, 0, 4])',
    'R.from_row_lengths([1, 2, 3], [2, 2])',
    'R.from_row_lengths([1, 2, 3], [2, -1, 2])',
    'R.from_value_rowids([1, 2, 3, 4], [0, 0, 2, 2], nrows=4)',
    'R.from_value_rowids([1, 2, 3, 4], [0, 0, 2, 1])',
    'R.from_value_rowids([1, 2, 3], [0, 0, 2, 2])',
    'R.from_value_rowids([1, 2, 3, 4], [0, 0, 2, 2], nrows=2)',
    'R.from_nested_row_splits([1, 2, 3, 4, 5], ([0, 2, 3], [0, 1, 3, 5]))',
    'R.from_nested_row_splits([1, 2, 3, 4, 5], ([0, 2, 3], [0, 1, 3, 4]))',
    'R.from_nested_row_lengths([1, 2, 3, 4, 5], ([2, 1], [1, 2, 2]))',
    'R.from_nested_value_rowids([1, 2, 3], ([0, 0, 1], [0, 1, 2]))',
    'R.from_row_starts([1, 2, 3, 4], [0, 1, 1])',
    'R.from_row_limits([1, 2, 3, 4], [1, 1, 4])',
    'R.from_uniform_row_length([1, 2, 3, 4, 5, 6], 3)',
    'R.from_uniform_row_length([1, 2, 3, 4, 5], 2)',
    'R.from_row_splits([1, 2, 3], [1, 2, 3])',
    'R.from_row_splits([1, 2, 3], [0, 2, 1, 3])',
    'R.from_row_splits([1, 2, 3], [0, 2, 4])',
    'R.from_row_splits([1, 2, 3], [[0, 3]])',
    'R.from_tensor([[1, 0, 0], [2, 3, 0]], padding=0)',
    'R.from_tensor([[1, 0, 0], [2, 3, 0]], lengths=[1, 3])',
    'R.from_tensor([[1, 0, 0], [2, 3, 0]], ragged_rank=2)',
    'R.from_tensor(tf.constant([[[1, 0], [0, 0]], [[2, 3], [4, 0]]]), padding=[0, 0])',
    'R.from_sparse(tf.sparse.SparseTensor([[0, 0], [0, 1], [2, 0]], [1, 2, 3], [3, 2]))',
    'a.to_sparse()',
    'a.to_tensor(default_value=-1, shape=[4, 4])',
    'a.to_tensor(shape=[2, 2])',
    'n3.to_tensor(default_value=7)',
    'n3.to_tensor(shape=[None, 1, None])',
    "f.to_tensor(default_value=float('nan'))",
    'a + 1',
    'a * tf.constant([[10], [20], [30]])',
    'a * tf.constant([[10, 20]])',
    'a + a',
    'a - tf.ragged.constant([[1, 1, 1], [], [2, 2]])',
    'f / 2',
    'f // 2',
    '-a',
    'tf.abs(-f)',
    'a > 2',
    'tf.where(a > 2, a, -a)',
    'tf.ragged.map_flat_values(tf.square, a)',
    'tf.ragged.map_flat_values(lambda x, y: x + y, a, a)',
    'tf.ragged.map_flat_values(tf.one_hot, a, 6)',
    'tf.ragged.map_flat_values(tf.add, a, tf.ragged.constant([[1, 1], [1], [1, 1]]))',
    'tf.reduce_sum(a, axis=0)',
    'tf.reduce_sum(a, axis=1)',
    'tf.reduce_sum(a)',
    'tf.reduce_mean(f, axis=1)',
    'tf.reduce_max(a, axis=1)',
    'tf.reduce_min(f, axis=-1)',
    'tf.reduce_prod(a, axis=1)',
    'tf.reduce_any(a > 4, axis=1)',
    'tf.reduce_all(a > 0, axis=1)',
    'tf.math.reduce_std(f, axis=1)',
    'tf.math.reduce_variance(f, axis=0)',
    'tf.reduce_sum(n3, axis=1)',
    'tf.reduce_sum(n3, axis=2)',
    'tf.reduce_sum(n3, axis=[1, 2])',
    'tf.reduce_mean(a, axis=1, keepdims=True)',
    'tf.reduce_sum(a, axis=2)',
    'tf.gather(a, [2, 0, 2])',
    'tf.gather(a, [[0, 1], [2, 2]])',
    'tf.gather(a, [3])',
    'tf.gather(n3, [2, 0], axis=0)',
    'tf.gather(a, [0, 1], axis=1)',
    'tf.gather(a, [[1, 0], [], [0]], batch_dims=1) if False else tf.gather(a, '
    'tf.ragged.constant([[1, 0], [], [0]]), batch_dims=1)',
    'tf.gather_nd(a, [[0, 1], [2, 0]])',
    'tf.gather_nd(a, [[2], [0]])',
    'tf.boolean_mask(a, [True, False, True])',
    'tf.boolean_mask(a, a > 2)',
    'tf.boolean_mask(a, tf.ragged.constant([[True, False, True], [], [False, True]]))',
    'tf.boolean_mask(a, [True, False])',
    'tf.concat([a, a], axis=0)',
    'tf.concat([a, a], axis=1)',
    'tf.concat([a, tf.constant([[7, 8]] * 3)], axis=1)',
    'tf.concat([a, n3], axis=0)',
    'tf.stack([a, a], axis=0)',
    'tf.stack([a, a], axis=1)',
    'tf.stack([a, tf.ragged.constant([[1], [2]])], axis=1)',
    'tf.ragged.stack([a, a], axis=2)',
    'tf.unstack(a)',
    'a.merge_dims(0, 1)',
    'n3.merge_dims(1, 2)',
    'n3.merge_dims(0, -1)',
    'n3.merge_dims(0, 1)',
    'a.merge_dims(1, 0)',
    'tf.ragged.range([1, 3, 0], [4, 4, 5])',
    'tf.ragged.range([0, 10], 20, [3, 5])',
    'tf.ragged.range(4)',
    'tf.ragged.range([3, 0], dtype=tf.float32)',
    'tf.ragged.range([0], [5], [0])',
    'a.row_lengths()',
    'n3.row_lengths(axis=2)',
    'n3.row_lengths(axis=0)',
    'a.nrows()',
    'a.nrows(out_type=tf.int32)',
    'a.bounding_shape()',
    'n3.bounding_shape()',
    'n3.bounding_shape(axis=1)',
    'a.to_list()',
    's.to_list()',
    'f.to_list()',
    'a.value_rowids()',
    'a.row_starts(), a.row_limits()',
    'a.nested_row_lengths()',
    'n3.nested_row_splits',
    'a.with_values(tf.constant([10, 20, 30, 40, 50]))',
    'a.with_flat_values(tf.constant([1., 2., 3., 4., 5.]))',
    'a.with_row_splits_dtype(tf.int32)',
    'a.with_values(tf.constant([1, 2]))',
    'a.shape, n3.shape, n3.ragged_rank, a.flat_values.shape',
    'a[1:]',
    'a[:, :2]',
    'a[2, 1]',
    'a[1, 0]',
    'a[:, 0]',
    'a[-1]',
    'n3[:, :, 0]',
    'a[..., :1]',
    'str(a)',
    'repr(s)',
    'str(n3)',
    'tf.ragged.constant([[1, 2], [3]], dtype=tf.float64, row_splits_dtype=tf.int32)',
    'tf.ragged.constant([[1, 2], 3])',
    'tf.ragged.constant([[[1, 2], [3]], [4]])',
    'tf.ragged.constant([], ragged_rank=1)',
    'tf.ragged.constant([[1, 2], [3]], inner_shape=(1,))',
    'tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1)',
    'tf.ragged.boolean_mask(a, a > 1)',
    'tf.ragged.row_splits_to_segment_ids([0, 2, 2, 5])',
    'tf.ragged.segment_ids_to_row_splits([0, 0, 2])',
    "tf.ragged.cross([tf.ragged.constant([['a', 'b'], ['c']]), tf.ragged.constant([['d'], "
    "['e', 'f']])])",
    "tf.ragged.cross_hashed([tf.ragged.constant([['a', 'b'], ['c']]), "
    "tf.ragged.constant([['d'], ['e', 'f']])], num_buckets=10)",
    'tf.shape(a)',
    'tf.size(a)',
    'tf.rank(n3)',
    'tf.cast(a, tf.float32)',
    'tf.ones_like(a)',
    'tf.zeros_like(f)',
    'tf.tile(a, [2, 1])',
    'tf.tile(a, [1, 2])',
    'tf.expand_dims(a, 0)',
    'tf.expand_dims(a, 2)',
    'tf.squeeze(tf.expand_dims(a, 2), axis=2)',
    'tf.reverse(a, axis=[1])',
    'tf.sort(a)',
    'tf.argmax(f, axis=1)',
    'tf.math.cumsum(a, axis=1)',
    'tf.nn.softmax(f, axis=1)',
    'tf.strings.as_string(a)',
    'tf.strings.length(s)',
    "tf.strings.reduce_join(s, axis=1, separator='-')",
    'tf.math.unsorted_segment_sum(a, tf.ragged.constant([[0, 0, 1], [], [1, 0]]), 2)',
    'tf.ragged.map_flat_values(tf.strings.upper, s)',
    'a.numpy()',
    'tf.RaggedTensorSpec.from_value(a)',
    'tf.type_spec_from_value(n3)',
    'a == a',
    'tf.math.equal(a, a)',
    'a.flat_values.dtype, a.row_splits.dtype, a.dtype',
    'tf.ragged.constant([[1, 2], [3]]) + tf.ragged.constant([[1], [2, 3]])',
    'tf.add_n([a, a, a])',
    'tf.clip_by_value(a, 2, 4)',
    'tf.math.maximum(a, 3)',
    'tf.nest.flatten(a, expand_composites=True)',
    'len(a)',
    'list(a)',
    'bool(a)',
    'iter(a).__next__()',
]

PRELUDES["ragged_checks"] = r"""import numpy as np
R = tf.RaggedTensor
a = tf.ragged.constant([[1, 2, 3], [], [4, 5]])
f = tf.ragged.constant([[1.5, 2.5], [3.5], [], [4.0, 5.0, 6.0]])
n3 = tf.ragged.constant([[[1, 2], [3]], [], [[4, 5, 6]]])
"""
SECTIONS["ragged_checks"] = [
    'R.from_row_splits([1, 2, 3], [0, 2, 3], validate=False)',
    'R.from_row_splits(tf.constant([1, 2, 3]), tf.constant([0, 2, 3], tf.int32))',
    'R.from_row_splits([1, 2, 3], tf.constant([0, 2, 3], tf.int16))',
    'R.from_row_splits([1, 2, 3], [0.0, 2.0, 3.0])',
    'R.from_row_lengths([1, 2, 3], tf.constant([2, 1], tf.int32))',
    'R.from_row_splits(tf.constant([[1, 2], [3, 4], [5, 6]]), [0, 1, 3])',
    'R.from_row_splits(R.from_row_splits([1, 2, 3], [0, 1, 3]), [0, 2])',
    'R.from_row_splits([1, 2, 3], [])',
    'R.from_row_splits(5, [0, 1])',
    'R.from_row_lengths([1, 2, 3], [[1, 2]])',
    'R.from_value_rowids([1, 2, 3], [0, 1, 1], nrows=-1)',
    'R.from_uniform_row_length([1, 2, 3, 4], 0)',
    'R.from_uniform_row_length([1, 2, 3, 4], 0, nrows=3)',
    'R.from_uniform_row_length([1, 2, 3, 4], -1)',
    'R.from_tensor([[1, 2], [3, 4]], lengths=[1, 3])',
    'R.from_tensor([[1, 2], [3, 4]], lengths=[1])',
    'R.from_tensor([[1, 2], [3, 4]], padding=[0, 0])',
    'R.from_tensor([[1, 2], [3, 4]], lengths=[1, 2], padding=0)',
    'R.from_tensor([1, 2, 3])',
    'R.from_tensor([[[1, 0], [0, 0]]], lengths=([1], [1]))',
    'R.from_tensor([[1, 2], [3, 4]], row_splits_dtype=tf.int32)',
    "R.from_tensor([[b'a', b''], [b'c', b'']], padding=b'')",
    'a.to_tensor(default_value=[1, 2])',
    "a.to_tensor(default_value='x')",
    'a.to_tensor(shape=[3])',
    'a.to_tensor(shape=[3, None])',
    'f.to_tensor(default_value=0)',
    'n3.to_tensor(shape=[2, 2, 2])',
    'tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], '
    'ragged_rank=1).to_tensor(default_value=[9, 8])',
    'tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], '
    'ragged_rank=1).to_tensor(default_value=[9, 8, 7])',
    'a.to_tensor(shape=tf.constant([3, 2]))',
    'a.to_list()[0], type(a.to_list()[0][0]).__name__',
    "tf.ragged.constant([['x']]).to_list()",
    'tf.ragged.constant([[True, False], []]).to_list()',
    'tf.ragged.constant([[1.5]], dtype=tf.float16).to_list()',
    'a.merge_dims(0, 2)',
    'a.merge_dims(-2, -1)',
    'n3.merge_dims(-3, -1)',
    'tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1).merge_dims(1, 2)',
    'a.row_lengths(axis=2)',
    'a.row_lengths(axis=-1)',
    'n3.row_lengths(axis=-1)',
    'a.nrows(out_type=tf.float32)',
    'a.bounding_shape(axis=2)',
    'a.bounding_shape(axis=[0, 1])',
    'a.bounding_shape(out_type=tf.int32)',
    'a.uniform_row_length',
    'R.from_uniform_row_length([1, 2, 3, 4], 2).uniform_row_length',
    'R.from_uniform_row_length([1, 2, 3, 4], 2).shape',
    'tf.ragged.constant([[1, 2], [3, 4]]).shape',
    'a.values, a.row_splits',
    'a.ragged_rank, n3.ragged_rank',
    "a.consumers() if hasattr(a, 'consumers') else 0",
    'tf.reduce_sum(a, axis=-1)',
    'tf.reduce_sum(a, axis=3)',
    'tf.reduce_mean(tf.ragged.constant([[], []], dtype=tf.float32), axis=1)',
    'tf.reduce_max(tf.ragged.constant([[], [1.5]]), axis=1)',
    'tf.reduce_min(tf.ragged.constant([[], [1]]), axis=1)',
    'tf.reduce_prod(tf.ragged.constant([[], [2, 3]]), axis=1)',
    'tf.reduce_all(tf.ragged.constant([[], [True]]), axis=1)',
    'tf.math.reduce_euclidean_norm(f, axis=1)',
    'tf.math.reduce_logsumexp(f, axis=1)',
    'tf.reduce_max(n3, axis=0)',
    'tf.reduce_sum(n3, axis=0)',
    'tf.reduce_sum(tf.ragged.constant([[1, 2], [3]], dtype=tf.int8), axis=1)',
    'tf.reduce_mean(a, axis=1)',
    'tf.math.count_nonzero(a, axis=1)',
    'tf.concat([a, tf.ragged.constant([[1.0]])], axis=0)',
    'tf.concat([a, tf.ragged.constant([[1]])], axis=1)',
    'tf.concat([a, tf.ragged.constant([[1]], row_splits_dtype=tf.int32)], axis=0)',
    'tf.concat([a], axis=0)',
    'tf.concat([a, a], axis=2)',
    'tf.concat([a, a], axis=-1)',
    'tf.stack([a, tf.ragged.constant([[1]])], axis=0)',
    'tf.stack([a, tf.ragged.constant([[1]])], axis=1)',
    'tf.stack([n3, n3], axis=2)',
    'tf.gather(a, [5])',
    'tf.gather(a, [-1])',
    'tf.gather(a, [0], axis=2)',
    'tf.gather(tf.constant([10, 20, 30]), tf.ragged.constant([[0, 2], [1]]))',
    'tf.gather(tf.constant([[1, 2], [3, 4]]), tf.ragged.constant([[0], [1, 0]]))',
    'tf.gather_nd(a, [[3, 0]])',
    'tf.gather_nd(n3, [[0, 1]])',
    'tf.gather_nd(tf.constant([[1, 2], [3, 4]]), tf.ragged.constant([[[0, 1]], [[1, 0], [0, '
    '0]]]))',
    'tf.boolean_mask(a, tf.ragged.constant([[True, False], [], [False, True]]))',
    'tf.boolean_mask(n3, [True, False, True], axis=0)',
    'tf.boolean_mask(a, [True, False, True], axis=1)',
    'tf.ragged.boolean_mask(tf.constant([[1, 2], [3, 4]]), [[True, False], [False, False]])',
    'tf.ragged.boolean_mask(tf.constant([1, 2]), True)',
    'a * f',
    'a + tf.constant([1, 2, 3])',
    'a + tf.constant([[1], [2]])',
    'a + tf.constant(1.5)',
    'a + 1.5',
    'f + tf.constant(1, tf.int32)',
    'a & a',
    'tf.math.add(a, [[1, 1, 1], [], [2, 2]])',
    'tf.math.pow(f, 2)',
    'tf.math.divide(a, a)',
    'tf.math.truediv(a, 2)',
    'tf.math.floormod(a, 2)',
    'tf.math.logical_not(a > 1)',
    'tf.math.sqrt(f)',
    'tf.math.sqrt(a)',
    'tf.math.log(f)',
    'tf.math.sign(a - 2)',
    'tf.ragged.map_flat_values(lambda x: tf.reshape(x, [-1, 1]), a)',
    'tf.ragged.map_flat_values(lambda x: x[:2], a)',
    'tf.ragged.map_flat_values(tf.reduce_sum, a)',
    'tf.ragged.map_flat_values(tf.add, a, 1)',
    'tf.ragged.map_flat_values(tf.add, tf.ragged.constant([[1, 2]]), tf.ragged.constant([[[1, '
    '2]]]))',
    'tf.ragged.map_flat_values(tf.math.multiply, f, f)',
    'tf.ragged.map_flat_values(tf.strings.as_string, a)',
    'tf.ragged.map_flat_values(lambda v: tf.concat([v, v], 0), a)',
    'tf.ragged.range([3, 1], [1, 3])',
    'tf.ragged.range([1.5], [4.0], [0.5])',
    'tf.ragged.range([1, 2], [3])',
    'tf.ragged.range([0, 1], [5, 3], row_splits_dtype=tf.int32)',
    'tf.ragged.range(tf.constant([3], tf.int64))',
    'tf.ragged.range([[1]])',
    'tf.ragged.range([1, 2], [[3]])',
    'tf.ragged.range([2, 3], 10, [1, 2], dtype=tf.int64)',
    'tf.ragged.range(3.5)',
    'str(tf.ragged.constant([[1.25, 2], [3]]))',
    "str(tf.ragged.constant([[b'\\xff', b'a'], []]))",
    'str(tf.ragged.constant([[True], [False, True]]))',
    'repr(tf.ragged.constant([list(range(50))]))',
    'str(tf.ragged.constant([[i] for i in range(30)]))',
    'repr(tf.ragged.constant([[1, 2], [3]], ragged_rank=1, inner_shape=()))',
    'repr(R.from_uniform_row_length([1, 2, 3, 4], 2))',
    'repr(tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1))',
    'a.__repr__() == str(a)',
    'format(a)',
    "'%s' % (a,)",
    'np.array(a.to_list(), dtype=object).shape',
    'a.numpy()[0]',
    'n3.numpy()',
    'tf.RaggedTensor.from_row_splits(tf.constant([1, 2, 3]), [0, 3]).numpy()',
]

PRELUDES["strings"] = r"""import numpy as np
S = tf.strings
t = tf.constant(['hello world', 'a  b c', '', ' lead trail '])
u = tf.constant(['héllo', 'wörld😀', 'abc'])
bad = tf.constant([b'ab\xffcd', b'\xe2\x82', b'ok'])
"""
SECTIONS["strings"] = [
    'S.split(t)',
    "S.split(t, sep=' ')",
    'S.split(t, maxsplit=1)',
    "S.split(t, sep=' ', maxsplit=1)",
    "S.split(tf.constant('a,b,,c'), sep=',')",
    "S.split(tf.constant(['a,b,,c', 'x']), sep=',', maxsplit=2)",
    "S.split(tf.constant('a<>b<>c'), sep='<>')",
    "S.split(t, sep='')",
    "S.split(tf.constant([['a b', 'c'], ['d', 'e f g']]))",
    "S.split('a b')",
    "S.ngrams(S.split(tf.constant(['a b c d', 'e f'])), 2)",
    "S.ngrams(S.split(tf.constant(['a b c d', 'e f'])), [1, 3], separator='_')",
    "S.ngrams(S.split(tf.constant(['a b c d', 'e'])), 3, pad_values=('<s>', '</s>'))",
    "S.ngrams(S.split(tf.constant(['a b', 'e'])), 3, pad_values='#', padding_width=1)",
    "S.ngrams(S.split(tf.constant(['a b', 'e'])), 2, preserve_short_sequences=True)",
    "S.ngrams(tf.constant(['a', 'b', 'c']), 2)",
    "S.ngrams(S.split(tf.constant(['a b'])), 0)",
    "S.ngrams(S.split(tf.constant(['a b'])), 2, padding_width=1)",
    "S.unicode_decode(u, 'UTF-8')",
    "S.unicode_decode(bad, 'UTF-8', errors='replace')",
    "S.unicode_decode(bad, 'UTF-8', errors='replace', replacement_char=63)",
    "S.unicode_decode(bad, 'UTF-8', errors='ignore')",
    "S.unicode_decode(bad, 'UTF-8')",
    "S.unicode_decode(bad, 'UTF-8', errors='strict')",
    "S.unicode_decode_with_offsets(u, 'UTF-8')",
    "S.unicode_decode(u, 'UTF-8').to_tensor()",
    "S.unicode_encode([[104, 233], [128512]], 'UTF-8')",
    "S.unicode_encode(tf.ragged.constant([[104, 233], [128512]]), 'UTF-16-BE')",
    "S.unicode_encode([104, -1, 0x110000], 'UTF-8', errors='replace')",
    "S.unicode_encode([104, -1], 'UTF-8', errors='strict')",
    "S.unicode_encode([104, -1], 'UTF-8', errors='ignore')",
    "S.unicode_encode([104, 55296], 'UTF-8', errors='replace', replacement_char=42)",
    "S.unicode_transcode(bad, 'UTF-8', 'UTF-16-BE', errors='replace')",
    "S.unicode_transcode(u, 'UTF-8', 'UTF-32-BE')",
    "S.unicode_transcode(bad, 'UTF-8', 'UTF-8', errors='ignore')",
    "S.unicode_transcode(bad, 'UTF-8', 'UTF-8', errors='strict')",
    "S.unicode_transcode(u, 'UTF-8', 'latin1')",
    "S.unicode_split(u, 'UTF-8')",
    "S.unicode_split(bad, 'UTF-8', errors='replace')",
    "S.unicode_split_with_offsets(u, 'UTF-8')",
    'S.unicode_script([65, 945, 1041, 12354, -1])',
    "S.substr(u, 1, 3, unit='UTF8_CHAR')",
    "S.substr(u, -2, 2, unit='UTF8_CHAR')",
    'S.substr(u, 1, 3)',
    "S.substr(tf.constant('abc'), 5, 1)",
    "S.substr(tf.constant('abc'), -5, 1)",
    "S.substr(tf.constant(['abc', 'defg']), [0, 1], [1, 2])",
    "S.substr(u, 0, 10, unit='UTF8_CHAR')",
    "S.substr(u, 5, 1, unit='UTF8_CHAR')",
    "S.substr(tf.constant('abc'), 1, -1)",
    "S.regex_replace(t, r'\\s+', ' ')",
    "S.regex_replace(t, r'(\\w+) (\\w+)', r'\\2 \\1')",
    "S.regex_replace(t, 'o', '0', replace_global=False)",
    "S.regex_replace(t, '(', 'x')",
    "S.regex_full_match(t, r'\\w+ \\w+')",
    "S.regex_full_match(t, '[')",
    "S.regex_full_match(t, '')",
    "S.format('x={} y={}', [1, 2.5])",
    "S.format('{}', tf.constant([[1, 2], [3, 4]]))",
    "S.format('{} and {}', [tf.constant('a'), tf.constant([1.25, 2.0])])",
    "S.format('{}', tf.range(20))",
    "S.format('{}', tf.range(20), summarize=3)",
    "S.format('{}', tf.range(20), summarize=-1)",
    "S.format('v: {}', tf.constant(['a', 'b']))",
    "S.format('{} {}', [1])",
    "S.format('[[{}]]', 3, placeholder='[[{}]]')",
    "S.format('a {} b', tf.constant(3.14159))",
    "S.format('a {} b', tf.constant(True))",
    "S.reduce_join(t, separator='|')",
    "S.reduce_join([['a', 'b'], ['c', 'd']], axis=0, separator='-')",
    "S.reduce_join([['a', 'b'], ['c', 'd']], axis=-1, keepdims=True)",
    "S.reduce_join([['a', 'b'], ['c', 'd']], axis=2)",
    "S.reduce_join(tf.ragged.constant([['a', 'b'], [], ['c']]), axis=1, separator=',')",
    'S.reduce_join([])',
    "S.to_number(['1.5', '2', '-3e2'])",
    "S.to_number(['1', '2'], out_type=tf.int32)",
    "S.to_number(['1.5'], out_type=tf.int32)",
    "S.to_number(['abc'])",
    "S.to_number([''], out_type=tf.int64)",
    "S.to_number(['99999999999'], out_type=tf.int32)",
    "S.to_number([' 12'], out_type=tf.int32)",
    "S.to_number(['0x1F'], out_type=tf.int32)",
    "S.to_number(['inf', 'nan', '-INF'])",
    "S.to_number(['1e40'])",
    "S.to_number(['1.5'], out_type=tf.float64)",
    "S.to_number(['1'], out_type=tf.string)",
    'S.as_string([3.14159, 2.0], precision=2)',
    'S.as_string([3.14159, 2.0], width=8)',
    "S.as_string([3.14159], precision=3, width=10, fill='0')",
    'S.as_string([3.14159], scientific=True)',
    'S.as_string([3.14159], shortest=True)',
    'S.as_string([1.0e10, 1e-7])',
    'S.as_string([42, -7], width=5)',
    "S.as_string([42], width=5, fill='0')",
    'S.as_string([42], precision=2)',
    'S.as_string([True, False])',
    'S.as_string(tf.constant([1 + 2j], tf.complex64))',
    'S.as_string([1.5], scientific=True, shortest=True)',
    "S.as_string([1.5], fill='ab')",
    "S.as_string(['a'])",
    'S.as_string(tf.constant([3.5], tf.float16))',
    'S.as_string(tf.constant([1], tf.int8), width=3)',
    'S.length(u)',
    "S.length(u, unit='UTF8_CHAR')",
    "S.length(bad, unit='UTF8_CHAR')",
    "S.length(u, unit='CHAR')",
    'S.strip(t)',
    "S.strip(tf.constant(['\\t x \\n', '\\x0b y']))",
    "S.lower(tf.constant(['ÀBC', 'Hello']))",
    "S.upper(tf.constant(['àbc', 'straße']))",
    "S.lower(tf.constant(['ÀBC']), encoding='utf-8')",
    "S.upper(tf.constant(['àbc', 'straße']), encoding='utf-8')",
    'S.bytes_split(u)',
    "S.bytes_split('abc')",
    "S.bytes_split(tf.constant([['ab'], ['c']]))",
    "S.join([['a', 'b'], ['c', 'd']], separator='+')",
    "S.join(['a', ['b', 'c']])",
    "S.join([tf.constant(['a', 'b']), tf.constant(['c', 'd', 'e'])])",
    'S.join([])',
    "S.join(['a', 'b'], separator=1)",
    "t + '!'",
    "S.join([t, '!'])",
    'S.to_hash_bucket_fast(t, 10)',
    'S.to_hash_bucket_strong(t, 10, [1, 2])',
    'S.to_hash_bucket(t, 10)',
    "S.unsorted_segment_join(['a', 'b', 'c'], [1, 0, 1], 2, separator=':')",
    "S.regex_replace(u, '.', 'x')",
    "S.regex_full_match(u, '.{5}')",
    "S.split(u, sep='ö')",
    "S.unicode_decode(u, 'UTF-16-BE')",
    "S.unicode_decode(u, 'UTF-7')",
    "S.unicode_encode([65], 'ASCII')",
    "tf.constant(['a', 'b']) == 'a'",
    "tf.strings.length(tf.ragged.constant([['ab', 'c'], []]))",
    "S.lower(tf.ragged.constant([['AB', 'C'], []]))",
    "S.split(tf.ragged.constant([['a b', 'c'], []]))",
    'S.as_string(tf.constant([1.0, 2.0]), precision=-2)',
    'S.as_string(tf.constant([1.23456789e-5]), precision=20)',
    "S.format('{}', tf.constant([1.5, 2.25], tf.float64))",
    "S.format('{}', [tf.ragged.constant([[1], [2, 3]])])",
    "S.format('x{}', tf.constant(1), name='f')",
    "tf.strings.reduce_join(tf.constant([['a', 'b'], ['c', 'd']]), 1, separator=', ')",
    "tf.strings.split(tf.constant(['a b']), sep=' ', maxsplit=-1)",
    "tf.strings.split(tf.constant([b'\\xff b\\xfe c']))",
    "tf.strings.split(tf.constant(['a\\u3000b\\u00a0c']))",
]

PRELUDES["lookup"] = r"""import numpy as np, os, tempfile
TMP = tempfile.mkdtemp()
KV = tf.lookup.KeyValueTensorInitializer
def wfile(name, text):
    p = os.path.join(TMP, name)
    open(p, 'w').write(text)
    return p
VOC = wfile('v.txt', 'apple\nbanana\ncherry\n')
TSV = wfile('t.tsv', 'apple\t3\nbanana\t5\n')
sh = tf.lookup.StaticHashTable(KV(['a', 'b'], [1, 2]), default_value=-1)
svt = tf.lookup.StaticVocabularyTable(KV(['a', 'b'], tf.constant([0, 1], tf.int64)),
                                      num_oov_buckets=3)
m = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, default_value=-1)
mv = tf.lookup.experimental.MutableHashTable(tf.string, tf.float32, default_value=[0., 0.])
d = tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, default_value=-1, empty_key=0,
                                          deleted_key=-1)
def ins(t, k, v):
    t.insert(k, v)
    return t.size()
def exp(t):
    k, v = t.export()
    o = np.argsort(k.numpy())
    return k.numpy()[o].tolist(), v.numpy()[o].tolist()
"""
SECTIONS["lookup"] = [
    "sh.lookup(tf.constant(['a', 'z', 'b']))",
    "sh.lookup(tf.constant([['a'], ['q']]))",
    "sh.lookup(tf.ragged.constant([['a', 'q'], ['b']]))",
    "sh.lookup(tf.sparse.SparseTensor([[0, 0]], ['b'], [2, 2]))",
    'sh.size()',
    'sh.key_dtype, sh.value_dtype, sh.default_value',
    'sh.lookup(tf.constant([1]))',
    "sh.lookup('a')",
    "sh[tf.constant('b')]",
    "tf.lookup.StaticHashTable(KV(['a', 'b'], [1, 2]), default_value='x')",
    "tf.lookup.StaticHashTable(KV(['a', 'a'], [1, 2]), "
    "default_value=-1).lookup(tf.constant(['a']))",
    "tf.lookup.StaticHashTable(KV(['a', 'b'], [1]), default_value=-1)",
    "tf.lookup.StaticHashTable(KV([1, 2], ['x', 'y']), "
    "default_value='?').lookup(tf.constant([2, 5]))",
    'tf.lookup.StaticHashTable(KV(tf.constant([1, 2], tf.int32), [1.5, 2.5]), '
    '-1.).lookup(tf.constant([1, 3], tf.int32))',
    "tf.lookup.StaticHashTable(KV(['a'], [1], key_dtype=tf.string, value_dtype=tf.int64), "
    "-1).lookup(tf.constant(['a']))",
    "KV(['a', 'b'], [1, 2]).key_dtype, KV(['a', 'b'], [1, 2]).value_dtype",
    "svt.lookup(tf.constant(['a', 'b', 'c', 'zz', 'yyy']))",
    'svt.size()',
    "svt.lookup(tf.ragged.constant([['a', 'c'], []]))",
    "tf.lookup.StaticVocabularyTable(KV(['a'], tf.constant([0], tf.int64)), num_oov_buckets=0)",
    "tf.lookup.StaticVocabularyTable(KV(['a'], tf.constant([0], tf.int64)), num_oov_buckets=-1)",
    "tf.lookup.StaticVocabularyTable(KV(['a'], tf.constant([0], tf.int32)), num_oov_buckets=1)",
    "tf.lookup.StaticVocabularyTable(KV(['a'], tf.constant([0], tf.int64)), 2, "
    'lookup_key_dtype=tf.int64)',
    'tf.lookup.StaticVocabularyTable(tf.lookup.TextFileInitializer(VOC, tf.string, '
    'tf.lookup.TextFileIndex.WHOLE_LINE, tf.int64, tf.lookup.TextFileIndex.LINE_NUMBER), '
    "1).lookup(tf.constant(['cherry', 'kiwi', 'apple']))",
    'tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(TSV, tf.string, 0, tf.int64, 1, '
    "delimiter='\\t'), -1).lookup(tf.constant(['banana', 'x']))",
    'tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(VOC, tf.string, 0, tf.int64, 1), '
    '-1)',
    "tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(os.path.join(TMP, 'none.txt'), "
    'tf.string, -2, tf.int64, -1), -1)',
    'tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(VOC, tf.string, -2, tf.int64, -1, '
    "vocab_size=2), -1).lookup(tf.constant(['apple', 'cherry']))",
    'tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(VOC, tf.string, -2, tf.int64, -1, '
    'vocab_size=5), -1)',
    'tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(VOC, tf.int64, -2, tf.int64, -1), '
    '-1)',
    'tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(VOC, tf.int64, -1, tf.string, '
    "-2), '?').lookup(tf.constant([0, 2, 7], tf.int64))",
    'tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(VOC, tf.string, -2, tf.int32, '
    "-1), -1).lookup(tf.constant(['banana']))",
    'tf.lookup.TextFileIndex.WHOLE_LINE, tf.lookup.TextFileIndex.LINE_NUMBER',
    "ins(m, tf.constant(['x', 'y']), tf.constant([1, 2], tf.int64))",
    "m.lookup(tf.constant(['x', 'q']))",
    "m.insert(tf.constant(['x']), tf.constant([5], tf.int64)) or m.lookup(tf.constant(['x']))",
    "m.remove(tf.constant(['y', 'nope'])) or m.size()",
    'exp(m)',
    "m.insert(tf.constant(['x']), tf.constant([5], tf.int32))",
    "m.insert(tf.constant(['x', 'y']), tf.constant([5], tf.int64))",
    'm.insert(tf.constant([1]), tf.constant([5], tf.int64))',
    'm.lookup(tf.constant([1]))',
    'm.key_dtype, m.value_dtype, m.name',
    'm.remove(tf.constant([1]))',
    "m.lookup(tf.constant('x'))",
    "m[tf.constant(['x'])]",
    "ins(mv, tf.constant(['a']), tf.constant([[1., 2.]]))",
    "mv.lookup(tf.constant(['a', 'b']))",
    "mv.insert(tf.constant(['a']), tf.constant([[1., 2., 3.]]))",
    'tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, default_value=[-1, '
    "-1]).lookup(tf.constant(['a']))",
    'tf.lookup.experimental.MutableHashTable(tf.int64, tf.string, '
    "default_value='?').lookup(tf.constant([3], tf.int64))",
    'ins(d, tf.constant([5, 7], tf.int64), tf.constant([50, 70], tf.int64))',
    'd.lookup(tf.constant([5, 6, 7], tf.int64))',
    'd.remove(tf.constant([5], tf.int64)) or (d.size(), d.lookup(tf.constant([5], tf.int64)))',
    'exp(d)',
    'd.insert(tf.constant([0], tf.int64), tf.constant([1], tf.int64))',
    'd.insert(tf.constant([-1], tf.int64), tf.constant([1], tf.int64))',
    'd.lookup(tf.constant([0], tf.int64))',
    'tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, default_value=-1, empty_key=0, '
    'deleted_key=0)',
    'tf.lookup.experimental.DenseHashTable(tf.string, tf.float32, default_value=-1., '
    "empty_key='', deleted_key='$').lookup(tf.constant(['a']))",
    'ins(tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, default_value=-1, '
    'empty_key=0, deleted_key=-1, initial_num_buckets=4), tf.range(1, 20, dtype=tf.int64), '
    'tf.range(1, 20, dtype=tf.int64))',
    'tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, default_value=-1, empty_key=0, '
    'deleted_key=-1, initial_num_buckets=3)',
    'd.erase(tf.constant([7], tf.int64)) or d.size()',
    'type(sh).__name__, type(m).__name__',
    'sh.resource_handle.dtype',
    'tf.lookup.StaticHashTable(KV(tf.constant([], tf.string), tf.constant([], tf.int64)), '
    '-1).size()',
    "tf.lookup.StaticHashTable(KV(['a'], [1]), default_value=[-1, -2])",
    "tf.lookup.StaticHashTable(KV(['a', 'b'], [1, 2]), -1).lookup(tf.constant(['a', "
    "'b'])).dtype",
    "tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1, name='tbl').name",
    "tf.lookup.StaticHashTable(KV(['a'], [1]), -1, name='st').name",
    "tf.lookup.StaticVocabularyTable(KV(['a'], tf.constant([0], tf.int64)), 1, name='voc').name",
    "tf.function(lambda k: sh.lookup(k))(tf.constant(['b', 'x']))",
    'tf.function(lambda k: (m.insert(k, tf.constant([9], tf.int64)), '
    "m.lookup(k))[1])(tf.constant(['w']))",
    "tf.data.Dataset.from_tensor_slices(['a', 'b', "
    "'z']).map(sh.lookup).batch(3).get_single_element()",
    "sh.lookup(tf.constant(['a'], tf.string), name='lk')",
    'svt.lookup(tf.constant([1]))',
    "tf.lookup.StaticVocabularyTable(KV(['a'], tf.constant([0], tf.int64)), 1, "
    "experimental_is_anonymous=True).lookup(tf.constant(['b']))",
    'svt.resource_handle.dtype',
]

PRELUDES["data_function_keras"] = r"""import numpy as np
D = tf.data.Dataset
a = tf.ragged.constant([[1, 2, 3], [], [4, 5]])
seqs = [[1, 2, 3], [4], [5, 6], [7, 8, 9, 10]]
gen = lambda: (s for s in seqs)
dsv = D.from_generator(gen, output_signature=tf.TensorSpec([None], tf.int32))
def take(ds):
    return [x for x in ds]
sig = tf.function(lambda x: x.row_lengths(), input_signature=[tf.RaggedTensorSpec(
    [None, None], tf.int32, ragged_rank=1, row_splits_dtype=tf.int64)])

def tv(data, kw):
    layer = tf.keras.layers.TextVectorization(**kw)
    if 'vocabulary' not in kw:
        layer.adapt(data)
    out = layer(tf.constant(data))
    out = out.to_list() if hasattr(out, 'to_list') else out
    return layer.get_vocabulary(), np.round(np.asarray(out), 4).tolist()
def tvl(data, kw):
    layer = tf.keras.layers.TextVectorization(**kw)
    layer.adapt(tf.data.Dataset.from_tensor_slices(data).batch(2))
    return (layer.get_vocabulary(), layer.vocabulary_size(), layer.get_config()['max_tokens'],
            np.round(np.asarray(layer(data)), 4).tolist())
def sl(fit, x, kw):
    layer = tf.keras.layers.StringLookup(**kw)
    if fit is not None:
        layer.adapt(fit)
    out = layer(x)
    out = out.to_list() if hasattr(out, 'to_list') else np.asarray(out).tolist()
    return layer.get_vocabulary(), out
def il(fit, x, kw):
    layer = tf.keras.layers.IntegerLookup(**kw)
    if fit is not None:
        layer.adapt(fit)
    return layer.get_vocabulary(), np.asarray(layer(x)).tolist()
"""
SECTIONS["data_function_keras"] = [
    'take(dsv.ragged_batch(2))',
    'take(dsv.padded_batch(2))',
    'take(dsv.padded_batch(2, padded_shapes=[5], padding_values=-1))',
    'take(dsv.padded_batch(3, drop_remainder=True))',
    'take(dsv.padded_batch(2, padded_shapes=[2]))',
    'take(dsv.batch(2))',
    'take(dsv.apply(tf.data.experimental.dense_to_ragged_batch(3)))',
    'take(dsv.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3], [2, 2]))',
    'take(D.from_tensor_slices(a))',
    'take(D.from_tensor_slices(a).batch(2))',
    'take(D.from_tensor_slices(a).map(lambda x: x * 2))',
    'take(D.from_tensor_slices(a).map(lambda x: tf.reduce_sum(x)))',
    'D.from_tensor_slices(a).element_spec',
    'D.from_tensor_slices(a).batch(2).element_spec',
    'dsv.ragged_batch(2).element_spec',
    'dsv.padded_batch(2).element_spec',
    'D.from_tensors(a).element_spec',
    'take(D.from_tensor_slices(a).unbatch())',
    "take(D.from_tensor_slices(tf.constant(['a b', 'c d e'])).map(tf.strings.split))",
    "take(D.from_tensor_slices(tf.constant(['a b', 'c d "
    "e'])).map(tf.strings.split).ragged_batch(2))",
    "take(D.from_tensor_slices(tf.constant(['a b', 'c d e', "
    "'f'])).batch(2).map(tf.strings.split))",
    "take(D.from_tensor_slices(tf.constant(['a b', 'c d e', "
    "'f'])).map(tf.strings.split).padded_batch(2, padding_values='<pad>'))",
    'take(dsv.ragged_batch(2, row_splits_dtype=tf.int32))',
    'take(dsv.ragged_batch(2).unbatch())',
    'take(D.from_tensor_slices(a).ragged_batch(2))',
    'take(D.range(4).map(lambda i: tf.range(i)).ragged_batch(4))',
    'take(D.range(4).map(lambda i: tf.range(i)).batch(2))',
    'take(D.range(4).map(lambda i: tf.fill([i, 2], i)).ragged_batch(2))',
    'take(D.range(4).map(lambda i: tf.fill([i, 2], i)).padded_batch(2))',
    'take(D.from_tensor_slices(a).map(lambda x: tf.pad(x, [[0, 1]])))',
    'sig(a)',
    'sig(tf.ragged.constant([[1, 2], [3]], dtype=tf.int64))',
    'sig(tf.constant([[1, 2]]))',
    'sig(tf.ragged.constant([[[1]]]))',
    'sig(tf.ragged.constant([[1, 2], [3]], row_splits_dtype=tf.int32))',
    'sig.get_concrete_function().structured_input_signature',
    'sig.get_concrete_function().structured_outputs',
    'tf.function(lambda x: x + 1)(a)',
    'tf.function(lambda x: tf.reduce_mean(tf.cast(x, tf.float32), axis=1))(a)',
    'tf.function(lambda x: x.to_tensor())(a)',
    'tf.function(lambda x: tf.RaggedTensor.from_row_lengths(x, [2, 1]))(tf.constant([1, 2, 3]))',
    "tf.function(lambda x: tf.strings.split(x))(tf.constant(['a b', 'c']))",
    'tf.function(lambda x: x.shape)(a)',
    'tf.function(lambda x: x.nrows())(a)',
    'tf.function(lambda x: x.bounding_shape())(a)',
    'tf.function(lambda x: tf.ragged.range(x))(tf.constant([2, 3]))',
    'tf.function(lambda x: x[:, :1])(a)',
    'tf.RaggedTensorSpec([None, None], tf.int32)',
    'tf.RaggedTensorSpec([2, None, 3], tf.float32, ragged_rank=1)',
    'tf.RaggedTensorSpec([2, None], tf.string, flat_values_spec=tf.TensorSpec([None], '
    'tf.string))',
    'tf.RaggedTensorSpec([None, None], tf.int32).is_compatible_with(a)',
    'tf.RaggedTensorSpec(shape=[None, None, None], ragged_rank=1)',
    'tf.RaggedTensorSpec(shape=[None], ragged_rank=1)',
    'tf.RaggedTensorSpec([3, None], tf.int32) == tf.RaggedTensorSpec([3, None], tf.int32, 1)',
    'tf.RaggedTensorSpec([3, None], tf.int32).shape, tf.RaggedTensorSpec([3, None], '
    'tf.int32).row_splits_dtype',
    'tf.keras.layers.TextVectorization(max_tokens=6, output_sequence_length=4)',
    "tv(['the cat sat', 'the dog', 'a cat and a dog'], dict(max_tokens=6))",
    "tv(['the cat sat', 'the dog', 'a cat and a dog'], dict(output_mode='multi_hot'))",
    "tv(['the cat sat', 'the dog', 'a cat and a dog'], dict(output_mode='count', max_tokens=5))",
    "tv(['the cat sat', 'the dog', 'a cat and a dog'], dict(output_mode='tf_idf'))",
    "tv(['the cat sat', 'the dog', 'a cat and a dog'], dict(ngrams=2, max_tokens=8))",
    "tv(['the cat sat', 'the dog', 'a cat and a dog'], dict(ragged=True))",
    "tv(['The Cat, sat!', 'the DOG.'], dict(standardize=None))",
    "tv(['The Cat, sat!', 'the DOG.'], dict(standardize='lower', split='character', "
    'max_tokens=10))',
    "tv(['the cat sat', 'the dog'], dict(output_sequence_length=2, pad_to_max_tokens=True, "
    'max_tokens=4))',
    "tv(['the cat sat', 'the dog'], dict(vocabulary=['cat', 'dog']))",
    "tvl(['the cat sat', 'the dog', 'the'], dict(max_tokens=4))",
    "tvl(['the cat sat', 'the dog', 'the'], dict(output_mode='tf_idf'))",
    "sl(['a', 'b', 'a', 'c'], ['a', 'z', 'c'], {})",
    "sl(['a', 'b', 'a', 'c'], ['a', 'z', 'c'], dict(num_oov_indices=2))",
    "sl(['a', 'b', 'a', 'c'], ['a', 'z', 'c'], dict(mask_token=''))",
    "sl(['a', 'b', 'a', 'c'], ['a', 'z', 'c'], dict(output_mode='one_hot'))",
    "sl(['a', 'b', 'a', 'c'], [['a', 'z'], ['c', 'c']], dict(output_mode='count'))",
    "sl(['a', 'b', 'a', 'c'], ['a', 'z', 'c'], dict(invert=False, max_tokens=3))",
    "sl(None, ['a', 'z', 'c'], dict(vocabulary=['c', 'a']))",
    "sl(None, [2, 0, 1, 5], dict(vocabulary=['c', 'a'], invert=True))",
    "sl(['a', 'b', 'a', 'c'], tf.ragged.constant([['a', 'z'], ['c']]), {})",
    "sl(None, ['a'], dict(vocabulary=['a', 'a']))",
    "sl(None, ['a'], dict(vocabulary=['[UNK]', 'a']))",
    "sl(None, ['a'], dict(num_oov_indices=0, vocabulary=['b']))",
    'il([1, 2, 2, 7], [1, 7, 9], {})',
    'il([1, 2, 2, 7], [1, 7, 9], dict(mask_token=0))',
    "il(None, [1, 7, 9], dict(vocabulary=[7, 1], output_mode='multi_hot'))",
]

PRELUDES["edges"] = r"""import numpy as np
R = tf.RaggedTensor
DRS = tf.experimental.DynamicRaggedShape
a = tf.ragged.constant([[1, 2, 3], [], [4, 5]])
b = tf.ragged.constant([[[1, 2, 3]], [[3, 4, 5], [5, 6, 7]]], ragged_rank=1)
bt = tf.ragged.constant([[True, False], [True]])
f = tf.ragged.constant([[1.5], [2.5, 3.]])
"""
SECTIONS["edges"] = [
    'a.to_tensor(default_value=[1, 2], shape=[3])',
    'b.to_tensor(default_value=[1, 2])',
    'a.to_tensor(shape=[3, 2, 2])',
    'b.to_tensor(shape=[3, 2, 2])',
    'a.to_tensor(default_value=[[1, 2, 3]])',
    'b.to_tensor(default_value=[[1, 2, 3]])',
    'b.to_tensor(default_value=[1, 2, 3], shape=[2, 2, 4])',
    'b.to_tensor(default_value=[1])',
    'b.to_tensor(shape=[2, None, 4])',
    'b.to_tensor(shape=[2, None, 3])',
    'b.to_tensor(default_value=[7, 8, 9], shape=[1, 3, None])',
    'a & a',
    'a | 1',
    'a ^ a',
    '~a',
    '~bt',
    'bt & True',
    'True | bt',
    'bt ^ bt',
    '3 & a',
    'a * tf.ragged.constant([[1, 2], [3], [], [4, 5, 6]])',
    'a + tf.constant([[1], [2]])',
    'tf.broadcast_to(tf.constant([[1, 2, 3]]), DRS.from_lengths([3, 2]))',
    'tf.broadcast_to(tf.ragged.constant([[1], [2]]), DRS.from_lengths([3, (1, 1, 1)]))',
    'b + tf.constant([1, 2])',
    'a + tf.constant([[1, 2]])',
    'tf.ragged.constant([[1, 2], [3]]) * tf.ones([4, 1], tf.int32)',
    'a + 1.5',
    '1.5 * a',
    'f + np.float64(1.5)',
    'f * np.int64(2)',
    'a + np.int64(2)',
    'a + 2**40',
    'tf.add(a, 1.5)',
    'tf.where(a > 2, a, 0.5)',
    'tf.maximum(f, 1)',
    'a + [1.5, 2.5, 3.5]',
    'f + True',
    'tf.where(tf.constant([True]), tf.constant([1]), tf.constant([0.5]))',
    'tf.where(tf.constant([True]), tf.constant([1]), 0.5)',
    'tf.where(tf.constant([True]), tf.constant([0.5]), tf.constant([1]))',
    'tf.ragged.constant([[1], [2, 3]]) + tf.ragged.constant([[10, 20], [30, 40]])',
    'tf.ragged.constant([[1], [2, 3]]) + tf.ragged.constant([[10, 20], [30, 40, 50]])',
    'tf.ragged.constant([[[1, 2], [3]], [[4]]]) + tf.ragged.constant([[[1], [2, 3]], [[4]]])',
    'tf.ragged.constant([[[1, 2], [3]], [[4]]]) + tf.ragged.constant([[[1, 2]], [[3], [4]]])',
    'tf.ragged.constant([[1, 2], [3]]) + tf.ragged.constant([[1], [2, 3]], '
    'row_splits_dtype=tf.int32)',
    'tf.ragged.constant([[1, 2], [3]]) * tf.ragged.constant([[5, 6], [7]])',
    'tf.ragged.constant([[1, 2], []]) - tf.ragged.constant([[1], [2]])',
    'tf.math.maximum(tf.ragged.constant([[1.0, 2], [3]]), tf.ragged.constant([[1.0], [2, 3]]))',
    'tf.ragged.constant([[1, 2]]) + tf.ragged.constant([[1, 2], [3, 4]])',
    'tf.ragged.constant([[1], [2]]) + tf.ragged.constant([[1, 2], [3]])',
    'R.from_uniform_row_length([1, 2, 3, 4], 2) + tf.ragged.constant([[1, 2], [3, 4]])',
    'R.from_uniform_row_length([1, 2, 3, 4], 2) + tf.ragged.constant([[1, 2, 3], [4]])',
    'b.row_lengths(axis=2)',
    'b.row_lengths(axis=-1)',
    'tf.ragged.constant([[[1, 2]], [[3, 4]]], ragged_rank=1).row_lengths(axis=3)',
    'R.from_tensor([[1, 2], [3, 4]], ragged_rank=True)',
    'R.from_tensor([[1, 2], [3, 4]], ragged_rank=0)',
    'R.from_tensor([[1, 2], [3, 4]], ragged_rank=1.0)',
    'R.from_tensor([[[1, 0], [2, 3]], [[4, 0], [0, 0]]], lengths=([2, 1], [1, 2, 1]))',
    'R.from_tensor([[[1, 0], [2, 3]], [[4, 0], [0, 0]]], lengths=([2, 1], [1, 2, 1]), '
    'ragged_rank=2)',
    'R.from_tensor([[[1, 0], [2, 3]], [[4, 0], [0, 0]]], lengths=([2, 1], [1, 2, 1]), '
    'ragged_rank=3)',
    'R.from_tensor([[[1, 0], [2, 3]]], padding=[0, 0])',
    'R.from_tensor([[[1, 0], [2, 3]]], padding=[[0, 0]])',
    'R.from_tensor(tf.zeros([2, 3, 4]), ragged_rank=2).shape',
    'a.with_values(5)',
    'a.with_values(tf.ragged.constant([[1], [2], [3], [4], [5]]))',
    'a.with_values(tf.ragged.constant([[1], [2]]))',
    'a.with_flat_values(tf.constant([1, 2]))',
    'tf.ragged.map_flat_values(tf.add, a, tf.ragged.constant([[1, 2], [3, 4, 5]]))',
    'tf.ragged.map_flat_values(tf.add, a, tf.ragged.constant([[1, 2, 3], [], [4, 5]], '
    'row_splits_dtype=tf.int32))',
    'tf.ragged.map_flat_values(tf.add, b, tf.ragged.constant([[[1, 2, 3]], [[3, 4, 5], [5, 6, '
    '7]]], ragged_rank=1))',
    'tf.ragged.map_flat_values(lambda x: 5, a)',
    'tf.ragged.map_flat_values(tf.math.reduce_sum, b, axis=1)',
    'tf.ragged.map_flat_values(tf.add, x=a, y=a)',
    'tf.ragged.map_flat_values(tf.stack, [a, a], axis=1)',
    "tf.ragged.map_flat_values(lambda d: d['x'] * 2, {'x': a})",
    'tf.ragged.map_flat_values(tf.add, 1, 2)',
    'tf.concat([a, a], axis=-3)',
    'tf.stack([a, a], axis=3)',
    'tf.stack([a, a], axis=-4)',
    'tf.concat([b, b], axis=2)',
    'tf.concat([b, b], axis=3)',
    'tf.stack([b, b], axis=3)',
    'a.merge_dims(-3, 0)',
    'b.merge_dims(1, 2)',
    'b.merge_dims(0, 2)',
    'b.merge_dims(2, 3)',
    'tf.ragged.boolean_mask(a, tf.constant(True))',
    'tf.ragged.boolean_mask(a, [True])',
    'tf.ragged.boolean_mask(a, [[True], [False]])',
    'tf.ragged.boolean_mask(tf.constant([[1, 2], [3, 4]]), [True, False])',
    'tf.ragged.boolean_mask(tf.constant([[1, 2], [3, 4]]), [[True, False], [True, True]])',
    'tf.ragged.boolean_mask(tf.constant([[[1], [2]], [[3], [4]]]), [[True, False], [True, '
    'True]])',
    'R.from_value_rowids([1, 2], [0, 1], nrows=tf.constant(-1, tf.int64))',
    'R.from_value_rowids([1, 2], [0, 1], nrows=0)',
    'R.from_uniform_row_length([], 0)',
    'R.from_uniform_row_length([1, 2], -2, validate=False)',
    'R.from_uniform_row_length([1, 2, 3, 4], [2])',
    'tf.RaggedTensorSpec([None, None], tf.int32, flat_values_spec=tf.TensorSpec([None], '
    'tf.int32))',
    'tf.RaggedTensorSpec([None, None], tf.float32, flat_values_spec=tf.TensorSpec([None], '
    'tf.int32))',
    'tf.RaggedTensorSpec([None, None, 2], ragged_rank=1, flat_values_spec=tf.TensorSpec([None, '
    '2]))',
    "tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(['a'], [1]), -1, "
    "name='st').name",
    'tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer(tf.constant([5], '
    'tf.int64), tf.constant([0], tf.int64)), 2, lookup_key_dtype=tf.string)',
    'tf.lookup.StaticVocabularyTable(tf.lookup.KeyValueTensorInitializer(tf.constant([5], '
    'tf.int64), tf.constant([0], tf.int64)), 2, '
    'lookup_key_dtype=tf.int32).lookup(tf.constant([5, 7], tf.int32))',
    "tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(['a'], [1]), "
    'default_value=[[-1]])',
    "tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(['a'], [1.5]), "
    'default_value=tf.constant([0.]))',
    'tf.lookup.experimental.MutableHashTable(tf.int64, tf.int64, -1).remove(tf.constant([1]))',
    'tf.lookup.experimental.MutableHashTable(tf.int64, tf.int64, -1).remove(tf.constant([1], '
    'tf.int64))',
    'tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, '
    "-1).remove(tf.constant(['a']))",
    'tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, '
    '-1).remove(tf.constant([1]))',
    "tf.strings.format('{}', 'abc')",
    "tf.strings.format('{}{}{}', 'abc')",
    "tf.strings.format('{}', np.array([1, 2]))",
    "tf.strings.format('{} {}', np.array([1, 2]))",
    "tf.strings.format('{}', {'a': 1})",
    "tf.strings.format('{}', (tf.constant(1),))",
    "tf.strings.format('{}', tf.ragged.constant([[1, 2], [3]]))",
    'tf.strings.reduce_join([[]])',
    'tf.strings.reduce_join(tf.constant([], tf.string))',
    'tf.strings.reduce_join([], axis=0)',
    "tf.strings.reduce_join(['a', 'b'], axis=0, keepdims=True)",
]

PRELUDES["text_layers_and_strings"] = r"""import numpy as np
D = tf.data.Dataset
L = tf.keras.layers
a = tf.ragged.constant([[1, 2, 3], [], [4, 5]])
n3 = tf.ragged.constant([[[1, 2], [3]], [], [[4, 5, 6]]])
def cfg(layer):
    c = layer.get_config()
    return sorted((k, v) for k, v in c.items() if k not in ('dtype',))
def tvec(**kw):
    return L.TextVectorization(**kw)
def run(layer, data, adapt=None):
    if adapt is not None:
        layer.adapt(adapt)
    out = layer(data)
    return out.to_list() if hasattr(out, 'to_list') else np.asarray(out).tolist()
DOCS = ['The quick brown fox.', 'the LAZY dog!', 'fox, dog; and cat']
"""
SECTIONS["text_layers_and_strings"] = [
    'a[3]',
    'a[1, 0]',
    'a[0, 5]',
    'a[:, 1]',
    'a[..., 0]',
    'a[tf.newaxis]',
    'a[:, tf.newaxis]',
    'a[1:, 1:]',
    'a[::-1]',
    'a[:, ::2]',
    'a[:, -1:]',
    'n3[0, 1, 0]',
    'n3[:, 0]',
    'n3[:, :, :1]',
    'a[tf.constant(0)]',
    'a[[0, 1]]',
    "a['x']",
    'a[0.5]',
    'tf.function(lambda x: x[:, 0])(a)',
    'tf.function(lambda x: x.to_list())(a)',
    'tf.function(lambda x: x.numpy())(a)',
    'tf.function(lambda x: len(x))(a)',
    'tf.function(lambda x: tf.shape(x))(a)',
    'tf.function(lambda x: x.row_splits, input_signature=[tf.RaggedTensorSpec([None, None], '
    'tf.int32)])(tf.ragged.constant([[1.0]]))',
    'tf.function(lambda x: x.row_splits, input_signature=[tf.RaggedTensorSpec([2, None], '
    'tf.int32)])(a)',
    'tf.function(lambda x: x.row_splits, input_signature=[tf.RaggedTensorSpec([None, None], '
    'tf.int32, row_splits_dtype=tf.int32)])(a)',
    'tf.function(lambda x: x.flat_values, input_signature=[tf.RaggedTensorSpec([None, None, '
    'None], tf.int32, ragged_rank=2)])(n3)',
    'tf.function(lambda x: x.flat_values, input_signature=[tf.RaggedTensorSpec([None, None, '
    'None], tf.int32, ragged_rank=1)])(n3)',
    'tf.function(lambda x: x * 2).get_concrete_function(tf.RaggedTensorSpec([None, None], '
    'tf.int32)).structured_outputs',
    'tf.function(lambda x: tf.reduce_sum(x, '
    '1)).get_concrete_function(tf.RaggedTensorSpec([None, None], tf.float32)).output_shapes',
    '[x.to_list() for x in D.from_tensor_slices(a).padded_batch(2)]',
    '[x.numpy().tolist() for x in D.range(5).map(lambda i: tf.range(i)).padded_batch(2, '
    'padded_shapes=[3])]',
    '[x.numpy().tolist() for x in D.range(3).map(lambda i: tf.range(i)).padded_batch(2, '
    'padding_values=tf.constant(-1, tf.int64))]',
    '[x.numpy().tolist() for x in D.range(3).map(lambda i: tf.range(i)).padded_batch(2, '
    'padding_values=-1)]',
    '[x for x in D.range(3).map(lambda i: tf.range(i)).padded_batch(2, padded_shapes=[None, '
    'None])]',
    '[x.to_list() for x in D.range(5).map(lambda i: tf.range(i)).ragged_batch(2, '
    'drop_remainder=True)]',
    'D.range(5).map(lambda i: tf.range(i)).ragged_batch(2, drop_remainder=True).element_spec',
    'D.range(5).map(lambda i: tf.range(i)).padded_batch(2, drop_remainder=True).element_spec',
    '[x.to_list() for x in D.from_tensor_slices(n3).ragged_batch(2)]',
    'D.from_tensor_slices(n3).element_spec',
    "[x.to_list() for x in D.from_tensor_slices({'a': a}).batch(2).map(lambda d: d['a'])]",
    'list(D.from_tensor_slices(a).map(lambda x: tf.size(x)).as_numpy_iterator())',
    'list(D.from_tensor_slices(a).as_numpy_iterator())',
    "list(D.from_tensor_slices(tf.ragged.constant([['a', 'b'], ['c']])).as_numpy_iterator())",
    'list(D.range(3).map(lambda i: tf.RaggedTensor.from_row_lengths(tf.range(i * 2), [i, '
    'i])).as_numpy_iterator())',
    'list(D.range(4).map(lambda i: tf.range(i)).ragged_batch(2).as_numpy_iterator())',
    'run(tvec(), tf.constant(DOCS), DOCS)',
    "run(tvec(max_tokens=5, output_mode='int', output_sequence_length=3), tf.constant(DOCS), "
    'DOCS)',
    "run(tvec(split=None, standardize=None, max_tokens=4), tf.constant(['a', 'b', 'a']), ['a', "
    "'b', 'a'])",
    "run(tvec(standardize='strip_punctuation'), tf.constant(DOCS), DOCS)",
    "run(tvec(standardize=lambda s: tf.strings.regex_replace(s, 'o', '0')), tf.constant(DOCS), "
    'DOCS)',
    "run(tvec(split='whitespace', ngrams=(1, 2), max_tokens=6), tf.constant(DOCS), DOCS)",
    "run(tvec(output_mode='multi_hot', max_tokens=5), tf.constant([DOCS[0]]), DOCS)",
    "run(tvec(output_mode='count', max_tokens=5), tf.constant([DOCS[0]]), DOCS)",
    "run(tvec(output_mode='tf_idf', max_tokens=5), tf.constant([DOCS[0]]), DOCS)",
    "run(tvec(vocabulary=['fox', 'dog']), tf.constant(DOCS))",
    "run(tvec(vocabulary=['fox', 'dog'], output_mode='multi_hot'), tf.constant(DOCS))",
    "run(tvec(vocabulary=['fox', 'dog'], output_mode='tf_idf'), tf.constant(DOCS))",
    "run(tvec(vocabulary=['fox', 'dog'], output_mode='tf_idf', idf_weights=[0.5, 0.25]), "
    'tf.constant(DOCS))',
    "run(tvec(vocabulary=['fox', 'fox']), tf.constant(DOCS))",
    "run(tvec(vocabulary=['', 'fox']), tf.constant(DOCS))",
    "run(tvec(output_mode='bogus'), tf.constant(DOCS))",
    "run(tvec(split='bogus'), tf.constant(DOCS))",
    "run(tvec(standardize='bogus'), tf.constant(DOCS))",
    'run(tvec(output_sequence_length=2, ragged=True), tf.constant(DOCS))',
    "run(tvec(output_mode='multi_hot', ragged=True), tf.constant(DOCS))",
    'run(tvec(ngrams=0), tf.constant(DOCS))',
    'run(tvec(max_tokens=1), tf.constant(DOCS), DOCS)',
    "run(tvec(vocabulary=['fox', 'dog'], ragged=True), tf.constant(DOCS))",
    "run(tvec(vocabulary=['fox', 'dog']), tf.constant([['a fox'], ['dog dog']]))",
    "run(tvec(vocabulary=['fox', 'dog'], split=None), tf.constant(['fox', 'dog', 'x']))",
    "run(tvec(vocabulary=['fox', 'dog']), tf.constant('fox dog'))",
    "tvec(vocabulary=['fox', 'dog']).get_vocabulary(include_special_tokens=False)",
    "tvec(vocabulary=['fox', 'dog']).vocabulary_size()",
    'cfg(tvec(max_tokens=5, ngrams=2))',
    "cfg(tvec(vocabulary=['fox', 'dog']))",
    'tvec(max_tokens=5).compute_output_shape((None,))',
    'tvec(output_sequence_length=4).compute_output_shape((None,))',
    "tvec(output_mode='multi_hot', max_tokens=4).compute_output_shape((None,))",
    "run(L.StringLookup(vocabulary=['a', 'b'], output_mode='multi_hot'), tf.constant([['a', "
    "'c'], ['b', 'b']]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], output_mode='count', pad_to_max_tokens=True, "
    "max_tokens=5), tf.constant([['a', 'c'], ['b', 'b']]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], invert=True), tf.constant([0, 1, 2, 3]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], invert=True, mask_token='[M]'), tf.constant([0, "
    '1, 2]))',
    "run(L.StringLookup(vocabulary=['a', 'b'], oov_token='<oov>'), tf.constant(['z']))",
    "run(L.StringLookup(vocabulary=['a', 'b'], num_oov_indices=0), tf.constant(['z']))",
    "run(L.StringLookup(vocabulary=['a', 'b'], num_oov_indices=3), tf.constant(['a', 'z', 'q', "
    "'zz']))",
    "run(L.StringLookup(vocabulary=['a', 'b'], output_mode='one_hot'), tf.constant([['a', "
    "'b']]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], output_mode='tf_idf', idf_weights=[0.5, 0.25]), "
    "tf.constant(['a', 'b', 'z']))",
    "run(L.StringLookup(max_tokens=3), tf.constant(['a', 'b', 'c']), ['a', 'a', 'b', 'c', 'c', "
    "'c'])",
    "run(L.StringLookup(), tf.sparse.SparseTensor([[0, 0], [1, 1]], ['a', 'q'], [2, 2]), ['a', "
    "'b'])",
    "run(L.StringLookup(vocabulary=['a', 'b']), tf.constant([1, 2]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], encoding='utf-8'), tf.constant(['é']))",
    "run(L.StringLookup(vocabulary=['a', None]), tf.constant(['a']))",
    "L.StringLookup(vocabulary=['a', 'b']).get_vocabulary()",
    "L.StringLookup(vocabulary=['a', 'b'], mask_token='').get_vocabulary()",
    "L.StringLookup(vocabulary=['a', 'b']).vocabulary_size()",
    "cfg(L.StringLookup(vocabulary=['a', 'b']))",
    'run(L.IntegerLookup(vocabulary=[10, 20]), tf.constant([10, 30, 20]))',
    'run(L.IntegerLookup(vocabulary=[10, 20], invert=True), tf.constant([0, 1, 2]))',
    'run(L.IntegerLookup(vocabulary=[10, 20], mask_token=0), tf.constant([0, 10, 30]))',
    'run(L.IntegerLookup(vocabulary=[10, 20]), tf.constant([1.5]))',
    "run(L.IntegerLookup(vocabulary=[10, 20], output_mode='multi_hot'), tf.constant([[10, 30], "
    '[20, 20]]))',
    'run(L.IntegerLookup(max_tokens=2), tf.constant([1, 2, 3]), [3, 3, 2, 1])',
    "run(L.Hashing(num_bins=5), tf.constant(['a', 'b', 'c']))",
    "run(L.Hashing(num_bins=5, salt=7), tf.constant(['a', 'b', 'c']))",
    "run(L.Hashing(num_bins=5, salt=[1, 2]), tf.constant(['a', 'b', 'c']))",
    "run(L.Hashing(num_bins=5, mask_value=''), tf.constant(['a', '', 'c']))",
    'run(L.Hashing(num_bins=5), tf.constant([1, 2, 3]))',
    "run(L.Hashing(num_bins=4, output_mode='one_hot'), tf.constant(['a', 'b']))",
    "run(L.Hashing(num_bins=4, output_mode='multi_hot'), tf.constant([['a', 'b']]))",
    "run(L.Hashing(num_bins=4), tf.ragged.constant([['a', 'b'], ['c']]))",
    "run(L.Hashing(num_bins=0), tf.constant(['a']))",
    "tf.strings.unicode_decode(['\\u00e9a', 'b'], 'UTF-8', replace_control_characters=True)",
    "tf.strings.unicode_decode(['a\\x01b'], 'UTF-8', replace_control_characters=True)",
    "tf.strings.unicode_decode([b'a\\xffb'], 'UTF-8', errors='replace', "
    'replace_control_characters=True)',
    "tf.strings.unicode_decode(['ab'], 'UTF-16-LE')",
    "tf.strings.unicode_decode([b'a\\x00b'], 'UTF-16-LE', errors='replace')",
    "tf.strings.unicode_decode([b'\\x00\\xd8'], 'UTF-16-LE', errors='replace')",
    "tf.strings.unicode_decode(tf.constant([['ab', 'c'], ['', 'd']]), 'UTF-8')",
    "tf.strings.unicode_decode(tf.ragged.constant([['ab', 'c'], []]), 'UTF-8')",
    "tf.strings.unicode_decode('abc', 'UTF-8')",
    "tf.strings.unicode_encode(tf.ragged.constant([[[97], [98, 99]], []]), 'UTF-8')",
    "tf.strings.unicode_encode(tf.constant([97, 98]), 'UTF-32-BE')",
    "tf.strings.unicode_encode(tf.constant([[97, 98]], tf.int64), 'UTF-8')",
    "tf.strings.unicode_encode(tf.constant([97]), 'UTF-9')",
    "tf.strings.unicode_transcode(['a\\u00e9'], 'UTF-8', 'UTF-16-LE')",
    "tf.strings.unicode_transcode([b'a\\xe9'], 'ISO-8859-1', 'UTF-8')",
    "tf.strings.unicode_transcode([b'a\\xe9'], 'US-ASCII', 'UTF-8', errors='replace')",
    "tf.strings.unicode_transcode(['a\\u00e9'], 'UTF-8', 'UTF-8', "
    'replace_control_characters=True)',
    "tf.strings.unicode_transcode(['ab'], 'UTF-8', 'UTF-8', replacement_char=-5)",
    "tf.strings.unicode_split(['héllo'], 'UTF-8').to_list()",
    "tf.strings.unicode_split(tf.constant([['ab'], ['c']]), 'UTF-8')",
    "tf.strings.unicode_split_with_offsets(['héllo'], 'UTF-8')",
    "tf.strings.unicode_decode_with_offsets([b'a\\xffb'], 'UTF-8', errors='ignore')",
    "tf.strings.substr(['héllo'], [1], [2], unit='UTF8_CHAR')",
    "tf.strings.substr(['héllo'], -3, 2, unit='UTF8_CHAR')",
    "tf.strings.substr(['héllo'], 6, 2, unit='UTF8_CHAR')",
    "tf.strings.substr(['héllo'], -6, 2, unit='UTF8_CHAR')",
    "tf.strings.substr(['héllo', 'ab'], [1, 0], [1])",
    "tf.strings.substr(['héllo'], 1, 2, unit='CHAR')",
    "tf.strings.substr(tf.ragged.constant([['abc'], ['de', 'f']]), 1, 1)",
    "tf.strings.split(['a--b--c'], sep='--', maxsplit=1)",
    "tf.strings.split([' a  b '], sep=' ')",
    "tf.strings.split(['a b'], sep=None, maxsplit=0)",
    "tf.strings.split(tf.constant([['a b']]), sep=' ')",
    'tf.strings.split(tf.constant(5))',
    "tf.strings.split(tf.constant([[['a b']]]))",
    "tf.strings.ngrams(tf.ragged.constant([['a', 'b', 'c'], []]), 2, separator='')",
    "tf.strings.ngrams(tf.ragged.constant([['a', 'b', 'c'], []]), (2, 3))",
    "tf.strings.ngrams(tf.ragged.constant([['a', 'b', 'c'], []]), 2, pad_values=('<', '>'), "
    'padding_width=2)',
    "tf.strings.ngrams(tf.ragged.constant([['a', 'b', 'c'], []]), 2, pad_values=('<', '>'), "
    'padding_width=5)',
    "tf.strings.ngrams(tf.ragged.constant([['a', 'b', 'c'], []]), 2, pad_values=1)",
    "tf.strings.ngrams(tf.ragged.constant([['a', 'b', 'c'], []]), 2, pad_values=('<', '>', "
    "'|'))",
    "tf.strings.ngrams(tf.ragged.constant([[['a', 'b'], ['c']]]), 2)",
    "tf.strings.ngrams(tf.constant([['a', 'b', 'c'], ['d', 'e', 'f']]), 2)",
    "tf.strings.ngrams(tf.constant('abc'), 2)",
    "tf.strings.ngrams(tf.ragged.constant([['a', 'b', 'c']]), -1)",
    "tf.strings.regex_replace(['aaa'], 'a*?', 'x')",
    "tf.strings.regex_replace(['abc'], '(?P<n>b)', '[\\\\1]')",
    "tf.strings.regex_replace(['abc'], 'b', '\\\\0\\\\0')",
    "tf.strings.regex_replace(['abc'], '(?i)B', 'x')",
    "tf.strings.regex_replace(['ab\\ncd'], '^c', 'x')",
    "tf.strings.regex_replace(['ab\\ncd'], '(?m)^c', 'x')",
    "tf.strings.regex_replace(['abc'], 'b', '\\\\2')",
    "tf.strings.regex_full_match(['abc', 'ab'], 'a(b|c)+')",
    "tf.strings.regex_full_match(['abc'], '(?<=a)b')",
    "tf.strings.regex_full_match(['é'], '.')",
    "tf.strings.regex_full_match(['é'], '\\\\w')",
    "tf.strings.regex_full_match(['aBc'], '[[:lower:]]+')",
    "tf.strings.to_number(['1_000'])",
    "tf.strings.to_number(['+5'], tf.int64)",
    "tf.strings.to_number(['-0'], tf.float32)",
    "tf.strings.to_number(['1e'], tf.float32)",
    "tf.strings.to_number(['.5'])",
    "tf.strings.to_number(['5.'])",
    "tf.strings.to_number(['0.1'], tf.float64)",
    "tf.strings.to_number(['3.4e39'], tf.float32)",
    "tf.strings.to_number(['1e-50'], tf.float32)",
    "tf.strings.to_number(['9223372036854775808'], tf.int64)",
    "tf.strings.to_number(['-2147483648'], tf.int32)",
    "tf.strings.to_number(tf.ragged.constant([['1', '2'], []]))",
    "tf.strings.as_string([1.5, -2.25], precision=1, width=7, fill=' ')",
    'tf.strings.as_string([1.5], precision=1, scientific=True)',
    'tf.strings.as_string([-1.5], width=-3)',
    'tf.strings.as_string([12345678.0])',
    'tf.strings.as_string([1e-5, 123456789.0], shortest=True)',
    'tf.strings.as_string(tf.constant([1.5], tf.float64), precision=10)',
    "tf.strings.as_string(tf.constant([255], tf.uint8), width=5, fill='0')",
    "tf.strings.as_string(tf.constant([-7], tf.int64), width=4, fill='0')",
    'tf.strings.as_string(tf.constant([1 + 2j]), precision=1)',
    "tf.strings.as_string(tf.constant([float('nan'), float('inf')]))",
    "tf.strings.as_string(tf.constant([float('-inf')]), width=6)",
    'tf.strings.as_string(tf.ragged.constant([[1.5], []]))',
    "tf.strings.length(['héllo', ''], unit='UTF8_CHAR')",
    "tf.strings.length(tf.ragged.constant([['héllo'], []]), unit='UTF8_CHAR')",
    "tf.strings.length('x', unit='BOGUS')",
    "tf.strings.strip(tf.constant(['\\u00a0x\\u00a0', '\\r\\nq\\t']))",
    "tf.strings.lower(['ÀÉÎ'], encoding='utf-8')",
    "tf.strings.upper(['ǆ ß ﬁ'], encoding='utf-8')",
    "tf.strings.lower(['ΑΣ'], encoding='utf-8')",
    "tf.strings.lower(['ABC'], encoding='latin1')",
    "tf.strings.bytes_split(tf.ragged.constant([['ab'], []]))",
    "tf.strings.bytes_split(tf.constant('é'))",
    "tf.strings.join([['a', 'b'], 'c'], separator='-')",
    "tf.strings.join([tf.ragged.constant([['a'], ['b', 'c']]), 'x'])",
    "tf.strings.join(['a', 1])",
    "tf.strings.reduce_join(tf.ragged.constant([['a', 'b'], [], ['c']]), axis=0)",
    "tf.strings.reduce_join(tf.ragged.constant([['a', 'b'], [], ['c']]))",
    "tf.strings.reduce_join([['a', 'b'], ['c', 'd']], axis=[0, 1], separator='.')",
    "tf.strings.reduce_join([['a', 'b'], ['c', 'd']], axis=[-1, 0])",
    "tf.strings.reduce_join([['a', 'b'], ['c', 'd']], axis=[0, 0])",
]

PRELUDES["tables_and_conversions"] = r"""import numpy as np, os, tempfile
R = tf.RaggedTensor
D = tf.data.Dataset
KV = tf.lookup.KeyValueTensorInitializer
TFI = tf.lookup.TextFileInitializer
TMP = tempfile.mkdtemp()
def wfile(name, text):
    p = os.path.join(TMP, name)
    with open(p, 'w') as fh:
        fh.write(text)
    return p
CSV = wfile('c.csv', 'k1,10,x\\nk2,20,y\\nk3,30,z\\n')
DUP = wfile('dup.txt', 'a\\nb\\na\\n')
BLANK = wfile('blank.txt', 'a\\n\\nb\\n')
a = tf.ragged.constant([[1, 2, 3], [], [4, 5]])
mt = tf.lookup.experimental.MutableHashTable(tf.string, tf.float32, default_value=[-1., -1.])
def srt(k, v):
    o = np.argsort(k.numpy(), axis=0).ravel()
    return k.numpy()[o].tolist(), v.numpy()[o].tolist()
"""
SECTIONS["tables_and_conversions"] = [
    'tf.constant(np.array([1.5, 2], dtype=object), dtype=tf.int32)',
    'tf.constant(np.array([1.5, 2], dtype=object), dtype=tf.float32)',
    "tf.constant(np.array(['1', '2'], dtype=object), dtype=tf.int64)",
    'tf.constant(np.array([True], dtype=object), dtype=tf.bool)',
    'tf.constant(np.array([[1, 2]], dtype=object), dtype=tf.float64)',
    'tf.constant(np.array([2**40], dtype=object), dtype=tf.int32)',
    "tf.lookup.StaticHashTable(TFI(CSV, tf.string, 0, tf.int64, 1, delimiter=',,'), -1, "
    'experimental_is_anonymous=True).size()',
    "tf.lookup.StaticHashTable(TFI(CSV, tf.string, 0, tf.int64, 3, delimiter=','), -1, "
    'experimental_is_anonymous=True).size()',
    "mt.lookup(tf.constant(['a', 'q']), tf.constant([[7., 7.], [8., 8.]]))",
    'tf.lookup.StaticVocabularyTable(None, 3).name',
    "tf.lookup.StaticVocabularyTable(None, 3, name='hb').name",
    'tf.lookup.StaticVocabularyTable(None, 3).key_dtype',
    'tf.lookup.StaticVocabularyTable(None, 3, '
    "lookup_key_dtype=tf.int64).lookup(tf.constant(['x']))",
    "tf.lookup.StaticVocabularyTable(None, 2).lookup(tf.ragged.constant([['a'], ['b', 'c']]))",
    'tf.ragged.stack_dynamic_partitions(tf.constant([[1, 2], [3, 4]]), tf.constant([[1, 0], '
    '[1, 1]]), 2)',
    'tf.ragged.stack_dynamic_partitions(a, tf.ragged.constant([[0, 1, 0], [], [1, 1]]), 2)',
    'tf.ragged.stack_dynamic_partitions(a, tf.ragged.constant([[0, 1], [], [1, 1]]), 2)',
    'tf.ragged.stack_dynamic_partitions(tf.constant(5), tf.constant(1), 3)',
    'tf.ragged.stack_dynamic_partitions(tf.constant([1, 2]), tf.constant([-1, 0]), 3)',
    'tf.ragged.stack_dynamic_partitions(tf.constant([1, 2]), tf.constant([0, 1]), [3])',
    'tf.ragged.stack_dynamic_partitions(tf.constant([1., 2.]), tf.constant([0, 1], tf.int64), '
    '2)',
    'tf.constant(np.array([1, 2], dtype=object))',
    'tf.constant(np.array([1.5, 2.5], dtype=object))',
    'tf.convert_to_tensor(np.array([True], dtype=object))',
    "tf.constant(np.array([b'a', None], dtype=object))",
    "tf.constant(np.array([[b'a'], ['b']], dtype=object))",
    'tf.constant(np.array([], dtype=object))',
    "tf.constant(np.array([b'a', 1], dtype=object))",
    'tf.constant(np.array([1, 2], dtype=object), dtype=tf.int64)',
    "tf.constant(np.array(['x', 'y'], dtype=object), dtype=tf.string)",
    "tf.strings.unicode_decode(['ab'], 'UTF-8', replacement_char=-5)",
    "tf.strings.unicode_decode(tf.constant(['ab']), 'UTF-8', replacement_char=0x110000)",
    "tf.strings.unicode_encode([97], 'UTF-8', replacement_char=-5)",
    "tf.strings.unicode_split(['ab'], 'UTF-8', replacement_char=-5)",
    "tf.strings.unicode_decode_with_offsets(['ab'], 'UTF-8', replacement_char=-5)",
    "tf.strings.ngrams(tf.ragged.constant([['a', 'b']]), ())",
    "tf.strings.ngrams(tf.constant(['a', 'b']), [])",
    "tf.strings.ngrams(tf.ragged.constant([['a', 'b']]), (), preserve_short_sequences=True)",
    'tf.cast(tf.constant([1, 2]), tf.string)',
    "tf.keras.layers.TextVectorization()(tf.constant(['a b']))",
    "tf.keras.layers.StringLookup()(tf.constant(['a b']))",
    'R.from_row_lengths([1, 2, 3], [tf.constant(1), 2])',
    'R.from_row_splits([1, 2, 3], [0, tf.constant(1, tf.int64), 3])',
    "tf.lookup.StaticHashTable(TFI(CSV, tf.string, 0, tf.int64, 1, delimiter=','), "
    "-1).lookup(tf.constant(['k2', 'k9']))",
    "tf.lookup.StaticHashTable(TFI(CSV, tf.string, 0, tf.string, 2, delimiter=','), "
    "'?').lookup(tf.constant(['k3']))",
    "tf.lookup.StaticHashTable(TFI(CSV, tf.int64, 1, tf.string, 0, delimiter=','), "
    "'?').lookup(tf.constant([20, 40], tf.int64))",
    "tf.lookup.StaticHashTable(TFI(CSV, tf.string, 0, tf.int64, 3, delimiter=','), -1).size()",
    "tf.lookup.StaticHashTable(TFI(CSV, tf.string, 0, tf.int64, 2, delimiter=','), -1)",
    'tf.lookup.StaticHashTable(TFI(DUP, tf.string, -2, tf.int64, -1), -1).size()',
    'tf.lookup.StaticHashTable(TFI(BLANK, tf.string, -2, tf.int64, -1), '
    "-1).lookup(tf.constant(['a', '', 'b']))",
    'tf.lookup.StaticHashTable(TFI(CSV, tf.string, -2, tf.int64, -1, vocab_size=2), -1).size()',
    'tf.lookup.StaticHashTable(TFI(CSV, tf.string, -2, tf.int64, -1, vocab_size=0), -1)',
    'tf.lookup.StaticHashTable(TFI(CSV, tf.string, -3, tf.int64, -1), -1)',
    'tf.lookup.StaticHashTable(TFI(CSV, tf.float32, -2, tf.int64, -1), -1)',
    'tf.lookup.StaticHashTable(TFI(CSV, tf.string, -2, tf.float32, -1), -1)',
    "tf.lookup.StaticHashTable(TFI('', tf.string, -2, tf.int64, -1), -1)",
    "tf.lookup.StaticHashTable(TFI(CSV, tf.string, 0, tf.int64, 1, delimiter=',,'), -1).size()",
    "tf.lookup.StaticVocabularyTable(TFI(CSV, tf.string, 0, tf.int64, -1, delimiter=','), "
    "3).lookup(tf.constant(['k1', 'zz', 'k3']))",
    "tf.lookup.StaticVocabularyTable(TFI(CSV, tf.string, 0, tf.int64, -1, delimiter=','), "
    '3).size()',
    "tf.lookup.StaticVocabularyTable(KV(['a'], tf.constant([0], tf.int64)), "
    "1).lookup(tf.sparse.SparseTensor([[0, 1]], ['a'], [2, 2]))",
    "tf.lookup.StaticVocabularyTable(KV(['a'], tf.constant([0], tf.int64)), 1).lookup(['a'])",
    "tf.lookup.StaticVocabularyTable(KV(['a'], tf.constant([0], tf.int64)), "
    "1).lookup(tf.constant([[b'a', b'b']]))",
    "tf.lookup.StaticVocabularyTable(KV(['a'], tf.constant([0], tf.int64)), 2.5).size()",
    "tf.lookup.StaticVocabularyTable(KV(['a'], tf.constant([0], tf.int64)), 1).key_dtype",
    'tf.lookup.StaticVocabularyTable(KV(tf.constant([3], tf.int64), tf.constant([0], '
    'tf.int64)), 4).lookup(tf.constant([3, 4, 5, -1], tf.int64))',
    'tf.lookup.StaticVocabularyTable(KV(tf.constant([3], tf.int32), tf.constant([0], '
    'tf.int64)), 4)',
    "tf.lookup.StaticVocabularyTable(None, 3).lookup(tf.constant(['a', 'b']))",
    'tf.lookup.StaticVocabularyTable(None, 3).size()',
    "mt.insert(tf.constant(['a', 'b']), tf.constant([[1., 2.], [3., 4.]])) or mt.size()",
    "mt.lookup(tf.constant(['a', 'z']))",
    "mt.lookup(tf.constant([['a'], ['b']]))",
    'srt(*mt.export())',
    "mt.remove(tf.constant(['a'])) or srt(*mt.export())",
    "mt.insert(tf.constant(['c']), tf.constant([1., 2.]))",
    "mt.insert(tf.constant('c'), tf.constant([1., 2.])) or mt.lookup(tf.constant('c'))",
    "mt.lookup(tf.constant(['a']), dynamic_default_values=tf.constant([[9., 9.]]))",
    'tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, default_value=[[1]])',
    'tf.lookup.experimental.MutableHashTable(tf.int32, tf.int32, '
    'default_value=0).lookup(tf.constant([1]))',
    'tf.lookup.experimental.MutableHashTable(tf.int64, tf.float64, '
    'default_value=0.).lookup(tf.constant([1], tf.int64))',
    'tf.lookup.experimental.MutableHashTable(tf.string, tf.bool, '
    "default_value=False).lookup(tf.constant(['x']))",
    'tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, '
    "default_value=-1).insert(['a'], [1])",
    'tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, '
    "default_value=-1).lookup(['a'])",
    "tf.lookup.experimental.DenseHashTable(tf.string, tf.int64, -1, '', "
    "'#').lookup(tf.constant(['a']))",
    'tf.lookup.experimental.DenseHashTable(tf.int64, tf.float32, -1., 0, '
    '-1).lookup(tf.constant([1], tf.int64))',
    'tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, [-1, -1], -1, '
    '-2).lookup(tf.constant([1], tf.int64))',
    'tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, -1, [0, 0], [-1, '
    '-1]).lookup(tf.constant([[1, 2]], tf.int64))',
    'tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, '
    '-1).insert(tf.constant([1, 2], tf.int64), tf.constant([1], tf.int64))',
    'tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, '
    '-1).insert(tf.constant([1], tf.int32), tf.constant([1], tf.int64))',
    'tf.lookup.experimental.DenseHashTable(tf.int64, tf.int64, -1, 0, -1).size()',
    'tf.ragged.stack_dynamic_partitions(tf.constant([1, 2, 3, 4]), tf.constant([1, 0, 1, 2]), '
    '3)',
    'tf.ragged.stack_dynamic_partitions(a, tf.constant([1, 0, 1]), 2)',
    'tf.ragged.stack_dynamic_partitions(tf.constant([1, 2]), tf.constant([0, 3]), 3)',
    'tf.ragged.stack_dynamic_partitions(tf.constant([1, 2]), tf.constant([0]), 3)',
    "tf.ragged.cross([tf.ragged.constant([['a', 'b'], ['c']]), tf.constant([['x'], ['y']])])",
    "tf.ragged.cross([tf.ragged.constant([['a'], ['c']]), tf.ragged.constant([[1], [2, 3]])])",
    "tf.ragged.cross([tf.ragged.constant([['a'], ['c']]), tf.ragged.constant([['d']])])",
    "tf.ragged.cross([tf.ragged.constant([['a'], ['c']])])",
    'tf.ragged.cross([])',
    "tf.ragged.cross_hashed([tf.ragged.constant([['a'], ['c']]), tf.ragged.constant([['x'], "
    "['y']])], num_buckets=5, hash_key=7)",
    "tf.ragged.cross([tf.sparse.SparseTensor([[0, 0], [1, 0]], ['s', 't'], [2, 1]), "
    "tf.ragged.constant([['a'], ['b', 'c']])])",
    'tf.math.segment_sum(a, [0, 0, 1])',
    'tf.math.unsorted_segment_sum(a, [0, 0, 1], 2)',
    'tf.math.unsorted_segment_max(a, [0, 1, 1], 2)',
    'tf.math.unsorted_segment_mean(tf.ragged.constant([[1., 2.], [3.]]), [0, 0], 1)',
    'tf.math.unsorted_segment_sum(a, [0, 0], 2)',
    'tf.ragged.constant([[1, 2], [3]], dtype=tf.string)',
    "tf.ragged.constant([['a'], [1]])",
    'tf.ragged.constant([[1, 2], [3]], ragged_rank=0)',
    'tf.ragged.constant([[1, 2], [3]], ragged_rank=2)',
    'tf.ragged.constant([[[1], [2]], [[3]]], inner_shape=(1,))',
    'tf.ragged.constant([[[1], [2]], [[3]]], inner_shape=(2,))',
    'tf.ragged.constant([[[1], [2, 3]]], ragged_rank=1)',
    'tf.ragged.constant(5)',
    'tf.ragged.constant([5])',
    'tf.ragged.constant([[]], dtype=tf.int64)',
    'tf.ragged.constant([[], []]).dtype',
    'tf.ragged.constant([[1.5, 2], [3]], dtype=tf.int32)',
    'R.from_sparse(tf.sparse.SparseTensor([[0, 1], [1, 0]], [1, 2], [2, 2]))',
    'R.from_sparse(tf.sparse.SparseTensor([[0, 0, 0]], [1], [1, 1, 1]))',
    'R.from_sparse(tf.constant([1]))',
    'R.from_sparse(tf.sparse.SparseTensor([[1, 0], [0, 0]], [1, 2], [2, 2]))',
    'tf.ragged.constant([[[1, 2]], [[3]]]).to_sparse()',
    'a.to_sparse().dense_shape',
    'tf.sparse.to_dense(a.to_sparse(), default_value=-1)',
    'tf.sparse.from_dense(tf.constant([[1, 0], [0, 2]]))',
    'list(D.from_generator(lambda: iter([tf.ragged.constant([[1], [2, 3]])]), '
    'output_signature=tf.RaggedTensorSpec([None, None], tf.int32)).map(lambda x: '
    'x.row_lengths()).as_numpy_iterator())',
    'list(D.from_generator(lambda: iter([tf.ragged.constant([[1], [2, 3]])]), '
    'output_signature=tf.RaggedTensorSpec([None, None], tf.int32)).as_numpy_iterator())',
    'D.from_generator(lambda: iter([tf.ragged.constant([[1], [2, 3]])]), '
    'output_signature=tf.RaggedTensorSpec([None, None], tf.int32)).element_spec',
    'list(D.from_tensor_slices(a).map(lambda x: tf.strings.as_string(x)).as_numpy_iterator())',
    "list(D.from_tensor_slices(['a b c', 'd']).map(lambda s: "
    'tf.strings.split(s)).padded_batch(2).as_numpy_iterator())',
    "list(D.from_tensor_slices(['a b c', 'd']).batch(2).map(lambda s: "
    'tf.strings.split(s).to_tensor()).as_numpy_iterator())',
    "list(D.from_tensor_slices(['a b c', 'd']).batch(2).map(lambda s: "
    'tf.strings.split(s)).unbatch().as_numpy_iterator())',
    "list(D.from_tensor_slices(['a b c', 'd']).map(tf.strings.split).map(lambda t: "
    "tf.strings.reduce_join(t, separator='+')).as_numpy_iterator())",
    "D.from_tensor_slices(['a b c', 'd']).batch(2).map(tf.strings.split).element_spec",
    "list(D.from_tensor_slices(['a b c', 'd']).map(lambda s: tf.strings.length(s, "
    "unit='UTF8_CHAR')).as_numpy_iterator())",
    "list(D.from_tensor_slices(['1', "
    "'x']).map(tf.strings.to_number).ignore_errors().as_numpy_iterator())",
]

PRELUDES["ragged_in_functions_and_keras"] = r"""import numpy as np
R = tf.RaggedTensor
a = tf.ragged.constant([[1, 2, 3], [], [4, 5]])
f = tf.ragged.constant([[1.5, -2.0], [3.0], []])
n3 = tf.ragged.constant([[[1, 2], [3]], [], [[4, 5, 6]]])
def tfn(fn, *args):
    return tf.function(fn)(*args)
"""
SECTIONS["ragged_in_functions_and_keras"] = [
    'tfn(lambda x: tf.reduce_sum(x, axis=1), a)',
    'tfn(lambda x: tf.reduce_max(x, axis=-1), f)',
    'tfn(lambda x: tf.reduce_mean(x, axis=0), f)',
    'tfn(lambda x: tf.reduce_sum(x, axis=[0, 1]), a)',
    'tfn(lambda x: tf.reduce_sum(x, axis=2), n3)',
    'tfn(lambda x: x.merge_dims(0, 1), n3)',
    'tfn(lambda x: tf.concat([x, x], axis=1), a)',
    'tfn(lambda x: tf.ragged.map_flat_values(tf.math.square, x), f)',
    'tfn(lambda x: tf.ragged.boolean_mask(x, x > 1), a)',
    'tfn(lambda x: x.to_tensor(default_value=-1, shape=[3, 2]), a)',
    'tfn(lambda x: tf.gather(x, [2, 0]), a)',
    'tfn(lambda x: x.with_values(x.values * 2), a)',
    "tfn(lambda x: tf.strings.split(x), tf.constant(['a b', 'c d e']))",
    "tfn(lambda x: tf.strings.split(x).to_tensor(''), tf.constant(['a b', 'c d e']))",
    "tfn(lambda x: tf.strings.ngrams(tf.strings.split(x), 2), tf.constant(['a b c', 'd']))",
    "tfn(lambda x: tf.strings.unicode_decode(x, 'UTF-8'), tf.constant(['hé', 'x']))",
    "tfn(lambda x: tf.strings.reduce_join(tf.strings.split(x), axis=1, separator='_'), "
    "tf.constant(['a b c', 'd']))",
    'tfn(lambda x: tf.ragged.range(x), tf.constant([1, 3]))',
    'tfn(lambda x: x.row_lengths(), a)',
    'tfn(lambda x: x.value_rowids(), a)',
    'tfn(lambda x: tf.size(x), a)',
    'tfn(lambda x: tf.shape(x)[1], a)',
    'tfn(lambda x: x + tf.constant([[1], [2], [3]]), a)',
    'tfn(lambda x: x * 2.0, f)',
    'tfn(lambda x: tf.math.argmax(x, axis=1), f)',
    'tfn(lambda x: tf.ragged.stack([x, x]), a)',
    'tfn(lambda x: tf.reduce_sum(x, axis=1, keepdims=True), a)',
    'tf.reduce_sum(a, axis=1, keepdims=True)',
    'tf.reduce_max(n3, axis=-1, keepdims=True)',
    'tf.reduce_min(a, axis=(0, 1))',
    'tf.reduce_sum(a, axis=-3)',
    'tf.reduce_sum(a, axis=[1, 1])',
    'tf.reduce_mean(f, axis=None)',
    'tf.math.reduce_any(a > 3)',
    'tf.math.top_k(f, k=1)',
    "tf.sort(f, direction='DESCENDING')",
    'tf.argsort(a)',
    'tf.math.cumsum(a, axis=1, exclusive=True)',
    'tf.math.cumsum(a, axis=1, reverse=True)',
    'tf.nn.l2_normalize(f, axis=1)',
    'tf.round(f)',
    'tf.math.floor(f)',
    'tf.cast(f, tf.int32)',
    'tf.math.bincount(a)',
    'tf.math.bincount(a, minlength=7, axis=-1)',
    'tf.one_hot(a, 6)',
    'tf.squeeze(tf.ragged.constant([[[1], [2]], [[3]]]), axis=2)',
    'tf.squeeze(a, axis=0)',
    'tf.reshape(a, [-1])',
    'tf.identity(a)',
    'tf.stop_gradient(f)',
    "tf.nest.map_structure(lambda t: t * 2, {'r': a})",
    'tf.convert_to_tensor(a)',
    'tf.convert_to_tensor(R.from_uniform_row_length([1, 2, 3, 4], 2))',
    'tf.ragged.constant([[1, 2], [3]]).__class__.__name__',
    "tf.keras.layers.Embedding(6, 2, embeddings_initializer='ones')(a).shape",
    "tf.keras.layers.Embedding(6, 2, embeddings_initializer='ones')(a).to_list()",
    "tf.keras.layers.Dense(2, kernel_initializer='ones')(f)",
    'tf.keras.layers.Input(shape=(None,), ragged=True)',
    'tf.keras.layers.Input(shape=(None,), sparse=True, ragged=True)',
    'tf.keras.layers.Lambda(lambda x: x * 2)(a)',
    'tf.keras.layers.Flatten()(n3)',
    'tf.keras.layers.GlobalAveragePooling1D()(tf.ragged.constant([[[1.], [2.]], [[3.]]], '
    'ragged_rank=1))',
    'tf.keras.layers.Concatenate()([a, a])',
]
