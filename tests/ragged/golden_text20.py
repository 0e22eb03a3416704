"""text20's probes: what TF's Python `constant_value` sees through in a traced assert (Range,
Equal, NotEqual, StopGradient, Unpack of the first axis, beside the ops earlier rounds
covered), so which traced asserts fail while tracing and which when the graph runs; every
tf.math op TF 2.21 dispatches on a RaggedTensor, and those it refuses, over float, int,
complex and deeper ragged operands, binary ops against scalars, dense and other ragged
operands, reductions and cumsum by axis, and the array ops given ragged operands (one_hot's
axis, repeat, tile, gather, batch_gather, expand_dims, squeeze, where); MutableHashTable and
DenseHashTable in checkpoints (saved names, shapes, restores across dtypes and kinds) and
saved models, their export, remove/erase, insert and lookup refusals; tf.strings'
unicode_encode over encodings and errors modes, decode/split/transcode of malformed
input, split, ngrams and reduce_join of ragged inputs of each rank, the other string ops
given ragged inputs; RaggedTensors in tf.data (from_tensor_slices, batch and ragged_batch,
generators yielding for ragged specs, bucketing) and tf.function signatures; RaggedTensor
indexing by ints, slices, ellipses, newaxis, tensors and bools, eagerly and traced.
Each section runs in its own environment (its prelude), its expressions in order.
record_text20.py records what TF 2.21 answers in text20_golden.json; test_text20_vs_tf.py
compares."""

from tests.ragged.golden_text13 import _COMMON

PRELUDES = {}
SECTIONS = {}


def _unique(exprs: list) -> list:
    return list(dict.fromkeys(exprs))


# ---------------------------------------------------------------------------------------
PRELUDES["assert20"] = _COMMON + r"""
D = tf.debugging
def ta(f, spec=TS([None], tf.int32), x=tf.constant([3, 1])):
    # an assert in a traced function: refused while tracing or when it runs (the message's
    # last part: a run's names the frames of the process that made the graph), or passed
    def g(t):
        f(t)
        return tf.constant(0)
    r = tv(g, spec)(x)
    if not isinstance(r, str):
        return r
    ran = 'Graph execution error' in r or '{{function_node' in r
    return ('run' if ran else 'trace', r.split(chr(10) * 2)[-1])
"""
_ASSERTS = (
    # the ops TF's constant_value sees through, and some it does not
    "lambda t: D.assert_less(tf.constant([3]), 2)",
    "lambda t: D.assert_less(tf.constant([3]) + 0, 2)",
    "lambda t: D.assert_less(tf.cast(tf.constant([3.0]), tf.int32), 2)",
    "lambda t: D.assert_less(tf.stack([tf.constant(3)]), 2)",
    "lambda t: D.assert_less(tf.concat([[1], [3]], 0), 2)",
    "lambda t: D.assert_less(tf.constant([1, 3])[1:], 2)",
    "lambda t: D.assert_less(tf.gather(tf.constant([1, 3]), [1]), 2)",
    "lambda t: D.assert_less(tf.fill([2], 3), 2)",
    "lambda t: D.assert_less(tf.identity(tf.constant([3])), 2)",
    "lambda t: D.assert_less(tf.reshape(tf.constant([3]), [1, 1]), 2)",
    "lambda t: D.assert_equal(tf.shape(t), [5])",
    "lambda t: D.assert_equal(tf.size(tf.zeros([2, 3])), 5)",
    "lambda t: D.assert_equal(tf.rank(tf.zeros([2, 3])), 3)",
    "lambda t: D.assert_equal(tf.shape(tf.zeros([2, 3]))[0], 3)",
    "lambda t: D.assert_equal(tf.shape(tf.zeros([2, 3])), [2, 4])",
    "lambda t: D.assert_non_negative(tf.constant([-1]) * 1)",
    "lambda t: D.assert_non_negative(tf.constant([-1]))",
    "lambda t: D.assert_positive(tf.zeros([2]))",
    "lambda t: D.assert_greater_equal(tf.constant([1]), tf.constant([2]) // 1)",
    "lambda t: D.assert_none_equal(tf.constant([1]), tf.constant([1]))",
    "lambda t: D.assert_less(t, 2)",
    # Range: any length, float bounds, a delta, a dtype, bounds from other known ops
    "lambda t: D.assert_less(tf.range(3, 5), 2)",
    "lambda t: D.assert_less(tf.range(100), 50)",
    "lambda t: D.assert_less(tf.range(3.0, 5.0, 0.5), 2.0)",
    "lambda t: D.assert_less(tf.range(10, 0, -3), 2)",
    "lambda t: D.assert_less(tf.range(3, dtype=tf.float32), 1.0)",
    "lambda t: D.assert_less(tf.range(tf.size(tf.zeros([4]))), 2)",
    "lambda t: D.assert_less(tf.range(tf.shape(t)[0]), 2)",
    "lambda t: D.assert_less(tf.range(2, 5), 9)",
    "lambda t: D.assert_equal(tf.range(3, 3), tf.range(4, 4))",
    # Equal and NotEqual
    "lambda t: D.assert_equal(tf.constant(True), tf.equal(tf.constant(1), 2))",
    "lambda t: D.assert_equal(tf.constant(True), tf.not_equal(tf.constant(1), 1))",
    "lambda t: D.assert_equal(tf.constant([True, True]), tf.equal(tf.constant([1, 2]), 2))",
    "lambda t: D.assert_equal(tf.constant(True), tf.equal(tf.constant('a'), 'b'))",
    "lambda t: D.assert_equal(tf.constant(False), tf.not_equal(tf.constant(['a']), ['b']))",
    "lambda t: D.assert_equal(tf.constant(True), tf.equal(tf.constant(1.5), 1.5))",
    "lambda t: D.assert_equal(tf.constant(True), tf.equal(t, 3))",
    "lambda t: D.assert_equal(tf.equal(tf.range(3), 1), [False, False, True])",
    # StopGradient and Unpack
    "lambda t: D.assert_less(tf.stop_gradient(tf.constant([3])), 2)",
    "lambda t: D.assert_less(tf.stop_gradient(tf.range(3, 4)), 2)",
    "lambda t: D.assert_less(tf.stop_gradient(t), 2)",
    "lambda t: D.assert_less(tf.unstack(tf.constant([[3]]))[0], 2)",
    "lambda t: D.assert_less(tf.unstack(tf.constant([[1], [3]]))[1], 2)",
    "lambda t: D.assert_less(tf.unstack(tf.constant([[3]]), axis=1)[0], 2)",
    "lambda t: D.assert_less(tf.unstack(tf.constant([[3]]), axis=-2)[0], 2)",
    "lambda t: D.assert_less(tf.unstack(tf.range(3, 5))[1], 2)",
    "lambda t: D.assert_less(tf.unstack(tf.stack([tf.constant(1), tf.constant(5)]))[1], 2)",
)
SECTIONS["assert20"] = _unique([f"ta({f})" for f in _ASSERTS])

