"""kprobe20's snippets on the guides' training patterns: transfer learning with a frozen
base called in inference mode then fine-tuned, a custom loop with optimizer.apply under
tf.function, fit on a dataset of (x, y, sample_weight), dict inputs from a dataset named
after the Input layers, and a subclassed model's build and summary (see cases.py)."""

from tests.keras.kprobe20.prelude import _TRY

SNIPPETS = {}

SNIPPETS["transfer_learning_frozen_base"] = _TRY + """
base = keras.Sequential([keras.Input((3,)), layers.Dense(4, name="feat"),
                         layers.BatchNormalization(name="bn")], name="base")
fill(base)
base.trainable = False
i = keras.Input((3,))
x = base(i, training=False)
o = layers.Dense(1, name="head")(x)
m = keras.Model(i, o)
fill(m.get_layer("head"))
m.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
bn_before = r4(base.get_layer("bn").moving_mean)
h = m.fit(X, Y, epochs=2, batch_size=4, verbose=0)
print(logs4(h), r4(base.get_layer("bn").moving_mean) == bn_before)
print(len(m.trainable_weights), len(m.non_trainable_weights))
base.trainable = True
m.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse")
h = m.fit(X, Y, epochs=1, batch_size=4, verbose=0)
print(logs4(h), r4(base.get_layer("bn").moving_mean) == bn_before, len(m.trainable_weights))
m.summary(show_trainable=True)
"""

SNIPPETS["custom_loop_optimizer_apply"] = _TRY + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(2, activation="tanh"), layers.Dense(1)])
fill(m)
opt = keras.optimizers.Adam(0.05)
loss_fn = keras.losses.MeanSquaredError()
metric = keras.metrics.MeanAbsoluteError()
@tf.function
def step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, m(x, training=True))
    grads = tape.gradient(loss, m.trainable_variables)
    opt.apply(grads, m.trainable_variables)
    metric.update_state(y, m(x))
    return loss
ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4)
for epoch in range(2):
    losses = [float(step(x, y)) for x, y in ds]
    print(epoch, [round(v, 4) for v in losses], round(float(metric.result()), 4))
    metric.reset_state()
print(int(opt.iterations), [v.path for v in opt.variables][:4])
"""

SNIPPETS["fit_dataset_with_sample_weights"] = _TRY + """
w = np.array([1, 2, 0, 1, 1, 0, 2, 1], "float32")
ds = tf.data.Dataset.from_tensor_slices((X, Y, w)).batch(4)
m = dense_model(metrics=["mae"], weighted_metrics=["mae"])
h = m.fit(ds, epochs=2, verbose=0)
print(logs4(h))
print(r4(m.evaluate(ds, verbose=0, return_dict=True)))
print(r4(m.evaluate(ds.repeat(), steps=1, verbose=0, return_dict=True)))
print(logs4(m.fit(ds.repeat(), epochs=1, steps_per_epoch=3, verbose=0)))
"""

SNIPPETS["dict_inputs_from_dataset"] = _TRY + """
a = keras.Input((2,), name="num")
b = keras.Input((1,), name="cat", dtype="int32")
e = layers.Flatten()(layers.Embedding(3, 2, name="emb")(b))
o = layers.Dense(1, name="out")(layers.Concatenate()([a, e]))
m = keras.Model({"num": a, "cat": b}, o)
fill(m)
m.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
feats = {"num": X[:, :2], "cat": np.array([[0], [1], [2], [0], [1], [2], [0], [1]], "int32")}
ds = tf.data.Dataset.from_tensor_slices((feats, Y)).batch(4)
h = m.fit(ds, epochs=2, verbose=0)
print(logs4(h))
print(r4(m.predict({"cat": feats["cat"][:2], "num": feats["num"][:2]}, verbose=0)))
print([t.name for t in m.inputs], m.input_names if hasattr(m, "input_names") else None)
tryp("missing_key", lambda: m.predict({"num": feats["num"]}, verbose=0))
"""

SNIPPETS["subclassed_build_summary"] = _TRY + """
class Net(keras.Model):
    def __init__(self):
        super().__init__(name="net")
        self.a = layers.Dense(4, name="a")
        self.b = layers.Dense(2, name="b")
    def build(self, input_shape):
        self.a.build(input_shape)
        self.b.build((input_shape[0], 4))
        self.scale = self.add_weight(shape=(), initializer="ones", name="scale")
        super().build(input_shape)
    def call(self, x):
        return self.b(self.a(x)) * self.scale
    def compute_output_shape(self, input_shape):
        return (input_shape[0], 2)
n = Net()
print(n.built)
n.summary()
n.build((None, 3))
print(n.built, [w.path for w in n.weights])
n.summary()
print(n.compute_output_shape((5, 3)), tuple(n(X[:2]).shape))
fill(n)
print(r4(n(X[:2])))
"""
