"""text10's probes, beyond text1-9's: tf.strings' unicode edge cases (overlong and surrogate
UTF-8, lone UTF-16 surrogates, truncated UTF-32, emoji and combining marks, legacy input
encodings, replacement characters and control characters in every error mode), byte
against UTF8_CHAR units, RE2's syntax where Python's re differs (classes, anchors, lazy
and possessive forms, named groups, rewrite escapes), to_number, hash buckets,
as_string and format options; RaggedTensor's rarer factories and methods
(from_nested_row_lengths, from_uniform_row_length, row partitions, segment ids,
with_row_splits_dtype, merge_dims, to_tensor's default_value and shape, bounding_shape,
nrows and row_lengths with out_type and axis), ragged boolean_mask, gather_nd, where,
stack and concat of mixed ragged ranks, map_flat_values, NaN reductions and tf.map_fn's
fn_output_signature; tf.sparse's reorder/reshape/slice/split/concat, adjoint matmuls,
sparse reductions, crosses, to_indicator and bincount; tf.lookup's static, vocabulary,
mutable and dense tables over int and string keys, export/import, dtype errors and
TextFileInitializer's delimiters and columns. Each area eagerly and inside tf.function
with unknown shapes. Each section runs in its own environment (its prelude), its
expressions in order. record_text10.py records what TF 2.21 answers in
text10_golden.json; test_text10_vs_tf.py compares."""

PRELUDES = {}
SECTIONS = {}

_COMMON = r"""import numpy as np, re
S = tf.strings
R = tf.ragged.constant
RT = tf.RaggedTensor
RS = tf.RaggedTensorSpec
TS = tf.TensorSpec
SP = tf.sparse
ST = tf.sparse.SparseTensor
L = tf.lookup
def traced(fn, *specs):
    return tf.function(fn, input_signature=list(specs))
def run(f, *args):
    # (an error's class and message with the names TF numbers per process made alike:
    # tf.function's, its branches', protobuf's debug string marker)
    try:
        return f(*args)
    except Exception as e:
        text = re.sub(r'(__inference_\S*?)_\d+', r'\1_N', str(e))
        text = re.sub(r'(\{\{function_node \w+?_(?:true|false))_\d+\}\}', r'\1_N}}', text)
        return type(e).__name__ + ': ' + re.sub(r'goo\.gle/\w+ +', 'goo.gle/debug ', text)
def v(x):
    if hasattr(x, 'to_list'):
        return ('ragged', x.dtype.name, x.row_splits.dtype.name, x.ragged_rank,
                x.shape.as_list(), x.to_list())
    if isinstance(x, (list, tuple)):
        return [v(y) for y in x]
    if isinstance(x, tf.SparseTensor):
        return ('sparse', x.dtype.name, x.indices.numpy().tolist(), x.values.numpy().tolist(),
                x.dense_shape.numpy().tolist())
    return (x.dtype.name, x.shape.as_list(), x.numpy().tolist())
"""

PRELUDES["unicode_edges"] = _COMMON + r"""
emoji = tf.constant(['a\U0001F600b', 'e\u0301', 'x'])
ovl = tf.constant([b'\xc0\xaf', b'\xe0\x80\xaf', b'\xed\xa0\x80', b'\xf4\x90\x80\x80',
                   b'\xf8\x88\x80\x80\x80'])
mixed = tf.constant([b'ab\x80cd', b'\xe2\x82\xac', b'\xe2\x82', b'\xf0\x9f\x98'])
def dec(x, enc='UTF-8', **k):
    return v(S.unicode_decode(x, enc, **k))
def tr(x, a, b, **k):
    return v(S.unicode_transcode(x, a, b, **k))
"""
SECTIONS["unicode_edges"] = [
    # decoding malformed UTF-8: overlong forms, surrogates, beyond U+10FFFF, 5-byte forms
    "dec(ovl)",
    "dec(ovl, errors='ignore')",
    "dec(ovl, errors='strict')",
    "dec(ovl, replacement_char=0)",
    "dec(ovl, replacement_char=0x3f)",
    "dec(mixed)",
    "dec(mixed, errors='ignore')",
    "dec(mixed, errors='replace', replacement_char=ord('#'))",
    "v(S.unicode_decode_with_offsets(mixed, 'UTF-8'))",
    "v(S.unicode_decode_with_offsets(mixed, 'UTF-8', errors='ignore'))",
    "v(S.unicode_decode_with_offsets(ovl, 'UTF-8'))",
    "v(S.unicode_decode_with_offsets(ovl, 'UTF-8', errors='ignore'))",
    "dec(emoji)",
    "v(S.unicode_decode_with_offsets(emoji, 'UTF-8'))",
    "dec(tf.constant([b'\\xef\\xbb\\xbfa']))",
    "dec(tf.constant(['a\\x00b']))",
    "dec(tf.constant(['a\\x00b']), replace_control_characters=True)",
    "dec(tf.constant(['\\x7f\\x1f\\x85']), replace_control_characters=True)",
    "dec(tf.constant(['\\t\\n']), replace_control_characters=True, replacement_char=32)",
    # UTF-16 and UTF-32 edge cases
    "dec(S.unicode_transcode(emoji, 'UTF-8', 'UTF-16-BE'), 'UTF-16-BE')",
    "v(S.unicode_decode_with_offsets(S.unicode_transcode(emoji, 'UTF-8', 'UTF-16-LE'), "
    "'UTF-16-LE'))",
    "dec(tf.constant([b'\\xd8\\x3d\\x00a']), 'UTF-16-BE')",
    "dec(tf.constant([b'\\xd8\\x3d\\x00a']), 'UTF-16-BE', errors='ignore')",
    "dec(tf.constant([b'\\xd8\\x3d\\x00a']), 'UTF-16-BE', errors='strict')",
    "dec(tf.constant([b'\\xde\\x00\\x00a']), 'UTF-16-BE')",
    "dec(tf.constant([b'\\x00a\\x00']), 'UTF-16-BE')",
    "dec(tf.constant([b'\\x00a\\x00']), 'UTF-16-BE', errors='ignore')",
    "dec(tf.constant([b'\\x00\\x00\\xd8\\x00']), 'UTF-32-BE')",
    "dec(tf.constant([b'\\x00\\x00\\x00a\\x00']), 'UTF-32-BE')",
    "dec(tf.constant([b'a\\x00\\x00\\x00']), 'UTF-32-LE')",
    "dec(tf.constant([b'\\x00\\x00\\xfe\\xff\\x00\\x00\\x00a']), 'UTF-32')",
    "dec(tf.constant([b'\\xff\\xfea\\x00']), 'UTF-16')",
    "dec(tf.constant([b'a\\x00']), 'UTF-16')",
    # legacy input encodings
    "dec(tf.constant([b'\\xe9t\\xe9']), 'ISO-8859-1')",
    "dec(tf.constant([b'\\x80\\x9f']), 'windows-1252')",
    "dec(tf.constant([b'abc\\xff']), 'US-ASCII')",
    "dec(tf.constant([b'abc']), 'no-such-codec')",
    "tr(tf.constant([b'caf\\xe9']), 'ISO-8859-1', 'UTF-8')",
    "tr(tf.constant([b'\\x80']), 'windows-1252', 'UTF-16-BE')",
    # transcoding
    "tr(emoji, 'UTF-8', 'UTF-16-BE')",
    "tr(emoji, 'UTF-8', 'UTF-32-LE')",
    "tr(emoji, 'UTF-8', 'UTF-16-LE')",
    "tr(ovl, 'UTF-8', 'UTF-8')",
    "tr(ovl, 'UTF-8', 'UTF-8', errors='ignore')",
    "tr(ovl, 'UTF-8', 'UTF-8', errors='strict')",
    "tr(ovl, 'UTF-8', 'UTF-16-BE', replacement_char=0x3f)",
    "tr(mixed, 'UTF-8', 'UTF-16-LE')",
    "tr(mixed, 'UTF-8', 'UTF-8', errors='ignore')",
    "tr(mixed, 'UTF-8', 'UTF-32-BE', replacement_char=0x1F600)",
    "tr(tf.constant(['a\\x00b\\x7f']), 'UTF-8', 'UTF-8', replace_control_characters=True)",
    "tr(tf.constant(['a\\x00b']), 'UTF-8', 'UTF-16-BE', replace_control_characters=True, "
    "replacement_char=0x2e)",
    "tr(tf.constant([b'\\xd8\\x3d\\xde\\x00']), 'UTF-16-BE', 'UTF-8')",
    "tr(tf.constant([b'\\x3d\\xd8']), 'UTF-16-LE', 'UTF-8')",
    "tr(tf.constant([b'\\x3d\\xd8']), 'UTF-16-LE', 'UTF-8', errors='ignore')",
    "tr(emoji, 'UTF-8', 'UTF-8', replacement_char=-1)",
    "tr(mixed, 'UTF-8', 'UTF-8', replacement_char=0xd800)",
    "tr(mixed, 'UTF-8', 'UTF-8', replacement_char=0x110000)",
    "tr(emoji, 'UTF-8', 'ISO-8859-1')",
    "tr(tf.constant([['a', 'b'], ['\\u00e9', '']]), 'UTF-8', 'UTF-16-BE')",
    # encoding code points
    "v(S.unicode_encode(R([[0x1F600, 0x41], []]), 'UTF-16-BE'))",
    "v(S.unicode_encode(R([[0x1F600, 0x41], []]), 'UTF-32-BE'))",
    "v(S.unicode_encode(R([[0x1F600, 0x41], []]), 'UTF-8'))",
    "v(S.unicode_encode(R([[104, -5, 105]]), 'UTF-8'))",
    "v(S.unicode_encode(R([[104, -5, 105]]), 'UTF-8', errors='ignore'))",
    "v(S.unicode_encode(R([[104, -5, 105]]), 'UTF-8', errors='strict'))",
    "v(S.unicode_encode(R([[104, 0xdc00, 105]]), 'UTF-16-BE', replacement_char=0x3f))",
    "v(S.unicode_encode(R([[0, 7]]), 'UTF-8'))",
    "v(S.unicode_encode(tf.constant([[104, 105], [106, 107]]), 'UTF-8'))",
    "v(S.unicode_encode(tf.constant([104, 105]), 'UTF-8'))",
    "v(S.unicode_encode(tf.constant([], tf.int32), 'UTF-8'))",
    "v(S.unicode_encode(R([[[104], [105, 106]], [[]]]), 'UTF-8'))",
    "v(S.unicode_encode(tf.constant([104, 105], tf.int64), 'UTF-8'))",
    "v(S.unicode_encode(tf.constant([104.0]), 'UTF-8'))",
    "v(S.unicode_encode(tf.constant(104), 'UTF-8'))",
    "v(S.unicode_encode(R([[104]]), 'UTF-16'))",
    "v(S.unicode_encode(R([[104]]), 'UTF-8', errors='nope'))",
    # splits with offsets and units
    "v(S.unicode_split(emoji, 'UTF-8'))",
    "v(S.unicode_split(mixed, 'UTF-8'))",
    "v(S.unicode_split(mixed, 'UTF-8', errors='ignore'))",
    "v(S.unicode_split(mixed, 'UTF-8', replacement_char=0x3f))",
    "v(S.unicode_split_with_offsets(mixed, 'UTF-8'))",
    "v(S.unicode_split_with_offsets(mixed, 'UTF-8', errors='ignore'))",
    "v(S.unicode_split_with_offsets(tf.constant('\\u00e9t\\u00e9'), 'UTF-8'))",
    "v(S.unicode_split_with_offsets(tf.constant([['ab'], ['\\u00e9']]), 'UTF-8'))",
    "v(S.unicode_split_with_offsets(R([['ab', ''], ['\\u00e9']]), 'UTF-8'))",
    "v(S.unicode_split(S.unicode_transcode(emoji, 'UTF-8', 'UTF-16-BE'), 'UTF-16-BE'))",
    "v(S.unicode_split(mixed, 'UTF-8', errors='strict'))",
    "v(S.unicode_script(tf.constant([0x41, 0x3b1, 0x5d0, 0x4e00, 0x1F600, 0x30, -1, "
    "0x110000])))",
    "v(S.unicode_script(R([[0x41], [0x627, 0x915]])))",
    "v(S.unicode_script(tf.constant([0x41], tf.int64)))",
    "v(S.length(emoji, unit='UTF8_CHAR'))",
    "v(S.length(emoji))",
    "v(S.length(ovl, unit='UTF8_CHAR'))",
    "v(S.length(mixed, unit='UTF8_CHAR'))",
    "v(S.substr(emoji, 1, 1))",
    "v(S.substr(emoji, 1, 1, unit='UTF8_CHAR'))",
    "v(S.substr(emoji, -2, 1, unit='UTF8_CHAR'))",
    "v(S.substr(emoji[:1], 1, 4))",
    "v(S.substr(emoji, 4, 1))",
    "v(S.substr(emoji, -4, 1, unit='UTF8_CHAR'))",
    "v(S.substr(mixed, 1, 2, unit='UTF8_CHAR'))",
    "v(S.substr(emoji, [0, 1, 0], [2, 1, 5], unit='UTF8_CHAR'))",
    "v(S.substr(emoji, 0, 2, unit='BYTES'))",
    "v(S.split(['a\\u00e9b\\u00e9c'], '\\u00e9'))",
    "v(S.split(['a\\u3000b c']))",
    "v(S.split(['a\\xa0b']))",
    "v(S.split(['a\\tb\\nc\\rd\\x0be\\x0cf']))",
    "v(S.bytes_split(emoji))",
    "v(S.upper(['\\u03b1\\u03b2 stra\\u00dfe'], encoding='utf-8'))",
    "v(S.lower(['\\u0130\\u03a3A'], encoding='utf-8'))",
    "v(S.upper(['\\u00e9'], encoding='ascii'))",
    # traced with unknown shapes
    "run(traced(lambda x: S.unicode_decode(x, 'UTF-8'), TS([None], tf.string)), emoji)",
    "run(traced(lambda x: S.unicode_decode(x, 'UTF-8'), TS(None, tf.string)), emoji)",
    "run(traced(lambda x: S.unicode_split_with_offsets(x, 'UTF-8')[1], TS([None], tf.string)),"
    " emoji)",
    "run(traced(lambda x: S.unicode_encode(x, 'UTF-8'), RS([None, None], tf.int32)), "
    "R([[104, 105], [0x1F600]]))",
    "run(traced(lambda x: S.unicode_transcode(x, 'UTF-8', 'UTF-16-BE', errors='strict'), "
    "TS([None], tf.string)), mixed)",
    "run(traced(lambda x: S.unicode_transcode(x, 'UTF-8', 'UTF-8'), TS([None], tf.string)), "
    "ovl)",
    "run(traced(lambda x: S.unicode_decode(x, 'UTF-8', errors='strict'), "
    "TS([None], tf.string)), ovl)",
    "run(traced(lambda x: S.unicode_encode(x, 'UTF-8', errors='strict'), "
    "RS([None, None], tf.int32)), R([[-1]]))",
    "run(traced(lambda x: S.length(x, unit='UTF8_CHAR'), TS(None, tf.string)), emoji)",
    "run(traced(lambda x: S.substr(x, 1, 1, unit='UTF8_CHAR'), TS([None], tf.string)), emoji)",
    "run(traced(lambda x: S.substr(x, 9, 1), TS([None], tf.string)), emoji)",
    "run(traced(lambda x: S.unicode_script(x), TS([None], tf.int32)), tf.constant([0x41]))",
    "traced(lambda x: S.unicode_decode(x, 'UTF-8'), TS([None], tf.string))"
    ".get_concrete_function().structured_outputs",
    "traced(lambda x: S.unicode_decode(x, 'UTF-8'), TS([None, 2], tf.string))"
    ".get_concrete_function().structured_outputs",
]

