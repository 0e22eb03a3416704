"""text13's probes, beyond text1-12's: tf.strings over malformed and multi-unit input in
combinations the earlier rounds left out (each `errors=` mode with replacement_char on
decode, split, offsets and transcode through UTF-16-BE/UTF-32-BE/UTF-8 round trips; offsets
of ragged input; substr in UTF8_CHAR units with negative positions broadcast over ragged and
batched positions; split with maxsplit over ragged ranks; ngrams' padding on higher ragged
ranks; regex_replace's capture groups with replace_global=False; format's templates and
summarize on ragged and higher ranks; to_number, the hash buckets with keys, as_string's
options per dtype; bytes_split, reduce_join on ragged; lower/upper, strip and length units);
tf.lookup's tables in less common uses (StaticVocabularyTable's buckets for int keys and
lookup_key_dtype, DenseHashTable with vector values, its empty/deleted key checks on insert,
erase and lookup, MutableHashTable with vector values, TextFileInitializer's columns,
tables traced with unknown shapes, size and export in tf.function); RaggedTensor factories'
validation (from_row_splits/row_lengths/value_rowids/row_starts/row_limits with
validate=True, nested factories, from_uniform_row_length with nrows, with_row_splits_dtype,
merge_dims, bounding_shape with axis, to_tensor of ragged_rank 2 with default_value and
shape, sparse round trips); ragged broadcasting between ragged ranks and uniform
dimensions, boolean_mask, stack_dynamic_partitions, crosses, segment ids and range with
deltas; tf.sparse.cross and cross_hashed, bincount and segment ops, and ops that need
ordered indices given unordered ones. Each area eagerly and inside tf.function with unknown
shapes. Each section runs in its own environment (its prelude), its expressions in order.
record_text13.py records what TF 2.21 answers in text13_golden.json; test_text13_vs_tf.py
compares."""

PRELUDES = {}
SECTIONS = {}
_ENC = ("UTF-8", "UTF-16-BE", "UTF-32-BE")

_COMMON = r"""import numpy as np, re, os, tempfile
S = tf.strings
R = tf.ragged.constant
RT = tf.RaggedTensor
RS = tf.RaggedTensorSpec
TS = tf.TensorSpec
SS = tf.SparseTensorSpec
ST = tf.SparseTensor
SP = tf.sparse
L = tf.lookup
TMP = tempfile.mkdtemp()
def traced(fn, *specs):
    return tf.function(fn, input_signature=list(specs))
def run(f, *args):
    # (an error's class and message with the names TF numbers per process made alike)
    try:
        return f(*args)
    except Exception as e:
        text = re.sub(r'(__inference_\S*?)_\d+', r'\1_N', str(e))
        text = re.sub(r'(\{\{function_node \w+?_(?:true|false))_\d+\}\}', r'\1_N}}', text)
        text = re.sub(r'"[a-z_]*table[a-z_]*[0-9]+"', '"N"', text)
        text = re.sub(r'shared_name="[0-9]+"', 'shared_name="N"', text)
        text = re.sub(r"<class '[^']*'>", '<class>', text)
        return type(e).__name__ + ': ' + re.sub(r'goo\.gle/\w+ +', 'goo.gle/debug ', text)
def v(x):
    if hasattr(x, 'to_list'):
        return ('ragged', x.dtype.name, x.row_splits.dtype.name, x.ragged_rank,
                x.shape.as_list(), x.to_list())
    if isinstance(x, (list, tuple)):
        return [v(y) for y in x]
    if isinstance(x, dict):
        return {k: v(y) for k, y in sorted(x.items())}
    if isinstance(x, tf.SparseTensor):
        return ('sparse', x.dtype.name, x.indices.numpy().tolist(), x.values.numpy().tolist(),
                x.dense_shape.numpy().tolist())
    if hasattr(x, 'numpy'):
        return (x.dtype.name, x.shape.as_list(), np.asarray(x.numpy()).tolist())
    return x
def tv(fn, *specs):
    # a traced function's answer on its arguments: the values, or the error
    f = traced(fn, *specs)
    return lambda *a: v(run(f, *a))
def e(fn, *a):
    return v(run(fn, *a))
def desc(t):
    # a symbolic value's dtype and static shape, a composite's by its parts
    if isinstance(t, tf.RaggedTensor):
        return ('ragged', t.shape.as_list(), desc(t.values), desc(t.row_splits))
    if isinstance(t, tf.SparseTensor):
        return ('sparse', t.shape.as_list(), desc(t.indices), desc(t.values),
                desc(t.dense_shape))
    return (t.dtype.name, t.shape.as_list() if t.shape.rank is not None else None)
def outs(fn, *specs):
    # the symbolic outputs' static shapes and dtypes
    o = traced(fn, *specs).get_concrete_function().structured_outputs
    return tf.nest.map_structure(desc, o)
def nest_rebuild(x):
    # composites rebuilt from non-tensor parts: the error
    return run(lambda: tf.nest.map_structure(lambda t: 1, x, expand_composites=True))
"""

# ---------------------------------------------------------------------------------------
PRELUDES["unicode_modes"] = _COMMON + r"""
bad = tf.constant([b'a\xffb', b'\xe2\x82', b'ok', b'\xc3\xa9\x80'])
rbad = R([[b'a\xffb', b'ok'], [], [b'\xe2\x82\xac\xe2']])
u = tf.constant(['h\u00e9', '\U0001F600x', ''])
ENC = ['UTF-8', 'UTF-16-BE', 'UTF-32-BE']
def tr(x, a, b, **k):
    return e(lambda: S.unicode_transcode(x, a, b, **k))
def rt3(x, a, b):
    # UTF-8 -> a -> b -> UTF-8
    return e(lambda: S.unicode_transcode(S.unicode_transcode(S.unicode_transcode(
        x, 'UTF-8', a), a, b), b, 'UTF-8'))
def dec(x, enc='UTF-8', **k):
    return e(lambda: S.unicode_decode(x, enc, **k))
def dwo(x, enc='UTF-8', **k):
    return e(lambda: S.unicode_decode_with_offsets(x, enc, **k))
def spl(x, enc='UTF-8', **k):
    return e(lambda: S.unicode_split(x, enc, **k))
def swo(x, enc='UTF-8', **k):
    return e(lambda: S.unicode_split_with_offsets(x, enc, **k))
"""
SECTIONS["unicode_modes"] = [
    # every errors= mode with and without replacement_char over decode/split/offsets
    *[f"{fn}({x}, errors='{m}'{rc})"
      for fn in ("dec", "dwo", "spl", "swo")
      for x in ("bad", "rbad")
      for m in ("replace", "ignore", "strict")
      for rc in ("", ", replacement_char=0x2a")],
    "dec(bad, replacement_char=0)",
    "spl(bad, replacement_char=0)",
    "dec(bad, replace_control_characters=True, replacement_char=0x41)",
    "dec(rbad, 'UTF-8', errors='replace', replacement_char=-1)",
    "dec(rbad, 'UTF-8', errors='replace', replacement_char=0x110000)",
    "dec(bad, 'UTF-8', errors='nope')",
    # transcoding round trips through UTF-16-BE / UTF-32-BE
    *[f"rt3(u, '{a}', '{b}')" for a in _ENC for b in _ENC],
    *[f"tr(bad, 'UTF-8', '{b}', errors='{m}')" for b in _ENC[1:]
      for m in ("replace", "ignore", "strict")],
    "tr(rbad, 'UTF-8', 'UTF-16-BE')",
    "tr(rbad, 'UTF-8', 'UTF-32-BE', errors='ignore')",
    "tr(tf.constant([b'\\x00\\x00\\x00h\\x00\\x11\\x00\\x00']), 'UTF-32-BE', 'UTF-8')",
    "tr(tf.constant([b'\\x00\\x00\\x00h\\x00\\x11\\x00\\x00']), 'UTF-32-BE', 'UTF-8', "
    "errors='strict')",
    "tr(tf.constant([b'\\x00\\x00\\x00h\\x00\\x11\\x00\\x00']), 'UTF-32-BE', 'UTF-16-BE', "
    "replacement_char=0x3f)",
    "tr(tf.constant([b'\\xdc\\x00\\x00h']), 'UTF-16-BE', 'UTF-32-BE')",
    "tr(tf.constant([b'\\xdc\\x00\\x00h']), 'UTF-16-BE', 'UTF-32-BE', errors='ignore')",
    "tr(tf.constant([b'\\x00h\\x00']), 'UTF-16-BE', 'UTF-32-BE')",
    "tr(tf.constant([b'']), 'UTF-16-BE', 'UTF-32-BE')",
    "tr(tf.constant('\\u00e9'), 'UTF-8', 'UTF-16-BE')",
    "tr(tf.constant([['a'], ['\\u00e9']]), 'UTF-8', 'UTF-32-BE')",
    "dwo(S.unicode_transcode(u, 'UTF-8', 'UTF-16-BE'), 'UTF-16-BE')",
    "dwo(S.unicode_transcode(u, 'UTF-8', 'UTF-32-BE'), 'UTF-32-BE')",
    "swo(S.unicode_transcode(u, 'UTF-8', 'UTF-16-BE'), 'UTF-16-BE')",
    "swo(S.unicode_transcode(u, 'UTF-8', 'UTF-32-BE'), 'UTF-32-BE')",
    # decode_with_offsets over ragged input of each rank
    "dwo(R([['h\\u00e9', ''], ['\\U0001F600']]))",
    "dwo(R([[['ab'], []], [['\\u00e9x', 'y']]]))",
    "dwo(R([[]], dtype=tf.string))",
    "swo(R([['h\\u00e9', 'ab'], []]))",
    "swo(R([[['\\u00e9']], [[], ['q']]]))",
    "e(lambda: S.unicode_encode(S.unicode_decode(rbad, 'UTF-8'), 'UTF-16-BE'))",
    "e(lambda: S.unicode_encode(S.unicode_decode(rbad, 'UTF-8', errors='ignore'), 'UTF-8'))",
    "e(lambda: S.unicode_encode(tf.constant([[104, -1], [0x110000, 65]]), 'UTF-8'))",
    "e(lambda: S.unicode_encode(tf.constant([[104, -1], [0x110000, 65]]), 'UTF-8', "
    "errors='ignore'))",
    "e(lambda: S.unicode_encode(tf.constant([[104, -1], [0x110000, 65]]), 'UTF-32-BE', "
    "errors='strict'))",
    "e(lambda: S.unicode_encode(tf.constant([[104, 0xD800]]), 'UTF-16-BE', "
    "replacement_char=0x3f))",
    "e(lambda: S.unicode_encode(R([[[104, 105]], [[], [0x1F600]]]), 'UTF-16-BE'))",
    # traced with unknown shapes
    "tv(lambda x: S.unicode_decode(x, 'UTF-8', errors='ignore'), TS([None], tf.string))(bad)",
    "tv(lambda x: S.unicode_decode(x, 'UTF-8', errors='strict'), TS([None], tf.string))(bad)",
    "tv(lambda x: S.unicode_decode_with_offsets(x, 'UTF-8', replacement_char=0x2a), "
    "TS(None, tf.string))(bad)",
    "tv(lambda x: S.unicode_decode_with_offsets(x, 'UTF-8'), RS([None, None], tf.string))(rbad)",
    "tv(lambda x: S.unicode_split_with_offsets(x, 'UTF-8', errors='ignore'), "
    "RS([None, None], tf.string))(rbad)",
    "tv(lambda x: S.unicode_transcode(x, 'UTF-8', 'UTF-32-BE'), TS(None, tf.string))(u)",
    "tv(lambda x: S.unicode_transcode(x, 'UTF-8', 'UTF-16-BE', errors='strict'), "
    "TS(None, tf.string))(bad)",
    "tv(lambda x: S.unicode_encode(x, 'UTF-16-BE'), RS([None, None], tf.int32))("
    "R([[104, 233], [], [0x1F600]]))",
    "tv(lambda x: S.unicode_encode(x, 'UTF-8'), TS([None, None], tf.int32))("
    "tf.constant([[104, 233], [66, 0x1F600]]))",
    "outs(lambda x: S.unicode_decode_with_offsets(x, 'UTF-8'), TS([None, 2], tf.string))",
    "outs(lambda x: S.unicode_split(x, 'UTF-16-BE'), TS([3], tf.string))",
    "outs(lambda x: S.unicode_transcode(x, 'UTF-8', 'UTF-32-BE'), TS([None, 4], tf.string))",
    "outs(lambda x: S.unicode_encode(x, 'UTF-8'), RS([2, None, None], tf.int32))",
    "outs(lambda x: S.unicode_decode(x, 'UTF-8'), RS([2, None], tf.string))",
    "nest_rebuild(R([[1], [2, 3]]))",
    "nest_rebuild(ST([[0, 0]], [1], [2, 2]))",
    "nest_rebuild([tf.constant(1), R([[1]])])",
    "run(lambda: tf.nest.map_structure(lambda t: t + 1, R([[1], [2, 3]]), "
    "expand_composites=True))",
]

# ---------------------------------------------------------------------------------------
PRELUDES["substr_split_regex"] = _COMMON + r"""
w = tf.constant(['h\u00e9llo', '\U0001F600ab', 'xyz', ''])
rw = R([['h\u00e9llo', 'ab'], [], ['\u00e9\u00e9\u00e9']])
def sub(x, p, n, **k):
    return e(lambda: S.substr(x, p, n, **k))
def sp(x, *a, **k):
    return e(lambda: S.split(x, *a, **k))
def rx(x, p, r, **k):
    return e(lambda: S.regex_replace(x, p, r, **k))
"""
SECTIONS["substr_split_regex"] = [
    # substr in UTF8_CHAR units with negative positions
    *[f"sub(w, {p}, {n}, unit='UTF8_CHAR')" for p, n in
      ((-1, 1), (-2, 5), (-5, 2), (-6, 1), (0, -1), (3, 0), (4, 1), (5, 1))],
    *[f"sub(w, {p}, {n})" for p, n in ((-1, 1), (-3, 2), (-7, 1))],
    "sub(w, tf.constant([-1, -2, 0, 0]), tf.constant([1, 2, 3, 0]), unit='UTF8_CHAR')",
    "sub(w, tf.constant([-1, -2, 0, 1]), tf.constant([1, 2, 3, 0]), unit='UTF8_CHAR')",
    "sub(w, tf.constant([-1, -2]), 1, unit='UTF8_CHAR')",
    "sub(tf.constant([['h\\u00e9', 'ab'], ['xy', '\\u00e9']]), tf.constant([-1, 0]), 1, "
    "unit='UTF8_CHAR')",
    "sub(tf.constant([['h\\u00e9', 'ab'], ['xy', '\\u00e9']]), tf.constant([[-1], [0]]), 1, "
    "unit='UTF8_CHAR')",
    "sub(rw, -1, 1, unit='UTF8_CHAR')",
    "sub(rw, -2, 2, unit='UTF8_CHAR')",
    "sub(rw, 1, 10, unit='UTF8_CHAR')",
    "sub(rw, -6, 1, unit='UTF8_CHAR')",
    "sub(rw, 0, 2)",
    "sub(rw, R([[0, 1], [], [-1]]), 1, unit='UTF8_CHAR')",
    "sub(tf.constant([b'a\\xffbc']), 1, 2, unit='UTF8_CHAR')",
    "sub(tf.constant([b'a\\xffbc']), -2, 2, unit='UTF8_CHAR')",
    "sub(tf.constant([b'\\xe2\\x82']), 0, 1, unit='UTF8_CHAR')",
    "sub(w, 0, 1, unit='BYTES_X')",
    "sub(w, tf.constant(0, tf.int64), tf.constant(1, tf.int64), unit='UTF8_CHAR')",
    "sub(w, tf.constant(0, tf.int64), 1, unit='UTF8_CHAR')",
    "sub(w, 0.5, 1)",
    "tv(lambda x, p: S.substr(x, p, 2, unit='UTF8_CHAR'), TS([None], tf.string), "
    "TS([], tf.int32))(w, tf.constant(-2))",
    "tv(lambda x, p: S.substr(x, p, 2, unit='UTF8_CHAR'), TS([None], tf.string), "
    "TS([], tf.int32))(w, tf.constant(-5))",
    "tv(lambda x, p: S.substr(x, p, 1, unit='UTF8_CHAR'), TS([None], tf.string), "
    "TS([None], tf.int32))(w, tf.constant([0, -1, 2, 0]))",
    "tv(lambda x, p: S.substr(x, p, 1, unit='UTF8_CHAR'), TS([None], tf.string), "
    "TS([None], tf.int32))(w, tf.constant([0, -1]))",
    "tv(lambda x: S.substr(x, -1, 1, unit='UTF8_CHAR'), RS([None, None], tf.string))(rw)",
    "outs(lambda x, p: S.substr(x, p, 1), TS([None, 3], tf.string), TS([3], tf.int32))",
    "outs(lambda x, p: S.substr(x, p, 1), TS([None], tf.string), TS([None, 1], tf.int32))",
    # split with maxsplit over ragged and dense ranks
    *[f"sp(tf.constant(['a b  c d', ' x ', '']), maxsplit={m})" for m in (0, 1, 2, -1)],
    *[f"sp(tf.constant(['a--b----c', '--', 'q']), '--', maxsplit={m})" for m in (0, 1, 2, 5)],
    "sp(R([['a b c', 'd'], [], ['e f']]), maxsplit=1)",
    "sp(R([['a,b,c', 'd'], [], ['e,,f']]), ',', maxsplit=1)",
    "sp(R([[['a b c'], []], [['d e']]]), ' ', maxsplit=1)",
    "sp(tf.constant([['a b c', 'd e'], ['f', '']]), maxsplit=1)",
    "sp(tf.constant([['a,b', ',']]), ',', maxsplit=0)",
    "sp(tf.constant('a b c'), ' ', maxsplit=1)",
    "sp(tf.constant(['a\\u00e9b\\u00e9c']), '\\u00e9', maxsplit=1)",
    "sp(tf.constant(['a\\tb\\nc\\rd\\x0be\\x0cf']))",
    "sp(tf.constant(['a\\tb\\nc\\rd\\x0be\\x0cf']), maxsplit=2)",
    "sp(tf.constant(['a\\u00a0b']))",
    "sp(tf.constant(['abc']), '')",
    "sp(tf.constant(['abc']), sep=None, maxsplit=1)",
    "tv(lambda x: S.split(x, ',', maxsplit=1), TS([None], tf.string))(tf.constant(['a,b,c', ''"
    "]))",
    "tv(lambda x: S.split(x, maxsplit=2), TS([None, None], tf.string))(tf.constant([['a b c d'"
    "], ['e']]))",
    "tv(lambda x: S.split(x, '-', maxsplit=1), RS([None, None], tf.string))(R([['a-b-c'], "
    "[], ['d']]))",
    "outs(lambda x: S.split(x, maxsplit=1), TS([None, 2], tf.string))",
    "outs(lambda x: S.split(x, ',', maxsplit=1), RS([3, None], tf.string))",
    # regex_replace with capture groups, first match only
    "rx(['abc abc'], '(a)(b)', '\\\\2\\\\1', replace_global=False)",
    "rx(['abc abc'], '(a)(b)', '\\\\2\\\\1')",
    "rx(['abc'], '(a)(x)?', '[\\\\2]', replace_global=False)",
    "rx(['abc'], 'b', '\\\\0\\\\0', replace_global=False)",
    "rx(['abc'], '(b)', '\\\\\\\\', replace_global=False)",
    "rx(['abc'], '(b)', '\\\\3')",
    "rx(['abc'], '(b)', '\\\\3', replace_global=False)",
    "rx(['abc'], '(?P<x>b)', '<\\\\1>', replace_global=False)",
    "rx(['aaa'], 'a', 'b', replace_global=False)",
    "rx(['', 'x'], '^', '>', replace_global=False)",
    "rx(['', 'x'], '$', '<')",
    "rx(['h\\u00e9h\\u00e9'], '\\u00e9', 'e', replace_global=False)",
    "rx(['h\\u00e9'], '.', '_')",
    "rx(['h\\u00e9'], '(?i)H', 'x', replace_global=False)",
    "rx(R([['ab ab', 'b'], []]), '(a)?b', '\\\\1!', replace_global=False)",
    "rx(R([[['ab']]]), 'b', 'c')",
    "rx(['abc'], '(', 'x')",
    "rx(['abc'], '(', 'x', replace_global=False)",
    "rx(tf.constant(['a1b22']), tf.constant('[0-9]+'), tf.constant('#'), "
    "replace_global=False)",
    "rx(tf.constant(['a1b22']), tf.constant(['[0-9]+']), '#')",
    "tv(lambda x, p: S.regex_replace(x, p, '<\\\\0>', replace_global=False), "
    "TS([None], tf.string), TS([], tf.string))(tf.constant(['aXbX', 'X']), tf.constant('X'))",
    "tv(lambda x, p: S.regex_replace(x, p, 'y'), TS([None], tf.string), TS([], tf.string))("
    "tf.constant(['aXb']), tf.constant('['))",
    "tv(lambda x: S.regex_replace(x, '(\\\\w)(\\\\w)', '\\\\2\\\\1', replace_global=False), "
    "RS([None, None], tf.string))(R([['abcd', 'ef'], []]))",
    "outs(lambda x: S.regex_replace(x, 'a', 'b', replace_global=False), TS([None, 5], "
    "tf.string))",
    "tv(lambda x: S.regex_full_match(x, '(a|b)+'), RS([None, None], tf.string))(R([['ab', "
    "'abc'], []]))",
]

