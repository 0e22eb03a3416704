"""text18's probes: the string ops each sent over one grid of operands the earlier rounds
took one at a time (ragged of rank 1 and 2, int32 row splits, uniform rows, empty rows,
sparse and dense, and traced with loose specs): length, case, strip, substr by unit and
negative positions, regex_full_match/regex_replace with empty matches and anchors, split
with maxsplit, the hash bucketings, to_number, unicode decode/transcode with malformed
bytes, reduce_join, join and format with summarize; as_string's options over ragged and
sparse numbers; SparseTensors, eager and traced, given to ops that have no sparse form
(TF's graph builder's refusals); the lookup tables (static, vocabulary, dense and
mutable) over the same keys, their export and their refusals; the Keras lookup layers,
CategoryEncoding and TextVectorization by output mode over ragged and sparse inputs;
RaggedTensor's range, segment ids, merge_dims, splits dtype, row lengths by axis,
map_flat_values and reductions with keepdims over every axis; ragged tf.where (its legacy
broadcast's refusals of dense operands with int32 row splits, eager and traced) and
boolean_mask; traced static shapes of uniform-row tensors sliced, squeezed and selected.
Each section runs in its own environment (its prelude), its expressions in order.
record_text18.py records what TF 2.21 answers in text18_golden.json;
test_text18_vs_tf.py and test_text18b_vs_tf.py compare."""

from tests.ragged.golden_text13 import _COMMON

PRELUDES = {}
SECTIONS = {}


def _unique(exprs: list) -> list:
    return list(dict.fromkeys(exprs))


# the string operands every string section shares, and loose specs to trace them with
_OPERANDS = r"""
X = {'r1': R([['Hello World', ''], [], ['a\tb  c', ' x ']]),
     'r2': R([[['ab cd', '\u00e9t\u00e9'], []], [], [['x', ' \U0001F600 y']]]),
     'r2s': R([[['ab cd', '\u00e9t\u00e9'], []], [], [['x', ' \U0001F600 y']]],
              row_splits_dtype=tf.int32),
     'u': RT.from_uniform_row_length(tf.constant(['a b', 'C', 'd e f', '', 'gg', 'H i']), 2),
     'e': R([[], []], dtype=tf.string),
     'sp': ST([[0, 0], [1, 2]], ['Ab c', '\u00e9 '], [2, 3]),
     'd': tf.constant([['a b', 'C'], ['', 'd\u00e9 f']]),
     's': tf.constant(' Mixed Case '),
     'bad': R([[b'a\xffb', b'\xe2\x82'], [b'ok\x01', b'\xc3\xa9\x80']])}
SPEC = {'r1': RS([None, None], tf.string),
        'r2': RS([None, None, None], tf.string),
        'r2s': RS([None, None, None], tf.string, row_splits_dtype=tf.int32),
        'u': RS([None, 2, None], tf.string, ragged_rank=1),
        'e': RS([None, None], tf.string),
        'sp': SS([None, None], tf.string),
        'd': TS([None, None], tf.string),
        's': TS(None, tf.string),
        'bad': RS([None, None], tf.string)}
def ap(f, x):
    return e(lambda: f(X[x]))
def tap(f, x):
    return tv(f, SPEC[x])(X[x])
"""
_SX = ("r1", "r2", "r2s", "u", "e", "sp", "d", "s", "bad")

# ---------------------------------------------------------------------------------------
PRELUDES["strops18"] = _COMMON + _OPERANDS
_STR_FNS = (
    "S.length", "lambda t: S.length(t, unit='UTF8_CHAR')", "S.upper", "S.lower",
    "lambda t: S.upper(t, encoding='utf-8')", "lambda t: S.lower(t, encoding='utf-8')",
    "S.strip", "lambda t: S.substr(t, -2, 2)", "lambda t: S.substr(t, -3, 2, unit='UTF8_CHAR')",
    "lambda t: S.substr(t, 1, -1)", "lambda t: S.substr(t, 0, 100, unit='UTF8_CHAR')",
    "lambda t: S.substr(t, 1, 1, unit='UTF8_CHAR')",
    "lambda t: S.regex_full_match(t, '.*')", "lambda t: S.regex_full_match(t, '')",
    "lambda t: S.regex_full_match(t, r'\\w+')", "lambda t: S.regex_full_match(t, '(?s).*')",
    "lambda t: S.regex_replace(t, '', '-')", "lambda t: S.regex_replace(t, r'\\b', '|')",
    "lambda t: S.regex_replace(t, '^', '>')", "lambda t: S.regex_replace(t, '$', '<')",
    "lambda t: S.regex_replace(t, 'x*', '_', replace_global=False)",
    "lambda t: S.regex_replace(t, r'(\\w)(\\w)', r'\\2\\1')",
    "lambda t: S.regex_replace(t, r'\\s+', ' ', replace_global=False)",
    "lambda t: S.split(t)", "lambda t: S.split(t, maxsplit=1)",
    "lambda t: S.split(t, ' ', maxsplit=1)", "lambda t: S.split(t, ' ', maxsplit=0)",
    "lambda t: S.split(t, 'b', maxsplit=-1)",
    "lambda t: S.to_hash_bucket_fast(t, 5)", "lambda t: S.to_hash_bucket_strong(t, 5, [9, 1])",
    "lambda t: S.to_hash_bucket(t, 5)",
    "lambda t: S.unicode_decode(t, 'UTF-8')",
    "lambda t: S.unicode_decode_with_offsets(t, 'UTF-8', errors='ignore')",
    "lambda t: S.unicode_transcode(t, 'UTF-8', 'UTF-16-BE')",
    "lambda t: S.unicode_script(S.unicode_decode(t, 'UTF-8'))",
    "lambda t: S.reduce_join(t, -1, separator='+')",
    "lambda t: S.reduce_join(t, 0, keepdims=True)", "lambda t: S.reduce_join(t)",
    "lambda t: S.join([t, t], '|')", "lambda t: S.format('<{}>', t, summarize=1)",
    "lambda t: tf.io.encode_base64(t, pad=True)", "S.bytes_split", "lambda t: t + '!'",
    "lambda t: S.to_number(t)", "lambda t: tf.strings.unicode_split(t, 'UTF-8')",
)
SECTIONS["strops18"] = _unique([
    *[f"ap({f}, '{x}')" for f in _STR_FNS for x in _SX],
    *[f"tap({f}, '{x}')" for f in _STR_FNS[::3] for x in ("r2s", "u", "sp", "s")],
])

