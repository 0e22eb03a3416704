"""text8's probes, beyond text1-7's: tf.strings.format templates and summaries, as_string
options, to_number's errors, reduce_join's separators and keepdims, ngrams' padding,
unsorted_segment_join; ragged map_flat_values, boolean_mask, gather_nd, concat/stack along
each axis, merge_dims, with_row_splits_dtype, nested_row_lengths, bounding_shape,
to_tensor(shape=), from_nested_value_rowids; StaticVocabularyTable over text files,
MutableHashTable and DenseHashTable; ragged_batch, padded_batch of ragged and string
elements, bucket_by_sequence_length, unbatch of ragged batches; FixedLengthRecordDataset
over compressed and plain files. Each section runs in its own environment (its prelude),
its expressions in order. record_text8.py records what TF 2.21 answers in
text8_golden.json; test_text8_vs_tf.py compares."""

PRELUDES = {}
SECTIONS = {}

PRELUDES["strings_format"] = r"""import numpy as np
S = tf.strings
def v(x):
    if hasattr(x, 'to_list'):
        return ('ragged', x.to_list())
    return (x.dtype.name, x.shape.as_list(), x.numpy().tolist())
t2 = tf.constant([[1, 2], [3, 4]])
big = tf.range(20)
words = tf.constant([['a', 'b', 'c'], ['d', 'e', 'f']])
"""
SECTIONS["strings_format"] = [
    # tf.strings.format
    "v(S.format('x={} y={}', (1, 2.5)))",
    "v(S.format('{}', t2))",
    "v(S.format('{}', big))",
    "v(S.format('{}', big, summarize=2))",
    "v(S.format('{}', big, summarize=-1))",
    "v(S.format('{}', big, summarize=0))",
    "v(S.format('{}', tf.reshape(tf.range(24), [2, 3, 4]), summarize=1))",
    "v(S.format('[{}]', tf.constant(['a', 'b'])))",
    "v(S.format('{}', tf.constant([True, False])))",
    "v(S.format('{}', tf.constant([1.5, -0.25, 1e10])))",
    "v(S.format('{}', tf.constant(3.0, tf.float64)))",
    "v(S.format('{}', tf.constant([], tf.int32)))",
    "v(S.format('{} and {}', [tf.constant(1), tf.constant('s')]))",
    "v(S.format('<>', [], placeholder='<>'))",
    "v(S.format('a<>b<>', (1, 2), placeholder='<>'))",
    "v(S.format('no placeholders', []))",
    "v(S.format('{}{}', 1))",
    "v(S.format('{}', (1, 2)))",
    "v(S.format('{}', tf.constant([[]], tf.float32)))",
    "v(S.format('{}', tf.constant([1, 2], tf.uint8)))",
    "v(S.format('{}', tf.constant(['a\\nb'])))",
    "v(S.format('{}', 7, name='fmt'))",
    "v(S.format('{}', tf.constant([0.1, 0.2], tf.float16)))",
    "v(S.format('{}', tf.constant([1 + 2j])))",
    # as_string
    "v(S.as_string(tf.constant([1.5, -2.25, 1e-7])))",
    "v(S.as_string(tf.constant([1.5, -2.25]), precision=3))",
    "v(S.as_string(tf.constant([1.5, -2.25, 1234567.0]), scientific=True))",
    "v(S.as_string(tf.constant([1.5, -2.25, 1e20]), shortest=True))",
    "v(S.as_string(tf.constant([1.5, 100.0]), width=8))",
    "v(S.as_string(tf.constant([1.5, 100.0]), width=8, fill='0'))",
    "v(S.as_string(tf.constant([1, -20, 300]), width=5))",
    "v(S.as_string(tf.constant([1, -20, 300]), width=5, fill='0'))",
    "v(S.as_string(tf.constant([True, False])))",
    "v(S.as_string(tf.constant([1 + 2j, -0.5j])))",
    "v(S.as_string(tf.constant([1 + 2j]), precision=2))",
    "v(S.as_string(tf.constant([np.nan, np.inf, -np.inf])))",
    "v(S.as_string(tf.constant([np.nan, np.inf, -np.inf]), width=6))",
    "v(S.as_string(tf.constant([1.5], tf.float64), precision=10))",
    "v(S.as_string(tf.constant([0.1], tf.float16)))",
    "v(S.as_string(tf.constant([0.1], tf.bfloat16)))",
    "v(S.as_string(tf.constant([7], tf.int8)))",
    "v(S.as_string(tf.constant([250], tf.uint8)))",
    "v(S.as_string(tf.constant([2**40], tf.int64)))",
    "v(S.as_string(tf.constant(['a'])))",
    "v(S.as_string(tf.constant([1.5]), scientific=True, shortest=True))",
    "v(S.as_string(tf.constant([1]), precision=2))",
    "v(S.as_string(tf.constant([1.5]), fill='ab'))",
    "v(S.as_string(tf.constant([1.5]), fill='x'))",
    "v(S.as_string(tf.constant([1.5]), fill=' ', width=6))",
    "v(S.as_string(tf.constant([1.5]), fill='-', width=6))",
    "v(S.as_string(tf.constant([1, 2]), fill='0'))",
    "v(S.as_string(tf.constant([1.25]), precision=0))",
    "v(S.as_string(tf.constant([[1.0, 2.0]]), width=-1))",
    "v(S.as_string(tf.constant(3.0)))",
    "v(S.as_string(tf.constant([1.5]), scientific=True, precision=2, width=12, fill='0'))",
    "v(S.as_string(tf.constant([-1.5]), width=8, fill='0'))",
    # to_number
    "v(S.to_number(tf.constant(['1.5', '-2', '3e2'])))",
    "v(S.to_number(tf.constant(['1', '-2']), tf.int32))",
    "v(S.to_number(tf.constant(['1', '-2']), tf.int64))",
    "v(S.to_number(tf.constant(['1.25']), tf.float64))",
    "v(S.to_number(tf.constant(['abc'])))",
    "v(S.to_number(tf.constant(['1.5']), tf.int32))",
    "v(S.to_number(tf.constant(['99999999999']), tf.int32))",
    "v(S.to_number(tf.constant(['99999999999']), tf.int64))",
    "v(S.to_number(tf.constant(['99999999999999999999']), tf.int64))",
    "v(S.to_number(tf.constant([' 12 ']), tf.int32))",
    "v(S.to_number(tf.constant([' 1.5 '])))",
    "v(S.to_number(tf.constant([''])))",
    "v(S.to_number(tf.constant(['']), tf.int32))",
    "v(S.to_number(tf.constant(['0x10']), tf.int32))",
    "v(S.to_number(tf.constant(['inf', '-inf', 'nan'])))",
    "v(S.to_number(tf.constant(['1e40'])))",
    "v(S.to_number(tf.constant(['1e40']), tf.float64))",
    "v(S.to_number(tf.constant(['+7']), tf.int32))",
    "v(S.to_number(tf.constant(['1']), tf.int16))",
    "v(S.to_number(tf.constant(['1']), tf.string))",
    "v(S.to_number(tf.constant([1])))",
    "v(S.to_number('3.5'))",
    "v(S.to_number(['1', 'x']))",
    "v(S.to_number(tf.ragged.constant([['1', '2'], ['3']]), tf.int32))",
    "v(S.to_number(tf.constant(['1_000']), tf.int32))",
    "v(S.to_number(tf.constant(['1.']), tf.float32))",
    "v(S.to_number(tf.constant(['.5'])))",
    "v(S.to_number(tf.constant(['-0'])))",
    "v(S.to_number(tf.constant(['2147483648']), tf.int32))",
    "v(S.to_number(tf.constant(['-2147483648']), tf.int32))",
    # reduce_join
    "v(S.reduce_join(words))",
    "v(S.reduce_join(words, axis=0))",
    "v(S.reduce_join(words, axis=1))",
    "v(S.reduce_join(words, axis=-1, separator='-'))",
    "v(S.reduce_join(words, axis=0, keepdims=True))",
    "v(S.reduce_join(words, axis=1, keepdims=True, separator=', '))",
    "v(S.reduce_join(words, keepdims=True))",
    "v(S.reduce_join(words, axis=[0, 1], separator='.'))",
    "v(S.reduce_join(words, axis=[1, 0], separator='.'))",
    "v(S.reduce_join(words, axis=2))",
    "v(S.reduce_join(words, axis=-3))",
    "v(S.reduce_join(tf.constant('abc')))",
    "v(S.reduce_join(tf.constant('abc'), axis=0))",
    "v(S.reduce_join(tf.constant([], tf.string)))",
    "v(S.reduce_join(tf.constant([], tf.string), separator='x'))",
    "v(S.reduce_join(tf.zeros([2, 0], tf.string), axis=1, separator='x'))",
    "v(S.reduce_join(tf.zeros([2, 0], tf.string), axis=0, separator='x'))",
    "v(S.reduce_join(['a', 'b'], separator=''))",
    "v(S.reduce_join(tf.ragged.constant([['a', 'b'], ['c']]), axis=1, separator='+'))",
    "v(S.reduce_join(tf.ragged.constant([['a', 'b'], ['c']]), axis=0, separator='+'))",
    "v(S.reduce_join(tf.ragged.constant([['a', 'b'], ['c']]), axis=1, keepdims=True))",
    "v(S.reduce_join(tf.ragged.constant([['a', 'b'], []]), axis=-1, separator='|'))",
    "v(S.reduce_join(words, axis=[0, 0]))",
    "v(S.reduce_join(tf.constant([1, 2])))",
    "v(S.reduce_join(words, axis=tf.constant(1)))",
    "v(S.reduce_join(words, axis=tf.constant([0, 1])))",
    # ngrams
    "v(S.ngrams(tf.constant(['a', 'b', 'c']), 2))",
    "v(S.ngrams(tf.constant(['a', 'b', 'c']), 2, separator='_'))",
    "v(S.ngrams(tf.constant(['a', 'b', 'c']), (1, 3)))",
    "v(S.ngrams(tf.constant(['a', 'b', 'c']), 4))",
    "v(S.ngrams(tf.constant(['a', 'b', 'c']), 4, preserve_short_sequences=True))",
    "v(S.ngrams(tf.constant(['a', 'b', 'c']), 2, pad_values='#'))",
    "v(S.ngrams(tf.constant(['a', 'b', 'c']), 2, pad_values=('<s>', '</s>')))",
    "v(S.ngrams(tf.constant(['a', 'b', 'c']), 3, pad_values='#', padding_width=1))",
    "v(S.ngrams(tf.constant(['a', 'b', 'c']), 3, pad_values='#', padding_width=2))",
    "v(S.ngrams(tf.constant(['a', 'b', 'c']), 3, pad_values='#', padding_width=3))",
    "v(S.ngrams(tf.constant(['a', 'b', 'c']), 3, pad_values='#', padding_width=0))",
    "v(S.ngrams(tf.constant(['a']), 3, pad_values='#'))",
    "v(S.ngrams(tf.constant(['a']), 3, pad_values='#', padding_width=1))",
    "v(S.ngrams(tf.constant(['a']), 3, pad_values='#', padding_width=1, "
    "preserve_short_sequences=True))",
    "v(S.ngrams(tf.constant([], tf.string), 2, pad_values='#'))",
    "v(S.ngrams(tf.constant([], tf.string), 2, preserve_short_sequences=True))",
    "v(S.ngrams(tf.constant([['a', 'b', 'c'], ['d', 'e', 'f']]), 2))",
    "v(S.ngrams(tf.constant([['a', 'b', 'c'], ['d', 'e', 'f']]), (2, 3), separator=''))",
    "v(S.ngrams(tf.ragged.constant([['a', 'b', 'c'], ['d']]), 2))",
    "v(S.ngrams(tf.ragged.constant([['a', 'b', 'c'], ['d']]), 2, "
    "preserve_short_sequences=True))",
    "v(S.ngrams(tf.ragged.constant([['a', 'b', 'c'], ['d']]), 2, pad_values='#'))",
    "v(S.ngrams(tf.ragged.constant([['a', 'b', 'c'], []]), (1, 2), pad_values=('L', 'R'), "
    "padding_width=1))",
    "v(S.ngrams(tf.ragged.constant([[['a', 'b'], ['c']], [['d', 'e', 'f']]]), 2))",
    "v(S.ngrams(tf.constant(['a', 'b']), 0))",
    "v(S.ngrams(tf.constant(['a', 'b']), -1))",
    "v(S.ngrams(tf.constant(['a', 'b']), 2, pad_values=['x']))",
    "v(S.ngrams(tf.constant(['a', 'b']), 2, pad_values=('x', 'y', 'z')))",
    "v(S.ngrams(tf.constant(['a', 'b']), 2, padding_width=1))",
    "v(S.ngrams(tf.constant(['a', 'b']), 2, pad_values=3))",
    "v(S.ngrams(tf.constant('a'), 2))",
    "v(S.ngrams(tf.constant([1, 2, 3]), 2))",
    "v(S.ngrams(tf.constant(['a', 'b', 'c']), (2, 2)))",
    "v(S.ngrams(tf.constant(['a', 'b', 'c']), [3, 1]))",
    "v(S.ngrams(tf.constant(['a', 'b', 'c']), 2, pad_values='#', padding_width=-1))",
    # unsorted_segment_join
    "v(S.unsorted_segment_join(['a', 'b', 'c'], [0, 1, 0], 2))",
    "v(S.unsorted_segment_join(['a', 'b', 'c'], [0, 1, 0], 2, separator=':'))",
    "v(S.unsorted_segment_join(['a', 'b', 'c'], [0, 1, 0], 4, separator=':'))",
    "v(S.unsorted_segment_join(['a', 'b', 'c'], [2, -1, 2], 3, separator=':'))",
    "v(S.unsorted_segment_join(['a', 'b', 'c'], [0, 5, 0], 2))",
    "v(S.unsorted_segment_join(['a', 'b', 'c'], [0, 1], 2))",
    "v(S.unsorted_segment_join(words, [1, 0], 2, separator='/'))",
    "v(S.unsorted_segment_join(words, [[0, 1, 0], [1, 1, 0]], 2, separator='/'))",
    "v(S.unsorted_segment_join(words, [[0, 1, 0], [1, 1, 0]], 3))",
    "v(S.unsorted_segment_join(words, [0, 0], 1, separator=''))",
    "v(S.unsorted_segment_join(['a'], [0], 0))",
    "v(S.unsorted_segment_join(['a'], [0], -1))",
    "v(S.unsorted_segment_join([], tf.zeros([0], tf.int32), 2, separator='x'))",
    "v(S.unsorted_segment_join(['a', 'b'], tf.constant([1, 0], tf.int64), tf.constant(2, "
    "tf.int64)))",
    "v(S.unsorted_segment_join(['a', 'b'], [1.0, 0.0], 2))",
    "v(S.unsorted_segment_join([1, 2], [1, 0], 2))",
    "v(S.unsorted_segment_join(['a', 'b'], [0, 0], [2]))",
    "v(S.unsorted_segment_join(tf.constant('a'), tf.constant(0), 1))",
]

