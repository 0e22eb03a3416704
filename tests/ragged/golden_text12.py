"""text12's probes, beyond text1-11's: gradients through ragged ops (reductions, gather,
concat, to_tensor, map_flat_values, where, boolean_mask) and sparse ops
(sparse_dense_matmul with adjoints, sparse.reduce_sum, to_dense, softmax, segment ops,
embedding_lookup_sparse's combiners); tf.io.parse_example, parse_single_example and
parse_sequence_example with FixedLenFeature, VarLenFeature on every dtype,
FixedLenSequenceFeature's allow_missing, SparseFeature and RaggedFeature (partitions,
row_splits_dtype), malformed protos and their errors; tf.train.Example and Feature protos
built, printed and serialized; tf.sparse's less-common ops (fill_empty_rows, segment ops
with num_segments, softmax, maximum/minimum, retain, reset_shape, transpose, expand_dims,
eye, from_dense, to_dense's validate_indices, map_values, bincount with weights and
binary_output); RaggedTensor.__getitem__ with steps, ellipsis and newaxis, ragged tf.nn
through map_flat_values, ragged reductions over axis lists, ragged where and cond in
tf.function; ragged and sparse in tf.data and in Keras; SparseTensorSpec and
RaggedTensorSpec in input signatures. Each area eagerly and inside tf.function with
unknown shapes. Each section runs in its own environment (its prelude), its expressions
in order. record_text12.py records what TF 2.21 answers in text12_golden.json;
test_text12_vs_tf.py compares."""

PRELUDES = {}
SECTIONS = {}

_COMMON = r"""import numpy as np, re, os, tempfile
S = tf.strings
R = tf.ragged.constant
RT = tf.RaggedTensor
RS = tf.RaggedTensorSpec
TS = tf.TensorSpec
SS = tf.SparseTensorSpec
ST = tf.SparseTensor
D = tf.data.Dataset
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
        return type(e).__name__ + ': ' + re.sub(r'goo\.gle/\w+ +', 'goo.gle/debug ', text)
def _round(x, n):
    if isinstance(x, float):
        return round(x, n)
    if isinstance(x, list):
        return [_round(y, n) for y in x]
    return x
def v(x, n=None):
    if hasattr(x, 'to_list'):
        return ('ragged', x.dtype.name, x.row_splits.dtype.name, x.ragged_rank,
                x.shape.as_list(), _round(x.to_list(), n) if n else x.to_list())
    if isinstance(x, (list, tuple)):
        return [v(y, n) for y in x]
    if isinstance(x, dict):
        return {k: v(y, n) for k, y in sorted(x.items())}
    if isinstance(x, tf.SparseTensor):
        vals = x.values.numpy().tolist()
        return ('sparse', x.dtype.name, x.indices.numpy().tolist(),
                _round(vals, n) if n else vals, x.dense_shape.numpy().tolist())
    if isinstance(x, tf.IndexedSlices):
        return ('slices', v(x.values, n), v(x.indices),
                None if x.dense_shape is None else v(x.dense_shape))
    if hasattr(x, 'numpy'):
        # (a scalar string's numpy() is bytes, without tolist)
        out = np.asarray(x.numpy()).tolist()
        return (x.dtype.name, x.shape.as_list(), _round(out, n) if n else out)
    return x
def vr(x):
    return v(x, 4)
def tv(fn, *specs):
    # a traced function's answer on its arguments: the values, or the error
    f = traced(fn, *specs)
    return lambda *a: v(run(f, *a))
def tvr(fn, *specs):
    f = traced(fn, *specs)
    return lambda *a: vr(run(f, *a))
def e(fn, *a):
    return v(run(fn, *a))
def er(fn, *a):
    return vr(run(fn, *a))
"""

_GRADS = r"""
def gr(fn, *xs):
    # each input's gradient of fn's value, a tape watching the inputs
    def go():
        with tf.GradientTape(persistent=True) as t:
            for x in xs:
                t.watch(x)
            y = fn(*xs)
        return [t.gradient(y, x) for x in xs]
    return vr(run(go))
def tg(fn, *specs):
    # the same inside tf.function with the input signature `specs`
    @tf.function(input_signature=list(specs))
    def f(*xs):
        with tf.GradientTape(persistent=True) as t:
            for x in xs:
                t.watch(x)
            y = fn(*xs)
        return [t.gradient(y, x) for x in xs]
    return lambda *a: vr(run(f, *a))
"""

# ---------------------------------------------------------------------------------------
PRELUDES["grads_ragged"] = _COMMON + _GRADS + r"""
fv = tf.constant([1., 2., 3., 4., 5.])
f2 = tf.reshape(tf.range(10.), [5, 2])
sp = tf.constant([0, 2, 2, 5], tf.int64)
full = tf.constant([0, 2, 3, 5], tf.int64)
def mk(f):
    return RT.from_row_splits(f, sp)
def mf(f):
    return RT.from_row_splits(f, full)
def sq(x):
    return tf.reduce_sum(x * x)
FV = TS([None], tf.float32)
"""
SECTIONS["grads_ragged"] = [
    # reductions over the ragged axis
    "gr(lambda f: tf.reduce_sum(mk(f)), fv)",
    "gr(lambda f: tf.reduce_sum(mk(f) * mk(f)), fv)",
    "gr(lambda f: sq(tf.reduce_sum(mk(f), axis=1)), fv)",
    "gr(lambda f: sq(tf.reduce_sum(mk(f), axis=0)), fv)",
    "gr(lambda f: tf.reduce_sum(tf.reduce_mean(mf(f), axis=1)), fv)",
    "gr(lambda f: tf.reduce_sum(tf.reduce_mean(mk(f), axis=1)), fv)",
    "gr(lambda f: tf.reduce_sum(tf.reduce_max(mf(f), axis=1)), fv)",
    "gr(lambda f: tf.reduce_sum(tf.reduce_min(mf(f), axis=1)), fv)",
    "gr(lambda f: tf.reduce_sum(tf.reduce_max(mf(f), axis=0)), fv)",
    "gr(lambda f: tf.reduce_sum(tf.reduce_prod(mf(f), axis=1)), fv)",
    "gr(lambda f: tf.reduce_sum(tf.reduce_logsumexp(mf(f), axis=1)), fv)",
    "gr(lambda f: tf.reduce_sum(tf.math.reduce_std(mf(f), axis=1)), fv)",
    "gr(lambda f: tf.reduce_sum(tf.math.reduce_variance(mf(f), axis=1)), fv)",
    "gr(lambda f: tf.reduce_mean(mf(f)), fv)",
    "gr(lambda f: tf.reduce_max(mf(f)), fv)",
    "gr(lambda f: tf.reduce_sum(mf(f), axis=[0, 1]), fv)",
    "gr(lambda f: sq(tf.reduce_sum(RT.from_row_splits(f2, full), axis=1)), f2)",
    "gr(lambda f: sq(tf.reduce_sum(RT.from_row_splits(f2, full), axis=2)), f2)",
    # to_tensor, gather, concat, stack
    "gr(lambda f: sq(mk(f).to_tensor()), fv)",
    "gr(lambda f: sq(mk(f).to_tensor(default_value=7.)), fv)",
    "gr(lambda f: sq(mk(f).to_tensor(shape=[2, 2])), fv)",
    "gr(lambda f: sq(mk(f).to_tensor() * tf.constant([[1.], [2.], [3.]])), fv)",
    "gr(lambda f: sq(tf.gather(mk(f), [2, 0, 2]).flat_values), fv)",
    "gr(lambda f: sq(tf.gather(mk(f), [2, 2]).to_tensor()), fv)",
    "gr(lambda f: sq(tf.concat([mk(f), mk(f)], axis=0).flat_values), fv)",
    "gr(lambda f: sq(tf.concat([mk(f), mk(2 * f)], axis=1).to_tensor()), fv)",
    "gr(lambda f: sq(tf.ragged.stack([mk(f), mk(f)], axis=0).flat_values), fv)",
    "gr(lambda f: sq(tf.ragged.stack([mk(f), mk(f)], axis=1).flat_values), fv)",
    "gr(lambda f: sq(tf.gather_nd(mf(f), [[0, 1], [2, 0]])), fv)",
    "gr(lambda f: sq(tf.tile(mf(f), [2, 1]).flat_values), fv)",
    "gr(lambda f: sq(tf.expand_dims(mf(f), 0).flat_values), fv)",
    "gr(lambda f: sq(mf(f)[1:].flat_values), fv)",
    "gr(lambda f: sq(mf(f)[:, 0]), fv)",
    "gr(lambda f: sq(mf(f)[:, -1]), fv)",
    "gr(lambda f: sq(mf(f)[:, 1:].flat_values), fv)",
    # map_flat_values, with_flat_values, elementwise
    "gr(lambda f: tf.reduce_sum(tf.ragged.map_flat_values(tf.math.square, mk(f))), fv)",
    "gr(lambda f: tf.reduce_sum(tf.ragged.map_flat_values(tf.math.exp, mk(f))), fv)",
    "gr(lambda f: tf.reduce_sum(tf.ragged.map_flat_values(tf.nn.softmax, mk(f)) * mk(f)), fv)",
    "gr(lambda f: tf.reduce_sum(tf.ragged.map_flat_values(tf.nn.l2_normalize, mk(f)) * mk(f)), fv)",
    "gr(lambda f: tf.reduce_sum(tf.ragged.map_flat_values(tf.nn.relu, mk(f) - 2.5)), fv)",
    "gr(lambda f: tf.reduce_sum(mk(f).with_flat_values(f * 3.)), fv)",
    "gr(lambda f: tf.reduce_sum(tf.math.log(mk(f)) + tf.math.sqrt(mk(f))), fv)",
    "gr(lambda f: tf.reduce_sum(tf.nn.sigmoid(mk(f))), fv)",
    "gr(lambda f: tf.reduce_sum(tf.math.maximum(mk(f), 2.5)), fv)",
    "gr(lambda f: tf.reduce_sum(mk(f) / mk(f + 1.)), fv)",
    "gr(lambda f: tf.reduce_sum(mk(f) * tf.constant([[1.], [2.], [3.]])), fv)",
    "gr(lambda f: tf.reduce_sum(mk(f) + 1.), fv)",
    "gr(lambda f: tf.reduce_sum(tf.where(mk(f) > 2.5, mk(f), mk(f) * 10.)), fv)",
    "gr(lambda f: sq(tf.ragged.boolean_mask(mk(f), mk(f) > 2.5).flat_values), fv)",
    "gr(lambda f: sq(tf.ragged.boolean_mask(mk(f), [True, False, True]).flat_values), fv)",
    "gr(lambda f: tf.reduce_sum(tf.cast(mk(f), tf.float64)), fv)",
    "gr(lambda f: tf.reduce_sum(mk(f).merge_dims(0, 1)), fv)",
    "gr(lambda f: sq(mk(f).values), fv)",
    # other constructors; gradients through the dense input
    "gr(lambda d: sq(RT.from_tensor(d, lengths=[1, 0, 2]).flat_values), "
     "tf.reshape(tf.range(6.), [3, 2]))",
    "gr(lambda d: sq(RT.from_tensor(d, padding=0.).flat_values), tf.constant([[1., 0.], [2., "
     "3.]]))",
    "gr(lambda f: sq(RT.from_value_rowids(f, [0, 0, 2, 2, 2]).to_tensor()), fv)",
    "gr(lambda f: sq(RT.from_row_lengths(f, [2, 0, 3])[2]), fv)",
    "gr(lambda f: sq(RT.from_uniform_row_length(f2, 1).to_tensor()), f2)",
    "gr(lambda f: sq(RT.from_nested_row_lengths(f, [[2, 1], [1, 2, 2]]).flat_values), fv)",
    # no gradient
    "gr(lambda f: tf.reduce_sum(tf.cast(mk(f) > 2., tf.float32)), fv)",
    "gr(lambda f: tf.cast(tf.reduce_sum(mk(f).row_lengths()), tf.float32), fv)",
    "gr(lambda f: tf.reduce_sum(mk(f)), tf.constant([1, 2, 3, 4, 5]))",
    # the gradient of a RaggedTensor source
    "gr(lambda r: tf.reduce_sum(r * r), mk(fv))",
    "gr(lambda r: tf.reduce_sum(tf.reduce_max(r, axis=1)), mf(fv))",
    "gr(lambda r: sq(r.to_tensor()), R([[1., 2.], [3.]]))",
    # traced with unknown shapes
    "tg(lambda f: sq(RT.from_row_lengths(f, [2, 0, 3])), FV)(fv)",
    "tg(lambda f: sq(tf.reduce_sum(RT.from_row_lengths(f, [2, 0, 3]), axis=1)), FV)(fv)",
    "tg(lambda f: tf.reduce_sum(tf.reduce_max(RT.from_row_lengths(f, [2, 1, 2]), axis=1)), FV)(fv)",
    "tg(lambda f: sq(RT.from_row_lengths(f, [2, 0, 3]).to_tensor()), FV)(fv)",
    "tg(lambda f: sq(tf.gather(RT.from_row_lengths(f, [2, 0, 3]), [2, 0]).flat_values), FV)(fv)",
    "tg(lambda f: sq(tf.concat([RT.from_row_lengths(f, [2, 0, 3])] * 2, axis=1).flat_values), "
     "FV)(fv)",
    "tg(lambda f: tf.reduce_sum(tf.ragged.map_flat_values(tf.nn.softmax, "
     "RT.from_row_lengths(f, [2, 0, 3])) * f[0]), FV)(fv)",
    "tg(lambda f: tf.reduce_sum(tf.reduce_mean(RT.from_row_lengths(f, [2, 1, 2]), axis=1)), "
     "FV)(fv)",
    "tg(lambda f: tf.reduce_sum(tf.where(RT.from_row_lengths(f, [2, 0, 3]) > 2.5, "
     "RT.from_row_lengths(f, [2, 0, 3]), 0. * RT.from_row_lengths(f, [2, 0, 3]))), FV)(fv)",
    "tg(lambda f, n: sq(RT.from_row_lengths(f, n).to_tensor()), FV, TS([None], tf.int64))(fv, "
     "tf.constant([1, 4], tf.int64))",
    "tg(lambda f, n: sq(tf.reduce_sum(RT.from_row_lengths(f, n), axis=1)), FV, TS([None], "
     "tf.int64))(fv, tf.constant([5, 0], tf.int64))",
    "tg(lambda d: sq(RT.from_tensor(d, lengths=[1, 2]).flat_values), TS([None, None], "
     "tf.float32))(tf.constant([[1., 2.], [3., 4.]]))",
    "tg(lambda r: tf.reduce_sum(r.flat_values ** 3), RS([None, None], tf.float32))(mk(fv))",
]

