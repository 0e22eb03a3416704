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

# Variables in scope, the other strategies, the custom-training loss helpers and a
# checkpoint restored in another strategy ("Custom training with tf.distribute.Strategy").
cpu2 = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
with cpu2.scope():
    v = tf.Variable(1.0, name="v")
    s = tf.Variable(0.0, synchronization=tf.VariableSynchronization.ON_READ, aggregation=tf.VariableAggregation.SUM)
    m = tf.Variable([1, 2], aggregation=tf.VariableAggregation.ONLY_FIRST_REPLICA)
print(type(v).__name__, v.aggregation, v.synchronization, v.device)
print(repr(v)); print(v)
print(type(s).__name__, s.aggregation, s.synchronization); print(repr(s))
print(cpu2.extended.variable_created_in_scope(v), v.name, s.name, m.name)


def update():
    v.assign_add(1.0)
    s.assign_add(1.0)
    return v.read_value()


show("update in replicas", lambda: cpu2.run(update))
print(v.numpy(), s.numpy(), s.read_value())
show("assign in cross-replica context", lambda: v.assign(5.0))
w = tf.Variable(2.0)
print(type(w).__name__, cpu2.extended.variable_created_in_scope(w))
one = tf.distribute.OneDeviceStrategy("/cpu:1")
with one.scope():
    o = tf.Variable(3.0)
print(type(o).__name__, o.device, one.num_replicas_in_sync, one.extended.worker_devices)
print(one.run(lambda x: x + 1, args=(tf.constant(1),)))
print(one.experimental_distribute_values_from_function(lambda c: c.replica_id_in_sync_group))
for x in one.experimental_distribute_dataset(tf.data.Dataset.range(5).batch(2)):
    print(x)
default = tf.distribute.get_strategy()
print(type(default).__name__, default.num_replicas_in_sync)
show("default worker_devices", lambda: default.extended.worker_devices)
show("default parameter_devices", lambda: default.extended.parameter_devices)
print(default.run(lambda: 2), default.reduce("SUM", tf.constant(3.0), axis=None))
print(tf.nn.compute_average_loss([1.0, 2.0, 3.0], global_batch_size=6), tf.nn.scale_regularization_loss(4.0))
print(cpu2.run(lambda x: (tf.nn.compute_average_loss(x), tf.nn.scale_regularization_loss(2.0)), args=(tf.constant([1.0, 3.0]),)))
print(tf.distribute.InputContext(num_input_pipelines=2, input_pipeline_id=1, num_replicas_in_sync=4))
show("per-replica batch of 8", lambda: tf.distribute.InputContext(2, 1, 4).get_per_replica_batch_size(8))
show("per-replica batch of 7", lambda: tf.distribute.InputContext(2, 1, 4).get_per_replica_batch_size(7))
import tempfile  # noqa: E402

path = tf.train.Checkpoint(v=v).save(tempfile.mkdtemp() + "/c")
with one.scope():
    v2 = tf.Variable(0.0)
tf.train.Checkpoint(v=v2).restore(path)
v3 = tf.Variable(0.0)
tf.train.Checkpoint(v=v3).restore(path)
print(v2.numpy(), v3.numpy())
