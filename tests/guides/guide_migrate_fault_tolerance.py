# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's migration guides "Migrate checkpoint saving", "Migrate fault tolerance mechanisms" and
"Migrate early stopping", their TF 2 parts, on a seeded MNIST-like set of 8x8 images (no
download): ModelCheckpoint with Keras 3's path rules (a bare directory refused, .keras and
.weights.h5 files with {epoch} and save_best_only), BackupAndRestore resuming a fit
interrupted at an epoch end and, with save_freq, at a step (the epochs and steps it
resumes from, the history), a custom loop checkpointed by a CheckpointManager
(checkpoint_interval, step_counter, max_to_keep, restore_or_initialize), and early
stopping by the EarlyStopping callback, a custom callback, and a custom loop with a
patience counter."""

import os
import re
import tempfile

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(8)
rng = np.random.default_rng(8)


def make(n):
    y = rng.integers(0, 10, n)
    x = rng.uniform(0, 0.3, (n, 8, 8)).astype(np.float32)
    for i, c in enumerate(y):
        x[i, c % 8, :] += 0.7  # the class shows as a bright row...
        x[i, :, c // 2] += 0.3 * (c % 2)  # ...and, for odd ones, a dimmer column
    return x, y


(x_train, y_train), (x_test, y_test) = make(320), make(64)
print(x_train.shape, y_train[:10], x_test.shape)


def create_model():
    return tf.keras.models.Sequential([
        tf.keras.layers.Input((8, 8)),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(32, activation='relu'),
        tf.keras.layers.Dropout(0.2),
        tf.keras.layers.Dense(10, activation='softmax')
    ])


def show(history):
    return {k: [round(v, 3) for v in vs] for k, vs in sorted(history.items())}


# -- Migrate checkpoint saving: TF2
log_dir = 'checkpoint_saver'  # (the guide's tempfile.mkdtemp(), whose name ModelCheckpoint prints)
os.makedirs(log_dir)
model = create_model()
model.compile(optimizer='adam',
              loss='sparse_categorical_crossentropy',
              metrics=['accuracy'],
              steps_per_execution=10)
try:
    checkpoint_callback = tf.keras.callbacks.ModelCheckpoint(filepath=log_dir)
except ValueError as e:
    print(type(e).__name__, str(e).replace(log_dir, 'LOG_DIR'))

checkpoint_callback = tf.keras.callbacks.ModelCheckpoint(
    filepath=os.path.join(log_dir, 'model-{epoch:02d}.keras'))
best_callback = tf.keras.callbacks.ModelCheckpoint(
    filepath=os.path.join(log_dir, 'best.weights.h5'), save_weights_only=True,
    monitor='val_accuracy', mode='max', save_best_only=True, verbose=1)
history = model.fit(x_train, y_train,
                    epochs=3,
                    validation_data=(x_test, y_test),
                    callbacks=[checkpoint_callback, best_callback], verbose=0)
print(show(history.history))
print(sorted(os.listdir(log_dir)))
reloaded = tf.keras.models.load_model(os.path.join(log_dir, 'model-03.keras'))
print(np.allclose(reloaded.predict(x_test[:4], verbose=0), model.predict(x_test[:4], verbose=0)))
print(reloaded.optimizer.iterations.numpy(), model.optimizer.iterations.numpy())
try:
    tf.keras.callbacks.ModelCheckpoint(filepath=os.path.join(log_dir, 'w.h5'), save_weights_only=True)
except ValueError as e:
    print(type(e).__name__, str(e).replace(log_dir, 'LOG_DIR'))
try:
    tf.keras.callbacks.ModelCheckpoint(filepath=os.path.join(log_dir, 'w.weights.h5'), save_freq='sometimes')
except ValueError as e:
    print(type(e).__name__, str(e).replace(log_dir, 'LOG_DIR'))


# -- Migrate fault tolerance mechanisms: TF2 Keras, BackupAndRestore
class InterruptAtEpoch(tf.keras.callbacks.Callback):
    # A callback for artificially interrupting training.
    def __init__(self, interrupting_epoch=3):
        self.interrupting_epoch = interrupting_epoch

    def on_epoch_end(self, epoch, log=None):
        if epoch == self.interrupting_epoch - 1:
            print('\nInterrupting!')
            raise RuntimeError('Interruption')


class EpochLog(tf.keras.callbacks.Callback):
    def on_train_begin(self, logs=None):
        print('train begins at iteration', int(self.model.optimizer.iterations))

    def on_epoch_begin(self, epoch, logs=None):
        print('epoch', epoch, end='; ')


model = create_model()
model.compile(optimizer=tf.keras.optimizers.Adam(),
              loss='sparse_categorical_crossentropy',
              metrics=['accuracy'])

log_dir = tempfile.mkdtemp()
history = tf.keras.callbacks.History()
backup_restore_callback = tf.keras.callbacks.BackupAndRestore(
    backup_dir=log_dir)

try:
    model.fit(x=x_train,
              y=y_train,
              epochs=6,
              steps_per_epoch=10,
              validation_data=(x_test, y_test),
              callbacks=[backup_restore_callback, InterruptAtEpoch(), history, EpochLog()],
              verbose=0)
except Exception as e:
    print(f'{type(e).__name__}:{e}')
print(sorted(os.listdir(log_dir)))
print(show(history.history))
model.fit(x=x_train,
          y=y_train,
          epochs=6,
          steps_per_epoch=10,
          validation_data=(x_test, y_test),
          callbacks=[backup_restore_callback, history, EpochLog()],
          verbose=0)
print()
print(show(history.history), history.epoch)
print(os.path.exists(log_dir), sorted(os.listdir(log_dir)) if os.path.exists(log_dir) else None)
print([round(v, 3) for v in model.evaluate(x_test, y_test, verbose=0)])


class InterruptAtStep(tf.keras.callbacks.Callback):
    # A callback for artificially interrupting training.
    def __init__(self, interrupting_step=14):
        self.total_step_count = 0
        self.interrupting_step = interrupting_step

    def on_batch_begin(self, batch, logs=None):
        self.total_step_count += 1

    def on_batch_end(self, batch, logs=None):
        if self.total_step_count == self.interrupting_step:
            print("\nInterrupting at step count", self.total_step_count)
            raise RuntimeError('Interruption')


model = create_model()
model.compile(optimizer=tf.keras.optimizers.Adam(),
              loss='sparse_categorical_crossentropy',
              metrics=['accuracy'])

log_dir = tempfile.mkdtemp()
history = tf.keras.callbacks.History()
backup_restore_callback = tf.keras.callbacks.BackupAndRestore(
    backup_dir=log_dir, save_freq=3)

try:
    model.fit(x=x_train,
              y=y_train,
              epochs=4,
              steps_per_epoch=10,
              validation_data=(x_test, y_test),
              callbacks=[backup_restore_callback, InterruptAtStep(), history, EpochLog()],
              verbose=0)
except Exception as e:
    print(f'{type(e).__name__}:{e}')
print(sorted(os.listdir(log_dir)))
print(show(history.history))
print(int(model.optimizer.iterations))
model.fit(x=x_train,
          y=y_train,
          epochs=4,
          steps_per_epoch=10,
          validation_data=(x_test, y_test),
          callbacks=[backup_restore_callback, history, EpochLog()],
          verbose=0)
print()
print(show(history.history), history.epoch, int(model.optimizer.iterations))
print([round(v, 3) for v in model.evaluate(x_test, y_test, verbose=0)])
try:
    tf.keras.callbacks.BackupAndRestore(backup_dir=log_dir, save_freq='step')
except ValueError as e:
    print(type(e).__name__, e)
try:
    tf.keras.callbacks.BackupAndRestore(backup_dir=None)
except ValueError as e:
    print(type(e).__name__, e)

# -- Migrate fault tolerance: TF2 custom training loop
train_dataset = tf.data.Dataset.from_tensor_slices((x_train, y_train)).shuffle(320, seed=1).batch(32)
model = create_model()
optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy()
log_dir = tempfile.mkdtemp()
epochs = 5
steps_per_epoch = 5

checkpoint = tf.train.Checkpoint(model=model, optimizer=optimizer)

checkpoint_manager = tf.train.CheckpointManager(
    checkpoint, log_dir, max_to_keep=2, step_counter=optimizer.iterations,
    checkpoint_interval=8)

for epoch in range(epochs):
    if epoch == 3:
        break  # an interruption
    for step, (x, y) in zip(range(steps_per_epoch), train_dataset):
        with tf.GradientTape() as tape:
            logits = model(x, training=True)
            loss_value = loss_fn(y, logits)
        grads = tape.gradient(loss_value, model.trainable_weights)
        optimizer.apply_gradients(zip(grads, model.trainable_weights))
        saved = checkpoint_manager.save(check_interval=True)
        if saved:
            print('saved', os.path.basename(saved), 'at iteration', int(optimizer.iterations))
    print('epoch', epoch, 'loss', round(float(loss_value), 4))
print([os.path.basename(p) for p in checkpoint_manager.checkpoints])
print(os.path.basename(checkpoint_manager.latest_checkpoint))

# a new process: the same objects restored from the latest checkpoint
model = create_model()
optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)
checkpoint = tf.train.Checkpoint(model=model, optimizer=optimizer)
checkpoint_manager = tf.train.CheckpointManager(
    checkpoint, log_dir, max_to_keep=2, step_counter=optimizer.iterations,
    checkpoint_interval=8)
print(checkpoint_manager.restore_or_initialize() is not None and os.path.basename(checkpoint_manager.restore_or_initialize()))
print(int(optimizer.iterations))
print(checkpoint_manager.save(), checkpoint_manager.save(check_interval=False))  # (the step it restored)
optimizer.iterations.assign_add(1)
print(checkpoint_manager.save(), os.path.basename(checkpoint_manager.save(check_interval=False)))
print([os.path.basename(p) for p in checkpoint_manager.checkpoints])
print(sorted(os.listdir(log_dir)))
fresh = tf.train.CheckpointManager(tf.train.Checkpoint(model=create_model()), tempfile.mkdtemp(), max_to_keep=1,
                                   init_fn=lambda: print('init_fn called'))
print(fresh.restore_or_initialize())
with open(os.path.join(log_dir, 'checkpoint')) as f:
    print(re.sub(r'\d{9,}\.\d+', 'TIME', f.read()))
state = tf.train.get_checkpoint_state(log_dir)
print(os.path.basename(state.model_checkpoint_path), [os.path.basename(p) for p in state.all_model_checkpoint_paths])
print(len(state.all_model_checkpoint_timestamps), state.last_preserved_timestamp > 0)
named = tf.train.CheckpointManager(checkpoint, log_dir, max_to_keep=None, checkpoint_name='model',
                                   keep_checkpoint_every_n_hours=1)
print(os.path.basename(named.save(checkpoint_number=7)), [os.path.basename(p) for p in named.checkpoints])
print(os.path.basename(tf.train.latest_checkpoint(log_dir)), named.directory == log_dir)
try:
    tf.train.CheckpointManager(checkpoint, log_dir, max_to_keep=2, checkpoint_interval=3)
except ValueError as e:
    print(type(e).__name__, e)

# -- Migrate early stopping: TF2 Keras
train_ds = tf.data.Dataset.from_tensor_slices((x_train, y_train)).shuffle(320, seed=2).batch(32)
test_ds = tf.data.Dataset.from_tensor_slices((x_test, y_test)).batch(32)
model = create_model()
model.compile(optimizer=tf.keras.optimizers.Adam(0.005),
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=False),
              metrics=['sparse_categorical_accuracy'])

epochs = 40
callback = tf.keras.callbacks.EarlyStopping(monitor='loss', patience=1, min_delta=0.05, verbose=1)
baseline = tf.keras.callbacks.EarlyStopping(monitor='val_sparse_categorical_accuracy', baseline=0.99, patience=2,
                                            start_from_epoch=1, restore_best_weights=True, verbose=1)
m = create_model()
m.compile(optimizer=tf.keras.optimizers.Adam(0.005), loss='sparse_categorical_crossentropy',
          metrics=['sparse_categorical_accuracy'])
h = m.fit(train_ds, epochs=epochs, validation_data=test_ds, callbacks=[baseline], verbose=0)
print(len(h.history['loss']), baseline.stopped_epoch, baseline.best, baseline.best_epoch, baseline.wait)
print(round(m.evaluate(test_ds, verbose=0)[1], 4), [round(v, 4) for v in h.history['val_sparse_categorical_accuracy']])
try:
    tf.keras.callbacks.EarlyStopping(mode='upward')
except ValueError as e:
    print(type(e).__name__, e)
unknown = tf.keras.callbacks.EarlyStopping(monitor='val_auc', patience=0)
try:
    m.fit(train_ds, epochs=2, callbacks=[unknown], verbose=0)
except ValueError as e:
    print(type(e).__name__, e)
auc = tf.keras.callbacks.EarlyStopping(monitor='loss', patience=0, mode='max')
print(len(m.fit(train_ds, epochs=3, callbacks=[auc], verbose=0).history['loss']), auc.stopped_epoch)
history = model.fit(
    train_ds,
    epochs=epochs,
    validation_data=test_ds,
    callbacks=[callback],
    verbose=0)

print(len(history.history['loss']), callback.stopped_epoch, callback.best is not None and round(callback.best, 4))


class LimitTrainingTime(tf.keras.callbacks.Callback):
    # stops once the loss is under a limit (the guide's version measures time)
    def __init__(self, max_loss=0.5):
        super().__init__()
        self.max_loss = max_loss

    def on_epoch_end(self, epoch, logs=None):
        if logs['loss'] < self.max_loss:
            self.model.stop_training = True
            print('stopping at epoch', epoch, 'with loss under', self.max_loss)


model = create_model()
model.compile(optimizer=tf.keras.optimizers.Adam(0.005),
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=False),
              metrics=['sparse_categorical_accuracy'])
history = model.fit(train_ds, epochs=epochs, validation_data=test_ds,
                    callbacks=[LimitTrainingTime(1.0)], verbose=0)
print(len(history.history['loss']))

# -- Migrate early stopping: TF2 custom training loop
model = create_model()
optimizer = tf.keras.optimizers.Adam(0.005)
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=False)

train_acc_metric = tf.keras.metrics.SparseCategoricalAccuracy()
train_loss_metric = tf.keras.metrics.SparseCategoricalCrossentropy()
val_acc_metric = tf.keras.metrics.SparseCategoricalAccuracy()
val_loss_metric = tf.keras.metrics.SparseCategoricalCrossentropy()


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


epochs = 40
patience = 2
wait = 0
best = float('inf')

for epoch in range(epochs):
    print("\nStart of epoch %d" % (epoch,), end='')

    for step, (x_batch_train, y_batch_train) in enumerate(train_ds):
        loss_value = train_step(x_batch_train, y_batch_train)
        if step % 5 == 0:
            print(" [step %d: loss %.4f]" % (step, float(loss_value)), end='')

    train_acc = train_acc_metric.result()
    train_loss = train_loss_metric.result()
    train_acc_metric.reset_state()
    train_loss_metric.reset_state()
    print("\nTraining acc over epoch: %.4f" % (train_acc.numpy()))

    for x_batch_val, y_batch_val in test_ds:
        test_step(x_batch_val, y_batch_val)

    val_acc = val_acc_metric.result()
    val_loss = val_loss_metric.result()
    val_acc_metric.reset_state()
    val_loss_metric.reset_state()
    print("Validation acc: %.4f" % (float(val_acc),))

    # The early stopping strategy: stop the training if `val_loss` does not
    # decrease over a certain number of epochs.
    wait += 1
    if val_loss < best - 0.02:
        best = val_loss
        wait = 0
    if wait >= patience:
        break
print(epoch, round(float(best), 4), train_step.experimental_get_tracing_count(), test_step.experimental_get_tracing_count())