# ---------------------------------------------------------------------------------------
PRELUDES["format_numbers"] = _COMMON + r"""
f32 = tf.constant([1.5, -0.25, 1e10, 1e-7, float('nan'), float('inf'), -float('inf')])
ints = tf.constant([0, -7, 123456789], tf.int64)
def fmt(t, *a, **k):
    return e(lambda: S.format(t, *a, **k))
def asr(x, **k):
    return e(lambda: S.as_string(x, **k))
def num(x, t=tf.float32):
    return e(lambda: S.to_number(x, t))
"""
SECTIONS["format_numbers"] = [
    # format: templates, placeholders, summarize
    "fmt('{} and {}', [tf.constant([1, 2]), tf.constant('s')])",
    "fmt('{}', tf.range(10))",
    "fmt('{}', tf.range(10), summarize=2)",
    "fmt('{}', tf.range(10), summarize=-1)",
    "fmt('{}', tf.range(10), summarize=0)",
    "fmt('{}', tf.reshape(tf.range(24), [2, 3, 4]), summarize=1)",
    "fmt('{}', tf.reshape(tf.range(24), [2, 3, 4]), summarize=2)",
    "fmt('{}', tf.reshape(tf.range(24.), [4, 6]), summarize=2)",
    "fmt('{}', tf.constant([[True, False]]))",
    "fmt('{}', tf.constant([b'a\\xff', 'q']))",
    "fmt('{}', tf.constant(['a\"b', \"c'd\"]))",
    "fmt('{}', tf.constant([1.5, 2.25], tf.float64))",
    "fmt('{}', tf.constant([1.5, 2.25], tf.float16))",
    "fmt('{}', tf.constant([1e-8, 1e8]))",
    "fmt('{}', tf.constant([[]], tf.int32))",
    "fmt('{}', tf.zeros([0, 3]))",
    "fmt('{}', tf.constant(3, tf.uint8))",
    "fmt('{}', tf.constant([1 + 2j], tf.complex64))",
    "fmt('{}', R([[1, 2], [3]]))",
    "fmt('x{{}}y {}', [7])",
    "fmt('{}{}', [1, 2])",
    "fmt('{}{}', [1])",
    "fmt('{}', [1, 2])",
    "fmt('{} {}', [1, 2], placeholder='{}')",
    "fmt('%s and %s', [1, 2], placeholder='%s')",
    "fmt('%s', [tf.range(8)], placeholder='%s', summarize=1)",
    "fmt('none', [])",
    "fmt('{}', [])",
    "fmt('{}', 'plain')",
    "fmt('{}', [[1, 2], [3, 4]])",
    "fmt('{}', {'a': 1})",
    "tv(lambda x: S.format('v={}', x), TS([None], tf.int32))(tf.range(5))",
    "tv(lambda x: S.format('v={}', x, summarize=1), TS([None, None], tf.float32))("
    "tf.reshape(tf.range(12.), [3, 4]))",
    "tv(lambda x, y: S.format('{}|{}', [x, y]), TS(None, tf.string), TS([], tf.bool))("
    "tf.constant([['a']]), tf.constant(True))",
    "outs(lambda x: S.format('{}', x), TS([None], tf.int32))",
    # to_number: every out_type, overflow, whitespace, signs, hex
    *[f"num(tf.constant(['12', ' 7', '-3', '+4', '0x10', '1e3', '', '9' * 25]), tf.{t})"
      for t in ("int32", "int64", "float32", "float64")],
    "num(tf.constant(['2147483648']), tf.int32)",
    "num(tf.constant(['-2147483648']), tf.int32)",
    "num(tf.constant(['9223372036854775808']), tf.int64)",
    "num(tf.constant(['3.4e39', '-3.4e39', '1e-50']), tf.float32)",
    "num(tf.constant(['1e309', 'nan', '-inf', 'INF', 'NaN', 'infinity']), tf.float64)",
    "num(tf.constant(['1.5']), tf.int32)",
    "num(tf.constant(['  12  ']), tf.int32)",
    "num(tf.constant(['1_000']), tf.int32)",
    "num(tf.constant(['0b11']), tf.int64)",
    "num(tf.constant(['0.1']), tf.float16)",
    "num(tf.constant(['1']), tf.string)",
    "num(R([['1', '2.5'], []]))",
    "num(R([['1', 'x'], []]), tf.int64)",
    "tv(lambda x: S.to_number(x, tf.int64), TS([None], tf.string))(tf.constant(['1', 'z']))",
    "tv(lambda x: S.to_number(x), RS([None, None], tf.string))(R([['1.5'], ['2', '3']]))",
    # hash buckets: fast, strong with keys, the legacy alias
    "e(lambda: S.to_hash_bucket_fast(R([['a', 'b'], []]), 7))",
    "e(lambda: S.to_hash_bucket_strong(R([['a', 'b'], []]), 7, [1, 2]))",
    "e(lambda: S.to_hash_bucket_strong(tf.constant(['a', '']), 2**62, [3, 4]))",
    "e(lambda: S.to_hash_bucket_strong(tf.constant(['a']), 10, [1]))",
    "e(lambda: S.to_hash_bucket_strong(tf.constant(['a']), 10, [1, 2, 3]))",
    "e(lambda: S.to_hash_bucket_strong(tf.constant(['a']), 10, [-1, 2**63 - 1]))",
    "e(lambda: S.to_hash_bucket_strong(tf.constant(['a']), 0, [1, 2]))",
    "e(lambda: S.to_hash_bucket_fast(tf.constant(['a']), 0))",
    "e(lambda: S.to_hash_bucket_fast(tf.constant(['a']), -3))",
    "e(lambda: S.to_hash_bucket(tf.constant(['a', 'b', '']), 1000))",
    "e(lambda: tf.compat.v1.string_to_hash_bucket_fast(tf.constant([b'\\xff']), 1000))",
    "e(lambda: tf.compat.v1.string_to_hash_bucket_strong(tf.constant(['x']), 1000, [5, 6]))",
    "e(lambda: tf.compat.v1.string_to_hash_bucket(tf.constant(['x']), 1000))",
    "e(lambda: S.to_hash_bucket_fast(tf.constant([1]), 5))",
    "tv(lambda x: S.to_hash_bucket_strong(x, 100, [7, 8]), TS(None, tf.string))("
    "tf.constant([['a', 'b'], ['c', 'd']]))",
    "tv(lambda x: S.to_hash_bucket_fast(x, 3), RS([None, None], tf.string))(R([['a'], []]))",
    # as_string per dtype and option
    *[f"asr(tf.constant([3, -12, 0], tf.{t}), width=5, fill='{f}')"
      for t in ("int8", "int16", "int32", "int64") for f in ("0", " ")],
    "asr(tf.constant([3, 200], tf.uint8), width=4, fill='0')",
    "asr(tf.constant([3, 60000], tf.uint16))",
    "asr(tf.constant([3], tf.uint32))",
    "asr(tf.constant([3], tf.uint64))",
    "asr(f32)",
    "asr(f32, precision=2)",
    "asr(f32, scientific=True)",
    "asr(f32, scientific=True, precision=1)",
    "asr(f32, shortest=True)",
    "asr(f32, width=12)",
    "asr(f32, width=12, fill='0')",
    "asr(f32, precision=3, width=10, fill='0')",
    "asr(f32, scientific=True, shortest=True)",
    "asr(tf.constant([0.1, 123.456], tf.float64), shortest=True)",
    "asr(tf.constant([0.1, 123.456], tf.float64), precision=10)",
    "asr(tf.constant([0.1, 65504.], tf.float16))",
    "asr(tf.constant([0.1, 3.0], tf.bfloat16))",
    "asr(tf.constant([0.1, 3.0], tf.bfloat16), precision=2)",
    "asr(tf.constant([1.5 - 2j, 0j], tf.complex64))",
    "asr(tf.constant([1.5 - 2j], tf.complex128), precision=1)",
    "asr(tf.constant([1.5 - 2j], tf.complex64), scientific=True)",
    "asr(tf.constant([True, False]))",
    "asr(tf.constant([True, False]), width=6)",
    "asr(tf.constant(['a']))",
    "asr(ints, precision=2)",
    "asr(ints, scientific=True)",
    "asr(ints, shortest=True)",
    "asr(ints, fill='x')",
    "asr(ints, fill='00')",
    "asr(ints, width=-3)",
    "asr(f32, precision=-1)",
    "asr(R([[1.5], [2.25, 3.0]]), precision=1)",
    "asr(tf.constant([[1, 2]], tf.int64), width=3)",
    "tv(lambda x: S.as_string(x, precision=2, width=8), TS([None], tf.float32))(f32)",
    "tv(lambda x: S.as_string(x, width=4, fill='0'), RS([None, None], tf.int32))(R([[1, 22], "
    "[]]))",
]

# ---------------------------------------------------------------------------------------
PRELUDES["bytes_join_case"] = _COMMON + r"""
rs = R([['ab', '', 'c\u00e9'], [], ['xyz']])
r3 = R([[['a', 'b'], []], [['c']]])
def ng(x, n, **k):
    return e(lambda: S.ngrams(x, n, **k))
"""
SECTIONS["bytes_join_case"] = [
    # bytes_split
    "e(lambda: S.bytes_split(rs))",
    "e(lambda: S.bytes_split(r3))",
    "e(lambda: S.bytes_split(tf.constant([['ab', ''], ['\\u00e9', 'q']])))",
    "e(lambda: S.bytes_split(tf.constant([b'a\\xff'])))",
    "e(lambda: S.bytes_split(tf.constant([1])))",
    "tv(lambda x: S.bytes_split(x), TS(None, tf.string))(tf.constant([['ab'], ['c']]))",
    "tv(lambda x: S.bytes_split(x), RS([None, None], tf.string))(rs)",
    "outs(lambda x: S.bytes_split(x), TS([None, 3], tf.string))",
    "outs(lambda x: S.bytes_split(x), TS([], tf.string))",
    "outs(lambda x: S.bytes_split(x), RS([2, None, None], tf.string))",
    # reduce_join over ragged with separators
    "e(lambda: S.reduce_join(rs, axis=1, separator='|'))",
    "e(lambda: S.reduce_join(rs, axis=-1, separator='', keepdims=True))",
    "e(lambda: S.reduce_join(rs, axis=0, separator='+'))",
    "e(lambda: S.reduce_join(rs, separator='+'))",
    "e(lambda: S.reduce_join(rs, axis=None, separator='+', keepdims=True))",
    "e(lambda: S.reduce_join(r3, axis=2, separator=','))",
    "e(lambda: S.reduce_join(r3, axis=1, separator=','))",
    "e(lambda: S.reduce_join(r3, axis=0, separator=','))",
    "e(lambda: S.reduce_join(r3, axis=[1, 2], separator=','))",
    "e(lambda: S.reduce_join(rs, axis=2))",
    "e(lambda: S.reduce_join(rs, axis=1.5))",
    "tv(lambda x: S.reduce_join(x, axis=1, separator='/'), RS([None, None], tf.string))(rs)",
    "tv(lambda x: S.reduce_join(x, axis=-1, separator='/', keepdims=True), "
    "RS([None, None, None], tf.string))(r3)",
    "tv(lambda x: S.reduce_join(x, axis=0, separator='/'), RS([None, None], tf.string))(rs)",
    # ngrams on ragged rank 2 with padding
    "ng(r3, 2, pad_values=('<', '>'), padding_width=1)",
    "ng(r3, 3, pad_values='#', padding_width=2, preserve_short_sequences=True)",
    "ng(r3, 3, preserve_short_sequences=True)",
    "ng(r3, (1, 2), separator='')",
    "ng(rs, 2, pad_values=('<s>', '</s>'))",
    "ng(rs, 4, pad_values=('<s>', '</s>'), padding_width=1, preserve_short_sequences=True)",
    "ng(rs, 2, pad_values=('<s>', '</s>'), padding_width=3)",
    "ng(rs, (2, 4), pad_values='_', padding_width=1)",
    "ng(rs, 2, pad_values=('a', 'b', 'c'))",
    "ng(rs, 2, pad_values=1)",
    "ng(rs, 2, padding_width=1)",
    "ng(rs, 2, pad_values='_', padding_width=0)",
    "ng(rs, 0)",
    "ng(rs, (2, 1))",
    "ng(tf.constant([['a', 'b', 'c']]), 2, pad_values='_', padding_width=1, axis=-1)",
    "ng(tf.constant([['a', 'b', 'c']]), 2, axis=0)",
    "ng(tf.constant(['a', 'b']), 5, pad_values='_', padding_width=4)",
    "tv(lambda x: S.ngrams(x, 2, pad_values='_', padding_width=1), RS([None, None], "
    "tf.string))(rs)",
    "tv(lambda x: S.ngrams(x, 3, preserve_short_sequences=True), TS([None, None], tf.string))("
    "tf.constant([['a', 'b']]))",
    "outs(lambda x: S.ngrams(x, 2), TS([None, 4], tf.string))",
    "outs(lambda x: S.ngrams(x, 2, pad_values='_'), TS([3, 4], tf.string))",
    # lower/upper with encoding, strip, length units
    "e(lambda: S.upper(tf.constant(['stra\\u00dfe', '\\u00e9\\u00ff', 'i']), encoding='utf-8'))",
    "e(lambda: S.lower(tf.constant(['\\u0130X', '\\u03a3A', '\\u00c9']), encoding='utf-8'))",
    "e(lambda: S.upper(tf.constant(['\\u00e9a']), encoding=''))",
    "e(lambda: S.upper(tf.constant([b'a\\xffb']), encoding='utf-8'))",
    "e(lambda: S.lower(tf.constant([b'A\\xe2\\x82']), encoding='utf-8'))",
    "e(lambda: S.upper(tf.constant(['a']), encoding='latin1'))",
    "e(lambda: S.upper(rs, encoding='utf-8'))",
    "e(lambda: S.lower(R([['AB'], []])))",
    "tv(lambda x: S.upper(x, encoding='utf-8'), TS([None], tf.string))(tf.constant(['\\u00e9']))",
    "e(lambda: S.strip(tf.constant(['\\x00a\\x00', '\\x1c b \\x1f', '\\u2003c\\u2003'])))",
    "e(lambda: S.strip(tf.constant([[' a'], ['b  ']])))",
    "e(lambda: S.strip(R([[' a '], []])))",
    "e(lambda: S.strip(tf.constant([1])))",
    "tv(lambda x: S.strip(x), RS([None, None], tf.string))(R([[' a ', '\\tb'], []]))",
    "e(lambda: S.length(tf.constant([b'a\\xffb', b'\\xe2\\x82', b'\\xf0\\x9f\\x98\\x80']), "
    "unit='UTF8_CHAR'))",
    "e(lambda: S.length(tf.constant([b'\\xc0\\xaf', b'\\xed\\xa0\\x80']), unit='UTF8_CHAR'))",
    "e(lambda: S.length(rs, unit='UTF8_CHAR'))",
    "e(lambda: S.length(r3))",
    "e(lambda: S.length(tf.constant(['a']), unit='utf8_char'))",
    "e(lambda: tf.compat.v1.strings.length(tf.constant(['\\u00e9']), unit='UTF8_CHAR'))",
    "tv(lambda x: S.length(x, unit='UTF8_CHAR'), RS([None, None], tf.string))(rs)",
    "e(lambda: S.join([rs, rs], separator='-'))",
    "e(lambda: S.join([tf.constant(['a', 'b']), 'x'], separator='-'))",
    "e(lambda: S.join([tf.constant(['a', 'b']), tf.constant(['x', 'y', 'z'])]))",
    "e(lambda: S.join([]))",
    "e(lambda: S.unsorted_segment_join(rs.flat_values, [1, 0, 1, 2], 3, separator=';'))",
]