PRELUDES["ragged_ops"] = r"""import numpy as np
R = tf.RaggedTensor
rt = tf.ragged.constant([[1, 2, 3], [], [4, 5]])
rf = tf.ragged.constant([[1.0, 2.0], [3.0]])
r3 = tf.ragged.constant([[[1, 2], [3]], [], [[4, 5, 6], [], [7]]])
ru = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
rs = tf.ragged.constant([['a', 'b'], ['c']])
def v(x):
    if hasattr(x, 'to_list'):
        return ('ragged', x.dtype.name, x.row_splits.dtype.name, x.ragged_rank,
                x.shape.as_list(), x.to_list())
    if isinstance(x, (list, tuple)):
        return [v(y) for y in x]
    return (x.dtype.name, x.shape.as_list(), x.numpy().tolist())
"""
SECTIONS["ragged_ops"] = [
    # map_flat_values
    "v(tf.ragged.map_flat_values(tf.add, rt, 10))",
    "v(tf.ragged.map_flat_values(tf.ones_like, rf))",
    "v(tf.ragged.map_flat_values(tf.strings.upper, rs))",
    "v(tf.ragged.map_flat_values(tf.multiply, rt, rt))",
    "v(tf.ragged.map_flat_values(lambda x: tf.cast(x, tf.float32) / 2, r3))",
    "v(tf.ragged.map_flat_values(tf.reduce_sum, ru, axis=1))",
    "v(tf.ragged.map_flat_values(tf.add, rt, tf.ragged.constant([[1, 1, 1], [], [2, 2]])))",
    "v(tf.ragged.map_flat_values(tf.add, rt, tf.ragged.constant([[1, 1], [1], [2, 2]])))",
    "v(tf.ragged.map_flat_values(tf.add, rt, tf.ragged.constant([[1], [2]])))",
    "v(tf.ragged.map_flat_values(tf.add, rt, r3))",
    "v(tf.ragged.map_flat_values(tf.add, 1, 2))",
    "v(tf.ragged.map_flat_values(lambda x: x[:1], rt))",
    "v(tf.ragged.map_flat_values(tf.add, rt, tf.ragged.constant([[1, 1, 1], [], [2, 2]], "
    "row_splits_dtype=tf.int32)))",
    "v(tf.ragged.map_flat_values(tf.stack, [rt, rt * 2], axis=1))",
    "v(tf.ragged.map_flat_values(tf.math.reduce_max, rt))",
    "v(tf.ragged.map_flat_values(op=tf.negative, x=rt))",
    # boolean_mask
    "v(tf.ragged.boolean_mask(rt, tf.ragged.constant([[True, False, True], [], [False, "
    "True]])))",
    "v(tf.ragged.boolean_mask(rt, [True, False, True]))",
    "v(tf.ragged.boolean_mask(tf.constant([[1, 2], [3, 4]]), [[True, False], [False, "
    "True]]))",
    "v(tf.ragged.boolean_mask(tf.constant([[1, 2], [3, 4]]), [True, False]))",
    "v(tf.ragged.boolean_mask(r3, tf.ragged.constant([[[True, False], [True]], [], [[False, "
    "False, True], [], [True]]])))",
    "v(tf.ragged.boolean_mask(r3, tf.ragged.constant([[True, False], [], [True, True, "
    "False]])))",
    "v(tf.ragged.boolean_mask(r3, [False, True, True]))",
    "v(tf.ragged.boolean_mask(ru, tf.ragged.constant([[True, False], [True]])))",
    "v(tf.ragged.boolean_mask(rt, tf.ragged.constant([[True, False], [], [False, True]])))",
    "v(tf.ragged.boolean_mask(rt, [True, False]))",
    "v(tf.ragged.boolean_mask(rt, tf.ragged.constant([[1, 0, 1], [], [0, 1]])))",
    "v(tf.ragged.boolean_mask(rs, tf.ragged.constant([[False, True], [True]])))",
    "v(tf.ragged.boolean_mask(tf.constant([1, 2, 3]), tf.constant([True, False, True])))",
    "v(tf.ragged.boolean_mask(rt, True))",
    "v(tf.boolean_mask(rt, [True, False, True]))",
    "v(tf.boolean_mask(rt, tf.ragged.constant([[True, False, True], [], [False, True]])))",
    "v(tf.ragged.boolean_mask(tf.constant([[1, 2], [3, 4]]), tf.ragged.constant([[True, "
    "False], [True, True]])))",
    # gather_nd
    "v(tf.gather_nd(rt, [[0], [2]]))",
    "v(tf.gather_nd(rt, [[0, 1], [2, 0]]))",
    "v(tf.gather_nd(rt, [[0, 5]]))",
    "v(tf.gather_nd(r3, [[2, 0]]))",
    "v(tf.gather_nd(r3, [[2, 0, 1], [0, 1, 0]]))",
    "v(tf.gather_nd(r3, [[[0], [2]]]))",
    "v(tf.gather_nd(r3, tf.ragged.constant([[[0]], [[2], [1]]])))",
    "v(tf.gather_nd(rt, tf.zeros([0, 1], tf.int32)))",
    "v(tf.gather_nd(rt, [[]]))",
    "v(tf.gather_nd(rt, [[0, 0, 0]]))",
    "v(tf.gather_nd(ru, [[1, 0], [0, 1]]))",
    "v(tf.gather_nd(ru, [[1, 0, 1]]))",
    "v(tf.gather_nd(rt, [[3]]))",
    "v(tf.gather_nd(rt, [[-1]]))",
    "v(tf.gather_nd(rt, [[0.0]]))",
    "v(tf.gather_nd(rt, [[0], [1]], batch_dims=1))",
    "v(tf.gather_nd(rs, [[1, 0], [0, 1]]))",
    "v(tf.gather_nd(rt, tf.constant([[2], [0]], tf.int64)))",
    # concat / stack
    "v(tf.concat([rt, rt], axis=0))",
    "v(tf.concat([rt, rt], axis=1))",
    "v(tf.concat([rt, rt], axis=-1))",
    "v(tf.concat([rt, rt], axis=2))",
    "v(tf.concat([rt, rt], axis=-3))",
    "v(tf.concat([r3, r3], axis=2))",
    "v(tf.concat([r3, r3], axis=1))",
    "v(tf.concat([ru, ru], axis=2))",
    "v(tf.concat([ru, ru], axis=1))",
    "v(tf.concat([rt, tf.constant([[7], [8], [9]])], axis=1))",
    "v(tf.concat([rt, tf.constant([[7], [8]])], axis=0))",
    "v(tf.concat([rt, tf.constant([[7], [8]])], axis=1))",
    "v(tf.concat([rt, rf], axis=0))",
    "v(tf.concat([rt, r3], axis=0))",
    "v(tf.concat([rt], axis=1))",
    "v(tf.concat([rt, tf.ragged.constant([[1]], row_splits_dtype=tf.int32)], axis=0))",
    "v(tf.concat([rs, rs], axis=1))",
    "v(tf.stack([rt, rt], axis=0))",
    "v(tf.stack([rt, rt], axis=1))",
    "v(tf.stack([rt, rt], axis=2))",
    "v(tf.stack([rt, rt], axis=-1))",
    "v(tf.stack([rt, rt], axis=3))",
    "v(tf.stack([r3, r3], axis=2))",
    "v(tf.stack([r3, r3], axis=3))",
    "v(tf.stack([ru, ru], axis=3))",
    "v(tf.stack([rt, tf.constant([[1, 2], [3, 4], [5, 6]])], axis=1))",
    "v(tf.stack([rt, tf.ragged.constant([[1], [2]])], axis=1))",
    "v(tf.stack([rt]))",
    "v(tf.stack([rt, rt], axis=-4))",
    "v(tf.ragged.stack([tf.constant([1, 2]), tf.constant([3])]))",
    "v(tf.ragged.stack([tf.constant([1, 2]), tf.constant([3])], axis=1))",
    "v(tf.ragged.stack([[1, 2], [3, 4]], axis=1))",
    "v(tf.ragged.stack([]))",
    "v(tf.ragged.stack([rt, rt], axis=2))",
    # merge_dims
    "v(r3.merge_dims(0, 1))",
    "v(r3.merge_dims(1, 2))",
    "v(r3.merge_dims(0, 2))",
    "v(r3.merge_dims(0, -1))",
    "v(r3.merge_dims(-2, -1))",
    "v(r3.merge_dims(1, 1))",
    "v(r3.merge_dims(2, 1))",
    "v(r3.merge_dims(0, 3))",
    "v(ru.merge_dims(1, 2))",
    "v(ru.merge_dims(0, 2))",
    "v(ru.merge_dims(2, 3))",
    "v(rt.merge_dims(0, 1))",
    "v(rt.merge_dims(outer_axis=0, inner_axis=-1))",
    "v(rs.merge_dims(0, 1))",
    # with_row_splits_dtype
    "v(rt.with_row_splits_dtype(tf.int32))",
    "v(rt.with_row_splits_dtype(tf.int64))",
    "v(r3.with_row_splits_dtype('int32'))",
    "v(r3.with_row_splits_dtype(tf.int32).with_row_splits_dtype(tf.int64))",
    "v(rt.with_row_splits_dtype(tf.float32))",
    "v(rt.with_row_splits_dtype(tf.int16))",
    "v(ru.with_row_splits_dtype(tf.int32).nested_row_splits)",
    # nested_row_lengths / nested splits / rowids
    "v(rt.nested_row_lengths())",
    "v(r3.nested_row_lengths())",
    "v(r3.nested_row_lengths(name='n'))",
    "v(r3.nested_row_splits)",
    "v(r3.nested_value_rowids())",
    "v(ru.nested_row_lengths())",
    "v(r3.row_lengths(axis=2))",
    "v(r3.row_lengths(axis=1))",
    "v(r3.row_lengths(axis=0))",
    "v(r3.row_lengths(axis=3))",
    "v(r3.with_row_splits_dtype(tf.int32).nested_row_lengths())",
    # bounding_shape
    "v(rt.bounding_shape())",
    "v(r3.bounding_shape())",
    "v(ru.bounding_shape())",
    "v(r3.bounding_shape(axis=1))",
    "v(r3.bounding_shape(axis=[0, 2]))",
    "v(r3.bounding_shape(axis=-1))",
    "v(r3.bounding_shape(axis=4))",
    "v(r3.bounding_shape(out_type=tf.int32))",
    "v(rt.with_row_splits_dtype(tf.int32).bounding_shape())",
    "v(rt.bounding_shape(out_type=tf.float32))",
    "v(R.from_row_splits([1, 2], [0, 0, 0]).bounding_shape())",
    "v(tf.ragged.constant([], ragged_rank=1, dtype=tf.int32).bounding_shape())",
    # to_tensor(shape=)
    "v(rt.to_tensor(shape=[3, 4]))",
    "v(rt.to_tensor(shape=[2, 2]))",
    "v(rt.to_tensor(shape=[4, 2]))",
    "v(rt.to_tensor(shape=[None, 2]))",
    "v(rt.to_tensor(shape=[5, None]))",
    "v(rt.to_tensor(default_value=-1, shape=[3, 5]))",
    "v(rt.to_tensor(shape=[3]))",
    "v(rt.to_tensor(shape=[3, 4, 1]))",
    "v(rt.to_tensor(shape=tf.constant([2, 2])))",
    "v(rt.to_tensor(shape=tf.constant([2, 2], tf.int32)))",
    "v(rt.to_tensor(shape=[0, 3]))",
    "v(rt.to_tensor(shape=[3, 0]))",
    "v(rt.to_tensor(shape=[-1, 2]))",
    "v(r3.to_tensor(shape=[2, 2, 2]))",
    "v(r3.to_tensor(shape=[3, None, 4]))",
    "v(r3.to_tensor(default_value=9, shape=[3, 3, 1]))",
    "v(ru.to_tensor(shape=[2, 3, 2]))",
    "v(ru.to_tensor(shape=[2, 3, 1]))",
    "v(ru.to_tensor(shape=[1, 1, None]))",
    "v(rs.to_tensor(shape=[2, 3], default_value='-'))",
    "v(rt.to_tensor(shape=[3, 4], default_value=[1]))",
    "v(rt.to_tensor(shape=[3.0, 4.0]))",
    "v(rt.to_tensor(shape=tf.TensorShape([3, 4])))",
    # from_nested_value_rowids
    "v(R.from_nested_value_rowids([1, 2, 3, 4], [[0, 0, 2], [0, 1, 1, 2]]))",
    "v(R.from_nested_value_rowids([1, 2, 3, 4], [[0, 0, 2], [0, 1, 1, 2]], [4, 3]))",
    "v(R.from_nested_value_rowids([1, 2, 3, 4], [[0, 0, 2], [0, 1, 1, 2]], [4, 5]))",
    "v(R.from_nested_value_rowids([1, 2], [[0, 1]], [3]))",
    "v(R.from_nested_value_rowids([1, 2], [[0, 1]]))",
    "v(R.from_nested_value_rowids([1, 2], [[0, 1]], [3, 4]))",
    "v(R.from_nested_value_rowids([1, 2], [[1, 0]]))",
    "v(R.from_nested_value_rowids([1, 2], [[0, 1, 1]]))",
    "v(R.from_nested_value_rowids([1, 2], []))",
    "v(R.from_nested_value_rowids([1, 2], [[0, 0]], [1], validate=False))",
    "v(R.from_nested_value_rowids([1, 2], tf.constant([[0, 0]])))",
    "v(R.from_nested_value_rowids([[1, 2], [3, 4]], [[0, 2]]))",
    "v(R.from_nested_value_rowids(['a', 'b'], [tf.constant([0, 1], tf.int32)]))",
    "v(R.from_nested_value_rowids([1, 2], [tf.constant([0, 1], tf.int32), "
    "tf.constant([0, 1])]))",
    "v(R.from_nested_value_rowids([1, 2], [[0, -1]]))",
    "v(R.from_nested_value_rowids([1, 2], [[0, 1]], [1]))",
    "v(R.from_nested_value_rowids([1, 2], [[0, 1]], [-1]))",
    "v(R.from_nested_value_rowids([1, 2], [[0, 1]], 3))",
]

