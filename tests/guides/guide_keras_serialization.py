# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""Keras's "Save, serialize, and export models" guide on small seeded models: a .keras
round trip of a model with a custom layer and a custom activation (custom_objects,
register_keras_serializable, custom_object_scope), what the archive holds, get_config /
from_config of layers and models, serialize_keras_object, clone_model, to_json /
model_from_json, weights moved with get_weights / set_weights and save_weights /
load_weights, weights transferred between a functional and a subclassed model, and the
optimizer's state saved with a model. (A Lambda's Python lambda is left out: eagerflow
refuses to run bytecode read from a file even with safe_mode=False. Errors naming a class
print from after its module path, which is eagerflow's own.)"""

import json
import os
import zipfile

import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
keras.utils.set_random_seed(19)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(19)


def get_model():
    inputs = keras.Input(shape=(32,))
    outputs = keras.layers.Dense(1)(inputs)
    model = keras.Model(inputs, outputs)
    model.compile(optimizer=keras.optimizers.Adam(), loss="mean_squared_error")
    return model


model = get_model()
test_input = rng.random((128, 32)).astype("float32")
test_target = rng.random((128, 1)).astype("float32")
model.fit(test_input, test_target, verbose=0)
model.save("my_model.keras")
reconstructed_model = keras.models.load_model("my_model.keras")
np.testing.assert_allclose(model.predict(test_input, verbose=0), reconstructed_model.predict(test_input, verbose=0))
print("round trip ok")
with zipfile.ZipFile("my_model.keras") as zf:
    print(sorted(zf.namelist()))
    config = json.loads(zf.read("config.json"))
    meta = json.loads(zf.read("metadata.json"))
print(sorted(config), config["class_name"], config["module"])
print(sorted(config["config"]), sorted(meta))
print(config["compile_config"]["loss"], config["compile_config"]["optimizer"]["class_name"])
print(reconstructed_model.optimizer.__class__.__name__, int(reconstructed_model.optimizer.iterations))


# -- custom objects
@keras.utils.register_keras_serializable(package="my_package", name="custom_fn")
def custom_fn(x):
    return x**2


@keras.utils.register_keras_serializable(package="MyLayers")
class CustomLayer(keras.layers.Layer):
    def __init__(self, factor, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def call(self, x):
        return x * self.factor

    def get_config(self):
        return {"factor": self.factor}


@keras.utils.register_keras_serializable(package="my_package", name="CustomModel")
class CustomModel(keras.Model):
    def __init__(self, hidden_units, **kwargs):
        super().__init__(**kwargs)
        self.hidden_units = hidden_units
        self.dense_layers = [keras.layers.Dense(u) for u in hidden_units]

    def call(self, inputs):
        x = inputs
        for layer in self.dense_layers:
            x = layer(x)
        return x

    def get_config(self):
        return {"hidden_units": self.hidden_units}


print(keras.utils.get_registered_name(CustomLayer), keras.utils.get_registered_name(custom_fn))
print(keras.utils.get_registered_object("MyLayers>CustomLayer") is CustomLayer)
model = CustomModel([16, 16, 10])
input_data = np.arange(64).reshape(2, 32).astype("float32")
pred = model(input_data)
model.save("custom.keras")
loaded = keras.models.load_model("custom.keras")
np.testing.assert_allclose(loaded(input_data), pred, atol=1e-5)
print(type(loaded).__name__, loaded.hidden_units, len(loaded.weights))

model = keras.Sequential([
    keras.Input((4,)),
    CustomLayer(0.5, name="custom_layer"),
    keras.layers.Dense(3, activation=custom_fn, name="dense"),
])
model.compile(optimizer="sgd", loss="mse")
x = rng.random((4, 4)).astype("float32")
before = model.predict(x, verbose=0)
model.save("custom_layer.keras")
with zipfile.ZipFile("custom_layer.keras") as zf:
    cfg = json.loads(zf.read("config.json"))
lay = cfg["config"]["layers"]
print([l["class_name"] for l in lay], [l.get("registered_name") for l in lay])
print(lay[1]["config"]["factor"], lay[2]["config"]["activation"])
restored = keras.models.load_model("custom_layer.keras")
np.testing.assert_allclose(restored.predict(x, verbose=0), before, atol=1e-6)
print("registered objects restored")


class Unregistered(keras.layers.Layer):
    def __init__(self, scale=2.0, **kwargs):
        super().__init__(**kwargs)
        self.scale = scale

    def call(self, x):
        return x * self.scale

    def get_config(self):
        config = super().get_config()
        config.update({"scale": self.scale})
        return config


model = keras.Sequential([keras.Input((3,)), Unregistered(3.0, name="unreg")])
model.save("unregistered.keras")
try:
    keras.models.load_model("unregistered.keras")
except TypeError as e:
    print("TypeError:", str(e).splitlines()[0].split("> ", 1)[1])
restored = keras.models.load_model("unregistered.keras", custom_objects={"Unregistered": Unregistered})
print(restored.layers[0].scale)
with keras.utils.custom_object_scope({"Unregistered": Unregistered}):
    restored = keras.models.load_model("unregistered.keras")
print(restored.layers[0].name, restored(np.ones((1, 3), "float32")))

# -- config of layers and models
layer = keras.layers.Dense(3, activation="relu")
layer_config = layer.get_config()
print(sorted(layer_config))
print(layer_config["activation"], layer_config["kernel_initializer"])
new_layer = keras.layers.Dense.from_config(layer_config)
print(new_layer.units, new_layer.activation.__name__)
model = keras.Sequential([keras.Input((32,)), keras.layers.Dense(1)])
config = model.get_config()
print(sorted(config), [l["class_name"] for l in config["layers"]])
new_model = keras.Sequential.from_config(config)
print(len(new_model.weights), new_model.input_shape)
inputs = keras.Input((32,))
outputs = keras.layers.Dense(1)(inputs)
model = keras.Model(inputs, outputs)
config = model.get_config()
new_model = keras.Model.from_config(config)
print(type(new_model).__name__, new_model.output_shape)
json_config = model.to_json()
print(sorted(json.loads(json_config)))
new_model = keras.models.model_from_json(json_config)
print(new_model.output_shape, len(new_model.layers))
ser = keras.utils.serialize_keras_object(keras.layers.Dense(2, name="d"))
print(sorted(ser), ser["class_name"], ser["module"])
obj = keras.utils.deserialize_keras_object(ser)
print(type(obj).__name__, obj.name, obj.units)
print(keras.utils.serialize_keras_object(keras.optimizers.SGD(0.5))["config"]["learning_rate"])
print(keras.utils.serialize_keras_object("relu"), keras.utils.serialize_keras_object(keras.activations.relu))
print(keras.utils.serialize_keras_object(keras.losses.MeanSquaredError())["class_name"])

# -- clone_model
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2, name="a"), keras.layers.Dense(1, name="b")])
new_model = keras.models.clone_model(model)
print([l.name for l in new_model.layers], new_model.built)
print(any(np.allclose(a, b) for a, b in zip(model.get_weights(), new_model.get_weights()) if a.ndim == 2))
new_model.set_weights(model.get_weights())
x = rng.random((2, 4)).astype("float32")
np.testing.assert_allclose(model(x), new_model(x))
print("set_weights ok")

