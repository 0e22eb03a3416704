"""text15's probes: grids over what the earlier rounds did not cross. tf.lookup's tables
(StaticHashTable, StaticVocabularyTable, MutableHashTable, DenseHashTable) built from
KeyValueTensorInitializer and TextFileInitializer over every key and value dtype pairing,
their defaults of the wrong dtype, keys of the wrong dtype, ragged and sparse keys,
num_oov_buckets, and export/import/insert/remove/size; tf.function with RaggedTensorSpec
input signatures (ragged_rank, row_splits_dtype int32) and the arguments they refuse;
tf.map_fn and tf.vectorized_map over ragged tensors by fn_output_signature; ragged
concat/stack/gather/gather_nd/where of mixed ranks; RaggedTensor factories' validation,
traced; tf.strings' split, ngrams and reduce_join by separator and padding,
unicode_split_with_offsets, hash buckets; tf.sparse's ops over strings. Each section runs in
its own environment (its prelude), its expressions in order. record_text15.py records what
TF 2.21 answers in text15_golden.json; test_text15_vs_tf.py compares."""

from tests.ragged.golden_text13 import _COMMON

PRELUDES = {}
SECTIONS = {}


def _unique(exprs: list) -> list:
    return list(dict.fromkeys(exprs))


# ---------------------------------------------------------------------------------------
PRELUDES["lookup_dtypes15"] = _COMMON + r"""
def kv(k, v, **kw):
    return L.KeyValueTensorInitializer(k, v, **kw)
KEYS = {'string': ['a', 'b', 'c'], 'int32': tf.constant([1, 2, 3], tf.int32),
        'int64': tf.constant([1, 2, 3], tf.int64), 'float32': tf.constant([1., 2., 3.]),
        'float64': tf.constant([1., 2., 3.], tf.float64), 'bool': [True, False, True],
        'int16': tf.constant([1, 2, 3], tf.int16)}
PROBE = {'string': tf.constant(['b', 'zz']), 'int32': tf.constant([2, 9], tf.int32),
         'int64': tf.constant([2, 9], tf.int64), 'float32': tf.constant([2., 9.]),
         'float64': tf.constant([2., 9.], tf.float64), 'bool': tf.constant([False]),
         'int16': tf.constant([2, 9], tf.int16)}
VALS = {'string': ['x', 'y', 'z'], 'int32': tf.constant([10, 20, 30], tf.int32),
        'int64': tf.constant([10, 20, 30], tf.int64), 'float32': tf.constant([.5, 1.5, 2.5]),
        'float64': tf.constant([.5, 1.5, 2.5], tf.float64), 'bool': [True, False, True],
        'float16': tf.constant([.5, 1.5, 2.5], tf.float16),
        'int8': tf.constant([1, 2, 3], tf.int8)}
DEFS = {'string': 'q', 'int32': tf.constant(-1, tf.int32), 'int64': tf.constant(-1, tf.int64),
        'float32': tf.constant(-1.5), 'float64': tf.constant(-1.5, tf.float64),
        'bool': False, 'pyint': -1, 'pyfloat': -1.5, 'vector': tf.constant([-1, -1]),
        'float16': tf.constant(-1.5, tf.float16), 'int8': tf.constant(-1, tf.int8)}
def sht(k, val, d, probe=None):
    t = run(lambda: L.StaticHashTable(kv(KEYS[k], VALS[val]), DEFS[d]))
    if isinstance(t, str):
        return t
    return (t.key_dtype.name, t.value_dtype.name, e(lambda: t.lookup(PROBE[probe or k])))
def write(name, text):
    path = os.path.join(TMP, name)
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text)
    return path
cols = write('cols15.txt', 'a\t1\t1.5\ttrue\nb\t2\t-2.5\tfalse\nc\t-3\t1e3\t1\n')
KCOLS = {'s0': (tf.string, 0), 's1': (tf.string, 1), 'i64': (tf.int64, 1), 'i32': (tf.int32, 1),
         'i64s': (tf.int64, 0), 'f32': (tf.float32, 2), 'whole': (tf.string, -2),
         'line64': (tf.int64, -1), 'line32': (tf.int32, -1)}
KPROBE = {'s0': tf.constant(['b', 'q']), 's1': tf.constant(['2', 'q']),
          'i64': tf.constant([2, 7], tf.int64), 'i32': tf.constant([2, 7], tf.int32),
          'i64s': tf.constant([2, 7], tf.int64), 'f32': tf.constant([1.5]),
          'whole': tf.constant(['b\t2\t-2.5\tfalse', 'q']),
          'line64': tf.constant([1, 7], tf.int64), 'line32': tf.constant([1, 7], tf.int32)}
VCOLS = {'s0': (tf.string, 0, '?'), 'i64': (tf.int64, 1, -1), 'i32': (tf.int32, 1, -1),
         'f32': (tf.float32, 2, -1.), 'f64': (tf.float64, 2, -1.), 'i64f': (tf.int64, 2, -1),
         'f32i': (tf.float32, 1, -1.), 'bool': (tf.bool, 3, False),
         'line': (tf.int64, -1, -1), 'whole': (tf.string, -2, '?')}
def tfi(k, val, **kw):
    kt, kc = KCOLS[k]
    vt, vc, d = VCOLS[val]
    t = run(lambda: L.StaticHashTable(L.TextFileInitializer(cols, kt, kc, vt, vc, **kw), d))
    if isinstance(t, str):
        return t
    return e(lambda: t.lookup(KPROBE[k]))
def mut(k, val, d=None):
    m = run(lambda: L.experimental.MutableHashTable(KEYS[k].dtype if hasattr(KEYS[k], 'dtype')
            else tf.constant(KEYS[k]).dtype, tf.constant(VALS[val]).dtype,
            DEFS[d or ('pyint' if val == 'int8' else val)]))
    if isinstance(m, str):
        return m
    out = run(lambda: (m.insert(KEYS[k], VALS[val]), m.lookup(PROBE[k]))[1])
    return e(lambda: out) if not isinstance(out, str) else out
DKEYS = {'int64': (tf.int64, 0, -1), 'int32': (tf.int32, 0, -1), 'string': (tf.string, '', '<d>'),
         'float32': (tf.float32, 0., -1.), 'float64': (tf.float64, 0., -1.)}
def dense(k, val, d=None):
    kt, ek, dk = DKEYS[k]
    t = run(lambda: L.experimental.DenseHashTable(kt, tf.constant(VALS[val]).dtype,
            DEFS[d or val], empty_key=ek, deleted_key=dk))
    if isinstance(t, str):
        return t
    out = run(lambda: (t.insert(KEYS[k], VALS[val]), t.lookup(PROBE[k]))[1])
    return e(lambda: out) if not isinstance(out, str) else out
"""
_KT = ("string", "int32", "int64", "float32", "float64", "bool", "int16")
_VT = ("string", "int32", "int64", "float32", "float64", "bool", "float16", "int8")
_KCOLS = ("s0", "s1", "i64", "i32", "i64s", "f32", "whole", "line64", "line32")
_VCOLS = ("s0", "i64", "i32", "f32", "f64", "i64f", "f32i", "bool", "line", "whole")
SECTIONS["lookup_dtypes15"] = _unique([
    # StaticHashTable: every key dtype by every value dtype, its own default and two others
    *[f"sht('{k}', '{v}', '{d}')" for k in _KT for v in _VT
      for d in _unique([v if v != "int8" else "pyint", "pyint", "string"])],
    *[f"sht('{k}', 'int64', 'int64', '{p}')" for k in _KT for p in _KT if p != k],
    *[f"sht('string', '{v}', '{d}')" for v in ("int32", "int64", "float32", "float64")
      for d in ("int32", "int64", "float32", "float64", "pyfloat", "vector", "bool")],
    # TextFileInitializer: key column and dtype by value column and dtype
    *[f"tfi('{k}', '{v}')" for k in _KCOLS for v in _VCOLS],
    "tfi('s0', 'i64', delimiter=' ')",
    "tfi('s0', 'i64', delimiter='\\t', vocab_size=2)",
    "tfi('line64', 's0', value_index_offset=5)",
    "tfi('s0', 'line', vocab_size=1)",
    # MutableHashTable and DenseHashTable by key and value dtype
    *[f"mut('{k}', '{v}')" for k in ("string", "int32", "int64", "float32", "float64", "bool")
      for v in ("string", "int32", "int64", "float32", "float64", "bool", "float16")],
    *[f"mut('string', '{v}', '{d}')" for v in ("int64", "float32", "string")
      for d in ("string", "int32", "pyfloat", "float64", "bool")],
    *[f"dense('{k}', '{v}')" for k in ("int64", "int32", "string", "float32", "float64")
      for v in ("int32", "int64", "float32", "float64", "bool", "string")],
    *[f"dense('int64', '{v}', '{d}')" for v in ("int64", "float32")
      for d in ("string", "int32", "pyfloat", "float64")],
])

