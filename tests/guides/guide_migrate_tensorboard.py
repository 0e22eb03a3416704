# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Migrate TensorBoard: TensorFlow's visualization toolkit" guide on small seeded data:
Keras's TensorBoard callback (epoch and batch summaries, histograms, validation) and
tf.summary written by hand in a custom loop (scalars, histograms, text, record_if, a
traced step), each read back with tf.compat.v1.train.summary_iterator."""

import glob
import os

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(3)
rng = np.random.default_rng(3)
x_train = rng.uniform(size=(64, 28, 28)).astype("float32")
y_train = rng.integers(0, 10, size=(64,))
x_test = rng.uniform(size=(16, 28, 28)).astype("float32")
y_test = rng.integers(0, 10, size=(16,))


def show(log_dir):
    """Every event of every event file under log_dir: its run, step, tags and values."""
    for path in sorted(glob.glob(os.path.join(log_dir, "**", "events.out.tfevents.*"), recursive=True)):
        run = os.path.relpath(os.path.dirname(path), log_dir)
        events = list(tf.compat.v1.train.summary_iterator(path))
        print(run, "events:", len(events), "first:", events[0].WhichOneof("what"), events[0].file_version)
        for e in events[1:]:
            kind = e.WhichOneof("what")
            if kind != "summary":
                print(" ", run, e.step, kind)
                continue
            for v in e.summary.value:
                plugin = v.metadata.plugin_data.plugin_name
                arr = tf.make_ndarray(v.tensor)
                if "steps_per_second" in v.tag:
                    shown = "(a rate)"
                elif plugin == "scalars":
                    shown = "%.4f" % float(arr)
                elif plugin == "text":
                    shown = arr.tolist()
                else:
                    shown = "%s %s" % (arr.dtype, list(arr.shape))
                print(" ", run, e.step, v.tag, plugin, v.metadata.summary_description[:40], shown)


# TF2: Keras's TensorBoard callback
def create_model():
  return tf.keras.models.Sequential([
    tf.keras.layers.Input(shape=(28, 28), name='layers_flatten'),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(32, activation='relu', name='layers_dense'),
    tf.keras.layers.Dropout(0.2, name='layers_dropout'),
    tf.keras.layers.Dense(10, activation='softmax', name='layers_dense_2')
  ])


model = create_model()
model.compile(optimizer='adam',
              loss='sparse_categorical_crossentropy',
              metrics=['accuracy'])
log_dir = os.path.abspath("logs/fit")
tensorboard_callback = tf.keras.callbacks.TensorBoard(log_dir=log_dir, histogram_freq=1, write_graph=False)
h = model.fit(x=x_train,
              y=y_train,
              epochs=2,
              batch_size=32,
              validation_data=(x_test, y_test),
              callbacks=[tensorboard_callback], verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})
show(log_dir)
print(sorted(os.listdir(log_dir)))

# batch-level summaries and a summary written inside the model's call
log_dir2 = os.path.abspath("logs/batch")
tb2 = tf.keras.callbacks.TensorBoard(log_dir=log_dir2, update_freq=1, write_graph=False)
model.fit(x_train, y_train, epochs=1, batch_size=32, callbacks=[tb2], verbose=0)
show(log_dir2)

# TF2: tf.summary by hand in a custom training loop
log_dir3 = os.path.abspath("logs/custom")
train_writer = tf.summary.create_file_writer(os.path.join(log_dir3, "train"))
test_writer = tf.summary.create_file_writer(os.path.join(log_dir3, "test"))
print(type(train_writer).__name__)
model = create_model()
optimizer = tf.keras.optimizers.SGD(0.1)
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy()
train_loss = tf.keras.metrics.Mean("train_loss", dtype=tf.float32)
train_accuracy = tf.keras.metrics.SparseCategoricalAccuracy("train_accuracy")
test_loss = tf.keras.metrics.Mean("test_loss", dtype=tf.float32)
train_ds = tf.data.Dataset.from_tensor_slices((x_train, y_train)).batch(32)


@tf.function
def train_step(x, y):
  with tf.GradientTape() as tape:
    predictions = model(x, training=True)
    loss = loss_fn(y, predictions)
  grads = tape.gradient(loss, model.trainable_variables)
  optimizer.apply_gradients(zip(grads, model.trainable_variables))
  train_loss(loss)
  train_accuracy(y, predictions)
  with tf.summary.record_if(lambda: tf.equal(optimizer.iterations % 2, 0)):
    tf.summary.scalar("step_loss", loss, step=optimizer.iterations)
  return loss


for epoch in range(2):
  with train_writer.as_default():
    for x, y in train_ds:
      train_step(x, y)
    tf.summary.scalar("loss", train_loss.result(), step=epoch)
    tf.summary.scalar("accuracy", train_accuracy.result(), step=epoch)
    tf.summary.histogram("dense_kernel", model.layers[1].kernel, step=epoch, buckets=5)
  test_loss(loss_fn(y_test, model(x_test)))
  with test_writer.as_default(step=epoch):
    tf.summary.scalar("loss", test_loss.result())
    tf.summary.text("note", "epoch %d" % epoch)
  print(epoch, round(float(train_loss.result()), 4), round(float(train_accuracy.result()), 4), round(float(test_loss.result()), 4))
  for m in (train_loss, train_accuracy, test_loss):
    m.reset_state()
train_writer.flush()
test_writer.close()
show(log_dir3)
print(tf.summary.scalar("outside", 1.0, step=0))
try:
  with train_writer.as_default():
    tf.summary.scalar("no_step", 1.0)
except ValueError as e:
  print("ValueError", str(e).splitlines()[0])
