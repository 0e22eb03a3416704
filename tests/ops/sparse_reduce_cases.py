"""Calls of TF's sparse reductions (SparseReduceSum, SparseReduceMax and their Sparse forms)
and sparse-dense cwise ops (SparseDenseCwiseAdd, SparseDenseCwiseMul, SparseDenseCwiseDiv)
and of the tf.sparse functions and SparseTensor operators that run them, eager and traced,
with their gradients, run under TF 2.21 (record_sparse_reduce_golden.py) and eagerflow
(test_sparse_reduce_ops.py) alike: `record(tf)` gives each call's outcome as plain data."""

# ruff: noqa: E501  (each case one call, as it would be written against TF)
import math

from tests.ops.sparse_shape_cases import _show as _plain
from tests.ops.sparse_shape_cases import eager_outcomes, grad_outcomes, traced_shapes


def _nan_free(x):
    if isinstance(x, list):
        return [_nan_free(y) for y in x]
    return "nan" if isinstance(x, float) and math.isnan(x) else x


def _show(tf, o):
    """The outcome as data, NaNs spelled "nan" (so that equal outcomes compare equal)."""
    return _nan_free(_plain(tf, o))

_IDX = "I([[1,2],[0,1],[1,0],[0,1]])"
_NAN = "float('nan')"
EAGER = [
    *[f'R.SparseReduce{r}(input_indices={_IDX}, input_values=F([1,2,3,4]), input_shape=I([2,3]), reduction_axes={a}, keep_dims={k})'
      for r in ("Sum", "Max", "SumSparse", "MaxSparse")
      for a, k in (("[1]", False), ("[0]", True), ("[-1]", False), ("[1,0]", False), ("[0,1]", True),
                   ("[]", False), ("[1,1]", False), ("1", True))],
    *[f'R.SparseReduce{r}(input_indices={_IDX}, input_values=F([1,2,3,4]), input_shape=I([2,3]), reduction_axes={a})'
      for r in ("Sum", "MaxSparse") for a in ("[2]", "[-3]", "[[1]]", "tf.constant([1], tf.int64)")],
    'R.SparseReduceSumSparse(input_indices=I([[2,1,0],[0,1,1],[2,0,0],[0,0,1],[1,1,1]]), input_values=F([1,2,3,4,5]), input_shape=I([3,2,2]), reduction_axes=[1])',
    'R.SparseReduceMaxSparse(input_indices=I([[2,1,0],[0,1,1],[2,0,0],[0,0,1],[1,1,1]]), input_values=F([1,2,3,4,5]), input_shape=I([3,2,2]), reduction_axes=[0])',
    'R.SparseReduceSum(input_indices=I([[0,5]]), input_values=F([1]), input_shape=I([2,3]), reduction_axes=[1])',
    'R.SparseReduceSum(input_indices=I([[0,1]]), input_values=F([1,2]), input_shape=I([2,3]), reduction_axes=[1])',
    'R.SparseReduceMax(input_indices=I([[0,1]]), input_values=F([1]), input_shape=I([2,3,4]), reduction_axes=[1])',
    'R.SparseReduceSum(input_indices=I([1,2]), input_values=F([1,2]), input_shape=I([2,3]), reduction_axes=[1])',
    'R.SparseReduceSum(input_indices=I([[0,1]]), input_values=F([[1]]), input_shape=I([2,3]), reduction_axes=[1])',
    'R.SparseReduceSum(input_indices=I([[0,1]]), input_values=F([1]), input_shape=I([[2,3]]), reduction_axes=[1])',
    'R.SparseReduceMax(input_indices=I([[0,0]]), input_values=F([1]), input_shape=I([-2,3]), reduction_axes=[1])',
    'R.SparseReduceSum(input_indices=I([[0,0]]), input_values=F([1]), input_shape=I([2**40,2**40]), reduction_axes=[0])',
    'R.SparseReduceMaxSparse(input_indices=tf.zeros([0,2],tf.int64), input_values=F([]), input_shape=I([2,3]), reduction_axes=[1])',
    'R.SparseReduceMax(input_indices=tf.zeros([1,0],tf.int64), input_values=F([5]), input_shape=I([]), reduction_axes=[])',
    'tf.math.imag(R.SparseReduceSum(input_indices=I([[0,0],[0,1]]), input_values=tf.constant([1+2j,3j],tf.complex64), input_shape=I([2,3]), reduction_axes=[1]))',
    'R.SparseReduceMax(input_indices=I([[0,0]]), input_values=tf.constant([1j],tf.complex64), input_shape=I([2,3]), reduction_axes=[1])',
    'R.SparseReduceSum(input_indices=I([[0,0]]), input_values=tf.constant([3],tf.qint8), input_shape=I([2,3]), reduction_axes=[1])',
    'R.SparseReduceMax(input_indices=I([[0,0],[0,0]]), input_values=tf.constant([7,-2],tf.int8), input_shape=I([2,3]), reduction_axes=[])',
    'R.SparseReduceSum(input_indices=I([[0,0],[0,1]]), input_values=tf.constant([100,100],tf.int8), input_shape=I([2,3]), reduction_axes=[1])',
    # NaN in a max: in turn (a NaN kept only as the last value) below a packet, the packet
    # path dropping NaNs and its tail in turn at or above one
    *[f'R.SparseReduceMax(input_indices=I([[0,k] for k in range({n})]), input_values=tf.constant([{_NAN} if k == {p} else 1.0 for k in range({n})], {d}), input_shape=I([1,{n}]), reduction_axes=[1])'
      for d in ("tf.float32", "tf.float64", "tf.float16")
      for n, p in ((2, 0), (2, 1), (3, 1), (8, 7), (9, 8), (9, 3), (20, 19), (20, 16), (33, 32))],
    f'R.SparseReduceMax(input_indices=I([[0,0],[0,1],[0,2],[1,0],[1,1]]), input_values=F([1,{_NAN},3,{_NAN},-1]), input_shape=I([2,3]), reduction_axes=[1])',
    f'R.SparseReduceSum(input_indices=I([[0,0],[0,1],[0,2],[1,0],[1,1]]), input_values=F([1,{_NAN},3,-5,-1]), input_shape=I([2,3]), reduction_axes=[1])',
    'R.SparseReduceSum(input_indices=I([[0,k] for k in range(100)]), input_values=tf.constant([1e-3 * (k % 17) - 0.01 * (k % 5) for k in range(100)]), input_shape=I([1,100]), reduction_axes=[1])',
    'R.SparseReduceSum(input_indices=I([[0,k] for k in range(40)]), input_values=tf.constant([0.1 * k - 1.5 for k in range(40)], tf.float16), input_shape=I([1,40]), reduction_axes=[1])',
    # the cwise ops: the dense side broadcasts to the sparse one only
    *[f'R.SparseDenseCwise{o}(sp_indices={_IDX}, sp_values=F([1,2,3,4]), sp_shape=I([2,3]), dense={d})'
      for o in ("Add", "Mul", "Div")
      for d in ("F([10,20,30])", "F([[10],[20]])", "F([[1,2,3],[4,5,6]])", "F(7)", "F([1,2])", "F([[[1]]])",
                "F([[1,2,3]])", "F([])", "tf.zeros([2,0])")],
    *[f'R.SparseDenseCwise{o}(sp_indices={i}, sp_values=F({v}), sp_shape=I({s}), dense=F([1,2,3]))'
      for o in ("Add", "Div")
      for i, v, s in (("I([[0,5]])", "[1]", "[2,3]"), ("I([[5,1]])", "[1]", "[2,3]"), ("I([[0,-1]])", "[1]", "[2,3]"),
                      (_IDX, "[1]", "[2,3]"), (_IDX, "[1,2,3,4]", "[2,3,1]"), ("I([1,2])", "[1,2]", "[2,3]"),
                      ("I([[0,1]])", "[[7]]", "[2,3]"), ("I([[0,1]])", "[7]", "[[2,3]]"), ("I([[0,0]])", "[1]", "[-1,3]"),
                      ("tf.zeros([0,2],tf.int64)", "[]", "[0,3]"))],
    'R.SparseDenseCwiseMul(sp_indices=tf.zeros([1,6],tf.int64), sp_values=F([1]), sp_shape=I([1]*6), dense=tf.ones([1]*6))',
    'R.SparseDenseCwiseMul(sp_indices=tf.zeros([1,5],tf.int64), sp_values=F([2]), sp_shape=I([1]*5), dense=tf.ones([1]*5))',
    'R.SparseDenseCwiseAdd(sp_indices=tf.zeros([1,0],tf.int64), sp_values=F([1]), sp_shape=I([]), dense=F(2))',
    'R.SparseDenseCwiseMul(sp_indices=I([[1,0,2],[0,1,1]]), sp_values=F([1,2]), sp_shape=I([2,2,3]), dense=F([[1],[2]]))',
    'R.SparseDenseCwiseMul(sp_indices=I([[0,0]]), sp_values=tf.constant([3j],tf.complex64), sp_shape=I([2,3]), dense=tf.constant([2,1,1],tf.complex64))',
    'R.SparseDenseCwiseMul(sp_indices=I([[0,0]]), sp_values=tf.constant([3],tf.qint8), sp_shape=I([2,3]), dense=tf.constant([2,1,1],tf.qint8))',
    'R.SparseDenseCwiseAdd(sp_indices=I([[0,0]]), sp_values=tf.constant([True]), sp_shape=I([2,3]), dense=tf.constant([True,False,True]))',
    'R.SparseDenseCwiseMul(sp_indices=I([[0,0]]), sp_values=F([1]), sp_shape=I([2,3]), dense=tf.constant([2.,1.,1.],tf.float64))',
    'R.SparseDenseCwiseAdd(sp_indices=I([[0,1],[0,1]]), sp_values=F([7,1]), sp_shape=I([2,3]), dense=F([1,1,1]))',
    'R.SparseDenseCwiseMul(sp_indices=I([[0,0],[1,1]]), sp_values=tf.constant([100,-7],tf.int8), sp_shape=I([2,3]), dense=tf.constant([3,2,1],tf.int8))',
    *[f'R.SparseDenseCwiseDiv(sp_indices=I([[0,0],[1,1]]), sp_values=tf.constant([{a},{b}],{d}), sp_shape=I([2,3]), dense=tf.constant([{c},2,1],{d}))'
      for d in ("tf.int32", "tf.uint8", "tf.float32", "tf.float64", "tf.float16", "tf.bfloat16", "tf.int64")
      for a, b, c in (("-7", "7", "2"), ("7", "5", "0"), ("1", "-5", "3"))
      if not (d == "tf.uint8" and "-" in a + b)],
    'R.SparseDenseCwiseDiv(sp_indices=I([[0,1]]), sp_values=F([7]), sp_shape=I([2,3]), dense=F([0,1,1]))',
    f'R.SparseDenseCwiseDiv(sp_indices=I([[0,1],[0,2]]), sp_values=F([7,{_NAN}]), sp_shape=I([2,3]), dense=F([{_NAN},-0.0001,1e-40]))',
    f'R.SparseDenseCwiseDiv(sp_indices=I([[0,0],[0,1]]), sp_values=F([7,{_NAN}]), sp_shape=I([2,3]), dense=F([{_NAN},-0.0001,1e-40]))',
    # denormals read and written as zeros (but float16's)
    *[f'R.SparseDenseCwise{o}(sp_indices=I([[0,0],[0,1]]), sp_values=tf.constant([{t}, 1.0], {d}), sp_shape=I([1,2]), dense=tf.constant([1.0, {t}], {d}))'
      for o in ("Add", "Mul", "Div")
      for d, t in (("tf.float32", "1e-40"), ("tf.float64", "1e-310"), ("tf.bfloat16", "1e-39"), ("tf.float16", "1e-6"))],
    *[f'R.SparseReduce{r}(input_indices=I([[0,0],[0,1]]), input_values=tf.constant([{t}, -1e-30], {d}), input_shape=I([1,2]), reduction_axes=[1])'
      for r in ("Sum", "Max", "MaxSparse")
      for d, t in (("tf.float32", "1e-40"), ("tf.float64", "1e-310"), ("tf.bfloat16", "1e-39"), ("tf.float16", "1e-6"))],
    # RaggedBincount (tf.math.bincount of a RaggedTensor, axis=-1): splits that fall back
    # leave rows empty; which check first
    *[f'R.RaggedBincount(splits=I({sp}), values=tf.constant({v}, {d}), size=tf.constant({n}, {d}), weights={w}, binary_output={b})'
      for sp, v, n, w, b, d in (
          ("[0,2,2,5]", "[1,3,3,0,7]", 4, "F([])", False, "tf.int32"),
          ("[0,2,2,5]", "[1,3,3,0,7]", 4, "F([1,2,3,4,5])", False, "tf.int64"),
          ("[0,2,2,5]", "[1,3,3,0,7]", 4, "I([5,6,7,8,9])", True, "tf.int32"),
          ("[0,3,2,5]", "[1,3,3,0,7]", 4, "F([])", False, "tf.int32"),
          ("[0,-1,5]", "[1,3,3,0,7]", 4, "F([])", False, "tf.int32"),
          ("[0,2,2,5]", "[1,3,3,0,7]", 0, "F([])", False, "tf.int32"),
          ("[0]", "[]", 4, "F([])", False, "tf.int32"),
          ("[[0,2,2,5]]", "[[1,3,3,0,7]]", 4, "F([[1,2,3,4,5]])", False, "tf.int32"),
          ("[0,2,2,5]", "[1,3,3,0,7]", 4, "F([1,2,3,4,5,6,7])", False, "tf.int32"),
          ("[0,2,2,5]", "[1,3,3,0,7]", -1, "F([])", False, "tf.int32"),
          ("[]", "[1,3,3,0,7]", -1, "F([])", False, "tf.int32"),
          ("[1,5]", "[-1,1,1,1,1]", 4, "F([])", False, "tf.int32"),
          ("[0,4]", "[1,1,1,1,-1]", 4, "F([])", False, "tf.int32"),
          ("[0,2,5]", "[1,9,1,1,-1]", 4, "F([])", False, "tf.int32"),
          ("[]", "[]", 4, "F([])", False, "tf.int64"),
          ("[0,2,2,5]", "[1,3,3,0,7]", 4, "tf.zeros([0], tf.float16)", False, "tf.int32"))],
    'R.RaggedBincount(splits=I([0,2,2,5]), values=[1,3,3,0,7], size=I(4), weights=F([]))',
    'R.RaggedBincount(splits=I([0,2,2,5]), values=[1,3,3,0,7], size=[4], weights=F([]))',
    'tf.math.bincount(tf.ragged.constant([[1,3,3],[],[0,7]]), axis=-1)',
    'tf.math.bincount(tf.ragged.constant([[1,3,3],[],[0,7]]), weights=tf.ragged.constant([[1.,2.,3.],[],[4.,5.]]), axis=-1)',
    'tf.math.bincount(tf.ragged.constant([[1,3,3],[],[0,7]]), axis=-1, minlength=10, maxlength=5, dtype=tf.float32)',
    'tf.math.bincount(tf.ragged.constant([[1,3,3],[],[0,7]]), axis=-1, binary_output=True, dtype=tf.int64)',
    'tf.math.bincount(tf.ragged.constant([[],[]], tf.int32), axis=-1)',
    'tf.math.bincount(tf.ragged.constant([[1,-3]]), axis=-1)',
    'tf.math.bincount(tf.ragged.constant([[1,2],[3]]), weights=tf.ragged.constant([[1.],[2.,3.]]), axis=-1)',
    'tf.math.bincount(tf.ragged.constant([[1]]), weights=[[1.]], axis=-1)',
    'tf.math.bincount(tf.ragged.constant([[1]]), weights=tf.ragged.constant([[1.]]), axis=-1, binary_output=True)',
    # the public functions and operators
    'tf.sparse.reduce_sum(tf.SparseTensor([[0,1],[1,0],[1,2]], [1.,2.,3.], [2,3]), axis=[0], keepdims=True, output_is_sparse=True)',
    'tf.sparse.reduce_max(tf.SparseTensor([[0,1],[1,0],[1,2]], [1,-2,3], [2,3]))',
    'tf.sparse.reduce_max(tf.SparseTensor([[0,1],[1,0],[1,2]], [1,-2,3], [2,3]), -1, output_is_sparse=True)',
    'tf.sparse.reduce_sum(tf.SparseTensor([[0,1],[1,0],[1,2]], [1.,2.,3.], [2,3]), axis=2)',
    'tf.sparse.reduce_sum(tf.SparseTensor([[0,1],[1,0],[1,2]], [1.,2.,3.], [2,3]), axis=tf.constant(1))',
    'tf.SparseTensor([[0,1],[1,0],[1,2]], [1.,2.,3.], [2,3]) * tf.constant([[2.],[3.]])',
    'tf.SparseTensor([[0,1],[1,0],[1,2]], [1.,2.,3.], [2,3]) * [1, 2, 3]',
    'tf.SparseTensor([[0,1],[1,0],[1,2]], [1,-2,3], [2,3]) / [2, 2, 4]',
    'tf.SparseTensor([[0,1],[1,0],[1,2]], tf.constant([1,-2,3], tf.int16), [2,3]) / [2, 2, 4]',
    'tf.SparseTensor([[0,1],[1,0],[1,2]], [1.,2.,3.], [2,3]) / [[2.], [4.]]',
    'tf.SparseTensor([[0,1],[1,0],[1,2]], [1.,2.,3.], [2,3]) * [1.0, 2.0]',
    'tf.SparseTensor([[0,1],[1,0],[1,2]], [1.,2.,3.], [2,3]) * "a"',
]

