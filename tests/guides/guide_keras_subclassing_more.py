# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""More of "Making new layers and models via subclassing", where users go next: add_weight's
options (initializers by name and object, regularizer, constraint, dtype, autocast), a
layer's reprs and attributes before and after build, what an unconnected layer refuses
(input, output, count_params), compute_output_shape and compute_output_spec through a
functional model, input_spec checks, build_config and get_build_config, a nested layer's
config through serialize/deserialize and register_keras_serializable, a .keras round trip
of a subclassed model, mixed precision in a custom layer, non-tensor call arguments,
layers tracked in lists and dicts, and the errors of a layer misused."""

import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
ops = keras.ops
keras.utils.set_random_seed(43)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(43)


def attempt(fn):
    try:
        r = fn()
        print("ok", r if isinstance(r, (int, float, str, tuple, list, type(None))) else type(r).__name__)
    except Exception as e:
        print(type(e).__name__ + ":", str(e).strip().splitlines()[0][:240])


# -- add_weight's options
class Scaled(layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.kernel = self.add_weight(name="kernel", shape=(input_shape[-1], self.units), initializer=keras.initializers.Constant(0.5),
                                      regularizer=keras.regularizers.L1(0.01), constraint=keras.constraints.NonNeg())
        self.scale = self.add_weight(name="scale", shape=(), initializer="ones")
        self.steps = self.add_weight(name="steps", shape=(), initializer="zeros", dtype="int64", trainable=False)
        self.gamma = self.add_weight(shape=(self.units,), initializer="glorot_uniform", dtype="float64")

    def call(self, inputs):
        self.steps.assign_add(1)
        return ops.matmul(inputs, self.kernel) * self.scale


layer = Scaled(3, name="scaled")
print(layer)
print(layer.built, layer.weights, layer.losses)
y = layer(ops.ones((2, 4)))
print(layer, y.dtype)
print([(w.name, w.path, w.dtype, w.trainable) for w in layer.weights])
print(len(layer.losses), round(float(layer.losses[0]), 4))
print(layer.kernel.constraint is not None, layer.kernel.regularizer.__class__.__name__, int(layer.steps.numpy()))
print(layer.count_params(), layer.input_spec, layer.supports_masking, layer.trainable)
print(repr(layer.kernel)[:60])
print(layer.gamma.dtype, layer.gamma.value.dtype)

# -- what an unconnected layer refuses
lone = layers.Dense(2)
attempt(lambda: lone.input)
attempt(lambda: lone.output)
attempt(lambda: lone.count_params())
attempt(lambda: lone.input_shape if hasattr(lone, "input_shape") else "no input_shape")
attempt(lambda: lone.get_weights())
attempt(lambda: lone.set_weights([np.ones((3, 2))]))
lone.build((None, 3))
attempt(lambda: lone.set_weights([np.ones((3, 2))]))
attempt(lambda: lone.set_weights([np.ones((3, 3)), np.ones(2)]))
attempt(lambda: lone.add_weight(shape=(2,), initializer="nope"))
attempt(lambda: lone.add_weight(shape=(2,), regularizer="l1") and None)
attempt(lambda: layers.Dense(2)(np.ones((2, 3)), unexpected=1))
attempt(lambda: layers.Dense(-1))
attempt(lambda: layers.Dense(2, activation="nope"))
attempt(lambda: layers.Layer(foo=1))


# -- compute_output_shape and symbolic calls
class Doubler(layers.Layer):
    def call(self, inputs):
        return ops.concatenate([inputs, inputs], axis=-1)

    def compute_output_shape(self, input_shape):
        return input_shape[:-1] + (input_shape[-1] * 2,)


inputs = keras.Input(shape=(3,))
out = Doubler()(inputs)
print(out.shape, Doubler().compute_output_shape((None, 5)))
print(Doubler().compute_output_spec(keras.KerasTensor((2, 7))).shape)


class NoShape(layers.Layer):
    def call(self, inputs):
        return inputs[:, :1] * 2.0


print(NoShape()(keras.Input(shape=(4,))).shape)


class Picky(layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.input_spec = keras.layers.InputSpec(ndim=2, axes={-1: 4})

    def call(self, inputs):
        return inputs


attempt(lambda: Picky()(ops.ones((2, 4))).shape)
attempt(lambda: Picky()(ops.ones((2, 3))))
attempt(lambda: Picky()(ops.ones((2, 4, 1))))
attempt(lambda: Picky()(keras.Input(shape=(5,))))

# -- build configs
layer = layers.Dense(3)
print(layer.get_build_config())
layer.build((None, 6))
print(layer.get_build_config())
twin = layers.Dense.from_config(layer.get_config())
twin.build_from_config(layer.get_build_config())
print(twin.built, twin.kernel.shape)


# -- nested layers through their config
@keras.utils.register_keras_serializable(package="Guide")
class Block(layers.Layer):
    def __init__(self, inner, units=2, **kwargs):
        super().__init__(**kwargs)
        self.inner = inner
        self.units = units
        self.proj = layers.Dense(units)

    def call(self, inputs):
        return self.proj(self.inner(inputs))

    def get_config(self):
        config = super().get_config()
        config.update({"inner": keras.utils.serialize_keras_object(self.inner), "units": self.units})
        return config

    @classmethod
    def from_config(cls, config):
        config["inner"] = keras.utils.deserialize_keras_object(config["inner"])
        return cls(**config)


block = Block(layers.Dense(4, activation="relu"), units=3, name="block")
_ = block(ops.ones((1, 5)))
config = keras.utils.serialize_keras_object(block)
print(config["class_name"], config["registered_name"], config["module"], sorted(config["config"]))
print(config["config"]["inner"]["class_name"], config["config"]["inner"]["config"]["units"])
restored = keras.utils.deserialize_keras_object(config)
print(type(restored).__name__, restored.name, type(restored.inner).__name__, restored.units, restored.built)
print(keras.utils.get_registered_name(Block), keras.utils.get_registered_object("Guide>Block") is Block)


@keras.utils.register_keras_serializable(package="Guide")
class Net(keras.Model):
    def __init__(self, hidden=4, **kwargs):
        super().__init__(**kwargs)
        self.hidden = hidden
        self.body = Block(layers.Dense(hidden, activation="relu"), units=2)
        self.head = layers.Dense(1)

    def call(self, inputs):
        return self.head(self.body(inputs))

    def get_config(self):
        return {**super().get_config(), "hidden": self.hidden}


net = Net(hidden=5, name="net")
net.compile(optimizer="adam", loss="mse")
xs = rng.random((16, 3)).astype("float32")
net.fit(xs, xs[:, :1], epochs=1, batch_size=8, verbose=0)
net.save("net.keras")
loaded = keras.models.load_model("net.keras")
print(type(loaded).__name__, loaded.name, loaded.hidden, np.allclose(loaded.predict(xs, verbose=0), net.predict(xs, verbose=0), atol=1e-6))
print(loaded.optimizer.iterations.numpy(), [w.path for w in loaded.weights][:2])
print(net.get_config())

# -- mixed precision in a custom layer
layer = Scaled(2, dtype="mixed_float16")
y = layer(ops.ones((1, 3)))
print(layer.dtype_policy.name, layer.compute_dtype, layer.variable_dtype, y.dtype, layer.kernel.dtype, layer.steps.dtype)
print(layer.kernel.value.dtype, layer.gamma.dtype)
layer = layers.Dense(2, dtype="float64")
print(layer(np.ones((1, 3), "float32")).dtype, layer(ops.ones((1, 3), dtype="int32")).dtype)


# -- non-tensor arguments and tracked containers
class Gate(layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.branches = [layers.Dense(2, name="a"), layers.Dense(2, name="b")]
        self.extra = {"c": layers.Dense(2, name="c")}

    def call(self, inputs, which="a", scale=1.0):
        if which == "a":
            return self.branches[0](inputs) * scale
        if which == "b":
            return self.branches[1](inputs) * scale
        return self.extra["c"](inputs) * scale


gate = Gate()
for which in ("a", "b", "c"):
    _ = gate(ops.ones((1, 3)), which=which, scale=2.0)
print(len(gate.weights), [w.path for w in gate.weights])
print([l.name for l in gate._flatten_layers(include_self=False)])
inputs = keras.Input(shape=(3,))
outputs = Gate()(inputs, which="b", scale=0.5)
model = keras.Model(inputs, outputs)
print(model.layers[-1].name, len(model.weights))


# -- a layer misused
class Forgetful(layers.Layer):
    def __init__(self):
        self.units = 2

    def call(self, inputs):
        return inputs


attempt(lambda: Forgetful())


class BadBuild(layers.Layer):
    def build(self, input_shape):
        raise ValueError("cannot build for " + str(input_shape))

    def call(self, inputs):
        return inputs


attempt(lambda: BadBuild()(ops.ones((1, 2))))


class BadCall(layers.Layer):
    def call(self, inputs):
        return ops.matmul(inputs, ops.ones((5, 2)))


attempt(lambda: BadCall()(ops.ones((1, 3))))
attempt(lambda: BadCall()(keras.Input(shape=(3,))))


# -- state is locked once a layer is built
class Lazy(layers.Layer):
    def call(self, inputs):
        if not hasattr(self, "dense"):
            self.dense = layers.Dense(2)
        return self.dense(inputs)


class LazyWeight(layers.Layer):
    def call(self, inputs):
        self.w = self.add_weight(shape=(inputs.shape[-1],), initializer="ones")
        return inputs * self.w


attempt(lambda: Lazy()(ops.ones((1, 3))))
attempt(lambda: LazyWeight()(ops.ones((1, 3))))
built = layers.Dense(2)
built.build((None, 3))
attempt(lambda: setattr(built, "extra", layers.Dense(1)))
attempt(lambda: setattr(built, "extra", keras.Variable(1.0)))
attempt(lambda: setattr(built, "extra", keras.metrics.Mean()))
attempt(lambda: setattr(built, "extra", [layers.Dense(1), 3]))
attempt(lambda: setattr(built, "kernel_alias", built.kernel))
attempt(lambda: setattr(built, "note", "plain values are fine"))
attempt(lambda: built.add_weight(shape=(2,)))
built.enable_lora(1)
print(len(built.trainable_weights), built.lora_enabled)
net2 = Net(hidden=2)
net2(ops.ones((1, 3)))
attempt(lambda: setattr(net2, "extra", layers.Dense(1)))
net2.compile(optimizer="sgd", loss="mse")
print(net2.fit(np.ones((4, 3), "float32"), np.ones((4, 1), "float32"), verbose=0).history.keys())
inputs = keras.Input(shape=(3,))
functional = keras.Model(inputs, layers.Dense(1)(inputs))
attempt(lambda: setattr(functional, "extra", layers.Dense(1)))
sequential = keras.Sequential([keras.Input(shape=(3,)), layers.Dense(1)])
attempt(lambda: setattr(sequential, "extra", layers.Dense(1)))

# -- what a call takes
attempt(lambda: layers.Dense(2)(np.ones((2, 3)), 5))
attempt(lambda: layers.Dense(2)(keras.Input(shape=(3,)), unexpected=1))
attempt(lambda: Gate()(ops.ones((1, 3)), "a"))
attempt(lambda: Gate()(ops.ones((1, 3)), which="b", extra=1))
attempt(lambda: Gate()(ops.ones((1, 3)), ops.ones((1, 3))))
attempt(lambda: layers.Dropout(0.5)(ops.ones((2, 2)), True))
attempt(lambda: layers.Dropout(0.5)(ops.ones((2, 2)), training=True, mask=None).shape)

# -- a layer's call history: Keras 3 keeps input and output, not Keras 2's shapes
dense = layers.Dense(2)
inputs = keras.Input(shape=(3,))
outputs = dense(inputs)
print(dense.input.shape, dense.output.shape)
for attr in ("input_shape", "output_shape", "get_input_at", "inbound_nodes"):
    attempt(lambda: getattr(dense, attr))
net3 = Net(hidden=2)
net3(ops.ones((1, 3)))
attempt(lambda: net3.output_shape)
attempt(lambda: net3.input)
model = keras.Model(inputs, outputs)
print(model.input_shape, model.output_shape)


# -- add_loss takes tensors only
class AddsLoss(layers.Layer):
    def __init__(self, value, **kwargs):
        super().__init__(**kwargs)
        self.value = value

    def call(self, inputs):
        self.add_loss(self.value(inputs) if callable(self.value) else self.value)
        return inputs


for value in (lambda x: ops.sum(x), lambda x: [ops.sum(x), ops.mean(x)], 1.0, lambda x: lambda: ops.sum(x), None):
    layer = AddsLoss(value)
    try:
        layer(ops.ones((2, 2)))
        print("ok", [float(v) for v in layer.losses])
    except ValueError as e:
        print("ValueError:", str(e).splitlines()[2] if "\n" in str(e) else e)