PRELUDES["lookup_tables"] = r"""import numpy as np, os, tempfile
TMP = tempfile.mkdtemp()
L = tf.lookup
def wfile(name, text):
    p = os.path.join(TMP, name)
    with open(p, 'w', encoding='utf-8') as f:
        f.write(text)
    return p
WORDS = wfile('words.txt', 'emerson\nlake\npalmer\n')
TSV = wfile('pairs.tsv', 'emerson\t10\tx\nlake\t20\ty\npalmer\t30\tz\n')
CSV = wfile('pairs.csv', 'emerson,10\nlake,20\npalmer,30\n')
SPACE = wfile('space.txt', 'emerson 10\nlake 20\n')
DUP = wfile('dup.txt', 'a\nb\na\n')
BLANK = wfile('blank.txt', 'a\n\nb\n')
NUMS = wfile('nums.txt', '7\n8\n9\n')
SHORT = wfile('short.tsv', 'a\t1\nb\n')
EMPTY = wfile('empty.txt', '')
KEYS = tf.constant(['emerson', 'lake', 'palmer', 'king', 'crimson'])
LINE = L.TextFileIndex.LINE_NUMBER
WHOLE = L.TextFileIndex.WHOLE_LINE
def init(path, kd=tf.string, ki=WHOLE, vd=tf.int64, vi=LINE, **kw):
    return L.TextFileInitializer(path, kd, ki, vd, vi, **kw)
def svt(path, n=1, **kw):
    return L.StaticVocabularyTable(init(path, **kw), n)
def v(x):
    return (x.dtype.name, x.shape.as_list(), x.numpy().tolist())
def export(t):
    k, vv = t.export()
    k, vv = k.numpy().tolist(), vv.numpy().tolist()
    return sorted(zip(k, vv), key=repr)
def dense_export(t, empty):
    k, vv = t.export()
    pairs = [(a, b) for a, b in zip(k.numpy().tolist(), vv.numpy().tolist()) if a != empty]
    return (k.shape.as_list(), vv.shape.as_list(), sorted(pairs, key=repr))
def masked(f):
    # (an error's text, its process-wide counters masked: TF's table and function numbers)
    import re
    try:
        return ('OK', f())
    except Exception as e:
        return (type(e).__name__, re.sub(r'(table|_fn|false|>)_[0-9]+', r'\1_N', str(e)))
def mh(kd=tf.string, vd=tf.int64, dv=-1):
    return L.experimental.MutableHashTable(kd, vd, dv)
def dh(kd=tf.int64, vd=tf.int64, dv=-1, ek=-1, dk=-2, **kw):
    return L.experimental.DenseHashTable(kd, vd, dv, empty_key=ek, deleted_key=dk, **kw)
def steps(t, *ops):
    out = []
    for name, args in ops:
        r = getattr(t, name)(*args)
        if r is not None and hasattr(r, 'numpy'):
            out.append((name, r.numpy().tolist()))
    out.append(('size', int(t.size())))
    return out
"""
SECTIONS["lookup_tables"] = [
    # StaticVocabularyTable over text files
    "v(svt(WORDS).lookup(KEYS))",
    "v(svt(WORDS, 3).lookup(KEYS))",
    "v(svt(WORDS, 0).lookup(KEYS))",
    "v(svt(TSV, delimiter='\\t', ki=0, vi=1).lookup(KEYS))",
    "v(svt(TSV, delimiter='\\t', ki=0, vi=LINE).lookup(KEYS))",
    "v(svt(CSV, delimiter=',', ki=0, vi=1).lookup(KEYS))",
    "v(svt(SPACE, delimiter=' ', ki=0, vi=1).lookup(KEYS))",
    "v(svt(TSV, delimiter='\\t', ki=1, vi=0, kd=tf.int64, vd=tf.string).lookup(KEYS))",
    "v(svt(TSV, delimiter='\\t', ki=2, vi=LINE).lookup(tf.constant(['x', 'y', 'q'])))",
    "v(svt(TSV, delimiter='\\t', ki=3, vi=LINE).lookup(KEYS))",
    "v(svt(WORDS, vocab_size=2).lookup(KEYS))",
    "v(svt(WORDS, vocab_size=5).lookup(KEYS))",
    "v(svt(DUP).lookup(tf.constant(['a', 'b'])))",
    "v(svt(BLANK).lookup(tf.constant(['a', '', 'b'])))",
    "v(svt(EMPTY).lookup(tf.constant(['a'])))",
    "v(svt(os.path.join(TMP, 'missing.txt')).lookup(KEYS))",
    "v(svt(WORDS, vd=tf.int32).lookup(KEYS))",
    "v(svt(WORDS, vi=WHOLE).lookup(KEYS))",
    "v(svt(NUMS, kd=tf.int64).lookup(tf.constant([7, 9, 10], tf.int64)))",
    "v(svt(NUMS, kd=tf.int64).lookup(tf.constant([7, 9, 10])))",
    "v(svt(NUMS, kd=tf.int32).lookup(tf.constant([7, 9, 10])))",
    "v(svt(SHORT, delimiter='\\t', ki=0, vi=1).lookup(tf.constant(['a'])))",
    "v(svt(WORDS, 2).lookup(tf.ragged.constant([['lake', 'x'], []])).flat_values)",
    "v(svt(WORDS).lookup(tf.constant([['lake', 'x'], ['palmer', 'emerson']])))",
    "v(svt(WORDS, 2, lookup_key_dtype=tf.string).lookup(KEYS))",
    "int(svt(WORDS, 2).size())",
    "svt(WORDS, 2).key_dtype, svt(WORDS, 2).value_dtype",
    "v(svt(WORDS, 1).lookup(tf.constant(['x', 'y', 'z'])))",
    "v(L.StaticVocabularyTable(L.KeyValueTensorInitializer(['a', 'b'], [0, 1]), 2)"
    ".lookup(tf.constant(['a', 'b', 'c', 'd'])))",
    "v(L.StaticVocabularyTable(L.KeyValueTensorInitializer([5, 6], [0, 1], tf.int64, "
    "tf.int64), 2).lookup(tf.constant([5, 7, 8], tf.int64)))",
    "v(L.StaticVocabularyTable(L.KeyValueTensorInitializer(['a'], [3]), 1)"
    ".lookup(tf.constant(['a', 'b'])))",
    "v(L.StaticVocabularyTable(L.KeyValueTensorInitializer(['a'], [0], tf.string, "
    "tf.int32), 1).lookup(tf.constant(['a', 'b'])))",
    "v(L.StaticVocabularyTable(L.KeyValueTensorInitializer(['a'], [0]), -1)"
    ".lookup(tf.constant(['a'])))",
    "v(L.StaticVocabularyTable(L.KeyValueTensorInitializer(['a'], [0]), 1, "
    "experimental_is_anonymous=True).lookup(tf.constant(['b'])))",
    "L.TextFileInitializer(WORDS, tf.string, WHOLE, tf.int64, LINE).key_index, "
    "L.TextFileInitializer(WORDS, tf.string, WHOLE, tf.int64, LINE).value_index",
    "v(L.StaticHashTable(init(TSV, delimiter='\\t', ki=0, vi=1), -1)"
    ".lookup(tf.constant(['lake', 'x'])))",
    "v(L.StaticHashTable(init(TSV, delimiter='\\t', ki=0, vi=2, vd=tf.string), 'none')"
    ".lookup(tf.constant(['lake', 'x'])))",
    "v(L.StaticHashTable(init(TSV, delimiter='\\t', ki=1, vi=0, kd=tf.int64, "
    "vd=tf.string), '?').lookup(tf.constant([20, 5], tf.int64)))",
    "v(L.StaticHashTable(init(TSV, delimiter='\\t', ki=0, vi=1, vd=tf.float32), -1.0)"
    ".lookup(tf.constant(['lake'])))",
    "v(L.StaticHashTable(init(TSV, delimiter='\\t', ki=0, vi=2, vd=tf.int64), -1)"
    ".lookup(tf.constant(['lake'])))",
    "v(L.StaticHashTable(init(CSV, delimiter='\\t', ki=0, vi=1), -1)"
    ".lookup(tf.constant(['lake'])))",
    "v(L.StaticHashTable(init(WORDS, ki=-3), -1).lookup(KEYS))",
    "v(L.StaticHashTable(init(WORDS, vi=-3), -1).lookup(KEYS))",
    "v(L.StaticHashTable(init(WORDS, kd=tf.int64, ki=LINE, vd=tf.string, vi=WHOLE), 'oov')"
    ".lookup(tf.constant([0, 2, 3], tf.int64)))",
    "v(L.StaticHashTable(init(WORDS, ki=LINE), -1).lookup(KEYS))",
    # MutableHashTable
    "steps(mh(), ('insert', (['a', 'b'], [1, 2])), ('lookup', (['a', 'c'],)))",
    "steps(mh(), ('insert', (['a', 'b'], [1, 2])), ('insert', (['a'], [5])), "
    "('lookup', (['a', 'b'],)))",
    "steps(mh(), ('insert', (['a', 'b'], [1, 2])), ('remove', (['a', 'x'],)), "
    "('lookup', (['a', 'b'],)))",
    "export(mh().__class__(tf.string, tf.int64, -1))",
    "(lambda t: (t.insert(['b', 'a', 'c'], [2, 1, 3]), export(t))[1])(mh())",
    "(lambda t: (t.insert(['b', 'a', 'c'], [2, 1, 3]), t.remove(['a']), export(t))[2])(mh())",
    "steps(mh(tf.int64, tf.float32, 0.5), ('insert', ([1, 2], [1.5, 2.5])), "
    "('lookup', ([2, 3],)))",
    "steps(mh(tf.int64, tf.string, '?'), ('insert', ([1, 2], ['x', 'y'])), "
    "('lookup', ([[1, 3], [2, 2]],)))",
    "steps(mh(tf.string, tf.int64, [0, 0]), ('insert', (['a'], [[1, 2]])), "
    "('lookup', (['a', 'b'],)))",
    "steps(mh(tf.string, tf.int64, [0, 0]), ('insert', (['a'], [1])))",
    "steps(mh(), ('insert', (['a', 'b'], [1])))",
    "steps(mh(), ('insert', ([1], [1])))",
    "steps(mh(), ('insert', (['a'], ['x'])))",
    "steps(mh(), ('lookup', ([1],)))",
    "steps(mh(), ('remove', ([1],)))",
    "steps(mh(tf.int32, tf.int32, 0), ('insert', ([1], [1])), ('lookup', ([1, 2],)))",
    "masked(lambda: steps(mh(tf.int64, tf.bool, False), ('insert', ([3], [True]))))",
    "steps(mh(tf.string, tf.float64, 0.0), ('insert', ([], tf.zeros([0], tf.float64))), "
    "('lookup', (['a'],)))",
    "(lambda t: (t.insert(['a', 'b'], [1, 2]), t.import_from_tensors(['z'], [9]), "
    "export(t))[2])(mh())",
    "(lambda t: (t.insert(['a', 'b'], [1, 2]), v(t.lookup(tf.constant([['a'], ['q']]))))[1])"
    "(mh())",
    "(lambda t: (t.insert(['a'], [1]), t.key_dtype, t.value_dtype, v(t.default_value))[1:])"
    "(mh())",
    "v(mh().lookup(tf.constant([], tf.string)))",
    "v(mh(tf.string, tf.int64, [7, 8]).lookup(tf.constant([], tf.string)))",
    "(lambda t: (t.insert(['a', 'b'], [1, 2]), t.remove(['a', 'b']), int(t.size()), "
    "export(t))[2:])(mh())",
    "masked(lambda: mh(tf.float32, tf.int64))",
    "steps(mh(tf.int64, tf.int64, 0), ('insert', (tf.constant([1, 1, 2], tf.int64), "
    "tf.constant([5, 6, 7], tf.int64))), ('lookup', ([1, 2],)))",
    # DenseHashTable
    "steps(dh(), ('insert', ([1, 2, 3], [10, 20, 30])), ('lookup', ([1, 4, 3],)))",
    "steps(dh(), ('insert', ([1, 2], [10, 20])), ('remove', ([1, 5],)), ('lookup', ([1, 2],)))",
    "steps(dh(), ('insert', ([1, 2], [10, 20])), ('insert', ([2], [99])), "
    "('lookup', ([2],)))",
    "dense_export((lambda t: (t.insert([5, 6, 7], [1, 2, 3]), t)[1])(dh()), -1)",
    "dense_export((lambda t: (t.insert([5, 6, 7], [1, 2, 3]), t.remove([6]), t)[2])(dh()), -1)",
    "dense_export(dh(initial_num_buckets=4), -1)",
    "dense_export((lambda t: (t.insert(list(range(10)), list(range(10))), t)[1])"
    "(dh(initial_num_buckets=4)), -1)",
    "steps(dh(), ('insert', ([-1], [5])))",
    "steps(dh(), ('insert', ([-2], [5])))",
    "steps(dh(), ('lookup', ([-1],)))",
    "steps(dh(), ('remove', ([-1],)))",
    "steps(dh(), ('remove', ([-2],)))",
    "dh(ek=5, dk=5)",
    "dh(initial_num_buckets=3)",
    "dense_export(dh(initial_num_buckets=0), -1)",
    "steps(dh(tf.string, tf.int64, -1, '', '$'), ('insert', (['a', 'b'], [1, 2])), "
    "('lookup', (['a', 'c'],)))",
    "steps(dh(tf.string, tf.int64, -1, '', '$'), ('insert', ([''], [1])))",
    "steps(dh(tf.int64, tf.float32, 0.0), ('insert', ([3], [1.5])), ('lookup', ([3, 4],)))",
    "steps(dh(tf.int64, tf.int64, [0, 0], -1, -2), ('insert', ([3], [[1, 2]])), "
    "('lookup', ([3, 4],)))",
    "steps(dh(tf.int64, tf.int64, [0, 0], -1, -2), ('insert', ([3], [1])))",
    "steps(dh(), ('insert', ([1, 2], [1])))",
    "steps(dh(), ('insert', (['a'], [1])))",
    "steps(dh(), ('lookup', ([[1, 2], [3, 4]],)))",
    "steps(dh(tf.int32, tf.int32, 0, -1, -2), ('insert', ([1], [2])), ('lookup', ([1, 3],)))",
    "(lambda t: (t.insert([1], [2]), t.key_dtype, t.value_dtype)[1:])(dh())",
    "(lambda t: (t.insert([1, 2, 3], [1, 2, 3]), t.erase([2]), int(t.size()))[2])(dh())",
    "dense_export((lambda t: (t.insert([1, 2], [7, 8]), t.import_from_tensors([4, -1, -1, "
    "-1], [40, 0, 0, 0]), t)[2])(dh()), -1)",
    "dh(ek=[-1, -1], dk=[-2, -2], kd=tf.int64).lookup(tf.constant([[1, 2]], tf.int64))",
]

