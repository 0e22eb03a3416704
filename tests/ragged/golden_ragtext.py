"""Golden expressions of the ragtext stream (ragged dispatch, lookup tables, tf.strings and
Keras text layers as TF 2.21 users meet them); joined to golden_exprs.SECTIONS, so
tf_golden.py records them with real TensorFlow 2.21 and test_golden_tf.py compares. They
use golden_exprs.PRELUDE's names (rt, rt2, table, ...) and PRELUDE_RAGTEXT's."""

PRELUDE_RAGTEXT = r"""
ra = tf.ragged.constant([[1, 2, 3], [], [4, 5]])
rsq = tf.ragged.constant([[1, 2], [3, 4]])
rn = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]])
rn2 = tf.ragged.constant([[[1, 2], [3]], [], [[4, 5, 6], [], [7]]])
ri32 = tf.ragged.constant([[1, 2], [3]], row_splits_dtype=tf.int32)
ri64 = tf.ragged.constant([[1, 2], [3]])
rq = tf.ragged.constant([[0.5, 0.25, 0.75], [], [0.125, 0.9]])
rg = tf.ragged.constant([[1.5, 2.0, 0.5], [], [4.0, 0.3]])
fsig = tf.function(lambda x: tf.reduce_sum(x, axis=1),
                   input_signature=[tf.RaggedTensorSpec([None, None], tf.int32)])
fdense = tf.function(lambda x: x, input_signature=[tf.TensorSpec([None, None], tf.int32)])
rk = tf.ragged.constant([[1, 2, 3], [4], [5, 6]])
def ragged_model():
    tf.keras.utils.set_random_seed(1)
    inp = tf.keras.Input(shape=(None,), dtype='int64', ragged=True)
    x = tf.keras.layers.Embedding(10, 4)(inp)
    x = tf.keras.layers.GlobalAveragePooling1D()(x)
    return tf.keras.Model(inp, tf.keras.layers.Dense(1)(x))
def ragged_fit(evaluate=False, **kw):
    m = ragged_model()
    m.compile('sgd', 'mse')
    h = m.fit(rk, tf.constant([0., 1., 0.]), verbose=0, **kw)
    out = [round(v, 4) for v in h.history['loss']]
    if evaluate:
        out.append(round(m.evaluate(rk, tf.constant([0., 1., 0.]), verbose=0), 4))
    return out
def tfile(name, data):
    path = os.path.join(TMP, name)
    with open(path, 'wb') as fh:
        fh.write(data)
    return path
tchange = lambda path, data: tfile(os.path.basename(path), data)
TBAD = tfile('tbad.txt', b'k1 10\nk2 20\n')
TCRLF = tfile('tcrlf.txt', b'a\r\nb\r\nc\r\n')
TEMPTY = tfile('tempty.txt', b'')
TFI = tf.lookup.TextFileInitializer
def ttable(path, kd=tf.string, ki=-2, vd=tf.int64, vi=-1, default=-1, **kw):
    anon = kw.pop('experimental_is_anonymous', False)
    return tf.lookup.StaticHashTable(TFI(path, kd, ki, vd, vi, **kw), default,
                                     experimental_is_anonymous=anon)
def tlook(t, keys):
    return t.lookup(tf.constant(keys)).numpy().tolist()
nofusion = tf.data.Options()
nofusion.experimental_optimization.map_and_batch_fusion = False
noopt = tf.data.Options()
noopt.experimental_optimization.apply_default_optimizations = False
mtab = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
mtab.insert(['a', 'b'], tf.constant([5, 6], tf.int64))
def dlist(ds):
    return [e.to_list() if hasattr(e, 'to_list') else e.numpy().tolist() for e in ds]
traces = []
def _traced(x):
    traces.append(x.shape.as_list())
    return x * 2
ftr = tf.function(_traced)
frr = tf.function(_traced, reduce_retracing=True)
def calls(fn, values):
    del traces[:]
    for v in values:
        fn(v)
    return len(traces), list(traces)
@tf.function
def fag(x):
    if tf.reduce_sum(x) > 5:
        y = x * 10
    else:
        y = x - 1
    return y
def rx(r):
    return (type(r).__name__, r.row_splits.numpy().tolist(), r.dtype.name,
            np.round(r.flat_values.numpy().astype(np.float64), 5).tolist())
RT = tf.constant(['Hello World', 'foo  bar\nbaz qux', '', 'αβγ Δ 123 ÉCOLE école', 'aaa',
                  'x,y;z', 'KELVIN k \u212a', '漢字かなカナ', 'a1b22c333', 'line1\nline2\n',
                  'ab\x00cd'])
def rr(pattern, rewrite='<\\0>', replace_global=True):
    return tf.strings.regex_replace(RT, pattern, rewrite, replace_global).numpy().tolist()
def rf(pattern):
    return tf.strings.regex_full_match(RT, pattern).numpy().tolist()
ru = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
rw = tf.ragged.constant([[1, 2, 3], [4, 5], [6, 7, 8, 9]])
rm2 = tf.ragged.constant([[1., 2.], [3., 4.]])
rm3 = tf.ragged.constant([[[1., 2.]], [[3., 4.], [5., 6.]]])
rb3 = tf.constant([[[1.], [1.]], [[2.], [2.]]])
"""