PRELUDES["regex_re2"] = _COMMON + r"""
M = S.regex_full_match
X = S.regex_replace
words = tf.constant(['abc', 'ABC', 'a1', '\u00e9t\u00e9', '\u0661\u0662', 'x\ny', ''])
def m(p, x=words):
    return M(x, p).numpy().tolist()
def rep(x, p, r, **k):
    return X(x, p, r, **k).numpy().tolist()
"""
SECTIONS["regex_re2"] = [
    # classes RE2 has and Python's re spells otherwise or lacks
    "m('[[:alpha:]]+')",
    "m('[[:digit:]]+')",
    "m('[[:^alpha:]]+')",
    "m('\\\\pL+')",
    "m('\\\\p{L}+')",
    "m('\\\\PL+')",
    "m('\\\\p{Greek}+', tf.constant(['\\u03b1\\u03b2', 'ab']))",
    "m('\\\\p{Han}', tf.constant(['\\u6f22', 'a']))",
    "m('\\\\p{Nd}+')",
    "m('\\\\d+')",
    "m('\\\\w+')",
    "m('\\\\s', tf.constant([' ', '\\t', '\\xa0', '\\x0b', '\\u3000']))",
    "m('[\\\\d\\\\s]+', tf.constant(['1 2', '\\u0661']))",
    "m('\\\\pN+')",
    "m('\\\\C\\\\C', tf.constant(['\\u00e9', 'ab']))",
    "rep(['\\u00e9b'], '\\\\C', 'x')",
    "m('a\\\\C+', tf.constant(['a\\u00e9', 'ab', 'a']))",
    "rep(['\\u00e9b'], '\\\\C\\u00e9?', 'x')",
    "m('.', tf.constant(['\\u00e9', '\\n']))",
    "m('(?s).', tf.constant(['\\u00e9', '\\n']))",
    "m('..', tf.constant(['\\u00e9', 'ab']))",
    # anchors
    "m('abc$', tf.constant(['abc', 'abc\\n']))",
    "rep(['abc\\n'], 'c$', 'X')",
    "rep(['abc\\n'], 'c\\\\z', 'X')",
    "rep(['a\\nb\\n'], '(?m)^', '>')",
    "rep(['a\\nb\\n'], '(?m)$', '<')",
    "rep(['a\\nb'], '^', '>')",
    "rep(['ab ab'], '\\\\Aab', 'X')",
    "rep(['ab ab'], '\\\\bab\\\\b', 'X')",
    "rep(['\\u00e9a a'], '\\\\ba', 'X')",
    "rep(['ab'], '\\\\Bb', 'X')",
    "m('\\\\Z')",
    # quantifiers and groups
    "rep(['aaa'], 'a+?', 'X')",
    "rep(['aaa'], 'a*?', 'X')",
    "rep(['aaaa'], 'a{2}', 'X')",
    "rep(['aaaa'], 'a{1,3}?', 'X')",
    "rep(['aaaa'], 'a{,2}', 'X')",
    "rep(['a{,2}'], 'a{,2}', 'X')",
    "rep(['aaa'], 'a++', 'X')",
    "rep(['aaa'], 'a{1001}', 'X')",
    "rep(['ab'], '(?P<x>a)', '[\\\\1]')",
    "rep(['ab'], '(?<x>a)', '[\\\\1]')",
    "rep(['ab'], '(?:a)(b)', '[\\\\1]')",
    "rep(['abab'], '(a)\\\\1', 'X')",
    "rep(['abab'], 'a(?=b)', 'X')",
    "rep(['abab'], '(?<=a)b', 'X')",
    "rep(['abab'], 'a(?!b)', 'X')",
    "rep(['aXa'], '(?i)x', 'y')",
    "rep(['aXa'], '(?i:x)a', 'y')",
    "rep(['a b'], '(?x) a \\\\s b', 'y')",
    "rep(['ab'], '(?U)a+', 'y')",
    "rep(['aaa'], '(?U)a+', 'y')",
    "rep(['a.b*c'], '\\\\Q.b*\\\\E', '-')",
    "rep(['a\\tb'], '\\\\t', ' ')",
    "rep(['a\\x01b'], '\\\\x01', '.')",
    "rep(['a\\u00e9b'], '\\\\x{e9}', 'e')",
    "rep(['a\\u00e9b'], '[^a-z]', '?')",
    "rep(['\\u00e9'], '\\\\xc3', '?')",
    "rep(['abc'], '[a-c&&b]', '?')",
    "rep(['a-b'], '[\\\\w-]', '.')",
    "rep(['ab'], '[]a]', '?')",
    "rep(['ab'], '[^]a]', '?')",
    "rep(['a]b'], '[]]', '?')",
    # rewrites
    "rep(['abc'], 'b', '\\\\\\\\')",
    "rep(['abc'], 'b', '$0')",
    "rep(['abc'], '(b)', '\\\\1\\\\1')",
    "rep(['abc'], '(b)', '\\\\2')",
    "rep(['abc'], 'b', '\\\\')",
    "rep(['abc'], 'b', '\\\\n')",
    "rep(['abc'], '(?P<n>b)', '\\\\g<n>')",
    "rep(['abc'], '(b)|(z)', '[\\\\2]')",
    "rep(['abcabc'], 'b', 'X', replace_global=False)",
    "rep(['aaa'], '', '-', replace_global=False)",
    "rep(['\\u00e9\\u00e9'], '', '-')",
    "rep([['ab', 'ba'], ['aa', '']], 'a', '1')",
    "rep(tf.constant('xax'), 'a', '')",
    # errors and odd inputs
    "rep(['a'], '*', 'x')",
    "rep(['a'], 'a{2,1}', 'x')",
    "rep(['a'], '[z-a]', 'x')",
    "rep(['a'], '\\\\8', 'x')",
    "rep(['a'], '(?P<n>a)(?P<n>b)', 'x')",
    "m('[[:foo:]]')",
    "m('\\\\p{Foo}')",
    "m('(a')",
    "m('a)')",
    "M(tf.constant([1]), 'a')",
    "M(['a', 'b'], ['a', 'b'])",
    "M(['a', 'b'], tf.constant('a|b'))",
    "v(M(R([['a', 'bb'], []]), 'b+'))",
    "X(tf.constant([1]), 'a', 'b')",
    "X(['a'], 'a', ['b', 'c'])",
    "v(X(R([['a', 'bb'], ['c']]), 'b', 'X', replace_global=False))",
    "S.regex_full_match(['ab'], 'a')",
    "S.regex_full_match(['ab'], 'a.*')",
    # traced with unknown shapes and patterns fed at run time
    "run(traced(lambda x, p: M(x, p), TS(None, tf.string), TS([], tf.string)), words, "
    "'\\\\pL+')",
    "run(traced(lambda x, p: M(x, p), TS([None], tf.string), TS([], tf.string)), words, '(')",
    "run(traced(lambda x, p: X(x, p, '<\\\\0>'), TS([None], tf.string), TS([], tf.string)), "
    "words, '[[:upper:]]')",
    "run(traced(lambda x, p: X(x, p, 'z'), TS([None], tf.string), TS([], tf.string)), words, "
    "'a{2,1}')",
    "run(traced(lambda x: X(x, 'a', 'z', replace_global=False), TS([None, None], "
    "tf.string)), tf.constant([['aa', 'ba']]))",
    "run(traced(lambda x: M(x, '[[:digit:]]+'), RS([None, None], tf.string)), "
    "R([['1', 'a'], ['22']]))",
    "traced(lambda x: M(x, 'a'), TS([None, 3], tf.string)).get_concrete_function()"
    ".structured_outputs",
    "traced(lambda x: X(x, 'a', 'b'), TS(None, tf.string)).get_concrete_function()"
    ".structured_outputs",
    "tf.function(lambda x: S.regex_full_match(x, 'a+'))(tf.constant(['aa', 'ab']))",
]

