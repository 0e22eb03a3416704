"""text7's probes, beyond text6's: Keras TextVectorization in depth (output modes, ngrams,
padding, standardize/split options and callables, vocabulary lists and files, adapt on
lists and datasets, configs, errors), StringLookup/IntegerLookup and Hashing further, the
tf.strings hashes, unicode_script, unicode offsets and transcode options, regex options,
tf.sparse ops, ragged/sparse/dense conversions, ragged sort, ragged tf.map_fn, text files
in tf.data, segment ids and ragged crosses. Each section runs in its own environment (its
prelude), its expressions in order. record_text7.py records what TF 2.21 answers in
text7_golden.json; test_text7_vs_tf.py compares."""

PRELUDES = {}
SECTIONS = {}

_KERAS_PRELUDE = r"""import numpy as np, os, tempfile
TMP = tempfile.mkdtemp()
D = tf.data.Dataset
L = tf.keras.layers
def wfile(name, text):
    p = os.path.join(TMP, name)
    with open(p, 'w', encoding='utf-8') as f:
        f.write(text)
    return p
def out(x):
    if hasattr(x, 'to_list'):
        return ('ragged', x.to_list())
    if isinstance(x, tf.SparseTensor):
        return ('sparse', x.indices.numpy().tolist(), x.values.numpy().tolist(),
                x.dense_shape.numpy().tolist())
    a = np.asarray(x)
    return (str(a.dtype), a.tolist())
def run(layer, data, adapt=None, **kw):
    if adapt is not None:
        layer.adapt(adapt, **kw)
    return out(layer(data))
def cfg(layer):
    c = layer.get_config()
    return sorted((k, v) for k, v in c.items() if k not in ('dtype', 'name'))
def tvec(**kw):
    return L.TextVectorization(**kw)
DOCS = ['The quick brown fox.', 'the LAZY dog!', 'fox, dog; and cat', 'a fox a dog a cat']
VOC = wfile('voc.txt', 'fox\ndog\ncat\n')
VOCDUP = wfile('vocdup.txt', 'fox\ndog\nfox\n')
VOCEMPTY = wfile('vocempty.txt', '')
IVOC = wfile('ivoc.txt', '10\n20\n30\n')
"""

