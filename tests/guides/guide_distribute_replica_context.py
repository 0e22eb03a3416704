# ruff: noqa: E702, E701, E501
# tf.distribute's replica context as TF 2.21 gives it on a CPU split into two logical devices:
# all_reduce (structures, MEAN of integers, Python numbers), all_gather, merge_call (its
# PerReplica arguments, cross-replica context inside), results of `run` eagerly and inside a
# tf.function (PerReplica even where every replica holds the same value), the default replica
# context (replica id 0, `devices`), the replica contexts of CentralStorage, MultiWorkerMirrored
# and OneDevice strategies, and ReduceOp's conversions.
import tensorflow as tf


def show(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "!!", type(e).__name__, (str(e).strip().splitlines() or [""])[0][:200])


cpus = tf.config.list_physical_devices("CPU")
tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * 2)
s = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])


def step():
    ctx = tf.distribute.get_replica_context()
    i = tf.cast(ctx.replica_id_in_sync_group, tf.float32)
    a = ctx.all_reduce("SUM", i + 1.0)
    b = ctx.all_reduce(tf.distribute.ReduceOp.MEAN, [i, i * 2])
    c = ctx.all_reduce("SUM", {"x": tf.stack([i, 1 - i])})
    g = ctx.all_gather(tf.reshape(i, [1]), axis=0)
    return a, b, c, g, i


print(s.run(step))
print(tf.function(lambda: s.run(step))())


def gather_rows():
    ctx = tf.distribute.get_replica_context()
    return ctx.all_gather(tf.fill([ctx.replica_id_in_sync_group + 1, 2], ctx.replica_id_in_sync_group), axis=0)


print(s.run(gather_rows))
print(tf.function(lambda: s.run(gather_rows))())
for dtype in (tf.int32, tf.int64, tf.int16, tf.float16):
    show(f"MEAN {dtype.name}", lambda: s.run(lambda: tf.distribute.get_replica_context().all_reduce("MEAN", tf.constant([1, 2], dtype))))
print(tf.function(lambda: s.run(lambda: tf.distribute.get_replica_context().all_reduce("MEAN", tf.constant([1, 2], tf.int64))))())
print(s.run(lambda: tf.distribute.get_replica_context().all_reduce("SUM", tf.constant([1, 2]))))
show("PROD", lambda: s.run(lambda: tf.distribute.get_replica_context().all_reduce("PROD", tf.constant(1.0))))
for v in (3, 2.5, [1, 2], None):
    show(f"all_reduce {v!r}", lambda: s.run(lambda: tf.distribute.get_replica_context().all_reduce("SUM", v)))
print(tf.function(lambda: s.run(lambda: tf.distribute.get_replica_context().all_reduce("SUM", 1.0)))())


def merge_fn(strategy, v, extra=None):
    print("merge", type(strategy).__name__, type(v).__name__, extra, tf.distribute.in_cross_replica_context())
    print(v)
    print(strategy.experimental_local_results(v))
    return strategy.reduce("SUM", v, axis=None)


def merging():
    ctx = tf.distribute.get_replica_context()
    return ctx.merge_call(merge_fn, args=(tf.cast(ctx.replica_id_in_sync_group, tf.float32) + 5.0,), kwargs={"extra": 3})


print(s.run(merging))
print(s.run(lambda: tf.distribute.get_replica_context().merge_call(lambda strat: tf.distribute.get_replica_context())))
with s.scope():
    print(tf.distribute.get_replica_context(), tf.distribute.in_cross_replica_context(), tf.distribute.has_strategy())
    show("merge_call in cross-replica context", lambda: tf.distribute.get_replica_context().merge_call(lambda st: 1))


def where():
    ctx = tf.distribute.get_replica_context()
    print("devices", ctx.devices)
    return ctx.replica_id_in_sync_group


print(s.run(where))

d = tf.distribute.get_replica_context()
print(type(d).__name__, d.num_replicas_in_sync, repr(d.replica_id_in_sync_group))
print(d.devices)
with tf.device("/cpu:0"):
    print(d.devices)
print(d.all_reduce("SUM", tf.constant(2.0)), d.all_reduce("MEAN", tf.constant([1, 2])))
print(d.merge_call(lambda st, x: x * 2, args=(tf.constant(3.0),)))
print(d.all_gather(tf.constant([1, 2]), axis=0))
for v in (3, 2.5, [1, 2], None):
    show(f"default all_reduce {v!r}", lambda: d.all_reduce("SUM", v))

cs = tf.distribute.experimental.CentralStorageStrategy(["/cpu:0", "/cpu:1"])
print(cs.run(lambda: tf.distribute.get_replica_context().all_reduce("MEAN", tf.constant([1, 2]))))
show("central storage number", lambda: cs.run(lambda: tf.distribute.get_replica_context().all_reduce("MEAN", 3)))
print(repr(cs.run(lambda: tf.distribute.get_replica_context().replica_id_in_sync_group)))
mw = tf.distribute.MultiWorkerMirroredStrategy()
print(mw.run(lambda: tf.distribute.get_replica_context().all_reduce("MEAN", tf.constant([1, 2]))))
show("multi-worker number", lambda: mw.run(lambda: tf.distribute.get_replica_context().all_reduce("MEAN", 3)))
one = tf.distribute.OneDeviceStrategy("/cpu:0")
print(one.run(lambda: tf.distribute.get_replica_context().all_reduce("MEAN", tf.constant([1, 2]))))
print(one.run(lambda: tf.distribute.get_replica_context().all_reduce("MEAN", 3)))
print(repr(one.run(lambda: tf.distribute.get_replica_context().replica_id_in_sync_group)), one.run(lambda: tf.distribute.get_replica_context().devices))

print(repr(tf.distribute.ReduceOp.SUM), list(tf.distribute.ReduceOp))
print(tf.distribute.ReduceOp.from_variable_aggregation(tf.VariableAggregation.MEAN))
for agg in (tf.VariableAggregation.NONE, tf.VariableAggregation.ONLY_FIRST_REPLICA, "SUM"):
    show(f"from {agg}", lambda: tf.distribute.ReduceOp.from_variable_aggregation(agg))
show("MAX", lambda: tf.distribute.ReduceOp("MAX"))
