# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Intro to Autoencoders" tutorial on a 512-image subset of the local MNIST file
(shared/data/mnist.npz; the tutorial uses Fashion-MNIST): the basic Dense autoencoder as a
Model subclass with encoder/decoder Sequentials, the denoising convolutional autoencoder
(Conv2D strides 2, Conv2DTranspose) with seeded noise, their summaries, and the anomaly
detector's threshold on a seeded synthetic ECG-like set. Losses print to 3 places."""

from pathlib import Path

import numpy as np
import tensorflow as tf
from tensorflow.keras import layers, losses
from tensorflow.keras.models import Model


def _mnist() -> Path:
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "shared" / "data" / "mnist.npz"
        if candidate.exists():
            return candidate
    raise FileNotFoundError("shared/data/mnist.npz")


with np.load(_mnist()) as data:
    x_train, x_test = data["x_train"][:512], data["x_test"][:128]
x_train = x_train.astype('float32') / 255.
x_test = x_test.astype('float32') / 255.
print(x_train.shape)
print(x_test.shape)
tf.keras.utils.set_random_seed(7)


class Autoencoder(Model):
    def __init__(self, latent_dim, shape):
        super(Autoencoder, self).__init__()
        self.latent_dim = latent_dim
        self.shape = shape
        self.encoder = tf.keras.Sequential([
            layers.Flatten(),
            layers.Dense(latent_dim, activation='relu'),
        ])
        self.decoder = tf.keras.Sequential([
            layers.Dense(int(tf.math.reduce_prod(shape).numpy()), activation='sigmoid'),
            layers.Reshape(shape)
        ])

    def call(self, x):
        encoded = self.encoder(x)
        decoded = self.decoder(encoded)
        return decoded


shape = x_test.shape[1:]
latent_dim = 64
try:  # (the tutorial's NumPy integer: Keras 3 wants a Python int)
    layers.Dense(tf.math.reduce_prod(shape).numpy(), activation='sigmoid')
except ValueError as e:
    print(type(e).__name__, e)
autoencoder = Autoencoder(latent_dim, shape)
autoencoder.compile(optimizer='adam', loss=losses.MeanSquaredError())
history = autoencoder.fit(x_train, x_train, epochs=2, batch_size=64, shuffle=True, validation_data=(x_test, x_test), verbose=0)
print(sorted(history.history))
print([round(v, 3) for v in history.history['loss']], [round(v, 3) for v in history.history['val_loss']])
encoded_imgs = autoencoder.encoder(x_test).numpy()
decoded_imgs = autoencoder.decoder(encoded_imgs).numpy()
print(encoded_imgs.shape, decoded_imgs.shape, decoded_imgs.dtype)
print(round(float(np.mean((decoded_imgs - x_test) ** 2)), 3))
print(len(autoencoder.trainable_weights), [tuple(w.shape) for w in autoencoder.trainable_weights])
autoencoder.encoder.summary()

# denoising
x_train = x_train[..., tf.newaxis]
x_test = x_test[..., tf.newaxis]
print(x_train.shape)
noise_factor = 0.2
rng = tf.random.Generator.from_seed(3)
x_train_noisy = x_train + noise_factor * rng.normal(shape=x_train.shape)
x_test_noisy = x_test + noise_factor * rng.normal(shape=x_test.shape)
x_train_noisy = tf.clip_by_value(x_train_noisy, clip_value_min=0., clip_value_max=1.)
x_test_noisy = tf.clip_by_value(x_test_noisy, clip_value_min=0., clip_value_max=1.)
print(float(tf.reduce_min(x_train_noisy)), float(tf.reduce_max(x_train_noisy)), x_train_noisy.dtype)


class Denoise(Model):
    def __init__(self):
        super(Denoise, self).__init__()
        self.encoder = tf.keras.Sequential([
            layers.Input(shape=(28, 28, 1)),
            layers.Conv2D(16, (3, 3), activation='relu', padding='same', strides=2),
            layers.Conv2D(8, (3, 3), activation='relu', padding='same', strides=2)])
        self.decoder = tf.keras.Sequential([
            layers.Conv2DTranspose(8, kernel_size=3, strides=2, activation='relu', padding='same'),
            layers.Conv2DTranspose(16, kernel_size=3, strides=2, activation='relu', padding='same'),
            layers.Conv2D(1, kernel_size=(3, 3), activation='sigmoid', padding='same')])

    def call(self, x):
        encoded = self.encoder(x)
        decoded = self.decoder(encoded)
        return decoded