PRELUDES["text_pipelines"] = r"""import numpy as np
D = tf.data.Dataset
R = tf.RaggedTensor
def items(ds):
    def one(x):
        if hasattr(x, 'to_list'):
            return ('ragged', x.dtype.name, x.to_list())
        if isinstance(x, tf.SparseTensor):
            return ('sparse', x.indices.numpy().tolist(), x.values.numpy().tolist())
        if isinstance(x, dict):
            return {k: one(y) for k, y in sorted(x.items())}
        if isinstance(x, tuple):
            return tuple(one(y) for y in x)
        return (x.dtype.name, x.numpy().tolist())
    return [one(x) for x in ds]
def masked(f):
    # (an error's text, its process-wide counters masked: TF's table and function numbers)
    import re
    try:
        return ('OK', f())
    except Exception as e:
        return (type(e).__name__, re.sub(r'(table|_fn|false|>)_[0-9]+', r'\1_N', str(e)))
rg = D.range(5).map(lambda x: tf.range(x))
rgs = D.from_tensor_slices(tf.ragged.constant([[1, 2], [], [3, 4, 5], [6]]))
txt = D.from_tensor_slices(['a b c', 'd', '', 'e f'])
toks = txt.map(tf.strings.split)
lens = D.from_tensor_slices([1, 3, 2, 5, 4, 1, 6, 2]).map(lambda n: tf.range(n))
"""
SECTIONS["text_pipelines"] = [
    # ragged_batch
    "items(rg.ragged_batch(2))",
    "items(rg.ragged_batch(2, drop_remainder=True))",
    "items(rg.ragged_batch(2, row_splits_dtype=tf.int32))",
    "rg.ragged_batch(2, row_splits_dtype=tf.int32).element_spec",
    "rg.ragged_batch(2, drop_remainder=True).element_spec",
    "items(rgs.ragged_batch(3))",
    "rgs.ragged_batch(3).element_spec",
    "items(toks.ragged_batch(2))",
    "toks.ragged_batch(2).element_spec",
    "items(D.range(3).ragged_batch(2))",
    "D.range(3).ragged_batch(2).element_spec",
    "items(D.range(3).map(lambda x: tf.fill([2, x], x)).ragged_batch(2))",
    "D.range(3).map(lambda x: tf.fill([2, x], x)).ragged_batch(2).element_spec",
    "items(D.range(3).map(lambda x: {'a': tf.range(x), 'b': x}).ragged_batch(2))",
    "items(rg.ragged_batch(2).ragged_batch(2))",
    "rg.ragged_batch(2).ragged_batch(2).element_spec",
    "items(rg.ragged_batch(0))",
    "items(rg.ragged_batch(-1))",
    "items(rg.ragged_batch(2, row_splits_dtype=tf.float32))",
    "items(rgs.ragged_batch(2, row_splits_dtype=tf.int32))",
    "items(D.from_tensor_slices(tf.ragged.constant([[[1], [2, 3]], [[4]]])).ragged_batch(2))",
    "items(rg.ragged_batch(10))",
    # padded_batch of ragged and strings
    "items(txt.padded_batch(2))",
    "items(toks.padded_batch(2))",
    "items(toks.padded_batch(2, padded_shapes=[4]))",
    "items(toks.padded_batch(2, padded_shapes=[4], padding_values='<pad>'))",
    "items(toks.padded_batch(2, padding_values='?'))",
    "items(toks.padded_batch(2, padded_shapes=[1]))",
    "items(txt.padded_batch(2, padding_values='x'))",
    "items(rgs.padded_batch(2))",
    "items(rg.padded_batch(2, padding_values=tf.constant(-1, tf.int64)))",
    "items(rg.padded_batch(2, padding_values=-1))",
    "items(rg.padded_batch(2, padded_shapes=[None]))",
    "items(rg.padded_batch(2, padded_shapes=tf.TensorShape([5]), drop_remainder=True))",
    "items(rg.map(lambda x: (x, tf.strings.as_string(x))).padded_batch(2, "
    "padding_values=(tf.constant(9, tf.int64), 'z')))",
    "items(rg.map(lambda x: (x, tf.strings.as_string(x))).padded_batch(2, "
    "padded_shapes=([4], [3])))",
    "items(D.from_tensor_slices(tf.ragged.constant([[[1], [2, 3]], [[4]]])).padded_batch(2))",
    "items(rgs.map(lambda x: x).padded_batch(2, padded_shapes=[None]))",
    "items(toks.padded_batch(2, padding_values=0))",
    "items(rg.padded_batch(2, padding_values='x'))",
    "toks.padded_batch(2).element_spec",
    "toks.padded_batch(2, padded_shapes=[4], drop_remainder=True).element_spec",
    # bucket_by_sequence_length
    "items(lens.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 5], [2, 2, 2]))",
    "masked(lambda: items(lens.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 5], "
    "[2, 2, 2], pad_to_bucket_boundary=True)))",
    "items(lens.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3], [3, 1], "
    "padding_values=tf.constant(-1, tf.int64)))",
    "items(lens.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 5], [2, 2, 2], "
    "drop_remainder=True))",
    "items(lens.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 5], [2, 2]))",
    "items(lens.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [5, 3], [2, 2, 2]))",
    "items(lens.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 5], [2, 2, 2], "
    "padded_shapes=[8]))",
    "items(lens.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 7], [2, 2, 2], "
    "pad_to_bucket_boundary=True))",
    "items(lens.bucket_by_sequence_length(lambda x: tf.size(x), [4], [2, 3], "
    "no_padding=True))",
    "items(toks.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [2], [2, 2]))",
    "items(toks.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [2], [2, 2], "
    "padding_values='-'))",
    "items(lens.map(lambda x: (x, tf.size(x))).bucket_by_sequence_length("
    "lambda x, n: n, [3], [2, 2]))",
    "lens.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 5], [2, 2, 2]).element_spec",
    "items(D.range(6).map(lambda x: tf.fill([x % 3 + 1], x)).apply("
    "tf.data.experimental.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [2, 3], "
    "[2, 2, 2])))",
    "items(lens.bucket_by_sequence_length(lambda x: tf.cast(tf.shape(x)[0], tf.int64), [3], "
    "[2, 2]))",
    "masked(lambda: items(lens.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3], "
    "[2, 2], drop_remainder=True, pad_to_bucket_boundary=True)))",
    # unbatch of ragged
    "items(rg.ragged_batch(2).unbatch())",
    "rg.ragged_batch(2).unbatch().element_spec",
    "items(rg.ragged_batch(2).ragged_batch(2).unbatch())",
    "items(rg.ragged_batch(2).ragged_batch(2).unbatch().unbatch())",
    "items(toks.ragged_batch(3).unbatch())",
    "items(D.from_tensors(tf.ragged.constant([[1, 2], [3]])).unbatch())",
    "D.from_tensors(tf.ragged.constant([[1, 2], [3]])).unbatch().element_spec",
    "items(D.from_tensors(tf.ragged.constant([[[1], [2, 3]], [[4]]])).unbatch())",
    "items(D.from_tensors(tf.ragged.constant([[[1], [2, 3]], [[4]]])).unbatch().unbatch())",
    "items(D.from_tensors(tf.ragged.constant([[1, 2], [3]])).unbatch().unbatch())",
    "items(D.from_tensors(tf.ragged.constant([1, 2, 3])).unbatch())",
    "items(D.from_tensors((tf.ragged.constant([[1], [2, 3]]), tf.constant([7, 8]))).unbatch())",
    "items(D.from_tensors((tf.ragged.constant([[1], [2, 3]]), tf.constant([7, 8, 9])))"
    ".unbatch())",
    "items(rg.ragged_batch(2).map(lambda x: x * 2).unbatch())",
    "items(rg.ragged_batch(2).rebatch(3))",
    "items(D.from_tensors(tf.ragged.constant([['a', 'b'], []])).unbatch())",
    "items(rg.ragged_batch(3).unbatch().ragged_batch(4))",
    "items(D.from_tensors(tf.sparse.SparseTensor([[0, 1], [1, 0]], [1, 2], [2, 3])).unbatch())",
    "items(D.from_tensors(tf.ragged.constant([[1, 2], [3]])).map(lambda r: r.to_tensor())"
    ".unbatch())",
    "items(txt.batch(3).unbatch())",
    "items(rgs.batch(2))",
    "rgs.batch(2).element_spec",
    "items(rgs.batch(2).unbatch())",
    "items(rgs.batch(3, drop_remainder=True).unbatch())",
]