RAGGED_DISPATCH = [
    # `==` / `!=`: elementwise where tf.math.equal takes the operands, else False / True
    "ra == ra",
    "ra == 2",
    "2 == ra",
    "ra != 2",
    "ra == None",
    "ra != None",
    "ra == tf.ragged.constant([[1], [2], [3]])",
    "ra != tf.ragged.constant([[1], [2], [3]])",
    "ra == 2.5",
    "ra == tf.constant(2, tf.int64)",
    "ra == tf.constant([[1], [2], [3]])",
    "ra == tf.constant([1, 2, 3])",
    "ra == ri64",
    "rsq == tf.constant([[1, 2], [3, 4]])",
    "tf.constant([[1, 2], [3, 4]]) == rsq",
    "tf.constant([[1, 2], [3, 4]]) != rsq",
    "rn2 == rn2",
    "hash(ra)",
    "ra in [ra]",
    "tf.function(lambda x: x == x)(ra)",
    # dense operands of the ragged tensor's rank
    "rsq + tf.constant([[10, 20]])",
    "rsq + tf.constant([[10], [20]])",
    "tf.constant([[1, 2], [3, 4]]) + rsq",
    "rn + tf.constant([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])",
    "rn + tf.constant([[[1, 2]], [[3, 4]]])",
    "rn + tf.constant([[[1], [2]], [[3], [4]]])",
    "tf.ragged.constant([[1, 2], [3, 4], [5, 6]]) + tf.constant([[1, 2], [3, 4]])",
    # tf.where of a ragged condition alone: the coordinates of its True items
    "tf.where(ra > 2)",
    "tf.where(rn2 > 2)",
    "tf.where(tf.ragged.constant([[[True, False]], [[False, True], [True, True]]], "
    "ragged_rank=1))",
    "tf.where(tf.ragged.constant([[True]], row_splits_dtype=tf.int32))",
    "tf.where(ra > 2, ra)",
    # tf.newaxis in a ragged index
    "ra[tf.newaxis]", "ra[None, 1:]", "ra[:, None]", "ra[:, None, 1:]", "ra[:, :, None]",
    "ra[..., None]", "ra[None, ...]", "ra[None, None]", "ra[0, None]", "ra[:, None].shape",
    "rn2[:, None]", "rn2[:, :, None]", "rn2[:, :, None, :1]", "rn2[..., None]", "rn2[None, 1]",
    "ru[:, None]", "ru[:, :, None]", "ru[..., None]", "ru[:, 0, None]", "ru[None, :, 0]",
    "ra[1:, None, :1]",
    # stack and concat past axis 1; the rows' checks
    "tf.stack([ra, ra * 10], axis=2)",
    "tf.stack([ra, ra], axis=-1)",
    "tf.stack([rn2, rn2], axis=2)",
    "tf.stack([rn2, rn2], axis=3)",
    "tf.concat([rn2, rn2], axis=2)",
    "tf.concat([ru, ru], axis=2)",
    "tf.stack([ru, ru], axis=3)",
    "tf.concat([ru, tf.constant([[[1], [2]], [[3], [4]]])], axis=2)",
    "tf.stack([ra, tf.ragged.constant([[1]])], axis=1)",
    "tf.concat([ra, tf.ragged.constant([[1]])], axis=1)",
    "tf.stack([ra, tf.ragged.constant([[1, 2, 3], [4], [5, 6]])], axis=2)",
    # gather along inner axes and with batch_dims=1 (TF checks no index against its row)
    "tf.gather(ra, [1, 0], axis=1)",
    "tf.gather(rw, [1, 0], axis=1)",
    "tf.gather(rw, [[1], [0]], axis=1)",
    "tf.gather(rw, 1, axis=1)",
    "tf.gather(rw, [1, 0], axis=-1)",
    "tf.gather(rn2, [0], axis=2)",
    "tf.gather(ru, [1, 0], axis=2)",
    "tf.gather(rw, tf.ragged.constant([[0, 1], [1], [0]]), axis=1)",
    "tf.gather(rw, [1], axis=2)",
    "tf.gather(tf.constant([[1, 2], [3, 4]]), tf.ragged.constant([[0], [1, 0]]), axis=1)",
    "tf.gather(rw, [0], batch_dims=1)",
    "tf.gather(rw, [[0], [1], [2]], axis=1, batch_dims=1)",
    "tf.gather(rw, tf.ragged.constant([[0, 2], [1], []]), batch_dims=1)",
    "tf.gather(rw, 0, batch_dims=1)",
    # matmul with ragged operands
    "tf.matmul(rm2, tf.constant([[1.], [1.]]))",
    "tf.matmul(tf.constant([[1., 1.]]), rm2)",
    "tf.matmul(rm2, rm2, transpose_b=True)",
    "tf.matmul(rm3, rb3)",
    "tf.matmul(tf.ragged.constant([[[1., 2.]], [[3., 4.], [5., 6.]]], ragged_rank=1), rb3)",
    "tf.matmul(rm3, tf.constant([[[1., 0.], [0., 1.]], [[2., 0.], [0., 2.]]]), "
    "transpose_b=True)",
    "tf.matmul(rm3, rb3[0])",
    "tf.matmul(rm2, tf.constant([[1], [1]]))",
    "tf.matmul(tf.ragged.constant([[1., 2.], [3.]]), tf.constant([[1.], [1.]]))",
    "tf.matmul(rm3, rm3, transpose_b=True)",
    "tf.matmul(tf.ragged.constant([[[1., 2.], [3.]], [[1.]]]), rb3)",
    "tf.matmul(tf.ragged.constant([[[1., 2.], [3., 4.]], [[1.]]]), "
    "tf.ragged.constant([[[1.], [2.]], [[3., 4.]]]))",
]

