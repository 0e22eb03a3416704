"""Keras 3's warnings as TF 2.21 prints them, run under TF (record_warnings.py keeps its
stderr in warnings_golden.txt) and under eagerflow (test_keras_warnings.py): each
`warnings.warn` with its text and category, at Keras's own line (so shown once per text,
and not at the caller's line), or at the caller's where Keras puts it there.

    python tests/keras/keras_warnings/warnings_program.py tf|ef
"""

import os
import sys
import tempfile

import numpy as np

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import eagerflow as tf
keras = tf.keras


def mark(step):
    print(f"--- {step}", file=sys.stderr, flush=True)


def run(step, model, inputs):
    """Calls `model` on `inputs`: its first output values, or the error it raised."""
    mark(step)
    try:
        print("result", np.asarray(model(inputs)).ravel()[:2].tolist(), file=sys.stderr)
    except Exception as e:  # noqa: BLE001 - the error is what is compared
        print(f"{type(e).__name__}: {e}", file=sys.stderr)


x = np.ones((2, 3), "float32")
y = 2 * np.ones((2, 3), "float32")
z = 5 * np.ones((2, 3), "float32")

mark("input_shape to a layer, twice")
keras.layers.Dense(2, input_shape=(3,))
keras.layers.Dense(2, input_shape=(3,))
mark("input_shape to a layer in a Sequential")
keras.Sequential([keras.layers.Dense(2, input_shape=(3,))])
mark("InputLayer(input_shape=...)")
keras.layers.InputLayer(input_shape=(3,))


class NoState(keras.layers.Layer):
    def call(self, inputs):
        return inputs * 2


class Holder(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(2)

    def call(self, inputs):
        return self.dense(inputs)


class HolderBuild(Holder):
    def build(self, input_shape):
        super().build(input_shape)


class HolderModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(2)

    def call(self, inputs):
        return self.dense(inputs)


class HolderModelBuild(HolderModel):
    def build(self, input_shape):
        super().build(input_shape)


mark("build() of a layer without state")
NoState().build((None, 3))
mark("build() of a layer holding an unbuilt layer")
Holder().build((None, 3))
mark("build() of a layer whose own build calls super().build()")
HolderBuild().build((None, 3))
mark("build() of a model holding an unbuilt layer")
HolderModel().build((None, 3))
mark("build() of a model whose own build calls super().build()")
HolderModelBuild().build((None, 3))
mark("a layer holding an unbuilt layer, called")
Holder()(x)

a = keras.Input((3,), name="a")
b = keras.Input((3,), name="b")
by_dict = keras.Model({"a": a, "b": b}, keras.layers.Subtract()([a, b]))
by_list = keras.Model([a, b], keras.layers.Subtract()([a, b]))
by_tuple = keras.Model((a, b), keras.layers.Subtract()([a, b]))
single = keras.Model(a, keras.layers.Dense(1, kernel_initializer="ones")(a))
list_of_one = keras.Model([a], keras.layers.Dense(1, kernel_initializer="ones")(a))
unsorted = keras.Model({"b": b, "a": a}, keras.layers.Subtract()([a, b]))
run("a dict with an extra key", by_dict, {"a": x, "b": y, "c": z})
run("the same again (shown once)", by_dict, {"a": x, "b": y, "c": z})
run("an extra key sorting first (Keras flattens it first)", by_dict, {"0": z, "a": x, "b": y})
run("a missing key", by_dict, {"a": x})
run("a dict model given a list", by_dict, [x, y])
run("a dict model given a tuple", by_dict, (x, y))
run("a list model given a tuple", by_list, (x, y))
run("a list model given a dict", by_list, {"a": x, "b": y})
run("a list model given a dict with an extra key", by_list, {"a": x, "b": y, "c": z})
run("a list model given a dict missing a key", by_list, {"a": x, "c": y})
run("a tuple model given a list", by_tuple, [x, y])
run("a one-input model given a list", single, [x])
run("a one-input model given a tuple", single, (x,))
run("a one-input model given a dict", single, {"a": x})
run("a one-input model given a dict of another name", single, {"q": x})
run("a list-of-one model given an array", list_of_one, x)
run("a list-of-one model given a tensor", list_of_one, tf.constant(y))
run("an unsorted dict model given a list", unsorted, [x, y])
run("an unsorted dict model given a dict", unsorted, {"a": x, "b": y})
run("a list model given three", by_list, [x, y, z])
run("a list model given a nested list", by_list, [[x], y])
run("a Sequential given a list",
    keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, kernel_initializer="ones")]),
    [x])