PRELUDES["fixed_length_compressed"] = r"""import os, tempfile, gzip, zlib
TMP = tempfile.mkdtemp()
def wbytes(name, data):
    p = os.path.join(TMP, name)
    with open(p, 'wb') as f:
        f.write(data)
    return p
def gz(name, n):
    return wbytes(name, gzip.compress(bytes(range(n)), mtime=0))
PLAIN = wbytes('plain.bin', bytes(range(20)))
G0, G3, G10, G11 = gz('g0.gz', 0), gz('g3.gz', 3), gz('g10.gz', 10), gz('g11.gz', 11)
Z10 = wbytes('z10.zz', zlib.compress(bytes(range(10))))
HALF = wbytes('half.gz', gzip.compress(bytes(range(11)), mtime=0)[:15])
def fixed(path, record, header=0, footer=0, ct='GZIP'):
    ds = tf.data.FixedLengthRecordDataset(path, record, header_bytes=header,
                                          footer_bytes=footer, compression_type=ct)
    return [x.numpy() for x in ds]
"""
SECTIONS["fixed_length_compressed"] = [
    "fixed(PLAIN, 4)",
    "fixed(PLAIN, 4, 2, 3)",
    "fixed(PLAIN, 4, 2)",
    "fixed(PLAIN, 4, 0, 3)",
    "fixed(PLAIN, 4, ct='ZLIB')",
    "fixed(PLAIN, 4, 1, ct='ZLIB')",
    "fixed(PLAIN, 4, ct='')",
    "fixed(PLAIN, 4, 2, 3, ct='')",
    "fixed(PLAIN, 3, ct='')",
    "fixed(G3, 4, 3)",
    "fixed(G3, 4, 0, 3)",
    "fixed(G3, 2, 1, 1)",
    "fixed(G3, 3)",
    "fixed(G10, 4, 2, 3)",
    "fixed(G11, 4, 2, 3)",
    "fixed(G10, 4, 2, 4)",
    "fixed(G10, 5)",
    "fixed(G10, 3)",
    "fixed(G10, 4, ct='ZLIB')",
    "fixed(G0, 4)",
    "fixed([PLAIN, G10], 5)",
    "fixed([G10, PLAIN, G10], 5)",
    "fixed([G10, G11], 5)",
    "fixed(Z10, 4, ct='ZLIB')",
    "fixed(Z10, 5, ct='ZLIB')",
    "fixed(Z10, 5)",
    "fixed(Z10, 2, 1, 1, ct='ZLIB')",
    "fixed(HALF, 1)",
    "fixed(HALF, 4)",
    "fixed(G10, 10)",
    "fixed(G10, 11)",
    "fixed(G10, 1, 9)",
    "fixed(G10, 1, 0, 9)",
    "fixed(G10, 2, 4, 4)",
    "fixed(G3, 4, 5)",
    "fixed(G3, 4, 0, 5)",
    "fixed(G0, 4, 1)",
    "fixed([G10, G3], 4, 4)",
    "fixed(G3, 4, 1, 3)",
    "[x.numpy() for x in tf.data.FixedLengthRecordDataset(G3, 4, header_bytes=5, "
    "compression_type='GZIP').batch(2)]",
    "[x.numpy() for x in tf.data.FixedLengthRecordDataset(G3, 4, header_bytes=5, "
    "compression_type='GZIP').take(1).repeat(2)]",
    "[x.numpy() for x in tf.data.FixedLengthRecordDataset(G3, 4, header_bytes=5, "
    "compression_type='GZIP', num_parallel_reads=2)]",
    "[x.numpy() for x in tf.data.FixedLengthRecordDataset(G3, 4, header_bytes=5, "
    "compression_type='GZIP').map(lambda x: x + 'a')]",
]