PRELUDES["numbers_hashes_format"] = _COMMON + r"""
nums = tf.constant(['1', ' 2', '3 ', '+4', '-5', '0x10', '1e3', '1.5', 'inf', '-Infinity',
                    'nan', '', '1_000', '\u0661', '2147483648', '9223372036854775808'])
def num(x, t=tf.float32):
    try:
        return S.to_number(x, t).numpy().tolist()
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)
def each(t):
    return [num(s, t) for s in nums.numpy().tolist()]
"""
SECTIONS["numbers_hashes_format"] = [
    # to_number per element
    "each(tf.float32)",
    "each(tf.float64)",
    "each(tf.int32)",
    "each(tf.int64)",
    "num(['1e39'])",
    "num(['1e39'], tf.float64)",
    "num(['1e-50'])",
    "num(['3.4028235e38', '-3.5e38'])",
    "num(['-2147483648', '-2147483649'], tf.int32)",
    "num(['0', '-0', '007'], tf.int32)",
    "num(['1.0'], tf.int32)",
    "num(['0x1p3'], tf.float32)",
    "num(['1,5'], tf.float32)",
    "num(['.5', '5.', '-.5e-1'], tf.float64)",
    "num(['NaN', 'nAn', 'INF', '+inf'], tf.float32)",
    "num(['1'], tf.int8)",
    "num(['1'], tf.float16)",
    "num(['1'], tf.string)",
    "v(S.to_number(R([['1', '2'], ['3']]), tf.int64))",
    "v(S.to_number(tf.constant([['1.5'], ['2']])))",
    "v(S.to_number(tf.constant('12'), out_type=tf.int32))",
    "v(S.to_number(tf.constant([], tf.string)))",
    "v(tf.compat.v1.string_to_number(['7'], out_type=tf.float64))",
    "v(S.to_number(tf.constant([7])))",
    # hash buckets
    "v(S.to_hash_bucket_fast(['', 'a', '\\u00e9', 'a' * 100], 2**31 - 1))",
    "v(S.to_hash_bucket_fast(['x'], 1))",
    "v(S.to_hash_bucket_fast(tf.constant([['a', 'b'], ['c', 'd']]), 10))",
    "v(S.to_hash_bucket_strong(['', 'a', '\\u00e9'], 2**31 - 1, [1, 2]))",
    "v(S.to_hash_bucket_strong(['a'], 10, [2**64 - 1, 0]))",
    "v(S.to_hash_bucket_strong(['a'], 10, [-1, 0]))",
    "v(S.to_hash_bucket_strong(['a'], 10, [1, 2, 3]))",
    "v(S.to_hash_bucket_strong(['a'], 0, [1, 2]))",
    "v(S.to_hash_bucket(['', 'a', 'b'], 100))",
    "v(S.to_hash_bucket(['a'], 1))",
    "v(S.to_hash_bucket(R([['a'], ['b', 'c']]), 9))",
    "v(tf.compat.v1.string_to_hash_bucket(['a'], 9))",
    "v(tf.compat.v1.string_to_hash_bucket_fast(['a'], 9))",
    "v(tf.compat.v1.string_to_hash_bucket_strong(['a'], 9, [5, 6]))",
    "v(S.to_hash_bucket_fast(tf.constant(['a'] * 3), tf.constant(4)))",
    "v(S.to_hash_bucket_fast(['a'], -1))",
    # as_string over each dtype and option
    "v(S.as_string(tf.constant([1, -2], tf.int8)))",
    "v(S.as_string(tf.constant([255], tf.uint8), width=5, fill='0'))",
    "v(S.as_string(tf.constant([2**40], tf.int64)))",
    "v(S.as_string(tf.constant([2**63], tf.uint64)))",
    "v(S.as_string(tf.constant([1.5, -0.0, float('nan'), float('inf')])))",
    "v(S.as_string(tf.constant([1.5, float('nan')], tf.float64), precision=2))",
    "v(S.as_string(tf.constant([0.1], tf.float16)))",
    "v(S.as_string(tf.constant([0.1], tf.bfloat16)))",
    "v(S.as_string(tf.constant([1e-10, 123456789.0]), shortest=True))",
    "v(S.as_string(tf.constant([1e-10, 123456789.0]), scientific=True, precision=2))",
    "v(S.as_string(tf.constant([1.0]), scientific=True, shortest=True))",
    "v(S.as_string(tf.constant([3.25]), width=10, fill=' '))",
    "v(S.as_string(tf.constant([3.25]), width=-3))",
    "v(S.as_string(tf.constant([-3]), width=6, fill='0'))",
    "v(S.as_string(tf.constant([3]), fill='x'))",
    "v(S.as_string(tf.constant([3]), fill='00'))",
    "v(S.as_string(tf.constant([3]), precision=2))",
    "v(S.as_string(tf.constant([3]), scientific=True))",
    "v(S.as_string(tf.constant([1 + 2j, -0.5j], tf.complex64)))",
    "v(S.as_string(tf.constant([1 + 2j], tf.complex128), precision=1))",
    "v(S.as_string(tf.constant([True]), width=6))",
    "v(S.as_string(tf.constant(['a'])))",
    "v(S.as_string(tf.constant([[1, 2], [3, 4]], tf.int16)))",
    "v(S.as_string(R([[1.5], [2.0, 3.0]]), precision=1))",
    "v(S.as_string(tf.constant([7], tf.uint32), width=3))",
    "v(S.as_string(tf.constant([1.0]), precision=-2))",
    "v(S.as_string(tf.constant([1.0]), precision=0))",
    # format
    "v(S.format('{}|{}', (tf.constant([1.5]), tf.constant(['x']))))",
    "v(S.format('{}', tf.constant([[1, 2], [3, 4]], tf.int64), summarize=1))",
    "v(S.format('{}', tf.constant([1, 2, 3, 4, 5, 6, 7]), summarize=3))",
    "v(S.format('{}', tf.constant([[True, False]])))",
    "v(S.format('{}', tf.constant(b'\\xff')))",
    "v(S.format('{}', tf.constant([float('nan'), float('inf')])))",
    "v(S.format('{}', tf.constant(1e-7)))",
    "v(S.format('{}', tf.constant(123456789.0, tf.float64)))",
    "v(S.format('{{}}', []))",
    "v(S.format('{}', [], placeholder='{}'))",
    "v(S.format('{x}', 1, placeholder='{x}'))",
    "v(S.format('%s', 'a', placeholder='%s'))",
    "v(S.format('{}', R([[1], [2, 3]])))",
    "v(S.format('{}', tf.zeros([2, 0])))",
    "v(S.format('{}', tf.constant(['a', 'b'], tf.string)))",
    "v(S.format('', []))",
    # traced
    "run(traced(lambda x: S.to_number(x, tf.int32), TS([None], tf.string)), "
    "tf.constant(['1', 'x']))",
    "run(traced(lambda x: S.to_number(x, tf.int32), TS(None, tf.string)), "
    "tf.constant([['1', '2']]))",
    "run(traced(lambda x: S.to_number(x), TS([None], tf.string)), tf.constant(['1e40']))",
    "run(traced(lambda x: S.to_hash_bucket_fast(x, 5), TS(None, tf.string)), "
    "tf.constant(['a', 'b']))",
    "run(traced(lambda x: S.to_hash_bucket_strong(x, 5, [1, 2]), TS([None], tf.string)), "
    "tf.constant(['a', 'b']))",
    "run(traced(lambda x: S.as_string(x, precision=3), TS([None], tf.float32)), "
    "tf.constant([1.0, 2.5]))",
    "run(traced(lambda x: S.format('v={}', x), TS([None], tf.int32)), tf.constant([1, 2]))",
    "run(traced(lambda x: S.format('v={}', x, summarize=1), TS(None, tf.int32)), "
    "tf.constant([1, 2, 3]))",
    "traced(lambda x: S.format('{}', x), TS([None], tf.int32)).get_concrete_function()"
    ".structured_outputs",
    "traced(lambda x: S.as_string(x), TS([None, 2], tf.int32)).get_concrete_function()"
    ".structured_outputs",
]

PRELUDES["ragged_methods"] = _COMMON + r"""
rt = R([[1, 2, 3], [], [4, 5]])
r3 = R([[[1, 2], [3]], [], [[4, 5, 6], [], [7]]])
ru = R([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
rf = R([[1.0, float('nan')], [], [3.0, -1.0]])
r32 = R([[1, 2], [3]], row_splits_dtype=tf.int32)
"""
SECTIONS["ragged_methods"] = [
    # nested factories
    "v(RT.from_nested_row_lengths([1, 2, 3, 4, 5], [[2, 1], [0, 3, 2]]))",
    "v(RT.from_nested_row_lengths(tf.constant([1, 2, 3]), [tf.constant([1, 2], tf.int32)]))",
    "v(RT.from_nested_row_lengths([1, 2, 3], [[1, 1]]))",
    "v(RT.from_nested_row_lengths([1, 2, 3], [[1, 1]], validate=False))",
    "v(RT.from_nested_row_lengths([1, 2, 3], []))",
    "v(RT.from_nested_row_lengths([1, 2, 3], [[1, 2], tf.constant([1, 2], tf.int32)]))",
    "v(RT.from_nested_row_lengths([1, 2, 3], [[-1, 4]]))",
    "v(RT.from_nested_row_splits([1, 2, 3], [[0, 1, 2], [0, 2, 3]]))",
    "v(RT.from_nested_row_splits([1, 2, 3], [[0, 1], [0, 2, 3]]))",
    "v(RT.from_nested_row_splits([1, 2, 3], ([0, 3],)))",
    "v(RT.from_nested_row_splits([1, 2, 3], [[1, 3]]))",
    "v(RT.from_nested_value_rowids([1, 2, 3], [[0, 0, 2]], nested_nrows=[4]))",
    "v(RT.from_nested_value_rowids([1, 2, 3], [[0, 2, 1]]))",
    "v(RT.from_uniform_row_length([1, 2, 3, 4, 5, 6], 2))",
    "v(RT.from_uniform_row_length([1, 2, 3, 4, 5, 6], 4))",
    "v(RT.from_uniform_row_length([1, 2, 3, 4], 0, nrows=3))",
    "v(RT.from_uniform_row_length(RT.from_row_lengths([1, 2, 3, 4], [1, 3]), 1))",
    "v(RT.from_uniform_row_length([1, 2], 0))",
    "v(RT.from_row_starts([1, 2, 3], [0, 2]))",
    "v(RT.from_row_starts([1, 2, 3], [1, 2]))",
    "v(RT.from_row_limits([1, 2, 3], [1, 3]))",
    "v(RT.from_row_limits([1, 2, 3], [2, 1]))",
    "v(RT.from_value_rowids([1, 2, 3], [0, 0, 3], nrows=2))",
    "v(RT.from_row_lengths(tf.constant([[1, 2], [3, 4], [5, 6]]), [2, 1]))",
    # row partition accessors
    "v(rt.nrows())",
    "v(rt.nrows(out_type=tf.int32))",
    "v(r32.nrows())",
    "v(r32.nrows(out_type=tf.int64))",
    "v(rt.row_lengths())",
    "v(r3.row_lengths(axis=2))",
    "v(r3.row_lengths(axis=-1))",
    "v(r3.row_lengths(axis=0))",
    "v(r3.row_lengths(axis=3))",
    "v(ru.row_lengths(axis=2))",
    "v(rt.value_rowids())",
    "v(r3.nested_value_rowids())",
    "v(r3.row_starts())",
    "v(r3.row_limits())",
    "v(r3.nested_row_splits)",
    "v(r3.nested_row_lengths())",
    "v(rt.bounding_shape())",
    "v(rt.bounding_shape(axis=1))",
    "v(rt.bounding_shape(axis=[0, 1]))",
    "v(r3.bounding_shape(out_type=tf.int32))",
    "v(ru.bounding_shape())",
    "v(R([[], []]).bounding_shape())",
    "v(rt.bounding_shape(axis=2))",
    "v(r3.flat_values)",
    "v(ru.flat_values)",
    "v(rt.uniform_row_length)",
    "v(RT.from_uniform_row_length([1, 2, 3, 4], 2).uniform_row_length)",
    "RT.from_uniform_row_length([1, 2, 3, 4], 2).shape",
    "v(RT.from_uniform_row_length(R([[1], [2, 3], [], [4]]), 2))",
    "v(tf.ragged.row_splits_to_segment_ids([0, 2, 2, 5]))",
    "v(tf.ragged.row_splits_to_segment_ids(tf.constant([0, 1], tf.int32)))",
    "v(tf.ragged.row_splits_to_segment_ids([0, 2, 1]))",
    "v(tf.ragged.row_splits_to_segment_ids([1, 2]))",
    "v(tf.ragged.row_splits_to_segment_ids([0, 2], out_type=tf.int32))",
    "v(tf.ragged.segment_ids_to_row_splits([0, 0, 2]))",
    "v(tf.ragged.segment_ids_to_row_splits([0, 0, 2], num_segments=5))",
    "v(tf.ragged.segment_ids_to_row_splits([0, 0, 2], out_type=tf.int32))",
    "v(tf.ragged.segment_ids_to_row_splits([1, 0]))",
    "v(tf.ragged.segment_ids_to_row_splits([], num_segments=2))",
    # with_row_splits_dtype, with_values, with_flat_values
    "v(rt.with_row_splits_dtype(tf.int32))",
    "v(r3.with_row_splits_dtype('int32'))",
    "v(r32.with_row_splits_dtype(tf.int64))",
    "v(rt.with_row_splits_dtype(tf.float32))",
    "v(rt.with_values(rt.values * 10))",
    "v(r3.with_values(r3.values.with_row_splits_dtype(tf.int32)))",
    "v(rt.with_values(tf.constant([1, 2])))",
    "v(r3.with_flat_values(tf.strings.as_string(r3.flat_values)))",
    "v(r3.with_flat_values(tf.zeros([7, 2])))",
    "v(r3.with_flat_values(tf.zeros([6])))",
    # merge_dims
    "v(r3.merge_dims(0, 1))",
    "v(r3.merge_dims(1, 2))",
    "v(r3.merge_dims(0, -1))",
    "v(r3.merge_dims(-2, -1))",
    "v(r3.merge_dims(1, 1))",
    "v(ru.merge_dims(1, 2))",
    "v(ru.merge_dims(0, 2))",
    "v(rt.merge_dims(1, 0))",
    "v(rt.merge_dims(0, 3))",
    "v(r32.merge_dims(0, 1))",
    # to_tensor's default_value and shape
    "v(rt.to_tensor(default_value=-1))",
    "v(rt.to_tensor(default_value=-1, shape=[2, 5]))",
    "v(rt.to_tensor(shape=[4, 2]))",
    "v(rt.to_tensor(shape=[None, 4]))",
    "v(rt.to_tensor(shape=[4, None]))",
    "v(rt.to_tensor(shape=tf.constant([2, 2])))",
    "v(rt.to_tensor(shape=[3]))",
    "v(rt.to_tensor(default_value=[1]))",
    "v(rt.to_tensor(default_value=1.5))",
    "v(ru.to_tensor(default_value=[9, 9]))",
    "v(ru.to_tensor(default_value=[9, 9, 9]))",
    "v(ru.to_tensor(default_value=7, shape=[3, 1, 3]))",
    "v(r3.to_tensor(default_value=0, shape=[2, 2, 2]))",
    "v(r3.to_tensor(shape=[None, None, 1]))",
    "v(R([['a', 'bb'], []]).to_tensor(default_value='?'))",
    "v(rf.to_tensor(default_value=float('nan')))",
    "v(rt.to_tensor(default_value=tf.constant(5, tf.int64)))",
    "v(rt.to_tensor(ragged_rank=1))",
    # to_sparse/from_sparse/from_tensor round trips
    "v(RT.from_tensor(tf.constant([[1, 0, 2], [0, 0, 0]]), padding=0))",
    "v(RT.from_tensor(tf.constant([[1, 0, 2], [0, 0, 0]]), lengths=[2, 1]))",
    "v(RT.from_tensor(tf.constant([[[1, 0], [0, 0]], [[2, 3], [0, 0]]]), padding=[0, 0]))",
    "v(RT.from_tensor(tf.constant([[[1, 0], [0, 0]]]), ragged_rank=2, padding=0))",
    "v(RT.from_tensor(tf.constant([[1, 2]]), lengths=[3]))",
    "v(RT.from_tensor(tf.constant([[1, 2]]), lengths=[1], padding=0))",
    "v(RT.from_tensor(tf.constant([['a', ''], ['', '']]), padding=''))",
    "v(RT.from_sparse(ST([[0, 0], [0, 2], [2, 1]], [1, 2, 3], [4, 3])))",
    "v(RT.from_sparse(ST([[0, 1]], [1], [2, 3])))",
    "v(RT.from_sparse(ST([[0, 0, 0]], [1], [2, 3, 4])))",
    "v(RT.from_sparse(ST([[1, 0], [0, 0]], [1, 2], [2, 2])))",
    "v(r3.to_sparse())",
    # traced with unknown shapes
    "run(traced(lambda x: x.nrows(out_type=tf.int32), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: x.bounding_shape(), RS([None, None, None], tf.int32)), r3)",
    "run(traced(lambda x: x.row_lengths(axis=2), RS([None, None, None], tf.int32)), r3)",
    "run(traced(lambda x: x.merge_dims(0, 1), RS([None, None, None], tf.int32)), r3)",
    "run(traced(lambda x: x.to_tensor(default_value=-1, shape=[2, 2]), "
    "RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: x.with_row_splits_dtype(tf.int32), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: RT.from_nested_row_lengths(x, [[2, 1], [0, 3, 2]]), "
    "TS([None], tf.int32)), tf.constant([1, 2, 3, 4, 5]))",
    "run(traced(lambda x: RT.from_nested_row_lengths(x, [[2, 1], [0, 3, 2]]), "
    "TS([None], tf.int32)), tf.constant([1, 2, 3, 4]))",
    "run(traced(lambda x: RT.from_uniform_row_length(x, 2), TS([None], tf.int32)), "
    "tf.constant([1, 2, 3, 4]))",
    "run(traced(lambda x: RT.from_uniform_row_length(x, 2), TS([None], tf.int32)), "
    "tf.constant([1, 2, 3]))",
    "run(traced(lambda x: tf.ragged.row_splits_to_segment_ids(x), TS([None], tf.int64)), "
    "tf.constant([0, 2, 3], tf.int64))",
    "run(traced(lambda x: RT.from_tensor(x, padding=0), TS([None, None], tf.int32)), "
    "tf.constant([[1, 0], [2, 3]]))",
    "run(traced(lambda x: RT.from_sparse(x), tf.SparseTensorSpec([None, None], tf.int32)), "
    "ST([[0, 1], [1, 0]], [1, 2], [2, 2]))",
    "traced(lambda x: x.merge_dims(0, 1), RS([2, None, None], tf.int32))"
    ".get_concrete_function().structured_outputs",
    "traced(lambda x: x.to_tensor(shape=[None, 4]), RS([None, None], tf.int32))"
    ".get_concrete_function().structured_outputs",
    "traced(lambda x: RT.from_uniform_row_length(x, 3), TS([None], tf.int32))"
    ".get_concrete_function().structured_outputs",
    "traced(lambda x: x.bounding_shape(out_type=tf.int32), RS([None, None], tf.int32))"
    ".get_concrete_function().structured_outputs",
]