# ---------------------------------------------------------------------------------------
PRELUDES["malformed18"] = _COMMON + r"""
B = {'trunc': tf.constant([b'\xe2\x82', b'\xf0\x9f\x98', b'a\xc3']),
     'over': tf.constant([b'\xc0\xaf', b'\xe0\x80\xaf', b'\xf4\x90\x80\x80', b'\xed\xa0\x80']),
     'cont': tf.constant([b'\x80\x80x', b'\xbf', b'x\x80y\x80']),
     'ctrl': tf.constant([b'a\x00b', b'\x01\x1f\x7f', b'\t\n\r', b'\xc2\x85\xc2\x9f']),
     'rag': R([[b'\xff', b'ok\x02'], [], [b'\xe2\x82\xac\xe2', b'\xf8\x88\x80\x80\x80']]),
     'u16': tf.constant([b'\x00h\xd8\x3d', b'\xdc\x00\x00a', b'\x00', b'\xd8\x3d\xde\x00']),
     'u32': tf.constant([b'\x00\x00\x00h\x00\x11\x00\x00', b'\x00\x00\xd8\x00', b'\x00\x00'])}
def tr(b, a, o, **k):
    return e(lambda: S.unicode_transcode(B[b], a, o, **k))
def dwo(b, enc='UTF-8', **k):
    return e(lambda: S.unicode_decode_with_offsets(B[b], enc, **k))
def swo(b, enc='UTF-8', **k):
    return e(lambda: S.unicode_split_with_offsets(B[b], enc, **k))
def loose(b):
    return RS([None, None], tf.string) if isinstance(B[b], RT) else TS([None], tf.string)
def ttr(b, a, o, **k):
    return tv(lambda x: S.unicode_transcode(x, a, o, **k), loose(b))(B[b])
def tdwo(b, enc='UTF-8', **k):
    return tv(lambda x: S.unicode_decode_with_offsets(x, enc, **k), loose(b))(B[b])
def tswo(b, enc='UTF-8', **k):
    return tv(lambda x: S.unicode_split_with_offsets(x, enc, **k), loose(b))(B[b])
def tspl(b, enc='UTF-8', **k):
    return tv(lambda x: S.unicode_split(x, enc, **k), loose(b))(B[b])
def tenc(cps, enc='UTF-8', **k):
    return tv(lambda x: S.unicode_encode(x, enc, **k), RS([None, None], tf.int32))(cps)
"""
_MODES = ("errors='replace'", "errors='ignore'", "errors='strict'",
          "errors='replace', replacement_char=0", "errors='replace', replacement_char=0x3f",
          "replace_control_characters=True",
          "replace_control_characters=True, replacement_char=0x2e",
          "errors='ignore', replace_control_characters=True")
SECTIONS["malformed18"] = _unique([
    *[f"tr('{b}', 'UTF-8', '{o}', {m})" for b in ("trunc", "over", "cont", "ctrl", "rag")
      for o in ("UTF-8", "UTF-16-BE") for m in _MODES],
    *[f"tr('u16', 'UTF-16-BE', 'UTF-8', {m})" for m in _MODES],
    *[f"tr('u32', 'UTF-32-BE', 'UTF-8', {m})" for m in _MODES],
    *[f"tr('u16', 'UTF-16-LE', 'UTF-32-BE', {m})" for m in _MODES[:3]],
    *[f"{fn}('{b}', {m})" for fn in ("dwo", "swo")
      for b in ("trunc", "over", "cont", "ctrl", "rag") for m in _MODES],
    *[f"dwo('u16', 'UTF-16-BE', {m})" for m in _MODES],
    *[f"dwo('u32', 'UTF-32-BE', {m})" for m in _MODES],
    "tr('ctrl', 'UTF-8', 'UTF-8', replace_control_characters=True, replacement_char=-1)",
    "tr('ctrl', 'UTF-8', 'UTF-8', replacement_char=0x110000)",
    "tr('trunc', 'UTF-8', 'UTF-8', errors='bogus')",
    "tr('trunc', 'US-ASCII', 'UTF-8')",
    "tr('ctrl', 'ISO-8859-1', 'UTF-8')",
    "tr('trunc', 'UTF-8', 'UTF-32-LE')",
    "dwo('rag', 'UTF-8', errors='replace', replacement_char=0x110000)",
    "dwo('rag', 'UTF-16-BE', errors='replace')",
    "swo('u16', 'UTF-16-BE', errors='ignore')",
    *[f"{fn}('{b}', {m})" for fn in ("tdwo", "tswo", "tspl")
      for b in ("trunc", "cont", "rag") for m in ("errors='strict'", "errors='replace'")],
    *[f"ttr('{b}', 'UTF-8', 'UTF-16-BE', {m})" for b in ("trunc", "ctrl", "rag")
      for m in ("errors='strict'", "replace_control_characters=True, errors='strict'")],
    *[f"{fn}('rag', {m})" for fn in ("tdwo", "tswo", "tspl")
      for m in ("replacement_char=0x110000", "replacement_char=-1")],
    "ttr('ctrl', 'UTF-8', 'UTF-8', replacement_char=0x110000)",
    "ttr('ctrl', 'UTF-8', 'UTF-8', replace_control_characters=True, replacement_char=-1)",
    "tenc(R([[104, 105], [0x110000]]), replacement_char=0x110000)",
    "tenc(R([[104, 105], [0x110000]]), errors='strict')",
    "e(lambda: S.unicode_encode(R([[104]]), 'UTF-8', replacement_char=-3))",
    "tv(lambda x: S.unicode_transcode(x, 'UTF-8', 'UTF-16-BE', errors='ignore'), "
    "RS([None, None], tf.string))(B['rag'])",
    "tv(lambda x: S.unicode_decode_with_offsets(x, 'UTF-8', replace_control_characters=True), "
    "TS([None], tf.string))(B['ctrl'])",
    "tv(lambda x: S.unicode_decode_with_offsets(x, 'UTF-8', errors='strict'), "
    "TS([None], tf.string))(B['cont'])",
])

# ---------------------------------------------------------------------------------------
PRELUDES["numfmt18"] = _COMMON + r"""
nan, inf = float('nan'), float('inf')
N = {'ri': R([[1, -22], [], [333]]),
     'ri64': R([[[7]], [[-8, 90], []]], dtype=tf.int64),
     'rf': R([[0.5, -1.25e-5], [], [inf, nan, 12345.678]]),
     'rf64': R([[1e100], [-0.0, 2.5]], dtype=tf.float64, row_splits_dtype=tf.int32),
     'uf': RT.from_uniform_row_length(tf.constant([1.5, 2.25, -3.0, 4e-3]), 2),
     'sf': ST([[0, 1], [2, 0]], [3.14159, -2.0], [3, 2]),
     'rb': R([[True], [False, True]]),
     'rc': R([[1 + 2j], [], [-0.5j]], dtype=tf.complex64),
     'r8': R([[1, -2]], dtype=tf.int8),
     'big': tf.constant([[1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14]])}
def asr(n, **k):
    return e(lambda: S.as_string(N[n], **k))
def fmt(n, **k):
    return e(lambda: S.format('[{}]', N[n], **k))
"""
_NX = ("ri", "ri64", "rf", "rf64", "uf", "sf", "rb", "rc", "r8")
_AS = ("", "precision=2", "scientific=True", "shortest=True", "width=7", "width=7, fill='0'",
       "scientific=True, precision=1, width=12", "shortest=True, width=9, fill=' '",
       "precision=0", "fill='0'")