PRELUDES["more_edges"] = PRELUDES["lookup_tables"] + PRELUDES["text_pipelines"] + r"""
import gzip, zlib
R = tf.RaggedTensor
S = tf.strings
rt = tf.ragged.constant([[1, 2, 3], [], [4, 5]])
r3 = tf.ragged.constant([[[1, 2], [3]], [], [[4, 5, 6], [], [7]]])
rs3 = tf.ragged.constant([[['a', 'b'], ['c']], [['d', 'e', 'f']]])
def vv(x):
    if hasattr(x, 'to_list'):
        return ('ragged', x.dtype.name, x.row_splits.dtype.name, x.shape.as_list(), x.to_list())
    return (x.dtype.name, x.shape.as_list(), x.numpy().tolist())
def wbytes(name, data):
    p = os.path.join(TMP, name)
    with open(p, 'wb') as f:
        f.write(data)
    return p
PLAIN = wbytes('plain2.txt', b'line one\nline two\n')
GZ = wbytes('lines.gz', gzip.compress(b'a\nb\nc', mtime=0))
def lines(path, ct):
    return [x.numpy() for x in tf.data.TextLineDataset(path, compression_type=ct)]
def records(path, ct):
    return [x.numpy() for x in tf.data.TFRecordDataset(path, compression_type=ct)]
"""
SECTIONS["more_edges"] = [
    # strings.format with structures
    "vv(S.format('{} {}', {'a': 1, 'b': 2}))",
    "vv(S.format('{}', [[1, 2], [3, 4]]))",
    "vv(S.format('{}', (tf.constant([1, 2]),)))",
    "vv(S.format('{}', tf.ragged.constant([[1], [2, 3]])))",
    "vv(S.format('{}', tf.constant([[1.5]], tf.float64), summarize=1))",
    "vv(S.format('{}', tf.constant([True]), placeholder='{}'))",
    "vv(S.format('%s', [1], placeholder='%s'))",
    "vv(S.format('x', 1))",
    "vv(S.format('{}', tf.constant(['a', 'b', 'c', 'd', 'e', 'f', 'g']), summarize=2))",
    "vv(S.format('{}', tf.reshape(tf.range(12.0), [3, 4]), summarize=1))",
    # as_string more
    "vv(S.as_string(tf.constant([3.14159], tf.float64), precision=3, scientific=True))",
    "vv(S.as_string(tf.constant([1e-5, 123456789.0]), shortest=True))",
    "vv(S.as_string(tf.constant([0.0, -0.0])))",
    "vv(S.as_string(tf.constant([[1, 2], [3, 4]], tf.int16), width=3))",
    "vv(S.as_string(tf.constant([1.5]), precision=-1))",
    "vv(S.as_string(tf.constant([1.5]), width=100))",
    "vv(S.as_string(tf.constant([True]), width=6))",
    "vv(S.as_string(tf.constant([True]), precision=1))",
    "vv(S.as_string(tf.constant([1 + 1j], tf.complex128), scientific=True))",
    "vv(S.as_string(tf.constant([255], tf.uint32), width=5, fill='0'))",
    "vv(S.as_string(tf.constant([2**63 - 1], tf.uint64)))",
    "vv(S.as_string(tf.constant([-1.5, 2.5]), precision=0))",
    # to_number more
    "vv(S.to_number(tf.constant(['1e-50'])))",
    "vv(S.to_number(tf.constant(['-1e-50']), tf.float64))",
    "vv(S.to_number(tf.constant(['0b1']), tf.int32))",
    "vv(S.to_number(tf.constant(['1 2']), tf.int32))",
    "vv(S.to_number(tf.constant(['NaN', 'Infinity'])))",
    "vv(S.to_number(tf.constant(['9223372036854775807']), tf.int64))",
    "vv(S.to_number(tf.constant(['9223372036854775808']), tf.int64))",
    "vv(S.to_number(tf.constant(['1.0e+2']), tf.float64))",
    "vv(S.to_number(tf.constant([['1', '2'], ['3', 'x']]), tf.int32))",
    "vv(S.to_number(tf.constant(['3.4028236e38'])))",
    # reduce_join / unsorted_segment_join more
    "vv(S.reduce_join(rs3, axis=2, separator='-'))",
    "vv(S.reduce_join(rs3, axis=1, separator='-'))",
    "vv(S.reduce_join(rs3, axis=-1, keepdims=True))",
    "vv(S.reduce_join(rs3, axis=0))",
    "vv(S.reduce_join(rs3))",
    "vv(S.reduce_join(tf.constant([['a', 'b'], ['c', 'd']]), axis=None, separator='|', "
    "keepdims=True))",
    "vv(S.unsorted_segment_join(tf.constant([['a', 'b'], ['c', 'd'], ['e', 'f']]), "
    "[0, 2, 0], 3, separator='+'))",
    "vv(S.unsorted_segment_join(['a', 'b', 'c', 'd'], tf.constant([1, 1, 0, 1], tf.int64), 2, "
    "separator=', '))",
    # ngrams more
    "vv(S.ngrams(rs3, (1, 2), separator='+'))",
    "vv(S.ngrams(tf.constant([['a', 'b'], ['c', 'd']]), 3, pad_values='_', padding_width=1))",
    "vv(S.ngrams(tf.constant([['a', 'b'], ['c', 'd']]), 3, preserve_short_sequences=True))",
    "vv(S.ngrams(tf.constant(['a', 'b', 'c', 'd']), (4, 1, 2)))",
    "vv(S.ngrams(tf.constant(['a', 'b']), 2, pad_values=('<', '>'), padding_width=5))",
    "vv(S.ngrams(tf.ragged.constant([['a'], [], ['b', 'c']]), 3, pad_values='#', "
    "preserve_short_sequences=True))",
    # ragged more
    "vv(R.from_nested_row_lengths([1, 2, 3], [[2, 0], [1, 2]]))",
    "vv(R.from_nested_row_lengths([1, 2, 3], [[2, 0], [1, 1]]))",
    "vv(R.from_nested_row_splits([1, 2, 3], [[0, 2], [0, 1, 3]]))",
    "vv(r3.to_tensor(shape=[None, None, None]))",
    "vv(r3.to_tensor(shape=[1, 1, 1], default_value=-1))",
    "vv(r3.to_tensor(shape=[4, 4, 4]))",
    "vv(rs3.to_tensor(shape=[3, 1, 2]))",
    "vv(tf.concat([rs3, rs3], axis=2))",
    "vv(tf.concat([rs3, rs3], axis=1))",
    "vv(tf.stack([rs3, rs3], axis=1))",
    "vv(tf.ragged.boolean_mask(rs3, tf.ragged.constant([[True, False], [True]])))",
    "vv(tf.gather_nd(rs3, [[1, 0, 2], [0, 0, 0]]))",
    "vv(tf.gather_nd(rs3, [[1, 0]]))",
    "vv(rs3.merge_dims(1, 2).with_row_splits_dtype(tf.int32))",
    "vv(rs3.bounding_shape())",
    "vv(rt.bounding_shape(axis=tf.constant(1)))",
    "vv(rt.bounding_shape(axis=tf.constant([0, 1])))",
    "vv(tf.ragged.map_flat_values(tf.strings.length, rs3))",
    "vv(tf.ragged.map_flat_values(lambda a, b: a + b, rs3, rs3))",
    "vv(tf.ragged.stack([rt, rt], axis=-1))",
    "vv(tf.ragged.stack([tf.constant([[1, 2]]), tf.constant([[3, 4]])], axis=1))",
    "vv(tf.ragged.stack([tf.constant([[1, 2]]), tf.constant([[3, 4]])], axis=0))",
    "vv(tf.ragged.stack([tf.constant([[1, 2]]), tf.constant([[3, 4]])], axis=2))",
    "vv(tf.ragged.stack([tf.constant([1]), tf.constant([[3, 4]])]))",
    "vv(tf.concat([tf.ragged.constant([[1]]), tf.ragged.constant([[2]], "
    "row_splits_dtype=tf.int32)], axis=0))",
    # tables more
    "v(L.StaticHashTable(L.TextFileInitializer(WORDS, tf.string, WHOLE, tf.int64, LINE, "
    "value_index_offset=5), -1).lookup(KEYS))",
    "v(svt(WORDS, 2, vocab_size=3).lookup(KEYS))",
    "v(svt(WORDS, 2, vocab_size=4).lookup(KEYS))",
    "dense_export((lambda t: (t.insert(tf.constant([[1, 2], [3, 4]], tf.int64), "
    "tf.constant([10, 20], tf.int64)), t)[1])(dh(ek=[-1, -1], dk=[-2, -2], "
    "initial_num_buckets=4)), [-1, -1])",
    "steps(dh(ek=[-1, -1], dk=[-2, -2]), ('insert', (tf.constant([[1, 2]], tf.int64), "
    "tf.constant([7], tf.int64))), ('lookup', (tf.constant([[1, 2], [2, 1]], tf.int64),)))",
    "(lambda t: (t.insert(['a', 'b'], [[1, 2], [3, 4]]), export(t))[1])(mh(tf.string, tf.int64, "
    "[0, 0]))",
    "steps(mh(tf.string, tf.int64, [0, 0]), ('insert', (['a'], [[1, 2]])), ('remove', (['a'],"
    ")), ('lookup', (['a'],)))",
    "steps(mh(), ('insert', (tf.constant(['a']), tf.constant([1], tf.int32))))",
    "steps(mh(), ('lookup', (tf.constant(['a', 'b']), tf.constant([5, 6], tf.int64))))",
    "steps(mh(), ('lookup', (tf.constant(['a', 'b']), tf.constant([5], tf.int64))))",
    "(lambda t: (t.insert([1, 2], [3, 4]), t.insert_or_assign([1], [9]), export(t))[2])(dh())",
    "dh(ek=-1, dk=-2, initial_num_buckets=2).size()",
    # data more
    "items(toks.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [2, 3], [1, 1, 1], "
    "pad_to_bucket_boundary=False, padding_values='#'))",
    "items(rg.padded_batch(2, padded_shapes=[2]))",
    "items(toks.padded_batch(3, padded_shapes=[None], padding_values=tf.constant('x')))",
    "items(D.zip((rg, toks)).padded_batch(2))",
    "items(D.zip((rg, toks)).ragged_batch(2))",
    "items(rgs.ragged_batch(2).map(lambda x: x.to_tensor()).unbatch())",
    "items(rgs.ragged_batch(2).map(lambda x: x.row_lengths()).unbatch())",
    "items(D.from_tensors(tf.ragged.constant([[1, 2], [3]])).repeat(2).unbatch())",
    "items(D.from_tensor_slices(tf.ragged.constant([[['a']], [['b', 'c'], []]])).unbatch())",
    "items(D.from_tensors(tf.ragged.constant([[1, 2], [3]], row_splits_dtype=tf.int32))"
    ".unbatch())",
    "D.from_tensors(tf.ragged.constant([[1, 2], [3]], row_splits_dtype=tf.int32)).unbatch()"
    ".element_spec",
    "items(rg.ragged_batch(2).unbatch().ragged_batch(5, row_splits_dtype=tf.int32))",
    # text and record readers over compressed names
    "lines(PLAIN, 'GZIP')",
    "lines(PLAIN, 'ZLIB')",
    "lines(GZ, 'GZIP')",
    "lines(GZ, '')",
    "lines(GZ, 'ZLIB')",
    "records(PLAIN, 'GZIP')",
    "records(GZ, 'GZIP')",
]