PRELUDES["ragged_ops_mixed"] = _COMMON + r"""
rt = R([[1, 2, 3], [], [4, 5]])
r3 = R([[[1, 2], [3]], [], [[4, 5, 6], [], [7]]])
ru = R([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
ru2 = R([[[1, 2], [3, 4]], [[5, 6]], []], ragged_rank=1)
rf = R([[1.0, float('nan')], [], [3.0, -1.0], [float('nan')]])
rs = R([['a', 'b'], [], ['c']])
dense = tf.constant([[7, 8], [9, 10], [11, 12]])
"""
SECTIONS["ragged_ops_mixed"] = [
    # stack and concat of mixed ragged ranks and dense
    "v(tf.concat([r3, R([[[1]]], ragged_rank=1)], axis=0))",
    "v(tf.concat([ru2, r3], axis=0))",
    "v(tf.concat([ru2, r3], axis=1))",
    "v(tf.concat([ru2, r3], axis=2))",
    "v(tf.stack([ru2, r3], axis=0))",
    "v(tf.stack([ru2, r3], axis=1))",
    "v(tf.stack([ru2, r3], axis=2))",
    "v(tf.concat([rt, dense], axis=1))",
    "v(tf.concat([dense, rt], axis=0))",
    "v(tf.stack([rt, dense], axis=1))",
    "v(tf.stack([dense, rt], axis=0))",
    "v(tf.stack([rt, tf.constant([1, 2])], axis=0))",
    "v(tf.concat([rt, rt.with_row_splits_dtype(tf.int32)], axis=1))",
    "v(tf.stack([rt], axis=1))",
    "v(tf.concat([rs, tf.constant([['z'], ['y'], ['x']])], axis=1))",
    "v(tf.concat([rt, tf.cast(rt, tf.float32)], axis=0))",
    "v(tf.stack([], axis=0))",
    "v(tf.concat([R([[1]]), R([[2]]), dense], axis=0))",
    # boolean_mask with ragged masks, gather_nd, where
    "v(tf.ragged.boolean_mask(ru2, tf.constant([True, False, True])))",
    "v(tf.ragged.boolean_mask(ru2, R([[True, False], [True], []])))",
    "v(tf.ragged.boolean_mask(ru2, R([[[True, False], [False, True]], [[True, True]], []], "
    "ragged_rank=1)))",
    "v(tf.ragged.boolean_mask(r3, R([[[True, True], [False]], [], [[False, True, False], [], "
    "[True]]]).with_row_splits_dtype(tf.int32)))",
    "v(tf.ragged.boolean_mask(rt, R([[True], [], [False, True]])))",
    "v(tf.ragged.boolean_mask(rs, rs == 'b'))",
    "v(tf.ragged.boolean_mask(dense, dense > 8))",
    "v(tf.ragged.boolean_mask(rt, rt > 2))",
    "v(tf.gather_nd(ru2, [[0, 1, 1], [1, 0, 0]]))",
    "v(tf.gather_nd(ru2, [[0, 1], [2]]))",
    "v(tf.gather_nd(r3, R([[[2, 0]], [[0, 0], [0, 1]]])))",
    "v(tf.gather_nd(r3, [[2, 0, 5]]))",
    "v(tf.gather_nd(dense, R([[[0, 1]], []])))",
    "v(tf.gather_nd(rs, [[2, 0], [0, 0]]))",
    "v(tf.gather_nd(rt, [[0], [2]], batch_dims=0))",
    "v(tf.where(rt > 2))",
    "v(tf.where(rt > 2, rt, -rt))",
    "v(tf.where(rt > 2, rt, 0))",
    "v(tf.where(R([[True, False], [True]]), R([['a', 'b'], ['c']]), R([['x', 'y'], ['z']])))",
    "v(tf.where(R([[True, False], [True]]), R([[1, 2], [3]]), R([[1], [3, 4]])))",
    "v(tf.where(tf.constant([True, False, True]), rt, rt * 10))",
    "v(tf.where(R([[True], [False]]), R([[1], [2]]), tf.constant([[5], [6]])))",
    "v(tf.where(r3 > 3, r3, r3 * 0))",
    "v(tf.where(R([[[True]], []], ragged_rank=1)))",
    # map_flat_values
    "v(tf.ragged.map_flat_values(tf.math.l2_normalize, rf))",
    "v(tf.ragged.map_flat_values(lambda x: tf.reshape(x, [-1, 1]), rt))",
    "v(tf.ragged.map_flat_values(tf.gather, tf.constant([10, 20, 30, 40, 50, 60]), rt))",
    "v(tf.ragged.map_flat_values(tf.strings.length, rs))",
    "v(tf.ragged.map_flat_values(tf.add, ru2, ru2))",
    "v(tf.ragged.map_flat_values(tf.add, ru2, tf.constant([1, 1])))",
    "v(tf.ragged.map_flat_values(tf.concat, [rt, rt], axis=0))",
    "v(tf.ragged.map_flat_values(lambda x, y: x + y, rt, y=rt))",
    "v(tf.ragged.map_flat_values(tf.add, rt, rt.with_row_splits_dtype(tf.int32)))",
    "v(tf.ragged.map_flat_values(tf.zeros_like, r3))",
    "v(tf.ragged.map_flat_values(tf.reduce_sum, ru2, axis=-1))",
    # reductions with NaN
    "v(tf.reduce_max(rf, axis=1))",
    "v(tf.reduce_min(rf, axis=1))",
    "v(tf.reduce_sum(rf, axis=1))",
    "v(tf.reduce_mean(rf, axis=1))",
    "v(tf.reduce_prod(rf, axis=1))",
    "v(tf.reduce_max(rf, axis=0))",
    "v(tf.reduce_min(rf, axis=0))",
    "v(tf.reduce_mean(rf, axis=0))",
    "v(tf.reduce_max(rf))",
    "v(tf.reduce_min(rf))",
    "v(tf.math.reduce_std(rf, axis=1))",
    "v(tf.math.reduce_variance(rf, axis=1))",
    "v(tf.math.reduce_variance(R([[1.0, 3.0], [2.0]]), axis=1))",
    "v(tf.math.reduce_std(R([[1.0, 3.0], [2.0]]), axis=0))",
    "v(tf.reduce_max(R([[1.0, float('inf')], [-float('inf')]]), axis=1))",
    "v(tf.reduce_max(R([[1, 2], []]), axis=1))",
    "v(tf.reduce_min(R([[1, 2], []], dtype=tf.uint8), axis=1))",
    "v(tf.reduce_max(R([[1.0, 2.0], []], dtype=tf.float64), axis=1))",
    "v(tf.reduce_sum(ru2, axis=2))",
    "v(tf.reduce_sum(ru2, axis=1))",
    "v(tf.reduce_mean(ru2, axis=1))",
    "v(tf.reduce_max(r3, axis=2))",
    "v(tf.reduce_max(r3, axis=[1, 2]))",
    "v(tf.reduce_any(R([[True, False], []]), axis=1))",
    "v(tf.reduce_all(R([[True, False], []]), axis=1))",
    "v(tf.math.argmax(rt, axis=1))",
    "v(tf.math.unsorted_segment_sum(rt, R([[0, 0, 1], [], [1, 2]]), 3))",
    "v(tf.reduce_sum(rt, axis=1, keepdims=True))",
    "v(tf.reduce_logsumexp(rf, axis=1))",
    # tf.map_fn with fn_output_signature
    "v(tf.map_fn(lambda x: x * 2, rt))",
    "v(tf.map_fn(tf.reduce_sum, rt, fn_output_signature=tf.int32))",
    "v(tf.map_fn(lambda x: x[:1], rt, fn_output_signature=RS([None], tf.int32)))",
    "v(tf.map_fn(lambda x: tf.range(x), tf.constant([1, 3, 0]), "
    "fn_output_signature=RS([None], tf.int32)))",
    "v(tf.map_fn(lambda x: tf.range(x), tf.constant([1, 3, 0]), "
    "fn_output_signature=RS([None], tf.int32, row_splits_dtype=tf.int32)))",
    "v(tf.map_fn(lambda x: tf.strings.split(x), tf.constant(['a b', 'c']), "
    "fn_output_signature=RS([None], tf.string)))",
    "v(tf.map_fn(lambda x: tf.strings.split(x), tf.constant(['a b', 'c'])))",
    "v(tf.map_fn(lambda x: tf.size(x), rt, fn_output_signature=tf.TensorSpec([], tf.int32)))",
    "v(tf.map_fn(lambda x: (x, tf.size(x)), rt, fn_output_signature=(RS([None], tf.int32), "
    "tf.int32)))",
    "v(tf.map_fn(lambda x: x, r3, fn_output_signature=RS([None, None], tf.int32, 1)))",
    "v(tf.map_fn(lambda x: tf.reduce_sum(x, axis=1), r3, fn_output_signature=RS([None], "
    "tf.int32)))",
    "v(tf.map_fn(lambda x: tf.cast(x, tf.float32), rt, fn_output_signature=RS([None], "
    "tf.int32)))",
    "v(tf.map_fn(lambda x: x, rt, fn_output_signature=RS([None, None], tf.int32)))",
    "v(tf.map_fn(lambda x: tf.range(x), tf.constant([1, 2]), fn_output_signature=tf.int32))",
    "v(tf.map_fn(lambda x: x + 1, rt, fn_output_signature=RS([None], tf.int32, "
    "ragged_rank=0)))",
    "v(tf.map_fn(lambda x: tf.RaggedTensor.from_row_lengths(x, [1, 1]), "
    "tf.constant([[1, 2], [3, 4]]), fn_output_signature=RS([2, None], tf.int32)))",
    "v(tf.map_fn(lambda x: x * 2, rt.with_row_splits_dtype(tf.int32)))",
    # traced with unknown shapes
    "run(traced(lambda x: tf.reduce_max(x, axis=1), RS([None, None], tf.float32)), rf)",
    "run(traced(lambda x: tf.math.reduce_std(x, axis=1), RS([None, None], tf.float32)), rf)",
    "run(traced(lambda x: tf.map_fn(lambda y: y[:1], x, fn_output_signature=RS([None], "
    "tf.int32)), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: tf.ragged.boolean_mask(x, x > 2), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: tf.where(x > 2, x, 0), RS([None, None, None], tf.int32)), r3)",
    "run(traced(lambda x, d: tf.concat([x, d], axis=1), RS([None, None], tf.int32), "
    "TS([None, 2], tf.int32)), rt, dense)",
    "run(traced(lambda x, d: tf.concat([x, d], axis=1), RS([None, None], tf.int32), "
    "TS([None, 2], tf.int32)), rt, dense[:2])",
    "run(traced(lambda x: tf.stack([x, x], axis=1), RS([None, None, None], tf.int32)), r3)",
    "run(traced(lambda x: tf.gather_nd(x, [[2, 0]]), RS([None, None, None], tf.int32)), r3)",
    "run(traced(lambda x: tf.ragged.map_flat_values(tf.square, x), "
    "RS([None, None, None], tf.int32)), r3)",
    "traced(lambda x: tf.map_fn(lambda y: y * 2, x), RS([None, None], tf.int32))"
    ".get_concrete_function().structured_outputs",
    "traced(lambda x: tf.reduce_mean(x, axis=1), RS([4, None], tf.float32))"
    ".get_concrete_function().structured_outputs",
]

