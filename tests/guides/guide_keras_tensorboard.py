"""Keras 3's TensorBoard callback on TF: what lands in the event files (runs, tags, steps,
plugins, values) for epoch, batch, validation, evaluate, histogram, image, learning-rate,
steps-per-second, custom train_step, profile and embeddings summaries; a model without
layers (no histograms, images or graph), update_freq counts, and the profile_batch and
update_freq values Keras refuses. (Recorded with the tensorboard package importable by
TF's interpreter: without it Keras's callback raises TBNotInstalledError.)"""

import glob
import os
import tempfile

import numpy as np
import tensorflow as tf
from tensorboard.compat.proto import event_pb2

tf.keras.utils.set_random_seed(7)


def show(log_dir):
    """Every event file's summaries: run, tag, step, plugin, and the value (rounded)."""
    for path in sorted(glob.glob(os.path.join(log_dir, "**", "events.out.tfevents.*"),
                                 recursive=True)):
        run = os.path.relpath(os.path.dirname(path), log_dir)
        for record in tf.data.TFRecordDataset(path):
            event = event_pb2.Event.FromString(record.numpy())
            if event.HasField("graph_def"):
                print(run, "graph_def", event.step)
            for v in event.summary.value:
                plugin = v.metadata.plugin_data.plugin_name
                arr = tf.make_ndarray(v.tensor) if v.HasField("tensor") else None
                if "steps_per_second" in v.tag:
                    shown = "(a rate: varies)"
                elif plugin == "scalars":
                    shown = f"{float(arr):.4f}"
                elif plugin in ("histograms", "images"):
                    shown = f"shape {list(arr.shape)}"
                else:
                    shown = f"{arr.dtype} {arr.shape}" if arr is not None else ""
                print(run, event.step, v.tag, plugin, shown)
    files = sorted(os.path.relpath(p, log_dir) for p in glob.glob(os.path.join(log_dir, "**"),
                                                                   recursive=True))
    print([f.split("/")[0] if "events.out" in f else f for f in files
           if "plugins/profile/" not in f])


x = np.linspace(-1, 1, 96, dtype="float32").reshape(32, 3)
y = (x @ np.array([[0.5], [-1.0], [2.0]], dtype="float32")) + 0.25


def model():
    inputs = tf.keras.Input((3,))
    h = tf.keras.layers.Dense(4, activation="relu", name="hidden")(inputs)
    out = tf.keras.layers.Dense(1, name="out")(h)
    m = tf.keras.Model(inputs, out)
    m.compile(tf.keras.optimizers.SGD(0.05), "mse", metrics=["mae"])
    return m


print("== epoch summaries, validation, histograms and images")
with tempfile.TemporaryDirectory() as d:
    m = model()
    m.fit(x, y, batch_size=8, epochs=2, verbose=0, shuffle=False, validation_split=0.25,
          callbacks=[tf.keras.callbacks.TensorBoard(d, histogram_freq=1, write_images=True)])
    show(d)

print("== batch summaries every 2 batches, and an evaluate")
with tempfile.TemporaryDirectory() as d:
    m = model()
    cb = tf.keras.callbacks.TensorBoard(d, update_freq=2, write_graph=False)
    m.fit(x, y, batch_size=8, epochs=2, verbose=0, shuffle=False, callbacks=[cb])
    m.evaluate(x, y, batch_size=16, verbose=0, callbacks=[cb])
    show(d)

print("== a summary written in a custom train_step goes to the train run")


class Custom(tf.keras.Model):
    def train_step(self, data):
        tf.summary.scalar("custom_step_scalar", 1.5)
        return super().train_step(data)


with tempfile.TemporaryDirectory() as d:
    inputs = tf.keras.Input((3,))
    m = Custom(inputs, tf.keras.layers.Dense(1)(inputs))
    m.compile("sgd", "mse")
    m.fit(x, y, batch_size=16, epochs=1, verbose=0, shuffle=False,
          callbacks=[tf.keras.callbacks.TensorBoard(d, update_freq="batch", write_graph=False)])
    show(d)

print("== profile_batch")
with tempfile.TemporaryDirectory() as d:
    m = model()
    m.fit(x, y, batch_size=8, epochs=1, verbose=0, shuffle=False,
          callbacks=[tf.keras.callbacks.TensorBoard(d, profile_batch=(2, 3), write_graph=False)])
    show(d)
    print(len(glob.glob(os.path.join(d, "train", "plugins", "profile", "*", "*.xplane.pb"))))

print("== steps per second, a schedule, a subclassed model's graph, embeddings")


class Sub(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.emb = tf.keras.layers.Embedding(10, 2, name="emb")
        self.out = tf.keras.layers.Dense(1, name="out")

    def call(self, ids):
        return self.out(tf.reduce_mean(self.emb(ids), axis=1))


with tempfile.TemporaryDirectory() as d:
    m = Sub()
    schedule = tf.keras.optimizers.schedules.ExponentialDecay(0.1, decay_steps=2, decay_rate=0.5)
    m.compile(tf.keras.optimizers.Adam(schedule), "mse")
    ids = (np.arange(24).reshape(12, 2) % 10).astype("int32")
    m.fit(ids, np.ones((12, 1), "float32"), batch_size=4, epochs=2, verbose=0, shuffle=False,
          callbacks=[tf.keras.callbacks.TensorBoard(d, write_steps_per_second=True,
                                                    embeddings_freq=1,
                                                    embeddings_metadata={"emb": "meta.tsv"})])
    show(d)
    print(open(os.path.join(d, "projector_config.pbtxt")).read())

print("== a model without layers: histograms, images and its graph")


class NoLayers(tf.keras.Model):
    def call(self, inputs):
        return inputs * 2.0


with tempfile.TemporaryDirectory() as d:
    m = NoLayers()
    m.compile("sgd", "mse")
    m.fit(x, x, batch_size=16, epochs=2, verbose=0, shuffle=False, validation_data=(x, x),
          callbacks=[tf.keras.callbacks.TensorBoard(d, histogram_freq=1, write_images=True)])
    show(d)

print("== steps per second every batch, batch summaries every 3 batches")
for kw in ({"write_steps_per_second": True, "update_freq": 1}, {"update_freq": 3}):
    with tempfile.TemporaryDirectory() as d:
        m = model()
        m.fit(x, y, batch_size=8, epochs=1, verbose=0, shuffle=False,
              callbacks=[tf.keras.callbacks.TensorBoard(d, write_graph=False, **kw)])
        show(d)

print("== refused profile_batch values, an update_freq Keras cannot count by")
for kw in ({"profile_batch": -1}, {"profile_batch": (3, 2)}, {"profile_batch": "a,b"},
           {"update_freq": "often"}):
    with tempfile.TemporaryDirectory() as d:
        try:
            m = model()
            m.fit(x, y, batch_size=8, epochs=1, verbose=0,
                  callbacks=[tf.keras.callbacks.TensorBoard(d, **kw)])
            print(kw, "ran")
        except Exception as e:  # noqa: BLE001 - the error is what is compared
            print(kw, type(e).__name__, e)
print(tf.keras.callbacks.TensorBoard().summary is tf.summary)
