"""text14's probes: grids over options the earlier rounds tried one at a time. tf.strings'
unicode ops (decode, decode_with_offsets, split, split_with_offsets, transcode) on malformed
UTF-8 they did not feed (overlong forms, encoded surrogates, code points past U+10FFFF,
five-byte leads, lone continuation bytes, control characters), and on malformed UTF-16-BE
and UTF-32-BE, in each `errors=` mode with replacement_char and replace_control_characters;
unicode_encode of invalid code points per encoding and mode; as_string's options per dtype,
format's templates by summarize; regex_full_match and regex_replace over odd RE2 patterns
(empty, anchors, classes, flags, invalid ones) and rewrites; tf.ragged.range's argument
forms and dtypes, boolean_mask of ragged and dense masks, merge_dims over every axis pair,
to_tensor by shape and default_value, with_row_splits_dtype; every ragged reduction by axis
and keepdims over rows that are empty; a ragged tensor of one row against a dense one of
more rows. Each section runs in its own environment (its prelude), its expressions in
order. record_text14.py records what TF 2.21 answers in text14_golden.json;
test_text14_vs_tf.py compares."""

from tests.ragged.golden_text13 import _COMMON

PRELUDES = {}
SECTIONS = {}


def _unique(exprs: list) -> list:
    return list(dict.fromkeys(exprs))


# ---------------------------------------------------------------------------------------
PRELUDES["unicode_grid"] = _COMMON + r"""
U8 = {
    'overlong': tf.constant([b'a\xc0\xafb', b'\xe0\x80\xaf']),
    'surrogate': tf.constant([b'\xed\xa0\x80z', b'\xed\xbf\xbf']),
    'toolarge': tf.constant([b'\xf4\x90\x80\x80!', b'\xf7\xbf\xbf\xbf']),
    'fivebyte': tf.constant([b'\xf8\x88\x80\x80\x80', b'\xfc\x84\x80\x80\x80\x80']),
    'lonecont': tf.constant([b'\x80\x80x', b'\xbf']),
    'trunc': tf.constant([b'ok\xf0\x9f\x98', b'\xe2\x82']),
    'ctrl': tf.constant([b'a\x00\x07\x7f\xc2\x9fb', b'\t\n\r']),
    'ragged': R([[b'\xc3\xa9', b'\xff'], [], [b'\xe2\x82\xac\x80']]),
}
U16 = tf.constant([b'\xd8\x00', b'\xdc\x00\x00a', b'\x00a\x00', b'\xd8\x3d\xde\x00', b'\x00\x00',
                   b'\x00\x07'])
U32 = tf.constant([b'\x00\x11\x00\x00', b'\x00\x00\xd8\x00', b'\x00\x00\x00a\x00',
                   b'\xff\xff\xff\xff', b'\x00\x00\x00\x07'])
CODES = {'negative': [[0x41, -5]], 'surrogate': [[0xD800, 0x41]], 'toolarge': [[0x110000]],
         'control': [[0x7, 0x0, 0x9f]]}
def uni(fn, x, enc, **k):
    ops = {'dec': S.unicode_decode, 'dwo': S.unicode_decode_with_offsets,
           'spl': S.unicode_split, 'swo': S.unicode_split_with_offsets}
    if fn == 'tr8':
        return e(lambda: S.unicode_transcode(x, enc, 'UTF-8', **k))
    return e(lambda: ops[fn](x, enc, **k))
def enc(name, out, **k):
    return e(lambda: S.unicode_encode(tf.constant(CODES[name]), out, **k))
"""
_MODES = ("errors='replace'", "errors='replace', replacement_char=0x3f", "errors='ignore'",
          "errors='strict'", "replace_control_characters=True",
          "errors='ignore', replace_control_characters=True",
          "errors='replace', replacement_char=0x2a, replace_control_characters=True")
