# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""Keras's "Transfer learning & fine-tuning" guide on small seeded data and a base model
built here (no downloaded weights): weights, trainable_weights and non_trainable_weights
of Dense and BatchNormalization, freezing a layer (trainable=False) and its effect on
fit, the recursive trainable setting of nested models, the end-to-end workflow (a frozen
base called with training=False, a new head, fit, then unfreezing and fine-tuning with a
low learning rate, BatchNormalization staying in inference mode), data augmentation
layers in the model, Xception(weights=None) at a small size, and the summaries."""

import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
keras.utils.set_random_seed(17)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(17)

# -- freezing layers: understanding the trainable attribute
layer = keras.layers.Dense(3)
layer.build((None, 4))
print("weights:", len(layer.weights))
print("trainable_weights:", len(layer.trainable_weights))
print("non_trainable_weights:", len(layer.non_trainable_weights))
layer = keras.layers.BatchNormalization()
layer.build((None, 4))
print("weights:", len(layer.weights))
print("trainable_weights:", len(layer.trainable_weights))
print("non_trainable_weights:", len(layer.non_trainable_weights))
print([w.name for w in layer.weights], [w.trainable for w in layer.weights])
layer = keras.layers.Dense(3)
layer.build((None, 4))
layer.trainable = False
print("weights:", len(layer.weights))
print("trainable_weights:", len(layer.trainable_weights))
print("non_trainable_weights:", len(layer.non_trainable_weights))
print([w.trainable for w in layer.weights])

layer1 = keras.layers.Dense(3, activation="relu")
layer2 = keras.layers.Dense(3, activation="sigmoid")
model = keras.Sequential([keras.Input(shape=(3,)), layer1, layer2])
layer1.trainable = False
initial_layer1_weights_values = layer1.get_weights()
model.compile(optimizer="adam", loss="mse")
model.fit(rng.random((2, 3)), rng.random((2, 3)), verbose=0)
final_layer1_weights_values = layer1.get_weights()
np.testing.assert_allclose(initial_layer1_weights_values[0], final_layer1_weights_values[0])
np.testing.assert_allclose(initial_layer1_weights_values[1], final_layer1_weights_values[1])
print("frozen layer unchanged")
print(len(model.trainable_weights), len(model.non_trainable_weights))

# -- recursive setting of the trainable attribute
inner_model = keras.Sequential(
    [
        keras.Input(shape=(3,)),
        keras.layers.Dense(3, activation="relu"),
        keras.layers.Dense(3, activation="relu"),
    ]
)
model = keras.Sequential([keras.Input(shape=(3,)), inner_model, keras.layers.Dense(3, activation="sigmoid")])
model.trainable = False
assert inner_model.trainable == False  # noqa: E712
assert inner_model.layers[0].trainable == False  # noqa: E712
print(len(model.trainable_weights), len(model.non_trainable_weights), inner_model.layers[1].trainable)
model.trainable = True
inner_model.layers[0].trainable = False
print([l.trainable for l in inner_model.layers], len(model.trainable_weights))

# -- the typical transfer-learning workflow, on a base model built here


def make_base(input_shape=(24, 24, 3)):
    inputs = keras.Input(input_shape)
    x = layers.Conv2D(8, 3, padding="same", use_bias=False, name="conv1")(inputs)
    x = layers.BatchNormalization(name="bn1")(x)
    x = layers.Activation("relu", name="relu1")(x)
    x = layers.MaxPooling2D(name="pool1")(x)
    x = layers.Conv2D(16, 3, padding="same", use_bias=False, name="conv2")(x)
    x = layers.BatchNormalization(name="bn2")(x)
    x = layers.Activation("relu", name="relu2")(x)
    return keras.Model(inputs, x, name="base")


source = make_base()
source.compile(optimizer="adam", loss="mse")
source.fit(rng.random((16, 24, 24, 3)).astype("float32"), rng.random((16, 12, 12, 16)).astype("float32"), epochs=1, batch_size=8, verbose=0)
source.save_weights("base.weights.h5")
base_model = make_base()
base_model.load_weights("base.weights.h5")
print(all(np.allclose(a, b) for a, b in zip(base_model.get_weights(), source.get_weights())))
base_model.trainable = False
print(len(base_model.trainable_weights), len(base_model.non_trainable_weights))

data_augmentation = keras.Sequential(
    [layers.RandomFlip("horizontal", seed=1), layers.RandomRotation(0.1, seed=2)]
)
inputs = keras.Input(shape=(24, 24, 3))
x = data_augmentation(inputs)
scale_layer = keras.layers.Rescaling(scale=1 / 127.5, offset=-1)
x = scale_layer(x)
x = base_model(x, training=False)
x = keras.layers.GlobalAveragePooling2D()(x)
x = keras.layers.Dropout(0.2)(x)
outputs = keras.layers.Dense(1)(x)
model = keras.Model(inputs, outputs)
model.summary(show_trainable=True)
images = rng.integers(0, 256, size=(48, 24, 24, 3)).astype("float32")
targets = rng.integers(0, 2, size=(48, 1)).astype("float32")
train_ds = tf.data.Dataset.from_tensor_slices((images[:32], targets[:32])).batch(16)
validation_ds = tf.data.Dataset.from_tensor_slices((images[32:], targets[32:])).batch(16)
model.compile(
    optimizer=keras.optimizers.Adam(),
    loss=keras.losses.BinaryCrossentropy(from_logits=True),
    metrics=[keras.metrics.BinaryAccuracy()],
)
bn_before = [w.numpy().copy() for w in base_model.get_layer("bn1").weights]
epochs = 2
history = model.fit(train_ds, epochs=epochs, validation_data=validation_ds, verbose=0)
print(sorted(history.history))
bn_after = [w.numpy() for w in base_model.get_layer("bn1").weights]
print("bn unchanged while frozen:", all(np.allclose(a, b) for a, b in zip(bn_before, bn_after)))

# -- fine-tuning
base_model.trainable = True
model.summary(show_trainable=True)
print(len(model.trainable_weights), len(model.non_trainable_weights))
model.compile(
    optimizer=keras.optimizers.Adam(1e-5),
    loss=keras.losses.BinaryCrossentropy(from_logits=True),
    metrics=[keras.metrics.BinaryAccuracy()],
)
moving_before = base_model.get_layer("bn2").moving_mean.numpy().copy()
gamma_before = base_model.get_layer("bn2").gamma.numpy().copy()
model.fit(train_ds, epochs=1, validation_data=validation_ds, verbose=0)
print("moving mean unchanged (inference mode):", bool(np.allclose(moving_before, base_model.get_layer("bn2").moving_mean.numpy())))
print("gamma trained:", not np.allclose(gamma_before, base_model.get_layer("bn2").gamma.numpy()))
results = model.evaluate(validation_ds, verbose=0, return_dict=True)
print(sorted(results))

# -- a BatchNormalization layer alone: trainable=False means inference mode
bn = layers.BatchNormalization()
x = rng.normal(loc=3.0, size=(8, 4)).astype("float32")
bn(x, training=True)
print(r1 := np.round(bn.moving_mean.numpy(), 4))
bn.trainable = False
y = bn(x, training=True)
print(bool(np.allclose(bn.moving_mean.numpy(), r1, atol=1e-4)))
expected = (x - bn.moving_mean.numpy()) / np.sqrt(bn.moving_variance.numpy() + bn.epsilon)
print(bool(np.allclose(y, expected, atol=1e-4)))

# -- an applications model as the base
xception = keras.applications.Xception(weights=None, input_shape=(71, 71, 3), include_top=False)
print(xception.name, len(xception.layers), xception.output_shape)
print(len(xception.trainable_weights), len(xception.non_trainable_weights))
xception.trainable = False
print(len(xception.trainable_weights), len(xception.non_trainable_weights))
print(keras.applications.xception.preprocess_input(np.array([0.0, 255.0])))
