# ruff: noqa: E501, E741, UP008, UP031, UP032, E722  (the cells as written)
"""TF's "Migrate the SavedModel workflow" and "Migrating your TFLite code to TF2" guides
(the Estimator cells are gone from TF 2.21): a TF 1 graph saved by
tf.compat.v1.saved_model's Builder and simple_save, loaded back in a Session and by TF 2's
tf.saved_model.load (signatures); a tf.Module and a Keras model saved and loaded by TF 2;
then TF 1's TFLite converter (from_session, from_saved_model) beside TF 2's
(from_saved_model, from_keras_model, from_concrete_functions), run by the interpreter."""

import contextlib
import io
import os
import re
import shutil

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(2)
np.set_printoptions(precision=4, suppress=True)


def remove_dir(path):
  try:
    shutil.rmtree(path)
  except:
    pass


def add_two(input):
  return input + 2


# TensorFlow 1: save a SavedModel with the Builder
remove_dir("saved-model-builder")
with tf.Graph().as_default() as g:
  with tf.compat.v1.Session() as sess:
    input = tf.compat.v1.placeholder(tf.float32, shape=[])
    output = add_two(input)
    print("add two output: ", sess.run(output, {input: 3.}))

    # Save with SavedModelBuilder
    builder = tf.compat.v1.saved_model.Builder('saved-model-builder')
    sig_def = tf.compat.v1.saved_model.predict_signature_def(
        inputs={'input': input},
        outputs={'output': output})
    builder.add_meta_graph_and_variables(
        sess, tags=["serve"], signature_def_map={
            tf.saved_model.DEFAULT_SERVING_SIGNATURE_DEF_KEY: sig_def
    })
    print(builder.save())
print(sorted(os.listdir("saved-model-builder")))

# ... and with simple_save
remove_dir("simple-save")
with tf.Graph().as_default() as g:
  with tf.compat.v1.Session() as sess:
    input = tf.compat.v1.placeholder(tf.float32, shape=[])
    output = add_two(input)
    print("add_two output: ", sess.run(output, {input: 3.}))

    tf.compat.v1.saved_model.simple_save(
        sess, 'simple-save',
        inputs={'input': input},
        outputs={'output': output})
print(sorted(os.listdir("simple-save")))

# TensorFlow 1: load in a Session
with tf.Graph().as_default() as g:
  with tf.compat.v1.Session() as sess:
    meta_graph = tf.compat.v1.saved_model.load(sess, ["serve"], "saved-model-builder")
    sig_def = meta_graph.signature_def[tf.saved_model.DEFAULT_SERVING_SIGNATURE_DEF_KEY]
    input_name = sig_def.inputs['input'].name
    output_name = sig_def.outputs['output'].name
    print(input_name, output_name, sig_def.method_name)
    print('  Output with input', 5., ': ',
          sess.run(output_name, feed_dict={input_name: 5.}))
    print(sorted(meta_graph.meta_info_def.tags), sorted(meta_graph.signature_def))

# TensorFlow 2: load a TF 1 SavedModel
loaded = tf.saved_model.load("simple-save")
print(list(loaded.signatures.keys()))
f = loaded.signatures[tf.saved_model.DEFAULT_SERVING_SIGNATURE_DEF_KEY]
print(f.structured_input_signature)
print(f.structured_outputs)
print(f(input=tf.constant(5.)))
print(loaded.prune if hasattr(loaded, "prune") else None)
print(sorted(v.name for v in loaded.variables) if hasattr(loaded, "variables") else None)

# TensorFlow 2: save a tf.Module
class MyModel(tf.Module):
  @tf.function
  def __call__(self, input):
    return add_two(input)

model = MyModel()

@tf.function
def serving_default(input):
  return {'output': model(input)}

signature_function = serving_default.get_concrete_function(
    tf.TensorSpec(shape=[], dtype=tf.float32))
tf.saved_model.save(
    model, 'tf2-save', signatures={
        tf.saved_model.DEFAULT_SERVING_SIGNATURE_DEF_KEY: signature_function})
print(sorted(os.listdir("tf2-save")))
loaded = tf.saved_model.load('tf2-save')
print('restored __call__:', loaded(2.))
print('restored serving_default:', loaded.signatures['serving_default'](input=tf.constant(2.)))
print(loaded.signatures['serving_default'].structured_outputs)