SECTIONS["numfmt18"] = _unique([
    *[f"asr('{n}'{', ' + o if o else ''})" for n in _NX for o in _AS],
    *[f"fmt('{n}', summarize={s})" for n in (*_NX, "big") for s in (-1, 0, 1, 2, 3)],
    "e(lambda: S.format('{} and {}', [N['ri'], N['rf']], summarize=1))",
    "e(lambda: S.format('{}', N['ri'], placeholder='{}', summarize=2))",
    "e(lambda: S.format('{}{}', [N['big'], N['big'][0]], summarize=2))",
    "e(lambda: S.format('{}', tf.constant([[[1, 2, 3]] * 4] * 3), summarize=1))",
    "e(lambda: S.format('{}', tf.constant([1.5, 2.5, 3.5], tf.float16), summarize=1))",
    "e(lambda: S.format('{}', tf.constant([2**33], tf.uint64)))",
    "e(lambda: S.format('{}', tf.constant(['a', 'b', 'c', 'd']), summarize=1))",
    "e(lambda: S.format('{}', tf.zeros([3, 0, 2]), summarize=1))",
    "e(lambda: S.format('{}', R([[[1, 2, 3], [4]], [[5, 6, 7]]]), summarize=1))",
    "e(lambda: S.format('{}', R([[]]), summarize=1))",
    "e(lambda: S.format('{}', R([['a', 'b', 'c']]), summarize=2))",
    "tv(lambda x: S.as_string(x, precision=3), RS([None, None], tf.float32))(N['rf'])",
    "tv(lambda x: S.as_string(x, width=5, fill='0'), RS([None, None, None], tf.int64))("
    "N['ri64'])",
    "tv(lambda x: S.format('{}', x, summarize=1), RS([None, None], tf.int32))(N['ri'])",
    "tv(lambda x: S.as_string(x), SS([None, None], tf.float32))(N['sf'])",
])

# ---------------------------------------------------------------------------------------
PRELUDES["tonum18"] = _COMMON + r"""
T = {'r': R([['1', ' 2 ', '-3'], [], ['4.5', '1e3']]),
     'r2': R([[['0x10'], ['7', '+8']], [[]]]),
     'u': RT.from_uniform_row_length(tf.constant(['1', '2', 'x', '4']), 2),
     'sp': ST([[0, 0], [1, 1]], ['12', '-0.5'], [2, 2]),
     'big': R([['2147483648', '-2147483649'], ['9223372036854775808']]),
     'f': R([['nan', '-inf', 'Infinity'], ['1e-50', '3.4e39']])}
def num(t, o=tf.float32):
    return e(lambda: S.to_number(T[t], o))
"""
SECTIONS["tonum18"] = _unique([
    *[f"num('{t}', tf.{o})" for t in ("r", "r2", "u", "sp", "big", "f")
      for o in ("float32", "float64", "int32", "int64", "uint32", "uint64", "int8", "float16")],
    "tv(lambda x: S.to_number(x, tf.int64), RS([None, None], tf.string))(T['big'])",
    "tv(lambda x: S.to_number(x), RS([None, None], tf.string))(T['f'])",
    "tv(lambda x: S.to_number(x, tf.int32), RS([None, 2, None], tf.string, ragged_rank=1))("
    "T['u'])",
])

