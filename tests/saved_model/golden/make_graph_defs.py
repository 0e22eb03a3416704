"""Records frozen GraphDefs with TensorFlow 2.21 for tests/saved_model/test_import_graph_def.py.

Run with the reference interpreter: `/work/tfref/bin/python
tests/saved_model/golden/make_graph_defs.py`. Each model is a tf.function whose variables
are frozen into constants (TF's convert_variables_to_constants_v2, what "frozen graph"
tools write) and saved as a binary .pb with tf.io.write_graph; graph_defs.json holds, per
model, its input and output tensor names, the inputs fed and what TF computed from them by
running the frozen graph the way TF 2 runs one (wrap_function + import_graph_def + prune).
"""

import os
import sys

import numpy as np
import tensorflow as tf
from tensorflow.python.framework import convert_to_constants

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", ".."))
from tests.golden_io import encode_array, write_json  # noqa: E402
from tests.saved_model.graph_def_cases import ERRORS, case_graph, node_graph  # noqa: E402

KEEP = []  # the variables, alive until frozen
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "graph_defs")


def mlp() -> tf.types.experimental.ConcreteFunction:
    w = tf.Variable([[1.0, -2.0, 0.5], [0.5, 3.0, -1.0]], name="w")
    b = tf.Variable([0.25, -0.5, 0.1], name="b")
    KEEP.extend([w, b])

    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32, name="x")])
    def f(x):
        h = tf.nn.relu(tf.matmul(x, w) + b)
        return {"prob": tf.nn.softmax(h), "energy": tf.reduce_sum(h * h, axis=1)}
    return f.get_concrete_function()


def control_flow() -> tf.types.experimental.ConcreteFunction:
    scale = tf.Variable(1.5, name="scale")
    KEEP.append(scale)

    @tf.function(input_signature=[tf.TensorSpec([3], tf.float32, name="v"),
                                  tf.TensorSpec([], tf.int32, name="n")])
    def f(v, n):
        def body(i, acc):
            return i + 1, acc * scale + tf.cast(i, tf.float32)
        _, acc = tf.while_loop(lambda i, acc: i < n, body, (tf.constant(0), v))
        out = tf.cond(tf.reduce_sum(acc) > 10.0, lambda: tf.sqrt(tf.abs(acc)),
                      lambda: acc - 1.0)
        return {"out": out, "steps": tf.reshape(tf.cast(n, tf.float32) * 2.0, [1])}
    return f.get_concrete_function()


def cnn() -> tf.types.experimental.ConcreteFunction:
    rng = np.random.default_rng(0)
    k = tf.Variable(rng.normal(size=(3, 3, 1, 2)).astype(np.float32), name="kernel")
    KEEP.append(k)

    @tf.function(input_signature=[tf.TensorSpec([None, 5, 5, 1], tf.float32, name="image")])
    def f(image):
        y = tf.nn.conv2d(image, k, strides=1, padding="SAME")
        y = tf.nn.max_pool2d(tf.nn.relu(y), 2, 2, "VALID")
        return tf.reshape(y, [-1, 8])
    return f.get_concrete_function()


# name -> (the function to freeze, the inputs fed to the frozen graph)
MODELS = {
    "mlp": (mlp, [np.array([[1.0, 2.0], [3.0, -1.0], [-0.5, 0.25]], np.float32)]),
    "control_flow": (control_flow, [np.array([1.0, -2.0, 3.0], np.float32),
                                    np.array(3, np.int32)]),
    "control_flow_lowered": (control_flow, [np.array([1.0, -2.0, 3.0], np.float32),
                                            np.array(3, np.int32)]),
    "cnn": (cnn, [np.random.default_rng(1).normal(size=(2, 5, 5, 1)).astype(np.float32)]),
}


def run_frozen(graph_def, inputs, outputs, feeds):
    def imports():
        tf.compat.v1.import_graph_def(graph_def, name="")
    wrapped = tf.compat.v1.wrap_function(imports, [])
    g = wrapped.graph
    fn = wrapped.prune([g.as_graph_element(n) for n in inputs],
                       [g.as_graph_element(n) for n in outputs])
    return [o.numpy() for o in fn(*[tf.constant(x) for x in feeds])]


def record_errors(graph_defs):
    out = {}
    for case, (source, kwargs) in ERRORS.items():
        gd = graph_defs.get(source, source) if isinstance(source, str) else node_graph(tf, source)
        with case_graph(tf, kwargs) as kw:
            try:
                tf.import_graph_def(gd, **kw)
            except Exception as e:  # noqa: BLE001 - recording whatever TF raises
                out[case] = {"error": type(e).__name__, "message": str(e)}
            else:
                raise AssertionError(f"{case}: TF raised nothing")
    return out


def main() -> None:
    os.makedirs(HERE, exist_ok=True)
    golden = {}
    graph_defs = {}
    for name, (build, feeds) in MODELS.items():
        # TF lowers If/While to v1 dataflow (Switch, Merge, Enter...) unless told not to;
        # eagerflow imports the functional form, and refuses the lowered one
        frozen = convert_to_constants.convert_variables_to_constants_v2(
            build(), lower_control_flow=name.endswith("_lowered"))
        gd = graph_defs[name] = frozen.graph.as_graph_def()
        tf.io.write_graph(gd, HERE, f"{name}.pb", as_text=False)
        inputs = [t.name for t in frozen.inputs]
        outputs = [t.name for t in frozen.outputs]
        golden[name] = {
            "inputs": inputs, "outputs": outputs,
            "ops": sorted({n.op for n in gd.node}),
            "functions": sorted(f.signature.name for f in gd.library.function),
            "feeds": [encode_array(x) for x in feeds],
            "expected": [encode_array(y) for y in run_frozen(gd, inputs, outputs, feeds)],
        }
    golden["errors"] = record_errors(graph_defs)
    write_json(os.path.join(HERE, "graph_defs.json"), golden, end="\n", indent=1)


if __name__ == "__main__":
    main()
