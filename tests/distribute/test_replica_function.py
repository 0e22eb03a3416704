"""strategy.run under tf.function: the replica function is traced once per signature and
every replica runs that compiled graph, with the results of the Python path."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.distribute import collective_ops, replica_function
from eagerflow._src.distribute.values import PerReplica
from eagerflow._src.testing import op_harness as H
from tests.distribute.replica_training import regression_step

TWO = ["/cpu:0", "/cpu:1"]


def _data(n=8):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(n, 3)).astype("float32")
    return x, (x @ np.array([[1.0], [-2.0], [0.5]], "float32")).astype("float32")


def _seed_training(strategy, optimizer_cls, compiled=True, steps=4):
    """The seeds' pattern: a tf.function train step calling strategy.run(step_fn)."""
    x, y = _data()
    model, optimizer, step_fn, traces = regression_step(strategy, optimizer_cls)

    def train_step(dist_inputs):
        per_replica = strategy.run(step_fn, args=(dist_inputs,))
        return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)

    step = tf.function(train_step) if compiled else train_step
    ds = tf.data.Dataset.from_tensors((x, y)).repeat(steps)
    with strategy.scope():
        losses = [float(step(b)) for b in strategy.experimental_distribute_dataset(ds)]
    return losses, [w.numpy() for w in model.weights], len(traces), optimizer, step


@pytest.mark.parametrize("optimizer_cls", [tf.keras.optimizers.SGD, tf.keras.optimizers.Adam])
def test_seed_pattern_traces_once_and_matches_python_and_one_device(optimizer_cls):
    mirrored = tf.distribute.MirroredStrategy(TWO)
    losses, weights, traces, opt, step = _seed_training(mirrored, optimizer_cls)
    # one trace per replica; Adam creates its slots in the first, which TF's rule retraces
    assert traces == (2 if optimizer_cls is tf.keras.optimizers.SGD else 3)
    assert step.experimental_get_tracing_count() == 1
    assert int(opt.iterations.numpy()) == 4
    py_losses, py_weights, py_traces, _, _ = _seed_training(
        tf.distribute.MirroredStrategy(TWO), optimizer_cls, compiled=False)
    assert py_traces == 4 * 2  # the Python path runs step_fn on each replica every step
    one_losses, one_weights, _, _, _ = _seed_training(tf.distribute.get_strategy(),
                                                      optimizer_cls)
    np.testing.assert_allclose(losses, py_losses, rtol=1e-6)
    np.testing.assert_allclose(losses, one_losses, rtol=1e-5)
    for a, b, c in zip(weights, py_weights, one_weights):
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)
        np.testing.assert_allclose(a, c, rtol=1e-5, atol=1e-6)


def test_tf_function_replica_fn_shares_one_graph_with_collectives():
    s = tf.distribute.MirroredStrategy(TWO)

    @tf.function
    def fn(x):
        ctx = tf.distribute.get_replica_context()
        rid = tf.cast(ctx.replica_id_in_sync_group + 1, tf.float32)
        return ctx.all_reduce("SUM", x * rid), ctx.all_reduce("MEAN", x * rid)

    xs = PerReplica([tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0])])
    for _ in range(3):
        total, mean = s.run(fn, args=(xs,))
    assert fn.experimental_get_tracing_count() == 1
    # replica ids read at run time: 1 * [1, 2] + 2 * [3, 4]
    assert [t.numpy().tolist() for t in s.experimental_local_results(total)] == \
        [[7.0, 10.0], [7.0, 10.0]]
    assert [t.numpy().tolist() for t in s.experimental_local_results(mean)] == \
        [[3.5, 5.0], [3.5, 5.0]]
    # the replica trace (asked for in a replica: outside the strategy, as in TF, another
    # trace is made, its all-reduces those of the default replica context)
    cfs = []
    s.run(lambda: cfs.append(fn.get_concrete_function(tf.constant([1.0, 2.0]))))
    assert len(cfs) == 2 and cfs[0] is cfs[1]
    ops = [op.type for op in cfs[0].graph.operations]
    assert ops.count("ReplicaAllReduce") == 2 and "ReplicaIdInSyncGroup" in ops
    outside = fn.get_concrete_function(tf.constant([1.0, 2.0]))
    assert outside is not cfs[0] and fn.experimental_get_tracing_count() == 2


