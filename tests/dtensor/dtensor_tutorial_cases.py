"""The "Distributed training with DTensors" tutorial as tensorflow.org writes it (its
Dense/BatchNorm/MLP tf.Modules of DVariables, repack_local_tensor, the traced train step
with its SGD, tf.train.Checkpoint through a CheckpointManager), trained on a synthetic
tf-idf-like data set in place of IMDB, on eight logical CPUs; run by
record_dtensor_tutorial.py with TF 2.21 and by test_dtensor_tutorial.py with eagerflow.
`save`/`restore` are the checkpoint interop's halves (each run by the other library)."""

from __future__ import annotations

import tempfile
from typing import Any

import numpy as np

DEVICES = [f"CPU:{i}" for i in range(8)]
LAYOUTS = {"data": ([("batch", 8)], (["unsharded", "unsharded"], ["unsharded", "unsharded"])),
           "model": ([("batch", 4), ("model", 2)], (["unsharded", "model"],
                                                    ["model", "unsharded"]))}


def setup(tf: Any) -> None:
    cpu = tf.config.list_physical_devices("CPU")[0]
    tf.config.set_logical_device_configuration(
        cpu, [tf.config.LogicalDeviceConfiguration()] * 8)


def data(tf: Any) -> Any:
    rng = np.random.RandomState(0)
    x = (rng.rand(256, 1200) * (rng.rand(256, 1200) < 0.05)).astype(np.float32)
    y = rng.randint(0, 2, size=(256,)).astype(np.int64)
    return tf.data.Dataset.from_tensor_slices((x, y)).batch(64)


def modules(tf: Any) -> Any:
    """The tutorial's classes, written as it writes them."""
    dtensor = tf.experimental.dtensor

    class Dense(tf.Module):
        def __init__(self, input_size: int, output_size: int, init_seed: Any,
                     weight_layout: Any, activation: Any = None) -> None:
            super().__init__()
            random_normal_initializer = tf.function(tf.random.stateless_normal)
            self.weight = dtensor.DVariable(dtensor.call_with_layout(
                random_normal_initializer, weight_layout, shape=[input_size, output_size],
                seed=init_seed))
            if activation is None:
                activation = lambda x: x  # noqa: E731 - the tutorial's
            self.activation = activation
            bias_layout = weight_layout.delete([0])
            self.bias = dtensor.DVariable(
                dtensor.call_with_layout(tf.zeros, bias_layout, [output_size]))

        def __call__(self, x: Any) -> Any:
            return self.activation(tf.matmul(x, self.weight) + self.bias)

    class BatchNorm(tf.Module):
        def __call__(self, x: Any, training: bool = True) -> Any:
            mean, variance = tf.nn.moments(x, axes=[0])
            return tf.nn.batch_normalization(x, mean, variance, 0.0, 1.0, 1e-5)

    class MLP(tf.Module):
        def __init__(self, dense_layouts: Any) -> None:
            super().__init__()
            self.dense1 = Dense(1200, 48, (1, 2), dense_layouts[0], activation=tf.nn.relu)
            self.bn = BatchNorm()
            self.dense2 = Dense(48, 2, (3, 4), dense_layouts[1])

        def __call__(self, x: Any) -> Any:
            return self.dense2(self.bn(self.dense1(x)))

    def repack_local_tensor(x: Any, layout: Any) -> Any:
        x = tf.convert_to_tensor(x)
        sharded_dims = []
        queue = [x]
        for axis, dim in enumerate(layout.sharding_specs):
            if dim == dtensor.UNSHARDED:
                continue
            num_splits = layout.shape[axis]
            queue = tf.nest.map_structure(lambda x: tf.split(x, num_splits, axis=axis), queue)  # noqa: B023
            sharded_dims.append(dim)
        components = []
        for locations in layout.mesh.local_device_locations():
            t = queue[0]
            for dim in sharded_dims:
                t = t[locations[dim]]
            components.append(t)
        return dtensor.pack(components, layout)

    def repack_batch(x: Any, y: Any, mesh: Any) -> tuple:
        x = repack_local_tensor(x, layout=dtensor.Layout(["batch", dtensor.UNSHARDED], mesh))
        y = repack_local_tensor(y, layout=dtensor.Layout(["batch"], mesh))
        return x, y

    @tf.function
    def train_step(model: Any, x: Any, y: Any, learning_rate: Any = tf.constant(1e-4)) -> dict:
        with tf.GradientTape() as tape:
            logits = model(x)
            loss = tf.reduce_sum(tf.nn.sparse_softmax_cross_entropy_with_logits(
                logits=logits, labels=y))
        parameters = model.trainable_variables
        gradients = tape.gradient(loss, parameters)
        for parameter, parameter_gradient in zip(parameters, gradients):
            parameter.assign_sub(learning_rate * parameter_gradient)
        accuracy = 1.0 - tf.reduce_sum(tf.cast(
            tf.argmax(logits, axis=-1, output_type=tf.int64) != y, tf.float32)) / x.shape[0]
        loss_per_sample = loss / len(x)
        return {"loss": loss_per_sample, "accuracy": accuracy}

    return MLP, repack_batch, train_step