# -- transfer weights between models
def create_layer():
    layer = keras.layers.Dense(64, activation="relu", name="dense_2")
    layer.build((None, 784))
    return layer


layer_1 = create_layer()
layer_2 = create_layer()
layer_2.set_weights(layer_1.get_weights())
print(all(np.array_equal(a, b) for a, b in zip(layer_1.get_weights(), layer_2.get_weights())))
inputs = keras.Input(shape=(784,), name="digits")
x = keras.layers.Dense(64, activation="relu", name="dense_1")(inputs)
x = keras.layers.Dense(64, activation="relu", name="dense_2")(x)
outputs = keras.layers.Dense(10, name="predictions")(x)
functional_model = keras.Model(inputs=inputs, outputs=outputs, name="3_layer_mlp")


class SubclassedModel(keras.Model):
    def __init__(self, output_dim, name=None):
        super().__init__(name=name)
        self.output_dim = output_dim
        self.dense_1 = keras.layers.Dense(64, activation="relu", name="dense_1")
        self.dense_2 = keras.layers.Dense(64, activation="relu", name="dense_2")
        self.dense_3 = keras.layers.Dense(output_dim, name="predictions")

    def call(self, inputs):
        x = self.dense_1(inputs)
        x = self.dense_2(x)
        x = self.dense_3(x)
        return x

    def get_config(self):
        return {"output_dim": self.output_dim, "name": self.name}


subclassed_model = SubclassedModel(10)
subclassed_model(np.ones((1, 784)))
subclassed_model.set_weights(functional_model.get_weights())
assert len(functional_model.weights) == len(subclassed_model.weights)
for a, b in zip(functional_model.weights, subclassed_model.weights):
    np.testing.assert_allclose(a.numpy(), b.numpy())
print("transferred", [w.path for w in subclassed_model.weights][:2])
functional_model.save_weights("pretrained.weights.h5")
inputs = keras.Input(shape=(784,), name="digits")
x = keras.layers.Dense(64, activation="relu", name="dense_1")(inputs)
x = keras.layers.Dense(64, activation="relu", name="dense_2")(x)
outputs = keras.layers.Dense(10, name="predictions")(x)
other = keras.Model(inputs=inputs, outputs=outputs, name="3_layer_mlp")
other.load_weights("pretrained.weights.h5")
for a, b in zip(functional_model.weights, other.weights):
    np.testing.assert_allclose(a.numpy(), b.numpy())
print("load_weights ok")
try:
    functional_model.save_weights("pretrained.h5")
except ValueError as e:
    print("ValueError:", e)
try:
    keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)]).load_weights("pretrained.weights.h5")
except ValueError as e:
    print("ValueError:", str(e).splitlines()[0])

# -- an optimizer's state saved with the model
model = get_model()
model.fit(test_input, test_target, epochs=2, batch_size=64, verbose=0)
model.save("trained.keras")
restored = keras.models.load_model("trained.keras")
print(int(restored.optimizer.iterations), len(restored.optimizer.variables))
print(all(np.allclose(a, b) for a, b in zip(model.optimizer.variables, restored.optimizer.variables)))
restored.fit(test_input, test_target, epochs=1, batch_size=64, verbose=0)
print(int(restored.optimizer.iterations))
print(sorted(os.listdir(".")))
