"""ParameterServerStrategy, ClusterCoordinator, partitioners and ShardedVariable against
TF 2.21: parameter_server_cases.py's scenarios, run here on eagerflow's in-process
cluster and compared with what they returned under TF's in-process gRPC test cluster
(strategies_golden.json, recorded by record_strategies_golden.py); then what the
recorded runs cannot pin down (which worker ran a function): the queue's semantics."""

import json
import threading
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from tests.distribute import parameter_server_cases as cases
from tests.distribute.test_central_storage import assert_close

PS = json.loads((Path(__file__).with_name("strategies_golden.json")).read_text())[
    "parameter_server"]
SPEC = {"worker": ["localhost:2222", "localhost:2223"],
        "ps": ["localhost:2224", "localhost:2225"]}


@pytest.fixture
def resolver():
    return tf.distribute.cluster_resolver.SimpleClusterResolver(tf.train.ClusterSpec(SPEC),
                                                                rpc_layer="grpc")


@pytest.mark.parametrize("name", sorted(cases.SCENARIOS))
def test_scenario_as_tf(name, resolver):
    assert_close(cases.SCENARIOS[name](tf, keras, resolver), PS[name], name)


def test_sharded_variables_and_checkpoints_as_tf(resolver, tmp_path):
    assert_close(cases.sharded(tf, keras, resolver, str(tmp_path / "ckpt")), PS["sharded"])


def test_tf_config_names_the_cluster(monkeypatch):
    monkeypatch.setenv("TF_CONFIG", json.dumps({"cluster": SPEC,
                                                "task": {"type": "chief", "index": 0}}))
    with pytest.raises(ValueError, match="`task_type` 'chief' not found"):
        tf.distribute.experimental.ParameterServerStrategy(
            tf.distribute.cluster_resolver.TFConfigClusterResolver())
    monkeypatch.setenv("TF_CONFIG", json.dumps({"cluster": {**SPEC, "chief": ["c:1"]},
                                                "task": {"type": "chief", "index": 0}}))
    s = tf.distribute.experimental.ParameterServerStrategy(
        tf.distribute.cluster_resolver.TFConfigClusterResolver())
    c = tf.distribute.coordinator.ClusterCoordinator(s)
    assert len(c._workers) == 2


def test_every_closure_runs_once_on_a_worker_thread(resolver):
    s = tf.distribute.experimental.ParameterServerStrategy(resolver)
    c = tf.distribute.coordinator.ClusterCoordinator(s)
    with s.scope():
        total = tf.Variable(0.0)
    threads = set()

    @tf.function
    def step(a):
        total.assign_add(a)
        return a * 2.0

    def record(a):  # which thread ran it: the closure's Python runs on its worker
        threads.add(threading.current_thread().name)
        return a

    out = [c.schedule(step, args=(tf.constant(float(i)),)) for i in range(50)]
    c.join()
    assert float(total.numpy()) == sum(range(50))  # no update lost, none repeated
    assert [float(r.fetch()) for r in out] == [2.0 * i for i in range(50)]
    probe = tf.function(lambda a: tf.py_function(record, [a], tf.float32))
    c.schedule(probe, args=(tf.constant(1.0),)).fetch()
    assert threads and all(n.startswith("ps-worker-") for n in threads)


def test_worker_threads_stop_when_the_coordinator_is_dropped(resolver):
    """The threads hold neither the coordinator nor its strategy: once the program drops
    both, they are collected and the threads end, as TF's do."""
    import gc

    def ps_threads():
        return {t for t in threading.enumerate() if t.name.startswith("ps-worker-")}

    before = ps_threads()
    s = tf.distribute.experimental.ParameterServerStrategy(resolver)
    c = tf.distribute.coordinator.ClusterCoordinator(s)
    assert float(c.schedule(tf.function(lambda: tf.constant(3.0))).fetch()) == 3.0
    mine = ps_threads() - before
    assert len(mine) == 2
    del s, c
    gc.collect()
    for t in mine:
        t.join(timeout=10)
    assert not any(t.is_alive() for t in mine)


