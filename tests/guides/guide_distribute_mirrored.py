# ruff: noqa: UP032  (the guide's cells, unchanged)
# Cells of TF's distributed-training guides with MirroredStrategy() and no arguments on a
# CPU split into two logical devices (TF mirrors over both): strategy.run and distributed
# datasets give PerReplica values, batches split across the replicas as TF splits them.
import tensorflow as tf

cpu = tf.config.list_physical_devices("CPU")
tf.config.set_logical_device_configuration(
    cpu[0], [tf.config.LogicalDeviceConfiguration(), tf.config.LogicalDeviceConfiguration()])
print(tf.config.list_logical_devices())

strategy = tf.distribute.MirroredStrategy()
print("Number of devices: {}".format(strategy.num_replicas_in_sync))
print(strategy.extended.worker_devices)
print(strategy.extended.parameter_devices)


def fn(x):
    ctx = tf.distribute.get_replica_context()
    return x * tf.cast(ctx.replica_id_in_sync_group + 1, tf.float32)


result = strategy.run(fn, args=(tf.constant(2.0),))
print(repr(result))
print(result)
print(type(result).__name__)
print(strategy.reduce(tf.distribute.ReduceOp.SUM, result, axis=None))
print(strategy.reduce(tf.distribute.ReduceOp.MEAN, result, axis=None))
print(strategy.experimental_local_results(result))

dataset = tf.data.Dataset.range(10).batch(4)
for batch in strategy.experimental_distribute_dataset(dataset):
    print(repr(batch))
for batch in strategy.experimental_distribute_dataset(tf.data.Dataset.range(7).batch(3)):
    print(batch)

with strategy.scope():
    v = tf.Variable(1.0)
print(repr(v))
print(repr(v.assign(2.0)))
print(strategy.run(lambda: v.read_value()))


def step(x):
    return {"a": x, "b": (x * 2,)}


dist = iter(strategy.experimental_distribute_dataset(tf.data.Dataset.range(4).batch(4)))
print(strategy.run(step, args=(next(dist),)))
values = strategy.experimental_distribute_values_from_function(
    lambda ctx: tf.constant(ctx.replica_id_in_sync_group))
print(values)

one = tf.distribute.MirroredStrategy(["/cpu:0"])
print(one.num_replicas_in_sync, repr(one.run(lambda: tf.constant(1))))