autoencoder = Denoise()
autoencoder.compile(optimizer='adam', loss=losses.MeanSquaredError())
history = autoencoder.fit(x_train_noisy[:256], x_train[:256], epochs=1, batch_size=64, shuffle=True, validation_data=(x_test_noisy, x_test), verbose=0)
print([round(v, 3) for v in history.history['loss']], [round(v, 3) for v in history.history['val_loss']])
autoencoder.encoder.summary()
autoencoder.decoder.summary()
encoded_imgs = autoencoder.encoder(x_test_noisy).numpy()
decoded_imgs = autoencoder.decoder(encoded_imgs).numpy()
print(encoded_imgs.shape, decoded_imgs.shape)

# anomaly detection on a synthetic ECG-like set: normal rhythms are sine-like, anomalies noisier
g = np.random.default_rng(11)
t = np.linspace(0, 2 * np.pi, 140, dtype=np.float32)
normal = np.sin(t)[None, :] * g.uniform(0.8, 1.2, (96, 1)) + 0.05 * g.standard_normal((96, 140))
anomalous = g.standard_normal((32, 140)) * 0.8
data = np.concatenate([normal, anomalous]).astype(np.float32)
labels = np.concatenate([np.ones(96), np.zeros(32)]).astype(bool)
perm = g.permutation(128)
data, labels = data[perm], labels[perm]
train_data, test_data, train_labels, test_labels = data[:96], data[96:], labels[:96], labels[96:]
min_val = tf.reduce_min(train_data)
max_val = tf.reduce_max(train_data)
train_data = (train_data - min_val) / (max_val - min_val)
test_data = (test_data - min_val) / (max_val - min_val)
train_data = tf.cast(train_data, tf.float32)
test_data = tf.cast(test_data, tf.float32)
normal_train_data = train_data[train_labels]
normal_test_data = test_data[test_labels]
anomalous_test_data = test_data[~test_labels]
print(normal_train_data.shape, normal_test_data.shape, anomalous_test_data.shape)


class AnomalyDetector(Model):
    def __init__(self):
        super(AnomalyDetector, self).__init__()
        self.encoder = tf.keras.Sequential([
            layers.Dense(32, activation="relu"),
            layers.Dense(16, activation="relu"),
            layers.Dense(8, activation="relu")])
        self.decoder = tf.keras.Sequential([
            layers.Dense(16, activation="relu"),
            layers.Dense(32, activation="relu"),
            layers.Dense(140, activation="sigmoid")])

    def call(self, x):
        encoded = self.encoder(x)
        decoded = self.decoder(encoded)
        return decoded


autoencoder = AnomalyDetector()
autoencoder.compile(optimizer='adam', loss='mae')
history = autoencoder.fit(normal_train_data, normal_train_data, epochs=5, batch_size=32, validation_data=(test_data, test_data), shuffle=True, verbose=0)
print([round(v, 3) for v in history.history['loss']])
reconstructions = autoencoder.predict(normal_train_data, verbose=0)
train_loss = tf.keras.losses.mae(reconstructions, normal_train_data)
print(train_loss.shape)
threshold = np.mean(train_loss) + np.std(train_loss)
print("Threshold: ", round(float(threshold), 3))
reconstructions = autoencoder.predict(anomalous_test_data, verbose=0)
test_loss = tf.keras.losses.mae(reconstructions, anomalous_test_data)
print(round(float(np.mean(test_loss)), 3) > round(float(threshold), 3))


def predict(model, data, threshold):
    reconstructions = model(data)
    loss = tf.keras.losses.mae(reconstructions, data)
    return tf.math.less(loss, threshold)


preds = predict(autoencoder, test_data, threshold)
print(preds.dtype, preds.shape)
