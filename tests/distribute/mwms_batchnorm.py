"""BatchNormalization under MultiWorkerMirroredStrategy: each worker writes its moving
statistics after a few steps of `fit` and of a custom loop reading the distributed
iterator inside a tf.function. Run under `mpiexec -n 2` by test_multi_worker.py, which
checks that each worker's copies are those of the MirroredStrategy replica of its rank
(as TF 2.21's Keras 3: the statistics' aggregation is 'none', each replica keeps its own).
"""

import json
import sys
from pathlib import Path

import numpy as np

import eagerflow as tf


def train(strategy) -> dict:
    """Moving statistics of two BatchNormalization layers, each as the list of this
    process's replicas' copies: one trained by fit, one by a custom loop, each for 3 steps
    on the same global batch of 8."""
    rng = np.random.default_rng(3)
    x = rng.normal(loc=2.0, scale=3.0, size=(8, 3)).astype("float32")
    y = rng.normal(size=(8, 1)).astype("float32")
    with strategy.scope():
        tf.keras.utils.set_random_seed(0)
        model = tf.keras.Sequential([
            tf.keras.layers.BatchNormalization(momentum=0.5, input_shape=(3,)),
            tf.keras.layers.Dense(1)])
        model.compile(tf.keras.optimizers.SGD(0.1), "mse")
        bn = tf.keras.layers.BatchNormalization(momentum=0.5)
        bn.build((None, 3))
    model.fit(x, y, batch_size=8, epochs=3, shuffle=False, verbose=0)

    @tf.function
    def step(iterator):
        return strategy.run(lambda b: tf.reduce_sum(bn(b, training=True)),
                            args=(next(iterator),))

    iterator = iter(strategy.experimental_distribute_dataset(
        tf.data.Dataset.from_tensors(x).repeat(3)))
    for _ in range(3):
        step(iterator)
    def copies(layer):
        return [[c.numpy().tolist() for c in v.values]
                for v in (layer.moving_mean, layer.moving_variance)]

    return {"fit": copies(model.layers[0]), "loop": copies(bn)}


def main() -> None:
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    out = train(strategy)
    out["rank"] = rank = strategy.cluster_resolver.task_id
    # one file per rank: two ranks printing to one pipe can interleave within a line
    with open(Path(sys.argv[1]) / f"rank{rank}.json", "w") as f:
        json.dump(out, f)


if __name__ == "__main__":
    sys.exit(main())
