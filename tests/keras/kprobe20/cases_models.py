"""kprobe20's snippets on models: keras.Input's batch_size, sparse and ragged flags,
summaries of nested models with expand_nested and show_trainable, add_weight with a
regularizer and a constraint and the losses they collect, activity regularizers' losses
after a call, get_config/from_config and to_json round trips, a subclassed model with
get_config saved to .keras and loaded back, regularizers' and initializers' reprs and
configs (see cases.py)."""

from tests.keras.kprobe20.prelude import _TRY

SNIPPETS = {}

SNIPPETS["input_flags"] = _TRY + """
a = keras.Input((3,), batch_size=4, name="a")
print(a.shape, a.dtype, a.name, a.sparse, a.ragged)
s = keras.Input((5,), sparse=True, name="s")
print(s.shape, s.sparse, s.ragged)
tryp("ragged", lambda: keras.Input((None,), ragged=True))
b = keras.Input(batch_shape=(2, 3), dtype="int32")
print(b.shape, b.dtype)
tryp("both", lambda: keras.Input((3,), batch_shape=(2, 3)))
tryp("neither", lambda: keras.Input())
m = keras.Model(a, layers.Dense(2)(a))
print(m.input_shape, m.output_shape, [l.batch_shape for l in m.layers[:1]])
print(sorted(m.layers[0].get_config().items()))
ms = keras.Model(s, layers.Dense(1)(s))
_tf = tf
st = _tf.sparse.from_dense(np.eye(2, 5, dtype="float32"))
print(tuple(ms(st).shape))
"""

SNIPPETS["summary_nested_expand"] = _TRY + """
inner = keras.Sequential([keras.Input((4,)), layers.Dense(3, name="i1"),
                          layers.BatchNormalization(name="bn")], name="inner")
mid_in = keras.Input((4,))
mid = keras.Model(mid_in, layers.Dense(2, name="m1")(inner(mid_in)), name="mid")
i = keras.Input((4,), name="x")
o = layers.Dense(1, name="top")(mid(i))
m = keras.Model(i, o, name="outer")
inner.layers[0].trainable = False
m.summary(expand_nested=True)
m.summary(expand_nested=True, show_trainable=True)
m.summary(line_length=60, positions=[0.4, 0.7, 1.0])
"""

SNIPPETS["add_weight_reg_constraint"] = _TRY + """
class L(layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], 2), initializer="ones", name="w",
                                 regularizer=keras.regularizers.L2(0.1),
                                 constraint=keras.constraints.MaxNorm(1.0))
        self.b = self.add_weight(shape=(2,), initializer="zeros", trainable=False, name="b")
    def call(self, x):
        return tf.matmul(x, self.w) + self.b
l = L()
y = l(X)
print(r4(l.losses), [w.name for w in l.weights], [w.trainable for w in l.weights])
print(l.w.constraint.__class__.__name__, l.w.regularizer is None)
m = keras.Sequential([keras.Input((3,)), l])
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
h = m.fit(X, Y, epochs=2, batch_size=8, verbose=0)
print(logs4(h), r4(l.w), r4(np.linalg.norm(np.asarray(l.w), axis=0)))
print(r4(m.losses))
"""

SNIPPETS["activity_regularizer_losses"] = _TRY + """
d = layers.Dense(2, activity_regularizer=keras.regularizers.L1(0.01),
                 kernel_regularizer="l2")
print(d.losses)
y = d(X)
fill(d)
y = d(X)
print(r4(d.losses), len(d.losses))
m = keras.Sequential([keras.Input((3,)), d, layers.Dense(1)])
m(X)
print(len(m.losses), r4(m.losses))
m.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse")
print(r4(m.evaluate(X, Y, verbose=0)))
class A(layers.Layer):
    def call(self, x):
        self.add_loss(tf.reduce_sum(x) * 0.1)
        return x
a = A()
a(X)
a(X[:2])
print(r4(a.losses))
"""

SNIPPETS["config_round_trips"] = _TRY + """
i = keras.Input((3,), name="in")
x = layers.Dense(4, activation="relu", kernel_regularizer=keras.regularizers.L1L2(0.01, 0.02),
                 name="h")(i)
x = layers.Dropout(0.2, name="drop")(x)
o = layers.Dense(1, name="o")(x)
m = keras.Model(i, o, name="fn")
fill(m)
cfg = m.get_config()
print(sorted(cfg), cfg["name"], [l["class_name"] for l in cfg["layers"]])
print(cfg["layers"][1]["inbound_nodes"])
m2 = keras.Model.from_config(cfg)
m2.set_weights(m.get_weights())
print(r4(m2.predict(X[:2], verbose=0)) == r4(m.predict(X[:2], verbose=0)), m2.name)
j = m.to_json()
m3 = keras.models.model_from_json(j)
print(type(j).__name__, sorted(json.loads(j)), m3.layers[1].kernel_regularizer.get_config())
s = keras.Sequential([keras.Input((3,)), layers.Dense(2)], name="seq")
sc = s.get_config()
print(sorted(sc), [l["class_name"] for l in sc["layers"]], sc["build_input_shape"])
print(keras.Sequential.from_config(sc).name)
"""