# ---------------------------------------------------------------------------------------
PRELUDES["tables18"] = _COMMON + r"""
MH = L.experimental.MutableHashTable
DH = L.experimental.DenseHashTable
KVI = L.KeyValueTensorInitializer
def static(kd, vd, dv):
    if kd == tf.string:
        keys = tf.constant(['a', 'b', 'c'])
    else:
        keys = tf.constant([1, 2, 3], kd)
    vals = tf.constant(['x', 'y', 'z']) if vd == tf.string else tf.constant([10, 20, 30], vd)
    return L.StaticHashTable(KVI(keys, vals), dv)
SK = {'r': R([['a', 'q'], [], ['c']]), 'r2': R([[['b'], []], [['a', 'c', 'zz']]]),
      'r2s': R([[['b'], []], [['a', 'c', 'zz']]], row_splits_dtype=tf.int32),
      'u': RT.from_uniform_row_length(tf.constant(['a', 'b', 'q', 'c']), 2),
      'sp': ST([[0, 0], [1, 3]], ['c', 'nope'], [2, 4]), 'd': tf.constant([['a'], ['x']]),
      's': tf.constant('b'), 'e': R([[], []], dtype=tf.string)}
IK = {'r': R([[1, 9], [], [3]], dtype=tf.int64), 'r32': R([[1, 9], [], [3]]),
      'sp': ST([[0, 0], [1, 1]], tf.constant([2, 7], tf.int64), [2, 2]),
      'u': RT.from_uniform_row_length(tf.constant([1, 2, 3, 4], tf.int64), 2),
      'd': tf.constant([[1, 2], [3, 4]], tf.int64)}
def look(t, k):
    return e(lambda: t.lookup(k))
def steps(t, *ops):
    out = []
    for name, *args in ops:
        out.append(e(lambda: getattr(t, name)(*args)))
    return out
def exp(t):
    k, x = t.export()
    return sorted(zip(v(k)[2], v(x)[2]))
def mh(kd, vd, dv, *ops):
    return run(lambda: steps(MH(kd, vd, dv), *ops))
def dh(kd, vd, dv, ek, dk, *ops, **k):
    return run(lambda: steps(DH(kd, vd, dv, empty_key=ek, deleted_key=dk, **k), *ops))
SV = L.StaticVocabularyTable(KVI(['a', 'b'], tf.constant([0, 1], tf.int64)), 2)
SVH = L.StaticVocabularyTable(KVI(['a', 'b'], tf.constant([0, 1], tf.int64)), 3,
                              experimental_is_anonymous=True)
"""
_SKX = ("r", "r2", "r2s", "u", "sp", "d", "s", "e")
_IKX = ("r", "r32", "sp", "u", "d")
SECTIONS["tables18"] = _unique([
    *[f"look(static(tf.string, tf.{vd}, {dv}), SK['{k}'])"
      for vd, dv in (("int64", "-1"), ("string", "'?'"), ("int32", "0"), ("float32", "0.5"))
      for k in _SKX],
    *[f"look(static(tf.int64, tf.{vd}, {dv}), IK['{k}'])"
      for vd, dv in (("int64", "-1"), ("string", "'?'")) for k in _IKX],
    *[f"e(lambda: static(tf.int32, tf.int64, -1).lookup(IK['{k}']))" for k in _IKX],
    *[f"e(lambda: static(tf.int32, tf.{vd}, {dv}).lookup(IK['r32']))"
      for vd, dv in (("int32", "-1"), ("string", "'?'"), ("float32", "0.0"))],
    *[f"look(SV, SK['{k}'])" for k in _SKX],
    *[f"look(SVH, SK['{k}'])" for k in ("r2s", "sp", "u")],
    *[f"e(lambda: static(tf.string, tf.int64, {dv}))" for dv in (
        "'x'", "1.5", "[1]", "tf.constant(1, tf.int32)", "None", "tf.constant([1, 2], tf.int64)")],
    *[f"e(lambda: static(tf.string, tf.string, {dv}).lookup(SK['d']))"
      for dv in ("1", "b'\\xff'", "['a']")],
    *[f"mh(tf.string, tf.int64, -1, ('insert', SK['{k}'], tf.constant(5, tf.int64)))"
      for k in ("r", "sp", "s")],
    *[f"mh(tf.string, tf.int64, -1, ('insert', tf.constant(['a', 'c']), tf.constant([1, 3], "
      f"tf.int64)), ('lookup', SK['{k}']))" for k in _SKX],
    *[f"mh(tf.string, tf.int64, -1, ('insert', tf.constant(['a', 'c']), tf.constant([1, 3], "
      f"tf.int64)), ('remove', SK['{k}']), ('size',))" for k in ("r", "sp", "d", "s", "e")],
    "mh(tf.string, tf.int64, -1, ('insert', tf.constant(['a']), tf.constant([1])))",
    "mh(tf.string, tf.int64, -1, ('insert', tf.constant([1]), tf.constant([1], tf.int64)))",
    "mh(tf.string, tf.int64, -1, ('insert', tf.constant(['a', 'b']), tf.constant([1], "
    "tf.int64)))",
    "mh(tf.string, tf.int64, -1, ('remove', tf.constant([1])))",
    "mh(tf.string, tf.int64, -1, ('remove', tf.constant(['a'])), ('size',))",
    "mh(tf.string, tf.int64, 'x')",
    "mh(tf.string, tf.float32, 0)",
    "mh(tf.string, tf.bool, False, ('insert', tf.constant(['a']), tf.constant([True])), "
    "('lookup', SK['r']))",
    "mh(tf.int64, tf.float64, -1.5, ('insert', IK['d'], tf.constant([[1., 2.], [3., 4.]], "
    "tf.float64)), ('lookup', IK['r']))",
    "mh(tf.int64, tf.string, '?', ('insert', tf.constant([1, 3], tf.int64), tf.constant(['o', "
    "'t'])), ('lookup', IK['sp']))",
    "mh(tf.int64, tf.string, '?', ('insert', tf.constant([1, 3], tf.int64), tf.constant(['o', "
    "'t'])), ('lookup', IK['u']))",
    "mh(tf.int32, tf.int64, -1, ('insert', tf.constant([1]), tf.constant([5], tf.int64)), "
    "('lookup', IK['r32']))",
    "run(lambda: exp(static(tf.string, tf.int64, -1)))",
    "run(lambda: exp(static(tf.int64, tf.string, '?')))",
    "run(lambda: [v(x)[:2] for x in static(tf.int64, tf.string, '?').export()])",
    "run(lambda: [v(x) for x in SV.export()])",
    *[f"dh(tf.int64, tf.int64, -1, 0, -1, ('insert', tf.constant([1, 3], tf.int64), "
      f"tf.constant([10, 30], tf.int64)), ('lookup', IK['{k}']))" for k in _IKX],
    *[f"dh(tf.string, tf.int64, -1, '', '$', ('insert', tf.constant(['a', 'c']), "
      f"tf.constant([1, 3], tf.int64)), ('lookup', SK['{k}']))" for k in _SKX],
    "dh(tf.int64, tf.int64, -1, 0, -1, ('insert', tf.constant([0], tf.int64), "
    "tf.constant([1], tf.int64)))",
    "dh(tf.int64, tf.int64, -1, 0, -1, ('remove', tf.constant([0], tf.int64)))",
    "dh(tf.int64, tf.int64, -1, 0, -1, ('lookup', tf.constant([-1, 0], tf.int64)))",
    "dh(tf.int64, tf.int64, -1, 0, 0)",
    "dh(tf.int64, tf.int64, -1, 0, -1, ('insert', tf.constant([1, 2], tf.int64), "
    "tf.constant([1], tf.int64)))",
    "dh(tf.int64, tf.int64, -1, 0, -1, ('insert', tf.constant([1], tf.int32), "
    "tf.constant([1], tf.int64)))",
    "dh(tf.int64, tf.int64, -1, 0, -1, ('insert', tf.constant([1], tf.int64), "
    "tf.constant([1.5])))",
    "dh(tf.int64, tf.int64, 'z', 0, -1)",
    "dh(tf.int64, tf.int64, -1, 'a', -1)",
    "dh(tf.string, tf.int64, -1, '', '', ('size',))",
    "dh(tf.int64, tf.int64, -1, 0, -1, ('insert', tf.range(1, 40, dtype=tf.int64), "
    "tf.range(40, 1, -1, dtype=tf.int64)), ('size',), ('lookup', tf.constant([39, 40], "
    "tf.int64)))",
    "dh(tf.int64, tf.int64, -1, 0, -1, initial_num_buckets=3)",
    "dh(tf.int64, tf.int64, -1, 0, -1, ('size',), initial_num_buckets=4)",
    "run(lambda: (lambda t: (t.insert(tf.constant([4, 2], tf.int64), tf.constant([40, 20], "
    "tf.int64)), exp(t))[1])(DH(tf.int64, tf.int64, -1, empty_key=0, deleted_key=-1)))",
    "run(lambda: (lambda t: (t.insert(tf.constant(['q', 'b']), tf.constant([1, 2], "
    "tf.int64)), t.remove(tf.constant(['q'])), exp(t))[2])(MH(tf.string, tf.int64, -1)))",
    "tv(lambda k: static(tf.string, tf.int64, -1).lookup(k), RS([None, None, None], tf.string, "
    "row_splits_dtype=tf.int32))(SK['r2s'])",
    "tv(lambda k: SV.lookup(k), SS([None, None], tf.string))(SK['sp'])",
    "tv(lambda k: SV.lookup(k), RS([None, 2, None], tf.string, ragged_rank=1))(SK['u'])",
])

# ---------------------------------------------------------------------------------------
PRELUDES["keras18"] = _COMMON + r"""
K = tf.keras.layers
SX = {'r': R([['a', 'q'], [], ['c', 'a', 'a']]),
      'r2': R([[['b'], []], [['a', 'c', 'zz']]]),
      'd': tf.constant([['a', 'b'], ['c', 'x']]),
      'v': tf.constant(['a', 'b', 'zz']),
      'sp': ST([[0, 0], [1, 2]], ['c', 'nope'], [2, 3])}
IX = {'r': R([[1, 9], [], [3, 1, 1]], dtype=tf.int64),
      'd': tf.constant([[1, 2], [3, 0]], tf.int64),
      'v': tf.constant([3, -1, 2], tf.int64),
      'sp': ST([[0, 0], [1, 1]], tf.constant([2, 7], tf.int64), [2, 2])}
DOCS = {'s': tf.constant(['The cat sat', 'a Dog, a cat!', '']),
        'col': tf.constant([['the cat'], ['dog dog']]),
        'r': R([['cat dog', 'the'], ['bird']])}
def lay(cls, x, **k):
    return e(lambda: cls(**k)(x))
def cfg(layer):
    c = layer.get_config()
    return {k: c[k] for k in sorted(c) if k not in ('name', 'dtype')}
"""
_MODES_L = ("'int'", "'one_hot'", "'multi_hot'", "'count'", "'tf_idf'")
_TV = ("", "output_mode='multi_hot'", "output_mode='count'", "output_mode='tf_idf'",
       "output_sequence_length=4", "ragged=True", "output_mode='multi_hot', pad_to_max_tokens=True",
       "output_mode='count', pad_to_max_tokens=True", "ngrams=2", "ngrams=2, output_mode='count'",
       "split='character', ragged=True", "standardize='lower', output_sequence_length=2",
       "standardize=None, split=None", "output_mode='int', pad_to_max_tokens=True")
