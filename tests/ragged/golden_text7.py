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

PRELUDES["keras_text_more"] = _KERAS_PRELUDE + r"""
UDOCS = ['¿Qué tal?  Muy   bien…', 'naïve café «x» — y', 'Tab\there\nnewline', 'emoji 😀 ok! 😀']
"""
SECTIONS["keras_text_more"] = [
    "run(tvec(), tf.constant(UDOCS), UDOCS)",
    "run(tvec(standardize='strip_punctuation'), tf.constant(UDOCS), UDOCS)",
    "run(tvec(standardize='lower'), tf.constant(['ÀÉÎ ΣΑΣ']), ['ÀÉÎ ΣΑΣ'])",
    "run(tvec(split='character', max_tokens=12), tf.constant(UDOCS[:2]), UDOCS)",
    "run(tvec(split='character', standardize=None, output_mode='count', max_tokens=6), "
    "tf.constant(['aab😀']), ['aab😀'])",
    "(lambda t: (t.adapt(UDOCS), t.get_vocabulary())[1])(tvec())",
    "(lambda t: (t.adapt(UDOCS), t.get_vocabulary())[1])(tvec(split='character'))",
    "run(tvec(ngrams=2, output_sequence_length=4), tf.constant(DOCS), DOCS)",
    "run(tvec(ngrams=2, ragged=True), tf.constant(DOCS[:2]), DOCS)",
    "run(tvec(max_tokens=5, vocabulary=['a', 'b', 'c', 'd', 'e', 'f']), tf.constant(DOCS))",
    "run(tvec(vocabulary=['a', '', 'b']), tf.constant(DOCS))",
    "run(tvec(vocabulary=['a', 'b', '[UNK]']), tf.constant(DOCS))",
    "run(tvec(vocabulary=['a', 'a b']), tf.constant(['a b c']))",
    "run(tvec(vocabulary=['a', 'a b'], ngrams=2), tf.constant(['a b c']))",
    "run(tvec(output_mode='multi_hot'), tf.constant([['a b'], ['c']]), ['a b', 'c'])",
    "run(tvec(output_mode='count'), tf.constant([['a a b'], ['c']]), np.array([['a b'], ['c']]))",
    "run(tvec(), tf.constant(['a b']), np.array([['a b'], ['c']]))",
    "run(tvec(), tf.constant(['a b']), np.array([['a b', 'c']]))",
    "run(tvec(), tf.constant(['a b']), D.from_tensor_slices([['a b'], ['c']]))",
    "run(tvec(), tf.constant(['a b']), D.from_tensor_slices(tf.constant([['a b'], ['c']]))"
    ".batch(2))",
    "run(tvec(), tf.constant(['a b']), D.from_tensor_slices(tf.ragged.constant([['a b', 'c'], "
    "['c']])))",
    "run(tvec(), tf.constant(['a b']), D.from_tensor_slices(([1, 2], ['a', 'b'])))",
    "run(tvec(), tf.constant(['a b']), 'a b c')",
    "run(tvec(), tf.constant(['a b']), b'a b c')",
    "run(tvec(), tf.constant(['a b']), [b'a b', b'c'])",
    "run(tvec(), tf.constant([b'a\\xffb c']), ['c'])",
    "run(tvec(standardize=lambda x: x), tf.constant(['A b']), ['A b'])",
    "run(tvec(standardize=lambda x: tf.strings.length(x)), tf.constant(['A b']), ['A b'])",
    "run(tvec(split=lambda x: x), tf.constant(['A b']), ['A b'])",
    "run(tvec(split=lambda x: tf.strings.bytes_split(x)), tf.constant(['ab', 'b']), ['ab', 'b'])",
    "run(tvec(split=lambda x: tf.strings.split(x).to_tensor('')), tf.constant(['a b', 'b']), "
    "['a b', 'b'])",
    "(lambda t: (t.adapt(['x y']), t.set_vocabulary(['q']), run(t, tf.constant(['q x'])))[-1])"
    "(tvec(output_mode='multi_hot'))",
    "(lambda t: (run(t, tf.constant(['q x']), ['x y']), t.set_vocabulary(['q', 'x', 'z']), "
    "run(t, tf.constant(['q x'])))[-1])(tvec(output_mode='multi_hot'))",
    "(lambda t: (t.set_vocabulary(['q', 'x']), t.set_vocabulary(VOC), t.get_vocabulary())[-1])"
    "(tvec())",
    "(lambda t: t.set_vocabulary(['q', 'x']))(tvec(output_mode='tf_idf'))",
    "(lambda t: t.set_vocabulary(['q', 'x'], idf_weights=[1.0]))(tvec(output_mode='tf_idf'))",
    "(lambda t: t.set_vocabulary(VOC, idf_weights=[1.0, 2.0, 3.0]))(tvec(output_mode='tf_idf'))",
    "(lambda t: (t.set_vocabulary([]), t.get_vocabulary())[1])(tvec())",
    "(lambda t: (t.set_vocabulary(['', '[UNK]', 'a']), t.get_vocabulary(), t.vocabulary_size())"
    "[1:])(tvec())",
    "(lambda t: (t.adapt(DOCS), t.adapt(D.from_tensor_slices(DOCS[:1])), t.get_vocabulary())[-1])"
    "(tvec())",
    "(lambda t: (t.adapt(DOCS), t.vocabulary_size(), t.get_vocabulary()[:3])[1:])"
    "(tvec(max_tokens=100))",
    "(lambda t: (t.adapt(DOCS), cfg(t))[1])(tvec(output_mode='tf_idf', max_tokens=5))",
    "(lambda t: (t.adapt(DOCS), t.get_weights())[1])(tvec(output_mode='tf_idf', max_tokens=5))",
    "(lambda t: (t.adapt(DOCS), t.get_weights())[1])(tvec(max_tokens=5))",
    "(lambda t: (t.adapt(DOCS), len(t.variables), len(t.non_trainable_weights))[1:])"
    "(tvec(output_mode='tf_idf', max_tokens=5))",
    "(lambda m: m.output.shape)(tf.keras.Model(*(lambda i: (i, tvec(vocabulary=['a'], "
    "output_sequence_length=3)(i)))(L.Input((1,), dtype='string'))))",
    "(lambda m: m.output.shape)(tf.keras.Model(*(lambda i: (i, tvec(vocabulary=['a'])(i)))"
    "(L.Input((1,), dtype='string'))))",
    "(lambda m: (m.output.shape, m.output.dtype))(tf.keras.Model(*(lambda i: (i, tvec("
    "vocabulary=['a'], output_mode='tf_idf', idf_weights=[1.0])(i)))(L.Input((), "
    "dtype='string'))))",
    "(lambda m: out(m(tf.constant([['a b'], ['b']]))))(tf.keras.Model(*(lambda i: (i, L.Embedding("
    "4, 2, embeddings_initializer='ones')(tvec(vocabulary=['a', 'b'], "
    "output_sequence_length=3)(i))))(L.Input((1,), dtype='string'))))",
    "(lambda m: out(m.predict(tf.constant([['a b'], ['b']]), verbose=0)))(tf.keras.Sequential(["
    "L.Input((1,), dtype='string'), tvec(vocabulary=['a', 'b'], output_sequence_length=2)]))",
    "(lambda m: out(m.predict(np.array([['a b'], ['b']]), verbose=0)))(tf.keras.Sequential(["
    "L.Input((1,), dtype='string'), tvec(vocabulary=['a', 'b'], output_mode='count')]))",
    "run(L.StringLookup(vocabulary=['é', 'ß', '😀']), tf.constant(['ß', '😀', 'x']))",
    "run(L.StringLookup(vocabulary=['é', 'ß', '😀'], invert=True), tf.constant([1, 2, 3, 0]))",
    "L.StringLookup(vocabulary=['é', 'ß', '😀']).get_vocabulary()",
    "run(L.StringLookup(vocabulary=['a', 'b']), ['a', 'c'])",
    "run(L.StringLookup(vocabulary=['a', 'b']), np.array(['a', 'c']))",
    "run(L.StringLookup(vocabulary=['a', 'b']), ('a', 'b'))",
    "run(L.StringLookup(vocabulary=['a', 'b'], invert=True), [1, 2])",
    "run(L.StringLookup(vocabulary=['a', 'b'], output_mode='int', sparse=True), "
    "tf.constant(['a']))",
    "run(L.StringLookup(vocabulary=['a', 'b'], max_tokens=2, pad_to_max_tokens=True, "
    "output_mode='multi_hot'), tf.constant([['a']]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], pad_to_max_tokens=True, "
    "output_mode='multi_hot'), tf.constant([['a']]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], max_tokens=10, pad_to_max_tokens=True, "
    "output_mode='tf_idf', idf_weights=[1., 2.]), tf.constant([['a', 'q']]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], oov_token=''), tf.constant(['', 'q']))",
    "run(L.StringLookup(vocabulary=['a', 'b'], mask_token='', oov_token=''), tf.constant(['']))",
    "run(L.StringLookup(vocabulary=['a', 'b'], mask_token='a'), tf.constant(['a']))",
    "run(L.StringLookup(vocabulary=['a', 'b'], num_oov_indices=2, invert=True), "
    "tf.constant([0, 1, 2, 3, 4]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], num_oov_indices=2, mask_token='', invert=True), "
    "tf.constant([0, 1, 2, 3, 4]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], num_oov_indices=2, output_mode='one_hot'), "
    "tf.constant(['a', 'x', 'y']))",
    "run(L.StringLookup(vocabulary=['a', 'b'], num_oov_indices=2, output_mode='count'), "
    "tf.constant([['a', 'x', 'y', 'x']]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], output_mode='count'), tf.ragged.constant([['a', "
    "'x'], ['b', 'b', 'b']]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], output_mode='one_hot'), tf.ragged.constant([['a',"
    " 'x'], ['b']]))",
    "run(L.StringLookup(vocabulary=['a', 'b'], output_mode='multi_hot'), tf.constant([[['a']]]))",
    "run(L.IntegerLookup(vocabulary=[0, 1, 2]), tf.constant([0, 1, 5]))",
    "run(L.IntegerLookup(vocabulary=[0, 1, 2], mask_token=0), tf.constant([0, 1, 5]))",
    "run(L.IntegerLookup(vocabulary=[7, -1]), tf.constant([7]))",
    "run(L.IntegerLookup(vocabulary=[7, 8], oov_token=8), tf.constant([7, 9]))",
    "run(L.IntegerLookup(vocabulary=[7, 8], max_tokens=2), tf.constant([7]))",
    "run(L.IntegerLookup(vocabulary=[7, 8], num_oov_indices=2), tf.constant([7, 1, 2, 3, 4]))",
    "run(L.IntegerLookup(vocabulary=[7, 8], num_oov_indices=2, invert=True), tf.constant([0, 1, "
    "2, 3]))",
    "run(L.IntegerLookup(vocabulary=[7, 8]), tf.constant([2**40]))",
    "run(L.IntegerLookup(vocabulary=[2**40, 8]), tf.constant([2**40, 8]))",
    "run(L.IntegerLookup(vocabulary=[7, 8]), [7, 9])",
    "run(L.IntegerLookup(vocabulary=[7, 8]), np.array([7, 9], np.int32))",
    "run(L.IntegerLookup(vocabulary=[7, 8]), tf.constant([7.0, 9.0]))",
    "run(L.IntegerLookup(), tf.constant([1]), np.array([1.5, 2.5]))",
    "run(L.IntegerLookup(), tf.constant([3, 1]), tf.constant([[1, 3], [3, 3]]))",
    "run(L.IntegerLookup(), tf.constant([3, 1]), tf.ragged.constant([[1, 3], [3]]))",
    "run(L.IntegerLookup(output_mode='tf_idf'), tf.constant([[3, 1, 9]]), [[1, 3], [3, 3], [2]])",
    "cfg(L.IntegerLookup(max_tokens=5, output_mode='multi_hot', sparse=True))",
    "run(L.Hashing(num_bins=10, salt=[5, 9], output_mode='one_hot'), tf.constant(['é', '😀']))",
    "run(L.Hashing(num_bins=10), tf.constant([-1, 0, 2**40], tf.int64))",
    "run(L.Hashing(num_bins=10), tf.constant(['é', '😀', ' ', '']))",
    "run(L.Hashing(num_bins=10, mask_value=0), tf.constant([0, 1, 2]))",
    "run(L.Hashing(num_bins=10, mask_value='x'), tf.constant([0, 1, 2]))",
    "run(L.Hashing(num_bins=10), ['a', 'b'])",
    "run(L.Hashing(num_bins=10), np.array([[1, 2]]))",
    "run(L.Hashing(num_bins=10), tf.ragged.constant([[1, 2], [3]]))",
    "run(L.Hashing(num_bins=10, output_mode='count'), tf.ragged.constant([[1, 1], [3]]))",
    "run(L.Hashing(num_bins=10, output_mode='count', sparse=True), tf.constant([[1, 1, 3]]))",
    "run(L.Hashing(num_bins=3, salt=[1, 2]), tf.constant([1, 2, 3]))",
    "L.Hashing(num_bins=3, salt=[1, 2]).salt",
    "L.Hashing(num_bins=3, salt=7).salt",
    "L.Hashing(num_bins=3).salt",
    "cfg(L.Hashing.from_config(L.Hashing(num_bins=3, salt=[1, 2]).get_config()))",
]