PRELUDES["text_vectorization"] = _KERAS_PRELUDE
SECTIONS["text_vectorization"] = [
    "run(tvec(), tf.constant(DOCS), DOCS)",
    "run(tvec(max_tokens=4), tf.constant(DOCS), DOCS)",
    "run(tvec(max_tokens=4, pad_to_max_tokens=True), tf.constant(DOCS), DOCS)",
    "run(tvec(max_tokens=8, output_mode='multi_hot', pad_to_max_tokens=True), "
    "tf.constant(DOCS), DOCS)",
    "run(tvec(max_tokens=8, output_mode='count', pad_to_max_tokens=True), tf.constant(DOCS), "
    "DOCS)",
    "run(tvec(max_tokens=8, output_mode='tf_idf', pad_to_max_tokens=True), tf.constant(DOCS), "
    "DOCS)",
    "run(tvec(output_mode='multi_hot'), tf.constant(DOCS), DOCS)",
    "run(tvec(output_mode='count'), tf.constant(DOCS), DOCS)",
    "run(tvec(output_mode='tf_idf'), tf.constant(DOCS), DOCS)",
    "run(tvec(output_mode='count', ngrams=2), tf.constant(DOCS[:2]), DOCS)",
    "run(tvec(ngrams=2), tf.constant(DOCS), DOCS)",
    "run(tvec(ngrams=3, max_tokens=10), tf.constant(DOCS), DOCS)",
    "run(tvec(ngrams=(2,)), tf.constant(DOCS), DOCS)",
    "run(tvec(ngrams=(1, 3), output_mode='multi_hot', max_tokens=6), tf.constant(DOCS), DOCS)",
    "run(tvec(ngrams=[1, 2]), tf.constant(DOCS), DOCS)",
    "run(tvec(ngrams=2.5), tf.constant(DOCS), DOCS)",
    "run(tvec(ngrams=-1), tf.constant(DOCS), DOCS)",
    "run(tvec(output_sequence_length=6), tf.constant(DOCS), DOCS)",
    "run(tvec(output_sequence_length=1), tf.constant(DOCS), DOCS)",
    "run(tvec(output_sequence_length=0), tf.constant(DOCS), DOCS)",
    "run(tvec(output_sequence_length=3, output_mode='count'), tf.constant(DOCS), DOCS)",
    "run(tvec(ragged=True), tf.constant(DOCS), DOCS)",
    "run(tvec(ragged=True, output_mode='count'), tf.constant(DOCS), DOCS)",
    "run(tvec(standardize='lower'), tf.constant(DOCS), DOCS)",
    "run(tvec(standardize=None), tf.constant(DOCS), DOCS)",
    "run(tvec(standardize='lower_and_strip_punctuation', split='character', max_tokens=8), "
    "tf.constant(DOCS[:2]), DOCS)",
    "run(tvec(split='character', output_sequence_length=5), tf.constant(['abc', 'de']), "
    "['abcde'])",
    "run(tvec(split=lambda s: tf.strings.split(s, sep=',')), tf.constant(['a,b', 'b,c']), "
    "['a,b', 'b,c'])",
    "run(tvec(standardize=tf.strings.upper, split=None), tf.constant(['a', 'B']), ['a', 'b'])",
    "run(tvec(split=None), tf.constant([['a b'], ['c']]), ['a b', 'c'])",
    "run(tvec(split=None, ngrams=2), tf.constant(['ab']), ['ab'])",
    "run(tvec(), tf.constant([['a b'], ['c']]), ['a b', 'c'])",
    "run(tvec(), tf.constant([['a b', 'c']]), ['a b', 'c'])",
    "run(tvec(), tf.ragged.constant([['a b'], ['c']]), ['a b', 'c'])",
    "run(tvec(), tf.constant([[1]]), ['a'])",
    "run(tvec(), tf.constant(DOCS), D.from_tensor_slices(DOCS).batch(2))",
    "run(tvec(), tf.constant(DOCS), D.from_tensor_slices(DOCS))",
    "run(tvec(), tf.constant(DOCS), tf.constant(DOCS))",
    "run(tvec(), tf.constant(DOCS), np.array(DOCS))",
    "run(tvec(), tf.constant(DOCS), D.from_tensor_slices(DOCS).batch(2), steps=1)",
    "run(tvec(), tf.constant(DOCS), DOCS, batch_size=2)",
    "run(tvec(max_tokens=5), tf.constant(DOCS), ['b b a a c c'])",
    "run(tvec(max_tokens=5), tf.constant(DOCS), ['zz yy xx'])",
    "run(tvec(vocabulary=VOC), tf.constant(DOCS))",
    "run(tvec(vocabulary=VOCDUP), tf.constant(DOCS))",
    "run(tvec(vocabulary=VOCEMPTY), tf.constant(DOCS))",
    "run(tvec(vocabulary=os.path.join(TMP, 'missing.txt')), tf.constant(DOCS))",
    "run(tvec(vocabulary=tf.constant(['fox', 'dog'])), tf.constant(DOCS))",
    "run(tvec(vocabulary=np.array(['fox', 'dog'])), tf.constant(DOCS))",
    "run(tvec(vocabulary=['fox', 'dog'], max_tokens=2), tf.constant(DOCS))",
    "run(tvec(vocabulary=['fox', 'dog'], max_tokens=3), tf.constant(DOCS))",
    "run(tvec(vocabulary=['fox', 'dog'], max_tokens=5, pad_to_max_tokens=True, "
    "output_mode='multi_hot'), tf.constant(DOCS))",
    "run(tvec(vocabulary=['fox', 'dog'], output_mode='count'), tf.constant(DOCS))",
    "run(tvec(vocabulary=['fox', 'dog'], output_mode='int', output_sequence_length=2), "
    "tf.constant(DOCS))",
    "run(tvec(vocabulary=['', '[UNK]', 'fox']), tf.constant(DOCS))",
    "run(tvec(vocabulary=['[UNK]', 'fox']), tf.constant(DOCS))",
    "run(tvec(vocabulary=['fox', '[UNK]']), tf.constant(DOCS))",
    "run(tvec(vocabulary=['fox', 'dog'], idf_weights=[1.0, 2.0]), tf.constant(DOCS))",
    "run(tvec(vocabulary=['fox', 'dog'], output_mode='tf_idf', idf_weights=[1.0]), "
    "tf.constant(DOCS))",
    "run(tvec(vocabulary=['fox', 'dog'], output_mode='tf_idf', idf_weights=[1.0, 2.0, 3.0]), "
    "tf.constant(DOCS))",
    "run(tvec(vocabulary=['fox'], vocabulary_size=3), tf.constant(DOCS))",
    "run(tvec(max_tokens=0), tf.constant(DOCS), DOCS)",
    "run(tvec(max_tokens=2), tf.constant(DOCS), DOCS)",
    "run(tvec(output_mode='tf_idf', max_tokens=4, ngrams=2), tf.constant(DOCS[1:3]), DOCS)",
    "run(tvec(encoding='latin-1'), tf.constant(DOCS), DOCS)",
    "run(tvec(sparse=True, output_mode='count', max_tokens=6), tf.constant(DOCS[:2]), DOCS)",
    "run(tvec(sparse=True), tf.constant(DOCS), DOCS)",
    "run(tvec(output_sequence_length=3, ragged=True), tf.constant(DOCS), DOCS)",
    "run(tvec(pad_to_max_tokens=True), tf.constant(DOCS), DOCS)",
    "run(tvec(output_mode='multi_hot', pad_to_max_tokens=True), tf.constant(DOCS), DOCS)",
    "tvec().get_vocabulary()",
    "tvec().vocabulary_size()",
    "tvec(max_tokens=3).get_config()['max_tokens']",
    "cfg(tvec())",
    "cfg(tvec(vocabulary=VOC))",
    "cfg(tvec(output_mode='tf_idf', vocabulary=['a', 'b'], idf_weights=[0.5, 0.5]))",
    "cfg(tvec(split=None, standardize='lower', ngrams=(1, 2), output_sequence_length=4))",
    "cfg(L.TextVectorization.from_config(tvec(max_tokens=5, ngrams=2).get_config()))",
    "(lambda t: (t.adapt(DOCS), cfg(L.TextVectorization.from_config(t.get_config())))[1])"
    "(tvec(max_tokens=6))",
    "(lambda t: (t.adapt(DOCS), run(L.TextVectorization.from_config(t.get_config()), "
    "tf.constant(DOCS)))[1])(tvec(max_tokens=6))",
    "(lambda t: (t.adapt(DOCS), t.get_vocabulary(), "
    "t.get_vocabulary(include_special_tokens=False))[1:])(tvec(max_tokens=6))",
    "(lambda t: (t.adapt(DOCS), t.get_vocabulary())[1])(tvec(ngrams=2, max_tokens=8))",
    "(lambda t: (t.adapt(DOCS), t.get_vocabulary())[1])(tvec(output_mode='count', "
    "max_tokens=5))",
    "(lambda t: (t.adapt(DOCS), t.vocabulary_size())[1])(tvec())",
    "(lambda t: (t.set_vocabulary(['x', 'y']), t.get_vocabulary())[1])(tvec())",
    "(lambda t: (t.set_vocabulary(['x', 'y']), run(t, tf.constant(['x y z'])))[1])(tvec())",
    "(lambda t: (t.set_vocabulary(['x', 'y'], idf_weights=[0.5, 2.0]), run(t, "
    "tf.constant(['x y y z'])))[1])(tvec(output_mode='tf_idf'))",
    "(lambda t: (t.set_vocabulary(['x', 'y']), run(t, tf.constant(['x y y z'])))[1])"
    "(tvec(output_mode='tf_idf'))",
    "(lambda t: (t.adapt(['a b', 'b']), t.adapt(['c c c']), t.get_vocabulary())[-1])(tvec())",
    "(lambda t: (t.adapt(['a b', 'b']), t.set_vocabulary(['q']), t.get_vocabulary())[-1])"
    "(tvec())",
    "tvec(vocabulary=['a', 'b']).get_vocabulary()",
    "tvec(vocabulary=['a', 'b'], output_mode='multi_hot').get_vocabulary()",
    "tvec(vocabulary=['a', 'b'], output_mode='multi_hot').vocabulary_size()",
    "tvec(vocabulary=['a', 'b'], output_mode='tf_idf', idf_weights=[1., 2.]).get_vocabulary()",
    "tvec().compute_output_shape((None,))",
    "tvec().compute_output_shape((None, 1))",
    "tvec(output_sequence_length=5).compute_output_shape((3, 1))",
    "tvec(output_mode='count', max_tokens=7).compute_output_shape((None,))",
    "tvec(output_mode='count', max_tokens=7).compute_output_shape((2, 1))",
    "tvec(output_mode='tf_idf', vocabulary=['a']).compute_output_shape((None,))",
    "tvec(max_tokens=4)(tf.constant(['a']))",
    "tvec(output_mode='multi_hot')(tf.constant(['a']))",
    "tvec(output_mode='multi_hot', vocabulary=['a']).compute_output_spec(L.Input((1,), "
    "dtype='string'))",
    "tvec(output_sequence_length=4).compute_output_spec(L.Input((1,), dtype='string'))",
    "tvec(output_sequence_length=4, max_tokens=5).dtype",
    "tvec().compute_dtype",
    "tvec(ragged=True, sparse=True)",
    "tvec(output_mode='int', sparse=True, vocabulary=['a'])(tf.constant(['a']))",
    "tvec(output_mode='tf_idf', vocabulary=['a'])",
    "tvec(idf_weights=[1.0], vocabulary=['a'])",
    "tvec(output_sequence_length=3, output_mode='multi_hot')",
    "tvec(ngrams=(0, 1))",
    "tvec(max_tokens=-1)",
    "tvec(standardize=5)",
    "tvec(split=5)",
    "tvec(output_mode=None)",
    "tvec(output_mode='INT')",
    "tvec(unknown_kw=1)",
    "tvec(name='tv7').name",
    "(lambda t: t.adapt([]))(tvec())",
    "(lambda t: (t.adapt(['']), t.get_vocabulary())[1])(tvec())",
    "(lambda t: t.adapt([1, 2]))(tvec())",
    "(lambda t: (t.adapt(DOCS), t.adapt_state if hasattr(t, 'adapt_state') else None)[1])"
    "(tvec())",
    "(lambda t: (t.adapt(DOCS), [w.name for w in t.weights])[1])(tvec())",
    "(lambda t: (t.adapt(DOCS), t.built, t.trainable, t.count_params())[1:])(tvec())",
    "(lambda m: run(m, tf.constant([['fox dog'], ['cat']])))(tf.keras.Sequential([L.Input("
    "shape=(1,), dtype='string'), tvec(vocabulary=['fox', 'dog', 'cat'], "
    "output_sequence_length=3)]))",
    "(lambda m: run(m, tf.constant([['fox dog'], ['cat']])))(tf.keras.Sequential([L.Input("
    "shape=(1,), dtype='string'), tvec(vocabulary=['fox', 'dog', 'cat'], "
    "output_mode='multi_hot')]))",
    "[out(x) for x in D.from_tensor_slices(DOCS).batch(2).map(tvec(vocabulary=['fox', 'dog'], "
    "output_sequence_length=2))]",
    "[out(x) for x in D.from_tensor_slices(DOCS).batch(2).map(tvec(vocabulary=['fox', 'dog']))]",
    "[out(x) for x in D.from_tensor_slices(DOCS).map(tvec(vocabulary=['fox', 'dog']))]",
    "tf.function(lambda x: tvec(vocabulary=['fox', 'dog'], output_mode='count')(x))"
    "(tf.constant(DOCS))",
]

