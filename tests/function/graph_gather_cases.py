"""Functions whose traced lookups of a variable's rows the graph-gather tests compare with
TF 2.21's graphs (test_graph_gather.py; the recorder make_graph_gather_golden.py runs the
same cases under TensorFlow): tf.gather, Variable.sparse_read, tf.nn.embedding_lookup and
the Keras Embedding layer, their ResourceGather nodes on the captured handle (inputs,
attrs) or the read and GatherV2 TF makes instead, and the IndexedSlices their gradients
are. Imports only graph_name_cases (TF's interpreter loads this file too).

Each case is source exec'd as "<case>" with `tf` bound; it makes its variables, defines
`f` (traced with `tf.function`), `SPECS` (its input signature) and `ARGS` (the values it
is called with, as lists: the result is recorded too).
"""

import re
import textwrap

from tests.function.graph_name_cases import _clean
from tests.function.traced_cases import case_names

_V = "v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], name='v')\n"


def _case(body, specs="[tf.TensorSpec([2], tf.int32)]", args="[[2, 0]]"):
    return _V + "def f(i):\n" + textwrap.indent(textwrap.dedent(body), "    ") + \
        f"SPECS = {specs}\nARGS = {args}\n"


CASES = {
    # -- a variable's axis-0 lookup: TF's ResourceGather on the captured handle ---------
    "gather": _case("return tf.gather(v, i)\n"),
    "gather_named": _case("return tf.gather(v, i, name='rows')\n"),
    "gather_axis_zero": _case("return tf.gather(v, i, axis=0)\n"),
    "gather_int64": _case("return tf.gather(v, i)\n", "[tf.TensorSpec([2], tf.int64)]"),
    "gather_matrix_indices": _case("return tf.gather(v, i)\n",
                                   "[tf.TensorSpec([2, 2], tf.int32)]", "[[[0, 1], [2, 2]]]"),
    "gather_python_indices": """
        v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], name='v')
        def f(x):
            return tf.gather(v, [2, 1]) + x
        SPECS = [tf.TensorSpec([2], tf.float32)]
        ARGS = [[1.0, 2.0]]
    """,
    "gather_twice": _case("return tf.gather(v, i) + tf.gather(v, i[::-1])\n"),
    "gather_scoped": _case("""
        with tf.name_scope("emb"):
            return tf.gather(v, i) * 2.0
    """),
    "read_then_gather": _case("return tf.gather(v, i) + tf.reduce_sum(v)\n"),
    "assign_then_gather": _case("""
        v.assign_add(tf.ones([3, 2]))
        y = tf.gather(v, i)
        v.assign_sub(tf.ones([3, 2]))
        return y
    """),
    "gather_int_variable": """
        v = tf.Variable([10, 20, 30], name='v')
        def f(i):
            return tf.gather(v, i)
        SPECS = [tf.TensorSpec([2], tf.int32)]
        ARGS = [[2, 0]]
    """,
    # -- lookups TF leaves to a read and GatherV2 ------------------------------------------
    "gather_axis_one": _case("return tf.gather(v, i, axis=1)\n", args="[[1, 0]]"),
    "gather_batch_dims": _case("return tf.gather(v, i, batch_dims=1)\n",
                               "[tf.TensorSpec([3, 1], tf.int32)]", "[[[1], [0], [1]]]"),
    # -- the variable's own API ---------------------------------------------------------
    "sparse_read": _case("return v.sparse_read(i)\n", "[tf.TensorSpec([2], tf.int64)]"),
    "sparse_read_named": _case("return v.sparse_read(i, name='look')\n"),
    # -- embedding lookups: scoped, colocated with the captured handle, an Identity after -
    "embedding_lookup": _case("return tf.nn.embedding_lookup(v, i)\n"),
    "embedding_lookup_named": _case("return tf.nn.embedding_lookup(v, i, name='emb')\n"),
    "keras_embedding": """
        tf.keras.backend.clear_session()
        layer = tf.keras.layers.Embedding(3, 2, embeddings_initializer="ones")
        layer.build((None,))
        def f(i):
            return layer(i)
        SPECS = [tf.TensorSpec([2], tf.int32)]
        ARGS = [[2, 0]]
    """,
    # -- gradients: IndexedSlices of the looked-up rows -------------------------------------
    "gradient": _case("""
        with tf.GradientTape() as t:
            y = tf.reduce_sum(tf.gather(v, i) * 3.0)
        return t.gradient(y, v)
    """),
    "gradient_embedding_repeated": _case("""
        with tf.GradientTape() as t:
            y = tf.reduce_sum(tf.nn.embedding_lookup(v, i))
        return t.gradient(y, v)
    """, "[tf.TensorSpec([3], tf.int32)]", "[[1, 1, 0]]"),
    "gradient_sparse_read_twice": _case("""
        with tf.GradientTape() as t:
            y = tf.reduce_sum(v.sparse_read(i)) + tf.reduce_sum(tf.gather(v, i) * 2.0)
        return t.gradient(y, v)
    """),
    "train_step": _case("""
        with tf.GradientTape() as t:
            loss = tf.reduce_sum(tf.square(tf.gather(v, i)))
        v.assign_sub(0.5 * tf.convert_to_tensor(t.gradient(loss, v)))
        return loss
    """),
    # -- what tracing refuses: TF's op signature and shape function -----------------------
    "float_indices": _case("return tf.gather(v, i)\n", "[tf.TensorSpec([2], tf.float32)]",
                           "[[0.0, 1.0]]"),
    "int16_indices": _case("return v.sparse_read(i)\n", "[tf.TensorSpec([2], tf.int16)]"),
    "scalar_variable": """
        v = tf.Variable(1.0, name='v')
        def f(i):
            return tf.gather(v, i)
        SPECS = [tf.TensorSpec([2], tf.int32)]
        ARGS = [[0, 0]]
    """,
    "scalar_variable_embedding": """
        v = tf.Variable(1.0, name='v')
        def f(i):
            with tf.name_scope("look"):
                return tf.nn.embedding_lookup(v, i[1:], name="rows")
        SPECS = [tf.TensorSpec([3], tf.int32)]
        ARGS = [[0, 0, 0]]
    """,
}

