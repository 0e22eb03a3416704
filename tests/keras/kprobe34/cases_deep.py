"""kprobe34's snippets of the training loop's less travelled paths: train steps returning
vectors and strings to History, progress bars and CSVLogger; the optimizer's apply given
mismatched, missing or unknown variables; stateless_apply; custom schedules registered and
saved; the train/test/predict functions a model makes; compile_from_config and a custom
compile; steps_per_execution="auto" (see cases.py)."""

from tests.keras.kprobe33.prelude import _TRY

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

SNIPPETS: dict[str, str] = {}

_DATA = """
XS = np.linspace(-1, 1, 36, dtype="float32").reshape(12, 3)
YS = (XS @ np.array([[0.5], [-1.0], [0.25]], "float32") + 0.1).astype("float32")
"""

_T = _TRY + _DATA

SNIPPETS["train_step_logs_vector_and_python_values"] = _T + """
class M(keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = keras.ops.mean((self(x, training=True) - y) ** 2)
        self.optimizer.apply(tape.gradient(loss, self.trainable_weights), self.trainable_weights)
        return {"loss": loss, "vec": keras.ops.mean(x, axis=0), "py": 1.5}
inp = keras.Input((3,))
m = M(inp, layers.Dense(1)(inp))
fill(m)
m.compile(keras.optimizers.SGD(0.1))
h = m.fit(XS, YS, batch_size=6, epochs=2, verbose=0, shuffle=False)
print({k: [np.asarray(v).astype("float64").round(4).tolist() for v in vs] for k, vs in h.history.items()})
path = os.path.join(D, "v.csv")
m.fit(XS, YS, batch_size=6, epochs=1, verbose=0, shuffle=False, callbacks=[keras.callbacks.CSVLogger(path)])
print(open(path).read().replace("\\r", ""))
bars(lambda: m.fit(XS, YS, batch_size=6, epochs=1, verbose=2, shuffle=False))
"""

SNIPPETS["optimizer_apply_mismatched_and_unknown_variables"] = _T + """
a = keras.Variable(np.ones((2,), "float32"), name="a")
b = keras.Variable(np.ones((3,), "float32"), name="b")
c = keras.Variable(np.ones((2,), "float32"), name="c")
o = keras.optimizers.Adam(0.1)
o.build([a, b])
tryp("unknown", lambda: o.apply([np.ones(2, "float32")], [c]))
tryp("short", lambda: o.apply([np.ones(2, "float32")], [a, b]))
tryp("shape", lambda: o.apply([np.ones(3, "float32"), np.ones(3, "float32")], [a, b]))
tryp("none", lambda: o.apply([None, np.ones(3, "float32")], [a, b]))
print(np.asarray(a).round(4).tolist(), np.asarray(b).round(4).tolist(), int(o.iterations))
tryp("all_none", lambda: o.apply([None, None], [a, b]))
print(int(o.iterations))
tryp("implicit", lambda: o.apply([np.ones(2, "float32"), np.ones(3, "float32")]))
print(np.asarray(a).round(4).tolist(), int(o.iterations))
tryp("not_var", lambda: keras.optimizers.SGD().apply([np.ones(2, "float32")], [np.ones(2, "float32")]))
o2 = keras.optimizers.AdamW(0.1)
o2.build([a])
tryp("exclude_late", lambda: o2.exclude_from_weight_decay(var_names=["a"]))
"""

SNIPPETS["optimizer_stateless_apply"] = _T + """
a = keras.Variable(np.array([1.0, -2.0], "float32"), name="a")
o = keras.optimizers.Adam(0.5)
o.build([a])
opt_vars = [np.asarray(v) for v in o.variables]
tryp("apply", lambda: o.stateless_apply(opt_vars, [np.array([0.5, 1.0], "float32")], [np.asarray(a)]))
print(np.asarray(a).tolist(), int(o.iterations))
tryp("count", lambda: o.stateless_apply(opt_vars[:1], [np.array([0.5, 1.0], "float32")], [np.asarray(a)]))
"""