# ---------------------------------------------------------------------------------------
PRELUDES["grads_sparse"] = _COMMON + _GRADS + r"""
idx = tf.constant([[0, 0], [1, 2], [2, 1]], tf.int64)
vals = tf.constant([1., 2., 3.])
def sp(vv, shape=(3, 3)):
    return ST(idx, vv, shape)
d32 = tf.reshape(tf.range(6.), [3, 2])
d23 = tf.reshape(tf.range(6.), [2, 3])
d33 = tf.reshape(tf.range(9.), [3, 3])
params = tf.reshape(tf.range(8.), [4, 2])
at = [[0, 0], [0, 1], [1, 0], [2, 0], [2, 1], [2, 2]]
ids = ST(at, tf.constant([0, 3, 1, 2, 2, 0], tf.int64), [4, 3])
wts = ST(at, [1., 2., 0.5, 1., -1., 3.], [4, 3])
def sq(x):
    return tf.reduce_sum(x * x)
seg = tf.constant([0, 0, 1, 1, 1])
data5 = tf.constant([[1., 2.], [3., 4.], [5., 6.], [7., 8.], [9., 0.]])
VV = TS([None], tf.float32)
"""
SECTIONS["grads_sparse"] = [
    # sparse_dense_matmul
    "gr(lambda vv, d: sq(tf.sparse.sparse_dense_matmul(sp(vv), d)), vals, d32)",
    "gr(lambda vv, d: sq(tf.sparse.sparse_dense_matmul(sp(vv), d, adjoint_a=True)), vals, d32)",
    "gr(lambda vv, d: sq(tf.sparse.sparse_dense_matmul(sp(vv), d, adjoint_b=True)), vals, d23)",
    "gr(lambda vv, d: sq(tf.sparse.sparse_dense_matmul(sp(vv), d, adjoint_a=True, "
     "adjoint_b=True)), vals, d23)",
    "gr(lambda vv, d: sq(tf.sparse.sparse_dense_matmul(d, sp(vv))), vals, d23)",
    "gr(lambda vv, d: sq(tf.sparse.sparse_dense_matmul(d, sp(vv), adjoint_b=True)), vals, d23)",
    "gr(lambda vv, d: sq(tf.sparse.sparse_dense_matmul(sp(vv, (3, 4)), d)), vals, d32)",
    "gr(lambda vv, d: tf.reduce_sum(tf.sparse.sparse_dense_matmul(sp(vv), d)), "
     "tf.constant([1., 2., 3.], tf.float64), tf.cast(d32, tf.float64))",
    "gr(lambda vv, d: sq(tf.linalg.matmul(sp(vv), d, a_is_sparse=False) if False else "
     "tf.sparse.sparse_dense_matmul(sp(vv), d)), vals, d32)",
    # reductions, to_dense, add, softmax, map_values
    "gr(lambda vv: sq(tf.sparse.reduce_sum(sp(vv), axis=0)), vals)",
    "gr(lambda vv: sq(tf.sparse.reduce_sum(sp(vv), axis=1, keepdims=True)), vals)",
    "gr(lambda vv: tf.sparse.reduce_sum(sp(vv)), vals)",
    "gr(lambda vv: sq(tf.sparse.reduce_sum(sp(vv), axis=[0, 1])), vals)",
    "gr(lambda vv: sq(tf.sparse.reduce_sum(sp(vv), axis=1, output_is_sparse=True).values), vals)",
    "gr(lambda vv: sq(tf.sparse.reduce_max(sp(vv), axis=1)), vals)",
    "gr(lambda vv: sq(tf.sparse.to_dense(sp(vv)) * d33), vals)",
    "gr(lambda vv: sq(tf.sparse.to_dense(sp(vv), default_value=1.)), vals)",
    "gr(lambda vv, d: sq(tf.sparse.add(sp(vv), d)), vals, d33)",
    "gr(lambda vv, d: sq(tf.sparse.add(d, sp(vv))), vals, d33)",
    "gr(lambda vv: sq(tf.sparse.add(sp(vv), sp(2. * vv)).values), vals)",
    "gr(lambda vv: sq(tf.sparse.softmax(sp(vv)).values * vv), vals)",
    "gr(lambda vv: sq(tf.sparse.map_values(tf.math.square, sp(vv)).values), vals)",
    "gr(lambda vv: sq(tf.sparse.map_values(tf.multiply, sp(vv), sp(vv)).values), vals)",
    "gr(lambda vv: sq(tf.sparse.transpose(sp(vv)).values * tf.constant([1., 2., 3.])), vals)",
    "gr(lambda vv: sq(tf.sparse.reshape(sp(vv), [9]).values), vals)",
    "gr(lambda vv: sq(tf.sparse.reorder(ST([[1, 0], [0, 1]], vv, [2, 2])).values * "
     "tf.constant([1., 10.])), tf.constant([1., 2.]))",
    "gr(lambda vv: sq(tf.sparse.slice(sp(vv), [1, 0], [2, 3]).values), vals)",
    "gr(lambda vv: sq(tf.sparse.concat(0, [sp(vv), sp(vv)]).values), vals)",
    "gr(lambda vv: sq(tf.sparse.maximum(sp(vv), sp(2. - vv)).values), vals)",
    "gr(lambda vv: sq(tf.sparse.fill_empty_rows(ST([[0, 0], [2, 1]], vv, [3, 3]), "
     "5.)[0].values), tf.constant([1., 2.]))",
    "gr(lambda vv: sq(tf.sparse.retain(sp(vv), [True, False, True]).values), vals)",
    "gr(lambda vv: sq(tf.sparse.expand_dims(sp(vv), 0).values), vals)",
    "gr(lambda vv: sq(tf.sparse.segment_sum(vv, [0, 1, 2], [0, 0, 1])), tf.constant([1., 2., 3.]))",
    # the gradient of a SparseTensor source
    "gr(lambda s: tf.sparse.reduce_sum(s) * 2., sp(vals))",
    "gr(lambda s: sq(tf.sparse.sparse_dense_matmul(s, d32)), sp(vals))",
    # segment ops
    "gr(lambda d: sq(tf.math.segment_sum(d, seg)), data5)",
    "gr(lambda d: sq(tf.math.segment_mean(d, seg)), data5)",
    "gr(lambda d: sq(tf.math.segment_max(d, seg)), data5)",
    "gr(lambda d: sq(tf.math.segment_min(d, seg)), data5)",
    "gr(lambda d: sq(tf.math.segment_prod(d, seg)), data5)",
    "gr(lambda d: sq(tf.math.unsorted_segment_sum(d, [2, 0, 2, 1, 0], 4)), data5)",
    "gr(lambda d: sq(tf.math.unsorted_segment_mean(d, [2, 0, 2, 1, 0], 4)), data5)",
    "gr(lambda d: sq(tf.math.unsorted_segment_sqrt_n(d, [2, 0, 2, 1, 0], 4)), data5)",
    "gr(lambda d: sq(tf.math.unsorted_segment_max(d, [2, 0, 2, 1, 0], 4)), data5)",
    "gr(lambda d: sq(tf.math.unsorted_segment_min(d, [2, -1, 2, 1, 0], 3)), data5)",
    "gr(lambda d: sq(tf.math.unsorted_segment_prod(d, [2, 0, 2, 1, 0], 3)), data5)",
    "gr(lambda d: sq(tf.sparse.segment_sum(d, [0, 2, 4], [0, 0, 1])), data5)",
    "gr(lambda d: sq(tf.sparse.segment_mean(d, [0, 2, 4], [0, 0, 1])), data5)",
    "gr(lambda d: sq(tf.sparse.segment_sqrt_n(d, [0, 2, 4], [0, 0, 1])), data5)",
    "gr(lambda d: sq(tf.sparse.segment_sum(d, [0, 2, 4], [0, 0, 2], num_segments=4)), data5)",
    "gr(lambda d: sq(tf.sparse.segment_mean(d, [4, 4, 1], [0, 1, 1], num_segments=3)), data5)",
    "gr(lambda d: sq(tf.sparse.segment_sqrt_n(d, [3, 1, 1], [1, 1, 2], num_segments=3)), data5)",
    "gr(lambda d: sq(tf.gather(d, [3, 0, 3])), data5)",
    "gr(lambda d: sq(tf.nn.embedding_lookup(d, [3, 0, 3])), data5)",
    # embedding_lookup_sparse
    "er(lambda: tf.nn.embedding_lookup_sparse(params, ids, None, combiner='sum'))",
    "er(lambda: tf.nn.embedding_lookup_sparse(params, ids, None, combiner='mean'))",
    "er(lambda: tf.nn.embedding_lookup_sparse(params, ids, None, combiner='sqrtn'))",
    "er(lambda: tf.nn.embedding_lookup_sparse(params, ids, None))",
    "er(lambda: tf.nn.embedding_lookup_sparse(params, ids, wts, combiner='sum'))",
    "er(lambda: tf.nn.embedding_lookup_sparse(params, ids, wts, combiner='mean'))",
    "er(lambda: tf.nn.embedding_lookup_sparse(params, ids, wts, combiner='sqrtn'))",
    "er(lambda: tf.nn.embedding_lookup_sparse(params, ids, None, combiner='max'))",
    "er(lambda: tf.nn.embedding_lookup_sparse(params, ids, None, combiner='sum', max_norm=2.))",
    "er(lambda: tf.nn.embedding_lookup_sparse([params[:2], params[2:]], ids, None, "
     "combiner='sum'))",
    "er(lambda: tf.nn.embedding_lookup_sparse(params, ids, ST(wts.indices[:5], wts.values[:5], "
     "[4, 3])))",
    "er(lambda: tf.nn.embedding_lookup_sparse(params, ST([[0, 0]], tf.constant([9], tf.int64), "
     "[1, 1]), None))",
    "er(lambda: tf.nn.safe_embedding_lookup_sparse(params, ids, None, combiner='sum'))",
    "er(lambda: tf.nn.safe_embedding_lookup_sparse(params, ids, wts, combiner='mean'))",
    "er(lambda: tf.nn.safe_embedding_lookup_sparse(params, ids, None, default_id=3))",
    "er(lambda: tf.nn.safe_embedding_lookup_sparse(params, ST([[0, 0], [0, 1], [2, 0]], "
     "tf.constant([1, -1, 2], tf.int64), [3, 2]), None))",
    "er(lambda: tf.nn.safe_embedding_lookup_sparse(params, ST([[0, 0], [0, 1], [2, 0]], "
     "tf.constant([1, 3, 2], tf.int64), [3, 2]), ST([[0, 0], [0, 1], [2, 0]], [1., 0., -2.], "
     "[3, 2])))",
    "gr(lambda p: sq(tf.nn.embedding_lookup_sparse(p, ids, None, combiner='sum')), params)",
    "gr(lambda p: sq(tf.nn.embedding_lookup_sparse(p, ids, wts, combiner='mean')), params)",
    "gr(lambda p: sq(tf.nn.embedding_lookup_sparse(p, ids, None, combiner='sqrtn')), params)",
    "gr(lambda p, w: sq(tf.nn.embedding_lookup_sparse(p, ids, ST(wts.indices, w, "
     "wts.dense_shape), combiner='sum')), params, wts.values)",
    # traced with unknown shapes
    "tg(lambda vv, d: sq(tf.sparse.sparse_dense_matmul(ST(idx, vv, [3, 3]), d)), VV, TS([None, "
     "None], tf.float32))(vals, d32)",
    "tg(lambda vv: sq(tf.sparse.reduce_sum(ST(idx, vv, [3, 3]), axis=1)), VV)(vals)",
    "tg(lambda vv: sq(tf.sparse.to_dense(ST(idx, vv, [3, 3]))), VV)(vals)",
    "tg(lambda vv: sq(tf.sparse.softmax(ST(idx, vv, [3, 3])).values * vv), VV)(vals)",
    "tg(lambda d, s: sq(tf.math.unsorted_segment_sum(d, s, 3)), TS([None, 2], tf.float32), "
     "TS([None], tf.int32))(data5, tf.constant([2, 0, 2, 1, 0]))",
    "tg(lambda d, s: sq(tf.math.segment_mean(d, s)), TS([None, 2], tf.float32), TS([None], "
     "tf.int32))(data5, seg)",
    "tg(lambda d: sq(tf.sparse.segment_sqrt_n(d, [0, 2, 4], [0, 0, 2], num_segments=4)), "
     "TS([None, 2], tf.float32))(data5)",
    "tg(lambda p: sq(tf.nn.embedding_lookup_sparse(p, ids, wts, combiner='sqrtn')), TS([None, "
     "2], tf.float32))(params)",
    "tvr(lambda p, s: tf.nn.embedding_lookup_sparse(p, s, None, combiner='mean'), TS([None, "
     "2], tf.float32), SS([None, None], tf.int64))(params, ids)",
    "tvr(lambda p, s, w: tf.nn.safe_embedding_lookup_sparse(p, s, w), TS([None, 2], "
     "tf.float32), SS([None, None], tf.int64), SS([None, None], tf.float32))(params, ids, wts)",
    "tvr(lambda s, d: tf.sparse.sparse_dense_matmul(s, d), SS([None, None], tf.float32), "
     "TS([None, None], tf.float32))(sp(vals), d32)",
    "tvr(lambda s, d: tf.sparse.sparse_dense_matmul(s, d), SS([None, None], tf.float32), "
     "TS([None, None], tf.float32))(sp(vals), d23)",
]

