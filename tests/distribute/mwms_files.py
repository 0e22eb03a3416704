"""Saves checkpoints, weights and summaries and trains with Keras under a strategy.

Run as `python mwms_files.py mwms|mirrored OUT_DIR REPORT_DIR` (mwms under
`mpiexec -n 2`). Every worker makes the same calls; test_multi_worker.py checks that
only the chief's files exist in OUT_DIR, that every worker restores them, and that
metrics are global. Each worker writes its report to REPORT_DIR/<pid>.json.
"""

import json
import os
import sys

import numpy as np

import eagerflow as tf


def make_strategy(kind: str):
    if kind == "mirrored":
        return tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    opts = tf.distribute.experimental.CommunicationOptions(timeout_seconds=60.0)
    return tf.distribute.MultiWorkerMirroredStrategy(communication_options=opts)


def keras_fit(strategy, out: str) -> dict:
    rng = np.random.default_rng(3)
    x = rng.normal(size=(32, 4)).astype("float32")
    y = (x @ np.array([[1.0], [-1.0], [0.5], [2.0]], "float32")).astype("float32")
    with strategy.scope():
        tf.keras.utils.set_random_seed(7)
        model = tf.keras.Sequential([tf.keras.layers.Dense(3, activation="tanh",
                                                           input_shape=(4,)),
                                     tf.keras.layers.Dense(1)])
        model.compile(tf.keras.optimizers.SGD(0.1), "mse", metrics=["mae"])
    callbacks = [
        tf.keras.callbacks.ModelCheckpoint(os.path.join(out, "cb", "w.weights.h5"),
                                           save_weights_only=True),
        tf.keras.callbacks.TensorBoard(os.path.join(out, "tb")),
    ]
    hist = model.fit(x, y, batch_size=8, epochs=2, verbose=0, shuffle=False,
                     callbacks=callbacks)
    return {"history": hist.history, "weights": [w.tolist() for w in model.get_weights()]}


def main() -> None:
    kind, out = sys.argv[1], sys.argv[2]
    strategy = make_strategy(kind)
    with strategy.scope():
        v = tf.Variable([1.0, 2.0])
        metric = tf.keras.metrics.Mean()
        summed = tf.Variable(5.0, synchronization=tf.VariableSynchronization.ON_READ,
                             aggregation=tf.VariableAggregation.SUM)

    # replica r sees r + 1 copies of the value r + 1: the global mean is (1 + 4) / 3
    values = strategy.experimental_distribute_values_from_function(
        lambda ctx: tf.fill([int(ctx.replica_id_in_sync_group) + 1],
                            float(int(ctx.replica_id_in_sync_group) + 1)))
    if kind == "mwms":
        rank = strategy.cluster_resolver.task_id
        values = tf.fill([rank + 1], float(rank + 1))
    strategy.run(metric.update_state, args=(values,))
    report = {"kind": kind, "pid": os.getpid(), "metric": float(metric.result()),
              "summed": float(summed.numpy())}
    report.update(keras_fit(strategy, out))
    if kind == "mirrored":
        return _report(report)

    ckpt = tf.train.Checkpoint(v=v, metric=metric)
    saved = ckpt.save(os.path.join(out, "saved", "ckpt"))
    manager = tf.train.CheckpointManager(ckpt, os.path.join(out, "managed"), max_to_keep=2)
    for _ in range(3):
        manager.save()
    written = ckpt.write(os.path.join(out, "written", "ckpt"))
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.layers.Dense(2, input_shape=(3,))])
    model.save_weights(os.path.join(out, "weights", "w"))
    os.makedirs(os.path.join(out, "weights_h5"), exist_ok=True)  # (Keras 3 makes none)
    model.save_weights(os.path.join(out, "weights_h5", "w.weights.h5"))
    writer = tf.summary.create_file_writer(os.path.join(out, "logs"))
    with writer.as_default():
        tf.summary.scalar("metric", metric.result(), step=0)
    writer.close()

    # every worker restores the chief's files
    v.assign([0.0, 0.0])
    metric.reset_state()
    latest = tf.train.latest_checkpoint(os.path.join(out, "managed"))
    tf.train.Checkpoint(v=v, metric=metric).restore(latest).assert_consumed()
    restored = {"v": v.numpy().tolist(), "metric": float(metric.result())}
    tf.train.Checkpoint(v=v).read(written).expect_partial()
    model.load_weights(os.path.join(out, "weights", "w"))
    report.update(saved=saved, latest=latest, written=written, restored=restored,
                  rank=strategy.cluster_resolver.task_id,
                  chief=strategy.should_checkpoint)
    _report(report)


def _report(report: dict) -> None:
    with open(os.path.join(sys.argv[3], f"{os.getpid()}.json"), "w") as f:
        json.dump(report, f)


if __name__ == "__main__":
    main()
