# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""Keras's "Training & evaluation with the built-in methods" guide on small seeded data:
compile/fit/evaluate/predict with validation_data and validation_split, string and object
losses and metrics, a custom loss function and Loss class, a custom Metric class, add_loss
and an activity-regularization layer, tf.data input (steps_per_epoch, validation_steps),
a PyDataset, class_weight and sample_weight (arrays and in a dataset), a multi-input
multi-output model with per-output losses, metrics and loss_weights (lists and dicts), the
callbacks EarlyStopping, ModelCheckpoint, LearningRateScheduler and ReduceLROnPlateau with
their verbose lines, a custom callback recording losses, and learning-rate schedules."""

import os
import re

import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
ops = keras.ops
keras.utils.set_random_seed(29)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(29)


def show(history):
    # five significant digits: float32 sums of a percentage near 200 vary in the 7th
    print({k: [float("%.5g" % v) for v in vs] for k, vs in history.history.items()})


# -- API overview: a first end-to-end example
inputs = keras.Input(shape=(32,), name="digits")
x = layers.Dense(64, activation="relu", name="dense_1")(inputs)
x = layers.Dense(64, activation="relu", name="dense_2")(x)
outputs = layers.Dense(10, activation="softmax", name="predictions")(x)
model = keras.Model(inputs=inputs, outputs=outputs)

x_train = rng.random((320, 32)).astype("float32")
y_train = rng.integers(0, 10, size=(320,)).astype("float32")
x_test = rng.random((64, 32)).astype("float32")
y_test = rng.integers(0, 10, size=(64,)).astype("float32")
x_val = x_train[-64:]
y_val = y_train[-64:]
x_train = x_train[:-64]
y_train = y_train[:-64]

model.compile(
    optimizer=keras.optimizers.RMSprop(),
    loss=keras.losses.SparseCategoricalCrossentropy(),
    metrics=[keras.metrics.SparseCategoricalAccuracy()],
)
print("Fit model on training data")
history = model.fit(x_train, y_train, batch_size=64, epochs=2, validation_data=(x_val, y_val), verbose=0)
show(history)
print(history.params, history.epoch)
print("Evaluate on test data")
results = model.evaluate(x_test, y_test, batch_size=32, verbose=0)
print("test loss, test acc:", [round(r, 4) for r in results])
print("Generate predictions for 3 samples")
predictions = model.predict(x_test[:3], verbose=0)
print("predictions shape:", predictions.shape)
print(np.round(predictions.sum(axis=1), 4))
print(model.metrics_names, [m.name for m in model.metrics])

# -- the compile() method: specifying a loss, metrics, and an optimizer
model.compile(optimizer="rmsprop", loss="sparse_categorical_crossentropy", metrics=["sparse_categorical_accuracy"])
print(type(model.optimizer).__name__, model.loss, model.optimizer.learning_rate.numpy())


def get_uncompiled_model():
    inputs = keras.Input(shape=(32,), name="digits")
    x = layers.Dense(64, activation="relu", name="dense_1")(inputs)
    x = layers.Dense(64, activation="relu", name="dense_2")(x)
    outputs = layers.Dense(10, activation="softmax", name="predictions")(x)
    model = keras.Model(inputs=inputs, outputs=outputs)
    return model


def get_compiled_model():
    model = get_uncompiled_model()
    model.compile(optimizer="rmsprop", loss="sparse_categorical_crossentropy", metrics=["sparse_categorical_accuracy"])
    return model


# -- custom losses
def custom_mean_squared_error(y_true, y_pred):
    return ops.mean(ops.square(y_true - y_pred), axis=-1)


model = get_uncompiled_model()
model.compile(optimizer=keras.optimizers.Adam(), loss=custom_mean_squared_error)
y_train_one_hot = ops.one_hot(y_train, num_classes=10)
history = model.fit(x_train, y_train_one_hot, batch_size=64, epochs=1, verbose=0)
show(history)


class CustomMSE(keras.losses.Loss):
    def __init__(self, regularization_factor=0.1, name="custom_mse"):
        super().__init__(name=name)
        self.regularization_factor = regularization_factor

    def call(self, y_true, y_pred):
        mse = ops.mean(ops.square(y_true - y_pred), axis=-1)
        reg = ops.mean(ops.square(0.5 - y_pred), axis=-1)
        return mse + reg * self.regularization_factor


model = get_uncompiled_model()
model.compile(optimizer=keras.optimizers.Adam(), loss=CustomMSE())
history = model.fit(x_train, y_train_one_hot, batch_size=64, epochs=1, verbose=0)
show(history)
loss = CustomMSE()
print(loss.name, loss.reduction, round(float(loss(ops.ones((2, 3)), ops.zeros((2, 3)))), 4))
print(round(float(loss(ops.ones((2, 3)), ops.zeros((2, 3)), sample_weight=ops.convert_to_tensor([1.0, 0.0]))), 4))


# -- custom metrics
class CategoricalTruePositives(keras.metrics.Metric):
    def __init__(self, name="categorical_true_positives", **kwargs):
        super().__init__(name=name, **kwargs)
        self.true_positives = self.add_variable(shape=(), name="ctp", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_pred = ops.reshape(ops.argmax(y_pred, axis=1), (-1, 1))
        values = ops.cast(y_true, "int32") == ops.cast(y_pred, "int32")
        values = ops.cast(values, "float32")
        if sample_weight is not None:
            sample_weight = ops.cast(sample_weight, "float32")
            values = ops.multiply(values, sample_weight)
        self.true_positives.assign_add(ops.sum(values))

    def result(self):
        return self.true_positives

    def reset_state(self):
        self.true_positives.assign(0.0)


model = get_uncompiled_model()
model.compile(
    optimizer=keras.optimizers.RMSprop(learning_rate=1e-3),
    loss=keras.losses.SparseCategoricalCrossentropy(),
    metrics=[CategoricalTruePositives()],
)
history = model.fit(x_train, y_train, batch_size=64, epochs=3, verbose=0)
show(history)
m = CategoricalTruePositives()
m.update_state(np.array([[1], [2], [0]]), np.array([[0.1, 0.9, 0.0], [0.0, 0.2, 0.8], [0.7, 0.2, 0.1]]))
print(m.name, float(m.result()), [v.path for v in m.variables])
m.reset_state()
print(float(m.result()))
extra = m.add_weight(shape=(2,), initializer="ones", name="extra")
print(extra.path, extra.numpy(), [v.name for v in m.variables])
try:
    m.add_weight(shape=(), name="no_initializer")
except ValueError as e:
    print("ValueError:", e)


# -- handling losses and metrics that don't fit the standard signature
class ActivityRegularizationLayer(layers.Layer):
    def call(self, inputs):
        self.add_loss(ops.sum(inputs) * 0.1)
        return inputs


inputs = keras.Input(shape=(32,), name="digits")
x = layers.Dense(64, activation="relu", name="dense_1")(inputs)
x = ActivityRegularizationLayer()(x)
x = layers.Dense(64, activation="relu", name="dense_2")(x)
outputs = layers.Dense(10, name="predictions")(x)
model = keras.Model(inputs=inputs, outputs=outputs)
model.compile(optimizer=keras.optimizers.RMSprop(learning_rate=1e-3), loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
history = model.fit(x_train, y_train, batch_size=64, epochs=1, verbose=0)
show(history)
print(len(model.losses))
_ = model(x_train[:4])
print(len(model.losses), round(float(model.losses[0]), 3) > 0)


class LogisticEndpoint(keras.layers.Layer):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.loss_fn = keras.losses.BinaryCrossentropy(from_logits=True)

    def call(self, targets, logits, sample_weights=None):
        loss = self.loss_fn(targets, logits, sample_weights)
        self.add_loss(loss)
        return ops.softmax(logits)


inputs = keras.Input(shape=(3,), name="inputs")
targets = keras.Input(shape=(10,), name="targets")
logits = keras.layers.Dense(10)(inputs)
predictions = LogisticEndpoint(name="predictions")(targets, logits)
model = keras.Model(inputs=[inputs, targets], outputs=predictions)
model.compile(optimizer="adam")
data = {
    "inputs": rng.random((3, 3)).astype("float32"),
    "targets": rng.random((3, 10)).astype("float32"),
}
history = model.fit(data, verbose=0)
show(history)

# -- automatically setting apart a validation holdout set
model = get_compiled_model()
history = model.fit(x_train, y_train, batch_size=64, validation_split=0.2, epochs=1, verbose=0)
show(history)

# -- training & evaluation from tf.data Datasets
model = get_compiled_model()
train_dataset = tf.data.Dataset.from_tensor_slices((x_train, y_train))
train_dataset = train_dataset.shuffle(buffer_size=1024, seed=3).batch(64)
test_dataset = tf.data.Dataset.from_tensor_slices((x_test, y_test))
test_dataset = test_dataset.batch(64)
history = model.fit(train_dataset, epochs=3, verbose=0)
print(sorted(history.history), len(history.history["loss"]))
print("Evaluate")
result = model.evaluate(test_dataset, verbose=0)
print(len(result), dict(zip(model.metrics_names, [round(r, 4) for r in result])).keys())
model = get_compiled_model()
train_dataset = tf.data.Dataset.from_tensor_slices((x_train, y_train))
train_dataset = train_dataset.batch(16).repeat()
history = model.fit(train_dataset, epochs=3, steps_per_epoch=5, verbose=0)
show(history)
print(model.optimizer.iterations.numpy())
model = get_compiled_model()
train_dataset = tf.data.Dataset.from_tensor_slices((x_train, y_train)).batch(64)
val_dataset = tf.data.Dataset.from_tensor_slices((x_val, y_val)).batch(16)
history = model.fit(train_dataset, epochs=1, validation_data=val_dataset, validation_steps=2, verbose=0)
show(history)
try:
    model.fit(train_dataset, epochs=1, validation_split=0.2, verbose=0)
except Exception as e:
    # (the dataset's class is left out: eagerflow's live in its own modules)
    print(type(e).__name__ + ":", re.sub(r"<class '[\w.]*'>", "<class>", str(e).splitlines()[0]))


# -- a PyDataset
class ExamplePyDataset(keras.utils.PyDataset):
    def __init__(self, x, y, batch_size, **kwargs):
        super().__init__(**kwargs)
        self.x = x
        self.y = y
        self.batch_size = batch_size

    def __len__(self):
        return int(np.ceil(len(self.x) / float(self.batch_size)))

    def __getitem__(self, idx):
        batch_x = self.x[idx * self.batch_size : (idx + 1) * self.batch_size]
        batch_y = self.y[idx * self.batch_size : (idx + 1) * self.batch_size]
        return batch_x, batch_y


train_py_dataset = ExamplePyDataset(x_train, y_train, batch_size=64)
val_py_dataset = ExamplePyDataset(x_val, y_val, batch_size=64)
print(len(train_py_dataset), train_py_dataset[3][0].shape, train_py_dataset.num_batches)
model = get_compiled_model()
history = model.fit(train_py_dataset, validation_data=val_py_dataset, epochs=1, verbose=0)
show(history)
print(round(model.evaluate(val_py_dataset, verbose=0)[0], 4), model.predict(val_py_dataset, verbose=0).shape)

# -- class weights and sample weights
class_weight = {0: 1.0, 1: 1.0, 2: 1.0, 3: 1.0, 4: 1.0, 5: 2.0, 6: 1.0, 7: 1.0, 8: 1.0, 9: 1.0}
print("Fit with class weight")
model = get_compiled_model()
history = model.fit(x_train, y_train, class_weight=class_weight, batch_size=64, epochs=1, verbose=0)
show(history)
sample_weight = np.ones(shape=(len(y_train),))
sample_weight[y_train == 5] = 2.0
print("Fit with sample weight")
model = get_compiled_model()
history = model.fit(x_train, y_train, sample_weight=sample_weight, batch_size=64, epochs=1, verbose=0)
show(history)
train_dataset = tf.data.Dataset.from_tensor_slices((x_train, y_train, sample_weight))
train_dataset = train_dataset.batch(64)
model = get_compiled_model()
history = model.fit(train_dataset, epochs=1, verbose=0)
show(history)
print(round(model.evaluate(x_test, y_test, sample_weight=np.linspace(0, 1, 64), verbose=0)[0], 4))

# -- passing data to multi-input, multi-output models
image_input = keras.Input(shape=(8, 8, 3), name="img_input")
timeseries_input = keras.Input(shape=(None, 10), name="ts_input")
x1 = layers.Conv2D(3, 3)(image_input)
x1 = layers.GlobalMaxPooling2D()(x1)
x2 = layers.Conv1D(3, 3)(timeseries_input)
x2 = layers.GlobalMaxPooling1D()(x2)
x = layers.concatenate([x1, x2])
score_output = layers.Dense(1, name="score_output")(x)
class_output = layers.Dense(5, name="class_output")(x)
model = keras.Model(inputs=[image_input, timeseries_input], outputs=[score_output, class_output])
model.summary()
model.compile(
    optimizer=keras.optimizers.RMSprop(1e-3),
    loss=[keras.losses.MeanSquaredError(), keras.losses.CategoricalCrossentropy()],
)
img_data = rng.random(size=(40, 8, 8, 3)).astype("float32")
ts_data = rng.random(size=(40, 6, 10)).astype("float32")
score_targets = rng.random(size=(40, 1)).astype("float32")
class_targets = rng.random(size=(40, 5)).astype("float32")
history = model.fit([img_data, ts_data], [score_targets, class_targets], batch_size=8, epochs=1, verbose=0)
show(history)
model.compile(
    optimizer=keras.optimizers.RMSprop(1e-3),
    loss=[keras.losses.MeanSquaredError(), keras.losses.CategoricalCrossentropy()],
    metrics=[
        [keras.metrics.MeanAbsolutePercentageError(), keras.metrics.MeanAbsoluteError()],
        [keras.metrics.CategoricalAccuracy()],
    ],
)
history = model.fit([img_data, ts_data], [score_targets, class_targets], batch_size=8, epochs=1, verbose=0)
show(history)
model.compile(
    optimizer=keras.optimizers.RMSprop(1e-3),
    loss={
        "score_output": keras.losses.MeanSquaredError(),
        "class_output": keras.losses.CategoricalCrossentropy(),
    },
    metrics={
        "score_output": [keras.metrics.MeanAbsolutePercentageError(), keras.metrics.MeanAbsoluteError()],
        "class_output": [keras.metrics.CategoricalAccuracy()],
    },
    loss_weights={"score_output": 2.0, "class_output": 1.0},
)
history = model.fit(
    {"img_input": img_data, "ts_input": ts_data},
    {"score_output": score_targets, "class_output": class_targets},
    batch_size=8,
    epochs=2,
    verbose=0,
)
show(history)
print({k: float("%.5g" % v) for k, v in model.evaluate([img_data, ts_data], [score_targets, class_targets], verbose=0, return_dict=True).items()})
print([np.round(p, 3) for p in model.predict([img_data[:2], ts_data[:2]], verbose=0)])
model.compile(optimizer=keras.optimizers.RMSprop(1e-3), loss=[None, keras.losses.CategoricalCrossentropy()])
history = model.fit([img_data, ts_data], [score_targets, class_targets], batch_size=8, epochs=1, verbose=0)
show(history)
model.compile(optimizer=keras.optimizers.RMSprop(1e-3), loss={"class_output": keras.losses.CategoricalCrossentropy()})
try:
    history = model.fit([img_data, ts_data], [score_targets, class_targets], batch_size=8, epochs=1, verbose=0)
    show(history)
except ValueError as e:
    print("ValueError:", e)
model.compile(optimizer=keras.optimizers.RMSprop(1e-3), loss=[keras.losses.MeanSquaredError(), keras.losses.CategoricalCrossentropy()])
train_dataset = tf.data.Dataset.from_tensor_slices(
    (
        {"img_input": img_data, "ts_input": ts_data},
        {"score_output": score_targets, "class_output": class_targets},
    )
)
train_dataset = train_dataset.shuffle(buffer_size=1024, seed=5).batch(8)
history = model.fit(train_dataset, epochs=1, verbose=0)
print(sorted(history.history))

# -- using callbacks
model = get_compiled_model()
callbacks = [
    keras.callbacks.EarlyStopping(monitor="val_loss", min_delta=1e-2, patience=2, verbose=1)
]
history = model.fit(x_train, y_train, epochs=20, batch_size=64, callbacks=callbacks, validation_split=0.2, verbose=0)
print(len(history.history["loss"]), callbacks[0].stopped_epoch, callbacks[0].wait, round(callbacks[0].best, 4))


class LossHistory(keras.callbacks.Callback):
    def on_train_begin(self, logs):
        self.per_batch_losses = []

    def on_batch_end(self, batch, logs):
        self.per_batch_losses.append(logs.get("loss"))


model = get_compiled_model()
lh = LossHistory()
model.fit(x_train, y_train, epochs=1, batch_size=64, callbacks=[lh], verbose=0)
print(len(lh.per_batch_losses), [round(l, 4) for l in lh.per_batch_losses])

# -- checkpointing models
model = get_compiled_model()
callbacks = [
    keras.callbacks.ModelCheckpoint(
        filepath="mymodel_{epoch}.keras",
        save_best_only=True,
        monitor="val_loss",
        verbose=1,
    )
]
model.fit(x_train, y_train, epochs=2, batch_size=64, callbacks=callbacks, validation_split=0.2, verbose=0)
print(sorted(f for f in os.listdir(".") if f.startswith("mymodel")))
checkpoint_dir = "./ckpt"
if not os.path.exists(checkpoint_dir):
    os.makedirs(checkpoint_dir)


def make_or_restore_model():
    checkpoints = [checkpoint_dir + "/" + name for name in os.listdir(checkpoint_dir)]
    if checkpoints:
        latest_checkpoint = max(checkpoints, key=os.path.getctime)
        print("Restoring from", latest_checkpoint)
        return keras.models.load_model(latest_checkpoint)
    print("Creating a new model")
    return get_compiled_model()


model = make_or_restore_model()
callbacks = [
    keras.callbacks.ModelCheckpoint(filepath=checkpoint_dir + "/model-loss={loss:.2f}.keras", save_freq=2)
]
model.fit(x_train, y_train, epochs=1, batch_size=64, callbacks=callbacks, verbose=0)
print(sorted(os.listdir(checkpoint_dir)))
model = make_or_restore_model()
print(type(model.optimizer).__name__, model.optimizer.iterations.numpy())
callbacks = [keras.callbacks.ModelCheckpoint(filepath="best.weights.h5", save_weights_only=True, monitor="val_sparse_categorical_accuracy", mode="max", save_best_only=True, verbose=1)]
model.fit(x_train, y_train, epochs=2, batch_size=64, callbacks=callbacks, validation_data=(x_val, y_val), verbose=0)
print(os.path.exists("best.weights.h5"))

# -- using learning rate schedules
initial_learning_rate = 0.1
lr_schedule = keras.optimizers.schedules.ExponentialDecay(initial_learning_rate, decay_steps=100000, decay_rate=0.96, staircase=True)
optimizer = keras.optimizers.RMSprop(learning_rate=lr_schedule)
print(round(float(lr_schedule(0)), 6), round(float(lr_schedule(100000)), 6), lr_schedule.get_config())
schedule = keras.optimizers.schedules.ExponentialDecay(0.1, decay_steps=2, decay_rate=0.5)
print([round(float(schedule(s)), 5) for s in range(5)])
model = get_uncompiled_model()
model.compile(optimizer=keras.optimizers.SGD(learning_rate=schedule), loss="sparse_categorical_crossentropy")
model.fit(x_train, y_train, epochs=1, batch_size=64, verbose=0)
print(model.optimizer.iterations.numpy(), round(float(model.optimizer.learning_rate), 5))
pw = keras.optimizers.schedules.PiecewiseConstantDecay([2, 4], [0.1, 0.05, 0.01])
print([round(float(pw(s)), 4) for s in range(6)])


def scheduler(epoch, lr):
    if epoch < 1:
        return lr
    return lr * 0.5


model = get_compiled_model()
callbacks = [keras.callbacks.LearningRateScheduler(scheduler, verbose=1)]
history = model.fit(x_train, y_train, epochs=3, batch_size=64, callbacks=callbacks, verbose=0)
print([round(float(v), 6) for v in history.history["learning_rate"]], round(float(model.optimizer.learning_rate), 6))
model = get_compiled_model()
callbacks = [keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1, min_delta=10.0, verbose=1)]
history = model.fit(x_train, y_train, epochs=3, batch_size=64, callbacks=callbacks, verbose=0)
print([round(float(v), 6) for v in history.history["learning_rate"]])
try:
    model.compile(optimizer=keras.optimizers.SGD(learning_rate=schedule), loss="mse")
    model.fit(x_train, y_train, epochs=1, batch_size=64, callbacks=[keras.callbacks.LearningRateScheduler(scheduler)], verbose=0)
except Exception as e:
    print(type(e).__name__ + ":", str(e).splitlines()[0])