PRELUDES["lookup_layers"] = _KERAS_PRELUDE
SECTIONS["lookup_layers"] = [
    "run(L.StringLookup(), tf.constant(['b', 'a', 'b', 'c']), ['a', 'b', 'b', 'c', 'c', 'c'])",
    "run(L.StringLookup(num_oov_indices=2), tf.constant(['b', 'q', 'z', 'zz']), ['a', 'b'])",
    "run(L.StringLookup(num_oov_indices=0), tf.constant(['b', 'a']), ['a', 'b'])",
    "run(L.StringLookup(num_oov_indices=0), tf.constant(['q']), ['a', 'b'])",
    "run(L.StringLookup(num_oov_indices=-1), tf.constant(['a']), ['a'])",
    "run(L.StringLookup(mask_token=''), tf.constant(['', 'a', 'q']), ['a', 'b'])",
    "run(L.StringLookup(mask_token='', output_mode='multi_hot'), tf.constant([['', 'a', 'q']]), "
    "['a', 'b'])",
    "run(L.StringLookup(mask_token='', output_mode='count'), tf.constant([['', 'a', 'a']]), "
    "['a', 'b'])",
    "run(L.StringLookup(mask_token='', output_mode='one_hot'), tf.constant(['', 'a']), "
    "['a', 'b'])",
    "run(L.StringLookup(vocabulary=['a', 'b'], mask_token='[M]'), tf.constant(['[M]', 'a', "
    "'z']))",
    "run(L.StringLookup(vocabulary=['[M]', 'a', 'b'], mask_token='[M]'), tf.constant(['[M]', "
    "'a']))",
    "run(L.StringLookup(vocabulary=['a', '[M]'], mask_token='[M]'), tf.constant(['a']))",
    "run(L.StringLookup(vocabulary=['[UNK]', 'a'], oov_token='[UNK]'), tf.constant(['a', 'q']))",
    "run(L.StringLookup(vocabulary=['a', '[UNK]']), tf.constant(['a', 'q']))",
    "run(L.StringLookup(vocabulary=['a', 'b'], invert=True, num_oov_indices=0), "
    "tf.constant([0, 1]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], invert=True, num_oov_indices=0), "
    "tf.constant([0, 5]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], invert=True, oov_token='?'), tf.constant([[0, "
    "1], [2, 9]]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], invert=True, mask_token=''), tf.constant([0, 1, "
    "2, 3]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], invert=True, output_mode='multi_hot'), "
    "tf.constant([0]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], invert=True), tf.constant([-1]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], invert=True), tf.constant(['a']))",
    "run(L.StringLookup(vocabulary=['a', 'b'], invert=True), tf.ragged.constant([[0, 2], "
    "[1]]))",
    "run(L.StringLookup(vocabulary=VOC), tf.constant(['dog', 'x']))",
    "run(L.StringLookup(vocabulary=VOCDUP), tf.constant(['dog', 'x']))",
    "run(L.StringLookup(vocabulary=VOC, invert=True), tf.constant([0, 1, 3, 4]))",
    "run(L.StringLookup(vocabulary=VOC, output_mode='multi_hot'), tf.constant([['dog', 'x']]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], output_mode='one_hot'), tf.constant(['a', 'z', "
    "'b']))",
    "run(L.StringLookup(vocabulary=['a', 'b'], output_mode='one_hot'), tf.constant([['a'], "
    "['b']]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], output_mode='one_hot'), tf.constant('a'))",
    "run(L.StringLookup(vocabulary=['a', 'b'], output_mode='multi_hot'), tf.constant(['a', "
    "'b']))",
    "run(L.StringLookup(vocabulary=['a', 'b'], output_mode='multi_hot'), tf.constant('a'))",
    "run(L.StringLookup(vocabulary=['a', 'b'], output_mode='count'), tf.constant([['a', 'a', "
    "'z', 'z', 'z']]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], output_mode='count', num_oov_indices=0), "
    "tf.constant([['a', 'a', 'z']]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], output_mode='tf_idf', idf_weights=[2.0, 3.0]), "
    "tf.constant([['a', 'a', 'z', 'b']]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], output_mode='tf_idf'), tf.constant(['a']))",
    "run(L.StringLookup(output_mode='tf_idf'), tf.constant([['a', 'b', 'q']]), [['a', 'b'], "
    "['a', 'c'], ['a', 'a']])",
    "run(L.StringLookup(output_mode='tf_idf', max_tokens=3), tf.constant([['a', 'b', 'q']]), "
    "[['a', 'b'], ['a', 'c'], ['a', 'a']])",
    "run(L.StringLookup(output_mode='tf_idf', pad_to_max_tokens=True, max_tokens=6), "
    "tf.constant([['a', 'b']]), [['a', 'b'], ['a']])",
    "run(L.StringLookup(vocabulary=['a', 'b'], idf_weights=[1.0, 2.0]), tf.constant(['a']))",
    "run(L.StringLookup(vocabulary=['a', 'b'], output_mode='multi_hot', sparse=True), "
    "tf.constant([['a', 'z'], ['b', 'b']]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], output_mode='count', sparse=True), "
    "tf.constant([['a', 'z'], ['b', 'b']]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], sparse=True), tf.constant(['a']))",
    "run(L.StringLookup(vocabulary=['a', 'b'], max_tokens=2), tf.constant(['a']))",
    "run(L.StringLookup(vocabulary=['a', 'b'], max_tokens=1), tf.constant(['a']))",
    "run(L.StringLookup(max_tokens=1), tf.constant(['a']), ['a'])",
    "run(L.StringLookup(vocabulary=['a', 'b'], vocabulary_dtype='int64'), tf.constant([1]))",
    "run(L.StringLookup(vocabulary=['a', 'b']), tf.constant([['a', 'b'], ['c', 'a']]))",
    "run(L.StringLookup(vocabulary=['a', 'b']), tf.ragged.constant([['a', 'b'], ['c']]))",
    "run(L.StringLookup(vocabulary=['a', 'b']), tf.constant(['a', 'b'], tf.string)[tf.newaxis])",
    "run(L.StringLookup(), tf.constant(['x', 'y']), D.from_tensor_slices(['x', 'y', 'y']))",
    "run(L.StringLookup(), tf.constant(['x', 'y']), D.from_tensor_slices([['x', 'y'], ['y', "
    "'y']]))",
    "run(L.StringLookup(), tf.constant(['x', 'y']), tf.ragged.constant([['x', 'y'], ['y']]))",
    "run(L.StringLookup(), tf.constant(['x']), np.array([['x', 'y']]))",
    "run(L.StringLookup(), tf.constant(['x']), [1, 2])",
    "run(L.StringLookup(vocabulary=['b', 'a', 'b']), tf.constant(['a']))",
    "run(L.StringLookup(vocabulary=[]), tf.constant(['a']))",
    "run(L.StringLookup(vocabulary=['a', 'b'], output_mode='bogus'), tf.constant(['a']))",
    "L.StringLookup(vocabulary=['a', 'b'], num_oov_indices=2).get_vocabulary()",
    "L.StringLookup(vocabulary=['a', 'b'], num_oov_indices=2).vocabulary_size()",
    "L.StringLookup(vocabulary=['a', 'b'], num_oov_indices=0).get_vocabulary()",
    "L.StringLookup(vocabulary=['a', 'b'], mask_token='M').get_vocabulary("
    "include_special_tokens=False)",
    "L.StringLookup(vocabulary=['a', 'b'], invert=True).get_vocabulary()",
    "L.StringLookup(vocabulary=['a', 'b'], output_mode='tf_idf', idf_weights=[1., 2.])"
    ".get_vocabulary()",
    "L.StringLookup(vocabulary=['a', 'b'], output_mode='tf_idf', idf_weights=[1., 2.])"
    ".get_config()['idf_weights']",
    "L.StringLookup().get_vocabulary()",
    "L.StringLookup(mask_token='').get_vocabulary()",
    "L.StringLookup(vocabulary=VOC).get_config()['vocabulary']",
    "cfg(L.StringLookup(vocabulary=['a'], num_oov_indices=2, mask_token='', "
    "output_mode='count'))",
    "cfg(L.StringLookup.from_config(L.StringLookup(vocabulary=['a', 'b']).get_config()))",
    "run(L.StringLookup.from_config(L.StringLookup(vocabulary=['a', 'b'], invert=True)"
    ".get_config()), tf.constant([0, 2]))",
    "L.StringLookup(vocabulary=['a', 'b'], output_mode='count').compute_output_shape((None, 3))",
    "L.StringLookup(vocabulary=['a', 'b']).compute_output_shape((None, 3))",
    "L.StringLookup(vocabulary=['a', 'b'], output_mode='one_hot').compute_output_shape((None,))",
    "L.StringLookup(vocabulary=['a', 'b'], invert=True).compute_output_spec(L.Input((2,), "
    "dtype='int64'))",
    "L.StringLookup(vocabulary=['a', 'b']).compute_output_spec(L.Input((2,), dtype='string'))",
    "(lambda s: (s.adapt(['a', 'b', 'b']), s.get_vocabulary(), s.vocabulary_size())[1:])("
    "L.StringLookup(num_oov_indices=2, mask_token='m'))",
    "(lambda s: (s.set_vocabulary(['p', 'q']), run(s, tf.constant(['q', 'r'])))[1])("
    "L.StringLookup())",
    "(lambda s: (s.set_vocabulary(['p', 'q'], idf_weights=[0.1, 0.2]), run(s, "
    "tf.constant([['q', 'r']])))[1])(L.StringLookup(output_mode='tf_idf'))",
    "(lambda s: s.set_vocabulary(['p', 'q'], idf_weights=[0.1, 0.2]))(L.StringLookup())",
    "(lambda s: s.set_vocabulary(['p', 'p']))(L.StringLookup())",
    "run(L.IntegerLookup(), tf.constant([3, 1, 7]), [1, 3, 3, 5])",
    "run(L.IntegerLookup(num_oov_indices=2), tf.constant([3, 1, 7, 8, 9]), [1, 3, 3, 5])",
    "run(L.IntegerLookup(vocabulary=[10, 20], num_oov_indices=0), tf.constant([10, 30]))",
    "run(L.IntegerLookup(vocabulary=[10, 20], mask_token=0, output_mode='multi_hot'), "
    "tf.constant([[0, 10, 30]]))",
    "run(L.IntegerLookup(vocabulary=[10, 20], mask_token=0, output_mode='count'), "
    "tf.constant([[0, 10, 10, 30]]))",
    "run(L.IntegerLookup(vocabulary=[10, 20], invert=True, mask_token=0), tf.constant([0, 1, 2, "
    "3, 4]))",
    "run(L.IntegerLookup(vocabulary=[10, 20], oov_token=-7, invert=True), tf.constant([0, 3]))",
    "run(L.IntegerLookup(vocabulary=[10, 20], output_mode='one_hot'), tf.constant([10, 20, 5]))",
    "run(L.IntegerLookup(vocabulary=[10, 20], output_mode='tf_idf', idf_weights=[0.5, 1.5]), "
    "tf.constant([[10, 10, 20, 5]]))",
    "run(L.IntegerLookup(vocabulary=IVOC), tf.constant([20, 40]))",
    "run(L.IntegerLookup(vocabulary=[10, 20], vocabulary_dtype='int32'), tf.constant([10, 30]))",
    "run(L.IntegerLookup(vocabulary=[10, 20]), tf.constant([10, 30], tf.int32))",
    "run(L.IntegerLookup(vocabulary=[10, 20]), tf.constant(['10']))",
    "run(L.IntegerLookup(vocabulary=[10, 20]), tf.ragged.constant([[10, 5], [20]]))",
    "run(L.IntegerLookup(vocabulary=[10, 20]), tf.sparse.SparseTensor([[0, 1]], [20], [2, 2]))",
    "run(L.IntegerLookup(vocabulary=[10, 20], output_mode='multi_hot', sparse=True), "
    "tf.constant([[10, 5]]))",
    "run(L.IntegerLookup(vocabulary=[10, 10]), tf.constant([10]))",
    "run(L.IntegerLookup(vocabulary=[-1, 10]), tf.constant([10]))",
    "run(L.IntegerLookup(vocabulary=[1.5, 2.5]), tf.constant([1]))",
    "run(L.IntegerLookup(vocabulary=[10, 20], vocabulary_dtype='float32'), tf.constant([1]))",
    "run(L.IntegerLookup(max_tokens=3, num_oov_indices=1, mask_token=0), tf.constant([5, 6, 0]),"
    " [5, 5, 6, 7, 7, 7])",
    "L.IntegerLookup(vocabulary=[10, 20]).get_vocabulary()",
    "L.IntegerLookup(vocabulary=[10, 20], mask_token=0).get_vocabulary()",
    "L.IntegerLookup(vocabulary=[10, 20], num_oov_indices=3).get_vocabulary()",
    "L.IntegerLookup(vocabulary=[10, 20]).get_vocabulary(include_special_tokens=False)",
    "cfg(L.IntegerLookup(vocabulary=[10, 20]))",
    "cfg(L.IntegerLookup(vocabulary=[10, 20], mask_token=0, oov_token=-9))",
    "L.IntegerLookup(vocabulary=[10, 20]).compute_output_spec(L.Input((2,), dtype='int64'))",
    "run(L.Hashing(num_bins=3), tf.constant([['a', 'b'], ['c', 'd']]))",
    "run(L.Hashing(num_bins=3, salt=1), tf.constant(['a', 'b', 'c', 'd']))",
    "run(L.Hashing(num_bins=3, salt=(1, 2)), tf.constant(['a', 'b', 'c', 'd']))",
    "run(L.Hashing(num_bins=3, salt=[1, 2, 3]), tf.constant(['a']))",
    "run(L.Hashing(num_bins=3, salt=0), tf.constant(['a', 'b', 'c', 'd']))",
    "run(L.Hashing(num_bins=3, mask_value=''), tf.constant([['a', ''], ['', 'b']]))",
    "run(L.Hashing(num_bins=1), tf.constant(['a', 'b']))",
    "run(L.Hashing(num_bins=1, mask_value=''), tf.constant(['a', '']))",
    "run(L.Hashing(num_bins=4, mask_value=7), tf.constant([7, 8, 9, 10]))",
    "run(L.Hashing(num_bins=4), tf.constant([7, 8, 9, 10], tf.int32))",
    "run(L.Hashing(num_bins=4), tf.constant([7.0, 8.0]))",
    "run(L.Hashing(num_bins=4), tf.constant([True, False]))",
    "run(L.Hashing(num_bins=4, salt=3), tf.constant([7, 8, 9, 10]))",
    "run(L.Hashing(num_bins=4, output_mode='count'), tf.constant([['a', 'a', 'b']]))",
    "run(L.Hashing(num_bins=4, output_mode='multi_hot', sparse=True), tf.constant([['a', "
    "'b']]))",
    "run(L.Hashing(num_bins=4, output_mode='one_hot'), tf.constant([['a'], ['b']]))",
    "run(L.Hashing(num_bins=4, output_mode='one_hot'), tf.constant([['a', 'b']]))",
    "run(L.Hashing(num_bins=4, output_mode='tf_idf'), tf.constant(['a']))",
    "run(L.Hashing(num_bins=4), tf.sparse.SparseTensor([[0, 0], [1, 1]], ['a', 'b'], [2, 2]))",
    "run(L.Hashing(num_bins=4, salt='x'), tf.constant(['a']))",
    "run(L.Hashing(num_bins=None), tf.constant(['a']))",
    "run(L.Hashing(num_bins=-3), tf.constant(['a']))",
    "cfg(L.Hashing(num_bins=4, salt=[1, 2], mask_value='', output_mode='multi_hot'))",
    "cfg(L.Hashing(num_bins=4, salt=5))",
    "L.Hashing(num_bins=4).compute_output_shape((None, 3))",
    "L.Hashing(num_bins=4, output_mode='multi_hot').compute_output_shape((None, 3))",
    "L.Hashing(num_bins=4).compute_output_spec(L.Input((2,), dtype='string'))",
]