# ---------------------------------------------------------------------------------------
PRELUDES["dispatch20"] = _COMMON + r"""
F = R([[0.5, -1.5], [], [2.0]])
P = R([[0.25, 0.5], [], [0.75]])
G = R([[1.5, 3.0], [], [4.0]])
I = R([[1, -2, 3], [], [4]])
I2 = R([[2, 2, 2], [], [3]])
B = R([[True, False], [], [True]])
B2 = R([[True, True], [], [False]])
R3 = R([[[1.0, 2.0], []], [[3.0]], []])
C = R([[1 + 2j], [-1j, 3.0]], dtype=tf.complex64)
D2 = tf.constant([[1.0], [2.0], [3.0]])
def m(name, *a, **k):
    return e(lambda: getattr(tf.math, name)(*a, **k))
"""
_UNARY = ("abs", "acos", "acosh", "angle", "asin", "asinh", "atan", "atanh", "bessel_i0",
          "bessel_i0e", "bessel_i1", "bessel_i1e", "ceil", "conj", "cos", "cosh", "cumsum",
          "digamma", "erf", "erfc", "erfcinv", "erfinv", "exp", "expm1", "floor", "imag",
          "is_finite", "is_inf", "is_nan", "is_non_decreasing", "is_strictly_increasing",
          "lgamma", "log", "log1p", "log_sigmoid", "ndtri", "negative", "real", "reciprocal",
          "reciprocal_no_nan", "reduce_logsumexp", "reduce_max", "reduce_mean", "reduce_min",
          "reduce_prod", "reduce_std", "reduce_sum", "reduce_variance", "rint", "round",
          "rsqrt", "sigmoid", "sign", "sin", "sinh", "softmax", "softplus", "softsign", "sqrt",
          "square", "tan", "tanh")
_REFUSED = ("argmax", "argmin", "count_nonzero", "cumprod", "cumulative_logsumexp",
            "invert_permutation", "l2_normalize", "lbeta", "log_softmax",
            "reduce_euclidean_norm", "top_k", "zero_fraction", "logical_not", "bincount")
_BINARY = ("add", "atan2", "divide", "divide_no_nan", "floordiv", "floormod", "maximum",
           "minimum", "multiply", "multiply_no_nan", "nextafter", "pow", "squared_difference",
           "subtract", "truediv", "xdivy", "xlog1py", "xlogy", "igamma", "igammac", "zeta",
           "polygamma", "equal", "not_equal", "less", "greater_equal")
