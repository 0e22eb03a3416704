"""text19's probes, on ground the earlier rounds covered thinly: the repr, str and format of
RaggedTensors over every dtype and nesting (uniform rows, inner dimensions, int32 row
splits, empty and long rows, symbolic ones in a trace), their specs, and tf.print of
composites; tf.ragged.constant's inference and its refusals (nesting depth, mixed types,
ragged_rank and inner_shape against the lists); tf.ragged.map_flat_values with ragged
operands in every argument position, tf.ragged.boolean_mask and
tf.ragged.stack_dynamic_partitions, segment ops given ragged data, RaggedTensor to_sparse and
from_sparse round trips; tf.strings.format's templates and placeholders; RE2's refusals and
readings of patterns Python's re takes otherwise (backreferences, lookarounds, atomic groups,
possessive and huge repeats, escapes); StaticVocabularyTable's OOV buckets by key dtype and
TextFileInitializer's delimiters, columns and odd files.
Each section runs in its own environment (its prelude), its expressions in order.
record_text19.py records what TF 2.21 answers in text19_golden.json; test_text19_vs_tf.py
compares."""

from tests.ragged.golden_text13 import _COMMON

PRELUDES = {}
SECTIONS = {}


def _unique(exprs: list) -> list:
    return list(dict.fromkeys(exprs))


# ---------------------------------------------------------------------------------------
PRELUDES["print19"] = _COMMON + r"""
nan, inf = float('nan'), float('inf')
P = {'f32': R([[1.5, 0.1], [], [1e-8, 1e10]]),
     'f32x': R([[123456.789, -0.0], [nan, inf, -inf]]),
     'f32neg': R([[-1.25, 3.0, 100.5], [0.001]]),
     'f16': R([[0.1, 65504.0], [-1.5]], dtype=tf.float16),
     'bf16': R([[0.1, 1.5], [3.0]], dtype=tf.bfloat16),
     'f64': R([[1 / 3, 2.0], [1e-300]], dtype=tf.float64),
     'i8': R([[-128, 127], []], dtype=tf.int8),
     'u8': R([[0, 255]], dtype=tf.uint8),
     'i16': R([[-32768], [7, 32767]], dtype=tf.int16),
     'u16': R([[65535, 0]], dtype=tf.uint16),
     'u32': R([[4294967295], []], dtype=tf.uint32),
     'i64': R([[-9223372036854775808, 1]], dtype=tf.int64),
     'u64': R([[18446744073709551615], [0]], dtype=tf.uint64),
     'b': R([[True], [], [False, True]]),
     'c64': R([[1 + 2j, -0.5j], []], dtype=tf.complex64),
     'c128': R([[1e-9 + 1j], [nan + 0j]], dtype=tf.complex128),
     's': R([['a', "it's", 'q"q'], ['line\nbreak', 'tab\t', '\u00e9\U0001F600'], [b'\xff\x00']]),
     'slong': R([['x' * 40, 'y' * 50], ['z' * 10]]),
     'r3': R([[[1, 2], [3]], [], [[4], [], [5, 6, 7]]]),
     'r4': R([[[[1]], [[2, 3], []]], [[[4, 5, 6]]]]),
     'r1i': R([[[1, 2], [3, 4]], [], [[5, 6]]], ragged_rank=1),
     'r1i2': R([[[[1, 2], [3, 4]]], []], ragged_rank=1),
     'r1if': R([[[1.5, 2.0]], [[0.25, -1.0], [3.0, 4.0]]], ragged_rank=1),
     'uni': RT.from_uniform_row_length(tf.range(6), 3),
     'uni_r': RT.from_uniform_row_length(R([[1], [2, 3], [], [4]]), 2),
     'r_uni': RT.from_row_splits(RT.from_uniform_row_length(tf.range(8), 2), [0, 1, 1, 4]),
     'e0': R([]),
     'e1': R([[]]),
     'e2': R([[], []], dtype=tf.string),
     'e3': R([[[]]]),
     'e4': R([[], []], ragged_rank=1, inner_shape=(2,)),
     'wide': R([list(range(30)), [1]]),
     'widef': R([[i / 7 for i in range(20)], [0.5]]),
     'many': R([list(range(600)), list(range(600, 1201))]),
     'manyrows': RT.from_row_lengths(tf.range(1100), tf.ones([1100], tf.int64)),
     'i32s': R([[1, 2], [3]], row_splits_dtype=tf.int32),
     'ft': RT.from_tensor(tf.reshape(tf.range(12.0), [3, 4])),
     'big': R([[1e20, 1.0], [2.0]]),
     'small': R([[1e-5, 1.0], [1234.5]]),
     'mixw': R([[1, -100000], [22]])}
def rs(k):
    return run(lambda: (repr(P[k]), str(P[k])))
def fm(k):
    return run(lambda: format(P[k]))
def parts(k):
    x = P[k]
    return run(lambda: (repr(x.values), repr(x.row_splits), repr(x.shape),
                        repr(x.flat_values.shape)))
def spec(k):
    return run(lambda: repr(tf.type_spec_from_value(P[k])))
def row(k, i=0):
    return run(lambda: repr(P[k][i]))
def nump(k):
    return run(lambda: repr(P[k].numpy()))
def tl(k):
    return run(lambda: P[k].to_list())
def trepr(spec, x):
    out = []
    def f(t):
        out.append((repr(t), str(t)))
        return t
    r = run(traced(f, spec), x)
    return out if not isinstance(r, str) else r
def tp(*xs, **k):
    path = os.path.join(TMP, 'print.txt')
    if os.path.exists(path):
        os.remove(path)
    r = run(lambda: tf.print(*xs, output_stream='file://' + path, **k))
    if isinstance(r, str):
        return r
    with open(path, 'rb') as f:
        return f.read()
"""
_PK = ("f32", "f32x", "f32neg", "f16", "bf16", "f64", "i8", "u8", "i16", "u16", "u32", "i64",
       "u64", "b", "c64", "c128", "s", "slong", "r3", "r4", "r1i", "r1i2", "r1if", "uni",
       "uni_r", "r_uni", "e0", "e1", "e2", "e3", "e4", "wide", "widef", "many", "manyrows",
       "i32s", "ft", "big", "small", "mixw")