RAGGED_CHECKS = [
    # from_sparse refuses entries that skip a cell (TF's right-ragged check)
    "tf.RaggedTensor.from_sparse(tf.sparse.from_dense([[1, 0, 2], [0, 0, 3]]))",
    "tf.RaggedTensor.from_sparse(tf.sparse.from_dense([[1, 2, 0], [3, 0, 0]]))",
    "tf.RaggedTensor.from_sparse(tf.SparseTensor([[0, 1]], [1], [2, 3]))",
    "tf.RaggedTensor.from_sparse(tf.SparseTensor(tf.zeros([0, 2], tf.int64), "
    "tf.zeros([0]), [2, 3]))",
    # row-splits dtypes: a Python partition takes the values' dtype; mixing is refused
    "tf.RaggedTensor.from_row_splits(ri32, [0, 1, 2])",
    "tf.RaggedTensor.from_row_lengths(ri32, [2, 0])",
    "tf.RaggedTensor.from_value_rowids(ri32, [0, 1], 3)",
    "tf.RaggedTensor.from_row_splits(ri32, tf.constant([0, 1, 2], tf.int64))",
    "ri32 + ri64",
    "tf.RaggedTensor.from_row_splits(ri64.values, tf.constant([0, 2, 3], tf.int32)) + ri64",
    "tf.where(ri32 > 1, ri32, ri64)",
    "tf.ragged.constant([[1, 2], [3, 4]], ragged_rank=2)",
    "tf.ragged.constant([[[1]], [[2]]], ragged_rank=3)",
    "tf.RaggedTensorSpec([], tf.int32, -1)",
    "tf.RaggedTensorSpec([None], tf.int32, -2)",
    # tf.data: the rows of ragged-rank-0 elements, unbatched
    "tf.data.Dataset.from_tensor_slices(ra).unbatch().element_spec",
    "[t.numpy() for t in tf.data.Dataset.from_tensor_slices(ra).unbatch()]",
    "tf.data.Dataset.from_tensor_slices(ra).unbatch().batch(2).element_spec",
    "[t.numpy().tolist() for t in tf.data.Dataset.from_tensor_slices(ra).unbatch().batch(2)]",
    # Keras layers given a RaggedTensor (Keras's TF backend passes it to TF's ops)
    "tf.keras.layers.Masking()(tf.ragged.constant([[1.5, 0.0], [], [4.0]]))",
    "tf.keras.layers.Normalization(mean=1.0, variance=1.0)(tf.ragged.constant([[1.5], []]))",
]