# ---------------------------------------------------------------------------------------
_PROTOS = r"""
def fb(*x):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=list(x)))
def ff(*x):
    return tf.train.Feature(float_list=tf.train.FloatList(value=list(x)))
def fi(*x):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=list(x)))
def ex(**feats):
    return tf.train.Example(features=tf.train.Features(feature=feats))
def ser(**feats):
    return ex(**feats).SerializeToString()
FL = tf.io.FixedLenFeature
VL = tf.io.VarLenFeature
FS = tf.io.FixedLenSequenceFeature
RF = tf.io.RaggedFeature
SF = tf.io.SparseFeature
"""

PRELUDES["parse_example"] = _COMMON + _PROTOS + r"""
e1 = ser(a=fi(1, 2), b=ff(0.5, 1.5, 2.5), c=fb(b'x', b'yz'), n=fi(7))
e2 = ser(a=fi(3, 4), b=ff(), c=fb(b'q'))
e3 = ser(a=fi(5, 6), b=ff(9.), n=fi(8), ix=fi(0, 2), vx=ff(1., 2.))
batch = tf.constant([e1, e2, e3])
def pe(feats, s=batch, **k):
    return v(run(lambda: tf.io.parse_example(s, feats, **k)))
def ps(feats, s=e1, **k):
    return v(run(lambda: tf.io.parse_single_example(s, feats, **k)))
"""
SECTIONS["parse_example"] = [
    # FixedLenFeature
    "ps({'a': FL([2], tf.int64)})",
    "ps({'a': FL([2], tf.int64), 'n': FL([], tf.int64)})",
    "ps({'a': FL([1, 2], tf.int64)})",
    "ps({'b': FL([3], tf.float32)})",
    "ps({'c': FL([2], tf.string)})",
    "ps({'a': FL([3], tf.int64)})",
    "ps({'a': FL([], tf.int64)})",
    "ps({'z': FL([2], tf.int64)})",
    "ps({'z': FL([2], tf.int64, default_value=[4, 5])})",
    "ps({'z': FL([], tf.float32, default_value=1.5)})",
    "ps({'z': FL([2], tf.string, default_value=['d', 'e'])})",
    "ps({'a': FL([2], tf.float32)})",
    "ps({'b': FL([3], tf.int64)})",
    "ps({'a': FL([2], tf.int32)})",
    "ps({'a': FL([2], tf.string)})",
    "ps({'a': FL([None], tf.int64)})",
    "ps({'a': FL([2], tf.int64, default_value=[1])})",
    "pe({'a': FL([2], tf.int64)})",
    "pe({'a': FL([2], tf.int64), 'n': FL([], tf.int64, default_value=-1)})",
    "pe({'n': FL([], tf.int64)})",
    "pe({'b': FL([1], tf.float32)})",
    "pe({'c': FL([], tf.string, default_value='?')})",
    "pe({'c': FL([3], tf.string)})",
    "pe({'c': FL([1], tf.string)}, tf.constant([e2, e1]))",
    "pe({'c': FL([2], tf.string)}, tf.constant([e2, e1]))",
    "ps({'c': FL([3], tf.string)})",
    "ps({'c': FL([1], tf.string)})",
    "pe({'a': FL([2], tf.int64)}, tf.constant([e1, e2]), example_names=['one', 'two'])",
    "pe({'n': FL([], tf.int64)}, tf.constant([e1, e2]), example_names=['one', 'two'])",
    "pe({'a': FL([2], tf.int64)}, tf.constant([], tf.string))",
    "pe({'a': FL([2], tf.int64)}, tf.constant([[e1, e2], [e3, e1]]))",
    "pe({'a': FL([2], tf.int64)}, e1)",
    "pe({'a': FL([2], tf.int64)}, [e1, e2])",
    # VarLenFeature on every dtype
    "ps({'a': VL(tf.int64)})",
    "ps({'b': VL(tf.float32)})",
    "ps({'c': VL(tf.string)})",
    "ps({'z': VL(tf.int64)})",
    "ps({'a': VL(tf.float32)})",
    "ps({'a': VL(tf.int32)})",
    "pe({'a': VL(tf.int64)})",
    "pe({'b': VL(tf.float32)})",
    "pe({'c': VL(tf.string)})",
    "pe({'n': VL(tf.int64)})",
    "pe({'z': VL(tf.string)})",
    "pe({'b': VL(tf.float32), 'a': FL([2], tf.int64), 'c': VL(tf.string)})",
    "pe({'b': VL(tf.float32)}, tf.constant([[e1], [e3]]))",
    "pe({'b': VL(tf.float64)})",
    # FixedLenSequenceFeature
    "pe({'b': FS([], tf.float32, allow_missing=True)})",
    "pe({'b': FS([], tf.float32, allow_missing=True, default_value=-1.)})",
    "pe({'a': FS([2], tf.int64, allow_missing=True)})",
    "pe({'a': FS([3], tf.int64, allow_missing=True)})",
    "pe({'c': FS([], tf.string, allow_missing=True)})",
    "pe({'z': FS([], tf.int64, allow_missing=True)})",
    "pe({'b': FS([], tf.float32)})",
    "ps({'b': FS([], tf.float32, allow_missing=True)})",
    "ps({'a': FS([1], tf.int64, allow_missing=True)})",
    # SparseFeature
    "ps({'sp': SF('ix', 'vx', tf.float32, 4)}, e3)",
    "ps({'sp': SF(['ix'], 'vx', tf.float32, [4])}, e3)",
    "ps({'sp': SF('ix', 'vx', tf.float32, 2)}, e3)",
    "ps({'sp': SF('ix', 'vx', tf.int64, 4)}, e3)",
    "ps({'sp': SF('ix', 'vx', tf.float32, 4)}, e1)",
    "pe({'sp': SF('ix', 'vx', tf.float32, 3)}, tf.constant([e3, e3]))",
    "pe({'sp': SF('ix', 'vx', tf.float32, 3, already_sorted=True)}, tf.constant([e3]))",
    "pe({'sp': SF(['ix', 'a'], 'vx', tf.float32, [3, 8])}, tf.constant([e3]))",
    "pe({'sp': SF('ix', 'vx', tf.float32, 3)}, tf.constant([ser(ix=fi(0, 1), vx=ff(1.))]))",
    "pe({'sp': SF('ix', 'vx', tf.float32, 3)}, tf.constant([ser(ix=fi(2, 0), vx=ff(1., 2.))]))",
    "pe({'sp': SF('ix', 'vx', tf.float32, 3, already_sorted=True)}, tf.constant([ser(ix=fi(2, "
     "0), vx=ff(1., 2.))]))",
    # RaggedFeature
    "ps({'a': RF(tf.int64)})",
    "ps({'c': RF(tf.string)})",
    "ps({'z': RF(tf.float32)})",
    "pe({'a': RF(tf.int64)})",
    "pe({'b': RF(tf.float32)})",
    "pe({'b': RF(tf.float32, row_splits_dtype=tf.int32)})",
    "pe({'c': RF(tf.string)})",
    "pe({'z': RF(tf.int64)})",
    "pe({'b': RF(tf.float32, value_key='a')})",
    "pe({'r': RF(tf.int64, value_key='a')})",
    "pe({'r': RF(tf.float32, value_key='b', partitions=[RF.UniformRowLength(1)])})",
    "pe({'r': RF(tf.int64, value_key='a', partitions=[RF.UniformRowLength(2)])})",
    "pe({'r': RF(tf.int64, value_key='a', partitions=[RF.UniformRowLength(3)])})",
    "pe({'r': RF(tf.float32, value_key='vx', partitions=[RF.RowLengths('ix')])}, "
     "tf.constant([e3]))",
    "pe({'r': RF(tf.float32, value_key='vx', partitions=[RF.RowSplits('ix')])}, tf.constant([e3]))",
    "pe({'r': RF(tf.float32, value_key='vx', partitions=[RF.ValueRowIds('ix')])}, "
     "tf.constant([ser(ix=fi(0, 0), vx=ff(1., 2.))]))",
    "pe({'r': RF(tf.float32, value_key='vx', partitions=[RF.ValueRowIds('ix'), "
     "RF.UniformRowLength(1)])}, tf.constant([ser(ix=fi(0, 1), vx=ff(1., 2.))]))",
    "pe({'r': RF(tf.float32, value_key='vx', partitions=[RF.RowStarts('ix')])}, "
     "tf.constant([ser(ix=fi(0, 1), vx=ff(1., 2.))]))",
    "pe({'r': RF(tf.float32, value_key='vx', partitions=[RF.RowLimits('ix')])}, "
     "tf.constant([ser(ix=fi(1, 2), vx=ff(1., 2.))]))",
    "pe({'r': RF(tf.float32, value_key='vx', partitions=[RF.RowLengths('ix')], "
     "row_splits_dtype=tf.int32)}, tf.constant([e3]))",
    "pe({'r': RF(tf.float32, value_key='vx', partitions=[RF.RowLengths('ix')], "
     "validate=True)}, tf.constant([ser(ix=fi(1, 5), vx=ff(1., 2.))]))",
    "ps({'r': RF(tf.float32, value_key='vx', partitions=[RF.RowLengths('ix')])}, e3)",
    "ps({'r': RF(tf.float32, value_key='vx', partitions=[RF.UniformRowLength(2)])}, e3)",
    "run(lambda: RF(tf.int32))",
    "run(lambda: RF(tf.int64, row_splits_dtype=tf.int16))",
    "run(lambda: RF(tf.int64, partitions=[1]))",
    "RF(tf.int64)",
    "RF(tf.string, value_key='k', partitions=(RF.RowLengths('l'),))",
    "RF.UniformRowLength(2)",
    "RF.RowSplits('s')",
    # the features' own checks
    "FL([2], tf.int64)",
    "VL(tf.string)",
    "FS([], tf.float32, allow_missing=True)",
    "SF('i', 'v', tf.float32, 4)",
    "ps({})",
    "ps({'a': FL([2], tf.uint8)})",
    "ps({'a': VL(tf.int16)})",
    "ps({'a': 3})",
    "ps({'a': FL([2], tf.int64)}, tf.constant([e1, e2]))",
    "ps({'a': FL([2], tf.int64)}, 'not a proto')",
    "pe({'a': FL([2], tf.int64)}, tf.constant(['garbage', e1]))",
    "pe({'a': VL(tf.int64)}, tf.constant([b'\\x0a\\x05']))",
    "pe({'a': VL(tf.int64)}, tf.constant(['']))",
    "pe({'a': FL([2], tf.int64, default_value=[0, 0])}, tf.constant(['']))",
    "pe({'a': FL([2], tf.int64)}, tf.constant([1, 2]))",
    # traced with unknown shapes
    "tv(lambda s: tf.io.parse_example(s, {'a': FL([2], tf.int64)}), TS([None], tf.string))(batch)",
    "tv(lambda s: tf.io.parse_example(s, {'b': VL(tf.float32)}), TS([None], tf.string))(batch)",
    "tv(lambda s: tf.io.parse_example(s, {'b': RF(tf.float32)}), TS([None], tf.string))(batch)",
    "tv(lambda s: tf.io.parse_example(s, {'b': FS([], tf.float32, allow_missing=True)}), "
     "TS([None], tf.string))(batch)",
    "tv(lambda s: tf.io.parse_example(s, {'n': FL([], tf.int64)}), TS([None], tf.string))(batch)",
    "tv(lambda s: tf.io.parse_single_example(s, {'a': FL([2], tf.int64), 'c': VL(tf.string)}), "
     "TS([], tf.string))(e1)",
    "tv(lambda s: tf.io.parse_example(s, {'sp': SF('ix', 'vx', tf.float32, 4)}), TS([None], "
     "tf.string))(tf.constant([e3]))",
    "tv(lambda s: tf.io.parse_example(s, {'r': RF(tf.float32, value_key='vx', "
     "partitions=[RF.RowLengths('ix')])}), TS([None], tf.string))(tf.constant([e3]))",
    "[str(x) for x in tf.nest.flatten(traced(lambda s: tf.io.parse_example(s, {'a': FL([2], "
     "tf.int64), 'b': VL(tf.float32), 'r': RF(tf.int64, value_key='a')}), TS([None], "
     "tf.string)).get_concrete_function().structured_outputs, expand_composites=False)]",
    "str(traced(lambda s: tf.io.parse_single_example(s, {'a': FL([2], tf.int64)}), TS([], "
     "tf.string)).get_concrete_function().structured_outputs)",
]

