# ruff: noqa: E501, E731, E741, UP006, UP008, UP031, UP032, UP035  (the cells as written)
"""TF's "Distributed training with DTensors" tutorial as pasted, on 8 logical CPUs and
seeded review texts (no IMDB download; sizes scaled down): TextVectorization's tf_idf
output, a Dense tf.Module whose DVariables come from call_with_layout of a stateless
initializer, the bias layout by Layout.delete, an MLP of replicated layouts run on a
copy_to_mesh batch, repack_local_tensor (tf.split per sharded dimension, pack by
local_device_locations), and the training step under data-, model- and spatial-parallel
meshes with a CheckpointManager, fetch_layout and unpack of the sharded results."""

import tempfile
from typing import Tuple

import numpy as np
import tensorflow as tf
from tensorflow.experimental import dtensor

rng = np.random.default_rng(41)


def g(x):
    return '%.4g' % float(x)


def configure_virtual_cpus(ncpu):
    phy_devices = tf.config.list_physical_devices('CPU')
    tf.config.set_logical_device_configuration(
        phy_devices[0],
        [tf.config.LogicalDeviceConfiguration()] * ncpu)


configure_virtual_cpus(8)
DEVICES = [f'CPU:{i}' for i in range(8)]
print(tf.config.list_logical_devices('CPU'))

words = np.array(['good', 'bad', 'film', 'plot', 'great', 'awful', 'the', 'a', 'actor', 'fun', 'dull', 'story', 'music', 'scene', 'cast', 'end', 'slow', 'dark'])
texts = [' '.join(rng.choice(words, size=rng.integers(4, 12))) for _ in range(32)]
labels = np.array([int('good' in t or 'great' in t) for t in texts], dtype='int64')
train_data = tf.data.Dataset.from_tensor_slices({'text': texts, 'label': labels}).batch(16)
text_vectorization = tf.keras.layers.TextVectorization(output_mode='tf_idf', max_tokens=16, output_sequence_length=None)
text_vectorization.adapt(data=train_data.map(lambda x: x['text']))


def vectorize(features):
    return text_vectorization(features['text']), features['label']


train_data_vec = train_data.map(vectorize)
print(train_data_vec.element_spec, text_vectorization.vocabulary_size())


class Dense(tf.Module):

    def __init__(self, input_size, output_size,
                 init_seed, weight_layout, activation=None):
        super().__init__()
        random_normal_initializer = tf.function(tf.random.stateless_normal)
        self.weight = dtensor.DVariable(
            dtensor.call_with_layout(
                random_normal_initializer, weight_layout,
                shape=[input_size, output_size],
                seed=init_seed
            ))
        if activation is None:
            activation = lambda x: x
        self.activation = activation
        # bias is sharded the same way as the last axis of weight.
        bias_layout = weight_layout.delete([0])
        self.bias = dtensor.DVariable(
            dtensor.call_with_layout(tf.zeros, bias_layout, [output_size]))

    def __call__(self, x):
        y = tf.matmul(x, self.weight) + self.bias
        y = self.activation(y)
        return y


class BatchNorm(tf.Module):

    def __init__(self):
        super().__init__()

    def __call__(self, x, training=True):
        if not training:
            # This branch is not used in the Tutorial.
            pass
        mean, variance = tf.nn.moments(x, axes=[0])
        return tf.nn.batch_normalization(x, mean, variance, 0.0, 1.0, 1e-5)


class MLP(tf.Module):

    def __init__(self, dense_layouts: Tuple[dtensor.Layout, dtensor.Layout]):
        super().__init__()
        self.dense1 = Dense(
            16, 8, (1, 2), dense_layouts[0], activation=tf.nn.relu)
        self.bn = BatchNorm()
        self.dense2 = Dense(8, 2, (3, 4), dense_layouts[1])

    def __call__(self, x):
        y = x
        y = self.dense1(y)
        y = self.bn(y)
        y = self.dense2(y)
        return y


class MLPStricter(tf.Module):

    def __init__(self, mesh, input_mesh_dim, inner_mesh_dim1, output_mesh_dim):
        super().__init__()
        self.dense1 = Dense(
            16, 8, (1, 2), dtensor.Layout([input_mesh_dim, inner_mesh_dim1], mesh),
            activation=tf.nn.relu)
        self.bn = BatchNorm()
        self.dense2 = Dense(8, 2, (3, 4), dtensor.Layout([inner_mesh_dim1, output_mesh_dim], mesh))

    def __call__(self, x):
        y = x
        y = self.dense1(y)
        y = self.bn(y)
        y = self.dense2(y)
        return y


WORLD = dtensor.create_mesh([("world", 8)], devices=DEVICES)
print(WORLD.dim_names, WORLD.shape(), WORLD.size)
model = MLP([dtensor.Layout.replicated(WORLD, rank=2),
             dtensor.Layout.replicated(WORLD, rank=2)])
print(dtensor.fetch_layout(model.dense1.weight), dtensor.fetch_layout(model.dense1.bias))
print(np.round(model.dense2.weight.numpy(), 4))
sample_x, sample_y = train_data_vec.take(1).get_single_element()
sample_x = dtensor.copy_to_mesh(sample_x, dtensor.Layout.replicated(WORLD, rank=2))
out = model(sample_x)
print(out.shape, out.dtype, np.round(out.numpy()[:3], 3))
print(dtensor.fetch_layout(out))


