"""tf.distribute.coordinator.experimental_get_current_worker_index as TF 2.21's: the
running worker's index inside a scheduled tf.function and in a per-worker dataset_fn,
TF's RuntimeError elsewhere (worker_index_cases.py; worker_index_golden.json recorded by
record_worker_index.py against TF's in-process cluster of 2 workers and 2 ps tasks)."""

import json
from pathlib import Path

import eagerflow as tf
from tests.distribute.worker_index_cases import run

GOLDEN = json.loads((Path(__file__).parent / "worker_index_golden.json").read_text())


def test_worker_index_as_tf():
    spec = tf.train.ClusterSpec({"worker": ["localhost:1", "localhost:2"],
                                 "ps": ["localhost:3", "localhost:4"]})
    resolver = tf.distribute.cluster_resolver.SimpleClusterResolver(spec, rpc_layer="grpc")
    assert json.loads(json.dumps(run(tf, resolver))) == GOLDEN