# ---------------------------------------------------------------------------------------
PRELUDES["sequence_and_protos"] = _COMMON + _PROTOS + r"""
def fl(*fs):
    return tf.train.FeatureList(feature=list(fs))
def seq(ctx, fls):
    return tf.train.SequenceExample(context=tf.train.Features(feature=ctx),
                                    feature_lists=tf.train.FeatureLists(feature_list=fls))
s1 = seq({'len': fi(3), 'id': fb(b'u1')},
         {'tok': fl(fi(1), fi(2), fi(3)), 'w': fl(ff(0.5, 1.), ff(2., 3.), ff(4., 5.)),
          'r': fl(fi(1, 2), fi(), fi(3))}).SerializeToString()
s2 = seq({'len': fi(1), 'id': fb(b'u2')},
         {'tok': fl(fi(9)), 'w': fl(ff(6., 7.)), 'r': fl(fi(4, 5, 6))}).SerializeToString()
s3 = seq({'len': fi(0)}, {}).SerializeToString()
sb = tf.constant([s1, s2, s3])
def pse(s, ctx=None, seqf=None, **k):
    return v(run(lambda: tf.io.parse_sequence_example(s, ctx, seqf, **k)))
def psse(s, ctx=None, seqf=None, **k):
    return v(run(lambda: tf.io.parse_single_sequence_example(s, ctx, seqf, **k)))
E = ex(a=fi(1, 2), b=ff(0.5), c=fb(b'x', b'y\xff'))
"""
SECTIONS["sequence_and_protos"] = [
    # parse_sequence_example
    "pse(sb, {'len': FL([], tf.int64)}, {'tok': FS([], tf.int64)})",
    "pse(sb, {'len': FL([], tf.int64), 'id': FL([], tf.string, default_value='?')}, {'tok': "
     "FS([], tf.int64)})",
    "pse(sb, {'id': FL([], tf.string)})",
    "pse(sb, None, {'w': FS([2], tf.float32)})",
    "pse(sb, None, {'w': FS([2], tf.float32, allow_missing=True)})",
    "pse(sb, None, {'w': FS([3], tf.float32)})",
    "pse(sb, None, {'tok': VL(tf.int64)})",
    "pse(sb, None, {'r': VL(tf.int64)})",
    "pse(sb, None, {'r': RF(tf.int64)})",
    "pse(sb, None, {'r': RF(tf.int64, row_splits_dtype=tf.int32)})",
    "pse(sb, None, {'w': RF(tf.float32)})",
    "pse(sb, {'id': VL(tf.string)}, None)",
    "pse(sb, {'id': RF(tf.string)}, None)",
    "pse(sb, None, {'missing': FS([], tf.int64)})",
    "pse(sb, None, {'missing': FS([], tf.int64, allow_missing=True)})",
    "pse(sb, None, {'missing': VL(tf.float32)})",
    "pse(sb, None, {'tok': FS([], tf.float32)})",
    "pse(sb, None, {'tok': FS([], tf.int64, default_value=0)})",
    "pse(sb[:2], None, {'tok': FS([], tf.int64)})",
    "pse(sb[:1], {'len': FL([], tf.int64)}, {'tok': FS([], tf.int64), 'w': FS([2], tf.float32)})",
    "pse(sb, None, None)",
    "pse(s1, None, {'tok': FS([], tf.int64)})",
    "pse(tf.constant(['bad']), None, {'tok': FS([], tf.int64)})",
    "psse(s1, {'len': FL([], tf.int64)}, {'tok': FS([], tf.int64), 'w': FS([2], tf.float32)})",
    "psse(s1, None, {'r': VL(tf.int64)})",
    "psse(s1, None, {'r': RF(tf.int64)})",
    "psse(s1, {'id': RF(tf.string)}, None)",
    "psse(s2, None, {'r': RF(tf.int64), 'w': RF(tf.float32, row_splits_dtype=tf.int32)})",
    "psse(s1, {'id': VL(tf.string)}, {'r': RF(tf.int64)})",
    "pse(tf.constant([seq({'id': fi(1)}, {}).SerializeToString(), s3]), {'id': FL([], tf.int64)})",
    "pse(tf.constant([s3, seq({'id': fi(1)}, {}).SerializeToString()]), {'id': FL([2], tf.int64)})",
    "pse(tf.constant([s3, s3]), {'id': FL([], tf.int64)})",
    "pse(tf.constant([s3, s1]), {'id': FL([], tf.string, default_value='d')})",
    "psse(s3, {'id': FL([], tf.string, default_value='none')}, {'tok': FS([], tf.int64, "
     "allow_missing=True)})",
    "psse(s3, None, {'tok': FS([], tf.int64)})",
    "psse(s2, None, {'w': FS([2], tf.float32)}, example_name='ex2')",
    "psse(sb, None, {'w': FS([2], tf.float32)})",
    "tv(lambda s: tf.io.parse_sequence_example(s, {'len': FL([], tf.int64)}, {'tok': FS([], "
     "tf.int64)}), TS([None], tf.string))(sb)",
    "tv(lambda s: tf.io.parse_sequence_example(s, None, {'r': RF(tf.int64)}), TS([None], "
     "tf.string))(sb)",
    "tv(lambda s: tf.io.parse_sequence_example(s, None, {'r': VL(tf.int64)}), TS([None], "
     "tf.string))(sb)",
    "tv(lambda s: tf.io.parse_single_sequence_example(s, None, {'w': FS([2], tf.float32)}), "
     "TS([], tf.string))(s1)",
    # Example protos built, printed and serialized
    "str(E)",
    "str(fi(1, -2))",
    "str(ff(0.5, 1e20))",
    "str(fb(b'a', b'\\x00\\n'))",
    "str(tf.train.Feature())",
    "str(tf.train.Example())",
    "E.SerializeToString(deterministic=True)",
    "ex(a=fi(1, 2)).SerializeToString()",
    "len(E.SerializeToString())",
    "fi(1, 2).SerializeToString()",
    "fi(-1).SerializeToString()",
    "ff(1.5).SerializeToString()",
    "fb(b'ab').SerializeToString()",
    "tf.train.Example().SerializeToString()",
    "tf.train.Example.FromString(E.SerializeToString()) == E",
    "list(tf.train.Example.FromString(E.SerializeToString()).features.feature['a'].int64_list.value)",
    "list(E.features.feature['c'].bytes_list.value)",
    "sorted(E.features.feature.keys())",
    "E.features.feature['a'].WhichOneof('kind')",
    "tf.train.Feature().WhichOneof('kind')",
    "E.features.feature['a'].HasField('int64_list')",
    "E.features.feature['a'].HasField('float_list')",
    "'a' in E.features.feature",
    "'q' in E.features.feature",
    "len(E.features.feature)",
    "E.ByteSize()",
    "tf.train.Int64List(value=[1, 2]) == tf.train.Int64List(value=[1, 2])",
    "tf.train.Int64List(value=[1, 2]) == tf.train.Int64List(value=[2, 1])",
    "run(lambda: tf.train.Int64List(value=['a']))",
    "run(lambda: tf.train.FloatList(value=['a']))",
    "run(lambda: tf.train.BytesList(value=[1]))",
    "run(lambda: tf.train.Int64List(value=[2 ** 63]))",
    "run(lambda: tf.train.Feature(int64_list=tf.train.FloatList(value=[1.])))",
    "run(lambda: tf.train.Example(nope=1))",
    "run(lambda: tf.train.Example.FromString(b'\\xff\\xff'))",
    "list(tf.train.FloatList(value=[0.1]).value)",
    "list(tf.train.BytesList(value=['s\\u00e9']).value)",
    "list(tf.train.Int64List(value=[True, 3]).value)",
    "str(tf.train.SequenceExample.FromString(s2))",
    "tf.train.SequenceExample.FromString(s1).feature_lists.feature_list['tok'].feature[1].int64_list.value[0]",
    "len(tf.train.SequenceExample.FromString(s1).feature_lists.feature_list['w'].feature)",
    "v(tf.io.parse_single_example(E.SerializeToString(), {'c': VL(tf.string)}))",
    "v(tf.io.parse_single_example(tf.constant(E.SerializeToString()), {'b': FL([], tf.float32)}))",
    "v(tf.io.parse_example([tf.train.Example(features=tf.train.Features(feature={'x': fi(i, i "
     "* i)})).SerializeToString() for i in range(3)], {'x': FL([2], tf.int64)}))",
    "v(tf.io.parse_tensor(tf.io.serialize_tensor(tf.constant([1.5, 2.])), tf.float32))",
    "v(run(lambda: tf.io.parse_tensor(tf.io.serialize_tensor(tf.constant([1.5, 2.])), tf.int32)))",
    "v(run(lambda: tf.io.parse_tensor(E.SerializeToString(), tf.float32)))",
    "v(tf.io.serialize_sparse(ST([[0, 1]], [5], [2, 3]))[1:])",
    "v(tf.io.deserialize_many_sparse(tf.stack([tf.io.serialize_sparse(ST([[0, 1]], [5], [2, "
     "3])), tf.io.serialize_sparse(ST([[1, 0]], [6], [2, 2]))]), tf.int32))",
    "v(run(lambda: tf.io.deserialize_many_sparse(tf.stack([tf.io.serialize_sparse(ST([[0, 1]], "
     "[5], [2, 3]))]), tf.int64)))",
    "v(tf.io.decode_proto(tf.constant([E.features.feature['a'].SerializeToString()]), "
     "'tensorflow.Feature', ['int64_list'], [tf.string])[1])",
    "v(tf.io.decode_proto(tf.constant([fi(4, 5).int64_list.SerializeToString()]), "
     "'tensorflow.Int64List', ['value'], [tf.int64]))",
]

