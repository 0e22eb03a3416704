# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Distributed input" tutorial on a CPU split into two logical devices: a plain
dataset through a tf.function, experimental_distribute_dataset and its first global
batch, auto-shard options, distribute_datasets_from_function with the InputContext's
per-replica batch size, iterating a distributed dataset with strategy.run (for..in and
iter/next per epoch), get_next_as_optional ending a tf.range loop inside a tf.function,
a tf.function whose input_signature is the distributed dataset's element_spec, partial
batches, InputOptions, values from experimental_distribute_values_from_function, and a
dataset from a generator distributed."""

import numpy as np
import tensorflow as tf

cpus = tf.config.list_physical_devices("CPU")
tf.config.set_logical_device_configuration(
    cpus[0], [tf.config.LogicalDeviceConfiguration(), tf.config.LogicalDeviceConfiguration()])
print(len(tf.config.list_logical_devices("CPU")))
np.random.seed(0)

global_batch_size = 4
# Create a tf.data.Dataset object.
dataset = tf.data.Dataset.from_tensors(([1.], [1.])).repeat(10).batch(global_batch_size)


@tf.function
def train_step(inputs):
    features, labels = inputs
    return labels - 0.3 * features


# Iterate over the dataset using the for..in construct.
for inputs in dataset:
    print(train_step(inputs).shape, train_step(inputs)[0].numpy())

mirrored_strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
print(mirrored_strategy.num_replicas_in_sync)
dataset = tf.data.Dataset.from_tensors(([1.], [1.])).repeat(10).batch(global_batch_size)
# Distribute input using the `experimental_distribute_dataset`.
dist_dataset = mirrored_strategy.experimental_distribute_dataset(dataset)
# 1 global batch of data fed to the model in 1 step.
print(next(iter(dist_dataset)))

dataset = tf.data.Dataset.from_tensors(([1.], [1.])).repeat(16).batch(4)
options = tf.data.Options()
options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.DATA
dataset = dataset.with_options(options)
print(dataset.options().experimental_distribute.auto_shard_policy)
print(tf.data.experimental.AutoShardPolicy.OFF, int(tf.data.experimental.AutoShardPolicy.AUTO))


def dataset_fn(input_context):
    batch_size = input_context.get_per_replica_batch_size(global_batch_size)
    dataset = tf.data.Dataset.from_tensors(([1.], [1.])).repeat(16).batch(4)
    dataset = dataset.shard(
        input_context.num_input_pipelines, input_context.input_pipeline_id)
    dataset = dataset.batch(batch_size)
    dataset = dataset.prefetch(2)  # This prefetches 2 batches per device.
    print(input_context.num_input_pipelines, input_context.input_pipeline_id,
          input_context.num_replicas_in_sync, batch_size)
    return dataset


dist_dataset = mirrored_strategy.distribute_datasets_from_function(dataset_fn)
print(dist_dataset.element_spec)
print(sum(1 for _ in dist_dataset))

# -- distributed iterators
dataset = tf.data.Dataset.from_tensors(([1.], [1.])).repeat(10).batch(global_batch_size)
dist_dataset = mirrored_strategy.experimental_distribute_dataset(dataset)


@tf.function
def train_step(inputs):
    features, labels = inputs
    return labels - 0.3 * features


for x in dist_dataset:
    # train_step trains the model using the dataset elements
    loss = mirrored_strategy.run(train_step, args=(x,))
    print("Loss is ", loss)

num_epochs = 2
steps_per_epoch = 2
for epoch in range(num_epochs):
    dist_iterator = iter(dist_dataset)
    for step in range(steps_per_epoch):
        # train_step trains the model using the dataset elements
        loss = mirrored_strategy.run(train_step, args=(next(dist_iterator),))
        # which is the same as
        # loss = mirrored_strategy.run(train_step, args=(dist_iterator.get_next(),))
        print("Loss is ", loss)

# You can break the loop with `get_next_as_optional` by checking if the Optional contains a value
global_batch_size = 4
steps_per_loop = 5
strategy = mirrored_strategy

dataset = tf.data.Dataset.range(9).batch(global_batch_size)
distributed_iterator = iter(strategy.experimental_distribute_dataset(dataset))


@tf.function
def train_fn(distributed_iterator):
    total = tf.constant(0, tf.int64)
    steps = tf.constant(0)
    for _ in tf.range(steps_per_loop):
        optional_data = distributed_iterator.get_next_as_optional()
        if not optional_data.has_value():
            break
        per_replica_results = strategy.run(lambda x: x, args=(optional_data.get_value(),))
        tf.print(strategy.experimental_local_results(per_replica_results))
        total += tf.add_n([tf.reduce_sum(r) for r in strategy.experimental_local_results(per_replica_results)])
        steps += 1
    return steps, total


print(train_fn(distributed_iterator))

# -- element_spec
global_batch_size = 4
epochs = 2
steps_per_epoch = 2

dataset = tf.data.Dataset.from_tensors(([1.], [1.])).repeat(10).batch(global_batch_size)
dist_dataset = mirrored_strategy.experimental_distribute_dataset(dataset)
print(dist_dataset.element_spec)


@tf.function(input_signature=[dist_dataset.element_spec])
def train_step(per_replica_inputs):
    def step_fn(inputs):
        return 2 * inputs

    return mirrored_strategy.run(step_fn, args=(per_replica_inputs,))


for _ in range(epochs):
    iterator = iter(dist_dataset)
    for _ in range(steps_per_epoch):
        output = train_step(next(iterator))
        print(output)
print(train_step.input_signature)
print(train_step.experimental_get_tracing_count())

# -- partial batches: 10 elements, a global batch of 4
dataset = tf.data.Dataset.range(10).batch(4)
for b in mirrored_strategy.experimental_distribute_dataset(dataset):
    print(mirrored_strategy.experimental_local_results(b))
dataset = tf.data.Dataset.range(10).batch(4, drop_remainder=True)
print(mirrored_strategy.experimental_distribute_dataset(dataset).element_spec)

# -- InputOptions: no prefetch to the replicas' devices
dataset = tf.data.Dataset.range(8).batch(4)
options = tf.distribute.InputOptions(experimental_fetch_to_device=False)
dist = mirrored_strategy.experimental_distribute_dataset(dataset, options)
print([[t.device for t in mirrored_strategy.experimental_local_results(b)] for b in dist][0])
dist = mirrored_strategy.experimental_distribute_dataset(dataset)
print([[t.device for t in mirrored_strategy.experimental_local_results(b)] for b in dist][0])

# -- values from a function
worker_devices = mirrored_strategy.extended.worker_devices
print(worker_devices)


def value_fn(ctx):
    return tf.constant(ctx.replica_id_in_sync_group)


distributed_values = mirrored_strategy.experimental_distribute_values_from_function(value_fn)
for _ in range(2):
    result = mirrored_strategy.run(lambda x: x, args=(distributed_values,))
    print(result)


# -- a dataset from a generator
def input_gen():
    while True:
        yield np.random.rand(4)


# use Dataset.from_generator
dataset = tf.data.Dataset.from_generator(
    input_gen, output_types=(tf.float32), output_shapes=tf.TensorShape([4]))
dist_dataset = mirrored_strategy.experimental_distribute_dataset(dataset)
try:
    iterator = iter(dist_dataset)
    for _ in range(2):
        result = mirrored_strategy.run(lambda x: x, args=(next(iterator),))
        print(result)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0][:200])
dataset = tf.data.Dataset.from_generator(
    input_gen, output_types=(tf.float32), output_shapes=tf.TensorShape([4])).batch(4)
iterator = iter(mirrored_strategy.experimental_distribute_dataset(dataset))
result = mirrored_strategy.run(lambda x: tf.shape(x), args=(next(iterator),))
print(result)