PRELUDES["sparse_more"] = _COMMON + r"""
a = ST([[0, 1], [1, 0], [2, 2]], [1.0, 2.0, 3.0], [3, 3])
ai = ST([[0, 1], [1, 0], [2, 2]], [1, 2, 3], [3, 3])
un = ST([[2, 2], [0, 1], [1, 0]], [3, 1, 2], [3, 3])
s3 = ST([[0, 0, 1], [0, 2, 0], [1, 1, 1]], [5, 6, 7], [2, 3, 2])
empty = ST(tf.zeros([0, 2], tf.int64), tf.zeros([0], tf.int32), [2, 4])
cx = ST([[0, 0], [1, 1]], tf.constant([1 + 1j, 2 - 1j], tf.complex64), [2, 2])
def dense(x):
    return SP.to_dense(SP.reorder(x)).numpy().tolist()
"""
SECTIONS["sparse_more"] = [
    # reorder / reshape
    "v(SP.reorder(un))",
    "v(SP.reorder(empty))",
    "v(SP.reorder(ST([[1, 0, 0], [0, 1, 0], [0, 0, 1]], [1, 2, 3], [2, 2, 2])))",
    "v(SP.reshape(s3, [3, 4]))",
    "v(SP.reshape(s3, [-1, 2, 2]))",
    "v(SP.reshape(s3, [12, -1]))",
    "v(SP.reshape(un, [9]))",
    "v(SP.reshape(empty, [-1, 2]))",
    "v(SP.reshape(empty, [8, 1]))",
    "v(SP.reshape(s3, [5, -1]))",
    "v(SP.reshape(s3, [2, 3, 2, 1]))",
    "v(SP.reshape(a, tf.constant([1, 9], tf.int32)))",
    # slice / split
    "v(SP.slice(s3, [0, 1, 0], [2, 2, 2]))",
    "v(SP.slice(un, [1, 0], [2, 3]))",
    "v(SP.slice(empty, [0, 0], [1, 1]))",
    "v(SP.slice(a, [0, 0], [0, 3]))",
    "v(SP.slice(a, [1, 1], [-1, 5]))",
    "v(SP.slice(a, [0, 0, 0], [1, 1, 1]))",
    "v(SP.split(sp_input=s3, num_split=3, axis=1))",
    "v(SP.split(sp_input=s3, num_split=2, axis=0))",
    "v(SP.split(sp_input=un, num_split=2, axis=1))",
    "v(SP.split(sp_input=empty, num_split=2, axis=1))",
    "v(SP.split(sp_input=a, num_split=2, axis=-3))",
    "v(SP.split(sp_input=a, num_split=1, axis=tf.constant(1)))",
    "v(SP.split(sp_input=ST([[0, 4]], [1], [1, 5]), num_split=3, axis=1))",
    "v(SP.split(sp_input=ST([[0, 4]], [1], [1, 5]), num_split=2, axis=1))",
    # concat with expand_nonconcat_dims
    "v(SP.concat(0, [a, ST([[0, 0], [1, 3]], [5.0, 6.0], [2, 4])], expand_nonconcat_dims=True))",
    "v(SP.concat(1, [a, ST([[0, 0], [3, 1]], [5.0, 6.0], [4, 2])], expand_nonconcat_dims=True))",
    "v(SP.concat(1, [a, ST([[0, 0]], [5.0], [4, 2])]))",
    "v(SP.concat(0, [s3, s3]))",
    "v(SP.concat(2, [s3, ST([[1, 2, 0]], [9], [2, 3, 1])]))",
    "v(SP.concat(1, [empty, ai], expand_nonconcat_dims=True))",
    "v(SP.concat(1, [un, un]))",
    "run(lambda: SP.concat(0, []))",
    "v(SP.concat(0, [a, tf.ones([1, 3])]))",
    "v(SP.concat(-3, [a, a]))",
    "v(SP.concat(0, [a, s3], expand_nonconcat_dims=True))",
    # sparse_dense_matmul adjoints
    "v(SP.sparse_dense_matmul(cx, tf.constant([[1j], [1.0]], tf.complex64), adjoint_a=True))",
    "v(SP.sparse_dense_matmul(cx, tf.constant([[1j, 1.0]], tf.complex64), adjoint_b=True))",
    "v(SP.sparse_dense_matmul(cx, tf.constant([[1j, 1.0]], tf.complex64), adjoint_a=True, "
    "adjoint_b=True))",
    "v(SP.sparse_dense_matmul(tf.constant([[1j, 1.0]], tf.complex64), cx, adjoint_b=True))",
    "v(SP.sparse_dense_matmul(tf.constant([[1j], [1.0]], tf.complex64), cx, adjoint_a=True))",
    "v(SP.sparse_dense_matmul(un, tf.ones([3, 2], tf.int32)))",
    "v(SP.sparse_dense_matmul(un, tf.ones([2, 3], tf.int32), adjoint_b=True))",
    "v(SP.sparse_dense_matmul(empty, tf.ones([4, 2], tf.int32)))",
    "v(SP.sparse_dense_matmul(empty, tf.ones([2, 2], tf.int32), adjoint_a=True))",
    "v(SP.sparse_dense_matmul(a, tf.ones([3, 2], tf.float64)))",
    "v(SP.sparse_dense_matmul(a, tf.ones([4, 2])))",
    "v(SP.sparse_dense_matmul(a, tf.ones([2, 4]), adjoint_b=True))",
    "v(tf.sparse.sparse_dense_matmul(ST([[0, 0]], [2.0], [1, 1]), tf.constant([[3.0]]), "
    "adjoint_a=True, adjoint_b=True))",
    # reductions, sparse outputs
    "v(tf.sparse.reduce_max(un, 1, output_is_sparse=True))",
    "v(tf.sparse.reduce_max(un, 0, keepdims=True, output_is_sparse=True))",
    "v(tf.sparse.reduce_max(s3, [1, 2], output_is_sparse=True))",
    "v(tf.sparse.reduce_max(s3, -1, keepdims=True))",
    "v(tf.sparse.reduce_max(empty, 1))",
    "v(tf.sparse.reduce_max(empty, 1, output_is_sparse=True))",
    "v(tf.sparse.reduce_max(empty))",
    "v(tf.sparse.reduce_max(ST([[0, 0]], [-1.0], [1, 3]), 1))",
    "v(tf.sparse.reduce_max(ST([[0, 0]], [float('nan')], [1, 2]), 1))",
    "v(tf.sparse.reduce_sum(empty, 1, output_is_sparse=True))",
    "v(tf.sparse.reduce_sum(s3, [0, 1], keepdims=True, output_is_sparse=True))",
    "v(tf.compat.v1.sparse_reduce_max_sparse(un, 1))",
    "v(tf.compat.v1.sparse_reduce_sum_sparse(s3, 2))",
    "v(tf.compat.v1.sparse_reduce_max(un, axis=0, keep_dims=True))",
    # crosses
    "v(SP.cross([ST([[0, 0], [0, 1], [1, 0]], ['a', 'b', 'c'], [2, 2]), "
    "tf.constant([['x'], ['y']])]))",
    "v(SP.cross([ST([[0, 0], [0, 1]], [1, 2], [2, 2]), ST([[0, 0], [1, 0]], ['p', 'q'], "
    "[2, 1])]))",
    "v(SP.cross([tf.constant([['a', 'b']]), tf.constant([[1, 2]]), tf.constant([['z']])]))",
    "v(SP.cross([tf.constant([['a']])], separator='-'))",
    "v(SP.cross([tf.constant([['a']]), tf.constant([['b']])], separator=''))",
    "v(SP.cross([tf.constant([['a']]), tf.constant([[1.0]])]))",
    "v(SP.cross([tf.constant([['a']]), R([['b', 'c']])]))",
    "v(SP.cross([]))",
    "v(SP.cross_hashed([tf.constant([['a', 'b']]), tf.constant([[1, 2]])], num_buckets=100))",
    "v(SP.cross_hashed([tf.constant([['a']]), tf.constant([['b']])], num_buckets=0))",
    "v(SP.cross_hashed([tf.constant([['a']]), tf.constant([['b']])], num_buckets=7, "
    "hash_key=123))",
    "v(SP.cross_hashed([ST([[0, 0]], [5], [2, 1]), tf.constant([[1], [2]])], num_buckets=9))",
    "v(tf.ragged.cross([R([['a', 'b'], []]), R([['x'], ['y']])]))",
    "v(tf.ragged.cross_hashed([R([['a', 'b'], []]), R([['x'], ['y']])], num_buckets=13))",
    "v(tf.ragged.cross([R([[1, 2]]), tf.constant([['a']])]))",
    "v(tf.ragged.cross([R([[1, 2]]), tf.constant([['a'], ['b']])]))",
    # to_indicator / bincount
    "v(SP.to_indicator(ai, 4))",
    "v(SP.to_indicator(ST([[0, 0], [0, 1], [1, 0]], [2, 2, 0], [2, 3]), 3))",
    "v(SP.to_indicator(ST([[0, 0], [0, 1]], tf.constant([0, 5], tf.int64), [1, 2]), 3))",
    "v(SP.to_indicator(ST([[0, 0, 0], [1, 1, 1]], [1, 2], [2, 2, 2]), 3))",
    "v(SP.to_indicator(empty, 2))",
    "v(SP.to_indicator(a, 3))",
    "v(SP.to_indicator(ST([[0]], [1], [3]), 2))",
    "v(tf.sparse.bincount(ai))",
    "v(tf.sparse.bincount(ai, axis=-1))",
    "v(tf.sparse.bincount(ai, axis=-1, binary_output=True))",
    "v(tf.sparse.bincount(ai, axis=-1, minlength=5))",
    "v(tf.sparse.bincount(ai, axis=-1, maxlength=2))",
    "v(tf.sparse.bincount(ai, weights=a, axis=-1))",
    "v(tf.sparse.bincount(ai, weights=tf.constant([0.5, 1.5, 2.5]), axis=-1))",
    "v(tf.sparse.bincount(tf.constant([[1, 1], [2, 5]]), axis=-1))",
    "v(tf.sparse.bincount(R([[1, 1, 3], [], [2]]), axis=-1))",
    "v(tf.sparse.bincount(R([[1, 1, 3], [], [2]]), axis=0))",
    "v(tf.sparse.bincount(tf.constant([1, 1, 2]), minlength=4))",
    "v(tf.sparse.bincount(tf.constant([1, -1, 2])))",
    "v(tf.sparse.bincount(tf.constant([[1, 2]]), axis=1))",
    "v(tf.sparse.bincount(ai, binary_output=True, weights=a))",
    "v(tf.math.bincount(ai, axis=-1))",
    "v(tf.math.bincount(ai))",
    "v(tf.math.bincount(R([[1, 1], [3]]), minlength=5, axis=-1, binary_output=True))",
    # traced with unknown shapes
    "run(traced(lambda s: SP.reorder(s), tf.SparseTensorSpec(None, tf.int32)), un)",
    "run(traced(lambda s: SP.reshape(s, [-1, 2]), tf.SparseTensorSpec([None, None], "
    "tf.int32)), un)",
    "run(traced(lambda s: SP.reshape(s, [-1, 4]), tf.SparseTensorSpec([None, None], "
    "tf.int32)), un)",
    "run(traced(lambda s: SP.slice(s, [1, 0], [5, 5]), tf.SparseTensorSpec([None, None, None], "
    "tf.int32)), s3)",
    "run(traced(lambda s: SP.concat(1, [s, s], expand_nonconcat_dims=True), "
    "tf.SparseTensorSpec([None, None], tf.int32)), un)",
    "run(traced(lambda s: SP.sparse_dense_matmul(s, tf.ones([3, 1], tf.int32), adjoint_a=True), "
    "tf.SparseTensorSpec([None, None], tf.int32)), un)",
    "run(traced(lambda s: SP.to_indicator(s, 4), tf.SparseTensorSpec([None, None], tf.int32)), "
    "ai)",
    "run(traced(lambda s: SP.bincount(s, axis=-1), tf.SparseTensorSpec([None, None], "
    "tf.int32)), ai)",
    "run(traced(lambda s: SP.reduce_max(s, 1, output_is_sparse=True), "
    "tf.SparseTensorSpec([None, None], tf.int32)), un)",
    "run(traced(lambda s: SP.cross_hashed([s, s], num_buckets=10), "
    "tf.SparseTensorSpec([None, None], tf.int32)), ai)",
    "run(traced(lambda s: SP.reshape(s, [5, -1]), tf.SparseTensorSpec([None, None, None], "
    "tf.int32)), s3)",
    "run(traced(lambda s: SP.sparse_dense_matmul(s, tf.ones([4, 1], tf.int32)), "
    "tf.SparseTensorSpec([None, None], tf.int32)), ai)",
    "traced(lambda s: SP.reshape(s, [-1, 2]), tf.SparseTensorSpec([None, 4], tf.int32))"
    ".get_concrete_function().structured_outputs",
    "traced(lambda s: SP.to_indicator(s, 4), tf.SparseTensorSpec([None, None], tf.int32))"
    ".get_concrete_function().structured_outputs",
    "traced(lambda s: SP.reduce_max(s, 1, keepdims=True), tf.SparseTensorSpec([None, 5], "
    "tf.int32)).get_concrete_function().structured_outputs",
    "traced(lambda s: SP.concat(0, [s, s]), tf.SparseTensorSpec([None, 5], tf.int32))"
    ".get_concrete_function().structured_outputs",
]

