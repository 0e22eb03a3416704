"""Functions whose loops run stateful random ops, for test_unrolled_random.py (the
recorder record_unrolled_random_golden.py runs the same cases under TensorFlow 2.21).
No imports: TF's interpreter loads this file too.

TF runs tf.map_fn's, tf.scan's and the folds' bodies as one While op, each stateful
random op one kernel whose stream moves on at every iteration and every call; eagerflow
unrolls them when the number of elements is known (ops/random_unroll.py). Each case is
source exec'd with `tf` bound after tf.random.set_seed(1) (None where it says `SEED =
None`); it
defines `f` (traced with tf.function) and `ARGS`; f is called CALLS times.
"""

import linecache
import textwrap

CASES = {
    "map_op_seed": """
        def f(x):
            return tf.map_fn(lambda e: tf.random.uniform([2], seed=3), x)
        ARGS = [[0.0, 0.0, 0.0]]
    """,
    "map_global_seed_only": """
        def f(x):
            return tf.map_fn(lambda e: tf.random.uniform([2]), x)
        ARGS = [[0.0, 0.0, 0.0]]
    """,
    "map_op_seed_no_global": """
        SEED = None
        def f(x):
            return tf.map_fn(lambda e: tf.random.normal([2], seed=4), x)
        ARGS = [[0.0, 0.0, 0.0, 0.0]]
    """,
    "map_body_counts_unseeded_from_zero": """
        def f(x):
            a = tf.random.uniform([1])
            b = tf.map_fn(lambda e: tf.random.normal([2]) + tf.random.uniform([2]), x)
            c = tf.random.uniform([1])
            return tf.concat([a, tf.reshape(b, [-1]), c], 0)
        ARGS = [[0.0, 0.0, 0.0]]
    """,
    "map_uses_element": """
        def f(x):
            return tf.map_fn(lambda e: e + tf.random.uniform([], seed=5), x)
        ARGS = [[1.0, 2.0, 3.0]]
    """,
    "map_25_elements": """
        def f(x):
            return tf.map_fn(lambda e: tf.random.uniform([], seed=3), x)
        ARGS = [[0.0] * 25]
    """,
    "map_parallel_iterations_3": """
        def f(x):
            return tf.map_fn(lambda e: tf.random.uniform([], seed=3), x,
                             parallel_iterations=3)
        ARGS = [[0.0] * 7]
    """,
    "map_parallel_iterations_1": """
        def f(x):
            return tf.map_fn(lambda e: tf.random.uniform([2], seed=3), x,
                             parallel_iterations=1)
        ARGS = [[0.0] * 4]
    """,
    "map_nested": """
        def f(x):
            return tf.map_fn(lambda r: tf.map_fn(lambda e: tf.random.uniform([], seed=3), r),
                             x)
        ARGS = [[[0.0] * 3] * 2]
    """,
    "map_two_ops": """
        def f(x):
            return tf.map_fn(lambda e: tf.stack([tf.random.uniform([], seed=3),
                                                 tf.random.normal([], seed=3)]), x)
        ARGS = [[0.0] * 4]
    """,
    "map_categorical_of_element": """
        def f(x):
            return tf.map_fn(lambda e: tf.random.categorical(tf.reshape(e, [1, 4]), 3,
                                                             seed=2)[0],
                             x, fn_output_signature=tf.int64)
        ARGS = [[[0.1, 0.2, 0.3, 0.4]] * 4]
    """,
    "map_dropout": """
        def f(x):
            return tf.map_fn(lambda e: tf.nn.dropout(e, 0.5, seed=2), x)
        ARGS = [[[1.0] * 6] * 3]
    """,
    "map_keras_dropout_training": """
        d = tf.keras.layers.Dropout(0.5, seed=3)
        def f(x):
            return tf.map_fn(lambda e: d(e, training=True), x)
        ARGS = [[[1.0] * 6] * 3]
    """,
    "map_truncated_normal_and_int": """
        def f(x):
            return tf.map_fn(lambda e: tf.cast(tf.random.uniform([3], 0, 100, tf.int32,
                                                                 seed=8), tf.float32)
                             + tf.random.truncated_normal([3], seed=8), x)
        ARGS = [[0.0] * 3]
    """,
    "map_shuffle": """
        def f(x):
            return tf.map_fn(lambda e: tf.random.shuffle(e, seed=6), x)
        ARGS = [[[1.0, 2.0, 3.0, 4.0, 5.0]] * 3]
    """,
    "map_generator": """
        g = tf.random.Generator.from_seed(5)
        def f(x):
            return tf.map_fn(lambda e: g.normal([2]), x)
        ARGS = [[0.0] * 3]
    """,
    "map_stateless_same_each_row": """
        def f(x):
            return tf.map_fn(lambda e: tf.random.stateless_uniform([2], seed=[1, 2]), x)
        ARGS = [[0.0] * 3]
    """,
    "scan_draw_ignores_accumulator": """
        def f(x):
            return tf.scan(lambda a, e: a + e + tf.random.normal([], seed=4), x)
        ARGS = [[0.0] * 4]
    """,
    "scan_initializer": """
        def f(x):
            return tf.scan(lambda a, e: tf.random.uniform([], seed=3), x, initializer=0.0)
        ARGS = [[0.0] * 5]
    """,
    "scan_draw_needs_accumulator": """
        def f(x):
            def step(a, e):
                logits = tf.reshape(tf.cast(a[:1], tf.float32) * 0.0 + e, [1, 4])
                return tf.random.categorical(logits, 2, seed=2)[0]
            return tf.scan(step, x, initializer=tf.zeros([2], tf.int64))
        ARGS = [[[0.1, 0.2, 0.3, 0.4]] * 4]
    """,
    "scan_reverse": """
        def f(x):
            return tf.scan(lambda a, e: tf.random.uniform([], seed=3), x, initializer=0.0,
                           reverse=True)
        ARGS = [[0.0] * 4]
    """,
    "foldl": """
        def f(x):
            return tf.foldl(lambda a, e: a * 10.0 + tf.random.uniform([], seed=3), x,
                            initializer=0.0)
        ARGS = [[0.0] * 4]
    """,
    "foldr": """
        def f(x):
            return tf.foldr(lambda a, e: a * 10.0 + tf.random.uniform([], seed=3), x,
                            initializer=0.0)
        ARGS = [[0.0] * 4]
    """,
    "while_loop_parallel_iterations_1": """
        def f(x):
            body = lambda i, a: (i + 1, a.write(i, tf.random.uniform([2], seed=3)))
            return tf.while_loop(lambda i, a: i < 4, body, (0, tf.TensorArray(tf.float32, 4)),
                                 parallel_iterations=1)[1].stack()
        ARGS = [[0.0]]
    """,
    "autograph_range_loop": """
        def f(x):
            acc = tf.TensorArray(tf.float32, size=4)
            for i in tf.range(4):
                acc = acc.write(i, tf.random.uniform([2], seed=9) + tf.random.normal([2]))
            return acc.stack()
        ARGS = [[0.0]]
    """,
}


def outcome(tf, name):
    """What f returns on ARGS, called CALLS times (3 unless the case says)."""
    source = textwrap.dedent(CASES[name])
    where = f"<{name}>"  # (AutoGraph reads the source back through linecache)
    linecache.cache[where] = (len(source), None, source.splitlines(True), where)
    try:
        tf.random.set_seed(None if "SEED = None" in source else 1)
        env = {"tf": tf, "CALLS": 3}
        exec(compile(source, where, "exec"), env)  # noqa: S102 - the cases
        fn = tf.function(env["f"])
        args = [tf.constant(a, tf.float32) for a in env["ARGS"]]
        return [fn(*args).numpy().tolist() for _ in range(env["CALLS"])]
    finally:
        linecache.cache.pop(where, None)