PRELUDES["strings_sparse_more"] = r"""import numpy as np
S = tf.strings
SP = tf.sparse
ST = tf.sparse.SparseTensor
st = ST([[0, 1], [1, 0], [2, 3]], [10, 20, 30], [3, 4])
stf = ST([[0, 1], [1, 0], [2, 3]], [1.5, -2.0, 3.25], [3, 4])
def show(x):
    return (x.indices.numpy().tolist(), x.values.numpy().tolist(),
            x.dense_shape.numpy().tolist())
"""
SECTIONS["strings_sparse_more"] = [
    "S.to_hash_bucket_strong(['a', 'b'], 100, key=[-1, 2])",
    "S.to_hash_bucket_strong(['a', 'b'], 100, key=[2**64, 2])",
    "S.to_hash_bucket_strong(['a', 'b'], 100, key=tf.constant([1, 2]))",
    "S.to_hash_bucket_strong(['a', 'b'], 100, key=(1, 2))",
    "S.to_hash_bucket_fast(['a', 'b'], tf.constant(100))",
    "S.to_hash_bucket_fast(['a', 'b'], 1.5)",
    "S.to_hash_bucket(['a', 'b'], 100).dtype",
    "S.unicode_script(tf.constant([0x41, 0x3b1], tf.int16))",
    "S.unicode_script([0x2000, 0x0301, 0x1f1e6, 0xe000, 0xfffe, 0x10ffff, 0x0640, 0x3005])",
    "S.regex_replace(['Hello World'], '\\\\b', '|')",
    "S.regex_replace(['Hello World'], '\\\\B', '.')",
    "S.regex_replace(['Hello World'], '(?P<first>\\\\w+) (?P<second>\\\\w+)', '\\\\2 \\\\1')",
    "S.regex_replace(['Hello World'], '(\\\\w+) (\\\\w+)', '$2 $1')",
    "S.regex_replace(['日本語 text'], '\\\\p{Han}', 'X')",
    "S.regex_replace(['ÉCOLE école'], '(?i)école', 'x')",
    "S.regex_replace(['a.b.c'], '.', '-', replace_global=False)",
    "S.regex_replace(['aaa'], '^', '>')",
    "S.regex_replace(['aaa'], '$', '<')",
    "S.regex_replace(['a\\nb'], '(?m)$', ';')",
    "S.regex_replace(['abc'], '[', 'x')",
    "S.regex_replace(['abc'], 'a{2,1}', 'x')",
    "S.regex_replace(['abc'], '(?<n>b)', 'x')",
    "S.regex_replace(['abc'], 'b', '\\\\')",
    "S.regex_full_match([''], '')",
    "S.regex_full_match(['', 'a'], 'a*')",
    "S.regex_full_match(['abc'], 'ABC', name='m')",
    "S.regex_full_match(['ab'], tf.constant(['a.', 'b.']))",
    "S.regex_full_match(tf.constant([['ab', 'cd']]), tf.constant(['a.', 'c.']))",
    "S.split(['a,b,,c', ''], sep=',')",
    "S.split(['a  b', ' '], sep='  ')",
    "S.split(['a b'], sep='')",
    "S.split(tf.ragged.constant([['a b', 'c'], []]))",
    "S.split(['a\\u3000b\\u00a0c'])",
    "S.split(['a\\tb\\nc\\rd\\x0be\\x0cf'])",
    "S.format('x={} y={}', (tf.constant([1, 2]), tf.constant(3.5)))",
    "S.format('{}', tf.ragged.constant([[1, 2], [3]]))",
    "S.format('{}', tf.range(20), summarize=3)",
    "S.format('{}', tf.range(20), summarize=-1)",
    "S.format('{} {}', tf.constant(1))",
    "S.format('{}', [tf.constant('a'), 1])",
    "S.format('{x}', tf.constant(1), placeholder='{x}')",
    "S.format('{}', tf.constant([[1.5, 2.25]]))",
    "S.format('{}', tf.constant([True, False]))",
    "S.format('{}', tf.constant(['a', 'b']))",
    "S.unsorted_segment_join(['a', 'b', 'c'], [1, 0, 1], 3, separator='-')",
    "S.unsorted_segment_join([['a', 'b'], ['c', 'd']], [1, 1], 2)",
    "S.unsorted_segment_join(['a', 'b'], [0, 3], 2)",
    "S.unsorted_segment_join(['a', 'b'], [0, -1], 2)",
    "S.substr(tf.ragged.constant([['abc', 'de'], ['f']]), tf.ragged.constant([[1, 0], [0]]), 2)",
    "S.substr(['abc'], 4, 1)",
    "S.substr(['abc'], 3, 1)",
    "S.substr(['abc'], -4, 1)",
    "S.substr(['abc', 'de'], [0, 1], [1, 2, 3])",
    "S.length(['a', 'héllo'], unit='BYTE')",
    "S.length(tf.constant([b'\\xff\\xfe']), unit='UTF8_CHAR')",
    "S.upper(['héllo'])",
    "S.lower(['HÉLLO'])",
    "S.upper([b'\\xff'], encoding='utf-8')",
    "S.strip(['  a b  ', '\\t'])",
    "S.reduce_join(['a', 'b', 'c'], separator=', ', keepdims=True)",
    "S.reduce_join([['a', 'b'], ['c', 'd']], axis=1, keepdims=True)",
    "S.reduce_join([['a', 'b'], ['c', 'd']], axis=2)",
    "S.reduce_join([], separator='x')",
    "S.join(['a', 'b'])",
    "S.join([['a', 'b'], ['c', 'd']], separator='+')",
    "S.join([tf.constant(['a', 'b']), tf.constant(['c', 'd', 'e'])])",
    "S.to_number(['1', '2.5', 'x'])",
    "S.to_number(tf.constant(['0x10']), tf.int32)",
    "S.to_number(tf.constant([' 5']), tf.int32)",
    "S.to_number(tf.constant(['5 ']), tf.float32)",
    "S.to_number(tf.constant(['inf', '-nan']), tf.float32)",
    "S.to_number(tf.constant(['1e5']), tf.int32)",
    "S.as_string(tf.constant([True, False]))",
    "S.as_string(tf.constant(['a']))",
    "S.as_string(tf.constant([3], tf.int8), width=3)",
    "S.as_string(tf.constant([0.1], tf.float16))",
    "S.as_string(tf.constant([1.0]), precision=3, shortest=True)",
    "S.as_string(tf.constant([1.0]), fill='ab')",
    "S.bytes_split(['abc', ''])",
    "S.bytes_split('ab')",
    "S.unicode_encode(tf.ragged.constant([[104, 233]]), 'UTF-8', errors='replace', "
    "replacement_char=-1)",
    "S.ngrams(tf.constant(['a', 'b', 'c']), 2, preserve_short_sequences=True)",
    "S.ngrams(tf.ragged.constant([['a'], ['a', 'b', 'c']]), 3, preserve_short_sequences=True)",
    "S.ngrams(tf.ragged.constant([['a'], ['a', 'b', 'c']]), 2, pad_values='#', padding_width=1)",
    "S.ngrams(tf.ragged.constant([['a'], ['a', 'b', 'c']]), 2, pad_values=('<', '>'))",
    "S.ngrams(tf.ragged.constant([['a'], ['a', 'b', 'c']]), (1, 3), separator='/')",
    "S.ngrams(tf.ragged.constant([['a'], ['a', 'b', 'c']]), 0)",
    "S.ngrams(tf.ragged.constant([['a'], ['a', 'b', 'c']]), 2, pad_values=('<', '>'), "
    "padding_width=0)",
    "SP.reduce_sum(ST([[0, 0], [0, 1], [0, 2], [1, 0]], [0.1, 0.2, 0.3, 1e8], [2, 3]), axis=1)",
    "SP.reduce_sum(ST([[0, 0], [0, 1], [0, 2], [1, 0]], [0.1, 0.2, 0.3, 1e8], [2, 3]))",
    "SP.reduce_sum(st, axis=tf.constant(1))",
    "SP.reduce_sum(st, axis=[-1, 0])",
    "SP.reduce_sum(st, axis=[1, 1])",
    "SP.reduce_sum(ST([[1, 1], [0, 0]], [1, 2], [2, 2]), axis=0)",
    "show(SP.reduce_sum(ST([[1, 1], [0, 0]], [1, 2], [2, 2]), axis=0, output_is_sparse=True))",
    "show(SP.reduce_max(ST([[1, 1], [0, 0]], [1, 2], [2, 2]), output_is_sparse=True))",
    "SP.reduce_max(ST([[0, 0], [0, 1]], [float('nan'), 1.0], [1, 2]), axis=1)",
    "SP.reduce_max(ST([[0, 0], [0, 1]], ['a', 'b'], [1, 2]), axis=1)",
    "SP.reduce_max(ST(tf.zeros([0, 2], tf.int64), tf.zeros([0]), [2, 2]), axis=1)",
    "SP.reduce_max(ST(tf.zeros([0, 2], tf.int64), tf.zeros([0], tf.int32), [2, 2]))",
    "SP.sparse_dense_matmul(ST([[0, 0]], [True], [1, 1]), tf.constant([[True]]))",
    "SP.sparse_dense_matmul(ST([[0, 0]], [2], [1, 1]), tf.constant([[3]], tf.int64))",
    "SP.sparse_dense_matmul(ST([[0, 0]], [2], [1, 1], ), tf.constant([3]))",
    "SP.sparse_dense_matmul(ST([[0, 0], [1, 1]], [2.0, 3.0], [2, 2]), tf.ones([2, 3]), "
    "adjoint_a=True, adjoint_b=False)",
    "SP.sparse_dense_matmul(tf.ones([3, 2]), ST([[0, 0], [1, 1]], [2.0, 3.0], [2, 2]), "
    "adjoint_b=True)",
    "SP.sparse_dense_matmul(tf.ones([3, 2]), ST([[0, 0], [1, 1]], [2.0, 3.0], [2, 2]), "
    "adjoint_a=True)",
    "SP.sparse_dense_matmul(ST([[0, 0], [1, 1]], [2.0, 3.0], [2, 2]), tf.ones([3, 2]))",
    "show(SP.add(st, ST([[0, 1]], [1.0], [3, 4])))",
    "show(SP.add(ST([[0, 0]], [1], [1, 1]), ST([[0, 0]], [1], [1, 1], ), threshold=3))",
    "show(SP.add(stf, ST([[0, 1]], [-1.5], [3, 4]), threshold=0.1))",
    "SP.add(stf, tf.ones([1, 4]))",
    "SP.add(tf.ones([3, 4]), stf)",
    "show(SP.maximum(st, ST([[0, 1]], [1.0], [3, 4])))",
    "show(SP.minimum(ST([[0, 0]], [1], [1, 1]), ST([[0, 0]], [2], [1, 2])))",
    "show(SP.softmax(ST([[0, 0, 0], [0, 0, 1], [1, 1, 0]], [1.0, 2.0, 3.0], [2, 2, 2])))",
    "SP.softmax(ST([[0]], [1.0], [3]))",
    "[show(x) for x in SP.split(sp_input=st, num_split=3, axis=1)]",
    "[show(x) for x in SP.split(sp_input=st, num_split=5, axis=0)]",
    "SP.split(sp_input=st, num_split=2, axis=2)",
    "SP.split(sp_input=st, num_split=0, axis=0)",
    "show(SP.expand_dims(st, 2))",
    "SP.expand_dims(st, 3)",
    "SP.expand_dims(st, -4)",
    "show(SP.transpose(st, [0, 1]))",
    "SP.transpose(st, [0, 0])",
    "SP.transpose(st, [0, 1, 2])",
    "show(SP.slice(st, [0, 0], [-1, 2]))",
    "show(SP.slice(st, [0, 0], [0, 0]))",
    "show(SP.reorder(ST(tf.zeros([0, 2], tf.int64), tf.zeros([0]), [2, 2])))",
    "SP.to_dense(ST([[0, 0], [0, 0]], [1, 2], [2, 2]), validate_indices=False)",
    "SP.to_dense(ST([[1, 0], [0, 0]], [1, 2], [2, 2]), validate_indices=False)",
    "SP.to_dense(ST([[0, 0]], [1], [2, 2]), default_value='x')",
    "show(SP.from_dense(tf.ragged.constant([[1]])))",
    "show(SP.from_dense(tf.constant([[0.0, 1e-45]])))",
    "ST([[0, 0]], ['a'], [2, 2])",
    "ST(tf.zeros([0, 2], tf.int64), tf.zeros([0], tf.string), [2, 2])",
    "print(ST([[0, 0]], [1.5], [2, 2])) or 'printed'",
    "str(ST([[0, 0]], [1.5], [2, 2]))",
    "tf.sparse.segment_sum([1, 2, 3], [0, 1], [0, 0], num_segments=1)",
    "tf.sparse.segment_sum([1, 2, 3], [0, 1], [1, 1], num_segments=1)",
    "tf.sparse.segment_sum([1, 2, 3], [0, 1], [1, 0])",
    "tf.sparse.segment_mean([1, 2, 3], [0, 1], [0, 0])",
    "tf.sparse.segment_sqrt_n([1., 2.], [0, 1], [0, 0], num_segments=3)",
    "tf.sparse.segment_sum(tf.constant([1., 2.]), tf.constant([0, 1], tf.int64), "
    "tf.constant([0, 0], tf.int32))",
    "tf.math.segment_sum([1, 2], [0, 2])",
    "tf.math.segment_max([1.0, 2.0], [1, 1])",
    "tf.math.segment_min([1, 2], [0, 1])",
    "tf.math.segment_prod([2, 3], [0, 0])",
    "tf.math.segment_sum(tf.ones([2, 2]), [0, 0])",
    "tf.math.segment_sum([1, 2, 3], [0, 0])",
    "tf.math.unsorted_segment_sum(tf.ones([2, 2]), [[0, 1], [1, 0]], 2)",
    "tf.math.unsorted_segment_max([1, 2], [0, 0], tf.constant(2, tf.int64))",
    "tf.math.unsorted_segment_sum([1, 2], [0, 0], 0)",
    "tf.function(lambda x: tf.sparse.reduce_sum(x, axis=0, output_is_sparse=True).dense_shape)(st)",
    "tf.function(lambda x: tf.sparse.to_dense(x).shape)(st)",
    "tf.function(lambda x: tf.sparse.reorder(x).shape)(st)",
    "tf.function(lambda x: tf.sparse.transpose(x).shape)(st)",
    "tf.function(lambda x: tf.sparse.expand_dims(x, 0).shape)(st)",
    "tf.function(lambda x: tf.sparse.reshape(x, [-1, 2]).shape)(st)",
    "tf.function(lambda x: tf.sparse.concat(1, [x, x]).shape)(st)",
    "tf.function(lambda x: tf.sparse.slice(x, [0, 0], [2, 2]).shape)(st)",
    "tf.function(lambda x: tf.sparse.sparse_dense_matmul(x, tf.ones([4, 2], tf.int32)).shape)(st)",
    "tf.function(lambda x: tf.sparse.reduce_sum(x, 1).shape)(st)",
    "tf.function(lambda x: tf.sparse.reduce_sum(x, 1, keepdims=True).shape)(st)",
    "tf.function(lambda x: tf.sparse.retain(x, [True, False, True]).shape)(st)",
    "tf.function(lambda x: tf.sparse.fill_empty_rows(x, 0)[0].shape)(st)",
    "tf.function(lambda x: tf.sparse.maximum(x, x).shape)(st)",
    "tf.function(lambda x: tf.sparse.add(x, x).shape)(st)",
    "tf.function(lambda x: tf.sparse.softmax(x).shape)(stf)",
    "tf.function(lambda x: tf.sparse.map_values(tf.negative, x).shape)(st)",
    "tf.function(lambda x: tf.sparse.from_dense(x).shape)(tf.constant([[1, 0]]))",
    "tf.function(lambda x: tf.RaggedTensor.from_sparse(x).shape)(st)",
]

