# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Custom training loop with Keras and MultiWorkerMirroredStrategy" tutorial as pasted,
run as its single worker (TF_CONFIG unset) on seeded MNIST-shaped arrays (no download):
dataset_fn sharding by the input context, the regularized CNN built in the strategy's scope,
distribute_datasets_from_function, a tf.function train step of strategy.run and
strategy.reduce with compute_average_loss and scale_regularization_loss, the chief test and
write_filepath for checkpoints, the epoch and step_in_epoch variables, and a
CheckpointManager saving each epoch and restored from."""

import json
import os

import numpy as np

os.environ["CUDA_VISIBLE_DEVICES"] = "-1"
os.environ.pop('TF_CONFIG', None)
import tensorflow as tf  # noqa: E402

tf.keras.utils.set_random_seed(31)
rng = np.random.default_rng(31)
x_all = rng.integers(0, 256, size=(256, 28, 28)).astype('uint8')
y_all = rng.integers(0, 10, size=(256,)).astype('uint8')


def mnist_dataset():
    x_train, y_train = x_all, y_all
    # The `x` arrays are in uint8 and have values in the range [0, 255].
    # You need to convert them to float32 with values in the range [0, 1]
    x_train = x_train / np.float32(255)
    y_train = y_train.astype(np.int64)
    train_dataset = tf.data.Dataset.from_tensor_slices(
        (x_train, y_train)).shuffle(256, seed=4)
    return train_dataset


def dataset_fn(global_batch_size, input_context):
    batch_size = input_context.get_per_replica_batch_size(global_batch_size)
    dataset = mnist_dataset()
    dataset = dataset.shard(input_context.num_input_pipelines,
                            input_context.input_pipeline_id)
    dataset = dataset.batch(batch_size)
    return dataset


def build_cnn_model():
    regularizer = tf.keras.regularizers.L2(1e-5)
    return tf.keras.Sequential([
        tf.keras.Input(shape=(28, 28)),
        tf.keras.layers.Reshape(target_shape=(28, 28, 1)),
        tf.keras.layers.Conv2D(8, 3,
                               activation='relu',
                               kernel_regularizer=regularizer),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(16,
                              activation='relu',
                              kernel_regularizer=regularizer),
        tf.keras.layers.Dense(10, kernel_regularizer=regularizer)
    ])


tf_config = {
    'cluster': {
        'worker': ['localhost:12345', 'localhost:23456']
    },
    'task': {'type': 'worker', 'index': 0}
}
print(json.dumps(tf_config))

strategy = tf.distribute.MultiWorkerMirroredStrategy()
print(type(strategy).__name__, strategy.num_replicas_in_sync, strategy.extended.worker_devices)
with strategy.scope():
    # Model building needs to be within `strategy.scope()`.
    multi_worker_model = build_cnn_model()
print(type(multi_worker_model.trainable_variables[0]).__name__, len(multi_worker_model.losses))

per_worker_batch_size = 16
num_workers = len(tf_config['cluster']['worker'])
global_batch_size = per_worker_batch_size * num_workers

with strategy.scope():
    multi_worker_dataset = strategy.distribute_datasets_from_function(
        lambda input_context: dataset_fn(global_batch_size, input_context))
print(type(multi_worker_dataset).__name__, multi_worker_dataset.element_spec)


@tf.function
def train_step(iterator):
    """Training step function."""

    def step_fn(inputs):
        """Per-Replica step function."""
        x, y = inputs
        with tf.GradientTape() as tape:
            predictions = multi_worker_model(x, training=True)
            per_batch_loss = tf.keras.losses.SparseCategoricalCrossentropy(
                from_logits=True,
                reduction=tf.keras.losses.Reduction.NONE)(y, predictions)
            loss = tf.nn.compute_average_loss(
                per_batch_loss, global_batch_size=global_batch_size)
            model_losses = multi_worker_model.losses
            if model_losses:
                loss += tf.nn.scale_regularization_loss(tf.add_n(model_losses))
        grads = tape.gradient(loss, multi_worker_model.trainable_variables)
        optimizer.apply_gradients(
            zip(grads, multi_worker_model.trainable_variables))
        train_accuracy.update_state(y, predictions)
        return loss

    per_replica_losses = strategy.run(step_fn, args=(next(iterator),))
    return strategy.reduce(
        tf.distribute.ReduceOp.SUM, per_replica_losses, axis=None)


with strategy.scope():
    # The creation of optimizer and train_accuracy needs to be in
    # `strategy.scope()` as well, since they create variables.
    optimizer = tf.keras.optimizers.RMSprop(learning_rate=0.001)
    train_accuracy = tf.keras.metrics.SparseCategoricalAccuracy(
        name='train_accuracy')

from multiprocessing import util  # noqa: E402

checkpoint_dir = os.path.join(util.get_temp_dir(), 'ckpt')


def _is_chief(task_type, task_id, cluster_spec):
    return (task_type is None
            or task_type == 'chief'
            or (task_type == 'worker'
                and task_id == 0
                and "chief" not in cluster_spec.as_dict()))


def _get_temp_dir(dirpath, task_id):
    base_dirpath = 'workertemp_' + str(task_id)
    temp_dir = os.path.join(dirpath, base_dirpath)
    tf.io.gfile.makedirs(temp_dir)
    return temp_dir


def write_filepath(filepath, task_type, task_id, cluster_spec):
    dirpath = os.path.dirname(filepath)
    base = os.path.basename(filepath)
    if not _is_chief(task_type, task_id, cluster_spec):
        dirpath = _get_temp_dir(dirpath, task_id)
    return os.path.join(dirpath, base)


# Define Checkpoint-related variables.
epoch = tf.Variable(
    initial_value=tf.constant(0, dtype=tf.dtypes.int64), name='epoch')
step_in_epoch = tf.Variable(
    initial_value=tf.constant(0, dtype=tf.dtypes.int64),
    name='step_in_epoch')
task_type, task_id = (strategy.cluster_resolver.task_type,
                      strategy.cluster_resolver.task_id)
print(task_type, task_id)
# Normally, you don't need to manually instantiate a `ClusterSpec`, but in this
# illustrative example you did not set `'TF_CONFIG'` before initializing the
# strategy. Check out the next section for "More about `TF_CONFIG`".
cluster_spec = tf.train.ClusterSpec(tf_config['cluster'])
print(cluster_spec.as_dict(), _is_chief(task_type, task_id, cluster_spec), _is_chief('worker', 1, cluster_spec))
checkpoint = tf.train.Checkpoint(
    model=multi_worker_model, epoch=epoch, step_in_epoch=step_in_epoch)
write_checkpoint_dir = write_filepath(checkpoint_dir, task_type, task_id,
                                      cluster_spec)
print(write_checkpoint_dir == checkpoint_dir, os.path.relpath(write_filepath(checkpoint_dir, 'worker', 1, cluster_spec), util.get_temp_dir()))
checkpoint_manager = tf.train.CheckpointManager(
    checkpoint, directory=write_checkpoint_dir, max_to_keep=1)

# Restoring the checkpoint
latest_checkpoint = tf.train.latest_checkpoint(checkpoint_dir)
if latest_checkpoint:
    checkpoint.restore(latest_checkpoint)
print(latest_checkpoint)

num_epochs = 2
num_steps_per_epoch = 4

while epoch.numpy() < num_epochs:
    iterator = iter(multi_worker_dataset)
    total_loss = 0.0
    num_batches = 0

    while step_in_epoch.numpy() < num_steps_per_epoch:
        total_loss += train_step(iterator)
        num_batches += 1
        step_in_epoch.assign_add(1)

    train_loss = total_loss / num_batches
    print('Epoch: %d, accuracy: %.4f, train_loss: %.4f.'
          % (epoch.numpy(), train_accuracy.result(), train_loss))

    train_accuracy.reset_state()
    if epoch.numpy() == 0:  # (the first epoch's iterator: one trace, one more as it
        # made the optimizer's variables)
        print(train_step.experimental_get_tracing_count())

    # Once the `CheckpointManager` is set up, you're ready to save, and remove the
    # checkpoints non-chief workers saved.
    checkpoint_manager.save()
    if not _is_chief(task_type, task_id, cluster_spec):
        tf.io.gfile.rmtree(write_checkpoint_dir)

    epoch.assign_add(1)
    step_in_epoch.assign(0)

print(type(total_loss).__name__, total_loss.dtype)
print([os.path.basename(p) for p in checkpoint_manager.checkpoints], sorted(os.listdir(checkpoint_dir)))
latest_checkpoint = tf.train.latest_checkpoint(checkpoint_dir)
print(os.path.basename(latest_checkpoint))
epoch.assign(0)
checkpoint.restore(latest_checkpoint).assert_consumed()
print(int(epoch.numpy()), int(step_in_epoch.numpy()), int(optimizer.iterations.numpy()))
