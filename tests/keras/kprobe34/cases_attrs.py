"""kprobe34's snippets of odd argument values and attributes around the loop: fit given
float epochs, string batch sizes, list validation frequencies, verbose levels; callbacks
that stop evaluate and predict; the attributes optimizers, metrics, callbacks and
compiled models show before and after use; compile given structures of the wrong shape
(see cases.py)."""

from tests.keras.kprobe33.prelude import _TRY

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

SNIPPETS: dict[str, str] = {}

_DATA = """
XS = np.linspace(-1, 1, 36, dtype="float32").reshape(12, 3)
YS = (XS @ np.array([[0.5], [-1.0], [0.25]], "float32") + 0.1).astype("float32")
"""

_T = _TRY + _DATA

SNIPPETS["fit_odd_argument_values"] = _T + """
m = dense_model()
for label, kw in (("epochs_float", {"epochs": 2.0}), ("epochs_neg", {"epochs": -1}), ("bs_str", {"batch_size": "4"}),
                  ("bs_zero", {"batch_size": 0}), ("freq_list", {"epochs": 2, "validation_freq": [2], "validation_split": 0.25}),
                  ("freq_zero", {"epochs": 1, "validation_freq": 0, "validation_split": 0.25}),
                  ("initial_past", {"epochs": 1, "initial_epoch": 3}), ("steps_zero", {"steps_per_epoch": 0}),
                  ("verbose3", {"verbose": 3}), ("verbose_str", {"verbose": "loud"}), ("shuffle_batch", {"shuffle": "batch", "batch_size": 6}),
                  ("val_steps_arrays", {"validation_data": (XS, YS), "validation_steps": 1, "batch_size": 4})):
    kw.setdefault("verbose", 0)
    def go():
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            h = m.fit(XS, YS, **kw)
        return logs4(h), h.params, len(buf.getvalue().splitlines())
    tryp(label, go)
"""

SNIPPETS["callbacks_stop_evaluating_and_predicting"] = _T + """
class StopAt(keras.callbacks.Callback):
    def __init__(self, at):
        super().__init__()
        self.at = at
        self.seen = []
    def on_test_batch_end(self, batch, logs=None):
        self.seen.append(("t", batch))
        if batch == self.at:
            self.model.stop_evaluating = True
    def on_predict_batch_end(self, batch, logs=None):
        self.seen.append(("p", batch))
        if batch == self.at:
            self.model.stop_predicting = True
    def on_train_batch_end(self, batch, logs=None):
        self.seen.append(("f", batch))
        if batch == self.at:
            self.model.stop_training = True
m = dense_model()
print(getattr(m, "stop_evaluating", "none"), getattr(m, "stop_predicting", "none"), getattr(m, "stop_training", "none"))
cb = StopAt(1)
print(r4(m.evaluate(XS, YS, batch_size=2, verbose=0, callbacks=[cb])), cb.seen, m.stop_evaluating)
cb = StopAt(1)
print(m.predict(XS, batch_size=2, verbose=0, callbacks=[cb]).shape, cb.seen, m.stop_predicting)
cb = StopAt(2)
h = m.fit(XS, YS, batch_size=2, epochs=3, verbose=0, callbacks=[cb])
print(h.epoch, cb.seen, m.stop_training)
print(r4(m.evaluate(XS, YS, batch_size=4, verbose=0)), m.stop_evaluating)
"""

SNIPPETS["optimizer_base_class_and_attributes"] = _T + """
o = keras.optimizers.Optimizer(0.1, name="base")
v = keras.Variable(np.ones(2, "float32"), name="v")
tryp("update_step", lambda: o.apply([np.ones(2, "float32")], [v]))
o = keras.optimizers.SGD()
print(o.name, o.built, o.variables, o.iterations.dtype, o.iterations.trainable, o.learning_rate.dtype if hasattr(o.learning_rate, "dtype") else None)
print(repr(keras.optimizers.Adam(name="my opt").name), keras.optimizers.AdamW().name, keras.optimizers.Lion().name, keras.optimizers.Adafactor().name)
o.build([v])
print(o.built, [x.path for x in o.variables], len(o.variables))
tryp("iterations_set", lambda: setattr(o, "iterations", 5))
tryp("lr_tensor", lambda: round(float(keras.optimizers.SGD(keras.ops.convert_to_tensor(0.2)).learning_rate), 4))
tryp("lr_neg", lambda: round(float(keras.optimizers.SGD(-0.5).learning_rate), 4))
o = keras.optimizers.SGD(0.1, weight_decay=0.1)
o.exclude_from_weight_decay(var_list=[v])
w = keras.Variable(np.ones(2, "float32"), name="w")
o.apply([np.zeros(2, "float32"), np.zeros(2, "float32")], [v, w])
print(np.asarray(v).tolist(), np.asarray(w).round(4).tolist())
"""

