"""Trains a tiny linear model for a few steps under a strategy and prints the weights.

Run as `python mwms_train.py default|mirrored|mwms[_fn|_iter] [timeout]` (mwms under
`mpiexec -n 2`; `_fn`: the steps run in a tf.function; `_iter`: TF's custom loop, a
tf.function that reads `next(iterator)` of a distributed tf.data dataset). Used by
test_multi_worker.py to compare the three strategies.
"""

import json
import sys

import numpy as np

import eagerflow as tf


def make_strategy(kind: str):
    if kind == "default":
        return tf.distribute.get_strategy()
    if kind == "mirrored":
        return tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    opts = tf.distribute.experimental.CommunicationOptions(timeout_seconds=float(sys.argv[2]))
    return tf.distribute.MultiWorkerMirroredStrategy(communication_options=opts)


def main() -> None:
    kind = sys.argv[1].removesuffix("_fn").removesuffix("_iter")
    compiled = sys.argv[1].endswith("_fn")
    in_function = sys.argv[1].endswith("_iter")
    strategy = make_strategy(kind)
    rng = np.random.default_rng(0)
    xs = rng.normal(size=(16, 3)).astype("float32")
    ys = (xs @ np.array([[1.0], [-2.0], [0.5]], "float32")).astype("float32")
    with strategy.scope():
        # rank-dependent init on purpose: MWMS must broadcast the chief's value
        seed = 0 if kind != "mwms" else strategy.cluster_resolver.task_id
        w = tf.Variable(np.random.default_rng(seed).normal(size=(3, 1)).astype("float32"))
    batches = [(tf.constant(xs[i:i + 8]), tf.constant(ys[i:i + 8])) for i in (0, 8)] * 3

    def step(inputs):
        x, y = inputs
        with tf.GradientTape() as t:
            loss = tf.reduce_sum((tf.matmul(x, w) - y) ** 2) / 8.0
        g = t.gradient(loss, w)
        g = tf.distribute.get_replica_context().all_reduce("SUM", g)
        w.assign_sub(0.05 * g)
        return loss

    def train_step(batch):
        return strategy.reduce("SUM", strategy.run(step, args=(batch,)), axis=None)

    train = tf.function(train_step) if compiled else train_step
    data = tuple(np.concatenate([b[k].numpy() for b in batches]) for k in (0, 1))
    dataset = tf.data.Dataset.from_tensor_slices(data).batch(8)
    if in_function:
        train = tf.function(lambda iterator: train_step(next(iterator)))
        iterator = iter(strategy.experimental_distribute_dataset(dataset))
        for _ in batches:
            loss = float(train(iterator))
    else:
        for batch in strategy.experimental_distribute_dataset(dataset):
            loss = float(train(batch))  # summed over replicas (and workers)
    if kind != "mwms" or strategy.should_checkpoint:
        # (the compiled step is traced once, given the distributed batches as arguments)
        traces = train.experimental_get_tracing_count() if in_function or compiled else None
        print(json.dumps({"kind": kind, "w": w.numpy().ravel().tolist(),
                          "replicas": strategy.num_replicas_in_sync, "traces": traces,
                          "loss": loss}))
    if kind == "mwms" and len(sys.argv) > 3 and sys.argv[3] == "fail" and \
            strategy.cluster_resolver.task_id == 1:
        raise RuntimeError("worker 1 fails on purpose")
    if kind == "mwms" and len(sys.argv) > 3:
        strategy.run(step, args=(next(iter(strategy.experimental_distribute_dataset(dataset))),))


if __name__ == "__main__":
    main()
