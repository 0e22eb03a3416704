# ruff: noqa: E501, E721, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Load NumPy data" and "Load a pandas DataFrame" tutorials on small seeded data. NumPy:
an .npz read with np.load, from_tensor_slices, shuffle/batch, a Flatten/Dense model compiled
with RMSprop and sparse_categorical_accuracy, fit and evaluate. pandas without pandas (a
heart-disease-like table held as a dict of NumPy columns, as `dict(df)` gives it; the
DataFrame cells are tutorial_load_pandas.py's): numeric columns stacked into one array, Normalization adapted to it,
fit on arrays and on a dataset of (features, target), a dataset of dicts, a subclassed model
stacking its dict input with Concatenate, the Keras 2 functional cells (tf.stack/tf.concat/
tf.cast of Keras inputs, which Keras 3 refuses: the errors print) and their layer forms, one-hot
StringLookup/IntegerLookup heads, a preprocessor model and a body trained on the dict."""

import pprint

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(17)
rng = np.random.default_rng(17)

# -- Load NumPy data
protos = rng.integers(0, 256, size=(10, 28, 28)).astype("uint8")


def images(labels):
    noise = rng.integers(0, 80, size=(len(labels), 28, 28))
    return np.clip(protos[labels].astype(int) // 2 + noise, 0, 255).astype("uint8")


y_tr, y_te = rng.integers(0, 10, size=160).astype("uint8"), rng.integers(0, 10, size=48).astype("uint8")
np.savez("mnist.npz", x_train=images(y_tr), y_train=y_tr, x_test=images(y_te), y_test=y_te)
path = "mnist.npz"
with np.load(path) as data:
    train_examples = data['x_train']
    train_labels = data['y_train']
    test_examples = data['x_test']
    test_labels = data['y_test']
print(train_examples.shape, train_examples.dtype, test_labels.shape)
train_dataset = tf.data.Dataset.from_tensor_slices((train_examples, train_labels))
test_dataset = tf.data.Dataset.from_tensor_slices((test_examples, test_labels))
print(train_dataset.element_spec)
BATCH_SIZE = 32
SHUFFLE_BUFFER_SIZE = 100

train_dataset = train_dataset.shuffle(SHUFFLE_BUFFER_SIZE, seed=3).batch(BATCH_SIZE)
test_dataset = test_dataset.batch(BATCH_SIZE)
print(train_dataset.cardinality().numpy(), test_dataset.cardinality().numpy())
model = tf.keras.Sequential([
    tf.keras.layers.Flatten(input_shape=(28, 28)),
    tf.keras.layers.Dense(32, activation='relu'),
    tf.keras.layers.Dense(10)
])

model.compile(optimizer=tf.keras.optimizers.RMSprop(),
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=['sparse_categorical_accuracy'])
history = model.fit(train_dataset, epochs=3, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
print([round(v, 3) for v in model.evaluate(test_dataset, verbose=0)])
print(model.evaluate(test_dataset, verbose=0, return_dict=True).keys())

# -- Load a pandas DataFrame (as a dict of columns)
SHUFFLE_BUFFER = 500
BATCH_SIZE = 8
n = 48
df = {
    'age': rng.integers(29, 77, n),
    'sex': rng.integers(0, 2, n),
    'cp': rng.integers(0, 5, n),
    'trestbps': rng.integers(94, 200, n),
    'chol': rng.integers(126, 564, n),
    'fbs': rng.integers(0, 2, n),
    'restecg': rng.integers(0, 3, n),
    'thalach': rng.integers(71, 202, n),
    'exang': rng.integers(0, 2, n),
    'oldpeak': np.round(rng.uniform(0, 6.2, n), 1),
    'slope': rng.integers(1, 4, n),
    'ca': rng.integers(0, 4, n),
    'thal': rng.choice(['fixed', 'normal', 'reversible'], n).astype(object),
    'target': rng.integers(0, 2, n),
}
print({k: v.dtype for k, v in df.items()})
target = df.pop('target')
numeric_feature_names = ['age', 'thalach', 'trestbps', 'chol', 'oldpeak']
numeric_features = {name: df[name] for name in numeric_feature_names}
numeric_array = np.stack([numeric_features[name] for name in numeric_feature_names], axis=1)
print(tf.convert_to_tensor(numeric_array[:3]))
normalizer = tf.keras.layers.Normalization(axis=-1)
normalizer.adapt(np.array(numeric_array))
print(np.round(normalizer(numeric_array[:3]).numpy(), 4))


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
history = model.fit(numeric_array, target, epochs=3, batch_size=BATCH_SIZE, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
numeric_dataset = tf.data.Dataset.from_tensor_slices((numeric_array, target))
for row in numeric_dataset.take(3):
    print(row)
numeric_batches = numeric_dataset.shuffle(1000, seed=5).batch(BATCH_SIZE)
model = get_basic_model()
history = model.fit(numeric_batches, epochs=3, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})

# -- a DataFrame as a dictionary
numeric_features_dict = {key: value[:, tf.newaxis] for key, value in numeric_features.items()}
target_array = target[:, tf.newaxis]
numeric_dict_ds = tf.data.Dataset.from_tensor_slices((numeric_features_dict, target_array))
print(len(numeric_features_dict))
for row in numeric_dict_ds.take(3):
    print(row)
print(numeric_dict_ds.element_spec)


def stack_dict(inputs, fun=tf.stack):
    values = []
    for key in sorted(inputs.keys()):
        values.append(tf.cast(inputs[key], tf.float32))

    return fun(values, axis=-1)


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
print(np.round(model.normalizer.mean.numpy(), 3))
model.compile(optimizer='adam',
              loss=tf.keras.losses.BinaryCrossentropy(from_logits=True),
              metrics=['accuracy'],
              run_eagerly=True)
history = model.fit(numeric_features_dict, target_array, epochs=2, batch_size=BATCH_SIZE, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
numeric_dict_batches = numeric_dict_ds.shuffle(SHUFFLE_BUFFER, seed=6).batch(BATCH_SIZE)
history = model.fit(numeric_dict_batches, epochs=2, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
print(np.round(model.predict({k: v[:3] for k, v in numeric_features_dict.items()}, verbose=0), 4))

# -- Keras functional style
inputs = {}
for name in numeric_features:
    inputs[name] = tf.keras.Input(shape=(1,), name=name, dtype=tf.float32)
print(inputs['age'])
try:
    x = stack_dict(inputs, fun=tf.concat)
except ValueError as e:  # Keras 3: no TF op takes a KerasTensor
    print("ValueError:", str(e).splitlines()[0][:200])


class CastToFloat32(tf.keras.layers.Layer):
    def call(self, inputs):
        return tf.cast(inputs, tf.float32)


def stack_dict_layers(inputs, axis=-1):
    values = [CastToFloat32()(inputs[key]) for key in sorted(inputs.keys())]
    return tf.keras.layers.Concatenate(axis=axis)(values)


x = stack_dict_layers(inputs)
print(x.shape, x.dtype)
normalizer = tf.keras.layers.Normalization(axis=-1)
normalizer.adapt(stack_dict(dict(numeric_features)))
x = normalizer(x)
x = tf.keras.layers.Dense(10, activation='relu')(x)
x = tf.keras.layers.Dense(10, activation='relu')(x)
x = tf.keras.layers.Dense(1)(x)
model = tf.keras.Model(inputs, x)
model.compile(optimizer='adam',
              loss=tf.keras.losses.BinaryCrossentropy(from_logits=True),
              metrics=['accuracy'],
              run_eagerly=True)
history = model.fit(numeric_features_dict, target, epochs=2, batch_size=BATCH_SIZE, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
history = model.fit(numeric_dict_batches, epochs=2, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
print(sorted(model.input_names) if hasattr(model, "input_names") else sorted(model.input))

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

    inputs[name] = tf.keras.Input(shape=(), name=name, dtype=dtype)
pprint.pprint({k: (v.shape, v.dtype) for k, v in inputs.items()})
preprocessed = []

for name in binary_feature_names:
    inp = inputs[name]
    inp = inp[:, tf.newaxis]
    try:
        float_value = tf.cast(inp, tf.float32)
    except ValueError as e:
        print("ValueError:", str(e).splitlines()[0][:200])
        float_value = CastToFloat32()(inp)
    preprocessed.append(float_value)
print(preprocessed)
normalizer = tf.keras.layers.Normalization(axis=-1)
normalizer.adapt(stack_dict(dict(numeric_features)))
numeric_inputs = {}
for name in numeric_feature_names:
    numeric_inputs[name] = inputs[name]

numeric_inputs = tf.keras.layers.Concatenate(axis=-1)(
    [CastToFloat32()(numeric_inputs[k])[:, tf.newaxis] for k in sorted(numeric_inputs)])
numeric_normalized = normalizer(numeric_inputs)

preprocessed.append(numeric_normalized)
print(numeric_normalized)
vocab = ['a', 'b', 'c']
lookup = tf.keras.layers.StringLookup(vocabulary=vocab, output_mode='one_hot')
print(lookup(['c', 'a', 'a', 'b', 'zzz']))
vocab = [1, 4, 7, 99]
lookup = tf.keras.layers.IntegerLookup(vocabulary=vocab, output_mode='one_hot')

print(lookup([-1, 4, 1]))
for name in categorical_feature_names:
    vocab = sorted(set(df[name]))
    print(f'name: {name}')
    print(f'vocab: {vocab}\n')

    if type(vocab[0]) is str:
        lookup = tf.keras.layers.StringLookup(vocabulary=vocab, output_mode='one_hot')
    else:
        lookup = tf.keras.layers.IntegerLookup(vocabulary=vocab, output_mode='one_hot')

    x = inputs[name]
    x = lookup(x)
    preprocessed.append(x)
pprint.pprint(preprocessed)
try:
    preprocessed_result = tf.concat(preprocessed, axis=-1)
except ValueError as e:
    print("ValueError:", str(e).splitlines()[0][:200])
preprocessed_result = tf.keras.layers.Concatenate(axis=-1)(preprocessed)
print(preprocessed_result)
preprocessor = tf.keras.Model(inputs, preprocessed_result)
print(np.round(preprocessor({k: v[:1] for k, v in df.items()}).numpy(), 3))
body = tf.keras.Sequential([
    tf.keras.layers.Dense(10, activation='relu'),
    tf.keras.layers.Dense(10, activation='relu'),
    tf.keras.layers.Dense(1)
])
x = preprocessor(inputs)
print(x)
result = body(x)
print(result)
model = tf.keras.Model(inputs, result)

model.compile(optimizer='adam',
              loss=tf.keras.losses.BinaryCrossentropy(from_logits=True),
              metrics=['accuracy'])
history = model.fit(dict(df), target, epochs=3, batch_size=BATCH_SIZE, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
ds = tf.data.Dataset.from_tensor_slices((
    dict(df),
    target
))

ds = ds.batch(BATCH_SIZE)
for x, y in ds.take(1):
    pprint.pprint(x)
    print()
    print(y)
history = model.fit(ds, epochs=3, verbose=0)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
print(len(model.layers), [type(l).__name__ for l in model.layers][-2:])
