# ruff: noqa: E702, E701, E501  (the cells as written)
# The distribution-strategy cells of TF's "Random number generation" guide, on a CPU
# split into three logical devices: a generator made outside a strategy is shared (the
# replicas draw from it in turn), one made in a strategy's scope or inside strategy.run
# keys each replica's draws by its replica id, and checkpoints save and restore its state.
import os
import tempfile

import tensorflow as tf

physical_devices = tf.config.list_physical_devices("CPU")
tf.config.experimental.set_virtual_device_configuration(
    physical_devices[0], [
        tf.config.experimental.VirtualDeviceConfiguration(),
        tf.config.experimental.VirtualDeviceConfiguration(),
        tf.config.experimental.VirtualDeviceConfiguration()
    ])

g = tf.random.Generator.from_seed(1)
strat = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1"])
with strat.scope():
  def f():
    print(g.normal([]))
  results = strat.run(f)
print(g.state.numpy())

strat = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1"])
with strat.scope():
  g = tf.random.Generator.from_seed(1)
  print(strat.run(lambda: g.normal([])))
  print(strat.run(lambda: g.normal([])))
print(g.state)

strat = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1"])
with strat.scope():
  def f():
    g = tf.random.Generator.from_seed(1)
    a = g.normal([])
    b = g.normal([])
    return tf.stack([a, b])
  print(strat.run(f))
  print(strat.run(f))

strat = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1"])
with strat.scope():
  g = tf.random.Generator.from_seed(5)
  print(strat.run(lambda: (g.uniform([2]), g.uniform([], maxval=100, dtype=tf.int64), g.truncated_normal([1]))))
  print(strat.run(lambda: g.make_seeds(2)))
  print(strat.run(lambda: g.split(2)[1].normal([2])))
  print(g.normal([2]))  # cross-replica context: the stream's own key

  @tf.function
  def traced():
    return strat.run(lambda: g.normal([3]))
  print(traced())
  print(traced())

filename = os.path.join(tempfile.mkdtemp(), "checkpoint")
strat = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1"])
with strat.scope():
  g = tf.random.Generator.from_seed(1)
  cp = tf.train.Checkpoint(my_generator=g)
  print(strat.run(lambda: g.normal([])))
with strat.scope():
  cp.write(filename)
  print("RNG stream from saving point:")
  print(strat.run(lambda: g.normal([])))
  print(strat.run(lambda: g.normal([])))
with strat.scope():
  cp.restore(filename)
  print("RNG stream from restoring point:")
  print(strat.run(lambda: g.normal([])))
  print(strat.run(lambda: g.normal([])))

strat1 = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1"])
with strat1.scope():
  g1 = tf.random.Generator.from_seed(1)
strat2 = tf.distribute.MirroredStrategy(devices=["cpu:0", "cpu:1", "cpu:2"])
with strat2.scope():
  g2 = tf.random.Generator.from_seed(1)
cp1 = tf.train.Checkpoint(my_generator=g1)
cp2 = tf.train.Checkpoint(my_generator=g2)
with strat1.scope():
  print(strat1.run(lambda: g1.normal([])))
  cp1.write(filename)
with strat2.scope():
  cp2.restore(filename)
  print(strat2.run(lambda: g2.normal([])))

strat = tf.distribute.OneDeviceStrategy("cpu:0")
with strat.scope():
  g = tf.random.Generator.from_seed(1)
  print(strat.run(lambda: g.normal([])))
