# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's beginner and expert quickstarts on a small seeded MNIST-like set: a Sequential
model's logits, softmax and loss before training, compile/fit/evaluate, the probability
model; then the expert one's subclassed model trained by a tf.function step over
tf.data with Keras metrics."""

import numpy as np
import tensorflow as tf

print("TensorFlow version:", tf.__version__[:4])
tf.keras.utils.set_random_seed(7)

rng = np.random.default_rng(0)
y_train = rng.integers(0, 10, size=256).astype("uint8")
y_test = rng.integers(0, 10, size=64).astype("uint8")
protos = rng.integers(0, 256, size=(10, 28, 28)).astype("uint8")


def images(labels):
    noise = rng.integers(0, 60, size=(len(labels), 28, 28))
    return np.clip(protos[labels].astype(int) // 2 + noise, 0, 255).astype("uint8")


x_train, x_test = images(y_train), images(y_test)
x_train, x_test = x_train / 255.0, x_test / 255.0
print(x_train.dtype, x_train.shape, y_train.dtype)

# -- beginner
model = tf.keras.models.Sequential([
    tf.keras.layers.Flatten(input_shape=(28, 28)),
    tf.keras.layers.Dense(128, activation='relu'),
    tf.keras.layers.Dropout(0.2),
    tf.keras.layers.Dense(10)
])
predictions = model(x_train[:1]).numpy()
print(predictions.shape, predictions.dtype)
print(np.round(predictions, 4))
print(np.round(tf.nn.softmax(predictions).numpy(), 4))
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
print(round(float(loss_fn(y_train[:1], predictions).numpy()), 4))
print(loss_fn.get_config())
model.compile(optimizer='adam', loss=loss_fn, metrics=['accuracy'])
model.summary()
history = model.fit(x_train, y_train, epochs=3, batch_size=32, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in history.history.items()})
print([round(v, 4) for v in model.evaluate(x_test, y_test, verbose=0)])
probability_model = tf.keras.Sequential([model, tf.keras.layers.Softmax()])
probs = probability_model(x_test[:5])
print(probs.shape, probs.dtype, np.round(probs.numpy().sum(axis=1), 4))
print(np.argmax(probs, axis=1), y_test[:5])
print([layer.name for layer in probability_model.layers])

# -- expert
x_train = x_train[..., tf.newaxis].astype("float32")
x_test = x_test[..., tf.newaxis].astype("float32")
print(x_train.shape)
train_ds = tf.data.Dataset.from_tensor_slices((x_train, y_train)).shuffle(256, seed=1).batch(32)
test_ds = tf.data.Dataset.from_tensor_slices((x_test, y_test)).batch(32)
print(train_ds.element_spec)


class MyModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.conv1 = tf.keras.layers.Conv2D(4, 3, activation='relu')
        self.flatten = tf.keras.layers.Flatten()
        self.d1 = tf.keras.layers.Dense(32, activation='relu')
        self.d2 = tf.keras.layers.Dense(10)

    def call(self, x):
        x = self.conv1(x)
        x = self.flatten(x)
        x = self.d1(x)
        return self.d2(x)


model = MyModel()
loss_object = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
optimizer = tf.keras.optimizers.Adam()
train_loss = tf.keras.metrics.Mean(name='train_loss')
train_accuracy = tf.keras.metrics.SparseCategoricalAccuracy(name='train_accuracy')
test_loss = tf.keras.metrics.Mean(name='test_loss')
test_accuracy = tf.keras.metrics.SparseCategoricalAccuracy(name='test_accuracy')


@tf.function
def train_step(images, labels):
    with tf.GradientTape() as tape:
        predictions = model(images, training=True)
        loss = loss_object(labels, predictions)
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    train_loss(loss)
    train_accuracy(labels, predictions)


@tf.function
def test_step(images, labels):
    predictions = model(images, training=False)
    t_loss = loss_object(labels, predictions)
    test_loss(t_loss)
    test_accuracy(labels, predictions)


EPOCHS = 2
for epoch in range(EPOCHS):
    train_loss.reset_state()
    train_accuracy.reset_state()
    test_loss.reset_state()
    test_accuracy.reset_state()
    for images_, labels in train_ds:
        train_step(images_, labels)
    for test_images, test_labels in test_ds:
        test_step(test_images, test_labels)
    print(
        f'Epoch {epoch + 1}, '
        f'Loss: {train_loss.result():.4f}, '
        f'Accuracy: {train_accuracy.result() * 100:.2f}, '
        f'Test Loss: {test_loss.result():.4f}, '
        f'Test Accuracy: {test_accuracy.result() * 100:.2f}'
    )
print([v.name for v in model.trainable_variables], [tuple(v.shape) for v in model.trainable_variables])
print(int(optimizer.iterations), train_step.experimental_get_tracing_count(), test_step.experimental_get_tracing_count())
print(train_accuracy.result(), train_loss.count if hasattr(train_loss, 'count') else '')
print(train_loss.get_config(), train_accuracy.get_config())