SECTIONS["dispatch20"] = _unique([
    *[f"m('{n}', F)" for n in _UNARY],
    *[f"m('{n}', P)" for n in ("acos", "atanh", "erfinv", "ndtri", "log", "lgamma")],
    *[f"m('{n}', I)" for n in ("abs", "negative", "sign", "square", "reduce_sum", "reduce_max",
                                "reduce_mean", "reduce_prod", "cumsum", "is_non_decreasing",
                                "reduce_variance", "sqrt", "exp", "reciprocal", "softmax",
                                "round", "is_nan", "real", "imag", "conj")],
    *[f"m('{n}', C)" for n in ("abs", "angle", "conj", "real", "imag", "exp", "reduce_sum",
                                "sqrt", "sign", "is_finite", "reciprocal")],
    *[f"m('{n}', R3)" for n in ("exp", "reduce_sum", "reduce_max", "softmax", "cumsum")],
    *[f"m('{n}', F)" for n in _REFUSED],
    "m('logical_not', B)", "m('bincount', I2)", "m('bincount', I2, minlength=6)",
    "m('add_n', [F])", "m('add_n', [F, F])", "m('add_n', [F, G, P])",
    "m('add_n', [F, D2])", "m('add_n', [I, I2])",
    *[f"m('{n}', G, P)" for n in _BINARY],
    *[f"m('{n}', G, 2.0)" for n in _BINARY],
    *[f"m('{n}', 2.0, G)" for n in ("subtract", "pow", "atan2", "floormod", "less")],
    *[f"m('{n}', G, D2)" for n in ("add", "multiply", "maximum", "pow", "equal")],
    *[f"m('{n}', I, I2)" for n in ("add", "floordiv", "floormod", "truediv", "divide",
                                   "pow", "maximum", "equal")],
    *[f"m('{n}', B, B2)" for n in ("logical_and", "logical_or", "logical_xor", "equal")],
    "m('add', F, I)", "m('add', F, R([[1.0], [], [2.0]]))", "m('add', F, R3)",
    "m('multiply', R3, 2.0)", "m('multiply', R3, tf.constant([[1.0], [2.0], [3.0]]))",
    "m('multiply', R3, tf.constant([1.0, 2.0]))",
    *[f"m('{n}', F, axis={a})" for n in ("reduce_sum", "reduce_mean", "reduce_max",
                                         "reduce_min", "reduce_prod", "reduce_std",
                                         "reduce_variance", "reduce_logsumexp")
      for a in (0, 1, -1, "(0, 1)", "None")],
    *[f"m('{n}', F, axis=1, keepdims=True)" for n in ("reduce_sum", "reduce_mean",
                                                      "reduce_max", "reduce_std")],
    *[f"m('{n}', R3, axis={a})" for n in ("reduce_sum", "reduce_mean", "reduce_max")
      for a in (0, 1, 2, "(1, 2)", "[0, 2]")],
    "m('reduce_sum', F, axis=2)", "m('reduce_sum', F, axis=-3)",
    "m('reduce_any', B, axis=1)", "m('reduce_all', B, axis=0)", "m('reduce_all', B)",
    "m('reduce_any', F)", "m('reduce_mean', I, axis=1)", "m('reduce_prod', I, axis=0)",
    "m('cumsum', F, axis=1)", "m('cumsum', F, axis=0)", "m('cumsum', I, exclusive=True)",
    "m('cumsum', I, reverse=True)", "m('cumsum', I, axis=1, exclusive=True, reverse=True)",
    "m('cumsum', R3, axis=2)", "m('cumsum', R3, axis=-1)",
    "m('softmax', F, axis=0)", "m('softmax', F, axis=1)", "m('softmax', R3, axis=1)",
    "m('round', R([[0.5, 1.5, 2.5, -0.5]]))", "m('rint', R([[0.5, 1.5, 2.5, -0.5]]))",
    "e(lambda: tf.clip_by_value(F, -1.0, 1.0))", "e(lambda: tf.clip_by_value(I, 0, 2))",
    "e(lambda: tf.cast(F, tf.int32))", "e(lambda: tf.cast(C, tf.float32))",
    "e(lambda: tf.saturate_cast(R([[300, -5]]), tf.uint8))",
    "e(lambda: tf.nn.relu(F))", "e(lambda: tf.nn.elu(F))", "e(lambda: tf.nn.gelu(F))",
    "e(lambda: tf.nn.leaky_relu(F))", "e(lambda: tf.nn.silu(F))",
    "e(lambda: tf.nn.dropout(F, 0.5, seed=1))", "e(lambda: tf.nn.dropout(F, 0.0))",
    "e(lambda: tf.math.l2_normalize(F, axis=1))",
    "e(lambda: tf.strings.as_string(F))", "e(lambda: tf.strings.as_string(I, width=3))",
    "e(lambda: tf.one_hot(I2, 4))", "e(lambda: tf.one_hot(I2, 4, axis=-1))",
    "e(lambda: tf.one_hot(I2, 4, axis=1))",
    "e(lambda: tf.repeat(F, 2))", "e(lambda: tf.repeat(F, 2, axis=0))",
    "e(lambda: tf.repeat(F, [1, 2, 0], axis=0))", "e(lambda: tf.repeat(F, 2, axis=1))",
    "e(lambda: tf.tile(F, [2, 1]))", "e(lambda: tf.tile(F, [1, 2]))",
    "e(lambda: tf.tile(R3, [1, 2, 1]))",
    "e(lambda: tf.reverse(F, [1]))", "e(lambda: tf.sort(F))",
    "e(lambda: tf.unstack(F))", "e(lambda: tf.unstack(F, axis=1))",
    "e(lambda: tf.gather(F, [2, 0]))", "e(lambda: tf.gather(F, [[2], [0, 0]]))",
    "e(lambda: tf.gather(F, R([[2], [0, 0]])))", "e(lambda: tf.gather(F, [1], axis=1))",
    "e(lambda: tf.gather(I, R([[0, 1], [], [0]]), batch_dims=1))",
    "e(lambda: tf.gather(tf.constant([10, 20, 30]), I2 - 1))",
    "e(lambda: tf.compat.v1.batch_gather(I, R([[0, 2], [], [0]])))",
    "e(lambda: tf.gather_nd(F, [[0, 1], [2, 0]]))", "e(lambda: tf.gather_nd(F, [[1]]))",
    "e(lambda: tf.expand_dims(F, 0))", "e(lambda: tf.expand_dims(F, 1))",
    "e(lambda: tf.expand_dims(F, 2))", "e(lambda: tf.expand_dims(F, -1))",
    "e(lambda: tf.squeeze(R([[[1], [2]], [[3]]], ragged_rank=1), axis=2))",
    "e(lambda: tf.squeeze(F))", "e(lambda: tf.squeeze(F, axis=1))",
    "e(lambda: tf.size(F))", "e(lambda: tf.size(R3, out_type=tf.int64))",
    "e(lambda: tf.rank(R3))", "e(lambda: tf.shape(F))", "e(lambda: tf.zeros_like(F))",
    "e(lambda: tf.ones_like(I, dtype=tf.float32))", "e(lambda: tf.where(B))",
    "e(lambda: tf.where(B, F, -F))", "e(lambda: tf.where(B, F, 0.0))",
    "e(lambda: tf.math.reduce_sum(tf.ragged.constant([[1, 2], [3]], dtype=tf.uint8)))",
    # one_hot's axis past the ragged dimensions; repeat and the monotonic checks flattened;
    # batch_gather of ragged operands
    *[f"e(lambda: tf.one_hot({x}, 4, axis={a}))" for x in ("I2", "R([[[1], [2]], [[0]]])",
                                                          "R([[[1, 2]], [[3, 0], [1, 1]]], "
                                                          "ragged_rank=1)")
      for a in (0, 1, 2, 3, -1, -2, 1.0, 2.5, "'2'", "True")],
    "e(lambda: tf.one_hot(I2, 4, axis=2, on_value=5, off_value=-1))",
    "e(lambda: tf.one_hot(I2, 4, axis=2, dtype=tf.int8))",
    "e(lambda: tf.one_hot(tf.constant([1, 2]), 3, axis=1.0))",
    "e(lambda: tf.one_hot(tf.constant([1, 2]), 3, axis=0.5))",
    "e(lambda: tf.one_hot(tf.constant([1, 2]), 3, axis='1'))",
    "e(lambda: tf.one_hot(tf.constant([[1, 2]]), 3, axis=1.9))",
    "e(lambda: tf.repeat(I, 2))", "e(lambda: tf.repeat(I, [1, 2, 0, 3]))",
    "e(lambda: tf.repeat(R3, 2))", "e(lambda: tf.repeat(R([[]], dtype=tf.int32), 3))",
    "e(lambda: tf.repeat(I, [1, 2]))", "e(lambda: tf.repeat(I, 2.0))",
    "e(lambda: tf.repeat(R([['a'], ['b', 'c']]), 2))",
    "e(lambda: tf.repeat(R([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1), 2))",
    *[f"m('{n}', {x})" for n in ("is_non_decreasing", "is_strictly_increasing")
      for x in ("R([[1, 2], [3]])", "R([[3], [1]])", "R([[1, 1], [3]])", "R([[]], dtype=tf.int32)",
                "R([[1.0], [], [2.0]])", "R3", "R([['a', 'b']])", "R([[True, False]])",
                "R([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1)")],
    "e(lambda: tf.compat.v1.batch_gather(R([[1, 2], [3]]), R([[1], [0, 0]])))",
    "e(lambda: tf.compat.v1.batch_gather(R([[1, 2], [3]]), tf.constant([[0], [0]])))",
    "e(lambda: tf.compat.v1.batch_gather(tf.constant([[1, 2], [3, 4]]), R([[1], [0, 1]])))",
    "e(lambda: tf.compat.v1.batch_gather(R([[[1], [2]], [[0]]]), R([[1], [0]])))",
    "e(lambda: tf.compat.v1.batch_gather(R([[1, 2], [3]]), R([[2], [0]])))",
    "e(lambda: tf.compat.v1.batch_gather(R([[1, 2], [3]]), R([[[0]], [[0, 0]]])))",
    "e(lambda: tf.compat.v1.batch_gather(R([[1, 2], [3]]), R([[1]])))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["tables20"] = _COMMON + r"""
MH = L.experimental.MutableHashTable
DH = L.experimental.DenseHashTable
def mh(kd=tf.string, vd=tf.int64, default=-1, keys=('a', 'b'), vals=(1, 2)):
    t = MH(kd, vd, default)
    if keys:
        t.insert(tf.constant(list(keys), kd), tf.constant(list(vals), vd))
    return t
def dh(kd=tf.int64, vd=tf.float32, default=-1.0, keys=(1, 2), vals=(0.5, 1.5), **k):
    k.setdefault('empty_key', -1)
    k.setdefault('deleted_key', -2)
    t = DH(kd, vd, default, **k)
    if keys:
        t.insert(tf.constant(list(keys), kd), tf.constant(list(vals), vd))
    return t
def exported(t):
    ks, vs = t.export()
    order = np.argsort(ks.numpy().reshape(len(ks.numpy()), -1)[:, 0], kind='stable') \
        if ks.shape.rank else None
    return v([tf.gather(ks, order), tf.gather(vs, order)]) if order is not None else v([ks, vs])
def dense_exported(t):
    ks, vs = t.export()
    return (ks.shape.as_list(), vs.shape.as_list(), ks.dtype.name, vs.dtype.name)
def ckpt(save, load, look, n=[0]):
    # save `save` (a table) in a checkpoint, restore it into `load`, then its lookup of `look`
    n[0] += 1
    path = os.path.join(TMP, f'c{n[0]}')
    def go():
        p = tf.train.Checkpoint(t=save).write(path)
        names = sorted((k, s) for k, s in tf.train.list_variables(p))
        status = tf.train.Checkpoint(t=load).read(p)
        return names, v(load.lookup(look)), v(load.size())
    return run(go)
def listed(t, n=[0]):
    n[0] += 1
    path = os.path.join(TMP, f'l{n[0]}')
    return run(lambda: [(k, s, v(tf.train.load_variable(path, k)) if 'keys' in k or
                         'values' in k else None)
                        for k, s in tf.train.list_variables(
                            tf.train.Checkpoint(t=t).write(path))])
class M(tf.Module):
    def __init__(self, t):
        self.t = t
    @tf.function(input_signature=[TS([None], tf.string)])
    def look(self, x):
        return self.t.lookup(x)
def saved(t, x, n=[0]):
    n[0] += 1
    path = os.path.join(TMP, f's{n[0]}')
    def go():
        tf.saved_model.save(M(t), path)
        m = tf.saved_model.load(path)
        return v(m.look(tf.constant(x))), sorted(os.listdir(os.path.join(path, 'variables')))
    return run(go)
"""
SECTIONS["tables20"] = _unique([
    # checkpoints of mutable tables: the saved names and shapes, restored lookups
    "listed(mh())", "listed(mh(keys=()))",
    "listed(mh(tf.int64, tf.string, '?', (3, 1), ('x', 'y')))",
    "listed(dh())", "listed(dh(keys=()))", "listed(dh(tf.int64, tf.int32, 0, (5,), (9,)))",
    "listed(MH(tf.string, tf.float32, [0.0, 0.0]))",
    "ckpt(mh(), mh(keys=()), tf.constant(['a', 'b', 'z']))",
    "ckpt(mh(), mh(keys=('q',), vals=(7,)), tf.constant(['a', 'q']))",
    "ckpt(mh(keys=()), mh(), tf.constant(['a']))",
    "ckpt(mh(), mh(tf.string, tf.int32), tf.constant(['a']))",
    "ckpt(mh(), mh(tf.int64, tf.int64, keys=()), tf.constant([1], tf.int64))",
    "ckpt(mh(), dh(tf.string, tf.int64, -1, (), (), empty_key='', deleted_key='!'), "
    "tf.constant(['a']))",
    "ckpt(dh(), dh(keys=()), tf.constant([1, 2, 3], tf.int64))",
    "ckpt(dh(), dh(keys=(7,), vals=(7.0,)), tf.constant([1, 7], tf.int64))",
    "ckpt(dh(), dh(tf.int64, tf.float64, keys=()), tf.constant([1], tf.int64))",
    "ckpt(dh(), dh(keys=(), initial_num_buckets=64), tf.constant([2], tf.int64))",
    "ckpt(dh(), mh(tf.int64, tf.float32, -1.0, ()), tf.constant([1], tf.int64))",
    # export and import
    "exported(mh())", "e(lambda: mh(keys=()).export())", "exported(dh())",
    "dense_exported(dh())", "dense_exported(dh(initial_num_buckets=4))",
    "dense_exported(dh(keys=()))",
    "e(lambda: dense_exported(dh(initial_num_buckets=3)))",
    "e(lambda: dense_exported(dh(initial_num_buckets=0)))",
    "e(lambda: mh().size())",
    "e(lambda: (lambda t: (t.remove(tf.constant(['a', 'zz'])), t.size())[1])(mh()))",
    "e(lambda: (lambda t: (t.remove(tf.constant([1, 9], tf.int64)), t.size())[1])(dh()))",
    "e(lambda: mh().remove(tf.constant([1])))",
    "e(lambda: dh().remove(tf.constant([-1], tf.int64)))",
    "e(lambda: dh().remove(tf.constant([-2], tf.int64)))",
    "e(lambda: dh().insert(tf.constant([-1], tf.int64), tf.constant([1.0])))",
    "e(lambda: dh().insert(tf.constant([3], tf.int64), tf.constant([1.0, 2.0])))",
    "e(lambda: mh().insert(tf.constant(['c']), tf.constant([1, 2], tf.int64)))",
    "e(lambda: mh().insert(tf.constant(['c']), tf.constant([1.0])))",
    "e(lambda: mh().insert(tf.constant([['c']]), tf.constant([[3]], tf.int64)))",
    "e(lambda: mh().lookup(tf.constant([['a', 'b'], ['c', 'a']])))",
    "e(lambda: dh().lookup(tf.constant([[1], [2]], tf.int64)))",
    "e(lambda: mh().lookup(tf.constant('a')))",
    "e(lambda: mh().lookup(R([['a'], ['b', 'q']])))",
    "e(lambda: dh().lookup(R([[1], [], [2, 5]], dtype=tf.int64)))",
    "e(lambda: mh().lookup(tf.constant([1])))",
    "e(lambda: (lambda t: t.import_(tf.constant(['x', 'y']), tf.constant([5, 6], tf.int64)) "
    "or t.lookup(tf.constant(['a', 'x'])))(mh()))",
    "e(lambda: mh().import_(tf.constant(['x']), tf.constant([5, 6], tf.int64)))",
    "e(lambda: mh().import_(tf.constant([1]), tf.constant([5], tf.int64)))",
    "e(lambda: (lambda t: t.import_(*dh().export()) or t.lookup(tf.constant([1, 2], "
    "tf.int64)))(dh(keys=())))",
    "e(lambda: dh(keys=()).import_(tf.constant([1, 2, 3], tf.int64), tf.constant([1.0, 2.0, "
    "3.0])))",
    "e(lambda: (lambda t: t.erase(tf.constant([1], tf.int64)) or t.size())(dh()))",
    "e(lambda: mh().erase(tf.constant(['a'])))",
    # saved models of a module using a table
    "saved(mh(), ['a', 'z'])",
    "saved(L.StaticHashTable(L.KeyValueTensorInitializer(['a', 'b'], [1, 2], value_dtype="
    "tf.int64), -1), ['b', 'z'])",
    "saved(L.StaticVocabularyTable(L.KeyValueTensorInitializer(['a', 'b'], [0, 1], "
    "value_dtype=tf.int64), 2), ['b', 'z', 'q'])",
    "saved(dh(tf.string, tf.int64, -1, ('a',), (4,), empty_key='', deleted_key='!'), "
    "['a', 'c'])",
])

# ---------------------------------------------------------------------------------------
PRELUDES["strings20"] = _COMMON + r"""
W = R([['the cat', 'sat on'], [], ['a  mat', '']])
W3 = R([[['a b', 'c'], []], [['d e f']]])
CP = R([[104, 105], [], [0x1F600, 233]])
BADCP = R([[104, 0x110000], [-5, 0xD800], [65]])
BADB = tf.constant([b'\xf0\x9f\x98', b'\xed\xa0\x80x', b'\xc0\xafz', b'\xf4\x90\x80\x80'])
def s(name, *a, **k):
    return e(lambda: getattr(S, name)(*a, **k))
"""
SECTIONS["strings20"] = _unique([
    # unicode_encode over encodings and errors modes, invalid code points, ragged ranks
    *[f"s('unicode_encode', {x}, '{enc}'{m})" for x in ("CP", "BADCP")
      for enc in ("UTF-8", "UTF-16-BE", "UTF-32-BE")
      for m in ("", ", errors='ignore'", ", errors='strict'",
                ", errors='replace', replacement_char=63")],
    "s('unicode_encode', R([[[104], [105, 106]], [[]]]), 'UTF-8')",
    "s('unicode_encode', tf.constant([[104, 105], [106, 107]]), 'UTF-8')",
    "s('unicode_encode', tf.constant([104, 105]), 'UTF-8')",
    "s('unicode_encode', tf.constant(104), 'UTF-8')",
    "s('unicode_encode', CP, 'UTF-16-LE')", "s('unicode_encode', CP, 'utf-8')",
    "s('unicode_encode', tf.cast(CP, tf.int64), 'UTF-8')",
    "s('unicode_encode', CP, 'UTF-8', errors='nope')",
    "s('unicode_encode', CP, 'UTF-8', replacement_char=-1)",
    # unicode_decode / split / transcode of odd inputs
    *[f"s('{f}', BADB, 'UTF-8'{m})" for f in ("unicode_decode", "unicode_split")
      for m in ("", ", errors='ignore'", ", errors='replace', replacement_char=0x2022")],
    "s('unicode_decode', W3, 'UTF-8')", "s('unicode_split', W3, 'UTF-8')",
    "s('unicode_decode_with_offsets', W3, 'UTF-8')",
    "s('unicode_decode', tf.constant('\\u00e9'), 'UTF-8')",
    "s('unicode_decode', tf.constant(['ab']), 'UTF-16-BE')",
    "s('unicode_decode', tf.constant(['\\x00a\\x00']), 'UTF-16-BE')",
    "s('unicode_decode', tf.constant(['abc']), 'US-ASCII')",
    "s('unicode_decode', tf.constant(['abc']), 'ISO-8859-1')",
    "s('unicode_transcode', tf.constant(['h\\u00e9']), 'UTF-8', 'ISO-8859-1')",
    "s('unicode_transcode', tf.constant(['h\\xe9']), 'ISO-8859-1', 'UTF-8')",
    "s('unicode_transcode', W, 'UTF-8', 'UTF-16-BE')",
    "s('unicode_transcode', tf.constant(['a\\x00b']), 'UTF-8', 'UTF-8', "
    "replace_control_characters=True)",
    "s('unicode_script', CP)", "s('unicode_script', tf.constant([[65, 0x3042], [0x0410, -1]]))",
    # split, ngrams and reduce_join over ragged inputs
    "s('split', W)", "s('split', W, ' ')", "s('split', W, 'at')", "s('split', W, maxsplit=1)",
    "s('split', W, ' ', maxsplit=0)", "s('split', W3)", "s('split', W3, ' ', maxsplit=1)",
    "s('split', tf.constant([['a b'], ['c']]))", "s('split', tf.constant('a b'))",
    "s('split', W, '')",
    "s('ngrams', S.split(W), 2)", "s('ngrams', S.split(W), 2, separator='_')",
    "s('ngrams', S.split(W), (1, 3))", "s('ngrams', S.split(W), 3, pad_values='#')",
    "s('ngrams', S.split(W), 3, pad_values=('<', '>'), padding_width=1)",
    "s('ngrams', S.split(W), 4, preserve_short_sequences=True)",
    "s('ngrams', S.split(W), 2, pad_values='#', preserve_short_sequences=True)",
    "s('ngrams', W, 2)", "s('ngrams', W3, 2)", "s('ngrams', S.split(W3), 2)",
    "s('ngrams', tf.constant([['a', 'b', 'c'], ['d', 'e', 'f']]), 2)",
    "s('ngrams', tf.constant(['a', 'b', 'c']), 5, pad_values='$', padding_width=2)",
    "s('ngrams', S.split(W), 0)", "s('ngrams', S.split(W), 2, padding_width=3, pad_values='p')",
    "s('ngrams', S.split(W), 2, pad_values=('a',))",
    "s('reduce_join', W)", "s('reduce_join', W, axis=1)", "s('reduce_join', W, axis=0)",
    "s('reduce_join', W, axis=-1, separator='|')", "s('reduce_join', W, axis=1, keepdims=True)",
    "s('reduce_join', W3, axis=1)", "s('reduce_join', W3, axis=2, separator='+')",
    "s('reduce_join', W3, axis=[1, 2])", "s('reduce_join', W3)",
    "s('reduce_join', W, axis=2)", "s('reduce_join', R([[]], dtype=tf.string), axis=1)",
    # other string ops given ragged inputs
    "s('join', [W, W], separator='-')", "s('join', [W, 'x'])", "s('length', W)",
    "s('length', W, unit='UTF8_CHAR')", "s('substr', W, 1, 2)",
    "s('substr', W, -3, 2, unit='UTF8_CHAR')", "s('strip', W)", "s('upper', W3)",
    "s('regex_replace', W, 'a', 'A')", "s('regex_full_match', W, '.*at.*')",
    "s('to_number', R([['1.5', '2'], ['x']]))", "s('to_number', R([['1', '2']]), tf.int64)",
    "s('as_string', R([[1.5, 2.0]]), precision=2)",
    "s('format', '{} and {}', [W, CP])", "s('bytes_split', W)", "s('bytes_split', W3)",
    "s('to_hash_bucket_fast', W, 5)", "s('to_hash_bucket_strong', W, 5, [1, 2])",
    "s('unsorted_segment_join', W.flat_values, [0, 1, 1, 0], 2, separator=',')",
])

# ---------------------------------------------------------------------------------------
PRELUDES["data20"] = _COMMON + r"""
D = tf.data.Dataset
A = R([[1, 2], [], [3], [4, 5, 6]])
A3 = R([[[1], [2, 3]], [], [[4]]])
def items(ds):
    # (an error's first part: a generator's carries the traceback of its process)
    r = run(lambda: [v(x) for x in ds])
    return r.split(chr(10) + 'Traceback')[0] if isinstance(r, str) else r
def spec(ds):
    return run(lambda: repr(ds.element_spec))
def sig(fn, *specs):
    # a traced function's structured input and output signature
    return run(lambda: (repr(tf.function(fn, input_signature=list(specs))
                             .get_concrete_function().structured_outputs)))
"""
SECTIONS["data20"] = _unique([
    # from_tensor_slices and batching of ragged data
    "spec(D.from_tensor_slices(A))", "items(D.from_tensor_slices(A))",
    "spec(D.from_tensor_slices(A3))", "items(D.from_tensor_slices(A3))",
    "items(D.from_tensor_slices({'a': A, 'b': tf.range(4)}))",
    "spec(D.from_tensor_slices((A, A)))", "items(D.from_tensor_slices(A).batch(3))",
    "spec(D.from_tensor_slices(A).batch(3))",
    "spec(D.from_tensor_slices(A).batch(3, drop_remainder=True))",
    "items(D.from_tensor_slices(A).batch(2).unbatch())",
    "spec(D.from_tensor_slices(A).batch(2).unbatch())",
    "items(D.from_tensor_slices(A).ragged_batch(3))",
    "items(D.from_tensor_slices(A3).ragged_batch(2, drop_remainder=True))",
    "spec(D.from_tensor_slices(A3).ragged_batch(2))",
    "items(D.from_tensor_slices(tf.constant([[1, 2], [3, 4], [5, 6]])).ragged_batch(2))",
    "spec(D.from_tensor_slices(tf.constant([[1, 2], [3, 4]])).ragged_batch(2, "
    "row_splits_dtype=tf.int32))",
    "items(D.range(4).map(lambda x: tf.range(x)).ragged_batch(3))",
    "spec(D.range(4).map(lambda x: tf.range(x)).ragged_batch(3))",
    "items(D.range(3).map(lambda x: tf.ragged.range(x)).ragged_batch(2))",
    "items(D.from_tensor_slices(A).padded_batch(2))",
    "items(D.from_tensor_slices(A).map(lambda x: x * 2))",
    "spec(D.from_tensor_slices(A).map(lambda x: x * 2))",
    "items(D.from_tensor_slices(A).map(lambda x: tf.reduce_sum(x)))",
    "items(D.from_tensor_slices(A).filter(lambda x: tf.size(x) > 1))",
    "items(D.from_tensor_slices(A).map(lambda x: tf.RaggedTensor.from_tensor([x])))",
    "items(D.from_tensor_slices(A).batch(2).map(lambda x: x.row_lengths()))",
    "items(D.from_tensor_slices(A).batch(2).map(lambda x: x.to_tensor()))",
    "items(D.from_tensor_slices(A).batch(2).rebatch(1))",
    "items(D.from_tensor_slices(A).window(2).flat_map(lambda w: w.batch(2)))",
    "items(D.from_tensor_slices(A).shuffle(1).take(2))",
    "items(D.from_tensor_slices(A).cache().repeat(2).batch(4))",
    "items(D.zip((D.from_tensor_slices(A), D.range(4))).batch(2))",
    "items(D.from_tensor_slices(A).concatenate(D.from_tensor_slices(R([[9]]))))",
    "items(D.from_tensor_slices(A).concatenate(D.from_tensor_slices(tf.constant([[9]]))))",
    "items(D.from_tensor_slices(A).concatenate(D.from_tensor_slices(A3)))",
    "items(D.from_tensor_slices(A).map(lambda x: {'r': x, 'n': tf.size(x)}).batch(2))",
    "items(D.from_tensors(A))", "spec(D.from_tensors(A))", "items(D.from_tensors(A).unbatch())",
    "items(D.from_tensor_slices(R([[]], dtype=tf.int32)))",
    "items(D.from_tensor_slices(R([], dtype=tf.int32)))",
    "items(D.from_tensor_slices(A).bucket_by_sequence_length(lambda x: tf.size(x), [2], "
    "[2, 2]))",
    "items(D.from_tensor_slices(A).batch(2).map(lambda x: tf.ragged.map_flat_values("
    "tf.strings.as_string, x)))",
    "items(D.from_generator(lambda: iter([[1], [2, 3]]), output_signature="
    "tf.RaggedTensorSpec([None], tf.int32)))",
    "items(D.from_generator(lambda: iter([tf.constant([1])]), output_signature="
    "tf.RaggedTensorSpec([None], tf.int32)))",
    "items(D.from_generator(lambda: iter([[[1], [2]]]), output_signature="
    "RS([None, None], tf.int32)))",
    "items(D.from_generator(lambda: iter([[1.5]]), output_signature="
    "RS([None], tf.float32)))",
    "items(D.from_generator(lambda: iter([(R([[1]]), [2])]), output_signature="
    "(RS([None, None], tf.int32), TS([None], tf.int32))))",
    "items(D.from_generator(lambda: iter([([[1], [2, 3]], [2])]), output_signature="
    "(RS([None, None], tf.int32), TS([None], tf.int32))))",
    "items(D.from_generator(lambda: iter([(R([[1]]),)]), output_signature="
    "(RS([None, None], tf.int32), TS([None], tf.int32))))",
    "items(D.from_generator(lambda: iter([{'a': [[1], [2, 3]]}]), output_signature="
    "{'a': RS([None, None], tf.int32)}))",
    "items(D.from_generator(lambda: iter([([1], [2])]), output_signature="
    "(TS([None], tf.int32), TS([None], tf.int32, name='n'))))",
    "items(D.from_generator(lambda: iter([([1],)]), output_signature="
    "(TS([None], tf.int32), TS([None], tf.int32))))",
    "items(D.from_generator(lambda: iter([[[1], [2, 3]]]), output_signature="
    "RS([None, None], tf.int32)))",
    "items(D.from_generator(lambda: iter([R([[1], [2, 3]])]), output_signature="
    "RS([None, None], tf.int32)))",
    "items(D.from_generator(lambda: iter([R([[1], [2, 3]])]), output_signature="
    "RS([None, None], tf.int64)))",
    "items(D.from_generator(lambda: iter([R([[1], [2, 3]])]), output_signature="
    "RS([None, None, None], tf.int32)))",
    # ragged through tf.function signatures
    "sig(lambda x: x * 2, RS([None, None], tf.int32))",
    "sig(lambda x: x.row_splits, RS([2, None], tf.int32))",
    "sig(lambda x: x.nrows(), RS([None, None], tf.int32, row_splits_dtype=tf.int32))",
    "sig(lambda x: x[0], RS([None, None, None], tf.float32, ragged_rank=1))",
    "sig(lambda x: x.to_tensor(), RS([3, None], tf.int32))",
    "sig(lambda x: x.bounding_shape(), RS([4, None, 2], tf.int32, ragged_rank=1))",
    "sig(lambda x: tf.concat([x, x], axis=1), RS([2, None], tf.int32))",
    "sig(lambda x: tf.concat([x, x], axis=0), RS([2, None], tf.int32))",
    "sig(lambda x: x.merge_dims(0, 1), RS([2, None, None], tf.int32))",
    "e(lambda: tv(lambda x: x + 1, RS([None, None], tf.int32))(A))",
    "e(lambda: tv(lambda x: x + 1, RS([None, None], tf.int32))(A3))",
    "e(lambda: tv(lambda x: x + 1, RS([None, None], tf.int64))(A))",
    "e(lambda: tv(lambda x: x + 1, RS([3, None], tf.int32))(A))",
    "e(lambda: tv(lambda x: x + 1, RS([None, None], tf.int32, row_splits_dtype=tf.int32))(A))",
    "e(lambda: tv(lambda x: x + 1, TS([None, None], tf.int32))(A))",
    "e(lambda: tv(lambda x: x + 1, RS([None, None], tf.int32))(tf.constant([[1, 2]])))",
    "e(lambda: tv(lambda x: x + 1, RS([None, None], tf.int32))([[1], [2, 3]]))",
    "e(lambda: tv(lambda x: x + 1, RS([None, None, 2], tf.int32, ragged_rank=1))("
    "R([[[1, 2]], []], ragged_rank=1)))",
    "e(lambda: tv(lambda x: x + 1, RS([None, None, 2], tf.int32, ragged_rank=1))("
    "R([[[1, 2, 3]], []], ragged_rank=1)))",
])

# ---------------------------------------------------------------------------------------
PRELUDES["getitem20"] = _COMMON + r"""
A = R([[1, 2, 3], [], [4, 5], [6]])
A3 = R([[[1, 2], [3]], [], [[4], [5, 6, 7]]])
U = R([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
N = tf.newaxis
def g(x, key):
    return e(lambda: x[key])
def tg(spec, key, x):
    return tv(lambda t: t[key], spec)(x)
"""
_KEYS = ("0", "-1", "4", "-5", "1:", ":-1", "::2", "::-1", "1:3", "3:1", "-2:",
         "(slice(None), 0)", "(slice(None), -1)", "(slice(None), 1)",
         "(slice(None), slice(1, None))",
         "(slice(None), slice(None, None, -1))", "(slice(None), slice(None, None, 2))",
         "(0, 1)", "(0, slice(1, None))", "(Ellipsis, 0)", "(Ellipsis,)", "(N,)",
         "(slice(None), N)", "(0, N)", "(Ellipsis, N)", "(slice(1, 3), slice(0, 1))",
         "(slice(None), slice(0, 1))", "tf.constant(1)", "tf.constant(1, tf.int64)",
         "(slice(tf.constant(1), None),)", "[0, 1]", "1.0", "'a'", "(0, 0, 0)",
         "(slice(None), slice(None), 0)", "True")
SECTIONS["getitem20"] = _unique([
    *[f"g(A, {k})" for k in _KEYS],
    *[f"g(A3, {k})" for k in _KEYS],
    *[f"g(U, {k})" for k in _KEYS],
    "g(A3, (slice(None), slice(None), 0))", "g(A3, (slice(None), 0, 0))",
    "g(A3, (slice(None), slice(None), slice(1, None)))", "g(A3, (Ellipsis, slice(1, None)))",
    "g(A3, (Ellipsis, -1))", "g(U, (slice(None), slice(None), 1))", "g(U, (Ellipsis, 0))",
    "g(U, (slice(None), 0, 1))", "g(U, (slice(None), N, 0))",
    "g(A, False)", "g(A, (True, 0))", "g(A, [True, False, True, True])",
    "g(A, tf.constant(True))", "g(A, [tf.constant(False)])", "g(A, (slice(None), True))",
    "g(A, (Ellipsis, True))", "g(A, (0, tf.constant(True)))", "g(U, (slice(None), True))",
    "g(U, (slice(None), slice(None), True))", "g(A3, (0, True))",
    "g(A3, (slice(None), slice(None), True))", "g(A, (0, True))",
    *[f"tg(RS([None, None], tf.int32), {k}, A)" for k in ("0", "-1", "1:", "::-1",
      "(slice(None), 0)", "(slice(None), slice(1, None))", "(Ellipsis, N)", "(0, 1)")],
    *[f"tg(RS([None, None, None], tf.int32), {k}, A3)" for k in (
      "(slice(None), slice(None), 0)", "(slice(None), -1)", "(Ellipsis, slice(None, 1))")],
])
