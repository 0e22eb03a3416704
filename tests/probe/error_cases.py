"""Common mistakes a TF2 program makes below Keras (matrix products of the wrong rank or
size, bad permutations, indices out of range, non-integer sizes, solves of non-square or
mismatched matrices, sparse indices out of order, a tape asked for gradients before it
recorded anything) and the sparse-dense operators: each an expression over `tf`, `np` and
`sp` (tf.sparse.SparseTensor), `P` (a namedtuple), `T` (an int32 scalar's TensorSpec),
`C` (an int32 scalar) and `L()` (a module saved with input signatures, loaded) whose
result (its repr) or error (class and first line) TF 2.21 recorded in errors_golden.json
(record_errors_golden.py) and test_errors_vs_tf.py checks.

A case prefixed "traced:" runs inside a tf.function (TF's graph-building errors); one
prefixed "full:" records its error's whole message."""

from __future__ import annotations

import collections
import tempfile
from typing import Any

CASES = [
    # matrix products: MatMul for matrices, BatchMatMulV2 when either operand has more dims
    "tf.matmul(tf.ones([3]), tf.ones([3]))",
    "tf.matmul(tf.ones([3]), tf.ones([3, 3]))",
    "tf.matmul(tf.ones([3, 3]), tf.ones([3]))",
    "tf.matmul(tf.ones([]), tf.ones([3, 3]))",
    "tf.matmul(tf.ones([3, 3, 3]), tf.ones([3]))",
    "tf.matmul(tf.ones([3]), tf.ones([3, 3, 3]))",
    "tf.matmul(tf.ones([2, 3]), tf.ones([2, 3]))",
    "tf.matmul(tf.ones([2, 2, 3]), tf.ones([2, 2, 3]))",
    "tf.matmul(tf.ones([2, 3]), tf.ones([2, 2, 3]))",
    "tf.matmul(tf.ones([1, 2, 3]), tf.ones([4, 5]), transpose_a=True)",
    "tf.matmul(tf.ones([3, 2, 3]), tf.ones([2, 3, 2]))",
    "tf.matmul(tf.ones([3, 2, 3]), tf.ones([2, 3, 2]), transpose_a=True)",
    "tf.ones([2, 3]) @ tf.ones([2, 3])",
    "traced:tf.matmul(tf.ones([3]), tf.ones([3]))",
    "traced:tf.matmul(tf.ones([3, 3]), tf.ones([3]))",
    "traced:tf.matmul(tf.ones([3, 3, 3]), tf.ones([3]))",
    "traced:tf.matmul(tf.ones([3]), tf.ones([3, 3, 3]))",
    "traced:tf.matmul(tf.ones([]), tf.ones([3, 3]))",
    # permutations
    "tf.transpose(tf.ones([2, 3]), [0, 2])",
    "tf.transpose(tf.ones([2, 3]), [2, 0])",
    "tf.transpose(tf.ones([2, 3]), [5, 7])",
    "tf.transpose(tf.ones([2, 3]), [-3, 0])",
    "tf.transpose(tf.ones([2, 3]), [-2, -2])",
    "tf.transpose(tf.ones([2, 3]), [1, 1])",
    "tf.transpose(tf.ones([2, 3]), [-1, 0]).shape",
    # indices out of range
    "tf.gather(tf.ones([3]), [[0, 4]])",
    "tf.gather(tf.ones([3]), [[[0, 1], [2, 9]]])",
    "tf.gather(tf.ones([2, 3]), [[0, 4]], axis=1)",
    "tf.gather(tf.ones([2, 3]), [[0, 4], [1, 2]], axis=1, batch_dims=1)",
    "tf.gather(tf.ones([3]), 5)",
    "tf.nn.embedding_lookup(tf.ones([3, 2]), [[0, 7]])",
    "tf.math.unsorted_segment_sum(tf.ones([2, 2]), [[0, 1], [1, 5]], 3)",
    # sizes that are not integers
    "tf.one_hot([1, 2], 3.5)",
    "tf.one_hot([1, 2], '3')",
    "tf.one_hot([1, 2], None)",
    "tf.one_hot([1, 2], [3])",
    "tf.one_hot(1, float('inf'))",
    # solves
    "tf.linalg.solve(tf.ones([2, 3]), tf.ones([2, 1]))",
    "tf.linalg.solve(tf.ones([3, 2]), tf.ones([3, 1]))",
    "tf.linalg.solve(tf.ones([2, 2]), tf.ones([2]))",
    "tf.linalg.solve(tf.ones([2, 2, 3]), tf.ones([2, 1]))",
    "tf.linalg.solve(tf.ones([2, 3, 3]), tf.ones([3, 1]))",
    "tf.linalg.solve(tf.ones([3, 3]), tf.ones([2, 3, 1]))",
    "tf.linalg.solve(tf.ones([2, 3, 3]), tf.ones([4, 3, 1]))",
    "tf.linalg.solve(tf.ones([3, 3]), tf.ones([2, 1]))",
    "tf.linalg.solve(tf.ones([3]), tf.ones([3, 1]))",
    "tf.linalg.triangular_solve(tf.ones([2, 3]), tf.ones([2, 1]))",
    "tf.linalg.triangular_solve(tf.ones([3, 2]), tf.ones([3, 1]))",
    "tf.linalg.triangular_solve(tf.ones([3]), tf.ones([3, 1]))",
    "tf.linalg.triangular_solve(tf.ones([2, 2]), tf.ones([2]))",
    "tf.linalg.triangular_solve(tf.ones([2, 3, 3]), tf.ones([4, 3, 1]))",
    "tf.linalg.triangular_solve(tf.ones([2, 2, 3]), tf.ones([2, 2, 1]))",
    "tf.linalg.cholesky_solve(tf.ones([2, 3]), tf.ones([2, 1]))",
    "tf.linalg.lu(tf.ones([3]))",
    "tf.linalg.lu(tf.ones([]))",
    "tf.linalg.matrix_rank(tf.ones([3]))",
    "tf.linalg.pinv(tf.ones([3]))",
    # sparse tensors: indices out of order or repeated, the two operators TF defines
    "tf.sparse.to_dense(sp([[2, 3], [0, 1]], [1.0, 2.0], [3, 4]))",
    "tf.sparse.to_dense(sp([[0, 1], [0, 1]], [1.0, 2.0], [3, 4]))",
    "tf.sparse.to_dense(sp([[0, 1], [5, 5], [0, 0]], [1.0, 2.0, 3.0], [3, 4]))",
    "tf.sparse.to_dense(sp([[0, 1], [0, 0], [5, 5]], [1.0, 2.0, 3.0], [3, 4]))",
    "tf.sparse.to_dense(sp([[2, 3], [0, 1]], [1.0, 2.0], [3, 4]), validate_indices=False)",
    "tf.sparse.to_dense(sp([[0, 1], [5, 5]], [1.0, 2.0], [3, 4]), validate_indices=False)",
    "tf.sparse.to_dense(sp([[0, 1], [2, 3]], [1.0, 2.0], [3, 4]) * 2)",
    "tf.sparse.to_dense(sp([[0, 1], [2, 3]], [1.0, 2.0], [3, 4]) / 2)",
    "tf.sparse.to_dense(sp([[0, 1], [2, 3]], [1., 2.], [3, 4]) * tf.constant([1., 2., 3., 4.]))",
    "tf.sparse.to_dense(sp([[0, 1], [2, 3]], [1., 2.], [3, 4]) * tf.constant([[1.], [2.], [3.]]))",
    "tf.sparse.to_dense(sp([[0, 1], [2, 3]], [1., 2.], [3, 4]) / tf.reshape(tf.range(1., 13.), "
    "[3, 4]))",
    "sp([[0, 0]], [3], [2, 2]) * 2",
    "sp([[0, 0]], [3], [2, 2]) / 2",
    "sp([[0, 0]], [3], [2, 2]) * 2.5",
    "sp([[0, 1], [2, 3]], [1.0, 2.0], [3, 4]) * tf.ones([2, 3, 4])",
    "sp([[0, 1], [2, 3]], [1.0, 2.0], [3, 4]) * tf.ones([5])",
    "sp([[0, 1], [2, 3]], [1.0, 2.0], [3, 4]) * tf.constant(2.0, tf.float64)",
    "2 * sp([[0, 1], [2, 3]], [1.0, 2.0], [3, 4])",
    "sp([[0, 1], [2, 3]], [1.0, 2.0], [3, 4]) + 1",
    "-sp([[0, 1], [2, 3]], [1.0, 2.0], [3, 4])",
    "traced:sp([[0, 1], [2, 3]], [1.0, 2.0], [3, 4]) * tf.constant([1., 2., 3., 4.])",
    # variable aggregation enums: TF 2's is VariableAggregationV2, a default is TF 1's NONE
    "tf.VariableAggregation.MEAN",
    "str(tf.VariableAggregation.SUM)",
    "list(tf.VariableAggregation)",
    "tf.compat.v1.VariableAggregation.MEAN",
    "list(tf.compat.v1.VariableAggregation)",
    "tf.Variable(1.0).aggregation",
    "tf.Variable(1.0, aggregation=tf.VariableAggregation.SUM).aggregation",
    "tf.Variable(1.0, aggregation=tf.compat.v1.VariableAggregation.MEAN).aggregation",
    "tf.Variable(1.0, aggregation='mean')",
    "tf.VariableAggregation.MEAN == tf.compat.v1.VariableAggregation.MEAN",
    # structures that differ: tf.nest's checks and the loops' (whole messages)
    "full:tf.nest.assert_same_structure([1, 2], [1])",
    "full:tf.nest.assert_same_structure([1, [2, 3]], [1, [2]])",
    "full:tf.nest.assert_same_structure({'a': 1}, {'b': 1})",
    "full:tf.nest.assert_same_structure((1, 2), [1, 2])",
    "full:tf.nest.assert_same_structure([1, 2], [1, [2]])",
    "full:tf.nest.assert_same_structure('ab', ['a'])",
    "full:tf.nest.assert_same_structure({'a': [1, 2]}, {'a': [1]})",
    "full:tf.nest.assert_same_structure({'a': 1, 'b': (1, 2)}, {'a': 1, 'b': [1, 2]})",
    "full:tf.nest.assert_same_structure([tf.constant(1), 's'], [tf.constant(2)])",
    "full:tf.nest.assert_same_structure((1, (2, 3)), (1, (2, (3,))))",
    "full:tf.nest.assert_same_structure({}, {'a': 1})",
    "full:tf.nest.assert_same_structure((1, 2, 3), [1, 2], check_types=False)",
    "full:tf.nest.assert_same_structure({'a': 1}, [1], check_types=False)",
    "full:tf.nest.assert_same_structure({'a': 1, 'b': 2}, {'a': 1}, check_types=False)",
    "full:tf.nest.map_structure(lambda x, y: x, [1, 2], [1])",
    "full:tf.while_loop(lambda i: i < 3, lambda i: (i + 1, 2), (0,))",
    "full:tf.while_loop(lambda i, j: i < 3, lambda i, j: (i + 1,), (0, 1))",
    "full:tf.while_loop(lambda i: i < 3, lambda i: i + 1, (0,), maximum_iterations=5)",
    "full:tf.while_loop(lambda i, j: i < 3, lambda i, j: (i + 1,), (0, 1), maximum_iterations=2)",
    "tf.while_loop(lambda i: i < 3, lambda i: i + 1, (0,))",
    "tf.while_loop(lambda i, j: i < 3, lambda i, j: [i + 1, j], (0, 1))",
    "tf.while_loop(lambda i: i < 3, lambda i: (i + 1,), (0,), maximum_iterations=5)",
    "tf.while_loop(1, lambda i: i, (0,))",
    "traced:tf.while_loop(lambda i, j: i < 3, lambda i, j: [i + 1, j], (0, 1))",
    "traced:tf.while_loop(lambda i, j: i < 3, lambda i, j: (i + 1, j), [0, 1])",
    # concrete functions of nested signatures: their printed types, and binding refusals
    "full:tf.function(lambda p: p.x).get_concrete_function(P(T, T)).pretty_printed_signature()",
    "full:tf.function(lambda p: p.x).get_concrete_function(P(T, T))(P(C, C))",
    "full:tf.function(lambda p: p.x).get_concrete_function(P(T, T))((C, C))",
    "full:tf.function(lambda l: l[0]).get_concrete_function([T])(C)",
    "full:tf.function(lambda l: l[0]).get_concrete_function([T])((C,))",
    "full:tf.function(lambda l: l[0]).get_concrete_function([T])([C, C])",
    "full:tf.function(lambda t: t[0]).get_concrete_function((T, T))(C)",
    "full:tf.function(lambda t: t[0]).get_concrete_function((T, T))([C, C])",
    "full:tf.function(lambda t: t[0]).get_concrete_function((T, T))((C,))",
    "full:tf.function(lambda d: d['z']).get_concrete_function({'z': T})(C)",
    "full:tf.function(lambda d: d['z']).get_concrete_function({'z': T})({'w': C})",
    # tf.data functions that return nothing or take the wrong arguments; string scalars made
    # by a traced `+`, then read by string ops
    "tf.data.Dataset.range(3).map(lambda x: None)",
    "tf.data.Dataset.range(3).map(lambda x: {'a': None})",
    "tf.data.Dataset.range(3).map(lambda x, y: x)",
    "tf.data.Dataset.range(3).map(lambda x, y=1, *, z: x)",
    "tf.data.Dataset.zip(tf.data.Dataset.range(2), tf.data.Dataset.range(2)).map(lambda x: x)",
    "list(tf.data.Dataset.range(3).map(lambda x: tf.strings.length(tf.strings.as_string(x) + "
    "'ab')).as_numpy_iterator())",
    "tf.function(lambda x: tf.strings.upper(tf.strings.as_string(x) + 'a'))(tf.constant(1))",
    "tf.function(lambda x: tf.strings.to_hash_bucket_fast(tf.strings.as_string(x) + 'a', 9))"
    "(tf.constant(1))",
    "tf.function(lambda x: tf.io.encode_base64(tf.strings.as_string(x) + 'a'))(tf.constant(1))",
    # dtype facts: ranges, limits (TF's image ranges, clipped at 0), sizes
    "[(d.min, d.max) for d in (tf.float16, tf.bfloat16, tf.int8, tf.uint64)]",
    "tf.bool.min", "tf.bool.max", "tf.complex64.max", "tf.string.min", "tf.qint8.max",
    "tf.variant.max",
    "[d.limits for d in (tf.bool, tf.uint8, tf.int8, tf.int32, tf.int64, tf.float32)]",
    "tf.float16.limits", "tf.bfloat16.limits", "tf.complex128.limits",
    "[d.size for d in (tf.string, tf.resource, tf.variant, tf.bool, tf.float64)]",
    "tf.string.as_numpy_dtype",
    # saturate_cast: bounds taken in the input's type, complex parts, types without a range
    "tf.dtypes.saturate_cast(tf.constant([1e10, -1e10, 5.5]), tf.int32)",
    "tf.dtypes.saturate_cast(tf.constant([-1.0, 256.0, 3.5, np.inf, -np.inf]), tf.uint8)",
    "tf.dtypes.saturate_cast(tf.constant([-5, 300], tf.int64), tf.uint8)",
    "tf.dtypes.saturate_cast(tf.constant([3e38, -3e38, np.inf]), tf.float16)",
    "tf.dtypes.saturate_cast(tf.constant([1e10], tf.float64), tf.uint32)",
    "tf.dtypes.saturate_cast(tf.constant([-1e30, 1e30]), tf.uint64)",
    "tf.dtypes.saturate_cast(tf.constant([70000.0]), tf.bfloat16)",
    "tf.dtypes.saturate_cast(tf.constant([1.5 + 2j, 1e300 + 1e300j], tf.complex128), "
    "tf.complex64)",
    "tf.dtypes.saturate_cast(tf.constant([1.5 + 2j]), tf.int32)",
    "tf.dtypes.saturate_cast(tf.constant([True]), tf.int32)",
    "tf.dtypes.saturate_cast(tf.constant([1.0]), tf.bool)",
    # a loaded function saved with an input_signature binds its arguments as TF's does
    "L()(tf.ones([1, 4]))", "L()(tf.ones([1, 3], tf.int32))", "L()([[1.0, 2.0, 3.0]])",
    "L()('x')", "L()([[1.0, 2.0]])", "L().two(tf.constant(1), tf.ones([3]))",
    "L().two(1.5, tf.ones([2]))", "L().two(1, [1.0, 2.0])", "L()(tf.ones([1, 3]), tf.ones([1]))",
    "L().two(a=1, b=[1.0, 2.0])",
    # a reader's error inside a flat_map or interleave stays the reader's (no function
    # raised it)
    "list(tf.data.Dataset.from_tensor_slices(['/nonexistent/x.tfr'])"
    ".flat_map(tf.data.TFRecordDataset))",
    "list(tf.data.Dataset.from_tensor_slices(['/nonexistent/x.tfr'])"
    ".interleave(tf.data.TFRecordDataset, cycle_length=1))",
    # a tape that never recorded
    "tf.GradientTape().gradient(tf.constant(1.0), tf.Variable(1.0))",
    "tf.GradientTape(persistent=True).gradient(tf.constant(1.0), tf.Variable(1.0))",
    "tf.GradientTape().jacobian(tf.constant([1.0]), tf.Variable([1.0]))",
    # no gradient through a cast to an integer or bool (TF's Cast gradient)
    "[(t := tf.GradientTape(persistent=True)).__enter__(), v := tf.Variable(1.5), "
    "y := tf.cast(tf.cast(v, tf.int32), tf.float32) * v, z := tf.cast(v, tf.bool), "
    "w := tf.cast(v, tf.int32), t.__exit__(None, None, None), t.gradient(y, v), "
    "t.gradient(z, v), t.gradient(w, v)][-3:]",
]


