"""text17's probes: what the earlier rounds left alone. tf.data pipelines over ragged and
string elements (scan, window, group_by_window, shard, filter, interleave, rebatch, unique,
ragged_batch/padded_batch/unbatch chains, each with its element_spec); ragged tensors and
strings through control flow (while_loop with shape invariants, cond/case/switch_case
branches of ragged outputs, TensorArray of strings, vectorized_map); whitespace splitting
(sep=None) over every ASCII and Unicode space, with maxsplit, against explicit separators
and strip; hash tables of vector values (MutableHashTable and DenseHashTable of string ->
int64 vectors, int64 -> string vectors, their export, remove and shape errors); the
elementwise and reduction ops earlier grids never sent through ragged dispatch (each over
ragged int, float and complex operands of ragged_rank 1 and 2, traced too);
tf.experimental.DynamicRaggedShape's accessors, slicing and broadcasting; ragged gather,
gather_nd and boolean_mask by batch_dims and axis over ragged_rank 2, int32 splits and
uniform rows, and concat/stack of mixed ragged ranks; ngrams, unicode_encode/script and
StaticVocabularyTable over the same operands. Each section runs in its own environment
(its prelude), its expressions in order. record_text17.py records what TF 2.21 answers in
text17_golden.json; test_text17_vs_tf.py and test_text17b_vs_tf.py compare."""

from tests.ragged.golden_text13 import _COMMON

PRELUDES = {}
SECTIONS = {}


def _unique(exprs: list) -> list:
    return list(dict.fromkeys(exprs))


# ---------------------------------------------------------------------------------------
PRELUDES["data17"] = _COMMON + r"""
D = tf.data.Dataset
RG = R([[1, 2], [], [3, 4, 5], [6]])
RG2 = R([[[1], [2, 3]], [], [[4, 5, 6]], [[7], [], [8]]])
WORDS = tf.constant(['a b', '', 'c d e', 'f', 'g h'])
def base(name):
    if name == 'rows':
        return D.from_tensor_slices(RG)
    if name == 'rows2':
        return D.from_tensor_slices(RG2)
    if name == 'rows32':
        return D.from_tensor_slices(RG.with_row_splits_dtype(tf.int32))
    if name == 'words':
        return D.from_tensor_slices(WORDS).map(lambda s: S.split(s))
    if name == 'wordsb':
        return D.from_tensor_slices(WORDS).batch(2).map(lambda s: S.split(s))
    return D.from_tensor_slices(tf.constant(['x', 'yy', '', 'x', 'zzz']))
def dd(name, fn):
    # the dataset's element spec and its elements, or the error
    def go():
        d = fn(base(name))
        return (repr(d.element_spec), [v(x) for x in d])
    return run(go)
def red(name, init, fn):
    return e(lambda: base(name).reduce(init, fn))
"""
_BASES = ("rows", "rows2", "rows32", "words", "wordsb", "strs")
_DATA_OPS = (
    "d.batch(2)", "d.batch(3, drop_remainder=True)", "d.ragged_batch(2)",
    "d.ragged_batch(2, row_splits_dtype=tf.int32)", "d.ragged_batch(3, drop_remainder=True)",
    "d.padded_batch(2)", "d.padded_batch(2, padding_values=None, drop_remainder=True)",
    "d.rebatch(2)", "d.ragged_batch(2).rebatch(3)", "d.ragged_batch(3).rebatch([1, 2])",
    "d.ragged_batch(2).unbatch()", "d.ragged_batch(2).ragged_batch(2)",
    "d.window(2).flat_map(lambda w: w.ragged_batch(2))",
    "d.window(3, shift=1, drop_remainder=True).flat_map(lambda w: w.batch(3))",
    "d.scan(tf.constant(0, tf.int64), lambda s, x: (s + 1, (s, x)))",
    "d.filter(lambda x: tf.size(x) > 1)", "d.shard(2, 1)", "d.take(2).repeat(2)",
    "d.skip(3)", "d.enumerate(start=5)", "d.concatenate(d.take(1))",
    "d.map(lambda x: tf.size(x))", "d.map(lambda x: (x, x))",
    "d.interleave(lambda x: D.from_tensors(x).repeat(2), cycle_length=2)",
    "d.flat_map(lambda x: D.from_tensor_slices(x))",
    "d.group_by_window(lambda x: tf.cast(tf.size(x) % 2, tf.int64), "
    "lambda k, w: w.ragged_batch(2), 2)",
    "d.apply(tf.data.experimental.dense_to_ragged_batch(2))", "d.unique()",
    "d.cache().prefetch(1).take(3)", "d.shuffle(1).take(2)",
    "D.zip((d, d.skip(1)))", "d.batch(2).unbatch()",
)
SECTIONS["data17"] = _unique([
    *[f"dd('{b}', lambda d: {o})" for b in _BASES for o in _DATA_OPS],
    "dd('rows', lambda d: D.from_tensors(RG))",
    "dd('rows', lambda d: D.from_tensors(RG).unbatch())",
    "dd('rows', lambda d: D.from_tensors(RG2).unbatch().unbatch())",
    "dd('rows', lambda d: D.from_tensor_slices({'r': RG, 'n': tf.range(4)}))",
    "dd('rows', lambda d: D.from_tensor_slices((RG, WORDS[:4])).ragged_batch(3))",
    "dd('rows', lambda d: D.from_tensor_slices(R([[1], [2, 3]], ragged_rank=1)).batch(2))",
    "dd('rows', lambda d: D.from_tensor_slices(RT.from_uniform_row_length(tf.range(6), 2)))",
    "dd('rows', lambda d: D.from_tensor_slices(ST([[0, 1], [2, 0]], ['p', 'q'], [3, 2])))",
    "dd('rows', lambda d: D.from_tensor_slices(ST([[0, 1], [2, 0]], ['p', 'q'], [3, 2]))"
    ".batch(2))",
    "dd('rows', lambda d: D.from_tensor_slices(R([[[1, 2], [3, 4]], [[5, 6]]], "
    "ragged_rank=1)).ragged_batch(2))",
    "dd('rows', lambda d: D.range(3).map(lambda i: tf.ragged.range(i)).ragged_batch(3))",
    "dd('rows', lambda d: D.range(3).map(lambda i: tf.ragged.range(i)).padded_batch(3))",
    "dd('rows', lambda d: D.range(3).map(lambda i: R([[1]] * 2)).batch(3))",
    "dd('rows', lambda d: D.range(3).map(lambda i: tf.fill([i], 'w')).padded_batch(2, "
    "padded_shapes=[4], padding_values='-'))",
    "dd('rows', lambda d: D.range(3).map(lambda i: tf.fill([i], 'w')).padded_batch(2, "
    "padded_shapes=[1]))",
    "dd('rows', lambda d: D.range(4).batch(2).rebatch(3, drop_remainder=True))",
    "dd('rows', lambda d: D.range(5).batch(4).rebatch([1, 1, 2]))",
    "dd('rows', lambda d: D.range(5).batch(4).rebatch([3, 3]))",
    "dd('rows', lambda d: D.range(5).batch(4).rebatch([0, 2]))",
    "dd('rows', lambda d: D.range(5).rebatch(2))",
    *[f"red('{b}', tf.constant(0, tf.int64), lambda s, x: s + tf.size(x, tf.int64))"
      for b in _BASES],
    "red('rows', tf.constant(0), lambda s, x: s + tf.reduce_sum(x))",
    "red('strs', tf.constant(''), lambda s, x: s + x)",
    "red('rows', RG, lambda s, x: s)",
    "red('rows', tf.constant(1), lambda s, x: R([[1]]))",
    "dd('rows', lambda d: d.scan(RG, lambda s, x: (s, x)))",
    "dd('rows', lambda d: d.scan(tf.constant(1), lambda s, x: (R([[1]]), x)))",
    "dd('rows', lambda d: d.scan(tf.constant(1), lambda s, x: (s, R([[1]]))))",
    "red('rows', tf.constant([0]), lambda s, x: tf.concat([s, x], 0))",
    "e(lambda: list(base('rows2').take(1).as_numpy_iterator()))",
    "e(lambda: base('rows').ragged_batch(2).get_single_element())",
    "e(lambda: base('rows').ragged_batch(9).get_single_element())",
    "e(lambda: base('rows').take(1).get_single_element())",
    "e(lambda: base('wordsb').cardinality())",
    "e(lambda: base('rows').ragged_batch(3).cardinality())",
    "e(lambda: base('rows').filter(lambda x: True).cardinality())",
    "e(lambda: base('rows').rebatch(2).cardinality())",
])

