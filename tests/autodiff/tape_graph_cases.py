"""tf.functions that take a GradientTape's gradient, whose traced graphs' operations
test_tape_graph_names.py compares with TF 2.21's (make_tape_graph_golden.py records them):
gradients named under "gradient_tape/" and the name scope their forward op was made in,
the default output gradient ("ones", or "ones_like" of a dynamic shape), an unconnected
output's "zeros", one AddN per tensor used more than once. Imports neither framework:
TF's interpreter loads this file too.

Each case is source exec'd with `tf` bound; it defines `f` and `SPECS`."""

import textwrap

from tests.function.graph_op_cases import _node

CASES = {
    "operators_in_scope": """
        v = tf.Variable([2.0, 1.0])
        def f(x):
            with tf.name_scope("outer"):
                with tf.GradientTape() as t:
                    t.watch(x)
                    y = tf.sin(x) * x + v
            return t.gradient(y, [x, v])
        SPECS = [tf.TensorSpec([None])]
    """,
    "addn_of_three_uses": """
        def f(x):
            with tf.GradientTape() as t:
                t.watch(x)
                y = tf.sin(x) + tf.cos(x) + tf.exp(x)
            return t.gradient(y, x)
        SPECS = [tf.TensorSpec([2])]
    """,
    "dynamic_shape_seed_and_unconnected": """
        def f(x):
            with tf.GradientTape(persistent=True) as t:
                t.watch(x)
                y = tf.sin(x)
                a, b = tf.unstack(tf.reshape(y, [2, -1]))
            return t.gradient(y, x), t.gradient(a, x)
        SPECS = [tf.TensorSpec([None])]
    """,
    "static_shape_split": """
        def f(x):
            with tf.GradientTape() as t:
                t.watch(x)
                a, b = tf.split(x * 3.0, 2)
            return t.gradient(a, x)
        SPECS = [tf.TensorSpec([4])]
    """,
    "cond": """
        def f(x):
            with tf.GradientTape() as t:
                t.watch(x)
                y = tf.cond(x > 0, lambda: x * x, lambda: -x)
            return t.gradient(y, x)
        SPECS = [tf.TensorSpec([])]
    """,
    "matmul_and_add": """
        w = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
        def f(x):
            with tf.GradientTape() as t:
                y = tf.add(tf.matmul(x, w), 1.0)
            return t.gradient(y, w)
        SPECS = [tf.TensorSpec([3, 2])]
    """,
    "dense_layer_loss": """
        w = tf.Variable([[1.0], [2.0]])
        b = tf.Variable([0.5])
        def f(x, y):
            with tf.GradientTape() as t:
                pred = tf.nn.relu(x @ w + b)
                loss = tf.reduce_mean(tf.square(pred - y))
            return t.gradient(loss, [w, b])
        SPECS = [tf.TensorSpec([4, 2]), tf.TensorSpec([4, 1])]
    """,
    "nested_scopes_and_tape_in_scope": """
        def f(x):
            with tf.GradientTape() as t:
                t.watch(x)
                with tf.name_scope("block"):
                    y = x * x - x / 2.0
            with tf.name_scope("grads"):
                return t.gradient(y, x)
        SPECS = [tf.TensorSpec([3])]
    """,
}


def operations(tf, src: str) -> list:
    """The traced graph's operations as "name:Type(input, ...)" (NodeDef inputs)."""
    env = {"tf": tf}
    exec(textwrap.dedent(src), env)  # noqa: S102 - the cases above, nothing else
    graph = tf.function(env["f"]).get_concrete_function(*env["SPECS"]).graph
    return [_node(op) for op in graph.get_operations()]