PRELUDES["traced"] = r"""import numpy as np
R = tf.RaggedTensor
S = tf.strings
rt = tf.ragged.constant([[1, 2, 3], [], [4, 5]])
rs = tf.ragged.constant([['a', 'b'], ['c']])
words = tf.constant([['a', 'b', 'c'], ['d', 'e', 'f']])
def spec_of(x):
    if hasattr(x, 'to_list'):
        return ('ragged', x.dtype.name, x.shape.as_list(), x.ragged_rank)
    if isinstance(x, (list, tuple)):
        return [spec_of(y) for y in x]
    return (x.dtype.name, x.shape.as_list() if x.shape.rank is not None else None)
def traced(f, *specs):
    # (what the traced function knows of its result, then its value on `args`)
    shapes = []
    @tf.function(input_signature=list(specs))
    def g(*a):
        out = f(*a)
        shapes.append(spec_of(out))
        return out
    g.get_concrete_function()
    return shapes[0]
def both(f, specs, *args):
    r = tf.function(f, input_signature=list(specs))(*args)
    if hasattr(r, 'to_list'):
        r = r.to_list()
    elif isinstance(r, (list, tuple)):
        r = [x.numpy().tolist() for x in r]
    else:
        r = r.numpy().tolist()
    return traced(f, *specs), r
T = tf.TensorSpec
RS = tf.RaggedTensorSpec
"""
SECTIONS["traced"] = [
    "both(lambda x: S.reduce_join(x, axis=1), [T([None, 3], tf.string)], words)",
    "both(lambda x: S.reduce_join(x, axis=0, keepdims=True), [T([2, None], tf.string)], words)",
    "both(lambda x: S.reduce_join(x), [T(None, tf.string)], words)",
    "both(lambda x: S.reduce_join(x, axis=-1, separator=','), [RS([None, None], tf.string)], rs)",
    "both(lambda x: S.ngrams(x, 2), [T([None], tf.string)], tf.constant(['a', 'b', 'c']))",
    "both(lambda x: S.ngrams(x, 2), [T([2, None], tf.string)], words)",
    "both(lambda x: S.ngrams(x, (1, 2), pad_values='#'), [RS([None, None], tf.string)], rs)",
    "both(lambda x: S.format('{}', x), [T([None], tf.int32)], tf.constant([1, 2]))",
    "both(lambda x: S.as_string(x, precision=2), [T([None, 2], tf.float32)], "
    "tf.constant([[1.0, 2.5]]))",
    "both(lambda x: S.to_number(x, tf.int32), [T([None], tf.string)], tf.constant(['1', '2']))",
    "both(lambda x, i: S.unsorted_segment_join(x, i, 3), [T([None], tf.string), "
    "T([None], tf.int32)], tf.constant(['a', 'b']), tf.constant([2, 0]))",
    "both(lambda x, i, n: S.unsorted_segment_join(x, i, n), [T([None], tf.string), "
    "T([None], tf.int32), T([], tf.int32)], tf.constant(['a', 'b']), tf.constant([1, 0]), "
    "tf.constant(2))",
    "both(lambda x: x.to_tensor(shape=[3, 4]), [RS([None, None], tf.int32)], rt)",
    "both(lambda x: x.to_tensor(shape=[None, 4]), [RS([None, None], tf.int32)], rt)",
    "both(lambda x: x.to_tensor(shape=[5, None]), [RS([3, None], tf.int32)], rt)",
    "both(lambda x: x.to_tensor(), [RS([3, None], tf.int32)], rt)",
    "both(lambda x: x.bounding_shape(), [RS([None, None], tf.int32)], rt)",
    "both(lambda x: x.bounding_shape(axis=1), [RS([None, None], tf.int32)], rt)",
    "both(lambda x: x.nested_row_lengths(), [RS([None, None], tf.int32)], rt)",
    "both(lambda x: x.merge_dims(0, 1), [RS([3, None], tf.int32)], rt)",
    "both(lambda x: x.with_row_splits_dtype(tf.int32), [RS([3, None], tf.int32)], rt)",
    "both(lambda x: tf.concat([x, x], axis=0), [RS([3, None], tf.int32)], rt)",
    "both(lambda x: tf.concat([x, x], axis=1), [RS([3, None], tf.int32)], rt)",
    "both(lambda x: tf.stack([x, x], axis=0), [RS([3, None], tf.int32)], rt)",
    "both(lambda x: tf.stack([x, x], axis=1), [RS([3, None], tf.int32)], rt)",
    "both(lambda x: tf.stack([x, x], axis=2), [RS([3, None], tf.int32)], rt)",
    "both(lambda x: tf.ragged.stack([x, x]), [T([None], tf.int32)], tf.constant([1, 2]))",
    "both(lambda x: tf.ragged.stack([x, x], axis=1), [T([None, 2], tf.int32)], "
    "tf.constant([[1, 2]]))",
    "both(lambda x: tf.gather_nd(x, [[0], [2]]), [RS([3, None], tf.int32)], rt)",
    "both(lambda x: tf.gather_nd(x, [[0, 1], [2, 0]]), [RS([3, None], tf.int32)], rt)",
    "both(lambda x, m: tf.ragged.boolean_mask(x, m), [RS([3, None], tf.int32), "
    "T([3], tf.bool)], rt, tf.constant([True, False, True]))",
    "both(lambda x, m: tf.ragged.boolean_mask(x, m), [T([None, 2], tf.int32), "
    "T([None, 2], tf.bool)], tf.constant([[1, 2]]), tf.constant([[True, False]]))",
    "both(lambda x: tf.ragged.map_flat_values(tf.add, x, 1), [RS([None, None], tf.int32)], rt)",
    "both(lambda v, i: R.from_nested_value_rowids(v, [i]), [T([None], tf.int32), "
    "T([None], tf.int64)], tf.constant([1, 2, 3]), tf.constant([0, 0, 2], tf.int64))",
    "both(lambda v, i: R.from_nested_value_rowids(v, [i], [4]), [T([None], tf.int32), "
    "T([None], tf.int64)], tf.constant([1, 2, 3]), tf.constant([0, 0, 2], tf.int64))",
    "both(lambda v, l: R.from_nested_row_lengths(v, [l]), [T([None], tf.int32), "
    "T([None], tf.int64)], tf.constant([1, 2, 3]), tf.constant([2, 1], tf.int64))",
]

