"""kprobe34's snippets of registration and saving edges: names registered twice, without a
package, for functions; custom layers whose configs leave arguments out, whose weights
depend on the built shape, and custom optimizers, saved to .keras files and loaded; and
callbacks watching a value that only some epochs log (see cases.py)."""

from tests.keras.kprobe33.prelude import _TRY

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

SNIPPETS: dict[str, str] = {}

_DATA = """
XS = np.linspace(-1, 1, 36, dtype="float32").reshape(12, 3)
YS = (XS @ np.array([[0.5], [-1.0], [0.25]], "float32") + 0.1).astype("float32")
import warnings
def warned(label, fn):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            r = fn()
        except Exception as e:
            r = type(e).__name__ + " " + str(e).splitlines()[0][:200]
    print(label, r, sorted(set(str(x.message).replace(D, "TMP")[:110] for x in w if x.category is not DeprecationWarning)))
"""

_T = _TRY + _DATA

SNIPPETS["registration_names_twice_defaults_and_functions"] = _T + """
@keras.saving.register_keras_serializable()
class A(layers.Layer):
    pass
print(keras.saving.get_registered_name(A), "Custom>A" in keras.saving.get_custom_objects())
@keras.saving.register_keras_serializable(package="probe34", name="Same")
class B1(layers.Layer):
    pass
try:
    @keras.saving.register_keras_serializable(package="probe34", name="Same")
    class B2(layers.Layer):
        pass
    print("twice", keras.saving.get_registered_object("probe34>Same").__name__)
except Exception as e:
    print("twice", type(e).__name__, str(e)[:200])
@keras.saving.register_keras_serializable(package="probe34")
def scaled_relu(x):
    return keras.ops.relu(x) * 2.0
print(keras.saving.get_registered_name(scaled_relu), keras.saving.serialize_keras_object(scaled_relu))
d = layers.Dense(2, activation=scaled_relu)
c = d.get_config()
print(c["activation"])
print(layers.Dense.from_config(c).activation is scaled_relu)
tryp("not_class", lambda: callable(keras.saving.register_keras_serializable(package="a>b")))
tryp("gt_name", lambda: keras.saving.register_keras_serializable(package="a>b")(type("Q", (layers.Layer,), {})))
tryp("bad_obj", lambda: keras.saving.register_keras_serializable()(3))
print(keras.saving.get_registered_name(layers.Dense), keras.saving.get_registered_object("Dense"))
"""

SNIPPETS["custom_layer_config_missing_arguments"] = _T + """
class Needs(layers.Layer):
    def __init__(self, width, **kw):
        super().__init__(**kw)
        self.width = width
    def call(self, x):
        return x * self.width
n = Needs(3, name="needs")
print(sorted(n.get_config()))
tryp("from_config", lambda: Needs.from_config(n.get_config()))
inp = keras.Input((2,))
m = keras.Model(inp, Needs(2.0, name="n2")(inp))
path = os.path.join(D, "needs.keras")
tryp("save", lambda: m.save(path))
print(os.path.exists(path))
tryp("load", lambda: keras.saving.load_model(path, custom_objects={"Needs": Needs}))
class Auto(layers.Layer):
    def __init__(self, width=2, scale=1.5, **kw):
        super().__init__(**kw)
        self.width, self.scale = width, scale
    def call(self, x):
        return x * self.scale
a = Auto(4, scale=0.5, name="auto")
print(sorted(a.get_config().items()))
print(type(Auto.from_config(a.get_config())).__name__, Auto.from_config(a.get_config()).scale)
"""

SNIPPETS["custom_layer_shape_dependent_weights_saved"] = _T + """
@keras.saving.register_keras_serializable(package="probe34")
class PerFeature(layers.Layer):
    def build(self, shape):
        self.scale = self.add_weight(shape=(shape[-1],), initializer="ones", name="scale")
        self.bias = self.add_weight(shape=(shape[-1],), initializer="zeros", name="bias", trainable=False)
    def call(self, x):
        return x * self.scale + self.bias
l = PerFeature(name="pf")
print(l.get_build_config(), l.built)
l(np.ones((2, 3), "float32"))
print(l.get_build_config(), l.built, [(w.path, w.trainable) for w in l.weights])
inp = keras.Input((3,))
m = keras.Model(inp, PerFeature(name="pf2")(inp))
m.layers[1].scale.assign([1.0, 2.0, 3.0])
m.layers[1].bias.assign([0.5, 0.0, -0.5])
path = os.path.join(D, "pf.keras")
m.save(path)
m2 = keras.saving.load_model(path)
print(r4(m2(XS[:2])), [w.path for w in m2.weights])
l2 = PerFeature.from_config(l.get_config())
print(l2.built)
l2.build_from_config(l.get_build_config())
print(l2.built, [tuple(w.shape) for w in l2.weights])
l.save_own_variables(store := {})
print(sorted(store), [np.asarray(v).tolist() for k, v in sorted(store.items())])
"""

