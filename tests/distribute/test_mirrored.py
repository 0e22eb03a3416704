"""MirroredStrategy over replicas in threads: values, collectives, variables, input."""

import threading

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.distribute.collective import Rendezvous
from eagerflow._src.distribute.values import PerReplica

TWO = ["/cpu:0", "/cpu:1"]


@pytest.fixture
def strategy():
    return tf.distribute.MirroredStrategy(TWO, cross_device_ops=tf.distribute.NcclAllReduce())


def test_default_strategy_and_contexts():
    s = tf.distribute.get_strategy()
    assert type(s).__name__ == "_DefaultDistributionStrategy"
    assert s.num_replicas_in_sync == 1
    assert not tf.distribute.has_strategy()
    assert not tf.distribute.in_cross_replica_context()
    assert tf.distribute.get_replica_context() is not None


def test_scope_sets_cross_replica_context(strategy):
    with strategy.scope():
        assert tf.distribute.get_strategy() is strategy
        assert tf.distribute.has_strategy()
        assert tf.distribute.in_cross_replica_context()
        assert tf.distribute.get_replica_context() is None
    assert not tf.distribute.has_strategy()


def test_variables_in_scope_are_mirrored_and_repr_like_tf(strategy):
    with strategy.scope():
        v = tf.Variable(1.0)
    assert type(v).__name__ == "MirroredVariable"
    assert isinstance(v, tf.Variable)
    assert repr(v) == ("MirroredVariable:{\n  0: <tf.Variable 'Variable:0' shape=() dtype=float32,"
                       " numpy=1.0>,\n  1: <tf.Variable 'Variable/replica_1:0' shape=() "
                       "dtype=float32, numpy=1.0>\n}")
    v.assign(3.0)  # cross-replica writes reach every copy
    assert [c.numpy() for c in v.values] == [3.0, 3.0]


def test_run_all_reduce_and_reduce(strategy):
    def fn(x):
        ctx = tf.distribute.get_replica_context()
        rid = tf.cast(ctx.replica_id_in_sync_group + 1, tf.float32)
        return ctx.all_reduce(tf.distribute.ReduceOp.SUM, x * rid)

    r = strategy.run(fn, args=(tf.constant(2.0),))
    assert isinstance(r, PerReplica)
    assert str(r) == ("PerReplica:{\n  0: tf.Tensor(6.0, shape=(), dtype=float32),\n"
                      "  1: tf.Tensor(6.0, shape=(), dtype=float32)\n}")
    assert [float(t) for t in strategy.experimental_local_results(r)] == [6.0, 6.0]
    assert float(strategy.reduce("SUM", r, axis=None)) == 12.0
    assert float(strategy.reduce(tf.distribute.ReduceOp.MEAN, r, axis=None)) == 6.0


def test_reduce_along_axis(strategy):
    r = PerReplica([tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0, 5.0])])
    assert float(strategy.reduce("SUM", r, axis=0)) == 15.0
    assert float(strategy.reduce("MEAN", r, axis=0)) == 3.0


def test_replicas_run_in_threads_on_their_devices(strategy):
    seen = []

    def fn():
        seen.append((threading.current_thread().name, tf.constant(1.0).device))
        return tf.constant(0)

    strategy.run(fn)
    assert len({name for name, _ in seen}) == 2
    assert all(d.startswith("/job:localhost/replica:0/task:0/device:") for _, d in seen)


def test_merge_call_runs_once_with_grouped_args(strategy):
    calls = []

    def merge_fn(s, value):
        calls.append(value)
        return s.reduce("SUM", value, axis=None)

    def fn(x):
        return tf.distribute.get_replica_context().merge_call(merge_fn, args=(x,))

    out = strategy.run(fn, args=(PerReplica([tf.constant(1.0), tf.constant(2.0)]),))
    assert len(calls) == 1 and isinstance(calls[0], PerReplica)
    # merge_fn's one result, the same object in every replica: run gives it back as it is,
    # as TF's (an EagerTensor, one local result)
    assert [float(t) for t in strategy.experimental_local_results(out)] == [3.0]


