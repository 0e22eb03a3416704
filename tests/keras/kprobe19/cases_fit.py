"""kprobe19's snippets on training: fit's validation_split and validation_data as a
dataset, class_weight, sample_weight with weighted metrics, evaluate's return_dict for
several outputs, steps_per_execution, a Metric subclass with reset_state, mixed_float16
training and LossScaleOptimizer, initial_epoch and History's params (see cases.py)."""

from tests.keras.kprobe19.prelude import _TRY

SNIPPETS = {}

SNIPPETS["fit_validation_split"] = _TRY + """
m = dense_model(metrics=["mae"])
h = m.fit(X, Y, validation_split=0.25, batch_size=2, epochs=2, shuffle=False, verbose=0)
print(sorted(h.history), r4(h.history["loss"]), r4(h.history["val_loss"]), r4(h.history["val_mae"]))
print(h.params, h.epoch)
tryp("split_generator", lambda: m.fit((b for b in [(X, Y)]), validation_split=0.5, verbose=0))
tryp("split_one", lambda: m.fit(X, Y, validation_split=1.0, verbose=0))
"""

SNIPPETS["fit_validation_dataset"] = _TRY + """
m = dense_model(metrics=["mae"])
val = tf.data.Dataset.from_tensor_slices((X[:4], Y[:4])).batch(2)
h = m.fit(X, Y, validation_data=val, validation_freq=2, batch_size=4, epochs=4, shuffle=False,
          verbose=0)
print(sorted(h.history), len(h.history["loss"]), len(h.history["val_loss"]),
      r4(h.history["val_loss"]))
h = m.fit(X, Y, validation_data=val.repeat(), validation_steps=1, batch_size=8, epochs=1, verbose=0)
print(r4(h.history["val_loss"]), r4(m.evaluate(val.take(1), verbose=0)))
h = m.fit(X, Y, validation_data=(X[:2], Y[:2], np.array([1.0, 0.0], "float32")), epochs=1,
          batch_size=8, verbose=0)
print(r4(h.history["val_loss"]))
"""

SNIPPETS["fit_class_weight"] = _TRY + """
Xc = np.array([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [0.5, 0.2]], "float32")
yc = np.array([0, 1, 1, 0])
def clf():
    m = keras.Sequential([keras.Input((2,)), layers.Dense(2, activation="softmax")])
    fill(m)
    m.compile(optimizer=keras.optimizers.SGD(0.5), loss="sparse_categorical_crossentropy",
              metrics=["accuracy"], weighted_metrics=["accuracy"])
    return m
for cw in (None, {0: 1.0, 1: 3.0}, {0: 0.0, 1: 1.0}):
    h = clf().fit(Xc, yc, class_weight=cw, epochs=2, batch_size=4, verbose=0)
    print(cw, r4(h.history["loss"]), r4(h.history["accuracy"]), sorted(h.history))
tryp("with_sample_weight", lambda: clf().fit(Xc, yc, class_weight={0: 1.0, 1: 2.0},
     sample_weight=np.ones(4), verbose=0).history["loss"])
tryp("onehot", lambda: r4(clf().fit(Xc, np.eye(2)[yc], class_weight={0: 1.0, 1: 2.0},
     verbose=0).history["loss"]))
"""

SNIPPETS["fit_sample_weight_weighted_metrics"] = _TRY + """
sw = np.array([1, 0, 2, 0, 1, 0, 2, 0], "float32")
m = dense_model(metrics=["mae"], weighted_metrics=["mae", "mse"])
h = m.fit(X, Y, sample_weight=sw, batch_size=4, epochs=2, shuffle=False, verbose=0)
print(sorted(h.history), r4([h.history[k] for k in sorted(h.history)]))
print(r4(m.evaluate(X, Y, sample_weight=sw, batch_size=8, verbose=0, return_dict=True)))
ds = tf.data.Dataset.from_tensor_slices((X, Y, sw)).batch(4)
print(r4(m.evaluate(ds, verbose=0)))
tryp("bad_length", lambda: m.fit(X, Y, sample_weight=sw[:3], verbose=0))
"""

