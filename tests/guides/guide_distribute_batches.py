# ruff: noqa: E702, E701, E501, E741  (the cells as written)
# How MirroredStrategy cuts global batches across replicas (ceil(n / replicas) rows each, in
# order: the last replicas may get fewer or none, remainders included), what reduce gives
# for integer means, and tf.distribute.InputOptions.
import tensorflow as tf

cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 4)
for n, r in ((7, 3), (10, 4), (5, 4), (9, 4), (3, 4), (6, 4), (4, 3), (2, 3)):
    s = tf.distribute.MirroredStrategy([f"/cpu:{i}" for i in range(r)])
    sizes = [[int(t.shape[0]) for t in s.experimental_local_results(b)] for b in s.experimental_distribute_dataset(tf.data.Dataset.range(n).batch(n))]
    sizes += [[int(t.shape[0]) for t in s.experimental_local_results(b)] for b in s.experimental_distribute_dataset(tf.data.Dataset.range(n + 8).batch(8))]
    print(n, r, sizes)
s = tf.distribute.MirroredStrategy()
print(s.num_replicas_in_sync)
for b in s.experimental_distribute_dataset(tf.data.Dataset.from_tensor_slices({"a": tf.range(4), "b": tf.ones([4, 2])}).batch(4)):
    print(b)
s = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
v = s.experimental_distribute_values_from_function(lambda ctx: tf.constant(ctx.replica_id_in_sync_group, tf.int64))
print(s.reduce("MEAN", v, axis=None), s.reduce("SUM", v, axis=None))
v = s.experimental_distribute_values_from_function(lambda ctx: tf.constant([1, 2], tf.int32))
print(s.reduce("MEAN", v, axis=0), s.reduce("MEAN", v, axis=None))
v = s.experimental_distribute_values_from_function(lambda ctx: tf.constant(1.5, tf.float16))
print(s.reduce("MEAN", v, axis=None))
print(tf.distribute.InputOptions())
print([b for b in s.experimental_distribute_dataset(tf.data.Dataset.range(4).batch(4), tf.distribute.InputOptions(experimental_fetch_to_device=False))])