def test_all_reduce_is_differentiable(strategy):
    def fn(x):
        with tf.GradientTape() as t:
            t.watch(x)
            y = tf.distribute.get_replica_context().all_reduce("SUM", x * x)
        return t.gradient(y, x)

    xs = PerReplica([tf.constant(1.0), tf.constant(2.0)])
    g = strategy.experimental_local_results(strategy.run(fn, args=(xs,)))
    # d(sum_r x_r^2)/dx_i summed over both replicas' losses: 2 * x_i * 2 replicas
    assert [float(t) for t in g] == [4.0, 8.0]


def test_synchronized_training_matches_single_device(strategy):
    rng = np.random.default_rng(0)
    xs = rng.normal(size=(8, 3)).astype("float32")
    ys = rng.normal(size=(8, 1)).astype("float32")
    w0 = rng.normal(size=(3, 1)).astype("float32")

    def train(strat, steps=3):
        with strat.scope():
            w = tf.Variable(w0)
        ds = tf.data.Dataset.from_tensors((tf.constant(xs), tf.constant(ys))).repeat(steps)

        def step(inputs):
            x, y = inputs
            with tf.GradientTape() as t:
                loss = tf.reduce_sum((tf.matmul(x, w) - y) ** 2) / 8.0
            g = t.gradient(loss, w)
            ctx = tf.distribute.get_replica_context()
            g = ctx.all_reduce("SUM", g)
            w.assign_sub(0.1 * g)
            return loss

        for batch in strat.experimental_distribute_dataset(ds):
            strat.run(step, args=(batch,))
        return w.numpy()

    one = train(tf.distribute.get_strategy())
    two = train(strategy)
    np.testing.assert_allclose(one, two, rtol=1e-6)


def test_distribute_dataset_splits_global_batch(strategy):
    batches = tf.data.Dataset.from_tensors(tf.constant(np.arange(10)))
    (b,) = list(strategy.experimental_distribute_dataset(batches))
    parts = strategy.experimental_local_results(b)
    assert [p.numpy().tolist() for p in parts] == [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]


def test_distribute_datasets_from_function(strategy):
    seen = []

    def dataset_fn(ctx):
        seen.append(ctx)
        return tf.data.Dataset.range(4)

    out = list(strategy.distribute_datasets_from_function(dataset_fn))
    assert seen[0].num_replicas_in_sync == 2 and seen[0].num_input_pipelines == 1
    assert [[int(p) for p in strategy.experimental_local_results(b)] for b in out] == [[0, 1],
                                                                                       [2, 3]]
    assert str(seen[0]) == "tf.distribute.InputContext(input pipeline id 0, total: 1)"
    assert seen[0].get_per_replica_batch_size(8) == 4
    with pytest.raises(ValueError):
        seen[0].get_per_replica_batch_size(7)


def test_replica_failure_raises_instead_of_hanging(strategy):
    def fn():
        ctx = tf.distribute.get_replica_context()
        if int(ctx.replica_id_in_sync_group) == 1:
            raise RuntimeError("boom on replica 1")
        return ctx.all_reduce("SUM", tf.constant(1.0))

    with pytest.raises(RuntimeError, match="boom on replica 1"):
        strategy.run(fn)


def test_collective_timeout_is_deadline_exceeded():
    r = Rendezvous(2, timeout=0.2)
    with pytest.raises(tf.errors.DeadlineExceededError, match="timed out"):
        r.exchange(0, 1)


def test_experimental_run_v2_alias_and_bad_args(strategy):
    assert strategy.experimental_run_v2 == strategy.run
    with pytest.raises(AssertionError, match="duplicates"):
        tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:0"])
    with pytest.raises(ValueError, match="is not a valid ReduceOp"):
        strategy.reduce("PROD", tf.constant(1.0), axis=None)
    with pytest.raises(ValueError, match="num_packs"):
        tf.distribute.NcclAllReduce(num_packs=-1)


def test_one_device_strategy():
    s = tf.distribute.OneDeviceStrategy("/gpu:0")  # soft placement: no GPU -> CPU
    assert s.num_replicas_in_sync == 1
    out = s.run(lambda x: x + 1, args=(tf.constant(1),))
    assert int(out) == 2
    with s.scope():
        v = tf.Variable(2.0)
    assert v.device.endswith("GPU:0" if tf.config.list_logical_devices("GPU") else "CPU:0")