SECTIONS["print19"] = _unique([
    *[f"rs('{k}')" for k in _PK],
    *[f"fm('{k}')" for k in ("f32", "s", "r1i", "e0")],
    *[f"spec('{k}')" for k in _PK],
    *[f"parts('{k}')" for k in ("f32", "bf16", "s", "r3", "r1i", "uni", "uni_r", "e1", "e4",
                                "i32s", "r1i2")],
    *[f"row('{k}')" for k in ("f32", "bf16", "f16", "s", "r3", "r1i", "uni", "r_uni", "e1",
                              "c64", "r1i2")],
    *[f"row('{k}', -1)" for k in ("many", "r3", "r4")],
    *[f"nump('{k}')" for k in ("f32", "s", "r3", "r1i", "e0", "uni", "b")],
    *[f"tl('{k}')" for k in ("bf16", "f16", "c64", "s", "r1if", "e4", "u64")],
    *[f"trepr({s}, P['{k}'])" for s, k in (
        ("RS([None, None], tf.float32)", "f32"),
        ("RS([None, None, None], tf.int32)", "r3"),
        ("RS([None, None], tf.int32, row_splits_dtype=tf.int32)", "i32s"),
        ("RS([None, None, 2], tf.int32, ragged_rank=1)", "r1i"),
        ("RS([2, 3], tf.int32, ragged_rank=1)", "uni"),
        ("RS([None, None], tf.string)", "s"),
        ("RS([3, None], tf.float32)", "f32"),
        ("RS([None, None, None, None], tf.int32)", "r4"))],
    *[f"e(lambda: repr(RS({a})))" for a in (
        "[None, None], tf.string", "[2, None, 3], tf.float64, ragged_rank=1",
        "[None, None, None], tf.int32, row_splits_dtype=tf.int32", "None, tf.int32, 2",
        "[None, None], flat_values_spec=TS([None], tf.int8)", "[3, None]",
        "[None, None], tf.int32, ragged_rank=0", "[None], tf.int32, ragged_rank=1",
        "[None, None], tf.int32, row_splits_dtype=tf.int16")],
    *[f"e(lambda: str(RS({a})))" for a in ("[None, None], tf.string", "None, tf.int32, 2")],
    *[f"tp({a})" for a in (
        "P['f32']", "P['r3']", "P['s']", "P['uni']", "P['e0']", "P['r1i']", "P['b']",
        "P['many']", "'r:', P['i32s'], 'end'", "P['manyrows']", "P['bf16']",
        "ST([[0, 1], [2, 0]], [1.5, 2.0], [3, 2])",
        "{'a': P['i8'], 'b': [P['e1'], 1]}",
        "P['wide'], summarize=2", "P['wide'], summarize=-1", "P['r3'], sep=' | '",
        "P['r3'], end='!'", "P['many'], summarize=1")],
    "e(lambda: str(ST([[0, 1]], ['x'], [1, 2])))",
    "e(lambda: repr(ST([[0, 0], [1, 1]], R([[1], [2]]).values, [2, 2])))",
    "e(lambda: repr(R([[1, 2], [3]]).to_sparse()))",
    "e(lambda: repr(tf.ragged.constant([[1, 2], [3]]) * 2.5))",
    "e(lambda: f'{R([[1]])!r} {R([[2]])!s}')",
    "e(lambda: '%s' % R([[1.5]]))",
    "e(lambda: repr([R([[1]]), R([['a']])]))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["construct19"] = _COMMON + r"""
def c(*a, **k):
    return e(lambda: R(*a, **k))
"""
_CA = (
    "[[1, [2]]]", "[[[1]], [2]]", "[1, 2]", "5", "[]", "[[]]", "[[[]]]", "[[], [[]]]",
    "[[1, 2], ['a']]", "[[1, 2.5]]", "[[1, True]]", "[[True, 2.5]]", "[[b'a', 'b']]",
    "[[1], []], dtype=tf.string", "[['1'], []], dtype=tf.int32", "[[1.5]], dtype=tf.int32",
    "[[2**31]]", "[[2**31 - 1, -2**31]]", "[[2**63]]", "[[2**64]]", "[[2**63]], dtype=tf.uint64",
    "[[-1]], dtype=tf.uint8", "[[256]], dtype=tf.uint8", "[[1e40]]", "[[1e40]], dtype=tf.float64",
    "[[1, 2]], ragged_rank=0", "[[1, 2]], ragged_rank=2", "[[1, 2]], ragged_rank=-1",
    "[[1, 2]], ragged_rank=1.0", "[[[1, 2], [3]]], ragged_rank=1",
    "[[[1, 2]], [[3, 4]]], inner_shape=(2,)", "[[[1, 2]], [[3, 4]]], inner_shape=(3,)",
    "[[[1, 2]], [[3, 4]]], inner_shape=(1, 2)", "[[[1, 2]], [[3, 4]]], inner_shape=()",
    "[[[1, 2]], [[3, 4]]], ragged_rank=1, inner_shape=(2,)",
    "[[[1, 2]], [[3, 4]]], ragged_rank=2, inner_shape=(2,)",
    "[[[1, 2]], [[3, 4]]], ragged_rank=1, inner_shape=(1, 2)",
    "[], ragged_rank=1", "[], inner_shape=(2,)", "[], ragged_rank=1, inner_shape=(2,)",
    "[[]], ragged_rank=2", "[[[]]], ragged_rank=1", "[[], []], ragged_rank=1, inner_shape=(3,)",
    "[[], []], inner_shape=(0,)", "[[1]], row_splits_dtype=tf.int32",
    "[[1]], row_splits_dtype=tf.int16", "[[1]], row_splits_dtype='int32'",
    "[[1]], row_splits_dtype=tf.float32", "[np.array([1, 2]), np.array([3])]",
    "np.array([[1, 2], [3, 4]])", "[np.array([[1, 2]]), np.array([[3, 4], [5, 6]])]",
    "[tf.constant([1])]", "[[None]]", "[[1, None]]", "[['a'], [1]]", "[[[1], 2]]",
    "((1, 2), (3,))", "[(1, 2), [3]]", "[[1 + 2j]]", "[[np.float64(1.5)]]", "[[np.int8(1)]]",
    "[[np.float16(1.5), 2]]", "[[1]], dtype=tf.bool", "[[1.5]], dtype=tf.float16",
    "[[1.5]], dtype=tf.bfloat16", "[[1]], dtype=tf.complex64", "[[True]], dtype=tf.int32",
    "[['a']], dtype=tf.float32", "[[[1, 2], [3, 4]], []], ragged_rank=1",
    "[[[1, 2], [3, 4]], []], ragged_rank=1, inner_shape=(2,)", "[[1]], name='c'",
    "[[1]], dtype='int64'", "[[1]], dtype=np.float32", "[[1]], dtype=tf.resource",
    "{'a': 1}", "[[1], {2}]", "'abc'", "[[b'\\xff', '\\u00e9']]", "[[[1, 2]], []], ragged_rank=1",
    "[[[1, 2]], [[3]]], ragged_rank=1", "[[[[1]]]], ragged_rank=1", "[[[[1]]]], ragged_rank=3",
    "[[[[1]]]], ragged_rank=4", "[[[[1]]]], inner_shape=(1, 1)",
    "[[1, 2], [3]], ragged_rank=1, inner_shape=()", "[[float('nan')]]",
    "[[1, 2], [3]], tf.int64, 1", "[[1]], None, None, None, 'n', tf.int32",
)
SECTIONS["construct19"] = _unique([
    *[f"c({a})" for a in _CA],
    "e(lambda: tf.ragged.constant([[1]], bogus=1))",
    "e(lambda: tf.ragged.constant())",
    "e(lambda: RT.from_nested_row_lengths([1, 2, 3], [[2, 1]]))",
    "e(lambda: RT.from_nested_row_lengths([1, 2, 3], [[1, 1], [1, 2]]))",
    "e(lambda: RT.from_nested_row_splits([1, 2, 3], [[0, 1, 3], [0, 2]]))",
    "e(lambda: RT.from_nested_row_splits([1, 2, 3], []))",
    "e(lambda: RT.from_nested_value_rowids([1, 2, 3], [[0, 0, 1]], [3]))",
    "e(lambda: RT.from_nested_value_rowids([1, 2, 3], [[0, 0, 1]], [1]))",
    "e(lambda: RT.from_nested_value_rowids([1, 2, 3], [[0, 0, 1], [0]]))",
    "e(lambda: R([[1, 2], [3]]).shape)",
    "e(lambda: R([[[1, 2]], [[3, 4]]], ragged_rank=1).shape)",
    "e(lambda: R([[[1, 2]], []], inner_shape=(2,)).shape)",
])

# ---------------------------------------------------------------------------------------
PRELUDES["rops19"] = _COMMON + r"""
A = R([[1, 2], [], [3, 4, 5]])
A32 = R([[1, 2], [], [3, 4, 5]], row_splits_dtype=tf.int32)
B = R([[10], [20, 30], [40, 50]])
C = R([[[1, 2], [3]], [], [[4], [5, 6]]])
I = R([[[1, 2], [3, 4]], [], [[5, 6]]], ragged_rank=1)
U = RT.from_uniform_row_length(tf.range(6), 2)
S2 = R([['ab', 'c'], [], ['def']])
F = R([[1.5, -2.0], [], [0.5]])
D = tf.constant([[1, 2], [3, 4], [5, 6]])
def mf(f, *a, **k):
    return e(lambda: tf.ragged.map_flat_values(f, *a, **k))
def bm(d, m):
    return e(lambda: tf.ragged.boolean_mask(d, m))
def sdp(d, p, n):
    return e(lambda: tf.ragged.stack_dynamic_partitions(d, p, n))
def seg(f, d, *a, **k):
    return e(lambda: getattr(tf.math, f)(d, *a, **k))
def rt(x, **k):
    # to_sparse and back, and the sparse form itself
    def go():
        s = x.to_sparse()
        return [s, RT.from_sparse(s, **k)]
    return e(go)
def fs(ind, vals, shape, **k):
    return e(lambda: RT.from_sparse(ST(ind, vals, shape), **k))
"""
_MF = (
    "tf.ones_like, A", "lambda x: x[:1], A", "tf.add, A, 1", "tf.add, A, B", "tf.add, A, A32",
    "tf.add, A, tf.constant(1)", "tf.add, A, tf.constant([1, 2, 3, 4, 5])",
    "tf.add, A, tf.constant([1, 2, 3])", "tf.math.add, x=A, y=A", "tf.math.add, A, y=A",
    "lambda l: tf.stack(l, axis=1), [A, A]", "lambda l: tf.stack(l), [A, A]",
    "tf.strings.length, S2", "tf.reduce_sum, A", "tf.negative, D",
    "lambda d: d['a'] + 1, {'a': A}", "lambda d: d['a'] + d['b'], {'a': A, 'b': B}",
    "tf.negative, U", "tf.negative, C", "lambda x: x * 2, I", "lambda x: tf.reduce_sum(x, 1), I",
    "lambda x: (x, x), A", "lambda x: [x], A", "lambda x: None, A", "lambda x: 3, A",
    "tf.add, A, ST([[0]], [1], [5])", "lambda x: tf.cast(x, tf.string), A",
    "tf.strings.upper, S2", "lambda x: tf.strings.join([x, '!']), S2",
    "lambda x: tf.expand_dims(x, 1), A", "lambda x: tf.reshape(x, [5, 1, 1]), A",
    "lambda x: tf.concat([x, x], 0), A", "tf.add, C, I", "tf.add, C, C", "tf.add, U, U",
    "tf.add, U, A", "tf.add, A, F", "tf.add, F, F", "lambda x, y: x * y, F, 2.0",
    "lambda x: tf.zeros([5]), A", "lambda: 1", "tf.identity", "None, A",
)
_SEG = ("segment_sum", "segment_mean", "segment_max", "segment_min", "segment_prod",
        "unsorted_segment_sum", "unsorted_segment_mean", "unsorted_segment_max",
        "unsorted_segment_min", "unsorted_segment_prod", "unsorted_segment_sqrt_n")
SECTIONS["rops19"] = _unique([
    *[f"mf({a})" for a in _MF],
    *[f"bm({d}, {m})" for d, m in (
        ("A", "A > 2"), ("A32", "A > 2"), ("A", "A32 > 2"), ("D", "D > 2"),
        ("D", "[True, False, True]"), ("A", "[True, False, True]"), ("A", "[True, False]"),
        ("A", "True"), ("A", "tf.constant([1, 0, 1])"), ("A", "B > 20"),
        ("A", "R([[True, False], [], [True, False, True]])"), ("C", "C > 2"), ("C", "A > 2"),
        ("C", "[False, False, True]"), ("I", "I > 2"), ("I", "[True, False, True]"),
        ("I", "R([[True, False], [], [True]])"), ("U", "U > 2"), ("U", "[True, False, True]"),
        ("S2", "tf.strings.length(S2) > 1"), ("F", "tf.math.is_nan(F)"),
        ("D", "R([[True, False], [True], [False, True]])"), ("A", "A"),
        ("A", "R([[[True, False]], [], [[True]]])"), ("[[1, 2], [3]]", "[[True, False], [True]]"),
        ("tf.constant(1)", "tf.constant(True)"), ("A", "tf.zeros([3, 2], tf.bool)"))],
    *[f"sdp({d}, {p}, {n})" for d, p, n in (
        ("['a', 'b', 'c', 'd']", "[0, 1, 0, 2]", "3"), ("[1, 2, 3]", "[2, 2, 2]", "3"),
        ("[1, 2, 3]", "[0, 3, 1]", "3"), ("[1, 2, 3]", "[0, -1, 1]", "3"),
        ("[1, 2, 3]", "[0, 0, 0]", "0"), ("[1, 2, 3]", "[0, 1]", "2"),
        ("[1, 2, 3]", "[[0, 1, 0]]", "2"), ("[1, 2, 3]", "[0.0, 1.0, 0.0]", "2"),
        ("A", "[1, 0, 1]", "2"), ("A", "A.values % 2", "2"),
        ("A", "R([[0, 1], [], [1, 1, 0]])", "2"),
        ("D", "[1, 0, 1]", "2"), ("D", "[[0, 1], [1, 0], [0, 0]]", "2"),
        ("tf.zeros([0])", "tf.zeros([0], tf.int32)", "2"), ("[1, 2]", "[0, 1]", "-1"),
        ("[1, 2]", "[0, 1]", "tf.constant(2, tf.int64)"),
        ("[1, 2]", "tf.constant([0, 1], tf.int64)", "2"),
        ("C", "[0, 1, 0]", "2"), ("I", "[1, 1, 0]", "2"), ("[1, 2]", "[0, 1]", "2.5"))],
    *[f"seg('{f}', A, {a})" for f in _SEG for a in (
        ("[0, 0, 1]", "num_segments=2") if f.startswith("unsorted") else ("[0, 0, 1]",))],
    *[f"seg('{f}', I, {a})" for f in ("segment_sum", "unsorted_segment_max")
      for a in (("[0, 1, 1]", "num_segments=2") if f.startswith("unsorted") else ("[0, 1, 1]",))],
    *[f"seg('unsorted_segment_sum', {d}, {ids}, {n})" for d, ids, n in (
        ("A", "[0, 2, 0]", "3"), ("A", "[0, 3, 0]", "3"), ("A", "[0, -1, 0]", "3"),
        ("A", "[0, 1]", "2"), ("A", "R([[0, 1], [], [1, 1, 0]])", "2"), ("C", "[1, 0, 1]", "2"),
        ("F", "[0, 0, 0]", "1"), ("U", "[1, 0, 1]", "2"), ("A", "[0, 0, 1]", "0"),
        ("A32", "[0, 0, 1]", "2"), ("A", "tf.constant([0, 0, 1], tf.int64)", "2"),
        ("A", "[0.0, 1.0, 1.0]", "2"), ("S2", "[0, 0, 1]", "2"), ("A", "[[0, 0, 1]]", "2"),
        ("A", "R([[0, 1], [], [1, 1, 7]])", "2"), ("D", "R([[0, 1], [1], [0, 0]])", "2"))],
    *[f"seg('segment_sum', A, {ids})" for ids in ("[1, 0, 0]", "[0, 0]", "[0, 1, 3]",
                                                 "R([[0, 0], [], [1, 1, 1]])")],
    *[f"rt({x})" for x in ("A", "A32", "B", "C", "I", "U", "S2", "F", "R([[]])", "R([[], []])",
                           "R([[], [1]], dtype=tf.bool)",
                           "RT.from_uniform_row_length(R([[1], [2, 3], [], [4]]), 2)")],
    "rt(A, row_splits_dtype=tf.int32)",
    *[f"fs({a})" for a in (
        "[[0, 0], [0, 1], [2, 0]], [1, 2, 3], [3, 2]", "[[0, 1], [2, 0]], [1, 3], [3, 2]",
        "[[2, 0], [0, 0]], [1, 3], [3, 2]", "[[0, 0], [0, 0]], [1, 3], [3, 2]",
        "[[0], [1]], [1, 3], [3]", "[[0, 0, 0], [1, 0, 0]], [1, 3], [2, 1, 1]",
        "tf.zeros([0, 2], tf.int64), tf.zeros([0]), [4, 0]", "[[0, 0]], [1], [1, 5]",
        "[[0, 0], [0, 1]], ['a', 'b'], [1, 2], row_splits_dtype=tf.int32",
        "[[0, 0]], [1], [0, 5]", "[[1, 2]], [7], [3, 4]", "[[0, 1], [0, 0]], [1, 2], [1, 2]")],
    "e(lambda: RT.from_sparse(A))",
    "e(lambda: RT.from_sparse(tf.constant([[1, 2]])))",
    "e(lambda: RT.from_sparse(SP.from_dense(tf.constant([[1, 0], [0, 2]]))))",
    "e(lambda: SP.to_dense(A.to_sparse()))",
    "e(lambda: SP.to_dense(C.to_sparse(), default_value=-1))",
    "e(lambda: RT.from_tensor(SP.to_dense(A.to_sparse()), lengths=A.row_lengths()))",
    "e(lambda: SP.reorder(RT.from_sparse(SP.reorder(C.to_sparse()))))",
    "e(lambda: A.to_sparse(name='ts'))",
    "tv(lambda x: RT.from_sparse(x.to_sparse()), RS([None, None], tf.int32))(A)",
    "tv(lambda x: x.to_sparse(), RS([None, None, None], tf.int32))(C)",
    "tv(lambda x: RT.from_sparse(x), SS([None, None], tf.int32))(A.to_sparse())",
    "tv(lambda x: RT.from_sparse(x), SS(None, tf.int32))(A.to_sparse())",
    "tv(lambda x: RT.from_sparse(x), SS([None, None, None], tf.int32))(C.to_sparse())",
    "tv(lambda d, p: tf.ragged.stack_dynamic_partitions(d, p, 3), TS([None], tf.string), "
    "TS([None], tf.int32))(tf.constant(['a', 'b', 'c']), tf.constant([2, 0, 2]))",
    "tv(lambda d, p: tf.ragged.stack_dynamic_partitions(d, p, 2), TS([None], tf.string), "
    "TS([None], tf.int32))(tf.constant(['a', 'b', 'c']), tf.constant([2, 0, 1]))",
    "tv(lambda x: tf.ragged.map_flat_values(tf.add, x, B), RS([None, None], tf.int32))(A)",
    "tv(lambda x, m: tf.ragged.boolean_mask(x, m), RS([None, None], tf.int32), "
    "RS([None, None], tf.bool))(A, A > 2)",
    "tv(lambda x, m: tf.ragged.boolean_mask(x, m), RS([None, None], tf.int32), "
    "RS([None, None], tf.bool))(A, B > 20)",
    "tv(lambda x: tf.math.unsorted_segment_sum(x, [0, 1, 0], 2), RS([None, None], tf.int32))(A)",
])

# ---------------------------------------------------------------------------------------
PRELUDES["fmt19"] = _COMMON + r"""
def f(t, *x, **k):
    return e(lambda: S.format(t, list(x), **k))
def f1(t, x, **k):
    return e(lambda: S.format(t, x, **k))
"""
_FA = (
    "'plain'", "'plain', 1", "'{}{}', 1", "'{}', 1, 2", "'{}{{}}', 1", "'{{}}', 1",
    "'{', 1", "'}{}', 1", "'{}', tf.constant('q\"uote')", "'{}', tf.constant(\"it's\")",
    "'{}', tf.constant('new\\nline')", "'{}', tf.constant('\\u00e9')",
    "'{}', tf.constant(b'\\xff')", "'{}', tf.constant(['a', 'b'])", "'{}', tf.constant(True)",
    "'{}', tf.constant([True, False])", "'{}', tf.constant(float('nan'))",
    "'{}', tf.constant([1.5, -0.0, float('inf')])", "'{}', tf.constant(1e-8)",
    "'{}', tf.constant(123456789.0)", "'{}', tf.constant(0.1, tf.float64)",
    "'{}', tf.constant(0.1, tf.float16)", "'{}', tf.constant(2.5, tf.bfloat16)",
    "'{}', tf.constant(1 + 2j)", "'{}', tf.constant(-1, tf.int8)",
    "'{}', tf.constant(255, tf.uint8)", "'{}', tf.constant([[]])", "'{}', tf.zeros([2, 0])",
    "'{}', tf.constant([[[1]]])", "'{}', 1", "'{}', 1.5", "'{}', 'str'", "'{}', [1, 2]",
    "'{}', True", "'{} {}', 'a', 2", "'{}', None", "'', 1", "'', ",
    "'x{}y{}z', tf.constant(1), tf.constant([2, 3])",
    "'{}', tf.range(12)", "'{}', tf.reshape(tf.range(24), [2, 3, 4])",
    "'{}', tf.constant(['a' * 20] * 8)", "'{}', R([[1, 2], [3]])", "'{}', R([['a'], []])",
    "'{}', ST([[0]], [1], [2])", "'{}', tf.Variable(3)",
)
SECTIONS["fmt19"] = _unique([
    *[f"f({a})" for a in _FA],
    *[f"f1('{{}}', tf.reshape(tf.range(24), [2, 3, 4]), summarize={s})" for s in (1, 2, 3, -1)],
    *[f"f1('{{}}', tf.range(10), summarize={s})" for s in (0, 1, 4, 5, 6, 9, 10, -2)],
    *[f"f1({t}, tf.constant([1, 2]), placeholder={p})" for t, p in (
        ("'%s'", "'%s'"), ("'<>'", "'<>'"), ("'{}'", "''"), ("'aXa'", "'X'"),
        ("'{}'", "'%s'"), ("'%s%s'", "'%s'"), ("'ab'", "'ab'"), ("'xx'", "'x'"),
        ("'{}'", "1"), ("'\\u00e9'", "'\\u00e9'"))],
    "f1(['{}'], 1)", "f1(tf.constant('{}'), 1)", "f1('{}', 1, name='fmt')", "f1('{}', 1, bogus=2)",
    "f1('{}', (tf.constant(1),))", "f1('{}', {'a': 1})", "f1('{}', [[1, 2], [3]])",
    "f1(1, 1)", "f1(None, 1)", "f1('{}', 1, summarize=1.5)", "f1('{}', 1, summarize=None)",
    "tv(lambda x: S.format('v={}', x), TS([None], tf.float32))(tf.constant([1.5, 2.0]))",
    "tv(lambda x: S.format('{} {}', [x, x], summarize=1), TS(None, tf.int32))(tf.range(5))",
    "tv(lambda x: S.format('{}', x), TS([], tf.string))(tf.constant('s'))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["re19"] = _COMMON + r"""
PAT = {
    'named_backref': r'(?P<n>a)(?P=n)', 'num_backref': r'(a)\1', 'g_backref': r'(a)\g1',
    'k_backref': r'(?<n>a)\k<n>', 'lookahead': r'a(?=b)', 'neg_lookahead': r'a(?!b)',
    'lookbehind': r'(?<=a)b', 'neg_lookbehind': r'(?<!a)b', 'atomic': r'(?>a+)b',
    'possessive_star': r'a*+', 'possessive_q': r'a?+b', 'comment': r'a(?#note)b',
    'keep': r'a\Kb', 'hspace': r'a\hb', 'linebreak': r'a\Rb', 'gpos': r'\Ga',
    'branch_reset': r'(?|(a)|(b))', 'conditional': r'(a)?(?(1)b|c)', 'not_greek': r'\p{^Greek}+',
    'big_p_greek': r'\P{Greek}+', 'word_class': r'[[:word:]]+', 'kelvin': r'(?i)k',
    'rep0': r'ab{0}c', 'rep1000': r'a{1000}', 'rep0_1000': r'a{0,1000}', 'nested_rep':
    r'(a{100}){100}', 'lazy_possessive': r'a+?+', 'cp_too_big': r'\x{110000}', 'nul': 'a\x00b',
    'esc_e': r'\e', 'ctrl_c': r'\cA', 'esc_0': r'\0', 'esc_v': r'\v', 'octal': r'\141',
    'esc_u': r'\u0041', 'esc_N': r'\N{LATIN SMALL LETTER A}', 'flag_group': r'(?s:.)b',
    'neg_flag': r'(?i)a(?-i)b', 'mixed_flags': r'(?i-s)a.', 'bad_name': r'(?P<1a>x)',
    'empty_name': r'(?P<>x)', 'dup_alt': r'(?P<n>a)|(?P<n>b)', 'recursion': r'(a(?R)?b)',
    'unicode_class': r'\p{Latin}+', 'script_cyr': r'\p{Cyrillic}', 'any_byte': r'\C',
    'empty_class': r'[]', 'neg_empty': r'[^]', 'posix_outside': r'[:alpha:]',
    'range_rev': r'[b-a]', 'unicode_range': r'[\x{e0}-\x{ff}]+', 'dot_star_lazy': r'.*?',
    'alt_empty': r'a||b', 'anchor_rep': r'^*', 'rep_rep': r'a**', 'q_rep': r'a{2}{3}',
    'brace_lit': r'a{', 'brace_lit2': r'a{x}', 'brace_comma': r'a{,}', 'z_upper': r'a\Z',
    'dollar_ml': r'(?m)a$', 'caret_ml': r'(?m)^b', 'word_uni': r'\w+', 'digit_uni': r'\d',
    'b_uni': '\\b\u00e9', 'space_class': r'[\s]+', 'esc_dash': r'[a\-z]+', 'esc_q': r'\?',
    'trailing_bs': 'a\\', 'bad_escape': r'\y', 'bad_escape2': r'\i',
    'ascii_class': r'[[:ascii:]]+', 'unicode_ci': '(?i)\u00c9', 'sigma_ci': '(?i)\u03c3',
    'lone_paren': r')', 'empty_group': r'()',
    'many_groups': '(a)' * 12,
    'rep7x143': r'(a{7}){143}', 'rep7x142': r'(a{7}){142}', 'rep3x334lazy': r'(a{3}){334}?',
    'rep10x10x10': r'((a{10}){10}){10}', 'rep10x10x11': r'((a{10}){10}){11}',
    'alt_rep': r'(a{10}|b{200}){5}', 'alt_rep_unb': r'(a{10}|b{200}){5,}',
    'min_rep': r'(a{2,}){600}', 'zero_rep': r'(a{0}){1000}', 'lazy1001': r'a{1001}?',
    'star_rep': r'(a*){1000}', 'nc_rep': r'(?:a{2}){501}', 'seq_rep': r'(a{2})(b{2}){500}',
    'deep_rep': r'((a{2}){2}){251}', 'rep_then_size': r'a{2}{1001}', 'size_noarg': r'{1001}',
    'noarg_small': r'(?i){2}', 'hex_g': r'\x{12g}', 'hex_open': r'\x{12', 'hex_end': r'\x{',
    'hex_empty': r'\x{}', 'hex_long': r'\x{1100000}', 'hex_huge': r'\x{FFFFFFFFF}',
    'class_hex': r'[\x{110000}]', 'name_uni': '(?P<\u00e9>x)', 'name_dash': r'(?P<a-b>x)',
    'name_space': r'(?P<a b>x)', 'angle_digit': r'(?<1>x)', 'name_us': r'(?P<_>x)',
    'name_mark': '(?P<x\u0301>x)', 'name_digit': r'(?P<9>x)', 'name_unclosed': r'(?P<ab',
    'non_capture_flags': r'(?i:A)(?-i:b)', 'x_flag': r'(?x) a b # c',
}
TXT = tf.constant(['ab', 'aab', 'b', 'cb', 'a\u00e9', '\u00e9t\u00e9', 'A\u212a', 'k', 'abc',
                   'a\nb', '', 'aaa' * 400, '\u03a3\u03c3', '\u0430', 'x y'])
def full(k):
    return e(lambda: S.regex_full_match(TXT, PAT[k]))
def rep(k, r='<\\0>', g=True):
    return e(lambda: S.regex_replace(TXT, PAT[k], r, replace_global=g))
"""
_RE_KEYS = (
    "named_backref", "num_backref", "g_backref", "k_backref", "lookahead", "neg_lookahead",
    "lookbehind", "neg_lookbehind", "atomic", "possessive_star", "possessive_q", "comment",
    "keep", "hspace", "linebreak", "gpos", "branch_reset", "conditional", "not_greek",
    "big_p_greek", "word_class", "kelvin", "rep0", "rep1000", "rep0_1000", "nested_rep",
    "lazy_possessive", "cp_too_big", "nul", "esc_e", "ctrl_c", "esc_0", "esc_v", "octal", "esc_u",
    "esc_N", "flag_group", "neg_flag", "mixed_flags", "bad_name", "empty_name", "dup_alt",
    "recursion", "unicode_class", "script_cyr", "any_byte", "empty_class", "neg_empty",
    "posix_outside", "range_rev", "unicode_range", "dot_star_lazy", "alt_empty", "anchor_rep",
    "rep_rep", "q_rep", "brace_lit", "brace_lit2", "brace_comma", "z_upper", "dollar_ml",
    "caret_ml", "word_uni", "digit_uni", "b_uni", "space_class", "esc_dash", "esc_q",
    "trailing_bs", "bad_escape", "bad_escape2", "ascii_class", "unicode_ci", "sigma_ci",
    "lone_paren", "empty_group", "many_groups", "non_capture_flags", "x_flag",
    "rep7x143", "rep7x142", "rep3x334lazy", "rep10x10x10", "rep10x10x11", "alt_rep",
    "alt_rep_unb", "min_rep", "zero_rep", "lazy1001", "star_rep", "nc_rep",
    "seq_rep", "deep_rep", "rep_then_size", "size_noarg", "noarg_small", "hex_g",
    "hex_open", "hex_end", "hex_empty", "hex_long", "hex_huge", "class_hex",
    "name_uni", "name_dash", "name_space", "angle_digit", "name_us", "name_mark",
    "name_digit", "name_unclosed")
SECTIONS["re19"] = _unique([
    *[f"full('{k}')" for k in _RE_KEYS],
    *[f"rep('{k}')" for k in _RE_KEYS],
    *[f"rep('{k}', '#', False)" for k in ("dot_star_lazy", "alt_empty", "empty_group", "rep0",
                                           "word_uni", "unicode_ci", "kelvin", "x_flag")],
    *[f"rep('many_groups', {r!r})" for r in ("\\10", "\\12", "\\13", "\\1\\0", "\\\\1")],
    *[f"rep('empty_group', {r!r})" for r in ("[\\1]", "\\2", "\\", "\\a", "\\x", "$0")],
])

# ---------------------------------------------------------------------------------------
PRELUDES["lookup19"] = _COMMON + r"""
KVI = L.KeyValueTensorInitializer
def wr(name, text, mode='w'):
    p = os.path.join(TMP, name)
    with open(p, mode) as fh:
        fh.write(text)
    return p
F = {'tab': wr('tab.txt', 'a\t1\nb\t2\nc\t3\n'),
     'comma': wr('comma.txt', 'a,1,x\nb,2,y\nc,3,z\n'),
     'space': wr('space.txt', 'a 1\nb  2\nc 3\n'),
     'multi': wr('multi.txt', 'a::1\nb::2\nc::3\n'),
     'uni': wr('uni.txt', '\u00e9\u00a71\n\u00df\u00a72\n'),
     'crlf': wr('crlf.txt', 'a\t1\r\nb\t2\r\n'),
     'cr': wr('cr.txt', 'a\t1\rb\t2\r'),
     'blank': wr('blank.txt', 'a\t1\n\nb\t2\n'),
     'noeol': wr('noeol.txt', 'a\t1\nb\t2'),
     'dup': wr('dup.txt', 'a\t1\na\t2\n'),
     'dupsame': wr('dupsame.txt', 'a\t1\na\t1\n'),
     'badint': wr('badint.txt', 'a\tx\n'),
     'float': wr('float.txt', 'a\t1.5\nb\t-2e3\n'),
     'empty': wr('empty.txt', ''),
     'trail': wr('trail.txt', 'a\t1\t\nb\t2\t\n'),
     'lines': wr('lines.txt', 'zero\none\ntwo\n'),
     'ints': wr('ints.txt', '10\n20\n30\n'),
     'spaces': wr('spaces.txt', ' a \n b\n'),
     'onlynl': wr('onlynl.txt', '\n\n'),
     'bigint': wr('bigint.txt', '9223372036854775808\t1\n')}
def tfi(f, kd, ki, vd, vi, **k):
    return L.TextFileInitializer(F[f], kd, ki, vd, vi, **k)
WL, LN = L.TextFileIndex.WHOLE_LINE, L.TextFileIndex.LINE_NUMBER
def sh(f, kd, ki, vd, vi, keys, dv=-1, **k):
    return e(lambda: L.StaticHashTable(tfi(f, kd, ki, vd, vi, **k), dv).lookup(keys))
def shx(f, kd, ki, vd, vi, dv=-1, **k):
    # the table's contents
    def go():
        ks, vs = L.StaticHashTable(tfi(f, kd, ki, vd, vi, **k), dv).export()
        return sorted(zip(v(ks)[2], v(vs)[2]))
    return run(go)
def made(f):
    # what a constructor made (its class's name), or its error
    r = run(f)
    return r if isinstance(r, str) else type(r).__name__
def sv(init, n, keys, **k):
    return e(lambda: L.StaticVocabularyTable(init, n, **k).lookup(keys))
SKV = KVI(['a', 'b'], tf.constant([0, 1], tf.int64))
IKV = KVI(tf.constant([5, 7], tf.int64), tf.constant([0, 1], tf.int64))
I32KV = KVI(tf.constant([5, 7], tf.int32), tf.constant([0, 1], tf.int64))
STRK = tf.constant(['a', 'b', 'c', 'zz', '', '\u00e9', 'a '])
INTK = tf.constant([5, 7, 0, -1, 2**40, 9], tf.int64)
"""
_SVN = ("1", "2", "5", "100", "0", "-1", "1.5", "tf.constant(3)", "tf.constant(3, tf.int64)",
        "None", "'2'", "True", "2**31")
SECTIONS["lookup19"] = _unique([
    *[f"sv(SKV, {n}, STRK)" for n in _SVN],
    *[f"sv(IKV, {n}, INTK)" for n in ("1", "3", "7", "0")],
    *[f"sv(I32KV, {n}, {k})" for n in ("2",) for k in (
        "tf.constant([5, 7, 9], tf.int32)", "tf.constant([5, 9], tf.int64)")],
    "sv(IKV, 3, tf.constant([5, 9], tf.int32), lookup_key_dtype=tf.int32)",
    "sv(IKV, 3, tf.constant([5, 9], tf.int64), lookup_key_dtype=tf.int32)",
    "sv(IKV, 3, tf.constant([5, 9], tf.int32))",
    "sv(SKV, 3, tf.constant([5, 9], tf.int64))",
    "sv(SKV, 3, tf.constant(['a', 'q']), lookup_key_dtype=tf.int32)",
    "sv(SKV, 3, tf.constant(['a', 'q']), lookup_key_dtype=tf.string)",
    "sv(IKV, 3, tf.constant([5, 9], tf.int64), lookup_key_dtype=tf.float32)",
    "sv(KVI(['a'], tf.constant([0], tf.int32)), 2, STRK)",
    "sv(KVI(['a'], tf.constant([3], tf.int64)), 2, STRK)",
    "sv(KVI(['a', 'a'], tf.constant([0, 1], tf.int64)), 2, STRK)",
    "sv(KVI(tf.constant([1.5]), tf.constant([0], tf.int64)), 2, tf.constant([1.5]))",
    "sv(None, 4, STRK)", "sv(None, 4, INTK)", "sv(None, 4, INTK, lookup_key_dtype=tf.int64)",
    "sv(None, 4, tf.constant([1, 2], tf.int32), lookup_key_dtype=tf.int32)",
    "sv(tfi('lines', tf.string, WL, tf.int64, LN), 2, STRK)",
    "sv(tfi('lines', tf.string, WL, tf.int64, LN), 2, tf.constant(['zero', 'two', 'q']))",
    "sv(tfi('ints', tf.int64, WL, tf.int64, LN), 2, tf.constant([10, 30, 40], tf.int64))",
    "sv(tfi('tab', tf.string, 0, tf.int64, 1), 1, STRK)",
    "sv(tfi('lines', tf.string, WL, tf.int64, LN, vocab_size=2), 1, STRK)",
    "sv(tfi('lines', tf.string, WL, tf.int64, LN, value_index_offset=5), 1, "
    "tf.constant(['zero', 'x']))",
    "e(lambda: L.StaticVocabularyTable(SKV, 3).size())",
    "e(lambda: L.StaticVocabularyTable(None, 3).size())",
    "e(lambda: L.StaticVocabularyTable(IKV, 3).key_dtype)",
    "e(lambda: L.StaticVocabularyTable(IKV, 3, lookup_key_dtype=tf.int32).key_dtype)",
    "e(lambda: L.StaticVocabularyTable(SKV, 3).value_dtype)",
    "e(lambda: L.StaticVocabularyTable(SKV, 3, name='vt').name)",
    "e(lambda: L.StaticVocabularyTable(SKV, 3).lookup(R([['a', 'q'], []])))",
    "e(lambda: L.StaticVocabularyTable(SKV, 3)[tf.constant(['a', 'q'])])",
    "e(lambda: L.StaticVocabularyTable(SKV, 3).lookup(['a', 'q']))",
    "e(lambda: L.StaticVocabularyTable(SKV, 3).lookup('a'))",
    *[f"shx('{f}', tf.string, 0, tf.int64, 1, delimiter={d!r})" for f, d in (
        ("tab", "\t"), ("comma", ","), ("space", " "), ("multi", "::"), ("multi", ":"),
        ("uni", "\u00a7"), ("crlf", "\t"), ("cr", "\t"), ("blank", "\t"), ("noeol", "\t"),
        ("dup", "\t"), ("dupsame", "\t"), ("badint", "\t"), ("float", "\t"), ("empty", "\t"),
        ("trail", "\t"), ("tab", ","), ("tab", ""), ("comma", ", "), ("onlynl", "\t"),
        ("tab", "\\t"), ("bigint", "\t"))],
    *[f"shx('comma', tf.string, 0, tf.string, {vi}, dv='?', delimiter=',')" for vi in (
        "2", "3", "WL", "LN", "-3", "-1")],
    *[f"shx('{f}', tf.string, WL, tf.int64, LN)" for f in (
        "tab", "cr", "blank", "noeol", "empty", "spaces", "onlynl", "dup", "uni")],
    *[f"shx('{f}', tf.int64, LN, tf.string, WL, dv='?')" for f in ("lines", "blank", "empty")],
    *[f"shx('{f}', {kd}, {ki}, {vd}, {vi}, dv={dv})" for f, kd, ki, vd, vi, dv in (
        ("ints", "tf.int64", "WL", "tf.int64", "LN", "-1"),
        ("ints", "tf.int32", "WL", "tf.int64", "LN", "-1"),
        ("ints", "tf.int64", "0", "tf.string", "WL", "'?'"),
        ("float", "tf.string", "0", "tf.float32", "1", "0.0"),
        ("float", "tf.string", "0", "tf.float64", "1", "0.0"),
        ("float", "tf.string", "0", "tf.int64", "1", "0"),
        ("float", "tf.string", "0", "tf.int32", "1", "0"),
        ("lines", "tf.string", "WL", "tf.string", "WL", "'?'"),
        ("lines", "tf.int64", "LN", "tf.int64", "LN", "-1"),
        ("lines", "tf.string", "WL", "tf.int32", "LN", "-1"),
        ("lines", "tf.string", "WL", "tf.float32", "LN", "0.0"),
        ("lines", "tf.float32", "WL", "tf.int64", "LN", "-1"),
        ("lines", "tf.string", "LN", "tf.int64", "LN", "-1"),
        ("lines", "tf.int64", "WL", "tf.int64", "LN", "-1"),
        ("tab", "tf.string", "0", "tf.bool", "1", "False"))],
    *[f"shx('lines', tf.string, WL, tf.int64, LN, vocab_size={n})" for n in ("1", "3", "4")],
    *[f"shx('lines', tf.string, WL, tf.int64, LN, value_index_offset={n})" for n in (
        "-1", "10", "2**40")],
    "shx('tab', tf.string, 0, tf.int64, 1, value_index_offset=3)",
    "made(lambda: L.TextFileInitializer(os.path.join(TMP, 'nope.txt'), tf.string, WL, "
    "tf.int64, LN))",
    "e(lambda: L.StaticHashTable(L.TextFileInitializer(os.path.join(TMP, 'nope.txt'), "
    "tf.string, WL, tf.int64, LN), -1).size())",
    "e(lambda: L.StaticHashTable(L.TextFileInitializer(tf.constant(F['tab']), tf.string, 0, "
    "tf.int64, 1), -1).size())",
    "e(lambda: L.StaticHashTable(L.TextFileInitializer(F['tab'].encode(), tf.string, 0, "
    "tf.int64, 1), -1).size())",
    "made(lambda: L.TextFileInitializer(tf.constant([F['tab']]), tf.string, 0, tf.int64, 1))",
    "made(lambda: L.TextFileInitializer(5, tf.string, 0, tf.int64, 1))",
    "made(lambda: L.TextFileInitializer(F['tab'], tf.string, 0, tf.int64, 1, delimiter=5))",
    "made(lambda: L.TextFileInitializer(F['tab'], tf.string, 0, tf.int64, 1, delimiter=None))",
    "made(lambda: L.TextFileInitializer(F['tab'], tf.string, WL, tf.int64, WL))",
    "e(lambda: L.TextFileInitializer(F['tab'], tf.int64, LN, tf.int64, LN).key_dtype)",
    "e(lambda: L.TextFileInitializer(F['tab'], tf.string, 0, tf.int64, 1).value_dtype)",
    "e(lambda: L.TextFileInitializer(F['tab'], 'string', 0, 'int64', 1).key_dtype)",
    "made(lambda: L.TextFileInitializer(F['tab'], tf.string, 0, tf.int64, 1)._filename)",
    *[f"e(lambda: L.StaticHashTable(L.TextFileInitializer({fn}, tf.string, 0, tf.int64, 1{d}), "
      f"-1).size())" for fn, d in (
          ("F['tab']", ", delimiter=5"), ("F['tab']", ", delimiter=None"),
          ("F['comma']", ", delimiter=b','"), ("F['tab']", ", delimiter=b'\\t'"),
          ("F['tab']", ", delimiter=['\\t']"), ("[F['tab']]", ""),
          ("tf.constant([F['tab'], F['tab']])", ""), ("tf.constant([[F['tab']]])", ""),
          ("tf.constant([1])", ""), ("1.5", ""), ("None", ""), ("b''", ""),
          ("tf.saved_model.Asset(F['tab'])", ""))],
    "e(lambda: L.StaticHashTable(L.TextFileInitializer(F['tab'], tf.string, -2, tf.int64, -2), "
    "-1).size())",
    "tv(lambda x: L.StaticHashTable(tfi('comma', tf.string, 0, tf.int64, 1, delimiter=','), "
    "-1).lookup(x), TS([None], tf.string))(STRK)",
    "tv(lambda x: L.StaticVocabularyTable(tfi('lines', tf.string, WL, tf.int64, LN), 3)"
    ".lookup(x), TS([None], tf.string))(STRK)",
    "tv(lambda x: L.StaticVocabularyTable(IKV, 4).lookup(x), TS([None], tf.int64))(INTK)",
    "tv(lambda x: L.StaticHashTable(tfi('dup', tf.string, 0, tf.int64, 1), -1).lookup(x), "
    "TS([None], tf.string))(STRK)",
])

# ---------------------------------------------------------------------------------------
PRELUDES["traced19"] = _COMMON + r"""
A = R([[1, 2], [], [3, 4, 5]])
C = R([[[1, 2], [3]], [], [[4], [5, 6]]])
I = R([[[1, 2], [3, 4]], [], [[5, 6]]], ragged_rank=1)
SB = R([[b'a\xffb', 'ok'], [], ['\u00e9\U0001F600x']])
F = R([[1.5, -2.0], [], [0.5]])
SPECS = {'A': RS([None, None], tf.int32), 'C': RS([None, None, None], tf.int32),
         'I': RS([None, None, 2], tf.int32, ragged_rank=1), 'SB': RS([None, None], tf.string),
         'F': RS([None, None], tf.float32)}
VALS = {'A': A, 'C': C, 'I': I, 'SB': SB, 'F': F}
def t(f, k):
    return tv(f, SPECS[k])(VALS[k])
def ttp(k, **kw):
    path = os.path.join(TMP, 'tprint.txt')
    if os.path.exists(path):
        os.remove(path)
    r = run(traced(lambda x: tf.print(x, output_stream='file://' + path, **kw), SPECS[k]),
            VALS[k])
    if isinstance(r, str):
        return r
    with open(path, 'rb') as fh:
        return fh.read()
def names(f, k):
    # the reprs of a traced function's ragged results, as it builds them
    out = []
    def g(x):
        y = f(x)
        out.append(repr(y))
        return y
    r = run(traced(g, SPECS[k]).get_concrete_function)
    return out if not isinstance(r, str) else r
SVT = L.StaticVocabularyTable(L.KeyValueTensorInitializer(tf.constant([1, 3], tf.int64),
                                                          tf.constant([0, 1], tf.int64)), 2,
                              lookup_key_dtype=tf.int32)
SVS = L.StaticVocabularyTable(L.KeyValueTensorInitializer(['a', 'ok'],
                                                          tf.constant([0, 1], tf.int64)), 3)
"""
_TF19 = (
    "lambda x: S.format('{}', x)", "lambda x: S.format('{}', x, summarize=1)",
    "lambda x: S.format('<{}|{}>', [x, x], summarize=2)",
    "lambda x: tf.ragged.map_flat_values(tf.negative, x)",
    "lambda x: tf.ragged.map_flat_values(lambda v: v[:1], x)",
    "lambda x: tf.ragged.map_flat_values(tf.add, x, x)",
    "lambda x: tf.math.unsorted_segment_sum(x, [0, 1, 0], 2)",
    "lambda x: tf.math.unsorted_segment_max(x, [1, 1, 1], 3)",
    "lambda x: tf.math.unsorted_segment_mean(x, [0, -1, 0], 2)",
    "lambda x: tf.math.unsorted_segment_sum(x, [0, 1], 2)",
    "lambda x: tf.ragged.stack_dynamic_partitions(x, [1, 0, 1], 2)",
    "lambda x: tf.ragged.stack_dynamic_partitions(x, [1, 0, 3], 2)",
    "lambda x: x.to_sparse()", "lambda x: RT.from_sparse(x.to_sparse())",
    "lambda x: tf.ragged.boolean_mask(x, [True, False, True])",
    "lambda x: tf.ragged.boolean_mask(x, tf.ones_like(x, tf.bool))",
    "lambda x: S.substr(tf.strings.as_string(x) if x.dtype != tf.string else x, 0, 1, "
    "unit='UTF8_CHAR')",
    "lambda x: S.unicode_transcode(S.as_string(x) if x.dtype != tf.string else x, 'UTF-8', "
    "'UTF-16-LE', errors='replace')",
)
SECTIONS["traced19"] = _unique([
    *[f"t({f}, '{k}')" for f in _TF19 for k in ("A", "C", "I", "SB", "F")],
    *[f"ttp('{k}'{s})" for k in ("A", "C", "I", "SB", "F")
      for s in ("", ", summarize=1", ", summarize=-1", ", end='|'")],
    *[f"names({f}, '{k}')" for f, k in (
        ("lambda x: x + 1", "A"), ("lambda x: x * x", "C"), ("lambda x: x.values", "C"),
        ("lambda x: tf.ragged.map_flat_values(tf.negative, x)", "I"),
        ("lambda x: x[1:]", "A"), ("lambda x: tf.concat([x, x], 0)", "A"),
        ("lambda x: S.upper(x)", "SB"), ("lambda x: RT.from_sparse(x.to_sparse())", "A"),
        ("lambda x: x.with_row_splits_dtype(tf.int32)", "A"),
        ("lambda x: tf.ragged.boolean_mask(x, x > 1)", "A"))],
    *[f"tv(lambda x: SVT.lookup(x), {s})({v})" for s, v in (
        ("TS([None], tf.int32)", "tf.constant([1, 2, 3])"),
        ("RS([None, None], tf.int32)", "R([[1, 2], [], [3, 9]])"),
        ("SS([None, None], tf.int32)", "ST([[0, 0], [1, 1]], [3, 4], [2, 2])"),
        ("TS([None], tf.int64)", "tf.constant([1], tf.int64)"))],
    *[f"tv(lambda x: SVS.lookup(x), {s})({v})" for s, v in (
        ("RS([None, None], tf.string)", "SB"), ("TS([None], tf.string)", "SB.values"),
        ("TS([], tf.string)", "tf.constant('zz')"))],
    *[f"tv(lambda x, p: S.regex_replace(x, p, 'X'), TS([None], tf.string), TS([], tf.string))"
      f"(SB.values, {p!r})" for p in (
          "(a{100}){100}", "(?P<1a>.)", "\\x{110000}", "a(?=b)", "(a)\\1", "\\x{12g}", "\\C",
          "(?P<\u00e9>.)\\pL")],
    *[f"tv(lambda x, p: S.regex_full_match(x, p), TS([None], tf.string), TS([], tf.string))"
      f"(SB.values, {p!r})" for p in ("(a{7}){143}", "a{1001}?", "(?i)OK", "\\x{")],
    *[f"e(lambda: S.regex_replace(SB, {p!r}, {r!r}))" for p, r in (
        ("a", b"\xff"), (b"\xff", "Y"), ("b", "\\0\\0"), (".", "\u00e9"), ("\\C", "."))],
    *[f"e(lambda: S.regex_full_match(SB, {p!r}))" for p in (b"a\xffb", b"\xff", "a\\C*")],
])