SNIPPETS["evaluate_return_dict_two_outputs"] = _TRY + """
i = keras.Input((3,), name="x")
a = layers.Dense(1, name="a")(i)
b = layers.Dense(2, name="b")(i)
m = keras.Model(i, {"a": a, "b": b})
fill(m)
m.compile(optimizer="sgd", loss={"a": "mse", "b": "mae"}, loss_weights={"a": 2.0, "b": 0.5},
          metrics={"a": ["mae"], "b": [keras.metrics.MeanSquaredError(name="mse_b")]})
Yb = np.stack([Y[:, 0], -Y[:, 0]], axis=1)
print(r4(m.evaluate(X, {"a": Y, "b": Yb}, batch_size=8, verbose=0)))
print(r4(m.evaluate(X, {"a": Y, "b": Yb}, batch_size=8, verbose=0, return_dict=True)))
print(m.metrics_names)
tryp("missing_key", lambda: m.evaluate(X, {"a": Y}, verbose=0))
"""

SNIPPETS["steps_per_execution"] = _TRY + """
seen = []
cb = keras.callbacks.LambdaCallback(on_train_batch_end=lambda b, logs: seen.append(
    (b, round(float(logs["loss"]), 4))))
m = dense_model(steps_per_execution=3)
h = m.fit(X, Y, batch_size=1, epochs=1, shuffle=False, verbose=0, callbacks=[cb])
print(seen, r4(h.history["loss"]))
print(m.steps_per_execution, r4(m.evaluate(X, Y, batch_size=1, verbose=0)))
print(m.predict(X, batch_size=3, verbose=0).shape)
cb = keras.callbacks.LambdaCallback(
    on_predict_batch_begin=lambda b, logs: print("begin", b),
    on_predict_batch_end=lambda b, logs: print("end", b, tuple(logs["outputs"].shape)),
    on_test_batch_end=lambda b, logs: print("test_end", b, sorted(logs)))
print(m.predict(X, batch_size=1, verbose=0, callbacks=[cb]).shape)
m.evaluate(X, Y, batch_size=2, verbose=0, callbacks=[cb])
m2 = dense_model(steps_per_execution=2)
print(r4(m2.fit(X, Y, batch_size=1, epochs=1, shuffle=False, verbose=0).history["loss"]),
      r4(dense_model().fit(X, Y, batch_size=1, epochs=1, shuffle=False, verbose=0).history["loss"]))
"""

SNIPPETS["custom_metric_reset_state"] = _TRY + """
class MaxAbsError(keras.metrics.Metric):
    def __init__(self, name="max_abs_error", **kw):
        super().__init__(name=name, **kw)
        self.worst = self.add_variable(shape=(), initializer="zeros", name="worst")
        self.updates = self.add_variable(shape=(), initializer="zeros", name="updates",
                                         dtype="int32")
    def update_state(self, y_true, y_pred, sample_weight=None):
        err = keras.ops.max(keras.ops.abs(y_true - y_pred))
        self.worst.assign(keras.ops.maximum(self.worst, err))
        self.updates.assign_add(1)
    def result(self):
        return self.worst
    def reset_state(self):
        self.worst.assign(0.0)
        self.updates.assign(0)
mm = MaxAbsError()
mm.update_state(np.array([1.0, 2.0]), np.array([1.5, 0.0]))
mm.update_state(np.array([1.0]), np.array([0.0]))
print(r4(mm.result()), int(mm.updates.numpy()), [v.path for v in mm.variables], mm.dtype)
mm.reset_state()
print(r4(mm.result()), int(mm.updates.numpy()), mm.get_config())
m = dense_model(metrics=[MaxAbsError()])
h = m.fit(X, Y, batch_size=4, epochs=2, shuffle=False, verbose=0)
print(sorted(h.history), r4(h.history["max_abs_error"]))
print(r4(m.evaluate(X, Y, batch_size=2, verbose=0, return_dict=True)))
print([mt.name for mt in m.metrics], int(m.metrics[1].metrics[0].updates.numpy()))
"""