# ---------------------------------------------------------------------------------------
PRELUDES["tables"] = _COMMON + r"""
def kv(k, v, **kw):
    return L.KeyValueTensorInitializer(k, v, **kw)
def exported(t):
    k, val = t.export()
    return sorted(zip(np.asarray(k.numpy()).tolist(), np.asarray(val.numpy()).tolist()))
def write(name, text):
    path = os.path.join(TMP, name)
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text)
    return path
cols = write('cols.txt', 'k1 10 1.5 x\nk2 20 2.5 y\nk3 30 3.5 z\n')
semi = write('semi.txt', '1;one\n2;two\n3;three\n')
svt = L.StaticVocabularyTable(kv(['a', 'b', 'c'], tf.constant([0, 1, 2], tf.int64)), 3)
ivt = L.StaticVocabularyTable(kv(tf.constant([10, 20], tf.int64), tf.constant([0, 1],
                                                                           tf.int64)), 4)
def dense(kt=tf.int64, vt=tf.int64, d=-1, ek=0, dk=-1, **kw):
    return L.experimental.DenseHashTable(kt, vt, d, empty_key=ek, deleted_key=dk, **kw)
def mut(kt=tf.string, vt=tf.int64, d=-1):
    return L.experimental.MutableHashTable(kt, vt, d)
def steps(t, *ops):
    # apply each (method, args) in order; the last one's answer, or the first error
    out = None
    for name, *args in ops:
        out = run(getattr(t, name), *args)
        if isinstance(out, str):
            return out
    return v(out)
"""
SECTIONS["tables"] = [
    # StaticVocabularyTable: OOV buckets for string and int keys, lookup_key_dtype
    "v(svt.lookup(tf.constant(['a', 'q', 'r', 's', 't', 'c', ''])))",
    "v(svt.lookup(R([['a', 'zz'], [], ['c']])))",
    "v(svt.lookup(ST([[0, 0], [1, 2]], ['b', 'nope'], [2, 3])))",
    "v(svt.lookup(tf.constant([['a', 'q'], ['r', 'b']])))",
    "v(svt.lookup(tf.constant('q')))",
    "v(svt.size())",
    "svt.key_dtype, svt.value_dtype",
    "run(lambda: svt.lookup(tf.constant([1])))",
    "v(ivt.lookup(tf.constant([10, 11, 12, 13, 20, -5, 2**40], tf.int64)))",
    "run(lambda: ivt.lookup(tf.constant([10, 11], tf.int32)))",
    "v(L.StaticVocabularyTable(kv(tf.constant([10, 20], tf.int64), tf.constant([0, 1], tf.int64)),"
    " 4, lookup_key_dtype=tf.int32).lookup(tf.constant([10, 11, 12], tf.int32)))",
    "run(lambda: L.StaticVocabularyTable(kv(['a'], tf.constant([0], tf.int64)), 2, "
    "lookup_key_dtype=tf.int32))",
    "run(lambda: L.StaticVocabularyTable(kv(tf.constant([1], tf.int64), tf.constant([0], "
    "tf.int64)), 2, lookup_key_dtype=tf.string))",
    "run(lambda: L.StaticVocabularyTable(kv(tf.constant([1], tf.int32), tf.constant([0], "
    "tf.int64)), 2))",
    "v(L.StaticVocabularyTable(kv(['a'], tf.constant([5], tf.int64)), 2).lookup(tf.constant(["
    "'a', 'b'])))",
    "run(lambda: L.StaticVocabularyTable(kv(['a'], tf.constant([0], tf.int32)), 2))",
    "v(L.StaticVocabularyTable(kv(['a'], tf.constant([0], tf.int64)), 0).lookup(tf.constant(["
    "'a', 'b'])))",
    "v(L.StaticVocabularyTable(kv(['a'], tf.constant([0], tf.int64)), 0).size())",
    "v(L.StaticVocabularyTable(kv(['a'], tf.constant([0], tf.int64)), 1).lookup(tf.constant("
    "['x', 'y', 'z'])))",
    "type(L.StaticVocabularyTable(None, 3)).__name__",
    "v(L.StaticVocabularyTable(None, 3).lookup(tf.constant(['x', 'y', 'a'])))",
    "run(lambda: L.StaticVocabularyTable(None, 0))",
    "L.StaticVocabularyTable(None, 3).key_dtype",
    "run(lambda: L.StaticVocabularyTable(None, 3, lookup_key_dtype=tf.int64).lookup("
    "tf.constant([1, 2, 3], tf.int64)))",
    "v(L.StaticVocabularyTable(L.TextFileInitializer(cols, tf.string, 0, tf.int64, 1, "
    "delimiter=' '), 2).lookup(tf.constant(['k2', 'k9'])))",
    "tv(lambda x: svt.lookup(x), TS([None], tf.string))(tf.constant(['b', 'zz']))",
    "tv(lambda x: svt.lookup(x), RS([None, None], tf.string))(R([['b', 'zz'], []]))",
    "tv(lambda x: ivt.lookup(x), TS(None, tf.int64))(tf.constant([[20, 21]], tf.int64))",
    "tv(lambda: svt.size())()",
    "outs(lambda x: svt.lookup(x), TS([None, 3], tf.string))",
    # TextFileInitializer's columns and delimiters
    "v(L.StaticHashTable(L.TextFileInitializer(cols, tf.string, 0, tf.float32, 2, "
    "delimiter=' '), -1.).lookup(tf.constant(['k1', 'k3', 'k9'])))",
    "v(L.StaticHashTable(L.TextFileInitializer(cols, tf.string, 0, tf.float64, 2, "
    "delimiter=' '), -1.).lookup(tf.constant(['k2'])))",
    "v(L.StaticHashTable(L.TextFileInitializer(cols, tf.int64, 1, tf.string, 3, "
    "delimiter=' '), '?').lookup(tf.constant([10, 30, 99], tf.int64)))",
    "v(L.StaticHashTable(L.TextFileInitializer(cols, tf.string, 3, tf.int64, 1, "
    "delimiter=' '), -1).lookup(tf.constant(['y'])))",
    "v(L.StaticHashTable(L.TextFileInitializer(cols, tf.int32, 1, tf.int64, 1, "
    "delimiter=' '), -1).lookup(tf.constant([20], tf.int32)))",
    "run(lambda: L.StaticHashTable(L.TextFileInitializer(cols, tf.int64, 0, tf.int64, 1, "
    "delimiter=' '), -1))",
    "run(lambda: L.StaticHashTable(L.TextFileInitializer(cols, tf.string, 0, tf.int64, 2, "
    "delimiter=' '), -1))",
    "run(lambda: L.StaticHashTable(L.TextFileInitializer(cols, tf.string, 0, tf.int64, 4, "
    "delimiter=' '), -1))",
    "v(L.StaticHashTable(L.TextFileInitializer(cols, tf.string, L.TextFileIndex.WHOLE_LINE, "
    "tf.int64, 1, delimiter=' '), -1).lookup(tf.constant(['k1 10 1.5 x'])))",
    "v(L.StaticHashTable(L.TextFileInitializer(semi, tf.int64, 0, tf.string, 1, "
    "delimiter=';'), '?').lookup(tf.constant([3, 1, 0], tf.int64)))",
    "v(L.StaticHashTable(L.TextFileInitializer(semi, tf.string, 1, tf.int64, 0, "
    "delimiter=';'), -1).lookup(tf.constant(['two', 'four'])))",
    "v(L.StaticHashTable(L.TextFileInitializer(semi, tf.string, 1, tf.int64, "
    "L.TextFileIndex.LINE_NUMBER, delimiter=';', value_index_offset=100), -1).lookup("
    "tf.constant(['one', 'three'])))",
    "v(L.StaticHashTable(L.TextFileInitializer(semi, tf.string, 1, tf.int64, 0, "
    "delimiter=';', vocab_size=2), -1).size())",
    "run(lambda: L.StaticHashTable(L.TextFileInitializer(semi, tf.string, 1, tf.int64, 0, "
    "delimiter=';', vocab_size=4), -1))",
    "run(lambda: L.TextFileInitializer(semi, tf.string, -3, tf.int64, 0))",
    "run(lambda: L.TextFileInitializer(semi, tf.string, 1, tf.int64, 0, vocab_size=0))",
    "run(lambda: L.TextFileInitializer(semi, tf.string, 1, tf.int64, 0, vocab_size=-1))",
    "run(lambda: L.TextFileInitializer('', tf.string, 1, tf.int64, 0))",
    "L.TextFileIndex.WHOLE_LINE, L.TextFileIndex.LINE_NUMBER",
    "tv(lambda x: L.StaticHashTable(L.TextFileInitializer(semi, tf.int64, 0, tf.string, 1, "
    "delimiter=';'), '?').lookup(x), TS([None], tf.int64))(tf.constant([2, 5], tf.int64))",
    # DenseHashTable: vector values, empty/deleted key checks, erase, export
    "steps(dense(), ('insert', tf.constant([1, 2], tf.int64), tf.constant([5, 6], tf.int64)), "
    "('lookup', tf.constant([2, 3, 1], tf.int64)))",
    "steps(dense(), ('insert', tf.constant([0], tf.int64), tf.constant([5], tf.int64)))",
    "steps(dense(), ('insert', tf.constant([-1], tf.int64), tf.constant([5], tf.int64)))",
    "steps(dense(), ('lookup', tf.constant([0], tf.int64)))",
    "steps(dense(), ('lookup', tf.constant([-1], tf.int64)))",
    "steps(dense(), ('erase', tf.constant([0], tf.int64)))",
    "steps(dense(), ('erase', tf.constant([-1], tf.int64)))",
    "steps(dense(), ('erase', tf.constant([7], tf.int64)), ('size',))",
    "steps(dense(), ('insert', tf.constant([1, 2, 3], tf.int64), tf.constant([1, 2, 3], "
    "tf.int64)), ('erase', tf.constant([2, 2], tf.int64)), ('size',))",
    "steps(dense(), ('insert', tf.constant([1, 2, 3], tf.int64), tf.constant([1, 2, 3], "
    "tf.int64)), ('erase', tf.constant([2], tf.int64)), ('lookup', tf.constant([1, 2, 3], "
    "tf.int64)))",
    "steps(dense(), ('insert', tf.constant([[1, 2]], tf.int64), tf.constant([[3, 4]], "
    "tf.int64)), ('lookup', tf.constant([[2], [1]], tf.int64)))",
    "steps(dense(), ('insert', tf.constant([1, 2], tf.int64), tf.constant([3], tf.int64)))",
    "steps(dense(), ('insert', tf.constant([1], tf.int32), tf.constant([3], tf.int64)))",
    "run(lambda: dense(ek=5, dk=5))",
    "type(run(lambda: dense(ek=tf.constant([0, 1], tf.int64), dk=tf.constant([2, 3], "
    "tf.int64)))).__name__",
    "run(lambda: dense(kt=tf.string, ek='', dk='').lookup(tf.constant(['a'])))",
    "run(lambda: dense(ek='x'))",
    "steps(dense(kt=tf.string, vt=tf.float32, d=0.5, ek='', dk='<d>'), ('insert', "
    "tf.constant(['a', 'b']), tf.constant([1., 2.])), ('lookup', tf.constant(['b', 'c', ''])))",
    "steps(dense(kt=tf.string, vt=tf.float32, d=0.5, ek='', dk='<d>'), ('insert', "
    "tf.constant(['']), tf.constant([1.])))",
    "steps(dense(kt=tf.string, vt=tf.float32, d=0.5, ek='', dk='<d>'), ('erase', "
    "tf.constant(['<d>'])))",
    "steps(dense(vt=tf.float32, d=tf.constant([0., 0.]), ek=0, dk=-1), ('insert', "
    "tf.constant([3, 4], tf.int64), tf.constant([[1., 2.], [3., 4.]])), ('lookup', "
    "tf.constant([4, 9], tf.int64)))",
    "steps(dense(vt=tf.float32, d=tf.constant([0., 0.]), ek=0, dk=-1), ('insert', "
    "tf.constant([3], tf.int64), tf.constant([1., 2.])))",
    "steps(dense(vt=tf.float32, d=tf.constant([0., 0.]), ek=0, dk=-1), ('insert', "
    "tf.constant([3], tf.int64), tf.constant([[1., 2., 3.]])))",
    "steps(dense(vt=tf.float32, d=tf.constant([0., 0.]), ek=0, dk=-1), ('lookup', "
    "tf.constant([[3, 4]], tf.int64)))",
    "(lambda t: (t.insert(tf.constant([3, 4], tf.int64), tf.constant([[1., 2.], [3., 4.]])), "
    "exported(t))[1])(dense(vt=tf.float32, d=tf.constant([0., 0.]), ek=0, dk=-1, "
    "initial_num_buckets=4))",
    "(lambda t: (t.insert(tf.constant([3, 4], tf.int64), tf.constant([7, 8], tf.int64)), "
    "t.erase(tf.constant([3], tf.int64)), exported(t))[2])(dense(initial_num_buckets=4))",
    "(lambda t: (t.insert(tf.constant([3, 4], tf.int64), tf.constant([7, 8], tf.int64)), "
    "[x.shape.as_list() for x in t.export()])[1])(dense(initial_num_buckets=8))",
    "(lambda t: (t.insert(tf.range(1, 10, dtype=tf.int64), tf.range(10, 19, dtype=tf.int64)),"
    " v(t.size()), len(exported(t)))[1:])(dense(initial_num_buckets=2))",
    "run(lambda: dense(initial_num_buckets=3))",
    "run(lambda: dense(initial_num_buckets=0))",
    "run(lambda: dense(max_load_factor=0))",
    "run(lambda: dense(max_load_factor=1.5))",
    "(lambda t: (t.insert(tf.constant([1, 2], tf.int64), tf.constant([1, 2], tf.int64)), "
    "t.remove(tf.constant([1], tf.int64)), v(t.lookup(tf.constant([1, 2], tf.int64))))[2])("
    "dense())",
    "(lambda t: (t.insert_or_assign(tf.constant([1], tf.int64), tf.constant([1], tf.int64)), "
    "t.insert_or_assign(tf.constant([1], tf.int64), tf.constant([4], tf.int64)), "
    "v(t.lookup(tf.constant([1], tf.int64))))[2])(dense())",
    "(lambda t: tv(lambda k, x: (t.insert(k, x), t.size())[1], TS([None], tf.int64), TS("
    "[None], tf.int64))(tf.constant([5, 6], tf.int64), tf.constant([1, 2], tf.int64)))("
    "dense())",
    "(lambda t: tv(lambda k: t.erase(k), TS([None], tf.int64))(tf.constant([0], tf.int64)))("
    "dense())",
    "(lambda t: tv(lambda k: t.lookup(k), TS([None], tf.int64))(tf.constant([-1], "
    "tf.int64)))(dense())",
    "(lambda t: (t.insert(tf.constant([5], tf.int64), tf.constant([9], tf.int64)), "
    "tv(lambda: t.export())())[1][0][1])(dense(initial_num_buckets=4))",
    # MutableHashTable with vector values
    "(lambda m: (m.insert(['a', 'b'], tf.constant([[1, 2], [3, 4]], tf.int64)), "
    "v(m.lookup(tf.constant(['b', 'z']))))[1])(mut(d=tf.constant([-1, -1], tf.int64)))",
    "(lambda m: (m.insert(['a'], tf.constant([[1, 2]], tf.int64)), "
    "v(m.lookup(tf.constant([['a'], ['q']]))))[1])(mut(d=tf.constant([-1, -1], tf.int64)))",
    "(lambda m: run(m.insert, ['a'], tf.constant([[1, 2, 3]], tf.int64)))("
    "mut(d=tf.constant([-1, -1], tf.int64)))",
    "(lambda m: run(m.insert, ['a'], tf.constant([1], tf.int64)))(mut(d=tf.constant([-1, -1],"
    " tf.int64)))",
    "(lambda m: (m.insert(['a', 'b'], tf.constant([[1, 2], [3, 4]], tf.int64)), "
    "exported(m))[1])(mut(d=tf.constant([-1, -1], tf.int64)))",
    "(lambda m: (m.insert(['a', 'b'], tf.constant([[1, 2], [3, 4]], tf.int64)), "
    "[x.shape.as_list() for x in m.export()])[1])(mut(d=tf.constant([-1, -1], tf.int64)))",
    "(lambda m: (m.import_(tf.constant(['x']), tf.constant([[7, 8]], tf.int64)), "
    "v(m.lookup(tf.constant(['x']))))[1])(mut(d=tf.constant([-1, -1], tf.int64)))",
    "(lambda m: run(m.import_, tf.constant(['x', 'y']), tf.constant([[7, 8]], tf.int64)))("
    "mut(d=tf.constant([-1, -1], tf.int64)))",
    "(lambda m: (m.insert(['a'], tf.constant([[1, 2]], tf.int64)), v(m.size())))(mut("
    "d=tf.constant([-1, -1], tf.int64)))[1]",
    "run(lambda: mut(d=tf.constant([[-1]], tf.int64)))",
    "(lambda m: (m.insert(['a'], tf.constant([[[1]]], tf.int64)), v(m.lookup(tf.constant(["
    "'a', 'b'])))))(mut(d=tf.constant([[-1]], tf.int64)))[1]",
    "(lambda m: (m.insert(tf.constant([1, 2], tf.int64), tf.constant([[.5, 1.], [2., 3.]])),"
    " v(m.lookup(tf.constant([2, 7], tf.int64)))))(mut(tf.int64, tf.float32, "
    "tf.constant([0., -1.])))[1]",
    "(lambda m: (m.insert(['a'], tf.constant([[1, 2]], tf.int64)), m.remove(['a', 'zz']), "
    "v(m.size())))(mut(d=tf.constant([-1, -1], tf.int64)))[2]",
    "(lambda m: tv(lambda k: m.lookup(k), TS([None], tf.string))(tf.constant(['a', 'b'])))(mut("
    "d=tf.constant([-1, -1], tf.int64)))",
    "(lambda m: outs(lambda k: m.lookup(k), TS([None, 2], tf.string)))(mut("
    "d=tf.constant([-1, -1], tf.int64)))",
    "(lambda m: (m.insert(['a', 'b'], [1, 2]), tv(lambda: m.export())()))(mut())[1][0][:2]",
    "(lambda m: (m.insert(['a', 'b'], [1, 2]), tv(lambda: m.size())()))(mut())[1]",
    "(lambda m: tv(lambda k, x: (m.insert(k, x), m.lookup(k))[1], TS([None], tf.string), "
    "TS([None], tf.int64))(tf.constant(['p', 'q']), tf.constant([3, 4], tf.int64)))(mut())",
    "(lambda m: run(m.insert, tf.constant(['a']), tf.constant([1.5])))(mut())",
    "(lambda m: run(m.lookup, tf.constant([1])))(mut())",
    "run(lambda: mut(tf.string, tf.int64, 'x'))",
    "run(lambda: mut(tf.float32, tf.int64, -1))",
    "run(lambda: L.experimental.MutableHashTable(tf.string, tf.variant, 0))",
    # StaticHashTable in tf.function with unknown shapes; size and export traced
    "tv(lambda x: L.StaticHashTable(kv(['a', 'b'], [1, 2]), -1).lookup(x), TS(None, "
    "tf.string))(tf.constant([['a', 'z'], ['b', 'b']]))",
    "tv(lambda: L.StaticHashTable(kv(['a', 'b'], [1, 2]), -1).size())()",
    "(lambda t: tv(lambda: t.export())())(L.StaticHashTable(kv(tf.constant([3], tf.int64), "
    "tf.constant([4], tf.int64)), -1))",
    "(lambda t: tv(lambda x: t.lookup(x), RS([None, None], tf.string))(R([['a'], [], ['b', "
    "'c']])))(L.StaticHashTable(kv(['a', 'b'], [1, 2]), -1))",
    "(lambda t: tv(lambda x: t.lookup(x), SS([None, None], tf.string))(ST([[0, 1]], ['b'], "
    "[1, 3])))(L.StaticHashTable(kv(['a', 'b'], [1, 2]), -1))",
    "(lambda t: outs(lambda x: t.lookup(x), RS([2, None], tf.string)))(L.StaticHashTable("
    "kv(['a', 'b'], [1, 2]), -1))",
    "run(lambda: L.StaticHashTable(kv(['a', 'b'], [1, 2]), -1).lookup(tf.constant([1.5])))",
    "run(lambda: L.StaticHashTable(kv(['a', 'a'], [1, 2]), -1))",
    "run(lambda: L.StaticHashTable(kv(tf.constant([1, 1], tf.int64), tf.constant([1, 2], "
    "tf.int64)), -1))",
    "e(lambda: L.StaticHashTable(kv(tf.constant([1.5, 2.5], tf.float64), tf.constant([1, 2], "
    "tf.int64)), -1).lookup(tf.constant([2.5], tf.float64)))",
    "v(L.StaticHashTable(kv(tf.constant([1, 2], tf.int64), tf.constant([1.5, 2.5], "
    "tf.float64)), 0.).lookup(tf.constant([2, 9], tf.int64)))",
    "v(L.StaticHashTable(kv(tf.constant([1, 2], tf.int32), tf.constant([1, 2], tf.int32)), "
    "0).lookup(tf.constant([2, 9], tf.int32)))",
    "e(lambda: L.StaticHashTable(kv(tf.constant([1, 2], tf.int64), tf.constant([True, False])), "
    "False).lookup(tf.constant([1], tf.int64)))",
    "run(lambda: L.StaticHashTable(kv(['a'], [1]), tf.constant([1, 2])))",
    "run(lambda: L.StaticHashTable(kv(['a'], [1]), -1).lookup(R([[1]])))",
]

