"""strategy.run with several replicas inside a function being traced, fed from a
distributed iterator or dataset read inside the function (TF's custom training loop)."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.distribute import graph_run
from tests.distribute.replica_training import GLOBAL_BATCH, regression_step

TWO = ["/cpu:0", "/cpu:1"]
STEPS = 3


def _dataset():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(GLOBAL_BATCH * STEPS, 3)).astype("float32")
    y = (x @ np.array([[1.0], [-2.0], [0.5]], "float32") + 0.1).astype("float32")
    return tf.data.Dataset.from_tensor_slices((x, y)).batch(GLOBAL_BATCH)


def _custom_loop(strategy, optimizer_cls, style):
    """TF's distributed custom loop in one of its spellings; returns (losses, weights,
    optimizer iterations, step_fn traces, the tf.function)."""
    model, optimizer, step_fn, traces = regression_step(strategy, optimizer_cls)
    dist = strategy.experimental_distribute_dataset(_dataset())

    if style == "next":
        @tf.function
        def train_step(iterator):
            per_replica = strategy.run(step_fn, args=(next(iterator),))
            return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)

        it = iter(dist)
        losses = [float(train_step(it)) for _ in range(STEPS)]
        fn = train_step
    elif style == "element":
        @tf.function
        def train_step(inputs):
            per_replica = strategy.run(step_fn, args=(inputs,))
            return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)

        losses = [float(train_step(x)) for x in dist]
        fn = train_step
    else:  # the whole epoch in one function: a graph loop over the distributed dataset
        @tf.function
        def train_epoch(dataset):
            total, steps = 0.0, 0
            for inputs in dataset:
                per_replica = strategy.run(step_fn, args=(inputs,))
                total += strategy.reduce("SUM", per_replica, axis=None)
                steps += 1
            return total, steps

        total, steps = train_epoch(dist)
        losses = [float(total)] * int(steps)
        fn = train_epoch
    weights = [w.numpy() for w in model.weights]
    return losses, weights, int(optimizer.iterations.numpy()), len(traces), fn


@pytest.mark.parametrize("style", ["next", "element", "loop"])
@pytest.mark.parametrize("optimizer_cls", [tf.keras.optimizers.SGD, tf.keras.optimizers.Adam])
def test_custom_loop_matches_the_default_strategy(style, optimizer_cls):
    mirrored = tf.distribute.MirroredStrategy(TWO)
    losses, weights, iterations, traces, fn = _custom_loop(mirrored, optimizer_cls, style)
    ref_losses, ref_weights, ref_iterations, _, _ = _custom_loop(
        tf.distribute.get_strategy(), optimizer_cls, style)
    assert iterations == ref_iterations == STEPS  # one update per global batch
    assert len(losses) == STEPS
    np.testing.assert_allclose(losses, ref_losses, rtol=1e-5)
    for a, b in zip(weights, ref_weights):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)
    # no retracing per call: once, or twice where the first trace created Adam's slots
    assert fn.experimental_get_tracing_count() <= (1 if style == "loop" else 2)
    assert traces <= 4


def test_each_call_reads_the_next_batch_split_across_replicas():
    s = tf.distribute.MirroredStrategy(TWO)
    dist = s.experimental_distribute_dataset(tf.data.Dataset.range(12).batch(4))

    @tf.function
    def step(iterator):
        def fn(x):
            ctx = tf.distribute.get_replica_context()
            return x * 10 + tf.cast(ctx.replica_id_in_sync_group, tf.int64)
        return s.run(fn, args=(next(iterator),))

    it = iter(dist)
    got = [[t.numpy().tolist() for t in s.experimental_local_results(step(it))]
           for _ in range(3)]
    assert got == [[[0, 10], [21, 31]], [[40, 50], [61, 71]], [[80, 90], [101, 111]]]
    assert step.experimental_get_tracing_count() == 1
    with pytest.raises(tf.errors.OutOfRangeError, match="End of sequence"):
        step(it)
    ops = [op.type for op in step.get_concrete_function(it).graph.operations]
    assert "MultiDeviceIteratorGetNextFromShard" in ops and graph_run.RUN_OP_NAME in ops


def test_structured_elements_and_uneven_splits():
    s = tf.distribute.MirroredStrategy(TWO)
    ds = tf.data.Dataset.from_tensor_slices({"a": np.arange(5, dtype="float32"),
                                             "b": np.arange(5, 10, dtype="int32")}).batch(5)

    @tf.function
    def step(iterator):
        batch = next(iterator)
        out = s.run(lambda d: (tf.reduce_sum(d["a"]), tf.size(d["b"])), args=(batch,))
        return s.reduce("SUM", out[0], axis=None), s.experimental_local_results(out[1])

    total, sizes = step(iter(s.experimental_distribute_dataset(ds)))
    assert float(total) == 10.0
    assert [int(n) for n in sizes] == [3, 2]  # np.array_split, as eager iteration


def test_reduce_along_an_axis_of_unknown_size_in_a_function():
    s = tf.distribute.MirroredStrategy(TWO)
    ds = tf.data.Dataset.range(1, 7).map(lambda i: tf.cast(i, tf.float32)).batch(3)

    @tf.function
    def step(iterator):
        per_replica = s.run(lambda x: x * 2.0, args=(next(iterator),))
        return (s.reduce("MEAN", per_replica, axis=0), s.reduce("SUM", per_replica, axis=0),
                s.reduce("MEAN", per_replica, axis=None))

    it = iter(s.experimental_distribute_dataset(ds))
    mean, total, _ = step(it)  # replicas get [1, 2] and [3]: shapes differ
    assert float(total) == 12.0 and float(mean) == pytest.approx(4.0)
    mean, total, _ = step(it)  # [4, 5] and [6]
    assert float(total) == 30.0 and float(mean) == pytest.approx(10.0)
    assert step.experimental_get_tracing_count() == 1


def test_loop_over_a_distributed_iterator_in_a_function():
    s = tf.distribute.MirroredStrategy(TWO)
    it = iter(s.experimental_distribute_dataset(tf.data.Dataset.range(10).batch(4)))

    @tf.function
    def total(iterator):
        acc = tf.constant(0, tf.int64)
        for x in iterator:
            acc += s.reduce("SUM", s.run(tf.reduce_sum, args=(x,)), axis=None)
        return acc

    assert int(total(it)) == 45  # batches of 4, 4, 2 over two replicas
    assert int(total(it)) == 0  # the iterator is used by reference: now exhausted


def test_a_batch_smaller_than_the_replicas_leaves_the_last_ones_empty():
    # TF 2.21 gives the replicas [1] and [] for the last batch here, as eager iteration does.
    s = tf.distribute.MirroredStrategy(TWO)
    dist = s.experimental_distribute_dataset(tf.data.Dataset.range(3).batch(2))

    @tf.function
    def step(iterator):
        return s.run(tf.size, args=(next(iterator),))

    it = iter(dist)
    sizes = [[int(n) for n in s.experimental_local_results(step(it))] for _ in range(2)]
    assert sizes == [[1, 1], [1, 0]]
    eager = [[int(tf.size(t)) for t in s.experimental_local_results(x)] for x in dist]
    assert eager == sizes


def test_datasets_from_function_deal_one_batch_per_replica_in_a_function():
    s = tf.distribute.MirroredStrategy(TWO)
    contexts = []

    def dataset_fn(ctx):
        contexts.append(ctx)
        return tf.data.Dataset.range(10).batch(ctx.get_per_replica_batch_size(4))

    dist = s.distribute_datasets_from_function(dataset_fn)
    assert contexts[0].num_replicas_in_sync == 2

    @tf.function
    def step(iterator):
        return s.run(lambda x: x * 10, args=(next(iterator),))

    it = iter(dist)
    got = [[t.numpy().tolist() for t in s.experimental_local_results(step(it))]
           for _ in range(2)]
    assert got == [[[0, 10], [20, 30]], [[40, 50], [60, 70]]]
    # [8, 9] alone: the other replica gets an empty batch (the batch dim is not static),
    # as TF 2.21 completes a short group; then the end
    assert [t.numpy().tolist() for t in s.experimental_local_results(step(it))] == [[80, 90],
                                                                                   []]
    with pytest.raises(tf.errors.OutOfRangeError):
        step(it)
    assert step.experimental_get_tracing_count() == 1

    @tf.function
    def total(dataset):
        acc = tf.constant(0, tf.int64)
        for x in dataset:
            acc += s.reduce("SUM", s.run(tf.reduce_sum, args=(x,)), axis=None)
        return acc

    eager = sum(int(s.reduce("SUM", s.run(tf.reduce_sum, args=(x,)), axis=None))
                for x in dist)
    assert int(total(dist)) == eager == 45


def test_the_loop_target_is_unset_after_a_loop_over_a_distributed_dataset():
    s = tf.distribute.MirroredStrategy(TWO)
    dist = s.experimental_distribute_dataset(tf.data.Dataset.range(4).batch(2))

    @tf.function
    def last(dataset):
        for x in dataset:
            pass
        return x  # TF 2.21 refuses too ("'x' must be defined before the loop")

    with pytest.raises(UnboundLocalError, match="'x' is used before assignment"):
        last(dist)


def test_a_tf_function_replica_fn_with_shared_and_keyword_inputs():
    s = tf.distribute.MirroredStrategy(TWO)
    it = iter(s.experimental_distribute_dataset(tf.data.Dataset.range(8).batch(4)))

    @tf.function
    def replica_fn(x, scale, offset=0):
        ctx = tf.distribute.get_replica_context()
        return ctx.all_reduce("SUM", tf.reduce_sum(x) * scale) + offset

    @tf.function
    def step(iterator, scale):
        doubled = scale * 2  # a tensor of this graph, the same for every replica
        return s.run(replica_fn, args=(next(iterator), doubled), kwargs={"offset": 1})

    outs = [[int(t) for t in s.experimental_local_results(step(it, tf.constant(3, tf.int64)))]
            for _ in range(2)]
    assert outs == [[6 * 6 + 1] * 2, [22 * 6 + 1] * 2]
    assert step.experimental_get_tracing_count() == 1
    assert replica_fn.experimental_get_tracing_count() == 1


def test_a_tape_outside_the_replicas_sees_no_gradient_as_in_tf():
    # TF 2.21 gives None here too (eagerly and in a tf.function): gradients belong inside
    # the replica function.
    s = tf.distribute.MirroredStrategy(TWO)
    with s.scope():
        w = tf.Variable(2.0)
    it = iter(s.experimental_distribute_dataset(tf.data.Dataset.range(8).batch(4)))

    @tf.function
    def step(iterator):
        with tf.GradientTape() as tape:
            per_replica = s.run(lambda x: tf.reduce_sum(tf.cast(x, tf.float32)) * w,
                                args=(next(iterator),))
            loss = s.reduce("SUM", per_replica, axis=None)
        return loss, tape.gradient(loss, w)

    loss, grad = step(it)
    assert float(loss) == 12.0 and grad is None


def test_get_next_as_optional_in_a_function_and_eagerly():
    # TF 2.21 gives 15, then has_value() False and OptionalGetValue's error.
    s = tf.distribute.MirroredStrategy(TWO)
    it = iter(s.experimental_distribute_dataset(tf.data.Dataset.range(6).batch(2)))

    @tf.function
    def total(iterator):
        acc = tf.constant(0, tf.int64)
        for _ in tf.range(10):
            optional = iterator.get_next_as_optional()
            if not optional.has_value():
                break
            acc += s.reduce("SUM", s.run(tf.reduce_sum, args=(optional.get_value(),)),
                            axis=None)
        return acc

    assert int(total(it)) == 15
    empty = it.get_next_as_optional()
    assert not bool(empty.has_value())
    with pytest.raises(tf.errors.InvalidArgumentError, match="does not have a value"):
        empty.get_value()
    fresh = iter(s.experimental_distribute_dataset(tf.data.Dataset.range(6).batch(2)))
    first = fresh.get_next_as_optional()
    assert bool(first.has_value())
    assert [t.numpy().tolist() for t in s.experimental_local_results(first.get_value())] == \
        [[0], [1]]
