"""kprobe16's snippets of models users build often: several inputs and outputs with loss
weights and per-output metrics, a masked text classifier, transfer learning with frozen
layers, image augmentation layers in training and inference, and shared layers in a
config round trip (see cases.py)."""

from tests.keras.kprobe16.prelude import _TRY

SNIPPETS = {}

SNIPPETS["multi_input_multi_output_fit"] = _TRY + """
rng = np.random.default_rng(1)
a = rng.normal(size=(32, 3)).astype("float32")
b = rng.normal(size=(32, 2)).astype("float32")
ya = (a.sum(1) > 0).astype("float32")
yb = (a[:, :2] + b).astype("float32")
ia, ib = keras.Input((3,), name="a"), keras.Input((2,), name="b")
h = layers.Concatenate()([layers.Dense(4, activation="relu")(ia), ib])
out_a = layers.Dense(1, activation="sigmoid", name="cls")(h)
out_b = layers.Dense(2, name="reg")(h)
m = keras.Model({"a": ia, "b": ib}, {"cls": out_a, "reg": out_b})
m.compile("adam", loss={"cls": "binary_crossentropy", "reg": "mse"},
          loss_weights={"cls": 2.0, "reg": 0.5},
          metrics={"cls": ["accuracy"], "reg": ["mae", keras.metrics.RootMeanSquaredError()]})
hist = m.fit({"a": a, "b": b}, {"cls": ya, "reg": yb}, epochs=2, batch_size=8, verbose=0,
             validation_split=0.25)
print(sorted(hist.history))
print(m.metrics_names)
r = m.evaluate({"a": a, "b": b}, {"cls": ya, "reg": yb}, verbose=0, return_dict=True)
print(sorted(r))
p = m.predict({"a": a[:3], "b": b[:3]}, verbose=0)
print(sorted(p), p["cls"].shape, p["reg"].shape)
tryp("missing_input", lambda: m.predict({"a": a[:3]}, verbose=0))
tryp("list_targets", lambda: sorted(m.evaluate({"a": a, "b": b}, [ya, yb], verbose=0,
                                             return_dict=True)))
m2 = keras.Model([ia, ib], [out_a, out_b])
m2.compile("sgd", ["binary_crossentropy", "mse"], metrics=[["accuracy"], ["mae"]])
print(sorted(m2.fit([a, b], [ya, yb], epochs=1, verbose=0).history))
tryp("wrong_count", lambda: m2.fit([a, b], [ya], epochs=1, verbose=0))
"""

SNIPPETS["masked_text_classifier"] = _TRY + """
texts = np.array([[3, 5, 2, 0, 0], [4, 1, 0, 0, 0], [2, 2, 2, 7, 1], [6, 0, 0, 0, 0]])
y = np.array([1, 0, 1, 0])
m = keras.Sequential([keras.Input((5,), dtype="int32"),
                      layers.Embedding(8, 4, mask_zero=True),
                      layers.LSTM(3),
                      layers.Dense(1, activation="sigmoid")])
m.compile("adam", "binary_crossentropy", metrics=["accuracy"])
h = m.fit(texts, y, epochs=2, verbose=0)
print(sorted(h.history), len(h.history["loss"]))
emb = m.layers[0]
mask = emb.compute_mask(texts)
print(np.asarray(mask).astype(int).tolist())
out = m.predict(texts, verbose=0)
print(out.shape, out.dtype)
gru = keras.Sequential([keras.Input((5,), dtype="int32"), layers.Embedding(8, 4, mask_zero=True),
                        layers.Bidirectional(layers.GRU(2, return_sequences=True)),
                        layers.GlobalAveragePooling1D()])
print(gru.predict(texts, verbose=0).shape, gru.layers[1].output.shape)
print([w.path for w in gru.weights])
tryp("mask_to_dense", lambda: keras.Sequential([keras.Input((5,), dtype="int32"),
                                               layers.Embedding(8, 4, mask_zero=True),
                                               layers.Flatten()]).predict(texts, verbose=0).shape)
"""

