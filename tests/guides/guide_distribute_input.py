# ruff: noqa: E702, E701, E501
# "Distributed input" on a CPU split into three logical devices: distribute_datasets_from_function
# with its InputContext (batches dealt to replicas in turn, a short last group completed with
# empty batches unless every shape is static), global batches split with a remainder,
# distributed iterators (get_next_as_optional, the end, inside a tf.function), PerReplica
# structures from experimental_distribute_values_from_function, and what is refused (a Python
# list, an unbatched dataset) or handed back (the default strategy).
import tensorflow as tf


def show(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "!!", type(e).__name__, (str(e).strip().splitlines() or [""])[0][:200])


cpus = tf.config.list_physical_devices("CPU")
tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * 3)
strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1", "/cpu:2"])
seen = []


def dataset_fn(input_context):
    seen.append((input_context.num_input_pipelines, input_context.input_pipeline_id, input_context.num_replicas_in_sync))
    print("ctx", input_context)
    d = tf.data.Dataset.range(20).shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    return d.batch(input_context.get_per_replica_batch_size(9))


dd = strategy.distribute_datasets_from_function(dataset_fn)
print(seen, type(dd).__name__)
print(dd.element_spec)
for i, b in enumerate(dd):
    print(i, b)
show("a list from the function", lambda: strategy.distribute_datasets_from_function(lambda ctx: [1, 2]))
show("per replica 8/3", lambda: tf.distribute.InputContext(1, 0, 3).get_per_replica_batch_size(8))
ic = tf.distribute.InputContext()
print(ic.num_input_pipelines, ic.input_pipeline_id, ic.num_replicas_in_sync, ic)
for b in strategy.distribute_datasets_from_function(lambda c: tf.data.Dataset.from_tensor_slices((tf.range(4), tf.ones([4, 2]))).batch(3)): print(b)
for b in strategy.distribute_datasets_from_function(lambda c: tf.data.Dataset.range(4).batch(1).map(lambda x: (x, tf.constant(1.0)))): print(b)
for b in strategy.distribute_datasets_from_function(lambda c: tf.data.Dataset.range(4)): print(b)
for b in strategy.distribute_datasets_from_function(lambda c: tf.data.Dataset.range(4).map(lambda i: tf.fill([i], i))): print(b)
for b in strategy.distribute_datasets_from_function(lambda c: tf.data.Dataset.range(5).batch(2, drop_remainder=True)): print(b)
for b in strategy.distribute_datasets_from_function(lambda c: tf.data.Dataset.from_tensor_slices({"s": ["a", "b", "c", "d"]}).batch(3)): print(b)

dist = strategy.experimental_distribute_dataset(tf.data.Dataset.range(11).batch(5))
print(type(dist).__name__, dist.element_spec)
for b in dist:
    print(b)
    print(strategy.experimental_local_results(b))
for x, y in strategy.experimental_distribute_dataset(tf.data.Dataset.from_tensor_slices((tf.reshape(tf.range(14.), [7, 2]), tf.range(7))).batch(4)):
    print(x); print(y)
show("unbatched", lambda: strategy.experimental_distribute_dataset(tf.data.Dataset.range(3)))
show("a list", lambda: strategy.experimental_distribute_dataset([tf.constant([1, 2])]))

it = iter(strategy.experimental_distribute_dataset(tf.data.Dataset.range(6).batch(6)))
print(type(it).__name__, it.element_spec)
print(next(it))
show("exhausted", lambda: next(it))
it = iter(strategy.experimental_distribute_dataset(tf.data.Dataset.range(6).batch(3)))
o = it.get_next_as_optional()
print(type(o).__name__, isinstance(o, tf.experimental.Optional), o.has_value(), o.element_spec)
print(o.get_value())
o = it.get_next_as_optional(); o = it.get_next_as_optional(); print(o.has_value())
show("get_value of the end", lambda: o.get_value())
it = iter(strategy.distribute_datasets_from_function(lambda c: tf.data.Dataset.range(4).batch(1)))
print(next(it)); o = it.get_next_as_optional(); print(o.has_value(), o.get_value())
print(it.get_next_as_optional().has_value())


@tf.function
def train(dist):
    total = tf.constant(0, tf.int64)
    for b in dist:
        total += strategy.reduce("SUM", strategy.run(lambda x: tf.reduce_sum(x) + tf.size(x, out_type=tf.int64), args=(b,)), axis=None)
    return total


print(train(strategy.experimental_distribute_dataset(tf.data.Dataset.range(10).batch(4))))
print(train(strategy.distribute_datasets_from_function(lambda c: tf.data.Dataset.range(5).batch(1))))
print(train(strategy.distribute_datasets_from_function(lambda c: tf.data.Dataset.range(7).batch(2))))


@tf.function
def sizes(it):
    return strategy.run(lambda x: tf.size(x), args=(next(it),))


it = iter(strategy.distribute_datasets_from_function(lambda c: tf.data.Dataset.range(4).batch(1)))
print(sizes(it)); print(sizes(it))
show("past the end", lambda: sizes(it))


@tf.function
def has_next(it):
    return it.get_next_as_optional().has_value()


it = iter(strategy.distribute_datasets_from_function(lambda c: tf.data.Dataset.range(4).batch(1)))
print(has_next(it), has_next(it), has_next(it))

pr = strategy.experimental_distribute_values_from_function(lambda c: {"a": tf.constant(c.replica_id_in_sync_group), "b": [c.replica_id_in_sync_group * 1.5]})
print(pr)
print(type(pr["a"]).__name__, pr["a"].values)
print(strategy.experimental_local_results(pr))
x = tf.constant(3)
print(strategy.experimental_distribute_values_from_function(lambda c: (x, None)))
print(strategy.experimental_distribute_values_from_function(lambda c: [c.replica_id_in_sync_group, {"k": ()}]))
one = tf.distribute.MirroredStrategy(["/cpu:0"])
print(repr(one.experimental_distribute_values_from_function(lambda c: 1)))
print(list(one.experimental_distribute_dataset(tf.data.Dataset.range(3))))
for name, s in [("default", tf.distribute.get_strategy()), ("one device", tf.distribute.OneDeviceStrategy("/cpu:0")),
                ("central storage", tf.distribute.experimental.CentralStorageStrategy(["/cpu:0", "/cpu:1"]))]:
    print(name, repr(s.experimental_distribute_values_from_function(lambda c: [c.replica_id_in_sync_group, None])))
    show(name + " unbatched", lambda: type(s.experimental_distribute_dataset(tf.data.Dataset.range(2))).__name__)
print(tf.distribute.get_strategy().distribute_datasets_from_function(lambda c: tf.data.Dataset.range(c.num_replicas_in_sync + 1)))
print(tf.distribute.InputOptions(experimental_per_replica_buffer_size=2))