# ---------------------------------------------------------------------------------------
PRELUDES["ragged_factories"] = _COMMON + r"""
vals = tf.constant([1, 2, 3, 4, 5])
def rs_(f, *a, **k):
    return e(lambda: f(*a, **k))
"""
SECTIONS["ragged_factories"] = [
    # validate=True errors
    "rs_(RT.from_row_splits, vals, [0, 2, 1, 5])",
    "rs_(RT.from_row_splits, vals, [1, 2, 5])",
    "rs_(RT.from_row_splits, vals, [0, 2, 4])",
    "rs_(RT.from_row_splits, vals, [0, 2, 6])",
    "rs_(RT.from_row_splits, vals, [])",
    "rs_(RT.from_row_splits, vals, [[0, 5]])",
    "rs_(RT.from_row_splits, vals, [0.0, 5.0])",
    "rs_(RT.from_row_splits, vals, [0, 2, 1, 5], validate=False)",
    "rs_(RT.from_row_splits, vals, tf.constant([0, 5], tf.int32))",
    "rs_(RT.from_row_splits, 5, [0, 1])",
    "rs_(RT.from_row_lengths, vals, [2, -1, 4])",
    "rs_(RT.from_row_lengths, vals, [2, 2])",
    "rs_(RT.from_row_lengths, vals, [2, 4])",
    "rs_(RT.from_row_lengths, vals, [[5]])",
    "rs_(RT.from_row_lengths, vals, [])",
    "rs_(RT.from_row_lengths, tf.constant([], tf.int32), [])",
    "rs_(RT.from_value_rowids, vals, [0, 0, 2, 1, 2])",
    "rs_(RT.from_value_rowids, vals, [0, 0, 1, 2])",
    "rs_(RT.from_value_rowids, vals, [-1, 0, 1, 1, 2])",
    "rs_(RT.from_value_rowids, vals, [0, 0, 1, 1, 2], nrows=2)",
    "rs_(RT.from_value_rowids, vals, [0, 0, 1, 1, 2], nrows=5)",
    "rs_(RT.from_value_rowids, vals, [0, 0, 1, 1, 2], nrows=-1)",
    "rs_(RT.from_value_rowids, vals, [0, 0, 1, 1, 2], nrows=[3])",
    "rs_(RT.from_row_starts, vals, [0, 3, 2])",
    "rs_(RT.from_row_starts, vals, [1, 3])",
    "rs_(RT.from_row_starts, vals, [0, 6])",
    "rs_(RT.from_row_starts, vals, [])",
    "rs_(RT.from_row_limits, vals, [2, 1, 5])",
    "rs_(RT.from_row_limits, vals, [2, 4])",
    "rs_(RT.from_row_limits, vals, [2, 6])",
    "rs_(RT.from_row_limits, vals, [-1, 5])",
    "rs_(RT.from_row_limits, vals, [])",
    # nested factories
    "rs_(RT.from_nested_row_lengths, vals, [[2, 1], [1, 1, 3]])",
    "rs_(RT.from_nested_row_lengths, vals, [[2, 1], [1, 1, 2]])",
    "rs_(RT.from_nested_row_lengths, vals, [[2, 2], [1, 1, 3]])",
    "rs_(RT.from_nested_row_lengths, vals, [])",
    "rs_(RT.from_nested_row_lengths, vals, [[5], [5]])",
    "rs_(RT.from_nested_row_lengths, vals, [tf.constant([2, 1], tf.int32), tf.constant([1, 1, "
    "3], tf.int64)])",
    "rs_(RT.from_nested_row_splits, vals, [[0, 2, 3], [0, 1, 2, 5]])",
    "rs_(RT.from_nested_row_splits, vals, [[0, 2, 3], [0, 1, 2, 4]])",
    "rs_(RT.from_nested_row_splits, vals, [[0, 2, 3], [0, 1, 5]])",
    "rs_(RT.from_nested_row_splits, vals, ([0, 5],))",
    "rs_(RT.from_nested_row_splits, vals, [tf.constant([0, 1], tf.int32), tf.constant([0, 5], "
    "tf.int64)])",
    "rs_(RT.from_nested_value_rowids, vals, [[0, 1, 1], [0, 0, 1, 2, 2]])",
    "rs_(RT.from_nested_value_rowids, vals, [[0, 1, 1], [0, 0, 1, 2, 2]], [2, 4])",
    "rs_(RT.from_nested_value_rowids, vals, [[0, 1, 1], [0, 0, 1, 2, 2]], [2])",
    "rs_(RT.from_nested_value_rowids, vals, [[0, 1, 1]], [4])",
    # from_uniform_row_length with nrows
    "rs_(RT.from_uniform_row_length, vals, 0, nrows=3)",
    "rs_(RT.from_uniform_row_length, vals, 0, nrows=0)",
    "rs_(RT.from_uniform_row_length, tf.constant([], tf.int32), 0, nrows=4)",
    "rs_(RT.from_uniform_row_length, tf.constant([], tf.int32), 0)",
    "rs_(RT.from_uniform_row_length, vals, 5, nrows=1)",
    "rs_(RT.from_uniform_row_length, vals, 5, nrows=2)",
    "rs_(RT.from_uniform_row_length, vals, 2)",
    "rs_(RT.from_uniform_row_length, vals, -1)",
    "rs_(RT.from_uniform_row_length, vals, [1])",
    "rs_(RT.from_uniform_row_length, tf.reshape(tf.range(12), [6, 2]), 3, nrows=2)",
    "rs_(RT.from_uniform_row_length, R([[1], [2, 3], [], [4]]), 2)",
    "rs_(RT.from_uniform_row_length, R([[1], [2, 3], [], [4]]), 2, nrows=2)",
    "rs_(RT.from_uniform_row_length, R([[1], [2, 3], [], [4]]), 2).uniform_row_length",
    "rs_(lambda: RT.from_uniform_row_length(vals, 0, nrows=3).nrows())",
    "rs_(lambda: RT.from_uniform_row_length(vals, 0, nrows=3).row_splits)",
    "rs_(lambda: RT.from_uniform_row_length(tf.reshape(tf.range(6), [6]), 2).to_tensor())",
    "tv(lambda x, n: RT.from_uniform_row_length(x, n), TS([None], tf.int32), TS([], tf.int64))("
    "vals, tf.constant(2, tf.int64))",
    "tv(lambda x, n: RT.from_uniform_row_length(x, 0, nrows=n), TS([None], tf.int32), "
    "TS([], tf.int64))(tf.constant([], tf.int32), tf.constant(3, tf.int64))",
    "outs(lambda x: RT.from_uniform_row_length(x, 3), TS([None], tf.int32))",
    "outs(lambda x: RT.from_uniform_row_length(x, 3), TS([6, 2], tf.int32))",
    "outs(lambda x: RT.from_uniform_row_length(x, 0, nrows=4), TS([None], tf.int32))",
    # validation traced with unknown shapes
    "tv(lambda x, s: RT.from_row_splits(x, s), TS([None], tf.int32), TS([None], tf.int64))("
    "vals, tf.constant([0, 3, 2, 5], tf.int64))",
    "tv(lambda x, s: RT.from_row_splits(x, s, validate=False), TS([None], tf.int32), "
    "TS([None], tf.int64))(vals, tf.constant([0, 3, 5], tf.int64))",
    "tv(lambda x, s: RT.from_row_lengths(x, s), TS([None], tf.int32), TS([None], tf.int64))("
    "vals, tf.constant([3, 3], tf.int64))",
    "tv(lambda x, s: RT.from_row_starts(x, s), TS([None], tf.int32), TS([None], tf.int64))("
    "vals, tf.constant([0, 3], tf.int64))",
    "tv(lambda x, s: RT.from_row_limits(x, s), TS([None], tf.int32), TS([None], tf.int64))("
    "vals, tf.constant([3, 5], tf.int64))",
    "outs(lambda x, s: RT.from_row_splits(x, s), TS([None], tf.int32), TS([4], tf.int64))",
    "outs(lambda x, s: RT.from_row_lengths(x, s), TS([5, 2], tf.int32), TS([None], tf.int64))",
    "outs(lambda x, s: RT.from_value_rowids(x, s, 3), TS([None], tf.int32), TS([None], "
    "tf.int64))",
    # with_row_splits_dtype, merge_dims, bounding_shape, nested_row_lengths
    "rs_(lambda: R([[1, 2], [3]]).with_row_splits_dtype(tf.int32).row_splits)",
    "rs_(lambda: R([[[1]], [[2, 3]]], row_splits_dtype=tf.int32).with_row_splits_dtype("
    "tf.int64).nested_row_splits)",
    "rs_(lambda: R([[1]]).with_row_splits_dtype(tf.int16))",
    "rs_(lambda: R([[1]]).with_row_splits_dtype('int32').row_splits.dtype)",
    "rs_(lambda: RT.from_uniform_row_length(vals, 5).with_row_splits_dtype(tf.int32)"
    ".uniform_row_length)",
    *[f"rs_(lambda: R([[[1, 2], [3]], [], [[4, 5, 6]]]).merge_dims({a}, {b}))"
      for a, b in ((0, 1), (1, 2), (0, 2), (0, -1), (-2, -1), (1, 1), (2, 1), (0, 3), (-4, 0))],
    "rs_(lambda: R([[[1, 2], [3]], [], [[4, 5, 6]]], ragged_rank=1).merge_dims(1, 2))",
    "rs_(lambda: R([[[1, 2]], [[3, 4]]], ragged_rank=1).merge_dims(0, 1))",
    "rs_(lambda: R([[[1, 2]], [[3, 4]]], ragged_rank=1).merge_dims(1, 2))",
    "rs_(lambda: RT.from_uniform_row_length(tf.reshape(tf.range(8), [4, 2]), 2).merge_dims(0, "
    "1))",
    "tv(lambda x: x.merge_dims(1, 2), RS([None, None, None], tf.int32))(R([[[1, 2], [3]], "
    "[[4]]]))",
    "tv(lambda x: x.merge_dims(0, -1), RS([None, None, None], tf.int32))(R([[[1, 2], [3]], "
    "[[4]]]))",
    "outs(lambda x: x.merge_dims(0, 1), RS([3, None, 2], tf.int32, ragged_rank=1))",
    *[f"rs_(lambda: R([[[1, 2], [3]], [], [[4, 5, 6]]]).bounding_shape({a}))"
      for a in ("", "0", "1", "2", "-1", "[0, 2]", "[2, 0, 2]", "3", "tf.constant(1)")],
    "rs_(lambda: R([[1, 2], []]).bounding_shape(out_type=tf.int32))",
    "rs_(lambda: R([[1, 2], []]).bounding_shape(1, out_type=tf.int32))",
    "rs_(lambda: R([[1, 2], []]).bounding_shape(out_type=tf.float32))",
    "rs_(lambda: R([[]]).bounding_shape())",
    "rs_(lambda: R([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1).bounding_shape())",
    "tv(lambda x: x.bounding_shape(), RS([None, None, None], tf.int32))(R([[[1, 2], [3]], "
    "[]]))",
    "tv(lambda x: x.bounding_shape(axis=1), RS([None, None], tf.int32))(R([[1], [2, 3, 4]]))",
    "rs_(lambda: R([[[1, 2], [3]], [], [[4, 5, 6]]]).nested_row_lengths())",
    "rs_(lambda: R([[1, 2], [3]]).nested_row_lengths())",
    "rs_(lambda: R([[[1, 2]], [[3, 4]]], ragged_rank=1).nested_row_lengths())",
    "rs_(lambda: R([[[1, 2], [3]], [], [[4, 5, 6]]]).row_lengths(axis=2))",
    "rs_(lambda: R([[[1, 2], [3]], [], [[4, 5, 6]]]).row_lengths(axis=0))",
    "rs_(lambda: R([[[1, 2], [3]], [], [[4, 5, 6]]]).row_lengths(axis=3))",
    "rs_(lambda: R([[[1, 2], [3]], [], [[4, 5, 6]]]).nested_value_rowids())",
    "tv(lambda x: x.nested_row_lengths(), RS([None, None, None], tf.int32))(R([[[1], []], "
    "[[2, 3]]]))",
    # to_tensor of ragged_rank 2 with default_value and shape
    *[f"rs_(lambda: R([[[1, 2], [3]], [], [[4, 5, 6]]]).to_tensor({k}))"
      for k in ("", "default_value=9", "shape=[2, 2, 2]", "shape=[4, 3, 4], default_value=-1",
                "shape=[None, 1, None]", "shape=[3, None, 1]", "default_value=[7]",
                "default_value=[7, 8]", "shape=[3, 2]", "default_value=1.5")],
    "rs_(lambda: R([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1).to_tensor(default_value=[8, 9])"
    ")",
    "rs_(lambda: R([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1).to_tensor(default_value=[8, 9, "
    "0]))",
    "rs_(lambda: R([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1).to_tensor(shape=[3, 3, 1]))",
    "tv(lambda x: x.to_tensor(default_value=-1), RS([None, None, None], tf.int32))(R([[[1, 2],"
    " [3]], [], [[4, 5, 6]]]))",
    "tv(lambda x: x.to_tensor(shape=[2, 2, 2]), RS([None, None, None], tf.int32))(R([[[1, 2],"
    " [3]], [], [[4, 5, 6]]]))",
    "tv(lambda x, d: x.to_tensor(default_value=d), RS([None, None, None], tf.int32), TS([], "
    "tf.int32))(R([[[1, 2], [3]], []]), tf.constant(5))",
    "outs(lambda x: x.to_tensor(shape=[None, 4, None]), RS([None, None, None], tf.int32))",
    "outs(lambda x: x.to_tensor(), RS([3, None, None], tf.int32))",
    "outs(lambda x: x.to_tensor(), RS([3, None, 2], tf.int32, ragged_rank=1))",
    # to_sparse / from_sparse round trips
    "rs_(lambda: R([[[1, 2], [3]], [], [[4, 5, 6]]]).to_sparse())",
    "rs_(lambda: RT.from_sparse(R([[1, 2], [], [3]]).to_sparse()))",
    "rs_(lambda: RT.from_sparse(R([[[1, 2], [3]], [[4]]]).to_sparse()))",
    "rs_(lambda: RT.from_sparse(ST([[0, 1], [1, 0]], [1, 2], [2, 2])))",
    "rs_(lambda: RT.from_sparse(ST([[1, 0], [0, 0]], [1, 2], [2, 2])))",
    "rs_(lambda: RT.from_sparse(ST([[0, 0], [0, 0]], [1, 2], [2, 2])))",
    "rs_(lambda: RT.from_sparse(ST([[0, 0], [2, 0]], [1, 2], [4, 2])))",
    "rs_(lambda: RT.from_sparse(ST([[0], [1]], [1, 2], [3])))",
    "rs_(lambda: RT.from_sparse(ST(tf.zeros([0, 2], tf.int64), tf.zeros([0]), [3, 0])))",
    "rs_(lambda: RT.from_sparse(ST([[0, 0]], [1], [2, 2]), row_splits_dtype=tf.int32))",
    "rs_(lambda: RT.from_sparse(ST([[0, 0]], ['a'], [2, 2])).to_sparse())",
    "rs_(lambda: R([[1, 2], []], row_splits_dtype=tf.int32).to_sparse())",
    "rs_(lambda: RT.from_tensor(tf.constant([[1, 0], [0, 0]]), padding=0).to_sparse())",
    "tv(lambda s: RT.from_sparse(s), SS([None, None], tf.int32))(ST([[0, 1], [2, 0]], [7, 8], "
    "[3, 2]))",
    "tv(lambda s: RT.from_sparse(s), SS([None, None], tf.int32))(ST([[1, 0], [0, 0]], [7, 8], "
    "[3, 2]))",
    "tv(lambda r: r.to_sparse(), RS([None, None, None], tf.int32))(R([[[1], []], [[2, 3]]]))",
    "outs(lambda s: RT.from_sparse(s), SS([4, None], tf.int32))",
    "outs(lambda r: r.to_sparse(), RS([4, None], tf.int32))",
]