def test_each_replica_signature_is_traced_once():
    s = tf.distribute.MirroredStrategy(TWO)

    @tf.function
    def fn(x):
        return tf.distribute.get_replica_context().all_reduce("SUM", tf.reduce_sum(x))

    batch = tf.constant(np.arange(9, dtype="float32"))  # split 5 + 4
    batches = tf.data.Dataset.from_tensors(batch).repeat(3)
    outs = [s.run(fn, args=(b,)) for b in s.experimental_distribute_dataset(batches)]
    assert fn.experimental_get_tracing_count() == 2
    assert [float(t) for o in outs for t in s.experimental_local_results(o)] == [36.0] * 6


def test_gradients_through_traced_all_reduce():
    s = tf.distribute.MirroredStrategy(TWO)

    @tf.function
    def fn(x):
        with tf.GradientTape() as t:
            t.watch(x)
            y = tf.distribute.get_replica_context().all_reduce("SUM", x * x)
        return t.gradient(y, x)

    xs = PerReplica([tf.constant(1.0), tf.constant(2.0)])
    g = s.experimental_local_results(s.run(fn, args=(xs,)))
    assert [float(t) for t in g] == [4.0, 8.0]  # 2 * x_i, summed over both replicas' losses
    assert fn.experimental_get_tracing_count() == 1


def test_merge_call_falls_back_to_python():
    s = tf.distribute.MirroredStrategy(TWO)
    merges = []

    def merge_fn(strategy, value):
        merges.append(1)
        return strategy.reduce("SUM", value, axis=None)

    @tf.function
    def fn(x):
        return tf.distribute.get_replica_context().merge_call(merge_fn, args=(x,))

    xs = PerReplica([tf.constant(1.0), tf.constant(2.0)])
    for _ in range(2):
        out = s.run(fn, args=(xs,))
        # one merge result, the same in both replicas: one value, as TF 2.21 gives
        assert [float(t) for t in s.experimental_local_results(out)] == [3.0]
    assert len(merges) == 2  # once per run, in cross-replica context
    assert s._replica_functions._cache[(id(fn),)] is replica_function._PYTHON


def test_updates_to_unmirrored_variables_are_traced_replica_by_replica():
    s = tf.distribute.MirroredStrategy(TWO)
    counter = tf.Variable(0.0)  # created outside scope(): one copy shared by the replicas
    x, y = _data()
    with s.scope():
        w = tf.Variable(np.zeros((3, 1), "float32"))
    opt = tf.keras.optimizers.SGD(0.1)  # its `iterations` is not mirrored either

    def step_fn(inputs):
        features, labels = inputs
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum((tf.matmul(features, w) - labels) ** 2) / 8.0
        opt.apply_gradients([(tape.gradient(loss, w), w)])
        counter.assign_add(1.0)
        return loss

    @tf.function
    def train_step(d):
        return s.run(step_fn, args=(d,))

    for b in s.experimental_distribute_dataset(
            tf.data.Dataset.from_tensors((tf.constant(x), tf.constant(y))).repeat(2)):
        train_step(b)
    # the step is traced once, each replica's step_fn inlined in its graph (graph_merge)
    assert train_step.experimental_get_tracing_count() == 1
    assert train_step._python_path_reason is None
    assert float(counter.numpy()) == 4.0  # as on the Python path: each replica adds
    assert int(opt.iterations.numpy()) == 2  # merge_call: one update per step


# The collective ops live in distribute/, which ops.registry.all_ops() does not import:
# the generic registry checks run here for them.
COLLECTIVE_SAMPLES = [(op, s) for op in (collective_ops.ALL_REDUCE, collective_ops.REPLICA_ID)
                      for s in op.samples]


@pytest.mark.parametrize("case", COLLECTIVE_SAMPLES,
                         ids=[f"{op.name}-{i}" for i, (op, _) in enumerate(COLLECTIVE_SAMPLES)])
def test_collective_ops_outside_run_are_one_replica(case):
    op, sample = case
    (got,) = H.run(op, sample)
    want = op.reference(*[np.asarray(a) for a in sample.inputs], **sample.attrs)
    np.testing.assert_array_equal(got.numpy(), want)
    ((shape, dtype),) = op.infer(*H.as_tensors(sample.inputs), **sample.attrs)
    assert tuple(shape) == got._arr.shape and dtype is got.dtype
    if sample.grad and op.grad is not None:
        H.check_gradient(op, sample, second_order=True)


@pytest.mark.parametrize("bad", collective_ops.all_reduce_bad_samples())
def test_all_reduce_rejects_bad_input(bad):
    from eagerflow._src.ops.dispatch import bind

    with pytest.raises(bad.error, match=bad.match) as info:
        bind(collective_ops.ALL_REDUCE, H.as_tensors(bad.inputs), dict(bad.attrs))
    assert "[Op:CollectiveReduceV2]" in str(info.value)