def test_first_error_cancels_the_queue_and_is_raised_once(resolver):
    s = tf.distribute.experimental.ParameterServerStrategy(resolver)
    c = tf.distribute.coordinator.ClusterCoordinator(s)
    gate = threading.Event()

    @tf.function
    def wait_then_fail(a):
        tf.py_function(lambda: gate.wait(10) and 0.0, [], tf.float32)
        tf.debugging.assert_equal(a, 0, message="boom")
        return a

    @tf.function
    def fine(a):
        return a + 1

    failing = c.schedule(wait_then_fail, args=(tf.constant(1),))
    queued = [c.schedule(fine, args=(tf.constant(i),)) for i in range(3)]
    gate.set()
    with pytest.raises(tf.errors.InvalidArgumentError, match="boom"):
        c.join()
    c.join()  # raised once, then cleared
    with pytest.raises(tf.errors.InvalidArgumentError, match="boom"):
        failing.fetch()
    outcomes = []
    for r in queued:  # each either ran before the failure was seen, or was cancelled
        try:
            outcomes.append(int(r.fetch()))
        except tf.errors.CancelledError as e:
            assert "The corresponding function is cancelled" in str(e)
            outcomes.append("cancelled")
    assert all(o in ("cancelled", i + 1) for i, o in enumerate(outcomes))
    assert c.done() is True


def test_schedule_returns_while_a_closure_runs(resolver):
    """TF's schedule traces on the caller's thread and returns at once: a closure blocked
    on a worker (here in a py_function) does not hold it up (it waited for the closure,
    which made test_first_error_cancels... flaky when the worker took its lock first)."""
    s = tf.distribute.experimental.ParameterServerStrategy(resolver)
    c = tf.distribute.coordinator.ClusterCoordinator(s)
    started, gate, opened = threading.Event(), threading.Event(), []

    def hold() -> float:
        started.set()
        opened.append(gate.wait(60))  # (False: the gate was never opened, it timed out)
        return 0.0

    @tf.function
    def blocked(a):
        tf.py_function(hold, [], tf.float32)
        return a

    @tf.function
    def fine(a):
        return a + 1

    first = c.schedule(blocked, args=(tf.constant(1),))
    assert started.wait(60)
    # the gate opens only once this schedule has returned: a schedule that waited for
    # `blocked` would have waited out its gate (no clock read: a loaded machine's pauses
    # cannot fail it)
    second = c.schedule(fine, args=(tf.constant(2),))  # traced while `blocked` runs
    gate.set()
    c.join()
    assert opened == [True] and int(first.fetch()) == 1 and int(second.fetch()) == 3


def test_tracing_error_raises_at_schedule(resolver):
    s = tf.distribute.experimental.ParameterServerStrategy(resolver)
    c = tf.distribute.coordinator.ClusterCoordinator(s)

    @tf.function
    def broken():
        return tf.constant([1, 2]) + tf.constant([1, 2, 3])

    with pytest.raises((ValueError, tf.errors.InvalidArgumentError)):
        c.schedule(broken)
    assert c.done()


def test_per_worker_datasets_are_one_per_worker(resolver):
    s = tf.distribute.experimental.ParameterServerStrategy(resolver)
    c = tf.distribute.coordinator.ClusterCoordinator(s)
    made = []

    def dataset_fn(ctx):
        made.append(ctx.num_replicas_in_sync)
        return s.distribute_datasets_from_function(
            lambda _: tf.data.Dataset.range(6).batch(2))

    it = iter(c.create_per_worker_dataset(dataset_fn))
    assert made == [1, 1]

    @tf.function
    def take(iterator):
        return next(iterator)

    got = [c.schedule(take, args=(it,)) for _ in range(4)]
    c.join()
    rows = sorted(tuple(g.fetch().tolist()) for g in got)
    # each worker reads its own copy of the data from the start: at most 2 workers
    assert all(r in [(0, 1), (2, 3), (4, 5)] for r in rows)
    assert rows.count((0, 1)) in (1, 2)


def test_sharded_variable_rejects_mismatched_shards():
    a, b = tf.Variable(np.zeros((2, 3), np.float32)), tf.Variable(np.zeros((1, 4), np.float32))
    from eagerflow._src.distribute.sharded_variable import ShardedVariable

    with pytest.raises(ValueError, match="same shapes except for the first axis"):
        ShardedVariable([a, b])
    with pytest.raises(TypeError, match="non-empty list"):
        ShardedVariable([])
    with pytest.raises(ValueError, match="same dtype"):
        ShardedVariable([a, tf.Variable(np.zeros((1, 3), np.float64))])