PRELUDES["ragged_data_more"] = r"""import numpy as np, os, tempfile
R = tf.RaggedTensor
D = tf.data.Dataset
TMP = tempfile.mkdtemp()
def wfile(name, data):
    p = os.path.join(TMP, name)
    with open(p, 'wb') as f:
        f.write(data)
    return p
LINES = wfile('lines.txt', b'the cat sat\n\na dog\nlast line no newline')
HEADER = wfile('header.csv', b'h1,h2\n1,a b\n2,c\n')
EMPTY = wfile('empty.txt', b'')
UTF = wfile('utf.txt', '\ufeffhé\nwörld\n'.encode('utf-8'))
a = tf.ragged.constant([[3, 1, 2], [], [5, 4]])
s = tf.ragged.constant([['b', 'a', 'c'], ['z']])
def lst(ds):
    return [x.to_list() if hasattr(x, 'to_list') else x.numpy().tolist() for x in ds]
"""
SECTIONS["ragged_data_more"] = [
    "lst(tf.data.TextLineDataset(HEADER).skip(1))",
    "lst(tf.data.TextLineDataset(EMPTY))",
    "lst(tf.data.TextLineDataset(UTF))",
    "lst(tf.data.TextLineDataset(UTF).map(lambda l: tf.strings.unicode_decode(l, 'UTF-8')))",
    "lst(tf.data.TextLineDataset(HEADER).skip(1).map(lambda l: tf.strings.split(l, ',')))",
    "lst(tf.data.TextLineDataset(HEADER).skip(1).map(lambda l: tf.strings.split(l, ','))"
    ".batch(2))",
    "lst(tf.data.TextLineDataset(HEADER).skip(1).map(lambda l: tf.strings.split(l, ','))"
    ".map(lambda p: tf.strings.split(p[1])))",
    # (batching lines of different lengths: TF's error names the two shapes in the order
    # its threads copy them, which varies from run to run)
    "lst(tf.data.TextLineDataset(LINES).map(tf.strings.split).filter(lambda t: tf.size(t) > 0))",
    "lst(tf.data.TextLineDataset(LINES).map(tf.strings.split).unbatch())",
    "lst(tf.data.TextLineDataset(LINES).batch(2).map(tf.strings.split).unbatch())",
    "lst(tf.data.TextLineDataset(LINES).batch(2).map(tf.strings.split).rebatch(1))",
    "lst(tf.data.TextLineDataset(LINES).map(tf.strings.split).ragged_batch(2).map(lambda r: "
    "r.to_tensor('-')))",
    "lst(tf.data.TextLineDataset(LINES).map(tf.strings.split).ragged_batch(2).map(lambda r: "
    "r.row_lengths()))",
    "lst(tf.data.TextLineDataset(LINES).map(tf.strings.split).ragged_batch(2).map(lambda r: "
    "tf.strings.reduce_join(r, axis=1, separator='+')))",
    "lst(tf.data.TextLineDataset(LINES).map(lambda l: tf.strings.split(l)).map(lambda t: "
    "tf.strings.to_hash_bucket_fast(t, 5)))",
    "lst(tf.data.TextLineDataset(LINES).map(lambda l: (l, tf.strings.length(l))))",
    "lst(tf.data.TextLineDataset(LINES).enumerate().filter(lambda i, l: i % 2 == 0).map(lambda "
    "i, l: l))",
    "lst(tf.data.TextLineDataset(LINES).interleave(lambda l: D.from_tensor_slices("
    "tf.strings.split(l)), cycle_length=2))",
    "lst(tf.data.TextLineDataset(LINES).flat_map(lambda l: D.from_tensor_slices("
    "tf.strings.split(l))))",
    "lst(D.from_tensor_slices(a).map(lambda x: x * 2).ragged_batch(2))",
    "lst(D.from_tensor_slices(a).map(lambda x: tf.reduce_sum(x)))",
    "lst(D.from_tensor_slices(a).batch(2))",
    "lst(D.from_tensor_slices(a).batch(2).unbatch())",
    "lst(D.from_tensor_slices(a).padded_batch(2, padding_values=-1))",
    "lst(D.from_tensor_slices(a).batch(2).map(lambda r: r.to_tensor()))",
    "lst(D.from_tensors(a).map(lambda r: r.row_lengths()))",
    "lst(D.from_tensors(a).unbatch())",
    "lst(D.from_tensor_slices((a, tf.constant([1, 2, 3]))).map(lambda r, y: r + y))",
    "lst(D.from_tensor_slices({'r': s}).map(lambda d: tf.strings.join([d['r'], 'x'])))",
    "lst(D.from_tensor_slices(a).shuffle(3, seed=1).take(0))",
    "D.from_tensor_slices(a).batch(2).element_spec",
    "D.from_tensor_slices(a).map(lambda x: x * 2).element_spec",
    "D.from_tensors(a).element_spec",
    "D.from_tensor_slices(s).ragged_batch(2).element_spec",
    "tf.data.TextLineDataset(LINES).map(tf.strings.split).ragged_batch(2, "
    "row_splits_dtype=tf.int32).element_spec",
    "lst(tf.data.TextLineDataset(LINES).map(tf.strings.split).ragged_batch(2, "
    "row_splits_dtype=tf.int32).map(lambda r: r.row_splits))",
    "lst(D.from_tensor_slices(a).ragged_batch(2).map(lambda r: tf.sort(r.to_tensor(), "
    "direction='DESCENDING')))",
    "lst(D.range(3).map(lambda i: tf.sparse.SparseTensor([[0]], [i], [3])).batch(2))",
    "D.range(3).map(lambda i: tf.sparse.SparseTensor([[0]], [i], [3])).element_spec",
    "lst(D.range(3).map(lambda i: tf.sparse.SparseTensor([[0]], [i], [3])).batch(2).map("
    "tf.sparse.to_dense))",
    "R.from_sparse(tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0]], [1, 2, 3], [2, 3]))"
    ".to_sparse().dense_shape",
    "R.from_tensor(tf.constant([['a', ''], ['b', 'c']]), padding='').to_sparse().values",
    "R.from_tensor(tf.zeros([2, 3, 4]), lengths=[1, 2]).shape",
    "R.from_tensor(tf.zeros([2, 3, 4]), padding=tf.zeros([4])).shape",
    "R.from_tensor(tf.zeros([2, 3, 4]), padding=tf.zeros([3]))",
    "R.from_tensor(tf.constant([[1, 2], [3, 0]]), padding=0, ragged_rank=2)",
    "R.from_tensor(tf.constant([[[1, 2], [3, 0]]]), lengths=([1], [2]))",
    "R.from_tensor(tf.constant([[[1, 2], [3, 0]]]), lengths=([1], [2]), ragged_rank=3)",
    "R.from_tensor(tf.constant([[[1, 2], [3, 0]]]), lengths=([1], [2, 1]))",
    "R.from_tensor(tf.constant([[1, 2]]), lengths=[1.5])",
    "R.from_tensor(tf.constant([[1, 2]]), lengths=tf.constant([1], tf.int32))",
    "R.from_tensor(tf.constant([[1, 2]]), lengths=[1], row_splits_dtype=tf.int32)",
    "R.from_tensor(tf.constant([[1, 2]]), lengths=[[1]])",
    "tf.ragged.segment_ids_to_row_splits(tf.constant([0, 0, 2], tf.int32), "
    "num_segments=tf.constant(4, tf.int64))",
    "tf.ragged.segment_ids_to_row_splits([0, 0, 2], out_type=tf.int32, num_segments=2)",
    "tf.ragged.row_splits_to_segment_ids(tf.constant([0, 2, 3], tf.int32), out_type=tf.int64)",
    "tf.function(lambda s: tf.ragged.row_splits_to_segment_ids(s))(tf.constant([0, 2, 2, 3]))",
    "tf.function(lambda s: tf.ragged.segment_ids_to_row_splits(s, num_segments=5))("
    "tf.constant([0, 0, 3]))",
    "tf.function(lambda s: tf.ragged.row_splits_to_segment_ids(s).shape, input_signature=["
    "tf.TensorSpec([None], tf.int64)])(tf.constant([0, 1], tf.int64))",
    "tf.function(lambda s: tf.ragged.segment_ids_to_row_splits(s, num_segments=5).shape)("
    "tf.constant([0, 0, 3]))",
    "tf.ragged.cross([tf.ragged.constant([[1, 2]], dtype=tf.int64), tf.ragged.constant([['a']])])",
    "tf.ragged.cross([tf.ragged.constant([[1, 2]], dtype=tf.int32), tf.ragged.constant([['a']])])",
    # (mixed row splits dtypes: TF 2.21's RaggedCross kernel aborts the process)
    "tf.ragged.cross([tf.ragged.constant([['a', 'b'], ['c']], row_splits_dtype=tf.int32), "
    "tf.ragged.constant([['x'], ['y']], row_splits_dtype=tf.int32)])",
    "tf.ragged.cross([tf.constant([['a', 'b'], ['c', 'd']]), tf.constant([['x'], ['y']])])",
    "tf.ragged.cross([tf.ragged.constant([[['a']]]), tf.ragged.constant([['x']])])",
    "tf.ragged.cross([tf.ragged.constant([['a', 'a']]), tf.ragged.constant([['x', 'x']])])",
    "tf.ragged.cross_hashed([tf.ragged.constant([['a', 'a']]), tf.constant([[5]], tf.int64)], "
    "num_buckets=1000, hash_key=1)",
    "tf.ragged.cross_hashed([tf.ragged.constant([['a']]), tf.ragged.constant([['b']])], "
    "hash_key=2**63)",
    "tf.map_fn(lambda x: tf.strings.reduce_join(x), s, fn_output_signature=tf.string)",
    "tf.map_fn(lambda x: tf.strings.join([x, x]), s)",
    "tf.map_fn(lambda x: x[:1], a)",
    "tf.map_fn(lambda x: tf.concat([x, x], 0), a, fn_output_signature=tf.RaggedTensorSpec("
    "[None], tf.int32, row_splits_dtype=tf.int32))",
    "tf.map_fn(lambda x: tf.reduce_sum(x), (a, a), fn_output_signature=tf.int32)",
    "tf.map_fn(lambda x: x[0] + x[1], (a, tf.constant([1, 2, 3])))",
    "tf.map_fn(lambda x: tf.size(x[0]) + x[1], (a, tf.constant([1, 2, 3])), "
    "fn_output_signature=tf.int32)",
    "tf.map_fn(lambda x: tf.expand_dims(x, 0), a, fn_output_signature=tf.RaggedTensorSpec("
    "[1, None], tf.int32, ragged_rank=1))",
    "tf.map_fn(lambda x: tf.range(x), tf.constant([2, 1]), fn_output_signature="
    "tf.RaggedTensorSpec([None], tf.int64))",
    "tf.map_fn(lambda x: tf.range(x), tf.constant([2, 1]), fn_output_signature="
    "tf.RaggedTensorSpec([None, None], tf.int32))",
    "tf.map_fn(lambda x: tf.sparse.from_dense(x), tf.constant([[1, 0], [0, 0]]), "
    "fn_output_signature=tf.SparseTensorSpec(None, tf.int32))",
    "tf.map_fn(lambda x: (x, tf.sparse.from_dense(x)), tf.constant([[1, 0], [0, 2]]), "
    "fn_output_signature=(tf.int32, tf.SparseTensorSpec([2], tf.int32)))",
    "tf.map_fn(lambda x: tf.sparse.from_dense(x), tf.constant([[1, 0], [0, 2]]), "
    "fn_output_signature=tf.SparseTensorSpec([2], tf.int64))",
    "tf.map_fn(lambda x: tf.sparse.from_dense(x), tf.zeros([0, 2], tf.int32), "
    "fn_output_signature=tf.SparseTensorSpec([2], tf.int32))",
    "tf.map_fn(lambda x: x * 2, tf.constant([[1, 2], [3, 4]]), infer_shape=False)",
    "tf.map_fn(lambda x: tf.range(x), tf.constant([1, 2]), infer_shape=False)",
    "tf.map_fn(lambda x: tf.range(x), tf.constant([2, 2]))",
    "tf.map_fn(lambda x: tf.cast(x, tf.float32), tf.constant([1, 2]), fn_output_signature="
    "tf.TensorSpec([], tf.float32))",
    "tf.map_fn(lambda x: tf.stack([x, x]), tf.constant([1, 2]), fn_output_signature="
    "tf.TensorSpec([3], tf.int32))",
    "tf.function(lambda r: tf.map_fn(lambda x: tf.reduce_sum(x), r, "
    "fn_output_signature=tf.int32))(a)",
    "tf.function(lambda r: tf.map_fn(lambda x: x * 2, r))(a)",
    "tf.function(lambda r: tf.map_fn(lambda x: tf.reduce_sum(x), r))(a)",
    "tf.function(lambda v: tf.map_fn(lambda x: tf.range(x), v))(tf.constant([1, 3]))",
    "tf.function(lambda v: tf.map_fn(lambda x: tf.range(x), v, fn_output_signature="
    "tf.RaggedTensorSpec([None], tf.int32)))(tf.constant([1, 3]))",
    "tf.function(lambda v: tf.map_fn(lambda x: tf.sparse.from_dense(x), v, fn_output_signature="
    "tf.SparseTensorSpec([2], tf.int32)))(tf.constant([[1, 0], [0, 2]]))",
    # tf.repeat with negative counts (as row_splits_to_segment_ids' lengths may be)
    "tf.repeat([0, 1], [3, -2])",
    "tf.repeat([[0, 1]], [3, -2], axis=1)",
    "tf.repeat([[0, 1], [2, 3]], [3, -2], axis=0)",
    "tf.repeat([[0, 1]], [1, -1], axis=1)",
    "tf.repeat([0, 1], [-1, -1])",
    "tf.repeat([[0, 1]], [-3, -2], axis=1)",
]