SNIPPETS["custom_optimizer_registered_saved_with_state"] = _T + """
@keras.saving.register_keras_serializable(package="probe34")
class SignSGD(keras.optimizers.Optimizer):
    def __init__(self, learning_rate=0.01, bump=0.5, name="sign_sgd", **kw):
        super().__init__(learning_rate=learning_rate, name=name, **kw)
        self.bump = bump
    def build(self, variables):
        if self.built:
            return
        super().build(variables)
        self.moves = [self.add_variable_from_reference(v, "moves") for v in variables]
    def update_step(self, gradient, variable, learning_rate):
        m = self.moves[self._get_variable_index(variable)]
        self.assign_add(m, keras.ops.sign(gradient) * self.bump)
        self.assign_sub(variable, keras.ops.sign(gradient) * keras.ops.cast(learning_rate, variable.dtype))
    def get_config(self):
        return {**super().get_config(), "bump": self.bump}
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
m.compile(SignSGD(0.05, bump=0.25), "mse")
print(logs4(m.fit(XS, YS, batch_size=6, epochs=2, verbose=0, shuffle=False)))
print([(v.path, np.asarray(v).astype("float64").round(3).tolist()) for v in m.optimizer.variables])
path = os.path.join(D, "opt.keras")
m.save(path)
m2 = keras.saving.load_model(path)
print(type(m2.optimizer).__name__, m2.optimizer.bump, int(m2.optimizer.iterations), [np.asarray(v).astype("float64").round(3).tolist() for v in m2.optimizer.variables[2:]])
print(sorted(k for k in m.optimizer.get_config()))
"""

SNIPPETS["callbacks_watching_values_only_some_epochs_log"] = _T + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
m.compile(keras.optimizers.SGD(0.05), "mse")
ck = keras.callbacks.ModelCheckpoint(os.path.join(D, "c.keras"), monitor="val_loss", save_best_only=True, verbose=1)
es = keras.callbacks.EarlyStopping(monitor="val_loss", patience=0, verbose=1)
rl = keras.callbacks.ReduceLROnPlateau(monitor="val_loss", patience=0, verbose=1)
def run():
    h = m.fit(XS, YS, batch_size=6, epochs=4, verbose=0, shuffle=False, validation_data=(XS, YS), validation_freq=2, callbacks=[ck, es, rl])
    print(logs4(h))
warned("freq", lambda: lines(run))
print(es.stopped_epoch, es.wait, round(float(ck.best), 4))
warned("no_val", lambda: lines(lambda: print(len(m.fit(XS, YS, epochs=2, verbose=0, callbacks=[keras.callbacks.EarlyStopping(monitor="val_loss", verbose=1)]).epoch))))
"""

SNIPPETS["model_checkpoint_weights_only_into_folders_and_overwrites"] = _T + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
m.compile(keras.optimizers.SGD(0.05), "mse")
cb = keras.callbacks.ModelCheckpoint(os.path.join(D, "sub", "deeper", "e{epoch}.weights.h5"), save_weights_only=True)
m.fit(XS, YS, batch_size=6, epochs=2, verbose=0, callbacks=[cb])
print(sorted(os.listdir(os.path.join(D, "sub", "deeper"))))
cb = keras.callbacks.ModelCheckpoint(os.path.join(D, "same.weights.h5"), save_weights_only=True, verbose=1)
lines(lambda: m.fit(XS, YS, batch_size=6, epochs=2, verbose=0, callbacks=[cb]))
m2 = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
m2.load_weights(os.path.join(D, "same.weights.h5"))
print(r4(m2(XS[:1])), r4(m(XS[:1])))
print(cb.save_weights_only, cb.save_best_only, cb.save_freq, cb.monitor, cb.filepath.replace(D, "TMP"))
"""

SNIPPETS["evaluate_and_predict_with_steps_and_generators"] = _T + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
fill(m)
m.compile("sgd", "mse", metrics=["mae"])
def gen():
    for i in range(0, 12, 4):
        yield XS[i:i + 4], YS[i:i + 4]
print(r4(m.evaluate(gen(), verbose=0)))
print(r4(m.evaluate(gen(), steps=2, verbose=0)))
ds = tf.data.Dataset.from_tensor_slices((XS, YS)).batch(5)
print(r4(m.evaluate(ds.repeat(), steps=3, verbose=0, return_dict=True)))
print(m.predict(ds.repeat(), steps=2, verbose=0).shape, m.predict(ds.map(lambda x, y: x), verbose=0).shape)
tryp("bare_gen", lambda: m.predict((x for x, _ in gen()), verbose=0).shape)
print(m.predict(((x,) for x, _ in gen()), verbose=0).shape)
h = m.fit(gen(), epochs=1, verbose=0, validation_data=gen())
print(logs4(h))
tryp("xy_pred", lambda: m.predict(XS, batch_size=0, verbose=0))
tryp("steps_arrays", lambda: r4(m.evaluate(XS, YS, steps=2, verbose=0)))
"""
