"""Keras weights partitioned by a ParameterServerStrategy against TF 2.21's recorded
answers (sharded_keras_golden.json, written by record_sharded_keras.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow import keras
from tests.distribute import sharded_keras_cases as cases

GOLDEN = json.loads(Path(__file__).with_name("sharded_keras_golden.json").read_text())
SPEC = {"worker": ["localhost:2222", "localhost:2223"],
        "ps": ["localhost:2224", "localhost:2225"]}


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    resolver = tf.distribute.cluster_resolver.SimpleClusterResolver(
        tf.train.ClusterSpec(SPEC), rpc_layer="grpc")
    out = cases.run(tf, keras, resolver, str(tmp_path_factory.mktemp("sk")))
    out.update(cases.run_grad(tf, keras, resolver))
    return out


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_as_tf(outcomes, case):
    assert outcomes[case] == GOLDEN[case]