# TensorFlow 2: a Keras model exported as a SavedModel and saved as a .keras file
inp = tf.keras.Input(shape=(), dtype=tf.float32)
out = tf.keras.layers.Lambda(add_two)(inp)
keras_model = tf.keras.Model(inp, out)
print(keras_model.predict(np.array([1., 2.], "float32"), verbose=0))
keras_model.export("keras-export", verbose=False)
print(sorted(os.listdir("keras-export")))
reloaded = tf.saved_model.load("keras-export")
print(list(reloaded.signatures.keys()), reloaded.serve(tf.constant([1., 2.])).numpy())
print(reloaded.signatures["serving_default"].structured_input_signature)
layer = tf.keras.layers.TFSMLayer("keras-export", call_endpoint="serve")
print(layer(tf.constant([3.])).numpy())
try:
  tf.keras.models.load_model("keras-export")
except ValueError as e:
  print("ValueError:", str(e).splitlines()[0][:140])

# TFLite, TensorFlow 1: converting a Session's graph
with tf.Graph().as_default():
  in_tensor = tf.compat.v1.placeholder(tf.float32, shape=[1, 4], name="input")
  w = tf.constant([[1.], [2.], [3.], [4.]])
  out_tensor = tf.nn.relu(tf.matmul(in_tensor, w) - 5., name="output")
  with tf.compat.v1.Session() as sess:
    converter = tf.compat.v1.lite.TFLiteConverter.from_session(sess, [in_tensor], [out_tensor])
    tflite_model = converter.convert()
print(type(tflite_model).__name__, tflite_model[4:8])
interpreter = tf.lite.Interpreter(model_content=tflite_model)
interpreter.allocate_tensors()
inp_d = interpreter.get_input_details()[0]
out_d = interpreter.get_output_details()[0]
print(inp_d["name"], inp_d["shape"], inp_d["dtype"].__name__, out_d["name"], out_d["shape"])
interpreter.set_tensor(inp_d["index"], np.array([[1., 1., 1., 1.]], np.float32))
interpreter.invoke()
print(interpreter.get_tensor(out_d["index"]))

# TFLite, TensorFlow 1: converting a TF 1 SavedModel
converter = tf.compat.v1.lite.TFLiteConverter.from_saved_model("simple-save")
tflite_model = converter.convert()
interpreter = tf.lite.Interpreter(model_content=tflite_model)
interpreter.allocate_tensors()
print([d["name"] for d in interpreter.get_input_details()], [d["name"] for d in interpreter.get_output_details()])
interpreter.set_tensor(interpreter.get_input_details()[0]["index"], np.array(7., np.float32))
interpreter.invoke()
print(interpreter.get_tensor(interpreter.get_output_details()[0]["index"]))

# TFLite, TensorFlow 2: from a SavedModel, a Keras model and concrete functions
converter = tf.lite.TFLiteConverter.from_saved_model("tf2-save")
interpreter = tf.lite.Interpreter(model_content=converter.convert())
print(interpreter.get_signature_list())
runner = interpreter.get_signature_runner()
print(runner(input=np.array(1.5, np.float32)))

dense = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2, kernel_initializer="ones", bias_initializer="zeros")])
converter = tf.lite.TFLiteConverter.from_keras_model(dense)
out = io.StringIO()
with contextlib.redirect_stdout(out):  # (Keras's export note names a temporary folder)
  interpreter = tf.lite.Interpreter(model_content=converter.convert())
print(re.sub(r"'/tmp/[^']*'", "'<tmp>'", out.getvalue()))
print(interpreter.get_signature_list())
runner = interpreter.get_signature_runner("serving_default")
print({k: v for k, v in runner(**{list(interpreter.get_signature_list()["serving_default"]["inputs"])[0]: np.ones((1, 3), np.float32)}).items()})

class Squared(tf.Module):
  @tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
  def __call__(self, x):
    return tf.square(x)

m = Squared()
concrete_func = m.__call__.get_concrete_function()
converter = tf.lite.TFLiteConverter.from_concrete_functions([concrete_func], m)
interpreter = tf.lite.Interpreter(model_content=converter.convert())
d = interpreter.get_input_details()[0]
print(d["shape"], d["shape_signature"])
interpreter.resize_tensor_input(d["index"], [3])
interpreter.allocate_tensors()
interpreter.set_tensor(d["index"], np.array([1., 2., 3.], np.float32))
interpreter.invoke()
print(interpreter.get_tensor(interpreter.get_output_details()[0]["index"]))
converter.optimizations = [tf.lite.Optimize.DEFAULT]
print(len(converter.convert()) > 0, tf.lite.Optimize.DEFAULT, list(tf.lite.OpsSet)[:2])
