"""Calls of TF's sparse structure ops (SparseReorder, SparseReshape, SparseSlice,
SparseSliceGrad, SparseConcat, SparseSplit, SparseFillEmptyRows, SparseFillEmptyRowsGrad)
and of the tf.sparse functions that run them, eager and traced, with their gradients, run
under TF 2.21 (record_sparse_shape_golden.py) and eagerflow (test_sparse_shape_ops.py)
alike: `record(tf)` gives each call's outcome as plain data (values, dtypes and shapes, or
the error's class and words), the traced ones' static shapes and gradients too."""

# ruff: noqa: E501  (each case one call, as it would be written against TF)
import re

R = "tf.raw_ops"
EAGER = [
    'R.SparseReorder(input_indices=I([[1,0],[0,2],[0,1]]), input_values=F([1,2,3]), input_shape=I([2,3]))',
    'R.SparseReorder(input_indices=I([[1,0],[0,2],[1,0]]), input_values=F([1,2,3]), input_shape=I([2,3]))',
    'R.SparseReorder(input_indices=I([[5,0],[0,2]]), input_values=F([1,2]), input_shape=I([2,3]))',
    'R.SparseReorder(input_indices=I([1,0]), input_values=F([1,2]), input_shape=I([2,3]))',
    'R.SparseReorder(input_indices=I([[1,0]]), input_values=F([1,2]), input_shape=I([2,3]))',
    'R.SparseReorder(input_indices=tf.zeros([3,0],tf.int64), input_values=F([1,2,3]), input_shape=I([]))',
    'R.SparseReorder(input_indices=tf.constant([[1],[0]]), input_values=F([1,2]), input_shape=I([2]))',
    'R.SparseReshape(input_indices=I([[0,1],[1,2]]), input_shape=I([2,3]), new_shape=I([3,-1]))',
    'R.SparseReshape(input_indices=I([[0,1],[1,2]]), input_shape=I([2,3]), new_shape=I([-1,-1]))',
    'R.SparseReshape(input_indices=I([[0,1],[1,2]]), input_shape=I([2,3]), new_shape=I([4,2]))',
    'R.SparseReshape(input_indices=I([[0,1],[1,2]]), input_shape=I([2,3]), new_shape=I([4,-1]))',
    'R.SparseReshape(input_indices=I([[0,1],[1,2]]), input_shape=I([2,3]), new_shape=I([-2,-3]))',
    'R.SparseReshape(input_indices=tf.zeros([0,2],tf.int64), input_shape=I([0,3]), new_shape=I([-1,0]))',
    'R.SparseReshape(input_indices=tf.zeros([0,2],tf.int64), input_shape=I([0,3]), new_shape=I([5,-1]))',
    'R.SparseReshape(input_indices=I([0,1]), input_shape=I([2,3]), new_shape=I([6]))',
    'R.SparseReshape(input_indices=I([[0,1]]), input_shape=I([[2,3]]), new_shape=I([6]))',
    'R.SparseReshape(input_indices=I([[0,1]]), input_shape=I([2,3]), new_shape=I([[6]]))',
    'R.SparseReshape(input_indices=I([[0,1]]), input_shape=I([2,3,1]), new_shape=I([6]))',
    'R.SparseReshape(input_indices=I([[0,5]]), input_shape=I([2,3]), new_shape=I([6]))',
    'R.SparseReshape(input_indices=tf.zeros([1,1],tf.int64), input_shape=I([1]), new_shape=I([]))',
    'R.SparseReshape(input_indices=tf.zeros([1,0],tf.int64), input_shape=I([]), new_shape=I([1,1]))',
    'R.SparseReshape(input_indices=tf.zeros([0,2],tf.int64), input_shape=I([-2,3]), new_shape=I([6]))',
    'R.SparseReshape(input_indices=I([[0,1]]), input_shape=I([2**40,2**40]), new_shape=I([-1]))',
    'R.SparseReshape(input_indices=I([[-1,0],[0,-5]]), input_shape=I([2,3]), new_shape=I([3,2]))',
    'R.SparseReshape(input_indices=I([[0,0]]), input_shape=I([0,3]), new_shape=I([3,0]))',
    'R.SparseReshape(input_indices=I([[0,5]]), input_shape=I([2,3]), new_shape=I([2,-1]))',
    'R.SparseReshape(input_indices=tf.zeros([2,0],tf.int64), input_shape=I([]), new_shape=I([-1]))',
    'R.SparseSlice(indices=I([[0,0],[0,3],[1,1],[2,4],[3,2]]), values=F([1,2,3,4,5]), shape=I([4,5]), start=I([2,2]), size=I([10,10]))',
    'R.SparseSlice(indices=I([[0,0],[0,3],[1,1],[2,4],[3,2]]), values=F([1,2,3,4,5]), shape=I([4,5]), start=I([5,5]), size=I([1,1]))',
    'R.SparseSlice(indices=I([[0,0],[0,3],[1,1],[2,4],[3,2]]), values=F([1,2,3,4,5]), shape=I([4,5]), start=I([-1,0]), size=I([2,2]))',
    'R.SparseSlice(indices=I([[0,0],[0,3]]), values=F([1,2]), shape=I([4,5]), start=I([0,0]), size=I([-1,2]))',
    'R.SparseSlice(indices=I([[0,0],[0,3]]), values=F([1,2]), shape=I([4,5]), start=I([0]), size=I([2,2]))',
    'R.SparseSlice(indices=I([[0,0],[0,3]]), values=F([1,2]), shape=I([4,5]), start=I([[0,0]]), size=I([2,2]))',
    'R.SparseSlice(indices=I([[-1],[0],[3],[7]]), values=F([1,2,3,4]), shape=I([4]), start=I([1]), size=I([2**63-1]))',
    'R.SparseSlice(indices=I([[-1],[0],[3],[7]]), values=F([1,2,3,4]), shape=I([4]), start=I([-2**62]), size=I([2**63-1]))',
    'R.SparseSlice(indices=I([[-1],[0],[3],[7]]), values=F([1,2,3,4]), shape=I([4]), start=I([-2**63]), size=I([2**62]))',
    'R.SparseSlice(indices=I([[1]]), values=F([1]), shape=I([-4]), start=I([[0]]), size=I([2]))',
    'R.SparseSlice(indices=tf.zeros([2,0],tf.int64), values=F([1,2]), shape=I([]), start=I([]), size=I([]))',
    'R.SparseSliceGrad(backprop_val_grad=F([7,8]), input_indices=I([[0,0],[0,3],[1,1]]), input_start=I([0,1]), output_indices=I([[0,2],[1,0]]))',
    'R.SparseSliceGrad(backprop_val_grad=F([7,8]), input_indices=I([[0,0],[0,3],[1,1]]), input_start=I([0,1]), output_indices=I([[0,2],[3,0]]))',
    'R.SparseSliceGrad(backprop_val_grad=F([7,8]), input_indices=I([[1,1],[0,3],[0,0]]), input_start=I([0,1]), output_indices=I([[0,2],[1,0]]))',
    'R.SparseSliceGrad(backprop_val_grad=tf.constant([True]), input_indices=I([[0,0]]), input_start=I([0,1]), output_indices=I([[0,2]]))',
    'R.SparseSliceGrad(backprop_val_grad=F([7]), input_indices=I([[0]]), input_start=I([0,0,0]), output_indices=I([[0,0]]))',
    'R.SparseSliceGrad(backprop_val_grad=F([7,8]), input_indices=I([[0]]), input_start=I([[0]]), output_indices=I([[0]]))',
    'R.SparseSliceGrad(backprop_val_grad=F([1]), input_indices=tf.zeros([0,2],tf.int64), input_start=I([[0,1]]), output_indices=I([[0,0]]))',
    'R.SparseConcat(indices=[I([[0,1],[1,0]]),I([[0,0],[1,2],[0,2]])], values=[F([1,2]),F([3,4,5])], shapes=[I([2,3]),I([2,4])], concat_dim=1)',
    'R.SparseConcat(indices=[I([[0,1],[1,0]]),I([[0,0],[1,2],[0,2]])], values=[F([1,2]),F([3,4,5])], shapes=[I([2,3]),I([2,4])], concat_dim=0)',
    'R.SparseConcat(indices=[I([[0,1],[1,0]]),I([[0,0],[1,2],[0,2]])], values=[F([1,2]),F([3,4,5])], shapes=[I([2,3]),I([2,4])], concat_dim=2)',
    'R.SparseConcat(indices=[I([[0,1]])], values=[F([1])], shapes=[I([2,3])], concat_dim=1)',
    'R.SparseConcat(indices=[I([[0]]), I([0])], values=[F([1]),F([[1]])], shapes=[I([1]),I([1])], concat_dim=0)',
    'R.SparseConcat(indices=[I([[0]]), I([[0,0]])], values=[F([1,2]),F([1])], shapes=[I([1]),I([1,1])], concat_dim=0)',
    'R.SparseConcat(indices=[I([[0,0]]), I([[0,0]])], values=[F([1]),F([1,2])], shapes=[I([1,2]),I([1,-2])], concat_dim=0)',
    'R.SparseConcat(indices=[I([[1,1],[1,1]]),I([[1,1],[0,0]])], values=[F([1,2]),F([3,4])], shapes=[I([2,3]),I([2,3])], concat_dim=0)',
    'R.SparseConcat(indices=[I([[0,0]]), I([[0,0]])], values=[F([1]),tf.constant([1])], shapes=[I([1,2]),I([1,3])], concat_dim=0)',
    'R.SparseSplit(split_dim=I(1), indices=I([[0,0],[0,4],[1,2],[2,1],[3,3],[4,0]]), values=F([1,2,3,4,5,6]), shape=I([5,5]), num_split=3)',
    'R.SparseSplit(split_dim=I(0), indices=I([[0,0],[0,4],[1,2],[2,1],[3,3],[4,0]]), values=F([1,2,3,4,5,6]), shape=I([5,5]), num_split=7)',
    'R.SparseSplit(split_dim=I(5), indices=I([[9,0]]), values=F([1]), shape=I([5,5]), num_split=9)',
    'R.SparseSplit(split_dim=I(0), indices=tf.zeros([0,2],tf.int64), values=F([]), shape=I([4,-5]), num_split=2)',
    'R.SparseSplit(split_dim=I(0), indices=tf.zeros([0,2],tf.int64), values=F([]), shape=I([-4,5]), num_split=2)',
    'R.SparseSplit(split_dim=I(0), indices=tf.zeros([0,2],tf.int64), values=F([]), shape=I([4,5]), num_split=0)',
    'R.SparseSplit(split_dim=I(0), indices=I([[2**40]]), values=F([1]), shape=I([2**62]), num_split=3)',
    'R.SparseSplit(split_dim=tf.constant(0), indices=I([[1,1]]), values=F([1]), shape=I([5,5]), num_split=2)',
    'R.SparseSplit(split_dim=I(0), indices=tf.zeros([0,0],tf.int64), values=F([]), shape=I([]), num_split=2)',
    'R.SparseFillEmptyRows(indices=I([[3,1],[1,0],[1,2]]), values=F([1,2,3]), dense_shape=I([5,4]), default_value=F(9))',
    'R.SparseFillEmptyRows(indices=I([[1,2],[1,0],[0,1]]), values=F([1,2,3]), dense_shape=I([3,4]), default_value=F(9))',
    'R.SparseFillEmptyRows(indices=tf.zeros([0,3],tf.int64), values=F([]), dense_shape=I([0,4,2]), default_value=F(9))',
    'R.SparseFillEmptyRows(indices=tf.zeros([0,0],tf.int64), values=F([]), dense_shape=I([]), default_value=F(9))',
    'R.SparseFillEmptyRows(indices=I([[1,0],[-1,0]]), values=F([1,2]), dense_shape=I([3,4]), default_value=F(9))',
    'R.SparseFillEmptyRows(indices=I([1]), values=F([[1]]), dense_shape=I([[3]]), default_value=F([9]))',
    'R.SparseFillEmptyRows(indices=tf.zeros([1,2],tf.int64), values=F([1]), dense_shape=I([]), default_value=F(9))',
    'R.SparseFillEmptyRows(indices=I([[1,0]]), values=tf.constant(["a"]), dense_shape=I([3,4]), default_value=tf.constant("z"))',
    'R.SparseFillEmptyRows(indices=I([[0,0]]), values=F([1]), dense_shape=I([0,4]), default_value=F(9))',
    'R.SparseFillEmptyRowsGrad(reverse_index_map=I([0,2,3]), grad_values=F([1,2,3,4,5]))',
    'R.SparseFillEmptyRowsGrad(reverse_index_map=I([0]), grad_values=tf.constant([True]))',
    'tf.sparse.reorder(tf.SparseTensor([[1,0],[0,2],[0,1]], [1.,2.,3.], [2,3]))',
    'tf.sparse.reshape(tf.SparseTensor([[1,0],[0,2],[0,1]], [1.,2.,3.], [2,3]), [-1, -1])',
    'tf.sparse.reshape(tf.SparseTensor([[1,0],[0,2],[0,1]], [1.,2.,3.], [2,3]), [4.5, 2])',
    'tf.sparse.reshape(tf.SparseTensor([[1,0],[0,2],[0,1]], [1.,2.,3.], [2,3]), tf.constant([3, 2]))',
    'tf.sparse.reshape(tf.SparseTensor([[1,0],[0,2],[0,1]], [1.,2.,3.], [2,3]), [3, -1])',
    'tf.sparse.slice(tf.SparseTensor([[1,0],[0,2],[0,1]], [1.,2.,3.], [2,3]), [0, 1], [2, 2])',
    'tf.sparse.slice(tf.SparseTensor([[1,0],[0,2],[0,1]], [1.,2.,3.], [2,3]), tf.constant([0, 0]), [1, 1])',
    'tf.sparse.slice(tf.SparseTensor([[1,0],[0,2],[0,1]], [1.,2.,3.], [2,3]), [0.5, 0], [1, 1])',
    'tf.sparse.concat(1, [tf.SparseTensor([[1,0],[0,2],[0,1]], [1.,2.,3.], [2,3]), tf.SparseTensor([[0,0]], [1.], [3, 1])], expand_nonconcat_dims=True)',
    'tf.sparse.concat(-1, [tf.SparseTensor([[1,0],[0,2],[0,1]], [1.,2.,3.], [2,3]), tf.SparseTensor([[0,0]], [1.], [3, 1])], expand_nonconcat_dims=True)',
    'tf.sparse.concat(0, [tf.SparseTensor([[1,0],[0,2],[0,1]], [1.,2.,3.], [2,3]), tf.SparseTensor([[0,0]], [1.], [3, 1])], expand_nonconcat_dims=True)',
    'tf.sparse.concat(1, [tf.SparseTensor([[1,0],[0,2],[0,1]], [1.,2.,3.], [2,3]), tf.SparseTensor([[0,0]], [1.], [3, 1])])',
    'tf.sparse.concat(0, [tf.ones([2])])',
    'tf.sparse.split(sp_input=tf.SparseTensor([[1,0],[0,2],[0,1]], [1.,2.,3.], [2,3]), num_split=2, axis=1)',
    'tf.sparse.split(sp_input=tf.SparseTensor([[1,0],[0,2],[0,1]], [1.,2.,3.], [2,3]), num_split=2)',
    'tf.sparse.split(num_split=2, axis=0)',
    'tf.sparse.split(sp_input=tf.SparseTensor([[1,0],[0,2],[0,1]], [1.,2.,3.], [2,3]), num_split=tf.constant(2), axis=0)',
    'tf.sparse.split(sp_input=tf.SparseTensor([[1,0],[0,2],[0,1]], [1.,2.,3.], [2,3]), num_split=2, axis=tf.constant(0))',
    'tf.sparse.fill_empty_rows(tf.SparseTensor([[1,0],[3,2],[3,1]], [1.,2.,3.], [5,3]), -1.0)',
    'tf.sparse.fill_empty_rows(tf.SparseTensor([[1,0],[3,2],[3,1]], [1.,2.,3.], [5,3]), "x")',
    'tf.sparse.fill_empty_rows(tf.SparseTensor([[1,0],[3,2],[3,1]], [1.,2.,3.], [5,3]), [1.0, 2.0])',
    'tf.sparse.reorder(tf.ones([2]))',
    'R.SparseReorder(input_indices=tf.constant([[i % 3, i % 2] for i in range(40)], tf.int64), input_values=tf.range(40), input_shape=I([3, 2]))',
    'R.SparseReorder(input_indices=tf.zeros([30, 0], tf.int64), input_values=tf.range(30), input_shape=I([]))',
    'R.SparseConcat(indices=[tf.constant([[i % 4, i % 3] for i in range(25)], tf.int64), tf.constant([[i % 2, i % 3] for i in range(19)], tf.int64)], values=[tf.range(25), tf.range(100, 119)], shapes=[I([4, 3]), I([4, 3])], concat_dim=1)',
    'R.SparseFillEmptyRows(indices=tf.constant([[i % 3 * 2, i % 2] for i in range(30)], tf.int64), values=tf.range(30), dense_shape=I([7, 2]), default_value=tf.constant(-1))',
    'R.SparseSplit(split_dim=I(0), indices=tf.constant([[i % 5, i % 2] for i in range(30)], tf.int64), values=tf.range(30), shape=I([5, 2]), num_split=2)',
    'R.SparseSlice(indices=I([[0,0],[0,0],[0,0]]), values=F([4,4,7]), shape=I([0,0]), start=I([2,-1]), size=I([-1,2]))',
    'R.SparseSlice(indices=tf.zeros([0,1],tf.int64), values=F([]), shape=I([2]), start=I([3]), size=I([-2]))',
    'R.SparseSlice(indices=tf.zeros([0,1],tf.int64), values=F([]), shape=I([2]), start=I([0]), size=I([-2**63]))',
    'R.SparseSlice(indices=tf.zeros([0,1],tf.int64), values=F([]), shape=I([2]), start=I([9]), size=I([-2**62]))',
    'R.SparseReshape(input_indices=I([[1, 0]]), input_shape=I([2, 0]), new_shape=I([2, -1]))',
    'R.SparseReshape(input_indices=I([[4, 1], [0, 1]]), input_shape=I([5, 2]), new_shape=I([-1, 2, 2]))',
    'R.SparseSplit(split_dim=I(0), indices=I([[2**40]]), values=F([1]), shape=I([2**62]), num_split=3)',
    'R.SparseFillEmptyRows(indices=I([[1,0]]), values=F([1]), dense_shape=I([3,4,1]), default_value=F([9]))',
    'R.SparseFillEmptyRows(indices=tf.zeros([1,0],tf.int64), values=F([1]), dense_shape=I([]), default_value=F([9]))',
    'R.SparseSplit(split_dim=I(0), indices=I([[1,1]]), values=F([[1]]), shape=I([5,5]), num_split=2)',
    'R.SparseConcat(indices=[tf.zeros([0,2],tf.int64), tf.zeros([0,2],tf.int64)], values=[F([3]), F([])], shapes=[I([2,2]), I([2,2])], concat_dim=0)',
    'R.SparseConcat(indices=[tf.zeros([0,1],tf.int64), tf.zeros([0,2],tf.int64)], values=[F([]), F([])], shapes=[I([2,2]), I([2,2])], concat_dim=-1)',
    'R.SparseConcat(indices=[tf.zeros([0,2],tf.int64), tf.zeros([0,2],tf.int64)], values=[F([3]), F([])], shapes=[I([2,2]), I([2,3])], concat_dim=0)',
    'R.SparseConcat(indices=[tf.zeros([0,2],tf.int64), I([[0,0]])], values=[F([1]), F([3])], shapes=[I([2,2]), I([2,2])], concat_dim=0)',
    'R.SparseSliceGrad(backprop_val_grad=F([1,2,3]), input_indices=I([[1]]), input_start=I([0]), output_indices=I([[0],[0]]))',
    'R.SparseReshape(input_indices=I([[2, 0]]), input_shape=I([5, 5, 4]), new_shape=I([[2, -1, 6]]))',
    'tf.function(lambda: R.SparseSlice(indices=I([[0,1]]), values=F([1,2]), shape=I([3,3]), start=I([0]), size=I([1,1])))()',
    'tf.function(lambda: R.SparseSplit(split_dim=I([0]), indices=I([[0,1]]), values=F([1]), shape=I([3,3]), num_split=2))()',
    'tf.function(lambda: R.SparseSliceGrad(backprop_val_grad=F([1]), input_indices=I([[0,1]]), input_start=I([0]), output_indices=I([[0,1]])))()',
    'tf.function(lambda: R.SparseFillEmptyRows(indices=I([[0,1]]), values=F([1]), dense_shape=I([-3,3]), default_value=F(0)))()',
    'tf.function(lambda: R.SparseConcat(indices=[I([[0,1]])]*2, values=[F([1])]*2, shapes=[I([3,3])]*2, concat_dim=2))()',
    'R.SparseSplit(split_dim=I(0), indices=I([[0]]), values=F([1]), shape=I([2**40]), num_split=715827883)',
]

