"""tf.compat.v1.gradients in a TF 1 graph as TF 2.21 builds it: the ops it adds (name:type,
in order) for reductions, broadcasting arithmetic and reshapes of placeholders of known
and partly known shapes, and the gradient's value. Recorded by
record_grad_names_golden.py (grad_names_golden.json), checked by test_grad_names.py;
imports neither TF nor eagerflow.
"""

from __future__ import annotations

from typing import Any

import numpy as np

# name: (x's placeholder shape, the code over x, x's feed shape)
CASES = {
    "add_broadcast": ([2, 3], "x + tf.ones([3])", [2, 3]),
    "add_broadcast_left": ([3], "x + tf.ones([2, 3])", [3]),
    "add_same": ([2, 3], "x + tf.ones([2, 3])", [2, 3]),
    "sub_broadcast": ([2, 1], "tf.ones([2, 3]) - x", [2, 1]),
    "mul_broadcast": ([None, 3], "x * tf.ones([1, 3])", [4, 3]),
    "mul_unknown_pair": ([None, 1], "x * tf.ones([1, 3])", [2, 1]),
    "reshape": ([2, 3], "tf.reshape(x, [3, 2])", [2, 3]),
    "reshape_unknown": ([None, 3], "tf.reshape(x, [-1])", [2, 3]),
    "reshape_two_unknown": ([None, None], "tf.reshape(x, [-1])", [2, 3]),
    "chain": ([2, 3], "tf.reshape(x * 2.0, [6]) + 1.0", [2, 3]),
    "reduce_sum": ([2, 3], "tf.reduce_sum(x, 1)", [2, 3]),
    "reduce_sum_all": ([2, 3], "tf.reduce_sum(x)", [2, 3]),
    "reduce_mean": ([2, 3], "tf.reduce_mean(x, 0)", [2, 3]),
    "reduce_mean_unknown": ([None, 3], "tf.reduce_mean(x, 0)", [2, 3]),
}


def graph_gradient(tf: Any, case: tuple) -> dict:
    shape, code, feed = case
    with tf.Graph().as_default() as g:
        x = tf.compat.v1.placeholder(tf.float32, shape, name="x")
        y = eval(code, {"tf": tf, "x": x})
        before = {op.name for op in g.get_operations()}
        grads = tf.compat.v1.gradients(y, x)
        ops = [f"{op.name}:{op.type}" for op in g.get_operations() if op.name not in before]
        with tf.compat.v1.Session() as sess:
            value = sess.run(grads[0], {x: np.arange(int(np.prod(feed)), dtype=np.float32)
                                        .reshape(feed)})
    return {"ops": ops, "grad": grads[0].name, "value": value.tolist()}


def record(tf: Any) -> dict:
    return {k: graph_gradient(tf, c) for k, c in CASES.items()}

# more reductions: keepdims, negative axes, placeholders of unknown shape and rank, one
# gradient used twice (AddN), and TF's per-graph cache of a Sum gradient's known shapes
CASES.update({
    "reduce_sum_keepdims": ([2, 3], "tf.reduce_sum(x, 1, keepdims=True)", [2, 3]),
    "reduce_sum_negative_axis": ([2, 3, 4], "tf.reduce_sum(x, [-1, 0])", [2, 3, 4]),
    "reduce_sum_all_keepdims": ([2, 3], "tf.reduce_sum(x, keepdims=True)", [2, 3]),
    "reduce_sum_unknown": ([None, 3], "tf.reduce_sum(x, 0)", [2, 3]),
    "reduce_sum_unknown_all": ([None, 3], "tf.reduce_sum(x)", [2, 3]),
    "reduce_sum_unknown_keepdims": ([None, 3], "tf.reduce_sum(x, -1, keepdims=True)", [2, 3]),
    "reduce_sum_unknown_rank": (None, "tf.reduce_sum(x)", [2, 3]),
    "reduce_sum_twice": ([2, 3], "tf.reduce_sum(x, 1) * tf.reduce_sum(x * 2.0, 1)", [2, 3]),
    "reduce_mean_keepdims": ([2, 3], "tf.reduce_mean(x, [0, 1], keepdims=True)", [2, 3]),
    "reduce_mean_negative_axis": ([2, 3, 4], "tf.reduce_mean(x, [-1, 0])", [2, 3, 4]),
    "reduce_mean_all": ([2, 3], "tf.reduce_mean(x)", [2, 3]),
    "reduce_mean_unknown_all": ([None, 3], "tf.reduce_mean(x)", [2, 3]),
    "reduce_mean_unknown_keepdims": ([None, 3], "tf.reduce_mean(x, -1, keepdims=True)",
                                     [2, 3]),
    "reduce_mean_unknown_rank": (None, "tf.reduce_mean(x, 0)", [2, 3]),
    "square_by_mul": ([2, 3], "x * x", [2, 3]),
    "used_three_times": ([2, 3], "x * 2.0 + tf.exp(x) - x", [2, 3]),
})