SECTIONS["keras18"] = _unique([
    *[f"lay(K.StringLookup, SX['{x}'], vocabulary=['a', 'b', 'c'], output_mode={m})"
      for x in ("r", "r2", "d", "v", "sp") for m in _MODES_L],
    *[f"lay(K.StringLookup, SX['{x}'], vocabulary=['a', 'b', 'c'], output_mode={m}, "
      f"pad_to_max_tokens=True, max_tokens=6)" for x in ("r", "d", "v") for m in _MODES_L[2:]],
    *[f"lay(K.StringLookup, SX['{x}'], vocabulary=['a', 'b', 'c'], {k})"
      for x in ("r", "r2", "d", "sp")
      for k in ("num_oov_indices=0", "num_oov_indices=2", "mask_token='a'", "invert=True",
                "oov_token='?', mask_token='', num_oov_indices=1")],
    *[f"lay(K.IntegerLookup, IX['{x}'], vocabulary=[1, 2, 3], output_mode={m})"
      for x in ("r", "d", "v", "sp") for m in _MODES_L],
    *[f"lay(K.IntegerLookup, IX['{x}'], vocabulary=[1, 2, 3], {k})" for x in ("r", "d", "sp")
      for k in ("num_oov_indices=0", "mask_token=0", "invert=True", "oov_token=-5",
                "vocabulary_dtype='int32'", "output_mode='multi_hot', sparse=True")],
    *[f"lay(K.TextVectorization, DOCS['{x}'], vocabulary=['cat', 'dog', 'the', 'a'], {k})"
      for x in ("s", "col") for k in _TV],
    *[f"lay(K.TextVectorization, DOCS['r'], vocabulary=['cat', 'dog'], {k})"
      for k in ("", "ragged=True", "output_mode='multi_hot'", "split=None")],
    "lay(K.TextVectorization, DOCS['s'], vocabulary=['cat', 'dog'], output_mode='tf_idf', "
    "idf_weights=[0.5, 2.0])",
    "lay(K.TextVectorization, DOCS['s'], vocabulary=['cat', 'dog'], output_mode='tf_idf', "
    "idf_weights=[0.5])",
    "lay(K.TextVectorization, DOCS['s'], vocabulary=['cat', 'dog'], max_tokens=2)",
    "lay(K.TextVectorization, DOCS['s'], vocabulary=['cat', 'dog'], output_mode='count', "
    "max_tokens=6, pad_to_max_tokens=True)",
    "lay(K.TextVectorization, DOCS['s'], vocabulary=['cat', 'dog'], ragged=True, "
    "output_sequence_length=2)",
    "lay(K.TextVectorization, DOCS['s'], vocabulary=['cat', 'dog'], output_mode='multi_hot', "
    "ragged=True)",
    "lay(K.TextVectorization, DOCS['s'], vocabulary=['cat', 'cat'])",
    "lay(K.TextVectorization, DOCS['s'], vocabulary=['', 'cat'])",
    "lay(K.TextVectorization, DOCS['s'], vocabulary=['[UNK]', 'cat'])",
    "lay(K.StringLookup, SX['v'], vocabulary=['a', 'a'])",
    "lay(K.StringLookup, SX['v'], vocabulary=['a', ''], mask_token='')",
    "lay(K.StringLookup, SX['v'], vocabulary=['a'], output_mode='tf_idf')",
    "lay(K.StringLookup, SX['v'], vocabulary=['a'], output_mode='tf_idf', idf_weights=[1.0, "
    "2.0])",
    "lay(K.StringLookup, SX['v'], vocabulary=['a', 'b'], output_mode='tf_idf', "
    "idf_weights=[1.0, 2.0])",
    "lay(K.StringLookup, SX['v'], vocabulary=['a'], output_mode='bogus')",
    "lay(K.IntegerLookup, IX['v'], vocabulary=[1, 1])",
    "lay(K.IntegerLookup, IX['v'], vocabulary=[-1, 2])",
    "lay(K.IntegerLookup, IX['v'], vocabulary=[0, 2])",
    "lay(K.IntegerLookup, tf.constant([1.0]), vocabulary=[1])",
    "lay(K.StringLookup, tf.constant([1]), vocabulary=['1'])",
    "e(lambda: (lambda l: (l.adapt(SX['r']), l.get_vocabulary())[1])(K.StringLookup()))",
    "e(lambda: (lambda l: (l.adapt(SX['r2']), l.get_vocabulary())[1])(K.StringLookup()))",
    "e(lambda: (lambda l: (l.adapt(IX['r']), l.get_vocabulary())[1])(K.IntegerLookup()))",
    "e(lambda: (lambda l: (l.adapt(SX['r']), l(SX['v']))[1])(K.StringLookup("
    "output_mode='tf_idf')))",
    "e(lambda: (lambda l: (l.adapt(DOCS['r']), l.get_vocabulary())[1])(K.TextVectorization()))",
    "e(lambda: (lambda l: (l.adapt(DOCS['s']), l(DOCS['s']))[1])(K.TextVectorization("
    "output_mode='tf_idf')))",
    "e(lambda: (lambda l: (l.adapt(DOCS['s']), l.get_vocabulary())[1])(K.TextVectorization("
    "max_tokens=4, ngrams=2)))",
    *[f"lay(K.CategoryEncoding, {x}, num_tokens=4, output_mode='{m}')" for x in (
        "ST([[0, 0], [1, 1], [1, 2]], tf.constant([2, 3, 3], tf.int64), [2, 3])",
        "ST([[0], [2]], tf.constant([1, 1], tf.int64), [4])", "R([[[1], [2, 3]], [[3]]])",
        "R([[1, 1], [], [3]])", "R([[[1], [2, 3]], [[3]]], row_splits_dtype=tf.int32)")
      for m in ("multi_hot", "count", "one_hot")],
    *[f"lay(K.StringLookup, {x}, vocabulary=['a', 'b'], output_mode='{m}')" for x in (
        "ST([[0], [2]], ['a', 'b'], [4])", "ST([[0, 0, 0], [1, 0, 1]], ['a', 'b'], [2, 1, 2])",
        "R([[['a'], ['b', 'b']], [['q']]], row_splits_dtype=tf.int32)")
      for m in ("multi_hot", "count")],
    "lay(K.IntegerLookup, R([[[1], [2, 2]], [[3]]], dtype=tf.int64), vocabulary=[1, 2], "
    "output_mode='count')",
    "lay(K.TextVectorization, R([['a', 'b'], ['a']]), vocabulary=['a', 'b'], "
    "output_mode='count', split=None)",
    "e(lambda: cfg(K.StringLookup(vocabulary=['a'], output_mode='count', "
    "pad_to_max_tokens=True, max_tokens=3)))",
    "e(lambda: cfg(K.IntegerLookup(vocabulary=[4], invert=True)))",
    "e(lambda: cfg(K.TextVectorization(vocabulary=['a'], ngrams=(1, 3), ragged=True)))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["ragged18"] = _COMMON + r"""
Q = {'r1': R([[1, 2, 3], [], [4, 5]]),
     'r2': R([[[1, 2], [3]], [], [[4], [], [5, 6, 7]]]),
     'r2s': R([[[1, 2], [3]], [], [[4], [], [5, 6, 7]]], row_splits_dtype=tf.int32),
     'u': RT.from_uniform_row_length(R([[1.5], [2.5, 3.5], [], [4.5]]), 2),
     'f': R([[1.0, -2.0], [3.5], []]),
     'b': R([[True, False, True], [], [False, True]]),
     'e': R([[], [], []], dtype=tf.int32),
     'r3': R([[[[1]], [[2, 3], []]], [[[4, 5, 6]]]])}
def q(f, x):
    return e(lambda: f(Q[x]))
W = {'a1': R([[1, 2, 3], [], [4, 5]]),
     'b2': R([[[1, 2], [3]], [], [[4], [], [5, 6, 7]]]),
     'b2u': R([[[1], [3]], [[2], [3]], [[4], [5]]]),
     'c3': R([[[[1]], [[2, 3], []]], [[[4, 5, 6]]]]),
     'a1i': R([[[1, 2], [3, 4]], [], [[5, 6]]], ragged_rank=1),
     'b2i': R([[[[1], [2]]], [[[3]]]], ragged_rank=2),
     's0': tf.constant(0), 's1': tf.constant([0]), 's2': tf.constant([[0]]),
     's3': tf.constant([[[0]]]), 'w3': tf.constant([[[0]], [[1]], [[2]]]),
     'w2': tf.constant([[[0]], [[1]]])}
def wh(c, a, b, d='int64'):
    # tf.where over W's operands, the ragged ones with row splits of dtype d
    def go():
        ops = [W[n].with_row_splits_dtype(getattr(tf, d)) if isinstance(W[n], RT) else W[n]
               for n in (c, a, b)]
        return tf.where(ops[0] > 2, ops[1], ops[2])
    return e(go)
"""
_QX = ("r1", "r2", "r2s", "u", "f", "e", "r3")
_QF = (
    "lambda t: t.merge_dims(0, 1)", "lambda t: t.merge_dims(-2, -1)",
    "lambda t: t.merge_dims(0, -1)", "lambda t: t.merge_dims(1, 2)",
    "lambda t: t.merge_dims(0, 0)", "lambda t: t.merge_dims(2, 1)",
    "lambda t: t.with_row_splits_dtype(tf.int32)", "lambda t: t.with_row_splits_dtype(tf.int64)",
    "lambda t: t.with_row_splits_dtype(tf.int16)",
    "lambda t: t.row_lengths(axis=1)", "lambda t: t.row_lengths(axis=2)",
    "lambda t: t.row_lengths(axis=-1)", "lambda t: t.row_lengths(axis=3)",
    "lambda t: t.row_lengths(axis=0)", "lambda t: t.value_rowids()",
    "lambda t: t.nested_value_rowids()", "lambda t: t.nested_row_lengths()",
    "lambda t: tf.ragged.row_splits_to_segment_ids(t.row_splits)",
    "lambda t: tf.ragged.segment_ids_to_row_splits(t.value_rowids(), nrows=t.nrows() + 1)",
    "lambda t: tf.ragged.map_flat_values(tf.negative, t)",
    "lambda t: tf.ragged.map_flat_values(lambda x: x * 2, t)",
    "lambda t: tf.ragged.map_flat_values(tf.reduce_sum, t)",
    "lambda t: tf.ragged.map_flat_values(lambda x: tf.cast(x, tf.float64), t)",
    "lambda t: tf.ragged.map_flat_values(tf.add, t, t)",
    "lambda t: tf.reduce_sum(t, axis=0, keepdims=True)",
    "lambda t: tf.reduce_sum(t, axis=1, keepdims=True)",
    "lambda t: tf.reduce_sum(t, axis=-1, keepdims=True)",
    "lambda t: tf.reduce_max(t, axis=2, keepdims=True)",
    "lambda t: tf.reduce_min(t, axis=[0, 1], keepdims=True)",
    "lambda t: tf.reduce_prod(t, axis=None, keepdims=True)",
    "lambda t: tf.reduce_mean(t, axis=1, keepdims=True)",
    "lambda t: tf.reduce_mean(t, axis=-2)",
    "lambda t: tf.math.reduce_variance(t, axis=-1)",
    "lambda t: tf.math.reduce_std(t, axis=1, keepdims=True)",
    "lambda t: tf.reduce_sum(t, axis=(1, -1))",
    "lambda t: tf.where(t > 2)", "lambda t: tf.where(t > 2, t, -t)",
    "lambda t: tf.where(t > 2, t, 0)",
    "lambda t: tf.boolean_mask(t, t > 2)",
    "lambda t: tf.boolean_mask(t, tf.ones_like(t, tf.bool))",
    "lambda t: tf.boolean_mask(t, [True, False, True][:t.nrows()])",
    "lambda t: tf.ragged.boolean_mask(t, t > 2)",
    "lambda t: t.bounding_shape()", "lambda t: t.bounding_shape(axis=-1)",
    "lambda t: tf.ragged.range(t.row_lengths())",
    "lambda t: tf.ragged.range(t.row_lengths(), row_splits_dtype=tf.int32)",
)
SECTIONS["ragged18"] = _unique([
    *[f"q({f}, '{x}')" for f in _QF for x in _QX],
    *[f"e(lambda: tf.ragged.range({a}))" for a in (
        "[3, 0, 2], [5, 0, -1]", "[3, 0, 2], 6, [1, 2, 3]", "0, [3, 5], [2, -2]",
        "[5], [0], [-2]", "tf.constant([1.5, 0.0]), 3.0, 0.5", "[1, 2], [4, 5], 0",
        "[2**40], [2**40 + 3], dtype=tf.int64", "[1, 2], [4, 5], dtype=tf.float32",
        "[[1, 2]]", "[1, 2], [3]", "[], []", "tf.constant([3], tf.int16)",
        "tf.constant([3], tf.uint8)", "[3], row_splits_dtype=tf.int16",
        "tf.zeros([0], tf.int64)", "[1, 2], [4, 5], [0.5, 1]")],
    *[f"e(lambda: tf.ragged.segment_ids_to_row_splits({a}))" for a in (
        "[0, 0, 2]", "[0, 0, 2], num_segments=5", "[1, 1], num_segments=1", "[]",
        "[2, 1, 0]", "[0, 0, 2], out_type=tf.int32", "[-1, 0]", "tf.constant([0, 3], tf.int64)",
        "[[0, 1]]", "[0, 1], num_segments=tf.constant(4, tf.int64)",
        "[0.0, 1.0]", "[0, 1], out_type=tf.float32")],
    *[f"e(lambda: tf.ragged.row_splits_to_segment_ids({a}))" for a in (
        "[0, 2, 2, 5]", "[0]", "[0, 2], out_type=tf.int32", "[1, 2]", "[0, 3, 1]", "[]",
        "tf.constant([0, 1], tf.int32)", "[[0, 1]]", "[0.0, 1.0]")],
    "e(lambda: tf.ragged.row_splits_to_segment_ids([0, 1], bogus=1))",
    "e(lambda: tf.ragged.row_splits_to_segment_ids())",
    "e(lambda: tf.ragged.segment_ids_to_row_splits([0], 1, tf.int64, 'n', 5))",
    "e(lambda: tf.ragged.segment_ids_to_row_splits([0], segment_ids=[1]))",
    *[f"e(lambda: tf.where({c}, {a}, {b}))" for c, a, b in (
        ("Q['b']", "Q['r1']", "Q['r1'] * 10"), ("Q['b']", "Q['r1']", "0"),
        ("Q['b']", "'y'", "'n'"), ("Q['b']", "Q['f']", "Q['r1']"),
        ("R([[True], [False]])", "R([[1, 2], [3]])", "R([[4], [5]])"),
        ("R([True, False, True])", "Q['r1']", "-Q['r1']"),
        ("tf.constant([True, False, True])", "Q['r1']", "Q['r1'] * 0"),
        ("Q['r2'] > 3", "Q['r2']", "Q['r2'] + 100"), ("Q['b']", "Q['r2']", "Q['r2']"))],
    *[f"wh('{r}', '{a}', '{b}', '{d}')" for d in ("int32", "int64")
      for r in ("a1", "b2", "b2u", "c3", "a1i", "b2i")
      for o in ("s0", "s1", "s2", "s3", "w3", "w2")
      for a, b in ((r, o), (o, r))],
    "wh('b2', 'b2', 'b2', 'int32')",
    "wh('b2', 's0', 's1', 'int32')",
    "wh('c3', 's2', 's0', 'int32')",
    "wh('a1i', 's0', 's0')",
    *[f"tv(lambda t: tf.where(t > 2, {a}, {b}), {spec})(W['{r}'].with_row_splits_dtype({d}))"
      for r, spec in (
          ("b2", "RS([None, None, None], tf.int32, row_splits_dtype=tf.int32)"),
          ("c3", "RS([None, None, None, None], tf.int32, row_splits_dtype=tf.int32)"),
          ("a1i", "RS([None, None, 2], tf.int32, ragged_rank=1, row_splits_dtype=tf.int32)"),
          ("a1i", "RS([None, None, None], tf.int32, ragged_rank=1, row_splits_dtype=tf.int32)"))
      for d in ("tf.int32",)
      for a, b in (("t", "0"), ("0", "t"), ("t", "tf.constant([[0]])"),
                   ("t", "tf.constant([[[0]]])"), ("t", "t"))],
    "tv(lambda t: tf.where(t > 2, t, 0), RS([None, None, None], tf.int32))(W['b2'])",
    "tv(lambda t: tf.where(t > 2, t, 0), RS([None, None, 2], tf.int32, ragged_rank=1))("
    "W['a1i'])",
    "tv(lambda t: tf.where(t > 2, t, tf.constant([[0, 1]])), RS([None, None, 2], tf.int32, "
    "ragged_rank=1))(W['a1i'])",
    *[f"e(lambda: tf.where({c}))" for c in (
        "Q['b']", "Q['r2'] > 3", "Q['e'] > 0", "R([[[True]], [[False, True]]])",
        "RT.from_uniform_row_length([True, False, True, True], 2)")],
    *[f"e(lambda: tf.boolean_mask({t}, {m}{ax}))" for t, m in (
        ("Q['r1']", "Q['b']"), ("Q['r2']", "Q['r2'] > 1"), ("Q['r2']", "[True, False, True]"),
        ("Q['r2']", "R([[True, False], [], [True, True, False]])"), ("Q['u']", "Q['u'] > 2"),
        ("Q['r1']", "R([[True, False], [], [True, True]])"),
        ("tf.constant([[1, 2], [3, 4]])", "R([[True, False], [True, True]])"),
        ("Q['r1']", "tf.constant([[True], [False], [True]])"))
      for ax in ("", ", axis=1", ", axis=-1")],
    "tv(lambda t: t.merge_dims(1, 2), RS([None, None, None], tf.int32, "
    "row_splits_dtype=tf.int32))(Q['r2s'])",
    "tv(lambda t: t.row_lengths(axis=2), RS([None, None, None], tf.int32))(Q['r2'])",
    "tv(lambda t: tf.reduce_sum(t, axis=1, keepdims=True), RS([None, None, None], "
    "tf.int32))(Q['r2'])",
    "tv(lambda t: tf.reduce_max(t, axis=-1, keepdims=True), RS([None, 2, None], tf.float32, "
    "ragged_rank=1))(Q['u'])",
    "tv(lambda t: tf.where(t > 2, t, 0), RS([None, None], tf.int32))(Q['r1'])",
    "tv(lambda t: tf.boolean_mask(t, t > 2), RS([None, None, None], tf.int32))(Q['r2'])",
    "tv(lambda n: tf.ragged.range(n), TS([None], tf.int32))(tf.constant([2, 0, 3]))",
    "tv(lambda t: t.with_row_splits_dtype(tf.int32), RS([None, None, None], tf.int32))("
    "Q['r2'])",
    "outs(lambda t: t.merge_dims(0, 1), RS([3, None, None], tf.int32))",
    "outs(lambda t: t.merge_dims(0, 1), RS([2, 2, None], tf.float32, ragged_rank=1))",
    "outs(lambda t: tf.reduce_sum(t, axis=1, keepdims=True), RS([3, None, 4], tf.int32, "
    "ragged_rank=1))",
    "outs(lambda t: t.row_lengths(axis=2), RS([3, None, None], tf.int32))",
    "outs(lambda n: tf.ragged.range(n), TS([5], tf.int64))",
    "outs(lambda t: tf.where(t > 0), RS([None, None], tf.int32))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["sparse18"] = _COMMON + r"""
SPF = ST([[0, 0], [1, 2]], [1.5, -2.0], [2, 3])
SPS = ST([[0, 0], [1, 2]], ['a b', 'c'], [2, 3])
SPI = ST([[0, 0], [1, 2]], tf.constant([1, 2], tf.int64), [2, 3])
SPB = ST([[0, 0]], [True], [1, 1])
SPC = ST([[0]], [65], [1])
def both(f, x):
    # eagerly, then traced with a loose spec
    return [e(lambda: f(x)), tv(f, SS([None] * x.shape.rank, x.dtype))(x)]
"""
_SP_FNS = (
    ("tf.exp", "SPF"), ("tf.sigmoid", "SPF"), ("tf.round", "SPF"), ("tf.math.log", "SPF"),
    ("tf.floor", "SPF"), ("lambda t: tf.math.is_nan(t)", "SPF"), ("tf.sqrt", "SPF"),
    ("tf.sign", "SPF"),
    ("lambda t: tf.cast(t, tf.int32)", "SPF"), ("lambda t: t * 2", "SPF"), ("tf.abs", "SPF"),
    ("tf.negative", "SPF"), ("tf.identity", "SPF"), ("tf.reduce_sum", "SPF"),
    ("tf.zeros_like", "SPF"), ("tf.shape", "SPF"), ("tf.size", "SPF"),
    ("lambda t: tf.logical_not(t)", "SPB"), ("lambda t: S.unicode_script(t)", "SPC"),
    ("lambda t: S.as_string(t)", "SPI"),
    ("lambda t: S.unicode_decode(t, 'UTF-8')", "SPS"), ("S.split", "SPS"),
    ("lambda t: S.ngrams(t, 2)", "SPS"), ("lambda t: S.join([t, t])", "SPS"),
    ("S.bytes_split", "SPS"), ("lambda t: S.regex_full_match(t, tf.constant('a'))", "SPS"),
    ("lambda t: S.regex_replace(t, tf.constant('a'), 'b')", "SPS"), ("S.to_number", "SPS"),
    ("lambda t: S.to_hash_bucket_fast(t, 3)", "SPS"),
    ("lambda t: S.to_hash_bucket_strong(t, 3, [1, 2])", "SPS"), ("lambda t: S.upper(t)", "SPS"),
    ("lambda t: S.length(t, unit='UTF8_CHAR')", "SPS"), ("lambda t: S.substr(t, 0, 1)", "SPS"),
    ("lambda t: tf.io.encode_base64(t)", "SPS"), ("lambda t: tf.io.decode_base64(t)", "SPS"),
    ("lambda t: S.unsorted_segment_join(t, [0, 0], 1)", "SPS"), ("S.reduce_join", "SPS"),
    ("lambda t: S.format('{}{}', [t, t])", "SPS"),
    ("lambda t: S.format('{}{}', [tf.constant(1), t])", "SPS"),
    ("lambda t: S.format('{}', t, summarize=0)", "SPS"),
    ("lambda t: S.unicode_transcode(t, 'UTF-8', 'UTF-16-BE')", "SPS"),
    ("lambda t: S.strip(t)", "SPS"), ("lambda t: S.lower(t)", "SPS"),
)
SECTIONS["sparse18"] = _unique([
    *[f"both({f}, {x})" for f, x in _SP_FNS],
    *[f"e(lambda: tf.{f}({x}, out_type={o}))" for f in ("shape", "size")
      for x in ("SPF", "R([[1], []])", "R([[1], []], row_splits_dtype=tf.int32)")
      for o in ("None", "tf.int64")],
    "e(lambda: tf.shape(R([[1], []], row_splits_dtype=tf.int32), out_type=None).dtype)",
    "e(lambda: tf.rank(SPF))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["static18"] = _COMMON + r"""
SPECS = {'u1': RS([2, 2, None], tf.float32, ragged_rank=1),
         'u2': RS([3, 2, None], tf.float32, ragged_rank=2),
         'r3': RS([2, None, 3, None], tf.float32, ragged_rank=3),
         'r2i': RS([None, None, 4], tf.float32, ragged_rank=1)}
def so(f, k):
    # the traced result's static shape, ragged rank and flat values' shape
    def d(t):
        if isinstance(t, RT):
            return (t.shape.as_list(), t.ragged_rank, t.flat_values.shape.as_list())
        return desc(t)
    return run(lambda: tf.nest.map_structure(
        d, traced(f, SPECS[k]).get_concrete_function().structured_outputs))
"""
_SO = ("lambda t: t[:, :1]", "lambda t: t[:, ::-1]", "lambda t: t[:, 1:]", "lambda t: t[1:]",
       "lambda t: t[::2]", "lambda t: tf.where(t > 0, t, t * 2)",
       "lambda t: tf.where(t > 0, t, 0.0)", "lambda t: tf.squeeze(tf.expand_dims(t, 1), 1)",
       "lambda t: tf.squeeze(tf.expand_dims(t, -1), -1)", "lambda t: t.values",
       "lambda t: t.merge_dims(0, 1)", "lambda t: tf.concat([t, t], 1)",
       "lambda t: tf.ragged.boolean_mask(t, t > 0)", "lambda t: t + 1")
SECTIONS["static18"] = _unique([f"so({f}, '{k}')" for f in _SO for k in
                                ("u1", "u2", "r3", "r2i")])

# ---------------------------------------------------------------------------------------
PRELUDES["ttables18"] = PRELUDES["tables18"] + r"""
KS = {'r': RS([None, None], tf.string), 'r2': RS([None, None, None], tf.string),
      'r2s': RS([None, None, None], tf.string, row_splits_dtype=tf.int32),
      'u': RS([None, 2, None], tf.string, ragged_rank=1), 'sp': SS([None, None], tf.string),
      'd': TS([None, None], tf.string), 's': TS([], tf.string), 'e': RS([None, None], tf.string)}
IKS = {'r': RS([None, None], tf.int64), 'r32': RS([None, None], tf.int32),
       'sp': SS([None, None], tf.int64), 'u': RS([None, 2, None], tf.int64, ragged_rank=1),
       'd': TS([None, None], tf.int64)}
def tlook(t, k, kind='s'):
    specs, keys = (KS, SK) if kind == 's' else (IKS, IK)
    return tv(lambda x: t.lookup(x), specs[k])(keys[k])
DHT = DH(tf.int64, tf.int64, -1, empty_key=0, deleted_key=-1)
MHT = MH(tf.string, tf.int64, -1)
"""
_TK = ("r", "r2", "r2s", "u", "sp", "d", "s", "e")
_TIK = ("r", "r32", "sp", "u", "d")
SECTIONS["ttables18"] = _unique([
    *[f"tlook({t}, '{k}')" for k in _TK
      for t in ("static(tf.string, tf.int64, -1)", "SV", "MHT")],
    *[f"tlook({t}, '{k}', 'i')" for k in _TIK
      for t in ("static(tf.int64, tf.string, '?')", "DHT")],
    "tv(lambda x: DHT.lookup(x), TS([None], tf.int64))(tf.constant([0, 1], tf.int64))",
    "tv(lambda x: DHT.insert(x, x), TS([None], tf.int64))(tf.constant([-1], tf.int64))",
    "tv(lambda x: DHT.remove(x), TS([None], tf.int64))(tf.constant([0], tf.int64))",
    "tv(lambda x: MHT.insert(x, tf.constant([1, 2], tf.int64)), TS([None], tf.string))("
    "tf.constant(['a']))",
    "tv(lambda x: MHT.remove(x), TS([None, None], tf.string))(tf.constant([['a']]))",
    "tv(lambda x: static(tf.string, tf.int64, -1).lookup(x), TS([None], tf.int32))("
    "tf.constant([1]))",
    "tv(lambda x: SV.lookup(x), TS([None], tf.int64))(tf.constant([1], tf.int64))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["bcast18"] = _COMMON + r"""
Z = {'a1': R([[1, 2], [3, 4], [5, 6]]), 'b2': R([[[1, 2], [3]], [], [[4], [], [5, 6, 7]]]),
     'b2u': R([[[1], [3]], [[2], [3]], [[4], [5]]]),
     'c3': R([[[[1]], [[2, 3], []]], [[[4, 5, 6]]]]),
     'a1i': R([[[1, 2], [3, 4]], [], [[5, 6]]], ragged_rank=1),
     'un': RT.from_uniform_row_length(tf.constant([1, 2, 3, 4]), 2)}
def bc(op, r, shape, d):
    # a binary op of ragged Z[r] (row splits of dtype d) and ones of `shape`, both orders
    def go(first):
        x = Z[r].with_row_splits_dtype(getattr(tf, d))
        y = tf.ones(shape, tf.int32)
        return op(x, y) if first else op(y, x)
    return [e(lambda: go(True)), e(lambda: go(False))]
"""
SECTIONS["bcast18"] = _unique([
    f"bc({op}, '{r}', {shape}, '{d}')" for d in ("int32", "int64")
    for op in ("tf.add", "tf.maximum")
    for r, shape in (("a1", "[2]"), ("a1", "[3, 2]"), ("a1", "[3, 1]"), ("a1", "[1, 2]"),
                     ("b2", "[3, 1]"), ("b2", "[3, 1, 1]"), ("b2", "[1, 1, 3]"),
                     ("b2u", "[3, 2, 1]"), ("b2u", "[2, 1]"), ("b2u", "[3, 1, 1]"),
                     ("b2u", "[1, 1, 4]"), ("c3", "[3, 1, 1]"), ("c3", "[2, 1]"),
                     ("a1i", "[2]"), ("a1i", "[3, 1]"), ("a1i", "[1, 2]"), ("un", "[2, 2]"),
                     ("un", "[2]"), ("un", "[1]"))])