# traced: (expression over `s`, a SparseTensor of the spec's static shape) -> static shapes
SPECS = {"known": [4, 5], "rows": [None, 5]}
TRACED = [
    "tf.sparse.reorder(s)",
    "tf.sparse.reshape(s, [2, -1])",
    "tf.sparse.reshape(s, [-1])",
    "tf.sparse.reshape(s, [4, 4])",
    "tf.sparse.reshape(s, [-1, -1])",
    "tf.sparse.reshape(s, [0, -1])",
    "tf.sparse.slice(s, [0, 1], [2, 2])",
    "tf.sparse.concat(1, [s, s])",
    "tf.sparse.concat(0, [s, s], expand_nonconcat_dims=True)",
    "tf.sparse.split(sp_input=s, num_split=2, axis=1)[0]",
    "tf.sparse.fill_empty_rows(s, 0.0)[0]",
]

# gradients of the values through each function: (name, expression over `s`)
GRADS = [
    ("reorder", "tf.sparse.reorder(s)"),
    ("reshape", "tf.sparse.reshape(s, [-1])"),
    ("slice_sorted", "tf.sparse.slice(tf.sparse.reorder(s), [0, 1], [2, 2])"),
    ("slice", "tf.sparse.slice(s, [0, 1], [2, 2])"),
    ("concat", "tf.sparse.concat(1, [s, s])"),
    ("split", "tf.sparse.split(sp_input=s, num_split=2, axis=1)"),
    ("fill", "tf.sparse.fill_empty_rows(tf.sparse.slice(s, [0, 0], [3, 3]), 5.0)[0]"),
]