# Whole programs: `build` makes the graph (placeholders, variables, the loss), `grad` the
# gradient ops recorded (name:type, the NodeDef's inputs that are not Consts, the control
# inputs); `grad` sets `out` (tensors fetched) and may set `train` (run once, then `out`
# fetched)
_DENSE = """
x = tf.compat.v1.placeholder(tf.float32, [None, 3], name="x")
y = tf.compat.v1.placeholder(tf.float32, [None, 1], name="y")
w = tf.compat.v1.Variable(np.linspace(-1, 1, 6).reshape(3, 2).astype("float32"), name="w")
b = tf.compat.v1.Variable([0.1, -0.2], name="b")
w2 = tf.compat.v1.Variable([[0.5], [-1.5]], name="w2")
b2 = tf.compat.v1.Variable([0.3], name="b2")
h = tf.nn.relu(tf.matmul(x, w) + b)
pred = tf.matmul(h, w2) + b2
loss = tf.reduce_mean(tf.square(pred - y))
params = [w, b, w2, b2]
feed = {x: np.arange(12, dtype="float32").reshape(4, 3) / 10 - 0.5,
        y: np.array([[1.0], [0.0], [-1.0], [2.0]], "float32")}
"""
_TWICE = """
x = tf.compat.v1.placeholder(tf.float32, [None, 2], name="x")
w = tf.compat.v1.Variable([[1.0, -2.0], [0.5, 3.0]], name="w")
loss = tf.reduce_sum(tf.matmul(tf.matmul(x, w), w))
params = [w]
feed = {x: np.array([[1.0, 2.0], [3.0, -1.0]], "float32")}
"""
_LAYERS = """
x = tf.compat.v1.placeholder(tf.float32, [None, 3], name="x")
labels = tf.compat.v1.placeholder(tf.float32, [None, 2], name="labels")
w = tf.compat.v1.Variable(np.linspace(-1, 1, 6).reshape(3, 2).astype("float32"), name="w")
b = tf.compat.v1.Variable([0.1, -0.2], name="b")
feed = {x: np.arange(12, dtype="float32").reshape(4, 3) / 10 - 0.5,
        labels: np.array([[1, 0], [0, 1], [0, 1], [1, 0]], "float32")}
"""
PROGRAMS = {
    "softmax_xent": (_LAYERS + """
logits = tf.nn.bias_add(tf.matmul(x, w), b)
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits))
params = [w, b]
""", "out = tf.compat.v1.gradients(loss, params)"),
    "sigmoid_xent": (_LAYERS + """
logits = tf.matmul(x, w) + b
loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits))
params = [w, b]
""", "out = tf.compat.v1.gradients(loss, params)"),
    "tanh_sigmoid": (_LAYERS + """
h = tf.sigmoid(tf.tanh(tf.matmul(x, w)) * b)
loss = tf.reduce_sum(tf.square(h - labels)) * 0.5
params = [w, b]
""", "out = tf.compat.v1.gradients(loss, params)"),
    "two_targets_grad_ys": (_LAYERS + """
h = tf.matmul(x, w)
loss = [tf.reduce_sum(h * b), tf.reduce_mean(h, 1)]
params = [w, b]
""", "out = tf.compat.v1.gradients(loss, params, grad_ys=[None, tf.ones([4]) * 2.0])"),
    "stopped": (_LAYERS + """
h = tf.matmul(x, w)
s = tf.stop_gradient(h * 2.0)
loss = tf.reduce_sum(h * s + b)
params = [w, b]
""", "out = tf.compat.v1.gradients(loss, params)"),

    "dense_mse": (_DENSE, "out = tf.compat.v1.gradients(loss, params)"),
    "dense_mse_gated": (_DENSE, "out = tf.compat.v1.gradients(loss, params, "
                                "gate_gradients=True)"),
    "dense_mse_minimize": (_DENSE, "train = tf.compat.v1.train.GradientDescentOptimizer(0.1)"
                                   ".minimize(loss)\nout = params"),
    "variable_twice": (_TWICE, "out = tf.compat.v1.gradients(loss, params)"),
    "variable_twice_minimize": (_TWICE, "train = tf.compat.v1.train.GradientDescentOptimizer("
                                        "0.01).minimize(loss)\nout = params"),
}


def _inputs(g: Any, op: Any) -> list:
    """The node's data inputs as its NodeDef lists them ("op", "op:1"), but constants."""
    return [i for i in op.node_def.input if not i.startswith("^") and
            g.get_operation_by_name(i.split(":")[0]).type != "Const"]


def program_gradient(tf: Any, case: tuple) -> dict:
    build, grad = case
    with tf.Graph().as_default() as g:
        env: dict = {"tf": tf, "np": np}
        exec(build, env)
        init = tf.compat.v1.global_variables_initializer()
        before = {op.name for op in g.get_operations()}
        exec(grad, env)
        ops = [[f"{op.name}:{op.type}", _inputs(g, op), sorted(c.name for c in op.control_inputs)]
               for op in g.get_operations() if op.name not in before]
        with tf.compat.v1.Session() as sess:
            sess.run(init)
            if "train" in env:
                sess.run(env["train"], env["feed"])
            values = sess.run(env["out"], env["feed"])
    return {"ops": ops, "out": [t.name for t in env["out"]],
            "values": [np.round(v, 5).tolist() for v in values]}


def record_programs(tf: Any) -> dict:
    return {k: program_gradient(tf, c) for k, c in PROGRAMS.items()}
