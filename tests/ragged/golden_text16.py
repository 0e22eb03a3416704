"""text16's probes: grids crossing what the earlier rounds tried along one axis. as_string's
options over the dtypes no grid took (int16, uint16, uint32, uint64, bfloat16, complex128,
string) and the options no grid passed (fill other than '0' and ' ', negative width and
precision, shortest with scientific or precision), over inf and nan; format's `{}` of every
dtype; to_number of each odd string (whitespace, hex, bases, signs, overflow and underflow,
inf and nan spellings, full-width digits) into each out_type, and the out_types it refuses;
the three hash bucketings of bytes that are not UTF-8, by bucket count and key; decode_raw of
every dtype by byte order and fixed_length; encode_base64/decode_base64 by padding, the
url-safe alphabet and what it refuses; decode_csv by field_delim, quoting, na_value and
select_cols; ragged reductions of every dtype over empty rows (max/min's lowest/highest,
mean's nan); tf.ragged.range of every dtype; segment_ids_to_row_splits by num_segments and
out_type; row_lengths and nested_row_lengths of empty rows; to_tensor truncation of deeper
tensors; elementwise ops on uniform_row_length tensors; substr by unit over broadcast
positions; unsorted_segment_join by ids and num_segments; tf.sparse's from_dense, to_dense
and reorder over strings; regex_replace/regex_full_match with RE2's named groups, word
boundaries, case folding and replace_global=False. Each section runs in its own
environment (its prelude), its expressions in order. record_text16.py records what TF 2.21
answers in text16_golden.json; test_text16_vs_tf.py compares."""

from tests.ragged.golden_text13 import _COMMON

PRELUDES = {}
SECTIONS = {}


def _unique(exprs: list) -> list:
    return list(dict.fromkeys(exprs))


# ---------------------------------------------------------------------------------------
PRELUDES["as_string16"] = _COMMON + r"""
nan, inf = float('nan'), float('inf')
VALS = {
    'int8': tf.constant([-128, 0, 127], tf.int8),
    'uint8': tf.constant([0, 255], tf.uint8),
    'int16': tf.constant([-32768, 7, 32767], tf.int16),
    'uint16': tf.constant([0, 65535], tf.uint16),
    'int32': tf.constant([-5, 123456], tf.int32),
    'uint32': tf.constant([0, 4294967295], tf.uint32),
    'int64': tf.constant([-9223372036854775808, 3], tf.int64),
    'uint64': tf.constant([0, 18446744073709551615], tf.uint64),
    'float16': tf.constant([1.5, -inf, nan, 65504.0], tf.float16),
    'bfloat16': tf.constant([3.140625, -inf, nan, 1e30], tf.bfloat16),
    'float32': tf.constant([0.1, inf, -nan, 123456.789]),
    'float64': tf.constant([1e-7, -inf, nan, 12345678901234.5], tf.float64),
    'complex64': tf.constant([1.5 - 2.25j, complex(inf, nan)], tf.complex64),
    'complex128': tf.constant([0.1 + 1e20j, -0.0 - 0.0j], tf.complex128),
    'bool': tf.constant([True, False]),
    'string': tf.constant(['a', 'bc']),
}
def asr(name, **k):
    return e(lambda: S.as_string(VALS[name], **k))
def fmt(name, **k):
    return e(lambda: S.format('<{}>', VALS[name], **k))
"""
_DT = ("int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float16",
       "bfloat16", "float32", "float64", "complex64", "complex128", "bool", "string")
_AS16 = ("", "precision=1", "scientific=True", "shortest=True", "width=6, fill='0'",
         "fill='x'", "width=6, fill='-'", "width=6, fill='00'", "width=-2", "precision=-1",
         "precision=30", "shortest=True, scientific=True", "shortest=True, precision=2",
         "scientific=True, width=14, fill='0'", "width=7, fill=' ', precision=3")
SECTIONS["as_string16"] = _unique([
    *[f"asr('{t}'{', ' + o if o else ''})" for t in _DT for o in _AS16],
    *[f"fmt('{t}'{s})" for t in _DT for s in ("", ", summarize=1")],
    "tv(lambda x: S.as_string(x, width=6, fill='x'), TS([None], tf.int16))(VALS['int16'])",
    "tv(lambda x: S.as_string(x, precision=2), TS([None], tf.bfloat16))(VALS['bfloat16'])",
    "tv(lambda x: S.as_string(x), TS([None], tf.uint64))(VALS['uint64'])",
    "tv(lambda x: S.as_string(x, shortest=True), TS([None], tf.complex128))("
    "VALS['complex128'])",
])

# ---------------------------------------------------------------------------------------
PRELUDES["to_number16"] = _COMMON + r"""
def num(s, t=tf.float32):
    return e(lambda: S.to_number(tf.constant([s]), t))
"""
_NUMS = (" \\t1\\n", "0X1A", "0x1a", "0b1", "017", "1e", "e5", "+-1", "--1", "1.", "  ",
         "1 2", "\\u0663", "\\uff11", "9223372036854775807", "-9223372036854775808",
         "-9223372036854775809", "4294967296", "-2147483649", "1e308", "1e309", "-1e-400",
         "0x1.8p1", "infinity", "-nan", "nan(123)", "+Inf", "INFINITY", "1d", "1f",
         "3.999999999", "1.4e-45", "  +0  ", "1e+2", "0e0", "-0", "2.5e-1", "0x7fffffff",
         "0x80000000", "1__0", "\\x00", "1\\x002")
_BAD_OUT = ("tf.float16", "tf.bfloat16", "tf.int8", "tf.uint8", "tf.int16",
            "tf.string", "tf.bool", "tf.complex64")
