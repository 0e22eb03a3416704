# ruff: noqa: E702, E701, E501, E741, UP032  (the cells as written)
# tf.lite as TF's "TensorFlow Lite converter" and "Signatures in TensorFlow Lite" guides use
# it: a tf.Module's signatures and a Keras model converted, the interpreter's details,
# invoke, resizing, and signature runners; errors of misuse.
import contextlib
import io
import os
import tempfile

import numpy as np
import tensorflow as tf


class Model(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(tf.reshape(tf.range(12, dtype=tf.float32) / 10.0, [4, 3]))
        self.b = tf.Variable([0.5, -1.0, 0.25])

    @tf.function(input_signature=[tf.TensorSpec(shape=[None, 4], dtype=tf.float32, name="x")])
    def encode(self, x):
        return {"encoded": tf.nn.relu(tf.matmul(x, self.w) + self.b)}

    @tf.function(input_signature=[tf.TensorSpec(shape=[None, 3], dtype=tf.float32, name="y")])
    def decode(self, y):
        return {"decoded": tf.tanh(y * 2.0 - 1.0)}


model = Model()
tmp = tempfile.mkdtemp()
saved = os.path.join(tmp, "saved")
tf.saved_model.save(model, saved, signatures={"encode": model.encode.get_concrete_function(),
                                               "decode": model.decode.get_concrete_function()})

converter = tf.lite.TFLiteConverter.from_saved_model(saved, signature_keys=["encode"])
tflite_model = converter.convert()
print(type(tflite_model).__name__, tflite_model[4:8])

interpreter = tf.lite.Interpreter(model_content=tflite_model)
print(interpreter.get_signature_list())
encode = interpreter.get_signature_runner("encode")
x = np.array([[1.0, 2.0, 3.0, 4.0], [-1.0, 0.0, 1.0, 0.5]], np.float32)
out = encode(x=x)
print(sorted(out), out["encoded"].dtype, out["encoded"].shape)
print(np.round(out["encoded"].astype(np.float64), 3).tolist())
print(np.allclose(out["encoded"], model.encode(tf.constant(x))["encoded"].numpy(), atol=1e-5))

# from a concrete function, with the module as its trackable object
converter = tf.lite.TFLiteConverter.from_concrete_functions(
    [model.decode.get_concrete_function()], model)
interpreter = tf.lite.Interpreter(model_content=converter.convert())
print(interpreter.get_signature_list())
interpreter.allocate_tensors()
inp = interpreter.get_input_details()[0]
outp = interpreter.get_output_details()[0]
print(inp["shape"].tolist(), inp["shape_signature"].tolist(), inp["dtype"].__name__)
print(sorted(inp), inp["quantization"])
interpreter.resize_tensor_input(inp["index"], [3, 3])
interpreter.allocate_tensors()
print(interpreter.get_input_details()[0]["shape"].tolist(),
      interpreter.get_output_details()[0]["shape"].tolist())
y = np.linspace(-1, 1, 9, dtype=np.float32).reshape(3, 3)
interpreter.set_tensor(inp["index"], y)
interpreter.invoke()
print(np.round(interpreter.get_tensor(outp["index"]).astype(np.float64), 3).tolist())

# a Keras model
keras_model = tf.keras.Sequential([
    tf.keras.Input((5,)),
    tf.keras.layers.Dense(3, activation="relu"),
    tf.keras.layers.Dense(2, activation="softmax")])
keras_model.layers[0].set_weights([np.linspace(-1, 1, 15).reshape(5, 3), np.array([0.1, -0.2, 0.3])])
keras_model.layers[1].set_weights([np.linspace(1, -1, 6).reshape(3, 2), np.zeros(2)])
with contextlib.redirect_stdout(io.StringIO()):  # (Keras's export prints its endpoints)
    tflite_keras = tf.lite.TFLiteConverter.from_keras_model(keras_model).convert()
interpreter = tf.lite.Interpreter(model_content=tflite_keras)
sig = interpreter.get_signature_list()["serving_default"]
print(len(sig["inputs"]), sig["outputs"])
runner = interpreter.get_signature_runner()
z = np.arange(10, dtype=np.float32).reshape(2, 5) / 4.0
print(np.round(runner(**{sig["inputs"][0]: z})["output_0"].astype(np.float64), 3).tolist())

# misuse
interpreter = tf.lite.Interpreter(model_content=tflite_keras)
for fn in (lambda: interpreter.invoke(),
           lambda: interpreter.set_tensor(0, np.zeros([1, 5], np.float32)),
           lambda: tf.lite.Interpreter(model_content=b"not a flatbuffer at all"),
           lambda: tf.lite.Interpreter(),
           lambda: interpreter.get_signature_runner("nope")):
    try:
        fn()
    except (ValueError, RuntimeError) as e:
        print(type(e).__name__, e)
interpreter.allocate_tensors()
for value in (np.zeros([1, 5], np.float64), np.zeros([2, 5], np.float32), [[1.0] * 5]):
    try:
        interpreter.set_tensor(interpreter.get_input_details()[0]["index"], value)
    except ValueError as e:
        print(str(e).split(", name:")[0])
print([o.name for o in tf.lite.OpsSet][:3], tf.lite.Optimize.DEFAULT.value)
