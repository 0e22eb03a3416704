"""The tf.data service (tf.data.experimental.service): TF 2.21's outcomes of
service_cases.py (service_golden.json, recorded by record_service_golden.py), and what
eagerflow's in-process servers add: their lifecycle, the errors of a consumer with no
reachable dispatcher or no workers (where TF's client would wait), and the processing
modes' guarantees over varied datasets and worker counts."""

import json
import socket
import threading
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from tests.data.service_cases import _servers, all_outcomes
from tests.data.service_harness import loopback, recorded_outcome_tests

# (the servers hold localhost ports: a sandbox without a loopback interface has none)
pytestmark = pytest.mark.skipif(not loopback(), reason="no localhost ports to bind")
GOLDEN = json.loads((Path(__file__).parent / "service_golden.json").read_text())
_servers_stopped, test_outcome_is_tfs, test_every_case_is_recorded = recorded_outcome_tests(
    GOLDEN, lambda: all_outcomes(tf))


service = tf.data.experimental.service


def _distributed(mode, d, ds, **kw):
    return ds.apply(service.distribute(mode, d.target, **kw))


def test_a_dispatcher_elsewhere_is_unavailable():
    with pytest.raises(tf.errors.UnavailableError, match="serves the process"):
        service.WorkerServer(service.WorkerConfig("localhost:1"))
    with pytest.raises(tf.errors.UnavailableError, match="localhost:1"):
        tf.data.Dataset.range(3).apply(service.distribute("parallel_epochs",
                                                          "grpc://localhost:1"))


def test_a_job_without_workers_fails_instead_of_waiting():
    d = service.DispatchServer()
    ds = _distributed("parallel_epochs", d, tf.data.Dataset.range(3))
    with pytest.raises(tf.errors.UnavailableError, match="has no workers"):
        list(ds)


def test_stop_releases_the_port_and_ends_join():
    d = service.DispatchServer()
    port = int(d.target.rsplit(":", 1)[1])
    w = service.WorkerServer(service.WorkerConfig(d.target))
    assert d._num_workers() == 1
    joined = threading.Thread(target=d.join)
    joined.start()
    w.stop()
    assert d._num_workers() == 0
    d.stop()
    joined.join(timeout=10)
    assert not joined.is_alive()
    with socket.socket() as sock:  # the port is free again
        sock.bind(("localhost", port))
    with pytest.raises(tf.errors.UnavailableError):
        service.register_dataset(d.target, tf.data.Dataset.range(3))


def test_a_port_in_use_is_refused():
    with socket.socket() as sock:
        sock.bind(("localhost", 0))
        port = sock.getsockname()[1]
        with pytest.raises(tf.errors.UnavailableError, match=str(port)):
            service.DispatchServer(service.DispatcherConfig(port=port))


def test_start_false_waits_for_start():
    d = service.DispatchServer(start=False)
    with pytest.raises(tf.errors.UnavailableError):
        service.register_dataset(d.target, tf.data.Dataset.range(3))
    d.start()
    assert service.register_dataset(d.target, tf.data.Dataset.range(3)).numpy() == b"1000"
    d.stop()


def test_hint_sharding_fills_in_each_shard_hint_of_the_pipeline():
    """Worker i of n reads shard i of n at each `shard(SHARD_HINT, ...)` of the pipeline:
    two such shards in a row leave element j where j % n == i (and then again)."""
    hint = tf.data.experimental.SHARD_HINT
    d, ws = _servers(tf, 3, fixed=True)
    ds = tf.data.Dataset.range(30).shard(hint, hint).map(lambda x: x * 2).shard(hint, 0)
    got = sorted(int(x) for x in _distributed(service.ShardingPolicy.HINT, d, ds))
    # worker i keeps elements i, i+3, ... then of those its i-th of every 3
    assert got == sorted(2 * x for i in range(3) for x in list(range(i, 30, 3))[i::3])


def test_dynamic_sharding_refuses_a_source_it_cannot_split():
    d, ws = _servers(tf, 2)
    ds = tf.data.experimental.SqlDataset("sqlite", ":memory:", "SELECT 1", (tf.int32,))
    with pytest.raises(tf.errors.UnimplementedError, match="split providers"):
        list(_distributed("distributed_epoch", d, ds))


def test_keras_fits_from_the_service():
    d, ws = _servers(tf, 2)
    x = np.linspace(-1, 1, 32, dtype=np.float32).reshape(16, 2)
    y = (x.sum(axis=1, keepdims=True) > 0).astype(np.float32)
    ds = _distributed("distributed_epoch", d,
                      tf.data.Dataset.from_tensor_slices((x, y)).batch(4))
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    history = model.fit(ds, epochs=2, verbose=0)
    assert len(history.history["loss"]) == 2
    assert np.isfinite(history.history["loss"]).all()


@settings(max_examples=20, deadline=None)
@given(workers=st.integers(1, 3), n=st.integers(0, 12), batch=st.integers(1, 4))
def test_the_modes_read_each_element_as_tf_does(workers, n, batch):
    d, ws = _servers(tf, workers, fixed=True)
    source = tf.data.Dataset.range(n)

    def read(mode, ds=source):
        return sorted(int(v) for e in _distributed(mode, d, ds).as_numpy_iterator()
                      for v in np.atleast_1d(e))

    assert read("parallel_epochs") == sorted(list(range(n)) * workers)
    assert read("distributed_epoch") == list(range(n))
    assert read("distributed_epoch", source.batch(batch)) == list(range(n))
    assert read(service.ShardingPolicy.DATA) == list(range(n))
    hint = tf.data.experimental.SHARD_HINT
    assert read(service.ShardingPolicy.HINT, source.shard(hint, hint)) == list(range(n))
    assert read(service.ShardingPolicy.HINT, source.shard(hint, hint).batch(batch)) == \
        list(range(n))
    for w in ws:
        w.stop()
    d.stop()
