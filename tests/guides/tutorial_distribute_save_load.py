# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Save and load a model using a distribution strategy" tutorial as pasted, on a CPU
split into two logical devices and a small seeded MNIST-shaped set (no TFDS download):
get_data/get_model with the model compiled in a MirroredStrategy's scope, fit, a .keras
file saved and loaded with no strategy and under a OneDeviceStrategy, tf.saved_model.save
of the strategy's model and tf.saved_model.load without a strategy (the serving_default
signature's outputs) and under a new MirroredStrategy (strategy.run of the signature over
experimental_distribute_dataset, its PerReplica result), SaveOptions/LoadOptions with
experimental_io_device, and the caveat of a subclassed model without input signature."""

import contextlib
import io
import os
import re

import numpy as np
import tensorflow as tf

cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(
    cpu, [tf.config.LogicalDeviceConfiguration(), tf.config.LogicalDeviceConfiguration()])
tf.keras.utils.set_random_seed(31)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(31)
x_train = rng.integers(0, 256, size=(64, 28, 28, 1)).astype("uint8")
y_train = rng.integers(0, 10, size=(64,)).astype("int64")
x_test = rng.integers(0, 256, size=(16, 28, 28, 1)).astype("uint8")
y_test = rng.integers(0, 10, size=(16,)).astype("int64")

mirrored_strategy = tf.distribute.MirroredStrategy()
print(mirrored_strategy.num_replicas_in_sync)


def get_data():
    mnist_train = tf.data.Dataset.from_tensor_slices((x_train, y_train))
    mnist_test = tf.data.Dataset.from_tensor_slices((x_test, y_test))

    BUFFER_SIZE = 64

    BATCH_SIZE_PER_REPLICA = 8
    BATCH_SIZE = BATCH_SIZE_PER_REPLICA * mirrored_strategy.num_replicas_in_sync

    def scale(image, label):
        image = tf.cast(image, tf.float32)
        image /= 255

        return image, label

    train_dataset = mnist_train.map(scale).cache().shuffle(BUFFER_SIZE, seed=3).batch(BATCH_SIZE)
    eval_dataset = mnist_test.map(scale).batch(BATCH_SIZE)

    return train_dataset, eval_dataset


def get_model():
    with mirrored_strategy.scope():
        model = tf.keras.Sequential([
            tf.keras.layers.Conv2D(4, 3, activation='relu', input_shape=(28, 28, 1)),
            tf.keras.layers.MaxPooling2D(),
            tf.keras.layers.Flatten(),
            tf.keras.layers.Dense(16, activation='relu'),
            tf.keras.layers.Dense(10)
        ])

        model.compile(loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                      optimizer=tf.keras.optimizers.Adam(),
                      metrics=[tf.metrics.SparseCategoricalAccuracy()])
        return model


def show(history):
    print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})


model = get_model()
train_dataset, eval_dataset = get_data()
print(train_dataset.element_spec)
print(type(model.layers[0].kernel).__name__, model.layers[0].kernel.shape)
show(model.fit(train_dataset, epochs=2, verbose=0))

# -- the Keras APIs
keras_model_path = 'keras_save.keras'
model.save(keras_model_path)
print(sorted(os.listdir('.')))
restored_keras_model = tf.keras.models.load_model(keras_model_path)
print(type(restored_keras_model).__name__, [l.name for l in restored_keras_model.layers])
print(np.allclose(restored_keras_model.predict(x_test[:2] / 255, verbose=0),
                  model.predict(x_test[:2] / 255, verbose=0), atol=1e-5))
show(restored_keras_model.fit(train_dataset, epochs=2, verbose=0))

another_strategy = tf.distribute.OneDeviceStrategy('/cpu:0')
with another_strategy.scope():
    restored_keras_model_ds = tf.keras.models.load_model(keras_model_path)
    print(type(restored_keras_model_ds.layers[0].kernel).__name__)
    show(restored_keras_model_ds.fit(train_dataset, epochs=2, verbose=0))

# -- the tf.saved_model APIs
model = get_model()  # get a fresh model
saved_model_path = 'tf_save'
tf.saved_model.save(model, saved_model_path)
print(sorted(os.listdir(saved_model_path)))

DEFAULT_FUNCTION_KEY = 'serving_default'
loaded = tf.saved_model.load(saved_model_path)
inference_func = loaded.signatures[DEFAULT_FUNCTION_KEY]
print(list(loaded.signatures.keys()))
print(inference_func.structured_input_signature)
print(inference_func.structured_outputs)

predict_dataset = eval_dataset.map(lambda image, label: image)
for batch in predict_dataset.take(1):
    result = inference_func(batch)
    print({k: (v.shape, v.dtype) for k, v in result.items()})
    print(np.round(result['output_0'].numpy()[:2], 3))
    print(np.allclose(result['output_0'], model(batch), atol=1e-5))

another_strategy = tf.distribute.MirroredStrategy()
with another_strategy.scope():
    loaded = tf.saved_model.load(saved_model_path)
    inference_func = loaded.signatures[DEFAULT_FUNCTION_KEY]

    dist_predict_dataset = another_strategy.experimental_distribute_dataset(
        predict_dataset)

    # Calling the function in a distributed manner
    for batch in dist_predict_dataset:
        result = another_strategy.run(inference_func, args=(batch,))
        print(type(result).__name__, list(result))
        print(type(result['output_0']).__name__)
        per_replica = another_strategy.experimental_local_results(result['output_0'])
        print([t.shape for t in per_replica], [t.device for t in per_replica])
        print(np.round(per_replica[1].numpy()[:1], 3))
        break

# -- a Keras model saved and loaded with the low-level API under a strategy
model = get_model()
model.save(keras_model_path)
another_strategy = tf.distribute.MirroredStrategy()
with another_strategy.scope():
    loaded = tf.saved_model.load(saved_model_path)
    print(type(loaded).__name__, hasattr(loaded, 'fit'), sorted(loaded.signatures))
    restored = tf.keras.models.load_model(keras_model_path)
    print(type(restored.layers[-1].kernel).__name__, restored.layers[-1].kernel.shape)
    show(restored.fit(train_dataset, epochs=1, verbose=0))

# -- Keras 3's export of a SavedModel for inference, made under a strategy
export_path = 'exported'
with mirrored_strategy.scope():
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        restored.export(export_path)
print(re.sub(r"\d{6,}", "ID", printed.getvalue().replace(os.getcwd(), '.')).splitlines()[:5])
reloaded = tf.saved_model.load(export_path)
print(sorted(k for k in dir(reloaded) if not k.startswith('_'))[:6], list(reloaded.signatures))
batch = next(iter(predict_dataset))
print(np.allclose(reloaded.serve(batch), restored(batch), atol=1e-5))

# -- saving and loading from a local device
model = get_model()
saved_model_path = 'tf_save_local'
save_options = tf.saved_model.SaveOptions(experimental_io_device='/job:localhost')
print(save_options.experimental_io_device, save_options.namespace_whitelist)
tf.saved_model.save(model, saved_model_path, options=save_options)
another_strategy = tf.distribute.MirroredStrategy()
with another_strategy.scope():
    load_options = tf.saved_model.LoadOptions(experimental_io_device='/job:localhost')
    print(load_options.experimental_io_device, load_options.allow_partial_checkpoint)
    loaded = tf.saved_model.load(saved_model_path, options=load_options)
    print(list(loaded.signatures))
try:
    model.save(saved_model_path, options=save_options)
except (TypeError, ValueError) as e:
    print(f'{type(e).__name__}: ', *e.args)


# -- caveats
class SubclassedModel(tf.keras.Model):
    """Example model defined by subclassing `tf.keras.Model`."""

    output_name = 'output_layer'

    def __init__(self):
        super(SubclassedModel, self).__init__()
        self._dense_layer = tf.keras.layers.Dense(
            5, dtype=tf.dtypes.float32, name=self.output_name)

    def call(self, inputs):
        return self._dense_layer(inputs)


my_model = SubclassedModel()
print(my_model.built)
try:
    tf.saved_model.save(my_model, 'unbuilt_save')
    print(list(tf.saved_model.load('unbuilt_save').signatures))
except (TypeError, ValueError) as e:
    print(f'{type(e).__name__}: ', *e.args)

BATCH_SIZE_PER_REPLICA = 4
BATCH_SIZE = BATCH_SIZE_PER_REPLICA * mirrored_strategy.num_replicas_in_sync

dataset_size = 16
dataset = tf.data.Dataset.from_tensors(
    (tf.range(5, dtype=tf.float32), tf.range(5, dtype=tf.float32))
).repeat(dataset_size).batch(BATCH_SIZE)

my_model.compile(optimizer='adam', loss='mean_squared_error')
show(my_model.fit(dataset, epochs=2, verbose=0))
print(my_model.built, [v.shape for v in my_model.weights])
my_model.save(keras_model_path)
tf.saved_model.save(my_model, saved_model_path)
x = tf.saved_model.load(saved_model_path)
print(list(x.signatures))
sig = x.signatures['serving_default']
print(sig.structured_input_signature)
out = sig(tf.range(5, dtype=tf.float32)[None])
print(list(out), np.round(out['output_0'].numpy(), 3))
print(np.round(my_model(tf.range(5, dtype=tf.float32)[None]).numpy(), 3))
