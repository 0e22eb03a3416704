"""A model's exported endpoint lists its function's captures as Keras 3.15 prints them:
every captured tensor in capture order with its spec, not only the variables. A
TextVectorization captures its table, the table's default value, and its mask token and
mask value, eager tensors made once when the layer is made (as Keras's), then the
variables. Expected text recorded from TF 2.21 + Keras 3.15 with this test's model."""

import contextlib
import io
import re

import eagerflow as tf
from eagerflow import keras

CAPTURES_AS_TF = """
  ID: TensorSpec(shape=(), dtype=tf.resource, name=None)
  ID: TensorSpec(shape=(), dtype=tf.int64, name=None)
  ID: TensorSpec(shape=(), dtype=tf.string, name=None)
  ID: TensorSpec(shape=(), dtype=tf.int64, name=None)
  ID: TensorSpec(shape=(), dtype=tf.resource, name=None)
  ID: TensorSpec(shape=(), dtype=tf.resource, name=None)
  ID: TensorSpec(shape=(), dtype=tf.resource, name=None)
"""


def _text_model():
    keras.utils.set_random_seed(1)
    vec = keras.layers.TextVectorization(max_tokens=20, output_sequence_length=4)
    vec.adapt(["the cat sat", "a dog ran far away"])
    inp = keras.Input(shape=(1,), dtype="string")
    x = keras.layers.Embedding(20, 2)(vec(inp))
    out = keras.layers.Dense(1)(keras.layers.GlobalAveragePooling1D()(x))
    return keras.Model(inp, out), vec


def test_export_lists_every_capture_as_keras_prints_it(tmp_path):
    model, _ = _text_model()
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        model.export(str(tmp_path / "exp"))
    captures = printed.getvalue().split("Captures:")[1]
    assert re.sub(r"\n  \d+: ", "\n  ID: ", captures) == CAPTURES_AS_TF
    served = tf.saved_model.load(str(tmp_path / "exp")).serve(tf.constant([["the cat"]]))
    assert served.shape == (1, 1)


def test_a_masking_lookup_captures_its_mask_key_and_value():
    _, vec = _text_model()
    cf = tf.function(lambda s: vec(s)).get_concrete_function(tf.TensorSpec([None], tf.string))
    got = [(c.dtype.name, None if c.dtype == tf.resource else c.numpy())
           for c in cf.captured_inputs]
    assert got == [("resource", None), ("int64", 1), ("string", b""), ("int64", 0)]
    assert vec(tf.constant(["the zzz", ""])).numpy().tolist() == [[2, 1, 0, 0], [0, 0, 0, 0]]
