# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Custom training with tf.distribute.Strategy" tutorial on a CPU split into two logical
devices and a small seeded Fashion-MNIST-like set, its cells in order: MirroredStrategy,
a distributed dataset of global batches, a model with L2 regularizers made in the scope, the
loss with reduction NONE averaged by compute_average_loss plus scale_regularization_loss,
metrics made in the scope, strategy.run of the train and test steps reduced with SUM,
checkpoints every other epoch, restoring the latest one into a model without a strategy,
then the alternate loops: an iterator stepped by hand and a whole epoch iterated inside a
tf.function. (Keras 2's reset_states, which Keras 3 dropped and eagerflow keeps on purpose,
is reset_state here.)"""

import os

import numpy as np
import tensorflow as tf

cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(
    cpu, [tf.config.LogicalDeviceConfiguration(), tf.config.LogicalDeviceConfiguration()])
tf.keras.utils.set_random_seed(29)
rng = np.random.default_rng(29)
print(tf.__version__[:4])

protos = rng.random((10, 14, 14)).astype("float32")


def fashion(n):
    labels = rng.integers(0, 10, size=n).astype("uint8")
    noise = rng.random((n, 14, 14)).astype("float32")
    return ((protos[labels] + noise) * 127).astype("uint8"), labels


(train_images, train_labels), (test_images, test_labels) = fashion(160), fashion(48)
# Add a dimension to the array -> new shape == (28, 28, 1)
# This is done because the first layer in our model is a convolutional
# layer and it requires a 4D input (batch_size, height, width, channels).
# batch_size dimension will be added later on.
train_images = train_images[..., None]
test_images = test_images[..., None]

# Scale the pixel values to the [0, 1] range.
train_images = train_images / np.float32(255)
test_images = test_images / np.float32(255)
print(train_images.shape, train_images.dtype, train_labels.dtype)

# If the list of devices is not specified in
# `tf.distribute.MirroredStrategy` constructor, they will be auto-detected.
strategy = tf.distribute.MirroredStrategy()
print('Number of devices: {}'.format(strategy.num_replicas_in_sync))
BUFFER_SIZE = len(train_images)

BATCH_SIZE_PER_REPLICA = 16
GLOBAL_BATCH_SIZE = BATCH_SIZE_PER_REPLICA * strategy.num_replicas_in_sync

EPOCHS = 4
train_dataset = tf.data.Dataset.from_tensor_slices((train_images, train_labels)).shuffle(BUFFER_SIZE, seed=7).batch(GLOBAL_BATCH_SIZE)
test_dataset = tf.data.Dataset.from_tensor_slices((test_images, test_labels)).batch(GLOBAL_BATCH_SIZE)

train_dist_dataset = strategy.experimental_distribute_dataset(train_dataset)
test_dist_dataset = strategy.experimental_distribute_dataset(test_dataset)
print(train_dist_dataset.element_spec)
print(test_dist_dataset.element_spec)


def create_model():
    regularizer = tf.keras.regularizers.L2(1e-5)
    model = tf.keras.Sequential([
        tf.keras.layers.Input((14, 14, 1)),
        tf.keras.layers.Conv2D(8, 3,
                               activation='relu',
                               kernel_regularizer=regularizer),
        tf.keras.layers.MaxPooling2D(),
        tf.keras.layers.Conv2D(8, 3,
                               activation='relu',
                               kernel_regularizer=regularizer),
        tf.keras.layers.MaxPooling2D(),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(16,
                              activation='relu',
                              kernel_regularizer=regularizer),
        tf.keras.layers.Dense(10, kernel_regularizer=regularizer)
    ])

    return model


# Create a checkpoint directory to store the checkpoints.
checkpoint_dir = './training_checkpoints'
checkpoint_prefix = os.path.join(checkpoint_dir, "ckpt")

with strategy.scope():
    # Set reduction to `NONE` so you can do the reduction yourself.
    loss_object = tf.keras.losses.SparseCategoricalCrossentropy(
        from_logits=True,
        reduction=tf.keras.losses.Reduction.NONE)

    def compute_loss(labels, predictions, model_losses):
        per_example_loss = loss_object(labels, predictions)
        loss = tf.nn.compute_average_loss(per_example_loss)
        if model_losses:
            loss += tf.nn.scale_regularization_loss(tf.add_n(model_losses))
        return loss
print(loss_object.reduction, loss_object.name)

with strategy.scope():
    test_loss = tf.keras.metrics.Mean(name='test_loss')

    train_accuracy = tf.keras.metrics.SparseCategoricalAccuracy(
        name='train_accuracy')
    test_accuracy = tf.keras.metrics.SparseCategoricalAccuracy(
        name='test_accuracy')
print(type(test_loss.variables[0]).__name__, test_loss.variables[0].path)

# A model, an optimizer, and a checkpoint must be created under `strategy.scope`.
with strategy.scope():
    model = create_model()

    optimizer = tf.keras.optimizers.Adam(learning_rate=0.001)

    checkpoint = tf.train.Checkpoint(optimizer=optimizer, model=model)
    # (TF 2.21 cannot build a Keras 3 Adam's slots lazily in the first distributed
    # tf.function step: "You must feed a value for placeholder tensor"; built here)
    optimizer.build(model.trainable_variables)
print(len(optimizer.variables), optimizer.variables[1].path)


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


# `run` replicates the provided computation and runs it
# with the distributed input.
@tf.function
def distributed_train_step(dataset_inputs):
    per_replica_losses = strategy.run(train_step, args=(dataset_inputs,))
    return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica_losses,
                           axis=None)


@tf.function
def distributed_test_step(dataset_inputs):
    return strategy.run(test_step, args=(dataset_inputs,))


for epoch in range(EPOCHS):
    # TRAIN LOOP
    total_loss = 0.0
    num_batches = 0
    for x in train_dist_dataset:
        total_loss += distributed_train_step(x)
        num_batches += 1
    train_loss = total_loss / num_batches

    # TEST LOOP
    for x in test_dist_dataset:
        distributed_test_step(x)

    if epoch % 2 == 0:
        checkpoint.save(checkpoint_prefix)

    template = ("Epoch {}, Loss: {:.3f}, Accuracy: {:.3f}, Test Loss: {:.3f}, "
                "Test Accuracy: {:.3f}")
    print(template.format(epoch + 1, train_loss,
                          train_accuracy.result() * 100, test_loss.result(),
                          test_accuracy.result() * 100))

    test_loss.reset_state()
    train_accuracy.reset_state()
    test_accuracy.reset_state()
print(type(train_loss).__name__, train_loss.dtype, num_batches)
print(int(optimizer.iterations.numpy()), distributed_train_step.experimental_get_tracing_count(),
      distributed_test_step.experimental_get_tracing_count())
print(sorted(os.listdir(checkpoint_dir)))
print(tf.train.latest_checkpoint(checkpoint_dir))
print(len(model.losses), [tuple(w.shape) for w in model.trainable_weights])

# -- restore the latest checkpoint and test
eval_accuracy = tf.keras.metrics.SparseCategoricalAccuracy(
    name='eval_accuracy')

new_model = create_model()
new_optimizer = tf.keras.optimizers.Adam()

test_dataset = tf.data.Dataset.from_tensor_slices((test_images, test_labels)).batch(GLOBAL_BATCH_SIZE)


@tf.function
def eval_step(images, labels):
    predictions = new_model(images, training=False)
    eval_accuracy(labels, predictions)


checkpoint = tf.train.Checkpoint(optimizer=new_optimizer, model=new_model)
checkpoint.restore(tf.train.latest_checkpoint(checkpoint_dir))

for images, labels in test_dataset:
    eval_step(images, labels)

print('Accuracy after restoring the saved model without strategy: {:.3f}'.format(
    eval_accuracy.result() * 100))
print(int(new_optimizer.iterations.numpy()))

# -- alternate ways of iterating over a dataset: using iterators
for _ in range(EPOCHS):
    total_loss = 0.0
    num_batches = 0
    train_iter = iter(train_dist_dataset)

    for _ in range(3):
        total_loss += distributed_train_step(next(train_iter))
        num_batches += 1
    average_train_loss = total_loss / num_batches

    template = ("Epoch {}, Loss: {:.3f}, Accuracy: {:.3f}")
    print(template.format(epoch + 1, average_train_loss, train_accuracy.result() * 100))
    train_accuracy.reset_state()
print(type(train_iter).__name__, int(optimizer.iterations.numpy()))


# -- iterating inside a tf.function
@tf.function
def distributed_train_epoch(dataset):
    total_loss = 0.0
    num_batches = 0
    for x in dataset:
        per_replica_losses = strategy.run(train_step, args=(x,))
        total_loss += strategy.reduce(
            tf.distribute.ReduceOp.SUM, per_replica_losses, axis=None)
        num_batches += 1
    return total_loss / tf.cast(num_batches, dtype=tf.float32)


for epoch in range(EPOCHS):
    train_loss = distributed_train_epoch(train_dist_dataset)

    template = ("Epoch {}, Loss: {:.3f}, Accuracy: {:.3f}")
    print(template.format(epoch + 1, train_loss, train_accuracy.result() * 100))

    train_accuracy.reset_state()
print(int(optimizer.iterations.numpy()), distributed_train_epoch.experimental_get_tracing_count())