# ---------------------------------------------------------------------------------------
PRELUDES["lookup_ops15"] = _COMMON + r"""
def kv(k, v, **kw):
    return L.KeyValueTensorInitializer(k, v, **kw)
def exported(t):
    k, val = t.export()
    return sorted(zip(np.asarray(k.numpy()).tolist(), np.asarray(val.numpy()).tolist()))
KEYS = {'dense': tf.constant([['a', 'q'], ['c', '']]),
        'ragged': R([['a', 'zz'], [], ['c']]),
        'ragged2': R([[['a'], ['b', 'x']], [], [['c']]]),
        'sparse': ST([[0, 0], [1, 2], [2, 1]], ['b', 'nope', 'a'], [3, 3]),
        'scalar': tf.constant('c'), 'empty': tf.constant([], tf.string),
        'uniform': RT.from_tensor(tf.constant([['a', 'b'], ['c', 'd']]), ragged_rank=1),
        'rs32': RT.from_row_splits(tf.constant(['a', 'b', 'w']), tf.constant([0, 1, 3],
                                                                           tf.int32))}
def tables():
    s = L.StaticHashTable(kv(['a', 'b', 'c'], tf.constant([1, 2, 3], tf.int64)), -1)
    v = L.StaticVocabularyTable(kv(['a', 'b', 'c'], tf.constant([0, 1, 2], tf.int64)), 3)
    m = L.experimental.MutableHashTable(tf.string, tf.int64, -1)
    m.insert(['a', 'b', 'c'], tf.constant([1, 2, 3], tf.int64))
    d = L.experimental.DenseHashTable(tf.string, tf.int64, -1, empty_key='', deleted_key='<d>')
    d.insert(['a', 'b', 'c'], tf.constant([1, 2, 3], tf.int64))
    return {'static': s, 'vocab': v, 'mutable': m, 'dense': d}
T = tables()
def lk(t, key):
    return e(lambda: T[t].lookup(KEYS[key]))
def svt(n, keys=None, **kw):
    t = run(lambda: L.StaticVocabularyTable(kv(keys if keys is not None else ['a', 'b'],
            tf.constant([0, 1], tf.int64)), n, **kw))
    if isinstance(t, str):
        return t
    probe = tf.constant(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', '']) if keys is None else (
        tf.constant([1, 2, 3, 4, 5, 6, -7], keys.dtype))
    return (e(lambda: t.lookup(probe)), e(t.size))
def fresh(kind, **kw):
    if kind == 'mutable':
        return L.experimental.MutableHashTable(tf.string, tf.int64, -1, **kw)
    return L.experimental.DenseHashTable(tf.string, tf.int64, -1, empty_key='',
                                         deleted_key='<d>', **kw)
def steps(t, *ops):
    # each (method, args...) in order: every answer, or stop at the first error
    out = []
    for name, *args in ops:
        r = run(getattr(t, name), *args)
        out.append(r if isinstance(r, str) else v(r) if not isinstance(r, tf.Operation)
                   and r is not None else 'op')
        if isinstance(r, str):
            break
    return out
K2 = tf.constant(['p', 'r'])
V2 = tf.constant([7, 8], tf.int64)
"""
_KEYS = ("dense", "ragged", "ragged2", "sparse", "scalar", "empty", "uniform", "rs32")
_OPS = {
    "ins": "('insert', K2, V2)",
    "ins32": "('insert', K2, tf.constant([7, 8], tf.int32))",
    "insf": "('insert', K2, tf.constant([7., 8.]))",
    "ins_short": "('insert', K2, tf.constant([7], tf.int64))",
    "ins2d": "('insert', tf.constant([['p'], ['r']]), tf.constant([[7], [8]], tf.int64))",
    "ins_int": "('insert', tf.constant([1, 2]), V2)",
    "ins_py": "('insert', ['s', 't'], [5, 6])",
    "iaa": "('insert_or_assign', K2, V2)",
    "rm": "('remove', tf.constant(['a', 'zz']))",
    "rm_int": "('remove', tf.constant([1]))",
    "rm2d": "('remove', tf.constant([['a'], ['b']]))",
    "erase": "('erase', tf.constant(['a']))",
    "size": "('size',)",
    "lk": "('lookup', tf.constant(['a', 'p', 'zz']))",
    "imp": "('import_', K2, V2)",
    "imp_bad": "('import_', K2, tf.constant([7], tf.int64))",
    "imp_2d": "('import_', tf.constant([['p', 'r']]), tf.constant([[7, 8]], tf.int64))",
    "exp": "('export',)",
}
_SEQS = (("ins", "lk", "size"), ("ins32",), ("insf",), ("ins_short",), ("ins2d", "lk", "size"),
         ("ins_int",), ("ins_py", "size"), ("iaa", "iaa", "size"), ("rm", "size"), ("rm_int",),
         ("rm2d", "size"), ("erase", "size"), ("ins", "rm", "lk"), ("imp", "size", "lk"),
         ("imp_bad",), ("imp_2d", "size"), ("size", "rm", "size"), ("ins", "erase", "size"))