SNIPPETS["subclassed_keras_round_trip"] = _TRY + """
@keras.saving.register_keras_serializable(package="k20")
class Block(keras.Model):
    def __init__(self, units=2, **kw):
        super().__init__(**kw)
        self.units = units
        self.d = layers.Dense(units)
        self.o = layers.Dense(1)
    def call(self, x):
        return self.o(tf.nn.relu(self.d(x)))
    def get_config(self):
        return {**super().get_config(), "units": self.units}
m = Block(3, name="blk")
m(X[:1])
fill(m)
m.compile(optimizer="adam", loss="mse")
p = os.path.join(D, "b.keras")
m.save(p)
n = keras.saving.load_model(p)
print(type(n).__name__, n.name, n.units, r4(n.predict(X[:2], verbose=0)))
print(r4(m.predict(X[:2], verbose=0)) == r4(n.predict(X[:2], verbose=0)))
print(n.optimizer.__class__.__name__, n.loss)
print(sorted(m.get_config().items()))
print(keras.saving.get_registered_name(Block))
keras.saving.save_model(m, os.path.join(D, "c.keras"))
print(sorted(os.listdir(D)))
"""

SNIPPETS["regularizer_initializer_reprs"] = _TRY + """
for r in [keras.regularizers.L1(0.1), keras.regularizers.L2(), keras.regularizers.L1L2(l2=0.3),
          keras.regularizers.OrthogonalRegularizer(0.2, mode="columns")]:
    print(type(r).__name__, r.get_config())
tryp("l1_l2", lambda: keras.regularizers.get("l1_l2"))
print(keras.regularizers.get("l1l2").get_config())
print(r4(keras.regularizers.L1L2(0.1, 0.2)(np.array([1.0, -2.0], "float32"))))
for init in [keras.initializers.HeNormal(seed=1), keras.initializers.GlorotUniform(),
             keras.initializers.Constant(0.5), keras.initializers.VarianceScaling(2.0, "fan_out"),
             keras.initializers.Orthogonal(gain=2.0),
             keras.initializers.TruncatedNormal(stddev=0.1)]:
    print(type(init).__name__, sorted(init.get_config().items()))
print(r4(keras.initializers.Constant(0.5)((2,))), r4(keras.initializers.Identity()((2, 3))))
print(type(keras.initializers.get("he_uniform")).__name__)
tryp("bad", lambda: keras.initializers.get("nope"))
tryp("bad_reg", lambda: keras.regularizers.get("nope"))
print(sorted(keras.constraints.MinMaxNorm(0.5, 2.0).get_config().items()))
"""

SNIPPETS["model_weights_and_layers_api"] = _TRY + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="a"),
                      layers.BatchNormalization(name="bn"), layers.Dense(1, name="b")], name="s")
print([w.path for w in m.weights])
print([w.path for w in m.trainable_weights], [w.path for w in m.non_trainable_weights])
print(m.count_params(), m.get_layer(index=1).name, m.get_layer("b").name)
print([type(v).__name__ for v in m.variables][:2], len(m.trainable_variables))
print(m.layers[1].input.shape, m.layers[1].output.shape)
print([n for n, _ in sorted((w.path, 0) for w in m.layers[1].weights)])
tryp("no_layer", lambda: m.get_layer("zzz"))
"""

SNIPPETS["multi_output_losses_metrics"] = _TRY + """
i = keras.Input((3,), name="x")
a = layers.Dense(1, name="reg")(i)
b = layers.Dense(2, activation="softmax", name="cls")(i)
m = keras.Model(i, {"reg": a, "cls": b})
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.1),
          loss={"reg": "mse", "cls": "sparse_categorical_crossentropy"},
          loss_weights={"reg": 1.0, "cls": 0.5}, metrics={"cls": ["accuracy"], "reg": ["mae"]})
yc = (X[:, 0] > 0).astype("int32")
h = m.fit(X, {"reg": Y, "cls": yc}, epochs=2, batch_size=4, verbose=0)
print(logs4(h))
print(r4(m.evaluate(X, {"reg": Y, "cls": yc}, verbose=0, return_dict=True)))
print(r4(m.evaluate(X, {"reg": Y, "cls": yc}, verbose=0)))
print([x.name for x in m.metrics])
"""

SNIPPETS["compile_metrics_objects"] = _TRY + """
m = dense_model(metrics=[keras.metrics.RootMeanSquaredError(name="rmse"),
                         keras.metrics.MeanAbsolutePercentageError(),
                         keras.metrics.CosineSimilarity(axis=0)])
print(r4(m.evaluate(X, Y, verbose=0, return_dict=True)))
m.fit(X, Y, epochs=1, batch_size=4, verbose=0)
print([x.name for x in m.metrics], [type(x).__name__ for x in m.metrics])
print(r4(m.get_metrics_result()))
m.reset_metrics()
print(r4(m.get_metrics_result()))
print(m.compiled_loss is None, m.loss, m.compiled_metrics is None)
"""

SNIPPETS["functional_shared_layers"] = _TRY + """
shared = layers.Dense(2, name="shared")
a = keras.Input((3,), name="a")
b = keras.Input((3,), name="b")
o = layers.Add(name="add")([shared(a), shared(b)])
m = keras.Model([a, b], o)
fill(m)
print(r4(m.predict([X[:2], X[2:4]], verbose=0)))
print(len(shared._inbound_nodes), [t.name for t in m.inputs])
tryp("output_ambiguous", lambda: shared.output)
print(shared.get_output_at(0).shape if hasattr(shared, "get_output_at") else "no get_output_at")
m.summary()
"""
