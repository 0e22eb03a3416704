"""Snippets found by running TF tutorials' Keras programs side by side with TF 2.21
(stream kprobe): each prints what a user relies on, and golden.json holds what real
TF 2.21 + Keras 3 printed (record_golden.py); test_kprobe.py runs them on eagerflow."""

SNIPPETS = {}

SNIPPETS["normalization_mean_variance"] = """
def show(layer):
    m = layer.mean
    print(None if m is None else (tuple(m.shape), m.dtype.name, np.round(m.numpy(), 4).tolist(),
                                  np.round(layer.variance.numpy(), 3).tolist()))
rng = np.random.default_rng(1)
fee = rng.normal(50, 20, size=48).astype("float32")
table = rng.normal(3, 2, size=(40, 3)).astype("float32")
n = keras.layers.Normalization(axis=None)
show(n)
n.adapt(tf.data.Dataset.from_tensor_slices(fee).batch(12))   # a dataset of vectors: batched by 128
show(n); print(n.get_build_config(), [w.name for w in n.weights])
n = keras.layers.Normalization(); n.adapt(table); show(n)        # an array: NumPy's float64 stats
n = keras.layers.Normalization(); n.adapt(tf.constant(table)); show(n)
n = keras.layers.Normalization()
n.adapt(tf.data.Dataset.from_tensor_slices(table).batch(7))
show(n)
n = keras.layers.Normalization(); n.adapt([table[:10], table[10:]]); show(n)
n = keras.layers.Normalization(axis=(1, 2)); n.adapt(rng.normal(size=(6, 2, 3))); show(n)
n = keras.layers.Normalization(mean=[1.0, 2.0, 3.0], variance=[4.0, 4.0, 4.0]); show(n)
print(n(table[:2]).numpy().round(4).tolist()); show(n)
n = keras.layers.Normalization(axis=(1, 2), mean=[1.0, 2.0], variance=[1.0, 4.0])
n.build((None, 3, 2))
show(n)
n = keras.layers.Normalization(); print(np.round(n(table[:1]).numpy(), 4).tolist()); show(n)
n = keras.layers.Normalization(invert=True)
n.adapt(table)
print(np.round(n(np.zeros((1, 3), "float32")).numpy(), 4).tolist())
# Keras takes mean/variance from the weights when adapted or loaded, not on set_weights
n = keras.layers.Normalization(); n.adapt(table)
n.set_weights([np.zeros(3, "float32"), np.ones(3, "float32"), np.array(0)])
print(np.round(n(table[:1]).numpy(), 4).tolist())
for bad in (lambda: keras.layers.Normalization().adapt(iter([])),
            lambda: keras.layers.Normalization().adapt([1.0, 2.0]),
            lambda: keras.layers.Normalization().adapt("abc"),
            lambda: keras.layers.Normalization(mean=[1.0], variance=[1.0, 2.0]),
            lambda: keras.layers.Normalization(mean=[[1.0]], variance=[[1.0]]),
            lambda: keras.layers.Normalization(mean=1.0),
            lambda: keras.layers.Normalization(axis=2).build((None, 3)),
            lambda: keras.layers.Normalization(axis=1).build((None, None)),
            lambda: n.adapt(np.ones((2, 4)))):
    try:
        bad()
        print("no error")
    except Exception as e:
        print(type(e).__name__, e)
n = keras.layers.Normalization(); n.adapt(table)
try:
    n.adapt(np.ones((2, 4), "float32"))
except ValueError as e:
    print("ValueError", e)
try:
    n.adapt(tf.data.Dataset.from_tensor_slices(np.ones((4, 4), "float32")).batch(2))
except ValueError as e:
    print("ValueError", e)
"""

SNIPPETS["normalization_in_saved_model"] = """
import os, tempfile
rng = np.random.default_rng(2)
x = rng.normal(10, 3, size=(32, 2)).astype("float32")
norm = keras.layers.Normalization(); norm.adapt(x)
dense = keras.layers.Dense(1, kernel_initializer="ones")
model = keras.Sequential([keras.Input((2,)), norm, dense])
path = os.path.join(tempfile.mkdtemp(), "m.keras")
model.save(path)
back = keras.models.load_model(path)
print(np.round(back.layers[0].mean.numpy(), 4).tolist(),
      np.round(back.predict(x[:2], verbose=0), 4).tolist())
model.save_weights(path.replace(".keras", ".weights.h5"))
fresh = keras.Sequential([keras.Input((2,)), keras.layers.Normalization(),
                         keras.layers.Dense(1)])
fresh.load_weights(path.replace(".keras", ".weights.h5"))
print(np.round(fresh.layers[0].mean.numpy(), 4).tolist(),
      np.round(fresh.predict(x[:2], verbose=0), 4).tolist())
"""

SNIPPETS["merge_layers_promote_dtypes"] = """
# a float32 and an int64 input merge as keras.ops promotes them (StringLookup's one_hot
# output is int64 when called, float32 in a functional model's symbolic graph)
a = tf.constant([[1.5, 2.0]])
b = tf.constant([[3, 4]], dtype=tf.int64)
c = tf.constant([[1, 2]], dtype=tf.int32)
for name in ["Add", "Subtract", "Multiply", "Average", "Maximum", "Minimum", "Concatenate", "Dot"]:
    for pair in [(a, b), (b, c), (c, a)]:
        out = getattr(keras.layers, name)(**({"axes": 1} if name == "Dot" else {}))(list(pair))
        print(name, out.dtype.name, out.numpy().tolist())
i1, i2 = keras.Input((2,)), keras.Input((2,), dtype="int64")
for name in ["Add", "Concatenate", "Maximum", "Multiply"]:
    out = getattr(keras.layers, name)()([i1, i2])
    print(name, out.dtype, out.shape)
breed = keras.Input((1,), dtype="string")
fee = keras.Input((1,))
lookup = keras.layers.StringLookup(vocabulary=["lab", "pug"], output_mode="one_hot")
print(lookup(tf.constant(["pug", "cat"])).dtype.name)
joined = keras.layers.concatenate([fee, lookup(breed)])
model = keras.Model([fee, breed], keras.layers.Dense(1, kernel_initializer="ones")(joined))
pred = model.predict([tf.constant([[2.0], [3.0]]), tf.constant([["pug"], ["x"]])], verbose=0)
print(joined.dtype, pred.tolist())
"""