SECTIONS["unicode_grid"] = _unique([
    *[f"uni('{fn}', U8['{x}'], 'UTF-8', {m})"
      for x in ("overlong", "surrogate", "toolarge", "fivebyte", "lonecont", "trunc", "ctrl",
                "ragged")
      for fn in ("dec", "dwo", "spl", "swo", "tr8") for m in _MODES],
    *[f"uni('{fn}', {x}, '{enc}', {m})"
      for x, enc in (("U16", "UTF-16-BE"), ("U32", "UTF-32-BE"))
      for fn in ("dec", "dwo", "tr8") for m in _MODES],
    *[f"uni('{fn}', U16[{i}:{i + 1}], 'UTF-16-BE', {m})"
      for i in range(6) for fn in ("dec", "tr8") for m in _MODES[:4]],
    *[f"uni('{fn}', U32[{i}:{i + 1}], 'UTF-32-BE', {m})"
      for i in range(5) for fn in ("dec", "tr8") for m in _MODES[:4]],
    *[f"enc('{c}', '{out}'{m})"
      for c in ("negative", "surrogate", "toolarge", "control")
      for out in ("UTF-8", "UTF-16-BE", "UTF-32-BE")
      for m in ("", ", errors='ignore'", ", errors='strict'", ", replacement_char=0x3f",
                ", errors='replace', replacement_char=0")],
    "uni('dec', U8['ctrl'], 'UTF-8', replace_control_characters=True, replacement_char=-1)",
    "uni('dec', U8['ctrl'], 'UTF-8', errors='strict', replace_control_characters=True)",
    "uni('dec', U8['ragged'], 'UTF-16-BE')",
    "uni('dec', U8['ragged'], 'UTF-32-BE', errors='ignore')",
    "tv(lambda x: S.unicode_decode(x, 'UTF-8', errors='replace', replacement_char=0x3f, "
    "replace_control_characters=True), TS([None], tf.string))(U8['ctrl'])",
    "tv(lambda x: S.unicode_transcode(x, 'UTF-16-BE', 'UTF-8', errors='ignore'), "
    "TS([None], tf.string))(U16)",
    "tv(lambda x: S.unicode_split_with_offsets(x, 'UTF-8', errors='replace'), "
    "RS([None, None], tf.string))(U8['ragged'])",
    "tv(lambda x: S.unicode_encode(x, 'UTF-16-BE', errors='ignore'), "
    "TS([None, None], tf.int32))(tf.constant([[0xD800, 0x41], [0x110000, 0x42]]))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["format_as_string14"] = _COMMON + r"""
VALS = {
    'int8': tf.constant([-128, 5, 127], tf.int8),
    'uint8': tf.constant([0, 7, 255], tf.uint8),
    'int32': tf.constant([-2147483648, 42, 0], tf.int32),
    'int64': tf.constant([-1, 9007199254740993], tf.int64),
    'float16': tf.constant([0.333, -65504.0, 6e-08], tf.float16),
    'float32': tf.constant([3.14159, -0.0, 1.5e-45, 3.4e38]),
    'float64': tf.constant([2.0 / 3, 1e300, -5e-324], tf.float64),
    'complex64': tf.constant([1.25 + 0.5j, -3j], tf.complex64),
    'bool': tf.constant([True, False]),
}
def asr(name, **k):
    return e(lambda: S.as_string(VALS[name], **k))
M = tf.reshape(tf.range(21), [3, 7])
FMT = {'matrix': M, 'empty': tf.zeros([0], tf.int32), 'quotes': tf.constant(['it\'s', 'a"b']),
       'tiny': tf.constant([1e-300, 123456789.125], tf.float64),
       'cube': tf.reshape(tf.constant([True, False] * 6), [2, 3, 2])}
def fmt(template, name, **k):
    return e(lambda: S.format(template, FMT[name], **k))
"""
_AS = ("", "precision=0", "precision=4", "scientific=True", "shortest=True", "width=7",
       "width=7, fill='0'", "precision=2, width=9, fill=' '", "scientific=True, precision=3",
       "width=0")
SECTIONS["format_as_string14"] = _unique([
    *[f"asr('{t}'{', ' + o if o else ''})"
      for t in ("int8", "uint8", "int32", "int64", "float16", "float32", "float64",
                "complex64", "bool") for o in _AS],
    *[f"fmt('{t}', '{n}'{s})"
      for n in ("matrix", "empty", "quotes", "tiny", "cube")
      for t in ("<{}>", "{{}}{}") for s in ("", ", summarize=1", ", summarize=3",
                                            ", summarize=-1")],
    "fmt('%d', 'matrix', placeholder='%d')",
    "fmt('[]', 'matrix', placeholder='[]', summarize=2)",
    "fmt('{}', 'matrix', placeholder='')",
    "fmt('{} {}', 'matrix')",
    "fmt('', 'matrix')",
    "e(lambda: S.format('{}/{}', [FMT['empty'], FMT['cube']], summarize=1))",
    "e(lambda: S.format('{}', [tf.constant(7, tf.int64)], summarize=0))",
    "e(lambda: S.format('{}', [tf.constant('s')], summarize=0))",
    # denormals, which TF's CPU kernels flush to zero (a float16's convert to normal floats)
    "e(lambda: S.format('{} {}', [tf.constant([-1e-40, 1e-30]), tf.constant([5e-324, "
    "-1e-310, 1e-300], tf.float64)]))",
    "e(lambda: S.format('{} {}', [tf.constant([1e-40], tf.bfloat16), tf.constant([6e-08], "
    "tf.float16)]))",
    "e(lambda: S.as_string(tf.constant([1e-40, -3e-39], tf.bfloat16), shortest=True))",
    "e(lambda: S.as_string(tf.constant([1e-40 - 1e-45j], tf.complex64), scientific=True))",
    "e(lambda: S.as_string(tf.constant([1e-310 + 1j], tf.complex128), shortest=True))",
    "e(lambda: S.as_string(tf.constant([6e-08, -6e-08], tf.float16), scientific=True))",
    "tv(lambda x: S.format('<{}>', x, summarize=2), TS(None, tf.int32))(M)",
    "tv(lambda x: S.as_string(x, scientific=True, precision=3), TS([None], tf.float64))("
    "VALS['float64'])",
    "tv(lambda x: S.as_string(x, width=7, fill='0'), TS([None], tf.int8))(VALS['int8'])",
])

# ---------------------------------------------------------------------------------------
PRELUDES["regex14"] = _COMMON + r"""
xs = tf.constant(['', 'a\nb', 'h\u00e9llo', 'AbC123', 'aaa', 'a.b'])
def full(p):
    return e(lambda: S.regex_full_match(xs, p))
def rep(p, r, g=True):
    return e(lambda: S.regex_replace(xs, p, r, replace_global=g))
"""
_PATTERNS = ("", "^", "$", "\\\\b", "\\\\B", "(?i)abc123", "\\\\pL+", "\\\\p{Greek}",
             "[[:alpha:]]+", "[[:^digit:]]+", "\\\\Qa.b\\\\E", "(?s)a.b", "a.b", "(?m)^b",
             "\\\\Aa", "a\\\\z", "\\\\x{e9}", "\\\\C+", "a{2}", "a{,2}", "a{2,1}", "(",
             "[", "*a", "(?=a)", "(a)\\\\1", "(?P<n>a)+", "(?P<n>a)(?P<n>b)", "\\\\d+", "[^a]+",
             "a|", "|", "(|a)+", "x*", "\\\\pN+", "\\\\w+", "(?U)a+", "\\u00e9", "\\\\\\\\",
             "[a-", "a**", "(?<n>a)", "\\\\8", "[\\\\d-z]+", "\\\\pZ")
SECTIONS["regex14"] = _unique([
    *[f"full('{p}')" for p in _PATTERNS],
    *[f"rep('{p}', '<\\\\0>')" for p in _PATTERNS],
    *[f"rep('{p}', '#', False)" for p in _PATTERNS],
    *[f"rep('{p}', '{r}', {g})" for p in ("(l+)", "l", "(a)(\\\\n)?")
      for r in ("\\\\1", "\\\\\\\\", "\\\\9", "$1", "\\\\", "[\\\\2]")
      for g in (True, False)],
    "tv(lambda x: S.regex_full_match(x, '\\\\pL+'), TS([None], tf.string))(xs)",
    "tv(lambda x: S.regex_replace(x, '(?i)A', '_', replace_global=False), "
    "RS([None, None], tf.string))(R([['Aa', 'bA'], []]))",
    "tv(lambda x: S.regex_replace(x, '(', '_'), TS([None], tf.string))(xs)",
])

# ---------------------------------------------------------------------------------------
PRELUDES["ragged_struct14"] = _COMMON + r"""
r2 = R([[1, 2], [], [3, 4, 5], []])
r3 = R([[[1, 2], [3]], [], [[4, 5, 6]]])
u3 = RT.from_tensor(tf.reshape(tf.range(12), [2, 3, 2]), ragged_rank=1)
r4 = R([[[[1], [2, 3]]], [], [[[4]], []]])
f2 = R([[1.5], [], [2.5, 3.5]])
def rr(*a, **k):
    return e(lambda: tf.ragged.range(*a, **k))
def bm(data, mask):
    return e(lambda: tf.ragged.boolean_mask(data, mask))
def md(x, a, b):
    return e(lambda: x.merge_dims(a, b))
def tt(x, **k):
    return e(lambda: x.to_tensor(**k))
def wd(x, d):
    return e(lambda: x.with_row_splits_dtype(d))
"""
_RANGES = ("5", "2, 8, 3", "8, 2, -2", "[0, 5], 3", "[1, 2], [4, 9], [1, 3]", "[3], [0], [-1]",
           "0, [3, 0, 2]", "1.5, 4.0, 0.5", "[0, 1], 4, 0", "[1, 2], [3]", "[[1]]", "[]",
           "tf.constant([2, 3], tf.int64), 6", "tf.constant(2, tf.int32), tf.constant(6, "
           "tf.int64)", "0, 10, [3, -3]", "[-3, 3], 0", "5, 0", "0.5, [2, 3]",
           "tf.constant([1, 4], tf.uint8)", "2**31 - 2, 2**31 - 1")
_MASKS = (("r2", "R([[True, False], [], [False, True, True], []])"),
          ("r2", "R([[True], [], [False, True, True], []])"),
          ("r2", "[True, False, True, True]"),
          ("r2", "[True, False]"),
          ("r2", "[[True, False]]"),
          ("r3", "R([[[True, False], [True]], [], [[False, False, True]]])"),
          ("r3", "R([[True, False], [], [True]])"),
          ("r3", "[False, True, True]"),
          ("u3", "[[True, False, True], [False, False, True]]"),
          ("u3", "R([[True, False, True], [False, False, True]])"),
          ("u3", "tf.ones([2, 3, 2], tf.bool)"),
          ("tf.constant([[1, 2], [3, 4]])", "R([[True, False], [False, True]])"),
          ("tf.constant([[1, 2], [3, 4]])", "[[True, False], [False, True]]"),
          ("tf.constant([1, 2, 3])", "R([[True], [], [False]])"),
          ("r2", "R([[1, 0], [], [0, 1, 1], []])"),
          ("r2", "True"),
          ("f2", "R([[False], [], [True, True]])"),
          ("R([['a', 'b'], ['c']])", "R([[False, True], [True]])"))
_SHAPES = ("None", "[2, 2]", "[5, 1]", "[1, 5]", "[None, 4]", "[3, None]", "[2, 2, 2]",
           "[-1, 2]", "tf.constant([2, 2])", "[0, 0]")
SECTIONS["ragged_struct14"] = _unique([
    *[f"rr({a})" for a in _RANGES],
    *[f"rr({a}, row_splits_dtype=tf.int32)" for a in _RANGES[:10]],
    "rr(5, dtype=tf.float32)",
    "rr([1, 2], 4, dtype=tf.int64, row_splits_dtype=tf.int32)",
    "rr(3, row_splits_dtype=tf.float32)",
    *[f"bm({d}, {m})" for d, m in _MASKS],
    *[f"md({x}, {a}, {b})" for x in ("r3", "u3", "r4")
      for a, b in ((0, 1), (1, 2), (0, 2), (0, -1), (-2, -1), (1, 1), (2, 1), (0, 3),
                   (-3, -2), (2, 3), (-5, 0))],
    *[f"tt({x}, shape={s}{d})" for x in ("r2", "f2", "r3") for s in _SHAPES
      for d in ("", ", default_value=9", ", default_value=[7, 8]")],
    "tt(r2, default_value='x')",
    "tt(u3, shape=[3, 2, 3], default_value=-1)",
    "tt(u3, default_value=[5, 6])",
    "tt(r3, shape=[2, None, 1], default_value=0)",
    *[f"wd({x}, {d})" for x in ("r2", "r3") for d in ("tf.int32", "tf.int64", "'int32'",
                                                   "tf.float32", "tf.uint8")],
    "wd(wd(r3, tf.int32), tf.int64).row_splits.dtype",
    "tv(lambda s, l: tf.ragged.range(s, l), TS([None], tf.int32), TS([None], tf.int32))("
    "tf.constant([0, 3]), tf.constant([2, 1]))",
    "tv(lambda d, m: tf.ragged.boolean_mask(d, m), RS([None, None], tf.int32), "
    "RS([None, None], tf.bool))(r2, R([[True, False], [], [False, True, True], []]))",
    "tv(lambda d, m: tf.ragged.boolean_mask(d, m), RS([None, None], tf.int32), "
    "RS([None, None], tf.bool))(r2, R([[True], [], [False, True, True], []]))",
    "tv(lambda x: x.merge_dims(0, 1), RS([None, None, None], tf.int32))(r3)",
    "tv(lambda x: x.to_tensor(default_value=-1, shape=[2, 3]), RS([None, None], tf.int32))("
    "r2)",
    "tv(lambda x: x.with_row_splits_dtype(tf.int32), RS([None, None], tf.int32))(r2)",
])

# ---------------------------------------------------------------------------------------
PRELUDES["ragged_reduce14"] = _COMMON + r"""
fa = R([[1.0, 2.0], [], [3.0]])
fb = R([[[1.0, -2.0], []], [], [[3.0]]])
fc = R([[], []], dtype=tf.float32)
ia = R([[1, 2], [], [3]])
ba = R([[True, False], [], [True]])
M = tf.math
def red(op, x, **k):
    return e(lambda: getattr(M, op)(x, **k))
"""
_FLOAT = ("reduce_sum", "reduce_max", "reduce_min", "reduce_prod", "reduce_mean",
          "reduce_variance", "reduce_std", "reduce_logsumexp")
_AXES = {"fa": ("None", "0", "1", "-1", "(0, 1)"), "fb": ("None", "0", "1", "2", "[1, 2]"),
         "fc": ("None", "0", "1")}
SECTIONS["ragged_reduce14"] = _unique([
    *[f"red('{op}', {x}, axis={a}, keepdims={k})" for op in _FLOAT for x, axes in _AXES.items()
      for a in axes for k in (False, True)],
    *[f"red('{op}', ia, axis={a}, keepdims={k})"
      for op in ("reduce_sum", "reduce_max", "reduce_min", "reduce_prod", "reduce_mean")
      for a in ("None", "0", "1", "-2") for k in (False, True)],
    *[f"red('{op}', ba, axis={a}, keepdims={k})" for op in ("reduce_all", "reduce_any")
      for a in ("None", "0", "1") for k in (False, True)],
    "red('reduce_sum', fa, axis=2)",
    "red('reduce_sum', fa, axis=tf.constant(1))",
    "red('reduce_max', fb, axis=[0, 0])",
    "red('reduce_euclidean_norm', fa, axis=1)",
    "tv(lambda x: tf.reduce_sum(x, axis=1, keepdims=True), RS([None, None], tf.float32))(fa)",
    "tv(lambda x: tf.reduce_max(x, axis=0, keepdims=True), RS([None, None], tf.float32))(fa)",
    "tv(lambda x: tf.reduce_mean(x, axis=2, keepdims=True), RS([None, None, None], "
    "tf.float32))(fb)",
    "tv(lambda x: tf.reduce_min(x, axis=1), RS([None, None], tf.float32))(fc)",
])

# ---------------------------------------------------------------------------------------
PRELUDES["bcast14"] = _COMMON + r"""
one = R([[1, 2]])
one3 = R([[[1], [2, 3]]])
"""
SECTIONS["bcast14"] = [
    "e(lambda: one + tf.constant([[10], [20]]))",
    "e(lambda: tf.constant([[10], [20], [30]]) * one)",
    "e(lambda: one - tf.constant([[10, 11], [20, 21]]))",
    "e(lambda: one + tf.constant([[10, 11, 12], [20, 21, 22]]))",
    "e(lambda: one3 + tf.constant([[[10]], [[20]]]))",
    "e(lambda: one3 + tf.constant([[[10], [11]], [[20], [21]]]))",
    "e(lambda: RT.from_row_splits([1, 2], tf.constant([0, 2], tf.int32)) + "
    "tf.constant([[10], [20]]))",
    "e(lambda: tf.maximum(one, tf.constant([[0], [5]])))",
    "e(lambda: tf.where(R([[True, False]]), one, tf.constant([[10, 11], [20, 21]])))",
    "tv(lambda a, b: a + b, RS([None, None], tf.int32), TS([None, 1], tf.int32))(one, "
    "tf.constant([[10], [20]]))",
    "tv(lambda a, b: a + b, RS([None, None], tf.int32), TS([None, 1], tf.int32))("
    "R([[1], [2, 3]]), tf.constant([[10], [20], [30]]))",
    "tv(lambda a, b: a * b, RS([None, None], tf.int32), TS([2, 1], tf.int32))(one, "
    "tf.constant([[10], [20]]))",
    "tv(lambda a, b: a + b, RS([1, None], tf.int32), TS([None, 1], tf.int32))(one, "
    "tf.constant([[10], [20], [30]]))",
    "tv(lambda a, b: b - a, RS([None, None], tf.int32), TS([None, None], tf.int32))(one, "
    "tf.constant([[10, 11], [20, 21]]))",
    "tv(lambda a, b: a + b, RS([None, None, None], tf.int32), TS([None, 1, 1], tf.int32))("
    "one3, tf.constant([[[10]], [[20]]]))",
]

# ---------------------------------------------------------------------------------------
PRELUDES["traced14"] = _COMMON + r"""
fa = R([[1.0, 2.0], [], [3.0]])
fb = R([[[1.0, -2.0], []], [], [[3.0]]])
r3 = R([[[1, 2], [3]], [], [[4, 5, 6]]])
r2 = R([[1, 2], [], [3, 4, 5], []])
bad = tf.constant([b'a\xc0\xafb', b'\xed\xa0\x80z', b'\t\x07'])
xs = tf.constant(['', 'a\nb', 'h\u00e9llo', 'AbC123'])
F2, F3 = RS([None, None], tf.float32), RS([None, None, None], tf.float32)
I2, I3 = RS([None, None], tf.int32), RS([None, None, None], tf.int32)
M = tf.math
"""
SECTIONS["traced14"] = _unique([
    *[f"tv(lambda x: M.{op}(x, axis={a}, keepdims={k}), {spec})({x})"
      for op in ("reduce_sum", "reduce_max", "reduce_mean", "reduce_variance",
                 "reduce_logsumexp")
      for x, spec, axes in (("fa", "F2", ("None", "0", "1")), ("fb", "F3", ("1", "2")))
      for a in axes for k in (False, True)],
    *[f"tv(lambda x: x.merge_dims({a}, {b}), I3)(r3)"
      for a, b in ((0, 1), (1, 2), (0, 2), (-2, -1), (1, 1), (2, 1))],
    *[f"tv(lambda x: x.to_tensor(shape={s}, default_value=-1), I2)(r2)"
      for s in ("[2, 2]", "[5, 1]", "[None, 4]", "[-1, 2]", "[0, 0]")],
    *[f"tv(lambda x: S.unicode_decode(x, 'UTF-8', {m}), TS([None], tf.string))(bad)"
      for m in _MODES],
    *[f"tv(lambda x: S.unicode_transcode(x, 'UTF-8', 'UTF-16-BE', {m}), "
      f"TS([None], tf.string))(bad)" for m in _MODES],
    *[f"tv(lambda x: S.regex_replace(x, '{p}', '<\\\\0>'), TS([None], tf.string))(xs)"
      for p in ("\\\\B", "", "$", "(?i)b", "\\\\pL+", "a{2,1}")],
    *[f"tv(lambda x: S.as_string(x, {o}), TS([None], tf.float64))("
      f"tf.constant([2.0 / 3, -5e-324], tf.float64))" for o in _AS if o],
])
