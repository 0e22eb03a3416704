# ruff: noqa: E702, E701, E501
# "Distributed training with TensorFlow" on a CPU split into three logical devices:
# MirroredStrategy's devices and `extended`, PerReplica values, reduce (ops, axes, values
# that are not distributed), gather, run, the replica and cross-replica contexts and what a
# strategy refuses inside a replica or inside another strategy's scope.
import tensorflow as tf


def show(label, fn, limit=300):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "!!", type(e).__name__, str(e).strip().splitlines()[0][:limit] if str(e).strip() else "")


cpus = tf.config.list_physical_devices("CPU")
tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * 3)
strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
print(type(strategy).__name__, strategy.num_replicas_in_sync)
print(strategy.extended.worker_devices, strategy.extended.parameter_devices)
print(type(strategy.extended).__name__, strategy.extended.worker_devices_by_replica)
print(strategy.extended.experimental_between_graph, strategy.extended.should_checkpoint)
show("default devices", lambda: tf.distribute.MirroredStrategy().extended.worker_devices)
show("duplicates", lambda: tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:0"]))
show("a missing device", lambda: tf.distribute.MirroredStrategy(["/cpu:0", "/gpu:7"]).extended.worker_devices)
show("a string", lambda: tf.distribute.MirroredStrategy("/cpu:1").extended.worker_devices)
show("lowercase type", lambda: tf.distribute.MirroredStrategy(["/device:cpu:0", "/device:Cpu:1"]))
show("cross_device_ops", lambda: type(tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"], cross_device_ops=tf.distribute.HierarchicalCopyAllReduce()).extended._cross_device_ops).__name__)
print(type(tf.distribute.get_strategy().extended).__name__, type(tf.distribute.OneDeviceStrategy("/cpu:0").extended).__name__)

pr = strategy.experimental_distribute_values_from_function(lambda ctx: tf.constant(ctx.replica_id_in_sync_group * 10.0))
print(pr); print(repr(pr))
print(type(pr).__name__, isinstance(pr, tf.distribute.DistributedValues))
print(strategy.experimental_local_results(pr))
show("reduce SUM", lambda: strategy.reduce(tf.distribute.ReduceOp.SUM, pr, axis=None))
show("reduce 'mean'", lambda: strategy.reduce("mean", pr, axis=None))
for op in ("MAX", "prod"):
    show(f"reduce {op}", lambda: strategy.reduce(op, pr, axis=None))
show("reduce axis 0 of scalars", lambda: strategy.reduce("SUM", pr, axis=0))
show("reduce axis -1 of scalars", lambda: strategy.reduce("MEAN", pr, axis=-1))
show("reduce a tensor, axis 0", lambda: strategy.reduce("SUM", tf.constant([1.0, 2.0]), axis=0))
show("reduce a tensor, MEAN axis 0", lambda: strategy.reduce("MEAN", tf.constant([1.0, 2.0]), axis=0))
show("reduce an int tensor, MEAN axis 0", lambda: strategy.reduce("MEAN", tf.constant([1, 2]), axis=0))
show("reduce a tensor, SUM", lambda: strategy.reduce("SUM", tf.constant([1.0, 2.0]), axis=None))
show("reduce a tensor, MEAN", lambda: strategy.reduce("MEAN", tf.constant([1.0, 2.0]), axis=None))
show("reduce a number", lambda: strategy.reduce("SUM", 3, axis=None))
show("gather scalars", lambda: strategy.gather(pr, axis=0))
show("gather a tensor", lambda: strategy.gather(tf.constant([1, 2]), axis=0))
pr2 = strategy.experimental_distribute_values_from_function(lambda ctx: tf.fill([2, ctx.replica_id_in_sync_group + 1], float(ctx.replica_id_in_sync_group)))
show("gather uneven", lambda: strategy.gather(pr2, axis=1))
show("scalar reduce_sum axis 0", lambda: tf.reduce_sum(tf.constant(1.0), axis=0))
show("scalar reduce_mean axis -1", lambda: tf.reduce_mean(tf.constant(1.0), axis=-1))
show("scalar reduce_any axis [0]", lambda: tf.reduce_any(tf.constant(True), axis=[0]))


def step(x):
    ctx = tf.distribute.get_replica_context()
    return x * tf.cast(ctx.replica_id_in_sync_group + 1, tf.float32)


print(strategy.run(step, args=(pr,)))
print(strategy.run(step, args=(tf.constant(1.0),)))
print(strategy.run(lambda x, y: (x, {"y": y}), args=(1, 2.0)))
print(strategy.run(lambda: ((1,), [2], "s", {"k": (3, 4)})))
show("run None", lambda: strategy.run(lambda: None))
show("run raises", lambda: strategy.run(lambda: 1 / 0))
print(tf.distribute.in_cross_replica_context(), tf.distribute.has_strategy(), type(tf.distribute.get_replica_context()).__name__)
with strategy.scope():
    print(tf.distribute.in_cross_replica_context(), tf.distribute.has_strategy(), tf.distribute.get_replica_context())
    print(tf.distribute.get_strategy() is strategy)
    # (the message names the strategies by their default reprs: the module paths differ)
    show("another strategy's scope", lambda: tf.distribute.MirroredStrategy(["/cpu:0"]).scope().__enter__(), 50)
    with strategy.scope():
        print("the same scope again")
    show("all_reduce in cross-replica context", lambda: tf.distribute.get_replica_context().all_reduce("SUM", 1.0))
show("all_reduce outside", lambda: tf.distribute.get_replica_context().all_reduce("SUM", 1.0))


def in_replica():
    ctx = tf.distribute.get_replica_context()
    return (type(ctx).__name__, ctx.num_replicas_in_sync, tf.distribute.in_cross_replica_context(),
            tf.distribute.get_strategy() is strategy, ctx.strategy is strategy, ctx.devices)


print(strategy.run(in_replica))


def all_reduce(x):
    ctx = tf.distribute.get_replica_context()
    return ctx.all_reduce("SUM", x), ctx.all_reduce(tf.distribute.ReduceOp.MEAN, x)


print(strategy.run(all_reduce, args=(pr,)))


def merge(x):
    return tf.distribute.get_replica_context().merge_call(lambda s, v: s.reduce("SUM", v, axis=None), args=(x,))


print(strategy.run(merge, args=(pr,)))
for label, fn in (("reduce", lambda: strategy.reduce("SUM", tf.constant(1.0), axis=None)),
                  ("run", lambda: strategy.run(lambda: 1)),
                  ("gather", lambda: strategy.gather(tf.constant([1.0]), axis=0)),
                  ("scope", lambda: strategy.scope().__enter__())):
    show(f"{label} in a replica", lambda: strategy.run(fn))
show("local results of a tensor", lambda: strategy.experimental_local_results(tf.constant(1)))
show("local results of a structure", lambda: strategy.experimental_local_results((pr, 1)))
show("local results, default strategy", lambda: tf.distribute.get_strategy().experimental_local_results((1, 2)))