def repack_local_tensor(x, layout):
    """Repacks a local Tensor-like to a DTensor with layout.

    This function assumes a single-client application.
    """
    x = tf.convert_to_tensor(x)
    sharded_dims = []
    # For every sharded dimension, use tf.split to split the along the dimension.
    # The result is a nested list of split-tensors in queue[0].
    queue = [x]
    for axis, dim in enumerate(layout.sharding_specs):
        if dim == dtensor.UNSHARDED:
            continue
        num_splits = layout.shape[axis]
        queue = tf.nest.map_structure(lambda x: tf.split(x, num_splits, axis=axis), queue)
        sharded_dims.append(dim)
    # Now you can build the list of component tensors by looking up the location in
    # the nested list of split-tensors created in queue[0].
    components = []
    for locations in layout.mesh.local_device_locations():
        t = queue[0]
        for dim in sharded_dims:
            split_index = locations[dim]  # Only valid on single-client mesh.
            t = t[split_index]
        components.append(t)
    return dtensor.pack(components, layout)


mesh = dtensor.create_mesh([("batch", 8)], devices=DEVICES)
model = MLP([dtensor.Layout([dtensor.UNSHARDED, dtensor.UNSHARDED], mesh),
             dtensor.Layout([dtensor.UNSHARDED, dtensor.UNSHARDED], mesh), ])


def repack_batch(x, y, mesh):
    x = repack_local_tensor(x, layout=dtensor.Layout(['batch', dtensor.UNSHARDED], mesh))
    y = repack_local_tensor(y, layout=dtensor.Layout(['batch'], mesh))
    return x, y


sample_x, sample_y = train_data_vec.take(1).get_single_element()
sample_x, sample_y = repack_batch(sample_x, sample_y, mesh)
print('x', sample_x[:, 0])
try:
    sample_x.numpy()
except tf.errors.UnimplementedError as e:
    print(type(e).__name__, str(e).split('Input tensor')[0])
print('y', sample_y)
print(dtensor.fetch_layout(sample_x))
print([t.shape for t in dtensor.unpack(sample_x)][:2], len(dtensor.unpack(sample_y)))


# Refer to the CTL (custom training loop guide)
@tf.function
def train_step(model, x, y, learning_rate=tf.constant(1e-4)):
    with tf.GradientTape() as tape:
        logits = model(x)
        # tf.reduce_sum sums the batch sharded per-example loss to a replicated
        # global loss (scalar).
        loss = tf.reduce_sum(
            tf.nn.sparse_softmax_cross_entropy_with_logits(
                logits=logits, labels=y))
    parameters = model.trainable_variables
    gradients = tape.gradient(loss, parameters)
    for parameter, parameter_gradient in zip(parameters, gradients):
        parameter.assign_sub(learning_rate * parameter_gradient)
    # Define some metrics
    accuracy = 1.0 - tf.reduce_sum(tf.cast(tf.argmax(logits, axis=-1, output_type=tf.int64) != y, tf.float32)) / x.shape[0]
    loss_per_sample = loss / len(x)
    return {'loss': loss_per_sample, 'accuracy': accuracy}


CHECKPOINT_DIR = tempfile.mkdtemp()


def start_checkpoint_manager(model):
    ckpt = tf.train.Checkpoint(root=model)
    manager = tf.train.CheckpointManager(ckpt, CHECKPOINT_DIR, max_to_keep=3)
    if manager.latest_checkpoint:
        print("Restoring a checkpoint")
        ckpt.restore(manager.latest_checkpoint).assert_consumed()
    else:
        print("New training")
    return manager


def train(model, mesh, repack, num_epochs=2):
    manager = start_checkpoint_manager(model)
    for epoch in range(num_epochs):
        step = 0
        metrics = {'epoch': epoch}
        for x, y in train_data_vec:
            x, y = repack(x, y, mesh)
            metrics.update(train_step(model, x, y, 1e-2))
            step += 1
        manager.save()
        print(epoch, step, {k: g(v) for k, v in metrics.items() if k != 'epoch'})
    return metrics


metrics = train(model, mesh, repack_batch)
print(dtensor.fetch_layout(metrics['loss']), len(model.trainable_variables))

mesh = dtensor.create_mesh([("batch", 4), ("model", 2)], devices=DEVICES)
model = MLP([dtensor.Layout([dtensor.UNSHARDED, "model"], mesh),
            dtensor.Layout(["model", dtensor.UNSHARDED], mesh)])
print(dtensor.fetch_layout(model.dense1.weight), dtensor.fetch_layout(model.dense1.bias))
try:
    dtensor.unpack(model.dense1.weight)
except TypeError as e:
    print(type(e).__name__, str(e).split(' <')[0], type(model.dense1.weight).__name__)
print([t.shape for t in dtensor.unpack(model.dense1.weight.read_value())][:2])
metrics = train(model, mesh, repack_batch)

mesh = dtensor.create_mesh([("batch", 2), ("feature", 2), ("model", 2)], devices=DEVICES)
model = MLPStricter(mesh, "feature", "model", dtensor.UNSHARDED)


def repack_batch_for_spt(x, y, mesh):
    # Make this function into a DTensor after a single client mesh
    x = repack_local_tensor(x, layout=dtensor.Layout(['batch', 'feature'], mesh))
    y = repack_local_tensor(y, layout=dtensor.Layout(['batch'], mesh))
    return x, y


print(dtensor.fetch_layout(model.dense1.weight))
metrics = train(model, mesh, repack_batch_for_spt)
print(train_step.experimental_get_tracing_count())
