# ruff: noqa: E501, E721, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Load a pandas DataFrame" tutorial with pandas itself, on a small seeded
heart-disease-like CSV read by pd.read_csv: a DataFrame of numeric columns converted to a
tensor (float64, as its __array__ gives it), Normalization adapted to it and called on
`iloc` rows, a model fit on the DataFrame and its target Series, a dataset of
(DataFrame, Series), the dict of columns as arrays and a subclassed model predicting on
`dict(df.iloc[:3])` (Series, sliced as columns), the functional model fit on `dict(df)`,
and the full example's inputs typed from the columns, one-hot lookups over `set(df[name])`
and a dataset of `dict(df)`. (TF's recording environment lacks pandas: record with a
pandas for its Python on PYTHONPATH; the test skips without pandas. The Keras 2 cells
that call TF ops on Keras inputs are tutorial_load_numpy_pandas.py's.)"""

import numpy as np
import pandas as pd
import tensorflow as tf

tf.keras.utils.set_random_seed(19)
rng = np.random.default_rng(19)
SHUFFLE_BUFFER = 500
BATCH_SIZE = 8
n = 40
pd.DataFrame({
    'age': rng.integers(29, 77, n), 'sex': rng.integers(0, 2, n), 'cp': rng.integers(0, 5, n),
    'trestbps': rng.integers(94, 200, n), 'chol': rng.integers(126, 564, n),
    'fbs': rng.integers(0, 2, n), 'restecg': rng.integers(0, 3, n),
    'thalach': rng.integers(71, 202, n), 'exang': rng.integers(0, 2, n),
    'oldpeak': np.round(rng.uniform(0, 6.2, n), 1), 'slope': rng.integers(1, 4, n),
    'ca': rng.integers(0, 4, n), 'thal': rng.choice(['fixed', 'normal', 'reversible'], n),
    'target': rng.integers(0, 2, n),
}).to_csv('heart.csv', index=False)
csv_file = 'heart.csv'
df = pd.read_csv(csv_file)
print(df.head())
print(df.dtypes)
target = df.pop('target')
numeric_feature_names = ['age', 'thalach', 'trestbps', 'chol', 'oldpeak']
numeric_features = df[numeric_feature_names]
print(numeric_features.head())
print(tf.convert_to_tensor(numeric_features)[:3])
normalizer = tf.keras.layers.Normalization(axis=-1)
normalizer.adapt(np.array(numeric_features))
print(normalizer(numeric_features.iloc[:3]))


def get_basic_model():
    model = tf.keras.Sequential([
        normalizer,
        tf.keras.layers.Dense(10, activation='relu'),
        tf.keras.layers.Dense(10, activation='relu'),
        tf.keras.layers.Dense(1)
    ])

    model.compile(optimizer='adam',
                  loss=tf.keras.losses.BinaryCrossentropy(from_logits=True),
                  metrics=['accuracy'])
    return model


model = get_basic_model()
history = model.fit(numeric_features, target, epochs=3, batch_size=BATCH_SIZE, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
numeric_dataset = tf.data.Dataset.from_tensor_slices((numeric_features, target))

for row in numeric_dataset.take(3):
    print(row)
numeric_batches = numeric_dataset.shuffle(1000, seed=2).batch(BATCH_SIZE)

model = get_basic_model()
history = model.fit(numeric_batches, epochs=3, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})

# -- a DataFrame as a dictionary
numeric_features_dict = {key: value.to_numpy()[:, tf.newaxis] for key, value in dict(numeric_features).items()}
target_array = target.to_numpy()[:, tf.newaxis]
numeric_dict_ds = tf.data.Dataset.from_tensor_slices((numeric_features_dict, target_array))
print(len(numeric_features_dict))
print(numeric_dict_ds.element_spec)
print(tf.data.Dataset.from_tensor_slices((dict(numeric_features), target)).element_spec)


class MyModel(tf.keras.Model):
    def __init__(self):
        # Create all the internal layers in init.
        super().__init__()

        self.normalizer = tf.keras.layers.Normalization(axis=-1)

        self.seq = tf.keras.Sequential([
            self.normalizer,
            tf.keras.layers.Dense(10, activation='relu'),
            tf.keras.layers.Dense(10, activation='relu'),
            tf.keras.layers.Dense(1)
        ])

        self.concat = tf.keras.layers.Concatenate(axis=1)

    def _stack(self, input_dict):
        values = []
        for key, value in sorted(input_dict.items()):
            values.append(value)

        return self.concat(values)

    def adapt(self, inputs):
        # Stack the inputs and `adapt` the normalization layer.
        inputs = self._stack(inputs)
        self.normalizer.adapt(inputs)

    def call(self, inputs):
        # Stack the inputs
        inputs = self._stack(inputs)
        # Run them through all the layers.
        result = self.seq(inputs)

        return result


model = MyModel()
model.adapt(numeric_features_dict)
model.compile(optimizer='adam',
              loss=tf.keras.losses.BinaryCrossentropy(from_logits=True),
              metrics=['accuracy'],
              run_eagerly=True)
history = model.fit(numeric_features_dict, target_array, epochs=2, batch_size=BATCH_SIZE, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
numeric_dict_batches = numeric_dict_ds.shuffle(SHUFFLE_BUFFER, seed=3).batch(BATCH_SIZE)
history = model.fit(numeric_dict_batches, epochs=2, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
print(np.round(model.predict(dict(numeric_features.iloc[:3]), verbose=0), 4))

# -- Keras functional style (the stacking done by layers)
inputs = {}
for name, column in numeric_features.items():
    inputs[name] = tf.keras.Input(
        shape=(1,), name=name, dtype=tf.float32)
x = tf.keras.layers.Concatenate(axis=-1)([inputs[k] for k in sorted(inputs)])
normalizer = tf.keras.layers.Normalization(axis=-1)
normalizer.adapt(np.stack([numeric_features[k] for k in sorted(inputs)], axis=-1))
x = normalizer(x)
x = tf.keras.layers.Dense(10, activation='relu')(x)
x = tf.keras.layers.Dense(1)(x)
model = tf.keras.Model(inputs, x)
model.compile(optimizer='adam',
              loss=tf.keras.losses.BinaryCrossentropy(from_logits=True),
              metrics=['accuracy'])
history = model.fit(dict(numeric_features), target, epochs=2, batch_size=BATCH_SIZE, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
print(np.round(model.predict(dict(numeric_features.iloc[:2]), verbose=0), 4))
print(np.round(model(dict(numeric_features.iloc[:2])).numpy(), 4))

# -- full example
binary_feature_names = ['sex', 'fbs', 'exang']
categorical_feature_names = ['cp', 'restecg', 'slope', 'thal', 'ca']
inputs = {}
for name, column in df.items():
    if type(column[0]) == str:
        dtype = tf.string
    elif (name in categorical_feature_names or
          name in binary_feature_names):
        dtype = tf.int64
    else:
        dtype = tf.float32

    inputs[name] = tf.keras.Input(shape=(1,), name=name, dtype=dtype)
print({k: v.dtype for k, v in inputs.items()})
for name in categorical_feature_names:
    vocab = sorted(set(df[name]))
    print(f'name: {name}')
    print(f'vocab: {vocab}\n')
lookup = tf.keras.layers.StringLookup(vocabulary=sorted(set(df['thal'])), output_mode='one_hot')
print(lookup(df['thal'].iloc[:3]))
lookup = tf.keras.layers.IntegerLookup(vocabulary=sorted(set(df['cp'])), output_mode='one_hot')
print(lookup(df['cp'].iloc[:3]))
ds = tf.data.Dataset.from_tensor_slices((
    dict(df),
    target
))

ds = ds.batch(BATCH_SIZE)
for x, y in ds.take(1):
    print({k: (v.dtype.name, v.shape.as_list()) for k, v in x.items()})
    print()
    print(y)
