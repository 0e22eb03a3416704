# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Debugging numerical issues ... using TensorBoard Debugger V2" guide and the
tf.debugging API pages, without the GUI: the guide's buggy MLP whose loss turns NaN,
tf.debugging.enable_check_numerics catching the first op that makes an inf or NaN (eagerly,
traced, in a Keras fit), check_numerics/assert_all_finite, and enable_dump_debug_info's
dump folder (the files it writes, its modes and refusals)."""

import os
import re

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)
rng = np.random.default_rng(5)


def first_line(e):
  """The error's class, first line and check_numerics's report (no stack traces)."""
  lines = [l.strip() for l in str(e).strip().splitlines()]
  keep = [lines[0]] + [l for l in lines[1:] if l.startswith(("!!!", "dtype:", "shape:", "Input tensor", "Graph name", ": Tensor had", "[[{{node"))]
  return type(e).__name__ + ": " + " | ".join(re.sub(r"^\{\{function_node [^}]*\}\} ", "", l)[:200] for l in keep)


# The guide's "buggy" MLP: a hand-written cross entropy taking the log of a softmax that
# underflows to 0 for large logits, so its loss turns NaN
x_train = (rng.uniform(size=(64, 16)) * 40).astype("float32")
y_train = tf.one_hot(rng.integers(0, 4, size=(64,)), 4)
w1 = tf.Variable(tf.random.normal([16, 8], stddev=2.0, seed=1))
b1 = tf.Variable(tf.zeros([8]))
w2 = tf.Variable(tf.random.normal([8, 4], stddev=2.0, seed=2))
b2 = tf.Variable(tf.zeros([4]))


def forward(x):
  h = tf.nn.relu(tf.matmul(x, w1) + b1)
  return tf.nn.softmax(tf.matmul(h, w2) + b2)


def cross_entropy(y, probs):
  return -tf.reduce_mean(tf.reduce_sum(y * tf.math.log(probs), axis=1))


@tf.function
def train_step(x, y, lr):
  with tf.GradientTape() as tape:
    loss = cross_entropy(y, forward(x))
  grads = tape.gradient(loss, [w1, b1, w2, b2])
  for v, g in zip([w1, b1, w2, b2], grads):
    v.assign_sub(lr * g)
  return loss


for step in range(3):
  loss = train_step(x_train, y_train, 0.05)
  print(step, float(loss), bool(tf.math.is_nan(loss)), bool(tf.reduce_any(tf.math.is_inf(tf.math.log(forward(x_train))))))

# check_numerics on: the first op making an inf or NaN raises, naming the op
tf.debugging.enable_check_numerics()
try:
  tf.math.log(tf.constant([1.0, 0.0, -1.0]))
except Exception as e:
  print(first_line(e))
try:
  tf.constant([1.0, 2.0]) / tf.constant([1.0, 0.0])
except Exception as e:
  print(first_line(e))
print(tf.math.log(tf.constant([1.0, 2.0])).numpy())  # finite results pass
print("ints are not checked:", (tf.constant([1, 0]) // tf.constant([1, 1])).numpy())


@tf.function
def log_of(x):
  return tf.math.log(x) * 2.0


try:
  log_of(tf.constant([0.5, 0.0]))
except Exception as e:
  print(first_line(e))
try:
  train_step(x_train, y_train, 0.05)
except Exception as e:
  print(first_line(e))
tf.debugging.disable_check_numerics()
try:  # the function traced while it was on keeps its checks
  log_of(tf.constant([0.5, 0.0]))
except Exception as e:
  print(first_line(e))
print(log_of(tf.constant([0.5, 0.0, 2.0])).numpy())  # a new trace has none

# tf.debugging.check_numerics and assert_all_finite by hand
print(tf.debugging.check_numerics(tf.constant([1.0, 2.0]), "fine").numpy())
for bad in ([1.0, np.nan], [np.inf, 1.0], [-np.inf, np.nan]):
  try:
    tf.debugging.check_numerics(tf.constant(bad), message="checking bad")
  except tf.errors.InvalidArgumentError as e:
    print(first_line(e))
try:
  tf.debugging.assert_all_finite(tf.constant([1.0, np.inf]), "all finite?")
except tf.errors.InvalidArgumentError as e:
  print(first_line(e))
try:
  tf.debugging.check_numerics(tf.constant([1, 2]), "ints")
except Exception as e:
  print(first_line(e))
print(tf.debugging.check_numerics(tf.constant([1.0, 2.0], tf.float16), "half").dtype)


# enable_check_numerics around a Keras fit: the NaN is caught inside the train function
model = tf.keras.Sequential([tf.keras.layers.Input((2,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss=lambda y, p: tf.math.log(p - p))
tf.debugging.enable_check_numerics()
try:
  model.fit(np.ones((4, 2), "float32"), np.ones((4, 1), "float32"), epochs=1, verbose=0)
except Exception as e:
  # (the report's graph name is Keras's inner step function's in TF, which eagerflow's
  # Keras inlines in its multi_step_on_iterator: the lines naming the op and node print)
  lines = str(e).splitlines()
  print(type(e).__name__, "in fit:", [l.strip() for l in lines if l.startswith(("!!!", " : Tensor had", "\t [[{{node"))])
tf.debugging.disable_check_numerics()

# enable_dump_debug_info: the dump folder's files
dump_dir = os.path.abspath("tfdbg2_logdir")
writer = tf.debugging.experimental.enable_dump_debug_info(dump_dir, tensor_debug_mode="FULL_HEALTH", circular_buffer_size=-1)
print(type(writer).__name__)
loss = train_step(x_train, y_train, 0.05)
y = tf.math.log(tf.constant([1.0, 4.0]))
writer.FlushNonExecutionFiles()
writer.FlushExecutionFiles()
tf.debugging.experimental.disable_dump_debug_info()
files = sorted(os.listdir(dump_dir))
print(len(files), sorted(set(re.sub(r"^tfdbg_events\.\d+\.[^.]+\.", "", f) for f in files)))
print(all(f.startswith("tfdbg_events.") for f in files))
for mode in ("NO_TENSOR", "CURT_HEALTH", "CONCISE_HEALTH", "SHAPE", "FULL_TENSOR"):
  w = tf.debugging.experimental.enable_dump_debug_info(os.path.abspath("dump_" + mode), tensor_debug_mode=mode)
  log_of(tf.constant([0.5, 2.0]))
  tf.debugging.experimental.disable_dump_debug_info()
  print(mode, len(os.listdir("dump_" + mode)))
for bad in (dict(tensor_debug_mode="MOST_HEALTH"),):
  try:
    tf.debugging.experimental.enable_dump_debug_info(os.path.abspath("bad"), **bad)
  except Exception as e:
    print(first_line(e))
tf.debugging.experimental.disable_dump_debug_info()  # twice is fine