# ---------------------------------------------------------------------------------------
PRELUDES["sparse_less"] = _COMMON + r"""
a = ST([[0, 1], [1, 0], [3, 2]], [1., -2., 3.], [4, 3])
b = ST([[0, 1], [1, 1], [3, 2]], [0.5, 4., -3.], [4, 3])
ai = ST([[0, 1], [1, 0], [3, 2]], [1, 2, 3], [4, 3])
s3 = ST([[0, 0, 1], [1, 1, 0], [1, 2, 1]], [1, 2, 3], [2, 3, 2])
unsorted = ST([[1, 0], [0, 1]], [1., 2.], [2, 2])
dup = ST([[0, 1], [0, 1]], [1., 2.], [2, 2])
oob = ST([[0, 5]], [1.], [2, 2])
"""
SECTIONS["sparse_less"] = [
    # fill_empty_rows
    "e(lambda: tf.sparse.fill_empty_rows(a, 0.))",
    "e(lambda: tf.sparse.fill_empty_rows(a, -1.))",
    "e(lambda: tf.sparse.fill_empty_rows(ai, 9))",
    "e(lambda: tf.sparse.fill_empty_rows(ST(tf.zeros([0, 2], tf.int64), tf.zeros([0]), [2, "
     "2]), 1.))",
    "e(lambda: tf.sparse.fill_empty_rows(ST([[0], [3]], ['a', 'b'], [5]), 'z'))",
    "e(lambda: tf.sparse.fill_empty_rows(s3, 0))",
    "e(lambda: tf.sparse.fill_empty_rows(a, 1))",
    "e(lambda: tf.sparse.fill_empty_rows(a, [0.]))",
    "e(lambda: tf.sparse.fill_empty_rows(unsorted, 0.))",
    "e(lambda: tf.sparse.fill_empty_rows(ST([[5, 0]], [1.], [2, 2]), 0.))",
    # segment ops with num_segments
    "e(lambda: tf.sparse.segment_sum(tf.constant([1., 2., 3., 4.]), [0, 1, 3], [0, 0, 2]))",
    "e(lambda: tf.sparse.segment_sum(tf.constant([1., 2., 3., 4.]), [0, 1, 3], [0, 0, 2], "
     "num_segments=5))",
    "e(lambda: tf.sparse.segment_mean(tf.constant([1., 2., 3., 4.]), [0, 1, 3], [0, 0, 2], "
     "num_segments=4))",
    "er(lambda: tf.sparse.segment_sqrt_n(tf.constant([1., 2., 3., 4.]), [0, 1, 3], [0, 0, 2], "
     "num_segments=4))",
    "e(lambda: tf.sparse.segment_sum(tf.constant([1., 2., 3., 4.]), [0, 1, 3], [0, 0, 2], "
     "num_segments=2))",
    "e(lambda: tf.sparse.segment_sum(tf.constant([1., 2., 3., 4.]), [0, 1, 3], [1, 0, 2]))",
    "e(lambda: tf.sparse.segment_sum(tf.constant([1., 2., 3., 4.]), [0, 9], [0, 1]))",
    "e(lambda: tf.sparse.segment_sum(tf.constant([1., 2., 3., 4.]), [0, 1], [0, 1, 2]))",
    "e(lambda: tf.sparse.segment_sum(tf.constant([1, 2, 3, 4]), [0, 1, 2], [0, 0, 1]))",
    "e(lambda: tf.sparse.segment_mean(tf.constant([1, 2, 3, 4]), [0, 1, 2], [0, 0, 1]))",
    "e(lambda: tf.sparse.segment_sum(tf.reshape(tf.range(8.), [4, 2]), tf.constant([3, 0], "
     "tf.int64), tf.constant([0, 2], tf.int64), num_segments=3))",
    "e(lambda: tf.sparse.segment_mean(tf.reshape(tf.range(8.), [4, 2]), [3, 0], [1, 1], "
     "num_segments=tf.constant(3, tf.int64)))",
    "e(lambda: tf.sparse.segment_sum(tf.constant([1., 2.]), [0, 1], [0, -1]))",
    "e(lambda: tf.sparse.segment_sum(tf.constant([1., 2.]), [0, 1], [0, 1], num_segments=-1))",
    "e(lambda: tf.sparse.segment_sum(tf.constant([1., 2.]), [0.5], [0]))",
    "e(lambda: tf.sparse.segment_sum(tf.constant([1., 2.]), [0, 1], [0, 1], sparse_gradient=True))",
    # softmax
    "er(lambda: tf.sparse.softmax(a))",
    "er(lambda: tf.sparse.softmax(ST([[0, 0], [0, 2], [1, 1]], [1., 2., 3.], [2, 3])))",
    "er(lambda: tf.sparse.softmax(ST([[0, 0, 0], [0, 0, 1], [1, 0, 0]], tf.constant([1., 1., "
     "5.], tf.float64), [2, 1, 2])))",
    "e(lambda: tf.sparse.softmax(ST([[0]], [1.], [3])))",
    "e(lambda: tf.sparse.softmax(ai))",
    # maximum / minimum
    "e(lambda: tf.sparse.maximum(a, b))",
    "e(lambda: tf.sparse.minimum(a, b))",
    "e(lambda: tf.sparse.maximum(ai, ST([[0, 1], [2, 2]], [5, -1], [4, 3])))",
    "e(lambda: tf.sparse.maximum(a, ST([[0, 1]], [1.], [4, 4])))",
    "e(lambda: tf.sparse.maximum(a, ai))",
    "e(lambda: tf.sparse.minimum(unsorted, ST([[0, 1]], [0.], [2, 2])))",
    # retain, reset_shape, transpose, expand_dims
    "e(lambda: tf.sparse.retain(a, [True, False, True]))",
    "e(lambda: tf.sparse.retain(a, tf.constant([False] * 3)))",
    "e(lambda: tf.sparse.retain(a, [True, False]))",
    "e(lambda: tf.sparse.retain(a, [1, 0, 1]))",
    "e(lambda: tf.sparse.reset_shape(a))",
    "e(lambda: tf.sparse.reset_shape(a, [5, 5]))",
    "e(lambda: tf.sparse.reset_shape(a, [2, 5]))",
    "e(lambda: tf.sparse.reset_shape(a, [4, 3, 1]))",
    "e(lambda: tf.sparse.reset_shape(ST(tf.zeros([0, 2], tf.int64), tf.zeros([0]), [3, 3])))",
    "e(lambda: tf.sparse.transpose(a))",
    "e(lambda: tf.sparse.transpose(s3))",
    "e(lambda: tf.sparse.transpose(s3, [2, 0, 1]))",
    "e(lambda: tf.sparse.transpose(s3, [0, 0, 1]))",
    "e(lambda: tf.sparse.transpose(s3, [1, 0]))",
    "e(lambda: tf.sparse.expand_dims(a, 0))",
    "e(lambda: tf.sparse.expand_dims(a, -1))",
    "e(lambda: tf.sparse.expand_dims(a, 1))",
    "e(lambda: tf.sparse.expand_dims(a, 3))",
    "e(lambda: tf.sparse.expand_dims(a, -4))",
    # eye, from_dense, to_dense
    "e(lambda: tf.sparse.eye(3))",
    "e(lambda: tf.sparse.eye(2, 4))",
    "e(lambda: tf.sparse.eye(4, 2, dtype=tf.int32))",
    "e(lambda: tf.sparse.eye(0))",
    "e(lambda: tf.sparse.eye(-1))",
    "e(lambda: tf.sparse.from_dense([[0, 1], [2, 0]]))",
    "e(lambda: tf.sparse.from_dense(tf.constant([['', 'a'], ['b', '']])))",
    "e(lambda: tf.sparse.from_dense(tf.constant([True, False, True])))",
    "e(lambda: tf.sparse.from_dense(tf.constant(5.)))",
    "e(lambda: tf.sparse.from_dense(tf.zeros([2, 0])))",
    "e(lambda: tf.sparse.from_dense(tf.constant([[np.nan, 0.], [-0., 1.]])))",
    "e(lambda: tf.sparse.to_dense(unsorted))",
    "e(lambda: tf.sparse.to_dense(unsorted, validate_indices=False))",
    "e(lambda: tf.sparse.to_dense(dup))",
    "e(lambda: tf.sparse.to_dense(dup, validate_indices=False))",
    "e(lambda: tf.sparse.to_dense(oob))",
    "e(lambda: tf.sparse.to_dense(oob, validate_indices=False))",
    "e(lambda: tf.sparse.to_dense(ST([[-1, 0]], [1.], [2, 2])))",
    "e(lambda: tf.sparse.to_dense(a, default_value=7.))",
    "e(lambda: tf.sparse.to_dense(a, default_value=7))",
    "e(lambda: tf.sparse.to_dense(ST([[0], [2]], ['x', 'y'], [3]), default_value='-'))",
    # map_values
    "e(lambda: tf.sparse.map_values(tf.math.abs, a))",
    "e(lambda: tf.sparse.map_values(tf.add, a, 10.))",
    "e(lambda: tf.sparse.map_values(tf.add, a, a))",
    "e(lambda: tf.sparse.map_values(tf.add, a, b))",
    "e(lambda: tf.sparse.map_values(tf.cast, ai, tf.float32))",
    "e(lambda: tf.sparse.map_values(lambda x: x, 3))",
    "e(lambda: tf.sparse.map_values(tf.strings.as_string, ai))",
    # bincount
    "e(lambda: tf.sparse.bincount(ai))",
    "e(lambda: tf.sparse.bincount(ai, axis=-1))",
    "e(lambda: tf.sparse.bincount(ai, axis=0))",
    "e(lambda: tf.sparse.bincount(ai, binary_output=True))",
    "e(lambda: tf.sparse.bincount(ai, axis=-1, binary_output=True))",
    "e(lambda: tf.sparse.bincount(ai, weights=tf.constant([0.5, 1.5, 2.5]), axis=-1))",
    "e(lambda: tf.sparse.bincount(ai, weights=a, axis=-1))",
    "e(lambda: tf.sparse.bincount(ai, minlength=6, axis=-1))",
    "e(lambda: tf.sparse.bincount(ai, maxlength=2, axis=-1))",
    "e(lambda: tf.sparse.bincount(ai, weights=a, binary_output=True))",
    "e(lambda: tf.sparse.bincount(tf.constant([[1, 1, 3], [0, 0, 0]]), axis=-1))",
    "e(lambda: tf.sparse.bincount(R([[1, 1], [], [4]]), axis=-1))",
    "e(lambda: tf.sparse.bincount(R([[1, 1], [], [4]]), weights=R([[1., 2.], [], [3.]]), axis=-1))",
    "e(lambda: tf.sparse.bincount(tf.constant([3, 3, -1]), axis=0))",
    "e(lambda: tf.sparse.bincount(ai, axis=1))",
    "e(lambda: tf.math.bincount(tf.constant([1, 1, 3]), weights=tf.constant([1., 2., 3.]), "
     "binary_output=True))",
    "e(lambda: tf.math.bincount(ai, axis=-1))",
    "e(lambda: tf.math.bincount(R([[1, 1], [2]]), axis=-1, binary_output=True))",
    # traced with unknown shapes
    "tv(lambda i, x: tf.sparse.fill_empty_rows(ST(i, x, [4, 3]), 0.), TS([None, 2], tf.int64), "
     "TS([None], tf.float32))(a.indices, a.values)",
    "tv(lambda s: tf.sparse.fill_empty_rows(s, -1), SS([None, None], tf.int32))(ai)",
    "tv(lambda s: tf.sparse.reset_shape(s), SS([None, None], tf.float32))(a)",
    "tv(lambda s: tf.sparse.reset_shape(s, [9, 9]), SS([None, None], tf.float32))(a)",
    "tv(lambda s: tf.sparse.transpose(s), SS(None, tf.int32))(s3)",
    "tv(lambda s: tf.sparse.expand_dims(s, 1), SS([None, None], tf.float32))(a)",
    "tv(lambda s, m: tf.sparse.retain(s, m), SS([None, None], tf.float32), TS([None], "
     "tf.bool))(a, tf.constant([True, True, False]))",
    "tv(lambda n: tf.sparse.eye(n), TS([], tf.int32))(tf.constant(3))",
    "tv(lambda d: tf.sparse.from_dense(d), TS([None, None], tf.int32))(tf.constant([[0, 1], "
     "[2, 0]]))",
    "tv(lambda s: tf.sparse.to_dense(s), SS([None, None], tf.float32))(unsorted)",
    "tv(lambda s: tf.sparse.to_dense(s), SS([None, None], tf.float32))(oob)",
    "tvr(lambda s: tf.sparse.softmax(s), SS([None, None], tf.float32))(a)",
    "tv(lambda s, t: tf.sparse.maximum(s, t), SS([None, None], tf.float32), SS([None, None], "
     "tf.float32))(a, b)",
    "tv(lambda s: tf.sparse.bincount(s, axis=-1), SS([None, None], tf.int32))(ai)",
    "tv(lambda s: tf.sparse.map_values(tf.math.negative, s), SS([None, None], tf.float32))(a)",
    "tv(lambda d, i, s: tf.sparse.segment_sum(d, i, s, num_segments=4), TS([None], "
     "tf.float32), TS([None], tf.int32), TS([None], tf.int32))(tf.constant([1., 2., 3.]), "
     "tf.constant([0, 2]), tf.constant([0, 3]))",
    "str(traced(lambda s: tf.sparse.fill_empty_rows(s, 0.), SS([None, 3], "
     "tf.float32)).get_concrete_function().structured_outputs)",
    "str(traced(lambda s: tf.sparse.expand_dims(s, 1), SS([4, None], "
     "tf.float32)).get_concrete_function().structured_outputs)",
    "str(traced(lambda s: tf.sparse.transpose(s), SS([4, None, 2], "
     "tf.float32)).get_concrete_function().structured_outputs)",
]

