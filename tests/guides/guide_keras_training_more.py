# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""More of Keras's built-in training as users meet it: fit's printed progress at verbose=1
and 2 (captured, its timings masked), summary() options (show_trainable, expand_nested,
layer_range, line_length, print_fn), train_on_batch/test_on_batch/predict_on_batch,
get_metrics_result and reset_metrics, the errors fit, evaluate and predict raise for
uncompiled models and mismatched data, EarlyStopping's restore_best_weights, baseline and
start_from_epoch, ReduceLROnPlateau's cooldown and min_lr, TerminateOnNaN, CSVLogger's
file, LambdaCallback, ModelCheckpoint by batch count, and BackupAndRestore resuming."""

import contextlib
import io
import os
import re

import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
ops = keras.ops
keras.utils.set_random_seed(41)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(41)

x = rng.random((60, 5)).astype("float32")
y = (x @ rng.random((5, 1))).astype("float32")
labels = rng.integers(0, 3, size=(60,))


def get_model(name=None):
    model = keras.Sequential([keras.Input(shape=(5,)), layers.Dense(4, activation="relu"), layers.Dense(1)], name=name)
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse", metrics=["mae"])
    return model


def captured(fn):
    """What fn prints, with the timings (which vary run to run) masked."""
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        fn()
    text = buf.getvalue()
    text = re.sub(r"\d+(\.\d+)?(ms|s|us)(/step)?", "T", text)
    # (a progress bar redraws its line: backspaces, a carriage return, and spaces padding
    # it to the width of the last one, which varies with the timings)
    text = re.sub(r"\x08+", "", text)
    # (Keras's Progbar draws its first step and its last, and a step between only once
    # its `interval`, 0.05 s, has passed since it last drew: those draws follow the clock)
    text = re.sub(r"(\r[^\r\n]*)(?:\r[^\r\n]*)*(\r[^\r\n]*)", r"\1\2", text)
    text = text.replace("\r", "\n")
    return re.sub(r" +\n", "\n", text)


# -- what fit, evaluate and predict print
model = get_model()
print(captured(lambda: model.fit(x, y, batch_size=20, epochs=2, verbose=2, validation_split=0.25)))
print(captured(lambda: model.fit(x, y, batch_size=20, epochs=1, verbose=1)))
print(captured(lambda: model.evaluate(x, y, batch_size=20, verbose=1)))
print(captured(lambda: model.predict(x, batch_size=20, verbose=1)))
print(captured(lambda: model.evaluate(x, y, batch_size=30, verbose=2)))
print(captured(lambda: model.predict(x, batch_size=30, verbose=2)))

# -- summary options
inner = keras.Sequential([keras.Input(shape=(4,)), layers.Dense(3), layers.BatchNormalization()], name="inner")
inputs = keras.Input(shape=(5,), name="feat")
h = layers.Dense(4, name="proj")(inputs)
h = inner(h)
outputs = layers.Dense(2, name="head")(h)
model = keras.Model(inputs, outputs, name="outer")
inner.layers[0].trainable = False
model.summary(show_trainable=True)
model.summary(expand_nested=True)
model.summary(layer_range=["proj", "inner"], line_length=70)
lines = []
model.summary(print_fn=lambda s, **kw: lines.append(s))
print(len(lines), type(lines[0]).__name__)

# -- one batch at a time
model = get_model()
print([round(float(v), 4) for v in model.train_on_batch(x[:10], y[:10])])
print({k: round(float(v), 4) for k, v in model.train_on_batch(x[:10], y[:10], return_dict=True).items()})
print([round(float(v), 4) for v in model.test_on_batch(x[:10], y[:10])])
print(np.round(model.predict_on_batch(x[:3]), 4))
print({k: round(float(v), 4) for k, v in model.get_metrics_result().items()})
model.reset_metrics()
print({k: round(float(v), 4) for k, v in model.get_metrics_result().items()})
print(model.optimizer.iterations.numpy(), model.compiled, model.stop_training)


# -- what the training methods refuse
def attempt(fn):
    try:
        r = fn()
        print("ok", type(r).__name__)
    except Exception as e:
        print(type(e).__name__ + ":", str(e).strip().splitlines()[0][:240])


plain = keras.Sequential([keras.Input(shape=(5,)), layers.Dense(1)])
attempt(lambda: plain.fit(x, y, verbose=0))
attempt(lambda: plain.evaluate(x, y, verbose=0))
attempt(lambda: plain.predict(x, verbose=0).shape)
attempt(lambda: plain.train_on_batch(x, y))
model = get_model()
attempt(lambda: model.fit(x, y[:50], verbose=0))
attempt(lambda: model.fit(x, y, batch_size=0, verbose=0))
attempt(lambda: model.fit(x, y, validation_split=1.5, verbose=0))
attempt(lambda: model.fit(x, y, sample_weight=np.ones(10), verbose=0))
attempt(lambda: model.evaluate(x[:, :3], y, verbose=0))
attempt(lambda: model.fit(x, y, epochs=1, steps_per_epoch=2, batch_size=7, verbose=0))
attempt(lambda: model.fit(x, y, class_weight={0: 1.0}, verbose=0))
attempt(lambda: model.compile(optimizer="nope", loss="mse"))
attempt(lambda: model.compile(optimizer="sgd", loss="not_a_loss"))
attempt(lambda: model.compile(optimizer="sgd", loss="mse", metrics=["not_a_metric"]) or model.fit(x, y, verbose=0))
attempt(lambda: keras.Model().fit(x, y, verbose=0))

# -- batches of another shape after a traced step: TF relaxes the step to the shapes'
# common supertype, so a Dense layer's input check no longer sees the last dim
model = get_model()
model.fit(x, y, batch_size=20, epochs=1, verbose=0)
attempt(lambda: model.fit(x[:, :3], y, batch_size=20, epochs=1, verbose=0))
model.evaluate(x, y, verbose=0)
attempt(lambda: model.evaluate(x[:, :2], y, verbose=0))
model.predict(x, verbose=0)
attempt(lambda: model.predict(x[:, :4], verbose=0))
attempt(lambda: model.predict(x[:, :4], verbose=0))
seq_model = keras.Sequential([keras.Input(shape=(None, 2)), layers.Dense(3), layers.GlobalAveragePooling1D(), layers.Dense(1)])
seq_model.compile(optimizer="sgd", loss="mse")
for steps in (4, 6, 3):
    h = seq_model.fit(rng.random((8, steps, 2)).astype("float32"), rng.random((8, 1)).astype("float32"), batch_size=4, verbose=0)
    print(steps, round(h.history["loss"][0], 4))
traces = []


class TraceShapes(layers.Layer):
    def call(self, inputs):
        traces.append(tuple(inputs.shape))
        return inputs


seq_model = keras.Sequential([keras.Input(shape=(None, 2)), TraceShapes(), layers.GlobalAveragePooling1D(), layers.Dense(1)])
seq_model.compile(optimizer="sgd", loss="mse")
for steps in (4, 6, 3, 4):
    seq_model.fit(np.ones((4, steps, 2), "float32"), np.ones((4, 1), "float32"), batch_size=2, verbose=0)
print(traces)
model = keras.Sequential([keras.Input(shape=(3,)), layers.Dense(1)])
model.compile(optimizer="sgd", loss="binary_crossentropy")
print(round(model.evaluate(np.ones((4, 3), "float32"), np.ones((4,), "float32"), verbose=0), 4))
attempt(lambda: model.evaluate(np.ones((4, 3), "float32"), np.ones((4, 1), "float32"), verbose=0))

# -- EarlyStopping's options
model = get_model()
es = keras.callbacks.EarlyStopping(monitor="loss", patience=1, min_delta=10.0, restore_best_weights=True, verbose=1)
before = [w.numpy().copy() for w in model.weights]
history = model.fit(x, y, batch_size=20, epochs=5, verbose=0, callbacks=[es])
print(len(history.history["loss"]), es.stopped_epoch, es.best_epoch, round(es.best, 4))
model = get_model()
es = keras.callbacks.EarlyStopping(monitor="loss", baseline=0.0001, patience=2, verbose=1)
history = model.fit(x, y, batch_size=20, epochs=6, verbose=0, callbacks=[es])
print(len(history.history["loss"]), es.stopped_epoch)
model = get_model()
es = keras.callbacks.EarlyStopping(monitor="loss", min_delta=10.0, patience=1, start_from_epoch=3, verbose=1)
history = model.fit(x, y, batch_size=20, epochs=8, verbose=0, callbacks=[es])
print(len(history.history["loss"]), es.stopped_epoch)
es = keras.callbacks.EarlyStopping(monitor="val_nothing", verbose=1)
attempt(lambda: get_model().fit(x, y, batch_size=20, epochs=1, verbose=0, callbacks=[es]))
es = keras.callbacks.EarlyStopping(monitor="val_nothing", mode="min", verbose=1)
attempt(lambda: get_model().fit(x, y, batch_size=20, epochs=2, verbose=0, callbacks=[es]))
print(keras.callbacks.EarlyStopping(monitor="val_accuracy").monitor_op, keras.callbacks.EarlyStopping(monitor="val_auc", mode="max").mode)

# -- ReduceLROnPlateau's cooldown and min_lr
model = get_model()
rl = keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.2, patience=1, min_delta=10.0, cooldown=1, min_lr=0.003, verbose=1)
history = model.fit(x, y, batch_size=20, epochs=6, verbose=0, callbacks=[rl])
print([round(float(v), 6) for v in history.history["learning_rate"]])

# -- TerminateOnNaN
model = keras.Sequential([keras.Input(shape=(5,)), layers.Dense(1)])
model.compile(optimizer=keras.optimizers.SGD(1e6), loss="mse")
history = model.fit(x * 100, y, batch_size=5, epochs=3, verbose=0, callbacks=[keras.callbacks.TerminateOnNaN()])
print(len(history.history["loss"]), model.stop_training)

# -- CSVLogger
model = get_model()
model.fit(x, y, batch_size=20, epochs=2, verbose=0, validation_split=0.5, callbacks=[keras.callbacks.CSVLogger("training.log")])
with open("training.log") as f:
    rows = f.read().splitlines()
print(rows[0])
print([len(r.split(",")) for r in rows])
model.fit(x, y, batch_size=20, epochs=1, verbose=0, callbacks=[keras.callbacks.CSVLogger("training.log", separator=";", append=True)])
with open("training.log") as f:
    print(len(f.read().splitlines()))

# -- LambdaCallback
events = []
cb = keras.callbacks.LambdaCallback(
    on_epoch_begin=lambda epoch, logs: events.append(("epoch_begin", epoch)),
    on_batch_end=lambda batch, logs: events.append(("batch_end", batch, sorted(logs))),
    on_train_end=lambda logs: events.append(("train_end", sorted(logs))),
)
get_model().fit(x, y, batch_size=30, epochs=1, verbose=0, callbacks=[cb])
print(events)

# -- ModelCheckpoint by batches
model = get_model()
ckpt = keras.callbacks.ModelCheckpoint("w_{epoch:02d}_{batch}.weights.h5", save_weights_only=True, save_freq=2)
model.fit(x, y, batch_size=20, epochs=2, verbose=0, callbacks=[ckpt])
print(sorted(f for f in os.listdir(".") if f.startswith("w_")))
attempt(lambda: keras.callbacks.ModelCheckpoint("weights.h5", save_weights_only=True))
attempt(lambda: keras.callbacks.ModelCheckpoint("model.h6"))
attempt(lambda: keras.callbacks.ModelCheckpoint("m.keras", save_freq="sometimes"))

# -- BackupAndRestore
class InterruptAt(keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        if epoch == 2:
            raise RuntimeError("Interrupting!")


model = get_model()
backup = keras.callbacks.BackupAndRestore(backup_dir="./backup")
try:
    model.fit(x, y, batch_size=20, epochs=5, verbose=0, callbacks=[backup, InterruptAt()])
except RuntimeError as e:
    print("RuntimeError:", e, sorted(os.listdir("./backup")))
model = get_model()
history = model.fit(x, y, batch_size=20, epochs=5, verbose=0, callbacks=[backup])
print(len(history.history["loss"]), history.epoch, model.optimizer.iterations.numpy(), os.path.exists("./backup"))