# ---------------------------------------------------------------------------------------
PRELUDES["control17"] = _COMMON + r"""
RG = R([[1, 2], [], [3]])
RF = R([[1.5, -2.0], [], [3.25]])
RG2 = R([[[1], [2, 3]], [], [[4]]])
W = tf.constant(['x', 'yy', 'zzz'])
def wl(cond, body, lv, **k):
    return e(lambda: tf.while_loop(cond, body, lv, **k))
def twl(cond, body, lv, **k):
    # (an eager tensor entering the loop is named by a per-process number: made alike)
    out = e(lambda: tf.function(lambda: tf.while_loop(cond, body, lv, **k))())
    return re.sub(r'`[0-9]+:0`', '`N:0`', out) if isinstance(out, str) else out
def ta(steps, dtype=tf.string, **k):
    # a TensorArray's answers after each step (method, *args)
    def go():
        a = tf.TensorArray(dtype, **k)
        got = []
        for name, *args in steps:
            r = getattr(a, name)(*args)
            if isinstance(r, tf.TensorArray):
                a = r
                got.append(None)
            else:
                got.append(v(r))
        return got
    return run(go)
def tta(steps, dtype=tf.string, **k):
    return run(lambda: tf.function(lambda: ta(steps, dtype, **k))())
P = {'t': tf.constant(True), 'f': tf.constant(False)}
"""
_BODIES = (
    ("lambda i, r: i < 3", "lambda i, r: (i + 1, r * 2)", "(0, RG)", ""),
    ("lambda i, r: i < 3", "lambda i, r: (i + 1, r + r)", "(0, RF)", ""),
    ("lambda i, r: i < 2", "lambda i, r: (i + 1, tf.concat([r, r], 0))", "(0, RG)", ""),
    ("lambda i, r: i < 2", "lambda i, r: (i + 1, tf.concat([r, r], 0))", "(0, RG)",
     "shape_invariants=(tf.TensorShape([]), tf.TensorShape([None, None]))"),
    ("lambda i, r: i < 2", "lambda i, r: (i + 1, tf.concat([r, r], 1))", "(0, RG)", ""),
    ("lambda i, r: i < 2", "lambda i, r: (i + 1, r.with_row_splits_dtype(tf.int32))",
     "(0, RG)", ""),
    ("lambda i, r: i < 2", "lambda i, r: (i + 1, r.to_tensor())", "(0, RG)", ""),
    ("lambda i, r: i < 2", "lambda i, r: (i + 1, RT.from_tensor(r))",
     "(0, tf.constant([[1, 2]]))", ""),
    ("lambda i, s: i < 3", "lambda i, s: (i + 1, S.join([s, 'a']))", "(0, tf.constant('b'))", ""),
    ("lambda i, s: i < 3", "lambda i, s: (i + 1, tf.concat([s, ['a']], 0))",
     "(0, tf.constant(['b']))", ""),
    ("lambda i, s: i < 3", "lambda i, s: (i + 1, tf.concat([s, ['a']], 0))",
     "(0, tf.constant(['b']))", "shape_invariants=(tf.TensorShape([]), tf.TensorShape([None]))"),
    ("lambda i, r: i < 2", "lambda i, r: (i + 1, r.merge_dims(0, 1))", "(0, RG2)", ""),
    ("lambda r: tf.size(r.flat_values) < 10", "lambda r: (tf.concat([r, r], 0),)", "(RG,)", ""),
    ("lambda i, r: i < 2", "lambda i, r: (i + 1, S.split(r))", "(0, W)", ""),
    ("lambda i, r: i < 1", "lambda i, r: (i + 1, r)", "(0, RG)", "maximum_iterations=0"),
    ("lambda i, r: i < 9", "lambda i, r: (i + 1, r * 2)", "(0, RG)", "maximum_iterations=2"),
)
_COND_BRANCHES = (
    ("lambda: RG", "lambda: RG * 0"),
    ("lambda: RG", "lambda: RG.with_row_splits_dtype(tf.int32)"),
    ("lambda: RG", "lambda: RG2"),
    ("lambda: RG", "lambda: RG.to_tensor()"),
    ("lambda: RG", "lambda: R([[9]])"),
    ("lambda: RF", "lambda: RG"),
    ("lambda: (RG, W)", "lambda: (RG + 1, W + 'q')"),
    ("lambda: S.split(W)", "lambda: S.split(W, 'y')"),
    ("lambda: W", "lambda: W[:1]"),
    ("lambda: {'a': RG}", "lambda: {'a': RG[1:]}"),
    ("lambda: RG", "lambda: ST([[0, 0]], [1], [3, 2])"),
)
_TA = (
    ("[('write', 0, 'a'), ('write', 1, 'bc'), ('stack',)]", "size=2"),
    ("[('write', 0, 'a'), ('write', 2, 'bc'), ('stack',)]", "size=0, dynamic_size=True"),
    ("[('write', 0, 'a'), ('write', 2, 'bc'), ('stack',)]", "size=2"),
    ("[('write', 0, 'a'), ('read', 0), ('read', 1)]", "size=2"),
    ("[('write', 0, 'a'), ('write', 0, 'b')]", "size=2"),
    ("[('write', 0, 'a'), ('write', 0, 'b'), ('stack',)]", "size=2, clear_after_read=False"),
    ("[('write', 0, 1)]", "size=1"),
    ("[('write', 0, ['a', 'b']), ('write', 1, ['c']), ('concat',)]", "size=2, infer_shape=False"),
    ("[('write', 0, ['a', 'b']), ('write', 1, ['c'])]", "size=2"),
    ("[('write', 0, ['a', 'b']), ('write', 1, ['c', 'd']), ('stack',), ('size',)]", "size=2"),
    ("[('unstack', ['a', 'b', 'c']), ('gather', [2, 0])]", "size=3"),
    ("[('unstack', ['a', 'b', 'c']), ('gather', [3])]", "size=3"),
    ("[('unstack', ['a', 'b', 'c']), ('size',)]", "size=0, dynamic_size=True"),
    ("[('scatter', [1, 0], ['p', 'q']), ('stack',)]", "size=2"),
    ("[('split', ['a', 'b', 'c'], [1, 2]), ('read', 1)]", "size=2"),
    ("[('split', ['a', 'b', 'c'], [1, 1]), ('read', 1)]", "size=2"),
    ("[('stack',)]", "size=0"),
    ("[('stack',)]", "size=0, element_shape=[2]"),
    ("[('concat',)]", "size=0, element_shape=[None]"),
    ("[('write', 0, ['a']), ('stack',)]", "size=1, element_shape=[2]"),
    ("[('write', 0, 'a'), ('stack',)]", "size=2"),
    ("[('write', 0, 'a'), ('element_shape',)]", "size=1"),
    ("[('write', 5, 'a')]", "size=2"),
    ("[('write', -1, 'a')]", "size=2"),
)
_VMAP = (
    "lambda x: x * 2, tf.constant([[1, 2], [3, 4]])",
    "lambda x: x * 2, RG",
    "lambda x: tf.reduce_sum(x), RG",
    "lambda x: S.length(x), W",
    "lambda x: S.split(x), W",
    "lambda x: S.join([x, x]), W",
    "lambda x: S.upper(x), W",
    "lambda x: tf.ragged.range(x), tf.constant([1, 2])",
    "lambda x: RT.from_tensor(x), tf.constant([[1, 2], [3, 4]])",
    "lambda x: (x, S.length(x)), W",
)
SECTIONS["control17"] = _unique([
    *[f"{f}({c}, {b}, {lv}{', ' + k if k else ''})" for f in ("wl", "twl")
      for c, b, lv, k in _BODIES],
    *[f"e(lambda: tf.cond(tf.constant({p}), {a}, {b}))" for a, b in _COND_BRANCHES
      for p in ("True", "False")],
    *[f"tv(lambda p: tf.cond(p, {a}, {b}), TS([], tf.bool))(P['f'])"
      for a, b in _COND_BRANCHES],
    *[f"tv(lambda i: tf.switch_case(i, [{a}, {b}]), TS([], tf.int32))(tf.constant({i}))"
      for a, b in _COND_BRANCHES[:6] for i in (0, 5)],
    *[f"tv(lambda p: tf.case([(p, {a})], default={b}), TS([], tf.bool))(P['t'])"
      for a, b in _COND_BRANCHES[:6]],
    *[f"{f}({s}, {k})" for f in ("ta", "tta") for s, k in _TA],
    *[f"e(lambda: tf.vectorized_map({x}))" for x in _VMAP],
    *[f"e(lambda: tf.vectorized_map({x}, fallback_to_while_loop=False))" for x in _VMAP[:5]],
    "e(lambda: tf.map_fn(lambda x: S.split(x), W, fn_output_signature=RS([None], tf.string)))",
    "e(lambda: tf.map_fn(lambda x: S.split(x), W, fn_output_signature=RS([None], tf.string, "
    "row_splits_dtype=tf.int32)))",
    "e(lambda: tf.map_fn(lambda x: S.split(x), W, fn_output_signature=RS([None, None], "
    "tf.string, ragged_rank=1)))",
    "e(lambda: tf.map_fn(lambda x: x, RG2, fn_output_signature=RS([None, None], tf.int32, "
    "ragged_rank=1)))",
    "e(lambda: tf.map_fn(lambda x: x.flat_values, RG2, fn_output_signature=RS([None], "
    "tf.int32)))",
    "e(lambda: tf.map_fn(lambda x: x.flat_values, RG2, fn_output_signature=tf.int32))",
    "e(lambda: tf.map_fn(lambda x: S.length(x), S.split(W), fn_output_signature=RS([None], "
    "tf.int32)))",
    "e(lambda: tf.map_fn(lambda x: S.reduce_join(x), S.split(W, ''), "
    "fn_output_signature=tf.string))",
    "e(lambda: tf.map_fn(lambda x: (x, S.length(x)), W, fn_output_signature=(tf.string, "
    "tf.int32)))",
    "tv(lambda p: tf.cond(p, lambda: ST([[0, 0]], [1], [3, 2]), lambda: ST([[1, 1]], [2], "
    "[3, 2])), TS([], tf.bool))(P['f'])",
    "tv(lambda p: tf.cond(p, lambda: ST([[0, 0]], [1], [3, 2]), lambda: ST([[1, 1], [2, 0]], "
    "[2, 3], [3, 2])), TS([], tf.bool))(P['t'])",
    "tv(lambda p: tf.cond(p, lambda: ST([[0, 0]], [1], [3, 2]), lambda: ST([[1]], [2], [3])), "
    "TS([], tf.bool))(P['t'])",
    "tv(lambda p: tf.cond(p, lambda: ST([[0, 0]], ['a'], [3, 2]), lambda: ST([[1, 1]], [2], "
    "[3, 2])), TS([], tf.bool))(P['t'])",
    "tv(lambda i: tf.switch_case(i, [lambda: ST([[0, 0]], ['a'], [2, 2]), lambda: ST([[1, 1]], "
    "['b'], [2, 2])]), TS([], tf.int32))(tf.constant(1))",
    "twl(lambda i, s: i < 2, lambda i, s: (i + 1, SP.map_values(lambda x: x * 2, s)), (0, "
    "ST([[1, 1]], [2], [3, 2])))",
    "twl(lambda i, s: i < 2, lambda i, s: (i + 1, SP.concat(0, [s, s])), (0, ST([[1, 1]], [2], "
    "[3, 2])))",
    "twl(lambda i, s: i < 2, lambda i, s: (i + 1, SP.to_dense(s)), (0, ST([[1, 1]], [2], "
    "[3, 2])))",
    "wl(lambda i, s: i < 2, lambda i, s: (i + 1, SP.map_values(lambda x: x * 2, s)), (0, "
    "ST([[1, 1]], [2], [3, 2])))",
    "e(lambda: tf.nest.flatten(RG2, expand_composites=True))",
    "e(lambda: tf.nest.flatten({'a': RG, 'b': ST([[0]], ['s'], [1])}, expand_composites=True))",
    "e(lambda: tf.nest.map_structure(lambda t: t * 2, RG, expand_composites=True))",
    "e(lambda: tf.nest.assert_same_structure(RG, RG2, expand_composites=True))",
    "e(lambda: tf.nest.assert_same_structure(RG, RG + 1, expand_composites=True))",
    "e(lambda: tf.nest.pack_sequence_as(RG, [tf.constant([7, 8, 9]), tf.constant([0, 1, 1, 3], "
    "tf.int64)], expand_composites=True))",
    "e(lambda: tf.nest.pack_sequence_as(RG, [tf.constant([7, 8, 9])], expand_composites=True))",
    "e(lambda: tf.identity(RG))",
    "e(lambda: tf.stop_gradient(RG))",
    "e(lambda: tf.identity(RG2).shape)",
])