def test_python_replicas_take_turns_in_replica_order_between_meetings(strategy):
    # TF runs replica functions one at a time, in replica order, until they meet: what
    # they print and the order in which they use shared state are TF's
    seen = []

    def fn():
        ctx = tf.distribute.get_replica_context()
        rid = int(ctx.replica_id_in_sync_group)
        seen.append(("before", rid))
        total = ctx.all_reduce("SUM", tf.constant(1.0))
        seen.append(("after", rid))
        if rid == 1:  # replicas may do different work after the last meeting
            seen.append(("extra", rid))
        return total

    for _ in range(3):
        seen.clear()
        out = strategy.run(fn)
        assert seen == [("before", 0), ("before", 1), ("after", 0), ("after", 1),
                        ("extra", 1)]
        assert [float(t) for t in strategy.experimental_local_results(out)] == [2.0, 2.0]


def test_a_shared_generator_serves_the_replicas_in_turn(strategy):
    g = tf.random.Generator.from_seed(1)  # outside the scope: one state, shared
    drawn = strategy.experimental_local_results(strategy.run(lambda: g.normal([])))
    g.reset_from_seed(1)
    assert [float(t) for t in drawn] == [float(g.normal([])), float(g.normal([]))]


def test_variables_created_inside_run_are_mirrored_for_every_replica(strategy):
    with strategy.scope():
        out = strategy.run(lambda: tf.Variable(3.0) * 1.0)
    assert [float(t) for t in strategy.experimental_local_results(out)] == [3.0, 3.0]


def test_value_context_as_tf():
    c = tf.distribute.experimental.ValueContext()
    assert (c.replica_id_in_sync_group, c.num_replicas_in_sync) == (0, 1)
    assert str(c) == "tf.distribute.ValueContext(replica id 0,  total replicas in sync: 1)"
    s = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    seen = []
    s.experimental_distribute_values_from_function(
        lambda ctx: seen.append((type(ctx), ctx.replica_id_in_sync_group,
                                 ctx.num_replicas_in_sync)))
    assert seen == [(tf.distribute.experimental.ValueContext, 0, 2),
                    (tf.distribute.experimental.ValueContext, 1, 2)]


def test_experimental_set_strategy_as_tf():
    s = tf.distribute.MirroredStrategy(["/cpu:0"])
    one = tf.distribute.OneDeviceStrategy("/cpu:0")
    try:
        tf.distribute.experimental_set_strategy(s)
        assert tf.distribute.get_strategy() is s and tf.distribute.has_strategy()
        assert tf.distribute.in_cross_replica_context()
        tf.distribute.experimental_set_strategy(one)  # the one set before is left first
        assert tf.distribute.get_strategy() is one
        tf.distribute.experimental_set_strategy(None)
        assert not tf.distribute.has_strategy()
        with s.scope():
            with pytest.raises(RuntimeError, match=r"^Must not be called inside a "
                                                   r"`tf.distribute.Strategy` scope.$"):
                tf.distribute.experimental_set_strategy(one)
    finally:
        tf.distribute.experimental_set_strategy(None)
    assert not tf.distribute.has_strategy()


def test_strategy_helpers_as_tf():
    """cluster_resolver, colocate_vars_with, group and unwrap, as TF 2.21's MirroredStrategy."""
    s = tf.distribute.MirroredStrategy(["/cpu:0"])
    assert s.cluster_resolver is None
    with s.scope():
        v = tf.Variable(1.0)
        with s.colocate_vars_with(v), s.extended.colocate_vars_with(v):
            w = tf.Variable(2.0)
    assert float(w.numpy()) == 2.0
    assert float(s.group(tf.constant(1.0))) == 1.0
    assert [float(t) for t in s.unwrap(s.run(lambda: tf.constant(1.0)))] == [1.0]


def test_run_options_and_the_iterator_type_as_tfs():
    # (TF 2.21's repr; the options are TPU/XLA settings, taken and not acted on here)
    options = tf.distribute.RunOptions(experimental_xla_options=3)
    assert repr(options) == ("RunOptions(experimental_enable_dynamic_batch_size=True, "
                             "experimental_bucketizing_dynamic_shape=False, "
                             "experimental_xla_options=3)")
    strategy = tf.distribute.MirroredStrategy(["/cpu:0"])
    assert strategy.run(lambda x: x + 1, args=(tf.constant(1),), options=options).numpy() == 2
    dataset = strategy.experimental_distribute_dataset(tf.data.Dataset.range(4).batch(2))
    assert isinstance(iter(dataset), tf.distribute.DistributedIterator)