PRELUDES["strings_more"] = r"""import numpy as np
S = tf.strings
W = ['', 'a', 'hello', 'héllo wörld', 'The quick brown fox', '\x00\x01', 'x' * 40]
"""
SECTIONS["strings_more"] = [
    "S.to_hash_bucket(W, 1000)",
    "S.to_hash_bucket_fast(W, 1000)",
    "S.to_hash_bucket_fast(W, 2**62)",
    "S.to_hash_bucket_fast(W, 1)",
    "S.to_hash_bucket_fast(W, 0)",
    "S.to_hash_bucket_fast(W, -1)",
    "S.to_hash_bucket_strong(W, 1000, key=[1, 2])",
    "S.to_hash_bucket_strong(W, 2**40, key=[2**63 - 1, 0])",
    "S.to_hash_bucket_strong(W, 1000, key=[1])",
    "S.to_hash_bucket_strong(W, 1000, key=[1, 2, 3])",
    "S.to_hash_bucket_strong(W, 0, key=[1, 2])",
    "S.to_hash_bucket_strong(tf.constant([['a', 'b']]), 7, key=[5, 9], name='h')",
    "S.to_hash_bucket_fast(tf.constant([['a', 'b'], ['c', 'd']]), 10)",
    "S.to_hash_bucket_fast(tf.ragged.constant([['a', 'b'], ['c']]), 10)",
    "S.to_hash_bucket_fast([1, 2], 10)",
    "S.to_hash_bucket(tf.ragged.constant([['a'], []]), 10)",
    "S.to_hash_bucket_strong(tf.ragged.constant([['a'], ['b', 'c']]), 10, [1, 2])",
    "S.to_hash_bucket_fast(tf.constant('abc'), 100)",
    "tf.strings.to_hash_bucket(W, num_buckets=5, name='x')",
    "S.unicode_script([0x41, 0x3b1, 0x410, 0x5d0, 0x627, 0x4e00, 0x3042, 0x30a2, 0xac00, 0x30,"
    " 0x20, -1, 0x110000, 0x1f600])",
    "S.unicode_script(tf.constant([[0x41, 0x3b1]]))",
    "S.unicode_script(tf.ragged.constant([[0x41], [0x3b1, 0x410]]))",
    "S.unicode_script(tf.constant([65], tf.int64))",
    "S.unicode_script(tf.constant(0x0e01))",
    "S.unicode_script([0x0300, 0x1100, 0x0900, 0x0e01, 0x10a0, 0x1200, 0x13a0, 0x0f00, 0x1780])",
    "S.unicode_split_with_offsets(['héllo', '', 'ab'], 'UTF-8')",
    "S.unicode_split_with_offsets([b'a\\xffb'], 'UTF-8')",
    "S.unicode_split_with_offsets([b'a\\xffb'], 'UTF-8', errors='ignore')",
    "S.unicode_split_with_offsets([b'a\\xffb'], 'UTF-8', errors='strict')",
    "S.unicode_split_with_offsets([b'a\\xffb'], 'UTF-8', errors='replace', "
    "replacement_char=63)",
    "S.unicode_split_with_offsets(tf.constant([['ab', 'é'], ['', 'c']]), 'UTF-8')",
    "S.unicode_split_with_offsets(tf.constant('hé'), 'UTF-8')",
    "S.unicode_split_with_offsets(tf.ragged.constant([['ab'], ['é', 'c']]), 'UTF-8')",
    "S.unicode_split_with_offsets(['ab'], 'UTF-16-BE')",
    "S.unicode_split_with_offsets([b'\\x00a\\x00b'], 'UTF-16-BE')",
    "S.unicode_decode_with_offsets(['héllo', 'ab'], 'UTF-8')",
    "S.unicode_decode_with_offsets([b'a\\xffb'], 'UTF-8')",
    "S.unicode_decode_with_offsets([b'a\\xffb'], 'UTF-8', errors='replace', replacement_char=0)",
    "S.unicode_decode_with_offsets([b'a\\xffb'], 'UTF-8', errors='strict')",
    "S.unicode_decode_with_offsets([b'a\\x01b'], 'UTF-8', replace_control_characters=True)",
    "S.unicode_decode_with_offsets(tf.constant([['ab'], ['é']]), 'UTF-8')",
    "S.unicode_decode_with_offsets(tf.constant('é'), 'UTF-8')",
    "S.unicode_decode_with_offsets([b'\\x00a\\xd8\\x3d\\xde\\x00'], 'UTF-16-BE')",
    "S.unicode_decode_with_offsets([b'a\\x00\\x00\\x00'], 'UTF-32-LE')",
    "S.unicode_decode_with_offsets(['a'], 'UTF-7')",
    "S.unicode_decode_with_offsets(['ab'], 'UTF-8', errors='bogus')",
    "S.unicode_transcode([b'a\\xffb'], 'UTF-8', 'UTF-8')",
    "S.unicode_transcode([b'a\\xffb'], 'UTF-8', 'UTF-8', errors='ignore')",
    "S.unicode_transcode([b'a\\xffb'], 'UTF-8', 'UTF-8', errors='strict')",
    "S.unicode_transcode([b'a\\xffb'], 'UTF-8', 'UTF-8', replacement_char=0x2a)",
    "S.unicode_transcode([b'a\\xffb'], 'UTF-8', 'UTF-16-BE', replacement_char=0x2a)",
    "S.unicode_transcode(['a\\x01b'], 'UTF-8', 'UTF-8', replace_control_characters=True)",
    "S.unicode_transcode(['a\\x01b'], 'UTF-8', 'UTF-8', replace_control_characters=True, "
    "replacement_char=0x3f)",
    "S.unicode_transcode(['aé'], 'UTF-8', 'UTF-32-BE')",
    "S.unicode_transcode(['aé'], 'UTF-8', 'UTF-16-BE')",
    "S.unicode_transcode(['a😀'], 'UTF-8', 'UTF-16-LE')",
    "S.unicode_transcode([b'\\xe9t\\xe9'], 'ISO-8859-1', 'UTF-8')",
    "S.unicode_transcode([b'\\x00a'], 'UTF-16-BE', 'UTF-8')",
    "S.unicode_transcode([b'\\xd8\\x00'], 'UTF-16-BE', 'UTF-8')",
    "S.unicode_transcode([b'\\xd8\\x00'], 'UTF-16-BE', 'UTF-8', errors='ignore')",
    "S.unicode_transcode(['a'], 'UTF-8', 'ISO-8859-1')",
    "S.unicode_transcode(['a'], 'BOGUS', 'UTF-8')",
    "S.unicode_transcode(tf.constant([['ab'], ['é']]), 'UTF-8', 'UTF-16-BE')",
    "S.unicode_transcode(tf.ragged.constant([['ab'], []]), 'UTF-8', 'UTF-8')",
    "S.unicode_transcode(['ab'], 'UTF-8', 'UTF-8', errors='bogus')",
    "S.unicode_transcode(['ab'], 'UTF-8', 'UTF-8', replacement_char=0x110000)",
    "S.unicode_transcode([b'\\xed\\xa0\\x80'], 'UTF-8', 'UTF-8')",
    "S.unicode_transcode([b'\\xc0\\x80'], 'UTF-8', 'UTF-8')",
    "S.unicode_decode([b'\\xf4\\x90\\x80\\x80', b'\\xe2\\x82'], 'UTF-8')",
    "S.unicode_decode([b'\\xe2\\x82a'], 'UTF-8', errors='ignore')",
    "S.unicode_decode(['ab'], 'UTF-8', replacement_char=-1)",
    "S.unicode_decode(['abc', 'd'], 'UTF-8').to_tensor(-1)",
    "S.unicode_encode(tf.ragged.constant([[0x41, 0xd800, 0x42]]), 'UTF-8')",
    "S.unicode_encode(tf.ragged.constant([[0x41, 0xd800, 0x42]]), 'UTF-8', errors='ignore')",
    "S.unicode_encode(tf.ragged.constant([[0x41, 0xd800, 0x42]]), 'UTF-8', errors='strict')",
    "S.unicode_encode(tf.ragged.constant([[0x41, -5]]), 'UTF-16-BE', replacement_char=0x3f)",
    "S.unicode_encode(tf.ragged.constant([[0x41, 0x1f600]]), 'UTF-16-LE')",
    "S.unicode_encode([[]], 'UTF-8')",
    "S.regex_replace(['aAbB'], '[a-z]', '', replace_global=False)",
    "S.regex_replace(['aAbB'], '[a-z]', '-', replace_global=True)",
    "S.regex_replace(['aaa', 'bab'], 'a', 'x', replace_global=False)",
    "S.regex_replace(tf.constant([['a.b'], ['c']]), '\\\\.', '\\\\\\\\')",
    "S.regex_replace(['abc'], '(', 'x')",
    "S.regex_replace(['abc'], 'b', 'x', name='r')",
    "S.regex_replace(['abc'], tf.constant('b'), tf.constant('y'))",
    "S.regex_replace(['abc', 'bcd'], ['b', 'c'], 'z')",
    "S.regex_replace(['héllo'], '.', '_')",
    "S.regex_replace(['ab'], '', '-')",
    "S.regex_replace(['ab'], 'x*', '-')",
    "S.regex_replace(['a1b22'], '\\\\d+', '<\\\\0>')",
    "S.regex_replace(['a b'], '\\\\s', '')",
    "S.regex_replace(['aaa'], 'a{2}', 'b')",
    "S.regex_replace(tf.ragged.constant([['ab'], ['cb', 'b']]), 'b', 'X')",
    "S.regex_full_match(['abc'], '(')",
    "S.regex_full_match(['abc', 'ABC'], '(?i)abc')",
    "S.regex_full_match(['a\\nb'], 'a.b')",
    "S.regex_full_match(['a\\nb'], '(?s)a.b')",
    "S.regex_full_match(tf.constant([['ab'], ['x']]), 'a.*')",
    "S.regex_full_match(['ab', 'cd'], tf.constant('a.'))",
    "S.regex_full_match(['ab', 'cd'], ['a.', 'c.'])",
    "S.regex_full_match(['aa'], 'a\\\\1')",
    "S.regex_full_match(['abab'], '(ab)\\\\1')",
    "S.regex_full_match(tf.ragged.constant([['ab'], ['cb', 'b']]), '.b')",
    "S.regex_full_match(['\\u00e9'], '\\\\x{e9}')",
    "S.regex_full_match(['x'], '\\\\p{L}')",
    "S.regex_full_match(['7'], '\\\\pN')",
    "S.regex_full_match(['a'], '[[:bogus:]]')",
]