POINT = collections.namedtuple("P", ["x", "y"])
_LOADED: dict = {}


def loaded(tf: Any) -> Any:
    """A module with input signatures, saved and loaded back (once per library)."""
    if id(tf) not in _LOADED:
        class M(tf.Module):
            @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
            def __call__(self, x):
                return x

            @tf.function(input_signature=[tf.TensorSpec([], tf.int32),
                                          tf.TensorSpec([2], tf.float32)])
            def two(self, a, b):
                return b * tf.cast(a, tf.float32)

        path = tempfile.mkdtemp()
        tf.saved_model.save(M(), path)
        _LOADED[id(tf)] = tf.saved_model.load(path)
    return _LOADED[id(tf)]


def run(tf: Any, np: Any, expr: str) -> Any:
    scope = {"tf": tf, "np": np, "sp": tf.sparse.SparseTensor, "P": POINT,
             "T": tf.TensorSpec([], tf.int32), "C": tf.constant(1), "L": lambda: loaded(tf)}
    if expr.startswith("full:"):
        expr = expr[len("full:"):]
    if expr.startswith("traced:"):
        body = expr[len("traced:"):]
        return tf.function(lambda: eval(body, scope))()
    return eval(expr, scope)


def first_line(message: str) -> str:
    """An error's first line as the tests compare it (an eager op's with TF's
    "{{function_node __wrapped__...}} " prefix and " name: ..." suffix), and, for a traced
    case, from its last line (TF's own message after the user frames)."""
    lines = [x for x in message.strip("\n").split("\n") if x.strip()]
    line = lines[0]
    if line == "in user code:":
        line = lines[-1].strip().split(": ", 1)[-1]
    return line


def outcome(tf: Any, np: Any, expr: str) -> dict:
    try:
        value = run(tf, np, expr)
    except Exception as e:  # noqa: BLE001 (the error is the recorded result)
        message = str(e) if expr.startswith("full:") else first_line(str(e))
        return {"error": type(e).__name__, "message": message}
    return {"value": repr(value)}