SNIPPETS["custom_schedule_registered_in_fit_and_keras_file"] = _T + """
@keras.saving.register_keras_serializable(package="probe34")
class Halving(keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, start, every):
        self.start = start
        self.every = every
    def __call__(self, step):
        return self.start * keras.ops.power(0.5, keras.ops.floor(keras.ops.cast(step, "float32") / self.every))
    def get_config(self):
        return {"start": self.start, "every": self.every}
s = Halving(0.2, 2)
print([round(float(s(i)), 4) for i in range(6)])
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
m.compile(keras.optimizers.SGD(s), "mse")
h = m.fit(XS, YS, batch_size=4, epochs=2, verbose=0, shuffle=False)
print(logs4(h), int(m.optimizer.iterations))
print(keras.optimizers.serialize(m.optimizer)["config"]["learning_rate"])
path = os.path.join(D, "h.keras")
m.save(path)
m2 = keras.saving.load_model(path)
print(type(m2.optimizer._learning_rate).__name__, m2.optimizer._learning_rate.get_config(), round(float(m2.optimizer.learning_rate), 4))
class Plain(keras.optimizers.schedules.LearningRateSchedule):
    def __call__(self, step):
        return 0.1
tryp("no_config", lambda: Plain().get_config())
tryp("serialize", lambda: keras.optimizers.schedules.serialize(Plain()))
"""

SNIPPETS["model_step_functions_made_and_reset"] = _T + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
print(m.train_function, m.test_function, m.predict_function)
m.compile("sgd", "mse")
print(m.train_function, m.test_function, m.predict_function)
m.fit(XS, YS, epochs=1, verbose=0)
print(m.train_function is not None, m.test_function, m.predict_function)
f = m.train_function
m.evaluate(XS, YS, verbose=0)
m.predict(XS, verbose=0)
print(m.train_function is f, m.test_function is not None, m.predict_function is not None)
m.compile("adam", "mae")
print(m.train_function, m.test_function, m.predict_function)
print(callable(m.make_train_function()), m.make_train_function() is m.train_function)
"""

SNIPPETS["compile_config_round_trip_and_custom_compile"] = _T + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
m.compile(keras.optimizers.Adam(0.01), loss="mae", metrics=["mse", keras.metrics.RootMeanSquaredError(name="r")], loss_weights=[0.5], steps_per_execution=2)
c = m.get_compile_config()
print(sorted(c), c["loss"], c["loss_weights"], c["steps_per_execution"], c["metrics"][0], c["metrics"][1]["class_name"])
m2 = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
m2.compile_from_config(c)
print(type(m2.optimizer).__name__, round(float(m2.optimizer.learning_rate), 4), m2.loss, m2.steps_per_execution, m2.compiled)
print(keras.Sequential([keras.Input((3,)), layers.Dense(1)]).get_compile_config())
class Own(keras.Sequential):
    def compile(self, lr=0.1):
        super().compile(keras.optimizers.SGD(lr), "mse")
o = Own([keras.Input((3,)), layers.Dense(1)])
o.compile(0.3)
path = os.path.join(D, "own.keras")
o.save(path)
import warnings
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    o2 = keras.saving.load_model(path, custom_objects={"Own": Own})
print(type(o2).__name__, o2.compiled, [str(x.message)[:80] for x in w if "compile" in str(x.message)])
"""

SNIPPETS["steps_per_execution_auto_and_errors"] = _T + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
tryp("auto", lambda: m.compile("sgd", "mse", steps_per_execution="auto"))
print(m.steps_per_execution if m.compiled else None)
tryp("fit", lambda: logs4(m.fit(XS, YS, batch_size=4, epochs=1, verbose=0, shuffle=False)))
print(m.steps_per_execution)
for v in (0, -1, 2.5):
    tryp(str(v), lambda: (m.compile("sgd", "mse", steps_per_execution=v), m.steps_per_execution)[1])
tryp("fit_after", lambda: logs4(m.fit(XS, YS, batch_size=4, epochs=1, verbose=0, shuffle=False)))
"""

SNIPPETS["get_metrics_result_values_and_evaluate_list"] = _T + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
m.compile("sgd", "mse", metrics=["mae", keras.metrics.MeanSquaredError(name="m2", dtype="float64")])
tryp("before", lambda: m.get_metrics_result())
m.fit(XS, YS, batch_size=6, epochs=1, verbose=0, shuffle=False)
r = m.get_metrics_result()
print({k: (type(v).__name__, round(float(v), 4)) for k, v in r.items()})
e = m.evaluate(XS, YS, verbose=0)
print(type(e).__name__, [type(v).__name__ for v in e], r4(e))
e = m.evaluate(XS, YS, verbose=0, return_dict=True)
print({k: type(v).__name__ for k, v in e.items()})
m2 = dense_model()
e = m2.evaluate(XS, YS, verbose=0)
print(type(e).__name__, round(e, 4))
print(type(m2.train_on_batch(XS, YS)).__name__, type(m2.test_on_batch(XS, YS)).__name__)
"""