PRELUDES["sparse"] = r"""import numpy as np
SP = tf.sparse
ST = tf.sparse.SparseTensor
st = ST([[0, 1], [1, 0], [2, 3]], [10, 20, 30], [3, 4])
stf = ST([[0, 1], [1, 0], [2, 3]], [1.5, -2.0, 3.25], [3, 4])
uo = ST([[2, 3], [0, 1], [1, 0]], [30, 10, 20], [3, 4])
s3 = ST([[0, 0, 1], [0, 1, 0], [1, 1, 1]], [1, 2, 3], [2, 2, 2])
ss = ST([[0, 0], [1, 1]], ['a', 'b'], [2, 2])
def show(x):
    return (x.indices.numpy().tolist(), x.values.numpy().tolist(),
            x.dense_shape.numpy().tolist())
"""
SECTIONS["sparse"] = [
    "st",
    "ss",
    "repr(SP.from_dense([[0, 1], [2, 0]]))",
    "show(SP.from_dense([[0, 1], [2, 0]]))",
    "show(SP.from_dense([[0.0, -0.0], [float('nan'), 1.0]]))",
    "show(SP.from_dense([['', 'a'], ['b', '']]))",
    "show(SP.from_dense([[True, False]]))",
    "show(SP.from_dense(5))",
    "show(SP.from_dense(tf.zeros([2, 0])))",
    "SP.to_dense(st)",
    "SP.to_dense(st, default_value=-1)",
    "SP.to_dense(stf, default_value=float('nan'))",
    "SP.to_dense(ss)",
    "SP.to_dense(ss, default_value='?')",
    "SP.to_dense(uo)",
    "SP.to_dense(uo, validate_indices=False)",
    "SP.to_dense(ST([[0, 0], [0, 0]], [1, 2], [2, 2]))",
    "SP.to_dense(ST([[0, 0], [5, 0]], [1, 2], [2, 2]))",
    "SP.to_dense(st, default_value=1.5)",
    "SP.to_dense(st, default_value=[1])",
    "show(SP.reorder(uo))",
    "show(SP.reorder(st))",
    "show(SP.reorder(ST([[1, 1, 0], [0, 1, 1], [0, 1, 0]], [1, 2, 3], [2, 2, 2])))",
    "show(SP.reshape(st, [4, 3]))",
    "show(SP.reshape(st, [-1, 2]))",
    "show(SP.reshape(st, [2, -1, 2]))",
    "show(SP.reshape(st, [5, 3]))",
    "show(SP.reshape(st, [-1, -1]))",
    "show(SP.reshape(st, [-1, 5]))",
    "SP.reduce_sum(st)",
    "SP.reduce_sum(st, axis=0)",
    "SP.reduce_sum(st, axis=1)",
    "SP.reduce_sum(st, axis=-1, keepdims=True)",
    "SP.reduce_sum(st, axis=[0, 1])",
    "SP.reduce_sum(s3, axis=[0, 2])",
    "show(SP.reduce_sum(st, axis=1, output_is_sparse=True))",
    "show(SP.reduce_sum(s3, axis=2, keepdims=True, output_is_sparse=True))",
    "SP.reduce_sum(st, axis=2)",
    "SP.reduce_max(st)",
    "SP.reduce_max(st, axis=0)",
    "SP.reduce_max(stf, axis=1)",
    "SP.reduce_max(ST([[0, 0]], [-5], [2, 2]), axis=1)",
    "SP.reduce_max(ST([[0, 0]], [-5.0], [2, 2]), axis=1)",
    "show(SP.reduce_max(st, axis=1, output_is_sparse=True))",
    "SP.reduce_max(s3, axis=[1, 2], keepdims=True)",
    "SP.reduce_min(st, axis=1) if hasattr(SP, 'reduce_min') else 'none'",
    "SP.sparse_dense_matmul(st, tf.ones([4, 2], tf.int32))",
    "SP.sparse_dense_matmul(stf, tf.reshape(tf.range(8.0), [4, 2]))",
    "SP.sparse_dense_matmul(stf, tf.ones([3, 2]), adjoint_a=True)",
    "SP.sparse_dense_matmul(stf, tf.ones([2, 4]), adjoint_b=True)",
    "SP.sparse_dense_matmul(tf.ones([2, 3]), stf)",
    "SP.sparse_dense_matmul(stf, tf.ones([3, 2]))",
    "SP.sparse_dense_matmul(stf, tf.ones([4, 2], tf.float64))",
    "SP.sparse_dense_matmul(ST([[0, 0], [0, 7]], [1.0, 2.0], [2, 4]), tf.ones([4, 1]))",
    "SP.sparse_dense_matmul(ST([[0, 0]], [1 + 2j], [1, 2]), tf.ones([2, 1], tf.complex128), "
    "adjoint_a=True)",
    "tf.sparse.matmul(stf, tf.ones([4, 1]))",
    "show(SP.concat(0, [st, st]))",
    "show(SP.concat(1, [st, st]))",
    "show(SP.concat(-1, [st, ST([[0, 0]], [5], [3, 1])]))",
    "show(SP.concat(1, [st, ST([[0, 0]], [5], [2, 1])]))",
    "show(SP.concat(1, [st, ST([[0, 0]], [5], [2, 1])], expand_nonconcat_dims=True))",
    "show(SP.concat(0, [st]))",
    "show(SP.concat(0, [st, ST([[0, 0]], [5.0], [1, 4])]))",
    "show(SP.concat(2, [st, st]))",
    "show(SP.slice(st, [0, 0], [2, 2]))",
    "show(SP.slice(st, [1, 0], [5, 5]))",
    "show(SP.slice(st, [3, 0], [1, 1]))",
    "show(SP.slice(st, [0], [1]))",
    "show(SP.slice(s3, [0, 1, 0], [2, 1, 2]))",
    "show(SP.slice(st, [-1, 0], [1, 1]))",
    "show(SP.retain(st, [True, False, True]))",
    "show(SP.retain(st, [True, False]))",
    "show(SP.retain(st, [1, 0, 1]))",
    "[show(x) if hasattr(x, 'indices') else x for x in SP.fill_empty_rows(ST([[1, 0], [3, 2]], "
    "[5, 6], [5, 3]), -1)]",
    "[show(x) if hasattr(x, 'indices') else x for x in SP.fill_empty_rows(st, 0)]",
    "[show(x) if hasattr(x, 'indices') else x for x in SP.fill_empty_rows(ST(tf.zeros([0, 2], "
    "tf.int64), tf.zeros([0]), [2, 3]), 9.0)]",
    "[show(x) if hasattr(x, 'indices') else x for x in SP.fill_empty_rows(ss, 'z')]",
    "SP.fill_empty_rows(st, 0.5)",
    "[show(x) if hasattr(x, 'indices') else x for x in SP.fill_empty_rows(uo, 0)]",
    "tf.math.segment_sum([1, 2, 3, 4], [0, 0, 1, 1])",
    "tf.math.segment_max([[1, 2], [3, 0], [5, 6]], [0, 0, 2])",
    "tf.math.segment_mean([1.0, 2.0, 4.0], [0, 2, 2])",
    "tf.math.segment_sum([1, 2], [1, 0])",
    "tf.math.unsorted_segment_sum([1, 2, 3], [2, 0, 2], 3)",
    "tf.math.unsorted_segment_max([1.0, 2.0], [1, 1], 3)",
    "tf.math.unsorted_segment_min([1, 2], [1, 1], 3)",
    "tf.math.unsorted_segment_prod([2, 3], [0, 0], 2)",
    "tf.math.unsorted_segment_mean([1.0, 2.0, 6.0], [0, 0, 1], 3)",
    "tf.math.unsorted_segment_sqrt_n([1.0, 2.0, 6.0], [0, 0, 1], 3)",
    "tf.math.unsorted_segment_sum([1, 2], [0, 5], 3)",
    "tf.math.unsorted_segment_sum([1, 2], [0, -1], 3)",
    "tf.sparse.segment_sum([[1, 2], [3, 4], [5, 6]], [0, 2], [0, 0])",
    "tf.sparse.segment_mean([[1., 2.], [3., 4.], [5., 6.]], [0, 1, 2], [0, 1, 1])",
    "tf.sparse.segment_sqrt_n([1., 2., 4.], [0, 1, 2], [0, 0, 0])",
    "tf.sparse.segment_sum([1, 2, 3], [0, 2], [0, 2], num_segments=4)",
    "tf.sparse.segment_mean([1., 2., 3.], [0, 2], [1, 0])",
    "tf.sparse.segment_sum([1, 2, 3], [0, 5], [0, 0])",
    "tf.sparse.segment_sum([1, 2, 3], [0, 1], [0, 0, 0])",
    "tf.sparse.segment_sum([1., 2., 3.], [0, 1], [0, 1], sparse_gradient=True)",
    "show(SP.add(st, st))",
    "show(SP.add(st, uo))",
    "SP.add(st, tf.ones([3, 4], tf.int32))",
    "show(SP.add(st, ST([[0, 1]], [-10], [3, 4])))",
    "show(SP.add(st, ST([[0, 1]], [-10], [3, 4]), threshold=1))",
    "SP.add(st, ST([[0, 1]], [-10], [3, 5]))",
    "show(SP.maximum(st, ST([[0, 1], [2, 2]], [15, 1], [3, 4])))",
    "show(SP.minimum(st, ST([[0, 1], [2, 2]], [15, 1], [3, 4])))",
    "show(SP.transpose(st))",
    "show(SP.transpose(s3, [2, 0, 1]))",
    "show(SP.expand_dims(st, 0))",
    "show(SP.expand_dims(st, -1))",
    "show(SP.split(sp_input=st, num_split=2, axis=1)[1])",
    "[show(x) for x in SP.split(sp_input=st, num_split=2, axis=0)]",
    "show(SP.softmax(stf))",
    "show(SP.to_indicator(ST([[0, 0], [1, 0]], [2, 0], [2, 1]), 3).__class__.__name__ and "
    "SP.from_dense(tf.cast(SP.to_indicator(ST([[0, 0], [1, 0]], [2, 0], [2, 1]), 3), "
    "tf.int32)))",
    "show(SP.map_values(tf.math.negative, st))",
    "show(SP.map_values(tf.add, st, st))",
    "SP.map_values(tf.add, st, uo)",
    "show(SP.bincount(ST([[0, 0], [0, 1], [1, 0]], [1, 1, 3], [2, 2])))",
    "show(SP.bincount(ST([[0, 0], [0, 1], [1, 0]], [1, 1, 3], [2, 2]), axis=-1))",
    "show(SP.cross([ST([[0, 0], [1, 0]], ['a', 'b'], [2, 1]), ST([[0, 0], [1, 0]], ['x', "
    "'y'], [2, 1])]))",
    "show(SP.cross_hashed([ST([[0, 0], [1, 0]], ['a', 'b'], [2, 1]), ST([[0, 0], [1, 0]], "
    "['x', 'y'], [2, 1])], num_buckets=10))",
    "show(SP.eye(3))",
    "show(SP.eye(2, 3, dtype=tf.int32))",
    "SP.to_dense(SP.eye(2, 3, dtype=tf.int32))",
    "show(SP.zeros_like(st)) if hasattr(SP, 'zeros_like') else 'none'",
    "show(tf.sparse.abs(ST([[0, 0]], [-2], [1, 1]))) if hasattr(tf.sparse, 'abs') else 'none'",
    "tf.abs(ST([[0, 0]], [-2], [1, 1]))",
    "show(tf.math.abs(ST([[0, 0]], [-2], [1, 1])))",
    "show(st * 2)",
    "show(st * tf.constant([[1], [2], [3]]))",
    "show(st / 10)",
    "st + st",
    "show(-st) if hasattr(st, '__neg__') else 'none'",
    "st.shape",
    "st.dtype",
    "st.get_shape()",
    "ST([[0, 0]], [1], [2, 2]).values",
    "ST(tf.constant([[0, 0]]), [1.0], [2, 2]).indices.dtype",
    "ST([[0, 0]], [1], [2])",
    "ST([[0, 0]], [1, 2], [2, 2])",
    "ST([0, 0], [1], [2, 2])",
    "ST([[0.5, 0]], [1], [2, 2])",
    "ST.from_value(tf.compat.v1.SparseTensorValue([[0, 0]], [1], [2, 2]))",
    "SP.SparseTensor([[0, 0]], [1], [2, 2]).consumers() if False else 'skip'",
    "tf.sparse.SparseTensor([[0, 0]], [1], [2, 2]).with_values([5.0])",
    "tf.sparse.from_dense(tf.constant([[1, 0]])).__class__.__name__",
    "tf.sparse.to_dense(tf.constant([[1, 0]]))",
    "tf.sparse.reduce_sum(tf.constant([[1, 0]]))",
    "tf.sparse.reorder(tf.constant([[1]]))",
    "tf.sparse.slice(st, [0, 0, 0], [1, 1, 1])",
    "tf.sparse.reshape(st, [7, 7])",
    "tf.sparse.concat(0, [])",
    "tf.sparse.concat(0, [st, ss])",
    "tf.sparse.sparse_dense_matmul(s3, tf.ones([2, 2]))",
    "SP.reduce_sum(ST([[0, 0]], ['a'], [1, 1]))",
    "SP.to_dense(ST([[0, 0], [0, 1]], [1, 2], [1, 2]), default_value=tf.constant(0, tf.int64))",
    "tf.function(lambda x: SP.to_dense(x))(st)",
    "tf.function(lambda x: SP.reduce_sum(x, axis=1))(st)",
    "tf.function(lambda x: show(x) and x.values * 2)(st)",
    "tf.function(lambda x: x.dense_shape)(st)",
    "tf.function(lambda x: SP.reshape(x, [2, -1]).dense_shape, input_signature=["
    "tf.SparseTensorSpec([None, 4], tf.int32)])(st)",
    "tf.SparseTensorSpec([None, 4], tf.int32)",
    "tf.SparseTensorSpec.from_value(st)",
    "tf.type_spec_from_value(st)",
    "tf.data.Dataset.from_tensor_slices(st).element_spec",
    "[show(x) for x in tf.data.Dataset.from_tensor_slices(st)]",
    "[show(x) for x in tf.data.Dataset.from_tensor_slices(st).batch(2)]",
    "[SP.to_dense(x).numpy().tolist() for x in tf.data.Dataset.from_tensors(st)]",
]