PRELUDES["lookup_tables"] = _COMMON + r"""
import os, tempfile
TMP = tempfile.mkdtemp()
def kv(k, v, **kw):
    return L.KeyValueTensorInitializer(k, v, **kw)
def exported(t):
    k, val = t.export()
    return sorted(zip(k.numpy().tolist(), val.numpy().tolist()))
def msg(f):
    # (the error with its tables' shared names made alike: TF numbers them per process)
    try:
        f()
        return 'no error'
    except Exception as e:
        text = re.sub(r'"[a-z_]*[0-9]+"', '"N"', str(e))
        text = re.sub(r"<class '[^']*'>", '<class>', text)  # (its module: TF's or ours)
        return type(e).__name__ + ': ' + re.sub(r'(__inference_\S*?)_\d+', r'\1_N', text)
def write(name, text):
    path = os.path.join(TMP, name)
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text)
    return path
tsv = write('v.tsv', 'apple\t10\tred\nbanana\t20\tyellow\ncherry\t30\tred\n')
csv = write('v.csv', 'apple,10\nbanana,20\n')
plain = write('v.txt', 'apple\nbanana\n\ncherry\n')
sh = L.StaticHashTable(kv(['a', 'b', 'c'], [1, 2, 3]), -1)
ih = L.StaticHashTable(kv(tf.constant([1, 2, 3], tf.int64), ['x', 'y', 'z']), 'none')
def mut(kt=tf.string, vt=tf.int64, d=-1):
    return L.experimental.MutableHashTable(kt, vt, d)
def dense(kt=tf.int64, vt=tf.int64, d=-1, e=0, x=-1):
    return L.experimental.DenseHashTable(kt, vt, d, e, x)
"""
SECTIONS["lookup_tables"] = [
    # static tables with int and string keys
    "v(sh.lookup(tf.constant(['a', 'zz', 'c'])))",
    "v(ih.lookup(tf.constant([3, 9], tf.int64)))",
    "v(ih.lookup(tf.constant([[1, 2], [3, 4]], tf.int64)))",
    "msg(lambda: ih.lookup(tf.constant([1], tf.int32)))",
    "msg(lambda: ih.lookup(tf.constant(['1'])))",
    "msg(lambda: sh.lookup(tf.constant([1.0])))",
    "v(ih.lookup(R([[1], [2, 9]], dtype=tf.int64)))",
    "exported(sh)",
    "exported(ih)",
    "v(sh.size())",
    "sh.key_dtype, sh.value_dtype, ih.key_dtype, ih.value_dtype",
    "v(ih.default_value)",
    "msg(lambda: L.StaticHashTable(kv(['a'], [1]), 'x'))",
    "msg(lambda: L.StaticHashTable(kv(['a'], [1]), [1, 2]))",
    "msg(lambda: L.StaticHashTable(kv([1.5, 2.5], [1, 2], key_dtype=tf.float64), -1))",
    "v(L.StaticHashTable(kv(tf.constant([1, 2], tf.int32), tf.constant([5.0, 6.0])), "
    "0.0).lookup(tf.constant([2, 3], tf.int32)))",
    "v(L.StaticHashTable(kv(['a', 'b'], tf.constant([1, 2], tf.int32)), 0).lookup("
    "tf.constant(['b'])))",
    "v(L.StaticHashTable(kv(['a', 'b'], [True, False]), True).lookup(tf.constant(['b', 'q'])))",
    "v(L.StaticHashTable(kv(['a'], ['x']), '').lookup(tf.constant([['a', '']])))",
    "msg(lambda: L.StaticHashTable(kv(['a', 'b'], [1, 2, 3]), -1))",
    "msg(lambda: L.StaticHashTable(kv([['a']], [[1]]), -1))",
    "msg(lambda: L.StaticHashTable(kv([], [], key_dtype=tf.string, value_dtype=tf.int64), -1)"
    ".lookup(tf.constant(['a'])))",
    "v(L.StaticHashTable(kv(tf.constant([], tf.string), tf.constant([], tf.int64)), -1)"
    ".lookup(tf.constant(['a'])))",
    "msg(lambda: kv(['a'], [1], key_dtype=tf.int64))",
    "msg(lambda: kv([1], [1], value_dtype=tf.string))",
    # StaticVocabularyTable
    "v(L.StaticVocabularyTable(kv(['a', 'b'], tf.constant([0, 1], tf.int64)), 5).lookup("
    "tf.constant(['a', 'c', 'd', 'b'])))",
    "v(L.StaticVocabularyTable(kv(['a', 'b'], tf.constant([0, 1], tf.int64)), 5).size())",
    "msg(lambda: L.StaticVocabularyTable(kv(['a'], tf.constant([0], tf.int64)), -1))",
    "msg(lambda: L.StaticVocabularyTable(kv(['a'], ['x']), 1))",
    "v(L.StaticVocabularyTable(kv(tf.constant([5], tf.int64), tf.constant([0], tf.int64)), 3)"
    ".lookup(tf.constant([5, 6, 7], tf.int64)))",
    "msg(lambda: L.StaticVocabularyTable(kv(tf.constant([5], tf.int64), "
    "tf.constant([0], tf.int64)), 3).lookup(tf.constant(['5'])))",
    "v(L.StaticVocabularyTable(kv(['a'], tf.constant([0], tf.int64)), 2, "
    "experimental_is_anonymous=True).lookup(tf.constant(['a', 'b'])))",
    "v(L.StaticVocabularyTable(L.TextFileInitializer(plain, tf.string, "
    "L.TextFileIndex.WHOLE_LINE, tf.int64, L.TextFileIndex.LINE_NUMBER), 1).lookup("
    "tf.constant(['apple', '', 'cherry', 'kiwi'])))",
    "v(L.StaticVocabularyTable(L.TextFileInitializer(plain, tf.string, "
    "L.TextFileIndex.WHOLE_LINE, tf.int64, L.TextFileIndex.LINE_NUMBER), 1).size())",
    # TextFileInitializer's delimiters and columns
    "v(L.StaticHashTable(L.TextFileInitializer(tsv, tf.string, 0, tf.int64, 1), -1)"
    ".lookup(tf.constant(['banana', 'kiwi'])))",
    "v(L.StaticHashTable(L.TextFileInitializer(tsv, tf.string, 0, tf.string, 2), '?')"
    ".lookup(tf.constant(['cherry', 'kiwi'])))",
    "v(L.StaticHashTable(L.TextFileInitializer(tsv, tf.int64, 1, tf.string, 0), '?')"
    ".lookup(tf.constant([20, 40], tf.int64)))",
    "v(L.StaticHashTable(L.TextFileInitializer(tsv, tf.string, 2, tf.int64, "
    "L.TextFileIndex.LINE_NUMBER), -1).lookup(tf.constant(['red', 'yellow'])))",
    "v(L.StaticHashTable(L.TextFileInitializer(tsv, tf.string, L.TextFileIndex.WHOLE_LINE, "
    "tf.int64, L.TextFileIndex.LINE_NUMBER), -1).size())",
    "v(L.StaticHashTable(L.TextFileInitializer(csv, tf.string, 0, tf.int64, 1, "
    "delimiter=','), -1).lookup(tf.constant(['apple', 'banana'])))",
    "msg(lambda: L.StaticHashTable(L.TextFileInitializer(csv, tf.string, 0, tf.int64, 1), -1))",
    "msg(lambda: L.StaticHashTable(L.TextFileInitializer(tsv, tf.string, 0, tf.int64, 3), -1))",
    "msg(lambda: L.StaticHashTable(L.TextFileInitializer(tsv, tf.string, 0, tf.int64, 2), -1))",
    "msg(lambda: L.StaticHashTable(L.TextFileInitializer(tsv, tf.string, 0, tf.int64, 1, "
    "vocab_size=5), -1))",
    "v(L.StaticHashTable(L.TextFileInitializer(tsv, tf.string, 0, tf.int64, 1, vocab_size=2), "
    "-1).lookup(tf.constant(['banana', 'cherry'])))",
    "msg(lambda: L.TextFileInitializer(tsv, tf.string, 0, tf.int64, -5))",
    "msg(lambda: L.TextFileInitializer(tsv, tf.int64, L.TextFileIndex.WHOLE_LINE, tf.int64, 1))",
    "msg(lambda: L.TextFileInitializer(tsv, tf.string, L.TextFileIndex.LINE_NUMBER, tf.int64, "
    "1))",
    "msg(lambda: L.TextFileInitializer(tsv, tf.string, 0, tf.string, "
    "L.TextFileIndex.LINE_NUMBER))",
    "msg(lambda: L.TextFileInitializer(os.path.join(TMP, 'missing.txt'), tf.string, 0, "
    "tf.int64, 1))",
    "msg(lambda: L.StaticHashTable(L.TextFileInitializer(os.path.join(TMP, 'missing.txt'), "
    "tf.string, 0, tf.int64, 1), -1))",
    "msg(lambda: L.StaticHashTable(L.TextFileInitializer(plain, tf.string, "
    "L.TextFileIndex.WHOLE_LINE, tf.int64, L.TextFileIndex.LINE_NUMBER, vocab_size=10), -1))",
    "v(L.StaticHashTable(L.TextFileInitializer(write('dup.txt', 'a\\na\\n'), tf.string, "
    "L.TextFileIndex.WHOLE_LINE, tf.int64, L.TextFileIndex.LINE_NUMBER), -1).lookup("
    "tf.constant(['a'])))",
    "v(L.StaticHashTable(L.TextFileInitializer(write('sp.txt', 'a b\\nc d\\n'), tf.string, 0, "
    "tf.string, 1, delimiter=' '), '').lookup(tf.constant(['a', 'c'])))",
    "msg(lambda: L.TextFileInitializer(tsv, tf.string, 0, tf.int64, 1, delimiter=''))",
    "L.TextFileInitializer(tsv, tf.string, 0, tf.int64, 1).key_dtype",
    "v(L.StaticHashTable(L.TextFileInitializer(plain, tf.string, L.TextFileIndex.WHOLE_LINE, "
    "tf.int64, L.TextFileIndex.LINE_NUMBER, value_index_offset=1), -1).lookup(tf.constant(["
    "'banana', ''])))",
    "v(L.StaticHashTable(L.TextFileInitializer(plain, tf.int64, L.TextFileIndex.LINE_NUMBER, "
    "tf.string, L.TextFileIndex.WHOLE_LINE), '?').lookup(tf.constant([0, 2, 3, 7], tf.int64)))",
    "v(tf.compat.v1.lookup.StaticHashTable(L.TextFileInitializer(tsv, tf.string, 2, tf.int64, "
    "L.TextFileIndex.LINE_NUMBER, delimiter='\\t'), -1).lookup(tf.constant(['red'])))",
    "tf.compat.v1.lookup.TextFileInitializer is L.TextFileInitializer",
    "v(tf.compat.v1.lookup.StaticVocabularyTable(L.TextFileInitializer(plain, tf.string, "
    "L.TextFileIndex.WHOLE_LINE, tf.int64, L.TextFileIndex.LINE_NUMBER), 2).lookup("
    "tf.constant(['cherry', 'fig'])))",
    # MutableHashTable: int and string keys, export and import
    "(lambda m: (m.insert(['a', 'b'], [1, 2]), v(m.lookup(tf.constant(['b', 'q'])))))(mut())[1]",
    "(lambda m: (m.insert(tf.constant([1, 2], tf.int64), ['x', 'y']), v(m.lookup(tf.constant("
    "[2, 3], tf.int64)))))(mut(tf.int64, tf.string, ''))[1]",
    "(lambda m: (m.insert(['a'], [1]), m.insert(['a'], [5]), exported(m)))(mut())[2]",
    "(lambda m: (m.import_(['x', 'y'], tf.constant([7, 8], tf.int64)), exported(m), "
    "v(m.size())))(mut())[1:]",
    "(lambda m: (m.insert(['a'], [1]), m.import_(['x'], tf.constant([7], tf.int64)), "
    "exported(m)))(mut())[2]",
    "(lambda m: msg(lambda: m.import_(['x', 'y'], tf.constant([7], tf.int64))))(mut())",
    "(lambda m: msg(lambda: m.insert([1], [1])))(mut())",
    "(lambda m: msg(lambda: m.insert(['a'], ['b'])))(mut())",
    "(lambda m: msg(lambda: m.lookup(tf.constant([1]))))(mut())",
    "(lambda m: msg(lambda: m.insert(['a', 'b'], [1])))(mut())",
    "(lambda m: (m.insert(['a'], [[1, 2]]), v(m.lookup(tf.constant(['a', 'b'])))))("
    "mut(d=[0, 0]))[1]",
    "(lambda m: msg(lambda: m.insert(['a'], [1])))(mut(d=[0, 0]))",
    "(lambda m: (m.insert(tf.constant([1, 2]), tf.constant([1.5, 2.5])), "
    "v(m.lookup(tf.constant([2, 3])))))(mut(tf.int32, tf.float32, 0.0))[1]",
    "(lambda m: (m.insert(['a', 'b'], [1, 2]), m.remove(tf.constant(['a'])), "
    "v(m.size()), exported(m)))(mut())[2:]",
    "(lambda m: msg(lambda: m.remove(tf.constant([1]))))(mut())",
    "(lambda m: (m.insert(['a'], [1]), v(m.lookup(R([['a', 'b'], []])))))(mut())[1]",
    "(lambda m: (m.insert(['a'], [1]), v(m.lookup(tf.constant([['a'], ['c']])))))(mut())[1]",
    "mut().key_dtype, mut().value_dtype",
    "v(mut().default_value)",
    "msg(lambda: L.experimental.MutableHashTable(tf.string, tf.int64, 'x'))",
    "(lambda m: [x.shape for x in m.export()])(mut(d=[0, 0]))",
    "(lambda m: v(m.export()))(mut())",
    # DenseHashTable: int and string keys, export and import
    "(lambda d: (d.insert([5, 6], [50, 60]), v(d.lookup([6, 7]))))(dense())[1]",
    "(lambda d: (d.insert(['a', 'b'], [1, 2]), v(d.lookup(['b', 'c']))))("
    "dense(tf.string, tf.int64, -1, '', 'X'))[1]",
    "(lambda d: (d.insert(['a'], [1]), msg(lambda: d.insert([''], [2]))))("
    "dense(tf.string, tf.int64, -1, '', 'X'))[1]",
    "(lambda d: msg(lambda: d.lookup(['X'])))(dense(tf.string, tf.int64, -1, '', 'X'))",
    "(lambda d: (d.insert([1, 2, 3], [1, 2, 3]), d.erase([2]), "
    "sorted(k for k in d.export()[0].numpy().tolist() if k not in (0, -1))))(dense())[2]",
    "(lambda d: (d.import_(tf.constant([1, 0, 0, 0], tf.int64), tf.constant([9, 0, 0, 0], "
    "tf.int64)), v(d.lookup([1, 2])), v(d.size())))(dense())[1:]",
    "(lambda d: msg(lambda: d.import_(tf.constant([1, 0, 0], tf.int64), tf.constant([9, 0, 0], "
    "tf.int64))))(dense())",
    "(lambda d: msg(lambda: d.insert([1.5], [1])))(dense())",
    "(lambda d: msg(lambda: d.insert([1], ['x'])))(dense())",
    "(lambda d: msg(lambda: d.lookup(tf.constant([1], tf.int32))))(dense())",
    "(lambda d: (d.insert(tf.constant([1, 2], tf.int32), tf.constant([0.5, 1.5])), "
    "v(d.lookup(tf.constant([2, 3], tf.int32)))))(dense(tf.int32, tf.float32, -1.0, 0, -1))[1]",
    "(lambda d: (d.insert([1], [[1, 1]]), v(d.lookup([1, 2]))))(dense(d=[0, 0]))[1]",
    "msg(lambda: dense(e=1, x=1))",
    "msg(lambda: dense(tf.string, tf.int64, -1, 'a', 'a'))",
    "msg(lambda: L.experimental.DenseHashTable(tf.int64, tf.int64, -1, [0, 0], [1, 1]))",
    "(lambda d: [x.shape for x in d.export()])(dense())",
    "(lambda d: v(d.size()))(dense())",
    "dense().key_dtype, dense().value_dtype",
    # ragged and sparse keys into mutable and dense tables
    "(lambda d: (d.insert([1, 2], [10, 20]), v(d.lookup(R([[1, 3], [2]], dtype=tf.int64)))))("
    "dense())[1]",
    "(lambda m: (m.insert(['a'], [1]), msg(lambda: m.lookup(ST([[0, 0], [1, 1]], ['a', 'z'], "
    "[2, 2])))))(mut())[1]",
    # traced with unknown shapes
    "run(traced(lambda x: sh.lookup(x), TS(None, tf.string)), tf.constant([['a', 'q']]))",
    "run(traced(lambda x: ih.lookup(x), TS([None], tf.int64)), tf.constant([1, 5], tf.int64))",
    "run(traced(lambda x: sh.lookup(x), RS([None, None], tf.string)), R([['a'], ['b', 'x']]))",
    "run(traced(lambda x: sh.lookup(x), tf.SparseTensorSpec([None, None], tf.string)), "
    "ST([[0, 0]], ['c'], [1, 2])).values",
    "(lambda m: (m.insert(['a', 'b'], [1, 2]), run(traced(lambda x: m.lookup(x), "
    "TS([None], tf.string)), tf.constant(['b', 'z']))))(mut())[1]",
    "(lambda m: (run(traced(lambda k, x: m.insert(k, x), TS([None], tf.string), "
    "TS([None], tf.int64)), tf.constant(['q']), tf.constant([4], tf.int64)), exported(m)))("
    "mut())[1]",
    "(lambda m: run(traced(lambda k, x: m.insert(k, x), TS([None], tf.string), "
    "TS([None], tf.int64)), tf.constant(['q', 'r']), tf.constant([4], tf.int64)))(mut())",
    "(lambda m: (m.insert(['a', 'b'], [1, 2]), run(traced(lambda: m.size()))))(mut())[1]",
    "(lambda m: (m.insert(['a', 'b'], [1, 2]), run(traced(lambda x: m.remove(x), "
    "TS([None], tf.string)), tf.constant(['a'])), exported(m)))(mut())[2]",
    "(lambda d: (d.insert([1, 2], [10, 20]), run(traced(lambda x: d.lookup(x), "
    "TS(None, tf.int64)), tf.constant([[2, 3]], tf.int64))))(dense())[1]",
    "(lambda d: (run(traced(lambda k: d.insert(k, k * 2), TS([None], tf.int64)), "
    "tf.constant([4, 5], tf.int64)), v(d.lookup([4, 5, 6]))))(dense())[1]",
    "(lambda d: (d.insert([1, 2], [10, 20]), run(traced(lambda x: d.erase(x), "
    "TS([None], tf.int64)), tf.constant([1], tf.int64)), v(d.size())))(dense())[2]",
    "(lambda d: run(traced(lambda k: d.insert(k, k), TS([None], tf.int64)), "
    "tf.constant([0], tf.int64)))(dense())",
    "run(traced(lambda x: L.StaticHashTable(kv(['a', 'b'], [1, 2]), -1).lookup(x), "
    "TS([None], tf.string)), tf.constant(['b', 'c']))",
    "run(traced(lambda x: L.StaticVocabularyTable(kv(['a'], tf.constant([0], tf.int64)), 4)"
    ".lookup(x), TS([None], tf.string)), tf.constant(['a', 'b', 'zz']))",
    "run(traced(lambda x: L.StaticHashTable(L.TextFileInitializer(tsv, tf.string, 0, tf.int64, "
    "1), -1).lookup(x), TS([None], tf.string)), tf.constant(['cherry', 'q']))",
    "traced(lambda x: sh.lookup(x), TS([None, 3], tf.string)).get_concrete_function()"
    ".structured_outputs",
    "traced(lambda x: sh.lookup(x), RS([None, None], tf.string)).get_concrete_function()"
    ".structured_outputs",
    "(lambda m: traced(lambda x: m.lookup(x), TS([None], tf.string)).get_concrete_function()"
    ".structured_outputs)(mut(d=[0, 0]))",
    "(lambda d: traced(lambda x: d.lookup(x), TS([None, 2], tf.int64)).get_concrete_function()"
    ".structured_outputs)(dense())",
    "(lambda m: traced(lambda: m.export()).get_concrete_function().structured_outputs)(mut())",
    "(lambda d: traced(lambda: d.export()).get_concrete_function().structured_outputs)("
    "dense())",
]

