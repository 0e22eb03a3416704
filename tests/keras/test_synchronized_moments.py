"""keras.ops.moments(synchronized=True) and BatchNormalization(synchronized=True) as Keras
3 computes them on TF: the sums of x and x² and the counts all-reduced over the replicas,
the variance E[x²] − E[x]². Outside a strategy (the default replica context, one
replica) that formula's float32 rounding differs from tf.nn.moments'; under a
MirroredStrategy every replica normalizes by the global batch's statistics. The values
are Keras 3.15's on TF 2.21 (two logical CPUs for its replicas)."""

from __future__ import annotations

import numpy as np

import eagerflow as tf
from eagerflow import keras
from eagerflow._src.core import device as D


def _batch() -> np.ndarray:
    rng = np.random.default_rng(0)
    return (rng.standard_normal((8, 3, 4)) * 3 + 5).astype("float32")


def test_default_context_uses_the_sums_formula() -> None:
    x = _batch()
    _, synced = keras.ops.moments(x, axes=[0, 1], synchronized=True)
    _, plain = keras.ops.moments(x, axes=[0, 1])
    assert synced.numpy().tolist() == [6.280643463134766, 7.775691986083984,
                                       8.397403717041016, 8.943817138671875]
    assert plain.numpy().tolist() == [6.2806477546691895, 7.77569055557251,
                                      8.397414207458496, 8.943814277648926]
    bn = keras.layers.BatchNormalization(synchronized=True, momentum=0.5)
    bn(x, training=True)
    assert bn.moving_variance.numpy().tolist() == [3.640321731567383, 4.387845993041992,
                                                   4.698701858520508, 4.9719085693359375]


def test_mirrored_replicas_normalize_by_the_global_batch() -> None:
    x = _batch()
    with D.standin_gpus(2):
        strategy = tf.distribute.MirroredStrategy(["/gpu:0", "/gpu:1"])
        with strategy.scope():
            bn = keras.layers.BatchNormalization(synchronized=True, momentum=0.5)
            bn.build((None, 3, 4))
        halves = strategy.experimental_distribute_values_from_function(
            lambda ctx: x[4 * ctx.replica_id_in_sync_group:4 * ctx.replica_id_in_sync_group + 4])
        out = strategy.run(tf.function(lambda h: bn(h, training=True)), args=(halves,))
        first, second = (np.asarray(r) for r in strategy.experimental_local_results(out))
        variance = strategy.run(tf.function(
            lambda h: keras.ops.moments(h, axes=[0, 1], synchronized=True)[1]), args=(halves,))
        variances = [np.asarray(v) for v in strategy.experimental_local_results(variance)]
    np.testing.assert_allclose(first.ravel()[:3], [0.3826388120651245, -0.23286700248718262,
                                                   0.4400540590286255], rtol=1e-5)
    np.testing.assert_allclose(second.ravel()[:3], [2.3886513710021973, 1.3240126371383667,
                                                    0.14705002307891846], rtol=1e-5)
    np.testing.assert_allclose(bn.moving_variance.numpy(), [3.640324592590332,
                                                            4.387845993041992,
                                                            4.69870662689209,
                                                            4.9719085693359375], rtol=1e-6)
    for v in variances:  # (each replica: the whole batch's)
        np.testing.assert_allclose(v, [6.280649185180664, 7.775691986083984,
                                       8.39741325378418, 8.943817138671875], rtol=1e-6)