# ---------------------------------------------------------------------------------------
PRELUDES["ragged_math"] = _COMMON + r"""
r2 = R([[1, 2], [], [3, 4, 5]])
r2f = R([[1., 2.], [], [3., 4., 5.]])
r3 = R([[[1, 2], [3]], [], [[4, 5, 6]]])
ru = R([[[1, 2], [3, 4]], [], [[5, 6]]], ragged_rank=1)
def op(f, *a):
    return e(lambda: f(*a))
"""
SECTIONS["ragged_math"] = [
    # broadcasting between ragged ranks and uniform dims
    "op(tf.add, r2, tf.constant([[10], [20], [30]]))",
    "op(tf.add, r2, tf.constant([10, 20, 30]))",
    "op(tf.add, r2, tf.constant(5))",
    "op(tf.add, r3, tf.constant([[[100]], [[200]], [[300]]]))",
    "op(tf.add, r3, tf.constant([[100], [200], [300]]))",
    "op(tf.add, r3, r2)",
    "op(tf.add, r3, R([[10, 20], [], [30]]))",
    "op(tf.add, r3, R([[10, 20], [], [30, 40]]))",
    "op(tf.add, ru, tf.constant([10, 20]))",
    "op(tf.add, ru, tf.constant([[10, 20]]))",
    "op(tf.add, ru, tf.constant([[[10, 20]], [[30, 40]], [[50, 60]]]))",
    "op(tf.add, ru, tf.constant([10, 20, 30]))",
    "op(tf.add, ru, r2)",
    "op(tf.add, ru, R([[10, 20], [], [30]]))",
    "op(tf.add, ru, R([[[10], [20]], [], [[30]]]))",
    "op(tf.multiply, R([[1], [2]]), R([[1, 2, 3], [4]]))",
    "op(tf.multiply, R([[1, 2]]), R([[1, 2], [3, 4], [5, 6]]))",
    "op(tf.multiply, R([[1, 2]]), R([[1, 2], [3]]))",
    "op(tf.subtract, tf.constant([[1], [2], [3]]), r2)",
    "op(tf.maximum, r2, tf.constant([[[0]]]))",
    "op(tf.add, r2, tf.ones([3, 1, 1], tf.int32))",
    "op(tf.add, r2, tf.constant([1, 2]))",
    "op(tf.add, r2, tf.constant([[1, 2]]))",
    "op(tf.add, r2, r2f)",
    "op(tf.add, r2, R([[1, 2], [], [3, 4, 5]], row_splits_dtype=tf.int32))",
    "op(tf.equal, r2, R([[1, 0], [], [3, 0, 5]]))",
    "op(tf.math.floordiv, r2, tf.constant([[2], [1], [2]]))",
    "op(tf.pow, r2f, 2.)",
    "op(tf.math.squared_difference, r2f, tf.constant([[1.], [0.], [4.]]))",
    "tv(lambda a, b: a + b, RS([None, None], tf.int32), TS([None, 1], tf.int32))(r2, "
    "tf.constant([[10], [20], [30]]))",
    "tv(lambda a, b: a + b, RS([None, None], tf.int32), TS([None, 1], tf.int32))(r2, "
    "tf.constant([[10], [20]]))",
    "tv(lambda a, b: a + b, RS([None, None, None], tf.int32), RS([None, None], tf.int32))(r3, "
    "R([[10, 20], [], [30]]))",
    "tv(lambda a, b: a + b, RS([None, None, None], tf.int32), RS([None, None], tf.int32))(r3, "
    "R([[10], [], [30]]))",
    "tv(lambda a, b: a * b, RS([None, None, 2], tf.int32, ragged_rank=1), TS([2], tf.int32))("
    "ru, tf.constant([10, 100]))",
    "outs(lambda a, b: a + b, RS([3, None], tf.int32), TS([3, 1], tf.int32))",
    "outs(lambda a, b: a + b, RS([None, None, 2], tf.int32, ragged_rank=1), TS([2], "
    "tf.int32))",
    "outs(lambda a, b: a + b, RS([None, None], tf.int32), RS([None, None, None], tf.int32))",
    # boolean_mask
    "op(tf.ragged.boolean_mask, r2, R([[True, False], [], [False, True, True]]))",
    "op(tf.ragged.boolean_mask, r2, tf.constant([True, False, True]))",
    "op(tf.ragged.boolean_mask, r3, tf.constant([True, False, True]))",
    "op(tf.ragged.boolean_mask, r3, R([[True, False], [], [True]]))",
    "op(tf.ragged.boolean_mask, r3, R([[[True, False], [True]], [], [[False, False, True]]]))",
    "op(tf.ragged.boolean_mask, tf.constant([[1, 2], [3, 4]]), tf.constant([[True, False], "
    "[False, True]]))",
    "op(tf.ragged.boolean_mask, tf.constant([[1, 2], [3, 4]]), tf.constant([True, False]))",
    "op(tf.ragged.boolean_mask, tf.constant([[1, 2], [3, 4]]), R([[True, False], [True, True]]"
    "))",
    "op(tf.ragged.boolean_mask, r2, R([[True], [], [False, True, True]]))",
    "op(tf.ragged.boolean_mask, r2, tf.constant([True, False]))",
    "op(tf.ragged.boolean_mask, r2, tf.constant(True))",
    "op(tf.ragged.boolean_mask, r2, R([[1, 0], [], [0, 1, 1]]))",
    "op(tf.ragged.boolean_mask, ru, tf.constant([[True, True], [False, True]]))",
    "op(tf.ragged.boolean_mask, ru, R([[True, False], [], [True]]))",
    "tv(lambda d, m: tf.ragged.boolean_mask(d, m), RS([None, None], tf.int32), "
    "RS([None, None], tf.bool))(r2, R([[True, False], [], [False, True, True]]))",
    "tv(lambda d, m: tf.ragged.boolean_mask(d, m), RS([None, None], tf.int32), "
    "RS([None, None], tf.bool))(r2, R([[True], [], [False, True, True]]))",
    "tv(lambda d, m: tf.ragged.boolean_mask(d, m), TS([None, None], tf.int32), "
    "TS([None, None], tf.bool))(tf.constant([[1, 2], [3, 4]]), tf.constant([[True, False], "
    "[True, True]]))",
    "outs(lambda d, m: tf.ragged.boolean_mask(d, m), TS([None, 3], tf.int32), TS([None], "
    "tf.bool))",
    # stack_dynamic_partitions
    "op(tf.ragged.stack_dynamic_partitions, tf.constant([1, 2, 3, 4]), tf.constant([1, 0, 1, "
    "3]), 4)",
    "op(tf.ragged.stack_dynamic_partitions, tf.constant([[1, 2], [3, 4]]), tf.constant([1, 1]),"
    " 3)",
    "op(tf.ragged.stack_dynamic_partitions, r2, tf.constant([2, 0, 2]), 3)",
    "op(tf.ragged.stack_dynamic_partitions, tf.constant(['a', 'b']), tf.constant([0, 5]), 3)",
    "op(tf.ragged.stack_dynamic_partitions, tf.constant(['a', 'b']), tf.constant([0, -1]), 3)",
    "op(tf.ragged.stack_dynamic_partitions, tf.constant(['a', 'b']), tf.constant([0]), 3)",
    "op(tf.ragged.stack_dynamic_partitions, tf.constant(['a', 'b']), tf.constant([0, 1]), 0)",
    "op(tf.ragged.stack_dynamic_partitions, tf.constant([], tf.int32), tf.constant([], "
    "tf.int32), 2)",
    "op(tf.ragged.stack_dynamic_partitions, tf.constant([1.]), tf.constant([0], tf.int64), 1)",
    "tv(lambda d, p: tf.ragged.stack_dynamic_partitions(d, p, 3), TS([None], tf.int32), "
    "TS([None], tf.int32))(tf.constant([5, 6, 7]), tf.constant([2, 2, 0]))",
    "tv(lambda d, p: tf.ragged.stack_dynamic_partitions(d, p, 3), TS([None], tf.int32), "
    "TS([None], tf.int32))(tf.constant([5, 6, 7]), tf.constant([2, 3, 0]))",
    "outs(lambda d, p: tf.ragged.stack_dynamic_partitions(d, p, 3), TS([None, 2], tf.int32), "
    "TS([None], tf.int32))",
    # cross and cross_hashed
    "op(tf.ragged.cross, [R([['a', 'b'], ['c']]), R([['x'], ['y', 'z']])])",
    "op(tf.ragged.cross, [R([['a', 'b'], ['c']]), tf.constant([['x'], ['y']])])",
    "op(tf.ragged.cross, [R([[1, 2], [3]], dtype=tf.int64), R([['x'], []])])",
    "op(tf.ragged.cross, [R([['a'], ['c']]), ST([[0, 0], [1, 1]], ['p', 'q'], [2, 2])])",
    "op(tf.ragged.cross, [R([['a'], ['c']])])",
    "op(tf.ragged.cross, [])",
    "op(tf.ragged.cross, [R([['a'], ['c']]), R([['x']])])",
    "op(tf.ragged.cross, [R([['a'], ['c']]), R([[1.5], [2.5]])])",
    "op(tf.ragged.cross_hashed, [R([['a', 'b'], ['c']]), R([['x'], ['y', 'z']])], 10)",
    "op(tf.ragged.cross_hashed, [R([['a', 'b'], ['c']]), R([['x'], ['y', 'z']])], 10, [1, 2])",
    "op(tf.ragged.cross_hashed, [R([['a', 'b'], ['c']]), R([['x'], ['y', 'z']])])",
    "op(tf.ragged.cross_hashed, [R([[1], [2]], dtype=tf.int64), tf.constant([['q'], ['r']])], "
    "5)",
    "op(tf.ragged.cross_hashed, [R([['a'], ['c']])], 0)",
    "op(tf.ragged.cross_hashed, [R([['a'], ['c']])], 10, [1])",
    "tv(lambda a, b: tf.ragged.cross([a, b]), RS([None, None], tf.string), RS([None, None], "
    "tf.string))(R([['a', 'b'], []]), R([['x'], ['y']]))",
    "tv(lambda a, b: tf.ragged.cross_hashed([a, b], 7), RS([None, None], tf.string), "
    "TS([None, None], tf.string))(R([['a', 'b'], []]), tf.constant([['x'], ['y']]))",
    # segment ids, row splits, range with deltas
    "op(tf.ragged.segment_ids_to_row_splits, tf.constant([0, 0, 2, 2, 2]))",
    "op(tf.ragged.segment_ids_to_row_splits, tf.constant([0, 0, 2]), 5)",
    "op(tf.ragged.segment_ids_to_row_splits, tf.constant([0, 0, 2]), 2)",
    "op(tf.ragged.segment_ids_to_row_splits, tf.constant([1, 0]))",
    "op(tf.ragged.segment_ids_to_row_splits, tf.constant([], tf.int64))",
    "op(tf.ragged.segment_ids_to_row_splits, tf.constant([], tf.int64), 3)",
    "op(tf.ragged.segment_ids_to_row_splits, tf.constant([0, 1]), out_type=tf.int32)",
    "op(tf.ragged.segment_ids_to_row_splits, tf.constant([0, 1]), out_type=tf.float32)",
    "op(tf.ragged.segment_ids_to_row_splits, tf.constant([[0, 1]]))",
    "op(tf.ragged.segment_ids_to_row_splits, tf.constant([-1, 0]))",
    "op(tf.ragged.row_splits_to_segment_ids, tf.constant([0, 2, 2, 5]))",
    "op(tf.ragged.row_splits_to_segment_ids, tf.constant([0, 2, 2, 5]), out_type=tf.int32)",
    "op(tf.ragged.row_splits_to_segment_ids, tf.constant([0]))",
    "op(tf.ragged.row_splits_to_segment_ids, tf.constant([], tf.int64))",
    "op(tf.ragged.row_splits_to_segment_ids, tf.constant([0, 3, 2]))",
    "op(tf.ragged.row_splits_to_segment_ids, tf.constant([1, 3]))",
    "op(tf.ragged.row_splits_to_segment_ids, tf.constant([[0, 3]]))",
    "tv(lambda s: tf.ragged.segment_ids_to_row_splits(s), TS([None], tf.int64))(tf.constant("
    "[0, 0, 3], tf.int64))",
    "tv(lambda s, n: tf.ragged.segment_ids_to_row_splits(s, n), TS([None], tf.int64), TS([], "
    "tf.int64))(tf.constant([0, 0, 3], tf.int64), tf.constant(2, tf.int64))",
    "tv(lambda s: tf.ragged.row_splits_to_segment_ids(s), TS([None], tf.int64))(tf.constant("
    "[0, 1, 1, 4], tf.int64))",
    "outs(lambda s: tf.ragged.segment_ids_to_row_splits(s), TS([4], tf.int64))",
    "outs(lambda s: tf.ragged.row_splits_to_segment_ids(s), TS([4], tf.int64))",
    *[f"op(tf.ragged.range, {a})" for a in (
        "[0, 5, 10], [3, 0, 20], [1, -1, 4]",
        "[0, 5], 10, [3, 2]",
        "[10, 0], 0, [-3, 2]",
        "3, [6, 9], 2",
        "[0.5, 1.], [2., 1.5], [0.5, -0.25]",
        "[0, 1], [5, 5], [0, 1]",
        "[0, 1], [5, 5, 5], 1",
        "tf.constant([0, 1], tf.int64), 4, tf.constant([1, 2], tf.int64)",
        "[0], [4], [1], row_splits_dtype=tf.int32",
        "[0, 1], [5, 5], 1, dtype=tf.float64",
        "[[0]], [2]",
        "[5], [1], [1]",
    )],
    "tv(lambda s, l, d: tf.ragged.range(s, l, d), TS([None], tf.int32), TS([None], tf.int32), "
    "TS([None], tf.int32))(tf.constant([0, 3]), tf.constant([4, 0]), tf.constant([2, -1]))",
    "tv(lambda s, l, d: tf.ragged.range(s, l, d), TS([None], tf.int32), TS([None], tf.int32), "
    "TS([None], tf.int32))(tf.constant([0, 3]), tf.constant([4, 0]), tf.constant([2, 0]))",
    "outs(lambda l: tf.ragged.range(l), TS([None], tf.int32))",
    "outs(lambda s, l: tf.ragged.range(s, l), TS([], tf.int32), TS([4], tf.int32))",
]

