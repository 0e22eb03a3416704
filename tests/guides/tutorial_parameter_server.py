# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Parameter server training with ParameterServerStrategy" tutorial with its
in-process cluster (tf.distribute.Server's for 2 workers and 2 ps tasks): the variable
partitioner, a custom training loop of Keras preprocessing, an Embedding model, an
optimizer and an accuracy metric made in the strategy's scope, per-worker datasets,
coordinator.schedule of a distributed step, join, RemoteValue.fetch, and evaluation by a
scheduled step."""

import multiprocessing
import os
import random
import socket

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(3)


def pick_unused_port():
    # the tutorial's portpicker.pick_unused_port(), without the package
    with socket.socket() as sock:
        sock.bind(("localhost", 0))
        return sock.getsockname()[1]


def create_in_process_cluster(num_workers, num_ps):
    """Creates and starts local servers and returns the cluster_resolver."""
    worker_ports = [pick_unused_port() for _ in range(num_workers)]
    ps_ports = [pick_unused_port() for _ in range(num_ps)]

    cluster_dict = {}
    cluster_dict["worker"] = ["localhost:%s" % port for port in worker_ports]
    if num_ps > 0:
        cluster_dict["ps"] = ["localhost:%s" % port for port in ps_ports]

    cluster_spec = tf.train.ClusterSpec(cluster_dict)

    # Workers need some inter_ops threads to work properly.
    worker_config = tf.compat.v1.ConfigProto()
    if multiprocessing.cpu_count() < num_workers + 1:
        worker_config.inter_op_parallelism_threads = num_workers + 1

    for i in range(num_workers):
        tf.distribute.Server(
            cluster_spec,
            job_name="worker",
            task_index=i,
            config=worker_config,
            protocol="grpc")

    for i in range(num_ps):
        tf.distribute.Server(
            cluster_spec,
            job_name="ps",
            task_index=i,
            protocol="grpc")

    cluster_resolver = tf.distribute.cluster_resolver.SimpleClusterResolver(
        cluster_spec, rpc_layer="grpc")
    return cluster_resolver


# Set the environment variable to allow reporting worker and ps failure to the
# coordinator. This is a workaround and won't be necessary in the future.
os.environ["GRPC_FAIL_FAST"] = "use_caller"

NUM_WORKERS = 1  # (one worker runs the closures in order: the losses repeat)
NUM_PS = 2
cluster_resolver = create_in_process_cluster(NUM_WORKERS, NUM_PS)
print(sorted(cluster_resolver.cluster_spec().as_dict()), cluster_resolver.rpc_layer,
      cluster_resolver.cluster_spec().num_tasks("worker"), cluster_resolver.cluster_spec().num_tasks("ps"))

variable_partitioner = (
    tf.distribute.experimental.partitioners.MinSizePartitioner(
        min_shard_bytes=(256 << 10),
        max_shards=NUM_PS))

strategy = tf.distribute.ParameterServerStrategy(
    cluster_resolver,
    variable_partitioner=variable_partitioner)
print(type(strategy).__name__, strategy.num_replicas_in_sync)
print(strategy.extended._num_workers if hasattr(strategy.extended, "_num_workers") else NUM_WORKERS)

# -- custom training loop: data preparation
feature_vocab = [
    "avenger", "ironman", "batman", "hulk", "spiderman", "kingkong", "wonder_woman"
]
label_vocab = ["yes", "no"]

with strategy.scope():
    feature_lookup_layer = tf.keras.layers.StringLookup(
        vocabulary=feature_vocab,
        mask_token=None)
    label_lookup_layer = tf.keras.layers.StringLookup(
        vocabulary=label_vocab,
        num_oov_indices=0,
        mask_token=None)

    raw_feature_input = tf.keras.layers.Input(
        shape=(3,),
        dtype=tf.string,
        name="feature")
    feature_id_input = feature_lookup_layer(raw_feature_input)
    feature_preprocess_stage = tf.keras.Model(
        {"features": raw_feature_input},
        feature_id_input)

    raw_label_input = tf.keras.layers.Input(
        shape=(1,),
        dtype=tf.string,
        name="label")
    label_id_input = label_lookup_layer(raw_label_input)

    label_preprocess_stage = tf.keras.Model(
        {"label": raw_label_input},
        label_id_input)

print(feature_lookup_layer.vocabulary_size(), label_lookup_layer.vocabulary_size())
print(feature_lookup_layer.get_vocabulary())


def feature_and_label_gen(num_examples=200):
    examples = {"features": [], "label": []}
    for _ in range(num_examples):
        features = random.sample(feature_vocab, 3)
        label = ["yes"] if "avenger" in features else ["no"]
        examples["features"].append(features)
        examples["label"].append(label)
    return examples


random.seed(7)
examples = feature_and_label_gen()
print(examples["features"][:2], examples["label"][:2])
print(sum(l == ["yes"] for l in examples["label"]))


def dataset_fn(_):
    raw_dataset = tf.data.Dataset.from_tensor_slices(examples)

    # batched before the map: Keras 3's functional models refuse one unbatched example
    train_dataset = raw_dataset.shuffle(200, seed=1).batch(32).map(
        lambda x: (
            {"features": feature_preprocess_stage(x["features"])},
            label_preprocess_stage(x["label"])
        )).repeat()
    return train_dataset


# -- build the model
# These variables created under the `Strategy.scope` will be placed on parameter
# servers in a round-robin fashion.
with strategy.scope():
    # Create the model. The input needs to be compatible with Keras processing layers.
    model_input = tf.keras.layers.Input(
        shape=(3,), dtype=tf.int64, name="model_input")

    emb_layer = tf.keras.layers.Embedding(
        input_dim=len(feature_lookup_layer.get_vocabulary()), output_dim=16)
    try:  # the tutorial's Keras 2 line: Keras 3 refuses a KerasTensor in a TF op
        emb_output = tf.reduce_mean(emb_layer(model_input), axis=1)
    except ValueError as e:
        print("ValueError:", str(e).splitlines()[0])
    emb_output = tf.keras.ops.mean(emb_layer(model_input), axis=1)
    dense_output = tf.keras.layers.Dense(
        units=1, activation="sigmoid",
        kernel_regularizer=tf.keras.regularizers.L2(1e-4),
    )(emb_output)
    model = tf.keras.Model({"features": model_input}, dense_output)

    optimizer = tf.keras.optimizers.RMSprop(learning_rate=0.1)
    accuracy = tf.keras.metrics.Accuracy()

emb = emb_layer.embeddings
print(type(emb).__name__, emb.shape, type(emb.value).__name__, emb.value.device)
# The tutorial's 16384-wide embedding is split over both ps tasks by the partitioner
# (a Keras 3 variable over a ShardedVariable, whose gradient TF 2.21 cannot take: the
# embedding here is narrow); a tf.Variable that size shows the split.
with strategy.scope():
    wide = tf.Variable(tf.zeros([8, 16384]), name="wide")
print(type(wide).__name__, wide.shape, len(wide.variables))
print([(v.shape, v.device, v.name) for v in wide.variables])
with strategy.scope():
    narrow = tf.Variable(tf.zeros([8, 16]), name="narrow")
print(type(narrow).__name__, narrow.device, narrow.name)
kernel = model.layers[-1].kernel
print(kernel.shape, type(kernel.value).__name__, kernel.value.device)


# -- define the training step
@tf.function
def step_fn(iterator):

    def replica_fn(batch_data, labels):
        with tf.GradientTape() as tape:
            pred = model(batch_data, training=True)
            per_example_loss = tf.keras.losses.BinaryCrossentropy(
                reduction=tf.keras.losses.Reduction.NONE)(labels, pred)
            loss = tf.nn.compute_average_loss(per_example_loss)
            model_losses = model.losses
            if model_losses:
                loss += tf.nn.scale_regularization_loss(tf.add_n(model_losses))
        gradients = tape.gradient(loss, model.trainable_variables)

        optimizer.apply_gradients(zip(gradients, model.trainable_variables))

        actual_pred = tf.cast(tf.greater(pred, 0.5), tf.int64)
        accuracy.update_state(labels, actual_pred)
        return loss

    batch_data, labels = next(iterator)
    losses = strategy.run(replica_fn, args=(batch_data, labels))
    return strategy.reduce(tf.distribute.ReduceOp.SUM, losses, axis=None)


# -- dispatch training steps to remote workers
coordinator = tf.distribute.coordinator.ClusterCoordinator(strategy)
print(type(coordinator).__name__, coordinator.strategy is strategy)


@tf.function
def per_worker_dataset_fn():
    return strategy.distribute_datasets_from_function(dataset_fn)


per_worker_dataset = coordinator.create_per_worker_dataset(per_worker_dataset_fn)
per_worker_iterator = iter(per_worker_dataset)
print(type(per_worker_dataset).__name__, type(per_worker_iterator).__name__)

num_epochs = 4
steps_per_epoch = 5
for i in range(num_epochs):
    accuracy.reset_state()
    for _ in range(steps_per_epoch):
        coordinator.schedule(step_fn, args=(per_worker_iterator,))
    # Wait at epoch boundaries.
    coordinator.join()
    print("Finished epoch %d, accuracy is %f." % (i, accuracy.result().numpy()))

loss = coordinator.schedule(step_fn, args=(per_worker_iterator,))
print(type(loss).__name__)
print("Final loss is %.4f" % loss.fetch())
print(loss.fetch().dtype, np.shape(loss.fetch()))
print(int(optimizer.iterations.numpy()))

# -- evaluation: inline
eval_dataset = tf.data.Dataset.from_tensor_slices(
    feature_and_label_gen(num_examples=16)).batch(8).map(
        lambda x: (
            {"features": feature_preprocess_stage(x["features"])},
            label_preprocess_stage(x["label"])
        ))

eval_accuracy = tf.keras.metrics.Accuracy()

for batch_data, labels in eval_dataset:
    pred = model(batch_data, training=False)
    actual_pred = tf.cast(tf.greater(pred, 0.5), tf.int64)
    eval_accuracy.update_state(labels, actual_pred)

print("Evaluation accuracy: %f" % eval_accuracy.result())

# -- evaluation: distributed
with strategy.scope():
    # Define the eval metric on parameter servers.
    eval_accuracy = tf.keras.metrics.Accuracy()


@tf.function
def eval_step(iterator):
    def replica_fn(batch_data, labels):
        pred = model(batch_data, training=False)
        actual_pred = tf.cast(tf.greater(pred, 0.5), tf.int64)
        eval_accuracy.update_state(labels, actual_pred)
    batch_data, labels = next(iterator)
    strategy.run(replica_fn, args=(batch_data, labels))


eval_examples = feature_and_label_gen(num_examples=16)


def eval_dataset_fn():
    return tf.data.Dataset.from_tensor_slices(
        eval_examples).shuffle(16, seed=2).repeat().batch(8).map(
            lambda x: (
                {"features": feature_preprocess_stage(x["features"])},
                label_preprocess_stage(x["label"])
            ))


per_worker_eval_dataset = coordinator.create_per_worker_dataset(eval_dataset_fn)
per_worker_eval_iterator = iter(per_worker_eval_dataset)

eval_steps_per_epoch = 2
for _ in range(eval_steps_per_epoch):
    coordinator.schedule(eval_step, args=(per_worker_eval_iterator,))
coordinator.join()
print("Evaluation accuracy: %f" % eval_accuracy.result())
print(int(eval_accuracy.count.numpy()) if hasattr(eval_accuracy, "count") else "")

# -- training with Model.fit: Keras 3 has no DatasetCreator, and refuses a plain dataset
try:
    tf.keras.utils.experimental.DatasetCreator
except AttributeError as e:
    print("AttributeError:", str(e).split("'")[-2])  # (the module's name is Keras's own)

with strategy.scope():
    fit_model = tf.keras.models.Sequential([tf.keras.layers.Dense(10)])
    fit_model.compile(tf.keras.optimizers.SGD(), loss="mse", steps_per_execution=10)

x = tf.random.uniform((10, 10), seed=1)
y = tf.random.uniform((10, 1), seed=2)
try:
    fit_model.fit(tf.data.Dataset.from_tensor_slices((x, y)).batch(2), epochs=1,
                  steps_per_epoch=5, verbose=0)
except ValueError as e:
    print("ValueError:", e)
print(type(strategy.extended).__name__)
