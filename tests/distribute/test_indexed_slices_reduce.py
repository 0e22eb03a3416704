"""An all-reduce of IndexedSlices gathers them, as TF's: every replica's rows concatenated
in replica order (a MEAN's values divided by the replicas), eagerly, in a replica function
and traced around strategy.run; and Keras fit of an Embedding model under MirroredStrategy
equals Keras's single-device steps (sparse_optimizers_golden.json)."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.keras.sparse_optimizer_cases import FIT_OPTIMIZERS, fit

TWO = ["/cpu:0", "/cpu:1"]
GOLDEN = json.loads((Path(__file__).parents[1] / "keras" / "sparse_optimizers_golden.json")
                    .read_text())["fit"]
# TF 2.21's results on two CPUs: replica r holds rows [0, 2] + r valued (r + 1) * [[1, 2], [3, 4]]
TF_VALUES = {"SUM": [[1.0, 2.0], [3.0, 4.0], [2.0, 4.0], [6.0, 8.0]],
             "MEAN": [[0.5, 1.0], [1.5, 2.0], [1.0, 2.0], [3.0, 4.0]]}


def _reduce(op):
    ctx = tf.distribute.get_replica_context()
    rid = tf.cast(ctx.replica_id_in_sync_group, tf.float32)
    rows = tf.IndexedSlices(tf.constant([[1.0, 2.0], [3.0, 4.0]]) * (rid + 1),
                            tf.constant([0, 2]) + tf.cast(rid, tf.int32), tf.constant([4, 2]))
    out = ctx.all_reduce(op, [rows, tf.constant(1.0)])
    assert isinstance(out[0], tf.IndexedSlices)
    return out[0].values, out[0].indices, out[1]


@pytest.mark.parametrize("mode", ["eager", "replica function", "traced around run"])
@pytest.mark.parametrize("op", ["SUM", "MEAN"])
def test_all_reduce_gathers_indexed_slices(op, mode):
    s = tf.distribute.MirroredStrategy(TWO)
    if mode == "eager":
        out = s.run(_reduce, args=(op,))
    elif mode == "replica function":
        out = s.run(tf.function(_reduce), args=(op,))
    else:
        out = tf.function(lambda: s.run(_reduce, args=(op,)))()
    values, indices, dense = (s.experimental_local_results(t) for t in out)
    for r in range(2):
        np.testing.assert_array_equal(values[r].numpy(), TF_VALUES[op])
        np.testing.assert_array_equal(indices[r].numpy(), [0, 2, 1, 3])
        assert float(dense[r]) == (2.0 if op == "SUM" else 1.0)


@pytest.mark.parametrize("name", ["Adam", "RMSprop"])
def test_embedding_fit_under_mirrored_strategy_equals_keras(name):
    assert name in FIT_OPTIMIZERS
    with tf.distribute.MirroredStrategy(TWO).scope():
        got = fit(tf.keras, name)
    np.testing.assert_allclose(got["loss"], GOLDEN[name]["loss"], rtol=1e-5)
    for a, b in zip(got["weights"], GOLDEN[name]["weights"]):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)