_GATHERS = ("ResourceGather", "GatherV2", "ReadVariableOp")
_ATTRS = ("Tindices", "batch_dims", "dtype", "validate_indices", "_class")


def _uid(name):
    """A capture's name with TF's process-wide unique id (a placeholder TF names by it,
    "embedding_lookup/26") written as "<uid>"."""
    return re.sub(r"(^|/)\d+(?=$|[/:,)])", r"\1<uid>", name)


def _attr(tf, value):
    if isinstance(value, tf.dtypes.DType):
        return value.name
    if isinstance(value, list):
        return [_attr(tf, v) for v in value]
    if isinstance(value, bytes):
        return _uid(value.decode())
    return value


def _node(o):
    ins = [_uid(i) for i in o.node_def.input]
    ins = [i for i in ins if not i.startswith("^")] + sorted(i for i in ins if i[0] == "^")
    return f"{_uid(o.name)}:{o.type}({','.join(ins)})"


def _result(tf, value):
    """A result as JSON holds it: an IndexedSlices by its parts, a tensor by its value."""
    if isinstance(value, tf.IndexedSlices):
        return {"IndexedSlices": [_result(tf, value.values), _result(tf, value.indices),
                                  _result(tf, value.dense_shape)]}
    return [value.dtype.name, value.numpy().tolist()]


def outcome(tf, source):
    """One case: the traced graph's operations ("name:type(inputs, ^control inputs)",
    TF's unique ids written as "<uid>"), the attrs of its gathers and reads, and what the
    function returns on ARGS; or the error tracing raises."""
    with case_names(tf, source) as env:
        fn = tf.function(env["f"])
        try:
            graph = fn.get_concrete_function(*env["SPECS"]).graph
        except Exception as e:  # noqa: BLE001 - the error is the answer
            return {"trace_error": [type(e).__name__, _uid(_clean(str(e)))]}
        ops = graph.get_operations()
        attrs = {}
        for o in ops:
            if o.type in _GATHERS:
                attrs[_uid(o.name)] = {k: _attr(tf, o.get_attr(k)) for k in _ATTRS
                                       if k in o.node_def.attr}
        args = [tf.constant(a, s.dtype) for a, s in zip(env["ARGS"], env["SPECS"])]
        return {"ops": [_node(o) for o in ops], "attrs": attrs,
                "result": _result(tf, fn(*args))}