SNIPPETS["mixed_float16_training"] = _TRY + """
keras.mixed_precision.set_global_policy("mixed_float16")
try:
    m = keras.Sequential([keras.Input((3,)), layers.Dense(4, activation="relu"),
                          layers.Dense(1, dtype="float32")])
    fill(m)
    m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    print(type(m.optimizer).__name__, m.layers[0].compute_dtype, m.layers[0].variable_dtype,
          m.layers[0].kernel.dtype, m.layers[1].compute_dtype)
    print(keras.backend.standardize_dtype(m.layers[0](X).dtype), m.predict(X, verbose=0).dtype)
    h = m.fit(X, Y, batch_size=4, epochs=2, shuffle=False, verbose=0)
    print(r4(h.history["loss"]), r4(m.optimizer.dynamic_scale), int(m.optimizer.iterations))
    print(m.optimizer.inner_optimizer.__class__.__name__, m.dtype_policy)
finally:
    keras.mixed_precision.set_global_policy("float32")
print(keras.mixed_precision.global_policy())
"""

SNIPPETS["loss_scale_optimizer"] = _TRY + """
opt = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.5), initial_scale=8.0,
                                          dynamic_growth_steps=2)
v = keras.Variable([1.0, 2.0])
print(r4(opt.initial_scale), opt.dynamic_growth_steps, r4(opt.scale_loss(3.0)))
opt.apply_gradients([(tf.constant([8.0, 16.0]), v)])
print(r4(v), r4(opt.dynamic_scale), int(opt.iterations))
opt.apply_gradients([(tf.constant([np.inf, 1.0]), v)])
print(r4(v), r4(opt.dynamic_scale), int(opt.iterations))
for _ in range(2):
    opt.apply_gradients([(tf.constant([0.0, 8.0]), v)])
print(r4(v), r4(opt.dynamic_scale), opt.learning_rate.numpy() if hasattr(opt.learning_rate,
      "numpy") else opt.learning_rate)
print(sorted(opt.get_config()))
tryp("not_optimizer", lambda: keras.optimizers.LossScaleOptimizer("sgd"))
tryp("dynamic_false", lambda: keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.5),
     dynamic=False))
print(hasattr(opt, "dynamic"), opt.built, [v.path for v in opt.variables][:3])
"""

SNIPPETS["initial_epoch_and_params"] = _TRY + """
m = dense_model(metrics=["mae"])
logs = []
cb = keras.callbacks.LambdaCallback(on_epoch_begin=lambda e, l: logs.append(("begin", e)),
                                    on_epoch_end=lambda e, l: logs.append(("end", e, sorted(l))))
h = m.fit(X, Y, initial_epoch=2, epochs=4, batch_size=3, verbose=0, callbacks=[cb])
print(h.epoch, h.params, logs)
h = m.fit(X, Y, initial_epoch=5, epochs=4, verbose=0)
print(h.epoch, h.history)
h = m.fit(X, Y, epochs=0, verbose=0)
print(h.epoch, h.history, h.params)
"""

SNIPPETS["validation_split_of_dataset"] = _TRY + """
m = dense_model()
tryp("split_dataset", lambda: m.fit(tf.data.Dataset.from_tensor_slices((X, Y)).batch(4),
    validation_split=0.5, verbose=0))
"""

SNIPPETS["steps_per_execution_progress"] = _TRY + """
m = dense_model(steps_per_execution=3, metrics=["mae"])
def untimed(fn):  # (the epoch's seconds masked too; verbose=2 only: verbose=1's bar skips
    buf = io.StringIO()  # updates closer than 0.05 s apart, a matter of timing)
    with contextlib.redirect_stdout(buf):
        timeless(fn)
    print(re.sub(r" - [0-9]+s - ", " - Ts - ", buf.getvalue()), end="")
untimed(lambda: m.fit(X, Y, batch_size=1, epochs=2, shuffle=False, verbose=2,
                      validation_data=(X, Y)))
untimed(lambda: m.evaluate(X, Y, batch_size=2, verbose=2))
untimed(lambda: m.predict(X, batch_size=2, verbose=2))
"""