PRELUDES["ragged_conversions"] = r"""import numpy as np, os, tempfile
R = tf.RaggedTensor
TMP = tempfile.mkdtemp()
def wfile(name, data):
    p = os.path.join(TMP, name)
    with open(p, 'wb') as f:
        f.write(data)
    return p
LINES = wfile('lines.txt', b'the cat sat\n\na dog\nlast line no newline')
CRLF = wfile('crlf.txt', b'a b\r\nc\r\n')
a = tf.ragged.constant([[3, 1, 2], [], [5, 4]])
f = tf.ragged.constant([[1.5, -2.0, 0.5], [3.0], []])
s = tf.ragged.constant([['b', 'a', 'c'], ['z']])
n3 = tf.ragged.constant([[[3, 1], [2]], [], [[6, 5, 4]]])
def show(x):
    return (x.indices.numpy().tolist(), x.values.numpy().tolist(),
            x.dense_shape.numpy().tolist())
"""
SECTIONS["ragged_conversions"] = [
    "R.from_sparse(tf.sparse.SparseTensor([[0, 0], [0, 1], [2, 0]], [1, 2, 3], [4, 2]))",
    "R.from_sparse(tf.sparse.SparseTensor([[0, 1], [2, 0]], [1, 3], [3, 2]))",
    "R.from_sparse(tf.sparse.SparseTensor([[1, 0], [0, 0]], [1, 3], [3, 2]))",
    "R.from_sparse(tf.sparse.SparseTensor([[0, 0, 0]], [1], [1, 1, 1]))",
    "R.from_sparse(tf.sparse.SparseTensor([[0]], [1], [1]))",
    "R.from_sparse(tf.sparse.SparseTensor([[0, 0], [0, 1]], ['a', 'b'], [1, 5]))",
    "R.from_sparse(tf.sparse.SparseTensor(tf.zeros([0, 2], tf.int64), tf.zeros([0]), [3, 4]))",
    "R.from_sparse(tf.sparse.SparseTensor([[0, 0], [0, 1]], [1, 2], [1, 2]), "
    "row_splits_dtype=tf.int32)",
    "R.from_sparse(tf.constant([[1]]))",
    "show(a.to_sparse())",
    "show(n3.to_sparse())",
    "show(tf.ragged.constant([[], []]).to_sparse())",
    "show(s.to_sparse())",
    "show(R.from_row_splits(tf.constant([[1, 2], [3, 4]]), [0, 1, 2]).to_sparse())",
    "tf.sparse.to_dense(a.to_sparse(), default_value=-1)",
    "R.from_tensor([[1, 2, 0, 0], [3, 0, 4, 0]], padding=0)",
    "R.from_tensor([[1, 2, 0, 0], [0, 0, 0, 0]], padding=0)",
    "R.from_tensor([['a', ''], ['', '']], padding='')",
    "R.from_tensor([[1.0, float('nan')]], padding=float('nan'))",
    "R.from_tensor([[1, 2, 3], [4, 5, 6]], lengths=[0, 2])",
    "R.from_tensor([[1, 2, 3], [4, 5, 6]], lengths=[4, 2])",
    "R.from_tensor([[1, 2, 3], [4, 5, 6]], lengths=[-1, 2])",
    "R.from_tensor([[1, 2, 3], [4, 5, 6]], lengths=[1])",
    "R.from_tensor([[1, 2, 3], [4, 5, 6]], lengths=[1, 2], padding=0)",
    "R.from_tensor([[[1, 2], [3, 0]], [[4, 0], [0, 0]]], lengths=([2, 1], [2, 1, 1]))",
    "R.from_tensor([[[1, 2], [3, 0]], [[4, 0], [0, 0]]], lengths=[[2, 1], [1, 0]])",
    "R.from_tensor([[[1, 2], [3, 0]], [[4, 0], [0, 0]]], padding=0, ragged_rank=2)",
    "R.from_tensor([[[1, 2], [3, 0]], [[4, 0], [0, 0]]], padding=0, ragged_rank=1)",
    "R.from_tensor([[1, 2]], ragged_rank=0)",
    "R.from_tensor([1, 2])",
    "R.from_tensor([[1, 2]], padding=[0])",
    "R.from_tensor([[1, 2]], row_splits_dtype=tf.int32)",
    "R.from_tensor(tf.zeros([2, 0]), padding=0.0)",
    "R.from_tensor(tf.zeros([0, 3]), padding=0.0)",
    "tf.sort(a)",
    "tf.sort(a, direction='DESCENDING')",
    "tf.sort(f)",
    "tf.sort(n3)",
    "tf.sort(n3, axis=-1, direction='DESCENDING')",
    "tf.sort(a, axis=0)",
    "tf.sort(s)",
    "tf.argsort(a)",
    "tf.argsort(a, direction='DESCENDING')",
    "tf.argsort(f, stable=True)",
    "tf.argsort(n3)",
    "tf.argsort(a, axis=0)",
    "tf.argsort(tf.ragged.constant([[2, 1, 2, 1]]), stable=True, direction='DESCENDING')",
    "tf.sort(a, direction='UP')",
    "tf.map_fn(lambda x: tf.reduce_sum(x), a)",
    "tf.map_fn(lambda x: tf.reduce_sum(x), a, fn_output_signature=tf.int32)",
    "tf.map_fn(lambda x: x * 2, a, fn_output_signature=tf.RaggedTensorSpec([None], tf.int32))",
    "tf.map_fn(lambda x: x * 2, a)",
    "tf.map_fn(lambda x: tf.range(x), tf.constant([1, 3, 0]), "
    "fn_output_signature=tf.RaggedTensorSpec([None], tf.int32))",
    "tf.map_fn(lambda x: tf.range(x), tf.constant([1, 3, 0]), "
    "fn_output_signature=tf.RaggedTensorSpec([None], tf.int32, ragged_rank=0))",
    "tf.map_fn(lambda x: tf.range(x), tf.constant([1, 3, 0]))",
    "tf.map_fn(lambda x: tf.strings.split(x), tf.constant(['a b', 'c']), "
    "fn_output_signature=tf.RaggedTensorSpec([None], tf.string))",
    "tf.map_fn(lambda x: tf.size(x), s, fn_output_signature=tf.int32)",
    "tf.map_fn(lambda x: (x, tf.size(x)), a, fn_output_signature=(tf.RaggedTensorSpec([None], "
    "tf.int32), tf.int32))",
    "tf.map_fn(lambda x: tf.reduce_sum(x, axis=1), n3, fn_output_signature=tf.RaggedTensorSpec("
    "[None], tf.int32))",
    "tf.map_fn(lambda x: x, n3, fn_output_signature=tf.RaggedTensorSpec([None, None], "
    "tf.int32, ragged_rank=1))",
    "tf.map_fn(lambda x: tf.sparse.from_dense(x), tf.constant([[1, 0], [0, 2]]), "
    "fn_output_signature=tf.SparseTensorSpec([2], tf.int32))",
    "tf.map_fn(lambda x: tf.reduce_sum(x), a, fn_output_signature=tf.float32)",
    "tf.function(lambda r: tf.map_fn(lambda x: tf.reduce_max(x, initial=0) if False else "
    "tf.size(x), r, fn_output_signature=tf.int32))(a)",
    "tf.vectorized_map(lambda x: x * 2, tf.constant([[1, 2]]))",
    "[x.numpy() for x in tf.data.TextLineDataset(LINES)]",
    "[x.numpy() for x in tf.data.TextLineDataset(CRLF)]",
    "[x.numpy() for x in tf.data.TextLineDataset([LINES, CRLF]).skip(3)]",
    "[x.to_list() for x in tf.data.TextLineDataset(LINES).map(tf.strings.split).ragged_batch(2)]",
    "[x.to_list() for x in tf.data.TextLineDataset(LINES).batch(2).map(tf.strings.split)]",
    "[x.numpy().tolist() for x in tf.data.TextLineDataset(LINES).map(lambda l: tf.size("
    "tf.strings.split(l)))]",
    "tf.data.TextLineDataset(LINES).batch(2).map(tf.strings.split).element_spec",
    "tf.data.TextLineDataset(LINES).map(tf.strings.split).element_spec",
    "tf.data.TextLineDataset(LINES).element_spec",
    "[x.to_list() for x in tf.data.TextLineDataset(LINES).map(lambda l: "
    "tf.strings.unicode_decode(l, 'UTF-8')).ragged_batch(3)]",
    "[x.numpy().tolist() for x in tf.data.TextLineDataset(LINES).map(tf.strings.split)"
    ".padded_batch(2)]",
    "[x.to_list() for x in tf.data.TextLineDataset(LINES).map(tf.strings.split).map(lambda t: "
    "tf.strings.ngrams(t, 2)).ragged_batch(4)]",
    "[x.numpy() for x in tf.data.TextLineDataset(os.path.join(TMP, 'nope.txt'))]",
    "[x.numpy() for x in tf.data.TextLineDataset(LINES, compression_type='GZIP')]",
    "[x.numpy() for x in tf.data.TextLineDataset(LINES, buffer_size=1)]",
    "len(list(tf.data.TextLineDataset([LINES, LINES], num_parallel_reads=2)))",
    "tf.ragged.segment_ids_to_row_splits([0, 0, 1, 3])",
    "tf.ragged.segment_ids_to_row_splits([0, 0, 1, 3], num_segments=6)",
    "tf.ragged.segment_ids_to_row_splits([0, 0, 1, 3], num_segments=2)",
    "tf.ragged.segment_ids_to_row_splits([], num_segments=2)",
    "tf.ragged.segment_ids_to_row_splits([])",
    "tf.ragged.segment_ids_to_row_splits([0, 0, 1], out_type=tf.int32)",
    "tf.ragged.segment_ids_to_row_splits(tf.constant([1, 1], tf.int32))",
    "tf.ragged.segment_ids_to_row_splits([[0, 1]])",
    "tf.ragged.segment_ids_to_row_splits([1, 0])",
    "tf.ragged.segment_ids_to_row_splits([-1, 0])",
    "tf.ragged.row_splits_to_segment_ids([0, 2, 2, 5])",
    "tf.ragged.row_splits_to_segment_ids([0])",
    "tf.ragged.row_splits_to_segment_ids([0, 2, 2, 5], out_type=tf.int32)",
    "tf.ragged.row_splits_to_segment_ids(tf.constant([0, 1], tf.int32))",
    "tf.ragged.row_splits_to_segment_ids([0, 3, 1])",
    "tf.ragged.row_splits_to_segment_ids([1, 3])",
    "tf.ragged.row_splits_to_segment_ids([])",
    "tf.ragged.row_splits_to_segment_ids([[0, 1]])",
    "tf.ragged.cross([tf.ragged.constant([['a', 'b'], ['c']]), tf.ragged.constant([['x'], ['y',"
    " 'z']])])",
    "tf.ragged.cross([tf.ragged.constant([['a', 'b'], ['c']]), tf.constant([['x'], ['y']])])",
    "tf.ragged.cross([tf.ragged.constant([[1, 2], [3]]), tf.ragged.constant([['x'], ['y', "
    "'z']])])",
    "tf.ragged.cross([tf.ragged.constant([['a'], []]), tf.ragged.constant([['x'], ['y']])])",
    "tf.ragged.cross([tf.ragged.constant([['a', 'b'], ['c']])])",
    "tf.ragged.cross([tf.ragged.constant([['a', 'b'], ['c']]), tf.sparse.SparseTensor([[0, 0],"
    " [1, 0]], ['p', 'q'], [2, 1])])",
    "tf.ragged.cross([tf.ragged.constant([['a', 'b'], ['c']]), tf.ragged.constant([['x']])])",
    "tf.ragged.cross([])",
    "tf.ragged.cross([tf.ragged.constant([[1.5]])])",
    "tf.ragged.cross([tf.constant(['a', 'b'])])",
    "tf.ragged.cross_hashed([tf.ragged.constant([['a', 'b'], ['c']]), tf.ragged.constant([['x'],"
    " ['y', 'z']])])",
    "tf.ragged.cross_hashed([tf.ragged.constant([['a', 'b'], ['c']]), tf.ragged.constant([['x'],"
    " ['y', 'z']])], num_buckets=10)",
    "tf.ragged.cross_hashed([tf.ragged.constant([['a', 'b'], ['c']]), tf.ragged.constant([['x'],"
    " ['y', 'z']])], num_buckets=10, hash_key=7)",
    "tf.ragged.cross_hashed([tf.ragged.constant([[1, 2], [3]]), tf.constant([[5], [6]])], "
    "num_buckets=100)",
    "tf.ragged.cross_hashed([tf.ragged.constant([['a']])], num_buckets=3)",
    "tf.ragged.cross_hashed([tf.ragged.constant([['a']])], num_buckets=-3)",
    "tf.function(lambda x, y: tf.ragged.cross([x, y]))(tf.ragged.constant([['a', 'b'], ['c']]),"
    " tf.ragged.constant([['x'], ['y', 'z']]))",
    "tf.function(lambda x: tf.sort(x))(a)",
    "tf.function(lambda x: tf.argsort(x, direction='DESCENDING'))(f)",
    "tf.function(lambda x: R.from_sparse(x))(tf.sparse.SparseTensor([[0, 0], [1, 1]], [1, 2], "
    "[3, 2]))",
    "tf.function(lambda x: show(x.to_sparse()) and x.to_sparse().dense_shape)(a)",
    "tf.function(lambda x: R.from_tensor(x, padding=0))(tf.constant([[1, 0], [2, 3]]))",
    "tf.function(lambda x: R.from_tensor(x, lengths=[1, 2]))(tf.constant([[1, 0], [2, 3]]))",
    "tf.function(lambda x: tf.ragged.segment_ids_to_row_splits(x))(tf.constant([0, 0, 2], "
    "tf.int64))",
]