SNIPPETS["transfer_learning_frozen_layers"] = _TRY + """
base = keras.Sequential([keras.Input((4,)), layers.Dense(3, name="d1"),
                         layers.BatchNormalization(name="bn")], name="base")
base.trainable = False
i = keras.Input((4,))
x = base(i, training=False)
m = keras.Model(i, layers.Dense(1, name="top")(x))
print(len(m.trainable_weights), len(m.non_trainable_weights), [w.path for w in m.trainable_weights])
m.summary(show_trainable=True)
m.compile("sgd", "mse")
x_data = np.arange(40, dtype="float32").reshape(10, 4) / 10
before = [w.copy() for w in base.get_weights()]
m.fit(x_data, np.ones((10, 1)), epochs=1, verbose=0)
print(all(np.array_equal(u, v) for u, v in zip(before, base.get_weights())))
base.trainable = True
print(len(m.trainable_weights))
m.fit(x_data, np.ones((10, 1)), epochs=1, verbose=0)
print(all(np.array_equal(u, v) for u, v in zip(before, base.get_weights())))
m.compile("sgd", "mse")
m.fit(x_data, np.ones((10, 1)), epochs=1, verbose=0)
print(any(not np.array_equal(u, v) for u, v in zip(before, base.get_weights())))
base.get_layer("bn").trainable = False
print([l.trainable for l in base.layers], len(m.trainable_weights))
"""

SNIPPETS["augmentation_layers_train_and_infer"] = _TRY + """
img = (np.arange(2 * 6 * 6 * 3, dtype="float32").reshape(2, 6, 6, 3) % 11) / 10
aug = keras.Sequential([layers.RandomFlip("horizontal", seed=3), layers.RandomRotation(0.1, seed=4),
                        layers.RandomZoom(0.2, seed=5), layers.Rescaling(2.0, offset=-1.0)])
infer = aug(img, training=False)
print(infer.shape, float(np.asarray(infer).min()), float(np.asarray(infer).max()))
train = aug(img, training=True)
print(train.shape, np.asarray(train).dtype)
m = keras.Sequential([keras.Input((6, 6, 3)), aug, layers.Conv2D(2, 3), layers.GlobalMaxPooling2D(),
                      layers.Dense(1)])
m.compile("adam", "mse")
m.fit(img, np.ones((2, 1)), epochs=1, verbose=0)
print([l.name for l in aug.layers], [sorted(l.get_config())[:4] for l in aug.layers[:2]])
tryp("flip_bad_mode", lambda: layers.RandomFlip("diagonal"))
tryp("rotation_bad", lambda: layers.RandomRotation(0.1, fill_mode="wrap"))
print(layers.RandomFlip("vertical").compute_output_shape((None, 6, 6, 3)))
"""

SNIPPETS["shared_layers_config_round_trip"] = _TRY + """
shared = layers.Dense(2, name="shared")
i1, i2 = keras.Input((3,), name="left"), keras.Input((3,), name="right")
o = layers.Add()([shared(i1), shared(i2)])
m = keras.Model([i1, i2], o)
cfg = m.get_config()
print([l["name"] for l in cfg["layers"]])
print(json.dumps(cfg["layers"][1]["inbound_nodes"], sort_keys=True))
again = keras.Model.from_config(cfg)
print([l.name for l in again.layers], len(again.get_layer("shared")._inbound_nodes))
print(again.get_layer("shared").input if False else len(again.weights))
x = np.ones((1, 3), "float32")
again.set_weights(m.get_weights())
print(np.allclose(again([x, x]), m([x, x])))
tryp("shared_input", lambda: m.get_layer("shared").input)
tryp("shared_output_shape", lambda: m.get_layer("shared").output.shape)
m.save(os.path.join(D, "shared.keras"))
back = keras.models.load_model(os.path.join(D, "shared.keras"))
print(np.allclose(back([x, x]), m([x, x])), [t.name for t in back.inputs])
"""