PRELUDES["errors_and_graphs"] = PRELUDES["more_edges"] + PRELUDES["traced"].split("T = ")[0]
SECTIONS["errors_and_graphs"] = [
    # padded_batch / bucket / ragged_batch / unbatch errors
    "items(rg.padded_batch(2, padded_shapes=[1]))",
    "items(rg.padded_batch(2, padded_shapes=[None, 2]))",
    "items(rg.padded_batch(2, padding_values=tf.constant([0], tf.int64)))",
    "items(rg.padded_batch(2, padding_values=tf.constant(0, tf.int32)))",
    "items(rg.padded_batch(0))",
    "items(toks.padded_batch(2, padded_shapes=[2], padding_values=''))",
    "items(rg.padded_batch(2, padded_shapes=tf.constant([3], tf.int64)))",
    "items(lens.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 5], [2, 2]))",
    "items(lens.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [], [2]))",
    "items(lens.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3], [2, 2, 2]))",
    "items(lens.bucket_by_sequence_length(lambda x: 1.5, [3], [2, 2]))",
    "items(lens.bucket_by_sequence_length(lambda x: tf.shape(x), [3], [2, 2]))",
    "items(lens.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [3, 3], [2, 2, 2]))",
    "items(lens.bucket_by_sequence_length(lambda x: tf.shape(x)[0], [0], [2, 2]))",
    "items(D.range(3).unbatch())",
    "items(D.from_tensors(tf.constant(1)).unbatch())",
    "items(D.from_tensors((tf.constant([1, 2]), tf.constant([1]))).unbatch())",
    "items(rg.ragged_batch(2).padded_batch(2))",
    "items(rg.ragged_batch(2).batch(2))",
    "rg.ragged_batch(2).batch(2).element_spec",
    "items(D.from_tensor_slices(tf.sparse.SparseTensor([[0, 0], [1, 2]], [1, 2], [2, 3]))"
    ".ragged_batch(2))",
    # tables in functions and datasets
    "(lambda t: v(tf.function(lambda k: t.lookup(k))(tf.constant(['lake', 'x']))))"
    "(svt(WORDS, 2))",
    "(lambda t: items(D.from_tensor_slices(['palmer', 'x', 'emerson']).map(t.lookup)))"
    "(svt(WORDS, 3))",
    "(lambda t: items(D.from_tensor_slices(['palmer', 'x']).map(t.lookup)))"
    "(L.StaticHashTable(init(WORDS), -1))",
    "(lambda t: (tf.function(lambda: t.insert(tf.constant(['a']), tf.constant([7], "
    "tf.int64)))(), v(t.lookup(tf.constant(['a', 'b']))))[1])(mh())",
    "(lambda t: (tf.function(lambda k: t.remove(k))(tf.constant(['a'])), "
    "int(t.size())))(mh())",
    "(lambda t: (t.insert([1, 2], [3, 4]), v(tf.function(lambda k: t.lookup(k))("
    "tf.constant([2, 5], tf.int64))))[1])(dh())",
    "(lambda t: spec_of(tf.function(lambda k: t.lookup(k)).get_concrete_function("
    "tf.TensorSpec([None], tf.string)).structured_outputs))(svt(WORDS, 2))",
    "L.StaticVocabularyTable(init(WORDS), -3)",
    "type(L.StaticVocabularyTable(init(WORDS), 1.5)).__name__",
    "L.StaticVocabularyTable(init(WORDS, vd=tf.string, vi=0, ki=WHOLE), 1)",
    "L.StaticVocabularyTable(None, 2).lookup(tf.constant(['a']))",
    "v(L.StaticVocabularyTable(None, 2).lookup(tf.constant(['a', 'b', 'emerson'])))",
    "L.TextFileInitializer(WORDS, tf.string, -3, tf.int64, LINE)",
    "L.TextFileInitializer(WORDS, tf.string, WHOLE, tf.int32, LINE)",
    "L.TextFileInitializer(WORDS, tf.float32, WHOLE, tf.int64, LINE)",
    "L.TextFileInitializer(WORDS, tf.string, WHOLE, tf.int64, LINE, vocab_size=0)",
    "L.TextFileInitializer('', tf.string, WHOLE, tf.int64, LINE)",
    "v(L.StaticHashTable(init(WORDS, delimiter='ab', ki=0, vi=LINE), -1).lookup(KEYS))",
    "v(L.StaticHashTable(init(TSV, delimiter='\\t', ki=1, vi=0, kd=tf.int32, vd=tf.string), "
    "'?').lookup(tf.constant([10, 99], tf.int32)))",
    "v(L.StaticHashTable(init(TSV, delimiter='\\t', ki=1, vi=LINE, kd=tf.float32), "
    "-1).lookup(tf.constant([10.0])))",
    # traced formats and failures
    "v(tf.function(lambda x: S.format('{}: {}', ('v', x)))(tf.constant([1.5, 2.0])))",
    "v(tf.function(lambda x: S.as_string(x, width=4, fill='0'))(tf.constant([7, 12])))",
    "masked(lambda: v(tf.function(lambda x: S.to_number(x))(tf.constant(['oops']))))",
    "v(tf.function(lambda x: S.reduce_join(x, axis=1, keepdims=True, separator='/'))(words))",
    "vv(tf.function(lambda x: S.ngrams(x, 2, separator=''))(rs3))",
    "vv(tf.function(lambda x: tf.concat([x, x], axis=2))(rs3))",
    "vv(tf.function(lambda x: x.to_tensor(shape=[2, 2, 2], default_value='-'))(rs3))",
]

PRELUDES["round_two"] = PRELUDES["more_edges"]
SECTIONS["round_two"] = [
    "vv(R.from_uniform_row_length([1, 2, 3, 4], 2).merge_dims(0, 1))",
    "vv(R.from_uniform_row_length(rt, 1).merge_dims(1, 2))",
    "vv(R.from_uniform_row_length(rt, 1).bounding_shape())",
    "vv(R.from_uniform_row_length([1, 2, 3, 4], 2).to_tensor(shape=[3, 3]))",
    "vv(R.from_uniform_row_length(rt, 3).to_tensor())",
    "vv(tf.concat([rt, tf.constant([[7, 8]]), rt[:1]], axis=0))",
    "vv(tf.concat([rt, tf.constant([[7], [8], [9]]), rt], axis=1))",
    "vv(tf.stack([rt, rt, rt], axis=1).merge_dims(1, 2))",
    "vv(tf.ragged.boolean_mask(R.from_uniform_row_length([1, 2, 3, 4], 2), "
    "[[True, False], [False, True]]))",
    "vv(tf.gather_nd(R.from_uniform_row_length([1, 2, 3, 4], 2), [[1, 1], [0, 0]]))",
    "vv(r3.with_row_splits_dtype(tf.int32).merge_dims(0, 2))",
    "vv(r3.to_tensor(shape=[3, 2, 2]))",
    "vv(tf.ragged.map_flat_values(tf.one_hot, rt, 3))",
    "vv(tf.ragged.map_flat_values(tf.gather, [10, 20, 30, 40, 50, 60], rt))",
    "vv(S.format('{}', tf.constant([[1]], tf.int64)))",
    "vv(S.format('{}', tf.constant(['x' * 3] * 12), summarize=3))",
    "vv(S.format('{} {} {}', (1, 'two', 3.0)))",
    "vv(S.unsorted_segment_join(['a', 'b'], [0, 1], 5, separator='|'))",
    "vv(S.reduce_join(tf.constant([['a', 'b'], ['c', 'd']]), axis=(0, 1), keepdims=True))",
    "vv(S.reduce_join(tf.constant([['a', 'b'], ['c', 'd']]), axis=[-1, -2]))",
    "vv(S.ngrams(tf.constant([['a', 'b', 'c']]), (3, 2, 1), pad_values=('<', '>'), "
    "padding_width=2, separator='.'))",
    "vv(S.as_string(tf.constant([[0.5, 1.5], [2.5, 3.5]]), precision=0))",
    "vv(S.as_string(tf.constant([1e300], tf.float64), scientific=True, precision=2))",
    "vv(S.to_number(tf.constant(['0.1', '0.2']), tf.float64) * 3)",
    "v(svt(NUMS, 2, kd=tf.int64).lookup(tf.constant([7, 100, -5, 9], tf.int64)))",
    "v(svt(NUMS, 5, kd=tf.int64).lookup(tf.constant([0, 1, 2, 3, 4], tf.int64)))",
    "v(svt(WORDS, 4).lookup(tf.constant(['', ' ', 'EMERSON', 'emerson '])))",
    "export((lambda t: (t.insert([str(i) for i in range(20)], list(range(20))), t)[1])(mh()))",
    "int((lambda t: (t.insert([str(i) for i in range(20)], list(range(20))), "
    "t.remove(['3', '4', 'x']), t)[2])(mh()).size())",
    "dense_export((lambda t: (t.insert(list(range(1, 8)), list(range(7))), t)[1])"
    "(dh(initial_num_buckets=8)), -1)[:2]",
    "dense_export((lambda t: (t.insert(list(range(1, 8)), list(range(7))), t.remove([1, 2, 3]), "
    "t)[2])(dh(initial_num_buckets=8)), -1)",
    "steps(dh(tf.int64, tf.int64, -1, 0, 1, initial_num_buckets=4), ('insert', ([5, 6, 7, 8, "
    "9], [1, 2, 3, 4, 5])), ('lookup', ([9, 10, 5],)))",
    "items(D.from_tensor_slices({'t': ['a b', 'c'], 'n': [1, 2]}).map(lambda d: {'t': "
    "tf.strings.split(d['t']), 'n': d['n']}).padded_batch(2))",
    "items(D.from_tensor_slices({'t': ['a b', 'c'], 'n': [1, 2]}).map(lambda d: {'t': "
    "tf.strings.split(d['t']), 'n': d['n']}).padded_batch(2, padding_values={'t': '_', "
    "'n': -1}))",
    "items(D.from_tensor_slices({'t': ['a b', 'c'], 'n': [1, 2]}).map(lambda d: {'t': "
    "tf.strings.split(d['t']), 'n': d['n']}).ragged_batch(2))",
    "items(txt.map(lambda s: tf.strings.split(s)).bucket_by_sequence_length("
    "lambda x: tf.size(x), [2, 4], [1, 2, 2], pad_to_bucket_boundary=True, "
    "padding_values='<p>'))",
    "items(toks.ragged_batch(2).map(lambda x: tf.strings.reduce_join(x, axis=1, "
    "separator='+')))",
    "items(toks.ragged_batch(4).map(lambda x: x.to_tensor(default_value='#')))",
    "items(toks.ragged_batch(4).map(lambda x: x.bounding_shape()))",
    "items(toks.ragged_batch(4).map(lambda x: tf.strings.ngrams(x, 2)))",
    "items(rg.ragged_batch(3).map(lambda x: x.merge_dims(0, 1)))",
    "items(rg.ragged_batch(2).map(lambda x: tf.concat([x, x], axis=1)).unbatch())",
    "items(rg.padded_batch(2).map(lambda x: tf.RaggedTensor.from_tensor(x, padding=0)))",
]