def _show(tf, o):
    if isinstance(o, tf.SparseTensor):
        return ["ST", _show(tf, o.indices), _show(tf, o.values), _show(tf, o.dense_shape)]
    if isinstance(o, (list, tuple)):
        return [_show(tf, x) for x in o]
    v = o.numpy()
    return [v.tolist() if v.dtype != object else [b.decode() for b in v.reshape(-1)],
            o.dtype.name, list(v.shape)]


def _error(e, last=False):
    """The error's class and its first line (`last`: its last, a traced error's own)."""
    lines = [w for w in re.sub(r"\{\{function_node [^}]*\}\} ", "", str(e)).split("\n")
             if w.strip()]
    return f"ERR {type(e).__name__}: {lines[-1].strip() if last else lines[0]}"


def eager_outcomes(tf, cases, show=_show):
    """Each eager case's outcome (`show`n), or its error's."""
    out = {}
    env = {"tf": tf, "R": tf.raw_ops, "I": lambda a: tf.constant(a, tf.int64),
           "F": lambda a: tf.constant(a, tf.float32)}
    for case in cases:
        try:
            out[case] = show(tf, eval(case, env))  # noqa: S307 - the cases above
        except Exception as e:  # noqa: BLE001 - the outcome is the error
            out[case] = _error(e)
    return out