SECTIONS["to_number16"] = _unique([
    *[f"num('{s}', {t})" for s in _NUMS
      for t in ("tf.float32", "tf.float64", "tf.int32", "tf.int64", "tf.uint32", "tf.uint64")],
    *[f"num('1', {t})" for t in _BAD_OUT],
    "e(lambda: S.to_number(R([['0x10', ' 1 '], []]), tf.int64))",
    "e(lambda: S.to_number(tf.constant([['1e39', '-1e39']])))",
    "e(lambda: S.to_number(tf.constant(' 7 '), tf.int32))",
    "e(lambda: S.to_number(R([['18446744073709551615'], []]), tf.uint64))",
    "tv(lambda x: S.to_number(x, tf.uint32), TS([None], tf.string))(tf.constant(['1', '-1']))",
    "tv(lambda x: S.to_number(x, tf.int64), TS([None], tf.string))(tf.constant(['1', "
    "'9223372036854775808']))",
    "tv(lambda x: S.to_number(x, tf.float64), RS([None, None], tf.string))(R([['1e309'], "
    "['nan', '-inf']]))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["hash16"] = _COMMON + r"""
XS = {'bytes': tf.constant([b'\xff', b'\x00', b'a\x00b', b'\xc3\xa9', b'\xe9', b'x' * 300]),
      'ragged': R([[b'\xff\xfe', b''], [], [b'abc']]),
      'scalar': tf.constant(b'\x80'),
      'cube': tf.constant([[['a', 'b']], [['c', 'd']]]),
      'empty': tf.zeros([0, 2], tf.string),
      'sparse': ST([[0, 0], [1, 2]], [b'\xff', b'q'], [2, 3])}
def hb(kind, x, n, **k):
    fn = {'fast': S.to_hash_bucket_fast, 'strong': S.to_hash_bucket_strong,
          'plain': S.to_hash_bucket}[kind]
    if kind == 'strong':
        k.setdefault('key', [3, 4])
    return e(lambda: fn(XS[x], n, **k))
"""
_KEYS = ("[0, 0]", "[1, 0]", "[0, 1]", "[2**63 - 1, 2**63 - 1]", "[12345678901, 98765]",
         "(5, 6)", "tf.constant([1, 2], tf.int64)", "[1.5, 2]", "[]", "[[1, 2]]")
SECTIONS["hash16"] = _unique([
    *[f"hb('{k}', '{x}', {n})" for k in ("plain", "fast", "strong")
      for x in ("bytes", "ragged", "scalar", "cube", "empty", "sparse")
      for n in (1, 3, 2**31 - 1, 2**62)],
    *[f"hb('strong', 'bytes', 1000, key={k})" for k in _KEYS],
    *[f"hb('{k}', 'bytes', {n})" for k in ("plain", "fast", "strong")
      for n in ("0", "-3", "tf.constant(5)", "tf.constant(5, tf.int64)", "5.0", "[5]")],
    "tv(lambda x: S.to_hash_bucket_strong(x, 97, [7, 8]), TS([None], tf.string))(XS['bytes'])",
    "tv(lambda x: S.to_hash_bucket_fast(x, 97), RS([None, None], tf.string))(XS['ragged'])",
    "tv(lambda x: S.to_hash_bucket(x, 97), TS(None, tf.string))(XS['cube'])",
])

# ---------------------------------------------------------------------------------------
PRELUDES["codecs16"] = _COMMON + r"""
B = tf.constant([b'\x01\x80\xff\x7f\x00\x3c\x80\x3f\x00\x00\x80\x7f\x01\x02\x03\x04',
                 b'\xff' * 16])
def raw(dt, x=None, **k):
    return e(lambda: tf.io.decode_raw(B if x is None else x, dt, **k))
def b64e(s, **k):
    return e(lambda: tf.io.encode_base64(tf.constant([s]), **k))
def b64d(s):
    return e(lambda: tf.io.decode_base64(tf.constant([s])))
def csv(recs, defaults, **k):
    return e(lambda: tf.io.decode_csv(recs, defaults, **k))
"""
_RAWDT = ("tf.int8", "tf.uint8", "tf.int16", "tf.uint16", "tf.int32", "tf.uint32", "tf.int64",
          "tf.uint64", "tf.float16", "tf.bfloat16", "tf.float32", "tf.float64", "tf.complex64",
          "tf.complex128", "tf.bool", "tf.string")
_ENC = ("b''", "b'a'", "b'ab'", "b'abc'", "b'\\xfb\\xff'", "b'\\xfb\\xff\\xbf'",
        "b'\\x00\\x00\\x00\\x00'", "b'hello world!'", "'\\u00e9\\u20ac'")
_DEC = ("''", "'YQ'", "'YQ='", "'YQ=='", "'YQ==='", "'Y'", "'YWJj'", "'-_8'", "'+/8'",
        "'-_-_'", "'YW Jj'", "'YW\\nJj'", "'YQ==YQ=='", "'===='", "'a==='", "'YWI'",
        "'YWI='", "'Zg=a'", "'!!!!'", "'_w'", "'_w=='", "'YR'", "'YWJjZA'", "'\\u00e9'")
_CSV = (
    ("['a;b;c']", "[[''], [''], ['']]", "field_delim=';'"),
    ("['a;\"b;c\";d']", "[[''], [''], ['']]", "field_delim=';'"),
    ("['1 2  3']", "[[0], [0], [0], [0]]", "field_delim=' '"),
    ("['1\\t\\t3']", "[[0], [7], [0]]", "field_delim='\\t'"),
    ("['1,2']", "[[0], [0]]", "field_delim=';'"),
    ("['1;2']", "[[0], [0]]", "field_delim=';;'"),
    ("['\"x\"\"y\";z']", "[[''], ['']]", "field_delim=';'"),
    ("['\"x\"\"y\";z']", "[[''], ['']]", "field_delim=';', use_quote_delim=False"),
    ("['\"1\",2']", "[[0], [0]]", "use_quote_delim=False"),
    ("['\"\",\"\"']", "[[5], ['d']]", ""),
    ("['\"\",\"\"']", "[[5], ['d']]", "na_value='\"\"'"),
    ("['?,?']", "[[5], ['d']]", "na_value='?'"),
    ("['?,?']", "[[], ['d']]", "na_value='?'"),
    ("['?,x']", "[[1.5], ['d']]", "na_value='?', select_cols=[0, 1]"),
    ("['1;2;3;4']", "[[0], [0]]", "field_delim=';', select_cols=[0, 3]"),
    ("['1;2;3;4']", "[[0], [0]]", "field_delim=';', select_cols=[3, 0]"),
    ("['1,2,3', '4,5,6']", "[[0], ['']]", "select_cols=[1, 2]"),
    ("['1,2,3', '4,5']", "[[0], ['']]", "select_cols=[1, 2]"),
    ("['1,2,3']", "[[0], [''], [0.0]]", "select_cols=[0, 1]"),
    ("['1,2,3']", "[[0]]", "select_cols=[]"),
    ("['a,\"b\"c']", "[[''], ['']]", ""),
    ("['\"a\" ,b']", "[[''], ['']]", ""),
    ("[' \"a\",b']", "[[''], ['']]", ""),
    ("['\"a,b\"']", "[['']]", ""),
    ("['\"a,b\"']", "[[''], ['']]", "use_quote_delim=False"),
    ("[['1,2'], ['3,4']]", "[[0], [0]]", "field_delim=','"),
    ("tf.constant('9|x')", "[[0], ['']]", "field_delim='|'"),
    ("['1e2,0x10']", "[[0.0], [0]]", ""),
    ("['1e2,0x10']", "[[0.0], [tf.constant(0, tf.int64)]]", ""),
    ("['inf,-nan']", "[[tf.constant(0.0, tf.float64)], [0.0]]", ""),
    ("['true,0']", "[[''], [tf.constant(0, tf.int64)]]", "na_value='true'"),
    ("['9223372036854775808']", "[[tf.constant(0, tf.int64)]]", ""),
    ("['-2147483648,2147483647']", "[[0], [0]]", ""),
)
SECTIONS["codecs16"] = _unique([
    *[f"raw({d}{k})" for d in _RAWDT for k in ("", ", little_endian=False")],
    *[f"raw({d}, fixed_length={n})" for d in _RAWDT[:14] for n in (8, 6)],
    *[f"raw({d}, tf.constant([[b'\\x01\\x02\\x03\\x04'] * 2]))" for d in _RAWDT[:6]],
    *[f"raw({d}, tf.constant([b'\\x01\\x02\\x03\\x04', b'\\x05']), fixed_length=4, "
      f"little_endian=False)" for d in _RAWDT[:6]],
    *[f"b64e({s}{p})" for s in _ENC for p in ("", ", pad=True")],
    *[f"b64d({s})" for s in _DEC],
    *[f"csv({r}, {d}{', ' + k if k else ''})" for r, d, k in _CSV],
    "e(lambda: tf.io.decode_base64(tf.io.encode_base64(tf.constant([[b'\\xfb\\xff'], "
    "[b'']]), pad=True)))",
    "e(lambda: tf.io.encode_base64(R([[b'ab'], []])))",
    "tv(lambda x: tf.io.decode_raw(x, tf.uint16, little_endian=False), TS([None], "
    "tf.string))(tf.constant([b'\\x01\\x02\\x03\\x04']))",
    "tv(lambda x: tf.io.decode_raw(x, tf.int32, fixed_length=6), TS([None], tf.string))("
    "tf.constant([b'\\x01\\x02\\x03\\x04\\x05\\x06']))",
    *[f"tv(lambda x: tf.io.decode_raw(x, {d}, fixed_length={n}{k}), TS({sh}, tf.string))("
      f"tf.constant([b'\\x01\\x02\\x03\\x04']))"
      for d, n, k, sh in (("tf.int16", 3, "", "[None]"), ("tf.int16", 0, "", "[None]"),
                          ("tf.int32", -4, "", "[None]"), ("tf.int16", 3, ", name='rw'", "None"),
                          ("tf.float64", 12, ", little_endian=False", "[1]"),
                          ("tf.uint8", 3, "", "[None]"))],
    "tv(lambda x: tf.io.decode_base64(x), TS([None], tf.string))(tf.constant(['YQ==', 'YQ']))",
    "tv(lambda x: tf.io.decode_csv(x, [[0], ['']], field_delim=';', na_value='-'), "
    "TS([None], tf.string))(tf.constant(['-;-', '3;c']))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["ragged_reduce16"] = _COMMON + r"""
def mk(dt):
    return tf.cast(R([[1, 3], [], [2], []]), dt)
def red(op, dt, **k):
    return e(lambda: getattr(tf.math, op)(mk(dt), **k))
"""
_RDT = ("tf.int8", "tf.uint8", "tf.int16", "tf.uint16", "tf.int32", "tf.uint32", "tf.int64",
        "tf.uint64", "tf.float16", "tf.bfloat16", "tf.float64", "tf.complex64")
SECTIONS["ragged_reduce16"] = _unique([
    *[f"red('{op}', {d}, axis={a})"
      for op in ("reduce_sum", "reduce_prod", "reduce_min", "reduce_max", "reduce_mean")
      for d in _RDT for a in ("None", "0", "1")],
    *[f"red('{op}', tf.bool, axis={a})" for op in ("reduce_all", "reduce_any",
                                                   "reduce_max", "reduce_sum")
      for a in ("None", "0", "1")],
    *[f"red('{op}', {d}, axis=1)" for op in ("reduce_variance", "reduce_std",
                                           "reduce_logsumexp", "reduce_euclidean_norm")
      for d in ("tf.float16", "tf.float64", "tf.int32", "tf.bfloat16")],
    "tv(lambda x: tf.reduce_max(x, axis=1), RS([None, None], tf.int8))(mk(tf.int8))",
    "tv(lambda x: tf.reduce_min(x, axis=1), RS([None, None], tf.uint16))(mk(tf.uint16))",
    "tv(lambda x: tf.reduce_mean(x, axis=1), RS([None, None], tf.float16))(mk(tf.float16))",
    "tv(lambda x: tf.reduce_mean(x, axis=1), RS([None, None], tf.int32))(mk(tf.int32))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["ragged_rows16"] = _COMMON + r"""
e3 = R([[[1, 2], []], [], [[], [3]], [[]]])
e4 = R([[[[1]], []], [], [[[], [2, 3]]]])
u2 = RT.from_uniform_row_length(tf.range(6), 2)
W2 = R([[1, 2], [], [3]])
I2, B2 = RS([None, None], tf.int32), RS([None, None], tf.bool)
u3 = RT.from_uniform_row_length(RT.from_row_splits(tf.range(5), [0, 2, 2, 3, 5]), 2)
def rr(dt, *a):
    return e(lambda: tf.ragged.range(*[tf.constant(x, dt) for x in a]))
def sid(ids, **k):
    return e(lambda: tf.ragged.segment_ids_to_row_splits(ids, **k))
"""
_RGDT = ("tf.int8", "tf.int16", "tf.int32", "tf.int64", "tf.uint8", "tf.uint16",
         "tf.float16", "tf.bfloat16", "tf.float32", "tf.float64")
_SIDS = ("[]", "[0, 0, 2]", "[1, 1]", "[2]", "[0, 2, 1]", "[-1, 0]",
         "tf.constant([0, 1, 1], tf.int64)", "tf.constant([0, 3], tf.int32)", "[[0, 1]]")
_SHAPES16 = ("[2, 1, 1]", "[4, 2, 2]", "[1, None, 3]", "[None, 1, None]", "[3, 2, 1, 1]",
             "[4, 3]", "[0, 2, 2]")
SECTIONS["ragged_rows16"] = _unique([
    *[f"rr({d}, {a})" for d in _RGDT
      for a in ("[3, 0]", "[1, 2], [4, 9]", "[5, 0], [0, 5], [-2, 2]", "0, [2, 3], 0.5")],
    *[f"sid({i}{k})" for i in _SIDS
      for k in ("", ", num_segments=4", ", num_segments=0", ", out_type=tf.int32")],
    *[f"e(lambda: {x}.row_lengths(axis={a}))" for x in ("e3", "e4", "u3")
      for a in (1, 2, 3, -1)],
    *[f"e(lambda: {x}.nested_row_lengths())" for x in ("e3", "e4", "u2", "u3")],
    *[f"e(lambda: {x}.nested_row_splits)" for x in ("u2", "u3")],
    *[f"e(lambda: {x}.to_tensor(shape={s}, default_value=-1))" for x in ("e3", "u3")
      for s in _SHAPES16],
    *[f"e(lambda: {x}.merge_dims({a}, {b}))" for x in ("u2", "u3", "e4")
      for a, b in ((0, 1), (1, 2), (0, -1))],
    *[f"e(lambda: {x}.with_row_splits_dtype(tf.int32).uniform_row_length)"
      for x in ("u2", "u3")],
    *[f"e(lambda: {op})" for op in (
        "u2 + 1", "u2 * u2", "u2 + tf.constant([10, 20])", "u2 + tf.constant([[1], [2], [3]])",
        "u2 + R([[1, 1], [2, 2], [3, 3]])", "u2 + R([[1, 1], [2], [3, 3]])",
        "tf.maximum(u3, 1)", "u3 * 2", "tf.cast(u2, tf.float32) / 2", "-u3",
        "u2 == R([[0, 1], [2, 3], [4, 6]])", "tf.where(u2 > 2, u2, -u2)",
        "tf.math.add_n([u2, u2, u2])", "tf.concat([u2, u2], axis=1)",
        "tf.concat([u2, u2], axis=0)", "tf.stack([u2, u2], axis=1)",
        "tf.reduce_sum(u3, axis=1)", "tf.reduce_max(u3, axis=2)", "u2[1:]", "u2[:, 1]",
        "u3[:, 1]", "tf.gather(u2, [2, 0])", "u2.to_tensor()", "u3.to_tensor()",
        "u3.bounding_shape()", "tf.shape(u3)", "u2.value_rowids()", "u2 + tf.constant([[10, 20]])",
        "R([[1, 1], [2, 2], [3, 3]]) + u2", "u2 + RT.from_uniform_row_length(tf.range(6), 2)",
        "u3 + tf.constant([[1], [2]])", "u3 + R([[[1, 1], []], [[1], [1, 1]]])",
        "u3 + tf.constant([5])", "tf.maximum(u2, tf.constant([0, 9]))", "u2 + R([[1]])",
        "u2 * tf.constant([1, 2, 3])", "u2 - tf.constant([[1, 2, 3]])",
        "(u2 + tf.constant([10, 20])).uniform_row_length",
        "(u2 + R([[1, 1], [2, 2], [3, 3]])).uniform_row_length")],
    "tv(lambda x, y: x + y, RS([3, 2], tf.int32), TS([2], tf.int32))(u2, tf.constant([1, 2]))",
    "tv(lambda x, y: x * y, RS([3, 2], tf.int32), TS([None], tf.int32))(u2, tf.constant([1, 2]))",
    "tv(lambda s: tf.ragged.segment_ids_to_row_splits(s, num_segments=3), TS([None], "
    "tf.int32))(tf.constant([0, 0, 2]))",
    "tv(lambda s: tf.ragged.segment_ids_to_row_splits(s, num_segments=1), TS([None], "
    "tf.int32))(tf.constant([0, 0, 2]))",
    "tv(lambda x: x.row_lengths(axis=2), RS([None, None, None], tf.int32))(e3)",
    "tv(lambda x: x.to_tensor(shape=[2, 1, 1], default_value=-1), RS([None, None, None], "
    "tf.int32))(e3)",
    # traced ragged where of shapes that do not broadcast: TF's checks, in their order
    *[f"tv(lambda c, x, y: tf.where(c, x, y), RS([None, None], tf.bool), RS([None, None], "
      f"tf.int32), RS([None, None], tf.int32))({c}, {x}, {y})" for c, x, y in (
          ("R([[True, False], [], [True]])", "W2", "R([[4, 4], [5], [6]])"),
          ("R([[True], [False]])", "W2", "W2"),
          ("R([[True, False], [], [True]])", "W2", "R([[7, 8]])"),
          ("R([[True, False]])", "W2", "W2"),
          ("R([[True, False], [True], [True]])", "W2", "W2"),
          ("R([[True, False], [], [True]])", "W2", "W2 * 2"),
          ("R([[True], [False, True]])", "R([[1], [2, 3]])", "R([[4], [5]])"))],
    # ... with a dense operand of rank 2 at most
    *[f"tv(lambda c, x, y: tf.where(c, x, y), {sc}, {sx}, {sy})({c}, {x}, {y})"
      for sc, sx, sy, c, x, y in (
          ("TS([None], tf.bool)", "I2", "I2", "tf.constant([True, False, True])", "W2", "W2"),
          ("TS([None, None], tf.bool)", "I2", "I2", "tf.constant([[True], [False], [True]])",
           "W2", "W2 * 0"),
          ("TS([None, None], tf.bool)", "I2", "I2", "tf.constant([[True, False]])", "W2",
           "W2"),
          ("TS([None, None], tf.bool)", "I2", "I2", "tf.constant([[True], [False]])", "W2",
           "W2"),
          ("TS([], tf.bool)", "I2", "I2", "tf.constant(False)", "W2", "W2 * 0"),
          ("B2", "I2", "TS([None], tf.int32)", "W2 > 1", "W2", "tf.constant([0, 0, 0])"),
          ("B2", "I2", "TS([None, None], tf.int32)", "W2 > 1", "W2",
           "tf.constant([[0], [1], [2]])"),
          ("B2", "I2", "TS([None, None], tf.int32)", "W2 > 1", "W2", "tf.constant([[0], [1]])"),
          ("B2", "I2", "TS([], tf.int32)", "W2 > 1", "W2", "tf.constant(9)"),
          ("B2", "I2", "I2", "W2 > 1", "W2", "R([[1], [], []])"))],
])

# ---------------------------------------------------------------------------------------
PRELUDES["strings16"] = _COMMON + r"""
SX = tf.constant(['h\u00e9llo', '', '\U0001F600ab', 'xyz'])
def sub(pos, ln, unit='BYTE', x=SX):
    return e(lambda: S.substr(x, pos, ln, unit=unit))
J = tf.constant(['a', 'b', 'c', 'd', 'e'])
def usj(ids, n, x=J, **k):
    return e(lambda: S.unsorted_segment_join(x, ids, n, **k))
DENSE = tf.constant([['a', '', 'c'], ['', '', 'f']])
def fd(x):
    return e(lambda: SP.from_dense(x))
RX = tf.constant(['Hello World', 'the cat sat', 'CamelCase x', 'a-b c_d', '', '\u00c9t\u00e9 ok'])
def rfm(p):
    return e(lambda: S.regex_full_match(RX, p))
def rrep(p, r, g=True):
    return e(lambda: S.regex_replace(RX, p, r, replace_global=g))
"""
_SUBPOS = ("-5", "-2", "-1", "0", "2", "4", "5", "6")
_SUBLEN = ("-1", "0", "2", "10")
_IDS = (("[0, 1, 0, 2, 1]", "3"), ("[0, 1, 0, 2, 1]", "5"), ("[0, 1, 0, 2, 1]", "2"),
        ("[-1, 0, -1, 1, 0]", "2"), ("[4, 4, 4, 4, 4]", "5"), ("[0, 0, 0, 0, 0]", "1"),
        ("[0, 1, 0, 2, 1]", "0"), ("[0, 1]", "2"), ("tf.constant([1, 0, 1, 0, 1], tf.int64)",
                                                      "tf.constant(2, tf.int64)"),
        ("[0, 1, 0, 2, 1]", "-1"))
_REGEX = ("(?i)hello world", "(?i)HELLO.*", "\\\\b\\\\w+\\\\b", ".*\\\\bcat\\\\b.*",
          "(?P<first>\\\\w+) (?P<second>\\\\w+)", "[[:upper:]][[:lower:]]+.*",
          "(?i)[a-z ]+", ".*\\\\Bat\\\\b.*", "\\\\p{Lu}.*", "(?U)\\\\w+ \\\\w+")
_REP = (("(?P<w>\\\\w+)", "[\\\\1]"), ("\\\\b", "|"), ("(?i)[aeiou]", "_"),
        ("([A-Z])", "<\\\\1>"), ("\\\\s+", ""), ("(\\\\w)(\\\\w*)", "\\\\2\\\\1"),
        ("\\\\B", "."), ("(?i)T", "7"), ("^|$", "#"), ("\\\\p{L}+", "L"))
SECTIONS["strings16"] = _unique([
    *[f"sub({p}, {n}{u})" for p in _SUBPOS for n in _SUBLEN
      for u in ("", ", 'UTF8_CHAR'")],
    *[f"sub({p}, {n}, 'UTF8_CHAR')" for p, n in (
        ("[0, 1, -1, 2]", "1"), ("[-5, -1, 0, 1]", "[1, 2, 3, 4]"), ("[[0], [1]]", "2"),
        ("[[0, 1, 2, 3]]", "[[1], [2]]"), ("[0, 1]", "1"), ("1", "[1, 2, 3]"))],
    *[f"sub({p}, {n}, {u!r}, R([['h\\u00e9', 'abc'], [], ['\\U0001F600']]))"
      for p, n in (("0", "1"), ("-1", "1"), ("1", "5"), ("-3", "2"))
      for u in ("BYTE", "UTF8_CHAR")],
    *[f"usj({i}, {n}{s})" for i, n in _IDS for s in ("", ", separator='+'")],
    "usj([[0, 1, 0], [1, 1, 0]], 2, tf.constant([['a', 'b', 'c'], ['d', 'e', 'f']]))",
    "usj([0, 1], 2, tf.constant([['a', 'b'], ['c', 'd']]), separator='/')",
    "usj([0, 1, 0], 2, tf.constant([['a', 'b'], ['c', 'd']]))",
    "usj([[0], [1]], 2, tf.constant([['a', 'b'], ['c', 'd']]))",
    *[f"fd({x})" for x in ("DENSE", "tf.constant(['', 'x'])", "tf.constant('s')",
                           "tf.constant([[[b'', b'\\xff']]])", "tf.zeros([2, 0], tf.string)")],
    "e(lambda: SP.to_dense(SP.from_dense(DENSE)))",
    "e(lambda: SP.to_dense(ST([[1, 0], [0, 2]], ['x', 'y'], [2, 3])))",
    "e(lambda: SP.to_dense(ST([[1, 0], [0, 2]], ['x', 'y'], [2, 3]), default_value='?'))",
    "e(lambda: SP.to_dense(SP.reorder(ST([[1, 0], [0, 2]], ['x', 'y'], [2, 3]))))",
    "e(lambda: SP.to_dense(ST([[0, 0], [0, 0]], ['x', 'y'], [2, 3])))",
    "e(lambda: SP.to_dense(ST([[0, 0], [0, 0]], ['x', 'y'], [2, 3]), validate_indices=False))",
    "e(lambda: SP.to_dense(ST([[3, 0]], ['x'], [2, 3])))",
    "e(lambda: SP.to_dense(ST([[1, 0], [0, 2]], ['x', 'y'], [2, 3]), default_value=0))",
    "e(lambda: SP.reorder(ST([[1, 2], [0, 1], [1, 0], [0, 0]], ['d', 'c', 'b', 'a'], [2, 3])))",
    "e(lambda: SP.reorder(ST([[2], [0], [1]], [b'\\xff', b'', b'z'], [3])))",
    "e(lambda: SP.reorder(ST([[1, 1, 0], [0, 1, 1], [0, 0, 1]], ['c', 'b', 'a'], [2, 2, 2])))",
    "e(lambda: SP.reorder(ST(tf.zeros([0, 2], tf.int64), tf.constant([], tf.string), [2, 2])))",
    "e(lambda: SP.reorder(ST([[0, 1], [0, 1]], ['p', 'q'], [1, 2])))",
    "e(lambda: SP.to_dense(SP.reorder(ST([[1, 1], [0, 0]], ['b', 'a'], [2, 2])), "
    "default_value='-'))",
    *[f"rfm('{p}')" for p in _REGEX],
    *[f"rrep('{p}', '{r}', {g})" for p, r in _REP for g in (True, False)],
    "tv(lambda x, p: S.substr(x, p, 1, unit='UTF8_CHAR'), TS([None], tf.string), "
    "TS([None], tf.int32))(SX, tf.constant([-1, 0, -3, 2]))",
    "tv(lambda x, i: S.unsorted_segment_join(x, i, 3, separator='-'), TS([None], tf.string), "
    "TS([None], tf.int32))(J, tf.constant([2, 0, 2, -1, 0]))",
    "tv(lambda x: SP.to_dense(SP.from_dense(x), default_value='z'), TS([None, None], "
    "tf.string))(DENSE)",
    "tv(lambda x: S.regex_replace(x, '(?P<w>\\\\w+)', '\\\\1!', replace_global=False), "
    "TS([None], tf.string))(RX)",
])

# ---------------------------------------------------------------------------------------
PRELUDES["unicode16"] = _COMMON + r"""
LE = {'UTF-16-LE': tf.constant([b'a\x00\x00\xd8', b'\x00\xdcb\x00', b'=\xd8\x00\xde', b'a',
                                b'\x07\x00\x00\x00']),
      'UTF-32-LE': tf.constant([b'a\x00\x00\x00\x00\x00\x11\x00', b'\x00\xd8\x00\x00',
                                b'\x00\xf6\x01\x00!', b'\x07\x00\x00\x00'])}
RLE = R([[b'a\x00\x00\xd8', b''], [], [b'=\xd8\x00\xde']])
BAD8 = tf.constant([b'a\xffb', b'\xed\xa0\x80', b'\xf0\x9f\x98\x80', b'\x07\xc2\x80'])
def uni(fn, x, enc, **k):
    ops = {'dec': S.unicode_decode, 'dwo': S.unicode_decode_with_offsets,
           'spl': S.unicode_split, 'swo': S.unicode_split_with_offsets}
    if fn == 'tr8':
        return e(lambda: S.unicode_transcode(x, enc, 'UTF-8', **k))
    return e(lambda: ops[fn](x, enc, **k))
def out(enc, **k):
    return e(lambda: S.unicode_transcode(BAD8, 'UTF-8', enc, **k))
def enc(codes, outenc, **k):
    return e(lambda: S.unicode_encode(tf.constant(codes), outenc, **k))
"""
_MODES16 = ("", "errors='replace', replacement_char=0x3f", "errors='ignore'", "errors='strict'",
            "replace_control_characters=True",
            "errors='replace', replacement_char=0, replace_control_characters=True")
SECTIONS["unicode16"] = _unique([
    *[f"uni('{fn}', LE['{enc}'], '{enc}'{', ' + m if m else ''})"
      for enc in ("UTF-16-LE", "UTF-32-LE") for fn in ("dec", "dwo", "spl", "swo", "tr8")
      for m in _MODES16],
    *[f"uni('{fn}', RLE, 'UTF-16-LE'{', ' + m if m else ''})" for fn in ("dec", "dwo", "tr8")
      for m in _MODES16[:4]],
    *[f"out('{o}'{', ' + m if m else ''})" for o in ("UTF-16-LE", "UTF-32-LE", "UTF-16-BE")
      for m in _MODES16],
    *[f"enc({c}, '{o}'{m})" for c in ("[[0x41, 0xD800]]", "[[0x1F600, -1]]", "[[0x110000]]")
      for o in ("UTF-16-LE", "UTF-32-LE")
      for m in ("", ", errors='ignore'", ", errors='strict'", ", replacement_char=0x3f")],
    "uni('dec', LE['UTF-16-LE'], 'UTF-16')",
    "uni('dec', LE['UTF-32-LE'], 'UTF-32')",
    "uni('dec', LE['UTF-16-LE'], 'utf-16-le')",
    "out('UTF-16')",
    "tv(lambda x: S.unicode_decode_with_offsets(x, 'UTF-16-LE', errors='replace'), "
    "TS([None], tf.string))(LE['UTF-16-LE'])",
    "tv(lambda x: S.unicode_transcode(x, 'UTF-8', 'UTF-32-LE', errors='ignore'), "
    "TS([None], tf.string))(BAD8)",
    # attrs outside the OpDef's values: a graph's ValueError as the node is built
    *[f"tv(lambda x: {call}, TS({spec}, {dt}))({arg})" for call, spec, dt, arg in (
        ("S.unicode_transcode(x, 'UTF-8', 'utf-8')", "[None]", "tf.string", "BAD8"),
        ("S.unicode_transcode(x, 'UTF-8', 'UTF-8', errors='bogus')", "[None]", "tf.string",
         "BAD8"),
        ("S.unicode_encode(x, 'UTF-16-LE')", "[None, None]", "tf.int32", "[[65]]"),
        ("S.unicode_encode(x, 'UTF-8', errors='x')", "[None, None]", "tf.int32", "[[65]]"),
        ("S.unicode_decode(x, 'UTF-8', errors='x')", "[None]", "tf.string", "BAD8"),
        ("S.unicode_decode_with_offsets(x, 'UTF-8', errors='')", "[None]", "tf.string",
         "BAD8"),
        ("S.unicode_split(x, 'UTF-8', errors='Strict')", "[None]", "tf.string", "BAD8"))],
])

# ---------------------------------------------------------------------------------------
PRELUDES["mask16"] = _COMMON + r"""
D = {'r2': R([[1, 2], [], [3], []]), 'r3': R([[[1, 2], []], [], [[3]], [[], [4, 5]]]),
     's2': R([['a', 'b'], [], ['c'], []]), 'f2': R([[1.5, 2.5], [], [3.5], []]),
     'e2': R([[], [], [], []], dtype=tf.int32), 'dense': tf.reshape(tf.range(8), [4, 2]),
     'u2': RT.from_uniform_row_length(tf.range(8), 2)}
M = {'rows': [True, False, True, False], 'none': [False] * 4, 'all': [True] * 4,
     'r2': R([[True, False], [], [False], []]), 'r2t': R([[True, True], [], [True], []]),
     'r3': R([[[True, False], []], [], [[True]], [[], [False, True]]]),
     'dense': [[True, False], [False, False], [True, True], [False, True]],
     'short': [True, False], 'scalar': True}
def bm(d, m):
    return e(lambda: tf.ragged.boolean_mask(D[d], M[m]))
"""
SECTIONS["mask16"] = _unique([
    *[f"bm('{d}', '{m}')" for d in ("r2", "r3", "s2", "f2", "e2", "dense", "u2")
      for m in ("rows", "none", "all", "r2", "r2t", "r3", "dense", "short", "scalar")],
    *[f"e(lambda: tf.ragged.boolean_mask(D['{d}'], M['{m}']).row_lengths())"
      for d, m in (("r2", "rows"), ("r2", "r2"), ("r3", "r3"), ("u2", "dense"),
                   ("e2", "none"))],
    "tv(lambda d, m: tf.ragged.boolean_mask(d, m), RS([None, None], tf.int32), "
    "TS([None], tf.bool))(D['r2'], tf.constant(M['rows']))",
    "tv(lambda d, m: tf.ragged.boolean_mask(d, m), RS([None, None, None], tf.int32), "
    "RS([None, None, None], tf.bool))(D['r3'], M['r3'])",
    "tv(lambda d, m: tf.ragged.boolean_mask(d, m), TS([None, 2], tf.int32), "
    "TS([None, 2], tf.bool))(D['dense'], tf.constant(M['dense']))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["regex16"] = _COMMON + r"""
XS = tf.constant(['h\u00e9llo', '\u00c9T\u00c9', '\U0001F600a', '', 'a\u0301b', 'ss \u00df'])
BADX = tf.constant([b'a\xffb', b'\xe9t\xe9', b'\xc3', b'x\x00y'])
def full(x, p):
    return e(lambda: S.regex_full_match(x, p))
def rep(x, p, r, g=True):
    return e(lambda: S.regex_replace(x, p, r, replace_global=g))
"""
_P16 = ("", ".", "(?i)\u00e9", "(?i)\u00c9t\u00e9", "\\\\C", "(?s).", "[^a]", "\\\\pM",
        "\\\\X", "(?i)SS", "\u00df", "\\\\b", "[\\\\x{80}-\\\\x{10FFFF}]", "\\\\p{So}",
        "(?U).+?", "\\\\x{1F600}", "[[:^ascii:]]")
SECTIONS["regex16"] = _unique([
    *[f"rep({x}, '{p}', '<\\\\0>'{g})" for x in ("XS", "BADX") for p in _P16
      for g in ("", ", False")],
    *[f"full({x}, '{p}')" for x in ("XS", "BADX")
      for p in (".*", "(?s).*", "\\\\C*", "[\\\\x00-\\\\xff]*", ".{1}", "\\\\C{3}",
                "(?i)h\u00c9llo", ".+")],
    "tv(lambda x: S.regex_replace(x, '', '-'), TS([None], tf.string))(XS)",
    "tv(lambda x: S.regex_full_match(x, '\\\\C*'), TS([None], tf.string))(BADX)",
])

# ---------------------------------------------------------------------------------------
PRELUDES["uniform16"] = _COMMON + r"""
u2 = RT.from_uniform_row_length(tf.range(6), 2)
u3 = RT.from_uniform_row_length(tf.range(6), 3)
uu = RT.from_uniform_row_length(RT.from_uniform_row_length(tf.range(8), 2), 2)
ur = RT.from_uniform_row_length(RT.from_row_splits(tf.range(5), [0, 2, 2, 3, 5]), 2)
ru = RT.from_row_splits(RT.from_uniform_row_length(tf.range(8), 2), [0, 1, 1, 4])
one = RT.from_uniform_row_length(tf.constant([7, 8]), 2)
col = RT.from_uniform_row_length(tf.constant([1, 2, 3]), 1)
U = {'u2': u2, 'u3': u3, 'uu': uu, 'ur': ur, 'ru': ru, 'one': one, 'col': col}
O = {'s': tf.constant(10), 'v2': tf.constant([10, 20]), 'v3': tf.constant([10, 20, 30]),
     'c3': tf.constant([[1], [2], [3]]), 'm32': tf.reshape(tf.range(6), [3, 2]),
     'm23': tf.reshape(tf.range(6), [2, 3]), 'c2': tf.constant([[1], [2]]),
     'r3': R([[1, 1], [2, 2], [3, 3]]), 'one': one, 'col': col, 'u2': u2,
     't222': tf.reshape(tf.range(8), [2, 2, 2]), 't2': tf.constant([[[1]], [[2]]])}
def op(a, b, f='add'):
    return e(lambda: getattr(tf.math, f)(U[a], O[b]))
def sh(a, b):
    r = run(lambda: U[a] + O[b])
    return r if isinstance(r, str) else (r.shape.as_list(), r.uniform_row_length is not None)
"""
SECTIONS["uniform16"] = _unique([
    *[f"op('{a}', '{b}')" for a in ("u2", "u3", "uu", "ur", "ru", "one", "col")
      for b in ("s", "v2", "v3", "c3", "m32", "m23", "c2", "r3", "one", "col", "u2", "t222",
                "t2")],
    *[f"sh('{a}', '{b}')" for a in ("u2", "uu", "one", "col")
      for b in ("v2", "m32", "r3", "one", "col", "u2", "t222")],
    *[f"op('u2', 'v2', '{f}')" for f in ("subtract", "multiply", "maximum", "equal",
                                         "floordiv", "pow")],
    *[f"e(lambda: {x})" for x in (
        "R([[1, 1], [2, 2], [3, 3]]) + one", "one + R([[1, 1], [2, 2]])", "one + R([[1, 1]])",
        "RT.from_uniform_row_length(tf.constant([7, 8, 9]), 3) + R([[1, 1, 1], [2, 2, 2]])",
        "one + R([[1], [2]])", "one * R([[1, 2, 3], [4, 5, 6]])",
        "tf.where(R([[True, False], [False, True]]), one, 0)", "col * R([[1, 2], [3], []])",
        "R([[1, 2, 3], [], [4]]) - col", "col + tf.constant([[1, 2], [3, 4], [5, 6]])")],
    "e(lambda: tf.where(u2 > 2, u2, O['v2']))",
    "e(lambda: tf.where(u2 > 2, O['m32'], u2))",
    "e(lambda: tf.where(u2 > 2, u2, R([[0, 0], [0, 0], [0, 0]])))",
    "tv(lambda x, y: x + y, RS([None, 2], tf.int32), TS([2], tf.int32))(u2, O['v2'])",
    "tv(lambda x, y: x + y, RS([None, None], tf.int32), TS([2], tf.int32))(u2, O['v2'])",
    "tv(lambda x, y: x + y, RS([None, 2, 2], tf.int32), TS([2], tf.int32))(uu, O['v2'])",
    "tv(lambda x, y: x + y, RS([None, 2], tf.int32), RS([None, None], tf.int32))(u2, "
    "O['r3'])",
])