# traced: (expression over `s`, a SparseTensor of the spec's static shape) -> static shapes
SPECS = {"known": [4, 5], "rows": [None, 5], "unknown": None}
TRACED = [
    "tf.sparse.reduce_sum(s, 1)",
    "tf.sparse.reduce_sum(s)",
    "tf.sparse.reduce_max(s, 0, keepdims=True)",
    "tf.sparse.reduce_sum(s, 1, output_is_sparse=True)",
    "tf.sparse.reduce_max(s, output_is_sparse=True)",
    "s * tf.ones([5])",
    "s / tf.ones([1, 5])",
]

# gradients of the values through each function: (name, expression over `s`)
GRADS = [
    ("reduce_sum", "tf.sparse.reduce_sum(s, 1)"),
    ("reduce_sum_all", "tf.sparse.reduce_sum(s, [0, 1], keepdims=True)"),
    ("reduce_sum_sparse", "tf.sparse.reduce_sum(s, 1, output_is_sparse=True).values"),
    ("reduce_max", "tf.sparse.reduce_max(s, 0)"),
    ("mul", "(s * tf.constant([2.0, -1.0, 4.0])).values"),
    ("div", "(s / tf.constant([[2.0], [-4.0]])).values"),
    ("softmax", "tf.sparse.softmax(s).values"),
]


def record(tf):
    return {"eager": eager_outcomes(tf, EAGER, _show), "traced": traced_shapes(tf, SPECS, TRACED),
            "grads": grad_outcomes(tf, GRADS)}
