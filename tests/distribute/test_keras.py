"""Keras models and optimizers under MirroredStrategy: same weights as one device."""

import numpy as np

import eagerflow as tf
from eagerflow._src.distribute.values import MirroredVariable
from eagerflow._src.ops.variables import is_tf_variable
from tests.distribute.replica_training import regression_step


def _train(strategy, optimizer_cls, steps=4):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(8, 3)).astype("float32")
    y = rng.normal(size=(8, 2)).astype("float32")
    model, opt, replica_fn, _ = regression_step(strategy, optimizer_cls, outputs=2)
    batches = tf.data.Dataset.from_tensors((tf.constant(x), tf.constant(y))).repeat(steps)

    @tf.function
    def step(inputs):
        return strategy.reduce("SUM", strategy.run(replica_fn, args=(inputs,)), axis=None)

    losses = [float(step(b)) for b in strategy.experimental_distribute_dataset(batches)]
    return [w.numpy() for w in model.weights], losses, int(opt.iterations.numpy())


def test_mirrored_adam_matches_single_device():
    mirrored = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    w1, l1, it1 = _train(tf.distribute.get_strategy(), tf.keras.optimizers.Adam)
    w2, l2, it2 = _train(mirrored, tf.keras.optimizers.Adam)
    assert it1 == it2 == 4  # one optimizer step per global step, not per replica
    np.testing.assert_allclose(l1, l2, rtol=1e-5)
    for a, b in zip(w1, w2):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-7)


def test_mirrored_slots_are_shared_and_copies_stay_in_sync():
    mirrored = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    _train(mirrored, tf.keras.optimizers.SGD)
    with mirrored.scope():
        v = tf.Variable([1.0, 2.0])
    opt = tf.keras.optimizers.SGD(0.5, momentum=0.9)

    def replica_fn():
        opt.apply_gradients([(tf.constant([1.0, 1.0]), v)])
        return tf.constant(0.0)

    mirrored.run(replica_fn)
    copies = [c.numpy() for c in v.values]
    np.testing.assert_allclose(copies[0], copies[1])
    np.testing.assert_allclose(copies[0], [0.0, 1.0])  # summed gradient 2.0 * lr 0.5


def _fit(strategy, epochs=2, run_eagerly=False):
    rng = np.random.default_rng(3)
    x = rng.normal(size=(64, 4)).astype("float32")
    y = (x @ np.array([[1.0], [-1.0], [0.5], [2.0]], "float32") > 0).astype("float32")
    with strategy.scope():
        tf.keras.utils.set_random_seed(7)
        model = tf.keras.Sequential([tf.keras.layers.Dense(8, activation="relu",
                                                           input_shape=(4,)),
                                     tf.keras.layers.Dense(1)])
        model.compile(tf.keras.optimizers.SGD(0.1),
                      tf.keras.losses.BinaryCrossentropy(from_logits=True),
                      metrics=["accuracy"], run_eagerly=run_eagerly)
    hist = model.fit(x, y, batch_size=16, epochs=epochs, verbose=0, shuffle=False)
    return model, hist.history


def test_fit_under_mirrored_strategy_matches_one_device():
    m1, h1 = _fit(tf.distribute.get_strategy())
    m2, h2 = _fit(tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"]))
    # a MirroredVariable with Keras 3's face (to users no tf.Variable, as in TF 2.21)
    assert is_tf_variable(m2.trainable_variables[0], MirroredVariable)
    assert not isinstance(m2.trainable_variables[0], tf.Variable)
    np.testing.assert_allclose(h1["loss"], h2["loss"], rtol=1e-5)
    np.testing.assert_allclose(h1["accuracy"], h2["accuracy"], rtol=1e-6)
    for a, b in zip(m1.get_weights(), m2.get_weights()):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)
    assert int(m2.optimizer.iterations.numpy()) == 2 * 4  # one step per global batch


def test_checkpoint_of_mirrored_variables_round_trips(tmp_path):
    strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    with strategy.scope():
        v = tf.Variable([1.0, 2.0])
    path = tf.train.Checkpoint(v=v).write(str(tmp_path / "ckpt"))
    assert tf.train.load_checkpoint(path).get_tensor(
        "v/.ATTRIBUTES/VARIABLE_VALUE").tolist() == [1.0, 2.0]
    v.assign([5.0, 6.0])
    tf.train.Checkpoint(v=v).read(path).assert_consumed()
    assert [c.numpy().tolist() for c in v.values] == [[1.0, 2.0], [1.0, 2.0]]


def test_fit_under_mirrored_strategy_runs_a_compiled_replica_step():
    strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    model, history = _fit(strategy)
    step = model.train_function
    assert step.compiled
    # traced once (8 steps of the same signature), and not as Python on every replica
    assert step._compiled.experimental_get_tracing_count() == 1
    _, eager_history = _fit(tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"]),
                            run_eagerly=True)
    np.testing.assert_allclose(history["loss"], eager_history["loss"], rtol=1e-6)
