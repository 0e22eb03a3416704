"""Records TF 2.21's GraphDefs for tests/saved_model/test_graph_def.py.

Run with the reference interpreter: `$EAGERFLOW_TF_PYTHON
tests/saved_model/golden/make_graph_def_golden.py`. Writes graph_def_golden/golden.json
(each program of graph_def_programs.py: its summary under TF) and, as binary .pb written by
tf.io.write_graph, the GraphDefs of tf1_dense's graph and plain_function's graph, which
the test imports into eagerflow and runs.
"""

import os
import sys

import tensorflow as tf

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", ".."))
from tests.golden_io import write_json  # noqa: E402
from tests.saved_model.graph_def_programs import PROGRAMS  # noqa: E402

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "graph_def_golden")


def main() -> None:
    out = {name: program(tf) for name, program in PROGRAMS.items()}
    write_json(os.path.join(HERE, "golden.json"), out, indent=1, sort_keys=True, end="\n")
    with tf.Graph().as_default() as g:
        x = tf.compat.v1.placeholder(tf.float32, [None, 2], name="x")
        tf.nn.relu(tf.matmul(x, tf.constant([[1.0], [2.0]])) + 1.0, name="y")
    tf.io.write_graph(g, HERE, "tf1_dense.pb", as_text=False)

    @tf.function
    def f(x, y):
        return tf.nn.relu(x * 2.0 + y), tf.reduce_max(x)
    cf = f.get_concrete_function(tf.TensorSpec([None, 2], tf.float32, name="x"),
                                 tf.TensorSpec([2], tf.float32, name="y"))
    tf.io.write_graph(cf.graph, HERE, "plain_function.pb", as_text=False)


if __name__ == "__main__":
    main()