STRINGS_RAGTEXT = [
    # whitespace split with maxsplit (TF's rest-of-string piece, even when empty)
    "tf.strings.split(tf.constant(['Hello World', '  a  b ', '', 'x,y,,z', 'a ']), "
    "maxsplit=1)",
    "tf.strings.split(tf.constant(['Hello World', '  a  b ', '', 'x,y,,z']), maxsplit=0)",
    "tf.strings.split(tf.constant(['a b c d', ' a b ']), maxsplit=2)",
    "tf.strings.split(tf.constant(['a,b,c']), sep=',', maxsplit=1)",
    # to_number as TF's safe_strto*
    "tf.strings.to_number(tf.constant(['1.5', '-2', '1e3', ' 3', 'nan', 'inf', '0x10']))",
    "tf.strings.to_number(tf.constant(['abc']))",
    "tf.strings.to_number(tf.constant(['99999999999']), tf.int32)",
    "tf.strings.to_number(tf.constant(['99999999999']), tf.int64)",
    "tf.strings.to_number(tf.constant(['1_000']), tf.int32)",
    "tf.strings.to_number(tf.constant(['1_000']))",
    "tf.strings.to_number(tf.constant([' +7 ']), tf.int64)",
    "tf.strings.to_number(tf.constant(['-0x1p3']), tf.float64)",
    "tf.strings.to_number(tf.constant(['1.5']), tf.int32)",
    # as_string: printf flags, TF's checks, complex and string inputs
    "tf.strings.as_string(tf.constant([7]), fill='x')",
    "tf.strings.as_string(tf.constant([7]), fill='ab')",
    "tf.strings.as_string(tf.constant([3.5]), shortest=True, scientific=True)",
    "tf.strings.as_string(tf.constant([7]), scientific=True)",
    "tf.strings.as_string(tf.constant([7]), precision=2)",
    "tf.strings.as_string(tf.constant([7]), fill='+', width=4)",
    "tf.strings.as_string(tf.constant([-7]), fill='-', width=4)",
    "tf.strings.as_string(tf.constant([7.5]), fill='#', width=9)",
    "tf.strings.as_string(tf.constant([True]), width=6)",
    "tf.strings.as_string(tf.constant([1+2j], tf.complex64))",
    "tf.strings.as_string(tf.constant([1+2j], tf.complex128), precision=1, width=5)",
    "tf.strings.as_string(tf.constant(['x']), precision=2)",
    "tf.strings.as_string(tf.constant([3], tf.uint8), fill='0', width=3)",
    # case, length, join, reduce_join, substr
    "tf.strings.upper(tf.constant('àéß'), encoding='utf-8')",
    "tf.strings.lower(tf.constant('ÀÉΣ'), encoding='utf-8')",
    "tf.strings.upper(tf.constant('àb'))",
    "tf.strings.upper(tf.constant('a'), encoding='latin1')",
    "tf.strings.length(tf.constant('a'), unit='bad')",
    "tf.strings.join([])",
    "tf.strings.join(tf.constant(['a', 'b']))",
    "tf.strings.reduce_join(tf.constant([['a', 'b'], ['c', 'd']]), axis=[0, 1])",
    "tf.strings.reduce_join(tf.constant([['a', 'b'], ['c', 'd']]), axis=[1, 0])",
    "tf.strings.reduce_join(tf.constant([['a', 'b'], ['c', 'd']]), axis=[0, 1], "
    "keepdims=True)",
    "tf.strings.reduce_join(tf.constant([['a', 'b'], ['c', 'd']]))",
    "tf.strings.reduce_join(tf.constant([['a', 'b'], ['c', 'd']]), axis=2)",
    "tf.strings.reduce_join(tf.constant([['a', 'b'], ['c', 'd']]), axis=-3)",
    "tf.strings.substr(tf.constant('hello'), 1, -1)",
    "tf.strings.substr(tf.constant('héllo'), 1, -2, unit='UTF8_CHAR')",
]

