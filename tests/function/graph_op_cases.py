"""Functions whose traced graphs' operations the graph-op tests compare with TF 2.21's
(test_graph_ops.py; the recorder make_graph_ops_golden.py runs the same cases under
TensorFlow): the constants TF makes for axis and shape arguments given as Python values,
the trailing NoOp of TF's automatic control dependencies and the control inputs it adds.
No imports: TF's interpreter loads this file too.

Each case is source exec'd as "<case>" with `tf` bound; it defines `f` (traced with
`tf.function`) and `SPECS` (its input signature).
"""

import linecache
import textwrap

CASES = {
    # -- axis and shape arguments given as Python values ----------------------------------
    "reduce_sum_axis": """
        def f(x):
            return tf.reduce_sum(x, axis=1)
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "reduce_sum_all": """
        def f(x):
            return tf.reduce_sum(x)
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "reduce_mean_keepdims": """
        def f(x):
            return tf.reduce_mean(x, axis=[0, 1], keepdims=True)
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "reduce_max_min_prod": """
        def f(x):
            return tf.reduce_max(x, 0) + tf.reduce_min(x, -1) + tf.reduce_prod(x, axis=[1])
        SPECS = [tf.TensorSpec([3, 3])]
    """,
    "reduce_any_all": """
        def f(x):
            return tf.reduce_any(x > 0.0, axis=0), tf.reduce_all(x > 1.0)
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "reduce_scoped": """
        def f(x):
            with tf.name_scope("blk"):
                return tf.reduce_sum(x, 0, name="total")
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "argmax": """
        def f(x):
            return tf.argmax(x, axis=1), tf.argmin(x, 0)
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "concat": """
        def f(x):
            return tf.concat([x, x * 2.0], axis=-1)
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "reshape": """
        def f(x):
            return tf.reshape(x, [3, 2]), tf.reshape(x, (-1,))
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "transpose": """
        def f(x):
            return tf.transpose(x, [1, 0])
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "conjugate_transpose": """
        def f(x, perm, y):
            return (tf.transpose(x, conjugate=True), tf.linalg.adjoint(x),
                    tf.transpose(x, perm, conjugate=True), tf.transpose(y, conjugate=True))
        SPECS = [tf.TensorSpec([2, 3], tf.complex64), tf.TensorSpec([2], tf.int32),
                 tf.TensorSpec([2, 3])]
    """,
    "raw_op_gradients": """
        def f(x, c, u):
            with tf.GradientTape(persistent=True) as tape:
                tape.watch([x, c])
                g = tf.raw_ops.Gather(params=x, indices=[1, 0])
                r = tf.raw_ops.Reverse(tensor=x, dims=[True, False])
                n = tf.raw_ops.NthElement(input=x, n=1)
                t = tf.transpose(c, conjugate=True)
            return (tf.convert_to_tensor(tape.gradient(g, x)), tape.gradient(r, x),
                    tape.gradient(n, x), tape.gradient(t, c, output_gradients=u))
        SPECS = [tf.TensorSpec([2, 3]), tf.TensorSpec([2, 3], tf.complex64),
                 tf.TensorSpec([3, 2], tf.complex64)]
    """,
    "set_diag": """
        def f(x, d, b):
            return (tf.linalg.set_diag(x, d), tf.linalg.set_diag(x, b, k=(-1, 1), name="band"),
                    tf.raw_ops.MatrixSetDiag(input=x, diagonal=d))
        SPECS = [tf.TensorSpec([3, 3]), tf.TensorSpec([3]), tf.TensorSpec([3, 3])]
    """,
    "diag_bands": """
        def f(x, d, b):
            return (tf.linalg.diag_part(x, k=(-1, 1), align="LEFT_RIGHT", padding_value=7.0),
                    tf.linalg.diag_part(x, k=2, name="up"), tf.linalg.diag(d),
                    tf.linalg.diag(b, k=(-1, 1), num_rows=4, padding_value=-2.0,
                                   align="RIGHT_RIGHT"),
                    tf.linalg.set_diag(x, b, k=(-1, 1), align="LEFT_LEFT"),
                    tf.linalg.trace(x), tf.compat.v1.matrix_diag(d),
                    tf.compat.v1.matrix_diag_part(x), tf.compat.v1.matrix_set_diag(x, d))
        SPECS = [tf.TensorSpec([3, 4]), tf.TensorSpec([3]), tf.TensorSpec([3, 3])]
    """,
    "diag_band_gradients": """
        def f(x, b):
            with tf.GradientTape(persistent=True) as tape:
                tape.watch([x, b])
                p = tf.linalg.diag_part(x, k=(-1, 1), align="LEFT_RIGHT")
                m = tf.linalg.diag(b, k=(-1, 1), num_rows=4, align="LEFT_RIGHT")
                s = tf.linalg.set_diag(x, b, k=(-1, 1))
            return tape.gradient(p, x), tape.gradient(m, b), tape.gradient(s, [x, b])
        SPECS = [tf.TensorSpec([3, 4]), tf.TensorSpec([3, 3])]
    """,
    "diag_part_gradient_unknown_shape": """
        def f(x):
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = tf.linalg.diag_part(x, k=1) * 2.0
            return tape.gradient(y, x)
        SPECS = [tf.TensorSpec([None, None])]
    """,
    "setdiff1d": """
        def f(x, y):
            return tf.compat.v1.setdiff1d(x, y), tf.compat.v1.setdiff1d(x, y, tf.int64, "d")
        SPECS = [tf.TensorSpec([4], tf.int32), tf.TensorSpec([None], tf.int32)]
    """,
    "tile": """
        def f(x):
            return tf.tile(x, [2, 1])
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "gather_axis": """
        def f(x):
            return tf.gather(x, [1, 0], axis=1)
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "sorted_segment_reductions": """
        def f(x, ids):
            return (tf.math.segment_sum(x, ids), tf.math.segment_mean(x, [0, 0, 1]),
                    tf.math.segment_max(x, ids), tf.compat.v1.segment_min(x, ids, name="lo"),
                    tf.math.segment_prod(x, ids))
        SPECS = [tf.TensorSpec([3, 2]), tf.TensorSpec([None], tf.int64)]
    """,
    "fill": """
        def f(x):
            return tf.fill([2, 3], 1.0) + x
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "split": """
        def f(x):
            return tf.split(x, 3, axis=1)
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "split_sizes": """
        def f(x):
            return tf.split(x, [1, 2], axis=1)
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "one_hot": """
        def f(i):
            return tf.one_hot(i, 4)
        SPECS = [tf.TensorSpec([3], tf.int32)]
    """,
    "strided_slice": """
        def f(x):
            return x[0], x[:, 1:]
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "shape_slice": """
        def f(x):
            return tf.shape(x)[0]
        SPECS = [tf.TensorSpec([None, 3])]
    """,
    # -- TensorArray (TF's list ops): element shapes, indices --------------------------
    "tensor_array_unstack_read": """
        def f(x, m):
            a = tf.TensorArray(tf.float32, size=3).unstack(x)
            b = tf.TensorArray(tf.float32, size=2).unstack(m)
            return a.read(1), b.read(0)
        SPECS = [tf.TensorSpec([3]), tf.TensorSpec([2, None])]
    """,
    "tensor_array_write_stack_gather": """
        def f(x):
            ta = tf.TensorArray(tf.float32, size=2)
            ta = ta.write(0, x).write(1, x * 2.0)
            return ta.stack(), ta.gather([1])
        SPECS = [tf.TensorSpec([3])]
    """,
    "tensor_array_named_calls": """
        def f(x):
            ta = tf.TensorArray(tf.float32, size=2, name="arr")
            ta = ta.write(0, x, name="w").write(1, x)
            ta2 = ta.unstack(tf.stack([x, x]), name="u").scatter([0], [x], name="sc")
            ta3 = tf.TensorArray(tf.float32, size=2).split(tf.concat([x, x], 0), [2, 2],
                                                           name="sp")
            return (ta.read(0, name="r"), ta.stack(name="s"), ta.gather([0], name="g"),
                    ta2.concat(name="c"), ta.size(name="z"), ta3.read(1))
        SPECS = [tf.TensorSpec([2])]
    """,
    "tensor_array_split_concat_grow": """
        def f(v):
            ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True, element_shape=[2])
            ta = ta.unstack(v).scatter([0, 1], v[:2])
            parts = tf.TensorArray(tf.float32, size=2).split([1.0, 2.0, 3.0], [1, 2])
            return ta.concat(), parts.concat(), ta.write(5, v[0]).stack()
        SPECS = [tf.TensorSpec([3, 2])]
    """,
    "tensor_array_run_time_size": """
        def f(n):
            ta = tf.TensorArray(tf.float32, size=n)
            return ta.write(0, 1.0).stack(), ta.size()
        SPECS = [tf.TensorSpec([], tf.int32)]
    """,
    # -- TF's automatic control dependencies: the trailing NoOp -------------------------
    "print": """
        def f(x):
            tf.print(x)
            return x + 1.0
        SPECS = [tf.TensorSpec([2])]
    """,
    "print_twice_two_outputs": """
        def f(x):
            tf.print("a")
            y = x * 2.0
            tf.print("b", y)
            return y, x
        SPECS = [tf.TensorSpec([2])]
    """,
    "print_no_output": """
        def f(x):
            tf.print(x)
        SPECS = [tf.TensorSpec([2])]
    """,
    "assert": """
        def f(x):
            tf.debugging.assert_positive(x)
            return x
        SPECS = [tf.TensorSpec([])]
    """,
    "stateless": """
        def f(x):
            return x * 2.0, x + 1.0
        SPECS = [tf.TensorSpec([2])]
    """,
    "random_draw": """
        def f(x):
            return tf.random.uniform([2], seed=1) + x
        SPECS = [tf.TensorSpec([2])]
    """,
    # -- random ops under their API's name scope ---------------------------------------
    "random_uniform_ranges": """
        def f(x):
            a = tf.random.uniform([2, 3], minval=-1.0, maxval=3.0)
            b = tf.random.uniform([2], maxval=5, dtype=tf.int32, seed=3)
            c = tf.random.uniform([2], maxval=4.0, name="scaled")
            return a, b, c
        SPECS = [tf.TensorSpec([2])]
    """,
    "random_normal_truncated": """
        def f(x):
            with tf.name_scope("draws"):
                a = tf.random.normal([2], seed=1) + x
            b = tf.random.truncated_normal([3], mean=1.0, stddev=2.0, dtype=tf.float64)
            return a, b, tf.random.normal(tf.shape(x))
        SPECS = [tf.TensorSpec([None])]
    """,
    "random_categorical_shuffle": """
        def f(x):
            return (tf.random.categorical([[0.5, 0.5]], 3), tf.random.shuffle(x),
                    tf.random.categorical(tf.math.log([[0.2, 0.8]]), 2, dtype=tf.int32,
                                          name="cat"))
        SPECS = [tf.TensorSpec([2])]
    """,
    "stateless_random": """
        def f(x):
            return (tf.random.stateless_uniform([2], seed=[1, 2]),
                    tf.random.stateless_normal([2], seed=[1, 2], mean=2.0),
                    tf.random.stateless_truncated_normal([2], seed=[1, 2]),
                    tf.random.stateless_uniform([2], seed=[3, 4], minval=0, maxval=10,
                                                dtype=tf.int32),
                    tf.random.stateless_uniform([2], seed=[3, 4], minval=None, maxval=None,
                                                dtype=tf.uint32),
                    tf.random.stateless_categorical([[0.5, 0.5]], 3, seed=[1, 2]))
        SPECS = [tf.TensorSpec([2])]
    """,
    "stateless_random_seed_tensor": """
        def f(x, s):
            return tf.random.stateless_normal(tf.shape(x), seed=s, name="noise") + x
        SPECS = [tf.TensorSpec([None, 2]), tf.TensorSpec([2], tf.int32)]
    """,
    "random_packed_shape": """
        def f(x):
            return (tf.random.uniform([tf.shape(x)[0], 3], 0, 5, tf.int32),
                    tf.random.stateless_uniform([tf.shape(x)[0], -1], seed=[1, 2]))
        SPECS = [tf.TensorSpec([None, 3])]
    """,
    "dropout": """
        def f(x):
            return tf.nn.dropout(x, 0.5, seed=1), tf.nn.dropout(x, 0.0)
        SPECS = [tf.TensorSpec([2, 3])]
    """,
    "dropout_rate_tensor_noise_shape": """
        def f(x, r):
            return (tf.nn.dropout(x, r, noise_shape=[2, 1], seed=2),
                    tf.nn.experimental.stateless_dropout(x, 0.25, seed=[1, 2], name="sd"))
        SPECS = [tf.TensorSpec([2, 3]), tf.TensorSpec([])]
    """,
    "dropout_unknown_shape": """
        def f(x):
            return tf.nn.dropout(x, rate=0.2, seed=1)
        SPECS = [tf.TensorSpec([None, 3])]
    """,
    "no_op_returned_as_dependency": """
        def f(x):
            with tf.control_dependencies([tf.print(x)]):
                y = tf.identity(x)
            return y
        SPECS = [tf.TensorSpec([2])]
    """,
    # -- a While's own loop counter and limit, its results from "while:2" on --------------
    "while_loop": """
        def f(x):
            i, y = tf.while_loop(lambda i, s: i < 3, lambda i, s: (i + 1, s * 2.0), [0, x])
            return y + 1.0, i
        SPECS = [tf.TensorSpec([2])]
    """,
    "while_maximum_iterations": """
        def f(x):
            return tf.while_loop(lambda s: s < 100.0, lambda s: s * 2.0, [x],
                                 maximum_iterations=5)
        SPECS = [tf.TensorSpec([])]
    """,
    "while_tensor_limit": """
        def f(x, n):
            return tf.while_loop(lambda s: tf.reduce_sum(s) < 100.0, lambda s: s * 2.0, [x],
                                 maximum_iterations=n)[0] * 3.0
        SPECS = [tf.TensorSpec([2]), tf.TensorSpec([], tf.int32)]
    """,
    "while_two_loops": """
        def f(x):
            a = tf.while_loop(lambda s: s < 10.0, lambda s: s + 1.0, [x])[0]
            return tf.while_loop(lambda s: s < 50.0, lambda s: s * 3.0, [a],
                                 maximum_iterations=2)
        SPECS = [tf.TensorSpec([])]
    """,
    "while_statement": """
        def f(x):
            while x < 10.0:
                x = x * 2.0
            return x
        SPECS = [tf.TensorSpec([])]
    """,
    "shape_n_and_transpose": """
        def f(x, y):
            sx, sy = tf.shape_n([x, y])
            return sx, sy, tf.transpose(x), tf.transpose(x, [1, 0], name="t")
        SPECS = [tf.TensorSpec([2, 3]), tf.TensorSpec([None])]
    """,
    # -- TF's raw linear algebra ops behind public functions ------------------------------
    "tridiagonal_solve_compact": """
        def f(d, r, v):
            return (tf.linalg.tridiagonal_solve(d, r, partial_pivoting=False),
                    tf.linalg.tridiagonal_solve(d, v, conjugate_rhs=True))
        SPECS = [tf.TensorSpec([3, 4]), tf.TensorSpec([4, 2]), tf.TensorSpec([4])]
    """,
    "tridiagonal_solve_matrix": """
        def f(m, r):
            return tf.linalg.tridiagonal_solve(m, r, diagonals_format="matrix")
        SPECS = [tf.TensorSpec([4, 4]), tf.TensorSpec([4, 2])]
    """,
    "tridiagonal_solve_sequence": """
        def f(a, b, c, r):
            return tf.linalg.tridiagonal_solve((a, b, c), r, diagonals_format="sequence",
                                               transpose_rhs=True, perturb_singular=True)
        SPECS = [tf.TensorSpec([3]), tf.TensorSpec([4]), tf.TensorSpec([3]),
                 tf.TensorSpec([4, 4])]
    """,
    "tridiagonal_matmul_formats": """
        def f(d, a, b, c, r):
            return (tf.linalg.tridiagonal_matmul(d, r),
                    tf.linalg.tridiagonal_matmul((a, b, c), r, diagonals_format="sequence"))
        SPECS = [tf.TensorSpec([3, 4]), tf.TensorSpec([4]), tf.TensorSpec([4]),
                 tf.TensorSpec([4]), tf.TensorSpec([4, 2])]
    """,
    "lstsq_not_fast": """
        def f(a, r):
            return tf.linalg.lstsq(a, r, l2_regularizer=0.5, fast=False)
        SPECS = [tf.TensorSpec([4, 3]), tf.TensorSpec([4, 2])]
    """,
    # -- image adjustments: TF's ops under the functions' name scopes -------------------
    "adjust_hue_saturation": """
        def f(x):
            return tf.image.adjust_hue(x, 0.2), tf.image.adjust_saturation(x, 1.5)
        SPECS = [tf.TensorSpec([2, 3, 3])]
    """,
    "extract_glimpse_v1": """
        def f(x, o):
            return tf.compat.v1.image.extract_glimpse(x, [2, 3], o)
        SPECS = [tf.TensorSpec([2, 5, 6, 2]), tf.TensorSpec([2, 2])]
    """,
    "adjust_hue_named_twice": """
        def f(x):
            return tf.image.adjust_hue(tf.image.adjust_hue(x, -0.3, name="h"), 0.1, name="h")
        SPECS = [tf.TensorSpec([2, 3, 3])]
    """,
    # -- ops TF's public functions emit as one node of their own -----------------------------
    "parallel_stack": """
        def f(x, y):
            return tf.parallel_stack([x, y * 2.0]), tf.parallel_stack([x[0]], name="one")
        SPECS = [tf.TensorSpec([2, 3]), tf.TensorSpec([2, 3])]
    """,
    "compat_v1_print": """
        def f(x):
            y = tf.compat.v1.Print(x, [x, x * 2.0, "s"], message="m ", first_n=0)
            return tf.compat.v1.Print(y + 1.0, [], name="named")
        SPECS = [tf.TensorSpec([3])]
    """,
    "space_to_batch_nd": """
        def f(x):
            y = tf.space_to_batch_nd(x, [2, 3], [[0, 0], [1, 2]])
            return y, tf.batch_to_space(y, [2, 3], [[0, 0], [1, 2]])
        SPECS = [tf.TensorSpec([2, 4, 6, 3])]
    """,
    "space_to_batch_runtime_blocks": """
        def f(x, b, p):
            return tf.space_to_batch(x, b, p)
        SPECS = [tf.TensorSpec([2, 4, 6, 3]), tf.TensorSpec([2], tf.int32),
                 tf.TensorSpec([2, 2], tf.int32)]
    """,
    "space_to_batch_gradient": """
        def f(x):
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = tf.space_to_batch_nd(x, [2, 3], [[0, 0], [0, 0]])
            return tape.gradient(y, x)
        SPECS = [tf.TensorSpec([2, 4, 6, 3])]
    """,
    "space_to_batch_v1": """
        def f(x):
            return tf.compat.v1.space_to_batch(x, [[0, 0], [1, 1]], 2)
        SPECS = [tf.TensorSpec([4, 4, 6, 3])]
    """,
    "lrn": """
        def f(x):
            return tf.nn.lrn(x, 2, 1.5, 0.5, 0.75), tf.nn.local_response_normalization(x, name="n")
        SPECS = [tf.TensorSpec([2, 4, 6, 3])]
    """,
    "lrn_gradient": """
        def f(x):
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = tf.nn.lrn(x, 2)
            return tape.gradient(y, x)
        SPECS = [tf.TensorSpec([1, 2, 2, 3])]
    """,
    "histogram_fixed_width": """
        def f(x):
            return (tf.histogram_fixed_width(x, [0.0, 1.0], 5),
                    tf.histogram_fixed_width(x, [-1.0, 1.0], dtype=tf.int64, name="h"))
        SPECS = [tf.TensorSpec([10])]
    """,
    "histogram_fixed_width_runtime_bins": """
        def f(x, n):
            return tf.histogram_fixed_width(x, [0.0, 1.0], n)
        SPECS = [tf.TensorSpec([10]), tf.TensorSpec([], tf.int32)]
    """,
    # -- sparse segment reductions, their gradients' ops and embedding_lookup_sparse -----------
    "sparse_segment_reductions": """
        def f(d, i, s, n):
            return (tf.sparse.segment_sum(d, i, s), tf.sparse.segment_mean(d, i, s, 7),
                    tf.sparse.segment_sqrt_n(d, [0, 1], [0, 0], num_segments=n, name="q"),
                    tf.compat.v1.sparse_segment_sum(d, i, s, name="v1", num_segments=3))
        SPECS = [tf.TensorSpec([5, 3]), tf.TensorSpec([4], tf.int32),
                 tf.TensorSpec([4], tf.int64), tf.TensorSpec([], tf.int64)]
    """,
    "sparse_segment_gradients": """
        def f(d, i, s):
            with tf.GradientTape(persistent=True) as tape:
                tape.watch(d)
                a = tf.sparse.segment_sum(d, i, s)
                b = tf.sparse.segment_mean(d, i, s, num_segments=4, sparse_gradient=True)
                c = tf.sparse.segment_sqrt_n(d, i, s, sparse_gradient=True)
            ga, gb, gc = tape.gradient(a, d), tape.gradient(b, d), tape.gradient(c, d)
            return ga, gb.values, gb.indices, gc.values, gc.dense_shape
        SPECS = [tf.TensorSpec([5, 3]), tf.TensorSpec([4], tf.int32),
                 tf.TensorSpec([4], tf.int32)]
    """,
    "embedding_lookup_sparse_one_table": """
        def f(p, ind, ids, shape):
            sp = tf.SparseTensor(ind, ids, shape)
            with tf.GradientTape() as tape:
                tape.watch(p)
                y = tf.nn.embedding_lookup_sparse(p, sp, None, combiner="sqrtn")
            g = tape.gradient(y, p)
            return y, g.values, g.indices
        SPECS = [tf.TensorSpec([10, 3]), tf.TensorSpec([None, 2], tf.int64),
                 tf.TensorSpec([None], tf.int64), tf.TensorSpec([2], tf.int64)]
    """,
    # -- TF 1's string split and DecodePaddedRaw ---------------------------------------------
    "decode_raw_fixed_length": """
        def f(x):
            return (tf.io.decode_raw(x, tf.int16, fixed_length=4),
                    tf.io.decode_raw(x, tf.uint8, little_endian=False, fixed_length=3,
                                     name="raw"))
        SPECS = [tf.TensorSpec([None], tf.string)]
    """,
    "string_split_v1": """
        def f(x):
            a = tf.compat.v1.string_split(x)
            b = tf.compat.v1.string_split(x, ",;", skip_empty=False)
            return a.indices, a.values, a.dense_shape, b.values
        SPECS = [tf.TensorSpec([None], tf.string)]
    """,
    # -- tf.sparse functions binding TF's sparse ops ------------------------------------------
    "sparse_add_sparse": """
        def f(i, v, j, w, shape):
            a = tf.sparse.SparseTensor(i, v, shape)
            s = tf.sparse.add(a, tf.sparse.SparseTensor(j, w, shape), 0.25)
            return s.indices, s.values, s.dense_shape
        SPECS = [tf.TensorSpec([None, 2], tf.int64), tf.TensorSpec([None]),
                 tf.TensorSpec([None, 2], tf.int64), tf.TensorSpec([None]),
                 tf.TensorSpec([2], tf.int64)]
    """,
    "sparse_add_dense": """
        def f(i, v, x, shape):
            return tf.sparse.add(x, tf.sparse.SparseTensor(i, v, shape))
        SPECS = [tf.TensorSpec([None, 2], tf.int64), tf.TensorSpec([None]),
                 tf.TensorSpec([3, 4]), tf.TensorSpec([2], tf.int64)]
    """,
    "sparse_maximum_minimum_softmax": """
        def f(i, v, j, w, shape):
            a = tf.sparse.SparseTensor(i, v, shape)
            b = tf.sparse.SparseTensor(j, w, shape)
            hi, lo = tf.sparse.maximum(a, b), tf.sparse.minimum(a, b)
            return hi.indices, hi.values, lo.values, tf.sparse.softmax(a).values
        SPECS = [tf.TensorSpec([None, 2], tf.int64), tf.TensorSpec([None]),
                 tf.TensorSpec([None, 2], tf.int64), tf.TensorSpec([None]),
                 tf.TensorSpec([2], tf.int64)]
    """,
    "sparse_reductions": """
        def f(s):
            a = tf.sparse.reduce_sum(s, 1, keepdims=True)
            b = tf.sparse.reduce_max(s, -1, output_is_sparse=True)
            c = tf.sparse.reduce_sum(s, output_is_sparse=True, name="all")
            return a, tf.sparse.reduce_max(s), b.indices, b.values, c.dense_shape
        SPECS = [tf.SparseTensorSpec([3, 4], tf.float32)]
    """,
    "sparse_reduce_sum_unknown_rank": """
        def f(s):
            return tf.sparse.reduce_sum(s)
        SPECS = [tf.SparseTensorSpec(None, tf.float32)]
    """,
    "sparse_dense_cwise": """
        def f(s, x, y, k):
            return (s * x).values, (s / y).values, (k / tf.constant([2, 3])).values
        SPECS = [tf.SparseTensorSpec([2, 3], tf.float32), tf.TensorSpec([3]),
                 tf.TensorSpec([2, 1]), tf.SparseTensorSpec([None, 2], tf.int32)]
    """,
    "sparse_reduce_cwise_gradients": """
        def f(v, x, i):
            with tf.GradientTape(persistent=True) as t:
                t.watch([v, x])
                s = tf.sparse.SparseTensor(i, v, tf.constant([2, 3], tf.int64))
                a = tf.sparse.reduce_sum(s, 1)
                b = (s * x).values + (s / x).values
                c = tf.sparse.softmax(s).values
            return t.gradient(a, v), t.gradient(b, [v, x]), t.gradient(c, v)
        SPECS = [tf.TensorSpec([3]), tf.TensorSpec([3]), tf.TensorSpec([3, 2], tf.int64)]
    """,
    # -- sparse and ragged ops in their API's name scope -----------------------------------
    "sparse_dense_matmul": """
        def f(a, b):
            return tf.sparse.sparse_dense_matmul(a, b, adjoint_b=True)
        SPECS = [tf.SparseTensorSpec([None, 3], tf.float32), tf.TensorSpec([2, 3])]
    """,
    "sparse_bincount": """
        def f(v, r):
            return tf.sparse.bincount(v, axis=-1, minlength=3), tf.sparse.bincount(r)
        SPECS = [tf.SparseTensorSpec([None, None], tf.int64),
                 tf.RaggedTensorSpec([None, None], tf.int32)]
    """,
    "math_bincount_sparse": """
        def f(v):
            return tf.math.bincount(v, axis=-1)
        SPECS = [tf.SparseTensorSpec([None, None], tf.int32)]
    """,
    "math_bincount_ragged": """
        def f(r, w):
            return (tf.math.bincount(r, axis=-1, minlength=2, maxlength=9),
                    tf.math.bincount(r, axis=-1, binary_output=True, dtype=tf.int64),
                    tf.math.bincount(r, weights=w, axis=-1))
        SPECS = [tf.RaggedTensorSpec([None, None], tf.int32, 1),
                 tf.RaggedTensorSpec([None, None], tf.float32, 1)]
    """,
    "ragged_gather": """
        def f(r, i):
            return tf.gather(r, i)
        SPECS = [tf.RaggedTensorSpec([None, None], tf.float32), tf.TensorSpec([None], tf.int32)]
    """,
    "map_fn_ragged_rows": """
        def f(r):
            return tf.map_fn(lambda row: row * 2.0, r, fn_output_signature=tf.RaggedTensorSpec(
                [None], tf.float32, 0, tf.int64))
        SPECS = [tf.RaggedTensorSpec([None, None], tf.float32, 1, tf.int64)]
    """,
    # -- TF's runtime raw ops: tf.identity_n's IdentityN, placeholder_with_default's node
    # of the given shape, a TensorMap's ops over its variant ------------------------------
    "identity_n": """
        def f(x, y):
            a, b = tf.identity_n([x, y * 2.0])
            return a + b
        SPECS = [tf.TensorSpec([2]), tf.TensorSpec([2])]
    """,
    "runtime_raw_ops": """
        def f(x, s):
            d = tf.compat.v1.placeholder_with_default(x, [None])
            p = tf.raw_ops.PreventGradient(input=d, message="no")
            m = tf.raw_ops.TensorMapInsert(input_handle=tf.raw_ops.EmptyTensorMap(), key=1,
                                           value=p)
            v = tf.raw_ops.TensorMapLookup(input_handle=m, key=1, value_dtype=tf.float32)
            return tf.raw_ops.ToBool(input=p), v, tf.raw_ops.SdcaFprint(input=s)
        SPECS = [tf.TensorSpec([2]), tf.TensorSpec([None], tf.string)]
    """,
    # -- tf.sparse's structure ops: TF's SparseReorder, SparseReshape, SparseSlice,
    # SparseConcat, SparseSplit, SparseFillEmptyRows (constant dense shapes where known) --
    "sparse_reorder_reshape": """
        def f(s, t):
            # (not a reorder of `s`: its constant dense shape is named under TF's
            # "SparseTensor_<n>" scope, counting the scopes TF's inputs opened)
            b = tf.sparse.reorder(t)
            c, d = tf.sparse.reshape(s, [2, -1]), tf.sparse.reshape(t, [-1], name="flat")
            return (b.indices, b.values, b.dense_shape, c.indices, c.values, c.dense_shape,
                    d.dense_shape)
        SPECS = [tf.SparseTensorSpec([4, 5], tf.float32),
                 tf.SparseTensorSpec([None, 5], tf.float32)]
    """,
    "sparse_slice_split_fill": """
        def f(s):
            a = tf.sparse.slice(s, [0, 1], [2, 2])
            b = tf.sparse.split(sp_input=s, num_split=2, axis=1)
            c, e = tf.sparse.fill_empty_rows(s, -1.0)
            return (a.indices, a.values, a.dense_shape, b[1].indices, b[1].dense_shape,
                    c.indices, c.values, e)
        SPECS = [tf.SparseTensorSpec([4, 5], tf.float32)]
    """,
    "sparse_concat": """
        def f(s, t):
            a = tf.sparse.concat(1, [s, s])
            b = tf.sparse.concat(-1, [s, t], expand_nonconcat_dims=True)
            c = tf.sparse.concat(0, [s, t, s], name="rows")
            return a.indices, a.dense_shape, b.values, b.dense_shape, c.dense_shape
        SPECS = [tf.SparseTensorSpec([4, 5], tf.float32),
                 tf.SparseTensorSpec([None, 5], tf.float32)]
    """,
    # -- a variable's count: TF's ResourceCountUpTo on its handle --------------------------
    "variable_count_up_to": """
        v = tf.Variable(0)
        w = tf.Variable(tf.constant(3, tf.int64))
        def f(x):
            return v.count_up_to(5) + x, tf.compat.v1.count_up_to(w, 9, name="counted")
        SPECS = [tf.TensorSpec([], tf.int32)]
    """,
    # -- tf.summary: TF's WriteSummary on a captured writer, its step and record condition --
    "summary_scalar_default_step": """
        import tempfile
        w = tf.summary.create_file_writer(tempfile.mkdtemp())
        def f():
            with w.as_default(step=3):
                tf.summary.scalar("s", 1.0)
        SPECS = []
    """,
    "summary_scalar_tensor_step": """
        import tempfile
        w = tf.summary.create_file_writer(tempfile.mkdtemp())
        def f(x, step):
            with w.as_default():
                tf.summary.scalar("loss", x, step=step)
        SPECS = [tf.TensorSpec([], tf.float32), tf.TensorSpec([], tf.int64)]
    """,
    "summary_record_if_false": """
        import tempfile
        w = tf.summary.create_file_writer(tempfile.mkdtemp())
        def f(x):
            with w.as_default(step=1):
                with tf.summary.record_if(False):
                    tf.summary.scalar("s", x)
        SPECS = [tf.TensorSpec([], tf.float32)]
    """,
    "summary_write_text": """
        import tempfile
        w = tf.summary.create_file_writer(tempfile.mkdtemp())
        def f(x):
            with w.as_default(step=2):
                tf.summary.write("raw", x)
                tf.summary.text("t", "hello")
        SPECS = [tf.TensorSpec([3], tf.int32)]
    """,
    "summary_flush_close": """
        import tempfile
        w = tf.summary.create_file_writer(tempfile.mkdtemp())
        def f():
            w.flush()
            tf.summary.flush(w)
            w.close()
        SPECS = []
    """,
    "summary_writer_made_in_function": """
        import tempfile
        logdir = tempfile.mkdtemp()
        def f():
            w = tf.summary.create_file_writer(logdir)
            with w.as_default(step=1):
                tf.summary.scalar("s", 1.0)
            w.flush()
        SPECS = []
    """,
    "summary_write_raw_pb": """
        import tempfile
        w = tf.summary.create_file_writer(tempfile.mkdtemp())
        def f(x):
            with w.as_default(step=4):
                tf.summary.experimental.write_raw_pb(x)
        SPECS = [tf.TensorSpec([None], tf.string)]
    """,
    # TF 2.21's saturate_cast clamps with ClipByValue ("clamp") in its scope, and
    # conv1d expands its input, then its filters, in its "conv1d" scope (the Conv2D takes
    # the scope's name, the Squeeze follows), as tf.nn.convolution's 1-D call does in its
    # "convolution" scope; the 1-D pools in "MaxPool1d" and "AvgPool1D"; erosion2d's
    # Dilation2D is its scope's node
    "conv1d_scopes": """
        def f(x, w):
            return (tf.nn.conv1d(x, w, 1, "VALID"), tf.nn.conv1d(x, w, 2, "SAME", name="c1"),
                    tf.nn.convolution(x, w), tf.nn.convolution(x, w, name="cv"),
                    tf.nn.conv1d(tf.transpose(x, [0, 2, 1]), w, 1, "VALID", data_format="NCW"))
        SPECS = [tf.TensorSpec([1, 5, 2]), tf.TensorSpec([2, 2, 2])]
    """,
    "pool1d_and_erosion_scopes": """
        def f(x, k):
            return (tf.nn.max_pool1d(x, 2, 1, "VALID"), tf.nn.avg_pool1d(x, 2, 1, "SAME"),
                    tf.nn.max_pool1d(x, 2, 1, [[0, 0], [1, 0], [0, 0]], name="mp"),
                    tf.nn.erosion2d(x[None], k, [1, 1, 1, 1], "VALID", "NHWC", [1, 1, 1, 1]))
        SPECS = [tf.TensorSpec([4, 5, 2]), tf.TensorSpec([2, 2, 2])]
    """,
    # convert_image_dtype scales in a "convert_image" scope
    "saturate_cast_clamp": """
        def f(x, i):
            return (tf.saturate_cast(x, tf.uint8), tf.saturate_cast(i, tf.int32, name="sc"),
                    tf.saturate_cast(i, tf.int64))
        SPECS = [tf.TensorSpec([2]), tf.TensorSpec([2], tf.int64)]
    """,
    "convert_image_dtype_scopes": """
        def f(x, u, i):
            return (tf.image.convert_image_dtype(x, tf.uint8, saturate=True),
                    tf.image.convert_image_dtype(x, tf.int16),
                    tf.image.convert_image_dtype(u, tf.uint8, name="same"),
                    tf.image.convert_image_dtype(i, tf.float32))
        SPECS = [tf.TensorSpec([2, 2, 1]), tf.TensorSpec([2], tf.uint8),
                 tf.TensorSpec([2], tf.int32)]
    """,
    # histogram, image and audio compute their data in the write's scope with public ops:
    # the buckets under a cond (empty data, then equal values), the images converted to
    # uint8 and PNG-encoded beside their dimension strings, each clip WAV-encoded by map_fn
    "summary_histogram": """
        import tempfile
        w = tf.summary.create_file_writer(tempfile.mkdtemp())
        def f(x):
            with w.as_default(step=1):
                tf.summary.histogram("h", x)
        SPECS = [tf.TensorSpec([None], tf.float32)]
    """,
    "summary_histogram_buckets_int": """
        import tempfile
        w = tf.summary.create_file_writer(tempfile.mkdtemp())
        def f(x, step):
            with w.as_default():
                tf.summary.histogram("h", x, step=step, buckets=4)
        SPECS = [tf.TensorSpec([2, 3], tf.int32), tf.TensorSpec([], tf.int64)]
    """,
    "summary_image": """
        import tempfile
        w = tf.summary.create_file_writer(tempfile.mkdtemp())
        def f(x, u):
            with w.as_default(step=1):
                tf.summary.image("i", x)
                tf.summary.image("u", u, max_outputs=1)
        SPECS = [tf.TensorSpec([None, 2, 2, 1], tf.float32),
                 tf.TensorSpec([2, 3, 2, 3], tf.uint8)]
    """,
    "summary_audio": """
        import tempfile
        w = tf.summary.create_file_writer(tempfile.mkdtemp())
        def f(x):
            with w.as_default(step=1):
                tf.summary.audio("a", x, 8000)
        SPECS = [tf.TensorSpec([None, 4, 1], tf.float32)]
    """,
    # -- tf.data's public functions that run TF's dataset ops --------------------------
    "data_from_list": """
        def f(x):
            return tf.data.experimental.from_list([(x, x + 1.0), (x * 2.0, x)])._variant_tensor
        SPECS = [tf.TensorSpec([None], tf.float32)]
    """,
}


def _node(o):
    """An operation as "name:type(inputs, ^control inputs)" as its NodeDef lists them
    (control inputs sorted: TF adds its automatic ones from a set)."""
    ins = list(o.node_def.input)
    ins = [i for i in ins if not i.startswith("^")] + sorted(i for i in ins if i[0] == "^")
    return f"{o.name}:{o.type}({','.join(ins)})"


def _value(tf, v):
    """A Const's value as JSON holds it (TF's attr is a TensorProto; strings decoded)."""
    v = (tf.make_ndarray(v) if hasattr(v, "tensor_shape") else v).tolist()
    if isinstance(v, bytes):
        return v.decode()
    if isinstance(v, list) and v and isinstance(v[0], bytes):
        return [e.decode() for e in v]
    return v


def outcome(tf, source):
    """The traced top-level graph's operations of one case, in order, and the values of
    its constants."""
    source = textwrap.dedent(source)
    linecache.cache["<case>"] = (len(source), None, source.splitlines(True), "<case>")
    try:
        env = {"tf": tf}
        exec(compile(source, "<case>", "exec"), env)  # noqa: S102 - the cases
        graph = tf.function(env["f"]).get_concrete_function(*env["SPECS"]).graph
        ops = graph.get_operations()
        return {"ops": [_node(o) for o in ops],
                "consts": {o.name: _value(tf, o.get_attr("value")) for o in ops
                           if o.type == "Const"}}
    finally:
        linecache.cache.pop("<case>", None)
