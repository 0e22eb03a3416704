# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""Keras's "The Sequential model" guide on small seeded data: a Sequential of named Dense
layers and the equivalent chain of calls, model.layers, building incrementally with add()
and pop(), the name argument, weights created on first call (layer.weights, model.weights
before and after), summary() of a built and an Input-started model, the debugging workflow
of adding layers and printing summaries, input_shape on the first layer, feature extraction
from every layer's output and from one named layer, and transfer learning by freezing all
but the last layer."""

import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
ops = keras.ops
keras.utils.set_random_seed(23)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(23)

# -- when to use a Sequential model
model = keras.Sequential(
    [
        layers.Dense(2, activation="relu", name="layer1"),
        layers.Dense(3, activation="relu", name="layer2"),
        layers.Dense(4, name="layer3"),
    ]
)
x = ops.ones((3, 3))
y = model(x)
print(y.shape, y.dtype)
print(np.round(ops.convert_to_numpy(y), 4))

layer1 = layers.Dense(2, activation="relu", name="layer1")
layer2 = layers.Dense(3, activation="relu", name="layer2")
layer3 = layers.Dense(4, name="layer3")
x = ops.ones((3, 3))
y = layer3(layer2(layer1(x)))
print(y.shape)

# -- creating a Sequential model
model = keras.Sequential(
    [
        layers.Dense(2, activation="relu"),
        layers.Dense(3, activation="relu"),
        layers.Dense(4),
    ]
)
print(model.layers[0].name, len(model.layers))
print([l.__class__.__name__ for l in model.layers])
model = keras.Sequential()
model.add(layers.Dense(2, activation="relu"))
model.add(layers.Dense(3, activation="relu"))
model.add(layers.Dense(4))
print([l.name for l in model.layers])
model.pop()
print(len(model.layers))
model = keras.Sequential(name="my_sequential")
model.add(layers.Dense(2, activation="relu", name="layer1"))
model.add(layers.Dense(3, activation="relu", name="layer2"))
model.add(layers.Dense(4, name="layer3"))
print(model.name, [l.name for l in model.layers])

# -- specifying the input shape in advance
layer = layers.Dense(3)
print(layer.weights)
x = ops.ones((1, 4))
y = layer(x)
print([(w.path, tuple(w.shape)) for w in layer.weights])
model = keras.Sequential(
    [
        layers.Dense(2, activation="relu"),
        layers.Dense(3, activation="relu"),
        layers.Dense(4),
    ]
)
print(model.built)
try:
    model.weights
    print("weights:", len(model.weights))
except ValueError as e:
    print("ValueError:", e)
x = ops.ones((1, 4))
y = model(x)
print("Number of weights after calling the model:", len(model.weights))
print([w.path for w in model.weights])
model.summary()

model = keras.Sequential()
model.add(keras.Input(shape=(4,)))
model.add(layers.Dense(2, activation="relu"))
model.summary()
print(model.layers)
print(model.inputs[0].shape, model.outputs[0].shape, model.input_shape, model.output_shape)

model = keras.Sequential()
model.add(layers.Dense(2, activation="relu", input_shape=(4,)))
model.summary()
print(len(model.layers), model.built)

# -- a common debugging workflow: add() + summary()
model = keras.Sequential()
model.add(keras.Input(shape=(50, 50, 3)))
model.add(layers.Conv2D(32, 5, strides=2, activation="relu"))
model.add(layers.Conv2D(32, 3, activation="relu"))
model.add(layers.MaxPooling2D(3))
model.summary()
model.add(layers.Conv2D(32, 3, activation="relu"))
model.add(layers.Conv2D(32, 3, activation="relu"))
model.add(layers.MaxPooling2D(2))
model.summary()
model.add(layers.GlobalMaxPooling2D())
model.add(layers.Dense(10))
print(model.output_shape, model.count_params())

# -- what to do once you have a model: compile, fit, evaluate, predict
x_train = rng.random((32, 50, 50, 3)).astype("float32")
y_train = rng.integers(0, 10, size=(32,))
model.compile(optimizer="adam", loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
history = model.fit(x_train, y_train, batch_size=16, epochs=2, verbose=0)
print(sorted(history.history), len(history.history["loss"]))
print(np.round(model.predict(x_train[:2], verbose=0), 3))

# -- feature extraction with a Sequential model
initial_model = keras.Sequential(
    [
        keras.Input(shape=(50, 50, 3)),
        layers.Conv2D(32, 5, strides=2, activation="relu"),
        layers.Conv2D(32, 3, activation="relu"),
        layers.Conv2D(32, 3, activation="relu"),
    ]
)
feature_extractor = keras.Model(
    inputs=initial_model.inputs,
    outputs=[layer.output for layer in initial_model.layers],
)
x = ops.ones((1, 50, 50, 3))
features = feature_extractor(x)
print(type(features).__name__, [tuple(f.shape) for f in features])
print(np.round(float(ops.sum(features[-1])), 2))

initial_model = keras.Sequential(
    [
        keras.Input(shape=(50, 50, 3)),
        layers.Conv2D(32, 5, strides=2, activation="relu"),
        layers.Conv2D(32, 3, activation="relu", name="my_intermediate_layer"),
        layers.Conv2D(32, 3, activation="relu"),
    ]
)
feature_extractor = keras.Model(
    inputs=initial_model.inputs,
    outputs=initial_model.get_layer(name="my_intermediate_layer").output,
)
x = ops.ones((1, 50, 50, 3))
features = feature_extractor(x)
print(features.shape, [l.name for l in feature_extractor.layers])
feature_extractor.summary()

# -- transfer learning with a Sequential model
model = keras.Sequential(
    [
        keras.Input(shape=(784,)),
        layers.Dense(32, activation="relu"),
        layers.Dense(32, activation="relu"),
        layers.Dense(32, activation="relu"),
        layers.Dense(10),
    ]
)
for layer in model.layers[:-1]:
    layer.trainable = False
print(len(model.trainable_weights), len(model.non_trainable_weights))
model.compile(optimizer="adam", loss="mse")
before = [w.numpy().copy() for w in model.weights]
model.fit(rng.random((8, 784)).astype("float32"), rng.random((8, 10)).astype("float32"), verbose=0)
print([bool(np.array_equal(a, w.numpy())) for a, w in zip(before, model.weights)])
model.summary()

base_model = keras.Sequential([keras.Input(shape=(8,)), layers.Dense(6, activation="relu"), layers.Dense(4, activation="relu")], name="base")
base_model.trainable = False
model = keras.Sequential([base_model, layers.Dense(1000)])
print(len(model.trainable_weights), len(model.non_trainable_weights), model.layers[0].name)
model.summary()

# -- what the Sequential API refuses
for make in (lambda: keras.Sequential().pop(),
             lambda: initial_model.get_layer(name="no_such_layer"),
             lambda: initial_model.get_layer(index=7),
             lambda: keras.Sequential().add("dense"),
             lambda: keras.Sequential([keras.Input(shape=(4,)), layers.Dense(2)])(ops.ones((2, 5))),
             lambda: keras.Sequential([keras.Input(shape=(4,)), keras.Input(shape=(4,))])):
    try:
        make()
        print("no error")
    except Exception as e:
        print(type(e).__name__ + ":", str(e).splitlines()[0][:300])
model = keras.Sequential([keras.Input(shape=(4,)), layers.Dense(2, name="d1"), layers.Dense(3, name="d2")])
print(model.get_layer(index=1).name, model.get_layer("d1").output.shape, model.layers[-1].input.shape)
print(model.get_config()["layers"][0]["class_name"], [l["config"]["name"] for l in model.get_config()["layers"]])
clone = keras.Sequential.from_config(model.get_config())
print(clone.name == model.name, [l.name for l in clone.layers], clone.count_params())

# -- an empty Sequential, and build() without a shape
empty = keras.Sequential()
for make in (lambda: empty(ops.ones((1, 2))), lambda: empty.build((None, 3)), lambda: empty.build(),
             lambda: keras.Sequential([layers.Dense(2)]).build()):
    try:
        print("ok", make())
    except ValueError as e:
        print("ValueError:", e)
model = keras.Sequential([layers.Dense(2)])
model.build()
print(model.built, model.weights)
model.build((None, 3))
print(model.built, [tuple(w.shape) for w in model.weights], model.input_shape)