PRELUDES["traced_more"] = _COMMON + r"""
rt = R([[1, 2, 3], [], [4, 5]])
r3 = R([[[1, 2], [3]], [], [[4, 5, 6], [], [7]]])
rs = R([['a', 'bb'], [], ['ccc']])
sent = tf.constant(['the cat sat', 'a dog', ''])
tab = L.StaticHashTable(L.KeyValueTensorInitializer(['the', 'cat', 'dog'], tf.constant([1, 2, 3],
                                                                                    tf.int64)), 0)
def outs(fn, *specs):
    return traced(fn, *specs).get_concrete_function().structured_outputs
rtf = R([[1.0, 2.0, 3.0], [], [4.0, 5.0]])
r3f = R([[[1.0, 2.0], [3.0]], [], [[4.0, 5.0, 6.0], [], [7.0]]])
sq = R([[1.0, 2.0], [3.0, 4.0]])
def bcast(x, w, spec, op=tf.add):
    return run(traced(lambda a, b: op(a, b), RS([None] * x.shape.rank, tf.float32), spec), x, w)
"""
SECTIONS["traced_more"] = [
    # strings on unknown shapes
    "run(traced(lambda x: S.unicode_split(x, 'UTF-8'), TS([None], tf.string)), sent)",
    "run(traced(lambda x: S.unicode_split_with_offsets(x, 'UTF-8'), TS([None], tf.string)), "
    "tf.constant(['h\\u00e9']))",
    "outs(lambda x: S.unicode_split(x, 'UTF-8'), TS([None], tf.string))",
    "outs(lambda x: S.unicode_split_with_offsets(x, 'UTF-8'), TS([3], tf.string))",
    "outs(lambda x: S.unicode_decode_with_offsets(x, 'UTF-8'), TS([None, None], tf.string))",
    "outs(lambda x: S.unicode_encode(x, 'UTF-8'), RS([None, None], tf.int32))",
    "outs(lambda x: S.unicode_encode(x, 'UTF-8'), TS([2, None], tf.int32))",
    "outs(lambda x: S.unicode_transcode(x, 'UTF-8', 'UTF-16-BE'), TS([None, 2], tf.string))",
    "run(traced(lambda x: S.ngrams(S.split(x), 2, separator='_'), TS([None], tf.string)), sent)",
    "run(traced(lambda x: S.ngrams(S.split(x), [1, 2]), TS([None], tf.string)), sent)",
    "run(traced(lambda x: S.ngrams(S.split(x), 3, pad_values=('<s>', '</s>'), padding_width=1),"
    " TS([None], tf.string)), sent)",
    "outs(lambda x: S.ngrams(S.split(x), 2), TS([None], tf.string))",
    "run(traced(lambda x: S.reduce_join(S.split(x), axis=-1, separator='|'), "
    "TS([None], tf.string)), sent)",
    "run(traced(lambda x: S.reduce_join(x, axis=0), RS([None, None], tf.string)), rs)",
    "run(traced(lambda x: S.length(x), RS([None, None], tf.string)), rs)",
    "run(traced(lambda x: S.substr(x, 0, 2), RS([None, None], tf.string)), rs)",
    "run(traced(lambda x: S.join([x, x], separator='+'), RS([None, None], tf.string)), rs)",
    "run(traced(lambda x: S.strip(x), TS([None], tf.string)), tf.constant([' a ', '\\tb']))",
    "run(traced(lambda x: S.split(x, sep=','), TS([None], tf.string)), "
    "tf.constant(['a,b', ',', '']))",
    "run(traced(lambda x: S.split(x, maxsplit=1), TS(None, tf.string)), "
    "tf.constant([['a b c'], ['d e']]))",
    "run(traced(lambda x: S.split(x), TS(None, tf.string)), tf.constant('a b'))",
    "run(traced(lambda x: S.bytes_split(x), TS([None], tf.string)), tf.constant(['ab', '']))",
    "outs(lambda x: S.split(x), TS([None, 2], tf.string))",
    "outs(lambda x: S.bytes_split(x), TS([None], tf.string))",
    "run(traced(lambda x: S.to_number(S.split(x)), TS([None], tf.string)), "
    "tf.constant(['1 2.5', '3']))",
    "run(traced(lambda x: tab.lookup(S.split(x)), TS([None], tf.string)), sent)",
    "run(traced(lambda x: S.to_hash_bucket_fast(S.split(x), 10), TS([None], tf.string)), sent)",
    "run(traced(lambda x: S.regex_replace(S.split(x), '[aeiou]', ''), TS([None], tf.string)), "
    "sent)",
    "run(traced(lambda x: S.lower(S.upper(x)), RS([None, None], tf.string)), rs)",
    "run(traced(lambda x: S.unicode_script(S.unicode_decode(x, 'UTF-8')), "
    "TS([None], tf.string)), tf.constant(['a\\u03b1']))",
    "run(traced(lambda x: S.format('{}', x), RS([None, None], tf.int32)), rt)",
    # ragged pipelines on unknown shapes
    "run(traced(lambda x: tf.ragged.boolean_mask(x, S.length(x) > 1), "
    "RS([None, None], tf.string)), rs)",
    "run(traced(lambda x: x.to_tensor(default_value='<pad>'), RS([None, None], tf.string)), rs)",
    "run(traced(lambda x: x.to_tensor(default_value='<pad>', shape=[None, 4]), "
    "RS([None, None], tf.string)), rs)",
    "run(traced(lambda x: tf.gather(x, [2, 0]), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: tf.gather(x, [[2], [0]]), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x, i: tf.gather(x, i), RS([None, None], tf.int32), "
    "TS([None], tf.int32)), rt, tf.constant([1, 1]))",
    "run(traced(lambda x, i: tf.gather(x, i), RS([None, None], tf.int32), "
    "TS([None], tf.int32)), rt, tf.constant([5]))",
    "run(traced(lambda x: tf.gather(x, [1, 0], batch_dims=1), RS([None, None], tf.int32)), "
    "R([[1, 2], [3, 4]]))",
    "run(traced(lambda x: x.row_lengths(), RS([None, None, None], tf.int32)), r3)",
    "run(traced(lambda x: x.value_rowids(), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: x.nested_row_lengths(), RS([None, None, None], tf.int32)), r3)",
    "run(traced(lambda x: x.row_starts(), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: x.flat_values, RS([None, None, None], tf.int32)), r3)",
    "run(traced(lambda x: tf.size(x), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: tf.rank(x), RS([None, None, None], tf.int32)), r3)",
    "run(traced(lambda x: tf.reverse(x, [1]), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: tf.tile(x, [2, 1]), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: tf.expand_dims(x, 1), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: tf.squeeze(tf.expand_dims(x, 0), [0]), RS([None, None], tf.int32)), "
    "rt)",
    "run(traced(lambda x: tf.reduce_sum(x, axis=[0, 1]), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: tf.reduce_sum(x, axis=-1), RS([None, None, None], tf.int32)), r3)",
    "run(traced(lambda x: tf.math.segment_sum(x.values, x.value_rowids()), "
    "RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: tf.math.unsorted_segment_max(x.values, x.value_rowids(), "
    "x.nrows()), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: tf.ragged.stack_dynamic_partitions(x, [0, 1, 0, 2, 1], 3), "
    "TS([None], tf.int32)), tf.constant([10, 20, 30, 40, 50]))",
    "run(traced(lambda x, p: tf.ragged.stack_dynamic_partitions(x, p, 2), "
    "TS([None], tf.int32), TS([None], tf.int32)), tf.constant([1, 2]), tf.constant([0, 3]))",
    "run(traced(lambda x: tf.ragged.cross([x, x]), RS([None, None], tf.string)), rs)",
    "run(traced(lambda x: tf.ragged.cross_hashed([x, x], num_buckets=7), "
    "RS([None, None], tf.string)), rs)",
    "run(traced(lambda x: tf.math.bincount(x, minlength=7), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: tf.ragged.range(x, x + 2), TS([None], tf.int32)), tf.constant([1, 5]))",
    "run(traced(lambda x: tf.ragged.range(x), TS([None], tf.int32)), tf.constant([2, -1]))",
    "run(traced(lambda x: tf.ragged.range(0, x, 0), TS([None], tf.int32)), tf.constant([2]))",
    "outs(lambda x: tf.ragged.range(x), TS([None], tf.int64))",
    "outs(lambda x: tf.ragged.range(x, row_splits_dtype=tf.int32), TS([3], tf.int32))",
    "run(traced(lambda x: x + tf.ones([3, 1], tf.int32), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: x + tf.ones([2, 1], tf.int32), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: x * x.row_lengths()[:, None], RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: tf.cast(x, tf.float32) / 2, RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: tf.math.reduce_mean(tf.cast(x, tf.float32), axis=1), "
    "RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: tf.sort(x, direction='DESCENDING'), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: tf.argsort(x), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: tf.math.cumsum(x, axis=1), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: tf.one_hot(x, 6), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: tf.nn.embedding_lookup(tf.reshape(tf.range(14.0), [7, 2]), x), "
    "RS([None, None], tf.int32)), rt)",
    "outs(lambda x: tf.one_hot(x, 6), RS([None, None], tf.int32))",
    "outs(lambda x: tf.gather(x, [0]), RS([None, None], tf.int32))",
    "outs(lambda x: x.to_tensor(default_value=-1), RS([3, None], tf.int32))",
    "outs(lambda x: tf.reduce_max(x, axis=1), RS([None, None, None], tf.int32))",
    "outs(lambda x: tf.concat([x, x], axis=0), RS([2, None], tf.int32))",
    "outs(lambda x: tf.stack([x, x], axis=1), RS([2, None], tf.int32))",
    # a dense operand of sizes unknown while tracing, broadcast against ragged rows
    "bcast(rtf, tf.constant([[1.0], [2.0], [3.0]]), TS([None, 1], tf.float32), tf.multiply)",
    "bcast(rtf, tf.constant([[1.0], [2.0], [3.0]]), TS([None, None], tf.float32))",
    "bcast(rtf, tf.constant([[1.0]]), TS([None, None], tf.float32))",
    "bcast(rtf, tf.constant([1.0]), TS([None], tf.float32))",
    "bcast(rtf, tf.constant([1.0, 2.0]), TS([None], tf.float32))",
    "bcast(rtf, tf.constant([[1.0], [2.0]]), TS([None, 1], tf.float32))",
    "bcast(sq, tf.constant([[10.0, 20.0], [30.0, 40.0]]), TS([None, None], tf.float32))",
    "bcast(sq, tf.constant([[10.0, 20.0]]), TS([None, None], tf.float32))",
    "bcast(sq, tf.constant([10.0, 20.0]), TS([None], tf.float32))",
    "bcast(sq, tf.constant([[10.0, 20.0, 30.0], [1.0, 2.0, 3.0]]), TS([None, None], "
    "tf.float32))",
    "bcast(r3f, tf.constant([[[1.0]], [[2.0]], [[3.0]]]), TS([None, 1, 1], tf.float32), "
    "tf.multiply)",
    "bcast(r3f, tf.constant([[[1.0]], [[2.0]], [[3.0]]]), TS([None, None, None], tf.float32))",
    "bcast(r3f, tf.constant([[1.0]]), TS([None, None], tf.float32))",
    "bcast(rtf, tf.constant([[1.0], [2.0], [3.0]]), TS([None, 1], tf.float32), tf.maximum)",
    "run(traced(lambda x: x / tf.cast(x.row_lengths(), tf.float32)[:, None], "
    "RS([None, None], tf.float32)), rtf)",
    "run(traced(lambda x, w: tf.where(x > w[:, None], x, w[:, None]), RS([None, None], "
    "tf.float32), TS([None], tf.float32)), rtf, tf.constant([2.0, 0.0, 4.5]))",
    "outs(lambda x, w: x * w[:, None], RS([None, None], tf.float32), TS([None], tf.float32))",
    # sparse pipelines from ragged and strings
    "run(traced(lambda x: SP.to_dense(x.to_sparse(), default_value=-1), "
    "RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: SP.reduce_sum(x.to_sparse(), 1), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: SP.bincount(x.to_sparse(), axis=-1, binary_output=True), "
    "RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: SP.to_indicator(x.to_sparse(), 6), RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: SP.cross([S.split(x).to_sparse()]), TS([None], tf.string)), sent)",
    "run(traced(lambda x: RT.from_sparse(SP.reorder(x.to_sparse())), "
    "RS([None, None], tf.int32)), rt)",
    "run(traced(lambda x: SP.slice(x.to_sparse(), [1, 0], [2, 2]), RS([None, None], "
    "tf.int32)), rt)",
    "outs(lambda x: x.to_sparse(), RS([None, None], tf.int32))",
    "outs(lambda x: SP.to_indicator(x.to_sparse(), 6), RS([None, None], tf.int32))",
    # lookups in tf.data maps
    "[v(e) for e in tf.data.Dataset.from_tensor_slices(sent).map(lambda s: tab.lookup("
    "S.split(s)))]",
    "[v(e) for e in tf.data.Dataset.from_tensor_slices(sent).map(S.split).map(tab.lookup)]",
    "[v(e) for e in tf.data.Dataset.from_tensor_slices(sent).map(lambda s: S.split(s))"
    ".ragged_batch(2).map(tab.lookup)]",
    "[v(e) for e in tf.data.Dataset.from_tensor_slices(sent).batch(2).map(lambda s: "
    "tab.lookup(S.split(s)))]",
    "tf.data.Dataset.from_tensor_slices(sent).batch(2).map(lambda s: tab.lookup(S.split(s)))"
    ".element_spec",
    "tf.data.Dataset.from_tensor_slices(sent).map(lambda s: S.unicode_decode(s, 'UTF-8'))"
    ".element_spec",
    "[v(e) for e in tf.data.Dataset.from_tensor_slices(sent).map(lambda s: "
    "S.ngrams(S.split(s), 2))]",
    "[v(e) for e in tf.data.Dataset.from_tensor_slices(rt).map(lambda r: tf.reduce_sum(r))]",
    "[v(e) for e in tf.data.Dataset.from_tensor_slices(rs).map(lambda r: S.reduce_join(r, "
    "separator='-'))]",
]