def _static_shape(tf, case, shape):
    seen = {}

    def f(s):
        r = eval(case, {"tf": tf, "s": s})  # noqa: S307 - the cases above
        seen["shape"] = r.shape.as_list() if r.shape.rank is not None else None
        return r.values if isinstance(r, tf.SparseTensor) else r

    tf.function(f).get_concrete_function(tf.SparseTensorSpec(shape, tf.float32))
    return seen["shape"]


def traced_shapes(tf, specs, cases):
    """Each case's static shape traced over `s`, a SparseTensorSpec of each of `specs`."""
    out = {}
    for spec, shape in specs.items():
        for case in cases:
            try:
                out[f"{spec}: {case}"] = _static_shape(tf, case, shape)
            except Exception as e:  # noqa: BLE001 - the outcome is the error
                out[f"{spec}: {case}"] = _error(e, last=True)
    return out


def grad_outcomes(tf, cases):
    """The gradient with respect to `s`'s values, eager and traced, of each (name, case):
    the case's result (a tensor, a SparseTensor or a list of them) weighted 1, 2, ... and
    summed."""
    out = {}
    for name, case in cases:
        for traced in (False, True):
            def run(v, case=case):
                with tf.GradientTape() as t:
                    t.watch(v)
                    s = tf.SparseTensor([[1, 0], [0, 2], [0, 1]], v, [2, 3])
                    r = eval(case, {"tf": tf, "s": s})  # noqa: S307 - the cases above
                    parts = [p.values if isinstance(p, tf.SparseTensor) else p
                             for p in (r if isinstance(r, list) else [r])]
                    y = tf.add_n([tf.reduce_sum(p * tf.cast(tf.range(1, 1 + tf.size(p)),
                                                            tf.float32)) for p in parts])
                g = t.gradient(y, v)
                return tf.zeros([0]) if g is None else g
            try:
                fn = tf.function(run) if traced else run
                g = fn(tf.constant([1.0, 2.0, 3.0])).numpy().tolist()
                out[f"{name} traced={traced}"] = g or None
            except Exception as e:  # noqa: BLE001 - the outcome is the error
                out[f"{name} traced={traced}"] = f"ERR {type(e).__name__}"
    return out


def record(tf):
    return {"eager": eager_outcomes(tf, EAGER), "traced": traced_shapes(tf, SPECS, TRACED),
            "grads": grad_outcomes(tf, GRADS)}