# RE2's syntax and semantics (re2.py): classes, flags, anchors, empty matches, errors
_RE2_PATTERNS = [
    r"\w+", r"\W+", r"\d+", r"\D", r"\s+", r"\S+", r"\bw", r"\B", r"^", r"$", r"(?m)^",
    r"(?m)$", r"(?m)^\w+$", r".", r"(?s).", r".*", r"x*", r"a*?", r"a|", r"|a", r"(?i)k",
    r"(?i)école", r"(?i:h)ello", r"a(?i)b|c", r"(?i)a(?-i)A", r"\p{Greek}+", r"\p{Han}",
    r"\p{Latin}+", r"\pN+", r"\p{Lu}", r"\PL+", r"\p{^Greek}", r"\P{^L}", r"\pZ",
    r"[\p{Greek}\d]+", r"[^\pL\s]+", r"[[:punct:]]", r"[[:^alpha:]]",
    r"[[:upper:][:digit:]]+", r"[^a-z]+", r"(a+)+?", r"(?U)a+", r"(?U)a+?", r"a{2}", r"a{2,}",
    r"a{,2}", r"\Qa.b\E", r"\Q", r"\x{3b1}", r"\101", r"\12", r"\x41|\x61", r"(\w)(\d+)",
    r"(?P<w>\w)\d", r"(?P<n>a)(?P<n>a)", r"[\x{3b1}-\x{3b3}]", r"(?s:.)\z", r"\Aa", r"(|x)+",
    r"[]a]", r"[^]a]", r"[a\]]+", r"\d{2,3}?", r"[\W\d]+", r"[^\W]+", r"[\d-z]", r"^*", r"$+",
    r"\b+", r"\t|\x00",
    # RE2's refusals
    r"(a", r"a)", r"[a", r"[z-a]", r"a**", r"a*+", r"*a", r"a|*", r"a{2,1}", r"a{1001}",
    r"x{2}{3}", r"a??+", r"(?x)a", r"(?=a)", r"(?!a)", r"(?<=a)", r"(?<n>a)", r"(?P<n>a)(?P=n)",
    r"(?P<>a)", r"(?P<n!>a)", r"(?#c)", "\\", "a\\", r"\8", r"\1", r"(l)\1", r"\e",
    r"\p{Foo}", r"\pX", r"[[:foo:]]", r"\Z", r"\G", r"(?i", r"(?", r"(?-)a", r"(?i:a",
    r"[a-\d]",
]
REGEX = [
    # a pattern or rewrite given as a tensor: TF's RegexReplace / RegexFullMatch
    "tf.strings.regex_replace(RT, tf.constant('o'), tf.constant('0'))",
    "tf.strings.regex_full_match(RT, tf.constant('a.*'))",
    "tf.strings.regex_replace(RT, tf.constant(['o', 'b']), '_')",
    "tf.strings.regex_replace(RT, 'o', tf.constant(['a', 'b']))",
    "tf.strings.regex_replace(RT, tf.constant('(o'), '_')",
    "tf.strings.regex_full_match(RT, tf.constant('(?=a)'))",
    "tf.strings.regex_replace(RT, tf.constant('a*?'), 'X', replace_global=False)",
    "tf.function(lambda p: tf.strings.regex_replace(RT, p, '#'))(tf.constant('l+'))",
    "tf.function(lambda p: tf.strings.regex_full_match(RT, p))(tf.constant('[a-z ]*'))",
] + [f"rr({p!r})" for p in _RE2_PATTERNS] + [
    f"rr({p!r}, replace_global=False)" for p in _RE2_PATTERNS[:40]] + [
    f"rf({p!r})" for p in _RE2_PATTERNS[:40]] + [
    "rr(r'(\\w)(\\w)', r'\\2\\1\\\\')",
    "rr(r'(o)', r'\\2')",
    "rr(r'[!\"#$%&()\\*\\+,-\\./:;<=>?@\\[\\\\\\]^_`{|}~\']', '')",
    "tf.strings.regex_replace(tf.ragged.constant([['ab'], []]), 'a', 'z')",
    "tf.function(lambda x: tf.strings.regex_replace(x, r'\\d+', '#'))(RT)",
    "tf.function(lambda x: tf.strings.regex_full_match(x, r'(?i)\\p{Greek}.*'))(RT)",
]

def _sparse(expr: str) -> str:
    return f"(lambda r: (type(r).__name__, r.indices, r.values, r.dense_shape))({expr})"


LOOKUP_RAGTEXT = [
    "tf.lookup.StaticVocabularyTable(KV(tf.constant([1], tf.int32), "
    "tf.constant([0], tf.int64)), 3)",
    "tf.lookup.StaticHashTable(KV(tf.constant([], tf.string), tf.constant([], tf.int64)), -1)",
    "tf.lookup.StaticVocabularyTable(KV(tf.constant([], tf.string), "
    "tf.constant([], tf.int64)), 2)",
    "mtab.lookup(tf.ragged.constant([['a', 'zz'], ['b']]))",
    "mtab.lookup(tf.constant([['a', 'b'], ['c', 'd']]))",
    "vocab.lookup(tf.ragged.constant([['emerson', 'zz'], ['lake']]))",
    "tf.keras.layers.IntegerLookup(vocabulary=[10, 20], vocabulary_dtype='int32')",
    "tf.keras.layers.IntegerLookup(vocabulary=['a'])",
    "tf.keras.layers.IntegerLookup(max_tokens=1)",
    "tf.keras.layers.IntegerLookup(num_oov_indices=-1)",
    "tf.keras.layers.StringLookup(vocabulary=['a', 'b'])(tf.constant(['a', 'q'])).numpy()",
] + [_sparse(f"tf.keras.layers.StringLookup(vocabulary=['a', 'b'], output_mode={m!r}, "
             f"sparse=True{pad})(tf.constant({x!r}))")
     for m, x in (("multi_hot", [["a", "z", "b"], ["b", "b", ""]]),
                  ("count", [["a", "z", "b"], ["b", "b", ""]]), ("one_hot", ["a", "z"]))
     for pad in ("", ", pad_to_max_tokens=True, max_tokens=6")] + [
    "tf.keras.layers.StringLookup(vocabulary=['a', 'b'], output_mode='tf_idf', "
    "idf_weights=[1.0, 2.0], sparse=True)(tf.constant([['a', 'b']]))",
    _sparse("tf.keras.layers.IntegerLookup(vocabulary=[10, 20], output_mode='multi_hot', "
            "sparse=True)(tf.constant([[10, 3]]))"),
    _sparse("tf.keras.layers.StringLookup(vocabulary=['a', 'b'], output_mode='count', "
            "sparse=True)(tf.ragged.constant([['a'], ['b', 'b', 'q']]))"),
    _sparse("tf.keras.layers.CategoryEncoding(4, output_mode='multi_hot', sparse=True)("
            "tf.constant([[1, 2], [3, 3]]))"),
    _sparse("tf.keras.layers.Hashing(4, output_mode='count', sparse=True)("
            "tf.constant([['a', 'b', 'a']]))"),
    _sparse("tf.keras.layers.Hashing(4, output_mode='one_hot', sparse=True)(tf.constant(['a']))"),
    _sparse("tf.keras.layers.TextVectorization(output_mode='multi_hot', vocabulary=['a', 'b'], "
            "sparse=True)(tf.constant(['a b q', 'b']))"),
]

