# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Basic regression: predict fuel efficiency" on a seeded auto-MPG-like table held in
NumPy columns: one-hot origin, the Normalization layer adapted (mean, variance, a
normalized row), a one-feature linear model, a multi-feature linear model, DNNs, their
summaries, histories and test errors, and a .keras round trip."""

import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

tf.keras.utils.set_random_seed(3)
np.set_printoptions(precision=3, suppress=True)

rng = np.random.default_rng(5)
n = 160
cylinders = rng.choice([4, 6, 8], size=n).astype("float32")
displacement = (cylinders * 40 + rng.normal(0, 20, size=n)).astype("float32")
horsepower = (displacement * 0.5 + rng.normal(0, 10, size=n)).astype("float32")
weight = (displacement * 10 + 1500 + rng.normal(0, 200, size=n)).astype("float32")
accel = rng.normal(15, 2, size=n).astype("float32")
year = rng.integers(70, 83, size=n).astype("float32")
origin = rng.integers(1, 4, size=n)
mpg = (50 - horsepower * 0.15 - weight * 0.003 + (year - 70) * 0.5
       + rng.normal(0, 1.5, size=n)).astype("float32")
onehot = np.eye(3, dtype="float32")[origin - 1]
features = np.column_stack([cylinders, displacement, horsepower, weight, accel, year, onehot])
print(features.shape, features.dtype)
train_idx = rng.permutation(n)[:128]
test_mask = np.ones(n, bool)
test_mask[train_idx] = False
train_features, test_features = features[train_idx], features[test_mask]
train_labels, test_labels = mpg[train_idx], mpg[test_mask]

normalizer = tf.keras.layers.Normalization(axis=-1)
normalizer.adapt(np.array(train_features))
print(normalizer.mean.numpy())
print(normalizer.variance.numpy())
first = np.array(train_features[:1])
with np.printoptions(precision=2, suppress=True):
    print('First example:', first)
    print('Normalized:', normalizer(first).numpy())
print(normalizer.get_config())

horsepower_tr = np.array(train_features[:, 2])
horsepower_normalizer = layers.Normalization(input_shape=[1, ], axis=None)
horsepower_normalizer.adapt(horsepower_tr)
print(horsepower_normalizer.mean, horsepower_normalizer.variance.shape)
horsepower_model = tf.keras.Sequential([horsepower_normalizer, layers.Dense(units=1)])
horsepower_model.summary()
print(np.round(horsepower_model.predict(horsepower_tr[:10], verbose=0), 3))
horsepower_model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=0.1),
                         loss='mean_absolute_error')
history = horsepower_model.fit(train_features[:, 2], train_labels, epochs=5, verbose=0,
                               validation_split=0.2)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
print(history.params, history.epoch)
x = tf.linspace(0.0, 250, 251)
y = horsepower_model.predict(x, verbose=0)
print(y.shape, y.dtype, np.round(y[[0, 100, 250], 0], 3))
test_results = {}
test_results['horsepower_model'] = horsepower_model.evaluate(test_features[:, 2], test_labels, verbose=0)

linear_model = tf.keras.Sequential([normalizer, layers.Dense(units=1)])
print(np.round(linear_model.predict(train_features[:4], verbose=0), 3))
print(linear_model.layers[1].kernel.shape)
linear_model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=0.1),
                     loss='mean_absolute_error')
history = linear_model.fit(train_features, train_labels, epochs=5, verbose=0, validation_split=0.2)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
test_results['linear_model'] = linear_model.evaluate(test_features, test_labels, verbose=0)


def build_and_compile_model(norm):
    model = keras.Sequential([
        norm,
        layers.Dense(64, activation='relu'),
        layers.Dense(64, activation='relu'),
        layers.Dense(1)
    ])
    model.compile(loss='mean_absolute_error', optimizer=tf.keras.optimizers.Adam(0.001))
    return model


dnn_horsepower_model = build_and_compile_model(horsepower_normalizer)
dnn_horsepower_model.summary()
history = dnn_horsepower_model.fit(train_features[:, 2], train_labels, validation_split=0.2,
                                   verbose=0, epochs=5)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
test_results['dnn_horsepower_model'] = dnn_horsepower_model.evaluate(test_features[:, 2], test_labels, verbose=0)
dnn_model = build_and_compile_model(normalizer)
dnn_model.summary()
history = dnn_model.fit(train_features, train_labels, validation_split=0.2, verbose=0, epochs=5)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
test_results['dnn_model'] = dnn_model.evaluate(test_features, test_labels, verbose=0)
print({k: round(v, 3) for k, v in test_results.items()})
test_predictions = dnn_model.predict(test_features, verbose=0).flatten()
error = test_predictions - test_labels
print(test_predictions.shape, np.round(error[:5], 2))

dnn_model.save('dnn_model.keras')
reloaded = tf.keras.models.load_model('dnn_model.keras')
print(round(reloaded.evaluate(test_features, test_labels, verbose=0), 3))
print(type(reloaded).__name__, [type(l).__name__ for l in reloaded.layers])
print(np.array_equal(reloaded.predict(test_features, verbose=0), dnn_model.predict(test_features, verbose=0)))
print(reloaded.layers[0].get_config()['axis'], reloaded.layers[0].mean.shape)
