# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""The parts of TF's "Migrate early stopping" and "Migrate evaluation" guides that
guide_migrate_metrics_optimizers leaves out, on small seeded data: EarlyStopping on the
validation loss with its verbose lines, restore_best_weights and start_from_epoch; the
guide's custom loop stopping on a validation metric; and evaluation beside training:
Keras 3 has no SidecarEvaluator (printed), so checkpoints written by a callback are
evaluated in turn as a sidecar does, through tf.train.checkpoints_iterator."""

import os

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(6)
rng = np.random.default_rng(6)
x_train = rng.normal(size=(96, 8)).astype("float32")
y_train = (x_train[:, :3].sum(axis=1) > 0).astype("int64")
x_val = rng.normal(size=(32, 8)).astype("float32")
y_val = (x_val[:, :3].sum(axis=1) > 0).astype("int64")
train_dataset = tf.data.Dataset.from_tensor_slices((x_train, y_train)).batch(32)
val_dataset = tf.data.Dataset.from_tensor_slices((x_val, y_val)).batch(32)


def make_model():
  return tf.keras.Sequential([
      tf.keras.Input((8,)),
      tf.keras.layers.Dense(16, activation="relu"),
      tf.keras.layers.Dense(2),
  ])


# TensorFlow 2: early stopping with a built-in callback and Model.fit
model = make_model()
model.compile(optimizer=tf.keras.optimizers.Adam(0.05),
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=['sparse_categorical_accuracy'])
callback = tf.keras.callbacks.EarlyStopping(monitor='val_loss', patience=2, restore_best_weights=True, verbose=1)
history = model.fit(train_dataset, epochs=30, validation_data=val_dataset, callbacks=[callback], verbose=0)
print(len(history.history['loss']), callback.stopped_epoch, callback.best_epoch, round(callback.best, 4))
print({k: [round(v, 4) for v in vs] for k, vs in history.history.items()})
print([round(v, 4) for v in model.evaluate(val_dataset, verbose=0)])

cb = tf.keras.callbacks.EarlyStopping(monitor='val_sparse_categorical_accuracy', mode='max', patience=1, start_from_epoch=3, verbose=1, min_delta=0.2)
model = make_model()
model.compile(optimizer=tf.keras.optimizers.SGD(0.01), loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=['sparse_categorical_accuracy'])
history = model.fit(train_dataset, epochs=10, validation_data=val_dataset, callbacks=[cb], verbose=0)
print(len(history.history['loss']), cb.stopped_epoch, cb.best_epoch, cb.wait)
cb = tf.keras.callbacks.EarlyStopping(monitor='loss', baseline=0.01, patience=2, verbose=1, restore_best_weights=True)
model.fit(train_dataset, epochs=5, callbacks=[cb], verbose=0)
print(cb.stopped_epoch, cb.best_weights is not None)

# TensorFlow 2: early stopping with a custom training loop
model = make_model()
optimizer = tf.keras.optimizers.Adam(learning_rate=0.05)
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
train_acc_metric = tf.keras.metrics.SparseCategoricalAccuracy()
train_loss_metric = tf.keras.metrics.SparseCategoricalCrossentropy(from_logits=True)
val_acc_metric = tf.keras.metrics.SparseCategoricalAccuracy()
val_loss_metric = tf.keras.metrics.SparseCategoricalCrossentropy(from_logits=True)


@tf.function
def train_step(x, y):
  with tf.GradientTape() as tape:
      logits = model(x, training=True)
      loss_value = loss_fn(y, logits)
  grads = tape.gradient(loss_value, model.trainable_weights)
  optimizer.apply_gradients(zip(grads, model.trainable_weights))
  train_acc_metric.update_state(y, logits)
  train_loss_metric.update_state(y, logits)
  return loss_value


@tf.function
def test_step(x, y):
  logits = model(x, training=False)
  val_acc_metric.update_state(y, logits)
  val_loss_metric.update_state(y, logits)


epochs = 100
patience = 3
wait = 0
best = float('inf')

for epoch in range(epochs):
    for step, (x_batch_train, y_batch_train) in enumerate(train_dataset):
      loss_value = train_step(x_batch_train, y_batch_train)
    train_acc = train_acc_metric.result()
    train_loss = train_loss_metric.result()
    train_acc_metric.reset_state()
    train_loss_metric.reset_state()
    print("Epoch %d: training acc %.4f loss %.4f" % (epoch, float(train_acc), float(train_loss)))

    for x_batch_val, y_batch_val in val_dataset:
      test_step(x_batch_val, y_batch_val)
    val_loss = val_loss_metric.result()
    val_acc = val_acc_metric.result()
    val_acc_metric.reset_state()
    val_loss_metric.reset_state()
    print("  validation acc %.4f loss %.4f" % (float(val_acc), float(val_loss)))

    # The early stopping strategy: stop the training if `val_loss` does not
    # decrease over a certain number of epochs.
    wait += 1
    if val_loss < best:
      best = val_loss
      wait = 0
    if wait >= patience:
      break
print(epoch, round(float(best), 4), train_step.experimental_get_tracing_count(), test_step.experimental_get_tracing_count())

# "Migrate evaluation": TF 2's SidecarEvaluator is Keras 2's
try:
  tf.keras.utils.SidecarEvaluator
except AttributeError as e:
  print("AttributeError:", str(e).split(" has ")[1])

# ... evaluation in turn of the checkpoints training writes, as a sidecar evaluator does
log_dir = os.path.abspath("ckpts")
model = make_model()
model.compile(optimizer=tf.keras.optimizers.Adam(0.05),
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=['sparse_categorical_accuracy'])
checkpoint = tf.train.Checkpoint(model=model, optimizer=model.optimizer)
manager = tf.train.CheckpointManager(checkpoint, log_dir, max_to_keep=5)


class SaveEachEpoch(tf.keras.callbacks.Callback):
  def on_epoch_end(self, epoch, logs=None):
    manager.save(checkpoint_number=epoch + 1)


model.fit(train_dataset, epochs=3, callbacks=[SaveEachEpoch()], verbose=0)
print([os.path.basename(p) for p in manager.checkpoints], os.path.basename(tf.train.latest_checkpoint(log_dir)))

eval_model = make_model()
eval_model.compile(loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=['sparse_categorical_accuracy'])
eval_ckpt = tf.train.Checkpoint(model=eval_model)
for path in tf.train.checkpoints_iterator(log_dir, timeout=0.1, min_interval_secs=0):
  status = eval_ckpt.restore(path)
  status.expect_partial().assert_existing_objects_matched()
  results = eval_model.evaluate(val_dataset, verbose=0, return_dict=True)
  print(os.path.basename(path), {k: round(v, 4) for k, v in results.items()})
  if path.endswith("-3"):
    break
print(tf.train.checkpoints_iterator.__name__, [os.path.basename(p) for p in tf.train.get_checkpoint_state(log_dir).all_model_checkpoint_paths])
