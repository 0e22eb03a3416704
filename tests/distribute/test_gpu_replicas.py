"""tf.data's device copies, MirroredStrategy replicas on GPUs, and NCCL's all-reduce, on the
strict stand-in posing as GPUs (two of them, and two logical GPUs on one)."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend.strict import StrictArray
from eagerflow._src.core import device as D
from tests.keras.sparse_optimizer_cases import fit

CPU0 = "/job:localhost/replica:0/task:0/device:CPU:0"
GPU0 = "/job:localhost/replica:0/task:0/device:GPU:0"
GPU1 = "/job:localhost/replica:0/task:0/device:GPU:1"


@pytest.fixture
def gpus():
    with D.standin_gpus(2) as backend:
        yield backend


def test_dataset_elements_live_on_the_cpu_until_copied(gpus):
    ds = tf.data.Dataset.from_tensor_slices((np.arange(6, dtype=np.float32), ["a", "b"] * 3))
    x, s = next(iter(ds))
    assert x.device == CPU0 and s.device == CPU0  # TF's datasets produce host tensors
    for transform in (tf.data.experimental.copy_to_device("/gpu:1"),
                      tf.data.experimental.prefetch_to_device("/gpu:1", 2)):
        got = list(ds.batch(2).apply(transform))
        assert len(got) == 3
        x, s = got[1]
        assert x.device == GPU1 and type(x._arr) is StrictArray and x._arr.device == 1
        assert s.device == CPU0  # strings stay on the host
        np.testing.assert_array_equal(x.numpy(), [2.0, 3.0])
        assert list(s.numpy()) == [b"a", b"b"]


def _train(strategy):
    with strategy.scope():
        v = tf.Variable([1.0, 2.0])

    def step(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(v * x)
        g = tape.gradient(loss, v)
        return tf.distribute.get_replica_context().all_reduce("SUM", g)

    out = strategy.run(step, args=(tf.constant([1.0, 3.0]),))
    return v, out


def test_mirrored_strategy_over_two_gpus(gpus):
    strategy = tf.distribute.MirroredStrategy()  # every visible GPU
    assert strategy.num_replicas_in_sync == 2
    assert strategy.extended.worker_devices == (GPU0, GPU1)
    v, out = _train(strategy)
    parts = strategy.experimental_local_results(out)
    assert [p.device for p in parts] == [GPU0, GPU1]
    assert [c.device for c in v._copies] == [0, 1]  # each copy on its replica's GPU
    for p in parts:
        np.testing.assert_array_equal(p.numpy(), [2.0, 6.0])
    total = strategy.reduce("SUM", out, axis=None)  # NCCL's all-reduce across the GPUs
    assert total.device == GPU0
    np.testing.assert_array_equal(total.numpy(), [4.0, 12.0])
    mean = strategy.reduce("MEAN", out, axis=None)
    np.testing.assert_array_equal(mean.numpy(), [2.0, 6.0])
    v.assign([5.0, 5.0])
    assert [c.device for c in v._copies] == [0, 1]
    np.testing.assert_array_equal(v.values[1].numpy(), [5.0, 5.0])


def test_bfloat16_all_reduced_on_the_gpus(gpus, monkeypatch):
    pytest.importorskip("ml_dtypes")
    strategy = tf.distribute.MirroredStrategy()
    reduced = []
    nccl = type(gpus).all_reduce
    monkeypatch.setattr(type(gpus), "all_reduce",
                        lambda self, arrays, op: reduced.append(op) or nccl(self, arrays, op))

    def step():
        ctx = tf.distribute.get_replica_context()
        scale = tf.cast(ctx.replica_id_in_sync_group + 1, tf.float32)
        x = tf.cast(tf.constant([1.5, 2.0]) * scale, tf.bfloat16)
        return x, ctx.all_reduce("SUM", x)

    x, summed = strategy.run(step)
    for p in strategy.experimental_local_results(summed):
        assert p.dtype == tf.bfloat16 and type(p._arr) is StrictArray
        np.testing.assert_array_equal(p.numpy().astype(np.float32), [4.5, 6.0])
    total = strategy.reduce("SUM", x, axis=None)  # NCCL's all-reduce, in bfloat16
    mean = strategy.reduce("MEAN", x, axis=None)
    assert reduced == ["sum", "sum"]
    assert total.dtype == mean.dtype == tf.bfloat16 and total.device == GPU0
    np.testing.assert_array_equal(total.numpy().astype(np.float32), [4.5, 6.0])
    np.testing.assert_array_equal(mean.numpy().astype(np.float32), [2.25, 3.0])


def test_two_replicas_on_one_gpu():
    with D.standin_gpus(1):
        gpu = tf.config.list_physical_devices("GPU")[0]
        tf.config.set_logical_device_configuration(
            gpu, [tf.config.LogicalDeviceConfiguration(memory_limit=512)] * 2)
        assert [d.name for d in tf.config.list_logical_devices("GPU")] == [
            "/device:GPU:0", "/device:GPU:1"]
        strategy = tf.distribute.MirroredStrategy()
        v, out = _train(strategy)
        parts = strategy.experimental_local_results(out)
        assert [p.device for p in parts] == [GPU0, GPU1]
        assert all(c.device == 0 for c in v._copies)  # one physical device
        assert v._copies[0] is not v._copies[1]
        total = strategy.reduce("SUM", out, axis=None)  # not NCCL: one device
        np.testing.assert_array_equal(total.numpy(), [4.0, 12.0])


def test_keras_fit_evaluate_predict_on_the_gpu(gpus):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(64, 4)).astype("float32")
    y = (x.sum(axis=1) > 0).astype("int64")
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(8, activation="relu"),
                                 tf.keras.layers.Dense(2)])
    model.compile(optimizer=tf.keras.optimizers.Adam(0.05),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    history = model.fit(x, y, batch_size=16, epochs=5, verbose=0)
    assert history.history["loss"][-1] < history.history["loss"][0]
    assert all(w.device == GPU0 and type(w._arr) is StrictArray for w in model.weights)
    loss, acc = model.evaluate(x, y, verbose=0)
    assert acc > 0.7
    pred = model.predict(x, verbose=0)
    assert type(pred) is np.ndarray and pred.shape == (64, 2)


def test_indexed_slices_gathered_across_gpu_replicas(gpus):
    """An Embedding model's fit on two (stand-in) GPUs: each replica's gradient rows are
    copied to the others' devices and gathered, and the steps are Keras's single-device
    ones (sparse_optimizers_golden.json)."""
    golden = json.loads((Path(__file__).parents[1] / "keras" / "sparse_optimizers_golden.json")
                        .read_text())["fit"]["Adam"]
    with tf.distribute.MirroredStrategy(["/gpu:0", "/gpu:1"]).scope():
        got = fit(tf.keras, "Adam")
    np.testing.assert_allclose(got["loss"], golden["loss"], rtol=1e-5)
    for a, b in zip(got["weights"], golden["weights"]):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)