# ---------------------------------------------------------------------------------------
PRELUDES["sparse_ops13"] = _COMMON + r"""
sa = ST([[0, 0], [1, 2]], ['a', 'b'], [2, 3])
sb = ST([[0, 1], [1, 0], [1, 1]], ['x', 'y', 'z'], [2, 2])
si = ST([[0, 0], [1, 1]], tf.constant([7, 8], tf.int64), [2, 2])
unord = ST([[1, 0], [0, 1], [0, 0]], [3., 2., 1.], [2, 2])
dup = ST([[0, 0], [0, 0]], [1., 2.], [2, 2])
def op(f, *a, **k):
    return e(lambda: f(*a, **k))
"""
SECTIONS["sparse_ops13"] = [
    # tf.sparse.cross and cross_hashed
    "op(SP.cross, [sa, sb])",
    "op(SP.cross, [sa, sb], separator='|')",
    "op(SP.cross, [sa, si])",
    "op(SP.cross, [sa, tf.constant([['d1'], ['d2']])])",
    "op(SP.cross, [tf.constant([['d1', 'd3'], ['d2', 'd4']]), tf.constant([[5], [6]], "
    "tf.int64)])",
    "op(SP.cross, [sa])",
    "op(SP.cross, [])",
    "op(SP.cross, [sa, ST([[0, 0]], ['q'], [3, 1])])",
    "op(SP.cross, [sa, ST([[0, 0]], [1.5], [2, 1])])",
    "op(SP.cross, [sa, ST(tf.zeros([0, 2], tf.int64), tf.constant([], tf.string), [2, 4])])",
    "op(SP.cross, [ST([[0, 1], [0, 0]], ['b', 'a'], [1, 2]), ST([[0, 0]], ['x'], [1, 1])])",
    "op(SP.cross_hashed, [sa, sb], 100)",
    "op(SP.cross_hashed, [sa, sb], 100, [11, 12])",
    "op(SP.cross_hashed, [sa, sb], 0)",
    "op(SP.cross_hashed, [sa, si], 10)",
    "op(SP.cross_hashed, [sa, sb], 10, [1])",
    "op(SP.cross_hashed, [sa, tf.constant([['d1'], ['d2']])], num_buckets=3)",
    "tv(lambda a, b: SP.cross([a, b]), SS([None, None], tf.string), SS([None, None], "
    "tf.string))(sa, sb)",
    "tv(lambda a, b: SP.cross_hashed([a, b], 50), SS([None, None], tf.string), TS([None, "
    "None], tf.int64))(sa, tf.constant([[4], [5]], tf.int64))",
    "outs(lambda a, b: SP.cross([a, b]), SS([2, None], tf.string), SS([2, None], tf.string))",
    # sparse bincount
    "op(SP.bincount, si)",
    "op(SP.bincount, si, minlength=10)",
    "op(SP.bincount, si, maxlength=7)",
    "op(SP.bincount, si, axis=-1)",
    "op(SP.bincount, si, axis=0)",
    "op(SP.bincount, si, axis=1)",
    "op(SP.bincount, si, binary_output=True, axis=-1)",
    "op(SP.bincount, si, weights=ST([[0, 0], [1, 1]], [0.5, 2.], [2, 2]), axis=-1)",
    "op(SP.bincount, si, weights=tf.constant([[0.5, 0.], [0., 2.]]), axis=-1)",
    "op(SP.bincount, tf.constant([[1, 1, 3], [0, 2, 2]]), axis=-1)",
    "op(SP.bincount, tf.constant([[1, 1, 3], [0, 2, 2]]), axis=-1, minlength=5)",
    "op(SP.bincount, tf.constant([1, -1, 3]))",
    "op(SP.bincount, R([[1, 1], [], [4]]), axis=-1)",
    "op(SP.bincount, R([[1, 1], [], [4]]), axis=-1, binary_output=True, maxlength=3)",
    "op(SP.bincount, R([[1, 1], [], [4]]))",
    "op(SP.bincount, si, binary_output=True, weights=ST([[0, 0], [1, 1]], [0.5, 2.], [2, 2]))",
    "op(SP.bincount, tf.constant([1.5]))",
    "op(SP.bincount, si, minlength=-1)",
    "tv(lambda x: SP.bincount(x, axis=-1), TS([None, None], tf.int32))(tf.constant([[1, 1], "
    "[2, 0]]))",
    "tv(lambda x: SP.bincount(x, axis=-1, minlength=4), RS([None, None], tf.int64))(R([[1], "
    "[], [3, 3]], dtype=tf.int64))",
    "tv(lambda x: SP.bincount(x), SS([None, None], tf.int64))(si)",
    # sparse segment ops
    "op(SP.segment_sum, tf.constant([[1., 2.], [3., 4.], [5., 6.]]), [0, 2], [0, 1])",
    "op(SP.segment_sum, tf.constant([[1., 2.], [3., 4.], [5., 6.]]), [0, 2], [0, 0])",
    "op(SP.segment_sum, tf.constant([[1., 2.], [3., 4.], [5., 6.]]), [0, 2], [1, 0])",
    "op(SP.segment_sum, tf.constant([[1., 2.], [3., 4.], [5., 6.]]), [0, 2], [0, 2])",
    "op(SP.segment_sum, tf.constant([[1., 2.], [3., 4.], [5., 6.]]), [0, 3], [0, 1])",
    "op(SP.segment_sum, tf.constant([[1., 2.], [3., 4.], [5., 6.]]), [0, 2], [0, 1], "
    "num_segments=4)",
    "op(SP.segment_sum, tf.constant([[1., 2.], [3., 4.], [5., 6.]]), [0, 2], [1, 0], "
    "num_segments=4)",
    "op(SP.segment_sum, tf.constant([[1., 2.], [3., 4.], [5., 6.]]), [0, 2], [0, 5], "
    "num_segments=4)",
    "op(SP.segment_sum, tf.constant([[1., 2.], [3., 4.], [5., 6.]]), [0, 2, 1], [0, 1])",
    "op(SP.segment_sum, tf.constant([[1., 2.], [3., 4.], [5., 6.]]), [-1], [0])",
    "op(SP.segment_mean, tf.constant([[1., 2.], [3., 4.], [5., 6.]]), [0, 1, 2], [0, 0, 2])",
    "op(SP.segment_mean, tf.constant([1, 2, 3]), [0, 1], [0, 0])",
    "op(SP.segment_sqrt_n, tf.constant([[1., 2.], [3., 4.], [5., 6.]]), [0, 1, 2], [0, 0, 2])",
    "op(SP.segment_sqrt_n, tf.constant([[1., 2.], [3., 4.], [5., 6.]]), [0, 1], [0, 0], "
    "num_segments=3)",
    "op(SP.segment_sum, tf.constant([1., 2.]), tf.constant([0, 1], tf.int64), tf.constant([0, "
    "1], tf.int32))",
    "op(SP.segment_sum, tf.constant([1., 2.]), tf.constant([0, 1]), tf.constant([0, 1]), "
    "sparse_gradient=True)",
    "tv(lambda d, i, s: SP.segment_sum(d, i, s), TS([None], tf.float32), TS([None], tf.int32),"
    " TS([None], tf.int32))(tf.constant([1., 2., 3.]), tf.constant([0, 2]), tf.constant([0, "
    "3]))",
    "tv(lambda d, i, s: SP.segment_sum(d, i, s), TS([None], tf.float32), TS([None], tf.int32),"
    " TS([None], tf.int32))(tf.constant([1., 2., 3.]), tf.constant([0, 2]), tf.constant([1, "
    "0]))",
    "tv(lambda d, i, s: SP.segment_mean(d, i, s, num_segments=3), TS([None], tf.float32), "
    "TS([None], tf.int32), TS([None], tf.int32))(tf.constant([1., 2., 3.]), tf.constant([0, "
    "2]), tf.constant([2, 2]))",
    "outs(lambda d, i, s: SP.segment_sum(d, i, s), TS([None, 3], tf.float32), TS([None], "
    "tf.int32), TS([None], tf.int32))",
    "outs(lambda d, i, s: SP.segment_sum(d, i, s, num_segments=5), TS([None, 3], tf.float32),"
    " TS([None], tf.int32), TS([None], tf.int32))",
    # unordered and duplicate indices in ops that want them ordered
    "op(SP.to_dense, unord)",
    "op(SP.to_dense, unord, validate_indices=False)",
    "op(SP.to_dense, dup)",
    "op(SP.to_dense, dup, validate_indices=False)",
    "op(SP.reorder, unord)",
    "op(SP.reorder, dup)",
    "op(SP.reduce_sum, unord, 1)",
    "op(SP.reduce_sum, unord)",
    "op(SP.reduce_max, unord, 0)",
    "op(SP.reduce_sum, dup, 1)",
    "op(SP.softmax, unord)",
    "op(SP.softmax, SP.reorder(unord))",
    "op(SP.slice, unord, [0, 0], [1, 2])",
    "op(SP.split, sp_input=unord, num_split=2, axis=1)",
    "op(SP.reshape, unord, [4])",
    "op(SP.fill_empty_rows, unord, 0.)",
    "op(SP.fill_empty_rows, ST([[2, 0], [0, 1]], [3., 2.], [4, 2]), -1.)",
    "op(SP.sparse_dense_matmul, unord, tf.eye(2))",
    "op(SP.add, unord, tf.zeros([2, 2]))",
    "op(SP.add, unord, unord)",
    "op(SP.add, unord, SP.reorder(unord))",
    "op(SP.maximum, unord, SP.reorder(unord))",
    "op(SP.to_indicator, ST([[1, 0], [0, 0]], tf.constant([1, 0], tf.int64), [2, 1]), 3)",
    "op(SP.segment_sum, tf.constant([[1.], [2.]]), [1, 0], [0, 0])",
    "op(SP.transpose, unord)",
    "op(SP.retain, unord, [True, False, True])",
    "op(SP.concat, 1, [unord, unord])",
    "op(tf.sparse.bincount, ST([[1, 0], [0, 0]], tf.constant([1, 0], tf.int64), [2, 1]), "
    "axis=-1)",
    "op(tf.sparse.cross, [ST([[1, 0], [0, 0]], ['b', 'a'], [2, 1]), ST([[0, 0], [1, 0]], ['x',"
    " 'y'], [2, 1])])",
    "op(ST, [[0, 0], [5, 0]], [1., 2.], [2, 2])",
    "op(lambda: SP.to_dense(ST([[0, 0], [5, 0]], [1., 2.], [2, 2])))",
    "op(lambda: SP.to_dense(ST([[0, -1]], [1.], [2, 2])))",
    "op(lambda: SP.reorder(ST([[0, 0], [5, 0]], [1., 2.], [2, 2])))",
    "op(lambda: SP.reduce_sum(ST([[0, 0], [5, 0]], [1., 2.], [2, 2]), 1))",
    "op(ST, [[0, 0]], [1., 2.], [2, 2])",
    "op(ST, [[0, 0]], [1.], [2, 2, 2])",
    "op(ST, [0, 0], [1.], [2, 2])",
    "op(ST, [[0.5, 0]], [1.], [2, 2])",
    "op(ST, [[0, 0]], [[1.]], [2, 2])",
    "tv(lambda s: SP.to_dense(s), SS([None, None], tf.float32))(unord)",
    "tv(lambda s: SP.reduce_sum(s, 1), SS([None, None], tf.float32))(unord)",
    "tv(lambda s: SP.reorder(s), SS([None, None], tf.float32))(unord)",
    "tv(lambda s: SP.to_dense(s), SS([None, None], tf.float32))(dup)",
]

# ---------------------------------------------------------------------------------------
# Round two: around what the first round found (dense operands of a higher rank than a
# ragged one, ragged operands of one ragged rank and two ranks; unordered sparse inputs of
# the crosses; out-of-bounds entries of sparse reductions; Substr's shape function;
# composites rebuilt from parts; row starts past the values; static row counts).
PRELUDES["round_two"] = _COMMON + r"""
r2 = R([[1, 2], [], [3, 4, 5]])
r2f = R([[1., 2.], [], [3., 4., 5.]])
r3 = R([[[1, 2], [3]], [], [[4, 5, 6]]])
ru = R([[[1, 2], [3, 4]], [], [[5, 6]]], ragged_rank=1)
def op(f, *a, **k):
    return e(lambda: f(*a, **k))
def g(fn, *specs):
    # the graph-building error of tracing fn, or its outputs' static shapes
    return run(lambda: outs(fn, *specs))
un = ST([[1, 0], [0, 0], [1, 1]], ['a', 'b', 'c'], [2, 2])
side = ST([[0, 0], [1, 0]], ['x', 'y'], [2, 1])
"""
SECTIONS["round_two"] = [
    # a dense operand of a higher rank than the ragged one
    "op(tf.subtract, tf.ones([2, 1, 1], tf.int32), r2)",
    "op(tf.subtract, r2, tf.ones([2, 1, 1], tf.int32))",
    "op(tf.add, r2, tf.constant([[[1]], [[2]]]))",
    "op(tf.add, r2, tf.constant([[[1], [2], [3]]]))",
    "op(tf.add, r2, tf.constant([[[1], [2]]]))",
    "op(tf.add, r2, tf.zeros([2, 3, 2], tf.int32))",
    "op(tf.add, r2, tf.zeros([1, 1, 1, 1], tf.int32))",
    "op(tf.add, r2, tf.zeros([0, 1, 1], tf.int32))",
    "op(tf.add, r3, tf.zeros([2, 1, 1, 1], tf.int32))",
    "op(tf.add, r3, tf.zeros([2, 3, 1, 1], tf.int32))",
    "op(tf.multiply, r2f, tf.constant([[[2.]], [[3.]]]))",
    "op(tf.equal, r2, tf.ones([2, 1, 1], tf.int32))",
    "op(tf.math.floordiv, tf.fill([2, 1, 1], 10), r2)",
    "op(tf.maximum, ru, tf.zeros([2, 1, 1, 1], tf.int32))",
    "op(tf.add, ru, tf.zeros([2, 1, 1, 2], tf.int32))",
    "op(tf.add, ru, tf.zeros([2, 1, 1, 3], tf.int32))",
    "op(tf.add, R([[1, 2], []], row_splits_dtype=tf.int32), tf.ones([2, 1, 1], tf.int32))",
    "op(tf.add, r2, tf.ones([2, 1, 1], tf.float32))",
    "op(lambda: r2 + np.ones([2, 1, 1], np.int32))",
    "op(lambda: np.ones([2, 1, 1], np.int32) * r2)",
    "op(lambda: r2 + [[[1]], [[2]]])",
    "tv(lambda a, b: a + b, RS([None, None], tf.int32), TS([None, None, None], tf.int32))(r2, "
    "tf.ones([2, 1, 1], tf.int32))",
    "tv(lambda a, b: a + b, RS([None, None], tf.int32), TS([2, 3, 1], tf.int32))(r2, "
    "tf.ones([2, 3, 1], tf.int32))",
    "tv(lambda a, b: b - a, RS([None, None], tf.int32), TS([None, 1, 1], tf.int32))(r2, "
    "tf.ones([2, 1, 1], tf.int32))",
    "g(lambda a, b: a + b, RS([3, None], tf.int32), TS([2, 1, 1], tf.int32))",
    "g(lambda a, b: a + b, RS([None, None], tf.int32), TS([None, None, None], tf.int32))",
    # ragged operands of one ragged rank, two ranks
    "op(tf.add, R([[1, 2], [3]]), R([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1))",
    "op(tf.add, R([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1), R([[1, 2], [3]]))",
    "op(tf.add, R([[10], [20]]), R([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1))",
    "op(tf.add, R([[10, 20], [30]]), R([[[1], [3]], [[5]]], ragged_rank=1))",
    "op(tf.add, R([[[1]], [[2]]], ragged_rank=1), R([[1, 2, 3], [4]]))",
    "op(tf.add, R([[[1, 2]], [[3, 4]]], ragged_rank=1), R([[[1], [2]], [[3]]], ragged_rank=1))",
    "op(tf.add, r2, RT.from_tensor(tf.ones([3, 1, 1], tf.int32)))",
    "op(tf.add, RT.from_tensor(tf.ones([2, 1, 1], tf.int32)), r2)",
    "tv(lambda a, b: a * b, RS([None, None], tf.int32), RS([None, None, 2], tf.int32, "
    "ragged_rank=1))(R([[1, 2], [3]]), R([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1))",
    "g(lambda a, b: a * b, RS([None, None], tf.int32), RS([None, None, 2], tf.int32, "
    "ragged_rank=1))",
    # crosses of unordered sparse inputs
    "op(SP.cross, [un, side])",
    "op(SP.cross, [side, un])",
    "op(SP.cross_hashed, [un, side], 50)",
    "op(SP.cross, [un, tf.constant([['d'], ['e']])])",
    "op(SP.cross, [un, un])",
    "op(tf.ragged.cross, [un, side])",
    "op(tf.ragged.cross, [un, R([['p'], ['q', 'r']])])",
    "op(tf.ragged.cross_hashed, [un, side], 50)",
    "op(SP.cross, [ST([[0, 0], [0, 1], [0, 0]], ['a', 'b', 'c'], [2, 2]), side])",
    "op(tf.ragged.cross, [ST([[0, 0], [0, 1], [0, 0]], ['a', 'b', 'c'], [2, 2]), side])",
    "op(SP.cross, [ST([[0, 0], [3, 0]], ['a', 'b'], [2, 1]), side])",
    "op(SP.cross, [ST([[0, 0], [-1, 0]], ['a', 'b'], [2, 1]), side])",
    "op(tf.ragged.cross, [ST([[0, 0], [3, 0]], ['a', 'b'], [2, 1]), side])",
    "tv(lambda a, b: SP.cross([a, b]), SS([None, None], tf.string), SS([None, None], "
    "tf.string))(un, side)",
    "tv(lambda a, b: tf.ragged.cross([a, b]), SS([None, None], tf.string), SS([None, None], "
    "tf.string))(un, side)",
    # cross_hashed's hash_key as an int attr
    "op(SP.cross_hashed, [side, side], 10, 'x')",
    "op(SP.cross_hashed, [side, side], 10, 1.5)",
    "op(SP.cross_hashed, [side, side], 10, 0)",
    "op(SP.cross_hashed, [side, side], 10, -1)",
    "op(SP.cross_hashed, [side, side], 10, True)",
    "op(SP.cross_hashed, [side, side], 10, np.int64(7))",
    "op(SP.cross_hashed, [side, side], 10, tf.constant(7))",
    "op(SP.cross_hashed, [side, side], 10, 2**64)",
    "op(tf.ragged.cross_hashed, [side, side], 10, 'x')",
    "op(tf.ragged.cross_hashed, [side, side], 10, 1.5)",
    "op(SP.cross_hashed, [side, side], 'x')",
    "op(SP.cross_hashed, [side, side], 2.5)",
    # sparse reductions' entries out of bounds
    *[f"op(SP.{fn}, ST({idx}, [1., 2.], {shape}), {ax})"
      for fn in ("reduce_sum", "reduce_max")
      for idx, shape, ax in (("[[0, 0], [5, 0]]", "[2, 2]", 1),
                             ("[[0, 3], [1, 0]]", "[2, 2]", 1),
                             ("[[0, 0, 0], [0, 5, 0]]", "[2, 3, 2]", 2),
                             ("[[0, 0, 0], [0, 9, 0]]", "[2, 3, 2]", 2),
                             ("[[0, 0], [0, -1]]", "[2, 2]", 0))],
    "op(SP.reduce_sum, ST([[0, 0], [5, 0]], [1., 2.], [2, 2]), 1, keepdims=True)",
    "op(SP.reduce_sum, ST([[0, 0], [5, 0]], [1., 2.], [2, 2]), 1, output_is_sparse=True)",
    "op(SP.reduce_max, ST([[0, 0], [5, 0]], [1., 2.], [2, 2]), 1, output_is_sparse=True)",
    "op(SP.reduce_sum, ST([[0, 0], [5, 0]], [1., 2.], [2, 2]))",
    "op(SP.reduce_sum, ST([[0, 0], [5, 0]], [1., 2.], [2, 2]), [0, 1])",
    "tv(lambda s: SP.reduce_sum(s, 1), SS([None, None], tf.float32))(ST([[0, 0], [5, 0]], "
    "[1., 2.], [2, 2]))",
    "tv(lambda s: SP.reduce_max(s, 1), SS([None, None, None], tf.float32))(ST([[0, 0, 0], "
    "[0, 4, 1]], [1., 2.], [2, 3, 2]))",
    # Substr's shape function as the graph is built
    "g(lambda x, p: S.substr(x, p, 1), TS([None], tf.string), TS([None], tf.int32))",
    "g(lambda x, p, n: S.substr(x, p, n), TS([None], tf.string), TS([None], tf.int32), "
    "TS([3], tf.int32))",
    "g(lambda x, p, n: S.substr(x, p, n), TS([3], tf.string), TS([3], tf.int32), TS([2], "
    "tf.int32))",
    "g(lambda x, p, n: S.substr(x, p, n), TS([3], tf.string), TS([3], tf.int32), TS(None, "
    "tf.int32))",
    "g(lambda x, p, n: S.substr(x, p, n), TS([3], tf.string), TS(None, tf.int32), TS([3], "
    "tf.int32))",
    "g(lambda x, p, n: S.substr(x, p, n), TS([None], tf.string), TS([None], tf.int32), "
    "TS([None], tf.int32))",
    "g(lambda x, p, n: S.substr(x, p, n, name='my_sub'), TS([3], tf.string), TS([2, 3], "
    "tf.int32), TS([3], tf.int32))",
    "g(lambda x, n: S.substr(x, 0, n, unit='UTF8_CHAR'), TS([3], tf.string), TS([3], "
    "tf.int32))",
    "g(lambda x, p: S.substr(x, p, [1, 2]), TS([3], tf.string), TS([2, 2], tf.int32))",
    "g(lambda x, p: (S.substr(x, p, 1), S.substr(x, p, [1])), TS([3], tf.string), TS([], "
    "tf.int32))",
    "g(lambda x, p: S.substr(x, p, 1), TS([3], tf.string), TS([2], tf.int32))",
    "g(lambda x, p: S.substr(x, p, 1), RS([None, None], tf.string), TS([], tf.int32))",
    "g(lambda x, p: S.substr(x, p, tf.constant([1, 1], tf.int64)), TS([3], tf.string), "
    "TS([2], tf.int64))",
    "g(lambda x: S.substr(x, [0, 1], [1, 1, 1]), TS([3], tf.string))",
    "e(lambda: S.substr(tf.constant(['abc', 'de']), [0, 1], [1, 1, 1]))",
    "e(lambda: S.substr(tf.constant(['abc', 'de']), [0, 1], 1))",
    # composites rebuilt from their parts
    "run(lambda: tf.nest.map_structure(lambda t: t.numpy(), R([[1], [2, 3]]), "
    "expand_composites=True))",
    "run(lambda: tf.nest.map_structure(lambda t: t.numpy(), ST([[0, 0]], [1], [2, 2]), "
    "expand_composites=True))",
    "run(lambda: tf.nest.map_structure(lambda t: [0, 1], R([[1], [2, 3]]), "
    "expand_composites=True))",
    "run(lambda: tf.nest.pack_sequence_as(R([[1], [2, 3]]), [tf.constant([1, 2, 3]), "
    "tf.constant([0, 3], tf.int64)], expand_composites=True))",
    "run(lambda: tf.nest.pack_sequence_as(R([[1], [2, 3]]), [tf.constant([1, 2, 3]), "
    "tf.constant([[0, 3]], tf.int64)], expand_composites=True))",
    "run(lambda: tf.nest.pack_sequence_as(R([[1], [2, 3]]), [1, 2], expand_composites=True))",
    "run(lambda: tf.nest.pack_sequence_as(ST([[0, 0]], [1], [2, 2]), [1, 2, 3], "
    "expand_composites=True))",
    "run(lambda: tf.nest.pack_sequence_as(R([[[1]], [[2, 3]]]), [tf.constant([1, 2, 3]), "
    "tf.constant([0, 1, 2], tf.int64), tf.constant([0, 1, 3], tf.int64)], "
    "expand_composites=True))",
    "run(lambda: tf.nest.pack_sequence_as(R([[[1]], [[2, 3]]]), [tf.constant([1, 2, 3]), "
    "tf.constant([0, 1, 2], tf.int64), 5], expand_composites=True))",
    "run(lambda: tf.nest.pack_sequence_as(R([[1], [2, 3]]), [np.array([1, 2, 3]), "
    "np.array([0, 1, 3])], expand_composites=True))",
    "run(lambda: tf.nest.map_structure(lambda t: t + 1, ST([[0, 0]], [1], [2, 2]), "
    "expand_composites=True))",
    # row starts past the values, constant row counts
    "op(RT.from_row_starts, tf.constant([1, 2, 3]), [0, 3, 3])",
    "op(RT.from_row_starts, tf.constant([1, 2, 3]), [0, 4])",
    "op(RT.from_row_starts, tf.constant([1, 2, 3]), [0, 4], validate=False)",
    "op(RT.from_row_starts, tf.reshape(tf.range(6), [3, 2]), [0, 2, 5])",
    "op(RT.from_row_starts, R([[1], [2, 3]]), [0, 3])",
    "tv(lambda x, s: RT.from_row_starts(x, s), TS([None], tf.int32), TS([None], tf.int64))("
    "tf.constant([1, 2, 3]), tf.constant([0, 4], tf.int64))",
    "g(lambda x, s: RT.from_value_rowids(x, s, tf.constant(4, tf.int64)), TS([None], "
    "tf.int32), TS([None], tf.int64))",
    "g(lambda x, s, n: RT.from_value_rowids(x, s, n), TS([None], tf.int32), TS([None], "
    "tf.int64), TS([], tf.int64))",
    "g(lambda x, s: RT.from_value_rowids(x, s, 0), TS([None], tf.int32), TS([None], tf.int64))",
    "g(lambda x, s: RT.from_nested_value_rowids(x, [s], [2]), TS([None], tf.int32), TS([None],"
    " tf.int64))",
    "g(lambda x, p: tf.ragged.stack_dynamic_partitions(x, p, 2), RS([None, None], tf.int32), "
    "TS([None], tf.int64))",
    "g(lambda x, p: tf.ragged.stack_dynamic_partitions(x, p, 4), TS([None], tf.string), "
    "TS([None], tf.int32))",
    "g(lambda x, p: tf.ragged.stack_dynamic_partitions(x, p, 4), TS([None, 2], tf.string), "
    "TS([None, 2], tf.int32))",
    "g(lambda x, p: tf.ragged.stack_dynamic_partitions(x, p, 4), TS([None], tf.string), "
    "TS([], tf.int32))",
    "g(lambda s: tf.ragged.segment_ids_to_row_splits(s, 5), TS([None], tf.int64))",
    "g(lambda x, s: RT.from_row_lengths(x, s), TS([None], tf.int32), TS([3], tf.int64))",
    # ngrams' binding errors as TF's dispatcher words them
    "e(lambda: S.ngrams(tf.constant(['a'])))",
    "e(lambda: S.ngrams(tf.constant(['a']), 2, ' ', None, None, False, None, 9))",
    "e(lambda: S.ngrams(tf.constant(['a']), 2, separator='-', separator2='+'))",
    "e(lambda: S.ngrams(tf.constant(['a']), 2, ngram_width=3))",
    "e(lambda: S.ngrams(data=tf.constant(['a', 'b']), ngram_width=2))",
]