SNIPPETS["metric_attributes_and_reprs"] = _T + """
for m in (keras.metrics.Mean(), keras.metrics.AUC(), keras.metrics.Precision(thresholds=[0.2, 0.8]), keras.metrics.MeanIoU(3), keras.metrics.R2Score()):
    print(type(m).__name__, repr(m), m.name, m.dtype, m.built if hasattr(m, "built") else None, [(v.path, tuple(v.shape)) for v in m.variables])
m = keras.metrics.Mean(name="avg")
m.update_state([1.0, 3.0])
print(float(m.result()), m.stateless_result([np.float32(10.0), np.float32(4.0)]) if hasattr(m, "stateless_result") else None)
tryp("stateless_update", lambda: [float(x) for x in m.stateless_update_state([np.float32(0.0), np.float32(0.0)], [2.0, 4.0])])
tryp("stateless_reset", lambda: [float(x) for x in m.stateless_reset_state()])
print(float(m.result()))
tryp("name_slash", lambda: keras.metrics.Mean(name="a/b").name)
tryp("add_var_after", lambda: m.add_variable((), "zeros", name="late"))
"""

SNIPPETS["callback_attributes_before_and_during_fit"] = _T + """
cb = keras.callbacks.Callback()
print(cb.model, cb.params, getattr(cb, "validation_data", "none"))
es = keras.callbacks.EarlyStopping()
print(es.monitor, es.patience, es.min_delta, es.baseline, es.best, es.wait, es.stopped_epoch, es.restore_best_weights, es.best_weights)
rl = keras.callbacks.ReduceLROnPlateau()
print(rl.monitor, rl.factor, rl.patience, rl.min_lr, rl.cooldown, rl.min_delta, rl.mode, rl.wait, rl.best)
ck = keras.callbacks.ModelCheckpoint(os.path.join(D, "x.keras"))
print(ck.monitor, ck.save_best_only, ck.save_weights_only, ck.save_freq, ck.best, ck.verbose)
h = keras.callbacks.History()
print(h.history if hasattr(h, "history") else "none", h.epoch if hasattr(h, "epoch") else "none")
m = dense_model()
class Look(keras.callbacks.Callback):
    def on_train_begin(self, logs=None):
        print("begin", self.model is m, self.params, type(self.model.history).__name__ if hasattr(self.model, "history") else None)
m.fit(XS, YS, batch_size=5, epochs=2, verbose=0, callbacks=[Look(), es])
print(es.best is not None, es.wait, es.best_epoch, type(es.best).__name__)
"""

SNIPPETS["compile_structures_of_wrong_shape"] = _T + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
for label, kw in (("loss_list", {"loss": ["mse"]}), ("loss_list2", {"loss": ["mse", "mae"]}), ("loss_dict", {"loss": {"dense": "mse"}}),
                  ("loss_dict_wrong", {"loss": {"nope": "mse"}}), ("weights_list2", {"loss": "mse", "loss_weights": [1.0, 2.0]}),
                  ("weights_dict", {"loss": "mse", "loss_weights": {"dense": 3.0}}), ("metrics_dict", {"loss": "mse", "metrics": {"dense": "mae"}}),
                  ("metrics_nested", {"loss": "mse", "metrics": [["mae"]]}), ("metrics_str", {"loss": "mse", "metrics": "mae"}),
                  ("loss_int", {"loss": 3}), ("loss_unknown", {"loss": "msee"})):
    def go():
        m.compile(keras.optimizers.SGD(0.1), **kw)
        return logs4(m.fit(XS, YS, batch_size=6, epochs=1, verbose=0, shuffle=False))
    tryp(label, go)
"""

SNIPPETS["compiled_model_attributes_before_and_after_fit"] = _T + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
print(m.compiled, getattr(m, "optimizer", "none"), m.loss, m.metrics, m.metrics_names)
m.compile("adam", "mse", metrics=["mae"])
print(type(m.optimizer).__name__, m.optimizer.name, m.loss, [x.name for x in m.metrics], m.metrics_names, m.compiled)
print(m.compute_loss.__name__, m.run_eagerly, m.steps_per_execution, m.jit_compile, m.stop_training)
m.fit(XS, YS, epochs=1, verbose=0)
print([x.name for x in m.metrics], m.metrics_names, [type(x).__name__ for x in m.metrics])
print([(v.path) for v in m.metrics_variables] if hasattr(m, "metrics_variables") else None)
m.compile(loss="mae")
print(type(m.optimizer).__name__, m.optimizer.name, m.loss, [x.name for x in m.metrics])
m.fit(XS, YS, epochs=1, verbose=0)
print([x.name for x in m.metrics], m.metrics_names)
tryp("set_loss", lambda: setattr(m, "loss", "mse") or m.loss)
tryp("set_optimizer", lambda: setattr(m, "optimizer", "sgd") or m.optimizer)
"""
