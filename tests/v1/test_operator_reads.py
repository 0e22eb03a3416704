"""A TF 1 graph variable's operators read it as TF 2.21 names the reads: `v * 3.0`, `v + w`,
`2.0 - w`, `-v` and `v[None]` read the variable by its own API first ("ReadVariableOp" in
the current scope), while a function's operand is read by its op ("Reshape/ReadVariableOp",
"add/ReadVariableOp" for the right operand); recorded with TF 2.21 (graph mode, resource
variables), and the same read before an assignment's value is used."""

import eagerflow as tf

# TF 2.21's op names of the program below, in graph order
TF_NAMES = ["v/Read/ReadVariableOp", "w/Read/ReadVariableOp", "ReadVariableOp", "mul",
            "ReadVariableOp_1", "add/ReadVariableOp", "add", "ReadVariableOp_2", "sub",
            "ReadVariableOp_3", "Neg", "Reshape/ReadVariableOp", "ReadVariableOp_4",
            "strided_slice", "Add_1/ReadVariableOp", "Add_1"]


def test_operator_reads_are_named_as_tfs() -> None:
    g = tf.Graph()
    with g.as_default():
        v = tf.compat.v1.Variable(2.0, name="v")
        w = tf.compat.v1.Variable(3.0, name="w")
        y = v * 3.0
        z = v + w
        q = 2.0 - w
        n = -v
        tf.matmul(tf.reshape(v, [1, 1]), [[1.0]])
        s = v[None]
        a = tf.add(v, 1.0)
        names = [op.name for op in g.get_operations()
                 if "Read" in op.type or op.type in ("Mul", "AddV2", "Sub", "Neg",
                                                     "StridedSlice")]
        assert names == TF_NAMES
        with tf.compat.v1.Session() as sess:
            sess.run(tf.compat.v1.global_variables_initializer())
            assert [float(x) for x in sess.run([y, z, q, n, a])] == [6.0, 5.0, -1.0, -2.0, 3.0]
            assert sess.run(s).tolist() == [2.0]


def test_an_assignments_operator_reads_after_it() -> None:
    g = tf.Graph()
    with g.as_default():
        v = tf.compat.v1.Variable(2.0, name="v")
        y = v.assign(5.0) * 2.0
        with tf.compat.v1.Session() as sess:
            sess.run(v.initializer)
            assert float(sess.run(y)) == 10.0
