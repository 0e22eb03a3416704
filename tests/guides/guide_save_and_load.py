"""TF's "Save and load models" tutorial on small seeded data: ModelCheckpoint saving weights
only (every epoch and every few batches, epoch-formatted names), the files it writes, loading
the weights back, a whole model in the .keras format and the weights in .weights.h5."""

import os

import numpy as np
import tensorflow as tf

keras = tf.keras
keras.utils.set_random_seed(11)
rng = np.random.default_rng(1)
train_images = rng.random((64, 28 * 28), dtype=np.float32)
train_labels = rng.integers(0, 10, 64)
test_images = rng.random((32, 28 * 28), dtype=np.float32)
test_labels = rng.integers(0, 10, 32)


def create_model():
    model = keras.models.Sequential([
        keras.layers.Input(shape=(784,)),
        keras.layers.Dense(32, activation="relu"),
        keras.layers.Dropout(0.2),
        keras.layers.Dense(10),
    ])
    model.compile(optimizer="adam",
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=[keras.metrics.SparseCategoricalAccuracy()])
    return model


model = create_model()
model.summary()

root = "."  # the runner runs each guide in a fresh temporary directory
checkpoint_path = os.path.join(root, "training_1", "cp.weights.h5")
checkpoint_dir = os.path.dirname(checkpoint_path)
cp_callback = keras.callbacks.ModelCheckpoint(filepath=checkpoint_path, save_weights_only=True,
                                              verbose=1)
h = model.fit(train_images, train_labels, epochs=3, batch_size=16,
              validation_data=(test_images, test_labels), callbacks=[cp_callback], verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})
print(sorted(os.listdir(checkpoint_dir)))

model = create_model()
loss, acc = model.evaluate(test_images, test_labels, verbose=0)
print(f"Untrained model, accuracy: {100 * acc:5.2f}%")
model.load_weights(checkpoint_path)
loss, acc = model.evaluate(test_images, test_labels, verbose=0)
print(f"Restored model, accuracy: {100 * acc:5.2f}%")

checkpoint_path = os.path.join(root, "training_2", "cp-{epoch:04d}.weights.h5")
checkpoint_dir = os.path.dirname(checkpoint_path)
batch_size = 16
n_batches = len(train_images) / batch_size
print(n_batches)
cp_callback = keras.callbacks.ModelCheckpoint(filepath=checkpoint_path, verbose=1,
                                              save_weights_only=True,
                                              save_freq=int(2 * n_batches))
model = create_model()
os.makedirs(checkpoint_dir)
model.save_weights(checkpoint_path.format(epoch=0))
model.fit(train_images, train_labels, epochs=6, batch_size=batch_size,
          callbacks=[cp_callback], validation_data=(test_images, test_labels), verbose=0)
print(sorted(os.listdir(checkpoint_dir)))
latest = max(os.listdir(checkpoint_dir))
print(latest)
model = create_model()
model.load_weights(os.path.join(checkpoint_dir, latest))
loss, acc = model.evaluate(test_images, test_labels, verbose=0)
print(f"Restored model, accuracy: {100 * acc:5.2f}%")

# best-only on a monitored metric, with a float in the name
best_path = os.path.join(root, "training_3", "w-{epoch:02d}-{val_loss:.3f}.weights.h5")
best = keras.callbacks.ModelCheckpoint(best_path, monitor="val_loss", save_best_only=True,
                                       save_weights_only=True, verbose=1)
model = create_model()
model.fit(train_images, train_labels, epochs=3, batch_size=16,
          validation_data=(test_images, test_labels), callbacks=[best], verbose=0)
print(sorted(os.listdir(os.path.dirname(best_path))))
print(best.monitor, best.best is not None, best.save_freq, best.save_best_only)

# the tf.train checkpoint "latest" of a TF-format checkpoint
ckpt = tf.train.Checkpoint(model=model)
mgr = tf.train.CheckpointManager(ckpt, os.path.join(root, "tfckpt"), max_to_keep=2)
for _ in range(3):
    print(os.path.basename(mgr.save()))
print(os.path.basename(tf.train.latest_checkpoint(os.path.join(root, "tfckpt"))))
print(sorted(os.listdir(os.path.join(root, "tfckpt"))))

manual = os.path.join(root, "checkpoints", "my_checkpoint.weights.h5")
os.makedirs(os.path.dirname(manual))
model.save_weights(manual)
model = create_model()
model.load_weights(manual)
loss, acc = model.evaluate(test_images, test_labels, verbose=0)
print(f"Restored model, accuracy: {100 * acc:5.2f}%")
try:
    keras.callbacks.ModelCheckpoint(os.path.join(root, "x.h5"), save_weights_only=True)
except ValueError as e:
    print("ValueError:", e)
try:
    keras.callbacks.ModelCheckpoint(os.path.join(root, "x.h5"))
except ValueError as e:
    print("ValueError:", e)

model = create_model()
model.fit(train_images, train_labels, epochs=2, verbose=0)
path = os.path.join(root, "my_model.keras")
model.save(path)
new_model = keras.models.load_model(path)
new_model.summary()
loss, acc = new_model.evaluate(test_images, test_labels, verbose=0)
print(f"Restored model, accuracy: {100 * acc:5.2f}%")
print(new_model.predict(test_images, verbose=0).shape)
print(np.allclose(model.predict(test_images, verbose=0), new_model.predict(test_images, verbose=0)))
print(type(new_model.optimizer).__name__, int(new_model.optimizer.iterations))
try:
    model.save(os.path.join(root, "my_model"))
except ValueError as e:
    print("ValueError:", e)