mark("predict on a dict with an extra key")
by_dict.predict({"a": x, "b": z, "c": z}, verbose=0)

mark("gradients missing for a variable, twice")
v1 = tf.Variable(1.0, name="v1")
v2 = tf.Variable(2.0, name="v2")
optimizer = keras.optimizers.Adam()
optimizer.apply_gradients([(tf.constant(1.0), v1), (None, v2)])
optimizer.apply_gradients([(tf.constant(1.0), v1), (None, v2)])
mark("fit on a dataset with shuffle, running out of data")
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
model.compile("sgd", "mse")
data = tf.data.Dataset.from_tensor_slices((np.ones((8, 3), "float32"),
                                           np.ones((8, 1), "float32"))).batch(4)
model.fit(data, epochs=2, steps_per_epoch=5, verbose=0)
model.fit(data, epochs=2, steps_per_epoch=5, verbose=0)

folder = tempfile.mkdtemp()
saved = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer="ones"),
                          keras.layers.Dense(1, kernel_initializer="ones")])
saved.save_weights(os.path.join(folder, "m.weights.h5"))


def other_shape():
    return keras.Sequential([keras.Input((3,)),
                             keras.layers.Dense(1, kernel_initializer="zeros",
                                                bias_initializer="ones"),
                             keras.layers.Dense(1, kernel_initializer="zeros")])


mark("load_weights into a layer of another shape")
target = other_shape()
try:
    target.load_weights(os.path.join(folder, "m.weights.h5"))
except ValueError as e:
    print(f"ValueError: {e}", file=sys.stderr)
print("kept", target.layers[0].bias.numpy(), "loaded", target.layers[1].kernel.numpy().ravel(),
      file=sys.stderr)
mark("the same with skip_mismatch")
target = other_shape()
target.load_weights(os.path.join(folder, "m.weights.h5"), skip_mismatch=True)
print("kept", target.layers[0].bias.numpy(), "loaded", target.layers[1].kernel.numpy().ravel(),
      file=sys.stderr)
mark("a functional model given a dict whose keys aren't its Inputs' names")
named = keras.Input((3,), name="y")
unnamed = keras.Input((3,))
keyed = keras.Model({"x": named, "b": unnamed}, keras.layers.Add()([named, unnamed]))
run("called by its keys", keyed, {"x": x, "b": y})


class NoMasking(keras.layers.Layer):
    def call(self, inputs):
        return inputs + 1


mark("a mask reaching a layer without mask support")
ids = keras.Input((4,), dtype="int32")
masked = keras.layers.Embedding(5, 2, mask_zero=True)(ids)
NoMasking()(masked)
mark("fit and evaluate on batches of other sizes (two traces per function, then none)")
sized = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
sized.compile("sgd", "mse")
for n in range(1, 8):
    sized.fit(np.ones((n, 2), "float32"), np.ones((n, 1), "float32"), batch_size=n, verbose=0)
    sized.evaluate(np.ones((n, 2), "float32"), np.ones((n, 1), "float32"), batch_size=n,
                   verbose=0)
mark("compile and fit in a loop (a new function each time: TF's retracing warning)")
looped = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
for _ in range(7):
    looped.compile("sgd", "mse")
    looped.fit(np.ones((4, 2), "float32"), np.ones((4, 1), "float32"), verbose=0)
mark("saving a model not built yet")
keras.Sequential([keras.layers.Dense(1)]).save(os.path.join(folder, "unbuilt.keras"))
mark("end")
