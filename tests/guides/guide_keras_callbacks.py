# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""Keras's "Writing your own callbacks" guide on small seeded data: every hook of a
Callback in the order fit (with validation data and validation_freq), evaluate and predict
call them, with the keys of the logs each receives, the batch logs' values, the callback's
model and params, callbacks passed as a list and as a CallbackList, the guide's
LossAndErrorPrintingCallback, EarlyStoppingAtMinLoss (stop_training, get_weights and
set_weights of the best epoch) and CustomLearningRateScheduler, and the History and
ProgbarLogger callbacks fit adds."""

import numpy as np
import tensorflow as tf

keras = tf.keras
layers = tf.keras.layers
ops = keras.ops
keras.utils.set_random_seed(31)
np.set_printoptions(precision=4, suppress=True)
rng = np.random.default_rng(31)


def get_model():
    model = keras.Sequential()
    model.add(keras.layers.Dense(1))
    model.compile(optimizer=keras.optimizers.RMSprop(learning_rate=0.1), loss="mean_squared_error", metrics=["mean_absolute_error"])
    return model


x_train = rng.random((100, 8)).astype("float32")
y_train = (x_train @ rng.random((8, 1)) + 0.1).astype("float32")
x_test = rng.random((40, 8)).astype("float32")
y_test = (x_test @ rng.random((8, 1))).astype("float32")


def describe(logs):
    if logs is None:
        return "None"
    return "{" + ", ".join(f"{k}: {type(v).__name__}" for k, v in sorted(logs.items())) + "}"


class CustomCallback(keras.callbacks.Callback):
    def on_train_begin(self, logs=None):
        keys = list(logs.keys())
        print("Starting training; got log keys: {}".format(keys))

    def on_train_end(self, logs=None):
        keys = list(logs.keys())
        print("Stop training; got log keys: {}".format(keys))

    def on_epoch_begin(self, epoch, logs=None):
        keys = list(logs.keys())
        print("Start epoch {} of training; got log keys: {}".format(epoch, keys))

    def on_epoch_end(self, epoch, logs=None):
        keys = list(logs.keys())
        print("End epoch {} of training; got log keys: {}".format(epoch, keys))

    def on_test_begin(self, logs=None):
        keys = list(logs.keys())
        print("Start testing; got log keys: {}".format(keys))

    def on_test_end(self, logs=None):
        keys = list(logs.keys())
        print("Stop testing; got log keys: {}".format(keys))

    def on_predict_begin(self, logs=None):
        keys = list(logs.keys())
        print("Start predicting; got log keys: {}".format(keys))

    def on_predict_end(self, logs=None):
        keys = list(logs.keys())
        print("Stop predicting; got log keys: {}".format(keys))

    def on_train_batch_begin(self, batch, logs=None):
        keys = list(logs.keys())
        print("...Training: start of batch {}; got log keys: {}".format(batch, keys))

    def on_train_batch_end(self, batch, logs=None):
        keys = list(logs.keys())
        print("...Training: end of batch {}; got log keys: {}".format(batch, keys))

    def on_test_batch_begin(self, batch, logs=None):
        keys = list(logs.keys())
        print("...Evaluating: start of batch {}; got log keys: {}".format(batch, keys))

    def on_test_batch_end(self, batch, logs=None):
        keys = list(logs.keys())
        print("...Evaluating: end of batch {}; got log keys: {}".format(batch, keys))

    def on_predict_batch_begin(self, batch, logs=None):
        keys = list(logs.keys())
        print("...Predicting: start of batch {}; got log keys: {}".format(batch, keys))

    def on_predict_batch_end(self, batch, logs=None):
        keys = list(logs.keys())
        print("...Predicting: end of batch {}; got log keys: {}".format(batch, keys))


model = get_model()
model.fit(x_train, y_train, batch_size=32, epochs=1, verbose=0, validation_split=0.5, callbacks=[CustomCallback()])
res = model.evaluate(x_test, y_test, batch_size=16, verbose=0, callbacks=[CustomCallback()])
res = model.predict(x_test, batch_size=16, callbacks=[CustomCallback()], verbose=0)


# -- every hook, the deprecated batch aliases too, with the types of what the logs hold
class Recorder(keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.calls = []

    def _log(self, hook, *args):
        logs = args[-1]
        self.calls.append((hook, args[:-1], describe(logs)))


for hook in ["on_train_begin", "on_train_end", "on_test_begin", "on_test_end", "on_predict_begin", "on_predict_end"]:
    setattr(Recorder, hook, (lambda h: lambda self, logs=None: self._log(h, logs))(hook))
for hook in ["on_epoch_begin", "on_epoch_end", "on_batch_begin", "on_batch_end",
             "on_train_batch_begin", "on_train_batch_end", "on_test_batch_begin", "on_test_batch_end",
             "on_predict_batch_begin", "on_predict_batch_end"]:
    setattr(Recorder, hook, (lambda h: lambda self, n, logs=None: self._log(h, n, logs))(hook))

model = get_model()
rec = Recorder()
history = model.fit(x_train, y_train, batch_size=40, epochs=3, verbose=0, validation_data=(x_test, y_test),
                    validation_freq=2, callbacks=[rec])
for call in rec.calls:
    print(*call)
print(rec.model is model, rec.params)
print({k: [round(v, 3) for v in vs] for k, vs in history.history.items()})
rec = Recorder()
model.evaluate(x_test, y_test, batch_size=32, verbose=0, callbacks=[rec])
for call in rec.calls:
    print(*call)
print(rec.params)
rec = Recorder()
model.predict(x_test, batch_size=32, verbose=0, callbacks=[rec])
for call in rec.calls:
    print(*call)
rec = Recorder()
model.fit(x_train, y_train, batch_size=50, epochs=3, initial_epoch=1, steps_per_epoch=1, verbose=0, callbacks=[rec])
print([c[:2] for c in rec.calls])
rec = Recorder()
model.train_on_batch(x_train[:4], y_train[:4])
model.evaluate(tf.data.Dataset.from_tensor_slices((x_test, y_test)).batch(25), verbose=0, callbacks=[rec], steps=1)
print([c[:2] for c in rec.calls])


# -- what the logs hold: values
class BatchValues(keras.callbacks.Callback):
    def on_train_batch_end(self, batch, logs=None):
        print("train batch", batch, {k: round(float(v), 4) for k, v in logs.items()})

    def on_test_batch_end(self, batch, logs=None):
        print("test batch", batch, {k: round(float(v), 4) for k, v in logs.items()})

    def on_predict_batch_end(self, batch, logs=None):
        print("predict batch", batch, {k: np.asarray(v).shape for k, v in logs.items()})

    def on_epoch_end(self, epoch, logs=None):
        print("epoch", epoch, {k: round(float(v), 4) for k, v in logs.items()})


model = get_model()
model.fit(x_train, y_train, batch_size=50, epochs=2, verbose=0, validation_data=(x_test, y_test), callbacks=[BatchValues()])
print({k: round(float(v), 4) for k, v in model.evaluate(x_test, y_test, batch_size=20, verbose=0, callbacks=[BatchValues()], return_dict=True).items()})
_ = model.predict(x_test, batch_size=30, verbose=0, callbacks=[BatchValues()])


# -- usage of the logs dict
class LossAndErrorPrintingCallback(keras.callbacks.Callback):
    def on_train_batch_end(self, batch, logs=None):
        print("Up to batch {}, the average loss is {:7.2f}.".format(batch, logs["loss"]))

    def on_test_batch_end(self, batch, logs=None):
        print("Up to batch {}, the average loss is {:7.2f}.".format(batch, logs["loss"]))

    def on_epoch_end(self, epoch, logs=None):
        print("The average loss for epoch {} is {:7.2f} and mean absolute error is {:7.2f}.".format(epoch, logs["loss"], logs["mean_absolute_error"]))


model = get_model()
model.fit(x_train, y_train, batch_size=32, epochs=2, verbose=0, callbacks=[LossAndErrorPrintingCallback()])
res = model.evaluate(x_test, y_test, batch_size=32, verbose=0, callbacks=[LossAndErrorPrintingCallback()])


# -- early stopping at minimum loss
class EarlyStoppingAtMinLoss(keras.callbacks.Callback):
    def __init__(self, patience=0):
        super().__init__()
        self.patience = patience
        self.best_weights = None

    def on_train_begin(self, logs=None):
        self.wait = 0
        self.stopped_epoch = 0
        self.best = np.inf

    def on_epoch_end(self, epoch, logs=None):
        current = logs.get("loss")
        if np.less(current, self.best):
            self.best = current
            self.wait = 0
            self.best_weights = self.model.get_weights()
        else:
            self.wait += 1
            if self.wait >= self.patience:
                self.stopped_epoch = epoch
                self.model.stop_training = True
                print("Restoring model weights from the end of the best epoch.")
                self.model.set_weights(self.best_weights)

    def on_train_end(self, logs=None):
        if self.stopped_epoch > 0:
            print(f"Epoch {self.stopped_epoch + 1}: early stopping")


model = get_model()
model.compile(optimizer=keras.optimizers.SGD(learning_rate=3.0), loss="mean_squared_error", metrics=["mean_absolute_error"])
history = model.fit(x_train, y_train, batch_size=64, steps_per_epoch=1, epochs=30, verbose=0,
                    callbacks=[LossAndErrorPrintingCallback(), EarlyStoppingAtMinLoss()])
print(len(history.history["loss"]), model.stop_training)


# -- learning rate scheduling
class CustomLearningRateScheduler(keras.callbacks.Callback):
    def __init__(self, schedule):
        super().__init__()
        self.schedule = schedule

    def on_epoch_begin(self, epoch, logs=None):
        if not hasattr(self.model.optimizer, "learning_rate"):
            raise ValueError('Optimizer must have a "learning_rate" attribute.')
        lr = self.model.optimizer.learning_rate
        scheduled_lr = self.schedule(epoch, lr)
        self.model.optimizer.learning_rate = scheduled_lr
        print(f"\nEpoch {epoch}: Learning rate is {float(np.array(scheduled_lr)):6.4f}.")


LR_SCHEDULE = [(3, 0.05), (6, 0.01), (9, 0.005), (12, 0.001)]


def lr_schedule(epoch, lr):
    if epoch < LR_SCHEDULE[0][0] or epoch > LR_SCHEDULE[-1][0]:
        return lr
    for i in range(len(LR_SCHEDULE)):
        if epoch == LR_SCHEDULE[i][0]:
            return LR_SCHEDULE[i][1]
    return lr


model = get_model()
history = model.fit(x_train, y_train, batch_size=64, epochs=14, verbose=0,
                    callbacks=[CustomLearningRateScheduler(lr_schedule)])
print([round(v, 4) for v in history.history["loss"]][-3:], round(float(model.optimizer.learning_rate), 4))

# -- the callbacks fit adds, and CallbackList
model = get_model()
cb = CustomCallback()
cbl = keras.callbacks.CallbackList([cb], add_history=True, add_progbar=False, model=model, verbose=0, epochs=1, steps=2)
print([type(c).__name__ for c in cbl.callbacks], cb.model is model, cb.params)
history = model.fit(x_train, y_train, batch_size=64, epochs=1, verbose=0)
print(type(history).__name__, history.model is model, history.params, history.epoch)
base = keras.callbacks.Callback()
print(base.model, base.params)
base.set_params({"epochs": 3})
print(base.params)
try:
    _ = base.model
    base.set_model(model)
    print(base.model is model)
except Exception as e:
    print(type(e).__name__ + ":", e)


# -- a callback stops evaluate and predict as fit's stop_training stops training
class StopEvaluating(keras.callbacks.Callback):
    def on_test_batch_end(self, batch, logs=None):
        print("evaluated batch", batch)
        self.model.stop_evaluating = True


class StopPredicting(keras.callbacks.Callback):
    def on_predict_batch_end(self, batch, logs=None):
        self.model.stop_predicting = True


class StopTraining(keras.callbacks.Callback):
    def on_train_batch_end(self, batch, logs=None):
        if batch == 1:
            self.model.stop_training = True


model = get_model()
full = model.evaluate(x_test, y_test, batch_size=10, verbose=0)
first = model.evaluate(x_test, y_test, batch_size=10, verbose=0, callbacks=[StopEvaluating()])
print([round(v, 4) for v in full], [round(v, 4) for v in first])
print(model.predict(x_test, batch_size=10, verbose=0, callbacks=[StopPredicting()]).shape)
history = model.fit(x_train, y_train, batch_size=10, epochs=3, verbose=0, validation_data=(x_test, y_test),
                    callbacks=[StopTraining(), StopEvaluating()])
print(len(history.history["loss"]), sorted(history.history), model.optimizer.iterations.numpy())


# -- what a callback may do to the logs, and what the list refuses
class AddToLogs(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        logs["tenfold"] = epoch * 10


class Ordered(keras.callbacks.Callback):
    def __init__(self, tag):
        super().__init__()
        self.tag = tag

    def on_epoch_end(self, epoch, logs=None):
        print("on_epoch_end", self.tag, epoch, sorted(logs))


history = get_model().fit(x_train, y_train, epochs=2, verbose=0, callbacks=[Ordered("first"), AddToLogs(), Ordered("last")])
print(sorted(history.history), history.history["tenfold"])
for bad in ([object()], keras.callbacks.History()):
    try:
        h = get_model().fit(x_train, y_train, epochs=1, verbose=0, callbacks=bad)
        print("ok", sorted(h.history))
    except Exception as e:
        print(type(e).__name__ + ":", e)