# more of TF's ragged dispatch list (ragged_dispatch_extra.py), on ragged operands
_UNARY = ["erfcinv", "imag", "reciprocal_no_nan", "bessel_i0", "digamma", "ndtri", "rint"]
# (values to 5 decimals: the special functions' kernels differ from TF's in the last bits)
DISPATCH_LIST = [f"rx(tf.math.{u}(rq))" for u in _UNARY] + [
    "rx(tf.math.xdivy(rg, rq))", "rx(tf.math.xlog1py(rg, rq))", "rx(tf.math.xlogy(rg, rq))",
    "rx(tf.math.zeta(rg, tf.ragged.constant([[0.5, 0.25, 2.0], [], [0.75, 1.5]])))",
    "tf.bitcast(rq, tf.int32)", "tf.dtypes.complex(rq, rg)",
    "tf.dynamic_partition(tf.ragged.constant([[1, 2], [3]]), "
    "tf.ragged.constant([[1, 0], [1]]), 2)",
    "tf.image.adjust_brightness(rq, 0.1)", "tf.image.adjust_gamma(rq, 2.0)",
    "tf.image.stateless_random_brightness(rq, 0.2, seed=(1, 2))",
    "tf.image.resize(tf.RaggedTensor.from_row_lengths(tf.reshape(tf.range(32, "
    "dtype=tf.float32), [2, 4, 4, 1]), [1, 1]), [2, 2])",
    "tf.image.resize(tf.RaggedTensor.from_tensor(tf.reshape(tf.range(32, dtype=tf.float32), "
    "[2, 4, 4, 1]), lengths=[4, 2]), [2, 2])",
    "tf.io.decode_base64(tf.ragged.constant([['aGVsbG8', 'YQ'], []]))",
    "tf.io.encode_base64(tf.ragged.constant([['hi'], []]))",
    "tf.io.decode_compressed(tf.ragged.constant([['x']]))",
    "tf.nn.experimental.stateless_dropout(rq, 0.5, seed=[1, 2])",
    "tf.debugging.check_numerics(rq, 'x')",
    "tf.debugging.assert_greater(ra, 0)", "tf.debugging.assert_less(ra, 3)",
    "tf.debugging.assert_near(rq, rq)", "tf.debugging.assert_none_equal(ra, 0)",
    "tf.debugging.assert_greater_equal(ra, ra * 2)", "tf.debugging.assert_less_equal(ra, 5)",
    "tf.debugging.assert_less(ra, tf.ragged.constant([[1], [], [2]]))",
    "tf.math.unsorted_segment_mean(rq, tf.constant([1, 0, 1]), 2)",
    "tf.math.unsorted_segment_sqrt_n(rq, tf.constant([1, 0, 1]), 2)",
    "tf.math.xlogy(tf.ragged.constant([[0.0, 1.0]]), tf.ragged.constant([[0.0, 2.0]]))",
]

