# ruff: noqa: E702, E701, E501, E741, UP031, UP032  (the cells as written)
# Training loops as TF's "Basic training loops" and "Writing a training loop from scratch"
# guides write them: a tf.Module fit by hand with GradientTape, the same model as a Keras
# model with compile/fit, and a Keras model trained by a custom loop with metrics, a
# tf.function step and an activity-regularization loss. Local synthetic data, seeded.
import numpy as np
import tensorflow as tf

keras = tf.keras

TRUE_W = 3.0
TRUE_B = 2.0
NUM_EXAMPLES = 201
x = tf.linspace(-2, 2, NUM_EXAMPLES)
x = tf.cast(x, tf.float32)
rng = np.random.default_rng(0)
noise = tf.constant(rng.normal(size=[NUM_EXAMPLES]).astype("float32"))
y = x * TRUE_W + TRUE_B + noise
print(x[:3], y[:3])


class MyModel(tf.Module):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.w = tf.Variable(5.0)
        self.b = tf.Variable(0.0)

    def __call__(self, x):
        return self.w * x + self.b


model = MyModel()
print("Variables:", model.variables)
assert model(3.0).numpy() == 15.0


def loss(target_y, predicted_y):
    return tf.reduce_mean(tf.square(target_y - predicted_y))


print("Current loss: %1.6f" % loss(y, model(x)).numpy())


def train(model, x, y, learning_rate):
    with tf.GradientTape() as t:
        current_loss = loss(y, model(x))
    dw, db = t.gradient(current_loss, [model.w, model.b])
    model.w.assign_sub(learning_rate * dw)
    model.b.assign_sub(learning_rate * db)


weights = []
biases = []
epochs = range(10)


def report(model, loss):
    return f"W = {model.w.numpy():1.2f}, b = {model.b.numpy():1.2f}, loss={loss:2.4f}"  # (TF sums in Eigen's order: the 5th digit can differ)


def training_loop(model, x, y):
    for epoch in epochs:
        train(model, x, y, learning_rate=0.1)
        weights.append(model.w.numpy())
        biases.append(model.b.numpy())
        current_loss = loss(y, model(x))
        print(f"Epoch {epoch:2d}:")
        print("    ", report(model, current_loss))


current_loss = loss(y, model(x))
print("Starting:")
print("    ", report(model, current_loss))
training_loop(model, x, y)


class MyModelKeras(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.w = self.add_weight(shape=(), initializer=keras.initializers.Constant(5.0), name="w")
        self.b = self.add_weight(shape=(), initializer="zeros", name="b")

    def call(self, x):
        return self.w * x + self.b


keras_model = MyModelKeras()
training_loop(keras_model, x, y)
keras_model.save_weights("my_checkpoint.weights.h5")
keras_model = MyModelKeras()
keras_model.compile(run_eagerly=False, optimizer=keras.optimizers.SGD(learning_rate=0.1),
                    loss="mse")
print(x.shape[0])
hist = keras_model.fit(x, y, epochs=10, batch_size=1000, verbose=0)
print([round(v, 4) for v in hist.history["loss"]])
print(sorted(hist.history), hist.params)
print(round(float(keras_model.w.numpy()), 4), round(float(keras_model.b.numpy()), 4))

# Writing a training loop from scratch
keras.utils.set_random_seed(1)
inputs = keras.Input(shape=(16,), name="digits")
h = keras.layers.Dense(32, activation="relu")(inputs)
h = keras.layers.Dense(32, activation="relu")(h)
outputs = keras.layers.Dense(4, name="predictions")(h)
model = keras.Model(inputs=inputs, outputs=outputs)
model.summary()
optimizer = keras.optimizers.Adam(learning_rate=1e-3)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
print(loss_fn.get_config())

xs = rng.normal(size=(256, 16)).astype("float32")
ys = (xs[:, :4].argmax(axis=1)).astype("int64")
x_val, y_val = xs[-64:], ys[-64:]
x_train, y_train = xs[:-64], ys[:-64]
train_dataset = tf.data.Dataset.from_tensor_slices((x_train, y_train)).batch(32)
val_dataset = tf.data.Dataset.from_tensor_slices((x_val, y_val)).batch(32)
print(train_dataset.element_spec)

train_acc_metric = keras.metrics.SparseCategoricalAccuracy()
val_acc_metric = keras.metrics.SparseCategoricalAccuracy()
print(train_acc_metric, train_acc_metric.name, train_acc_metric.variables)

for epoch in range(2):
    for step, (x_batch_train, y_batch_train) in enumerate(train_dataset):
        with tf.GradientTape() as tape:
            logits = model(x_batch_train, training=True)
            loss_value = loss_fn(y_batch_train, logits)
        grads = tape.gradient(loss_value, model.trainable_weights)
        optimizer.apply_gradients(zip(grads, model.trainable_weights))
        train_acc_metric.update_state(y_batch_train, logits)
        if step % 3 == 0:
            print("Training loss (for 1 batch) at step %d: %.4f" % (step, float(loss_value)))
    train_acc = train_acc_metric.result()
    print("Training acc over epoch: %.4f" % (float(train_acc),))
    train_acc_metric.reset_state()
    for x_batch_val, y_batch_val in val_dataset:
        val_logits = model(x_batch_val, training=False)
        val_acc_metric.update_state(y_batch_val, val_logits)
    print("Validation acc: %.4f" % (float(val_acc_metric.result()),))
    val_acc_metric.reset_state()
print(optimizer.iterations, type(optimizer.iterations).__name__)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss_value = loss_fn(y, logits)
    grads = tape.gradient(loss_value, model.trainable_weights)
    optimizer.apply_gradients(zip(grads, model.trainable_weights))
    train_acc_metric.update_state(y, logits)
    return loss_value


@tf.function
def test_step(x, y):
    val_logits = model(x, training=False)
    val_acc_metric.update_state(y, val_logits)


for epoch in range(2):
    for step, (x_batch_train, y_batch_train) in enumerate(train_dataset):
        loss_value = train_step(x_batch_train, y_batch_train)
    print("epoch %d loss %.4f acc %.4f" % (epoch, float(loss_value), float(train_acc_metric.result())))
    train_acc_metric.reset_state()
    for x_batch_val, y_batch_val in val_dataset:
        test_step(x_batch_val, y_batch_val)
    print("Validation acc: %.4f" % (float(val_acc_metric.result()),))
    val_acc_metric.reset_state()
print(train_step.experimental_get_tracing_count(), int(optimizer.iterations))


class ActivityRegularizationLayer(keras.layers.Layer):
    def call(self, inputs):
        self.add_loss(1e-2 * tf.reduce_sum(inputs))
        return inputs


inputs = keras.Input(shape=(16,), name="digits")
h = keras.layers.Dense(8, activation="relu")(inputs)
h = ActivityRegularizationLayer()(h)
outputs = keras.layers.Dense(4, name="predictions")(h)
model = keras.Model(inputs=inputs, outputs=outputs)
out = model(xs[:4], training=True)
print(len(model.losses), [round(float(l), 4) for l in model.losses])
print(out.shape, [l.name for l in model.layers])
