# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Using DTensors with Keras" guide under TF 2.21 with Keras 3: Keras 2's
tf.keras.dtensor (LayoutMap, layout-aware layers) is gone (printed); Keras 3's
keras.distribution API stands in: devices, a DeviceMesh, a LayoutMap of kernel and bias
layouts, DataParallel and ModelParallel set as the distribution, and a small model built
and trained under each (the TF backend runs it on its one device)."""

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(8)
for name in ("tf.keras.dtensor", "tf.keras.dtensor.experimental.LayoutMap",
             "tf.keras.dtensor.experimental.layout_map_scope"):
  try:
    eval(name)
    print(name, "ok")
  except AttributeError as e:
    print(name, "AttributeError", str(e).split(" has ")[1])

d = tf.keras.distribution
print(sorted(n for n in dir(d) if not n.startswith("_")))
devices = d.list_devices()
print(devices)
try:  # (Keras 3.15's TF backend lacks the helper it calls)
  d.get_device_count()
except AttributeError as e:
  print("AttributeError", str(e).split(" has ")[1])
mesh = d.DeviceMesh(shape=(1,), axis_names=["batch"], devices=devices[:1])
print(mesh.shape, mesh.axis_names, mesh.devices.shape)
layout_map = d.LayoutMap(mesh)
layout_map["d1/kernel"] = (None, "batch")
layout_map["d1/bias"] = ("batch",)
layout_map["d2.*kernel"] = ("batch", None)
print(layout_map["d1/kernel"].axes, layout_map["d1/bias"].axes, layout_map["d2/kernel"].axes if layout_map["d2/kernel"] is not None else None, layout_map["nothing"])
print(sorted(layout_map.keys()), len(layout_map))
try:
  layout_map["d1/kernel"] = (None, None)
except ValueError as e:
  print("ValueError:", str(e)[:160])

x = np.random.default_rng(8).normal(size=(16, 4)).astype("float32")
y = (x.sum(axis=1, keepdims=True) > 0).astype("float32")


def make_model():
  return tf.keras.Sequential([
      tf.keras.Input((4,)),
      tf.keras.layers.Dense(8, activation="relu", name="d1"),
      tf.keras.layers.Dense(1, name="d2"),
  ])


for dist in (d.DataParallel(devices=devices[:1]), d.ModelParallel(layout_map=layout_map, batch_dim_name="batch")):
  d.set_distribution(dist)
  print(d.distribution())
  model = make_model()
  model.compile(optimizer="sgd", loss="mse")
  h = model.fit(x, y, epochs=2, batch_size=8, verbose=0)
  print(type(dist).__name__, [round(v, 4) for v in h.history["loss"]], [w.shape for w in model.get_weights()])
  print(dist.get_data_layout((16, 4)).axes, dist.get_variable_layout(model.layers[0].kernel).axes)
d.set_distribution(None)
print(d.distribution())