PRELUDES["configs_and_errors"] = _KERAS_PRELUDE + r"""
def rt(layer):
    return cfg(type(layer).from_config(layer.get_config()))
"""
SECTIONS["configs_and_errors"] = [
    "rt(tvec(vocabulary=VOC, output_sequence_length=3))",
    "rt(tvec(vocabulary=['a', 'b'], output_mode='tf_idf', idf_weights=[0.5, 0.25]))",
    "rt(tvec(split='character', standardize='lower', ngrams=3, max_tokens=9, "
    "pad_to_max_tokens=True, output_mode='count'))",
    "rt(tvec(ragged=True))",
    "rt(tvec(sparse=True, output_mode='multi_hot'))",
    "rt(L.StringLookup(vocabulary=VOC, invert=True))",
    "rt(L.StringLookup(vocabulary=['a', 'b'], output_mode='tf_idf', idf_weights=[1.0, 2.0]))",
    "rt(L.StringLookup(num_oov_indices=0, mask_token='', oov_token='?', encoding='latin-1'))",
    "rt(L.IntegerLookup(vocabulary=IVOC, mask_token=0))",
    "rt(L.IntegerLookup(vocabulary=np.array([5, 6]), vocabulary_dtype='int32'))",
    "rt(L.Hashing(num_bins=3, output_mode='count', sparse=True))",
    "L.StringLookup(vocabulary=np.array(['a', 'b'])).get_config()['vocabulary']",
    "L.StringLookup(vocabulary=tf.constant(['a', 'b'])).get_config()['vocabulary']",
    "L.IntegerLookup(vocabulary=tf.constant([1, 2])).get_config()['vocabulary']",
    "tvec(vocabulary=tf.constant(['a', 'b'])).get_config()['vocabulary']",
    "(lambda t: (t.adapt(DOCS), t.get_config()['vocabulary'])[1])(tvec())",
    "(lambda t: (t.adapt(DOCS), t.get_config()['idf_weights'])[1])(tvec(output_mode='tf_idf', "
    "max_tokens=4))",
    "(lambda t: (t.adapt(['a', 'b', 'b']), t.get_config()['vocabulary'])[1])(L.StringLookup())",
    "L.StringLookup(vocabulary=['a'], invert=True, output_mode='one_hot')",
    "L.StringLookup(vocabulary=['a'], num_oov_indices=1.5)",
    "L.StringLookup(vocabulary=['a'], max_tokens=1)",
    "L.StringLookup(vocabulary=['a'], max_tokens=0)",
    "L.StringLookup(vocabulary=['a'], pad_to_max_tokens=True)",
    "L.StringLookup(vocabulary=['a'], sparse=True)",
    "L.StringLookup(vocabulary=['a'], output_mode='int', pad_to_max_tokens=True, max_tokens=5)",
    "L.StringLookup(vocabulary=['a'], idf_weights=[1.0])",
    "L.StringLookup(vocabulary=[['a', 'b']])",
    "run(L.StringLookup(vocabulary=[['a', 'b']]), tf.constant(['a']))",
    "L.StringLookup(vocabulary=['a'], mask_token=5)",
    "L.IntegerLookup(vocabulary=[1], mask_token='x')",
    "L.IntegerLookup(vocabulary=[1], oov_token=None)",
    "(lambda l: (l.get_vocabulary(), run(l, tf.constant([1, 5]))))(L.IntegerLookup("
    "vocabulary=[1, 2], oov_token=None))",
    "run(L.IntegerLookup(vocabulary=[1, 2], oov_token=None, num_oov_indices=0), "
    "tf.constant([1, 5]))",
    "run(L.IntegerLookup(vocabulary=[1, 2], oov_token=None, invert=True), tf.constant([1, 5]))",
    "L.IntegerLookup(vocabulary=[1], vocabulary_dtype='string')",
    "L.IntegerLookup(vocabulary=[1], num_oov_indices=0, oov_token=-1).get_vocabulary()",
    "tvec(vocabulary=['a'], max_tokens=0)",
    "tvec(output_sequence_length=-1)",
    "tvec(output_sequence_length=2.5)",
    "tvec(split='character', ngrams=2, output_mode='multi_hot', max_tokens=3)",
    "tvec(standardize='lower', split=None, ngrams=2)",
    "run(tvec(standardize='lower', split=None, ngrams=2), tf.constant(['a']), ['a'])",
    "tvec(vocabulary=['a'], output_mode='count', idf_weights=[1.0])",
    "tvec(pad_to_max_tokens=True, max_tokens=None)",
    "run(tvec(pad_to_max_tokens=True, output_mode='count'), tf.constant(['a']), ['a'])",
    "tvec(sparse=True, output_mode='int')",
    "L.Hashing(num_bins=2, output_mode='int', sparse=True)",
    "L.Hashing(num_bins=2, output_mode='tf_idf')",
    "L.Hashing(num_bins=2, salt=[1])",
    "L.Hashing(num_bins=2, salt=[1, 2, 3])",
    "L.Hashing(num_bins=2, salt=1.5)",
    "L.Hashing(num_bins=2.5)",
    "L.Hashing(num_bins=2, mask_value=[1])",
    "run(L.Hashing(num_bins=2, mask_value=1), tf.constant(['1', 'a']))",
    "run(L.Hashing(num_bins=2, mask_value='1'), tf.constant([1, 2]))",
]
