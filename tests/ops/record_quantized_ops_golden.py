"""Writes quantized_ops_golden.json: TF 2.21's results for the calls of
quantized_ops_cases.py (values, dtypes and shapes of each output, or the error's class
and message).

Run from the repository root with a TensorFlow interpreter:

    .venv-peers/bin/python tests/ops/record_quantized_ops_golden.py
"""

import base64
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

import numpy as np  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.ops import quantized_ops_cases  # noqa: E402
from tests.ops.quantization_cases import encode  # noqa: E402
from tests.ops.quantized_ops_cases import cases  # noqa: E402


def main():
    import tensorflow as tf

    out = {key: encode(value) for key, value in cases(tf).items()}
    with tf.Graph().as_default() as g:
        quantized_ops_cases.build_graph(tf)
        with tf.compat.v1.Session(graph=g) as sess:
            values = sess.run(list(quantized_ops_cases.GRAPH_FETCHES))
    graph = {"graph_def": base64.b64encode(g.as_graph_def().SerializeToString()).decode(),
             "values": [{"shape": list(np.shape(v)),
                         "values": np.asarray(v).astype(np.float64).ravel().tolist()}
                        for v in values]}
    path = os.path.join(os.path.dirname(__file__), "quantized_ops_golden.json")
    write_json(path, {"tf_version": tf.__version__, "cases": out, "graph": graph},
               separators=(",", ":"))


if __name__ == "__main__":
    main()