# ragged values bound to tf.function signatures, and what a traced function may return
FUNCTION_RAGTEXT = [
    "fsig(tf.ragged.constant([[[1]]]))",
    "fsig(tf.constant([[1, 2]]))",
    "fsig(tf.ragged.constant([[1.0]]))",
    "fsig(tf.ragged.constant([[1]], row_splits_dtype=tf.int32))",
    "fsig(ra)",
    "fdense(tf.ragged.constant([[1]]))",
    "tf.function(lambda x: x * 2).get_concrete_function(tf.RaggedTensorSpec([2, None], "
    "tf.int32))(ra)",
    "tf.function(lambda x: x * 2).get_concrete_function(tf.RaggedTensorSpec([None, None], "
    "tf.int32))(rn2)",
    "tf.function(lambda x: x.shape)(ra)",
    "tf.function(lambda: tf.TensorShape([1, 2]))()",
    "tf.function(lambda: tf.float32)()",
    # retracing: another row-splits dtype is another trace; reduce_retracing generalizes
    "calls(ftr, [ri64, tf.ragged.constant([[1], [2], [3]]), ri64])",
    "calls(ftr, [ri64, ri32])",
    "calls(frr, [ri64, tf.ragged.constant([[1], [2], [3]]), tf.ragged.constant([[1, 2, 3, 4]])])",
    # ragged values through tf.cond and tf.while_loop, and AutoGraph's if
    "tf.function(lambda x: tf.cond(tf.size(x) > 2, lambda: x * 2, lambda: x * 3))(ri64)",
    "tf.function(lambda x: tf.cond(tf.size(x) > 2, lambda: x * 2, lambda: x))(ra)",
    "tf.function(lambda x: tf.cond(tf.size(x) > 9, lambda: x, lambda: tf.ragged.constant("
    "[[7], [8], [9]])))(ri64)",
    "tf.function(lambda x: tf.while_loop(lambda i, a: i < 2, lambda i, a: (i + 1, a * 2), "
    "[0, x]))(ri64)",
    "fag(ri64)",
    "fag(ra)",
    "tf.cond(tf.constant(True), lambda: ri64, lambda: ri64 * 0)",
]

_ENCODED = {"UTF-16-LE": "b'h\\x00\\xe9\\x00=\\xd8\\x00\\xde'",
            "UTF-16": "b'\\xff\\xfeh\\x00\\xe9\\x00'",
            "UTF-32-LE": "b'h\\x00\\x00\\x00\\xe9\\x00\\x00\\x00'",
            "UTF-32": "b'\\x00\\x00\\xfe\\xff\\x00\\x00\\x00h'", "latin1": "b'h\\xc3\\xa9'",
            "ISO-8859-1": "b'h\\xe9'", "US-ASCII": "b'h\\xc3\\xa9'",
            "windows-1252": "b'h\\x80\\xe9'", "utf8": "b'h\\xc3\\xa9'",
            "Shift_JIS": "b'h\\xc3\\xa9\\x82\\xa0'", "UTF-16-BE": "b'\\x00h\\xd8'"}
STRINGS_MORE = [
    f"tf.strings.unicode_decode_with_offsets(tf.constant([{v}]), {k!r})"
    for k, v in _ENCODED.items()] + [
    "tf.strings.unicode_decode(tf.constant(b'ab'), 'bogus')",
    "tf.strings.unicode_decode(tf.constant(b'ab'), 'base64')",
    "tf.strings.unicode_split(tf.constant([b'h\\x00\\xe9\\x00']), 'UTF-16-LE')",
    "tf.strings.unicode_transcode(tf.constant([b'h\\xe9']), 'latin1', 'UTF-8')",
    "tf.strings.unicode_encode(tf.constant([104]), 'UTF-16-LE')",
    "tf.strings.substr(tf.constant(b'\\xffab'), 0, 2, unit='UTF8_CHAR')",
    "tf.strings.substr(tf.constant(b'a\\xffb\\xc3'), 1, 2, unit='UTF8_CHAR')",
    "tf.strings.substr(tf.constant(b'\\xc3\\xa9\\xff\\xff'), -2, 2, unit='UTF8_CHAR')",
    "tf.strings.substr(tf.constant('héllo'), 5, 1, unit='UTF8_CHAR')",
    "tf.strings.substr(tf.constant('héllo'), 6, 1, unit='UTF8_CHAR')",
    "tf.strings.length(tf.constant([b'a\\xffb\\xc3', b'\\x80', b'\\xe2\\x82']), "
    "unit='UTF8_CHAR')",
    "tf.strings.ngrams(tf.constant([1, 2]), 2)",
] + [f"tf.strings.format('{{}}', tf.zeros({sh}))" for sh in
     ([2, 0], [1, 0], [0], [0, 3], [2, 0, 3], [2, 3, 0], [3, 0, 0])] + [
    "tf.strings.format('{}', tf.zeros([2, 0], tf.string))",
]

def _rb(fill: str, extra: str = "") -> list:
    ds = f"tf.data.Dataset.range(4).map(lambda x: tf.fill({fill}, x)).ragged_batch(2{extra})"
    return [f"{ds}.element_spec", f"dlist({ds})"]