SNIPPETS["custom_layer_metric_loss_saved"] = _TRY + """
@keras.saving.register_keras_serializable(package="k16")
class Scale(layers.Layer):
    def __init__(self, init=1.0, **kw):
        super().__init__(**kw)
        self.init = init
    def build(self, input_shape):
        self.s = self.add_weight(shape=(input_shape[-1],), initializer=keras.initializers.Constant(
            self.init), name="s")
        self.count = self.add_weight(shape=(), initializer="zeros", trainable=False,
                                     name="count", dtype="int32")
    def call(self, x):
        self.count.assign_add(1)
        return x * self.s
    def get_config(self):
        return {**super().get_config(), "init": self.init}

@keras.saving.register_keras_serializable(package="k16")
class MaxError(keras.metrics.Metric):
    def __init__(self, name="max_error", **kw):
        super().__init__(name=name, **kw)
        self.worst = self.add_variable(shape=(), initializer="zeros", name="worst")
    def update_state(self, y_true, y_pred, sample_weight=None):
        err = keras.ops.max(keras.ops.abs(y_true - y_pred))
        self.worst.assign(keras.ops.maximum(self.worst, err))
    def result(self):
        return self.worst
    def reset_state(self):
        self.worst.assign(0.0)

@keras.saving.register_keras_serializable(package="k16")
class Scaled(keras.losses.Loss):
    def __init__(self, factor=2.0, **kw):
        super().__init__(**kw)
        self.factor = factor
    def call(self, y_true, y_pred):
        return self.factor * keras.ops.mean(keras.ops.square(y_true - y_pred), axis=-1)
    def get_config(self):
        return {**super().get_config(), "factor": self.factor}

m = keras.Sequential([keras.Input((2,)), Scale(0.5, name="scale"), layers.Dense(1,
                      kernel_initializer="ones")])
m.compile("sgd", Scaled(3.0), metrics=[MaxError()])
x = np.array([[1.0, 2.0], [3.0, -1.0]], "float32")
y = np.array([[1.0], [0.0]], "float32")
h = m.fit(x, y, epochs=2, verbose=0)
print({k: [round(v, 4) for v in vals] for k, vals in sorted(h.history.items())})
print([w.path for w in m.weights], int(m.layers[0].count))
print(json.dumps(Scaled(3.0).get_config(), sort_keys=True), MaxError().get_config())
m.save(os.path.join(D, "custom.keras"))
back = keras.models.load_model(os.path.join(D, "custom.keras"))
print(type(back.loss).__name__, back.loss.factor, [type(x).__name__ for x in back.metrics])
print(np.allclose(back.predict(x, verbose=0), m.predict(x, verbose=0)), int(back.layers[0].count))
r = back.evaluate(x, y, verbose=0, return_dict=True)
print({k: round(float(v), 4) for k, v in sorted(r.items())})
tryp("unregistered", lambda: keras.saving.serialize_keras_object(
    type("Anon", (layers.Layer,), {})()))
"""

SNIPPETS["checkpoint_manager_with_keras_model"] = _TRY + """
m = keras.Sequential([keras.Input((2,)), layers.Dense(2, kernel_initializer="ones")])
opt = keras.optimizers.Adam(0.1)
m.compile(opt, "mse")
x = np.ones((4, 2), "float32")
m.fit(x, x, epochs=1, verbose=0)
ckpt = tf.train.Checkpoint(model=m, optimizer=opt, step=tf.Variable(3))
mgr = tf.train.CheckpointManager(ckpt, os.path.join(D, "ck"), max_to_keep=2)
paths = [mgr.save() for _ in range(3)]
print([os.path.basename(p) for p in paths], [os.path.basename(p) for p in mgr.checkpoints])
print(os.path.basename(mgr.latest_checkpoint), sorted(os.listdir(os.path.join(D, "ck"))))
names = sorted(n for n, _ in tf.train.list_variables(mgr.latest_checkpoint))
print(names)
m2 = keras.Sequential([keras.Input((2,)), layers.Dense(2)])
opt2 = keras.optimizers.Adam(0.1)
m2.compile(opt2, "mse")
status = tf.train.Checkpoint(model=m2, optimizer=opt2, step=tf.Variable(0)).restore(
    mgr.latest_checkpoint)
tryp("consumed", lambda: status.assert_existing_objects_matched() and "ok")
print(np.allclose(m2.get_weights()[0], m.get_weights()[0]), int(opt2.iterations))
"""

