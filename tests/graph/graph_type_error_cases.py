"""Traced ops given inputs of dtypes their signature refuses: shared by
test_graph_type_errors.py with eagerflow and with TensorFlow 2.21 (no test here)."""

EXPRS = [
    "x + y", "tf.add(x, y)", "x * y", "x - y", "x // y", "x < y", "tf.maximum(x, y)",
    "tf.matmul(tf.reshape(x, [1, 1]), tf.reshape(y, [1, 1]))", "tf.where(True, x, y)",
    "x + 's'", "tf.stack([x, y])", "tf.concat([x, y], 0)", "tf.math.add_n([x, y])",
    "tf.math.sin(x)", "tf.gather(y, y)", "tf.reshape(x, y)", "tf.strings.length(x)",
    "tf.nn.relu(tf.strings.as_string(x))",
    # a string first operand: TF's Python makes Add (its numbers AddV2)
    "tf.add(tf.strings.as_string(x), 1)", "tf.strings.as_string(x) + y",
    "tf.add(tf.concat([tf.strings.as_string(x)] * 2, 0), ['a', 'b', 'c'])",
    # a Python first operand is converted on its own, without the tensor's dtype
    "tf.subtract(1, y)", "tf.maximum(0, y)", "tf.multiply([2], y)", "tf.add(1, y)",
    "tf.equal(1, y)", "tf.pow(2, y)", "tf.math.truediv(1, y)", "tf.divide(1.5, x)",
    "tf.math.squared_difference(1, y)", "tf.add([1, tf.cast(x[0], tf.int64)], x)",
    # ... but one that fits a tensor second operand, or a reflected operator's, converts
    "tf.subtract(1.0, y)", "1 - y", "tf.maximum(y, 0)", "tf.divide(1, y)", "2 ** y",
    # raw ops: the first input of a type attribute sets it (and is checked against its
    # allowed dtypes then); only a list's items look ahead
    "tf.raw_ops.AddV2(x=1, y=y)", "tf.raw_ops.Maximum(x=[0], y=y)",
    "tf.raw_ops.SelectV2(condition=[True], t=1, e=y)", "tf.raw_ops.Atan2(y=1, x=y)",
    "tf.raw_ops.AddV2(x=True, y=x)", "tf.raw_ops.AddV2(x=y, y=1)",
    "tf.raw_ops.Pack(values=[1, y[0]])",
    "tf.where([True], 1, y)", "tf.where([True], y, 1)",
    "tf.linalg.triangular_solve([[1]], tf.reshape(y, [1, 1]))",
    # a list mixing tensors and Python values: a list argument's items converted alone
    # and named by their dtypes; an autopacked list's constants checked as TF's graph
    # constants are ("Expected int32, but got 1.5 of type 'float'.")
    "tf.stack([x, 1.5])", "tf.stack([1.5, x])", "tf.stack([x, 'a'])", "tf.stack([x, None])",
    "tf.concat([x, [1.5]], 0)", "tf.concat([['a'], x], 0)", "tf.parallel_stack([x, [1.5]])",
    "tf.dynamic_stitch([[0], [1]], [x, [1.5]])",
    "tf.strings.join([tf.strings.as_string(x), 1])",
    "tf.convert_to_tensor([x[0], 1.5])", "tf.convert_to_tensor([1.5, x[0]])",
    "x + [x[0], 1.5]", "tf.reshape(x, [x[0], 1.5])", "tf.fill([x[0], 1.5], 1)",
    "tf.zeros([x[0], 1.5])", "tf.tile(x, [x[0], 1.5])", "tf.broadcast_to(x, [x[0], 1.5])",
    "tf.where([True], [x[0], 1.5], x)", "tf.gather(x, [x[0], 1.5])", "tf.pad(x, [[x[0], 1.5]])",
    # a None among Python values: the graph builder's constant refuses the list as a whole
    "tf.constant([2, None])", "tf.convert_to_tensor([2, None])", "tf.constant([[1, 2], [3, None]])",
    "tf.constant([2., None], tf.float32)", "tf.zeros([2, None])", "tf.ones([None, 3])",
    "tf.fill([2, None], 1.0)",
    # ... and given to ops: converted on its own (tf.add, `+`, matmul, a unary op's input,
    # an axis) the graph constant's TypeError or NumPy's ValueError for a ragged list; to
    # the other input's dtype (the op wrapper's) the element named; `[2, None] + x`
    # (the reflected operator converts to x's dtype) the constant's check alone
    "x + [2, None]", "[2, None] + x", "x - [None]", "x * [1, 'a']", "x + [[1], [2, 3]]",
    "x < [2, None]", "x == [2, None]", "x & [True, None]", "x + [b'a', 1]", "x // [None]",
    "x - [[1], [2, 3]]", "x + (2, None)", "tf.maximum(x, (None,))", "tf.add([2, None], x)",
    "tf.matmul([[1, None]], tf.reshape(y, [1, 1]))", "tf.gather(x, [0, None])",
    "tf.pad(x, [[0, None]])", "tf.cast([1, None], tf.float32)", "tf.identity([1, None])",
    "tf.nn.relu([1.0, None])", "tf.math.abs([1, 'a'])", "tf.one_hot([0, None], 3)",
    "tf.shape([1, None])", "tf.transpose([[1], [2, 3]])", "tf.constant([[1, 2], [3]])",
    "tf.zeros([[1], [2, 3]])", "tf.math.add_n([x, [None]])", "tf.slice(x, [None], [1])",
    # shapes an op takes as a tensor: TF converts them, refusing the None
    "tf.tile(x, [None])", "tf.broadcast_to(x, [None])", "tf.split(x, [1, None])",
    "tf.transpose(x, [None])", "tf.strided_slice(x, [None], [1])", "tf.reduce_sum(x, [0, None])",
    "tf.stack([[1, None], x])", "tf.tile(x, [1.5])", "tf.broadcast_to(x, [1.5])",
    # ... and a ragged one (or None): the op wrapper names the input it was for
    "tf.reshape(x, None)", "tf.reshape(x, [[1], [2, 3]])", "tf.fill([[1], [2, 3]], 1)",
    "tf.tile(x, [[1], [2, 3]])", "tf.broadcast_to(x, [[1], [2, 3]])",
    # inputs of a fixed type (bool): converted to it, the element named with the input
    "tf.where([True, None], x, x)", "tf.where([1.5], x, x)",
    "tf.logical_and([True, None], x > 0)", "tf.logical_or(x > 0, [1.5])",
    # a ragged list (or None) given to a generated op wrapper: named by its signature's
    # argument; functions that convert their input themselves (tf.sign, tf.round,
    # tf.reduce_max's input) give the conversion's error alone
    "tf.square([[1], [2, 3]])", "tf.math.sin([[1.], [2., 3.]])", "tf.negative(None)",
    "tf.sign([[1], [2, 3]])", "tf.round(None)", "tf.abs([[1], [2, 3]])",
    "tf.nn.relu([[1.], [2., 3.]])", "tf.nn.elu(None)", "tf.nn.selu([[1.], [2., 3.]])",
    "tf.gather([[1], [2, 3]], [0])", "tf.gather(x, [[0], [0, 0]])", "tf.squeeze([[1], [2, 3]])",
    "tf.reduce_sum(x, [[0], [0, 0]])", "tf.reduce_mean(x, [[0], [0, 0]])",
    "tf.reduce_max([[1], [2, 3]])", "tf.expand_dims(x, None)", "tf.expand_dims(x, [[0], [0, 0]])",
    "tf.expand_dims([[1], [2, 3]], 0)", "tf.one_hot(x, None)", "tf.concat([x, x], None)",
    "tf.math.top_k(y, None)", "tf.math.unsorted_segment_sum(y, x, None)",
    "tf.math.unsorted_segment_max(y, x, None)",
    "tf.math.unsorted_segment_prod(y, x, [[1], [2, 3]])",
    # (unsorted_segment_mean converts num_segments itself: the conversion's error alone)
    "tf.math.unsorted_segment_mean(y, x, None)",
    "x + [[1, None], [2]]", "x + [[1, 'a'], [2]]", "tf.math.logical_not([[1.], [2., 3.]])",
    "tf.math.logical_not(None)", "tf.math.logical_not([[True], [False, True]])",
    "tf.logical_and(None, x > 0)", "tf.where(None, x, x)",
    # padding given as a graph tensor: conv2d's family compares it with "EXPLICIT" first
    # (a bool of a symbolic tensor; an int tensor's Equal refuses the string); conv1d,
    # convolution and avg_pool leave it to the op wrapper's TypeError
    "tf.nn.conv2d(tf.zeros([1, 3, 3, 1]), tf.zeros([1, 1, 1, 1]), 1, tf.constant('SAME'))",
    "tf.nn.conv2d(tf.zeros([1, 3, 3, 1]), tf.zeros([1, 1, 1, 1]), 1, tf.constant([[0, 0]] * 4))",
    "tf.nn.max_pool2d(tf.zeros([1, 3, 3, 1]), 1, 1, tf.constant([[0, 0]] * 4))",
    "tf.nn.conv1d(tf.zeros([1, 3, 1]), tf.zeros([1, 1, 1]), 1, tf.constant('SAME'))",
    ("tf.nn.convolution(tf.zeros([1, 3, 3, 1]), tf.zeros([1, 1, 1, 1]), "
     "padding=tf.constant('SAME'))"),
    "tf.nn.avg_pool(tf.zeros([1, 3, 3, 1]), 1, 1, tf.constant([[0, 0]] * 4))",
    # two Python values: the first converted on its own, the second to its dtype (or its
    # own dtype refused by the signature first)
    "tf.math.less_equal(1, 1.5)", "tf.maximum([1, 2], [1.5, 2])", "tf.subtract([1], 'a')",
    "tf.math.less_equal(True, 1)", "tf.equal(True, 1)", "tf.equal([1], None)",
    "tf.maximum([1, 2], [[1], [2, 3]])", "tf.less(2, 2**40)",
]


def errors(tf):
    """{expression: "ErrorClass: last line of the message"} for each case traced with x an
    int32 and y a float32 vector."""
    out = {}
    for expr in EXPRS:
        @tf.function
        def f(x, y, expr=expr):
            return eval(expr, {"tf": tf, "x": x, "y": y})
        try:
            f.get_concrete_function(tf.TensorSpec([1], tf.int32), tf.TensorSpec([1], tf.float32))
            out[expr] = "no error"
        except Exception as e:  # noqa: BLE001 (the class is what is compared)
            out[expr] = f"{type(e).__name__}: {str(e).strip().splitlines()[-1].strip()}"
    return out