DATA_RAGTEXT = _rb("[x, 2]") + _rb("[2, x]") + _rb("[3]") + \
    _rb("[x % 3]", ", row_splits_dtype=tf.int32") + _rb("[x, x, 2]") + _rb("[2, x, 2]") + [
    "tf.data.Dataset.range(4).map(lambda x: tf.fill([x, 2], x)).ragged_batch(2)"
    ".unbatch().element_spec",
    "dlist(tf.data.Dataset.range(4).map(lambda x: tf.fill([x, 2], x)).ragged_batch(2).unbatch())",
    "dlist(tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[[1], [2, 3]], [[4]]]))"
    ".ragged_batch(2))",
    "dlist(tf.data.Dataset.from_tensor_slices(rts).map(tf.strings.split).ragged_batch(2))",
    "tf.data.Dataset.from_tensor_slices(rts).map(tf.strings.split).ragged_batch(2).element_spec",
    # rows of different lengths batched: plain Batch's error, or map-and-batch fusion's
] + [f"dlist(tf.data.Dataset.from_tensor_slices({lens}).map(lambda x: tf.fill([x], x))"
     f".batch({len(lens)}){opts})" for lens in ([1, 1, 2], [2, 1, 1], [3, 3, 3, 1])
     for opts in ("", ".with_options(nofusion)", ".with_options(noopt)")] + [
    "dlist(tf.data.Dataset.from_tensor_slices([1, 2]).map(lambda x: tf.fill([x], x))"
    ".batch(2).map(lambda b: b))",
    "dlist(tf.data.Dataset.from_generator(lambda: iter([[1], [1, 2]]), "
    "output_signature=tf.TensorSpec([None], tf.int32)).batch(2))",
]

# Keras 3 models over ragged inputs (Input(ragged=True)), fitted from a RaggedTensor
KERAS_RAGTEXT = [
    "ragged_model()(rk)",
    "ragged_model().predict(rk, verbose=0)",
    "ragged_fit(batch_size=3)",
    "ragged_fit(batch_size=2, shuffle=True, epochs=2)",
    "ragged_fit(batch_size=2, shuffle=False, epochs=2, evaluate=True)",
    "tf.keras.layers.TextVectorization(split=lambda s: tf.strings.split(s).to_tensor(), "
    "vocabulary=['a'], output_sequence_length=3)(tf.constant(['The Cat', 'a dog']))",
    "tf.keras.layers.TextVectorization(vocabulary=['cat', 'the'])(tf.constant(5))",
    "(lambda t: (t.adapt(tf.constant([1, 2])), t.get_vocabulary()))("
    "tf.keras.layers.TextVectorization())",
    "tf.keras.layers.Dense(2, name='dd')(tf.ragged.constant([[1.0, 2.0], [3.0]]))",
    "tf.keras.layers.Dense(2, name='de')(tf.keras.Input(shape=(3, None)))",
    "tf.keras.Sequential([tf.keras.layers.Dense(2, name='df')], name='sq').build((None, None))",
    "tf.keras.Sequential([tf.keras.layers.TextVectorization(ragged=True, vocabulary=['a', 'b']), "
    "tf.keras.layers.Embedding(5, 2, embeddings_initializer='ones'), "
    "tf.keras.layers.GlobalAveragePooling1D()])(tf.constant(['a b c', 'b']))",
]

# tables of text files: TF's checks, and one resource per file and columns in a process
TEXTFILE_RAGTEXT = [
    "tlook(ttable(TBAD, ki=0, vi=1), ['k2'])",
    "tlook(ttable(TBAD, ki=0, vd=tf.float32, vi=1, default=-1.0), ['k2'])",
    "ttable(TBAD, kd=tf.int32, ki=0, vi=1)",
    "tlook(ttable(TCRLF), ['a', 'a\\r', 'c'])",
    "tlook(ttable(TCRLF, vd=tf.string, vi=-2, default='?'), ['a'])",
    "tlook(ttable(TCRLF, kd=tf.int64, ki=-1, vd=tf.string, vi=-2, default='?'), [0, 9])",
    "tlook(ttable(TCRLF), ['b'])",
    "(tchange(TCRLF, b'z\\n'), type(ttable(TCRLF)).__name__)",
    "tlook(ttable(TCRLF, offset=10), ['a', 'c'])",
    "ttable(TEMPTY)",
    "ttable(TCRLF, ki=0, vi=-1, delimiter='ab')",
    "tf.lookup.StaticVocabularyTable(TFI(TCRLF, tf.string, -2, tf.int64, -1), 2)"
    ".lookup(tf.constant(['z', 'a', 'q']))",
    "tlook(ttable(TCRLF, experimental_is_anonymous=True), ['z', 'a'])",
    "ttable(TCRLF).resource_handle.dtype",
]

SECTIONS = {"ragtext_dispatch": RAGGED_DISPATCH, "ragtext_checks": RAGGED_CHECKS,
            "ragtext_strings": STRINGS_RAGTEXT, "ragtext_regex": REGEX,
            "ragtext_lookup": LOOKUP_RAGTEXT, "ragtext_dispatch_list": DISPATCH_LIST,
            "ragtext_function": FUNCTION_RAGTEXT, "ragtext_strings_more": STRINGS_MORE,
            "ragtext_data": DATA_RAGTEXT, "ragtext_keras": KERAS_RAGTEXT,
            "ragtext_textfile": TEXTFILE_RAGTEXT}