SNIPPETS["recurrent_states_and_cell_errors"] = _TRY + """
L = layers
x = np.arange(24, dtype="float32").reshape(2, 4, 3) / 10
def shapes(label, fn):
    try:
        r = fn()
        print(label, [tuple(np.shape(v)) for v in r] if isinstance(r, (list, tuple))
              else tuple(np.shape(r)))
    except Exception as e:
        print(label, type(e).__name__, str(e))
shapes("lstm_state", lambda: L.LSTM(2, return_state=True, return_sequences=True)(x))
st = L.GRU(2, stateful=True)
shapes("stateful", lambda: st(x))
shapes("stateful_other_batch", lambda: st(x[:1]))
shapes("init_state", lambda: L.SimpleRNN(2)(x, initial_state=[np.zeros((2, 2), "float32")]))
for layer in [L.SimpleRNN(2), L.LSTM(2), L.GRU(2), L.RNN(L.SimpleRNNCell(2))]:
    n = 2 if isinstance(layer, L.LSTM) else 1
    shapes(type(layer).__name__ + " bad_state",
           lambda: layer(x, initial_state=[np.zeros((2, 3), "float32")] * n))
shapes("bidir_states", lambda: L.Bidirectional(L.LSTM(2, return_state=True))(x))
shapes("stack", lambda: L.RNN([L.LSTMCell(2), L.GRUCell(3)], return_state=True)(x))
i = keras.Input((None, 3))
o, h, c = L.LSTM(2, return_state=True)(i)
m = keras.Model(i, [o, h, c])
shapes("model_states", lambda: m.predict(x, verbose=0))
m.summary()
"""

SNIPPETS["model_of_one_output_in_a_list"] = _TRY + """
L = layers
def kind(label, fn):
    try:
        r = fn()
        if isinstance(r, (list, tuple, dict)):
            print(label, type(r).__name__, [tuple(v.shape) for v in r])
        else:
            print(label, type(r).__name__, tuple(r.shape))
    except Exception as e:
        print(label, type(e).__name__, str(e).splitlines()[0][:200])
i = keras.Input((3,))
one = keras.Model(i, [L.Dense(2)(i)])
x = np.ones((4, 3), "float32")
kind("call", lambda: one(x))
kind("call_tuple_model", lambda: keras.Model(i, (L.Dense(2)(i),))(x))
kind("symbolic", lambda: one(keras.Input((3,))))
kind("predict", lambda: one.predict(x, verbose=0))
print(one.compute_output_shape((5, 3)), one.output_shape, [t.shape for t in one.outputs])
one.compile("sgd", ["mse"], metrics=[["mae"]])
print(sorted(one.fit(x, np.ones((4, 2)), verbose=0).history))
print(len(one.fit(x, [np.ones((4, 2))], verbose=0).history["loss"]))
print([round(float(v), 4) for v in one.evaluate(x, np.ones((4, 2)), verbose=0)])
j = keras.Input((3,))
kind("nested_times_two", lambda: keras.Model(j, one(j) * 2)(x))
kind("list_input_call", lambda: keras.Model([i], [L.Dense(2)(i)])([x]))
d = keras.Model(i, {"a": L.Dense(2)(i)})
kind("dict_call", lambda: d(x))
print(d.compute_output_shape((5, 3)))
"""