# ---------------------------------------------------------------------------------------
# Round three: tables inside tf.data and tf.function with ragged keys; RaggedTensor's
# from_tensor with lengths and padding, with_values and with_flat_values, to_list of
# strings and bools, constants with inner shapes; mixed row splits dtypes across ops;
# string ops over scalars and ragged rank 3; SparseTensors of strings.
PRELUDES["round_three"] = _COMMON + r"""
def op(f, *a, **k):
    return e(lambda: f(*a, **k))
D = tf.data.Dataset
def kv(k, v, **kw):
    return L.KeyValueTensorInitializer(k, v, **kw)
tab = L.StaticHashTable(kv(['a', 'b', 'c'], tf.constant([1, 2, 3], tf.int64)), -1)
vt = L.StaticVocabularyTable(kv(['a', 'b'], tf.constant([0, 1], tf.int64)), 2)
def dl(ds):
    # a dataset's elements
    return run(lambda: [v(x) for x in ds])
r32 = R([[1, 2], [3]], row_splits_dtype=tf.int32)
r64 = R([[1, 2], [3]])
rs3 = R([[['ab', 'c'], []], [['d\u00e9']]])
"""
SECTIONS["round_three"] = [
    # tables inside tf.data and traced with ragged and sparse keys
    "dl(D.from_tensor_slices(['a', 'z', 'c']).map(tab.lookup))",
    "dl(D.from_tensor_slices(['a', 'z', 'c']).batch(2).map(tab.lookup))",
    "dl(D.from_tensor_slices(R([['a', 'b'], [], ['z']])).map(tab.lookup))",
    "dl(D.from_tensor_slices(['a', 'q', 'r']).map(vt.lookup))",
    "dl(D.from_tensor_slices(['a b', 'c', '']).map(lambda s: tab.lookup(S.split(s))))",
    "dl(D.from_tensor_slices(['a b', 'c', '']).map(lambda s: tab.lookup(S.split(s)))"
    ".ragged_batch(2))",
    "dl(D.from_tensor_slices(['a b', 'c']).batch(2).map(lambda s: tab.lookup(S.split(s))))",
    "dl(D.from_tensor_slices(['a b', 'c']).map(lambda s: vt.lookup(S.split(s))).padded_batch("
    "2))",
    "dl(D.range(3).map(lambda i: tab.lookup(tf.strings.as_string(i))))",
    "dl(D.from_tensor_slices(tf.constant([1, 2], tf.int64)).map(lambda i: tab.lookup(i)))",
    "tv(lambda x: tab.lookup(S.split(x)), TS([None], tf.string))(tf.constant(['a b z', '', "
    "'c']))",
    "tv(lambda x: vt.lookup(S.split(x)).to_tensor(-1), TS([None], tf.string))(tf.constant(["
    "'a b q', '', 'b']))",
    "tv(lambda x: tab.lookup(S.bytes_split(x)), TS([None], tf.string))(tf.constant(['abz', "
    "'']))",
    "tv(lambda x: tf.reduce_sum(tab.lookup(x), axis=1), RS([None, None], tf.string))(R([['a',"
    " 'b'], [], ['c', 'z']]))",
    "tv(lambda x: tab.lookup(x).to_tensor(), RS([None, None, None], tf.string))(rs3)",
    "tv(lambda x: tf.sparse.to_dense(tab.lookup(x)), SS([None, None], tf.string))(ST([[0, 0],"
    " [1, 1]], ['b', 'q'], [2, 2]))",
    "outs(lambda x: tab.lookup(x), RS([None, None, None], tf.string))",
    "outs(lambda x: vt.lookup(x), SS([None, 3], tf.string))",
    # from_tensor with lengths and padding
    "op(RT.from_tensor, tf.constant([[1, 2, 0], [3, 0, 0]]), padding=0)",
    "op(RT.from_tensor, tf.constant([[1, 2, 0], [3, 0, 0]]), lengths=[1, 3])",
    "op(RT.from_tensor, tf.constant([[1, 2, 0], [3, 0, 0]]), lengths=[1, 4])",
    "op(RT.from_tensor, tf.constant([[1, 2, 0], [3, 0, 0]]), lengths=[1, -1])",
    "op(RT.from_tensor, tf.constant([[1, 2, 0], [3, 0, 0]]), lengths=[1])",
    "op(RT.from_tensor, tf.constant([[1, 2, 0], [3, 0, 0]]), lengths=[1, 2], padding=0)",
    "op(RT.from_tensor, tf.constant([[[1, 0], [0, 0]], [[2, 3], [4, 0]]]), padding=0, "
    "ragged_rank=2)",
    "op(RT.from_tensor, tf.constant([[[1, 0], [0, 0]], [[2, 3], [4, 0]]]), padding=[0, 0])",
    "op(RT.from_tensor, tf.constant([[[1, 0], [0, 0]], [[2, 3], [4, 0]]]), padding=[0, 0, 0])",
    "op(RT.from_tensor, tf.constant([[[1, 0], [0, 0]], [[2, 3], [4, 0]]]), lengths=([1, 2], "
    "[1, 2, 1]))",
    "op(RT.from_tensor, tf.constant([[[1, 0], [0, 0]], [[2, 3], [4, 0]]]), lengths=([1, 2], "
    "[1, 2]))",
    "op(RT.from_tensor, tf.constant([['a', ''], ['b', 'c']]), padding='')",
    "op(RT.from_tensor, tf.constant([1, 2]), padding=0)",
    "op(RT.from_tensor, tf.constant([[1., float('nan')]]), padding=float('nan'))",
    "op(RT.from_tensor, tf.constant([[1, 2]]), ragged_rank=0)",
    "op(RT.from_tensor, tf.constant([[1, 2]]), ragged_rank=2)",
    "op(RT.from_tensor, tf.constant([[1, 2]]), row_splits_dtype=tf.int32, lengths=[1])",
    "tv(lambda x: RT.from_tensor(x, padding=0), TS([None, None], tf.int32))(tf.constant([[1, "
    "0], [0, 0], [2, 3]]))",
    "tv(lambda x, n: RT.from_tensor(x, lengths=n), TS([None, None], tf.int32), TS([None], "
    "tf.int64))(tf.constant([[1, 0], [2, 3]]), tf.constant([1, 3], tf.int64))",
    "outs(lambda x: RT.from_tensor(x, padding=0, ragged_rank=2), TS([2, None, 4], tf.int32))",
    # with_values, with_flat_values, to_list
    "op(lambda: r64.with_values(tf.constant([1., 2., 3.])))",
    "op(lambda: r64.with_values(tf.constant([1., 2.])))",
    "op(lambda: r64.with_values(tf.constant([[1.], [2.], [3.]])))",
    "op(lambda: r64.with_values(R([[1], [2], []])))",
    "op(lambda: r64.with_values(R([[1], [2], []], row_splits_dtype=tf.int32)))",
    "op(lambda: r64.with_values([7, 8, 9]))",
    "op(lambda: rs3.with_flat_values(S.length(rs3.flat_values)))",
    "op(lambda: rs3.with_flat_values(tf.constant([1, 2])))",
    "op(lambda: r32.with_flat_values(tf.constant(['x', 'y', 'z'])))",
    "rs3.to_list()",
    "R([[True], []]).to_list()",
    "R([[b'\\xff']]).to_list()",
    "R([[1.5, float('nan')]]).to_list()",
    "RT.from_tensor(tf.zeros([2, 0, 3])).to_list()",
    "R([[[1, 2]], []], ragged_rank=1).to_list()",
    "op(lambda: R([[1, 2], [3]], inner_shape=()))",
    "op(lambda: R([[[1, 2]], [[3, 4]]], inner_shape=(2,)))",
    "op(lambda: R([[[1, 2]], [[3, 4]]], inner_shape=(3,)))",
    "op(lambda: R([[1, 2], [3]], ragged_rank=2))",
    "op(lambda: R([], ragged_rank=1))",
    "op(lambda: R([[]], ragged_rank=1, inner_shape=(2,)))",
    "op(lambda: R([[1, 2], [3]], dtype=tf.string))",
    "op(lambda: R([[1, 'a']]))",
    "op(lambda: R([[[1], 2]]))",
    "op(lambda: tf.ragged.constant_value if hasattr(tf.ragged, 'constant_value') else 'none')",
    # mixed row splits dtypes across ops
    "op(tf.concat, [r32, r64], 0)",
    "op(tf.concat, [r32, r64], 1)",
    "op(tf.ragged.stack, [r32, r64])",
    "op(tf.add, r32, r64)",
    "op(tf.where, R([[True, False], [True]], row_splits_dtype=tf.int32), r64, r64)",
    "op(tf.ragged.boolean_mask, r32, R([[True, False], [True]]))",
    "op(tf.ragged.boolean_mask, r64, R([[True, False], [True]], row_splits_dtype=tf.int32))",
    "op(tf.ragged.map_flat_values, tf.add, r32, r64)",
    "op(tf.ragged.cross, [R([['a'], ['c']], row_splits_dtype=tf.int32), R([['x'], ['y']], "
    "row_splits_dtype=tf.int32)])",
    "op(tf.gather, r32, [1, 0])",
    "op(tf.concat, [r32, r32.with_row_splits_dtype(tf.int64)], 0)",
    "op(tf.concat, [r32, tf.constant([[7, 8]])], 0)",
    "op(tf.concat, [r32, tf.constant([[7, 8]])], 1)",
    # string ops over scalars and ragged rank 3
    "op(S.split, tf.constant('a b'))",
    "op(S.split, tf.constant('a b'), maxsplit=0)",
    "op(S.unicode_split, tf.constant('\\u00e9a'), 'UTF-8')",
    "op(S.unicode_decode_with_offsets, tf.constant('\\u00e9a'), 'UTF-8')",
    "op(S.unicode_encode, tf.constant([233, 97]), 'UTF-8')",
    "op(S.unicode_encode, tf.constant(233), 'UTF-8')",
    "op(S.bytes_split, tf.constant('ab'))",
    "op(S.ngrams, tf.constant(['a', 'b', 'c']), 2)",
    "op(S.ngrams, tf.constant('a'), 2)",
    "op(S.unicode_decode, rs3, 'UTF-8')",
    "op(S.unicode_split, rs3, 'UTF-8')",
    "op(S.unicode_transcode, rs3, 'UTF-8', 'UTF-16-BE')",
    "op(S.split, rs3)",
    "op(S.ngrams, rs3, 2, separator='+')",
    "op(S.reduce_join, rs3, axis=-1, separator='|')",
    "op(S.reduce_join, rs3, axis=1)",
    "op(S.length, rs3, unit='UTF8_CHAR')",
    "op(S.substr, rs3, 0, 1, unit='UTF8_CHAR')",
    "op(S.regex_replace, rs3, '[a-c]', '#')",
    "op(S.to_hash_bucket_fast, rs3, 4)",
    "op(S.upper, rs3, encoding='utf-8')",
    "op(S.format, '{}', rs3)",
    "op(S.as_string, R([[[1, 2]], []], dtype=tf.int8), width=3)",
    "tv(lambda x: S.unicode_decode(x, 'UTF-8'), RS([None, None, None], tf.string))(rs3)",
    "tv(lambda x: S.split(x), RS([None, None, None], tf.string))(rs3)",
    "outs(lambda x: S.split(x), RS([2, None, None], tf.string))",
    "outs(lambda x: S.unicode_split(x, 'UTF-8'), TS([], tf.string))",
    "outs(lambda x: S.unicode_decode_with_offsets(x, 'UTF-8'), TS([], tf.string))",
    # SparseTensors of strings
    "op(SP.from_dense, tf.constant([['a', ''], ['', 'b']]))",
    "op(SP.to_dense, ST([[0, 1]], ['x'], [2, 2]))",
    "op(SP.to_dense, ST([[0, 1]], ['x'], [2, 2]), default_value='?')",
    "op(SP.to_dense, ST([[0, 1]], ['x'], [2, 2]), default_value=0)",
    "op(SP.reorder, ST([[1, 1], [0, 1]], ['x', 'y'], [2, 2]))",
    "op(SP.concat, 0, [ST([[0, 1]], ['x'], [2, 2]), ST([[1, 0]], ['y'], [2, 2])])",
    "op(SP.fill_empty_rows, ST([[1, 1]], ['x'], [3, 2]), '')",
    "op(SP.fill_empty_rows, ST([[1, 1]], ['x'], [3, 2]), 0)",
    "op(SP.reduce_sum, ST([[1, 1]], ['x'], [3, 2]))",
    "op(SP.to_indicator, ST([[0, 0]], ['x'], [1, 1]), 3)",
    "op(SP.retain, ST([[0, 0], [0, 1]], ['x', 'y'], [1, 2]), [False, True])",
    "op(SP.slice, ST([[0, 0], [1, 1]], ['x', 'y'], [2, 2]), [1, 0], [1, 2])",
    "op(SP.transpose, ST([[0, 1], [1, 0]], ['x', 'y'], [2, 2]))",
    "op(SP.expand_dims, ST([[0, 1]], ['x'], [2, 2]), 0)",
    "op(SP.reset_shape, ST([[0, 1]], ['x'], [2, 2]), [3, 3])",
    "op(lambda: RT.from_sparse(ST([[0, 1], [1, 0]], ['x', 'y'], [2, 2])))",
    "op(lambda: tf.sparse.map_values(S.upper, ST([[0, 1]], ['x'], [2, 2])))",
    "op(lambda: tf.sparse.map_values(S.join, ST([[0, 1]], ['x'], [2, 2]), ST([[0, 1]], ['y'],"
    " [2, 2])))",
    "tv(lambda s: SP.to_dense(s, default_value='-'), SS([None, None], tf.string))(ST([[0, 1]],"
    " ['x'], [2, 2]))",
]