def test_all_reduce_of_many_tensors_packs_one_collective_per_dtype():
    s = tf.distribute.MirroredStrategy(TWO)

    @tf.function
    def fn(a, b, c, d):
        ctx = tf.distribute.get_replica_context()
        return ctx.all_reduce("SUM", {"a": a, "b": b, "c": c, "d": d})

    def per_replica(make):
        return PerReplica([make(1), make(2)])

    args = (per_replica(lambda r: tf.fill([2, 3], float(r))),
            per_replica(lambda r: tf.constant(10.0 * r)),
            per_replica(lambda r: tf.constant([r, 2 * r])),
            per_replica(lambda r: tf.reshape(tf.range(4.0) * r, [4, 1])))
    out = s.run(fn, args=args)
    for r in range(2):
        part = {k: s.experimental_local_results(v)[r] for k, v in out.items()}
        np.testing.assert_array_equal(part["a"].numpy(), np.full((2, 3), 3.0, "float32"))
        assert float(part["b"]) == 30.0 and part["c"].numpy().tolist() == [3, 6]
        assert part["d"].shape == (4, 1) and part["d"].numpy().ravel().tolist() == [0, 3, 6, 9]
        assert part["c"].dtype == tf.int32
    cf = fn.get_concrete_function(*[s.experimental_local_results(a)[0] for a in args])
    assert [op.type for op in cf.graph.operations].count("ReplicaAllReduce") == 2


def test_a_failing_replica_graph_raises_instead_of_hanging():
    s = tf.distribute.MirroredStrategy(TWO)

    @tf.function
    def fn(x):
        tf.debugging.assert_positive(x, message="replica input must be positive")
        return tf.distribute.get_replica_context().all_reduce("SUM", x)

    good = PerReplica([tf.constant([1.0]), tf.constant([2.0])])
    assert [float(t[0]) for t in s.experimental_local_results(s.run(fn, args=(good,)))] == \
        [3.0, 3.0]
    bad = PerReplica([tf.constant([1.0]), tf.constant([-2.0])])
    with pytest.raises(tf.errors.InvalidArgumentError, match="must be positive"):
        s.run(fn, args=(bad,))
    assert fn.experimental_get_tracing_count() == 1  # the failure came from the graph


def test_distributed_iterator_inside_tf_function_reads_each_call():
    s = tf.distribute.get_strategy()
    it = iter(s.experimental_distribute_dataset(tf.data.Dataset.range(6).batch(2)))

    @tf.function
    def step(iterator):
        return s.run(lambda x: x * 10, args=(next(iterator),))

    # one replica: `next` is the tf.data iterator's graph op, read on every call
    assert [step(it).numpy().tolist() for _ in range(3)] == [[0, 10], [20, 30], [40, 50]]
    assert step.experimental_get_tracing_count() == 1


def test_distributing_a_python_sequence_is_tfs_error():
    # TF 2.21 reads the dataset's variant tensor (or, from a function, its element_spec)
    # first; the default strategy hands any input back as it is
    s = tf.distribute.MirroredStrategy(TWO)
    for seq in ([tf.constant([1, 2])] * 3, (1, 2), 5):
        with pytest.raises(AttributeError, match=f"^'{type(seq).__name__}' object has no "
                                                 "attribute '_variant_tensor'$"):
            s.experimental_distribute_dataset(seq)
    with pytest.raises(AttributeError, match="^'list' object has no attribute 'element_spec'$"):
        s.distribute_datasets_from_function(lambda ctx: [1, 2])
    with pytest.raises(AttributeError, match="'_variant_tensor'"):
        tf.distribute.OneDeviceStrategy("/cpu:0").experimental_distribute_dataset([1])
    default = tf.distribute.get_strategy()
    seq = [tf.constant([1, 2])]
    assert default.experimental_distribute_dataset(seq) is seq
    ds = tf.data.Dataset.range(3)
    assert default.experimental_distribute_dataset(ds) is ds
    assert default.distribute_datasets_from_function(lambda ctx: (ctx.num_replicas_in_sync,
                                                                  ctx.input_pipeline_id)) == (1, 0)


def test_an_eager_run_of_a_plain_function_stays_python():
    s = tf.distribute.MirroredStrategy(TWO)
    calls = []

    def step_fn(x):
        calls.append(1)
        return x + 1.0

    @tf.function
    def train_step(d):
        return s.run(step_fn, args=(d,))

    xs = PerReplica([tf.constant(1.0), tf.constant(2.0)])
    train_step(xs)
    train_step(xs)
    assert len(calls) == 2  # traced once (once per replica, as TF), then the graph ran
    s.run(step_fn, args=(xs,))  # called eagerly: Python on each replica, as in TF
    assert len(calls) == 4
