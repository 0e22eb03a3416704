# ruff: noqa: E501, E741, F841, UP008, UP031, UP032  (the cells as written)
"""TF's "Effective TensorFlow 2" guide on a small seeded MNIST-like set (in place of
tensorflow_datasets' mnist): a tf.data pipeline (map/shuffle/batch/take), a Conv2D model with
an L2 kernel regularizer fit with Keras, the same model trained by a custom tf.function loop
adding model.losses, a dynamic RNN written with tf.range and a TensorArray, Keras metrics
updated in the step, metric names in a history, Python control flow inside a Keras model's
tf.function call, and run_functions_eagerly for debugging. (The guide's metrics call Keras 2's
reset_states, which Keras 3 dropped and eagerflow keeps on purpose: the cell calls
reset_state.)"""

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(12)
rng = np.random.default_rng(12)


def fake_mnist(n):
    labels = rng.integers(0, 10, size=n).astype("int64")
    images = rng.integers(0, 256, size=(n, 28, 28, 1)).astype("uint8")
    images[np.arange(n), 2 * labels + 3, :, 0] = 255  # a bright row per class
    return tf.data.Dataset.from_tensor_slices((images, labels))


mnist_train, mnist_test = fake_mnist(96), fake_mnist(32)
print(mnist_train.element_spec)

BUFFER_SIZE = 10  # Use a much larger value for real code
BATCH_SIZE = 16
NUM_EPOCHS = 2


def scale(image, label):
    image = tf.cast(image, tf.float32)
    image /= 255

    return image, label


train_data = mnist_train.map(scale).shuffle(BUFFER_SIZE, seed=1).batch(BATCH_SIZE)
eval_data = mnist_test.map(scale).batch(BATCH_SIZE)
STEPS_PER_EPOCH = 5
train_data = train_data.take(STEPS_PER_EPOCH)
eval_data = eval_data.take(STEPS_PER_EPOCH)
print(train_data.element_spec, train_data.cardinality().numpy(), eval_data.cardinality().numpy())

# -- Keras training loops
model = tf.keras.Sequential([
    tf.keras.layers.Conv2D(8, 3, activation='relu',
                           kernel_regularizer=tf.keras.regularizers.l2(0.02),
                           input_shape=(28, 28, 1)),
    tf.keras.layers.MaxPooling2D(),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dropout(0.1),
    tf.keras.layers.Dense(16, activation='relu'),
    tf.keras.layers.BatchNormalization(),
    tf.keras.layers.Dense(10)
])
# Model is the full model w/o custom layers
model.compile(optimizer='adam',
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=['accuracy'])
model.summary()
history = model.fit(train_data, epochs=NUM_EPOCHS, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
loss, acc = model.evaluate(eval_data, verbose=0)
print("Loss {:.3f}, Accuracy {:.3f}".format(loss, acc))
print(len(model.losses), [l.shape for l in model.losses])

# -- customize training and write your own loop
optimizer = tf.keras.optimizers.Adam(0.001)
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)


@tf.function
def train_step(inputs, labels):
    with tf.GradientTape() as tape:
        predictions = model(inputs, training=True)
        regularization_loss = tf.math.add_n(model.losses)
        pred_loss = loss_fn(labels, predictions)
        total_loss = pred_loss + regularization_loss

    gradients = tape.gradient(total_loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))


for epoch in range(NUM_EPOCHS):
    for inputs, labels in train_data:
        train_step(inputs, labels)
    print("Finished epoch", epoch)
print(int(optimizer.iterations), train_step.experimental_get_tracing_count())


# -- Python control flow in tf.function
@tf.function
def dynamic_rnn(rnn_cell, input_data, initial_state):
    # [batch, time, features] -> [time, batch, features]
    input_data = tf.transpose(input_data, [1, 0, 2])
    timesteps = tf.shape(input_data)[0]
    batch_size = tf.shape(input_data)[1]
    outputs = tf.TensorArray(tf.float32, timesteps)
    state = initial_state
    for i in tf.range(timesteps):
        output, state = rnn_cell(input_data[i], state)
        outputs = outputs.write(i, output)
    return tf.transpose(outputs.stack(), [1, 0, 2]), state


lstm_cell = tf.keras.layers.LSTMCell(units=13)

initial_state = [tf.zeros([10, 13]), tf.zeros([10, 13])]
input_data = tf.random.uniform([10, 20, 3], seed=3)

output, state = dynamic_rnn(lstm_cell, input_data, initial_state)
print(output.shape)
print(type(state).__name__, [s.shape for s in state])
print(bool(np.allclose(output[:, -1], state[0], atol=1e-6)))

# -- new-style metrics and losses
cce = tf.keras.losses.CategoricalCrossentropy(from_logits=True)
print(cce([[1, 0]], [[-1.0, 3.0]]).numpy().round(4))
loss_metric = tf.keras.metrics.Mean(name='train_loss')
accuracy_metric = tf.keras.metrics.SparseCategoricalAccuracy(name='train_accuracy')


@tf.function
def train_step(inputs, labels):
    with tf.GradientTape() as tape:
        predictions = model(inputs, training=True)
        regularization_loss = tf.math.add_n(model.losses)
        pred_loss = loss_fn(labels, predictions)
        total_loss = pred_loss + regularization_loss

    gradients = tape.gradient(total_loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    # Update the metrics
    loss_metric.update_state(total_loss)
    accuracy_metric.update_state(labels, predictions)


for epoch in range(NUM_EPOCHS):
    # Reset the metrics
    loss_metric.reset_state()
    accuracy_metric.reset_state()

    for inputs, labels in train_data:
        train_step(inputs, labels)
    # Get the metric results
    mean_loss = loss_metric.result()
    mean_accuracy = accuracy_metric.result()

    print('Epoch: ', epoch)
    print('  loss:     {:.3f}'.format(mean_loss))
    print('  accuracy: {:.3f}'.format(mean_accuracy))
print(loss_metric.name, accuracy_metric.name, [v.name for v in accuracy_metric.variables])

# -- Keras metric names
model.compile(
    optimizer=tf.keras.optimizers.Adam(0.001),
    loss=tf.keras.losses.SparseCategoricalCrossentropy(True),
    metrics=['acc', 'accuracy', tf.keras.metrics.SparseCategoricalAccuracy(name="my_accuracy")])
history = model.fit(train_data, verbose=0)
print(history.history.keys())
print(sorted(model.get_metrics_result()))
print([m.name for m in model.metrics])
model.compile(
    optimizer=tf.keras.optimizers.Adam(0.001),
    loss=tf.keras.losses.CategoricalCrossentropy(True),
    metrics=['acc'])
try:
    model.fit(train_data, verbose=0)
except ValueError as e:
    print("ValueError:", str(e).splitlines()[0])


# -- control flow inside a Keras model
class CustomModel(tf.keras.models.Model):

    @tf.function
    def call(self, input_data):
        if tf.reduce_mean(input_data) > 0:
            return input_data
        else:
            return input_data // 2


model = CustomModel()
print(model(tf.constant([-2, -4])))
print(model(tf.constant([2, 4])))


# -- debugging
@tf.function
def f(x):
    if x > 0:
        print("python print: eager" if tf.executing_eagerly() else "python print: tracing")
        x = x + 1
    return x


tf.config.run_functions_eagerly(True)
print(f(tf.constant(1)))
print(f(tf.constant(-1)))
tf.config.run_functions_eagerly(False)
print(f(tf.constant(1)))
print(f(tf.constant(2)))
print(f.experimental_get_tracing_count())