# ---------------------------------------------------------------------------------------
PRELUDES["split17"] = _COMMON + r"""
def sp(s, sep=None, maxsplit=-1):
    return e(lambda: S.split(tf.constant([s]), sep, maxsplit))
def sp0(s, sep=None, maxsplit=-1):
    return e(lambda: S.split(tf.constant(s), sep, maxsplit))
def strip(s):
    return e(lambda: S.strip(tf.constant([s])))
RW = R([['a b', ' c '], [], ['d\te\nf  g']])
"""
_WS = ("' '", "'\\t'", "'\\n'", "'\\r'", "'\\x0b'", "'\\x0c'", "'\\r\\n'", "'\\x1c'", "'\\x1f'",
       "'\\x85'", "'\\xa0'", "'\\u1680'", "'\\u2000'", "'\\u2003'", "'\\u200a'", "'\\u200b'",
       "'\\u2028'", "'\\u2029'", "'\\u202f'", "'\\u205f'", "'\\u3000'", "'\\ufeff'",
       "b'\\xa0'", "b'\\x85'", "b'\\x00'", "'  \\t '")
SECTIONS["split17"] = _unique([
    *[f"sp('a' + {w} + 'b' + {w} + {w} + 'c')" for w in _WS],
    *[f"sp({w} + 'a' + {w} + 'b' + {w}, maxsplit={m})" for w in _WS[:12] for m in (0, 1)],
    *[f"strip({w} + 'a' + {w})" for w in _WS],
    *[f"sp('a  b \\t c', maxsplit={m})" for m in (-2, 0, 1, 2, 3, 9)],
    *[f"sp(' a  b ', sep={s}, maxsplit={m})"
      for s in ("' '", "'  '", "'a'", "b' '") for m in (-1, 0, 1)],
    *[f"sp(b'x\\xffy\\xfez', sep={s})" for s in ("None", "b'\\xff'", "'\\xff'")],
    "sp('a,b,,c', sep='')",
    "sp('abc', sep='')",
    "sp('', sep=',')",
    "sp('', sep=None)",
    "sp('   ', sep=None)",
    "sp('   ', sep=' ')",
    "sp('a\\u00a0b', sep='\\u00a0')",
    "sp('a\\u00a0b', sep=b'\\xc2')",
    "sp('a<>b<>c', sep='<>', maxsplit=1)",
    "sp('a<><>b', sep='<>')",
    "sp0('a b c')",
    "sp0('a b c', maxsplit=1)",
    "sp0([['a b'], ['c']])",
    "sp0([['a b', 'c d e']], sep=' ')",
    "sp0([])",
    "sp0(['a b'], maxsplit=tf.constant(1))",
    "sp0(['a b'], sep=tf.constant(' '))",
    "sp0(['a b'], sep=tf.constant([' ']))",
    "sp0(['a b'], maxsplit=1.5)",
    "e(lambda: S.split(RW))",
    "e(lambda: S.split(RW, maxsplit=1))",
    "e(lambda: S.split(RW, sep=' '))",
    "e(lambda: S.split(RW.with_row_splits_dtype(tf.int32)))",
    "e(lambda: S.split(R([[['a b']], []])))",
    "e(lambda: S.split(RW).row_splits.dtype)",
    "tv(lambda x: S.split(x), TS([None], tf.string))(tf.constant(['a\\u3000b c', '\\x0bd']))",
    "tv(lambda x: S.split(x, maxsplit=1), TS([None, None], tf.string))(tf.constant([['a b c'], "
    "['d']]))",
    "tv(lambda x: S.split(x), TS(None, tf.string))(tf.constant(['a b']))",
    "tv(lambda x: S.split(x), TS([], tf.string))(tf.constant('a\\tb'))",
    "tv(lambda x: S.split(x, ' '), RS([None, None], tf.string))(RW)",
    "tv(lambda x: S.split(x), RS([None, None], tf.string, row_splits_dtype=tf.int32))("
    "RW.with_row_splits_dtype(tf.int32))",
    "tv(lambda x, s: S.split(x, s), TS([None], tf.string), TS([], tf.string))("
    "tf.constant(['a--b']), tf.constant('-'))",
    "tv(lambda x, m: S.split(x, maxsplit=m), TS([None], tf.string), TS([], tf.int32))("
    "tf.constant(['a b c']), tf.constant(1))",
    "e(lambda: S.split(tf.constant(['a b']), sep=None, maxsplit=-1, name='splitter'))",
    "e(lambda: tf.compat.v1.strings.split(['a b', 'c'], sep=' '))",
    "e(lambda: tf.compat.v1.strings.split(['a b', 'c'], result_type='RaggedTensor'))",
    "e(lambda: tf.compat.v1.strings.split(['a b', 'c'], result_type='Dense'))",
    "e(lambda: tf.compat.v1.string_split(['a b', ' c'], delimiter=' ', skip_empty=False))",
    "e(lambda: tf.compat.v1.string_split(['a b', ' c'], delimiter=' '))",
    "e(lambda: tf.compat.v1.string_split(['a-b_c'], delimiter='-_'))",
    "e(lambda: tf.compat.v1.string_split(['a\\u3000b c'], delimiter=''))",
    "e(lambda: tf.compat.v1.string_split(['a\\u3000b c'], delimiter=None))",
    "e(lambda: tf.compat.v1.string_split(['a b'], result_type='RaggedTensor'))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["tables17"] = _COMMON + r"""
MH = L.experimental.MutableHashTable
DH = L.experimental.DenseHashTable
def steps(t, *ops):
    out = []
    for name, *args in ops:
        out.append(e(lambda: getattr(t, name)(*args)))
    return out
def mh(kd, vd, dv, *ops, **k):
    return run(lambda: steps(MH(kd, vd, dv, **k), *ops))
def dh(kd, vd, dv, ek, dk, *ops, **k):
    return run(lambda: steps(DH(kd, vd, dv, empty_key=ek, deleted_key=dk, **k), *ops))
def exported(t):
    k, x = t.export()
    return sorted(zip(v(k)[2], v(x)[2]))
KS = tf.constant(['a', 'b'])
KR = R([['a', 'zz'], [], ['b']])
KSP = ST([[0, 0], [1, 1]], ['b', 'q'], [2, 2])
K2 = tf.constant([['a', 'q'], ['b', 'b']])
VI = tf.constant([[1, 2], [3, 4]], tf.int64)
"""
_MH_OPS = (
    "('insert', KS, VI), ('lookup', tf.constant(['a', 'q', 'b']))",
    "('insert', KS, VI), ('lookup', KR)",
    "('insert', KS, VI), ('lookup', KSP)",
    "('insert', KS, VI), ('lookup', K2)",
    "('insert', KS, VI), ('lookup', tf.constant('a'))",
    "('insert', KS, VI), ('size',), ('remove', tf.constant(['a'])), ('size',), "
    "('lookup', KS)",
    "('insert', KS, tf.constant([1, 2], tf.int64))",
    "('insert', KS, tf.constant([[1, 2, 3], [4, 5, 6]], tf.int64))",
    "('insert', KS, tf.constant([[[1, 2]], [[3, 4]]], tf.int64))",
    "('insert', tf.constant('a'), tf.constant([5, 6], tf.int64)), ('lookup', KS)",
    "('insert', K2, tf.constant([[[1, 2], [3, 4]], [[5, 6], [7, 8]]], tf.int64)), "
    "('lookup', KS)",
    "('insert', KS, VI), ('insert', KS[:1], tf.constant([[9, 9]], tf.int64)), ('lookup', KS)",
    "('import_', KS, VI), ('lookup', KS)",
    "('import_', KS, tf.constant([1, 2], tf.int64))",
    "('insert', KS, tf.constant([[1, 2], [3, 4]], tf.int32))",
    "('lookup', tf.constant([1, 2]))",
)
_DH_OPS = (
    "('insert', tf.constant([1, 5], tf.int64), VI), ('lookup', tf.constant([5, 1, 7], tf.int64))",
    "('insert', tf.constant([1, 5], tf.int64), VI), ('lookup', R([[5], [], [1, 3]], "
    "dtype=tf.int64))",
    "('insert', tf.constant([1, 5], tf.int64), VI), ('remove', tf.constant([1], tf.int64)), "
    "('lookup', tf.constant([1, 5], tf.int64)), ('size',)",
    "('insert', tf.constant([1, 5], tf.int64), tf.constant([1, 2], tf.int64))",
    "('insert', tf.constant([-1], tf.int64), tf.constant([[1, 2]], tf.int64))",
    "('insert', tf.constant([-2], tf.int64), tf.constant([[1, 2]], tf.int64))",
    "('remove', tf.constant([-1], tf.int64))",
    "('insert', tf.constant([1, 2, 3, 4, 5, 6, 7, 8, 9], tf.int64), tf.ones([9, 2], tf.int64)), "
    "('size',), ('lookup', tf.constant([9, 10], tf.int64))",
    "('insert', tf.constant(3, tf.int64), tf.constant([7, 8], tf.int64)), "
    "('lookup', tf.constant([[3], [4]], tf.int64))",
)
SECTIONS["tables17"] = _unique([
    *[f"mh(tf.string, tf.int64, {dv}, {o})" for dv in ("[0, 0]", "tf.constant([-1, -1], tf.int64)")
      for o in _MH_OPS],
    *[f"mh(tf.string, tf.int64, {dv}, ('insert', KS, VI), ('lookup', KS))"
      for dv in ("0", "[0, 0, 0]", "[[0, 0]]", "[]", "tf.constant([0.5, 1.0])")],
    *[f"mh(tf.int64, tf.string, ['?', '!'], {o})" for o in (
        "('insert', tf.constant([3, 4], tf.int64), tf.constant([['a', 'b'], ['c', 'd']])), "
        "('lookup', tf.constant([4, 0], tf.int64))",
        "('insert', tf.constant([3], tf.int64), tf.constant([['a']]))",
        "('insert', tf.constant([3], tf.int64), tf.constant([['a', 'b']])), ('lookup', "
        "R([[3, 3], []], dtype=tf.int64))",
    )],
    *[f"mh(tf.string, tf.float32, [[0.0, 1.0]], {o})" for o in (
        "('insert', KS, tf.constant([[[1.0, 2.0]], [[3.0, 4.0]]])), ('lookup', KS)",
        "('insert', KS, VI)",
        "('insert', KS, tf.constant([[1.0, 2.0], [3.0, 4.0]]))",
    )],
    *[f"dh(tf.int64, tf.int64, {dv}, -1, -2, {o})"
      for dv in ("[-7, -7]", "tf.constant([0, 0], tf.int64)") for o in _DH_OPS],
    *[f"dh(tf.string, tf.int64, [0, 0], '', '$', {o})" for o in (
        "('insert', KS, VI), ('lookup', tf.constant(['b', 'zz']))",
        "('insert', KS, VI), ('lookup', KR)",
        "('insert', tf.constant(['']), tf.constant([[1, 1]], tf.int64))",
        "('insert', KS, VI), ('remove', tf.constant(['b', 'x'])), ('lookup', KS), ('size',)",
    )],
    *[f"dh(tf.int64, tf.string, ['-', '-'], 0, 1, {o})" for o in (
        "('insert', tf.constant([5], tf.int64), tf.constant([['p', 'q']])), ('lookup', "
        "tf.constant([5, 6], tf.int64))",
        "('insert', tf.constant([5], tf.int64), tf.constant([['p']]))",
    )],
    "dh(tf.int64, tf.int64, [0, 0], -1, -1)",
    "dh(tf.int64, tf.int64, [0, 0], -1, -2, initial_num_buckets=3)",
    "dh(tf.int64, tf.int64, [0, 0], tf.constant([-1, -3], tf.int64), -2)",
    "dh(tf.int64, tf.int64, 0, tf.constant([-1, -3], tf.int64), tf.constant([-2, -4], "
    "tf.int64), ('insert', tf.constant([[1, 2]], tf.int64), tf.constant([7], tf.int64)), "
    "('lookup', tf.constant([[1, 2], [2, 1]], tf.int64)))",
    "(lambda t: (t.insert(KS, VI), exported(t)))(MH(tf.string, tf.int64, [0, 0]))[1]",
    "(lambda t: (t.insert(tf.constant([4, 2], tf.int64), VI), exported(t)))(DH(tf.int64, "
    "tf.int64, [0, 0], empty_key=-1, deleted_key=-2, initial_num_buckets=4))[1]",
    "(lambda t: [x.shape.as_list() for x in t.export()])(MH(tf.string, tf.int64, [0, 0]))",
    "(lambda t: [x.shape.as_list() for x in t.export()])(DH(tf.int64, tf.int64, [0, 0], "
    "empty_key=-1, deleted_key=-2, initial_num_buckets=4))",
    "(lambda t: [x.shape.as_list() for x in t.export()])(MH(tf.string, tf.int64, [[0, 0]]))",
    "(lambda t: tv(lambda k: t.lookup(k), TS([None], tf.string))(KS))(MH(tf.string, tf.int64, "
    "[0, 0]))",
    "(lambda t: outs(lambda k: t.lookup(k), TS([None], tf.string)))(MH(tf.string, tf.int64, "
    "[0, 0]))",
    "(lambda t: outs(lambda k: t.lookup(k), RS([None, None], tf.string)))(MH(tf.string, "
    "tf.int64, [0, 0]))",
    "(lambda t: outs(lambda k: t.lookup(k), TS([None], tf.int64)))(DH(tf.int64, tf.int64, "
    "[0, 0], empty_key=-1, deleted_key=-2))",
    "(lambda t: outs(lambda: t.export()))(MH(tf.string, tf.int64, [0, 0]))",
    "run(lambda: (lambda t: outs(lambda: t.export()))(DH(tf.int64, tf.string, ['a', 'b'], "
    "empty_key=-1, deleted_key=-2)))",
    "(lambda t: tv(lambda k, x: t.insert(k, x), TS([None], tf.string), TS([None, 2], tf.int64))("
    "KS, VI))(MH(tf.string, tf.int64, [0, 0]))",
    "(lambda t: tv(lambda k, x: t.insert(k, x), TS([None], tf.string), TS([None, 3], tf.int64))("
    "KS, tf.ones([2, 3], tf.int64)))(MH(tf.string, tf.int64, [0, 0]))",
    "e(lambda: L.StaticHashTable(L.KeyValueTensorInitializer(KS, VI), [0, 0]))",
    "e(lambda: MH(tf.string, tf.int64, [0, 0]).lookup(KS, dynamic_default_values="
    "tf.constant([[7, 7], [8, 8]], tf.int64)))",
    "e(lambda: MH(tf.string, tf.int64, 0).lookup(KS, dynamic_default_values="
    "tf.constant([7, 8], tf.int64)))",
    "e(lambda: MH(tf.string, tf.int64, [0, 0]).lookup(KS, dynamic_default_values="
    "tf.constant([7, 8], tf.int64)))",
    "e(lambda: MH(tf.string, tf.int64, [0, 0]).value_dtype)",
])

# ---------------------------------------------------------------------------------------
PRELUDES["elementwise17"] = _COMMON + r"""
M = tf.math
X = {'f': R([[0.5, -1.5], [], [2.0]]),
     'f2': R([[[0.25], [1.0, -3.0]], [], [[4.0]]]),
     'f32s': R([[0.5, -1.5], [], [2.0]], row_splits_dtype=tf.int32),
     'd': R([[0.5, -1.5], [], [2.0]], dtype=tf.float64),
     'i': R([[3, -4], [], [7]]),
     'i64': R([[3, -4], [], [7]], dtype=tf.int64),
     'u8': R([[3, 250], [], [7]], dtype=tf.uint8),
     'c': R([[1 + 2j, -1j], [], [3 + 0j]]),
     'b': R([[True, False], [], [True]]),
     's': R([['a', 'b'], [], ['c']])}
def q(x):
    # values to 5 significant digits (the kernels' last bits are not the question here)
    if isinstance(x, float):
        return float(f'{x:.5g}') + 0.0
    if isinstance(x, complex):
        return complex(q(x.real), q(x.imag))
    if isinstance(x, (list, tuple)):
        return type(x)(q(y) for y in x)
    return x
def u(op, x, **k):
    return q(e(lambda: op(X[x], **k)))
def bn(op, x, y, **k):
    a = X[x] if isinstance(x, str) else x
    b = X[y] if isinstance(y, str) else y
    return q(e(lambda: op(a, b, **k)))
def tu(op, x):
    t = X[x]
    return q(tv(lambda r: op(r), RS(t.shape, t.dtype, ragged_rank=t.ragged_rank,
                                    row_splits_dtype=t.row_splits.dtype))(t))
"""
_UNARY = ("M.is_finite", "M.is_inf", "M.is_nan", "M.softplus", "M.erf", "M.erfc",
          "M.erfinv", "M.lgamma", "M.special.bessel_i0e", "M.special.bessel_i1e", "M.ceil",
          "M.reciprocal", "M.rsqrt", "M.asinh", "M.acosh", "M.atanh", "M.sinh", "M.cosh",
          "M.expm1", "M.log1p", "M.tanh", "M.negative", "tf.bitwise.invert", "M.logical_not",
          "tf.nn.relu6", "tf.nn.swish", "tf.nn.selu", "M.square", "M.sign", "M.floor",
          "M.reciprocal_no_nan", "M.exp", "M.sin")
_UX = ("f", "f2", "d", "i", "u8", "c", "b", "s")
_BINARY = ("M.floordiv", "M.floormod", "M.igammac",
           "M.polygamma", "M.nextafter", "tf.bitwise.bitwise_or", "tf.bitwise.bitwise_xor",
           "tf.bitwise.left_shift", "tf.bitwise.right_shift", "M.atan2", "M.divide_no_nan",
           "M.logical_xor", "M.not_equal", "M.squared_difference", "M.pow", "M.xdivy")
_BX = (("f", "f"), ("i", "i"), ("i64", "i64"), ("d", "d"), ("f", "i"), ("u8", "u8"),
       ("f", "2.0"), ("i", "tf.constant([[2], [3], [4]])"), ("b", "b"), ("f", "f2"))
_REDUCE = ("M.argmin", "M.reduce_logsumexp", "M.reduce_euclidean_norm", "M.reduce_any",
           "M.reduce_all", "M.cumprod", "M.cumulative_logsumexp", "tf.math.top_k",
           "tf.unique", "tf.searchsorted")
SECTIONS["elementwise17"] = _unique([
    *[f"u({o}, '{x}')" for o in _UNARY for x in _UX],
    *[f"tu({o}, '{x}')" for o in _UNARY[:12] for x in ("f2", "f32s")],
    *[f"bn({o}, {x if x[0] in 't2' else repr(x)}, {y if y[0] in 't2' else repr(y)})"
      for o in _BINARY for x, y in _BX],
    *[f"u({o}, '{x}'{a})" for o in _REDUCE[:5] for x in ("f", "f2", "b", "i")
      for a in ("", ", axis=0", ", axis=1", ", axis=-1")],
    *[f"u({o}, '{x}')" for o in _REDUCE[5:] for x in ("f", "i", "f2")],
    "u(M.argmin, 'f', output_type=tf.int32)",
    "u(M.reduce_any, 'b', axis=1, keepdims=True)",
    "u(M.reduce_euclidean_norm, 'f2', axis=2)",
    "u(M.reduce_euclidean_norm, 'f2', axis=[1, 2])",
    "u(M.reduce_logsumexp, 'f2', axis=(0, 1))",
    "u(M.reduce_logsumexp, 'd', axis=1, keepdims=True)",
    "bn(tf.searchsorted, tf.constant([[1.0, 3.0]]), 'f')",
    "u(tf.nn.log_softmax, 'f')",
    "u(tf.nn.log_softmax, 'f', axis=1)",
    "u(tf.clip_by_norm, 'f', clip_norm=1.0)",
    "u(M.polyval, 'f', x=2.0)",
    "u(tf.nn.l2_normalize, 'f', axis=1)",
    "u(M.bincount, 'i')",
    "u(M.confusion_matrix, 'i', predictions=X['i'])",
    "u(tf.strings.length, 's', unit='UTF8_CHAR')",
    "bn(M.add, 's', 's')",
    "bn(M.maximum, 'c', 'c')",
    "bn(M.igamma, 'f', 'f2')",
    "bn(M.zeta, 'd', 'd')",
    "bn(M.betainc, 'f', 'f')",
    "e(lambda: M.betainc(X['d'], X['d'], X['d']))",
    "e(lambda: M.add_n([X['i'], X['i'], X['i']]))",
    "e(lambda: M.add_n([X['i'], X['i64']]))",
    "e(lambda: M.add_n([X['i'], tf.constant([[1], [1], [1]])]))",
    "e(lambda: M.accumulate_n([X['f'], X['f']]))",
    "e(lambda: tf.clip_by_value(X['i'], 0, 5))",
    "e(lambda: tf.clip_by_value(X['f'], X['f'] * 0, 1.0))",
    "e(lambda: M.scalar_mul(3, X['i']))",
    "e(lambda: M.scalar_mul(2.5, X['f']))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["shape17"] = _COMMON + r"""
DRS = tf.experimental.DynamicRaggedShape
T = {'dense': tf.constant([[1, 2, 3], [4, 5, 6]]),
     'r1': R([[1, 2], [], [3]]),
     'r2': R([[[1], [2, 3]], [], [[4]]]),
     'ri': R([[[1, 2]], [], [[3, 4], [5, 6]]], ragged_rank=1),
     'u': RT.from_uniform_row_length(RT.from_row_lengths(tf.range(6), [1, 2, 0, 3]), 2),
     'r32': R([[1, 2], [], [3]], row_splits_dtype=tf.int32),
     'scalar': tf.constant(5),
     's': R([['a'], ['b', 'c']])}
def sh(name):
    return DRS.from_tensor(T[name])
def at(name, what):
    return run(lambda: v(what(sh(name))))
"""
_TNAMES = ("dense", "r1", "r2", "ri", "u", "r32", "scalar", "s")
_ACCESS = ("lambda s: repr(s)", "lambda s: s.static_lengths()",
           "lambda s: s.static_lengths(ragged_lengths=False)", "lambda s: s.num_row_partitions",
           "lambda s: s.rank", "lambda s: s.inner_shape", "lambda s: s.inner_rank",
           "lambda s: s.dtype", "lambda s: repr(s.with_dtype(tf.int32))",
           "lambda s: [s.is_uniform(i) for i in range(s.rank)]", "lambda s: s[0]",
           "lambda s: s[1]", "lambda s: s[-1]", "lambda s: repr(s[:1])", "lambda s: repr(s[1:])",
           "lambda s: repr(s[:2])", "lambda s: len(s.row_partitions)",
           "lambda s: tf.ones(s)", "lambda s: tf.zeros(s, tf.string)",
           "lambda s: tf.fill(s, 7)")
SECTIONS["shape17"] = _unique([
    *[f"at('{t}', {a})" for t in _TNAMES for a in _ACCESS],
    *[f"e(lambda: repr(tf.shape(T['{t}'])))" for t in _TNAMES],
    *[f"e(lambda: repr(tf.shape(T['{t}'], out_type=tf.int32)))" for t in _TNAMES],
    *[f"e(lambda: tf.broadcast_to(T['{t}'], sh('{s}')))" for t in ("scalar", "r1", "dense")
      for s in ("r1", "r2", "dense", "u")],
    *[f"e(lambda: repr(tf.broadcast_dynamic_shape(sh('{a}'), sh('{b}'))))"
      for a, b in (("r1", "scalar"), ("r1", "r1"), ("r2", "r1"), ("dense", "r1"),
                   ("u", "u"), ("r32", "r1"), ("ri", "r1"), ("dense", "u"))],
    "e(lambda: repr(DRS.from_lengths([2, (1, 2), 3])))",
    "e(lambda: repr(DRS.from_lengths([2, (1, 2)], num_row_partitions=1)))",
    "e(lambda: repr(DRS.from_lengths([3, (1, 2)])))",
    "e(lambda: repr(DRS.from_lengths([(1, 2), 3])))",
    "e(lambda: repr(DRS.from_lengths([])))",
    "e(lambda: repr(DRS.from_lengths([2, 3], num_row_partitions=1)))",
    "e(lambda: repr(DRS.from_lengths([2, 3], num_row_partitions=2)))",
    "e(lambda: repr(DRS.from_lengths([2, (1, 2), (1, 1, 1)], dtype=tf.int32)))",
    "e(lambda: repr(DRS.from_lengths([2, (-1, 2)])))",
    "e(lambda: repr(DRS.from_lengths([2, None])))",
    "e(lambda: tf.reshape(T['r1'], [-1]))",
    "e(lambda: tf.reshape(T['r1'], sh('r1')))",
    "e(lambda: tf.ones(DRS.from_lengths([2, (1, 2)]), tf.int64))",
    "e(lambda: tf.zeros(DRS.from_lengths([2, (1, 2), 2])))",
    "e(lambda: tf.ones_like(T['r2'], tf.float16))",
    "e(lambda: tf.zeros_like(T['s']))",
    "e(lambda: repr(sh('r1').with_dtype(tf.float32)))",
    "e(lambda: sh('r1') == sh('r1'))",
    "tv(lambda x: tf.shape(x).static_lengths(), RS([None, None], tf.int32))(T['r1'])",
    "tv(lambda x: tf.shape(x).static_lengths(), RS([3, None, 2], tf.int32, ragged_rank=1))("
    "T['ri'])",
    "tv(lambda x: tf.shape(x)[0], RS([None, None], tf.int32))(T['r1'])",
    "tv(lambda x: tf.shape(x)[1], RS([None, None], tf.int32))(T['r1'])",
    "tv(lambda x: tf.shape(x)[2], RS([None, None, 2], tf.int32, ragged_rank=1))(T['ri'])",
    "tv(lambda x: tf.ones(tf.shape(x)), RS([None, None, None], tf.int32))(T['r2'])",
    "tv(lambda x: tf.broadcast_to(3, tf.shape(x)), RS([None, None], tf.int32, "
    "row_splits_dtype=tf.int32))(T['r32'])",
    "outs(lambda x: tf.ones(tf.shape(x)), RS([None, None, None], tf.int32))",
    "outs(lambda x: tf.shape(x).inner_shape, RS([None, None, 2], tf.int32, ragged_rank=1))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["index17"] = _COMMON + r"""
P = {'r1': R([[1, 2, 3], [], [4, 5]]),
     'r2': R([[[1, 2], [3]], [], [[4], [5, 6, 7]]]),
     'r2s': R([[[1, 2], [3]], [], [[4], [5, 6, 7]]], row_splits_dtype=tf.int32),
     'u': RT.from_uniform_row_length(R([[1], [2, 3], [], [4], [5, 6], [7]]), 2),
     'ri': R([[[1, 2]], [], [[3, 4], [5, 6]]], ragged_rank=1),
     'd': tf.constant([[1, 2, 3], [4, 5, 6], [7, 8, 9]]),
     's': R([['a', 'b'], [], ['c']])}
def ga(p, i, **k):
    return e(lambda: tf.gather(P[p], i, **k))
def gnd(p, i, **k):
    return e(lambda: tf.gather_nd(P[p], i, **k))
def bm(p, m, **k):
    return e(lambda: tf.boolean_mask(P[p], m, **k))
def spec(p):
    t = P[p]
    if isinstance(t, RT):
        return RS(t.shape, t.dtype, ragged_rank=t.ragged_rank,
                  row_splits_dtype=t.row_splits.dtype)
    return TS(t.shape, t.dtype)
def loose(p):
    # the spec with every dimension unknown but the uniform ones
    t = P[p]
    if not isinstance(t, RT):
        return TS([None] * t.shape.rank, t.dtype)
    dims = [None if d is None or k == 0 else d for k, d in enumerate(t.shape.as_list())]
    return RS(dims, t.dtype, ragged_rank=t.ragged_rank, row_splits_dtype=t.row_splits.dtype)
"""
_IX_P = ("r1", "r2", "r2s", "u", "ri", "d", "s")
_GATHER = (("[2, 0]", ""), ("[2, 0]", "axis=1"), ("R([[0], [], [1, 0]])", ""),
           ("R([[0], [], [1, 0]])", "batch_dims=1"), ("tf.constant([[0], [0], [1]])",
                                                      "batch_dims=1"),
           ("tf.constant([[0], [0], [1]])", "batch_dims=-1"),
           ("[[0, 1], [1, 0], [0, 0]]", "batch_dims=1, axis=1"), ("[0, -1]", ""), ("[3]", ""),
           ("R([[[0]], [], [[1], [0]]])", "batch_dims=2"), ("[[1]]", "batch_dims=2"),
           ("tf.constant([1], tf.int64)", "axis=-1"))
_GND = (("[[0, 1]]", ""), ("[[2], [0]]", ""), ("[[0, 0, 1]]", ""),
        ("R([[[0]], [], [[1]]])", "batch_dims=1"), ("tf.constant([[0], [0], [1]])",
                                                     "batch_dims=1"),
        ("[[1, 5]]", ""), ("[[]]", ""), ("R([[[0, 1]], [], [[1, 0]]])", ""))
_MASKS = (("[True, False, True]", ""), ("R([[True, False, True], [], [False, True]])", ""),
          ("[[True], [False], [True]]", ""), ("[True, False]", ""),
          ("R([[True, False], [], [False, True]])", "axis=1"))
_JOIN = ("tf.concat([P['r1'], P['r2']], 0)", "tf.concat([P['r1'], P['d']], 0)",
         "tf.concat([P['r1'], P['d']], 1)", "tf.concat([P['r2'], P['u']], 0)",
         "tf.concat([P['r2'], P['u']], 1)", "tf.concat([P['r2'], P['r2s']], 0)",
         "tf.concat([P['r2'], P['ri']], 0)", "tf.concat([P['ri'], P['ri']], 2)",
         "tf.concat([P['u'], P['u']], 1)", "tf.concat([P['u'], P['u']], 2)",
         "tf.concat([P['r2'], P['r2']], 2)", "tf.concat([P['r2'], P['r2']], -1)",
         "tf.concat([P['r1'], P['s']], 0)", "tf.concat([P['r1']], 1)",
         "tf.stack([P['r1'], P['d']], 0)", "tf.stack([P['r1'], P['d']], 1)",
         "tf.stack([P['r1'], P['r1']], 2)", "tf.stack([P['r2'], P['r2']], 2)",
         "tf.stack([P['r2'], P['u']], 0)", "tf.stack([P['u'], P['u']], 1)",
         "tf.stack([P['ri'], P['r2']], 0)", "tf.stack([P['r2'], P['r2s']], 0)",
         "tf.stack([P['r1']], -1)", "tf.ragged.stack([P['r1'], P['d']], 1)",
         "tf.ragged.stack([P['u'], P['r2']])", "tf.ragged.stack([P['ri'], P['u']], 1)",
         "tf.ragged.stack([P['s'], P['s']], 2)")
SECTIONS["index17"] = _unique([
    *[f"ga('{p}', {i}{', ' + k if k else ''})" for p in _IX_P for i, k in _GATHER],
    *[f"gnd('{p}', {i}{', ' + k if k else ''})" for p in _IX_P for i, k in _GND],
    *[f"bm('{p}', {m}{', ' + k if k else ''})" for p in _IX_P for m, k in _MASKS],
    *[f"e(lambda: {j})" for j in _JOIN],
    *[f"tv(lambda x: tf.gather(x, [2, 0]), loose('{p}'))(P['{p}'])" for p in _IX_P],
    *[f"tv(lambda x, i: tf.gather(x, i, batch_dims=1), loose('{p}'), TS([None, None], "
      f"tf.int32))(P['{p}'], tf.constant([[0], [0], [1]]))" for p in _IX_P],
    *[f"tv(lambda x: tf.gather_nd(x, [[2, 1]]), loose('{p}'))(P['{p}'])" for p in _IX_P],
    *[f"tv(lambda x, m: tf.boolean_mask(x, m), loose('{p}'), TS([None], tf.bool))(P['{p}'], "
      f"tf.constant([True, False, True]))" for p in _IX_P],
    *[f"tv(lambda x: tf.concat([x, x], {a}), loose('{p}'))(P['{p}'])" for p in _IX_P
      for a in (0, 1)],
    *[f"tv(lambda x: tf.stack([x, x], 1), loose('{p}'))(P['{p}'])" for p in _IX_P],
    *[f"outs(lambda x: tf.gather(x, [2, 0], axis=1), spec('{p}'))" for p in _IX_P],
    *[f"outs(lambda x: tf.concat([x, x], 1), spec('{p}'))" for p in _IX_P],
    "tv(lambda x, y: tf.concat([x, y], 0), RS([None, None, None], tf.int32, "
    "row_splits_dtype=tf.int32), RS([None, 2, None], tf.int32, ragged_rank=2, "
    "row_splits_dtype=tf.int32))(P['r2s'], RT.from_uniform_row_length(R([[1], [2]], "
    "row_splits_dtype=tf.int32), 2))",
    "tv(lambda x, y: tf.stack([x, y], 0), RS([3, None], tf.int32), TS([3, 3], tf.int32))("
    "P['r1'], P['d'])",
])

# ---------------------------------------------------------------------------------------
PRELUDES["strings17"] = _COMMON + r"""
X = {'r1': R([['a', 'b', 'c'], [], ['d']]),
     'r2': R([[['a', 'b'], ['c']], [], [['d', 'e', 'f']]]),
     'r2s': R([[['a', 'b'], ['c']], [], [['d', 'e', 'f']]], row_splits_dtype=tf.int32),
     'u': RT.from_uniform_row_length(R([['a'], ['b', 'c'], [], ['d']]), 2),
     'd': tf.constant([['a', 'b'], ['c', 'd']]),
     'v': tf.constant(['h\u00e9', 'c d', ''])}
CP = {'r': R([[104, 105], [], [0x1F600, 97]]),
      'r2': R([[[104], [105, 0x3b1]], [], [[0x1F600]]]),
      'bad': R([[104, 0x110000], [0xD800, -1]]),
      'd': tf.constant([[65, 66], [0x430, 0x5d0]])}
def ng(x, w, **k):
    return e(lambda: S.ngrams(X[x], w, **k))
def enc(c, enc, **k):
    return e(lambda: S.unicode_encode(CP[c], enc, **k))
TB = L.StaticVocabularyTable(L.KeyValueTensorInitializer(['a', 'b'], [0, 1], tf.string,
                                                         tf.int64), 3)
TI = L.StaticVocabularyTable(L.KeyValueTensorInitializer(tf.constant([10, 20], tf.int64),
                                                         tf.constant([0, 1], tf.int64)), 2)
"""
_SX = ("r1", "r2", "r2s", "u", "d", "v")
_NG = (("2", ""), ("3", ""), ("2", "separator='-'"), ("2", "pad_values=('<', '>')"),
       ("3", "pad_values='#', padding_width=1"), ("4", "preserve_short_sequences=True"),
       ("(1, 2)", ""), ("2", "pad_values=('<', '>'), padding_width=2"), ("0", ""),
       ("2", "padding_width=1"), ("4", "pad_values='#', preserve_short_sequences=True"),
       ("[1, 3]", "separator=''"))
SECTIONS["strings17"] = _unique([
    *[f"ng('{x}', {w}{', ' + k if k else ''})" for x in _SX for w, k in _NG],
    *[f"e(lambda: S.{f}(X['{x}']))" for x in _SX for f in ("bytes_split", "unicode_split")],
    *[f"e(lambda: S.unicode_split(X['{x}'], 'UTF-8', errors='{m}'))" for x in ("r2s", "u")
      for m in ("ignore", "strict")],
    *[f"enc('{c}', '{o}'{k})" for c in ("r", "r2", "bad", "d")
      for o in ("UTF-8", "UTF-16-BE", "UTF-32-BE")
      for k in ("", ", errors='ignore'", ", errors='strict'", ", replacement_char=63")],
    "enc('r', 'UTF-16-LE')",
    "enc('r', 'utf-8')",
    "enc('bad', 'UTF-8', errors='replace', replacement_char=-5)",
    "e(lambda: S.unicode_encode(tf.constant([104, 105]), 'UTF-8'))",
    "e(lambda: S.unicode_encode(tf.constant(104), 'UTF-8'))",
    "e(lambda: S.unicode_encode(tf.constant([104.0]), 'UTF-8'))",
    "e(lambda: S.unicode_encode(tf.constant([[[104]]], tf.int64), 'UTF-8'))",
    *[f"e(lambda: S.unicode_script({c}))" for c in (
        "tf.constant([65, 0x3b1, 0x430, 0x5d0, 0x627, 0x4e00, -1, 0x110000])",
        "CP['r']", "CP['r2']", "tf.constant(0x3042)", "tf.constant([[0x0e01], [0x10a0]])",
        "tf.constant([65], tf.int64)", "tf.constant([0x300, 0x1f600, 0xfeff, 0x20])")],
    *[f"e(lambda: TB.lookup({k}))" for k in (
        "X['r1']", "X['r2']", "X['r2s']", "X['u']", "X['d']", "X['v']",
        "ST([[0, 0], [1, 2]], ['a', 'zz'], [2, 3])", "tf.constant('b')")],
    *[f"e(lambda: TI.lookup({k}))" for k in (
        "tf.constant([10, 30, -5], tf.int64)", "R([[20], [], [7, 10]], dtype=tf.int64)",
        "tf.constant([10])", "tf.constant(['10'])")],
    "e(lambda: L.StaticVocabularyTable(L.KeyValueTensorInitializer(['a'], [5]), 1))",
    "e(lambda: L.StaticVocabularyTable(L.KeyValueTensorInitializer(['a'], [0]), -1))",
    "e(lambda: L.StaticVocabularyTable(L.KeyValueTensorInitializer(['a'], [0], tf.string, "
    "tf.int32), 1))",
    "e(lambda: L.StaticVocabularyTable(L.KeyValueTensorInitializer(tf.constant([1]), "
    "tf.constant([0], tf.int64)), 1).lookup(tf.constant([1, 2])))",
    "e(lambda: TB.size())",
    "e(lambda: TI.size())",
    "e(lambda: [TB.key_dtype, TB.value_dtype, TI.key_dtype])",
    *[f"tv(lambda x: S.ngrams(x, 2, pad_values=('<', '>')), RS([None, None, None], tf.string"
      f"{s}))(X['{x}'])" for x, s in (("r2", ""), ("r2s", ", row_splits_dtype=tf.int32"))],
    "tv(lambda x: S.ngrams(x, 2), RS([None, 2, None], tf.string, ragged_rank=2))(X['u'])",
    "tv(lambda x: S.ngrams(x, 3, preserve_short_sequences=True), TS([None, None], "
    "tf.string))(X['d'])",
    "tv(lambda x: TB.lookup(x), RS([None, None, None], tf.string, row_splits_dtype=tf.int32))("
    "X['r2s'])",
    "tv(lambda x: S.unicode_encode(x, 'UTF-8'), RS([None, None, None], tf.int32))(CP['r2'])",
    "tv(lambda x: S.unicode_script(x), RS([None, None], tf.int32))(CP['r'])",
    "tv(lambda x: S.bytes_split(x), RS([None, 2, None], tf.string, ragged_rank=2))(X['u'])",
])
