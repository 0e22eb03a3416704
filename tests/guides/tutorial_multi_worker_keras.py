# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Multi-worker training with Keras" tutorial run as its single worker (TF_CONFIG
describes a one-worker cluster; no download: mnist_dataset on seeded MNIST-shaped
arrays): mnist_setup's dataset and CNN trained without a strategy, TF_CONFIG parsed by
the cluster resolver, MultiWorkerMirroredStrategy's scope and fit with steps_per_epoch,
auto-shard options, the chief test and write paths, model.save to a .keras file and its
reload, a CheckpointManager of the model, and the BackupAndRestore callback (its
directory during and after fit, and a fit interrupted by an error and resumed)."""

import json
import os
import socket

import numpy as np
import tensorflow as tf


def pick_unused_port():
    with socket.socket() as sock:
        sock.bind(("localhost", 0))
        return sock.getsockname()[1]


# -- main.py: TF_CONFIG and the strategy first (collective ops are configured at startup)
tf_config = {
    'cluster': {
        'worker': ['localhost:%d' % pick_unused_port()]
    },
    'task': {'type': 'worker', 'index': 0}
}
os.environ['TF_CONFIG'] = json.dumps(tf_config)
strategy = tf.distribute.MultiWorkerMirroredStrategy()

tf.keras.utils.set_random_seed(3)
rng = np.random.default_rng(3)
y_all = rng.integers(0, 10, size=192).astype("uint8")
protos = rng.integers(0, 256, size=(10, 28, 28)).astype("uint8")
x_all = np.clip(protos[y_all].astype(int) // 2 + rng.integers(0, 60, size=(192, 28, 28)), 0, 255).astype("uint8")


# -- mnist_setup.py
def mnist_dataset(batch_size):
    # (x_train, y_train), _ = tf.keras.datasets.mnist.load_data(): seeded arrays here
    x_train, y_train = x_all, y_all
    # (one order for every iteration: Keras 3's fit under a one-replica strategy draws
    # an extra shuffle seed in TF 2.21, which eagerflow does not)
    # The `x` arrays are in uint8 and have values in the [0, 255] range.
    # You need to convert them to float32 with values in the [0, 1] range.
    x_train = x_train / np.float32(255)
    y_train = y_train.astype(np.int64)
    train_dataset = tf.data.Dataset.from_tensor_slices(
        (x_train, y_train)).shuffle(60000, seed=1, reshuffle_each_iteration=False).repeat().batch(batch_size)
    return train_dataset


def build_and_compile_cnn_model():
    model = tf.keras.Sequential([
        tf.keras.layers.InputLayer(input_shape=(28, 28)),
        tf.keras.layers.Reshape(target_shape=(28, 28, 1)),
        tf.keras.layers.Conv2D(8, 3, activation='relu'),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(32, activation='relu'),
        tf.keras.layers.Dense(10)
    ])
    model.compile(
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.001),
        metrics=['accuracy'])
    return model


# -- model training on a single worker
batch_size = 16
single_worker_dataset = mnist_dataset(batch_size)
single_worker_model = build_and_compile_cnn_model()
h = single_worker_model.fit(single_worker_dataset, epochs=3, steps_per_epoch=4, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})

# -- multi-worker configuration
print(json.dumps(tf_config["task"]), len(tf_config["cluster"]["worker"]))
print(type(strategy).__name__, strategy.num_replicas_in_sync)
resolver = strategy.cluster_resolver
print(type(resolver).__name__, resolver.task_type, resolver.task_id, sorted(resolver.cluster_spec().as_dict()))
print(strategy.extended.should_checkpoint, strategy.extended.should_save_summary)
# the same cluster's strategy again is fine; a local one (no TF_CONFIG) now is not
print(type(tf.distribute.MultiWorkerMirroredStrategy()).__name__)
saved_config = os.environ.pop('TF_CONFIG')
try:
    tf.distribute.MultiWorkerMirroredStrategy()
except ValueError as e:
    print("ValueError:", e)
os.environ['TF_CONFIG'] = saved_config

with strategy.scope():
    # Model building/compiling need to be within `strategy.scope()`.
    multi_worker_model = build_and_compile_cnn_model()
print(type(multi_worker_model.layers[1].kernel.value).__name__)

per_worker_batch_size = 16
tf_config = json.loads(os.environ['TF_CONFIG'])
num_workers = len(tf_config['cluster']['worker'])

global_batch_size = per_worker_batch_size * num_workers
multi_worker_dataset = mnist_dataset(global_batch_size)

h = multi_worker_model.fit(multi_worker_dataset, epochs=3, steps_per_epoch=4, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})

# -- dataset sharding
options = tf.data.Options()
options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF

global_batch_size = 64
multi_worker_dataset = mnist_dataset(batch_size=64)
dataset_no_auto_shard = multi_worker_dataset.with_options(options)
print(dataset_no_auto_shard.options().experimental_distribute.auto_shard_policy)


# -- model saving and loading
model_path = './keras-model.keras'


def _is_chief(task_type, task_id):
    # Note: there are two possible `TF_CONFIG` configurations.
    #   1) In addition to `worker` tasks, a `chief` task type is use;
    #      in this case, this function should be modified to
    #      `return task_type == 'chief'`.
    #   2) Only `worker` task type is used; in this case, worker 0 is
    #      regarded as the chief. The implementation demonstrated here
    #      is for this case.
    # For the purpose of this Colab section, the `task_type` is `None` case
    # is added because it is effectively run with only a single worker.
    return (task_type == 'worker' and task_id == 0) or task_type is None


def _get_temp_dir(dirpath, task_id):
    base_dirpath = 'workertemp_' + str(task_id)
    temp_dir = os.path.join(dirpath, base_dirpath)
    tf.io.gfile.makedirs(temp_dir)
    return temp_dir


def write_filepath(filepath, task_type, task_id):
    dirpath = os.path.dirname(filepath)
    base = os.path.basename(filepath)
    if not _is_chief(task_type, task_id):
        dirpath = _get_temp_dir(dirpath, task_id)
    return os.path.join(dirpath, base)


task_type, task_id = (strategy.cluster_resolver.task_type,
                      strategy.cluster_resolver.task_id)
write_model_path = write_filepath(model_path, task_type, task_id)
print(write_model_path, _is_chief(task_type, task_id), write_filepath(model_path, 'worker', 1))

multi_worker_model.save(write_model_path)
if not _is_chief(task_type, task_id):
    tf.io.gfile.rmtree(os.path.dirname(write_model_path))
print(sorted(f for f in os.listdir('.') if f.endswith('.keras')))

loaded_model = tf.keras.models.load_model(model_path)
print(type(loaded_model).__name__, len(loaded_model.layers), loaded_model.optimizer.iterations.numpy())
# Note that when `multi_worker_model` is loaded back, the model is trained further
h = loaded_model.fit(single_worker_dataset, epochs=2, steps_per_epoch=3, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})

# -- checkpoint saving and restoring
checkpoint_dir = './ckpt'

checkpoint = tf.train.Checkpoint(model=multi_worker_model)

write_checkpoint_dir = write_filepath(checkpoint_dir, task_type, task_id)
checkpoint_manager = tf.train.CheckpointManager(
    checkpoint, directory=write_checkpoint_dir, max_to_keep=1)
print(os.path.basename(checkpoint_manager.save()))
if not _is_chief(task_type, task_id):
    tf.io.gfile.rmtree(write_checkpoint_dir)

latest_checkpoint = tf.train.latest_checkpoint(checkpoint_dir)
print(os.path.basename(latest_checkpoint))
status = checkpoint.restore(latest_checkpoint)
print(type(status).__name__)
h = multi_worker_model.fit(multi_worker_dataset, epochs=2, steps_per_epoch=2, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})

# -- BackupAndRestore callback
# Multi-worker training with `MultiWorkerMirroredStrategy`
# and the `BackupAndRestore` callback. The training state
# is backed up at epoch boundaries by default.

callbacks = [tf.keras.callbacks.BackupAndRestore(backup_dir='./backup')]
with strategy.scope():
    multi_worker_model = build_and_compile_cnn_model()
h = multi_worker_model.fit(multi_worker_dataset,
                           epochs=3,
                           steps_per_epoch=3,
                           callbacks=callbacks, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})
print(os.path.exists('./backup'))

# The training state is backed up at epoch boundaries because `save_freq` is
# set to `epoch`.

callbacks = [tf.keras.callbacks.BackupAndRestore(backup_dir='./backup', save_freq=2)]
print(callbacks[0].save_freq, callbacks[0].backup_dir)


class Interrupt(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print("files in backup after epoch", epoch, sorted(os.listdir('./backup')))
        if epoch == 1 and not getattr(self, "done", False):
            self.done = True
            raise RuntimeError("Interrupting!")


interrupt = Interrupt()
with strategy.scope():
    multi_worker_model = build_and_compile_cnn_model()
try:
    multi_worker_model.fit(multi_worker_dataset, epochs=4, steps_per_epoch=2,
                           callbacks=[tf.keras.callbacks.BackupAndRestore(backup_dir='./backup'), interrupt],
                           verbose=0)
except RuntimeError as e:
    print("RuntimeError:", e)
print(sorted(os.listdir('./backup')))
with strategy.scope():
    multi_worker_model = build_and_compile_cnn_model()
h = multi_worker_model.fit(multi_worker_dataset, epochs=4, steps_per_epoch=2,
                           callbacks=[tf.keras.callbacks.BackupAndRestore(backup_dir='./backup'), interrupt],
                           verbose=0)
print(h.epoch, {k: len(v) for k, v in h.history.items()})
print(int(multi_worker_model.optimizer.iterations.numpy()), os.path.exists('./backup'))
