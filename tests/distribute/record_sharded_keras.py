"""Writes sharded_keras_golden.json from TensorFlow 2.21 and Keras 3.15
(sharded_keras_cases.py) against TF's in-process cluster of 2 workers and 2 ps tasks. Run
from the repository root with TensorFlow's interpreter:

    TF_CPP_MIN_LOG_LEVEL=3 TF_ENABLE_ONEDNN_OPTS=0 /work/tfref/bin/python \\
        tests/distribute/record_sharded_keras.py
"""

import json
import socket
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.python.distribute import multi_worker_test_base as mwtb  # noqa: E402

from tests.distribute import sharded_keras_cases as cases  # noqa: E402


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("localhost", 0))
        return sock.getsockname()[1]


if __name__ == "__main__":
    mwtb.pick_unused_port = _free_port
    spec = mwtb.create_in_process_cluster(num_workers=2, num_ps=2, rpc_layer="grpc")
    resolver = tf.distribute.cluster_resolver.SimpleClusterResolver(
        tf.train.ClusterSpec(spec), rpc_layer="grpc")
    with tempfile.TemporaryDirectory() as d:
        out = cases.run(tf, keras, resolver, d)
    out.update(cases.run_grad(tf, keras, resolver))
    (HERE / "sharded_keras_golden.json").write_text(json.dumps(out, indent=1) + "\n")
    print(len(out), "cases")
