"""BatchNormalization's moving statistics under MirroredStrategy, as TF 2.21's Keras 3: their
aggregation is 'none', so each replica's update moves its own copy (towards its own share
of the batch) and a cross-replica read is the first replica's; and the aggregations of a
write made in a replica (MEAN averaged, SUM, ONLY_FIRST_REPLICA)."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.distribute.values import PerReplica

TWO = ["/cpu:0", "/cpu:1"]
MOMENTUM = 0.5


def _data():
    rng = np.random.default_rng(3)
    x = rng.normal(loc=2.0, scale=3.0, size=(8, 3)).astype("float32")
    y = rng.normal(size=(8, 1)).astype("float32")
    return x, y


def _expected_moving(x, steps, replicas=2):
    """Each replica's moving (mean, variance) after `steps` updates on its share of the
    same global batch (computed in float64, independently of the layer)."""
    out = []
    for part in np.array_split(x.astype("float64"), replicas):
        mean, var = np.zeros(x.shape[1]), np.ones(x.shape[1])
        for _ in range(steps):
            mean = mean * MOMENTUM + part.mean(axis=0) * (1 - MOMENTUM)
            var = var * MOMENTUM + part.var(axis=0) * (1 - MOMENTUM)
        out.append((mean, var))
    return out


def _assert_own_copies(bn, x, steps):
    want = _expected_moving(x, steps)
    for k, v in enumerate((bn.moving_mean, bn.moving_variance)):
        copies = [c.numpy() for c in v.values]
        assert len(copies) == 2
        for copy, replica in zip(copies, want):
            np.testing.assert_allclose(copy, replica[k], rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(v.numpy(), want[0][k], rtol=1e-5, atol=1e-6)


def _model(strategy):
    with strategy.scope():
        tf.keras.utils.set_random_seed(0)
        model = tf.keras.Sequential([tf.keras.layers.BatchNormalization(momentum=MOMENTUM,
                                                                         input_shape=(3,)),
                                     tf.keras.layers.Dense(1)])
        model.compile(tf.keras.optimizers.SGD(0.1), "mse")
    return model


@pytest.mark.parametrize("eager", [False, True])
def test_fit_moves_each_replicas_own_moving_statistics(eager):
    x, y = _data()
    strategy = tf.distribute.MirroredStrategy(TWO)
    model = _model(strategy)
    model.run_eagerly = eager
    model.fit(x, y, batch_size=8, epochs=3, shuffle=False, verbose=0)
    bn = model.layers[0]
    assert bn.moving_mean.aggregation == "none"
    _assert_own_copies(bn, x, steps=3)


@pytest.mark.parametrize("compiled", [False, True, "next"])
def test_custom_loop_moves_each_replicas_own_moving_statistics(compiled):
    x, _ = _data()
    strategy = tf.distribute.MirroredStrategy(TWO)
    with strategy.scope():
        bn = tf.keras.layers.BatchNormalization(momentum=MOMENTUM)
        bn.build((None, 3))

    def step_fn(batch):
        return tf.reduce_sum(bn(batch, training=True))

    def train_step(batch):
        return strategy.run(step_fn, args=(batch,))

    step = tf.function(train_step) if compiled else train_step
    dist = strategy.experimental_distribute_dataset(tf.data.Dataset.from_tensors(x).repeat(4))
    if compiled == "next":  # the batch read inside the function: graph_run.py's ops
        step = tf.function(lambda iterator: train_step(next(iterator)))
        iterator = iter(dist)
        for _ in range(4):
            step(iterator)
    else:
        for batch in dist:
            step(batch)
    _assert_own_copies(bn, x, steps=4)


def test_replica_writes_to_a_mean_variable_are_averaged():
    # The values TF 2.21 prints for the same program under MirroredStrategy(2 CPUs).
    strategy = tf.distribute.MirroredStrategy(TWO)
    with strategy.scope():
        w = tf.Variable([0.0], aggregation=tf.VariableAggregation.MEAN)
        w2 = tf.Variable([1.0], aggregation=tf.VariableAggregation.MEAN)
        plain = tf.Variable([0.0])

    def fn():
        rid = tf.cast(tf.distribute.get_replica_context().replica_id_in_sync_group, tf.float32)
        w.assign([rid + 1.0])
        w2.assign_add([rid + 1.0])
        plain.assign([rid + 1.0])  # aggregation NONE: each replica keeps its own value

    strategy.run(fn)
    assert [c.numpy().tolist() for c in w.values] == [[1.5], [1.5]]
    assert [c.numpy().tolist() for c in w2.values] == [[2.5], [2.5]]
    assert [c.numpy().tolist() for c in plain.values] == [[1.0], [2.0]]
    w.assign([7.0])  # cross-replica: written as is, to every copy
    assert [c.numpy().tolist() for c in w.values] == [[7.0], [7.0]]


@pytest.mark.parametrize("compiled", [False, True])
def test_replica_writes_follow_sum_and_only_first_replica(compiled):
    # The values TF 2.21 prints for the same writes under MirroredStrategy(2 CPUs).
    strategy = tf.distribute.MirroredStrategy(TWO)
    agg = tf.VariableAggregation
    with strategy.scope():
        total = tf.Variable([1.0], aggregation=agg.SUM)
        added = tf.Variable([1.0], aggregation=agg.SUM)
        first = tf.Variable([1.0], aggregation=agg.ONLY_FIRST_REPLICA)
        first_sub = tf.Variable([1.0], aggregation=agg.ONLY_FIRST_REPLICA)
        count = tf.Variable(0, aggregation=agg.SUM)

    def fn(_):
        rid = tf.distribute.get_replica_context().replica_id_in_sync_group
        r = tf.cast(rid, tf.float32)
        total.assign(tf.stack([r + 1.0]))
        added.assign_add(tf.stack([r + 1.0]))
        first.assign(tf.stack([r + 5.0]))
        first_sub.assign_sub(tf.stack([r + 1.0]))
        count.assign_add(rid + 1)
        return r

    run = tf.function(lambda x: strategy.run(fn, args=(x,))) if compiled else \
        (lambda x: strategy.run(fn, args=(x,)))
    run(PerReplica([tf.constant(0.0), tf.constant(1.0)]))
    for v, want in ((total, 3.0), (added, 4.0), (first, 5.0), (first_sub, 0.0), (count, 3)):
        assert [c.numpy().tolist() for c in v.values] == [np.reshape(want, v.shape).tolist()] * 2


def test_mean_aggregation_of_an_integer_mirrored_variable_is_refused():
    strategy = tf.distribute.MirroredStrategy(TWO)
    with strategy.scope(), pytest.raises(ValueError, match="aggregation=MEAN and a "
                                                           "non-floating dtype"):
        tf.Variable(1, aggregation=tf.VariableAggregation.MEAN)


def test_add_weight_accepts_keras_aggregation_names():
    layer = tf.keras.layers.Layer()
    v = layer.add_weight(name="v", shape=(2,), aggregation="sum")
    assert (v.aggregation, v.value.aggregation) == ("sum", tf.VariableAggregation.SUM)
    with pytest.raises(ValueError, match="aggregation"):
        layer.add_weight(name="bad", shape=(), aggregation="median")
