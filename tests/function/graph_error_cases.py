"""Functions whose run fails inside an op: run by eagerflow and by real TensorFlow
(test_graph_errors.py). No imports: TF's interpreter loads this file too."""

import textwrap

# Each case defines `run()`, which must raise. Functions are defined with `def` (TF then
# reports where the failing node was made) except the lambda case.
CASES = {
    "ragged_splits": """
        @tf.function
        def f(v, s):
            return tf.RaggedTensor.from_row_splits(v, s)
        def run():
            return f(tf.constant([1, 2, 3]), tf.constant([0, 2, 5], tf.int64))
    """,
    "ragged_rows_disagree": """
        @tf.function
        def f(a, b):
            return a + b
        def run():
            return f(tf.ragged.constant([[1, 2], [3]]), tf.ragged.constant([[1], [3, 4]]))
    """,
    "sparse_out_of_bounds": """
        @tf.function
        def f(v):
            return tf.sparse.to_dense(tf.sparse.SparseTensor([[5, 0]], v, [2, 2]))
        def run():
            return f(tf.constant([1.0]))
    """,
    "segment_ids_unsorted": """
        @tf.function
        def f(x, i):
            return tf.math.segment_max(x, i)
        def run():
            return f(tf.ones([3]), tf.constant([0, 2, 1]))
    """,
    "gather": """
        @tf.function
        def f(x, i):
            return tf.gather(x, i)
        def run():
            return f(tf.constant([1, 2]), tf.constant(2))
    """,
    # shapes unknown when traced, refused when run
    "broadcast_at_run_time": """
        @tf.function(input_signature=[tf.TensorSpec([None, 2]), tf.TensorSpec([None, 2])])
        def f(x, y):
            return x * y
        def run():
            return f(tf.ones([4, 2]), tf.ones([3, 2]))
    """,
    # (a chain a GPU fuses into one kernel: the first op that cannot broadcast fails)
    "chain_broadcast_at_run_time": """
        @tf.function(input_signature=[tf.TensorSpec([None]), tf.TensorSpec([None, None]),
                                      tf.TensorSpec([None, None])])
        def f(a, b, c):
            return tf.exp(a * 2.0) * b + c
        def run():
            return f(tf.ones([2]), tf.ones([2, 3]), tf.ones([2, 3]))
    """,
    "select_broadcast_at_run_time": """
        @tf.function(input_signature=[tf.TensorSpec(None, tf.bool), tf.TensorSpec(None),
                                      tf.TensorSpec(None)])
        def f(c, a, b):
            return tf.where(c, a * 2.0, b + 1.0)
        def run():
            return f(tf.constant([True, False]), tf.ones([2, 3]), tf.ones([2, 3]))
    """,
    "lambda_broadcast_at_run_time": """
        f = tf.function(lambda x, y: x + y, input_signature=[tf.TensorSpec([None]),
                                                             tf.TensorSpec([None])])
        def run():
            return f(tf.ones([5]), tf.ones([3]))
    """,
    "lambda_gather": """
        f = tf.function(lambda x, i: tf.gather(x, i))
        def run():
            return f(tf.constant([1, 2]), tf.constant(2))
    """,
    "lambda_cond_branch": """
        f = tf.function(lambda x, i: tf.cond(i > 0, lambda: tf.gather(x, i), lambda: x[0]))
        def run():
            return f(tf.constant([1.0, 2.0]), tf.constant(5))
    """,
    "lambda_while_body": """
        f = tf.function(lambda x, i: tf.while_loop(
            lambda k, a: k < 2, lambda k, a: (k + 1, a + tf.gather(x, i)), [0, 0.0])[1])
        def run():
            return f(tf.constant([1.0, 2.0]), tf.constant(5))
    """,
    "lookup_bad_key_in_function": """
        table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
            tf.constant(["a", "b"]), tf.constant([1, 2], tf.int64)), -1)
        @tf.function
        def f(k):
            return tf.sparse.to_dense(tf.sparse.SparseTensor([[table.lookup(k)]], [1.0], [2]))
        def run():
            return f(tf.constant("b"))
    """,
    # every user frame of the failing node's creation is listed, outermost first
    "nested_calls": """
        def h(x, i):
            return tf.gather(x, i)
        def g(x, i):
            y = x * 2
            return h(y, i)
        @tf.function
        def f(x, i):
            return g(x, i) + 1
        def run():
            return f(tf.constant([1, 2]), tf.constant(2))
    """,
    "nested_calls_method": """
        def h(x, i):
            return tf.gather(x, i)
        class M(tf.Module):
            @tf.function(autograph=False)
            def f(self, x, i):
                return h(x, i)
        def run():
            return M().f(tf.constant([1, 2]), tf.constant(2))
    """,
    # a called function's node: named within it, its frames through the caller's
    "nested_functions": """
        @tf.function
        def inner(x, i):
            return tf.gather(x, i)
        @tf.function
        def f(x, i):
            return inner(x, i) * 2
        def run():
            return f(tf.constant([1, 2]), tf.constant(2))
    """,
    "nested_lambda_function": """
        inner = tf.function(lambda x, i: tf.gather(x, i))
        @tf.function
        def f(x, i):
            return inner(x, i) * 2
        def run():
            return f(tf.constant([1, 2]), tf.constant(2))
    """,
    # a TF 1 Session: the frames where the node was made, then its creation stack
    "session_nested_calls": """
        def h(x, i):
            return tf.gather(x, i)
        def g(x, i):
            return h(x * 2, i)
        def run():
            graph = tf.Graph()
            with graph.as_default():
                i = tf.compat.v1.placeholder(tf.int32, [])
                y = g(tf.constant([1, 2]), i)
            with tf.compat.v1.Session(graph=graph) as sess:
                return sess.run(y, {i: 2})
    """,
    "session_broadcast_at_run_time": """
        def run():
            graph = tf.Graph()
            with graph.as_default():
                x = tf.compat.v1.placeholder(tf.float32, [None])
                y = tf.compat.v1.placeholder(tf.float32, [None])
                z = x + y
            with tf.compat.v1.Session(graph=graph) as sess:
                return sess.run(z, {x: [1.0, 2.0, 3.0], y: [1.0, 2.0]})
    """,
    "session_unfed_placeholder": """
        def make():
            return tf.compat.v1.placeholder(tf.float32, [])
        def run():
            graph = tf.Graph()
            with graph.as_default():
                p = make()
            with tf.compat.v1.Session(graph=graph) as sess:
                return sess.run(p)
    """,
}


def raise_case(tf_module, source):
    env = {"tf": tf_module}
    # (a file name of their own: pytest-xdist's workers run their own code as "<string>")
    exec(compile(textwrap.dedent(source), "<case>", "exec"), env)  # noqa: S102 - the cases
    try:
        env["run"]()
    except Exception as e:  # noqa: BLE001 - the error is the answer
        return type(e).__name__, str(e)
    return "no error", ""
