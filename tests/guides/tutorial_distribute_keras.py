# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Distributed training with Keras" and "Custom training with tf.distribute.Strategy"
tutorials on a CPU split into two logical devices and a small seeded MNIST-like set:
MirroredStrategy's replicas, a model compiled in its scope (its variables mirrored),
BUFFER_SIZE/BATCH_SIZE scaled by replicas, a learning-rate schedule and callbacks
(LearningRateScheduler, a custom PrintLR, ModelCheckpoint of weights), fit, evaluate and a
reloaded model; then the custom loop: distributed datasets, compute_average_loss with the
global batch size, strategy.run of a train step, reduce of per-replica losses, metrics
created in scope, a distributed test step, tf.train.Checkpoint save and restore, and
iterating the distributed dataset by hand."""

import os

import numpy as np
import tensorflow as tf

cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(
    cpu, [tf.config.LogicalDeviceConfiguration(), tf.config.LogicalDeviceConfiguration()])
tf.keras.utils.set_random_seed(23)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(23)

train_images = rng.integers(0, 256, size=(128, 12, 12)).astype("uint8")
train_labels = rng.integers(0, 10, size=(128,)).astype("int64")
test_images = rng.integers(0, 256, size=(32, 12, 12)).astype("uint8")
test_labels = rng.integers(0, 10, size=(32,)).astype("int64")

# -- distributed training with Keras
strategy = tf.distribute.MirroredStrategy()
print("Number of devices: {}".format(strategy.num_replicas_in_sync))
print(strategy.extended.worker_devices)
num_train_examples = len(train_images)
num_test_examples = len(test_images)
BUFFER_SIZE = 128
BATCH_SIZE_PER_REPLICA = 16
BATCH_SIZE = BATCH_SIZE_PER_REPLICA * strategy.num_replicas_in_sync
print(BATCH_SIZE)


def scale(image, label):
    image = tf.cast(image, tf.float32)
    image /= 255
    return image, label


mnist_train = tf.data.Dataset.from_tensor_slices((train_images[..., None], train_labels))
mnist_test = tf.data.Dataset.from_tensor_slices((test_images[..., None], test_labels))
train_dataset = mnist_train.map(scale).cache().shuffle(BUFFER_SIZE, seed=1).batch(BATCH_SIZE)
eval_dataset = mnist_test.map(scale).batch(BATCH_SIZE)
print(train_dataset.element_spec)
with strategy.scope():
    model = tf.keras.Sequential([
        tf.keras.layers.Input(shape=(12, 12, 1)),
        tf.keras.layers.Conv2D(8, 3, activation="relu"),
        tf.keras.layers.MaxPooling2D(),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(16, activation="relu"),
        tf.keras.layers.Dense(10),
    ])
    model.compile(loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  optimizer=tf.keras.optimizers.Adam(),
                  metrics=["accuracy"])
print(type(model.weights[0].value).__name__ if hasattr(model.weights[0], "value") else "-")
print(model.weights[0].path, tuple(model.weights[0].shape))
checkpoint_dir = "./training_checkpoints"
checkpoint_prefix = os.path.join(checkpoint_dir, "ckpt_{epoch}.weights.h5")


def decay(epoch):
    if epoch < 1:
        return 1e-3
    elif epoch >= 1 and epoch < 2:
        return 1e-4
    else:
        return 1e-5


class PrintLR(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print("\nLearning rate for epoch {} is {}".format(epoch + 1, float(model.optimizer.learning_rate.numpy())))


callbacks = [
    tf.keras.callbacks.TensorBoard(log_dir="./logs"),
    tf.keras.callbacks.ModelCheckpoint(filepath=checkpoint_prefix, save_weights_only=True),
    tf.keras.callbacks.LearningRateScheduler(decay),
    PrintLR(),
]
EPOCHS = 3
history = model.fit(train_dataset, epochs=EPOCHS, callbacks=callbacks, verbose=0)
print(sorted(history.history), [float(v) for v in history.history["learning_rate"]])
print(sorted(os.listdir(checkpoint_dir)))
model.load_weights(os.path.join(checkpoint_dir, "ckpt_3.weights.h5"))
eval_loss, eval_acc = model.evaluate(eval_dataset, verbose=0)
print("Eval loss: {:.2f}, Eval accuracy: {:.2f}".format(eval_loss, eval_acc) != "")
path = "saved_model.keras"
model.save(path)
unreplicated_model = tf.keras.models.load_model(path)
unreplicated_model.compile(
    loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    optimizer=tf.keras.optimizers.Adam(),
    metrics=["accuracy"])
eval_loss2, eval_acc2 = unreplicated_model.evaluate(eval_dataset, verbose=0)
print(abs(eval_loss - eval_loss2) < 1e-4, abs(eval_acc - eval_acc2) < 1e-6)
with strategy.scope():
    replicated_model = tf.keras.models.load_model(path)
    replicated_model.compile(loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                             optimizer=tf.keras.optimizers.Adam(),
                             metrics=["accuracy"])
    eval_loss3, eval_acc3 = replicated_model.evaluate(eval_dataset, verbose=0)
print(abs(eval_loss - eval_loss3) < 1e-4)

# -- custom training with tf.distribute.Strategy
GLOBAL_BATCH_SIZE = BATCH_SIZE_PER_REPLICA * strategy.num_replicas_in_sync
train_images_f = train_images[..., None] / np.float32(255)
test_images_f = test_images[..., None] / np.float32(255)
train_dataset = tf.data.Dataset.from_tensor_slices((train_images_f, train_labels)).shuffle(BUFFER_SIZE, seed=2).batch(GLOBAL_BATCH_SIZE)
test_dataset = tf.data.Dataset.from_tensor_slices((test_images_f, test_labels)).batch(GLOBAL_BATCH_SIZE)
train_dist_dataset = strategy.experimental_distribute_dataset(train_dataset)
test_dist_dataset = strategy.experimental_distribute_dataset(test_dataset)
print(train_dist_dataset.element_spec)


def create_model():
    regularizer = tf.keras.regularizers.L2(1e-5)
    return tf.keras.Sequential([
        tf.keras.layers.Input((12, 12, 1)),
        tf.keras.layers.Conv2D(8, 3, activation="relu", kernel_regularizer=regularizer),
        tf.keras.layers.MaxPooling2D(),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(16, activation="relu", kernel_regularizer=regularizer),
        tf.keras.layers.Dense(10, kernel_regularizer=regularizer),
    ])


checkpoint_dir = "./training_checkpoints_ctl"
checkpoint_prefix = os.path.join(checkpoint_dir, "ckpt")
with strategy.scope():
    loss_object = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=tf.keras.losses.Reduction.NONE)

    def compute_loss(labels, predictions, model_losses):
        per_example_loss = loss_object(labels, predictions)
        loss = tf.nn.compute_average_loss(per_example_loss)
        if model_losses:
            loss += tf.nn.scale_regularization_loss(tf.add_n(model_losses))
        return loss

with strategy.scope():
    test_loss = tf.keras.metrics.Mean(name="test_loss")
    train_accuracy = tf.keras.metrics.SparseCategoricalAccuracy(name="train_accuracy")
    test_accuracy = tf.keras.metrics.SparseCategoricalAccuracy(name="test_accuracy")
with strategy.scope():
    model = create_model()
    optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)
    checkpoint = tf.train.Checkpoint(optimizer=optimizer, model=model)
print(tf.nn.compute_average_loss(tf.constant([1.0, 2.0, 3.0, 6.0])))
print(tf.nn.compute_average_loss(tf.constant([1.0, 2.0]), global_batch_size=8))
print(tf.nn.compute_average_loss(tf.constant([1.0, 2.0]), sample_weight=tf.constant([0.5, 1.0]), global_batch_size=4))
print(tf.nn.scale_regularization_loss(tf.constant(3.0)))


def train_step(inputs):
    images, labels = inputs
    with tf.GradientTape() as tape:
        predictions = model(images, training=True)
        loss = compute_loss(labels, predictions, model.losses)
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    train_accuracy.update_state(labels, predictions)
    return loss


def test_step(inputs):
    images, labels = inputs
    predictions = model(images, training=False)
    t_loss = loss_object(labels, predictions)
    test_loss.update_state(t_loss)
    test_accuracy.update_state(labels, predictions)


@tf.function
def distributed_train_step(dataset_inputs):
    per_replica_losses = strategy.run(train_step, args=(dataset_inputs,))
    return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica_losses, axis=None)


@tf.function
def distributed_test_step(dataset_inputs):
    return strategy.run(test_step, args=(dataset_inputs,))


EPOCHS = 3
for epoch in range(EPOCHS):
    total_loss = 0.0
    num_batches = 0
    for x in train_dist_dataset:
        total_loss += distributed_train_step(x)
        num_batches += 1
    train_loss = total_loss / num_batches
    for x in test_dist_dataset:
        distributed_test_step(x)
    if epoch % 2 == 0:
        checkpoint.save(checkpoint_prefix)
    template = "Epoch {}, Loss: {:.3f}, Accuracy: {:.3f}, Test Loss: {:.3f}, Test Accuracy: {:.3f}"
    print(template.format(epoch + 1, train_loss, train_accuracy.result() * 100, test_loss.result(), test_accuracy.result() * 100) != "", num_batches)
    test_loss.reset_state()
    train_accuracy.reset_state()
    test_accuracy.reset_state()
print(sorted(os.listdir(checkpoint_dir)))
print(tf.train.latest_checkpoint(checkpoint_dir))
print(int(optimizer.iterations.numpy()))
eval_accuracy = tf.keras.metrics.SparseCategoricalAccuracy(name="eval_accuracy")
new_model = create_model()
new_optimizer = tf.keras.optimizers.SGD()
test_dataset = tf.data.Dataset.from_tensor_slices((test_images_f, test_labels)).batch(GLOBAL_BATCH_SIZE)


@tf.function
def eval_step(images, labels):
    predictions = new_model(images, training=False)
    eval_accuracy(labels, predictions)


checkpoint = tf.train.Checkpoint(optimizer=new_optimizer, model=new_model)
status = checkpoint.restore(tf.train.latest_checkpoint(checkpoint_dir))
for images, labels in test_dataset:
    eval_step(images, labels)
print(int(new_optimizer.iterations.numpy()), 0.0 <= float(eval_accuracy.result()) <= 1.0)
for a, b in zip(model.weights, new_model.weights):
    assert a.shape == b.shape

# -- iterating a distributed dataset by hand
with strategy.scope():
    it = iter(train_dist_dataset)
    for _ in range(2):
        batch = next(it)
        print(type(batch[0]).__name__, [tuple(t.shape) for t in strategy.experimental_local_results(batch[0])])
    per_replica = strategy.run(lambda x: tf.reduce_sum(x[1]), args=(batch,))
    print([int(v) for v in strategy.experimental_local_results(per_replica)])
    print(int(strategy.reduce("SUM", per_replica, axis=None)) == int(sum(strategy.experimental_local_results(per_replica))))