# ---------------------------------------------------------------------------------------
PRELUDES["ragged_index_nn"] = _COMMON + r"""
rt = R([[1, 2, 3, 4], [], [5, 6], [7]])
r3 = R([[[1, 2], [3]], [], [[4, 5, 6], [], [7]]])
ru = RT.from_tensor(tf.reshape(tf.range(12), [3, 2, 2]), ragged_rank=1)
rf = R([[1., 2., 3.], [4.], [5., 6.]])
rf3 = R([[[1., 2.], [3.]], [[4., 5., 6.]]])
def ix(x, k):
    return v(run(lambda: x[k]))
"""
SECTIONS["ragged_index_nn"] = [
    # __getitem__: steps, ellipsis, newaxis
    "ix(rt, slice(None, None, 2))",
    "ix(rt, slice(None, None, -1))",
    "ix(rt, slice(3, 0, -2))",
    "ix(rt, (slice(None), slice(None, None, 2)))",
    "ix(rt, (slice(None), slice(None, None, -1)))",
    "ix(rt, (slice(None), slice(1, None, 2)))",
    "ix(rt, (slice(None, None, 2), slice(0, 1)))",
    "ix(rt, Ellipsis)",
    "ix(rt, (Ellipsis, 0))",
    "ix(rt, (0, Ellipsis))",
    "ix(rt, (Ellipsis, slice(1, None)))",
    "ix(r3, (Ellipsis, 0))",
    "ix(r3, (0, Ellipsis, 0))",
    "ix(r3, (slice(None), Ellipsis))",
    "ix(r3, (Ellipsis, Ellipsis))",
    "ix(r3, (Ellipsis, 0, Ellipsis))",
    "ix(r3, (0, Ellipsis, Ellipsis))",
    "ix(r3, (Ellipsis, Ellipsis, 1))",
    "ix(rt, (Ellipsis, Ellipsis, Ellipsis))",
    "ix(rt, (Ellipsis, 0, Ellipsis, 0))",
    "ix(rt, (Ellipsis, tf.newaxis, Ellipsis))",
    "ix(ru, (Ellipsis, 1, Ellipsis))",
    "ix(tf.constant([[1, 2]]), (Ellipsis, Ellipsis))",
    "ix(rt, tf.newaxis)",
    "ix(rt, (slice(None), tf.newaxis))",
    "ix(rt, (slice(None), tf.newaxis, slice(None)))",
    "ix(rt, (slice(None), slice(None), tf.newaxis))",
    "ix(rt, (0, tf.newaxis))",
    "ix(rt, (Ellipsis, tf.newaxis))",
    "ix(r3, (slice(None), tf.newaxis, slice(None), 0))",
    "ix(ru, (slice(None), slice(None), 1))",
    "ix(ru, (Ellipsis, 0))",
    "ix(ru, (slice(None), 0, tf.newaxis))",
    "ix(ru, (slice(None), slice(None, None, -1), 0))",
    "ix(ru, (slice(None), slice(None, None, 2)))",
    "ix(ru, (slice(None), slice(1, None)))",
    "ix(ru, (slice(None), slice(0, 5)))",
    "ix(ru, (slice(None), slice(-2, None, -1)))",
    "ix(ru, (slice(None), slice(3, 1)))",
    "ix(ru, (slice(None), slice(None, None, -2), 0))",
    "str(traced(lambda r: r[:, ::-1], RS([None, None, 2], tf.int32, "
     "ragged_rank=1)).get_concrete_function().structured_outputs)",
    "tv(lambda r: r[:, 1:], RS([None, None, 2], tf.int32, ragged_rank=1))(ru)",
    "ix(rt, (slice(None), 5))",
    "ix(rt, (slice(None), slice(None), 0))",
    "ix(rt, 4)",
    "ix(rt, -5)",
    "ix(rt, tf.constant(2))",
    "ix(rt, (tf.constant(0), tf.constant(1)))",
    "ix(rt, [0, 1])",
    "ix(rt, slice(tf.constant(1), None))",
    "ix(rt, (slice(None), slice(None, None, 0)))",
    "ix(rt, 1.5)",
    # ragged tf.nn through map_flat_values
    "vr(tf.ragged.map_flat_values(tf.nn.softmax, rf))",
    "vr(tf.ragged.map_flat_values(tf.nn.l2_normalize, rf))",
    "vr(tf.ragged.map_flat_values(tf.nn.l2_normalize, rf, axis=0))",
    "vr(tf.ragged.map_flat_values(tf.nn.log_softmax, rf))",
    "vr(tf.ragged.map_flat_values(tf.nn.relu6, rf * 2.))",
    "vr(tf.ragged.map_flat_values(tf.nn.softmax, RT.from_row_lengths(tf.reshape(tf.range(6.), "
     "[3, 2]), [2, 1])))",
    "vr(tf.ragged.map_flat_values(tf.nn.l2_normalize, "
     "RT.from_row_lengths(tf.reshape(tf.range(6.), [3, 2]), [2, 1]), axis=1))",
    "vr(tf.ragged.map_flat_values(tf.add, rf, rf))",
    "vr(tf.ragged.map_flat_values(tf.add, rf, R([[1.], [2.], [3.]])))",
    "vr(tf.ragged.map_flat_values(tf.add, rf, 1.))",
    "vr(run(lambda: tf.ragged.map_flat_values(tf.reduce_sum, rf)))",
    "vr(run(lambda: tf.ragged.map_flat_values(lambda x: x[:1], rf)))",
    "vr(tf.ragged.map_flat_values(lambda x: tf.concat([x, x], 0)[:tf.shape(x)[0]], rf))",
    "vr(tf.nn.softmax(rf))",
    "vr(run(lambda: tf.nn.softmax(rf, axis=0)))",
    "vr(tf.nn.dropout(rf, 0.))",
    "vr(tf.nn.relu(rf - 3.))",
    "vr(tf.nn.sigmoid(rf))",
    "vr(run(lambda: tf.nn.l2_normalize(rf)))",
    "vr(run(lambda: tf.nn.l2_normalize(rf, axis=1)))",
    "vr(tf.math.l2_normalize(rf.to_tensor(), axis=1))",
    # reductions with axis lists
    "vr(tf.reduce_sum(rf3, axis=[1, 2]))",
    "vr(tf.reduce_sum(rf3, axis=[0, 1]))",
    "vr(tf.reduce_sum(rf3, axis=[0, 2]))",
    "vr(tf.reduce_sum(rf3, axis=[0, 1, 2]))",
    "vr(tf.reduce_sum(rf3, axis=(2, 1)))",
    "vr(tf.reduce_mean(rf3, axis=[1, 2]))",
    "vr(tf.reduce_max(rf3, axis=[-1, -2]))",
    "vr(tf.reduce_min(rf3, axis=[0, -1]))",
    "vr(tf.reduce_prod(rf3, axis=[1, 2]))",
    "vr(tf.reduce_any(rf3 > 4., axis=[1, 2]))",
    "vr(tf.reduce_all(rf3 > 0., axis=[0, 1]))",
    "vr(tf.math.reduce_std(rf3, axis=[1, 2]))",
    "vr(tf.math.reduce_variance(rf, axis=[0, 1]))",
    "vr(tf.reduce_logsumexp(rf, axis=[0, 1]))",
    "vr(run(lambda: tf.reduce_sum(rf3, axis=[1, 1])))",
    "vr(run(lambda: tf.reduce_sum(rf3, axis=[3])))",
    "vr(tf.reduce_sum(rf3, axis=[]))",
    "vr(tf.reduce_sum(rf3, axis=tf.constant([1, 2])))",
    "vr(tf.reduce_sum(rf3, axis=[1, 2], keepdims=True))",
    "vr(run(lambda: tf.reduce_sum(rf3, axis=1, keepdims=True)))",
    "vr(tf.reduce_sum(ru, axis=[1, 2]))",
    "vr(tf.reduce_max(ru, axis=[0, 2]))",
    # ragged tf.where and tf.cond inside tf.function
    "tv(lambda r: tf.where(r > 2, r, -r), RS([None, None], tf.int32))(rt)",
    "tv(lambda r: tf.where(r > 2), RS([None, None], tf.int32))(rt)",
    "tv(lambda r: tf.where(r > 2, r, 0), RS([None, None], tf.int32))(rt)",
    "tv(lambda r, s: tf.where(r > 2, r, s), RS([None, None], tf.int32), RS([None, None], "
     "tf.int32))(rt, rt * 10)",
    "tv(lambda r, s: tf.where(r > 2, r, s), RS([None, None], tf.int32), RS([None, None], "
     "tf.int32))(rt, R([[1], [], [], []]))",
    "tv(lambda c, r: tf.where(c, r, r * 0), TS([None], tf.bool), RS([None, None], "
     "tf.int32))(tf.constant([True, False, True, False]), rt)",
    "tv(lambda r, p: tf.cond(p, lambda: r + 1, lambda: r * 2), RS([None, None], tf.int32), "
     "TS([], tf.bool))(rt, tf.constant(True))",
    "tv(lambda r, p: tf.cond(p, lambda: r + 1, lambda: r * 2), RS([None, None], tf.int32), "
     "TS([], tf.bool))(rt, tf.constant(False))",
    "tv(lambda r, p: tf.cond(p, lambda: r, lambda: r[1:]), RS([None, None], tf.int32), TS([], "
     "tf.bool))(rt, tf.constant(False))",
    "tv(lambda r, p: tf.cond(p, lambda: r, lambda: r.to_tensor()), RS([None, None], tf.int32), "
     "TS([], tf.bool))(rt, tf.constant(True))",
    "tv(lambda r, p: tf.cond(p, lambda: tf.reduce_sum(r, axis=1), lambda: tf.reduce_max(r, "
     "axis=1)), RS([None, None], tf.int32), TS([], tf.bool))(rt, tf.constant(False))",
    "tv(lambda r: r if tf.reduce_sum(r) > 10 else r * 0, RS([None, None], tf.int32))(rt)",
    "tv(lambda r, p: tf.cond(p, lambda: r.row_lengths(), lambda: r.row_lengths() * 2), "
     "RS([None, None], tf.int32), TS([], tf.bool))(rt, tf.constant(False))",
    "tv(lambda r, p: tf.cond(p, lambda: r.value_rowids(), lambda: r.nrows() + "
     "r.value_rowids()), RS([None, None], tf.int32), TS([], tf.bool))(rt, tf.constant(False))",
    "tv(lambda r, p: tf.cond(p, lambda: r, lambda: r.with_flat_values(r.flat_values * 0)), "
     "RS([None, None, None], tf.int32), TS([], tf.bool))(r3, tf.constant(False))",
    "tv(lambda r, p: tf.cond(p, lambda: r, lambda: R([[1]], ragged_rank=1)), RS([None, None], "
     "tf.int32), TS([], tf.bool))(rt, tf.constant(False))",
    "tv(lambda r, p: tf.cond(p, lambda: r, lambda: r3), RS([None, None], tf.int32), TS([], "
     "tf.bool))(rt, tf.constant(False))",
    "tv(lambda r, p: tf.cond(p, lambda: (r, r), lambda: r), RS([None, None], tf.int32), TS([], "
     "tf.bool))(rt, tf.constant(False))",
    "tv(lambda x, p: tf.cond(p, lambda: x, lambda: None), TS([None], tf.int32), TS([], "
     "tf.bool))(tf.constant([1]), tf.constant(False))",
    "tv(lambda x, p: tf.cond(p, lambda: (x, None), lambda: (x, x)), TS([None], tf.int32), "
     "TS([], tf.bool))(tf.constant([1]), tf.constant(False))",
    "tv(lambda r: tf.while_loop(lambda i, a: i < 2, lambda i, a: (i + 1, a * 2), [0, r])[1], "
     "RS([None, None], tf.int32))(rt)",
    "tv(lambda p: rt.row_lengths() + tf.cast(p, tf.int64), TS([], tf.bool))(tf.constant(True))",
    "v(rt.row_lengths())",
    "tv(lambda r: tf.map_fn(lambda x: tf.reduce_sum(x), r, fn_output_signature=tf.int32), "
     "RS([None, None], tf.int32))(rt)",
    "tv(lambda r: r[::2], RS([None, None], tf.int32))(rt)",
    "tv(lambda r: r[:, ::-1], RS([None, None], tf.int32))(rt)",
    "tv(lambda r: r[..., tf.newaxis], RS([None, None], tf.int32))(rt)",
    "tv(lambda r: r[tf.newaxis, ..., 0], RS([None, None, None], tf.int32))(r3)",
    "tv(lambda r: r[:, 0], RS([None, None], tf.int32))(rt)",
    "tvr(lambda r: tf.ragged.map_flat_values(tf.nn.l2_normalize, r), RS([None, None], "
     "tf.float32))(rf)",
    "tvr(lambda r: tf.nn.softmax(r), RS([None, None], tf.float32))(rf)",
    "tvr(lambda r: tf.reduce_sum(r, axis=[1, 2]), RS([None, None, None], tf.float32))(rf3)",
    "tvr(lambda r: tf.reduce_mean(r, axis=[0, 1]), RS([None, None, None], tf.float32))(rf3)",
    "str(traced(lambda r: tf.reduce_sum(r, axis=[1, 2]), RS([2, None, None], "
     "tf.float32)).get_concrete_function().structured_outputs)",
    "str(traced(lambda r: r[..., tf.newaxis], RS([None, None], "
     "tf.int32)).get_concrete_function().structured_outputs)",
    "str(traced(lambda r: r[:, ::2], RS([3, None], "
     "tf.int32)).get_concrete_function().structured_outputs)",
]

