"""Writes worker_index_golden.json from TensorFlow 2.21 (worker_index_cases.py) against
TF's in-process cluster of 2 workers and 2 ps tasks. Run from the repository root with
TensorFlow's interpreter:

    TF_CPP_MIN_LOG_LEVEL=3 TF_ENABLE_ONEDNN_OPTS=0 /work/tfref/bin/python \
        tests/distribute/record_worker_index.py
"""

import socket
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

import tensorflow as tf  # noqa: E402
from tensorflow.python.distribute import multi_worker_test_base as mwtb  # noqa: E402

from tests.distribute.worker_index_cases import run  # noqa: E402
from tests.golden_io import write_json  # noqa: E402


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("localhost", 0))
        return sock.getsockname()[1]


if __name__ == "__main__":
    mwtb.pick_unused_port = _free_port
    spec = mwtb.create_in_process_cluster(num_workers=2, num_ps=2, rpc_layer="grpc")
    resolver = tf.distribute.cluster_resolver.SimpleClusterResolver(
        tf.train.ClusterSpec(spec), rpc_layer="grpc")
    write_json(HERE / "worker_index_golden.json", run(tf, resolver), end="\n", indent=1)