# ---------------------------------------------------------------------------------------
# Round four: gradients through the new broadcasts; sparse ops on entries out of order,
# duplicated or out of bounds, eagerly and traced; regexes and joins over malformed UTF-8;
# row partitions' scalars of either dtype.
PRELUDES["round_four"] = _COMMON + r"""
def op(f, *a, **k):
    return e(lambda: f(*a, **k))
fv = tf.constant([1., 2., 3., 4., 5.])
def mk(f):
    return RT.from_row_splits(f, tf.constant([0, 2, 2, 5], tf.int64))
def gr(fn, *xs):
    def go():
        with tf.GradientTape(persistent=True) as t:
            for x in xs:
                t.watch(x)
            y = fn(*xs)
        out = []
        for x in xs:
            g = t.gradient(y, x)
            out.append(tf.convert_to_tensor(g) if isinstance(g, tf.IndexedSlices) else g)
        return out
    return v(run(go))
d3 = tf.constant([[[1.]], [[2.]]])
s3 = ST([[0, 1, 0], [0, 0, 1], [1, 0, 0]], [1., 2., 3.], [2, 2, 2])
bad = tf.constant([b'a\xffb', b'\xe2\x82x'])
"""
SECTIONS["round_four"] = [
    # gradients through a dense operand of a higher rank
    "gr(lambda f, d: tf.reduce_sum((mk(f) * d).flat_values), fv, d3)",
    "gr(lambda f, d: tf.reduce_sum((d - mk(f)).flat_values ** 2), fv, d3)",
    "gr(lambda f, d: tf.reduce_sum(tf.maximum(mk(f), d).flat_values), fv, d3)",
    "gr(lambda f: tf.reduce_sum((mk(f) + tf.zeros([2, 3, 1])).flat_values), fv)",
    "gr(lambda f: tf.reduce_sum((mk(f) * RT.from_tensor(tf.ones([3, 1, 1]))).flat_values), fv)",
    "op(lambda: (mk(fv) + tf.zeros([2, 1, 1])).to_tensor())",
    "op(lambda: (mk(fv) + tf.zeros([2, 1, 1])).nested_row_splits)",
    "op(lambda: (mk(fv) + tf.zeros([2, 1, 1])).uniform_row_length)",
    "op(lambda: (mk(fv) + tf.zeros([2, 3, 1])).bounding_shape())",
    "op(lambda: tf.reduce_sum(mk(fv) + tf.zeros([2, 1, 1]), axis=0))",
    "op(lambda: tf.reduce_sum(mk(fv) + tf.zeros([2, 1, 1]), axis=2))",
    "op(lambda: tf.where(mk(fv) > 2., mk(fv), tf.zeros([2, 1, 1])))",
    # sparse ops on entries out of order, duplicated or out of bounds
    "op(SP.to_dense, s3)",
    "op(SP.to_dense, s3, validate_indices=False)",
    "op(SP.reorder, s3)",
    "op(SP.reduce_sum, s3, 2)",
    "op(SP.reduce_sum, s3, [1, 2])",
    "op(SP.reduce_max, s3, 0, keepdims=True)",
    "op(SP.reduce_sum, s3, 1, output_is_sparse=True)",
    "op(SP.softmax, s3)",
    "op(SP.slice, s3, [0, 0, 0], [1, 2, 2])",
    "op(SP.transpose, s3, [2, 0, 1])",
    "op(SP.reshape, s3, [4, 2])",
    "op(SP.expand_dims, s3, -1)",
    "op(SP.retain, s3, [True, False, True])",
    "op(SP.to_indicator, ST([[0, 1], [0, 0]], tf.constant([2, 0], tf.int64), [1, 2]), 3)",
    "op(SP.bincount, ST([[1, 0], [0, 1], [0, 0]], tf.constant([1, 1, 2], tf.int64), [2, 2]), "
    "axis=-1)",
    "op(SP.segment_sum, tf.constant([[1., 2.], [3., 4.]]), [1, 0], [0, 1])",
    "op(SP.segment_mean, tf.constant([[1., 2.], [3., 4.]]), [1, 1], [1, 0])",
    "op(SP.reduce_sum, ST([[0, 0, 5]], [1.], [2, 2, 2]), 2)",
    "op(SP.reduce_sum, ST([[0, 0, 5]], [1.], [2, 2, 2]), 1)",
    "op(SP.reduce_sum, ST([[0, 0, 5]], [1.], [2, 2, 2]), 0)",
    "op(SP.reduce_sum, ST([[0, 0, 5]], [1.], [2, 2, 2]), [0, 1])",
    "op(SP.reduce_max, ST([[9, 0], [0, 0]], [1., 2.], [2, 2]), 1)",
    "op(SP.reduce_max, ST([[9, 0], [0, 0]], [1., 2.], [2, 2]), 0)",
    "op(SP.reduce_sum, ST([[0, 0], [0, 0]], [1., 2.], [2, 2]), 1)",
    "op(SP.reduce_sum, ST([[1, 0], [0, 0], [1, 0]], [1., 2., 4.], [2, 2]), 1)",
    "op(SP.reduce_max, ST([[1, 0], [0, 0], [1, 1]], [1., 2., 4.], [2, 2]), 1)",
    "tv(lambda s: SP.reduce_sum(s, 2), SS([None, None, None], tf.float32))(s3)",
    "tv(lambda s: SP.reduce_sum(s, 0), SS([None, None], tf.float32))(ST([[9, 0], [0, 0]], "
    "[1., 2.], [2, 2]))",
    "tv(lambda s: SP.softmax(s), SS([None, None, None], tf.float32))(s3)",
    "tv(lambda a, b: SP.cross([a, b]), SS([None, None], tf.string), TS([None, None], "
    "tf.string))(ST([[1, 0], [5, 0]], ['a', 'b'], [2, 1]), tf.constant([['x'], ['y']]))",
    # regexes, joins and case over malformed UTF-8
    "op(S.regex_full_match, bad, '.*')",
    "op(S.regex_full_match, bad, '(?s).*')",
    "op(S.regex_full_match, bad, 'a.b')",
    "op(S.regex_replace, bad, '.', '-')",
    "op(S.regex_replace, bad, 'x', '\\xc3\\xa9')",
    "op(S.regex_replace, bad, '\\xff', '?')",
    "op(S.join, [bad, tf.constant(['1', '2'])], separator='\\xff')",
    "op(S.reduce_join, bad, separator='|')",
    "op(S.length, bad, unit='UTF8_CHAR')",
    "op(S.lower, bad)",
    "op(S.upper, bad)",
    "op(S.strip, tf.constant([b' \\xff ', b'\\xa0x\\xa0']))",
    "op(S.split, tf.constant([b'a\\xffb\\xffc']), b'\\xff')",
    "op(S.split, tf.constant([b'a\\xff b']))",
    "op(S.bytes_split, bad)",
    "op(S.to_number, tf.constant([b'1\\xff']))",
    "op(S.as_string, tf.constant([b'\\xff']))",
    "op(S.format, '{}', bad)",
    "op(S.unicode_script, S.unicode_decode(bad, 'UTF-8').flat_values)",
    "op(S.ngrams, bad, 2)",
    "op(S.unsorted_segment_join, bad, [1, 1], 2, separator='\\xff')",
    "tv(lambda x: S.regex_replace(x, '.', '-'), TS([None], tf.string))(bad)",
    # row partitions' scalars of either dtype
    "op(RT.from_uniform_row_length, tf.constant([1, 2, 3, 4]), tf.constant(2, tf.int32))",
    "op(RT.from_uniform_row_length, tf.constant([1, 2, 3, 4]), tf.constant(2, tf.int32), "
    "nrows=2)",
    "op(RT.from_uniform_row_length, tf.constant([1, 2, 3, 4]), 2, nrows=tf.constant(2, "
    "tf.int32))",
    "op(RT.from_uniform_row_length, tf.constant([1, 2, 3, 4]), np.int32(2))",
    "op(RT.from_uniform_row_length, tf.constant([1, 2, 3, 4]), np.array(2, np.int32))",
    "op(RT.from_uniform_row_length, R([[1], [2, 3]]), tf.constant(1, tf.int32))",
    "op(RT.from_uniform_row_length, R([[1], [2, 3]], row_splits_dtype=tf.int32), "
    "tf.constant(1, tf.int32))",
    "op(RT.from_uniform_row_length, tf.constant([1, 2, 3, 4]), 2.0)",
    "op(RT.from_uniform_row_length, tf.constant([1, 2, 3, 4]), tf.constant(2.0))",
    "op(RT.from_uniform_row_length, tf.constant([1, 2, 3, 4]), tf.constant([2]))",
    "op(RT.from_value_rowids, tf.constant([1, 2]), tf.constant([0, 1]), nrows=tf.constant(2, "
    "tf.int64))",
    "op(RT.from_value_rowids, tf.constant([1, 2]), tf.constant([0, 1], tf.int64), "
    "nrows=tf.constant(2, tf.int32))",
    "op(RT.from_value_rowids, tf.constant([1, 2]), tf.constant([0, 1], tf.int64), nrows=2.0)",
    "op(RT.from_value_rowids, tf.constant([1, 2]), [0, 1], nrows=np.int32(3))",
    "op(RT.from_row_splits, tf.constant([1, 2]), tf.constant([0, 2], tf.int32))",
    "op(RT.from_row_lengths, tf.constant([1, 2]), np.array([2], np.int32))",
    "op(RT.from_row_lengths, tf.constant([1, 2]), np.array([2], np.int64))",
    "op(RT.from_row_starts, tf.constant([1, 2]), np.array([0], np.int32))",
    "tv(lambda x, n: RT.from_uniform_row_length(x, n), TS([None], tf.int32), TS([], tf.int32))"
    "(tf.constant([1, 2, 3, 4]), tf.constant(2))",
    "outs(lambda x, n: RT.from_uniform_row_length(x, n), TS([None], tf.int32), TS([], "
    "tf.int32))",
]

# ---------------------------------------------------------------------------------------
# Round five: regexes and splits over malformed UTF-8 further (\C, anchors, rewrites);
# tables' dtype refusals and vector values traced; segment ids, ranges and bincounts with
# mixed dtypes; crosses of ints.
PRELUDES["round_five"] = _COMMON + r"""
def op(f, *a, **k):
    return e(lambda: f(*a, **k))
def kv(k, v, **kw):
    return L.KeyValueTensorInitializer(k, v, **kw)
bad = tf.constant([b'a\xffb', b'\xe2\x82x', b'\xc3', b''])
"""
SECTIONS["round_five"] = [
    # regexes over malformed UTF-8
    *[f"op(S.regex_replace, bad, {p!r}, '-')" for p in (
        "\\C", "^", "$", "\\b", "x*", "[\\x{80}-\\x{10FFFF}]", "\\p{Any}", "\\PN", "(?i).",
        "[^\\x00-\\x7f]", "a|\\C", ".*", "(.)", "\\Ca")],
    *[f"op(S.regex_full_match, bad, {p!r})" for p in (
        "\\C*", "a\\Cb", ".*\\C.*", "[^b]*", "(?s:.*)", "\\x{ff}*")],
    "op(S.regex_replace, bad, '(b)', '\\\\1\\\\1', replace_global=False)",
    "op(S.regex_replace, bad, '', '|')",
    "op(S.regex_replace, bad, '', '|', replace_global=False)",
    "op(S.regex_replace, tf.constant(['a\\u00e9b']), '', '|')",
    "op(S.regex_replace, tf.constant(['a\\u00e9b']), '\\\\C', '|')",
    "op(S.regex_replace, tf.constant(['a\\u00e9b']), '\\\\C', '|', replace_global=False)",
    "op(S.split, bad, 'x')",
    "op(S.split, tf.constant([b'a\\xff\\xffb']), b'\\xff')",
    "op(S.unicode_split, bad, 'UTF-8')",
    "op(S.unicode_split, bad, 'UTF-8', errors='ignore')",
    "tv(lambda x: S.regex_full_match(x, '.+'), TS([None], tf.string))(bad)",
    "tv(lambda x, p: S.regex_replace(x, p, '-'), TS([None], tf.string), TS([], tf.string))("
    "bad, tf.constant('.'))",
    "tv(lambda x, p: S.regex_full_match(x, p), TS([None], tf.string), TS([], tf.string))(bad,"
    " tf.constant('[^a]*'))",
    # tables: dtype refusals, vector values, traced size and export
    "run(lambda: L.StaticHashTable(kv(tf.constant([1, 2], tf.int32), tf.constant([1, 2], "
    "tf.int32)), 0).lookup(tf.constant([1], tf.int64)))",
    "run(lambda: L.StaticHashTable(kv(tf.constant([1, 2], tf.int64), tf.constant([1., 2.])), "
    "0).lookup(tf.constant([1], tf.int32)))",
    "run(lambda: L.StaticHashTable(kv(['a'], [1]), 0.5))",
    "run(lambda: type(L.StaticHashTable(kv(['a'], [1.5]), 0)).__name__)",
    "v(L.StaticHashTable(kv(['a'], [1.5]), 0.).lookup(tf.constant(['a', 'b'])))",
    "run(lambda: type(kv(['a', 'b'], [[1], [2]])).__name__)",
    "run(lambda: L.StaticHashTable(kv(['a', 'b'], [[1], [2]]), -1))",
    "run(lambda: type(L.experimental.DenseHashTable(tf.string, tf.float32, tf.constant([0., "
    "0.]), empty_key='', deleted_key='$')).__name__)",
    "(lambda t: (t.insert(['a', 'b'], tf.constant([[1., 2.], [3., 4.]])), "
    "v(t.lookup(tf.constant(['b', 'zz']))), v(t.size())))(L.experimental.DenseHashTable("
    "tf.string, tf.float32, tf.constant([0., 0.]), empty_key='', deleted_key='$'))[1:]",
    "(lambda t: (t.insert(['a'], tf.constant([[1., 2.]])), t.erase(['a']), "
    "v(t.lookup(tf.constant(['a'])))))(L.experimental.DenseHashTable(tf.string, tf.float32, "
    "tf.constant([0., 0.]), empty_key='', deleted_key='$'))[2]",
    "(lambda t: tv(lambda k, x: (t.insert(k, x), t.lookup(k))[1], TS([None], tf.string), "
    "TS([None, 2], tf.float32))(tf.constant(['p']), tf.constant([[5., 6.]])))("
    "L.experimental.DenseHashTable(tf.string, tf.float32, tf.constant([0., 0.]), "
    "empty_key='', deleted_key='$'))",
    "(lambda t: outs(lambda k: t.lookup(k), TS([None], tf.string)))(L.experimental."
    "DenseHashTable(tf.string, tf.float32, tf.constant([0., 0.]), empty_key='', "
    "deleted_key='$'))",
    "(lambda t: outs(lambda: t.export()))(L.experimental.DenseHashTable(tf.string, "
    "tf.float32, tf.constant([0., 0.]), empty_key='', deleted_key='$'))",
    "(lambda t: outs(lambda: t.export()))(L.experimental.MutableHashTable(tf.string, "
    "tf.int64, tf.constant([0, 0], tf.int64)))",
    "(lambda t: outs(lambda: t.export()))(L.StaticHashTable(kv(['a'], [1]), -1))",
    "(lambda t: outs(lambda: t.size()))(L.StaticVocabularyTable(kv(['a'], tf.constant([0], "
    "tf.int64)), 3))",
    "(lambda t: outs(lambda k: t.lookup(k), TS(None, tf.string)))(L.StaticVocabularyTable(kv("
    "['a'], tf.constant([0], tf.int64)), 3))",
    # segment ids, ranges and bincounts with mixed dtypes
    "op(tf.ragged.segment_ids_to_row_splits, tf.constant([0, 1], tf.int32), tf.constant(3, "
    "tf.int64))",
    "op(tf.ragged.segment_ids_to_row_splits, tf.constant([0, 1], tf.int64), tf.constant(3, "
    "tf.int32))",
    "op(tf.ragged.segment_ids_to_row_splits, [0, 1], 2.0)",
    "op(tf.ragged.segment_ids_to_row_splits, [0.0, 1.0])",
    "op(tf.ragged.range, tf.constant([0, 1], tf.int64), tf.constant([3, 4], tf.int32))",
    "op(tf.ragged.range, [0, 1], [3.5, 4])",
    "op(tf.ragged.range, [0., 1.], [3, 4], [1, 2])",
    "op(tf.ragged.range, tf.constant([0, 1], tf.int16), 3)",
    "op(tf.ragged.range, [0, 1], [3, 4], row_splits_dtype=tf.int16)",
    "op(tf.ragged.range, 5, row_splits_dtype=tf.int32)",
    "op(SP.bincount, R([[1, 2], [2]]), weights=R([[.5, 1.], [2.]]), axis=-1)",
    "op(SP.bincount, R([[1, 2], [2]]), weights=R([[.5, 1.], [2.]]))",
    "op(SP.bincount, R([[1, 2], [2]]), weights=R([[.5], [1., 2.]]), axis=-1)",
    "op(SP.bincount, R([[1, 2], [2]]), weights=tf.constant([.5, 1., 2.]), axis=-1)",
    "op(SP.bincount, tf.constant([[1, 2], [2, 0]]), weights=tf.constant([[1, 2], [3, 4]]), "
    "axis=-1)",
    "op(SP.bincount, tf.constant([[1, 2], [2, 0]], tf.int64), minlength=2, maxlength=2, "
    "axis=-1)",
    "op(SP.bincount, tf.constant([[1, 2], [2, 0]]), axis=1)",
    # crosses of ints
    "op(SP.cross, [tf.constant([[1, -2]], tf.int64), tf.constant([['a']])])",
    "op(SP.cross_hashed, [tf.constant([[1, -2]], tf.int64), tf.constant([['a']])], 100)",
    "op(SP.cross, [tf.constant([[1, 2]], tf.int32), tf.constant([['a']])])",
    "op(SP.cross, [tf.constant([[1.5]]), tf.constant([['a']])])",
    "op(SP.cross, [tf.constant([[True]]), tf.constant([['a']])])",
    "op(tf.ragged.cross, [tf.constant([[1, -2]], tf.int64), R([['a', 'b']])])",
    "op(tf.ragged.cross_hashed, [tf.constant([[1, -2]], tf.int64), R([['a', 'b']])], 100)",
    "op(tf.ragged.cross, [tf.constant([[1, 2]], tf.int32), R([['a']])])",
]