SECTIONS["lookup_ops15"] = _unique([
    # each table's lookup of dense, ragged and sparse keys
    *[f"lk('{t}', '{k}')" for t in ("static", "vocab", "mutable", "dense") for k in _KEYS],
    # num_oov_buckets, lookup_key_dtype, integer vocabularies
    *[f"svt({n})" for n in (0, 1, 2, 5, 10, -1, 2.0, "tf.constant(2)", "None", "'3'")],
    *[f"svt({n}, tf.constant([1, 5], tf.{d}))" for n in (0, 1, 4) for d in ("int64", "int32")],
    "svt(2, tf.constant([1, 5], tf.int64), lookup_key_dtype=tf.int32)",
    "svt(2, tf.constant([1, 5], tf.int32), lookup_key_dtype=tf.int64)",
    "svt(2, lookup_key_dtype=tf.string)",
    "svt(2, lookup_key_dtype=tf.int64)",
    "svt(2, experimental_is_anonymous=True)",
    "svt(2, name='vocab15')",
    # insert/remove/import/export/size in sequences, per mutable kind
    *[f"steps(fresh('{kind}'), {', '.join(_OPS[o] for o in seq)})"
      for kind in ("mutable", "dense") for seq in _SEQS],
    # the static tables' missing methods
    *[f"steps(T['{t}'], {_OPS[o]})" for t in ("static", "vocab")
      for o in ("ins", "rm", "imp", "exp", "size", "erase")],
    "[x.dtype.name for x in T['static'].export()]",
    "(lambda m: (m.insert(K2, V2), exported(m)))(fresh('mutable'))[1]",
    "(lambda m: (m.insert(K2, V2), m.remove(tf.constant(['p'])), exported(m)))("
    "fresh('mutable'))[2]",
    "(lambda m: (m.insert(K2, V2), exported(m)))(fresh('dense', initial_num_buckets=2))[1]",
    "(lambda m: [x.shape.as_list() for x in m.export()])(fresh('dense', initial_num_buckets=16))",
    "(lambda m: (m.import_(*T['mutable'].export()), exported(m)))(fresh('mutable'))[1]",
    "(lambda d: (d.import_(*T['dense'].export()), v(d.size())))(fresh('dense', "
    "initial_num_buckets=4))[1]",
    "(lambda d: run(d.import_, *T['dense'].export()))(fresh('dense', initial_num_buckets=64))",
    # the tables inside tf.function: ragged and sparse keys, mutation
    *[f"tv(lambda x: T['{t}'].lookup(x), {spec})(KEYS['{k}'])"
      for t in ("static", "vocab", "mutable", "dense")
      for k, spec in (("ragged", "RS([None, None], tf.string)"),
                      ("ragged2", "RS([None, None, None], tf.string)"),
                      ("sparse", "SS([None, None], tf.string)"),
                      ("rs32", "RS([None, None], tf.string, row_splits_dtype=tf.int32)"),
                      ("dense", "TS(None, tf.string)"))],
    "(lambda m: tv(lambda k, x: (m.insert(k, x), m.size())[1], TS([None], tf.string), "
    "TS([None], tf.int64))(K2, V2))(fresh('mutable'))",
    "(lambda m: tv(lambda k: (m.remove(k), m.size())[1], TS([None], tf.string))("
    "tf.constant(['q'])))(fresh('mutable'))",
    "(lambda m: tv(lambda k, x: m.import_(k, x), TS([None], tf.string), TS([None], "
    "tf.int64))(K2, tf.constant([1], tf.int64)))(fresh('mutable'))",
    "(lambda d: tv(lambda k, x: (d.insert_or_assign(k, x), d.lookup(k))[1], TS([None], "
    "tf.string), TS([None], tf.int64))(K2, V2))(fresh('dense'))",
    "(lambda d: tv(lambda k: (d.erase(k), d.size())[1], TS([None], tf.string))("
    "tf.constant(['<d>'])))(fresh('dense'))",
    "tv(lambda x: T['static'].lookup(x), TS([None], tf.int64))(tf.constant([1], tf.int64))",
    "tv(lambda x: T['vocab'].lookup(x), RS([None, None], tf.int32))(R([[1]]))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["ragged_specs15"] = _COMMON + r"""
r2 = R([[1, 2], [], [3, 4, 5]])
r2s = R([[1, 2], [], [3, 4, 5]], row_splits_dtype=tf.int32)
r3 = R([[[1, 2], [3]], [], [[4, 5, 6]]])
r3s = R([[[1, 2], [3]], [], [[4, 5, 6]]], row_splits_dtype=tf.int32)
u3 = R([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
u3s = R([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1, row_splits_dtype=tf.int32)
f2 = R([[1.5], [2.5, -1.0]])
ARGS = {'r2': r2, 'r2s': r2s, 'r3': r3, 'r3s': r3s, 'u3': u3, 'u3s': u3s, 'f2': f2,
        'dense': tf.constant([[1, 2], [3, 4]]), 'list': [[1, 2], [3]]}
SPECS = {
    'i2': RS([None, None], tf.int32),
    'i2s': RS([None, None], tf.int32, row_splits_dtype=tf.int32),
    'i3': RS([None, None, None], tf.int32),
    'i3s': RS([None, None, None], tf.int32, row_splits_dtype=tf.int32),
    'i3r1': RS([None, None, 2], tf.int32, ragged_rank=1),
    'i3r1s': RS([None, None, 2], tf.int32, ragged_rank=1, row_splits_dtype=tf.int32),
    'i3r1n': RS([None, None, None], tf.int32, ragged_rank=1),
    'b3': RS([3, None], tf.int32),
    'f2': RS([None, None], tf.float32),
}
FNS = {
    'id': lambda x: x,
    'splits': lambda x: x.row_splits,
    'lengths': lambda x: x.row_lengths(),
    'nrows': lambda x: x.nrows(),
    'values': lambda x: x.values,
    'flat': lambda x: x.flat_values,
    'add': lambda x: x + 1,
    'sum1': lambda x: tf.reduce_sum(x, axis=1),
    'dense': lambda x: x.to_tensor(),
    'slice': lambda x: x[1:],
    'col0': lambda x: x[:, :1],
    'shape': lambda x: tf.shape(x),
    'bshape': lambda x: x.bounding_shape(),
    'rowids': lambda x: x.value_rowids(),
    'nested': lambda x: x.nested_row_lengths(),
    'cast64': lambda x: x.with_row_splits_dtype(tf.int64),
    'mapflat': lambda x: tf.ragged.map_flat_values(tf.multiply, x, 2),
    'sparse': lambda x: x.to_sparse(),
}
def sig(spec, fn, arg):
    return tv(FNS[fn], SPECS[spec])(ARGS[arg])
def sigout(spec, fn):
    return outs(FNS[fn], SPECS[spec])
def mfn(fn, x, **k):
    return e(lambda: tf.map_fn(fn, x, **k))
def tmfn(fn, spec, x, **k):
    return tv(lambda y: tf.map_fn(fn, y, **k), spec)(x)
def vmap(fn, x, **k):
    # (an error's first line: TF's pfor errors go on with the recorder's stack)
    out = e(lambda: tf.vectorized_map(fn, x, **k))
    return out.split('\n')[0] if isinstance(out, str) else out
"""
_FNS = ("id", "splits", "lengths", "nrows", "values", "flat", "add", "sum1", "dense", "slice",
        "col0", "shape", "bshape", "rowids", "nested", "cast64", "mapflat", "sparse")
_MATCH = (("i2", "r2"), ("i2s", "r2s"), ("i3", "r3"), ("i3s", "r3s"), ("i3r1", "u3"),
          ("i3r1s", "u3s"), ("f2", "f2"))
_MISMATCH = (("i2s", "r2"), ("i2", "r2s"), ("i3s", "r3"), ("i3", "r2"), ("i2", "r3"),
             ("i3r1", "r3"), ("i3", "u3"), ("i3r1n", "u3"), ("b3", "r2"), ("b3", "u3"),
             ("i2", "dense"), ("i2", "list"), ("f2", "r2"), ("i2", "f2"), ("i3r1s", "u3"))
_MAPS = (
    ("lambda r: tf.reduce_sum(r)", "r2", "fn_output_signature=tf.int32"),
    ("lambda r: tf.reduce_sum(r)", "r2", ""),
    ("lambda r: r * 2", "r2", "fn_output_signature=RS([None], tf.int32)"),
    ("lambda r: r * 2", "r2", "fn_output_signature=RS([None], tf.int32, ragged_rank=0)"),
    ("lambda r: r * 2", "r2", ""),
    ("lambda r: r * 2", "r3", "fn_output_signature=RS([None, None], tf.int32)"),
    ("lambda r: r * 2", "r3", "fn_output_signature=RS([None, None], tf.int32, "
     "row_splits_dtype=tf.int32)"),
    ("lambda r: r * 2", "r3s", "fn_output_signature=RS([None, None], tf.int32, "
     "row_splits_dtype=tf.int32)"),
    ("lambda r: r * 2", "r3s", "fn_output_signature=RS([None, None], tf.int32)"),
    ("lambda r: tf.reduce_sum(r, axis=1)", "r3", "fn_output_signature=TS([None], tf.int32)"),
    ("lambda r: tf.reduce_sum(r, axis=1)", "r3", "fn_output_signature=RS([None], tf.int32)"),
    ("lambda r: r.to_tensor()", "r3", "fn_output_signature=RS([None, None], tf.int32, "
     "ragged_rank=0)"),
    ("lambda r: r[:1]", "r2", "fn_output_signature=RS([None], tf.int32)"),
    ("lambda r: tf.cast(r, tf.float32)", "r2", "fn_output_signature=RS([None], tf.float32)"),
    ("lambda r: tf.cast(r, tf.float32)", "r2", "fn_output_signature=RS([None], tf.int32)"),
    ("lambda r: tf.size(r)", "r2", "fn_output_signature=tf.int64"),
    ("lambda r: tf.size(r)", "r2", "fn_output_signature=tf.int32"),
    ("lambda r: (r, tf.size(r))", "r2", "fn_output_signature=(RS([None], tf.int32), "
     "tf.int32)"),
    ("lambda r: {'a': r}", "r2", "fn_output_signature={'a': RS([None], tf.int32)}"),
    ("lambda r: tf.range(tf.reduce_sum(r))", "r2", "fn_output_signature=RS([None], "
     "tf.int32)"),
    ("lambda r: tf.range(tf.reduce_sum(r))", "r2", "fn_output_signature=TS([None], "
     "tf.int32)"),
    ("lambda r: r", "u3", "fn_output_signature=RS([None, 2], tf.int32, ragged_rank=0)"),
    ("lambda r: r", "u3", "fn_output_signature=RS([None, 2], tf.int32)"),
    ("lambda r: r", "u3", "fn_output_signature=TS([None, 2], tf.int32)"),
    ("lambda x: tf.ragged.range(x)", "tf.constant([1, 0, 3])",
     "fn_output_signature=RS([None], tf.int32)"),
    ("lambda x: tf.ragged.range(x)", "tf.constant([1, 0, 3])",
     "fn_output_signature=RS([None], tf.int32, ragged_rank=0)"),
    ("lambda x: tf.strings.split(x)", "tf.constant(['a b', '', 'c'])",
     "fn_output_signature=RS([None], tf.string)"),
    ("lambda x: tf.strings.split(x)", "tf.constant(['a b', '', 'c'])",
     "fn_output_signature=tf.string"),
    ("lambda x: tf.strings.split(x)", "tf.constant([['a b'], ['c']])",
     "fn_output_signature=RS([None, None], tf.string)"),
    ("lambda r: tf.strings.reduce_join(r, separator='-')", "R([['a', 'b'], [], ['c']])",
     "fn_output_signature=tf.string"),
    ("lambda t: t[0] + tf.reduce_sum(t[1])", "(tf.constant([1, 2, 3]), r2)",
     "fn_output_signature=tf.int32"),
    ("lambda r: r * 2", "r2", "fn_output_signature=RS([None], tf.int32), parallel_iterations=1"),
    ("lambda r: r * 2", "R([], tf.int32, ragged_rank=1)",
     "fn_output_signature=RS([None], tf.int32)"),
    ("lambda r: r * 2", "r2", "dtype=RS([None], tf.int32)"),
)
_VMAPS = (("lambda r: tf.reduce_sum(r)", "r2", ""),
          ("lambda r: r * 2", "r2", ""),
          ("lambda x: x * 2", "tf.constant([[1, 2], [3, 4]])", ""),
          ("lambda x: tf.ragged.range(x)", "tf.constant([1, 0, 3])", ""),
          ("lambda r: tf.reduce_sum(r)", "r2", "fallback_to_while_loop=False"),
          ("lambda r: tf.size(r)", "r3", ""),
          ("lambda x: tf.strings.split(x)", "tf.constant(['a b', 'c'])", ""),
          ("lambda t: t[0] * 2", "(tf.constant([1, 2, 3]), r2)", ""),
          ("lambda r: r * 2", "u3", ""))
SECTIONS["ragged_specs15"] = _unique([
    *[f"sig('{s}', '{f}', '{a}')" for s, a in _MATCH for f in _FNS],
    *[f"sig('{s}', 'id', '{a}')" for s, a in _MISMATCH],
    *[f"sigout('{s}', '{f}')" for s in ("i2s", "i3s", "i3r1s", "b3")
      for f in ("id", "splits", "lengths", "values", "sum1", "dense", "rowids", "shape",
                "bshape", "cast64")],
    "tf.function(lambda x: x.row_splits).get_concrete_function(SPECS['i2s'])"
    ".structured_input_signature",
    "[c.structured_input_signature for c in [tf.function(lambda x: x + 1)"
    ".get_concrete_function(SPECS[s]) for s in ('i2', 'i2s', 'i3r1s')]]",
    "(lambda f: (f(r2), f(r2s), f.experimental_get_tracing_count()))(tf.function(lambda x: "
    "tf.reduce_sum(x)))[2]",
    "(lambda f: (v(f(r2)), v(f(r3))))(tf.function(lambda x: x.nrows(), reduce_retracing=True))",
    "SPECS['i2s'].row_splits_dtype, SPECS['i3r1s'].ragged_rank, SPECS['i3r1s'].flat_values_spec",
    "SPECS['i2s'] == RS([None, None], tf.int32), SPECS['i2s'].is_compatible_with(r2s)",
    "SPECS['i2s'].is_compatible_with(r2)",
    "SPECS['i3'].most_specific_common_supertype([SPECS['i3s']])",
    "RS.from_value(r3s)",
    "RS.from_value(u3s)",
    "e(lambda: RS([None, None], tf.int32, row_splits_dtype=tf.float32))",
    "e(lambda: RS([None, None], tf.int32, ragged_rank=2))",
    "e(lambda: RS([None], tf.int32))",
    "e(lambda: RS([None, None], tf.int32, ragged_rank=0))",
    "e(lambda: RS(None, tf.int32, ragged_rank=1))",
    "e(lambda: RS([2, None, None], tf.int32, ragged_rank=-1))",
    # map_fn over ragged tensors by fn_output_signature
    *[f"mfn({f}, {x}{', ' + k if k else ''})" for f, x, k in _MAPS],
    *[f"tmfn({f}, {spec}, {x}{', ' + k if k else ''})" for f, x, k in _MAPS[:14]
      for spec in ({"r2": "SPECS['i2']", "r3": "SPECS['i3']", "r3s": "SPECS['i3s']",
                    "u3": "SPECS['i3r1']"}.get(x, "TS(None, tf.int32)"),)],
    "tmfn(lambda r: r * 2, SPECS['i2s'], r2s, fn_output_signature=RS([None], tf.int32, "
    "row_splits_dtype=tf.int32))",
    "tmfn(lambda r: tf.reduce_sum(r), SPECS['i2s'], r2s, fn_output_signature=tf.int32)",
    "tmfn(lambda r: r, SPECS['i3r1s'], u3s, fn_output_signature=RS([None, 2], tf.int32, "
    "ragged_rank=0))",
    *[f"vmap({f}, {x}{', ' + k if k else ''})" for f, x, k in _VMAPS],
])

# ---------------------------------------------------------------------------------------
PRELUDES["ragged_combine15"] = _COMMON + r"""
r2 = R([[1, 2], [], [3]])
r2b = R([[4], [5, 6]])
r3 = R([[[1, 2], [3]], [], [[4]]])
u3 = R([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1)
r2s = R([[7], [8, 9]], row_splits_dtype=tf.int32)
f2 = R([[1.5], []])
d1 = tf.constant([10, 20, 30])
d2 = tf.constant([[10, 20], [30, 40]])
d2c = tf.constant([[10], [20], [30]])
d3 = tf.constant([[[10, 20]], [[30, 40]]])
ARGS = {'r2': r2, 'r2b': r2b, 'r3': r3, 'u3': u3, 'r2s': r2s, 'f2': f2, 'd1': d1, 'd2': d2,
        'd2c': d2c, 'd3': d3, 'py2': [[1], [2, 3]], 's': tf.constant(5)}
def cat(names, axis):
    return e(lambda: tf.concat([ARGS[n] for n in names], axis))
def stk(names, axis):
    return e(lambda: tf.stack([ARGS[n] for n in names], axis))
def gat(p, i, **k):
    return e(lambda: tf.gather(ARGS.get(p, p) if isinstance(p, str) else p, i, **k))
def gnd(p, i, **k):
    return e(lambda: tf.gather_nd(ARGS[p], i, **k))
def wh(c, x=None, y=None):
    return e(lambda: tf.where(c, x, y) if x is not None or y is not None else tf.where(c))
"""
_PAIRS = (("r2", "r2b"), ("r2", "d2"), ("d2", "r2"), ("r2", "d2c"), ("r2", "r3"), ("r3", "u3"),
          ("r2", "u3"), ("r2", "d3"), ("u3", "d3"), ("r2", "r2s"), ("r2", "f2"), ("r2", "d1"),
          ("r2", "py2"), ("r2", "s"), ("r3", "r3"))
_AXES = ("0", "1", "2", "-1", "-2", "3")
_GATHER = (("'r2'", "[2, 0]"), ("'r2'", "[[2, 0], [1, 1]]"), ("'r2'", "R([[2], [], [0, 1]])"),
           ("'r2'", "[3]"), ("'r2'", "[-1]"), ("'r3'", "R([[2, 0], [1]])"),
           ("'r3'", "[[0], [2]]"), ("'u3'", "[1, 1, 0]"), ("'d2'", "R([[1, 0], []])"),
           ("'d2'", "R([[[1]], [[0, 1]]])"), ("'r2'", "tf.constant([0, 2], tf.int64)"),
           ("'r2'", "[0.0]"), ("'r2s'", "R([[1], [0, 1]])"), ("'r2'", "2"))
_GATHER_K = ("", ", axis=1", ", axis=0, batch_dims=0", ", batch_dims=1", ", axis=-1",
             ", axis=2, batch_dims=1")
_GND = (("r2", "[[0, 1], [2, 0]]"), ("r2", "[[1, 0]]"), ("r2", "[[2], [0]]"),
        ("r2", "[[0, 5]]"), ("r2", "R([[[0]], [[2], [1]]])"), ("r3", "[[0, 0, 1]]"),
        ("r3", "[[0, 1], [2, 0]]"), ("r3", "[[2]]"), ("r3", "R([[[0, 0]], []])"),
        ("u3", "[[1, 1, 0]]"), ("u3", "[[0, 0]]"), ("d2", "R([[[0, 1]], [[1, 0], [0, 0]]])"),
        ("d2", "R([[0], [1]])"), ("r2", "[[]]"), ("r2", "tf.zeros([0, 2], tf.int32)"))
_WHERE = (("R([[True, False], [], [True]])", "r2", "r2 * 10"),
          ("R([[True, False], [], [True]])", "r2", "5"),
          ("R([[True, False], [], [True]])", "r2", "d2c"),
          ("R([[True, False], [], [True]])", "r2", "R([[1], [], [2]])"),
          ("R([[True, False], [], [True]])", "r2", "r2b"),
          ("R([[True, False], [], [True]])", "d2c", "r2"),
          ("R([[True], [], [False]])", "r2", "r2 * 10"),
          ("[True, False, True]", "r2", "r2 * 10"),
          ("[[True], [False], [True]]", "r2", "r2 * 10"),
          ("R([[[True], [False]], [], [[True]]])", "r3", "r3 * 0"),
          ("R([[[True, False]], [[False, True], [True, True]]], ragged_rank=1)", "u3", "-u3"),
          ("R([[True, False], [True, True]])", "r2s", "R([[0], [0, 0]])"),
          ("R([[True, False], [], [True]])", "r2", "f2"),
          ("R([[True, False], [], [True]])", "R([['a', 'b'], [], ['c']])", "'z'"),
          ("R([[True, False], [], [True]])", None, None),
          ("R([[[True], [False]], [], [[True]]])", None, None),
          ("R([[True, False], [], [True]])", "r2", None),
          ("R([[1, 0], [], [2]])", None, None))
SECTIONS["ragged_combine15"] = _unique([
    *[f"cat({[a, b]!r}, {ax})" for a, b in _PAIRS for ax in _AXES],
    *[f"stk({[a, b]!r}, {ax})" for a, b in _PAIRS for ax in _AXES],
    "cat(['r2'], 0)", "stk(['r2'], 1)", "cat([], 0)", "stk(['r2', 'r2b', 'r2s'], 1)",
    "cat(['r2', 'r2b', 'd2'], 0)", "cat(['r2', 'r2b', 'd2'], 1)",
    *[f"gat({p}, {i}{k})" for p, i in _GATHER for k in _GATHER_K],
    *[f"gnd('{p}', {i})" for p, i in _GND],
    *[f"gnd('{p}', {i}, batch_dims=1)" for p, i in _GND[:6]],
    *[f"wh({c}{', ' + x if x else ''}{', ' + y if y else ''})" for c, x, y in _WHERE],
    "wh(R([[True, False], [], [True]]), y=r2)",
    "tv(lambda a, b: tf.concat([a, b], axis=1), RS([None, None], tf.int32), TS([None, 2], "
    "tf.int32))(R([[1, 2], [3]]), tf.constant([[5, 6], [7, 8]]))",
    "tv(lambda a, b: tf.concat([a, b], axis=1), RS([None, None], tf.int32), TS([None, 2], "
    "tf.int32))(R([[1, 2], [3]]), tf.constant([[5, 6], [7, 8], [9, 9]]))",
    "tv(lambda a, b: tf.stack([a, b], axis=1), RS([None, None], tf.int32), RS([None, None], "
    "tf.int32, row_splits_dtype=tf.int32))(r2, R([[1], [], [2]], row_splits_dtype=tf.int32))",
    "tv(lambda a, b: tf.stack([a, b], axis=0), RS([None, None], tf.int32), TS([None, None], "
    "tf.int32))(r2, d2)",
    "tv(lambda p, i: tf.gather(p, i), RS([None, None], tf.int32), RS([None, None], tf.int32))("
    "r2, R([[2], [], [0, 1]]))",
    "tv(lambda p, i: tf.gather(p, i), RS([None, None], tf.int32), TS([None], tf.int32))(r2, "
    "tf.constant([5]))",
    "tv(lambda p, i: tf.gather_nd(p, i), RS([None, None, None], tf.int32), TS([None, 2], "
    "tf.int32))(r3, tf.constant([[0, 1], [2, 0]]))",
    "tv(lambda p, i: tf.gather_nd(p, i), RS([None, None], tf.int32), TS([None, 2], "
    "tf.int32))(r2, tf.constant([[1, 0]]))",
    "tv(lambda c, x, y: tf.where(c, x, y), RS([None, None], tf.bool), RS([None, None], "
    "tf.int32), RS([None, None], tf.int32))(R([[True, False], [], [True]]), r2, r2 * 10)",
    "tv(lambda c, x, y: tf.where(c, x, y), RS([None, None], tf.bool), RS([None, None], "
    "tf.int32), RS([None, None], tf.int32))(R([[True, False], [], [True]]), r2, r2b)",
    "tv(lambda c: tf.where(c), RS([None, None], tf.bool))(R([[True, False], [], [True]]))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["ragged_validate15"] = _COMMON + r"""
vals = tf.constant([1, 2, 3, 4, 5])
FACT = {'splits': RT.from_row_splits, 'lengths': RT.from_row_lengths,
        'rowids': RT.from_value_rowids, 'starts': RT.from_row_starts,
        'limits': RT.from_row_limits, 'uniform': RT.from_uniform_row_length,
        'nsplits': RT.from_nested_row_splits, 'nlengths': RT.from_nested_row_lengths,
        'nrowids': RT.from_nested_value_rowids}
def fv(kind, part, **k):
    return e(lambda: FACT[kind](vals, part, validate=True, **k))
def ftv(kind, part, **k):
    # traced: the partition's shape unknown, its check a runtime assertion
    if kind.startswith('n'):
        specs = [TS([None], tf.int64)] * len(part)
        f = lambda x, *p: FACT[kind](x, list(p), validate=True, **k)
        return tv(f, TS([None], tf.int32), *specs)(vals, *[tf.constant(q, tf.int64)
                                                          for q in part])
    if kind == 'uniform':
        return tv(lambda x, p: FACT[kind](x, p, validate=True, **k), TS([None], tf.int32),
                  TS([], tf.int64))(vals, tf.constant(part, tf.int64))
    return tv(lambda x, p: FACT[kind](x, p, validate=True, **k), TS([None], tf.int32),
              TS([None], tf.int64))(vals, tf.constant(part, tf.int64))
"""
_BAD = {
    "splits": ("[0, 2, 1, 5]", "[1, 3, 5]", "[0, 3]", "[0, 6]", "[0, 2, 5]"),
    "lengths": ("[3, -1, 3]", "[2, 2]", "[4, 4]", "[5]", "[0, 0, 5]"),
    "rowids": ("[0, 1, 0, 1, 1]", "[0, 0, 1]", "[-1, 0, 0, 1, 1]", "[0, 0, 0, 1, 3]",
               "[0, 0, 1, 1, 2]"),
    "starts": ("[0, 4, 3]", "[2, 3]", "[0, 7]", "[0, 2]"),
    "limits": ("[3, 2, 5]", "[2, 4]", "[-1, 5]", "[2, 7]", "[2, 5]"),
    "uniform": ("2", "0", "-1", "5", "1"),
    "nsplits": ("[[0, 1, 2], [0, 3, 5]]", "[[0, 2], [0, 2, 4]]", "[[0, 2], [1, 2, 5]]",
                "[[0, 1], [0, 5]]"),
    "nlengths": ("[[1, 1], [2, 2]]", "[[2], [2, 3]]", "[[3], [2, -1, 4]]", "[[1], [5]]"),
    "nrowids": ("[[0, 1], [0, 0, 1, 1, 1]]", "[[0, 0], [0, 0, 1, 1, 2]]", "[[1], [0] * 5]",
                "[[0], [0] * 5]"),
}
SECTIONS["ragged_validate15"] = _unique([
    *[f"fv('{k}', {p})" for k, parts in _BAD.items() for p in parts],
    *[f"ftv('{k}', {p})" for k, parts in _BAD.items() for p in parts],
    "fv('rowids', [0, 0, 1, 1, 1], nrows=1)",
    "fv('rowids', [0, 0, 1, 1, 1], nrows=4)",
    "ftv('rowids', [0, 0, 1, 1, 1], nrows=1)",
    "fv('uniform', 2, nrows=3)",
    "fv('uniform', 0, nrows=3)",
    "fv('uniform', 0, nrows=0)",
    "ftv('uniform', 0, nrows=3)",
    "fv('nrowids', [[0, 0], [0, 0, 1, 1, 1]], nested_nrows=[1, 2])",
    "fv('nrowids', [[0, 0], [0, 0, 1, 1, 1]], nested_nrows=[1])",
    "e(lambda: RT.from_tensor(tf.constant([[1, 2], [3, 4]]), lengths=[3, 1]))",
    "e(lambda: RT.from_tensor(tf.constant([[1, 2], [3, 4]]), lengths=[1, 1, 1]))",
    "e(lambda: RT.from_tensor(tf.constant([[1, 2], [3, 4]]), lengths=[-1, 1]))",
    "e(lambda: RT.from_tensor(tf.constant([[1, 2], [3, 4]]), padding=0, lengths=[1, 1]))",
    "e(lambda: RT.from_tensor(tf.constant([1, 2])))",
    "e(lambda: RT.from_tensor(tf.constant([[1, 2], [3, 4]]), ragged_rank=2))",
    "e(lambda: RT.from_tensor(tf.constant([[1, 2], [3, 4]]), padding=[0, 0]))",
    "e(lambda: RT.from_sparse(ST([[1, 0], [0, 0]], [1, 2], [2, 2])))",
    "e(lambda: RT.from_sparse(ST([[0, 0, 0]], [1], [1, 1, 1])))",
    "e(lambda: RT.from_sparse(ST([[0, 1], [0, 0]], [1, 2], [2, 2])))",
    "e(lambda: RT.from_sparse(ST([[0, 0], [0, 0]], [1, 2], [2, 2])))",
    "e(lambda: RT.from_sparse(ST([[0, 5]], [1], [2, 2])))",
    "tv(lambda s: RT.from_sparse(s), SS([None, None], tf.int32))(ST([[1, 0], [0, 0]], [1, 2], "
    "[2, 2]))",
    "tv(lambda s: RT.from_sparse(s), SS([None, None], tf.int32))(ST([[0, 1], [0, 0]], [1, 2], "
    "[2, 2]))",
    "tv(lambda t, l: RT.from_tensor(t, lengths=l), TS([None, None], tf.int32), TS([None], "
    "tf.int64))(tf.constant([[1, 2], [3, 4]]), tf.constant([3, 1], tf.int64))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["strings15"] = _COMMON + r"""
X = {'plain': tf.constant(['a b  c', ' lead', 'trail ', '', 'x,y,,z', 'ab|ab']),
     'ragged': R([['a b', ''], [], ['c,,d  e']]),
     'matrix': tf.constant([['a b', 'c'], ['d e f', '']]),
     'scalar': tf.constant('p q r')}
def spl(x, sep=None, maxsplit=-1):
    return e(lambda: S.split(X[x], sep=sep, maxsplit=maxsplit))
W = {'flat': tf.constant(['a', 'b', 'c', 'd']),
     'ragged': R([['a', 'b', 'c'], [], ['d'], ['e', 'f']]),
     'ragged3': R([[['a', 'b'], ['c']], [[]], [['d', 'e', 'f']]]),
     'empty': tf.constant([], tf.string),
     'matrix': tf.constant([['a', 'b', 'c'], ['d', 'e', 'f']])}
def ng(x, width, **k):
    return e(lambda: S.ngrams(W[x], width, **k))
J = {'m': tf.constant([['a', 'b', 'c'], ['d', 'e', 'f']]),
     'r': R([['a', 'b'], [], ['c']]),
     'r3': R([[['a', 'b'], ['c']], [], [['d']]]),
     'v': tf.constant(['x', 'y']), 's': tf.constant('z'), 'e': tf.zeros([2, 0], tf.string)}
def rj(x, **k):
    return e(lambda: S.reduce_join(J[x], **k))
U = {'plain': tf.constant(['h\u00e9llo', '\U0001F600!', '']),
     'ragged': R([['\u00e9', 'ab'], [], ['\u20ac\u20ac']]),
     'scalar': tf.constant('\u00e9a'),
     'bad': tf.constant([b'a\xffb', b'\xe2\x82'])}
def uso(x, enc='UTF-8', **k):
    return e(lambda: S.unicode_split_with_offsets(U[x], enc, **k))
H = {'v': tf.constant(['', 'a', 'hello', 'Hello', '\u00e9']),
     'r': R([['a', 'bb'], [], ['ccc']]),
     'm': tf.constant([['x', 'y'], ['z', 'w']]),
     's': tf.constant('tensorflow')}
def hb(kind, x, n, **k):
    fn = {'fast': S.to_hash_bucket_fast, 'strong': S.to_hash_bucket_strong,
          'plain': S.to_hash_bucket}[kind]
    if kind == 'strong':
        k.setdefault('key', [1, 2])
    return e(lambda: fn(H[x], n, **k))
SPS = ST([[0, 1], [1, 0], [2, 2]], ['b', 'a', 'c'], [3, 3])
SPU = ST([[2, 2], [0, 1], [1, 0]], ['c', 'b', 'a'], [3, 3])
SP2 = ST([[0, 0], [2, 1]], ['x', 'y'], [3, 3])
def sp(f, *a, **k):
    return e(lambda: f(*a, **k))
"""
_SEPS = ("None", "' '", "','", "''", "'ab'", "', '", "'|'")
SECTIONS["strings15"] = _unique([
    *[f"spl('{x}', {s}, {m})" for x in ("plain", "ragged", "matrix", "scalar")
      for s in _SEPS for m in (-1, 0, 1, 2)],
    *[f"ng('{x}', {w}{k})" for x in ("flat", "ragged", "ragged3", "empty", "matrix")
      for w in ("2", "(1, 3)", "4")
      for k in ("", ", separator='_'", ", separator=''", ", pad_values=('<', '>')",
                ", pad_values='#', padding_width=1", ", pad_values='#', padding_width=3",
                ", pad_values=('<', '>'), preserve_short_sequences=True",
                ", preserve_short_sequences=True")],
    *[f"ng('ragged', {w}, pad_values={p})" for w in (2, 3)
      for p in ("('<',)", "None, padding_width=1", "('<', '>'), padding_width=0",
                "('<', '>'), padding_width=-2", "(1, 2)")],
    "ng('flat', 0)", "ng('flat', -1)", "ng('flat', (2, 0))", "ng('flat', ())",
    *[f"rj('{x}'{k})" for x in ("m", "r", "r3", "v", "s", "e")
      for k in ("", ", axis=0", ", axis=1", ", axis=-1", ", axis=[0, 1]", ", axis=2",
                ", separator='--'", ", axis=1, keepdims=True, separator=', '",
                ", axis=0, keepdims=True")],
    *[f"uso('{x}'{k})" for x in ("plain", "ragged", "scalar", "bad")
      for k in ("", ", errors='ignore'", ", errors='replace', replacement_char=63",
                ", errors='strict'", ", replace_control_characters=True")],
    "uso('plain', 'UTF-16-BE')",
    "e(lambda: S.unicode_split_with_offsets(S.unicode_transcode(U['plain'], 'UTF-8', "
    "'UTF-16-BE'), 'UTF-16-BE'))",
    "e(lambda: S.unicode_split_with_offsets(S.unicode_transcode(U['ragged'], 'UTF-8', "
    "'UTF-32-BE'), 'UTF-32-BE'))",
    *[f"hb('{k}', '{x}', {n})" for k in ("fast", "strong", "plain")
      for x in ("v", "r", "m", "s") for n in (1, 7, 2**31 - 1)],
    *[f"hb('{k}', 'v', {n})" for k in ("fast", "strong", "plain") for n in (0, -3, 2.5)],
    *[f"hb('strong', 'v', 10, key={key})" for key in ("[1, 2]", "[0, 0]", "[2**64 - 1, 7]",
                                                      "[1]", "[1, 2, 3]", "[-1, 2]")],
    "e(lambda: S.to_hash_bucket_fast(tf.constant([1, 2]), 5))",
    "e(lambda: S.to_hash_bucket_strong(R([['a']]), 5, [1, 2]))",
    "tv(lambda x: S.to_hash_bucket_fast(x, 13), RS([None, None], tf.string))(H['r'])",
    "tv(lambda x: S.to_hash_bucket_strong(x, 13, [3, 4]), TS(None, tf.string))(H['m'])",
    "tv(lambda x: S.split(x, sep=',', maxsplit=1), TS([None], tf.string))(X['plain'])",
    "tv(lambda x: S.split(x), RS([None, None], tf.string))(X['ragged'])",
    "tv(lambda x: S.ngrams(x, (1, 2), separator='+', pad_values='#', padding_width=1), "
    "RS([None, None], tf.string))(W['ragged'])",
    "tv(lambda x: S.reduce_join(x, axis=1, separator='/'), RS([None, None], tf.string))(J['r'])",
    "tv(lambda x: S.unicode_split_with_offsets(x, 'UTF-8'), RS([None, None], tf.string))("
    "U['ragged'])",
    # tf.sparse over strings
    "sp(SP.to_dense, SPS)", "sp(SP.to_dense, SPS, default_value='_')",
    "sp(SP.to_dense, SPS, default_value=0)", "sp(SP.to_dense, SPU)",
    "sp(SP.to_dense, SPU, validate_indices=False)", "sp(SP.reorder, SPU)",
    "sp(SP.reshape, SPS, [9])", "sp(SP.reshape, SPS, [-1, 1])",
    "sp(SP.slice, SPS, [0, 1], [2, 2])", "sp(SP.transpose, SPS)",
    "sp(SP.concat, 0, [SPS, SP2])", "sp(SP.concat, 1, [SPS, SP2])",
    "sp(SP.concat, 1, [SPS, ST([[0, 0]], [1], [3, 1])])",
    "sp(SP.fill_empty_rows, SP2, '?')", "sp(SP.fill_empty_rows, SP2, 0)",
    "sp(SP.retain, SPS, [True, False, True])", "sp(SP.expand_dims, SPS, 0)",
    "sp(SP.expand_dims, SPS, -1)", "sp(SP.split, sp_input=SPS, num_split=3, axis=1)",
    "sp(SP.reduce_sum, SPS)", "sp(SP.reduce_max, SPS, 1)", "sp(SP.add, SPS, SP2)",
    "sp(SP.maximum, SPS, SP2)", "sp(SP.to_indicator, SPS, 3)", "sp(SP.reset_shape, SPS)",
    "sp(SP.reset_shape, SPS, [4, 4])", "sp(SP.reset_shape, SPS, [2, 2])",
    "sp(SP.from_dense, tf.constant([['a', ''], ['', 'b']]))",
    "sp(SP.from_dense, tf.constant([[b'\\x00', b'']]))",
    "sp(SP.cross, [SPS, SP2])", "sp(SP.cross, [SPS, tf.constant([['p'], ['q'], ['r']])])",
    "sp(SP.cross, [SPS, SP2], separator='+')",
    "sp(SP.cross_hashed, [SPS, SP2], num_buckets=10)",
    "sp(SP.cross_hashed, [SPS, SP2], num_buckets=10, hash_key=7)",
    "sp(SP.slice, SPS, [5, 5], [1, 1])", "sp(SP.to_dense, ST([[0]], ['a'], [1]), 'bb')",
    "sp(SP.sparse_dense_matmul, SPS, tf.ones([3, 1]))",
    "sp(lambda: (lambda m: (m.values, m.indices))(SP.mask(tf.IndexedSlices("
    "tf.constant(['a', 'b']), tf.constant([0, 2])), tf.constant([2]))))",
    "sp(tf.strings.join, [SPS.values, '!'])",
    "sp(lambda: SPS.with_values(S.upper(SPS.values)))",
    "sp(lambda: tf.sparse.map_values(S.length, SPS))",
    "sp(lambda: tf.sparse.map_values(S.join, [SPS, SPU]))",
    "sp(lambda: tf.sparse.map_values(S.join, [SPS, SPS], separator='='))",
    "sp(lambda: RT.from_sparse(SPS))", "sp(lambda: RT.from_sparse(SPU))",
    "sp(lambda: R([['a', 'b'], [], ['c']]).to_sparse())",
    "tv(lambda s: SP.to_dense(s, default_value='-'), SS([None, None], tf.string))(SPS)",
    "tv(lambda s: SP.reorder(s), SS([None, None], tf.string))(SPU)",
    "tv(lambda s: SP.fill_empty_rows(s, '?'), SS([None, None], tf.string))(SP2)",
    "tv(lambda a, b: SP.concat(1, [a, b]), SS([None, None], tf.string), SS([None, None], "
    "tf.string))(SPS, SP2)",
    "tv(lambda s: SP.to_dense(s), SS([None, None], tf.string))(SPU)",
])
