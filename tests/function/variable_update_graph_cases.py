"""Functions whose traced updates of a variable's slices and batched rows the graph tests
compare with TF 2.21's graphs (test_variable_update_graph.py; the recorder
make_variable_update_graph_golden.py runs the same cases under TensorFlow):
`v[...].assign(x)`, TF's ResourceStridedSliceAssign taking the slice's own bounds, and
`v.batch_scatter_update(...)`, TF's ResourceScatterNdUpdate of indices built from Ranges.
Each case is as in graph_gather_cases.py (whose `outcome` records it): source defining
`f`, `SPECS` and `ARGS`.
"""

_V = "v = tf.Variable([[1.0, 2.0, 3.0], [3.0, 4.0, 5.0], [5.0, 6.0, 7.0], [7.0, 8.0, 9.0]], " \
     "name='v')\n"


def _case(body, specs, args):
    lines = "".join("    " + line + "\n" for line in body.strip().splitlines())
    return _V + "def f(x):\n" + lines + f"SPECS = {specs}\nARGS = {args}\n"


_ROWS = "[tf.TensorSpec([2, 3], tf.float32)]", "[[[0.5, 0.5, 0.5], [1.5, 1.5, 1.5]]]"
_IDS = "[tf.TensorSpec([4, 1], tf.int32)]", "[[[2], [0], [1], [1]]]"
_IDS64 = "[tf.TensorSpec([4, 1], tf.int64)]", "[[[2], [0], [1], [1]]]"

CASES = {
    # -- a slice's assignment: its StridedSlice's constants are the assign's bounds -------
    "slice_assign": _case("v[1:3].assign(x)\nreturn v.read_value()", *_ROWS),
    "slice_assign_row": _case("v[2].assign(x[0])\nreturn v.read_value()", *_ROWS),
    "slice_assign_strided": _case("v[::2, 1:].assign(x[:, :2])\nreturn v.read_value()",
                                  *_ROWS),
    "slice_assign_twice": _case("v[:2].assign(x)\nv[2:].assign(x * 2.0)\n"
                                "return v.read_value()", *_ROWS),
    "slice_assign_dynamic": _case("n = tf.shape(x)[0]\nv[n:n + 2].assign(x)\n"
                                  "return v.read_value()", *_ROWS),
    # -- batch_scatter_update: a Range per leading axis, cast to the indices' dtype -------
    "batch_scatter_update": _case(
        "v.batch_scatter_update(tf.IndexedSlices(tf.cast(x * 10, tf.float32), x))\n"
        "return v.read_value()", *_IDS),
    "batch_scatter_update_int64": _case(
        "v.batch_scatter_update(tf.IndexedSlices(tf.cast(x, tf.float32) - 1.0, x))\n"
        "return v.read_value()", *_IDS64),
    "batch_scatter_update_rank3": """
        v = tf.Variable(tf.reshape(tf.range(12.0), [2, 2, 3]), name='v')
        def f(x):
            v.batch_scatter_update(tf.IndexedSlices(tf.cast(x, tf.float32) * 5.0, x))
            return v.read_value()
        SPECS = [tf.TensorSpec([2, 2, 1], tf.int32)]
        ARGS = [[[[2], [0]], [[1], [1]]]]
    """,
    "batch_scatter_update_vector": """
        v = tf.Variable([1.0, 2.0, 3.0], name='v')
        def f(x):
            v.batch_scatter_update(tf.IndexedSlices([7.0, 8.0], x))
            return v.read_value()
        SPECS = [tf.TensorSpec([2], tf.int32)]
        ARGS = [[2, 0]]
    """,
}