# ---------------------------------------------------------------------------------------
PRELUDES["data_keras_specs"] = _COMMON + r"""
rt = R([[1, 2, 3], [], [4, 5], [6]])
sp = ST([[0, 0], [1, 2], [3, 1]], [1., 2., 3.], [4, 3])
sq = ST([[0, 0], [1, 1], [3, 1]], [5., 6., 7.], [4, 3])
def take(ds, n=10):
    return [v(x) for x in ds.take(n)]
def spec(ds):
    return str(ds.element_spec)
K = tf.keras
"""
SECTIONS["data_keras_specs"] = [
    # tf.data over ragged and sparse
    "take(D.from_tensor_slices(rt))",
    "spec(D.from_tensor_slices(rt))",
    "take(D.from_tensor_slices(sp))",
    "spec(D.from_tensor_slices(sp))",
    "take(D.from_tensor_slices((rt, tf.range(4))))",
    "take(D.from_tensor_slices({'r': rt, 's': sp}))",
    "take(D.from_tensors(rt))",
    "spec(D.from_tensors(sp))",
    "take(D.from_tensor_slices(rt).batch(2))",
    "spec(D.from_tensor_slices(rt).batch(2))",
    "spec(D.from_tensor_slices(rt).batch(2, drop_remainder=True))",
    "take(D.from_tensor_slices(sp).batch(3))",
    "spec(D.from_tensor_slices(sp).batch(3))",
    "take(D.from_tensor_slices(rt).batch(2).unbatch())",
    "spec(D.from_tensor_slices(rt).batch(2).unbatch())",
    "take(D.from_tensor_slices(sp).batch(2).unbatch())",
    "take(D.from_tensor_slices(rt).batch(3).rebatch(2))",
    "spec(D.from_tensor_slices(rt).batch(3).rebatch(2))",
    "take(D.from_tensor_slices(rt).batch(4).rebatch([1, 3]))",
    "take(D.from_tensor_slices(tf.range(5)).batch(2).rebatch(3, drop_remainder=True))",
    "take(D.from_tensor_slices(rt).padded_batch(2))",
    "take(D.from_tensor_slices(rt).padded_batch(2, padded_shapes=[4], padding_values=-1))",
    "take(D.from_tensor_slices(sp).padded_batch(2))",
    "take(D.from_tensor_slices(rt).map(lambda x: x * 2))",
    "take(D.from_tensor_slices(rt).map(lambda x: tf.reduce_sum(x)))",
    "take(D.from_tensor_slices(sp).map(lambda x: tf.sparse.to_dense(x)))",
    "take(D.from_tensor_slices(rt).filter(lambda x: tf.size(x) > 1))",
    "take(D.from_tensor_slices(rt).map(lambda x: tf.RaggedTensor.from_tensor(x[tf.newaxis])))",
    "spec(D.from_tensor_slices(rt).map(lambda x: tf.RaggedTensor.from_tensor(x[tf.newaxis])))",
    "take(D.from_tensor_slices(tf.constant([[1, 0], [2, 3]])).map(lambda x: "
     "tf.sparse.from_dense(x)).batch(2))",
    "take(D.range(4).map(lambda i: tf.ragged.range(i)).ragged_batch(2))",
    "take(D.from_tensor_slices(R([[[1], [2, 3]], [[4]]])).batch(2))",
    "take(D.from_tensor_slices(rt).window(2).flat_map(lambda w: w.batch(2)))",
    "take(D.from_tensor_slices(rt).shuffle(1).batch(4).map(lambda b: b.row_lengths()))",
    "take(D.zip((D.from_tensor_slices(rt), D.from_tensor_slices(sp))).batch(2))",
    "take(D.from_tensor_slices(rt).concatenate(D.from_tensor_slices(R([[9, 9]]))))",
    "take(D.from_tensor_slices(rt).concatenate(D.from_tensor_slices(tf.constant([[9, 9]]))))",
    "take(D.from_tensor_slices(sp).concatenate(D.from_tensor_slices(ST([[0, 1]], [5.], [1, 4]))))",
    "take(D.from_tensor_slices(rt).apply(tf.data.experimental.dense_to_ragged_batch(2)))",
    "take(D.from_tensor_slices(tf.constant([[1, 0], [2, "
     "3]])).apply(tf.data.experimental.dense_to_sparse_batch(2, [3])))",
    "take(D.from_tensor_slices(rt).cache().repeat(2), 5)",
    "len(list(D.from_tensor_slices(rt).batch(3)))",
    "run(lambda: D.from_tensor_slices(R(5)))",
    "run(lambda: D.from_tensor_slices(ST([[0]], [1], [1])).batch(2).rebatch(0))",
    # Keras with ragged and sparse input
    "str(K.Input(shape=(None,), ragged=True))",
    "str(K.Input(shape=(3,), sparse=True))",
    "K.Input(shape=(3,), sparse=True).sparse",
    "K.Input(shape=(None,), ragged=True).ragged",
    "run(lambda: K.Input(shape=(3,), sparse=True, ragged=True))",
    "str(K.Input(shape=(4,), sparse=True, dtype='int32'))",
    "vr(K.layers.Dense(2, kernel_initializer='ones')(sp))",
    "vr(K.layers.Dense(2, kernel_initializer='ones', use_bias=False)(tf.sparse.reorder(sp)))",
    "vr(K.layers.Embedding(10, 2, embeddings_initializer='ones')(rt))",
    "vr(K.layers.Embedding(10, 2, embeddings_initializer='ones')(rt.to_tensor()))",
    "vr(K.layers.Embedding(10, 2, embeddings_initializer='ones', "
     "mask_zero=True).compute_mask(rt.to_tensor()))",
    "vr(K.layers.Flatten()(tf.sparse.to_dense(sp)))",
    "vr(run(lambda: K.layers.Dense(2, kernel_initializer='ones')(rt)))",
    "vr(run(lambda: K.layers.Flatten()(rt)))",
    "vr(K.layers.Activation('relu')(sp))",
    "vr(run(lambda: K.layers.Concatenate()([sp, sp])))",
    "vr(K.layers.Add()([sp, sp]))",
    "vr(run(lambda: K.layers.Add()([rt, rt])))",
    "vr(K.layers.Lambda(lambda x: tf.reduce_sum(x, axis=1))(rt))",
    "vr(K.layers.Lambda(lambda x: tf.sparse.reduce_sum(x, axis=1))(sp))",
    "vr(run(lambda: K.layers.Dense(2, kernel_initializer='ones')(ST([[0, 0]], [1.], [1, 3, 2]))))",
    "vr(run(lambda: K.Sequential([K.Input(shape=(3,), sparse=True), K.layers.Dense(1, "
     "kernel_initializer='ones')])(sp)))",
    "vr(run(lambda: K.Model(*(lambda i: (i, K.layers.Dense(1, "
     "kernel_initializer='ones')(i)))(K.Input(shape=(3,), sparse=True)))(sp)))",
    "vr(run(lambda: K.Model(*(lambda i: (i, K.layers.Lambda(lambda x: "
     "x.to_tensor())(i)))(K.Input(shape=(None,), ragged=True, dtype='int32')))(rt)))",
    "run(lambda: K.layers.Lambda(lambda x: x + 'a')(K.Input((2,))))",
    "run(lambda: K.layers.Lambda(lambda x: x.to_tensor())(K.Input((None,), ragged=True)))",
    "str(K.layers.Lambda(lambda x: x.to_tensor(), output_shape=(3,))(K.Input((None,), "
     "ragged=True)))",
    "vr(K.ops.sum(sp, axis=1))",
    "vr(run(lambda: K.ops.matmul(sp, tf.ones([3, 2]))))",
    "vr(run(lambda: K.ops.add(sp, sp)))",
    "vr(run(lambda: K.ops.add(sp, 1.)))",
    "vr(run(lambda: K.ops.add(tf.ones([4, 3]), sp)))",
    "vr(run(lambda: K.ops.add(sp, ST([[0, 1]], [5.], [4, 3]))))",
    "vr(run(lambda: K.ops.sum(sp)))",
    "vr(run(lambda: K.ops.sum(sp, axis=0, keepdims=True)))",
    "vr(run(lambda: K.ops.sum(ST([[0, 0], [1, 1]], tf.constant([1, 2], tf.int8), [2, 2]), "
     "axis=1)))",
    "vr(run(lambda: K.ops.concatenate([sp, sp], axis=0)))",
    "vr(run(lambda: K.ops.concatenate([sp, tf.ones([4, 3])], axis=1)))",
    "vr(run(lambda: K.layers.Add()([sp, sp, sp])))",
    "vr(run(lambda: K.layers.Concatenate(axis=0)([sp, sp])))",
    "vr(run(lambda: K.ops.multiply(sp, sp)))",
    "vr(run(lambda: K.ops.multiply(sp, sq)))",
    "vr(run(lambda: K.ops.multiply(sp, 2.)))",
    "vr(run(lambda: K.ops.multiply(tf.reshape(tf.range(12.), [4, 3]), sp)))",
    "vr(run(lambda: K.ops.multiply(sp, tf.constant([1., 2., 3.]))))",
    "vr(run(lambda: K.ops.subtract(sp, sq)))",
    "vr(run(lambda: K.ops.subtract(sp, 1.)))",
    "vr(run(lambda: K.ops.subtract(tf.ones([4, 3]), sp)))",
    "vr(run(lambda: K.layers.Multiply()([sp, sq])))",
    "vr(run(lambda: K.layers.Subtract()([sp, sq])))",
    "vr(run(lambda: K.layers.Subtract()([sp, sp])))",
    # SparseTensorSpec and RaggedTensorSpec in input signatures
    "SS([None, 3], tf.float32)",
    "SS(None, tf.int64)",
    "SS()",
    "SS([2, 3], tf.string).shape",
    "SS([2, 3]).dtype",
    "SS.from_value(sp)",
    "SS([None, 3], tf.float32).is_compatible_with(sp)",
    "SS([None, 4], tf.float32).is_compatible_with(sp)",
    "SS([None, 3], tf.int32).is_compatible_with(sp)",
    "SS([None, 3], tf.float32) == SS([None, 3], tf.float32)",
    "SS([None, 3], tf.float32).most_specific_common_supertype([SS([4, 3], tf.float32)])",
    "SS([None, 3], tf.float32).most_specific_common_supertype([SS([4, 2], tf.float32)])",
    "SS([4, 3], tf.float32).is_subtype_of(SS([None, 3], tf.float32))",
    "SS([2, 3], tf.float32)._unbatch()",
    "SS([3], tf.float32)._batch(4)",
    "tv(lambda s: tf.sparse.to_dense(s), SS([None, 3], tf.float32))(sp)",
    "tv(lambda s: tf.sparse.to_dense(s), SS([None, 4], tf.float32))(sp)",
    "tv(lambda s: s, SS([5, 3], tf.float32))(sp)",
    "tv(lambda s: s, SS([None, 4], tf.float32))(sp)",
    "tv(lambda s: tf.shape(tf.sparse.to_dense(s)), SS([5, 3], tf.float32))(sp)",
    "tv(lambda s: tf.constant(s.shape.as_list()[0]), SS([5, 3], tf.float32))(sp)",
    "v(run(lambda: traced(lambda s: tf.sparse.to_dense(s), SS([None, 4], "
     "tf.float32)).get_concrete_function()(sp)))",
    "v(run(lambda: traced(lambda s: s, SS([None, 4], tf.float32)).get_concrete_function()(sp)))",
    "tv(lambda s: tf.sparse.to_dense(s), SS([None], tf.float32))(sp)",
    "tv(lambda s: tf.sparse.to_dense(s), SS([None, None, None], tf.float32))(sp)",
    "tv(lambda r: r.to_tensor(), RS([None, None, None], tf.int32))(rt)",
    "tv(lambda r: r.to_tensor(), RS([None, 2], tf.int32, ragged_rank=1))(rt)",
    "take(D.from_tensor_slices(R([[1, 2], [3]])).cache().map(lambda x: x * 2))",
    "take(D.from_tensor_slices(sp).cache())",
    "tv(lambda s: tf.sparse.to_dense(s), SS([None, 3], tf.int32))(sp)",
    "tv(lambda s: tf.sparse.to_dense(s), SS([None, 3], tf.float32))(tf.ones([4, 3]))",
    "tv(lambda s: tf.sparse.to_dense(s), SS([None, 3], tf.float32))(rt)",
    "tv(lambda r: r.to_tensor(), RS([None, None], tf.int32))(sp)",
    "tv(lambda r: r.to_tensor(), RS([None, None], tf.int32))(tf.constant([[1, 2]]))",
    "tv(lambda r: r.to_tensor(), RS([None, None], tf.int32, row_splits_dtype=tf.int32))(rt)",
    "tv(lambda r: r.to_tensor(), RS([4, None], tf.int32))(rt[:2])",
    "tv(lambda s, r: (tf.sparse.reduce_sum(s), tf.reduce_sum(r)), SS([None, None], "
     "tf.float32), RS([None, None], tf.int32))(sp, rt)",
    "tv(lambda x: x, SS([None, None], tf.float32))(sp)",
    "tv(lambda x: x, RS([None, None], tf.int32))(rt)",
    "str(traced(lambda s: s, SS([None, 3], "
     "tf.float32)).get_concrete_function().structured_input_signature)",
    "str(traced(lambda s: s, SS([None, 3], "
     "tf.float32)).get_concrete_function().structured_outputs)",
    "str(traced(lambda s: s.values, SS([None, 3], "
     "tf.float32)).get_concrete_function().structured_outputs)",
    "str(traced(lambda s: s.dense_shape, SS([None, 3], "
     "tf.float32)).get_concrete_function().structured_outputs)",
    "str(traced(lambda s: tf.sparse.to_dense(s), SS([None, 3], "
     "tf.float32)).get_concrete_function().structured_outputs)",
    "str(traced(lambda s: s.shape, SS([None, 3], "
     "tf.float32)).get_concrete_function().structured_outputs)",
    "[str(t) for t in traced(lambda s: s, SS([None, 3], "
     "tf.float32)).get_concrete_function().inputs]",
    "[str(t.dtype) for t in traced(lambda s, r: (s, r), SS([None, 3], tf.float32), RS([None, "
     "None], tf.int32)).get_concrete_function().inputs]",
    "len(traced(lambda s, r: (s, r), SS([None, 3], tf.float32), RS([None, None, None], "
     "tf.int32)).get_concrete_function().inputs)",
    "v(tf.function(lambda s: tf.sparse.reduce_sum(s))(sp))",
    "(lambda f: (f(sp), f(ST([[0, 0]], [5.], [1, 3])), "
     "f.experimental_get_tracing_count()))(tf.function(lambda s: tf.sparse.reduce_sum(s)))[2]",
    "(lambda f: (f(sp), f(ST([[0, 0]], [5.], [2, 2])), "
     "f.experimental_get_tracing_count()))(tf.function(lambda s: tf.sparse.reduce_sum(s)))[2]",
    "(lambda f: (f(rt), f(R([[1]])), f(R([[1.]])), "
     "f.experimental_get_tracing_count()))(tf.function(lambda r: tf.reduce_sum(r)))[3]",
    "(lambda f: (f(rt), f(R([[[1]]])), f.experimental_get_tracing_count()))(tf.function(lambda "
     "r: tf.reduce_sum(r)))[2]",
    "str(tf.function(lambda s: s).get_concrete_function(SS([None, 2], "
     "tf.int64)).structured_input_signature)",
    "run(lambda: traced(lambda s: s, SS([None, 3], "
     "tf.float32)).get_concrete_function()(tf.ones([2, 3])))",
    "v(traced(lambda s: s, SS([None, 3], tf.float32)).get_concrete_function()(sp))",
    "v(traced(lambda r: r, RS([None, None], tf.int32)).get_concrete_function()(rt))",
    "run(lambda: traced(lambda r: r, RS([None, None], tf.int32)).get_concrete_function()(sp))",
]