def _model(tf: Any, name: str) -> tuple:
    dtensor = tf.experimental.dtensor
    dims, (l1, l2) = LAYOUTS[name]
    mesh = dtensor.create_mesh(dims, devices=DEVICES)
    MLP, _, _ = modules(tf)  # noqa: N806
    return MLP([dtensor.Layout(l1, mesh), dtensor.Layout(l2, mesh)]), mesh


def weights(tf: Any, model: Any) -> dict:
    """Each variable's layout and global value (relayout to replicated, as a user reads it)."""
    dtensor = tf.experimental.dtensor
    out = {}
    for path, v in (("dense1/weight", model.dense1.weight), ("dense1/bias", model.dense1.bias),
                    ("dense2/weight", model.dense2.weight), ("dense2/bias", model.dense2.bias)):
        value = dtensor.relayout(v.read_value(), dtensor.Layout.replicated(
            v.layout.mesh, v.shape.rank))
        out[path] = [v.layout.sharding_specs, value.numpy().ravel()[:64].tolist(),
                     float(np.sum(value.numpy()))]
    return out


def run(tf: Any) -> dict:
    """Label -> what the tutorial prints there (layouts, losses, weights, checkpoints)."""
    dtensor = tf.experimental.dtensor
    out: dict = {}

    def lay(t: Any) -> list:
        return dtensor.fetch_layout(t).sharding_specs

    train_data_vec = data(tf)
    MLP, repack_batch, train_step = modules(tf)  # noqa: N806
    world = dtensor.create_mesh([("world", 8)], devices=DEVICES)
    model = MLP([dtensor.Layout.replicated(world, rank=2)] * 2)
    sample_x, sample_y = train_data_vec.take(1).get_single_element()
    sample_x = dtensor.copy_to_mesh(sample_x, dtensor.Layout.replicated(world, rank=2))
    y = model(sample_x)
    out["world output"] = [lay(y), y.numpy().tolist()]
    out["world variables"] = [v.name for v in model.trainable_variables]
    for name in LAYOUTS:
        model, mesh = _model(tf, name)
        out[f"{name} initial"] = weights(tf, model)
        x, y = repack_batch(sample_x if name == "" else
                            train_data_vec.take(1).get_single_element()[0], sample_y, mesh)
        out[f"{name} repack"] = [lay(x), lay(y), [c.numpy().tolist() for c in dtensor.unpack(y)]]
        ckpt_dir = tempfile.mkdtemp()
        ckpt = tf.train.Checkpoint(root=model)
        manager = tf.train.CheckpointManager(ckpt, ckpt_dir, max_to_keep=3)
        for epoch in range(2):
            for step, (x, y) in enumerate(train_data_vec):
                x, y = repack_batch(x, y, mesh)
                metrics = train_step(model, x, y, 1e-2)
                out[f"{name} {epoch} {step}"] = {k: [lay(v), float(v.numpy())]
                                                 for k, v in sorted(metrics.items())}
            manager.save()
        out[f"{name} trained"] = weights(tf, model)
        out[f"{name} checkpoint keys"] = sorted(
            k for k, _ in tf.train.list_variables(manager.latest_checkpoint))
        restored, _ = _model(tf, name)
        status = tf.train.Checkpoint(root=restored).restore(manager.latest_checkpoint)
        status.assert_consumed()
        out[f"{name} restored"] = weights(tf, restored)
    return out


def save(tf: Any, name: str, directory: str) -> dict:
    """A trained step of `name`'s MLP saved in `directory`; its weights."""
    _, repack_batch, train_step = modules(tf)
    model, mesh = _model(tf, name)
    x, y = data(tf).take(1).get_single_element()
    train_step(model, *repack_batch(x, y, mesh), 1e-2)
    tf.train.Checkpoint(root=model).save(directory + "/ckpt")
    return weights(tf, model)


def restore(tf: Any, name: str, directory: str) -> dict:
    """A fresh `name` MLP restored from the checkpoint in `directory`; its weights."""
    model, _ = _model(tf, name)
    tf.train.Checkpoint(root=model).restore(tf.train.latest_checkpoint(directory))
    return weights(tf, model)
